//! Typed MessagePack decode and encode: codec against rmp-serde (through serde, structs
//! as maps: `rmp_serde::to_vec_named`) on the very same model types
//! (`codec_tests::models`) as the JSON benchmarks: twitter, citm_catalog, canada and the
//! Google Maps response.
//!
//! Each document is the MessagePack encoding of the model decoded from the dataset's JSON
//! (codec and rmp-serde write the same bytes for these models; that is asserted). Groups
//! are `msgpack_decode_owned/<dataset>`, `msgpack_decode_borrowed/<dataset>` (twitter,
//! citm_catalog) and `msgpack_encode/<dataset>`; the functions in each are the contenders.
//! Throughput is the byte length of the MessagePack document in both directions. Before
//! anything is timed, each contender's decoded value must equal codec's, and each
//! contender's encoding must decode (with codec and with rmp-serde) to the same value.
//!
//! msgpacker, the derive-based peer, is not included: its derive needs its own traits on
//! every model type and writes structs positionally, so it would not decode the same bytes.
//!
//! After criterion has run, `main` reads the medians this run wrote under
//! `<target>/criterion/` and prints MB/s and codec/rmp-serde ratios, also written as
//! markdown to `<target>/msgpack-bench-table.md`, and the same rows to
//! `<target>/msgpack-bench-results.tsv` for `examples/bench_chart.rs`
//! (`codec_tests::bench_report`).
//!
//! Time is the benchmark thread's CPU time and the allocator is pinned, as in the json
//! bench (`benches/common/measure.rs`; `BENCH_WALL_CLOCK=1` for the wall clock).
//!
//! `cargo bench --bench msgpack` (about 2 minutes on 2 cores); `cargo bench --bench msgpack
//! -- twitter` for one dataset.

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

/// The contenders (criterion's function ids, and the table's names), and where the
/// summary goes; the table shows directions without the `msgpack_` of the group names.
#[path = "common/measure.rs"]
mod measure;

const BENCH: Bench = Bench {
    name: "msgpack",
    command: "cargo bench --bench msgpack",
    contenders: &[Contender { id: "codec", label: "codec" }, Contender { id: "rmp_serde", label: "rmp-serde" }],
    direction_prefix: "msgpack_",
    table_file: "msgpack-bench-table.md",
    results_file: "msgpack-bench-results.tsv",
};

/// The MessagePack document of the dataset `file`: its JSON decoded into `T` by codec,
/// then encoded by codec (asserted identical to rmp-serde's encoding).
fn document<T>(dataset: &str, json: &[u8]) -> (T, Vec<u8>)
where
    T: codec::DecodeOwned + codec::Encode + Serialize,
{
    let value: T = codec::json::from_slice(json).unwrap_or_else(|e| panic!("{dataset}: JSON: {e}"));
    let ours = codec::msgpack::to_vec(&value).unwrap();
    let theirs = rmp_serde::to_vec_named(&value).unwrap();
    assert!(ours == theirs, "{dataset}: codec and rmp-serde encode different bytes");
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
    let ours: T = codec::msgpack::from_slice(input).unwrap_or_else(|e| panic!("{dataset}: codec: {e}"));
    assert!(ours == *expected, "msgpack_decode_owned/{dataset}: codec decodes a different value");
    let theirs: T = rmp_serde::from_slice(input).unwrap_or_else(|e| panic!("{dataset}: rmp_serde: {e}"));
    assert!(theirs == *expected, "msgpack_decode_owned/{dataset}: rmp_serde decodes a different value");

    let group = Group { dataset, direction: "msgpack_decode_owned", bytes: input.len() };
    let mut g = c.benchmark_group(group.name());
    g.throughput(Throughput::Bytes(input.len() as u64));
    g.bench_function("codec", |b| b.iter(|| codec::msgpack::from_slice::<T>(black_box(input)).unwrap()));
    g.bench_function("rmp_serde", |b| b.iter(|| rmp_serde::from_slice::<T>(black_box(input)).unwrap()));
    g.finish();
    groups.push(group);
}

