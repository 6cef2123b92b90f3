//! IP and socket addresses, in serde's forms: text in JSON (serde's human-readable form,
//! what `Display` writes), and in MessagePack what rmp-serde writes (serde's compact form
//! for formats that are not human-readable: octets and enums).
//!
//! | type | JSON | MessagePack (written) |
//! |---|---|---|
//! | `Ipv4Addr` | `"192.168.0.1"` | `[192, 168, 0, 1]`, an array of 4 integers |
//! | `Ipv6Addr` | `"::1"` (RFC 5952, as `Display`) | an array of 16 integers |
//! | `IpAddr` | the address's string | `{"V4": [..]}` or `{"V6": [..]}` |
//! | `SocketAddrV4` | `"1.2.3.4:80"` | `[[1, 2, 3, 4], 80]` |
//! | `SocketAddrV6` | `"[::1]:80"`, `"[fe80::1%3]:80"` | `[[..16..], 80]` |
//! | `SocketAddr` | the address's string | `{"V4": [..]}` or `{"V6": [..]}` |
//!
//! In MessagePack each type also reads the string of its JSON form, and octets as a bin
//! of the right length (rmp-serde writes those under its `BytesMode` options), so a
//! producer in another language can send strings. As map keys these types are their
//! string in both formats: JSON keys are strings, and a MessagePack array or map key is
//! one that many readers reject (Python's `msgpack` refuses non-string keys by default);
//! a key in rmp-serde's form (an array, or a one-key map) is read too.
//!
//! Two losses, both serde's: a `SocketAddrV6` keeps neither its `flowinfo` (in any form)
//! nor, in MessagePack, its `scope_id`; they decode as 0.
//!
//! Text is parsed from the string as it stands in the input (or, when it has escapes, from
//! the reader's scratch buffer): nothing is allocated. IPv4 addresses (also as an
//! `IpAddr`) go through a strict parser of their own, which accepts exactly what std's
//! `FromStr` accepts (four decimal octets, no leading zeros) in one pass, where std's is a
//! general parser shared with IPv6 and socket addresses (measured: a JSON array of 100,000
//! random addresses decoded in 2.37 ms, against 2.79 ms through `FromStr`; serde_json took
//! 3.3 ms). Everything else goes through std's `FromStr`. A string that is not an address
//! is an [`InvalidValue`](crate::ErrorKind::InvalidValue) error at the string, quoting it.
//!
//! These types live in `core::net`: this file needs no `std`.
//!
//! ```
//! use core::net::{IpAddr, Ipv4Addr, SocketAddr};
//! let ip = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1));
//! assert_eq!(codec::json::to_string(&ip)?, r#""10.0.0.1""#);
//! let sock: SocketAddr = codec::json::from_str(r#""[::1]:8080""#)?;
//! assert_eq!(sock.port(), 8080);
//! let err = codec::json::from_str::<Ipv4Addr>(r#" "1.2.3.256""#).unwrap_err();
//! assert_eq!(err.to_string(), r#"invalid value: expected an IPv4 address, found "1.2.3.256" (line 1, column 2)"#);
//! # #[cfg(feature = "msgpack")] {
//! assert_eq!(codec::msgpack::to_vec(&ip)?, b"\x81\xa2V4\x94\x0a\x00\x00\x01");
//! assert_eq!(codec::msgpack::from_slice::<IpAddr>(b"\xa810.0.0.1")?, ip);
//! # }
//! # Ok::<(), codec::Error>(())
//! ```

use alloc::borrow::Cow;
#[allow(unused_imports)]
use alloc::borrow::ToOwned;
#[allow(unused_imports)]
use alloc::string::{String, ToString};
use core::fmt::Display;
use core::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use core::str::FromStr;

use super::string_form::{self, string_impls, FromText, StackText, ToText};
use crate::error::{Error, ErrorKind, Result};
use crate::reader::ValueKind;
use crate::{Decode, DecodeKey, Reader, Writer};

/// An address's text: `[` + 39 + `%` + 10 + `]:` + 5 = 58 bytes at most.
type Buf = StackText<64>;

