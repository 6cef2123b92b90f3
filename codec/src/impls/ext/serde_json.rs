//! serde_json's own types (feature `serde_json`): `Value`, `Map<String, Value>`,
//! `Number`, `Box<RawValue>` and `&RawValue`.
//!
//! | type | JSON | MessagePack |
//! |---|---|---|
//! | `Value` | any JSON value, as serde_json reads and writes it | nil, bool, int, float 64, str, array, map of str keys |
//! | `Map<String, Value>` | an object; a `flatten` target | a map of str keys |
//! | `Number` | the number: `u64`, `i64` or `f64`, as serde_json classifies it | the int in its smallest form, or a float 64 |
//! | `Box<RawValue>` | the value's text, kept byte for byte | the value the text holds (read: any value above, written as compact JSON) |
//! | `&'de RawValue` | the value's text, borrowed from the input | written as the value the text holds; not read (there is no JSON text to borrow) |
//!
//! These are read and written by codec's own [`JsonReader`] and [`JsonWriter`] (and
//! [`MsgpackReader`], [`MsgpackWriter`]), not by serde_json's parser nor through codec's
//! serde bridge, so a field of these types obeys the reader's limits (nesting depth,
//! string and number length) and its errors carry the offset, line and column and the
//! path inside the value (`.extra["tags"][2]`). They work as fields, in `Vec`s and
//! `Option`s, as map values, and as the `#[codec(flatten)]` (or `#[serde(flatten)]`)
//! catch-all of a struct: `Map<String, Value>` itself, `BTreeMap<String, Value>` and
//! `HashMap<String, Value>`, or a `Value` (an object of the other members, as serde makes
//! it; written back as its members, nothing for `Null`, an error for anything else).
//!
//! ```
//! use std::collections::BTreeMap;
//!
//! #[derive(serde::Serialize, serde::Deserialize, codec::Codec, Debug, PartialEq)]
//! struct Event {
//!     id: u32,
//!     payload: serde_json::Value,
//!     #[serde(flatten)]
//!     extra: BTreeMap<String, serde_json::Value>,
//! }
//!
//! let json = r#"{"id":7,"payload":{"n":[1,-2,1.5]},"kind":"click","at":null}"#;
//! let e: Event = codec::json::from_str(json)?;
//! assert_eq!(e, serde_json::from_str::<Event>(json).unwrap());
//! assert_eq!(e.payload["n"][2], 1.5);
//! assert_eq!(e.extra["kind"], "click");
//! assert_eq!(codec::json::to_string(&e)?, serde_json::to_string(&e).unwrap());
//!
//! // Errors point into the value, with its path.
//! let err = codec::json::from_str::<Event>(r#"{"id":7,"payload":{"n":[1,tru]}}"#).unwrap_err();
//! assert_eq!((err.path().as_str(), err.line(), err.column()), (".payload[\"n\"][1]", Some(1), Some(27)));
//! # #[cfg(feature = "msgpack")] {
//! // A map of the fields and the extra members, as rmp-serde's `to_vec_named` writes it.
//! let packed = codec::msgpack::to_vec(&e)?;
//! assert_eq!(&packed[..5], b"\x84\xa2id\x07");
//! assert_eq!(codec::msgpack::from_slice::<Event>(&packed)?, e);
//! # }
//! # Ok::<(), codec::Error>(())
//! ```
//!
//! # What is the same as serde_json, and what is not
//! - **Numbers.** A non-negative integer that fits `u64` is one, a negative one that fits
//!   `i64` is one, anything else (a fraction, an exponent, `-0`, an integer beyond both
//!   ranges) is the nearest `f64`, correctly rounded: what serde_json gives with its
//!   `float_roundtrip` feature. (Without that feature serde_json's own parser may be one
//!   unit in the last place off on some long literals; codec's never is.) The numbers are
//!   made with serde_json's public `Number::from` and `Number::from_f64`, so the impls
//!   work whatever features serde_json is built with; with `arbitrary_precision`, codec
//!   still reads every number as `u64`, `i64` or `f64` and writes it from that value,
//!   where serde_json's own parser would keep the literal's digits (a long integer or
//!   decimal loses what `f64` cannot hold). Floats are written in the shortest form that
//!   reads back (zmij's, which serde_json uses too), so the bytes are serde_json's.
//! - **Strings, arrays and objects** are serde_json's bytes out. An object is read into
//!   `Map` in the order serde_json's features give it (sorted keys, or insertion order
//!   with `preserve_order`).
//! - **Duplicate keys** follow codec's policy, as codec's own [`json::Value`] does: by
//!   default a key seen twice in one object (or MessagePack map) is a `DuplicateField`
//!   error at its second occurrence; [`DuplicateKeys::KeepFirst`] and
//!   [`DuplicateKeys::KeepLast`] (through `Options::duplicate_keys`) keep one of the
//!   values instead. serde_json silently keeps the last; `KeepLast` gives its result.
//! - **`RawValue`** keeps the text exactly as written, without the whitespace around it,
//!   as serde_json does. A `Box<RawValue>` is made from the text codec's reader checked,
//!   without a second parse (serde_json's `RawValue::from_string_unchecked`). A `&'de
//!   RawValue` borrows the text from the input: serde_json has no public way to make one
//!   from checked text, so after codec's reader checked it, serde_json's `from_str` scans
//!   it once more (without recursion or a depth limit of its own: codec's limits are the
//!   ones that apply).
//!
//! # MessagePack
//! As rmp-serde does for these types, byte for byte when writing (`to_vec_named` and
//! `to_vec` give the same bytes for them): integers in their smallest form, floats always
//! as float 64, maps with str keys. Reading, as `rmp_serde::from_slice` does: any int, a
//! float 32 (widened to `f64`) or 64, str, array and map; a bin, an ext or a map key that
//! is not a str is an error (here an `InvalidType` error at its offset). A NaN or infinite
//! float becomes `Value::Null` in a `Value` (serde_json's choice for a float it cannot
//! hold) and is an error in a `Number`. Two equal keys follow codec's duplicate-key policy
//! (above; rmp-serde keeps the last).
//!
//! `RawValue` departs from rmp-serde, which writes serde_json's internal token,
//! `{"$serde_json::private::RawValue": "<text>"}`, and then cannot read it back: codec
//! writes the value the text holds (an object's repeated key once, its last value, as
//! serde_json's `Value` would hold it), and reads a `Box<RawValue>` from any value a
//! `Value` reads, kept as its compact JSON text.
//!
//! [`json::Value`]: crate::json::Value
//! [`DuplicateKeys::KeepFirst`]: crate::json::DuplicateKeys::KeepFirst
//! [`DuplicateKeys::KeepLast`]: crate::json::DuplicateKeys::KeepLast

