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
//! ## Output modes
//!
//! Every encoder writes compact JSON into a [`JsonWriter`]; where the bytes go and how they
//! are laid out is the writer's mode, never a second set of generated methods:
//!
//! - **In memory**: [`to_vec`] and [`to_string`] build the whole document in one buffer.
//! - **Streamed**: [`to_writer`] encodes into any `io::Write` through a fixed 64 KiB
//!   buffer, handed to the writer with `write_all` whenever it fills, so a document of any
//!   size never is whole in memory (into a `Vec` or a `BufWriter` it is as fast as
//!   [`to_vec`]). An I/O error stops the output and is returned at the end.
//! - **Pretty**: [`to_string_pretty`], [`to_vec_pretty`] and [`to_writer_pretty`] (and
//!   their `_with` forms taking [`PrettyOptions`]) indent the output, two spaces per level
//!   by default, byte for byte as serde_json's `to_string_pretty` does. The compact output
//!   is reformatted chunk by chunk on its way out, so pretty output streams too.
//! - **Many values**: [`write_lines`] writes JSON Lines (NDJSON, one compact value per
//!   line) and [`write_array`] one array, both from any iterator of items and streamed
//!   ([`write_lines_with`] and [`write_array_with`] take [`EncodeOptions`]).
//!
//! ```
//! #[derive(codec::Codec)]
//! struct Event { id: u32, tags: Vec<&'static str> }
//!
//! let events = [Event { id: 1, tags: vec!["a"] }, Event { id: 2, tags: vec![] }];
//! assert_eq!(
//!     codec::json::to_string_pretty(&events[0])?,
//!     "{\n  \"id\": 1,\n  \"tags\": [\n    \"a\"\n  ]\n}"
//! );
//!
//! let mut lines = Vec::new();
//! codec::json::write_lines(&mut lines, events.iter())?;
//! assert_eq!(lines, b"{\"id\":1,\"tags\":[\"a\"]}\n{\"id\":2,\"tags\":[]}\n");
//!
//! let mut array = Vec::new();
//! codec::json::write_array(&mut array, events.iter().filter(|e| e.id > 1))?;
//! assert_eq!(array, b"[{\"id\":2,\"tags\":[]}]");
//!
//! let mut file = std::io::BufWriter::new(Vec::new()); // or a `File`
//! codec::json::to_writer(&mut file, &events[1])?;
//! assert_eq!(file.into_inner().unwrap(), b"{\"id\":2,\"tags\":[]}");
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

mod fault;
mod integer;
pub(crate) mod number;
mod pow5;
mod pretty;
mod raw;
mod reader;
pub(crate) mod refs;
mod simd;
mod string;
mod tag;
pub mod value;
mod writer;

pub use crate::refs::RefSpelling;
pub use pretty::PrettyOptions;
pub use raw::RawJson;
pub use reader::{Checkpoint, JsonReader, Key, Str};
pub use value::{Map, Number, Value};
pub use writer::JsonWriter;
// ---- non-finite floats ----
pub use crate::NonFinite;

// ---- streams: reading from `io::Read`, many values, huge arrays (see `stream.rs`) ----
mod stream;
#[cfg(feature = "std")]
pub use stream::{
    from_reader, from_reader_with, iter_array, iter_array_with, iter_values, iter_values_with, ArrayIter, ValueIter,
};
// ---- async streams: the same over tokio's or futures' readers and writers ----
#[cfg(feature = "async")]
mod async_stream;
#[cfg(feature = "async")]
pub use async_stream::{
    from_async_reader, from_async_reader_with, iter_array_async, iter_array_async_with, iter_values_async,
    iter_values_async_with, write_array_async, write_array_async_with, write_lines_async, write_lines_async_with,
    ArrayStream, ValueStream,
};
// The streamed HTTP response bodies of `codec::web` encode as the async writers do.
#[cfg(any(feature = "axum", feature = "actix-web"))]
pub(crate) use async_stream::{Elems, Lines};
pub use stream::{
    iter_array_slice, iter_array_slice_with, iter_values_slice, iter_values_slice_with, SliceArrayIter, SliceValueIter,
};

