//! Shortest round-trip float printing: ryu against zmij on every number of canada.json
//! (the dataset whose encode is dominated by float printing), and codec's own printing
//! through its public writer (`JsonWriter::write_f64`, one float at a time, and
//! `Encode for [f64]`, the whole slice at once). See the note in `codec/src/json/writer.rs`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn canada_floats() -> Vec<f64> {
    let bytes = codec_tests::data("json-benchmark/canada.json");
    let text = String::from_utf8(bytes).expect("canada.json is UTF-8");
    text.split(|c: char| !(c.is_ascii_digit() || matches!(c, '-' | '.' | 'e' | 'E' | '+')))
        .filter(|t| t.bytes().any(|b| b.is_ascii_digit()))
        .map(|t| t.parse::<f64>().expect("a number"))
        .collect()
}

fn bench(c: &mut Criterion) {
    let floats = canada_floats();
    assert_eq!(floats.len(), 111_126, "canada.json holds 111,126 numbers (data/README.md)");
    // Both must print text that parses back to the same bits before timing counts.
    for &f in &floats {
        let a: f64 = ryu::Buffer::new().format_finite(f).parse().unwrap();
        let b: f64 = zmij::Buffer::new().format_finite(f).parse().unwrap();
        assert_eq!((a.to_bits(), b.to_bits()), (f.to_bits(), f.to_bits()));
    }
    let bytes: usize = floats.iter().map(|f| ryu::Buffer::new().format_finite(*f).len()).sum();
    let mut g = c.benchmark_group("canada_floats");
    g.throughput(Throughput::Bytes(bytes as u64));
    let mut out = Vec::with_capacity(bytes * 2);
    g.bench_function("ryu", |b| {
        b.iter(|| {
            out.clear();
            let mut buf = ryu::Buffer::new();
            for &f in &floats {
                out.extend_from_slice(buf.format_finite(f).as_bytes());
            }
            out.len()
        })
    });
    g.bench_function("zmij", |b| {
        b.iter(|| {
            out.clear();
            let mut buf = zmij::Buffer::new();
            for &f in &floats {
                out.extend_from_slice(buf.format_finite(f).as_bytes());
            }
            out.len()
        })
    });
    let mut w = codec::json::JsonWriter::with_capacity(bytes * 2);
    g.bench_function("codec_write_f64", |b| {
        b.iter(|| {
            w.clear();
            for &f in &floats {
                w.write_f64(f).unwrap();
            }
            w.as_bytes().len()
        })
    });
    g.bench_function("codec_slice", |b| {
        b.iter(|| {
            w.clear();
            codec::Encode::encode(&floats[..], &mut w).unwrap();
            w.as_bytes().len()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
