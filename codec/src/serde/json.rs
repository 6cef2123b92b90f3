//! serde's data model in JSON, over codec's [`JsonWriter`] and [`JsonReader`]: the
//! [`Serializer`] writes serde_json's compact bytes, the [`Deserializer`] reads what
//! serde_json reads, token by token from codec's reader.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! use codec::json::{JsonReader, JsonWriter};
//!
//! let mut w = JsonWriter::new();
//! (1u8, "a", [0.5f64]).serialize(codec::serde::json::Serializer::new(&mut w))?;
//! assert_eq!(w.as_bytes(), br#"[1,"a",[0.5]]"#);
//!
//! let mut r = JsonReader::new(w.as_bytes());
//! let back = <(u8, &str, [f64; 1])>::deserialize(codec::serde::json::Deserializer::new(&mut r))?;
//! assert_eq!(back, (1, "a", [0.5]));
//! # Ok::<(), codec::Error>(())
//! ```

use alloc::borrow::Cow;
#[allow(unused_imports)]
use alloc::borrow::ToOwned;
#[allow(unused_imports)]
use alloc::boxed::Box;
#[allow(unused_imports)]
use alloc::string::{String, ToString};
#[allow(unused_imports)]
use alloc::vec::Vec;

use ::serde::de::value::{BorrowedStrDeserializer, StrDeserializer};
use ::serde::de::{self, DeserializeSeed, Visitor};
use ::serde::ser::{self, Impossible, Serialize};

use super::{at, in_element, in_member, in_variant, in_written_key, static_name, with_displayed};
use crate::error::{Error, ErrorKind, Result};
use crate::json::{JsonReader, JsonWriter, Key, Str};

// ---- Serializer ----

/// A serde `Serializer` that appends a value's JSON to a [`JsonWriter`]: serde_json's
/// compact output, byte for byte, except that NaN and the infinities are an error (serde_json
/// writes `null`).
///
/// ```
/// use serde::Serialize;
/// let mut w = codec::json::JsonWriter::new();
/// std::collections::BTreeMap::from([(7u32, 'x')]).serialize(codec::serde::json::Serializer::new(&mut w))?;
/// assert_eq!(w.as_bytes(), br#"{"7":"x"}"#);
/// assert!(f64::NAN.serialize(codec::serde::json::Serializer::new(&mut w)).is_err());
/// # Ok::<(), codec::Error>(())
/// ```
pub struct Serializer<'a, 'w> {
    w: &'a mut JsonWriter<'w>,
}

impl<'a, 'w> Serializer<'a, 'w> {
    /// A serializer appending to `w`.
    #[inline]
    pub fn new(w: &'a mut JsonWriter<'w>) -> Self {
        Serializer { w }
    }
}

/// The state of an array being written: elements so far, and the variant whose
/// `{"Variant":` opened it, if any (a tuple variant).
#[doc(hidden)]
pub struct SeqSerializer<'a, 'w> {
    w: &'a mut JsonWriter<'w>,
    index: usize,
    variant: Option<&'static str>,
}

/// The state of an object being written from a serde map.
#[doc(hidden)]
pub struct MapSerializer<'a, 'w> {
    w: &'a mut JsonWriter<'w>,
    first: bool,
    /// Where the current key starts in the output, to name it in an error's path.
    key_mark: (usize, usize),
}

/// The state of an object being written from a serde struct (or struct variant).
#[doc(hidden)]
pub struct StructSerializer<'a, 'w> {
    w: &'a mut JsonWriter<'w>,
    first: bool,
    variant: Option<&'static str>,
}

/// Writes `{"variant":`, the opening of an externally tagged variant with content.
#[inline]
fn open_variant(w: &mut JsonWriter, variant: &str) {
    w.write_byte(b'{');
    w.write_str(variant);
    w.write_byte(b':');
}

