//! # codec
//!
//! `#[derive(Codec)]` generates a specialized JSON encoder and decoder, and a MessagePack
//! one, for each of your types at compile time: no serde, no intermediate tree, no
//! buffering.
//!
//! ```
//! use codec::Codec;
//!
//! #[derive(Codec, Debug, PartialEq)]
//! #[codec(rename_all = "camelCase")]
//! struct Status<'a> {
//!     id: u64,
//!     text: &'a str, // borrows from the input
//!     #[codec(rename = "retweet_count")]
//!     retweets: u32,
//!     in_reply_to: Option<u64>,
//! }
//!
//! let bytes = br#"{"id":7,"text":"hi","retweet_count":2,"inReplyTo":null}"#;
//! let s: Status = codec::json::from_slice(bytes)?;
//! assert_eq!(s, Status { id: 7, text: "hi", retweets: 2, in_reply_to: None });
//! assert_eq!(codec::json::to_vec(&s)?, bytes);
//!
//! # #[cfg(feature = "msgpack")] {
//! // The same derive, in MessagePack: a map keyed by the same names.
//! let packed = codec::msgpack::to_vec(&s)?;
//! assert_eq!(&packed[..5], b"\x84\xa2id\x07");
//! assert_eq!(codec::msgpack::from_slice::<Status>(&packed)?, s);
//! # }
//! # Ok::<(), codec::Error>(())
//! ```
//!
//! ## Design in brief
//! - [`Encode`] writes through one generic method, [`Encode::encode`], over a [`Writer`]
//!   (the format-neutral steps every format's writer implements), monomorphized for each
//!   format a program uses; [`Decode::decode`] reads over a [`Reader`] the same way
//!   (the std impls do; derived types still decode through one method per format: the
//!   model is moving to the generic methods, `docs/one-model.md`). The derive parses its attributes
//!   once into a description of each field (name, aliases, defaults, skips) and emits one
//!   encode body from it, every member name pre-encoded for every format.
//! - Decoding reads a [`json::JsonReader`] (or a `msgpack::MsgpackReader`) over
//!   `&'de [u8]`: strings without escapes borrow from the input, so `&'de str` and
//!   `Cow<'de, str>` fields cost no allocation.
//! - Errors ([`Error`]) are one pointer; the path to the failing value is assembled only
//!   while an error propagates, so success pays nothing for it.
//!
//! ## Cargo features
//! - `std` (default): the standard library: reading `io::Read` and writing `io::Write`,
//!   the impls of std-only types, and the run-time choice of AVX2 for the JSON reader's
//!   scans and UTF-8 validation (without it, AVX2 is used only in a build that enables
//!   it, such as `-C target-cpu=native`). Without it `codec` is `#![no_std]` and needs only
//!   `alloc` (see [`no_std`](#no_std) below).
//! - `msgpack` (default): the `msgpack` module, and the MessagePack methods of the traits,
//!   of the std impls and of derived impls. Without it (`default-features = false,
//!   features = ["std"]`) the derive emits JSON methods only, and a crate of derived
//!   types has about half the code to compile.
//! - `cbor` (off): the `cbor` module, CBOR (RFC 8949) through the same generic bodies:
//!   the derive also pre-encodes member names as CBOR text strings. It needs neither
//!   `msgpack` nor `std`.
//! - `serde` (off): the `codec::serde` module, a bridge for any type that implements
//!   serde's `Serialize` and `Deserialize`: `#[codec(with = "codec::serde")]` on a field,
//!   or the field type `codec::serde::Compat<T>`, encoded through a serde `Serializer` and
//!   `Deserializer` written over codec's own writers and readers.
//! - One feature per integrated crate (`uuid`, `chrono`, `rust_decimal`, ...; the README's
//!   "Integrations" lists them), each off by default.
//!
//! ### `no_std`
//! ```toml
//! codec = { version = "0.1", default-features = false, features = ["msgpack"] }
//! ```
//! Everything that needs only memory stays: the traits and the derive (its output names
//! only `core`, `alloc` and `codec` paths, so derived types compile in a `#![no_std]`
//! crate), `from_slice`, `to_vec`, `to_string`, the pretty `to_vec_pretty` and
//! `to_string_pretty`, the `_slice` stream iterators, `json::Value`, every limit and
//! error ([`Error`] implements `core::error::Error` in both builds), the impls of the
//! types of `core` and `alloc` (`core::net` addresses and `Duration` included), and the
//! integrations, whose crates are built without their own `std` features (except
//! `chrono-clock`: chrono's clock needs the OS, so that feature turns `std` on). What needs
//! `std` goes:
//! - the `io` module and every function over an `io::Read` or `io::Write`: in `json`,
//!   `from_reader`, `iter_values`, `iter_array` (and their `_with` forms), `to_writer`,
//!   `to_writer_pretty` (and `_with`), `write_lines` and `write_array`; in `msgpack`,
//!   `from_reader`, `iter_values`, `to_writer` and `write_values`;
//! - `ErrorKind::Io`, `IoError` and `Error::io_kind`: nothing reads or writes without
//!   `std` (`ErrorKind` is `#[non_exhaustive]`, so a `match` on it compiles in both);
//! - the impls of `SystemTime` (and `msgpack::Timestamp`'s conversions to and from it),
//!   `Path`, `PathBuf`, `OsStr`, `OsString`, `Mutex` and `RwLock`;
//! - the impls of `HashMap` and `HashSet`. `alloc` has no hash table: a map of keys read
//!   from the input needs a randomly keyed hasher (std's `RandomState`, seeded by the OS),
//!   or an adversary picks keys that collide. Use `BTreeMap` and `BTreeSet`, or, with the
//!   `indexmap` feature, `IndexMap<K, V, S>` and `IndexSet<T, S>` with a hasher `S` of
//!   your choice (any `BuildHasher + Default`: without its own `std` feature indexmap has
//!   no default hasher).
//!
//! Two things change inside: [`json::Map`] finds repeated keys of an object of more than
//! 32 members through a `BTreeMap` of the keys instead of a randomly keyed hash table
//! (still exact and O(log n) per key whatever the input, for a copy of those keys), and
//! UTF-8 validation picks its SIMD code from the target's compile-time features instead
//! of detecting the CPU's at run time. `std` is additive: a crate written without it
//! compiles when another crate of the build turns it on (`tests/features/no_std_user`
//! is such a crate; CI also builds `codec` for `thumbv7em-none-eabi`, which has no `std`).
//!
//! ### `with` modules
//! `#[codec(with = "module")]` on a field encodes and decodes it through two functions of
//! `module`, generic over the format's [`Writer`] and [`Reader`]:
//!
//! ```
//! mod hex {
//!     use codec::{Reader, Result, Writer};
//!
//!     /// Hex text where the format is human-readable (JSON), the bytes elsewhere.
//!     pub fn encode<W: Writer>(v: &[u8], w: &mut W) -> Result<()> {
//!         if !W::HUMAN_READABLE {
//!             return w.write_bytes(v);
//!         }
//!         w.write_str(&v.iter().map(|b| format!("{b:02x}")).collect::<String>())
//!     }
//!
//!     pub fn decode<'de, R: Reader<'de>>(r: &mut R) -> Result<Vec<u8>> {
//!         if !R::HUMAN_READABLE {
//!             return r.read_bytes().map(|b| b.into_owned());
//!         }
//!         r.read_str_with(|text, at| {
//!             let bad = || codec::Error::new(codec::ErrorKind::InvalidValue("not hex".into()), at);
//!             if text.len() % 2 != 0 {
//!                 return Err(bad());
//!             }
//!             (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).map_err(|_| bad())).collect()
//!         })
//!     }
//! }
//!
//! #[derive(codec::Codec, Debug, PartialEq)]
//! struct Key {
//!     #[codec(with = "hex")]
//!     id: Vec<u8>,
//! }
//!
//! let key = Key { id: vec![0xde, 0xad] };
//! assert_eq!(codec::json::to_string(&key)?, r#"{"id":"dead"}"#);
//! assert_eq!(codec::json::from_str::<Key>(r#"{"id":"dead"}"#)?, key);
//! # #[cfg(feature = "msgpack")]
//! assert_eq!(codec::msgpack::from_slice::<Key>(&codec::msgpack::to_vec(&key)?)?, key);
//! # Ok::<(), codec::Error>(())
//! ```
//!
//! **Migrating** from codec's earlier contract of four functions (`encode_json`,
//! `decode_json`, `encode_msgpack`, `decode_msgpack`): write the two above. Where the
//! JSON and MessagePack bodies were the same calls, one body serves both (the `Writer`
//! and `Reader` methods have the formats' names: `write_str`, `read_str_with`,
//! `T::encode(v, w)`, `T::decode(r)`); where they differed, branch on
//! [`Writer::HUMAN_READABLE`] / [`Reader::HUMAN_READABLE`], constants that fold away. The
//! compiler points at the `with` string of every field whose module still has the old
//! functions ("cannot find function `encode` in module ..."). codec's own modules
//! (`codec::with::*`, `codec::serde`) are called the same way.
//!
//! ### `msgpack` is additive
//! Turning `msgpack` on anywhere in a build never breaks a crate that compiles without
//! it. (Cargo builds one `codec` per build, with every feature that any crate in it asks
//! for, so a library written against `codec` without `msgpack` is compiled with it as soon
//! as another crate in the build wants MessagePack.) To that end:
//! - [`Encode`] and [`Decode`] have one method each, generic over the format's [`Writer`]
//!   or [`Reader`]: an impl written in a JSON-only build works in MessagePack as soon as
//!   the build has it. Derived types are the same.
//! - A `#[codec(with = "module")]` module has two functions generic over the format
//!   ([above](#with-modules)), so it too works in every format the build has.
//! - So do the key, byte-string and member traits ([`EncodeKey::encode_key`],
//!   [`DecodeKey::decode_key`], [`EncodeBytes`], [`DecodeBytes`]): no trait has a
//!   method per format, so there is nothing for a JSON-only impl to leave out.
//!
//! ```
//! use codec::{Codec, Decode, Encode, Reader, Result, Writer};
//!
//! /// An impl as a crate without the `msgpack` feature writes it: generic all the same.
//! #[derive(Debug, PartialEq)]
//! struct Celsius(f64);
//! impl Encode for Celsius {
//!     fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
//!         self.0.encode(w)
//!     }
//! }
//! impl<'de> Decode<'de> for Celsius {
//!     fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
//!         f64::decode(r).map(Celsius)
//!     }
//! }
//!
//! #[derive(Codec, Debug, PartialEq)]
//! struct Reading {
//!     at: u64,
//!     temp: Celsius,
//! }
//!
//! let r = Reading { at: 1, temp: Celsius(20.5) };
//! assert_eq!(codec::json::to_string(&r)?, r#"{"at":1,"temp":20.5}"#);
//! # #[cfg(feature = "msgpack")] {
//! // With MessagePack on, the same code compiles and works in MessagePack.
//! let packed = codec::msgpack::to_vec(&r)?;
//! assert_eq!(codec::msgpack::from_slice::<Reading>(&packed)?, r);
//! # }
//! # Ok::<(), codec::Error>(())
//! ```
//!
//! ## Hand-written impls
//! One method each, generic over the format: in essence what the derive generates for
//! `struct Meters(f64)`. A form per format branches on the writer's or reader's constants
//! ([`Writer::HUMAN_READABLE`], [`Reader::HUMAN_READABLE`]), which fold away.
//!
//! ```
//! use codec::{Decode, Encode, Reader, Result, Writer};
//!
//! #[derive(Debug, PartialEq)]
//! struct Meters(f64);
//!
//! impl Encode for Meters {
//!     fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
//!         self.0.encode(w)
//!     }
//! }
//! impl<'de> Decode<'de> for Meters {
//!     fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
//!         f64::decode(r).map(Meters)
//!     }
//! }
//!
//! assert_eq!(codec::json::from_str::<Meters>("2.5")?, Meters(2.5));
//! assert_eq!(codec::json::to_string(&Meters(2.5))?, "2.5");
//! # #[cfg(feature = "msgpack")] {
//! assert_eq!(codec::msgpack::to_vec(&Meters(2.5))?, b"\xcb\x40\x04\0\0\0\0\0\0");
//! # }
//! # Ok::<(), codec::Error>(())
//! ```
//!
//! Map keys and byte strings are the same: [`EncodeKey::encode_key`] writes the key with
//! the writer's key methods (`write_str`, `write_key_u64`, ...), [`DecodeKey::decode_key`]
//! converts the key the reader just read (`key_str_with`, `key_u64_max`, ...).
//!
//! ```
//! use codec::{DecodeKey, EncodeKey, Reader, Result, Writer};
//! use std::collections::BTreeMap;
//!
//! /// A sensor id, written `"s7"` as a key.
//! #[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
//! struct Sensor(u8);
//!
//! impl EncodeKey for Sensor {
//!     fn encode_key<W: Writer>(&self, w: &mut W) -> Result<()> {
//!         w.write_str(&format!("s{}", self.0))
//!     }
//! }
//! impl<'de> DecodeKey<'de> for Sensor {
//!     fn decode_key<R: Reader<'de>>(key: R::Key, r: &mut R) -> Result<Self> {
//!         let at = r.key_offset(key);
//!         r.key_str_with(key, |text| {
//!             text.strip_prefix('s').and_then(|n| n.parse().ok()).map(Sensor).ok_or_else(|| {
//!                 codec::Error::new(codec::ErrorKind::InvalidValue("not a sensor id".into()), at)
//!             })
//!         })
//!     }
//! }
//!
//! let m = BTreeMap::from([(Sensor(7), 1u8)]);
//! assert_eq!(codec::json::to_string(&m)?, r#"{"s7":1}"#);
//! assert_eq!(codec::json::from_str::<BTreeMap<Sensor, u8>>(r#"{"s7":1}"#)?, m);
//! # #[cfg(feature = "msgpack")]
//! assert_eq!(codec::msgpack::from_slice::<BTreeMap<Sensor, u8>>(&codec::msgpack::to_vec(&m)?)?, m);
//! # Ok::<(), codec::Error>(())
//! ```
//!
//! **Migrating** an impl written for codec's earlier traits, which had a method per format
//! (`encode_json`/`encode_msgpack`, `decode_json`/`decode_msgpack`, `encode_json_key`,
//! `decode_msgpack_key`, `encode_json_bytes`, ...): write the one generic method instead
//! (`encode`, `decode`, `encode_key`, `decode_key`, `decode_pair_key`, `encode_bytes`,
//! `decode_bytes`), one body over the `Writer`'s and `Reader`'s methods (which have the
//! formats' names).

