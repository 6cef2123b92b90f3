//! The JSON writer: a growable byte buffer with typed appends.
//!
//! Generated code writes each field's `,"name":` as one pre-escaped byte literal made at
//! macro time; values go through the typed methods below. Nothing here allocates beyond
//! growing the buffer, so encoding into a reused writer with enough capacity allocates
//! nothing at all.
//!
//! Floats are printed by zmij rather than ryu: both give the shortest text that parses back
//! to the same bits, and `benches/float_format.rs` measured zmij about 1.2x faster over all
//! of canada.json's numbers (609 vs 510 MiB/s on the 2-core reference machine).

use std::borrow::Cow;

use super::string;
use crate::error::{Error, ErrorKind, Result};

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
#[derive(Debug, Default, Clone)]
pub struct JsonWriter {
    buf: Vec<u8>,
}

impl JsonWriter {
    /// An empty writer.
    pub fn new() -> Self {
        JsonWriter { buf: Vec::new() }
    }

    /// Writes into (the end of) an existing buffer, reusing its capacity.
    pub fn from_vec(buf: Vec<u8>) -> Self {
        JsonWriter { buf }
    }

    /// An empty writer with room for `capacity` bytes.
    pub fn with_capacity(capacity: usize) -> Self {
        JsonWriter { buf: Vec::with_capacity(capacity) }
    }

    /// The bytes written so far.
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
        self.buf.reserve(additional);
    }

    /// Appends bytes that are already valid JSON text (a pre-escaped key, punctuation).
    #[inline(always)]
    pub fn write_raw(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    /// Appends one byte of JSON punctuation.
    #[inline(always)]
    pub fn write_byte(&mut self, b: u8) {
        self.buf.push(b);
    }

    /// Appends `s` as a quoted, escaped JSON string.
    #[inline]
    pub fn write_str(&mut self, s: &str) {
        string::write_escaped(&mut self.buf, s);
    }

    /// Appends `null`.
    #[inline]
    pub fn write_null(&mut self) {
        self.buf.extend_from_slice(b"null");
    }

    /// Appends `true` or `false`.
    #[inline]
    pub fn write_bool(&mut self, v: bool) {
        self.buf.extend_from_slice(if v { b"true" } else { b"false" });
    }

    /// Appends any primitive integer in decimal.
    #[inline]
    pub fn write_int<I: itoa::Integer>(&mut self, v: I) {
        append_short(&mut self.buf, itoa::Buffer::new().format(v).as_bytes());
    }

    /// Appends an unsigned integer.
    #[inline]
    pub fn write_u64(&mut self, v: u64) {
        self.write_int(v);
    }

    /// Appends a signed integer.
    #[inline]
    pub fn write_i64(&mut self, v: i64) {
        self.write_int(v);
    }

    /// Appends an integer in quotes, as map keys are written.
    #[inline]
    pub fn write_quoted_int<I: itoa::Integer>(&mut self, v: I) {
        self.buf.push(b'"');
        self.write_int(v);
        self.buf.push(b'"');
    }

    /// Appends the shortest text that parses back to exactly `v`. NaN and the infinities
    /// have no JSON form and are an error, never a silent `null`.
    #[inline]
    pub fn write_f64(&mut self, v: f64) -> Result<()> {
        if !v.is_finite() {
            return Err(non_finite(v));
        }
        append_short(&mut self.buf, zmij::Buffer::new().format_finite(v).as_bytes());
        Ok(())
    }

    /// As [`write_f64`](Self::write_f64), shortest for `f32`.
    #[inline]
    pub fn write_f32(&mut self, v: f32) -> Result<()> {
        if !v.is_finite() {
            return Err(non_finite(v as f64));
        }
        append_short(&mut self.buf, zmij::Buffer::new().format_finite(v).as_bytes());
        Ok(())
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
fn append_short(buf: &mut Vec<u8>, s: &[u8]) {
    let n = s.len();
    if n > 32 {
        buf.extend_from_slice(s);
        return;
    }
    // Only `n` more: a buffer sized exactly for the document must not grow.
    buf.reserve(n);
    let len = buf.len();
    let src = s.as_ptr();
    // SAFETY: `reserve(n)` made room for `n` bytes after `len`; every copy below reads
    // inside `s` (offsets below `n`) and writes inside `[len, len + n)`; the
    // two overlapping copies of each branch together cover all `n` bytes, so the new
    // length only exposes initialized bytes.
    unsafe {
        let dst = buf.as_mut_ptr().add(len);
        if n >= 16 {
            std::ptr::copy_nonoverlapping(src, dst, 16);
            std::ptr::copy_nonoverlapping(src.add(n - 16), dst.add(n - 16), 16);
        } else if n >= 8 {
            std::ptr::copy_nonoverlapping(src, dst, 8);
            std::ptr::copy_nonoverlapping(src.add(n - 8), dst.add(n - 8), 8);
        } else if n >= 4 {
            std::ptr::copy_nonoverlapping(src, dst, 4);
            std::ptr::copy_nonoverlapping(src.add(n - 4), dst.add(n - 4), 4);
        } else {
            for i in 0..n {
                *dst.add(i) = *src.add(i);
            }
        }
        buf.set_len(len + n);
    }
}

#[cold]
#[inline(never)]
fn non_finite(v: f64) -> Error {
    Error::without_position(ErrorKind::InvalidValue(Cow::Owned(format!(
        "{v} cannot be encoded as JSON (NaN and infinities have no JSON form)"
    ))))
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
                append_short(&mut buf, &text[..n]);
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
}