impl<'a, 'w> ser::Serializer for Serializer<'a, 'w> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = SeqSerializer<'a, 'w>;
    type SerializeTuple = SeqSerializer<'a, 'w>;
    type SerializeTupleStruct = SeqSerializer<'a, 'w>;
    type SerializeTupleVariant = SeqSerializer<'a, 'w>;
    type SerializeMap = MapSerializer<'a, 'w>;
    type SerializeStruct = StructSerializer<'a, 'w>;
    type SerializeStructVariant = StructSerializer<'a, 'w>;

    #[inline]
    fn serialize_bool(self, v: bool) -> Result<()> {
        self.w.write_bool(v);
        Ok(())
    }

    #[inline]
    fn serialize_i8(self, v: i8) -> Result<()> {
        self.w.write_int(v);
        Ok(())
    }

    #[inline]
    fn serialize_i16(self, v: i16) -> Result<()> {
        self.w.write_int(v);
        Ok(())
    }

    #[inline]
    fn serialize_i32(self, v: i32) -> Result<()> {
        self.w.write_int(v);
        Ok(())
    }

    #[inline]
    fn serialize_i64(self, v: i64) -> Result<()> {
        self.w.write_int(v);
        Ok(())
    }

    #[inline]
    fn serialize_i128(self, v: i128) -> Result<()> {
        self.w.write_int(v);
        Ok(())
    }

    #[inline]
    fn serialize_u8(self, v: u8) -> Result<()> {
        self.w.write_int(v);
        Ok(())
    }

    #[inline]
    fn serialize_u16(self, v: u16) -> Result<()> {
        self.w.write_int(v);
        Ok(())
    }

    #[inline]
    fn serialize_u32(self, v: u32) -> Result<()> {
        self.w.write_int(v);
        Ok(())
    }

    #[inline]
    fn serialize_u64(self, v: u64) -> Result<()> {
        self.w.write_int(v);
        Ok(())
    }

    #[inline]
    fn serialize_u128(self, v: u128) -> Result<()> {
        self.w.write_int(v);
        Ok(())
    }

    #[inline]
    fn serialize_f32(self, v: f32) -> Result<()> {
        self.w.write_f32(v)
    }

    #[inline]
    fn serialize_f64(self, v: f64) -> Result<()> {
        self.w.write_f64(v)
    }

    #[inline]
    fn serialize_char(self, v: char) -> Result<()> {
        self.w.write_str(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }

    #[inline]
    fn serialize_str(self, v: &str) -> Result<()> {
        self.w.write_str(v);
        Ok(())
    }

    /// An array of numbers, as serde_json writes bytes.
    fn serialize_bytes(self, v: &[u8]) -> Result<()> {
        self.w.write_byte(b'[');
        for (i, &b) in v.iter().enumerate() {
            if i > 0 {
                self.w.write_byte(b',');
            }
            self.w.write_int(b);
        }
        self.w.write_byte(b']');
        Ok(())
    }

    #[inline]
    fn serialize_none(self) -> Result<()> {
        self.w.write_null();
        Ok(())
    }

    #[inline]
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<()> {
        value.serialize(self)
    }

    #[inline]
    fn serialize_unit(self) -> Result<()> {
        self.w.write_null();
        Ok(())
    }

    #[inline]
    fn serialize_unit_struct(self, _name: &'static str) -> Result<()> {
        self.w.write_null();
        Ok(())
    }

    #[inline]
    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<()> {
        self.w.write_str(variant);
        Ok(())
    }

    #[inline]
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _name: &'static str, value: &T) -> Result<()> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<()> {
        open_variant(self.w, variant);
        if let Err(e) = value.serialize(Serializer { w: &mut *self.w }) {
            return Err(in_variant(e, Some(variant)));
        }
        self.w.write_byte(b'}');
        Ok(())
    }

    #[inline]
    fn serialize_seq(self, _len: Option<usize>) -> Result<SeqSerializer<'a, 'w>> {
        self.w.write_byte(b'[');
        Ok(SeqSerializer { w: self.w, index: 0, variant: None })
    }

    #[inline]
    fn serialize_tuple(self, len: usize) -> Result<SeqSerializer<'a, 'w>> {
        self.serialize_seq(Some(len))
    }

    #[inline]
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<SeqSerializer<'a, 'w>> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<SeqSerializer<'a, 'w>> {
        open_variant(self.w, variant);
        self.w.write_byte(b'[');
        Ok(SeqSerializer { w: self.w, index: 0, variant: Some(variant) })
    }

    #[inline]
    fn serialize_map(self, _len: Option<usize>) -> Result<MapSerializer<'a, 'w>> {
        self.w.write_byte(b'{');
        Ok(MapSerializer { w: self.w, first: true, key_mark: (0, 0) })
    }

    #[inline]
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<StructSerializer<'a, 'w>> {
        self.w.write_byte(b'{');
        Ok(StructSerializer { w: self.w, first: true, variant: None })
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<StructSerializer<'a, 'w>> {
        open_variant(self.w, variant);
        self.w.write_byte(b'{');
        Ok(StructSerializer { w: self.w, first: true, variant: Some(variant) })
    }

    /// Formats into a stack buffer and writes one string (a timestamp, an address).
    fn collect_str<T: ?Sized + core::fmt::Display>(self, value: &T) -> Result<()> {
        with_displayed(value, |s| {
            self.w.write_str(s);
            Ok(())
        })
    }
}

