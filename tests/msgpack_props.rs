//! MessagePack property tests.
//!
//! 1. A derived type that holds every supported std type, borrowed strings and bytes,
//!    `#[codec(bytes)]` fields, an enum in every representation, a `struct_as_array`
//!    struct, flattened members, timestamps and a dynamic `Value` survives
//!    `decode(encode(x)) == x` (floats compared by bits, NaN included), and re-encoding
//!    the decoded value gives the same bytes.
//! 2. JSON and MessagePack agree: a value that goes through one format and then the other
//!    comes back the same (for the fields both can hold).
//! 3. Arbitrary bytes and mutations of valid encodings never panic the decoders.
//!
//! Case counts are modest by default; `PROPTEST_CASES` raises them. Failure persistence is
//! off, so nothing is written into the source tree.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use codec::json::{Map, Value};
use codec::msgpack::{from_slice, to_vec, Ext, Timestamp};
use codec::{Bytes, Codec};
use proptest::collection::{btree_map, btree_set, vec, vec_deque};
use proptest::prelude::*;
use proptest::test_runner::Config;

fn config(cases: u32) -> Config {
    let mut config = Config::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    config.failure_persistence = None;
    config
}

// ================================================================ the rich type

/// An `f64` compared by bits, so NaN equals itself and `-0.0` differs from `0.0`.
#[derive(Codec, Debug, Clone, Copy)]
#[codec(transparent)]
struct Bits {
    v: f64,
}

impl PartialEq for Bits {
    fn eq(&self, other: &Bits) -> bool {
        self.v.to_bits() == other.v.to_bits()
    }
}

#[derive(Codec, Debug, Clone, Copy)]
struct Bits32(f32);

impl PartialEq for Bits32 {
    fn eq(&self, other: &Bits32) -> bool {
        self.0.to_bits() == other.0.to_bits()
    }
}

#[derive(Codec, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[codec(rename_all = "snake_case")]
enum Unit {
    Alpha,
    BetaGamma,
}

#[derive(Codec, Debug, Clone, PartialEq)]
struct Inner {
    id: u32,
    label: String,
}

#[derive(Codec, Debug, Clone, PartialEq)]
enum External {
    Unit,
    Newtype(i16),
    Tuple(u8, String),
    Struct { a: Option<u8>, b: Vec<Bits> },
}

#[derive(Codec, Debug, Clone, PartialEq)]
#[codec(tag = "kind")]
enum Internal {
    Plain,
    Wrapped(Inner),
    Fields {
        #[codec(skip_encoding_if = "Option::is_none")]
        note: Option<String>,
        n: i64,
    },
}

#[derive(Codec, Debug, Clone, PartialEq)]
#[codec(tag = "t", content = "c")]
enum Adjacent {
    Ping,
    Num(u64),
    Pair(bool, char),
}

#[derive(Codec, Debug, Clone, PartialEq)]
#[codec(untagged)]
enum Untagged {
    Int(i64),
    Text(String),
    List(Vec<u8>),
}

#[derive(Codec, Debug, Clone, PartialEq)]
#[codec(msgpack(struct_as_array))]
struct Packed {
    x: i32,
    #[codec(skip)]
    cache: u8,
    y: Option<String>,
    z: Vec<u16>,
}

#[derive(Codec, Debug, Clone, PartialEq, Default)]
struct Meta {
    created: u64,
    #[codec(skip_encoding_if = "Option::is_none")]
    by: Option<String>,
}

