//! The benchmark models in CBOR: each dataset decoded from its JSON document is encoded
//! to CBOR and decodes back (owned and borrowed models) to the same value; and ciborium
//! (0.2, through serde, on the same types) agrees: it reads codec's bytes as the same
//! value, codec reads its bytes as the same value, and both write the very same bytes
//! (preferred serialization on both sides: shortest heads, floats as the shortest exact
//! of half, single and double, structs as maps keyed by name, unit variants as text).
//! The documents are vendored in `data/` (see `data/README.md`).

use std::fmt::Debug;

use codec_tests::data;
use codec_tests::models::{canada, citm, geojson, gmaps, synthetic, twitter, twitter_api};
use serde::de::DeserializeOwned;
use serde::Serialize;

fn ciborium_bytes<T: Serialize>(value: &T) -> Vec<u8> {
    let mut out = Vec::new();
    ciborium::into_writer(value, &mut out).unwrap();
    out
}

fn check_owned<T>(name: &str, json: &[u8]) -> Vec<u8>
where
    T: codec::DecodeOwned + codec::Encode + DeserializeOwned + Serialize + PartialEq + Debug,
{
    let value: T = codec::json::from_slice(json).unwrap_or_else(|e| panic!("{name}: JSON decode: {e}"));
    let ours = codec::cbor::to_vec(&value).unwrap_or_else(|e| panic!("{name}: CBOR encode: {e}"));
    let back: T = codec::cbor::from_slice(&ours).unwrap_or_else(|e| panic!("{name}: CBOR decode: {e}"));
    assert!(back == value, "{name}: the CBOR encoding does not decode to the same value");
    assert_eq!(codec::cbor::to_vec(&back).unwrap(), ours, "{name}: re-encoding differs");

    let theirs: T = ciborium::from_reader(&ours[..]).unwrap_or_else(|e| panic!("{name}: ciborium decode: {e}"));
    assert!(theirs == value, "{name}: ciborium reads codec's bytes as a different value");
    let cib = ciborium_bytes(&value);
    let from_cib: T = codec::cbor::from_slice(&cib).unwrap_or_else(|e| panic!("{name}: decode of ciborium's: {e}"));
    assert!(from_cib == value, "{name}: codec reads ciborium's bytes as a different value");
    if let Some(at) = cib.iter().zip(&ours).position(|(a, b)| a != b) {
        panic!(
            "{name}: codec and ciborium differ at byte {at}: ours {:02x?}, ciborium's {:02x?}",
            &ours[at.saturating_sub(8)..(at + 16).min(ours.len())],
            &cib[at.saturating_sub(8)..(at + 16).min(cib.len())]
        );
    }
    assert_eq!(cib.len(), ours.len(), "{name}: one encoding is a prefix of the other");
    eprintln!("{name}: {} bytes of JSON, {} of CBOR", json.len(), ours.len());
    ours
}

/// The borrowed model decodes from the CBOR bytes to what the owned one holds (compared
/// through their encodings).
macro_rules! check_borrowed {
    ($name:expr, $ty:ty, $json:expr, $cbor:expr) => {{
        let from_json: $ty = codec::json::from_slice($json).unwrap();
        let from_cbor: $ty =
            codec::cbor::from_slice($cbor).unwrap_or_else(|e| panic!("{}: borrowed CBOR decode: {e}", $name));
        assert!(from_cbor == from_json, "{}: borrowed models differ", $name);
        assert_eq!(codec::cbor::to_vec(&from_cbor).unwrap(), *$cbor);
    }};
}

#[test]
fn twitter() {
    let json = data("json-benchmark/twitter.json");
    let cbor = check_owned::<twitter::Twitter>("twitter", &json);
    check_borrowed!("twitter", twitter::borrowed::Twitter<'_>, &json, &cbor);
    // Every definite string borrows, escapes in the JSON or not.
    let b: twitter::borrowed::Twitter = codec::cbor::from_slice(&cbor).unwrap();
    assert!(b.statuses.iter().all(|s| matches!(s.text, std::borrow::Cow::Borrowed(_))));
}

#[test]
fn citm_catalog() {
    let json = data("json-benchmark/citm_catalog.json");
    let cbor = check_owned::<citm::CitmCatalog>("citm_catalog", &json);
    check_borrowed!("citm_catalog", citm::borrowed::CitmCatalog<'_>, &json, &cbor);
}

#[test]
fn canada() {
    let json = data("json-benchmark/canada.json");
    check_owned::<canada::Canada>("canada", &json);
}

#[test]
fn google_maps() {
    let json = data("zio-json/google_maps_api_response.json");
    check_owned::<gmaps::DistanceMatrix>("google_maps", &json);
}

#[test]
fn twitter_api() {
    let json = data("zio-json/twitter_api_response.json");
    check_owned::<twitter_api::Timeline>("twitter_api", &json);
}

#[test]
fn geojson() {
    let json = data("zio-json/che.geo.json");
    check_owned::<geojson::GeoJson>("che.geo", &json);
}

#[test]
fn synthetic() {
    let tree = synthetic::tree();
    let json = codec::json::to_vec(&tree).unwrap();
    check_owned::<synthetic::Node>("synthetic", &json);
}
