//! Where a streaming writer's buffer goes when it fills.
//!
//! [`JsonWriter`](crate::json::JsonWriter) and [`MsgpackWriter`](crate::msgpack::MsgpackWriter)
//! append to an in-memory buffer. With a sink attached, the cold path that would grow the
//! buffer hands its contents to the sink instead and starts over, so a document of any size
//! goes out through a buffer of fixed size while the hot appends stay exactly as they are
//! without one. The trait knows nothing of `std::io`: an async adapter, or the pretty
//! printer (which reformats each chunk on its way to the next sink), is just another sink.

use alloc::vec::Vec;
#[cfg(feature = "std")]
use std::io;

#[cfg(feature = "std")]
use crate::error::{Error, Result};

/// The default size of a streaming writer's buffer: large enough that the sink is called
/// rarely (a `write` system call per 64 KiB), small enough to stay in the L2 cache.
pub(crate) const DEFAULT_BUFFER: usize = 64 << 10;

/// Takes the chunks of a document in order.
///
/// A sink never fails a write: it remembers its first error (sticky), discards everything
/// after it, and the entry point that attached it reports the error at the end. Writer
/// methods return `()`, and the encoder need not stop half-way through a value to notice.
pub(crate) trait Sink {
    /// The next `bytes` of the document.
    fn write_chunk(&mut self, bytes: &[u8]);
}

/// An [`io::Write`] as a [`Sink`], with its sticky error.
#[cfg(feature = "std")]
pub(crate) struct IoSink<W: io::Write> {
    out: W,
    error: Option<io::Error>,
}

#[cfg(feature = "std")]
impl<W: io::Write> IoSink<W> {
    pub(crate) fn new(out: W) -> Self {
        IoSink { out, error: None }
    }

    /// The first I/O error, if any write failed.
    pub(crate) fn finish(self) -> Result<()> {
        match self.error {
            None => Ok(()),
            Some(e) => Err(io_error(e)),
        }
    }
}

#[cfg(feature = "std")]
impl<W: io::Write> Sink for IoSink<W> {
    #[inline]
    fn write_chunk(&mut self, bytes: &[u8]) {
        if self.error.is_none() {
            if let Err(e) = self.out.write_all(bytes) {
                self.error = Some(e);
            }
        }
    }
}

#[cold]
#[inline(never)]
#[cfg(feature = "std")]
fn io_error(e: io::Error) -> Error {
    Error::from(e)
}

/// A `Vec` collects every chunk: how the pretty printer's output is gathered by
/// `to_vec_pretty`.
impl Sink for Vec<u8> {
    #[inline]
    fn write_chunk(&mut self, bytes: &[u8]) {
        self.extend_from_slice(bytes);
    }
}
