//! Byte sources and the refilled buffer under the streaming decoders
//! ([`json::from_reader`](crate::json::from_reader), [`json::iter_values`](crate::json::iter_values),
//! [`json::iter_array`](crate::json::iter_array) and their MessagePack twins).
//!
//! The streaming decoders read through one buffer ([`Options::buffer_size`], 64 KiB by
//! default) that they fill with [`Source::read_into`] calls, never byte by byte. Each item
//! (a value of a stream, an element of a streamed array) is decoded by the same reader as
//! `from_slice`, straight from the buffer. When the buffer ends inside an item, the bytes
//! already consumed are dropped (the unread tail moves to the front), the buffer doubles if
//! the item fills it, more bytes are read, and the item is decoded again from its start.
//! Memory is thus bounded by the largest item plus the buffer; an item longer than
//! [`Options::max_value_len`] (64 MiB by default) is a
//! [`SizeLimit`](crate::ErrorKind::SizeLimit) error. A single document (`from_reader`) is
//! read to the end of the source first, which the check for trailing bytes needs anyway,
//! and decoded once.
//!
//! A read that ends inside an item is followed by another attempt only where the item may
//! have ended: a cheap scan of each new byte (JSON's brackets and strings, MessagePack's
//! header counts) finds that place, and otherwise only once the bytes at hand have doubled
//! since the last attempt. So an item is decoded as soon as its last byte arrives (a request
//! on a socket is answered without waiting for more), and one that trickles in a byte per
//! read costs time linear in its length, not quadratic.
//!
//! A [`std::io::BufReader`] (or any `BufRead` that behaves like it) costs no second copy:
//! the decoders' reads ask for their whole free buffer, 64 KiB and more, and a `BufReader`
//! whose own buffer is empty and smaller than the request (8 KiB by default) hands such a
//! read straight to the reader inside it, as its documentation states; `read_to_end`, which
//! `from_reader` uses, drains what it holds and then reads directly too (after one small
//! read that probes for the end of the stream, which may refill the `BufReader` once). So
//! `from_reader(BufReader::new(file))`, the habit serde_json's docs teach, reads the file
//! into codec's buffer once, and bytes already buffered before the call are not lost.
//!
//! With the features `tokio` and `futures-io`, the same decoders read an async reader
//! (`json::iter_values_async`, `json::iter_array_async`, `json::from_async_reader`,
//! `msgpack::iter_values_async`, `msgpack::from_async_reader`) and the writers write into an
//! async writer (`json::write_lines_async`, `json::write_array_async`,
//! `msgpack::write_values_async`). A tokio reader or writer goes in as `Tokio(r)`, a futures
//! one as `FuturesIo(r)`: the runtimes' traits are different traits, and the wrappers turn
//! either into this module's `AsyncSource` / `AsyncSink`; a stream of byte chunks (an HTTP
//! body) goes in as `Chunks::new(body)` (feature `async`, which the others turn on). The
//! streams run the state machines of the blocking iterators over this buffer and poll the reader where those
//! read from it: the same items, errors, limits and recovery, and no second decoder.
//!
//! [`Options::buffer_size`]: crate::json::Options::buffer_size
//! [`Options::max_value_len`]: crate::json::Options::max_value_len

use std::cell::Cell;
use std::io;

#[cfg(feature = "async")]
mod async_io;
#[cfg(feature = "async")]
mod chunks;
#[cfg(feature = "futures-io")]
mod futures_io;
#[cfg(feature = "tokio")]
mod tokio;

#[cfg(feature = "async")]
pub(crate) use async_io::{poll_items, read_document, write_items, ItemEncoder};
#[cfg(feature = "async")]
pub use async_io::{AsyncSink, AsyncSource};
#[cfg(feature = "async")]
pub use chunks::Chunks;
#[cfg(feature = "futures-io")]
pub use futures_io::FuturesIo;
#[cfg(feature = "tokio")]
pub use tokio::Tokio;

