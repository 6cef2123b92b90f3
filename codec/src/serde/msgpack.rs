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

use ::serde::ser::{self, Impossible, Serialize};

use super::{in_element, in_variant, in_written_key, with_displayed, wrong_count};
use crate::error::{Error, ErrorKind, Result};
use crate::msgpack::{MsgpackReader, MsgpackWriter};

// ---- Serializer ----

/// A serde `Serializer` that appends a value's MessagePack to a [`MsgpackWriter`]: the
/// bytes of `rmp_serde::to_vec_named` (structs as maps keyed by field names). Not
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
pub struct Serializer<'a, 'w> {
    w: &'a mut MsgpackWriter<'w>,
}

impl<'a, 'w> Serializer<'a, 'w> {
    /// A serializer appending to `w`.
    #[inline]
    pub fn new(w: &'a mut MsgpackWriter<'w>) -> Self {
        Serializer { w }
    }
}

/// The state of an array being written. One of unknown length is written to a buffer of
/// its own and copied after its header once counted (the header's size depends on the
/// count), as rmp-serde does.
#[doc(hidden)]
pub struct SeqSerializer<'a, 'w> {
    w: &'a mut MsgpackWriter<'w>,
    index: usize,
    /// The announced length, checked at the end (a wrong count would corrupt the output).
    len: Option<usize>,
    buffer: Option<MsgpackWriter<'static>>,
    variant: Option<&'static str>,
}

/// The state of a map being written; one of unknown length gets a header placeholder,
/// patched at the end.
#[doc(hidden)]
pub struct MapSerializer<'a, 'w> {
    w: &'a mut MsgpackWriter<'w>,
    count: usize,
    len: Option<usize>,
    placeholder: Option<usize>,
    /// Where the current key starts in the output, to name it in an error's path.
    key_mark: (usize, usize),
}

/// The state of a struct (or struct variant) being written, as a map of its fields.
#[doc(hidden)]
pub struct StructSerializer<'a, 'w> {
    w: &'a mut MsgpackWriter<'w>,
    count: usize,
    len: usize,
    variant: Option<&'static str>,
}

