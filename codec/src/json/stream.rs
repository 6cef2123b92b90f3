//! JSON from streams: one document from a reader, many values (JSON Lines / NDJSON and
//! whitespace-separated concatenated values), and the elements of one huge top-level array
//! one at a time.
//!
//! Every item is decoded by the same [`JsonReader`] as [`from_slice`](super::from_slice),
//! over the buffer of [`crate::io`] (or over the slice, for the `_slice` twins): the same
//! values, the same errors, every [`Options`] limit per item. What the stream adds:
//! - Error positions count from the start of the stream: [`Error::offset`], [`Error::line`]
//!   and [`Error::column`] across refills; [`Error::item`] is the index of the item; the
//!   path is the path inside the item (for [`iter_array`], starting with the element's
//!   `[index]`, as for `from_slice::<Vec<T>>`).
//! - A read failure is [`ErrorKind::Io`] with the [`std::io::ErrorKind`] (see
//!   [`Error::io_kind`]); `Interrupted` reads are retried. A stream that ends inside an item
//!   is an [`ErrorKind::Eof`] error, never a shorter stream.
//!
//! A number at the top level ends only where a byte that cannot continue it follows, so a
//! stream reader holds a top-level number until that byte (or the end of the stream)
//! arrives; objects, arrays, strings and literals are yielded as soon as they are complete.

use core::marker::PhantomData;

use super::{fault, JsonReader, Options};
use crate::error::{Error, ErrorKind, Result};
#[cfg(feature = "std")]
use crate::io::{Source, StreamBuffer};
use crate::window::{Advance, Doubling, ItemScan, SliceWindow, Window};
use crate::Decode;
#[cfg(feature = "std")]
use crate::DecodeOwned;

/// The outcome of one attempt at an item that starts at the first byte of a window.
pub(super) enum Step<T> {
    /// Decoded; the item took this many bytes.
    Item(T, usize),
    /// Failed for good. With `Some(end)` the item is well-formed JSON of `end` bytes (a type
    /// mismatch, a value out of range, ...) and the stream can go on after it; with `None`
    /// its syntax is broken.
    Bad(Error, Option<usize>),
    /// The window ends inside the item: more bytes are needed.
    More,
}

#[inline(always)]
fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t')
}

#[inline]
fn leading_ws(data: &[u8]) -> usize {
    data.iter().position(|&b| !is_ws(b)).unwrap_or(data.len())
}

/// Decodes the item at the start of `data` (no leading whitespace) at nesting `depth`;
/// `exhausted`: `data` holds everything left of the input, or the item is to be judged
/// from what it holds; `whole`: it does hold everything, so a failed item that `data`
/// cuts short has that as its fault (see [`fault`](super::fault)).
#[inline]
pub(super) fn decode_item<'a, T>(
    data: &'a [u8],
    exhausted: bool,
    whole: bool,
    options: &Options,
    depth: usize,
    decode: impl FnOnce(&mut JsonReader<'a>) -> Result<T>,
) -> Step<T> {
    // A number is the one value whose end only the byte after it shows: `12` at the end of
    // the window may be the start of `123`.
    let open_ended = !exhausted && matches!(data.first(), Some(b'-' | b'0'..=b'9'));
    let mut r = JsonReader::with_options(data, options);
    r.seek(0, depth);
    match decode(&mut r) {
        Ok(_) if open_ended && r.position() >= data.len() => Step::More,
        Ok(v) => Step::Item(v, r.position()),
        Err(e) => failed(e.or_at(r.position()), data, exhausted, whole, open_ended, options, depth),
    }
}

