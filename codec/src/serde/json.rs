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

use ::serde::ser::{self, Impossible, Serialize};

use super::{in_element, in_variant, in_written_key, with_displayed};
use crate::error::{Error, ErrorKind, Result};
use crate::json::{JsonReader, JsonWriter};

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
/// reader's limits, and borrows strings without escapes from its input: the bridge's
/// generic [`Deserializer`](super::Deserializer) over a `JsonReader`.
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
pub type Deserializer<'a, 'de> = super::Deserializer<'a, JsonReader<'de>>;
