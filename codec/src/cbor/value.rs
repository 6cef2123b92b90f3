//! A dynamic CBOR value that holds any CBOR data item (RFC 8949 section 2): what
//! `ciborium::Value` and Python's cbor2 give.
//!
//! [`json::Value`](crate::json::Value) is the value of JSON's data model: decoding CBOR
//! into it drops tags, turns byte strings into arrays of numbers, rejects non-text keys
//! and simple values, and makes floats of integers beyond `i64`/`u64`. [`Value`] keeps all
//! of it:
//!
//! | CBOR | `Value` | written back as |
//! |---|---|---|
//! | unsigned and negative integers (major types 0, 1), −2^64 to 2^64−1 | [`Value::Integer`] (an [`Integer`]) | the shortest head |
//! | byte string (definite or in chunks) | [`Value::Bytes`] | definite, shortest head |
//! | text string (definite or in chunks) | [`Value::Text`] | definite, shortest head |
//! | array (definite or indefinite) | [`Value::Array`] | definite |
//! | map (keys of any kind) | [`Value::Map`] (a [`Map`]: pairs in input order) | definite, in that order |
//! | tag (major type 6), any number | [`Value::Tag`] (number, content) | the tag, then its content |
//! | half, single or double float | [`Value::Float`] (`f64`: half and single widened exactly) | the shortest of half, single and double that holds it exactly |
//! | `false`, `true` | [`Value::Bool`] | `0xf4`, `0xf5` |
//! | `null` | [`Value::Null`] | `0xf6` |
//! | `undefined` | [`Value::Undefined`] | `0xf7` |
//! | any other simple value (0 to 19, 32 to 255) | [`Value::Simple`] | its one- or two-byte form |
//!
//! Every tag is kept as it is, the content decoded as any value: bignums (tags 2 and 3)
//! stay a [`Value::Tag`] around their byte string rather than becoming integers
//! (an integer beyond 64 bits has no [`Integer`] form, and a bignum that would fit 64
//! bits is still not the same item as the integer), the date/time tags 0 and 1 stay
//! tags, and so does the self-described tag 55799. [`Value::untagged`] looks through
//! tags; [`Value::as_i128`] reads a bignum within `i128`.
//!
//! "Keeps all of it" means the data item: decoding then encoding gives back the same
//! item in preferred serialization (RFC 8949 section 4.2.1), the encoding ciborium and
//! cbor2 write too. An input that used a longer head than needed, an indefinite length,
//! or a wider float than needed comes back in the shortest form; NaN comes back as the
//! half `0xf97e00`, its payload and sign not kept (so every NaN is the same `Value`). With
//! [`EncodeOptions::deterministic`](super::EncodeOptions::deterministic) every map's
//! entries are also sorted by their encoded keys (RFC 8949 section 4.2.1's deterministic
//! encoding).
//!
//! Decoding goes through [`CborReader`](super::CborReader) like every other type, so the
//! [`Options`](super::Options) limits hold: nesting depth (arrays, maps and tags count;
//! so do map keys, which are values), the length of one string, and reservations
//! bounded by the input (a head announcing 2^60 elements reserves nothing it cannot back).
//! A key seen twice in one map follows
//! [`Options::duplicate_keys`](super::Options::duplicate_keys), compared as values (the
//! integer key `1` and the text key `"1"` are different keys).
//!
//! ```
//! use codec::cbor::{Integer, Value};
//!
//! // {1: h'00ff', "big": 2(h'010000000000000000'), "t": 0("2013-03-21T20:04:00Z"), "u": undefined}
//! let bytes = b"\xa4\x01\x42\x00\xff\x63big\xc2\x49\x01\x00\x00\x00\x00\x00\x00\x00\x00\
//!               \x61t\xc0\x74\x32\x30\x31\x33\x2d\x30\x33\x2d\x32\x31\x54\x32\x30\x3a\x30\x34\x3a\x30\x30\x5a\
//!               \x61u\xf7";
//! let v: Value = codec::cbor::from_slice(bytes)?;
//! assert_eq!(v.as_map().unwrap().get(&Value::from(1)), Some(&Value::Bytes(vec![0, 255])));
//! assert_eq!(v["big"].as_tag().map(|(tag, _)| tag), Some(2));
//! assert_eq!(v["big"].as_i128(), Some(1 << 64));
//! assert_eq!(v["t"].untagged().as_str(), Some("2013-03-21T20:04:00Z"));
//! assert!(v["u"].is_undefined());
//! assert_eq!(codec::cbor::to_vec(&v)?, bytes);
//! assert_eq!(
//!     v.to_string(),
//!     r#"{1: h'00ff', "big": 2(h'010000000000000000'), "t": 0("2013-03-21T20:04:00Z"), "u": undefined}"#
//! );
//! # Ok::<(), codec::Error>(())
//! ```
//!
//! ## Equality, hashing and order
//! Two values are equal when they are the same data item: the same variant and the same
//! content, floats compared by their bits except that every NaN is one value (so `-0.0`
//! differs from `0.0`), maps entry by entry in order. That makes `Value` [`Eq`], [`Hash`]
//! and [`Ord`], usable as a key. `Integer(1)` differs from `Float(1.0)`. Comparisons with
//! plain values (`v == 1`, `v == "a"`, `v == 1.5`) compare by value.
//!
//! ## In other formats
//! Encode and decode are generic, as for every type. In MessagePack a `Value` is written
//! as what MessagePack has of it: null, bools, integers within `i64::MIN..=u64::MAX`,
//! floats (float 64), str, bytes (bin), arrays and maps with keys of any kind; in JSON as
//! the [`json::Value`](crate::json::Value) it converts to (below), except that an integer
//! beyond `i64`/`u64` is written as its digits. A tag, `undefined` and a simple value
//! have no form in either, nor bytes, a non-text key or a non-finite float in JSON, nor
//! an integer beyond 64 bits in MessagePack: encoding one is an error that names it and
//! its path, rather than a silent change (a tag dropped, `undefined` made `null`).
//! Decoding JSON gives `Null`, `Bool`, `Integer` (integers that fit `u64` or `i64`),
//! `Float` (any other number), `Text`, `Array` and `Map` with text keys; MessagePack
//! gives the same plus `Bytes` (a bin) and keys of any kind, a float 32 widened; an
//! extension (a timestamp among them) is an error.
//!
//! ## Conversions with `json::Value`
//! `From<json::Value> for Value` always succeeds (JSON's model is a subset).
//! `TryFrom<Value> for json::Value` fails on what JSON cannot hold, as listed above (an
//! integer beyond `i64`/`u64` too), with an [`Error`] whose message names
//! what and whose path says where:
//!
//! ```
//! use codec::cbor::Value;
//!
//! let v: Value = [("id", Value::from(7)), ("blob", Value::Bytes(vec![1]))].into_iter().collect();
//! let err = codec::json::Value::try_from(v).unwrap_err();
//! assert_eq!(err.to_string(), r#"invalid type: expected a value JSON can hold, found a byte string at ["blob"]"#);
//! let j: codec::json::Value = codec::json::from_str(r#"{"a": [1, 2.5, null]}"#)?;
//! assert_eq!(Value::from(j).to_string(), r#"{"a": [1, 2.5, null]}"#);
//! # Ok::<(), codec::Error>(())
//! ```
//!
//! ## Display
//! `Display` writes RFC 8949's diagnostic notation (section 8) on one line: `null`,
//! `undefined`, `true`, `-3`, `1.5` (always with `.` or an exponent; `NaN`, `Infinity`,
//! `-Infinity`), `"text"` (Rust's escapes), `h'00ff'`, `[1, 2]`, `{"k": v, 1: v}`,
//! `2(h'01')`, `simple(16)`. It is for people; it is not parsed back.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};