/// Sorts out a failed attempt: the window may have cut the item (then any error may be an
/// artifact of the cut, and only a complete item's error is final), or the item is
/// complete and the error stands. Whether the item is complete, and well-formed, is what
/// [`JsonReader::skip_value`] says of it.
#[cold]
#[inline(never)]
fn failed<T>(
    e: Error,
    data: &[u8],
    exhausted: bool,
    whole: bool,
    open_ended: bool,
    options: &Options,
    depth: usize,
) -> Step<T> {
    if !exhausted && matches!(e.kind(), ErrorKind::Eof) {
        return Step::More;
    }
    let mut r = JsonReader::with_options(data, options);
    r.seek(0, depth);
    match r.skip_value() {
        Ok(()) if open_ended && r.position() >= data.len() => Step::More,
        Ok(()) => Step::Bad(e, Some(r.position())),
        Err(s) if !exhausted && matches!(s.kind(), ErrorKind::Eof) => Step::More,
        // Not JSON: the input's first fault is the item's error, whatever the type found
        // wrong before it.
        // (A cut is no fault unless `data` is all there is.)
        Err(s) if whole || !matches!(s.kind(), ErrorKind::Eof) => Step::Bad(fault::report(e, s, data), None),
        Err(_) => Step::Bad(e, None),
    }
}

/// Where a JSON item may end, for the state machines' reads (see [`ItemScan`]): a container ends where its
/// brackets balance, a string at its closing quote (both outside strings and escapes). A
/// number or literal is short (`max_number_len`, five bytes), so it is tried after every
/// read. A closing bracket that balances nothing counts as an end too: the decoder then
/// reports it.
#[derive(Debug, Default)]
struct JsonScan {
    /// Bytes of the item looked at so far.
    pos: usize,
    depth: usize,
    in_string: bool,
    escaped: bool,
    doubling: Doubling,
}

impl ItemScan for JsonScan {
    fn may_be_complete(&mut self, data: &[u8]) -> bool {
        if !matches!(data.first(), Some(b'{' | b'[' | b'"')) {
            return true;
        }
        // A read that doubled the bytes at hand (the usual refill of a whole buffer) earns
        // an attempt without a look at the bytes; the scan then resumes where it stopped.
        // And it stops at the first place the item may end: the window may hold many items
        // after this one, and looking at their bytes here cost more than decoding them.
        if self.doubling.due(data.len()) {
            return true;
        }
        let mut ended = false;
        while let Some(&b) = data.get(self.pos) {
            self.pos += 1;
            if self.in_string {
                if self.escaped {
                    self.escaped = false;
                } else if b == b'\\' {
                    self.escaped = true;
                } else if b == b'"' {
                    self.in_string = false;
                    ended = self.depth == 0;
                }
            } else {
                match b {
                    b'"' => self.in_string = true,
                    b'{' | b'[' => self.depth += 1,
                    b'}' | b']' => {
                        self.depth = self.depth.saturating_sub(1);
                        ended = self.depth == 0;
                    }
                    _ => {}
                }
            }
            if ended {
                break;
            }
        }
        if ended {
            self.doubling.tried(data.len());
        }
        ended
    }
}

/// Consumes the whitespace at hand: `false` when that leaves the window empty.
#[inline]
fn skip_ws<W: Window>(w: &mut W) -> bool {
    let ws = leading_ws(w.data());
    w.consume(ws);
    !w.data().is_empty()
}

/// Consumes the bytes at hand through the next newline: `true` once it is consumed (or the
/// input ended), `false` when the window ended first.
#[cold]
fn skip_line<W: Window>(w: &mut W) -> bool {
    match w.data().iter().position(|&b| b == b'\n') {
        Some(p) => {
            w.consume(p + 1);
            true
        }
        None => {
            let n = w.data().len();
            w.consume(n);
            w.exhausted()
        }
    }
}

/// The state of one document's decoding (`from_reader` and its async twin), over any
/// window: whitespace, the value, then (unless `allow_trailing`) only whitespace.
#[cfg(feature = "std")]
pub(super) struct Document<T> {
    scan: JsonScan,
    /// The attempt at the value needed more bytes: read until the scan says it may be whole.
    waiting: bool,
    /// The value decoded (or the error of a well-formed value of the wrong shape), while
    /// the bytes after it are checked.
    decoded: Option<Result<T>>,
}

