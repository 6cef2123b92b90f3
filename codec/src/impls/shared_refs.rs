//! `Rc`, `Arc` and their `Weak`s, and the `preserve_refs` option that keeps their sharing.
//!
//! By default a pointer is written as what it points to, so a value reachable twice is
//! written twice and decodes as two allocations; a `Weak` whose target is gone is `null`,
//! a live one an encoding error (it mostly points back into the value, where writing its
//! target would recurse forever), and any `Weak` decodes empty. With `preserve_refs(true)`
//! on the encoding and the decoding options, each allocation is written once, with an id,
//! and every later occurrence as a reference to that id; decoding rebuilds the sharing
//! (`Rc::ptr_eq` holds where it held) and the cycles that `Weak` back-pointers make.
//!
//! ```
//! use std::rc::Rc;
//! use codec::json::{from_slice_with, to_vec_with, EncodeOptions, Options};
//!
//! let shared = Rc::new(vec![1, 2]);
//! let pair = (Rc::clone(&shared), shared);
//! let bytes = to_vec_with(&pair, &EncodeOptions::new().preserve_refs(true))?;
//! assert_eq!(bytes, br#"[{"$id":1,"$value":[1,2]},{"$ref":1}]"#);
//! let back: (Rc<Vec<u8>>, Rc<Vec<u8>>) = from_slice_with(&bytes, &Options::new().preserve_refs(true))?;
//! assert!(Rc::ptr_eq(&back.0, &back.1));
//! # Ok::<(), codec::Error>(())
//! ```
//!
//! ## JSON wire format
//!
//! Ids count the allocations in the order their first occurrence starts (depth first, so an
//! id is always defined before any reference to it, and decoding is one pass).
//!
//! | occurrence | [`RefSpelling::Default`] (ids from 1) | [`RefSpelling::Codables`] (ids from 0) |
//! |---|---|---|
//! | first, the value is an object | `{"$id":1,"a":…}` (the id is the first member) | `{"$$id":0,"a":…}` |
//! | first, the value is an array | `{"$id":1,"$value":[…]}` | `["$$id:0",…]` (a leading element) |
//! | first, any other value | `{"$id":1,"$value":…}` | `{"$$id":0,"$$value":…}` |
//! | later | `{"$ref":1}` | `{"$$ref":0}` |
//! | a `Weak` whose target is gone | `null` | `null` |
//!
//! The Codables spelling is what the TypeScript library Codables writes for objects and
//! arrays; the wrapper of other values (strings, numbers of an `Rc<str>`, an `Rc<u64>`) is
//! this crate's, since JavaScript gives such values no identity. The decoder reads both
//! spellings whatever the encoder used. In refs mode, `$id`, `$$id`, `$ref` and `$$ref` as
//! the first key of an object decoded into a pointer, and a first array element that starts
//! with `$$id:`, are read as these markers. So that a shared object of the user's whose
//! first key starts with `$` (`{"$value":1}`) still reads back as itself, the encoder
//! writes such an object in the wrapper form (`{"$id":1,"$value":{"$value":1}}`).
//!
//! A `Weak` is written as a reference when its target was written before, or in full (the
//! first occurrence) when it was not; a `Weak` pointing back to a value still being written
//! (a parent pointer) is a reference to an id defined around it.
//!
//! ## MessagePack wire format
//!
//! Ids are carried in extension type [`REF_EXT_TYPE`](crate::msgpack::REF_EXT_TYPE) (82, `'R'`)
//! as a fixext 4 holding the id as a big-endian `u32`, counted from 1:
//!
//! | occurrence | MessagePack |
//! |---|---|
//! | first | a 2-array: `[ext 82 (id), value]`, `92 d6 52 <id:4> <value>` |
//! | later | `ext 82 (id)`, `d6 52 <id:4>` |
//! | a `Weak` whose target is gone | `nil` |
//!
//! Any MessagePack library reads this (Python's `msgpack` gives `[ExtType(82, b'…'), value]`).
//!
//! ## CBOR wire format
//!
//! The value-sharing tags (<http://cbor.schmorp.de/value-sharing>): the first occurrence is
//! tagged 28 ("shareable"), every later one is tag 29 ("sharedref") on the index of that
//! shareable value, an unsigned integer counting the tags 28 of the document from 0 in the
//! order they appear (`cbor/refs.rs`):
//!
//! | occurrence | CBOR |
//! |---|---|
//! | first | `28(value)`, `d8 1c <value>` |
//! | later | `29(index)`, `d8 1d <index>` |
//! | a `Weak` whose target is gone | `null` |
//!
//! Python's cbor2 writes the same with `value_sharing=True` (marking every array and map
//! shareable: a tag 28 before a value read as anything but a pointer still takes its index)
//! and reads it back shared.
//!
//! ## Decoding
//!
//! A value decoded for an id is kept (one strong count) until decoding ends, so a `Weak`
//! that was the first occurrence still has its target for the `Rc`s that refer to it later;
//! when decoding ends, a target no strong pointer of the value holds is dropped, as it is
//! after encoding (a `Weak` only ever points to something kept alive elsewhere).
//!
//! An `Rc`/`Arc` is built with `new_cyclic`, so a `Weak` inside its value that refers back to
//! it is a `Weak` to the allocation being built. With the `std` feature and `panic =
//! "unwind"` (the default) this holds for every `Rc<T>` and `Arc<T>`; without either, such a
//! `Weak` is an error, since `new_cyclic` cannot abandon a value whose decoding failed by
//! other means. `Rc<str>`, `Rc<[T]>` and `Arc<str>` share but cannot be cyclic.
//!
//! Limits of one-pass decoding, both errors rather than wrong values:
//! - When a `Weak` is the first occurrence of its target, the target is written inside it;
//!   if that target holds an `Rc` back to a value still being written around the `Weak`,
//!   the `Rc` cannot be built (the value it needs is not finished): the "only a Weak can
//!   point back" error. Graphs whose `Weak`s point to values written before them (parents,
//!   earlier siblings) always decode.
//! - The value of an object definition (`{"$id":1,...}`) or of a Codables array
//!   (`["$$id:0",...]`) continues after the id, so its type must open it through
//!   `JsonReader::begin_object`/`begin_array`, as derived types, maps, sequences and
//!   `Value` do; `RawJson`, or a hand-written decoder that skips the value, reads an error.
//!
//! Errors (each with the offset of the marker and the field path):
//!
//! ```
//! use std::rc::{Rc, Weak};
//! use codec::json::{from_slice_with, Options};
//!
//! #[derive(codec::Codec, Debug)]
//! struct Node { next: Option<Rc<Node>>, back: Option<Weak<Node>> }
//!
//! let refs = Options::new().preserve_refs(true);
//! let err = |json: &str| from_slice_with::<Vec<Rc<Node>>>(json.as_bytes(), &refs).unwrap_err().to_string();
//! assert_eq!(err(r#"[{"$ref":3}]"#), "invalid value: reference to id 3, which nothing before it defines at [0] (line 1, column 2)");
//! assert_eq!(
//!     err(r#"[{"$id":1,"next":null},{"$id":1,"next":null}]"#),
//!     "invalid value: id 1 is defined twice at [1] (line 1, column 24)"
//! );
//! assert!(err(r#"[{"$id":1,"next":{"$ref":1}}]"#).starts_with(
//!     "invalid value: reference to id 1 inside its own value: only a Weak can point back to a value still being decoded"
//! ));
//! assert!(err(r#"[{"$id":1,"$value":5}]"#).contains("expected an object"));
//! // a Weak back to a value being decoded is what `new_cyclic` is for
//! let ok = from_slice_with::<Vec<Rc<Node>>>(br#"[{"$id":1,"next":null,"back":{"$ref":1}}]"#, &refs)?;
//! assert!(Rc::ptr_eq(&ok[0].back.as_ref().unwrap().upgrade().unwrap(), &ok[0]));
//! # Ok::<(), codec::Error>(())
//! ```
//!
//! The tables of ids are the core's (`refs.rs`); each format reads and writes its own
//! spelling of them (`json/refs.rs`, `msgpack/refs.rs`, `cbor/refs.rs`), which the `Reader`
//! and `Writer` methods reach (`peek_shared`, `shared_body`, `shared_table`; `write_shared`). This file
//! has what needs the model: the `Encode`/`Decode` impls, one generic body each, which
//! drive those with the value's own methods.
//!
//! [`RefSpelling::Default`]: crate::json::RefSpelling::Default
//! [`RefSpelling::Codables`]: crate::json::RefSpelling::Codables