impl SeqSerializer<'_, '_> {
    #[inline]
    fn element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        if self.index > 0 {
            self.w.write_byte(b',');
        }
        let index = self.index;
        self.index += 1;
        match value.serialize(Serializer { w: &mut *self.w }) {
            Ok(()) => Ok(()),
            Err(e) => Err(in_element(e, index, self.variant)),
        }
    }

    #[inline]
    fn close(self) -> Result<()> {
        self.w.write_byte(b']');
        if self.variant.is_some() {
            self.w.write_byte(b'}');
        }
        Ok(())
    }
}

impl ser::SerializeSeq for SeqSerializer<'_, '_> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.element(value)
    }

    #[inline]
    fn end(self) -> Result<()> {
        self.close()
    }
}

impl ser::SerializeTuple for SeqSerializer<'_, '_> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.element(value)
    }

    #[inline]
    fn end(self) -> Result<()> {
        self.close()
    }
}

impl ser::SerializeTupleStruct for SeqSerializer<'_, '_> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.element(value)
    }

    #[inline]
    fn end(self) -> Result<()> {
        self.close()
    }
}

impl ser::SerializeTupleVariant for SeqSerializer<'_, '_> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.element(value)
    }

    #[inline]
    fn end(self) -> Result<()> {
        self.close()
    }
}

/// The text of the JSON string that starts `bytes` (a key just written).
fn written_key(bytes: &[u8]) -> Option<String> {
    JsonReader::new(bytes).read_string().ok()
}

impl ser::SerializeMap for MapSerializer<'_, '_> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<()> {
        if !self.first {
            self.w.write_byte(b',');
        }
        self.first = false;
        self.key_mark = self.w.mark();
        key.serialize(MapKeySerializer { w: &mut *self.w })
    }

    #[inline]
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.w.write_byte(b':');
        match value.serialize(Serializer { w: &mut *self.w }) {
            Ok(()) => Ok(()),
            Err(e) => {
                let (flushed, at) = self.key_mark;
                let written = (self.w.mark().0 == flushed).then(|| self.w.as_bytes().get(at..)).flatten();
                Err(in_written_key(e, written, written_key))
            }
        }
    }

    #[inline]
    fn end(self) -> Result<()> {
        self.w.write_byte(b'}');
        Ok(())
    }
}

impl StructSerializer<'_, '_> {
    #[inline]
    fn field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<()> {
        if !self.first {
            self.w.write_byte(b',');
        }
        self.first = false;
        self.w.write_str(key);
        self.w.write_byte(b':');
        match value.serialize(Serializer { w: &mut *self.w }) {
            Ok(()) => Ok(()),
            Err(e) => Err(in_variant(e.in_field(key), self.variant)),
        }
    }

    #[inline]
    fn close(self) -> Result<()> {
        self.w.write_byte(b'}');
        if self.variant.is_some() {
            self.w.write_byte(b'}');
        }
        Ok(())
    }
}

impl ser::SerializeStruct for StructSerializer<'_, '_> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<()> {
        self.field(key, value)
    }

    #[inline]
    fn end(self) -> Result<()> {
        self.close()
    }
}

impl ser::SerializeStructVariant for StructSerializer<'_, '_> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<()> {
        self.field(key, value)
    }

    #[inline]
    fn end(self) -> Result<()> {
        self.close()
    }
}

/// Writes a map key as serde_json does: strings and chars as themselves, integers, floats
/// and booleans quoted, a unit variant as its name; anything else is an error.
struct MapKeySerializer<'a, 'w> {
    w: &'a mut JsonWriter<'w>,
}

