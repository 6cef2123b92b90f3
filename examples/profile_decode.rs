//! A fixed workload for instruction-count profiling: decode (or decode then encode ten
//! times) one dataset into its model, with codec or serde_json, N times. The README's
//! instruction counts come from running it under callgrind twice and subtracting:
//!
//! ```sh
//! cargo build --release --example profile_decode
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/profile_decode twitter 1
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/profile_decode twitter 3
//! # (instructions of the second - the first) / 2 = one decode
//! ```
//!
//! Workloads: twitter, citm, canada, gmaps (codec), with `_sj` for serde_json, `_simd` for
//! simd-json (its input copy included, as in the bench), and
//! `twitter_enc`, `citm_enc`, `canada_enc` (decode once, encode ten times; `canada_enc_sj`
//! encodes with serde_json; `canada_tuple_enc` (`_sj`) the same with `(f64, f64)` points), `twitter_mp_enc` and `citm_mp_enc` (the same, encoding
//! MessagePack). MessagePack:
//! `twitter_mp`, `citm_mp`, `canada_mp`, `gmaps_mp` (and `twitter_mp_borrowed`) decode the dataset's MessagePack
//! encoding with codec, `_rmp` with rmp-serde (the encoding is made once, before the loop,
//! and so cancels out in the subtraction). `citm_pretty` (`_sj`), `twitter_pretty` and `canada_pretty` encode pretty JSON ten
//! times with codec (serde_json). `events` (`_sj`; `_mp` in MessagePack) decodes the generated events (1 MB), `geojson`
//! (`_mp`) che.geo.json's tagged enums, `flatten` (`_mp`) 10,000 envelopes that flatten a
//! struct and an internally tagged enum, `synthetic` the generated tree
//! (1 MB; `synthetic_enc` (`_sj`) decodes it once and encodes it ten times), `canada_tuple` canada with `(f64, f64)` points.
//! Streams: `citm_reader` and `canada_reader`
//! (`from_reader` over the bytes as a `&[u8]` reader), `ndjson` (`iter_values`) and
//! `iter_array` over 1,000 of twitter's statuses, `vec_statuses` the same array through
//! `from_slice::<Vec<Status>>`; MessagePack's: `mp_values` (`iter_values` over the 1,000
//! statuses concatenated), `mp_values_slice` (`iter_values_slice`) and `citm_mp_reader`
//! (`from_reader`). Float printers alone, over canada's 111,126 numbers (one
//! iteration prints each once): `floats_ryu`, `floats_zmij`, `floats_codec`
//! (`JsonWriter::write_f64`) and `floats_codec_slice` (`Encode for Vec<f64>`, commas included;
//! its iteration also collects the floats into the `Vec`). Dynamic values, over citm_catalog:
//! `value` (`codec::json::Value`), `mpvalue` (`codec::msgpack::Value`) and `sjvalue`
//! (`serde_json::Value`) decode its JSON, with `_mp` its MessagePack; `value_enc`,
//! `value_mp_enc`, `sjvalue_enc` and `mpvalue_mp_enc` decode once and encode ten times.
//! The serde bridge, over citm_catalog as a `serde_json::Value` in `codec::serde::Compat`:
//! `bridge` (`_mp`) decodes it, `bridge_enc` (`bridge_mp_enc`) decodes once and encodes ten
//! times.

use codec_tests::models::{canada, canada_tuple, citm, events, geojson, gmaps, synthetic, twitter};
use std::hint::black_box;

