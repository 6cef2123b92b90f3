//! JSON strings: finding the end of one, unescaping it, and escaping on output.
//!
//! The scanner looks for the three bytes that end a clean run (`"`, `\` and control bytes
//! below 0x20) eight bytes at a time with SWAR arithmetic on a `u64`, so a long string
//! without escapes costs one load, a few ALU ops and one branch per eight bytes.

use alloc::vec::Vec;

#[cfg(target_arch = "x86_64")]
use super::simd;

/// How a scan ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ScanError {
    /// The input ended before the closing quote.
    Eof,
    /// A raw control byte (below 0x20) at this absolute offset.
    Control(usize),
}

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// A mask with the high bit set in every byte of `word` that is `"`, `\` or below 0x20.
///
/// Each test is the classic "has zero byte" formula applied after XOR. A borrow can set a
/// spurious flag only in a byte *above* a real hit, so the lowest flag is always exact,
/// and callers only ever use the lowest (`trailing_zeros`).
#[inline(always)]
fn special_bytes(word: u64) -> u64 {
    let quote = (word ^ (LO * b'"' as u64)).wrapping_sub(LO) & !(word ^ (LO * b'"' as u64));
    let backslash = (word ^ (LO * b'\\' as u64)).wrapping_sub(LO) & !(word ^ (LO * b'\\' as u64));
    let control = word.wrapping_sub(LO * 0x20) & !word;
    (quote | backslash | control) & HI
}

/// The high bit of every byte that is zero, exactly (no borrow between lanes, unlike the
/// cheaper formula in [`special_bytes`]): needed where a later byte's flag matters.
#[inline(always)]
fn zero_bytes_exact(x: u64) -> u64 {
    let low7 = (x & !HI).wrapping_add(!HI);
    !(low7 | x) & HI
}

/// A mask with the high bit set in every byte of `word` that is not JSON whitespace
/// (space, tab, newline, carriage return).
#[inline(always)]
pub(crate) fn non_whitespace_bytes(word: u64) -> u64 {
    let ws = zero_bytes_exact(word ^ (LO * b' ' as u64))
        | zero_bytes_exact(word ^ (LO * b'\n' as u64))
        | zero_bytes_exact(word ^ (LO * b'\r' as u64))
        | zero_bytes_exact(word ^ (LO * b'\t' as u64));
    !ws & HI
}

/// Offset of the first byte at or after `pos` that is `"`, `\` or a control byte.
#[inline(always)]
pub(crate) fn find_special(input: &[u8], mut pos: usize) -> Option<usize> {
    while let Some(chunk) = input.get(pos..pos + 8) {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(chunk);
        let mask = special_bytes(u64::from_le_bytes(bytes));
        if mask != 0 {
            return Some(pos + (mask.trailing_zeros() / 8) as usize);
        }
        pos += 8;
    }
    while let Some(&b) = input.get(pos) {
        if b == b'"' || b == b'\\' || b < 0x20 {
            return Some(pos);
        }
        pos += 1;
    }
    None
}

/// How many bytes [`copy_clean`] may write past the end of the string it copies.
pub(crate) const COPY_OVERRUN: usize = 8;

/// The bytes of `b` (fewer than eight) in the low lanes of a little-endian word, zeros
/// above: two overlapping loads, not a byte loop.
#[inline(always)]
fn load_short(b: &[u8]) -> u64 {
    let n = b.len();
    if n >= 4 {
        let lo = u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as u64;
        let hi = u32::from_le_bytes([b[n - 4], b[n - 3], b[n - 2], b[n - 1]]) as u64;
        // The two overlap in `8 - n` lanes, where they hold the same bytes.
        lo | hi << (8 * (n - 4))
    } else if n > 0 {
        b[0] as u64 | (b[n / 2] as u64) << (8 * (n / 2)) | (b[n - 1] as u64) << (8 * (n - 1))
    } else {
        0
    }
}

