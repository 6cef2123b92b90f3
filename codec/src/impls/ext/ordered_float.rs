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
use alloc::string::String;

use ::ordered_float::{NotNan, OrderedFloat};

use crate::error::{Error, ErrorKind, Result};
use crate::impls::wrappers::{forward_decode, forward_encode};
use crate::json::{JsonReader, JsonWriter, Key};
#[cfg(feature = "msgpack")]
use crate::msgpack::{self, MsgpackReader, MsgpackWriter};
use crate::{Decode, DecodeKey, DecodeOwned, Encode, EncodeKey};

#[cold]
#[inline(never)]
fn nan(at: usize) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Borrowed("NaN where a NotNan float is expected")), at)
}

#[cold]
#[inline(never)]
fn not_a_number_key(key: Key<'_>, expected: &str, text: &[u8]) -> Error {
    let shown = String::from_utf8_lossy(&text[..text.len().min(64)]);
    Error::new(
        ErrorKind::InvalidValue(Cow::Owned(format!("map key \"{shown}\" is not a valid {expected}"))),
        key.offset(),
    )
}

/// A float written inside a map key's string: the whole text must be the number.
#[inline]
fn parse_key<'de, F: DecodeOwned>(key: Key<'de>, r: &mut JsonReader<'de>, expected: &'static str) -> Result<F> {
    let text = r.key_bytes(key)?;
    let mut inner = JsonReader::new(text);
    match F::decode_json(&mut inner).and_then(|v| inner.end().map(|()| v)) {
        // A key string may not hold spaces around the number.
        Ok(v) if text.first().is_some_and(u8::is_ascii_graphic) && text.last().is_some_and(u8::is_ascii_graphic) => {
            Ok(v)
        }
        _ => Err(not_a_number_key(key, expected, text)),
    }
}

macro_rules! float_impls {
    ($($f:ident)*) => {$(
        forward_encode! {
            [] OrderedFloat<$f> => |v| v.0;
            [] NotNan<$f> => |v| v.into_inner();
        }
        forward_decode! { [] OrderedFloat<$f> => $f, OrderedFloat; }

        impl<'de> Decode<'de> for NotNan<$f> {
            #[inline]
            fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
                // JSON has no NaN (the reader refuses the token), but the check costs
                // nothing and keeps the type's promise whatever the reader accepts.
                let at = r.value_start();
                NotNan::new($f::decode_json(r)?).map_err(|_| nan(at))
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
                let at = r.position();
                NotNan::new($f::decode_msgpack(r)?).map_err(|_| nan(at))
            }
        }

        impl EncodeKey for OrderedFloat<$f> {
            #[inline]
            fn encode_json_key(&self, w: &mut JsonWriter) -> Result<()> {
                w.write_byte(b'"');
                self.0.encode_json(w)?;
                w.write_byte(b'"');
                Ok(())
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn encode_msgpack_key(&self, w: &mut MsgpackWriter) -> Result<()> {
                self.0.encode_msgpack(w)
            }
        }

        impl<'de> DecodeKey<'de> for OrderedFloat<$f> {
            #[inline]
            fn decode_json_key(key: Key<'de>, r: &mut JsonReader<'de>) -> Result<Self> {
                parse_key(key, r, stringify!($f)).map(OrderedFloat)
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn decode_msgpack_key(key: msgpack::Key<'de>, r: &mut MsgpackReader<'de>) -> Result<Self> {
                let mut inner = MsgpackReader::new(r.key_raw(key));
                match $f::decode_msgpack(&mut inner) {
                    Ok(v) => Ok(OrderedFloat(v)),
                    Err(_) => Err(r.key_type_error(key, stringify!($f))),
                }
            }
        }

        impl EncodeKey for NotNan<$f> {
            #[inline]
            fn encode_json_key(&self, w: &mut JsonWriter) -> Result<()> {
                OrderedFloat(self.into_inner()).encode_json_key(w)
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn encode_msgpack_key(&self, w: &mut MsgpackWriter) -> Result<()> {
                self.into_inner().encode_msgpack(w)
            }
        }

        impl<'de> DecodeKey<'de> for NotNan<$f> {
            #[inline]
            fn decode_json_key(key: Key<'de>, r: &mut JsonReader<'de>) -> Result<Self> {
                NotNan::new(parse_key(key, r, stringify!($f))?).map_err(|_| nan(key.offset()))
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn decode_msgpack_key(key: msgpack::Key<'de>, r: &mut MsgpackReader<'de>) -> Result<Self> {
                let OrderedFloat(v) = OrderedFloat::<$f>::decode_msgpack_key(key, r)?;
                NotNan::new(v).map_err(|_| nan(key.offset()))
            }
        }
    )*};
}

float_impls!(f32 f64);