#![cfg_attr(not(feature = "std"), no_std)]
// The docs are written for the default build and link its `io` functions; built without
// `std` they keep those names, unlinked.
#![cfg_attr(not(feature = "std"), allow(rustdoc::broken_intra_doc_links))]
#![deny(missing_docs)]

// Code compiled in both builds names `alloc` and `core` paths (`alloc::vec::Vec`,
// `core::fmt`), never `std`; `vec!` and `format!` come from here in both.
#[macro_use]
extern crate alloc;
// The unit tests run on std's harness in both builds; their std-only parts name `std`.
#[cfg(all(test, not(feature = "std")))]
extern crate std;

// The streams of MessagePack and CBOR (`binary_stream.rs`).
#[cfg(any(feature = "msgpack", feature = "cbor"))]
mod binary_stream;
#[cfg(any(feature = "msgpack", feature = "cbor"))]
mod bridge;
mod bytes;
#[cfg(feature = "cbor")]
pub mod cbor;
#[cfg(any(feature = "msgpack", feature = "cbor"))]
pub mod dynamic;
mod error;
mod impls;
// ---- non-finite floats ----
#[cfg(feature = "actix-web")]
pub mod actix_web;
#[cfg(feature = "axum")]
pub mod axum;
#[cfg(feature = "std")]
pub mod io;
pub mod json;
mod key_index;
#[cfg(feature = "msgpack")]
pub mod msgpack;
mod non_finite;
mod reader;
#[doc(hidden)]
pub mod refs;
#[cfg(feature = "reqwest")]
pub mod reqwest;
#[cfg(feature = "serde")]
pub mod serde;
mod sink;
#[cfg(feature = "sqlx")]
pub mod sqlx;
#[cfg(test)]
mod test_rng;
#[cfg(feature = "std")]
mod unix_time;
#[cfg(any(feature = "axum", feature = "actix-web"))]
pub mod web;
mod window;
pub mod with;
mod writer;

