//! Enum tags in MessagePack: the value that names a variant of an enum with an integer
//! or bool name (`rename = 2`, `repr = "int"`), such a name as a map key (keys keep their
//! type here: the name 2 is an int key), and the errors about tags.

use alloc::borrow::Cow;
use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::ToString;

use super::reader::{Key, Kind, MsgpackReader};
use crate::error::{Error, ErrorKind, Result};
use crate::reader::Tag;

type MsgpackTag<'de> = Tag<Key<'de>>;

impl<'de> MsgpackReader<'de> {
    /// Reads the value that names a variant: a str, an int or a bool, whichever of them
    /// `kinds` has; any other value is a type error naming `expected`.
    #[inline]
    pub(crate) fn read_tag(&mut self, kinds: u8, expected: &'static str) -> Result<MsgpackTag<'de>> {
        let at = self.position();
        match self.peek_kind() {
            Some(Kind::Str) if kinds & MsgpackTag::KIND_STR != 0 => self.read_string_token().map(Tag::Str),
            Some(Kind::Int) if kinds & MsgpackTag::KIND_INT != 0 => self.read_i128().map(|n| Tag::Int(n, at)),
            Some(Kind::Bool) if kinds & MsgpackTag::KIND_BOOL != 0 => self.read_bool().map(|b| Tag::Bool(b, at)),
            _ => Err(self.invalid_type(expected)),
        }
    }

    /// A map key as a tag (the external representation, and maps keyed by the enum): an
    /// integer name is an int key, and any kind of key not in `kinds` is a type error
    /// naming `expected`.
    #[inline]
    pub(crate) fn key_tag(&mut self, key: Key<'de>, kinds: u8, expected: &'static str) -> Result<MsgpackTag<'de>> {
        let at = key.offset();
        let first = self.key_raw(key).first().copied();
        match first.map(Kind::of) {
            Some(Kind::Str) if kinds & MsgpackTag::KIND_STR != 0 => Ok(Tag::Str(key)),
            Some(Kind::Int) if kinds & MsgpackTag::KIND_INT != 0 => self.key_i128(key).map(|n| Tag::Int(n, at)),
            Some(Kind::Bool) if kinds & MsgpackTag::KIND_BOOL != 0 => Ok(Tag::Bool(first == Some(0xc3), at)),
            _ => Err(self.key_type_error(key, expected)),
        }
    }

    /// A tag that names no variant, at it.
    #[cold]
    #[inline(never)]
    pub(crate) fn unknown_tag(&mut self, tag: MsgpackTag<'de>, expected: &'static [&'static str]) -> Error {
        let (name, at) = match tag {
            Tag::Str(key) => match self.key_str(key) {
                Ok(s) => (s.to_owned(), key.offset()),
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
    pub(crate) fn tag_has_content(&mut self, tag: MsgpackTag<'de>) -> Error {
        let msg = match tag {
            Tag::Str(key) => match self.key_str(key) {
                Ok(name) => {
                    (format!("variant `{name}` has content: write it as a map {{\"{name}\": ...}}"), key.offset())
                }
                Err(e) => return e,
            },
            Tag::Int(n, at) => (format!("variant `{n}` has content: write it as a map {{{n}: ...}}"), at),
            Tag::Bool(b, at) => (format!("variant `{b}` has content: write it as a map {{{b}: ...}}"), at),
        };
        Error::new(ErrorKind::InvalidValue(Cow::Owned(msg.0)), msg.1)
    }
}
