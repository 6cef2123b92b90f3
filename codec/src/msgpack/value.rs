//! A dynamic MessagePack value that holds every MessagePack type losslessly.
//!
//! [`json::Value`](crate::json::Value) is the value of JSON's data model: decoding
//! MessagePack into it turns a bin into an array of numbers, rejects extensions and
//! non-string map keys, and forgets whether a float was 32 or 64 bits. [`Value`] keeps
//! all of it:
//!
//! | MessagePack | `Value` | written back as |
//! |---|---|---|
//! | nil | [`Value::Nil`] | nil |
//! | bool | [`Value::Bool`] | bool |
//! | int (any width, signed or not) | [`Value::Integer`] (an [`Integer`]: `u64` or negative `i64`) | the smallest int form |
//! | float 32 | [`Value::F32`] | float 32 |
//! | float 64 | [`Value::F64`] | float 64 |
//! | str | [`Value::String`] (must be UTF-8) | the smallest str form |
//! | bin | [`Value::Binary`] | the smallest bin form |
//! | array | [`Value::Array`] | the smallest array form |
//! | map (keys of any type) | [`Value::Map`] (a [`Map`]: pairs in input order) | the smallest map form |
//! | ext type -1 with a valid payload | [`Value::Timestamp`] | the smallest timestamp form |
//! | any other ext | [`Value::Ext`] (type, payload) | the smallest ext form |
//!
//! "Lossless" means the value: decoding then encoding gives back the same MessagePack
//! value, in the encoding the spec calls smallest (the one every mainstream library
//! writes). An input that used a wider form than needed (`0xcd 0x00 0x01`, uint 16 for 1)
//! comes back in the smallest (`0x01`). A timestamp extension whose payload is malformed
//! (not 4, 8 or 12 bytes, or nanoseconds beyond 999,999,999) stays a [`Value::Ext`] of
//! type -1, so it too is written back unchanged.
//!
//! Decoding goes through [`MsgpackReader`](super::MsgpackReader) like every other type, so the [`Options`]
//! limits hold: nesting depth (map keys count: a key that is an array nests), the length
//! of one str, bin or ext, and reservations bounded by the input. A key seen twice in one
//! map follows [`Options::duplicate_keys`], compared as values (the int key `1` and the
//! str key `"1"` are different keys); checking costs expected constant time per key
//! whatever the map's size.
//!
//! ```
//! use codec::msgpack::{Value, Timestamp};
//!
//! // {1: b"\x00\xff", "f": 1.5 as float 32, "t": timestamp 32 of second 1}
//! let bytes = b"\x83\x01\xc4\x02\x00\xff\xa1f\xca\x3f\xc0\x00\x00\xa1t\xd6\xff\x00\x00\x00\x01";
//! let v: Value = codec::msgpack::from_slice(bytes)?;
//! assert_eq!(v.as_map().unwrap().get(&Value::from(1)), Some(&Value::Binary(vec![0, 255])));
//! assert_eq!(v["f"], Value::F32(1.5));
//! assert_eq!(v["t"].as_timestamp(), Timestamp::new(1, 0));
//! assert_eq!(codec::msgpack::to_vec(&v)?, bytes);
//! assert_eq!(v.to_string(), r#"{1: b"\x00\xff", "f": f32(1.5), "t": timestamp(1, 0)}"#);
//! # Ok::<(), codec::Error>(())
//! ```
//!
//! ## Equality, hashing and order
//! Two values are equal when they are the same MessagePack value: the same variant and
//! the same content, floats compared by their bits (so `NaN` equals itself and `-0.0`
//! differs from `0.0`, and `F32(1.0)` differs from `F64(1.0)`), maps compared entry by
//! entry in order. That makes `Value` [`Eq`], [`Hash`] and [`Ord`], usable as a key. (A
//! [`json::Map`](crate::json::Map) compares members in any order; MessagePack maps are
//! ordered on the wire, and a `Value` records the wire.) Integers are one variant, so
//! `Value::from(1u8) == Value::from(1i64)`. Comparisons with plain values
//! (`v == 1`, `v == "a"`, `v == 1.5`) compare numbers by value: `v == 1.5` holds for
//! `F32(1.5)` and `F64(1.5)`.
//!
//! ## In JSON
//! A `Value` encodes to JSON as the [`json::Value`](crate::json::Value) it converts to
//! (see the conversions below): nil, bools, integers, floats (a float 32 in its shortest
//! `f32` form), strings, arrays, and maps whose keys are all strings. A bin, an ext, a
//! timestamp, a map key that is not a string, and NaN or an infinity have no JSON form:
//! encoding one is an error naming it and its path. Decoding JSON gives `Nil`, `Bool`,
//! `Integer` (integers that fit `u64` or `i64`), `F64` (any other number), `String`,
//! `Array` and `Map` with string keys, under the JSON reader's limits and duplicate-key
//! policy.
//!
//! ## Conversions with `json::Value`
//! `From<json::Value> for Value` always succeeds (JSON's model is a subset).
//! `TryFrom<Value> for json::Value` fails on what JSON cannot hold, as listed above, with
//! an [`Error`] whose message names what and whose path says where:
//!
//! ```
//! use codec::msgpack::Value;
//!
//! let v: Value = [("id", Value::from(7)), ("blob", Value::Binary(vec![1]))].into_iter().collect();
//! let err = codec::json::Value::try_from(v).unwrap_err();
//! assert_eq!(err.to_string(), r#"invalid type: expected a value JSON can hold, found a bin at ["blob"]"#);
//! let j: codec::json::Value = codec::json::from_str(r#"{"a": [1, 2.5, null]}"#)?;
//! assert_eq!(Value::from(j).to_string(), r#"{"a": [1, 2.5, nil]}"#);
//! # Ok::<(), codec::Error>(())
//! ```
//!
//! ## Display
//! `Display` writes a one-line diagnostic form, JSON-like where JSON has a word for the
//! value: `nil`, `true`, `-3`, `1.5` (float 64: shortest form, always with `.` or an
//! exponent; `NaN`, `Infinity`, `-Infinity`), `f32(1.5)` (float 32), `"text"` (Rust's
//! escapes), `b"\x00ab"` (bin: printable ASCII as is, other bytes as `\xNN`), `[1, 2]`,
//! `{"k": v, 1: v}`, `ext(5, b"...")`, `timestamp(seconds, nanoseconds)`. It is for
//! people; it is not parsed back.
//!
//! [`Options`]: super::Options
//! [`Options::duplicate_keys`]: super::Options::duplicate_keys

use alloc::borrow::{Cow, ToOwned};
#[cfg(not(feature = "std"))]
use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;
use core::hash::Hash;
#[cfg(feature = "std")]
use core::hash::{BuildHasher, BuildHasherDefault, Hasher};
use core::ops::{Index, IndexMut};
#[cfg(feature = "std")]
use std::collections::{hash_map::RandomState, HashMap};

use super::{DuplicateKeys, Timestamp, TIMESTAMP_EXT};
use crate::error::{Error, ErrorKind, Result};
use crate::reader::{ParsedNumber, Reader, ValueKind};
use crate::writer::Writer;

// ---------------------------------------------------------------- Integer

