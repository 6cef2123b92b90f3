//! `codec::msgpack::Value`, the lossless MessagePack value: the msgpack-test-suite through
//! it, values made by Python's and JavaScript's reference libraries, limits and hostile
//! input, duplicate keys, conversions with `json::Value`, its JSON form, `Display`, and a
//! property test of the round trip.

use std::path::PathBuf;

use codec::msgpack::{
    from_slice, from_slice_with, to_vec, DuplicateKeys, Map, MsgpackReader, Options, Timestamp, Value,
};
use codec::ErrorKind;
use proptest::prelude::*;

mod common;
use common::{hex, show};

fn map<K: Into<Value>, V: Into<Value>>(entries: impl IntoIterator<Item = (K, V)>) -> Value {
    Value::Map(entries.into_iter().collect())
}

fn arr(items: impl IntoIterator<Item = Value>) -> Value {
    Value::Array(items.into_iter().collect())
}

fn ts(seconds: i64, nanoseconds: u32) -> Value {
    Value::Timestamp(Timestamp::new(seconds, nanoseconds).unwrap())
}

// ---------------------------------------------------------------- msgpack-test-suite

/// The value a suite entry describes (its JSON side), as a `msgpack::Value`; `bytes` is
/// one listed encoding, which decides float 32 against float 64 and integer against float
/// (the suite lists `1` as an int and as floats alike).
fn expected(group: &str, entry: &codec::json::Value, bytes: &[u8]) -> Value {
    let obj = entry.as_object().unwrap();
    if obj.contains_key("nil") {
        Value::Nil
    } else if let Some(b) = obj.get("bool") {
        Value::Bool(b.as_bool().unwrap())
    } else if let Some(b) = obj.get("binary") {
        Value::Binary(hex(b.as_str().unwrap()))
    } else if obj.contains_key("number") || obj.contains_key("bignum") {
        let exact: Option<i128> = match obj.get("bignum") {
            Some(b) => Some(b.as_str().unwrap().parse().unwrap()),
            None => entry["number"].as_i64().map(i128::from).or(entry["number"].as_u64().map(i128::from)),
        };
        let approx = exact.map_or_else(|| entry["number"].as_f64().unwrap(), |i| i as f64);
        match bytes[0] {
            0xca => Value::F32(approx as f32),
            0xcb => Value::F64(approx),
            _ => {
                let i = exact.unwrap_or_else(|| panic!("{group}: an int encoding of a non-integer"));
                u64::try_from(i).map(Value::from).unwrap_or_else(|_| Value::from(i64::try_from(i).unwrap()))
            }
        }
    } else if let Some(s) = obj.get("string") {
        Value::from(s.as_str().unwrap())
    } else if let Some(v) = obj.get("array").or_else(|| obj.get("map")) {
        Value::from(v.clone())
    } else if let Some(t) = obj.get("timestamp") {
        ts(t[0].as_i64().unwrap(), t[1].as_u64().unwrap() as u32)
    } else if let Some(e) = obj.get("ext") {
        Value::Ext(e[0].as_i64().unwrap() as i8, hex(e[1].as_str().unwrap()))
    } else {
        panic!("{group}: unknown kind of entry")
    }
}

/// Every listed encoding of every suite entry decodes into the `Value` the entry
/// describes, and encodes back to one of the listed encodings: a float to exactly the
/// bytes it came from (its width is part of the value), anything else to the most compact
/// listed (or, for `i64::MAX`, its uint 64 twin of the same length).
#[test]
fn every_suite_encoding_decodes_and_encodes_back_to_a_listed_one() {
    let text = codec_tests::data("msgpack-test-suite/msgpack-test-suite.json");
    let suite: codec::json::Value = codec::json::from_slice(&text).unwrap();
    let (mut encodings, mut floats) = (0, 0);
    for (group, entries) in suite.as_object().unwrap() {
        for entry in entries.as_array().unwrap() {
            let listed: Vec<Vec<u8>> =
                entry["msgpack"].as_array().unwrap().iter().map(|h| hex(h.as_str().unwrap())).collect();
            for bytes in &listed {
                let what = format!("{group} {entry:?} from {}", show(bytes));
                let v: Value = from_slice(bytes).unwrap_or_else(|e| panic!("{what}: {e}"));
                assert_eq!(v, expected(group, entry, bytes), "{what}");
                let back = to_vec(&v).unwrap();
                assert!(listed.contains(&back), "{what}: encodes to {} not listed", show(&back));
                if matches!(bytes[0], 0xca | 0xcb) {
                    assert_eq!(&back, bytes, "{what}: a float keeps its width");
                    floats += 1;
                } else {
                    assert_eq!(back.len(), listed[0].len(), "{what}: encodes to {}, not the most compact", show(&back));
                }
                encodings += 1;
            }
        }
    }
    assert_eq!(encodings, 233, "the suite as SUITES.md describes it");
    assert!(floats > 20, "{floats} float encodings");
}

