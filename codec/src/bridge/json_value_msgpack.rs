//! [`Value`], [`Number`] and [`Map`] (the dynamic JSON value), and [`RawJson`], in
//! MessagePack.
//!
//! Integers keep their exact value; floats become `f64` numbers (NaN and the infinities,
//! which a `Number` cannot hold, are an error); a bin becomes an array of numbers; a map's
//! keys must be strings; an extension value is an error. Values are written back with the
//! smallest encodings.
//!
//! A bridge between the formats: each trait impl here names both formats' methods (an
//! impl is one block), so it lives neither in `json/` nor in `msgpack/`, which name
//! nothing of each other. The JSON halves the impls call are defined beside the types
//! (`write_json`, `read_json`, `MapBuilder`). Without the `msgpack` feature, `json/value.rs`
//! and `json/raw.rs` have JSON-only impls of their own (and `impls/json_map.rs` the
//! JSON-only `DecodeFields` of `Map`).

use alloc::borrow::Cow;
use alloc::borrow::ToOwned;
use alloc::vec::Vec;

use crate::__private::DecodeFields;
use crate::error::{Error, ErrorKind, Result};
use crate::json::value::{duplicate_key, MapBuilder};
use crate::json::{self, DuplicateKeys, JsonReader, JsonWriter, Map, Number, RawJson, Value};
use crate::msgpack::reader::Int;
use crate::msgpack::{Key, Kind, MsgpackReader, MsgpackWriter};
use crate::{Decode, Encode};

impl Encode for Number {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        self.write_json(w)
    }

    #[inline]
    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        // Integers first, as they are held: `as_f64` of an integer would round it.
        if let Some(v) = self.as_u64() {
            w.write_u64(v);
        } else if let Some(v) = self.as_i64() {
            w.write_i64(v);
        } else if let Some(v) = self.as_f64() {
            w.write_f64(v);
        }
        Ok(())
    }
}

impl<'de> Decode<'de> for Number {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        r.read_number()
    }

    /// Any integer or float; NaN and the infinities are an error.
    #[inline]
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        let at = r.position();
        match r.read_number()? {
            Ok(Int::Pos(v)) => Ok(Number::from(v)),
            Ok(Int::Neg(v)) => Ok(Number::from(v)),
            Err(f) => Number::from_f64(f).ok_or_else(|| non_finite(at, f)),
        }
    }
}

#[cold]
#[inline(never)]
fn non_finite(at: usize, f: f64) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Owned(format!("{f} is not a JSON number"))), at)
}

impl Encode for Value {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        self.write_json(w)
    }

    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        match self {
            Value::Null => w.write_nil(),
            Value::Bool(b) => w.write_bool(*b),
            Value::Number(n) => n.encode_msgpack(w)?,
            Value::String(s) => w.write_str(s)?,
            Value::Array(a) => {
                w.write_array_len(a.len())?;
                for v in a {
                    v.encode_msgpack(w)?;
                }
            }
            Value::Object(m) => m.encode_msgpack(w)?,
        }
        Ok(())
    }
}

impl<'de> Decode<'de> for Value {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        Value::read_json(r)
    }

    /// Reads any MessagePack value that JSON can hold (see the module docs).
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        match r.peek_kind() {
            Some(Kind::Nil) => r.read_null().map(|()| Value::Null),
            Some(Kind::Bool) => r.read_bool().map(Value::Bool),
            Some(Kind::Int | Kind::Float) => Number::decode_msgpack(r).map(Value::Number),
            Some(Kind::Str) => r.read_str().map(|s| Value::String(s.to_owned())),
            Some(Kind::Bin) => Ok(Value::Array(r.read_bin()?.iter().map(|&b| Value::from(b)).collect())),
            Some(Kind::Array) => {
                let n = r.read_array_len()?;
                let mut items = Vec::with_capacity(r.capacity_for(n, core::mem::size_of::<Value>()));
                for i in 0..n {
                    match Value::decode_msgpack(r) {
                        Ok(v) => items.push(v),
                        Err(e) => return Err(e.in_index(i)),
                    }
                }
                r.leave();
                Ok(Value::Array(items))
            }
            Some(Kind::Map) => Map::decode_msgpack(r).map(Value::Object),
            _ => Err(r.invalid_type("a JSON value")),
        }
    }
}

impl Encode for Map {
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        self.write_json(w)
    }

    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        w.write_map_len(self.len())?;
        for (k, v) in self {
            w.write_str(k)?;
            v.encode_msgpack(w)?;
        }
        Ok(())
    }
}

impl<'de> Decode<'de> for Map {
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        Map::read_json(r)
    }

    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        let n = r.read_map_len()?;
        let mut state = MapBuilder::new();
        for _ in 0..n {
            let key = r.read_key()?;
            Map::decode_field_msgpack(&mut state, key, r)?;
        }
        r.leave();
        Ok(state.into_map())
    }
}

impl<'de> DecodeFields<'de> for Map {
    type State = MapBuilder;

    const CATCH_ALL: bool = true;

    fn new_state() -> MapBuilder {
        MapBuilder::new()
    }

    /// Claims every key; a repeated key follows the reader's duplicate-key policy.
    fn decode_field(state: &mut MapBuilder, key: json::Key<'de>, r: &mut JsonReader<'de>) -> Result<bool> {
        state.read_json_member(key, r)
    }

    /// Claims every key, which must be a string.
    fn decode_field_msgpack(state: &mut MapBuilder, key: Key<'de>, r: &mut MsgpackReader<'de>) -> Result<bool> {
        let name = r.key_str(key)?.to_owned();
        match state.find(&name) {
            None => {
                let value = Value::decode_msgpack(r).map_err(|e| e.in_key(&name))?;
                state.push(name, value);
            }
            Some(i) => match r.duplicate_keys() {
                DuplicateKeys::KeepFirst => r.skip_value()?,
                DuplicateKeys::KeepLast => {
                    let value = Value::decode_msgpack(r).map_err(|e| e.in_key(&name))?;
                    state.replace(i, value);
                }
                _ => return Err(duplicate_key(key.offset(), name)),
            },
        }
        Ok(true)
    }

    fn finish(state: MapBuilder, _end: usize) -> Result<Map> {
        Ok(state.into_map())
    }
}

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