#[cfg(feature = "std")]
impl<T> Document<T> {
    pub(super) fn new() -> Self {
        Document { scan: JsonScan::default(), waiting: false, decoded: None }
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
                if skip_ws(w) {
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
            if !skip_ws(w) {
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
                    // A well-formed value of the wrong shape: trailing bytes after it would
                    // make the document no JSON, and that is its error, as for `from_slice`.
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

    /// A read failed: that is the document's error.
    #[cold]
    pub(super) fn read_failed<W: Window>(&mut self, w: &W, e: Error) -> Error {
        w.locate(e, None)
    }
}

// ---- one document ----

/// Decodes one `T` from a reader (a [`std::io::Read`], or any [`Source`]), as
/// [`from_slice`](super::from_slice) decodes it from bytes: only whitespace may follow it.
///
/// Since the reader must be read to its end anyway (to see that nothing but whitespace
/// follows), it is read to the end first, never byte by byte, by
/// [`Source::read_to_end_into`] (for an `io::Read`, its `read_to_end`: one allocation
/// sized from the file's length for a `File`), up to [`Options::max_value_len`] (64 MiB;
/// a longer document is a [`SizeLimit`](ErrorKind::SizeLimit) error), and decoded once,
/// at the speed of `from_slice`. With [`Options::allow_trailing`], decoding starts with the
/// first [`Options::buffer_size`] bytes instead, and the reader is read only about as far
/// as the document needs.
///
/// ```
/// #[derive(codec::Codec, Debug, PartialEq)]
/// struct Config { name: String, port: u16 }
///
/// let file: &[u8] = b"{\"name\": \"api\",\n \"port\": 8080}\n"; // or a `File`
/// let cfg: Config = codec::json::from_reader(file)?;
/// assert_eq!(cfg, Config { name: "api".into(), port: 8080 });
///
/// let err = codec::json::from_reader::<Config>(&b"{\"name\": \"api\",\n \"port\": -1}"[..]).unwrap_err();
/// assert_eq!((err.path().as_str(), err.line(), err.column()), (".port", Some(2), Some(10)));
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "std")]
pub fn from_reader<T: DecodeOwned>(reader: impl Source) -> Result<T> {
    from_reader_with(reader, &Options::default())
}

/// [`from_reader`] with explicit [`Options`]. With [`Options::allow_trailing`], the bytes
/// after the document are not looked at (though some may have been read into the buffer).
///
/// ```
/// let opts = codec::json::Options::new().buffer_size(1 << 20);
/// let v: Vec<u32> = codec::json::from_reader_with(&b"[1, 2, 3]"[..], &opts)?;
/// assert_eq!(v, [1, 2, 3]);
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "std")]
pub fn from_reader_with<T: DecodeOwned>(reader: impl Source, options: &Options) -> Result<T> {
    let mut buf = StreamBuffer::new(reader, options.buffer_size, options.max_value_len, true);
    if !options.allow_trailing {
        buf.fill_to_end().map_err(|e| buf.locate(e, None))?;
    }
    let mut doc = Document::new();
    loop {
        match doc
            .advance(&mut buf, options, |w| decode_item(w.data(), w.exhausted(), w.exhausted(), options, 0, T::decode))
        {
            Advance::Item(result) => return result,
            Advance::More | Advance::End => {
                if let Err(e) = buf.fill() {
                    return Err(doc.read_failed(&buf, e));
                }
            }
        }
    }
}

// ---- many values ----

/// What a read that a value iterator asked for was for: where its failure belongs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wait {
    /// Whitespace before an item.
    Ws,
    /// The rest of a malformed item's line.
    Line,
    /// The item at the front.
    Item,
}

/// The state of a value iterator, over any window.
pub(super) struct Values {
    options: Options,
    item: usize,
    /// After a malformed item: drop the rest of its line before the next item.
    skip_line: bool,
    /// What the last [`Advance::More`] was for.
    wait: Wait,
    /// The attempt at the item at the front needed more bytes: read until the scan says
    /// it may be whole.
    waiting: bool,
    scan: JsonScan,
    done: bool,
}