use alloc::string::String;
use alloc::vec::Vec;

use crate::error::Result;
pub use crate::reader::DuplicateKeys;
#[cfg(feature = "std")]
use crate::sink::IoSink;
use crate::sink::{Sink, DEFAULT_BUFFER};
use crate::{Decode, Encode};

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
            max_string_len: 64 << 20,
            max_number_len: 1024,
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

    // ---- non-finite floats ----

    /// What a float accepts besides numbers: under [`NonFinite::Null`], `null` (read as
    /// NaN); under [`NonFinite::Strings`], `"NaN"`, `"Infinity"` and `"-Infinity"`; under
    /// [`NonFinite::Error`] (the default), nothing. See [`NonFinite`].
    ///
    /// ```
    /// use codec::json::{from_slice_with, Options};
    /// use codec::NonFinite;
    /// let o = Options::new().non_finite(NonFinite::Strings);
    /// assert_eq!(from_slice_with::<f32>(br#""-Infinity""#, &o)?, f32::NEG_INFINITY);
    /// assert!(from_slice_with::<f32>(b"null", &o).is_err());
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn non_finite(mut self, policy: NonFinite) -> Self {
        self.non_finite = policy;
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

    // ---- shared references ----

    /// Reads the ids and references that [`EncodeOptions::preserve_refs`] writes, and
    /// rebuilds the sharing they describe: an `Rc`/`Arc` referring to an id is a clone of
    /// the pointer decoded for it, a `Weak` a downgrade of it (off by default: `$id`/`$ref`
    /// members are then ordinary data). Both spellings of [`RefSpelling`] are read. The
    /// wire format, the errors, and what is kept while decoding are in the
    /// [`EncodeOptions::preserve_refs`] docs.
    ///
    /// ```
    /// use std::rc::Rc;
    /// let opts = codec::json::Options::new().preserve_refs(true);
    /// let v: Vec<Rc<String>> = codec::json::from_slice_with(br#"[{"$id":1,"$value":"a"},{"$ref":1}]"#, &opts)?;
    /// assert!(Rc::ptr_eq(&v[0], &v[1]));
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn preserve_refs(mut self, on: bool) -> Self {
        self.preserve_refs = on;
        self
    }
}

/// How values are encoded: the encoding counterpart of [`Options`], taken by
/// [`to_vec_with`], [`to_string_with`] and [`to_writer_with`]. The defaults write exactly
/// what [`to_vec`] writes.
///
/// ```
/// let opts = codec::json::EncodeOptions::new();
/// assert_eq!(codec::json::to_vec_with(&[1, 2], &opts)?, codec::json::to_vec(&[1, 2])?);
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct EncodeOptions {
    // ---- shared references (see `impls/shared_refs.rs`) ----
    pub(crate) preserve_refs: bool,
    pub(crate) ref_spelling: RefSpelling,
    // ---- non-finite floats ----
    pub(crate) non_finite: NonFinite,
}

impl EncodeOptions {
    /// The defaults: the output of [`to_vec`].
    pub fn new() -> Self {
        Self::default()
    }

    // ---- shared references ----

