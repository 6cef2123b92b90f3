//! Conversions between [`json::Value`](JsonValue) and the dynamic values with typed keys,
//! [`msgpack::Value`](crate::msgpack::Value) and [`cbor::Value`](crate::cbor::Value) (and
//! their maps and numbers): `From` the JSON value, which always succeeds, and `TryFrom`
//! the other, which fails on what JSON cannot hold (the module docs of `msgpack::value`
//! and `cbor::value`).
//!
//! A bridge between the formats, so here rather than in either: `json/` is always built
//! and names nothing of `msgpack/` or `cbor/`, and they name nothing of `json/`. What the
//! two value types share (their map, arrays, the errors) is converted once, generically.

use alloc::string::String;
use alloc::vec::Vec;

use crate::dynamic::{self, not_json, path_key, Element, Map};
use crate::error::Error;
use crate::json::{Map as JsonMap, Number, Value as JsonValue};

impl<V: Element + From<JsonValue>> From<JsonMap> for Map<V> {
    /// The members in order, as text keys (unique already).
    ///
    /// ```
    /// let j: codec::json::Map = [("a", 1)].into_iter().collect();
    /// # #[cfg(feature = "cbor")]
    /// assert_eq!(codec::cbor::Map::from(j)["a"], 1);
    /// ```
    fn from(m: JsonMap) -> Map<V> {
        Map { entries: m.into_iter().map(|(k, v)| (V::text(k), V::from(v))).collect() }
    }
}

impl<V: Element> TryFrom<Map<V>> for JsonMap
where
    JsonValue: TryFrom<V, Error = Error>,
{
    type Error = Error;

    /// The object of the same members, when every key is text.
    ///
    /// ```
    /// # #[cfg(feature = "msgpack")] {
    /// use codec::msgpack::Map;
    /// let m: Map = [("a", 1)].into_iter().collect();
    /// assert_eq!(codec::json::Map::try_from(m)?["a"], 1);
    /// # }
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn try_from(m: Map<V>) -> Result<JsonMap, Error> {
        let mut members = Vec::with_capacity(m.len());
        for (k, v) in m.entries {
            let k: String = match k.as_text() {
                Some(s) => s.into(),
                None => return Err(not_json(V::NON_TEXT_KEY).in_key(path_key(&k))),
            };
            let v = JsonValue::try_from(v).map_err(|e| e.in_key(&k))?;
            members.push((k, v));
        }
        // Collecting indexes the keys (unique already), so a large map converts in
        // linear time, where inserting one by one would scan.
        Ok(members.into_iter().collect())
    }
}

/// The JSON array of the elements, the first error with its index.
fn json_array<V>(items: Vec<V>) -> Result<JsonValue, Error>
where
    JsonValue: TryFrom<V, Error = Error>,
{
    let mut out = Vec::with_capacity(items.len());
    for (i, v) in items.into_iter().enumerate() {
        out.push(JsonValue::try_from(v).map_err(|e| e.in_index(i))?);
    }
    Ok(JsonValue::Array(out))
}

/// A JSON number of the float `v`: an error for NaN and the infinities.
fn json_float(v: f64) -> Result<JsonValue, Error> {
    Number::from_f64(v).map(JsonValue::Number).ok_or_else(|| dynamic::non_finite(v))
}

/// A JSON number as a value type `V`: an integer when the number is one (`u64`, else
/// `i64`), else a float.
fn json_number<V: From<u64> + From<i64> + From<f64>>(n: Number) -> V {
    match (n.as_u64(), n.as_i64()) {
        (Some(v), _) => V::from(v),
        (None, Some(v)) => V::from(v),
        // A `Number` that is not an integer is a finite float, and `as_f64` is `Some`.
        _ => V::from(n.as_f64().unwrap_or_default()),
    }
}

/// The JSON value as a value type `V`: null, numbers ([`json_number`]), text, arrays and
/// the map (text keys, the generic one).
fn from_json<V>(v: JsonValue) -> V
where
    V: Element + From<JsonValue> + From<bool> + From<u64> + From<i64> + From<f64> + From<Vec<V>> + From<Map<V>>,
{
    match v {
        JsonValue::Null => V::null().clone(),
        JsonValue::Bool(b) => V::from(b),
        JsonValue::Number(n) => json_number(n),
        JsonValue::String(s) => V::text(s),
        JsonValue::Array(a) => V::from(a.into_iter().map(V::from).collect::<Vec<V>>()),
        JsonValue::Object(m) => V::from(Map::from(m)),
    }
}

#[cfg(feature = "msgpack")]
mod msgpack {
    use super::*;
    use crate::msgpack::value::{Integer, Value, I};

