//! The benchmark models against the real documents: codec and serde_json decode each
//! file into equal values, and codec's encoding decodes back (with both) to the same
//! value, for the owned and the borrowed models. canada.json's floats are checked bit for
//! bit against `str::parse::<f64>`. The documents are vendored in `data/` (see
//! `data/README.md`).

use std::fmt::Debug;

use codec_tests::data;
use codec_tests::models::{canada, citm, events, geojson, gmaps, synthetic, twitter, twitter_api};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Decodes `input` with codec and serde_json, asserts they agree, and round-trips codec's
/// encoding through both decoders. Returns codec's value.
fn check_owned<T>(name: &str, input: &[u8]) -> T
where
    T: codec::DecodeOwned + codec::Encode + DeserializeOwned + Serialize + PartialEq + Debug,
{
    let ours: T = codec::json::from_slice(input).unwrap_or_else(|e| panic!("{name}: codec decode: {e}"));
    let theirs: T = serde_json::from_slice(input).unwrap_or_else(|e| panic!("{name}: serde_json decode: {e}"));
    assert!(ours == theirs, "{name}: codec and serde_json decode different values");

    let encoded = codec::json::to_vec(&ours).unwrap_or_else(|e| panic!("{name}: codec encode: {e}"));
    let back: T = codec::json::from_slice(&encoded).unwrap_or_else(|e| panic!("{name}: codec re-decode: {e}"));
    assert!(back == ours, "{name}: codec's encoding does not decode (codec) to the same value");
    let back: T = serde_json::from_slice(&encoded).unwrap_or_else(|e| panic!("{name}: serde_json re-decode: {e}"));
    assert!(back == ours, "{name}: codec's encoding does not decode (serde_json) to the same value");

    // And the other way: serde_json's encoding is read back by codec. (Today the two are
    // byte-identical on every dataset; that is noted, not required.)
    let theirs_encoded = serde_json::to_vec(&ours).unwrap();
    if theirs_encoded != encoded {
        eprintln!("note: {name}: codec's and serde_json's encodings differ (both decode to the same value)");
    }
    let back: T =
        codec::json::from_slice(&theirs_encoded).unwrap_or_else(|e| panic!("{name}: decode of serde_json's: {e}"));
    assert!(back == ours, "{name}: serde_json's encoding does not decode (codec) to the same value");
    ours
}

/// `check_owned` for a type that borrows from its input (`$ty` spelled with `'_`).
macro_rules! check_borrowed {
    ($name:expr, $ty:ty, $input:expr) => {{
        let name: &str = $name;
        let input: &[u8] = $input;
        let ours: $ty = codec::json::from_slice(input).unwrap_or_else(|e| panic!("{name}: codec decode: {e}"));
        let theirs: $ty = serde_json::from_slice(input).unwrap_or_else(|e| panic!("{name}: serde_json decode: {e}"));
        assert!(ours == theirs, "{name}: codec and serde_json decode different values");
        let encoded = codec::json::to_vec(&ours).unwrap_or_else(|e| panic!("{name}: codec encode: {e}"));
        let back: $ty = codec::json::from_slice(&encoded).unwrap_or_else(|e| panic!("{name}: codec re-decode: {e}"));
        assert!(back == ours, "{name}: codec's encoding does not decode (codec) to the same value");
        let back: $ty =
            serde_json::from_slice(&encoded).unwrap_or_else(|e| panic!("{name}: serde_json re-decode: {e}"));
        assert!(back == ours, "{name}: codec's encoding does not decode (serde_json) to the same value");
        ours
    }};
}

#[test]
fn twitter() {
    let input = data("json-benchmark/twitter.json");
    let owned: twitter::Twitter = check_owned("twitter", &input);
    assert_eq!(owned.statuses.len(), 100);
    assert_eq!(owned.statuses.iter().filter(|s| s.retweeted_status.is_some()).count(), 73);
    assert_eq!(owned.search_metadata.max_id, 505874924095815700);

    let borrowed = check_borrowed!("twitter (borrowed)", twitter::borrowed::Twitter<'_>, &input);
    // Escape-free strings borrow; `Cow` fields own only where the input escaped something.
    let first = &borrowed.statuses[0];
    assert!(matches!(first.source, std::borrow::Cow::Owned(_)), "`source` holds \\\" escapes");
    assert_eq!(first.source, owned.statuses[0].source);
    let borrowed_texts = borrowed.statuses.iter().filter(|s| matches!(s.text, std::borrow::Cow::Borrowed(_))).count();
    assert!(borrowed_texts > 50, "most texts have no escape and borrow ({borrowed_texts} of 100)");
}

#[test]
fn citm_catalog() {
    let input = data("json-benchmark/citm_catalog.json");
    let owned: citm::CitmCatalog = check_owned("citm_catalog", &input);
    assert_eq!(owned.events.len(), 184);
    assert_eq!(owned.performances.len(), 243);
    let areas: usize = owned.performances.iter().flat_map(|p| &p.seat_categories).map(|s| s.areas.len()).sum();
    assert_eq!(areas, 8685);

    let borrowed = check_borrowed!("citm_catalog (borrowed)", citm::borrowed::CitmCatalog<'_>, &input);
    assert_eq!(borrowed.events.len(), 184);
}

/// Every number literal of canada.json, in document order (they are all coordinates).
fn number_literals(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_ascii_digit() || matches!(c, '-' | '.' | 'e' | 'E' | '+')))
        .filter(|t| t.bytes().any(|b| b.is_ascii_digit()))
        .collect()
}

