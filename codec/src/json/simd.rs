//! The vector steps of the JSON scans, in one place: the string scan (quote, backslash,
//! control bytes and the ASCII flag), the whitespace skip and the backslash search of
//! unescaping.
//!
//! - [`sse2`]: 16 bytes a step. SSE2 is part of every x86_64 target's baseline, so these
//!   need no detection; the portable scans in `string.rs` and `reader.rs` call them inline
//!   and finish with eight-byte SWAR words and single bytes.
//! - [`avx2`]: 32 bytes a step, whole loops compiled with `#[target_feature(enable =
//!   "avx2")]`. [`avx2()`] decides whether they run: at compile time in a build that
//!   enables AVX2 (`-C target-cpu=native` on a CPU that has it), otherwise at run time
//!   with std's detection, which caches its answer in an atomic. The string scan asks it
//!   once per string that the reader's inline 16-byte step does not settle (a load and a
//!   bit test); the whitespace skip, called once per line of a pretty document, goes
//!   through a function pointer resolved on its first call ([`skip_ws`]). Nothing is
//!   decided per byte. Without the `std` feature and without a compile-time AVX2, the
//!   AVX2 loops never run. Each hands its last bytes (fewer than 32 before the end of
//!   the input) to the portable scan.
//!
//! Other targets use the portable scans alone. `tests` at the end runs every path of
//! every scan on the same generated inputs.
//!
//! UTF-8 validation is not here: `simdutf8` already picks AVX2 at run time.

