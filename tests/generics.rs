//! Generic and lifetime-parameterized types: mostly that the derive compiles (with inferred
//! bounds that neither over- nor under-constrain), plus a few round trips.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Debug;
use std::marker::PhantomData;

use codec::json::{from_str, to_string};
use codec::{Codec, Decode, DecodeOwned, Encode};

/// Instantiates the impls the derive must have produced, for types that borrow nothing.
fn assert_codec<T: Encode + DecodeOwned>() {}

/// For types that borrow from the input.
fn assert_codec_de<'de, T: Encode + Decode<'de>>() {}

fn round_trip<T>(value: &T, json: &str)
where
    T: Encode + DecodeOwned + PartialEq + Debug,
{
    assert_eq!(to_string(value).unwrap(), json);
    assert_eq!(&from_str::<T>(json).unwrap(), value);
}

// ---------------------------------------------------------------- type parameters

#[derive(Codec, Debug, PartialEq)]
struct Pair<A, B> {
    first: A,
    second: B,
}

#[derive(Codec, Debug, PartialEq)]
struct Wrapper<T>(T);

#[derive(Codec, Debug, PartialEq)]
struct Both<T>(T, Option<T>);

#[derive(Codec, Debug, PartialEq)]
struct Page<T> {
    items: Vec<T>,
    by_id: BTreeMap<u32, T>,
    next: Option<Box<T>>,
}

/// A type with no codec impls at all.
#[derive(Debug, PartialEq, Default)]
struct NoCodec;

#[derive(Codec, Debug, PartialEq)]
struct Typed<T> {
    id: u32,
    marker: PhantomData<T>,
}

#[derive(Codec, Debug, PartialEq)]
struct SkipsT<T> {
    id: u32,
    #[codec(skip)]
    cache: Option<T>,
}

#[derive(Codec, Debug, PartialEq)]
struct Tree<T> {
    value: T,
    children: Vec<Tree<T>>,
}

#[derive(Codec, Debug, PartialEq)]
enum List<T> {
    Nil,
    Cons(T, Box<List<T>>),
}

#[derive(Codec, Debug, PartialEq)]
struct Named<'a, T> {
    name: &'a str,
    label: Cow<'a, str>,
    value: T,
}

#[derive(Codec, Debug, PartialEq)]
struct TwoLifetimes<'a, 'b: 'a, T> {
    short: &'a str,
    long: &'b str,
    items: Vec<T>,
}

#[derive(Codec, Debug, PartialEq)]
struct Grid<T, const N: usize> {
    cells: [T; N],
    rows: [[u8; 2]; N],
}

#[derive(Codec, Debug, PartialEq)]
struct Bounded<T>
where
    T: Clone + Debug,
{
    value: T,
    copies: Vec<T>,
}

#[derive(Codec, Debug, PartialEq)]
struct Inline<T: Clone + Default, U = u8> {
    t: T,
    u: U,
}

#[derive(Codec, Debug, PartialEq)]
struct Inner<T> {
    inner: T,
}

#[derive(Codec, Debug, PartialEq)]
enum External<T> {
    Unit,
    Struct { v: T },
    Newtype(T),
    Tuple(T, T),
}

#[derive(Codec, Debug, PartialEq)]
#[codec(tag = "type")]
enum Internal<T> {
    Unit,
    Struct { v: T },
    Newtype(Inner<T>),
}

#[derive(Codec, Debug, PartialEq)]
#[codec(tag = "t", content = "c")]
enum Adjacent<T> {
    Unit,
    Struct { v: T },
    Newtype(T),
    Tuple(T, T),
}

#[derive(Codec, Debug, PartialEq)]
#[codec(untagged)]
enum Untagged<A, B> {
    A(A),
    B(B),
}

#[derive(Codec, Debug, PartialEq)]
enum BorrowedEnum<'a, T> {
    Text(&'a str),
    Value { v: T },
}

#[derive(Codec, Debug, PartialEq)]
struct Flattened<T> {
    id: u32,
    #[codec(flatten)]
    rest: Inner<T>,
}

