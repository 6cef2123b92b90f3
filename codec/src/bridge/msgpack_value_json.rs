//! [`msgpack::Value`](Value) and its [`Map`] in JSON: the JSON form the module docs of
//! `msgpack::value` describe (nil, bools, numbers, strings, arrays, maps whose keys are
//! all strings; an error for what JSON cannot hold), and their `Encode`/`Decode` impls,
//! each of which names both formats' methods.
//!
//! A bridge between the formats, so here rather than in `msgpack/`, which names nothing
//! of `json/`. The MessagePack halves the impls call stay beside the type
//! (`Value::read_msgpack`, `write_msgpack`, `read_map_msgpack`).

use alloc::borrow::{Cow, ToOwned};
use alloc::vec::Vec;

use crate::error::{Error, ErrorKind, Result};
use crate::json::{JsonReader, JsonWriter};
use crate::msgpack::value::{duplicate_key, path_key, read_map_msgpack, Builder, Map, Value, I};
use crate::msgpack::{DuplicateKeys, Kind, MsgpackReader, MsgpackWriter};
use crate::{Decode, Encode};

/// A value JSON has no form for, named in the error.
#[cold]
#[inline(never)]
pub(crate) fn not_json(what: &'static str) -> Error {
    Error::without_position(ErrorKind::InvalidType {
        expected: Cow::Borrowed("a value JSON can hold"),
        found: Cow::Borrowed(what),
    })
}

/// A float JSON has no form for.
#[cold]
#[inline(never)]
pub(crate) fn non_finite(v: f64) -> Error {
    let what = if v.is_nan() {
        "NaN"
    } else if v > 0.0 {
        "Infinity"
    } else {
        "-Infinity"
    };
    not_json(what)
}

impl Value {
    /// The JSON form of the module docs; an error for what JSON cannot hold.
    fn write_json(&self, w: &mut JsonWriter) -> Result<()> {
        match self {
            Value::Nil => w.write_null(),
            Value::Bool(b) => w.write_bool(*b),
            Value::Integer(i) => match i.0 {
                I::Pos(v) => w.write_u64(v),
                I::Neg(v) => w.write_i64(v),
            },
            Value::F32(v) if !v.is_finite() => return Err(non_finite(*v as f64)),
            Value::F32(v) => w.write_f32(*v)?,
            Value::F64(v) if !v.is_finite() => return Err(non_finite(*v)),
            Value::F64(v) => w.write_f64(*v)?,
            Value::String(s) => w.write_str(s),
            Value::Array(a) => {
                w.write_byte(b'[');
                for (i, v) in a.iter().enumerate() {
                    if i > 0 {
                        w.write_byte(b',');
                    }
                    v.write_json(w).map_err(|e| e.in_index(i))?;
                }
                w.write_byte(b']');
            }
            Value::Map(m) => write_map_json(m, w)?,
            Value::Binary(_) | Value::Ext(..) | Value::Timestamp(_) => return Err(not_json(self.kind())),
        }
        Ok(())
    }

    /// Any JSON value. Recursion is bounded by the reader's depth limit.
    fn read_json(r: &mut JsonReader<'_>) -> Result<Value> {
        match r.peek() {
            Some(b'n') => r.read_null().map(|()| Value::Nil),
            Some(b't' | b'f') => r.read_bool().map(Value::Bool),
            Some(b'"') => Ok(Value::String(r.read_str()?.as_str().to_owned())),
            Some(b'-' | b'0'..=b'9') => {
                let n = r.read_number()?;
                Ok(if let Some(v) = n.as_u64() {
                    Value::from(v)
                } else if let Some(v) = n.as_i64() {
                    Value::from(v)
                } else {
                    // A number that is neither integer is a finite float: `as_f64` is Some.
                    Value::F64(n.as_f64().unwrap_or_default())
                })
            }
            // `Vec`'s own JSON decoding: elements through `decode_json` (this function),
            // errors with their index.
            Some(b'[') => Vec::<Value>::decode_json(r).map(Value::Array),
            Some(b'{') => read_object_json(r).map(Value::Map),
            _ => Err(r.invalid_type("a JSON value")),
        }
    }
}

/// Reads a JSON object (the caller saw its `{`), a repeated key following the reader's
/// duplicate-key policy.
fn read_object_json(r: &mut JsonReader<'_>) -> Result<Map> {
    r.begin_object()?;
    let mut b = Builder::from_map(Map::new());
    let mut more = r.object_first()?;
    while more {
        let key = r.read_key()?;
        let name = Value::String(r.key_str(key)?.as_str().to_owned());
        match b.find(&name) {
            None => {
                let value = Value::read_json(r).map_err(|e| e.in_key(path_key(&name)))?;
                b.push(name, value);
            }
            Some(i) => match r.duplicate_keys() {
                DuplicateKeys::KeepFirst => r.skip_value()?,
                DuplicateKeys::KeepLast => {
                    let value = Value::read_json(r).map_err(|e| e.in_key(path_key(&name)))?;
                    b.replace(i, value);
                }
                _ => return Err(duplicate_key(key.offset(), &name)),
            },
        }
        more = r.object_next()?;
    }
    Ok(b.map)
}

/// The JSON form of a map: an object, when every key is a str.
fn write_map_json(m: &Map, w: &mut JsonWriter) -> Result<()> {
    w.write_byte(b'{');
    for (i, (k, v)) in m.entries.iter().enumerate() {
        let Value::String(k) = k else {
            return Err(not_json("a map key that is not a str").in_key(path_key(k)));
        };
        if i > 0 {
            w.write_byte(b',');
        }
        w.write_str(k);
        w.write_byte(b':');
        v.write_json(w).map_err(|e| e.in_key(k))?;
    }
    w.write_byte(b'}');
    Ok(())
}

impl Encode for Value {
    /// The JSON form of the module docs; an error naming what JSON cannot hold.
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        self.write_json(w)
    }

    /// Exactly the value, each part in its smallest encoding.
    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        self.write_msgpack(w)
    }
}

impl<'de> Decode<'de> for Value {
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        Value::read_json(r)
    }

    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        Value::read_msgpack(r)
    }
}

impl Encode for Map {
    /// A JSON object; an error when a key is not a str (see the module docs).
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        write_map_json(self, w)
    }

    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        w.write_map_len(self.len())?;
        for (k, v) in &self.entries {
            k.write_msgpack(w)?;
            v.write_msgpack(w)?;
        }
        Ok(())
    }
}

impl<'de> Decode<'de> for Map {
    /// A JSON object.
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        match r.peek() {
            Some(b'{') => read_object_json(r),
            _ => Err(r.invalid_type("an object")),
        }
    }

    /// A MessagePack map, keys of any type.
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        match r.peek_kind() {
            Some(Kind::Map) => read_map_msgpack(r),
            _ => Err(r.invalid_type("a map")),
        }
    }
}
