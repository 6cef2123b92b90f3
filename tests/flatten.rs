//! `#[codec(flatten)]`: a struct's (or a map's) keys merged into the enclosing object, on
//! both sides, resolved at compile time without buffering.

use std::collections::{BTreeMap, HashMap};

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
struct Audit {
    created_by: String,
    version: u32,
}

#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(rename_all = "camelCase")]
struct Geo {
    lat: f64,
    lon: f64,
    #[codec(default)]
    alt_meters: Option<f64>,
}

#[derive(Codec, Debug, PartialEq, Clone)]
struct Place {
    id: u32,
    #[codec(flatten)]
    audit: Audit,
    name: String,
}

#[test]
fn flatten_one_struct() {
    let p = Place { id: 1, audit: Audit { created_by: "ada".into(), version: 2 }, name: "home".into() };
    round_trip(&p, r#"{"id":1,"created_by":"ada","version":2,"name":"home"}"#);
    assert_eq!(from_str::<Place>(r#"{"version":2,"name":"home","created_by":"ada","id":1}"#).unwrap(), p);
    assert_eq!(
        from_str::<Place>(r#"{"junk":[1,{"x":2}],"version":2,"name":"home","created_by":"ada","id":1}"#).unwrap(),
        p
    );
}

#[derive(Codec, Debug, PartialEq, Clone)]
struct Located {
    #[codec(flatten)]
    geo: Geo,
    label: String,
    #[codec(flatten)]
    audit: Audit,
}

#[test]
fn flatten_two_structs() {
    let v = Located {
        geo: Geo { lat: 1.5, lon: -2.0, alt_meters: Some(10.0) },
        label: "peak".into(),
        audit: Audit { created_by: "bo".into(), version: 1 },
    };
    round_trip(&v, r#"{"lat":1.5,"lon":-2.0,"altMeters":10.0,"label":"peak","created_by":"bo","version":1}"#);
    assert_eq!(
        from_str::<Located>(r#"{"version":1,"lon":-2.0,"label":"peak","created_by":"bo","altMeters":10.0,"lat":1.5}"#)
            .unwrap(),
        v
    );
    // The flattened struct keeps its own defaults.
    let v = from_str::<Located>(r#"{"lat":0.0,"lon":0.0,"label":"","created_by":"","version":0}"#).unwrap();
    assert_eq!(v.geo.alt_meters, None);
}

#[derive(Codec, Debug, PartialEq, Clone)]
struct WithBTreeExtra {
    id: u32,
    #[codec(flatten)]
    extra: BTreeMap<String, u32>,
}

#[derive(Codec, Debug, PartialEq, Clone)]
struct WithHashExtra {
    #[codec(flatten)]
    audit: Audit,
    #[codec(flatten)]
    extra: HashMap<String, String>,
}

#[test]
fn flatten_btreemap_collects_unknown_keys() {
    let v: WithBTreeExtra = from_str(r#"{"b":2,"id":7,"a":1}"#).unwrap();
    assert_eq!(v, WithBTreeExtra { id: 7, extra: BTreeMap::from([("a".into(), 1), ("b".into(), 2)]) });
    round_trip(&v, r#"{"id":7,"a":1,"b":2}"#);
    round_trip(&WithBTreeExtra { id: 1, extra: BTreeMap::new() }, r#"{"id":1}"#);
    let err = from_str::<WithBTreeExtra>(r#"{"id":7,"a":"x"}"#).unwrap_err();
    assert_eq!(err.path(), r#"["a"]"#);
    let err = from_str::<WithBTreeExtra>(r#"{"id":7,"a":1,"a":2}"#).unwrap_err();
    assert!(err.to_string().starts_with("duplicate field `a`"), "{err}");
}

#[test]
fn flatten_hashmap_next_to_a_struct() {
    let v: WithHashExtra = from_str(r#"{"color":"red","version":3,"size":"xl","created_by":"cy"}"#).unwrap();
    assert_eq!(v.audit, Audit { created_by: "cy".into(), version: 3 });
    assert_eq!(v.extra, HashMap::from([("color".to_string(), "red".to_string()), ("size".into(), "xl".into())]));
    let one = WithHashExtra { audit: v.audit.clone(), extra: HashMap::from([("k".into(), "v".into())]) };
    round_trip(&one, r#"{"created_by":"cy","version":3,"k":"v"}"#);
}

#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(tag = "kind")]
enum Item {
    Book {
        title: String,
        #[codec(flatten)]
        audit: Audit,
    },
    Other {
        #[codec(flatten)]
        rest: BTreeMap<String, u32>,
    },
}

#[derive(Codec, Debug, PartialEq, Clone)]
enum ExtItem {
    Book {
        #[codec(flatten)]
        audit: Audit,
        title: String,
    },
}

#[test]
fn flatten_inside_struct_variants() {
    let b = Item::Book { title: "T".into(), audit: Audit { created_by: "x".into(), version: 1 } };
    round_trip(&b, r#"{"kind":"Book","title":"T","created_by":"x","version":1}"#);
    assert_eq!(from_str::<Item>(r#"{"version":1,"created_by":"x","title":"T","kind":"Book"}"#).unwrap(), b);
    let o = Item::Other { rest: BTreeMap::from([("p".into(), 1), ("q".into(), 2)]) };
    round_trip(&o, r#"{"kind":"Other","p":1,"q":2}"#);
    // The tag is never collected by the catch-all, wherever it stands.
    assert_eq!(from_str::<Item>(r#"{"q":2,"kind":"Other","p":1}"#).unwrap(), o);

    let e = ExtItem::Book { audit: Audit { created_by: "y".into(), version: 2 }, title: "U".into() };
    round_trip(&e, r#"{"Book":{"created_by":"y","version":2,"title":"U"}}"#);
}

#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(deny_unknown_fields)]
struct StrictPlace {
    id: u32,
    #[codec(flatten)]
    audit: Audit,
}

#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(deny_unknown_fields)]
struct StrictWithCatchAll {
    id: u32,
    #[codec(flatten)]
    audit: Audit,
    #[codec(flatten)]
    rest: BTreeMap<String, bool>,
}

#[test]
fn flatten_with_deny_unknown_fields() {
    let v = StrictPlace { id: 1, audit: Audit { created_by: "z".into(), version: 4 } };
    round_trip(&v, r#"{"id":1,"created_by":"z","version":4}"#);
    let err = from_str::<StrictPlace>(r#"{"id":1,"created_by":"z","version":4,"other":0}"#).unwrap_err();
    assert!(err.to_string().starts_with("unknown field `other`"), "{err}");

    // serde's rule (tests/flatten_serde.rs): under `deny_unknown_fields` a key only the
    // catch-all would take is unknown, so the map stays empty.
    let w: StrictWithCatchAll = from_str(r#"{"id":1,"created_by":"z","version":4}"#).unwrap();
    assert_eq!((w.rest, w.audit.version), (BTreeMap::new(), 4));
    let err = from_str::<StrictWithCatchAll>(r#"{"id":1,"other":true,"created_by":"z","version":4}"#).unwrap_err();
    assert!(err.to_string().starts_with("unknown field `other`"), "{err}");
}

#[derive(Codec, Debug, PartialEq, Clone)]
struct Ordered {
    a: u8,
    #[codec(flatten)]
    mid: Audit,
    z: u8,
    #[codec(flatten)]
    tail: BTreeMap<String, u8>,
}

#[derive(Codec, Debug, PartialEq, Clone)]
struct FlattenFirst {
    #[codec(flatten)]
    maybe_empty: BTreeMap<String, u8>,
    after: u8,
    #[codec(skip_encoding_if = "Option::is_none")]
    last: Option<u8>,
}

#[test]
fn flatten_encode_order_is_declaration_order() {
    let v = Ordered {
        a: 1,
        mid: Audit { created_by: "m".into(), version: 5 },
        z: 2,
        tail: BTreeMap::from([("y".into(), 3), ("b".into(), 4)]),
    };
    assert_eq!(to_string(&v).unwrap(), r#"{"a":1,"created_by":"m","version":5,"z":2,"b":4,"y":3}"#);
    // Commas stay right when a flattened member writes nothing.
    let empty = FlattenFirst { maybe_empty: BTreeMap::new(), after: 1, last: None };
    round_trip(&empty, r#"{"after":1}"#);
    let full = FlattenFirst { maybe_empty: BTreeMap::from([("k".into(), 9)]), after: 1, last: Some(2) };
    assert_eq!(to_string(&full).unwrap(), r#"{"k":9,"after":1,"last":2}"#);
}

#[derive(Codec, Debug, PartialEq, Clone)]
struct C {
    c1: u8,
    c2: Option<u8>,
}

#[derive(Codec, Debug, PartialEq, Clone)]
struct B {
    b: String,
    #[codec(flatten)]
    c: C,
}

#[derive(Codec, Debug, PartialEq, Clone)]
struct A {
    #[codec(flatten)]
    b: B,
    a: bool,
}

#[test]
fn nested_flatten() {
    let v = A { b: B { b: "bee".into(), c: C { c1: 3, c2: None } }, a: true };
    round_trip(&v, r#"{"b":"bee","c1":3,"c2":null,"a":true}"#);
    assert_eq!(from_str::<A>(r#"{"a":true,"c1":3,"b":"bee"}"#).unwrap(), v);
    let err = from_str::<A>(r#"{"a":true,"c1":"3","b":"bee"}"#).unwrap_err();
    assert_eq!(err.path(), ".c1");
}

#[test]
fn missing_field_in_flattened_struct_names_the_inner_key() {
    let err = from_str::<Place>(r#"{"id":1,"created_by":"ada","name":"home"}"#).unwrap_err();
    assert!(err.to_string().starts_with("missing field `version`"), "{err}");
    let err = from_str::<A>(r#"{"a":true,"b":"bee"}"#).unwrap_err();
    assert!(err.to_string().starts_with("missing field `c1`"), "{err}");
    let err = from_str::<Located>(r#"{"lat":1.0,"label":"","created_by":"","version":0}"#).unwrap_err();
    assert!(err.to_string().starts_with("missing field `lon`"), "{err}");
}

mod catch_all_order {
    use codec::Codec;
    use std::collections::BTreeMap;

    #[derive(Codec, Debug, PartialEq)]
    struct Inner {
        x: u8,
    }

    /// The map is declared first, yet the struct still gets its own key: catch-alls are
    /// offered keys after every specific member.
    #[derive(Codec, Debug, PartialEq)]
    struct MapFirst {
        #[codec(flatten)]
        rest: BTreeMap<String, u8>,
        #[codec(flatten)]
        inner: Inner,
    }

    #[test]
    fn map_declared_before_struct_does_not_steal_its_keys() {
        let v: MapFirst = codec::json::from_str(r#"{"y":2,"x":1}"#).unwrap();
        assert_eq!(v, MapFirst { rest: BTreeMap::from([("y".to_owned(), 2)]), inner: Inner { x: 1 } });
    }

    #[derive(Codec, Debug, PartialEq)]
    #[codec(deny_unknown_fields)]
    struct Strict {
        a: u8,
        #[codec(flatten)]
        inner: Inner,
    }

    #[test]
    fn unknown_field_message_lists_flattened_keys() {
        let err = codec::json::from_str::<Strict>(r#"{"a":1,"x":2,"z":3}"#).unwrap_err();
        assert_eq!(err.to_string(), "unknown field `z`, expected one of `a`, `x` (line 1, column 14)");
    }
}

/// A flattened `Box` (or `Option<Box>`) of an internally tagged enum finds the tag where
/// the enum alone does: after the enum's own keys, and in MessagePack too. (Before
/// `Box`'s `DecodeFields` forwarded the look-ahead, a late tag was reported missing.)
mod boxed_tagged_enum {
    use codec::Codec;

    #[derive(Codec, Debug, PartialEq)]
    #[codec(tag = "type")]
    enum Shape {
        Circle { r: u32 },
        Square { side: u32 },
    }

    #[derive(Codec, Debug, PartialEq)]
    struct Item {
        id: u32,
        #[codec(flatten)]
        shape: Box<Shape>,
    }

    #[derive(Codec, Debug, PartialEq)]
    struct MaybeItem {
        id: u32,
        #[codec(flatten)]
        shape: Option<Box<Shape>>,
    }

    #[test]
    fn finds_a_late_tag_in_both_formats() {
        let want = Item { id: 1, shape: Box::new(Shape::Circle { r: 2 }) };
        for json in [
            r#"{"id":1,"r":2,"type":"Circle"}"#,
            r#"{"type":"Circle","id":1,"r":2}"#,
            r#"{"r":2,"type":"Circle","id":1}"#,
        ] {
            assert_eq!(codec::json::from_str::<Item>(json).unwrap(), want, "{json}");
            let maybe = codec::json::from_str::<MaybeItem>(json).unwrap();
            assert_eq!(maybe, MaybeItem { id: 1, shape: Some(Box::new(Shape::Circle { r: 2 })) }, "{json}");
            let bytes = codec::msgpack::to_vec(&codec::json::from_str::<codec::json::Value>(json).unwrap()).unwrap();
            assert_eq!(codec::msgpack::from_slice::<Item>(&bytes).unwrap(), want, "{json}");
            assert_eq!(codec::msgpack::from_slice::<MaybeItem>(&bytes).unwrap(), maybe, "{json}");
        }
        assert_eq!(codec::json::to_string(&want).unwrap(), r#"{"id":1,"type":"Circle","r":2}"#);
        let e = codec::json::from_str::<Item>(r#"{"id":1,"r":2}"#).unwrap_err();
        assert_eq!(e.to_string(), "missing field `type` (line 1, column 14)");
        // Without its tag the `Option` is `None`, as serde has it.
        assert_eq!(codec::json::from_str::<MaybeItem>(r#"{"id":1,"r":2}"#).unwrap(), MaybeItem { id: 1, shape: None });
    }
}
