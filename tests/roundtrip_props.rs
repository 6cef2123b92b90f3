//! Property tests.
//!
//! 1. A derived type that holds every supported std type and an enum in every
//!    representation survives `decode(encode(x)) == x` (floats compared by bits, so `-0.0`
//!    and `0.0` differ), re-encoding is byte for byte stable, the order of object members
//!    does not matter on decode, and NaN and the infinities never encode.
//! 2. A differential test against `serde_json`: random JSON documents (as text, with
//!    escapes, huge integers, exponents and arbitrary whitespace) decode into
//!    `codec::json::Value` exactly as `serde_json` reads them, and random byte mutations
//!    of those documents are accepted or rejected by both alike. The one documented
//!    difference: a key repeated in one object is an error for `codec` by default, where
//!    `serde_json` keeps the last value (`codec` agrees under `DuplicateKeys::KeepLast`).
//!
//! Case counts are modest by default; `PROPTEST_CASES` raises them. Failure persistence is
//! off, so nothing is written into the source tree.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::marker::PhantomData;
use std::rc::Rc;
use std::sync::Arc;

use codec::json::{
    from_slice, from_slice_with, from_str, to_string, to_vec, DuplicateKeys, Map, Number, Options, Value,
};
use codec::{Codec, ErrorKind};
use proptest::collection::{btree_map, btree_set, hash_map, hash_set, vec, vec_deque};
use proptest::prelude::*;
use proptest::sample::{select, Index};
use proptest::test_runner::Config;

/// `cases` unless `PROPTEST_CASES` says otherwise; no failure persistence files.
fn config(cases: u32) -> Config {
    let mut config = Config::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    config.failure_persistence = None;
    config
}

// ================================================================ the rich type

#[derive(Codec, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Unit {
    Alpha,
    Beta,
    #[codec(rename = "gamma ray")]
    Gamma,
}

#[derive(Codec, Debug, Clone, PartialEq)]
struct Inner {
    id: u32,
    label: String,
}

#[derive(Codec, Debug, Clone, PartialEq)]
struct Loose {
    serial: u64,
    note: Option<String>,
    #[codec(default)]
    count: u8,
}

/// Externally tagged (the default).
#[derive(Codec, Debug, Clone, PartialEq)]
enum External {
    Unit,
    Newtype(f64),
    Tuple(i8, String, Option<u16>),
    Struct { a: i128, b: Vec<char> },
    Nested(Inner),
}

/// Internally tagged.
#[derive(Codec, Debug, Clone, PartialEq)]
#[codec(tag = "type")]
enum Internal {
    Unit,
    Struct { x: f32, name: String, opt: Option<bool> },
    Newtype(Inner),
    Partial(Loose),
}

/// Adjacently tagged.
#[derive(Codec, Debug, Clone, PartialEq)]
#[codec(tag = "t", content = "c")]
enum Adjacent {
    Unit,
    Newtype(String),
    Tuple(u64, i64),
    Struct { k: char, v: Vec<u8> },
}

/// Untagged, with shapes that cannot be confused: a boolean, a string, an object with a
/// required key no other variant has, an array, and `null`.
#[derive(Codec, Debug, Clone, PartialEq)]
#[codec(untagged)]
enum Untagged {
    Flag(bool),
    Text(String),
    Record { record_id: u64, note: Option<String> },
    Pair(String, i32),
    Nothing,
}

#[derive(Codec, Debug, Clone, PartialEq, Default)]
struct Meta {
    created_at: i64,
    tags: BTreeSet<String>,
}

fn default_ratio() -> f64 {
    0.25
}

/// Field attributes.
#[derive(Codec, Debug, Clone, PartialEq)]
#[codec(rename_all = "camelCase")]
struct Attrs {
    #[codec(rename = "ID", alias = "identifier")]
    id: u64,
    display_name: String,
    #[codec(default)]
    retries: u8,
    #[codec(default = "default_ratio")]
    ratio: f64,
    #[codec(skip_encoding_if = "Option::is_none")]
    nickname: Option<String>,
    /// `Some(None)` would encode as `null` and come back `None`: never generated (see
    /// `nested_option_collapses` for that documented behaviour).
    #[codec(skip_encoding_if = "Option::is_none")]
    layered: Option<Option<i32>>,
    #[codec(skip)]
    cache: u32,
    #[codec(flatten)]
    meta: Meta,
}

/// A `Cow<'static, str>` decoded owned (the std impl borrows from the input, so its
/// `'de` would have to be `'static`).
mod owned_cow {
    use std::borrow::Cow;

    use codec::{Encode, Reader, Writer};

    #[allow(clippy::ptr_arg)] // `with` passes `&T` for a field of type `T`
    pub fn encode<W: Writer>(v: &Cow<'static, str>, w: &mut W) -> codec::Result<()> {
        v.encode(w)
    }

    pub fn decode<'de, R: Reader<'de>>(r: &mut R) -> codec::Result<Cow<'static, str>> {
        r.read_string().map(Cow::Owned)
    }
}

#[derive(Codec, Debug, Clone, PartialEq)]
struct Rich<'a> {
    int8: i8,
    int16: i16,
    int32: i32,
    int64: i64,
    int128: i128,
    isz: isize,
    uint8: u8,
    uint16: u16,
    uint32: u32,
    uint64: u64,
    uint128: u128,
    usz: usize,
    float32: f32,
    float64: f64,
    flag: bool,
    ch: char,
    string: String,
    boxed_str: Box<str>,
    cow: Cow<'a, str>,
    #[codec(with = "owned_cow")]
    cow_static: Cow<'static, str>,
    boxed: Box<Inner>,
    rc: Rc<Vec<i16>>,
    arc: Arc<String>,
    opt: Option<u32>,
    /// Never `Some(None)`, which is written as `null` (as `None` is).
    opt_opt: Option<Option<String>>,
    vec: Vec<f64>,
    deque: VecDeque<String>,
    array: [i32; 3],
    floats: [f32; 3],
    pair: (u8, String),
    five: (i64, bool, char, Option<f32>, ()),
    unit: (),
    phantom: PhantomData<fn() -> u8>,
    hash_map: HashMap<String, i32>,
    by_u32: BTreeMap<u32, String>,
    by_i128: BTreeMap<i128, bool>,
    by_char: BTreeMap<char, u8>,
    by_bool: BTreeMap<bool, Vec<u8>>,
    by_unit: BTreeMap<Unit, f64>,
    hash_set: HashSet<String>,
    btree_set: BTreeSet<i64>,
    value: Value,
    external: Vec<External>,
    internal: Vec<Internal>,
    adjacent: Vec<Adjacent>,
    untagged: Vec<Untagged>,
    attrs: Attrs,
}