use super::reader::bignum_i128;
use crate::dynamic;
use crate::error::{Error, ErrorKind, Result};
use crate::reader::{ItemHead, ParsedNumber, Reader, ValueKind};
use crate::writer::Writer;
use crate::Encode;

// ---------------------------------------------------------------- Integer

/// A CBOR integer: any value of major types 0 and 1, from −2^64 to 2^64−1, whatever
/// head it was encoded with.
///
/// Ordered by value. `From` takes every primitive integer up to 64 bits; `TryFrom` takes
/// an `i128` or a `u128` in range.
///
/// ```
/// use codec::cbor::Integer;
/// assert_eq!(Integer::from(u64::MAX).as_u64(), Some(u64::MAX));
/// assert_eq!(Integer::from(-1).as_u64(), None);
/// let min = Integer::try_from(-(1i128 << 64))?;
/// assert_eq!((min.as_i64(), min.as_i128()), (None, -(1 << 64)));
/// assert!(Integer::try_from(1u128 << 64).is_err());
/// assert!(min < Integer::from(0));
/// assert_eq!(min.to_string(), "-18446744073709551616");
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Integer(i128);

impl Integer {
    /// The least CBOR integer, −2^64.
    pub const MIN: Integer = Integer(-(1 << 64));
    /// The greatest CBOR integer, 2^64−1.
    pub const MAX: Integer = Integer(u64::MAX as i128);

