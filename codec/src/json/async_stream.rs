//! JSON over async readers and writers (features `tokio` and `futures-io`): the streams of
//! [`iter_values_async`] and [`iter_array_async`], one document from
//! [`from_async_reader`], and the writers [`write_lines_async`] and [`write_array_async`].
//!
//! The streams run the state machines of the blocking iterators (`stream.rs`) over the
//! same buffer, polling the reader where those read from it: the same items, the same
//! errors (offset, line, column, item, path) and the same recovery after a bad item, the
//! same [`Options`] limits, `buffer_size` and `max_value_len` included. A reader is a
//! [`codec::io::Tokio`](crate::io::Tokio) or [`codec::io::FuturesIo`](crate::io::FuturesIo)
//! around a runtime's reader, or any [`AsyncSource`].

use core::borrow::Borrow;
use core::marker::PhantomData;
use core::pin::Pin;
use core::task::{Context, Poll};

use futures_core::Stream;

use super::stream::{decode_item, Document, Elements, Step, Values};
use super::{to_vec_with, EncodeOptions, JsonWriter, Options};
use crate::error::Result;
use crate::io::{poll_items, read_document, write_items, AsyncSink, AsyncSource, ItemEncoder, StreamBuffer};
use crate::refs::EncodeRefs;
use crate::window::{Advance, Window};
use crate::{DecodeOwned, Encode};

#[inline]
fn decode_at<T: DecodeOwned, W: Window>(w: &W, options: &Options, depth: usize) -> Step<T> {
    decode_item(w.data(), w.exhausted(), w.exhausted(), options, depth, T::decode)
}

/// The values of an async stream of JSON values, from [`iter_values_async`]: a
/// [`Stream`] of one `Result<T>` per value. `Unpin`; `Send` when the reader is.
pub struct ValueStream<R, T> {
    buf: StreamBuffer<R>,
    state: Values,
    /// A read was `Pending`: the next poll polls it again.
    reading: bool,
    _t: PhantomData<fn() -> T>,
}

// The reader is only ever used through `&mut` (an `AsyncSource` is polled by `&mut self`),
// never pinned: the stream may move whatever the reader is.
impl<R, T> Unpin for ValueStream<R, T> {}

impl<R: AsyncSource, T: DecodeOwned> Stream for ValueStream<R, T> {
    type Item = Result<T>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<T>>> {
        let this = self.get_mut();
        let state = &mut this.state;
        poll_items(&mut this.buf, &mut this.reading, cx, |w, failed| match failed {
            Some(e) => Advance::Item(Err(state.read_failed(w, e))),
            None => state.advance(w, |w, o| decode_at(w, o, 0)),
        })
    }
}

/// [`iter_values`](super::iter_values) over an async reader: a [`Stream`] of the JSON
/// values of JSON Lines / NDJSON or whitespace-separated concatenated values, each a
/// `Result<T>`, as soon as its last byte has arrived. The same errors and recovery as
/// `iter_values` (a bad line is one error item, the next lines still come; a read failure
/// ends the stream after its error), memory bounded by the largest value plus the buffer.
/// Dropping the stream drops the reader, wherever it was.
///
/// ```
/// use codec::io::Tokio;
/// use futures::StreamExt;
///
/// #[derive(codec::Codec, Debug, PartialEq)]
/// struct Event { id: u32 }
///
/// let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
/// rt.block_on(async {
///     let body: &[u8] = b"{\"id\": 1}\n{\"id\": \"two\"}\n{\"id\": 3}\n"; // or a `TcpStream`
///     let mut events = codec::json::iter_values_async::<Event, _>(Tokio(body));
///     assert_eq!(events.next().await.unwrap()?, Event { id: 1 });
///     let err = events.next().await.unwrap().unwrap_err();
///     assert_eq!((err.item(), err.line(), err.path().as_str()), (Some(1), Some(2), ".id"));
///     assert_eq!(events.next().await.unwrap()?, Event { id: 3 });
///     assert!(events.next().await.is_none());
///     Ok::<(), codec::Error>(())
/// })?;
/// # Ok::<(), codec::Error>(())
/// ```
pub fn iter_values_async<T: DecodeOwned, R: AsyncSource>(reader: R) -> ValueStream<R, T> {
    iter_values_async_with(reader, &Options::default())
}