/// An IPv4 address's dotted quad, as `Display` writes it, without the formatting
/// machinery (`Display` checks for width and precision, then writes each octet through
/// `fmt`).
#[inline]
fn push_v4(buf: &mut Buf, ip: &Ipv4Addr) {
    for (i, &octet) in ip.octets().iter().enumerate() {
        if i > 0 {
            buf.push(b'.');
        }
        if octet >= 100 {
            buf.push(b'0' + octet / 100);
        }
        if octet >= 10 {
            buf.push(b'0' + octet / 10 % 10);
        }
        buf.push(b'0' + octet % 10);
    }
}

#[cold]
#[inline(never)]
fn format_failed() -> Error {
    Error::without_position(ErrorKind::InvalidValue(Cow::Borrowed("an address did not fit its text buffer")))
}

/// A string that is not an address of the kind `what`, at `at`, quoted (its first 64
/// characters) in the message.
#[cold]
#[inline(never)]
fn not_an_address(what: &'static str, text: &str, at: usize) -> Error {
    let shown: String = text.chars().take(64).collect();
    let more = if shown.len() < text.len() { "..." } else { "" };
    Error::new(ErrorKind::InvalidValue(Cow::Owned(format!("expected {what}, found {shown:?}{more}"))), at)
}

/// The dotted quad `text`, exactly as std's `Ipv4Addr::from_str` accepts it: four decimal
/// octets of one to three digits, none above 255 and none with a leading zero (`01`
/// could be read as octal), separated by dots, and nothing else.
#[inline]
fn parse_v4(text: &[u8]) -> Option<Ipv4Addr> {
    let mut octets = [0u8; 4];
    let mut i = 0;
    for (n, octet) in octets.iter_mut().enumerate() {
        if n > 0 {
            if text.get(i) != Some(&b'.') {
                return None;
            }
            i += 1;
        }
        let start = i;
        let mut value = 0u32;
        while let Some(&d) = text.get(i) {
            if !d.is_ascii_digit() || i - start == 3 {
                break;
            }
            value = value * 10 + u32::from(d - b'0');
            i += 1;
        }
        let digits = i - start;
        if digits == 0 || (digits > 1 && text.get(start) == Some(&b'0')) || value > 255 {
            return None;
        }
        *octet = value as u8;
    }
    (i == text.len()).then_some(Ipv4Addr::from(octets))
}

#[inline]
fn encode_octets<W: Writer>(w: &mut W, octets: &[u8]) -> Result<()> {
    w.begin_array(octets.len())?;
    for (i, &octet) in octets.iter().enumerate() {
        w.array_element(i);
        w.write_u64(u64::from(octet));
    }
    w.end_array();
    Ok(())
}

const VARIANTS: &[&str] = &["V4", "V6"];

/// serde's compact form of an enum of two addresses: a map of one key, `V4` or `V6`,
/// whose value `v4` or `v6` reads. A map of any other size is an error at its start.
#[inline]
fn decode_variant<'de, R: Reader<'de>, T>(
    r: &mut R,
    what: &'static str,
    v4: impl FnOnce(&mut R) -> Result<T>,
    v6: impl FnOnce(&mut R) -> Result<T>,
) -> Result<T> {
    let at = r.value_start();
    let mut members = r.begin_members()?;
    if !r.first_member(&mut members)? {
        return Err(not_one_key(what, at));
    }
    let key = r.read_key()?;
    let value = match r.key_bytes(key)? {
        b"V4" => v4(r).map_err(|e| e.in_field("V4"))?,
        b"V6" => v6(r).map_err(|e| e.in_field("V6"))?,
        _ => return Err(crate::__private::any::unknown_variant(r, key, VARIANTS)),
    };
    if r.next_member(&mut members)? {
        return Err(not_one_key(what, at));
    }
    r.end_members(members);
    Ok(value)
}

#[cold]
#[inline(never)]
fn not_one_key(what: &'static str, at: usize) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Owned(format!("expected {what}: a map with one key, V4 or V6"))), at)
}

/// What the six address types share: a text form (JSON, keys), printed on the stack.
trait Address: Display + FromStr + FromText {
    /// The type in words, for messages: "an IPv4 address".
    const WHAT: &'static str;

