//! The integer printer: the decimal digits of a `u64` eight at a time in one SWAR word,
//! stored straight into the writer's buffer.
//!
//! `itoa` (behind [`JsonWriter::write_int`](super::JsonWriter::write_int), kept for the
//! 128-bit types) produces two digits per table lookup and division into a buffer of its
//! own, which the writer then copies. Here one multiply-shift round splits a number below
//! 10^8 into two four-digit halves, a second into 2-digit lanes and a third into digits,
//! every lane at once, and the leading zeros go with one shift: no loop, no table, no
//! copy. Callgrind, citm_catalog's encoding: 55 instructions per `u32` in `itoa`, plus the
//! copy.

/// How many bytes [`write_u64`] and [`write_i64`] may store from their `dst`: the 20
/// digits of `u64::MAX`, or a sign and 19 digits, rounded up to whole words.
pub(crate) const INT_ROOM: usize = 24;

const ASCII_ZEROS: u64 = 0x3030_3030_3030_3030;

/// The eight decimal digits of `v` (below 10^8, leading zeros included) as byte values
/// 0 to 9 in a little-endian word: the most significant digit in the lowest byte, so the
/// word stored as is reads in order.
#[inline(always)]
fn digits8(v: u32) -> u64 {
    debug_assert!(v < 100_000_000);
    // Each step divides every lane at once by multiplying with a rounded-up reciprocal;
    // the products stay inside their lanes (9999 * 10486 < 2^32, 99 * 103 < 2^16).
    let halves = u64::from(v / 10_000) | u64::from(v % 10_000) << 32;
    let hundreds = ((halves * 10_486) >> 20) & 0x0000_007f_0000_007f;
    let pairs = hundreds | (halves - hundreds * 100) << 16;
    let tens = ((pairs * 103) >> 10) & 0x000f_000f_000f_000f;
    tens | (pairs - tens * 10) << 8
}

/// Stores `word` (eight bytes) at `dst`.
///
/// # Safety
///
/// `dst` is valid for writes of eight bytes.
#[inline(always)]
unsafe fn store8(dst: *mut u8, word: u64) {
    // SAFETY: the caller's contract.
    unsafe { dst.cast::<[u8; 8]>().write_unaligned(word.to_le_bytes()) }
}

/// Writes `v` (below 10^8) without leading zeros at `dst` and returns its length; one
/// word is stored, so up to eight bytes at `dst` change.
///
/// # Safety
///
/// `dst` is valid for writes of eight bytes.
#[inline(always)]
unsafe fn write_below_1e8(v: u32, dst: *mut u8) -> usize {
    if v < 100 {
        // One or two digits (small counts, and the head of a 9- or 10-digit number): the
        // eight-digit rounds would mostly make zeros.
        let tens = (v * 103) >> 10;
        let pair = (0x3030 | tens | (v - tens * 10) << 8) as u16;
        let lead = usize::from(v < 10);
        // SAFETY: the caller's contract (two of its eight bytes).
        unsafe { dst.cast::<[u8; 2]>().write_unaligned((pair >> (8 * lead)).to_le_bytes()) };
        return 2 - lead;
    }
    let digits = digits8(v);
    // Leading zeros are the low zero bytes (`v >= 100`: at least one byte is not zero).
    let lead = (digits.trailing_zeros() / 8) as usize;
    // SAFETY: the caller's contract.
    unsafe { store8(dst, (digits + ASCII_ZEROS) >> (8 * lead)) };
    8 - lead
}

/// Writes the decimal digits of `v` at `dst` and returns how many there are (1 to 20).
///
/// # Safety
///
/// `dst` is valid for writes of [`INT_ROOM`] bytes; those past the returned length are
/// unspecified afterwards.
#[inline(always)]
pub(crate) unsafe fn write_u64(v: u64, dst: *mut u8) -> usize {
    const E8: u64 = 100_000_000;
    // SAFETY (all three branches): the stores below end at most 20 bytes after `dst`:
    // a head of at most 8 bytes' extent, then whole 8-digit words right after its
    // `head` digits (at most 4 of them before two words), inside `INT_ROOM`.
    unsafe {
        if v < E8 {
            write_below_1e8(v as u32, dst)
        } else if v < E8 * E8 {
            let head = write_below_1e8((v / E8) as u32, dst);
            store8(dst.add(head), digits8((v % E8) as u32) + ASCII_ZEROS);
            head + 8
        } else {
            let rest = v % (E8 * E8);
            let head = write_below_1e8((v / (E8 * E8)) as u32, dst);
            store8(dst.add(head), digits8((rest / E8) as u32) + ASCII_ZEROS);
            store8(dst.add(head + 8), digits8((rest % E8) as u32) + ASCII_ZEROS);
            head + 16
        }
    }
}

