//! Enum tags in CBOR: the value that names a variant of an enum with an integer or bool
//! name (`rename = 2`, `repr = "int"`), such a name as a map key (keys keep their type
//! here, as in MessagePack: the name 2 is an integer key), and the errors about tags.
//! (An enum's tag, not a CBOR tag of major type 6: those are in the module docs.)

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::ToString;

use super::reader::{CborReader, Key, Kind};
use crate::error::{Error, ErrorKind, Result};
use crate::reader::Tag;

type CborTag<'de> = Tag<Key<'de>>;

impl<'de> CborReader<'de> {
    /// Reads the value that names a variant: a text string, an integer or a bool,
    /// whichever of them `kinds` has; any other value is a type error naming `expected`.
    #[inline]
    pub(crate) fn read_tag(&mut self, kinds: u8, expected: &'static str) -> Result<CborTag<'de>> {
        let kind = crate::Reader::peek_value_kind(self);
        let at = self.position();
        use crate::reader::ValueKind;
        match kind {
            Some(ValueKind::Str) if kinds & CborTag::KIND_STR != 0 => self.read_string_token().map(Tag::Str),
            Some(ValueKind::Int) if kinds & CborTag::KIND_INT != 0 => self.read_i128().map(|n| Tag::Int(n, at)),
            Some(ValueKind::Bool) if kinds & CborTag::KIND_BOOL != 0 => self.read_bool().map(|b| Tag::Bool(b, at)),
            _ => Err(self.invalid_type(expected)),
        }
    }

    /// A map key as a tag: an integer name is an integer key, and any kind of key not in
    /// `kinds` is a type error naming `expected`.
    #[inline]
    pub(crate) fn key_tag(&mut self, key: Key<'de>, kinds: u8, expected: &'static str) -> Result<CborTag<'de>> {
        let at = key.offset();
        let first = self.key_raw(key).first().copied();
        match first.map(Kind::of) {
            Some(Kind::Text) if kinds & CborTag::KIND_STR != 0 => Ok(Tag::Str(key)),
            Some(Kind::UInt | Kind::NegInt) if kinds & CborTag::KIND_INT != 0 => {
                crate::Reader::key_i128(self, key).map(|n| Tag::Int(n, at))
            }
            Some(Kind::Bool) if kinds & CborTag::KIND_BOOL != 0 => Ok(Tag::Bool(first == Some(0xf5), at)),
            _ => Err(self.key_type_error(key, expected)),
        }
    }

    /// A tag that names no variant, at it.
    #[cold]
    #[inline(never)]
    pub(crate) fn unknown_tag(&mut self, tag: CborTag<'de>, expected: &'static [&'static str]) -> Error {
        let (name, at) = match tag {
            Tag::Str(key) => match self.key_str(key) {
                Ok(s) => (s.into_owned(), key.offset()),
                Err(e) => return e,
            },
            Tag::Int(n, at) => (n.to_string(), at),
            Tag::Bool(b, at) => (b.to_string(), at),
        };
        Error::new(ErrorKind::UnknownVariant { name, expected }, at)
    }

    /// A variant with content named by a bare value (a string or the name 2 rather than a
    /// map of one entry).
    #[cold]
    #[inline(never)]
    pub(crate) fn tag_has_content(&mut self, tag: CborTag<'de>) -> Error {
        let (msg, at) = match tag {
            Tag::Str(key) => match self.key_str(key) {
                Ok(name) => {
                    (format!("variant `{name}` has content: write it as a map {{\"{name}\": ...}}"), key.offset())
                }
                Err(e) => return e,
            },
            Tag::Int(n, at) => (format!("variant `{n}` has content: write it as a map {{{n}: ...}}"), at),
            Tag::Bool(b, at) => (format!("variant `{b}` has content: write it as a map {{{b}: ...}}"), at),
        };
        Error::new(ErrorKind::InvalidValue(Cow::Owned(msg)), at)
    }
}