    /// The value as `u64`, if it is not negative.
    ///
    /// ```
    /// assert_eq!(codec::cbor::Integer::from(3i8).as_u64(), Some(3));
    /// ```
    pub fn as_u64(&self) -> Option<u64> {
        u64::try_from(self.0).ok()
    }

    /// The value as `i64`, if it fits.
    ///
    /// ```
    /// assert_eq!(codec::cbor::Integer::from(u64::MAX).as_i64(), None);
    /// ```
    pub fn as_i64(&self) -> Option<i64> {
        i64::try_from(self.0).ok()
    }

    /// The value as `i128`, which holds every CBOR integer.
    ///
    /// ```
    /// assert_eq!(codec::cbor::Integer::MIN.as_i128(), -(1 << 64));
    /// ```
    pub fn as_i128(&self) -> i128 {
        self.0
    }

    /// The nearest `f64`.
    ///
    /// ```
    /// assert_eq!(codec::cbor::Integer::from(-2).as_f64(), -2.0);
    /// ```
    pub fn as_f64(&self) -> f64 {
        self.0 as f64
    }

    /// The integer `v`, if CBOR's integers reach it.
    fn new(v: i128) -> Option<Integer> {
        (Integer::MIN.0..=Integer::MAX.0).contains(&v).then_some(Integer(v))
    }
}

impl fmt::Display for Integer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(itoa::Buffer::new().format(self.0))
    }
}

impl fmt::Debug for Integer {
    /// The value, as `Display` writes it: `Value::Integer`'s `Debug` is `Integer(1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

macro_rules! integer_from {
    ($($t:ty)*) => {$(
        impl From<$t> for Integer {
            #[inline]
            fn from(v: $t) -> Integer {
                Integer(v as i128)
            }
        }
    )*};
}
integer_from!(u8 u16 u32 u64 usize i8 i16 i32 i64 isize);

impl TryFrom<i128> for Integer {
    type Error = Error;

    /// The integer, if within −2^64 to 2^64−1; else an
    /// [`OutOfRange`](crate::ErrorKind::OutOfRange) error.
    fn try_from(v: i128) -> Result<Integer> {
        Integer::new(v).ok_or_else(|| out_of_range(v))
    }
}

impl TryFrom<u128> for Integer {
    type Error = Error;

