//! codec's float printing against zmij's, byte for byte: `JsonWriter::write_f64` and
//! `write_f32`, and the whole-array paths (`[f64]`, `Vec<f64>`, `[f64; N]`, tuples of
//! floats), on boundary cases and a few million random bit patterns (a seeded xorshift, so
//! a failure repeats). `examples/float_vs_zmij.rs` runs the same comparison on hundreds of
//! millions in a release build.

use codec::json::JsonWriter;

use codec_tests::rng::Rng;

fn zmij64(v: f64) -> String {
    zmij::Buffer::new().format_finite(v).to_owned()
}

fn zmij32(v: f32) -> String {
    zmij::Buffer::new().format_finite(v).to_owned()
}

fn codec64(v: f64) -> String {
    let mut w = JsonWriter::new();
    w.write_f64(v).unwrap();
    String::from_utf8(w.into_inner()).unwrap()
}

fn codec32(v: f32) -> String {
    let mut w = JsonWriter::new();
    w.write_f32(v).unwrap();
    String::from_utf8(w.into_inner()).unwrap()
}

#[track_caller]
fn check64(v: f64) {
    if v.is_finite() {
        assert_eq!(codec64(v), zmij64(v), "f64 bits {:#018x}", v.to_bits());
    }
}

#[track_caller]
fn check32(v: f32) {
    if v.is_finite() {
        assert_eq!(codec32(v), zmij32(v), "f32 bits {:#010x}", v.to_bits());
    }
}

/// Each value, its neighbours one ulp either side, and their negations.
fn around64(v: f64) -> impl Iterator<Item = f64> {
    let b = v.to_bits();
    [b.wrapping_sub(1), b, b.wrapping_add(1)].into_iter().flat_map(|b| [f64::from_bits(b), -f64::from_bits(b)])
}

fn around32(v: f32) -> impl Iterator<Item = f32> {
    let b = v.to_bits();
    [b.wrapping_sub(1), b, b.wrapping_add(1)].into_iter().flat_map(|b| [f32::from_bits(b), -f32::from_bits(b)])
}

/// The values where the printed form changes shape or the algorithm changes path.
fn boundaries64() -> Vec<f64> {
    let mut out = vec![
        0.0,
        f64::MIN_POSITIVE,
        f64::MAX,
        f64::EPSILON,
        f64::from_bits(1),
        f64::from_bits(0x000F_FFFF_FFFF_FFFF),
        0.1,
        0.2,
        0.3,
        1.0 / 3.0,
        2.0 / 3.0,
        5e-324,
        1.7976931348623157e308,
        9007199254740992.0,
        9007199254740993.0,
        123456789012345680.0,
        -1.2345678901234568e-300,
    ];
    // Powers of two, the irregular spacing below each.
    out.extend((-1074..=1023).map(|e| 2f64.powi(e)));
    // Powers of ten and their neighbours: the fixed/exponent thresholds (1e-7, 1e15, 1e16,
    // 1e21...) are among them.
    out.extend((-324..=308).map(|e| format!("1e{e}").parse::<f64>().unwrap()));
    out.extend((-324..=308).map(|e| format!("9.999999999999999e{e}").parse::<f64>().unwrap()));
    // Exact integers of every length, and their halves.
    let mut n = 1u64;
    for _ in 0..=19 {
        out.extend([n as f64, (n - 1) as f64, (n + 1) as f64, n as f64 / 2.0, n as f64 * 3.0]);
        n = n.saturating_mul(10);
    }
    out.extend((0..2000).map(f64::from));
    // Short decimals at every exponent: 1.5e-7, 2.25e21 and so on.
    for e in -330..=310 {
        for m in ["1.5", "2.25", "123.456", "1.2345678", "4.9406564584124654", "2.2250738585072014"] {
            if let Ok(v) = format!("{m}e{e}").parse::<f64>() {
                out.push(v);
            }
        }
    }
    out
}

#[test]
fn f64_boundaries() {
    for v in boundaries64() {
        for v in around64(v) {
            check64(v);
        }
    }
}

#[test]
fn f32_boundaries() {
    let mut vals: Vec<f32> =
        vec![0.0, f32::MIN_POSITIVE, f32::MAX, f32::EPSILON, f32::from_bits(1), 0.1, 0.3, 16777216.0];
    vals.extend((-149..=127).map(|e| 2f32.powi(e)));
    vals.extend((-45..=38).map(|e| format!("1e{e}").parse::<f32>().unwrap()));
    vals.extend((0..2000).map(|i| i as f32));
    for v in vals {
        for v in around32(v) {
            check32(v);
        }
    }
}

#[test]
fn f64_subnormals() {
    let mut rng = Rng(0x5EED_0001);
    for _ in 0..20_000 {
        check64(f64::from_bits(rng.next() & 0x800F_FFFF_FFFF_FFFF));
    }
    for b in 1..2000u64 {
        check64(f64::from_bits(b));
    }
}

/// Random bit patterns: every exponent, sign and significand.
#[test]
fn f64_random_bits() {
    let n = if cfg!(debug_assertions) { 2_000_000 } else { 20_000_000 };
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut w = JsonWriter::new();
    let mut z = zmij::Buffer::new();
    for _ in 0..n {
        let v = f64::from_bits(rng.next());
        if !v.is_finite() {
            continue;
        }
        w.clear();
        w.write_f64(v).unwrap();
        assert_eq!(w.as_bytes(), z.format_finite(v).as_bytes(), "f64 bits {:#018x}", v.to_bits());
    }
}