#[test]
fn generic_types_implement_both_directions() {
    assert_codec::<Pair<u8, String>>();
    assert_codec::<Wrapper<Vec<bool>>>();
    assert_codec::<Both<i64>>();
    assert_codec::<Page<String>>();
    assert_codec::<Typed<NoCodec>>();
    assert_codec::<SkipsT<NoCodec>>();
    assert_codec::<Tree<u8>>();
    assert_codec::<List<String>>();
    assert_codec_de::<Named<'_, u8>>();
    assert_codec_de::<TwoLifetimes<'_, '_, Tree<u8>>>();
    assert_codec::<Grid<u8, 3>>();
    assert_codec::<Bounded<String>>();
    assert_codec::<Inline<u8>>();
    assert_codec::<External<String>>();
    assert_codec::<Internal<String>>();
    assert_codec::<Adjacent<String>>();
    assert_codec::<Untagged<u8, String>>();
    assert_codec_de::<BorrowedEnum<'_, f64>>();
    assert_codec::<Flattened<bool>>();
}

#[test]
fn generic_round_trips() {
    round_trip(&Pair { first: 1u8, second: "x".to_string() }, r#"{"first":1,"second":"x"}"#);
    round_trip(&Wrapper(vec![true]), "[true]");
    round_trip(&Both(1, None), "[1,null]");
    round_trip(
        &Page { items: vec![1u8], by_id: BTreeMap::from([(2, 3)]), next: Some(Box::new(4)) },
        r#"{"items":[1],"by_id":{"2":3},"next":4}"#,
    );
    round_trip(
        &Grid { cells: [1u8, 2, 3], rows: [[1, 2], [3, 4], [5, 6]] },
        r#"{"cells":[1,2,3],"rows":[[1,2],[3,4],[5,6]]}"#,
    );
    round_trip(&Bounded { value: "a".to_string(), copies: vec![] }, r#"{"value":"a","copies":[]}"#);
    round_trip(&Inline::<bool> { t: true, u: 9 }, r#"{"t":true,"u":9}"#);
    round_trip(&Flattened { id: 1, rest: Inner { inner: false } }, r#"{"id":1,"inner":false}"#);
    assert!(from_str::<Grid<u8, 3>>(r#"{"cells":[1,2],"rows":[[1,2],[3,4],[5,6]]}"#).is_err());
}

#[test]
fn recursive_generic_types() {
    let tree = Tree {
        value: 1u32,
        children: vec![
            Tree { value: 2, children: vec![] },
            Tree { value: 3, children: vec![Tree { value: 4, children: vec![] }] },
        ],
    };
    round_trip(
        &tree,
        r#"{"value":1,"children":[{"value":2,"children":[]},{"value":3,"children":[{"value":4,"children":[]}]}]}"#,
    );
    let list = List::Cons("a".to_string(), Box::new(List::Cons("b".to_string(), Box::new(List::Nil))));
    round_trip(&list, r#"{"Cons":["a",{"Cons":["b","Nil"]}]}"#);
}

#[test]
fn phantom_and_skipped_type_params_need_no_impl() {
    let t: Typed<NoCodec> = from_str(r#"{"id":3,"marker":null}"#).unwrap();
    assert_eq!(t, Typed { id: 3, marker: PhantomData });
    assert_eq!(from_str::<Typed<NoCodec>>(r#"{"id":3}"#).unwrap(), t);
    assert_eq!(to_string(&t).unwrap(), r#"{"id":3,"marker":null}"#);
    let s: SkipsT<NoCodec> = from_str(r#"{"id":4,"cache":"ignored"}"#).unwrap();
    assert_eq!(s, SkipsT { id: 4, cache: None });
    assert_eq!(to_string(&s).unwrap(), r#"{"id":4}"#);
}

#[test]
fn generic_enums_in_each_representation() {
    round_trip(&External::<u8>::Unit, r#""Unit""#);
    round_trip(&External::Struct { v: 1u8 }, r#"{"Struct":{"v":1}}"#);
    round_trip(&External::Newtype(2u8), r#"{"Newtype":2}"#);
    round_trip(&External::Tuple(3u8, 4), r#"{"Tuple":[3,4]}"#);

    round_trip(&Internal::<u8>::Unit, r#"{"type":"Unit"}"#);
    round_trip(&Internal::Struct { v: 1u8 }, r#"{"type":"Struct","v":1}"#);
    round_trip(&Internal::Newtype(Inner { inner: 2u8 }), r#"{"type":"Newtype","inner":2}"#);
    assert_eq!(
        from_str::<Internal<u8>>(r#"{"inner":2,"type":"Newtype"}"#).unwrap(),
        Internal::Newtype(Inner { inner: 2 })
    );

    round_trip(&Adjacent::<u8>::Unit, r#"{"t":"Unit"}"#);
    round_trip(&Adjacent::Struct { v: 1u8 }, r#"{"t":"Struct","c":{"v":1}}"#);
    round_trip(&Adjacent::Newtype(2u8), r#"{"t":"Newtype","c":2}"#);
    round_trip(&Adjacent::Tuple(3u8, 4), r#"{"t":"Tuple","c":[3,4]}"#);

    round_trip(&Untagged::<u8, String>::A(1), "1");
    round_trip(&Untagged::<u8, String>::B("b".into()), r#""b""#);
}

#[test]
fn lifetimes_with_type_params() {
    let input = r#"{"name":"n","label":"l","value":[1,2]}"#;
    let v: Named<'_, Vec<u8>> = from_str(input).unwrap();
    assert_eq!(v, Named { name: "n", label: Cow::Borrowed("l"), value: vec![1, 2] });
    assert_eq!(to_string(&v).unwrap(), input);

    let input = r#"{"short":"s","long":"l","items":[{"value":1,"children":[]}]}"#;
    let v: TwoLifetimes<'_, '_, Tree<u8>> = from_str(input).unwrap();
    assert_eq!((v.short, v.long, v.items.len()), ("s", "l", 1));
    assert_eq!(to_string(&v).unwrap(), input);

    let v: BorrowedEnum<'_, f64> = from_str(r#"{"Text":"t"}"#).unwrap();
    assert_eq!(v, BorrowedEnum::Text("t"));
    let v: BorrowedEnum<'_, f64> = from_str(r#"{"Value":{"v":0.5}}"#).unwrap();
    assert_eq!(to_string(&v).unwrap(), r#"{"Value":{"v":0.5}}"#);
}

/// A type whose own lifetime is called `'de` decodes with it as the input lifetime.
#[derive(Codec, Debug, PartialEq)]
struct NamedDe<'de> {
    s: &'de str,
}

/// `bound(decode = ...)` names the input lifetime `'de`, as serde users write it.
#[derive(Codec, Debug, PartialEq)]
#[codec(bound(encode = "T: codec::Encode", decode = "T: codec::Decode<'de>"))]
struct ExplicitDeBound<T> {
    v: T,
}

#[test]
fn de_lifetime_names() {
    let input = r#"{"s":"borrowed"}"#;
    let v: NamedDe = codec::json::from_str(input).unwrap();
    assert_eq!(v.s.as_ptr(), input[6..].as_ptr());
    let e: ExplicitDeBound<&str> = codec::json::from_str(r#"{"v":"x"}"#).unwrap();
    assert_eq!(e, ExplicitDeBound { v: "x" });
    assert_eq!(codec::json::to_string(&e).unwrap(), r#"{"v":"x"}"#);
}

pub trait Schema {
    type Id;
    type Item;
}

#[derive(Debug, PartialEq)]
pub struct Numbers;

impl Schema for Numbers {
    type Id = u64;
    type Item = i8;
}

/// An associated type named through a parameter (`S::Item`, also inside `Vec`, `Option`
/// or a map) is bounded itself, not the parameter: `Numbers` is not `Codec`.
#[derive(Codec, Debug, PartialEq)]
struct BySchema<S: Schema> {
    id: S::Id,
    items: Vec<S::Item>,
    by_id: BTreeMap<String, Option<S::Item>>,
    marker: PhantomData<S>,
}

#[test]
fn associated_types_are_bounded_themselves() {
    let v = BySchema::<Numbers> {
        id: 7,
        items: vec![-1, 2],
        by_id: BTreeMap::from([("a".into(), None)]),
        marker: PhantomData,
    };
    let json = to_string(&v).unwrap();
    assert_eq!(json, r#"{"id":7,"items":[-1,2],"by_id":{"a":null},"marker":null}"#);
    assert_eq!(from_str::<BySchema<Numbers>>(&json).unwrap(), v);
    assert!(from_str::<BySchema<Numbers>>(r#"{"id":7,"items":[300],"by_id":{}}"#).is_err());
}
