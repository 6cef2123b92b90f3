//! The serde bridge (feature `serde`): a type that implements serde's `Serialize` and
//! `Deserialize`, and not codec's traits (a foreign type, from a crate that only speaks
//! serde), encoded and decoded by codec.
//!
//! Two ways in:
//! - `#[codec(with = "codec::serde")]` on a field whose type is
//!   `Serialize + Deserialize<'de>`: this module is the `with` module ([`encode`],
//!   [`decode`], generic over the format);
//! - [`Compat<T>`] as the field's type (or anywhere a type must be `Encode`/`Decode`: a
//!   `Vec<Compat<T>>`, a map's value, a top-level value).
//!
//! ```
//! use codec::serde::Compat;
//!
//! /// A type from a crate that only implements serde's traits.
//! #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
//! struct Foreign {
//!     id: u32,
//!     tags: Vec<String>,
//! }
//!
//! #[derive(codec::Codec, Debug, PartialEq)]
//! struct Event {
//!     #[codec(with = "codec::serde")]
//!     payload: Foreign,
//!     history: Vec<Compat<Foreign>>,
//! }
//!
//! let json = r#"{"payload":{"id":1,"tags":["a"]},"history":[{"id":0,"tags":[]}]}"#;
//! let event: Event = codec::json::from_str(json)?;
//! assert_eq!(event.payload, Foreign { id: 1, tags: vec!["a".into()] });
//! assert_eq!(event.history[0].id, 0); // `Compat` derefs to the value
//! assert_eq!(codec::json::to_string(&event)?, json);
//!
//! // Errors inside the bridged value carry codec's position and path.
//! let err = codec::json::from_str::<Event>(r#"{"payload":{"id":1,"tags":[7]},"history":[]}"#).unwrap_err();
//! assert_eq!(err.path(), ".payload.tags[0]");
//! assert_eq!((err.line(), err.column()), (Some(1), Some(28)));
//! # #[cfg(feature = "msgpack")] {
//! // MessagePack: what `rmp_serde::to_vec_named` writes (structs as maps).
//! let packed = codec::msgpack::to_vec(&event)?;
//! assert_eq!(&packed[..14], b"\x82\xa7payload\x82\xa2id\x01");
//! assert_eq!(codec::msgpack::from_slice::<Event>(&packed)?, event);
//! # }
//! # Ok::<(), codec::Error>(())
//! ```
//!
//! ## How
//! One serde [`Serializer`], generic over codec's [`Writer`], writes straight into its
//! writers, and one serde [`Deserializer`], generic over its [`Reader`], reads straight
//! from its readers: no intermediate value, no second parse, one body per format
//! monomorphized. They are public for hand-written impls, also named for one format
//! ([`json::Serializer`], [`json::Deserializer`], `msgpack::Serializer`,
//! `msgpack::Deserializer`).
//!
//! - **Output**: serde_json's compact bytes for JSON (integer map keys quoted, bytes as an
//!   array of numbers, enums externally tagged), `rmp_serde::to_vec_named`'s bytes for
//!   MessagePack (structs as maps keyed by field names, unit structs as an empty array,
//!   128-bit integers as 16-byte bins). The one difference is codec's rule for JSON: NaN and
//!   the infinities are an encode error, where serde_json writes `null` (which reads back as
//!   no float). MessagePack writes them. Floats are printed by zmij, as serde_json 1.0.154
//!   prints them (its earlier printer, ryu, wrote `1e21` where zmij writes `1e+21`).
//! - **Input**: what serde_json and rmp-serde accept. Strings without escapes are handed
//!   to serde borrowed (`visit_borrowed_str`), so a `&'de str` field of a serde type
//!   borrows from codec's input; MessagePack strings and bins always borrow. Numbers are
//!   read by codec's parser: an integer that fits `u64` (or, negative, `i64`) is an
//!   integer, anything else the nearest `f64`; 128-bit integers when the type asks for
//!   them. A struct reads from an object/map or an array; an enum from its variant's name
//!   or a one-key object/map. serde's `flatten`, internally tagged and untagged enums work
//!   (serde buffers those values through `deserialize_any`).
//! - **Limits**: every reader limit holds inside the bridged value: nesting (arrays and
//!   objects count as in codec's own decoders, and options and newtype structs as the
//!   levels of [`Reader::nested`]), string and number lengths. What serde's impls do
//!   with the values is theirs: a serde map keeps the last of two equal keys, whatever
//!   codec's [`DuplicateKeys`](crate::json::DuplicateKeys) option says.
//! - **Errors**: serde's errors become codec [`Error`]s of the matching kind
//!   ([`ErrorKind::InvalidType`], [`InvalidValue`](ErrorKind::InvalidValue),
//!   [`MissingField`](ErrorKind::MissingField), [`UnknownVariant`](ErrorKind::UnknownVariant),
//!   ...; [`Custom`](ErrorKind::Custom) for the rest), at the offset of the value they are
//!   about, with the path inside the value: `.field` for a struct's field, `[3]` for an
//!   element, `["key"]` for a map's key.