/// The serde bridge's workloads' type.
type Bridged = codec::serde::Compat<serde_json::Value>;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map_or("twitter", String::as_str);
    let iters: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100);
    type Work = fn(&[u8]);
    let (file, work): (&str, Work) = match which {
        "twitter" => ("json-benchmark/twitter.json", |b| {
            black_box(codec::json::from_slice::<twitter::Twitter>(b).unwrap());
        }),
        "twitter_sj" => ("json-benchmark/twitter.json", |b| {
            black_box(serde_json::from_slice::<twitter::Twitter>(b).unwrap());
        }),
        "citm" => ("json-benchmark/citm_catalog.json", |b| {
            black_box(codec::json::from_slice::<citm::CitmCatalog>(b).unwrap());
        }),
        "citm_sj" => ("json-benchmark/citm_catalog.json", |b| {
            black_box(serde_json::from_slice::<citm::CitmCatalog>(b).unwrap());
        }),
        "canada" => ("json-benchmark/canada.json", |b| {
            black_box(codec::json::from_slice::<canada::Canada>(b).unwrap());
        }),
        "canada_sj" => ("json-benchmark/canada.json", |b| {
            black_box(serde_json::from_slice::<canada::Canada>(b).unwrap());
        }),
        "gmaps" => ("zio-json/google_maps_api_response.json", |b| {
            black_box(codec::json::from_slice::<gmaps::DistanceMatrix>(b).unwrap());
        }),
        "gmaps_sj" => ("zio-json/google_maps_api_response.json", |b| {
            black_box(serde_json::from_slice::<gmaps::DistanceMatrix>(b).unwrap());
        }),
        "twitter_enc" => ("json-benchmark/twitter.json", |b| {
            let v: twitter::Twitter = codec::json::from_slice(b).unwrap();
            for _ in 0..10 {
                black_box(codec::json::to_vec(&v).unwrap());
            }
        }),
        "citm_enc" => ("json-benchmark/citm_catalog.json", |b| {
            let v: citm::CitmCatalog = codec::json::from_slice(b).unwrap();
            for _ in 0..10 {
                black_box(codec::json::to_vec(&v).unwrap());
            }
        }),
        "canada_enc" => ("json-benchmark/canada.json", |b| {
            let v: canada::Canada = codec::json::from_slice(b).unwrap();
            for _ in 0..10 {
                black_box(codec::json::to_vec(&v).unwrap());
            }
        }),
        "canada_enc_sj" => ("json-benchmark/canada.json", |b| {
            let v: canada::Canada = codec::json::from_slice(b).unwrap();
            for _ in 0..10 {
                black_box(serde_json::to_vec(&v).unwrap());
            }
        }),
        "canada_tuple" => ("json-benchmark/canada.json", |b| {
            black_box(codec::json::from_slice::<canada_tuple::Canada>(b).unwrap());
        }),
        "synthetic" => ("json-benchmark/twitter.json", |b| {
            black_box(codec::json::from_slice::<synthetic::Node>(b).unwrap());
        }),
        "synthetic_enc" => ("json-benchmark/twitter.json", |b| {
            let v: synthetic::Node = codec::json::from_slice(b).unwrap();
            for _ in 0..10 {
                black_box(codec::json::to_vec(&v).unwrap());
            }
        }),
        "synthetic_enc_sj" => ("json-benchmark/twitter.json", |b| {
            let v: synthetic::Node = codec::json::from_slice(b).unwrap();
            for _ in 0..10 {
                black_box(serde_json::to_vec(&v).unwrap());
            }
        }),
        "canada_tuple_enc" => ("json-benchmark/canada.json", |b| {
            let v: canada_tuple::Canada = codec::json::from_slice(b).unwrap();
            for _ in 0..10 {
                black_box(codec::json::to_vec(&v).unwrap());
            }
        }),
        "canada_tuple_enc_sj" => ("json-benchmark/canada.json", |b| {
            let v: canada_tuple::Canada = codec::json::from_slice(b).unwrap();
            for _ in 0..10 {
                black_box(serde_json::to_vec(&v).unwrap());
            }
        }),
        "twitter_simd" => ("json-benchmark/twitter.json", |b| {
            black_box(simd_json::serde::from_slice::<twitter::Twitter>(&mut b.to_vec()).unwrap());
        }),
        "citm_simd" => ("json-benchmark/citm_catalog.json", |b| {
            black_box(simd_json::serde::from_slice::<citm::CitmCatalog>(&mut b.to_vec()).unwrap());
        }),
        "canada_simd" => ("json-benchmark/canada.json", |b| {
            black_box(simd_json::serde::from_slice::<canada::Canada>(&mut b.to_vec()).unwrap());
        }),
        "gmaps_simd" => ("zio-json/google_maps_api_response.json", |b| {
            black_box(simd_json::serde::from_slice::<gmaps::DistanceMatrix>(&mut b.to_vec()).unwrap());
        }),
        "twitter_mp" => ("json-benchmark/twitter.json", |b| {
            black_box(codec::msgpack::from_slice::<twitter::Twitter>(b).unwrap());
        }),
        "twitter_mp_borrowed" => ("json-benchmark/twitter.json", |b| {
            black_box(codec::msgpack::from_slice::<twitter::borrowed::Twitter<'_>>(b).unwrap());
        }),
        "twitter_rmp" => ("json-benchmark/twitter.json", |b| {
            black_box(rmp_serde::from_slice::<twitter::Twitter>(b).unwrap());
        }),
        "citm_mp" => ("json-benchmark/citm_catalog.json", |b| {
            black_box(codec::msgpack::from_slice::<citm::CitmCatalog>(b).unwrap());
        }),
        "citm_rmp" => ("json-benchmark/citm_catalog.json", |b| {
            black_box(rmp_serde::from_slice::<citm::CitmCatalog>(b).unwrap());
        }),
        "canada_mp" => ("json-benchmark/canada.json", |b| {
            black_box(codec::msgpack::from_slice::<canada::Canada>(b).unwrap());
        }),
        "canada_rmp" => ("json-benchmark/canada.json", |b| {
            black_box(rmp_serde::from_slice::<canada::Canada>(b).unwrap());
        }),
        "gmaps_mp" => ("zio-json/google_maps_api_response.json", |b| {
            black_box(codec::msgpack::from_slice::<gmaps::DistanceMatrix>(b).unwrap());
        }),
        "gmaps_rmp" => ("zio-json/google_maps_api_response.json", |b| {
            black_box(rmp_serde::from_slice::<gmaps::DistanceMatrix>(b).unwrap());
        }),
        "citm_mp_enc" => ("json-benchmark/citm_catalog.json", |b| {
            let v: citm::CitmCatalog = codec::json::from_slice(b).unwrap();
            for _ in 0..10 {
                black_box(codec::msgpack::to_vec(&v).unwrap());
            }
        }),
        "twitter_mp_enc" => ("json-benchmark/twitter.json", |b| {
            let v: twitter::Twitter = codec::json::from_slice(b).unwrap();
            for _ in 0..10 {
                black_box(codec::msgpack::to_vec(&v).unwrap());
            }
        }),
        "citm_pretty" => ("json-benchmark/citm_catalog.json", |b| {
            let v: citm::CitmCatalog = codec::json::from_slice(b).unwrap();
            for _ in 0..10 {
                black_box(codec::json::to_vec_pretty(&v).unwrap());
            }
        }),
        "citm_pretty_sj" => ("json-benchmark/citm_catalog.json", |b| {
            let v: citm::CitmCatalog = codec::json::from_slice(b).unwrap();
            for _ in 0..10 {
                black_box(serde_json::to_vec_pretty(&v).unwrap());
            }
        }),
        "twitter_pretty" => ("json-benchmark/twitter.json", |b| {
            let v: twitter::Twitter = codec::json::from_slice(b).unwrap();
            for _ in 0..10 {
                black_box(codec::json::to_vec_pretty(&v).unwrap());
            }
        }),
        "canada_pretty" => ("json-benchmark/canada.json", |b| {
            let v: canada::Canada = codec::json::from_slice(b).unwrap();
            for _ in 0..10 {
                black_box(codec::json::to_vec_pretty(&v).unwrap());
            }
        }),
        "events" => ("json-benchmark/twitter.json", |b| {
            black_box(codec::json::from_slice::<events::Events>(b).unwrap());
        }),
        "events_sj" => ("json-benchmark/twitter.json", |b| {
            black_box(serde_json::from_slice::<events::Events>(b).unwrap());
        }),
        "events_mp" => ("json-benchmark/twitter.json", |b| {
            black_box(codec::msgpack::from_slice::<events::Events>(b).unwrap());
        }),
        "geojson" => ("zio-json/che.geo.json", |b| {
            black_box(codec::json::from_slice::<geojson::GeoJson>(b).unwrap());
        }),
        "geojson_mp" => ("zio-json/che.geo.json", |b| {
            black_box(codec::msgpack::from_slice::<geojson::GeoJson>(b).unwrap());
        }),
        "flatten" => ("json-benchmark/twitter.json", |b| {
            black_box(codec::json::from_slice::<Vec<flat::Envelope>>(b).unwrap());
        }),
        "flatten_mp" => ("json-benchmark/twitter.json", |b| {
            black_box(codec::msgpack::from_slice::<Vec<flat::Envelope>>(b).unwrap());
        }),
        "citm_reader" => ("json-benchmark/citm_catalog.json", |b| {
            black_box(codec::json::from_reader::<citm::CitmCatalog>(b).unwrap());
        }),
        "canada_reader" => ("json-benchmark/canada.json", |b| {
            black_box(codec::json::from_reader::<canada::Canada>(b).unwrap());
        }),
        // Streams (issue 12): twitter's statuses repeated, 1,000 of them compact, one per
        // line (`ndjson`) or as one array (`iter_array`; `vec_statuses` decodes that array
        // whole with `from_slice::<Vec<Status>>`, the reference).
        "ndjson" => ("json-benchmark/twitter.json", |b| {
            let n = codec::json::iter_values::<twitter::Status>(b).map(Result::unwrap).count();
            black_box(n);
        }),
        "iter_array" => ("json-benchmark/twitter.json", |b| {
            let n = codec::json::iter_array::<twitter::Status>(b).map(Result::unwrap).count();
            black_box(n);
        }),
        "vec_statuses" => ("json-benchmark/twitter.json", |b| {
            black_box(codec::json::from_slice::<Vec<twitter::Status>>(b).unwrap());
        }),
        // MessagePack streams: the same 1,000 statuses concatenated (`mp_values` through
        // `iter_values` over a `&[u8]` reader, `mp_values_slice` through
        // `iter_values_slice`), and citm_catalog through `from_reader` (`citm_mp_reader`).
        "mp_values" => ("json-benchmark/twitter.json", |b| {
            black_box(codec::msgpack::iter_values::<twitter::Status>(b).map(Result::unwrap).count());
        }),
        "mp_values_slice" => ("json-benchmark/twitter.json", |b| {
            black_box(codec::msgpack::iter_values_slice::<twitter::Status>(b).map(Result::unwrap).count());
        }),
        "citm_mp_reader" => ("json-benchmark/citm_catalog.json", |b| {
            black_box(codec::msgpack::from_reader::<citm::CitmCatalog>(b).unwrap());
        }),
        // The float printers alone, over canada's 111,126 numbers (handed over as 8-byte
        // little-endian bit patterns, made before the loop): one call per float into a
        // reused buffer, as `benches/float_format.rs` times them.
        "floats_ryu" => ("json-benchmark/canada.json", |b| {
            let mut out = Vec::with_capacity(b.len() * 3);
            let mut buf = ryu::Buffer::new();
            for f in floats(b) {
                out.extend_from_slice(buf.format_finite(f).as_bytes());
            }
            black_box(out);
        }),
        "floats_zmij" => ("json-benchmark/canada.json", |b| {
            let mut out = Vec::with_capacity(b.len() * 3);
            let mut buf = zmij::Buffer::new();
            for f in floats(b) {
                out.extend_from_slice(buf.format_finite(f).as_bytes());
            }
            black_box(out);
        }),
        "floats_codec" => ("json-benchmark/canada.json", |b| {
            let mut w = codec::json::JsonWriter::with_capacity(b.len() * 3);
            for f in floats(b) {
                w.write_f64(f).unwrap();
            }
            black_box(w.into_inner());
        }),
        "floats_codec_slice" => ("json-benchmark/canada.json", |b| {
            let v: Vec<f64> = floats(b).collect();
            let mut w = codec::json::JsonWriter::with_capacity(b.len() * 3);
            codec::Encode::encode(&v, &mut w).unwrap();
            black_box(w.into_inner());
        }),
        "value" => ("json-benchmark/citm_catalog.json", |b| {
            black_box(codec::json::from_slice::<codec::json::Value>(b).unwrap());
        }),
        "value_mp" => ("json-benchmark/citm_catalog.json", |b| {
            black_box(codec::msgpack::from_slice::<codec::json::Value>(b).unwrap());
        }),
        "mpvalue_mp" => ("json-benchmark/citm_catalog.json", |b| {
            black_box(codec::msgpack::from_slice::<codec::msgpack::Value>(b).unwrap());
        }),
        "mpvalue" => ("json-benchmark/citm_catalog.json", |b| {
            black_box(codec::json::from_slice::<codec::msgpack::Value>(b).unwrap());
        }),
        "sjvalue" => ("json-benchmark/citm_catalog.json", |b| {
            black_box(codec::json::from_slice::<serde_json::Value>(b).unwrap());
        }),
        "sjvalue_mp" => ("json-benchmark/citm_catalog.json", |b| {
            black_box(codec::msgpack::from_slice::<serde_json::Value>(b).unwrap());
        }),
        "value_enc" => ("json-benchmark/citm_catalog.json", |b| {
            let v: codec::json::Value = codec::json::from_slice(b).unwrap();
            for _ in 0..10 {
                black_box(codec::json::to_vec(&v).unwrap());
            }
        }),
        "value_mp_enc" => ("json-benchmark/citm_catalog.json", |b| {
            let v: codec::json::Value = codec::json::from_slice(b).unwrap();
            for _ in 0..10 {
                black_box(codec::msgpack::to_vec(&v).unwrap());
            }
        }),
        "sjvalue_enc" => ("json-benchmark/citm_catalog.json", |b| {
            let v: serde_json::Value = serde_json::from_slice(b).unwrap();
            for _ in 0..10 {
                black_box(codec::json::to_vec(&v).unwrap());
            }
        }),
        "mpvalue_mp_enc" => ("json-benchmark/citm_catalog.json", |b| {
            let v: codec::msgpack::Value = codec::json::from_slice(b).unwrap();
            for _ in 0..10 {
                black_box(codec::msgpack::to_vec(&v).unwrap());
            }
        }),
        // The serde bridge: serde_json's `Value` through its serde impls, as
        // `codec::serde::Compat` reads and writes it.
        "bridge" => ("json-benchmark/citm_catalog.json", |b| {
            black_box(codec::json::from_slice::<Bridged>(b).unwrap());
        }),
        "bridge_mp" => ("json-benchmark/citm_catalog.json", |b| {
            black_box(codec::msgpack::from_slice::<Bridged>(b).unwrap());
        }),
        "bridge_enc" => ("json-benchmark/citm_catalog.json", |b| {
            let v: Bridged = codec::json::from_slice(b).unwrap();
            for _ in 0..10 {
                black_box(codec::json::to_vec(&v).unwrap());
            }
        }),
        "bridge_mp_enc" => ("json-benchmark/citm_catalog.json", |b| {
            let v: Bridged = codec::json::from_slice(b).unwrap();
            for _ in 0..10 {
                black_box(codec::msgpack::to_vec(&v).unwrap());
            }
        }),
        other => panic!("unknown workload {other}"),
    };
    let json = codec_tests::data(file);
    let msgpack = which.ends_with("_mp") || which.ends_with("_rmp") || which.ends_with("_mp_borrowed");
    let bytes = match which {
        "ndjson" => repeated_statuses(&json, false),
        "events" | "events_sj" => codec::json::to_vec(&events::generate(1 << 20)).unwrap(),
        "events_mp" => codec::msgpack::to_vec(&events::generate(1 << 20)).unwrap(),
        "flatten" => codec::json::to_vec(&flat::generate(10_000)).unwrap(),
        "flatten_mp" => codec::msgpack::to_vec(&flat::generate(10_000)).unwrap(),
        "synthetic" | "synthetic_enc" | "synthetic_enc_sj" => codec::json::to_vec(&synthetic::tree()).unwrap(),
        "iter_array" | "vec_statuses" => repeated_statuses(&json, true),
        "mp_values" | "mp_values_slice" => concatenated_statuses(&json, |s| codec::msgpack::to_vec(s).unwrap()),
        "citm_mp_reader" => to_msgpack("citm", &json),
        _ if which.starts_with("floats_") => float_bits(&json),
        _ if msgpack => to_msgpack(which, &json),
        _ => json,
    };
    for _ in 0..iters {
        work(&bytes);
    }
}

