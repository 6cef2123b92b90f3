//! serde's `Deserializer` over any [`Reader`]: one value read token by token from codec's
//! reader, as the format's serde crate reads it (serde_json for JSON, rmp-serde for
//! MessagePack).
//!
//! Where the two crates' conventions differ, the code branches on the reader's constants,
//! which fold away once it is monomorphized:
//! - [`Reader::ANNOUNCES_LENGTHS`]: a collection's count comes before its elements
//!   (MessagePack), so serde gets a size hint (bounded by what the input can back,
//!   [`Reader::capacity_for`]) and the end is known by counting; otherwise (JSON) the
//!   separators tell, and the closing bracket is read;
//! - [`Reader::TYPED_KEYS`]: a map key, and the name of an externally tagged variant, is a
//!   value read as any other (MessagePack: an integer key, a variant's index); otherwise
//!   (JSON) it is text, read by serde_json's rules ([`KeyDeserializer`]);
//! - [`Reader::HUMAN_READABLE`]: a binary format's compact forms, rmp-serde's: a struct also
//!   from the array of its fields, a sequence also from a byte string, a unit struct also
//!   from an empty array; a text format's one, serde_json's: bytes also from a string;
//! - [`Reader::MSGPACK`]: only for MessagePack's own type, its extensions (rmp-serde's
//!   `_ExtStruct`).

use alloc::borrow::Cow;
#[allow(unused_imports)]
use alloc::borrow::ToOwned;
#[allow(unused_imports)]
use alloc::string::String;

use ::serde::de::value::{BorrowedBytesDeserializer, BorrowedStrDeserializer, SeqDeserializer, StrDeserializer};
use ::serde::de::{self, DeserializeSeed, IntoDeserializer, Unexpected, Visitor};

use super::key::KeyDeserializer;
use super::{at, in_member, in_variant, static_name, EXT_STRUCT};
use crate::error::{Error, ErrorKind, Result};
use crate::reader::{ParsedNumber, StrRef, ValueKind};
use crate::Reader;

/// A serde `Deserializer` that reads one value from a codec [`Reader`], with the reader's
/// limits (nesting, lengths); strings (and MessagePack's bins) borrow from its input where
/// they are there as they are. What it accepts is what the format's serde crate accepts:
/// serde_json's for a [`JsonReader`](crate::json::JsonReader), rmp-serde's for a
/// `MsgpackReader` (see [`json::Deserializer`](super::json::Deserializer) and
/// `msgpack::Deserializer`, the names of the two).
///
/// ```
/// use serde::Deserialize;
///
/// /// Any serde type, in any format.
/// fn read<'de, T: Deserialize<'de>, R: codec::Reader<'de>>(r: &mut R) -> codec::Result<T> {
///     T::deserialize(codec::serde::Deserializer::new(r))
/// }
/// let mut r = codec::json::JsonReader::new(br#"{"a": [1, 2]}"#);
/// let m: std::collections::BTreeMap<&str, Vec<u8>> = read(&mut r)?;
/// assert_eq!(m["a"], [1, 2]);
/// # #[cfg(feature = "msgpack")] {
/// let mut r = codec::msgpack::MsgpackReader::new(b"\x81\xa1a\x92\x01\x02");
/// let m: std::collections::BTreeMap<&str, Vec<u8>> = read(&mut r)?;
/// assert_eq!(m["a"], [1, 2]);
/// # }
/// # Ok::<(), codec::Error>(())
/// ```
pub struct Deserializer<'a, R> {
    r: &'a mut R,
}

impl<'a, R> Deserializer<'a, R> {
    /// A deserializer reading the next value of `r`.
    #[inline]
    pub fn new(r: &'a mut R) -> Self {
        Deserializer { r }
    }
}

/// What a collection tells serde to reserve, per element: codec's bound on reservations made
/// before the elements are read ([`Reader::capacity_for`]), so that nested length prefixes
/// cannot make serde reserve more than the input backs. (serde's own cap is per
/// collection.)
const HINT_ELEMENT_SIZE: usize = 8;

#[cold]
#[inline(never)]
fn trailing_error(at: usize, what: &'static str) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Borrowed(what)), at)
}