// ---------------------------------------------------------------- other libraries' bytes

fn interop(file: &str) -> Vec<(String, Vec<u8>)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/msgpack_interop").join(file);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    // One array of [name, value] pairs; each value's bytes exactly as the library wrote them.
    let mut r = MsgpackReader::new(&bytes);
    let n = r.read_array_len().unwrap();
    let mut cases = Vec::new();
    for _ in 0..n {
        assert_eq!(r.read_array_len().unwrap(), 2);
        let name = r.read_str().unwrap().to_owned();
        cases.push((name, r.read_raw_value().unwrap().to_vec()));
        r.leave();
    }
    r.leave();
    r.end().unwrap();
    cases
}

fn check_interop(file: &str, expected: &[(&str, Value)]) {
    let cases = interop(file);
    let names: Vec<&str> = cases.iter().map(|(n, _)| n.as_str()).collect();
    let want: Vec<&str> = expected.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, want, "{file}: the cases gen wrote, in order");
    for ((name, bytes), (_, value)) in cases.iter().zip(expected) {
        let v: Value = from_slice(bytes).unwrap_or_else(|e| panic!("{file} {name}: {e}"));
        assert_eq!(&v, value, "{file} {name}: from {}", show(bytes));
        let back = to_vec(&v).unwrap();
        assert_eq!(show(&back), show(bytes), "{file} {name}: written back byte for byte");
    }
}

fn bin_300() -> Value {
    Value::Binary((0..=255u8).chain([0; 44]).collect())
}

/// The cases both generators write alike.
fn common_cases() -> Vec<(&'static str, Value)> {
    vec![
        ("bin_empty", Value::Binary(vec![])),
        ("bin_small", Value::Binary(vec![0, 1, 0xfe, 0xff])),
        ("bin_300", bin_300()),
        ("ext_fix1", Value::Ext(1, vec![0x2a])),
        ("ext_fix16", Value::Ext(127, (0..16).collect())),
        ("ext_3", Value::Ext(5, b"abc".to_vec())),
    ]
}

fn strings_and_scalars() -> Vec<(&'static str, Value)> {
    vec![
        ("str_empty", Value::from("")),
        ("str_utf8", Value::from("h\u{e9}llo \u{2764} \u{1f600}")),
        ("str_40", Value::from("x".repeat(40))),
        ("str_300", Value::from("y".repeat(300))),
        (
            "scalars",
            arr([
                Value::Nil,
                true.into(),
                false.into(),
                0.into(),
                127.into(),
                128.into(),
                255.into(),
                256.into(),
                65535.into(),
                65536.into(),
            ]),
        ),
    ]
}

