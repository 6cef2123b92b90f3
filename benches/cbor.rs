//! Typed CBOR decode and encode: codec against ciborium 0.2 and cbor4ii 1 (both through
//! serde, structs as maps) on the very same model types (`codec_tests::models`) as the
//! JSON and MessagePack benchmarks: twitter, citm_catalog, canada and the Google Maps
//! response.
//!
//! Each document is the CBOR encoding of the model decoded from the dataset's JSON (codec
//! and ciborium write the same bytes for these models; that is asserted). cbor4ii 1.2
//! cannot read the half floats of canada's document into `f64`s: it is left out of that
//! decode group (the run prints why). Groups are
//! `cbor_decode_owned/<dataset>`, `cbor_decode_borrowed/<dataset>` (twitter,
//! citm_catalog; codec and cbor4ii, since ciborium's serde deserializer cannot lend
//! strings from its reader) and `cbor_encode/<dataset>`; the functions in each are the
//! contenders; `cbor_value_decode/twitter` and `cbor_value_encode/twitter` decode
//! twitter's document into, and encode it from, the dynamic value of each side
//! (`codec::cbor::Value` against `ciborium::Value`; cbor4ii's own value is not measured).
//! Throughput is the byte length of codec's CBOR document in both directions. Before anything is timed, each contender's decoded value must equal
//! codec's, and each contender's encoding must decode (with codec and with ciborium) to
//! the same value.
//!
//! After criterion has run, `main` prints MB/s and codec/peer ratios, also written as
//! markdown to `<target>/cbor-bench-table.md`, and the rows to
//! `<target>/cbor-bench-results.tsv` (`codec_tests::bench_report`).
//!
//! Time is the benchmark thread's CPU time and the allocator is pinned, as in the json
//! bench (`benches/common/measure.rs`; `BENCH_WALL_CLOCK=1` for the wall clock).
//!
//! `cargo bench --bench cbor`; `cargo bench --bench cbor -- twitter` for one dataset.

use std::fmt::Debug;
use std::hint::black_box;
use std::time::SystemTime;

use codec_tests::bench_report::{self, Bench, Contender, Group};
use codec_tests::data;
use codec_tests::models::{canada, citm, gmaps, twitter};
use criterion::measurement::Measurement;
use criterion::{Criterion, Throughput};
use serde::de::DeserializeOwned;
use serde::Serialize;

#[path = "common/measure.rs"]
mod measure;

const BENCH: Bench = Bench {
    name: "cbor",
    command: "cargo bench --bench cbor",
    contenders: &[
        Contender { id: "codec", label: "codec" },
        Contender { id: "ciborium", label: "ciborium" },
        Contender { id: "cbor4ii", label: "cbor4ii" },
    ],
    direction_prefix: "cbor_",
    table_file: "cbor-bench-table.md",
    results_file: "cbor-bench-results.tsv",
};

fn ciborium_to_vec<T: Serialize>(value: &T) -> Vec<u8> {
    let mut out = Vec::new();
    ciborium::into_writer(value, &mut out).unwrap();
    out
}

fn ciborium_from_slice<T: DeserializeOwned>(bytes: &[u8]) -> T {
    ciborium::from_reader(bytes).unwrap()
}

fn cbor4ii_to_vec<T: Serialize>(value: &T) -> Vec<u8> {
    cbor4ii::serde::to_vec(Vec::new(), value).unwrap()
}

/// The CBOR document of the dataset: its JSON decoded into `T` by codec, then encoded by
/// codec (asserted identical to ciborium's encoding).
fn document<T>(dataset: &str, json: &[u8]) -> (T, Vec<u8>)
where
    T: codec::DecodeOwned + codec::Encode + Serialize,
{
    let value: T = codec::json::from_slice(json).unwrap_or_else(|e| panic!("{dataset}: JSON: {e}"));
    let ours = codec::cbor::to_vec(&value).unwrap();
    assert!(ours == ciborium_to_vec(&value), "{dataset}: codec and ciborium encode different bytes");
    (value, ours)
}

