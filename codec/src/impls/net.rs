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
//! use std::net::{IpAddr, Ipv4Addr, SocketAddr};
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
use alloc::string::String;
use core::fmt::{self, Display, Write as _};
use core::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use core::str::FromStr;

#[cfg(feature = "msgpack")]
use crate::__private::mp;
use crate::error::{Error, ErrorKind, Result};
use crate::json::{JsonReader, JsonWriter, Key};
#[cfg(feature = "msgpack")]
use crate::msgpack::{self, Kind, MsgpackReader, MsgpackWriter};
use crate::{Decode, DecodeKey, Encode, EncodeKey};

/// Room for the longest text of any address: `[` + 39 + `%` + 10 + `]:` + 5 = 58 bytes.
const TEXT_CAPACITY: usize = 64;

/// An address's text, formatted on the stack.
struct Text {
    buf: [u8; TEXT_CAPACITY],
    len: usize,
}

impl Text {
    #[inline(always)]
    fn new() -> Text {
        Text { buf: [0; TEXT_CAPACITY], len: 0 }
    }

    #[inline(always)]
    fn as_bytes(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or_default()
    }

    /// The text as a `str`: only `fmt::Write` and ASCII digits and dots ever fill the
    /// buffer, so this never fails; should it, the error is an encode error, not a panic.
    #[inline]
    #[cfg(feature = "msgpack")]
    fn as_str(&self) -> Result<&str> {
        core::str::from_utf8(self.as_bytes()).map_err(|_| format_failed())
    }

    /// An IPv4 address's dotted quad, as `Display` writes it, without the formatting
    /// machinery (`Display` checks for width and precision, then writes each octet
    /// through `fmt`).
    #[inline]
    fn push_v4(&mut self, ip: &Ipv4Addr) {
        for (i, &octet) in ip.octets().iter().enumerate() {
            if i > 0 {
                self.push(b'.');
            }
            if octet >= 100 {
                self.push(b'0' + octet / 100);
            }
            if octet >= 10 {
                self.push(b'0' + octet / 10 % 10);
            }
            self.push(b'0' + octet % 10);
        }
    }

    #[inline(always)]
    fn push(&mut self, b: u8) {
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = b;
            self.len += 1;
        }
    }

    /// Anything `Display` writes, into the buffer.
    #[inline]
    fn display(value: &impl Display) -> Result<Text> {
        let mut text = Text::new();
        write!(text, "{value}").map_err(|_| format_failed())?;
        Ok(text)
    }
}

impl fmt::Write for Text {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        self.buf.get_mut(self.len..end).ok_or(fmt::Error)?.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
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

#[inline]
fn parse<T: Address>(text: &str, what: &'static str, at: usize) -> Result<T> {
    T::parse_text(text).ok_or_else(|| not_an_address(what, text, at))
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

/// The address in the JSON string at the reader.
#[inline]
fn decode_json_text<'de, T: Address>(r: &mut JsonReader<'de>, what: &'static str) -> Result<T> {
    if r.peek() != Some(b'"') {
        return Err(r.invalid_type(what));
    }
    let token = r.read_string_token()?;
    let text = r.decode_string(token)?;
    parse(text.as_str(), what, token.offset())
}

/// The address in the MessagePack str at the reader.
#[inline]
#[cfg(feature = "msgpack")]
fn decode_msgpack_text<T: Address>(r: &mut MsgpackReader<'_>, what: &'static str) -> Result<T> {
    let at = r.position();
    parse(r.read_str()?, what, at)
}

/// `N` octets: an array of `N` integers (rmp-serde's default), or a bin of `N` bytes.
#[inline]
#[cfg(feature = "msgpack")]
fn decode_octets<const N: usize>(r: &mut MsgpackReader<'_>) -> Result<[u8; N]> {
    let at = r.position();
    if r.peek_kind() == Some(Kind::Bin) {
        let bytes = r.read_bin()?;
        return <[u8; N]>::try_from(bytes).map_err(|_| wrong_bin_len(N, bytes.len(), at));
    }
    mp::expect_len(r.read_array_len()?, N, at)?;
    let mut out = [0; N];
    for (i, octet) in out.iter_mut().enumerate() {
        *octet = u8::decode_msgpack(r).map_err(|e| e.in_index(i))?;
    }
    r.leave();
    Ok(out)
}

#[cold]
#[inline(never)]
#[cfg(feature = "msgpack")]
fn wrong_bin_len(expected: usize, found: usize, at: usize) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Owned(format!("expected {expected} bytes, found {found}"))), at)
}

