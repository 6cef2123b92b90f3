//! A dynamic JSON value, for documents whose shape is not known at compile time.
//!
//! [`Value`] is the usual tree: null, booleans, [`Number`]s that keep integers exact over
//! the whole `u64` and `i64` range, strings, arrays and objects. Objects are a [`Map`] that
//! keeps members in input order. A `Value` decodes through the same reader as derived
//! types, so the depth limit, the duplicate-key policy and every syntax check apply to
//! it, and it nests in derived types like any other field.
//!
//! A `Value` is also a dynamic MessagePack value: integers keep their exact value, floats
//! become `f64` numbers (NaN and the infinities, which a `Number` cannot hold, are an
//! error), a bin becomes an array of numbers, and a map's keys must be strings; an
//! extension value is an error. It is written back with the smallest encodings.
//!
//! ```
//! use codec::json::Value;
//!
//! let v: Value = codec::json::from_str(r#"{"id": 18446744073709551615, "tags": ["a", "b"], "ok": true}"#)?;
//! assert_eq!(v["id"].as_u64(), Some(u64::MAX));
//! assert_eq!(v["tags"][1], "b");
//! assert!(v["missing"].is_null());
//! assert_eq!(v.to_string(), r#"{"id":18446744073709551615,"tags":["a","b"],"ok":true}"#);
//! # Ok::<(), codec::Error>(())
//! ```

use alloc::borrow::{Cow, ToOwned};
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::ops::{Index, IndexMut};

use super::{DuplicateKeys, JsonReader, JsonWriter};
use crate::error::{Error, ErrorKind, Result};
use crate::reader::{ParsedNumber, Reader, ValueKind};
use crate::writer::Writer;

// ---------------------------------------------------------------- Number

/// A JSON number: a non-negative integer up to `u64::MAX`, a negative integer down to
/// `i64::MIN`, or a finite `f64`.
///
/// Integers stay exact; a literal with a fraction or an exponent is a float, and so is an
/// integer beyond both ranges (`1e400` and other literals beyond `f64` are errors). `1.0`
/// stays a float and is written back as `1.0`. `-0` is the float `-0.0`, so its sign
/// survives a round trip.
///
/// ```
/// use codec::json::Number;
///
/// let n: Number = codec::json::from_str("-9223372036854775808")?;
/// assert_eq!(n.as_i64(), Some(i64::MIN));
/// let f: Number = codec::json::from_str("1.0")?;
/// assert!(f.is_f64());
/// assert_eq!(f.to_string(), "1.0");
/// assert_eq!(Number::from(7u8), Number::from(7i64));
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq)]
pub struct Number(N);

#[derive(Clone, Copy, PartialEq)]
enum N {
    PosInt(u64),
    /// Always below zero.
    NegInt(i64),
    /// Always finite.
    Float(f64),
}

// No NaN can be stored, so equality is reflexive.
impl Eq for Number {}

impl Number {
    pub(crate) fn from_parsed(n: ParsedNumber) -> Number {
        Number(match n {
            ParsedNumber::PosInt(v) => N::PosInt(v),
            ParsedNumber::NegInt(v) => N::NegInt(v),
            ParsedNumber::Float(v) => N::Float(v),
            ParsedNumber::Float32(v) => N::Float(v as f64),
        })
    }

    /// The float `v` as a number, or `None` for NaN and the infinities, which JSON cannot
    /// express.
    ///
    /// ```
    /// # use codec::json::Number;
    /// assert!(Number::from_f64(0.5).unwrap().is_f64());
    /// assert_eq!(Number::from_f64(f64::NAN), None);
    /// ```
    pub fn from_f64(v: f64) -> Option<Number> {
        v.is_finite().then_some(Number(N::Float(v)))
    }

    /// Whether the number is an integer that fits `u64`.
    ///
    /// ```
    /// # use codec::json::Number;
    /// assert!(Number::from(u64::MAX).is_u64());
    /// assert!(!Number::from(-1).is_u64());
    /// assert!(!Number::from_f64(1.0).unwrap().is_u64());
    /// ```
    pub fn is_u64(&self) -> bool {
        matches!(self.0, N::PosInt(_))
    }

    /// Whether the number is an integer that fits `i64`.
    ///
    /// ```
    /// # use codec::json::Number;
    /// assert!(Number::from(i64::MIN).is_i64());
    /// assert!(!Number::from(u64::MAX).is_i64());
    /// ```
    pub fn is_i64(&self) -> bool {
        match self.0 {
            N::PosInt(v) => v <= i64::MAX as u64,
            N::NegInt(_) => true,
            N::Float(_) => false,
        }
    }

    /// Whether the number is held as a float (it had a fraction or an exponent, was `-0`,
    /// or is an integer beyond `u64` and `i64`).
    ///
    /// ```
    /// # use codec::json::Number;
    /// let n: Number = codec::json::from_str("100000000000000000000")?;
    /// assert!(n.is_f64());
    /// assert_eq!(n.as_f64(), Some(1e20));
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn is_f64(&self) -> bool {
        matches!(self.0, N::Float(_))
    }

    /// The value as `u64`, if it is an integer in range (never a converted float).
    ///
    /// ```
    /// # use codec::json::Number;
    /// assert_eq!(Number::from(3).as_u64(), Some(3));
    /// assert_eq!(Number::from(-3).as_u64(), None);
    /// assert_eq!(Number::from_f64(3.0).unwrap().as_u64(), None);
    /// ```
    pub fn as_u64(&self) -> Option<u64> {
        match self.0 {
            N::PosInt(v) => Some(v),
            _ => None,
        }
    }

