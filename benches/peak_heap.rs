//! Peak heap per decode: the most bytes live at once while one call decodes a dataset into
//! its model, for codec and every peer, in JSON (owned and borrowed models) and MessagePack
//! (owned). Counted by a global allocator (`codec_tests::peak_heap`), so the figures are
//! exact and the same on every run and machine (for the same dependency versions): no
//! timing, no criterion.
//!
//! A peak includes the decoded value (it is live when the call returns) and whatever the
//! decoder held on the way: its scratch buffers, the growth of `Vec`s that do not know their
//! length in advance (a `Vec` that doubles holds the old and the new block at once while it
//! moves), and for simd-json the mutable copy of the input its serde API parses in place,
//! plus its tape. The `value` column is the heap the value decoded by codec owns when the
//! call has returned: the floor for everyone.
//!
//! Before anything is counted, every contender's value is checked equal to codec's.
//!
//! `cargo bench --bench peak_heap` prints the table (KiB) and writes it as markdown to
//! `<target>/bench-peak-table.md`.

use std::fmt::Debug;
use std::fmt::Write as _;
use std::path::PathBuf;

use codec_tests::data;
use codec_tests::models::{canada, citm, events, geojson, gmaps, synthetic, twitter, twitter_api};
use codec_tests::peak_heap::{peak_live, retained, PeakCounting};
use serde::de::DeserializeOwned;

#[global_allocator]
static GLOBAL: PeakCounting = PeakCounting;