/// serde_json's rule: a JSON key is a string, so only scalars that print as one qualify.
#[cold]
#[inline(never)]
fn key_error(found: &'static str) -> Error {
    Error::without_position(ErrorKind::InvalidType {
        expected: Cow::Borrowed("a map key JSON can write (a string, number, boolean, char or unit variant)"),
        found: Cow::Borrowed(found),
    })
}

#[cold]
#[inline(never)]
fn non_finite_key() -> Error {
    Error::without_position(ErrorKind::InvalidValue(Cow::Borrowed(
        "a float map key must be finite (NaN and infinities have no JSON form)",
    )))
}

impl ser::Serializer for MapKeySerializer<'_, '_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    #[inline]
    fn serialize_str(self, v: &str) -> Result<()> {
        self.w.write_str(v);
        Ok(())
    }

    #[inline]
    fn serialize_char(self, v: char) -> Result<()> {
        self.w.write_str(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }

    fn serialize_bool(self, v: bool) -> Result<()> {
        self.w.write_raw(if v { b"\"true\"" } else { b"\"false\"" });
        Ok(())
    }

    #[inline]
    fn serialize_i8(self, v: i8) -> Result<()> {
        self.w.write_quoted_int(v);
        Ok(())
    }

    #[inline]
    fn serialize_i16(self, v: i16) -> Result<()> {
        self.w.write_quoted_int(v);
        Ok(())
    }

    #[inline]
    fn serialize_i32(self, v: i32) -> Result<()> {
        self.w.write_quoted_int(v);
        Ok(())
    }

    #[inline]
    fn serialize_i64(self, v: i64) -> Result<()> {
        self.w.write_quoted_int(v);
        Ok(())
    }

    #[inline]
    fn serialize_i128(self, v: i128) -> Result<()> {
        self.w.write_quoted_int(v);
        Ok(())
    }

    #[inline]
    fn serialize_u8(self, v: u8) -> Result<()> {
        self.w.write_quoted_int(v);
        Ok(())
    }

    #[inline]
    fn serialize_u16(self, v: u16) -> Result<()> {
        self.w.write_quoted_int(v);
        Ok(())
    }

    #[inline]
    fn serialize_u32(self, v: u32) -> Result<()> {
        self.w.write_quoted_int(v);
        Ok(())
    }

    #[inline]
    fn serialize_u64(self, v: u64) -> Result<()> {
        self.w.write_quoted_int(v);
        Ok(())
    }

    #[inline]
    fn serialize_u128(self, v: u128) -> Result<()> {
        self.w.write_quoted_int(v);
        Ok(())
    }

    fn serialize_f32(self, v: f32) -> Result<()> {
        if !v.is_finite() {
            return Err(non_finite_key());
        }
        self.w.write_byte(b'"');
        self.w.write_f32(v)?;
        self.w.write_byte(b'"');
        Ok(())
    }

    fn serialize_f64(self, v: f64) -> Result<()> {
        if !v.is_finite() {
            return Err(non_finite_key());
        }
        self.w.write_byte(b'"');
        self.w.write_f64(v)?;
        self.w.write_byte(b'"');
        Ok(())
    }

    fn serialize_bytes(self, _v: &[u8]) -> Result<()> {
        Err(key_error("bytes"))
    }

    fn serialize_none(self) -> Result<()> {
        Err(key_error("None"))
    }

    #[inline]
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<()> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<()> {
        Err(key_error("unit"))
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<()> {
        Err(key_error("unit struct"))
    }

    #[inline]
    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<()> {
        self.w.write_str(variant);
        Ok(())
    }

    #[inline]
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _name: &'static str, value: &T) -> Result<()> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<()> {
        Err(key_error("newtype variant"))
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq> {
        Err(key_error("sequence"))
    }

    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple> {
        Err(key_error("tuple"))
    }

    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeTupleStruct> {
        Err(key_error("tuple struct"))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        Err(key_error("tuple variant"))
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap> {
        Err(key_error("map"))
    }

    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeStruct> {
        Err(key_error("struct"))
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant> {
        Err(key_error("struct variant"))
    }

    fn collect_str<T: ?Sized + core::fmt::Display>(self, value: &T) -> Result<()> {
        with_displayed(value, |s| {
            self.w.write_str(s);
            Ok(())
        })
    }
}

/// Writes `value` as a JSON object key, by serde_json's rules (what
/// [`Compat`](super::Compat) keys use).
#[inline]
pub(super) fn encode_key<T: ?Sized + Serialize>(value: &T, w: &mut JsonWriter) -> Result<()> {
    value.serialize(MapKeySerializer { w })
}

// ---- Deserializer ----

/// A serde `Deserializer` that reads one JSON value from a [`JsonReader`], with the
/// reader's limits, and borrows strings without escapes from its input.
///
/// ```
/// use serde::Deserialize;
/// let mut r = codec::json::JsonReader::new(br#"{"name": "ada", "langs": ["en"]}"#);
///
/// #[derive(Deserialize)]
/// struct User<'a> {
///     name: &'a str,
///     langs: Vec<String>,
/// }
/// let user = User::deserialize(codec::serde::json::Deserializer::new(&mut r))?;
/// assert_eq!((user.name, user.langs.len()), ("ada", 1));
/// r.end()?;
/// # Ok::<(), codec::Error>(())
/// ```
pub struct Deserializer<'a, 'de> {
    r: &'a mut JsonReader<'de>,
}

impl<'a, 'de> Deserializer<'a, 'de> {
    /// A deserializer reading the next value of `r`.
    #[inline]
    pub fn new(r: &'a mut JsonReader<'de>) -> Self {
        Deserializer { r }
    }
}

/// Hands a string to the visitor: borrowed from the input when it held no escape.
#[inline]
fn visit_str<'de, V: Visitor<'de>>(s: Str<'de, '_>, visitor: V) -> Result<V::Value> {
    match s {
        Str::Borrowed(s) => visitor.visit_borrowed_str(s),
        Str::Transient(s) => visitor.visit_str(s),
    }
}

/// Hands a string's bytes to a visitor that asked for bytes (serde_json's rule).
#[inline]
fn visit_str_bytes<'de, V: Visitor<'de>>(s: Str<'de, '_>, visitor: V) -> Result<V::Value> {
    match s {
        Str::Borrowed(s) => visitor.visit_borrowed_bytes(s.as_bytes()),
        Str::Transient(s) => visitor.visit_bytes(s.as_bytes()),
    }
}

#[cold]
#[inline(never)]
fn trailing_error(at: usize, what: &'static str) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Borrowed(what)), at)
}

/// Reads an array (at `[`) through `visitor`, which must read all of it.
fn visit_array<'de, V: Visitor<'de>>(r: &mut JsonReader<'de>, visitor: V) -> Result<V::Value> {
    r.begin_array()?;
    let mut seq = SeqAccess { r, first: true, done: false, index: 0 };
    match visitor.visit_seq(&mut seq) {
        Ok(value) if seq.done => Ok(value),
        Ok(value) => {
            let more = if seq.first { seq.r.array_first()? } else { seq.r.array_next()? };
            if more {
                return Err(trailing_error(seq.r.position(), "the array has more elements than the type reads"));
            }
            Ok(value)
        }
        Err(e) => Err(e.or_at(end_offset(seq.r, seq.done))),
    }
}

/// Reads an object (at `{`) through `visitor`, which must read all of it. `fields` names a
/// struct's fields, for the error path.
fn visit_object<'de, V: Visitor<'de>>(
    r: &mut JsonReader<'de>,
    visitor: V,
    fields: Option<&'static [&'static str]>,
) -> Result<V::Value> {
    r.begin_object()?;
    let mut map = MapAccess { r, first: true, done: false, key: None, fields };
    match visitor.visit_map(&mut map) {
        Ok(value) if map.done => Ok(value),
        Ok(value) => {
            let more = if map.first { map.r.object_first()? } else { map.r.object_next()? };
            if more {
                return Err(trailing_error(map.r.position(), "the object has more members than the type reads"));
            }
            Ok(value)
        }
        Err(e) => Err(e.or_at(end_offset(map.r, map.done))),
    }
}

/// Where a visitor's error about a whole container goes: at its closing bracket once read
/// (a missing field, too few elements: where codec's own decoders put them), else where
/// the reader stopped.
#[cold]
fn end_offset(r: &JsonReader<'_>, closed: bool) -> usize {
    r.position() - usize::from(closed && r.position() > 0)
}

impl<'de> de::Deserializer<'de> for Deserializer<'_, 'de> {
    type Error = Error;

    /// Whatever the next token is: `null` is unit, numbers are `u64`, `i64` or `f64` (as
    /// [`Number`](crate::json::Number) classifies them), strings borrow when they can.
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let r = self.r;
        let peeked = r.peek();
        let start = r.position();
        match peeked {
            Some(b'"') => {
                let s = r.read_str()?;
                at(visit_str(s, visitor), start)
            }
            Some(b'{') => visit_object(r, visitor, None),
            Some(b'[') => visit_array(r, visitor),
            Some(b'-' | b'0'..=b'9') => {
                let n = r.read_number()?;
                let visited = match (n.as_u64(), n.as_i64()) {
                    (Some(v), _) => visitor.visit_u64(v),
                    (None, Some(v)) => visitor.visit_i64(v),
                    // Always `Some` for a number: integers beyond 64 bits are floats here.
                    (None, None) => visitor.visit_f64(n.as_f64().unwrap_or(f64::NAN)),
                };
                at(visited, start)
            }
            Some(b't' | b'f') => {
                let v = r.read_bool()?;
                at(visitor.visit_bool(v), start)
            }
            Some(b'n') => {
                r.read_null()?;
                at(visitor.visit_unit(), start)
            }
            _ => Err(r.invalid_type("a JSON value")),
        }
    }

    /// Exact to the last bit: codec parses the text as an `f32` directly (through `f64`
    /// would round twice).
    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if !matches!(self.r.peek(), Some(b'-' | b'0'..=b'9')) {
            return self.deserialize_any(visitor);
        }
        let start = self.r.position();
        let v = self.r.read_f32()?;
        at(visitor.visit_f32(v), start)
    }

    fn deserialize_i128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if !matches!(self.r.peek(), Some(b'-' | b'0'..=b'9')) {
            return self.deserialize_any(visitor);
        }
        let start = self.r.position();
        let v = self.r.read_i128()?;
        at(visitor.visit_i128(v), start)
    }

    fn deserialize_u128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if !matches!(self.r.peek(), Some(b'-' | b'0'..=b'9')) {
            return self.deserialize_any(visitor);
        }
        let start = self.r.position();
        let v = self.r.read_u128()?;
        at(visitor.visit_u128(v), start)
    }

    /// A string's bytes (unescaped), or an array of numbers.
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.r.peek() != Some(b'"') {
            return self.deserialize_any(visitor);
        }
        let start = self.r.position();
        let s = self.r.read_str()?;
        at(visit_str_bytes(s, visitor), start)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    /// `null` is `None`; anything else is the value, one level of
    /// [`nested`](JsonReader::nested) down (`struct N(Option<Box<N>>)` recurses through it).
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let start = self.r.position();
        if self.r.try_read_null()? {
            return at(visitor.visit_none(), start);
        }
        self.r.nested(|r| visitor.visit_some(Deserializer { r }))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        self.r.nested(|r| visitor.visit_newtype_struct(Deserializer { r }))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        if self.r.peek() == Some(b'{') {
            return visit_object(self.r, visitor, Some(fields));
        }
        self.deserialize_any(visitor)
    }

    /// `"Variant"` for a unit variant, `{"Variant": content}` for any.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let r = self.r;
        let peeked = r.peek();
        let start = r.position();
        match peeked {
            Some(b'"') => {
                let visited = match r.read_str()? {
                    Str::Borrowed(s) => {
                        de::Deserializer::deserialize_enum(BorrowedStrDeserializer::new(s), name, variants, visitor)
                    }
                    Str::Transient(s) => {
                        de::Deserializer::deserialize_enum(StrDeserializer::new(s), name, variants, visitor)
                    }
                };
                at(visited, start)
            }
            Some(b'{') => {
                r.begin_object()?;
                if !r.object_first()? {
                    return Err(Error::new(
                        ErrorKind::InvalidValue(Cow::Borrowed(
                            "expected an object with one key (the variant), found {}",
                        )),
                        start,
                    ));
                }
                let key = r.read_key()?;
                let value = match visitor.visit_enum(EnumAccess { r: &mut *r, key, variants }) {
                    Ok(value) => value,
                    Err(e) => return Err(e.or_at(r.position())),
                };
                if r.object_next()? {
                    return Err(trailing_error(r.position(), "an enum's object has one key (the variant), found more"));
                }
                Ok(value)
            }
            _ => Err(r.invalid_type("an enum variant (a string, or an object with one key)")),
        }
    }

    /// Skipped with the reader's checks (syntax, UTF-8, depth), never built.
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.r.skip_value()?;
        visitor.visit_unit()
    }

    ::serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 u8 u16 u32 u64 f64 char str string unit unit_struct seq tuple
        tuple_struct map identifier
    }
}