/// A MessagePack integer: any value from `i64::MIN` to `u64::MAX`, whatever width and
/// signedness it was encoded with.
///
/// Non-negative values are held as `u64` and negative ones as `i64`, so each value has one
/// representation: `Integer::from(1u8) == Integer::from(1i64)`. Ordered by value.
///
/// ```
/// use codec::msgpack::Integer;
/// assert_eq!(Integer::from(u64::MAX).as_u64(), Some(u64::MAX));
/// assert_eq!(Integer::from(-1).as_u64(), None);
/// assert_eq!(Integer::from(-1).as_i64(), Some(-1));
/// assert!(Integer::from(-1) < Integer::from(u64::MAX));
/// assert_eq!(Integer::from(300u16).to_string(), "300");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Integer(pub(crate) I);

/// Variant order is value order: every `Neg` is below every `Pos`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum I {
    /// Always below zero.
    Neg(i64),
    Pos(u64),
}

impl Integer {
    /// The value as `u64`, if it is not negative.
    ///
    /// ```
    /// assert_eq!(codec::msgpack::Integer::from(3i8).as_u64(), Some(3));
    /// ```
    pub fn as_u64(&self) -> Option<u64> {
        match self.0 {
            I::Pos(v) => Some(v),
            I::Neg(_) => None,
        }
    }

    /// The value as `i64`, if it fits.
    ///
    /// ```
    /// assert_eq!(codec::msgpack::Integer::from(u64::MAX).as_i64(), None);
    /// ```
    pub fn as_i64(&self) -> Option<i64> {
        match self.0 {
            I::Pos(v) => i64::try_from(v).ok(),
            I::Neg(v) => Some(v),
        }
    }

    /// The value as `i128`, which holds every integer MessagePack can.
    ///
    /// ```
    /// assert_eq!(codec::msgpack::Integer::from(u64::MAX).as_i128(), u64::MAX as i128);
    /// ```
    pub fn as_i128(&self) -> i128 {
        match self.0 {
            I::Pos(v) => v as i128,
            I::Neg(v) => v as i128,
        }
    }

    /// The nearest `f64`.
    ///
    /// ```
    /// assert_eq!(codec::msgpack::Integer::from(-2).as_f64(), -2.0);
    /// ```
    pub fn as_f64(&self) -> f64 {
        match self.0 {
            I::Pos(v) => v as f64,
            I::Neg(v) => v as f64,
        }
    }
}

impl fmt::Display for Integer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            I::Pos(v) => f.write_str(itoa::Buffer::new().format(v)),
            I::Neg(v) => f.write_str(itoa::Buffer::new().format(v)),
        }
    }
}

impl fmt::Debug for Integer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Integer({self})")
    }
}

macro_rules! integer_from_unsigned {
    ($($t:ty)*) => {$(
        impl From<$t> for Integer {
            #[inline]
            fn from(v: $t) -> Integer {
                Integer(I::Pos(v as u64))
            }
        }
    )*};
}
integer_from_unsigned!(u8 u16 u32 u64 usize);

macro_rules! integer_from_signed {
    ($($t:ty)*) => {$(
        impl From<$t> for Integer {
            #[inline]
            fn from(v: $t) -> Integer {
                let v = v as i64;
                Integer(if v < 0 { I::Neg(v) } else { I::Pos(v as u64) })
            }
        }
    )*};
}
integer_from_signed!(i8 i16 i32 i64 isize);

// ---------------------------------------------------------------- Value

/// Any MessagePack value; see the [module docs](self) for the type table, equality,
/// the JSON mapping and the `Display` form.
///
/// Indexing with a missing key or position, or into something that is not a map or an
/// array, gives `Nil` rather than panicking (`v["k"]` looks up the str key `"k"`; other
/// keys through [`Map::get`]). To build values, `From` takes the integers, `f32` (a float
/// 32), `f64` (a float 64), `bool`, strings, `Vec<u8>`, `&[u8]` and
/// [`Bytes`](crate::Bytes) (a bin, unlike `json::Value`, which has no bin), `Vec<Value>`
/// (an array), [`Map`], [`Timestamp`], [`Ext`](super::Ext) and `Option`; collecting
/// gives an array, or a map from pairs.
///
/// ```
/// use codec::msgpack::Value;
///
/// let mut v = Value::from(vec![Value::from(1), Value::from("two")]);
/// assert_eq!(v[1], "two");
/// assert!(v[5].is_nil());
/// v[0] = Value::F64(0.5);
/// assert_eq!(codec::msgpack::to_vec(&v)?, b"\x92\xcb\x3f\xe0\x00\x00\x00\x00\x00\x00\xa3two");
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Clone, Default)]
pub enum Value {
    /// nil.
    #[default]
    Nil,
    /// true or false.
    Bool(bool),
    /// Any integer, from `i64::MIN` to `u64::MAX`.
    Integer(Integer),
    /// A float 32.
    F32(f32),
    /// A float 64.
    F64(f64),
    /// A str (UTF-8: the reader rejects a str that is not).
    String(String),
    /// A bin.
    Binary(Vec<u8>),
    /// An array.
    Array(Vec<Value>),
    /// A map, entries in input order, keys of any type.
    Map(Map),
    /// An extension other than a well-formed timestamp: its type and payload. (Built by
    /// hand with type -1 and a valid timestamp payload, it is written as that timestamp
    /// and decodes back as a [`Value::Timestamp`]; `From<Ext>` makes that choice up front.)
    Ext(i8, Vec<u8>),
    /// The timestamp extension (type -1).
    Timestamp(Timestamp),
}

static NIL: Value = Value::Nil;

impl Value {
    /// Whether this is nil.
    ///
    /// ```
    /// assert!(codec::msgpack::Value::Nil.is_nil());
    /// ```
    pub fn is_nil(&self) -> bool {
        matches!(self, Value::Nil)
    }

    /// Whether this is a bool.
    ///
    /// ```
    /// assert!(codec::msgpack::Value::from(true).is_bool());
    /// ```
    pub fn is_bool(&self) -> bool {
        matches!(self, Value::Bool(_))
    }

    /// Whether this is an integer.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// assert!(Value::from(-1).is_integer() && !Value::from(1.0).is_integer());
    /// ```
    pub fn is_integer(&self) -> bool {
        matches!(self, Value::Integer(_))
    }

    /// Whether this is an integer that fits `u64`.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// assert!(Value::from(u64::MAX).is_u64() && !Value::from(-1).is_u64());
    /// ```
    pub fn is_u64(&self) -> bool {
        self.as_u64().is_some()
    }

    /// Whether this is an integer that fits `i64`.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// assert!(Value::from(-1).is_i64() && !Value::from(u64::MAX).is_i64());
    /// ```
    pub fn is_i64(&self) -> bool {
        self.as_i64().is_some()
    }

    /// Whether this is a float 32.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// assert!(Value::from(1.5f32).is_f32() && !Value::from(1.5f64).is_f32());
    /// ```
    pub fn is_f32(&self) -> bool {
        matches!(self, Value::F32(_))
    }

    /// Whether this is a float 64.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// assert!(Value::from(1.5).is_f64() && !Value::from(1).is_f64());
    /// ```
    pub fn is_f64(&self) -> bool {
        matches!(self, Value::F64(_))
    }

