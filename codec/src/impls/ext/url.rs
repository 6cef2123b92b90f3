//! `url::Url` (feature `url`).
//!
//! | | JSON | MessagePack |
//! |---|---|---|
//! | written as | its serialization, `Url::as_str`, a string | the same, a str |
//! | read from | a string, through `Url::parse` | a str, the same way |
//! | map key | the string | the str |
//!
//! As url's serde impl, in both formats. Reading parses with the url crate itself (a
//! URL's grammar is the WHATWG standard's, not something to write twice): the text is
//! borrowed from the input where it has no escape, so nothing but the `Url` is allocated.
//! A text that does not parse is an error at the string, with url's reason.
//!
//! ```
//! use url::Url;
//!
//! let u = Url::parse("https://example.com/a b?q=1").unwrap();
//! assert_eq!(codec::json::to_string(&u)?, r#""https://example.com/a%20b?q=1""#);
//! assert_eq!(codec::json::from_str::<Url>(r#""https://example.com/a%20b?q=1""#)?, u);
//! let err = codec::json::from_str::<Vec<Url>>(r#"["https://a.example", "no scheme"]"#).unwrap_err();
//! assert_eq!((err.path(), err.offset()), ("[1]".to_owned(), Some(22)));
//! assert_eq!(err.to_string(), "invalid value: not a URL: relative URL without a base at [1] (line 1, column 23)");
//! # Ok::<(), codec::Error>(())
//! ```

use alloc::borrow::Cow;

use ::url::Url;

use crate::error::{Error, ErrorKind, Result};
use crate::json::{JsonReader, JsonWriter, Key};
#[cfg(feature = "msgpack")]
use crate::msgpack::{self, MsgpackReader, MsgpackWriter};
use crate::{Decode, DecodeKey, Encode, EncodeKey};

#[cold]
#[inline(never)]
fn invalid(at: usize, e: ::url::ParseError) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Owned(format!("not a URL: {e}"))), at)
}

#[inline]
fn parse(at: usize, text: &str) -> Result<Url> {
    Url::parse(text).map_err(|e| invalid(at, e))
}

#[inline]
fn from_json_text<'de>(key: Key<'de>, r: &mut JsonReader<'de>) -> Result<Url> {
    parse(key.offset(), r.decode_string(key)?.as_str())
}

impl Encode for Url {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        w.write_str(self.as_str());
        Ok(())
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        w.write_str(self.as_str())
    }
}

impl<'de> Decode<'de> for Url {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        if r.peek() != Some(b'"') {
            return Err(r.invalid_type("a URL string"));
        }
        let key = r.read_string_token()?;
        from_json_text(key, r)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        let at = r.position();
        if !matches!(r.peek(), Some(0xa0..=0xbf | 0xd9..=0xdb)) {
            return Err(r.invalid_type("a URL string"));
        }
        parse(at, r.read_str()?)
    }
}

impl EncodeKey for Url {
    #[inline]
    fn encode_json_key(&self, w: &mut JsonWriter) -> Result<()> {
        self.encode_json(w)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn encode_msgpack_key(&self, w: &mut MsgpackWriter) -> Result<()> {
        self.encode_msgpack(w)
    }
}

impl<'de> DecodeKey<'de> for Url {
    #[inline]
    fn decode_json_key(key: Key<'de>, r: &mut JsonReader<'de>) -> Result<Self> {
        from_json_text(key, r)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack_key(key: msgpack::Key<'de>, r: &mut MsgpackReader<'de>) -> Result<Self> {
        parse(key.offset(), r.key_str(key)?)
    }
}
