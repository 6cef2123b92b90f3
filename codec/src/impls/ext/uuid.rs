//! `uuid::Uuid` (feature `uuid`).
//!
//! | | JSON | MessagePack |
//! |---|---|---|
//! | written as | the hyphenated lowercase string | a 16-byte bin |
//! | read from | a string in any spelling below | a 16-byte bin, an array of 16 integers, or a string as in JSON |
//! | map key | the hyphenated string | a 16-byte bin (a string key is read too) |
//!
//! Both written forms are uuid's own serde impl's (JSON through serde_json, MessagePack
//! through rmp-serde, which is not human-readable and so gets the bytes). The spellings
//! read from a string are those `Uuid::parse_str`, and so uuid's serde impl, accepts:
//! hyphenated (`67e55044-10b1-426f-9247-bb680e5fe0c8`), simple (32 hex digits), braced
//! (`{67e55044-...}`) and URN (`urn:uuid:67e55044-...`, the prefix in any case), hex
//! digits in either case. Reading a string in MessagePack as well lets codec read what
//! rmp-serde writes when configured human-readable; the array of integers is how serde
//! reads a UUID written as a plain byte sequence.
//!
//! The parser is codec's own: the hex digits sit at fixed positions, so on x86_64 the 32
//! of them are classified and converted 16 at a time with SSE2, with one check for the
//! whole string at the end and no allocation (about twice as fast as `Uuid::parse_str`
//! on the hyphenated form, on a par on the simple one; figures in the `sse2` module), and
//! elsewhere by two table lookups a byte.
//!
//! ```
//! use uuid::Uuid;
//!
//! let id = Uuid::from_u128(0x67e5_5044_10b1_426f_9247_bb68_0e5f_e0c8);
//! assert_eq!(codec::json::to_string(&id)?, r#""67e55044-10b1-426f-9247-bb680e5fe0c8""#);
//! for text in [
//!     r#""67e55044-10b1-426f-9247-bb680e5fe0c8""#,
//!     r#""67E5504410B1426F9247BB680E5FE0C8""#,
//!     r#""{67e55044-10b1-426f-9247-bb680e5fe0c8}""#,
//!     r#""urn:uuid:67e55044-10b1-426f-9247-bb680e5fe0c8""#,
//! ] {
//!     assert_eq!(codec::json::from_str::<Uuid>(text)?, id);
//! }
//! let err = codec::json::from_str::<Uuid>(r#""67e55044-10b1-426f-9247-bb680e5fe0cg""#).unwrap_err();
//! assert_eq!(err.to_string(), "invalid value: not a UUID: `g` at character 36 is not a hex digit (line 1, column 1)");
//! # #[cfg(feature = "msgpack")] {
//! let packed = codec::msgpack::to_vec(&id)?;
//! assert_eq!(&packed[..2], b"\xc4\x10");
//! assert_eq!(codec::msgpack::from_slice::<Uuid>(&packed)?, id);
//! # }
//! # Ok::<(), codec::Error>(())
//! ```

use ::uuid::Uuid;
#[allow(unused_imports)]
use alloc::borrow::ToOwned;
#[allow(unused_imports)]
use alloc::string::{String, ToString};

use crate::error::{Error, Result};
use crate::impls::string_form::{self, string_impls, FromText, ToText};
use crate::reader::ValueKind;
use crate::{Decode, DecodeKey, Encode, EncodeKey, Reader, Writer};

/// Each hex digit's value; 0xff for a byte that is none. Both halves of a byte are
/// looked up before anything is tested: a digit's value has its high nibble clear, so
/// one OR of all lookups tells whether every byte was a digit.
const HEX: [u8; 256] = {
    let mut t = [0xff; 256];
    let mut i = 0;
    while i < 10 {
        t[b'0' as usize + i] = i as u8;
        i += 1;
    }
    let mut i = 0;
    while i < 6 {
        t[b'a' as usize + i] = 10 + i as u8;
        t[b'A' as usize + i] = 10 + i as u8;
        i += 1;
    }
    t
};

const LOWER: &[u8; 16] = b"0123456789abcdef";