    /// Writes each `Rc`/`Arc` allocation once: its first occurrence with an id, every
    /// later one (and every `Weak` to it) as a reference, so that decoding with
    /// [`Options::preserve_refs`] rebuilds the sharing and the cycles `Weak`s make. Off by
    /// default: a pointer is then written as what it points to, every time.
    ///
    /// Ids count the allocations in the order their first occurrence starts, so an id is
    /// defined before any reference to it:
    ///
    /// | occurrence | [`RefSpelling::Default`] (ids from 1) | [`RefSpelling::Codables`] (ids from 0) |
    /// |---|---|---|
    /// | first, an object | `{"$id":1,"a":…}` (id first) | `{"$$id":0,"a":…}` |
    /// | first, an array | `{"$id":1,"$value":[…]}` | `["$$id:0",…]` |
    /// | first, another value | `{"$id":1,"$value":…}` | `{"$$id":0,"$$value":…}` |
    /// | later | `{"$ref":1}` | `{"$$ref":0}` |
    /// | a `Weak` whose target is gone | `null` | `null` |
    ///
    /// A `Weak` is a reference when its target was written before (a parent pointer, whose
    /// target is being written around it), else its target in full, as a first occurrence.
    /// The ids are put in after the value is encoded, in one pass over the output, so
    /// [`to_writer_with`] encodes in memory first in this mode and then writes the
    /// document.
    ///
    /// A cycle of strong pointers (an `Rc` inside its own value) is written too, as a
    /// reference to the id around it, but cannot be decoded as an `Rc` (see
    /// [`Options::preserve_refs`]); a cycle through a `Weak` can.
    ///
    /// ```
    /// use std::cell::RefCell;
    /// use std::rc::{Rc, Weak};
    /// use codec::json::{from_slice_with, to_string_with, EncodeOptions, Options};
    ///
    /// #[derive(codec::Codec)]
    /// struct Dir { name: String, parent: Weak<RefCell<Dir>>, children: Vec<Rc<RefCell<Dir>>> }
    ///
    /// let root = Rc::new(RefCell::new(Dir { name: "/".into(), parent: Weak::new(), children: vec![] }));
    /// let etc = Rc::new(RefCell::new(Dir { name: "etc".into(), parent: Rc::downgrade(&root), children: vec![] }));
    /// root.borrow_mut().children.push(etc);
    ///
    /// let json = to_string_with(&root, &EncodeOptions::new().preserve_refs(true))?;
    /// assert_eq!(
    ///     json,
    ///     r#"{"$id":1,"name":"/","parent":null,"children":[{"$id":2,"name":"etc","parent":{"$ref":1},"children":[]}]}"#
    /// );
    /// let back: Rc<RefCell<Dir>> = from_slice_with(json.as_bytes(), &Options::new().preserve_refs(true))?;
    /// let child = Rc::clone(&back.borrow().children[0]);
    /// assert!(Rc::ptr_eq(&child.borrow().parent.upgrade().unwrap(), &back));
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn preserve_refs(mut self, on: bool) -> Self {
        self.preserve_refs = on;
        self
    }

    /// How [`preserve_refs`](Self::preserve_refs) spells ids and references
    /// ([`RefSpelling::Default`] unless set).
    pub fn ref_spelling(mut self, spelling: RefSpelling) -> Self {
        self.ref_spelling = spelling;
        self
    }

    // ---- non-finite floats ----