    /// The value as `i64`, if it is an integer in range (never a converted float).
    ///
    /// ```
    /// # use codec::json::Number;
    /// assert_eq!(Number::from(-3).as_i64(), Some(-3));
    /// assert_eq!(Number::from(u64::MAX).as_i64(), None);
    /// ```
    pub fn as_i64(&self) -> Option<i64> {
        match self.0 {
            N::PosInt(v) => i64::try_from(v).ok(),
            N::NegInt(v) => Some(v),
            N::Float(_) => None,
        }
    }

    /// The value as `f64`: exact for floats, the nearest `f64` for integers. Always `Some`.
    ///
    /// ```
    /// # use codec::json::Number;
    /// assert_eq!(Number::from(2).as_f64(), Some(2.0));
    /// assert_eq!(Number::from(u64::MAX).as_f64(), Some(18446744073709551615.0));
    /// ```
    pub fn as_f64(&self) -> Option<f64> {
        Some(match self.0 {
            N::PosInt(v) => v as f64,
            N::NegInt(v) => v as f64,
            N::Float(v) => v,
        })
    }
}

impl fmt::Display for Number {
    /// The JSON text of the number: integers in decimal, floats in shortest round-trip
    /// form (always with a `.` or an exponent, so `1.0` reads back as a float).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            N::PosInt(v) => f.write_str(itoa::Buffer::new().format(v)),
            N::NegInt(v) => f.write_str(itoa::Buffer::new().format(v)),
            N::Float(v) => f.write_str(zmij::Buffer::new().format_finite(v)),
        }
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Number({self})")
    }
}

// `Number`, `Value` and `Map` are read and written by one generic walk each, over the
// core's `Reader` and `Writer`, so in any format; the model's `Encode`, `Decode` and
// struct-member impls that call them are in `impls/json_value.rs` while the traits keep
// a method per format (which `json/` does not name).
impl Number {
    /// `Encode for Number`: integers as they are held, then the float.
    #[inline]
    pub(crate) fn write_to<W: Writer>(&self, w: &mut W) -> Result<()> {
        match self.0 {
            N::PosInt(v) => w.write_u64(v),
            N::NegInt(v) => w.write_i64(v),
            N::Float(v) => w.write_f64(v)?,
        }
        Ok(())
    }

    /// `Decode for Number`: any number; a float no `Number` holds (MessagePack's NaN and
    /// infinities: JSON's parser gives finite floats only) is an error.
    #[inline]
    pub(crate) fn read_from<'de, R: Reader<'de>>(r: &mut R) -> Result<Number> {
        // (For MessagePack's non-finite floats: no peek past JSON's whitespace on the hot path.)
        let at = r.position();
        let n = r.read_parsed_number()?;
        match n {
            ParsedNumber::Float(f) if !f.is_finite() => Err(non_finite(at, f)),
            ParsedNumber::Float32(f) if !f.is_finite() => Err(non_finite(at, f as f64)),
            _ => Ok(Number::from_parsed(n)),
        }
    }
}

#[cold]
#[inline(never)]
fn non_finite(at: usize, f: f64) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Owned(alloc::format!("{f} is not a JSON number"))), at)
}

impl JsonReader<'_> {
    /// Reads any JSON number, classified in the same pass that parses it: an integer that
    /// fits `u64` (or, when negative, `i64`) stays exact, anything else is the nearest
    /// `f64` (`-0` included, so its sign survives).
    ///
    /// ```
    /// # use codec::json::JsonReader;
    /// let mut r = JsonReader::new(b"[18446744073709551615, -9223372036854775808, 1.0]");
    /// r.begin_array()?;
    /// r.array_first()?;
    /// assert_eq!(r.read_number()?.as_u64(), Some(u64::MAX));
    /// r.array_next()?;
    /// assert_eq!(r.read_number()?.as_i64(), Some(i64::MIN));
    /// r.array_next()?;
    /// assert!(r.read_number()?.is_f64());
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn read_number(&mut self) -> Result<Number> {
        self.read_parsed_number().map(Number::from_parsed)
    }
}

macro_rules! number_from_unsigned {
    ($($t:ty)*) => {$(
        impl From<$t> for Number {
            #[inline]
            fn from(v: $t) -> Number {
                Number(N::PosInt(v as u64))
            }
        }
    )*};
}
number_from_unsigned!(u8 u16 u32 u64 usize);

macro_rules! number_from_signed {
    ($($t:ty)*) => {$(
        impl From<$t> for Number {
            #[inline]
            fn from(v: $t) -> Number {
                let v = v as i64;
                Number(if v < 0 { N::NegInt(v) } else { N::PosInt(v as u64) })
            }
        }
    )*};
}
number_from_signed!(i8 i16 i32 i64 isize);

// ---------------------------------------------------------------- Value

/// Any JSON value.
///
/// Decoding one applies the reader's depth limit and duplicate-key policy (by default a
/// key seen twice in one object is an error). Indexing with a missing key or position,
/// or into something that is not an object or array, gives `Null` rather than panicking.
/// `Display` writes compact JSON.
///
/// ```
/// use codec::json::{Map, Value};
///
/// let mut v: Value = codec::json::from_str(r#"{"b": 1, "a": [true, null, 1.5]}"#)?;
/// assert_eq!(v["b"], 1);
/// assert_eq!(v["a"][2], 1.5);
/// assert_eq!(v["a"][9], Value::Null);
/// v["c"] = Value::from("new");
/// // Members keep input order; new ones go last.
/// let keys: Vec<&str> = v.as_object().unwrap().keys().collect();
/// assert_eq!(keys, ["b", "a", "c"]);
/// assert_eq!(v.to_string(), r#"{"b":1,"a":[true,null,1.5],"c":"new"}"#);
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Default)]
pub enum Value {
    /// `null`.
    #[default]
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number; see [`Number`].
    Number(Number),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Value>),
    /// An object, members in input order.
    Object(Map),
}

