//! `Encode`/`Decode` for std types, one file per family.
//!
//! Which of them need more than `core` + `alloc`, and so the `std` feature: `path.rs`
//! (`Path`, `OsString`) and `sync.rs` (`Mutex`, `RwLock`), gated as a whole; in `time.rs`
//! the `SystemTime` impls (its helpers serve the MessagePack `Timestamp` too); the
//! `HashMap`/`HashSet` impls (`alloc` has no hash table: no default hasher). `net.rs`
//! uses only types that live in `core::net`.

mod cell;
mod collections;
mod duration;
pub(crate) mod ext;
mod maps;
mod net;
mod num;
#[cfg(feature = "std")]
mod path;
mod primitives;
mod range;
mod record;
mod strings;
#[cfg(feature = "std")]
mod sync;
// `SystemTime` needs `std`; the rest serves the MessagePack `Timestamp`.
#[cfg(any(feature = "std", feature = "msgpack"))]
pub(crate) mod time;
mod tuples;
mod wrappers;
