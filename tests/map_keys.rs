//! Maps whose keys are not strings (issue 14, part 3): `[key, value]` pairs in JSON,
//! chosen at compile time by the key type or forced by `#[codec(map_as_pairs)]`; real keys
//! of any type in MessagePack.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use codec::json::{self, DuplicateKeys, Options};
use codec::{msgpack, Codec, DecodeKey, EncodeKey, ErrorKind};

#[derive(Codec, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Point {
    x: i32,
    y: i32,
}

#[derive(Codec, Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Shape {
    Dot,
    Circle(u32),
    Rect { w: u32, h: u32 },
}

#[derive(Codec, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Color {
    Red,
    Green,
}

#[derive(Codec, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Pair(u8, u8);

fn round_trip_json<T: codec::Encode + codec::DecodeOwned + PartialEq + std::fmt::Debug>(v: &T, text: &str) {
    assert_eq!(json::to_string(v).unwrap(), text);
    assert_eq!(&json::from_str::<T>(text).unwrap(), v);
}

fn round_trip_msgpack<T: codec::Encode + codec::DecodeOwned + PartialEq + std::fmt::Debug>(v: &T) -> Vec<u8> {
    let packed = msgpack::to_vec(v).unwrap();
    assert_eq!(&msgpack::from_slice::<T>(&packed).unwrap(), v);
    packed
}

