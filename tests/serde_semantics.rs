//! serde's meaning on the shapes of serde's own test suite that codec read differently or
//! did not compile: every type here derives serde's traits and `Codec` and carries serde
//! attributes only, and codec must write serde_json's bytes, decode what serde_json
//! decodes (to an equal value) and reject what it rejects. Where codec keeps a rule of its
//! own (an object API does not read arrays as structs), the test says so and checks
//! codec's rule, which the README states.

use std::fmt::Debug;
use std::marker::PhantomData;

use codec::Codec;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

mod common;
use common::{decodes_alike, encodes_alike};

/// [`encodes_alike`], then the JSON decodes (with both) back to `value`, and codec's
/// MessagePack round-trips it too.
fn round_trips_alike<T>(value: &T) -> String
where
    T: codec::Encode + Serialize + codec::DecodeOwned + DeserializeOwned + PartialEq + Debug,
{
    let json = encodes_alike(value);
    assert_eq!(decodes_alike::<T>(&json).as_ref(), Some(value), "{json} does not decode back");
    let mp = codec::msgpack::to_vec(value).unwrap();
    let back: T = codec::msgpack::from_slice(&mp).unwrap_or_else(|e| panic!("MessagePack of {value:?}: {e}"));
    assert_eq!(&back, value, "MessagePack of {value:?}");
    json
}

/// codec rejects `input` and serde_json accepts it: a rule of codec's own.
fn codec_only_rejects<T>(input: &str) -> String
where
    T: codec::DecodeOwned + DeserializeOwned + Debug,
{
    serde_json::from_str::<T>(input).unwrap_or_else(|e| panic!("serde_json rejects {input}: {e}"));
    codec::json::from_str::<T>(input).expect_err(input).to_string()
}

/// codec accepts `input` and serde_json rejects it: a rule of codec's own.
fn codec_only_accepts<T>(input: &str) -> T
where
    T: codec::DecodeOwned + DeserializeOwned + Debug,
{
    serde_json::from_str::<T>(input).expect_err(input);
    codec::json::from_str::<T>(input).unwrap_or_else(|e| panic!("codec rejects {input}: {e}"))
}

// ------------------------------------------------------------------ defaults in tuples

