//! MessagePack over async readers and writers (features `tokio` and `futures-io`): the
//! stream of [`iter_values_async`], one value from [`from_async_reader`], and
//! [`write_values_async`]. The blocking forms' state machines over the same buffer, as in
//! `json::async_stream`: the same values, errors and limits.

use core::marker::PhantomData;
use core::pin::Pin;
use core::task::{Context, Poll};

use futures_core::Stream;

use super::stream::{decode_item, Document, Step, Values};
use super::{EncodeOptions, MsgpackWriter, Options};
use crate::error::Result;
use crate::io::{poll_items, read_document, write_items, AsyncSink, AsyncSource, ItemEncoder, StreamBuffer};
use crate::window::{Advance, Window};
use crate::{DecodeOwned, Encode};

#[inline]
fn decode_at<T: DecodeOwned, W: Window>(w: &W, options: &Options) -> Step<T> {
    decode_item(w.data(), w.exhausted(), options, T::decode)
}

/// The values of an async MessagePack stream, from [`iter_values_async`]: a [`Stream`] of
/// one `Result<T>` per value. `Unpin`; `Send` when the reader is.
pub struct ValueStream<R, T> {
    buf: StreamBuffer<R>,
    state: Values,
    /// A read was `Pending`: the next poll polls it again.
    reading: bool,
    _t: PhantomData<fn() -> T>,
}

// The reader is only ever used through `&mut`, never pinned.
impl<R, T> Unpin for ValueStream<R, T> {}

impl<R: AsyncSource, T: DecodeOwned> Stream for ValueStream<R, T> {
    type Item = Result<T>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<T>>> {
        let this = self.get_mut();
        let state = &mut this.state;
        poll_items(&mut this.buf, &mut this.reading, cx, |w, failed| match failed {
            Some(e) => Advance::Item(Err(state.read_failed(w, e))),
            None => state.advance(w, decode_at),
        })
    }
}

/// [`iter_values`](super::iter_values) over an async reader: a [`Stream`] of the
/// concatenated MessagePack values, each a `Result<T>` as soon as its last byte arrived,
/// with the same errors and rules (a well-formed value of the wrong type is one error item;
/// malformed bytes or a read failure end the stream after their error).
///
/// ```
/// use futures::StreamExt;
///
/// let packed: &[u8] = b"\x01\xa1x\x03"; // 1, "x", 3
/// let v: Vec<_> = futures::executor::block_on(codec::msgpack::iter_values_async::<u8, _>(codec::io::Tokio(packed)).collect());
/// assert_eq!(*v[0].as_ref().unwrap(), 1);
/// assert_eq!(v[1].as_ref().unwrap_err().item(), Some(1));
/// assert_eq!(*v[2].as_ref().unwrap(), 3);
/// ```
pub fn iter_values_async<T: DecodeOwned, R: AsyncSource>(reader: R) -> ValueStream<R, T> {
    iter_values_async_with(reader, &Options::default())
}

/// [`iter_values_async`] with explicit [`Options`]; [`Options::allow_trailing`] has no
/// effect.
///
/// ```
/// use futures::StreamExt;
///
/// let opts = codec::msgpack::Options::new().buffer_size(1);
/// let packed: &[u8] = b"\x01\x02\xcc\xff";
/// let v: Vec<u8> = futures::executor::block_on(
///     codec::msgpack::iter_values_async_with::<u8, _>(codec::io::Tokio(packed), &opts).map(Result::unwrap).collect(),
/// );
/// assert_eq!(v, [1, 2, 255]);
/// ```
pub fn iter_values_async_with<T: DecodeOwned, R: AsyncSource>(reader: R, options: &Options) -> ValueStream<R, T> {
    ValueStream {
        buf: StreamBuffer::new(reader, options.buffer_size, options.max_value_len, false),
        state: Values::new(options),
        reading: false,
        _t: PhantomData,
    }
}

