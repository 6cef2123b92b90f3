//! `Encode`/`Decode` for std types, one file per family.

mod collections;
pub(crate) mod ext;
mod maps;
mod primitives;
mod strings;
pub(crate) mod time;
mod tuples;
mod wrappers;
