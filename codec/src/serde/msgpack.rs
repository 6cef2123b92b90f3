//! serde's data model in MessagePack, over codec's [`MsgpackWriter`] and
//! [`MsgpackReader`]: the [`Serializer`] writes what `rmp_serde::to_vec_named` writes, the
//! [`Deserializer`] reads what rmp-serde reads.
//!
//! | serde | written as (rmp-serde's choice) | also read |
//! |---|---|---|
//! | integers | the smallest int form | |
//! | `i128`, `u128` | a bin of 16 big-endian bytes | any int |
//! | `f32`, `f64` | float 32, float 64 (NaN included) | ints, where the type takes them |
//! | bytes | bin | str, array of ints |
//! | unit, `None` | nil | |
//! | unit struct | empty array | nil |
//! | unit variant | its name, a str | its index, an int |
//! | newtype, tuple, struct variant | map of one entry: name => content | |
//! | struct | map keyed by field names | array of the fields in order (`rmp_serde::to_vec`) |
//! | rmp-serde's `_ExtStruct((i8, bytes))` | ext | |
//! | ext | | a newtype struct of `(i8, bytes)`, as rmp-serde gives it |
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! use codec::msgpack::{MsgpackReader, MsgpackWriter};
//!
//! let mut w = MsgpackWriter::new();
//! (1u8, "a", [0.5f32]).serialize(codec::serde::msgpack::Serializer::new(&mut w))?;
//! assert_eq!(w.as_bytes(), b"\x93\x01\xa1a\x91\xca\x3f\x00\x00\x00");
//!
//! let mut r = MsgpackReader::new(w.as_bytes());
//! let back = <(u8, &str, [f32; 1])>::deserialize(codec::serde::msgpack::Deserializer::new(&mut r))?;
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

use ::serde::de::value::{BorrowedBytesDeserializer, SeqDeserializer};
use ::serde::de::{self, DeserializeSeed, IntoDeserializer, Unexpected, Visitor};

use super::serializer::EXT_STRUCT;
use super::{at, in_member, in_variant, static_name};
use crate::error::{Error, ErrorKind, Result};
use crate::msgpack::reader::Int;
use crate::msgpack::{Kind, MsgpackReader, MsgpackWriter};

// ---- Serializer ----

/// The serde `Serializer` over a [`MsgpackWriter`]: [`super::Serializer`], which writes
/// the bytes of `rmp_serde::to_vec_named` (structs as maps keyed by field names). Not
/// human-readable, as rmp-serde: types that have a compact form use it (a `Uuid` is 16
/// bytes).
///
/// ```
/// use serde::Serialize;
/// let mut w = codec::msgpack::MsgpackWriter::new();
/// Some(vec![-1i64, 200]).serialize(codec::serde::msgpack::Serializer::new(&mut w))?;
/// assert_eq!(w.as_bytes(), b"\x92\xff\xcc\xc8");
/// # Ok::<(), codec::Error>(())
/// ```
pub type Serializer<'a, 'w> = super::Serializer<'a, MsgpackWriter<'w>>;

/// The text of the map key that starts `bytes`, for an error's path.
fn written_key(bytes: &[u8]) -> Option<String> {
    let mut r = MsgpackReader::new(bytes);
    let key = r.read_key().ok()?;
    Some(r.key_text(key))
}

// ---- Deserializer ----

/// A serde `Deserializer` that reads one MessagePack value from a [`MsgpackReader`], with
/// the reader's limits; strings and bins borrow from its input. Not human-readable, as
/// rmp-serde.
///
/// ```
/// use serde::Deserialize;
/// // {"name": "ada", "langs": ["en"]}
/// let mut r = codec::msgpack::MsgpackReader::new(b"\x82\xa4name\xa3ada\xa5langs\x91\xa2en");
///
/// #[derive(Deserialize)]
/// struct User<'a> {
///     name: &'a str,
///     langs: Vec<String>,
/// }
/// let user = User::deserialize(codec::serde::msgpack::Deserializer::new(&mut r))?;
/// assert_eq!((user.name, user.langs.len()), ("ada", 1));
/// r.end()?;
/// # Ok::<(), codec::Error>(())
/// ```
pub struct Deserializer<'a, 'de> {
    r: &'a mut MsgpackReader<'de>,
}

impl<'a, 'de> Deserializer<'a, 'de> {
    /// A deserializer reading the next value of `r`.
    #[inline]
    pub fn new(r: &'a mut MsgpackReader<'de>) -> Self {
        Deserializer { r }
    }
}