/// `flatten` (`_mp`): envelopes that flatten a struct and an internally tagged enum, whose
/// tag the decoder looks ahead for (written after the struct's members).
mod flat {
    use codec::Codec;

    #[derive(Codec, Debug)]
    pub struct Envelope {
        pub id: u64,
        pub source: String,
        #[codec(flatten)]
        pub meta: Meta,
        #[codec(flatten)]
        pub body: Body,
    }

    #[derive(Codec, Debug)]
    pub struct Meta {
        pub at: u64,
        pub trace: Option<String>,
        pub attempt: u32,
    }

    #[derive(Codec, Debug)]
    #[codec(tag = "type")]
    pub enum Body {
        Created { name: String, size: u64 },
        Deleted { reason: String },
        Moved { from: String, to: String },
    }

    /// `n` envelopes, the same every run.
    pub fn generate(n: u64) -> Vec<Envelope> {
        (0..n)
            .map(|i| Envelope {
                id: i,
                source: format!("svc-{}", i % 7),
                meta: Meta {
                    at: 1_700_000_000 + i * 13,
                    trace: (i % 3 == 0).then(|| format!("t{i:08x}")),
                    attempt: (i % 4) as u32,
                },
                body: match i % 3 {
                    0 => Body::Created { name: format!("file-{i}.txt"), size: i * 1021 },
                    1 => Body::Deleted { reason: "expired".into() },
                    _ => Body::Moved { from: format!("/a/{i}"), to: format!("/b/{i}") },
                },
            })
            .collect()
    }
}