    /// Whether this is a number of any kind (integer or float).
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// assert!(Value::from(1).is_number() && Value::F32(0.5).is_number());
    /// ```
    pub fn is_number(&self) -> bool {
        matches!(self, Value::Integer(_) | Value::F32(_) | Value::F64(_))
    }

    /// Whether this is a str.
    ///
    /// ```
    /// assert!(codec::msgpack::Value::from("x").is_string());
    /// ```
    pub fn is_string(&self) -> bool {
        matches!(self, Value::String(_))
    }

    /// Whether this is a bin.
    ///
    /// ```
    /// assert!(codec::msgpack::Value::from(&b"x"[..]).is_binary());
    /// ```
    pub fn is_binary(&self) -> bool {
        matches!(self, Value::Binary(_))
    }

    /// Whether this is an array.
    ///
    /// ```
    /// assert!(codec::msgpack::Value::Array(vec![]).is_array());
    /// ```
    pub fn is_array(&self) -> bool {
        matches!(self, Value::Array(_))
    }

    /// Whether this is a map.
    ///
    /// ```
    /// # use codec::msgpack::{Map, Value};
    /// assert!(Value::from(Map::new()).is_map());
    /// ```
    pub fn is_map(&self) -> bool {
        matches!(self, Value::Map(_))
    }

    /// Whether this is an extension other than a timestamp.
    ///
    /// ```
    /// assert!(codec::msgpack::Value::Ext(5, vec![]).is_ext());
    /// ```
    pub fn is_ext(&self) -> bool {
        matches!(self, Value::Ext(..))
    }

    /// Whether this is a timestamp.
    ///
    /// ```
    /// # use codec::msgpack::{Timestamp, Value};
    /// assert!(Value::from(Timestamp::new(0, 0).unwrap()).is_timestamp());
    /// ```
    pub fn is_timestamp(&self) -> bool {
        matches!(self, Value::Timestamp(_))
    }

    /// The bool, if this is one.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// assert_eq!(Value::from(true).as_bool(), Some(true));
    /// assert_eq!(Value::Nil.as_bool(), None);
    /// ```
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The integer, if this is one.
    ///
    /// ```
    /// # use codec::msgpack::{Integer, Value};
    /// assert_eq!(Value::from(3).as_integer(), Some(Integer::from(3)));
    /// ```
    pub fn as_integer(&self) -> Option<Integer> {
        match self {
            Value::Integer(i) => Some(*i),
            _ => None,
        }
    }

    /// The integer, if this is one that fits `u64` (never a converted float).
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// assert_eq!(Value::from(3u8).as_u64(), Some(3));
    /// assert_eq!(Value::from(3.0).as_u64(), None);
    /// ```
    pub fn as_u64(&self) -> Option<u64> {
        self.as_integer().and_then(|i| i.as_u64())
    }

    /// The integer, if this is one that fits `i64` (never a converted float).
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// assert_eq!(Value::from(i64::MIN).as_i64(), Some(i64::MIN));
    /// ```
    pub fn as_i64(&self) -> Option<i64> {
        self.as_integer().and_then(|i| i.as_i64())
    }

    /// Any number as `f64`: a float 64 exactly, a float 32 widened exactly, an integer
    /// as the nearest `f64`.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// assert_eq!(Value::F32(0.5).as_f64(), Some(0.5));
    /// assert_eq!(Value::from(2).as_f64(), Some(2.0));
    /// assert_eq!(Value::from("2").as_f64(), None);
    /// ```
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Integer(i) => Some(i.as_f64()),
            Value::F32(v) => Some(*v as f64),
            Value::F64(v) => Some(*v),
            _ => None,
        }
    }

    /// The float, if this is a float 32.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// assert_eq!(Value::F32(0.5).as_f32(), Some(0.5));
    /// assert_eq!(Value::F64(0.5).as_f32(), None);
    /// ```
    pub fn as_f32(&self) -> Option<f32> {
        match self {
            Value::F32(v) => Some(*v),
            _ => None,
        }
    }

    /// The str, if this is one.
    ///
    /// ```
    /// assert_eq!(codec::msgpack::Value::from("hi").as_str(), Some("hi"));
    /// ```
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The bytes, if this is a bin.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// assert_eq!(Value::Binary(vec![1, 2]).as_bytes(), Some(&[1, 2][..]));
    /// assert_eq!(Value::from("ab").as_bytes(), None);
    /// ```
    pub fn as_bytes(&self) -> Option<&[u8]> {
        match self {
            Value::Binary(b) => Some(b),
            _ => None,
        }
    }

    /// The elements, if this is an array.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// assert_eq!(Value::from(vec![Value::Nil]).as_array().map(Vec::len), Some(1));
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
    /// # use codec::msgpack::Value;
    /// let mut v = Value::Array(vec![]);
    /// v.as_array_mut().unwrap().push(Value::from(1));
    /// assert_eq!(v[0], 1);
    /// ```
    pub fn as_array_mut(&mut self) -> Option<&mut Vec<Value>> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The entries, if this is a map.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// let v: Value = codec::msgpack::from_slice(b"\x81\x01\x02")?;
    /// assert_eq!(v.as_map().unwrap().get(&Value::from(1)), Some(&Value::from(2)));
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn as_map(&self) -> Option<&Map> {
        match self {
            Value::Map(m) => Some(m),
            _ => None,
        }
    }

    /// The entries, mutably, if this is a map.
    ///
    /// ```
    /// # use codec::msgpack::{Map, Value};
    /// let mut v = Value::from(Map::new());
    /// v.as_map_mut().unwrap().insert(1, "one");
    /// assert_eq!(v.to_string(), r#"{1: "one"}"#);
    /// ```
    pub fn as_map_mut(&mut self) -> Option<&mut Map> {
        match self {
            Value::Map(m) => Some(m),
            _ => None,
        }
    }

    /// The type and payload, if this is an extension other than a timestamp.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// assert_eq!(Value::Ext(7, vec![1]).as_ext(), Some((7, &[1][..])));
    /// ```
    pub fn as_ext(&self) -> Option<(i8, &[u8])> {
        match self {
            Value::Ext(tag, data) => Some((*tag, data)),
            _ => None,
        }
    }

    /// The timestamp, if this is one.
    ///
    /// ```
    /// # use codec::msgpack::{Timestamp, Value};
    /// let t = Timestamp::new(5, 0).unwrap();
    /// assert_eq!(Value::from(t).as_timestamp(), Some(t));
    /// ```
    pub fn as_timestamp(&self) -> Option<Timestamp> {
        match self {
            Value::Timestamp(t) => Some(*t),
            _ => None,
        }
    }

    /// The value of the str key `key`, if this is a map that has it.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// let v: Value = [("a", Value::Nil)].into_iter().collect();
    /// assert_eq!(v.get("a"), Some(&Value::Nil));
    /// assert_eq!(v.get("b"), None);
    /// ```
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.as_map().and_then(|m| m.get(key))
    }

    /// The value of the str key `key`, mutably, if this is a map that has it.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// let mut v: Value = [("a", 1)].into_iter().collect();
    /// *v.get_mut("a").unwrap() = Value::from(2);
    /// assert_eq!(v["a"], 2);
    /// ```
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.as_map_mut().and_then(|m| m.get_mut(key))
    }

    /// Takes the value out, leaving `Nil`.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// let mut v = Value::from("x");
    /// assert_eq!(v.take(), "x");
    /// assert!(v.is_nil());
    /// ```
    pub fn take(&mut self) -> Value {
        core::mem::take(self)
    }

    /// The MessagePack type in words, as error messages name it.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Value::Nil => "nil",
            Value::Bool(_) => "a bool",
            Value::Integer(_) => "an integer",
            Value::F32(_) => "a float 32",
            Value::F64(_) => "a float 64",
            Value::String(_) => "a str",
            Value::Binary(_) => "a bin",
            Value::Array(_) => "an array",
            Value::Map(_) => "a map",
            Value::Ext(..) => "an ext",
            Value::Timestamp(_) => "a timestamp",
        }
    }

    /// The variant's place in the order of [`Ord for Value`](#impl-Ord-for-Value).
    fn rank(&self) -> u8 {
        match self {
            Value::Nil => 0,
            Value::Bool(_) => 1,
            Value::Integer(_) => 2,
            Value::F32(_) => 3,
            Value::F64(_) => 4,
            Value::String(_) => 5,
            Value::Binary(_) => 6,
            Value::Array(_) => 7,
            Value::Map(_) => 8,
            Value::Ext(..) => 9,
            Value::Timestamp(_) => 10,
        }
    }
}