#[cold]
#[inline(never)]
fn trailing_error(at: usize, what: &'static str) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Borrowed(what)), at)
}

/// What a collection tells serde to reserve: codec's bound on reservations made before the
/// elements are read (see [`MsgpackReader::capacity_for`]), so that nested length prefixes
/// cannot make serde reserve more than the input backs. (serde's own cap is per
/// collection.)
const HINT_ELEMENT_SIZE: usize = 8;

/// Reads an array (at its header) through `visitor`, which must read all of it.
fn visit_array<'de, V: Visitor<'de>>(r: &mut MsgpackReader<'de>, visitor: V) -> Result<V::Value> {
    let len = r.read_array_len()?;
    let hint = r.capacity_for(len, HINT_ELEMENT_SIZE);
    let mut seq = SeqAccess { r, left: len, index: 0, hint };
    match visitor.visit_seq(&mut seq) {
        Ok(value) if seq.left == 0 => {
            seq.r.leave();
            Ok(value)
        }
        Ok(_) => Err(trailing_error(seq.r.position(), "the array has more elements than the type reads")),
        Err(e) => Err(e.or_at(end_offset(seq.r, seq.left == 0))),
    }
}

/// Reads a map (at its header) through `visitor`, which must read all of it. `fields`
/// names a struct's fields, for the error path.
fn visit_map<'de, V: Visitor<'de>>(
    r: &mut MsgpackReader<'de>,
    visitor: V,
    fields: Option<&'static [&'static str]>,
) -> Result<V::Value> {
    let len = r.read_map_len()?;
    let hint = r.capacity_for(len, 2 * HINT_ELEMENT_SIZE);
    let mut map = MapAccess { r, left: len, hint, key: (0, 0), fields };
    match visitor.visit_map(&mut map) {
        Ok(value) if map.left == 0 => {
            map.r.leave();
            Ok(value)
        }
        Ok(_) => Err(trailing_error(map.r.position(), "the map has more entries than the type reads")),
        Err(e) => Err(e.or_at(end_offset(map.r, map.left == 0))),
    }
}

/// Where a visitor's error about a whole container goes: at its last byte once all of it
/// was read (a missing field, too few elements: where codec's own decoders put them), else
/// where the reader stopped.
#[cold]
fn end_offset(r: &MsgpackReader<'_>, read_all: bool) -> usize {
    r.position() - usize::from(read_all && r.position() > 0)
}

impl<'de> de::Deserializer<'de> for Deserializer<'_, 'de> {
    type Error = Error;

    fn is_human_readable(&self) -> bool {
        false
    }

