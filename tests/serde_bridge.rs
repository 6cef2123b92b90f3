//! The serde bridge (`codec::serde`, feature `serde`): types that only implement serde's
//! traits, encoded and decoded by codec through a serde `Serializer`/`Deserializer` over
//! its own writers and readers.
//!
//! The references are serde_json (compact output, byte for byte) and rmp-serde
//! (`to_vec_named`, byte for byte): `check` asserts both directions against both, for every
//! serde shape (unit, newtype, tuple and struct variants, options, maps with integer, bool,
//! char and float keys, bytes, 128-bit integers, escapes), for `#[serde(flatten)]` and
//! internally, adjacently and untagged enums (which serde buffers through
//! `deserialize_any`), for real crates' types (`serde_json::Value` on the json-benchmark
//! documents, chrono's `DateTime<Utc>` against codec's native impl) and for floats on many
//! bit patterns. Then borrowing (a `&'de str` of a serde struct points into codec's input),
//! errors (kind, line and column, path inside the bridged value, in both directions) and
//! limits (depth on 10,000 nested arrays and on recursive newtypes, string length).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::{self, Debug};

use chrono::{DateTime, TimeZone, Utc};
use codec::serde::Compat;
use codec::{Codec, ErrorKind};
use serde::de::{DeserializeOwned, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

// ---- the references ----

/// `v` through the bridge writes serde_json's bytes and rmp-serde's (`to_vec_named`), and
/// reads back from them; rmp-serde's array form of structs (`to_vec`) reads as rmp-serde
/// reads it. Returns the JSON.
#[track_caller]
fn check<T>(v: &T) -> String
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let wrapped = Compat(v);
    let json = codec::json::to_string(&wrapped).unwrap();
    assert_eq!(json, serde_json::to_string(v).unwrap(), "JSON of {v:?}");
    assert_eq!(&codec::json::from_str::<Compat<T>>(&json).unwrap().0, v, "codec reading {json}");
    let packed = codec::msgpack::to_vec(&wrapped).unwrap();
    assert_eq!(packed, rmp_serde::to_vec_named(v).unwrap(), "MessagePack of {v:?}");
    assert_eq!(&codec::msgpack::from_slice::<Compat<T>>(&packed).unwrap().0, v, "codec reading {packed:x?}");
    // (rmp-serde cannot read back every such array: an adjacently tagged unit variant's
    // lacks the content its reader wants. codec agrees with it either way.)
    let compact = rmp_serde::to_vec(v).unwrap();
    let ours = codec::msgpack::from_slice::<Compat<T>>(&compact).map(|c| c.0);
    match rmp_serde::from_slice::<T>(&compact) {
        Ok(theirs) => assert_eq!(ours.as_ref().ok(), Some(&theirs), "codec reading {compact:x?}"),
        Err(e) => assert!(ours.is_err(), "rmp-serde refuses {compact:x?} ({e}), codec read {ours:?}"),
    }
    json
}

/// The error of decoding `json` as `T`: its kind, line, column and path.
#[track_caller]
fn json_error<T: DeserializeOwned + Debug>(json: &str) -> (ErrorKind, Option<usize>, Option<usize>, String) {
    let e = codec::json::from_str::<Compat<T>>(json).unwrap_err();
    (e.kind().clone(), e.line(), e.column(), e.path())
}

// ---- test types: every serde shape ----

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct UnitStruct;

#[derive(Serialize, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord, Clone)]
struct Newtype(u64);

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct TupleStruct(i16, char);

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
enum Shape {
    Unit,
    Newtype(u32),
    Tuple(i8, String),
    Struct { x: f64, y: Option<bool> },
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
enum Color {
    Red,
    Green,
}

/// Bytes through `serialize_bytes` (a bin in MessagePack, an array of numbers in JSON),
/// read from bytes, a sequence or a string, as `serde_bytes::ByteBuf` does.
#[derive(Debug, PartialEq, Clone)]
struct Bytes(Vec<u8>);

impl Serialize for Bytes {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(&self.0)
    }
}

impl<'de> Deserialize<'de> for Bytes {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Bytes;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("bytes")
            }
            fn visit_bytes<E>(self, v: &[u8]) -> Result<Bytes, E> {
                Ok(Bytes(v.to_vec()))
            }
            fn visit_str<E>(self, v: &str) -> Result<Bytes, E> {
                Ok(Bytes(v.as_bytes().to_vec()))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Bytes, A::Error> {
                let mut out = Vec::new();
                while let Some(b) = seq.next_element()? {
                    out.push(b);
                }
                Ok(Bytes(out))
            }
        }
        d.deserialize_byte_buf(V)
    }
}

/// A map with `f64` keys, which serde_json writes quoted.
#[derive(Debug, PartialEq, Clone)]
struct FloatKeys(Vec<(f64, u8)>);

