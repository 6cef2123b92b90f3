//! CBOR (RFC 8949): the third format of the same derive. Entry points, options, and the
//! reader and writer that impls drive.
//!
//! Every type that derives [`Codec`](crate::Codec) or has a std impl encodes and decodes
//! here too, with the same attributes, through its one generic body: structs are maps
//! keyed by field name (text strings), enums use the same representations as in JSON,
//! `Option::None` is `null`, and strings and `#[codec(bytes)]` fields borrow from the
//! input.
//!
//! ```
//! #[derive(codec::Codec, Debug, PartialEq)]
//! struct Point<'a> { x: i32, label: &'a str }
//!
//! let p = Point { x: -2, label: "a" };
//! let bytes = codec::cbor::to_vec(&p)?;
//! // map(2), "x", -2, "label", "a"
//! assert_eq!(bytes, b"\xa2\x61x\x21\x65label\x61a");
//! let back: Point = codec::cbor::from_slice(&bytes)?;
//! assert_eq!(back, p);
//! # Ok::<(), codec::Error>(())
//! ```
//!
//! ## Encoding
//! Preferred serialization (RFC 8949 section 4.2.1) always: every head (integer, length,
//! tag) in its shortest form, definite lengths only, floats as the shortest of half,
//! single and double that holds the value exactly (NaN as the half `0xf97e00`). `u128`
//! and `i128` beyond the 64 bits of major types 0 and 1 are bignums (tags 2 and 3);
//! [`Bytes`](crate::Bytes) and `#[codec(bytes)]` fields are byte strings; `None`, `()`
//! and unit structs are `null`; maps are maps whose keys keep their own type (an integer
//! key is an integer). Instants (`SystemTime`, and chrono's, jiff's and time's UTC
//! instants) are tag 1 with the seconds since the epoch: an integer for a whole second, a
//! double otherwise (which rounds below the microsecond for today's dates; JSON and
//! MessagePack keep every nanosecond). [`EncodeOptions::deterministic`] also sorts every
//! map's entries by their encoded keys (RFC 8949 section 4.2.1's deterministic encoding).
//!
//! ## Decoding
//! Definite and indefinite lengths: an indefinite string's chunks must be definite
//! strings of its major type (each one UTF-8, for text), and are joined into an owned
//! value (`String`, `Cow::Owned`): reading one as `&str` or `&[u8]` is an error, since
//! its bytes lie apart in the input. Integer targets accept major types 0 and 1 and
//! bignums whose value fits; `f32`/`f64` accept half, single and double floats and
//! integers. Every length is checked against the bytes left before anything is read or
//! allocated, and a collection reserves room ahead only as far as the input can back its
//! head (the rule of `MsgpackReader::capacity_for`,
//! [`CborReader::capacity_for`] here). The [`Options`] limits (nesting depth, length of
//! one string, duplicate keys, trailing bytes) and the errors (what, byte offset, path)
//! are those of the other formats.
//!
//! Tags (major type 6): the self-described tag 55799 is skipped wherever it stands, and
//! so is any tag a typed decode gives no meaning to (the value it tags is read as if
//! untagged, as ciborium's serde mode does: a type's shape says what it expects, and a
//! producer's tags such as 32 (URI) or 37 (UUID) only qualify a value the type already
//! takes). The tags given a meaning: 2 and 3 (bignums) where an integer or float is read,
//! 0 (RFC 3339 text) and 1 (epoch seconds) where an instant is. Simple values: `false`,
//! `true`, `null`, and `undefined`, which reads as `null` wherever `null` is accepted
//! (an `Option`, `()`); any other simple value is a type error, and a malformed item
//! (reserved additional information 28 to 30, a break outside an indefinite item, a
//! two-byte simple value below 32) an error at its offset.
//!
//! The serde bridge (`codec::serde`, feature `serde`), one `Serializer` and one
//! `Deserializer` over any format, writes and reads CBOR too (an indefinite-length array
//! or map is counted ahead for the deserializer).
//!
//! ## Streams
//! [`from_reader`] decodes one item from an [`std::io::Read`] (or any
//! [`Source`](crate::io::Source)), [`iter_values`] the items of a CBOR sequence (RFC 8742:
//! items concatenated) one at a time, and [`iter_values_slice`] those of bytes in memory
//! (its items may borrow from them); [`write_values`] writes a sequence. The async forms
//! (`iter_values_async`, `from_async_reader`, `write_values_async`) come with the `tokio`
//! and `futures-io` features. The machinery is MessagePack's: the same rules, errors
//! (with the stream offset and the item's index) and limits.
//!
//! ## Shared references
//! With [`EncodeOptions::preserve_refs`] and [`Options::preserve_refs`], an `Rc`/`Arc`
//! met twice is written once and read back shared, in CBOR's value-sharing tags: tag 28
//! ([`SHAREABLE_TAG`]) before the first occurrence, tag 29 ([`SHARED_REF_TAG`]) on the
//! index of the shareable value at every later one, as Python's cbor2 writes and reads
//! them with `value_sharing=True` (see [`EncodeOptions::preserve_refs`]).
//!
//! ## Dynamic values
//! [`Value`] holds any CBOR data item as it is: integers over the whole range of major
//! types 0 and 1 (−2^64 to 2^64−1), byte and text strings, arrays, maps with keys of any
//! kind in input order, every tag (bignums included) around its content, floats,
//! `undefined` and the other simple values; it is written back in preferred
//! serialization (see [`value`] for the type table, equality, its forms in the other
//! formats and the conversions with [`json::Value`](crate::json::Value)).