/// Where the two digits of each byte start in the hyphenated form (8-4-4-4-12).
const HYPHENATED: [usize; 16] = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

/// The hyphenated lowercase form between quotes, ready to be copied out in one write.
#[inline]
fn quoted_hyphenated(bytes: &[u8; 16]) -> [u8; 38] {
    let mut out = [b'-'; 38];
    out[0] = b'"';
    out[37] = b'"';
    for (&b, &at) in bytes.iter().zip(HYPHENATED.iter()) {
        out[1 + at] = LOWER[(b >> 4) as usize];
        out[2 + at] = LOWER[(b & 0x0f) as usize];
    }
    out
}

/// The 16 bytes of a UUID written in any spelling `Uuid::parse_str` accepts, or `None`.
#[inline]
pub(crate) fn parse_text(s: &[u8]) -> Option<[u8; 16]> {
    match s.len() {
        36 => parse_hyphenated(s.try_into().ok()?),
        32 => parse_simple(s.try_into().ok()?),
        38 if s[0] == b'{' && s[37] == b'}' => parse_hyphenated(s[1..37].try_into().ok()?),
        45 if s[..9].eq_ignore_ascii_case(b"urn:uuid:") => parse_hyphenated(s[9..].try_into().ok()?),
        _ => None,
    }
}

#[inline]
fn parse_hyphenated(s: &[u8; 36]) -> Option<[u8; 16]> {
    if s[8] != b'-' || s[13] != b'-' || s[18] != b'-' || s[23] != b'-' {
        return None;
    }
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    return sse2::hyphenated(s);
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    return scalar::hyphenated(s);
}

#[inline]
fn parse_simple(s: &[u8; 32]) -> Option<[u8; 16]> {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    return sse2::simple(s);
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    return scalar::simple(s);
}

/// Two table lookups a byte: the portable parser, and the reference the SSE2 one is
/// tested against.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
mod scalar {
    use super::{HEX, HYPHENATED};

    /// Where the two digits of each byte start in the simple form.
    const SIMPLE: [usize; 16] = [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30];

    #[inline]
    fn at<const N: usize>(s: &[u8; N], starts: &[usize; 16]) -> Option<[u8; 16]> {
        let mut out = [0; 16];
        let mut bad = 0;
        for (o, &at) in out.iter_mut().zip(starts.iter()) {
            let (hi, lo) = (HEX[s[at] as usize], HEX[s[at + 1] as usize]);
            bad |= hi | lo;
            *o = (hi << 4) | lo;
        }
        (bad & 0xf0 == 0).then_some(out)
    }

    /// The hyphens are checked by the caller.
    #[inline]
    pub(super) fn hyphenated(s: &[u8; 36]) -> Option<[u8; 16]> {
        at(s, &HYPHENATED)
    }

    #[inline]
    pub(super) fn simple(s: &[u8; 32]) -> Option<[u8; 16]> {
        at(s, &SIMPLE)
    }
}

