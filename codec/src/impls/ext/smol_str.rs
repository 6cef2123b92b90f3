//! `smol_str::SmolStr` (feature `smol_str`).
//!
//! | | JSON | MessagePack |
//! |---|---|---|
//! | written as | a string | a str |
//! | read from | a string | a str |
//! | map key | the string | the str |
//!
//! As smol_str's serde impl. Reading copies the text straight from the input (or, for a
//! JSON string with escapes, from the reader's scratch buffer) into the `SmolStr`: no
//! `String` is made on the way, so a text of up to 23 bytes, which `SmolStr` keeps inline,
//! costs no allocation at all.
//!
//! ```
//! use smol_str::SmolStr;
//! use std::collections::BTreeMap;
//!
//! let tags: Vec<SmolStr> = codec::json::from_str(r#"["a", "caf\u00e9"]"#)?;
//! assert_eq!(tags, ["a", "café"]);
//! assert!(!tags[1].is_heap_allocated());
//! let m = BTreeMap::from([(SmolStr::new("k"), 1)]);
//! assert_eq!(codec::json::to_string(&m)?, r#"{"k":1}"#);
//! # #[cfg(feature = "msgpack")] {
//! assert_eq!(codec::msgpack::to_vec(&tags[0])?, b"\xa1a");
//! # }
//! # Ok::<(), codec::Error>(())
//! ```

use ::smol_str::SmolStr;

use crate::error::Result;
use crate::json::{JsonReader, JsonWriter, Key};
#[cfg(feature = "msgpack")]
use crate::msgpack::{self, MsgpackReader, MsgpackWriter};
use crate::{Decode, DecodeKey, Encode, EncodeKey};

impl Encode for SmolStr {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        w.write_str(self);
        Ok(())
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        w.write_str(self)
    }
}

impl<'de> Decode<'de> for SmolStr {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        Ok(SmolStr::new(r.read_str()?.as_str()))
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        r.read_str().map(SmolStr::new)
    }
}

impl EncodeKey for SmolStr {
    #[inline]
    fn encode_json_key(&self, w: &mut JsonWriter) -> Result<()> {
        self.encode_json(w)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn encode_msgpack_key(&self, w: &mut MsgpackWriter) -> Result<()> {
        self.encode_msgpack(w)
    }
}

impl<'de> DecodeKey<'de> for SmolStr {
    #[inline]
    fn decode_json_key(key: Key<'de>, r: &mut JsonReader<'de>) -> Result<Self> {
        Ok(SmolStr::new(r.key_str(key)?.as_str()))
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack_key(key: msgpack::Key<'de>, r: &mut MsgpackReader<'de>) -> Result<Self> {
        r.key_str(key).map(SmolStr::new)
    }
}