/// [`iter_values_async`] with explicit [`Options`] (limits per value, buffer size);
/// [`Options::allow_trailing`] has no effect.
///
/// ```
/// use futures::StreamExt;
///
/// let opts = codec::json::Options::new().max_value_len(8);
/// let input: &[u8] = b"[1]\n[1, 2, 3, 4, 5]\n[2]\n";
/// let v: Vec<_> = futures::executor::block_on(
///     codec::json::iter_values_async_with::<Vec<u8>, _>(codec::io::Tokio(input), &opts).collect(),
/// );
/// assert!(v[0].is_ok() && v[2].is_ok());
/// assert!(matches!(v[1].as_ref().unwrap_err().kind(), codec::ErrorKind::SizeLimit(_)));
/// ```
pub fn iter_values_async_with<T: DecodeOwned, R: AsyncSource>(reader: R, options: &Options) -> ValueStream<R, T> {
    ValueStream {
        buf: StreamBuffer::new(reader, options.buffer_size, options.max_value_len, true),
        state: Values::new(options),
        reading: false,
        _t: PhantomData,
    }
}

/// The elements of a JSON array read from an async reader, from [`iter_array_async`]: a
/// [`Stream`] of one `Result<T>` per element. `Unpin`; `Send` when the reader is.
pub struct ArrayStream<R, T> {
    buf: StreamBuffer<R>,
    state: Elements,
    /// A read was `Pending`: the next poll polls it again.
    reading: bool,
    _t: PhantomData<fn() -> T>,
}

// As for `ValueStream`: the reader is never pinned.
impl<R, T> Unpin for ArrayStream<R, T> {}

impl<R: AsyncSource, T: DecodeOwned> Stream for ArrayStream<R, T> {
    type Item = Result<T>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<T>>> {
        let this = self.get_mut();
        let state = &mut this.state;
        poll_items(&mut this.buf, &mut this.reading, cx, |w, failed| match failed {
            Some(e) => Advance::Item(Err(state.read_failed(w, e))),
            None => state.advance(w, |w, o| decode_at(w, o, 1)),
        })
    }
}

/// [`iter_array`](super::iter_array) over an async reader: a [`Stream`] of the elements of
/// the one top-level JSON array, each a `Result<T>`, with the same errors (paths start with
/// `[index]`) and the same rules: after a well-formed bad element the stream goes on, after
/// broken syntax it ends with that error.
///
/// ```
/// use futures::StreamExt;
///
/// let export: &[u8] = b"[1, 2, \"three\", 4]";
/// let v: Vec<_> = futures::executor::block_on(codec::json::iter_array_async::<u32, _>(codec::io::Tokio(export)).collect());
/// assert_eq!(v.len(), 4);
/// assert_eq!(v[2].as_ref().unwrap_err().path().as_str(), "[2]");
/// assert_eq!(*v[3].as_ref().unwrap(), 4);
/// ```
pub fn iter_array_async<T: DecodeOwned, R: AsyncSource>(reader: R) -> ArrayStream<R, T> {
    iter_array_async_with(reader, &Options::default())
}

/// [`iter_array_async`] with explicit [`Options`] (limits per element, buffer size).
///
/// ```
/// use futures::StreamExt;
///
/// let opts = codec::json::Options::new().buffer_size(4);
/// let input: &[u8] = b"[10, 20, 30]";
/// let sum: u32 = futures::executor::block_on(
///     codec::json::iter_array_async_with::<u32, _>(codec::io::Tokio(input), &opts).map(Result::unwrap).collect::<Vec<_>>(),
/// )
/// .iter()
/// .sum();
/// assert_eq!(sum, 60);
/// ```
pub fn iter_array_async_with<T: DecodeOwned, R: AsyncSource>(reader: R, options: &Options) -> ArrayStream<R, T> {
    ArrayStream {
        buf: StreamBuffer::new(reader, options.buffer_size, options.max_value_len, true),
        state: Elements::new(options),
        reading: false,
        _t: PhantomData,
    }
}

/// [`from_reader`](super::from_reader) over an async reader: one `T`, followed only by
/// whitespace. The reader is read to its end (up to [`Options::max_value_len`]) and the
/// document decoded once, with the errors of `from_reader`.
///
/// ```
/// #[derive(codec::Codec, Debug, PartialEq)]
/// struct Config { name: String, port: u16 }
///
/// let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
/// let file: &[u8] = b"{\"name\": \"api\", \"port\": 8080}"; // or a `tokio::fs::File`
/// let cfg: Config = rt.block_on(codec::json::from_async_reader(codec::io::Tokio(file)))?;
/// assert_eq!(cfg, Config { name: "api".into(), port: 8080 });
/// # Ok::<(), codec::Error>(())
/// ```
pub async fn from_async_reader<T: DecodeOwned, R: AsyncSource>(reader: R) -> Result<T> {
    from_async_reader_with(reader, &Options::default()).await
}