/// The 16-byte step of the string scan, with SSE2: part of the x86_64 baseline, so it
/// needs no run-time detection and no `target-cpu` flag. Measured on twitter.json
/// (callgrind): with the 8-byte SWAR step alone the scan was 28% of an owned decode's
/// instructions.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(crate) mod sse2 {
    use core::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_cvtsi128_si64, _mm_madd_epi16, _mm_min_epu8,
        _mm_movemask_epi8, _mm_or_si128, _mm_packs_epi32, _mm_set1_epi32, _mm_set1_epi8, _mm_set_epi64x,
        _mm_setzero_si128, _mm_slli_si128, _mm_srli_si128, _mm_sub_epi8, _mm_unpackhi_epi8, _mm_unpacklo_epi8,
    };

    /// For the 16 bytes at `pos` (if there are 16): a bit mask of those that are `"`,
    /// `\` or below 0x20, and a bit mask of those with the high bit set.
    #[inline(always)]
    pub(crate) fn special_and_high_16(input: &[u8], pos: usize) -> Option<(u32, u32)> {
        let chunk: &[u8; 16] = input.get(pos..pos + 16)?.try_into().ok()?;
        // SAFETY: `masks` only needs SSE2, which this module's `cfg` proves is enabled
        // (it is part of every x86_64 target's baseline). Nothing else is unsafe about it:
        // it reads its argument by value and touches no memory.
        Some(unsafe { masks(chunk) })
    }

    /// The 16 bytes at `pos` (if there are 16) and a bit mask of those that are `"`, `\`
    /// or below 0x20: the writer's step, which copies the bytes as it checks them.
    #[inline(always)]
    pub(crate) fn special_16(input: &[u8], pos: usize) -> Option<([u8; 16], u32)> {
        let chunk: [u8; 16] = input.get(pos..pos + 16)?.try_into().ok()?;
        // SAFETY: as in `special_and_high_16`: SSE2 is enabled (this module's `cfg`), and
        // the function reads only its argument.
        Some((chunk, unsafe { masks(&chunk) }.0))
    }

    /// For the 16 bytes at `pos` (if there are 16): a bit mask of those that are not
    /// JSON whitespace.
    #[inline(always)]
    pub(crate) fn non_whitespace_16(input: &[u8], pos: usize) -> Option<u32> {
        let chunk: &[u8; 16] = input.get(pos..pos + 16)?.try_into().ok()?;
        // SAFETY: as in `special_and_high_16`: SSE2 is enabled (this module's `cfg`), and
        // the function reads only its argument.
        Some(unsafe { whitespace_mask(chunk) } ^ 0xffff)
    }

    /// For the 16 bytes at `pos` (if there are 16): a bit mask of those that are `\`.
    #[inline(always)]
    pub(crate) fn backslash_16(input: &[u8], pos: usize) -> Option<u32> {
        let chunk: &[u8; 16] = input.get(pos..pos + 16)?.try_into().ok()?;
        // SAFETY: as in `special_and_high_16`: SSE2 is enabled (this module's `cfg`), and
        // the function reads only its argument.
        Some(unsafe { backslash_mask(chunk) })
    }

    /// For the 16 bytes at `pos` (if there are 16): the value of the run of ASCII digits
    /// that starts there, at most 16 of them, and how many there are (0 to 16). The
    /// number parser's step: one call reads a 16-digit fraction that the 8-byte SWAR
    /// step took two rounds of about 45 instructions each for.
    #[inline(always)]
    pub(crate) fn digits_16(input: &[u8], pos: usize) -> Option<(u64, u32)> {
        let chunk: &[u8; 16] = input.get(pos..pos + 16)?.try_into().ok()?;
        // SAFETY: as in `special_and_high_16`: SSE2 is enabled (this module's `cfg`), and
        // the function reads only its argument.
        Some(unsafe { digit_run(chunk) })
    }

    /// For the 32 bytes at `pos` (if there are 32): a decimal literal of the plain form
    /// that fills most JSON documents' float fields, read in one step. The form is an
    /// optional `-`, 1 to 15 integer digits (14 after a `-`; no leading zero before
    /// another digit), a `.`, and one or more fraction digits, at most 19 digits in all,
    /// ending within the 32 bytes: `65.61361`, `0.5`, canada.json's `-65.613616999999977`.
    /// Returns the value of all the digits (the mantissa: `-65.61361` gives 6561361),
    /// whether there is a `-`, the fraction digits and the literal's length; `None` for
    /// anything else (what follows is not looked at: an exponent, a delimiter), which the
    /// caller then reads with the general steps, so every error is still theirs.
    #[inline(always)]
    pub(crate) fn plain_decimal_32(input: &[u8], pos: usize) -> Option<(u64, bool, u32, usize)> {
        let chunk = input.get(pos..pos + 32)?;
        let (first, second) = (chunk.first_chunk::<16>()?, chunk.last_chunk::<16>()?);
        // SAFETY: as in `special_and_high_16`: SSE2 is enabled (this module's `cfg`), and
        // the function reads only its arguments.
        unsafe { plain_decimal(first, second) }
    }

    /// `KEEP[16 - n]` has its first `n` bytes set and the rest clear.
    static KEEP: [[u8; 16]; 17] = {
        let mut t = [[0u8; 16]; 17];
        let mut padding = 0;
        while padding < 17 {
            let mut i = 0;
            while i < 16 - padding {
                t[padding][i] = 0xff;
                i += 1;
            }
            padding += 1;
        }
        t
    };

    /// The first `n` (at most 16) lanes set.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn first_lanes(n: usize) -> __m128i {
        load(&KEEP[16 - n.min(16)])
    }

    /// `INVERSE_POW5[k] * 5^k == 1` in wrapping `u64` arithmetic (5 is odd, so every power
    /// of it has an inverse modulo 2^64): dividing an exact multiple of `5^k` is then one
    /// multiplication.
    const INVERSE_POW5: [u64; 17] = {
        let mut t = [1u64; 17];
        let mut k = 1;
        while k < 17 {
            let a = 5u64.pow(k as u32);
            // Newton's iteration doubles the correct low bits each round: 3, 6, ..., 96.
            let mut x = a;
            let mut round = 0;
            while round < 5 {
                x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
                round += 1;
            }
            t[k] = x;
            k += 1;
        }
        t
    };

    /// `padded / 10^k` for a `padded` that is an exact multiple of `10^k` (`k` at most 16):
    /// a multiple of `2^k` and of `5^k`, so a shift and a multiplication by the inverse of
    /// `5^k` divide it, with no division instruction.
    #[inline(always)]
    fn strip_zeros(padded: u64, k: usize) -> u64 {
        (padded >> k).wrapping_mul(INVERSE_POW5[k])
    }

    /// Which of the 16 lanes of `digits` (bytes minus `'0'`) are digits, as a bit mask:
    /// those that are 9 or less, unsigned.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn digit_mask(digits: __m128i) -> u32 {
        _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(digits, _mm_set1_epi8(9)), digits)) as u32
    }

    /// 16 lanes of digits (0 to 9, the most significant in lane 0) folded into four 4-digit
    /// groups in 32-bit lanes: each multiply-add weighs the even lane by the odd lane's
    /// place value (10, then 100) and adds them.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn fours(digits: __m128i) -> __m128i {
        let zero = _mm_setzero_si128();
        let tens = _mm_set1_epi32((1 << 16) | 10);
        let pairs = _mm_packs_epi32(
            _mm_madd_epi16(_mm_unpacklo_epi8(digits, zero), tens),
            _mm_madd_epi16(_mm_unpackhi_epi8(digits, zero), tens),
        );
        _mm_madd_epi16(pairs, _mm_set1_epi32((1 << 16) | 100))
    }

    /// The groups of two [`fours`] results folded into their 8-digit halves, in 32-bit
    /// lanes: `[a high, a low, b high, b low]`.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn eights(a: __m128i, b: __m128i) -> __m128i {
        _mm_madd_epi16(_mm_packs_epi32(a, b), _mm_set1_epi32((1 << 16) | 10_000))
    }

    /// Two 8-digit halves in the low and high 32 bits of a word, as one 16-digit value.
    #[inline(always)]
    fn join(halves: u64) -> u64 {
        (halves & 0xffff_ffff) * 100_000_000 + (halves >> 32)
    }

    /// See [`digits_16`]. The run's bytes minus `'0'` stay in their lanes and those after
    /// it are cleared, so the lanes hold the run followed by `16 - n` zero digits, whose
    /// value is the run's times `10^(16 - n)`; [`strip_zeros`] removes the padding.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn digit_run(chunk: &[u8; 16]) -> (u64, u32) {
        let digits = _mm_sub_epi8(load(chunk), _mm_set1_epi8(b'0' as i8));
        // Bit 16 and up of the complement are set: the count is 16 at most.
        let count = (!digit_mask(digits)).trailing_zeros();
        let digits = _mm_and_si128(digits, first_lanes(count as usize));
        let groups = fours(digits);
        let padded = join(_mm_cvtsi128_si64(eights(groups, groups)) as u64);
        (strip_zeros(padded, 16 - count.min(16) as usize), count)
    }

    /// See [`plain_decimal_32`]. The literal's length comes from the digit and dot masks
    /// alone: it is what the parser's next step (the byte after the number, the next
    /// element) waits for, so it is not derived from the digit counts, whose checks only
    /// decide branches (measured on canada.json: reading the integer run first and the
    /// fraction run after it put two more dependent steps on that path and cost time, at
    /// fewer instructions). For the value, the integer digits move up one lane, over the
    /// `.`, so that with the fraction digits after them the two 16-lane halves hold one
    /// run of digits behind zero lanes, then zeros; both halves fold together, and
    /// [`strip_zeros`] removes the padding of the half the run ends in.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn plain_decimal(first: &[u8; 16], second: &[u8; 16]) -> Option<(u64, bool, u32, usize)> {
        let (raw_low, raw_high) = (load(first), load(second));
        let zero_char = _mm_set1_epi8(b'0' as i8);
        let low = _mm_sub_epi8(raw_low, zero_char);
        let high = _mm_sub_epi8(raw_high, zero_char);
        let digits = u64::from(digit_mask(low) | (digit_mask(high) << 16));
        let dot_char = _mm_set1_epi8(b'.' as i8);
        let dots = u64::from(
            _mm_movemask_epi8(_mm_cmpeq_epi8(raw_low, dot_char)) as u32
                | ((_mm_movemask_epi8(_mm_cmpeq_epi8(raw_high, dot_char)) as u32) << 16),
        );
        // Digits and dots from lane 0, whatever lane 0 holds (a sign; anything else fails
        // the checks below). Bit 32 and up of the complement are set: at most 32.
        let len = (!(digits | dots | 1)).trailing_zeros() as usize;
        let negative = first[0] == b'-';
        let int_start = usize::from(negative);
        let int_digits = (!(digits >> int_start)).trailing_zeros() as usize;
        let dot = int_start + int_digits;
        let frac_digits = len.wrapping_sub(dot + 1);
        // One `.`, at `dot`, after 1 to 15 integer digits (the last of them must stay in
        // the first half when it moves over the dot) with no leading zero, then at least
        // one fraction digit, at most 19 digits in all, and a byte that ends the literal
        // inside the chunk.
        let plain = int_digits >= 1
            && dot <= 15
            && dots & ((1 << len) - 1) == 1 << dot
            && !(first[int_start] == b'0' && int_digits > 1)
            && (1..=19 - int_digits).contains(&frac_digits)
            && len < 32;
        if !plain {
            return None;
        }
        let int_lanes = _mm_andnot_si128(first_lanes(int_start), first_lanes(dot));
        let frac_lanes = _mm_andnot_si128(first_lanes(dot + 1), first_lanes(len));
        let low = _mm_or_si128(_mm_slli_si128::<1>(_mm_and_si128(low, int_lanes)), _mm_and_si128(low, frac_lanes));
        let high = _mm_and_si128(high, first_lanes(len.saturating_sub(16)));
        let halves = eights(fours(low), fours(high));
        let low_value = join(_mm_cvtsi128_si64(halves) as u64);
        let value = if len <= 16 {
            strip_zeros(low_value, 16 - len)
        } else {
            let high_value = join(_mm_cvtsi128_si64(_mm_srli_si128::<8>(halves)) as u64);
            low_value * POW10[len - 16] + strip_zeros(high_value, 32 - len)
        };
        Some((value, negative, frac_digits as u32, len))
    }

    /// `10^k` for the at most 5 digits of a plain decimal in the second half.
    const POW10: [u64; 6] = [1, 10, 100, 1_000, 10_000, 100_000];

    #[target_feature(enable = "sse2")]
    #[inline]
    fn backslash_mask(chunk: &[u8; 16]) -> u32 {
        _mm_movemask_epi8(_mm_cmpeq_epi8(load(chunk), _mm_set1_epi8(b'\\' as i8))) as u32
    }

    #[target_feature(enable = "sse2")]
    #[inline]
    fn whitespace_mask(chunk: &[u8; 16]) -> u32 {
        let v = load(chunk);
        let space = _mm_cmpeq_epi8(v, _mm_set1_epi8(b' ' as i8));
        let newline = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\n' as i8));
        let cr = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\r' as i8));
        let tab = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\t' as i8));
        _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(space, newline), _mm_or_si128(cr, tab))) as u32
    }

    /// One chunk as a vector, loaded as two little-endian words through a reference
    /// (LLVM folds them into one unaligned load), so no raw pointer is involved.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn load(chunk: &[u8; 16]) -> __m128i {
        let [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p] = *chunk;
        let lo = u64::from_le_bytes([a, b, c, d, e, f, g, h]);
        let hi = u64::from_le_bytes([i, j, k, l, m, n, o, p]);
        _mm_set_epi64x(hi as i64, lo as i64)
    }

    /// The two masks of one 16-byte chunk.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn masks(chunk: &[u8; 16]) -> (u32, u32) {
        let v = load(chunk);
        let quote = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'"' as i8));
        let backslash = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\\' as i8));
        // Unsigned `b < 0x20` is `min(b, 0x1f) == b`.
        let control = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1f)), v);
        let special = _mm_or_si128(_mm_or_si128(quote, backslash), control);
        (_mm_movemask_epi8(special) as u32, _mm_movemask_epi8(v) as u32)
    }
}