use alloc::borrow::{Cow, ToOwned};
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use ::serde_json::map::Entry;
use ::serde_json::value::RawValue;
use ::serde_json::{Map, Number, Value};

use crate::__private::{DecodeFields, EncodeFields};
use crate::error::{Error, ErrorKind, Result};
use crate::json::value::duplicate_key;
use crate::json::{DuplicateKeys, JsonWriter};
use crate::reader::{ParsedNumber, ValueKind};
use crate::{Decode, Encode, Reader, Writer};

// ---------------------------------------------------------------- Number

/// Any number, as serde_json holds it; a float it cannot hold (NaN, the infinities:
/// MessagePack's, as JSON's parser gives finite floats only) is an error.
#[inline]
fn read_number<'de, R: Reader<'de>>(r: &mut R) -> Result<Number> {
    // (For MessagePack's non-finite floats: no peek past JSON's whitespace on the hot path.)
    let at = r.position();
    match r.read_parsed_number()? {
        ParsedNumber::PosInt(v) => Ok(Number::from(v)),
        ParsedNumber::NegInt(v) => Ok(Number::from(v)),
        ParsedNumber::Float(v) => Number::from_f64(v).ok_or_else(|| not_a_json_number(at, v)),
        ParsedNumber::Float32(v) => Number::from_f64(v as f64).ok_or_else(|| not_a_json_number(at, v as f64)),
    }
}

/// The error for a float that no `Number` holds (NaN, the infinities), at `at`.
#[cold]
#[inline(never)]
fn not_a_json_number(at: usize, v: f64) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Owned(format!("{v} is not a JSON number"))), at)
}

impl Encode for Number {
    /// Writes the number from its value: integers as they are held (`as_f64` would round a
    /// large one), then the float.
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        if let Some(v) = self.as_u64() {
            w.write_u64(v);
        } else if let Some(v) = self.as_i64() {
            w.write_i64(v);
        } else if let Some(v) = self.as_f64() {
            w.write_f64(v)?;
        }
        Ok(())
    }
}

impl<'de> Decode<'de> for Number {
    /// Any number; in MessagePack any int or float, NaN and the infinities an error (as
    /// rmp-serde's "not a JSON number").
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        read_number(r)
    }
}

// ---------------------------------------------------------------- Value