/// canada's numbers as 8-byte little-endian bit patterns.
fn float_bits(json: &[u8]) -> Vec<u8> {
    let v: canada::Canada = codec::json::from_slice(json).unwrap();
    let mut out = Vec::new();
    for f in &v.features {
        for ring in &f.geometry.coordinates {
            for p in ring {
                for x in p {
                    out.extend_from_slice(&x.to_le_bytes());
                }
            }
        }
    }
    assert_eq!(out.len(), 8 * 111_126);
    out
}

/// The floats of `float_bits`.
fn floats(b: &[u8]) -> impl Iterator<Item = f64> + '_ {
    b.chunks_exact(8).map(|c| f64::from_le_bytes(c.try_into().unwrap()))
}

/// 1,000 of twitter's statuses, compact: one per line, or as the elements of one array.
fn repeated_statuses(json: &[u8], array: bool) -> Vec<u8> {
    let statuses = codec::json::from_slice::<twitter::Twitter>(json).unwrap().statuses;
    let mut out = Vec::new();
    for (i, status) in statuses.iter().cycle().take(1000).enumerate() {
        match (array, i) {
            (true, 0) => out.push(b'['),
            (true, _) => out.push(b','),
            _ => {}
        }
        out.extend_from_slice(&codec::json::to_vec(status).unwrap());
        if !array {
            out.push(b'\n');
        }
    }
    if array {
        out.push(b']');
    }
    out
}