fn seven() -> u32 {
    7
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
struct TupleDefaults(u32, #[serde(default)] u32, #[serde(default = "seven")] u32);

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
enum TupleVariantDefaults {
    Two(u32, #[serde(default)] String),
    Three(u32, #[serde(default)] u32, #[serde(default = "seven")] u32),
}

/// serde fills missing trailing elements of a tuple from their `default`; an element
/// without one, or any element after the end, is still an error.
#[test]
fn tuple_elements_take_their_default_when_missing() {
    assert_eq!(decodes_alike::<TupleDefaults>("[1]"), Some(TupleDefaults(1, 0, 7)));
    assert_eq!(decodes_alike::<TupleDefaults>("[1,2]"), Some(TupleDefaults(1, 2, 7)));
    assert_eq!(decodes_alike::<TupleDefaults>("[1,2,3]"), Some(TupleDefaults(1, 2, 3)));
    assert_eq!(decodes_alike::<TupleDefaults>("[]"), None);
    assert_eq!(decodes_alike::<TupleDefaults>("[1,2,3,4]"), None);
    round_trips_alike(&TupleDefaults(1, 2, 3));

    use TupleVariantDefaults::*;
    assert_eq!(decodes_alike::<TupleVariantDefaults>(r#"{"Two":[1]}"#), Some(Two(1, String::new())));
    assert_eq!(decodes_alike::<TupleVariantDefaults>(r#"{"Three":[1]}"#), Some(Three(1, 0, 7)));
    assert_eq!(decodes_alike::<TupleVariantDefaults>(r#"{"Three":[1,2]}"#), Some(Three(1, 2, 7)));
    assert_eq!(decodes_alike::<TupleVariantDefaults>(r#"{"Three":[]}"#), None);
    assert_eq!(decodes_alike::<TupleVariantDefaults>(r#"{"Three":[1,2,3,4]}"#), None);
    round_trips_alike(&Three(1, 2, 3));

    // MessagePack: a shorter array fills the same elements.
    let short = codec::msgpack::to_vec(&(1u32,)).unwrap();
    assert_eq!(codec::msgpack::from_slice::<TupleDefaults>(&short).unwrap(), TupleDefaults(1, 0, 7));
    let err = codec::json::from_str::<TupleDefaults>("[]").unwrap_err().to_string();
    assert_eq!(err, "invalid value: expected an array of 1 to 3 elements, found 0 (line 1, column 2)");
    let err = codec::json::from_str::<TupleDefaults>("[1,2,3,4]").unwrap_err().to_string();
    assert_eq!(err, "invalid value: expected an array of 1 to 3 elements, found more (line 1, column 7)");
    let long = codec::msgpack::to_vec(&(1u32, 2u32, 3u32, 4u32)).unwrap();
    let err = codec::msgpack::from_slice::<TupleDefaults>(&long).unwrap_err().to_string();
    assert!(err.starts_with("invalid value: expected an array of 1 to 3 elements, found 4"), "{err}");
    let err = codec::msgpack::from_slice::<TupleDefaults>(b"\x90").unwrap_err().to_string();
    assert!(err.starts_with("invalid value: expected an array of 1 to 3 elements, found 0"), "{err}");
    // A variant's content: `{"Three": [1]}` and `{"Two": [1]}`.
    assert_eq!(codec::msgpack::from_slice::<TupleVariantDefaults>(b"\x81\xa5Three\x91\x01").unwrap(), Three(1, 0, 7));
    assert_eq!(
        codec::msgpack::from_slice::<TupleVariantDefaults>(b"\x81\xa3Two\x91\x01").unwrap(),
        Two(1, String::new())
    );
    // JSON: an array cut after a required element, or one that stops mid-way.
    let err = codec::json::from_str::<TupleDefaults>("[1,").unwrap_err().to_string();
    assert!(err.contains("line 1, column 4"), "{err}");
    let err = codec::json::from_str::<TupleVariantDefaults>(r#"{"Three":[1,2,3,4]}"#).unwrap_err().to_string();
    assert_eq!(err, "invalid value: expected an array of 1 to 3 elements, found more at .Three (line 1, column 16)");
}

// ------------------------------------------------------------------ arrays for objects

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Point {
    x: i32,
    y: i32,
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
enum Shape {
    Struct { a: u32, b: u32, c: u32 },
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "type")]
enum Tagged {
    Variant { a: u32, b: u32 },
}

/// serde_json reads a struct with named fields, a struct variant's content and an
/// internally tagged enum from an array of the values in order; codec reads them from
/// objects only (an API that writes objects does not send arrays, and an array read as
/// an object would give its values to fields by position, silently). Each is an error
/// that names what codec expected.
#[test]
fn structs_from_arrays_are_serde_json_only() {
    assert_eq!(
        codec_only_rejects::<Point>("[1,2]"),
        "invalid type: expected an object, found array (line 1, column 1)"
    );
    assert_eq!(
        codec_only_rejects::<Shape>(r#"{"Struct":[1,2,3]}"#),
        "invalid type: expected an object, found array at .Struct (line 1, column 11)"
    );
    assert_eq!(
        codec_only_rejects::<Tagged>(r#"["Variant",1,2]"#),
        "invalid type: expected an object, found array (line 1, column 1)"
    );
    // The objects are read alike.
    assert_eq!(decodes_alike::<Point>(r#"{"y":2,"x":1}"#), Some(Point { x: 1, y: 2 }));
    round_trips_alike(&Shape::Struct { a: 1, b: 2, c: 3 });
    round_trips_alike(&Tagged::Variant { a: 1, b: 2 });
}

// ------------------------------------------------------------------ `other`

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
enum External {
    A(u32),
    #[serde(other)]
    Other,
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    A(u32),
    #[serde(other)]
    Other,
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "t")]
enum Internal {
    A {
        a: u32,
    },
    #[serde(other)]
    Other,
}

/// The `other` variant is a unit variant: its content, where the representation has one,
/// is `null` or nothing, as for any unit variant.
#[test]
fn other_is_a_unit_variant() {
    assert_eq!(decodes_alike::<External>(r#""Foo""#), Some(External::Other));
    assert_eq!(decodes_alike::<External>(r#"{"Foo":null}"#), Some(External::Other));
    assert_eq!(decodes_alike::<External>(r#"{"Foo":1}"#), None);
    assert_eq!(decodes_alike::<External>(r#"{"Other":1}"#), None);
    assert_eq!(decodes_alike::<External>(r#"{"Foo":{}}"#), None);
    assert_eq!(decodes_alike::<External>(r#"{"A":1}"#), Some(External::A(1)));
    let err = codec::json::from_str::<External>(r#"{"Foo":1}"#).unwrap_err().to_string();
    assert_eq!(err, "invalid type: expected null, found integer (line 1, column 8)");

    assert_eq!(decodes_alike::<Adjacent>(r#"{"t":"Foo"}"#), Some(Adjacent::Other));
    assert_eq!(decodes_alike::<Adjacent>(r#"{"t":"Foo","c":null}"#), Some(Adjacent::Other));
    assert_eq!(decodes_alike::<Adjacent>(r#"{"c":null,"t":"Foo"}"#), Some(Adjacent::Other));
    assert_eq!(decodes_alike::<Adjacent>(r#"{"t":"Foo","c":1}"#), None);
    assert_eq!(decodes_alike::<Adjacent>(r#"{"c":[1],"t":"Foo"}"#), None);

    // An internally tagged unit variant is an object of the tag and any other keys.
    assert_eq!(decodes_alike::<Internal>(r#"{"t":"Foo"}"#), Some(Internal::Other));
    assert_eq!(decodes_alike::<Internal>(r#"{"x":[1],"t":"Foo","y":2}"#), Some(Internal::Other));

    // MessagePack alike: `{"Foo": 1}` is refused, `{"Foo": nil}` read.
    let with_content = codec::msgpack::to_vec(&std::collections::BTreeMap::from([("Foo", 1u8)])).unwrap();
    assert!(codec::msgpack::from_slice::<External>(&with_content).is_err());
    let with_nil = codec::msgpack::to_vec(&std::collections::BTreeMap::from([("Foo", ())])).unwrap();
    assert_eq!(codec::msgpack::from_slice::<External>(&with_nil).unwrap(), External::Other);
}

// ------------------------------------------------------------------ PhantomData, floats

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
struct WithPhantom {
    a: u32,
    p: PhantomData<String>,
}

/// A `PhantomData` field is written as `null`, as serde writes it, and read from `null`;
/// codec also accepts it missing (it carries nothing), where serde_json says "missing
/// field": a rule of codec's own, which the README states.
#[test]
fn phantom_data_may_be_missing() {
    assert_eq!(round_trips_alike(&WithPhantom { a: 1, p: PhantomData }), r#"{"a":1,"p":null}"#);
    assert_eq!(codec_only_accepts::<WithPhantom>(r#"{"a":1}"#), WithPhantom { a: 1, p: PhantomData });
    assert_eq!(decodes_alike::<WithPhantom>(r#"{"a":1,"p":3}"#), None);
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
struct Floats {
    x: f32,
}

/// A number beyond `f32`'s range is an error, as in serde_json (no infinity: codec
/// refuses to write one, so reading one would not round-trip); one below its smallest
/// subnormal is zero, as in serde_json.
#[test]
fn f32_out_of_range_is_an_error() {
    for input in [r#"{"x":1e39}"#, r#"{"x":-1e39}"#, r#"{"x":3.5e38}"#] {
        assert_eq!(decodes_alike::<Floats>(input), None, "{input}");
    }
    let err = codec::json::from_str::<Floats>(r#"{"x":1e39}"#).unwrap_err().to_string();
    assert_eq!(err, "number out of range: 1e39 does not fit in f32 at .x (line 1, column 6)");
    assert_eq!(decodes_alike::<Floats>(r#"{"x":3.4028235e38}"#), Some(Floats { x: f32::MAX }));
    assert_eq!(decodes_alike::<Floats>(r#"{"x":1e-50}"#), Some(Floats { x: 0.0 }));
    assert_eq!(decodes_alike::<Floats>(r#"{"x":-1e-50}"#).map(|f| f.x.is_sign_negative()), Some(true));
}

// ------------------------------------------------------------------ aliases

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
enum Ping {
    #[serde(alias = "PING")]
    Ping,
    #[serde(alias = "pong", alias = "pong", alias = "PONG")]
    Pong,
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Aliased {
    #[serde(alias = "userId", alias = "uid", alias = "uid")]
    user_id: u32,
}

/// An alias that repeats the name (here the `rename_all` form) or another alias names
/// nothing new: serde accepts it, and so does codec.
#[test]
fn aliases_repeating_a_name_are_accepted() {
    assert_eq!(round_trips_alike(&Ping::Ping), r#""PING""#);
    assert_eq!(decodes_alike::<Ping>(r#""pong""#), Some(Ping::Pong));
    assert_eq!(decodes_alike::<Ping>(r#""Ping""#), None);
    assert_eq!(round_trips_alike(&Aliased { user_id: 3 }), r#"{"userId":3}"#);
    assert_eq!(decodes_alike::<Aliased>(r#"{"uid":4}"#), Some(Aliased { user_id: 4 }));
    assert_eq!(decodes_alike::<Aliased>(r#"{"uid":4,"userId":4}"#), None);
}

// ------------------------------------------------------------------ inferred bounds

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
struct DefaultGeneric<T> {
    #[serde(default)]
    a: T,
    b: u32,
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
struct SkipGeneric<T, U> {
    #[serde(skip)]
    a: T,
    #[serde(skip_deserializing)]
    b: U,
    c: u32,
}

/// Not `Default`: a field of this type may not be filled from `Default`, and never is.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
struct NoDefault(u32);

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
struct DefaultPathGeneric<T: From<NoDefault>> {
    #[serde(default = "no_default")]
    a: T,
}

fn no_default<T: From<NoDefault>>() -> T {
    T::from(NoDefault(9))
}

pub trait Family {
    type Member;
    type Id;
}

#[derive(Debug, PartialEq)]
pub struct Bytes;

impl Family for Bytes {
    type Member = u8;
    type Id = String;
}

/// `T` itself is neither serde's nor codec's: only its associated types are bounded.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
struct Associated<T: Family> {
    member: T::Member,
    id: T::Id,
    #[serde(default)]
    spare: T::Member,
}

/// serde bounds a type parameter by `Default` where decoding fills its field from
/// `Default` (`default`, `skip`, `skip_deserializing`), and bounds a field's associated
/// type (`T::Member`) rather than the parameter; codec infers the same bounds.
#[test]
fn bounds_are_inferred_as_serde_infers_them() {
    round_trips_alike(&DefaultGeneric { a: vec![1u8], b: 2 });
    assert_eq!(decodes_alike::<DefaultGeneric<String>>(r#"{"b":2}"#), Some(DefaultGeneric { a: String::new(), b: 2 }));

    let v = SkipGeneric { a: 5u8, b: "s".to_owned(), c: 1 };
    assert_eq!(encodes_alike(&v), r#"{"b":"s","c":1}"#);
    assert_eq!(
        decodes_alike::<SkipGeneric<u8, String>>(r#"{"b":"s","c":1}"#),
        Some(SkipGeneric { a: 0, b: String::new(), c: 1 })
    );

    // A `default` path asks for no `Default`.
    assert_eq!(decodes_alike::<DefaultPathGeneric<NoDefault>>("{}"), Some(DefaultPathGeneric { a: NoDefault(9) }));

    let v = Associated::<Bytes> { member: 1, id: "x".into(), spare: 2 };
    assert_eq!(round_trips_alike(&v), r#"{"member":1,"id":"x","spare":2}"#);
    let back = decodes_alike::<Associated<Bytes>>(r#"{"member":1,"id":"y"}"#);
    assert_eq!(back, Some(Associated { member: 1, id: "y".into(), spare: 0 }));
}

// ------------------------------------------------------------------ transparent

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
#[serde(transparent)]
struct Tagged1<T> {
    value: u32,
    unit: PhantomData<T>,
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
#[serde(transparent)]
struct Tagged2<T>(PhantomData<T>, String);

/// A `transparent` struct's `PhantomData` fields are not its one field: serde leaves them
/// out (and fills them on decode), and so does codec.
#[test]
fn transparent_beside_phantom_data() {
    assert_eq!(round_trips_alike(&Tagged1::<String> { value: 3, unit: PhantomData }), "3");
    assert_eq!(round_trips_alike(&Tagged2::<Vec<u8>>(PhantomData, "s".into())), r#""s""#);
    assert_eq!(decodes_alike::<Tagged1<u8>>("null"), None);
}

// ------------------------------------------------------------------ map keys

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Clone)]
struct UserId(String);

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Clone)]
struct Seq(u32);

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Clone)]
#[serde(transparent)]
struct Code {
    code: i8,
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord, Clone)]
#[serde(transparent)]
struct Marked<T>(char, PhantomData<T>);

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Clone)]
struct Nested(UserId);

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
struct Keyed {
    users: std::collections::HashMap<UserId, u32>,
    seqs: std::collections::BTreeMap<Seq, bool>,
    codes: std::collections::BTreeMap<Code, ()>,
    marks: std::collections::BTreeMap<Marked<String>, u8>,
    nested: std::collections::BTreeMap<Nested, u8>,
}

/// A newtype struct (or a `transparent` one) is a map key as its field is: serde_json
/// writes `struct UserId(String)` keys as strings and `struct Seq(u32)` keys as the
/// integer's text, and so does codec (in MessagePack, as the field's own key).
#[test]
fn newtype_structs_are_map_keys() {
    let v = Keyed {
        users: [(UserId("ann".into()), 1)].into(),
        seqs: [(Seq(7), true), (Seq(10), false)].into(),
        codes: [(Code { code: -3 }, ())].into(),
        marks: [(Marked('x', PhantomData), 2)].into(),
        nested: [(Nested(UserId("n\"q".into())), 3)].into(),
    };
    assert_eq!(
        round_trips_alike(&v),
        r#"{"users":{"ann":1},"seqs":{"7":true,"10":false},"codes":{"-3":null},"marks":{"x":2},"nested":{"n\"q":3}}"#
    );
    assert_eq!(decodes_alike::<Keyed>(r#"{"users":{},"seqs":{"x":true},"codes":{},"marks":{},"nested":{}}"#), None);
    assert_eq!(decodes_alike::<Keyed>(r#"{"users":{},"seqs":{},"codes":{"200":null},"marks":{},"nested":{}}"#), None);
    let mp = codec::msgpack::to_vec(&std::collections::BTreeMap::from([(Seq(7), 1u8)])).unwrap();
    assert_eq!(mp, codec::msgpack::to_vec(&std::collections::BTreeMap::from([(7u32, 1u8)])).unwrap());
}

// ------------------------------------------------------------------ Cow of a generic type

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
struct CowOf<'a, T: Clone> {
    value: std::borrow::Cow<'a, T>,
    #[serde(default)]
    spare: Option<std::borrow::Cow<'a, T>>,
}

/// `Cow<'a, T>` of a type parameter: written as the `T`, decoded owned (serde's impl).
#[test]
fn cow_of_a_type_parameter() {
    use std::borrow::Cow;
    let point = Point { x: 1, y: 2 };
    let v = CowOf { value: Cow::Borrowed(&point), spare: None };
    assert_eq!(encodes_alike(&v), r#"{"value":{"x":1,"y":2},"spare":null}"#);
    // (Not `decodes_alike`: codec lets a type's lifetimes borrow from the input, so
    // `CowOf<'static, _>` is not `DecodeOwned`.)
    let input = r#"{"value":[1,2]}"#;
    let back: CowOf<Vec<u8>> = codec::json::from_str(input).unwrap();
    assert_eq!(back, serde_json::from_str::<CowOf<Vec<u8>>>(input).unwrap());
    assert!(matches!(back.value, Cow::Owned(ref v) if v == &[1, 2]));
    assert!(codec::json::from_str::<CowOf<Vec<u8>>>(r#"{"value":"ab"}"#).is_err());
    let mp = codec::msgpack::to_vec(&CowOf::<u8> { value: Cow::Owned(5), spare: Some(Cow::Owned(6)) }).unwrap();
    let back: CowOf<u8> = codec::msgpack::from_slice(&mp).unwrap();
    assert_eq!((back.value.into_owned(), back.spare.map(Cow::into_owned)), (5, Some(6)));
}

// ------------------------------------------------------------------ internally tagged newtypes

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
struct Nothing;

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
struct Wrapper(Point);

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
#[serde(transparent)]
struct Clear<T> {
    point: Point,
    unit: PhantomData<T>,
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "type")]
enum Held {
    Unit(Nothing),
    Newtype(Wrapper),
    Transparent(Clear<u8>),
    Boxed(Box<Point>),
}

/// An internally tagged newtype variant may hold a unit struct (`{"type":"Unit"}`), a
/// newtype or `transparent` struct of a struct, or a boxed struct (its members beside the
/// tag), as in serde.
#[test]
fn internally_tagged_newtypes_of_unit_and_newtype_structs() {
    assert_eq!(round_trips_alike(&Held::Unit(Nothing)), r#"{"type":"Unit"}"#);
    assert_eq!(round_trips_alike(&Held::Newtype(Wrapper(Point { x: 1, y: 2 }))), r#"{"type":"Newtype","x":1,"y":2}"#);
    let clear = Held::Transparent(Clear { point: Point { x: 3, y: 4 }, unit: PhantomData });
    assert_eq!(round_trips_alike(&clear), r#"{"type":"Transparent","x":3,"y":4}"#);
    let boxed = Held::Boxed(Box::new(Point { x: 5, y: 6 }));
    assert_eq!(round_trips_alike(&boxed), r#"{"type":"Boxed","x":5,"y":6}"#);
    assert_eq!(
        decodes_alike::<Held>(r#"{"y":2,"type":"Newtype","x":1,"z":0}"#),
        Some(Held::Newtype(Wrapper(Point { x: 1, y: 2 })))
    );
    assert_eq!(decodes_alike::<Held>(r#"{"type":"Newtype","x":1}"#), None);
    // Other keys beside a unit struct's tag are skipped, as beside a unit variant's
    // (serde_json refuses them for a unit struct): codec's rule, which the README states.
    assert_eq!(codec_only_accepts::<Held>(r#"{"type":"Unit","x":[1]}"#), Held::Unit(Nothing));
    let err = codec::json::from_str::<Held>(r#"{"type":"Newtype","x":1}"#).unwrap_err().to_string();
    assert_eq!(err, "missing field `y` at <Newtype> (line 1, column 24)");
}

#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Default)]
#[serde(default)]
struct ContainerDefault<T> {
    a: T,
    b: u32,
}

/// A container `default` on a generic struct asks for `Self: Default` (serde's bound).
#[test]
fn container_default_on_a_generic_struct() {
    let back = decodes_alike::<ContainerDefault<String>>(r#"{"b":1}"#);
    assert_eq!(back, Some(ContainerDefault { a: String::new(), b: 1 }));
    round_trips_alike(&ContainerDefault { a: vec![1u8], b: 2 });
}

/// f. An internally tagged newtype variant holding an externally tagged enum: the enum's
/// variant key (and content) stand beside the tag, as serde writes them, and read back.
#[test]
fn internally_tagged_newtype_of_an_externally_tagged_enum() {
    #[derive(Serialize, Deserialize, Codec, Debug, PartialEq)]
    enum Inner {
        B(u32),
        C { x: u8 },
    }
    #[derive(Serialize, Deserialize, Codec, Debug, PartialEq)]
    #[serde(tag = "type")]
    enum Outer {
        E(Inner),
        F { y: u8 },
    }
    assert_eq!(round_trips_alike(&Outer::E(Inner::B(2))), r#"{"type":"E","B":2}"#);
    assert_eq!(round_trips_alike(&Outer::E(Inner::C { x: 1 })), r#"{"type":"E","C":{"x":1}}"#);
    assert_eq!(decodes_alike::<Outer>(r#"{"B":2,"type":"E"}"#), Some(Outer::E(Inner::B(2))));
    assert_eq!(decodes_alike::<Outer>(r#"{"type":"E"}"#), None);
}
