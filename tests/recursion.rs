//! Recursion that opens no array or object (through `Box`, `Rc`, `Arc`, newtypes and
//! untagged enums) is bounded by the depth limit like nesting is, in both formats: every
//! input ends in a value or an error, never in a stack overflow. The level is taken by the
//! derived newtype or untagged enum on the cycle, so pointers cost nothing extra and a
//! boxed list of objects takes one level per link.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use codec::{Codec, Decode, Encode, Error, ErrorKind};

/// Reads `1` as `N(Some(Box(N(Some(...)))))` for ever: only `null` ends it.
#[derive(Codec, Debug, PartialEq)]
struct N(Option<Box<N>>);

#[derive(Codec, Debug, PartialEq)]
#[codec(untagged)]
enum E {
    A(Box<E>),
    B(u8),
}

/// Two recursive variants per level: a search that tried both at every level would take
/// 2^depth steps.
#[derive(Codec, Debug, PartialEq)]
#[codec(untagged)]
enum Three {
    A(Box<Three>),
    B(Box<Three>),
    C(u8),
}

/// As [`Three`], with the variant that fails without recursing tried first at every level.
#[derive(Codec, Debug, PartialEq)]
#[codec(untagged)]
enum ThreeLeafFirst {
    C(u8),
    A(Box<ThreeLeafFirst>),
    B(Box<ThreeLeafFirst>),
}

#[derive(Codec, Debug, PartialEq)]
struct ByRc(Option<Rc<ByRc>>);

#[derive(Codec, Debug, PartialEq)]
struct ByArc(Option<Arc<ByArc>>);

/// A linked list: each link is an object, one level (the box takes none).
#[derive(Codec, Debug, PartialEq)]
struct Link {
    next: Option<Box<Link>>,
}

fn json_err<T: for<'de> Decode<'de> + std::fmt::Debug>(input: &str) -> Error {
    codec::json::from_str::<T>(input).expect_err(input)
}

fn json_err_with<T: for<'de> Decode<'de> + std::fmt::Debug>(input: &str, depth: usize) -> Error {
    codec::json::from_slice_with::<T>(input.as_bytes(), &codec::json::Options::new().max_depth(depth)).expect_err(input)
}

fn mp_err<T: for<'de> Decode<'de> + std::fmt::Debug>(input: &[u8]) -> Error {
    codec::msgpack::from_slice::<T>(input).expect_err("an error")
}

fn mp_err_with<T: for<'de> Decode<'de> + std::fmt::Debug>(input: &[u8], depth: usize) -> Error {
    codec::msgpack::from_slice_with::<T>(input, &codec::msgpack::Options::new().max_depth(depth)).expect_err("an error")
}

/// The type's recursion stopped at `limit` levels, at `offset`: not the input's fault (the
/// documents are well-formed), so not an input error.
fn assert_depth(err: &Error, limit: usize, offset: usize) {
    assert_eq!(err.kind(), &ErrorKind::RecursionLimit(limit), "{err}");
    assert!(!err.is_input_error(), "{err}");
    assert_eq!(err.offset(), Some(offset), "{err}");
}

