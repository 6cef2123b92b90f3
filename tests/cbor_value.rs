//! `codec::cbor::Value`, the dynamic value that holds any CBOR data item: RFC 8949's
//! Appendix A examples, limits and hostile input, duplicate keys, its forms in JSON and
//! MessagePack, conversions with `json::Value`, `Display`, the bytes ciborium writes for
//! the same value, and property tests of the round trip.

use codec::cbor::{
    from_slice, from_slice_with, to_vec, to_vec_with, DuplicateKeys, EncodeOptions, Integer, Map, Options, Value,
};
use codec::ErrorKind;
use proptest::prelude::*;

mod common;

fn tag(t: u64, v: Value) -> Value {
    Value::Tag(t, Box::new(v))
}

fn arr(items: impl IntoIterator<Item = Value>) -> Value {
    Value::Array(items.into_iter().collect())
}

fn map<K: Into<Value>, V: Into<Value>>(entries: impl IntoIterator<Item = (K, V)>) -> Value {
    Value::Map(entries.into_iter().collect())
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
}

fn int(v: i128) -> Value {
    Value::Integer(Integer::try_from(v).unwrap())
}

// ---------------------------------------------------------------- RFC 8949 Appendix A

/// Every example of RFC 8949's Appendix A (Table 6) decodes into the value it shows, and
/// encodes back to the same bytes where the example is in preferred serialization; the
/// rest (wider floats than needed, NaN and the infinities as single or double,
/// indefinite lengths) encode to the form given.
#[test]
fn rfc_8949_appendix_a_examples() {
    let abc: Value =
        ["a", "b", "c", "d", "e"].iter().map(|k| (Value::from(*k), Value::from(k.to_uppercase()))).collect();
    let cases: Vec<(&str, Value, Option<&str>)> = vec![
        ("00", int(0), None),
        ("01", int(1), None),
        ("0a", int(10), None),
        ("17", int(23), None),
        ("1818", int(24), None),
        ("1819", int(25), None),
        ("1864", int(100), None),
        ("1903e8", int(1000), None),
        ("1a000f4240", int(1000000), None),
        ("1b000000e8d4a51000", int(1000000000000), None),
        ("1bffffffffffffffff", int(18446744073709551615), None),
        ("c249010000000000000000", tag(2, Value::Bytes(hex("010000000000000000"))), None),
        ("3bffffffffffffffff", int(-18446744073709551616), None),
        ("c349010000000000000000", tag(3, Value::Bytes(hex("010000000000000000"))), None),
        ("20", int(-1), None),
        ("29", int(-10), None),
        ("3863", int(-100), None),
        ("3903e7", int(-1000), None),
        ("f90000", Value::Float(0.0), None),
        ("f98000", Value::Float(-0.0), None),
        ("f93c00", Value::Float(1.0), None),
        ("fb3ff199999999999a", Value::Float(1.1), None),
        ("f93e00", Value::Float(1.5), None),
        ("f97bff", Value::Float(65504.0), None),
        ("fa47c35000", Value::Float(100000.0), None),
        ("fa7f7fffff", Value::Float(3.4028234663852886e+38), None),
        ("fb7e37e43c8800759c", Value::Float(1.0e+300), None),
        ("f90001", Value::Float(5.960464477539063e-8), None),
        ("f90400", Value::Float(0.00006103515625), None),
        ("f9c400", Value::Float(-4.0), None),
        ("fbc010666666666666", Value::Float(-4.1), None),
        ("f97c00", Value::Float(f64::INFINITY), None),
        ("f97e00", Value::Float(f64::NAN), None),
        ("f9fc00", Value::Float(f64::NEG_INFINITY), None),
        ("fa7f800000", Value::Float(f64::INFINITY), Some("f97c00")),
        ("fa7fc00000", Value::Float(f64::NAN), Some("f97e00")),
        ("faff800000", Value::Float(f64::NEG_INFINITY), Some("f9fc00")),
        ("fb7ff0000000000000", Value::Float(f64::INFINITY), Some("f97c00")),
        ("fb7ff8000000000000", Value::Float(f64::NAN), Some("f97e00")),
        ("fbfff0000000000000", Value::Float(f64::NEG_INFINITY), Some("f9fc00")),
        ("f4", Value::Bool(false), None),
        ("f5", Value::Bool(true), None),
        ("f6", Value::Null, None),
        ("f7", Value::Undefined, None),
        ("f0", Value::Simple(16), None),
        ("f8ff", Value::Simple(255), None),
        ("c074323031332d30332d32315432303a30343a30305a", tag(0, Value::from("2013-03-21T20:04:00Z")), None),
        ("c11a514b67b0", tag(1, int(1363896240)), None),
        ("c1fb41d452d9ec200000", tag(1, Value::Float(1363896240.5)), None),
        ("d74401020304", tag(23, Value::Bytes(hex("01020304"))), None),
        ("d818456449455446", tag(24, Value::Bytes(hex("6449455446"))), None),
        ("d82076687474703a2f2f7777772e6578616d706c652e636f6d", tag(32, Value::from("http://www.example.com")), None),
        ("40", Value::Bytes(vec![]), None),
        ("4401020304", Value::Bytes(hex("01020304")), None),
        ("60", Value::from(""), None),
        ("6161", Value::from("a"), None),
        ("6449455446", Value::from("IETF"), None),
        ("62225c", Value::from("\"\\"), None),
        ("62c3bc", Value::from("\u{00fc}"), None),
        ("63e6b0b4", Value::from("\u{6c34}"), None),
        ("64f0908591", Value::from("\u{10151}"), None),
        ("80", arr([]), None),
        ("83010203", arr([int(1), int(2), int(3)]), None),
        ("8301820203820405", arr([int(1), arr([int(2), int(3)]), arr([int(4), int(5)])]), None),
        ("98190102030405060708090a0b0c0d0e0f101112131415161718181819", arr((1..=25).map(int)), None),
        ("a0", Value::Map(Map::new()), None),
        ("a201020304", map([(1, 2), (3, 4)]), None),
        ("a26161016162820203", map([(Value::from("a"), int(1)), (Value::from("b"), arr([int(2), int(3)]))]), None),
        ("826161a161626163", arr([Value::from("a"), map([("b", "c")])]), None),
        ("a56161614161626142616361436164614461656145", abc.clone(), None),
        ("5f42010243030405ff", Value::Bytes(hex("0102030405")), Some("450102030405")),
        ("7f657374726561646d696e67ff", Value::from("streaming"), Some("6973747265616d696e67")),
        ("9fff", arr([]), Some("80")),
        ("9f018202039f0405ffff", arr([int(1), arr([int(2), int(3)]), arr([int(4), int(5)])]), Some("8301820203820405")),
        ("9f01820203820405ff", arr([int(1), arr([int(2), int(3)]), arr([int(4), int(5)])]), Some("8301820203820405")),
        ("83018202039f0405ff", arr([int(1), arr([int(2), int(3)]), arr([int(4), int(5)])]), Some("8301820203820405")),
        ("83019f0203ff820405", arr([int(1), arr([int(2), int(3)]), arr([int(4), int(5)])]), Some("8301820203820405")),
        (
            "9f0102030405060708090a0b0c0d0e0f101112131415161718181819ff",
            arr((1..=25).map(int)),
            Some("98190102030405060708090a0b0c0d0e0f101112131415161718181819"),
        ),
        (
            "bf61610161629f0203ffff",
            map([(Value::from("a"), int(1)), (Value::from("b"), arr([int(2), int(3)]))]),
            Some("a26161016162820203"),
        ),
        ("826161bf61626163ff", arr([Value::from("a"), map([("b", "c")])]), Some("826161a161626163")),
        (
            "bf6346756ef563416d7421ff",
            map([(Value::from("Fun"), Value::Bool(true)), (Value::from("Amt"), int(-2))]),
            Some("a26346756ef563416d7421"),
        ),
    ];
    assert_eq!(cases.len(), 81, "every row of Table 6");
    for (input, expected, written) in cases {
        let bytes = hex(input);
        let v: Value = from_slice(&bytes).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(v, expected, "{input} decodes to {v}");
        let out = to_vec(&v).unwrap();
        assert_eq!(out, hex(written.unwrap_or(input)), "{input} ({v}) written back");
    }
}

