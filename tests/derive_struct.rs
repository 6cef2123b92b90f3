//! `#[derive(Codec)]` on structs of every shape: named, tuple, newtype, unit and empty;
//! nesting; member order on encode; any key order and any whitespace on decode.

use codec::json::{from_slice, from_str, to_string, to_vec};
use codec::Codec;

#[derive(Codec, Debug, PartialEq, Clone)]
struct Point {
    x: i32,
    y: i32,
}

#[derive(Codec, Debug, PartialEq, Clone)]
struct Pair(u8, String);

#[derive(Codec, Debug, PartialEq, Clone)]
struct Triple(bool, f64, Vec<u8>);

#[derive(Codec, Debug, PartialEq, Clone)]
struct Meters(f64);

#[derive(Codec, Debug, PartialEq, Clone)]
struct Wrapper(Point);

#[derive(Codec, Debug, PartialEq, Clone)]
struct Unit;

#[derive(Codec, Debug, PartialEq, Clone)]
struct Empty {}

#[derive(Codec, Debug, PartialEq, Clone)]
struct EmptyTuple();

#[derive(Codec, Debug, PartialEq, Clone)]
struct Line {
    from: Point,
    to: Point,
    label: Option<String>,
}

#[derive(Codec, Debug, PartialEq, Clone)]
struct Drawing {
    name: String,
    lines: Vec<Line>,
    origin: Wrapper,
    scale: Meters,
    marker: Unit,
    extra: Empty,
}

#[derive(Codec, Debug, PartialEq, Clone)]
struct Order {
    zulu: u8,
    alpha: u8,
    mike: u8,
}

fn round_trip<T>(value: &T, json: &str)
where
    T: codec::Encode + for<'de> codec::Decode<'de> + PartialEq + std::fmt::Debug,
{
    assert_eq!(to_string(value).unwrap(), json);
    assert_eq!(to_vec(value).unwrap(), json.as_bytes());
    assert_eq!(&from_str::<T>(json).unwrap(), value);
    assert_eq!(&from_slice::<T>(json.as_bytes()).unwrap(), value);
}