/// Random values in the ranges data has (coordinates, prices, measurements): 15 to 17
/// significant digits, exponents near zero.
#[test]
fn f64_random_decimal_range() {
    let mut rng = Rng(0xC0FF_EE00_1234_5678);
    for _ in 0..500_000 {
        let r = rng.next();
        // Exponent field 1013..=1033: about 1e-3 to 1e3.
        let exp = 1013 + (r >> 59) % 21;
        check64(f64::from_bits((r & 0x800F_FFFF_FFFF_FFFF) | (exp << 52)));
    }
}

#[test]
fn f32_random_bits() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    for _ in 0..1_000_000 {
        check32(f32::from_bits(rng.next() as u32));
    }
}

/// The whole-array paths print exactly the elements' texts between commas.
#[test]
fn float_sequences() {
    let mut rng = Rng(0xABCD_EF01_2345_6789);
    let mut vals: Vec<f64> = boundaries64();
    vals.retain(|v| v.is_finite());
    vals.extend((0..20_000).map(|_| f64::from_bits(rng.next())).filter(|v| v.is_finite()));
    let join = |vs: &[f64]| format!("[{}]", vs.iter().map(|v| zmij64(*v)).collect::<Vec<_>>().join(","));
    // Slices of every length up to 40, at every offset of the first few hundred values.
    for len in 0..40 {
        for start in (0..300).step_by(7) {
            let s = &vals[start..start + len];
            assert_eq!(String::from_utf8(codec::json::to_vec(s).unwrap()).unwrap(), join(s));
            assert_eq!(String::from_utf8(codec::json::to_vec(&s.to_vec()).unwrap()).unwrap(), join(s));
        }
    }
    assert_eq!(String::from_utf8(codec::json::to_vec(&vals).unwrap()).unwrap(), join(&vals));
    for pair in vals.chunks_exact(2) {
        let (a, b) = (pair[0], pair[1]);
        let want = join(&[a, b]);
        assert_eq!(String::from_utf8(codec::json::to_vec(&[a, b]).unwrap()).unwrap(), want);
        assert_eq!(String::from_utf8(codec::json::to_vec(&(a, b)).unwrap()).unwrap(), want);
    }
    for t in vals.chunks_exact(3) {
        let want = join(t);
        let arr: [f64; 3] = [t[0], t[1], t[2]];
        assert_eq!(String::from_utf8(codec::json::to_vec(&arr).unwrap()).unwrap(), want);
        assert_eq!(String::from_utf8(codec::json::to_vec(&(t[0], t[1], t[2])).unwrap()).unwrap(), want);
    }
    // Nested, as canada's rings are.
    let rings: Vec<Vec<[f64; 2]>> =
        vals.chunks(34).map(|c| c.chunks_exact(2).map(|p| [p[0], p[1]]).collect()).collect();
    let want = format!(
        "[{}]",
        rings
            .iter()
            .map(|r| format!("[{}]", r.iter().map(|p| join(p)).collect::<Vec<_>>().join(",")))
            .collect::<Vec<_>>()
            .join(",")
    );
    assert_eq!(String::from_utf8(codec::json::to_vec(&rings).unwrap()).unwrap(), want);
    // f32 sequences.
    let f: Vec<f32> = (0..5_000).map(|_| f32::from_bits(rng.next() as u32)).filter(|v| v.is_finite()).collect();
    let want = format!("[{}]", f.iter().map(|v| zmij32(*v)).collect::<Vec<_>>().join(","));
    assert_eq!(String::from_utf8(codec::json::to_vec(&f).unwrap()).unwrap(), want);
}

/// A non-finite element in the middle of an array is the error it is alone (its index on
/// the path), and under `NonFinite::Null` it prints `null` between the others.
#[test]
fn non_finite_inside_sequences() {
    let v = vec![1.5, f64::NAN, 2.5];
    let e = codec::json::to_vec(&v).unwrap_err();
    assert!(e.to_string().contains("[1]"), "{e}");
    let e = codec::json::to_vec(&(1.5, f64::INFINITY)).unwrap_err();
    assert!(e.to_string().contains("NaN and infinities"), "{e}");
    let opts = codec::json::EncodeOptions::new().non_finite(codec::NonFinite::Null);
    assert_eq!(codec::json::to_vec_with(&v, &opts).unwrap(), b"[1.5,null,2.5]");
    assert_eq!(codec::json::to_vec_with(&[f64::NEG_INFINITY, 0.5], &opts).unwrap(), b"[null,0.5]");
}

/// Streaming writers flush between floats: a small buffer limit cuts a long array of
/// floats many times, and the bytes that reach the sink are those of the in-memory encoding.
#[test]
fn float_sequences_through_a_stream() {
    let mut rng = Rng(0x0BAD_CAFE_DEAD_BEEF);
    let vals: Vec<f64> = (0..10_000).map(|_| f64::from_bits(rng.next())).filter(|v| v.is_finite()).collect();
    let want = codec::json::to_vec(&vals).unwrap();
    let mut out = Vec::new();
    codec::json::to_writer(&mut out, &vals).unwrap();
    assert_eq!(out, want);
}