    /// Whatever the next value is: ints as `u64` or (negative) `i64`, floats at their
    /// width, str and bin borrowed, an ext as rmp-serde gives it (a newtype struct holding
    /// the sequence of its type and its bytes).
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let r = self.r;
        let start = r.position();
        let Some(b) = r.peek() else { return Err(r.invalid_type("a MessagePack value")) };
        let visited = match Kind::of(b) {
            Kind::Str => {
                let s = r.read_str()?;
                visitor.visit_borrowed_str(s)
            }
            Kind::Map => return visit_map(r, visitor, None),
            Kind::Array => return visit_array(r, visitor),
            Kind::Int => match r.read_number()? {
                Ok(Int::Pos(v)) => visitor.visit_u64(v),
                Ok(Int::Neg(v)) => visitor.visit_i64(v),
                Err(v) => visitor.visit_f64(v),
            },
            Kind::Float if b == 0xca => {
                let v = r.read_f32()?;
                visitor.visit_f32(v)
            }
            Kind::Float => {
                let v = r.read_f64()?;
                visitor.visit_f64(v)
            }
            Kind::Nil => {
                r.read_null()?;
                visitor.visit_unit()
            }
            Kind::Bool => {
                let v = r.read_bool()?;
                visitor.visit_bool(v)
            }
            Kind::Bin => {
                let v = r.read_bin()?;
                visitor.visit_borrowed_bytes(v)
            }
            Kind::Ext => {
                let (tag, data) = r.read_ext()?;
                visitor.visit_newtype_struct(ExtDeserializer { tag, data })
            }
            Kind::Reserved => return Err(r.invalid_type("a MessagePack value")),
        };
        at(visited, start)
    }

    fn deserialize_i128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if !matches!(self.r.peek_kind(), Some(Kind::Int | Kind::Bin)) {
            return self.deserialize_any(visitor);
        }
        let start = self.r.position();
        let v = self.r.read_i128()?;
        at(visitor.visit_i128(v), start)
    }

    fn deserialize_u128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if !matches!(self.r.peek_kind(), Some(Kind::Int | Kind::Bin)) {
            return self.deserialize_any(visitor);
        }
        let start = self.r.position();
        let v = self.r.read_u128()?;
        at(visitor.visit_u128(v), start)
    }

    /// nil is `None`; anything else is the value, one level of
    /// [`nested`](MsgpackReader::nested) down (`struct N(Option<Box<N>>)` recurses through
    /// it).
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let start = self.r.position();
        if self.r.try_read_null()? {
            return at(visitor.visit_none(), start);
        }
        self.r.nested(|r| visitor.visit_some(Deserializer { r }))
    }

    /// nil, or the empty array rmp-serde writes.
    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        let start = self.r.position();
        match self.r.peek() {
            Some(0xc0 | 0x90) => {
                self.r.skip_value()?;
                at(visitor.visit_unit(), start)
            }
            _ => self.deserialize_any(visitor),
        }
    }

    /// The value, one level of [`nested`](MsgpackReader::nested) down; an ext value for
    /// rmp-serde's `_ExtStruct((tag, bytes))`.
    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
        if name == EXT_STRUCT && self.r.peek_kind() == Some(Kind::Ext) {
            let start = self.r.position();
            let (tag, data) = self.r.read_ext()?;
            return at(visitor.visit_newtype_struct(ExtDeserializer { tag, data }), start);
        }
        self.r.nested(|r| visitor.visit_newtype_struct(Deserializer { r }))
    }

    /// An array, or a bin read as its bytes (as rmp-serde does).
    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.r.peek_kind() != Some(Kind::Bin) {
            return self.deserialize_any(visitor);
        }
        let start = self.r.position();
        let bytes = self.r.read_bin()?;
        at(de::Deserializer::deserialize_any(SeqDeserializer::new(bytes.iter().copied()), visitor), start)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    /// A map keyed by field names, or an array of the fields (`rmp_serde::to_vec`).
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        if self.r.peek_kind() == Some(Kind::Map) {
            return visit_map(self.r, visitor, Some(fields));
        }
        self.deserialize_seq(visitor)
    }

    /// A map of one entry, name => content, for any variant; the name (or index) alone for a
    /// unit variant.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let r = self.r;
        let start = r.position();
        if r.peek_kind() != Some(Kind::Map) {
            return at(visitor.visit_enum(UnitVariantAccess { r }), start);
        }
        let len = r.read_map_len()?;
        if len != 1 {
            return Err(Error::new(
                ErrorKind::InvalidValue(Cow::Owned(format!(
                    "expected a map of one entry (the variant), found {len} entries"
                ))),
                start,
            ));
        }
        match visitor.visit_enum(EnumAccess { r: &mut *r, key: (0, 0), variants }) {
            Ok(value) => {
                r.leave();
                Ok(value)
            }
            Err(e) => Err(e.or_at(r.position())),
        }
    }

    /// Skipped with the reader's checks (lengths, UTF-8, depth), never built.
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.r.skip_value()?;
        visitor.visit_unit()
    }

    ::serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 u8 u16 u32 u64 f32 f64 char str string bytes byte_buf unit map
        identifier
    }
}

struct SeqAccess<'a, 'de> {
    r: &'a mut MsgpackReader<'de>,
    left: usize,
    index: usize,
    hint: usize,
}

impl<'de> de::SeqAccess<'de> for SeqAccess<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        let index = self.index;
        self.index += 1;
        match seed.deserialize(Deserializer { r: &mut *self.r }) {
            Ok(v) => Ok(Some(v)),
            Err(e) => Err(e.in_index(index)),
        }
    }

    #[inline]
    fn size_hint(&self) -> Option<usize> {
        Some(self.hint.min(self.left))
    }
}

/// Where the key whose encoding spans `key` lies in `r`'s input, as text for a path.
#[cold]
#[inline(never)]
fn key_text(r: &MsgpackReader<'_>, key: (usize, usize)) -> Option<String> {
    let (start, end) = key;
    written_key(r.input().get(start..end)?)
}

struct MapAccess<'a, 'de> {
    r: &'a mut MsgpackReader<'de>,
    left: usize,
    hint: usize,
    /// Where the key of the entry being read starts and ends, for the error path.
    key: (usize, usize),
    fields: Option<&'static [&'static str]>,
}

impl MapAccess<'_, '_> {
    #[cold]
    #[inline(never)]
    fn in_member(&self, e: Error) -> Error {
        match key_text(self.r, self.key) {
            Some(text) => in_member(e, &text, self.fields),
            None => e,
        }
    }
}

