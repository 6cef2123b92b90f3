//! Peak live heap per decode (counted, not timed): what `benches/peak_heap.rs` reports for
//! the README, held here as claims that fail if a change makes codec hold more memory
//! than the peers, or than the value it decodes, where it holds no more today.

use std::fmt::Debug;

use codec_tests::data;
use codec_tests::models::{canada, citm, geojson, twitter};
use codec_tests::peak_heap::{peak_live, retained, PeakCounting};
use serde::de::DeserializeOwned;

#[global_allocator]
static GLOBAL: PeakCounting = PeakCounting;

/// Peak bytes of codec's and serde_json's JSON decodes, codec's MessagePack decode and
/// rmp-serde's, and the heap of the decoded value (JSON, MessagePack), values checked equal.
struct Peaks {
    json_value: usize,
    codec_json: usize,
    serde_json: usize,
    msgpack_value: usize,
    codec_msgpack: usize,
    rmp_serde: usize,
}

fn peaks<T>(input: &[u8]) -> Peaks
where
    T: codec::Encode + codec::DecodeOwned + DeserializeOwned + PartialEq + Debug,
{
    let (value, json_value) = retained(|| codec::json::from_slice::<T>(input).unwrap());
    let (codec_value, codec_json) = peak_live(|| codec::json::from_slice::<T>(input).unwrap());
    let (serde_value, serde_json) = peak_live(|| serde_json::from_slice::<T>(input).unwrap());
    assert_eq!(codec_value, value);
    assert_eq!(serde_value, value);
    let packed = codec::msgpack::to_vec(&value).unwrap();
    let (msgpack_decoded, msgpack_value) = retained(|| codec::msgpack::from_slice::<T>(&packed).unwrap());
    let (codec_decoded, codec_msgpack) = peak_live(|| codec::msgpack::from_slice::<T>(&packed).unwrap());
    let (rmp_decoded, rmp_serde) = peak_live(|| rmp_serde::from_slice::<T>(&packed).unwrap());
    assert_eq!(msgpack_decoded, value);
    assert_eq!(codec_decoded, value);
    assert_eq!(rmp_decoded, value);
    Peaks { json_value, codec_json, serde_json, msgpack_value, codec_msgpack, rmp_serde }
}

#[test]
fn the_counter_sees_a_decode() {
    // A `Vec` of 1,000 `u64`s owns at least 8,000 bytes: a counter that saw nothing would
    // make every comparison below pass.
    let input = codec::json::to_vec(&(0..1000u64).collect::<Vec<_>>()).unwrap();
    let (v, peak) = peak_live(|| codec::json::from_slice::<Vec<u64>>(&input).unwrap());
    assert_eq!(v.len(), 1000);
    assert!(peak >= 8000, "{peak}");
    let (_, kept) = retained(|| codec::json::from_slice::<Vec<u64>>(&input).unwrap());
    assert!((8000..=2 * 8192).contains(&kept), "{kept}");
}

#[test]
fn codec_holds_no_more_than_serde_json_or_rmp_serde() {
    let check = |dataset: &str, p: Peaks| {
        assert!(p.codec_json <= p.serde_json, "{dataset}: JSON peak {} > serde_json's {}", p.codec_json, p.serde_json);
        assert!(
            p.codec_msgpack <= p.rmp_serde,
            "{dataset}: MessagePack peak {} > rmp-serde's {}",
            p.codec_msgpack,
            p.rmp_serde
        );
        assert!(
            p.codec_json >= p.json_value && p.codec_msgpack >= p.msgpack_value,
            "{dataset}: a peak below the value"
        );
    };
    check("twitter", peaks::<twitter::Twitter>(&data("json-benchmark/twitter.json")));
    check("citm_catalog", peaks::<citm::CitmCatalog>(&data("json-benchmark/citm_catalog.json")));
    check("canada", peaks::<canada::Canada>(&data("json-benchmark/canada.json")));
    check("geojson", peaks::<geojson::GeoJson>(&data("zio-json/che.geo.json")));
}

#[test]
fn msgpack_collections_are_sized_exactly_from_their_headers() {
    // canada's rings hold thousands of coordinate pairs: each one is reserved whole from its
    // array header (up to 1 MiB per collection), so the MessagePack decode holds nothing
    // beyond the value, and the value no slack (its JSON twin grows by doubling).
    let p = peaks::<canada::Canada>(&data("json-benchmark/canada.json"));
    assert_eq!(p.codec_msgpack, p.msgpack_value);
    assert!(p.msgpack_value < p.json_value, "{} !< {}", p.msgpack_value, p.json_value);
    let p = peaks::<twitter::Twitter>(&data("json-benchmark/twitter.json"));
    assert_eq!(p.codec_msgpack, p.msgpack_value);
}
