//! MessagePack: the second format of the same derive. Entry points, options, and the
//! reader and writer that impls drive.
//!
//! Every type that derives [`Codec`](crate::Codec) or has a std impl encodes and decodes
//! here too, with the same attributes. Structs are maps keyed by field name (or, with
//! `#[codec(msgpack(struct_as_array))]`, arrays by position), enums use the same
//! representations as in JSON, `Option::None` is nil, and strings and `#[codec(bytes)]`
//! fields borrow from the input.
//!
//! ```
//! #[derive(codec::Codec, Debug, PartialEq)]
//! struct Point<'a> { x: i32, label: &'a str }
//!
//! let p = Point { x: -2, label: "a" };
//! let bytes = codec::msgpack::to_vec(&p)?;
//! // fixmap(2), fixstr "x", negative fixint -2, fixstr "label", fixstr "a"
//! assert_eq!(bytes, b"\x82\xa1x\xfe\xa5label\xa1a");
//! let back: Point = codec::msgpack::from_slice(&bytes)?;
//! assert_eq!(back, p);
//! # Ok::<(), codec::Error>(())
//! ```
//!
//! ## Encoding
//! Integers take the smallest form the spec allows (`u128`/`i128` beyond 64 bits are a
//! 16-byte big-endian bin, as rmp-serde writes them); `f32` is float 32 and `f64` float 64;
//! strings are str; [`Bytes`](crate::Bytes) and `#[codec(bytes)]` fields are bin; `None`,
//! `()` and unit structs are nil; sequences, tuples and sets are arrays; maps are maps whose
//! keys keep their own type (an integer key is an integer, not a string);
//! `std::time::SystemTime` is the timestamp extension (type -1, see [`Timestamp`]); other
//! extension types are read and written through [`Ext`], or by hand with
//! [`MsgpackReader::read_ext`] and [`MsgpackWriter::write_ext`].
//!
//! [`to_vec`] builds the encoding in memory; [`to_writer`] streams it into an `io::Write`
//! through a fixed 64 KiB buffer, and [`write_values`] writes a stream of concatenated
//! values from an iterator the same way.
//!
//! ## Decoding
//! Integer targets accept every integer format whose value fits (a float is a type error,
//! as `1.0` is in JSON); `f32`/`f64` accept floats and integers. Every length prefix is
//! checked against the bytes left before anything is read or allocated; a str must be
//! UTF-8. A collection reserves room ahead of its elements only as far as the input can
//! back its header, and all such reservations of a document together stay under 8 bytes
//! per input byte ([`MsgpackReader::capacity_for`]): nested headers cannot make the
//! decoder request much more memory than the input it has read. The [`Options`] limits
//! (nesting depth, length of one str/bin/ext, duplicate keys, trailing bytes) and the
//! error type and paths are those of JSON.
//!
//! ## Dynamic values
//! [`Value`] holds any MessagePack document losslessly: integers over the whole `u64` and
//! `i64` range, float 32 apart from float 64, str, bin, arrays, maps with keys of any type
//! in input order, extensions and timestamps; decoding then encoding gives back the same
//! value (see [`value`] for the type table, equality, its JSON form and the conversions
//! with [`json::Value`](crate::json::Value), which keeps only what JSON can say).
//!
//! ## Streams
//! [`from_reader`] decodes one value from an [`std::io::Read`] (or any
//! [`Source`](crate::io::Source)), [`iter_values`] the concatenated values of a stream,
//! one at a time, and [`iter_values_slice`] those of bytes in memory (its values may
//! borrow from them). Errors carry the stream offset and the value's index.

pub(crate) mod ext;
pub(crate) mod reader;
pub(crate) mod refs;
mod tag;
mod writer;

pub use ext::{Ext, Timestamp, TIMESTAMP_EXT};
pub use reader::{Checkpoint, Key, Kind, MsgpackReader};
pub use refs::REF_EXT_TYPE;
pub use writer::MsgpackWriter;