    impl From<JsonValue> for Value {
        /// Every JSON value has a MessagePack form: `null` is nil, integers stay exact,
        /// other numbers are float 64, objects are maps with str keys in the same order.
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
            from_json(v)
        }
    }

    impl From<Number> for Value {
        /// An integer when the number is one, else a float 64.
        fn from(n: Number) -> Value {
            json_number(n)
        }
    }

    impl TryFrom<Value> for JsonValue {
        type Error = Error;

        /// The JSON value of the same data. A bin, an ext, a timestamp, a map key that is
        /// not a str, NaN and the infinities have none: the error names the first one met
        /// and its path. A float 32 becomes the `f64` of the same value.
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
                Value::F32(f) => json_float(f as f64)?,
                Value::F64(f) => json_float(f)?,
                Value::String(s) => JsonValue::String(s),
                Value::Array(a) => json_array(a)?,
                Value::Map(m) => JsonValue::Object(JsonMap::try_from(m)?),
                other => return Err(not_json(other.kind())),
            })
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
}

#[cfg(feature = "cbor")]
mod cbor {
    use super::*;
    use crate::cbor::{Integer, Value};

    impl From<JsonValue> for Value {
        /// Every JSON value has a CBOR form: `null` is null, integers stay exact, other
        /// numbers are floats, objects are maps with text keys in the same order.
        ///
        /// ```
        /// use codec::cbor::Value;
        /// let j: codec::json::Value = codec::json::from_str(r#"{"n": -1, "x": 0.5, "s": ["t"]}"#)?;
        /// let v = Value::from(j);
        /// assert_eq!(v["n"], Value::from(-1));
        /// assert_eq!(v["x"], Value::Float(0.5));
        /// assert_eq!(codec::cbor::to_vec(&v)?, b"\xa3\x61n\x20\x61x\xf9\x38\x00\x61s\x81\x61t");
        /// # Ok::<(), codec::Error>(())
        /// ```
        fn from(v: JsonValue) -> Value {
            from_json(v)
        }
    }

    impl TryFrom<Value> for JsonValue {
        type Error = Error;

        /// The JSON value of the same data. A byte string, a tag, `undefined`, a simple
        /// value, a map key that is not text, an integer beyond `i64` and `u64`, NaN and
        /// the infinities have none: the error names the first one met and its path.
        ///
        /// ```
        /// use codec::cbor::Value;
        ///
        /// // [1.5, {1: 2}]
        /// let v: Value = codec::cbor::from_slice(b"\x82\xf9\x3e\x00\xa1\x01\x02")?;
        /// let err = codec::json::Value::try_from(v).unwrap_err();
        /// assert_eq!(err.to_string(), r#"invalid type: expected a value JSON can hold, found a map key that is not text at [1]["1"]"#);
        /// let tagged = Value::Tag(1, Box::new(Value::from(0)));
        /// assert!(codec::json::Value::try_from(tagged).is_err());
        /// let ok = codec::json::Value::try_from(Value::from(vec![Value::from(1.5), Value::Null]))?;
        /// assert_eq!(ok.to_string(), "[1.5,null]");
        /// # Ok::<(), codec::Error>(())
        /// ```
        fn try_from(v: Value) -> Result<JsonValue, Error> {
            match v {
                Value::Integer(i) => Number::try_from(i).map(JsonValue::Number),
                Value::Float(f) => json_float(f),
                Value::Array(a) => json_array(a),
                Value::Map(m) => JsonMap::try_from(m).map(JsonValue::Object),
                Value::Text(s) => Ok(JsonValue::String(s)),
                Value::Bool(b) => Ok(JsonValue::Bool(b)),
                Value::Null => Ok(JsonValue::Null),
                other => Err(not_json(other.kind())),
            }
        }
    }

    impl TryFrom<Integer> for Number {
        type Error = Error;

        /// The same integer, when it fits `u64` or `i64` (JSON's numbers hold no more
        /// exactly); else an error naming it.
        ///
        /// ```
        /// use codec::cbor::Integer;
        /// assert_eq!(codec::json::Number::try_from(Integer::from(-5))?.as_i64(), Some(-5));
        /// assert!(codec::json::Number::try_from(Integer::MIN).is_err());
        /// # Ok::<(), codec::Error>(())
        /// ```
        fn try_from(i: Integer) -> Result<Number, Error> {
            match (i.as_u64(), i.as_i64()) {
                (Some(v), _) => Ok(Number::from(v)),
                (None, Some(v)) => Ok(Number::from(v)),
                _ => Err(not_json("an integer beyond i64 and u64")),
            }
        }
    }
}
