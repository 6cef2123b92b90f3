//! Byte strings: the [`Bytes`] type, always a MessagePack bin, and the traits behind the
//! `#[codec(bytes)]` field attribute, which makes a `Vec<u8>`, `&[u8]`, `Box<[u8]>`,
//! `Cow<[u8]>` or `[u8; N]` field a bin too.
//!
//! # The rule
//!
//! **Encoding.** JSON has no byte strings: every byte type is written as an array of
//! numbers there (`[104,105]`), as serde_json writes bytes. In MessagePack, `Bytes` and
//! `#[codec(bytes)]` fields are a bin; a plain `Vec<u8>`, `&[u8]`, `Box<[u8]>`, `[u8; N]`
//! or `Cow<[u8]>` is a sequence like any other, an array of numbers.
//!
//! **Decoding.** `Bytes`, `Cow<[u8]>` and every `#[codec(bytes)]` field read either form
//! of each format, borrowing where the bytes exist in the input as they are:
//!
//! | input | `Bytes`, `Cow<[u8]>` | `&[u8]` | other `#[codec(bytes)]` types |
//! |---|---|---|---|
//! | JSON string without escapes | its UTF-8 bytes, borrowed | its UTF-8 bytes, borrowed | its UTF-8 bytes, copied |
//! | JSON string with escapes | the unescaped UTF-8 bytes, owned | an error: use `Cow<[u8]>` or `Bytes` | the unescaped UTF-8 bytes |
//! | JSON array of numbers | owned | an error: use `Vec<u8>`, `Cow<[u8]>` or `Bytes` | the numbers |
//! | MessagePack bin | borrowed | borrowed | copied |
//! | MessagePack array of numbers | owned | an error: use `Vec<u8>`, `Cow<[u8]>` or `Bytes` | the numbers |
//!
//! `&[u8]` must point into the input, so it takes only the forms whose bytes are there
//! verbatim: a bin, or a JSON string with no escape (serde_json's rule for `&[u8]`). It
//! therefore cannot read back the array of numbers it writes: `#[codec(bytes)]` makes it
//! round-trip in MessagePack (a bin both ways), `Cow<[u8]>` in both formats. A
//! JSON string stands for its UTF-8 bytes, never for base64 or hex: use `with` for such
//! forms. A `[u8; N]` takes any form of exactly `N` bytes. A plain `Vec<u8>`, `Box<[u8]>`
//! or `[u8; N]` (no attribute) is a sequence of `u8`: an array of numbers only.
//!
//! ```
//! use std::borrow::Cow;
//!
//! // JSON: a string's bytes borrow; an array of numbers owns.
//! let b: &[u8] = codec::json::from_str(r#""hi""#)?;
//! assert_eq!(b, b"hi");
//! let c: Cow<[u8]> = codec::json::from_str(r#""hi""#)?;
//! assert!(matches!(c, Cow::Borrowed(b"hi")));
//! let c: Cow<[u8]> = codec::json::from_str("[104,105]")?;
//! assert!(matches!(c, Cow::Owned(ref v) if v == b"hi"));
//! // Escapes cannot be borrowed, and neither can an array.
//! assert!(codec::json::from_str::<&[u8]>(r#""h\u0069""#).is_err());
//! assert!(codec::json::from_str::<&[u8]>("[104,105]").is_err());
//! // Encoding is an array of numbers, whichever type holds the bytes.
//! assert_eq!(codec::json::to_string(&c)?, "[104,105]");
//! # Ok::<(), codec::Error>(())
//! ```

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::vec::Vec;
use core::ops::Deref;

use crate::error::{Error, ErrorKind, Result};
use crate::impls::{encode_bytes_per_format_via_generic, encode_per_format_via_generic};
use crate::json::{JsonReader, JsonWriter, Str};
#[cfg(feature = "msgpack")]
use crate::msgpack::{Kind, MsgpackReader, MsgpackWriter};
use crate::{Decode, Encode, Writer};