// ---------------------------------------------------------------- what it keeps

#[test]
fn tags_simple_values_and_keys_of_any_kind_are_kept() {
    // 55799({h'01': undefined, 37(h'00'): simple(0), -18446744073709551616: 2(h'01')})
    let bytes = hex("d9d9f7a34101f7d84141 00e03bffffffffffffffffc24101".replace(' ', "").as_str());
    let v: Value = from_slice(&bytes).unwrap();
    let inner = v.as_tag().unwrap();
    assert_eq!(inner.0, 55799);
    let m = inner.1.as_map().unwrap();
    assert_eq!(m.get(&Value::Bytes(vec![1])), Some(&Value::Undefined));
    assert_eq!(m.get(&tag(65, Value::Bytes(vec![0]))), Some(&Value::Simple(0)));
    assert_eq!(m.get(&int(-18446744073709551616)), Some(&tag(2, Value::Bytes(vec![1]))));
    assert_eq!(to_vec(&v).unwrap(), bytes);
    assert_eq!(v.to_string(), "55799({h'01': undefined, 65(h'00'): simple(0), -18446744073709551616: 2(h'01')})");
    // A tagged text key stays tagged, an untagged one is text.
    let v: Value = from_slice(&hex("a2d8206161016162f6")).unwrap();
    assert_eq!(v.as_map().unwrap().keys().cloned().collect::<Vec<_>>(), [tag(32, Value::from("a")), Value::from("b")]);
    assert_eq!(to_vec(&v).unwrap(), hex("a2d8206161016162f6"));
}