static NULL: Value = Value::Null;

impl Value {
    /// Whether this is `null`.
    ///
    /// ```
    /// # use codec::json::Value;
    /// assert!(Value::Null.is_null());
    /// ```
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// Whether this is `true` or `false`.
    ///
    /// ```
    /// # use codec::json::Value;
    /// assert!(Value::from(false).is_boolean());
    /// ```
    pub fn is_boolean(&self) -> bool {
        matches!(self, Value::Bool(_))
    }

    /// Whether this is a number of any kind.
    ///
    /// ```
    /// # use codec::json::Value;
    /// assert!(Value::from(1).is_number() && Value::from(1.5).is_number());
    /// ```
    pub fn is_number(&self) -> bool {
        matches!(self, Value::Number(_))
    }

    /// Whether this is an integer that fits `u64` (see [`Number::is_u64`]).
    ///
    /// ```
    /// # use codec::json::Value;
    /// assert!(Value::from(u64::MAX).is_u64());
    /// ```
    pub fn is_u64(&self) -> bool {
        self.as_number().is_some_and(Number::is_u64)
    }

    /// Whether this is an integer that fits `i64` (see [`Number::is_i64`]).
    ///
    /// ```
    /// # use codec::json::Value;
    /// assert!(Value::from(-1).is_i64());
    /// ```
    pub fn is_i64(&self) -> bool {
        self.as_number().is_some_and(Number::is_i64)
    }

    /// Whether this is a number held as a float (see [`Number::is_f64`]).
    ///
    /// ```
    /// # use codec::json::Value;
    /// assert!(Value::from(1.0).is_f64());
    /// assert!(!Value::from(1).is_f64());
    /// ```
    pub fn is_f64(&self) -> bool {
        self.as_number().is_some_and(Number::is_f64)
    }

    /// Whether this is a string.
    ///
    /// ```
    /// # use codec::json::Value;
    /// assert!(Value::from("x").is_string());
    /// ```
    pub fn is_string(&self) -> bool {
        matches!(self, Value::String(_))
    }

    /// Whether this is an array.
    ///
    /// ```
    /// # use codec::json::Value;
    /// assert!(Value::from(vec![1, 2]).is_array());
    /// ```
    pub fn is_array(&self) -> bool {
        matches!(self, Value::Array(_))
    }

    /// Whether this is an object.
    ///
    /// ```
    /// # use codec::json::{Map, Value};
    /// assert!(Value::from(Map::new()).is_object());
    /// ```
    pub fn is_object(&self) -> bool {
        matches!(self, Value::Object(_))
    }

    /// The boolean, if this is one.
    ///
    /// ```
    /// # use codec::json::Value;
    /// assert_eq!(Value::from(true).as_bool(), Some(true));
    /// assert_eq!(Value::Null.as_bool(), None);
    /// ```
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The number, if this is one.
    ///
    /// ```
    /// # use codec::json::{Number, Value};
    /// assert_eq!(Value::from(3).as_number(), Some(&Number::from(3)));
    /// ```
    pub fn as_number(&self) -> Option<&Number> {
        match self {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The integer, if this is one that fits `u64`.
    ///
    /// ```
    /// # use codec::json::Value;
    /// assert_eq!(Value::from(3u8).as_u64(), Some(3));
    /// assert_eq!(Value::from("3").as_u64(), None);
    /// ```
    pub fn as_u64(&self) -> Option<u64> {
        self.as_number().and_then(Number::as_u64)
    }

    /// The integer, if this is one that fits `i64`.
    ///
    /// ```
    /// # use codec::json::Value;
    /// assert_eq!(Value::from(i64::MIN).as_i64(), Some(i64::MIN));
    /// ```
    pub fn as_i64(&self) -> Option<i64> {
        self.as_number().and_then(Number::as_i64)
    }

    /// Any number as `f64` (integers converted to the nearest `f64`).
    ///
    /// ```
    /// # use codec::json::Value;
    /// assert_eq!(Value::from(2).as_f64(), Some(2.0));
    /// assert_eq!(Value::from(2.5).as_f64(), Some(2.5));
    /// assert_eq!(Value::Null.as_f64(), None);
    /// ```
    pub fn as_f64(&self) -> Option<f64> {
        self.as_number().and_then(Number::as_f64)
    }

    /// The string, if this is one.
    ///
    /// ```
    /// # use codec::json::Value;
    /// assert_eq!(Value::from("hi").as_str(), Some("hi"));
    /// ```
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The elements, if this is an array.
    ///
    /// ```
    /// # use codec::json::Value;
    /// assert_eq!(Value::from(vec![1, 2]).as_array().map(Vec::len), Some(2));
    /// ```
    pub fn as_array(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The elements, mutably, if this is an array.
    ///
    /// ```
    /// # use codec::json::Value;
    /// let mut v = Value::from(vec![1]);
    /// v.as_array_mut().unwrap().push(Value::from(2));
    /// assert_eq!(v.to_string(), "[1,2]");
    /// ```
    pub fn as_array_mut(&mut self) -> Option<&mut Vec<Value>> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The members, if this is an object.
    ///
    /// ```
    /// # use codec::json::Value;
    /// let v: Value = codec::json::from_str(r#"{"a":1}"#)?;
    /// assert_eq!(v.as_object().unwrap().len(), 1);
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn as_object(&self) -> Option<&Map> {
        match self {
            Value::Object(m) => Some(m),
            _ => None,
        }
    }

    /// The members, mutably, if this is an object.
    ///
    /// ```
    /// # use codec::json::Value;
    /// let mut v: Value = codec::json::from_str(r#"{"a":1}"#)?;
    /// v.as_object_mut().unwrap().insert("b", Value::from(2));
    /// assert_eq!(v.to_string(), r#"{"a":1,"b":2}"#);
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn as_object_mut(&mut self) -> Option<&mut Map> {
        match self {
            Value::Object(m) => Some(m),
            _ => None,
        }
    }

    /// The member `key`, if this is an object that has it.
    ///
    /// ```
    /// # use codec::json::Value;
    /// let v: Value = codec::json::from_str(r#"{"a":null}"#)?;
    /// assert_eq!(v.get("a"), Some(&Value::Null));
    /// assert_eq!(v.get("b"), None);
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.as_object().and_then(|m| m.get(key))
    }

    /// The member `key`, mutably, if this is an object that has it.
    ///
    /// ```
    /// # use codec::json::Value;
    /// let mut v: Value = codec::json::from_str(r#"{"a":1}"#)?;
    /// *v.get_mut("a").unwrap() = Value::from(2);
    /// assert_eq!(v["a"], 2);
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.as_object_mut().and_then(|m| m.get_mut(key))
    }

    /// Takes the value out, leaving `Null`.
    ///
    /// ```
    /// # use codec::json::Value;
    /// let mut v = Value::from("x");
    /// assert_eq!(v.take(), "x");
    /// assert!(v.is_null());
    /// ```
    pub fn take(&mut self) -> Value {
        core::mem::take(self)
    }

    /// The JSON type in words, for panic messages.
    fn kind(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "a boolean",
            Value::Number(_) => "a number",
            Value::String(_) => "a string",
            Value::Array(_) => "an array",
            Value::Object(_) => "an object",
        }
    }
}

