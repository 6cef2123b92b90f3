//! JSON: entry points, options, and the reader and writer that impls drive.
//!
//! ```
//! #[derive(codec::Codec, Debug, PartialEq)]
//! struct Point { x: i32, y: i32 }
//!
//! let p: Point = codec::json::from_str(r#"{"x": 1, "y": -2}"#)?;
//! assert_eq!(p, Point { x: 1, y: -2 });
//! assert_eq!(codec::json::to_string(&p)?, r#"{"x":1,"y":-2}"#);
//! # Ok::<(), codec::Error>(())
//! ```
//!
//! ## Streams
//! [`from_reader`] decodes one document from an [`std::io::Read`] (or any
//! [`Source`](crate::io::Source)); [`iter_values`] yields the values of JSON Lines / NDJSON
//! or of whitespace-separated concatenated values; [`iter_array`] yields the elements of
//! one top-level array one at a time, in memory bounded by the largest element plus the
//! buffer. The `_slice` twins read bytes in memory, and their items may borrow from them.
//! Errors carry the position in the stream and the item's index ([`Error::item`](crate::Error::item));
//! each iterator's docs state how it goes on after a bad item, and [`crate::io`] how the
//! buffer is refilled.
//!
//! ```
//! #[derive(codec::Codec, Debug, PartialEq)]
//! struct Event { id: u32 }
//!
//! let ndjson = &b"{\"id\": 1}\n{\"id\": 2}\n"[..]; // any `io::Read`: a `File`, a socket
//! let ids: Vec<u32> = codec::json::iter_values::<Event>(ndjson).map(|e| e.map(|e| e.id)).collect::<Result<_, _>>()?;
//! assert_eq!(ids, [1, 2]);
//! # Ok::<(), codec::Error>(())
//! ```

mod number;
mod pow5;
mod raw;
mod reader;
mod string;
pub mod value;
mod writer;

pub use raw::RawJson;
pub use reader::{Checkpoint, JsonReader, Key, Str};
pub use value::{Map, Number, Value};
pub use writer::JsonWriter;

// ---- streams: reading from `io::Read`, many values, huge arrays (see `stream.rs`) ----
mod stream;
pub use stream::{
    from_reader, from_reader_with, iter_array, iter_array_slice, iter_array_slice_with, iter_array_with, iter_values,
    iter_values_slice, iter_values_slice_with, iter_values_with, ArrayIter, SliceArrayIter, SliceValueIter, ValueIter,
};

use crate::error::Result;
use crate::{Decode, Encode};

/// What to do when a key appears twice in one object.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum DuplicateKeys {
    /// An error (the default): two values for one key usually mean a confused or hostile
    /// producer, and silently picking one hides it.
    #[default]
    Error,
    /// Keep the first value; later ones are validated and skipped.
    KeepFirst,
    /// Keep the last value, as many JavaScript-based producers expect.
    KeepLast,
}

/// Limits and policies for decoding. The defaults are the safe ones.
///
/// ```
/// use codec::json::{from_slice_with, DuplicateKeys, Options};
/// use std::collections::BTreeMap;
///
/// let deep = Options::new().max_depth(4);
/// let err = from_slice_with::<Vec<Vec<Vec<Vec<Vec<u8>>>>>>(b"[[[[[]]]]]", &deep).unwrap_err();
/// assert!(err.to_string().starts_with("nesting deeper than the limit of 4"));
///
/// let last = Options::new().duplicate_keys(DuplicateKeys::KeepLast);
/// let m: BTreeMap<String, u8> = from_slice_with(br#"{"a":1,"a":2}"#, &last)?;
/// assert_eq!(m["a"], 2);
///
/// let stream = Options::new().allow_trailing(true);
/// assert_eq!(from_slice_with::<u8>(b"1 2 3", &stream)?, 1);
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Options {
    pub(crate) max_depth: usize,
    pub(crate) max_string_len: usize,
    pub(crate) max_number_len: usize,
    pub(crate) duplicate_keys: DuplicateKeys,
    pub(crate) allow_trailing: bool,
    // ---- streams (see `stream.rs`) ----
    pub(crate) buffer_size: usize,
    pub(crate) max_value_len: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_depth: 128,
            max_string_len: 64 << 20,
            max_number_len: 1024,
            duplicate_keys: DuplicateKeys::Error,
            allow_trailing: false,
            buffer_size: crate::io::DEFAULT_BUFFER_SIZE,
            max_value_len: crate::io::DEFAULT_MAX_VALUE_LEN,
        }
    }
}

impl Options {
    /// The defaults: nesting depth 128, strings up to 64 MiB, number literals up to 1024
    /// bytes, duplicate keys an error, nothing but whitespace after the value.
    pub fn new() -> Self {
        Self::default()
    }

