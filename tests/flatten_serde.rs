//! `#[serde(flatten)]` with serde's meaning: every type here derives serde's traits and
//! `Codec` and carries serde attributes only. codec must write serde_json's bytes exactly,
//! decode what serde_json decodes (to an equal value) and reject what it rejects; in
//! MessagePack, write a map with the same entries as rmp-serde's (`to_vec_named`) and read
//! its own bytes and rmp-serde's back. Where codec keeps a rule of its own, the test says
//! so and asserts codec's rule (README, "Migrating from serde").

#[allow(unused_imports)]
use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;

use codec::Codec;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

mod common;
use common::{decodes_alike, encodes_alike};

/// JSON and MessagePack alike: serde_json's bytes, both decoders read them back, and in
/// MessagePack codec reads its own bytes and rmp-serde's, and rmp-serde reads codec's.
fn round_trips_alike<T>(value: &T) -> String
where
    T: codec::Encode + Serialize + codec::DecodeOwned + DeserializeOwned + PartialEq + Debug,
{
    let json = encodes_alike(value);
    assert_eq!(decodes_alike::<T>(&json).as_ref(), Some(value), "{json} does not decode back");
    msgpack_alike(value);
    json
}

/// The MessagePack half of [`round_trips_alike`]. rmp-serde writes a flattened struct as
/// a map too, with the entries in the same order: the bytes must be the same.
fn msgpack_alike<T>(value: &T)
where
    T: codec::Encode + Serialize + codec::DecodeOwned + DeserializeOwned + PartialEq + Debug,
{
    let ours = codec::msgpack::to_vec(value).unwrap();
    let theirs = rmp_serde::to_vec_named(value).unwrap();
    assert_eq!(ours, theirs, "codec's MessagePack of {value:?} differs from rmp-serde's");
    assert_eq!(&codec::msgpack::from_slice::<T>(&ours).unwrap(), value, "codec reading its MessagePack");
    assert_eq!(&rmp_serde::from_slice::<T>(&ours).unwrap(), value, "rmp-serde reading codec's MessagePack");
}

/// `json` decoded by codec from MessagePack too (the same entries in the same order) as
/// serde_json decodes the JSON.
fn msgpack_decodes_as_json<T>(json: &str)
where
    T: codec::DecodeOwned + DeserializeOwned + PartialEq + Debug,
{
    // codec's `Value` keeps the keys in order (and rejects a repeated key: such inputs
    // are checked in JSON only).
    let Ok(value) = codec::json::from_str::<codec::json::Value>(json) else { return };
    let packed = codec::msgpack::to_vec(&value).unwrap();
    let ours = codec::msgpack::from_slice::<T>(&packed);
    let theirs = serde_json::from_str::<T>(json);
    match (ours, theirs) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "MessagePack of {json}"),
        (Err(_), Err(_)) => {}
        (a, b) => panic!("MessagePack of {json}: codec {a:?}, serde_json {b:?}"),
    }
}

/// Both formats, every input.
fn decode_all<T>(inputs: &[&str])
where
    T: codec::DecodeOwned + DeserializeOwned + PartialEq + Debug,
{
    for input in inputs {
        decodes_alike::<T>(input);
        msgpack_decodes_as_json::<T>(input);
    }
}

// ------------------------------------------------------------------ 1. internally tagged

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Inner {
    y: String,
    #[serde(default)]
    z: Option<u8>,
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(tag = "type")]
enum Kind {
    A { x: u32 },
    B(Inner),
    C,
}

/// How HTTP APIs model polymorphic resources: common fields, and a kind with its own.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Resource {
    id: u64,
    #[serde(flatten)]
    kind: Kind,
    name: String,
}