use alloc::borrow::Cow;
#[cfg(all(feature = "std", panic = "unwind"))]
use alloc::boxed::Box;
use alloc::rc::{self, Rc};
use alloc::sync::{self, Arc};

use crate::error::{Error, ErrorKind, Result};
use crate::refs::Peeked;
use crate::{Decode, Encode, Reader, Writer};

/// The address that identifies an allocation (the data pointer; metadata dropped).
#[inline]
fn addr<T: ?Sized>(p: *const T) -> usize {
    p.cast::<()>() as usize
}

/// `Rc`/`Arc` (`$ptr`) and their `Weak` (`$weak`): encoding and decoding, in refs mode
/// and not. `$define` names the helper that builds a definition's value (`cyclic_builder!`).
macro_rules! shared_pointer {
    ($ptr:ident, $weak:ty, $weak_new:expr, $define:ident) => {
        impl<T: Encode + ?Sized> Encode for $ptr<T> {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
                if !w.preserves_refs() {
                    return (**self).encode(w);
                }
                w.write_shared(addr($ptr::as_ptr(self)), |w| (**self).encode(w))
            }
        }

        /// In refs mode, a reference to its target or the target in full (its first
        /// occurrence); `null` when the target is gone. Without refs mode a live `Weak` is
        /// an error, which says to turn `preserve_refs` on.
        impl<T: Encode + ?Sized> Encode for $weak {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
                match self.upgrade() {
                    Some(_) if !w.preserves_refs() => Err(weak_needs_refs()),
                    Some(strong) => strong.encode(w),
                    None => {
                        w.write_null();
                        Ok(())
                    }
                }
            }
        }

        impl<'de, T: Decode<'de>> Decode<'de> for $ptr<T> {
            #[inline]
            fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
                if !r.reads_refs() {
                    return T::decode(r).map($ptr::new);
                }
                match r.peek_shared()? {
                    Peeked::Plain => T::decode(r).map($ptr::new),
                    Peeked::Ref(id, at) => r.shared_table().strong::<Self>(id, at),
                    Peeked::Def(id, at, body) => $define(r, id, at, |r| r.shared_body(&body, T::decode)),
                }
            }

            #[inline]
            fn absent() -> Option<Self> {
                T::absent().map($ptr::new)
            }
        }

        /// `null` is an empty `Weak`. Without refs mode any other value is decoded and
        /// dropped (the `Weak` is empty: nothing else holds the value); in refs mode a
        /// reference or a definition gives a `Weak` to the shared value.
        impl<'de, T: Decode<'de>> Decode<'de> for $weak {
            #[inline]
            fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
                if r.try_read_null()? {
                    return Ok($weak_new);
                }
                if !r.reads_refs() {
                    return T::decode(r).map(|_| $weak_new);
                }
                match r.peek_shared()? {
                    Peeked::Ref(id, at) => r.shared_table().weak::<$ptr<T>, $weak>(id, at, $ptr::downgrade),
                    Peeked::Plain => T::decode(r).map(|_| $weak_new),
                    Peeked::Def(id, at, body) => {
                        $define(r, id, at, |r| r.shared_body(&body, T::decode)).map(|p| $ptr::downgrade(&p))
                    }
                }
            }

            #[inline]
            fn absent() -> Option<Self> {
                Some($weak_new)
            }
        }
    };
}