    /// Maximum nesting of arrays and objects, also while skipping unknown values. The same
    /// number bounds, in a count of their own, the derived newtype structs and untagged
    /// enums open around a value (see [`JsonReader::nested`]): a type can recurse through
    /// them without opening an array or object.
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = depth;
        self
    }

    /// Maximum length in bytes of one string as written in the input (keys included).
    pub fn max_string_len(mut self, bytes: usize) -> Self {
        self.max_string_len = bytes;
        self
    }

    /// Maximum length in bytes of one number literal: a million-digit literal is rejected
    /// after one linear scan instead of reaching the exact (slow) float path.
    pub fn max_number_len(mut self, bytes: usize) -> Self {
        self.max_number_len = bytes;
        self
    }

    /// What a key seen twice in one object does (maps, `Value` objects and struct fields).
    pub fn duplicate_keys(mut self, policy: DuplicateKeys) -> Self {
        self.duplicate_keys = policy;
        self
    }

    /// Whether bytes may follow the value (for concatenated documents); by default only
    /// whitespace may.
    pub fn allow_trailing(mut self, allow: bool) -> Self {
        self.allow_trailing = allow;
        self
    }

    // ---- streams ----

    /// Size in bytes of the read buffer of [`iter_values`] and [`iter_array`], and of
    /// [`from_reader`] with [`allow_trailing`](Self::allow_trailing) (64 KiB by default; at
    /// least 1). An item larger than the buffer still decodes: the buffer doubles up to
    /// [`max_value_len`](Self::max_value_len).
    ///
    /// ```
    /// let tiny = codec::json::Options::new().buffer_size(4);
    /// let v: Vec<String> = codec::json::iter_array_with::<String, _>(&b"[\"a long string\"]"[..], &tiny)
    ///     .collect::<Result<_, _>>()?;
    /// assert_eq!(v, ["a long string"]);
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn buffer_size(mut self, bytes: usize) -> Self {
        self.buffer_size = bytes.max(1);
        self
    }

    /// Maximum length in bytes of one item read from a stream: the document of
    /// [`from_reader`], one value of [`iter_values`], one element of [`iter_array`]
    /// (64 MiB by default). A longer one is a [`SizeLimit`](crate::ErrorKind::SizeLimit)
    /// error: it bounds the memory a stream can make the decoder hold.
    ///
    /// ```
    /// let small = codec::json::Options::new().max_value_len(8);
    /// let mut it = codec::json::iter_values_with::<String, _>(&b"\"short\"\n\"far too long\"\n"[..], &small);
    /// assert_eq!(it.next().unwrap()?, "short");
    /// let err = it.next().unwrap().unwrap_err();
    /// assert!(matches!(err.kind(), codec::ErrorKind::SizeLimit(_)));
    /// assert!(it.next().is_none());
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn max_value_len(mut self, bytes: usize) -> Self {
        self.max_value_len = bytes;
        self
    }
}

/// Decodes a `T` from JSON bytes; `&'de str` fields borrow from `input`.
pub fn from_slice<'de, T: Decode<'de>>(input: &'de [u8]) -> Result<T> {
    from_slice_with(input, &Options::default())
}

/// Decodes with explicit [`Options`].
pub fn from_slice_with<'de, T: Decode<'de>>(input: &'de [u8], options: &Options) -> Result<T> {
    let mut reader = JsonReader::with_options(input, options);
    let result = match T::decode_json(&mut reader) {
        Ok(v) if options.allow_trailing => Ok(v),
        Ok(v) => reader.end().map(|()| v),
        Err(e) => Err(e),
    };
    match result {
        Ok(v) => Ok(v),
        Err(e) => Err(e.or_at(reader.position()).locate(input)),
    }
}

/// Decodes a `T` from JSON text.
pub fn from_str<'de, T: Decode<'de>>(input: &'de str) -> Result<T> {
    from_slice(input.as_bytes())
}

/// Encodes `value` as compact JSON bytes.
pub fn to_vec<T: Encode + ?Sized>(value: &T) -> Result<Vec<u8>> {
    let mut w = JsonWriter::with_capacity(128);
    value.encode_json(&mut w)?;
    Ok(w.into_inner())
}

/// Encodes `value` as a compact JSON `String`.
pub fn to_string<T: Encode + ?Sized>(value: &T) -> Result<String> {
    let bytes = to_vec(value)?;
    // The writer only ever appends valid UTF-8: `&str` contents, ASCII punctuation and
    // digits, and escapes.
    String::from_utf8(bytes).map_err(|_| crate::Error::custom("internal error: encoder produced invalid UTF-8"))
}

/// Encodes `value` into an `io::Write` (the document is built in memory, then written once).
pub fn to_writer<W: std::io::Write, T: Encode + ?Sized>(mut out: W, value: &T) -> Result<()> {
    let bytes = to_vec(value)?;
    out.write_all(&bytes)?;
    Ok(())
}
