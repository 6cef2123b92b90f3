//! `Encode`/`Decode` for std types, one file per family. Beside them, what the families
//! and the integrations of `ext/` share: `string_form.rs` connects any type whose JSON form
//! is a string to the readers and writers, `wrappers.rs` has the forwarding macros of
//! types written as what they hold, `collections.rs` the sequence helpers and macros.
//!
//! Which of them need more than `core` + `alloc`, and so the `std` feature: `path.rs`
//! (`Path`, `OsString`) and `sync.rs` (`Mutex`, `RwLock`), gated as a whole; in `time.rs`
//! the `SystemTime` impls (its helpers serve the MessagePack `Timestamp` too); the
//! `HashMap`/`HashSet` impls (`alloc` has no hash table: no default hasher). `net.rs`
//! uses only types that live in `core::net`.

mod cell;
pub(crate) mod collections;
mod duration;
pub(crate) mod ext;
mod json_map;
pub(crate) mod maps;
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

/// The per-format methods of a `Decode<$de>` impl whose body is its generic
/// [`decode`](crate::Decode::decode): `decode_json` and `decode_msgpack` forward to it.
/// Transitional, until `decode` is the one method of the trait.
macro_rules! decode_via_generic {
    ($de:lifetime) => {
        #[inline]
        fn decode_json(r: &mut $crate::json::JsonReader<$de>) -> $crate::Result<Self> {
            Self::decode(r)
        }

        #[inline]
        #[cfg(feature = "msgpack")]
        fn decode_msgpack(r: &mut $crate::msgpack::MsgpackReader<$de>) -> $crate::Result<Self> {
            Self::decode(r)
        }
    };
}
pub(crate) use decode_via_generic;