/// `tests/data/msgpack_interop/python.msgpack`, written by msgpack-python 1.2.4 (`gen.py`).
#[test]
fn values_made_by_msgpack_python_round_trip_byte_for_byte() {
    let mut expected = common_cases();
    expected.extend([
        (
            "int_keys",
            map([
                (Value::from(1), Value::from("one")),
                (2.into(), map([(Value::from(3), arr([4.into(), 5.into()])), ((-6).into(), Value::Nil)])),
            ]),
        ),
        (
            "mixed_keys",
            map([
                (Value::from("s"), Value::from(1)),
                (7.into(), "seven".into()),
                ((-1).into(), true.into()),
                (Value::Binary(vec![1]), "bin key".into()),
                (arr([1.into(), 2.into()]), "array key".into()),
            ]),
        ),
        ("map_16", map((0..20u64).map(|i| (i, i * i)))),
        ("f32_1_5", Value::F32(1.5)),
        ("f64_1_5", Value::F64(1.5)),
        ("f32_0_1", Value::F32(0.1)),
        ("f64_0_1", Value::F64(0.1)),
        ("f64_neg_zero", Value::F64(-0.0)),
        ("f64_inf", Value::F64(f64::INFINITY)),
        ("u64_max", u64::MAX.into()),
        ("u64_2_63", (1u64 << 63).into()),
        ("u32_max", u32::MAX.into()),
        ("i64_min", i64::MIN.into()),
        ("i32_min", i32::MIN.into()),
        ("i8_min", (-128).into()),
        ("neg_fixint", (-32).into()),
        ("int8_-33", (-33).into()),
        ("ts32", ts(1, 0)),
        ("ts64", ts(1514862245, 678901234)),
        ("ts96_negative", ts(-1, 500_000_000)),
        ("ts96_far", ts(1 << 40, 1)),
    ]);
    expected.extend(strings_and_scalars());
    check_interop("python.msgpack", &expected);
}

/// `tests/data/msgpack_interop/javascript.msgpack`, written by @msgpack/msgpack 3.1.3
/// (`gen.mjs`).
#[test]
fn values_made_by_msgpack_javascript_round_trip_byte_for_byte() {
    let mut expected = common_cases();
    expected.extend([
        // A JavaScript object's keys are strings.
        (
            "object_int_like_keys",
            map([(Value::from("1"), Value::from("one")), ("2".into(), map([("3", arr([4.into(), 5.into()]))]))]),
        ),
        (
            "nested",
            map([
                (Value::from("a"), map([("b", map([("c", arr([Value::Nil, true.into(), false.into()]))]))])),
                ("d".into(), arr([])),
            ]),
        ),
        ("map_16", map((0..20u64).map(|i| (format!("k{i}"), i)))),
        ("f32_1_5", Value::F32(1.5)),
        ("f64_1_5", Value::F64(1.5)),
        ("f32_0_1", Value::F32(0.1)),
        ("f64_0_1", Value::F64(0.1)),
        ("u64_max", u64::MAX.into()),
        ("u64_2_63", (1u64 << 63).into()),
        ("i64_min", i64::MIN.into()),
        ("safe_max", ((1u64 << 53) - 1).into()),
        ("safe_min", (-((1i64 << 53) - 1)).into()),
        ("i32_min", i32::MIN.into()),
        ("neg_fixint", (-32).into()),
        ("int8_-33", (-33).into()),
        ("ts32", ts(1, 0)),
        ("ts64", ts(1514862245, 678_000_000)),
        ("ts96_negative", ts(-1, 500_000_000)),
    ]);
    expected.extend(strings_and_scalars());
    check_interop("javascript.msgpack", &expected);
}

// ---------------------------------------------------------------- limits and hostile input

#[test]
fn depth_is_limited_in_values_and_in_keys() {
    let deep = [vec![0x91; 200], vec![0xc0]].concat();
    let err = from_slice::<Value>(&deep).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DepthLimit(128));
    assert_eq!(err.path(), "[0]".repeat(128));
    // A key that is a deep array nests as deep.
    let deep_key = [vec![0x81], vec![0x91; 200], vec![0xc0, 0xc0]].concat();
    assert_eq!(from_slice::<Value>(&deep_key).unwrap_err().kind(), &ErrorKind::DepthLimit(128));
    let shallow = Options::new().max_depth(3);
    assert!(from_slice_with::<Value>(b"\x91\x91\x91\xc0", &shallow).is_ok());
    assert_eq!(
        from_slice_with::<Value>(b"\x91\x91\x91\x91\xc0", &shallow).unwrap_err().kind(),
        &ErrorKind::DepthLimit(3)
    );
}