// ---------------------------------------------------------------- float bits

/// Every float in a value, by bits in a fixed order: `PartialEq` says `-0.0 == 0.0`.
trait Floats {
    fn floats(&self, out: &mut Vec<u64>);
}

impl Floats for f64 {
    fn floats(&self, out: &mut Vec<u64>) {
        out.push(self.to_bits());
    }
}

impl Floats for f32 {
    fn floats(&self, out: &mut Vec<u64>) {
        out.push(u64::from(self.to_bits()));
    }
}

impl<T: Floats> Floats for Option<T> {
    fn floats(&self, out: &mut Vec<u64>) {
        if let Some(v) = self {
            v.floats(out);
        }
    }
}

impl<T: Floats> Floats for [T] {
    fn floats(&self, out: &mut Vec<u64>) {
        self.iter().for_each(|v| v.floats(out));
    }
}

impl<K, T: Floats> Floats for BTreeMap<K, T> {
    fn floats(&self, out: &mut Vec<u64>) {
        self.values().for_each(|v| v.floats(out));
    }
}

impl Floats for Value {
    fn floats(&self, out: &mut Vec<u64>) {
        match self {
            Value::Number(n) if n.is_f64() => out.push(n.as_f64().unwrap().to_bits()),
            Value::Array(a) => a.floats(out),
            Value::Object(m) => {
                // Members may come back in another order: sort by key.
                let mut members: Vec<(&str, &Value)> = m.iter().collect();
                members.sort_by_key(|(k, _)| *k);
                members.iter().for_each(|(_, v)| v.floats(out));
            }
            _ => {}
        }
    }
}

impl Floats for External {
    fn floats(&self, out: &mut Vec<u64>) {
        if let External::Newtype(v) = self {
            v.floats(out);
        }
    }
}

impl Floats for Internal {
    fn floats(&self, out: &mut Vec<u64>) {
        if let Internal::Struct { x, .. } = self {
            x.floats(out);
        }
    }
}

impl Floats for Attrs {
    fn floats(&self, out: &mut Vec<u64>) {
        self.ratio.floats(out);
    }
}

impl Floats for Rich<'_> {
    fn floats(&self, out: &mut Vec<u64>) {
        self.float32.floats(out);
        self.float64.floats(out);
        self.vec.floats(out);
        self.floats.floats(out);
        self.five.3.floats(out);
        self.by_unit.floats(out);
        self.value.floats(out);
        self.external.floats(out);
        self.internal.floats(out);
        self.attrs.floats(out);
    }
}

fn float_bits<T: Floats + ?Sized>(v: &T) -> Vec<u64> {
    let mut out = Vec::new();
    v.floats(&mut out);
    out
}

// ---------------------------------------------------------------- strategies

/// An integer, often at an edge of its range.
macro_rules! edge {
    ($t:ty) => {
        prop_oneof![
            1 => Just(<$t>::MIN),
            1 => Just(<$t>::MAX),
            1 => Just(0 as $t),
            1 => Just(<$t>::MAX - 1),
            6 => any::<$t>(),
        ]
    };
}

fn subnormal_f64() -> impl Strategy<Value = f64> {
    (1u64..(1 << 52), any::<bool>()).prop_map(|(m, neg)| f64::from_bits(m | (u64::from(neg) << 63)))
}

/// Any finite `f64`, often a special one.
fn f64_finite() -> BoxedStrategy<f64> {
    prop_oneof![
        4 => any::<f64>().prop_filter("finite", |v| v.is_finite()),
        2 => select(vec![
            0.0,
            -0.0,
            f64::MIN,
            f64::MAX,
            f64::MIN_POSITIVE,
            -f64::MIN_POSITIVE,
            f64::EPSILON,
            f64::from_bits(1),
            -f64::from_bits(1),
            f64::from_bits(0x000F_FFFF_FFFF_FFFF),
            1.0,
            -1.0,
            0.1,
            1e-7,
            1e15,
            1e16,
            1e20,
            1e21,
            9007199254740993.0,
            u64::MAX as f64,
            i64::MIN as f64,
        ]),
        2 => subnormal_f64(),
        1 => any::<i64>().prop_map(|i| i as f64),
    ]
    .boxed()
}

/// Any finite `f32`, often a special one.
fn f32_finite() -> BoxedStrategy<f32> {
    prop_oneof![
        4 => any::<f32>().prop_filter("finite", |v| v.is_finite()),
        2 => select(vec![
            0.0f32,
            -0.0,
            f32::MIN,
            f32::MAX,
            f32::MIN_POSITIVE,
            f32::EPSILON,
            f32::from_bits(1),
            -f32::from_bits(1),
            f32::from_bits(0x007F_FFFF),
            0.1,
            16777217.0,
            1e10,
        ]),
        2 => (1u32..(1 << 23), any::<bool>()).prop_map(|(m, neg)| f32::from_bits(m | (u32::from(neg) << 31))),
    ]
    .boxed()
}

/// Any `char`, often one that JSON must escape or that is otherwise awkward.
fn any_char() -> BoxedStrategy<char> {
    prop_oneof![
        4 => any::<char>(),
        1 => (0u32..0x20).prop_map(|c| char::from_u32(c).unwrap()),
        2 => select(vec![
            '"', '\\', '/', '\u{7f}', '\u{80}', '\u{ff}', '\u{2028}', '\u{2029}', '\u{d7ff}', '\u{e000}', '\u{feff}',
            '\u{fffd}', '\u{ffff}', '\u{10000}', '\u{10ffff}', '😀', 'é', 'a', ' ',
        ]),
    ]
    .boxed()
}

/// A string drawn from all of Unicode, control characters included.
fn any_string() -> BoxedStrategy<String> {
    vec(any_char(), 0..12).prop_map(String::from_iter).boxed()
}

