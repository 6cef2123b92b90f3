//! Shared pieces of the fuzz targets: a set of derived types that exercise every shape
//! the derive generates (nested structs, `Option`, `Vec`, maps with string, integer and
//! enum keys, borrowed `&str` and `Cow<str>`, enums in all four representations, `other`,
//! `flatten`, `deny_unknown_fields`, `transparent`, container `default`, generics,
//! recursion through `Box`, `Rc` and `Arc` that opens no array or object), and the
//! round-trip check every target applies to whatever decoded.
//!
//! The types avoid shapes whose round trip is lossy by design, so that any inequality is
//! a finding rather than noise: no `Option` of something that encodes as `null` (a unit
//! struct, `Value`, an untagged enum with a unit variant), and untagged variants are
//! ordered so that what one variant writes never matches an earlier one.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::rc::Rc;
use std::sync::Arc;

use codec::json::{from_slice_with, Options, RawJson, Value};
use codec::Codec;

// ---------------------------------------------------------------- leaf types

/// Unit-only enum, used as a value and as a map key; `rename_all`, `alias`, `other`.
#[derive(Codec, Debug, PartialEq, Eq, PartialOrd, Ord, Clone, Copy, Hash)]
#[codec(rename_all = "lowercase")]
pub enum Color {
    Red,
    #[codec(alias = "verde")]
    Green,
    #[codec(rename = "BLUE")]
    Blue,
    #[codec(other)]
    Unknown,
}

/// Flattened into [`Doc`] and [`Strict`].
#[derive(Codec, Debug, PartialEq, Clone, Default)]
pub struct Audit {
    pub created_by: Option<String>,
    #[codec(default)]
    pub version: u32,
}

/// A struct whose fields all come from `Default` when absent (container `default`).
#[derive(Codec, Debug, PartialEq, Clone, Default)]
#[codec(default)]
pub struct Settings {
    pub verbose: bool,
    pub level: i16,
    pub name: String,
    pub ratio: f32,
}

/// Transparent newtype around a string.
#[derive(Codec, Debug, PartialEq, Eq, Clone, PartialOrd, Ord, Hash)]
#[codec(transparent)]
pub struct Name(pub String);

/// Newtype struct (the inner value) and tuple struct (an array).
#[derive(Codec, Debug, PartialEq, Eq, Clone, Copy)]
pub struct Id(pub u64);

#[derive(Codec, Debug, PartialEq, Clone, Copy)]
pub struct Pt(pub i32, pub f64);

/// Unit struct: `null`. Only ever a defaulted field, never inside an `Option`.
#[derive(Codec, Debug, PartialEq, Eq, Clone, Copy, Default)]
pub struct Marker;

#[derive(Codec, Debug, PartialEq, Clone)]
pub struct Inner {
    pub a: u32,
    #[codec(default)]
    pub b: String,
}

// ---------------------------------------------------------------- enums

/// Externally tagged (the default), with every variant shape and a catch-all.
#[derive(Codec, Debug, PartialEq, Clone)]
pub enum Shape {
    Dot,
    Circle(f64),
    Segment(Pt, Pt),
    Rect {
        w: u32,
        h: u32,
        #[codec(default)]
        fill: Option<Color>,
    },
    #[codec(rename = "poly", alias = "polygon")]
    Poly(Vec<Pt>),
    #[codec(other)]
    Other,
}

/// Internally tagged, tag possibly after the fields; borrowed strings inside.
#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(tag = "type", rename_all = "snake_case")]
pub enum Event<'a> {
    Click {
        x: i32,
        y: i32,
    },
    KeyPress {
        code: Cow<'a, str>,
        #[codec(default)]
        repeat: bool,
    },
    Message {
        text: &'a str,
        #[codec(default)]
        tags: Vec<&'a str>,
    },
    Close,
    Payload(Inner),
    Audited {
        n: u8,
        #[codec(flatten)]
        audit: Audit,
    },
    #[codec(other)]
    Unknown,
}

/// Internally tagged and strict: the tag is the only key besides the fields.
#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(tag = "kind", deny_unknown_fields)]
pub enum Cmd {
    Start { at: u64 },
    Stop,
    Wrap(Inner),
}

/// Internally tagged, flattened into [`Job`]: its tag is looked for ahead over the
/// job's whole object, wherever it stands.
#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(tag = "op", rename_all = "lowercase")]
pub enum Step {
    Add { x: i32 },
    Del { id: u32, why: Option<String> },
    Nop,
}