impl Values {
    pub(super) fn new(options: &Options) -> Self {
        Values {
            options: options.clone(),
            item: 0,
            skip_line: false,
            wait: Wait::Ws,
            waiting: false,
            scan: JsonScan::default(),
            done: false,
        }
    }

    /// The next item, reading with `fill` whenever the bytes at hand do not suffice.
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
        if self.skip_line {
            if !skip_line(w) {
                self.wait = Wait::Line;
                return Advance::More;
            }
            self.skip_line = false;
        }
        if self.waiting {
            if !(w.exhausted() || self.scan.may_be_complete(w.data())) {
                return Advance::More;
            }
            self.waiting = false;
        }
        if !skip_ws(w) {
            if w.exhausted() {
                self.done = true;
                return Advance::End;
            }
            self.wait = Wait::Ws;
            return Advance::More;
        }
        match decode(w, &self.options) {
            Step::Item(v, end) => {
                self.item_done();
                let len = w.check_len(end);
                w.consume(end);
                Advance::Item(len.map(|()| v).map_err(|e| w.locate(e, Some(item))))
            }
            Step::Bad(e, skipped) => {
                self.item_done();
                let e = w.locate(e, Some(item));
                match skipped {
                    Some(end) => w.consume(end),
                    None => self.skip_line = true,
                }
                Advance::Item(Err(e))
            }
            Step::More => {
                self.wait = Wait::Item;
                self.waiting = true;
                Advance::More
            }
        }
    }

    #[inline]
    fn item_done(&mut self) {
        self.item += 1;
        self.scan = JsonScan::default();
    }

    /// A read asked for by [`advance`](Self::advance) failed: the error of the item it was
    /// for. Only a read failure ends the stream; an item too long to hold is dropped like
    /// a malformed line.
    #[cold]
    pub(super) fn read_failed<W: Window>(&mut self, w: &W, e: Error) -> Error {
        let e = w.locate(e, Some(self.item));
        self.waiting = false;
        if e.is_io() {
            self.done = true;
        } else {
            match self.wait {
                Wait::Item => {
                    self.item_done();
                    self.skip_line = true;
                }
                Wait::Line => self.skip_line = false,
                Wait::Ws => {}
            }
        }
        e
    }
}

/// The values of a stream of JSON values, from [`iter_values`]: yields one `Result<T>` per
/// value, then `None` for good.
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
        self.state.next(&mut self.buf, StreamBuffer::fill, |w, o| {
            decode_item(w.data(), w.exhausted(), w.exhausted(), o, 0, T::decode)
        })
    }
}

/// Iterates over the JSON values of a reader, one `T` at a time: JSON Lines / NDJSON
/// (one value per line) and whitespace-separated concatenated values (`1 2 [3]{"a":4}`)
/// alike. Memory is bounded by the largest value plus the buffer (see [`crate::io`]).
///
/// Errors are per value, and iteration goes on after them (each error's
/// [`item`](Error::item) is the index of its value, counting failed ones):
/// - a well-formed value that does not decode as `T` (a type mismatch, a missing field,
///   a number out of range) is skipped as a whole, and the next value follows;
/// - a value the reader cannot step over (a syntax error, broken UTF-8, a limit exceeded:
///   nesting, string or number length, [`Options::max_value_len`]) is dropped with the
///   rest of its line: iteration resumes
///   after the first newline that follows the value's start. In JSON Lines that is the
///   next line; in other layouts the values after it may fail in turn until the input
///   looks like values again.
///
/// A read failure, or the end of the stream inside a value (an [`ErrorKind::Eof`] error),
/// is the last item.
///
/// ```
/// #[derive(codec::Codec, Debug, PartialEq)]
/// struct Event { id: u32, kind: String }
///
/// let lines = b"{\"id\": 1, \"kind\": \"start\"}\n\
///               {\"id\": \"two\", \"kind\": \"oops\"}\n\
///               {\"id\": 3, \"kind\n\
///               {\"id\": 4, \"kind\": \"stop\"}\n";
/// let results: Vec<_> = codec::json::iter_values::<Event>(&lines[..]).collect();
/// assert_eq!(results.len(), 4);
/// assert_eq!(results[0].as_ref().unwrap(), &Event { id: 1, kind: "start".into() });
/// let mistyped = results[1].as_ref().unwrap_err();
/// assert_eq!((mistyped.item(), mistyped.line(), mistyped.path().as_str()), (Some(1), Some(2), ".id"));
/// let malformed = results[2].as_ref().unwrap_err();
/// assert_eq!((malformed.item(), malformed.line()), (Some(2), Some(3)));
/// assert_eq!(results[3].as_ref().unwrap(), &Event { id: 4, kind: "stop".into() });
/// ```
#[cfg(feature = "std")]
pub fn iter_values<T: DecodeOwned>(reader: impl Source) -> ValueIter<impl Source, T> {
    iter_values_with(reader, &Options::default())
}