/// Whether the AVX2 loops of [`avx2`] may run on this CPU (see the module docs).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn avx2() -> bool {
    #[cfg(target_feature = "avx2")]
    return true;
    #[cfg(all(not(target_feature = "avx2"), feature = "std"))]
    return std::is_x86_feature_detected!("avx2");
    #[cfg(all(not(target_feature = "avx2"), not(feature = "std")))]
    return false;
}

/// The reader's whitespace skip: the AVX2 loop where the build enables AVX2, else the
/// portable [`skip_ws_run`](super::reader::skip_ws_run).
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[inline(always)]
pub(crate) fn skip_ws(input: &[u8], pos: usize) -> usize {
    // SAFETY: this build enables AVX2 (the `cfg`), so every CPU it runs on has it.
    unsafe { avx2::skip_ws(input, pos) }
}

/// The reader's whitespace skip, through a function pointer resolved on the first call
/// to the AVX2 loop or the portable [`skip_ws_run`](super::reader::skip_ws_run). A run of
/// whitespace is a few bytes (a newline and its indentation) and is skipped once per line
/// of a pretty document, so the choice must cost nothing per call: an indirect call
/// replaces the direct one. (Testing [`avx2()`] at each call and calling the AVX2 loop
/// from the portable one cost twitter.json 1.5% more instructions, callgrind.)
#[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
#[inline(always)]
pub(crate) fn skip_ws(input: &[u8], pos: usize) -> usize {
    use core::sync::atomic::{AtomicPtr, Ordering};
    type Skip = unsafe fn(&[u8], usize) -> usize;
    /// Until the first call, `resolve`; then the chosen loop. Only ever holds a `Skip`.
    static SKIP: AtomicPtr<()> = AtomicPtr::new(resolve as Skip as *mut ());
    fn resolve(input: &[u8], pos: usize) -> usize {
        let chosen: Skip = if avx2() { avx2::skip_ws } else { super::reader::skip_ws_run };
        SKIP.store(chosen as *mut (), Ordering::Relaxed);
        // SAFETY: `avx2::skip_ws` is chosen only when `avx2()` says the CPU has AVX2;
        // `skip_ws_run` has no precondition.
        unsafe { chosen(input, pos) }
    }
    let skip = SKIP.load(Ordering::Relaxed);
    // SAFETY: `SKIP` only ever holds a `Skip` cast to a pointer (its initial value and
    // the one store above), so casting back gives that function; the functions it can be
    // are `resolve` and `skip_ws_run`, which have no precondition, and `avx2::skip_ws`,
    // stored only after `avx2()` said the CPU has AVX2.
    unsafe { core::mem::transmute::<*mut (), Skip>(skip)(input, pos) }
}

