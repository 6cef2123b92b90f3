//! The JSON writer: a growable byte buffer with typed appends.
//!
//! Generated code writes each field's `,"name":` as one pre-escaped byte literal made at
//! macro time; values go through the typed methods below. Nothing here allocates beyond
//! growing the buffer, so encoding into a reused writer with enough capacity allocates
//! nothing at all.
//!
//! Strings are copied into the spare capacity and checked for bytes that need escaping in
//! the same pass (`string::copy_clean`), integers of up to 64 bits are printed eight
//! digits at a time straight into it (`integer.rs`): both store whole words past the text
//! they write, so each first checks for that room, and a buffer without it takes a plain
//! path that reserves only the text's own length.
//!
//! Floats are printed by zmij rather than ryu: both give the shortest text that parses back
//! to the same bits, and `benches/float_format.rs` measured zmij about 1.2x faster over all
//! of canada.json's numbers (609 vs 510 MiB/s on the 2-core reference machine). A
//! printer of our own was tried and not kept. It printed zmij's exact bytes for 200
//! million random doubles and every exponent's boundary cases, straight into the buffer
//! (SWAR digits from `integer.rs`, always 17 digits, the point put in without zmij's
//! `memmove`). Plain Schubfach (three round-to-odd products of one 128-bit power of ten)
//! took about 250 instructions per canada float against zmij's 164 plus the copy, and
//! 3.68 ms against zmij's 2.32 ms for canada's 111,126 floats. A one-product fast path in
//! front of it (integer part and fraction of the value over the power of ten above it,
//! checked against the half interval with a margin for the product's error, the exact
//! path for the rest; answers selected without a branch) came to 2.78 ms, where
//! `write_f64` over zmij took 1.97 ms in the same run. Its digit conversion (two SWAR
//! rounds, 43 instructions) and putting the point in (a register shift: 3.13 ms; a
//! store, then an overlapping 16-byte move: 2.78 ms) cost more than the saved copy.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use super::{integer, string};
use crate::error::{Error, ErrorKind, Result};
use crate::sink::Sink;
use crate::NonFinite;

/// The buffer every [`Encode`](crate::Encode) impl writes JSON to.
///
/// ```
/// use codec::json::JsonWriter;
/// let mut w = JsonWriter::new();
/// w.write_raw(b"{\"n\":");
/// w.write_i64(-3);
/// w.write_raw(b",\"s\":");
/// w.write_str("a\"b");
/// w.write_byte(b'}');
/// assert_eq!(w.as_bytes(), br#"{"n":-3,"s":"a\"b"}"#);
/// ```
///
/// The lifetime is that of the sink a streaming writer (inside
/// [`to_writer`](super::to_writer) and its siblings) hands its full buffer to; an
/// in-memory writer is `JsonWriter<'static>`, and signatures such as
/// `fn write_hex(w: &mut JsonWriter)` leave it elided.
pub struct JsonWriter<'w> {
    buf: Vec<u8>,
    /// Where the buffer goes when it fills, instead of growing. Only the cold growth path
    /// looks at it, so appends cost the same with or without one.
    sink: Option<&'w mut dyn Sink>,
    /// The buffer size a streaming writer flushes at.
    limit: usize,
    /// How many bytes went to the sink so far.
    flushed: usize,
    // ---- shared references (`preserve_refs`, see `refs.rs` and `json/refs.rs`) ----
    /// The allocations written so far, in refs mode only: `None` keeps every pointer on
    /// its plain path, at the cost of one test per `Rc`/`Arc`.
    pub(crate) refs: Option<Box<crate::refs::EncodeRefs>>,
    // ---- non-finite floats ----
    /// What NaN and the infinities become; only the cold non-finite path reads it.
    non_finite: NonFinite,
}

impl Default for JsonWriter<'_> {
    fn default() -> Self {
        Self::from_vec(Vec::new())
    }
}

/// A clone copies the bytes written so far; it never shares a sink (a `&mut` cannot be
/// shared), so a clone of a streaming writer collects in memory.
impl Clone for JsonWriter<'_> {
    fn clone(&self) -> Self {
        Self::from_vec(self.buf.clone())
    }
}

