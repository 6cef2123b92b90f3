//! The serde bridge (`codec::serde`) against the serde formats themselves, on the same
//! serde impl: a struct holding a `serde_json::Value` of twitter.json, decoded and encoded
//!
//! - `codec_bridge`: `codec::json::from_slice` / `to_vec` of a derived struct whose field is
//!   `#[codec(with = "codec::serde")]` (serde_json's `Value` impl, driven by codec's reader
//!   and writer);
//! - `serde_json`: `serde_json::from_slice` / `to_vec` of the same shape with serde's derive;
//! - `codec_value` (reference): the same document as codec's own `codec::json::Value`;
//!
//! and in MessagePack (`codec_bridge` against `rmp_serde`), then chrono's `DateTime<Utc>`
//! through the bridge against codec's native impl and serde_json (1,000 values).
//!
//! Before timing, every contender's output is checked equal. Run with
//! `cargo bench --bench serde_bridge`; throughput is in bytes of JSON per second.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

#[derive(codec::Codec, PartialEq, Debug)]
struct Bridged {
    id: u32,
    #[codec(with = "codec::serde")]
    value: serde_json::Value,
}

#[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
struct Reference {
    id: u32,
    value: serde_json::Value,
}

#[derive(codec::Codec, PartialEq, Debug)]
struct Native {
    id: u32,
    value: codec::json::Value,
}

