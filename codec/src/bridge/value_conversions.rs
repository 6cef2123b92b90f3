//! Conversions between [`msgpack::Value`](Value) and [`json::Value`](JsonValue) (and
//! their maps and numbers): `From` the JSON value, which always succeeds, and `TryFrom`
//! the MessagePack one, which fails on what JSON cannot hold (the module docs of
//! `msgpack::value`).
//!
//! A bridge between the formats, so here rather than in either: `json/` is always built
//! and names nothing of `msgpack/`, and `msgpack/` names nothing of `json/`.

use alloc::string::String;
use alloc::vec::Vec;

use crate::error::Error;
use crate::json::{Map as JsonMap, Number, Value as JsonValue};
use crate::msgpack::value::{non_finite, not_json, path_key, Integer, Map, Value, I};

impl From<JsonValue> for Value {
    /// Every JSON value has a MessagePack form: `null` is nil, integers stay exact, other
    /// numbers are float 64, objects are maps with str keys in the same order.
    ///
    /// ```
    /// use codec::msgpack::Value;
    /// let j: codec::json::Value = codec::json::from_str(r#"{"n": -1, "x": 0.5, "s": ["t"]}"#)?;
    /// let v = Value::from(j);
    /// assert_eq!(v["n"], Value::from(-1));
    /// assert_eq!(v["x"], Value::F64(0.5));
    /// assert_eq!(codec::msgpack::to_vec(&v)?, b"\x83\xa1n\xff\xa1x\xcb\x3f\xe0\x00\x00\x00\x00\x00\x00\xa1s\x91\xa1t");
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn from(v: JsonValue) -> Value {
        match v {
            JsonValue::Null => Value::Nil,
            JsonValue::Bool(b) => Value::Bool(b),
            JsonValue::Number(n) => Value::from(n),
            JsonValue::String(s) => Value::String(s),
            JsonValue::Array(a) => Value::Array(a.into_iter().map(Value::from).collect()),
            JsonValue::Object(m) => Value::Map(Map::from(m)),
        }
    }
}

impl From<Number> for Value {
    /// An integer when the number is one, else a float 64.
    fn from(n: Number) -> Value {
        if let Some(v) = n.as_u64() {
            Value::from(v)
        } else if let Some(v) = n.as_i64() {
            Value::from(v)
        } else {
            // A `Number` that is not an integer is a finite float, and `as_f64` is `Some`.
            Value::F64(n.as_f64().unwrap_or_default())
        }
    }
}

impl From<JsonMap> for Map {
    /// The members in order, as str keys (unique already).
    fn from(m: JsonMap) -> Map {
        Map { entries: m.into_iter().map(|(k, v)| (Value::String(k), Value::from(v))).collect() }
    }
}

impl TryFrom<Value> for JsonValue {
    type Error = Error;

    /// The JSON value of the same data. A bin, an ext, a timestamp, a map key that is not
    /// a str, NaN and the infinities have none: the error names the first one met and its
    /// path. A float 32 becomes the `f64` of the same value.
    ///
    /// ```
    /// use codec::msgpack::Value;
    ///
    /// let v: Value = codec::msgpack::from_slice(b"\x92\xca\x3f\xc0\x00\x00\x81\x01\x02")?;
    /// let err = codec::json::Value::try_from(v).unwrap_err();
    /// assert_eq!(err.to_string(), r#"invalid type: expected a value JSON can hold, found a map key that is not a str at [1]["1"]"#);
    /// let ok = codec::json::Value::try_from(Value::from(vec![Value::F32(1.5), Value::Nil]))?;
    /// assert_eq!(ok.to_string(), "[1.5,null]");
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn try_from(v: Value) -> Result<JsonValue, Error> {
        Ok(match v {
            Value::Nil => JsonValue::Null,
            Value::Bool(b) => JsonValue::Bool(b),
            Value::Integer(i) => JsonValue::Number(Number::from(i)),
            Value::F32(f) => JsonValue::Number(Number::from_f64(f as f64).ok_or_else(|| non_finite(f as f64))?),
            Value::F64(f) => JsonValue::Number(Number::from_f64(f).ok_or_else(|| non_finite(f))?),
            Value::String(s) => JsonValue::String(s),
            Value::Array(a) => {
                let mut out = Vec::with_capacity(a.len());
                for (i, v) in a.into_iter().enumerate() {
                    out.push(JsonValue::try_from(v).map_err(|e| e.in_index(i))?);
                }
                JsonValue::Array(out)
            }
            Value::Map(m) => JsonValue::Object(JsonMap::try_from(m)?),
            other => return Err(not_json(other.kind())),
        })
    }
}

impl TryFrom<Map> for JsonMap {
    type Error = Error;

    /// The object of the same members, when every key is a str.
    ///
    /// ```
    /// use codec::msgpack::Map;
    /// let m: Map = [("a", 1)].into_iter().collect();
    /// assert_eq!(codec::json::Map::try_from(m)?["a"], 1);
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn try_from(m: Map) -> Result<JsonMap, Error> {
        let mut members = Vec::with_capacity(m.len());
        for (k, v) in m.entries {
            let k: String = match k {
                Value::String(s) => s,
                other => return Err(not_json("a map key that is not a str").in_key(path_key(&other))),
            };
            let v = JsonValue::try_from(v).map_err(|e| e.in_key(&k))?;
            members.push((k, v));
        }
        // Collecting indexes the keys (unique already), so a large map converts in
        // linear time, where inserting one by one would scan.
        Ok(members.into_iter().collect())
    }
}

impl From<Integer> for Number {
    /// The same integer.
    ///
    /// ```
    /// use codec::msgpack::Integer;
    /// assert_eq!(codec::json::Number::from(Integer::from(-5)).as_i64(), Some(-5));
    /// ```
    fn from(i: Integer) -> Number {
        match i.0 {
            I::Pos(v) => Number::from(v),
            I::Neg(v) => Number::from(v),
        }
    }
}