/// A struct beside a flattened tagged enum.
#[derive(Codec, Debug, PartialEq, Clone)]
pub struct Job {
    pub n: u32,
    #[codec(flatten)]
    pub step: Step,
}

/// A `with` field (a `u32` as hex text, both formats) beside a flattened `Option` of a
/// boxed untagged enum: the `with` module through the generic body, and the untagged
/// variants tried over the whole object from the member loop.
#[derive(Codec, Debug, PartialEq, Clone)]
pub struct Tagged {
    #[codec(with = "hex_u32")]
    pub id: u32,
    #[codec(flatten)]
    pub found: Option<Box<Found>>,
}

/// Untagged, flattened into [`Tagged`].
#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(untagged)]
pub enum Found {
    Point { x: i32, y: i32 },
    Label { label: String },
}

/// A `u32` as lowercase hex text, in JSON and in MessagePack.
pub mod hex_u32 {
    use codec::{Reader, Writer};

    fn parse(s: &str) -> codec::Result<u32> {
        u32::from_str_radix(s, 16).map_err(|_| codec::Error::custom(format!("not a hex u32: {s:?}")))
    }

    pub fn encode<W: Writer>(v: &u32, w: &mut W) -> codec::Result<()> {
        w.write_str(&format!("{v:x}"))
    }

    pub fn decode<'de, R: Reader<'de>>(r: &mut R) -> codec::Result<u32> {
        r.read_str_with(|s, _| parse(s))
    }
}

/// A tuple struct whose last elements have defaults: an array of 1 to 3 elements.
#[derive(Codec, Debug, PartialEq, Clone)]
pub struct Span3(pub u8, #[codec(default)] pub Option<String>, #[codec(default)] pub i16);

/// MessagePack's positional form (an array of the fields in order; an object in JSON),
/// with a skipped field and an optional last one.
#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(msgpack(struct_as_array))]
pub struct Packed {
    pub a: u8,
    #[codec(skip)]
    pub cache: u8,
    pub b: String,
    pub c: Option<i64>,
}

/// Adjacently tagged, recursive through `List`.
#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(tag = "t", content = "c")]
pub enum Msg {
    Ping,
    Text(String),
    Move {
        dx: i8,
        dy: i8,
    },
    Pair(u8, u8),
    List(Vec<Msg>),
    #[codec(other)]
    Unknown,
}

/// Untagged, decoded by shape. Order matters: no variant's output matches an earlier one.
#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(untagged)]
pub enum Any {
    Flag(bool),
    Int(i64),
    Float(f64),
    Text(String),
    Pair(String, u8),
    Point { x: i32, y: i32 },
    Map(BTreeMap<String, i64>),
    List(Vec<Any>),
    Nothing,
}

// ---------------------------------------------------------------- containers

/// The main model: most fields optional or defaulted so that fuzzed input reaches them.
#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(rename_all = "camelCase")]
pub struct Doc<'a> {
    pub id: u64,
    #[codec(default)]
    pub name: &'a str,
    #[codec(default, alias = "heading")]
    pub title: Cow<'a, str>,
    pub description: Option<String>,
    #[codec(default)]
    pub tags: Vec<String>,
    #[codec(default)]
    pub labels: BTreeSet<Name>,
    #[codec(default)]
    pub scores: BTreeMap<String, f64>,
    #[codec(default)]
    pub counts: BTreeMap<i32, u16>,
    #[codec(default)]
    pub by_color: BTreeMap<Color, Vec<u8>>,
    #[codec(skip_encoding_if = "Option::is_none")]
    pub parent: Option<Box<Doc<'a>>>,
    #[codec(default)]
    pub shapes: Vec<Shape>,
    #[codec(default)]
    pub events: Vec<Event<'a>>,
    pub cmd: Option<Cmd>,
    pub msg: Option<Msg>,
    #[codec(default)]
    pub any: Vec<Any>,
    #[codec(flatten)]
    pub audit: Audit,
    #[codec(default)]
    pub settings: Settings,
    pub small: Option<(i8, u16, i32)>,
    #[codec(default)]
    pub signed: i64,
    pub big: Option<u128>,
    pub neg: Option<i128>,
    #[codec(default)]
    pub ratio: f32,
    pub ch: Option<char>,
    pub rgb: Option<[u8; 3]>,
    pub owner: Option<Id>,
    #[codec(default)]
    pub extra: Value,
    #[codec(default)]
    pub marker: Marker,
    #[codec(skip)]
    pub cache: u32,
}