// ---- equality, hashing, order: the identity of the MessagePack value ----

impl PartialEq for Value {
    /// Same variant, same content; floats by their bits (see the module docs).
    fn eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Nil, Value::Nil) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Integer(a), Value::Integer(b)) => a == b,
            (Value::F32(a), Value::F32(b)) => a.to_bits() == b.to_bits(),
            (Value::F64(a), Value::F64(b)) => a.to_bits() == b.to_bits(),
            (Value::String(a), Value::String(b)) => a == b,
            (Value::Binary(a), Value::Binary(b)) => a == b,
            (Value::Array(a), Value::Array(b)) => a == b,
            (Value::Map(a), Value::Map(b)) => a == b,
            (Value::Ext(t, a), Value::Ext(u, b)) => t == u && a == b,
            (Value::Timestamp(a), Value::Timestamp(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Value {}

impl Hash for Value {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        state.write_u8(self.rank());
        match self {
            Value::Nil => {}
            Value::Bool(b) => b.hash(state),
            Value::Integer(i) => i.hash(state),
            Value::F32(v) => v.to_bits().hash(state),
            Value::F64(v) => v.to_bits().hash(state),
            Value::String(s) => s.hash(state),
            Value::Binary(b) => b.hash(state),
            Value::Array(a) => a.hash(state),
            Value::Map(m) => m.hash(state),
            Value::Ext(t, d) => (t, d).hash(state),
            Value::Timestamp(t) => t.hash(state),
        }
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Value {
    /// A total order consistent with equality: by variant (nil, bool, integer, float 32,
    /// float 64, str, bin, array, map, ext, timestamp), then by content (integers by
    /// value, floats by [`f64::total_cmp`], strs and bins bytewise, arrays and maps
    /// lexicographically).
    fn cmp(&self, other: &Value) -> Ordering {
        match (self, other) {
            (Value::Nil, Value::Nil) => Ordering::Equal,
            (Value::Bool(a), Value::Bool(b)) => a.cmp(b),
            (Value::Integer(a), Value::Integer(b)) => a.cmp(b),
            (Value::F32(a), Value::F32(b)) => a.total_cmp(b),
            (Value::F64(a), Value::F64(b)) => a.total_cmp(b),
            (Value::String(a), Value::String(b)) => a.cmp(b),
            (Value::Binary(a), Value::Binary(b)) => a.cmp(b),
            (Value::Array(a), Value::Array(b)) => a.cmp(b),
            (Value::Map(a), Value::Map(b)) => a.entries.cmp(&b.entries),
            (Value::Ext(t, a), Value::Ext(u, b)) => (t, a).cmp(&(u, b)),
            (Value::Timestamp(a), Value::Timestamp(b)) => a.cmp(b),
            _ => self.rank().cmp(&other.rank()),
        }
    }
}

// ---- Display and Debug ----

impl fmt::Display for Value {
    /// The diagnostic form of the module docs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Nil => f.write_str("nil"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Integer(i) => fmt::Display::fmt(i, f),
            Value::F32(v) => {
                f.write_str("f32(")?;
                if v.is_finite() {
                    f.write_str(zmij::Buffer::new().format_finite(*v))?;
                } else {
                    write_non_finite(f, *v as f64)?;
                }
                f.write_str(")")
            }
            Value::F64(v) if v.is_finite() => f.write_str(zmij::Buffer::new().format_finite(*v)),
            Value::F64(v) => write_non_finite(f, *v),
            Value::String(s) => write!(f, "{s:?}"),
            Value::Binary(b) => write_bytes(f, b),
            Value::Array(a) => {
                f.write_str("[")?;
                for (i, v) in a.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    fmt::Display::fmt(v, f)?;
                }
                f.write_str("]")
            }
            Value::Map(m) => fmt::Display::fmt(m, f),
            Value::Ext(tag, data) => {
                write!(f, "ext({tag}, ")?;
                write_bytes(f, data)?;
                f.write_str(")")
            }
            Value::Timestamp(t) => write!(f, "timestamp({}, {})", t.seconds(), t.nanoseconds()),
        }
    }
}

fn write_non_finite(f: &mut fmt::Formatter<'_>, v: f64) -> fmt::Result {
    f.write_str(if v.is_nan() {
        "NaN"
    } else if v > 0.0 {
        "Infinity"
    } else {
        "-Infinity"
    })
}

/// `b"..."`: printable ASCII as is (`"` and `\` escaped), other bytes as `\xNN`.
fn write_bytes(f: &mut fmt::Formatter<'_>, bytes: &[u8]) -> fmt::Result {
    f.write_str("b\"")?;
    for &b in bytes {
        match b {
            b'"' => f.write_str("\\\"")?,
            b'\\' => f.write_str("\\\\")?,
            0x20..=0x7e => fmt::Write::write_char(f, b as char)?,
            _ => write!(f, "\\x{b:02x}")?,
        }
    }
    f.write_str("\"")
}

impl fmt::Debug for Value {
    /// `Nil`, `Bool(true)`, `Integer(1)`, `F32(1.5)`, `String("s")`, `Binary([..])`,
    /// `Array [...]`, `Map {...}`, `Ext(5, [..])`, `Timestamp(..)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Nil => f.write_str("Nil"),
            Value::Bool(b) => write!(f, "Bool({b})"),
            Value::Integer(i) => fmt::Debug::fmt(i, f),
            Value::F32(v) => write!(f, "F32({v:?})"),
            Value::F64(v) => write!(f, "F64({v:?})"),
            Value::String(s) => write!(f, "String({s:?})"),
            Value::Binary(b) => write!(f, "Binary({b:?})"),
            Value::Array(a) => {
                f.write_str("Array ")?;
                f.debug_list().entries(a).finish()
            }
            Value::Map(m) => {
                f.write_str("Map ")?;
                fmt::Debug::fmt(m, f)
            }
            Value::Ext(t, d) => write!(f, "Ext({t}, {d:?})"),
            Value::Timestamp(t) => write!(f, "Timestamp({}, {})", t.seconds(), t.nanoseconds()),
        }
    }
}