#[test]
fn lengths_beyond_the_input_are_errors_before_allocation() {
    for (what, bytes) in [
        ("array 32", &b"\xdd\xff\xff\xff\xff\x01\x02"[..]),
        ("map 32", b"\xdf\xff\xff\xff\xff\x01\x02"),
        ("str 32", b"\xdb\xff\xff\xff\xffabc"),
        ("bin 32", b"\xc6\xff\xff\xff\xffabc"),
        ("ext 32", b"\xc9\xff\xff\xff\xff\x05abc"),
        ("array 16 in a map key", b"\x81\xdc\xff\xff\x01"),
    ] {
        let err = from_slice::<Value>(bytes).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::Eof, "{what}");
    }
}

#[test]
fn payload_lengths_follow_max_string_len() {
    let o = Options::new().max_string_len(3);
    for bytes in [&b"\xa4abcd"[..], b"\xc4\x04abcd", b"\xc7\x04\x05abcd", b"\x81\xa4abcd\xc0"] {
        let err = from_slice_with::<Value>(bytes, &o).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::SizeLimit(_)), "{}: {err}", show(bytes));
    }
    assert_eq!(from_slice_with::<Value>(b"\xc4\x03abc", &o).unwrap(), Value::Binary(b"abc".to_vec()));
}

#[test]
fn bad_bytes_are_errors_with_position_and_path() {
    let err = from_slice::<Value>(b"\x92\x01\xc1").unwrap_err();
    assert_eq!((err.offset(), err.path()), (Some(2), "[1]".to_owned()));
    assert_eq!(err.to_string(), "syntax error: reserved byte 0xc1 is not a MessagePack value at [1] (byte 2)");
    let err = from_slice::<Value>(b"\x81\x07\xa1\xff").unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::InvalidUtf8);
    assert_eq!(err.path(), r#"["7"]"#);
    assert_eq!(from_slice::<Value>(b"\xc0\xc0").unwrap_err().kind(), &ErrorKind::TrailingCharacters);
    assert_eq!(from_slice::<Value>(b"").unwrap_err().kind(), &ErrorKind::Eof);
}

#[test]
fn malformed_timestamps_stay_extensions() {
    // Nanoseconds of 2^30 - 1 > 999,999,999 in a timestamp 64; a 5-byte payload.
    for bytes in [&b"\xd7\xff\xff\xff\xff\xfc\x00\x00\x00\x00"[..], b"\xc7\x05\xff\x00\x00\x00\x00\x01"] {
        let v: Value = from_slice(bytes).unwrap();
        assert_eq!(v.as_ext().map(|(t, _)| t), Some(-1), "{}", show(bytes));
        assert_eq!(to_vec(&v).unwrap(), bytes, "written back unchanged");
    }
}

// ---------------------------------------------------------------- duplicate keys