/// [`from_async_reader`] with explicit [`Options`]. With [`Options::allow_trailing`], the
/// reader is read only about as far as the document needs, and what follows it is not
/// looked at.
///
/// ```
/// let opts = codec::json::Options::new().allow_trailing(true);
/// let input: &[u8] = b"[1, 2] and more";
/// let v: Vec<u8> = futures::executor::block_on(codec::json::from_async_reader_with(codec::io::Tokio(input), &opts))?;
/// assert_eq!(v, [1, 2]);
/// # Ok::<(), codec::Error>(())
/// ```
pub async fn from_async_reader_with<T: DecodeOwned, R: AsyncSource>(reader: R, options: &Options) -> Result<T> {
    let buf = StreamBuffer::new(reader, options.buffer_size, options.max_value_len, true);
    let mut doc = Document::new();
    read_document(buf, !options.allow_trailing, |w, failed| match failed {
        Some(e) => Advance::Item(Err(doc.read_failed(w, e))),
        None => doc.advance(w, options, |w| decode_at(w, options, 0)),
    })
    .await
}

/// Appends JSON Lines (for the async writers here and the streamed HTTP bodies of
/// `codec::web`, which own their options).
pub(crate) struct Lines<O> {
    options: O,
}

impl<O: Borrow<EncodeOptions>> Lines<O> {
    pub(crate) fn new(options: O) -> Self {
        Lines { options }
    }
}

impl<T: Encode, O: Borrow<EncodeOptions>> ItemEncoder<T> for Lines<O> {
    fn encode(&mut self, item: &T, out: &mut Vec<u8>) -> Result<()> {
        let options = self.options.borrow();
        if options.preserve_refs {
            // Each line is a document of its own, its ids numbered from the start.
            out.extend_from_slice(&to_vec_with(item, options)?);
        } else {
            let mut w = JsonWriter::from_vec(core::mem::take(out));
            w.set_options(options);
            let result = item.encode(&mut w);
            *out = w.into_inner();
            result?;
        }
        out.push(b'\n');
        Ok(())
    }

    fn end(&mut self, _: &mut Vec<u8>) -> Result<()> {
        Ok(())
    }
}

/// [`write_lines`](super::write_lines) into an async writer: each item of `items` compact
/// on a line of its own, ended by `\n`. The items are encoded into one reused buffer,
/// written whenever it holds 64 KiB and whenever `items` has no item ready, with a flush
/// then (a JSON Lines HTTP response sends each line as soon as it is made, when items come
/// one by one), and at the end, where the writer is flushed (not shut down). Nothing is
/// asked of `items` while the writer is not accepting bytes: a slow peer slows the
/// producer down, and memory stays at one buffer. An iterator becomes a [`Stream`] with
/// `futures::stream::iter`.
///
/// On an encoding error, the lines before the failing item are written, none of it; after
/// an I/O error nothing more is written.
///
/// ```
/// #[derive(codec::Codec)]
/// struct Event { id: u32, kind: &'static str }
///
/// let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
/// let mut out = Vec::new(); // or a `TcpStream`, an HTTP body
/// let events = futures::stream::iter([Event { id: 1, kind: "open" }, Event { id: 2, kind: "close" }]);
/// rt.block_on(codec::json::write_lines_async(codec::io::Tokio(&mut out), events))?;
/// assert_eq!(out, b"{\"id\":1,\"kind\":\"open\"}\n{\"id\":2,\"kind\":\"close\"}\n");
/// # Ok::<(), codec::Error>(())
/// ```
pub async fn write_lines_async<W, S>(out: W, items: S) -> Result<()>
where
    W: AsyncSink,
    S: Stream,
    S::Item: Encode,
{
    write_lines_async_with(out, items, &EncodeOptions::default()).await
}