fn finite_number() -> impl Strategy<Value = Number> {
    prop_oneof![
        edge!(u64).prop_map(Number::from),
        edge!(i64).prop_map(Number::from),
        f64_finite().prop_map(|f| Number::from_f64(f).unwrap()),
    ]
}

/// A `Value` tree.
fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        finite_number().prop_map(Value::Number),
        any_string().prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 5, |inner| {
        prop_oneof![
            vec(inner.clone(), 0..5).prop_map(Value::Array),
            vec((any_string(), inner), 0..5).prop_map(|members| Value::Object(members.into_iter().collect::<Map>())),
        ]
    })
}

fn inner() -> impl Strategy<Value = Inner> {
    (edge!(u32), any_string()).prop_map(|(id, label)| Inner { id, label })
}

fn external() -> impl Strategy<Value = External> {
    prop_oneof![
        Just(External::Unit),
        f64_finite().prop_map(External::Newtype),
        (edge!(i8), any_string(), proptest::option::of(edge!(u16))).prop_map(|(a, b, c)| External::Tuple(a, b, c)),
        (edge!(i128), vec(any_char(), 0..4)).prop_map(|(a, b)| External::Struct { a, b }),
        inner().prop_map(External::Nested),
    ]
}

fn internal() -> impl Strategy<Value = Internal> {
    prop_oneof![
        Just(Internal::Unit),
        (f32_finite(), any_string(), proptest::option::of(any::<bool>())).prop_map(|(x, name, opt)| Internal::Struct {
            x,
            name,
            opt
        }),
        inner().prop_map(Internal::Newtype),
        (edge!(u64), proptest::option::of(any_string()), edge!(u8))
            .prop_map(|(serial, note, count)| Internal::Partial(Loose { serial, note, count })),
    ]
}

fn adjacent() -> impl Strategy<Value = Adjacent> {
    prop_oneof![
        Just(Adjacent::Unit),
        any_string().prop_map(Adjacent::Newtype),
        (edge!(u64), edge!(i64)).prop_map(|(a, b)| Adjacent::Tuple(a, b)),
        (any_char(), vec(any::<u8>(), 0..4)).prop_map(|(k, v)| Adjacent::Struct { k, v }),
    ]
}

fn untagged() -> impl Strategy<Value = Untagged> {
    prop_oneof![
        any::<bool>().prop_map(Untagged::Flag),
        any_string().prop_map(Untagged::Text),
        (edge!(u64), proptest::option::of(any_string()))
            .prop_map(|(record_id, note)| Untagged::Record { record_id, note }),
        (any_string(), edge!(i32)).prop_map(|(a, b)| Untagged::Pair(a, b)),
        Just(Untagged::Nothing),
    ]
}

/// `None` or `Some(Some(v))`, never `Some(None)`.
fn nested_option<T: Strategy>(inner: T) -> impl Strategy<Value = Option<Option<T::Value>>> {
    proptest::option::of(inner.prop_map(Some))
}

fn attrs() -> impl Strategy<Value = Attrs> {
    (
        edge!(u64),
        any_string(),
        edge!(u8),
        f64_finite(),
        proptest::option::of(any_string()),
        nested_option(edge!(i32)),
        edge!(i64),
        btree_set(any_string(), 0..4),
    )
        .prop_map(|(id, display_name, retries, ratio, nickname, layered, created_at, tags)| Attrs {
            id,
            display_name,
            retries,
            ratio,
            nickname,
            layered,
            cache: 0,
            meta: Meta { created_at, tags },
        })
}

fn rich() -> impl Strategy<Value = Rich<'static>> {
    let ints = (
        edge!(i8),
        edge!(i16),
        edge!(i32),
        edge!(i64),
        edge!(i128),
        edge!(isize),
        edge!(u8),
        edge!(u16),
        edge!(u32),
        edge!(u64),
        edge!(u128),
        edge!(usize),
    );
    let scalars = (
        f32_finite(),
        f64_finite(),
        any::<bool>(),
        any_char(),
        any_string(),
        any_string(),
        any_string(),
        any_string(),
        inner(),
        vec(edge!(i16), 0..4),
        any_string(),
    );
    let containers = (
        proptest::option::of(edge!(u32)),
        nested_option(any_string()),
        vec(f64_finite(), 0..4),
        vec_deque(any_string(), 0..4),
        [edge!(i32), edge!(i32), edge!(i32)],
        [f32_finite(), f32_finite(), f32_finite()],
        (edge!(u8), any_string()),
        (edge!(i64), any::<bool>(), any_char(), proptest::option::of(f32_finite()), Just(())),
    );
    let maps = (
        hash_map(any_string(), edge!(i32), 0..4),
        btree_map(edge!(u32), any_string(), 0..4),
        btree_map(edge!(i128), any::<bool>(), 0..4),
        btree_map(any_char(), edge!(u8), 0..4),
        btree_map(any::<bool>(), vec(any::<u8>(), 0..3), 0..3),
        btree_map(select(vec![Unit::Alpha, Unit::Beta, Unit::Gamma]), f64_finite(), 0..4),
        hash_set(any_string(), 0..4),
        btree_set(edge!(i64), 0..4),
    );
    let enums =
        (value(), vec(external(), 0..4), vec(internal(), 0..4), vec(adjacent(), 0..4), vec(untagged(), 0..4), attrs());
    (ints, scalars, containers, maps, enums).prop_map(|(i, s, c, m, e)| Rich {
        int8: i.0,
        int16: i.1,
        int32: i.2,
        int64: i.3,
        int128: i.4,
        isz: i.5,
        uint8: i.6,
        uint16: i.7,
        uint32: i.8,
        uint64: i.9,
        uint128: i.10,
        usz: i.11,
        float32: s.0,
        float64: s.1,
        flag: s.2,
        ch: s.3,
        string: s.4,
        boxed_str: s.5.into_boxed_str(),
        cow: Cow::Owned(s.6),
        cow_static: Cow::Owned(s.7),
        boxed: Box::new(s.8),
        rc: Rc::new(s.9),
        arc: Arc::new(s.10),
        opt: c.0,
        opt_opt: c.1,
        vec: c.2,
        deque: c.3,
        array: c.4,
        floats: c.5,
        pair: c.6,
        five: c.7,
        unit: (),
        phantom: PhantomData,
        hash_map: m.0,
        by_u32: m.1,
        by_i128: m.2,
        by_char: m.3,
        by_bool: m.4,
        by_unit: m.5,
        hash_set: m.6,
        btree_set: m.7,
        value: e.0,
        external: e.1,
        internal: e.2,
        adjacent: e.3,
        untagged: e.4,
        attrs: e.5,
    })
}

