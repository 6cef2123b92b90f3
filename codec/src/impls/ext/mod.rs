//! `Encode`/`Decode` for the types of other crates, one file per crate, each behind the
//! cargo feature named after that crate (off by default). The orphan rule lets only
//! `codec` (or the other crate) write these impls, so users need no newtype or `with`
//! module for their timestamps, ids and decimals.
//!
//! Alternative representations of a crate's types (Unix seconds for a timestamp, a JSON
//! number for a decimal) are `with` modules, published under [`crate::with`].

#[cfg(feature = "chrono")]
pub(crate) mod chrono;
// Each integration uses the parts it needs; with one of them alone, the rest is unused.
#[cfg(feature = "arrayvec")]
mod arrayvec;
#[cfg(feature = "bytes")]
mod bytes;
#[cfg(feature = "compact_str")]
mod compact_str;
#[cfg(any(feature = "chrono", feature = "time", feature = "jiff02"))]
#[cfg_attr(not(all(feature = "chrono", feature = "time", feature = "jiff02")), allow(dead_code))]
mod datetime;
#[cfg(feature = "either")]
mod either;
#[cfg(feature = "indexmap")]
mod indexmap;
#[cfg(feature = "jiff02")]
pub(crate) mod jiff02;
#[cfg(feature = "ordered-float")]
mod ordered_float;
#[cfg(feature = "rust_decimal")]
pub(crate) mod rust_decimal;
#[cfg(feature = "semver")]
mod semver;
#[cfg(feature = "serde_json")]
mod serde_json;
#[cfg(feature = "smallvec")]
mod smallvec;
#[cfg(feature = "smol_str")]
mod smol_str;
#[cfg(feature = "time")]
pub(crate) mod time;
#[cfg(feature = "ulid")]
mod ulid;
#[cfg(feature = "url")]
mod url;
#[cfg(feature = "uuid")]
mod uuid;
