//! serde's data model written over any format's [`Writer`]: one [`Serializer`] for every
//! format, monomorphized per writer. Where the formats' serde peers write a thing each
//! their own way, a constant of the writer chooses, and the branch folds away:
//!
//! | serde | JSON (serde_json's bytes) | MessagePack (`rmp_serde::to_vec_named`'s) |
//! |---|---|---|
//! | `i128`, `u128` | a number | a bin of 16 big-endian bytes |
//! | bytes | an array of numbers | a bin ([`Writer::write_bytes`]) |
//! | unit struct | `null` | an empty array |
//! | map keys | strings: numbers, booleans and unit variants quoted, anything else an error | any value |
//! | newtype, tuple, struct variant | `{"Variant": content}` | a map of one entry |
//! | rmp-serde's `_ExtStruct((i8, bytes))` | its tuple, `[type, [bytes]]` | an ext |
//! | a sequence or map of unknown length | streamed | its header patched once counted |
//!
//! A value that writes more or fewer entries than it announced is an error where the
//! header states the count ([`Writer::ANNOUNCES_LENGTHS`]).

use alloc::borrow::Cow;

use ::serde::ser::{self, Impossible, Serialize};

use super::{in_element, in_variant, with_displayed, wrong_count, EXT_STRUCT};
use crate::error::{Error, ErrorKind, Result};
use crate::Writer;

/// A serde `Serializer` that appends a value to `W`'s output, in `W`'s format: serde_json's
/// compact bytes in JSON (except that NaN and the infinities are an error: serde_json
/// writes `null`), `rmp_serde::to_vec_named`'s in MessagePack. Human-readable as the
/// format is ([`Writer::HUMAN_READABLE`]): types with a compact form use it where the
/// format is binary (a `Uuid` is 16 bytes in MessagePack).
///
/// ```
/// use serde::Serialize;
/// let mut w = codec::json::JsonWriter::new();
/// std::collections::BTreeMap::from([(7u32, 'x')]).serialize(codec::serde::Serializer::new(&mut w))?;
/// assert_eq!(w.as_bytes(), br#"{"7":"x"}"#);
/// # #[cfg(feature = "msgpack")] {
/// let mut w = codec::msgpack::MsgpackWriter::new();
/// Some(vec![-1i64, 200]).serialize(codec::serde::Serializer::new(&mut w))?;
/// assert_eq!(w.as_bytes(), b"\x92\xff\xcc\xc8");
/// # }
/// # Ok::<(), codec::Error>(())
/// ```
pub struct Serializer<'a, W> {
    w: &'a mut W,
}

impl<'a, W: Writer> Serializer<'a, W> {
    /// A serializer appending to `w`.
    #[inline]
    pub fn new(w: &'a mut W) -> Self {
        Serializer { w }
    }
}

/// What closing an array or map must do about its count.
#[derive(Clone, Copy)]
enum Count {
    /// Nothing: the format does not state counts (JSON), or the map has none to check.
    Streamed,
    /// Check that the announced count was written (the header states it).
    Announced(usize),
    /// Patch the placeholder header at this position with the count written.
    Patched(usize),
}

/// Opens an array or map of `len` entries with `begin`, or, where the header states the
/// count and none is announced, with the placeholder `unknown` returns.
#[inline]
fn open<W: Writer>(
    w: &mut W,
    len: Option<usize>,
    begin: fn(&mut W, usize) -> Result<()>,
    unknown: fn(&mut W) -> usize,
) -> Result<Count> {
    if !W::ANNOUNCES_LENGTHS {
        begin(w, len.unwrap_or(0))?;
        return Ok(Count::Streamed);
    }
    match len {
        Some(n) => {
            begin(w, n)?;
            Ok(Count::Announced(n))
        }
        None => Ok(Count::Patched(unknown(w))),
    }
}

/// The state of an array being written: elements so far, what its count needs at the
/// end, and the variant that wraps it, if any (a tuple variant).
#[doc(hidden)]
pub struct SeqSerializer<'a, W> {
    w: &'a mut W,
    index: usize,
    count: Count,
    variant: Option<&'static str>,
}