/// The reader's whitespace skip: the portable one (no vector loop on this target).
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(crate) fn skip_ws(input: &[u8], pos: usize) -> usize {
    super::reader::skip_ws_run(input, pos)
}

/// The 32-byte loops. Each is a safe function with `#[target_feature(enable = "avx2")]`:
/// calling one is `unsafe` outside such a function, and sound exactly when [`avx2()`]
/// returned `true`, which every caller checks first.
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2 {
    use core::arch::x86_64::{
        __m256i, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_min_epu8, _mm256_movemask_epi8, _mm256_or_si256,
        _mm256_set1_epi8, _mm256_setr_epi8, _mm256_shuffle_epi8,
    };

    use super::super::reader::skip_ws_run;
    use super::super::string::{self, ScanError, Scanned};

    /// The 32 bytes at `pos`, if there are 32.
    #[inline(always)]
    fn chunk32(input: &[u8], pos: usize) -> Option<&[u8; 32]> {
        input.get(pos..)?.first_chunk::<32>()
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn load(chunk: &[u8; 32]) -> __m256i {
        // SAFETY: `chunk` is a reference to 32 initialized bytes, so the pointer is valid
        // for a 32-byte read, and `loadu` has no alignment requirement.
        unsafe { _mm256_loadu_si256(chunk.as_ptr().cast()) }
    }

    /// A bit mask of the bytes of `chunk` that are `"`, `\` or below 0x20, and a bit mask
    /// of those with the high bit set.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn special_and_high(chunk: &[u8; 32]) -> (u32, u32) {
        let v = load(chunk);
        let quote = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'"' as i8));
        let backslash = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'\\' as i8));
        // Unsigned `b < 0x20` is `min(b, 0x1f) == b`.
        let control = _mm256_cmpeq_epi8(_mm256_min_epu8(v, _mm256_set1_epi8(0x1f)), v);
        let special = _mm256_or_si256(_mm256_or_si256(quote, backslash), control);
        (_mm256_movemask_epi8(special) as u32, _mm256_movemask_epi8(v) as u32)
    }

    /// A bit mask of the bytes of `chunk` that are JSON whitespace, with one table lookup:
    /// the four whitespace bytes have distinct low nibbles (0x20, 0x09, 0x0a, 0x0d), so a
    /// byte is whitespace exactly when it equals the table's entry for its low nibble.
    /// The other entries are 0xff, which no byte below 0x80 equals, and `shuffle` gives 0
    /// for a byte with its high bit set, which no such byte equals.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn whitespace(chunk: &[u8; 32]) -> u32 {
        const X: i8 = -1;
        #[rustfmt::skip]
        let table = _mm256_setr_epi8(
            0x20, X, X, X, X, X, X, X, X, 0x09, 0x0a, X, X, 0x0d, X, X,
            0x20, X, X, X, X, X, X, X, X, 0x09, 0x0a, X, X, 0x0d, X, X,
        );
        let v = load(chunk);
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_shuffle_epi8(table, v), v)) as u32
    }

    /// [`string::scan_string`], 32 bytes a step.
    #[target_feature(enable = "avx2")]
    pub(crate) fn scan_string(input: &[u8], start: usize) -> Result<Scanned, ScanError> {
        let mut pos = start;
        let mut escaped = false;
        // The high bits of the bytes passed, one per byte.
        let mut high = 0u32;
        while let Some(chunk) = chunk32(input, pos) {
            let (special, chunk_high) = special_and_high(chunk);
            if special == 0 {
                high |= chunk_high;
                pos += 32;
                continue;
            }
            let index = special.trailing_zeros();
            // Only the bytes before the special one belong to this run (`index < 32`).
            high |= chunk_high & ((1u32 << index) - 1);
            let at = pos + index as usize;
            match input[at] {
                b'"' => return Ok(Scanned { end: at, escaped, ascii: high == 0 }),
                b'\\' => {
                    escaped = true;
                    pos = at + 2;
                    if pos > input.len() {
                        return Err(ScanError::Eof);
                    }
                }
                _ => return Err(ScanError::Control(at)),
            }
        }
        string::scan_from(input, pos, escaped, high == 0)
    }

    /// The whitespace skip of the reader, 32 bytes a step.
    #[target_feature(enable = "avx2")]
    pub(crate) fn skip_ws(input: &[u8], mut pos: usize) -> usize {
        while let Some(chunk) = chunk32(input, pos) {
            let other = !whitespace(chunk);
            if other != 0 {
                return pos + other.trailing_zeros() as usize;
            }
            pos += 32;
        }
        skip_ws_run(input, pos)
    }
}