mod deterministic;
mod half;
pub(crate) mod reader;
mod tag;
mod time;
mod writer;
// ---- shared references: the value-sharing tags (see `refs.rs`) ----
mod refs;
pub use refs::{SHAREABLE_TAG, SHARED_REF_TAG};
// ---- streams: from `io::Read`, CBOR sequences, async (see `stream.rs`) ----
mod stream;
#[cfg(feature = "async")]
pub use stream::{
    from_async_reader, from_async_reader_with, iter_values_async, iter_values_async_with, write_values_async,
    write_values_async_with, ValueStream,
};
#[cfg(feature = "std")]
pub use stream::{
    from_reader, from_reader_with, iter_values, iter_values_with, write_values, write_values_with, ValueIter,
};
pub use stream::{iter_values_slice, iter_values_slice_with, SliceValueIter};

pub use reader::{CborReader, Checkpoint, Key, Kind, INDEFINITE, SELF_DESCRIBED_TAG};
pub use writer::CborWriter;

pub use crate::reader::DuplicateKeys;
pub use crate::NonFinite;

// ---- the CBOR value type (see `value.rs`) ----
pub mod value;
pub use crate::dynamic::MapKey;
pub use value::{Integer, Map, Value};

use alloc::vec::Vec;

use crate::error::Result;
use crate::{Decode, Encode};

/// Decoding limits and policies, as the other formats': nesting depth 128, strings and
/// byte strings up to 64 MiB, a duplicate key an error, nothing after the value.
///
/// ```
/// use codec::cbor::{from_slice_with, Options};
/// let err = from_slice_with::<Vec<Vec<u8>>>(b"\x81\x81\x01", &Options::new().max_depth(1)).unwrap_err();
/// assert_eq!(err.kind(), &codec::ErrorKind::DepthLimit(1));
/// ```
#[derive(Debug, Clone)]
pub struct Options {
    pub(crate) max_depth: usize,
    pub(crate) max_len: usize,
    pub(crate) duplicate_keys: DuplicateKeys,
    pub(crate) allow_trailing: bool,
    pub(crate) non_finite: NonFinite,
    // ---- streams (see `stream.rs`) ----
    pub(crate) buffer_size: usize,
    pub(crate) max_value_len: usize,
    // ---- shared references (see `refs.rs`) ----
    pub(crate) preserve_refs: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_depth: 128,
            max_len: 64 << 20,
            duplicate_keys: DuplicateKeys::Error,
            allow_trailing: false,
            non_finite: NonFinite::Error,
            // ---- streams ----
            buffer_size: crate::window::DEFAULT_BUFFER_SIZE,
            max_value_len: crate::window::DEFAULT_MAX_VALUE_LEN,
            // ---- shared references ----
            preserve_refs: false,
        }
    }
}