// ---- streams: reading from `io::Read`, concatenated values (see `stream.rs`) ----
mod stream;
#[cfg(feature = "std")]
pub use stream::{
    from_reader, from_reader_with, iter_values, iter_values_with, write_values, write_values_with, ValueIter,
};
pub use stream::{iter_values_slice, iter_values_slice_with, SliceValueIter};
// ---- async streams: the same over tokio's or futures' readers and writers ----
#[cfg(feature = "async")]
pub use stream::{
    from_async_reader, from_async_reader_with, iter_values_async, iter_values_async_with, write_values_async,
    write_values_async_with, ValueStream,
};

pub use crate::reader::DuplicateKeys;
// ---- non-finite floats ----
pub use crate::NonFinite;

// ---- the MessagePack value type (see `value.rs`) ----
pub mod value;
pub use value::{Integer, Map, MapKey, Value};

use alloc::vec::Vec;

use crate::error::Result;
#[cfg(feature = "std")]
use crate::sink::{IoSink, DEFAULT_BUFFER};
use crate::{Decode, Encode};

/// Limits and policies for decoding MessagePack; the defaults are the safe ones and match
/// JSON's.
///
/// ```
/// use codec::msgpack::{from_slice_with, DuplicateKeys, Options};
/// use std::collections::BTreeMap;
///
/// // [[[[]]]]: four nested arrays.
/// let deep = Options::new().max_depth(3);
/// let err = from_slice_with::<Vec<Vec<Vec<Vec<u8>>>>>(b"\x91\x91\x91\x90", &deep).unwrap_err();
/// assert!(err.to_string().starts_with("nesting deeper than the limit of 3"));
///
/// // {"a": 1, "a": 2}
/// let last = Options::new().duplicate_keys(DuplicateKeys::KeepLast);
/// let m: BTreeMap<String, u8> = from_slice_with(b"\x82\xa1a\x01\xa1a\x02", &last)?;
/// assert_eq!(m["a"], 2);
///
/// let stream = Options::new().allow_trailing(true);
/// assert_eq!(from_slice_with::<u8>(b"\x01\x02", &stream)?, 1);
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Options {
    pub(crate) max_depth: usize,
    pub(crate) max_len: usize,
    pub(crate) duplicate_keys: DuplicateKeys,
    pub(crate) allow_trailing: bool,
    // ---- non-finite floats ----
    pub(crate) non_finite: NonFinite,
    // ---- streams (see `stream.rs`) ----
    pub(crate) buffer_size: usize,
    pub(crate) max_value_len: usize,
    // ---- shared references (see `impls/shared_refs.rs`) ----
    pub(crate) preserve_refs: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_depth: 128,
            max_len: 64 << 20,
            duplicate_keys: DuplicateKeys::Error,
            allow_trailing: false,
            // ---- non-finite floats ----
            non_finite: NonFinite::Error,
            buffer_size: crate::window::DEFAULT_BUFFER_SIZE,
            max_value_len: crate::window::DEFAULT_MAX_VALUE_LEN,
            preserve_refs: false,
        }
    }
}