impl core::fmt::Debug for JsonWriter<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("JsonWriter")
            .field("buf", &String::from_utf8_lossy(&self.buf))
            .field("streaming", &self.sink.is_some())
            .finish()
    }
}

impl<'w> JsonWriter<'w> {
    /// An empty writer.
    pub fn new() -> Self {
        Self::from_vec(Vec::new())
    }

    /// Writes into (the end of) an existing buffer, reusing its capacity.
    pub fn from_vec(buf: Vec<u8>) -> Self {
        JsonWriter { buf, sink: None, limit: 0, flushed: 0, refs: None, non_finite: NonFinite::Error }
    }

    /// An empty writer with room for `capacity` bytes.
    pub fn with_capacity(capacity: usize) -> Self {
        Self::from_vec(Vec::with_capacity(capacity))
    }

    /// A writer that hands its buffer to `sink` whenever `limit` bytes would not fit, and
    /// once more at [`finish`](Self::finish).
    pub(crate) fn streaming(sink: &'w mut dyn Sink, limit: usize) -> Self {
        let limit = limit.max(1);
        JsonWriter {
            buf: Vec::with_capacity(limit),
            sink: Some(sink),
            limit,
            flushed: 0,
            refs: None,
            non_finite: NonFinite::Error,
        }
    }

    /// Takes the [`EncodeOptions`](super::EncodeOptions) of a `_with` entry point.
    pub(crate) fn set_options(&mut self, options: &super::EncodeOptions) {
        // ---- non-finite floats ----
        self.non_finite = options.non_finite;
        // ---- shared references ----
        if options.preserve_refs {
            self.refs = Some(Box::new(crate::refs::EncodeRefs::new(options.ref_spelling)));
        }
    }

    /// Takes the output so far and the ids of refs mode, to [`resume`](Self::resume) later
    /// (an async array in refs mode keeps its document across items without a writer, which
    /// is not `Send`).
    #[cfg(feature = "async")]
    pub(crate) fn suspend(mut self) -> (Vec<u8>, Option<Box<crate::refs::EncodeRefs>>) {
        let refs = self.refs.take();
        (self.buf, refs)
    }

    /// A writer that goes on from what [`suspend`](Self::suspend) took, as `options` say.
    #[cfg(feature = "async")]
    pub(crate) fn resume(
        buf: Vec<u8>,
        refs: Option<Box<crate::refs::EncodeRefs>>,
        options: &super::EncodeOptions,
    ) -> Self {
        let mut w = Self::from_vec(buf);
        w.non_finite = options.non_finite;
        w.refs = refs;
        w
    }

    /// The finished in-memory output: with the ids of refs mode put in, if it was on.
    pub(crate) fn into_output(mut self) -> Vec<u8> {
        match self.refs.take() {
            Some(refs) => refs.finish_json(self.buf),
            None => self.buf,
        }
    }

