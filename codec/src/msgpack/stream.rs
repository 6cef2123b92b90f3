//! MessagePack from streams: one value from a reader, and a sequence of concatenated
//! values (how MessagePack streams are framed: each value's encoding says where it ends).
//!
//! Every value is decoded by the same [`MsgpackReader`] as
//! [`from_slice`](super::from_slice), through the refilled buffer of [`crate::io`]: the same
//! values, the same errors, every [`Options`] limit per value. Errors carry the offset from
//! the start of the stream and, from [`iter_values`], the index of the value
//! ([`Error::item`]); a read failure is [`ErrorKind::Io`], and a stream that ends inside a
//! value is an [`ErrorKind::Eof`] error.

use core::marker::PhantomData;

use super::{MsgpackReader, Options};
use crate::error::{Error, ErrorKind, Result};
#[cfg(feature = "std")]
use crate::io::{Source, StreamBuffer};
use crate::window::{Advance, Doubling, ItemScan, SliceWindow, Window};
use crate::Decode;
#[cfg(feature = "std")]
use crate::DecodeOwned;

/// The outcome of one attempt at a value that starts at the first byte of a window.
pub(super) enum Step<T> {
    /// Decoded; the value took this many bytes.
    Item(T, usize),
    /// Failed for good; `Some(end)`: the value is well-formed, of `end` bytes.
    Bad(Error, Option<usize>),
    /// The window ends inside the value.
    More,
}

/// Decodes the value at the start of `data`; `exhausted`: `data` is all that is left.
#[inline]
pub(super) fn decode_item<'a, T>(
    data: &'a [u8],
    exhausted: bool,
    options: &Options,
    decode: impl FnOnce(&mut MsgpackReader<'a>) -> Result<T>,
) -> Step<T> {
    let mut r = MsgpackReader::with_options(data, options);
    match decode(&mut r) {
        Ok(v) => Step::Item(v, r.position()),
        Err(e) => failed(e.or_at(r.position()), data, exhausted, options),
    }
}

/// A failed attempt: final only when the value is complete in the window, which
/// [`MsgpackReader::skip_value`] tells (a cut value may fail in other ways than `Eof`, a
/// length prefix larger than the bytes at hand for one).
#[cold]
#[inline(never)]
fn failed<T>(e: Error, data: &[u8], exhausted: bool, options: &Options) -> Step<T> {
    if !exhausted && matches!(e.kind(), ErrorKind::Eof) {
        return Step::More;
    }
    let mut r = MsgpackReader::with_options(data, options);
    match r.skip_value() {
        Ok(()) => Step::Bad(e, Some(r.position())),
        Err(s) if !exhausted && matches!(s.kind(), ErrorKind::Eof) => Step::More,
        // Not MessagePack: the input's fault is the value's error, whatever the type found
        // wrong before it (see `input_fault_first`).
        Err(s) if !e.is_input_error() || s.offset() < e.offset() => Step::Bad(s, None),
        Err(_) => Step::Bad(e, None),
    }
}

/// Where a MessagePack item may end, for the state machines' reads (see [`ItemScan`]): the headers say how many
/// values and payload bytes follow, so counting them finds the end, each byte looked at
/// once (a payload skipped whole). A byte that is no header (`0xc1`) counts as an end: the
/// decoder then reports it.
#[derive(Debug)]
struct MsgpackScan {
    /// Bytes of the item looked at so far.
    pos: usize,
    /// Values still to read: the item itself, then what arrays and maps announce.
    values: u64,
    /// Payload bytes still to skip (strings, bins, extensions, numbers).
    payload: u64,
    doubling: Doubling,
}

impl Default for MsgpackScan {
    fn default() -> Self {
        MsgpackScan { pos: 0, values: 1, payload: 0, doubling: Doubling::default() }
    }
}

