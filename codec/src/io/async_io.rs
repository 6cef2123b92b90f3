//! The async forms of the streaming decoders and writers (features `tokio` and
//! `futures-io`): what a reader and a writer must do ([`AsyncSource`], [`AsyncSink`]), the
//! poll-read into the same [`StreamBuffer`] as the blocking reads, and the write loop of
//! the async `write_lines`, `write_array` and `write_values`.
//!
//! Nothing here decodes: the state machines of `json::stream` and `msgpack::stream` step
//! over the bytes at hand and say when they need more ([`Advance::More`]); the sync
//! iterators then read with [`StreamBuffer::fill`], the streams here with [`poll_fill`],
//! both through [`StreamBuffer::read_start`] / [`StreamBuffer::read_done`], so the buffer's
//! growth, the `max_value_len` check, line counting and the rule that keeps a trickled
//! item linear are the same code.

use core::future::poll_fn;
use core::pin::pin;
use core::task::{Context, Poll};
use std::io;

use futures_core::Stream;

use super::StreamBuffer;
use crate::error::{Error, Result};
use crate::window::Advance;

/// A source of bytes for the async streaming decoders, as [`Source`](super::Source) is for
/// the blocking ones: [`Tokio`](super::Tokio) (feature `tokio`) makes one of a
/// `tokio::io::AsyncRead`, and [`FuturesIo`](super::FuturesIo) (feature `futures-io`) of a
/// `futures::io::AsyncRead`. The two runtimes' traits are different traits, hence the
/// wrappers. Anything else that can be polled for bytes may implement it.
///
/// ```
/// use std::task::{Context, Poll};
///
/// /// Hands out one byte per poll, and is not ready every other poll.
/// struct Slow { bytes: Vec<u8>, at: usize, ready: bool }
///
/// impl codec::io::AsyncSource for Slow {
///     fn poll_read_into(&mut self, cx: &mut Context<'_>, buf: &mut [u8]) -> Poll<std::io::Result<usize>> {
///         self.ready = !self.ready;
///         if !self.ready {
///             cx.waker().wake_by_ref();
///             return Poll::Pending;
///         }
///         let Some(&b) = self.bytes.get(self.at) else { return Poll::Ready(Ok(0)) };
///         buf[0] = b;
///         self.at += 1;
///         Poll::Ready(Ok(1))
///     }
/// }
///
/// let slow = Slow { bytes: b"[1, 2, 3]".to_vec(), at: 0, ready: false };
/// let rt = tokio::runtime::Builder::new_current_thread().build()?;
/// let v: Vec<u8> = rt.block_on(codec::json::from_async_reader(slow))?;
/// assert_eq!(v, [1, 2, 3]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait AsyncSource {
    /// Reads some bytes into `buf` (non-empty) and returns how many, or `Pending` after
    /// arranging for `cx`'s waker to be woken; `Ok(0)` means the end of the stream.
    /// [`std::io::ErrorKind::Interrupted`] is retried by the caller.
    fn poll_read_into(&mut self, cx: &mut Context<'_>, buf: &mut [u8]) -> Poll<io::Result<usize>>;
}

