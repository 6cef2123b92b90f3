//! codec's float printing against zmij's on many random bit patterns, byte for byte (the
//! release-build companion of `tests/float_print.rs`, which samples fewer):
//!
//! ```sh
//! cargo run --release --example float_vs_zmij -- 500000000        # f64, seeded
//! cargo run --release --example float_vs_zmij -- 500000000 7      # another seed
//! cargo run --release --example float_vs_zmij -- f32              # every f32
//! ```
//!
//! Every value goes through `JsonWriter::write_f64` (or `write_f32`) alone, and every
//! 64th batch of values also through `Encode for [f64]` (the whole-array path) and
//! `(f64, f64)`; a mismatch prints the bits and exits with status 1.

use std::time::Instant;

use codec::json::JsonWriter;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("f32") {
        return every_f32();
    }
    let count: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(500_000_000);
    let mut rng = codec_tests::rng::Rng(args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0x9E37_79B9_7F4A_7C15) | 1);
    let started = Instant::now();
    let mut w = JsonWriter::with_capacity(1 << 16);
    let mut z = zmij::Buffer::new();
    let mut batch: Vec<f64> = Vec::with_capacity(256);
    let mut want = Vec::with_capacity(1 << 14);
    let (mut checked, mut batches) = (0u64, 0u64);
    while checked < count {
        batch.clear();
        while batch.len() < 256 {
            let v = f64::from_bits(rng.next());
            if v.is_finite() {
                batch.push(v);
            }
        }
        for &v in &batch {
            w.clear();
            w.write_f64(v).unwrap();
            if w.as_bytes() != z.format_finite(v).as_bytes() {
                fail(v, w.as_bytes(), z.format_finite(v));
            }
        }
        checked += batch.len() as u64;
        batches += 1;
        if batches % 64 == 0 {
            want.clear();
            want.push(b'[');
            for (i, &v) in batch.iter().enumerate() {
                if i > 0 {
                    want.push(b',');
                }
                want.extend_from_slice(z.format_finite(v).as_bytes());
            }
            want.push(b']');
            w.clear();
            codec::Encode::encode(&batch[..], &mut w).unwrap();
            assert!(w.as_bytes() == &want[..], "the [f64] path differs from zmij's texts joined");
            w.clear();
            codec::Encode::encode(&(batch[0], batch[1]), &mut w).unwrap();
            let pair = format!("[{},{}]", z.format_finite(batch[0]), zmij::Buffer::new().format_finite(batch[1]));
            assert!(w.as_bytes() == pair.as_bytes(), "the (f64, f64) path differs from zmij's");
        }
    }
    println!("f64: {checked} random finite bit patterns print as zmij prints them ({:.1?})", started.elapsed());
}

fn every_f32() {
    let started = Instant::now();
    let mut w = JsonWriter::new();
    let mut z = zmij::Buffer::new();
    let mut checked = 0u64;
    for bits in 0..=u32::MAX {
        let v = f32::from_bits(bits);
        if !v.is_finite() {
            continue;
        }
        w.clear();
        w.write_f32(v).unwrap();
        if w.as_bytes() != z.format_finite(v).as_bytes() {
            eprintln!(
                "f32 {bits:#010x}: codec {:?}, zmij {:?}",
                String::from_utf8_lossy(w.as_bytes()),
                z.format_finite(v)
            );
            std::process::exit(1);
        }
        checked += 1;
    }
    println!("f32: all {checked} finite values print as zmij prints them ({:.1?})", started.elapsed());
}

fn fail(v: f64, ours: &[u8], zmij: &str) -> ! {
    eprintln!("f64 {:#018x}: codec {:?}, zmij {zmij:?}", v.to_bits(), String::from_utf8_lossy(ours));
    std::process::exit(1);
}