/// Every path of every scan against a byte-at-a-time reference, on the same inputs: one
/// interesting byte at every offset of bodies that cross the 8-, 16- and 32-byte steps,
/// from several starting offsets, and with the end of the input right after it (the SWAR
/// and single-byte tails). Under Miri, fewer lengths.
#[cfg(test)]
mod tests {
    use alloc::vec;
    use alloc::vec::Vec;

    use super::super::reader::skip_ws_run;
    use super::super::string::tests::reference_scan;
    use super::super::string::{self, ScanError, Scanned};
    use super::*;

    fn lengths() -> Vec<usize> {
        if cfg!(miri) {
            vec![0, 7, 16, 17, 31, 32, 33, 65]
        } else {
            (0..100).collect()
        }
    }

    /// Under Miri, a few values of a test dimension; otherwise all of them.
    fn few<T: Copy>(all: &[T], miri: &[T]) -> Vec<T> {
        if cfg!(miri) {
            miri.to_vec()
        } else {
            all.to_vec()
        }
    }

    /// Each scan path available on this machine, by name.
    #[allow(clippy::type_complexity)]
    fn scan_paths() -> Vec<(&'static str, fn(&[u8], usize) -> Result<Scanned, ScanError>)> {
        let mut paths: Vec<(&'static str, fn(&[u8], usize) -> Result<Scanned, ScanError>)> = vec![
            ("portable", |input, start| string::scan_from(input, start, false, true)),
            ("dispatched", string::scan_string),
        ];
        #[cfg(target_arch = "x86_64")]
        if avx2() {
            // SAFETY: `avx2()` returned true: the CPU has AVX2.
            paths.push(("avx2", |input, start| unsafe { avx2::scan_string(input, start) }));
        }
        paths
    }

