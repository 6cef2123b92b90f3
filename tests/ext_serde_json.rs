//! serde_json's own types as codec fields (codec's feature `serde_json`): `Value`,
//! `Map<String, Value>`, `Number`, `Box<RawValue>`, `&RawValue`.
//!
//! serde_json and rmp-serde are the references: decoding every `y_` case of the vendored
//! JSONTestSuite and every json-benchmark document gives serde_json's value, and codec
//! writes serde_json's bytes back; `n_` cases are rejected by both; in MessagePack codec
//! writes rmp-serde's bytes and reads what rmp-serde reads (refusing what it refuses).
//! Then derived structs holding each type and a flattened catch-all, `RawValue` kept byte
//! for byte, the limits and errors of codec's reader inside a value, and the duplicate-key
//! policy (codec's, not serde_json's keep-last: tested as such).

use std::collections::{BTreeMap, HashMap};

use codec::json::{DuplicateKeys, Options};
use codec::{Codec, ErrorKind};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{json, Map, Number, Value};

/// The JSONTestSuite cases whose name starts with `prefix`, as (name, bytes), sorted.
fn cases(prefix: &str) -> Vec<(String, Vec<u8>)> {
    let dir = codec_tests::data_dir().join("JSONTestSuite").join("test_parsing");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("read {}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with(prefix) && name.ends_with(".json") {
            out.push((name, std::fs::read(&path).unwrap()));
        }
    }
    out.sort();
    out
}

fn keep_last() -> Options {
    Options::new().duplicate_keys(DuplicateKeys::KeepLast)
}

/// The two `y_` cases that repeat a key: serde_json keeps the last value, codec's default
/// policy rejects them (`Options::duplicate_keys` chooses otherwise).
const DUPLICATE_KEY_CASES: &[&str] = &["y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json"];