/// The state of a map being written from a serde map.
#[doc(hidden)]
pub struct MapSerializer<'a, W> {
    w: &'a mut W,
    entries: usize,
    count: Count,
    /// Where the current key starts in the output, to name it in an error's path.
    key_mark: (usize, usize),
}

/// The state of a struct (or struct variant) being written, as a map of its fields.
#[doc(hidden)]
pub struct StructSerializer<'a, W> {
    w: &'a mut W,
    count: usize,
    len: usize,
    variant: Option<&'static str>,
}

/// Opens the map of one entry that holds an externally tagged variant, up to its content:
/// `{"Variant":` in JSON.
#[inline]
fn open_variant<W: Writer>(w: &mut W, variant: &str) -> Result<()> {
    w.begin_map(1)?;
    w.map_key(0);
    w.write_str(variant)?;
    w.map_value();
    Ok(())
}

/// The narrow integers of a `Serializer` impl, widened to `serialize_i64` and
/// `serialize_u64`.
macro_rules! widened_ints {
    () => {
        widened_ints! {
            serialize_i8(i8) serialize_i64;
            serialize_i16(i16) serialize_i64;
            serialize_i32(i32) serialize_i64;
            serialize_u8(u8) serialize_u64;
            serialize_u16(u16) serialize_u64;
            serialize_u32(u32) serialize_u64;
        }
    };
    ($($method:ident($t:ty) $wide:ident;)*) => {$(
        #[inline]
        fn $method(self, v: $t) -> Result<()> {
            self.$wide(v.into())
        }
    )*};
}

/// `Serializer` methods that hand a scalar to a writer method that cannot fail.
macro_rules! written {
    ($($method:ident($t:ty) $write:ident;)*) => {$(
        #[inline]
        fn $method(self, v: $t) -> Result<()> {
            self.w.$write(v);
            Ok(())
        }
    )*};
}

/// The methods of a `Serializer` that writes text as a string, in a key as in a value: a
/// `char`, a unit variant (its name), and a `Display` (formatted into a stack buffer, one
/// string: a timestamp, an address).
macro_rules! strings {
    () => {
        #[inline]
        fn serialize_str(self, v: &str) -> Result<()> {
            self.w.write_str(v)
        }

        #[inline]
        fn serialize_char(self, v: char) -> Result<()> {
            self.w.write_str(v.encode_utf8(&mut [0; 4]))
        }

        #[inline]
        fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<()> {
            self.w.write_str(variant)
        }

        fn collect_str<T: ?Sized + core::fmt::Display>(self, value: &T) -> Result<()> {
            with_displayed(value, |s| self.w.write_str(s))
        }
    };
}

