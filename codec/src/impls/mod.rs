//! `Encode`/`Decode` for std types, one file per family. Beside them, what the families
//! and the integrations of `ext/` share: `string_form.rs` connects any type whose JSON form
//! is a string to the readers and writers, `wrappers.rs` has the forwarding macros of
//! types written as what they hold, `collections.rs` the sequence helpers and macros.
//! Here too (below) `walk_impls!`, the `Encode`/`Decode` of the value types, whose walks
//! live beside the types.
//!
//! Which of them need more than `core` + `alloc`, and so the `std` feature: `path.rs`
//! (`Path`, `OsString`) and `sync.rs` (`Mutex`, `RwLock`), gated as a whole; in `time.rs`
//! the `SystemTime` impls (its helpers serve the MessagePack `Timestamp` too); the
//! `HashMap`/`HashSet` impls (`alloc` has no hash table: no default hasher). `net.rs`
//! uses only types that live in `core::net`.

#[cfg(feature = "cbor")]
mod cbor_value;
mod cell;
pub(crate) mod collections;
mod duration;
#[cfg(any(feature = "msgpack", feature = "cbor"))]
mod dynamic;
pub(crate) mod ext;
mod json_value;
pub(crate) mod maps;
#[cfg(feature = "msgpack")]
mod msgpack_value;
mod net;
mod num;
#[cfg(feature = "std")]
mod path;
mod primitives;
mod range;
pub(crate) mod record;
pub(crate) mod shared_refs;
pub(crate) mod string_form;
mod strings;
#[cfg(feature = "std")]
mod sync;
// `SystemTime` needs `std`; the rest serves the MessagePack `Timestamp`.
#[cfg(any(feature = "std", feature = "msgpack"))]
pub(crate) mod time;
mod tuples;
pub(crate) mod wrappers;

/// `Encode` and `Decode` of types whose generic bodies are their own `write_to(&self, w)`
/// and `read_from(r)` (the value types' walks, defined beside the types in their format's
/// folder, which names no model trait's per-format method).
macro_rules! walk_impls {
    ($($ty:ty),+ $(,)?) => {$(
        impl $crate::Encode for $ty {
            #[inline]
            fn encode<W: $crate::Writer>(&self, w: &mut W) -> $crate::Result<()> {
                self.write_to(w)
            }
        }

        impl<'de> $crate::Decode<'de> for $ty {
            #[inline]
            fn decode<R: $crate::Reader<'de>>(r: &mut R) -> $crate::Result<Self> {
                <$ty>::read_from(r)
            }
        }
    )+};
}
pub(crate) use walk_impls;