/// Copies `bytes` to `dst` a word at a time, checking each word for `"`, `\` and control
/// bytes as it goes, and returns the length of the clean prefix: `bytes.len()` when
/// nothing needs escaping.
///
/// One pass over the string instead of a scan and then a copy, and no `memcpy` call,
/// whose size dispatch costs more than copying a short string. A string of eight bytes or
/// more ends with one word that overlaps the one before; a shorter one is stored as a
/// whole word, so up to [`COPY_OVERRUN`] bytes after it are overwritten.
///
/// # Safety
///
/// `dst` is valid for writes of `bytes.len().max(COPY_OVERRUN)` bytes and does not overlap
/// `bytes`. On return, the first `k` bytes at `dst` equal `bytes[..k]`, where `k` is the
/// returned length; the bytes after them are unspecified.
#[inline(always)]
pub(crate) unsafe fn copy_clean(bytes: &[u8], dst: *mut u8) -> usize {
    let n = bytes.len();
    if n < 8 {
        let word = load_short(bytes);
        // SAFETY: the caller makes `max(n, 8) = 8` bytes at `dst` writable.
        unsafe { dst.cast::<[u8; 8]>().write_unaligned(word.to_le_bytes()) };
        // The zero lanes above the string count as control bytes: masked off. A borrow
        // flags only lanes above a real hit, so the string's own lanes stay exact.
        let mask = special_bytes(word) & ((1u64 << (8 * n)) - 1);
        return if mask == 0 { n } else { (mask.trailing_zeros() / 8) as usize };
    }
    let mut at = 0;
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if n >= 16 {
        while let Some((chunk, mask)) = super::simd::sse2::special_16(bytes, at) {
            // SAFETY: `at + 16 <= n` (sixteen bytes were there), inside `dst`'s `n`.
            unsafe { dst.add(at).cast::<[u8; 16]>().write_unaligned(chunk) };
            if mask != 0 {
                return at + mask.trailing_zeros() as usize;
            }
            at += 16;
        }
        if at < n {
            // The last sixteen bytes, overlapping the clean ones before (as below).
            let last = n - 16;
            if let Some((chunk, mask)) = super::simd::sse2::special_16(bytes, last) {
                // SAFETY: `last + 16 = n`, inside `dst`'s `n` bytes.
                unsafe { dst.add(last).cast::<[u8; 16]>().write_unaligned(chunk) };
                let mask = mask & (u32::MAX << (at - last));
                if mask != 0 {
                    return last + mask.trailing_zeros() as usize;
                }
            }
        }
        return n;
    }
    while let Some(word) = load8(bytes, at) {
        // SAFETY: `at + 8 <= n` (`load8` found eight bytes there), inside `dst`'s `n`.
        unsafe { dst.add(at).cast::<[u8; 8]>().write_unaligned(word.to_le_bytes()) };
        let mask = special_bytes(word);
        if mask != 0 {
            return at + (mask.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    if at < n {
        // The last eight bytes, whose first `8 - (n - at)` lanes were already checked
        // clean (and copied: this writes the same bytes there again).
        let last = n - 8;
        let word = load8(bytes, last).unwrap_or(0);
        // SAFETY: `last + 8 = n`, inside `dst`'s `n` bytes.
        unsafe { dst.add(last).cast::<[u8; 8]>().write_unaligned(word.to_le_bytes()) };
        let mask = special_bytes(word) & (u64::MAX << (8 * (at - last)));
        if mask != 0 {
            return last + (mask.trailing_zeros() / 8) as usize;
        }
    }
    n
}

/// What a scan learned about a string body besides where it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Scanned {
    /// Offset of the closing quote.
    pub end: usize,
    /// Whether a backslash occurred (the body must be unescaped).
    pub escaped: bool,
    /// Whether every byte is below 0x80: then the body is valid UTF-8 as it stands, and
    /// nobody needs to validate it again.
    pub ascii: bool,
}

/// The eight bytes at `pos` as a little-endian word, if there are eight.
#[inline(always)]
pub(crate) fn load8(input: &[u8], pos: usize) -> Option<u64> {
    let bytes: [u8; 8] = input.get(pos..pos + 8)?.try_into().ok()?;
    Some(u64::from_le_bytes(bytes))
}

/// Scans a string body starting just after its opening quote.
///
/// One pass finds the closing quote, notes backslashes and raw control bytes, and ORs
/// the high bits of every byte passed, so ASCII strings (most keys and many values) skip
/// UTF-8 validation. Escapes are only stepped over here; [`unescape`] checks them.
/// 32 bytes a step where AVX2 is there ([`simd::avx2`]), else [`scan_from`].
#[inline]
pub(crate) fn scan_string(input: &[u8], start: usize) -> Result<Scanned, ScanError> {
    #[cfg(target_arch = "x86_64")]
    if simd::avx2() {
        // SAFETY: `avx2()` returned true: the CPU has AVX2.
        return unsafe { simd::avx2::scan_string(input, start) };
    }
    scan_from(input, start, false, true)
}

/// The portable string scan (16 bytes a step with SSE2, then eight, then one), from `pos`
/// inside a body, with what was learned before it: whether a backslash occurred and
/// whether every byte passed was ASCII.
#[inline(always)]
pub(crate) fn scan_from(input: &[u8], mut pos: usize, mut escaped: bool, ascii: bool) -> Result<Scanned, ScanError> {
    // High bits seen so far: as whole bytes by the SWAR steps, as one bit per byte by
    // the SSE2 step; either is zero only while every byte passed is ASCII.
    let mut high_bits = if ascii { 0u64 } else { HI };
    // Only the SSE2 step sets it.
    #[cfg_attr(not(all(target_arch = "x86_64", target_feature = "sse2")), allow(unused_mut))]
    let mut high_mask = 0u32;
    loop {
        let at = loop {
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            if let Some((mask, high)) = simd::sse2::special_and_high_16(input, pos) {
                if mask != 0 {
                    let index = mask.trailing_zeros();
                    high_mask |= high & ((1u32 << index) - 1);
                    break pos + index as usize;
                }
                high_mask |= high;
                pos += 16;
                continue;
            }
            match load8(input, pos) {
                Some(word) => {
                    let mask = special_bytes(word);
                    if mask != 0 {
                        let index = mask.trailing_zeros() / 8;
                        // Only the bytes before the special one belong to this run.
                        high_bits |= word & ((1u64 << (index * 8)) - 1);
                        break pos + index as usize;
                    }
                    high_bits |= word;
                    pos += 8;
                }
                None => match input.get(pos) {
                    Some(&b) if b == b'"' || b == b'\\' || b < 0x20 => break pos,
                    Some(&b) => {
                        high_bits |= b as u64;
                        pos += 1;
                    }
                    None => return Err(ScanError::Eof),
                },
            }
        };
        match input[at] {
            b'"' => return Ok(Scanned { end: at, escaped, ascii: high_bits & HI == 0 && high_mask == 0 }),
            b'\\' => {
                escaped = true;
                // Step over the escaped byte so that `\"` does not end the string; a `\u`
                // escape's hex digits are plain bytes the scan passes anyway. (An escaped
                // body is validated after unescaping, so its `ascii` flag is unused.)
                pos = at + 2;
                if pos > input.len() {
                    return Err(ScanError::Eof);
                }
            }
            _ => return Err(ScanError::Control(at)),
        }
    }
}

/// Why an escape sequence was rejected; the offset is relative to the raw string body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct EscapeError {
    pub offset: usize,
    pub reason: &'static str,
}

#[inline]
fn hex4(raw: &[u8], at: usize) -> Result<u16, EscapeError> {
    let digits = raw.get(at..at + 4).ok_or(EscapeError { offset: at, reason: "truncated \\u escape" })?;
    let mut v: u16 = 0;
    for (i, &d) in digits.iter().enumerate() {
        let n = match d {
            b'0'..=b'9' => d - b'0',
            b'a'..=b'f' => d - b'a' + 10,
            b'A'..=b'F' => d - b'A' + 10,
            _ => return Err(EscapeError { offset: at + i, reason: "non-hex digit in \\u escape" }),
        };
        v = (v << 4) | n as u16;
    }
    Ok(v)
}

/// Appends the unescaped form of `raw` (a string body holding at least one `\`) to `out`.
///
/// Surrogate pairs are joined; a lone surrogate is an error, as its UTF-8 form would be
/// invalid. The caller validates UTF-8 of the result (escapes only ever produce valid
/// sequences, so invalid UTF-8 can only come from the raw bytes).
pub(crate) fn unescape(raw: &[u8], out: &mut Vec<u8>) -> Result<(), EscapeError> {
    // (An AVX2 search measured worse: twitter.json's escapes are a few bytes apart, and
    // the call into the AVX2 loop cost more than the wider step saved.)
    unescape_with(raw, out, find_backslash)
}

/// Offset of the first `\` at or after `pos`: 16 bytes a step with SSE2, then eight
/// (SWAR), then one.
#[inline(always)]
pub(crate) fn find_backslash(raw: &[u8], mut pos: usize) -> Option<usize> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    while let Some(mask) = simd::sse2::backslash_16(raw, pos) {
        if mask != 0 {
            return Some(pos + mask.trailing_zeros() as usize);
        }
        pos += 16;
    }
    while let Some(word) = load8(raw, pos) {
        let x = word ^ (LO * b'\\' as u64);
        // Zero bytes of `x`; a borrow flags only bytes above a real one, and the lowest
        // flag is the one used.
        let mask = x.wrapping_sub(LO) & !x & HI;
        if mask != 0 {
            return Some(pos + (mask.trailing_zeros() / 8) as usize);
        }
        pos += 8;
    }
    raw.get(pos..)?.iter().position(|&b| b == b'\\').map(|i| pos + i)
}