#[allow(unused_imports)]
use alloc::borrow::ToOwned;
#[allow(unused_imports)]
use alloc::boxed::Box;
#[allow(unused_imports)]
use alloc::string::{String, ToString};
#[allow(unused_imports)]
use alloc::vec::Vec;
use core::fmt::{self, Display};
use core::ops::{Deref, DerefMut};

use ::serde::de::{Deserialize, Expected, Unexpected, Visitor};
use ::serde::ser::{self, Serialize};

use crate::error::{Error, ErrorKind, Result};
use crate::{Decode, DecodeKey, Encode, EncodeKey, Reader, Writer};

mod de;
pub mod json;
mod key;
#[cfg(feature = "msgpack")]
pub mod msgpack;
mod serializer;

pub use de::Deserializer;
pub use serializer::Serializer;

/// The name rmp-serde gives a newtype struct that stands for an ext value, holding the
/// tuple `(i8 type, bytes)`: what the serializer writes as an ext, and the deserializer
/// hands an ext to.
const EXT_STRUCT: &str = "_ExtStruct";

/// Writes `value` through its serde impl, in `w`'s format: the `with` function of
/// `#[codec(with = "codec::serde")]`. In JSON serde_json's bytes; in MessagePack
/// `rmp_serde::to_vec_named`'s.
///
/// ```
/// let mut w = codec::json::JsonWriter::new();
/// codec::serde::encode(&std::collections::BTreeMap::from([(1u8, "a")]), &mut w)?;
/// assert_eq!(w.as_bytes(), br#"{"1":"a"}"#);
/// # #[cfg(feature = "msgpack")] {
/// let mut w = codec::msgpack::MsgpackWriter::new();
/// codec::serde::encode(&(1u8, "a"), &mut w)?;
/// assert_eq!(w.as_bytes(), b"\x92\x01\xa1a");
/// # }
/// # Ok::<(), codec::Error>(())
/// ```
#[inline]
pub fn encode<T: ?Sized + Serialize, W: Writer>(value: &T, w: &mut W) -> Result<()> {
    value.serialize(Serializer::new(w))
}

/// Reads a value through `T`'s serde impl, in `r`'s format: the `with` function of
/// `#[codec(with = "codec::serde")]`.
///
/// ```
/// let mut r = codec::json::JsonReader::new(br#"{"1": "a"}"#);
/// let m: std::collections::BTreeMap<u8, &str> = codec::serde::decode(&mut r)?;
/// assert_eq!(m[&1], "a");
/// # #[cfg(feature = "msgpack")] {
/// let mut r = codec::msgpack::MsgpackReader::new(b"\x92\x01\xa1a");
/// let v: (u8, &str) = codec::serde::decode(&mut r)?;
/// assert_eq!(v, (1, "a"));
/// # }
/// # Ok::<(), codec::Error>(())
/// ```
#[inline]
pub fn decode<'de, T: Deserialize<'de>, R: Reader<'de>>(r: &mut R) -> Result<T> {
    T::deserialize(Deserializer::new(r))
}

