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

use super::{at, in_member, in_variant, static_name};
use crate::error::{Error, ErrorKind, Result};
use crate::json::{JsonReader, JsonWriter, Key, Str};

// ---- Serializer ----

/// The serde `Serializer` over a [`JsonWriter`]: [`super::Serializer`], which writes
/// serde_json's compact output, byte for byte, except that NaN and the infinities are an
/// error (serde_json writes `null`).
///
/// ```
/// use serde::Serialize;
/// let mut w = codec::json::JsonWriter::new();
/// std::collections::BTreeMap::from([(7u32, 'x')]).serialize(codec::serde::json::Serializer::new(&mut w))?;
/// assert_eq!(w.as_bytes(), br#"{"7":"x"}"#);
/// assert!(f64::NAN.serialize(codec::serde::json::Serializer::new(&mut w)).is_err());
/// # Ok::<(), codec::Error>(())
/// ```
pub type Serializer<'a, 'w> = super::Serializer<'a, JsonWriter<'w>>;

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
