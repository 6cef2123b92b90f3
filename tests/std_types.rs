//! Encode and decode of every std type the runtime supports: exact JSON text, decode of
//! that text, round trip, and the edge cases and errors of each family.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::fmt::Debug;
use std::hash::{BuildHasherDefault, DefaultHasher};
use std::marker::PhantomData;
use std::rc::Rc;
use std::sync::Arc;

use codec::json::{from_slice, from_str, to_string, to_vec};
use codec::{Decode, Encode, Error, ErrorKind};

/// `value` encodes to exactly `json`, `json` decodes (from text and from bytes) to `value`,
/// and the decoded value encodes to `json` again.
#[track_caller]
fn check<'de, T: Encode + Decode<'de> + PartialEq + Debug>(value: T, json: &'de str) {
    assert_eq!(to_string(&value).unwrap(), json, "encode of {value:?}");
    assert_eq!(to_vec(&value).unwrap(), json.as_bytes(), "to_vec of {value:?}");
    let back: T = from_str(json).unwrap_or_else(|e| panic!("decode of {json}: {e}"));
    assert_eq!(back, value, "decode of {json}");
    let back: T = from_slice(json.as_bytes()).unwrap();
    assert_eq!(to_string(&back).unwrap(), json, "round trip of {json}");
}

#[track_caller]
fn fail<'de, T: Decode<'de> + Debug>(json: &'de str) -> Error {
    match from_str::<T>(json) {
        Ok(v) => panic!("{json} decoded to {v:?}, expected an error"),
        Err(e) => e,
    }
}

#[track_caller]
fn assert_out_of_range(e: &Error, msg: &str) {
    assert!(matches!(e.kind(), ErrorKind::OutOfRange(_)), "{e:?}");
    assert!(e.to_string().contains(msg), "`{e}` lacks `{msg}`");
}

#[track_caller]
fn assert_invalid_type(e: &Error, expected: &str, found: &str) {
    match e.kind() {
        ErrorKind::InvalidType { expected: x, found: f } => assert_eq!((&**x, &**f), (expected, found), "{e}"),
        _ => panic!("expected InvalidType, got {e:?}"),
    }
}

#[track_caller]
fn assert_invalid_value(e: &Error, msg: &str) {
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)), "{e:?}");
    assert!(e.to_string().contains(msg), "`{e}` lacks `{msg}`");
}

// ---- primitives ----

macro_rules! integer_tests {
    ($($t:ident)*) => {$({
        check::<$t>($t::MIN, &$t::MIN.to_string());
        check::<$t>($t::MAX, &$t::MAX.to_string());
        check::<$t>(0, "0");
        check::<$t>(7, "7");
        assert_eq!(from_str::<$t>(" 42 ").unwrap(), 42);
        let above = (($t::MAX as i128) + 1).to_string();
        assert_out_of_range(&fail::<$t>(&above), &format!("{above} does not fit in {}", stringify!($t)));
        let below = (($t::MIN as i128) - 1).to_string();
        assert_out_of_range(&fail::<$t>(&below), &format!("{below} does not fit in {}", stringify!($t)));
        let name = stringify!($t);
        assert_invalid_type(&fail::<$t>("1.0"), name, "float");
        assert_invalid_type(&fail::<$t>("1e2"), name, "float");
        assert_invalid_type(&fail::<$t>("-1.5"), name, "float");
        assert_invalid_type(&fail::<$t>("\"1\""), name, "string");
        assert_invalid_type(&fail::<$t>("null"), name, "null");
        assert!(matches!(fail::<$t>("01").kind(), ErrorKind::Syntax(_)));
        assert!(matches!(fail::<$t>("").kind(), ErrorKind::Eof));
    })*};
}

#[test]
fn integers_min_max_and_range() {
    integer_tests!(u8 u16 u32 u64 usize i8 i16 i32 i64 isize);
    assert_out_of_range(&fail::<u8>("300"), "number out of range: 300 does not fit in u8");
    assert_out_of_range(&fail::<u64>("99999999999999999999999"), "does not fit in u64");
    assert_out_of_range(&fail::<i8>("-129"), "-129 does not fit in i8");
}

#[test]
fn integers_128_bit() {
    check(u128::MAX, "340282366920938463463374607431768211455");
    check(u128::MIN, "0");
    check(i128::MAX, "170141183460469231731687303715884105727");
    check(i128::MIN, "-170141183460469231731687303715884105728");
    check(-1i128, "-1");
    assert_out_of_range(
        &fail::<u128>("340282366920938463463374607431768211456"),
        "340282366920938463463374607431768211456 does not fit in u128",
    );
    assert_out_of_range(&fail::<u128>("-1"), "-1 does not fit in u128");
    assert_out_of_range(&fail::<i128>("170141183460469231731687303715884105728"), "does not fit in i128");
    assert_out_of_range(&fail::<i128>("-170141183460469231731687303715884105729"), "does not fit in i128");
    assert_invalid_type(&fail::<u128>("1.0"), "u128", "float");
    assert_invalid_type(&fail::<i128>("1e2"), "i128", "float");
}