/// A byte string: a bin in MessagePack (borrowed from the input when decoded), an array
/// of numbers in JSON.
///
/// Decoding takes either form of each format: a MessagePack bin (borrowed) or array of
/// numbers (owned); a JSON string, standing for its UTF-8 bytes (borrowed when it has no
/// escape, owned otherwise), or a JSON array of numbers (owned). `Cow<[u8]>` and
/// `#[codec(bytes)]` fields follow the same rule, except that `&[u8]` takes only what it
/// can borrow: a bin, or a JSON string without escapes.
///
/// ```
/// use codec::Bytes;
///
/// let b = Bytes::from(&b"\x00\xff"[..]);
/// # #[cfg(feature = "msgpack")] {
/// let packed = codec::msgpack::to_vec(&b)?;
/// assert_eq!(packed, b"\xc4\x02\x00\xff");
/// let back: Bytes = codec::msgpack::from_slice(&packed)?;
/// assert!(back.is_borrowed());
/// assert_eq!(back, b);
/// # }
/// assert_eq!(codec::json::to_string(&b)?, "[0,255]");
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Bytes<'a>(pub Cow<'a, [u8]>);

impl<'a> Bytes<'a> {
    /// Whether the bytes point into the input they were decoded from.
    ///
    /// ```
    /// assert!(!codec::Bytes::from(vec![1]).is_borrowed());
    /// ```
    pub fn is_borrowed(&self) -> bool {
        matches!(self.0, Cow::Borrowed(_))
    }

    /// The bytes, owned.
    ///
    /// ```
    /// assert_eq!(codec::Bytes::from(&[1u8][..]).into_owned(), vec![1]);
    /// ```
    pub fn into_owned(self) -> Vec<u8> {
        self.0.into_owned()
    }
}

impl Deref for Bytes<'_> {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.0
    }
}

impl<'a> From<&'a [u8]> for Bytes<'a> {
    fn from(b: &'a [u8]) -> Self {
        Bytes(Cow::Borrowed(b))
    }
}

impl From<Vec<u8>> for Bytes<'_> {
    fn from(b: Vec<u8>) -> Self {
        Bytes(Cow::Owned(b))
    }
}

/// A byte string is a MessagePack bin. (Here rather than among the other `From` impls of
/// `msgpack::Value`, so that `msgpack/` names nothing of the model.)
#[cfg(feature = "msgpack")]
impl From<Bytes<'_>> for crate::msgpack::Value {
    #[inline]
    fn from(v: Bytes<'_>) -> crate::msgpack::Value {
        crate::msgpack::Value::Binary(v.into_owned())
    }
}

impl Encode for Bytes<'_> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.write_bytes(&self.0)
    }

    encode_per_format_via_generic!();
}

impl<'de: 'a, 'a> Decode<'de> for Bytes<'a> {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        json_bytes(r).map(Bytes)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        msgpack_bytes(r).map(Bytes)
    }
}

/// Borrowed from a JSON string without escapes, or from a MessagePack bin (see [`Bytes`]);
/// an array of numbers or an escaped string is an error that names the type to use.
///
/// ```
/// let b: &[u8] = codec::json::from_str(r#""été""#)?;
/// assert_eq!(b, "été".as_bytes());
/// # #[cfg(feature = "msgpack")] {
/// let b: &[u8] = codec::msgpack::from_slice(b"\xc4\x02\x00\xff")?;
/// assert_eq!(b, [0, 255]);
/// # }
/// let e = codec::json::from_str::<&[u8]>("[0,255]").unwrap_err();
/// assert!(e.to_string().contains("use Vec<u8>, Cow<[u8]> or codec::Bytes"));
/// # Ok::<(), codec::Error>(())
/// ```
impl<'de: 'a, 'a> Decode<'de> for &'a [u8] {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        json_borrowed_bytes(r)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        msgpack_borrowed_bytes(r)
    }
}

/// Borrowed where the input holds the bytes verbatim (a JSON string without escapes, a
/// MessagePack bin), owned otherwise (an escaped string, an array of numbers), as
/// [`Bytes`].
///
/// ```
/// use std::borrow::Cow;
/// let c: Cow<[u8]> = codec::json::from_str(r#""a\nb""#)?;
/// assert!(matches!(c, Cow::Owned(ref v) if v == b"a\nb"));
/// # #[cfg(feature = "msgpack")] {
/// let c: Cow<[u8]> = codec::msgpack::from_slice(b"\x92\x01\x02")?;
/// assert!(matches!(c, Cow::Owned(ref v) if v == &[1, 2]));
/// # }
/// # Ok::<(), codec::Error>(())
/// ```
impl<'de: 'a, 'a> Decode<'de> for Cow<'a, [u8]> {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        json_bytes(r)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        msgpack_bytes(r)
    }
}

