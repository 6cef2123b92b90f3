//! `bytes::{Bytes, BytesMut}` (feature `bytes`).
//!
//! | | JSON | MessagePack |
//! |---|---|---|
//! | written as | an array of numbers, `[104,105]` | a bin |
//! | read from | an array of numbers, or a string (its UTF-8 bytes) | a bin, or an array of numbers |
//!
//! They follow the byte-string rule of [`codec::Bytes`](crate::Bytes) (see its module),
//! which is also what the bytes crate's serde impl does: serde_json writes its bytes as an
//! array of numbers, rmp-serde as a bin, and it reads an array, bytes or a string. A bin
//! or an unescaped string is copied once, straight from the input into the buffer; an
//! array of numbers, or an escaped string, is read into a `Vec` that the buffer then takes
//! over without a copy.
//!
//! ```
//! use bytes::{Bytes, BytesMut};
//!
//! let b = Bytes::from_static(b"hi");
//! assert_eq!(codec::json::to_string(&b)?, "[104,105]");
//! assert_eq!(codec::json::from_str::<Bytes>("[104,105]")?, b);
//! assert_eq!(codec::json::from_str::<BytesMut>(r#""hi""#)?, BytesMut::from(&b"hi"[..]));
//! # #[cfg(feature = "msgpack")] {
//! assert_eq!(codec::msgpack::to_vec(&b)?, b"\xc4\x02hi");
//! assert_eq!(codec::msgpack::from_slice::<Bytes>(b"\xc4\x02hi")?, b);
//! # }
//! # Ok::<(), codec::Error>(())
//! ```

use alloc::borrow::Cow;

use ::bytes::{Bytes, BytesMut};

use crate::error::Result;
use crate::{Decode, Encode, Reader, Writer};

/// Owned bytes move into a `Bytes` as they are; borrowed ones are copied once.
#[inline]
fn to_bytes(b: Cow<'_, [u8]>) -> Bytes {
    match b {
        Cow::Borrowed(b) => Bytes::copy_from_slice(b),
        Cow::Owned(v) => Bytes::from(v),
    }
}

#[inline]
fn to_bytes_mut(b: Cow<'_, [u8]>) -> BytesMut {
    match b {
        Cow::Borrowed(b) => BytesMut::from(b),
        // A `Bytes` made from a `Vec` is unique, so it becomes a `BytesMut` in place.
        Cow::Owned(v) => BytesMut::from(Bytes::from(v)),
    }
}

macro_rules! bytes_impls {
    ($($ty:ident => $convert:ident;)*) => {$(
        impl Encode for $ty {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
                w.write_bytes(self)
            }
        }

        impl<'de> Decode<'de> for $ty {
            #[inline]
            fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
                crate::Bytes::decode(r).map(|b| $convert(b.0))
            }
        }
    )*};
}

bytes_impls! {
    Bytes => to_bytes;
    BytesMut => to_bytes_mut;
}