// ---- indexing ----

impl Index<&str> for Value {
    type Output = Value;

    /// The value of the str key `key`, or `Nil` when absent or when this is not a map.
    fn index(&self, key: &str) -> &Value {
        self.get(key).unwrap_or(&NIL)
    }
}

impl Index<usize> for Value {
    type Output = Value;

    /// Element `index`, or `Nil` when out of range or when this is not an array.
    fn index(&self, index: usize) -> &Value {
        match self {
            Value::Array(a) => a.get(index).unwrap_or(&NIL),
            _ => &NIL,
        }
    }
}

impl IndexMut<&str> for Value {
    /// The value of the str key `key`, inserted as `Nil` (at the end) when absent; `Nil`
    /// itself first becomes an empty map.
    ///
    /// # Panics
    /// When this is neither a map nor `Nil`.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// let mut v = Value::Nil;
    /// v["a"] = Value::from(1);
    /// assert_eq!(v.to_string(), r#"{"a": 1}"#);
    /// ```
    fn index_mut(&mut self, key: &str) -> &mut Value {
        if self.is_nil() {
            *self = Value::Map(Map::new());
        }
        match self {
            Value::Map(m) => m.get_or_insert_nil(key),
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

// ---- building values ----

macro_rules! value_from_int {
    ($($t:ty)*) => {$(
        impl From<$t> for Value {
            #[inline]
            fn from(v: $t) -> Value {
                Value::Integer(Integer::from(v))
            }
        }
    )*};
}
value_from_int!(u8 u16 u32 u64 usize i8 i16 i32 i64 isize);

/// `From` impls whose body is one expression of `v`.
macro_rules! value_from {
    ($($t:ty => |$v:ident| $e:expr;)*) => {$(
        impl From<$t> for Value {
            #[inline]
            fn from($v: $t) -> Value {
                $e
            }
        }
    )*};
}

value_from! {
    Integer => |v| Value::Integer(v);
    f32 => |v| Value::F32(v);
    f64 => |v| Value::F64(v);
    bool => |v| Value::Bool(v);
    String => |v| Value::String(v);
    &str => |v| Value::String(v.to_owned());
    Cow<'_, str> => |v| Value::String(v.into_owned());
    char => |v| Value::String(v.to_string());
    () => |_v| Value::Nil;
    Map => |v| Value::Map(v);
    Timestamp => |v| Value::Timestamp(v);
    Vec<u8> => |v| Value::Binary(v);
    &[u8] => |v| Value::Binary(v.to_vec());
    Vec<Value> => |v| Value::Array(v);
}
// (`From<Bytes>`, a bin, is beside `Bytes` in `bytes.rs`: `msgpack/` names nothing of the
// model.)

impl From<super::Ext<'_>> for Value {
    /// An extension; a timestamp extension with a valid payload becomes a
    /// [`Value::Timestamp`], as when decoded.
    ///
    /// ```
    /// # use codec::msgpack::{Ext, Value};
    /// let v = Value::from(Ext { tag: -1, data: vec![0, 0, 0, 1].into() });
    /// assert!(v.is_timestamp());
    /// ```
    fn from(e: super::Ext<'_>) -> Value {
        ext_value(e.tag, e.data.into_owned())
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    /// `None` is `Nil`.
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::Nil, Into::into)
    }
}

impl<T: Into<Value>> FromIterator<T> for Value {
    /// An array.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// let v: Value = (1..=3).collect();
    /// assert_eq!(v.to_string(), "[1, 2, 3]");
    /// ```
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Value {
        Value::Array(iter.into_iter().map(Into::into).collect())
    }
}

impl<K: Into<Value>, V: Into<Value>> FromIterator<(K, V)> for Value {
    /// A map; a key that comes again replaces the earlier value in its place.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// let v: Value = [(1, "a"), (2, "b")].into_iter().collect();
    /// assert_eq!(v.to_string(), r#"{1: "a", 2: "b"}"#);
    /// ```
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Value {
        Value::Map(iter.into_iter().collect())
    }
}

/// An extension as decoded: a valid timestamp is a `Timestamp`, anything else an `Ext`.
fn ext_value(tag: i8, data: Vec<u8>) -> Value {
    if tag == TIMESTAMP_EXT {
        if let Some(t) = Timestamp::from_payload(&data) {
            return Value::Timestamp(t);
        }
    }
    Value::Ext(tag, data)
}

// ---- comparisons with plain values, so `v["n"] == 1` reads naturally ----
//
// Only with `Value` on the left, as for `json::Value` (the mirrored impls would break type
// inference in unrelated code).

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
    f64 => |v, o| matches!(v, Value::F32(_) | Value::F64(_)) && v.as_f64() == Some(*o);
    f32 => |v, o| matches!(v, Value::F32(_) | Value::F64(_)) && v.as_f64() == Some(*o as f64);
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

/// The entries of a MessagePack map: keys of any type, in input (or insertion) order.
///
/// A vector of pairs, as MessagePack lays a map out. Lookups are linear scans (maps in
/// dynamic data are mostly small); decoding checks duplicate keys through a hash index
/// once a map grows past a few dozen entries, so a large map still decodes in linear time.
/// Keys are unique: [`insert`](Map::insert) replaces in place. Two maps are equal when
/// they hold the same entries in the same order.
///
/// ```
/// use codec::msgpack::{Map, Value};
///
/// let mut m = Map::new();
/// m.insert(1, "one");
/// m.insert("two", 2);
/// m.insert(Value::from(vec![Value::from(3)]), Value::Nil); // an array key
/// assert_eq!(m.get(&Value::from(1)), Some(&Value::from("one")));
/// assert_eq!(m["two"], 2);
/// assert_eq!(Value::from(m).to_string(), r#"{1: "one", "two": 2, [3]: nil}"#);
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Map {
    pub(crate) entries: Vec<(Value, Value)>,
}

/// What a [`Map`] can be searched with: a [`Value`], or a `str` for a str key.
///
/// ```
/// use codec::msgpack::{Map, MapKey, Value};
/// let m: Map = [(Value::from("a"), 1), (Value::from(2), 2)].into_iter().collect();
/// assert_eq!(m.get("a"), Some(&Value::from(1)));
/// assert_eq!(m.get(&Value::from(2)), Some(&Value::from(2)));
/// assert!("a".is_key(&Value::from("a")) && !"2".is_key(&Value::from(2)));
/// ```
pub trait MapKey {
    /// Whether `key`, a key of the map, is this one.
    fn is_key(&self, key: &Value) -> bool;
}

impl MapKey for Value {
    #[inline]
    fn is_key(&self, key: &Value) -> bool {
        self == key
    }
}

impl MapKey for str {
    #[inline]
    fn is_key(&self, key: &Value) -> bool {
        key.as_str() == Some(self)
    }
}

impl<K: MapKey + ?Sized> MapKey for &K {
    #[inline]
    fn is_key(&self, key: &Value) -> bool {
        (**self).is_key(key)
    }
}

impl Map {
    /// An empty map.
    ///
    /// ```
    /// assert!(codec::msgpack::Map::new().is_empty());
    /// ```
    pub fn new() -> Map {
        Map { entries: Vec::new() }
    }