#[inline]
#[cfg(feature = "msgpack")]
fn encode_octets(w: &mut MsgpackWriter, octets: &[u8]) -> Result<()> {
    w.write_array_len(octets.len())?;
    for &octet in octets {
        w.write_u64(u64::from(octet));
    }
    Ok(())
}

#[cfg(feature = "msgpack")]
const VARIANTS: &[&str] = &["V4", "V6"];

/// serde's compact form of an enum of two addresses: a map of one key, `V4` or `V6`,
/// whose value `v4` or `v6` reads.
#[inline]
#[cfg(feature = "msgpack")]
fn decode_variant<'de, T>(
    r: &mut MsgpackReader<'de>,
    what: &'static str,
    v4: impl FnOnce(&mut MsgpackReader<'de>) -> Result<T>,
    v6: impl FnOnce(&mut MsgpackReader<'de>) -> Result<T>,
) -> Result<T> {
    let at = r.position();
    if r.read_map_len()? != 1 {
        return Err(not_one_key(what, at));
    }
    let key = r.read_key()?;
    let value = match r.key_bytes(key)? {
        b"V4" => v4(r).map_err(|e| e.in_field("V4"))?,
        b"V6" => v6(r).map_err(|e| e.in_field("V6"))?,
        _ => return Err(mp::unknown_variant(r, key, VARIANTS)),
    };
    r.leave();
    Ok(value)
}

#[cold]
#[inline(never)]
#[cfg(feature = "msgpack")]
fn not_one_key(what: &'static str, at: usize) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Owned(format!("expected {what}: a map with one key, V4 or V6"))), at)
}

/// A MessagePack key: the address's string, or (as rmp-serde writes keys) its value form,
/// read from the key's own bytes with errors placed in the input.
#[inline]
#[cfg(feature = "msgpack")]
fn decode_msgpack_key<'de, T: Address + Decode<'de>>(
    key: msgpack::Key<'de>,
    r: &mut MsgpackReader<'de>,
    what: &'static str,
) -> Result<T> {
    let raw = r.key_raw(key);
    if raw.first().map(|&b| Kind::of(b)) == Some(Kind::Str) {
        return parse(r.key_str(key)?, what, key.offset());
    }
    T::decode_msgpack(&mut MsgpackReader::new(raw)).map_err(|e| key_error(e, key.offset()))
}

/// An error from decoding a key's bytes alone, moved to where they stand in the input.
#[cold]
#[inline(never)]
#[cfg(feature = "msgpack")]
fn key_error(e: Error, key_offset: usize) -> Error {
    Error::new(e.kind().clone(), key_offset + e.offset().unwrap_or(0))
}

/// What the six address types share: a text form (JSON, keys).
trait Address: FromStr {
    /// The type in words, for messages: "an IPv4 address".
    const WHAT: &'static str;

    /// The address `text` holds, if it holds one.
    #[inline]
    fn parse_text(text: &str) -> Option<Self> {
        text.parse().ok()
    }

    /// The text `Display` writes.
    fn text(&self) -> Result<Text>;
}

/// The compact MessagePack form of each type (serde's, for formats that are not
/// human-readable), and the kinds of value it starts with.
#[cfg(feature = "msgpack")]
trait Compact: Sized {
    const KINDS: &'static [Kind];

    fn encode_compact(&self, w: &mut MsgpackWriter) -> Result<()>;

    fn decode_compact(r: &mut MsgpackReader<'_>) -> Result<Self>;
}

impl Address for Ipv4Addr {
    const WHAT: &'static str = "an IPv4 address";

    #[inline]
    fn parse_text(text: &str) -> Option<Self> {
        parse_v4(text.as_bytes())
    }

    #[inline]
    fn text(&self) -> Result<Text> {
        let mut text = Text::new();
        text.push_v4(self);
        Ok(text)
    }
}

impl Address for Ipv6Addr {
    const WHAT: &'static str = "an IPv6 address";

    #[inline]
    fn text(&self) -> Result<Text> {
        Text::display(self)
    }
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
    fn text(&self) -> Result<Text> {
        match self {
            IpAddr::V4(ip) => ip.text(),
            IpAddr::V6(ip) => ip.text(),
        }
    }
}

impl Address for SocketAddrV4 {
    const WHAT: &'static str = "an IPv4 socket address";

    #[inline]
    fn text(&self) -> Result<Text> {
        let mut text = Text::new();
        text.push_v4(self.ip());
        text.push(b':');
        for &b in itoa::Buffer::new().format(self.port()).as_bytes() {
            text.push(b);
        }
        Ok(text)
    }
}

impl Address for SocketAddrV6 {
    const WHAT: &'static str = "an IPv6 socket address";

    #[inline]
    fn text(&self) -> Result<Text> {
        Text::display(self)
    }
}

impl Address for SocketAddr {
    const WHAT: &'static str = "a socket address";

    #[inline]
    fn text(&self) -> Result<Text> {
        match self {
            SocketAddr::V4(a) => a.text(),
            SocketAddr::V6(a) => a.text(),
        }
    }
}

#[cfg(feature = "msgpack")]
impl Compact for Ipv4Addr {
    const KINDS: &'static [Kind] = &[Kind::Array, Kind::Bin];

    #[inline]
    fn encode_compact(&self, w: &mut MsgpackWriter) -> Result<()> {
        encode_octets(w, &self.octets())
    }

    #[inline]
    fn decode_compact(r: &mut MsgpackReader<'_>) -> Result<Self> {
        decode_octets::<4>(r).map(Ipv4Addr::from)
    }
}

#[cfg(feature = "msgpack")]
impl Compact for Ipv6Addr {
    const KINDS: &'static [Kind] = &[Kind::Array, Kind::Bin];

    #[inline]
    fn encode_compact(&self, w: &mut MsgpackWriter) -> Result<()> {
        encode_octets(w, &self.octets())
    }

    #[inline]
    fn decode_compact(r: &mut MsgpackReader<'_>) -> Result<Self> {
        decode_octets::<16>(r).map(Ipv6Addr::from)
    }
}

#[cfg(feature = "msgpack")]
impl Compact for IpAddr {
    const KINDS: &'static [Kind] = &[Kind::Map];

    #[inline]
    fn encode_compact(&self, w: &mut MsgpackWriter) -> Result<()> {
        match self {
            IpAddr::V4(ip) => {
                w.write_raw(b"\x81\xa2V4");
                ip.encode_compact(w)
            }
            IpAddr::V6(ip) => {
                w.write_raw(b"\x81\xa2V6");
                ip.encode_compact(w)
            }
        }
    }

    #[inline]
    fn decode_compact(r: &mut MsgpackReader<'_>) -> Result<Self> {
        decode_variant(
            r,
            Self::WHAT,
            |r| Ipv4Addr::decode_msgpack(r).map(IpAddr::V4),
            |r| Ipv6Addr::decode_msgpack(r).map(IpAddr::V6),
        )
    }
}

#[cfg(feature = "msgpack")]
impl Compact for SocketAddrV4 {
    const KINDS: &'static [Kind] = &[Kind::Array];

    #[inline]
    fn encode_compact(&self, w: &mut MsgpackWriter) -> Result<()> {
        w.write_raw(b"\x92");
        self.ip().encode_compact(w)?;
        w.write_u64(u64::from(self.port()));
        Ok(())
    }

    #[inline]
    fn decode_compact(r: &mut MsgpackReader<'_>) -> Result<Self> {
        let (ip, port) = decode_pair(r)?;
        Ok(SocketAddrV4::new(ip, port))
    }
}

#[cfg(feature = "msgpack")]
impl Compact for SocketAddrV6 {
    const KINDS: &'static [Kind] = &[Kind::Array];

    #[inline]
    fn encode_compact(&self, w: &mut MsgpackWriter) -> Result<()> {
        w.write_raw(b"\x92");
        self.ip().encode_compact(w)?;
        w.write_u64(u64::from(self.port()));
        Ok(())
    }

    #[inline]
    fn decode_compact(r: &mut MsgpackReader<'_>) -> Result<Self> {
        let (ip, port) = decode_pair(r)?;
        Ok(SocketAddrV6::new(ip, port, 0, 0))
    }
}

#[cfg(feature = "msgpack")]
impl Compact for SocketAddr {
    const KINDS: &'static [Kind] = &[Kind::Map];

    #[inline]
    fn encode_compact(&self, w: &mut MsgpackWriter) -> Result<()> {
        match self {
            SocketAddr::V4(a) => {
                w.write_raw(b"\x81\xa2V4");
                a.encode_compact(w)
            }
            SocketAddr::V6(a) => {
                w.write_raw(b"\x81\xa2V6");
                a.encode_compact(w)
            }
        }
    }

    #[inline]
    fn decode_compact(r: &mut MsgpackReader<'_>) -> Result<Self> {
        decode_variant(
            r,
            Self::WHAT,
            |r| SocketAddrV4::decode_msgpack(r).map(SocketAddr::V4),
            |r| SocketAddrV6::decode_msgpack(r).map(SocketAddr::V6),
        )
    }
}

/// A socket address's compact form: the array `[ip, port]`.
#[inline]
#[cfg(feature = "msgpack")]
fn decode_pair<'de, Ip: Decode<'de>>(r: &mut MsgpackReader<'de>) -> Result<(Ip, u16)> {
    let at = r.position();
    mp::expect_len(r.read_array_len()?, 2, at)?;
    let ip = Ip::decode_msgpack(r).map_err(|e| e.in_index(0))?;
    let port = u16::decode_msgpack(r).map_err(|e| e.in_index(1))?;
    r.leave();
    Ok((ip, port))
}

macro_rules! address_impls {
    ($($ty:ident)*) => {$(
        impl Encode for $ty {
            #[inline]
            fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
                let text = self.text()?;
                // No address's text holds a byte JSON escapes.
                w.write_byte(b'"');
                w.write_raw(text.as_bytes());
                w.write_byte(b'"');
                Ok(())
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
                self.encode_compact(w)
            }
        }

        impl<'de> Decode<'de> for $ty {
            #[inline]
            fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
                decode_json_text(r, Self::WHAT)
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
                match r.peek_kind() {
                    Some(Kind::Str) => decode_msgpack_text(r, Self::WHAT),
                    Some(kind) if Self::KINDS.contains(&kind) => Self::decode_compact(r),
                    _ => Err(r.invalid_type(Self::WHAT)),
                }
            }
        }

        impl EncodeKey for $ty {
            #[inline]
            fn encode_json_key(&self, w: &mut JsonWriter) -> Result<()> {
                self.encode_json(w)
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn encode_msgpack_key(&self, w: &mut MsgpackWriter) -> Result<()> {
                w.write_str(self.text()?.as_str()?)
            }
        }

        impl<'de> DecodeKey<'de> for $ty {
            #[inline]
            fn decode_json_key(key: Key<'de>, r: &mut JsonReader<'de>) -> Result<Self> {
                let text = r.key_str(key)?;
                parse(text.as_str(), Self::WHAT, key.offset())
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn decode_msgpack_key(key: msgpack::Key<'de>, r: &mut MsgpackReader<'de>) -> Result<Self> {
                decode_msgpack_key(key, r, Self::WHAT)
            }
        }
    )*};
}

address_impls!(Ipv4Addr Ipv6Addr IpAddr SocketAddrV4 SocketAddrV6 SocketAddr);