impl fmt::Debug for Value {
    /// `Null`, `Bool(true)`, `Number(1.5)`, `String("s")`, `Array [...]`, `Object {...}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => f.write_str("Null"),
            Value::Bool(b) => write!(f, "Bool({b})"),
            Value::Number(n) => fmt::Debug::fmt(n, f),
            Value::String(s) => write!(f, "String({s:?})"),
            Value::Array(a) => {
                f.write_str("Array ")?;
                f.debug_list().entries(a).finish()
            }
            Value::Object(m) => {
                f.write_str("Object ")?;
                fmt::Debug::fmt(m, f)
            }
        }
    }
}

impl Value {
    /// `Encode for Value`, in any format.
    pub(crate) fn write_to<W: Writer>(&self, w: &mut W) -> Result<()> {
        match self {
            Value::Null => w.write_null(),
            Value::Bool(b) => w.write_bool(*b),
            Value::Number(n) => n.write_to(w)?,
            Value::String(s) => w.write_str(s)?,
            Value::Array(a) => {
                w.begin_array(a.len())?;
                for (i, v) in a.iter().enumerate() {
                    w.array_element(i);
                    v.write_to(w)?;
                }
                w.end_array();
            }
            Value::Object(m) => m.write_to(w)?,
        }
        Ok(())
    }

    /// `Decode for Value`: any JSON value, and in MessagePack any value JSON can hold (a
    /// bin becomes an array of numbers; a map's keys must be strings; an extension is an
    /// error). Recursion is bounded by the reader's depth limit (128 by default), which
    /// arrays and maps count against: a limit in the hundreds of thousands could exhaust
    /// the stack.
    pub(crate) fn read_from<'de, R: Reader<'de>>(r: &mut R) -> Result<Self> {
        match r.peek_value_kind() {
            Some(ValueKind::Null) => r.read_null().map(|()| Value::Null),
            Some(ValueKind::Bool) => r.read_bool().map(Value::Bool),
            Some(ValueKind::Str) => r.read_string().map(Value::String),
            Some(ValueKind::Number | ValueKind::Int | ValueKind::Float) => Number::read_from(r).map(Value::Number),
            // `Vec`'s own decoding (its elements through `Decode for Value`, errors with
            // their index): in JSON it buffers small elements and allocates once.
            Some(ValueKind::Array) => <Vec<Value> as crate::Decode<'de>>::decode(r).map(Value::Array),
            Some(ValueKind::Map) => Map::read_from(r).map(Value::Object),
            Some(ValueKind::Bytes) => Ok(Value::Array(r.read_bytes()?.iter().map(|&b| Value::from(b)).collect())),
            _ => Err(r.invalid_type("a JSON value")),
        }
    }
}

impl fmt::Display for Value {
    /// Compact JSON, as [`to_string`](crate::json::to_string) writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut w = JsonWriter::new();
        // A `Value` holds no NaN or infinity, so encoding cannot fail.
        self.write_to(&mut w).map_err(|_| fmt::Error)?;
        f.write_str(&String::from_utf8_lossy(w.as_bytes()))
    }
}

impl core::str::FromStr for Value {
    type Err = Error;

    /// Parses JSON text, as [`from_str`](crate::json::from_str).
    ///
    /// ```
    /// # use codec::json::Value;
    /// let v: Value = "[1, 2]".parse()?;
    /// assert_eq!(v[1], 2);
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn from_str(s: &str) -> Result<Value> {
        crate::json::from_str(s)
    }
}

impl Index<&str> for Value {
    type Output = Value;

    /// The member `key`, or `Null` when absent or when this is not an object.
    fn index(&self, key: &str) -> &Value {
        self.get(key).unwrap_or(&NULL)
    }
}

impl Index<usize> for Value {
    type Output = Value;

    /// Element `index`, or `Null` when out of range or when this is not an array.
    fn index(&self, index: usize) -> &Value {
        match self {
            Value::Array(a) => a.get(index).unwrap_or(&NULL),
            _ => &NULL,
        }
    }
}