impl Options {
    /// The defaults: nesting depth 128, one str, bin or ext payload up to 64 MiB, duplicate
    /// keys an error, nothing after the value.
    ///
    /// ```
    /// let o = codec::msgpack::Options::new();
    /// assert_eq!(codec::msgpack::from_slice_with::<bool>(b"\xc3", &o)?, true);
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Maximum nesting of arrays and maps, also while skipping unknown values. The same
    /// number bounds, in a count of their own, the derived newtype structs and untagged
    /// enums open around a value (see [`MsgpackReader::nested`]): a type can recurse
    /// through them without opening an array or map.
    ///
    /// ```
    /// let o = codec::msgpack::Options::new().max_depth(1);
    /// assert!(codec::msgpack::from_slice_with::<Vec<Vec<u8>>>(b"\x91\x90", &o).is_err());
    /// ```
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = depth;
        self
    }

    /// Maximum length in bytes of one str, bin or ext payload (map keys included).
    ///
    /// ```
    /// let o = codec::msgpack::Options::new().max_string_len(2);
    /// assert!(codec::msgpack::from_slice_with::<String>(b"\xa3abc", &o).is_err());
    /// ```
    pub fn max_string_len(mut self, bytes: usize) -> Self {
        self.max_len = bytes;
        self
    }

    /// What a key seen twice in one map does (maps, `Value` objects and struct fields).
    ///
    /// ```
    /// use codec::msgpack::{DuplicateKeys, Options};
    /// let o = Options::new().duplicate_keys(DuplicateKeys::KeepFirst);
    /// let m: std::collections::BTreeMap<u8, u8> = codec::msgpack::from_slice_with(b"\x82\x01\x01\x01\x02", &o)?;
    /// assert_eq!(m[&1], 1);
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn duplicate_keys(mut self, policy: DuplicateKeys) -> Self {
        self.duplicate_keys = policy;
        self
    }

    // ---- non-finite floats ----

    /// What a float accepts besides MessagePack numbers, for data carried over from JSON:
    /// under [`NonFinite::Null`], nil (read as NaN); under [`NonFinite::Strings`], the strs
    /// `"NaN"`, `"Infinity"` and `"-Infinity"`; under [`NonFinite::Error`] (the default),
    /// nothing. (MessagePack floats hold NaN and the infinities themselves, and always
    /// read.)
    ///
    /// ```
    /// use codec::msgpack::{from_slice_with, Options};
    /// use codec::NonFinite;
    /// let o = Options::new().non_finite(NonFinite::Null);
    /// assert!(from_slice_with::<f64>(b"\xc0", &o)?.is_nan());
    /// assert!(codec::msgpack::from_slice::<f64>(b"\xc0").is_err());
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn non_finite(mut self, policy: NonFinite) -> Self {
        self.non_finite = policy;
        self
    }

    /// Whether bytes may follow the value (for a stream of values); by default none may.
    ///
    /// ```
    /// let o = codec::msgpack::Options::new().allow_trailing(true);
    /// assert_eq!(codec::msgpack::from_slice_with::<u8>(b"\x07\xc0", &o)?, 7);
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn allow_trailing(mut self, allow: bool) -> Self {
        self.allow_trailing = allow;
        self
    }

    // ---- streams ----

    /// Size in bytes of the read buffer of [`iter_values`], and of [`from_reader`] with
    /// [`allow_trailing`](Self::allow_trailing) (64 KiB by default; at least 1). A value
    /// larger than the buffer still decodes: the buffer doubles up to
    /// [`max_value_len`](Self::max_value_len).
    ///
    /// ```
    /// let tiny = codec::msgpack::Options::new().buffer_size(2);
    /// let mut it = codec::msgpack::iter_values_with::<String, _>(&b"\xa5hello"[..], &tiny);
    /// assert_eq!(it.next().unwrap()?, "hello");
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn buffer_size(mut self, bytes: usize) -> Self {
        self.buffer_size = bytes.max(1);
        self
    }

    /// Maximum length in bytes of one value read from a stream (64 MiB by default); a
    /// longer one is a [`SizeLimit`](crate::ErrorKind::SizeLimit) error.
    ///
    /// ```
    /// let small = codec::msgpack::Options::new().max_value_len(4);
    /// let err = codec::msgpack::from_reader_with::<String>(&b"\xa5hello"[..], &small).unwrap_err();
    /// assert!(matches!(err.kind(), codec::ErrorKind::SizeLimit(_)));
    /// ```
    pub fn max_value_len(mut self, bytes: usize) -> Self {
        self.max_value_len = bytes;
        self
    }

    // ---- shared references ----

    /// Reads the ids and references that [`EncodeOptions::preserve_refs`] writes and
    /// rebuilds the sharing they describe (off by default). The same errors as JSON's
    /// ([`json::Options::preserve_refs`](crate::json::Options::preserve_refs)).
    ///
    /// ```
    /// use std::rc::Rc;
    /// let opts = codec::msgpack::Options::new().preserve_refs(true);
    /// let bytes = b"\x92\x92\xd6\x52\0\0\0\x01\xa1a\xd6\x52\0\0\0\x01";
    /// let v: Vec<Rc<String>> = codec::msgpack::from_slice_with(bytes, &opts)?;
    /// assert!(Rc::ptr_eq(&v[0], &v[1]));
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn preserve_refs(mut self, on: bool) -> Self {
        self.preserve_refs = on;
        self
    }
}