impl Options {
    /// The defaults.
    ///
    /// ```
    /// let _ = codec::cbor::Options::new();
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// How deep arrays and maps may nest (default 128).
    ///
    /// ```
    /// let _ = codec::cbor::Options::new().max_depth(16);
    /// ```
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = depth;
        self
    }

    /// The longest text or byte string, in bytes (default 64 MiB; an indefinite one's
    /// chunks together).
    ///
    /// ```
    /// let opts = codec::cbor::Options::new().max_string_len(2);
    /// assert!(codec::cbor::from_slice_with::<String>(b"\x63abc", &opts).is_err());
    /// ```
    pub fn max_string_len(mut self, bytes: usize) -> Self {
        self.max_len = bytes;
        self
    }

    /// What a key met twice in one map does (default: an error).
    ///
    /// ```
    /// use codec::cbor::{from_slice_with, DuplicateKeys, Options};
    /// use std::collections::BTreeMap;
    /// let opts = Options::new().duplicate_keys(DuplicateKeys::KeepLast);
    /// let m: BTreeMap<u8, u8> = from_slice_with(b"\xa2\x01\x02\x01\x03", &opts)?;
    /// assert_eq!(m[&1], 3);
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn duplicate_keys(mut self, policy: DuplicateKeys) -> Self {
        self.duplicate_keys = policy;
        self
    }

    /// What a float accepts besides numbers (`null`, or the strings `"NaN"`, ...: data
    /// carried over from JSON; default: numbers only).
    ///
    /// ```
    /// use codec::cbor::{from_slice_with, Options};
    /// let opts = Options::new().non_finite(codec::NonFinite::Null);
    /// assert!(from_slice_with::<f64>(b"\xf6", &opts)?.is_nan());
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn non_finite(mut self, policy: NonFinite) -> Self {
        self.non_finite = policy;
        self
    }

    /// Whether bytes may follow the value (default: an error).
    ///
    /// ```
    /// use codec::cbor::{from_slice_with, Options};
    /// assert_eq!(from_slice_with::<u8>(b"\x01\x02", &Options::new().allow_trailing(true))?, 1);
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn allow_trailing(mut self, allow: bool) -> Self {
        self.allow_trailing = allow;
        self
    }

    // ---- streams ----

    /// Size in bytes of the read buffer of [`iter_values`], and of [`from_reader`] with
    /// [`allow_trailing`](Self::allow_trailing) (64 KiB by default; at least 1). An item
    /// larger than the buffer still decodes: the buffer doubles up to
    /// [`max_value_len`](Self::max_value_len).
    ///
    /// ```
    /// let tiny = codec::cbor::Options::new().buffer_size(2);
    /// let mut it = codec::cbor::iter_values_with::<String, _>(&b"\x65hello"[..], &tiny);
    /// assert_eq!(it.next().unwrap()?, "hello");
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn buffer_size(self, bytes: usize) -> Self {
        Options { buffer_size: bytes.max(1), ..self }
    }

    /// Maximum length in bytes of one item read from a stream (64 MiB by default); a
    /// longer one is a [`SizeLimit`](crate::ErrorKind::SizeLimit) error.
    ///
    /// ```
    /// let small = codec::cbor::Options::new().max_value_len(4);
    /// let err = codec::cbor::from_reader_with::<String>(&b"\x65hello"[..], &small).unwrap_err();
    /// assert!(matches!(err.kind(), codec::ErrorKind::SizeLimit(_)));
    /// ```
    pub fn max_value_len(self, bytes: usize) -> Self {
        Options { max_value_len: bytes, ..self }
    }

    // ---- shared references ----

    /// Reads the value-sharing tags that [`EncodeOptions::preserve_refs`] (or cbor2's
    /// `value_sharing=True`) writes and rebuilds the sharing they describe, into `Rc`,
    /// `Arc` and their `Weak`s (off by default: the tags are then skipped, as other tags
    /// without a meaning are). The errors are JSON's
    /// ([`json::Options::preserve_refs`](crate::json::Options::preserve_refs)): a
    /// reference to an index no shareable value before it has, a strong cycle, and,
    /// CBOR's own, a reference where a type that is no pointer is read.
    ///
    /// ```
    /// use std::rc::Rc;
    /// let opts = codec::cbor::Options::new().preserve_refs(true);
    /// // [28("a"), 29(0)]
    /// let v: Vec<Rc<String>> = codec::cbor::from_slice_with(b"\x82\xd8\x1c\x61a\xd8\x1d\x00", &opts)?;
    /// assert!(Rc::ptr_eq(&v[0], &v[1]));
    /// let err = codec::cbor::from_slice_with::<Vec<Rc<String>>>(b"\x81\xd8\x1d\x03", &opts).unwrap_err();
    /// assert_eq!(err.to_string(), "invalid value: reference to id 3, which nothing before it defines at [0] (byte 1)");
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn preserve_refs(self, on: bool) -> Self {
        Options { preserve_refs: on, ..self }
    }
}