/// JSON bytes in either form: a string's UTF-8 bytes (borrowed unless it has escapes) or
/// an array of numbers (owned).
#[inline]
fn json_bytes<'de>(r: &mut JsonReader<'de>) -> Result<Cow<'de, [u8]>> {
    match r.peek() {
        Some(b'"') => Ok(match r.read_cow()? {
            Cow::Borrowed(s) => Cow::Borrowed(s.as_bytes()),
            Cow::Owned(s) => Cow::Owned(s.into_bytes()),
        }),
        Some(b'[') => Vec::<u8>::decode_json(r).map(Cow::Owned),
        _ => Err(r.invalid_type(EXPECTED_JSON_BYTES)),
    }
}

const EXPECTED_JSON_BYTES: &str = "bytes (a string or an array of numbers)";

/// JSON bytes that must borrow: the body of a string without escapes.
#[inline]
fn json_borrowed_bytes<'de>(r: &mut JsonReader<'de>) -> Result<&'de [u8]> {
    match r.peek() {
        Some(b'"') => {
            let key = r.read_string_token()?;
            if key.is_escaped() {
                return Err(cannot_borrow(key.offset(), ESCAPED_STRING));
            }
            // Unescaped, so decoding validates the UTF-8 and borrows.
            match r.decode_string(key)? {
                Str::Borrowed(s) => Ok(s.as_bytes()),
                Str::Transient(_) => Err(cannot_borrow(key.offset(), ESCAPED_STRING)),
            }
        }
        Some(b'[') => Err(cannot_borrow(r.position(), ARRAY_OF_NUMBERS)),
        _ => Err(r.invalid_type("bytes (a string without escapes, to borrow)")),
    }
}

const ESCAPED_STRING: &str =
    "a JSON string with escapes cannot be borrowed as &[u8] (its bytes are not in the input as they are); use Cow<[u8]> or codec::Bytes";
const ARRAY_OF_NUMBERS: &str =
    "an array of numbers cannot be borrowed as &[u8] (only a string without escapes or a MessagePack bin can); use Vec<u8>, Cow<[u8]> or codec::Bytes";

#[cold]
#[inline(never)]
fn cannot_borrow(at: usize, why: &'static str) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Borrowed(why)), at)
}

/// MessagePack bytes in either form: a bin (borrowed) or an array of numbers (owned).
#[cfg(feature = "msgpack")]
#[inline]
fn msgpack_bytes<'de>(r: &mut MsgpackReader<'de>) -> Result<Cow<'de, [u8]>> {
    match r.peek_kind() {
        Some(Kind::Bin) => r.read_bin().map(Cow::Borrowed),
        Some(Kind::Array) => Vec::<u8>::decode_msgpack(r).map(Cow::Owned),
        _ => Err(r.invalid_type("bytes (a bin or an array of numbers)")),
    }
}

/// MessagePack bytes that must borrow: a bin.
#[cfg(feature = "msgpack")]
#[inline]
fn msgpack_borrowed_bytes<'de>(r: &mut MsgpackReader<'de>) -> Result<&'de [u8]> {
    match r.peek_kind() {
        Some(Kind::Array) => Err(cannot_borrow(r.position(), ARRAY_OF_NUMBERS)),
        _ => r.read_bin(),
    }
}