/// [`iter_values`] with explicit [`Options`] (limits per value, buffer size);
/// [`Options::allow_trailing`] has no effect.
///
/// ```
/// let opts = codec::json::Options::new().max_depth(2);
/// let v: Vec<_> = codec::json::iter_values_with::<codec::json::Value, _>(&b"[[1]]\n[[[1]]]\n3\n"[..], &opts).collect();
/// assert!(v[0].is_ok() && v[1].is_err() && v[2].is_ok());
/// ```
#[cfg(feature = "std")]
pub fn iter_values_with<T: DecodeOwned, S: Source>(reader: S, options: &Options) -> ValueIter<S, T> {
    ValueIter {
        buf: StreamBuffer::new(reader, options.buffer_size, options.max_value_len, true),
        state: Values::new(options),
        _t: PhantomData,
    }
}

/// The values of JSON text in memory, from [`iter_values_slice`].
pub struct SliceValueIter<'de, T> {
    window: SliceWindow<'de>,
    state: Values,
    _t: PhantomData<fn() -> T>,
}

impl<'de, T: Decode<'de>> Iterator for SliceValueIter<'de, T> {
    type Item = Result<T>;

    #[inline]
    fn next(&mut self) -> Option<Result<T>> {
        self.state.next(&mut self.window, |_| Ok(()), |w, o| decode_item(w.rest(), true, true, o, 0, T::decode))
    }
}