/// [`unescape`] with the backslash search `find`.
#[inline(always)]
pub(crate) fn unescape_with(
    raw: &[u8],
    out: &mut Vec<u8>,
    find: impl Fn(&[u8], usize) -> Option<usize>,
) -> Result<(), EscapeError> {
    let mut pos = 0;
    while pos < raw.len() {
        // The next backslash, many bytes at a time (a byte-at-a-time search was 6% of
        // twitter.json's decode time, whose tweets hold `\n` and `\"`). Every other byte
        // is copied through as it is (a scanned body holds no bare `"` or control byte).
        let esc = find(raw, pos).unwrap_or(raw.len());
        out.extend_from_slice(&raw[pos..esc]);
        if esc >= raw.len() {
            break;
        }
        let Some(&kind) = raw.get(esc + 1) else {
            return Err(EscapeError { offset: esc, reason: "truncated escape" });
        };
        pos = esc + 2;
        let byte = match kind {
            b'"' => b'"',
            b'\\' => b'\\',
            b'/' => b'/',
            b'b' => 0x08,
            b'f' => 0x0c,
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'u' => {
                let first = hex4(raw, pos)?;
                pos += 4;
                let code = match first {
                    0xD800..=0xDBFF => {
                        if raw.get(pos..pos + 2) != Some(b"\\u") {
                            return Err(EscapeError { offset: esc, reason: "lone leading surrogate" });
                        }
                        let second = hex4(raw, pos + 2)?;
                        if !(0xDC00..=0xDFFF).contains(&second) {
                            return Err(EscapeError { offset: esc, reason: "lone leading surrogate" });
                        }
                        pos += 6;
                        0x10000 + (((first as u32 - 0xD800) << 10) | (second as u32 - 0xDC00))
                    }
                    0xDC00..=0xDFFF => return Err(EscapeError { offset: esc, reason: "lone trailing surrogate" }),
                    c => c as u32,
                };
                // Every value reaching here is a scalar value: surrogates were handled above.
                let c = char::from_u32(code).ok_or(EscapeError { offset: esc, reason: "invalid code point" })?;
                let mut buf = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                continue;
            }
            _ => return Err(EscapeError { offset: esc, reason: "unknown escape character" }),
        };
        out.push(byte);
    }
    Ok(())
}