/// A copy whose hash containers keep at most one element: those encode in iteration
/// order, which a decoded copy need not share, so only then is the text unique.
fn with_ordered_hashes(x: &Rich<'static>) -> Rich<'static> {
    let mut y = x.clone();
    y.hash_map = x.hash_map.iter().take(1).map(|(k, v)| (k.clone(), *v)).collect();
    y.hash_set = x.hash_set.iter().take(1).cloned().collect();
    y
}

/// Whether every 128-bit integer in `x` fits `i64` or `u64`, as a `Value` needs.
fn only_64_bit_integers(x: &Rich<'_>) -> bool {
    let fits = |v: i128| i64::try_from(v).is_ok() || u64::try_from(v).is_ok();
    fits(x.int128)
        && u64::try_from(x.uint128).is_ok()
        && x.external.iter().all(|e| !matches!(e, External::Struct { a, .. } if !fits(*a)))
}

/// Compact JSON `text` with the members of every object in reverse order. Works on the
/// text (scalars are copied as written), since a `Value` would round 128-bit integers.
fn reverse_members(text: &str) -> String {
    fn string_end(b: &[u8], mut i: usize) -> usize {
        i += 1;
        while b[i] != b'"' {
            i += if b[i] == b'\\' { 2 } else { 1 };
        }
        i + 1
    }
    /// Appends the value at `i` to `out` and returns the index after it.
    fn value(b: &[u8], i: usize, out: &mut Vec<u8>) -> usize {
        match b[i] {
            b'"' => {
                let end = string_end(b, i);
                out.extend_from_slice(&b[i..end]);
                end
            }
            open @ (b'[' | b'{') => {
                let close = if open == b'[' { b']' } else { b'}' };
                let mut parts: Vec<Vec<u8>> = Vec::new();
                let mut i = i + 1;
                while b[i] != close {
                    let mut part = Vec::new();
                    if open == b'{' {
                        let end = string_end(b, i);
                        part.extend_from_slice(&b[i..=end]); // key and ':'
                        i = end + 1;
                    }
                    i = value(b, i, &mut part);
                    parts.push(part);
                    if b[i] == b',' {
                        i += 1;
                    }
                }
                if open == b'{' {
                    parts.reverse();
                }
                out.push(open);
                out.extend_from_slice(&parts.join(&b',')[..]);
                out.push(close);
                i + 1
            }
            _ => {
                let end = b[i..].iter().position(|c| matches!(c, b',' | b']' | b'}')).map_or(b.len(), |n| i + n);
                out.extend_from_slice(&b[i..end]);
                end
            }
        }
    }
    let mut out = Vec::new();
    let end = value(text.as_bytes(), 0, &mut out);
    assert_eq!(end, text.len());
    String::from_utf8(out).unwrap()
}

/// A NaN (any sign and payload) or an infinity.
fn non_finite() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(f64::NAN),
        (1u64..(1 << 52), any::<bool>())
            .prop_map(|(m, neg)| f64::from_bits(0x7FF0_0000_0000_0000 | m | (u64::from(neg) << 63))),
    ]
}

// ---------------------------------------------------------------- round-trip properties