/// [`iter_values`] over bytes in memory: the values may borrow from `input` (`&'de str`
/// fields). Same errors and recovery; offsets are offsets into `input`.
///
/// ```
/// #[derive(codec::Codec, Debug, PartialEq)]
/// struct Event<'a> { id: u32, kind: &'a str }
///
/// let bytes = b"{\"id\":1,\"kind\":\"start\"}\n{\"id\":2,\"kind\":\"stop\"}\n";
/// let mut kinds = Vec::new();
/// for item in codec::json::iter_values_slice::<Event<'_>>(bytes) {
///     kinds.push(item?.kind);
/// }
/// assert_eq!(kinds, ["start", "stop"]);
/// # Ok::<(), codec::Error>(())
/// ```
pub fn iter_values_slice<'de, T: Decode<'de>>(input: &'de [u8]) -> SliceValueIter<'de, T> {
    iter_values_slice_with(input, &Options::default())
}

/// [`iter_values_slice`] with explicit [`Options`].
///
/// ```
/// let opts = codec::json::Options::new().max_string_len(3);
/// let v: Vec<_> = codec::json::iter_values_slice_with::<&str>(b"\"abc\"\n\"abcd\"\n\"ab\"", &opts).collect();
/// assert!(v[0].is_ok() && v[1].is_err() && v[2].is_ok());
/// ```
pub fn iter_values_slice_with<'de, T: Decode<'de>>(input: &'de [u8], options: &Options) -> SliceValueIter<'de, T> {
    SliceValueIter { window: SliceWindow::new(input, true), state: Values::new(options), _t: PhantomData }
}

// ---- the elements of one array ----

#[derive(Clone, Copy, PartialEq, Eq)]
enum ArrayState {
    /// Before `[`.
    Open,
    /// After `[`: an element or `]`.
    First,
    /// Before an element.
    Elem,
    /// After an element: `,` or `]`.
    After,
    /// After `]`: whitespace only.
    Tail,
    Done,
}

pub(super) struct Elements {
    options: Options,
    index: usize,
    state: ArrayState,
    /// The attempt at the item at the front (the `[`, or an element) needed more bytes:
    /// read until the scan says it may be whole.
    waiting: bool,
    scan: JsonScan,
}

impl Elements {
    pub(super) fn new(options: &Options) -> Self {
        Elements {
            options: options.clone(),
            index: 0,
            state: ArrayState::Open,
            waiting: false,
            scan: JsonScan::default(),
        }
    }

    /// The next element, reading with `fill` whenever the bytes at hand do not suffice.
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

    /// Moves over the bytes at hand until an element, an error, the end, or the need of
    /// more bytes.
    #[inline]
    pub(super) fn advance<W: Window, T>(&mut self, w: &mut W, decode: impl Fn(&W, &Options) -> Step<T>) -> Advance<T> {
        loop {
            if self.state == ArrayState::Done {
                return Advance::End;
            }
            if self.waiting {
                if !(w.exhausted() || self.scan.may_be_complete(w.data())) {
                    return Advance::More;
                }
                self.waiting = false;
            }
            let index = self.index;
            let in_elem = self.in_elem();
            if !skip_ws(w) {
                if !w.exhausted() {
                    return Advance::More;
                }
                let state = core::mem::replace(&mut self.state, ArrayState::Done);
                return match (state, in_elem) {
                    (ArrayState::Tail, _) => Advance::End,
                    (_, Some(i)) => Advance::Item(Err(w.locate(Error::new(ErrorKind::Eof, 0).in_index(i), in_elem))),
                    (_, None) => Advance::Item(Err(w.error_here(ErrorKind::Eof, None))),
                };
            }
            let b = w.data()[0];
            match self.state {
                ArrayState::Open => {
                    // `from_slice::<Vec<T>>`'s own first step, for its errors (the type found,
                    // the depth limit). The first byte decides them, except for a number (its
                    // error says which kind of number, or where it is malformed, and numbers
                    // are short), so anything else is judged from the bytes at hand: reading on
                    // to see a whole object first would only cost time (a reader trickling a
                    // 10 KB object spent 6 s here).
                    let judged = w.exhausted() || !matches!(b, b'-' | b'0'..=b'9');
                    match decode_item(w.data(), judged, w.exhausted(), &self.options, 0, |r| r.begin_array()) {
                        Step::Item((), end) => {
                            w.consume(end);
                            self.state = ArrayState::First;
                            self.scan = JsonScan::default();
                        }
                        Step::Bad(e, _) => {
                            self.state = ArrayState::Done;
                            return Advance::Item(Err(w.locate(e, None)));
                        }
                        Step::More => {
                            self.waiting = true;
                            return Advance::More;
                        }
                    }
                }
                ArrayState::First if b == b']' => {
                    w.consume(1);
                    self.state = ArrayState::Tail;
                }
                ArrayState::First => self.state = ArrayState::Elem,
                ArrayState::After if b == b',' => {
                    w.consume(1);
                    self.state = ArrayState::Elem;
                }
                ArrayState::After if b == b']' => {
                    w.consume(1);
                    self.state = ArrayState::Tail;
                }
                ArrayState::After => {
                    let mut r = JsonReader::with_options(w.data(), &self.options);
                    r.seek(0, 1);
                    let e = match r.array_next() {
                        Err(e) => e,
                        Ok(_) => Error::new(ErrorKind::Syntax("expected `,` or `]` after an array element".into()), 0),
                    };
                    self.state = ArrayState::Done;
                    return Advance::Item(Err(w.locate(e, None)));
                }
                ArrayState::Tail => {
                    self.state = ArrayState::Done;
                    return Advance::Item(Err(w.error_here(ErrorKind::TrailingCharacters, None)));
                }
                ArrayState::Elem => match decode(w, &self.options) {
                    Step::Item(v, end) => {
                        self.element_done(ArrayState::After);
                        let len = w.check_len(end).map_err(|e| w.locate(e.in_index(index), Some(index)));
                        w.consume(end);
                        return Advance::Item(len.map(|()| v));
                    }
                    Step::Bad(e, skipped) => {
                        let e = w.locate(e.in_index(index), Some(index));
                        match skipped {
                            Some(end) => {
                                w.consume(end);
                                self.element_done(ArrayState::After);
                            }
                            None => self.element_done(ArrayState::Done),
                        }
                        return Advance::Item(Err(e));
                    }
                    Step::More => {
                        self.waiting = true;
                        return Advance::More;
                    }
                },
                ArrayState::Done => {}
            }
        }
    }

    /// Where an element may start, the stream ends inside that element.
    #[inline]
    fn in_elem(&self) -> Option<usize> {
        matches!(self.state, ArrayState::Elem | ArrayState::First).then_some(self.index)
    }

    #[inline]
    fn element_done(&mut self, next: ArrayState) {
        self.index += 1;
        self.state = next;
        self.scan = JsonScan::default();
    }

    /// A read asked for by [`advance`](Self::advance) failed: it ends the array, as the
    /// error of the element it was in, if any.
    #[cold]
    pub(super) fn read_failed<W: Window>(&mut self, w: &W, e: Error) -> Error {
        let item = self.in_elem();
        self.state = ArrayState::Done;
        self.waiting = false;
        w.locate(e, item)
    }
}

/// The elements of a streamed JSON array, from [`iter_array`].
#[cfg(feature = "std")]
pub struct ArrayIter<S, T> {
    buf: StreamBuffer<S>,
    state: Elements,
    _t: PhantomData<fn() -> T>,
}

#[cfg(feature = "std")]
impl<S: Source, T: DecodeOwned> Iterator for ArrayIter<S, T> {
    type Item = Result<T>;

    #[inline]
    fn next(&mut self) -> Option<Result<T>> {
        self.state.next(&mut self.buf, StreamBuffer::fill, |w, o| {
            decode_item(w.data(), w.exhausted(), w.exhausted(), o, 1, T::decode)
        })
    }
}

/// Iterates over the elements of the one top-level JSON array of a reader, one `T` at a
/// time: memory is bounded by the largest element plus the buffer (see [`crate::io`]),
/// however long the array. Whitespace may surround the array; anything else is an error.
///
/// The elements decode as in `from_slice::<Vec<T>>`, at nesting depth 1, and their errors
/// have the same kind and path (starting with `[index]`); [`Error::item`] is the element's
/// index. After a bad element that is well-formed JSON (a type mismatch, a number out of
/// range, ...) the iteration goes on with the next element; after broken syntax, inside
/// an element or between elements, it ends with that error. Each element is judged
/// alone: an element that is not JSON is an input error ([`Error::is_input_error`]),
/// whatever `T` would have found wrong in it first. A stream that does not open an
/// array is rejected from its first bytes, without reading on to judge the rest.
///
/// ```
/// #[derive(codec::Codec, Debug, PartialEq)]
/// struct Event { id: u32 }
///
/// let export = &b"[\n  {\"id\": 1},\n  {\"id\": \"x\"},\n  {\"id\": 3}\n]\n"[..]; // or a huge `File`
/// let mut ids = Vec::new();
/// let mut errors = Vec::new();
/// for item in codec::json::iter_array::<Event>(export) {
///     match item {
///         Ok(e) => ids.push(e.id),
///         Err(err) => errors.push((err.item(), err.path(), err.line())),
///     }
/// }
/// assert_eq!(ids, [1, 3]);
/// assert_eq!(errors, [(Some(1), "[1].id".to_string(), Some(3))]);
/// ```
#[cfg(feature = "std")]
pub fn iter_array<T: DecodeOwned>(reader: impl Source) -> ArrayIter<impl Source, T> {
    iter_array_with(reader, &Options::default())
}

/// [`iter_array`] with explicit [`Options`] (limits per element, buffer size).
///
/// ```
/// let opts = codec::json::Options::new().buffer_size(16);
/// let sum: u64 = codec::json::iter_array_with::<u64, _>(&b"[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]"[..], &opts)
///     .map(Result::unwrap)
///     .sum();
/// assert_eq!(sum, 55);
/// ```
#[cfg(feature = "std")]
pub fn iter_array_with<T: DecodeOwned, S: Source>(reader: S, options: &Options) -> ArrayIter<S, T> {
    ArrayIter {
        buf: StreamBuffer::new(reader, options.buffer_size, options.max_value_len, true),
        state: Elements::new(options),
        _t: PhantomData,
    }
}

/// The elements of a JSON array in memory, from [`iter_array_slice`].
pub struct SliceArrayIter<'de, T> {
    window: SliceWindow<'de>,
    state: Elements,
    _t: PhantomData<fn() -> T>,
}

impl<'de, T: Decode<'de>> Iterator for SliceArrayIter<'de, T> {
    type Item = Result<T>;

    #[inline]
    fn next(&mut self) -> Option<Result<T>> {
        self.state.next(&mut self.window, |_| Ok(()), |w, o| decode_item(w.rest(), true, true, o, 1, T::decode))
    }
}

