//! Pointers and other transparent wrappers, `Option`, and `PhantomData` (`Rc` and `Arc`
//! are in `shared_refs.rs`).
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
use core::marker::PhantomData;

use crate::__private::{DecodeFields, EncodeFields};
use crate::error::Result;
use crate::{Decode, Encode, Reader, Writer};

/// `Encode` of types written as a value they hold or point to (pointers, cells, locks,
/// newtypes): `$inner`, reached from `$v`, the value being encoded.
macro_rules! forward_encode {
    ($([$($gen:tt)*] $ty:ty => |$v:ident| $inner:expr;)*) => {$(
        impl<$($gen)*> $crate::Encode for $ty {
            #[inline]
            fn encode<W: $crate::Writer>(&self, w: &mut W) -> $crate::Result<()> {
                let $v = self;
                $crate::Encode::encode(&$inner, w)
            }
        }
    )*};
}
pub(crate) use forward_encode;

/// [`forward_encode!`] for `EncodeKey`: the key of the value inside.
macro_rules! forward_encode_key {
    ($([$($gen:tt)*] $ty:ty => |$v:ident| $inner:expr $(, pairs: $it:ty)?;)*) => {$(
        impl<$($gen)*> $crate::EncodeKey for $ty {
            $(const AS_PAIRS: bool = <$it as $crate::EncodeKey>::AS_PAIRS;)?

            #[inline]
            fn encode_key<W: $crate::Writer>(&self, w: &mut W) -> $crate::Result<()> {
                let $v = self;
                $crate::EncodeKey::encode_key(&$inner, w)
            }

        }
    )*};
}
pub(crate) use forward_encode_key;

/// `Decode` of types that wrap the value they are read as: an `$inner` decoded and passed
/// to `$wrap`. A missing field is missing as `$inner` would be (`Box<Option<T>>` may be
/// absent, as `Option<T>` may).
macro_rules! forward_decode {
    ($([$($gen:tt)*] $ty:ty => $inner:ty, $wrap:expr;)*) => {$(
        impl<'de, $($gen)*> $crate::Decode<'de> for $ty {
            #[inline]
            fn decode<R: $crate::Reader<'de>>(r: &mut R) -> $crate::Result<Self> {
                <$inner as $crate::Decode<'de>>::decode(r).map($wrap)
            }

            #[inline]
            fn absent() -> Option<Self> {
                <$inner as $crate::Decode<'de>>::absent().map($wrap)
            }
        }
    )*};
}
pub(crate) use forward_decode;

/// [`forward_decode!`] for `DecodeKey`.
macro_rules! forward_decode_key {
    ($([$($gen:tt)*] $ty:ty => $inner:ty, $wrap:expr;)*) => {$(
        impl<'de, $($gen)*> $crate::DecodeKey<'de> for $ty {
            const AS_PAIRS: bool = <$inner as $crate::DecodeKey<'de>>::AS_PAIRS;

            #[inline]
            fn decode_key<R: $crate::Reader<'de>>(key: R::Key, r: &mut R) -> $crate::Result<Self> {
                <$inner as $crate::DecodeKey<'de>>::decode_key(key, r).map($wrap)
            }

            #[inline]
            fn decode_pair_key<R: $crate::Reader<'de>>(r: &mut R) -> $crate::Result<Self> {
                <$inner as $crate::DecodeKey<'de>>::decode_pair_key(r).map($wrap)
            }

        }
    )*};
}
pub(crate) use forward_decode_key;

forward_encode! {
    [T: Encode + ?Sized] &T => |v| **v;
    [T: Encode + ?Sized] &mut T => |v| **v;
    [T: Encode + ?Sized] Box<T> => |v| **v;
    ['a, T: Encode + ToOwned + ?Sized] Cow<'a, T> => |v| **v;
}

forward_decode! {
    [T: Decode<'de>] Box<T> => T, Box::new;
    // A `Cow` of a sized type (`Cow<'a, T>` with `T: Clone`, as a generic field is) is
    // decoded owned, as serde does; the unsized ones (`Cow<str>`, `Cow<[u8]>`,
    // `Cow<Path>`) have impls of their own that borrow.
    ['a, T: Clone + Decode<'de>] Cow<'a, T> => T, Cow::Owned;
}

impl<T: Encode> Encode for Option<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        match self {
            Some(v) => v.encode(w),
            None => {
                w.write_null();
                Ok(())
            }
        }
    }
}