use crate::error::{Error, ErrorKind, IoError, Result, StreamPos};
use crate::window::{newlines, Window};

/// A source of bytes for the streaming decoders: every [`std::io::Read`] is one. The buffer
/// logic needs nothing else, so a source that is not `Read` (an adapter over an async
/// stream that has its bytes ready, a ring buffer) can implement this instead.
///
/// ```
/// struct Chunks(Vec<Vec<u8>>);
/// impl codec::io::Source for Chunks {
///     fn read_into(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
///         let Some(chunk) = self.0.first_mut() else { return Ok(0) };
///         let n = chunk.len().min(buf.len());
///         buf[..n].copy_from_slice(&chunk[..n]);
///         chunk.drain(..n);
///         if chunk.is_empty() {
///             self.0.remove(0);
///         }
///         Ok(n)
///     }
/// }
/// let src = Chunks(vec![b"[1, 2".to_vec(), b"3]".to_vec()]);
/// assert_eq!(codec::json::from_reader::<Vec<u8>>(src)?, [1, 23]);
/// # Ok::<(), codec::Error>(())
/// ```
pub trait Source {
    /// Reads some bytes into `buf` (non-empty) and returns how many; `Ok(0)` means the end
    /// of the stream. [`std::io::ErrorKind::Interrupted`] is retried by the caller.
    fn read_into(&mut self, buf: &mut [u8]) -> io::Result<usize>;

    /// Appends bytes to `buf` until the end of the stream or until `limit` bytes are
    /// appended, and returns how many; on an error, the bytes appended before it stay. For
    /// one document, which is read to its end anyway. The default calls
    /// [`read_into`](Self::read_into) over a doubling spare area; every [`std::io::Read`]
    /// uses [`std::io::Read::read_to_end`] (which reads into uninitialized capacity, and
    /// sizes it from the file's length for a `File`).
    fn read_to_end_into(&mut self, buf: &mut Vec<u8>, limit: usize) -> io::Result<usize> {
        let start = buf.len();
        loop {
            let appended = buf.len() - start;
            if appended >= limit {
                return Ok(appended);
            }
            let spare = (buf.capacity() - buf.len()).max(8 << 10).min(limit - appended);
            let filled = buf.len();
            buf.resize(filled + spare, 0);
            match self.read_into(&mut buf[filled..]) {
                Ok(n) => {
                    buf.truncate(filled + n.min(spare));
                    if n == 0 {
                        return Ok(buf.len() - start);
                    }
                }
                Err(e) => {
                    buf.truncate(filled);
                    if e.kind() != io::ErrorKind::Interrupted {
                        return Err(e);
                    }
                }
            }
        }
    }
}

impl<R: io::Read + ?Sized> Source for R {
    #[inline]
    fn read_into(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.read(buf)
    }

    #[inline]
    fn read_to_end_into(&mut self, buf: &mut Vec<u8>, limit: usize) -> io::Result<usize> {
        io::Read::read_to_end(&mut io::Read::take(&mut *self, u64::try_from(limit).unwrap_or(u64::MAX)), buf)
    }
}

/// The refilled buffer: `buf[start..end]` holds the bytes read but not consumed.
pub(crate) struct StreamBuffer<S> {
    source: S,
    /// Initialized up to its length, which is the capacity in use (zeroed once per growth,
    /// so reads go straight into it).
    buf: Vec<u8>,
    start: usize,
    end: usize,
    /// Stream offset of `buf[0]`.
    base: usize,
    /// Lines counted for error positions: `(index into buf, newlines before it, stream
    /// offset of the start of the line it is on)`. Counting resumes from there, so neither
    /// a refill nor an error counts a byte twice (many bad lines in one buffer stay linear).
    counted: Cell<(usize, usize, usize)>,
    text: bool,
    eof: bool,
    buffer_size: usize,
    max_value_len: usize,
}