    /// Hands the rest of the buffer to the sink, if there is one.
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
        if let Some(sink) = self.sink.as_deref_mut() {
            if self.buf.len() + n > self.limit {
                sink.write_chunk(&self.buf);
                self.flushed += self.buf.len();
                self.buf.clear();
            }
            // Within the limit, or one item larger than it (a long string) that must be
            // whole in the buffer: exactly what is needed, the limit at least.
            if self.buf.is_empty() && n <= self.limit && self.buf.capacity() > self.limit {
                // Back to the buffer size after one item larger than it, so the chunks
                // stay near the limit.
                self.buf.shrink_to(self.limit);
            }
            let want = n.max(self.limit);
            self.buf.reserve_exact(want - self.buf.len());
        } else {
            self.buf.reserve(n);
        }
    }

    /// The bytes written so far (since the last flush, for a streaming writer).
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf
    }

    /// Gives the buffer back.
    #[inline]
    pub fn into_inner(self) -> Vec<u8> {
        self.buf
    }

    /// Empties the buffer, keeping its capacity for the next document.
    #[inline]
    pub fn clear(&mut self) {
        self.buf.clear();
    }

    /// Makes room for `additional` more bytes.
    #[inline]
    pub fn reserve(&mut self, additional: usize) {
        self.room(additional);
    }

    /// Appends bytes that are already valid JSON text (a pre-escaped key, punctuation).
    #[inline(always)]
    pub fn write_raw(&mut self, bytes: &[u8]) {
        self.room(bytes.len());
        self.buf.extend_from_slice(bytes);
    }

    /// Appends one byte of JSON punctuation.
    #[inline(always)]
    pub fn write_byte(&mut self, b: u8) {
        self.put([b]);
    }

    /// Appends `s` as a quoted, escaped JSON string.
    #[inline]
    pub fn write_str(&mut self, s: &str) {
        let bytes = s.as_bytes();
        let n = bytes.len();
        let len = self.buf.len();
        // The quotes and the copy's overrun past a short string: when they do not fit,
        // the tight path makes room for the quotes alone (a buffer sized exactly for the
        // document must not grow for the overrun).
        if self.buf.capacity() - len < n + 2 + string::COPY_OVERRUN {
            self.write_str_tight(bytes);
            return;
        }
        // SAFETY: the check above leaves `n + 2 + COPY_OVERRUN` bytes of spare capacity
        // after `len`: the quote at `len`, then `copy_clean`'s `max(n, COPY_OVERRUN)`
        // bytes at `len + 1`, then the closing quote at `len + 1 + n`, all inside it.
        // `copy_clean` leaves the first `clean` bytes at `len + 1` equal to the string's,
        // so each new length below only exposes initialized bytes.
        let clean = unsafe {
            let dst = self.buf.as_mut_ptr().add(len);
            dst.write(b'"');
            let clean = string::copy_clean(bytes, dst.add(1));
            if clean == n {
                dst.add(1 + n).write(b'"');
                self.buf.set_len(len + n + 2);
                return;
            }
            self.buf.set_len(len + 1 + clean);
            clean
        };
        self.write_escaped_from(bytes, clean);
    }

    /// [`write_str`](Self::write_str) where the buffer lacks the copy's overrun: a scan,
    /// then the clean prefix copied with room made for exactly the quotes and the string.
    #[cold]
    #[inline(never)]
    fn write_str_tight(&mut self, bytes: &[u8]) {
        self.room(bytes.len() + 2);
        self.put([b'"']);
        match string::find_special(bytes, 0) {
            None => {
                self.buf.extend_from_slice(bytes);
                self.put([b'"']);
            }
            Some(at) => {
                self.buf.extend_from_slice(&bytes[..at]);
                self.write_escaped_from(bytes, at);
            }
        }
    }

    /// The rest of a string body from `at`, where a byte that needs an escape stands (the
    /// opening quote and the bytes before it are written), and the closing quote: each
    /// escape, then the clean run after it copied as in `write_str`. Out of line: most
    /// strings need no escape.
    #[inline(never)]
    fn write_escaped_from(&mut self, bytes: &[u8], mut at: usize) {
        let n = bytes.len();
        loop {
            // The longest escape, the rest after it with the copy's overrun, and the
            // closing quote. (A streaming writer flushes here as anywhere.)
            self.room(string::LONGEST_ESCAPE + (n - at - 1) + string::COPY_OVERRUN + 1);
            let len = self.buf.len();
            // SAFETY: `room` above leaves that many bytes of spare capacity after `len`:
            // `write_escape` writes at most `LONGEST_ESCAPE` bytes at `len`, `copy_clean`
            // at most `max(n - at - 1, COPY_OVERRUN)` after them, the closing quote one
            // byte after the copied rest. `write_escape` returns how many bytes it wrote
            // and `copy_clean` how many of the string's bytes it copied, so each new
            // length only exposes initialized bytes.
            unsafe {
                let dst = self.buf.as_mut_ptr().add(len);
                let escaped = string::write_escape(bytes[at], dst);
                at += 1;
                let clean = string::copy_clean(&bytes[at..], dst.add(escaped));
                at += clean;
                if at == n {
                    dst.add(escaped + clean).write(b'"');
                    self.buf.set_len(len + escaped + clean + 1);
                    return;
                }
                self.buf.set_len(len + escaped + clean);
            }
        }
    }

    /// Appends `null`.
    #[inline]
    pub fn write_null(&mut self) {
        self.put(*b"null");
    }

    /// Appends `true` or `false`.
    #[inline]
    pub fn write_bool(&mut self, v: bool) {
        if v {
            self.put(*b"true");
        } else {
            self.put(*b"false");
        }
    }

    /// Appends any primitive integer in decimal.
    #[inline]
    pub fn write_int<I: itoa::Integer>(&mut self, v: I) {
        self.append_short(itoa::Buffer::new().format(v).as_bytes());
    }

    /// Appends an unsigned integer.
    #[inline]
    pub fn write_u64(&mut self, v: u64) {
        self.write_printed(v);
    }

    /// Appends a signed integer.
    #[inline]
    pub fn write_i64(&mut self, v: i64) {
        self.write_printed(v);
    }

    /// An integer through the eight-digit printer, straight into the spare capacity.
    #[inline(always)]
    fn write_printed<I: integer::Printed>(&mut self, v: I) {
        let len = self.buf.len();
        if self.buf.capacity() - len < integer::INT_ROOM {
            self.write_int_tight(v);
            return;
        }
        // SAFETY: the check above leaves `INT_ROOM` bytes of spare capacity after `len`,
        // all that `Printed::print_to` may store; it returns how many of them now hold the
        // number, so the new length only exposes initialized bytes.
        unsafe {
            let n = v.print_to(self.buf.as_mut_ptr().add(len));
            self.buf.set_len(len + n);
        }
    }

    /// An integer where the buffer lacks [`integer::INT_ROOM`]: with room made for its
    /// exact length (a buffer sized exactly for the document must not grow).
    #[cold]
    #[inline(never)]
    fn write_int_tight<I: itoa::Integer>(&mut self, v: I) {
        self.write_int(v);
    }

    /// Appends an integer in quotes, as map keys are written.
    #[inline]
    pub fn write_quoted_int<I: itoa::Integer>(&mut self, v: I) {
        self.write_byte(b'"');
        self.write_int(v);
        self.write_byte(b'"');
    }

    /// Appends the shortest text that parses back to exactly `v` (`-0.0` for negative
    /// zero). NaN and the infinities have no JSON form: they are an error, never a silent
    /// `null`, unless [`EncodeOptions::non_finite`](super::EncodeOptions::non_finite)
    /// chose `null` or strings.
    #[inline]
    pub fn write_f64(&mut self, v: f64) -> Result<()> {
        let mut digits = zmij::Buffer::new();
        let text =
            if v.is_finite() { digits.format_finite(v).as_bytes() } else { non_finite_text(self.non_finite, v)? };
        self.append_short(text);
        Ok(())
    }

    /// As [`write_f64`](Self::write_f64), shortest for `f32`.
    #[inline]
    pub fn write_f32(&mut self, v: f32) -> Result<()> {
        let mut digits = zmij::Buffer::new();
        let text = if v.is_finite() {
            digits.format_finite(v).as_bytes()
        } else {
            non_finite_text(self.non_finite, v as f64)?
        };
        self.append_short(text);
        Ok(())
    }

    /// Appends a few bytes of known count with one capacity check: `room`'s. (After it,
    /// `Vec::push` would check again in a form the compiler does not fold, and
    /// `extend_from_slice` of a constant length does not always fold either: measured
    /// with callgrind, canada's encoding took 4% more instructions.)
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

    /// Appends `s`, a number's text (at most 40 bytes), with copies of fixed sizes.
    ///
    /// `extend_from_slice` of a length known only at run time calls `memcpy`, whose size
    /// dispatch costs more than copying the 1 to 24 bytes of a number. Two overlapping copies
    /// of a power-of-two size cover any length with one branch. Measured with
    /// `cargo bench --bench json`: citm_catalog encode 9261 -> 10475 MB/s (canada and geojson
    /// are bound by float formatting and did not move). A safe variant (`resize`, then
    /// fixed-size `copy_from_slice`, then `truncate`) cost more instructions than `memcpy`.
    #[inline(always)]
    fn append_short(&mut self, s: &[u8]) {
        let n = s.len();
        if n > 32 {
            self.write_raw(s);
            return;
        }
        // Only `n` more: a buffer sized exactly for the document must not grow. (The check
        // is the writer's, not `Vec::reserve`'s: a streaming writer flushes there.)
        self.room(n);
        // SAFETY: `room(n)` leaves at least `n` bytes of spare capacity (with or without
        // a sink, `make_room` reserves them), and `n <= 32`.
        unsafe { append_short_unchecked(&mut self.buf, s) }
    }
}