/// 16 digits at a time: every byte is classified (digit, letter, neither) and turned
/// into its value in a few vector operations, with one test of all 32 at the end, and
/// the pairs of values are packed into bytes. SSE2 is part of every x86_64 target.
///
/// Measured against uuid's own parser (`Uuid::try_parse_ascii`, what `parse_str` and so
/// uuid's serde impl call), 4096 random UUIDs parsed over and over in a release build:
/// instructions per parse, benchmark loop included (cachegrind), 99 here against 125
/// hyphenated, 79 against 104 simple; time on the shared 2-core development machine
/// (heavily loaded, best of five runs) 17 ns against 37 ns hyphenated, 15 ns against
/// 14 ns simple. The table-driven scalar parser above took 239 and 230 instructions.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use core::arch::x86_64::{
        __m128i, _mm_add_epi8, _mm_and_si128, _mm_andnot_si128, _mm_cmplt_epi8, _mm_cvtsi128_si64, _mm_movemask_epi8,
        _mm_or_si128, _mm_packus_epi16, _mm_set1_epi16, _mm_set1_epi8, _mm_set_epi32, _mm_set_epi64x, _mm_slli_epi16,
        _mm_srli_epi16, _mm_sub_epi8, _mm_unpackhi_epi64, _mm_xor_si128,
    };

    /// The hyphens are checked by the caller.
    #[inline]
    pub(super) fn hyphenated(s: &[u8; 36]) -> Option<[u8; 16]> {
        let chunk = |at: usize| s.get(at..at + 16).and_then(|c| <&[u8; 16]>::try_from(c).ok());
        let (a, b, c, d, e) = (chunk(0)?, chunk(1)?, chunk(2)?, chunk(19)?, chunk(20)?);
        // SAFETY: the functions need SSE2, which this module's `cfg` proves is enabled;
        // they read their arguments by value and touch no other memory.
        unsafe { hyphenated_from(a, b, c, d, e) }
    }

    #[inline]
    pub(super) fn simple(s: &[u8; 32]) -> Option<[u8; 16]> {
        let (lo, hi) = s.split_at(16);
        let (lo, hi) = (<&[u8; 16]>::try_from(lo).ok()?, <&[u8; 16]>::try_from(hi).ok()?);
        // SAFETY: as in `hyphenated`.
        unsafe { decode(load(lo), load(hi)) }
    }

    /// The 32 digits of the hyphenated form gathered into two vectors without the
    /// hyphens: `a`, `b` and `c` are the 16 bytes from offsets 0, 1 and 2, so digits 0-7
    /// come from `a`, 8-11 (after the first hyphen) from `b`, 12-15 from `c`; `d` and `e`,
    /// from offsets 19 and 20, give digits 16-19 and 20-31.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn hyphenated_from(a: &[u8; 16], b: &[u8; 16], c: &[u8; 16], d: &[u8; 16], e: &[u8; 16]) -> Option<[u8; 16]> {
        let first8 = _mm_set_epi64x(0, -1);
        let next4 = _mm_set_epi32(0, -1, 0, 0);
        let last4 = _mm_set_epi32(-1, 0, 0, 0);
        let lo = _mm_or_si128(
            _mm_or_si128(_mm_and_si128(load(a), first8), _mm_and_si128(load(b), next4)),
            _mm_and_si128(load(c), last4),
        );
        let first4 = _mm_set_epi32(0, 0, 0, -1);
        let hi = _mm_or_si128(_mm_and_si128(load(d), first4), _mm_andnot_si128(first4, load(e)));
        decode(lo, hi)
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

    /// Each byte's value as a hex digit, and a mask of the bytes that are one. Unsigned
    /// "below" is a signed compare after flipping the high bits (SSE2 has no unsigned
    /// byte compare); a byte from 0x80 up fails both ranges.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn values(v: __m128i) -> (__m128i, i32) {
        let flip = _mm_set1_epi8(i8::MIN);
        let digit = _mm_sub_epi8(v, _mm_set1_epi8(b'0' as i8));
        let is_digit = _mm_cmplt_epi8(_mm_xor_si128(digit, flip), _mm_set1_epi8(i8::MIN + 10));
        // `| 0x20` lowers the case of letters and leaves digits as they are.
        let letter = _mm_sub_epi8(_mm_or_si128(v, _mm_set1_epi8(0x20)), _mm_set1_epi8(b'a' as i8));
        let is_letter = _mm_cmplt_epi8(_mm_xor_si128(letter, flip), _mm_set1_epi8(i8::MIN + 6));
        let value = _mm_or_si128(
            _mm_and_si128(is_digit, digit),
            _mm_and_si128(is_letter, _mm_add_epi8(letter, _mm_set1_epi8(10))),
        );
        (value, _mm_movemask_epi8(_mm_or_si128(is_digit, is_letter)))
    }

    /// Each 16-bit lane's two values (first digit in the low byte) as one byte,
    /// `first << 4 | second`, in the lane's low byte.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn pairs(values: __m128i) -> __m128i {
        let first = _mm_slli_epi16(_mm_and_si128(values, _mm_set1_epi16(0xff)), 4);
        _mm_or_si128(first, _mm_srli_epi16(values, 8))
    }

    /// The 16 bytes of 32 digits, `lo` holding the first 16.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn decode(lo: __m128i, hi: __m128i) -> Option<[u8; 16]> {
        let (lo, lo_ok) = values(lo);
        let (hi, hi_ok) = values(hi);
        if lo_ok & hi_ok != 0xffff {
            return None;
        }
        let bytes = _mm_packus_epi16(pairs(lo), pairs(hi));
        let first = _mm_cvtsi128_si64(bytes) as u64;
        let second = _mm_cvtsi128_si64(_mm_unpackhi_epi64(bytes, bytes)) as u64;
        let mut out = [0; 16];
        out[..8].copy_from_slice(&first.to_le_bytes());
        out[8..].copy_from_slice(&second.to_le_bytes());
        Some(out)
    }
}