#[test]
fn bignums_stay_tags_and_read_as_integers_on_request() {
    let v: Value = from_slice(&hex("c249010000000000000000")).unwrap();
    assert!(v.is_tag() && !v.is_integer());
    assert_eq!(v.as_i128(), Some(1 << 64));
    // A bignum that a 64-bit head could hold is still a bignum, and written back as one.
    let small = hex("c24101");
    let v: Value = from_slice(&small).unwrap();
    assert_eq!((v.as_i128(), v.as_u64()), (Some(1), None));
    assert_eq!(to_vec(&v).unwrap(), small);
    // Beyond i128.
    let huge: Value = from_slice(&hex(&format!("c25101{}", "00".repeat(16)))).unwrap();
    assert_eq!(huge.as_i128(), None);
}

#[test]
fn integers_cover_both_major_types_whole() {
    for (v, bytes) in [
        (i128::from(u64::MAX), "1bffffffffffffffff"),
        (-(1i128 << 64), "3bffffffffffffffff"),
        (i128::from(i64::MIN) - 1, "3b8000000000000000"),
        (i128::from(i64::MIN), "3b7fffffffffffffff"),
    ] {
        let value = int(v);
        assert_eq!(to_vec(&value).unwrap(), hex(bytes));
        assert_eq!(from_slice::<Value>(&hex(bytes)).unwrap(), value);
    }
    assert!(Integer::try_from(-(1i128 << 64) - 1).is_err());
    assert!(Integer::try_from(1u128 << 64).is_err());
    assert_eq!(Integer::MAX.as_u64(), Some(u64::MAX));
}

#[test]
fn simple_values_20_to_31_have_no_simple_form() {
    for n in (20..32).filter(|&n| n != 23) {
        assert!(to_vec(&Value::Simple(n)).is_err(), "simple({n})");
    }
    // A two-byte head below 32 is malformed.
    let err = from_slice::<Value>(&hex("f818")).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Syntax(_)), "{err}");
}

#[test]
fn deterministic_encoding_sorts_every_map_by_its_encoded_keys() {
    let v =
        map([(Value::from("b"), int(1)), (int(10), int(2)), (Value::Bytes(vec![0]), tag(1, map([(2, 0), (1, 0)])))]);
    assert_eq!(to_vec(&v).unwrap(), hex("a361620 10a024100c1a202000100".replace(' ', "").as_str()));
    let det = to_vec_with(&v, &EncodeOptions::new().deterministic(true)).unwrap();
    assert_eq!(det, hex("a30a024100c1a20100020061620 1".replace(' ', "").as_str()));
}