#[doc(hidden)]
pub mod __private;
// rustc names a trait in its errors by its shortest visible path: through this, an error
// about a field that cannot be flattened names `codec::DecodeFields`, not the private
// module (the traits stay undocumented and only generated code implements them).
#[doc(hidden)]
pub use __private::{DecodeFields, EncodeFields};

pub use bytes::{Bytes, DecodeBytes, EncodeBytes};
#[cfg(feature = "std")]
pub use error::IoError;
pub use error::{Error, ErrorKind, PathSegment, Result};
pub use reader::{DuplicateKeys, Reader};
#[doc(hidden)]
pub use reader::{ItemHead, ParsedNumber, ValueKind};
// ---- non-finite floats ----
pub use non_finite::NonFinite;
pub use writer::Writer;

/// Derives [`Encode`] and [`Decode`], and [`EncodeKey`] and [`DecodeKey`], from a struct
/// or enum definition. See the crate docs and README for the attributes.
///
/// An enum of unit variants is a string key (`{"Red": 1}`). A struct with named fields or
/// several tuple fields, and an enum with data, is a composite key
/// ([`EncodeKey::AS_PAIRS`]): a map keyed by it is `[[key, value], ...]` in JSON and keeps
/// the key's own value in MessagePack. Newtype, `transparent` and unit structs get no key
/// impls, so that one can be written by hand (an ID type written as its string).
///
/// # Integer and bool names
/// A variant's `rename` and `alias` may be an integer (any `i64` or `u64` value) or a
/// bool: a tag then is a JSON number or bool (a MessagePack int or bool), matched only by
/// a value of that kind, wherever the tag stands in the object. In the default (external)
/// representation a unit variant is the bare value, and a variant with content is
/// `{"2": ...}` in JSON (object keys are strings) and `{2: ...}` in MessagePack. As a map
/// key, the name is `"2"` in JSON and `2` in MessagePack. `#[codec(repr = "int")]` names
/// each variant of a unit-only enum by its discriminant, as rustc assigns it (explicit
/// literals, `#[repr(i8)]` negatives, implicit ones counting up), serde_repr's form;
/// `repr = "str"` is the default.
///
/// ```
/// use codec::Codec;
///
/// #[derive(Codec, Debug, PartialEq)]
/// #[codec(tag = "t", content = "c")]
/// enum Frame {
///     #[codec(rename = 0)]
///     Ping,
///     #[codec(rename = 1)]
///     Text(String),
/// }
///
/// #[derive(Codec, Debug, PartialEq)]
/// #[codec(repr = "int")]
/// #[repr(i8)]
/// enum Sign {
///     Minus = -1,
///     Zero,
///     Plus,
/// }
///
/// let f = Frame::Text("hi".into());
/// assert_eq!(codec::json::to_string(&f)?, r#"{"t":1,"c":"hi"}"#);
/// assert_eq!(codec::json::from_str::<Frame>(r#"{"c":"hi","t":1}"#)?, f);
/// assert_eq!(codec::json::to_string(&[Sign::Minus, Sign::Zero, Sign::Plus])?, "[-1,0,1]");
/// let err = codec::json::from_str::<Sign>("2").unwrap_err();
/// assert_eq!(err.to_string(), "unknown variant `2`, expected one of `-1`, `0`, `1` (line 1, column 1)");
/// # Ok::<(), codec::Error>(())
/// ```
pub use codec_derive::Codec;

