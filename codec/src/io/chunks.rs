//! A stream of byte chunks (an HTTP body) as an [`AsyncSource`] (feature `async`).

use core::pin::Pin;
use core::task::{Context, Poll};
use std::io;

use futures_core::Stream;

use super::AsyncSource;

/// A [`Stream`] of byte chunks, each a `Result<B, E>` with `B: AsRef<[u8]>`, as the source
/// of the async decoders: the body of an HTTP request or response as a framework hands it
/// out (axum's `BodyDataStream`, actix-web's `Payload`, reqwest's `bytes_stream()`, a
/// hyper body's frames), or any channel of buffers. A chunk is copied into the decoder's
/// buffer as the decoder asks for bytes and dropped once it is used up; an `Err` chunk
/// becomes the read failure that ends the stream of items (as an I/O error would), with
/// the chunk's error as its source.
///
/// ```
/// use codec::io::Chunks;
/// use futures::StreamExt;
///
/// // A body that arrived in three chunks, split mid-value.
/// let chunks = futures::stream::iter([b"[1, 2".to_vec(), b"2, 3".to_vec(), b"]".to_vec()].map(Ok::<_, std::io::Error>));
/// let v: Vec<u32> = futures::executor::block_on(codec::json::from_async_reader(Chunks::new(chunks)))?;
/// assert_eq!(v, [1, 22, 3]);
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Debug)]
pub struct Chunks<S, B> {
    chunks: S,
    /// The chunk being read, and how much of it was.
    chunk: Option<(B, usize)>,
    /// The stream ended (or failed): it is not polled again.
    done: bool,
}

impl<S, B> Chunks<S, B> {
    /// Reads the chunks of `chunks` in order.
    pub fn new(chunks: S) -> Self {
        Chunks { chunks, chunk: None, done: false }
    }

    /// The stream of chunks, with whatever of the current chunk was not read lost.
    pub fn into_inner(self) -> S {
        self.chunks
    }
}

impl<S, B, E> AsyncSource for Chunks<S, B>
where
    S: Stream<Item = Result<B, E>> + Unpin,
    B: AsRef<[u8]>,
    E: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    fn poll_read_into(&mut self, cx: &mut Context<'_>, buf: &mut [u8]) -> Poll<io::Result<usize>> {
        loop {
            if let Some((chunk, at)) = &mut self.chunk {
                let rest = &chunk.as_ref()[*at..];
                if !rest.is_empty() {
                    let n = rest.len().min(buf.len());
                    buf[..n].copy_from_slice(&rest[..n]);
                    *at += n;
                    return Poll::Ready(Ok(n));
                }
                self.chunk = None;
            }
            if self.done {
                return Poll::Ready(Ok(0));
            }
            match Pin::new(&mut self.chunks).poll_next(cx) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(Some(Ok(chunk))) => self.chunk = Some((chunk, 0)),
                Poll::Ready(Some(Err(e))) => {
                    self.done = true;
                    return Poll::Ready(Err(io::Error::other(e)));
                }
                Poll::Ready(None) => self.done = true,
            }
        }
    }
}