struct SeqAccess<'a, 'de> {
    r: &'a mut JsonReader<'de>,
    first: bool,
    /// The closing `]` was read.
    done: bool,
    index: usize,
}

impl<'de> de::SeqAccess<'de> for SeqAccess<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        if self.done {
            return Ok(None);
        }
        let more = if self.first {
            self.first = false;
            self.r.array_first()?
        } else {
            self.r.array_next()?
        };
        if !more {
            self.done = true;
            return Ok(None);
        }
        let index = self.index;
        self.index += 1;
        match seed.deserialize(Deserializer { r: &mut *self.r }) {
            Ok(v) => Ok(Some(v)),
            Err(e) => Err(e.in_index(index)),
        }
    }
}

struct MapAccess<'a, 'de> {
    r: &'a mut JsonReader<'de>,
    first: bool,
    /// The closing `}` was read.
    done: bool,
    /// The key of the member being read, for the error path.
    key: Option<Key<'de>>,
    fields: Option<&'static [&'static str]>,
}

impl MapAccess<'_, '_> {
    #[cold]
    #[inline(never)]
    fn in_member(&mut self, e: Error) -> Error {
        let Some(key) = self.key else { return e };
        match self.r.key_str(key) {
            Ok(text) => in_member(e, text.as_str(), self.fields),
            Err(_) => e,
        }
    }
}