/// Decodes a `T` from CBOR, with the default [`Options`].
///
/// ```
/// let v: Vec<u32> = codec::cbor::from_slice(b"\x83\x01\x02\x03")?;
/// assert_eq!(v, [1, 2, 3]);
/// let err = codec::cbor::from_slice::<Vec<u32>>(b"\x82\x01\x61x").unwrap_err();
/// assert_eq!(err.to_string(), "invalid type: expected u32, found string at [1] (byte 2)");
/// # Ok::<(), codec::Error>(())
/// ```
pub fn from_slice<'de, T: Decode<'de>>(input: &'de [u8]) -> Result<T> {
    from_slice_with(input, &Options::default())
}

/// Decodes a `T` from CBOR with the given [`Options`].
///
/// ```
/// use codec::cbor::{from_slice_with, Options};
/// assert!(from_slice_with::<String>(b"\x63abc", &Options::new().max_string_len(2)).is_err());
/// ```
pub fn from_slice_with<'de, T: Decode<'de>>(input: &'de [u8], options: &Options) -> Result<T> {
    let mut reader = CborReader::with_options(input, options);
    let result = match T::decode(&mut reader) {
        Ok(v) if options.allow_trailing => Ok(v),
        Ok(v) => reader.end().map(|()| v),
        Err(e) => Err(e),
    };
    result.map_err(|e| reader::input_fault_first(e.or_at(reader.position()), input, options, !options.allow_trailing))
}

/// Encoding options: [`deterministic`](Self::deterministic) order.
///
/// ```
/// let opts = codec::cbor::EncodeOptions::new().deterministic(true);
/// let _ = codec::cbor::to_vec_with(&1u8, &opts)?;
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct EncodeOptions {
    pub(crate) non_finite: NonFinite,
    pub(crate) deterministic: bool,
    // ---- shared references (see `refs.rs`) ----
    pub(crate) preserve_refs: bool,
}

impl EncodeOptions {
    /// The defaults: preferred serialization, entries in the order the value gives them.
    ///
    /// ```
    /// let _ = codec::cbor::EncodeOptions::new();
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Accepted for symmetry with the other formats: CBOR floats hold NaN and the
    /// infinities, so every policy writes them as they are.
    ///
    /// ```
    /// let opts = codec::cbor::EncodeOptions::new().non_finite(codec::NonFinite::Null);
    /// assert_eq!(codec::cbor::to_vec_with(&f64::INFINITY, &opts)?, b"\xf9\x7c\x00");
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn non_finite(mut self, policy: NonFinite) -> Self {
        self.non_finite = policy;
        self
    }

    /// Deterministic encoding (RFC 8949 section 4.2.1): besides preferred serialization,
    /// every map's entries (struct members included) sorted by the bytewise order of
    /// their encoded keys. Costs a second pass over the output.
    ///
    /// ```
    /// use std::collections::HashMap;
    /// let m = HashMap::from([(10u32, 1u8), (1, 2), (100, 3)]);
    /// let opts = codec::cbor::EncodeOptions::new().deterministic(true);
    /// assert_eq!(codec::cbor::to_vec_with(&m, &opts)?, b"\xa3\x01\x02\x0a\x01\x18\x64\x03");
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn deterministic(mut self, on: bool) -> Self {
        self.deterministic = on;
        self
    }

    // ---- shared references ----

