//! Pretty output (`codec::json::to_string_pretty` and its siblings) against serde_json's:
//! byte-identical text for every benchmark model and a suite of edge values, with the
//! default indent and with tabs, four spaces and an empty indent; the text decodes back
//! to the same value; the streaming variant writes the same bytes.

use std::collections::BTreeMap;
use std::fmt::Debug;

use codec::json::{to_string_pretty, to_string_pretty_with, to_vec_pretty, to_writer_pretty_with, PrettyOptions};
use codec_tests::data;
use codec_tests::models::{canada, citm, geojson, gmaps, synthetic, twitter, twitter_api};
use serde::{Deserialize, Serialize};

/// serde_json's pretty text of `value` with `indent`.
fn serde_pretty<T: Serialize>(value: &T, indent: &str) -> String {
    let mut out = Vec::new();
    let formatter = serde_json::ser::PrettyFormatter::with_indent(indent.as_bytes());
    let mut ser = serde_json::Serializer::with_formatter(&mut out, formatter);
    value.serialize(&mut ser).unwrap();
    String::from_utf8(out).unwrap()
}

/// codec's pretty text equals serde_json's for each indent, reads back (with both
/// decoders) to the same value, and the streaming and `Vec` variants agree.
fn check<T>(name: &str, value: &T)
where
    T: codec::Encode + codec::DecodeOwned + Serialize + serde::de::DeserializeOwned + PartialEq + Debug,
{
    let ours = to_string_pretty(value).unwrap_or_else(|e| panic!("{name}: {e}"));
    let theirs = serde_json::to_string_pretty(value).unwrap();
    assert_same(name, "  ", &ours, &theirs);
    assert_eq!(to_vec_pretty(value).unwrap(), ours.as_bytes(), "{name}: to_vec_pretty");
    let back: T = codec::json::from_str(&ours).unwrap_or_else(|e| panic!("{name}: decode of the pretty text: {e}"));
    assert!(back == *value, "{name}: the pretty text decodes (codec) to a different value");
    let back: T = serde_json::from_str(&ours).unwrap();
    assert!(back == *value, "{name}: the pretty text decodes (serde_json) to a different value");

    for indent in ["\t", "    ", "", " "] {
        let options = PrettyOptions::new().indent(indent);
        let ours = to_string_pretty_with(value, &options).unwrap();
        assert_same(name, indent, &ours, &serde_pretty(value, indent));
        let mut streamed = Vec::new();
        to_writer_pretty_with(&mut streamed, value, &options).unwrap();
        assert_eq!(streamed, ours.as_bytes(), "{name}: to_writer_pretty_with, indent {indent:?}");
    }
}

/// `assert_eq!` that reports where two long texts first differ instead of printing both.
fn assert_same(name: &str, indent: &str, ours: &str, theirs: &str) {
    if ours != theirs {
        let at = ours.bytes().zip(theirs.bytes()).take_while(|(a, b)| a == b).count();
        let from = at.saturating_sub(60);
        panic!(
            "{name}, indent {indent:?}: the pretty texts differ at byte {at} (lengths {} and {}):\n codec: {:?}\n serde: {:?}",
            ours.len(),
            theirs.len(),
            ours.get(from..(at + 60).min(ours.len())),
            theirs.get(from..(at + 60).min(theirs.len())),
        );
    }
}

#[test]
fn twitter_is_byte_identical() {
    let value: twitter::Twitter = codec::json::from_slice(&data("json-benchmark/twitter.json")).unwrap();
    check("twitter", &value);
}

#[test]
fn citm_catalog_is_byte_identical() {
    let value: citm::CitmCatalog = codec::json::from_slice(&data("json-benchmark/citm_catalog.json")).unwrap();
    check("citm_catalog", &value);
}

#[test]
fn canada_is_byte_identical() {
    let value: canada::Canada = codec::json::from_slice(&data("json-benchmark/canada.json")).unwrap();
    check("canada", &value);
}

#[test]
fn google_maps_is_byte_identical() {
    let value: gmaps::DistanceMatrix =
        codec::json::from_slice(&data("zio-json/google_maps_api_response.json")).unwrap();
    check("google_maps_api_response", &value);
}

#[test]
fn twitter_api_is_byte_identical() {
    let value: twitter_api::Timeline = codec::json::from_slice(&data("zio-json/twitter_api_response.json")).unwrap();
    check("twitter_api_response", &value);
}

#[test]
fn geojson_is_byte_identical() {
    let value: geojson::GeoJson = codec::json::from_slice(&data("zio-json/che.geo.json")).unwrap();
    check("che.geo", &value);
}

#[test]
fn synthetic_is_byte_identical() {
    check("synthetic", &synthetic::tree());
}

/// The borrowed twitter model (strings point into the input) prints the same text as the
/// owned one.
#[test]
fn borrowed_model_prints_the_same() {
    let input = data("json-benchmark/twitter.json");
    let borrowed: twitter::borrowed::Twitter<'_> = codec::json::from_slice(&input).unwrap();
    let owned: twitter::Twitter = codec::json::from_slice(&input).unwrap();
    assert_eq!(to_string_pretty(&borrowed).unwrap(), to_string_pretty(&owned).unwrap());
}

#[derive(codec::Codec, Serialize, Deserialize, Debug, PartialEq)]
enum External {
    Unit,
    Newtype(i32),
    Tuple(u8, String),
    Struct { a: Vec<u8>, b: Option<bool> },
}

#[derive(codec::Codec, Serialize, Deserialize, Debug, PartialEq)]
#[codec(tag = "type")]
#[serde(tag = "type")]
enum Internal {
    Unit,
    Struct { a: Vec<u8>, m: BTreeMap<String, u8> },
}

