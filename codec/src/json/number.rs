//! JSON numbers: integers without a float detour, floats correctly rounded.
//!
//! Integers accumulate digit by digit with overflow checks in the target width (u64 or
//! u128), and a literal with a fraction or exponent is a type error for an integer field
//! rather than something silently truncated. Floats are always the nearest value, never
//! the last-bit error of a fast-but-wrong parser, by three exact paths tried in order:
//! Clinger's (mantissa and power of ten both exact in the float type: one IEEE operation
//! rounds correctly), then Eisel-Lemire (up to 19 digits times a 128-bit power of five
//! from `pow5.rs`: one or two 64-bit multiplications, and a check that sends the rare
//! ambiguous product on; this covers the 16 to 17 digit coordinates of GeoJSON), and
//! only then the standard library's parser (more than 19 digits, or what Eisel-Lemire
//! declines).

use super::pow5::{LARGEST_POWER, POW5_128, SMALLEST_POWER};
pub(crate) use crate::reader::ParsedNumber;

// Every exponent either format sends to the table has an entry.
const _: () = assert!(F64.smallest_power >= SMALLEST_POWER && F64.largest_power <= LARGEST_POWER);
const _: () = assert!(F32.smallest_power >= SMALLEST_POWER && F32.largest_power <= LARGEST_POWER);

/// Why a number was rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NumberError {
    /// Not a JSON number at this absolute offset.
    Syntax(usize, &'static str),
    /// A well-formed number with a fraction or exponent where an integer was wanted.
    NotInteger,
    /// A well-formed number the target type cannot hold.
    OutOfRange,
    /// A literal longer than the configured limit (checked before the slow exact path).
    TooLong,
}

#[inline(always)]
fn digit(input: &[u8], pos: usize) -> Option<u8> {
    match input.get(pos) {
        Some(&b) if b.is_ascii_digit() => Some(b - b'0'),
        _ => None,
    }
}

const LANES_LO: u64 = 0x0101_0101_0101_0101;
const LANES_HI: u64 = 0x8080_8080_8080_8080;

