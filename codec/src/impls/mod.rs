//! `Encode`/`Decode` for std types, one file per family.

mod collections;
pub(crate) use collections::prealloc;
mod maps;
mod primitives;
mod strings;
mod time;
mod tuples;
mod wrappers;
