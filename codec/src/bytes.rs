//! Byte strings: the [`Bytes`] type, always a MessagePack bin, and the traits behind the
//! `#[codec(bytes)]` field attribute, which makes a `Vec<u8>`, `&[u8]`, `Box<[u8]>`,
//! `Cow<[u8]>` or `[u8; N]` field a bin too.
//!
//! JSON has no byte strings: there these types keep the form `Vec<u8>` has, an array of
//! numbers, and a borrowed `&[u8]` cannot be decoded (the bytes exist nowhere in the input).

use std::borrow::Cow;
use std::ops::Deref;

#[cfg(feature = "msgpack")]
use crate::error::Error;
use crate::error::{ErrorKind, Result};
use crate::json::{JsonReader, JsonWriter};
#[cfg(feature = "msgpack")]
use crate::msgpack::{MsgpackReader, MsgpackWriter};
use crate::{Decode, Encode};

/// A byte string: a bin in MessagePack (borrowed from the input when decoded), an array
/// of numbers in JSON.
///
/// ```
/// use codec::Bytes;
///
/// let b = Bytes::from(&b"\x00\xff"[..]);
/// let packed = codec::msgpack::to_vec(&b)?;
/// assert_eq!(packed, b"\xc4\x02\x00\xff");
/// let back: Bytes = codec::msgpack::from_slice(&packed)?;
/// assert!(back.is_borrowed());
/// assert_eq!(back, b);
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

impl Encode for Bytes<'_> {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        self.0.encode_json(w)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        w.write_bin(&self.0)
    }
}

impl<'de: 'a, 'a> Decode<'de> for Bytes<'a> {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        Vec::<u8>::decode_json(r).map(Bytes::from)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        r.read_bin().map(Bytes::from)
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
/// assert_eq!(codec::msgpack::to_vec(&v)?, b"\x81\xa4data\xc4\x02\x01\x02");
/// assert_eq!(codec::json::to_string(&v)?, r#"{"data":[1,2]}"#);
/// # Ok::<(), codec::Error>(())
/// ```
pub trait EncodeBytes {
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

/// A byte-string type for a `#[codec(bytes)]` field: how it is read.
///
/// ```
/// #[derive(codec::Codec, Debug, PartialEq)]
/// struct Blob<'a> {
///     #[codec(bytes)]
///     data: &'a [u8],
///     #[codec(bytes)]
///     more: Option<Vec<u8>>,
/// }
/// let packed = b"\x81\xa4data\xc4\x01\x07";
/// let v: Blob = codec::msgpack::from_slice(packed)?;
/// assert_eq!(v, Blob { data: &[7], more: None });
/// // JSON has no bytes to borrow.
/// assert!(codec::json::from_str::<Blob>(r#"{"data":[7]}"#).is_err());
/// # Ok::<(), codec::Error>(())
/// ```
pub trait DecodeBytes<'de>: Sized {
    /// Reads the bytes from JSON (an array of numbers).
    fn decode_json_bytes(r: &mut JsonReader<'de>) -> Result<Self>;

    /// Reads the bytes from a MessagePack bin. The default body, there for JSON-only impls,
    /// returns an [`ErrorKind::Unsupported`] error naming `Self`, at the reader's position.
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
            fn encode_json_bytes(&self, w: &mut JsonWriter) -> Result<()> {
                let bytes: &[u8] = self;
                bytes.encode_json(w)
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn encode_msgpack_bytes(&self, w: &mut MsgpackWriter) -> Result<()> {
                w.write_bin(self)
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
    fn encode_json_bytes(&self, w: &mut JsonWriter) -> Result<()> {
        (**self).encode_json_bytes(w)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn encode_msgpack_bytes(&self, w: &mut MsgpackWriter) -> Result<()> {
        (**self).encode_msgpack_bytes(w)
    }
}

impl<T: EncodeBytes> EncodeBytes for Option<T> {
    #[inline]
    fn encode_json_bytes(&self, w: &mut JsonWriter) -> Result<()> {
        match self {
            Some(v) => v.encode_json_bytes(w),
            None => {
                w.write_null();
                Ok(())
            }
        }
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn encode_msgpack_bytes(&self, w: &mut MsgpackWriter) -> Result<()> {
        match self {
            Some(v) => v.encode_msgpack_bytes(w),
            None => {
                w.write_nil();
                Ok(())
            }
        }
    }
}

impl<'de> DecodeBytes<'de> for Vec<u8> {
    #[inline]
    fn decode_json_bytes(r: &mut JsonReader<'de>) -> Result<Self> {
        Vec::decode_json(r)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack_bytes(r: &mut MsgpackReader<'de>) -> Result<Self> {
        r.read_bin().map(<[u8]>::to_vec)
    }
}

impl<'de> DecodeBytes<'de> for Box<[u8]> {
    #[inline]
    fn decode_json_bytes(r: &mut JsonReader<'de>) -> Result<Self> {
        Vec::decode_json(r).map(Vec::into_boxed_slice)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack_bytes(r: &mut MsgpackReader<'de>) -> Result<Self> {
        r.read_bin().map(Box::from)
    }
}

impl<'de: 'a, 'a> DecodeBytes<'de> for &'a [u8] {
    #[inline]
    fn decode_json_bytes(r: &mut JsonReader<'de>) -> Result<Self> {
        Err(r.error(ErrorKind::InvalidValue(Cow::Borrowed(
            "bytes cannot be borrowed from JSON (they are an array of numbers there); use Vec<u8>, Cow<[u8]> or codec::Bytes",
        ))))
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack_bytes(r: &mut MsgpackReader<'de>) -> Result<Self> {
        r.read_bin()
    }
}

impl<'de: 'a, 'a> DecodeBytes<'de> for Cow<'a, [u8]> {
    #[inline]
    fn decode_json_bytes(r: &mut JsonReader<'de>) -> Result<Self> {
        Vec::decode_json(r).map(Cow::Owned)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack_bytes(r: &mut MsgpackReader<'de>) -> Result<Self> {
        r.read_bin().map(Cow::Borrowed)
    }
}

impl<'de: 'a, 'a> DecodeBytes<'de> for Bytes<'a> {
    #[inline]
    fn decode_json_bytes(r: &mut JsonReader<'de>) -> Result<Self> {
        Bytes::decode_json(r)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack_bytes(r: &mut MsgpackReader<'de>) -> Result<Self> {
        Bytes::decode_msgpack(r)
    }
}

impl<'de, const N: usize> DecodeBytes<'de> for [u8; N] {
    #[inline]
    fn decode_json_bytes(r: &mut JsonReader<'de>) -> Result<Self> {
        <[u8; N]>::decode_json(r)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack_bytes(r: &mut MsgpackReader<'de>) -> Result<Self> {
        let at = r.position();
        let bin = r.read_bin()?;
        bin.try_into().map_err(|_| wrong_len(at, N, bin.len()))
    }
}

#[cfg(feature = "msgpack")]
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