/// `{"next":{"next":...null...}}` with `links` objects.
fn links_json(links: usize) -> String {
    format!("{}null{}", r#"{"next":"#.repeat(links), "}".repeat(links))
}

fn links_value(links: usize) -> Link {
    let mut link = Link { next: None };
    for _ in 1..links {
        link = Link { next: Some(Box::new(link)) };
    }
    link
}

#[test]
fn newtype_of_optional_box_stops_at_the_depth_limit() {
    assert_depth(&json_err::<N>("1"), 128, 0);
    assert_depth(&mp_err::<N>(b"\x01"), 128, 0);
    // The offset is the value's, past whitespace and inside a container (which took one
    // of the levels).
    assert_depth(&json_err::<Vec<N>>("[ 1]"), 128, 2);
    assert_depth(&mp_err::<Vec<N>>(b"\x91\x01"), 128, 1);
    // `null` ends the recursion at once.
    assert_eq!(codec::json::from_str::<N>("null").unwrap(), N(None));
    assert_eq!(codec::msgpack::from_slice::<N>(b"\xc0").unwrap(), N(None));
}

#[test]
fn untagged_enum_through_a_box_stops_at_the_depth_limit() {
    assert_depth(&json_err::<E>(r#""x""#), 128, 0);
    assert_depth(&mp_err::<E>(b"\xa1x"), 128, 0);
    assert_depth(&json_err::<Vec<E>>(r#"[ "x"]"#), 128, 2);
    // The depth limit is an input error: no variant can get past it, so it ends the
    // search instead of being one variant's reason among others. Here `A` comes first and
    // reads nothing before recursing, so even `7` goes down to the limit before `B` is
    // ever tried (declare such a variant last).
    assert_depth(&json_err::<E>("7"), 128, 0);
    assert_depth(&mp_err::<E>(b"\x07"), 128, 0);
}

#[test]
fn several_recursive_variants_stay_linear() {
    // Each finishes after one descent to the limit (the test would not end otherwise).
    assert_depth(&json_err::<Three>(r#""x""#), 128, 0);
    assert_depth(&mp_err::<Three>(b"\xa1x"), 128, 0);
    assert_depth(&json_err::<ThreeLeafFirst>(r#""x""#), 128, 0);
    assert_depth(&mp_err::<ThreeLeafFirst>(b"\xa1x"), 128, 0);
    // When the leaf variant comes first, a value it reads decodes at the top.
    assert_eq!(codec::json::from_str::<ThreeLeafFirst>("7").unwrap(), ThreeLeafFirst::C(7));
    assert_eq!(codec::msgpack::from_slice::<ThreeLeafFirst>(b"\x07").unwrap(), ThreeLeafFirst::C(7));
    // Many such values in one document: each descends to the limit once.
    let doc = format!("[{}]", vec![r#""x""#; 2000].join(","));
    assert_depth(&json_err::<Vec<ThreeLeafFirst>>(&doc), 128, 1);
}

#[test]
fn newtypes_through_rc_and_arc_count_a_level_too() {
    assert_depth(&json_err::<ByRc>("1"), 128, 0);
    assert_depth(&json_err::<ByArc>("1"), 128, 0);
    assert_depth(&mp_err::<ByRc>(b"\x01"), 128, 0);
    assert_depth(&mp_err::<ByArc>(b"\x01"), 128, 0);
    assert_eq!(codec::json::from_str::<ByRc>("null").unwrap(), ByRc(None));
    assert_eq!(codec::msgpack::from_slice::<ByArc>(b"\xc0").unwrap(), ByArc(None));
}

#[test]
fn a_lower_limit_is_honoured() {
    for depth in [0, 1, 5, 40] {
        assert_depth(&json_err_with::<N>("1", depth), depth, 0);
        assert_depth(&json_err_with::<E>(r#""x""#, depth), depth, 0);
        assert_depth(&json_err_with::<ByArc>("1", depth), depth, 0);
        assert_depth(&mp_err_with::<N>(b"\x01", depth), depth, 0);
        assert_depth(&mp_err_with::<E>(b"\xa1x", depth), depth, 0);
        assert_depth(&mp_err_with::<ByRc>(b"\x01", depth), depth, 0);
    }
}

#[test]
fn boxed_recursion_just_under_the_limit_decodes() {
    // Link k (from 1) opens its object at depth k; its box takes no level: 128 links fit
    // the default limit, as 128 nested objects do, and 129 do not.
    let fits = links_json(128);
    assert_eq!(codec::json::from_str::<Link>(&fits).unwrap(), links_value(128));
    let packed = codec::msgpack::to_vec(&links_value(128)).unwrap();
    assert_eq!(codec::msgpack::from_slice::<Link>(&packed).unwrap(), links_value(128));

    let err = json_err::<Link>(&links_json(129));
    assert_eq!(err.kind(), &ErrorKind::DepthLimit(128));
    let err = mp_err::<Link>(&codec::msgpack::to_vec(&links_value(129)).unwrap());
    assert_eq!(err.kind(), &ErrorKind::DepthLimit(128));

    // Two hundred links with room for them.
    let opts = codec::json::Options::new().max_depth(200);
    assert_eq!(codec::json::from_slice_with::<Link>(links_json(200).as_bytes(), &opts).unwrap(), links_value(200));
    let opts = codec::msgpack::Options::new().max_depth(200);
    let packed = codec::msgpack::to_vec(&links_value(200)).unwrap();
    assert_eq!(codec::msgpack::from_slice_with::<Link>(&packed, &opts).unwrap(), links_value(200));
}

#[test]
fn pointers_pass_their_content_through_unchanged() {
    assert_eq!(codec::json::from_str::<Box<u8>>("7").unwrap(), Box::new(7));
    assert_eq!(codec::json::from_str::<Rc<Vec<u8>>>("[1]").unwrap(), Rc::new(vec![1]));
    assert_eq!(codec::msgpack::from_slice::<Arc<String>>(b"\xa1a").unwrap(), Arc::new("a".to_owned()));
    // Vec, Box, Vec, Box, Vec: three levels, the arrays' (pointers take none).
    let doc = format!("[{}]", ["[[1]]"; 3].join(","));
    let opts = codec::json::Options::new().max_depth(3);
    let v: Vec<Box<Vec<Box<Vec<u8>>>>> = codec::json::from_slice_with(doc.as_bytes(), &opts).unwrap();
    assert_eq!(v.len(), 3);
    let opts = codec::json::Options::new().max_depth(2);
    let err = codec::json::from_slice_with::<Vec<Box<Vec<Box<Vec<u8>>>>>>(doc.as_bytes(), &opts).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DepthLimit(2));
    // A newtype's level is given back after its content, so siblings see the same count:
    // under a limit of 1, three `N`s side by side each take the one newtype level.
    let opts = codec::json::Options::new().max_depth(1);
    let v: Vec<N> = codec::json::from_slice_with(b"[null,null,null]", &opts).unwrap();
    assert_eq!(v, vec![N(None), N(None), N(None)]);
    let opts = codec::msgpack::Options::new().max_depth(1);
    let v: Vec<N> = codec::msgpack::from_slice_with(b"\x93\xc0\xc0\xc0", &opts).unwrap();
    assert_eq!(v.len(), 3);
    // Newtype levels and array levels are counted apart: `[1]` as `Vec<N>` fails at the
    // second `N`, however much room arrays still have.
    let opts = codec::json::Options::new().max_depth(1);
    let err = codec::json::from_slice_with::<Vec<N>>(b"[1]", &opts).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (&ErrorKind::RecursionLimit(1), Some(1)));
}

/// A transparent struct with a named field reads its field in its place, as a newtype.
#[derive(Codec, Debug, PartialEq)]
#[codec(transparent)]
struct Wrapped {
    inner: Option<Box<Wrapped>>,
}

/// A pointer of the user's own, decoded by a hand-written impl that takes no level: the
/// derived newtype around it still bounds the recursion.
#[derive(Debug, PartialEq)]
struct MyPtr<T>(Box<T>);

impl<T: Encode> Encode for MyPtr<T> {
    fn encode<W: codec::Writer>(&self, w: &mut W) -> codec::Result<()> {
        self.0.encode(w)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for MyPtr<T> {
    fn decode<R: codec::Reader<'de>>(r: &mut R) -> codec::Result<Self> {
        T::decode(r).map(|v| MyPtr(Box::new(v)))
    }
}

#[derive(Codec, Debug, PartialEq)]
struct ThroughMyPtr(Option<MyPtr<ThroughMyPtr>>);

#[test]
fn transparent_structs_and_foreign_pointers_are_bounded_by_the_derived_type() {
    assert_depth(&json_err::<Wrapped>("1"), 128, 0);
    assert_depth(&mp_err::<Wrapped>(b"\x01"), 128, 0);
    assert_depth(&json_err::<ThroughMyPtr>("1"), 128, 0);
    assert_depth(&mp_err::<ThroughMyPtr>(b"\x01"), 128, 0);
    assert_eq!(codec::json::from_str::<Wrapped>("null").unwrap(), Wrapped { inner: None });
    let two = ThroughMyPtr(Some(MyPtr(Box::new(ThroughMyPtr(None)))));
    // `Some(x)` of a newtype is written as `x`: `null` is the innermost `None`, read at the top.
    assert_eq!(codec::json::to_string(&two).unwrap(), "null");
    assert_eq!(codec::msgpack::from_slice::<ThroughMyPtr>(b"\xc0").unwrap(), ThroughMyPtr(None));
}

/// A dynamic value written the serde way, as an untagged enum over collections of itself.
#[derive(Codec, Debug, PartialEq)]
#[codec(untagged)]
enum Any {
    Int(i64),
    List(Vec<Any>),
}

#[test]
fn an_untagged_value_type_is_not_halved_by_its_own_levels() {
    // Each array is one level and each `Any` one level of the other count, so a document
    // nests as deep through `Any` as through `Value`, but for the one `Any` that holds the
    // innermost scalar: 127 nested arrays (128 `Any`s) decode, 128 take 129 `Any`s. Were
    // both counted together, 64 arrays would be the most.
    let doc = format!("{}1{}", "[".repeat(127), "]".repeat(127));
    let mut v = codec::json::from_str::<Any>(&doc).unwrap();
    for _ in 0..127 {
        let Any::List(mut inner) = v else { panic!("not a list") };
        v = inner.pop().unwrap();
    }
    assert_eq!(v, Any::Int(1));
    let deeper = format!("{}1{}", "[".repeat(128), "]".repeat(128));
    assert!(codec::json::from_str::<codec::json::Value>(&deeper).is_ok());
    assert_eq!(codec::json::from_str::<Any>(&deeper).unwrap_err().kind(), &ErrorKind::RecursionLimit(128));
    let packed = [vec![0x91u8; 127], vec![0x01]].concat();
    assert!(codec::msgpack::from_slice::<Any>(&packed).is_ok());
    let packed = [vec![0x91u8; 128], vec![0x01]].concat();
    assert_eq!(codec::msgpack::from_slice::<Any>(&packed).unwrap_err().kind(), &ErrorKind::RecursionLimit(128));
}

// ---------------------------------------------------------------- stack per level

thread_local! {
    /// Stack addresses seen by [`Probe`], one per level of [`Deep`].
    static FRAMES: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

/// A value that never decodes, but notes where on the stack it was asked to.
#[derive(Debug)]
struct Probe;

impl Probe {
    fn note() {
        let marker = 0u8;
        let at = std::hint::black_box(std::ptr::addr_of!(marker)) as usize;
        FRAMES.with(|f| f.borrow_mut().push(at));
    }
}

impl Encode for Probe {
    fn encode<W: codec::Writer>(&self, w: &mut W) -> codec::Result<()> {
        w.write_null();
        Ok(())
    }
}

impl<'de> Decode<'de> for Probe {
    fn decode<R: codec::Reader<'de>>(r: &mut R) -> codec::Result<Self> {
        Probe::note();
        Err(r.invalid_type("a probe"))
    }
}

/// At every level: the probe (which fails, so the search goes on), then a box of the same.
#[derive(Codec, Debug)]
#[codec(untagged)]
enum Deep {
    P(Probe),
    A(Box<Deep>),
}

/// The stack one level of [`Deep`] takes, in bytes, averaged over a descent to the
/// default limit.
fn stack_per_level(decode: impl FnOnce() -> Error) -> usize {
    FRAMES.with(|f| f.borrow_mut().clear());
    let err = decode();
    assert_eq!(err.kind(), &ErrorKind::RecursionLimit(128), "{err}");
    let frames = FRAMES.with(|f| f.borrow().clone());
    // One per level: each `Deep` takes one, and the 129th fails before its probe runs.
    assert_eq!(frames.len(), 128);
    let (top, bottom) = (frames[0], frames[frames.len() - 1]);
    assert!(top > bottom, "the stack grows down on every supported target");
    (top - bottom) / (frames.len() - 1)
}

/// The default limit must fit the stack of a test thread (2 MiB) with room to spare,
/// however the build is optimized: an untagged enum through a box, the largest frames
/// this recursion has, stays under half of it. Measured (x86-64): 720 bytes a level in
/// JSON and 768 in MessagePack in a debug build (under 100 KiB for the 128 levels), 112
/// and 128 bytes with `--release`.
#[test]
fn the_default_limit_fits_the_stack() {
    let json = stack_per_level(|| json_err::<Deep>("7"));
    let msgpack = stack_per_level(|| mp_err::<Deep>(b"\x07"));
    eprintln!("stack per level of an untagged enum through a box: JSON {json} bytes, MessagePack {msgpack} bytes");
    for per_level in [json, msgpack] {
        assert!(per_level * 128 < 1 << 20, "{per_level} bytes per level");
    }
}