#[test]
fn every_y_case_decodes_to_serde_jsons_value_and_encodes_to_its_bytes() {
    let cases = cases("y_");
    assert_eq!(cases.len(), 95, "data/JSONTestSuite/test_parsing should hold 95 y_ cases");
    for (name, bytes) in &cases {
        let expected: Value = serde_json::from_slice(bytes).unwrap_or_else(|e| panic!("serde_json on {name}: {e}"));
        let got: Value = codec::json::from_slice_with(bytes, &keep_last()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(got, expected, "{name}");
        // The same numbers, classified alike (`Value`'s equality already compares the
        // kind: `1` and `1.0` differ), and the same text out.
        assert_eq!(codec::json::to_vec(&got).unwrap(), serde_json::to_vec(&expected).unwrap(), "{name}");
        let default = codec::json::from_slice::<Value>(bytes);
        if DUPLICATE_KEY_CASES.contains(&name.as_str()) {
            let err = default.unwrap_err();
            assert!(matches!(err.kind(), ErrorKind::DuplicateField(k) if k == "a"), "{name}: {err}");
        } else {
            assert_eq!(default.unwrap(), expected, "{name} under the default policy");
        }
        // MessagePack: rmp-serde's bytes, read back by both.
        let packed = codec::msgpack::to_vec(&got).unwrap();
        assert_eq!(packed, rmp_serde::to_vec_named(&expected).unwrap(), "{name}");
        assert_eq!(codec::msgpack::from_slice::<Value>(&packed).unwrap(), expected, "{name}");
    }
}

#[test]
fn every_n_case_is_rejected_by_both() {
    let cases = cases("n_");
    assert_eq!(cases.len(), 188, "data/JSONTestSuite/test_parsing should hold 188 n_ cases");
    for (name, bytes) in &cases {
        assert!(serde_json::from_slice::<Value>(bytes).is_err(), "serde_json accepted {name}");
        for options in [Options::new(), keep_last()] {
            let got = codec::json::from_slice_with::<Value>(bytes, &options);
            assert!(got.is_err(), "codec accepted {name}: {got:?}");
            let got = codec::json::from_slice_with::<Box<RawValue>>(bytes, &options);
            assert!(got.is_err(), "codec accepted {name} as a RawValue: {got:?}");
        }
    }
}

/// `i_` cases may go either way; where both accept one, they agree on the value.
#[test]
fn i_cases_that_both_accept_give_the_same_value() {
    let cases = cases("i_");
    let mut both = 0;
    for (name, bytes) in &cases {
        if let (Ok(expected), Ok(got)) =
            (serde_json::from_slice::<Value>(bytes), codec::json::from_slice_with::<Value>(bytes, &keep_last()))
        {
            assert_eq!(got, expected, "{name}");
            both += 1;
        }
    }
    assert!(both >= 5, "only {both} i_ cases read by both");
}

#[test]
fn benchmark_documents_decode_encode_and_pack_as_serde_json_and_rmp_serde() {
    for doc in ["twitter", "citm_catalog", "canada"] {
        let bytes = codec_tests::data(&format!("json-benchmark/{doc}.json"));
        let expected: Value = serde_json::from_slice(&bytes).unwrap();
        let got: Value = codec::json::from_slice(&bytes).unwrap();
        assert!(got == expected, "{doc}: codec's Value differs from serde_json's");
        let json = codec::json::to_vec(&got).unwrap();
        assert!(json == serde_json::to_vec(&expected).unwrap(), "{doc}: JSON bytes differ");
        let packed = codec::msgpack::to_vec(&got).unwrap();
        assert!(packed == rmp_serde::to_vec_named(&expected).unwrap(), "{doc}: MessagePack bytes differ");
        assert!(codec::msgpack::from_slice::<Value>(&packed).unwrap() == expected, "{doc}: MessagePack read back");
        assert!(rmp_serde::from_slice::<Value>(&packed).unwrap() == expected, "{doc}: rmp-serde reads codec's bytes");
        // The top-level object through `Map` too.
        let map: Map<String, Value> = codec::json::from_slice(&bytes).unwrap();
        assert!(Value::Object(map) == expected, "{doc}: as a Map");
    }
}

#[test]
fn numbers_are_serde_jsons_u64_i64_and_correctly_rounded_f64() {
    let literals = [
        "0",
        "-0",
        "-0.0",
        "1.0",
        "1e2",
        "1E+2",
        "1e20",
        "1e21",
        "-1",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "-9223372036854775809",
        "123456789012345678901234567890",
        "0.1",
        "0.30000000000000004",
        "2.2250738585072014e-308",
        "2.2250738585072011e-308",
        "1.7976931348623157e308",
        "5e-324",
        "2.4703282292062327e-324",
        "1e-400",
        "9007199254740993",
        "-9007199254740993.0",
        "0.1000000000000000055511151231257827021181583404541015625",
        "3.14159265358979323846264338327950288419716939937510",
    ];
    for text in literals {
        let expected: Number = serde_json::from_str(text).unwrap();
        let got: Number = codec::json::from_str(text).unwrap();
        assert_eq!(got, expected, "{text}");
        assert_eq!(
            (got.is_u64(), got.is_i64(), got.is_f64()),
            (expected.is_u64(), expected.is_i64(), expected.is_f64())
        );
        assert_eq!(codec::json::to_string(&got).unwrap(), serde_json::to_string(&expected).unwrap(), "{text}");
    }
    // Random doubles, written long (17 significant digits and more) and short.
    let mut rng = codec_tests::rng::Rng(0x5e7d_e150);
    for _ in 0..20_000 {
        let f = f64::from_bits(rng.next());
        if !f.is_finite() {
            continue;
        }
        let digits = 17 + rng.below(8) as usize;
        for text in [format!("{f:.*e}", digits - 1), format!("{f:e}"), format!("{f}")] {
            let expected: Number = serde_json::from_str(&text).unwrap();
            let got: Number = codec::json::from_str(&text).unwrap();
            assert_eq!(got, expected, "{text}");
            assert_eq!(codec::json::to_string(&got).unwrap(), serde_json::to_string(&expected).unwrap(), "{text}");
        }
    }
    // Beyond f64 both refuse.
    assert!(serde_json::from_str::<Number>("1e400").is_err());
    assert!(codec::json::from_str::<Number>("1e400").is_err());
    // A number field is a number only.
    let err = codec::json::from_str::<Number>(r#""1""#).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidType { .. }), "{err}");
}

#[test]
fn strings_are_escaped_as_serde_json_escapes_them() {
    let mut s: String = (0u8..0x80).map(char::from).collect();
    s.push_str("é\u{2028}\u{2029}\u{feff}😀/\\\"");
    let v = json!({ "s": s, s.clone(): [s.clone()] });
    let json = codec::json::to_vec(&v).unwrap();
    assert_eq!(String::from_utf8(json.clone()).unwrap(), serde_json::to_string(&v).unwrap());
    assert_eq!(codec::json::from_slice::<Value>(&json).unwrap(), v);
    // Escapes read as serde_json reads them, surrogate pairs included.
    let text = r#"["\u00e9\ud83d\ude00\/\b\f\n\r\t\"\\", "\u0000"]"#;
    assert_eq!(codec::json::from_str::<Value>(text).unwrap(), serde_json::from_str::<Value>(text).unwrap());
}

// ---------------------------------------------------------------- derived structs

#[derive(Serialize, Deserialize, Codec, Debug, PartialEq)]
struct Event {
    id: u32,
    payload: Value,
    attrs: Map<String, Value>,
    score: Number,
    tags: Vec<Value>,
    parent: Option<Value>,
    #[serde(flatten)]
    extra: BTreeMap<String, Value>,
}

#[derive(Serialize, Deserialize, Codec, Debug, PartialEq)]
struct WithHashMap {
    id: u32,
    #[serde(flatten)]
    extra: HashMap<String, Value>,
}

#[derive(Serialize, Deserialize, Codec, Debug, PartialEq)]
struct WithMap {
    id: u32,
    #[serde(flatten)]
    extra: Map<String, Value>,
}

#[derive(Serialize, Deserialize, Codec, Debug, PartialEq)]
struct WithValue {
    id: u32,
    #[serde(flatten)]
    extra: Value,
}

const EVENT: &str = r#"{"id":7,"payload":{"a":[1,-2,1.5,null],"b":{"c":"d"}},"attrs":{"x":true},"score":-0.0,"tags":["t",{"u":18446744073709551615}],"parent":null,"zeta":[],"alpha":{"k":"v"},"mid":-9223372036854775808}"#;

#[test]
fn a_struct_with_each_type_and_a_flattened_catch_all_matches_serde_in_both_formats() {
    let expected: Event = serde_json::from_str(EVENT).unwrap();
    assert_eq!(expected.extra.len(), 3);
    assert_eq!(expected.parent, None);
    let got: Event = codec::json::from_str(EVENT).unwrap();
    assert_eq!(got, expected);
    let json = codec::json::to_string(&got).unwrap();
    assert_eq!(json, serde_json::to_string(&expected).unwrap());
    assert_eq!(codec::json::from_str::<Event>(&json).unwrap(), expected);
    let packed = codec::msgpack::to_vec(&got).unwrap();
    assert_eq!(packed, rmp_serde::to_vec_named(&expected).unwrap());
    assert_eq!(codec::msgpack::from_slice::<Event>(&packed).unwrap(), expected);
    assert_eq!(rmp_serde::from_slice::<Event>(&packed).unwrap(), expected);

    // The catch-all as a HashMap and as serde_json's Map.
    let hm: WithHashMap = codec::json::from_str(EVENT).unwrap();
    assert_eq!(hm, serde_json::from_str::<WithHashMap>(EVENT).unwrap());
    assert_eq!(hm.extra.len(), 8);
    let m: WithMap = codec::json::from_str(EVENT).unwrap();
    let reference: WithMap = serde_json::from_str(EVENT).unwrap();
    assert_eq!(m, reference);
    assert_eq!(codec::json::to_string(&m).unwrap(), serde_json::to_string(&reference).unwrap());
    let packed = codec::msgpack::to_vec(&m).unwrap();
    assert_eq!(packed, rmp_serde::to_vec_named(&reference).unwrap());
    assert_eq!(codec::msgpack::from_slice::<WithMap>(&packed).unwrap(), reference);
    let back: HashMap<String, Value> = codec::msgpack::from_slice::<WithHashMap>(&packed).unwrap().extra;
    assert_eq!(back, hm.extra);
}

#[test]
fn a_flattened_value_is_the_object_of_the_other_members_as_in_serde() {
    for text in [EVENT, r#"{"id":3}"#] {
        let reference: WithValue = serde_json::from_str(text).unwrap();
        assert!(reference.extra.is_object());
        let got: WithValue = codec::json::from_str(text).unwrap();
        assert_eq!(got, reference);
        assert_eq!(codec::json::to_string(&got).unwrap(), serde_json::to_string(&reference).unwrap());
        let packed = codec::msgpack::to_vec(&got).unwrap();
        assert_eq!(packed, rmp_serde::to_vec_named(&reference).unwrap());
        assert_eq!(codec::msgpack::from_slice::<WithValue>(&packed).unwrap(), reference);
    }
    // Null writes no member; anything else but an object is an error, as serde's.
    let null = WithValue { id: 1, extra: Value::Null };
    assert_eq!(codec::json::to_string(&null).unwrap(), serde_json::to_string(&null).unwrap());
    assert_eq!(codec::msgpack::to_vec(&null).unwrap(), rmp_serde::to_vec_named(&null).unwrap());
    for extra in [json!(1), json!("s"), json!([1]), json!(true)] {
        let v = WithValue { id: 1, extra };
        assert!(serde_json::to_string(&v).is_err());
        let err = codec::json::to_string(&v).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::InvalidValue(_)), "{err}");
        assert!(codec::msgpack::to_vec(&v).is_err());
    }
}

