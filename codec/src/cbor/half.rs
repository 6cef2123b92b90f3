//! Half-precision floats (IEEE 754 binary16, CBOR's major type 7 with additional
//! information 25): exact conversions both ways, with no dependency.
//!
//! A half widens to `f32`/`f64` exactly (every half is a float of either). The other way
//! is only taken when exact: the writer uses a half for a float that a half holds
//! without rounding (RFC 8949 section 4.2.1, preferred serialization), otherwise a wider
//! form.

/// The `f64` of the half whose bits are `bits`: exact, NaN payloads kept (shifted into
/// the top of the wider mantissa).
#[inline]
pub(crate) fn f16_to_f64(bits: u16) -> f64 {
    let sign = u64::from(bits >> 15) << 63;
    let exp = (bits >> 10) & 0x1f;
    let mant = u64::from(bits & 0x3ff);
    let magnitude = match exp {
        // Zero and subnormals: mant * 2^-24, exact in an f64.
        0 => (mant as f64) * (1.0 / 16_777_216.0),
        // Infinity and NaN: all exponent bits set, the payload in the mantissa's top.
        31 => return f64::from_bits(sign | 0x7ff0_0000_0000_0000 | mant << 42),
        _ => f64::from_bits((u64::from(exp) + 1023 - 15) << 52 | mant << 42),
    };
    f64::from_bits(sign | magnitude.to_bits())
}

/// The bits of the half that holds `v` exactly, if one does (NaN never: the writer
/// spells NaN itself).
#[inline]
pub(crate) fn f32_to_f16_exact(v: f32) -> Option<u16> {
    let bits = v.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let mant = bits & 0x7f_ffff;
    if exp == 0 {
        // Zero; an f32 subnormal is far below the smallest half.
        return (mant == 0).then_some(sign);
    }
    if exp == 0xff {
        return (mant == 0).then_some(sign | 0x7c00);
    }
    let e = exp - 127;
    if (-14..=15).contains(&e) {
        // A normal half: 10 mantissa bits, the 13 below must be zero.
        return (mant & 0x1fff == 0).then(|| sign | ((e + 15) as u16) << 10 | (mant >> 13) as u16);
    }
    if (-24..-14).contains(&e) {
        // A subnormal half k * 2^-24: k = (1.mant) * 2^(e + 24) = full >> -(e + 1).
        let full = mant | 0x80_0000;
        let shift = (-(e + 1)) as u32;
        return (full & ((1 << shift) - 1) == 0).then_some(sign | (full >> shift) as u16);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every one of the 65,536 halves widens to f32 and f64 and comes back to its bits
    /// (NaNs: to a NaN, whose payload the widening keeps).
    #[test]
    fn every_half_round_trips() {
        let mut nans = 0;
        for bits in 0..=u16::MAX {
            let wide = f16_to_f64(bits);
            let narrow = wide as f32;
            if wide.is_nan() {
                // The payload and sign survive the widening (the hardware's f64 to f32
                // conversion quiets a signaling NaN, so f32 keeps only NaN-ness).
                assert_eq!(wide.to_bits() >> 42 & 0x3ff, u64::from(bits & 0x3ff), "{bits:#06x}");
                assert_eq!(wide.is_sign_negative(), bits & 0x8000 != 0);
                assert_eq!(f32_to_f16_exact(narrow), None);
                nans += 1;
                continue;
            }
            assert_eq!((narrow as f64).to_bits(), wide.to_bits(), "{bits:#06x}");
            assert_eq!(f32_to_f16_exact(narrow), Some(bits), "{bits:#06x} = {wide}");
        }
        // 2 signs times 1023 payloads.
        assert_eq!(nans, 2046);
    }

    #[test]
    fn known_values_and_inexact_ones() {
        assert_eq!(f16_to_f64(0x3c00), 1.0);
        assert_eq!(f16_to_f64(0x7bff), 65504.0);
        assert_eq!(f16_to_f64(0x0001), 5.960464477539063e-8);
        assert_eq!(f16_to_f64(0x0400), 0.00006103515625);
        assert_eq!(f16_to_f64(0xc400), -4.0);
        assert_eq!(f16_to_f64(0x7c00), f64::INFINITY);
        assert!(f16_to_f64(0x7e00).is_nan());
        assert_eq!(f32_to_f16_exact(1.1), None);
        assert_eq!(f32_to_f16_exact(65520.0), None);
        assert_eq!(f32_to_f16_exact(1.0e-8), None);
        assert_eq!(f32_to_f16_exact(-0.0), Some(0x8000));
        assert_eq!(f32_to_f16_exact(f32::from_bits(0x3380_0000)), Some(1));
        assert_eq!(f32_to_f16_exact(f32::from_bits(0x33c0_0000) * 1.5), None);
    }
}
