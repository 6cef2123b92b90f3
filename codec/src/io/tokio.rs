//! tokio's `AsyncRead` and `AsyncWrite` as the async streams' [`AsyncSource`] and
//! [`AsyncSink`] (feature `tokio`).

use core::pin::Pin;
use core::task::{Context, Poll};
use std::io;

use ::tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use super::{AsyncSink, AsyncSource};

/// A `tokio::io::AsyncRead` (a `TcpStream`, a `File`, a `BufReader`, ...) as the source of
/// the async decoders (`codec::json::iter_values_async` and the others), and a
/// `tokio::io::AsyncWrite` as the sink of the async writers. The reader must be [`Unpin`]:
/// pin one that is not with `Box::pin(reader)` or `std::pin::pin!(reader)`. A stream over
/// it is `Unpin`, and `Send` when the reader is.
///
/// ```
/// # tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
/// use codec::io::Tokio;
/// use futures::StreamExt;
///
/// let (client, server) = tokio::io::duplex(64);
/// let writer = tokio::spawn(codec::json::write_lines_async(Tokio(client), futures::stream::iter([1u32, 2, 3])));
/// let got: Vec<u32> = codec::json::iter_values_async::<u32, _>(Tokio(server)).map(Result::unwrap).collect().await;
/// assert_eq!(got, [1, 2, 3]);
/// writer.await.unwrap()?;
/// # Ok::<(), codec::Error>(())
/// # }).unwrap();
/// ```
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Tokio<R>(pub R);

impl<R: AsyncRead + Unpin> AsyncSource for Tokio<R> {
    #[inline]
    fn poll_read_into(&mut self, cx: &mut Context<'_>, buf: &mut [u8]) -> Poll<io::Result<usize>> {
        let mut read = ReadBuf::new(buf);
        match Pin::new(&mut self.0).poll_read(cx, &mut read) {
            Poll::Ready(Ok(())) => Poll::Ready(Ok(read.filled().len())),
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<W: AsyncWrite + Unpin> AsyncSink for Tokio<W> {
    #[inline]
    fn poll_write_from(&mut self, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.0).poll_write(cx, buf)
    }
    #[inline]
    fn poll_flush_out(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_flush(cx)
    }
}