impl<S> StreamBuffer<S> {
    /// `text`: whether errors get lines and columns (JSON) or only offsets (MessagePack).
    pub(crate) fn new(source: S, buffer_size: usize, max_value_len: usize, text: bool) -> Self {
        StreamBuffer {
            source,
            buf: Vec::new(),
            start: 0,
            end: 0,
            base: 0,
            counted: Cell::new((0, 0, 0)),
            text,
            eof: false,
            buffer_size: buffer_size.max(1),
            max_value_len,
        }
    }

    /// The bytes read and not consumed yet.
    #[inline]
    pub(crate) fn data(&self) -> &[u8] {
        &self.buf[self.start..self.end]
    }

    /// Marks the first `n` bytes of [`data`](Self::data) consumed.
    #[inline]
    pub(crate) fn consume(&mut self, n: usize) {
        debug_assert!(n <= self.end - self.start);
        self.start += n;
    }

    /// Whether the source has reported its end: [`data`](Self::data) is all there is.
    #[inline]
    pub(crate) fn exhausted(&self) -> bool {
        self.eof
    }

    /// The first half of a read after [`data`](Self::data), which holds the start of an
    /// item that does not end within it, whatever the read is (a blocking
    /// [`Source::read_into`] or an async poll): checks the item against `max_value_len`,
    /// drops the consumed bytes, and doubles the buffer when the item fills it. `Ok(false)`:
    /// the end of the stream was seen already, there is nothing to read. Calling it again
    /// before [`read_done`](Self::read_done) (a poll that was not ready) changes nothing.
    #[inline]
    pub(crate) fn read_start(&mut self) -> Result<bool> {
        if self.eof {
            return Ok(false);
        }
        if self.end - self.start >= self.max_value_len {
            return Err(self.too_long());
        }
        if self.start > 0 {
            self.discard();
        }
        if self.end == self.buf.len() {
            let cap = self.buffer_size.max(self.max_value_len);
            let grown = if self.buf.is_empty() { self.buffer_size } else { self.buf.len().saturating_mul(2).min(cap) };
            self.buf.resize(grown.max(self.end + 1), 0);
        }
        Ok(true)
    }

    /// The source and the free area a read fills, after [`read_start`](Self::read_start).
    #[inline]
    pub(crate) fn read_parts(&mut self) -> (&mut S, &mut [u8]) {
        (&mut self.source, &mut self.buf[self.end..])
    }

    /// The second half of a read: it put `n` bytes into the free area; `0` is the end of
    /// the stream.
    #[inline]
    pub(crate) fn read_done(&mut self, n: usize) {
        if n == 0 {
            self.eof = true;
        } else {
            self.end += n.min(self.buf.len() - self.end);
        }
    }

    /// A failed read as an error relative to [`data`](Self::data), as decoders' are.
    #[cold]
    #[inline(never)]
    pub(crate) fn read_failed(&self, e: &io::Error) -> Error {
        Self::io_error(e, self.end - self.start)
    }

    /// Whether [`data`](Self::data) holds `max_value_len` bytes: as far as a document read
    /// to its end goes.
    #[cfg(feature = "async")]
    #[inline]
    pub(crate) fn at_limit(&self) -> bool {
        self.end - self.start >= self.max_value_len
    }
}