// ---------------------------------------------------------------- limits and hostile input

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    for (open, close) in [(0x81u8, None), (0xc6, None), (0x9f, Some(0xffu8)), (0xa1, None)] {
        let mut doc = Vec::new();
        for _ in 0..100_000 {
            doc.push(open);
            if open == 0xa1 {
                doc.push(0x01); // key 1, then the nested map as its value
            }
        }
        doc.push(0xf6);
        if let Some(c) = close {
            doc.extend(std::iter::repeat_n(c, 100_000));
        }
        let err = from_slice::<Value>(&doc).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::DepthLimit(128) | ErrorKind::RecursionLimit(128)), "{open:02x}: {err}");
    }
    // Keys count too: an array key nested past the limit.
    let mut doc = vec![0xa1];
    doc.extend(std::iter::repeat_n(0x81, 200));
    doc.extend([0x01, 0x01]);
    assert!(from_slice::<Value>(&doc).is_err());
    // Within the limit, tags and arrays nest as they are.
    let mut doc = Vec::new();
    for _ in 0..60 {
        doc.extend([0x81, 0xc6]);
    }
    doc.push(0x01);
    let v: Value = from_slice(&doc).unwrap();
    assert_eq!(to_vec(&v).unwrap(), doc);
    assert!(from_slice_with::<Value>(&doc, &Options::new().max_depth(59)).is_err());
}

#[test]
fn huge_announced_lengths_fail_cleanly_without_reserving() {
    // Array, map, byte string and text heads announcing 2^60 items or bytes, 1 or 2 items
    // of input behind them.
    for doc in ["9b100000000000000001", "bb10000000000000000101", "5b1000000000000000010203", "7b10000000000000006161"]
    {
        let err = from_slice::<Value>(&hex(doc)).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::Eof, "{doc}: {err}");
    }
    let err = from_slice_with::<Value>(&hex("63616263"), &Options::new().max_string_len(2)).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::SizeLimit { .. }), "{err}");
}

#[test]
fn duplicate_keys_follow_the_policy_and_compare_as_values() {
    // {1: "a", "1": "b", 1: "c"}
    let doc = hex("a3016161613161620161 63".replace(' ', "").as_str());
    let err = from_slice::<Value>(&doc).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DuplicateField("1".into()));
    assert_eq!(err.offset(), Some(8));
    let first: Value = from_slice_with(&doc, &Options::new().duplicate_keys(DuplicateKeys::KeepFirst)).unwrap();
    assert_eq!(first.to_string(), r#"{1: "a", "1": "b"}"#);
    let last: Value = from_slice_with(&doc, &Options::new().duplicate_keys(DuplicateKeys::KeepLast)).unwrap();
    assert_eq!(last.to_string(), r#"{1: "c", "1": "b"}"#);
    // Past the linear scan, through the index: 1000 integer keys, then 3 again.
    let mut doc = vec![0xb9, 0x03, 0xe9];
    for i in 0..1000u16 {
        doc.extend(to_vec(&i).unwrap());
        doc.push(0xf5);
    }
    doc.extend([0x03, 0xf4]);
    assert_eq!(from_slice::<Value>(&doc).unwrap_err().kind(), &ErrorKind::DuplicateField("3".into()));
}

#[test]
fn errors_name_the_path() {
    // {"a": [1, <invalid UTF-8>]}
    let err = from_slice::<Value>(&hex("a16161820161ff")).unwrap_err();
    assert_eq!(err.to_string(), "invalid UTF-8 in string at [\"a\"][1] (byte 6)");
    let err = from_slice::<Value>(&hex("81fc")).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Syntax(_) | ErrorKind::InvalidType { .. }), "{err}");
}

// ---------------------------------------------------------------- other formats