/// A value that can be written in every supported format.
///
/// ```
/// use codec::Encode;
/// let mut w = codec::json::JsonWriter::new();
/// vec![1u8, 2].encode(&mut w)?;
/// assert_eq!(w.as_bytes(), b"[1,2]");
/// # #[cfg(feature = "msgpack")] {
/// let mut w = codec::msgpack::MsgpackWriter::new();
/// vec![1u8, 2].encode(&mut w)?;
/// assert_eq!(w.as_bytes(), b"\x92\x01\x02");
/// # }
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg_attr(
    not(feature = "std"),
    diagnostic::on_unimplemented(
        note = "this build of codec has no `std` feature, and std's types are `Encode` only with it: `HashMap`, `HashSet`, `SystemTime`, `Path`, `PathBuf`, `OsStr`, `OsString`, `Mutex`, `RwLock`; turn it on (`codec = {{ ..., features = [\"std\"] }}`), or in `no_std` use `BTreeMap` and `BTreeSet` (or, with the `indexmap` feature, `IndexMap` with a hasher of your own)"
    )
)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a codec type: it does not implement `Encode`",
    label = "`{Self}` does not implement `codec::Encode`",
    note = "add `#[derive(Codec)]` to `{Self}`; for a type that implements serde's traits only, mark the field `#[codec(with = \"codec::serde\")]` or give it the type `codec::serde::Compat<{Self}>` (feature `serde`); for another crate's type, `#[codec(with = \"my_module\")]` encodes and decodes it with functions you write"
)]
pub trait Encode {
    /// Writes `self` to `w`, in `w`'s format: one body for every format, monomorphized
    /// per writer (a format the program does not use is never compiled). The one method
    /// an impl writes.
    ///
    /// ```
    /// use codec::Encode;
    ///
    /// fn to_json<T: Encode>(v: &T) -> codec::Result<Vec<u8>> {
    ///     let mut w = codec::json::JsonWriter::new();
    ///     v.encode(&mut w)?;
    ///     Ok(w.into_inner())
    /// }
    /// assert_eq!(to_json(&(1u8, "a", [Some(2.5f64), None]))?, br#"[1,"a",[2.5,null]]"#);
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()>;
}