/// A value encoded and decoded by codec through its serde impl: a field type, element type
/// or top-level type for anything that implements `serde::Serialize` and
/// `serde::Deserialize`. A transparent wrapper: it derefs to the value, converts from it,
/// and serializes with serde as the value itself.
///
/// ```
/// use codec::serde::Compat;
/// use std::net::Ipv4Addr;
///
/// // `Ipv4Addr` through its serde impl (codec has its own, too).
/// let a: Compat<Ipv4Addr> = codec::json::from_str(r#""10.0.0.1""#)?;
/// assert_eq!(*a, Ipv4Addr::new(10, 0, 0, 1));
/// assert_eq!(a.into_inner().octets()[0], 10);
/// let err = codec::json::from_str::<Vec<Compat<Ipv4Addr>>>(r#"["10.0.0.1", "::1"]"#).unwrap_err();
/// assert_eq!((err.path(), err.column()), ("[1]".to_owned(), Some(14)));
///
/// // `Option` fields keep serde's meaning: an absent key is `None`.
/// #[derive(codec::Codec, Debug, PartialEq)]
/// struct Host {
///     addr: Compat<Ipv4Addr>,
///     backup: Compat<Option<Ipv4Addr>>,
/// }
/// let host: Host = codec::json::from_str(r#"{"addr": "127.0.0.1"}"#)?;
/// assert_eq!(host.backup, Compat(None));
/// assert_eq!(codec::json::to_string(&host)?, r#"{"addr":"127.0.0.1","backup":null}"#);
/// # Ok::<(), codec::Error>(())
/// ```
#[repr(transparent)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Compat<T>(pub T);

impl<T> Compat<T> {
    /// Wraps `value`.
    #[inline]
    pub const fn new(value: T) -> Self {
        Compat(value)
    }

    /// The wrapped value.
    #[inline]
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> Deref for Compat<T> {
    type Target = T;

    #[inline]
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for Compat<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T> From<T> for Compat<T> {
    #[inline]
    fn from(value: T) -> Self {
        Compat(value)
    }
}

impl<T> AsRef<T> for Compat<T> {
    #[inline]
    fn as_ref(&self) -> &T {
        &self.0
    }
}

impl<T> AsMut<T> for Compat<T> {
    #[inline]
    fn as_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T: Serialize> Encode for Compat<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        encode(&self.0, w)
    }
}

impl<'de, T: Deserialize<'de>> Decode<'de> for Compat<T> {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        decode(r).map(Compat)
    }

    /// What serde's derive does with an absent field: `T` read from "nothing", which an
    /// `Option` reads as `None` and every other type refuses.
    #[cold]
    fn absent() -> Option<Self> {
        T::deserialize(Absent).ok().map(Compat)
    }
}

/// A map key, by serde_json's rules in JSON (strings as themselves; integers, floats,
/// booleans and unit variants quoted; anything else an error) and as any value in
/// MessagePack, as rmp-serde writes keys.
///
/// ```
/// use codec::serde::Compat;
/// use std::collections::BTreeMap;
/// use std::net::Ipv4Addr;
///
/// let m = BTreeMap::from([(Compat(Ipv4Addr::LOCALHOST), 1u8), (Compat(Ipv4Addr::new(10, 0, 0, 1)), 2)]);
/// let json = codec::json::to_string(&m)?;
/// assert_eq!(json, r#"{"10.0.0.1":2,"127.0.0.1":1}"#);
/// assert_eq!(codec::json::from_str::<BTreeMap<Compat<Ipv4Addr>, u8>>(&json)?, m);
/// # Ok::<(), codec::Error>(())
/// ```
impl<T: Serialize> EncodeKey for Compat<T> {
    #[inline]
    fn encode_key<W: Writer>(&self, w: &mut W) -> Result<()> {
        serializer::encode_key(&self.0, w)
    }
}

/// A map key read by serde_json's rules in JSON (the key's text, or the number, boolean or
/// unit variant written in it, as the type asks) and as any value in MessagePack.
impl<'de, T: Deserialize<'de>> DecodeKey<'de> for Compat<T> {
    #[inline]
    fn decode_key<R: Reader<'de>>(key: R::Key, r: &mut R) -> Result<Self> {
        key::decode_key(key, r).map(Compat)
    }
}