#[test]
fn json_and_messagepack_forms() {
    let v = map([
        (Value::from("n"), int(-1)),
        (Value::from("b"), Value::Bytes(vec![1])),
        (Value::from("x"), Value::Float(0.5)),
    ]);
    assert_eq!(
        codec::msgpack::to_vec(&v).unwrap(),
        b"\x83\xa1n\xff\xa1b\xc4\x01\x01\xa1x\xcb\x3f\xe0\x00\x00\x00\x00\x00\x00"
    );
    let err = codec::json::to_string(&v).unwrap_err();
    assert_eq!(err.to_string(), r#"invalid type: expected a value JSON can hold, found a byte string at ["b"]"#);
    for (value, found) in
        [(tag(1, int(0)), "a tag"), (Value::Undefined, "undefined"), (Value::Simple(1), "a simple value")]
    {
        let err = codec::json::to_string(&arr([value.clone()])).unwrap_err();
        assert_eq!(err.to_string(), format!("invalid type: expected a value JSON can hold, found {found} at [0]"));
        let err = codec::msgpack::to_vec(&value).unwrap_err();
        assert_eq!(err.to_string(), format!("invalid type: expected a value MessagePack can hold, found {found}"));
    }
    // An integer beyond 64 bits: JSON's digits, no MessagePack form, no json::Value.
    let big = int(-(1i128 << 64));
    assert_eq!(codec::json::to_string(&big).unwrap(), "-18446744073709551616");
    assert!(codec::msgpack::to_vec(&big).is_err());
    assert!(codec::json::Value::try_from(big).is_err());
    let err = codec::json::to_string(&map([(int(1), int(2))])).unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"invalid type: expected a value JSON can hold, found a map key that is not text at ["1"]"#
    );
    assert!(codec::json::to_string(&Value::Float(f64::NAN)).is_err());

    // Decoding them.
    let j: Value = codec::json::from_str(r#"{"a": [1, -2, 2.5, 18446744073709551616]}"#).unwrap();
    assert_eq!(j.to_string(), r#"{"a": [1, -2, 2.5, 1.8446744073709552e+19]}"#);
    let m: Value = codec::msgpack::from_slice(b"\x82\xc4\x01\x00\xca\x3f\xc0\x00\x00\x01\xc0").unwrap();
    assert_eq!(m.to_string(), "{h'00': 1.5, 1: null}");
    let err = codec::msgpack::from_slice::<Value>(b"\xd4\x05\x00").unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidType { .. }), "{err}");
}

/// A `msgpack::Value` that CBOR has no form for (an extension) is an error that names
/// CBOR, not JSON, with its path.
#[test]
fn messagepack_extensions_name_cbor_in_the_error() {
    let v = codec::msgpack::Value::from(vec![codec::msgpack::Value::Ext(5, vec![0])]);
    let err = to_vec(&v).unwrap_err();
    assert_eq!(err.to_string(), "invalid type: expected a value CBOR can hold, found an ext at [0]");
    let err = codec::json::to_string(&v).unwrap_err();
    assert_eq!(err.to_string(), "invalid type: expected a value JSON can hold, found an ext at [0]");
}