/// A sink of bytes for the async writers (`json::write_lines_async` and the others):
/// [`Tokio`](super::Tokio) makes one of a `tokio::io::AsyncWrite`, [`FuturesIo`](super::FuturesIo)
/// of a `futures::io::AsyncWrite`.
///
/// ```
/// use std::task::{Context, Poll};
///
/// /// Takes at most 3 bytes per poll.
/// struct Narrow(Vec<u8>);
///
/// impl codec::io::AsyncSink for Narrow {
///     fn poll_write_from(&mut self, _: &mut Context<'_>, buf: &[u8]) -> Poll<std::io::Result<usize>> {
///         let n = buf.len().min(3);
///         self.0.extend_from_slice(&buf[..n]);
///         Poll::Ready(Ok(n))
///     }
///     fn poll_flush_out(&mut self, _: &mut Context<'_>) -> Poll<std::io::Result<()>> {
///         Poll::Ready(Ok(()))
///     }
/// }
///
/// let mut out = Narrow(Vec::new());
/// let items = futures::stream::iter([1, 22, 333]);
/// futures::executor::block_on(codec::json::write_lines_async(&mut out, items))?;
/// assert_eq!(out.0, b"1\n22\n333\n");
/// # Ok::<(), codec::Error>(())
/// ```
pub trait AsyncSink {
    /// Writes some of `buf` (non-empty) and returns how many bytes, or `Pending` after
    /// arranging for `cx`'s waker to be woken. `Ok(0)` is a failure ([`WriteZero`]);
    /// [`Interrupted`] is retried.
    ///
    /// [`WriteZero`]: std::io::ErrorKind::WriteZero
    /// [`Interrupted`]: std::io::ErrorKind::Interrupted
    fn poll_write_from(&mut self, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>>;

    /// Flushes what the sink buffers.
    fn poll_flush_out(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>>;
}

impl<S: AsyncSink + ?Sized> AsyncSink for &mut S {
    #[inline]
    fn poll_write_from(&mut self, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        (**self).poll_write_from(cx, buf)
    }
    #[inline]
    fn poll_flush_out(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        (**self).poll_flush_out(cx)
    }
}

impl<S: AsyncSource + ?Sized> AsyncSource for &mut S {
    #[inline]
    fn poll_read_into(&mut self, cx: &mut Context<'_>, buf: &mut [u8]) -> Poll<io::Result<usize>> {
        (**self).poll_read_into(cx, buf)
    }
}

/// [`StreamBuffer::fill`] by polling: one read into the free area, or `Pending` (then the
/// next call polls the same read again: [`StreamBuffer::read_start`] changes nothing twice).
pub(crate) fn poll_fill<S: AsyncSource>(buf: &mut StreamBuffer<S>, cx: &mut Context<'_>) -> Poll<Result<()>> {
    match buf.read_start() {
        Ok(true) => {}
        Ok(false) => return Poll::Ready(Ok(())),
        Err(e) => return Poll::Ready(Err(e)),
    }
    loop {
        let (source, spare) = buf.read_parts();
        match source.poll_read_into(cx, spare) {
            Poll::Pending => return Poll::Pending,
            Poll::Ready(Ok(n)) => buf.read_done(n),
            Poll::Ready(Err(e)) if e.kind() == io::ErrorKind::Interrupted => continue,
            Poll::Ready(Err(e)) => return Poll::Ready(Err(buf.read_failed(&e))),
        }
        return Poll::Ready(Ok(()));
    }
}

/// [`StreamBuffer::fill_to_end`] by polling: reads until the end of the source, or until
/// the bytes at hand reach `max_value_len` (one document, which must be read to its end).
pub(crate) fn poll_fill_to_end<S: AsyncSource>(buf: &mut StreamBuffer<S>, cx: &mut Context<'_>) -> Poll<Result<()>> {
    while !buf.exhausted() && !buf.at_limit() {
        match poll_fill(buf, cx) {
            Poll::Ready(Ok(())) => {}
            other => return other,
        }
    }
    Poll::Ready(Ok(()))
}

/// The poll of an async stream of items: steps the state machine (`step(buf, None)`) over
/// the bytes at hand, and polls a read whenever it asks for more; a failed read goes to the
/// machine (`step(buf, Some(error))`), which makes it an item's error. `reading`: a read is
/// under way (it was `Pending`), kept in the stream between polls.
#[inline]
pub(crate) fn poll_items<S: AsyncSource, T>(
    buf: &mut StreamBuffer<S>,
    reading: &mut bool,
    cx: &mut Context<'_>,
    mut step: impl FnMut(&mut StreamBuffer<S>, Option<Error>) -> Advance<T>,
) -> Poll<Option<Result<T>>> {
    loop {
        if *reading {
            let read = match poll_fill(buf, cx) {
                Poll::Ready(read) => read,
                Poll::Pending => return Poll::Pending,
            };
            *reading = false;
            if let Err(e) = read {
                if let Advance::Item(r) = step(buf, Some(e)) {
                    return Poll::Ready(Some(r));
                }
            }
        }
        match step(buf, None) {
            Advance::Item(r) => return Poll::Ready(Some(r)),
            Advance::End => return Poll::Ready(None),
            Advance::More => *reading = true,
        }
    }
}

/// One document from an async source, as the state machine `step` decodes it (see
/// [`poll_items`]): the source is read to its end first unless `whole_first` is false
/// (`allow_trailing`).
pub(crate) async fn read_document<S: AsyncSource, T>(
    mut buf: StreamBuffer<S>,
    whole_first: bool,
    mut step: impl FnMut(&mut StreamBuffer<S>, Option<Error>) -> Advance<T>,
) -> Result<T> {
    if whole_first {
        if let Err(e) = poll_fn(|cx| poll_fill_to_end(&mut buf, cx)).await {
            return Err(match step(&mut buf, Some(e)) {
                Advance::Item(Err(e)) => e,
                // The machines make every failed read an error.
                _ => crate::Error::custom("internal error: a failed read was no error"),
            });
        }
    }
    let mut reading = false;
    match poll_fn(|cx| poll_items(&mut buf, &mut reading, cx, &mut step)).await {
        Some(r) => r,
        // A document's machine ends with its value or its error, never without.
        None => Err(crate::Error::custom("internal error: a document ended without its value")),
    }
}

/// How the async writers encode: one item appended to the output at a time, then the
/// end of the sequence.
pub(crate) trait ItemEncoder<T> {
    /// Appends `item` to `out` (what separates it from the previous item included).
    fn encode(&mut self, item: &T, out: &mut Vec<u8>) -> Result<()>;
    /// Appends the end of the sequence.
    fn end(&mut self, out: &mut Vec<u8>) -> Result<()>;
    /// Whether nothing can be written before the end (a `preserve_refs` array: its ids go
    /// in after encoding).
    fn holds(&self) -> bool {
        false
    }
}

/// What the async writers gather before a write: as the blocking writers' buffer.
const CHUNK: usize = 64 << 10;

/// The async writers' loop: encodes the items of `items` into one reused buffer and writes
/// it to `out` whenever it holds [`CHUNK`] bytes, and whenever `items` has nothing ready
/// (then it flushes too, so each line goes out as soon as it is made when items come one
/// by one); at the end it writes the rest and flushes. Only one chunk (plus one item) is
/// ever held, and nothing is asked of `items` while `out` does not accept bytes: a slow
/// writer slows the stream down (back-pressure).
pub(crate) async fn write_items<W, S, E>(mut out: W, items: S, mut encoder: E) -> Result<()>
where
    W: AsyncSink,
    S: Stream,
    E: ItemEncoder<S::Item>,
{
    let mut items = pin!(items);
    let mut buf = Vec::with_capacity(CHUNK);
    loop {
        // What the stream has ready, without waiting for it.
        let ready = poll_fn(|cx| {
            Poll::Ready(match items.as_mut().poll_next(cx) {
                Poll::Ready(next) => Some(next),
                Poll::Pending => None,
            })
        })
        .await;
        let next = match ready {
            Some(next) => next,
            None => {
                // Nothing more for now: what is made goes out before the wait.
                if !encoder.holds() {
                    write_all(&mut out, &buf).await?;
                    buf.clear();
                    flush(&mut out).await?;
                }
                poll_fn(|cx| items.as_mut().poll_next(cx)).await
            }
        };
        match next {
            Some(item) => {
                let mark = buf.len();
                if let Err(e) = encoder.encode(&item, &mut buf) {
                    // The items before it are written, none of it.
                    buf.truncate(mark);
                    if !encoder.holds() {
                        write_all(&mut out, &buf).await?;
                        flush(&mut out).await?;
                    }
                    return Err(e);
                }
                if !encoder.holds() && buf.len() >= CHUNK {
                    write_all(&mut out, &buf).await?;
                    buf.clear();
                }
            }
            None => {
                encoder.end(&mut buf)?;
                write_all(&mut out, &buf).await?;
                return flush(&mut out).await;
            }
        }
    }
}

/// Writes all of `bytes`, as fast as `out` accepts them.
async fn write_all<W: AsyncSink>(out: &mut W, mut bytes: &[u8]) -> Result<()> {
    while !bytes.is_empty() {
        match poll_fn(|cx| out.poll_write_from(cx, bytes)).await {
            Ok(0) => return Err(Error::from(io::Error::from(io::ErrorKind::WriteZero))),
            Ok(n) => bytes = &bytes[n.min(bytes.len())..],
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(Error::from(e)),
        }
    }
    Ok(())
}

async fn flush<W: AsyncSink>(out: &mut W) -> Result<()> {
    poll_fn(|cx| out.poll_flush_out(cx)).await.map_err(Error::from)
}