#[test]
fn duplicate_keys_follow_the_policy_and_compare_as_values() {
    // {1: "a", "1": "b", 1: "c"}: the int 1 twice, the str "1" once.
    let doc = b"\x83\x01\xa1a\xa11\xa1b\x01\xa1c";
    let err = from_slice::<Value>(doc).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DuplicateField("1".into()));
    assert_eq!(err.offset(), Some(8), "at the second occurrence");
    let first: Value = from_slice_with(doc, &Options::new().duplicate_keys(DuplicateKeys::KeepFirst)).unwrap();
    assert_eq!(first.to_string(), r#"{1: "a", "1": "b"}"#);
    let last: Value = from_slice_with(doc, &Options::new().duplicate_keys(DuplicateKeys::KeepLast)).unwrap();
    assert_eq!(last.to_string(), r#"{1: "c", "1": "b"}"#);
    // Keys that are arrays and floats: equal when the same value (floats by bits).
    assert!(from_slice::<Value>(b"\x82\x91\x01\x01\x91\x01\x02").is_err());
    assert!(from_slice::<Value>(b"\x82\xca\x00\x00\x00\x00\x01\xca\x80\x00\x00\x00\x02").is_ok(), "0.0 and -0.0");
}

/// Past 32 entries the keys go through a hash index: a repeat anywhere is still found, and
/// under each policy the key keeps its first place.
#[test]
fn large_maps_find_duplicates_through_the_index() {
    let n = 5000u32;
    let mut doc = vec![0xdf];
    doc.extend((n + 2).to_be_bytes());
    for i in 0..n {
        to_vec(&i).unwrap().into_iter().for_each(|b| doc.push(b));
        doc.push(0xc3);
    }
    // Repeats of key 17 (an int) and of key [4999] absent: only 17 repeats.
    doc.extend([0x11, 0xc2, 0x91, 0xcd, 0x13, 0x87, 0xc0]);
    let err = from_slice::<Value>(&doc).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DuplicateField("17".into()));
    let last: Value = from_slice_with(&doc, &Options::new().duplicate_keys(DuplicateKeys::KeepLast)).unwrap();
    let m = last.as_map().unwrap();
    assert_eq!(m.len(), n as usize + 1);
    assert_eq!(m.as_slice()[17], (Value::from(17), Value::from(false)));
    assert_eq!(m.get(&arr([4999.into()])), Some(&Value::Nil));
    // A map of many distinct keys, each itself a map of one entry: all different,
    // all found.
    let mut doc = vec![0xde, 0x10, 0x00];
    for i in 0..0x1000u16 {
        doc.push(0x81);
        doc.extend(to_vec(&i).unwrap());
        doc.extend([0xc0, 0x01]);
    }
    let v: Value = from_slice(&doc).unwrap();
    assert_eq!(v.as_map().unwrap().len(), 0x1000);
    assert!(to_vec(&v).unwrap() == doc, "written back unchanged");
}

// ---------------------------------------------------------------- JSON and conversions

