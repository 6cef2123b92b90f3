//! `#[derive(Codec)]` on enums in every representation: external (the default), internal
//! (`tag`), adjacent (`tag` + `content`) and untagged; the `other` catch-all; enums as map
//! keys and inside containers.

use std::collections::BTreeMap;

use codec::json::{from_slice, from_str, to_string, to_vec};
use codec::Codec;

fn round_trip<T>(value: &T, json: &str)
where
    T: codec::Encode + for<'de> codec::Decode<'de> + PartialEq + std::fmt::Debug,
{
    assert_eq!(to_string(value).unwrap(), json);
    assert_eq!(to_vec(value).unwrap(), json.as_bytes());
    assert_eq!(&from_str::<T>(json).unwrap(), value);
    assert_eq!(&from_slice::<T>(json.as_bytes()).unwrap(), value);
}

#[derive(Codec, Debug, PartialEq, Clone)]
struct Inner {
    a: u32,
    b: String,
}

/// A struct with fields that may be absent, for newtype variants of internally tagged
/// enums: its own absent-field rules must hold inside the tagged object.
#[derive(Codec, Debug, PartialEq, Clone)]
struct Loose {
    id: u32,
    note: Option<String>,
    #[codec(default)]
    count: u8,
}

// ---------------------------------------------------------------- unit-only enums

#[derive(Codec, Debug, PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
enum Color {
    Red,
    Green,
    Blue,
}