/// Writes the map of one entry that holds an externally tagged variant, up to its content.
#[inline]
fn open_variant(w: &mut MsgpackWriter, variant: &str) -> Result<()> {
    w.write_byte(0x81);
    w.write_str(variant)
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

    fn is_human_readable(&self) -> bool {
        false
    }

    #[inline]
    fn serialize_bool(self, v: bool) -> Result<()> {
        self.w.write_bool(v);
        Ok(())
    }

    #[inline]
    fn serialize_i8(self, v: i8) -> Result<()> {
        self.w.write_i64(v.into());
        Ok(())
    }

    #[inline]
    fn serialize_i16(self, v: i16) -> Result<()> {
        self.w.write_i64(v.into());
        Ok(())
    }

    #[inline]
    fn serialize_i32(self, v: i32) -> Result<()> {
        self.w.write_i64(v.into());
        Ok(())
    }

    #[inline]
    fn serialize_i64(self, v: i64) -> Result<()> {
        self.w.write_i64(v);
        Ok(())
    }

    /// A bin of 16 big-endian bytes whatever the value, as rmp-serde writes it.
    #[inline]
    fn serialize_i128(self, v: i128) -> Result<()> {
        self.w.write_bin(&v.to_be_bytes())
    }

    #[inline]
    fn serialize_u8(self, v: u8) -> Result<()> {
        self.w.write_u64(v.into());
        Ok(())
    }

    #[inline]
    fn serialize_u16(self, v: u16) -> Result<()> {
        self.w.write_u64(v.into());
        Ok(())
    }

    #[inline]
    fn serialize_u32(self, v: u32) -> Result<()> {
        self.w.write_u64(v.into());
        Ok(())
    }

    #[inline]
    fn serialize_u64(self, v: u64) -> Result<()> {
        self.w.write_u64(v);
        Ok(())
    }

    /// A bin of 16 big-endian bytes whatever the value, as rmp-serde writes it.
    #[inline]
    fn serialize_u128(self, v: u128) -> Result<()> {
        self.w.write_bin(&v.to_be_bytes())
    }

    #[inline]
    fn serialize_f32(self, v: f32) -> Result<()> {
        self.w.write_f32(v);
        Ok(())
    }

    #[inline]
    fn serialize_f64(self, v: f64) -> Result<()> {
        self.w.write_f64(v);
        Ok(())
    }

    #[inline]
    fn serialize_char(self, v: char) -> Result<()> {
        self.w.write_str(v.encode_utf8(&mut [0; 4]))
    }

    #[inline]
    fn serialize_str(self, v: &str) -> Result<()> {
        self.w.write_str(v)
    }

    #[inline]
    fn serialize_bytes(self, v: &[u8]) -> Result<()> {
        self.w.write_bin(v)
    }

    #[inline]
    fn serialize_none(self) -> Result<()> {
        self.w.write_nil();
        Ok(())
    }

    #[inline]
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<()> {
        value.serialize(self)
    }

    #[inline]
    fn serialize_unit(self) -> Result<()> {
        self.w.write_nil();
        Ok(())
    }

    /// An empty array, as rmp-serde writes it.
    #[inline]
    fn serialize_unit_struct(self, _name: &'static str) -> Result<()> {
        self.w.write_byte(0x90);
        Ok(())
    }

    #[inline]
    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<()> {
        self.w.write_str(variant)
    }

    /// The value itself; rmp-serde's `_ExtStruct((tag, bytes))` as an ext value.
    #[inline]
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, name: &'static str, value: &T) -> Result<()> {
        if name == EXT_STRUCT {
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
        match value.serialize(Serializer { w: &mut *self.w }) {
            Ok(()) => Ok(()),
            Err(e) => Err(in_variant(e, Some(variant))),
        }
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<SeqSerializer<'a, 'w>> {
        let buffer = match len {
            Some(n) => {
                self.w.write_array_len(n)?;
                None
            }
            None => Some(MsgpackWriter::new()),
        };
        Ok(SeqSerializer { w: self.w, index: 0, len, buffer, variant: None })
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
        len: usize,
    ) -> Result<SeqSerializer<'a, 'w>> {
        open_variant(self.w, variant)?;
        self.w.write_array_len(len)?;
        Ok(SeqSerializer { w: self.w, index: 0, len: Some(len), buffer: None, variant: Some(variant) })
    }

    fn serialize_map(self, len: Option<usize>) -> Result<MapSerializer<'a, 'w>> {
        let placeholder = match len {
            Some(n) => {
                self.w.write_map_len(n)?;
                None
            }
            None => Some(self.w.map_placeholder()),
        };
        Ok(MapSerializer { w: self.w, count: 0, len, placeholder, key_mark: (0, 0) })
    }

    #[inline]
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<StructSerializer<'a, 'w>> {
        self.w.write_map_len(len)?;
        Ok(StructSerializer { w: self.w, count: 0, len, variant: None })
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<StructSerializer<'a, 'w>> {
        open_variant(self.w, variant)?;
        self.w.write_map_len(len)?;
        Ok(StructSerializer { w: self.w, count: 0, len, variant: Some(variant) })
    }

    fn collect_str<T: ?Sized + core::fmt::Display>(self, value: &T) -> Result<()> {
        with_displayed(value, |s| self.w.write_str(s))
    }
}

impl SeqSerializer<'_, '_> {
    #[inline]
    fn element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        let index = self.index;
        self.index += 1;
        let result = match &mut self.buffer {
            None => value.serialize(Serializer { w: &mut *self.w }),
            Some(buffer) => value.serialize(Serializer { w: buffer }),
        };
        match result {
            Ok(()) => Ok(()),
            Err(e) => Err(in_element(e, index, self.variant)),
        }
    }

    fn close(self) -> Result<()> {
        match (self.buffer, self.len) {
            (Some(buffer), _) => {
                self.w.write_array_len(self.index)?;
                self.w.write_raw(buffer.as_bytes());
                Ok(())
            }
            (None, Some(len)) if len != self.index => Err(wrong_count("elements", len, self.index)),
            (None, _) => Ok(()),
        }
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

/// The text of the map key whose encoding starts `bytes`, as in messages.
fn written_key(bytes: &[u8]) -> Option<String> {
    let mut r = MsgpackReader::new(bytes);
    let key = r.read_key().ok()?;
    Some(r.key_text(key))
}

impl ser::SerializeMap for MapSerializer<'_, '_> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<()> {
        self.count += 1;
        self.key_mark = self.w.mark();
        key.serialize(Serializer { w: &mut *self.w })
    }

    #[inline]
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        match value.serialize(Serializer { w: &mut *self.w }) {
            Ok(()) => Ok(()),
            Err(e) => {
                let (flushed, at) = self.key_mark;
                let written = (self.w.mark().0 == flushed).then(|| self.w.as_bytes().get(at..)).flatten();
                Err(in_written_key(e, written, written_key))
            }
        }
    }

    fn end(self) -> Result<()> {
        match (self.placeholder, self.len) {
            (Some(at), _) => self.w.patch_map_len(at, self.count),
            (None, Some(len)) if len != self.count => Err(wrong_count("entries", len, self.count)),
            (None, _) => Ok(()),
        }
    }
}

impl StructSerializer<'_, '_> {
    #[inline]
    fn field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<()> {
        self.count += 1;
        self.w.write_str(key)?;
        match value.serialize(Serializer { w: &mut *self.w }) {
            Ok(()) => Ok(()),
            Err(e) => Err(in_variant(e.in_field(key), self.variant)),
        }
    }

    #[inline]
    fn close(self) -> Result<()> {
        if self.count != self.len {
            return Err(wrong_count("fields", self.len, self.count));
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

// ---- rmp-serde's ext values ----

/// The name rmp-serde gives a newtype struct that stands for an ext value, holding the
/// tuple `(i8 type, bytes)`.
const EXT_STRUCT: &str = "_ExtStruct";

/// Writes an `_ExtStruct`'s content, `(type, bytes)`, as one ext value.
#[cold]
fn write_ext_struct<T: ?Sized + Serialize>(w: &mut MsgpackWriter, value: &T) -> Result<()> {
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

/// Collects an `_ExtStruct`'s tuple: its type, then its bytes, which it writes.
struct ExtWriter<'a, 'w> {
    w: &'a mut MsgpackWriter<'w>,
    tag: Option<i8>,
    written: bool,
}

macro_rules! not_ext {
    ($($method:ident($($arg:ty),*) $(-> $ret:ty)?;)*) => {$(
        fn $method(self, $(_: $arg),*) -> Result<not_ext!(@ret $($ret)?)> {
            Err(ext_shape_error())
        }
    )*};
    (@ret) => { () };
    (@ret $ret:ty) => { $ret };
}

impl ser::Serializer for &mut ExtWriter<'_, '_> {
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

    not_ext! {
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

impl ser::SerializeTuple for &mut ExtWriter<'_, '_> {
    type Ok = ();
    type Error = Error;

    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        value.serialize(&mut **self)
    }

    fn end(self) -> Result<()> {
        Ok(())
    }
}

// ---- Deserializer ----

/// A serde `Deserializer` that reads one MessagePack value from a [`MsgpackReader`], with
/// the reader's limits; strings and bins borrow from its input. Not human-readable, as
/// rmp-serde. The bridge's generic [`Deserializer`](super::Deserializer) over a
/// `MsgpackReader`.
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
pub type Deserializer<'a, 'de> = super::Deserializer<'a, MsgpackReader<'de>>;