impl Serialize for FloatKeys {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for FloatKeys {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = FloatKeys;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map with float keys")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<FloatKeys, A::Error> {
                let mut out = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    out.push(entry);
                }
                Ok(FloatKeys(out))
            }
        }
        d.deserialize_map(V)
    }
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Everything {
    unit: (),
    unit_struct: UnitStruct,
    newtype: Newtype,
    tuple_struct: TupleStruct,
    shapes: Vec<Shape>,
    some: Option<String>,
    none: Option<i32>,
    int_keys: BTreeMap<i32, String>,
    u128_keys: BTreeMap<u128, u8>,
    bool_keys: BTreeMap<bool, u8>,
    char_keys: BTreeMap<char, u8>,
    enum_keys: BTreeMap<Color, u8>,
    float_keys: FloatKeys,
    bytes: Bytes,
    big: i128,
    small: i128,
    ubig: u128,
    single: f32,
    double: f64,
    tuple: (u8, String, bool),
    array: [u16; 3],
    text: String,
}

fn everything() -> Everything {
    Everything {
        unit: (),
        unit_struct: UnitStruct,
        newtype: Newtype(u64::MAX),
        tuple_struct: TupleStruct(-300, 'é'),
        shapes: vec![
            Shape::Unit,
            Shape::Newtype(7),
            Shape::Tuple(-1, "t".into()),
            Shape::Struct { x: 0.1, y: None },
            Shape::Struct { x: -1e300, y: Some(true) },
        ],
        some: Some("s".into()),
        none: None,
        int_keys: BTreeMap::from([(-5, "neg".into()), (0, "zero".into()), (70000, "big".into())]),
        u128_keys: BTreeMap::from([(u128::MAX, 1), (3, 2)]),
        bool_keys: BTreeMap::from([(false, 0), (true, 1)]),
        char_keys: BTreeMap::from([('"', 1), ('k', 2)]),
        enum_keys: BTreeMap::from([(Color::Red, 1), (Color::Green, 2)]),
        float_keys: FloatKeys(vec![(1.5, 1), (-0.0, 2), (1e21, 3), (1e-7, 4)]),
        bytes: Bytes(vec![0, 1, 127, 128, 255]),
        big: i128::MIN,
        small: -2,
        ubig: u128::MAX,
        single: 0.3,
        double: 5e-324,
        tuple: (255, "x".into(), false),
        array: [1, 1000, 65535],
        text: "quote \" backslash \\ newline \n tab \t control \u{1} del \u{7f} é 😀 </script>".into(),
    }
}

