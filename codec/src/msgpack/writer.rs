//! The MessagePack writer: a growable byte buffer with typed appends, each in the
//! smallest form the spec allows.
//!
//! Generated code writes each field's key as one byte literal made at macro time (the str
//! header and the name), and a struct's map header as a literal too when no field is
//! conditional.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::vec::Vec;

use crate::error::{Error, ErrorKind, Result};
use crate::sink::Sink;

/// The buffer every [`Encode`](crate::Encode) impl writes MessagePack to.
///
/// ```
/// use codec::msgpack::MsgpackWriter;
/// let mut w = MsgpackWriter::new();
/// w.write_map_len(2)?;
/// w.write_str("n")?;
/// w.write_i64(-3);
/// w.write_str("s")?;
/// w.write_bin(&[0xff])?;
/// assert_eq!(w.as_bytes(), b"\x82\xa1n\xfd\xa1s\xc4\x01\xff");
/// # Ok::<(), codec::Error>(())
/// ```
///
/// The lifetime is that of the sink a streaming writer (inside
/// [`to_writer`](super::to_writer)) hands its full buffer to; an in-memory writer is
/// `MsgpackWriter<'static>`, and signatures such as
/// `fn write_hex(w: &mut MsgpackWriter)` leave it elided.
pub struct MsgpackWriter<'w> {
    buf: Vec<u8>,
    /// Where the buffer goes when it fills, instead of growing. Only the cold growth path
    /// looks at it.
    sink: Option<&'w mut dyn Sink>,
    /// The buffer size a streaming writer flushes at.
    limit: usize,
    /// Map headers reserved by [`map_placeholder`](Self::map_placeholder) and not yet
    /// patched: while there are any, the buffer grows instead of flushing, since the
    /// header must still be in it to be patched.
    open: usize,
    /// Where the outermost of those headers is, counted from the start of the output.
    pin: usize,
    /// How many bytes went to the sink so far.
    flushed: usize,
    // ---- shared references (`preserve_refs`, see `refs.rs` and `msgpack/refs.rs`) ----
    /// The allocations written so far, in refs mode only.
    pub(crate) refs: Option<Box<crate::refs::EncodeRefs>>,
}

impl Default for MsgpackWriter<'_> {
    fn default() -> Self {
        Self::from_vec(Vec::new())
    }
}

/// A clone copies the bytes written so far; it never shares a sink (a `&mut` cannot be
/// shared), so a clone of a streaming writer collects in memory.
impl Clone for MsgpackWriter<'_> {
    fn clone(&self) -> Self {
        MsgpackWriter { open: self.open, ..Self::from_vec(self.buf.clone()) }
    }
}

impl core::fmt::Debug for MsgpackWriter<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MsgpackWriter").field("buf", &self.buf).field("streaming", &self.sink.is_some()).finish()
    }
}

#[cold]
#[inline(never)]
fn too_long(what: &'static str, len: usize) -> Error {
    Error::without_position(ErrorKind::SizeLimit(Cow::Owned(format!(
        "{what} of {len} does not fit a MessagePack length (at most 4294967295)"
    ))))
}

/// [`Writer::write_timestamp`](crate::Writer::write_timestamp) given a second or more of
/// nanoseconds (codec's own callers never are).
#[cold]
#[inline(never)]
fn nanoseconds_past_a_second() -> Error {
    Error::without_position(ErrorKind::InvalidValue(Cow::Borrowed("nanoseconds must be below 10^9")))
}

impl<'w> MsgpackWriter<'w> {
    /// An empty writer.
    ///
    /// ```
    /// assert!(codec::msgpack::MsgpackWriter::new().as_bytes().is_empty());
    /// ```
    pub fn new() -> Self {
        Self::from_vec(Vec::new())
    }

    /// Writes into (the end of) an existing buffer, reusing its capacity.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::from_vec(vec![0xc0]);
    /// w.write_bool(true);
    /// assert_eq!(w.into_inner(), [0xc0, 0xc3]);
    /// ```
    pub fn from_vec(buf: Vec<u8>) -> Self {
        MsgpackWriter { buf, sink: None, limit: 0, open: 0, pin: 0, flushed: 0, refs: None }
    }