/// How many of the eight bytes of `word` (first byte in the lowest lane) are ASCII digits
/// before the first byte that is not: 0 to 8.
#[inline(always)]
fn leading_digits(word: u64) -> u32 {
    // A byte is a digit iff its high nibble is 3 and, after adding 6, still 3.
    let t = (word & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030;
    let u = (word.wrapping_add(0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030;
    let x = t | u;
    // Lanes where `x` is non-zero, exactly (a carry from `+ 6` can only reach a lane
    // above a non-digit, and only the lowest flagged lane is used).
    let nonzero = ((x & !LANES_HI).wrapping_add(!LANES_HI) | x) & LANES_HI;
    if nonzero == 0 {
        8
    } else {
        nonzero.trailing_zeros() / 8
    }
}

/// The value of the eight digit bytes in `digits` (already minus `'0'`, first digit in the
/// lowest lane): three multiply-add steps fold neighbours into pairs, pairs of pairs, and
/// the two halves.
#[inline(always)]
fn fold_eight(digits: u64) -> u64 {
    let v = digits.wrapping_mul(10).wrapping_add(digits >> 8);
    let pairs_a = (v & 0x0000_00FF_0000_00FF).wrapping_mul(100 + (1_000_000 << 32));
    let pairs_b = ((v >> 16) & 0x0000_00FF_0000_00FF).wrapping_mul(1 + (10_000 << 32));
    pairs_a.wrapping_add(pairs_b) >> 32
}

/// Accumulates the digits from `pos` into `acc` (wrapping: callers only trust the result
/// when they know the digit count is small enough) and returns the end.
///
/// SWAR: each eight-byte load counts its leading digits and folds them in one go (the
/// digits are shifted to the top lanes so the lanes below read as leading zeros), so a
/// 17-digit coordinate costs three steps instead of seventeen.
#[inline(always)]
fn accumulate_digits(input: &[u8], mut pos: usize, acc: &mut u64) -> usize {
    // Where SSE2 is the baseline, 16 digits a step first (`simd.rs`); the SWAR words
    // below then only meet the last 15 bytes of the input.
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    while let Some((value, count)) = super::simd::sse2::digits_16(input, pos) {
        *acc = acc.wrapping_mul(POW10_U64[count as usize]).wrapping_add(value);
        pos += count as usize;
        if count < 16 {
            return pos;
        }
    }
    while let Some(chunk) = input.get(pos..pos + 8) {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(chunk);
        let word = u64::from_le_bytes(bytes);
        let count = leading_digits(word);
        if count == 0 {
            return pos;
        }
        let unused = 8 * (8 - count);
        let digits = (word << unused).wrapping_sub((LANES_LO * b'0' as u64) << unused);
        *acc = acc.wrapping_mul(POW10_U64[count as usize]).wrapping_add(fold_eight(digits));
        pos += count as usize;
        if count < 8 {
            return pos;
        }
    }
    while let Some(d) = digit(input, pos) {
        *acc = acc.wrapping_mul(10).wrapping_add(d as u64);
        pos += 1;
    }
    pos
}

/// Checks the fraction and exponent grammar from `pos` and returns the end of the number.
fn scan_fraction_exponent(input: &[u8], mut pos: usize) -> Result<usize, NumberError> {
    if input.get(pos) == Some(&b'.') {
        pos += 1;
        if digit(input, pos).is_none() {
            return Err(NumberError::Syntax(pos, "expected a digit after the decimal point"));
        }
        while digit(input, pos).is_some() {
            pos += 1;
        }
    }
    if let Some(b'e' | b'E') = input.get(pos) {
        pos += 1;
        if let Some(b'+' | b'-') = input.get(pos) {
            pos += 1;
        }
        if digit(input, pos).is_none() {
            return Err(NumberError::Syntax(pos, "expected a digit in the exponent"));
        }
        while digit(input, pos).is_some() {
            pos += 1;
        }
    }
    Ok(pos)
}

macro_rules! unsigned_parser {
    ($name:ident, $t:ty) => {
        /// Parses the digits of a non-negative integer at `pos` (no sign), returning the
        /// value and the end offset.
        #[inline]
        pub(crate) fn $name(input: &[u8], pos: usize) -> Result<($t, usize), NumberError> {
            let Some(first) = digit(input, pos) else {
                return Err(NumberError::Syntax(pos, "expected a digit"));
            };
            let mut end = pos + 1;
            let mut value = first as $t;
            if first == 0 {
                if digit(input, end).is_some() {
                    return Err(NumberError::Syntax(end, "leading zeros are not allowed"));
                }
            } else {
                let mut overflow = false;
                while let Some(d) = digit(input, end) {
                    match value.checked_mul(10).and_then(|v| v.checked_add(d as $t)) {
                        Some(v) => value = v,
                        None => overflow = true,
                    }
                    end += 1;
                }
                if overflow {
                    // Finish the grammar check first so that `1e5x` reports the syntax.
                    scan_fraction_exponent(input, end)?;
                    return Err(NumberError::OutOfRange);
                }
            }
            if let Some(b'.' | b'e' | b'E') = input.get(end) {
                scan_fraction_exponent(input, end)?;
                return Err(NumberError::NotInteger);
            }
            Ok((value, end))
        }
    };
}

unsigned_parser!(parse_u64_digits_careful, u64);
unsigned_parser!(parse_u128_digits, u128);

/// Parses the digits of a non-negative integer at `pos` (no sign) into a `u64`, returning
/// the value and the end offset. Up to 19 digits cannot overflow, so they accumulate
/// unchecked (eight at a time); a longer literal takes the checked path.
#[inline]
pub(crate) fn parse_u64_digits(input: &[u8], pos: usize) -> Result<(u64, usize), NumberError> {
    match digit(input, pos) {
        Some(1..=9) => {}
        _ => return parse_u64_digits_careful(input, pos),
    }
    let mut value = 0u64;
    let end = accumulate_digits(input, pos, &mut value);
    if end - pos > 19 {
        return parse_u64_digits_careful(input, pos);
    }
    if let Some(b'.' | b'e' | b'E') = input.get(end) {
        scan_fraction_exponent(input, end)?;
        return Err(NumberError::NotInteger);
    }
    Ok((value, end))
}

/// Parses an integer with an optional leading `-`, returning (negative, magnitude, end).
#[inline]
pub(crate) fn parse_u64_signed(input: &[u8], pos: usize) -> Result<(bool, u64, usize), NumberError> {
    if input.get(pos) == Some(&b'-') {
        let (v, end) = parse_u64_digits(input, pos + 1)?;
        Ok((true, v, end))
    } else {
        let (v, end) = parse_u64_digits(input, pos)?;
        Ok((false, v, end))
    }
}

/// As [`parse_u64_signed`], in 128 bits.
#[inline]
pub(crate) fn parse_u128_signed(input: &[u8], pos: usize) -> Result<(bool, u128, usize), NumberError> {
    if input.get(pos) == Some(&b'-') {
        let (v, end) = parse_u128_digits(input, pos + 1)?;
        Ok((true, v, end))
    } else {
        let (v, end) = parse_u128_digits(input, pos)?;
        Ok((false, v, end))
    }
}

/// Validates the number grammar at `pos` and returns its end, without converting.
#[inline]
pub(crate) fn skip_number(input: &[u8], mut pos: usize) -> Result<usize, NumberError> {
    if input.get(pos) == Some(&b'-') {
        pos += 1;
    }
    match digit(input, pos) {
        None => return Err(NumberError::Syntax(pos, "expected a digit")),
        Some(0) => {
            pos += 1;
            if digit(input, pos).is_some() {
                return Err(NumberError::Syntax(pos, "leading zeros are not allowed"));
            }
        }
        Some(_) => {
            while digit(input, pos).is_some() {
                pos += 1;
            }
        }
    }
    scan_fraction_exponent(input, pos)
}

/// The parts of a decimal literal that the fast paths need.
struct Decimal {
    negative: bool,
    /// The first 19 significant digits.
    mantissa: u64,
    /// Power of ten to apply to `mantissa`.
    exponent: i64,
    /// Whether digits beyond the first 19 were dropped.
    truncated: bool,
    /// The exact magnitude when the literal is an integer (no fraction, no exponent) that
    /// fits `u64`; computed only when [`scan_decimal_with`] is asked for it.
    integer: Option<u64>,
    end: usize,
}

/// Scans a number once. With `WANT_INT` it also reports the integer value of an integer
/// literal, so that [`parse_number`] classifies a literal in the same pass.
///
/// The common case, at most 19 digits in all, accumulates every digit unchecked (eight
/// at a time) into an exact mantissa; anything longer is rescanned by the careful path,
/// which keeps the first 19 significant digits and notes whether any were dropped.
#[inline(always)]
fn scan_decimal_with<const WANT_INT: bool>(input: &[u8], start: usize) -> Result<Option<Decimal>, NumberError> {
    // The plain form `-int.frac` in one step where it fits (`simd.rs`); anything else,
    // and every error, goes through the steps below.
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if let Some((mantissa, negative, frac_digits, len)) = super::simd::sse2::plain_decimal_32(input, start) {
        return finish_decimal::<WANT_INT>(input, negative, mantissa, -i64::from(frac_digits), false, start + len);
    }
    let mut pos = start;
    let negative = input.get(pos) == Some(&b'-');
    if negative {
        pos += 1;
    }
    let int_start = pos;
    let mut mantissa = 0u64;
    match digit(input, pos) {
        None => return Err(NumberError::Syntax(pos, "expected a digit")),
        Some(0) => {
            pos += 1;
            if digit(input, pos).is_some() {
                return Err(NumberError::Syntax(pos, "leading zeros are not allowed"));
            }
        }
        Some(_) => pos = accumulate_digits(input, pos, &mut mantissa),
    }
    let mut digits = pos - int_start;
    let mut exponent: i64 = 0;
    let mut is_integer = true;
    if input.get(pos) == Some(&b'.') {
        is_integer = false;
        pos += 1;
        if digit(input, pos).is_none() {
            return Err(NumberError::Syntax(pos, "expected a digit after the decimal point"));
        }
        let frac_start = pos;
        pos = accumulate_digits(input, pos, &mut mantissa);
        digits += pos - frac_start;
        exponent = -((pos - frac_start) as i64);
    }
    if digits > 19 {
        // The caller rescans with the careful path, out of line: keeping that path's
        // result apart keeps this one's fields in registers.
        return Ok(None);
    }
    finish_decimal::<WANT_INT>(input, negative, mantissa, exponent, is_integer, pos)
}

/// The rest of [`scan_decimal_with`] from `pos`, after the digits: an exponent, if any.
#[inline(always)]
fn finish_decimal<const WANT_INT: bool>(
    input: &[u8],
    negative: bool,
    mantissa: u64,
    mut exponent: i64,
    mut is_integer: bool,
    mut pos: usize,
) -> Result<Option<Decimal>, NumberError> {
    if let Some(b'e' | b'E') = input.get(pos) {
        is_integer = false;
        let (e, end) = scan_exponent(input, pos + 1)?;
        exponent += e;
        pos = end;
    }
    let integer = if WANT_INT && is_integer { Some(mantissa) } else { None };
    Ok(Some(Decimal { negative, mantissa, exponent, truncated: false, integer, end: pos }))
}

/// The exponent digits after `e`/`E` (from `pos`, sign included), saturated far beyond
/// every float's range, and the end offset.
#[inline(always)]
fn scan_exponent(input: &[u8], mut pos: usize) -> Result<(i64, usize), NumberError> {
    let mut negative = false;
    if let Some(&s @ (b'+' | b'-')) = input.get(pos) {
        negative = s == b'-';
        pos += 1;
    }
    if digit(input, pos).is_none() {
        return Err(NumberError::Syntax(pos, "expected a digit in the exponent"));
    }
    let mut e: i64 = 0;
    while let Some(d) = digit(input, pos) {
        if e < 1_000_000 {
            e = e * 10 + d as i64;
        }
        pos += 1;
    }
    Ok((if negative { -e } else { e }, pos))
}

/// [`scan_decimal_with`] for literals of more than 19 digits.
#[cold]
#[inline(never)]
fn scan_decimal_careful<const WANT_INT: bool>(input: &[u8], start: usize) -> Result<Decimal, NumberError> {
    let mut pos = start;
    let negative = input.get(pos) == Some(&b'-');
    if negative {
        pos += 1;
    }
    let mut mantissa: u64 = 0;
    let mut digits = 0u32;
    let mut exponent: i64 = 0;
    let mut truncated = false;
    let mut int_value: u64 = 0;
    let mut int_fits = true;
    let mut push = |d: u8, frac: bool, exponent: &mut i64| {
        if mantissa == 0 && d == 0 {
            if frac {
                *exponent -= 1;
            }
        } else if digits < 19 {
            mantissa = mantissa * 10 + d as u64;
            digits += 1;
            if frac {
                *exponent -= 1;
            }
        } else {
            truncated |= d != 0;
            if !frac {
                *exponent += 1;
            }
        }
    };
    match digit(input, pos) {
        None => return Err(NumberError::Syntax(pos, "expected a digit")),
        Some(0) => {
            pos += 1;
            if digit(input, pos).is_some() {
                return Err(NumberError::Syntax(pos, "leading zeros are not allowed"));
            }
        }
        Some(_) => {
            while let Some(d) = digit(input, pos) {
                push(d, false, &mut exponent);
                if WANT_INT && int_fits {
                    match int_value.checked_mul(10).and_then(|v| v.checked_add(d as u64)) {
                        Some(v) => int_value = v,
                        None => int_fits = false,
                    }
                }
                pos += 1;
            }
        }
    }
    let mut is_integer = true;
    if input.get(pos) == Some(&b'.') {
        is_integer = false;
        pos += 1;
        if digit(input, pos).is_none() {
            return Err(NumberError::Syntax(pos, "expected a digit after the decimal point"));
        }
        while let Some(d) = digit(input, pos) {
            push(d, true, &mut exponent);
            pos += 1;
        }
    }
    if let Some(b'e' | b'E') = input.get(pos) {
        is_integer = false;
        pos += 1;
        let mut exp_negative = false;
        if let Some(&s @ (b'+' | b'-')) = input.get(pos) {
            exp_negative = s == b'-';
            pos += 1;
        }
        if digit(input, pos).is_none() {
            return Err(NumberError::Syntax(pos, "expected a digit in the exponent"));
        }
        let mut e: i64 = 0;
        while let Some(d) = digit(input, pos) {
            // Saturate: anything past a million is already far outside every float range.
            if e < 1_000_000 {
                e = e * 10 + d as i64;
            }
            pos += 1;
        }
        exponent += if exp_negative { -e } else { e };
    }
    let integer = if WANT_INT && is_integer && int_fits { Some(int_value) } else { None };
    Ok(Decimal { negative, mantissa, exponent, truncated, integer, end: pos })
}

const POW10_F64: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
    1e21, 1e22,
];

/// Parses a JSON number at `pos` into the nearest `f64`.
#[inline]
pub(crate) fn parse_f64(input: &[u8], pos: usize, max_len: usize) -> Result<(f64, usize), NumberError> {
    match scan_decimal_with::<false>(input, pos)? {
        Some(d) => finish_f64(&d, input, pos, max_len),
        None => parse_f64_long(input, pos, max_len),
    }
}

#[inline(always)]
fn finish_f64(d: &Decimal, input: &[u8], pos: usize, max_len: usize) -> Result<(f64, usize), NumberError> {
    if d.end - pos > max_len {
        return Err(NumberError::TooLong);
    }
    Ok((f64_from_decimal(d, input, pos)?, d.end))
}

#[cold]
#[inline(never)]
fn parse_f64_long(input: &[u8], pos: usize, max_len: usize) -> Result<(f64, usize), NumberError> {
    finish_f64(&scan_decimal_careful::<false>(input, pos)?, input, pos, max_len)
}

/// The nearest `f64` to a scanned literal that starts at `pos`.
#[inline(always)]
fn f64_from_decimal(d: &Decimal, input: &[u8], pos: usize) -> Result<f64, NumberError> {
    // Clinger: an integer below 2^53 and a power of ten up to 22 are both exact doubles,
    // and one IEEE multiplication or division rounds correctly.
    if !d.truncated && d.mantissa <= 1 << 53 && (-22..=22).contains(&d.exponent) {
        let m = d.mantissa as f64;
        let v =
            if d.exponent >= 0 { m * POW10_F64[d.exponent as usize] } else { m / POW10_F64[(-d.exponent) as usize] };
        return Ok(if d.negative { -v } else { v });
    }
    if !d.truncated {
        if let Some(bits) = eisel_lemire(d.mantissa, d.exponent, &F64) {
            let v = f64::from_bits(bits);
            return Ok(if d.negative { -v } else { v });
        }
    }
    slow_parse::<f64>(&input[pos..d.end])
}

/// Powers of ten that fit a `u64`.
const POW10_U64: [u64; 20] = {
    let mut t = [1u64; 20];
    let mut i = 1;
    while i < 20 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};

/// What [`eisel_lemire`] needs to know of a binary float format.
struct FloatFormat {
    /// Stored significand bits (the leading one is implicit).
    mantissa_bits: u32,
    /// The exponent bias, negated.
    min_exponent: i32,
    /// The biased exponent of infinity.
    infinite_power: i32,
    /// Decimal exponents beyond which every 19-digit mantissa rounds to zero or to
    /// infinity.
    smallest_power: i64,
    largest_power: i64,
    /// The decimal exponents for which a product can be exactly halfway between two
    /// floats (`w * 5^q` exact in 64 bits): only there does a tie need resolving to even.
    min_round_to_even: i64,
    max_round_to_even: i64,
}

const F64: FloatFormat = FloatFormat {
    mantissa_bits: 52,
    min_exponent: -1023,
    infinite_power: 0x7ff,
    smallest_power: -342,
    largest_power: 308,
    min_round_to_even: -4,
    max_round_to_even: 23,
};

const F32: FloatFormat = FloatFormat {
    mantissa_bits: 23,
    min_exponent: -127,
    infinite_power: 0xff,
    smallest_power: -65,
    largest_power: 38,
    min_round_to_even: -17,
    max_round_to_even: 10,
};

/// The bits of the float nearest to `w * 10^q` (`w` exact, at most 19 digits; sign not
/// included), by Lemire's algorithm ("Number Parsing at a Gigabyte per Second", 2021,
/// after Eisel): multiply the normalized `w` by the 128-bit truncated power of five for
/// `q` (the power of two is exact and goes to the exponent), keep the top bits, round.
/// `None` when the product is too close to call with 128 bits, or the value overflows:
/// the caller then takes the standard library's exact path (which also reports the
/// overflow). Measured on canada.json, this replaced an exact 128-bit division whose
/// `div` instruction dominated the time of each 17-digit coordinate.
#[inline(always)]
fn eisel_lemire(w: u64, q: i64, f: &FloatFormat) -> Option<u64> {
    if w == 0 || q < f.smallest_power {
        return Some(0);
    }
    if q > f.largest_power {
        return None;
    }
    let lz = w.leading_zeros();
    let w = w << lz;
    // The top `mantissa_bits + 3` bits of the product decide the float (with one bit to
    // round and one for the leading bit's position); when the bits below them are all
    // ones, the truncated power's missing low half could carry into them, so it is
    // added in (a second multiplication).
    let precision = f.mantissa_bits + 3;
    let (pow_hi, pow_lo) = POW5_128[(q - SMALLEST_POWER) as usize];
    let mask = u64::MAX >> precision;
    let first = w as u128 * pow_hi as u128;
    let (mut lo, mut hi) = (first as u64, (first >> 64) as u64);
    if hi & mask == mask {
        let second_hi = ((w as u128 * pow_lo as u128) >> 64) as u64;
        lo = lo.wrapping_add(second_hi);
        if second_hi > lo {
            hi += 1;
        }
    }
    // Still all ones: the 128-bit power itself was not precise enough to decide, except
    // where it is exact (5^q for small q) or the error cannot reach the decisive bits.
    if lo == u64::MAX && !(-27..=55).contains(&q) {
        return None;
    }
    let upper = (hi >> 63) as u32;
    let shift = upper + 64 - precision;
    let mut mantissa = hi >> shift;
    // floor(q * log2(10)) + 63 (exact over the table's range), as a 16-bit fixed point
    // multiplication.
    let power_of_two = (((152_170 + 65_536) * q as i32) >> 16) + 63;
    let mut power = power_of_two + upper as i32 - lz as i32 - f.min_exponent;
    if power <= 0 {
        // Subnormal (or zero): shift into place, then round half up once.
        if -power + 1 >= 64 {
            return Some(0);
        }
        mantissa >>= -power + 1;
        mantissa += mantissa & 1;
        mantissa >>= 1;
        // A mantissa that rounded up to the implicit bit is the smallest normal float;
        // its bits are the same either way.
        return Some(mantissa);
    }
    // Exactly halfway (nothing below the rounding bit, in a range where the product can
    // be exact): round to even rather than up.
    if lo <= 1
        && (f.min_round_to_even..=f.max_round_to_even).contains(&q)
        && mantissa & 3 == 1
        && mantissa << shift == hi
    {
        mantissa &= !1;
    }
    mantissa += mantissa & 1;
    mantissa >>= 1;
    if mantissa >= 2 << f.mantissa_bits {
        // Rounding carried into a new bit.
        mantissa = 1 << f.mantissa_bits;
        power += 1;
    }
    mantissa &= !(1 << f.mantissa_bits);
    if power >= f.infinite_power {
        return None;
    }
    Some(((power as u64) << f.mantissa_bits) | mantissa)
}

/// Parses and classifies a JSON number at `pos` in one pass: an integer that fits `u64`
/// (or, when negative, `i64`) stays exact; anything else becomes the nearest `f64`. `-0`
/// is the float `-0.0`, so that its sign survives a round trip (as in serde_json).
#[inline]
pub(crate) fn parse_number(input: &[u8], pos: usize, max_len: usize) -> Result<(ParsedNumber, usize), NumberError> {
    match scan_decimal_with::<true>(input, pos)? {
        Some(d) => finish_number(&d, input, pos, max_len),
        None => parse_number_long(input, pos, max_len),
    }
}

#[cold]
#[inline(never)]
fn parse_number_long(input: &[u8], pos: usize, max_len: usize) -> Result<(ParsedNumber, usize), NumberError> {
    finish_number(&scan_decimal_careful::<true>(input, pos)?, input, pos, max_len)
}

#[inline(always)]
fn finish_number(d: &Decimal, input: &[u8], pos: usize, max_len: usize) -> Result<(ParsedNumber, usize), NumberError> {
    if d.end - pos > max_len {
        return Err(NumberError::TooLong);
    }
    match (d.integer, d.negative) {
        (Some(v), false) => return Ok((ParsedNumber::PosInt(v), d.end)),
        (Some(0), true) => return Ok((ParsedNumber::Float(-0.0), d.end)),
        (Some(v), true) if v <= i64::MIN.unsigned_abs() => {
            return Ok((ParsedNumber::NegInt(0i64.wrapping_sub_unsigned(v)), d.end));
        }
        _ => {}
    }
    Ok((ParsedNumber::Float(f64_from_decimal(d, input, pos)?), d.end))
}

const POW10_F32: [f32; 11] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10];

/// Parses a JSON number at `pos` into the nearest `f32` (directly, not through `f64`,
/// which would round twice).
#[inline]
pub(crate) fn parse_f32(input: &[u8], pos: usize, max_len: usize) -> Result<(f32, usize), NumberError> {
    match scan_decimal_with::<false>(input, pos)? {
        Some(d) => finish_f32(&d, input, pos, max_len),
        None => parse_f32_long(input, pos, max_len),
    }
}

#[cold]
#[inline(never)]
fn parse_f32_long(input: &[u8], pos: usize, max_len: usize) -> Result<(f32, usize), NumberError> {
    finish_f32(&scan_decimal_careful::<false>(input, pos)?, input, pos, max_len)
}

#[inline(always)]
fn finish_f32(d: &Decimal, input: &[u8], pos: usize, max_len: usize) -> Result<(f32, usize), NumberError> {
    if d.end - pos > max_len {
        return Err(NumberError::TooLong);
    }
    if !d.truncated && d.mantissa <= 1 << 24 && (-10..=10).contains(&d.exponent) {
        let m = d.mantissa as f32;
        let v =
            if d.exponent >= 0 { m * POW10_F32[d.exponent as usize] } else { m / POW10_F32[(-d.exponent) as usize] };
        return Ok((if d.negative { -v } else { v }, d.end));
    }
    if !d.truncated {
        if let Some(bits) = eisel_lemire(d.mantissa, d.exponent, &F32) {
            let v = f32::from_bits(bits as u32);
            return Ok((if d.negative { -v } else { v }, d.end));
        }
    }
    let v = slow_parse::<f32>(&input[pos..d.end])?;
    Ok((v, d.end))
}

#[cold]
fn slow_parse<F: core::str::FromStr + Finite>(span: &[u8]) -> Result<F, NumberError> {
    // The span passed the JSON grammar, so it is ASCII and in a form `FromStr` accepts.
    let text = core::str::from_utf8(span).map_err(|_| NumberError::Syntax(0, "non-ASCII number"))?;
    let v: F = text.parse().map_err(|_| NumberError::Syntax(0, "malformed number"))?;
    if v.is_finite_value() {
        Ok(v)
    } else {
        Err(NumberError::OutOfRange)
    }
}

trait Finite {
    fn is_finite_value(&self) -> bool;
}
impl Finite for f64 {
    fn is_finite_value(&self) -> bool {
        self.is_finite()
    }
}
impl Finite for f32 {
    fn is_finite_value(&self) -> bool {
        self.is_finite()
    }
}

#[cfg(test)]
mod tests {
    use alloc::format;
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;

    use super::*;

    #[test]
    fn swar_digits_count_and_fold() {
        for (text, count) in
            [("12345678", 8), ("1234567,", 7), ("0.5", 1), (",1234567", 0), ("99999999", 8), ("9/", 1), ("9:", 1)]
        {
            let mut bytes = [b'x'; 8];
            bytes[..text.len()].copy_from_slice(text.as_bytes());
            assert_eq!(leading_digits(u64::from_le_bytes(bytes)), count, "{text}");
        }
        for b in 0u8..=255 {
            let word = u64::from_le_bytes([b'1', b, b'2', 0xff, 0xfa, b'3', b'4', b'5']);
            assert_eq!(leading_digits(word), if b.is_ascii_digit() { 3 } else { 1 }, "byte {b:#x}");
        }
        for text in ["0", "7", "42", "12345678", "123456789", "1234567890123456789", "00000001", "9999999999999999"] {
            for tail in ["", ",", ".5", "e3", "]       "] {
                let input = format!("{text}{tail}");
                let mut acc = 0;
                let end = accumulate_digits(input.as_bytes(), 0, &mut acc);
                assert_eq!((acc, end), (text.parse::<u64>().unwrap(), text.len()), "{input}");
            }
        }
        assert_eq!(parse_u64_digits(b"1234567890123456789,", 0), Ok((1234567890123456789, 19)));
        assert_eq!(parse_u64_digits(b"99999999999999999999", 0), Err(NumberError::OutOfRange));
    }

    #[test]
    fn integers() {
        assert_eq!(parse_u64_digits(b"0", 0), Ok((0, 1)));
        assert_eq!(parse_u64_digits(b"18446744073709551615,", 0), Ok((u64::MAX, 20)));
        assert_eq!(parse_u64_digits(b"18446744073709551616", 0), Err(NumberError::OutOfRange));
        assert_eq!(parse_u64_digits(b"01", 0), Err(NumberError::Syntax(1, "leading zeros are not allowed")));
        assert_eq!(parse_u64_digits(b"1.5", 0), Err(NumberError::NotInteger));
        assert_eq!(parse_u64_digits(b"1e3", 0), Err(NumberError::NotInteger));
        assert_eq!(parse_u64_digits(b"1.", 0), Err(NumberError::Syntax(2, "expected a digit after the decimal point")));
        assert_eq!(
            parse_u128_signed(b"-170141183460469231731687303715884105728", 0).map(|t| (t.0, t.1)),
            Ok((true, 1u128 << 127))
        );
    }

    fn f64_of(s: &str) -> f64 {
        let (v, end) = parse_f64(s.as_bytes(), 0, usize::MAX).unwrap();
        assert_eq!(end, s.len());
        v
    }

    #[test]
    fn floats_match_std_bit_for_bit() {
        for s in [
            "0",
            "-0",
            "0.0",
            "1",
            "1.5",
            "-2.25e-3",
            "3.141592653589793",
            "1e22",
            "1e23",
            "9007199254740993",
            "2.2250738585072014e-308",
            "4.9e-324",
            "2e-324",
            "1.7976931348623157e308",
            "123456789012345678901234567890",
            "0.000000000000000000000000000001",
            "7.038531e-26",
            "-65.613616999999977",
            "1e-400",
        ] {
            let want: f64 = s.parse().unwrap();
            assert_eq!(f64_of(s).to_bits(), want.to_bits(), "{s}");
        }
        assert_eq!(parse_f64(b"1e400", 0, usize::MAX), Err(NumberError::OutOfRange));
        assert_eq!(parse_f64(b"-", 0, usize::MAX), Err(NumberError::Syntax(1, "expected a digit")));
        assert_eq!(parse_f64(b"1e", 0, usize::MAX), Err(NumberError::Syntax(2, "expected a digit in the exponent")));
    }

    /// With 32 bytes after its start a literal may take the one-step plain-decimal path
    /// (`simd.rs`); at the very end of the input it cannot. Both must agree, with each
    /// other and with std, on value, end and error, for literals of every integer and
    /// fraction length, signs, exponents, and the malformed ones next to the plain form.
    #[test]
    fn literals_read_the_same_with_and_without_room_after_them() {
        let mut next = crate::test_rng::xorshift(0x853c_49e6_748f_ea9b_u64);
        let mut literals: Vec<String> = [
            "0.5",
            "-0.0",
            "00.5",
            "01.5",
            "1.",
            "1.e5",
            ".5",
            "-.5",
            "1.5e",
            "1.5e+",
            "1.5E-3",
            "0.1e400",
            "9.9e-400",
            "1.2.3",
            "-",
            "-x",
            "0",
            "12",
            "1e5",
            "123456789012345.6",
            "1234567890123456.7",
            "1.234567890123456789",
            "12.34567890123456789",
            "9999999999999999999.9",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let rounds = if cfg!(miri) { 1 } else { 30 };
        for _ in 0..rounds {
            for int in 1..=17 {
                for frac in 1..=21 {
                    let digits = |n: usize, next: &mut dyn FnMut() -> u64| -> String {
                        (0..n).map(|_| char::from(b'0' + (next() % 10) as u8)).collect()
                    };
                    let mut lit = format!("{}.{}", digits(int, &mut next), digits(frac, &mut next));
                    if next().is_multiple_of(3) {
                        lit.insert(0, '-');
                    }
                    if next().is_multiple_of(4) {
                        lit.push_str(&format!("e{}", next() % 40));
                    }
                    literals.push(lit);
                }
            }
        }
        let mut compared = 0;
        for lit in &literals {
            let alone = parse_f64(lit.as_bytes(), 0, usize::MAX);
            let padded = format!("{lit},{}", " ".repeat(40));
            assert_eq!(parse_f64(padded.as_bytes(), 0, usize::MAX), alone, "{lit}");
            assert_eq!(
                parse_number(padded.as_bytes(), 0, usize::MAX),
                parse_number(lit.as_bytes(), 0, usize::MAX),
                "{lit}"
            );
            let std: Result<f64, _> = lit.parse();
            match (alone, std) {
                (Ok((v, end)), Ok(want)) if end == lit.len() => {
                    assert_eq!(v.to_bits(), want.to_bits(), "{lit}");
                    compared += 1;
                }
                // A JSON error or a shorter JSON number where std reads more or less (`.5`,
                // `1.`, `1.2.3`), or out of range (std says infinity): not compared.
                _ => {}
            }
        }
        // The generated literals that are JSON numbers std reads the same way: all but
        // those with a leading zero (one in ten).
        assert!(compared * 10 >= rounds * 17 * 21 * 8, "only {compared} compared with std");
    }

    #[test]
    fn numbers_are_classified_in_one_pass() {
        use ParsedNumber::*;
        let p = |s: &str| {
            let (v, end) = parse_number(s.as_bytes(), 0, usize::MAX).unwrap();
            assert_eq!(end, s.len(), "{s}");
            v
        };
        assert_eq!(p("0"), PosInt(0));
        assert_eq!(p("18446744073709551615"), PosInt(u64::MAX));
        assert_eq!(p("18446744073709551616"), Float(18446744073709551616.0));
        assert_eq!(p("-9223372036854775808"), NegInt(i64::MIN));
        assert_eq!(p("-9223372036854775809"), Float(-9223372036854775809.0));
        assert_eq!(p("-1"), NegInt(-1));
        assert!(matches!(p("-0"), Float(z) if z == 0.0 && z.is_sign_negative()));
        assert_eq!(p("1.0"), Float(1.0));
        assert_eq!(p("1e2"), Float(100.0));
        assert_eq!(p("123456789012345678901234567890"), Float(123456789012345678901234567890.0));
        assert_eq!(parse_number(b"1e400", 0, usize::MAX), Err(NumberError::OutOfRange));
        assert_eq!(parse_number(b"12345", 0, 4), Err(NumberError::TooLong));
        assert_eq!(parse_number(b"01", 0, usize::MAX), Err(NumberError::Syntax(1, "leading zeros are not allowed")));
        assert_eq!(parse_number(b"-", 0, usize::MAX), Err(NumberError::Syntax(1, "expected a digit")));
        assert_eq!(
            parse_number(b"1.e1", 0, usize::MAX),
            Err(NumberError::Syntax(2, "expected a digit after the decimal point"))
        );
    }

    /// Eisel-Lemire against std on many literals: 1 to 19 significant digits, decimal
    /// exponents across both formats' whole ranges (subnormals, overflow and underflow
    /// included), halfway cases, and the shortest and 17-digit forms of random floats.
    #[test]
    fn eisel_lemire_matches_std() {
        let mut next = crate::test_rng::xorshift(0x9E37_79B9_7F4A_7C15u64);
        let check = |text: &str| {
            match text.parse::<f64>() {
                Ok(want) if want.is_finite() => {
                    let got = parse_f64(text.as_bytes(), 0, usize::MAX).unwrap().0;
                    assert_eq!(got.to_bits(), want.to_bits(), "{text}");
                }
                _ => assert_eq!(parse_f64(text.as_bytes(), 0, usize::MAX), Err(NumberError::OutOfRange), "{text}"),
            }
            match text.parse::<f32>() {
                Ok(want) if want.is_finite() => {
                    let got = parse_f32(text.as_bytes(), 0, usize::MAX).unwrap().0;
                    assert_eq!(got.to_bits(), want.to_bits(), "{text}");
                }
                _ => assert_eq!(parse_f32(text.as_bytes(), 0, usize::MAX), Err(NumberError::OutOfRange), "{text}"),
            }
        };
        // Miri runs these tests too (for the crate's unsafe code); it is far slower.
        let cases = if cfg!(miri) { 300 } else { 200_000u32 };
        for i in 0..cases {
            let digits = 1 + (next() % 19) as u32;
            let mut m = next() % 10u64.pow(digits);
            if i.is_multiple_of(7) {
                // Decimal forms of exact binary halfway points end in 5.
                m = m / 10 * 10 + 5;
            }
            // Mostly where data lives, sometimes anywhere a 19-digit mantissa can land.
            let e = if i.is_multiple_of(3) { (next() % 700) as i64 - 360 } else { (next() % 61) as i64 - 30 };
            check(&format!("{m}e{e}"));
            let x = f64::from_bits(next());
            if x.is_finite() {
                check(&format!("{:e}", x.abs()));
                check(&format!("{:.16e}", x.abs()));
            }
            let y = f32::from_bits(next() as u32);
            if y.is_finite() {
                check(&format!("{:e}", y.abs()));
                check(&format!("{:.8e}", y.abs()));
            }
        }
        for text in [
            "9007199254740993",
            "9007199254740993e-19",
            "18446744073709551615e19",
            "1e-19",
            "123456789012345678e-3",
            // The ends of both formats: largest, smallest normal and subnormal, and the
            // halfway points around them.
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "2.2250738585072011e-308",
            "2.2250738585072014e-308",
            "4.9406564584124654e-324",
            "2.4703282292062328e-324",
            "2.4703282292062327e-324",
            "3.4028235e38",
            "3.4028236e38",
            "1.17549435e-38",
            "1.4e-45",
            "7.0e-46",
            "7.1e-46",
            // Ties to even resolved in the exact range (2^53 + 1, 2^24 + 1, ...).
            "9007199254740993e0",
            "9007199254740995",
            "16777217",
            "16777219",
            "1e23",
            "8.589973e9",
        ] {
            check(text);
        }
    }

    #[test]
    fn f32_rounds_once() {
        for s in ["1.00000017881393432617187499", "3.4028235e38", "1e-45", "0.1", "16777217"] {
            let want: f32 = s.parse().unwrap();
            assert_eq!(parse_f32(s.as_bytes(), 0, usize::MAX).unwrap().0.to_bits(), want.to_bits(), "{s}");
        }
        assert_eq!(parse_f32(b"3.5e38", 0, usize::MAX), Err(NumberError::OutOfRange));
    }
}