impl<S: Source> StreamBuffer<S> {
    /// Reads more bytes after [`data`](Self::data), which holds the start of an item that
    /// does not end within it: [`read_start`](Self::read_start), then one read (`Interrupted`
    /// is retried). Sets the end-of-stream mark on `Ok(0)`. Errors are relative to
    /// [`data`](Self::data), as decoders' are.
    pub(crate) fn fill(&mut self) -> Result<()> {
        if !self.read_start()? {
            return Ok(());
        }
        loop {
            let (source, spare) = self.read_parts();
            match source.read_into(spare) {
                Ok(n) => self.read_done(n),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.read_failed(&e)),
            }
            return Ok(());
        }
    }

    /// Reads until the end of the source, or until [`data`](Self::data) holds
    /// `max_value_len` bytes: for one document, which must be read to the end anyway (only
    /// whitespace may follow it), decoding once from everything beats decoding again after
    /// each doubling. Through [`Source::read_to_end_into`]: one allocation of the right
    /// size for a `File` or a slice.
    pub(crate) fn fill_to_end(&mut self) -> Result<()> {
        if self.eof {
            return Ok(());
        }
        if self.start > 0 {
            self.discard();
        }
        self.buf.truncate(self.end);
        let limit = self.max_value_len.saturating_sub(self.end);
        // Room for a whole buffer first: `read_to_end` starts with small probing reads when
        // it has less, and through a `BufReader` those would refill its buffer (a second
        // copy) instead of going past it.
        self.buf.reserve(self.buffer_size.min(limit));
        let read = self.source.read_to_end_into(&mut self.buf, limit);
        self.end = self.buf.len();
        match read {
            Ok(n) if n < limit => self.eof = true,
            Ok(_) => {}
            Err(e) => return Err(Self::io_error(&e, self.end)),
        }
        Ok(())
    }
}

impl<S> StreamBuffer<S> {
    /// Drops the consumed bytes, keeping count of their newlines.
    fn discard(&mut self) {
        let (_, lines, line_start) = self.count_lines_to(self.start);
        self.buf.copy_within(self.start..self.end, 0);
        self.base += self.start;
        self.end -= self.start;
        self.start = 0;
        self.counted.set((0, lines, line_start));
    }

    /// Lines before `buf[to]` (`to` at or after the last count): see `counted`.
    fn count_lines_to(&self, to: usize) -> (usize, usize, usize) {
        let (from, mut lines, mut line_start) = self.counted.get();
        if self.text && to > from {
            let (count, last) = newlines(&self.buf[from..to]);
            lines += count;
            if let Some(p) = last {
                line_start = self.base + from + p + 1;
            }
        }
        let counted = (to.max(from), lines, line_start);
        self.counted.set(counted);
        counted
    }

    #[cold]
    #[inline(never)]
    fn too_long(&self) -> Error {
        Error::new(
            ErrorKind::SizeLimit(format!("value longer than max_value_len ({} bytes)", self.max_value_len).into()),
            0,
        )
    }

    #[cold]
    #[inline(never)]
    fn io_error(e: &io::Error, at: usize) -> Error {
        Error::new(ErrorKind::Io(IoError::from(e)), at)
    }

    /// A [`SizeLimit`](ErrorKind::SizeLimit) error for an item of `len` bytes, if it is
    /// longer than allowed (an item may arrive whole in a buffer larger than the limit).
    #[inline]
    pub(crate) fn check_len(&self, len: usize) -> Result<()> {
        if len > self.max_value_len {
            return Err(self.too_long());
        }
        Ok(())
    }

    /// Moves an error whose offset is relative to [`data`](Self::data) to its stream
    /// position, in item `item`.
    #[cold]
    #[inline(never)]
    pub(crate) fn locate(&self, e: Error, item: Option<usize>) -> Error {
        let (_, lines, line_start) = self.count_lines_to(self.start);
        let at = StreamPos {
            buf: &self.buf[self.start..self.end],
            start: 0,
            base: self.base + self.start,
            lines,
            line_start,
            text: self.text,
        };
        e.in_stream(&at, item)
    }
}

impl<S> Window for StreamBuffer<S> {
    #[inline]
    fn data(&self) -> &[u8] {
        StreamBuffer::data(self)
    }
    #[inline]
    fn consume(&mut self, n: usize) {
        StreamBuffer::consume(self, n)
    }
    #[inline]
    fn exhausted(&self) -> bool {
        StreamBuffer::exhausted(self)
    }
    #[inline]
    fn check_len(&self, len: usize) -> Result<()> {
        StreamBuffer::check_len(self, len)
    }
    #[cold]
    fn locate(&self, e: Error, item: Option<usize>) -> Error {
        StreamBuffer::locate(self, e, item)
    }
}