/// A byte-string type for a `#[codec(bytes)]` field: how it is written.
///
/// ```
/// #[derive(codec::Codec, Debug, PartialEq)]
/// struct Blob {
///     #[codec(bytes)]
///     data: Vec<u8>,
/// }
/// let v = Blob { data: vec![1, 2] };
/// # #[cfg(feature = "msgpack")] {
/// assert_eq!(codec::msgpack::to_vec(&v)?, b"\x81\xa4data\xc4\x02\x01\x02");
/// # }
/// assert_eq!(codec::json::to_string(&v)?, r#"{"data":[1,2]}"#);
/// # Ok::<(), codec::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`#[codec(bytes)]` needs a byte string type, found `{Self}`",
    label = "`{Self}` is not a byte string type (`EncodeBytes`)",
    note = "`bytes` takes `Vec<u8>`, `&[u8]`, `Box<[u8]>`, `Cow<[u8]>`, `[u8; N]` and `codec::Bytes` (or an `Option` of one); for any other type, remove the attribute"
)]
pub trait EncodeBytes {
    /// Writes the bytes in `w`'s format ([`Writer::write_bytes`]): one body for every
    /// format (see [`Encode::encode`]; the default body calls the per-format method of
    /// `W`'s format).
    ///
    /// ```
    /// use codec::EncodeBytes;
    /// let mut w = codec::json::JsonWriter::new();
    /// vec![7u8].encode_bytes(&mut w)?;
    /// assert_eq!(w.as_bytes(), b"[7]");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    fn encode_bytes<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.encode_bytes_per_format(self)
    }

    /// Writes the bytes as JSON (an array of numbers).
    fn encode_json_bytes(&self, w: &mut JsonWriter) -> Result<()>;

    /// Writes the bytes as a MessagePack bin. The default body, there for JSON-only impls
    /// (see "Cargo features" in the crate docs), returns an [`ErrorKind::Unsupported`]
    /// error naming `Self`.
    #[cfg(feature = "msgpack")]
    fn encode_msgpack_bytes(&self, w: &mut MsgpackWriter) -> Result<()> {
        let _ = w;
        Err(Error::unsupported::<Self>(crate::MSGPACK, "EncodeBytes::encode_msgpack_bytes", None))
    }
}

/// A byte-string type for a `#[codec(bytes)]` field: how it is read (either form of each
/// format; `&[u8]` only the forms it can borrow: see [`Bytes`]).
///
/// ```
/// #[derive(codec::Codec, Debug, PartialEq)]
/// struct Blob<'a> {
///     #[codec(bytes)]
///     data: &'a [u8],
///     #[codec(bytes)]
///     more: Option<Vec<u8>>,
/// }
/// # #[cfg(feature = "msgpack")] {
/// let packed = b"\x81\xa4data\xc4\x01\x07";
/// let v: Blob = codec::msgpack::from_slice(packed)?;
/// assert_eq!(v, Blob { data: &[7], more: None });
/// # }
/// // In JSON, `&[u8]` borrows a string's bytes; an array of numbers would have to be copied.
/// let v: Blob = codec::json::from_str(r#"{"data":"hi","more":"ok"}"#)?;
/// assert_eq!(v, Blob { data: b"hi", more: Some(b"ok".to_vec()) });
/// assert!(codec::json::from_str::<Blob>(r#"{"data":[7]}"#).is_err());
/// # Ok::<(), codec::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`#[codec(bytes)]` needs a byte string type, found `{Self}`",
    label = "`{Self}` is not a byte string type (`DecodeBytes`)",
    note = "`bytes` takes `Vec<u8>`, `&[u8]`, `Box<[u8]>`, `Cow<[u8]>`, `[u8; N]` and `codec::Bytes` (or an `Option` of one); for any other type, remove the attribute"
)]
pub trait DecodeBytes<'de>: Sized {
    /// Reads the bytes from JSON (a string or an array of numbers).
    fn decode_json_bytes(r: &mut JsonReader<'de>) -> Result<Self>;

    /// Reads the bytes from MessagePack (a bin or an array of numbers). The default body,
    /// there for JSON-only impls, returns an [`ErrorKind::Unsupported`] error naming `Self`,
    /// at the reader's position.
    #[cfg(feature = "msgpack")]
    fn decode_msgpack_bytes(r: &mut MsgpackReader<'de>) -> Result<Self> {
        Err(Error::unsupported::<Self>(crate::MSGPACK, "DecodeBytes::decode_msgpack_bytes", Some(r.position())))
    }

    /// The value of an absent field, as [`Decode::absent`].
    #[inline]
    fn absent_bytes() -> Option<Self> {
        None
    }
}

macro_rules! encode_bytes {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<$($gen)*> EncodeBytes for $ty {
            #[inline]
            fn encode_bytes<W: Writer>(&self, w: &mut W) -> Result<()> {
                w.write_bytes(self)
            }

            encode_bytes_per_format_via_generic!();
        }
    )*};
}