#[derive(codec::Codec, Serialize, Deserialize, Debug, PartialEq)]
#[codec(tag = "t", content = "c")]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    Newtype(Vec<Vec<u8>>),
    Struct { x: f64 },
}

#[derive(codec::Codec, Serialize, Deserialize, Debug, PartialEq)]
#[codec(untagged)]
#[serde(untagged)]
enum Untagged {
    Num(u64),
    Text(String),
    List(Vec<Untagged>),
}

#[derive(codec::Codec, Serialize, Deserialize, Debug, PartialEq)]
struct Unit;

#[derive(codec::Codec, Serialize, Deserialize, Debug, PartialEq)]
struct Newtype(Vec<String>);

#[derive(codec::Codec, Serialize, Deserialize, Debug, PartialEq)]
struct Edge {
    empty_vec: Vec<u8>,
    empty_map: BTreeMap<String, u8>,
    nested_empties: Vec<Vec<Vec<u8>>>,
    empty_maps: Vec<BTreeMap<String, Vec<u8>>>,
    escapes: String,
    structural: String,
    unicode: String,
    none: Option<u8>,
    some: Option<Option<Vec<u8>>>,
    floats: Vec<f64>,
    ints: (i64, u64, i8),
    map: BTreeMap<String, Vec<Option<bool>>>,
    int_keys: BTreeMap<u32, String>,
    unit: Unit,
    unit_tuple: (),
    newtype: Newtype,
    externals: Vec<External>,
    internals: Vec<Internal>,
    adjacents: Vec<Adjacent>,
    untagged: Vec<Untagged>,
}

fn edge() -> Edge {
    Edge {
        empty_vec: vec![],
        empty_map: BTreeMap::new(),
        nested_empties: vec![vec![], vec![vec![]], vec![vec![], vec![1]]],
        empty_maps: vec![BTreeMap::new(), [("k".to_string(), vec![])].into()],
        escapes: "quote \" backslash \\ newline \n tab \t cr \r nul \0 bell \x07 del \x7f slash /".into(),
        structural: "{\"a\": [1, 2], \"b\": {}} , : [] \\\" \\".into(),
        unicode: "héllo wörld ✓ 🎉 \u{2028}\u{2029} \u{fffd}".into(),
        none: None,
        some: Some(Some(vec![])),
        floats: vec![0.0, -0.0, 1.0, -1.5, 0.1, 1e300, 5e-324, f64::MAX, f64::MIN_POSITIVE, 123456789.125, 1e21, 1e-7],
        ints: (i64::MIN, u64::MAX, -1),
        map: [("".to_string(), vec![]), ("a:b,c".to_string(), vec![Some(true), None]), ("{".to_string(), vec![None])]
            .into(),
        int_keys: [(0, "zero".to_string()), (4_000_000_000, "big".to_string())].into(),
        unit: Unit,
        unit_tuple: (),
        newtype: Newtype(vec!["]".into(), "[".into()]),
        externals: vec![
            External::Unit,
            External::Newtype(-7),
            External::Tuple(1, "x".into()),
            External::Struct { a: vec![], b: None },
            External::Struct { a: vec![1, 2], b: Some(false) },
        ],
        internals: vec![Internal::Unit, Internal::Struct { a: vec![], m: [("q".to_string(), 1)].into() }],
        adjacents: vec![Adjacent::Unit, Adjacent::Newtype(vec![vec![], vec![3]]), Adjacent::Struct { x: 2.5 }],
        untagged: vec![
            Untagged::Num(1),
            Untagged::Text("t".into()),
            Untagged::List(vec![]),
            Untagged::List(vec![Untagged::List(vec![Untagged::Num(2)])]),
        ],
    }
}

#[test]
fn edge_values_are_byte_identical() {
    check("edge", &edge());
}

/// Top-level scalars and empty containers: no line breaks at all, as serde_json.
#[test]
fn scalars_and_empties_at_the_top() {
    check("u8", &7u8);
    check("string", &"a\"b".to_string());
    check("none", &None::<u8>);
    check("empty vec", &Vec::<u8>::new());
    check("empty map", &BTreeMap::<String, u8>::new());
    check("vec of empties", &vec![Vec::<u8>::new(), vec![]]);
    check("unit variant", &External::Unit);
    assert_eq!(to_string_pretty(&Vec::<u8>::new()).unwrap(), "[]");
    assert_eq!(to_string_pretty(&BTreeMap::<String, u8>::new()).unwrap(), "{}");
}

/// `RawJson` is reformatted like the rest: its own whitespace is dropped and the layout
/// is the printer's, so the result is the pretty text of the value it holds.
#[test]
fn raw_json_is_laid_out_too() {
    let raw = codec::json::RawJson::new("{ \"a\" : [ 1 , {\"b\":\"c d\"} ],\n\t\"e\": [ ] }").unwrap();
    let text = to_string_pretty(&vec![raw]).unwrap();
    let value: serde_json::Value = serde_json::from_str("[{\"a\":[1,{\"b\":\"c d\"}],\"e\":[]}]").unwrap();
    assert_eq!(text, serde_json::to_string_pretty(&value).unwrap());
}

/// A non-finite float fails pretty encoding as it fails compact encoding.
#[test]
fn errors_pass_through() {
    let err = to_string_pretty(&vec![1.0, f64::NAN]).unwrap_err();
    assert!(matches!(err.kind(), codec::ErrorKind::InvalidValue(_)), "{err}");
    let mut out = Vec::new();
    assert!(codec::json::to_writer_pretty(&mut out, &[f64::INFINITY]).is_err());
}