proptest! {
    #![proptest_config(config(256))]

    /// `decode(encode(x)) == x`, floats by bits; through both `from_str` and `from_slice`.
    #[test]
    fn rich_round_trips(x in rich()) {
        let text = to_string(&x).unwrap();
        prop_assert_eq!(to_vec(&x).unwrap(), text.as_bytes());
        let y: Rich<'_> = from_str(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&y, &x, "{}", text);
        prop_assert_eq!(float_bits(&y), float_bits(&x), "{}", text);
        let z: Rich<'_> = from_slice(text.as_bytes()).unwrap();
        prop_assert_eq!(&z, &x);
        // Whatever else `Value` holds, the text is valid JSON for serde_json too.
        serde_json::from_str::<serde_json::Value>(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    }

    /// `encode(decode(encode(x))) == encode(x)`, byte for byte.
    #[test]
    fn rich_encoding_is_stable(x in rich().prop_map(|x| with_ordered_hashes(&x))) {
        let first = to_string(&x).unwrap();
        let y: Rich<'_> = from_str(&first).unwrap();
        let second = to_string(&y).unwrap();
        prop_assert_eq!(&second, &first);
        // A `Value` in between loses nothing either, when no 128-bit integer lies beyond
        // the `u64`/`i64` range that `Number` holds exactly. (Its text may differ: an `f32`
        // is written in the shortest form for `f32`, which may choose another notation
        // than the `f64` of the same value, as `4.3994005e+15` and `4399400500000000.0`.)
        if only_64_bit_integers(&x) {
            let v: Value = from_str(&first).unwrap();
            let via_value = to_string(&v).unwrap();
            let y: Rich<'_> = from_str(&via_value).unwrap();
            prop_assert_eq!(&y, &x);
            prop_assert_eq!(float_bits(&y), float_bits(&x));
            prop_assert_eq!(to_string(&y).unwrap(), first);
        }
    }

    /// Hash containers of any size: the re-encoded text may order their members
    /// differently, but it decodes to the same value and has the same length.
    #[test]
    fn rich_with_hash_containers_re_encodes_equal(x in rich()) {
        let first = to_string(&x).unwrap();
        let y: Rich<'_> = from_str(&first).unwrap();
        let second = to_string(&y).unwrap();
        prop_assert_eq!(second.len(), first.len());
        let z: Rich<'_> = from_str(&second).unwrap();
        prop_assert_eq!(&z, &x);
        prop_assert_eq!(float_bits(&z), float_bits(&x));
    }

    /// Object members may come in any order: every object reversed decodes the same.
    /// Internally tagged objects then have their tag last, adjacently tagged ones their
    /// content first, flattened keys precede the struct's own.
    #[test]
    fn member_order_does_not_matter(x in rich()) {
        let text = to_string(&x).unwrap();
        let reversed = reverse_members(&text);
        let y: Rich<'_> = from_str(&reversed).map_err(|e| TestCaseError::fail(format!("{e}\n{reversed}")))?;
        prop_assert_eq!(&y, &x, "{}", reversed);
        prop_assert_eq!(float_bits(&y), float_bits(&x));
    }

    /// Attributes: aliases decode, defaulted keys may be absent, skipped ones never appear.
    #[test]
    fn attributes_round_trip(x in attrs()) {
        let text = to_string(&x).unwrap();
        let mut v: Value = from_str(&text).unwrap();
        let obj = v.as_object_mut().unwrap();
        prop_assert!(obj.contains_key("ID") && obj.contains_key("displayName") && obj.contains_key("created_at"));
        prop_assert!(!obj.contains_key("cache") && !obj.contains_key("meta"));
        prop_assert_eq!(obj.contains_key("nickname"), x.nickname.is_some());
        prop_assert_eq!(obj.contains_key("layered"), x.layered.is_some());

        // The alias in place of the name.
        let id = obj.remove("ID").unwrap();
        obj.insert("identifier", id);
        let y: Attrs = from_str(&v.to_string()).unwrap();
        prop_assert_eq!(&y, &x);
        prop_assert_eq!(y.ratio.to_bits(), x.ratio.to_bits());

        // Without the defaulted and optional keys.
        let obj = v.as_object_mut().unwrap();
        for key in ["retries", "ratio", "nickname", "layered"] {
            obj.remove(key);
        }
        let y: Attrs = from_str(&v.to_string()).unwrap();
        let want = Attrs { retries: 0, ratio: default_ratio(), nickname: None, layered: None, ..x.clone() };
        prop_assert_eq!(y, want);

        // Both names at once is a duplicate, not a silent choice.
        let doc = text.replacen("{\"ID\":", "{\"identifier\":0,\"ID\":", 1);
        prop_assert!(from_str::<Attrs>(&doc).is_err(), "{}", doc);
    }

    /// Every enum on its own, at the top level.
    #[test]
    fn enums_round_trip(
        e in external(),
        i in internal(),
        a in adjacent(),
        u in untagged(),
        keys in btree_map(select(vec![Unit::Alpha, Unit::Beta, Unit::Gamma]), any_string(), 0..4),
    ) {
        let text = to_string(&e).unwrap();
        let back: External = from_str(&text).unwrap();
        prop_assert_eq!(float_bits(&back), float_bits(&e));
        prop_assert_eq!(back, e);
        let text = to_string(&i).unwrap();
        prop_assert!(text.starts_with("{\"type\":"), "{}", text);
        let back: Internal = from_str(&text).unwrap();
        prop_assert_eq!(float_bits(&back), float_bits(&i));
        prop_assert_eq!(back, i);
        let text = to_string(&a).unwrap();
        prop_assert!(text.starts_with("{\"t\":"), "{}", text);
        prop_assert_eq!(from_str::<Adjacent>(&text).unwrap(), a);
        let text = to_string(&u).unwrap();
        prop_assert_eq!(from_str::<Untagged>(&text).unwrap(), u);
        let text = to_string(&keys).unwrap();
        prop_assert_eq!(from_str::<BTreeMap<Unit, String>>(&text).unwrap(), keys);
    }

    /// Scalars at the top level: exact text for integers, shortest round trip for floats.
    #[test]
    fn scalars_round_trip(
        i in edge!(i128),
        u in edge!(u128),
        f in f64_finite(),
        g in f32_finite(),
        c in any_char(),
        s in any_string(),
    ) {
        prop_assert_eq!(to_string(&i).unwrap(), i.to_string());
        prop_assert_eq!(from_str::<i128>(&i.to_string()).unwrap(), i);
        prop_assert_eq!(to_string(&u).unwrap(), u.to_string());
        prop_assert_eq!(from_str::<u128>(&u.to_string()).unwrap(), u);

        let text = to_string(&f).unwrap();
        prop_assert_eq!(from_str::<f64>(&text).unwrap().to_bits(), f.to_bits(), "{}", text);
        // Exactly what serde_json (float_roundtrip) reads from it.
        prop_assert_eq!(serde_json::from_str::<f64>(&text).unwrap().to_bits(), f.to_bits(), "{}", text);
        // And the same float as a `Value`.
        let v: Value = from_str(&text).unwrap();
        prop_assert!(v.is_f64(), "{}", text);
        prop_assert_eq!(v.as_f64().unwrap().to_bits(), f.to_bits());

        let text = to_string(&g).unwrap();
        prop_assert_eq!(from_str::<f32>(&text).unwrap().to_bits(), g.to_bits(), "{}", text);
        prop_assert_eq!(serde_json::from_str::<f32>(&text).unwrap().to_bits(), g.to_bits(), "{}", text);

        let text = to_string(&c).unwrap();
        prop_assert_eq!(from_str::<char>(&text).unwrap(), c);
        prop_assert_eq!(serde_json::from_str::<char>(&text).unwrap(), c);

        let text = to_string(&s).unwrap();
        prop_assert_eq!(from_str::<String>(&text).unwrap(), s.clone());
        prop_assert_eq!(serde_json::from_str::<String>(&text).unwrap(), s.clone());
        prop_assert_eq!(from_str::<Box<str>>(&text).unwrap(), s.clone().into_boxed_str());
        prop_assert_eq!(from_str::<Cow<'_, str>>(&text).unwrap(), s.as_str());
    }

    /// NaN (any payload, either sign) and the infinities are an encode error wherever they
    /// stand, never `null`.
    #[test]
    fn non_finite_never_encodes(f in non_finite(), x in rich()) {
        prop_assert!(to_string(&f).is_err());
        prop_assert!(to_vec(&(f as f32)).is_err());
        prop_assert!(to_string(&vec![1.0, f]).is_err());
        prop_assert!(to_string(&Some(f)).is_err());
        prop_assert!(to_string(&BTreeMap::from([(Unit::Beta, f)])).is_err());
        prop_assert!(to_string(&External::Newtype(f)).is_err());
        prop_assert!(Number::from_f64(f).is_none());
        let mut y = x.clone();
        y.float64 = f;
        prop_assert!(to_string(&y).is_err());
        let mut y = x;
        y.attrs.ratio = f;
        prop_assert!(to_string(&y).is_err());
    }

    /// `Some(None)` and `None` both encode as `null` (or both leave the key out under
    /// `skip_encoding_if`) and decode as `None`: the documented collapse of nested options.
    #[test]
    fn nested_option_collapses(x in attrs(), v in edge!(i32)) {
        prop_assert_eq!(to_string(&Some(None::<i32>)).unwrap(), "null");
        prop_assert_eq!(from_str::<Option<Option<i32>>>("null").unwrap(), None);
        prop_assert_eq!(from_str::<Option<Option<i32>>>(&v.to_string()).unwrap(), Some(Some(v)));
        let y = Attrs { layered: Some(None), ..x };
        let text = to_string(&y).unwrap();
        prop_assert!(text.contains("\"layered\":null"), "{}", text);
        let back: Attrs = from_str(&text).unwrap();
        prop_assert_eq!(back.layered, None);
        prop_assert_eq!(back, Attrs { layered: None, ..y });
    }
}

// ================================================================ differential: serde_json

/// One character as JSON string text: raw, as a short escape, or as `\uXXXX` (a surrogate
/// pair beyond the BMP), in either hex case. Characters that must be escaped always are.
fn push_json_char(out: &mut String, c: char, style: u8, upper: bool) {
    let must = c == '"' || c == '\\' || (c as u32) < 0x20;
    if style == 0 && !must {
        out.push(c);
        return;
    }
    if style == 1 {
        let short = match c {
            '"' => Some("\\\""),
            '\\' => Some("\\\\"),
            '/' => Some("\\/"),
            '\u{8}' => Some("\\b"),
            '\u{c}' => Some("\\f"),
            '\n' => Some("\\n"),
            '\r' => Some("\\r"),
            '\t' => Some("\\t"),
            _ => None,
        };
        if let Some(s) = short {
            out.push_str(s);
            return;
        }
    }
    for unit in c.encode_utf16(&mut [0; 2]) {
        if upper {
            out.push_str(&format!("\\u{unit:04X}"));
        } else {
            out.push_str(&format!("\\u{unit:04x}"));
        }
    }
}

/// How each character of a string is written: `(style, upper)` for `push_json_char`.
fn spelling() -> impl Strategy<Value = Vec<(u8, bool)>> {
    vec((0u8..4, any::<bool>()), 10)
}

/// `content` as JSON string text, spelled per `styles` (cycled).
fn render_string(content: &str, styles: &[(u8, bool)]) -> String {
    let mut text = String::from("\"");
    for (c, &(style, upper)) in content.chars().zip(styles.iter().cycle()) {
        push_json_char(&mut text, c, style, upper);
    }
    text.push('"');
    text
}

/// A JSON string: its decoded content and its text.
fn json_string() -> BoxedStrategy<(String, String)> {
    (vec(any_char(), 0..10), spelling())
        .prop_map(|(chars, styles)| {
            let content = String::from_iter(chars);
            let text = render_string(&content, &styles);
            (content, text)
        })
        .boxed()
}

/// A JSON number literal: exact integers at the `u64`/`i64` edges and beyond them, floats
/// in fraction and exponent forms, and a few beyond `f64`'s range (which both reject).
fn json_number() -> impl Strategy<Value = String> {
    prop_oneof![
        2 => edge!(i64).prop_map(|v| v.to_string()),
        2 => edge!(u64).prop_map(|v| v.to_string()),
        2 => select(vec![
            "0",
            "-0",
            "-0.0",
            "0e0",
            "-0E-0",
            "1E+2",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775808",
            "-9223372036854775809",
            "18446744073709551615",
            "18446744073709551616",
            "-18446744073709551616",
            "1e400",
            "-1e400",
            "1e-400",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "4.9e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "9007199254740993",
            "9007199254740993.0",
            "0.30000000000000004",
            "123456789012345678901234567890e-10",
        ])
        .prop_map(String::from),
        2 => "-?[1-9][0-9]{19,45}",
        3 => "-?(0|[1-9][0-9]{0,18})(\\.[0-9]{1,22})?([eE][+-]?[0-9]{1,2})?",
        2 => f64_finite().prop_map(|f| format!("{f:?}")),
        1 => f64_finite().prop_map(|f| format!("{f:e}")),
    ]
}

/// JSON whitespace, usually none.
fn ws() -> BoxedStrategy<String> {
    prop_oneof![3 => Just(String::new()), 1 => "[ \t\n\r]{1,3}"].boxed()
}

/// A JSON document as text: scalars, nested arrays and objects with unique keys, and
/// whitespace between any two tokens.
fn json_doc() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        1 => Just("null".to_owned()),
        1 => Just("true".to_owned()),
        1 => Just("false".to_owned()),
        4 => json_number(),
        4 => json_string().prop_map(|(_, text)| text),
    ];
    let tree = leaf.prop_recursive(4, 40, 5, |inner| {
        let item = (ws(), inner, ws()).prop_map(|(a, t, b)| format!("{a}{t}{b}"));
        prop_oneof![
            (vec(item.clone(), 0..5), ws()).prop_map(|(items, pad)| {
                if items.is_empty() {
                    format!("[{pad}]")
                } else {
                    format!("[{}]", items.join(","))
                }
            }),
            (vec((ws(), json_string(), ws(), item), 0..5), ws()).prop_map(|(members, pad)| {
                let mut seen = HashSet::new();
                let members: Vec<String> = members
                    .into_iter()
                    .filter(|(_, (key, _), _, _)| seen.insert(key.clone()))
                    .map(|(a, (_, key), b, value)| format!("{a}{key}{b}:{value}"))
                    .collect();
                if members.is_empty() {
                    format!("{{{pad}}}")
                } else {
                    format!("{{{}}}", members.join(","))
                }
            }),
        ]
    });
    (ws(), tree, ws()).prop_map(|(a, t, b)| format!("{a}{t}{b}"))
}