/// `deny_unknown_fields` with a flattened struct and an alias.
#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(deny_unknown_fields)]
pub struct Strict {
    pub a: u8,
    #[codec(alias = "bee")]
    pub b: Option<String>,
    #[codec(flatten)]
    pub audit: Audit,
}

/// Unknown keys collected by a flattened map.
#[derive(Codec, Debug, PartialEq, Clone)]
pub struct WithExtra {
    pub id: Option<u32>,
    #[codec(flatten)]
    pub extra: BTreeMap<String, Value>,
}

/// Hash containers: equal after a round trip, but not byte-stable (iteration order).
#[derive(Codec, Debug, PartialEq, Clone)]
pub struct Hashy {
    #[codec(default)]
    pub set: HashSet<i64>,
    #[codec(default)]
    pub by_id: HashMap<u32, bool>,
    #[codec(flatten)]
    pub rest: HashMap<String, String>,
}

/// A generic container.
#[derive(Codec, Debug, PartialEq, Clone)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub next: Option<String>,
}

// ---------------------------------------------------------------- recursion

/// Recursion through a box alone, opening no array or object: only `null` decodes (as
/// `Loop(None)`); any other input must end in the depth limit, not a stack overflow.
#[derive(Codec, Debug, PartialEq, Clone)]
pub struct Loop(pub Option<Box<Loop>>);

/// Untagged recursion through `Rc` and `Arc`: a small integer or a string is a leaf; any
/// other value fails both leaves at every level on its way down to the depth limit.
#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(untagged)]
pub enum Chain {
    Leaf(u8),
    Text(String),
    Shared(Rc<Chain>),
    Synced(Arc<Chain>),
}

/// A list whose links are each an object and a box: two levels of the limit per link.
#[derive(Codec, Debug, PartialEq, Clone)]
pub struct Link {
    pub value: Option<Chain>,
    pub next: Option<Box<Link>>,
}

// ---------------------------------------------------------------- checks

/// Options that only check syntax of the encoder's output (deeper than any input could
/// legitimately produce, never a duplicate key).
pub fn check_options() -> Options {
    Options::new().max_depth(1024).max_string_len(usize::MAX).max_number_len(usize::MAX)
}

/// What the encoder wrote must be one well-formed JSON document.
pub fn assert_is_json(what: &str, encoded: &[u8]) {
    if let Err(e) = from_slice_with::<RawJson>(encoded, &check_options()) {
        panic!("{what}: encoder output is not JSON ({e}): {:?}", String::from_utf8_lossy(encoded));
    }
}

/// Decodes `$data` as `$ty`; when that works, encodes, decodes the output again and
/// requires an equal value (and, when `$stable`, byte-identical output the second time).
/// Evaluates to whether the first decode succeeded.
#[macro_export]
macro_rules! round_trip {
    ($data:expr, $ty:ty) => {
        $crate::round_trip!($data, $ty, true)
    };
    ($data:expr, $ty:ty, $stable:expr) => {
        $crate::round_trip_with!($data, $ty, $stable, &::codec::json::Options::new())
    };
}

/// As [`round_trip!`] with decode `Options` for the first decode (the second decode
/// always uses the defaults, with the depth limit lifted).
#[macro_export]
macro_rules! round_trip_with {
    ($data:expr, $ty:ty, $stable:expr, $opts:expr) => {{
        let data: &[u8] = $data;
        match ::codec::json::from_slice_with::<$ty>(data, $opts) {
            Ok(first) => {
                let what = stringify!($ty);
                let encoded = match ::codec::json::to_vec(&first) {
                    Ok(bytes) => bytes,
                    Err(e) => panic!("{what}: decoded {first:?} but cannot encode it: {e}"),
                };
                $crate::assert_is_json(what, &encoded);
                let second = match ::codec::json::from_slice_with::<$ty>(
                    &encoded,
                    &::codec::json::Options::new().max_depth(1024),
                ) {
                    Ok(v) => v,
                    Err(e) => panic!(
                        "{what}: decoded {first:?}, encoded {:?}, which does not decode: {e}",
                        String::from_utf8_lossy(&encoded)
                    ),
                };
                assert_eq!(
                    first,
                    second,
                    "{what}: round trip changed the value; encoded {:?}",
                    String::from_utf8_lossy(&encoded)
                );
                let again = ::codec::json::to_vec(&second).expect("second encode");
                if $stable {
                    assert_eq!(
                        String::from_utf8_lossy(&encoded),
                        String::from_utf8_lossy(&again),
                        "{what}: encoding is not stable"
                    );
                }
                true
            }
            Err(_) => false,
        }
    }};
}
