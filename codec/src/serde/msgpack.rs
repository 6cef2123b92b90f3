//! serde's data model in MessagePack, over codec's [`MsgpackWriter`] and
//! [`MsgpackReader`]: the [`Serializer`] writes what `rmp_serde::to_vec_named` writes, the
//! [`Deserializer`] reads what rmp-serde reads.
//!
//! | serde | written as (rmp-serde's choice) | also read |
//! |---|---|---|
//! | integers | the smallest int form | |
//! | `i128`, `u128` | a bin of 16 big-endian bytes | any int |
//! | `f32`, `f64` | float 32, float 64 (NaN included) | ints, where the type takes them |
//! | bytes | bin | str, array of ints |
//! | unit, `None` | nil | |
//! | unit struct | empty array | nil |
//! | unit variant | its name, a str | its index, an int |
//! | newtype, tuple, struct variant | map of one entry: name => content | |
//! | struct | map keyed by field names | array of the fields in order (`rmp_serde::to_vec`) |
//! | rmp-serde's `_ExtStruct((i8, bytes))` | ext | |
//! | ext | | a newtype struct of `(i8, bytes)`, as rmp-serde gives it |
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! use codec::msgpack::{MsgpackReader, MsgpackWriter};
//!
//! let mut w = MsgpackWriter::new();
//! (1u8, "a", [0.5f32]).serialize(codec::serde::msgpack::Serializer::new(&mut w))?;
//! assert_eq!(w.as_bytes(), b"\x93\x01\xa1a\x91\xca\x3f\x00\x00\x00");
//!
//! let mut r = MsgpackReader::new(w.as_bytes());
//! let back = <(u8, &str, [f32; 1])>::deserialize(codec::serde::msgpack::Deserializer::new(&mut r))?;
//! assert_eq!(back, (1, "a", [0.5]));
//! # Ok::<(), codec::Error>(())
//! ```

use crate::msgpack::{MsgpackReader, MsgpackWriter};

// ---- Serializer ----

/// The serde `Serializer` over a [`MsgpackWriter`]: [`super::Serializer`], which writes
/// the bytes of `rmp_serde::to_vec_named` (structs as maps keyed by field names). Not
/// human-readable, as rmp-serde: types that have a compact form use it (a `Uuid` is 16
/// bytes).
///
/// ```
/// use serde::Serialize;
/// let mut w = codec::msgpack::MsgpackWriter::new();
/// Some(vec![-1i64, 200]).serialize(codec::serde::msgpack::Serializer::new(&mut w))?;
/// assert_eq!(w.as_bytes(), b"\x92\xff\xcc\xc8");
/// # Ok::<(), codec::Error>(())
/// ```
pub type Serializer<'a, 'w> = super::Serializer<'a, MsgpackWriter<'w>>;

// ---- Deserializer ----

/// A serde `Deserializer` that reads one MessagePack value from a [`MsgpackReader`], with
/// the reader's limits; strings and bins borrow from its input. Not human-readable, as
/// rmp-serde. The bridge's generic [`Deserializer`](super::Deserializer) over a
/// `MsgpackReader`.
///
/// ```
/// use serde::Deserialize;
/// // {"name": "ada", "langs": ["en"]}
/// let mut r = codec::msgpack::MsgpackReader::new(b"\x82\xa4name\xa3ada\xa5langs\x91\xa2en");
///
/// #[derive(Deserialize)]
/// struct User<'a> {
///     name: &'a str,
///     langs: Vec<String>,
/// }
/// let user = User::deserialize(codec::serde::msgpack::Deserializer::new(&mut r))?;
/// assert_eq!((user.name, user.langs.len()), ("ada", 1));
/// r.end()?;
/// # Ok::<(), codec::Error>(())
/// ```
pub type Deserializer<'a, 'de> = super::Deserializer<'a, MsgpackReader<'de>>;