    /// What NaN and the infinities of `f32` and `f64` become: an error (the default),
    /// `null`, or the strings `"NaN"`, `"Infinity"`, `"-Infinity"`. See [`NonFinite`].
    ///
    /// ```
    /// use codec::json::{to_string_with, EncodeOptions};
    /// use codec::NonFinite;
    /// let o = EncodeOptions::new().non_finite(NonFinite::Null);
    /// assert_eq!(to_string_with(&[f32::NAN, 2.0], &o)?, "[null,2.0]");
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn non_finite(mut self, policy: NonFinite) -> Self {
        self.non_finite = policy;
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
    let result = match T::decode(&mut reader) {
        Ok(v) if options.allow_trailing => Ok(v),
        Ok(v) => reader.end().map(|()| v),
        Err(e) => Err(e),
    };
    match result {
        Ok(v) => Ok(v),
        Err(e) => {
            let e = fault::first_fault(e.or_at(reader.position()), input, options, 0, !options.allow_trailing);
            Err(e.locate(input))
        }
    }
}

/// Decodes a `T` from JSON text.
pub fn from_str<'de, T: Decode<'de>>(input: &'de str) -> Result<T> {
    from_slice(input.as_bytes())
}

/// Encodes `value` as compact JSON bytes.
pub fn to_vec<T: Encode + ?Sized>(value: &T) -> Result<Vec<u8>> {
    let mut w = JsonWriter::with_capacity(128);
    value.encode(&mut w)?;
    Ok(w.into_inner())
}

/// Encodes `value` as a compact JSON `String`.
pub fn to_string<T: Encode + ?Sized>(value: &T) -> Result<String> {
    let bytes = to_vec(value)?;
    // The writer only ever appends valid UTF-8: `&str` contents, ASCII punctuation and
    // digits, and escapes.
    String::from_utf8(bytes).map_err(|_| crate::Error::custom("internal error: encoder produced invalid UTF-8"))
}

/// Encodes `value` as compact JSON bytes, as [`EncodeOptions`] say.
pub fn to_vec_with<T: Encode + ?Sized>(value: &T, options: &EncodeOptions) -> Result<Vec<u8>> {
    let mut w = JsonWriter::with_capacity(128);
    w.set_options(options);
    value.encode(&mut w)?;
    Ok(w.into_output())
}

/// Encodes `value` as a compact JSON `String`, as [`EncodeOptions`] say.
pub fn to_string_with<T: Encode + ?Sized>(value: &T, options: &EncodeOptions) -> Result<String> {
    let bytes = to_vec_with(value, options)?;
    String::from_utf8(bytes).map_err(|_| crate::Error::custom("internal error: encoder produced invalid UTF-8"))
}

// Output to an `io::Write`, pretty output, JSON Lines and arrays from iterators: all go
// through a streaming `JsonWriter` (a fixed buffer handed to a sink as it fills).

/// Encodes `value` through a streaming writer into `sink`.
fn encode_to<T: Encode + ?Sized>(sink: &mut dyn Sink, value: &T, options: &EncodeOptions) -> Result<()> {
    if options.preserve_refs {
        // The ids go in after encoding, so the document is made in memory first.
        sink.write_chunk(&to_vec_with(value, options)?);
        return Ok(());
    }
    let mut w = JsonWriter::streaming(sink, DEFAULT_BUFFER);
    w.set_options(options);
    value.encode(&mut w)?;
    w.finish();
    Ok(())
}

/// Encodes `value` as compact JSON into an `io::Write`, streaming: the document goes out
/// through a 64 KiB buffer, written with `write_all` each time it fills, and is never
/// whole in memory. Writing into a `Vec` or a `BufWriter` is as fast as [`to_vec`].
///
/// The writer is not flushed (a `BufWriter` flushes when dropped). If encoding fails
/// (a NaN, a failing `Encode` impl) or the writer does, the error is returned and part
/// of the document may have been written; after an I/O error nothing more is written.
///
/// ```
/// let mut out = Vec::new();
/// codec::json::to_writer(&mut out, &vec![Some(1), None])?;
/// assert_eq!(out, b"[1,null]");
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "std")]
pub fn to_writer<W: std::io::Write, T: Encode + ?Sized>(out: W, value: &T) -> Result<()> {
    let mut sink = IoSink::new(out);
    encode_to(&mut sink, value, &EncodeOptions::default())?;
    sink.finish()
}

/// [`to_writer`], as [`EncodeOptions`] say.
///
/// ```
/// let mut out = Vec::new();
/// codec::json::to_writer_with(&mut out, &[true], &codec::json::EncodeOptions::new())?;
/// assert_eq!(out, b"[true]");
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "std")]
pub fn to_writer_with<W: std::io::Write, T: Encode + ?Sized>(out: W, value: &T, options: &EncodeOptions) -> Result<()> {
    if options.preserve_refs {
        // The ids go in after encoding, so the document is made in memory first.
        let bytes = to_vec_with(value, options)?;
        let mut out = out;
        return out.write_all(&bytes).map_err(crate::Error::from);
    }
    let mut sink = IoSink::new(out);
    let mut w = JsonWriter::streaming(&mut sink, DEFAULT_BUFFER);
    w.set_options(options);
    value.encode(&mut w)?;
    w.finish();
    drop(w);
    sink.finish()
}