/// [`iter_array`] over bytes in memory: the elements may borrow from `input`.
///
/// ```
/// let names: Vec<&str> = codec::json::iter_array_slice::<&str>(br#"["ada", "grace"]"#).collect::<Result<_, _>>()?;
/// assert_eq!(names, ["ada", "grace"]);
/// # Ok::<(), codec::Error>(())
/// ```
pub fn iter_array_slice<'de, T: Decode<'de>>(input: &'de [u8]) -> SliceArrayIter<'de, T> {
    iter_array_slice_with(input, &Options::default())
}

/// [`iter_array_slice`] with explicit [`Options`].
///
/// ```
/// let opts = codec::json::Options::new().max_depth(1);
/// let v: Vec<_> = codec::json::iter_array_slice_with::<Vec<u8>>(b"[[1]]", &opts).collect();
/// assert!(matches!(v[0].as_ref().unwrap_err().kind(), codec::ErrorKind::DepthLimit(1)));
/// ```
pub fn iter_array_slice_with<'de, T: Decode<'de>>(input: &'de [u8], options: &Options) -> SliceArrayIter<'de, T> {
    SliceArrayIter { window: SliceWindow::new(input, true), state: Elements::new(options), _t: PhantomData }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::*;

    fn attempts(doc: &[u8]) -> Vec<usize> {
        crate::window::attempts::<JsonScan>(doc)
    }

    /// An item that trickles in is tried at its end and where the bytes at hand doubled:
    /// a logarithmic number of attempts, so linear time in all, not one per read.
    #[test]
    fn a_trickling_item_is_tried_at_its_end_and_at_doublings() {
        let doc = format!(r#"{{"text":"{}","nested":[{{"a":"]}}\"[{{"}}],"n":1}}"#, "x".repeat(5000));
        let at = attempts(doc.as_bytes());
        assert_eq!(at.last(), Some(&doc.len()), "{at:?}");
        assert!(at.len() <= 16, "{} attempts: {at:?}", at.len());
        // Brackets and escaped quotes inside strings are not ends.
        let at = attempts(br#"["]]\"]]", "}"]"#);
        assert_eq!(at, [1, 2, 4, 8, 15]);
        // A string item ends at its closing quote; a scalar is tried after every read.
        assert!(attempts(br#""a\"b""#).contains(&6));
        assert_eq!(attempts(b"12345"), [1, 2, 3, 4, 5]);
        // A closing bracket that balances nothing is an end: the decoder reports it.
        assert!(attempts(b"[1]]").contains(&3));
    }
}