/// A value that can be read from every supported format, borrowing from input that lives
/// for `'de`.
///
/// ```
/// use codec::Decode;
/// let mut r = codec::json::JsonReader::new(b"[1, 2]");
/// assert_eq!(Vec::<u8>::decode(&mut r)?, vec![1, 2]);
/// # #[cfg(feature = "msgpack")] {
/// let mut r = codec::msgpack::MsgpackReader::new(b"\x92\x01\x02");
/// assert_eq!(Vec::<u8>::decode(&mut r)?, vec![1, 2]);
/// # }
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg_attr(
    not(feature = "std"),
    diagnostic::on_unimplemented(
        note = "this build of codec has no `std` feature, and std's types are `Decode` only with it: `HashMap`, `HashSet`, `SystemTime`, `Path`, `PathBuf`, `OsStr`, `OsString`, `Mutex`, `RwLock`; turn it on (`codec = {{ ..., features = [\"std\"] }}`), or in `no_std` use `BTreeMap` and `BTreeSet` (or, with the `indexmap` feature, `IndexMap` with a hasher of your own)"
    )
)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a codec type: it does not implement `Decode`",
    label = "`{Self}` does not implement `codec::Decode`",
    note = "add `#[derive(Codec)]` to `{Self}`; for a type that implements serde's traits only, mark the field `#[codec(with = \"codec::serde\")]` or give it the type `codec::serde::Compat<{Self}>` (feature `serde`); for another crate's type, `#[codec(with = \"my_module\")]` encodes and decodes it with functions you write"
)]
pub trait Decode<'de>: Sized {
    /// Reads one value from `r`, in whichever format `r` reads: one generic body for every
    /// format, monomorphized per reader. The one method an impl writes (with
    /// [`absent`](Self::absent) where an absent key has a meaning).
    ///
    /// ```
    /// use codec::Decode;
    /// let mut r = codec::json::JsonReader::new(b"[1, 2]");
    /// assert_eq!(Vec::<u8>::decode(&mut r)?, vec![1, 2]);
    /// # #[cfg(feature = "msgpack")] {
    /// let mut r = codec::msgpack::MsgpackReader::new(b"\x92\x01\x02");
    /// assert_eq!(Vec::<u8>::decode(&mut r)?, vec![1, 2]);
    /// # }
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self>;

    /// The value a struct field of this type takes when its key is absent, or `None` when
    /// an absent key is an error. `Option<T>` answers `Some(None)`.
    #[inline]
    fn absent() -> Option<Self> {
        None
    }
}

