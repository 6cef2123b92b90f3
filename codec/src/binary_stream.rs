//! The streams of the binary formats, whichever format (MessagePack, CBOR): one value from
//! a reader, the concatenated values of a reader or of bytes in memory, and the writers of
//! such sequences. Neither format has a separator between values: each value's encoding
//! says where it ends, so the machinery is the same for both, over what a format gives it
//! ([`Format`]: a reader over a window with its options, and the cheap scan that says when
//! an item may be complete; [`ValueWriter`] for the writing side). Each format's
//! `stream.rs` instantiates it, and [`binary_streams!`] makes its public entry points, with the docs the format gives them.
//!
//! Every value is decoded by the format's reader, as its `from_slice` decodes, through the
//! refilled buffer of `crate::io` (or a slice): the same values, the same errors, every
//! limit per value. Errors carry the offset from the start of the stream and, from the
//! iterators, the index of the value ([`Error::item`]); a read failure is
//! [`ErrorKind::Io`], and a stream that ends inside a value is an [`ErrorKind::Eof`] error.

use core::marker::PhantomData;

use crate::error::{Error, ErrorKind, Result};
#[cfg(feature = "std")]
use crate::io::{Source, StreamBuffer};
use crate::window::{Advance, ItemScan, SliceWindow, Window};
#[cfg(feature = "std")]
use crate::DecodeOwned;
use crate::{Decode, Reader};

/// What a binary format gives the stream machinery to decode with. Implemented by a marker
/// type in each format's `stream.rs`; public only because the formats' iterator types are
/// aliases of this module's (the module itself is private).
pub trait Format {
    /// The format's decoding options.
    type Options: Clone;
    /// The format's reader.
    type Reader<'a>: Reader<'a>;
    /// Where an item of the format may end (see [`ItemScan`]).
    type Scan: ItemScan + Default;

    /// A reader over `data` (a value at its start), with `options`.
    fn reader<'a>(data: &'a [u8], options: &Self::Options) -> Self::Reader<'a>;
    /// Whether bytes may follow the one value of `from_reader`.
    fn allow_trailing(options: &Self::Options) -> bool;
    /// The read buffer's size.
    fn buffer_size(options: &Self::Options) -> usize;
    /// The longest value read from a stream.
    fn max_value_len(options: &Self::Options) -> usize;
}

/// The outcome of one attempt at a value that starts at the first byte of a window.
pub(crate) enum Step<T> {
    /// Decoded; the value took this many bytes.
    Item(T, usize),
    /// Failed for good; `Some(end)`: the value is well-formed, of `end` bytes.
    Bad(Error, Option<usize>),
    /// The window ends inside the value.
    More,
}

/// Decodes the value at the start of `data`; `exhausted`: `data` is all that is left.
#[inline]
pub(crate) fn decode_item<'a, F: Format, T: Decode<'a>>(
    data: &'a [u8],
    exhausted: bool,
    options: &F::Options,
) -> Step<T> {
    let mut r = F::reader(data, options);
    match T::decode(&mut r) {
        Ok(v) => Step::Item(v, r.position()),
        Err(e) => failed::<F, T>(e.or_at(r.position()), data, exhausted, options),
    }
}

/// A failed attempt: final only when the value is complete in the window, which the
/// reader's `skip_value` tells (a cut value may fail in other ways than `Eof`, a length
/// prefix larger than the bytes at hand for one).
#[cold]
#[inline(never)]
fn failed<F: Format, T>(e: Error, data: &[u8], exhausted: bool, options: &F::Options) -> Step<T> {
    if !exhausted && matches!(e.kind(), ErrorKind::Eof) {
        return Step::More;
    }
    let mut r = F::reader(data, options);
    match r.skip_value() {
        Ok(()) => Step::Bad(e, Some(r.position())),
        Err(s) if !exhausted && matches!(s.kind(), ErrorKind::Eof) => Step::More,
        // Not well-formed: the input's fault is the value's error, whatever the type found
        // wrong before it (see the formats' `input_fault_first`).
        Err(s) if !e.is_input_error() || s.offset() < e.offset() => Step::Bad(s, None),
        Err(_) => Step::Bad(e, None),
    }
}