fn decode_owned<T, M: Measurement>(
    c: &mut Criterion<M>,
    groups: &mut Vec<Group>,
    dataset: &'static str,
    input: &[u8],
    expected: &T,
) where
    T: codec::DecodeOwned + DeserializeOwned + PartialEq + Debug,
{
    let ours: T = codec::cbor::from_slice(input).unwrap_or_else(|e| panic!("{dataset}: codec: {e}"));
    assert!(ours == *expected, "cbor_decode_owned/{dataset}: codec decodes a different value");
    let theirs: T = ciborium_from_slice(input);
    assert!(theirs == *expected, "cbor_decode_owned/{dataset}: ciborium decodes a different value");
    // cbor4ii 1.2 reads no half floats into an `f64` (its serde deserializer reports a
    // mismatch at 0xf9), which preferred serialization writes for canada's coordinates:
    // it is left out of a group whose document it cannot read, and the run says so.
    let cbor4ii_reads = match cbor4ii::serde::from_slice::<T>(input) {
        Ok(theirs) => {
            assert!(theirs == *expected, "cbor_decode_owned/{dataset}: cbor4ii decodes a different value");
            true
        }
        Err(e) => {
            eprintln!("cbor_decode_owned/{dataset}: cbor4ii cannot decode the document ({e}): left out of this group");
            false
        }
    };

    let group = Group { dataset, direction: "cbor_decode_owned", bytes: input.len() };
    let mut g = c.benchmark_group(group.name());
    g.throughput(Throughput::Bytes(input.len() as u64));
    g.bench_function("codec", |b| b.iter(|| codec::cbor::from_slice::<T>(black_box(input)).unwrap()));
    g.bench_function("ciborium", |b| b.iter(|| ciborium_from_slice::<T>(black_box(input))));
    if cbor4ii_reads {
        g.bench_function("cbor4ii", |b| b.iter(|| cbor4ii::serde::from_slice::<T>(black_box(input)).unwrap()));
    }
    g.finish();
    groups.push(group);
}

