//! `Encode`/`Decode` for std types, one file per family.

mod collections;
mod maps;
mod primitives;
mod strings;
mod tuples;
mod wrappers;
