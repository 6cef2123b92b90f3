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

mod number;
mod reader;
mod string;
mod writer;

pub use reader::{Checkpoint, JsonReader, Key, Str};
pub use writer::JsonWriter;

use crate::error::Result;
use crate::{Decode, Encode};

/// Limits and policies for decoding. The defaults are the safe ones.
///
/// ```
/// let opts = codec::json::Options::new().max_depth(4);
/// let err = codec::json::from_slice_with::<Vec<Vec<Vec<Vec<Vec<u8>>>>>>(b"[[[[[]]]]]", &opts).unwrap_err();
/// assert!(err.to_string().starts_with("nesting deeper than the limit of 4"));
/// ```
#[derive(Debug, Clone)]
pub struct Options {
    pub(crate) max_depth: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options { max_depth: 128 }
    }
}

impl Options {
    /// The defaults: nesting depth 128.
    pub fn new() -> Self {
        Self::default()
    }

    /// Maximum nesting of arrays and objects, also while skipping unknown values.
    pub fn max_depth(mut self, depth: usize) -> Self {
        self.max_depth = depth;
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
    match T::decode_json(&mut reader).and_then(|v| reader.end().map(|()| v)) {
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