impl<'de> de::MapAccess<'de> for MapAccess<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        let start = self.r.position();
        let key = seed.deserialize(Deserializer { r: &mut *self.r })?;
        self.key = (start, self.r.position());
        Ok(Some(key))
    }

    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        match seed.deserialize(Deserializer { r: &mut *self.r }) {
            Ok(v) => Ok(v),
            Err(e) => Err(self.in_member(e)),
        }
    }

    #[inline]
    fn size_hint(&self) -> Option<usize> {
        Some(self.hint.min(self.left))
    }
}

/// A variant written as its name (or index) alone: a unit variant.
struct UnitVariantAccess<'a, 'de> {
    r: &'a mut MsgpackReader<'de>,
}

impl<'de> de::EnumAccess<'de> for UnitVariantAccess<'_, 'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self)> {
        let variant = seed.deserialize(Deserializer { r: &mut *self.r })?;
        Ok((variant, self))
    }
}

/// The error of a variant with content written as a bare name.
#[cold]
#[inline(never)]
fn unit_only(expected: &'static str) -> Error {
    <Error as de::Error>::invalid_type(Unexpected::UnitVariant, &expected)
}

impl<'de> de::VariantAccess<'de> for UnitVariantAccess<'_, 'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, _seed: T) -> Result<T::Value> {
        Err(unit_only("newtype variant"))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _visitor: V) -> Result<V::Value> {
        Err(unit_only("tuple variant"))
    }

    fn struct_variant<V: Visitor<'de>>(self, _fields: &'static [&'static str], _visitor: V) -> Result<V::Value> {
        Err(unit_only("struct variant"))
    }
}

/// The map of one entry `{variant: content}`, after its header.
struct EnumAccess<'a, 'de> {
    r: &'a mut MsgpackReader<'de>,
    /// Where the variant's key starts and ends, for the error path.
    key: (usize, usize),
    variants: &'static [&'static str],
}

impl<'de> de::EnumAccess<'de> for EnumAccess<'_, 'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(mut self, seed: V) -> Result<(V::Value, Self)> {
        let start = self.r.position();
        let variant = seed.deserialize(Deserializer { r: &mut *self.r })?;
        self.key = (start, self.r.position());
        Ok((variant, self))
    }
}

impl EnumAccess<'_, '_> {
    /// `e` inside this variant: its name on the path.
    #[cold]
    #[inline(never)]
    fn in_variant(&self, e: Error) -> Error {
        let name = key_text(self.r, self.key).and_then(|text| static_name(self.variants, text.as_bytes()));
        in_variant(e, name)
    }
}

impl<'de> de::VariantAccess<'de> for EnumAccess<'_, 'de> {
    type Error = Error;

    /// `{"Unit": nil}`, as rmp-serde accepts.
    fn unit_variant(self) -> Result<()> {
        self.r.read_null()
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        match seed.deserialize(Deserializer { r: &mut *self.r }) {
            Ok(v) => Ok(v),
            Err(e) => Err(self.in_variant(e)),
        }
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        match de::Deserializer::deserialize_seq(Deserializer { r: &mut *self.r }, visitor) {
            Ok(v) => Ok(v),
            Err(e) => Err(self.in_variant(e)),
        }
    }

    fn struct_variant<V: Visitor<'de>>(self, fields: &'static [&'static str], visitor: V) -> Result<V::Value> {
        match de::Deserializer::deserialize_struct(Deserializer { r: &mut *self.r }, "", fields, visitor) {
            Ok(v) => Ok(v),
            Err(e) => Err(self.in_variant(e)),
        }
    }
}

/// An ext value as rmp-serde hands it to serde: a sequence of its type (`i8`) and its
/// payload (borrowed bytes).
struct ExtDeserializer<'de> {
    tag: i8,
    data: &'de [u8],
}

impl<'de> de::Deserializer<'de> for ExtDeserializer<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_seq(ExtAccess { ext: self, next: 0 })
    }

    ::serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

struct ExtAccess<'de> {
    ext: ExtDeserializer<'de>,
    next: u8,
}

impl<'de> de::SeqAccess<'de> for ExtAccess<'de> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        self.next = self.next.saturating_add(1);
        match self.next {
            1 => seed.deserialize(IntoDeserializer::<Error>::into_deserializer(self.ext.tag)).map(Some),
            2 => seed.deserialize(BorrowedBytesDeserializer::<Error>::new(self.ext.data)).map(Some),
            _ => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(2usize.saturating_sub(self.next.into()))
    }
}