/// For each byte, the escape to write: 0 means "copy as is", `u` means `\u00XX`, anything
/// else is the letter after the backslash.
static ESCAPE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 0x20 {
        t[i] = b'u';
        i += 1;
    }
    t[0x08] = b'b';
    t[0x09] = b't';
    t[0x0a] = b'n';
    t[0x0c] = b'f';
    t[0x0d] = b'r';
    t[b'"' as usize] = b'"';
    t[b'\\' as usize] = b'\\';
    t
};

/// The longest escape [`write_escape`] writes: `\u00XX`.
pub(crate) const LONGEST_ESCAPE: usize = 6;

/// Writes the escape of `b`, a byte that needs one (`"`, `\` or below 0x20), at `dst` and
/// returns its length: the short form (`\n`, `\"`, ...) where JSON has one, else `\u00XX`.
///
/// # Safety
///
/// `dst` is valid for writes of [`LONGEST_ESCAPE`] bytes.
#[inline(always)]
pub(crate) unsafe fn write_escape(b: u8, dst: *mut u8) -> usize {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let (text, len) = match ESCAPE[b as usize] {
        b'u' => ([b'\\', b'u', b'0', b'0', HEX[(b >> 4) as usize], HEX[(b & 15) as usize]], 6),
        e => ([b'\\', e, 0, 0, 0, 0], 2),
    };
    // SAFETY: the caller makes `LONGEST_ESCAPE` (6) bytes at `dst` writable.
    unsafe { core::ptr::copy_nonoverlapping(text.as_ptr(), dst, len) };
    len
}

#[cfg(test)]
pub(in crate::json) mod tests {
    use alloc::string::String;

    use super::*;