/// Where a visitor's error about a whole container goes: at its last byte once all of it
/// was read (JSON's closing bracket; MessagePack's last element: a missing field, too few
/// elements, where codec's own decoders put them), else where the reader stopped.
#[cold]
fn end_offset<'de, R: Reader<'de>>(r: &R, read_all: bool) -> usize {
    r.position() - usize::from(read_all && r.position() > 0)
}

/// Hands a string to the visitor: borrowed from the input when it is there as it is.
#[inline]
fn visit_str<'de, V: Visitor<'de>>(s: StrRef<'de, '_>, visitor: V) -> Result<V::Value> {
    match s {
        StrRef::Borrowed(s) => visitor.visit_borrowed_str(s),
        StrRef::Transient(s) => visitor.visit_str(s),
    }
}

/// Reads an array (at its start) through `visitor`, which must read all of it.
fn visit_array<'de, R: Reader<'de>, V: Visitor<'de>>(r: &mut R, visitor: V) -> Result<V::Value> {
    let len = r.begin_array_len()?;
    let (left, hint) = match len {
        Some(n) => (n, r.capacity_for(n, HINT_ELEMENT_SIZE)),
        None => (0, 0),
    };
    let mut seq = SeqAccess { r, left, hint, first: true, done: false, index: 0 };
    match visitor.visit_seq(&mut seq) {
        Ok(value) => {
            if seq.has_more()? {
                return Err(trailing_error(seq.r.position(), "the array has more elements than the type reads"));
            }
            Ok(value)
        }
        Err(e) => Err(e.or_at(end_offset(seq.r, seq.read_all()))),
    }
}

/// Reads an object or map (at its start) through `visitor`, which must read all of it.
/// `fields` names a struct's fields, for the error path.
fn visit_map<'de, R: Reader<'de>, V: Visitor<'de>>(
    r: &mut R,
    visitor: V,
    fields: Option<&'static [&'static str]>,
) -> Result<V::Value> {
    let len = r.begin_object_len()?;
    let (left, hint) = match len {
        Some(n) => (n, r.capacity_for(n, 2 * HINT_ELEMENT_SIZE)),
        None => (0, 0),
    };
    let mut map = MapAccess { r, left, hint, first: true, done: false, key: None, key_at: None, fields };
    match visitor.visit_map(&mut map) {
        Ok(value) => {
            if map.has_more()? {
                let what = if R::SAYS_MAP {
                    "the map has more entries than the type reads"
                } else {
                    "the object has more members than the type reads"
                };
                return Err(trailing_error(map.r.position(), what));
            }
            Ok(value)
        }
        Err(e) => Err(e.or_at(end_offset(map.r, map.read_all()))),
    }
}

impl<'de, R: Reader<'de>> de::Deserializer<'de> for Deserializer<'_, R> {
    type Error = Error;

    /// `false` for MessagePack, as rmp-serde: compact forms (an address's bytes) are read.
    #[inline]
    fn is_human_readable(&self) -> bool {
        R::HUMAN_READABLE
    }