impl<T: Serialize> Serialize for Compat<T> {
    #[inline]
    fn serialize<S: ser::Serializer>(&self, serializer: S) -> core::result::Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Compat<T> {
    #[inline]
    fn deserialize<D: ::serde::Deserializer<'de>>(deserializer: D) -> core::result::Result<Self, D::Error> {
        T::deserialize(deserializer).map(Compat)
    }
}

/// The input of an absent field: `None` to an `Option`, an error to anything else.
struct Absent;

impl<'de> ::serde::Deserializer<'de> for Absent {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value> {
        Err(Error::without_position(ErrorKind::InvalidValue("absent".into())))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_none()
    }

    ::serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier
        ignored_any
    }
}

// ---- serde's errors as codec's ----

impl ser::Error for Error {
    #[cold]
    fn custom<M: Display>(msg: M) -> Self {
        Error::custom(msg)
    }
}

/// Each of serde's error constructors makes the codec error of the same meaning, so that
/// a bridged value fails as a codec-decoded one would (same kinds, same messages where
/// serde's words allow). Without a position: the deserializer adds the offset of the
/// value the error is about.
impl ::serde::de::Error for Error {
    #[cold]
    fn custom<M: Display>(msg: M) -> Self {
        Error::custom(msg)
    }

    #[cold]
    fn invalid_type(unexp: Unexpected<'_>, exp: &dyn Expected) -> Self {
        Error::without_position(ErrorKind::InvalidType {
            expected: exp.to_string().into(),
            found: unexp.to_string().into(),
        })
    }

    #[cold]
    fn invalid_value(unexp: Unexpected<'_>, exp: &dyn Expected) -> Self {
        Error::without_position(ErrorKind::InvalidValue(format!("{unexp}, expected {exp}").into()))
    }

    #[cold]
    fn invalid_length(len: usize, exp: &dyn Expected) -> Self {
        Error::without_position(ErrorKind::InvalidValue(format!("length {len}, expected {exp}").into()))
    }

    #[cold]
    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        Error::without_position(ErrorKind::UnknownVariant { name: variant.to_owned(), expected })
    }

    #[cold]
    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        Error::without_position(ErrorKind::UnknownField { name: field.to_owned(), expected: expected.to_vec() })
    }

    #[cold]
    fn missing_field(field: &'static str) -> Self {
        Error::without_position(ErrorKind::MissingField(field))
    }

    #[cold]
    fn duplicate_field(field: &'static str) -> Self {
        Error::without_position(ErrorKind::DuplicateField(field.into()))
    }
}

// ---- shared by both formats ----

/// `result`, its error placed at `offset` when it has no position yet (serde's errors,
/// made by visitors, never have one).
#[inline(always)]
fn at<T>(result: Result<T>, offset: usize) -> Result<T> {
    match result {
        Ok(v) => Ok(v),
        Err(e) => Err(e.or_at(offset)),
    }
}

/// The name in `names` equal to `key`, for a path segment of static text.
#[cold]
fn static_name(names: &'static [&'static str], key: &[u8]) -> Option<&'static str> {
    names.iter().copied().find(|n| n.as_bytes() == key)
}

/// `e` inside the member `key` of a struct whose fields are `fields` (a `.field` segment)
/// or of a map (a `["key"]` segment).
#[cold]
#[inline(never)]
fn in_member(e: Error, key: &str, fields: Option<&'static [&'static str]>) -> Error {
    match fields.and_then(|fields| static_name(fields, key.as_bytes())) {
        Some(name) => e.in_field(name),
        None => e.in_key(key),
    }
}

/// Bytes of formatted text held on the stack: what `collect_str` formats a value into
/// (a timestamp, an address) before writing it as one string, with no allocation unless the
/// text is longer.
const INLINE_TEXT: usize = 64;

struct TextBuf {
    inline: [u8; INLINE_TEXT],
    len: usize,
    heap: Option<String>,
}