    /// An empty map with room for `capacity` entries.
    ///
    /// ```
    /// assert!(codec::msgpack::Map::with_capacity(4).is_empty());
    /// ```
    pub fn with_capacity(capacity: usize) -> Map {
        Map { entries: Vec::with_capacity(capacity) }
    }

    /// The number of entries.
    ///
    /// ```
    /// # use codec::msgpack::Map;
    /// let m: Map = [(1, 2)].into_iter().collect();
    /// assert_eq!(m.len(), 1);
    /// ```
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no entries.
    ///
    /// ```
    /// assert!(codec::msgpack::Map::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Removes every entry.
    ///
    /// ```
    /// # use codec::msgpack::Map;
    /// let mut m: Map = [(1, 2)].into_iter().collect();
    /// m.clear();
    /// assert!(m.is_empty());
    /// ```
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    fn position<K: MapKey + ?Sized>(&self, key: &K) -> Option<usize> {
        self.entries.iter().position(|(k, _)| key.is_key(k))
    }

    /// The value of `key`: a [`Value`], or a `&str` for a str key.
    ///
    /// ```
    /// # use codec::msgpack::{Map, Value};
    /// let m: Map = [(Value::from(1), Value::from("a")), (Value::from("b"), Value::Nil)].into_iter().collect();
    /// assert_eq!(m.get(&Value::from(1)), Some(&Value::from("a")));
    /// assert_eq!(m.get("b"), Some(&Value::Nil));
    /// assert_eq!(m.get("1"), None);
    /// ```
    pub fn get<K: MapKey + ?Sized>(&self, key: &K) -> Option<&Value> {
        self.position(key).map(|i| &self.entries[i].1)
    }

    /// The value of `key`, mutably.
    ///
    /// ```
    /// # use codec::msgpack::{Map, Value};
    /// let mut m: Map = [("a", 1)].into_iter().collect();
    /// *m.get_mut("a").unwrap() = Value::from(2);
    /// assert_eq!(m["a"], 2);
    /// ```
    pub fn get_mut<K: MapKey + ?Sized>(&mut self, key: &K) -> Option<&mut Value> {
        self.position(key).map(|i| &mut self.entries[i].1)
    }

    /// Whether `key` is a key of the map.
    ///
    /// ```
    /// # use codec::msgpack::{Map, Value};
    /// let m: Map = [(1, 2)].into_iter().collect();
    /// assert!(m.contains_key(&Value::from(1)) && !m.contains_key("1"));
    /// ```
    pub fn contains_key<K: MapKey + ?Sized>(&self, key: &K) -> bool {
        self.position(key).is_some()
    }

    /// Sets `key` to `value`. A new key goes last; an existing one keeps its place and
    /// the old value is returned.
    ///
    /// ```
    /// # use codec::msgpack::{Map, Value};
    /// let mut m = Map::new();
    /// assert_eq!(m.insert(1, "a"), None);
    /// m.insert(2, "b");
    /// assert_eq!(m.insert(1, "c"), Some(Value::from("a")));
    /// assert_eq!(Value::from(m).to_string(), r#"{1: "c", 2: "b"}"#);
    /// ```
    pub fn insert(&mut self, key: impl Into<Value>, value: impl Into<Value>) -> Option<Value> {
        let key = key.into();
        let value = value.into();
        match self.position(&key) {
            Some(i) => Some(core::mem::replace(&mut self.entries[i].1, value)),
            None => {
                self.entries.push((key, value));
                None
            }
        }
    }

    /// Removes `key` and returns its value; the entries after it keep their order.
    ///
    /// ```
    /// # use codec::msgpack::{Map, Value};
    /// let mut m: Map = [(1, 10), (2, 20), (3, 30)].into_iter().collect();
    /// assert_eq!(m.remove(&Value::from(2)), Some(Value::from(20)));
    /// assert_eq!(m.len(), 2);
    /// ```
    pub fn remove<K: MapKey + ?Sized>(&mut self, key: &K) -> Option<Value> {
        self.position(key).map(|i| self.entries.remove(i).1)
    }

    /// The value of the str key `key`, inserted as `Nil` at the end when absent.
    fn get_or_insert_nil(&mut self, key: &str) -> &mut Value {
        let i = match self.position(key) {
            Some(i) => i,
            None => {
                self.entries.push((Value::String(key.to_owned()), Value::Nil));
                self.entries.len() - 1
            }
        };
        &mut self.entries[i].1
    }

    /// The entries in order, as `&(key, value)`.
    ///
    /// ```
    /// # use codec::msgpack::Map;
    /// let m: Map = [(2, "b"), (1, "a")].into_iter().collect();
    /// let keys: Vec<u64> = m.iter().map(|(k, _)| k.as_u64().unwrap()).collect();
    /// assert_eq!(keys, [2, 1]);
    /// ```
    pub fn iter(&self) -> core::slice::Iter<'_, (Value, Value)> {
        self.entries.iter()
    }

    /// The entries in order, values mutable.
    ///
    /// ```
    /// # use codec::msgpack::{Map, Value};
    /// let mut m: Map = [(1, 1), (2, 2)].into_iter().collect();
    /// for (_, v) in m.iter_mut() {
    ///     *v = Value::from(v.as_u64().unwrap() * 10);
    /// }
    /// assert_eq!(m[&Value::from(2)], 20);
    /// ```
    pub fn iter_mut(&mut self) -> impl DoubleEndedIterator<Item = (&Value, &mut Value)> + ExactSizeIterator {
        self.entries.iter_mut().map(|(k, v)| (&*k, v))
    }

    /// The keys in order.
    ///
    /// ```
    /// # use codec::msgpack::Map;
    /// let m: Map = [("b", 1), ("a", 2)].into_iter().collect();
    /// assert_eq!(m.keys().filter_map(|k| k.as_str()).collect::<Vec<_>>(), ["b", "a"]);
    /// ```
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &Value> + ExactSizeIterator + '_ {
        self.entries.iter().map(|(k, _)| k)
    }

    /// The values in order.
    ///
    /// ```
    /// # use codec::msgpack::Map;
    /// let m: Map = [("b", 1), ("a", 2)].into_iter().collect();
    /// assert_eq!(m.values().filter_map(|v| v.as_u64()).sum::<u64>(), 3);
    /// ```
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Value> + ExactSizeIterator + '_ {
        self.entries.iter().map(|(_, v)| v)
    }

    /// The entries as a slice of pairs, in order.
    ///
    /// ```
    /// # use codec::msgpack::{Map, Value};
    /// let m: Map = [(1, 2)].into_iter().collect();
    /// assert_eq!(m.as_slice(), [(Value::from(1), Value::from(2))]);
    /// ```
    pub fn as_slice(&self) -> &[(Value, Value)] {
        &self.entries
    }
}

impl fmt::Debug for Map {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.entries.iter().map(|(k, v)| (k, v))).finish()
    }
}

impl fmt::Display for Map {
    /// `{k: v, ...}` in the diagnostic form of [`Value`]'s `Display`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, (k, v)) in self.entries.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{k}: {v}")?;
        }
        f.write_str("}")
    }
}