/// The same number: exactly when both are integers, by bits when either is a float (and
/// then both must be floats: an integer literal beyond `u64`/`i64` is a float in both).
fn same_number(c: &Number, s: &serde_json::Number) -> bool {
    if c.is_f64() || s.is_f64() {
        c.is_f64() && s.is_f64() && c.as_f64().unwrap().to_bits() == s.as_f64().unwrap().to_bits()
    } else {
        c.as_u64() == s.as_u64() && c.as_i64() == s.as_i64()
    }
}

/// Where `codec`'s tree and serde_json's differ, if they do.
fn diff(c: &Value, s: &serde_json::Value, path: &mut String) -> Result<(), String> {
    use serde_json::Value as S;
    match (c, s) {
        (Value::Null, S::Null) => Ok(()),
        (Value::Bool(a), S::Bool(b)) if a == b => Ok(()),
        (Value::Number(a), S::Number(b)) if same_number(a, b) => Ok(()),
        (Value::String(a), S::String(b)) if a == b => Ok(()),
        (Value::Array(a), S::Array(b)) if a.len() == b.len() => {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                diff(x, y, path)?;
                path.truncate(len);
            }
            Ok(())
        }
        (Value::Object(a), S::Object(b)) if a.len() == b.len() => {
            for (k, x) in a {
                let len = path.len();
                path.push_str(&format!(".{k:?}"));
                let y = b.get(k).ok_or_else(|| format!("{path}: missing in serde_json"))?;
                diff(x, y, path)?;
                path.truncate(len);
            }
            Ok(())
        }
        _ => Err(format!("{path}: codec {c:?}, serde_json {s}")),
    }
}

