//! Streams: the writer rows. Pretty encoding against serde_json's `to_vec_pretty`, and
//! `to_writer` (streamed through its 64 KiB buffer) into a `Vec` and into a
//! `BufWriter<File>` against building the document with `to_vec` first.
//!
//! Groups are `pretty_encode/<dataset>` (codec's `to_vec_pretty` vs serde_json's),
//! `to_writer_vec/<dataset>` (codec's `to_writer` into a fresh `Vec` vs serde_json's
//! `to_writer` and codec's `to_vec`) and `to_writer_file/<dataset>` (the same into a
//! `BufWriter<File>` over a file under the target directory, rewound before each call;
//! the `to_vec` contender writes its result with one `write_all`). Throughput is the byte
//! length of the input document, as in the json bench. Before anything is timed, the pretty
//! texts must be byte-identical and decode back to the value, and every writer's output
//! must equal `to_vec`'s.
//!
//! Time is the benchmark thread's CPU time (`BENCH_WALL_CLOCK=1` for the wall clock), with
//! the allocator settled, as in the json bench (`common/measure.rs`). After criterion has
//! run, `main` prints the table and writes `<target>/bench-stream-table.md` and
//! `<target>/bench-stream-results.tsv` (`codec_tests::bench_report`).
//!
//! `cargo bench --bench stream` (about 2 minutes on 2 cores); `cargo bench --bench stream
//! -- twitter` for one dataset.

use std::fmt::Debug;
use std::fs::File;
use std::hint::black_box;
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::PathBuf;
use std::time::SystemTime;

use codec_tests::bench_report::{self, Bench, Contender, Group};
use codec_tests::data;
use codec_tests::models::{canada, citm, geojson, gmaps, synthetic, twitter, twitter_api};
use criterion::measurement::Measurement;
use criterion::{Criterion, Throughput};
use serde::Serialize;

#[path = "common/measure.rs"]
mod measure;

const BENCH: Bench = Bench {
    name: "stream",
    command: "cargo bench --bench stream",
    contenders: &[
        Contender { id: "codec", label: "codec" },
        Contender { id: "serde_json", label: "serde_json" },
        Contender { id: "codec_to_vec", label: "codec to_vec" },
    ],
    direction_prefix: "",
    table_file: "bench-stream-table.md",
    results_file: "bench-stream-results.tsv",
};

/// codec's and serde_json's pretty encodings of `value`: checked byte-identical and
/// decoding back to `value`, then timed.
fn pretty<T, M: Measurement>(
    c: &mut Criterion<M>,
    groups: &mut Vec<Group>,
    dataset: &'static str,
    value: &T,
    input_len: usize,
) where
    T: codec::Encode + codec::DecodeOwned + Serialize + PartialEq + Debug,
{
    let ours = codec::json::to_vec_pretty(value).unwrap_or_else(|e| panic!("{dataset}: codec: {e}"));
    let theirs = serde_json::to_vec_pretty(value).unwrap();
    assert!(ours == theirs, "pretty_encode/{dataset}: codec's pretty text differs from serde_json's");
    let back: T = codec::json::from_slice(&ours).unwrap();
    assert!(back == *value, "pretty_encode/{dataset}: the pretty text decodes to a different value");

    let group = Group { dataset, direction: "pretty_encode", bytes: input_len };
    let mut g = c.benchmark_group(group.name());
    g.throughput(Throughput::Bytes(input_len as u64));
    g.bench_function("codec", |b| b.iter(|| codec::json::to_vec_pretty(black_box(value)).unwrap()));
    g.bench_function("serde_json", |b| b.iter(|| serde_json::to_vec_pretty(black_box(value)).unwrap()));
    g.finish();
    groups.push(group);
}

/// A scratch file under the target directory for the `BufWriter<File>` rows.
fn scratch_file(dataset: &str) -> (PathBuf, File) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target").join("bench-stream-scratch");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{dataset}.json"));
    let file = File::options().read(true).write(true).create(true).truncate(true).open(&path).unwrap();
    (path, file)
}