#[test]
fn conversions_with_json_value() {
    let j: codec::json::Value = codec::json::from_str(r#"{"a": [1, 2.5, null, "t"], "b": {"c": true}}"#).unwrap();
    let v = Value::from(j.clone());
    assert_eq!(v.to_string(), r#"{"a": [1, 2.5, null, "t"], "b": {"c": true}}"#);
    assert_eq!(codec::json::Value::try_from(v.clone()).unwrap(), j);
    // The same bytes as decoding the JSON straight into a cbor::Value.
    let direct: Value = codec::json::from_str(&j.to_string()).unwrap();
    assert_eq!(direct, v);
    let err = codec::json::Value::try_from(arr([Value::Null, tag(1, int(0))])).unwrap_err();
    assert_eq!(err.to_string(), "invalid type: expected a value JSON can hold, found a tag at [1]");
}

#[test]
fn indexing_accessors_and_display() {
    let mut v: Value = from_slice(&hex("a26161820102616240")).unwrap();
    assert_eq!(v["a"][1], 2);
    assert!(v["zz"].is_null() && v["a"][9].is_null() && v[0].is_null());
    v["c"] = Value::Undefined;
    v["a"][0] = Value::Float(1.5);
    assert_eq!(v.to_string(), r#"{"a": [1.5, 2], "b": h'', "c": undefined}"#);
    assert_eq!(format!("{:?}", v["a"]), "Array([Float(1.5), Integer(2)])");
    assert!(v["b"].is_bytes() && v["b"].as_bytes() == Some(&[][..]));
    assert_eq!(Value::Float(f64::NEG_INFINITY).to_string(), "-Infinity");
    assert_eq!(Value::Simple(99).to_string(), "simple(99)");
    assert_eq!(tag(2, Value::Bytes(vec![1, 0])).to_string(), "2(h'0100')");
    // Equality: -0.0 is not 0.0, every NaN is NaN, an integer is not a float.
    assert_ne!(Value::Float(-0.0), Value::Float(0.0));
    assert_eq!(Value::Float(f64::NAN), Value::Float(-f64::NAN));
    assert_ne!(int(1), Value::Float(1.0));
    // Order: by variant in declaration order, whatever the content...
    let by_variant = [Value::Null, Value::Undefined, int(i64::MAX.into()), Value::Float(f64::NEG_INFINITY)];
    let set: std::collections::BTreeSet<Value> =
        [Value::Simple(0), tag(0, int(0)), by_variant[3].clone(), by_variant[2].clone(), Value::Undefined, Value::Null]
            .into_iter()
            .collect();
    let sorted: Vec<Value> = set.into_iter().collect();
    assert_eq!(sorted[..4], by_variant);
    assert_eq!(sorted[4..], [tag(0, int(0)), Value::Simple(0)]);
    // ...floats by `f64::total_cmp` (-0.0 below 0.0), every NaN one value, after Infinity
    // whatever its sign or payload.
    let nans = [f64::NAN, -f64::NAN, f64::from_bits(0x7ff0_0000_0000_0001), f64::from_bits(0xfff8_0000_0000_0001)];
    let floats: std::collections::BTreeSet<Value> =
        nans.into_iter().chain([1.0, 0.0, f64::INFINITY, -0.0, f64::NEG_INFINITY]).map(Value::Float).collect();
    let sorted: Vec<Value> = floats.into_iter().collect();
    let expected = [f64::NEG_INFINITY, -0.0, 0.0, 1.0, f64::INFINITY, f64::NAN].map(Value::Float);
    assert_eq!(sorted, expected);
    assert!(matches!(sorted[1], Value::Float(z) if z.is_sign_negative()));
}

#[test]
fn nests_in_derived_types() {
    #[derive(codec::Codec, Debug, PartialEq)]
    struct Doc {
        id: u32,
        extra: Value,
    }
    let bytes = hex("a2626964076565787472618201c1f6");
    let d: Doc = from_slice(&bytes).unwrap();
    assert_eq!(d.extra, arr([int(1), tag(1, Value::Null)]));
    assert_eq!(to_vec(&d).unwrap(), bytes);
}

// ---------------------------------------------------------------- ciborium

/// The same value as a `ciborium::Value` (which has no `undefined` nor simple values).
fn to_ciborium(v: &Value) -> Option<ciborium::Value> {
    Some(match v {
        Value::Null => ciborium::Value::Null,
        Value::Bool(b) => ciborium::Value::Bool(*b),
        Value::Integer(i) => ciborium::Value::Integer(ciborium::value::Integer::try_from(i.as_i128()).ok()?),
        Value::Float(f) => ciborium::Value::Float(*f),
        Value::Bytes(b) => ciborium::Value::Bytes(b.clone()),
        Value::Text(s) => ciborium::Value::Text(s.clone()),
        Value::Array(a) => ciborium::Value::Array(a.iter().map(to_ciborium).collect::<Option<_>>()?),
        Value::Map(m) => ciborium::Value::Map(
            m.iter().map(|(k, v)| Some((to_ciborium(k)?, to_ciborium(v)?))).collect::<Option<_>>()?,
        ),
        Value::Tag(t, v) => ciborium::Value::Tag(*t, Box::new(to_ciborium(v)?)),
        Value::Undefined | Value::Simple(_) => return None,
    })
}

fn ciborium_bytes(v: &ciborium::Value) -> Vec<u8> {
    let mut out = Vec::new();
    ciborium::into_writer(v, &mut out).unwrap();
    out
}

#[test]
fn ciborium_reads_the_rfc_examples_as_codec_does() {
    for input in [
        "c249010000000000000000",
        "3bffffffffffffffff",
        "d82076687474703a2f2f7777772e6578616d706c652e636f6d",
        "a26161016162820203",
        "fb3ff199999999999a",
        "fa47c35000",
    ] {
        let bytes = hex(input);
        let ours: Value = from_slice(&bytes).unwrap();
        let theirs: ciborium::Value = ciborium::from_reader(&bytes[..]).unwrap();
        assert_eq!(to_ciborium(&ours).unwrap(), theirs, "{input}");
        assert_eq!(ciborium_bytes(&theirs), to_vec(&ours).unwrap(), "{input}");
    }
}

// ---------------------------------------------------------------- properties

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        Just(Value::Undefined),
        any::<bool>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (-(1i128 << 64)..(1i128 << 64)).prop_map(int),
        // Every bit pattern, NaNs with payloads and -0.0 included.
        any::<u64>().prop_map(|b| Value::Float(f64::from_bits(b))),
        any::<u32>().prop_map(|b| Value::Float(f64::from(f32::from_bits(b)))),
        any::<u16>().prop_map(|b| Value::Float(f64::from(b) / 1024.0)),
        ".{0,40}".prop_map(Value::from),
        prop::collection::vec(any::<u8>(), 0..40).prop_map(Value::Bytes),
        prop_oneof![0..20u8, 23..24u8, 32..=255u8].prop_map(|n| if n == 23 {
            Value::Undefined
        } else {
            Value::Simple(n)
        }),
    ]
}

fn any_value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(4, 64, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
            prop::collection::vec((inner.clone(), inner.clone()), 0..8).prop_map(map),
            (any::<u64>(), inner).prop_map(|(t, v)| tag(t, v)),
        ]
    })
}