/// An integer this printer writes: the writer's one path for both, with `itoa`'s
/// exact-length path where the buffer lacks [`INT_ROOM`].
///
/// # Safety
///
/// An implementation's [`print_to`](Self::print_to) stores at most [`INT_ROOM`] bytes at `dst`
/// and returns how many of them, from the first, now hold the number's text.
pub(crate) unsafe trait Printed: itoa::Integer + Copy {
    /// Writes `self` at `dst` and returns its length.
    ///
    /// # Safety
    ///
    /// `dst` is valid for writes of [`INT_ROOM`] bytes.
    unsafe fn print_to(self, dst: *mut u8) -> usize;
}

// SAFETY: `write_u64`'s stores stay inside `INT_ROOM` and it returns the digit count.
unsafe impl Printed for u64 {
    #[inline(always)]
    unsafe fn print_to(self, dst: *mut u8) -> usize {
        // SAFETY: the caller's contract, which is `write_u64`'s.
        unsafe { write_u64(self, dst) }
    }
}

// SAFETY: as for `u64`, with `write_i64`'s sign included in its length.
unsafe impl Printed for i64 {
    #[inline(always)]
    unsafe fn print_to(self, dst: *mut u8) -> usize {
        // SAFETY: the caller's contract, which is `write_i64`'s.
        unsafe { write_i64(self, dst) }
    }
}

/// Writes `v` in decimal, with a `-` when negative, at `dst` and returns its length.
///
/// # Safety
///
/// As for [`write_u64`]: `dst` is valid for writes of [`INT_ROOM`] bytes.
#[inline(always)]
pub(crate) unsafe fn write_i64(v: i64, dst: *mut u8) -> usize {
    let negative = usize::from(v < 0);
    // SAFETY: the sign takes the first byte (overwritten by the digits when there is
    // none); the digits, at most 19 for an `i64`, then end at most 20 bytes after `dst`
    // (their stores at most 1 + 19 = 20), inside `INT_ROOM`.
    unsafe {
        dst.write(b'-');
        negative + write_u64(v.unsigned_abs(), dst.add(negative))
    }
}

#[cfg(test)]
mod tests {
    use alloc::string::ToString;
    use alloc::vec;

    use super::*;

    fn print<I: Printed + core::fmt::Display>(v: I) -> alloc::vec::Vec<u8> {
        let mut out = vec![0xaa_u8; INT_ROOM + 8];
        // SAFETY: `out` has more than `INT_ROOM` bytes.
        let n = unsafe { v.print_to(out.as_mut_ptr()) };
        assert!(out[INT_ROOM..].iter().all(|&b| b == 0xaa), "{v} wrote past INT_ROOM");
        out.truncate(n);
        out
    }

    /// Every power of ten and its neighbours (each digit count's first and last value),
    /// the extremes, and random values of every length, against `to_string`.
    #[test]
    fn integers_print_as_to_string() {
        let mut cases = vec![0u64, 1, 9, u64::MAX, u64::MAX - 1, i64::MAX as u64, 1 << 63];
        let mut p = 1u64;
        while let Some(next) = p.checked_mul(10) {
            cases.extend([p - 1, p, p + 1, next / 2, 2 * p - 1]);
            p = next;
        }
        cases.extend([p - 1, p, p + 1]);
        let mut next = crate::test_rng::xorshift(0x1e8_1e16);
        let rounds = if cfg!(miri) { 200 } else { 200_000 };
        for _ in 0..rounds {
            let r = next();
            cases.push(r >> (r % 64));
        }
        for &v in &cases {
            assert_eq!(print(v), v.to_string().as_bytes(), "{v}");
            for s in [v as i64, (v as i64).wrapping_neg(), (v >> 1) as i64, -((v >> 1) as i64)] {
                assert_eq!(print(s), s.to_string().as_bytes(), "{s}");
            }
        }
        assert_eq!(print(i64::MIN), b"-9223372036854775808");
    }

    /// `digits8` against plain division for every value below 10^8 that a stride of 7
    /// reaches, and every value below 10^5 (the lane boundaries of its two rounds).
    #[test]
    fn eight_digits_at_once() {
        let check = |v: u32| {
            let digits = digits8(v).to_le_bytes();
            let mut want = [0u8; 8];
            let mut rest = v;
            for d in want.iter_mut().rev() {
                *d = (rest % 10) as u8;
                rest /= 10;
            }
            assert_eq!(digits, want, "{v}");
        };
        let (stride, small) = if cfg!(miri) { (99_991, 1_000) } else { (7, 100_000) };
        (0..small).for_each(check);
        (0..100_000_000).step_by(stride).for_each(check);
        check(99_999_999);
    }
}
