//! `str`, `String`, `&str`, `Cow<str>` and boxed or shared strings.
//!
//! `&'de str` borrows from the input and refuses a string with escapes (its text exists
//! nowhere in the input); `Cow<'de, str>` borrows when it can and owns when it must.
//! `Cow<str>`, `Box<str>`, `Rc<str>` and `Arc<str>` encode through the generic pointer
//! impls in `wrappers.rs`.

use std::borrow::Cow;
use std::rc::Rc;
use std::sync::Arc;

use crate::error::Result;
use crate::json::{JsonReader, JsonWriter};
use crate::{Decode, Encode};

impl Encode for str {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        w.write_str(self);
        Ok(())
    }
}

impl Encode for String {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        w.write_str(self);
        Ok(())
    }
}

impl<'de> Decode<'de> for String {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        r.read_string()
    }
}

impl<'de: 'a, 'a> Decode<'de> for &'a str {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        r.read_borrowed_str()
    }
}

impl<'de: 'a, 'a> Decode<'de> for Cow<'a, str> {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        r.read_cow()
    }
}

impl<'de> Decode<'de> for Box<str> {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        Ok(Box::from(r.read_str()?.as_str()))
    }
}

impl<'de> Decode<'de> for Rc<str> {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        Ok(Rc::from(r.read_str()?.as_str()))
    }
}

impl<'de> Decode<'de> for Arc<str> {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        Ok(Arc::from(r.read_str()?.as_str()))
    }
}