#[derive(Codec, Debug, Clone, PartialEq)]
struct Rich<'a> {
    i8_: i8,
    i16_: i16,
    i32_: i32,
    i64_: i64,
    i128_: i128,
    isize_: isize,
    u8_: u8,
    u16_: u16,
    u32_: u32,
    u64_: u64,
    u128_: u128,
    usize_: usize,
    f32_: Bits32,
    f64_: Bits,
    flag: bool,
    ch: char,
    text: String,
    borrowed: &'a str,
    cow: Cow<'a, str>,
    maybe: Option<String>,
    #[codec(skip_encoding_if = "Option::is_none")]
    sometimes: Option<u32>,
    numbers: Vec<u8>,
    #[codec(bytes)]
    blob: Vec<u8>,
    #[codec(bytes)]
    blob_ref: &'a [u8],
    bytes: Bytes<'a>,
    by_name: BTreeMap<String, i64>,
    by_id: BTreeMap<u32, Vec<bool>>,
    by_unit: BTreeMap<Unit, i8>,
    by_signed: BTreeMap<i64, u128>,
    set: BTreeSet<char>,
    deque: VecDeque<u16>,
    array: [u8; 3],
    tuple: (u8, String, Option<Bits>),
    boxed: Box<Inner>,
    nested: Option<Box<Inner>>,
    external: Vec<External>,
    internal: Vec<Internal>,
    adjacent: Vec<Adjacent>,
    untagged: Vec<Untagged>,
    packed: Packed,
    stamp: Timestamp,
    time: SystemTime,
    ext: Ext<'a>,
    value: Value,
    #[codec(flatten)]
    meta: Meta,
    #[codec(flatten)]
    extra: BTreeMap<String, u8>,
}

fn bits() -> impl Strategy<Value = Bits> {
    prop_oneof![any::<f64>(), Just(f64::NAN), Just(-0.0), Just(f64::INFINITY)].prop_map(|v| Bits { v })
}

fn inner() -> impl Strategy<Value = Inner> {
    (any::<u32>(), ".{0,12}").prop_map(|(id, label)| Inner { id, label })
}

fn external() -> impl Strategy<Value = External> {
    prop_oneof![
        Just(External::Unit),
        any::<i16>().prop_map(External::Newtype),
        (any::<u8>(), ".{0,8}").prop_map(|(a, b)| External::Tuple(a, b)),
        (any::<Option<u8>>(), vec(bits(), 0..3)).prop_map(|(a, b)| External::Struct { a, b }),
    ]
}

fn internal() -> impl Strategy<Value = Internal> {
    prop_oneof![
        Just(Internal::Plain),
        inner().prop_map(Internal::Wrapped),
        (proptest::option::of(".{0,8}"), any::<i64>()).prop_map(|(note, n)| Internal::Fields { note, n }),
    ]
}

fn adjacent() -> impl Strategy<Value = Adjacent> {
    prop_oneof![
        Just(Adjacent::Ping),
        any::<u64>().prop_map(Adjacent::Num),
        (any::<bool>(), any::<char>()).prop_map(|(a, b)| Adjacent::Pair(a, b)),
    ]
}

fn untagged() -> impl Strategy<Value = Untagged> {
    prop_oneof![
        any::<i64>().prop_map(Untagged::Int),
        ".{0,8}".prop_map(Untagged::Text),
        vec(any::<u8>(), 0..4).prop_map(Untagged::List),
    ]
}

/// A JSON-shaped value: what `Value` can hold.
fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(Value::from),
        ".{0,8}".prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            vec(inner.clone(), 0..4).prop_map(Value::Array),
            btree_map(".{0,6}", inner, 0..4).prop_map(|m| Value::Object(m.into_iter().collect::<Map>())),
        ]
    })
}

fn time() -> impl Strategy<Value = SystemTime> {
    (any::<bool>(), 0u64..1 << 40, 0u32..1_000_000_000).prop_map(|(before, secs, nanos)| {
        let d = Duration::new(secs, nanos);
        if before {
            UNIX_EPOCH - d
        } else {
            UNIX_EPOCH + d
        }
    })
}

/// Everything of a [`Rich`] that owns its data; the borrowed strings and bytes are added
/// from a buffer the test keeps.
type Owned = (
    (i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize),
    (f32, Bits, bool, char, String, String, String, Option<String>, Option<u32>, Vec<u8>, Vec<u8>, Vec<u8>),
    (
        BTreeMap<String, i64>,
        BTreeMap<u32, Vec<bool>>,
        BTreeMap<Unit, i8>,
        BTreeMap<i64, u128>,
        BTreeSet<char>,
        VecDeque<u16>,
        [u8; 3],
        (u8, String, Option<Bits>),
        Inner,
        Option<Inner>,
    ),
    (Vec<External>, Vec<Internal>, Vec<Adjacent>, Vec<Untagged>, Packed, Timestamp, SystemTime, (i8, Vec<u8>), Value),
    (Meta, BTreeMap<String, u8>),
);