fn coordinates(doc: &canada::Canada) -> Vec<f64> {
    doc.features.iter().flat_map(|f| f.geometry.coordinates.iter().flatten().flatten().copied()).collect()
}

#[test]
fn canada() {
    let input = data("json-benchmark/canada.json");
    let owned: canada::Canada = check_owned("canada", &input);

    let text = std::str::from_utf8(&input).unwrap();
    let literals = number_literals(text);
    assert_eq!(literals.len(), 111_126);
    let ours = coordinates(&owned);
    assert_eq!(ours.len(), literals.len());
    let mut wrong = Vec::new();
    for (lit, got) in literals.iter().zip(&ours) {
        let want: f64 = lit.parse().unwrap();
        if want.to_bits() != got.to_bits() {
            wrong.push(format!("{lit}: std {want:e}, codec {got:e}"));
        }
    }
    assert!(wrong.is_empty(), "{} floats differ from str::parse, e.g. {:?}", wrong.len(), &wrong[..wrong.len().min(5)]);

    // serde_json with `float_roundtrip` is correctly rounded too (without it, 11,975 of
    // these numbers come out 1 ulp off).
    let theirs: canada::Canada = serde_json::from_slice(&input).unwrap();
    let disagree = coordinates(&theirs).iter().zip(&ours).filter(|(a, b)| a.to_bits() != b.to_bits()).count();
    eprintln!("canada: serde_json (float_roundtrip) disagrees with str::parse on {disagree} of {} floats", ours.len());
    assert_eq!(disagree, 0);

    // Encoding prints each float so that it parses back to the same bits.
    let encoded = codec::json::to_vec(&owned).unwrap();
    let back: Vec<f64> =
        number_literals(std::str::from_utf8(&encoded).unwrap()).iter().map(|lit| lit.parse::<f64>().unwrap()).collect();
    assert!(back.iter().zip(&ours).all(|(a, b)| a.to_bits() == b.to_bits()) && back.len() == ours.len());
}

#[test]
fn google_maps() {
    let input = data("zio-json/google_maps_api_response.json");
    let owned: gmaps::DistanceMatrix = check_owned("google_maps_api_response", &input);
    assert_eq!(owned.rows.len(), 10);
    assert!(owned.rows.iter().all(|r| r.elements.len() == 10));
    let compact = data("zio-json/google_maps_api_compact_response.json");
    assert_eq!(codec::json::from_slice::<gmaps::DistanceMatrix>(&compact).unwrap(), owned);
}

#[test]
fn twitter_api() {
    let input = data("zio-json/twitter_api_response.json");
    let owned: twitter_api::Timeline = check_owned("twitter_api_response", &input);
    assert_eq!(owned.len(), 2);
    assert!(owned.iter().all(|t| t.retweeted_status.is_some()));
    let compact = data("zio-json/twitter_api_compact_response.json");
    assert_eq!(codec::json::from_slice::<twitter_api::Timeline>(&compact).unwrap(), owned);
}

#[test]
fn geojson() {
    let input = data("zio-json/che.geo.json");
    let owned: geojson::GeoJson = check_owned("che.geo", &input);
    let geojson::GeoJson::FeatureCollection { features } = &owned else { panic!("a FeatureCollection") };
    let geojson::GeoJson::Feature { geometry: geojson::Geometry::Polygon { coordinates }, .. } = &features[0] else {
        panic!("a Feature with a Polygon")
    };
    assert_eq!(coordinates.iter().map(Vec::len).sum::<usize>(), 545);

    // The same document with every `type` key last.
    let reordered = data("zio-json/che-2.geo.json");
    assert_eq!(check_owned::<geojson::GeoJson>("che-2.geo", &reordered), owned);
}