    /// Whatever the next value is: null is unit; integers are `u64` or (negative) `i64`,
    /// other numbers `f64` (a MessagePack float 32 `f32`), as
    /// [`read_parsed_number`](Reader::read_parsed_number) classifies them; strings and
    /// bins borrow when they can; a MessagePack ext as rmp-serde gives it (a newtype
    /// struct holding the sequence of its type and its bytes).
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let r = self.r;
        let kind = r.peek_value_kind();
        let start = r.position();
        let visited = match kind {
            Some(ValueKind::Str) => visit_str(r.read_str_ref()?, visitor),
            Some(ValueKind::Map) => return visit_map(r, visitor, None),
            Some(ValueKind::Array) => return visit_array(r, visitor),
            Some(ValueKind::Number | ValueKind::Int | ValueKind::Float) => match r.read_parsed_number()? {
                ParsedNumber::PosInt(v) => visitor.visit_u64(v),
                ParsedNumber::NegInt(v) => visitor.visit_i64(v),
                ParsedNumber::Float(v) => visitor.visit_f64(v),
                ParsedNumber::Float32(v) => visitor.visit_f32(v),
            },
            Some(ValueKind::Bool) => {
                let v = r.read_bool()?;
                visitor.visit_bool(v)
            }
            Some(ValueKind::Null) => {
                r.read_null()?;
                visitor.visit_unit()
            }
            Some(ValueKind::Bytes) => {
                let v = r.read_borrowed_bytes()?;
                visitor.visit_borrowed_bytes(v)
            }
            Some(ValueKind::Ext) => {
                let (tag, data) = r.read_ext()?;
                visitor.visit_newtype_struct(ExtDeserializer { tag, data })
            }
            // The end of the input, or a byte no value starts with: each reader reports
            // those itself (JSON a syntax error, MessagePack its reserved byte), never
            // naming what was expected.
            Some(ValueKind::Invalid) | None => return Err(r.invalid_type("a value")),
        };
        at(visited, start)
    }

    /// A JSON number is parsed as an `f32` directly, exact to the last bit (through `f64`
    /// would round twice); MessagePack's floats are typed (`deserialize_any`).
    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.r.peek_value_kind() != Some(ValueKind::Number) {
            return self.deserialize_any(visitor);
        }
        let start = self.r.position();
        let v = self.r.read_f32()?;
        at(visitor.visit_f32(v), start)
    }

    /// Any integer (a JSON number, a MessagePack int), or the 16-byte bin rmp-serde writes.
    fn deserialize_i128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if !matches!(self.r.peek_value_kind(), Some(ValueKind::Number | ValueKind::Int | ValueKind::Bytes)) {
            return self.deserialize_any(visitor);
        }
        let start = self.r.position();
        let v = self.r.read_i128()?;
        at(visitor.visit_i128(v), start)
    }

    fn deserialize_u128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if !matches!(self.r.peek_value_kind(), Some(ValueKind::Number | ValueKind::Int | ValueKind::Bytes)) {
            return self.deserialize_any(visitor);
        }
        let start = self.r.position();
        let v = self.r.read_u128()?;
        at(visitor.visit_u128(v), start)
    }

    /// In a text format, which has no byte strings, a string stands for its UTF-8 bytes
    /// (unescaped; serde_json's rule); an array of numbers is read as a sequence. A binary
    /// format hands its byte string, and a string as a string, through `deserialize_any`.
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if !R::HUMAN_READABLE || self.r.peek_value_kind() != Some(ValueKind::Str) {
            return self.deserialize_any(visitor);
        }
        let start = self.r.position();
        let visited = match self.r.read_str_ref()? {
            StrRef::Borrowed(s) => visitor.visit_borrowed_bytes(s.as_bytes()),
            StrRef::Transient(s) => visitor.visit_bytes(s.as_bytes()),
        };
        at(visited, start)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    /// null is `None`; anything else is the value, one level of
    /// [`nested`](Reader::nested) down (`struct N(Option<Box<N>>)` recurses through it).
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let start = self.r.position();
        if self.r.try_read_null()? {
            return at(visitor.visit_none(), start);
        }
        self.r.nested(|r| visitor.visit_some(Deserializer { r }))
    }

    /// null; in a binary format also the empty array rmp-serde writes.
    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        if !R::HUMAN_READABLE {
            let start = self.r.position();
            match self.r.peek_value_kind() {
                Some(ValueKind::Null) => {
                    self.r.read_null()?;
                    return at(visitor.visit_unit(), start);
                }
                Some(ValueKind::Array) => {
                    // Opened to see its count, and opened again by `deserialize_any`
                    // (whose visitor reports it) unless it is the empty array in its
                    // one-byte form (rmp-serde's `0x90`; a longer header announcing no
                    // element is refused, as it always was here).
                    let before = self.r.checkpoint();
                    let empty = match self.r.begin_array_len()? {
                        Some(0) if self.r.position() == start + 1 => {
                            self.r.end_counted();
                            true
                        }
                        Some(_) => false,
                        None => !self.r.array_first()?,
                    };
                    if empty {
                        return at(visitor.visit_unit(), start);
                    }
                    self.r.restore(before);
                }
                _ => {}
            }
        }
        self.deserialize_any(visitor)
    }

    /// The value, one level of [`nested`](Reader::nested) down; in MessagePack, an ext
    /// value for rmp-serde's `_ExtStruct((tag, bytes))`.
    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
        if R::MSGPACK && name == EXT_STRUCT && self.r.peek_value_kind() == Some(ValueKind::Ext) {
            let start = self.r.position();
            let (tag, data) = self.r.read_ext()?;
            return at(visitor.visit_newtype_struct(ExtDeserializer { tag, data }), start);
        }
        self.r.nested(|r| visitor.visit_newtype_struct(Deserializer { r }))
    }

    /// An array; in a binary format also a byte string, read as its bytes (as rmp-serde
    /// does).
    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if R::HUMAN_READABLE || self.r.peek_value_kind() != Some(ValueKind::Bytes) {
            return self.deserialize_any(visitor);
        }
        let start = self.r.position();
        let bytes = self.r.read_borrowed_bytes()?;
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

    /// An object or map keyed by field names, or (through `deserialize_seq`) an array of
    /// the fields, which rmp-serde's `to_vec` writes and serde_json also reads.
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        if self.r.peek_value_kind() == Some(ValueKind::Map) {
            return visit_map(self.r, visitor, Some(fields));
        }
        self.deserialize_seq(visitor)
    }

    /// An object or map of one entry, name => content, for any variant; the name alone
    /// for a unit variant: a string, or where keys are values (MessagePack) any value the
    /// variant's identifier reads (its index).
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let r = self.r;
        let kind = r.peek_value_kind();
        let start = r.position();
        match kind {
            Some(ValueKind::Map) => visit_variant_map(r, visitor, variants, start),
            _ if R::TYPED_KEYS => at(visitor.visit_enum(UnitVariantAccess { r }), start),
            Some(ValueKind::Str) => {
                let visited = match r.read_str_ref()? {
                    StrRef::Borrowed(s) => {
                        de::Deserializer::deserialize_enum(BorrowedStrDeserializer::new(s), name, variants, visitor)
                    }
                    StrRef::Transient(s) => {
                        de::Deserializer::deserialize_enum(StrDeserializer::new(s), name, variants, visitor)
                    }
                };
                at(visited, start)
            }
            _ => Err(r.invalid_type("an enum variant (a string, or an object with one key)")),
        }
    }

    /// Skipped with the reader's checks (syntax, lengths, UTF-8, depth), never built.
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.r.skip_value()?;
        visitor.visit_unit()
    }

    ::serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 u8 u16 u32 u64 f64 char str string unit map identifier
    }
}