    #[test]
    fn string_scans_agree_with_the_reference() {
        let paths = scan_paths();
        for lead in few(&[0, 1, 2], &[1]) {
            for len in lengths() {
                for at in 0..len {
                    for b in
                        few(&[b'"', b'\\', 0x00, 0x1f, 0x20, 0x7f, 0x80, 0xc3, 0xff, b'a'], &[b'"', b'\\', 0x1f, 0x80])
                    {
                        let mut body = vec![b'x'; len];
                        body[at] = b;
                        // A second non-ASCII byte or escape later on, past the first step.
                        if at + 33 < len {
                            body[at + 33] = if b == b'\\' { b'\\' } else { 0xe9 };
                        }
                        for tail in few(&[&b"\""[..], b"", b"\"\xff", b"\\"], &[&b"\""[..], b""]) {
                            let input = [&b"   "[..lead], &body, tail].concat();
                            let want = reference_scan(&input, lead);
                            for (name, scan) in &paths {
                                assert_eq!(scan(&input, lead), want, "{name}: {input:?}");
                            }
                        }
                    }
                }
            }
        }
    }

    fn reference_ws(input: &[u8], mut pos: usize) -> usize {
        while input.get(pos).is_some_and(|b| matches!(b, b' ' | b'\n' | b'\r' | b'\t')) {
            pos += 1;
        }
        pos
    }