    /// The integer, if at most 2^64−1; else an
    /// [`OutOfRange`](crate::ErrorKind::OutOfRange) error.
    fn try_from(v: u128) -> Result<Integer> {
        u64::try_from(v).map(Integer::from).map_err(|_| out_of_range(v))
    }
}

#[cold]
fn out_of_range(v: impl fmt::Display) -> Error {
    Error::without_position(ErrorKind::OutOfRange(alloc::borrow::Cow::Owned(alloc::format!(
        "{v} is not a CBOR integer (-2^64 to 2^64-1)"
    ))))
}

// ---------------------------------------------------------------- Value

/// The entries of a CBOR map: keys of any kind, in input (or insertion) order (see
/// [`dynamic::Map`] for its methods).
///
/// ```
/// use codec::cbor::{Map, Value};
/// let mut m = Map::new();
/// m.insert(1, "one");
/// m.insert(Value::Bytes(vec![0]), Value::Undefined);
/// assert_eq!(m["one"], Value::Null);
/// assert_eq!(Value::from(m).to_string(), r#"{1: "one", h'00': undefined}"#);
/// ```
pub type Map = dynamic::Map<Value>;

/// Any CBOR data item; see the [module docs](self) for the type table, equality, the
/// forms in other formats and the `Display` form.
///
/// Indexing with a missing key or position, or into something that is not a map or an
/// array, gives `Null` rather than panicking (`v["k"]` looks up the text key `"k"`; other
/// keys through [`Map::get`]). To build values, `From` takes the integers, `f32` and
/// `f64`, `bool`, strings, `Vec<u8>` and `&[u8]` (a byte string), `Vec<Value>` (an
/// array), [`Map`] and `Option`; collecting gives an array, or a map from pairs.
///
/// ```
/// use codec::cbor::Value;
///
/// let mut v = Value::from(vec![Value::from(1), Value::from("two")]);
/// assert_eq!(v[1], "two");
/// assert!(v[5].is_null());
/// v[0] = Value::Tag(1, Box::new(Value::from(1363896240)));
/// assert_eq!(codec::cbor::to_vec(&v)?, b"\x82\xc1\x1a\x51\x4b\x67\xb0\x63two");
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Clone, Default, Debug)]
pub enum Value {
    /// `null`.
    #[default]
    Null,
    /// `undefined` (simple value 23).
    Undefined,
    /// `false` or `true`.
    Bool(bool),
    /// An integer (major type 0 or 1), from −2^64 to 2^64−1.
    Integer(Integer),
    /// A float: a half or single is widened exactly; written back in the shortest of the
    /// three that holds it.
    Float(f64),
    /// A byte string.
    Bytes(Vec<u8>),
    /// A text string (UTF-8: the reader rejects one that is not).
    Text(String),
    /// An array.
    Array(Vec<Value>),
    /// A map, entries in input order, keys of any kind.
    Map(Map),
    /// A tag and the value it tags.
    Tag(u64, Box<Value>),
    /// A simple value other than `false`, `true`, `null` and `undefined`: 0 to 19 or 32
    /// to 255 (encoding one of 20 to 31 is an error, in any format).
    Simple(u8),
}

static NULL: Value = Value::Null;

dynamic::variant_methods!(Value {
    /// Whether this is `null`.
    ///
    /// ```
    /// assert!(codec::cbor::Value::Null.is_null());
    /// ```
    pub fn is_null -> bool { Value::Null => true }

    /// Whether this is `undefined`.
    ///
    /// ```
    /// assert!(codec::cbor::Value::Undefined.is_undefined());
    /// ```
    pub fn is_undefined -> bool { Value::Undefined => true }

    /// Whether this is a float.
    ///
    /// ```
    /// # use codec::cbor::Value;
    /// assert!(Value::from(1.5).is_float() && !Value::from(1).is_float());
    /// ```
    pub fn is_float -> bool { Value::Float(_) => true }

    /// Whether this is a byte string.
    ///
    /// ```
    /// assert!(codec::cbor::Value::from(&b"x"[..]).is_bytes());
    /// ```
    pub fn is_bytes -> bool { Value::Bytes(_) => true }

    /// Whether this is a tag.
    ///
    /// ```
    /// # use codec::cbor::Value;
    /// assert!(Value::Tag(32, Box::new(Value::from("http://a.example"))).is_tag());
    /// ```
    pub fn is_tag -> bool { Value::Tag(..) => true }

    /// Whether this is a simple value other than `false`, `true`, `null` and `undefined`.
    ///
    /// ```
    /// assert!(codec::cbor::Value::Simple(16).is_simple());
    /// ```
    pub fn is_simple -> bool { Value::Simple(_) => true }

    /// Any number as `f64`: a float exactly, an integer as the nearest `f64`.
    ///
    /// ```
    /// # use codec::cbor::Value;
    /// assert_eq!(Value::from(0.5).as_f64(), Some(0.5));
    /// assert_eq!(Value::from(2).as_f64(), Some(2.0));
    /// assert_eq!(Value::from("2").as_f64(), None);
    /// ```
    pub fn as_f64 -> Option<f64> { Value::Integer(i) => Some(i.as_f64()), Value::Float(v) => Some(*v) }

    /// The bytes, if this is a byte string.
    ///
    /// ```
    /// # use codec::cbor::Value;
    /// assert_eq!(Value::Bytes(vec![1, 2]).as_bytes(), Some(&[1, 2][..]));
    /// assert_eq!(Value::from("ab").as_bytes(), None);
    /// ```
    pub fn as_bytes -> Option<&[u8]> { Value::Bytes(b) => Some(b) }

    /// The tag number and content, if this is a tag.
    ///
    /// ```
    /// # use codec::cbor::Value;
    /// let v = Value::Tag(32, Box::new(Value::from("http://a.example")));
    /// assert_eq!(v.as_tag(), Some((32, &Value::from("http://a.example"))));
    /// ```
    pub fn as_tag -> Option<(u64, &Value)> { Value::Tag(tag, content) => Some((*tag, content)) }

    /// The simple value's number, if this is one (not `false`, `true`, `null` or
    /// `undefined`).
    ///
    /// ```
    /// assert_eq!(codec::cbor::Value::Simple(255).as_simple(), Some(255));
    /// ```
    pub fn as_simple -> Option<u8> { Value::Simple(v) => Some(*v) }
});