/// A live `Weak` without refs mode. Written as its target, a `Weak` that points back into
/// the value (a parent pointer, what `Weak`s are mostly for) would recurse until the stack
/// overflows; with ids it is a reference.
#[cold]
fn weak_needs_refs() -> Error {
    Error::without_position(ErrorKind::InvalidValue(Cow::Borrowed(
        "a live Weak is encoded only with `preserve_refs(true)` (as its target it could recurse forever)",
    )))
}

/// `$ptr::new_cyclic` with a decoder that can fail: `new_cyclic` wants the value, so a
/// failure unwinds out of it (`resume_unwind`: no panic hook, no message), is caught here
/// and becomes the error again; any other panic goes on. `new_cyclic` frees the allocation
/// and the `Weak` it gave stays empty.
macro_rules! cyclic_builder {
    ($name:ident, $define:ident, $ptr:ident, $weak:ty) => {
        /// Decodes the value of definition `id` (read at `at`) into a new shared
        /// allocation, through the cyclic builder above: registered before, so that a `Weak` inside it
        /// that refers to `id` gets the allocation being built, and done (or abandoned)
        /// after. Rc and Weak, JSON and MessagePack, all build definitions here.
        fn $define<'de, R: Reader<'de>, T>(
            r: &mut R,
            id: u64,
            at: usize,
            decode: impl FnOnce(&mut R) -> Result<T>,
        ) -> Result<$ptr<T>> {
            r.shared_table().define(id, at)?;
            let built = $name(|weak: Option<&$weak>| {
                if let Some(weak) = weak {
                    r.shared_table().building(id, weak.clone());
                }
                decode(r)
            });
            r.shared_table().finish(id, built)
        }

        #[cfg(all(feature = "std", panic = "unwind"))]
        fn $name<T>(decode: impl FnOnce(Option<&$weak>) -> Result<T>) -> Result<$ptr<T>> {
            /// The payload of the unwind that carries a decoding failure out.
            struct Failed;
            let mut error = None;
            let built = std::panic::catch_unwind(core::panic::AssertUnwindSafe(|| {
                $ptr::new_cyclic(|weak| match decode(Some(weak)) {
                    Ok(value) => value,
                    Err(e) => {
                        error = Some(e);
                        std::panic::resume_unwind(Box::new(Failed))
                    }
                })
            }));
            match built {
                Ok(p) => Ok(p),
                Err(payload) if payload.is::<Failed>() => {
                    Err(error.unwrap_or_else(|| Error::custom("a shared value failed to decode")))
                }
                Err(payload) => std::panic::resume_unwind(payload),
            }
        }

        /// Without unwinding, a value is decoded first and shared after: no `Weak` to it
        /// exists while it is decoded.
        #[cfg(not(all(feature = "std", panic = "unwind")))]
        fn $name<T>(decode: impl FnOnce(Option<&$weak>) -> Result<T>) -> Result<$ptr<T>> {
            decode(None).map($ptr::new)
        }
    };
}

