//! `Value`, `Number`, `Map` and `RawJson`: exact numbers, input order, indexing, Display,
//! nesting in derived types, raw capture and lazy decoding.

use codec::json::{
    from_slice, from_slice_with, from_str, to_string, to_vec, DuplicateKeys, Map, Number, Options, RawJson, Value,
};
use codec::{Codec, ErrorKind};

fn v(json: &str) -> Value {
    from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

/// Decodes `json`, checks it re-encodes to exactly `json`, and returns it.
fn round_trip(json: &str) -> Value {
    let value = v(json);
    assert_eq!(to_string(&value).unwrap(), json);
    assert_eq!(value.to_string(), json);
    assert_eq!(from_str::<Value>(&to_string(&value).unwrap()).unwrap(), value);
    value
}

// ---------------------------------------------------------------- round trips

#[test]
fn every_kind_round_trips() {
    for json in [
        "null",
        "true",
        "false",
        "0",
        "-1",
        "1.5",
        "\"\"",
        "\"a\\\"b\\\\c\\n\\u0001é😀\"",
        "[]",
        "{}",
        "[null,true,1,-2,3.25,\"s\",[],{}]",
        r#"{"a":{"b":{"c":[1,{"d":null}]}},"e":""}"#,
    ] {
        round_trip(json);
    }
}

#[test]
fn whitespace_and_escapes_are_normalised_on_output() {
    let value = v(" { \"a\" : [ 1 , 2 ] ,\n\t\"\\u0062\" : \"\\u00e9\\/\" } ");
    assert_eq!(value.to_string(), r#"{"a":[1,2],"b":"é/"}"#);
}

#[test]
fn objects_keep_input_order() {
    let value = round_trip(r#"{"zebra":1,"apple":2,"mango":3,"banana":4}"#);
    let keys: Vec<&str> = value.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["zebra", "apple", "mango", "banana"]);
    // Large objects too (past the point where duplicate detection switches to hashing).
    let big: String = format!("{{{}}}", (0..200).rev().map(|i| format!("\"k{i}\":{i}")).collect::<Vec<_>>().join(","));
    let value = round_trip(&big);
    assert_eq!(value.as_object().unwrap().keys().next(), Some("k199"));
    assert_eq!(value["k0"], 0);
}

#[test]
fn object_equality_ignores_order_but_encoding_does_not() {
    let a = v(r#"{"x":1,"y":[1,2]}"#);
    let b = v(r#"{"y":[1,2],"x":1}"#);
    assert_eq!(a, b);
    assert_ne!(a.to_string(), b.to_string());
    assert_ne!(v("[1,2]"), v("[2,1]"));
    assert_ne!(a, v(r#"{"x":1}"#));
}

// ---------------------------------------------------------------- numbers

#[test]
fn integer_extremes_are_exact() {
    let value = round_trip("[18446744073709551615,-9223372036854775808,9223372036854775807,0]");
    assert_eq!(value[0].as_u64(), Some(u64::MAX));
    assert!(value[0].is_u64() && !value[0].is_i64() && !value[0].is_f64());
    assert_eq!(value[1].as_i64(), Some(i64::MIN));
    assert_eq!(value[1].as_u64(), None);
    assert_eq!(value[2].as_i64(), Some(i64::MAX));
    assert_eq!(value[2].as_u64(), Some(i64::MAX as u64));
    assert_eq!(Value::from(u64::MAX).to_string(), "18446744073709551615");
    assert_eq!(Value::from(i64::MIN).to_string(), "-9223372036854775808");
}

#[test]
fn integers_beyond_u64_and_i64_become_floats() {
    let value = v("[18446744073709551616,-9223372036854775809,123456789012345678901234567890]");
    for (i, want) in [18446744073709551616.0, -9223372036854775809.0, 1.2345678901234568e29].into_iter().enumerate() {
        assert!(value[i].is_f64(), "{i}");
        assert_eq!(value[i].as_f64(), Some(want), "{i}");
        assert_eq!(value[i].as_u64(), None);
        assert_eq!(value[i].as_i64(), None);
    }
    // Literals beyond f64 are errors, not infinities.
    let err = from_str::<Value>("[1e400]").unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::OutOfRange(_)), "{err}");
    assert_eq!(err.path(), "[0]");
}

#[test]
fn floats_stay_floats() {
    let one = round_trip("1.0");
    assert!(one.is_f64());
    assert_eq!(one.as_i64(), None);
    assert_eq!(one, 1.0);
    assert_ne!(one, v("1"), "1.0 and 1 are different numbers in a Value");
    assert_eq!(Value::from(1.0).to_string(), "1.0");
    assert_eq!(to_string(&Value::from(-2.5f32)).unwrap(), "-2.5");
    // Exponents and fractions are floats even when integral.
    assert!(v("1e2").is_f64());
    assert_eq!(v("1e2").as_f64(), Some(100.0));
    assert_eq!(v("1E+2").to_string(), "100.0");
    // Shortest round-trip text.
    for json in ["0.1", "-1.7976931348623157e308", "5e-324", "1.2345678901234567e-7", "3.141592653589793"] {
        let value = v(json);
        let back = v(&value.to_string());
        assert_eq!(back.as_f64().unwrap().to_bits(), value.as_f64().unwrap().to_bits(), "{json}");
        assert_eq!(value.as_f64(), Some(json.parse::<f64>().unwrap()));
    }
}

#[test]
fn negative_zero_keeps_its_sign() {
    let z = v("-0");
    assert!(z.is_f64());
    assert!(z.as_f64().unwrap().is_sign_negative());
    assert_eq!(z.to_string(), "-0.0");
    assert!(v("0").is_u64());
}

#[test]
fn non_finite_floats_become_null() {
    assert_eq!(Value::from(f64::NAN), Value::Null);
    assert_eq!(Value::from(f64::INFINITY), Value::Null);
    assert_eq!(Number::from_f64(f64::NEG_INFINITY), None);
}

#[test]
fn number_decodes_on_its_own() {
    let n: Number = from_str(" 42 ").unwrap();
    assert_eq!(n, Number::from(42u8));
    assert_eq!(format!("{n:?}"), "Number(42)");
    let err = from_str::<Number>("\"42\"").unwrap_err();
    assert_eq!(err.to_string(), "invalid type: expected a number, found string (line 1, column 1)");
    assert!(from_str::<Number>("01").is_err());
    assert!(from_str::<Number>("-").is_err());
    assert!(from_str::<Number>("1.").is_err());
}

// ---------------------------------------------------------------- errors and policies

#[test]
fn duplicate_keys_are_an_error_by_default() {
    let err = from_str::<Value>(r#"{"a":1,"b":{"c":1,"c":2}}"#).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DuplicateField("c".into()));
    assert_eq!(err.path(), r#"["b"]"#);
    assert_eq!(err.column(), Some(19));
    // An escaped spelling of the same key is the same key.
    assert!(from_str::<Value>(r#"{"id":1,"\u0069d":2}"#).is_err());

    let doc = br#"{"a":1,"b":2,"a":3}"#;
    let first: Value = from_slice_with(doc, &Options::new().duplicate_keys(DuplicateKeys::KeepFirst)).unwrap();
    assert_eq!(first.to_string(), r#"{"a":1,"b":2}"#);
    let last: Value = from_slice_with(doc, &Options::new().duplicate_keys(DuplicateKeys::KeepLast)).unwrap();
    assert_eq!(last.to_string(), r#"{"a":3,"b":2}"#, "the key keeps its first place");
    // A skipped duplicate is still checked.
    let bad = br#"{"a":1,"a":[1,}"#;
    assert!(from_slice_with::<Value>(bad, &Options::new().duplicate_keys(DuplicateKeys::KeepFirst)).is_err());
}

#[test]
fn errors_carry_the_path() {
    let err = from_str::<Value>(r#"{"a":[1,{"b":tru}]}"#).unwrap_err();
    assert_eq!(err.path(), r#"["a"][1]["b"]"#);
    assert!(matches!(err.kind(), ErrorKind::Syntax(_)), "{err}");
    let err = from_str::<Value>("[1,2,]").unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Syntax(_)), "{err}");
    assert!(matches!(from_str::<Value>("").unwrap_err().kind(), ErrorKind::Eof));
    assert!(matches!(from_str::<Value>("[1] x").unwrap_err().kind(), ErrorKind::TrailingCharacters));
    assert!(matches!(from_slice::<Value>(b"\"\xff\"").unwrap_err().kind(), ErrorKind::InvalidUtf8));
}

#[test]
fn depth_limit_applies() {
    let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
    let err = from_str::<Value>(&deep).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DepthLimit(128));
    assert!(from_slice_with::<Value>(deep.as_bytes(), &Options::new().max_depth(200)).is_ok());
    let objects = format!("{}1{}", r#"{"a":"#.repeat(129), "}".repeat(129));
    assert_eq!(from_str::<Value>(&objects).unwrap_err().kind(), &ErrorKind::DepthLimit(128));
}

// ---------------------------------------------------------------- access

#[test]
fn indexing_gives_null_for_anything_missing() {
    let value = v(r#"{"a":[10,{"b":"x"}],"n":null}"#);
    assert_eq!(value["a"][0], 10);
    assert_eq!(value["a"][1]["b"], "x");
    assert!(value["missing"].is_null());
    assert!(value["a"][99].is_null());
    assert!(value["a"]["not an object"].is_null());
    assert!(value["n"][0]["deeper"].is_null());
    assert!(value[0].is_null(), "an object indexed by position");
    assert_eq!(value.get("n"), Some(&Value::Null));
    assert_eq!(value.get("missing"), None);
}

#[test]
fn index_mut_builds_objects() {
    let mut value = Value::Null;
    value["name"] = "ada".into();
    value["tags"] = vec!["x", "y"].into();
    value["tags"][1] = Value::from(2);
    value["name"] = "bo".into();
    assert_eq!(value.to_string(), r#"{"name":"bo","tags":["x",2]}"#);
}

#[test]
#[should_panic(expected = "cannot index an array with a string key")]
fn index_mut_on_a_non_object_panics() {
    let mut value = v("[1]");
    value["a"] = Value::Null;
}

#[test]
fn accessors_and_comparisons() {
    let value = v(r#"{"s":"str","b":true,"i":-3,"u":3,"f":0.5,"a":[],"o":{}}"#);
    assert_eq!(value["s"].as_str(), Some("str"));
    assert_eq!(value["b"].as_bool(), Some(true));
    assert_eq!(value["i"].as_i64(), Some(-3));
    assert_eq!(value["u"].as_u64(), Some(3));
    assert_eq!(value["f"].as_f64(), Some(0.5));
    assert_eq!(value["a"].as_array(), Some(&vec![]));
    assert!(value["o"].as_object().unwrap().is_empty());
    assert!(value["s"].is_string() && value["b"].is_boolean() && value["i"].is_number());
    assert!(value["a"].is_array() && value["o"].is_object());
    assert_eq!(value["s"], "str");
    assert_eq!(value["s"], String::from("str"));
    assert_eq!(value["b"], true);
    assert_eq!(value["i"], -3);
    assert_eq!(value["u"], 3u8);
    assert_eq!(value["f"], 0.5);
    assert_ne!(value["u"], "3");
    assert_eq!(value["i"], -3.0, "comparing with a float converts the integer");
}

#[test]
fn conversions() {
    assert_eq!(Value::from(()), Value::Null);
    assert_eq!(Value::from(None::<u8>), Value::Null);
    assert_eq!(Value::from(Some("x")), "x");
    assert_eq!(Value::from('c'), "c");
    assert_eq!(Value::from(std::borrow::Cow::Borrowed("c")), "c");
    assert_eq!(Value::from(&[1u8, 2][..]).to_string(), "[1,2]");
    let arr: Value = vec![Value::from(1), Value::from("two"), Value::Null].into();
    assert_eq!(arr.to_string(), r#"[1,"two",null]"#);
    let obj: Value = [("k", Value::from(1)), ("l", Value::from(true))].into_iter().collect();
    assert_eq!(obj.to_string(), r#"{"k":1,"l":true}"#);
    let parsed: Value = r#"{"k":1}"#.parse().unwrap();
    assert_eq!(parsed["k"], 1);
    assert!("{".parse::<Value>().is_err());
}

#[test]
fn map_api() {
    let mut m = Map::new();
    assert_eq!(m.insert("b", 1.into()), None);
    assert_eq!(m.insert(String::from("a"), 2.into()), None);
    assert_eq!(m.insert("b", 3.into()), Some(Value::from(1)));
    assert_eq!(m.len(), 2);
    assert!(m.contains_key("a"));
    *m.get_mut("a").unwrap() = "two".into();
    assert_eq!(m["a"], "two");
    assert!(m["zzz"].is_null());
    assert_eq!(m.iter().map(|(k, _)| k).collect::<Vec<_>>(), ["b", "a"]);
    assert_eq!(format!("{m:?}"), r#"{"b": Number(3), "a": String("two")}"#);
    assert_eq!(
        format!("{:?}", v(r#"[null,true,{"k":1.5}]"#)),
        r#"Array [Null, Bool(true), Object {"k": Number(1.5)}]"#
    );
    assert_eq!(m.remove("b"), Some(Value::from(3)));
    assert_eq!(m.remove("b"), None);
    let owned: Vec<(String, Value)> = m.clone().into_iter().collect();
    assert_eq!(owned, [("a".to_string(), Value::from("two"))]);
    for (_, v) in &mut m {
        *v = Value::Null;
    }
    assert_eq!(to_string(&m).unwrap(), r#"{"a":null}"#);
    let decoded: Map = from_str(r#"{"y":1,"x":2}"#).unwrap();
    assert_eq!(decoded.keys().collect::<Vec<_>>(), ["y", "x"]);
    assert!(from_str::<Map>("[1]").is_err());
}

// ---------------------------------------------------------------- in derived types

#[derive(Codec, Debug, PartialEq)]
struct Event {
    id: u32,
    extra: Value,
}

#[test]
fn value_nests_in_a_derived_struct() {
    let json = r#"{"id":7,"extra":{"b":[1,2.5,"x"],"a":null}}"#;
    let e: Event = from_str(json).unwrap();
    assert_eq!(e.id, 7);
    assert_eq!(e.extra["b"][1], 2.5);
    assert_eq!(to_string(&e).unwrap(), json);
    let scalar: Event = from_str(r#"{"extra":"just a string","id":1}"#).unwrap();
    assert_eq!(scalar.extra, "just a string");
    let err = from_str::<Event>(r#"{"id":1,"extra":{"x":[1,}}"#).unwrap_err();
    assert_eq!(err.path(), r#".extra["x"][1]"#);
    let err = from_str::<Event>(r#"{"id":1}"#).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::MissingField("extra"));
}

#[derive(Codec, Debug, PartialEq)]
struct Tagged {
    id: u32,
    #[codec(flatten)]
    rest: Map,
}

#[test]
fn map_collects_unknown_members_under_flatten() {
    let json = r#"{"z":[1],"id":3,"a":{"k":"v"},"m":null}"#;
    let t: Tagged = from_str(json).unwrap();
    assert_eq!(t.id, 3);
    assert_eq!(t.rest.keys().collect::<Vec<_>>(), ["z", "a", "m"]);
    assert_eq!(t.rest["a"]["k"], "v");
    assert_eq!(to_string(&t).unwrap(), r#"{"id":3,"z":[1],"a":{"k":"v"},"m":null}"#);
    let err = from_str::<Tagged>(r#"{"id":3,"q":1,"q":2}"#).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DuplicateField("q".into()));
    let empty = Tagged { id: 1, rest: Map::new() };
    assert_eq!(to_string(&empty).unwrap(), r#"{"id":1}"#);
}

// ---------------------------------------------------------------- RawJson

#[test]
fn raw_json_captures_text_without_surrounding_whitespace() {
    let raw: RawJson = from_str(" \n\t{ \"a\" : [1, 2.50, \"\\u0041\"] }\r\n ").unwrap();
    assert_eq!(raw.as_str(), r#"{ "a" : [1, 2.50, "\u0041"] }"#);
    assert_eq!(raw.to_string(), raw.as_str());
    assert_eq!(format!("{raw:?}"), r#"RawJson("{ \"a\" : [1, 2.50, \"\\u0041\"] }")"#);
    // Encoding writes it verbatim, non-normalised.
    assert_eq!(to_vec(&raw).unwrap(), raw.as_str().as_bytes());
    for scalar in ["1", "-0.5e3", "\"s\"", "null", "true"] {
        assert_eq!(from_str::<RawJson>(&format!("  {scalar}  ")).unwrap().as_str(), scalar);
    }
}

#[test]
fn raw_json_validates_what_it_captures() {
    for bad in ["", "[1,]", "{\"a\":}", "\"\\x\"", "01", "[1] 2", "tru", "\"\\ud800\""] {
        assert!(from_str::<RawJson>(bad).is_err(), "{bad:?}");
    }
    assert!(from_slice::<RawJson>(b"\"\xc3\x28\"").is_err(), "invalid UTF-8");
    let deep = "[".repeat(1000);
    assert_eq!(from_str::<RawJson>(&deep).unwrap_err().kind(), &ErrorKind::DepthLimit(128));
    assert!(RawJson::new("  {}  ").is_ok());
}

#[test]
fn raw_json_decodes_lazily() {
    let outer: Value = from_str(r#"{"kind":"point","data": {"x": 1, "y": -2} }"#).unwrap();
    assert_eq!(outer["kind"], "point");

    #[derive(Codec, Debug, PartialEq)]
    struct Point {
        x: i32,
        y: i32,
    }

    let input = r#"[ {"x": 1, "y": -2} , {"x": "not a number"} ]"#;
    let raws: Vec<RawJson> = from_str(input).unwrap();
    assert_eq!(raws[0].as_str(), r#"{"x": 1, "y": -2}"#);
    assert_eq!(raws[0].decode::<Point>().unwrap(), Point { x: 1, y: -2 });
    assert_eq!(raws[0].decode::<Value>().unwrap()["y"], -2);
    // Capturing succeeded for a value that fails to decode as a Point: the error comes only
    // when it is decoded, with offsets relative to the capture.
    let err = raws[1].decode::<Point>().unwrap_err();
    assert_eq!(err.path(), ".x");
    assert_eq!(err.column(), Some(7));
    // Borrowed strings in the lazily decoded value point into the original input.
    let raw: RawJson = from_str(r#"{"name":"ada"}"#).unwrap();
    #[derive(Codec)]
    struct Named<'a> {
        name: &'a str,
    }
    let named: Named = raw.decode().unwrap();
    assert_eq!(named.name, "ada");
}

#[derive(Codec, Debug, PartialEq)]
struct Envelope<'a> {
    kind: String,
    payload: RawJson<'a>,
    #[codec(default)]
    meta: Option<RawJson<'a>>,
}

#[test]
fn raw_json_in_a_derived_struct() {
    let input = br#"{"kind":"order", "payload" : {"id": 5, "items": [1, 2]} , "meta":null}"#;
    let env: Envelope = from_slice(input).unwrap();
    assert_eq!(env.kind, "order");
    assert_eq!(env.payload.as_str(), r#"{"id": 5, "items": [1, 2]}"#);
    assert_eq!(env.meta, None);
    // The payload's bytes are a slice of the input.
    let start = env.payload.as_str().as_ptr() as usize - input.as_ptr() as usize;
    assert_eq!(&input[start..start + env.payload.as_str().len()], env.payload.as_str().as_bytes());
    assert_eq!(to_string(&env).unwrap(), r#"{"kind":"order","payload":{"id": 5, "items": [1, 2]},"meta":null}"#);
    let payload: Value = env.payload.decode().unwrap();
    assert_eq!(payload["items"][1], 2);

    let with_meta: Envelope = from_str(r#"{"kind":"k","payload":1,"meta":[true]}"#).unwrap();
    assert_eq!(with_meta.meta.map(|m| m.as_str()), Some("[true]"));
    assert!(from_str::<Envelope>(r#"{"kind":"k","payload":[1,}"#).is_err());
}