dynamic::value_accessors!(Value, "cbor", Text, Array, Map);
dynamic::value_impls!(Value, Integer, Text, Array, Map, NULL, "a map key that is not text");

impl Value {
    /// The integer as `i128`: an integer, or a bignum (tag 2 or 3 around a byte string)
    /// whose value fits `i128`.
    ///
    /// ```
    /// # use codec::cbor::Value;
    /// let big: Value = codec::cbor::from_slice(b"\xc3\x49\x01\x00\x00\x00\x00\x00\x00\x00\x00")?;
    /// assert_eq!(big.as_i128(), Some(-18446744073709551617));
    /// assert_eq!(Value::from(-1).as_i128(), Some(-1));
    /// assert_eq!(Value::from(1.0).as_i128(), None);
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn as_i128(&self) -> Option<i128> {
        match self {
            Value::Integer(i) => Some(i.as_i128()),
            Value::Tag(tag @ (2 | 3), content) => bignum_i128(*tag == 3, content.as_bytes()?),
            _ => None,
        }
    }

    /// The value inside any tags: the content of the innermost tag, or this value when it
    /// is not a tag.
    ///
    /// ```
    /// # use codec::cbor::Value;
    /// let v = Value::Tag(55799, Box::new(Value::Tag(1, Box::new(Value::from(0)))));
    /// assert_eq!(v.untagged(), &Value::from(0));
    /// ```
    pub fn untagged(&self) -> &Value {
        let mut v = self;
        while let Value::Tag(_, content) = v {
            v = content;
        }
        v
    }
}