/// Any value serde_json holds. Recursion is bounded by the reader's depth limit (arrays
/// and maps count against it), as for codec's own `Value`. In MessagePack: any int, a
/// float 32 or 64, str, array and map of str keys (a bin or an ext is an error, as in
/// rmp-serde); a float serde_json cannot hold is `Null`, serde_json's choice.
fn read_value<'de, R: Reader<'de>>(r: &mut R) -> Result<Value> {
    match r.peek_value_kind() {
        Some(ValueKind::Null) => r.read_null().map(|()| Value::Null),
        Some(ValueKind::Bool) => r.read_bool().map(Value::Bool),
        Some(ValueKind::Str) => r.read_string().map(Value::String),
        Some(ValueKind::Number | ValueKind::Int | ValueKind::Float) => Ok(match r.read_parsed_number()? {
            ParsedNumber::PosInt(v) => Value::Number(Number::from(v)),
            ParsedNumber::NegInt(v) => Value::Number(Number::from(v)),
            ParsedNumber::Float(f) => Number::from_f64(f).map_or(Value::Null, Value::Number),
            ParsedNumber::Float32(f) => Number::from_f64(f as f64).map_or(Value::Null, Value::Number),
        }),
        // `Vec`'s own decoding (its elements through `Decode for Value`, errors with
        // their index): in JSON it buffers small elements and allocates once.
        Some(ValueKind::Array) => <Vec<Value> as crate::Decode<'de>>::decode(r).map(Value::Array),
        Some(ValueKind::Map) => read_map(r).map(Value::Object),
        _ => Err(r.invalid_type("a JSON value")),
    }
}

fn read_map<'de, R: Reader<'de>>(r: &mut R) -> Result<Map<String, Value>> {
    r.read_map(|_, _| Ok(Map::new()), |r, map, key| read_member(map, key, r))
}

/// Reads the value of member `key` (a string) into `map`; a key already there follows
/// the reader's duplicate-key policy. The key is on the path of an error inside the value.
#[inline]
fn read_member<'de, R: Reader<'de>>(map: &mut Map<String, Value>, key: R::Key, r: &mut R) -> Result<()> {
    let name = r.key_str_with(key, |s| Ok(s.to_owned()))?;
    match map.entry(name) {
        Entry::Vacant(slot) => {
            let value = read_value(r).map_err(|e| e.in_key(slot.key()))?;
            slot.insert(value);
        }
        Entry::Occupied(mut slot) => match r.duplicate_keys() {
            DuplicateKeys::KeepFirst => r.skip_value()?,
            DuplicateKeys::KeepLast => {
                let value = read_value(r).map_err(|e| e.in_key(slot.key()))?;
                slot.insert(value);
            }
            _ => return Err(duplicate_key(r.key_offset(key), slot.key().clone())),
        },
    }
    Ok(())
}

/// Any value, in any format, recursing as deep as the value nests, as serde_json's own
/// `Serialize` does (its parser builds at most 128 levels, codec's reader its depth limit).
fn write_value<W: Writer>(v: &Value, w: &mut W) -> Result<()> {
    match v {
        Value::Null => w.write_null(),
        Value::Bool(b) => w.write_bool(*b),
        Value::Number(n) => n.encode(w)?,
        Value::String(s) => w.write_str(s)?,
        Value::Array(a) => {
            w.begin_array(a.len())?;
            for (i, v) in a.iter().enumerate() {
                w.array_element(i);
                write_value(v, w)?;
            }
            w.end_array();
        }
        Value::Object(m) => write_map(m, w)?,
    }
    Ok(())
}

fn write_map<W: Writer>(m: &Map<String, Value>, w: &mut W) -> Result<()> {
    w.begin_map(m.len())?;
    for (i, (k, v)) in m.iter().enumerate() {
        w.map_key(i);
        w.write_str(k)?;
        w.map_value();
        write_value(v, w)?;
    }
    w.end_map();
    Ok(())
}

impl Encode for Value {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        write_value(self, w)
    }
}

impl<'de> Decode<'de> for Value {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        read_value(r)
    }
}

// ---------------------------------------------------------------- Map

impl Encode for Map<String, Value> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        write_map(self, w)
    }
}

impl<'de> Decode<'de> for Map<String, Value> {
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        read_map(r)
    }
}