#[test]
fn a_catch_all_follows_the_duplicate_key_policy() {
    let text = r#"{"id":1,"x":1,"x":2}"#;
    let err = codec::json::from_str::<WithMap>(text).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (&ErrorKind::DuplicateField("x".into()), Some(14)));
    let err = codec::json::from_str::<Event>(r#"{"id":1,"payload":{"x":1,"x":2}}"#).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (&ErrorKind::DuplicateField("x".into()), Some(25)));
    let last: WithMap = codec::json::from_slice_with(text.as_bytes(), &keep_last()).unwrap();
    assert_eq!(last, serde_json::from_str::<WithMap>(text).unwrap());
    assert_eq!(last.extra["x"], 2);
    let first: WithMap =
        codec::json::from_slice_with(text.as_bytes(), &Options::new().duplicate_keys(DuplicateKeys::KeepFirst))
            .unwrap();
    assert_eq!(first.extra["x"], 1);
}

// ---------------------------------------------------------------- RawValue

#[derive(Serialize, Deserialize, Codec, Debug)]
struct Envelope<'a> {
    kind: &'a str,
    owned: Box<RawValue>,
    #[serde(borrow)]
    borrowed: &'a RawValue,
    list: Vec<Box<RawValue>>,
}

#[test]
fn raw_values_keep_their_text_byte_for_byte() {
    let text = r#"{ "kind" : "k", "owned" :  {"a" : [1, 2.50 ,"\u0041"]} , "borrowed": [ true ,null ] ,"list":[ 1e2 , "x" ,{} ]}"#;
    let expected: Envelope = serde_json::from_str(text).unwrap();
    let got: Envelope = codec::json::from_str(text).unwrap();
    assert_eq!(got.owned.get(), r#"{"a" : [1, 2.50 ,"\u0041"]}"#);
    assert_eq!(got.owned.get(), expected.owned.get());
    assert_eq!(got.borrowed.get(), "[ true ,null ]");
    assert_eq!(got.borrowed.get(), expected.borrowed.get());
    let at = got.borrowed.get().as_ptr() as usize - text.as_ptr() as usize;
    assert_eq!(&text[at..at + 14], "[ true ,null ]", "a &RawValue borrows from the input");
    let list: Vec<&str> = got.list.iter().map(|r| r.get()).collect();
    assert_eq!(list, ["1e2", r#""x""#, "{}"]);
    let json = codec::json::to_string(&got).unwrap();
    assert_eq!(json, serde_json::to_string(&expected).unwrap());
    assert_eq!(
        json,
        r#"{"kind":"k","owned":{"a" : [1, 2.50 ,"\u0041"]},"borrowed":[ true ,null ],"list":[1e2,"x",{}]}"#
    );
    // A bad value inside is codec's error, at its place (where a digit must follow `2.`).
    let err = codec::json::from_str::<Envelope>(&text.replace("2.50", "2.")).unwrap_err();
    assert_eq!((err.path().as_str(), err.line(), err.column()), (".owned", Some(1), Some(41)));
}

#[test]
fn raw_values_in_messagepack_are_the_values_their_text_holds() {
    let raw = RawValue::from_string(r#"{"b": [1, -1, 0.5], "a": "s", "b": null}"#.to_owned()).unwrap();
    // Written as the Value the text holds (a repeated key keeps its last value).
    let held: Value = serde_json::from_str(raw.get()).unwrap();
    let packed = codec::msgpack::to_vec(&raw).unwrap();
    assert_eq!(packed, rmp_serde::to_vec_named(&held).unwrap());
    // Read back as the compact text of that value.
    let back: Box<RawValue> = codec::msgpack::from_slice(&packed).unwrap();
    assert_eq!(back.get(), r#"{"a":"s","b":null}"#);
    let borrowed = RawValue::from_string("[1,{\"x\":2}]".to_owned()).unwrap();
    assert_eq!(codec::msgpack::to_vec(&&*borrowed).unwrap(), b"\x92\x01\x81\xa1x\x02");
    // rmp-serde writes serde_json's internal token instead, and cannot read anything back.
    let token = rmp_serde::to_vec_named(&raw).unwrap();
    assert!(rmp_serde::from_slice::<Box<RawValue>>(&token).is_err());
    // A &RawValue has no JSON text to borrow in MessagePack.
    let err = codec::msgpack::from_slice::<&RawValue>(b"\x01").unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidValue(_)), "{err}");
    // A bin is refused for a RawValue as for a Value.
    let err = codec::msgpack::from_slice::<Box<RawValue>>(b"\xc4\x01a").unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidType { .. }), "{err}");
}

// ---------------------------------------------------------------- MessagePack edges

#[test]
fn messagepack_reads_what_rmp_serde_reads_and_refuses_what_it_refuses() {
    let refused: &[(&str, &[u8], usize)] = &[
        ("bin", b"\xc4\x02ab", 0),
        ("fixext 1", b"\xd4\x01\x05", 0),
        ("ext 8", b"\xc7\x02\x05ab", 0),
        ("an int key", b"\x81\x01\x02", 1),
        ("a nil key", b"\x81\xc0\x02", 1),
        ("a bin key", b"\x81\xc4\x01a\x02", 1),
        ("a bin in an array", b"\x92\x01\xc4\x00", 2),
    ];
    for &(what, bytes, offset) in refused {
        assert!(rmp_serde::from_slice::<Value>(bytes).is_err(), "rmp-serde accepted {what}");
        let err = codec::msgpack::from_slice::<Value>(bytes).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::InvalidType { .. }), "{what}: {err}");
        assert_eq!(err.offset(), Some(offset), "{what}");
    }
    let err = codec::msgpack::from_slice::<Value>(b"\x92\x01\xc4\x00").unwrap_err();
    assert_eq!(err.path(), "[1]");
    let accepted: &[(&str, &[u8])] = &[
        ("NaN (float 64) in a Value", b"\xcb\x7f\xf8\0\0\0\0\0\0"),
        ("NaN (float 32)", b"\xca\x7f\xc0\0\0"),
        ("infinity", b"\xcb\x7f\xf0\0\0\0\0\0\0"),
        ("float 32 1.5", b"\xca\x3f\xc0\0\0"),
        ("float 32 0.1", b"\xca\x3d\xcc\xcc\xcd"),
        ("a positive int 64", b"\xd3\0\0\0\0\0\0\0\x05"),
        ("int 8 -1", b"\xd0\xff"),
        ("uint 64 max", b"\xcf\xff\xff\xff\xff\xff\xff\xff\xff"),
        ("str 8", b"\xd9\x01a"),
        ("array 16", b"\xdc\0\x01\xc3"),
        ("map 32", b"\xdf\0\0\0\x01\xa1k\xc0"),
    ];
    for &(what, bytes) in accepted {
        let expected: Value = rmp_serde::from_slice(bytes).unwrap();
        assert_eq!(codec::msgpack::from_slice::<Value>(bytes).unwrap(), expected, "{what}");
    }
    assert_eq!(codec::msgpack::from_slice::<Value>(b"\xcb\x7f\xf8\0\0\0\0\0\0").unwrap(), Value::Null);
    // In a Number, NaN is an error, as for rmp-serde.
    assert!(rmp_serde::from_slice::<Number>(b"\xcb\x7f\xf8\0\0\0\0\0\0").is_err());
    let err = codec::msgpack::from_slice::<Number>(b"\xcb\x7f\xf8\0\0\0\0\0\0").unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidValue(_)), "{err}");
    assert_eq!(codec::msgpack::from_slice::<Number>(b"\xd0\xff").unwrap(), Number::from(-1));
}