    /// `copy_clean` (the `unsafe` word copies) at every length through two 16-byte steps
    /// and its tail, with each kind of special byte at every position (and none), over
    /// bytes with the high bit set too: the clean prefix's length, its copy, and nothing
    /// written past `max(n, COPY_OVERRUN)`. Run under Miri by `cargo miri test`.
    #[test]
    fn copy_clean_stops_at_the_first_special_byte() {
        let max = if cfg!(miri) { 40 } else { 72 };
        let mut next = crate::test_rng::xorshift(0x5151_2024);
        for n in 0..=max {
            let clean: Vec<u8> =
                (0..n).map(|_| [b'a', b'~', b' ', 0x7f, 0x80, 0xe3, 0xff][(next() % 7) as usize]).collect();
            let mut cases = vec![(clean.clone(), n)];
            for at in 0..n {
                for special in [b'"', b'\\', 0x00, 0x1f, b'\n'] {
                    let mut bytes = clean.clone();
                    bytes[at] = special;
                    // A second special later must not move the answer.
                    if at + 3 < n {
                        bytes[at + 3] = b'"';
                    }
                    cases.push((bytes, at));
                }
            }
            for (bytes, want) in cases {
                let room = n.max(COPY_OVERRUN);
                let mut out = vec![0xaa_u8; room + 16];
                // SAFETY: `out` has `room + 16` bytes, more than the `max(n, COPY_OVERRUN)`
                // that `copy_clean` may write, and does not overlap `bytes`.
                let got = unsafe { copy_clean(&bytes, out.as_mut_ptr()) };
                assert_eq!(got, want, "{bytes:?}");
                assert_eq!(&out[..got], &bytes[..got]);
                assert!(out[room..].iter().all(|&b| b == 0xaa), "wrote past {room}: {bytes:?}");
            }
        }
    }

    #[test]
    fn special_bytes_is_exact() {
        for b in 0u8..=255 {
            let word = u64::from_le_bytes([b'a', b'b', b, b'c', 0xff, 0x80, b'~', b'!']);
            let hit = special_bytes(word) != 0;
            assert_eq!(hit, b == b'"' || b == b'\\' || b < 0x20, "byte {b:#x}");
        }
    }

    #[test]
    fn whitespace_mask_is_exact_per_byte() {
        for b in 0u8..=255 {
            for lane in 0..8 {
                let mut bytes = [b' '; 8];
                bytes[lane] = b;
                let mask = non_whitespace_bytes(u64::from_le_bytes(bytes));
                let want = if matches!(b, b' ' | b'\n' | b'\r' | b'\t') { 0 } else { 0x80u64 << (lane * 8) };
                assert_eq!(mask, want, "byte {b:#x} in lane {lane}");
            }
        }
    }

    /// The string scan one byte at a time: what every vector path must agree with (here
    /// and in `simd.rs`'s tests).
    pub(in crate::json) fn reference_scan(input: &[u8], start: usize) -> Result<Scanned, ScanError> {
        let (mut pos, mut escaped, mut ascii) = (start, false, true);
        loop {
            match input.get(pos) {
                None => return Err(ScanError::Eof),
                Some(b'"') => return Ok(Scanned { end: pos, escaped, ascii }),
                Some(b'\\') => {
                    escaped = true;
                    pos += 2;
                    if pos > input.len() {
                        return Err(ScanError::Eof);
                    }
                }
                Some(&b) if b < 0x20 => return Err(ScanError::Control(pos)),
                Some(&b) => {
                    ascii &= b < 0x80;
                    pos += 1;
                }
            }
        }
    }