/// A [`Decode`] type that borrows nothing from the input.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be decoded from a reader: it does not implement `Decode`",
    label = "`{Self}` does not implement `codec::Decode`",
    note = "add `#[derive(Codec)]` to `{Self}`; for a type that implements serde's traits only, read it as `codec::serde::Compat<{Self}>` (feature `serde`)",
    note = "`from_reader`, `iter_values` and `iter_array` need `DecodeOwned`: their values cannot borrow from the buffer they reuse; a type that borrows (`&str`, `&[u8]` or `Cow` fields) is read from memory, with `from_slice`, `iter_values_slice` or `iter_array_slice`"
)]
pub trait DecodeOwned: for<'de> Decode<'de> {}
impl<T> DecodeOwned for T where T: for<'de> Decode<'de> {}

/// Both directions: what `#[derive(Codec)]` provides.
///
/// ```
/// fn round_trip<T: for<'de> codec::Codec<'de> + PartialEq + std::fmt::Debug>(v: T) {
///     let bytes = codec::json::to_vec(&v).unwrap();
///     assert_eq!(codec::json::from_slice::<T>(&bytes).unwrap(), v);
/// }
/// round_trip(vec![Some(1.5f64), None]);
/// ```
pub trait Codec<'de>: Encode + Decode<'de> {}
impl<'de, T: Encode + Decode<'de>> Codec<'de> for T {}

