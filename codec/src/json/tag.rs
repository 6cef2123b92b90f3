//! Enum tags in JSON: the value that names a variant of an enum with an integer or bool
//! name (`rename = 2`, `repr = "int"`), and the errors about tags. Keys are strings in
//! JSON, so a key names such a variant by its text (`{"2": ...}`), matched by the derive.

use alloc::borrow::Cow;
use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::{String, ToString};

use super::reader::{Checkpoint, JsonReader, Key};
use crate::error::{Error, ErrorKind, Result};
use crate::reader::Tag;

type JsonTag<'de> = Tag<Key<'de>>;

impl<'de> JsonReader<'de> {
    /// Reads the value that names a variant: a string, an integer or a bool, whichever of
    /// them `kinds` has. Any other value is an "invalid type" error that names `expected`
    /// (the enum's names as JSON writes them, `1, 2 or 3`); no kind is converted to
    /// another, so `"2"` does not name the variant `2`.
    #[inline]
    pub(crate) fn read_tag(&mut self, kinds: u8, expected: &'static str) -> Result<JsonTag<'de>> {
        match self.peek() {
            Some(b'"') if kinds & JsonTag::KIND_STR != 0 => self.read_string_token().map(Tag::Str),
            Some(b'-' | b'0'..=b'9') if kinds & JsonTag::KIND_INT != 0 => {
                let at = self.position();
                let start = self.checkpoint();
                match self.read_i128() {
                    Ok(n) => Ok(Tag::Int(n, at)),
                    Err(e) => self.int_tag_error(start, e, expected).map(|n| Tag::Int(n, at)),
                }
            }
            Some(b't' | b'f') if kinds & JsonTag::KIND_BOOL != 0 => {
                let at = self.position();
                self.read_bool().map(|b| Tag::Bool(b, at))
            }
            _ => Err(self.invalid_type(expected)),
        }
    }

    /// A number tag that `read_i128` refused: an integer too large is a tag no name
    /// matches (skipped, [`Tag::NO_NAME`]); a float is a type error naming the enum's names.
    #[cold]
    #[inline(never)]
    fn int_tag_error(&mut self, start: Checkpoint, e: Error, expected: &'static str) -> Result<i128> {
        match e.kind() {
            ErrorKind::OutOfRange(_) => {
                self.restore(start);
                self.skip_value()?;
                Ok(JsonTag::NO_NAME)
            }
            ErrorKind::InvalidType { .. } => {
                self.restore(start);
                Err(self.invalid_type(expected))
            }
            _ => Err(e),
        }
    }

    /// A tag read by [`read_tag`](Self::read_tag) (or a string key) that names no
    /// variant: "unknown variant `5`, expected one of `1`, `2`, `3`", at the tag.
    #[cold]
    #[inline(never)]
    pub(crate) fn unknown_tag(&mut self, tag: JsonTag<'de>, expected: &'static [&'static str]) -> Error {
        let (name, at) = match tag {
            Tag::Str(key) => match self.key_str(key) {
                Ok(s) => (s.as_str().to_owned(), key.offset()),
                Err(e) => return e,
            },
            Tag::Int(n, at) if n == JsonTag::NO_NAME => (number_text(self.input(), at), at),
            Tag::Int(n, at) => (n.to_string(), at),
            Tag::Bool(b, at) => (b.to_string(), at),
        };
        Error::new(ErrorKind::UnknownVariant { name, expected }, at)
    }

    /// A variant with content named by a bare value (`"V"` or `2` rather than
    /// `{"V": ...}`).
    #[cold]
    #[inline(never)]
    pub(crate) fn tag_has_content(&mut self, tag: JsonTag<'de>) -> Error {
        let (name, at) = match tag {
            Tag::Str(key) => match self.key_str(key) {
                Ok(s) => (s.as_str().to_owned(), key.offset()),
                Err(e) => return e,
            },
            Tag::Int(n, at) => (n.to_string(), at),
            Tag::Bool(b, at) => (b.to_string(), at),
        };
        let msg = format!("variant `{name}` has content: write it as {{\"{name}\": ...}}");
        Error::new(ErrorKind::InvalidValue(Cow::Owned(msg)), at)
    }
}

/// The text of the number at `at` (for messages; at most 64 bytes of it).
fn number_text(input: &[u8], at: usize) -> String {
    let rest = input.get(at..).unwrap_or_default();
    let len = rest.iter().take_while(|b| matches!(b, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')).count();
    String::from_utf8_lossy(&rest[..len.min(64)]).into_owned()
}