impl fmt::Write for TextBuf {
    #[inline]
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if let Some(heap) = &mut self.heap {
            heap.push_str(s);
        } else if let Some(dst) = self.inline.get_mut(self.len..self.len + s.len()) {
            dst.copy_from_slice(s.as_bytes());
            self.len += s.len();
        } else {
            self.spill(s);
        }
        Ok(())
    }
}

impl TextBuf {
    #[cold]
    #[inline(never)]
    fn spill(&mut self, s: &str) {
        let mut heap = String::with_capacity(2 * (self.len + s.len()));
        heap.push_str(&String::from_utf8_lossy(&self.inline[..self.len]));
        heap.push_str(s);
        self.heap = Some(heap);
    }
}

/// Formats `value` and hands the text to `write`.
#[inline]
fn with_displayed<T: ?Sized + Display>(value: &T, write: impl FnOnce(&str) -> Result<()>) -> Result<()> {
    use fmt::Write as _;
    let mut buf = TextBuf { inline: [0; INLINE_TEXT], len: 0, heap: None };
    if write!(buf, "{value}").is_err() {
        return Err(display_error());
    }
    match &buf.heap {
        Some(heap) => write(heap),
        // Whole `&str`s were copied in, so the bytes are UTF-8.
        None => match core::str::from_utf8(&buf.inline[..buf.len]) {
            Ok(text) => write(text),
            Err(_) => Err(display_error()),
        },
    }
}

#[cold]
#[inline(never)]
fn display_error() -> Error {
    Error::custom("a Display implementation returned an error")
}

/// `e` inside element `index`, and inside the externally tagged `variant` when there is one.
#[cold]
#[inline(never)]
fn in_element(e: Error, index: usize, variant: Option<&'static str>) -> Error {
    in_variant(e.in_index(index), variant)
}

/// `e` inside the externally tagged `variant` (its name is the JSON key: a `.Name` segment).
#[cold]
#[inline(never)]
fn in_variant(e: Error, variant: Option<&'static str>) -> Error {
    match variant {
        Some(v) => e.in_field(v),
        None => e,
    }
}

/// The error of a serializer asked for more or fewer entries than it announced (a
/// MessagePack header holds the count, so a wrong one would corrupt the output).
#[cold]
#[inline(never)]
fn wrong_count(what: &'static str, announced: usize, written: usize) -> Error {
    Error::without_position(ErrorKind::InvalidValue(
        format!("the Serialize impl announced {announced} {what} and wrote {written}").into(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displayed_text_spills_past_the_inline_buffer() {
        for len in [0, 1, INLINE_TEXT - 1, INLINE_TEXT, INLINE_TEXT + 1, 1000] {
            let text = "é".repeat(len / 2) + &"x".repeat(len % 2);
            let mut seen = String::new();
            with_displayed(&format_args!("{text}{}", "!"), |s| {
                seen = s.to_owned();
                Ok(())
            })
            .unwrap();
            assert_eq!(seen, format!("{text}!"));
        }
    }

    #[test]
    fn absent_is_none_for_options_only() {
        assert_eq!(<Compat<Option<u8>> as Decode>::absent(), Some(Compat(None)));
        assert_eq!(<Compat<u8> as Decode>::absent(), None);
        assert_eq!(<Compat<Vec<u8>> as Decode>::absent(), None);
    }

    #[test]
    fn serde_errors_become_codec_kinds() {
        use ::serde::de::Error as _;
        let e = Error::invalid_type(Unexpected::Str("x"), &"u8");
        assert_eq!(e.to_string(), "invalid type: expected u8, found string \"x\"");
        let e = Error::unknown_variant("C", &["A", "B"]);
        assert_eq!(e.to_string(), "unknown variant `C`, expected one of `A`, `B`");
        assert_eq!(Error::missing_field("id").kind(), &ErrorKind::MissingField("id"));
        assert!(matches!(Error::unknown_field("x", &["a"]).kind(), ErrorKind::UnknownField { .. }));
        assert!(matches!(<Error as ::serde::de::Error>::custom("bad").kind(), ErrorKind::Custom(m) if m == "bad"));
    }
}