/// A header's length in bytes, the payload bytes after it and the values it announces, when
/// all of the header is in `h` (which starts with it); `None` when more bytes are needed;
/// `Some(None)` for a byte that is no header.
fn header(h: &[u8]) -> Option<Option<(u64, u64, u64)>> {
    let b = h[0];
    // Big-endian length of `n` bytes after the marker byte, when present.
    let len = |n: usize| -> Option<u64> {
        h.get(1..1 + n).map(|bytes| bytes.iter().fold(0u64, |acc, &x| (acc << 8) | u64::from(x)))
    };
    Some(Some(match b {
        0x00..=0x7f | 0xe0..=0xff | 0xc0 | 0xc2 | 0xc3 => (1, 0, 0),
        0x80..=0x8f => (1, 0, 2 * u64::from(b & 0x0f)),
        0x90..=0x9f => (1, 0, u64::from(b & 0x0f)),
        0xa0..=0xbf => (1, u64::from(b & 0x1f), 0),
        0xc4 | 0xd9 => (2, len(1)?, 0),
        0xc5 | 0xda => (3, len(2)?, 0),
        0xc6 | 0xdb => (5, len(4)?, 0),
        0xc7 => (2, len(1)? + 1, 0),
        0xc8 => (3, len(2)? + 1, 0),
        0xc9 => (5, len(4)? + 1, 0),
        0xca => (1, 4, 0),
        0xcb => (1, 8, 0),
        0xcc | 0xd0 => (1, 1, 0),
        0xcd | 0xd1 => (1, 2, 0),
        0xce | 0xd2 => (1, 4, 0),
        0xcf | 0xd3 => (1, 8, 0),
        0xd4 => (1, 2, 0),
        0xd5 => (1, 3, 0),
        0xd6 => (1, 5, 0),
        0xd7 => (1, 9, 0),
        0xd8 => (1, 17, 0),
        0xdc => (3, 0, len(2)?),
        0xdd => (5, 0, len(4)?),
        0xde => (3, 0, 2 * len(2)?),
        0xdf => (5, 0, 2 * len(4)?),
        0xc1 => return Some(None),
    }))
}

impl ItemScan for MsgpackScan {
    fn may_be_complete(&mut self, data: &[u8]) -> bool {
        // As in JSON's scan: a read that doubled the bytes at hand earns an attempt at once.
        if self.doubling.due(data.len()) {
            return true;
        }
        let mut ended = false;
        while self.pos < data.len() {
            if self.payload > 0 {
                let n = self.payload.min((data.len() - self.pos) as u64);
                self.pos += n as usize;
                self.payload -= n;
                continue;
            }
            if self.values == 0 {
                ended = true;
                break;
            }
            match header(&data[self.pos..]) {
                None => break,
                Some(None) => {
                    ended = true;
                    break;
                }
                Some(Some((len, payload, values))) => {
                    self.pos += len as usize;
                    self.payload = payload;
                    self.values = (self.values - 1).saturating_add(values);
                }
            }
        }
        ended |= self.values == 0 && self.payload == 0;
        if ended {
            self.doubling.tried(data.len());
        }
        ended
    }
}

/// The state of one value's decoding (`from_reader` and its async twin), over any
/// window: the value, then (unless `allow_trailing`) nothing.
#[cfg(feature = "std")]
pub(super) struct Document<T> {
    scan: MsgpackScan,
    /// The attempt at the value needed more bytes: read until the scan says it may be whole.
    waiting: bool,
    /// The value decoded (or the error of a well-formed value of the wrong shape), while
    /// the end of the input is checked.
    decoded: Option<Result<T>>,
}

#[cfg(feature = "std")]
impl<T> Document<T> {
    pub(super) fn new() -> Self {
        Document { scan: MsgpackScan::default(), waiting: false, decoded: None }
    }

    /// One step over the bytes at hand; [`Advance::Item`] is the outcome, [`Advance::End`]
    /// never comes.
    pub(super) fn advance<W: Window>(
        &mut self,
        w: &mut W,
        options: &Options,
        decode: impl Fn(&W) -> Step<T>,
    ) -> Advance<T> {
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
            if self.waiting {
                if !(w.exhausted() || self.scan.may_be_complete(w.data())) {
                    return Advance::More;
                }
                self.waiting = false;
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
                    if options.allow_trailing {
                        return Advance::Item(Ok(v));
                    }
                    self.decoded = Some(Ok(v));
                }
                Step::Bad(e, Some(end)) if !options.allow_trailing && !e.is_input_error() => {
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
    pub(super) fn read_failed<W: Window>(&mut self, w: &W, e: Error) -> Error {
        w.locate(e, None)
    }
}

/// Decodes one `T` from a reader (a [`std::io::Read`], or any [`Source`]); nothing may
/// follow it. As the reader must be read to its end for that, it is read to the end first
/// by [`Source::read_to_end_into`] (for an `io::Read`, its `read_to_end`), never byte by
/// byte, up to [`Options::max_value_len`] (64 MiB), and decoded once; with
/// [`Options::allow_trailing`], decoding starts with the first [`Options::buffer_size`]
/// bytes and the reader is read only about as far as the value needs.
///
/// ```
/// let packed = codec::msgpack::to_vec(&("id", 7u32))?;
/// let v: (String, u32) = codec::msgpack::from_reader(&packed[..])?; // or a `File`
/// assert_eq!(v, ("id".to_string(), 7));
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "std")]
pub fn from_reader<T: DecodeOwned>(reader: impl Source) -> Result<T> {
    from_reader_with(reader, &Options::default())
}