/// Same tree, comparing floats by bits (serde_json's `==` says `-0.0 == 0.0`).
fn same_serde(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value as S;
    match (a, b) {
        (S::Number(x), S::Number(y)) => {
            if x.is_f64() || y.is_f64() {
                x.is_f64() && y.is_f64() && x.as_f64().unwrap().to_bits() == y.as_f64().unwrap().to_bits()
            } else {
                x == y
            }
        }
        (S::Array(x), S::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_serde(x, y)),
        (S::Object(x), S::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same_serde(v, w)))
        }
        _ => a == b,
    }
}

/// Both parsers on `bytes`: the same verdict and, when both accept, the same tree.
fn agree(bytes: &[u8]) -> Result<bool, TestCaseError> {
    let shown = String::from_utf8_lossy(bytes);
    let theirs = serde_json::from_slice::<serde_json::Value>(bytes);
    let ours = from_slice::<Value>(bytes);
    match (ours, theirs) {
        (Ok(c), Ok(s)) => {
            diff(&c, &s, &mut String::new()).map_err(|e| TestCaseError::fail(format!("{e}\ndocument: {shown}")))?;
            // Canonical form: codec's text of its tree, read by serde_json, is serde_json's tree.
            let again: serde_json::Value = serde_json::from_str(&c.to_string())
                .map_err(|e| TestCaseError::fail(format!("{e}: {c}\ndocument: {shown}")))?;
            prop_assert!(same_serde(&again, &s), "re-encoded {} vs {}\ndocument: {}", c, s, shown);
            Ok(true)
        }
        (Err(_), Err(_)) => Ok(false),
        (Err(e), Ok(s)) => {
            // The documented difference: a repeated key is an error by default; serde_json
            // keeps the last value, and so does codec when asked to.
            prop_assert!(
                matches!(e.kind(), ErrorKind::DuplicateField(_)),
                "codec rejects ({}) what serde_json accepts as {}\ndocument: {:?}",
                e,
                s,
                shown
            );
            let last = Options::new().duplicate_keys(DuplicateKeys::KeepLast);
            let c: Value = from_slice_with(bytes, &last)
                .map_err(|e| TestCaseError::fail(format!("KeepLast: {e}\ndocument: {shown:?}")))?;
            diff(&c, &s, &mut String::new()).map_err(|e| TestCaseError::fail(format!("{e}\ndocument: {shown:?}")))?;
            Ok(true)
        }
        (Ok(c), Err(e)) => {
            Err(TestCaseError::fail(format!("codec accepts as {c} what serde_json rejects ({e})\ndocument: {shown:?}")))
        }
    }
}

#[derive(Debug, Clone)]
enum Mutation {
    Xor(Index, u8),
    Set(Index, u8),
    Insert(Index, u8),
    Delete(Index),
}

/// A byte, often one that means something to JSON or to UTF-8.
fn mutation_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        1 => any::<u8>(),
        2 => select(b"\"\\{}[],:0123456789-+.eEtrufalsn \t\n\r/bu\x00\x1f\x7f\x80\xbf\xc0\xc3\xed\xf0\xf4\xf5\xff".to_vec()),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<Index>(), 1u8..=255).prop_map(|(i, m)| Mutation::Xor(i, m)),
        (any::<Index>(), mutation_byte()).prop_map(|(i, b)| Mutation::Set(i, b)),
        (any::<Index>(), mutation_byte()).prop_map(|(i, b)| Mutation::Insert(i, b)),
        any::<Index>().prop_map(Mutation::Delete),
    ]
}

fn mutate(doc: &mut Vec<u8>, m: &Mutation) {
    let len = doc.len();
    match m {
        Mutation::Insert(i, b) => doc.insert(i.index(len + 1), *b),
        _ if len == 0 => {}
        Mutation::Xor(i, m) => doc[i.index(len)] ^= m,
        Mutation::Set(i, b) => doc[i.index(len)] = *b,
        Mutation::Delete(i) => {
            doc.remove(i.index(len));
        }
    }
}

proptest! {
    #![proptest_config(config(512))]

    /// Generated documents decode into `Value` exactly as serde_json reads them.
    #[test]
    fn value_agrees_with_serde_json(doc in json_doc()) {
        agree(doc.as_bytes())?;
        // And the compact text codec writes is stable.
        if let Ok(v) = from_str::<Value>(&doc) {
            let text = v.to_string();
            prop_assert_eq!(from_str::<Value>(&text).unwrap().to_string(), text);
        }
    }

    /// Byte mutations of generated documents: serde_json and codec accept and reject alike.
    #[test]
    fn mutations_agree_with_serde_json(doc in json_doc(), mutations in vec(mutation(), 1..4)) {
        let mut bytes = doc.into_bytes();
        for m in &mutations {
            mutate(&mut bytes, m);
        }
        agree(&bytes)?;
    }
}