/// Whether `p` holds of `v` or of a value inside it (an element, a key or value of a
/// map, a tag's content).
fn any_inside(v: &Value, p: &impl Fn(&Value) -> bool) -> bool {
    p(v) || match v {
        Value::Array(a) => a.iter().any(|v| any_inside(v, p)),
        Value::Map(m) => m.iter().any(|(k, v)| any_inside(k, p) || any_inside(v, p)),
        Value::Tag(_, v) => any_inside(v, p),
        _ => false,
    }
}

/// Whether an integer beyond `i64` and `u64` is in `v` (JSON text holds one, a
/// `json::Value` does not).
fn has_wide_integer(v: &Value) -> bool {
    any_inside(v, &|v| matches!(v, Value::Integer(i) if i.as_i64().is_none() && i.as_u64().is_none()))
}

/// Whether a NaN float is in `v`.
fn has_nan(v: &Value) -> bool {
    any_inside(v, &|v| matches!(v, Value::Float(f) if f.is_nan()))
}

proptest! {
    #![proptest_config(common::config(512))]

    /// Any value encodes and decodes back to itself, and encoding is deterministic: the
    /// decoded value writes the same bytes, deterministic order or not.
    #[test]
    fn any_value_round_trips(v in any_value()) {
        for deterministic in [false, true] {
            let options = EncodeOptions::new().deterministic(deterministic);
            let bytes = to_vec_with(&v, &options).unwrap();
            let back: Value = from_slice(&bytes).unwrap();
            if !deterministic {
                prop_assert_eq!(&back, &v);
            }
            prop_assert_eq!(to_vec_with(&back, &options).unwrap(), bytes);
        }
    }

    /// ciborium writes the same bytes for the same value (floats not NaN: ciborium keeps
    /// a NaN's width), and reads codec's bytes back to it.
    #[test]
    fn ciborium_writes_the_same_bytes(v in any_value()) {
        if let Some(theirs) = to_ciborium(&v) {
            let ours = to_vec(&v).unwrap();
            if !has_nan(&v) {
                prop_assert_eq!(ciborium_bytes(&theirs), ours.clone(), "{}", v);
            }
            let read: ciborium::Value = ciborium::from_reader(&ours[..]).unwrap();
            prop_assert_eq!(to_vec(&from_slice::<Value>(&ciborium_bytes(&read)).unwrap()).unwrap(), ours);
        }
    }

    /// Encoding to JSON succeeds exactly when the conversion to `json::Value` does (an
    /// integer beyond 64 bits aside, which JSON text holds); then both write the same text.
    #[test]
    fn json_encoding_agrees_with_the_conversion(v in any_value()) {
        let direct = codec::json::to_string(&v);
        let converted = codec::json::Value::try_from(v.clone());
        match (&direct, &converted) {
            (Ok(text), Ok(j)) => {
                prop_assert_eq!(text, &j.to_string());
                prop_assert_eq!(codec::json::Value::try_from(Value::from(j.clone())).unwrap(), j.clone());
            }
            (Ok(_), Err(_)) => prop_assert!(has_wide_integer(&v), "{}", v),
            (Err(e), Ok(j)) => {
                return Err(TestCaseError::fail(format!("encoding failed ({e}) where the conversion gave {j}: {v}")));
            }
            (Err(_), Err(_)) => {}
        }
    }
}
