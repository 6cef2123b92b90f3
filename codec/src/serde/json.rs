//! serde's data model in JSON, over codec's [`JsonWriter`] and [`JsonReader`]: the
//! [`Serializer`] writes serde_json's compact bytes, the [`Deserializer`] reads what
//! serde_json reads, token by token from codec's reader.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! use codec::json::{JsonReader, JsonWriter};
//!
//! let mut w = JsonWriter::new();
//! (1u8, "a", [0.5f64]).serialize(codec::serde::json::Serializer::new(&mut w))?;
//! assert_eq!(w.as_bytes(), br#"[1,"a",[0.5]]"#);
//!
//! let mut r = JsonReader::new(w.as_bytes());
//! let back = <(u8, &str, [f64; 1])>::deserialize(codec::serde::json::Deserializer::new(&mut r))?;
//! assert_eq!(back, (1, "a", [0.5]));
//! # Ok::<(), codec::Error>(())
//! ```

use crate::json::{JsonReader, JsonWriter};

// ---- Serializer ----

/// The serde `Serializer` over a [`JsonWriter`]: [`super::Serializer`], which writes
/// serde_json's compact output, byte for byte, except that NaN and the infinities are an
/// error (serde_json writes `null`).
///
/// ```
/// use serde::Serialize;
/// let mut w = codec::json::JsonWriter::new();
/// std::collections::BTreeMap::from([(7u32, 'x')]).serialize(codec::serde::json::Serializer::new(&mut w))?;
/// assert_eq!(w.as_bytes(), br#"{"7":"x"}"#);
/// assert!(f64::NAN.serialize(codec::serde::json::Serializer::new(&mut w)).is_err());
/// # Ok::<(), codec::Error>(())
/// ```
pub type Serializer<'a, 'w> = super::Serializer<'a, JsonWriter<'w>>;

// ---- Deserializer ----

/// A serde `Deserializer` that reads one JSON value from a [`JsonReader`], with the
/// reader's limits, and borrows strings without escapes from its input: the bridge's
/// generic [`Deserializer`](super::Deserializer) over a `JsonReader`.
///
/// ```
/// use serde::Deserialize;
/// let mut r = codec::json::JsonReader::new(br#"{"name": "ada", "langs": ["en"]}"#);
///
/// #[derive(Deserialize)]
/// struct User<'a> {
///     name: &'a str,
///     langs: Vec<String>,
/// }
/// let user = User::deserialize(codec::serde::json::Deserializer::new(&mut r))?;
/// assert_eq!((user.name, user.langs.len()), ("ada", 1));
/// r.end()?;
/// # Ok::<(), codec::Error>(())
/// ```
pub type Deserializer<'a, 'de> = super::Deserializer<'a, JsonReader<'de>>;
