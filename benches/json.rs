//! Typed JSON decode and encode: codec against serde_json, sonic-rs and simd-json (its
//! serde API) on the very same model types (`codec_tests::models`) and documents.
//!
//! Groups are `decode_owned/<dataset>`, `decode_borrowed/<dataset>` (twitter, citm_catalog)
//! and `encode/<dataset>`; the functions in each are the contenders. Every group's
//! throughput is the byte length of the input document, for encode too, so that MB/s
//! compare across directions. Before anything is timed, each contender's decoded value
//! must equal codec's, and each contender's encoding must decode (with codec) back to the
//! same value.
//!
//! simd-json parses in place, so its decode copies the input first, inside the timing.
//! Every contender's result (and so its drop) is inside the timing too.
//!
//! Time is the benchmark thread's CPU time (see `ThreadCpuTime`), so that other work
//! on the machine does not leak into the numbers; `BENCH_WALL_CLOCK=1` switches to
//! criterion's wall clock. The allocator is pinned to one configuration (see
//! `settle_allocator`) so that results do not depend on the order the benchmarks run in.
//!
//! After criterion has run, `main` reads the medians that this run wrote to
//! `<target>/criterion/<group>/<contender>/new/estimates.json`, prints a table and writes
//! it as markdown to `<target>/bench-table.md`, and the same rows to
//! `<target>/bench-results.tsv` for `examples/bench_chart.rs` (`codec_tests::bench_report`).
//!
//! `cargo bench --bench json` (about 4 minutes on 2 cores); `cargo bench --bench json --
//! twitter` for one dataset.

use std::fmt::Debug;
use std::hint::black_box;
use std::time::SystemTime;

use codec_tests::bench_report::{self, Bench, Contender, Group};
use codec_tests::data;
use codec_tests::models::{canada, canada_tuple, citm, events, geojson, gmaps, synthetic, twitter, twitter_api};
use criterion::measurement::Measurement;
use criterion::{Criterion, Throughput};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// The contenders (criterion's function ids), and where the summary goes.
#[path = "common/measure.rs"]
mod measure;

const BENCH: Bench = Bench {
    name: "json",
    command: "cargo bench --bench json",
    contenders: &[
        Contender { id: "codec", label: "codec" },
        Contender { id: "serde_json", label: "serde_json" },
        Contender { id: "sonic_rs", label: "sonic_rs" },
        Contender { id: "simd_json", label: "simd_json" },
    ],
    direction_prefix: "",
    table_file: "bench-table.md",
    results_file: "bench-results.tsv",
};

/// Decodes `input` into the owned model `T` with every contender, checks they agree, and
/// times them.
fn decode_owned<T, M: Measurement>(
    c: &mut Criterion<M>,
    groups: &mut Vec<Group>,
    dataset: &'static str,
    input: &[u8],
) -> T
where
    T: codec::DecodeOwned + DeserializeOwned + PartialEq + Debug,
{
    let expected: T = codec::json::from_slice(input).unwrap_or_else(|e| panic!("{dataset}: codec: {e}"));
    let peers: [(&str, T); 3] = [
        ("serde_json", serde_json::from_slice(input).unwrap_or_else(|e| panic!("{dataset}: serde_json: {e}"))),
        ("sonic_rs", sonic_rs::from_slice(input).unwrap_or_else(|e| panic!("{dataset}: sonic_rs: {e}"))),
        (
            "simd_json",
            simd_json::serde::from_slice(&mut input.to_vec()).unwrap_or_else(|e| panic!("{dataset}: simd_json: {e}")),
        ),
    ];
    for (peer, value) in &peers {
        assert!(*value == expected, "decode_owned/{dataset}: {peer} decodes a different value than codec");
    }

    let group = Group { dataset, direction: "decode_owned", bytes: input.len() };
    let mut g = c.benchmark_group(group.name());
    g.throughput(Throughput::Bytes(input.len() as u64));
    g.bench_function("codec", |b| b.iter(|| codec::json::from_slice::<T>(black_box(input)).unwrap()));
    g.bench_function("serde_json", |b| b.iter(|| serde_json::from_slice::<T>(black_box(input)).unwrap()));
    g.bench_function("sonic_rs", |b| b.iter(|| sonic_rs::from_slice::<T>(black_box(input)).unwrap()));
    g.bench_function("simd_json", |b| {
        b.iter(|| {
            let mut copy = black_box(input).to_vec();
            simd_json::serde::from_slice::<T>(&mut copy).unwrap()
        })
    });
    g.finish();
    groups.push(group);
    expected
}

