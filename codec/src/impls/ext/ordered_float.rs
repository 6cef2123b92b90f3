//! `ordered_float::{OrderedFloat, NotNan}` of `f32` and `f64` (feature `ordered-float`).
//!
//! | type | JSON | MessagePack |
//! |---|---|---|
//! | `OrderedFloat<f64>`, `OrderedFloat<f32>` | the number, as the float itself | the float itself |
//! | `NotNan<f64>`, `NotNan<f32>` | the number; NaN cannot be read | the float; a NaN is an error |
//! | map key (all four) | the number in a string, `"1.5"` | the float itself |
//!
//! Each is written and read as the float it wraps, as ordered-float's serde impl does, so
//! everything codec says of `f32` and `f64` holds: shortest round-trip output, exact
//! parsing, and NaN or an infinity is an error in JSON (serde_json would write `null`,
//! which does not read back). Reading a NaN into `NotNan`, which only MessagePack can
//! hold, is an error at the value. As map keys (ordered floats are `Ord`, so they key a
//! `BTreeMap`) they are written in JSON as serde_json writes a float key, the number
//! between quotes, and read from such a string.
//!
//! ```
//! use ordered_float::{NotNan, OrderedFloat};
//! use std::collections::BTreeMap;
//!
//! let v: Vec<OrderedFloat<f64>> = codec::json::from_str("[2.5, -0.0, 1e300]")?;
//! assert_eq!(codec::json::to_string(&v)?, "[2.5,-0.0,1e+300]");
//! let n: NotNan<f32> = codec::json::from_str("0.1")?;
//! assert_eq!(n.into_inner(), 0.1f32);
//! let m = BTreeMap::from([(OrderedFloat(1.5), "a"), (OrderedFloat(-2.0), "b")]);
//! assert_eq!(codec::json::to_string(&m)?, r#"{"-2.0":"b","1.5":"a"}"#);
//! assert_eq!(codec::json::from_str::<BTreeMap<OrderedFloat<f64>, &str>>(r#"{"-2.0":"b","1.5":"a"}"#)?, m);
//! # #[cfg(feature = "msgpack")] {
//! let nan = codec::msgpack::to_vec(&f64::NAN)?;
//! let err = codec::msgpack::from_slice::<NotNan<f64>>(&nan).unwrap_err();
//! assert_eq!(err.to_string(), "invalid value: NaN where a NotNan float is expected (byte 0)");
//! # }
//! # Ok::<(), codec::Error>(())
//! ```

use alloc::borrow::Cow;

use ::ordered_float::{NotNan, OrderedFloat};

use crate::error::{Error, ErrorKind, Result};
use crate::impls::wrappers::{forward_decode, forward_encode};
use crate::{Decode, DecodeKey, EncodeKey, Reader, Writer};

#[cold]
#[inline(never)]
fn nan(at: usize) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Borrowed("NaN where a NotNan float is expected")), at)
}

macro_rules! float_impls {
    ($($f:ident $write_key:ident $key:ident;)*) => {$(
        forward_encode! {
            [] OrderedFloat<$f> => |v| v.0;
            [] NotNan<$f> => |v| v.into_inner();
        }
        forward_decode! { [] OrderedFloat<$f> => $f, OrderedFloat; }

        impl<'de> Decode<'de> for NotNan<$f> {
            /// JSON has no NaN (the reader refuses the token), but the check costs nothing
            /// and keeps the type's promise whatever the reader accepts.
            #[inline]
            fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
                let at = r.value_start();
                NotNan::new($f::decode(r)?).map_err(|_| nan(at))
            }
        }

        /// In JSON the number between quotes, as serde_json writes a float key.
        impl EncodeKey for OrderedFloat<$f> {
            #[inline]
            fn encode_key<W: Writer>(&self, w: &mut W) -> Result<()> {
                w.$write_key(self.0)
            }

        }

        impl<'de> DecodeKey<'de> for OrderedFloat<$f> {
            #[inline]
            fn decode_key<R: Reader<'de>>(key: R::Key, r: &mut R) -> Result<Self> {
                r.$key(key).map(OrderedFloat)
            }

        }

        impl EncodeKey for NotNan<$f> {
            #[inline]
            fn encode_key<W: Writer>(&self, w: &mut W) -> Result<()> {
                w.$write_key(self.into_inner())
            }

        }

        impl<'de> DecodeKey<'de> for NotNan<$f> {
            #[inline]
            fn decode_key<R: Reader<'de>>(key: R::Key, r: &mut R) -> Result<Self> {
                NotNan::new(r.$key(key)?).map_err(|_| nan(r.key_offset(key)))
            }

        }
    )*};
}

float_impls! {
    f32 write_key_f32 key_f32;
    f64 write_key_f64 key_f64;
}