    /// `scan_string` against a byte-at-a-time reference, with one interesting byte at
    /// every position of bodies long enough to cross the 16- and 8-byte steps and the tail.
    #[test]
    fn scan_matches_a_bytewise_reference() {
        // Under Miri (which checks the SSE2 path's `unsafe`) the lengths around each step.
        let lens: Vec<usize> = if cfg!(miri) { vec![0, 1, 7, 8, 9, 15, 16, 17, 24, 33] } else { (0..48).collect() };
        for len in lens {
            for at in 0..len {
                for b in [b'"', b'\\', 0x00, 0x1f, 0x20, 0x7f, 0x80, 0xff, b'a'] {
                    let mut body = vec![b'x'; len];
                    body[at] = b;
                    for tail in [&b"\""[..], b"", b"\"\xff"] {
                        let input = [&b"  "[..], &body, tail].concat();
                        assert_eq!(scan_string(&input, 2), reference_scan(&input, 2), "{input:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn scan_finds_quote_past_escapes() {
        let s = br#"abc\"def\\" tail"#;
        assert_eq!(scan_string(s, 0), Ok(Scanned { end: 10, escaped: true, ascii: true }));
        assert_eq!(scan_string(b"0123456789abcdef\"", 0), Ok(Scanned { end: 16, escaped: false, ascii: true }));
        // The ASCII flag looks at every byte before the quote, in words and in the tail,
        // and at none after it.
        for (body, ascii) in [
            (&b"abcdefgh\xc3\xa9\"xxxxxxxx"[..], false),
            (b"\xc3\xa9abcdefgh\"", false),
            (b"abcdefghijklmno\xff\"", false),
            (b"abc\"\xff\xff\xff\xff\xff\xff\xff\xff", true),
            (b"abcdefghijk\"\xff", true),
        ] {
            assert_eq!(scan_string(body, 0).map(|s| s.ascii), Ok(ascii), "{body:?}");
        }
        assert_eq!(scan_string(b"abc", 0), Err(ScanError::Eof));
        assert_eq!(scan_string(b"ab\\", 0), Err(ScanError::Eof));
        assert_eq!(scan_string(b"0123456789\n\"", 0), Err(ScanError::Control(10)));
    }

    fn un(raw: &str) -> Result<String, EscapeError> {
        let mut out = Vec::new();
        unescape(raw.as_bytes(), &mut out)?;
        Ok(String::from_utf8(out).unwrap())
    }

    #[test]
    fn unescape_all_forms() {
        assert_eq!(un(r#"a\"b\\c\/d\b\f\n\r\t"#).unwrap(), "a\"b\\c/d\u{8}\u{c}\n\r\t");
        assert_eq!(un(r"\u00e9\u4e2d\ud83d\ude00").unwrap(), "é中😀");
        assert_eq!(un(r"\ud83d").unwrap_err().reason, "lone leading surrogate");
        assert_eq!(un(r"\ud83dx").unwrap_err().reason, "lone leading surrogate");
        assert_eq!(un(r"\ud83d\u0041").unwrap_err().reason, "lone leading surrogate");
        assert_eq!(un(r"\ude00").unwrap_err().reason, "lone trailing surrogate");
        assert_eq!(un(r"\x").unwrap_err().reason, "unknown escape character");
        assert_eq!(un(r"\u12").unwrap_err().reason, "truncated \\u escape");
        assert_eq!(un(r"\u12g4").unwrap_err().reason, "non-hex digit in \\u escape");
    }

    /// Escapes at every offset around the eight-byte steps of the backslash search, in
    /// bodies of every length up to three steps, with multi-byte text around them.
    #[test]
    fn unescape_finds_escapes_at_every_offset() {
        for len in 0..26 {
            for at in 0..=len {
                for (escape, text) in [(r"\n", "\n"), (r#"\""#, "\""), (r"\u00e9", "é"), (r"\\", "\\")] {
                    let plain: String =
                        (0..len).map(|i| if i % 5 == 4 { 'ü' } else { char::from(b'a' + i as u8) }).collect();
                    let cut = plain.char_indices().nth(at).map_or(plain.len(), |(i, _)| i);
                    let raw = format!("{}{escape}{}", &plain[..cut], &plain[cut..]);
                    let want = format!("{}{text}{}", &plain[..cut], &plain[cut..]);
                    assert_eq!(un(&raw).unwrap(), want, "{raw}");
                    let twice = format!("{raw}{escape}");
                    assert_eq!(un(&twice).unwrap(), format!("{want}{text}"), "{twice}");
                }
            }
        }
    }

    #[test]
    fn escape_round_trips_every_control_byte() {
        let s: String = (0u8..0x80).map(char::from).collect::<String>() + "é😀";
        let mut w = crate::json::JsonWriter::new();
        w.write_str(&s);
        let out = w.into_inner();
        assert_eq!(out[0], b'"');
        assert_eq!(*out.last().unwrap(), b'"');
        let body = &out[1..out.len() - 1];
        let mut back = Vec::new();
        unescape(body, &mut back).unwrap();
        assert_eq!(back, s.as_bytes());
        let text = core::str::from_utf8(&out).unwrap();
        assert!(text.starts_with(r#""\u0000\u0001"#), "{text}");
        assert!(text.contains(r#"\b\t\n\u000b\f\r"#), "{text}");
        assert!(text.contains(r##" !\"#"##), "{text}");
    }
}