/// An object whose members have unique keys except that one key comes again, possibly
/// spelled with other escapes, and the position of the repeat.
fn object_with_a_repeated_key() -> impl Strategy<Value = String> {
    (vec((json_string(), json_doc()), 1..5), any::<Index>(), spelling(), json_doc(), any::<Index>()).prop_map(
        |(members, which, styles, value, at)| {
            let mut seen = HashSet::new();
            let mut members: Vec<(String, String)> = members
                .into_iter()
                .filter(|((key, _), _)| seen.insert(key.clone()))
                .map(|((key, text), value)| (key, format!("{text}:{value}")))
                .collect();
            let key = members[which.index(members.len())].0.clone();
            let repeat = format!("{}:{value}", render_string(&key, &styles));
            let at = at.index(members.len() + 1);
            members.insert(at, (key, repeat));
            let members: Vec<String> = members.into_iter().map(|(_, m)| m).collect();
            format!("{{{}}}", members.join(","))
        },
    )
}

proptest! {
    #![proptest_config(config(128))]

    /// The documented difference: serde_json keeps the last of two values for one key,
    /// codec refuses the document by default (`DuplicateField`) and agrees with serde_json
    /// under `DuplicateKeys::KeepLast`, also when the two spellings differ by escapes.
    #[test]
    fn repeated_keys_are_the_documented_difference(doc in object_with_a_repeated_key()) {
        let serde_accepts = serde_json::from_str::<serde_json::Value>(&doc).is_ok();
        match from_str::<Value>(&doc) {
            Err(e) if matches!(e.kind(), ErrorKind::DuplicateField(_)) => {}
            // A member's value may itself be invalid (a number beyond `f64`): then both
            // reject the document for that reason.
            Err(e) => prop_assert!(!serde_accepts, "{}: {}", e, doc),
            Ok(v) => return Err(TestCaseError::fail(format!("accepted {v} from {doc}"))),
        }
        prop_assert_eq!(agree(doc.as_bytes())?, serde_accepts);
    }
}

/// The document generator is not degenerate: almost every document is valid, and a fair
/// share stay valid after mutation, so both branches of `agree` are exercised.
#[test]
fn generated_documents_are_mostly_valid() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    let mut runner = TestRunner::deterministic();
    let strategy = (json_doc(), vec(mutation(), 1..4));
    let (mut valid, mut still_valid, n) = (0, 0, 500);
    for _ in 0..n {
        let (doc, mutations) = strategy.new_tree(&mut runner).unwrap().current();
        valid += usize::from(agree(doc.as_bytes()).unwrap());
        let mut bytes = doc.into_bytes();
        for m in &mutations {
            mutate(&mut bytes, m);
        }
        still_valid += usize::from(agree(&bytes).unwrap());
    }
    assert!(valid * 10 >= n * 9, "{valid} of {n} documents valid");
    assert!(still_valid * 50 >= n, "{still_valid} of {n} mutated documents valid");
}

// ---------------------------------------------------------------- fixed cases

/// A few documents that exercise each branch of `agree` deterministically.
#[test]
fn differential_fixed_cases() {
    for (doc, accepted) in [
        (r#"{"a":1,"b":[true,null,-0,1e2,"\ud83d\ude00"]}"#, true),
        ("18446744073709551616", true),
        ("-9223372036854775809", true),
        ("1e400", false),
        ("1.7976931348623159e308", false),
        (r#"{"a":1,"a":2}"#, true),
        (r#"{"a":1,"\u0061":2}"#, true),
        (r#""\ud800""#, false),
        ("[1,]", false),
        ("\"\u{7f}\"", true),
        ("\"\t\"", false),
        ("00", false),
        (" [ ] ", true),
    ] {
        let got = agree(doc.as_bytes()).unwrap_or_else(|e| panic!("{doc}: {e}"));
        assert_eq!(got, accepted, "{doc}");
    }
    // Integers beyond `u64`/`i64` are floats in both, and beyond `f64` an error in both.
    let e308 = format!("1{}", "0".repeat(308));
    let e309 = format!("-1{}", "0".repeat(309));
    assert!(agree(e308.as_bytes()).unwrap());
    assert!(!agree(e309.as_bytes()).unwrap());
}

/// The other documented difference, never generated above: a number literal longer than
/// `Options::max_number_len` (1024 bytes) is refused by codec, read by serde_json.
#[test]
fn number_length_limit_is_documented_difference() {
    let long = format!("0.{}1", "0".repeat(1100));
    assert_eq!(serde_json::from_str::<f64>(&long).unwrap(), 0.0);
    let err = from_str::<Value>(&long).unwrap_err();
    assert!(err.to_string().contains("number literal"), "{err}");
    let roomy = Options::new().max_number_len(4096);
    let v: Value = from_slice_with(long.as_bytes(), &roomy).unwrap();
    assert_eq!(v.as_f64().map(f64::to_bits), Some(0.0f64.to_bits()));
}

// ---------------------------------------------------------------- `'static` borrows

/// `Cow<'static, str>` and `&'static str` fields borrow from a `'static` input, as
/// `Cow<'a, str>` and `&'a str` borrow from an `'a` one. (The derive used to emit an impl
/// that did not compile for them: "lifetime may not live long enough".)
#[derive(Codec, Debug, PartialEq)]
struct StaticBorrows {
    cow: Cow<'static, str>,
    text: &'static str,
    list: Vec<Cow<'static, str>>,
    ghost: PhantomData<&'static str>,
}

#[test]
fn static_borrows_decode_from_static_input() {
    const DOC: &str = r#"{"cow":"plain","text":"t","list":["a","\u0062"],"ghost":null}"#;
    let v: StaticBorrows = from_str(DOC).unwrap();
    assert!(matches!(v.cow, Cow::Borrowed("plain")), "{v:?}");
    assert!(matches!(&v.list[1], Cow::Owned(s) if s == "b"), "{v:?}");
    assert_eq!(to_string(&v).unwrap(), DOC.replace("\\u0062", "b"));
}