#[test]
fn synthetic() {
    let tree = synthetic::tree();
    assert_eq!(tree, synthetic::tree(), "the generator is deterministic");
    let nesting = synthetic::max_nesting(&tree);
    assert!(nesting < 100, "nesting {nesting} must stay under every peer's limit");
    let encoded = codec::json::to_vec(&tree).unwrap();
    assert!((900_000..1_300_000).contains(&encoded.len()), "about 1 MB, got {}", encoded.len());
    let back: synthetic::Node = check_owned("synthetic", &encoded);
    assert_eq!(back, tree);
}

/// The generated service events (UUIDs, timestamps, decimals, tagged enums): about 1 MB,
/// the same every time, and codec writes byte for byte what serde_json writes with each
/// field type's own serde impl, in both compact and pretty form.
#[test]
fn events() {
    let events = events::generate(1 << 20);
    assert_eq!(events, events::generate(1 << 20), "the generator is deterministic");
    let encoded = codec::json::to_vec(&events).unwrap();
    assert!((1 << 20..1_200_000).contains(&encoded.len()), "about 1 MB, got {}", encoded.len());
    assert_eq!(String::from_utf8(encoded.clone()).unwrap(), serde_json::to_string(&events).unwrap());
    assert_eq!(codec::json::to_string_pretty(&events).unwrap(), serde_json::to_string_pretty(&events).unwrap());
    let back: events::Events = check_owned("events", &encoded);
    assert_eq!(back, events);
    let msgpack = codec::msgpack::to_vec(&events).unwrap();
    assert_eq!(codec::msgpack::from_slice::<events::Events>(&msgpack).unwrap(), events);
}

/// zio-json's negative and adversarial twins of its documents (`data/README.md`): the
/// schema errors and the syntax error are rejected with the error that names the fault and
/// where, the number out of range for zio-json's JVM `Int` fits the model's `u64`, and the
/// attack padding (whitespace, a long unknown string, many unknown keys) decodes to the plain
/// document; integers written with 400 trailing zeros are floats, a type error for `u64`.
#[test]
fn zio_json_negative_inputs() {
    use codec::json::{from_slice, from_slice_with, Options, Value};
    use codec::ErrorKind;

    let invalid_type = |expected: &'static str, found: &'static str| ErrorKind::InvalidType {
        expected: expected.into(),
        found: found.into(),
    };
    let plain: gmaps::DistanceMatrix = from_slice(&data("zio-json/google_maps_api_response.json")).unwrap();
    let gmaps =
        |name: &str| from_slice::<gmaps::DistanceMatrix>(&data(&format!("zio-json/google_maps_api_{name}.json")));

    let err = gmaps("error_response").unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::MissingField("value"), "{err}");
    assert_eq!(err.path(), ".rows[0].elements[0].distance", "{err}");
    let err = gmaps("error_parse").unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::Eof, "{err}");

    let big = gmaps("error_number").unwrap();
    assert_eq!(big.rows[9].elements[9].duration.value, i64::MAX as u64);
    let mut expected = plain.clone();
    expected.rows[9].elements[9].duration.value = i64::MAX as u64;
    assert_eq!(big, expected, "only the one number differs");

    for name in ["attack0", "attack1", "attack2"] {
        assert_eq!(gmaps(name).unwrap_or_else(|e| panic!("{name}: {e}")), plain, "{name}");
    }
    let err = gmaps("attack3").unwrap_err();
    assert_eq!(err.kind(), &invalid_type("u64", "float"), "{err}");

    let err = from_slice::<twitter_api::Timeline>(&data("zio-json/twitter_api_error_response.json")).unwrap_err();
    assert_eq!(err.kind(), &invalid_type("a boolean", "string"), "{err}");
    assert_eq!(err.path(), "[1].retweeted_status.user.profile_background_tile", "{err}");

    let err = from_slice::<geojson::GeoJson>(&data("zio-json/che-err.geo.json")).unwrap_err();
    assert_eq!(err.kind(), &invalid_type("f64", "string"), "{err}");

    // 500 objects deep: over the default depth limit, fine under a raised one.
    let nested = data("zio-json/synthetic_nested_500.json");
    let err = from_slice::<Value>(&nested).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DepthLimit(128), "{err}");
    let mut value: Value = from_slice_with(&nested, &Options::new().max_depth(500)).unwrap();
    let mut depth = 0;
    while let Some(inner) = value.as_object_mut().and_then(|o| o.remove("n")) {
        depth += 1;
        value = inner;
    }
    assert_eq!((depth, value), (500, Value::Null));
}
