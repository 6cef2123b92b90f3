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

use crate::error::Result;
use crate::{Decode, Encode, Reader, Writer};

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
}

impl<'de: 'a, 'a> Decode<'de> for Bytes<'a> {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        r.read_bytes().map(Bytes)
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
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        r.read_borrowed_bytes()
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
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        r.read_bytes()
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
    /// format, as [`Encode::encode`]. The one method an impl writes.
    ///
    /// ```
    /// use codec::EncodeBytes;
    /// let mut w = codec::json::JsonWriter::new();
    /// vec![7u8].encode_bytes(&mut w)?;
    /// assert_eq!(w.as_bytes(), b"[7]");
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn encode_bytes<W: Writer>(&self, w: &mut W) -> Result<()>;
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
    /// Reads the bytes in `r`'s format, either form of it ([`Reader::read_bytes`]; `&[u8]`
    /// only what [`Reader::read_borrowed_bytes`] borrows): one body for every format,
    /// monomorphized per reader (see [`Decode::decode`]).
    /// The one method an impl writes.
    ///
    /// ```
    /// use codec::DecodeBytes;
    /// let mut r = codec::json::JsonReader::new(br#""hi""#);
    /// assert_eq!(Vec::<u8>::decode_bytes(&mut r)?, b"hi");
    /// # #[cfg(feature = "msgpack")] {
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\xc4\x02hi");
    /// assert_eq!(<&[u8]>::decode_bytes(&mut r)?, b"hi");
    /// # }
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn decode_bytes<R: Reader<'de>>(r: &mut R) -> Result<Self>;

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
}

macro_rules! decode_bytes {
    ($([$($gen:tt)*] $ty:ty => |$r:ident| $body:expr;)*) => {$(
        impl<$($gen)*> DecodeBytes<'de> for $ty {
            #[inline]
            fn decode_bytes<R: Reader<'de>>($r: &mut R) -> Result<Self> {
                $body
            }

        }
    )*};
}

decode_bytes! {
    ['de] Vec<u8> => |r| r.read_bytes().map(Cow::into_owned);
    ['de] Box<[u8]> => |r| r.read_bytes().map(Box::from);
    ['de: 'a, 'a] &'a [u8] => |r| r.read_borrowed_bytes();
    ['de: 'a, 'a] Cow<'a, [u8]> => |r| r.read_bytes();
    ['de: 'a, 'a] Bytes<'a> => |r| r.read_bytes().map(Bytes);
    ['de, const N: usize] [u8; N] => |r| r.read_byte_array();
}

impl<'de, T: DecodeBytes<'de>> DecodeBytes<'de> for Option<T> {
    #[inline]
    fn decode_bytes<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        if r.try_read_null()? {
            Ok(None)
        } else {
            T::decode_bytes(r).map(Some)
        }
    }

    #[inline]
    fn absent_bytes() -> Option<Self> {
        Some(None)
    }
}
