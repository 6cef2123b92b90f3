//! Pointers and other transparent wrappers, `Option`, and `PhantomData`.
//!
//! Owning pointers decode as their contents and pass `absent()` through, so a
//! `Box<Option<T>>` field may be missing just as an `Option<T>` one may.
//!
//! Pointers take no nesting level of their own. A type can refer to itself only through a
//! named type, and the derive makes every named type on such a cycle cost a level: a
//! struct with named fields opens an object, and a newtype struct or an untagged enum,
//! which open nothing, decode one level down ([`JsonReader::nested`]). So
//! `struct N(Option<Box<N>>)` reading `1` ends in a depth error, and a boxed linked list
//! of objects still takes one level per link.

use alloc::borrow::Cow;
use alloc::borrow::ToOwned;
use alloc::boxed::Box;
use alloc::rc::Rc;
use alloc::sync::Arc;
use core::marker::PhantomData;

use crate::error::Result;
use crate::json::{JsonReader, JsonWriter};
#[cfg(feature = "msgpack")]
use crate::msgpack::{MsgpackReader, MsgpackWriter};
use crate::{Decode, Encode};

macro_rules! forward_encode {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<$($gen)*> Encode for $ty {
            #[inline]
            fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
                (**self).encode_json(w)
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
                (**self).encode_msgpack(w)
            }
        }
    )*};
}

forward_encode! {
    [T: Encode + ?Sized] &T;
    [T: Encode + ?Sized] &mut T;
    [T: Encode + ?Sized] Box<T>;
    [T: Encode + ?Sized] Rc<T>;
    [T: Encode + ?Sized] Arc<T>;
    ['a, T: Encode + ToOwned + ?Sized] Cow<'a, T>;
}

macro_rules! forward_decode {
    ($($ptr:ident)*) => {$(
        impl<'de, T: Decode<'de>> Decode<'de> for $ptr<T> {
            #[inline]
            fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
                T::decode_json(r).map($ptr::new)
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
                T::decode_msgpack(r).map($ptr::new)
            }

            #[inline]
            fn absent() -> Option<Self> {
                T::absent().map($ptr::new)
            }
        }
    )*};
}

forward_decode!(Box Rc Arc);

impl<T: Encode> Encode for Option<T> {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        match self {
            Some(v) => v.encode_json(w),
            None => {
                w.write_null();
                Ok(())
            }
        }
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        match self {
            Some(v) => v.encode_msgpack(w),
            None => {
                w.write_nil();
                Ok(())
            }
        }
    }
}

// `Option` takes no nesting level of its own: a type cannot contain an `Option<Self>`
// without a pointer or collection between them (it would be infinitely large), and those
// count a level each. Its hot path stays one null test.
impl<'de, T: Decode<'de>> Decode<'de> for Option<T> {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        if r.try_read_null()? {
            Ok(None)
        } else {
            T::decode_json(r).map(Some)
        }
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        if r.try_read_null()? {
            Ok(None)
        } else {
            T::decode_msgpack(r).map(Some)
        }
    }

    #[inline]
    fn absent() -> Option<Self> {
        Some(None)
    }
}

impl<T: ?Sized> Encode for PhantomData<T> {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        w.write_null();
        Ok(())
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        w.write_nil();
        Ok(())
    }
}

impl<'de, T: ?Sized> Decode<'de> for PhantomData<T> {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        r.read_null().map(|()| PhantomData)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        r.read_null().map(|()| PhantomData)
    }

    /// It carries no data, so a missing key loses nothing.
    #[inline]
    fn absent() -> Option<Self> {
        Some(PhantomData)
    }
}