/// Appends `s` (at most 32 bytes) with two overlapping copies of a power-of-two size,
/// not `memcpy` (see [`JsonWriter::append_short`]); the pretty printer copies its short
/// tokens this way too.
///
/// # Safety
///
/// `s.len() <= 32`, and `buf` has at least `s.len()` bytes of spare capacity.
#[inline(always)]
pub(crate) unsafe fn append_short_unchecked(buf: &mut Vec<u8>, s: &[u8]) {
    let n = s.len();
    let len = buf.len();
    let src = s.as_ptr();
    // SAFETY: the caller guarantees `n <= 32` and room for `n` bytes after `len`; every
    // copy below reads inside `s` (offsets below `n`) and writes inside `[len, len + n)`;
    // the two overlapping copies of each branch together cover all `n` bytes, so the new
    // length only exposes initialized bytes.
    unsafe {
        let dst = buf.as_mut_ptr().add(len);
        if n >= 16 {
            core::ptr::copy_nonoverlapping(src, dst, 16);
            core::ptr::copy_nonoverlapping(src.add(n - 16), dst.add(n - 16), 16);
        } else if n >= 8 {
            core::ptr::copy_nonoverlapping(src, dst, 8);
            core::ptr::copy_nonoverlapping(src.add(n - 8), dst.add(n - 8), 8);
        } else if n >= 4 {
            core::ptr::copy_nonoverlapping(src, dst, 4);
            core::ptr::copy_nonoverlapping(src.add(n - 4), dst.add(n - 4), 4);
        } else if n >= 2 {
            // Not a byte loop: with AVX-512 enabled (`-C target-cpu=native`) the compiler
            // turned that loop into 512-bit masked moves, in every number's path.
            core::ptr::copy_nonoverlapping(src, dst, 2);
            core::ptr::copy_nonoverlapping(src.add(n - 2), dst.add(n - 2), 2);
        } else if n == 1 {
            *dst = *src;
        }
        buf.set_len(len + n);
    }
}

