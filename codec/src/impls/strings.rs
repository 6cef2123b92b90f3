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
#[cfg(feature = "msgpack")]
use alloc::borrow::ToOwned;
use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::string::String;
use alloc::sync::Arc;

use crate::error::Result;
use crate::json::JsonReader;
#[cfg(feature = "msgpack")]
use crate::msgpack::MsgpackReader;
use crate::writer::encode_per_format_via_generic;
use crate::{Decode, Encode, Writer};

impl Encode for str {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.write_str(self)
    }

    encode_per_format_via_generic!();
}

impl Encode for String {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.write_str(self)
    }

    encode_per_format_via_generic!();
}

impl<'de> Decode<'de> for String {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        r.read_string()
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        r.read_str().map(str::to_owned)
    }
}

impl<'de: 'a, 'a> Decode<'de> for &'a str {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        r.read_borrowed_str()
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        r.read_str()
    }
}

impl<'de: 'a, 'a> Decode<'de> for Cow<'a, str> {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        r.read_cow()
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        r.read_str().map(Cow::Borrowed)
    }
}

macro_rules! shared_str {
    ($($ptr:ident)*) => {$(
        impl<'de> Decode<'de> for $ptr<str> {
            #[inline]
            fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
                Ok($ptr::from(r.read_str()?.as_str()))
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
                r.read_str().map($ptr::from)
            }
        }
    )*};
}

shared_str!(Box);

/// `Rc<str>` and `Arc<str>`: shared in refs mode (see `shared_refs.rs`).
macro_rules! rc_str {
    ($($ptr:ident)*) => {$(
        impl<'de> Decode<'de> for $ptr<str> {
            #[inline]
            fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
                let read = |r: &mut JsonReader<'de>| Ok($ptr::from(r.read_str()?.as_str()));
                if r.refs.is_none() {
                    return read(r);
                }
                super::shared_refs::decode_json_acyclic(r, read)
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
                let read = |r: &mut MsgpackReader<'de>| r.read_str().map($ptr::from);
                if r.refs.is_none() {
                    return read(r);
                }
                super::shared_refs::decode_msgpack_acyclic(r, read)
            }
        }
    )*};
}

rc_str!(Rc Arc);