#[test]
fn the_pair_form_is_chosen_by_the_key_type_at_compile_time() {
    const _: () = assert!(<(u32, u32) as EncodeKey>::AS_PAIRS && <Point as DecodeKey<'static>>::AS_PAIRS);
    const _: () = assert!(!<String as EncodeKey>::AS_PAIRS && !<u32 as EncodeKey>::AS_PAIRS);
    // Unit-only enums stay object keys.
    const _: () = assert!(!<Color as EncodeKey>::AS_PAIRS && !<Color as DecodeKey<'static>>::AS_PAIRS);
    const _: () = assert!(<Shape as EncodeKey>::AS_PAIRS && <Pair as EncodeKey>::AS_PAIRS);
    const _: () = assert!(<std::num::Wrapping<(u8, u8)> as EncodeKey>::AS_PAIRS);
    const _: () = assert!(<&(u8, u8) as EncodeKey>::AS_PAIRS && <Box<[u8; 2]> as EncodeKey>::AS_PAIRS);
    round_trip_json(&BTreeMap::from([(Color::Green, 1u8)]), r#"{"Green":1}"#);
    // A string key has no pair form of its own (maps never ask it for one).
    let err = <String as DecodeKey>::decode_pair_key(&mut json::JsonReader::new(br#""a""#)).unwrap_err();
    assert!(err.to_string().contains("not from a [key, value] pair"), "{err}");
}

#[test]
fn tuple_keys() {
    let m = BTreeMap::from([((1u32, 2u32), "a".to_string()), ((0, 5), "b".to_string())]);
    round_trip_json(&m, r#"[[[0,5],"b"],[[1,2],"a"]]"#);
    let h: HashMap<(u32, u32), String> = m.clone().into_iter().collect();
    let text = json::to_string(&h).unwrap();
    assert_eq!(json::from_str::<HashMap<(u32, u32), String>>(&text).unwrap(), h);
    round_trip_msgpack(&h);
    assert!(json::to_string(&BTreeMap::<(u8, u8), u8>::new()).unwrap() == "[]");
    round_trip_json(&BTreeMap::<(u8, u8), u8>::new(), "[]");
}

#[test]
fn struct_keys_keep_btree_order() {
    let m = BTreeMap::from([(Point { x: 2, y: 0 }, 'b'), (Point { x: 1, y: 9 }, 'a'), (Point { x: 1, y: -1 }, 'z')]);
    round_trip_json(&m, r#"[[{"x":1,"y":-1},"z"],[{"x":1,"y":9},"a"],[{"x":2,"y":0},"b"]]"#);
    // Read in any order, kept in key order.
    let shuffled = r#"[[{"y":0,"x":2},"b"],[{"x":1,"y":-1},"z"],[{"x":1,"y":9},"a"]]"#;
    assert_eq!(json::from_str::<BTreeMap<Point, char>>(shuffled).unwrap(), m);
    let tuple_struct = BTreeMap::from([(Pair(1, 2), true)]);
    round_trip_json(&tuple_struct, "[[[1,2],true]]");
}

#[test]
fn enum_with_data_keys() {
    let m = BTreeMap::from([(Shape::Dot, 0u8), (Shape::Circle(3), 1), (Shape::Rect { w: 1, h: 2 }, 2)]);
    round_trip_json(&m, r#"[["Dot",0],[{"Circle":3},1],[{"Rect":{"w":1,"h":2}},2]]"#);
    round_trip_msgpack(&m);
}

#[test]
fn nested_maps_and_vectors_of_maps() {
    let inner = BTreeMap::from([((1u8, 1u8), vec![Point { x: 0, y: 0 }])]);
    let outer = BTreeMap::from([(Point { x: 5, y: 5 }, inner.clone()), (Point { x: 6, y: 6 }, BTreeMap::new())]);
    round_trip_json(&outer, r#"[[{"x":5,"y":5},[[[1,1],[{"x":0,"y":0}]]]],[{"x":6,"y":6},[]]]"#);
    // A composite key inside a composite key.
    let deep = BTreeMap::from([(((1u8, 2u8), [3u8, 4]), 0u8)]);
    round_trip_json(&deep, "[[[[1,2],[3,4]],0]]");
    round_trip_msgpack(&deep);
    // String-keyed maps around pair-form maps stay objects.
    let mixed = BTreeMap::from([("k".to_string(), inner)]);
    round_trip_json(&mixed, r#"{"k":[[[1,1],[{"x":0,"y":0}]]]}"#);
}

#[test]
fn sets_of_composite_values_are_arrays() {
    let s = BTreeSet::from([Point { x: 1, y: 2 }, Point { x: 0, y: 0 }]);
    round_trip_json(&s, r#"[{"x":0,"y":0},{"x":1,"y":2}]"#);
    let h: HashSet<(u32, u32)> = [(1, 2), (3, 4)].into_iter().collect();
    let text = json::to_string(&h).unwrap();
    assert_eq!(json::from_str::<HashSet<(u32, u32)>>(&text).unwrap(), h);
    round_trip_msgpack(&h);
}

#[test]
fn arrays_and_vectors_as_keys() {
    let m = BTreeMap::from([([1u8, 2, 3], 1u8), ([0, 0, 0], 2)]);
    round_trip_json(&m, "[[[0,0,0],2],[[1,2,3],1]]");
    let v = BTreeMap::from([(vec![1u16], 'a'), (vec![], 'b')]);
    round_trip_json(&v, r#"[[[],"b"],[[1],"a"]]"#);
    round_trip_msgpack(&v);
}

#[derive(Codec, Debug, PartialEq)]
struct Index {
    #[codec(map_as_pairs)]
    by_name: HashMap<String, u32>,
    #[codec(map_as_pairs)]
    by_id: BTreeMap<u64, String>,
    #[codec(map_as_pairs)]
    by_point: BTreeMap<Point, u8>,
    plain: BTreeMap<u64, String>,
}

#[test]
fn map_as_pairs_forces_the_pair_form_for_any_key() {
    let v = Index {
        by_name: HashMap::from([("ann".to_string(), 1)]),
        by_id: BTreeMap::from([(7, "seven".to_string()), (1, "one".to_string())]),
        by_point: BTreeMap::from([(Point { x: 1, y: 1 }, 9)]),
        plain: BTreeMap::from([(7, "seven".to_string())]),
    };
    round_trip_json(
        &v,
        r#"{"by_name":[["ann",1]],"by_id":[[1,"one"],[7,"seven"]],"by_point":[[{"x":1,"y":1},9]],"plain":{"7":"seven"}}"#,
    );
    let packed = round_trip_msgpack(&v);
    // In MessagePack the forced map stays a map, with real keys: {"by_name": {"ann": 1}, "by_id": {1: "one", ...
    assert!(packed.windows(6).any(|w| w == b"\x81\xa3ann\x01"), "{packed:x?}");
    assert!(packed.windows(6).any(|w| w == b"\x82\x01\xa3one"), "{packed:x?}");
    // An object is not the pair form.
    let err = json::from_str::<Index>(r#"{"by_name":{"ann":1},"by_id":[],"by_point":[],"plain":{}}"#).unwrap_err();
    assert_eq!(err.path(), ".by_name");
    assert!(matches!(err.kind(), ErrorKind::InvalidType { .. }), "{err}");
}

#[test]
fn duplicate_keys_in_pair_form_follow_the_policy() {
    let text = br#"[[[1,2],"first"],[[3,4],"other"],[ [1, 2] ,"second"]]"#;
    let read =
        |p: DuplicateKeys| json::from_slice_with::<BTreeMap<(u8, u8), String>>(text, &Options::new().duplicate_keys(p));
    let err = read(DuplicateKeys::Error).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::DuplicateField(k) if k == "[1, 2]"), "{err}");
    assert_eq!(err.path(), "[2]");
    assert_eq!(err.column(), Some(36), "{err}");
    assert_eq!(read(DuplicateKeys::KeepFirst).unwrap()[&(1, 2)], "first");
    assert_eq!(read(DuplicateKeys::KeepLast).unwrap()[&(1, 2)], "second");
    // KeepFirst still checks the skipped value.
    let bad = br#"[[[1,2],"a"],[[1,2],tru]]"#;
    let keep_first = Options::new().duplicate_keys(DuplicateKeys::KeepFirst);
    assert!(json::from_slice_with::<BTreeMap<(u8, u8), String>>(bad, &keep_first).is_err());

    // `map_as_pairs` with string keys, and HashMap.
    let text = br#"{"by_name":[["a",1],["a",2]],"by_id":[],"by_point":[],"plain":{}}"#;
    let err = json::from_slice::<Index>(text).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::DuplicateField(k) if k == r#""a""#), "{err}");
    assert_eq!(err.path(), ".by_name[1]");
    let last = json::from_slice_with::<Index>(text, &Options::new().duplicate_keys(DuplicateKeys::KeepLast)).unwrap();
    assert_eq!(last.by_name["a"], 2);
    let first = json::from_slice_with::<Index>(text, &Options::new().duplicate_keys(DuplicateKeys::KeepFirst)).unwrap();
    assert_eq!(first.by_name["a"], 1);
}

#[test]
fn duplicate_keys_in_msgpack_follow_the_policy() {
    // {[1,2]: 1, [1,2]: 2}
    let packed = b"\x82\x92\x01\x02\x01\x92\x01\x02\x02";
    let read = |p: DuplicateKeys| {
        msgpack::from_slice_with::<BTreeMap<(u8, u8), u8>>(packed, &msgpack::Options::new().duplicate_keys(p))
    };
    let err = read(DuplicateKeys::Error).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::DuplicateField(_)), "{err}");
    assert_eq!(err.offset(), Some(5));
    assert_eq!(read(DuplicateKeys::KeepFirst).unwrap()[&(1, 2)], 1);
    assert_eq!(read(DuplicateKeys::KeepLast).unwrap()[&(1, 2)], 2);
    // map_as_pairs in MessagePack: {"by_name": {"a": 1, "a": 2}, ...}
    let mut v = msgpack::to_vec(&Index {
        by_name: HashMap::from([("a".to_string(), 1)]),
        by_id: BTreeMap::new(),
        by_point: BTreeMap::new(),
        plain: BTreeMap::new(),
    })
    .unwrap();
    let at = v.windows(4).position(|w| w == b"\x81\xa1a\x01").unwrap();
    v.splice(at..at + 4, *b"\x82\xa1a\x01\xa1a\x02");
    let err = msgpack::from_slice::<Index>(&v).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::DuplicateField(k) if k == "a"), "{err}");
    assert_eq!(err.path(), ".by_name");
    let last = msgpack::from_slice_with::<Index>(&v, &msgpack::Options::new().duplicate_keys(DuplicateKeys::KeepLast))
        .unwrap();
    assert_eq!(last.by_name["a"], 2);
}

#[test]
fn bad_pair_input_has_path_and_position() {
    type M = BTreeMap<(u8, u8), bool>;
    let cases: &[(&str, &str, &str, usize)] = &[
        // (input, path, message fragment, column)
        (r#"{"a":true}"#, "", "expected an array, found object", 1),
        ("[[[1,2]]]", "[0]", "expected an array of 2 elements, found 1", 8),
        ("[[[1,2],true,false]]", "[0]", "expected an array of 2 elements, found more", 13),
        ("[[]]", "[0]", "expected an array of 2 elements, found 0", 3),
        ("[[[1,2],true],5]", "[1]", "expected an array, found integer", 15),
        (r#"[[["1",2],true]]"#, "[0][0][0]", "expected u8, found string", 4),
        ("[[[1,2,3],true]]", "[0][0]", "expected an array of 2 elements, found more", 7),
        ("[[[1,2],1]]", "[0][1]", "expected a boolean, found integer", 9),
        ("[[[1,300],true]]", "[0][0][1]", "300 does not fit in u8", 6),
    ];
    for &(text, path, msg, column) in cases {
        let err = json::from_str::<M>(text).unwrap_err();
        assert_eq!(err.path(), path, "{text}: {err}");
        assert!(err.to_string().contains(msg), "{text}: {err}");
        assert_eq!(err.column(), Some(column), "{text}: {err}");
    }
    // A struct key of the wrong shape.
    let err = json::from_str::<BTreeMap<Point, u8>>(r#"[[{"x":1},2]]"#).unwrap_err();
    assert_eq!(err.path(), "[0][0]");
    assert!(err.to_string().contains("missing field `y`"), "{err}");
    // Truncated input is an end-of-input error, never a panic.
    for cut in 0..r#"[[{"x":1,"y":2},3]]"#.len() {
        assert!(json::from_str::<BTreeMap<Point, u8>>(&r#"[[{"x":1,"y":2},3]]"#[..cut]).is_err());
    }
}

#[test]
fn msgpack_keeps_real_struct_and_tuple_keys() {
    let m = BTreeMap::from([(Point { x: 1, y: 2 }, 7u8)]);
    let packed = round_trip_msgpack(&m);
    // {{"x": 1, "y": 2}: 7}
    assert_eq!(packed, b"\x81\x82\xa1x\x01\xa1y\x02\x07");
    let t = BTreeMap::from([((1u8, -1i8), "a".to_string())]);
    assert_eq!(round_trip_msgpack(&t), b"\x81\x92\x01\xff\xa1a");
    // What Python's msgpack writes for {(1, -1): "a"} (`use_list=False` reads it back as a
    // tuple key): the same bytes.
    let from_python = b"\x81\x92\x01\xff\xa1a";
    assert_eq!(msgpack::from_slice::<BTreeMap<(u8, i8), String>>(from_python).unwrap(), t);
    // A key of the wrong type, with its position.
    let err = msgpack::from_slice::<BTreeMap<Point, u8>>(b"\x81\x92\x01\x02\x07").unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidType { .. }), "{err}");
    assert_eq!(err.offset(), Some(1));
    let err = msgpack::from_slice::<BTreeMap<(u8, u8), u8>>(b"\x81\x92\x01\xa1x\x07").unwrap_err();
    assert_eq!(err.offset(), Some(3), "{err}");
    // Truncated input: an error, never a panic.
    for cut in 0..packed.len() {
        assert!(msgpack::from_slice::<BTreeMap<Point, u8>>(&packed[..cut]).is_err());
    }
}

#[derive(Codec, Debug, PartialEq)]
struct Outer {
    id: u8,
    #[codec(flatten)]
    rest: BTreeMap<(u8, u8), u8>,
}

#[test]
fn composite_keys_cannot_be_object_keys() {
    let v = Outer { id: 1, rest: BTreeMap::from([((1, 2), 3)]) };
    let err = json::to_string(&v).unwrap_err();
    assert!(err.to_string().contains("cannot be flattened"), "{err}");
    let err = json::from_str::<Outer>(r#"{"id":1,"x":3}"#).unwrap_err();
    assert!(err.to_string().contains("no string form"), "{err}");
    assert_eq!(err.column(), Some(9));
    // MessagePack has keys of any type: the flattened map works there.
    round_trip_msgpack(&v);
}

#[test]
fn encode_errors_inside_pairs_name_the_pair() {
    let m = BTreeMap::from([((1u8, 1u8), f64::NAN)]);
    let err = json::to_string(&m).unwrap_err();
    assert_eq!(err.path(), "[0][1]");
    let k = BTreeMap::from([(vec![Point { x: 0, y: 0 }], ()), (vec![], ())]);
    round_trip_json(&k, r#"[[[],null],[[{"x":0,"y":0}],null]]"#);
}

/// `#[codec(no_key_impls)]`: the derive emits no key impls, so the type's own hand-written
/// ones (here a `"x,y"` string) compile and make it an object key, as before composite keys.
#[derive(codec::Codec, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
#[codec(no_key_impls)]
struct Cell {
    x: u8,
    y: u8,
}

impl codec::EncodeKey for Cell {
    fn encode_key<W: codec::Writer>(&self, w: &mut W) -> codec::Result<()> {
        w.write_str(&format!("{},{}", self.x, self.y))
    }
}

impl<'de> codec::DecodeKey<'de> for Cell {
    fn decode_key<R: codec::Reader<'de>>(key: R::Key, r: &mut R) -> codec::Result<Self> {
        let offset = r.key_offset(key);
        r.key_str_with(key, |text| {
            let parsed = text.split_once(',').and_then(|(x, y)| Some(Cell { x: x.parse().ok()?, y: y.parse().ok()? }));
            parsed.ok_or_else(|| codec::Error::custom("expected a key \"x,y\"").or_at(offset))
        })
    }
}

#[test]
fn no_key_impls_leaves_the_key_impls_to_the_type() {
    let map: BTreeMap<Cell, u8> = [(Cell { x: 1, y: 2 }, 3), (Cell { x: 0, y: 9 }, 4)].into();
    let json = codec::json::to_string(&map).unwrap();
    assert_eq!(json, r#"{"0,9":4,"1,2":3}"#);
    assert_eq!(codec::json::from_str::<BTreeMap<Cell, u8>>(&json).unwrap(), map);
    // The struct itself still encodes as a struct.
    assert_eq!(codec::json::to_string(&Cell { x: 1, y: 2 }).unwrap(), r#"{"x":1,"y":2}"#);
    let err = codec::json::from_str::<BTreeMap<Cell, u8>>(r#"{"1;2":3}"#).unwrap_err();
    assert_eq!(err.offset(), Some(1), "{err}");
    // One generic impl serves MessagePack too: the same text, as a str key.
    let packed = codec::msgpack::to_vec(&map).unwrap();
    assert_eq!(&packed[..5], b"\x82\xa30,9");
    assert_eq!(codec::msgpack::from_slice::<BTreeMap<Cell, u8>>(&packed).unwrap(), map);
    let err = codec::msgpack::from_slice::<BTreeMap<Cell, u8>>(b"\x81\xa31;2\x03").unwrap_err();
    assert_eq!(err.offset(), Some(1), "{err}");
}

/// Integer keys of every width, at their extremes and at each digit count's edges, are
/// written in quotes as their `to_string` and read back (the JSON writer's integer
/// printer serves keys as well as values).
#[test]
fn integer_keys_of_every_width_round_trip_at_their_extremes() {
    fn check<K>(keys: &[K])
    where
        K: Copy + Ord + ToString + std::fmt::Debug + codec::EncodeKey + for<'de> codec::DecodeKey<'de>,
    {
        for &k in keys {
            let map = BTreeMap::from([(k, 1u8)]);
            let text = json::to_string(&map).unwrap();
            assert_eq!(text, format!("{{\"{}\":1}}", k.to_string()));
            assert_eq!(json::from_str::<BTreeMap<K, u8>>(&text).unwrap(), map);
        }
    }
    check(&[0u8, 9, 10, 99, 100, u8::MAX]);
    check(&[i8::MIN, -1, 0, i8::MAX]);
    check(&[0u16, 9_999, 10_000, u16::MAX]);
    check(&[i16::MIN, -10_000, 0, i16::MAX]);
    check(&[0u32, 99_999_999, 100_000_000, u32::MAX]);
    check(&[i32::MIN, -100_000_000, -1, i32::MAX]);
    let mut wide: Vec<u64> = vec![0, u64::MAX];
    let mut p = 1u64;
    while let Some(next) = p.checked_mul(10) {
        wide.extend([p - 1, p]);
        p = next;
    }
    wide.extend([p - 1, p]);
    check(&wide);
    let signed: Vec<i64> = wide.iter().flat_map(|&v| [(v >> 1) as i64, -((v >> 1) as i64)]).chain([i64::MIN]).collect();
    check(&signed);
    check(&[0usize, usize::MAX]);
    check(&[isize::MIN, 0, isize::MAX]);
    check(&[0u128, u128::MAX]);
    check(&[i128::MIN, i128::MAX]);
}