/// A type that can be a map key: written as a JSON string, and in MessagePack as itself
/// (an integer key is an integer there). A key with no string form (tuples, arrays, `Vec`,
/// derived structs and enums with data) sets [`AS_PAIRS`](Self::AS_PAIRS): its maps are
/// arrays of `[key, value]` pairs in JSON.
///
/// ```
/// use std::collections::BTreeMap;
/// let m = BTreeMap::from([(1u32, "a"), (20, "b")]);
/// assert_eq!(codec::json::to_string(&m)?, r#"{"1":"a","20":"b"}"#);
/// # #[cfg(feature = "msgpack")] {
/// assert_eq!(codec::msgpack::to_vec(&m)?, b"\x82\x01\xa1a\x14\xa1b");
/// # }
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg_attr(
    not(feature = "std"),
    diagnostic::on_unimplemented(
        note = "this build of codec has no `std` feature: `Path` and `PathBuf` are map keys only with it (`codec = {{ ..., features = [\"std\"] }}`)"
    )
)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a map key: it does not implement `EncodeKey`",
    label = "`{Self}` is not a codec map key",
    note = "map keys are strings (`String`, `&str`, `Cow<str>`, `Box<str>`, ...), integers, `bool`, `char`, types with a string form (`Uuid`, IP addresses, `PathBuf`, ...), `#[derive(Codec)]` enums of unit variants, and composite keys written as `[key, value]` pairs in JSON: tuples, arrays, `Vec`, and `#[derive(Codec)]` structs and enums with data",
    note = "a `#[derive(Codec)]` newtype or `transparent` struct is the key its field is (`struct UserId(u64)`); for a type of another crate, or a key with a text of its own, implement `EncodeKey` by hand"
)]
pub trait EncodeKey {
    // ---- maps with composite keys ----
    /// `true` for a key with no string form (a tuple, an array, a derived struct or enum
    /// with data): a map keyed by it is written in JSON as an array of `[key, value]`
    /// pairs, and [`encode_key`](Self::encode_key) writes the key as a JSON
    /// value. Read at compile time: a map of string-like keys pays nothing for it. Must
    /// equal [`DecodeKey::AS_PAIRS`] of the same type.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// let m = BTreeMap::from([((1u8, 2u8), "a")]);
    /// assert_eq!(codec::json::to_string(&m)?, r#"[[[1,2],"a"]]"#);
    /// # Ok::<(), codec::Error>(())
    /// ```
    const AS_PAIRS: bool = false;

    /// Writes `self` as a map key, in `w`'s format: one body for every format, as
    /// [`Encode::encode`]. The one method an impl writes. A key with a string form writes
    /// it with the writer's key methods ([`Writer::write_str`], `write_key_u64`, ...):
    /// quoted in JSON, typed in MessagePack. A key with [`AS_PAIRS`](Self::AS_PAIRS)
    /// writes itself as a value (the first element of a pair in JSON).
    ///
    /// ```
    /// use codec::EncodeKey;
    /// let mut w = codec::json::JsonWriter::new();
    /// 7u8.encode_key(&mut w)?;
    /// assert_eq!(w.as_bytes(), br#""7""#);
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn encode_key<W: Writer>(&self, w: &mut W) -> Result<()>;
}