/// Decodes a `T` from MessagePack bytes; `&'de str`, `&'de [u8]` (with `#[codec(bytes)]`)
/// and [`Bytes`](crate::Bytes) borrow from `input`.
///
/// ```
/// let v: Vec<Option<&str>> = codec::msgpack::from_slice(b"\x92\xa2hi\xc0")?;
/// assert_eq!(v, [Some("hi"), None]);
/// # Ok::<(), codec::Error>(())
/// ```
pub fn from_slice<'de, T: Decode<'de>>(input: &'de [u8]) -> Result<T> {
    from_slice_with(input, &Options::default())
}

/// Decodes with explicit [`Options`]. Errors carry the byte offset (there are no lines in
/// binary input) and the path to the failing value.
///
/// ```
/// #[derive(codec::Codec, Debug)]
/// struct S { id: u8 }
/// // {"id": 300}
/// let err = codec::msgpack::from_slice_with::<S>(b"\x81\xa2id\xcd\x01\x2c", &Default::default()).unwrap_err();
/// assert_eq!(err.to_string(), "number out of range: 300 does not fit in u8 at .id (byte 4)");
/// ```
pub fn from_slice_with<'de, T: Decode<'de>>(input: &'de [u8], options: &Options) -> Result<T> {
    let mut reader = MsgpackReader::with_options(input, options);
    let result = match T::decode(&mut reader) {
        Ok(v) if options.allow_trailing => Ok(v),
        Ok(v) => reader.end().map(|()| v),
        Err(e) => Err(e),
    };
    result.map_err(|e| reader::input_fault_first(e.or_at(reader.position()), input, options, !options.allow_trailing))
}

/// How values are encoded: the encoding counterpart of [`Options`], taken by
/// [`to_vec_with`] and [`to_writer_with`]. The defaults write exactly what [`to_vec`]
/// writes.
///
/// ```
/// let opts = codec::msgpack::EncodeOptions::new();
/// assert_eq!(codec::msgpack::to_vec_with(&[1, 2], &opts)?, codec::msgpack::to_vec(&[1, 2])?);
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct EncodeOptions {
    // ---- shared references (see `impls/shared_refs.rs`) ----
    pub(crate) preserve_refs: bool,
    // ---- non-finite floats ----
    pub(crate) non_finite: NonFinite,
}

impl EncodeOptions {
    /// The defaults: the output of [`to_vec`].
    pub fn new() -> Self {
        Self::default()
    }

    // ---- shared references ----

    /// Writes each `Rc`/`Arc` allocation once: the first occurrence as a 2-array
    /// `[ext, value]` whose ext, of type [`REF_EXT_TYPE`] (82), holds the id (a big-endian
    /// `u32` in a fixext 4, ids from 1), every later one, and every `Weak` to it, as that ext
    /// alone; a `Weak` whose target is gone is `nil`. Decoding with
    /// [`Options::preserve_refs`] rebuilds the sharing. Otherwise as in JSON
    /// ([`json::EncodeOptions::preserve_refs`](crate::json::EncodeOptions::preserve_refs)).
    ///
    /// ```
    /// use std::rc::Rc;
    /// let s = Rc::new(String::from("a"));
    /// let opts = codec::msgpack::EncodeOptions::new().preserve_refs(true);
    /// let bytes = codec::msgpack::to_vec_with(&vec![Rc::clone(&s), s], &opts)?;
    /// assert_eq!(bytes, b"\x92\x92\xd6\x52\0\0\0\x01\xa1a\xd6\x52\0\0\0\x01");
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn preserve_refs(mut self, on: bool) -> Self {
        self.preserve_refs = on;
        self
    }

