//! MessagePack from streams: one value from a reader, and a sequence of concatenated
//! values (how MessagePack streams are framed: each value's encoding says where it ends).
//!
//! Every value is decoded by the same [`MsgpackReader`] as
//! [`from_slice`](super::from_slice), through the refilled buffer of [`crate::io`]: the same
//! values, the same errors, every [`Options`] limit per value. Errors carry the offset from
//! the start of the stream and, from [`iter_values`], the index of the value
//! ([`Error::item`]); a read failure is [`ErrorKind::Io`], and a stream that ends inside a
//! value is an [`ErrorKind::Eof`] error.

use std::marker::PhantomData;

use super::{MsgpackReader, Options};
use crate::error::{Error, ErrorKind, Result};
use crate::io::{SliceWindow, Source, StreamBuffer, Window};
use crate::{Decode, DecodeOwned};

/// The outcome of one attempt at a value that starts at the first byte of a window.
enum Step<T> {
    /// Decoded; the value took this many bytes.
    Item(T, usize),
    /// Failed for good; `Some(end)`: the value is well-formed, of `end` bytes.
    Bad(Error, Option<usize>),
    /// The window ends inside the value.
    More,
}

/// Decodes the value at the start of `data`; `exhausted`: `data` is all that is left.
#[inline]
fn decode_item<'a, T>(
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
        Err(_) => Step::Bad(e, None),
    }
}

/// Makes bytes available at the front of the window: `Ok(false)` at the end of the input.
#[inline]
fn any_left<W: Window>(w: &mut W) -> Result<bool> {
    while w.data().is_empty() {
        if w.exhausted() {
            return Ok(false);
        }
        w.fill()?;
    }
    Ok(true)
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
pub fn from_reader_with<T: DecodeOwned>(reader: impl Source, options: &Options) -> Result<T> {
    let mut buf = StreamBuffer::new(reader, options.buffer_size, options.max_value_len, false);
    if !options.allow_trailing {
        buf.fill_to_end().map_err(|e| buf.locate(e, None))?;
    }
    let value = loop {
        if !any_left(&mut buf).map_err(|e| buf.locate(e, None))? {
            return Err(buf.error_here(ErrorKind::Eof, None));
        }
        match decode_item(buf.data(), buf.exhausted(), options, T::decode_msgpack) {
            Step::Item(v, end) => {
                buf.check_len(end).map_err(|e| buf.locate(e, None))?;
                buf.consume(end);
                break v;
            }
            Step::Bad(e, _) => return Err(buf.locate(e, None)),
            Step::More => buf.fill().map_err(|e| buf.locate(e, None))?,
        }
    };
    if !options.allow_trailing && any_left(&mut buf).map_err(|e| buf.locate(e, None))? {
        return Err(buf.error_here(ErrorKind::TrailingCharacters, None));
    }
    Ok(value)
}

/// The state of a value iterator, over any window.
struct Values {
    options: Options,
    item: usize,
    done: bool,
}

impl Values {
    fn new(options: &Options) -> Self {
        Values { options: options.clone(), item: 0, done: false }
    }

    #[inline]
    fn next<W: Window, T>(&mut self, w: &mut W, decode: impl Fn(&mut W, &Options) -> Step<T>) -> Option<Result<T>> {
        if self.done {
            return None;
        }
        let item = self.item;
        loop {
            match any_left(w) {
                Ok(true) => {}
                Ok(false) => {
                    self.done = true;
                    return None;
                }
                Err(e) => return Some(Err(self.end(w, e, item))),
            }
            match decode(w, &self.options) {
                Step::Item(v, end) => {
                    self.item += 1;
                    let len = w.check_len(end);
                    w.consume(end);
                    return Some(len.map(|()| v).map_err(|e| w.locate(e, Some(item))));
                }
                Step::Bad(e, Some(end)) => {
                    self.item += 1;
                    let e = w.locate(e, Some(item));
                    w.consume(end);
                    return Some(Err(e));
                }
                // Without a separator to look for, nothing after broken framing can be trusted.
                Step::Bad(e, None) => return Some(Err(self.end(w, e, item))),
                Step::More => {
                    if let Err(e) = w.fill() {
                        return Some(Err(self.end(w, e, item)));
                    }
                }
            }
        }
    }

    #[cold]
    fn end<W: Window>(&mut self, w: &W, e: Error, item: usize) -> Error {
        self.done = true;
        w.locate(e, Some(item))
    }
}

/// The values of a MessagePack stream, from [`iter_values`].
pub struct ValueIter<S, T> {
    buf: StreamBuffer<S>,
    state: Values,
    _t: PhantomData<fn() -> T>,
}

impl<S: Source, T: DecodeOwned> Iterator for ValueIter<S, T> {
    type Item = Result<T>;

    #[inline]
    fn next(&mut self) -> Option<Result<T>> {
        self.state.next(&mut self.buf, |w, o| decode_item(w.data(), w.exhausted(), o, T::decode_msgpack))
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
        self.state.next(&mut self.window, |w, o| decode_item(w.rest(), true, o, T::decode_msgpack))
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
