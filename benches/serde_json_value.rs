//! `serde_json::Value` decoded and encoded by codec's own impls (feature `serde_json`)
//! against serde_json itself, on the json-benchmark documents (twitter, citm_catalog,
//! canada), in the same run:
//!
//! - `codec`: `codec::json::from_slice::<serde_json::Value>` / `to_vec`, codec's reader and
//!   writer building serde_json's types directly;
//! - `serde_json`: `serde_json::from_slice::<serde_json::Value>` / `to_writer` (with the
//!   workspace's `float_roundtrip`, the float parsing codec matches);
//! - `codec_json_value` (reference): codec's own `codec::json::Value` of the same document;
//!
//! and in MessagePack, `codec` against `rmp_serde` (`from_slice`, `write_named`).
//!
//! Before timing, every contender's value and bytes are checked equal. Run with
//! `cargo bench --bench serde_json_value`; throughput is in bytes of input per second.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use serde_json::Value;

const DOCS: [&str; 3] = ["twitter", "citm_catalog", "canada"];

fn decode(c: &mut Criterion) {
    for doc in DOCS {
        let json = codec_tests::data(&format!("json-benchmark/{doc}.json"));
        let reference: Value = serde_json::from_slice(&json).unwrap();
        let ours: Value = codec::json::from_slice(&json).unwrap();
        assert!(ours == reference, "{doc}: codec's serde_json::Value differs from serde_json's");
        let native: codec::json::Value = codec::json::from_slice(&json).unwrap();
        // (codec's `Value` keeps the input's member order, serde_json's sorts: compare values.)
        let native_text = codec::json::to_vec(&native).unwrap();
        assert!(serde_json::from_slice::<Value>(&native_text).unwrap() == reference);

        let mut g = c.benchmark_group(format!("decode/{doc}"));
        g.throughput(Throughput::Bytes(json.len() as u64));
        g.bench_function("codec", |b| {
            b.iter(|| black_box(codec::json::from_slice::<Value>(black_box(&json)).unwrap()))
        });
        g.bench_function("serde_json", |b| {
            b.iter(|| black_box(serde_json::from_slice::<Value>(black_box(&json)).unwrap()))
        });
        g.bench_function("codec_json_value", |b| {
            b.iter(|| black_box(codec::json::from_slice::<codec::json::Value>(black_box(&json)).unwrap()))
        });
        g.finish();
    }
}

fn encode(c: &mut Criterion) {
    for doc in DOCS {
        let json = codec_tests::data(&format!("json-benchmark/{doc}.json"));
        let value: Value = serde_json::from_slice(&json).unwrap();
        let compact = serde_json::to_vec(&value).unwrap();
        assert!(codec::json::to_vec(&value).unwrap() == compact, "{doc}: codec's bytes differ from serde_json's");

        let mut g = c.benchmark_group(format!("encode/{doc}"));
        g.throughput(Throughput::Bytes(compact.len() as u64));
        let mut out = Vec::with_capacity(compact.len());
        g.bench_function("codec", |b| {
            b.iter(|| {
                out.clear();
                let mut w = codec::json::JsonWriter::from_vec(std::mem::take(&mut out));
                codec::Encode::encode(black_box(&value), &mut w).unwrap();
                out = w.into_inner();
                black_box(&out);
            })
        });
        g.bench_function("serde_json", |b| {
            b.iter(|| {
                out.clear();
                serde_json::to_writer(&mut out, black_box(&value)).unwrap();
                black_box(&out);
            })
        });
        g.finish();
    }
}

fn msgpack(c: &mut Criterion) {
    for doc in DOCS {
        let json = codec_tests::data(&format!("json-benchmark/{doc}.json"));
        let value: Value = serde_json::from_slice(&json).unwrap();
        let packed = rmp_serde::to_vec_named(&value).unwrap();
        assert!(
            codec::msgpack::to_vec(&value).unwrap() == packed,
            "{doc}: codec's MessagePack differs from rmp-serde's"
        );
        assert!(codec::msgpack::from_slice::<Value>(&packed).unwrap() == value);

        let mut g = c.benchmark_group(format!("decode_msgpack/{doc}"));
        g.throughput(Throughput::Bytes(packed.len() as u64));
        g.bench_function("codec", |b| {
            b.iter(|| black_box(codec::msgpack::from_slice::<Value>(black_box(&packed)).unwrap()))
        });
        g.bench_function("rmp_serde", |b| {
            b.iter(|| black_box(rmp_serde::from_slice::<Value>(black_box(&packed)).unwrap()))
        });
        g.finish();

        let mut g = c.benchmark_group(format!("encode_msgpack/{doc}"));
        g.throughput(Throughput::Bytes(packed.len() as u64));
        let mut out = Vec::with_capacity(packed.len());
        g.bench_function("codec", |b| {
            b.iter(|| {
                out.clear();
                let mut w = codec::msgpack::MsgpackWriter::from_vec(std::mem::take(&mut out));
                codec::Encode::encode(black_box(&value), &mut w).unwrap();
                out = w.into_inner();
                black_box(&out);
            })
        });
        g.bench_function("rmp_serde", |b| {
            b.iter(|| {
                out.clear();
                rmp_serde::encode::write_named(&mut out, black_box(&value)).unwrap();
                black_box(&out);
            })
        });
        g.finish();
    }
}

criterion_group!(benches, decode, encode, msgpack);
criterion_main!(benches);