/// [`write_lines_async`], as [`EncodeOptions`] say; with [`EncodeOptions::preserve_refs`]
/// every line numbers its ids from the start.
///
/// ```
/// use codec::json::{EncodeOptions, NonFinite};
///
/// let mut out = Vec::new();
/// let opts = EncodeOptions::new().non_finite(NonFinite::Null);
/// let items = futures::stream::iter([1.5, f64::NAN]);
/// futures::executor::block_on(codec::json::write_lines_async_with(codec::io::Tokio(&mut out), items, &opts))?;
/// assert_eq!(out, b"1.5\nnull\n");
/// # Ok::<(), codec::Error>(())
/// ```
pub async fn write_lines_async_with<W, S>(out: W, items: S, options: &EncodeOptions) -> Result<()>
where
    W: AsyncSink,
    S: Stream,
    S::Item: Encode,
{
    write_items(out, items, Lines::new(options)).await
}

/// Appends the elements of one array. In refs mode the array is one document whose ids go
/// in at its end: it is all held here, with its ids, until then.
pub(crate) struct Elems<O> {
    options: O,
    first: bool,
    held: Option<(Vec<u8>, Option<Box<EncodeRefs>>)>,
}

impl<O: Borrow<EncodeOptions>> Elems<O> {
    pub(crate) fn new(options: O) -> Self {
        let held = options.borrow().preserve_refs.then(|| {
            let mut w = JsonWriter::with_capacity(128);
            w.set_options(options.borrow());
            w.suspend()
        });
        Elems { options, first: true, held }
    }
}

impl<T: Encode, O: Borrow<EncodeOptions>> ItemEncoder<T> for Elems<O> {
    fn encode(&mut self, item: &T, out: &mut Vec<u8>) -> Result<()> {
        let sep = if core::mem::replace(&mut self.first, false) { b'[' } else { b',' };
        let options = self.options.borrow();
        if let Some((buf, refs)) = self.held.as_mut() {
            let mut w = JsonWriter::resume(core::mem::take(buf), refs.take(), options);
            w.write_byte(sep);
            let result = item.encode(&mut w);
            (*buf, *refs) = w.suspend();
            return result;
        }
        out.push(sep);
        let mut w = JsonWriter::from_vec(core::mem::take(out));
        w.set_options(options);
        let result = item.encode(&mut w);
        *out = w.into_inner();
        result
    }

    fn end(&mut self, out: &mut Vec<u8>) -> Result<()> {
        let bytes: &[u8] = if self.first { b"[]" } else { b"]" };
        match self.held.take() {
            Some((buf, refs)) => {
                let mut w = JsonWriter::resume(buf, refs, self.options.borrow());
                w.write_raw(bytes);
                out.extend_from_slice(&w.into_output());
            }
            None => out.extend_from_slice(bytes),
        }
        Ok(())
    }

    fn holds(&self) -> bool {
        self.held.is_some()
    }
}

/// [`write_array`](super::write_array) into an async writer: one JSON array of the items
/// of `items`, the bytes [`to_writer`](super::to_writer) writes for a `Vec` of them. Written
/// and flushed as [`write_lines_async`] writes lines. With
/// [`EncodeOptions::preserve_refs`] (see [`write_array_async_with`]) the array is one
/// document whose ids go in after encoding: it is made in memory and written at the end.
///
/// ```
/// let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
/// let mut out = Vec::new();
/// rt.block_on(codec::json::write_array_async(codec::io::Tokio(&mut out), futures::stream::iter((1..=3).map(|i| i * i))))?;
/// assert_eq!(out, b"[1,4,9]");
/// # Ok::<(), codec::Error>(())
/// ```
pub async fn write_array_async<W, S>(out: W, items: S) -> Result<()>
where
    W: AsyncSink,
    S: Stream,
    S::Item: Encode,
{
    write_array_async_with(out, items, &EncodeOptions::default()).await
}

/// [`write_array_async`], as [`EncodeOptions`] say.
///
/// ```
/// use std::sync::Arc;
///
/// let shared = Arc::new("x".to_string());
/// let mut out = Vec::new();
/// let opts = codec::json::EncodeOptions::new().preserve_refs(true);
/// let items = futures::stream::iter([shared.clone(), shared]);
/// futures::executor::block_on(codec::json::write_array_async_with(codec::io::Tokio(&mut out), items, &opts))?;
/// assert_eq!(out, br#"[{"$id":1,"$value":"x"},{"$ref":1}]"#);
/// # Ok::<(), codec::Error>(())
/// ```
pub async fn write_array_async_with<W, S>(out: W, items: S, options: &EncodeOptions) -> Result<()>
where
    W: AsyncSink,
    S: Stream,
    S::Item: Encode,
{
    write_items(out, items, Elems::new(options)).await
}
