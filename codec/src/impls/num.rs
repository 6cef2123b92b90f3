//! The `NonZero` integers, and `Wrapping`, `Saturating` and `Reverse` around any type.
//!
//! All are written as what they hold, as serde writes them: `NonZero<u8>` (alias
//! `NonZeroU8`) is the integer, `Wrapping(x)`, `Saturating(x)` and `Reverse(x)` are `x`,
//! in both formats and as map keys. A zero where a `NonZero` integer is expected is an
//! [`InvalidValue`](crate::ErrorKind::InvalidValue) error at the number ("expected a
//! nonzero u8, found 0"); every other error is the integer's own (range, type).
//!
//! | type | JSON | MessagePack |
//! |---|---|---|
//! | `NonZero<u8>` .. `NonZero<i128>`, `NonZero<usize>`, `NonZero<isize>` | the number | the integer |
//! | `Wrapping<T>`, `Saturating<T>`, `Reverse<T>` | `T`'s form | `T`'s form |
//!
//! ```
//! use std::num::{NonZeroU32, Wrapping};
//! let n = NonZeroU32::new(7).unwrap();
//! assert_eq!(codec::json::to_string(&n)?, "7");
//! let err = codec::json::from_str::<Vec<NonZeroU32>>("[1, 0]").unwrap_err();
//! assert_eq!(err.to_string(), "invalid value: expected a nonzero u32, found 0 at [1] (line 1, column 5)");
//! assert_eq!(codec::json::to_string(&Wrapping(-3i8))?, "-3");
//! # #[cfg(feature = "msgpack")] {
//! assert_eq!(codec::msgpack::to_vec(&n)?, b"\x07");
//! assert!(codec::msgpack::from_slice::<NonZeroU32>(b"\x00").is_err());
//! # }
//! # Ok::<(), codec::Error>(())
//! ```

use alloc::borrow::Cow;
use core::cmp::Reverse;
use core::num::{NonZero, Saturating, Wrapping};

use super::wrappers::{forward_decode, forward_decode_key, forward_encode, forward_encode_key};
use crate::error::{Error, ErrorKind, Result};
use crate::Reader;
use crate::{Decode, DecodeKey, Encode, EncodeKey};

/// A zero read where a nonzero integer was expected, at `at`.
#[cold]
#[inline(never)]
fn zero(message: &'static str, at: usize) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Borrowed(message)), at)
}

macro_rules! nonzero_impls {
    ($($t:ident)*) => {$(
        forward_encode! { [] NonZero<$t> => |v| v.get(); }
        forward_encode_key! { [] NonZero<$t> => |v| v.get(); }

        impl<'de> Decode<'de> for NonZero<$t> {
            #[inline]
            fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
                // Past any whitespace, so a zero's error points at its digit.
                let at = r.value_start();
                let v = $t::decode(r)?;
                NonZero::new(v).ok_or_else(|| zero(nonzero_impls!(@msg $t), at))
            }
        }

        impl<'de> DecodeKey<'de> for NonZero<$t> {
            #[inline]
            fn decode_key<R: Reader<'de>>(key: R::Key, r: &mut R) -> Result<Self> {
                let v = $t::decode_key(key, r)?;
                NonZero::new(v).ok_or_else(|| zero(nonzero_impls!(@msg $t), r.key_offset(key)))
            }

        }
    )*};
    (@msg $t:ident) => {
        concat!("expected a nonzero ", stringify!($t), ", found 0")
    };
}

nonzero_impls!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);

/// Newtypes written as their content, in every format and as keys; a missing field of one
/// is missing as its content would be (`Wrapping<Option<u8>>` is `Wrapping(None)`).
macro_rules! transparent_impls {
    ($($w:ident)*) => {$(
        forward_encode! { [T: Encode] $w<T> => |v| v.0; }
        forward_decode! { [T: Decode<'de>] $w<T> => T, $w; }
        forward_encode_key! { [T: EncodeKey] $w<T> => |v| v.0, pairs: T; }
        forward_decode_key! { [T: DecodeKey<'de>] $w<T> => T, $w; }
    )*};
}

transparent_impls!(Wrapping Saturating Reverse);