#[test]
fn unit_variants_are_strings() {
    round_trip(&Color::Red, r#""Red""#);
    round_trip(&Color::Blue, r#""Blue""#);
    round_trip(&vec![Color::Green, Color::Red], r#"["Green","Red"]"#);
}

#[test]
fn unit_variant_accepts_object_with_null() {
    assert_eq!(from_str::<Color>(r#"{"Green":null}"#).unwrap(), Color::Green);
    assert_eq!(from_str::<Color>(r#" { "Blue" : null } "#).unwrap(), Color::Blue);
    assert!(from_str::<Color>(r#"{"Green":1}"#).is_err());
}

#[test]
fn unknown_unit_variant_lists_expected_names() {
    let err = from_str::<Color>(r#""Purple""#).unwrap_err();
    assert_eq!(err.to_string(), "unknown variant `Purple`, expected one of `Red`, `Green`, `Blue` (line 1, column 1)");
    let err = from_str::<Color>(r#"{"Purple":null}"#).unwrap_err();
    assert!(err.to_string().starts_with("unknown variant `Purple`, expected one of `Red`, `Green`, `Blue`"), "{err}");
}

#[test]
fn enum_of_units_as_map_keys() {
    let m = BTreeMap::from([(Color::Blue, 3u32), (Color::Red, 1)]);
    let json = r#"{"Red":1,"Blue":3}"#;
    round_trip(&m, json);
    let decoded: BTreeMap<Color, u32> = from_str(r#"{"Green": 2, "Blue": 3}"#).unwrap();
    assert_eq!(decoded, BTreeMap::from([(Color::Green, 2), (Color::Blue, 3)]));
    let err = from_str::<BTreeMap<Color, u32>>(r#"{"Pink": 2}"#).unwrap_err();
    assert!(err.to_string().starts_with("unknown variant `Pink`"), "{err}");
}

#[test]
fn enums_inside_vec_and_option() {
    round_trip(&vec![Some(Color::Red), None, Some(Color::Blue)], r#"["Red",null,"Blue"]"#);
    round_trip(&Some(Shape::Circle { r: 1.5 }), r#"{"Circle":{"r":1.5}}"#);
    round_trip(&None::<Shape>, "null");
    round_trip(&vec![Shape::Empty, Shape::Square(2.0)], r#"["Empty",{"Square":2.0}]"#);
}

// ---------------------------------------------------------------- externally tagged

#[derive(Codec, Debug, PartialEq, Clone)]
enum Shape {
    Empty,
    Circle { r: f64 },
    Rect { w: u32, h: u32 },
    Square(f64),
    Segment(i32, i32),
    Boxed(Inner),
}

#[test]
fn external_struct_variant() {
    round_trip(&Shape::Circle { r: 0.5 }, r#"{"Circle":{"r":0.5}}"#);
    round_trip(&Shape::Rect { w: 3, h: 4 }, r#"{"Rect":{"w":3,"h":4}}"#);
    assert_eq!(from_str::<Shape>(r#"{ "Rect" : { "h" : 4 , "w" : 3 } }"#).unwrap(), Shape::Rect { w: 3, h: 4 });
}

#[test]
fn external_tuple_and_newtype_variants() {
    round_trip(&Shape::Segment(-1, 9), r#"{"Segment":[-1,9]}"#);
    round_trip(&Shape::Square(2.5), r#"{"Square":2.5}"#);
    round_trip(&Shape::Boxed(Inner { a: 1, b: "x".into() }), r#"{"Boxed":{"a":1,"b":"x"}}"#);
}

#[test]
fn external_unit_variant_in_both_forms() {
    round_trip(&Shape::Empty, r#""Empty""#);
    assert_eq!(from_str::<Shape>(r#"{"Empty":null}"#).unwrap(), Shape::Empty);
}

#[test]
fn external_variant_with_content_needs_the_object_form() {
    let err = from_str::<Shape>(r#""Circle""#).unwrap_err();
    assert!(err.to_string().contains("variant `Circle` has content"), "{err}");
}

#[test]
fn external_object_must_have_exactly_one_key() {
    assert!(from_str::<Shape>("{}").is_err());
    assert!(from_str::<Shape>(r#"{"Square":1.0,"Empty":null}"#).is_err());
    assert!(from_str::<Shape>("[]").is_err());
    assert!(from_str::<Shape>("3").is_err());
}

#[test]
fn external_unknown_variant_lists_expected_names() {
    let err = from_str::<Shape>(r#"{"Hexagon":{}}"#).unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.starts_with(
            "unknown variant `Hexagon`, expected one of `Empty`, `Circle`, `Rect`, `Square`, `Segment`, `Boxed`"
        ),
        "{msg}"
    );
}

#[test]
fn external_error_path_names_the_variant() {
    let err = from_str::<Shape>(r#"{"Rect":{"w":3,"h":"4"}}"#).unwrap_err();
    assert_eq!(err.path(), ".Rect.h");
}

// ---------------------------------------------------------------- internally tagged

#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(tag = "type")]
enum Event {
    Click { x: i32, y: i32 },
    Close,
    Payload(Inner),
    Partial(Loose),
}

#[test]
fn internal_encode_puts_the_tag_first() {
    assert_eq!(to_string(&Event::Click { x: 1, y: 2 }).unwrap(), r#"{"type":"Click","x":1,"y":2}"#);
    assert_eq!(to_string(&Event::Close).unwrap(), r#"{"type":"Close"}"#);
    assert_eq!(
        to_string(&Event::Payload(Inner { a: 5, b: "q".into() })).unwrap(),
        r#"{"type":"Payload","a":5,"b":"q"}"#
    );
    assert_eq!(
        to_string(&Event::Partial(Loose { id: 1, note: None, count: 0 })).unwrap(),
        r#"{"type":"Partial","id":1,"note":null,"count":0}"#
    );
}

#[test]
fn internal_struct_variant_tag_anywhere() {
    let want = Event::Click { x: 1, y: 2 };
    for json in [
        r#"{"type":"Click","x":1,"y":2}"#,
        r#"{"x":1,"type":"Click","y":2}"#,
        r#"{"x":1,"y":2,"type":"Click"}"#,
        r#" { "y" : 2 , "x" : 1 , "type" : "Click" } "#,
    ] {
        assert_eq!(from_str::<Event>(json).unwrap(), want, "{json}");
    }
}

#[test]
fn internal_unit_variant_tag_anywhere() {
    for json in [
        r#"{"type":"Close"}"#,
        r#"{"type":"Close","extra":[1,2]}"#,
        r#"{"extra":{"a":1},"type":"Close"}"#,
        r#"{"x":1,"type":"Close","y":{"type":"Click"}}"#,
    ] {
        assert_eq!(from_str::<Event>(json).unwrap(), Event::Close, "{json}");
    }
}

#[test]
fn internal_newtype_of_struct_tag_anywhere() {
    let want = Event::Payload(Inner { a: 5, b: "q".into() });
    for json in [
        r#"{"type":"Payload","a":5,"b":"q"}"#,
        r#"{"a":5,"type":"Payload","b":"q"}"#,
        r#"{"a":5,"b":"q","type":"Payload"}"#,
    ] {
        assert_eq!(from_str::<Event>(json).unwrap(), want, "{json}");
    }
    let err = from_str::<Event>(r#"{"a":5,"type":"Payload"}"#).unwrap_err();
    assert!(err.to_string().starts_with("missing field `b`"), "{err}");
}

#[test]
fn internal_newtype_of_struct_with_optional_fields() {
    for json in
        [r#"{"type":"Partial","id":9}"#, r#"{"id":9,"type":"Partial"}"#, r#"{"id":9,"note":null,"type":"Partial"}"#]
    {
        assert_eq!(from_str::<Event>(json).unwrap(), Event::Partial(Loose { id: 9, note: None, count: 0 }), "{json}");
    }
    assert_eq!(
        from_str::<Event>(r#"{"count":3,"note":"n","type":"Partial","id":9}"#).unwrap(),
        Event::Partial(Loose { id: 9, note: Some("n".into()), count: 3 })
    );
    round_trip(
        &Event::Partial(Loose { id: 2, note: Some("z".into()), count: 4 }),
        r#"{"type":"Partial","id":2,"note":"z","count":4}"#,
    );
}

#[test]
fn internal_duplicate_tag_is_an_error() {
    for json in [
        r#"{"type":"Click","x":1,"type":"Click","y":2}"#,
        r#"{"x":1,"type":"Click","y":2,"type":"Close"}"#,
        r#"{"type":"Close","type":"Close"}"#,
    ] {
        let err = from_str::<Event>(json).unwrap_err();
        assert!(err.to_string().starts_with("duplicate field `type`"), "{json}: {err}");
    }
}

#[test]
fn internal_missing_tag_names_the_tag() {
    for json in [r#"{"x":1,"y":2}"#, "{}"] {
        let err = from_str::<Event>(json).unwrap_err();
        assert!(err.to_string().starts_with("missing field `type`"), "{json}: {err}");
    }
}

#[test]
fn internal_unknown_tag_lists_expected_names() {
    let err = from_str::<Event>(r#"{"type":"Scroll"}"#).unwrap_err();
    assert!(
        err.to_string().starts_with("unknown variant `Scroll`, expected one of `Click`, `Close`, `Payload`, `Partial`"),
        "{err}"
    );
    let err = from_str::<Event>(r#"{"dy":3,"type":"Scroll"}"#).unwrap_err();
    assert!(err.to_string().starts_with("unknown variant `Scroll`"), "{err}");
}

#[test]
fn internal_missing_field_inside_variant() {
    let err = from_str::<Event>(r#"{"type":"Click","x":1}"#).unwrap_err();
    assert!(err.to_string().starts_with("missing field `y`"), "{err}");
    let err = from_str::<Event>(r#"{"type":"Click","x":1,"y":"2"}"#).unwrap_err();
    assert_eq!(err.path(), "<Click>.y");
}

#[test]
fn internal_requires_an_object() {
    assert!(from_str::<Event>(r#""Close""#).is_err());
    assert!(from_str::<Event>("null").is_err());
    assert!(from_str::<Event>(r#"{"type":7}"#).is_err());
}

// ---------------------------------------------------------------- adjacently tagged

#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(tag = "t", content = "c")]
enum Msg {
    Ping,
    Text(String),
    Move { dx: i8, dy: i8 },
    Pair(u8, u8),
}

#[test]
fn adjacent_encode() {
    assert_eq!(to_string(&Msg::Ping).unwrap(), r#"{"t":"Ping"}"#);
    assert_eq!(to_string(&Msg::Text("hi".into())).unwrap(), r#"{"t":"Text","c":"hi"}"#);
    assert_eq!(to_string(&Msg::Move { dx: 1, dy: -1 }).unwrap(), r#"{"t":"Move","c":{"dx":1,"dy":-1}}"#);
    assert_eq!(to_string(&Msg::Pair(1, 2)).unwrap(), r#"{"t":"Pair","c":[1,2]}"#);
}

#[test]
fn adjacent_round_trips() {
    round_trip(&Msg::Ping, r#"{"t":"Ping"}"#);
    round_trip(&Msg::Text("hi".into()), r#"{"t":"Text","c":"hi"}"#);
    round_trip(&Msg::Move { dx: 1, dy: -1 }, r#"{"t":"Move","c":{"dx":1,"dy":-1}}"#);
    round_trip(&Msg::Pair(1, 2), r#"{"t":"Pair","c":[1,2]}"#);
}

#[test]
fn adjacent_content_before_tag() {
    assert_eq!(from_str::<Msg>(r#"{"c":"hi","t":"Text"}"#).unwrap(), Msg::Text("hi".into()));
    assert_eq!(from_str::<Msg>(r#"{"c":{"dy":2,"dx":3},"t":"Move"}"#).unwrap(), Msg::Move { dx: 3, dy: 2 });
    assert_eq!(from_str::<Msg>(r#" { "c" : [ 4 , 5 ] , "t" : "Pair" } "#).unwrap(), Msg::Pair(4, 5));
}

#[test]
fn adjacent_unit_variant_without_content() {
    assert_eq!(from_str::<Msg>(r#"{"t":"Ping"}"#).unwrap(), Msg::Ping);
    assert_eq!(from_str::<Msg>(r#"{"t":"Ping","c":null}"#).unwrap(), Msg::Ping);
    assert_eq!(from_str::<Msg>(r#"{"c":null,"t":"Ping"}"#).unwrap(), Msg::Ping);
}

#[test]
fn adjacent_missing_content_is_an_error() {
    let err = from_str::<Msg>(r#"{"t":"Text"}"#).unwrap_err();
    assert!(err.to_string().starts_with("missing field `c`"), "{err}");
    let err = from_str::<Msg>(r#"{"c":"hi"}"#).unwrap_err();
    assert!(err.to_string().starts_with("missing field `t`"), "{err}");
}

#[test]
fn adjacent_duplicates_are_errors() {
    let err = from_str::<Msg>(r#"{"t":"Text","t":"Ping","c":"x"}"#).unwrap_err();
    assert!(err.to_string().starts_with("duplicate field `t`"), "{err}");
    let err = from_str::<Msg>(r#"{"t":"Text","c":"x","c":"y"}"#).unwrap_err();
    assert!(err.to_string().starts_with("duplicate field `c`"), "{err}");
    let err = from_str::<Msg>(r#"{"c":"x","c":"y","t":"Text"}"#).unwrap_err();
    assert!(err.to_string().starts_with("duplicate field `c`"), "{err}");
}

#[test]
fn adjacent_unknown_variant_and_bad_content() {
    let err = from_str::<Msg>(r#"{"t":"Pong"}"#).unwrap_err();
    assert!(
        err.to_string().starts_with("unknown variant `Pong`, expected one of `Ping`, `Text`, `Move`, `Pair`"),
        "{err}"
    );
    let err = from_str::<Msg>(r#"{"t":"Move","c":{"dx":1,"dy":999}}"#).unwrap_err();
    assert_eq!(err.path(), ".c.dy");
    let err = from_str::<Msg>(r#"{"c":{"dx":1,"dy":999},"t":"Move"}"#).unwrap_err();
    assert_eq!(err.path(), ".c.dy");
}

#[test]
fn adjacent_skips_unknown_keys() {
    assert_eq!(from_str::<Msg>(r#"{"v":2,"t":"Text","x":[{}],"c":"hi"}"#).unwrap(), Msg::Text("hi".into()));
}

// ---------------------------------------------------------------- untagged

#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(untagged)]
enum Value {
    Flag(bool),
    Number(i64),
    Point { x: i32, y: i32 },
    Pair(String, u8),
    Text(String),
    Nothing,
}

#[test]
fn untagged_is_decoded_by_shape() {
    round_trip(&Value::Flag(true), "true");
    round_trip(&Value::Number(-7), "-7");
    round_trip(&Value::Point { x: 1, y: 2 }, r#"{"x":1,"y":2}"#);
    round_trip(&Value::Pair("a".into(), 1), r#"["a",1]"#);
    round_trip(&Value::Text("hello".into()), r#""hello""#);
    round_trip(&Value::Nothing, "null");
    assert_eq!(from_str::<Value>(r#" { "y" : 2 , "x" : 1 } "#).unwrap(), Value::Point { x: 1, y: 2 });
}

#[test]
fn untagged_error_lists_each_variant() {
    let err = from_str::<Value>(r#"{"x":1}"#).unwrap_err();
    let msg = err.to_string();
    assert!(msg.starts_with("invalid value: data did not match any variant of untagged enum Value"), "{msg}");
    for name in ["Flag:", "Number:", "Point:", "Pair:", "Text:", "Nothing:"] {
        assert!(msg.contains(name), "{name} missing in {msg}");
    }
    assert!(msg.contains("Point: missing field `y`"), "{msg}");
    let err = from_str::<Value>("1.5").unwrap_err();
    assert!(err.to_string().contains("untagged enum Value"), "{err}");
}

// ---------------------------------------------------------------- `other`

#[derive(Codec, Debug, PartialEq, Clone)]
enum ExtOther {
    Known(u8),
    Plain,
    #[codec(other)]
    Unknown,
}

#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(tag = "kind")]
enum IntOther {
    Known {
        v: u8,
    },
    #[codec(other)]
    Unknown,
}

#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(tag = "t", content = "c")]
enum AdjOther {
    Known(u8),
    #[codec(other)]
    Unknown,
}

#[test]
fn other_catches_unknown_external_tags() {
    assert_eq!(from_str::<ExtOther>(r#""Mystery""#).unwrap(), ExtOther::Unknown);
    // The catch-all is a unit variant: content other than `null` is refused (serde's rule).
    assert_eq!(from_str::<ExtOther>(r#"{"Mystery":null}"#).unwrap(), ExtOther::Unknown);
    let err = from_str::<ExtOther>(r#"{"Mystery":{"a":[1,2,{"b":null}]}}"#).unwrap_err();
    assert_eq!(err.to_string(), "invalid type: expected null, found object (line 1, column 12)");
    assert_eq!(from_str::<ExtOther>(r#"{"Known":4}"#).unwrap(), ExtOther::Known(4));
    assert_eq!(from_str::<ExtOther>(r#""Plain""#).unwrap(), ExtOther::Plain);
    assert_eq!(to_string(&ExtOther::Unknown).unwrap(), r#""Unknown""#);
}

#[test]
fn other_catches_unknown_internal_tags() {
    assert_eq!(from_str::<IntOther>(r#"{"kind":"Mystery","v":"not a u8","w":[1]}"#).unwrap(), IntOther::Unknown);
    assert_eq!(from_str::<IntOther>(r#"{"v":1,"kind":"Mystery"}"#).unwrap(), IntOther::Unknown);
    assert_eq!(from_str::<IntOther>(r#"{"v":1,"kind":"Known"}"#).unwrap(), IntOther::Known { v: 1 });
    assert_eq!(to_string(&IntOther::Unknown).unwrap(), r#"{"kind":"Unknown"}"#);
}

#[test]
fn other_catches_unknown_adjacent_tags() {
    assert_eq!(from_str::<AdjOther>(r#"{"t":"Mystery","c":null}"#).unwrap(), AdjOther::Unknown);
    assert_eq!(from_str::<AdjOther>(r#"{"c":null,"t":"Mystery"}"#).unwrap(), AdjOther::Unknown);
    // The catch-all is a unit variant: content other than `null` is refused (serde's rule).
    let err = from_str::<AdjOther>(r#"{"t":"Mystery","c":{"deep":[1,2]}}"#).unwrap_err();
    assert_eq!(err.to_string(), "invalid type: expected null, found object at .c (line 1, column 20)");
    let err = from_str::<AdjOther>(r#"{"c":[true],"t":"Mystery"}"#).unwrap_err();
    assert_eq!(err.to_string(), "invalid type: expected null, found array at .c (line 1, column 6)");
    assert_eq!(from_str::<AdjOther>(r#"{"t":"Mystery"}"#).unwrap(), AdjOther::Unknown);
    assert_eq!(from_str::<AdjOther>(r#"{"t":"Known","c":3}"#).unwrap(), AdjOther::Known(3));
    assert_eq!(to_string(&AdjOther::Unknown).unwrap(), r#"{"t":"Unknown"}"#);
}

#[test]
fn other_is_not_listed_as_expected() {
    // The catch-all means "anything else", so an error elsewhere never names it.
    let err = from_str::<ExtOther>("7").unwrap_err();
    assert!(err.to_string().starts_with("invalid type"), "{err}");
}

// ---------------------------------------------------------------- odd shapes

#[derive(Codec, Debug, PartialEq)]
enum Never {}

#[derive(Codec, Debug, PartialEq)]
#[codec(tag = "type")]
enum Bag {
    Counts(BTreeMap<String, u32>),
    Nothing {},
}

#[test]
fn enum_without_variants_decodes_nothing() {
    let err = from_str::<Never>(r#""x""#).unwrap_err();
    assert!(err.to_string().contains("enum Never has no variants"), "{err}");
}

#[test]
fn internal_newtype_of_map_takes_every_other_key() {
    round_trip(&Bag::Counts(BTreeMap::from([("a".into(), 1), ("b".into(), 2)])), r#"{"type":"Counts","a":1,"b":2}"#);
    assert_eq!(
        from_str::<Bag>(r#"{"a":1,"type":"Counts","b":2}"#).unwrap(),
        Bag::Counts(BTreeMap::from([("a".into(), 1), ("b".into(), 2)]))
    );
    round_trip(&Bag::Nothing {}, r#"{"type":"Nothing"}"#);
}

#[derive(Codec, Debug, PartialEq)]
enum Figure {
    Circle { r: f64 },
    Square { side: f64 },
}

#[derive(Codec, Debug, PartialEq)]
struct Canvas {
    shapes: Vec<Figure>,
}

#[test]
fn unknown_variant_inside_a_vec_has_path_and_position() {
    let err = from_str::<Canvas>(r#"{"shapes":[{"Circle":{"r":1}},{"Squar":{}}]}"#).unwrap_err();
    assert_eq!(err.path(), ".shapes[1]");
    assert_eq!(
        err.to_string(),
        "unknown variant `Squar`, expected one of `Circle`, `Square` at .shapes[1] (line 1, column 32)"
    );
}

#[test]
fn internal_duplicate_field_inside_variant() {
    for json in [r#"{"type":"Click","x":1,"x":2,"y":3}"#, r#"{"x":1,"y":3,"type":"Click","x":2}"#] {
        let err = from_str::<Event>(json).unwrap_err();
        assert!(err.to_string().starts_with("duplicate field `x`"), "{json}: {err}");
    }
}

#[derive(Codec, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[codec(rename_all = "kebab-case")]
enum Level {
    LowPriority,
    #[codec(alias = "urgent")]
    HighPriority,
    #[codec(other)]
    Unknown,
}

#[test]
fn renamed_enum_map_keys_with_alias_and_other() {
    let m = BTreeMap::from([(Level::LowPriority, 1u8), (Level::HighPriority, 2)]);
    round_trip(&m, r#"{"low-priority":1,"high-priority":2}"#);
    let decoded: BTreeMap<Level, u8> = from_str(r#"{"urgent":5,"whatever":6}"#).unwrap();
    assert_eq!(decoded, BTreeMap::from([(Level::HighPriority, 5), (Level::Unknown, 6)]));
}