encode_bytes! {
    [] [u8];
    [] Vec<u8>;
    [] Box<[u8]>;
    ['a] Cow<'a, [u8]>;
    [const N: usize] [u8; N];
    ['a] Bytes<'a>;
}

impl<T: EncodeBytes + ?Sized> EncodeBytes for &T {
    #[inline]
    fn encode_bytes<W: Writer>(&self, w: &mut W) -> Result<()> {
        (**self).encode_bytes(w)
    }

    encode_bytes_per_format_via_generic!();
}

impl<T: EncodeBytes> EncodeBytes for Option<T> {
    #[inline]
    fn encode_bytes<W: Writer>(&self, w: &mut W) -> Result<()> {
        match self {
            Some(v) => v.encode_bytes(w),
            None => {
                w.write_null();
                Ok(())
            }
        }
    }

    encode_bytes_per_format_via_generic!();
}

impl<'de> DecodeBytes<'de> for Vec<u8> {
    #[inline]
    fn decode_json_bytes(r: &mut JsonReader<'de>) -> Result<Self> {
        json_bytes(r).map(Cow::into_owned)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack_bytes(r: &mut MsgpackReader<'de>) -> Result<Self> {
        msgpack_bytes(r).map(Cow::into_owned)
    }
}

impl<'de> DecodeBytes<'de> for Box<[u8]> {
    #[inline]
    fn decode_json_bytes(r: &mut JsonReader<'de>) -> Result<Self> {
        json_bytes(r).map(Box::from)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack_bytes(r: &mut MsgpackReader<'de>) -> Result<Self> {
        msgpack_bytes(r).map(Box::from)
    }
}

impl<'de: 'a, 'a> DecodeBytes<'de> for &'a [u8] {
    #[inline]
    fn decode_json_bytes(r: &mut JsonReader<'de>) -> Result<Self> {
        json_borrowed_bytes(r)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack_bytes(r: &mut MsgpackReader<'de>) -> Result<Self> {
        msgpack_borrowed_bytes(r)
    }
}

impl<'de: 'a, 'a> DecodeBytes<'de> for Cow<'a, [u8]> {
    #[inline]
    fn decode_json_bytes(r: &mut JsonReader<'de>) -> Result<Self> {
        json_bytes(r)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack_bytes(r: &mut MsgpackReader<'de>) -> Result<Self> {
        msgpack_bytes(r)
    }
}

impl<'de: 'a, 'a> DecodeBytes<'de> for Bytes<'a> {
    #[inline]
    fn decode_json_bytes(r: &mut JsonReader<'de>) -> Result<Self> {
        json_bytes(r).map(Bytes)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack_bytes(r: &mut MsgpackReader<'de>) -> Result<Self> {
        msgpack_bytes(r).map(Bytes)
    }
}

impl<'de, const N: usize> DecodeBytes<'de> for [u8; N] {
    #[inline]
    fn decode_json_bytes(r: &mut JsonReader<'de>) -> Result<Self> {
        if r.peek() == Some(b'[') {
            // The array form decodes in place, with no buffer.
            return <[u8; N]>::decode_json(r);
        }
        let at = r.position();
        let bytes = json_bytes(r)?;
        (*bytes).try_into().map_err(|_| wrong_len(at, N, bytes.len()))
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack_bytes(r: &mut MsgpackReader<'de>) -> Result<Self> {
        if r.peek_kind() == Some(Kind::Array) {
            return <[u8; N]>::decode_msgpack(r);
        }
        let at = r.position();
        let bin = r.read_bin()?;
        bin.try_into().map_err(|_| wrong_len(at, N, bin.len()))
    }
}

#[cold]
#[inline(never)]
fn wrong_len(at: usize, expected: usize, found: usize) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Owned(format!("expected {expected} bytes, found {found}"))), at)
}

impl<'de, T: DecodeBytes<'de>> DecodeBytes<'de> for Option<T> {
    #[inline]
    fn decode_json_bytes(r: &mut JsonReader<'de>) -> Result<Self> {
        if r.try_read_null()? {
            Ok(None)
        } else {
            T::decode_json_bytes(r).map(Some)
        }
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack_bytes(r: &mut MsgpackReader<'de>) -> Result<Self> {
        if r.try_read_null()? {
            Ok(None)
        } else {
            T::decode_msgpack_bytes(r).map(Some)
        }
    }

    #[inline]
    fn absent_bytes() -> Option<Self> {
        Some(None)
    }
}