#[test]
fn every_serde_shape_is_byte_equal_to_serde_json_and_rmp_serde() {
    let json = check(&everything());
    assert!(json.contains(r#""int_keys":{"-5":"neg","0":"zero","70000":"big"}"#), "{json}");
    assert!(json.contains(r#""bool_keys":{"false":0,"true":1}"#), "{json}");
    assert!(json.contains(r#""float_keys":{"1.5":1,"-0.0":2,"1e+21":3,"1e-7":4}"#), "{json}");
    assert!(json.contains(r#""bytes":[0,1,127,128,255]"#), "{json}");
    assert!(json.contains(r#""shapes":["Unit",{"Newtype":7},{"Tuple":[-1,"t"]},{"Struct":{"x":0.1,"y":null}}"#));
    for shape in everything().shapes {
        check(&shape);
    }
    check(&UnitStruct);
    check(&Newtype(0));
    check(&(1u8, -1i64, "x".to_owned(), Some(2.5f64), None::<u8>));
    check(&vec![Some(Color::Red), None]);
    check(&BTreeMap::from([("a".to_owned(), vec![1u8]), ("b".into(), vec![])]));
    check(&i128::MAX);
    check(&0u128);
    check(&'\u{10ffff}');
    check(&"x".repeat(70000));
    check(&Bytes(vec![7; 300]));
    check(&vec![0u32; 70000]);
}

/// What serde_json and rmp-serde accept besides what they write: a struct or a struct
/// variant from an array, a unit variant written `{"Unit": null}`, a unit struct as nil.
#[test]
fn alternative_forms_read_as_the_reference_readers_do() {
    let shape: Compat<Shape> = codec::json::from_str(r#"{"Struct": [1.5, true]}"#).unwrap();
    assert_eq!(shape.0, Shape::Struct { x: 1.5, y: Some(true) });
    let shape: Compat<Shape> = codec::json::from_str(r#"{"Unit": null}"#).unwrap();
    assert_eq!(shape.0, Shape::Unit);
    let t: Compat<TupleStruct> = codec::json::from_str(" [ 1 , \"c\" ] ").unwrap();
    assert_eq!(t.0, TupleStruct(1, 'c'));
    let u: Compat<UnitStruct> = codec::msgpack::from_slice(b"\xc0").unwrap();
    assert_eq!(u.0, UnitStruct);
    // A variant by its index, as rmp-serde reads it.
    let c: Compat<Color> = codec::msgpack::from_slice(b"\x01").unwrap();
    assert_eq!(c.0, Color::Green);
    // Bytes from a JSON string, and from a MessagePack str and array.
    assert_eq!(codec::json::from_str::<Compat<Bytes>>(r#""a\nb""#).unwrap().0, Bytes(b"a\nb".to_vec()));
    assert_eq!(codec::msgpack::from_slice::<Compat<Bytes>>(b"\xa2hi").unwrap().0, Bytes(b"hi".to_vec()));
    assert_eq!(codec::msgpack::from_slice::<Compat<Bytes>>(b"\x92\x01\x02").unwrap().0, Bytes(vec![1, 2]));
    // A sequence type from a bin (rmp-serde hands a bin to sequence visitors as its bytes).
    assert_eq!(codec::msgpack::from_slice::<Compat<Vec<u8>>>(b"\xc4\x02\x05\x06").unwrap().0, vec![5, 6]);
    // 128-bit integers from any int, as well as from the 16-byte bin.
    assert_eq!(codec::msgpack::from_slice::<Compat<i128>>(b"\xd0\x80").unwrap().0, -128);
    assert_eq!(codec::json::from_str::<Compat<u128>>("340282366920938463463374607431768211455").unwrap().0, u128::MAX);
}

// ---- floats: codec's printer (zmij) against serde_json's (ryu) ----

/// Deterministic bit patterns over all of `u64` (the shared xorshift64*), which cover
/// subnormals, huge and tiny exponents and every mantissa shape.
fn bit_patterns(n: usize) -> impl Iterator<Item = u64> {
    let mut rng = codec_tests::rng::Rng(0x2545_f491_4f6c_dd1d);
    (0..n).map(move |_| rng.next())
}

#[test]
fn floats_print_as_serde_json_prints_them() {
    let mut f64s = vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.1,
        0.5,
        1.5,
        1e-7,
        1e-6,
        0.0001,
        0.001,
        123456.789,
        1e15,
        1e16,
        1e17,
        1e20,
        1e21,
        1e22,
        1.5e300,
        5e-324,
        2.2250738585072014e-308,
        f64::MAX,
        f64::MIN,
        f64::MIN_POSITIVE,
        f64::EPSILON,
        9007199254740993.0,
        1234567890123456789.0,
    ];
    f64s.extend(bit_patterns(50_000).map(f64::from_bits).filter(|v| v.is_finite()));
    f64s.extend((0..2000).map(|i| i as f64 / 7.0));
    f64s.extend((-30..30).map(|e| 10f64.powi(e)));
    let mut w = codec::json::JsonWriter::new();
    for v in &f64s {
        w.clear();
        codec::serde::encode(v, &mut w).unwrap();
        let expected = serde_json::to_string(v).unwrap();
        assert_eq!(std::str::from_utf8(w.as_bytes()).unwrap(), expected, "{v:e} ({:#x})", v.to_bits());
        let back: f64 = codec::serde::decode(&mut codec::json::JsonReader::new(expected.as_bytes())).unwrap();
        assert_eq!(back.to_bits(), v.to_bits(), "{expected}");
    }
    let mut f32s = vec![0.0f32, -0.0, 0.1, 0.3, 1e-7, 1e16, 1e21, 3.4028235e38, 1e-45, 16777217.0];
    f32s.extend(bit_patterns(50_000).map(|b| f32::from_bits(b as u32)).filter(|v| v.is_finite()));
    for v in &f32s {
        w.clear();
        codec::serde::encode(v, &mut w).unwrap();
        let expected = serde_json::to_string(v).unwrap();
        assert_eq!(std::str::from_utf8(w.as_bytes()).unwrap(), expected, "{v:e} ({:#x})", v.to_bits());
        let back: f32 = codec::serde::decode(&mut codec::json::JsonReader::new(expected.as_bytes())).unwrap();
        assert_eq!(back.to_bits(), v.to_bits(), "{expected}");
    }
}

/// NaN and the infinities: codec's JSON rule holds inside bridged values (serde_json writes
/// `null`, which does not read back as a float); MessagePack writes them as rmp-serde does.
#[test]
fn non_finite_floats_are_a_json_error_and_msgpack_floats() {
    #[derive(Serialize, Deserialize, Debug)]
    struct Reading {
        at: u32,
        values: Vec<f64>,
    }
    #[derive(Codec)]
    struct Doc {
        #[codec(with = "codec::serde")]
        reading: Reading,
    }
    let doc = Doc { reading: Reading { at: 1, values: vec![1.0, f64::NAN] } };
    let err = codec::json::to_vec(&doc).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidValue(_)), "{err}");
    assert_eq!(err.path(), ".reading.values[1]");
    assert_eq!(serde_json::to_string(&doc.reading).unwrap(), r#"{"at":1,"values":[1.0,null]}"#);
    let packed = codec::msgpack::to_vec(&doc).unwrap();
    assert_eq!(packed[..1], [0x81]);
    assert_eq!(packed[9..], rmp_serde::to_vec_named(&doc.reading).unwrap());
    let err = codec::json::to_vec(&Compat(FloatKeys(vec![(f64::INFINITY, 1)]))).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidValue(_)), "{err}");
}

// ---- real crates' types ----

/// A struct holding a `serde_json::Value` through the bridge: each json-benchmark
/// document reads as serde_json reads it and writes serde_json's bytes, in both formats.
#[test]
fn serde_json_value_fields_match_serde_json_on_real_documents() {
    #[derive(Codec, Debug, PartialEq)]
    struct Doc {
        id: u32,
        #[codec(with = "codec::serde")]
        value: serde_json::Value,
    }
    #[derive(Serialize)]
    struct Reference<'a> {
        id: u32,
        value: &'a serde_json::Value,
    }
    for name in ["twitter.json", "citm_catalog.json", "canada.json"] {
        let text = codec_tests::data(&format!("json-benchmark/{name}"));
        let reference: serde_json::Value = serde_json::from_slice(&text).unwrap();
        let wrapped = [br#"{"id":7,"value":"#, &text[..], b"}"].concat();
        let doc: Doc = codec::json::from_slice(&wrapped).unwrap();
        assert!(doc.value == reference, "{name}: decoded differently");
        let json = codec::json::to_vec(&doc).unwrap();
        let expected = serde_json::to_vec(&Reference { id: 7, value: &reference }).unwrap();
        assert!(json == expected, "{name}: encoded differently");
        let packed = codec::msgpack::to_vec(&doc).unwrap();
        assert!(packed == rmp_serde::to_vec_named(&Reference { id: 7, value: &reference }).unwrap(), "{name}");
        assert!(codec::msgpack::from_slice::<Doc>(&packed).unwrap() == doc, "{name}");
    }
}

fn instants() -> Vec<DateTime<Utc>> {
    let mut out = vec![
        Utc.with_ymd_and_hms(2024, 2, 29, 12, 30, 0).unwrap(),
        Utc.with_ymd_and_hms(1970, 1, 1, 0, 0, 0).unwrap(),
        Utc.with_ymd_and_hms(1, 1, 1, 0, 0, 0).unwrap(),
        Utc.with_ymd_and_hms(9999, 12, 31, 23, 59, 59).unwrap(),
        DateTime::from_timestamp(-62_135_596_801, 5).unwrap(),
        DateTime::from_timestamp(1_709_209_800, 250_000_000).unwrap(),
        DateTime::from_timestamp(1_709_209_800, 123_456_000).unwrap(),
        DateTime::from_timestamp(1_709_209_800, 1).unwrap(),
    ];
    out.extend(bit_patterns(500).map(|x| {
        let secs = (x % 400_000_000_000) as i64 - 200_000_000_000;
        DateTime::from_timestamp(secs, (x >> 40) as u32 % 1_000_000_000).unwrap()
    }));
    out
}

/// chrono's `DateTime<Utc>` through its serde impl, beside codec's native impl: the same
/// JSON both ways. In MessagePack the bridge writes what rmp-serde writes (chrono's string);
/// the native impl writes the timestamp extension.
#[test]
fn chrono_through_serde_matches_the_native_impl() {
    #[derive(Codec, Debug, PartialEq)]
    struct Native {
        at: DateTime<Utc>,
    }
    #[derive(Codec, Debug, PartialEq)]
    struct Bridged {
        #[codec(with = "codec::serde")]
        at: DateTime<Utc>,
    }
    for at in instants() {
        let native = codec::json::to_vec(&Native { at }).unwrap();
        let bridged = codec::json::to_vec(&Bridged { at }).unwrap();
        assert_eq!(bridged, native, "{at:?}");
        assert_eq!(codec::json::from_slice::<Bridged>(&native).unwrap().at, at);
        assert_eq!(codec::json::from_slice::<Compat<DateTime<Utc>>>(&codec::json::to_vec(&at).unwrap()).unwrap().0, at);
        let packed = codec::msgpack::to_vec(&Compat(at)).unwrap();
        assert_eq!(packed, rmp_serde::to_vec_named(&at).unwrap());
        assert_eq!(codec::msgpack::from_slice::<Compat<DateTime<Utc>>>(&packed).unwrap().0, at);
    }
    // The native impl's MessagePack timestamp is no string: chrono's visitor says so, at it.
    let native = codec::msgpack::to_vec(&Native { at: instants()[0] }).unwrap();
    let err = codec::msgpack::from_slice::<Bridged>(&native).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidType { .. }), "{err}");
    assert_eq!((err.path(), err.offset()), (".at".to_owned(), Some(4)));
}

/// An ext value reaches serde as rmp-serde hands it over: a newtype holding `(type, bytes)`.
#[test]
fn msgpack_ext_reads_as_rmp_serde_gives_it() {
    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    #[serde(rename = "_ExtStruct")]
    struct RawExt((i8, Bytes));
    let packed = codec::msgpack::to_vec(&instants()[1]).unwrap();
    assert_eq!(packed, b"\xd6\xff\x00\x00\x00\x00");
    let ours = codec::msgpack::from_slice::<Compat<RawExt>>(&packed).unwrap().0;
    assert_eq!(ours, RawExt((-1, Bytes(vec![0; 4]))));
    assert_eq!(rmp_serde::from_slice::<RawExt>(&packed).unwrap(), ours);
    // And written back as the ext, as rmp-serde writes it.
    for len in [0, 1, 3, 16, 300] {
        let ext = RawExt((5, Bytes(vec![9; len])));
        let packed = codec::msgpack::to_vec(&Compat(&ext)).unwrap();
        assert_eq!(packed, rmp_serde::to_vec_named(&ext).unwrap(), "{len}");
        assert_eq!(codec::msgpack::from_slice::<Compat<RawExt>>(&packed).unwrap().0, ext);
    }
    // Any other content of an `_ExtStruct` is an error, not a malformed ext.
    #[derive(Serialize)]
    #[serde(rename = "_ExtStruct")]
    struct NotExt((u8, Bytes));
    assert!(codec::msgpack::to_vec(&Compat(NotExt((1, Bytes(vec![]))))).is_err());
    // Where the type asks for anything, an ext is a newtype struct of its parts.
    let v = codec::msgpack::from_slice::<Compat<RawExt>>(b"\xd4\x01\x02").unwrap().0;
    assert_eq!(v, RawExt((1, Bytes(vec![2]))));
}

// ---- serde's buffered forms ----

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Inner {
    b: String,
    c: Vec<u8>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Flattened {
    a: u8,
    #[serde(flatten)]
    inner: Inner,
    #[serde(flatten)]
    rest: BTreeMap<String, serde_json::Value>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(tag = "type")]
enum Internal {
    Point { x: i32, y: i32 },
    Wrapped(Inner),
    Empty,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    Num(u64),
    Pair(String, bool),
    Nothing,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
#[serde(untagged)]
enum Untagged {
    Int(i64),
    Text(String),
    List(Vec<Untagged>),
    Record { name: String },
}

#[test]
fn flatten_and_tagged_enums_work_through_deserialize_any() {
    let flat = Flattened {
        a: 1,
        inner: Inner { b: "b".into(), c: vec![2, 3] },
        rest: (0..20).map(|i| (format!("k{i:02}"), serde_json::json!(i))).collect(),
    };
    // 23 entries of unknown count: a MessagePack map header patched from fixmap to map 16.
    let json = check(&flat);
    assert!(json.starts_with(r#"{"a":1,"b":"b","c":[2,3],"k00":0,"#), "{json}");
    let shuffled = r#"{"k1": [true], "c": [], "a": 9, "b": "x\u00e9"}"#;
    let back = codec::json::from_str::<Compat<Flattened>>(shuffled).unwrap().0;
    assert_eq!(back.inner, Inner { b: "xé".into(), c: vec![] });
    assert_eq!(back.rest["k1"], serde_json::json!([true]));

    for v in [Internal::Point { x: -1, y: 2 }, Internal::Wrapped(Inner { b: "q".into(), c: vec![] }), Internal::Empty] {
        check(&v);
    }
    // The tag anywhere, as serde reads it.
    let late: Compat<Internal> = codec::json::from_str(r#"{"x": 5, "y": 6, "type": "Point"}"#).unwrap();
    assert_eq!(late.0, Internal::Point { x: 5, y: 6 });

    for v in [Adjacent::Num(3), Adjacent::Pair("p".into(), true), Adjacent::Nothing] {
        check(&v);
    }
    let late: Compat<Adjacent> = codec::json::from_str(r#"{"c": 3, "t": "Num"}"#).unwrap();
    assert_eq!(late.0, Adjacent::Num(3));

    let u = Untagged::List(vec![
        Untagged::Int(-4),
        Untagged::Text("t".into()),
        Untagged::Record { name: "r".into() },
        Untagged::List(vec![]),
    ]);
    check(&u);
}

/// A sequence and a map of unknown length (`collect_seq` and `collect_map` over a filtered
/// iterator): rmp-serde's bytes, the header sized by the count (fix, 16- and 32-bit
/// forms), in memory and through a streaming writer.
#[test]
fn unknown_lengths_write_the_counted_headers() {
    struct Evens(Vec<u32>);
    impl Serialize for Evens {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_seq(self.0.iter().filter(|x| *x % 2 == 0))
        }
    }
    struct EvenKeys(Vec<u32>);
    impl Serialize for EvenKeys {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_map(self.0.iter().filter(|x| *x % 2 == 0).map(|x| (x, [*x; 2])))
        }
    }
    for n in [0, 10, 31, 40, 200_000] {
        let v = Evens((0..n).collect());
        let packed = codec::msgpack::to_vec(&Compat(&v)).unwrap();
        assert_eq!(packed, rmp_serde::to_vec_named(&v).unwrap(), "{n}");
        assert_eq!(codec::json::to_vec(&Compat(&v)).unwrap(), serde_json::to_vec(&v).unwrap(), "{n}");
        let mut streamed = Vec::new();
        codec::msgpack::to_writer(&mut streamed, &Compat(&v)).unwrap();
        assert_eq!(streamed, packed, "{n}");

        let m = EvenKeys((0..n).collect());
        let packed = codec::msgpack::to_vec(&Compat(&m)).unwrap();
        assert_eq!(packed, rmp_serde::to_vec_named(&m).unwrap(), "{n}");
        assert_eq!(codec::json::to_vec(&Compat(&m)).unwrap(), serde_json::to_vec(&m).unwrap(), "{n}");
        let mut streamed = Vec::new();
        codec::msgpack::to_writer(&mut streamed, &Compat(&m)).unwrap();
        assert_eq!(streamed, packed, "{n}");
    }
}

/// A struct whose `Serialize` announces more fields than it writes: MessagePack's header
/// would be wrong, so it is an error there (rmp-serde writes the corrupt bytes); JSON has
/// no count and matches serde_json.
#[test]
fn a_wrong_field_count_is_a_msgpack_error() {
    struct Liar;
    impl Serialize for Liar {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("Liar", 3)?;
            st.serialize_field("a", &1u8)?;
            st.end()
        }
    }
    let err = codec::msgpack::to_vec(&Compat(Liar)).unwrap_err();
    assert!(err.to_string().contains("announced 3 fields and wrote 1"), "{err}");
    assert_eq!(codec::json::to_string(&Compat(Liar)).unwrap(), serde_json::to_string(&Liar).unwrap());
}

// ---- borrowing ----

#[derive(Deserialize, Serialize, Debug, PartialEq)]
struct Borrowing<'a> {
    name: &'a str,
    #[serde(borrow)]
    note: Cow<'a, str>,
    raw: &'a [u8],
}

#[derive(Codec, Debug)]
struct Holder<'a> {
    #[codec(with = "codec::serde")]
    inner: Borrowing<'a>,
    list: Vec<Compat<&'a str>>,
}

/// Whether `s` lies inside `input`.
fn points_into(s: &[u8], input: &[u8]) -> bool {
    input.as_ptr_range().contains(&s.as_ptr()) && s.len() <= input.len()
}

#[test]
fn borrowed_str_fields_point_into_codec_input() {
    let json = br#"{"inner": {"name": "ada", "note": "plain", "raw": "bytes"}, "list": ["x", "y"]}"#;
    let h: Holder = codec::json::from_slice(json).unwrap();
    assert_eq!((h.inner.name, &*h.inner.note, h.inner.raw), ("ada", "plain", &b"bytes"[..]));
    assert!(points_into(h.inner.name.as_bytes(), json));
    assert!(matches!(h.inner.note, Cow::Borrowed(_)));
    assert!(points_into(h.inner.raw, json));
    assert!(h.list.iter().all(|s| points_into(s.as_bytes(), json)));

    // An escape cannot be borrowed: a `Cow` owns it, a `&str` is serde's error, at the string.
    let escaped = br#"{"inner": {"name": "ada", "note": "tab\t", "raw": ""}, "list": []}"#;
    let h: Holder = codec::json::from_slice(escaped).unwrap();
    assert!(matches!(h.inner.note, Cow::Owned(ref s) if s == "tab\t"));
    let escaped = br#"{"inner": {"name": "a\u0064a", "note": "", "raw": ""}, "list": []}"#;
    let err = codec::json::from_slice::<Holder>(escaped).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidType { expected, .. } if expected == "a borrowed string"));
    assert_eq!((err.path(), err.column()), (".inner.name".to_owned(), Some(20)));

    // MessagePack strings and bins always borrow.
    #[derive(Serialize)]
    struct Written {
        name: &'static str,
        note: &'static str,
        raw: Bytes,
    }
    let packed = rmp_serde::to_vec_named(&Written { name: "n", note: "m\t", raw: Bytes(vec![0, 255]) }).unwrap();
    let b = codec::msgpack::from_slice::<Compat<Borrowing>>(&packed).unwrap().0;
    assert!(points_into(b.name.as_bytes(), &packed) && points_into(b.raw, &packed));
    assert!(matches!(b.note, Cow::Borrowed("m\t")));
}

// ---- the bridge in derived types ----

#[derive(Codec, Debug, PartialEq)]
#[codec(rename_all = "camelCase")]
struct Event {
    event_id: u64,
    #[codec(with = "codec::serde")]
    payload: Everything,
    shapes: Vec<Compat<Shape>>,
    by_color: BTreeMap<String, Compat<Color>>,
    maybe: Compat<Option<Inner>>,
}

#[test]
fn with_and_compat_fields_in_a_derived_struct() {
    let event = Event {
        event_id: 9,
        payload: everything(),
        shapes: everything().shapes.into_iter().map(Compat).collect(),
        by_color: BTreeMap::from([("r".into(), Compat(Color::Red))]),
        maybe: Compat(Some(Inner { b: "b".into(), c: vec![1] })),
    };
    let json = codec::json::to_string(&event).unwrap();
    let payload = serde_json::to_string(&event.payload).unwrap();
    assert!(json.starts_with(&format!(r#"{{"eventId":9,"payload":{payload},"shapes":["Unit",{{"Newtype":7}}"#)));
    assert_eq!(codec::json::from_str::<Event>(&json).unwrap(), event);
    let packed = codec::msgpack::to_vec(&event).unwrap();
    assert_eq!(codec::msgpack::from_slice::<Event>(&packed).unwrap(), event);

    // `Compat<Option<_>>` may be absent, as serde's derive lets an `Option` be.
    let without: Event = codec::json::from_str(&json.replace(r#","maybe":{"b":"b","c":[1]}"#, "")).unwrap();
    assert_eq!(without.maybe, Compat(None));
    let err = codec::json::from_str::<Event>(r#"{"eventId":1,"shapes":[],"byColor":{}}"#).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::MissingField("payload"));
}

/// `Compat<T>` as a map key: serde_json's key rules in JSON, any value in MessagePack (as
/// rmp-serde writes keys); byte-equal with both on the same maps.
#[test]
fn compat_map_keys_follow_the_reference_key_rules() {
    #[track_caller]
    fn keys<K: Serialize + DeserializeOwned + Ord + Clone + Debug>(m: BTreeMap<K, u8>) -> String {
        let wrapped: BTreeMap<Compat<K>, u8> = m.iter().map(|(k, v)| (Compat(k.clone()), *v)).collect();
        let json = codec::json::to_string(&wrapped).unwrap();
        assert_eq!(json, serde_json::to_string(&m).unwrap());
        assert_eq!(codec::json::from_str::<BTreeMap<Compat<K>, u8>>(&json).unwrap(), wrapped);
        let packed = codec::msgpack::to_vec(&wrapped).unwrap();
        assert_eq!(packed, rmp_serde::to_vec_named(&m).unwrap());
        assert_eq!(codec::msgpack::from_slice::<BTreeMap<Compat<K>, u8>>(&packed).unwrap(), wrapped);
        json
    }
    assert_eq!(keys(BTreeMap::from([(Color::Red, 1), (Color::Green, 2)])), r#"{"Red":1,"Green":2}"#);
    assert_eq!(keys(BTreeMap::from([(-7i64, 1), (u32::MAX as i64, 2)])), r#"{"-7":1,"4294967295":2}"#);
    assert_eq!(keys(BTreeMap::from([(true, 1)])), r#"{"true":1}"#);
    assert_eq!(keys(BTreeMap::from([(Newtype(3), 1)])), r#"{"3":1}"#);
    keys(BTreeMap::from([("k\"ey".to_owned(), 1)]));
    keys(BTreeMap::from([(u128::MAX, 1)]));
    // A tuple is no JSON key (serde_json refuses it too), but is a MessagePack one.
    let tuple_keys = BTreeMap::from([(Compat((1u8, 2u8)), 3u8)]);
    assert!(codec::json::to_string(&tuple_keys).is_err());
    let packed = codec::msgpack::to_vec(&tuple_keys).unwrap();
    assert_eq!(packed, b"\x81\x92\x01\x02\x03");
    assert_eq!(codec::msgpack::from_slice::<BTreeMap<Compat<(u8, u8)>, u8>>(&packed).unwrap(), tuple_keys);
    // A key that does not read as the type: the error at the key, in the input's offsets.
    let e = codec::json::from_str::<BTreeMap<Compat<Color>, u8>>(r#"{"Red": 1, "Blue": 2}"#).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::UnknownVariant { name, .. } if name == "Blue"), "{e}");
    assert_eq!(e.column(), Some(12));
    let e = codec::msgpack::from_slice::<BTreeMap<Compat<(u8, u8)>, u8>>(b"\x82\x92\x01\x02\x03\x92\x01\xa1x\x04")
        .unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidType { .. }), "{e}");
    assert_eq!(e.offset(), Some(7));
}

// ---- errors: kind, position and path ----

#[test]
fn decode_errors_carry_codec_position_and_the_path_inside_the_value() {
    #[derive(Codec, Debug)]
    struct Doc {
        #[codec(with = "codec::serde")]
        payload: Everything,
    }
    let good = serde_json::to_string_pretty(&everything()).unwrap();
    let doc = |payload: &str| format!("{{\n\"payload\": {payload}\n}}");

    // A type mismatch deep inside: the line and column of the value, the whole path.
    let bad = good.replace("\"x\": 0.1", "\"x\": \"0.1\"");
    let e = codec::json::from_str::<Doc>(&doc(&bad)).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidType { found, .. } if found == "string \"0.1\""), "{e}");
    assert_eq!(e.path(), ".payload.shapes[3].Struct.x");
    let line = doc(&bad).lines().position(|l| l.contains("\"0.1\"")).unwrap() + 1;
    let column = doc(&bad).lines().nth(line - 1).unwrap().find("\"0.1\"").unwrap() + 1;
    assert_eq!((e.line(), e.column()), (Some(line), Some(column)), "{e}");

    // In a map: the key on the path; a key that is no integer: the key, at the key.
    let e = json_error::<BTreeMap<i32, u8>>("{\"5\": 1, \"6\": -1}");
    assert!(matches!(e.0, ErrorKind::InvalidValue(_)), "{e:?}");
    assert_eq!((e.2, e.3), (Some(15), "[\"6\"]".to_owned()));
    let e = json_error::<BTreeMap<u8, u8>>("{\"300\": 1}");
    assert!(matches!(e.0, ErrorKind::OutOfRange(_)), "{e:?}");
    assert_eq!(e.2, Some(2));

    // serde's own error kinds map to codec's.
    let e = json_error::<Shape>(r#"{"Circle": 1}"#);
    assert_eq!(
        e.0,
        ErrorKind::UnknownVariant { name: "Circle".into(), expected: &["Unit", "Newtype", "Tuple", "Struct"] }
    );
    let e = json_error::<Inner>(r#"{"b": "x"}"#);
    assert_eq!((e.0, e.2), (ErrorKind::MissingField("c"), Some(10)));
    let e = json_error::<Inner>(r#"{"b": "x", "c": [], "b": "y"}"#);
    assert_eq!(e.0, ErrorKind::DuplicateField("b".into()));
    let e = json_error::<(u8, u8)>("[1, 2, 3]");
    assert!(matches!(e.0, ErrorKind::InvalidValue(_)), "{e:?}");
    let e = json_error::<(u8, u8, u8)>("[1, 2]");
    assert!(matches!(e.0, ErrorKind::InvalidValue(ref m) if m.contains("length 2")), "{e:?}");

    // Malformed input inside the value is codec's syntax error.
    let e = json_error::<Vec<u8>>("[1, 2,, 3]");
    assert!(matches!(e.0, ErrorKind::Syntax(_)), "{e:?}");
    assert_eq!(e.2, Some(7));

    // MessagePack: the offset and the path (a struct variant's field, by name).
    let packed = rmp_serde::to_vec_named(&vec![Shape::Unit, Shape::Struct { x: 1.0, y: None }]).unwrap();
    let mut bad = packed.clone();
    let at = bad.windows(2).position(|w| w == b"\xa1x").unwrap() + 2;
    bad[at] = 0xa1; // the float 64 becomes a one-byte string
    bad.truncate(at + 2);
    bad.extend_from_slice(b"\xa1y\xc0");
    let e = codec::msgpack::from_slice::<Compat<Vec<Shape>>>(&bad).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidType { .. }), "{e}");
    assert_eq!((e.path(), e.offset()), ("[1].Struct.x".to_owned(), Some(at)));
    let e = codec::msgpack::from_slice::<Compat<BTreeMap<u8, bool>>>(b"\x81\x07\x01").unwrap_err();
    assert_eq!((e.path(), e.offset()), ("[\"7\"]".to_owned(), Some(2)));
}

#[test]
fn encode_errors_carry_the_path_inside_the_value() {
    #[derive(Serialize)]
    struct Deep {
        list: Vec<BTreeMap<String, Shape>>,
    }
    let deep =
        Deep { list: vec![BTreeMap::new(), BTreeMap::from([("k".into(), Shape::Struct { x: f64::NAN, y: None })])] };
    let e = codec::json::to_vec(&Compat(&deep)).unwrap_err();
    assert_eq!(e.path(), ".list[1][\"k\"].Struct.x");
    // A key JSON cannot write is serde_json's error too.
    let e = codec::json::to_vec(&Compat(BTreeMap::from([((1, 2), 3)]))).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidType { found, .. } if found == "tuple"), "{e}");
    assert!(serde_json::to_vec(&BTreeMap::from([((1, 2), 3)])).is_err());
    // A custom error of a `Serialize` impl, on its path, in MessagePack too.
    struct Refuses;
    impl Serialize for Refuses {
        fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
            Err(serde::ser::Error::custom("refused"))
        }
    }
    let e = codec::msgpack::to_vec(&Compat(BTreeMap::from([(7u8, vec![Refuses])]))).unwrap_err();
    assert_eq!((e.kind(), e.path()), (&ErrorKind::Custom("refused".into()), "[\"7\"][0]".to_owned()));
}

// ---- limits ----

#[test]
fn depth_limit_holds_on_deeply_nested_values() {
    let deep_json = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let e = codec::json::from_str::<Compat<serde_json::Value>>(&deep_json).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::DepthLimit(128));
    let deep_objects = format!("{}1{}", r#"{"a":"#.repeat(10_000), "}".repeat(10_000));
    let e = codec::json::from_str::<Compat<serde_json::Value>>(&deep_objects).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::DepthLimit(128));
    assert!(e.path().starts_with(r#"["a"]["a"]"#), "{}", e.path());
    let mut deep_msgpack = vec![0x91; 10_000];
    deep_msgpack.push(0xc0);
    let e = codec::msgpack::from_slice::<Compat<serde_json::Value>>(&deep_msgpack).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::DepthLimit(128));

    // Within the limit it reads, as serde_json reads it.
    let ok = format!("{}{}", "[".repeat(100), "]".repeat(100));
    let v = codec::json::from_str::<Compat<serde_json::Value>>(&ok).unwrap().0;
    assert_eq!(v, serde_json::from_str::<serde_json::Value>(&ok).unwrap());

    // A value serde ignores (an unknown field) is skipped under the same limit.
    let ignored = format!(r#"{{"b": "x", "c": [], "extra": {deep_json}}}"#);
    let e = codec::json::from_str::<Compat<Inner>>(&ignored).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::DepthLimit(128));
    let mut ignored = rmp_serde::to_vec_named(&BTreeMap::from([("b", "x")])).unwrap();
    ignored[0] = 0x83;
    ignored.extend_from_slice(b"\xa1c\x90\xa5extra");
    ignored.extend_from_slice(&deep_msgpack);
    let e = codec::msgpack::from_slice::<Compat<Inner>>(&ignored).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::DepthLimit(128));
}

/// A serde type that recurses without opening a container (a newtype around an option of
/// itself) stops at the limit of nested levels, not at the end of the stack.
#[test]
fn recursive_newtypes_stop_at_the_nesting_limit() {
    #[derive(Deserialize, Debug)]
    struct N(#[allow(dead_code)] Option<Box<N>>);
    let e = codec::json::from_str::<Compat<N>>("1").unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::RecursionLimit(128));
    let e = codec::msgpack::from_slice::<Compat<N>>(b"\x01").unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::RecursionLimit(128));
    assert!(codec::json::from_str::<Compat<N>>("null").unwrap().0 .0.is_none());
}

#[test]
fn string_and_number_limits_hold() {
    let opts = codec::json::Options::new().max_string_len(8);
    let e = codec::json::from_slice_with::<Compat<Inner>>(br#"{"b": "far too long", "c": []}"#, &opts).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::SizeLimit(_)), "{e}");
    assert_eq!(e.offset(), Some(6));
    let e =
        codec::json::from_slice_with::<Compat<BTreeMap<String, u8>>>(br#"{"a very long key": 1}"#, &opts).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::SizeLimit(_)), "{e}");
    let long_number = format!("[{}]", "1".repeat(2000));
    let e = codec::json::from_str::<Compat<serde_json::Value>>(&long_number).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::SizeLimit(_)), "{e}");
    let opts = codec::msgpack::Options::new().max_string_len(8);
    let packed = rmp_serde::to_vec_named(&Inner { b: "far too long".into(), c: vec![] }).unwrap();
    let e = codec::msgpack::from_slice_with::<Compat<Inner>>(&packed, &opts).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::SizeLimit(_)), "{e}");
}