/// Whether to try the value at the front of `w` again: not `waiting` for more bytes, or
/// the `scan` says it may be whole now, or nothing more comes (which ends the wait).
#[inline]
fn scan_ready<S: ItemScan, W: Window>(waiting: &mut bool, scan: &mut S, w: &W) -> bool {
    if *waiting {
        if !(w.exhausted() || scan.may_be_complete(w.data())) {
            return false;
        }
        *waiting = false;
    }
    true
}

/// The value at the front of a window over a stream (`w.data()`, the window's buffer).
#[cfg(feature = "std")]
#[inline]
pub(crate) fn decode_at<F: Format, T: DecodeOwned, W: Window>(w: &W, options: &F::Options) -> Step<T> {
    decode_item::<F, T>(w.data(), w.exhausted(), options)
}

/// The state of one value's decoding (`from_reader` and its async twin), over any
/// window: the value, then (unless `allow_trailing`) nothing.
#[cfg(feature = "std")]
pub(crate) struct Document<F: Format, T> {
    scan: F::Scan,
    /// The attempt at the value needed more bytes: read until the scan says it may be whole.
    waiting: bool,
    /// The value decoded (or the error of a well-formed value of the wrong shape), while
    /// the end of the input is checked.
    decoded: Option<Result<T>>,
}

#[cfg(feature = "std")]
impl<F: Format, T> Document<F, T> {
    pub(crate) fn new() -> Self {
        Document { scan: F::Scan::default(), waiting: false, decoded: None }
    }

    /// One step over the bytes at hand; [`Advance::Item`] is the outcome, [`Advance::End`]
    /// never comes.
    pub(crate) fn advance<W: Window>(
        &mut self,
        w: &mut W,
        options: &F::Options,
        decode: impl Fn(&W) -> Step<T>,
    ) -> Advance<T> {
        let allow_trailing = F::allow_trailing(options);
        loop {
            if let Some(decoded) = self.decoded.take() {
                if !w.data().is_empty() {
                    return Advance::Item(Err(w.error_here(ErrorKind::TrailingCharacters, None)));
                }
                if !w.exhausted() {
                    self.decoded = Some(decoded);
                    return Advance::More;
                }
                return Advance::Item(decoded);
            }
            if !scan_ready(&mut self.waiting, &mut self.scan, w) {
                return Advance::More;
            }
            if w.data().is_empty() {
                if w.exhausted() {
                    return Advance::Item(Err(w.error_here(ErrorKind::Eof, None)));
                }
                return Advance::More;
            }
            match decode(w) {
                Step::Item(v, end) => {
                    if let Err(e) = w.check_len(end) {
                        return Advance::Item(Err(w.locate(e, None)));
                    }
                    w.consume(end);
                    if allow_trailing {
                        return Advance::Item(Ok(v));
                    }
                    self.decoded = Some(Ok(v));
                }
                Step::Bad(e, Some(end)) if !allow_trailing && !e.is_input_error() => {
                    // A well-formed value of the wrong shape: bytes after it make the input
                    // no single value, and that is its error, as for `from_slice`.
                    let e = w.locate(e, None);
                    w.consume(end);
                    self.decoded = Some(Err(e));
                }
                Step::Bad(e, _) => return Advance::Item(Err(w.locate(e, None))),
                Step::More => {
                    self.waiting = true;
                    return Advance::More;
                }
            }
        }
    }

    /// A read failed: that is the value's error.
    #[cold]
    pub(crate) fn read_failed<W: Window>(&mut self, w: &W, e: Error) -> Error {
        w.locate(e, None)
    }
}

/// `from_reader_with` of a format: one `T` from `reader`, read to its end first unless
/// `allow_trailing`.
#[cfg(feature = "std")]
pub(crate) fn from_reader<F: Format, T: DecodeOwned>(reader: impl Source, options: &F::Options) -> Result<T> {
    let mut buf = StreamBuffer::new(reader, F::buffer_size(options), F::max_value_len(options), false);
    if !F::allow_trailing(options) {
        buf.fill_to_end().map_err(|e| buf.locate(e, None))?;
    }
    let mut doc = Document::<F, T>::new();
    loop {
        match doc.advance(&mut buf, options, |w| decode_at::<F, T, _>(w, options)) {
            Advance::Item(result) => return result,
            Advance::More | Advance::End => {
                if let Err(e) = buf.fill() {
                    return Err(doc.read_failed(&buf, e));
                }
            }
        }
    }
}