/// `{"Variant": content}` (a MessagePack map of one entry), at its start.
fn visit_variant_map<'de, R: Reader<'de>, V: Visitor<'de>>(
    r: &mut R,
    visitor: V,
    variants: &'static [&'static str],
    start: usize,
) -> Result<V::Value> {
    let counted = r.begin_object_len()?;
    match counted {
        Some(1) => {}
        Some(len) => return Err(variant_map_len_error(len, start)),
        None if !r.object_first()? => return Err(empty_variant_object(start)),
        None => {}
    }
    // A key that is text is read here, as a token; one that is a value, by the variant's
    // identifier in `variant_seed`.
    let key = if R::TYPED_KEYS { None } else { Some(r.read_key()?) };
    let value = match visitor.visit_enum(EnumAccess { r: &mut *r, key, key_at: None, variants }) {
        Ok(value) => value,
        Err(e) => return Err(e.or_at(r.position())),
    };
    if counted.is_some() {
        r.end_counted();
    } else if r.object_next()? {
        return Err(trailing_error(r.position(), "an enum's object has one key (the variant), found more"));
    }
    Ok(value)
}

#[cold]
#[inline(never)]
fn variant_map_len_error(len: usize, at: usize) -> Error {
    Error::new(
        ErrorKind::InvalidValue(Cow::Owned(format!("expected a map of one entry (the variant), found {len} entries"))),
        at,
    )
}

#[cold]
#[inline(never)]
fn empty_variant_object(at: usize) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Borrowed("expected an object with one key (the variant), found {}")), at)
}