// `Option` takes no nesting level of its own: a type cannot contain an `Option<Self>`
// without a pointer or collection between them (it would be infinitely large), and those
// count a level each. Its hot path stays one null test.
impl<'de, T: Decode<'de>> Decode<'de> for Option<T> {
    /// `None` for JSON `null` and MessagePack `nil`.
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        if r.try_read_null()? {
            Ok(None)
        } else {
            T::decode(r).map(Some)
        }
    }

    #[inline]
    fn absent() -> Option<Self> {
        Some(None)
    }
}

// ---- `flatten` of an `Option`: serde's rule ----
//
// A flattened `Option<T>` is `Some` when `T` decodes from the object's keys and `None`
// when it does not (none of its keys came, a required one is missing, or a value has the
// wrong type): serde's, where the `Option` of a flattened field stands for "all of these
// keys, or none of their meaning". Malformed input is still an error. Encoding writes
// `T`'s members for `Some` and nothing for `None`.

/// The state of a flattened `Option<T>`: `T`'s, and whether `T` has failed already.
#[doc(hidden)]
pub struct OptionFields<S> {
    inner: S,
    failed: bool,
}

/// `result` of a step of a flattened `Option`'s inner type: a failure that another
/// reading would meet too (malformed input, a limit) ends the decode; any other makes
/// the `Option` `None`, and the value is skipped from `at`.
#[inline]
fn absorb<'de, R: Reader<'de>>(r: &mut R, at: R::Checkpoint, result: Result<bool>, failed: &mut bool) -> Result<bool> {
    match result {
        Ok(claimed) => Ok(claimed),
        Err(e) if e.ends_alternatives() => Err(e),
        Err(_) => {
            *failed = true;
            r.restore(at);
            r.skip_value().map(|()| true)
        }
    }
}

/// `result` of the inner type's look-ahead: a failure other than the input's makes the
/// `Option` `None`, the reader put back at `at`.
#[inline]
fn absorb_prepare<'de, R: Reader<'de>>(
    r: &mut R,
    at: R::Checkpoint,
    result: Result<()>,
    failed: &mut bool,
) -> Result<()> {
    match result {
        Err(e) if !e.is_input_error() => {
            *failed = true;
            r.restore(at);
            Ok(())
        }
        other => other,
    }
}

impl<'de, T: DecodeFields<'de>> DecodeFields<'de> for Option<T> {
    type State = OptionFields<T::State>;

    const CATCH_ALL: bool = T::CATCH_ALL;
    const PREPARE: bool = T::PREPARE;

    #[inline]
    fn new_state() -> Self::State {
        OptionFields { inner: T::new_state(), failed: false }
    }

    #[inline]
    fn decode_field<R: Reader<'de>>(state: &mut Self::State, key: R::Key, r: &mut R) -> Result<bool> {
        let at = r.checkpoint();
        let result = T::decode_field(&mut state.inner, key, r);
        absorb(r, at, result, &mut state.failed)
    }

    #[inline]
    fn finish(state: Self::State, end: usize) -> Result<Self> {
        if state.failed {
            return Ok(None);
        }
        Ok(T::finish(state.inner, end).ok())
    }

    fn field_names(out: &mut alloc::vec::Vec<&'static str>) {
        T::field_names(out);
    }

    fn prepare<R: Reader<'de>>(state: &mut Self::State, r: &mut R, members: &R::Members) -> Result<()> {
        let at = r.checkpoint();
        let result = T::prepare(&mut state.inner, r, members);
        absorb_prepare(r, at, result, &mut state.failed)
    }
}

impl<T: EncodeFields> EncodeFields for Option<T> {
    #[inline]
    fn encode_fields<W: Writer>(&self, w: &mut W, count: &mut usize) -> Result<()> {
        match self {
            Some(v) => v.encode_fields(w, count),
            None => Ok(()),
        }
    }
}

impl<T: ?Sized> Encode for PhantomData<T> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.write_null();
        Ok(())
    }
}

impl<'de, T: ?Sized> Decode<'de> for PhantomData<T> {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        r.read_null().map(|()| PhantomData)
    }

    /// It carries no data, so a missing key loses nothing.
    #[inline]
    fn absent() -> Option<Self> {
        Some(PhantomData)
    }
}