impl<K: MapKey + ?Sized> Index<&K> for Map {
    type Output = Value;

    /// The value of `key`, or `Nil` when absent (as indexing a [`Value`]).
    fn index(&self, key: &K) -> &Value {
        self.get(key).unwrap_or(&NIL)
    }
}

impl<K: Into<Value>, V: Into<Value>> FromIterator<(K, V)> for Map {
    /// Collects entries in order; a key that comes again replaces the earlier value in
    /// its place.
    ///
    /// ```
    /// # use codec::msgpack::{Map, Value};
    /// let m: Map = [(1, "a"), (2, "b"), (1, "c")].into_iter().collect();
    /// assert_eq!(m.len(), 2);
    /// assert_eq!(m[&Value::from(1)], "c");
    /// ```
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Map {
        let mut m = Map::new();
        m.extend(iter);
        m
    }
}

impl<K: Into<Value>, V: Into<Value>> Extend<(K, V)> for Map {
    /// Inserts each entry, as [`Map::insert`] does (through a key index, so extending by
    /// many entries stays linear).
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        let mut builder = Builder::from_map(core::mem::take(self));
        for (k, v) in iter {
            let k = k.into();
            match builder.find(&k) {
                Some(i) => builder.replace(i, v.into()),
                None => builder.push(k, v.into()),
            }
        }
        *self = builder.map;
    }
}

impl IntoIterator for Map {
    type Item = (Value, Value);
    type IntoIter = alloc::vec::IntoIter<(Value, Value)>;

    /// The entries in order, by value.
    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

impl<'a> IntoIterator for &'a Map {
    type Item = &'a (Value, Value);
    type IntoIter = core::slice::Iter<'a, (Value, Value)>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter()
    }
}

// ---- duplicate detection while building ----

/// Up to this many entries, finding a key is a linear scan; beyond, an index.
const LINEAR_LIMIT: usize = 32;

/// The indexed hashes are already SipHash outputs: hashing them again would be waste.
#[cfg(feature = "std")]
#[derive(Default)]
struct PassThrough(u64);

#[cfg(feature = "std")]
impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is called; fold anything else in rather than panic.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

/// Key hash (randomly keyed, so input cannot choose collisions) → position of the first
/// entry with that hash; a collision falls back to a scan, so answers are exact. Without
/// `std` there is no random key: a `BTreeMap` of copies of the keys, O(log n) comparisons
/// per key whatever the input.
#[cfg(feature = "std")]
type Table = (RandomState, HashMap<u64, usize, BuildHasherDefault<PassThrough>>);
#[cfg(not(feature = "std"))]
type Table = BTreeMap<Value, usize>;

/// A [`Map`] being built, with the index that finds its keys once it is large.
pub(crate) struct Builder {
    pub(crate) map: Map,
    table: Option<Table>,
}

impl Builder {
    pub(crate) fn from_map(map: Map) -> Builder {
        let mut b = Builder { map, table: None };
        if b.map.len() > LINEAR_LIMIT {
            b.build();
        }
        b
    }

    #[cold]
    #[inline(never)]
    fn build(&mut self) {
        #[cfg(feature = "std")]
        let mut table: Table =
            (RandomState::new(), HashMap::with_capacity_and_hasher(self.map.len() * 2, BuildHasherDefault::default()));
        #[cfg(not(feature = "std"))]
        let mut table: Table = BTreeMap::new();
        for (i, (k, _)) in self.map.entries.iter().enumerate() {
            Self::insert(&mut table, k, i);
        }
        self.table = Some(table);
    }

    #[cfg(feature = "std")]
    #[inline]
    fn insert((state, table): &mut Table, key: &Value, i: usize) {
        table.entry(state.hash_one(key)).or_insert(i);
    }

    #[cfg(not(feature = "std"))]
    #[inline]
    fn insert(table: &mut Table, key: &Value, i: usize) {
        if !table.contains_key(key) {
            table.insert(key.clone(), i);
        }
    }

    #[inline]
    pub(crate) fn find(&self, key: &Value) -> Option<usize> {
        match &self.table {
            None => self.map.position(key),
            Some(table) => self.lookup(table, key),
        }
    }

    #[cfg(feature = "std")]
    fn lookup(&self, (state, table): &Table, key: &Value) -> Option<usize> {
        let i = *table.get(&state.hash_one(key))?;
        if self.map.entries[i].0 == *key {
            Some(i)
        } else {
            self.map.position(key)
        }
    }

    #[cfg(not(feature = "std"))]
    fn lookup(&self, table: &Table, key: &Value) -> Option<usize> {
        table.get(key).copied()
    }

    #[inline]
    pub(crate) fn push(&mut self, key: Value, value: Value) {
        if let Some(table) = &mut self.table {
            Self::insert(table, &key, self.map.entries.len());
        }
        self.map.entries.push((key, value));
        if self.table.is_none() && self.map.len() > LINEAR_LIMIT {
            self.build();
        }
    }

    #[inline]
    pub(crate) fn replace(&mut self, i: usize, value: Value) {
        self.map.entries[i].1 = value;
    }
}

/// A key seen twice in one map, at the offset of its second occurrence.
#[cold]
#[inline(never)]
pub(crate) fn duplicate_key(offset: usize, key: &Value) -> Error {
    Error::new(ErrorKind::DuplicateField(Cow::Owned(path_key(key))), offset)
}