/// `to_writer` into a `Vec` and into a `BufWriter<File>`, against `to_vec` (and
/// serde_json's `to_writer`): outputs checked equal, then timed.
fn to_writer<T, M: Measurement>(
    c: &mut Criterion<M>,
    groups: &mut Vec<Group>,
    dataset: &'static str,
    value: &T,
    input_len: usize,
) where
    T: codec::Encode + Serialize,
{
    let expected = codec::json::to_vec(value).unwrap();
    let mut out = Vec::new();
    codec::json::to_writer(&mut out, value).unwrap();
    assert!(out == expected, "to_writer_vec/{dataset}: to_writer writes other bytes than to_vec");

    let group = Group { dataset, direction: "to_writer_vec", bytes: input_len };
    let mut g = c.benchmark_group(group.name());
    g.throughput(Throughput::Bytes(input_len as u64));
    g.bench_function("codec", |b| {
        b.iter(|| {
            let mut out = Vec::new();
            codec::json::to_writer(&mut out, black_box(value)).unwrap();
            out
        })
    });
    g.bench_function("serde_json", |b| {
        b.iter(|| {
            let mut out = Vec::new();
            serde_json::to_writer(&mut out, black_box(value)).unwrap();
            out
        })
    });
    g.bench_function("codec_to_vec", |b| b.iter(|| codec::json::to_vec(black_box(value)).unwrap()));
    g.finish();
    groups.push(group);

    let (path, file) = scratch_file(dataset);
    let mut file = BufWriter::new(file);
    codec::json::to_writer(&mut file, value).unwrap();
    file.flush().unwrap();
    assert!(std::fs::read(&path).unwrap() == expected, "to_writer_file/{dataset}: the file holds other bytes");
    let rewind = |file: &mut BufWriter<File>| {
        file.flush().unwrap();
        file.seek(SeekFrom::Start(0)).unwrap();
    };

    let group = Group { dataset, direction: "to_writer_file", bytes: input_len };
    let mut g = c.benchmark_group(group.name());
    g.throughput(Throughput::Bytes(input_len as u64));
    g.bench_function("codec", |b| {
        b.iter(|| {
            rewind(&mut file);
            codec::json::to_writer(&mut file, black_box(value)).unwrap();
        })
    });
    g.bench_function("serde_json", |b| {
        b.iter(|| {
            rewind(&mut file);
            serde_json::to_writer(&mut file, black_box(value)).unwrap();
        })
    });
    g.bench_function("codec_to_vec", |b| {
        b.iter(|| {
            rewind(&mut file);
            file.write_all(&codec::json::to_vec(black_box(value)).unwrap()).unwrap();
        })
    });
    g.finish();
    groups.push(group);
    drop(file);
    std::fs::remove_file(&path).ok();
}

fn run<M: Measurement>(c: &mut Criterion<M>, groups: &mut Vec<Group>) {
    let twitter = dataset::<twitter::Twitter>("json-benchmark/twitter.json");
    let citm = dataset::<citm::CitmCatalog>("json-benchmark/citm_catalog.json");
    let canada = dataset::<canada::Canada>("json-benchmark/canada.json");
    let gmaps = dataset::<gmaps::DistanceMatrix>("zio-json/google_maps_api_response.json");
    let twitter_api = dataset::<twitter_api::Timeline>("zio-json/twitter_api_response.json");
    let geojson = dataset::<geojson::GeoJson>("zio-json/che.geo.json");
    let tree = synthetic::tree();
    let tree_len = codec::json::to_vec(&tree).unwrap().len();

    pretty(c, groups, "twitter", &twitter.0, twitter.1);
    pretty(c, groups, "citm_catalog", &citm.0, citm.1);
    pretty(c, groups, "canada", &canada.0, canada.1);
    pretty(c, groups, "gmaps", &gmaps.0, gmaps.1);
    pretty(c, groups, "twitter_api", &twitter_api.0, twitter_api.1);
    pretty(c, groups, "geojson", &geojson.0, geojson.1);
    pretty(c, groups, "synthetic", &tree, tree_len);

    to_writer(c, groups, "twitter", &twitter.0, twitter.1);
    to_writer(c, groups, "citm_catalog", &citm.0, citm.1);
    to_writer(c, groups, "canada", &canada.0, canada.1);
}

/// A vendored document (`data/<file>`) decoded into its model, and its length.
fn dataset<T: codec::DecodeOwned>(file: &str) -> (T, usize) {
    let input = data(file);
    let value = codec::json::from_slice(&input).unwrap_or_else(|e| panic!("{file}: {e}"));
    (value, input.len())
}

fn main() {
    let started = SystemTime::now();
    let mut groups = Vec::new();
    let (clock, allocator) = measure::run_all(&mut groups, run, run);
    let header = format!(
        "Streamed and pretty JSON output, MB/s: 10^6 bytes of the input document per second of \
         {clock} (median per call). `cargo bench --bench stream` on {}; {allocator}.\n",
        bench_report::environment(),
    );
    bench_report::summarize(&BENCH, &groups, started, &header, &[("clock", clock), ("allocator", allocator)]);
}