fn owned() -> impl Strategy<Value = Owned> {
    let ints = (
        any::<i8>(),
        any::<i16>(),
        any::<i32>(),
        any::<i64>(),
        any::<i128>(),
        any::<isize>(),
        any::<u8>(),
        any::<u16>(),
        any::<u32>(),
        any::<u64>(),
        any::<u128>(),
        any::<usize>(),
    );
    let scalars = (
        prop_oneof![any::<f32>(), Just(f32::NAN)],
        bits(),
        any::<bool>(),
        any::<char>(),
        ".{0,40}",
        ".{0,10}",
        ".{0,10}",
        proptest::option::of(".{0,6}"),
        any::<Option<u32>>(),
        vec(any::<u8>(), 0..20),
        vec(any::<u8>(), 0..300),
        vec(any::<u8>(), 0..10),
    );
    let collections = (
        btree_map(".{0,6}", any::<i64>(), 0..4),
        btree_map(any::<u32>(), vec(any::<bool>(), 0..3), 0..3),
        btree_map(prop_oneof![Just(Unit::Alpha), Just(Unit::BetaGamma)], any::<i8>(), 0..2),
        btree_map(any::<i64>(), any::<u128>(), 0..3),
        btree_set(any::<char>(), 0..4),
        vec_deque(any::<u16>(), 0..4),
        any::<[u8; 3]>(),
        (any::<u8>(), ".{0,4}", proptest::option::of(bits())),
        inner(),
        proptest::option::of(inner()),
    );
    let shapes = (
        vec(external(), 0..4),
        vec(internal(), 0..4),
        vec(adjacent(), 0..4),
        vec(untagged(), 0..4),
        (any::<i32>(), proptest::option::of(".{0,4}"), vec(any::<u16>(), 0..3)).prop_map(|(x, y, z)| Packed {
            x,
            cache: 0,
            y,
            z,
        }),
        (any::<i64>(), 0u32..1_000_000_000).prop_map(|(s, n)| Timestamp::new(s, n).unwrap()),
        time(),
        (any::<i8>(), vec(any::<u8>(), 0..20)),
        value(),
    );
    let flattened = (
        (any::<u64>(), proptest::option::of(".{0,4}")).prop_map(|(created, by)| Meta { created, by }),
        // Extra keys that no field of `Rich` or `Meta` claims.
        btree_map("x_[a-z]{0,4}", any::<u8>(), 0..3),
    );
    (ints, scalars, collections, shapes, flattened)
}

/// The text and bytes the borrowed fields of a [`Rich`] point into.
#[derive(Debug)]
struct Borrowed {
    text: String,
    bytes: Vec<u8>,
}

fn build<'a>(o: &Owned, b: &'a Borrowed) -> Rich<'a> {
    let (ints, scalars, collections, shapes, flattened) = o.clone();
    let half = b.text.char_indices().nth(b.text.chars().count() / 2).map_or(b.text.len(), |(i, _)| i);
    Rich {
        i8_: ints.0,
        i16_: ints.1,
        i32_: ints.2,
        i64_: ints.3,
        i128_: ints.4,
        isize_: ints.5,
        u8_: ints.6,
        u16_: ints.7,
        u32_: ints.8,
        u64_: ints.9,
        u128_: ints.10,
        usize_: ints.11,
        f32_: Bits32(scalars.0),
        f64_: scalars.1,
        flag: scalars.2,
        ch: scalars.3,
        text: scalars.4,
        borrowed: &b.text[..half],
        cow: Cow::Borrowed(&b.text[half..]),
        maybe: scalars.7,
        sometimes: scalars.8,
        numbers: scalars.9,
        blob: scalars.10,
        blob_ref: &b.bytes[..b.bytes.len() / 2],
        bytes: Bytes::from(&b.bytes[b.bytes.len() / 2..]),
        by_name: collections.0,
        by_id: collections.1,
        by_unit: collections.2,
        by_signed: collections.3,
        set: collections.4,
        deque: collections.5,
        array: collections.6,
        tuple: collections.7,
        boxed: Box::new(collections.8),
        nested: collections.9.map(Box::new),
        external: shapes.0,
        internal: shapes.1,
        adjacent: shapes.2,
        untagged: shapes.3,
        packed: shapes.4,
        stamp: shapes.5,
        time: shapes.6,
        ext: Ext { tag: shapes.7 .0, data: Cow::Owned(shapes.7 .1) },
        value: shapes.8,
        meta: flattened.0,
        extra: flattened.1,
    }
}