#[test]
fn named_struct() {
    round_trip(&Point { x: 1, y: -2 }, r#"{"x":1,"y":-2}"#);
}

#[test]
fn tuple_struct_is_an_array() {
    round_trip(&Pair(7, "seven".into()), r#"[7,"seven"]"#);
    round_trip(&Triple(true, 0.5, vec![1, 2]), r#"[true,0.5,[1,2]]"#);
}

#[test]
fn tuple_struct_length_must_match() {
    let short = from_str::<Pair>("[7]").unwrap_err();
    assert!(short.to_string().contains("expected an array of 2 elements, found 1"), "{short}");
    assert!(from_str::<Pair>(r#"[7,"a",8]"#).is_err());
    assert!(from_str::<Pair>(r#"{"0":7,"1":"a"}"#).is_err());
}

#[test]
fn newtype_struct_is_its_inner_value() {
    round_trip(&Meters(2.5), "2.5");
    round_trip(&Wrapper(Point { x: 3, y: 4 }), r#"{"x":3,"y":4}"#);
    assert!(from_str::<Meters>("[2.5]").is_err());
}

#[test]
fn unit_struct_is_null() {
    round_trip(&Unit, "null");
    assert!(from_str::<Unit>("{}").is_err());
    assert!(from_str::<Unit>("0").is_err());
}

#[test]
fn empty_named_struct_is_an_empty_object() {
    round_trip(&Empty {}, "{}");
    assert_eq!(from_str::<Empty>(r#"{"ignored": [1, {"a": null}]}"#).unwrap(), Empty {});
    assert!(from_str::<Empty>("null").is_err());
}

#[test]
fn empty_tuple_struct_is_an_empty_array() {
    round_trip(&EmptyTuple(), "[]");
    assert!(from_str::<EmptyTuple>("[1]").is_err());
}

#[test]
fn nested_structs() {
    let d = Drawing {
        name: "sketch".into(),
        lines: vec![
            Line { from: Point { x: 0, y: 0 }, to: Point { x: 1, y: 1 }, label: Some("diag".into()) },
            Line { from: Point { x: -1, y: 2 }, to: Point { x: 3, y: -4 }, label: None },
        ],
        origin: Wrapper(Point { x: 5, y: 6 }),
        scale: Meters(1.25),
        marker: Unit,
        extra: Empty {},
    };
    round_trip(
        &d,
        r#"{"name":"sketch","lines":[{"from":{"x":0,"y":0},"to":{"x":1,"y":1},"label":"diag"},{"from":{"x":-1,"y":2},"to":{"x":3,"y":-4},"label":null}],"origin":{"x":5,"y":6},"scale":1.25,"marker":null,"extra":{}}"#,
    );
}

#[test]
fn encode_follows_declaration_order() {
    assert_eq!(to_string(&Order { zulu: 1, alpha: 2, mike: 3 }).unwrap(), r#"{"zulu":1,"alpha":2,"mike":3}"#);
}

#[test]
fn decode_accepts_any_key_order() {
    let want = Order { zulu: 1, alpha: 2, mike: 3 };
    for json in [
        r#"{"zulu":1,"alpha":2,"mike":3}"#,
        r#"{"zulu":1,"mike":3,"alpha":2}"#,
        r#"{"alpha":2,"zulu":1,"mike":3}"#,
        r#"{"alpha":2,"mike":3,"zulu":1}"#,
        r#"{"mike":3,"zulu":1,"alpha":2}"#,
        r#"{"mike":3,"alpha":2,"zulu":1}"#,
    ] {
        assert_eq!(from_str::<Order>(json).unwrap(), want, "{json}");
    }
}

#[test]
fn decode_accepts_whitespace_everywhere() {
    let json = " \n\t{ \r\n \"to\" :\t{\"y\" : 1 , \"x\":2 } ,\n\n  \"label\"\t:\tnull ,  \"from\" : { \"x\" : -3 ,\"y\":4}\r\n}\t \n";
    assert_eq!(
        from_str::<Line>(json).unwrap(),
        Line { from: Point { x: -3, y: 4 }, to: Point { x: 2, y: 1 }, label: None }
    );
    assert_eq!(from_str::<Pair>(" [ 1 ,\n \"a\" ] ").unwrap(), Pair(1, "a".into()));
    assert_eq!(from_str::<Unit>("\n null \n").unwrap(), Unit);
    assert_eq!(from_str::<Empty>(" {\n} ").unwrap(), Empty {});
}

#[test]
fn wrong_json_type_is_an_error() {
    let err = from_str::<Point>("[1,2]").unwrap_err();
    assert!(err.to_string().starts_with("invalid type"), "{err}");
    assert!(from_str::<Point>(r#"{"x":1,"y":2"#).is_err());
    assert!(from_str::<Point>(r#"{"x":1,,"y":2}"#).is_err());
    assert!(from_str::<Point>(r#"{"x":1,"y":2,}"#).is_err());
}

/// More fields than fit one 64-bit mask.
#[derive(Codec, Debug, PartialEq)]
struct Wide {
    f0: u8,
    f1: u8,
    f2: u8,
    f3: u8,
    f4: u8,
    f5: u8,
    f6: u8,
    f7: u8,
    f8: u8,
    f9: u8,
    f10: u8,
    f11: u8,
    f12: u8,
    f13: u8,
    f14: u8,
    f15: u8,
    f16: u8,
    f17: u8,
    f18: u8,
    f19: u8,
    f20: u8,
    f21: u8,
    f22: u8,
    f23: u8,
    f24: u8,
    f25: u8,
    f26: u8,
    f27: u8,
    f28: u8,
    f29: u8,
    f30: u8,
    f31: u8,
    f32: u8,
    f33: u8,
    f34: u8,
    f35: u8,
    f36: u8,
    f37: u8,
    f38: u8,
    f39: u8,
    f40: u8,
    f41: u8,
    f42: u8,
    f43: u8,
    f44: u8,
    f45: u8,
    f46: u8,
    f47: u8,
    f48: u8,
    f49: u8,
    f50: u8,
    f51: u8,
    f52: u8,
    f53: u8,
    f54: u8,
    f55: u8,
    f56: u8,
    f57: u8,
    f58: u8,
    f59: u8,
    f60: u8,
    f61: u8,
    f62: u8,
    f63: u8,
    f64: u8,
    f65: u8,
    f66: u8,
    f67: u8,
    f68: u8,
    f69: u8,
}

#[test]
fn struct_with_seventy_fields() {
    let v = Wide {
        f0: 0,
        f1: 1,
        f2: 2,
        f3: 3,
        f4: 4,
        f5: 5,
        f6: 6,
        f7: 7,
        f8: 8,
        f9: 9,
        f10: 10,
        f11: 11,
        f12: 12,
        f13: 13,
        f14: 14,
        f15: 15,
        f16: 16,
        f17: 17,
        f18: 18,
        f19: 19,
        f20: 20,
        f21: 21,
        f22: 22,
        f23: 23,
        f24: 24,
        f25: 25,
        f26: 26,
        f27: 27,
        f28: 28,
        f29: 29,
        f30: 30,
        f31: 31,
        f32: 32,
        f33: 33,
        f34: 34,
        f35: 35,
        f36: 36,
        f37: 37,
        f38: 38,
        f39: 39,
        f40: 40,
        f41: 41,
        f42: 42,
        f43: 43,
        f44: 44,
        f45: 45,
        f46: 46,
        f47: 47,
        f48: 48,
        f49: 49,
        f50: 50,
        f51: 51,
        f52: 52,
        f53: 53,
        f54: 54,
        f55: 55,
        f56: 56,
        f57: 57,
        f58: 58,
        f59: 59,
        f60: 60,
        f61: 61,
        f62: 62,
        f63: 63,
        f64: 64,
        f65: 65,
        f66: 66,
        f67: 67,
        f68: 68,
        f69: 69,
    };
    let json = to_string(&v).unwrap();
    assert!(json.starts_with(r#"{"f0":0,"f1":1,"#) && json.ends_with(r#""f68":68,"f69":69}"#), "{json}");
    assert_eq!(from_str::<Wide>(&json).unwrap(), v);
    let missing_last = json.replace(r#","f69":69"#, "");
    let err = from_str::<Wide>(&missing_last).unwrap_err();
    assert!(err.to_string().starts_with("missing field `f69`"), "{err}");
    let dup_last = json.replace(r#""f69":69"#, r#""f69":69,"f69":1"#);
    let err = from_str::<Wide>(&dup_last).unwrap_err();
    assert!(err.to_string().starts_with("duplicate field `f69`"), "{err}");
}

#[derive(Codec, Debug, PartialEq)]
struct Keywords {
    r#type: u8,
    r#match: bool,
}

#[test]
fn raw_identifiers_lose_their_prefix() {
    round_trip(&Keywords { r#type: 1, r#match: true }, r#"{"type":1,"match":true}"#);
}

#[derive(Codec, Debug, PartialEq)]
struct Node {
    value: u8,
    next: Option<Box<Node>>,
}

#[test]
fn self_referential_struct() {
    let list = Node { value: 1, next: Some(Box::new(Node { value: 2, next: None })) };
    round_trip(&list, r#"{"value":1,"next":{"value":2,"next":null}}"#);
    assert_eq!(from_str::<Node>(r#"{"value":3}"#).unwrap(), Node { value: 3, next: None });
}