#[test]
fn flatten_internally_tagged_enum() {
    let a = Resource { id: 1, kind: Kind::A { x: 7 }, name: "n".into() };
    assert_eq!(round_trips_alike(&a), r#"{"id":1,"type":"A","x":7,"name":"n"}"#);
    let b = Resource { id: 2, kind: Kind::B(Inner { y: "why".into(), z: Some(3) }), name: "m".into() };
    assert_eq!(round_trips_alike(&b), r#"{"id":2,"type":"B","y":"why","z":3,"name":"m"}"#);
    let c = Resource { id: 3, kind: Kind::C, name: "".into() };
    assert_eq!(round_trips_alike(&c), r#"{"id":3,"type":"C","name":""}"#);

    decode_all::<Resource>(&[
        // The tag first, last, in the middle, before and after the common fields.
        r#"{"type":"A","x":7,"id":1,"name":"n"}"#,
        r#"{"id":1,"name":"n","x":7,"type":"A"}"#,
        r#"{"x":7,"id":1,"type":"A","name":"n"}"#,
        r#"{"y":"q","name":"n","id":1,"type":"B"}"#,
        r#"{"y":"q","name":"n","id":1,"type":"B","z":null}"#,
        // Unknown keys, and the keys of another variant, are ignored.
        r#"{"id":1,"type":"A","x":7,"y":"other variant","name":"n","junk":[1,{"type":"B"}]}"#,
        r#"{"id":1,"type":"C","name":"n","x":"ignored"}"#,
        // Failures: no tag, an unknown tag, a tag of the wrong type, a missing or wrong
        // variant field, a repeated tag, a missing common field.
        r#"{"id":1,"x":7,"name":"n"}"#,
        r#"{"id":1,"type":"D","x":7,"name":"n"}"#,
        r#"{"id":1,"type":1,"x":7,"name":"n"}"#,
        r#"{"id":1,"type":"A","name":"n"}"#,
        r#"{"id":1,"type":"A","x":"7","name":"n"}"#,
        r#"{"id":1,"type":"A","x":7,"type":"A","name":"n"}"#,
        r#"{"id":1,"type":"B","name":"n"}"#,
        r#"{"type":"A","x":7,"name":"n"}"#,
        r#"{}"#,
    ]);
}

#[test]
fn flatten_internally_tagged_enum_errors_name_the_key() {
    let err = codec::json::from_str::<Resource>(r#"{"id":1,"x":7,"name":"n"}"#).unwrap_err();
    assert!(err.to_string().starts_with("missing field `type`"), "{err}");
    let err = codec::json::from_str::<Resource>(r#"{"id":1,"type":"D","name":"n"}"#).unwrap_err();
    assert!(err.to_string().starts_with("unknown variant `D`, expected one of `A`, `B`, `C`"), "{err}");
    let err = codec::json::from_str::<Resource>(r#"{"id":1,"x":"7","type":"A","name":"n"}"#).unwrap_err();
    assert_eq!(err.path(), ".x");
}

/// The tag-first case reads no key twice: the look-ahead stops at the first key.
#[test]
fn flatten_internally_tagged_enum_in_a_vec() {
    let list = vec![
        Resource { id: 1, kind: Kind::A { x: 1 }, name: "a".into() },
        Resource { id: 2, kind: Kind::B(Inner { y: "b".into(), z: None }), name: "b".into() },
    ];
    round_trips_alike(&list);
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Shape {
    Circle { radius: f64 },
    Square { side: f64 },
}

/// Two levels: a struct flattening a struct that flattens a tagged enum, and a struct
/// variant of a tagged enum flattening another.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Styled {
    color: String,
    #[serde(flatten)]
    shape: Shape,
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Drawing {
    #[serde(flatten)]
    styled: Styled,
    layer: u8,
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(tag = "type")]
enum Node {
    Leaf {
        #[serde(flatten)]
        shape: Shape,
    },
    Group {
        n: u8,
    },
}

#[test]
fn flatten_tagged_enum_nested() {
    let d = Drawing { styled: Styled { color: "red".into(), shape: Shape::Square { side: 2.5 } }, layer: 3 };
    assert_eq!(round_trips_alike(&d), r#"{"color":"red","kind":"square","side":2.5,"layer":3}"#);
    let n = Node::Leaf { shape: Shape::Circle { radius: 1.0 } };
    assert_eq!(round_trips_alike(&n), r#"{"type":"Leaf","kind":"circle","radius":1.0}"#);
    decode_all::<Drawing>(&[
        r#"{"side":2.5,"layer":3,"kind":"square","color":"red"}"#,
        r#"{"layer":3,"color":"red","side":2.5}"#,
    ]);
    decode_all::<Node>(&[
        r#"{"radius":1.0,"kind":"circle","type":"Leaf"}"#,
        r#"{"kind":"circle","radius":1.0,"type":"Leaf"}"#,
        r#"{"type":"Leaf","radius":1.0}"#,
        r#"{"type":"Group","n":1}"#,
    ]);
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(tag = "t")]
enum Small {
    P { a: u8 },
    Q { b: u8 },
}

/// Two tagged enums with different tags flattened side by side, and in a variant's body.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct TwoKinds {
    #[serde(flatten)]
    kind: Kind,
    #[serde(flatten)]
    small: Small,
}

#[test]
fn flatten_two_tagged_enums() {
    let v = TwoKinds { kind: Kind::A { x: 1 }, small: Small::Q { b: 2 } };
    assert_eq!(round_trips_alike(&v), r#"{"type":"A","x":1,"t":"Q","b":2}"#);
    decode_all::<TwoKinds>(&[r#"{"b":2,"x":1,"t":"Q","type":"A"}"#, r#"{"b":2,"x":1,"type":"A"}"#]);
}

// ------------------------------------------------------------------ 2. other flattened types

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
enum External {
    Num(u32),
    Obj { a: u8 },
    Pair(u8, bool),
    Nothing,
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct WithExternal {
    id: u8,
    #[serde(flatten)]
    e: External,
}

#[test]
fn flatten_externally_tagged_enum() {
    for e in [External::Num(5), External::Obj { a: 1 }, External::Pair(2, true), External::Nothing] {
        round_trips_alike(&WithExternal { id: 1, e });
    }
    assert_eq!(encodes_alike(&WithExternal { id: 1, e: External::Num(5) }), r#"{"id":1,"Num":5}"#);
    decode_all::<WithExternal>(&[
        r#"{"Obj":{"a":1},"id":1}"#,
        r#"{"id":1,"Pair":[2,true],"junk":0}"#,
        r#"{"id":1,"Nothing":null}"#,
        r#"{"id":1}"#,
        r#"{"id":1,"Num":"5"}"#,
        r#"{"id":1,"Num":5,"Obj":{"a":1}}"#,
        r#"{"id":1,"Nothing":1}"#,
    ]);
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Num(u32),
    Obj { a: u8 },
    Nothing,
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct WithAdjacent {
    id: u8,
    #[serde(flatten)]
    e: Adjacent,
}

#[test]
fn flatten_adjacently_tagged_enum() {
    for e in [Adjacent::Num(5), Adjacent::Obj { a: 1 }, Adjacent::Nothing] {
        round_trips_alike(&WithAdjacent { id: 1, e });
    }
    assert_eq!(encodes_alike(&WithAdjacent { id: 1, e: Adjacent::Num(5) }), r#"{"id":1,"t":"Num","c":5}"#);
    decode_all::<WithAdjacent>(&[
        r#"{"c":{"a":1},"id":1,"t":"Obj"}"#,
        r#"{"c":5,"t":"Num","id":1}"#,
        r#"{"id":1,"t":"Nothing"}"#,
        r#"{"id":1,"t":"Num"}"#,
        r#"{"id":1,"c":5}"#,
        r#"{"id":1,"t":"Num","c":"5"}"#,
        r#"{"id":1,"t":"Zero","c":5}"#,
    ]);
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Money {
    amount: u64,
    currency: String,
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(untagged)]
enum Untagged {
    Card { card_number: String },
    Cash(Money),
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Payment {
    id: u8,
    #[serde(flatten)]
    method: Untagged,
}

#[test]
fn flatten_untagged_enum() {
    round_trips_alike(&Payment { id: 1, method: Untagged::Card { card_number: "4111".into() } });
    let cash = Payment { id: 2, method: Untagged::Cash(Money { amount: 5, currency: "EUR".into() }) };
    assert_eq!(round_trips_alike(&cash), r#"{"id":2,"amount":5,"currency":"EUR"}"#);
    decode_all::<Payment>(&[
        r#"{"currency":"EUR","id":2,"amount":5}"#,
        r#"{"card_number":"1","amount":5,"currency":"EUR","id":2}"#,
        r#"{"amount":5,"id":2}"#,
        r#"{"id":2}"#,
        r#"{"id":2,"card_number":1}"#,
    ]);
    let err = codec::json::from_str::<Payment>(r#"{"id":2}"#).unwrap_err();
    assert!(err.to_string().contains("data did not match any variant of untagged enum Untagged"), "{err}");
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Page {
    page: u32,
    per_page: u32,
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Listing {
    total: u32,
    #[serde(flatten)]
    page: Option<Page>,
}

/// serde's rule: `Some` when the inner struct decodes from the keys, `None` otherwise
/// (none of its keys, one missing, or one of the wrong type); encoding `None` writes
/// nothing.
#[test]
fn flatten_option_of_struct() {
    assert_eq!(round_trips_alike(&Listing { total: 3, page: None }), r#"{"total":3}"#);
    let some = Listing { total: 3, page: Some(Page { page: 1, per_page: 20 }) };
    assert_eq!(round_trips_alike(&some), r#"{"total":3,"page":1,"per_page":20}"#);
    decode_all::<Listing>(&[
        r#"{"total":3}"#,
        r#"{"per_page":20,"total":3,"page":1}"#,
        r#"{"total":3,"page":1}"#,
        r#"{"total":3,"page":"1","per_page":20}"#,
        r#"{"total":3,"page":1,"per_page":20,"page":2}"#,
        r#"{"page":1,"per_page":20}"#,
        r#"{"total":3,"page":1,"per_page":{"deep":[1,2]}}"#,
        // Malformed input is an error whatever the `Option`.
        r#"{"total":3,"page":1,"per_page":[}"#,
    ]);
    assert_eq!(decodes_alike::<Listing>(r#"{"total":3,"page":1}"#), Some(Listing { total: 3, page: None }));
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Envelope<T> {
    id: u8,
    #[serde(flatten)]
    body: T,
}

#[test]
fn flatten_generic_parameter() {
    round_trips_alike(&Envelope { id: 1, body: Page { page: 2, per_page: 3 } });
    round_trips_alike(&Envelope { id: 1, body: Kind::A { x: 2 } });
    round_trips_alike(&Envelope { id: 1, body: BTreeMap::from([("k".to_owned(), 1u8)]) });
    decode_all::<Envelope<Kind>>(&[r#"{"x":2,"id":1,"type":"A"}"#]);
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Marker;

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct PageId(Page);

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct UnitAndNewtype {
    id: u8,
    #[serde(flatten)]
    marker: Marker,
    #[serde(flatten)]
    page: PageId,
}

#[test]
fn flatten_unit_and_newtype_structs() {
    let v = UnitAndNewtype { id: 1, marker: Marker, page: PageId(Page { page: 2, per_page: 3 }) };
    assert_eq!(round_trips_alike(&v), r#"{"id":1,"page":2,"per_page":3}"#);
    decode_all::<UnitAndNewtype>(&[r#"{"per_page":3,"page":2,"id":1}"#, r#"{"id":1,"page":2}"#]);
}

// ------------------------------------------------------------------ 3. flattened maps

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(deny_unknown_fields)]
struct StrictExtra {
    id: u8,
    #[serde(flatten)]
    rest: BTreeMap<String, bool>,
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(deny_unknown_fields)]
struct StrictBoth {
    id: u8,
    #[serde(flatten)]
    page: Page,
    #[serde(flatten)]
    rest: BTreeMap<String, u32>,
}

/// serde's rule: under `deny_unknown_fields` a key that only a flattened map would take
/// is an unknown field (serde leaves the map's keys in its list of leftovers, which the
/// check then finds): such a map can only be empty.
#[test]
fn flatten_map_with_deny_unknown_fields() {
    round_trips_alike(&StrictExtra { id: 1, rest: BTreeMap::new() });
    decode_all::<StrictExtra>(&[r#"{"id":1}"#, r#"{"id":1,"other":true}"#, r#"{"other":true,"id":1}"#]);
    decode_all::<StrictBoth>(&[
        r#"{"id":1,"page":1,"per_page":2}"#,
        r#"{"per_page":2,"id":1,"page":1}"#,
        r#"{"id":1,"page":1,"per_page":2,"other":3}"#,
    ]);
    let err = codec::json::from_str::<StrictExtra>(r#"{"id":1,"other":true}"#).unwrap_err();
    assert!(err.to_string().starts_with("unknown field `other`"), "{err}");
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct IntKeys {
    id: u8,
    #[serde(flatten)]
    counts: HashMap<u32, u32>,
}

/// Integer keys: serde_json writes them as strings and then cannot read its own output
/// (a flattened map's keys reach it as strings, which serde does not parse as integers).
/// codec reads them back: a flattened map's keys are map keys, parsed by the key type.
#[test]
fn flatten_map_with_integer_keys_round_trips() {
    let v = IntKeys { id: 1, counts: HashMap::from([(7, 70)]) };
    let json = encodes_alike(&v);
    assert_eq!(json, r#"{"id":1,"7":70}"#);
    assert!(serde_json::from_str::<IntKeys>(&json).is_err(), "serde_json now reads its own output: align codec");
    assert_eq!(codec::json::from_str::<IntKeys>(&json).unwrap(), v);
    let packed = codec::msgpack::to_vec(&v).unwrap();
    assert_eq!(codec::msgpack::from_slice::<IntKeys>(&packed).unwrap(), v);
    let err = codec::json::from_str::<IntKeys>(r#"{"id":1,"seven":70}"#).unwrap_err();
    assert_eq!(err.offset(), Some(8), "{err}");
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct TwoMaps {
    id: u8,
    #[serde(flatten)]
    first: BTreeMap<String, u32>,
    #[serde(flatten)]
    second: BTreeMap<String, u32>,
}

/// serde's rule: every key no other member takes goes to every flattened map.
#[test]
fn flatten_map_twice_gives_each_leftover_key_to_both() {
    let v = decodes_alike::<TwoMaps>(r#"{"a":1,"id":2,"b":3}"#).unwrap();
    let both = BTreeMap::from([("a".to_owned(), 1), ("b".to_owned(), 3)]);
    assert_eq!(v, TwoMaps { id: 2, first: both.clone(), second: both });
    decode_all::<TwoMaps>(&[r#"{"a":1,"id":2,"b":3}"#, r#"{"id":2}"#, r#"{"id":2,"a":"x"}"#]);
    // Beside a struct that flattens an `Option` of one: the maps get the key no member
    // takes, both of them (serde gives them every key, since it leaves the keys of a
    // struct that has a flattened member of its own among the leftovers).
    let k = BTreeMap::from([("k".to_owned(), 2)]);
    let v: Mixed = codec::json::from_str(r#"{"page":1,"k":2,"per_page":3,"total":4}"#).unwrap();
    assert_eq!(
        (v.listing.page.map(|p| p.per_page), v.a.into_iter().collect::<BTreeMap<_, _>>(), v.b),
        (Some(3), k.clone(), k)
    );
    let theirs: Mixed = serde_json::from_str(r#"{"page":1,"k":2,"per_page":3,"total":4}"#).unwrap();
    assert_eq!(theirs.b.len(), 4);
    let v: Mixed = codec::json::from_str(r#"{"k":2,"total":4}"#).unwrap();
    assert_eq!((v.listing.total, v.listing.page, v.a.len(), v.b.len()), (4, None, 1, 1));
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Mixed {
    #[serde(flatten)]
    listing: Listing,
    #[serde(flatten)]
    a: HashMap<String, u32>,
    #[serde(flatten)]
    b: BTreeMap<String, u32>,
}

/// codec keeps its own rule where serde's would give a key to two members: a flattened
/// map declared before a struct, or beside a tagged enum, gets only the keys no other
/// member takes (serde gives it those keys too, so that re-encoding writes them twice).
#[test]
fn flatten_map_gets_only_keys_no_member_takes() {
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
    struct MapFirst {
        #[serde(flatten)]
        m: BTreeMap<String, u8>,
        #[serde(flatten)]
        i: Inner2,
    }
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
    struct Inner2 {
        x: u8,
    }
    let input = r#"{"x":1,"y":2}"#;
    let ours: MapFirst = codec::json::from_str(input).unwrap();
    let theirs: MapFirst = serde_json::from_str(input).unwrap();
    assert_eq!(ours.m, BTreeMap::from([("y".to_owned(), 2)]));
    assert_eq!(theirs.m, BTreeMap::from([("x".to_owned(), 1), ("y".to_owned(), 2)]));
    assert_eq!(ours.i, theirs.i);

    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
    struct EnumAndMap {
        #[serde(flatten)]
        kind: Kind,
        #[serde(flatten)]
        extra: BTreeMap<String, String>,
    }
    let input = r#"{"type":"A","x":1,"note":"n"}"#;
    let ours: EnumAndMap = codec::json::from_str(input).unwrap();
    assert_eq!(ours, EnumAndMap { kind: Kind::A { x: 1 }, extra: BTreeMap::from([("note".into(), "n".into())]) });
    // serde offers `type` and `x` to the map too (and fails on `x`, not a string).
    assert!(serde_json::from_str::<EnumAndMap>(input).is_err());
}

/// codec keeps its own rule: under `deny_unknown_fields` the keys a flattened enum takes
/// are known. (serde rejects every such object: it leaves the enum's keys among the
/// leftovers its check then finds, "unknown field `type`".)
#[test]
fn flatten_tagged_enum_with_deny_unknown_fields() {
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Strict {
        id: u8,
        #[serde(flatten)]
        kind: Kind,
    }
    let input = r#"{"id":1,"type":"A","x":1}"#;
    assert_eq!(codec::json::from_str::<Strict>(input).unwrap(), Strict { id: 1, kind: Kind::A { x: 1 } });
    let err = serde_json::from_str::<Strict>(input).unwrap_err();
    assert!(err.to_string().starts_with("unknown field `type`"), "{err}");
    let err = codec::json::from_str::<Strict>(r#"{"id":1,"type":"A","x":1,"y":2}"#).unwrap_err();
    assert!(err.to_string().starts_with("unknown field `y`"), "{err}");
}

// ------------------------------------------------------------------ 4. duplicate keys

/// Every key a member claims is checked for a repeat: a field of the struct, of a
/// flattened struct, of the variant a flattened enum chose, a tag, a map's key. A key no
/// member claims (unknown, or a field of a variant not chosen) is skipped each time, as
/// serde skips it: its value is never read, so there is nothing two readers could see
/// differently.
#[test]
fn duplicate_keys_claimed_by_a_member_are_errors() {
    for input in [
        r#"{"id":1,"id":2,"type":"A","x":7,"name":"n"}"#,
        r#"{"id":1,"type":"A","x":7,"x":8,"name":"n"}"#,
        r#"{"id":1,"type":"A","type":"A","x":7,"name":"n"}"#,
        r#"{"id":1,"type":"B","y":"a","y":"b","name":"n"}"#,
    ] {
        let err = codec::json::from_str::<Resource>(input).unwrap_err();
        assert!(matches!(err.kind(), codec::ErrorKind::DuplicateField(_)), "{input}: {err}");
        assert!(serde_json::from_str::<Resource>(input).is_err(), "{input}");
        let value = codec::json::from_str::<codec::json::Value>(input);
        assert!(value.is_err(), "{input}: the document itself repeats a key");
    }
    // Unclaimed keys: skipped each time, by codec and serde alike.
    for input in [
        r#"{"id":1,"type":"A","x":7,"name":"n","junk":1,"junk":2}"#,
        r#"{"id":1,"type":"A","x":7,"y":"a","y":"b","name":"n"}"#,
    ] {
        decodes_alike::<Resource>(input).expect("unclaimed repeats are skipped");
    }
    // The same variant key twice in a flattened externally tagged enum is a duplicate
    // (serde keeps the first silently); another variant's key is unclaimed, as in serde.
    let err = codec::json::from_str::<WithExternal>(r#"{"id":1,"Num":5,"Num":6}"#).unwrap_err();
    assert!(err.to_string().starts_with("duplicate field `Num`"), "{err}");
    decodes_alike::<WithExternal>(r#"{"id":1,"Num":5,"Obj":{"a":1}}"#).expect("another variant's key is unclaimed");
    // In an untagged enum a repeat fails the variant that claims the key, and the next
    // variant is tried, as in serde.
    let err = codec::json::from_str::<Payment>(r#"{"id":2,"amount":5,"amount":6,"currency":"EUR"}"#).unwrap_err();
    assert!(err.to_string().contains("Cash: duplicate field `amount`"), "{err}");
    assert!(serde_json::from_str::<Payment>(r#"{"id":2,"amount":5,"amount":6,"currency":"EUR"}"#).is_err());
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct MaybeKind {
    id: u8,
    #[serde(flatten)]
    kind: Option<Kind>,
}

/// An `Option` of a tagged enum: `None` when there is no tag (or the variant does not
/// decode), by serde's rule for a flattened `Option`.
#[test]
fn flatten_option_of_tagged_enum() {
    assert_eq!(round_trips_alike(&MaybeKind { id: 1, kind: Some(Kind::A { x: 2 }) }), r#"{"id":1,"type":"A","x":2}"#);
    assert_eq!(round_trips_alike(&MaybeKind { id: 1, kind: None }), r#"{"id":1}"#);
    decode_all::<MaybeKind>(&[
        r#"{"x":2,"id":1,"type":"A"}"#,
        r#"{"id":1,"x":2}"#,
        r#"{"id":1,"type":"A"}"#,
        r#"{"id":1,"type":"Z","x":2}"#,
        r#"{"id":1,"type":7,"x":2}"#,
        r#"{"id":1,"type":"B","y":"q"}"#,
    ]);
}

/// What the README says of serde for an untagged enum with a newtype variant of a type
/// without keys, which codec cannot flatten: serde fails on such a variant only when no
/// other variant matches. (serde's behaviour only: the type derives no `Codec`.)
#[test]
fn serde_flattens_an_untagged_enum_with_a_primitive_variant() {
    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(untagged)]
    enum Loose {
        N(u32),
        S { a: u8 },
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct Holder {
        #[serde(flatten)]
        loose: Loose,
    }
    assert_eq!(serde_json::from_str::<Holder>(r#"{"a":1}"#).unwrap(), Holder { loose: Loose::S { a: 1 } });
    assert!(serde_json::from_str::<Holder>(r#"{"b":1}"#).is_err());
}

/// A flattened `Option` is `None` where its type does not fit the keys, but a limit its
/// type reaches is an error, as it ends an untagged enum's search: `None` would hide it.
#[test]
fn flatten_option_keeps_a_recursion_limit() {
    #[derive(Codec, Debug)]
    struct Loop(#[allow(dead_code)] Option<Box<Loop>>);
    #[derive(Codec, Debug)]
    struct Inner {
        #[allow(dead_code)]
        deep: Option<Loop>,
        #[allow(dead_code)]
        n: u32,
    }
    #[derive(Codec, Debug)]
    struct Outer {
        #[allow(dead_code)]
        id: u32,
        #[codec(flatten)]
        #[allow(dead_code)]
        inner: Option<Inner>,
    }
    let err = codec::json::from_str::<Outer>(r#"{"id":1,"deep":{}}"#).unwrap_err();
    assert_eq!(*err.kind(), codec::ErrorKind::RecursionLimit(128), "{err}");
    // A plain mismatch still makes it `None`.
    let ok = codec::json::from_str::<Outer>(r#"{"id":1,"n":"x"}"#).unwrap();
    assert!(ok.inner.is_none());
}