/// The text of the key of the entry being read, for an error's path: a text key's
/// (`key`), or the key read as a value from `key_at` (read again there, the reader then
/// put back where it was). `None` when it has none.
#[cold]
#[inline(never)]
fn key_text<'de, R: Reader<'de>>(r: &mut R, key: Option<R::Key>, key_at: Option<R::Checkpoint>) -> Option<String> {
    if let Some(key) = key {
        return r.key_str_with(key, |s| Ok(s.to_owned())).ok();
    }
    let key_at = key_at?;
    let now = r.checkpoint();
    r.restore(key_at);
    let text = match r.read_key() {
        Ok(key) => Some(r.key_text(key)),
        Err(_) => None,
    };
    r.restore(now);
    text
}

struct SeqAccess<'a, R> {
    r: &'a mut R,
    /// Where the format announces lengths: the elements not yet read.
    left: usize,
    /// Where it does: the size hint, as far as the input backs it.
    hint: usize,
    /// Where it does not: no element was asked for yet.
    first: bool,
    /// Where it does not: the closing bracket was read.
    done: bool,
    index: usize,
}

impl<'de, R: Reader<'de>> SeqAccess<'_, R> {
    /// Whether every element was read.
    #[inline]
    fn read_all(&self) -> bool {
        if R::ANNOUNCES_LENGTHS {
            self.left == 0
        } else {
            self.done
        }
    }

    /// After the visitor: whether elements it did not read follow; if not, the array is
    /// left. (Always inlined: once per array, where LLVM otherwise calls it.)
    #[inline(always)]
    fn has_more(&mut self) -> Result<bool> {
        if R::ANNOUNCES_LENGTHS {
            if self.left != 0 {
                return Ok(true);
            }
            self.r.end_counted();
            return Ok(false);
        }
        if self.done {
            return Ok(false);
        }
        if self.first {
            self.r.array_first()
        } else {
            self.r.array_next()
        }
    }
}

impl<'de, R: Reader<'de>> de::SeqAccess<'de> for SeqAccess<'_, R> {
    type Error = Error;

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        if R::ANNOUNCES_LENGTHS {
            if self.left == 0 {
                return Ok(None);
            }
            self.left -= 1;
        } else {
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
        }
        let index = self.index;
        self.index += 1;
        match seed.deserialize(Deserializer { r: &mut *self.r }) {
            Ok(v) => Ok(Some(v)),
            Err(e) => Err(e.in_index(index)),
        }
    }

    #[inline]
    fn size_hint(&self) -> Option<usize> {
        if R::ANNOUNCES_LENGTHS {
            Some(self.hint.min(self.left))
        } else {
            None
        }
    }
}

struct MapAccess<'a, 'de, R: Reader<'de>> {
    r: &'a mut R,
    /// Where the format announces lengths: the entries not yet read.
    left: usize,
    /// Where it does: the size hint, as far as the input backs it.
    hint: usize,
    /// Where it does not: no entry was asked for yet.
    first: bool,
    /// Where it does not: the closing bracket was read.
    done: bool,
    /// The key of the entry being read, for the error path: a text key's token...
    key: Option<R::Key>,
    /// ... or where a key read as a value starts.
    key_at: Option<R::Checkpoint>,
    fields: Option<&'static [&'static str]>,
}

impl<'de, R: Reader<'de>> MapAccess<'_, 'de, R> {
    /// Whether every entry was read.
    #[inline]
    fn read_all(&self) -> bool {
        if R::ANNOUNCES_LENGTHS {
            self.left == 0
        } else {
            self.done
        }
    }

    /// After the visitor: whether entries it did not read follow; if not, the map is left.
    /// (Always inlined, as `SeqAccess::has_more`.)
    #[inline(always)]
    fn has_more(&mut self) -> Result<bool> {
        if R::ANNOUNCES_LENGTHS {
            if self.left != 0 {
                return Ok(true);
            }
            self.r.end_counted();
            return Ok(false);
        }
        if self.done {
            return Ok(false);
        }
        if self.first {
            self.r.object_first()
        } else {
            self.r.object_next()
        }
    }