impl<'a, W: Writer> ser::Serializer for Serializer<'a, W> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = SeqSerializer<'a, W>;
    type SerializeTuple = SeqSerializer<'a, W>;
    type SerializeTupleStruct = SeqSerializer<'a, W>;
    type SerializeTupleVariant = SeqSerializer<'a, W>;
    type SerializeMap = MapSerializer<'a, W>;
    type SerializeStruct = StructSerializer<'a, W>;
    type SerializeStructVariant = StructSerializer<'a, W>;

    #[inline]
    fn is_human_readable(&self) -> bool {
        W::HUMAN_READABLE
    }

    widened_ints!();
    strings!();
    written! {
        serialize_bool(bool) write_bool;
        serialize_i64(i64) write_i64;
        serialize_u64(u64) write_u64;
    }

    /// rmp-serde writes 128-bit integers as 16 big-endian bytes whatever their value.
    #[inline]
    fn serialize_i128(self, v: i128) -> Result<()> {
        if W::MSGPACK {
            return self.w.write_bytes(&v.to_be_bytes());
        }
        self.w.write_i128(v);
        Ok(())
    }

    /// As `serialize_i128`.
    #[inline]
    fn serialize_u128(self, v: u128) -> Result<()> {
        if W::MSGPACK {
            return self.w.write_bytes(&v.to_be_bytes());
        }
        self.w.write_u128(v);
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
    fn serialize_bytes(self, v: &[u8]) -> Result<()> {
        self.w.write_bytes(v)
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

    /// rmp-serde writes a unit struct as an empty array.
    #[inline]
    fn serialize_unit_struct(self, _name: &'static str) -> Result<()> {
        if W::MSGPACK {
            self.w.begin_array(0)?;
            self.w.end_array();
        } else {
            self.w.write_null();
        }
        Ok(())
    }

    #[inline]
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, name: &'static str, value: &T) -> Result<()> {
        if W::MSGPACK && name == EXT_STRUCT {
            return write_ext_struct(self.w, value);
        }
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<()> {
        open_variant(self.w, variant)?;
        if let Err(e) = value.serialize(Serializer { w: &mut *self.w }) {
            return Err(in_variant(e, Some(variant)));
        }
        self.w.end_map();
        Ok(())
    }

    /// Where the header states the count and none is announced, a placeholder header
    /// patched at the end; elsewhere (JSON) the array is streamed as it comes.
    #[inline]
    fn serialize_seq(self, len: Option<usize>) -> Result<SeqSerializer<'a, W>> {
        let count = open(self.w, len, W::begin_array, W::begin_elements)?;
        Ok(SeqSerializer { w: self.w, index: 0, count, variant: None })
    }

    #[inline]
    fn serialize_tuple(self, len: usize) -> Result<SeqSerializer<'a, W>> {
        self.serialize_seq(Some(len))
    }

    #[inline]
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<SeqSerializer<'a, W>> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<SeqSerializer<'a, W>> {
        open_variant(self.w, variant)?;
        self.w.begin_array(len)?;
        let count = if W::ANNOUNCES_LENGTHS { Count::Announced(len) } else { Count::Streamed };
        Ok(SeqSerializer { w: self.w, index: 0, count, variant: Some(variant) })
    }

    /// As `serialize_seq`.
    #[inline]
    fn serialize_map(self, len: Option<usize>) -> Result<MapSerializer<'a, W>> {
        let count = open(self.w, len, W::begin_map, W::begin_members)?;
        Ok(MapSerializer { w: self.w, entries: 0, count, key_mark: (0, 0) })
    }

    #[inline]
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<StructSerializer<'a, W>> {
        self.w.begin_map(len)?;
        Ok(StructSerializer { w: self.w, count: 0, len, variant: None })
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<StructSerializer<'a, W>> {
        open_variant(self.w, variant)?;
        self.w.begin_map(len)?;
        Ok(StructSerializer { w: self.w, count: 0, len, variant: Some(variant) })
    }
}

impl<W: Writer> SeqSerializer<'_, W> {
    #[inline]
    fn element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        let index = self.index;
        self.index += 1;
        self.w.array_element(index);
        match value.serialize(Serializer { w: &mut *self.w }) {
            Ok(()) => Ok(()),
            Err(e) => Err(in_element(e, index, self.variant)),
        }
    }

    #[inline]
    fn close(self) -> Result<()> {
        match self.count {
            Count::Streamed => {}
            Count::Announced(len) if len == self.index => {}
            Count::Announced(len) => return Err(wrong_count("elements", len, self.index)),
            Count::Patched(at) => self.w.end_elements(at, self.index)?,
        }
        self.w.end_array();
        if self.variant.is_some() {
            self.w.end_map();
        }
        Ok(())
    }
}

/// serde's traits of an array or a struct being written, each through the one state's
/// method for an entry (`element` or `field`) and its `close`.
macro_rules! compound_impls {
    ($($state:ident: $trait:ident $method:ident($($key:ident: $key_ty:ty,)?) $entry:ident;)*) => {$(
        impl<W: Writer> ser::$trait for $state<'_, W> {
            type Ok = ();
            type Error = Error;

            #[inline]
            fn $method<T: ?Sized + Serialize>(&mut self, $($key: $key_ty,)? value: &T) -> Result<()> {
                self.$entry($($key,)? value)
            }

            #[inline]
            fn end(self) -> Result<()> {
                self.close()
            }
        }
    )*};
}