/// Encodes `value` as indented JSON bytes, two spaces per level: the same text as
/// serde_json's `to_vec_pretty`.
///
/// ```
/// let bytes = codec::json::to_vec_pretty(&vec![(1, "a")])?;
/// assert_eq!(bytes, b"[\n  [\n    1,\n    \"a\"\n  ]\n]");
/// # Ok::<(), codec::Error>(())
/// ```
pub fn to_vec_pretty<T: Encode + ?Sized>(value: &T) -> Result<Vec<u8>> {
    to_vec_pretty_with(value, &PrettyOptions::default())
}

/// Encodes `value` as indented JSON bytes, laid out as `options` say.
///
/// ```
/// use codec::json::{to_vec_pretty_with, PrettyOptions};
/// let bytes = to_vec_pretty_with(&[1], &PrettyOptions::new().indent("\t"))?;
/// assert_eq!(bytes, b"[\n\t1\n]");
/// # Ok::<(), codec::Error>(())
/// ```
pub fn to_vec_pretty_with<T: Encode + ?Sized>(value: &T, options: &PrettyOptions) -> Result<Vec<u8>> {
    let mut printer = pretty::Pretty::new(options, None, DEFAULT_BUFFER);
    encode_to(&mut printer, value, &options.encode)?;
    Ok(printer.into_vec())
}

/// Encodes `value` as an indented JSON `String`, two spaces per level: the same text as
/// serde_json's `to_string_pretty`. Empty arrays and objects stay `[]` and `{}`.
///
/// ```
/// use std::collections::BTreeMap;
///
/// #[derive(codec::Codec)]
/// struct Config { name: String, tags: Vec<String>, limits: BTreeMap<String, u32> }
///
/// let config = Config { name: "api".into(), tags: vec![], limits: [("rps".into(), 100)].into() };
/// let text = codec::json::to_string_pretty(&config)?;
/// assert_eq!(text, "{\n  \"name\": \"api\",\n  \"tags\": [],\n  \"limits\": {\n    \"rps\": 100\n  }\n}");
/// # Ok::<(), codec::Error>(())
/// ```
pub fn to_string_pretty<T: Encode + ?Sized>(value: &T) -> Result<String> {
    to_string_pretty_with(value, &PrettyOptions::default())
}

/// Encodes `value` as an indented JSON `String`, laid out as `options` say.
///
/// ```
/// use codec::json::{to_string_pretty_with, PrettyOptions};
/// let text = to_string_pretty_with(&("a", [0.5]), &PrettyOptions::new().indent("    "))?;
/// assert_eq!(text, "[\n    \"a\",\n    [\n        0.5\n    ]\n]");
/// # Ok::<(), codec::Error>(())
/// ```
pub fn to_string_pretty_with<T: Encode + ?Sized>(value: &T, options: &PrettyOptions) -> Result<String> {
    let bytes = to_vec_pretty_with(value, options)?;
    // The printer inserts only ASCII whitespace, `:` and `,` between tokens it copies
    // whole, so the text stays as valid UTF-8 as the compact output it reformats.
    String::from_utf8(bytes).map_err(|_| crate::Error::custom("internal error: encoder produced invalid UTF-8"))
}

/// Encodes `value` as indented JSON into an `io::Write`, two spaces per level; streams
/// like [`to_writer`].
///
/// ```
/// let mut out = Vec::new();
/// codec::json::to_writer_pretty(&mut out, &[[1, 2]])?;
/// assert_eq!(out, b"[\n  [\n    1,\n    2\n  ]\n]");
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "std")]
pub fn to_writer_pretty<W: std::io::Write, T: Encode + ?Sized>(out: W, value: &T) -> Result<()> {
    to_writer_pretty_with(out, value, &PrettyOptions::default())
}