#[test]
fn messagepack_writes_rmp_serdes_bytes() {
    let values = [
        json!(null),
        json!([true, false, 0, 127, 128, 255, 256, 65535, 65536, u32::MAX, u64::MAX]),
        json!([-1, -32, -33, -128, -129, -32768, -32769, i32::MIN, i64::MIN]),
        json!([0.0, -0.0, 1.5, 1e300, 0.1]),
        json!({"": "", "k": "x".repeat(40), "long": "y".repeat(300), "arr": vec![1; 20], "nest": {"a": {"b": []}}}),
        Value::Object((0..20).map(|i| (format!("k{i}"), json!(i))).collect()),
    ];
    for v in &values {
        let packed = codec::msgpack::to_vec(v).unwrap();
        assert_eq!(packed, rmp_serde::to_vec_named(v).unwrap(), "{v}");
        assert_eq!(packed, rmp_serde::to_vec(v).unwrap(), "{v}");
        assert_eq!(&codec::msgpack::from_slice::<Value>(&packed).unwrap(), v);
        if let Value::Object(m) = v {
            assert_eq!(codec::msgpack::to_vec(m).unwrap(), packed);
            assert_eq!(&codec::msgpack::from_slice::<Map<String, Value>>(&packed).unwrap(), m);
        }
    }
    let n = Number::from_f64(2.5).unwrap();
    assert_eq!(codec::msgpack::to_vec(&n).unwrap(), rmp_serde::to_vec_named(&n).unwrap());
}