compound_impls! {
    SeqSerializer: SerializeSeq serialize_element() element;
    SeqSerializer: SerializeTuple serialize_element() element;
    SeqSerializer: SerializeTupleStruct serialize_field() element;
    SeqSerializer: SerializeTupleVariant serialize_field() element;
    StructSerializer: SerializeStruct serialize_field(key: &'static str,) field;
    StructSerializer: SerializeStructVariant serialize_field(key: &'static str,) field;
}

impl<W: Writer> ser::SerializeMap for MapSerializer<'_, W> {
    type Ok = ();
    type Error = Error;

    /// Where keys are strings (JSON), by serde_json's rules; elsewhere any value.
    #[inline]
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<()> {
        self.w.map_key(self.entries);
        self.entries += 1;
        self.key_mark = self.w.mark();
        if W::COMPOSITE_KEYS_AS_PAIRS {
            key.serialize(MapKeySerializer { w: &mut *self.w })
        } else {
            key.serialize(Serializer { w: &mut *self.w })
        }
    }

    #[inline]
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.w.map_value();
        match value.serialize(Serializer { w: &mut *self.w }) {
            Ok(()) => Ok(()),
            Err(e) => Err(self.in_key(e)),
        }
    }

    #[inline]
    fn end(self) -> Result<()> {
        match self.count {
            Count::Streamed => {}
            Count::Announced(len) if len == self.entries => {}
            Count::Announced(len) => return Err(wrong_count("entries", len, self.entries)),
            Count::Patched(at) => return self.w.end_members(at, self.entries),
        }
        self.w.end_map();
        Ok(())
    }
}

impl<W: Writer> MapSerializer<'_, W> {
    /// `e` inside the entry whose key was written last, named by its text when the writer
    /// still holds it.
    #[cold]
    #[inline(never)]
    fn in_key(&self, e: Error) -> Error {
        match self.w.key_text_since(self.key_mark) {
            Some(key) => e.in_key(key),
            None => e,
        }
    }
}

impl<W: Writer> StructSerializer<'_, W> {
    #[inline]
    fn field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<()> {
        self.w.map_key(self.count);
        self.count += 1;
        self.w.write_str(key)?;
        self.w.map_value();
        match value.serialize(Serializer { w: &mut *self.w }) {
            Ok(()) => Ok(()),
            Err(e) => Err(in_variant(e.in_field(key), self.variant)),
        }
    }

    #[inline]
    fn close(self) -> Result<()> {
        if W::ANNOUNCES_LENGTHS && self.count != self.len {
            return Err(wrong_count("fields", self.len, self.count));
        }
        self.w.end_map();
        if self.variant.is_some() {
            self.w.end_map();
        }
        Ok(())
    }
}

// ---- map keys where keys are strings ----

/// Writes a map key as serde_json does: strings and chars as themselves, integers, floats
/// and booleans quoted (the writer's key methods), a unit variant as its name; anything
/// else is an error.
struct MapKeySerializer<'a, W> {
    w: &'a mut W,
}