impl<'de> de::MapAccess<'de> for MapAccess<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if self.done {
            return Ok(None);
        }
        let more = if self.first {
            self.first = false;
            self.r.object_first()?
        } else {
            self.r.object_next()?
        };
        if !more {
            self.done = true;
            return Ok(None);
        }
        let key = self.r.read_key()?;
        self.key = Some(key);
        at(seed.deserialize(super::key::KeyDeserializer { key, r: &mut *self.r }).map(Some), key.offset())
    }

    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        match seed.deserialize(Deserializer { r: &mut *self.r }) {
            Ok(v) => Ok(v),
            Err(e) => Err(self.in_member(e)),
        }
    }
}

/// `{"Variant": content}`, after its key.
struct EnumAccess<'a, 'de> {
    r: &'a mut JsonReader<'de>,
    key: Key<'de>,
    variants: &'static [&'static str],
}

impl<'a, 'de> de::EnumAccess<'de> for EnumAccess<'a, 'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self)> {
        let key = self.key;
        let variant = at(seed.deserialize(super::key::KeyDeserializer { key, r: &mut *self.r }), key.offset())?;
        Ok((variant, self))
    }
}

impl EnumAccess<'_, '_> {
    /// `e` inside this variant: its name (the object's key) on the path.
    #[cold]
    #[inline(never)]
    fn in_variant(&mut self, e: Error) -> Error {
        let name = match self.r.key_bytes(self.key) {
            Ok(bytes) => static_name(self.variants, bytes),
            Err(_) => None,
        };
        in_variant(e, name)
    }
}

impl<'de> de::VariantAccess<'de> for EnumAccess<'_, 'de> {
    type Error = Error;

    /// `{"Unit": null}`, as serde_json accepts.
    fn unit_variant(self) -> Result<()> {
        self.r.read_null()
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(mut self, seed: T) -> Result<T::Value> {
        match seed.deserialize(Deserializer { r: &mut *self.r }) {
            Ok(v) => Ok(v),
            Err(e) => Err(self.in_variant(e)),
        }
    }

    fn tuple_variant<V: Visitor<'de>>(mut self, _len: usize, visitor: V) -> Result<V::Value> {
        match de::Deserializer::deserialize_seq(Deserializer { r: &mut *self.r }, visitor) {
            Ok(v) => Ok(v),
            Err(e) => Err(self.in_variant(e)),
        }
    }

    fn struct_variant<V: Visitor<'de>>(mut self, fields: &'static [&'static str], visitor: V) -> Result<V::Value> {
        match de::Deserializer::deserialize_struct(Deserializer { r: &mut *self.r }, "", fields, visitor) {
            Ok(v) => Ok(v),
            Err(e) => Err(self.in_variant(e)),
        }
    }
}