    #[test]
    fn whitespace_skips_agree_with_the_reference() {
        type Skip = fn(&[u8], usize) -> usize;
        let mut paths: Vec<(&'static str, Skip)> = vec![("portable", skip_ws_run), ("dispatched", skip_ws)];
        #[cfg(target_arch = "x86_64")]
        if avx2() {
            // SAFETY: `avx2()` returned true: the CPU has AVX2.
            paths.push(("avx2", |input, pos| unsafe { avx2::skip_ws(input, pos) }));
        }
        // Every byte ends a run, in every lane (under Miri, the bytes near the four).
        let all: Vec<u8> = (0..=255).collect();
        let stops = few(&all, &[0, 0x09, 0x0b, 0x0d, 0x20, 0x2d, 0x89, 0xa0]);
        for lead in few(&[0, 1, 2], &[1]) {
            for len in lengths() {
                for &stop in &stops {
                    // The run mixes the four whitespace bytes.
                    let run: Vec<u8> = (0..len).map(|i| b" \n \r\t   "[i % 8]).collect();
                    for tail in [&[stop][..], &[stop, b'x'], b""] {
                        let input = [&b"{{{"[..lead], &run, tail].concat();
                        let want = reference_ws(&input, lead);
                        for (name, skip) in &paths {
                            assert_eq!(skip(&input, lead), want, "{name}: {input:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn backslash_search_agrees_with_the_reference() {
        for len in lengths() {
            for at in 0..=len {
                for other in few(&[b'"', 0x00, 0x5b, 0x5d, 0xdc, b'a'], &[0x5b, 0xdc]) {
                    let mut raw: Vec<u8> =
                        (0..len).map(|i| if i % 3 == 0 { other } else { b'a' + (i % 26) as u8 }).collect();
                    if at < len {
                        raw[at] = b'\\';
                    }
                    for from in [0, 1, at.saturating_sub(1), at] {
                        let want = raw.iter().skip(from).position(|&b| b == b'\\').map(|i| from + i);
                        assert_eq!(string::find_backslash(&raw, from), want, "{raw:?} from {from}");
                    }
                }
            }
        }
    }

    /// The 16-digit step reads exactly the leading run: every run length, every digit in
    /// every lane, and whatever follows the run (digits after a `.` or `,` included, so a
    /// lane past the run never leaks in), against a byte loop.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn digit_runs_agree_with_a_byte_loop() {
        let reference = |chunk: &[u8]| {
            let count = chunk.iter().take_while(|b| b.is_ascii_digit()).count();
            let value = chunk[..count].iter().fold(0u64, |v, &b| v * 10 + u64::from(b - b'0'));
            (value, count as u32)
        };
        let mut next = crate::test_rng::xorshift(0x9e37_79b9_7f4a_7c15_u64);
        let rounds = if cfg!(miri) { 20 } else { 20_000 };
        for round in 0..rounds {
            for count in 0..=16 {
                let mut chunk = [0u8; 17];
                for b in chunk.iter_mut() {
                    *b = b'0' + (next() % 10) as u8;
                }
                // Extremes: all nines and all zeros, then random digits.
                if round == 0 {
                    chunk = [b'9'; 17];
                } else if round == 1 {
                    chunk = [b'0'; 17];
                }
                let stops = [b'.', b',', b'e', b'/', b':', b' ', 0x00, 0xff, b'0' - 1, b'9' + 1];
                if count < 16 {
                    chunk[count] = stops[(next() % stops.len() as u64) as usize];
                }
                for from in [0, 1] {
                    let want = reference(&chunk[from..from + 16]);
                    assert_eq!(sse2::digits_16(&chunk, from), Some(want), "{chunk:?} from {from}");
                }
            }
        }
        assert_eq!(sse2::digits_16(b"123456789012345", 0), None, "fewer than 16 bytes");
    }

    /// The plain-decimal step accepts exactly its form and reads every digit: every
    /// integer and fraction length around its limits (15 integer digits, 19 in all, the
    /// 16-lane halves), leading zeros, a missing fraction, and what may follow, against a
    /// byte-level reference.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn plain_decimals_agree_with_a_byte_level_reference() {
        fn reference(chunk: &[u8]) -> Option<(u64, bool, u32, usize)> {
            let negative = chunk[0] == b'-';
            let body = &chunk[usize::from(negative)..];
            let int = body.iter().take_while(|b| b.is_ascii_digit()).count();
            if !(1..=15 - usize::from(negative)).contains(&int) || body[int] != b'.' || (body[0] == b'0' && int > 1) {
                return None;
            }
            let frac = body[int + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
            let len = usize::from(negative) + int + 1 + frac;
            if frac == 0 || int + frac > 19 || len >= chunk.len() || chunk[len] == b'.' {
                return None;
            }
            let digits = body[..int].iter().chain(&body[int + 1..int + 1 + frac]);
            Some((digits.fold(0u64, |v, &b| v * 10 + u64::from(b - b'0')), negative, frac as u32, len))
        }
        let mut next = crate::test_rng::xorshift(0x2545_f491_4f6c_dd1d_u64);
        let rounds = if cfg!(miri) { 2 } else { 200 };
        let mut accepted = 0;
        for round in 0..rounds {
            for int in 0..=17 {
                for frac in 0..=21 {
                    let mut text: Vec<u8> = (0..41).map(|_| b'0' + (next() % 10) as u8).collect();
                    // A sign in every third round.
                    let sign = usize::from(round % 3 == 2);
                    match round % 4 {
                        0 => text.iter_mut().for_each(|b| *b = b'9'),
                        1 => text[sign] = b'0',
                        _ => {}
                    }
                    text[0] = if sign == 1 { b'-' } else { text[0] };
                    text[sign + int] = b'.';
                    let stops = [b',', b']', b'e', b'E', b'.', b' ', b'-', 0xff];
                    if sign + int + 1 + frac < 41 {
                        text[sign + int + 1 + frac] = stops[(next() % stops.len() as u64) as usize];
                    }
                    let want = reference(&text[..32]);
                    accepted += usize::from(want.is_some());
                    assert_eq!(sse2::plain_decimal_32(&text, 0), want, "{:?}", core::str::from_utf8(&text));
                }
            }
        }
        assert!(accepted > rounds * 50, "the plain form was met {accepted} times");
        let pad = |t: &[u8]| [t, &[b' '; 32][..]].concat();
        for odd in [&b"+1.5"[..], b".5", b"-.5", b"--1.5", b"-01.5", b"-0.5", b"1.5.5", b"1e5", b"-", b"x1.5"] {
            let text = pad(odd);
            assert_eq!(sse2::plain_decimal_32(&text, 0), reference(&text[..32]), "{odd:?}");
        }
        assert_eq!(sse2::plain_decimal_32(&pad(b"-0.5"), 0), Some((5, true, 1, 4)));
        assert_eq!(sse2::plain_decimal_32(b"1.5,                           ", 0), None, "fewer than 32 bytes");
    }

    /// The ASCII flag is what lets a clean string skip UTF-8 validation: a byte that breaks
    /// UTF-8 anywhere in a string, on either side of every step boundary, is an error.
    #[test]
    fn invalid_utf8_at_every_offset_is_an_error() {
        for len in lengths().into_iter().filter(|&l| l > 0) {
            for at in 0..len {
                for bad in few(&[&b"\xff"[..], b"\xc3", b"\xe9\x80", b"\x80"], &[&b"\xc3"[..]]) {
                    let mut body = vec![b'a'; len];
                    body.splice(at..at + 1, bad.iter().copied());
                    let doc = [&b"\""[..], &body, b"\""].concat();
                    let err = crate::json::from_slice::<alloc::string::String>(&doc).unwrap_err();
                    assert!(matches!(err.kind(), crate::ErrorKind::InvalidUtf8), "{doc:?}: {err}");
                    let escaped = [&b"\"\\n"[..], &body, b"\""].concat();
                    let err = crate::json::from_slice::<alloc::string::String>(&escaped).unwrap_err();
                    assert!(matches!(err.kind(), crate::ErrorKind::InvalidUtf8), "{escaped:?}: {err}");
                }
            }
        }
    }
}
