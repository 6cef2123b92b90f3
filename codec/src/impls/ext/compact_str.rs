//! `compact_str::CompactString` (feature `compact_str`).
//!
//! | | JSON | MessagePack |
//! |---|---|---|
//! | written as | a string | a str |
//! | read from | a string | a str |
//! | map key | the string | the str |
//!
//! As compact_str's serde impl. Reading copies the text straight from the input (or, for a
//! JSON string with escapes, from the reader's scratch buffer) into the `CompactString`: no
//! `String` is made on the way, so a text of up to 24 bytes (on 64-bit targets), which
//! `CompactString` keeps inline, costs no allocation at all.
//!
//! ```
//! use compact_str::CompactString;
//! use std::collections::BTreeMap;
//!
//! let tags: Vec<CompactString> = codec::json::from_str(r#"["a", "caf\u00e9"]"#)?;
//! assert_eq!(tags, ["a", "café"]);
//! assert!(!tags[1].is_heap_allocated());
//! let m = BTreeMap::from([(CompactString::new("k"), 1)]);
//! assert_eq!(codec::json::to_string(&m)?, r#"{"k":1}"#);
//! # #[cfg(feature = "msgpack")] {
//! assert_eq!(codec::msgpack::to_vec(&tags[0])?, b"\xa1a");
//! # }
//! # Ok::<(), codec::Error>(())
//! ```

use ::compact_str::CompactString;

use crate::error::Result;
use crate::json::{JsonReader, JsonWriter, Key};
#[cfg(feature = "msgpack")]
use crate::msgpack::{self, MsgpackReader, MsgpackWriter};
use crate::{Decode, DecodeKey, Encode, EncodeKey};

impl Encode for CompactString {
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

impl<'de> Decode<'de> for CompactString {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        Ok(CompactString::new(r.read_str()?.as_str()))
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        r.read_str().map(CompactString::new)
    }
}

impl EncodeKey for CompactString {
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

impl<'de> DecodeKey<'de> for CompactString {
    #[inline]
    fn decode_json_key(key: Key<'de>, r: &mut JsonReader<'de>) -> Result<Self> {
        Ok(CompactString::new(r.key_str(key)?.as_str()))
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack_key(key: msgpack::Key<'de>, r: &mut MsgpackReader<'de>) -> Result<Self> {
        r.key_str(key).map(CompactString::new)
    }
}