    /// An empty writer with room for `capacity` bytes.
    ///
    /// ```
    /// let w = codec::msgpack::MsgpackWriter::with_capacity(64);
    /// assert!(w.as_bytes().is_empty());
    /// ```
    pub fn with_capacity(capacity: usize) -> Self {
        Self::from_vec(Vec::with_capacity(capacity))
    }

    /// A writer that hands its buffer to `sink` whenever `limit` bytes would not fit (and
    /// no map header waits for its patch), and once more at [`finish`](Self::finish).
    // Only the `io::Write` entry points (`std`) use this.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn streaming(sink: &'w mut dyn Sink, limit: usize) -> Self {
        let limit = limit.max(1);
        MsgpackWriter {
            buf: Vec::with_capacity(limit),
            sink: Some(sink),
            limit,
            open: 0,
            pin: 0,
            flushed: 0,
            refs: None,
        }
    }

    /// Takes the [`EncodeOptions`](super::EncodeOptions) of a `_with` entry point.
    pub(crate) fn set_options(&mut self, options: &super::EncodeOptions) {
        // ---- non-finite floats ----
        // MessagePack floats hold NaN and the infinities: the policy changes nothing here.
        let _ = options.non_finite;
        // ---- shared references ----
        if options.preserve_refs {
            self.refs = Some(Box::new(crate::refs::EncodeRefs::new(Default::default())));
        }
    }

    /// Hands the rest of the buffer to the sink, if there is one.
    // Only the `io::Write` entry points (`std`) use this.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn finish(&mut self) {
        if let Some(sink) = self.sink.as_deref_mut() {
            if !self.buf.is_empty() {
                sink.write_chunk(&self.buf);
                self.flushed += self.buf.len();
                self.buf.clear();
            }
        }
    }

    /// Where the output stands: bytes flushed and bytes buffered.
    // Only the `io::Write` entry points (`std`) use this.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn mark(&self) -> (usize, usize) {
        (self.flushed, self.buf.len())
    }

    /// Takes back what was written since `mark`, if none of it was flushed yet; returns
    /// whether it could.
    // Only the `io::Write` entry points (`std`) use this.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn rewind(&mut self, mark: (usize, usize)) -> bool {
        if mark.0 == self.flushed && mark.1 <= self.buf.len() {
            self.buf.truncate(mark.1);
            self.open = 0;
            true
        } else {
            false
        }
    }

    /// Makes sure `n` more bytes fit without the `Vec` growing by itself: the only place
    /// a streaming writer flushes. The check is the one `Vec` makes anyway, so the
    /// compiler folds the `Vec`'s own into it.
    #[inline(always)]
    fn room(&mut self, n: usize) {
        if self.buf.capacity() - self.buf.len() < n {
            self.make_room(n);
        }
    }

    #[cold]
    #[inline(never)]
    fn make_room(&mut self, n: usize) {
        let Some(sink) = self.sink.as_deref_mut() else {
            self.buf.reserve(n);
            return;
        };
        if self.buf.len() + n > self.limit {
            // Everything before the outermost header still waiting for its patch can go.
            let end = if self.open == 0 { self.buf.len() } else { self.pin - self.flushed };
            if end > 0 {
                sink.write_chunk(&self.buf[..end]);
                self.flushed += end;
                self.buf.drain(..end);
            }
        }
        if self.buf.len() + n <= self.limit {
            if self.buf.is_empty() && self.buf.capacity() > self.limit {
                // Back to the buffer size after one item larger than it, so the chunks
                // stay near the limit.
                self.buf.shrink_to(self.limit);
            }
            self.buf.reserve_exact(self.limit - self.buf.len());
        } else {
            // One item larger than the buffer, or an open struct that is: it grows as
            // any `Vec` does.
            self.buf.reserve(n);
        }
    }

    #[inline(always)]
    fn push(&mut self, b: u8) {
        self.put([b]);
    }

    /// Appends a few bytes of known count with one capacity check: `room`'s. (After it,
    /// `Vec::push` would check again in a form the compiler does not fold, and
    /// `extend_from_slice` of a constant length does not always fold either: measured
    /// with callgrind, citm's MessagePack encoding took 13% more instructions.)
    #[inline(always)]
    fn put<const N: usize>(&mut self, bytes: [u8; N]) {
        self.room(N);
        let len = self.buf.len();
        // SAFETY: `room(N)` leaves at least `N` bytes of spare capacity after `len` (with
        // or without a sink, `make_room` reserves them); the copy writes exactly those
        // `N` bytes, so the new length only exposes initialized bytes.
        unsafe {
            core::ptr::copy_nonoverlapping(bytes.as_ptr(), self.buf.as_mut_ptr().add(len), N);
            self.buf.set_len(len + N);
        }
    }

    #[inline(always)]
    fn extend(&mut self, bytes: &[u8]) {
        self.room(bytes.len());
        self.buf.extend_from_slice(bytes);
    }

    /// The bytes written so far (since the last flush, for a streaming writer).
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_nil();
    /// assert_eq!(w.as_bytes(), [0xc0]);
    /// ```
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf
    }

    /// How many bytes were written so far (since the last flush, for a streaming writer).
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_u64(300);
    /// assert_eq!(w.len(), 3);
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.buf.len()
    }

    /// Whether nothing was written yet.
    ///
    /// ```
    /// assert!(codec::msgpack::MsgpackWriter::new().is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    /// Gives the buffer back.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_u64(1);
    /// assert_eq!(w.into_inner(), [1]);
    /// ```
    #[inline]
    pub fn into_inner(self) -> Vec<u8> {
        self.buf
    }

    /// Empties the buffer, keeping its capacity for the next document.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_u64(1);
    /// w.clear();
    /// assert!(w.is_empty());
    /// ```
    #[inline]
    pub fn clear(&mut self) {
        self.buf.clear();
        self.open = 0;
    }

    /// Makes room for `additional` more bytes.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.reserve(100);
    /// assert!(w.is_empty());
    /// ```
    #[inline]
    pub fn reserve(&mut self, additional: usize) {
        self.room(additional);
    }

    /// Appends bytes that are already MessagePack (a pre-encoded key, a whole value).
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_raw(b"\xa2id");
    /// assert_eq!(w.as_bytes(), b"\xa2id");
    /// ```
    #[inline(always)]
    pub fn write_raw(&mut self, bytes: &[u8]) {
        self.extend(bytes);
    }

    /// Appends one byte.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_byte(0x90);
    /// assert_eq!(w.as_bytes(), [0x90]);
    /// ```
    #[inline(always)]
    pub fn write_byte(&mut self, b: u8) {
        self.push(b);
    }

    /// Appends `nil`.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_nil();
    /// assert_eq!(w.as_bytes(), [0xc0]);
    /// ```
    #[inline]
    pub fn write_nil(&mut self) {
        self.push(0xc0);
    }

    /// Appends `true` or `false`.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_bool(false);
    /// assert_eq!(w.as_bytes(), [0xc2]);
    /// ```
    #[inline]
    pub fn write_bool(&mut self, v: bool) {
        self.push(if v { 0xc3 } else { 0xc2 });
    }

    /// Appends an unsigned integer in its smallest form: positive fixint, uint 8, 16, 32
    /// or 64.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_u64(127);
    /// w.write_u64(128);
    /// w.write_u64(65536);
    /// assert_eq!(w.as_bytes(), b"\x7f\xcc\x80\xce\x00\x01\x00\x00");
    /// ```
    // Always: with the room checks of each form, the compiler stopped inlining it
    // (callgrind: citm's MessagePack encoding took 11% more instructions).
    #[inline(always)]
    pub fn write_u64(&mut self, v: u64) {
        if v < 0x80 {
            self.push(v as u8);
        } else if v <= 0xff {
            self.put([0xcc, v as u8]);
        } else if v <= 0xffff {
            let b = (v as u16).to_be_bytes();
            self.put([0xcd, b[0], b[1]]);
        } else if v <= 0xffff_ffff {
            let b = (v as u32).to_be_bytes();
            self.put([0xce, b[0], b[1], b[2], b[3]]);
        } else {
            let b = v.to_be_bytes();
            self.put([0xcf, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
        }
    }

    /// Appends a signed integer in its smallest form: a non-negative value as by
    /// [`write_u64`](Self::write_u64), a negative one as negative fixint, int 8, 16, 32 or
    /// 64.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_i64(5);
    /// w.write_i64(-32);
    /// w.write_i64(-33);
    /// assert_eq!(w.as_bytes(), b"\x05\xe0\xd0\xdf");
    /// ```
    // Always: with the room checks of each form, the compiler stopped inlining it
    // (callgrind: citm's MessagePack encoding took 11% more instructions).
    #[inline(always)]
    pub fn write_i64(&mut self, v: i64) {
        if v >= 0 {
            self.write_u64(v as u64);
        } else if v >= -32 {
            self.push(v as u8);
        } else if v >= i8::MIN as i64 {
            self.put([0xd0, v as u8]);
        } else if v >= i16::MIN as i64 {
            let b = (v as i16).to_be_bytes();
            self.put([0xd1, b[0], b[1]]);
        } else if v >= i32::MIN as i64 {
            let b = (v as i32).to_be_bytes();
            self.put([0xd2, b[0], b[1], b[2], b[3]]);
        } else {
            let b = v.to_be_bytes();
            self.put([0xd3, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
        }
    }

    /// Appends a `u128`: as an integer when it fits 64 bits, else as a 16-byte big-endian
    /// bin (as rmp-serde writes every 128-bit integer).
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_u128(1);
    /// w.write_u128(u128::MAX);
    /// assert_eq!(&w.as_bytes()[..3], b"\x01\xc4\x10");
    /// assert_eq!(w.len(), 1 + 2 + 16);
    /// ```
    #[inline]
    pub fn write_u128(&mut self, v: u128) {
        match u64::try_from(v) {
            Ok(v) => self.write_u64(v),
            Err(_) => self.write_bin16(v.to_be_bytes()),
        }
    }

    /// Appends an `i128`: as an integer when it fits 64 bits, else as a 16-byte big-endian
    /// two's complement bin.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_i128(-1);
    /// w.write_i128(i128::MIN);
    /// assert_eq!(&w.as_bytes()[..3], b"\xff\xc4\x10");
    /// ```
    #[inline]
    pub fn write_i128(&mut self, v: i128) {
        match i64::try_from(v) {
            Ok(v) => self.write_i64(v),
            Err(_) => self.write_bin16(v.to_be_bytes()),
        }
    }

    fn write_bin16(&mut self, bytes: [u8; 16]) {
        self.put([0xc4, 16]);
        self.extend(&bytes);
    }

    /// Appends a float 32 (NaN and the infinities included).
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_f32(0.5);
    /// assert_eq!(w.as_bytes(), b"\xca\x3f\x00\x00\x00");
    /// ```
    #[inline]
    pub fn write_f32(&mut self, v: f32) {
        let b = v.to_bits().to_be_bytes();
        self.put([0xca, b[0], b[1], b[2], b[3]]);
    }

    /// Appends a float 64 (NaN and the infinities included).
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_f64(-0.5);
    /// assert_eq!(w.as_bytes(), b"\xcb\xbf\xe0\x00\x00\x00\x00\x00\x00");
    /// ```
    #[inline]
    pub fn write_f64(&mut self, v: f64) {
        let b = v.to_bits().to_be_bytes();
        self.put([0xcb, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
    }

    /// Appends a length prefix: the fix form `fix | len` below `fix_max`, else the 8-bit
    /// (when `op8` is given), 16-bit or 32-bit form.
    #[inline(always)]
    fn write_len(
        &mut self,
        len: usize,
        fix: u8,
        fix_max: usize,
        op8: Option<u8>,
        op16: u8,
        what: &'static str,
    ) -> Result<()> {
        if len <= fix_max {
            self.push(fix | len as u8);
        } else if let (Some(op8), true) = (op8, len <= 0xff) {
            self.put([op8, len as u8]);
        } else if len <= 0xffff {
            let b = (len as u16).to_be_bytes();
            self.put([op16, b[0], b[1]]);
        } else if len <= 0xffff_ffff {
            let b = (len as u32).to_be_bytes();
            self.put([op16 + 1, b[0], b[1], b[2], b[3]]);
        } else {
            return Err(too_long(what, len));
        }
        Ok(())
    }

    /// Appends `s` as a str (fixstr, str 8, 16 or 32).
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_str("hi")?;
    /// w.write_str(&"x".repeat(32))?;
    /// assert_eq!(&w.as_bytes()[..5], b"\xa2hi\xd9\x20");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline(always)]
    pub fn write_str(&mut self, s: &str) -> Result<()> {
        self.room(s.len() + 5);
        self.write_len(s.len(), 0xa0, 31, Some(0xd9), 0xda, "a string")?;
        self.extend(s.as_bytes());
        Ok(())
    }

    /// Appends `bytes` as a bin (bin 8, 16 or 32).
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_bin(b"")?;
    /// assert_eq!(w.as_bytes(), b"\xc4\x00");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn write_bin(&mut self, bytes: &[u8]) -> Result<()> {
        self.room(bytes.len() + 5);
        // bin has no fix form: bin 8 here, bin 16 or 32 through `write_len`.
        if bytes.len() <= 0xff {
            self.put([0xc4, bytes.len() as u8]);
        } else {
            self.write_len(bytes.len(), 0, 0, None, 0xc5, "a bin")?;
        }
        self.extend(bytes);
        Ok(())
    }

    /// Appends an array header for `len` elements (fixarray, array 16 or 32); the
    /// elements follow.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_array_len(2)?;
    /// w.write_array_len(16)?;
    /// assert_eq!(w.as_bytes(), b"\x92\xdc\x00\x10");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn write_array_len(&mut self, len: usize) -> Result<()> {
        self.write_len(len, 0x90, 15, None, 0xdc, "an array")
    }

    /// Appends a map header for `len` entries (fixmap, map 16 or 32); the keys and values
    /// follow.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_map_len(0)?;
    /// w.write_map_len(65536)?;
    /// assert_eq!(w.as_bytes(), b"\x80\xdf\x00\x01\x00\x00");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn write_map_len(&mut self, len: usize) -> Result<()> {
        self.write_len(len, 0x80, 15, None, 0xde, "a map")
    }

    /// Appends an extension value of type `tag`: fixext 1, 2, 4, 8 or 16 when the payload
    /// has one of those sizes, else ext 8, 16 or 32. Types 0 to 127 are the application's;
    /// negative ones are reserved by the spec (-1 is the timestamp).
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// w.write_ext(1, &[0x10])?;
    /// w.write_ext(7, &[1, 2, 3])?;
    /// assert_eq!(w.as_bytes(), b"\xd4\x01\x10\xc7\x03\x07\x01\x02\x03");
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn write_ext(&mut self, tag: i8, data: &[u8]) -> Result<()> {
        self.room(data.len() + 6);
        match data.len() {
            1 => self.push(0xd4),
            2 => self.push(0xd5),
            4 => self.push(0xd6),
            8 => self.push(0xd7),
            16 => self.push(0xd8),
            len if len <= 0xff => self.put([0xc7, len as u8]),
            len => self.write_len(len, 0, 0, None, 0xc8, "an ext")?,
        }
        self.push(tag as u8);
        self.extend(data);
        Ok(())
    }

    /// Reserves one byte for a map header whose entry count is not known yet, and returns
    /// where it is; [`patch_map_len`](Self::patch_map_len) fills it in. How generated code
    /// writes a struct whose entries depend on `skip_encoding_if` or `flatten`.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// let at = w.map_placeholder();
    /// w.write_raw(b"\xa1a\x01");
    /// w.patch_map_len(at, 1)?;
    /// assert_eq!(w.as_bytes(), b"\x81\xa1a\x01");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn map_placeholder(&mut self) -> usize {
        self.placeholder(0x80)
    }

    /// [`map_placeholder`](Self::map_placeholder) for an array (a serde sequence of
    /// unknown length); [`patch_array_len`](Self::patch_array_len) fills it in.
    #[inline]
    pub(crate) fn array_placeholder(&mut self) -> usize {
        self.placeholder(0x90)
    }

    /// One byte, `fix` (an empty fixmap or fixarray), where a header will go.
    #[inline]
    fn placeholder(&mut self, fix: u8) -> usize {
        self.push(fix);
        // Counted from the start of the output, not of the buffer: a streaming writer may
        // flush what precedes the header before it is patched.
        let at = self.flushed + self.buf.len() - 1;
        if self.open == 0 {
            self.pin = at;
        }
        self.open += 1;
        at
    }

    /// Writes the header of a map of `len` entries at `at`, the placeholder that
    /// [`map_placeholder`](Self::map_placeholder) returned: in place when `len` fits a
    /// fixmap, else by moving the entries to make room for the longer header.
    ///
    /// ```
    /// let mut w = codec::msgpack::MsgpackWriter::new();
    /// let at = w.map_placeholder();
    /// for i in 0..16u64 {
    ///     w.write_u64(i);
    ///     w.write_nil();
    /// }
    /// w.patch_map_len(at, 16)?;
    /// assert_eq!(&w.as_bytes()[..4], b"\xde\x00\x10\x00");
    /// # Ok::<(), codec::Error>(())
    /// ```
    #[inline]
    pub fn patch_map_len(&mut self, at: usize, len: usize) -> Result<()> {
        self.patch_len(at, len, 0x80, MsgpackWriter::write_map_len)
    }

    /// Writes the header of an array of `len` elements at `at`, the placeholder that
    /// [`array_placeholder`](Self::array_placeholder) returned, as
    /// [`patch_map_len`](Self::patch_map_len) does for a map.
    #[inline]
    pub(crate) fn patch_array_len(&mut self, at: usize, len: usize) -> Result<()> {
        self.patch_len(at, len, 0x90, MsgpackWriter::write_array_len)
    }

    #[inline]
    fn patch_len(&mut self, at: usize, len: usize, fix: u8, header: fn(&mut Self, usize) -> Result<()>) -> Result<()> {
        // Saturating: a hand-written impl that patches without a placeholder must not
        // panic; the count only decides when a streaming writer may flush.
        self.open = self.open.saturating_sub(1);
        let at = at.wrapping_sub(self.flushed);
        if len <= 15 {
            self.buf[at] = fix | len as u8;
            Ok(())
        } else {
            self.widen_header(at, len, header)
        }
    }

    #[cold]
    #[inline(never)]
    fn widen_header(&mut self, at: usize, len: usize, header: fn(&mut Self, usize) -> Result<()>) -> Result<()> {
        let mut wide = MsgpackWriter::new();
        header(&mut wide, len)?;
        self.buf.splice(at..at + 1, wide.buf);
        Ok(())
    }
}

// The generic model's view of this writer (`crate::writer`): each step is the inherent
// method of the same name; a MessagePack array states its length in its header, so the
// steps between and after elements write nothing.
impl crate::writer::Sealed for MsgpackWriter<'_> {}

impl crate::Writer for MsgpackWriter<'_> {
    const MSGPACK: bool = true;
    const ANNOUNCES_LENGTHS: bool = true;
    const JSON_TEXT: bool = false;
    const NATIVE_BYTES: bool = true;
    const TYPED_KEYS: bool = true;
    const COMPOSITE_KEYS_AS_PAIRS: bool = false;
    const HUMAN_READABLE: bool = false;
    const NATIVE_TIMESTAMP: bool = true;

    #[inline]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<()> {
        self.write_bin(bytes)
    }

    #[inline]
    fn write_null(&mut self) {
        self.write_nil();
    }

    #[inline]
    fn write_bool(&mut self, v: bool) {
        self.write_bool(v);
    }

    #[inline(always)]
    fn write_u64(&mut self, v: u64) {
        self.write_u64(v);
    }

    #[inline(always)]
    fn write_i64(&mut self, v: i64) {
        self.write_i64(v);
    }

    #[inline]
    fn write_u128(&mut self, v: u128) {
        self.write_u128(v);
    }

    #[inline]
    fn write_i128(&mut self, v: i128) {
        self.write_i128(v);
    }

    #[inline]
    fn write_f32(&mut self, v: f32) -> Result<()> {
        self.write_f32(v);
        Ok(())
    }

    #[inline]
    fn write_f64(&mut self, v: f64) -> Result<()> {
        self.write_f64(v);
        Ok(())
    }

    #[inline(always)]
    fn write_str(&mut self, s: &str) -> Result<()> {
        self.write_str(s)
    }

    /// [`write_str`](MsgpackWriter::write_str) of bytes the caller guarantees are UTF-8.
    #[inline]
    fn write_escape_free_str(&mut self, text: &[u8]) -> Result<()> {
        self.room(text.len() + 5);
        self.write_len(text.len(), 0xa0, 31, Some(0xd9), 0xda, "a string")?;
        self.extend(text);
        Ok(())
    }

    #[inline]
    fn write_quoted_escape_free_str(&mut self, quoted: &[u8]) -> Result<()> {
        let text = quoted.get(1..quoted.len().saturating_sub(1)).unwrap_or_default();
        crate::Writer::write_escape_free_str(self, text)
    }

    #[inline]
    fn write_escape_free_str_parts(&mut self, parts: &[&[u8]]) -> Result<()> {
        // Saturating: a length past 4 GiB is an error of `write_len` either way.
        let len = parts.iter().fold(0usize, |n, part| n.saturating_add(part.len()));
        self.write_len(len, 0xa0, 31, Some(0xd9), 0xda, "a string")?;
        for part in parts {
            self.extend(part);
        }
        Ok(())
    }

    #[inline]
    fn preserves_refs(&self) -> bool {
        self.refs.is_some()
    }

    #[inline]
    fn write_shared(&mut self, addr: usize, write: impl FnOnce(&mut Self) -> Result<()>) -> Result<()> {
        super::refs::encode_shared(addr, self, write)
    }

    #[inline]
    fn write_timestamp(&mut self, seconds: i64, nanoseconds: u32) -> Result<()> {
        match super::Timestamp::new(seconds, nanoseconds) {
            Some(t) => {
                t.write(self);
                Ok(())
            }
            None => Err(nanoseconds_past_a_second()),
        }
    }

    #[inline]
    fn write_ext(&mut self, tag: i8, data: &[u8]) -> Result<()> {
        MsgpackWriter::write_ext(self, tag, data)
    }

    #[inline]
    fn begin_array(&mut self, len: usize) -> Result<()> {
        self.write_array_len(len)
    }

    #[inline(always)]
    fn array_element(&mut self, _index: usize) {}

    #[inline(always)]
    fn end_array(&mut self) {}

    #[inline]
    fn begin_map(&mut self, len: usize) -> Result<()> {
        self.write_map_len(len)
    }

    #[inline(always)]
    fn map_key(&mut self, _index: usize) {}

    #[inline(always)]
    fn map_value(&mut self) {}

    #[inline(always)]
    fn end_map(&mut self) {}

    #[inline(always)]
    fn write_encoded(&mut self, bytes: &crate::writer::Encoded) {
        // A constant after inlining: a step with no bytes in this format vanishes.
        match bytes.msgpack {
            [] => {}
            [b] => self.write_byte(*b),
            more => self.write_raw(more),
        }
    }

    #[inline]
    fn begin_members(&mut self) -> usize {
        self.map_placeholder()
    }

    #[inline(always)]
    fn write_member_name(&mut self, name: &crate::writer::Encoded, _written: usize) {
        self.write_raw(name.msgpack);
    }

    #[inline]
    fn end_members(&mut self, at: usize, count: usize) -> Result<()> {
        self.patch_map_len(at, count)
    }

    #[inline]
    fn begin_elements(&mut self) -> usize {
        self.array_placeholder()
    }

    #[inline]
    fn end_elements(&mut self, at: usize, count: usize) -> Result<()> {
        self.patch_array_len(at, count)
    }

    #[inline]
    fn mark(&self) -> (usize, usize) {
        MsgpackWriter::mark(self)
    }

    /// The key's text as the reader names keys in paths (a str's text, a number, ...).
    #[cold]
    fn key_text_since(&self, mark: (usize, usize)) -> Option<alloc::string::String> {
        let (flushed, at) = mark;
        if flushed != self.flushed {
            return None;
        }
        let mut r = super::MsgpackReader::new(self.buf.get(at..)?);
        let key = r.read_key().ok()?;
        Some(r.key_text(key))
    }

    #[inline]
    fn write_key_bool(&mut self, v: bool) {
        self.write_bool(v);
    }

    #[inline(always)]
    fn write_key_u64(&mut self, v: u64) {
        self.write_u64(v);
    }

    #[inline(always)]
    fn write_key_i64(&mut self, v: i64) {
        self.write_i64(v);
    }

    #[inline]
    fn write_key_u128(&mut self, v: u128) {
        self.write_u128(v);
    }

    #[inline]
    fn write_key_i128(&mut self, v: i128) {
        self.write_i128(v);
    }

    #[inline]
    fn write_key_f64(&mut self, v: f64) -> Result<()> {
        MsgpackWriter::write_f64(self, v);
        Ok(())
    }

    #[inline]
    fn write_key_f32(&mut self, v: f32) -> Result<()> {
        MsgpackWriter::write_f32(self, v);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Collects every chunk a streaming writer hands over.
    struct Chunks(Vec<Vec<u8>>);

    impl Sink for Chunks {
        fn write_chunk(&mut self, bytes: &[u8]) {
            self.0.push(bytes.to_vec());
        }
    }

    /// Every width of `put` (the `unsafe` fixed-size appends), into a writer with no room
    /// to spare, a streaming one whose buffer is smaller than one value, and one between:
    /// the output is the same bytes, whole. Run under Miri by `cargo miri test`.
    #[test]
    fn fixed_size_appends_at_every_width_and_buffer_size() {
        fn write_all(w: &mut MsgpackWriter<'_>) {
            for v in [0u64, 0x7f, 0xcc, 0x1234, 0x1234_5678, u64::MAX] {
                w.write_u64(v);
            }
            for v in [-1i64, -100, -30_000, -2_000_000_000, i64::MIN] {
                w.write_i64(v);
            }
            w.write_f32(1.5);
            w.write_f64(-0.25);
            w.write_str("a string longer than a fixstr can be, past thirty-one bytes").unwrap();
            w.write_bin(&[7; 300]).unwrap();
            w.write_nil();
        }
        let mut whole = MsgpackWriter::with_capacity(0);
        write_all(&mut whole);
        let expected = whole.as_bytes().to_vec();
        assert_eq!(&expected[..4], [0x00, 0x7f, 0xcc, 0xcc]);
        for limit in [1, 3, 9, 64, 1 << 16] {
            let mut chunks = Chunks(Vec::new());
            let mut w = MsgpackWriter::streaming(&mut chunks, limit);
            write_all(&mut w);
            w.finish();
            drop(w);
            assert_eq!(chunks.0.concat(), expected, "limit {limit}");
            if limit < expected.len() {
                assert!(chunks.0.len() > 1, "limit {limit}: {} chunks", chunks.0.len());
            }
        }
    }
}