/// `decode_owned` for a model that borrows from the input; `$ty` is spelled with `'_`.
macro_rules! decode_borrowed {
    ($c:expr, $groups:expr, $dataset:expr, $ty:ty, $input:expr) => {{
        let (c, groups, dataset, input): (&mut Criterion<_>, &mut Vec<Group>, &'static str, &[u8]) =
            ($c, $groups, $dataset, $input);
        let expected: $ty = codec::json::from_slice(input).unwrap_or_else(|e| panic!("{dataset}: codec: {e}"));
        let serde_json: $ty = serde_json::from_slice(input).unwrap_or_else(|e| panic!("{dataset}: serde_json: {e}"));
        assert!(serde_json == expected, "decode_borrowed/{dataset}: serde_json decodes a different value than codec");
        let sonic_rs: $ty = sonic_rs::from_slice(input).unwrap_or_else(|e| panic!("{dataset}: sonic_rs: {e}"));
        assert!(sonic_rs == expected, "decode_borrowed/{dataset}: sonic_rs decodes a different value than codec");
        let mut copy = input.to_vec();
        let simd_json: $ty =
            simd_json::serde::from_slice(&mut copy).unwrap_or_else(|e| panic!("{dataset}: simd_json: {e}"));
        assert!(simd_json == expected, "decode_borrowed/{dataset}: simd_json decodes a different value than codec");

        let group = Group { dataset, direction: "decode_borrowed", bytes: input.len() };
        let mut g = c.benchmark_group(group.name());
        g.throughput(Throughput::Bytes(input.len() as u64));
        g.bench_function("codec", |b| b.iter(|| codec::json::from_slice::<$ty>(black_box(input)).unwrap()));
        g.bench_function("serde_json", |b| b.iter(|| serde_json::from_slice::<$ty>(black_box(input)).unwrap()));
        g.bench_function("sonic_rs", |b| b.iter(|| sonic_rs::from_slice::<$ty>(black_box(input)).unwrap()));
        g.bench_function("simd_json", |b| {
            b.iter(|| {
                let mut copy = black_box(input).to_vec();
                let value: $ty = simd_json::serde::from_slice(&mut copy).unwrap();
                // `value` borrows `copy`, so it cannot leave the closure; dropping it here
                // is what the other contenders' returned values get too.
                drop(black_box(value));
            })
        });
        g.finish();
        groups.push(group);
    }};
}

/// Encodes `value` with every contender, checks each output decodes (with codec) back to
/// `value`, and times them. `input_len` is the byte length of the document `value` came
/// from: the group's throughput.
fn encode<T, M: Measurement>(
    c: &mut Criterion<M>,
    groups: &mut Vec<Group>,
    dataset: &'static str,
    value: &T,
    input_len: usize,
) where
    T: codec::Encode + codec::DecodeOwned + Serialize + PartialEq + Debug,
{
    let outputs: [(&str, Vec<u8>); 4] = [
        ("codec", codec::json::to_vec(value).unwrap_or_else(|e| panic!("{dataset}: codec: {e}"))),
        ("serde_json", serde_json::to_vec(value).unwrap_or_else(|e| panic!("{dataset}: serde_json: {e}"))),
        ("sonic_rs", sonic_rs::to_vec(value).unwrap_or_else(|e| panic!("{dataset}: sonic_rs: {e}"))),
        ("simd_json", simd_json::serde::to_vec(value).unwrap_or_else(|e| panic!("{dataset}: simd_json: {e}"))),
    ];
    for (contender, bytes) in &outputs {
        let back: T = codec::json::from_slice(bytes)
            .unwrap_or_else(|e| panic!("encode/{dataset}: codec cannot decode {contender}'s output: {e}"));
        assert!(back == *value, "encode/{dataset}: {contender}'s output decodes to a different value");
    }

    let group = Group { dataset, direction: "encode", bytes: input_len };
    let mut g = c.benchmark_group(group.name());
    g.throughput(Throughput::Bytes(input_len as u64));
    g.bench_function("codec", |b| b.iter(|| codec::json::to_vec(black_box(value)).unwrap()));
    g.bench_function("serde_json", |b| b.iter(|| serde_json::to_vec(black_box(value)).unwrap()));
    g.bench_function("sonic_rs", |b| b.iter(|| sonic_rs::to_vec(black_box(value)).unwrap()));
    g.bench_function("simd_json", |b| b.iter(|| simd_json::serde::to_vec(black_box(value)).unwrap()));
    g.finish();
    groups.push(group);
}

fn run<M: Measurement>(c: &mut Criterion<M>, groups: &mut Vec<Group>) {
    let input = data("json-benchmark/twitter.json");
    let value: twitter::Twitter = decode_owned(c, groups, "twitter", &input);
    decode_borrowed!(c, groups, "twitter", twitter::borrowed::Twitter<'_>, &input);
    encode(c, groups, "twitter", &value, input.len());

    let input = data("json-benchmark/citm_catalog.json");
    let value: citm::CitmCatalog = decode_owned(c, groups, "citm_catalog", &input);
    decode_borrowed!(c, groups, "citm_catalog", citm::borrowed::CitmCatalog<'_>, &input);
    encode(c, groups, "citm_catalog", &value, input.len());

    owned_dataset::<canada::Canada, M>(c, groups, "canada", "json-benchmark/canada.json");
    // The same document with `(f64, f64)` points (the tuple impls instead of the array ones).
    owned_dataset::<canada_tuple::Canada, M>(c, groups, "canada_tuple", "json-benchmark/canada.json");
    owned_dataset::<gmaps::DistanceMatrix, M>(c, groups, "gmaps", "zio-json/google_maps_api_response.json");
    owned_dataset::<twitter_api::Timeline, M>(c, groups, "twitter_api", "zio-json/twitter_api_response.json");
    owned_dataset::<geojson::GeoJson, M>(c, groups, "geojson", "zio-json/che.geo.json");

    // Generated: the document is codec's compact encoding of the tree.
    let tree = synthetic::tree();
    let input = codec::json::to_vec(&tree).unwrap();
    let decoded: synthetic::Node = decode_owned(c, groups, "synthetic", &input);
    assert!(decoded == tree, "synthetic: the encoding does not decode to the generated tree");
    encode(c, groups, "synthetic", &tree, input.len());

    // Generated: service events (UUIDs, timestamps, decimals, tagged enums), about 1 MB,
    // each peer through the field types' own serde impls.
    let events = events::generate(1 << 20);
    let input = codec::json::to_vec(&events).unwrap();
    let decoded: events::Events = decode_owned(c, groups, "events", &input);
    assert!(decoded == events, "events: the encoding does not decode to the generated events");
    encode(c, groups, "events", &events, input.len());
}

/// Decode and encode of an owned model from a vendored document (`data/<file>`).
fn owned_dataset<T, M: Measurement>(c: &mut Criterion<M>, groups: &mut Vec<Group>, dataset: &'static str, file: &str)
where
    T: codec::Encode + codec::DecodeOwned + DeserializeOwned + Serialize + PartialEq + Debug,
{
    let input = data(file);
    let value: T = decode_owned(c, groups, dataset, &input);
    encode(c, groups, dataset, &value, input.len());
}

fn main() {
    let started = SystemTime::now();
    let mut groups = Vec::new();
    let (clock, allocator) = measure::run_all(&mut groups, run, run);
    summarize(&groups, started, clock, allocator);
}

// ---------------------------------------------------------------------------------------
// The summary table (`codec_tests::bench_report`).

fn summarize(groups: &[Group], since: SystemTime, clock: &str, allocator: &str) {
    let header = format!(
        "Typed JSON throughput, MB/s: 10^6 bytes of the input document per second of {clock}\n\
         (median per call). `cargo bench --bench json` on {}, {}; {allocator}.\n",
        bench_report::environment(),
        simd()
    );
    bench_report::summarize(&BENCH, groups, since, &header, &[("clock", clock), ("allocator", allocator)]);
}

/// Whether this build has AVX2, and what that means for the SIMD peers.
fn simd() -> &'static str {
    if bench_report::built_with_avx2() {
        "built with AVX2 enabled"
    } else {
        "built without `target-cpu=native` (SSE2 baseline; simd-json detects AVX2 at run time, sonic-rs does not)"
    }
}