#[test]
fn messagepack_duplicate_keys_follow_codecs_policy() {
    let bytes = b"\x82\xa1a\x01\xa1a\x02";
    let err = codec::msgpack::from_slice::<Value>(bytes).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (&ErrorKind::DuplicateField("a".into()), Some(4)));
    let options = codec::msgpack::Options::new().duplicate_keys(DuplicateKeys::KeepLast);
    let last: Value = codec::msgpack::from_slice_with(bytes, &options).unwrap();
    assert_eq!(last, rmp_serde::from_slice::<Value>(bytes).unwrap());
    let options = codec::msgpack::Options::new().duplicate_keys(DuplicateKeys::KeepFirst);
    assert_eq!(codec::msgpack::from_slice_with::<Value>(bytes, &options).unwrap(), json!({"a": 1}));
}

// ---------------------------------------------------------------- limits and errors

#[test]
fn a_depth_bomb_stops_at_codecs_depth_limit() {
    for bomb in ["[".repeat(100_000), "{\"a\":".repeat(100_000), format!("[{}", "{\"a\":[".repeat(50_000))] {
        let err = codec::json::from_str::<Value>(&bomb).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::DepthLimit(128), "{err}");
        let err = codec::json::from_str::<Box<RawValue>>(&bomb).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::DepthLimit(128), "{err}");
    }
    let nested = format!("{}{}", "[".repeat(20), "]".repeat(20));
    let err = codec::json::from_slice_with::<Value>(nested.as_bytes(), &Options::new().max_depth(10)).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DepthLimit(10));
    assert_eq!(err.offset(), Some(10));
    let err = codec::json::from_str::<Event>(&format!(r#"{{"id":1,"payload":{}}}"#, "[".repeat(1000))).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DepthLimit(128));
    // MessagePack: 100,000 nested arrays and maps.
    let err = codec::msgpack::from_slice::<Value>(&[0x91; 100_000]).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DepthLimit(128));
    let err = codec::msgpack::from_slice::<Value>(&b"\x81\xa1a".repeat(100_000)).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DepthLimit(128));
}