// ---- non-finite floats ----

/// What NaN or an infinity is written as under `policy` (`null`, or its string with the
/// quotes), or the error of the default policy. It takes the policy, not the writer: a
/// cold call that received the writer made the compiler keep the buffer's fields in
/// memory across every float of a loop (canada's encode: 7.5% more instructions), since
/// the writer would escape into it. The bytes go out through the finite path's append.
#[cold]
#[inline(never)]
fn non_finite_text(policy: NonFinite, v: f64) -> Result<&'static [u8]> {
    match policy {
        NonFinite::Null => Ok(b"null"),
        NonFinite::Strings if v.is_nan() => Ok(b"\"NaN\""),
        NonFinite::Strings if v > 0.0 => Ok(b"\"Infinity\""),
        NonFinite::Strings => Ok(b"\"-Infinity\""),
        _ => Err(non_finite(v)),
    }
}

#[cold]
#[inline(never)]
fn non_finite(v: f64) -> Error {
    Error::without_position(ErrorKind::InvalidValue(Cow::Owned(format!(
        "{v} cannot be encoded as JSON (NaN and infinities have no JSON form)"
    ))))
}

// The generic model's view of this writer (`crate::writer`): each step is the inherent
// method of the same name, or the JSON punctuation of that moment of the value.
impl crate::writer::Sealed for JsonWriter<'_> {}