impl IndexMut<&str> for Value {
    /// The member `key`, inserted as `Null` (at the end) when absent; `Null` itself first
    /// becomes an empty object.
    ///
    /// # Panics
    /// When this is neither an object nor `Null`.
    fn index_mut(&mut self, key: &str) -> &mut Value {
        if self.is_null() {
            *self = Value::Object(Map::new());
        }
        match self {
            Value::Object(m) => m.get_or_insert_null(key),
            other => panic!("cannot index {} with a string key", other.kind()),
        }
    }
}

impl IndexMut<usize> for Value {
    /// Element `index`.
    ///
    /// # Panics
    /// When this is not an array or `index` is out of range.
    fn index_mut(&mut self, index: usize) -> &mut Value {
        match self {
            Value::Array(a) => {
                let len = a.len();
                a.get_mut(index).unwrap_or_else(|| panic!("index {index} out of range for an array of {len}"))
            }
            other => panic!("cannot index {} with a position", other.kind()),
        }
    }
}

// ---- conversions ----

impl From<Number> for Value {
    fn from(n: Number) -> Value {
        Value::Number(n)
    }
}

macro_rules! value_from_int {
    ($($t:ty)*) => {$(
        impl From<$t> for Value {
            #[inline]
            fn from(v: $t) -> Value {
                Value::Number(Number::from(v))
            }
        }
    )*};
}
value_from_int!(u8 u16 u32 u64 usize i8 i16 i32 i64 isize);

impl From<f64> for Value {
    /// A float; NaN and the infinities, which JSON cannot express, become `Null`.
    fn from(v: f64) -> Value {
        Number::from_f64(v).map_or(Value::Null, Value::Number)
    }
}

impl From<f32> for Value {
    /// As `From<f64>`, through the `f64` that holds the same value.
    fn from(v: f32) -> Value {
        Value::from(v as f64)
    }
}

impl From<bool> for Value {
    fn from(v: bool) -> Value {
        Value::Bool(v)
    }
}

impl From<String> for Value {
    fn from(v: String) -> Value {
        Value::String(v)
    }
}

impl From<&str> for Value {
    fn from(v: &str) -> Value {
        Value::String(v.to_owned())
    }
}

impl From<Cow<'_, str>> for Value {
    fn from(v: Cow<'_, str>) -> Value {
        Value::String(v.into_owned())
    }
}

impl From<char> for Value {
    fn from(v: char) -> Value {
        Value::String(v.to_string())
    }
}

impl From<()> for Value {
    fn from(_: ()) -> Value {
        Value::Null
    }
}

impl From<Map> for Value {
    fn from(v: Map) -> Value {
        Value::Object(v)
    }
}

impl<T: Into<Value>> From<Vec<T>> for Value {
    fn from(v: Vec<T>) -> Value {
        Value::Array(v.into_iter().map(Into::into).collect())
    }
}

impl<T: Clone + Into<Value>> From<&[T]> for Value {
    fn from(v: &[T]) -> Value {
        Value::Array(v.iter().cloned().map(Into::into).collect())
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    /// `None` is `Null`.
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::Null, Into::into)
    }
}

impl<T: Into<Value>> FromIterator<T> for Value {
    /// An array.
    ///
    /// ```
    /// # use codec::json::Value;
    /// let v: Value = (1..=3).collect();
    /// assert_eq!(v.to_string(), "[1,2,3]");
    /// ```
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Value {
        Value::Array(iter.into_iter().map(Into::into).collect())
    }
}

impl<K: Into<String>, V: Into<Value>> FromIterator<(K, V)> for Value {
    /// An object; a key that comes again replaces the earlier value in its place.
    ///
    /// ```
    /// # use codec::json::Value;
    /// let v: Value = [("a", 1), ("b", 2)].into_iter().collect();
    /// assert_eq!(v.to_string(), r#"{"a":1,"b":2}"#);
    /// ```
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Value {
        Value::Object(iter.into_iter().collect())
    }
}

// ---- comparisons with plain values, so `v["n"] == 1` reads naturally ----
//
// Only with `Value` on the left: the mirrored impls (`impl PartialEq<Value> for u8`) would
// give `u8: PartialEq<_>` a second candidate in every crate that links this one, and break
// type inference in unrelated code such as `assert_eq!(bytes, [])`.

macro_rules! value_eq {
    ($($t:ty => |$v:ident, $o:ident| $e:expr;)*) => {$(
        impl PartialEq<$t> for Value {
            fn eq(&self, other: &$t) -> bool {
                let ($v, $o) = (self, other);
                $e
            }
        }
    )*};
}

value_eq! {
    str => |v, o| v.as_str() == Some(o);
    &str => |v, o| v.as_str() == Some(*o);
    String => |v, o| v.as_str() == Some(o.as_str());
    bool => |v, o| v.as_bool() == Some(*o);
    f64 => |v, o| v.as_f64() == Some(*o);
    f32 => |v, o| v.as_f64() == Some(*o as f64);
    u8 => |v, o| v.as_u64() == Some(*o as u64);
    u16 => |v, o| v.as_u64() == Some(*o as u64);
    u32 => |v, o| v.as_u64() == Some(*o as u64);
    u64 => |v, o| v.as_u64() == Some(*o);
    usize => |v, o| v.as_u64() == Some(*o as u64);
    i8 => |v, o| v.as_i64() == Some(*o as i64);
    i16 => |v, o| v.as_i64() == Some(*o as i64);
    i32 => |v, o| v.as_i64() == Some(*o as i64);
    i64 => |v, o| v.as_i64() == Some(*o);
    isize => |v, o| v.as_i64() == Some(*o as i64);
}

// ---------------------------------------------------------------- Map