/// `decode_owned` for a model that borrows from the input; `$ty` is spelled with `'_`.
macro_rules! decode_borrowed {
    ($c:expr, $groups:expr, $dataset:expr, $ty:ty, $input:expr) => {{
        let (c, groups, dataset, input): (&mut Criterion<_>, &mut Vec<Group>, &'static str, &[u8]) =
            ($c, $groups, $dataset, $input);
        let ours: $ty = codec::cbor::from_slice(input).unwrap_or_else(|e| panic!("{dataset}: codec: {e}"));
        let theirs: $ty = cbor4ii::serde::from_slice(input).unwrap_or_else(|e| panic!("{dataset}: cbor4ii: {e}"));
        assert!(theirs == ours, "cbor_decode_borrowed/{dataset}: cbor4ii decodes a different value");

        let group = Group { dataset, direction: "cbor_decode_borrowed", bytes: input.len() };
        let mut g = c.benchmark_group(group.name());
        g.throughput(Throughput::Bytes(input.len() as u64));
        g.bench_function("codec", |b| b.iter(|| codec::cbor::from_slice::<$ty>(black_box(input)).unwrap()));
        g.bench_function("cbor4ii", |b| b.iter(|| cbor4ii::serde::from_slice::<$ty>(black_box(input)).unwrap()));
        g.finish();
        groups.push(group);
    }};
}

fn encode<T, M: Measurement>(
    c: &mut Criterion<M>,
    groups: &mut Vec<Group>,
    dataset: &'static str,
    value: &T,
    len: usize,
) where
    T: codec::Encode + codec::DecodeOwned + Serialize + DeserializeOwned + PartialEq + Debug,
{
    let outputs: [(&str, Vec<u8>); 3] = [
        ("codec", codec::cbor::to_vec(value).unwrap()),
        ("ciborium", ciborium_to_vec(value)),
        ("cbor4ii", cbor4ii_to_vec(value)),
    ];
    for (contender, bytes) in &outputs {
        let back: T = codec::cbor::from_slice(bytes)
            .unwrap_or_else(|e| panic!("cbor_encode/{dataset}: codec cannot decode {contender}'s output: {e}"));
        assert!(back == *value, "cbor_encode/{dataset}: {contender}'s output decodes to a different value");
        let back: T = ciborium_from_slice(bytes);
        assert!(back == *value, "cbor_encode/{dataset}: {contender}'s output decodes to a different value");
    }

    let group = Group { dataset, direction: "cbor_encode", bytes: len };
    let mut g = c.benchmark_group(group.name());
    g.throughput(Throughput::Bytes(len as u64));
    g.bench_function("codec", |b| b.iter(|| codec::cbor::to_vec(black_box(value)).unwrap()));
    g.bench_function("ciborium", |b| b.iter(|| ciborium_to_vec(black_box(value))));
    g.bench_function("cbor4ii", |b| b.iter(|| cbor4ii_to_vec(black_box(value))));
    g.finish();
    groups.push(group);
}

fn dataset<T, M: Measurement>(c: &mut Criterion<M>, groups: &mut Vec<Group>, name: &'static str, file: &str) -> Vec<u8>
where
    T: codec::Encode + codec::DecodeOwned + Serialize + DeserializeOwned + PartialEq + Debug,
{
    let json = data(file);
    let (value, cbor): (T, _) = document(name, &json);
    decode_owned(c, groups, name, &cbor, &value);
    encode(c, groups, name, &value, cbor.len());
    cbor
}

/// The dynamic values: `codec::cbor::Value` against `ciborium::Value`, decoding `input`
/// and encoding what was decoded. Each side's value must write `input` back exactly (both
/// write preferred serialization, maps in order), and codec must read ciborium's bytes
/// to the value it read itself: the same value on both sides.
fn dynamic_value<M: Measurement>(c: &mut Criterion<M>, groups: &mut Vec<Group>, dataset: &'static str, input: &[u8]) {
    let ours: codec::cbor::Value = codec::cbor::from_slice(input).unwrap_or_else(|e| panic!("{dataset}: codec: {e}"));
    let theirs: ciborium::Value = ciborium_from_slice(input);
    assert!(codec::cbor::to_vec(&ours).unwrap() == input, "cbor_value/{dataset}: codec writes other bytes");
    let their_bytes = ciborium_to_vec(&theirs);
    assert!(their_bytes == input, "cbor_value/{dataset}: ciborium writes other bytes");
    assert!(
        codec::cbor::from_slice::<codec::cbor::Value>(&their_bytes).unwrap() == ours,
        "cbor_value/{dataset}: values differ"
    );

    for direction in ["cbor_value_decode", "cbor_value_encode"] {
        let group = Group { dataset, direction, bytes: input.len() };
        let mut g = c.benchmark_group(group.name());
        g.throughput(Throughput::Bytes(input.len() as u64));
        if direction == "cbor_value_decode" {
            g.bench_function("codec", |b| {
                b.iter(|| codec::cbor::from_slice::<codec::cbor::Value>(black_box(input)).unwrap())
            });
            g.bench_function("ciborium", |b| b.iter(|| ciborium_from_slice::<ciborium::Value>(black_box(input))));
        } else {
            g.bench_function("codec", |b| b.iter(|| codec::cbor::to_vec(black_box(&ours)).unwrap()));
            g.bench_function("ciborium", |b| b.iter(|| ciborium_to_vec(black_box(&theirs))));
        }
        g.finish();
        groups.push(group);
    }
}

fn run<M: Measurement>(c: &mut Criterion<M>, groups: &mut Vec<Group>) {
    let cbor = dataset::<twitter::Twitter, M>(c, groups, "twitter", "json-benchmark/twitter.json");
    decode_borrowed!(c, groups, "twitter", twitter::borrowed::Twitter<'_>, &cbor);
    dynamic_value(c, groups, "twitter", &cbor);
    let cbor = dataset::<citm::CitmCatalog, M>(c, groups, "citm_catalog", "json-benchmark/citm_catalog.json");
    decode_borrowed!(c, groups, "citm_catalog", citm::borrowed::CitmCatalog<'_>, &cbor);
    dataset::<canada::Canada, M>(c, groups, "canada", "json-benchmark/canada.json");
    dataset::<gmaps::DistanceMatrix, M>(c, groups, "gmaps", "zio-json/google_maps_api_response.json");
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
        "Typed CBOR throughput, MB/s (10^6 bytes of codec's CBOR document per second\n\
         of {clock}, from the median per call), `cargo bench --bench cbor`: {}; {allocator}.\n",
        bench_report::environment()
    );
    bench_report::summarize(&BENCH, groups, since, &header, &[("clock", clock), ("allocator", allocator)]);
}