/// Writes `value` as a map key through its serde impl: by serde_json's rules where keys
/// are strings (JSON), as any value elsewhere (as rmp-serde writes keys).
#[inline]
pub(super) fn encode_key<T: ?Sized + Serialize, W: Writer>(value: &T, w: &mut W) -> Result<()> {
    if W::COMPOSITE_KEYS_AS_PAIRS {
        value.serialize(MapKeySerializer { w })
    } else {
        value.serialize(Serializer { w })
    }
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

/// `Serializer` methods that refuse what they are given: `$error` of the name of what it
/// was, or of nothing where a method gives no name. `compounds` stands for the seven
/// methods of arrays and maps.
macro_rules! refuse {
    ($error:expr; compounds) => {
        refuse! { $error;
            serialize_seq(Option<usize>) "sequence" -> Impossible<(), Error>;
            serialize_tuple(usize) "tuple" -> Impossible<(), Error>;
            serialize_tuple_struct(&'static str, usize) "tuple struct" -> Impossible<(), Error>;
            serialize_tuple_variant(&'static str, u32, &'static str, usize) "tuple variant" -> Impossible<(), Error>;
            serialize_map(Option<usize>) "map" -> Impossible<(), Error>;
            serialize_struct(&'static str, usize) "struct" -> Impossible<(), Error>;
            serialize_struct_variant(&'static str, u32, &'static str, usize) "struct variant" -> Impossible<(), Error>;
        }
    };
    ($error:expr; $($method:ident($($arg:ty),*) $($found:literal)? $(-> $ret:ty)?;)*) => {$(
        fn $method(self, $(_: $arg),*) -> Result<refuse!(@ret $($ret)?)> {
            Err($error($($found)?))
        }
    )*};
    (@ret) => { () };
    (@ret $ret:ty) => { $ret };
}

/// A float key must be finite: JSON has no form for NaN and the infinities.
macro_rules! finite_keys {
    ($($method:ident($t:ty) $write:ident;)*) => {$(
        fn $method(self, v: $t) -> Result<()> {
            if !v.is_finite() {
                return Err(non_finite_key());
            }
            self.w.$write(v)
        }
    )*};
}

impl<W: Writer> ser::Serializer for MapKeySerializer<'_, W> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    strings!();
    widened_ints!();
    written! {
        serialize_bool(bool) write_key_bool;
        serialize_i64(i64) write_key_i64;
        serialize_i128(i128) write_key_i128;
        serialize_u64(u64) write_key_u64;
        serialize_u128(u128) write_key_u128;
    }
    finite_keys! {
        serialize_f32(f32) write_key_f32;
        serialize_f64(f64) write_key_f64;
    }

    #[inline]
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<()> {
        value.serialize(self)
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

    refuse! { key_error;
        serialize_bytes(&[u8]) "bytes";
        serialize_none() "None";
        serialize_unit() "unit";
        serialize_unit_struct(&'static str) "unit struct";
    }
    refuse!(key_error; compounds);
}

// ---- rmp-serde's ext values ----

#[cold]
fn write_ext_struct<T: ?Sized + Serialize, W: Writer>(w: &mut W, value: &T) -> Result<()> {
    let mut ext = ExtWriter { w, tag: None, written: false };
    value.serialize(&mut ext)?;
    if !ext.written {
        return Err(ext_shape_error());
    }
    Ok(())
}

#[cold]
#[inline(never)]
fn ext_shape_error() -> Error {
    Error::without_position(ErrorKind::InvalidValue(Cow::Borrowed(
        "an `_ExtStruct` holds a tuple of its type (an i8) and its bytes",
    )))
}

/// Takes an `_ExtStruct`'s `(i8, bytes)` apart and writes the ext.
struct ExtWriter<'a, W> {
    w: &'a mut W,
    tag: Option<i8>,
    written: bool,
}

impl<W: Writer> ser::Serializer for &mut ExtWriter<'_, W> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    fn serialize_tuple(self, _len: usize) -> Result<Self> {
        Ok(self)
    }

    fn serialize_i8(self, v: i8) -> Result<()> {
        if self.tag.is_some() {
            return Err(ext_shape_error());
        }
        self.tag = Some(v);
        Ok(())
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<()> {
        match self.tag.take() {
            Some(tag) if !self.written => {
                self.written = true;
                self.w.write_ext(tag, v)
            }
            _ => Err(ext_shape_error()),
        }
    }

    fn serialize_some<T: ?Sized + Serialize>(self, _value: &T) -> Result<()> {
        Err(ext_shape_error())
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _name: &'static str, _value: &T) -> Result<()> {
        Err(ext_shape_error())
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<()> {
        Err(ext_shape_error())
    }

    refuse! { ext_shape_error;
        serialize_bool(bool);
        serialize_i16(i16);
        serialize_i32(i32);
        serialize_i64(i64);
        serialize_u8(u8);
        serialize_u16(u16);
        serialize_u32(u32);
        serialize_u64(u64);
        serialize_f32(f32);
        serialize_f64(f64);
        serialize_char(char);
        serialize_str(&str);
        serialize_none();
        serialize_unit();
        serialize_unit_struct(&'static str);
        serialize_unit_variant(&'static str, u32, &'static str);
        serialize_seq(Option<usize>) -> Impossible<(), Error>;
        serialize_tuple_struct(&'static str, usize) -> Impossible<(), Error>;
        serialize_tuple_variant(&'static str, u32, &'static str, usize) -> Impossible<(), Error>;
        serialize_map(Option<usize>) -> Impossible<(), Error>;
        serialize_struct(&'static str, usize) -> Impossible<(), Error>;
        serialize_struct_variant(&'static str, u32, &'static str, usize) -> Impossible<(), Error>;
    }
}

impl<W: Writer> ser::SerializeTuple for &mut ExtWriter<'_, W> {
    type Ok = ();
    type Error = Error;

    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        value.serialize(&mut **self)
    }

    fn end(self) -> Result<()> {
        Ok(())
    }
}