fn twitter(c: &mut Criterion) {
    let text = codec_tests::data("json-benchmark/twitter.json");
    let doc = [br#"{"id":7,"value":"#, &text[..], b"}"].concat();
    let reference: Reference = serde_json::from_slice(&doc).unwrap();
    let json = serde_json::to_vec(&reference).unwrap();
    let bridged: Bridged = codec::json::from_slice(&json).unwrap();
    assert!(bridged.value == reference.value);
    assert!(codec::json::to_vec(&bridged).unwrap() == json);
    let native: Native = codec::json::from_slice(&json).unwrap();
    assert!(codec::json::to_vec(&native).unwrap() == json);
    let packed = rmp_serde::to_vec_named(&reference).unwrap();
    assert!(codec::msgpack::to_vec(&bridged).unwrap() == packed);
    assert!(codec::msgpack::from_slice::<Bridged>(&packed).unwrap() == bridged);

    let mut g = c.benchmark_group("decode/twitter_value");
    g.throughput(Throughput::Bytes(json.len() as u64));
    g.bench_function("codec_bridge", |b| {
        b.iter(|| black_box(codec::json::from_slice::<Bridged>(black_box(&json)).unwrap()))
    });
    g.bench_function("serde_json", |b| {
        b.iter(|| black_box(serde_json::from_slice::<Reference>(black_box(&json)).unwrap()))
    });
    g.bench_function("codec_value", |b| {
        b.iter(|| black_box(codec::json::from_slice::<Native>(black_box(&json)).unwrap()))
    });
    g.finish();

    let mut g = c.benchmark_group("encode/twitter_value");
    g.throughput(Throughput::Bytes(json.len() as u64));
    let mut out = Vec::with_capacity(json.len());
    g.bench_function("codec_bridge", |b| {
        b.iter(|| {
            out.clear();
            let mut w = codec::json::JsonWriter::from_vec(std::mem::take(&mut out));
            codec::Encode::encode(black_box(&bridged), &mut w).unwrap();
            out = w.into_inner();
            black_box(&out);
        })
    });
    g.bench_function("serde_json", |b| {
        b.iter(|| {
            out.clear();
            serde_json::to_writer(&mut out, black_box(&reference)).unwrap();
            black_box(&out);
        })
    });
    g.bench_function("codec_value", |b| {
        b.iter(|| {
            out.clear();
            let mut w = codec::json::JsonWriter::from_vec(std::mem::take(&mut out));
            codec::Encode::encode(black_box(&native), &mut w).unwrap();
            out = w.into_inner();
            black_box(&out);
        })
    });
    g.finish();

    let mut g = c.benchmark_group("decode/twitter_value_msgpack");
    g.throughput(Throughput::Bytes(packed.len() as u64));
    g.bench_function("codec_bridge", |b| {
        b.iter(|| black_box(codec::msgpack::from_slice::<Bridged>(black_box(&packed)).unwrap()))
    });
    g.bench_function("rmp_serde", |b| {
        b.iter(|| black_box(rmp_serde::from_slice::<Reference>(black_box(&packed)).unwrap()))
    });
    g.finish();

    let mut g = c.benchmark_group("encode/twitter_value_msgpack");
    g.throughput(Throughput::Bytes(packed.len() as u64));
    g.bench_function("codec_bridge", |b| {
        b.iter(|| {
            out.clear();
            let mut w = codec::msgpack::MsgpackWriter::from_vec(std::mem::take(&mut out));
            codec::Encode::encode(black_box(&bridged), &mut w).unwrap();
            out = w.into_inner();
            black_box(&out);
        })
    });
    g.bench_function("rmp_serde", |b| {
        b.iter(|| {
            out.clear();
            rmp_serde::encode::write_named(&mut out, black_box(&reference)).unwrap();
            black_box(&out);
        })
    });
    g.finish();
}

/// chrono's `DateTime<Utc>` (its serde impl formats with `collect_str` and parses with
/// `FromStr`) through the bridge, beside codec's native impl and serde_json.
fn chrono(c: &mut Criterion) {
    const N: u64 = 1_000;
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let values: Vec<chrono::DateTime<chrono::Utc>> = (0..N)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let secs = -2_208_988_800 + (x % 6_311_433_600) as i64;
            chrono::DateTime::from_timestamp(secs, (x >> 20) as u32 % 1_000_000_000).unwrap()
        })
        .collect();
    let jsons: Vec<Vec<u8>> = values.iter().map(|v| serde_json::to_vec(v).unwrap()).collect();
    for (j, v) in jsons.iter().zip(&values) {
        assert_eq!(&codec::json::from_slice::<codec::serde::Compat<chrono::DateTime<chrono::Utc>>>(j).unwrap().0, v);
        assert_eq!(&codec::json::to_vec(&codec::serde::Compat(v)).unwrap(), j);
    }

    let mut g = c.benchmark_group("decode/chrono_DateTime_Utc");
    g.throughput(Throughput::Elements(N));
    g.bench_function("codec_bridge", |b| {
        b.iter(|| {
            for j in &jsons {
                black_box(codec::json::from_slice::<codec::serde::Compat<chrono::DateTime<chrono::Utc>>>(j).unwrap());
            }
        })
    });
    g.bench_function("codec_native", |b| {
        b.iter(|| {
            for j in &jsons {
                black_box(codec::json::from_slice::<chrono::DateTime<chrono::Utc>>(j).unwrap());
            }
        })
    });
    g.bench_function("serde_json", |b| {
        b.iter(|| {
            for j in &jsons {
                black_box(serde_json::from_slice::<chrono::DateTime<chrono::Utc>>(j).unwrap());
            }
        })
    });
    g.finish();

    let mut g = c.benchmark_group("encode/chrono_DateTime_Utc");
    g.throughput(Throughput::Elements(N));
    let mut out = Vec::with_capacity(64);
    g.bench_function("codec_bridge", |b| {
        b.iter(|| {
            for v in &values {
                out.clear();
                let mut w = codec::json::JsonWriter::from_vec(std::mem::take(&mut out));
                codec::serde::encode(black_box(v), &mut w).unwrap();
                out = w.into_inner();
                black_box(&out);
            }
        })
    });
    g.bench_function("codec_native", |b| {
        b.iter(|| {
            for v in &values {
                out.clear();
                let mut w = codec::json::JsonWriter::from_vec(std::mem::take(&mut out));
                codec::Encode::encode(black_box(v), &mut w).unwrap();
                out = w.into_inner();
                black_box(&out);
            }
        })
    });
    g.bench_function("serde_json", |b| {
        b.iter(|| {
            for v in &values {
                out.clear();
                serde_json::to_writer(&mut out, black_box(v)).unwrap();
                black_box(&out);
            }
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_secs(1));
    targets = twitter, chrono
}
criterion_main!(benches);