#[test]
fn string_and_number_length_limits_hold_inside_a_value() {
    let text = format!(r#"{{"a":["{}"]}}"#, "x".repeat(100));
    let err = codec::json::from_slice_with::<Value>(text.as_bytes(), &Options::new().max_string_len(50)).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::SizeLimit(_)), "{err}");
    assert_eq!(err.path(), "[\"a\"][0]");
    let key = format!(r#"{{"{}":1}}"#, "k".repeat(100));
    let err = codec::json::from_slice_with::<Value>(key.as_bytes(), &Options::new().max_string_len(50)).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::SizeLimit(_)), "{err}");
    let number = format!("[1, {}]", "9".repeat(200));
    let err =
        codec::json::from_slice_with::<Value>(number.as_bytes(), &Options::new().max_number_len(100)).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::SizeLimit(_)), "{err}");
    assert_eq!((err.path().as_str(), err.offset()), ("[1]", Some(4)));
    let packed = rmp_serde::to_vec(&json!(["y".repeat(100)])).unwrap();
    let options = codec::msgpack::Options::new().max_string_len(50);
    let err = codec::msgpack::from_slice_with::<Value>(&packed, &options).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::SizeLimit(_)), "{err}");
    assert_eq!(err.path(), "[0]");
}

#[test]
fn errors_inside_a_value_field_carry_the_path_and_line_and_column() {
    let text = "{\"id\": 1,\n \"payload\": {\"a\": [1,\n  {\"b\": nul}]}}";
    let err = codec::json::from_str::<Event>(text).unwrap_err();
    assert_eq!(err.path(), ".payload[\"a\"][1][\"b\"]");
    assert_eq!((err.line(), err.column()), (Some(3), Some(9)));
    assert!(err.to_string().contains("line 3, column 9"), "{err}");
    // In the flattened catch-all.
    let err = codec::json::from_str::<WithMap>("{\"id\": 1, \"x\": [tru]}").unwrap_err();
    assert_eq!((err.path().as_str(), err.column()), ("[\"x\"][0]", Some(17)));
    let err = codec::json::from_str::<Event>(r#"{"id":1,"payload":1,"attrs":{},"score":"s","tags":[]}"#).unwrap_err();
    assert_eq!((err.path().as_str(), err.offset()), (".score", Some(39)));
    // A missing Value field is an error, as in serde; an Option of one is None.
    let err = codec::json::from_str::<Event>(r#"{"id":1}"#).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::MissingField("payload")), "{err}");
    assert!(serde_json::from_str::<Event>(r#"{"id":1}"#).is_err());
    // MessagePack errors name the path too.
    let packed = b"\x81\xa1a\x92\x01\xc4\x00";
    let err = codec::msgpack::from_slice::<Map<String, Value>>(packed).unwrap_err();
    assert_eq!((err.path().as_str(), err.offset()), ("[\"a\"][1]", Some(5)));
}

/// serde_json's second scan of a `&RawValue` (see the module docs) skips the value without
/// recursion: codec's depth limit is the only one, for the borrowed and the owned form.
#[test]
fn raw_values_obey_codecs_depth_limit_only() {
    let deep = format!("{}{}", "[".repeat(300), "]".repeat(300));
    let options = Options::new().max_depth(1000);
    let owned: Box<RawValue> = codec::json::from_slice_with(deep.as_bytes(), &options).unwrap();
    assert_eq!(owned.get(), deep);
    let borrowed: &RawValue = codec::json::from_slice_with(deep.as_bytes(), &options).unwrap();
    assert_eq!(borrowed.get().as_ptr(), deep.as_ptr());
    assert_eq!(borrowed.get().len(), deep.len());
    let err = codec::json::from_slice::<&RawValue>(deep.as_bytes()).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (&ErrorKind::DepthLimit(128), Some(128)));
}