#[test]
fn json_form_is_the_json_value_it_converts_to() {
    let v: Value = from_slice(b"\x84\xa1a\x01\xa1f\xca\x3d\xcc\xcc\xcd\xa1n\xc0\xa1l\x92\xcf\xff\xff\xff\xff\xff\xff\xff\xff\xd3\x80\x00\x00\x00\x00\x00\x00\x00").unwrap();
    let text = codec::json::to_string(&v).unwrap();
    assert_eq!(text, r#"{"a":1,"f":0.1,"n":null,"l":[18446744073709551615,-9223372036854775808]}"#);
    let j = codec::json::Value::try_from(v.clone()).unwrap();
    // The conversion widens the float 32 exactly, so its text is the f64's; the rest agrees.
    assert_eq!(j["f"].as_f64(), Some(0.1f32 as f64));
    assert_eq!(j["l"].to_string(), "[18446744073709551615,-9223372036854775808]");
    // Back from JSON: integers stay integers, the float becomes a float 64.
    let back: Value = codec::json::from_str(&text).unwrap();
    assert_eq!(back["f"], Value::F64(0.1));
    assert_eq!(back["l"], v["l"]);
    assert_eq!(Value::from(codec::json::from_str::<codec::json::Value>(&text).unwrap()), back);
}

#[test]
fn what_json_cannot_hold_is_an_error_naming_it_with_its_path() {
    let cases: Vec<(Value, &str, &str)> = vec![
        (map([("x", arr([Value::Nil, Value::Binary(vec![1])]))]), "a bin", r#"["x"][1]"#),
        (arr([Value::Ext(3, vec![])]), "an ext", "[0]"),
        (arr([ts(0, 0)]), "a timestamp", "[0]"),
        (map([(Value::from(1), Value::Nil)]), "a map key that is not a str", r#"["1"]"#),
        (map([("n", Value::F64(f64::NAN))]), "NaN", r#"["n"]"#),
        (arr([Value::F32(f32::NEG_INFINITY)]), "-Infinity", "[0]"),
        (Value::F64(f64::INFINITY), "Infinity", ""),
    ];
    for (v, what, path) in cases {
        let expected = format!("invalid type: expected a value JSON can hold, found {what}");
        let err = codec::json::Value::try_from(v.clone()).unwrap_err();
        assert_eq!((err.kind().to_string(), err.path()), (expected.clone(), path.to_owned()), "{v}");
        let err = codec::json::to_string(&v).unwrap_err();
        assert_eq!((err.kind().to_string(), err.path()), (expected, path.to_owned()), "{v} encoded");
    }
}

#[test]
fn json_decoding_applies_the_json_policies() {
    let err = codec::json::from_str::<Value>(r#"{"a":1,"a":2}"#).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DuplicateField("a".into()));
    assert_eq!((err.line(), err.column()), (Some(1), Some(8)));
    let keep = codec::json::Options::new().duplicate_keys(DuplicateKeys::KeepLast);
    assert_eq!(codec::json::from_slice_with::<Value>(br#"{"a":1,"a":2}"#, &keep).unwrap()["a"], 2);
    let deep = "[".repeat(200) + &"]".repeat(200);
    assert_eq!(codec::json::from_str::<Value>(&deep).unwrap_err().kind(), &ErrorKind::DepthLimit(128));
    let err = codec::json::from_str::<Value>(r#"{"a":[1,tru]}"#).unwrap_err();
    assert_eq!(err.path(), r#"["a"][1]"#);
}

#[test]
fn nests_in_derived_types_in_both_formats() {
    #[derive(codec::Codec, Debug, PartialEq)]
    struct Envelope {
        id: u32,
        payload: Value,
        extra: Map,
    }
    let e = Envelope {
        id: 7,
        payload: map([(Value::from(1), Value::Binary(vec![9])), ("t".into(), ts(5, 6))]),
        extra: [("k", Value::F32(2.5))].into_iter().collect(),
    };
    let bytes = to_vec(&e).unwrap();
    assert_eq!(from_slice::<Envelope>(&bytes).unwrap(), e);
    let plain = Envelope { payload: arr([1.into(), "x".into()]), ..e };
    let text = codec::json::to_string(&plain).unwrap();
    assert_eq!(text, r#"{"id":7,"payload":[1,"x"],"extra":{"k":2.5}}"#);
    let back: Envelope = codec::json::from_str(&text).unwrap();
    // JSON has one float type: 2.5 comes back as a float 64.
    assert_eq!(back.extra["k"], Value::F64(2.5));
    assert_eq!(back.payload, plain.payload);
}

// ---------------------------------------------------------------- API

#[test]
fn indexing_and_accessors() {
    let v: Value = from_slice(b"\x83\xa1a\x92\x01\xc4\x01\xff\x02\xa3two\xa1t\xd6\xff\x00\x00\x00\x09").unwrap();
    assert_eq!(v["a"][0], 1);
    assert_eq!(v["a"][1].as_bytes(), Some(&[0xff][..]));
    assert!(v["a"][2].is_nil() && v["zz"].is_nil() && v[0].is_nil() && v["a"]["x"].is_nil());
    assert!(v.get("2").is_none(), "the int key 2 is not the str key \"2\"");
    assert_eq!(v.as_map().unwrap()[&Value::from(2)], "two");
    assert_eq!(v["t"].as_timestamp().map(|t| t.seconds()), Some(9));
    assert_eq!(Value::F32(0.5), 0.5);
    assert_eq!(Value::F64(0.5), 0.5f32);
    assert_ne!(Value::from(1), 1.0, "an integer is not a float");
    assert_ne!(Value::F32(1.0), Value::F64(1.0));
    assert_eq!(Value::F64(f64::NAN), Value::F64(f64::NAN), "floats compare by bits");
    assert_ne!(Value::F64(0.0), Value::F64(-0.0));
    assert_eq!(Value::from(1u8), Value::from(1i64));
    let mut w = Value::Nil;
    w["x"]["y"] = Value::from(1);
    w["x"]["z"] = Value::Nil;
    assert_eq!(w.to_string(), r#"{"x": {"y": 1, "z": nil}}"#);
}

#[test]
#[should_panic(expected = "cannot index a bin with a string key")]
fn index_mut_into_a_bin_panics() {
    let mut v = Value::Binary(vec![]);
    v["k"] = Value::Nil;
}

#[test]
fn display_is_a_readable_diagnostic_form() {
    let v = arr([
        Value::Nil,
        (-3).into(),
        Value::F64(1.0),
        Value::F64(1e300),
        Value::F64(f64::NEG_INFINITY),
        Value::F32(f32::NAN),
        Value::F32(0.1),
        Value::from("q\"\n"),
        Value::Binary(b"a\"\\\x00\x7f".to_vec()),
        Value::Ext(-5, vec![0xab]),
        ts(-1, 5),
        map([(arr([]), Value::from(Map::new()))]),
    ]);
    assert_eq!(
        v.to_string(),
        r#"[nil, -3, 1.0, 1e+300, -Infinity, f32(NaN), f32(0.1), "q\"\n", b"a\"\\\x00\x7f", ext(-5, b"\xab"), timestamp(-1, 5), {[]: {}}]"#
    );
}

#[test]
fn ord_is_total_and_agrees_with_eq() {
    let mut vals = vec![
        Value::from("b"),
        Value::from(u64::MAX),
        Value::from(i64::MIN),
        Value::Nil,
        Value::F64(f64::NAN),
        Value::F64(-0.0),
        Value::F64(0.0),
        Value::from(true),
        Value::Binary(vec![]),
        Value::from("a"),
    ];
    vals.sort();
    let shown: Vec<String> = vals.iter().map(ToString::to_string).collect();
    assert_eq!(
        shown,
        [
            "nil",
            "true",
            "-9223372036854775808",
            "18446744073709551615",
            "-0.0",
            "0.0",
            "NaN",
            "\"a\"",
            "\"b\"",
            "b\"\""
        ]
    );
    let set: std::collections::BTreeSet<Value> = vals.iter().cloned().chain(vals.iter().cloned()).collect();
    assert_eq!(set.len(), vals.len());
}

// ---------------------------------------------------------------- properties

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Nil),
        any::<bool>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        // Every bit pattern, NaNs with payloads and -0.0 included.
        any::<u32>().prop_map(|b| Value::F32(f32::from_bits(b))),
        any::<u64>().prop_map(|b| Value::F64(f64::from_bits(b))),
        ".{0,40}".prop_map(Value::from),
        prop::collection::vec(any::<u8>(), 0..40).prop_map(Value::Binary),
        (any::<i8>(), prop::collection::vec(any::<u8>(), 0..20))
            .prop_map(|(t, d)| Value::from(codec::msgpack::Ext { tag: t, data: d.into() })),
        (any::<i64>(), 0..1_000_000_000u32).prop_map(|(s, n)| ts(s, n)),
    ]
}

fn any_value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(4, 64, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
            prop::collection::vec((inner.clone(), inner), 0..8).prop_map(map),
        ]
    })
}

proptest! {
    /// Any value encodes and decodes back to itself (floats by bits, NaN payloads too),
    /// and encoding is deterministic: the decoded value writes the same bytes.
    #[test]
    fn any_value_round_trips(v in any_value()) {
        let bytes = to_vec(&v).unwrap();
        let back: Value = from_slice(&bytes).unwrap();
        prop_assert_eq!(&back, &v);
        prop_assert_eq!(to_vec(&back).unwrap(), bytes);
    }

    /// Encoding to JSON succeeds exactly when the conversion to `json::Value` does; then
    /// both write the same text (floats 32 aside, whose text is the shortest `f32` form in
    /// one and the widened `f64` in the other).
    #[test]
    fn json_encoding_agrees_with_the_conversion(v in any_value()) {
        let direct = codec::json::to_string(&v);
        let converted = codec::json::Value::try_from(v.clone());
        prop_assert_eq!(direct.is_ok(), converted.is_ok(), "{}", v);
        if let (Ok(text), Ok(j)) = (direct, converted) {
            if !text.contains('.') && !text.contains('e') {
                prop_assert_eq!(text, j.to_string());
            }
            // json -> msgpack -> json is the identity on what converted.
            prop_assert_eq!(codec::json::Value::try_from(Value::from(j.clone())).unwrap(), j);
        }
    }
}