#[test]
fn integer_errors_point_at_the_number() {
    let e = fail::<Vec<u8>>("[1, 256]");
    assert_eq!(e.offset(), Some(4));
    assert_eq!(e.path(), "[1]");
    assert_eq!((e.line(), e.column()), (Some(1), Some(5)));
}

#[track_caller]
fn check_f64_bits(v: f64) {
    let text = to_string(&v).unwrap();
    let back: f64 = from_str(&text).unwrap();
    assert_eq!(back.to_bits(), v.to_bits(), "{v:e} -> {text}");
}

#[track_caller]
fn check_f32_bits(v: f32) {
    let text = to_string(&v).unwrap();
    let back: f32 = from_str(&text).unwrap();
    assert_eq!(back.to_bits(), v.to_bits(), "{v:e} -> {text}");
}

#[test]
fn floats() {
    check(1.5f64, "1.5");
    check(-0.25f64, "-0.25");
    check(1e300f64, "1e+300");
    check(0.1f64, "0.1");
    check(1.5f32, "1.5");
    check(0.1f32, "0.1");
    assert_eq!(to_string(&0.0f64).unwrap(), "0.0");
    assert_eq!(to_string(&-0.0f64).unwrap(), "-0.0");
    assert_eq!(to_string(&5e-324f64).unwrap(), "5e-324");
    assert_eq!(from_str::<f64>("3").unwrap(), 3.0);
    assert_eq!(from_str::<f64>("-0").unwrap().to_bits(), (-0.0f64).to_bits());
    assert_eq!(from_str::<f32>("1e2").unwrap(), 100.0);
    for v in [
        0.0,
        -0.0,
        f64::MAX,
        f64::MIN,
        f64::MIN_POSITIVE,
        f64::EPSILON,
        f64::from_bits(1),                     // smallest subnormal
        f64::from_bits(0x000f_ffff_ffff_ffff), // largest subnormal
        -f64::from_bits(12345),
        std::f64::consts::PI,
        1.0 / 3.0,
        9007199254740993.0,
    ] {
        check_f64_bits(v);
    }
    for v in [0.0, -0.0, f32::MAX, f32::MIN, f32::MIN_POSITIVE, f32::from_bits(1), std::f32::consts::E, 16777217.0] {
        check_f32_bits(v);
    }
}

#[test]
fn non_finite_floats_do_not_encode() {
    for v in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let e = to_string(&v).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)), "{e:?}");
        assert!(e.to_string().contains("cannot be encoded as JSON"), "{e}");
    }
    assert!(to_string(&f32::NAN).is_err());
    assert!(to_vec(&vec![1.0, f64::NAN]).is_err());
    assert_out_of_range(&fail::<f64>("1e400"), "1e400 does not fit in f64");
    assert_out_of_range(&fail::<f32>("1e39"), "1e39 does not fit in f32");
    assert_invalid_type(&fail::<f64>("\"NaN\""), "f64", "string");
    assert!(matches!(fail::<f64>("NaN").kind(), ErrorKind::Syntax(_)));
}

#[test]
fn bool_and_unit() {
    check(true, "true");
    check(false, "false");
    assert_invalid_type(&fail::<bool>("1"), "a boolean", "integer");
    assert_invalid_type(&fail::<bool>("\"true\""), "a boolean", "string");
    assert!(matches!(fail::<bool>("tru").kind(), ErrorKind::Eof));
    assert!(matches!(fail::<bool>("trux").kind(), ErrorKind::Syntax(_)));
    check((), "null");
    assert_invalid_type(&fail::<()>("0"), "null", "integer");
}