/// The state of a value iterator, over any window.
pub(crate) struct Values<F: Format> {
    options: F::Options,
    item: usize,
    /// The attempt at the value at the front needed more bytes: read until the scan says
    /// it may be whole.
    waiting: bool,
    scan: F::Scan,
    done: bool,
}

impl<F: Format> Values<F> {
    pub(crate) fn new(options: &F::Options) -> Self {
        Values { options: options.clone(), item: 0, waiting: false, scan: F::Scan::default(), done: false }
    }

    /// The value at the front is done with (decoded or failed for good): on to the next.
    #[inline]
    fn item_done(&mut self) {
        self.item += 1;
        self.scan = F::Scan::default();
    }

    /// The next value, reading with `fill` whenever the bytes at hand do not suffice.
    #[inline]
    fn next<W: Window, T>(
        &mut self,
        w: &mut W,
        mut fill: impl FnMut(&mut W) -> Result<()>,
        decode: impl Fn(&W, &F::Options) -> Step<T>,
    ) -> Option<Result<T>> {
        loop {
            match self.advance(w, &decode) {
                Advance::Item(r) => return Some(r),
                Advance::End => return None,
                Advance::More => {
                    if let Err(e) = fill(w) {
                        return Some(Err(self.read_failed(w, e)));
                    }
                }
            }
        }
    }

    /// One step over the bytes at hand.
    #[inline]
    pub(crate) fn advance<W: Window, T>(
        &mut self,
        w: &mut W,
        decode: impl Fn(&W, &F::Options) -> Step<T>,
    ) -> Advance<T> {
        if self.done {
            return Advance::End;
        }
        let item = self.item;
        if !scan_ready(&mut self.waiting, &mut self.scan, w) {
            return Advance::More;
        }
        if w.data().is_empty() {
            if w.exhausted() {
                self.done = true;
                return Advance::End;
            }
            return Advance::More;
        }
        match decode(w, &self.options) {
            Step::Item(v, end) => {
                self.item_done();
                let len = w.check_len(end);
                w.consume(end);
                Advance::Item(len.map(|()| v).map_err(|e| w.locate(e, Some(item))))
            }
            Step::Bad(e, Some(end)) => {
                self.item_done();
                let e = w.locate(e, Some(item));
                w.consume(end);
                Advance::Item(Err(e))
            }
            // Without a separator to look for, nothing after broken framing can be trusted.
            Step::Bad(e, None) => Advance::Item(Err(self.end(w, e))),
            Step::More => {
                self.waiting = true;
                Advance::More
            }
        }
    }

    /// A read asked for by [`advance`](Self::advance) failed: it ends the stream, as the
    /// error of the value it was for.
    #[cold]
    pub(crate) fn read_failed<W: Window>(&mut self, w: &W, e: Error) -> Error {
        self.end(w, e)
    }

    #[cold]
    fn end<W: Window>(&mut self, w: &W, e: Error) -> Error {
        self.done = true;
        self.waiting = false;
        w.locate(e, Some(self.item))
    }
}

/// The values of a stream of a binary format, from its `iter_values`.
#[cfg(feature = "std")]
pub struct ValueIter<F: Format, S, T> {
    buf: StreamBuffer<S>,
    state: Values<F>,
    _t: PhantomData<fn() -> T>,
}

#[cfg(feature = "std")]
impl<F: Format, S: Source, T: DecodeOwned> Iterator for ValueIter<F, S, T> {
    type Item = Result<T>;

    #[inline]
    fn next(&mut self) -> Option<Result<T>> {
        self.state.next(&mut self.buf, StreamBuffer::fill, decode_at::<F, T, _>)
    }
}

/// `iter_values_with` of a format.
#[cfg(feature = "std")]
pub(crate) fn iter_values<F: Format, T: DecodeOwned, S: Source>(reader: S, options: &F::Options) -> ValueIter<F, S, T> {
    ValueIter {
        buf: StreamBuffer::new(reader, F::buffer_size(options), F::max_value_len(options), false),
        state: Values::new(options),
        _t: PhantomData,
    }
}