    /// Writes each `Rc`/`Arc` allocation once, in CBOR's value-sharing tags
    /// (<http://cbor.schmorp.de/value-sharing>): the first occurrence as tag 28
    /// ([`SHAREABLE_TAG`], "shareable") on the value, every later one, and every `Weak` to
    /// it, as tag 29 ([`SHARED_REF_TAG`], "sharedref") on the index of that shareable
    /// value (an unsigned integer, counting the tags 28 of the document from 0); a `Weak`
    /// whose target is gone is `null`. Decoding with [`Options::preserve_refs`] rebuilds
    /// the sharing, and so does Python's cbor2 (which writes the same with
    /// `value_sharing=True`, marking every array and map shareable). Otherwise as in JSON
    /// ([`json::EncodeOptions::preserve_refs`](crate::json::EncodeOptions::preserve_refs)).
    /// Not with [`deterministic`](Self::deterministic) order, which could move a reference
    /// ahead of its value: encoding with both is an error.
    ///
    /// ```
    /// use std::rc::Rc;
    /// let s = Rc::new(String::from("a"));
    /// let opts = codec::cbor::EncodeOptions::new().preserve_refs(true);
    /// let bytes = codec::cbor::to_vec_with(&vec![Rc::clone(&s), s], &opts)?;
    /// // [28("a"), 29(0)]
    /// assert_eq!(bytes, b"\x82\xd8\x1c\x61a\xd8\x1d\x00");
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn preserve_refs(self, on: bool) -> Self {
        EncodeOptions { preserve_refs: on, ..self }
    }
}

/// Encodes `value` as CBOR, with the given [`EncodeOptions`].
///
/// ```
/// let opts = codec::cbor::EncodeOptions::new();
/// assert_eq!(codec::cbor::to_vec_with(&(1u8, "a"), &opts)?, b"\x82\x01\x61a");
/// # Ok::<(), codec::Error>(())
/// ```
pub fn to_vec_with<T: Encode + ?Sized>(value: &T, options: &EncodeOptions) -> Result<Vec<u8>> {
    // The options conflict, before any encoding.
    if options.deterministic && options.preserve_refs {
        return Err(crate::Error::custom(
            "CBOR's deterministic order and preserve_refs together: sorting could move a reference ahead of its value",
        ));
    }
    let mut w = CborWriter::with_capacity(128);
    w.set_options(options);
    value.encode(&mut w)?;
    let bytes = w.into_inner();
    if !options.deterministic {
        return Ok(bytes);
    }
    let mut sorted = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        at += deterministic::sort_maps(&bytes[at..], &mut sorted);
    }
    Ok(sorted)
}

/// Encodes `value` as CBOR.
///
/// ```
/// assert_eq!(codec::cbor::to_vec(&[1.5f64, 100000.0])?, b"\x82\xf9\x3e\x00\xfa\x47\xc3\x50\x00");
/// # Ok::<(), codec::Error>(())
/// ```
pub fn to_vec<T: Encode + ?Sized>(value: &T) -> Result<Vec<u8>> {
    let mut w = CborWriter::with_capacity(128);
    value.encode(&mut w)?;
    Ok(w.into_inner())
}

/// Encodes `value` as CBOR into an `io::Write`, through a fixed 64 KiB buffer.
///
/// ```
/// let mut out = Vec::new();
/// codec::cbor::to_writer(&mut out, &Some(true))?;
/// assert_eq!(out, [0xf5]);
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "std")]
pub fn to_writer<W: std::io::Write, T: Encode + ?Sized>(out: W, value: &T) -> Result<()> {
    to_writer_with(out, value, &EncodeOptions::default())
}

/// [`to_writer`] with [`EncodeOptions`] (a deterministic document is made in memory
/// first, to be sorted).
///
/// ```
/// let mut out = Vec::new();
/// codec::cbor::to_writer_with(&mut out, &1u8, &codec::cbor::EncodeOptions::new().deterministic(true))?;
/// assert_eq!(out, [0x01]);
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "std")]
pub fn to_writer_with<W: std::io::Write, T: Encode + ?Sized>(out: W, value: &T, options: &EncodeOptions) -> Result<()> {
    // A sequence of one item (a deterministic one sorted in memory first).
    write_values_with(out, [value], options)
}
