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
//! an [`Error`](crate::Error) whose message names what and whose path says where:
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

use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;
use core::hash::Hash;

use super::{Timestamp, TIMESTAMP_EXT};
use crate::dynamic;
pub use crate::dynamic::MapKey;
use crate::error::Result;
use crate::reader::{ParsedNumber, Reader, ValueKind};
use crate::writer::Writer;
use crate::Encode;

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

dynamic::value_accessors!(Value, "msgpack", String, Array, Map);
dynamic::value_impls!(Value, Integer, String, Array, Map, NIL, "a map key that is not a str");

static NIL: Value = Value::Nil;
dynamic::variant_methods!(Value {
    /// Whether this is nil.
    ///
    /// ```
    /// assert!(codec::msgpack::Value::Nil.is_nil());
    /// ```
    pub fn is_nil -> bool { Value::Nil => true }

    /// Whether this is a float 32.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// assert!(Value::from(1.5f32).is_f32() && !Value::from(1.5f64).is_f32());
    /// ```
    pub fn is_f32 -> bool { Value::F32(_) => true }

    /// Whether this is a float 64.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// assert!(Value::from(1.5).is_f64() && !Value::from(1).is_f64());
    /// ```
    pub fn is_f64 -> bool { Value::F64(_) => true }

    /// Whether this is a number of any kind (integer or float).
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// assert!(Value::from(1).is_number() && Value::F32(0.5).is_number());
    /// ```
    pub fn is_number -> bool { Value::Integer(_) | Value::F32(_) | Value::F64(_) => true }

    /// Whether this is a bin.
    ///
    /// ```
    /// assert!(codec::msgpack::Value::from(&b"x"[..]).is_binary());
    /// ```
    pub fn is_binary -> bool { Value::Binary(_) => true }

    /// Whether this is an extension other than a timestamp.
    ///
    /// ```
    /// assert!(codec::msgpack::Value::Ext(5, vec![]).is_ext());
    /// ```
    pub fn is_ext -> bool { Value::Ext(..) => true }

    /// Whether this is a timestamp.
    ///
    /// ```
    /// # use codec::msgpack::{Timestamp, Value};
    /// assert!(Value::from(Timestamp::new(0, 0).unwrap()).is_timestamp());
    /// ```
    pub fn is_timestamp -> bool { Value::Timestamp(_) => true }

    /// Any number as `f64`: a float 64 exactly, a float 32 widened exactly, an integer
    /// as the nearest `f64`.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// assert_eq!(Value::F32(0.5).as_f64(), Some(0.5));
    /// assert_eq!(Value::from(2).as_f64(), Some(2.0));
    /// assert_eq!(Value::from("2").as_f64(), None);
    /// ```
    pub fn as_f64 -> Option<f64> { Value::Integer(i) => Some(i.as_f64()), Value::F32(v) => Some(*v as f64), Value::F64(v) => Some(*v) }

    /// The float, if this is a float 32.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// assert_eq!(Value::F32(0.5).as_f32(), Some(0.5));
    /// assert_eq!(Value::F64(0.5).as_f32(), None);
    /// ```
    pub fn as_f32 -> Option<f32> { Value::F32(v) => Some(*v) }

    /// The bytes, if this is a bin.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// assert_eq!(Value::Binary(vec![1, 2]).as_bytes(), Some(&[1, 2][..]));
    /// assert_eq!(Value::from("ab").as_bytes(), None);
    /// ```
    pub fn as_bytes -> Option<&[u8]> { Value::Binary(b) => Some(b) }

    /// The type and payload, if this is an extension other than a timestamp.
    ///
    /// ```
    /// # use codec::msgpack::Value;
    /// assert_eq!(Value::Ext(7, vec![1]).as_ext(), Some((7, &[1][..])));
    /// ```
    pub fn as_ext -> Option<(i8, &[u8])> { Value::Ext(tag, data) => Some((*tag, data)) }

    /// The timestamp, if this is one.
    ///
    /// ```
    /// # use codec::msgpack::{Timestamp, Value};
    /// let t = Timestamp::new(5, 0).unwrap();
    /// assert_eq!(Value::from(t).as_timestamp(), Some(t));
    /// ```
    pub fn as_timestamp -> Option<Timestamp> { Value::Timestamp(t) => Some(*t) }
});