/// A type that can be read from a map key.
///
/// ```
/// use std::collections::BTreeMap;
/// let m: BTreeMap<i8, bool> = codec::json::from_str(r#"{"-1": true}"#)?;
/// assert_eq!(m[&-1], true);
/// # #[cfg(feature = "msgpack")] {
/// let m: BTreeMap<i8, bool> = codec::msgpack::from_slice(b"\x81\xff\xc3")?;
/// assert_eq!(m[&-1], true);
/// # }
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg_attr(
    not(feature = "std"),
    diagnostic::on_unimplemented(
        note = "this build of codec has no `std` feature: `Path` and `PathBuf` are map keys only with it (`codec = {{ ..., features = [\"std\"] }}`)"
    )
)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a map key: it does not implement `DecodeKey`",
    label = "`{Self}` is not a codec map key",
    note = "map keys are strings (`String`, `&str`, `Cow<str>`, `Box<str>`, ...), integers, `bool`, `char`, types with a string form (`Uuid`, IP addresses, `PathBuf`, ...), `#[derive(Codec)]` enums of unit variants, and composite keys written as `[key, value]` pairs in JSON: tuples, arrays, `Vec`, and `#[derive(Codec)]` structs and enums with data",
    note = "a `#[derive(Codec)]` newtype or `transparent` struct is the key its field is (`struct UserId(u64)`); for a type of another crate, or a key with a text of its own, implement `DecodeKey` by hand"
)]
pub trait DecodeKey<'de>: Sized {
    // ---- maps with composite keys ----
    /// `true` for a key with no string form: see [`EncodeKey::AS_PAIRS`]. A map keyed by
    /// it is read in JSON from an array of `[key, value]` pairs, each key through
    /// [`decode_pair_key`](Self::decode_pair_key).
    const AS_PAIRS: bool = false;

    /// Converts the map key `key`, just read by `r`, into `Self`, in whichever format `r`
    /// reads: one generic body for every format, monomorphized per reader. The one method
    /// an impl writes (with [`decode_pair_key`](Self::decode_pair_key) when
    /// [`AS_PAIRS`](Self::AS_PAIRS)).
    ///
    /// ```
    /// use codec::{DecodeKey, Reader};
    /// let mut r = codec::json::JsonReader::new(br#"{"42": null}"#);
    /// let n = r.read_map(|_, _| Ok(0u8), |r, n, key| {
    ///     *n = u8::decode_key(key, r)?;
    ///     r.skip_value()
    /// })?;
    /// assert_eq!(n, 42);
    /// # Ok::<(), codec::Error>(())
    /// ```
    fn decode_key<R: Reader<'de>>(key: R::Key, r: &mut R) -> Result<Self>;

    /// Reads the key of a `[key, value]` pair, a value, when [`AS_PAIRS`](Self::AS_PAIRS)
    /// and the format reads such maps as pairs ([`Reader::COMPOSITE_KEYS_AS_PAIRS`]);
    /// never called otherwise. The default body returns an [`ErrorKind::InvalidValue`]
    /// error naming `Self`, at the reader's position.
    ///
    /// ```
    /// use codec::DecodeKey;
    /// let mut r = codec::json::JsonReader::new(b"[1, 2]");
    /// assert_eq!(<(u8, u8)>::decode_pair_key(&mut r)?, (1, 2));
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[cold]
    fn decode_pair_key<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        Err(reader::no_pair_key::<Self>(r.position()))
    }
}

/// The derive inside this crate (through `#[codec(crate = "crate")]`): with default
/// features it emits both formats; `cargo test -p codec --no-default-features --lib`
/// (run by CI) checks that its JSON-only output compiles against the JSON-only traits.
#[cfg(test)]
mod derive_tests {
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;

    use crate::Codec;

    #[derive(Codec, Debug, PartialEq)]
    #[codec(crate = "crate", rename_all = "camelCase")]
    struct Order {
        order_id: u64,
        lines: Vec<Line>,
        #[codec(default)]
        note: Option<String>,
        state: State,
    }

    #[derive(Codec, Debug, PartialEq)]
    #[codec(crate = "crate", tag = "kind")]
    enum Line {
        Item { sku: String, qty: u32 },
        Discount { percent: u8 },
    }

    #[derive(Codec, Debug, PartialEq, Eq, PartialOrd, Ord)]
    #[codec(crate = "crate")]
    enum State {
        Open,
        Shipped,
    }

    #[test]
    fn derived_json_round_trips() {
        let text = r#"{"orderId":7,"lines":[{"kind":"Item","sku":"a","qty":2},{"kind":"Discount","percent":5}],"state":"Open"}"#;
        let order: Order = crate::json::from_str(text).unwrap();
        assert_eq!(order.lines[1], Line::Discount { percent: 5 });
        assert_eq!(order.note, None);
        let back = crate::json::to_string(&order).unwrap();
        assert_eq!(crate::json::from_str::<Order>(&back).unwrap(), order);
        let by_state: alloc::collections::BTreeMap<State, u8> = crate::json::from_str(r#"{"Shipped":1}"#).unwrap();
        assert_eq!(by_state[&State::Shipped], 1);
        let err = crate::json::from_str::<Order>(r#"{"orderId":7,"lines":[{"kind":"Gift"}],"state":"Open"}"#);
        assert!(err.unwrap_err().to_string().contains("Gift"));
    }

    #[cfg(feature = "msgpack")]
    #[test]
    fn derived_msgpack_round_trips() {
        let order = Order {
            order_id: 1,
            lines: vec![Line::Item { sku: "b".into(), qty: 1 }],
            note: None,
            state: State::Shipped,
        };
        let packed = crate::msgpack::to_vec(&order).unwrap();
        assert_eq!(crate::msgpack::from_slice::<Order>(&packed).unwrap(), order);
    }
}