    // ---- non-finite floats ----

    /// Accepted so that one policy can be passed to both formats, and without effect:
    /// MessagePack floats hold NaN and the infinities, so they are written as floats (float
    /// 32 for `f32`, float 64 for `f64`) under every [`NonFinite`] policy, and read back
    /// exactly.
    ///
    /// ```
    /// use codec::msgpack::{to_vec_with, EncodeOptions};
    /// use codec::NonFinite;
    /// let o = EncodeOptions::new().non_finite(NonFinite::Null);
    /// assert_eq!(to_vec_with(&f64::INFINITY, &o)?, b"\xcb\x7f\xf0\0\0\0\0\0\0");
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn non_finite(mut self, policy: NonFinite) -> Self {
        self.non_finite = policy;
        self
    }
}

/// Encodes `value` as MessagePack bytes, as [`EncodeOptions`] say.
pub fn to_vec_with<T: Encode + ?Sized>(value: &T, options: &EncodeOptions) -> Result<Vec<u8>> {
    let mut w = MsgpackWriter::with_capacity(128);
    w.set_options(options);
    value.encode(&mut w)?;
    Ok(w.into_inner())
}

/// [`to_writer`], as [`EncodeOptions`] say.
///
/// ```
/// let mut out = Vec::new();
/// codec::msgpack::to_writer_with(&mut out, &true, &codec::msgpack::EncodeOptions::new())?;
/// assert_eq!(out, b"\xc3");
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "std")]
pub fn to_writer_with<W: std::io::Write, T: Encode + ?Sized>(out: W, value: &T, options: &EncodeOptions) -> Result<()> {
    let mut sink = IoSink::new(out);
    let mut w = MsgpackWriter::streaming(&mut sink, DEFAULT_BUFFER);
    w.set_options(options);
    value.encode(&mut w)?;
    w.finish();
    drop(w);
    sink.finish()
}

/// Encodes `value` as MessagePack bytes.
///
/// ```
/// assert_eq!(codec::msgpack::to_vec(&(1u8, -1i64, "a"))?, b"\x93\x01\xff\xa1a");
/// # Ok::<(), codec::Error>(())
/// ```
pub fn to_vec<T: Encode + ?Sized>(value: &T) -> Result<Vec<u8>> {
    let mut w = MsgpackWriter::with_capacity(128);
    value.encode(&mut w)?;
    Ok(w.into_inner())
}

// Output to an `io::Write`: through a streaming `MsgpackWriter` (a fixed buffer handed to
// the writer as it fills).

/// Encodes `value` into an `io::Write`, streaming: the encoding goes out through a 64 KiB
/// buffer, written with `write_all` each time it fills, so a large value is never whole in
/// memory. Writing into a `Vec` or a `BufWriter` is as fast as [`to_vec`].
///
/// One exception: a struct whose entry count is known only at its end (a field with
/// `skip_encoding_if`, a `flatten`ed member) reserves its map header and patches it after
/// its last entry, so the buffer holds everything from that header on until the struct
/// ends. The writer is not flushed. On an error part of the value may have been written;
/// after an I/O error nothing more is.
///
/// ```
/// let mut out = Vec::new();
/// codec::msgpack::to_writer(&mut out, &Some(true))?;
/// assert_eq!(out, b"\xc3");
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "std")]
pub fn to_writer<W: std::io::Write, T: Encode + ?Sized>(out: W, value: &T) -> Result<()> {
    let mut sink = IoSink::new(out);
    let mut w = MsgpackWriter::streaming(&mut sink, DEFAULT_BUFFER);
    value.encode(&mut w)?;
    w.finish();
    drop(w);
    sink.finish()
}