/// Why `s` is no UUID, in words (error path only).
#[cold]
#[inline(never)]
fn why_invalid(s: &[u8]) -> String {
    let (body, first) = match s.len() {
        36 | 32 => (s, 0),
        38 if s[0] == b'{' && s[37] == b'}' => (&s[1..37], 1),
        45 if s[..9].eq_ignore_ascii_case(b"urn:uuid:") => (&s[9..], 9),
        38 => return "a UUID of 38 characters must be braced: `{` ... `}`".to_owned(),
        45 => return "a UUID of 45 characters must start with `urn:uuid:`".to_owned(),
        _ => {
            let n = String::from_utf8_lossy(s).chars().count();
            return format!("found {n} characters, expected 32 (simple), 36 (hyphenated), 38 (braced) or 45 (URN)");
        }
    };
    for (i, &b) in body.iter().enumerate() {
        let hyphen = body.len() == 36 && matches!(i, 8 | 13 | 18 | 23);
        if hyphen && b != b'-' {
            return format!("expected `-` at character {}", first + i + 1);
        }
        if !hyphen && HEX[b as usize] == 0xff {
            let shown = String::from_utf8_lossy(&s[first + i..]).chars().next().unwrap_or('\u{fffd}');
            return format!("`{shown}` at character {} is not a hex digit", first + i + 1);
        }
    }
    "not a UUID".to_owned()
}

#[cold]
#[inline(never)]
fn invalid_text(at: usize, s: &[u8]) -> Error {
    string_form::not_a(at, "UUID", why_invalid(s))
}

#[cold]
#[inline(never)]
fn wrong_length(at: usize, len: usize) -> Error {
    string_form::not_a(at, "UUID", format_args!("found {len} bytes, expected 16"))
}

/// The string form: the hyphenated lowercase text, written in one piece.
impl ToText for Uuid {
    #[inline]
    fn with_text(&self, write: impl FnOnce(&str) -> Result<()>) -> Result<()> {
        let quoted = quoted_hyphenated(self.as_bytes());
        // The digits and hyphens are ASCII.
        write(core::str::from_utf8(&quoted[1..37]).unwrap_or_default())
    }

    #[inline]
    fn encode_text<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.write_quoted_escape_free_str(&quoted_hyphenated(self.as_bytes()))
    }
}

/// Any spelling `Uuid::parse_str` reads.
impl FromText for Uuid {
    type Text = [u8];
    const EXPECTED: Option<&'static str> = Some("a UUID string");

    #[inline]
    fn from_text(text: &[u8], at: usize) -> Result<Self> {
        match parse_text(text) {
            Some(bytes) => Ok(Uuid::from_bytes(bytes)),
            None => Err(invalid_text(at, text)),
        }
    }
}

// A 16-byte bin where the format is not human-readable, as uuid's serde impl writes it.
string_impls!(Encode for Uuid, compact: |v, w| w.write_bytes(v.as_bytes()));
/// The string where the format is human-readable; otherwise a 16-byte bin, or what else
/// serde reads as a UUID: its string, an array of 16 integers.
impl<'de> Decode<'de> for Uuid {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        // A constant: the branch folds away.
        if R::HUMAN_READABLE {
            return string_form::decode(r);
        }
        let at = r.value_start();
        match r.peek_value_kind() {
            Some(ValueKind::Bytes) => {
                let bytes = r.read_bytes()?;
                match <[u8; 16]>::try_from(&*bytes) {
                    Ok(b) => Ok(Uuid::from_bytes(b)),
                    Err(_) => Err(wrong_length(at, bytes.len())),
                }
            }
            Some(ValueKind::Str) => string_form::decode_str(r),
            Some(ValueKind::Array) => <[u8; 16]>::decode(r).map(Uuid::from_bytes),
            _ => Err(r.invalid_type("a UUID (a 16-byte bin or a string)")),
        }
    }
}