/// twitter's statuses repeated to 1,000, each encoded by `encode`, concatenated (a
/// MessagePack or CBOR stream).
fn concatenated_statuses(json: &[u8], encode: fn(&twitter::Status) -> Vec<u8>) -> Vec<u8> {
    let statuses = codec::json::from_slice::<twitter::Twitter>(json).unwrap().statuses;
    statuses.iter().cycle().take(1000).flat_map(encode).collect()
}

/// The dataset's MessagePack encoding (structs as maps), through the workload's model.
fn to_msgpack(which: &str, json: &[u8]) -> Vec<u8> {
    fn via<T: codec::DecodeOwned + codec::Encode>(json: &[u8]) -> Vec<u8> {
        codec::msgpack::to_vec(&codec::json::from_slice::<T>(json).unwrap()).unwrap()
    }
    match which.split('_').next() {
        Some("twitter") => via::<twitter::Twitter>(json),
        Some("citm") => via::<citm::CitmCatalog>(json),
        Some("canada") => via::<canada::Canada>(json),
        Some("geojson") => via::<geojson::GeoJson>(json),
        Some("value" | "mpvalue" | "sjvalue" | "bridge") => via::<codec::json::Value>(json),
        _ => via::<gmaps::DistanceMatrix>(json),
    }
}