/// The members of a JSON object, in input (or insertion) order.
///
/// A vector of pairs: iteration and encoding follow the order the keys were read in,
/// and lookups are linear scans, which beat hashing for the small objects dynamic JSON
/// mostly holds. Decoding checks for duplicate keys through a hash index once an object
/// grows past a few dozen members, so a large object still decodes in linear time. Keys
/// are unique: [`insert`](Map::insert) replaces in place. Two maps are equal when they
/// hold the same members, in whatever order.
///
/// With `#[codec(flatten)]`, a `Map` collects the members a struct does not declare.
///
/// ```
/// use codec::json::{Map, Value};
///
/// #[derive(codec::Codec, Debug, PartialEq)]
/// struct Event {
///     id: u32,
///     #[codec(flatten)]
///     extra: Map,
/// }
///
/// let e: Event = codec::json::from_str(r#"{"z":1,"id":7,"a":[true]}"#)?;
/// assert_eq!(e.id, 7);
/// assert_eq!(e.extra.keys().collect::<Vec<_>>(), ["z", "a"]);
/// assert_eq!(codec::json::to_string(&e)?, r#"{"id":7,"z":1,"a":[true]}"#);
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Clone, Default)]
pub struct Map {
    entries: Vec<(String, Value)>,
}

impl Map {
    /// An empty map.
    ///
    /// ```
    /// # use codec::json::Map;
    /// assert!(Map::new().is_empty());
    /// ```
    pub fn new() -> Map {
        Map { entries: Vec::new() }
    }

    /// An empty map with room for `capacity` members.
    ///
    /// ```
    /// # use codec::json::Map;
    /// assert!(Map::with_capacity(4).is_empty());
    /// ```
    pub fn with_capacity(capacity: usize) -> Map {
        Map { entries: Vec::with_capacity(capacity) }
    }

    /// The number of members.
    ///
    /// ```
    /// # use codec::json::{Map, Value};
    /// let mut m = Map::new();
    /// m.insert("a", Value::Null);
    /// assert_eq!(m.len(), 1);
    /// ```
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no members.
    ///
    /// ```
    /// # use codec::json::Map;
    /// assert!(Map::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Removes every member.
    ///
    /// ```
    /// # use codec::json::{Map, Value};
    /// let mut m: Map = [("a", 1)].into_iter().collect();
    /// m.clear();
    /// assert!(m.is_empty());
    /// ```
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    fn position(&self, key: &str) -> Option<usize> {
        self.entries.iter().position(|(k, _)| k == key)
    }

    /// The value of `key`.
    ///
    /// ```
    /// # use codec::json::{Map, Value};
    /// let m: Map = [("a", 1)].into_iter().collect();
    /// assert_eq!(m.get("a"), Some(&Value::from(1)));
    /// assert_eq!(m.get("b"), None);
    /// ```
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.position(key).map(|i| &self.entries[i].1)
    }

    /// The value of `key`, mutably.
    ///
    /// ```
    /// # use codec::json::{Map, Value};
    /// let mut m: Map = [("a", 1)].into_iter().collect();
    /// *m.get_mut("a").unwrap() = Value::from(2);
    /// assert_eq!(m["a"], 2);
    /// ```
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.position(key).map(|i| &mut self.entries[i].1)
    }

    /// Whether `key` is a member.
    ///
    /// ```
    /// # use codec::json::Map;
    /// let m: Map = [("a", 1)].into_iter().collect();
    /// assert!(m.contains_key("a") && !m.contains_key("b"));
    /// ```
    pub fn contains_key(&self, key: &str) -> bool {
        self.position(key).is_some()
    }

    /// Sets `key` to `value`. A new key goes last; an existing one keeps its place and
    /// the old value is returned.
    ///
    /// ```
    /// # use codec::json::{Map, Value};
    /// let mut m = Map::new();
    /// assert_eq!(m.insert("a", Value::from(1)), None);
    /// m.insert("b", Value::from(2));
    /// assert_eq!(m.insert("a", Value::from(3)), Some(Value::from(1)));
    /// assert_eq!(Value::from(m).to_string(), r#"{"a":3,"b":2}"#);
    /// ```
    pub fn insert(&mut self, key: impl Into<String>, value: Value) -> Option<Value> {
        let key = key.into();
        match self.position(&key) {
            Some(i) => Some(core::mem::replace(&mut self.entries[i].1, value)),
            None => {
                self.entries.push((key, value));
                None
            }
        }
    }

    /// Removes `key` and returns its value; the members after it keep their order.
    ///
    /// ```
    /// # use codec::json::{Map, Value};
    /// let mut m: Map = [("a", 1), ("b", 2), ("c", 3)].into_iter().collect();
    /// assert_eq!(m.remove("b"), Some(Value::from(2)));
    /// assert_eq!(m.keys().collect::<Vec<_>>(), ["a", "c"]);
    /// ```
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        self.position(key).map(|i| self.entries.remove(i).1)
    }

    /// The value of `key`, inserted as `Null` at the end when absent.
    fn get_or_insert_null(&mut self, key: &str) -> &mut Value {
        let i = match self.position(key) {
            Some(i) => i,
            None => {
                self.entries.push((key.to_owned(), Value::Null));
                self.entries.len() - 1
            }
        };
        &mut self.entries[i].1
    }

    /// The members in order.
    ///
    /// ```
    /// # use codec::json::{Map, Value};
    /// let m: Map = [("b", 1), ("a", 2)].into_iter().collect();
    /// let pairs: Vec<(&str, &Value)> = m.iter().collect();
    /// assert_eq!(pairs, [("b", &Value::from(1)), ("a", &Value::from(2))]);
    /// ```
    pub fn iter(&self) -> Iter<'_> {
        Iter(self.entries.iter())
    }

    /// The members in order, values mutable.
    ///
    /// ```
    /// # use codec::json::{Map, Value};
    /// let mut m: Map = [("a", 1), ("b", 2)].into_iter().collect();
    /// for (_, v) in m.iter_mut() {
    ///     *v = Value::from(v.as_u64().unwrap() * 10);
    /// }
    /// assert_eq!(Value::from(m).to_string(), r#"{"a":10,"b":20}"#);
    /// ```
    pub fn iter_mut(&mut self) -> IterMut<'_> {
        IterMut(self.entries.iter_mut())
    }

    /// The keys in order.
    ///
    /// ```
    /// # use codec::json::Map;
    /// let m: Map = [("b", 1), ("a", 2)].into_iter().collect();
    /// assert_eq!(m.keys().collect::<Vec<_>>(), ["b", "a"]);
    /// ```
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &str> + ExactSizeIterator + '_ {
        self.entries.iter().map(|(k, _)| k.as_str())
    }

    /// The values in order.
    ///
    /// ```
    /// # use codec::json::Map;
    /// let m: Map = [("b", 1), ("a", 2)].into_iter().collect();
    /// assert_eq!(m.values().filter_map(|v| v.as_u64()).sum::<u64>(), 3);
    /// ```
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Value> + ExactSizeIterator + '_ {
        self.entries.iter().map(|(_, v)| v)
    }
}