/// Keys take the value's form in both formats.
impl EncodeKey for Uuid {
    #[inline]
    fn encode_key<W: Writer>(&self, w: &mut W) -> Result<()> {
        self.encode(w)
    }
}

/// A key: its string in either format; in MessagePack also a 16-byte bin (as the value).
impl<'de> DecodeKey<'de> for Uuid {
    #[inline]
    fn decode_key<R: Reader<'de>>(key: R::Key, r: &mut R) -> Result<Self> {
        // A constant: the branch folds away.
        if R::HUMAN_READABLE {
            return string_form::decode_key(key, r);
        }
        match r.key_value_kind(key) {
            ValueKind::Str => string_form::decode_key(key, r),
            ValueKind::Bytes => r.decode_key_as_value(key),
            _ => Err(r.key_type_error(key, "a UUID key (a 16-byte bin or a string)")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_parses_to_the_same_bytes() {
        let id = Uuid::from_u128(0x0123_4567_89ab_cdef_fedc_ba98_7654_3210);
        let h = id.hyphenated().to_string();
        for text in [
            h.clone(),
            h.to_uppercase(),
            id.simple().to_string(),
            id.braced().to_string(),
            id.urn().to_string(),
            format!("URN:UUID:{h}"),
        ] {
            assert_eq!(parse_text(text.as_bytes()), Some(*id.as_bytes()), "{text}");
            assert_eq!(Uuid::parse_str(&text).ok(), Some(id), "{text}");
        }
        assert_eq!(&quoted_hyphenated(id.as_bytes())[1..37], h.as_bytes());
    }

    #[test]
    fn rejects_what_uuid_rejects() {
        let good = "01234567-89ab-cdef-fedc-ba9876543210";
        for bad in [
            "",
            "01234567-89ab-cdef-fedc-ba987654321",
            "01234567-89ab-cdef-fedc-ba98765432100",
            "0123456789ab-cdef-fedc-ba9876543210-",
            "01234567-89ab-cdef-fedc_ba9876543210",
            "0123456789abcdeffedcba987654321g",
            "{01234567-89ab-cdef-fedc-ba9876543210)",
            "urn:uid:01234567-89ab-cdef-fedc-ba9876543210",
            "+1234567-89ab-cdef-fedc-ba9876543210",
            "01234567-89ab-cdef-fedc-ba98765432\u{e9}",
        ] {
            assert_eq!(parse_text(bad.as_bytes()), None, "{bad}");
            assert!(Uuid::parse_str(bad).is_err(), "{bad}");
            assert!(why_invalid(bad.as_bytes()) != "not a UUID", "{bad}");
        }
        assert!(parse_text(good.as_bytes()).is_some());
    }

    /// Every byte value at every position of both forms: the vector parser agrees with
    /// the scalar one and with uuid's.
    #[test]
    fn one_byte_changed_anywhere() {
        let id = Uuid::from_u128(0x9a0b_1c2d_3e4f_5a6b_7c8d_9eaf_b0c1_d2e3);
        for text in [id.hyphenated().to_string(), id.simple().to_string().to_uppercase()] {
            let mut s = text.into_bytes();
            for i in 0..s.len() {
                let keep = s[i];
                for b in 0..=255u8 {
                    s[i] = b;
                    let parsed = parse_text(&s);
                    let scalar = match s.len() {
                        36 if [s[8], s[13], s[18], s[23]] == [b'-'; 4] => scalar::hyphenated(s[..].try_into().unwrap()),
                        32 => scalar::simple(s[..].try_into().unwrap()),
                        _ => None,
                    };
                    assert_eq!(parsed, scalar, "byte {b:#x} at {i}");
                    assert_eq!(parsed.map(Uuid::from_bytes), Uuid::try_parse_ascii(&s).ok(), "byte {b:#x} at {i}");
                }
                s[i] = keep;
            }
        }
    }
}
