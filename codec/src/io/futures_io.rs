//! futures' `AsyncRead` and `AsyncWrite` as the async streams' [`AsyncSource`] and
//! [`AsyncSink`] (feature `futures-io`): async-std, smol and other runtimes' types.

use core::pin::Pin;
use core::task::{Context, Poll};
use std::io;

use ::futures_io::{AsyncRead, AsyncWrite};

use super::{AsyncSink, AsyncSource};

/// A `futures::io::AsyncRead` as the source of the async decoders
/// (`codec::json::iter_values_async` and the others), and a `futures::io::AsyncWrite` as
/// the sink of the async writers. The reader must be [`Unpin`]: pin one that is not with
/// `Box::pin(reader)`. A stream over it is `Unpin`, and `Send` when the reader is.
///
/// ```
/// use codec::io::FuturesIo;
/// use futures::StreamExt;
///
/// let input = futures::io::Cursor::new(b"{\"id\": 1}\n{\"id\": 2}\n".to_vec());
/// let ids: Vec<codec::json::Value> = futures::executor::block_on(
///     codec::json::iter_values_async(FuturesIo(input)).map(Result::unwrap).collect(),
/// );
/// assert_eq!(ids.len(), 2);
///
/// let mut out = FuturesIo(futures::io::Cursor::new(Vec::new()));
/// futures::executor::block_on(codec::json::write_array_async(&mut out, futures::stream::iter(["a", "b"])))?;
/// assert_eq!(out.0.into_inner(), br#"["a","b"]"#);
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct FuturesIo<R>(pub R);

impl<R: AsyncRead + Unpin> AsyncSource for FuturesIo<R> {
    #[inline]
    fn poll_read_into(&mut self, cx: &mut Context<'_>, buf: &mut [u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.0).poll_read(cx, buf)
    }
}

impl<W: AsyncWrite + Unpin> AsyncSink for FuturesIo<W> {
    #[inline]
    fn poll_write_from(&mut self, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.0).poll_write(cx, buf)
    }
    #[inline]
    fn poll_flush_out(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_flush(cx)
    }
}