impl Value {
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
            (Value::Map(a), Value::Map(b)) => a.cmp(b),
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
                    f.write_str(dynamic::non_finite_name(*v as f64))?;
                }
                f.write_str(")")
            }
            Value::F64(v) => dynamic::write_float(f, *v),
            Value::String(s) => write!(f, "{s:?}"),
            Value::Binary(b) => write_bytes(f, b),
            Value::Array(a) => dynamic::write_array(f, a),
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

// ---- building values ----

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
    f32 => |v| Value::F32(v);
    f64 => |v| Value::F64(v);
    bool => |v| Value::Bool(v);
    Timestamp => |v| Value::Timestamp(v);
    Vec<u8> => |v| Value::Binary(v);
    &[u8] => |v| Value::Binary(v.to_vec());
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
    f64 => |v, o| matches!(v, Value::F32(_) | Value::F64(_)) && v.as_f64() == Some(*o);
    f32 => |v, o| matches!(v, Value::F32(_) | Value::F64(_)) && v.as_f64() == Some(*o as f64);
}

// ---------------------------------------------------------------- Map

/// The entries of a MessagePack map: keys of any type, in input (or insertion) order.
///
/// The generic [`dynamic::Map`] of the dynamic values with typed keys
/// (see it for the methods): a vector of pairs, as MessagePack lays a map out.
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
pub type Map = dynamic::Map<Value>;

// ---------------------------------------------------------------- reading and writing

// One walk each over the core's `Reader` and `Writer`, so in any format: the model's
// `Encode`/`Decode` impls that call them are in `impls/msgpack_value.rs`, the map's walks
// in `dynamic.rs`. In MessagePack a value is read and written exactly; in any other
// format (JSON), in the JSON form of the module docs: nil, bools, numbers, strings,
// arrays and maps of str keys, an error naming anything else.

impl Value {
    /// A bin or an extension (MessagePack's only): out of line, so that the walk of
    /// `read_from` stays small enough to inline the reader's number parser in every format
    /// (measured: inline, JSON's stayed a call, +9% instructions decoding JSON).
    #[inline(never)]
    fn read_bin_or_ext<'de, R: Reader<'de>>(r: &mut R) -> Result<Value> {
        if r.peek_value_kind() == Some(ValueKind::Bytes) {
            return r.read_bytes().map(|b| Value::Binary(b.into_owned()));
        }
        let (tag, data) = r.read_ext()?;
        Ok(ext_value(tag, data.to_vec()))
    }
}

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
            Value::F32(v) if W::JSON_TEXT && !v.is_finite() => return Err(dynamic::non_finite(*v as f64)),
            Value::F32(v) => w.write_f32(*v)?,
            Value::F64(v) if W::JSON_TEXT && !v.is_finite() => return Err(dynamic::non_finite(*v)),
            Value::F64(v) => w.write_f64(*v)?,
            Value::String(s) => w.write_str(s)?,
            Value::Binary(b) if W::NATIVE_BYTES => w.write_bytes(b)?,
            Value::Array(a) => a.encode(w)?,
            Value::Map(m) => m.write_to(w)?,
            Value::Ext(tag, data) if W::MSGPACK => w.write_ext(*tag, data)?,
            Value::Timestamp(t) if W::NATIVE_TIMESTAMP => w.write_timestamp(t.seconds(), t.nanoseconds())?,
            Value::Binary(_) | Value::Ext(..) | Value::Timestamp(_) => return Err(dynamic::not_held::<W>(self.kind())),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use alloc::borrow::Cow;

    use super::*;
    use crate::error::ErrorKind;
    use crate::msgpack::{from_slice, from_slice_with, to_vec, DuplicateKeys};

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