/// Encodes `value` as indented JSON into an `io::Write`, laid out as `options` say;
/// streams like [`to_writer`].
///
/// ```
/// use codec::json::{to_writer_pretty_with, PrettyOptions};
/// let mut out = Vec::new();
/// to_writer_pretty_with(&mut out, &Some([true]), &PrettyOptions::new().indent(" "))?;
/// assert_eq!(out, b"[\n true\n]");
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "std")]
pub fn to_writer_pretty_with<W: std::io::Write, T: Encode + ?Sized>(
    out: W,
    value: &T,
    options: &PrettyOptions,
) -> Result<()> {
    let mut sink = IoSink::new(out);
    let mut printer = pretty::Pretty::new(options, Some(&mut sink), DEFAULT_BUFFER);
    let result = encode_to(&mut printer, value, &options.encode);
    printer.flush();
    drop(printer);
    result?;
    sink.finish()
}

/// Writes JSON Lines (NDJSON): each item compact on a line of its own, every line ended by
/// `\n`, streamed through one 64 KiB buffer however many items there are. Any iterator of
/// [`Encode`] items works: `events.iter()` (references encode as what they point to),
/// `vec.into_iter()`, a `map` producing items on the fly.
///
/// On an encoding error the lines before the failing item have been written, and none of
/// it unless it was longer than the buffer (then a cut line ends the output); after an
/// I/O error nothing more is written.
///
/// ```
/// #[derive(codec::Codec, Debug, PartialEq)]
/// struct Event { id: u32, kind: String }
///
/// let events = vec![Event { id: 1, kind: "open".into() }, Event { id: 2, kind: "close".into() }];
/// let mut out = Vec::new();
/// codec::json::write_lines(&mut out, events.iter())?;
/// assert_eq!(out, b"{\"id\":1,\"kind\":\"open\"}\n{\"id\":2,\"kind\":\"close\"}\n");
///
/// let back: Vec<Event> = out
///     .split(|&b| b == b'\n')
///     .filter(|line| !line.is_empty())
///     .map(codec::json::from_slice)
///     .collect::<Result<_, _>>()?;
/// assert_eq!(back, events);
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "std")]
pub fn write_lines<W, I>(out: W, items: I) -> Result<()>
where
    W: std::io::Write,
    I: IntoIterator,
    I::Item: Encode,
{
    write_lines_with(out, items, &EncodeOptions::default())
}

/// [`write_lines`], as [`EncodeOptions`] say. Each line is a document of its own, as
/// [`iter_values_with`] reads it: with [`EncodeOptions::preserve_refs`] every line numbers
/// its ids from the start, and is made in memory before it goes to the buffer (its ids go
/// in after encoding).
///
/// ```
/// use codec::json::{EncodeOptions, NonFinite};
///
/// let mut out = Vec::new();
/// let opts = EncodeOptions::new().non_finite(NonFinite::Null);
/// codec::json::write_lines_with(&mut out, [1.5, f64::NAN], &opts)?;
/// assert_eq!(out, b"1.5\nnull\n");
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "std")]
pub fn write_lines_with<W, I>(out: W, items: I, options: &EncodeOptions) -> Result<()>
where
    W: std::io::Write,
    I: IntoIterator,
    I::Item: Encode,
{
    let mut sink = IoSink::new(out);
    let mut w = item_writer(&mut sink, options);
    let mut result = Ok(());
    for item in items {
        let mark = w.mark();
        if let Err(e) = encode_item(&mut w, &item, options) {
            w.rewind(mark);
            result = Err(e);
            break;
        }
        w.write_byte(b'\n');
    }
    w.finish();
    drop(w);
    result?;
    sink.finish()
}