    /// `e` inside the entry being read: a struct's `.field` or a map's `["key"]`.
    #[cold]
    #[inline(never)]
    fn in_member(&mut self, e: Error) -> Error {
        match key_text(self.r, self.key, self.key_at) {
            Some(text) => in_member(e, &text, self.fields),
            None => e,
        }
    }
}

impl<'de, R: Reader<'de>> de::MapAccess<'de> for MapAccess<'_, 'de, R> {
    type Error = Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if R::ANNOUNCES_LENGTHS {
            if self.left == 0 {
                return Ok(None);
            }
            self.left -= 1;
        } else {
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
        }
        if R::TYPED_KEYS {
            self.key_at = Some(self.r.checkpoint());
            return seed.deserialize(Deserializer { r: &mut *self.r }).map(Some);
        }
        let key = self.r.read_key()?;
        self.key = Some(key);
        let offset = self.r.key_offset(key);
        at(seed.deserialize(KeyDeserializer { key, r: &mut *self.r }).map(Some), offset)
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
        if R::ANNOUNCES_LENGTHS {
            Some(self.hint.min(self.left))
        } else {
            None
        }
    }
}

/// A variant written as a value alone where keys are values (MessagePack): a unit
/// variant, named by its name or its index.
struct UnitVariantAccess<'a, R> {
    r: &'a mut R,
}

impl<'de, R: Reader<'de>> de::EnumAccess<'de> for UnitVariantAccess<'_, R> {
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

impl<'de, R: Reader<'de>> de::VariantAccess<'de> for UnitVariantAccess<'_, R> {
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

/// `{"Variant": content}`, once its one entry is next: its key read as a token where keys
/// are text (`key`), or to be read by the variant's identifier where they are values.
struct EnumAccess<'a, 'de, R: Reader<'de>> {
    r: &'a mut R,
    key: Option<R::Key>,
    /// Where a key read as a value starts, for the error path.
    key_at: Option<R::Checkpoint>,
    variants: &'static [&'static str],
}

impl<'de, R: Reader<'de>> de::EnumAccess<'de> for EnumAccess<'_, 'de, R> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(mut self, seed: V) -> Result<(V::Value, Self)> {
        let variant = match self.key {
            Some(key) => {
                let offset = self.r.key_offset(key);
                at(seed.deserialize(KeyDeserializer { key, r: &mut *self.r }), offset)?
            }
            None => {
                self.key_at = Some(self.r.checkpoint());
                seed.deserialize(Deserializer { r: &mut *self.r })?
            }
        };
        Ok((variant, self))
    }
}

impl<'de, R: Reader<'de>> EnumAccess<'_, 'de, R> {
    /// `e` inside this variant: its name (the entry's key) on the path.
    #[cold]
    #[inline(never)]
    fn in_variant(&mut self, e: Error) -> Error {
        let name = key_text(self.r, self.key, self.key_at).and_then(|text| static_name(self.variants, text.as_bytes()));
        in_variant(e, name)
    }
}

impl<'de, R: Reader<'de>> de::VariantAccess<'de> for EnumAccess<'_, 'de, R> {
    type Error = Error;

    /// `{"Unit": null}`, as serde_json and rmp-serde accept.
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

// ---- rmp-serde's ext values ----

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

#[cfg(test)]
mod tests {
    use alloc::collections::BTreeMap;
    use alloc::format;
    use alloc::string::String;
    use alloc::vec::Vec;

    use crate::serde::Compat;

    #[derive(::serde::Deserialize, Debug)]
    #[allow(dead_code)]
    enum E {
        U,
        N(u8),
        T(u8, u8),
    }

    #[derive(::serde::Deserialize, Debug)]
    struct Unit;