/// The values of bytes in memory of a binary format, from its `iter_values_slice`.
pub struct SliceValueIter<'de, F: Format, T> {
    window: SliceWindow<'de>,
    state: Values<F>,
    _t: PhantomData<fn() -> T>,
}

impl<'de, F: Format, T: Decode<'de>> Iterator for SliceValueIter<'de, F, T> {
    type Item = Result<T>;

    #[inline]
    fn next(&mut self) -> Option<Result<T>> {
        self.state.next(&mut self.window, |_| Ok(()), |w, o| decode_item::<F, T>(w.rest(), true, o))
    }
}

/// `iter_values_slice_with` of a format.
pub(crate) fn iter_values_slice<'de, F: Format, T: Decode<'de>>(
    input: &'de [u8],
    options: &F::Options,
) -> SliceValueIter<'de, F, T> {
    SliceValueIter { window: SliceWindow::new(input, false), state: Values::new(options), _t: PhantomData }
}

// ---------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------

/// What a binary format gives the writers of value sequences (implemented by the same
/// marker type as [`Format`]).
#[cfg(feature = "std")]
pub(crate) trait WriteFormat {
    /// The format's encoding options.
    type EncodeOptions;
    /// The format's writer.
    type Writer<'w>: crate::Writer;
    /// A writer that hands its buffer to `sink` whenever it holds `limit` bytes.
    fn streaming(sink: &mut dyn crate::sink::Sink, limit: usize) -> Self::Writer<'_>;
    /// A writer that appends to `buf`.
    #[cfg(feature = "async")]
    fn from_vec(buf: alloc::vec::Vec<u8>) -> Self::Writer<'static>;
    /// The bytes of a [`from_vec`](Self::from_vec) writer.
    #[cfg(feature = "async")]
    fn into_inner(w: Self::Writer<'_>) -> alloc::vec::Vec<u8>;
    /// Appends `value`, encoded as `options` say, as a document of its own (the ids of
    /// `preserve_refs` numbered from the start again).
    fn write_value<T: crate::Encode + ?Sized>(
        w: &mut Self::Writer<'_>,
        value: &T,
        options: &Self::EncodeOptions,
    ) -> Result<()>;
    /// Takes back what was written since `mark` (a [`crate::Writer::mark`]), if none of it
    /// was handed to the sink.
    fn rewind(w: &mut Self::Writer<'_>, mark: (usize, usize));
    /// Hands what is buffered to the sink.
    fn finish(w: &mut Self::Writer<'_>);
}

/// `write_values_with` of a format: each item after the previous one, through one 64 KiB
/// buffer; on an encoding error the values before the failing item are written, and none
/// of it unless it was longer than the buffer.
#[cfg(feature = "std")]
pub(crate) fn write_values<F: WriteFormat, I>(
    out: impl std::io::Write,
    items: I,
    options: &F::EncodeOptions,
) -> Result<()>
where
    I: IntoIterator,
    I::Item: crate::Encode,
{
    let mut sink = crate::sink::IoSink::new(out);
    let mut w = F::streaming(&mut sink, crate::sink::DEFAULT_BUFFER);
    let mut result = Ok(());
    for item in items {
        let mark = crate::Writer::mark(&w);
        if let Err(e) = F::write_value(&mut w, &item, options) {
            F::rewind(&mut w, mark);
            result = Err(e);
            break;
        }
    }
    F::finish(&mut w);
    drop(w);
    result?;
    sink.finish()
}

/// Appends concatenated values, each a document of its own: the async `write_values`.
#[cfg(feature = "async")]
pub(crate) struct Concat<'o, F: WriteFormat> {
    pub(crate) options: &'o F::EncodeOptions,
}

#[cfg(feature = "async")]
impl<F: WriteFormat, T: crate::Encode> crate::io::ItemEncoder<T> for Concat<'_, F> {
    fn encode(&mut self, item: &T, out: &mut alloc::vec::Vec<u8>) -> Result<()> {
        let mut w = F::from_vec(core::mem::take(out));
        let result = F::write_value(&mut w, item, self.options);
        *out = F::into_inner(w);
        result
    }

    fn end(&mut self, _: &mut alloc::vec::Vec<u8>) -> Result<()> {
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------
// Async
// ---------------------------------------------------------------------------------------

#[cfg(feature = "async")]
pub use self::async_values::ValueStream;
#[cfg(feature = "async")]
pub(crate) use self::async_values::{from_async_reader, iter_values_async};

#[cfg(feature = "async")]
mod async_values {
    use core::marker::PhantomData;
    use core::pin::Pin;
    use core::task::{Context, Poll};

    use futures_core::Stream;

    use super::{decode_at, Document, Format, Values};
    use crate::error::Result;
    use crate::io::{poll_items, read_document, AsyncSource, StreamBuffer};
    use crate::window::Advance;
    use crate::DecodeOwned;

    /// The values of an async stream of a binary format, from its `iter_values_async`: a
    /// [`Stream`] of one `Result<T>` per value. `Unpin`; `Send` when the reader is.
    pub struct ValueStream<F: Format, R, T> {
        buf: StreamBuffer<R>,
        state: Values<F>,
        /// A read was `Pending`: the next poll polls it again.
        reading: bool,
        _t: PhantomData<fn() -> T>,
    }

    // The reader is only ever used through `&mut`, never pinned.
    impl<F: Format, R, T> Unpin for ValueStream<F, R, T> {}

    impl<F: Format, R: AsyncSource, T: DecodeOwned> Stream for ValueStream<F, R, T> {
        type Item = Result<T>;

        fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<T>>> {
            let this = self.get_mut();
            let state = &mut this.state;
            poll_items(&mut this.buf, &mut this.reading, cx, |w, failed| match failed {
                Some(e) => Advance::Item(Err(state.read_failed(w, e))),
                None => state.advance(w, decode_at::<F, T, _>),
            })
        }
    }

    /// `iter_values_async_with` of a format.
    pub(crate) fn iter_values_async<F: Format, T: DecodeOwned, R: AsyncSource>(
        reader: R,
        options: &F::Options,
    ) -> ValueStream<F, R, T> {
        ValueStream {
            buf: StreamBuffer::new(reader, F::buffer_size(options), F::max_value_len(options), false),
            state: Values::new(options),
            reading: false,
            _t: PhantomData,
        }
    }

    /// `from_async_reader_with` of a format.
    pub(crate) async fn from_async_reader<F: Format, T: DecodeOwned, R: AsyncSource>(
        reader: R,
        options: &F::Options,
    ) -> Result<T> {
        let buf = StreamBuffer::new(reader, F::buffer_size(options), F::max_value_len(options), false);
        let mut doc = Document::<F, T>::new();
        read_document(buf, !F::allow_trailing(options), |w, failed| match failed {
            Some(e) => Advance::Item(Err(doc.read_failed(w, e))),
            None => doc.advance(w, options, |w| decode_at::<F, T, _>(w, options)),
        })
        .await
    }
}

// ---------------------------------------------------------------------------------------
// The formats' public entry points
// ---------------------------------------------------------------------------------------

/// The public stream functions and iterator types of a binary format (the async ones under
/// the `async` feature), over this module's machinery: `format` names the marker type made
/// here (the [`Format`] and [`WriteFormat`] of the format's `reader`, `scan`, `options`,
/// `writer` and `encode_options`; `write_value` is [`WriteFormat::write_value`]), and the
/// docs of the items follow, each ended by a `;`, in this order: `from_reader`,
/// `from_reader_with`, `ValueIter`, `iter_values`, `iter_values_with`, `SliceValueIter`,
/// `iter_values_slice`, `iter_values_slice_with`, `write_values`, `write_values_with`,
/// and (feature `async`) `ValueStream`, `iter_values_async`, `iter_values_async_with`,
/// `from_async_reader`, `from_async_reader_with`, `write_values_async`,
/// `write_values_async_with`. The options must have the fields `allow_trailing`,
/// `buffer_size` and `max_value_len`, and the writer the methods `streaming`, `from_vec`,
/// `into_inner`, `rewind` and `finish`.
macro_rules! binary_streams {
    (
        format = $format:ident, reader = $reader:ident, scan = $scan:ty, options = $options:ty;
        writer = $writer:ident, write_value = $write_value:path, encode_options = $encode_options:ty;
        $(#[$from_reader:meta])* ;
        $(#[$from_reader_with:meta])* ;
        $(#[$value_iter:meta])* ;
        $(#[$iter_values:meta])* ;
        $(#[$iter_values_with:meta])* ;
        $(#[$slice_value_iter:meta])* ;
        $(#[$iter_values_slice:meta])* ;
        $(#[$iter_values_slice_with:meta])* ;
        $(#[$write_values:meta])* ;
        $(#[$write_values_with:meta])* ;
        $(#[$value_stream:meta])* ;
        $(#[$iter_values_async:meta])* ;
        $(#[$iter_values_async_with:meta])* ;
        $(#[$from_async_reader:meta])* ;
        $(#[$from_async_reader_with:meta])* ;
        $(#[$write_values_async:meta])* ;
        $(#[$write_values_async_with:meta])* ;
    ) => {
        /// The format, as the binary formats' stream machinery (`crate::binary_stream`)
        /// sees it.
        pub struct $format;

        impl $crate::binary_stream::Format for $format {
            type Options = $options;
            type Reader<'a> = $reader<'a>;
            type Scan = $scan;

            #[inline]
            fn reader<'a>(data: &'a [u8], options: &$options) -> $reader<'a> {
                $reader::with_options(data, options)
            }
            #[inline]
            fn allow_trailing(options: &$options) -> bool {
                options.allow_trailing
            }
            #[inline]
            fn buffer_size(options: &$options) -> usize {
                options.buffer_size
            }
            #[inline]
            fn max_value_len(options: &$options) -> usize {
                options.max_value_len
            }
        }

        #[cfg(feature = "std")]
        impl $crate::binary_stream::WriteFormat for $format {
            type EncodeOptions = $encode_options;
            type Writer<'w> = $writer<'w>;

            fn streaming(sink: &mut dyn $crate::sink::Sink, limit: usize) -> $writer<'_> {
                $writer::streaming(sink, limit)
            }
            #[cfg(feature = "async")]
            fn from_vec(buf: alloc::vec::Vec<u8>) -> $writer<'static> {
                $writer::from_vec(buf)
            }
            #[cfg(feature = "async")]
            fn into_inner(w: $writer<'_>) -> alloc::vec::Vec<u8> {
                w.into_inner()
            }
            #[inline]
            fn write_value<T: $crate::Encode + ?Sized>(
                w: &mut $writer<'_>,
                value: &T,
                options: &$encode_options,
            ) -> $crate::Result<()> {
                $write_value(w, value, options)
            }
            fn rewind(w: &mut $writer<'_>, mark: (usize, usize)) {
                // Not when part was flushed already: that part stays written.
                w.rewind(mark);
            }
            fn finish(w: &mut $writer<'_>) {
                w.finish()
            }
        }

        $(#[$from_reader])*
        #[cfg(feature = "std")]
        pub fn from_reader<T: $crate::DecodeOwned>(reader: impl $crate::io::Source) -> $crate::Result<T> {
            $crate::binary_stream::from_reader::<$format, T>(reader, &<$options>::default())
        }

        $(#[$from_reader_with])*
        #[cfg(feature = "std")]
        pub fn from_reader_with<T: $crate::DecodeOwned>(
            reader: impl $crate::io::Source,
            options: &$options,
        ) -> $crate::Result<T> {
            $crate::binary_stream::from_reader::<$format, T>(reader, options)
        }

        $(#[$value_iter])*
        #[cfg(feature = "std")]
        pub type ValueIter<S, T> = $crate::binary_stream::ValueIter<$format, S, T>;

        $(#[$iter_values])*
        #[cfg(feature = "std")]
        pub fn iter_values<T: $crate::DecodeOwned>(reader: impl $crate::io::Source) -> ValueIter<impl $crate::io::Source, T> {
            $crate::binary_stream::iter_values::<$format, T, _>(reader, &<$options>::default())
        }

        $(#[$iter_values_with])*
        #[cfg(feature = "std")]
        pub fn iter_values_with<T: $crate::DecodeOwned, S: $crate::io::Source>(reader: S, options: &$options) -> ValueIter<S, T> {
            $crate::binary_stream::iter_values::<$format, T, S>(reader, options)
        }

        $(#[$slice_value_iter])*
        pub type SliceValueIter<'de, T> = $crate::binary_stream::SliceValueIter<'de, $format, T>;

        $(#[$iter_values_slice])*
        pub fn iter_values_slice<'de, T: $crate::Decode<'de>>(input: &'de [u8]) -> SliceValueIter<'de, T> {
            $crate::binary_stream::iter_values_slice::<$format, T>(input, &<$options>::default())
        }

        $(#[$iter_values_slice_with])*
        pub fn iter_values_slice_with<'de, T: $crate::Decode<'de>>(input: &'de [u8], options: &$options) -> SliceValueIter<'de, T> {
            $crate::binary_stream::iter_values_slice::<$format, T>(input, options)
        }

        $(#[$write_values])*
        #[cfg(feature = "std")]
        pub fn write_values<W, I>(out: W, items: I) -> $crate::Result<()>
        where
            W: std::io::Write,
            I: IntoIterator,
            I::Item: $crate::Encode,
        {
            $crate::binary_stream::write_values::<$format, I>(out, items, &<$encode_options>::default())
        }

        $(#[$write_values_with])*
        #[cfg(feature = "std")]
        pub fn write_values_with<W, I>(out: W, items: I, options: &$encode_options) -> $crate::Result<()>
        where
            W: std::io::Write,
            I: IntoIterator,
            I::Item: $crate::Encode,
        {
            $crate::binary_stream::write_values::<$format, I>(out, items, options)
        }

        $(#[$value_stream])*
        #[cfg(feature = "async")]
        pub type ValueStream<R, T> = $crate::binary_stream::ValueStream<$format, R, T>;

        $(#[$iter_values_async])*
        #[cfg(feature = "async")]
        pub fn iter_values_async<T: $crate::DecodeOwned, R: $crate::io::AsyncSource>(reader: R) -> ValueStream<R, T> {
            $crate::binary_stream::iter_values_async::<$format, T, R>(reader, &<$options>::default())
        }

        $(#[$iter_values_async_with])*
        #[cfg(feature = "async")]
        pub fn iter_values_async_with<T: $crate::DecodeOwned, R: $crate::io::AsyncSource>(
            reader: R,
            options: &$options,
        ) -> ValueStream<R, T> {
            $crate::binary_stream::iter_values_async::<$format, T, R>(reader, options)
        }

        $(#[$from_async_reader])*
        #[cfg(feature = "async")]
        pub async fn from_async_reader<T: $crate::DecodeOwned, R: $crate::io::AsyncSource>(reader: R) -> $crate::Result<T> {
            $crate::binary_stream::from_async_reader::<$format, T, R>(reader, &<$options>::default()).await
        }

        $(#[$from_async_reader_with])*
        #[cfg(feature = "async")]
        pub async fn from_async_reader_with<T: $crate::DecodeOwned, R: $crate::io::AsyncSource>(
            reader: R,
            options: &$options,
        ) -> $crate::Result<T> {
            $crate::binary_stream::from_async_reader::<$format, T, R>(reader, options).await
        }

        $(#[$write_values_async])*
        #[cfg(feature = "async")]
        pub async fn write_values_async<W, S>(out: W, items: S) -> $crate::Result<()>
        where
            W: $crate::io::AsyncSink,
            S: ::futures_core::Stream,
            S::Item: $crate::Encode,
        {
            write_values_async_with(out, items, &<$encode_options>::default()).await
        }

        $(#[$write_values_async_with])*
        #[cfg(feature = "async")]
        pub async fn write_values_async_with<W, S>(out: W, items: S, options: &$encode_options) -> $crate::Result<()>
        where
            W: $crate::io::AsyncSink,
            S: ::futures_core::Stream,
            S::Item: $crate::Encode,
        {
            $crate::io::write_items(out, items, $crate::binary_stream::Concat::<$format> { options }).await
        }
    };
}
pub(crate) use binary_streams;