impl PartialEq for Map {
    /// Same members, in any order (as for JSON objects).
    fn eq(&self, other: &Map) -> bool {
        if self.len() != other.len() {
            return false;
        }
        if self.entries == other.entries {
            return true;
        }
        if self.len() <= crate::key_index::LINEAR_LIMIT {
            return self.iter().all(|(k, v)| other.get(k) == Some(v));
        }
        fn sorted(m: &Map) -> Vec<&(String, Value)> {
            let mut refs: Vec<&(String, Value)> = m.entries.iter().collect();
            refs.sort_unstable_by(|a, b| a.0.cmp(&b.0));
            refs
        }
        sorted(self) == sorted(other)
    }
}

impl Eq for Map {}

impl fmt::Debug for Map {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl Index<&str> for Map {
    type Output = Value;

    /// The value of `key`, or `Null` when absent (as indexing a [`Value`]).
    fn index(&self, key: &str) -> &Value {
        self.get(key).unwrap_or(&NULL)
    }
}

impl<K: Into<String>, V: Into<Value>> FromIterator<(K, V)> for Map {
    /// Collects members in order; a key that comes again replaces the earlier value in its
    /// place.
    ///
    /// ```
    /// # use codec::json::Map;
    /// let m: Map = [("a", 1), ("b", 2), ("a", 3)].into_iter().collect();
    /// assert_eq!(m.len(), 2);
    /// assert_eq!(m["a"], 3);
    /// ```
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Map {
        let mut m = Map::new();
        m.extend(iter);
        m
    }
}

impl<K: Into<String>, V: Into<Value>> Extend<(K, V)> for Map {
    /// Inserts each member, as [`Map::insert`] does.
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        let mut index = KeyIndex::of(core::mem::take(&mut self.entries));
        for (k, v) in iter {
            let k = k.into();
            match index.find(k.as_str()) {
                Some(i) => index.replace(i, v.into()),
                None => index.push(k, v.into()),
            }
        }
        self.entries = index.into_entries();
    }
}

impl IntoIterator for Map {
    type Item = (String, Value);
    type IntoIter = alloc::vec::IntoIter<(String, Value)>;

    /// The members in order, by value.
    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a str, &'a Value);
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Map {
    type Item = (&'a str, &'a mut Value);
    type IntoIter = IterMut<'a>;

    fn into_iter(self) -> IterMut<'a> {
        self.iter_mut()
    }
}

/// The members of a [`Map`] in order, from [`Map::iter`].
///
/// ```
/// # use codec::json::Map;
/// let m: Map = [("a", 1)].into_iter().collect();
/// let mut it: codec::json::value::Iter<'_> = m.iter();
/// assert_eq!(it.next().map(|(k, _)| k), Some("a"));
/// assert_eq!(it.next(), None);
/// ```
#[derive(Clone, Debug)]
pub struct Iter<'a>(core::slice::Iter<'a, (String, Value)>);

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a str, &'a Value);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(k, v)| (k.as_str(), v))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|(k, v)| (k.as_str(), v))
    }
}

impl ExactSizeIterator for Iter<'_> {}

/// The members of a [`Map`] in order with mutable values, from [`Map::iter_mut`].
///
/// ```
/// # use codec::json::{Map, Value};
/// let mut m: Map = [("a", 1)].into_iter().collect();
/// let it: codec::json::value::IterMut<'_> = m.iter_mut();
/// for (_, v) in it {
///     *v = Value::Null;
/// }
/// assert!(m["a"].is_null());
/// ```
#[derive(Debug)]
pub struct IterMut<'a>(core::slice::IterMut<'a, (String, Value)>);

impl<'a> Iterator for IterMut<'a> {
    type Item = (&'a str, &'a mut Value);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(k, v)| (k.as_str(), v))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for IterMut<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|(k, v)| (k.as_str(), v))
    }
}

impl ExactSizeIterator for IterMut<'_> {}

// ---- duplicate detection while building ----

// Up to `LINEAR_LIMIT` members, finding a key is a linear scan; beyond, the key index the
// dynamic values share (`key_index.rs`: a hash table with `std`, a `BTreeMap` of the
// keys without).
type KeyIndex = crate::key_index::KeyIndex<String, Value>;

// ---- Map: encode, decode, flatten ----