/// `decode_owned` for a model that borrows from the input; `$ty` is spelled with `'_`.
macro_rules! decode_borrowed {
    ($c:expr, $groups:expr, $dataset:expr, $ty:ty, $input:expr) => {{
        let (c, groups, dataset, input): (&mut Criterion<_>, &mut Vec<Group>, &'static str, &[u8]) =
            ($c, $groups, $dataset, $input);
        let ours: $ty = codec::msgpack::from_slice(input).unwrap_or_else(|e| panic!("{dataset}: codec: {e}"));
        let theirs: $ty = rmp_serde::from_slice(input).unwrap_or_else(|e| panic!("{dataset}: rmp_serde: {e}"));
        assert!(theirs == ours, "msgpack_decode_borrowed/{dataset}: rmp_serde decodes a different value");

        let group = Group { dataset, direction: "msgpack_decode_borrowed", bytes: input.len() };
        let mut g = c.benchmark_group(group.name());
        g.throughput(Throughput::Bytes(input.len() as u64));
        g.bench_function("codec", |b| b.iter(|| codec::msgpack::from_slice::<$ty>(black_box(input)).unwrap()));
        g.bench_function("rmp_serde", |b| b.iter(|| rmp_serde::from_slice::<$ty>(black_box(input)).unwrap()));
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
    let outputs: [(&str, Vec<u8>); 2] =
        [("codec", codec::msgpack::to_vec(value).unwrap()), ("rmp_serde", rmp_serde::to_vec_named(value).unwrap())];
    for (contender, bytes) in &outputs {
        let back: T = codec::msgpack::from_slice(bytes)
            .unwrap_or_else(|e| panic!("msgpack_encode/{dataset}: codec cannot decode {contender}'s output: {e}"));
        assert!(back == *value, "msgpack_encode/{dataset}: {contender}'s output decodes to a different value");
        let back: T = rmp_serde::from_slice(bytes)
            .unwrap_or_else(|e| panic!("msgpack_encode/{dataset}: rmp_serde cannot decode {contender}'s output: {e}"));
        assert!(back == *value, "msgpack_encode/{dataset}: {contender}'s output decodes to a different value");
    }

    let group = Group { dataset, direction: "msgpack_encode", bytes: len };
    let mut g = c.benchmark_group(group.name());
    g.throughput(Throughput::Bytes(len as u64));
    g.bench_function("codec", |b| b.iter(|| codec::msgpack::to_vec(black_box(value)).unwrap()));
    g.bench_function("rmp_serde", |b| b.iter(|| rmp_serde::to_vec_named(black_box(value)).unwrap()));
    g.finish();
    groups.push(group);
}

fn dataset<T, M: Measurement>(c: &mut Criterion<M>, groups: &mut Vec<Group>, name: &'static str, file: &str) -> Vec<u8>
where
    T: codec::Encode + codec::DecodeOwned + Serialize + DeserializeOwned + PartialEq + Debug,
{
    let json = data(file);
    let (value, packed): (T, _) = document(name, &json);
    decode_owned(c, groups, name, &packed, &value);
    encode(c, groups, name, &value, packed.len());
    packed
}

fn run<M: Measurement>(c: &mut Criterion<M>, groups: &mut Vec<Group>) {
    let packed = dataset::<twitter::Twitter, M>(c, groups, "twitter", "json-benchmark/twitter.json");
    decode_borrowed!(c, groups, "twitter", twitter::borrowed::Twitter<'_>, &packed);
    let packed = dataset::<citm::CitmCatalog, M>(c, groups, "citm_catalog", "json-benchmark/citm_catalog.json");
    decode_borrowed!(c, groups, "citm_catalog", citm::borrowed::CitmCatalog<'_>, &packed);
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
        "Typed MessagePack throughput, MB/s (10^6 bytes of the MessagePack document per second\n\
         of {clock}, from the median per call), `cargo bench --bench msgpack`: {}; {allocator}.\n",
        bench_report::environment()
    );
    bench_report::summarize(&BENCH, groups, since, &header, &[("clock", clock), ("allocator", allocator)]);
}