cyclic_builder!(rc_cyclic, rc_define, Rc, rc::Weak<T>);
cyclic_builder!(arc_cyclic, arc_define, Arc, sync::Weak<T>);

shared_pointer!(Rc, rc::Weak<T>, rc::Weak::new(), rc_define);
shared_pointer!(Arc, sync::Weak<T>, sync::Weak::new(), arc_define);

/// The cyclic builder. Run under Miri: `cargo +nightly miri test -p codec --lib refs`
/// (the type-erased table's tests are in `refs.rs`).
#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn cyclic_builders_free_a_failed_value_and_keep_a_built_one() {
        let mut kept = None;
        let err = rc_cyclic::<u8>(|w| {
            kept = w.cloned();
            Err(Error::custom("no"))
        })
        .unwrap_err();
        assert_eq!(err.to_string(), "no");
        if let Some(w) = kept {
            assert!(w.upgrade().is_none());
        }
        struct Cyc {
            me: Option<sync::Weak<Cyc>>,
            n: u8,
        }
        let p = arc_cyclic(|w| {
            // While the value is built its Weak does not upgrade.
            assert!(w.is_none_or(|w| w.upgrade().is_none()));
            Ok(Cyc { me: w.cloned(), n: 7 })
        })
        .unwrap();
        assert_eq!(p.n, 7);
        if let Some(w) = &p.me {
            assert!(Arc::ptr_eq(&w.upgrade().unwrap(), &p));
        }
    }
}
