//! The CBOR writer: a growable byte buffer with typed appends, each in preferred
//! serialization (RFC 8949 section 4.2.1): the shortest head for every length and
//! integer, floats as the shortest of half, single and double that holds the value
//! exactly, definite lengths only.
//!
//! Generated code writes each field's key as one byte literal made at macro time (the
//! text head and the name), and a struct's map head as a literal too when no field is
//! conditional; otherwise [`map_placeholder`](CborWriter::map_placeholder) writes a
//! one-byte head that [`patch_map_len`](CborWriter::patch_map_len) fills in, widening it
//! (moving the members up) in the rare struct of more than 23 members.

use alloc::vec::Vec;

use super::half::f32_to_f16_exact;
use crate::error::Result;
use crate::sink::Sink;

/// The buffer every [`Encode`](crate::Encode) impl writes CBOR to.
///
/// ```
/// use codec::cbor::CborWriter;
/// let mut w = CborWriter::new();
/// w.write_u64(500);
/// w.write_f64(1.5);
/// assert_eq!(w.as_bytes(), b"\x19\x01\xf4\xf9\x3e\x00");
/// ```
pub struct CborWriter<'w> {
    buf: Vec<u8>,
    /// Where a streaming writer hands full buffers (`to_writer`), `None` in memory.
    sink: Option<&'w mut dyn Sink>,
    /// The streaming buffer's size.
    limit: usize,
    /// Map heads written by `map_placeholder` and not yet patched: while any is open the
    /// buffer keeps everything from the outermost on (`pin`), since it may still move.
    open: usize,
    pin: usize,
    /// Bytes handed to the sink so far.
    flushed: usize,
    /// In `preserve_refs` mode, the allocations written so far (see `refs.rs`).
    pub(crate) refs: Option<alloc::boxed::Box<crate::refs::EncodeRefs>>,
}

impl Default for CborWriter<'_> {
    fn default() -> Self {
        Self::from_vec(Vec::new())
    }
}

impl core::fmt::Debug for CborWriter<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("CborWriter").field("buf", &self.buf).field("streaming", &self.sink.is_some()).finish()
    }
}

impl<'w> CborWriter<'w> {
    /// An empty writer.
    ///
    /// ```
    /// assert!(codec::cbor::CborWriter::new().is_empty());
    /// ```
    pub fn new() -> Self {
        Self::from_vec(Vec::new())
    }

    /// A writer that appends to `buf`.
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::from_vec(vec![0xf6]);
    /// w.write_bool(true);
    /// assert_eq!(w.into_inner(), [0xf6, 0xf5]);
    /// ```
    pub fn from_vec(buf: Vec<u8>) -> Self {
        CborWriter { buf, sink: None, limit: 0, open: 0, pin: 0, flushed: 0, refs: None }
    }

    /// An empty writer with room for `capacity` bytes.
    ///
    /// ```
    /// assert!(codec::cbor::CborWriter::with_capacity(64).is_empty());
    /// ```
    pub fn with_capacity(capacity: usize) -> Self {
        Self::from_vec(Vec::with_capacity(capacity))
    }

