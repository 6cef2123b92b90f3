//! The benchmark models in MessagePack: each dataset decoded from its JSON document is
//! encoded to MessagePack and decodes back (owned and borrowed models) to the same value;
//! and rmp-serde, on the same types through serde, agrees: it reads codec's bytes as the
//! same value, codec reads its bytes as the same value, and for these models both write
//! the very same bytes (structs as maps keyed by name, `rmp_serde::to_vec_named`).
//! The documents are vendored in `data/` (see `data/README.md`).

use std::fmt::Debug;

use codec_tests::data;
use codec_tests::models::{canada, citm, geojson, gmaps, synthetic, twitter, twitter_api};
use serde::de::DeserializeOwned;
use serde::Serialize;

fn check_owned<T>(name: &str, json: &[u8]) -> Vec<u8>
where
    T: codec::DecodeOwned + codec::Encode + DeserializeOwned + Serialize + PartialEq + Debug,
{
    let value: T = codec::json::from_slice(json).unwrap_or_else(|e| panic!("{name}: JSON decode: {e}"));
    let packed = codec::msgpack::to_vec(&value).unwrap_or_else(|e| panic!("{name}: msgpack encode: {e}"));
    let back: T = codec::msgpack::from_slice(&packed).unwrap_or_else(|e| panic!("{name}: msgpack decode: {e}"));
    assert!(back == value, "{name}: the MessagePack encoding does not decode to the same value");
    assert_eq!(codec::msgpack::to_vec(&back).unwrap(), packed, "{name}: re-encoding differs");

    let theirs: T = rmp_serde::from_slice(&packed).unwrap_or_else(|e| panic!("{name}: rmp-serde decode: {e}"));
    assert!(theirs == value, "{name}: rmp-serde reads codec's bytes as a different value");
    let rmp = rmp_serde::to_vec_named(&value).unwrap();
    let ours: T = codec::msgpack::from_slice(&rmp).unwrap_or_else(|e| panic!("{name}: decode of rmp-serde's: {e}"));
    assert!(ours == value, "{name}: codec reads rmp-serde's bytes as a different value");
    assert!(rmp == packed, "{name}: codec and rmp-serde write different bytes");
    eprintln!("{name}: {} bytes of JSON, {} of MessagePack", json.len(), packed.len());
    packed
}

/// The borrowed model decodes from the MessagePack bytes to what the owned one holds
/// (compared through their encodings).
macro_rules! check_borrowed {
    ($name:expr, $ty:ty, $json:expr, $packed:expr) => {{
        let from_json: $ty = codec::json::from_slice($json).unwrap();
        let from_msgpack: $ty =
            codec::msgpack::from_slice($packed).unwrap_or_else(|e| panic!("{}: borrowed msgpack decode: {e}", $name));
        assert!(from_msgpack == from_json, "{}: borrowed models differ", $name);
        assert_eq!(codec::msgpack::to_vec(&from_msgpack).unwrap(), *$packed);
    }};
}

#[test]
fn twitter() {
    let json = data("json-benchmark/twitter.json");
    let packed = check_owned::<twitter::Twitter>("twitter", &json);
    check_borrowed!("twitter", twitter::borrowed::Twitter<'_>, &json, &packed);
    // In MessagePack every string borrows, escapes or not.
    let b: twitter::borrowed::Twitter = codec::msgpack::from_slice(&packed).unwrap();
    assert!(b.statuses.iter().all(|s| matches!(s.text, std::borrow::Cow::Borrowed(_))));
}

#[test]
fn citm_catalog() {
    let json = data("json-benchmark/citm_catalog.json");
    let packed = check_owned::<citm::CitmCatalog>("citm_catalog", &json);
    check_borrowed!("citm_catalog", citm::borrowed::CitmCatalog<'_>, &json, &packed);
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
