//! [`json::Map`](Map) as a struct's flattened member (`#[codec(flatten)]`): its impls of
//! the model's struct-member traits, [`EncodeFields`] (generic over the writer) and,
//! without the `msgpack` feature, the JSON-only [`DecodeFields`] (with it, that impl names
//! both readers and is a bridge: `bridge/json_value_msgpack.rs`).
//!
//! Here in the model rather than beside `Map` in `json/value.rs`, so that the format names
//! nothing of the model's `__private` traits. `Map`'s JSON halves they call
//! (`MapBuilder`, `read_json_member`) stay beside the type.

use crate::__private::EncodeFields;
use crate::error::Result;
use crate::json::Map;
use crate::Encode;
#[cfg(not(feature = "msgpack"))]
use crate::{
    __private::DecodeFields,
    json::{value::MapBuilder, JsonReader, Key},
};

/// A `Map` flattened into a struct: its members among the struct's.
impl EncodeFields for Map {
    fn encode_fields<W: crate::Writer>(&self, w: &mut W, count: &mut usize) -> Result<()> {
        for (k, v) in self {
            w.map_key(*count);
            w.write_str(k)?;
            w.map_value();
            v.encode(w)?;
            *count += 1;
        }
        Ok(())
    }
}

#[cfg(not(feature = "msgpack"))]
impl<'de> DecodeFields<'de> for Map {
    type State = MapBuilder;

    const CATCH_ALL: bool = true;

    fn new_state() -> MapBuilder {
        MapBuilder::new()
    }

    fn decode_field(state: &mut MapBuilder, key: Key<'de>, r: &mut JsonReader<'de>) -> Result<bool> {
        state.read_json_member(key, r)
    }

    fn finish(state: MapBuilder, _end: usize) -> Result<Map> {
        Ok(state.into_map())
    }
}