#[test]
fn chars() {
    check('a', "\"a\"");
    check('é', "\"é\"");
    check('😀', "\"😀\"");
    check('"', r#""\"""#);
    check('\n', r#""\n""#);
    check('\u{1}', r#""\u0001""#);
    assert_eq!(from_str::<char>(r#""\u00e9""#).unwrap(), 'é');
    assert_eq!(from_str::<char>(r#""\ud83d\ude00""#).unwrap(), '😀');
    let e = fail::<char>(r#" "ab""#);
    assert_invalid_value(&e, "exactly one character");
    assert_eq!(e.offset(), Some(1));
    assert_invalid_value(&fail::<char>(r#""""#), "exactly one character");
    assert_invalid_value(&fail::<char>(r#""a\n""#), "exactly one character");
    assert_invalid_type(&fail::<char>("1"), "a string", "integer");
}

// ---- strings ----

#[test]
fn strings() {
    check(String::from("hello"), r#""hello""#);
    check(String::new(), r#""""#);
    check(String::from("a\"b\\c\n\t\u{0}é😀/"), r#""a\"b\\c\n\t\u0000é😀/""#);
    assert_eq!(from_str::<String>(r#""\u0041\/\b\f\r""#).unwrap(), "A/\u{8}\u{c}\r");
    assert_invalid_type(&fail::<String>("1"), "a string", "integer");
    assert!(matches!(fail::<String>(r#""\x""#).kind(), ErrorKind::InvalidEscape(_)));
    assert!(matches!(fail::<String>(r#""\ud800""#).kind(), ErrorKind::InvalidEscape(_)));
    assert!(matches!(from_slice::<String>(b"\"\xff\"").unwrap_err().kind(), ErrorKind::InvalidUtf8));
    assert!(matches!(fail::<String>("\"a\nb\"").kind(), ErrorKind::Syntax(_)));
    assert!(matches!(fail::<String>("\"abc").kind(), ErrorKind::Eof));
    // `str` encodes; `&str` both ways.
    assert_eq!(to_string("x\"y").unwrap(), r#""x\"y""#);
}

#[test]
fn borrowed_str() {
    check::<&str>("hi", r#""hi""#);
    check::<&str>("", r#""""#);
    check::<&str>("é😀", r#""é😀""#);
    let input = String::from(r#""borrowed""#);
    let s: &str = from_str(&input).unwrap();
    assert!(std::ptr::eq(s.as_ptr(), input[1..].as_ptr()), "must point into the input");
    let e = fail::<&str>(r#"  "a\nb""#);
    assert_invalid_value(&e, "Cow");
    assert_eq!(e.offset(), Some(2));
}

#[test]
fn cow_str() {
    check::<Cow<str>>(Cow::Borrowed("plain"), r#""plain""#);
    check::<Cow<str>>(Cow::Owned("a\"b".into()), r#""a\"b""#);
    let cow: Cow<str> = from_str(r#""plain""#).unwrap();
    assert!(matches!(cow, Cow::Borrowed("plain")), "{cow:?}");
    let cow: Cow<str> = from_str(r#""tab\there""#).unwrap();
    assert!(matches!(&cow, Cow::Owned(s) if s == "tab\there"), "{cow:?}");
    let in_vec: Vec<Cow<str>> = from_str(r#"["a","\u0062"]"#).unwrap();
    assert!(matches!(in_vec[0], Cow::Borrowed("a")));
    assert!(matches!(&in_vec[1], Cow::Owned(s) if s == "b"));
}

#[test]
fn boxed_and_shared_str() {
    check::<Box<str>>("boxed".into(), r#""boxed""#);
    check::<Rc<str>>("rc\u{1f600}".into(), r#""rc😀""#);
    check::<Arc<str>>("a\"rc".into(), r#""a\"rc""#);
    assert_eq!(&*from_str::<Box<str>>(r#""\u0041""#).unwrap(), "A");
}

// ---- wrappers ----

#[test]
fn pointers() {
    check(Box::new(5u8), "5");
    check(Rc::new(String::from("x")), r#""x""#);
    check(Arc::new(vec![1i32, -2]), "[1,-2]");
    check(Box::new(Box::new(Some(1u8))), "1");
    assert_eq!(<Box<u8> as Decode>::absent(), None);
    assert_eq!(<Box<Option<u8>> as Decode>::absent(), Some(Box::new(None)));
    assert_eq!(<Arc<Option<u8>> as Decode>::absent(), Some(Arc::new(None)));
}

#[test]
fn references_and_cow_encode() {
    let n = 5u8;
    assert_eq!(to_string(&&n).unwrap(), "5");
    assert_eq!(to_string(&&&"s").unwrap(), r#""s""#);
    let mut m = vec![1u8, 2];
    assert_eq!(to_string(&&mut m).unwrap(), "[1,2]");
    let slice: &[u16] = &[1, 2];
    assert_eq!(to_string(&slice).unwrap(), "[1,2]");
    assert_eq!(to_string(slice).unwrap(), "[1,2]");
    let cow: Cow<[u8]> = Cow::Borrowed(&[3, 4]);
    assert_eq!(to_string(&cow).unwrap(), "[3,4]");
    let cow: Cow<[u8]> = Cow::Owned(vec![5]);
    assert_eq!(to_string(&cow).unwrap(), "[5]");
    let cow: Cow<u32> = Cow::Owned(9);
    assert_eq!(to_string(&cow).unwrap(), "9");
    let strs: Vec<&str> = vec!["a", "b"];
    assert_eq!(to_string(&strs).unwrap(), r#"["a","b"]"#);
}

#[test]
fn options() {
    check(Some(1u8), "1");
    check(None::<u8>, "null");
    check(Some(String::from("s")), r#""s""#);
    check(vec![Some(1.5f64), None], "[1.5,null]");
    assert_eq!(from_str::<Option<u8>>(" null ").unwrap(), None);
    assert_eq!(<Option<u8> as Decode>::absent(), Some(None));
    assert_eq!(<Option<String> as Decode>::absent(), Some(None));
    assert_eq!(<u8 as Decode>::absent(), None);
    assert_eq!(<String as Decode>::absent(), None);
    // Errors inside are the inner type's.
    assert_out_of_range(&fail::<Option<u8>>("256"), "256 does not fit in u8");
    assert!(matches!(fail::<Option<u8>>("nul").kind(), ErrorKind::Eof));
    assert!(matches!(fail::<Option<u8>>("nil").kind(), ErrorKind::Syntax(_)));
    // null is None at every level: Some(None) has no JSON form of its own.
    assert_eq!(to_string(&Some(None::<u8>)).unwrap(), "null");
    assert_eq!(from_str::<Option<Option<u8>>>("null").unwrap(), None);
}

#[test]
fn phantom_data() {
    check(PhantomData::<String>, "null");
    check(PhantomData::<str>, "null");
    assert_eq!(<PhantomData<u8> as Decode>::absent(), Some(PhantomData));
    assert_invalid_type(&fail::<PhantomData<u8>>("0"), "null", "integer");
}

// ---- collections ----

#[test]
fn vecs() {
    check(vec![1u8, 2, 3], "[1,2,3]");
    check(Vec::<u8>::new(), "[]");
    check(vec![String::from("a"), String::from("b\"")], r#"["a","b\""]"#);
    check(vec![vec![1i64], vec![], vec![-2, 3]], "[[1],[],[-2,3]]");
    check(vec![vec![vec![true]]], "[[[true]]]");
    check::<Box<[u8]>>(Box::new([1, 2]), "[1,2]");
    check::<Box<[u8]>>(Box::new([]), "[]");
    check(VecDeque::from([3u32, 1, 2]), "[3,1,2]");
    check::<Vec<&str>>(vec!["x", "y"], r#"["x","y"]"#);
    // Bytes are plain arrays of numbers.
    check(b"hi".to_vec(), "[104,105]");
    assert_eq!(to_string(&b"hi"[..]).unwrap(), "[104,105]");
    assert_eq!(from_str::<Vec<u8>>(" [ 1 , 2 ] ").unwrap(), [1, 2]);
    assert_eq!(from_str::<Vec<u8>>("[\n]").unwrap(), Vec::<u8>::new());
}

/// Vectors of small elements gather their first 16 on the stack before allocating (of
/// large ones, they push): every length around that boundary and its double decodes
/// whole and in order, into a vector of exactly its length up to 16, and an error at any
/// index carries that index, with the elements decoded so far dropped.
#[test]
fn vecs_of_every_length_around_the_stack_buffer() {
    #[derive(codec::Codec, Debug, PartialEq)]
    struct Large {
        text: String,
        pad: [u64; 20],
    }
    for len in 0..=70usize {
        let numbers: Vec<u64> = (0..len as u64).map(|i| i * 7).collect();
        let json = to_string(&numbers).unwrap();
        let back: Vec<u64> = from_str(&json).unwrap();
        assert_eq!(back, numbers);
        if len <= 16 {
            assert_eq!(back.capacity(), len, "{len}");
        }
        let texts: Vec<String> = (0..len).map(|i| format!("s{i}")).collect();
        check(texts.clone(), &to_string(&texts).unwrap());
        let large: Vec<Large> = (0..len.min(20)).map(|i| Large { text: i.to_string(), pad: [i as u64; 20] }).collect();
        assert_eq!(from_str::<Vec<Large>>(&to_string(&large).unwrap()).unwrap(), large);
        if len > 0 {
            // A bad element at the end: its index is on the path.
            let bad = format!("[{}7]", texts.iter().map(|t| format!("{t:?},")).collect::<String>());
            assert_eq!(fail::<Vec<String>>(&bad).path(), format!("[{len}]"));
            let bad = format!("[{}-1]", "1,".repeat(len));
            assert_eq!(fail::<Vec<u64>>(&bad).path(), format!("[{len}]"));
        }
    }
}

#[test]
fn vec_errors() {
    let e = fail::<Vec<u8>>("[1,2,300]");
    assert_out_of_range(&e, "300 does not fit in u8");
    assert_eq!(e.path(), "[2]");
    assert_eq!(fail::<Vec<Vec<u8>>>("[[],[1,-1]]").path(), "[1][1]");
    assert!(matches!(fail::<Vec<u8>>("[1,]").kind(), ErrorKind::Syntax(_)));
    assert!(matches!(fail::<Vec<u8>>("[1 2]").kind(), ErrorKind::Syntax(_)));
    assert!(matches!(fail::<Vec<u8>>("[,1]").kind(), ErrorKind::Syntax(_)));
    assert!(matches!(fail::<Vec<u8>>("[1").kind(), ErrorKind::Eof));
    assert!(matches!(fail::<Vec<u8>>("[1,").kind(), ErrorKind::Eof));
    assert!(matches!(fail::<Vec<u8>>("[1]]").kind(), ErrorKind::TrailingCharacters));
    assert_invalid_type(&fail::<Vec<u8>>("{}"), "an array", "object");
    assert_invalid_type(&fail::<VecDeque<u8>>("\"ab\""), "an array", "string");
    let e = fail::<Box<[String]>>(r#"["a", 1]"#);
    assert_eq!(e.path(), "[1]");
    assert_invalid_type(&e, "a string", "integer");
}

#[test]
fn depth_limit_applies_to_nested_vecs() {
    let deep = "[".repeat(200) + &"]".repeat(200);
    type Deep = Vec<Vec<Vec<Vec<Vec<Vec<Vec<Vec<Vec<Vec<u8>>>>>>>>>>;
    assert!(matches!(fail::<Deep>(&deep).kind(), ErrorKind::InvalidType { .. } | ErrorKind::DepthLimit(_)));
    let opts = codec::json::Options::new().max_depth(3);
    let e = codec::json::from_slice_with::<Vec<Vec<Vec<Vec<u8>>>>>(b"[[[[]]]]", &opts).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::DepthLimit(3)), "{e:?}");
}

#[test]
fn sets() {
    check(BTreeSet::from([3u8, 1, 2]), "[1,2,3]");
    check(BTreeSet::<String>::new(), "[]");
    check(HashSet::from([7i16]), "[7]");
    check(HashSet::<u8>::new(), "[]");
    let s: HashSet<u8> = from_str("[1,2,3,2,1]").unwrap();
    assert_eq!(s, HashSet::from([1, 2, 3]));
    let s: BTreeSet<&str> = from_str(r#"["b","a","b"]"#).unwrap();
    assert_eq!(s, BTreeSet::from(["a", "b"]));
    let big: HashSet<u32> = (0..50).collect();
    assert_eq!(from_str::<HashSet<u32>>(&to_string(&big).unwrap()).unwrap(), big);
    type Custom = HashSet<u8, BuildHasherDefault<DefaultHasher>>;
    let c: Custom = from_str("[5]").unwrap();
    assert!(c.contains(&5));
    assert_eq!(fail::<BTreeSet<u8>>("[1,1000]").path(), "[1]");
}

// ---- tuples and arrays ----

#[test]
fn tuples() {
    check((1u8,), "[1]");
    check((1u8, String::from("a"), true), r#"[1,"a",true]"#);
    check((None::<u8>, vec![(1i8, 'c')]), r#"[null,[[1,"c"]]]"#);
    type Sixteen = (u8, i8, u16, i16, u32, i32, u64, i64, u128, i128, f32, f64, bool, char, String, ());
    fn fail_16(json: &str) -> Error {
        from_str::<Sixteen>(json).err().expect("must fail")
    }
    let sixteen: Sixteen = (1, -2, 3, -4, 5, -6, 7, -8, 9, -10, 1.5, -2.5, true, 'x', String::from("s"), ());
    // std has no `PartialEq`/`Debug` past 12 elements: compare the halves.
    let json = r#"[1,-2,3,-4,5,-6,7,-8,9,-10,1.5,-2.5,true,"x","s",null]"#;
    assert_eq!(to_string(&sixteen).unwrap(), json);
    let back: Sixteen = from_str(json).unwrap();
    let halves = |t: &Sixteen| {
        ((t.0, t.1, t.2, t.3, t.4, t.5, t.6, t.7), (t.8, t.9, t.10, t.11, t.12, t.13, t.14.clone(), t.15))
    };
    assert_eq!(halves(&back), halves(&sixteen));
    assert_eq!(to_string(&back).unwrap(), json);
    assert_invalid_value(&fail_16(&json.replace(",null]", "]")), "expected an array of 16 elements, found 15");
    assert_eq!(fail_16(&json.replace(",-2,", ",-200,")).path(), "[1]");
}

#[test]
fn tuple_errors() {
    assert_invalid_value(&fail::<(u8, u8)>("[1]"), "expected an array of 2 elements, found 1");
    assert_invalid_value(&fail::<(u8, u8)>("[]"), "expected an array of 2 elements, found 0");
    assert_invalid_value(&fail::<(u8, u8)>("[1,2,3]"), "expected an array of 2 elements, found more");
    assert_invalid_value(&fail::<(u8,)>("[1,2]"), "expected an array of 1 elements, found more");
    let e = fail::<(u8, String)>("[1,2]");
    assert_eq!(e.path(), "[1]");
    assert_invalid_type(&e, "a string", "integer");
    assert_invalid_type(&fail::<(u8,)>("1"), "an array", "integer");
    assert!(matches!(fail::<(u8, u8)>("[1,2").kind(), ErrorKind::Eof));
}

#[test]
fn fixed_arrays() {
    check([1u8, 2, 3], "[1,2,3]");
    check([String::from("a"), String::from("b")], r#"["a","b"]"#);
    check([[1i32, 2], [3, 4]], "[[1,2],[3,4]]");
    check::<[u8; 0]>([], "[]");
    check([Some(1u8)], "[1]");
    let big = [7u16; 64];
    let text = to_string(&big).unwrap();
    assert_eq!(from_str::<[u16; 64]>(&text).unwrap(), big);
    assert_eq!(from_str::<[u8; 0]>(" [ ] ").unwrap(), [0u8; 0]);
}

#[test]
fn fixed_array_errors() {
    assert_invalid_value(&fail::<[u8; 3]>("[1,2]"), "expected an array of 3 elements, found 2");
    assert_invalid_value(&fail::<[u8; 3]>("[1,2,3,4]"), "expected an array of 3 elements, found more");
    assert_invalid_value(&fail::<[u8; 3]>("[]"), "expected an array of 3 elements, found 0");
    assert_invalid_value(&fail::<[u8; 0]>("[1]"), "expected an empty array");
    let e = fail::<[u8; 3]>("[1,999,3]");
    assert_eq!(e.path(), "[1]");
    assert_out_of_range(&e, "999 does not fit in u8");
    assert_eq!(fail::<[Vec<u8>; 2]>("[[],[1,-1]]").path(), "[1][1]");
    assert_invalid_type(&fail::<[u8; 2]>("{}"), "an array", "object");
    assert_invalid_type(&fail::<[u8; 0]>("null"), "an array", "null");
}

// ---- maps ----

#[test]
fn string_keyed_maps() {
    check(HashMap::from([(String::from("a"), 1u8)]), r#"{"a":1}"#);
    check(HashMap::<String, u8>::new(), "{}");
    check(BTreeMap::from([(String::from("b"), vec![2u8]), (String::from("a"), vec![])]), r#"{"a":[],"b":[2]}"#);
    check(BTreeMap::from([(String::from("q\"k"), ())]), r#"{"q\"k":null}"#);
    check(BTreeMap::from([("x", "y")]), r#"{"x":"y"}"#);
    check(HashMap::from([("k", 1.5f64)]), r#"{"k":1.5}"#);
    check(BTreeMap::from([(Box::<str>::from("b"), 1u8)]), r#"{"b":1}"#);
    check(BTreeMap::from([(Rc::<str>::from("r"), 1u8)]), r#"{"r":1}"#);
    check(BTreeMap::from([(Arc::<str>::from("a"), 1u8)]), r#"{"a":1}"#);
    check(BTreeMap::from([(Cow::Borrowed("c"), 1u8)]), r#"{"c":1}"#);
    let m: BTreeMap<String, u8> = from_str(r#" { "\u0061" : 1 , "b":2 } "#).unwrap();
    assert_eq!(m, BTreeMap::from([("a".into(), 1), ("b".into(), 2)]));
    let m: HashMap<String, u32> = from_str(r#"{"x":1,"y":2,"z":3}"#).unwrap();
    assert_eq!(m, HashMap::from([("x".into(), 1), ("y".into(), 2), ("z".into(), 3)]));
    assert_eq!(from_str::<HashMap<String, u32>>(&to_string(&m).unwrap()).unwrap(), m);
    type Custom = HashMap<String, u8, BuildHasherDefault<DefaultHasher>>;
    let c: Custom = from_str(r#"{"k":9}"#).unwrap();
    assert_eq!(c.get("k"), Some(&9));
    assert_eq!(to_string(&c).unwrap(), r#"{"k":9}"#);
}

#[test]
fn borrowed_and_cow_keys() {
    let input = String::from(r#"{"plain":1,"esc\"aped":2}"#);
    let m: BTreeMap<Cow<str>, u8> = from_str(&input).unwrap();
    let kinds: Vec<bool> = m.keys().map(|k| matches!(k, Cow::Borrowed(_))).collect();
    assert_eq!(m.keys().map(|k| &**k).collect::<Vec<_>>(), ["esc\"aped", "plain"]);
    assert_eq!(kinds, [false, true]);
    let m: HashMap<&str, u8> = from_str(r#"{"plain":1}"#).unwrap();
    assert_eq!(m["plain"], 1);
    let e = fail::<HashMap<&str, u8>>(r#"{"ok":1, "a\tb":2}"#);
    assert_invalid_value(&e, "Cow");
    assert_eq!(e.offset(), Some(9));
}

macro_rules! integer_key_tests {
    ($($t:ident)*) => {$({
        let json = format!(r#"{{"{}":0,"{}":1}}"#, $t::MIN, $t::MAX);
        check(BTreeMap::from([($t::MIN, 0u8), ($t::MAX, 1u8)]), &json);
        check(HashMap::from([(7 as $t, true)]), r#"{"7":true}"#);
        let name = stringify!($t);
        for bad in ["", " 1", "1 ", "01", "+1", "1.0", "1e2", "x", "0x1", "\\u0031"] {
            let json = format!(r#"{{"{bad}":0}}"#);
            let e = fail::<BTreeMap<$t, u8>>(&json);
            assert_invalid_value(&e, &format!("is not a valid {name}"));
            assert_eq!(e.offset(), Some(1));
        }
        let above = (($t::MAX as i128) + 1).to_string();
        let e = fail::<BTreeMap<$t, u8>>(&format!(r#"{{"{above}":0}}"#));
        assert_out_of_range(&e, &format!(r#"map key "{above}" does not fit in {name}"#));
        let below = (($t::MIN as i128) - 1).to_string();
        assert_out_of_range(&fail::<BTreeMap<$t, u8>>(&format!(r#"{{"{below}":0}}"#)), "does not fit");
    })*};
}

#[test]
fn integer_keys() {
    integer_key_tests!(u8 u16 u32 u64 usize i8 i16 i32 i64 isize);
    check(
        BTreeMap::from([(i128::MIN, 0u8), (-1, 1), (i128::MAX, 2)]),
        &format!(r#"{{"{}":0,"-1":1,"{}":2}}"#, i128::MIN, i128::MAX),
    );
    check(BTreeMap::from([(0u128, 0u8), (u128::MAX, 1)]), &format!(r#"{{"0":0,"{}":1}}"#, u128::MAX));
    assert_out_of_range(&fail::<BTreeMap<u128, u8>>(r#"{"-1":0}"#), r#"map key "-1" does not fit in u128"#);
    assert_out_of_range(
        &fail::<BTreeMap<i128, u8>>(r#"{"170141183460469231731687303715884105728":0}"#),
        "does not fit in i128",
    );
    assert_invalid_value(&fail::<BTreeMap<i128, u8>>(r#"{"1.5":0}"#), "is not a valid i128");
    let e = fail::<HashMap<u8, u8>>(r#"{"1":1,"300":2}"#);
    assert_out_of_range(&e, r#"map key "300" does not fit in u8"#);
    assert_eq!(e.offset(), Some(7));
    // `-0` is zero for keys of every integer type, as it is for values.
    assert_eq!(from_str::<BTreeMap<i8, bool>>(r#"{"-0":true}"#).unwrap(), BTreeMap::from([(0, true)]));
    assert_eq!(from_str::<BTreeMap<u8, bool>>(r#"{"-0":true}"#).unwrap(), BTreeMap::from([(0, true)]));
    assert_eq!(from_str::<BTreeMap<u128, bool>>(r#"{"-0":true}"#).unwrap(), BTreeMap::from([(0, true)]));
    assert_eq!(from_str::<u8>("-0").unwrap(), 0);
}

#[test]
fn bool_and_char_keys() {
    check(BTreeMap::from([(false, 0u8), (true, 1)]), r#"{"false":0,"true":1}"#);
    assert_invalid_value(&fail::<HashMap<bool, u8>>(r#"{"yes":1}"#), r#""true" or "false""#);
    assert_invalid_value(&fail::<HashMap<bool, u8>>(r#"{"True":1}"#), r#""true" or "false""#);
    assert_eq!(from_str::<HashMap<bool, u8>>(r#"{"\u0074rue":1}"#).unwrap()[&true], 1);
    check(BTreeMap::from([('a', 1u8), ('é', 2), ('"', 3)]), r#"{"\"":3,"a":1,"é":2}"#);
    let e = fail::<BTreeMap<char, u8>>(r#"{"ab":1}"#);
    assert_invalid_value(&e, "exactly one character");
    assert_eq!(e.offset(), Some(1));
    assert_invalid_value(&fail::<BTreeMap<char, u8>>(r#"{"":1}"#), "exactly one character");
    assert_eq!(from_str::<BTreeMap<char, u8>>(r#"{"\n":1}"#).unwrap()[&'\n'], 1);
}

#[test]
fn duplicate_keys() {
    let e = fail::<HashMap<String, u8>>(r#"{"a":1,"b":2,"a":3}"#);
    assert_eq!(e.kind(), &ErrorKind::DuplicateField(Cow::Borrowed("a")));
    assert_eq!(e.offset(), Some(13));
    assert_eq!(e.to_string(), "duplicate field `a` (line 1, column 14)");
    // The same key spelled two ways is still the same key.
    let e = fail::<BTreeMap<String, u8>>(r#"{"a":1,"\u0061":2}"#);
    assert_eq!(e.kind(), &ErrorKind::DuplicateField(Cow::Borrowed("a")));
    // So are two spellings of one integer.
    let e = fail::<BTreeMap<i32, u8>>(r#"{"0":1,"-0":2}"#);
    assert_eq!(e.kind(), &ErrorKind::DuplicateField(Cow::Borrowed("-0")));
    assert_eq!(e.offset(), Some(7));
    // Detected before the value is read: the value's own error does not win.
    let e = fail::<BTreeMap<&str, u8>>(r#"{"k":1,"k":999}"#);
    assert!(matches!(e.kind(), ErrorKind::DuplicateField(_)), "{e:?}");
    // Sets just keep one copy.
    assert_eq!(from_str::<BTreeSet<u8>>("[1,1]").unwrap().len(), 1);
}

#[test]
fn map_errors_and_paths() {
    let e = fail::<Vec<BTreeMap<String, Vec<u8>>>>(r#"[{"a":[1,2,300]}]"#);
    assert_eq!(e.path(), r#"[0]["a"][2]"#);
    assert_out_of_range(&e, "300 does not fit in u8");
    assert_eq!(e.to_string(), r#"number out of range: 300 does not fit in u8 at [0]["a"][2] (line 1, column 12)"#);
    let e = fail::<HashMap<u8, Vec<u8>>>(r#"{"7":[true]}"#);
    assert_eq!(e.path(), r#"["7"][0]"#);
    // Keys on the path are unescaped, then rendered escaped.
    let e = fail::<HashMap<String, u8>>(r#"{"a\"b\u0041":-1}"#);
    assert_eq!(e.path(), r#"["a\"bA"]"#);
    assert_invalid_type(&fail::<HashMap<String, u8>>("[]"), "an object", "array");
    assert!(matches!(fail::<HashMap<String, u8>>(r#"{"a":1,}"#).kind(), ErrorKind::Syntax(_)));
    assert!(matches!(fail::<HashMap<String, u8>>(r#"{"a" 1}"#).kind(), ErrorKind::Syntax(_)));
    assert!(matches!(fail::<HashMap<String, u8>>(r#"{1:1}"#).kind(), ErrorKind::Syntax(_)));
    assert!(matches!(fail::<HashMap<String, u8>>(r#"{"a":1"#).kind(), ErrorKind::Eof));
}

#[test]
fn maps_as_flatten_catch_all() {
    use codec::__private::{DecodeFields, EncodeFields};
    use codec::json::{JsonReader, JsonWriter};

    /// A whole object read through `T`'s members alone, as a struct that flattens `T`
    /// and has no fields of its own reads it.
    fn members_of<'de, T: DecodeFields<'de>>(input: &'de [u8]) -> codec::Result<T> {
        let mut r = JsonReader::new(input);
        r.begin_object()?;
        let mut state = T::new_state();
        let mut more = r.object_first()?;
        while more {
            let key = r.read_key()?;
            assert!(T::decode_field(&mut state, key, &mut r)?, "a map claims every key");
            more = r.object_next()?;
        }
        T::finish(state, r.position())
    }

    // The outer decoder owns the object loop and offers every key it does not claim.
    let mut r = JsonReader::new(br#"{"id":1,"x":2,"y":3}"#);
    r.begin_object().unwrap();
    let mut state = <BTreeMap<String, u32> as DecodeFields>::new_state();
    let mut id = None;
    let mut more = r.object_first().unwrap();
    while more {
        let key = r.read_key().unwrap();
        if r.key_bytes(key).unwrap() == b"id" {
            id = Some(u8::decode(&mut r).unwrap());
        } else {
            assert!(BTreeMap::decode_field(&mut state, key, &mut r).unwrap(), "a map claims every key");
        }
        more = r.object_next().unwrap();
    }
    r.end().unwrap();
    let rest = BTreeMap::finish(state, r.position()).unwrap();
    assert_eq!((id, rest), (Some(1), BTreeMap::from([("x".into(), 2), ("y".into(), 3)])));

    let m: HashMap<&str, u8> = members_of(br#"{"a":1}"#).unwrap();
    assert_eq!(m, HashMap::from([("a", 1)]));
    let e = members_of::<HashMap<&str, u8>>(br#"{"a":1,"a":2}"#).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::DuplicateField(_)));

    let mut w = JsonWriter::new();
    w.write_raw(br#"{"id":1"#);
    // One member (`id`) written before the map's: each of the map's gets its comma.
    let mut count = 1;
    BTreeMap::from([("x", 2u8), ("y", 3)]).encode_fields(&mut w, &mut count).unwrap();
    w.write_byte(b'}');
    assert_eq!(w.as_bytes(), br#"{"id":1,"x":2,"y":3}"#);
    assert_eq!(count, 3);
    let mut w = JsonWriter::new();
    let mut count = 0;
    w.write_byte(b'{');
    HashMap::from([(1u8, true)]).encode_fields(&mut w, &mut count).unwrap();
    HashMap::<u8, bool>::new().encode_fields(&mut w, &mut count).unwrap();
    HashMap::from([(2u8, false)]).encode_fields(&mut w, &mut count).unwrap();
    w.write_byte(b'}');
    assert_eq!(w.as_bytes(), br#"{"1":true,"2":false}"#);
    assert_eq!(count, 2);
}

#[test]
fn nested_everything_round_trips() {
    type T = BTreeMap<u16, Vec<(Option<String>, [i8; 2], BTreeSet<char>)>>;
    let v: T = BTreeMap::from([
        (1, vec![(Some("a\u{0}".into()), [-1, 1], BTreeSet::from(['x', 'y']))]),
        (65535, vec![(None, [0, 0], BTreeSet::new()), (Some(String::new()), [127, -128], BTreeSet::from(['😀']))]),
    ]);
    check(v, r#"{"1":[["a\u0000",[-1,1],["x","y"]]],"65535":[[null,[0,0],[]],["",[127,-128],["😀"]]]}"#);
}