fn borrowed() -> impl Strategy<Value = Borrowed> {
    (".{0,20}", vec(any::<u8>(), 0..40)).prop_map(|(text, bytes)| Borrowed { text, bytes })
}

// ================================================================ properties

proptest! {
    #![proptest_config(config(256))]

    /// `decode(encode(x)) == x`, floats by bits; re-encoding is byte for byte stable.
    #[test]
    fn rich_round_trips(o in owned(), b in borrowed()) {
        let x = build(&o, &b);
        let bytes = to_vec(&x).unwrap();
        let back: Rich = from_slice(&bytes).unwrap_or_else(|e| panic!("{e}\n{x:?}"));
        prop_assert_eq!(&back, &x);
        prop_assert_eq!(to_vec(&back).unwrap(), bytes.clone());
        // Strings and bytes borrowed from the encoding.
        let range = bytes.as_ptr_range();
        prop_assert!(range.contains(&back.borrowed.as_ptr()) || back.borrowed.is_empty());
        prop_assert!(matches!(back.cow, Cow::Borrowed(_)));
        prop_assert!(back.bytes.is_borrowed());
        prop_assert!(matches!(back.ext.data, Cow::Borrowed(_)));
    }

    /// Through JSON and then MessagePack (and back) the value is the same, for the types
    /// both formats hold alike.
    #[test]
    fn json_and_msgpack_agree(
        ext in vec(external(), 0..4),
        int in vec(internal(), 0..4),
        adj in vec(adjacent(), 0..4),
        unt in vec(untagged(), 0..4),
        v in value(),
        packed in (any::<i32>(), proptest::option::of(".{0,4}"), vec(any::<u16>(), 0..3))
            .prop_map(|(x, y, z)| Packed { x, cache: 0, y, z }),
    ) {
        type All = (Vec<External>, Vec<Internal>, Vec<Adjacent>, Vec<Untagged>, Value, Packed);
        let all: All = (ext, int, adj, unt, v, packed);
        // A Bits of NaN or infinity has no JSON form: leave those cases to the first test.
        let Ok(json) = codec::json::to_vec(&all) else { return Ok(()) };
        let from_json: All = codec::json::from_slice(&json).unwrap();
        let packed = to_vec(&from_json).unwrap();
        let from_msgpack: All = from_slice(&packed).unwrap();
        prop_assert_eq!(&from_msgpack, &all);
        prop_assert_eq!(codec::json::to_vec(&from_msgpack).unwrap(), json);
    }

    /// Arbitrary bytes: an error or a value, never a panic.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in vec(any::<u8>(), 0..200)) {
        never_panics(&bytes);
    }

    /// Mutations of a valid encoding: an error or a value, never a panic.
    #[test]
    fn mutated_encodings_never_panic(
        o in owned(),
        b in borrowed(),
        edits in vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 1..6),
    ) {
        let mut bytes = to_vec(&build(&o, &b)).unwrap();
        for (at, byte, how) in edits {
            if bytes.is_empty() {
                break;
            }
            let i = at.index(bytes.len());
            match how {
                0 => bytes[i] = byte,
                1 => { bytes.remove(i); }
                _ => bytes.insert(i, byte),
            }
        }
        never_panics(&bytes);
    }
}

fn never_panics(bytes: &[u8]) {
    let result = catch_unwind(AssertUnwindSafe(|| {
        if let Ok(x) = from_slice::<Rich>(bytes) {
            let again = to_vec(&x).unwrap();
            let y: Rich = from_slice(&again).unwrap();
            assert_eq!(to_vec(&y).unwrap(), again);
        }
        let _ = from_slice::<Value>(bytes);
        let _ = from_slice::<Vec<Untagged>>(bytes);
        let _ = from_slice::<Vec<Internal>>(bytes);
        let _ = from_slice::<Vec<Adjacent>>(bytes);
        let _ = from_slice::<Vec<External>>(bytes);
        let _ = from_slice::<Packed>(bytes);
        let _ = from_slice::<(Timestamp, SystemTime, Ext)>(bytes);
    }));
    assert!(result.is_ok(), "panicked on {bytes:02x?}");
}