    // Only the `io::Write` entry points (`std`) use this.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn streaming(sink: &'w mut dyn Sink, limit: usize) -> Self {
        let limit = limit.max(1);
        CborWriter { sink: Some(sink), limit, ..Self::from_vec(Vec::with_capacity(limit)) }
    }

    pub(crate) fn set_options(&mut self, options: &super::EncodeOptions) {
        // CBOR floats hold NaN and the infinities: the non-finite policy changes nothing;
        // deterministic order is a pass over the finished bytes (`deterministic.rs`).
        // A new table each time: ids belong to one document.
        if options.preserve_refs {
            self.refs = Some(alloc::boxed::Box::new(crate::refs::EncodeRefs::new(Default::default())));
        }
    }

    /// Takes back what was written since `mark`, if none of it was flushed yet; returns
    /// whether it could.
    // Only the `io::Write` entry points (`std`) use this.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn rewind(&mut self, (flushed, len): (usize, usize)) -> bool {
        let held = flushed == self.flushed && len <= self.buf.len();
        if held {
            self.buf.truncate(len);
            self.open = 0;
        }
        held
    }

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
            let end = if self.open == 0 { self.buf.len() } else { self.pin - self.flushed };
            if end > 0 {
                sink.write_chunk(&self.buf[..end]);
                self.flushed += end;
                self.buf.drain(..end);
            }
        }
        if self.buf.len() + n <= self.limit {
            self.buf.reserve_exact(self.limit - self.buf.len());
        } else {
            self.buf.reserve(n);
        }
    }

    #[inline(always)]
    fn put<const N: usize>(&mut self, bytes: [u8; N]) {
        self.room(N);
        let len = self.buf.len();
        // SAFETY: `room(N)` leaves at least `N` bytes of spare capacity after `len` (with
        // or without a sink, `make_room` reserves them); the copy writes exactly those
        // `N` bytes, so the new length only exposes initialized bytes. Measured
        // (callgrind, `examples/profile_cbor twitter_enc`): `extend_from_slice`'s second
        // capacity check and length bookkeeping on every head cost 6% of an encode
        // (627k instructions, 589k without).
        unsafe {
            core::ptr::copy_nonoverlapping(bytes.as_ptr(), self.buf.as_mut_ptr().add(len), N);
            self.buf.set_len(len + N);
        }
    }

    /// The bytes written so far (of a streaming writer: since the last flush).
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::new();
    /// w.write_null();
    /// assert_eq!(w.as_bytes(), [0xf6]);
    /// ```
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf
    }

    /// How many bytes [`as_bytes`](Self::as_bytes) holds.
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::new();
    /// w.write_u64(1000);
    /// assert_eq!(w.len(), 3);
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.buf.len()
    }

    /// Whether nothing was written.
    ///
    /// ```
    /// assert!(codec::cbor::CborWriter::new().is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    /// The bytes written.
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::new();
    /// w.write_bool(false);
    /// assert_eq!(w.into_inner(), [0xf4]);
    /// ```
    #[inline]
    pub fn into_inner(self) -> Vec<u8> {
        self.buf
    }

    /// Appends `bytes` as they are (the caller's CBOR).
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::new();
    /// w.write_raw(b"\x82\x01\x02");
    /// assert_eq!(w.as_bytes(), b"\x82\x01\x02");
    /// ```
    #[inline(always)]
    pub fn write_raw(&mut self, bytes: &[u8]) {
        self.room(bytes.len());
        self.buf.extend_from_slice(bytes);
    }

    /// [`write_raw`](Self::write_raw) of a whole document already encoded (a sorted
    /// deterministic one): a streaming writer with no placeholder open hands bytes longer
    /// than its buffer straight to its sink, after what it holds, instead of growing the
    /// buffer to copy them in. The same bytes reach the sink in the same order.
    // Only the `io::Write` entry points (`std`) use this.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn write_encoded_document(&mut self, bytes: &[u8]) {
        if self.open == 0 && bytes.len() > self.limit {
            if let Some(sink) = self.sink.as_deref_mut() {
                // What `make_room` would flush before growing the buffer.
                if !self.buf.is_empty() {
                    sink.write_chunk(&self.buf);
                    self.flushed += self.buf.len();
                    self.buf.clear();
                }
                sink.write_chunk(bytes);
                self.flushed += bytes.len();
                return;
            }
        }
        self.write_raw(bytes);
    }

    /// Writes a head of major type `major` (0 to 7) with argument `n`, in its shortest
    /// form.
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::new();
    /// w.write_head(6, 55799);
    /// assert_eq!(w.as_bytes(), b"\xd9\xd9\xf7");
    /// ```
    #[inline(always)]
    pub fn write_head(&mut self, major: u8, n: u64) {
        let m = major << 5;
        if n < 24 {
            self.put([m | n as u8]);
        } else if n <= 0xff {
            self.put([m | 24, n as u8]);
        } else if n <= 0xffff {
            let b = (n as u16).to_be_bytes();
            self.put([m | 25, b[0], b[1]]);
        } else if n <= 0xffff_ffff {
            let b = (n as u32).to_be_bytes();
            self.put([m | 26, b[0], b[1], b[2], b[3]]);
        } else {
            let b = n.to_be_bytes();
            self.put([m | 27, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
        }
    }

    /// Writes a tag head (major type 6): the item that follows is its content.
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::new();
    /// w.write_tag(32);
    /// w.write_str("http://www.example.com");
    /// assert_eq!(&w.as_bytes()[..3], b"\xd8\x20\x76");
    /// ```
    #[inline]
    pub fn write_tag(&mut self, tag: u64) {
        self.write_head(6, tag);
    }

    /// Writes `null`.
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::new();
    /// w.write_null();
    /// assert_eq!(w.as_bytes(), [0xf6]);
    /// ```
    #[inline]
    pub fn write_null(&mut self) {
        self.put([0xf6]);
    }

    /// Writes `true` or `false`.
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::new();
    /// w.write_bool(true);
    /// assert_eq!(w.as_bytes(), [0xf5]);
    /// ```
    #[inline]
    pub fn write_bool(&mut self, v: bool) {
        self.put([if v { 0xf5 } else { 0xf4 }]);
    }

    /// Writes an unsigned integer (major type 0).
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::new();
    /// w.write_u64(24);
    /// assert_eq!(w.as_bytes(), b"\x18\x18");
    /// ```
    #[inline(always)]
    pub fn write_u64(&mut self, v: u64) {
        self.write_head(0, v);
    }

    /// Writes a signed integer (major type 1 below zero, standing for `-1 - n`).
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::new();
    /// w.write_i64(-500);
    /// assert_eq!(w.as_bytes(), b"\x39\x01\xf3");
    /// ```
    #[inline(always)]
    pub fn write_i64(&mut self, v: i64) {
        if v >= 0 {
            self.write_head(0, v as u64);
        } else {
            self.write_head(1, !(v as u64));
        }
    }

    /// Writes a `u128`: an integer up to `u64::MAX`, beyond it a bignum (tag 2 and the
    /// big-endian magnitude without leading zeros, RFC 8949 section 3.4.3).
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::new();
    /// w.write_u128(18446744073709551616);
    /// assert_eq!(w.as_bytes(), b"\xc2\x49\x01\x00\x00\x00\x00\x00\x00\x00\x00");
    /// ```
    #[inline]
    pub fn write_u128(&mut self, v: u128) {
        match u64::try_from(v) {
            Ok(v) => self.write_u64(v),
            Err(_) => self.write_bignum(2, v),
        }
    }

    /// Writes an `i128`: an integer within major types 0 and 1 (down to -2^64), beyond
    /// them a bignum (tag 3 for a negative one, holding `-1 - v`).
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::new();
    /// w.write_i128(-18446744073709551617);
    /// assert_eq!(w.as_bytes(), b"\xc3\x49\x01\x00\x00\x00\x00\x00\x00\x00\x00");
    /// w.clear();
    /// w.write_i128(-18446744073709551616);
    /// assert_eq!(w.as_bytes(), b"\x3b\xff\xff\xff\xff\xff\xff\xff\xff");
    /// ```
    #[inline]
    pub fn write_i128(&mut self, v: i128) {
        if v >= 0 {
            return self.write_u128(v as u128);
        }
        let n = (-1 - v) as u128;
        match u64::try_from(n) {
            Ok(n) => self.write_head(1, n),
            Err(_) => self.write_bignum(3, n),
        }
    }

    fn write_bignum(&mut self, tag: u8, magnitude: u128) {
        let bytes = magnitude.to_be_bytes();
        let first = bytes.iter().position(|&b| b != 0).unwrap_or(15);
        self.put([0xc0 | tag]);
        self.write_bytes(&bytes[first..]);
    }

    /// Clears the buffer.
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::new();
    /// w.write_null();
    /// w.clear();
    /// assert!(w.is_empty());
    /// ```
    #[inline]
    pub fn clear(&mut self) {
        self.buf.clear();
        self.open = 0;
    }

    /// Writes an `f32` in the shortest exact form: a half when one holds it, else a
    /// single; NaN as the half `0xf97e00`.
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::new();
    /// w.write_f32(100000.0);
    /// w.write_f32(f32::NAN);
    /// assert_eq!(w.as_bytes(), b"\xfa\x47\xc3\x50\x00\xf9\x7e\x00");
    /// ```
    #[inline]
    pub fn write_f32(&mut self, v: f32) {
        if let Some(h) = f32_to_f16_exact(v) {
            let b = h.to_be_bytes();
            self.put([0xf9, b[0], b[1]]);
        } else if v.is_nan() {
            self.put([0xf9, 0x7e, 0x00]);
        } else {
            let b = v.to_bits().to_be_bytes();
            self.put([0xfa, b[0], b[1], b[2], b[3]]);
        }
    }

    /// Writes an `f64` in the shortest exact form: a half or single when one holds it
    /// (see [`write_f32`](Self::write_f32)), else a double; NaN as `0xf97e00`.
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::new();
    /// w.write_f64(1.1);
    /// assert_eq!(w.as_bytes(), b"\xfb\x3f\xf1\x99\x99\x99\x99\x99\x9a");
    /// ```
    #[inline]
    pub fn write_f64(&mut self, v: f64) {
        let narrow = v as f32;
        if f64::from(narrow) == v || v.is_nan() {
            return self.write_f32(narrow);
        }
        let b = v.to_bits().to_be_bytes();
        self.put([0xfb, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
    }

    /// Writes a text string.
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::new();
    /// w.write_str("IETF");
    /// assert_eq!(w.as_bytes(), b"\x64IETF");
    /// ```
    #[inline]
    pub fn write_str(&mut self, s: &str) {
        self.room(s.len() + 9);
        self.write_head(3, s.len() as u64);
        self.buf.extend_from_slice(s.as_bytes());
    }

    /// Writes a byte string.
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::new();
    /// w.write_bytes(&[1, 2, 3, 4]);
    /// assert_eq!(w.as_bytes(), b"\x44\x01\x02\x03\x04");
    /// ```
    #[inline]
    pub fn write_bytes(&mut self, bytes: &[u8]) {
        self.room(bytes.len() + 9);
        self.write_head(2, bytes.len() as u64);
        self.buf.extend_from_slice(bytes);
    }

    /// Writes an array head of `len` elements.
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::new();
    /// w.write_array_len(25);
    /// assert_eq!(w.as_bytes(), b"\x98\x19");
    /// ```
    #[inline]
    pub fn write_array_len(&mut self, len: usize) {
        self.write_head(4, len as u64);
    }

    /// Writes a map head of `len` entries.
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::new();
    /// w.write_map_len(2);
    /// assert_eq!(w.as_bytes(), b"\xa2");
    /// ```
    #[inline]
    pub fn write_map_len(&mut self, len: usize) {
        self.write_head(5, len as u64);
    }

    /// Writes a one-byte map head whose count [`patch_map_len`](Self::patch_map_len)
    /// sets once the entries are written; returns where it is.
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::new();
    /// let at = w.map_placeholder();
    /// for i in 0..24u64 {
    ///     w.write_u64(i);
    ///     w.write_null();
    /// }
    /// w.patch_map_len(at, 24);
    /// assert_eq!(&w.as_bytes()[..3], b"\xb8\x18\x00");
    /// ```
    #[inline]
    pub fn map_placeholder(&mut self) -> usize {
        self.placeholder(5)
    }

    /// Sets the count of the map head at `at` (see
    /// [`map_placeholder`](Self::map_placeholder)): in place up to 23, otherwise the head
    /// grows to its preferred width and the entries move up.
    #[inline]
    pub fn patch_map_len(&mut self, at: usize, len: usize) {
        self.patch(at, 5, len);
    }

    /// [`map_placeholder`](Self::map_placeholder) for an array (a serde sequence of
    /// unknown length).
    ///
    /// ```
    /// let mut w = codec::cbor::CborWriter::new();
    /// let at = w.array_placeholder();
    /// w.write_u64(7);
    /// w.patch_array_len(at, 1);
    /// assert_eq!(w.as_bytes(), b"\x81\x07");
    /// ```
    #[inline]
    pub fn array_placeholder(&mut self) -> usize {
        self.placeholder(4)
    }

    /// [`patch_map_len`](Self::patch_map_len) for an array.
    #[inline]
    pub fn patch_array_len(&mut self, at: usize, len: usize) {
        self.patch(at, 4, len);
    }

    #[inline]
    fn placeholder(&mut self, major: u8) -> usize {
        self.put([major << 5]);
        // Counted from the start of the output: a streaming writer may flush what
        // precedes the head before it is patched.
        let at = self.flushed + self.buf.len() - 1;
        if self.open == 0 {
            self.pin = at;
        }
        self.open += 1;
        at
    }

    #[inline]
    fn patch(&mut self, at: usize, major: u8, len: usize) {
        // Saturating: a hand-written impl that patches without a placeholder must not
        // panic; the count only decides when a streaming writer may flush.
        self.open = self.open.saturating_sub(1);
        let at = at.wrapping_sub(self.flushed);
        if len < 24 {
            if let Some(b) = self.buf.get_mut(at) {
                *b = major << 5 | len as u8;
            }
        } else {
            self.widen_head(at, major, len);
        }
    }

    /// A placeholder's head past 23 items: its preferred width, the items moved up.
    #[cold]
    #[inline(never)]
    fn widen_head(&mut self, at: usize, major: u8, len: usize) {
        let mut head = CborWriter::new();
        head.write_head(major, len as u64);
        if at < self.buf.len() {
            self.buf.splice(at..at + 1, head.buf);
        }
    }
}

// The generic model's view of this writer (`crate::writer`): a CBOR array states its
// length in its head, so the steps between and after elements write nothing.
impl crate::writer::Sealed for CborWriter<'_> {}

impl crate::Writer for CborWriter<'_> {
    const MSGPACK: bool = false;
    const ANNOUNCES_LENGTHS: bool = true;
    const JSON_TEXT: bool = false;
    const NATIVE_BYTES: bool = true;
    const TYPED_KEYS: bool = true;
    const COMPOSITE_KEYS_AS_PAIRS: bool = false;
    const HUMAN_READABLE: bool = false;
    const NATIVE_TIMESTAMP: bool = true;
    const ITEM_HEADS: bool = true;

    /// A tag's head, or a simple value in its one-byte form (0 to 23) or its two-byte
    /// form (32 to 255); 20 to 22 (`false`, `true`, `null`) and 24 to 31 (reserved) are
    /// an [`InvalidValue`](crate::ErrorKind::InvalidValue) error. (`cbor::Value` refuses
    /// those before, with its own message in every format; the writer keeps its check
    /// because the method is reachable through the public, hidden `Writer` trait, and
    /// must never write malformed CBOR.)
    #[inline]
    fn write_item_head(&mut self, head: crate::reader::ItemHead) -> Result<()> {
        match head {
            crate::reader::ItemHead::Tag(tag) => self.write_tag(tag),
            crate::reader::ItemHead::Simple(v @ (0..=19 | 23 | 32..=255)) => self.write_head(7, u64::from(v)),
            crate::reader::ItemHead::Simple(_) => {
                return Err(crate::error::Error::without_position(crate::error::ErrorKind::InvalidValue(
                    alloc::borrow::Cow::Borrowed(
                        "simple values 20 to 22 are false, true and null, and 24 to 31 are reserved",
                    ),
                )))
            }
        }
        Ok(())
    }

    #[inline]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<()> {
        CborWriter::write_bytes(self, bytes);
        Ok(())
    }

    #[inline]
    fn write_null(&mut self) {
        CborWriter::write_null(self);
    }

    #[inline]
    fn write_bool(&mut self, v: bool) {
        CborWriter::write_bool(self, v);
    }

    #[inline(always)]
    fn write_u64(&mut self, v: u64) {
        CborWriter::write_u64(self, v);
    }

    #[inline(always)]
    fn write_i64(&mut self, v: i64) {
        CborWriter::write_i64(self, v);
    }

    #[inline]
    fn write_u128(&mut self, v: u128) {
        CborWriter::write_u128(self, v);
    }

    #[inline]
    fn write_i128(&mut self, v: i128) {
        CborWriter::write_i128(self, v);
    }

    #[inline]
    fn write_f32(&mut self, v: f32) -> Result<()> {
        CborWriter::write_f32(self, v);
        Ok(())
    }

    #[inline]
    fn write_f64(&mut self, v: f64) -> Result<()> {
        CborWriter::write_f64(self, v);
        Ok(())
    }

    #[inline]
    fn write_str(&mut self, s: &str) -> Result<()> {
        CborWriter::write_str(self, s);
        Ok(())
    }

    #[inline]
    fn write_escape_free_str(&mut self, text: &[u8]) -> Result<()> {
        self.room(text.len() + 9);
        self.write_head(3, text.len() as u64);
        self.buf.extend_from_slice(text);
        Ok(())
    }

    #[inline]
    fn write_quoted_escape_free_str(&mut self, quoted: &[u8]) -> Result<()> {
        let text = quoted.get(1..quoted.len().saturating_sub(1)).unwrap_or_default();
        crate::Writer::write_escape_free_str(self, text)
    }

    #[inline]
    fn write_escape_free_str_parts(&mut self, parts: &[&[u8]]) -> Result<()> {
        let len = parts.iter().fold(0usize, |n, part| n.saturating_add(part.len()));
        self.write_head(3, len as u64);
        for part in parts {
            self.write_raw(part);
        }
        Ok(())
    }

    #[inline]
    fn preserves_refs(&self) -> bool {
        self.refs.is_some()
    }

    /// In refs mode, tag 28 and the value the first time, tag 29 on its index after (see
    /// `refs.rs`).
    #[inline]
    fn write_shared(&mut self, addr: usize, write: impl FnOnce(&mut Self) -> Result<()>) -> Result<()> {
        match self.refs.as_deref_mut().map(|refs| refs.see(addr)).transpose()? {
            None => write(self),
            Some(seen) => super::refs::write_seen(self, seen, write),
        }
    }

    #[inline]
    fn write_timestamp(&mut self, seconds: i64, nanoseconds: u32) -> Result<()> {
        super::time::write_epoch(self, seconds, nanoseconds)
    }

    #[inline]
    fn begin_array(&mut self, len: usize) -> Result<()> {
        self.write_array_len(len);
        Ok(())
    }

    #[inline(always)]
    fn array_element(&mut self, _index: usize) {}

    #[inline(always)]
    fn end_array(&mut self) {}

    #[inline]
    fn begin_map(&mut self, len: usize) -> Result<()> {
        self.write_map_len(len);
        Ok(())
    }

    #[inline(always)]
    fn map_key(&mut self, _index: usize) {}

    #[inline(always)]
    fn map_value(&mut self) {}

    #[inline(always)]
    fn end_map(&mut self) {}

    #[inline(always)]
    fn write_encoded(&mut self, bytes: &crate::writer::Encoded) {
        match bytes.cbor {
            [] => {}
            more => self.write_raw(more),
        }
    }

    #[inline]
    fn begin_elements(&mut self) -> usize {
        self.array_placeholder()
    }

    #[inline]
    fn end_elements(&mut self, at: usize, count: usize) -> Result<()> {
        self.patch_array_len(at, count);
        Ok(())
    }

    #[inline]
    fn mark(&self) -> (usize, usize) {
        (self.flushed, self.buf.len())
    }

    /// The key's text as the reader names keys in paths (a string's text, a number, ...).
    #[cold]
    fn key_text_since(&self, mark: (usize, usize)) -> Option<alloc::string::String> {
        let (flushed, at) = mark;
        if flushed != self.flushed {
            return None;
        }
        let mut r = super::CborReader::new(self.buf.get(at..)?);
        let key = r.read_key().ok()?;
        Some(r.key_text(key))
    }

    #[inline]
    fn begin_members(&mut self) -> usize {
        self.map_placeholder()
    }

    #[inline(always)]
    fn write_member_name(&mut self, name: &crate::writer::Encoded, _written: usize) {
        self.write_raw(name.cbor);
    }

    #[inline]
    fn end_members(&mut self, at: usize, count: usize) -> Result<()> {
        self.patch_map_len(at, count);
        Ok(())
    }

    #[inline]
    fn write_key_bool(&mut self, v: bool) {
        CborWriter::write_bool(self, v);
    }

    #[inline(always)]
    fn write_key_u64(&mut self, v: u64) {
        CborWriter::write_u64(self, v);
    }

    #[inline(always)]
    fn write_key_i64(&mut self, v: i64) {
        CborWriter::write_i64(self, v);
    }

    #[inline]
    fn write_key_u128(&mut self, v: u128) {
        CborWriter::write_u128(self, v);
    }

    #[inline]
    fn write_key_i128(&mut self, v: i128) {
        CborWriter::write_i128(self, v);
    }

    #[inline]
    fn write_key_f64(&mut self, v: f64) -> Result<()> {
        CborWriter::write_f64(self, v);
        Ok(())
    }

    #[inline]
    fn write_key_f32(&mut self, v: f32) -> Result<()> {
        CborWriter::write_f32(self, v);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Chunks(Vec<Vec<u8>>);

    impl Sink for Chunks {
        fn write_chunk(&mut self, bytes: &[u8]) {
            self.0.push(bytes.to_vec());
        }
    }

    /// The same bytes whatever the streaming buffer's size, a widened map head included.
    #[test]
    fn streaming_gives_the_same_bytes_at_every_buffer_size() {
        fn write_all(w: &mut CborWriter<'_>) {
            for v in [0u64, 23, 24, 0x1234, 0x1234_5678, u64::MAX] {
                w.write_u64(v);
            }
            for v in [-1i64, -100, -30_000, i64::MIN] {
                w.write_i64(v);
            }
            let at = w.map_placeholder();
            for i in 0..30u64 {
                w.write_u64(i);
                w.write_str("a string longer than twenty-three bytes");
            }
            w.patch_map_len(at, 30);
            w.write_bytes(&[7; 300]);
            w.write_f64(-0.25);
        }
        let mut whole = CborWriter::with_capacity(0);
        write_all(&mut whole);
        let expected = whole.as_bytes().to_vec();
        for limit in [1, 3, 9, 64, 1 << 16] {
            let mut chunks = Chunks(Vec::new());
            let mut w = CborWriter::streaming(&mut chunks, limit);
            write_all(&mut w);
            w.finish();
            drop(w);
            assert_eq!(chunks.0.concat(), expected, "limit {limit}");
        }
    }

    /// A document longer than the buffer goes to the sink as it is, after what was held,
    /// and leaves the buffer empty; a shorter one, or one while a placeholder is open, is
    /// buffered as `write_raw` buffers it.
    #[test]
    fn a_long_encoded_document_bypasses_the_buffer() {
        let mut chunks = Chunks(Vec::new());
        let mut w = CborWriter::streaming(&mut chunks, 8);
        w.write_u64(1);
        w.write_encoded_document(&[0x02; 5]);
        assert_eq!(w.as_bytes(), [0x01, 0x02, 0x02, 0x02, 0x02, 0x02]);
        w.write_encoded_document(&[0x03; 9]);
        assert!(w.is_empty());
        assert_eq!(crate::Writer::mark(&w), (15, 0));
        let at = w.array_placeholder();
        w.write_encoded_document(&[0x04; 9]);
        w.patch_array_len(at, 1);
        w.write_u64(5);
        w.finish();
        drop(w);
        let sizes: Vec<usize> = chunks.0.iter().map(Vec::len).collect();
        assert_eq!(sizes, [6, 9, 11]);
        assert_eq!(chunks.0.concat(), [&[1][..], &[2; 5], &[3; 9], &[0x81], &[4; 9], &[5]].concat());
    }
}