/// A value as equality, hashing and order see it (the derived impls of this view are
/// the value's): floats by their bits, every NaN one value; variants in declaration order.
#[derive(PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Identity<'a> {
    Null,
    Undefined,
    Bool(bool),
    Integer(Integer),
    Float(FloatBits),
    Bytes(&'a [u8]),
    Text(&'a str),
    Array(&'a [Value]),
    Map(&'a Map),
    Tag(u64, &'a Value),
    Simple(u8),
}

/// A float's bits for [`Identity`]: every NaN as `f64::NAN`'s; ordered as
/// [`f64::total_cmp`] orders floats.
#[derive(PartialEq, Eq, Hash)]
struct FloatBits(u64);

impl Ord for FloatBits {
    fn cmp(&self, other: &FloatBits) -> Ordering {
        f64::from_bits(self.0).total_cmp(&f64::from_bits(other.0))
    }
}

impl PartialOrd for FloatBits {
    fn partial_cmp(&self, other: &FloatBits) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Value {
    fn identity(&self) -> Identity<'_> {
        match self {
            Value::Null => Identity::Null,
            Value::Undefined => Identity::Undefined,
            Value::Bool(b) => Identity::Bool(*b),
            Value::Integer(i) => Identity::Integer(*i),
            Value::Float(v) => Identity::Float(FloatBits(if v.is_nan() { f64::NAN } else { *v }.to_bits())),
            Value::Bytes(b) => Identity::Bytes(b),
            Value::Text(s) => Identity::Text(s),
            Value::Array(a) => Identity::Array(a),
            Value::Map(m) => Identity::Map(m),
            Value::Tag(t, v) => Identity::Tag(*t, v),
            Value::Simple(v) => Identity::Simple(*v),
        }
    }
}

// ---- equality, hashing, order: the identity of the data item ----

impl PartialEq for Value {
    /// Same variant, same content; floats by their bits, every NaN one value (see the
    /// module docs).
    fn eq(&self, other: &Value) -> bool {
        self.identity() == other.identity()
    }
}

impl Eq for Value {}

impl Hash for Value {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.identity().hash(state);
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Value {
    /// A total order consistent with equality: by variant (null, undefined, bool,
    /// integer, float, bytes, text, array, map, tag, simple), then by content (integers by
    /// value, floats by [`f64::total_cmp`] with every NaN one value, bytes and text
    /// bytewise, arrays and maps lexicographically, tags by number then content).
    fn cmp(&self, other: &Value) -> Ordering {
        self.identity().cmp(&other.identity())
    }
}

// ---- Display and Debug ----

impl fmt::Display for Value {
    /// RFC 8949's diagnostic notation, on one line (see the module docs).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => f.write_str("null"),
            Value::Undefined => f.write_str("undefined"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Integer(i) => fmt::Display::fmt(i, f),
            Value::Float(v) => dynamic::write_float(f, *v),
            Value::Bytes(b) => {
                f.write_str("h'")?;
                for byte in b {
                    write!(f, "{byte:02x}")?;
                }
                f.write_str("'")
            }
            Value::Text(s) => write!(f, "{s:?}"),
            Value::Array(a) => dynamic::write_array(f, a),
            Value::Map(m) => fmt::Display::fmt(m, f),
            Value::Tag(t, v) => write!(f, "{t}({v})"),
            Value::Simple(v) => write!(f, "simple({v})"),
        }
    }
}

// ---- building values ----

impl From<f64> for Value {
    #[inline]
    fn from(v: f64) -> Value {
        Value::Float(v)
    }
}

impl From<f32> for Value {
    /// The same float (written back as a half or a single, whichever holds it).
    #[inline]
    fn from(v: f32) -> Value {
        Value::Float(f64::from(v))
    }
}

impl From<bool> for Value {
    #[inline]
    fn from(v: bool) -> Value {
        Value::Bool(v)
    }
}

impl From<Vec<u8>> for Value {
    /// A byte string.
    #[inline]
    fn from(v: Vec<u8>) -> Value {
        Value::Bytes(v)
    }
}

impl From<&[u8]> for Value {
    /// A byte string.
    #[inline]
    fn from(v: &[u8]) -> Value {
        Value::Bytes(v.to_vec())
    }
}

impl PartialEq<f64> for Value {
    /// Whether this is a float of that value.
    fn eq(&self, other: &f64) -> bool {
        matches!(self, Value::Float(v) if v == other)
    }
}

impl PartialEq<f32> for Value {
    /// Whether this is a float of that value.
    fn eq(&self, other: &f32) -> bool {
        *self == f64::from(*other)
    }
}

// ---------------------------------------------------------------- reading and writing

impl Value {
    /// The type in words, as error messages name it.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Undefined => "undefined",
            Value::Bool(_) => "a bool",
            Value::Integer(_) => "an integer",
            Value::Float(_) => "a float",
            Value::Bytes(_) => "a byte string",
            Value::Text(_) => "a text string",
            Value::Array(_) => "an array",
            Value::Map(_) => "a map",
            Value::Tag(..) => "a tag",
            Value::Simple(_) => "a simple value",
        }
    }

    /// `Decode for Value`: any CBOR data item; in MessagePack and JSON what they have
    /// (see the module docs). Recursion is bounded by the reader's depth limit, which
    /// arrays, maps and tags count against.
    pub(crate) fn read_from<'de, R: Reader<'de>>(r: &mut R) -> Result<Value> {
        if let Some(head) = r.read_item_head()? {
            return match head {
                ItemHead::Tag(tag) => r.nested(Value::read_from).map(|v| Value::Tag(tag, Box::new(v))),
                ItemHead::Simple(23) => Ok(Value::Undefined),
                ItemHead::Simple(v) => Ok(Value::Simple(v)),
            };
        }
        match r.peek_value_kind() {
            Some(ValueKind::Null) => r.read_null().map(|()| Value::Null),
            Some(ValueKind::Bool) => r.read_bool().map(Value::Bool),
            // Major types 0 and 1 (no bignum: its tag was read above), a MessagePack int.
            Some(ValueKind::Int) => r.read_i128().map(|v| Value::Integer(Integer(v))),
            Some(ValueKind::Float) => r.read_f64().map(Value::Float),
            Some(ValueKind::Number) => Ok(match r.read_parsed_number()? {
                ParsedNumber::PosInt(v) => Value::from(v),
                ParsedNumber::NegInt(v) => Value::from(v),
                ParsedNumber::Float(v) => Value::Float(v),
                ParsedNumber::Float32(v) => Value::Float(f64::from(v)),
            }),
            Some(ValueKind::Str) => r.read_string().map(Value::Text),
            Some(ValueKind::Bytes) => r.read_bytes().map(|b| Value::Bytes(b.into_owned())),
            // `Vec`'s own decoding (its elements through `Decode for Value`, errors with
            // their index, room reserved only as far as the input backs the head).
            Some(ValueKind::Array) => <Vec<Value> as crate::Decode<'de>>::decode(r).map(Value::Array),
            Some(ValueKind::Map) => Map::read_from(r).map(Value::Map),
            Some(ValueKind::Ext) => Err(r.invalid_type("a value CBOR can hold (not an extension)")),
            _ => Err(r.invalid_type("a CBOR data item")),
        }
    }

    /// `Encode for Value`: in CBOR exactly the item, in preferred serialization; in
    /// another format what it has of the value, an error naming what it cannot hold.
    pub(crate) fn write_to<W: Writer>(&self, w: &mut W) -> Result<()> {
        match self {
            Value::Null => w.write_null(),
            Value::Bool(b) => w.write_bool(*b),
            Value::Integer(i) => match (i.as_u64(), i.as_i64()) {
                (Some(v), _) => w.write_u64(v),
                (None, Some(v)) => w.write_i64(v),
                // (The capability constants are constants: the other branches fold away.)
                _ if W::MSGPACK => return Err(dynamic::not_held::<W>("an integer beyond 64 bits")),
                _ => w.write_i128(i.as_i128()),
            },
            Value::Float(v) if W::JSON_TEXT && !v.is_finite() => return Err(dynamic::non_finite(*v)),
            Value::Float(v) => w.write_f64(*v)?,
            Value::Bytes(b) if W::NATIVE_BYTES => w.write_bytes(b)?,
            Value::Text(s) => w.write_str(s)?,
            Value::Array(a) => a.encode(w)?,
            Value::Map(m) => m.write_to(w)?,
            Value::Tag(tag, content) if W::ITEM_HEADS => {
                w.write_item_head(ItemHead::Tag(*tag))?;
                content.write_to(w)?;
            }
            Value::Undefined if W::ITEM_HEADS => w.write_item_head(ItemHead::Simple(23))?,
            Value::Simple(20..=31) => return Err(simple_not_held()),
            Value::Simple(v) if W::ITEM_HEADS => w.write_item_head(ItemHead::Simple(*v))?,
            Value::Bytes(_) | Value::Tag(..) | Value::Undefined | Value::Simple(_) => {
                return Err(dynamic::not_held::<W>(self.kind()))
            }
        }
        Ok(())
    }
}

/// `Value::Simple` of 20 to 31, which stand for `false`, `true`, `null`, `undefined` or
/// are reserved.
#[cold]
fn simple_not_held() -> Error {
    Error::without_position(ErrorKind::InvalidValue(alloc::borrow::Cow::Borrowed(
        "simple values 20 to 23 are false, true, null and undefined, and 24 to 31 are reserved",
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cbor::{from_slice, to_vec};

    #[test]
    fn nan_is_one_value_and_comes_back_as_the_half() {
        let payload = f64::from_bits(0x7ff0_0000_0000_0001);
        let v: Value = from_slice(b"\xfb\x7f\xf0\x00\x00\x00\x00\x00\x01").unwrap();
        assert_eq!(v, Value::Float(payload));
        assert_eq!(v, Value::Float(f64::NAN));
        assert_eq!(to_vec(&v).unwrap(), b"\xf9\x7e\x00");
        let mut seen = std::collections::HashSet::new();
        seen.insert(Value::Float(-f64::NAN));
        assert!(seen.contains(&Value::Float(payload)));
    }
}
