//! Integer and bool names of enum variants (`#[codec(rename = 2)]`, `rename = true`) in
//! every representation, and `#[codec(repr = "int")]` (unit-only enums written as their
//! discriminants, serde_repr's form), in JSON and MessagePack: tags in any position of
//! the object, aliases, `other`, map keys, and the errors, which list the expected names.

use std::collections::BTreeMap;
use std::fmt::Debug;

use codec::{json, msgpack, Codec, Decode, Encode, ErrorKind};

/// `value` encodes to exactly `text` and `packed`, and both decode back to it.
fn both<T>(value: &T, text: &str, packed: &[u8])
where
    T: Encode + for<'de> Decode<'de> + PartialEq + Debug,
{
    assert_eq!(json::to_string(value).unwrap(), text, "JSON of {value:?}");
    assert_eq!(&json::from_str::<T>(text).unwrap(), value, "JSON {text}");
    assert_eq!(msgpack::to_vec(value).unwrap(), packed, "MessagePack of {value:?}");
    assert_eq!(&msgpack::from_slice::<T>(packed).unwrap(), value, "MessagePack {packed:x?}");
}

fn from_json<T: for<'de> Decode<'de>>(text: &str) -> T {
    json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn json_err<T: for<'de> Decode<'de> + Debug>(text: &str) -> String {
    json::from_str::<T>(text).unwrap_err().to_string()
}

fn msgpack_err<T: for<'de> Decode<'de> + Debug>(packed: &[u8]) -> String {
    msgpack::from_slice::<T>(packed).unwrap_err().to_string()
}

/// MessagePack str `s` (fixstr: all names here are short).
fn s(text: &str) -> Vec<u8> {
    assert!(text.len() < 32);
    let mut out = vec![0xa0 | text.len() as u8];
    out.extend_from_slice(text.as_bytes());
    out
}

fn cat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

#[derive(Codec, Debug, PartialEq, Clone)]
struct Point {
    x: i32,
    y: i32,
}

// ---------------------------------------------------------------- internal tags

#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(tag = "op")]
enum Op {
    #[codec(rename = 1)]
    Add { a: i32, b: i32 },
    #[codec(rename = 2, alias = 20, alias = -20)]
    Neg { a: i32 },
    #[codec(rename = 3)]
    Nop,
    #[codec(rename = 4)]
    At(Point),
}

#[test]
fn internal_integer_tags_are_numbers() {
    both(
        &Op::Add { a: 1, b: -2 },
        r#"{"op":1,"a":1,"b":-2}"#,
        &cat(&[b"\x83", &s("op"), b"\x01", &s("a"), b"\x01", &s("b"), b"\xfe"]),
    );
    both(&Op::Neg { a: 5 }, r#"{"op":2,"a":5}"#, &cat(&[b"\x82", &s("op"), b"\x02", &s("a"), b"\x05"]));
    both(&Op::Nop, r#"{"op":3}"#, &cat(&[b"\x81", &s("op"), b"\x03"]));
    both(
        &Op::At(Point { x: 7, y: 8 }),
        r#"{"op":4,"x":7,"y":8}"#,
        &cat(&[b"\x83", &s("op"), b"\x04", &s("x"), b"\x07", &s("y"), b"\x08"]),
    );
}

#[test]
fn internal_integer_tag_in_any_position() {
    let add = Op::Add { a: 1, b: 2 };
    for text in [
        r#"{"op":1,"a":1,"b":2}"#,
        r#"{"a":1,"op":1,"b":2}"#,
        r#"{"a":1,"b":2,"op":1}"#,
        r#" { "b" : 2 , "a" : 1 , "op" : 1 } "#,
        r#"{"a":1,"skipped":{"op":9},"b":2,"op":1}"#,
    ] {
        assert_eq!(from_json::<Op>(text), add, "{text}");
    }
    assert_eq!(from_json::<Op>(r#"{"x":1,"y":2,"op":4}"#), Op::At(Point { x: 1, y: 2 }));
    assert_eq!(from_json::<Op>(r#"{"op":3}"#), Op::Nop);

    // MessagePack: the tag first, in the middle and last.
    let (op, a, b) = (cat(&[&s("op"), b"\x01"]), cat(&[&s("a"), b"\x01"]), cat(&[&s("b"), b"\x02"]));
    for order in [[&op, &a, &b], [&a, &op, &b], [&a, &b, &op]] {
        let packed = cat(&[b"\x83", order[0], order[1], order[2]]);
        assert_eq!(msgpack::from_slice::<Op>(&packed).unwrap(), add, "{packed:x?}");
    }
    // The tag in a wider integer format than needed still names the variant.
    let packed = cat(&[b"\x82", &s("a"), b"\x05", &s("op"), b"\xd3\0\0\0\0\0\0\0\x02"]);
    assert_eq!(msgpack::from_slice::<Op>(&packed).unwrap(), Op::Neg { a: 5 });
}

#[test]
fn internal_integer_aliases() {
    for text in [r#"{"op":20,"a":5}"#, r#"{"a":5,"op":-20}"#, r#"{"op":2,"a":5}"#] {
        assert_eq!(from_json::<Op>(text), Op::Neg { a: 5 }, "{text}");
    }
    let packed = cat(&[b"\x82", &s("a"), b"\x05", &s("op"), b"\xec"]);
    assert_eq!(msgpack::from_slice::<Op>(&packed).unwrap(), Op::Neg { a: 5 });
    // Encoding writes the name, never an alias.
    assert_eq!(json::to_string(&Op::Neg { a: 5 }).unwrap(), r#"{"op":2,"a":5}"#);
}

#[test]
fn internal_tag_errors_list_the_expected_values() {
    assert_eq!(
        json_err::<Op>(r#"{"op":5}"#),
        "unknown variant `5`, expected one of `1`, `2`, `3`, `4` (line 1, column 7)"
    );
    assert_eq!(
        json_err::<Op>(r#"{"a":1,"op":-7}"#),
        "unknown variant `-7`, expected one of `1`, `2`, `3`, `4` (line 1, column 13)"
    );
    // A number beyond every integer type is an unknown name too, shown as written.
    assert_eq!(
        json_err::<Op>(r#"{"op":123456789012345678901234567890123456789012}"#),
        "unknown variant `123456789012345678901234567890123456789012`, expected one of `1`, `2`, `3`, `4` (line 1, column 7)"
    );
    // The string "2" does not name the variant 2 (serde_repr rejects it too).
    assert_eq!(json_err::<Op>(r#"{"op":"2"}"#), "invalid type: expected 1, 2, 3 or 4, found string (line 1, column 7)");
    assert_eq!(
        json_err::<Op>(r#"{"a":1,"op":"2"}"#),
        "invalid type: expected 1, 2, 3 or 4, found string (line 1, column 13)"
    );
    assert_eq!(
        json_err::<Op>(r#"{"op":2.0,"a":1}"#),
        "invalid type: expected 1, 2, 3 or 4, found float (line 1, column 7)"
    );
    assert_eq!(
        json_err::<Op>(r#"{"op":true}"#),
        "invalid type: expected 1, 2, 3 or 4, found boolean (line 1, column 7)"
    );
    assert_eq!(json_err::<Op>(r#"{"a":1}"#), "missing field `op` (line 1, column 1)");
    // The path of the enum inside a document.
    let err = json::from_str::<Vec<Op>>(r#"[{"op":3},{"op":9}]"#).unwrap_err();
    assert_eq!(err.path(), "[1]");
    assert!(
        matches!(err.kind(), ErrorKind::UnknownVariant { name, expected } if name == "9" && expected == &["1", "2", "3", "4"])
    );
    assert_eq!(err.to_string(), "unknown variant `9`, expected one of `1`, `2`, `3`, `4` at [1] (line 1, column 17)");

    let packed = cat(&[b"\x81", &s("op"), b"\x09"]);
    assert_eq!(msgpack_err::<Op>(&packed), "unknown variant `9`, expected one of `1`, `2`, `3`, `4` (byte 4)");
    let packed = cat(&[b"\x81", &s("op"), &s("2")]);
    assert_eq!(msgpack_err::<Op>(&packed), "invalid type: expected 1, 2, 3 or 4, found string (byte 4)");
    let packed = cat(&[b"\x82", &s("a"), b"\x01", &s("op"), b"\xc3"]);
    assert_eq!(msgpack_err::<Op>(&packed), "invalid type: expected 1, 2, 3 or 4, found boolean (byte 7)");
}

#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(tag = "ok")]
enum Outcome {
    #[codec(rename = true)]
    Success { value: u32 },
    #[codec(rename = false)]
    Failure { reason: String },
}

#[test]
fn internal_bool_tags() {
    both(
        &Outcome::Success { value: 3 },
        r#"{"ok":true,"value":3}"#,
        &cat(&[b"\x82", &s("ok"), b"\xc3", &s("value"), b"\x03"]),
    );
    both(
        &Outcome::Failure { reason: "no".into() },
        r#"{"ok":false,"reason":"no"}"#,
        &cat(&[b"\x82", &s("ok"), b"\xc2", &s("reason"), &s("no")]),
    );
    assert_eq!(from_json::<Outcome>(r#"{"reason":"x","ok":false}"#), Outcome::Failure { reason: "x".into() });
    let packed = cat(&[b"\x82", &s("value"), b"\x03", &s("ok"), b"\xc3"]);
    assert_eq!(msgpack::from_slice::<Outcome>(&packed).unwrap(), Outcome::Success { value: 3 });
    assert_eq!(
        json_err::<Outcome>(r#"{"ok":"true"}"#),
        "invalid type: expected true or false, found string (line 1, column 7)"
    );
    assert_eq!(
        json_err::<Outcome>(r#"{"ok":1}"#),
        "invalid type: expected true or false, found integer (line 1, column 7)"
    );
    assert_eq!(json_err::<Outcome>(r#"{"ok":tru}"#), "syntax error: invalid literal (line 1, column 7)");
    let packed = cat(&[b"\x81", &s("ok"), b"\x01"]);
    assert_eq!(msgpack_err::<Outcome>(&packed), "invalid type: expected true or false, found integer (byte 4)");
}

#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(tag = "v")]
enum Versioned {
    #[codec(rename = 1)]
    V1 { x: u8 },
    #[codec(rename = -1)]
    Legacy,
    // Named by an integer too: a string name would make strings tags of this enum.
    #[codec(other, rename = 0)]
    Unknown,
}

#[test]
fn internal_other_catches_unknown_numbers() {
    both(&Versioned::V1 { x: 2 }, r#"{"v":1,"x":2}"#, &cat(&[b"\x82", &s("v"), b"\x01", &s("x"), b"\x02"]));
    both(&Versioned::Legacy, r#"{"v":-1}"#, &cat(&[b"\x81", &s("v"), b"\xff"]));
    both(&Versioned::Unknown, r#"{"v":0}"#, &cat(&[b"\x81", &s("v"), b"\x00"]));
    for text in [r#"{"v":7}"#, r#"{"x":1,"v":-5}"#, r#"{"v":99999999999999999999999999999999999999999}"#] {
        assert_eq!(from_json::<Versioned>(text), Versioned::Unknown, "{text}");
    }
    let packed = cat(&[b"\x82", &s("x"), b"\x01", &s("v"), b"\xcf\xff\xff\xff\xff\xff\xff\xff\xff"]);
    assert_eq!(msgpack::from_slice::<Versioned>(&packed).unwrap(), Versioned::Unknown);
    // `other` catches unknown names, not values of another kind.
    assert_eq!(
        json_err::<Versioned>(r#"{"v":"1"}"#),
        "invalid type: expected 1 or -1, found string (line 1, column 6)"
    );
    assert_eq!(json_err::<Versioned>(r#"{"v":null}"#), "invalid type: expected 1 or -1, found null (line 1, column 6)");
}

// ---------------------------------------------------------------- adjacent tags

#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(tag = "t", content = "c")]
enum Msg {
    #[codec(rename = 0)]
    Ping,
    #[codec(rename = 1, alias = 100)]
    Text(String),
    #[codec(rename = 2)]
    Move { x: i8, y: i8 },
    #[codec(rename = 18446744073709551615)]
    Max(u8),
    #[codec(rename = -9223372036854775808)]
    Min,
}

#[test]
fn adjacent_integer_tags() {
    both(&Msg::Ping, r#"{"t":0}"#, &cat(&[b"\x81", &s("t"), b"\x00"]));
    both(&Msg::Text("hi".into()), r#"{"t":1,"c":"hi"}"#, &cat(&[b"\x82", &s("t"), b"\x01", &s("c"), &s("hi")]));
    both(
        &Msg::Move { x: 1, y: -1 },
        r#"{"t":2,"c":{"x":1,"y":-1}}"#,
        &cat(&[b"\x82", &s("t"), b"\x02", &s("c"), b"\x82", &s("x"), b"\x01", &s("y"), b"\xff"]),
    );
    both(
        &Msg::Max(9),
        r#"{"t":18446744073709551615,"c":9}"#,
        &cat(&[b"\x82", &s("t"), b"\xcf\xff\xff\xff\xff\xff\xff\xff\xff", &s("c"), b"\x09"]),
    );
    both(&Msg::Min, r#"{"t":-9223372036854775808}"#, &cat(&[b"\x81", &s("t"), b"\xd3\x80\0\0\0\0\0\0\0"]));

    // Either order, other keys around, aliases.
    assert_eq!(from_json::<Msg>(r#"{"c":"hi","t":1}"#), Msg::Text("hi".into()));
    assert_eq!(from_json::<Msg>(r#"{"c":{"y":2,"x":1},"extra":[1],"t":2}"#), Msg::Move { x: 1, y: 2 });
    assert_eq!(from_json::<Msg>(r#"{"t":100,"c":"old"}"#), Msg::Text("old".into()));
    let packed = cat(&[b"\x82", &s("c"), &s("hi"), &s("t"), b"\x01"]);
    assert_eq!(msgpack::from_slice::<Msg>(&packed).unwrap(), Msg::Text("hi".into()));

    assert_eq!(
        json_err::<Msg>(r#"{"t":3,"c":null}"#),
        "unknown variant `3`, expected one of `0`, `1`, `2`, `18446744073709551615`, `-9223372036854775808` (line 1, column 6)"
    );
    // One past the largest name: still just an unknown name.
    assert!(json_err::<Msg>(r#"{"t":18446744073709551616}"#).starts_with("unknown variant `18446744073709551616`"));
    assert_eq!(
        json_err::<Msg>(r#"{"c":1,"t":"1"}"#),
        "invalid type: expected 0, 1, 2, 18446744073709551615 or -9223372036854775808, found string (line 1, column 12)"
    );
    assert_eq!(json_err::<Msg>(r#"{"t":1}"#), "missing field `c` (line 1, column 7)");
    let packed = cat(&[b"\x81", &s("t"), b"\x03"]);
    assert!(msgpack_err::<Msg>(&packed).starts_with("unknown variant `3`, expected one of `0`, `1`"));
}

#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(tag = "on", content = "data")]
enum Switch {
    #[codec(rename = true)]
    On(u8),
    #[codec(rename = false)]
    Off,
}

#[test]
fn adjacent_bool_tags() {
    both(&Switch::On(3), r#"{"on":true,"data":3}"#, &cat(&[b"\x82", &s("on"), b"\xc3", &s("data"), b"\x03"]));
    both(&Switch::Off, r#"{"on":false}"#, &cat(&[b"\x81", &s("on"), b"\xc2"]));
    assert_eq!(from_json::<Switch>(r#"{"data":3,"on":true}"#), Switch::On(3));
    assert_eq!(
        json_err::<Switch>(r#"{"on":0}"#),
        "invalid type: expected true or false, found integer (line 1, column 7)"
    );
}

// ---------------------------------------------------------------- mixed names

/// String, integer and bool names in one enum: each tag is matched against the names of
/// its own kind only.
#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(tag = "kind")]
enum Mixed {
    #[codec(rename = 1)]
    One {
        n: u8,
    },
    Named {
        n: u8,
    },
    #[codec(rename = true, alias = "yes")]
    Yes,
}

#[test]
fn mixed_names_match_by_kind() {
    both(&Mixed::One { n: 1 }, r#"{"kind":1,"n":1}"#, &cat(&[b"\x82", &s("kind"), b"\x01", &s("n"), b"\x01"]));
    both(
        &Mixed::Named { n: 2 },
        r#"{"kind":"Named","n":2}"#,
        &cat(&[b"\x82", &s("kind"), &s("Named"), &s("n"), b"\x02"]),
    );
    both(&Mixed::Yes, r#"{"kind":true}"#, &cat(&[b"\x81", &s("kind"), b"\xc3"]));
    assert_eq!(from_json::<Mixed>(r#"{"kind":"yes"}"#), Mixed::Yes);
    assert_eq!(from_json::<Mixed>(r#"{"n":4,"kind":"Named"}"#), Mixed::Named { n: 4 });
    // "1" is not 1 and "true" is not true.
    assert_eq!(
        json_err::<Mixed>(r#"{"kind":"1"}"#),
        "unknown variant `1`, expected one of `1`, `Named`, `true` (line 1, column 9)"
    );
    assert!(json_err::<Mixed>(r#"{"kind":"true"}"#).starts_with("unknown variant `true`"));
    assert!(json_err::<Mixed>(r#"{"kind":false}"#).starts_with("unknown variant `false`"));
    assert_eq!(
        json_err::<Mixed>(r#"{"kind":null}"#),
        r#"invalid type: expected 1, "Named" or true, found null (line 1, column 9)"#
    );
}

// ---------------------------------------------------------------- external representation

/// The default representation with integer and bool names: a unit variant is the bare
/// value; a variant with content is an object whose one key is the name's text in JSON
/// (keys are strings there, as serde_json writes integer map keys) and a key of the
/// name's own type in MessagePack.
#[derive(Codec, Debug, PartialEq, Clone)]
enum External {
    #[codec(rename = 2)]
    Two,
    #[codec(rename = -1)]
    MinusOne,
    #[codec(rename = 7)]
    Data {
        a: u8,
    },
    #[codec(rename = 8)]
    Wrapped(u8),
    #[codec(rename = true)]
    Yes,
    Plain,
    Text(String),
}

#[test]
fn external_integer_names() {
    both(&External::Two, "2", b"\x02");
    both(&External::MinusOne, "-1", b"\xff");
    both(&External::Yes, "true", b"\xc3");
    both(&External::Plain, r#""Plain""#, &s("Plain"));
    both(&External::Data { a: 1 }, r#"{"7":{"a":1}}"#, &cat(&[b"\x81\x07\x81", &s("a"), b"\x01"]));
    both(&External::Wrapped(3), r#"{"8":3}"#, b"\x81\x08\x03");
    both(&External::Text("x".into()), r#"{"Text":"x"}"#, &cat(&[b"\x81", &s("Text"), &s("x")]));
    // A unit variant also decodes from an object with null, as string-named ones do.
    assert_eq!(from_json::<External>(r#"{"2":null}"#), External::Two);
    assert_eq!(from_json::<External>(r#"{"true":null}"#), External::Yes);
    assert_eq!(msgpack::from_slice::<External>(b"\x81\x02\xc0").unwrap(), External::Two);

    assert_eq!(
        json_err::<External>("7"),
        r#"invalid value: variant `7` has content: write it as {"7": ...} (line 1, column 1)"#
    );
    assert_eq!(
        json_err::<External>("3"),
        "unknown variant `3`, expected one of `2`, `-1`, `7`, `8`, `true`, `Plain`, `Text` (line 1, column 1)"
    );
    assert!(json_err::<External>(r#"{"3":1}"#).starts_with("unknown variant `3`"));
    assert!(json_err::<External>(r#""2""#).starts_with("unknown variant `2`"));
    assert_eq!(
        json_err::<External>("1.5"),
        r#"invalid type: expected a variant of enum External (2, -1, 7, 8, true, "Plain" or "Text", or an object with one key), found float (line 1, column 1)"#
    );
    assert_eq!(
        json_err::<External>(r#"{"7":{"a":"x"}}"#),
        "invalid type: expected u8, found string at .7.a (line 1, column 11)"
    );
    // MessagePack keys keep their type: the str "7" is not the int 7.
    assert!(msgpack_err::<External>(&cat(&[b"\x81", &s("7"), b"\x80"])).starts_with("unknown variant `7`"));
    assert_eq!(
        msgpack_err::<External>(b"\x07"),
        "invalid value: variant `7` has content: write it as a map {7: ...} (byte 0)"
    );
    assert!(msgpack_err::<External>(b"\x81\xcb\0\0\0\0\0\0\0\0\xc0")
        .starts_with("invalid type: expected 2, -1, 7, 8, true"));
}

// ---------------------------------------------------------------- repr = "int"

#[derive(
    Codec, serde_repr::Serialize_repr, serde_repr::Deserialize_repr, Debug, PartialEq, Eq, PartialOrd, Ord, Clone, Copy,
)]
#[codec(repr = "int")]
#[repr(u8)]
enum Level {
    Low = 1,
    Mid,
    High = 10,
    Max,
}

#[derive(
    Codec, serde_repr::Serialize_repr, serde_repr::Deserialize_repr, Debug, PartialEq, Eq, PartialOrd, Ord, Clone, Copy,
)]
#[codec(repr = "int")]
#[repr(i8)]
enum Signed {
    Low = -128,
    Neg = -2,
    MinusOne,
    Zero,
    Five = 5,
    High = 127,
}

/// No `#[repr]`: discriminants are `isize`, counting from 0.
#[derive(Codec, Debug, PartialEq, Clone, Copy)]
#[codec(repr = "int")]
enum Plain {
    A,
    B,
    C,
}

#[derive(Codec, serde_repr::Serialize_repr, serde_repr::Deserialize_repr, Debug, PartialEq, Clone, Copy)]
#[codec(repr = "int")]
#[repr(u64)]
enum Wide {
    Zero = 0,
    Byte = 0xff,
    Word = 0x1_0000,
    Huge = 0xFFFF_FFFF_FFFF_FFFF,
}

#[derive(Codec, serde_repr::Serialize_repr, serde_repr::Deserialize_repr, Debug, PartialEq, Clone, Copy)]
#[codec(repr = "int")]
#[repr(i64)]
enum WideSigned {
    Min = -9_223_372_036_854_775_808,
    Mid = -40_000,
    Max = 9_223_372_036_854_775_807,
}

#[derive(Codec, Debug, PartialEq, Clone, Copy)]
#[codec(repr = "int")]
#[repr(u8)]
enum Letter {
    A = b'a',
    B,
}

/// `other` and integer aliases with `repr = "int"`.
#[derive(Codec, Debug, PartialEq, Clone, Copy)]
#[codec(repr = "int")]
#[repr(u16)]
enum Status {
    #[codec(alias = 201, alias = 204)]
    Ok = 200,
    NotFound = 404,
    #[codec(other)]
    Unknown = 0,
}

#[test]
fn repr_int_writes_discriminants() {
    both(&Level::Low, "1", b"\x01");
    both(&Level::Mid, "2", b"\x02");
    both(&Level::High, "10", b"\x0a");
    both(&Level::Max, "11", b"\x0b");
    both(&Signed::Low, "-128", b"\xd0\x80");
    both(&Signed::Neg, "-2", b"\xfe");
    both(&Signed::MinusOne, "-1", b"\xff");
    both(&Signed::Zero, "0", b"\x00");
    both(&Signed::Five, "5", b"\x05");
    both(&Signed::High, "127", b"\x7f");
    both(&Plain::A, "0", b"\x00");
    both(&Plain::C, "2", b"\x02");
    both(&Wide::Byte, "255", b"\xcc\xff");
    both(&Wide::Word, "65536", b"\xce\x00\x01\x00\x00");
    both(&Wide::Huge, "18446744073709551615", b"\xcf\xff\xff\xff\xff\xff\xff\xff\xff");
    both(&WideSigned::Min, "-9223372036854775808", b"\xd3\x80\0\0\0\0\0\0\0");
    both(&WideSigned::Mid, "-40000", b"\xd2\xff\xff\x63\xc0");
    both(&WideSigned::Max, "9223372036854775807", b"\xcf\x7f\xff\xff\xff\xff\xff\xff\xff");
    both(&Letter::A, "97", b"\x61");
    both(&Letter::B, "98", b"\x62");
    both(&vec![Level::High, Level::Low], "[10,1]", b"\x92\x0a\x01");
    // Any integer format of the same value decodes.
    assert_eq!(msgpack::from_slice::<Level>(b"\xd3\0\0\0\0\0\0\0\x0a").unwrap(), Level::High);
    assert_eq!(msgpack::from_slice::<Signed>(b"\xd1\xff\xfe").unwrap(), Signed::Neg);
}

#[test]
fn repr_int_other_and_aliases() {
    both(&Status::Ok, "200", b"\xcc\xc8");
    both(&Status::NotFound, "404", b"\xcd\x01\x94");
    both(&Status::Unknown, "0", b"\x00");
    assert_eq!(from_json::<Status>("204"), Status::Ok);
    assert_eq!(from_json::<Status>("201"), Status::Ok);
    assert_eq!(from_json::<Status>("500"), Status::Unknown);
    assert_eq!(from_json::<Status>("-1"), Status::Unknown);
    assert_eq!(msgpack::from_slice::<Status>(b"\xcd\x01\xf4").unwrap(), Status::Unknown);
    assert_eq!(json_err::<Status>(r#""200""#), "invalid type: expected 200 or 404, found string (line 1, column 1)");
}

#[test]
fn repr_int_errors_list_the_discriminants() {
    assert_eq!(json_err::<Level>("3"), "unknown variant `3`, expected one of `1`, `2`, `10`, `11` (line 1, column 1)");
    assert_eq!(
        json_err::<Level>("256"),
        "unknown variant `256`, expected one of `1`, `2`, `10`, `11` (line 1, column 1)"
    );
    assert_eq!(json_err::<Level>(r#""1""#), "invalid type: expected 1, 2, 10 or 11, found string (line 1, column 1)");
    assert_eq!(json_err::<Level>("1.0"), "invalid type: expected 1, 2, 10 or 11, found float (line 1, column 1)");
    assert_eq!(json_err::<Level>("null"), "invalid type: expected 1, 2, 10 or 11, found null (line 1, column 1)");
    assert_eq!(json_err::<Level>(""), "unexpected end of input (line 1, column 1)");
    assert_eq!(
        json_err::<Signed>("-3"),
        "unknown variant `-3`, expected one of `-128`, `-2`, `-1`, `0`, `5`, `127` (line 1, column 1)"
    );
    let err = json::from_str::<BTreeMap<String, Level>>(r#"{"a":1,"b":12}"#).unwrap_err();
    assert_eq!(err.path(), r#"["b"]"#);
    assert_eq!(msgpack_err::<Level>(b"\x03"), "unknown variant `3`, expected one of `1`, `2`, `10`, `11` (byte 0)");
    assert_eq!(msgpack_err::<Level>(&s("1")), "invalid type: expected 1, 2, 10 or 11, found string (byte 0)");
    assert_eq!(msgpack_err::<Level>(b"\xca\0\0\0\0"), "invalid type: expected 1, 2, 10 or 11, found float (byte 0)");
}

/// serde_repr's output through serde_json and rmp-serde, byte for byte, both ways.
#[test]
fn repr_int_matches_serde_repr() {
    fn same<T>(values: &[T])
    where
        T: Encode + for<'de> Decode<'de> + serde::Serialize + for<'de> serde::Deserialize<'de> + PartialEq + Debug,
    {
        for v in values {
            let theirs = serde_json::to_string(v).unwrap();
            assert_eq!(json::to_string(v).unwrap(), theirs, "{v:?}");
            assert_eq!(&json::from_str::<T>(&theirs).unwrap(), v);
            assert_eq!(&serde_json::from_str::<T>(&json::to_string(v).unwrap()).unwrap(), v);
            let packed = rmp_serde::to_vec(v).unwrap();
            assert_eq!(msgpack::to_vec(v).unwrap(), packed, "{v:?}");
            assert_eq!(&msgpack::from_slice::<T>(&packed).unwrap(), v);
        }
        let list: Vec<&T> = values.iter().collect();
        assert_eq!(json::to_string(&list).unwrap(), serde_json::to_string(&list).unwrap());
    }
    same(&[Level::Low, Level::Mid, Level::High, Level::Max]);
    same(&[Signed::Low, Signed::Neg, Signed::MinusOne, Signed::Zero, Signed::Five, Signed::High]);
    same(&[Wide::Zero, Wide::Byte, Wide::Word, Wide::Huge]);
    same(&[WideSigned::Min, WideSigned::Mid, WideSigned::Max]);
    // Both reject a number that names no variant, and a string.
    for bad in ["3", "\"1\"", "1.5"] {
        assert!(serde_json::from_str::<Level>(bad).is_err() && json::from_str::<Level>(bad).is_err(), "{bad}");
    }
}

#[derive(Codec, Debug, PartialEq, Clone, Copy)]
#[codec(repr = "str")]
enum Spelled {
    Alpha,
    #[codec(rename = "b")]
    Beta,
}

#[test]
fn repr_str_is_the_default_spelled_out() {
    both(&Spelled::Alpha, r#""Alpha""#, &s("Alpha"));
    both(&Spelled::Beta, r#""b""#, &s("b"));
}

// ---------------------------------------------------------------- map keys

/// A unit-only enum with integer and string names, as a map key.
#[derive(Codec, Debug, PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
enum Code {
    #[codec(rename = 1)]
    One,
    #[codec(rename = "b")]
    Bee,
    #[codec(rename = false)]
    No,
}

#[test]
fn integer_names_as_map_keys() {
    // JSON keys are strings: the number's text. MessagePack keys keep the type.
    let levels = BTreeMap::from([(Level::Low, "l".to_owned()), (Level::Max, "m".to_owned())]);
    both(&levels, r#"{"1":"l","11":"m"}"#, &cat(&[b"\x82\x01", &s("l"), b"\x0b", &s("m")]));
    assert_eq!(serde_json::to_string(&levels).unwrap(), json::to_string(&levels).unwrap());
    let signed = BTreeMap::from([(Signed::Neg, 1u8), (Signed::Five, 2)]);
    both(&signed, r#"{"-2":1,"5":2}"#, b"\x82\xfe\x01\x05\x02");
    let codes = BTreeMap::from([(Code::One, 1u8), (Code::Bee, 2), (Code::No, 3)]);
    both(&codes, r#"{"1":1,"b":2,"false":3}"#, &cat(&[b"\x83\x01\x01", &s("b"), b"\x02\xc2\x03"]));

    assert_eq!(
        json_err::<BTreeMap<Level, u8>>(r#"{"3":1}"#),
        "unknown variant `3`, expected one of `1`, `2`, `10`, `11` (line 1, column 2)"
    );
    // "01" is not how the name 1 is written.
    assert!(json_err::<BTreeMap<Level, u8>>(r#"{"01":1}"#).starts_with("unknown variant `01`"));
    assert_eq!(
        msgpack_err::<BTreeMap<Level, u8>>(&cat(&[b"\x81", &s("1"), b"\x01"])),
        "invalid type: expected 1, 2, 10 or 11, found string (byte 1)"
    );
    assert!(msgpack_err::<BTreeMap<Level, u8>>(b"\x81\x03\x01").starts_with("unknown variant `3`"));
    assert_eq!(
        msgpack_err::<BTreeMap<Code, u8>>(&cat(&[b"\x81", &s("1"), b"\x01"])),
        "unknown variant `1`, expected one of `1`, `b`, `false` (byte 1)"
    );
    assert_eq!(msgpack::from_slice::<BTreeMap<Code, u8>>(b"\x81\xc2\x07").unwrap(), BTreeMap::from([(Code::No, 7)]));
}

// ---------------------------------------------------------------- inside other types

#[derive(Codec, Debug, PartialEq, Clone)]
struct Event {
    id: u32,
    level: Level,
    op: Op,
    msgs: Vec<Msg>,
}

#[test]
fn nested_in_structs() {
    let e = Event { id: 1, level: Level::High, op: Op::Neg { a: 2 }, msgs: vec![Msg::Ping, Msg::Text("t".into())] };
    let text = r#"{"id":1,"level":10,"op":{"op":2,"a":2},"msgs":[{"t":0},{"t":1,"c":"t"}]}"#;
    assert_eq!(json::to_string(&e).unwrap(), text);
    assert_eq!(from_json::<Event>(text), e);
    let packed = msgpack::to_vec(&e).unwrap();
    assert_eq!(msgpack::from_slice::<Event>(&packed).unwrap(), e);
    let err = json::from_str::<Event>(r#"{"id":1,"level":10,"op":{"a":2,"op":2},"msgs":[{"t":0},{"c":"t","t":"x"}]}"#)
        .unwrap_err();
    assert_eq!(err.path(), ".msgs[1]");
    assert!(err
        .to_string()
        .starts_with("invalid type: expected 0, 1, 2, 18446744073709551615 or -9223372036854775808, found string"));
    let err = json::from_str::<Event>(r#"{"id":1,"level":3}"#).unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown variant `3`, expected one of `1`, `2`, `10`, `11` at .level (line 1, column 17)"
    );
}

// ---------------------------------------------------------------- through macro_rules!

// A `$x:literal` reaches the derive wrapped in an invisible group, in a discriminant and
// in an attribute alike.
macro_rules! int_enum {
    ($name:ident { $($variant:ident = $value:literal),* }) => {
        #[derive(Codec, Debug, PartialEq, Clone, Copy)]
        #[codec(repr = "int")]
        #[repr(i16)]
        enum $name { $($variant = $value),* }
    };
}
int_enum!(FromMacro { A = -300, B = 7 });

macro_rules! tagged_enum {
    ($name:ident, $tag:literal) => {
        #[derive(Codec, Debug, PartialEq, Clone)]
        #[codec(tag = "k")]
        enum $name {
            #[codec(rename = $tag)]
            Only { x: u8 },
        }
    };
}
tagged_enum!(TaggedByMacro, -5);

#[test]
fn names_from_macro_literals() {
    both(&FromMacro::A, "-300", b"\xd1\xfe\xd4");
    both(&FromMacro::B, "7", b"\x07");
    both(&TaggedByMacro::Only { x: 1 }, r#"{"k":-5,"x":1}"#, &cat(&[b"\x82", &s("k"), b"\xfb", &s("x"), b"\x01"]));
}

// ---------------------------------------------------------------- hygiene

/// The generated code names everything it uses by absolute paths: it compiles where the
/// prelude is gone and the primitive types (`i128` and `u32` among them, which the
/// discriminant checks and the dispatch use) mean something else.
#[allow(non_camel_case_types, dead_code)]
#[no_implicit_prelude]
mod shadowed {
    type i128 = ();
    type u32 = ();
    type u8 = ();
    type bool = ();
    struct Option;
    struct Some;
    struct None;
    struct Ok;
    struct Err;
    struct Tag;

    #[derive(::codec::Codec, Debug, PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
    #[codec(repr = "int")]
    #[repr(i8)]
    pub enum Level {
        Low = -1,
        High,
    }

    #[derive(::codec::Codec, Debug, PartialEq)]
    #[codec(tag = "op")]
    pub enum Tagged {
        #[codec(rename = 1)]
        One {
            size: ::core::primitive::u8,
        },
        #[codec(rename = true)]
        Yes,
        Named,
        #[codec(other, rename = 0)]
        Other,
    }

    #[derive(::codec::Codec, Debug, PartialEq)]
    #[codec(tag = "t", content = "c")]
    pub enum Adjacent {
        #[codec(rename = 7)]
        Seven(::core::primitive::u8),
    }

    #[derive(::codec::Codec, Debug, PartialEq)]
    pub enum External {
        #[codec(rename = 2)]
        Two,
        #[codec(rename = 3)]
        Three(::core::primitive::u8),
    }
}

#[test]
fn derives_where_std_names_are_shadowed() {
    use shadowed::*;
    both(&Level::Low, "-1", b"\xff");
    both(&Level::High, "0", b"\x00");
    both(&BTreeMap::from([(Level::High, 1u8)]), r#"{"0":1}"#, b"\x81\x00\x01");
    both(&Tagged::One { size: 2 }, r#"{"op":1,"size":2}"#, &cat(&[b"\x82", &s("op"), b"\x01", &s("size"), b"\x02"]));
    both(&Tagged::Yes, r#"{"op":true}"#, &cat(&[b"\x81", &s("op"), b"\xc3"]));
    both(&Tagged::Named, r#"{"op":"Named"}"#, &cat(&[b"\x81", &s("op"), &s("Named")]));
    assert_eq!(from_json::<Tagged>(r#"{"x":[],"op":5}"#), Tagged::Other);
    both(&Adjacent::Seven(1), r#"{"t":7,"c":1}"#, &cat(&[b"\x82", &s("t"), b"\x07", &s("c"), b"\x01"]));
    both(&External::Two, "2", b"\x02");
    both(&External::Three(4), r#"{"3":4}"#, b"\x81\x03\x04");
}