    /// The address `text` holds, if it holds one.
    #[inline]
    fn parse_text(text: &str) -> Option<Self> {
        text.parse().ok()
    }

    /// The text `Display` writes.
    #[inline]
    fn text(&self) -> Result<Buf> {
        Buf::display(self).ok_or_else(format_failed)
    }
}

/// The compact form of each type (serde's, for formats that are not
/// [human-readable](Writer::HUMAN_READABLE)), written over any writer.
trait EncodeCompact {
    fn encode_compact<W: Writer>(&self, w: &mut W) -> Result<()>;
}

/// The compact form read back (where the format is not human-readable), and the kinds
/// of value it starts with.
trait Compact: Sized {
    const KINDS: &'static [ValueKind];

    fn decode_compact<'de, R: Reader<'de>>(r: &mut R) -> Result<Self>;
}

impl Address for Ipv4Addr {
    const WHAT: &'static str = "an IPv4 address";

    #[inline]
    fn parse_text(text: &str) -> Option<Self> {
        parse_v4(text.as_bytes())
    }

    #[inline]
    fn text(&self) -> Result<Buf> {
        let mut buf = Buf::new();
        push_v4(&mut buf, self);
        Ok(buf)
    }
}

impl Address for Ipv6Addr {
    const WHAT: &'static str = "an IPv6 address";
}

impl Address for IpAddr {
    const WHAT: &'static str = "an IP address";

    #[inline]
    fn parse_text(text: &str) -> Option<Self> {
        match parse_v4(text.as_bytes()) {
            Some(v4) => Some(IpAddr::V4(v4)),
            // Not a dotted quad, so std's parser (which tries one first) goes to IPv6.
            None => text.parse().ok(),
        }
    }

    #[inline]
    fn text(&self) -> Result<Buf> {
        match self {
            IpAddr::V4(ip) => ip.text(),
            IpAddr::V6(ip) => ip.text(),
        }
    }
}

impl Address for SocketAddrV4 {
    const WHAT: &'static str = "an IPv4 socket address";

    #[inline]
    fn text(&self) -> Result<Buf> {
        let mut buf = Buf::new();
        push_v4(&mut buf, self.ip());
        buf.push(b':');
        buf.push_int(self.port());
        Ok(buf)
    }
}

impl Address for SocketAddrV6 {
    const WHAT: &'static str = "an IPv6 socket address";
}

impl Address for SocketAddr {
    const WHAT: &'static str = "a socket address";

    #[inline]
    fn text(&self) -> Result<Buf> {
        match self {
            SocketAddr::V4(a) => a.text(),
            SocketAddr::V6(a) => a.text(),
        }
    }
}

/// The [`EncodeCompact`] and [`Compact`] impls, by kind of address.
macro_rules! compact_impls {
    // Octets: an array of `$n` integers (also read from a bin).
    ($($ty:ident: octets $n:literal;)*) => {$(
        impl EncodeCompact for $ty {
            #[inline]
            fn encode_compact<W: Writer>(&self, w: &mut W) -> Result<()> {
                encode_octets(w, &self.octets())
            }
        }

        impl Compact for $ty {
            const KINDS: &'static [ValueKind] = &[ValueKind::Array, ValueKind::Bytes];

            #[inline]
            fn decode_compact<'de, R: Reader<'de>>(r: &mut R) -> Result<Self> {
                // An array of `$n` integers (rmp-serde's default), or a bin of `$n` bytes.
                r.read_byte_array::<$n>().map($ty::from)
            }
        }
    )*};
    // A socket address: the array `[ip, port]`, made back by `$new`.
    ($($ty:ident: socket |$ip:ident, $port:ident| $new:expr;)*) => {$(
        impl EncodeCompact for $ty {
            #[inline]
            fn encode_compact<W: Writer>(&self, w: &mut W) -> Result<()> {
                w.begin_array(2)?;
                w.array_element(0);
                self.ip().encode_compact(w)?;
                w.array_element(1);
                w.write_u64(u64::from(self.port()));
                w.end_array();
                Ok(())
            }
        }

        impl Compact for $ty {
            const KINDS: &'static [ValueKind] = &[ValueKind::Array];

            #[inline]
            fn decode_compact<'de, R: Reader<'de>>(r: &mut R) -> Result<Self> {
                let ($ip, $port) = <(_, u16)>::decode(r)?;
                Ok($new)
            }
        }
    )*};
    // An enum of a V4 and a V6 address: serde's map of one key, `V4` or `V6`.
    ($($ty:ident: either $v4:ident $v6:ident;)*) => {$(
        impl EncodeCompact for $ty {
            #[inline]
            fn encode_compact<W: Writer>(&self, w: &mut W) -> Result<()> {
                w.begin_map(1)?;
                w.map_key(0);
                match self {
                    $ty::V4(a) => {
                        w.write_escape_free_str(b"V4")?;
                        w.map_value();
                        a.encode_compact(w)?;
                    }
                    $ty::V6(a) => {
                        w.write_escape_free_str(b"V6")?;
                        w.map_value();
                        a.encode_compact(w)?;
                    }
                }
                w.end_map();
                Ok(())
            }
        }

        impl Compact for $ty {
            const KINDS: &'static [ValueKind] = &[ValueKind::Map];

            #[inline]
            fn decode_compact<'de, R: Reader<'de>>(r: &mut R) -> Result<Self> {
                decode_variant(r, Self::WHAT, |r| $v4::decode(r).map($ty::V4), |r| $v6::decode(r).map($ty::V6))
            }
        }
    )*};
}

