//! A fixed CBOR workload for instruction-count profiling (as `profile_decode` is for JSON
//! and MessagePack): decode one dataset's CBOR encoding into its model N times, or encode
//! the model N times. The encoding is made once before the loop, so running under
//! callgrind with two counts and subtracting gives one iteration:
//!
//! ```sh
//! cargo build --release --example profile_cbor
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/profile_cbor twitter 1
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/profile_cbor twitter 3
//! ```
//!
//! Workloads: `twitter`, `citm`, `canada` (decode, owned models), `twitter_borrowed`,
//! and `twitter_enc`, `citm_enc`, `canada_enc` (encode); `_ciborium` after any of them
//! runs ciborium (through serde) on the same bytes or value instead.

use std::hint::black_box;

use codec_tests::models::{canada, citm, twitter};

fn run<T>(file: &str, iterations: usize, encode: bool, ciborium: bool)
where
    T: codec::DecodeOwned + codec::Encode + serde::Serialize + serde::de::DeserializeOwned,
{
    let json = codec_tests::data(file);
    let value: T = codec::json::from_slice(&json).unwrap();
    let cbor = codec::cbor::to_vec(&value).unwrap();
    for _ in 0..iterations {
        match (encode, ciborium) {
            (false, false) => drop(black_box(codec::cbor::from_slice::<T>(black_box(&cbor)).unwrap())),
            (false, true) => drop(black_box(ciborium::from_reader::<T, _>(black_box(&cbor[..])).unwrap())),
            (true, false) => drop(black_box(codec::cbor::to_vec(black_box(&value)).unwrap())),
            (true, true) => {
                let mut out = Vec::new();
                ciborium::into_writer(black_box(&value), &mut out).unwrap();
                drop(black_box(out));
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map_or("twitter", String::as_str);
    let iterations: usize = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(1);
    let ciborium = which.ends_with("_ciborium");
    let which = which.trim_end_matches("_ciborium");
    match which {
        "twitter" => run::<twitter::Twitter>("json-benchmark/twitter.json", iterations, false, ciborium),
        "twitter_enc" => run::<twitter::Twitter>("json-benchmark/twitter.json", iterations, true, ciborium),
        "citm" => run::<citm::CitmCatalog>("json-benchmark/citm_catalog.json", iterations, false, ciborium),
        "citm_enc" => run::<citm::CitmCatalog>("json-benchmark/citm_catalog.json", iterations, true, ciborium),
        "canada" => run::<canada::Canada>("json-benchmark/canada.json", iterations, false, ciborium),
        "canada_enc" => run::<canada::Canada>("json-benchmark/canada.json", iterations, true, ciborium),
        "twitter_borrowed" => {
            let json = codec_tests::data("json-benchmark/twitter.json");
            let value: twitter::Twitter = codec::json::from_slice(&json).unwrap();
            let cbor = codec::cbor::to_vec(&value).unwrap();
            for _ in 0..iterations {
                black_box(codec::cbor::from_slice::<twitter::borrowed::Twitter>(black_box(&cbor)).unwrap());
            }
        }
        other => panic!("unknown workload {other}"),
    }
}