    #[derive(::serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct P {
        x: u8,
        y: Vec<E>,
    }

    /// What a decode gave: its value, or its error's message, offset and path.
    fn show<T: core::fmt::Debug>(r: crate::Result<Compat<T>>) -> String {
        match r {
            Ok(v) => format!("{:?}", v.0),
            Err(e) => format!("{} @{:?} {}", e.kind(), e.offset(), e.path()),
        }
    }

    fn json<T: for<'de> ::serde::Deserialize<'de> + core::fmt::Debug>(input: &str) -> String {
        show(crate::json::from_slice::<Compat<T>>(input.as_bytes()))
    }

    /// Each convention's branch in JSON: the closing bracket read after the visitor, an
    /// enum's object of one key, an escaped key on the path.
    #[test]
    fn json_conventions_and_errors() {
        let cases = [
            (json::<(u8, u8)>("[1,2,3]"), "invalid value: the array has more elements than the type reads @Some(5) "),
            (json::<(u8, u8)>("[1]"), "invalid value: length 1, expected a tuple of size 2 @Some(2) "),
            (json::<E>("{}"), "invalid value: expected an object with one key (the variant), found {} @Some(0) "),
            (
                json::<E>(r#"{"U":null,"N":1}"#),
                "invalid value: an enum's object has one key (the variant), found more @Some(10) ",
            ),
            (json::<E>(r#"{"\u004e":"x"}"#), "invalid type: expected u8, found string \"x\" @Some(10) .N"),
            (
                json::<E>("5"),
                "invalid type: expected an enum variant (a string, or an object with one key), found integer @Some(0) ",
            ),
            (
                json::<P>(r#"{"x":1,"y":["U",{"T":[1,"x"]}]}"#),
                "invalid type: expected u8, found string \"x\" @Some(24) .y[1].T[1]",
            ),
            (json::<P>(r#"[1, []]"#), "P { x: 1, y: [] }"),
            (
                json::<BTreeMap<String, u8>>(r#"{"k\u0041":"x"}"#),
                "invalid type: expected u8, found string \"x\" @Some(11) [\"kA\"]",
            ),
            (json::<Unit>("null"), "Unit"),
            (json::<Unit>("[]"), "invalid type: expected unit struct Unit, found sequence @Some(1) "),
            (json::<f32>("0.1"), "0.1"),
        ];
        for (got, expected) in cases {
            assert_eq!(got, expected);
        }
    }

    #[cfg(feature = "msgpack")]
    fn msgpack<T: for<'de> ::serde::Deserialize<'de> + core::fmt::Debug>(input: &[u8]) -> String {
        show(crate::msgpack::from_slice::<Compat<T>>(input))
    }

    /// rmp-serde's conventions: counted containers, a variant's index, a unit struct from
    /// the one-byte empty array, a sequence from a bin, keys that are values.
    #[cfg(feature = "msgpack")]
    #[test]
    fn msgpack_conventions_and_errors() {
        let cases = [
            (
                msgpack::<(u8, u8)>(b"\x93\x01\x02\x03"),
                "invalid value: the array has more elements than the type reads @Some(3) ",
            ),
            (msgpack::<(u8, u8)>(b"\x91\x01"), "invalid value: length 1, expected a tuple of size 2 @Some(1) "),
            (
                msgpack::<E>(b"\x80"),
                "invalid value: expected a map of one entry (the variant), found 0 entries @Some(0) ",
            ),
            (msgpack::<E>(b"\x00"), "U"),
            (msgpack::<E>(b"\x81\xa1N\xa1x"), "invalid type: expected u8, found string \"x\" @Some(3) .N"),
            (msgpack::<E>(b"\x81\x01\xa1x"), "invalid type: expected u8, found string \"x\" @Some(2) "),
            (msgpack::<P>(b"\x92\x01\x90"), "P { x: 1, y: [] }"),
            (
                msgpack::<BTreeMap<u8, u8>>(b"\x81\x01\xa1x"),
                "invalid type: expected u8, found string \"x\" @Some(2) [\"1\"]",
            ),
            (msgpack::<Unit>(b"\xc0"), "Unit"),
            (msgpack::<Unit>(b"\x90"), "Unit"),
            (msgpack::<Unit>(b"\xdc\x00\x00"), "invalid type: expected unit struct Unit, found sequence @Some(2) "),
            (msgpack::<Unit>(b"\x91\x01"), "invalid type: expected unit struct Unit, found sequence @Some(1) "),
            (msgpack::<(u8, u8)>(b"\xc4\x02\x01\x02"), "(1, 2)"),
            (msgpack::<u128>(b"\xc4\x10\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x07"), "7"),
        ];
        for (got, expected) in cases {
            assert_eq!(got, expected);
        }
    }
}