/// How a key appears in an error path: a str as itself (as for JSON objects), any other
/// key in the diagnostic form.
pub(crate) fn path_key(key: &Value) -> String {
    match key {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

// ---------------------------------------------------------------- reading and writing

// One walk each over the core's `Reader` and `Writer`, so in any format: the model's
// `Encode`/`Decode` impls that call them are in `impls/msgpack_value.rs` while the traits
// keep a method per format. In MessagePack a value is read and written exactly; in any
// other format (JSON), in the JSON form of the module docs: nil, bools, numbers,
// strings, arrays and maps of str keys, an error naming anything else.

impl Value {
    /// `Decode for Value`: any MessagePack value; in JSON any JSON value (numbers as
    /// integers when they fit, else float 64; object keys as strs). Recursion is bounded by
    /// the reader's depth limit, which arrays and maps count against.
    pub(crate) fn read_from<'de, R: Reader<'de>>(r: &mut R) -> Result<Value> {
        match r.peek_value_kind() {
            Some(ValueKind::Null) => r.read_null().map(|()| Value::Nil),
            Some(ValueKind::Bool) => r.read_bool().map(Value::Bool),
            Some(ValueKind::Int | ValueKind::Float | ValueKind::Number) => Ok(match r.read_parsed_number()? {
                ParsedNumber::PosInt(v) => Value::Integer(Integer(I::Pos(v))),
                ParsedNumber::NegInt(v) => Value::Integer(Integer(I::Neg(v))),
                ParsedNumber::Float(v) => Value::F64(v),
                ParsedNumber::Float32(v) => Value::F32(v),
            }),
            Some(ValueKind::Str) => r.read_string().map(Value::String),
            Some(ValueKind::Bytes | ValueKind::Ext) => Value::read_bin_or_ext(r),
            // `Vec`'s own decoding (its elements through `Decode for Value`, errors with
            // their index): in JSON it buffers small elements and allocates once.
            Some(ValueKind::Array) => <Vec<Value> as crate::Decode<'de>>::decode(r).map(Value::Array),
            Some(ValueKind::Map) => Map::read_from(r).map(Value::Map),
            // (Only MessagePack's reader uses the name: JSON's reports a syntax error.)
            _ => Err(r.invalid_type("a MessagePack value")),
        }
    }

    /// A bin or an extension (MessagePack's only): out of line, so that the walk above
    /// stays small enough to inline the reader's number parser in every format (measured:
    /// inline, JSON's stayed a call, +9% instructions decoding JSON).
    #[inline(never)]
    fn read_bin_or_ext<'de, R: Reader<'de>>(r: &mut R) -> Result<Value> {
        if r.peek_value_kind() == Some(ValueKind::Bytes) {
            return r.read_bytes().map(|b| Value::Binary(b.into_owned()));
        }
        let (tag, data) = r.read_ext()?;
        Ok(ext_value(tag, data.to_vec()))
    }

    /// `Encode for Value`: in MessagePack exactly the value, each part in its smallest
    /// encoding; in another format what it has of the value (CBOR: bytes, typed keys,
    /// non-finite floats and timestamps, not extensions), and in JSON the JSON form: an
    /// error naming what the format cannot hold, with the path to it.
    pub(crate) fn write_to<W: Writer>(&self, w: &mut W) -> Result<()> {
        match self {
            Value::Nil => w.write_null(),
            Value::Bool(b) => w.write_bool(*b),
            Value::Integer(i) => match i.0 {
                I::Pos(v) => w.write_u64(v),
                I::Neg(v) => w.write_i64(v),
            },
            // (The capability constants are constants: the other branches fold away.)
            Value::F32(v) if W::JSON_TEXT && !v.is_finite() => return Err(non_finite(*v as f64)),
            Value::F32(v) => w.write_f32(*v)?,
            Value::F64(v) if W::JSON_TEXT && !v.is_finite() => return Err(non_finite(*v)),
            Value::F64(v) => w.write_f64(*v)?,
            Value::String(s) => w.write_str(s)?,
            Value::Binary(b) if W::NATIVE_BYTES => w.write_bytes(b)?,
            Value::Array(a) => {
                w.begin_array(a.len())?;
                for (i, v) in a.iter().enumerate() {
                    w.array_element(i);
                    v.write_to(w).map_err(|e| e.in_index(i))?;
                }
                w.end_array();
            }
            Value::Map(m) => m.write_to(w)?,
            Value::Ext(tag, data) if W::MSGPACK => w.write_ext(*tag, data)?,
            Value::Timestamp(t) if W::NATIVE_TIMESTAMP => w.write_timestamp(t.seconds(), t.nanoseconds())?,
            Value::Binary(_) | Value::Ext(..) | Value::Timestamp(_) => return Err(not_json(self.kind())),
        }
        Ok(())
    }
}

impl Map {
    /// `Decode for Map`: a MessagePack map, keys of any type; a JSON object, its keys
    /// strs. A repeated key follows the reader's duplicate-key policy.
    pub(crate) fn read_from<'de, R: Reader<'de>>(r: &mut R) -> Result<Map> {
        let b = r.read_map(
            |r, n| {
                let capacity = r.capacity_for(n, core::mem::size_of::<(Value, Value)>());
                Ok(Builder { map: Map::with_capacity(capacity), table: None })
            },
            |r, b, key| {
                let name = if r.key_is_string(key) {
                    Value::String(r.key_str_with(key, |s| Ok(s.to_owned()))?)
                } else {
                    // A key of another type (MessagePack's), read again as a value.
                    r.decode_key_as_value::<Value>(key)?
                };
                match b.find(&name) {
                    None => {
                        let value = Value::read_from(r).map_err(|e| in_key(e, &name))?;
                        b.push(name, value);
                    }
                    Some(i) => match r.duplicate_keys() {
                        DuplicateKeys::KeepFirst => r.skip_value()?,
                        DuplicateKeys::KeepLast => {
                            let value = Value::read_from(r).map_err(|e| in_key(e, &name))?;
                            b.replace(i, value);
                        }
                        _ => return Err(duplicate_key(r.key_offset(key), &name)),
                    },
                }
                Ok(())
            },
        )?;
        Ok(b.map)
    }

    /// `Encode for Map`: where keys are typed (MessagePack, CBOR) every entry as it is;
    /// in JSON an object, an error when a key is not a str.
    pub(crate) fn write_to<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.begin_map(self.len())?;
        for (i, (k, v)) in self.entries.iter().enumerate() {
            w.map_key(i);
            if W::TYPED_KEYS {
                k.write_to(w)?;
            } else {
                let Value::String(k) = k else {
                    return Err(not_json("a map key that is not a str").in_key(path_key(k)));
                };
                w.write_str(k)?;
            }
            w.map_value();
            v.write_to(w).map_err(|e| in_key(e, k))?;
        }
        w.end_map();
        Ok(())
    }
}

/// `e`, inside the value of map key `key`.
#[cold]
#[inline(never)]
fn in_key(e: Error, key: &Value) -> Error {
    e.in_key(path_key(key))
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::msgpack::{from_slice, from_slice_with, to_vec};

    /// A map of `n` int keys `0..n`, then `tail` (more encoded entries).
    fn int_map(n: u16, tail: &[u8], extra: u16) -> Vec<u8> {
        let mut doc = vec![0xde];
        doc.extend((n + extra).to_be_bytes());
        for i in 0..n {
            doc.extend(to_vec(&i).unwrap());
            doc.push(0xc3);
        }
        doc.extend_from_slice(tail);
        doc
    }

    /// Past `LINEAR_LIMIT` keys are found through the index (a hash table with `std`, a
    /// `BTreeMap` without: CI runs this in both builds), wherever the repeat is.
    #[test]
    fn large_maps_find_duplicates_through_the_index() {
        // Key 3 again, then key [999] (an array) that is new.
        let doc = int_map(1000, b"\x03\xc2\x91\xcd\x03\xe7\xc0", 2);
        let err = from_slice::<Value>(&doc).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::DuplicateField(Cow::Borrowed("3")));
        for (policy, three) in [(DuplicateKeys::KeepFirst, true), (DuplicateKeys::KeepLast, false)] {
            let options = crate::msgpack::Options::new().duplicate_keys(policy);
            let v: Value = from_slice_with(&doc, &options).unwrap();
            let m = v.as_map().unwrap();
            assert_eq!(m.len(), 1001);
            assert_eq!(m.as_slice()[3], (Value::from(3), Value::from(three)));
            assert_eq!(m.keys().last(), Some(&Value::Array(alloc::vec![Value::from(999)])));
        }
    }

    #[test]
    fn extend_replaces_in_place_past_the_linear_limit() {
        let mut m: Map = (0..100).map(|i| (i, i)).collect();
        m.extend([(7, 70), (1000, 1)]);
        assert_eq!(m.len(), 101);
        assert_eq!(m.as_slice()[7].1, Value::from(70));
        assert_eq!(m.keys().last(), Some(&Value::from(1000)));
    }
}