/// [`from_reader`] with explicit [`Options`]; with [`Options::allow_trailing`] nothing after
/// the value is looked at.
///
/// ```
/// let opts = codec::msgpack::Options::new().allow_trailing(true);
/// assert_eq!(codec::msgpack::from_reader_with::<u8>(&b"\x01\x02"[..], &opts)?, 1);
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "std")]
pub fn from_reader_with<T: DecodeOwned>(reader: impl Source, options: &Options) -> Result<T> {
    let mut buf = StreamBuffer::new(reader, options.buffer_size, options.max_value_len, false);
    if !options.allow_trailing {
        buf.fill_to_end().map_err(|e| buf.locate(e, None))?;
    }
    let mut doc = Document::new();
    loop {
        match doc.advance(&mut buf, options, |w| decode_item(w.data(), w.exhausted(), options, T::decode)) {
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
pub(super) struct Values {
    options: Options,
    item: usize,
    /// The attempt at the value at the front needed more bytes: read until the scan says
    /// it may be whole.
    waiting: bool,
    scan: MsgpackScan,
    done: bool,
}

impl Values {
    pub(super) fn new(options: &Options) -> Self {
        Values { options: options.clone(), item: 0, waiting: false, scan: MsgpackScan::default(), done: false }
    }

    /// The next value, reading with `fill` whenever the bytes at hand do not suffice.
    #[inline]
    fn next<W: Window, T>(
        &mut self,
        w: &mut W,
        mut fill: impl FnMut(&mut W) -> Result<()>,
        decode: impl Fn(&W, &Options) -> Step<T>,
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
    pub(super) fn advance<W: Window, T>(&mut self, w: &mut W, decode: impl Fn(&W, &Options) -> Step<T>) -> Advance<T> {
        if self.done {
            return Advance::End;
        }
        let item = self.item;
        if self.waiting {
            if !(w.exhausted() || self.scan.may_be_complete(w.data())) {
                return Advance::More;
            }
            self.waiting = false;
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
                self.item += 1;
                self.scan = MsgpackScan::default();
                let len = w.check_len(end);
                w.consume(end);
                Advance::Item(len.map(|()| v).map_err(|e| w.locate(e, Some(item))))
            }
            Step::Bad(e, Some(end)) => {
                self.item += 1;
                self.scan = MsgpackScan::default();
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
    pub(super) fn read_failed<W: Window>(&mut self, w: &W, e: Error) -> Error {
        self.end(w, e)
    }

    #[cold]
    fn end<W: Window>(&mut self, w: &W, e: Error) -> Error {
        self.done = true;
        self.waiting = false;
        w.locate(e, Some(self.item))
    }
}

/// The values of a MessagePack stream, from [`iter_values`].
#[cfg(feature = "std")]
pub struct ValueIter<S, T> {
    buf: StreamBuffer<S>,
    state: Values,
    _t: PhantomData<fn() -> T>,
}

#[cfg(feature = "std")]
impl<S: Source, T: DecodeOwned> Iterator for ValueIter<S, T> {
    type Item = Result<T>;

    #[inline]
    fn next(&mut self) -> Option<Result<T>> {
        self.state.next(&mut self.buf, StreamBuffer::fill, |w, o| decode_item(w.data(), w.exhausted(), o, T::decode))
    }
}

/// Iterates over the concatenated MessagePack values of a reader, one `T` at a time, with
/// memory bounded by the largest value plus the buffer (see [`crate::io`]).
///
/// A well-formed value that does not decode as `T` yields its error (with
/// [`item`](Error::item), the value's index) and the iteration goes on after it. Malformed
/// bytes (a reserved byte, broken UTF-8, a value longer than [`Options::max_value_len`]),
/// a read failure, or the end of the stream inside a value end the iteration after their
/// error: MessagePack has no separator to resynchronize on.
///
/// ```
/// let mut stream = Vec::new();
/// for v in [&b"\x01"[..], b"\xa1x", b"\x03"] {
///     stream.extend_from_slice(v); // 1, "x", 3
/// }
/// let v: Vec<_> = codec::msgpack::iter_values::<u8>(&stream[..]).collect();
/// assert_eq!(v[0].as_ref().unwrap(), &1);
/// assert_eq!((v[1].as_ref().unwrap_err().item(), v[1].as_ref().unwrap_err().offset()), (Some(1), Some(1)));
/// assert_eq!(v[2].as_ref().unwrap(), &3);
/// ```
#[cfg(feature = "std")]
pub fn iter_values<T: DecodeOwned>(reader: impl Source) -> ValueIter<impl Source, T> {
    iter_values_with(reader, &Options::default())
}

/// [`iter_values`] with explicit [`Options`]; [`Options::allow_trailing`] has no effect.
///
/// ```
/// let opts = codec::msgpack::Options::new().buffer_size(1);
/// let v: Vec<u8> = codec::msgpack::iter_values_with::<u8, _>(&b"\x01\x02\xcc\xff"[..], &opts)
///     .collect::<Result<_, _>>()?;
/// assert_eq!(v, [1, 2, 255]);
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "std")]
pub fn iter_values_with<T: DecodeOwned, S: Source>(reader: S, options: &Options) -> ValueIter<S, T> {
    ValueIter {
        buf: StreamBuffer::new(reader, options.buffer_size, options.max_value_len, false),
        state: Values::new(options),
        _t: PhantomData,
    }
}

/// The values of MessagePack bytes in memory, from [`iter_values_slice`].
pub struct SliceValueIter<'de, T> {
    window: SliceWindow<'de>,
    state: Values,
    _t: PhantomData<fn() -> T>,
}

impl<'de, T: Decode<'de>> Iterator for SliceValueIter<'de, T> {
    type Item = Result<T>;

    #[inline]
    fn next(&mut self) -> Option<Result<T>> {
        self.state.next(&mut self.window, |_| Ok(()), |w, o| decode_item(w.rest(), true, o, T::decode))
    }
}

/// [`iter_values`] over bytes in memory: the values may borrow from `input`.
///
/// ```
/// let names: Vec<&str> = codec::msgpack::iter_values_slice::<&str>(b"\xa3ada\xa5grace").collect::<Result<_, _>>()?;
/// assert_eq!(names, ["ada", "grace"]);
/// # Ok::<(), codec::Error>(())
/// ```
pub fn iter_values_slice<'de, T: Decode<'de>>(input: &'de [u8]) -> SliceValueIter<'de, T> {
    iter_values_slice_with(input, &Options::default())
}

/// [`iter_values_slice`] with explicit [`Options`].
///
/// ```
/// let opts = codec::msgpack::Options::new().max_depth(0);
/// let mut it = codec::msgpack::iter_values_slice_with::<Vec<u8>>(b"\x90", &opts);
/// assert!(matches!(it.next().unwrap().unwrap_err().kind(), codec::ErrorKind::DepthLimit(0)));
/// ```
pub fn iter_values_slice_with<'de, T: Decode<'de>>(input: &'de [u8], options: &Options) -> SliceValueIter<'de, T> {
    SliceValueIter { window: SliceWindow::new(input, false), state: Values::new(options), _t: PhantomData }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::*;

    fn attempts(doc: &[u8]) -> Vec<usize> {
        let mut scan = MsgpackScan::default();
        (1..=doc.len()).filter(|&n| scan.may_be_complete(&doc[..n])).collect()
    }

    /// The headers' counts find the end of a trickling item: it is tried there and where
    /// the bytes at hand doubled, not after every read.
    #[test]
    fn a_trickling_item_is_tried_at_its_end_and_at_doublings() {
        let value = vec![("a".repeat(300), vec![1u32, 70_000, 3]); 40];
        let doc = crate::msgpack::to_vec(&value).unwrap();
        let at = attempts(&doc);
        assert_eq!(at.last(), Some(&doc.len()), "{at:?}");
        assert!(at.len() <= 16, "{} attempts: {at:?}", at.len());
        // Every header width: fixarray, str 8 with its length split from its marker, bin 16,
        // fixext 16, ext 8, float 64, map 16, array 32.
        let doc =
            b"\x95\xd9\x03abc\xc5\x00\x02xy\xd8\x01AAAAAAAAAAAAAAAA\xc7\x01\x05z\xcb\x00\x00\x00\x00\x00\x00\x00\x00";
        assert_eq!(attempts(doc).last(), Some(&doc.len()));
        assert!(!attempts(doc).contains(&(doc.len() - 1)));
        let doc = b"\xde\x00\x01\xa1k\xdd\x00\x00\x00\x02\x01\x02";
        assert!(attempts(doc).contains(&doc.len()));
        assert!(!attempts(doc).contains(&(doc.len() - 1)));
        // A byte that is no header is an end: the decoder reports it.
        assert!(attempts(b"\x92\x01\xc1\x00").contains(&3));
    }
}