/// One row: a dataset decoded one way, with each contender's peak in bytes.
struct Row {
    dataset: &'static str,
    direction: &'static str,
    value: usize,
    peaks: Vec<(&'static str, usize)>,
}

/// Counts `decode` for one contender and checks its value equals `expected`.
fn measure<T: PartialEq + Debug>(
    peaks: &mut Vec<(&'static str, usize)>,
    name: &'static str,
    expected: &T,
    decode: impl FnOnce() -> T,
) {
    let (value, peak) = peak_live(decode);
    assert!(value == *expected, "{name} decodes a different value than codec");
    drop(value);
    peaks.push((name, peak));
}

fn json_owned<T>(rows: &mut Vec<Row>, dataset: &'static str, input: &[u8]) -> T
where
    T: codec::DecodeOwned + DeserializeOwned + PartialEq + Debug,
{
    let (expected, value) = retained(|| codec::json::from_slice::<T>(input).unwrap());
    let mut peaks = Vec::new();
    measure(&mut peaks, "codec", &expected, || codec::json::from_slice::<T>(input).unwrap());
    measure(&mut peaks, "serde_json", &expected, || serde_json::from_slice::<T>(input).unwrap());
    measure(&mut peaks, "sonic_rs", &expected, || sonic_rs::from_slice::<T>(input).unwrap());
    measure(&mut peaks, "simd_json", &expected, || simd_json::serde::from_slice::<T>(&mut input.to_vec()).unwrap());
    rows.push(Row { dataset, direction: "JSON decode_owned", value, peaks });
    expected
}

/// `json_owned` for a model that borrows from the input; `$ty` is spelled with `'_`.
macro_rules! json_borrowed {
    ($rows:expr, $dataset:expr, $ty:ty, $input:expr) => {{
        let (rows, dataset, input): (&mut Vec<Row>, &'static str, &[u8]) = ($rows, $dataset, $input);
        let (expected, value) = retained(|| codec::json::from_slice::<$ty>(input).unwrap());
        let mut peaks = Vec::new();
        measure(&mut peaks, "codec", &expected, || codec::json::from_slice::<$ty>(input).unwrap());
        measure(&mut peaks, "serde_json", &expected, || serde_json::from_slice::<$ty>(input).unwrap());
        measure(&mut peaks, "sonic_rs", &expected, || sonic_rs::from_slice::<$ty>(input).unwrap());
        // simd-json's borrowed values borrow its copy of the input: the copy lives outside
        // the closure, allocated inside the count.
        let (ok, peak) = peak_live(|| {
            let mut copy = input.to_vec();
            let value: $ty = simd_json::serde::from_slice(&mut copy).unwrap();
            value == expected
        });
        assert!(ok, "simd_json decodes a different value than codec");
        peaks.push(("simd_json", peak));
        rows.push(Row { dataset, direction: "JSON decode_borrowed", value, peaks });
    }};
}

fn msgpack_owned<T>(rows: &mut Vec<Row>, dataset: &'static str, value: &T)
where
    T: codec::Encode + codec::DecodeOwned + DeserializeOwned + PartialEq + Debug,
{
    let input = codec::msgpack::to_vec(value).unwrap();
    let (expected, owned) = retained(|| codec::msgpack::from_slice::<T>(&input).unwrap());
    assert!(expected == *value, "{dataset}: the MessagePack encoding does not decode to the value");
    let mut peaks = Vec::new();
    measure(&mut peaks, "codec", &expected, || codec::msgpack::from_slice::<T>(&input).unwrap());
    measure(&mut peaks, "rmp_serde", &expected, || rmp_serde::from_slice::<T>(&input).unwrap());
    rows.push(Row { dataset, direction: "MessagePack decode_owned", value: owned, peaks });
}

fn dataset<T>(rows: &mut Vec<Row>, dataset: &'static str, input: &[u8])
where
    T: codec::Encode + codec::DecodeOwned + DeserializeOwned + PartialEq + Debug,
{
    let value: T = json_owned(rows, dataset, input);
    msgpack_owned(rows, dataset, &value);
}

fn kib(bytes: usize) -> String {
    format!("{:.0}", bytes as f64 / 1024.0)
}

fn table(rows: &[Row]) -> String {
    let mut out = String::from(
        "Peak live heap per decode, KiB (`cargo bench --bench peak_heap`; counted, not timed).\n\
         `value`: the heap the decoded value owns. Last column: codec's peak over the smallest peer's.\n\n\
         | dataset | decode | value | codec | serde_json | sonic_rs | simd_json | rmp_serde | codec / smallest peer |\n\
         |---|---|--:|--:|--:|--:|--:|--:|--:|\n",
    );
    for row in rows {
        let cell = |name: &str| row.peaks.iter().find(|(n, _)| *n == name).map(|&(_, b)| kib(b)).unwrap_or_default();
        let codec = row.peaks.iter().find(|(n, _)| *n == "codec").map(|&(_, b)| b).unwrap();
        let smallest = row.peaks.iter().filter(|(n, _)| *n != "codec").map(|&(_, b)| b).min().unwrap();
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {:.2} |",
            row.dataset,
            row.direction,
            kib(row.value),
            cell("codec"),
            cell("serde_json"),
            cell("sonic_rs"),
            cell("simd_json"),
            cell("rmp_serde"),
            codec as f64 / smallest as f64
        );
    }
    out
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument selects datasets by substring.
    let filter: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let wanted = |name: &str| filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()));
    let mut rows = Vec::new();

    if wanted("twitter") {
        let input = data("json-benchmark/twitter.json");
        dataset::<twitter::Twitter>(&mut rows, "twitter", &input);
        json_borrowed!(&mut rows, "twitter", twitter::borrowed::Twitter<'_>, &input);
    }
    if wanted("citm_catalog") {
        let input = data("json-benchmark/citm_catalog.json");
        dataset::<citm::CitmCatalog>(&mut rows, "citm_catalog", &input);
        json_borrowed!(&mut rows, "citm_catalog", citm::borrowed::CitmCatalog<'_>, &input);
    }
    if wanted("canada") {
        dataset::<canada::Canada>(&mut rows, "canada", &data("json-benchmark/canada.json"));
    }
    if wanted("gmaps") {
        dataset::<gmaps::DistanceMatrix>(&mut rows, "gmaps", &data("zio-json/google_maps_api_response.json"));
    }
    if wanted("twitter_api") {
        dataset::<twitter_api::Timeline>(&mut rows, "twitter_api", &data("zio-json/twitter_api_response.json"));
    }
    if wanted("geojson") {
        dataset::<geojson::GeoJson>(&mut rows, "geojson", &data("zio-json/che.geo.json"));
    }
    if wanted("synthetic") {
        let input = codec::json::to_vec(&synthetic::tree()).unwrap();
        dataset::<synthetic::Node>(&mut rows, "synthetic", &input);
    }
    if wanted("events") {
        // JSON only: codec writes the timestamps as MessagePack's timestamp extension, which
        // chrono's serde impl (through rmp-serde) does not read.
        let input = codec::json::to_vec(&events::generate(1 << 20)).unwrap();
        json_owned::<events::Events>(&mut rows, "events", &input);
    }

    let table = table(&rows);
    println!("{table}");
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target").join("bench-peak-table.md");
    std::fs::write(&path, &table).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    println!("written to {}", path.display());
}