impl crate::Writer for JsonWriter<'_> {
    const MSGPACK: bool = false;
    const ANNOUNCES_LENGTHS: bool = false;
    const JSON_TEXT: bool = true;
    const NATIVE_BYTES: bool = false;
    const TYPED_KEYS: bool = false;
    const COMPOSITE_KEYS_AS_PAIRS: bool = true;
    const HUMAN_READABLE: bool = true;
    const NATIVE_TIMESTAMP: bool = false;

    /// The bytes as the sequence of numbers `[u8]` is.
    #[inline]
    fn write_bytes(&mut self, bytes: &[u8]) -> Result<()> {
        crate::Encode::encode(bytes, self)
    }

    #[inline]
    fn write_null(&mut self) {
        self.write_null();
    }

    #[inline]
    fn write_bool(&mut self, v: bool) {
        self.write_bool(v);
    }

    /// Always inlined: left to LLVM, the generic encoders of wide structs (citm's) kept
    /// this wrapper out of line, a call per integer (callgrind: citm_enc 0.947).
    #[inline(always)]
    fn write_u64(&mut self, v: u64) {
        self.write_u64(v);
    }

    /// As `write_u64`.
    #[inline(always)]
    fn write_i64(&mut self, v: i64) {
        self.write_i64(v);
    }

    #[inline]
    fn write_u128(&mut self, v: u128) {
        self.write_int(v);
    }

    #[inline]
    fn write_i128(&mut self, v: i128) {
        self.write_int(v);
    }

    #[inline]
    fn write_f32(&mut self, v: f32) -> Result<()> {
        self.write_f32(v)
    }

    #[inline]
    fn write_f64(&mut self, v: f64) -> Result<()> {
        self.write_f64(v)
    }

    #[inline]
    fn write_str(&mut self, s: &str) -> Result<()> {
        self.write_str(s);
        Ok(())
    }

    /// The quotes and the text in three writes, as the impls that skip the scan wrote it.
    #[inline]
    fn write_escape_free_str(&mut self, text: &[u8]) -> Result<()> {
        self.write_byte(b'"');
        self.write_raw(text);
        self.write_byte(b'"');
        Ok(())
    }

    #[inline]
    fn write_quoted_escape_free_str(&mut self, quoted: &[u8]) -> Result<()> {
        self.write_raw(quoted);
        Ok(())
    }

    #[inline]
    fn write_escape_free_str_parts(&mut self, parts: &[&[u8]]) -> Result<()> {
        self.write_byte(b'"');
        for part in parts {
            self.write_raw(part);
        }
        self.write_byte(b'"');
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

    /// Never called by codec (`NATIVE_TIMESTAMP` is `false`): an error for anyone else.
    #[cold]
    fn write_timestamp(&mut self, _seconds: i64, _nanoseconds: u32) -> Result<()> {
        Err(Error::without_position(ErrorKind::InvalidValue(Cow::Borrowed("JSON has no timestamp type"))))
    }

    #[inline]
    fn write_raw_value(&mut self, text: &str) -> Result<()> {
        self.write_raw(text.as_bytes());
        Ok(())
    }

    #[inline]
    fn begin_array(&mut self, _len: usize) -> Result<()> {
        self.write_byte(b'[');
        Ok(())
    }

    #[inline]
    fn array_element(&mut self, index: usize) {
        if index > 0 {
            self.write_byte(b',');
        }
    }

    #[inline]
    fn end_array(&mut self) {
        self.write_byte(b']');
    }

    #[inline]
    fn begin_map(&mut self, _len: usize) -> Result<()> {
        self.write_byte(b'{');
        Ok(())
    }

    #[inline]
    fn map_key(&mut self, index: usize) {
        if index > 0 {
            self.write_byte(b',');
        }
    }

    #[inline]
    fn map_value(&mut self) {
        self.write_byte(b':');
    }

    #[inline]
    fn end_map(&mut self) {
        self.write_byte(b'}');
    }

    #[inline(always)]
    fn write_encoded(&mut self, bytes: &crate::writer::Encoded) {
        // A constant after inlining: a step with no bytes in this format vanishes.
        match bytes.json {
            [] => {}
            [b] => self.write_byte(*b),
            more => self.write_raw(more),
        }
    }

    #[inline]
    fn begin_members(&mut self) -> usize {
        self.write_byte(b'{');
        0
    }

    #[inline(always)]
    fn write_member_name(&mut self, name: &crate::writer::Encoded, written: usize) {
        // The name's bytes start with the comma; the first member goes without it.
        self.write_raw(if written == 0 { &name.json[1..] } else { name.json });
    }

    #[inline]
    fn end_members(&mut self, _at: usize, _count: usize) -> Result<()> {
        self.write_byte(b'}');
        Ok(())
    }

    #[inline]
    fn begin_elements(&mut self) -> usize {
        self.write_byte(b'[');
        0
    }

    #[inline]
    fn end_elements(&mut self, _at: usize, _count: usize) -> Result<()> {
        self.write_byte(b']');
        Ok(())
    }

    #[inline]
    fn mark(&self) -> (usize, usize) {
        JsonWriter::mark(self)
    }

    /// The text of the JSON string written from `mark` on.
    #[cold]
    fn key_text_since(&self, mark: (usize, usize)) -> Option<alloc::string::String> {
        let (flushed, at) = mark;
        if flushed != self.flushed {
            return None;
        }
        super::JsonReader::new(self.buf.get(at..)?).read_string().ok()
    }

    #[inline]
    fn write_key_bool(&mut self, v: bool) {
        self.write_raw(if v { b"\"true\"" } else { b"\"false\"" });
    }

    #[inline]
    fn write_key_u64(&mut self, v: u64) {
        self.write_byte(b'"');
        self.write_u64(v);
        self.write_byte(b'"');
    }

    #[inline]
    fn write_key_i64(&mut self, v: i64) {
        self.write_byte(b'"');
        self.write_i64(v);
        self.write_byte(b'"');
    }

    #[inline]
    fn write_key_u128(&mut self, v: u128) {
        self.write_quoted_int(v);
    }

    #[inline]
    fn write_key_i128(&mut self, v: i128) {
        self.write_quoted_int(v);
    }

    #[inline]
    fn write_key_f64(&mut self, v: f64) -> Result<()> {
        self.write_byte(b'"');
        JsonWriter::write_f64(self, v)?;
        self.write_byte(b'"');
        Ok(())
    }

    #[inline]
    fn write_key_f32(&mut self, v: f32) -> Result<()> {
        self.write_byte(b'"');
        JsonWriter::write_f32(self, v)?;
        self.write_byte(b'"');
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `append_short` (the `unsafe` fixed-size copies) for every length it handles and
    /// past them, onto buffers with and without spare room; run under Miri by
    /// `cargo miri test`.
    #[test]
    fn numbers_append_whole_at_any_length() {
        let text: Vec<u8> = (0..40u8).map(|i| b'0' + i % 10).collect();
        for n in 0..=40 {
            for prefix in [0usize, 1, 7, 31] {
                let mut buf = vec![b'x'; prefix];
                buf.shrink_to_fit();
                let mut w = JsonWriter::from_vec(buf);
                w.append_short(&text[..n]);
                let buf = w.into_inner();
                assert_eq!(buf.len(), prefix + n);
                assert!(buf[..prefix].iter().all(|&b| b == b'x'));
                assert_eq!(&buf[prefix..], &text[..n]);
            }
        }
        let mut w = JsonWriter::new();
        w.write_i64(i64::MIN);
        w.write_byte(b',');
        w.write_f64(-1.2345678901234568e-300).unwrap();
        w.write_byte(b',');
        w.write_int(u128::MAX);
        assert_eq!(
            w.as_bytes(),
            b"-9223372036854775808,-1.2345678901234568e-300,340282366920938463463374607431768211455"
        );
    }

    /// `write_str` at every length and escape position, onto buffers whose spare room
    /// is exactly what the string needs, a few bytes more (the short-copy overrun's
    /// fallback) or plenty: the same text as a plain escaper's, and a buffer sized
    /// exactly for a string without escapes never grows.
    #[test]
    fn strings_escape_alike_at_any_spare_room() {
        fn reference(s: &str) -> Vec<u8> {
            let mut out = vec![b'"'];
            for c in s.chars() {
                match c {
                    '"' => out.extend_from_slice(b"\\\""),
                    '\\' => out.extend_from_slice(b"\\\\"),
                    '\n' => out.extend_from_slice(b"\\n"),
                    '\t' => out.extend_from_slice(b"\\t"),
                    '\r' => out.extend_from_slice(b"\\r"),
                    '\u{8}' => out.extend_from_slice(b"\\b"),
                    '\u{c}' => out.extend_from_slice(b"\\f"),
                    c if (c as u32) < 0x20 => out.extend_from_slice(format!("\\u{:04x}", c as u32).as_bytes()),
                    c => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
                }
            }
            out.push(b'"');
            out
        }
        let max = if cfg!(miri) { 24 } else { 48 };
        let mut next = crate::test_rng::xorshift(0x7777_0001);
        for n in 0..=max {
            let pieces = ["a", "Z", " ", "é", "\"", "\\", "\n", "\u{1}", "\u{1f}", "語"];
            for round in 0..6 {
                // Round 0 is clean ASCII; the others mix in escapes and multi-byte text.
                let s: String = (0..n)
                    .map(|_| if round == 0 { pieces[(next() % 3) as usize] } else { pieces[(next() % 10) as usize] })
                    .collect();
                let want = reference(&s);
                for prefix in [0usize, 3] {
                    for spare in [want.len(), want.len() + 1, s.len() + 2 + string::COPY_OVERRUN, 256] {
                        let mut buf = Vec::with_capacity(prefix + spare);
                        buf.resize(prefix, b'x');
                        let capacity = buf.capacity();
                        let mut w = JsonWriter::from_vec(buf);
                        w.write_str(&s);
                        let buf = w.into_inner();
                        assert_eq!(&buf[prefix..], &want[..], "{s:?} with {spare} spare");
                        // (An escape may grow it: the escaper reserves its longest form.)
                        if spare == want.len() && want.len() == s.len() + 2 {
                            assert_eq!(buf.capacity(), capacity, "{s:?}: an exact buffer grew");
                        }
                    }
                }
            }
        }
    }

    /// A streaming writer hands its buffer on in chunks of at most the limit (unless one
    /// item is larger), and the chunks add up to what an in-memory writer holds.
    #[test]
    fn streaming_flushes_at_the_limit() {
        struct Chunks(Vec<Vec<u8>>);
        impl Sink for Chunks {
            fn write_chunk(&mut self, bytes: &[u8]) {
                self.0.push(bytes.to_vec());
            }
        }
        let long = "é\"".repeat(40);
        let script = |w: &mut JsonWriter| {
            w.write_byte(b'[');
            for i in 0..200u32 {
                w.write_int(i);
                w.write_raw(b",");
                w.write_f64(f64::from(i) / 7.0).unwrap();
                w.write_byte(b',');
                w.write_str(if i % 50 == 0 { &long } else { "ab" });
                w.write_byte(b',');
                w.write_bool(i % 2 == 0);
                w.write_byte(b',');
            }
            w.write_null();
            w.write_byte(b']');
        };
        let mut whole = JsonWriter::new();
        script(&mut whole);
        let mut sink = Chunks(Vec::new());
        let mut w = JsonWriter::streaming(&mut sink, 64);
        script(&mut w);
        w.finish();
        assert!(w.as_bytes().is_empty());
        drop(w);
        assert_eq!(sink.0.concat(), whole.as_bytes());
        assert!(sink.0.len() > 20);
        // Only a chunk holding the long (escaped) string may pass the limit.
        for chunk in &sink.0 {
            assert!(chunk.len() <= 64 || chunk.windows(4).any(|w| w == "é\\\"".as_bytes()), "{chunk:?}");
        }
    }

    /// `rewind` takes back unflushed output only.
    #[test]
    fn rewind_only_within_the_buffer() {
        let mut sink: Vec<u8> = Vec::new();
        let mut w = JsonWriter::streaming(&mut sink, 8);
        w.write_raw(b"[1,");
        let mark = w.mark();
        w.write_raw(b"22");
        assert!(w.rewind(mark));
        assert_eq!(w.as_bytes(), b"[1,");
        w.write_raw(b"333333333");
        assert!(!w.rewind(mark));
        w.finish();
        drop(w);
        assert_eq!(sink, b"[1,333333333");
    }
}