/// [`from_reader`](super::from_reader) over an async reader: one `T`, nothing after it.
///
/// ```
/// let packed = codec::msgpack::to_vec(&("id", 7u32))?;
/// let v: (String, u32) = futures::executor::block_on(codec::msgpack::from_async_reader(codec::io::Tokio(&packed[..])))?;
/// assert_eq!(v, ("id".to_string(), 7));
/// # Ok::<(), codec::Error>(())
/// ```
pub async fn from_async_reader<T: DecodeOwned, R: AsyncSource>(reader: R) -> Result<T> {
    from_async_reader_with(reader, &Options::default()).await
}

/// [`from_async_reader`] with explicit [`Options`]; with [`Options::allow_trailing`]
/// nothing after the value is looked at.
///
/// ```
/// let opts = codec::msgpack::Options::new().allow_trailing(true);
/// let input: &[u8] = b"\x01\x02";
/// assert_eq!(futures::executor::block_on(codec::msgpack::from_async_reader_with::<u8, _>(codec::io::Tokio(input), &opts))?, 1);
/// # Ok::<(), codec::Error>(())
/// ```
pub async fn from_async_reader_with<T: DecodeOwned, R: AsyncSource>(reader: R, options: &Options) -> Result<T> {
    let buf = StreamBuffer::new(reader, options.buffer_size, options.max_value_len, false);
    let mut doc = Document::new();
    read_document(buf, !options.allow_trailing, |w, failed| match failed {
        Some(e) => Advance::Item(Err(doc.read_failed(w, e))),
        None => doc.advance(w, options, |w| decode_at(w, options)),
    })
    .await
}

/// Appends concatenated values, each a document of its own.
struct Concat<'o> {
    options: &'o EncodeOptions,
}

impl<T: Encode> ItemEncoder<T> for Concat<'_> {
    fn encode(&mut self, item: &T, out: &mut Vec<u8>) -> Result<()> {
        let mut w = MsgpackWriter::from_vec(core::mem::take(out));
        // A fresh table per value: ids belong to one document.
        w.set_options(self.options);
        let result = item.encode(&mut w);
        *out = w.into_inner();
        result
    }

    fn end(&mut self, _: &mut Vec<u8>) -> Result<()> {
        Ok(())
    }
}

/// [`write_values`](super::write_values) into an async writer: the items of `items`
/// concatenated, written and flushed as
/// [`json::write_lines_async`](crate::json::write_lines_async) writes lines (64 KiB at
/// most gathered, a write and a flush whenever `items` has nothing ready, a flush at the
/// end), never asking for an item while the writer is not accepting bytes.
///
/// ```
/// let mut out = Vec::new();
/// futures::executor::block_on(codec::msgpack::write_values_async(codec::io::Tokio(&mut out), futures::stream::iter(["a", "bc"])))?;
/// assert_eq!(out, b"\xa1a\xa2bc");
/// # Ok::<(), codec::Error>(())
/// ```
pub async fn write_values_async<W, S>(out: W, items: S) -> Result<()>
where
    W: AsyncSink,
    S: Stream,
    S::Item: Encode,
{
    write_values_async_with(out, items, &EncodeOptions::default()).await
}

/// [`write_values_async`], as [`EncodeOptions`] say: with
/// [`EncodeOptions::preserve_refs`] every value numbers its ids from the start.
///
/// ```
/// use std::sync::Arc;
///
/// let shared = Arc::new(7u8);
/// let opts = codec::msgpack::EncodeOptions::new().preserve_refs(true);
/// let mut out = Vec::new();
/// let items = futures::stream::iter([[shared.clone(), shared.clone()], [shared.clone(), shared]]);
/// futures::executor::block_on(codec::msgpack::write_values_async_with(codec::io::Tokio(&mut out), items, &opts))?;
/// let (first, second) = out.split_at(out.len() / 2);
/// assert_eq!(first, second);
/// # Ok::<(), codec::Error>(())
/// ```
pub async fn write_values_async_with<W, S>(out: W, items: S, options: &EncodeOptions) -> Result<()>
where
    W: AsyncSink,
    S: Stream,
    S::Item: Encode,
{
    write_items(out, items, Concat { options }).await
}
