//! `Encode`/`Decode` for the types of other crates, one file per crate, each behind the
//! cargo feature named after that crate (off by default). The orphan rule lets only
//! `codec` (or the other crate) write these impls, so users need no newtype or `with`
//! module for their timestamps, ids and decimals.
//!
//! Alternative representations of a crate's types (Unix seconds for a timestamp, a JSON
//! number for a decimal) are `with` modules, published under [`crate::with`].
