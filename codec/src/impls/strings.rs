//! `str`, `String`, `&str`, `Cow<str>` and boxed or shared strings.
//!
//! `&'de str` borrows from the input and refuses a string with escapes (its text exists
//! nowhere in the input); `Cow<'de, str>` borrows when it can and owns when it must.
//! `Cow<str>`, `Box<str>`, `Rc<str>` and `Arc<str>` encode through the generic pointer
//! impls in `wrappers.rs`.
//!
//! A MessagePack str holds no escapes, so there every string borrows: `&'de str` always
//! decodes, and `Cow<'de, str>` is always `Borrowed`.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::sync::Arc;

use crate::error::Result;
use crate::{Decode, Encode, Reader, Writer};

impl Encode for str {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.write_str(self)
    }
}

impl Encode for String {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.write_str(self)
    }
}

impl<'de> Decode<'de> for String {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        r.read_string()
    }
}

impl<'de: 'a, 'a> Decode<'de> for &'a str {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        r.read_borrowed_str()
    }
}

impl<'de: 'a, 'a> Decode<'de> for Cow<'a, str> {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        r.read_cow()
    }
}

impl<'de> Decode<'de> for Box<str> {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        r.read_str_with(|s, _| Ok(Box::from(s)))
    }
}

/// `Rc<str>` and `Arc<str>`: shared in refs mode (see `shared_refs.rs`).
macro_rules! rc_str {
    ($($ptr:ident)*) => {$(
        impl<'de> Decode<'de> for $ptr<str> {
            #[inline]
            fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
                r.decode_acyclic(|r| r.read_str_with(|s, _| Ok($ptr::from(s))))
            }
        }
    )*};
}

rc_str!(Rc Arc);