compact_impls! {
    Ipv4Addr: octets 4;
    Ipv6Addr: octets 16;
}
compact_impls! {
    SocketAddrV4: socket |ip, port| SocketAddrV4::new(ip, port);
    SocketAddrV6: socket |ip, port| SocketAddrV6::new(ip, port, 0, 0);
}
compact_impls! {
    IpAddr: either Ipv4Addr Ipv6Addr;
    SocketAddr: either SocketAddrV4 SocketAddrV6;
}

macro_rules! address_impls {
    ($($ty:ident)*) => {$(
        impl ToText for $ty {
            #[inline]
            fn with_text(&self, write: impl FnOnce(&str) -> Result<()>) -> Result<()> {
                write(self.text()?.as_str())
            }

            /// No address's text holds a byte JSON escapes.
            #[inline]
            fn encode_text<W: Writer>(&self, w: &mut W) -> Result<()> {
                w.write_escape_free_str(self.text()?.as_bytes())
            }
        }

        impl FromText for $ty {
            type Text = str;
            const EXPECTED: Option<&'static str> = Some(Self::WHAT);

            #[inline]
            fn from_text(text: &str, at: usize) -> Result<Self> {
                Self::parse_text(text).ok_or_else(|| not_an_address(Self::WHAT, text, at))
            }
        }

        string_impls!(Encode for $ty, compact: |v, w| v.encode_compact(w));
        /// The string where the format is human-readable; otherwise the compact form,
        /// or the string too.
        impl<'de> Decode<'de> for $ty {
            #[inline]
            fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
                // A constant: the branch folds away.
                if R::HUMAN_READABLE {
                    return string_form::decode(r);
                }
                match r.peek_value_kind() {
                    Some(ValueKind::Str) => string_form::decode_str(r),
                    Some(kind) if <Self as Compact>::KINDS.contains(&kind) => Self::decode_compact(r),
                    _ => Err(r.invalid_type(Self::WHAT)),
                }
            }
        }
        string_impls!(EncodeKey for $ty);

        /// The string; where keys keep their type (MessagePack), a key that is not a
        /// string is read as the value form rmp-serde writes keys in, from the key's
        /// own bytes (`Reader::decode_key_as_value`).
        impl<'de> DecodeKey<'de> for $ty {
            #[inline]
            fn decode_key<R: Reader<'de>>(key: R::Key, r: &mut R) -> Result<Self> {
                // A constant first: the branch folds away in JSON.
                if R::TYPED_KEYS && !r.key_is_string(key) {
                    return r.decode_key_as_value::<Self>(key);
                }
                string_form::decode_key(key, r)
            }

        }
    )*};
}

address_impls!(Ipv4Addr Ipv6Addr IpAddr SocketAddrV4 SocketAddrV6 SocketAddr);
