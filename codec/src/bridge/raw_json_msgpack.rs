//! [`RawJson`] in MessagePack: written as the value its text holds; not read (there is
//! no JSON text in MessagePack to borrow).
//!
//! A bridge between the formats: the impl names both formats' methods (an impl is one
//! block), so it lives neither in `json/` nor in `msgpack/`, which name nothing of each
//! other. Without the `msgpack` feature, `json/raw.rs` has the JSON-only impl.

use alloc::borrow::Cow;

use crate::error::{ErrorKind, Result};
use crate::json::{JsonReader, JsonWriter, RawJson, Value};
use crate::msgpack::{MsgpackReader, MsgpackWriter};
use crate::{Decode, Encode};

impl Encode for RawJson<'_> {
    /// Writes the captured text verbatim: it was validated when captured.
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        w.write_raw(self.as_str().as_bytes());
        Ok(())
    }

    /// Writes the value the text holds.
    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        crate::json::from_str::<Value>(self.as_str())?.encode_msgpack(w)
    }
}

impl<'de: 'a, 'a> Decode<'de> for RawJson<'a> {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        RawJson::read_json(r)
    }

    /// Always an error: there is no JSON text in MessagePack to borrow.
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        Err(r.error(ErrorKind::InvalidValue(Cow::Borrowed(
            "RawJson cannot be decoded from MessagePack (there is no JSON text to borrow); use Value",
        ))))
    }
}