/// `Map` as a struct's `flatten` catch-all: its members are written among the struct's.
impl EncodeFields for Map<String, Value> {
    fn encode_fields<W: Writer>(&self, w: &mut W, count: &mut usize) -> Result<()> {
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

/// `Map` as a struct's `flatten` catch-all: it claims every key the struct does not.
impl<'de> DecodeFields<'de> for Map<String, Value> {
    type State = Self;

    const CATCH_ALL: bool = true;

    fn new_state() -> Self {
        Map::new()
    }

    /// Claims every key (which must be a string); a repeated key follows the reader's
    /// duplicate-key policy.
    #[inline]
    fn decode_field<R: Reader<'de>>(map: &mut Self, key: R::Key, r: &mut R) -> Result<bool> {
        read_member(map, key, r).map(|()| true)
    }

    fn finish(map: Self, _end: usize) -> Result<Self> {
        Ok(map)
    }
}

/// A `Value` as a struct's `flatten` catch-all, as serde allows: it is read as an object of
/// the members the struct does not declare (an empty one when there are none), and
/// written as the members of an object, nothing for `Null`; anything else is an error, as
/// in serde ("can only flatten structs and maps").
impl EncodeFields for Value {
    fn encode_fields<W: Writer>(&self, w: &mut W, count: &mut usize) -> Result<()> {
        match self {
            Value::Object(m) => m.encode_fields(w, count),
            Value::Null => Ok(()),
            other => Err(not_flattenable(other)),
        }
    }
}

#[cold]
#[inline(never)]
fn not_flattenable(v: &Value) -> Error {
    let kind = match v {
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        _ => "an array",
    };
    Error::without_position(ErrorKind::InvalidValue(Cow::Owned(format!(
        "a flattened serde_json::Value must be an object or null, not {kind}"
    ))))
}

impl<'de> DecodeFields<'de> for Value {
    type State = Map<String, Value>;

    const CATCH_ALL: bool = true;

    fn new_state() -> Map<String, Value> {
        Map::new()
    }

    #[inline]
    fn decode_field<R: Reader<'de>>(map: &mut Map<String, Value>, key: R::Key, r: &mut R) -> Result<bool> {
        read_member(map, key, r).map(|()| true)
    }

    fn finish(map: Map<String, Value>, _end: usize) -> Result<Value> {
        Ok(Value::Object(map))
    }
}

// ---------------------------------------------------------------- RawValue

/// The text codec's reader checked, as a `Box<RawValue>`.
#[inline]
fn boxed_raw(text: String) -> Box<RawValue> {
    // SAFETY: `text` is one JSON value with no whitespace around it: what
    // `JsonReader::read_raw_value` returns after checking it (syntax, escapes, UTF-8; any
    // non-finite spelling the reader accepts is `null` or a string, still JSON), or what
    // `JsonWriter` wrote for one `Value`. That is the contract of `from_string_unchecked`.
    unsafe { RawValue::from_string_unchecked(text) }
}

impl Encode for RawValue {
    /// In JSON the text verbatim: a `RawValue` holds one valid JSON value. In MessagePack
    /// the value the text holds (read with codec's default limits, a repeated key keeping
    /// its last value).
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        // A constant: the branch folds away.
        if W::JSON_TEXT {
            return w.write_raw_value(self.get());
        }
        let options = crate::json::Options::new().duplicate_keys(DuplicateKeys::KeepLast);
        let value: Value = crate::json::from_slice_with(self.get().as_bytes(), &options)?;
        write_value(&value, w)
    }
}

impl<'de> Decode<'de> for Box<RawValue> {
    /// In JSON the next value's text, checked by codec's reader and copied; in
    /// MessagePack any value a `Value` reads, kept as its compact JSON text.
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        if R::JSON_TEXT {
            return r.read_raw_value().map(|text| boxed_raw(text.to_owned()));
        }
        let at = r.value_start();
        let value = read_value(r)?;
        let mut w = JsonWriter::new();
        write_value(&value, &mut w)?;
        // The writer writes UTF-8 only (strings come from `str`s).
        let text = String::from_utf8(w.into_inner())
            .map_err(|_| Error::new(ErrorKind::InvalidValue(Cow::Borrowed("not UTF-8")), at))?;
        Ok(boxed_raw(text))
    }
}

impl<'de: 'a, 'a> Decode<'de> for &'a RawValue {
    /// In JSON the next value's text, borrowed from the input: checked by codec's reader,
    /// then made a `&RawValue` by serde_json's `from_str` (see the module docs). In
    /// MessagePack always an error: there is no JSON text to borrow.
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        let at = r.value_start();
        if !R::JSON_TEXT {
            return Err(Error::new(
                ErrorKind::InvalidValue(Cow::Borrowed(
                    "&RawValue cannot be decoded from MessagePack (there is no JSON text to borrow); use Box<RawValue>",
                )),
                at,
            ));
        }
        let text: &'de str = r.read_raw_value()?;
        ::serde_json::from_str::<&'de RawValue>(text).map_err(|e| {
            Error::new(ErrorKind::InvalidValue(Cow::Owned(format!("serde_json refused the raw value: {e}"))), at)
        })
    }
}