impl Map {
    /// `Encode for Map`, in any format.
    // Never inlined into `Value::write_to`: kept small, that one inlines the writer's array
    // header (measured: MessagePack's `begin_array` stayed a call, +3% instructions).
    #[inline(never)]
    pub(crate) fn write_to<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.begin_map(self.len())?;
        for (i, (k, v)) in self.entries.iter().enumerate() {
            w.map_key(i);
            w.write_str(k)?;
            w.map_value();
            v.write_to(w)?;
        }
        w.end_map();
        Ok(())
    }

    /// `Decode for Map`: an object (a map of string keys), a repeated key following the
    /// reader's duplicate-key policy.
    pub(crate) fn read_from<'de, R: Reader<'de>>(r: &mut R) -> Result<Self> {
        r.read_map(|_, _| Ok(MapBuilder::new()), |r, b, key| b.read_member(key, r).map(drop)).map(MapBuilder::into_map)
    }
}

/// A [`Map`] being decoded, with its key index (the state of `Map` as a flatten target).
#[doc(hidden)]
pub struct MapBuilder {
    index: KeyIndex,
}

impl MapBuilder {
    pub(crate) fn new() -> MapBuilder {
        MapBuilder { index: KeyIndex::of(Vec::new()) }
    }

    /// The map built so far.
    pub(crate) fn into_map(self) -> Map {
        Map { entries: self.index.into_entries() }
    }

    /// Where member `name` is, if it was read already.
    #[inline]
    pub(crate) fn find(&self, name: &str) -> Option<usize> {
        self.index.find(name)
    }

    /// Appends a member whose name [`find`](Self::find) did not know.
    #[inline]
    pub(crate) fn push(&mut self, name: String, value: Value) {
        self.index.push(name, value);
    }

    /// Replaces the value of member `i` (a repeated key under the keep-last policy).
    #[inline]
    pub(crate) fn replace(&mut self, i: usize, value: Value) {
        self.index.replace(i, value);
    }

    /// `DecodeFields for Map`: claims every key (a string); a repeated key follows the
    /// reader's duplicate-key policy.
    pub(crate) fn read_member<'de, R: Reader<'de>>(&mut self, key: R::Key, r: &mut R) -> Result<bool> {
        let name = r.key_str_with(key, |s| Ok(s.to_owned()))?;
        match self.find(&name) {
            None => {
                let value = Value::read_from(r).map_err(|e| e.in_key(&name))?;
                self.push(name, value);
            }
            Some(i) => match r.duplicate_keys() {
                DuplicateKeys::KeepFirst => r.skip_value()?,
                DuplicateKeys::KeepLast => {
                    let value = Value::read_from(r).map_err(|e| e.in_key(&name))?;
                    self.replace(i, value);
                }
                _ => return Err(duplicate_key(r.key_offset(key), name)),
            },
        }
        Ok(true)
    }
}

/// A key seen twice in one object (or map), at the offset of its second occurrence.
#[cold]
#[inline(never)]
pub(crate) fn duplicate_key(offset: usize, name: String) -> Error {
    Error::new(ErrorKind::DuplicateField(Cow::Owned(name)), offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_objects_find_duplicates_through_the_index() {
        let mut doc = String::from("{");
        for i in 0..1000 {
            doc.push_str(&format!("\"k{i}\":{i},"));
        }
        doc.push_str("\"k500\":0}");
        let err = crate::json::from_str::<Value>(&doc).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::DuplicateField(Cow::Borrowed("k500")));
        let ok: Value = crate::json::from_str(&doc.replace("\"k500\":0}", "\"last\":0}")).unwrap();
        assert_eq!(ok.as_object().unwrap().len(), 1001);
        assert_eq!(ok["k999"], 999);
        assert_eq!(ok.as_object().unwrap().keys().last(), Some("last"));
    }

    /// The index (a hash table with `std`, a `BTreeMap` without) finds a repeated key
    /// wherever it is, under each policy, and `Map` keeps the key in its first place.
    #[test]
    fn large_objects_keep_first_or_last_through_the_index() {
        use crate::json::{from_slice_with, DuplicateKeys, Options};
        let mut doc = String::from("{");
        for i in 0..200 {
            doc.push_str(&format!("\"k{i}\":{i},"));
        }
        doc.push_str("\"k3\":-1,\"k150\":-2,\"end\":0}");
        let keep = |policy| from_slice_with::<Value>(doc.as_bytes(), &Options::new().duplicate_keys(policy)).unwrap();
        let first = keep(DuplicateKeys::KeepFirst);
        let last = keep(DuplicateKeys::KeepLast);
        for (v, k3, k150) in [(&first, 3, 150), (&last, -1, -2)] {
            let map = v.as_object().unwrap();
            assert_eq!(map.len(), 201);
            assert_eq!((map["k3"].as_i64(), map["k150"].as_i64()), (Some(k3), Some(k150)));
            assert_eq!(
                (map.keys().nth(3), map.keys().nth(150), map.keys().last()),
                (Some("k3"), Some("k150"), Some("end"))
            );
        }
        let err = crate::json::from_str::<Value>(&doc).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::DuplicateField(Cow::Borrowed("k3")));
    }

    #[test]
    fn map_equality_ignores_order_at_every_size() {
        for n in [3, 100] {
            let a: Map = (0..n).map(|i| (format!("k{i}"), i)).collect();
            let b: Map = (0..n).rev().map(|i| (format!("k{i}"), i)).collect();
            assert_eq!(a, b);
            let c: Map = (0..n).map(|i| (format!("k{i}"), i + 1)).collect();
            assert_ne!(a, c);
        }
    }

    #[test]
    fn extend_replaces_in_place_past_the_linear_limit() {
        let mut m: Map = (0..100).map(|i| (format!("k{i}"), i)).collect();
        m.extend([("k7", 70), ("new", 1)]);
        assert_eq!(m.len(), 101);
        assert_eq!(m["k7"], 70);
        assert_eq!(m.keys().nth(7), Some("k7"));
    }
}