/// The streaming writer of a sequence of documents: it takes the options that apply
/// within one document, not `preserve_refs`, whose table belongs to one document (see
/// [`encode_item`]).
#[cfg(feature = "std")]
fn item_writer<'w>(sink: &'w mut dyn Sink, options: &EncodeOptions) -> JsonWriter<'w> {
    let mut w = JsonWriter::streaming(sink, DEFAULT_BUFFER);
    if !options.preserve_refs {
        w.set_options(options);
    }
    w
}

/// Appends one document of a sequence: in place, or with `preserve_refs` made in memory
/// first, its ids numbered from the start.
#[cfg(feature = "std")]
fn encode_item<T: Encode>(w: &mut JsonWriter<'_>, item: &T, options: &EncodeOptions) -> Result<()> {
    if options.preserve_refs {
        w.write_raw(&to_vec_with(item, options)?);
        Ok(())
    } else {
        item.encode(w)
    }
}

/// Writes one JSON array whose elements come from an iterator, streamed through one
/// 64 KiB buffer: an export of any length never is whole in memory. The output is what
/// [`to_writer`] writes for a `Vec` of the same items.
///
/// ```
/// let mut out = Vec::new();
/// codec::json::write_array(&mut out, (1..=3).map(|i| i * i))?;
/// assert_eq!(out, b"[1,4,9]");
/// let back: Vec<u64> = codec::json::from_slice(&out)?;
/// assert_eq!(back, [1, 4, 9]);
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "std")]
pub fn write_array<W, I>(out: W, items: I) -> Result<()>
where
    W: std::io::Write,
    I: IntoIterator,
    I::Item: Encode,
{
    write_array_with(out, items, &EncodeOptions::default())
}

/// [`write_array`], as [`EncodeOptions`] say. The array is one document: with
/// [`EncodeOptions::preserve_refs`] its ids span all the elements, and it is made in
/// memory before it is written (its ids go in after encoding), as with [`to_writer_with`].
///
/// ```
/// use codec::json::{EncodeOptions, NonFinite};
/// use std::rc::Rc;
///
/// let mut out = Vec::new();
/// let opts = EncodeOptions::new().non_finite(NonFinite::Strings);
/// codec::json::write_array_with(&mut out, [1.0, f64::INFINITY], &opts)?;
/// assert_eq!(out, b"[1.0,\"Infinity\"]");
///
/// // One allocation, written once and then referred to, across elements.
/// let shared = Rc::new("x".to_string());
/// let mut out = Vec::new();
/// let opts = EncodeOptions::new().preserve_refs(true);
/// codec::json::write_array_with(&mut out, [shared.clone(), shared], &opts)?;
/// assert_eq!(out, br#"[{"$id":1,"$value":"x"},{"$ref":1}]"#);
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "std")]
pub fn write_array_with<W, I>(out: W, items: I, options: &EncodeOptions) -> Result<()>
where
    W: std::io::Write,
    I: IntoIterator,
    I::Item: Encode,
{
    if options.preserve_refs {
        let mut w = JsonWriter::with_capacity(128);
        w.set_options(options);
        encode_array_items(&mut w, items)?;
        let mut out = out;
        return out.write_all(&w.into_output()).map_err(crate::Error::from);
    }
    let mut sink = IoSink::new(out);
    let mut w = JsonWriter::streaming(&mut sink, DEFAULT_BUFFER);
    w.set_options(options);
    let result = encode_array_items(&mut w, items);
    w.finish();
    drop(w);
    result?;
    sink.finish()
}

/// `[`, the items separated by commas, `]`; on an error, what came before it and no `]`.
#[cfg(feature = "std")]
fn encode_array_items<I>(w: &mut JsonWriter<'_>, items: I) -> Result<()>
where
    I: IntoIterator,
    I::Item: Encode,
{
    w.write_byte(b'[');
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            w.write_byte(b',');
        }
        item.encode(w)?;
    }
    w.write_byte(b']');
    Ok(())
}
