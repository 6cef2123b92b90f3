//! MessagePack: every std type's exact bytes, every derive shape, representation and
//! attribute (`struct_as_array` and `bytes` included), zero-copy borrowing, limits and
//! errors with their paths, and never a panic on truncated or corrupted input.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::fmt::Debug;
use std::marker::PhantomData;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use codec::json::{RawJson, Value};
use codec::msgpack::{from_slice, from_slice_with, to_vec, DuplicateKeys, Ext, Options, Timestamp};
use codec::{Bytes, Codec, Decode, Encode, Error, ErrorKind};

// ---------------------------------------------------------------- helpers

fn enc<T: Encode + ?Sized>(v: &T) -> Vec<u8> {
    to_vec(v).unwrap_or_else(|e| panic!("encode failed: {e}"))
}

/// `v` encodes to exactly `bytes`, and `bytes` decode to `v`.
#[track_caller]
fn check<'a, T>(v: T, bytes: &'a [u8])
where
    T: Encode + Decode<'a> + PartialEq + Debug,
{
    assert_eq!(enc(&v), bytes, "encoding of {v:?}");
    let back: T = from_slice(bytes).unwrap_or_else(|e| panic!("decode of {v:?}: {e}"));
    assert_eq!(back, v);
}

#[track_caller]
fn fail<'a, T: Decode<'a> + Debug>(bytes: &'a [u8]) -> Error {
    match from_slice::<T>(bytes) {
        Ok(v) => panic!("expected an error, decoded {v:?}"),
        Err(e) => e,
    }
}

/// Concatenates byte strings.
fn cat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

/// A msgpack str.
fn s(text: &str) -> Vec<u8> {
    codec::msgpack::to_vec(text).unwrap()
}

// ---------------------------------------------------------------- integers

#[test]
fn integers_take_their_smallest_form() {
    let unsigned: &[(u64, &[u8])] = &[
        (0, b"\x00"),
        (127, b"\x7f"),
        (128, b"\xcc\x80"),
        (255, b"\xcc\xff"),
        (256, b"\xcd\x01\x00"),
        (65535, b"\xcd\xff\xff"),
        (65536, b"\xce\x00\x01\x00\x00"),
        (u32::MAX as u64, b"\xce\xff\xff\xff\xff"),
        (u32::MAX as u64 + 1, b"\xcf\x00\x00\x00\x01\x00\x00\x00\x00"),
        (u64::MAX, b"\xcf\xff\xff\xff\xff\xff\xff\xff\xff"),
    ];
    for &(v, bytes) in unsigned {
        check(v, bytes);
        if let Ok(v) = i64::try_from(v) {
            check(v, bytes);
        }
    }
    let signed: &[(i64, &[u8])] = &[
        (-1, b"\xff"),
        (-32, b"\xe0"),
        (-33, b"\xd0\xdf"),
        (-128, b"\xd0\x80"),
        (-129, b"\xd1\xff\x7f"),
        (-32768, b"\xd1\x80\x00"),
        (-32769, b"\xd2\xff\xff\x7f\xff"),
        (i32::MIN as i64, b"\xd2\x80\x00\x00\x00"),
        (i32::MIN as i64 - 1, b"\xd3\xff\xff\xff\xff\x7f\xff\xff\xff"),
        (i64::MIN, b"\xd3\x80\x00\x00\x00\x00\x00\x00\x00"),
    ];
    for &(v, bytes) in signed {
        check(v, bytes);
    }
    // Every Rust type writes its value in the smallest form, whatever its width.
    check(7u8, b"\x07");
    check(200u8, b"\xcc\xc8");
    check(7u16, b"\x07");
    check(7u32, b"\x07");
    check(7usize, b"\x07");
    check(-7i8, b"\xf9");
    check(100i16, b"\x64");
    check(-100i32, b"\xd0\x9c");
    check(300isize, b"\xcd\x01\x2c");
    check(u8::MAX, b"\xcc\xff");
    check(i8::MIN, b"\xd0\x80");
    check(u16::MAX, b"\xcd\xff\xff");
    check(i16::MIN, b"\xd1\x80\x00");
}

#[test]
fn integers_decode_from_any_integer_format_that_fits() {
    // 1 in every integer format.
    for bytes in [
        &b"\x01"[..],
        b"\xcc\x01",
        b"\xcd\x00\x01",
        b"\xce\x00\x00\x00\x01",
        b"\xcf\x00\x00\x00\x00\x00\x00\x00\x01",
        b"\xd0\x01",
        b"\xd1\x00\x01",
        b"\xd2\x00\x00\x00\x01",
        b"\xd3\x00\x00\x00\x00\x00\x00\x00\x01",
    ] {
        assert_eq!(from_slice::<u8>(bytes).unwrap(), 1);
        assert_eq!(from_slice::<i8>(bytes).unwrap(), 1);
        assert_eq!(from_slice::<u64>(bytes).unwrap(), 1);
        assert_eq!(from_slice::<i128>(bytes).unwrap(), 1);
        assert_eq!(from_slice::<f64>(bytes).unwrap(), 1.0);
    }
    assert_eq!(from_slice::<i16>(b"\xd3\xff\xff\xff\xff\xff\xff\xff\xff").unwrap(), -1);
    assert_eq!(from_slice::<u16>(b"\xcf\x00\x00\x00\x00\x00\x00\xff\xff").unwrap(), 65535);
}

#[test]
fn integer_range_and_type_errors() {
    let e = fail::<u8>(b"\xcd\x01\x2c");
    assert_eq!(e.to_string(), "number out of range: 300 does not fit in u8 (byte 0)");
    let e = fail::<u32>(b"\xff");
    assert_eq!(e.kind(), &ErrorKind::OutOfRange("-1 does not fit in u32".into()));
    let e = fail::<i8>(b"\xcc\x80");
    assert_eq!(e.kind(), &ErrorKind::OutOfRange("128 does not fit in i8".into()));
    let e = fail::<i64>(b"\xcf\xff\xff\xff\xff\xff\xff\xff\xff");
    assert_eq!(e.kind(), &ErrorKind::OutOfRange("18446744073709551615 does not fit in i64".into()));
    // A float is not an integer, even when it holds one.
    let e = fail::<u32>(b"\xcb\x3f\xf0\x00\x00\x00\x00\x00\x00");
    assert_eq!(e.to_string(), "invalid type: expected u32, found float (byte 0)");
    let e = fail::<u8>(b"\xa1a");
    assert_eq!(e.kind(), &ErrorKind::InvalidType { expected: "u8".into(), found: "string".into() });
    let e = fail::<i32>(b"\xc0");
    assert_eq!(e.kind(), &ErrorKind::InvalidType { expected: "i32".into(), found: "nil".into() });
}

#[test]
fn wide_integers() {
    check(1u128, b"\x01");
    check(-1i128, b"\xff");
    check(u64::MAX as u128, b"\xcf\xff\xff\xff\xff\xff\xff\xff\xff");
    check(i64::MIN as i128, b"\xd3\x80\x00\x00\x00\x00\x00\x00\x00");
    // Beyond 64 bits: a 16-byte big-endian bin, as rmp-serde writes every 128-bit integer.
    check(u128::MAX, &cat(&[b"\xc4\x10", &[0xff; 16]]));
    check(i128::MIN, &cat(&[b"\xc4\x10\x80", &[0; 15]]));
    check(u64::MAX as u128 + 1, &cat(&[b"\xc4\x10", &[0; 7], b"\x01", &[0; 8]]));
    let e = fail::<u128>(b"\xff");
    assert_eq!(e.kind(), &ErrorKind::OutOfRange("-1 does not fit in u128".into()));
    assert_eq!(rmp_serde::to_vec(&u128::MAX).unwrap(), enc(&u128::MAX));
    assert_eq!(from_slice::<i128>(&rmp_serde::to_vec(&-5i128).unwrap()).unwrap(), -5);
}

// ---------------------------------------------------------------- floats and others

#[test]
fn floats() {
    check(0.5f32, b"\xca\x3f\x00\x00\x00");
    check(-0.5f64, b"\xcb\xbf\xe0\x00\x00\x00\x00\x00\x00");
    check(1.0f64, b"\xcb\x3f\xf0\x00\x00\x00\x00\x00\x00");
    check(f64::INFINITY, b"\xcb\x7f\xf0\x00\x00\x00\x00\x00\x00");
    check(f32::NEG_INFINITY, b"\xca\xff\x80\x00\x00");
    let nan: f64 = from_slice(&enc(&f64::NAN)).unwrap();
    assert!(nan.is_nan());
    // -0.0 keeps its sign.
    assert!(from_slice::<f64>(&enc(&-0.0f64)).unwrap().is_sign_negative());
    // f64 from float 32 (exact) and from integers; f32 from float 64 (nearest).
    assert_eq!(from_slice::<f64>(b"\xca\x3f\x00\x00\x00").unwrap(), 0.5);
    assert_eq!(from_slice::<f64>(b"\xd0\x80").unwrap(), -128.0);
    assert_eq!(from_slice::<f32>(&enc(&0.1f64)).unwrap(), 0.1f32);
    assert_eq!(from_slice::<f32>(b"\x05").unwrap(), 5.0);
    let e = fail::<f64>(b"\xa1a");
    assert_eq!(e.kind(), &ErrorKind::InvalidType { expected: "f64".into(), found: "string".into() });
}

#[test]
fn bool_char_unit_phantom() {
    check(true, b"\xc3");
    check(false, b"\xc2");
    check('a', b"\xa1a");
    check('é', b"\xa2\xc3\xa9");
    check('😀', b"\xa4\xf0\x9f\x98\x80");
    check((), b"\xc0");
    check(PhantomData::<String>, b"\xc0");
    let e = fail::<char>(b"\xa2ab");
    assert_eq!(e.kind(), &ErrorKind::InvalidValue("expected a string of exactly one character".into()));
    assert!(matches!(fail::<bool>(b"\x01").kind(), ErrorKind::InvalidType { .. }));
    assert!(matches!(fail::<()>(b"\x00").kind(), ErrorKind::InvalidType { .. }));
}

#[test]
fn strings_take_their_smallest_form() {
    check(String::new(), b"\xa0");
    check("a".repeat(31), &cat(&[b"\xbf", "a".repeat(31).as_bytes()]));
    check("a".repeat(32), &cat(&[b"\xd9\x20", "a".repeat(32).as_bytes()]));
    check("a".repeat(255), &cat(&[b"\xd9\xff", "a".repeat(255).as_bytes()]));
    check("a".repeat(256), &cat(&[b"\xda\x01\x00", "a".repeat(256).as_bytes()]));
    check("a".repeat(65536), &cat(&[b"\xdb\x00\x01\x00\x00", "a".repeat(65536).as_bytes()]));
    // Every str format decodes.
    for bytes in [&b"\xa2hi"[..], b"\xd9\x02hi", b"\xda\x00\x02hi", b"\xdb\x00\x00\x00\x02hi"] {
        assert_eq!(from_slice::<String>(bytes).unwrap(), "hi");
        assert_eq!(from_slice::<&str>(bytes).unwrap(), "hi");
        assert_eq!(&*from_slice::<Box<str>>(bytes).unwrap(), "hi");
        assert_eq!(&*from_slice::<Rc<str>>(bytes).unwrap(), "hi");
        assert_eq!(&*from_slice::<Arc<str>>(bytes).unwrap(), "hi");
    }
    assert_eq!(enc("x"), b"\xa1x");
    assert_eq!(enc(&Cow::Borrowed("x")), b"\xa1x");
    // A bin is not a string.
    let e = fail::<String>(b"\xc4\x01a");
    assert_eq!(e.kind(), &ErrorKind::InvalidType { expected: "a string".into(), found: "binary".into() });
}

#[test]
fn wrappers_and_options() {
    check(None::<u8>, b"\xc0");
    check(Some(1u8), b"\x01");
    check(Box::new(5u8), b"\x05");
    check(Rc::new(5u8), b"\x05");
    check(Arc::new("a".to_string()), b"\xa1a");
    // As in JSON, `Some(None)` and `None` are the same nil.
    assert_eq!(enc(&Some(None::<u8>)), b"\xc0");
    assert_eq!(from_slice::<Option<Option<u8>>>(b"\xc0").unwrap(), None);
    assert_eq!(enc(&&7u8), b"\x07");
}

#[test]
fn sequences_and_sets() {
    check(Vec::<u8>::new(), b"\x90");
    check(vec![1u8, 2, 3], b"\x93\x01\x02\x03");
    check((1..=15).collect::<Vec<u8>>(), &cat(&[b"\x9f", &(1..=15).collect::<Vec<u8>>()]));
    check((1..=16).collect::<Vec<u8>>(), &cat(&[b"\xdc\x00\x10", &(1..=16).collect::<Vec<u8>>()]));
    let big: Vec<u8> = vec![0; 65536];
    check(big.clone(), &cat(&[b"\xdd\x00\x01\x00\x00", &big]));
    check(VecDeque::from([1u16, 300]), b"\x92\x01\xcd\x01\x2c");
    check(vec!["a".to_string()].into_boxed_slice(), b"\x91\xa1a");
    check(BTreeSet::from([3u8, 1]), b"\x92\x01\x03");
    check(HashSet::from([7u8]), b"\x91\x07");
    assert_eq!(enc(&[1u8, 2][..]), b"\x92\x01\x02");
    // Every array format decodes.
    for bytes in [&b"\x91\x05"[..], b"\xdc\x00\x01\x05", b"\xdd\x00\x00\x00\x01\x05"] {
        assert_eq!(from_slice::<Vec<u8>>(bytes).unwrap(), [5]);
    }
    let e = fail::<Vec<u8>>(b"\x92\x01\xa1x");
    assert_eq!(e.path(), "[1]");
    assert_eq!(e.offset(), Some(2));
}

#[test]
fn tuples_and_arrays() {
    check((1u8,), b"\x91\x01");
    check((1u8, "a".to_string(), true), b"\x93\x01\xa1a\xc3");
    check([1u8, 2], b"\x92\x01\x02");
    check([0u8; 0], b"\x90");
    #[allow(clippy::type_complexity)]
    let sixteen: (u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8) =
        (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    let bytes = cat(&[b"\xdc\x00\x10", &(0..16).collect::<Vec<u8>>()]);
    assert_eq!(enc(&sixteen), bytes);
    #[allow(clippy::type_complexity)]
    let back: (u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8) = from_slice(&bytes).unwrap();
    assert_eq!((back.0, back.15), (0, 15));
    let e = fail::<(u8, u8)>(b"\x91\x01");
    assert_eq!(e.kind(), &ErrorKind::InvalidValue("expected an array of 2 elements, found 1".into()));
    // The header states the length: a wrong one is an error before any element is read.
    let e = fail::<[u8; 1]>(b"\x92\x01\x02");
    assert_eq!(e.kind(), &ErrorKind::InvalidValue("expected an array of 1 elements, found 2".into()));
    assert_eq!(e.offset(), Some(0));
    let e = fail::<(u8, String)>(b"\x92\x01\x02");
    assert_eq!(e.path(), "[1]");
    assert!(matches!(fail::<[u8; 0]>(b"\x91\x01").kind(), ErrorKind::InvalidValue(_)));
}

#[test]
fn maps_keep_their_key_types() {
    check(BTreeMap::from([("a".to_string(), 1u8)]), b"\x81\xa1a\x01");
    check(BTreeMap::from([(1u32, "x".to_string()), (300, "y".to_string())]), b"\x82\x01\xa1x\xcd\x01\x2c\xa1y");
    check(BTreeMap::from([(-1i8, true)]), b"\x81\xff\xc3");
    check(BTreeMap::from([(false, 0u8), (true, 1)]), b"\x82\xc2\x00\xc3\x01");
    check(BTreeMap::from([('k', 0u8)]), b"\x81\xa1k\x00");
    check(HashMap::from([(7u64, vec![1u8])]), b"\x81\x07\x91\x01");
    check(BTreeMap::from([(u128::MAX, 1u8)]), &cat(&[b"\x81\xc4\x10", &[0xff; 16], b"\x01"]));
    check(BTreeMap::from([(i128::MIN, 1u8)]), &cat(&[b"\x81\xc4\x10\x80", &[0; 15], b"\x01"]));
    let sixteen: BTreeMap<u8, u8> = (0..16).map(|i| (i, i)).collect();
    assert_eq!(&enc(&sixteen)[..3], b"\xde\x00\x10");
    assert_eq!(from_slice::<BTreeMap<u8, u8>>(&enc(&sixteen)).unwrap(), sixteen);
    // Every map format decodes.
    for bytes in [&b"\x81\x01\x02"[..], b"\xde\x00\x01\x01\x02", b"\xdf\x00\x00\x00\x01\x01\x02"] {
        assert_eq!(from_slice::<BTreeMap<u8, u8>>(bytes).unwrap(), BTreeMap::from([(1, 2)]));
    }
    // Borrowed keys.
    let input = b"\x81\xa3key\x01";
    let m: HashMap<&str, u8> = from_slice(input).unwrap();
    assert!(input.as_ptr_range().contains(&m.keys().next().unwrap().as_ptr()));
    let m: BTreeMap<Cow<str>, u8> = from_slice(input).unwrap();
    assert!(matches!(m.keys().next(), Some(Cow::Borrowed("key"))));

    // A key of the wrong type, and errors inside values with the key on the path.
    let e = fail::<BTreeMap<u32, u8>>(b"\x81\xa1a\x01");
    assert_eq!(e.to_string(), "invalid type: expected u32, found string (byte 1)");
    let e = fail::<BTreeMap<String, u8>>(b"\x81\x01\x01");
    assert_eq!(e.to_string(), "invalid type: expected a string key, found integer (byte 1)");
    let e = fail::<BTreeMap<u8, u8>>(b"\x81\xcd\x01\x00\x01");
    assert_eq!(e.kind(), &ErrorKind::OutOfRange("map key 256 does not fit in u8".into()));
    let e = fail::<BTreeMap<u8, Vec<u8>>>(b"\x81\x07\x92\x01\xc3");
    assert_eq!(e.path(), "[\"7\"][1]");
    let e = fail::<Vec<BTreeMap<String, u8>>>(b"\x91\x81\xa1k\xa1v");
    assert_eq!(e.path(), "[0][\"k\"]");
    let e = fail::<BTreeMap<bool, u8>>(b"\x81\x01\x01");
    assert!(matches!(e.kind(), ErrorKind::InvalidType { .. }));
}

#[test]
fn duplicate_keys_follow_the_policy() {
    let doc = b"\x82\xa1a\x01\xa1a\x02";
    let e = fail::<BTreeMap<String, u8>>(doc);
    assert_eq!(e.kind(), &ErrorKind::DuplicateField("a".into()));
    assert_eq!(e.offset(), Some(4));
    let first = Options::new().duplicate_keys(DuplicateKeys::KeepFirst);
    let last = Options::new().duplicate_keys(DuplicateKeys::KeepLast);
    assert_eq!(from_slice_with::<BTreeMap<String, u8>>(doc, &first).unwrap()["a"], 1);
    assert_eq!(from_slice_with::<BTreeMap<String, u8>>(doc, &last).unwrap()["a"], 2);
    assert_eq!(from_slice_with::<Value>(doc, &last).unwrap()["a"], 2);
    assert!(matches!(fail::<Value>(doc).kind(), ErrorKind::DuplicateField(_)));

    #[derive(Codec, Debug, PartialEq)]
    struct A {
        a: u8,
    }
    assert!(matches!(fail::<A>(doc).kind(), ErrorKind::DuplicateField(_)));
    assert_eq!(from_slice_with::<A>(doc, &first).unwrap(), A { a: 1 });
    assert_eq!(from_slice_with::<A>(doc, &last).unwrap(), A { a: 2 });
}

// ---------------------------------------------------------------- bytes, time, ext

#[test]
fn bytes_are_bin() {
    check(Bytes::from(vec![]), b"\xc4\x00");
    check(Bytes::from(vec![0, 255]), b"\xc4\x02\x00\xff");
    let long = vec![7u8; 256];
    check(Bytes::from(long.clone()), &cat(&[b"\xc5\x01\x00", &long]));
    let huge = vec![1u8; 65536];
    check(Bytes::from(huge.clone()), &cat(&[b"\xc6\x00\x01\x00\x00", &huge]));
    // Decoding borrows.
    let input = b"\xc4\x03abc";
    let b: Bytes = from_slice(input).unwrap();
    assert!(b.is_borrowed());
    assert_eq!(b.as_ptr(), input[2..].as_ptr());
    // An array of numbers decodes too, owned (the form a plain `Vec<u8>` writes).
    let b: Bytes = from_slice(b"\x92\x01\xcc\xff").unwrap();
    assert!(!b.is_borrowed());
    assert_eq!(*b, [1, 255]);
    // JSON has no bytes: an array of numbers there.
    assert_eq!(codec::json::to_string(&Bytes::from(vec![1, 2])).unwrap(), "[1,2]");
    assert_eq!(codec::json::from_str::<Bytes>("[1,2]").unwrap(), Bytes::from(vec![1, 2]));
    // A str is not a bin.
    assert!(matches!(fail::<Bytes>(b"\xa1a").kind(), ErrorKind::InvalidType { .. }));
}

#[derive(Codec, Debug, PartialEq)]
struct Blobs<'a> {
    #[codec(bytes)]
    owned: Vec<u8>,
    #[codec(bytes)]
    borrowed: &'a [u8],
    #[codec(bytes)]
    cow: Cow<'a, [u8]>,
    #[codec(bytes)]
    boxed: Box<[u8]>,
    #[codec(bytes)]
    fixed: [u8; 2],
    #[codec(bytes)]
    maybe: Option<Vec<u8>>,
    plain: Vec<u8>,
}

#[test]
fn bytes_attribute() {
    let v = Blobs {
        owned: vec![1],
        borrowed: &[2, 2],
        cow: Cow::Borrowed(&[3]),
        boxed: Box::new([4]),
        fixed: [5, 5],
        maybe: None,
        plain: vec![6],
    };
    let bytes = enc(&v);
    let expected = cat(&[
        b"\x87",
        &s("owned"),
        b"\xc4\x01\x01",
        &s("borrowed"),
        b"\xc4\x02\x02\x02",
        &s("cow"),
        b"\xc4\x01\x03",
        &s("boxed"),
        b"\xc4\x01\x04",
        &s("fixed"),
        b"\xc4\x02\x05\x05",
        &s("maybe"),
        b"\xc0",
        &s("plain"),
        b"\x91\x06",
    ]);
    assert_eq!(bytes, expected);
    let back: Blobs = from_slice(&bytes).unwrap();
    assert_eq!(back, v);
    // Zero-copy: the borrowed fields point into the input.
    let range = bytes.as_ptr_range();
    assert!(range.contains(&back.borrowed.as_ptr()));
    assert!(matches!(back.cow, Cow::Borrowed(c) if range.contains(&c.as_ptr())));
    // A missing `Option` bytes field is `None`; a bin of the wrong length for `[u8; N]` is an
    // error at the field.
    let mut short = bytes.clone();
    short[0] = 0x86;
    short.truncate(short.len() - s("plain").len() - 2);
    let e = fail::<Blobs>(&short);
    assert_eq!(e.kind(), &ErrorKind::MissingField("plain"));
    let wrong = enc(&v);
    let at = wrong.windows(4).position(|w| w == b"\xc4\x02\x05\x05").unwrap();
    let wrong = cat(&[&wrong[..at], b"\xc4\x01\x05", &wrong[at + 4..]]);
    let e = fail::<Blobs>(&wrong);
    assert_eq!(e.path(), ".fixed");
    assert_eq!(e.kind(), &ErrorKind::InvalidValue("expected 2 bytes, found 1".into()));

    // JSON: arrays of numbers; `&[u8]` cannot be borrowed from an array (only from a
    // string without escapes, which every bytes field also takes).
    let json = codec::json::to_string(&v).unwrap();
    assert_eq!(json, r#"{"owned":[1],"borrowed":[2,2],"cow":[3],"boxed":[4],"fixed":[5,5],"maybe":null,"plain":[6]}"#);
    let e = codec::json::from_str::<Blobs>(&json).unwrap_err();
    assert_eq!(e.path(), ".borrowed");
    assert!(e.to_string().contains("an array of numbers cannot be borrowed as &[u8]"), "{e}");
    let text = r#"{"owned":"a","borrowed":"bb","cow":"c","boxed":"d","fixed":"ee","maybe":"f","plain":[6]}"#;
    let back: Blobs = codec::json::from_str(text).unwrap();
    assert_eq!((back.owned, back.borrowed, &*back.cow), (b"a".to_vec(), &b"bb"[..], &b"c"[..]));
    assert_eq!((&*back.boxed, back.fixed, back.maybe), (&b"d"[..], *b"ee", Some(b"f".to_vec())));

    #[derive(Codec, Debug, PartialEq)]
    struct Owned {
        #[codec(bytes)]
        data: Vec<u8>,
        #[codec(bytes, default)]
        extra: Option<Box<[u8]>>,
    }
    assert_eq!(codec::json::from_str::<Owned>(r#"{"data":[1,2]}"#).unwrap(), Owned { data: vec![1, 2], extra: None });
    assert_eq!(from_slice::<Owned>(b"\x81\xa4data\xc4\x00").unwrap(), Owned { data: vec![], extra: None });
}

#[test]
fn system_time_is_the_timestamp_extension() {
    check(UNIX_EPOCH, b"\xd6\xff\x00\x00\x00\x00");
    check(UNIX_EPOCH + Duration::from_secs(1), b"\xd6\xff\x00\x00\x00\x01");
    check(UNIX_EPOCH + Duration::new(1514862245, 678901234), b"\xd7\xff\xa1\xdc\xd7\xc8\x5a\x4a\xf6\xa5");
    check(UNIX_EPOCH + Duration::from_secs(1 << 34), b"\xc7\x0c\xff\x00\x00\x00\x00\x00\x00\x00\x04\x00\x00\x00\x00");
    check(UNIX_EPOCH - Duration::from_nanos(1), b"\xc7\x0c\xff\x3b\x9a\xc9\xff\xff\xff\xff\xff\xff\xff\xff\xff");
    let now = SystemTime::now();
    assert_eq!(from_slice::<SystemTime>(&enc(&now)).unwrap(), now);
    // JSON: serde's form; a time before the epoch has none.
    let t = UNIX_EPOCH + Duration::new(5, 6);
    assert_eq!(codec::json::to_string(&t).unwrap(), r#"{"secs_since_epoch":5,"nanos_since_epoch":6}"#);
    assert_eq!(codec::json::from_str::<SystemTime>(r#"{"nanos_since_epoch":6,"secs_since_epoch":5}"#).unwrap(), t);
    assert!(codec::json::to_string(&(UNIX_EPOCH - Duration::from_secs(1))).is_err());
    assert!(codec::json::from_str::<SystemTime>(r#"{"secs_since_epoch":5,"nanos_since_epoch":1000000000}"#).is_err());
    // Another extension type, a malformed timestamp, and too many nanoseconds are errors.
    let e = fail::<SystemTime>(b"\xd6\x05\x00\x00\x00\x00");
    assert_eq!(
        e.kind(),
        &ErrorKind::InvalidType {
            expected: "a timestamp (extension type -1)".into(),
            found: "extension type 5".into()
        }
    );
    assert!(matches!(fail::<Timestamp>(b"\xd5\xff\x00\x00").kind(), ErrorKind::InvalidValue(_)));
    assert!(matches!(
        fail::<Timestamp>(b"\xd7\xff\xff\xff\xff\xff\x00\x00\x00\x00").kind(),
        ErrorKind::InvalidValue(_)
    ));
    assert!(matches!(
        fail::<Timestamp>(b"\xc7\x0c\xff\x3b\x9a\xca\x00\x00\x00\x00\x00\x00\x00\x00\x00").kind(),
        ErrorKind::InvalidValue(_)
    ));
}

#[test]
fn extensions() {
    check(Ext { tag: 1, data: Cow::Owned(vec![0x10]) }, b"\xd4\x01\x10");
    check(Ext { tag: 2, data: Cow::Owned(vec![0; 2]) }, b"\xd5\x02\x00\x00");
    check(Ext { tag: 3, data: Cow::Owned(vec![0; 4]) }, b"\xd6\x03\x00\x00\x00\x00");
    check(Ext { tag: 4, data: Cow::Owned(vec![0; 8]) }, &cat(&[b"\xd7\x04", &[0; 8]]));
    check(Ext { tag: 5, data: Cow::Owned(vec![0; 16]) }, &cat(&[b"\xd8\x05", &[0; 16]]));
    check(Ext { tag: 6, data: Cow::Owned(vec![]) }, b"\xc7\x00\x06");
    check(Ext { tag: -7, data: Cow::Owned(vec![1, 2, 3]) }, b"\xc7\x03\xf9\x01\x02\x03");
    check(Ext { tag: 8, data: Cow::Owned(vec![9; 256]) }, &cat(&[b"\xc8\x01\x00\x08", &[9; 256]]));
    check(Ext { tag: 9, data: Cow::Owned(vec![9; 65536]) }, &cat(&[b"\xc9\x00\x01\x00\x00\x09", &[9; 65536]]));
    // By hand, with the reader and writer.
    let mut w = codec::msgpack::MsgpackWriter::new();
    w.write_ext(42, b"xyz").unwrap();
    let mut r = codec::msgpack::MsgpackReader::new(w.as_bytes());
    assert_eq!(r.read_ext().unwrap(), (42, &b"xyz"[..]));
}

// ---------------------------------------------------------------- Value and RawJson

#[test]
fn value_is_a_dynamic_msgpack_value() {
    let v: Value = codec::json::from_str(r#"{"a":[1,-2,2.5,"s",null,true,{}],"b":18446744073709551615}"#).unwrap();
    let bytes = enc(&v);
    assert_eq!(
        bytes,
        cat(&[
            b"\x82\xa1a\x97\x01\xfe\xcb\x40\x04\x00\x00\x00\x00\x00\x00\xa1s\xc0\xc3\x80",
            b"\xa1b\xcf\xff\xff\xff\xff\xff\xff\xff\xff"
        ])
    );
    assert_eq!(from_slice::<Value>(&bytes).unwrap(), v);
    // Floats of both widths, bins as arrays of numbers.
    assert_eq!(from_slice::<Value>(b"\xca\x3f\x00\x00\x00").unwrap(), 0.5);
    assert_eq!(from_slice::<Value>(b"\xc4\x02\x01\x02").unwrap(), Value::from(vec![1, 2]));
    // What JSON cannot hold.
    assert!(matches!(fail::<Value>(&enc(&f64::NAN)).kind(), ErrorKind::InvalidValue(_)));
    assert!(matches!(fail::<Value>(b"\xd4\x01\x00").kind(), ErrorKind::InvalidType { .. }));
    assert_eq!(
        fail::<Value>(b"\x81\x01\x01").to_string(),
        "invalid type: expected a string key, found integer (byte 1)"
    );
    let e = fail::<Value>(b"\x91\x81\xa1k\xd4\x01\x00");
    assert_eq!(e.path(), "[0][\"k\"]");
}

#[test]
fn raw_json_is_transcoded() {
    #[derive(Codec, Debug)]
    struct Envelope<'a> {
        kind: &'a str,
        payload: RawJson<'a>,
    }
    let env: Envelope = codec::json::from_str(r#"{"kind":"k","payload":{"seq": [1, 2.5]}}"#).unwrap();
    assert_eq!(
        enc(&env),
        cat(&[b"\x82\xa4kind\xa1k\xa7payload\x81\xa3seq\x92\x01\xcb\x40\x04\x00\x00\x00\x00\x00\x00"])
    );
    let e = from_slice::<Envelope>(&enc(&env)).unwrap_err();
    assert_eq!(e.path(), ".payload");
    assert!(e.to_string().contains("RawJson cannot be decoded from MessagePack"), "{e}");
}

// ---------------------------------------------------------------- derive: structs

#[derive(Codec, Debug, PartialEq, Clone)]
struct Point {
    x: i32,
    y: i32,
}

#[derive(Codec, Debug, PartialEq)]
struct Pair(u8, String);

#[derive(Codec, Debug, PartialEq)]
struct Meters(f64);

#[derive(Codec, Debug, PartialEq)]
struct Nothing;

#[derive(Codec, Debug, PartialEq)]
#[codec(transparent)]
struct Id {
    value: u64,
    #[codec(skip)]
    cache: (),
}

#[test]
fn struct_shapes() {
    check(Point { x: 1, y: -2 }, b"\x82\xa1x\x01\xa1y\xfe");
    // Keys in any order, unknown keys skipped (their values checked).
    assert_eq!(from_slice::<Point>(b"\x83\xa1y\x02\xa1z\x92\xc0\x01\xa1x\x01").unwrap(), Point { x: 1, y: 2 });
    check(Pair(1, "a".into()), b"\x92\x01\xa1a");
    check(Meters(0.5), b"\xcb\x3f\xe0\x00\x00\x00\x00\x00\x00");
    check(Nothing, b"\xc0");
    check(Id { value: 7, cache: () }, b"\x07");
    let e = fail::<Point>(b"\x81\xa1x\x01");
    assert_eq!(e.kind(), &ErrorKind::MissingField("y"));
    assert_eq!(e.to_string(), "missing field `y` (byte 3)");
    let e = fail::<Point>(b"\x92\x01\x02");
    assert_eq!(e.kind(), &ErrorKind::InvalidType { expected: "a map".into(), found: "array".into() });
    let e = fail::<Pair>(b"\x93\x01\xa1a\x02");
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)));
    // Non-string keys match no field and are skipped.
    assert_eq!(from_slice::<Point>(b"\x83\x01\x02\xa1x\x01\xa1y\x02").unwrap(), Point { x: 1, y: 2 });
}

#[derive(Codec, Debug, PartialEq, Default)]
#[codec(rename_all = "camelCase")]
struct Renamed {
    user_id: u32,
    #[codec(rename = "NAME", alias = "nom")]
    name: String,
    #[codec(skip)]
    cache: u8,
    #[codec(skip_encoding, default)]
    write_never: u8,
    #[codec(skip_decoding)]
    read_never: u8,
    #[codec(default = "seven")]
    defaulted: u8,
    #[codec(skip_encoding_if = "Option::is_none")]
    maybe: Option<u8>,
    optional: Option<u8>,
}

fn seven() -> u8 {
    7
}

#[test]
fn struct_attributes() {
    let v = Renamed {
        user_id: 1,
        name: "n".into(),
        cache: 9,
        write_never: 9,
        read_never: 3,
        defaulted: 8,
        maybe: None,
        optional: None,
    };
    // skip, skip_encoding and a skipped-if field leave 5 entries, counted before the header.
    let bytes = enc(&v);
    let expected = cat(&[
        b"\x85",
        &s("userId"),
        b"\x01",
        &s("NAME"),
        &s("n"),
        &s("readNever"),
        b"\x03",
        &s("defaulted"),
        b"\x08",
        &s("optional"),
        b"\xc0",
    ]);
    assert_eq!(bytes, expected);
    let back: Renamed = from_slice(&bytes).unwrap();
    assert_eq!(back, Renamed { cache: 0, write_never: 0, read_never: 0, ..v });
    let with_maybe = enc(&Renamed { maybe: Some(4), ..Default::default() });
    assert_eq!(with_maybe[0], 0x86);
    // The alias, the default, and absent options.
    let minimal = cat(&[b"\x82", &s("userId"), b"\x02", &s("nom"), &s("x")]);
    assert_eq!(
        from_slice::<Renamed>(&minimal).unwrap(),
        Renamed { user_id: 2, name: "x".into(), defaulted: 7, ..Default::default() }
    );
}

#[derive(Codec, Debug, PartialEq)]
struct Many {
    f0: u8,
    f1: u8,
    f2: u8,
    f3: u8,
    f4: u8,
    f5: u8,
    f6: u8,
    f7: u8,
    f8: u8,
    f9: u8,
    f10: u8,
    f11: u8,
    f12: u8,
    f13: u8,
    f14: u8,
    f15: u8,
    #[codec(skip_encoding_if = "is_zero", default)]
    f16: u8,
}

fn is_zero(v: &u8) -> bool {
    *v == 0
}

#[test]
fn counted_headers_past_fifteen_entries() {
    let mut v = Many {
        f0: 0,
        f1: 1,
        f2: 2,
        f3: 3,
        f4: 4,
        f5: 5,
        f6: 6,
        f7: 7,
        f8: 8,
        f9: 9,
        f10: 10,
        f11: 11,
        f12: 12,
        f13: 13,
        f14: 14,
        f15: 15,
        f16: 0,
    };
    let without = enc(&v);
    assert_eq!(&without[..3], b"\xde\x00\x10", "16 entries");
    assert_eq!(from_slice::<Many>(&without).unwrap(), v);
    v.f16 = 16;
    let with = enc(&v);
    assert_eq!(&with[..3], b"\xde\x00\x11", "17 entries");
    assert_eq!(from_slice::<Many>(&with).unwrap(), v);
    // Below sixteen entries the counted header is a fixmap.
    assert_eq!(enc(&Renamed::default())[0], 0x85);
}

#[derive(Codec, Debug, PartialEq, Default)]
#[codec(deny_unknown_fields)]
struct Strict {
    a: u8,
}

#[derive(Codec, Debug, PartialEq)]
#[codec(default)]
struct AllDefault {
    a: u8,
    b: String,
}

impl Default for AllDefault {
    fn default() -> Self {
        AllDefault { a: 5, b: "d".into() }
    }
}

#[test]
fn unknown_fields_and_defaults() {
    let e = fail::<Strict>(b"\x82\xa1a\x01\xa1b\x02");
    assert_eq!(e.to_string(), "unknown field `b`, expected one of `a` (byte 4)");
    let e = fail::<Strict>(b"\x82\xa1a\x01\x07\x02");
    assert_eq!(e.to_string(), "unknown field `7`, expected one of `a` (byte 4)");
    assert_eq!(from_slice::<AllDefault>(b"\x80").unwrap(), AllDefault::default());
    assert_eq!(from_slice::<AllDefault>(b"\x81\xa1a\x01").unwrap(), AllDefault { a: 1, b: "d".into() });
}

#[derive(Codec, Debug, PartialEq, Default)]
struct Meta {
    version: u32,
    #[codec(skip_encoding_if = "Option::is_none")]
    author: Option<String>,
}

#[derive(Codec, Debug, PartialEq)]
struct WithMeta {
    id: u8,
    #[codec(flatten)]
    meta: Meta,
    #[codec(flatten)]
    rest: BTreeMap<String, u32>,
}

#[test]
fn flatten() {
    let v = WithMeta { id: 1, meta: Meta { version: 2, author: None }, rest: BTreeMap::from([("x".into(), 3)]) };
    let bytes = enc(&v);
    assert_eq!(bytes, cat(&[b"\x83", &s("id"), b"\x01", &s("version"), b"\x02", &s("x"), b"\x03"]));
    assert_eq!(from_slice::<WithMeta>(&bytes).unwrap(), v);
    // Keys in any order; the map takes what the struct and the flattened struct do not.
    let shuffled = cat(&[b"\x84", &s("y"), b"\x04", &s("version"), b"\x02", &s("author"), &s("me"), &s("id"), b"\x01"]);
    let back: WithMeta = from_slice(&shuffled).unwrap();
    assert_eq!(back.meta.author.as_deref(), Some("me"));
    assert_eq!(back.rest, BTreeMap::from([("y".into(), 4)]));
    // Many flattened entries: the one-byte placeholder grows into a map 16 header.
    let big = WithMeta { id: 1, meta: Meta::default(), rest: (0..20).map(|i| (format!("k{i:02}"), i)).collect() };
    let bytes = enc(&big);
    assert_eq!(&bytes[..3], b"\xde\x00\x16");
    assert_eq!(from_slice::<WithMeta>(&bytes).unwrap(), big);
    let e = fail::<WithMeta>(&cat(&[b"\x82", &s("id"), b"\x01", &s("x"), &s("no")]));
    assert_eq!(e.path(), "[\"x\"]");
    assert_eq!(fail::<WithMeta>(&cat(&[b"\x81", &s("id"), b"\x01"])).kind(), &ErrorKind::MissingField("version"));
}

#[derive(Codec, Debug, PartialEq)]
#[codec(tag = "kind")]
enum PlacedShape {
    Circle { r: u32 },
    Square { side: u32 },
}

#[derive(Codec, Debug, PartialEq)]
struct Placed {
    id: u8,
    #[codec(flatten)]
    shape: PlacedShape,
}

/// A flattened internally tagged enum looks ahead over the entries its map has left for
/// its tag, wherever the tag stands, inside a sequence too (the count is the inner
/// map's); the errors point at the map's bytes.
#[test]
fn flattened_tagged_enum_finds_its_tag_in_the_map() {
    let circle = |entries: &[&[u8]]| {
        let mut parts: Vec<&[u8]> = vec![b"\x83"];
        parts.extend_from_slice(entries);
        cat(&parts)
    };
    let (id, r, kind) = (cat(&[&s("id"), b"\x01"]), cat(&[&s("r"), b"\x05"]), cat(&[&s("kind"), &s("Circle")]));
    let want = Placed { id: 1, shape: PlacedShape::Circle { r: 5 } };
    for order in [[&id, &r, &kind], [&kind, &id, &r], [&r, &kind, &id]] {
        let bytes = circle(&[order[0], order[1], order[2]]);
        assert_eq!(from_slice::<Placed>(&bytes).unwrap(), want);
    }
    let square = cat(&[b"\x83", &s("kind"), &s("Square"), &s("side"), b"\x02", &s("id"), b"\x03"]);
    let both = cat(&[b"\x92", &circle(&[&id, &r, &kind]), &square]);
    assert_eq!(
        from_slice::<Vec<Placed>>(&both).unwrap(),
        [want, Placed { id: 3, shape: PlacedShape::Square { side: 2 } }]
    );
    let no_tag = cat(&[b"\x82", &id, &r]);
    assert_eq!(fail::<Placed>(&no_tag).to_string(), "missing field `kind` (byte 7)");
    let unknown = cat(&[b"\x83", &id, &r, &s("kind"), &s("Hexagon")]);
    assert_eq!(
        fail::<Placed>(&unknown).to_string(),
        "unknown variant `Hexagon`, expected one of `Circle`, `Square` (byte 13)"
    );
    let missing = cat(&[b"\x82", &s("kind"), &s("Circle"), &id]);
    assert_eq!(fail::<Placed>(&missing).to_string(), "missing field `r` (byte 16)");
    let bad = cat(&[b"\x83", &id, &s("r"), &s("five"), &kind]);
    assert_eq!(fail::<Placed>(&bad).to_string(), "invalid type: expected u32, found string at .r (byte 7)");
    let e = fail::<Vec<Placed>>(&cat(&[b"\x92", &circle(&[&id, &r, &kind]), &no_tag]));
    assert_eq!(e.to_string(), "missing field `kind` at [1] (byte 28)");
}

// ---------------------------------------------------------------- derive: struct_as_array

#[derive(Codec, Debug, PartialEq)]
#[codec(msgpack(struct_as_array))]
struct Packed {
    a: u8,
    #[codec(skip)]
    cache: u8,
    b: String,
    #[codec(default)]
    c: u16,
    d: Option<bool>,
}

#[derive(Codec, Debug, PartialEq)]
#[codec(msgpack(struct_as_array), deny_unknown_fields)]
struct PackedStrict {
    a: u8,
}

#[test]
fn struct_as_array() {
    let v = Packed { a: 1, cache: 0, b: "x".into(), c: 300, d: Some(true) };
    // Positions in declaration order; the `skip` field has none.
    assert_eq!(enc(&Packed { cache: 9, b: "x".into(), ..v }), b"\x94\x01\xa1x\xcd\x01\x2c\xc3");
    let v = Packed { a: 1, cache: 0, b: "x".into(), c: 300, d: Some(true) };
    assert_eq!(from_slice::<Packed>(b"\x94\x01\xa1x\xcd\x01\x2c\xc3").unwrap(), v);
    // JSON is unchanged: an object.
    assert_eq!(codec::json::to_string(&v).unwrap(), r#"{"a":1,"b":"x","c":300,"d":true}"#);
    // A shorter array: trailing fields are absent (their default, `None`), or missing.
    assert_eq!(
        from_slice::<Packed>(b"\x92\x01\xa1x").unwrap(),
        Packed { a: 1, cache: 0, b: "x".into(), c: 0, d: None }
    );
    let e = fail::<Packed>(b"\x91\x01");
    assert_eq!(e.kind(), &ErrorKind::MissingField("b"));
    // A longer array: extra elements are skipped, or an error under deny_unknown_fields.
    assert_eq!(from_slice::<Packed>(b"\x95\x01\xa1x\x00\xc0\x92\x01\x02").unwrap().b, "x");
    assert_eq!(from_slice::<PackedStrict>(b"\x91\x07").unwrap(), PackedStrict { a: 7 });
    let e = fail::<PackedStrict>(b"\x92\x07\x08");
    assert_eq!(e.kind(), &ErrorKind::InvalidValue("expected an array of at most 1 elements, found more".into()));
    // Errors name the field.
    let e = fail::<Packed>(b"\x92\x01\x02");
    assert_eq!(e.path(), ".b");
    assert_eq!(e.offset(), Some(2));
    // The map form is not accepted in place of the array.
    assert!(matches!(fail::<PackedStrict>(b"\x81\xa1a\x07").kind(), ErrorKind::InvalidType { .. }));
    // Nested and in collections.
    check(vec![PackedStrict { a: 1 }, PackedStrict { a: 2 }], b"\x92\x91\x01\x91\x02");
    // JSON reads the object form only: one generic body, the array form behind
    // `Reader::MSGPACK`.
    assert_eq!(codec::json::from_str::<Packed>(r#"{"d":true,"c":300,"b":"x","a":1}"#).unwrap(), v);
    let e = codec::json::from_str::<Packed>(r#"[1,"x",300,true]"#).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidType { .. }), "{e}");
}

/// The reader protocol of an array read by position (`begin_positional`, `tuple_more`,
/// `end_positional`) means the same in both formats, though only MessagePack's derived
/// code uses it: up to two `u8`s, the rest skipped or refused.
#[test]
fn positional_arrays_read_alike_in_both_formats() {
    fn two<'de, R: codec::Reader<'de>>(r: &mut R, deny: bool) -> codec::Result<Vec<u8>> {
        let mut count = r.begin_positional()?;
        let mut out = Vec::new();
        for i in 0..2 {
            if r.tuple_more(&mut count, i)? {
                out.push(u8::decode(r)?);
            }
        }
        r.end_positional(count, 2, deny)?;
        Ok(out)
    }
    // (JSON, the same in MessagePack, deny_unknown, the values read or an error)
    type Case = (&'static str, &'static [u8], bool, Option<Vec<u8>>);
    let cases: [Case; 7] = [
        ("[]", b"\x90", false, Some(vec![])),
        ("[1]", b"\x91\x01", false, Some(vec![1])),
        ("[1,2]", b"\x92\x01\x02", true, Some(vec![1, 2])),
        ("[1,2,[3],{}]", b"\x94\x01\x02\x91\x03\x80", false, Some(vec![1, 2])),
        ("[1,2,3]", b"\x93\x01\x02\x03", true, None),
        ("[1,\"x\"]", b"\x92\x01\xa1x", false, None),
        ("[1,2,", b"\x93\x01\x02", false, None),
    ];
    for (json, msgpack, deny, want) in cases {
        let mut jr = codec::json::JsonReader::new(json.as_bytes());
        let mut mr = codec::msgpack::MsgpackReader::new(msgpack);
        let (j, m) = (two(&mut jr, deny), two(&mut mr, deny));
        assert_eq!(j.as_ref().ok(), want.as_ref(), "{json}: {j:?}");
        assert_eq!(m.as_ref().ok(), want.as_ref(), "{json} in MessagePack: {m:?}");
        if deny && want.is_none() {
            let e = j.unwrap_err();
            assert_eq!(e.to_string(), "invalid value: expected an array of at most 2 elements, found more (byte 5)");
            let e = m.unwrap_err();
            assert_eq!(
                e.kind(),
                &ErrorKind::InvalidValue("expected an array of at most 2 elements, found more".into())
            );
        }
    }
}

// ---------------------------------------------------------------- derive: enums

#[derive(Codec, Debug, PartialEq, Clone)]
enum External {
    Unit,
    Newtype(u8),
    Tuple(u8, u8),
    Struct {
        x: u8,
    },
    #[codec(rename = "r")]
    Renamed,
}

#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(tag = "type")]
enum Internal {
    Circle {
        r: f64,
    },
    Point(Point),
    Empty,
    #[codec(other)]
    Unknown,
}

#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(tag = "t", content = "c")]
enum Adjacent {
    Text(String),
    Pair(u8, u8),
    Ping,
}

#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(untagged)]
enum Untagged {
    Int(i64),
    Text(String),
    List(Vec<Untagged>),
}

#[test]
fn external_enums() {
    check(External::Unit, b"\xa4Unit");
    check(External::Renamed, b"\xa1r");
    check(External::Newtype(1), b"\x81\xa7Newtype\x01");
    check(External::Tuple(1, 2), b"\x81\xa5Tuple\x92\x01\x02");
    check(External::Struct { x: 3 }, b"\x81\xa6Struct\x81\xa1x\x03");
    let e = fail::<External>(b"\xa3Bad");
    assert_eq!(
        e.to_string(),
        "unknown variant `Bad`, expected one of `Unit`, `Newtype`, `Tuple`, `Struct`, `r` (byte 0)"
    );
    let e = fail::<External>(b"\x81\xa7Newtype\xa1x");
    assert_eq!(e.path(), ".Newtype");
    assert!(matches!(fail::<External>(b"\x82\xa4Unit\xc0\xa4Unit\xc0").kind(), ErrorKind::InvalidValue(_)));
    assert!(matches!(fail::<External>(b"\x80").kind(), ErrorKind::InvalidValue(_)));
    let e = fail::<External>(b"\xa7Newtype");
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)));
    assert_eq!(
        e.to_string(),
        "invalid value: variant `Newtype` has content: write it as a map {\"Newtype\": ...} (byte 0)"
    );
    assert!(matches!(fail::<External>(b"\x01").kind(), ErrorKind::InvalidType { .. }));
    // A struct variant's members in any order, repeated or unknown: the general loop alone.
    check(External::Struct { x: 3 }, b"\x81\xa6Struct\x81\xa1x\x03");
    let shuffled = b"\x81\xa6Struct\x82\xa1y\x01\xa1x\x04";
    assert_eq!(from_slice::<External>(shuffled).unwrap(), External::Struct { x: 4 });
    assert!(matches!(fail::<External>(b"\x81\xa6Struct\x82\xa1x\x01\xa1x\x02").kind(), ErrorKind::DuplicateField(_)));
    assert_eq!(fail::<External>(b"\x81\xa6Struct\x80").kind(), &ErrorKind::MissingField("x"));
}

/// One generic `decode` body serves both formats: each still words its errors as its
/// own reader does ("a map" here, "an object" in JSON) and reports an empty map or
/// object where that format puts it (JSON's `}`, the byte after MessagePack's header).
#[test]
fn external_enum_errors_speak_each_format() {
    let e = fail::<External>(b"\x01");
    assert_eq!(
        e.to_string(),
        "invalid type: expected a variant of enum External (a string, or a map with one key), found integer (byte 0)"
    );
    let e = codec::json::from_str::<External>("1").unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid type: expected a variant of enum External (a string, or an object with one key), found integer (line 1, column 1)"
    );
    let e = fail::<External>(b"\x80");
    assert_eq!(e.offset(), Some(1));
    assert!(e.to_string().contains("a map with one key"), "{e}");
    let e = codec::json::from_str::<External>("{ }").unwrap_err();
    assert_eq!(e.offset(), Some(2));
    assert!(e.to_string().contains("an object with one key"), "{e}");
}

#[test]
fn internal_enums() {
    check(
        Internal::Circle { r: 1.0 },
        &cat(&[b"\x82", &s("type"), &s("Circle"), &s("r"), b"\xcb\x3f\xf0\x00\x00\x00\x00\x00\x00"]),
    );
    check(Internal::Point(Point { x: 1, y: 2 }), &cat(&[b"\x83", &s("type"), &s("Point"), b"\xa1x\x01\xa1y\x02"]));
    check(Internal::Empty, &cat(&[b"\x81", &s("type"), &s("Empty")]));
    // The tag may stand anywhere.
    let late = cat(&[b"\x83", b"\xa1x\x01\xa1y\x02", &s("type"), &s("Point")]);
    assert_eq!(from_slice::<Internal>(&late).unwrap(), Internal::Point(Point { x: 1, y: 2 }));
    assert_eq!(from_slice::<Internal>(&cat(&[b"\x81", &s("type"), &s("Hexagon")])).unwrap(), Internal::Unknown);
    let e = fail::<Internal>(b"\x81\xa1r\x01");
    assert_eq!(e.kind(), &ErrorKind::MissingField("type"));
    let e = fail::<Internal>(&cat(&[b"\x82", &s("type"), &s("Circle"), &s("r"), &s("big")]));
    assert_eq!(e.path(), "<Circle>.r");
}

#[test]
fn adjacent_enums() {
    check(Adjacent::Text("a".into()), &cat(&[b"\x82", &s("t"), &s("Text"), &s("c"), &s("a")]));
    check(Adjacent::Pair(1, 2), &cat(&[b"\x82", &s("t"), &s("Pair"), &s("c"), b"\x92\x01\x02"]));
    check(Adjacent::Ping, &cat(&[b"\x81", &s("t"), &s("Ping")]));
    let content_first = cat(&[b"\x82", &s("c"), b"\x92\x01\x02", &s("t"), &s("Pair")]);
    assert_eq!(from_slice::<Adjacent>(&content_first).unwrap(), Adjacent::Pair(1, 2));
    let e = fail::<Adjacent>(&cat(&[b"\x81", &s("t"), &s("Text")]));
    assert_eq!(e.kind(), &ErrorKind::MissingField("c"));
    let e = fail::<Adjacent>(&cat(&[b"\x82", &s("t"), &s("Text"), &s("c"), b"\x01"]));
    assert_eq!(e.path(), ".c");
}

#[test]
fn untagged_enums() {
    check(Untagged::Int(-3), b"\xfd");
    check(Untagged::Text("a".into()), b"\xa1a");
    check(Untagged::List(vec![Untagged::Int(1), Untagged::Text("b".into())]), b"\x92\x01\xa1b");
    let e = fail::<Untagged>(b"\xc3");
    assert!(
        e.to_string().starts_with("invalid value: data did not match any variant of untagged enum Untagged"),
        "{e}"
    );
}

#[derive(Codec, Debug, PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
#[codec(rename_all = "lowercase")]
enum Color {
    Red,
    Green,
}

#[test]
fn unit_enums_as_map_keys() {
    check(BTreeMap::from([(Color::Red, 1u8), (Color::Green, 2)]), b"\x82\xa3red\x01\xa5green\x02");
    let e = fail::<BTreeMap<Color, u8>>(b"\x81\xa4blue\x01");
    assert!(matches!(e.kind(), ErrorKind::UnknownVariant { .. }));
    let e = fail::<BTreeMap<Color, u8>>(b"\x81\x01\x01");
    assert!(matches!(e.kind(), ErrorKind::UnknownVariant { .. } | ErrorKind::InvalidType { .. }), "{e}");
}

mod u64_as_string {
    use codec::{Reader, Writer};

    pub fn encode<W: Writer>(v: &u64, w: &mut W) -> codec::Result<()> {
        w.write_str(&v.to_string())
    }
    pub fn decode<'de, R: Reader<'de>>(r: &mut R) -> codec::Result<u64> {
        r.read_str_with(|s, _| s.parse().map_err(codec::Error::custom))
    }
}

#[derive(Codec, Debug, PartialEq)]
struct Generic<T> {
    #[codec(with = "u64_as_string")]
    id: u64,
    inner: T,
}

#[test]
fn with_modules_and_generics() {
    check(Generic { id: 12, inner: vec![true] }, &cat(&[b"\x82", &s("id"), &s("12"), &s("inner"), b"\x91\xc3"]));
    let e = fail::<Generic<u8>>(&cat(&[b"\x82", &s("id"), &s("x"), &s("inner"), b"\x01"]));
    assert_eq!(e.path(), ".id");
    assert_eq!(e.offset(), Some(6), "an error without a position gets the reader's");
}

// ---------------------------------------------------------------- borrowing

#[derive(Codec, Debug, PartialEq)]
struct Borrowed<'a> {
    text: &'a str,
    cow: Cow<'a, str>,
    list: Vec<&'a str>,
    bytes: Bytes<'a>,
}

#[test]
fn strings_and_bytes_borrow_from_the_input() {
    let v = Borrowed {
        text: "hello",
        cow: Cow::Borrowed("wörld"),
        list: vec!["a", "b"],
        bytes: Bytes::from(&b"\x00\x01"[..]),
    };
    let input = enc(&v);
    let back: Borrowed = from_slice(&input).unwrap();
    assert_eq!(back, v);
    let range = input.as_ptr_range();
    assert!(range.contains(&back.text.as_ptr()));
    assert!(matches!(back.cow, Cow::Borrowed(c) if range.contains(&c.as_ptr())));
    assert!(back.list.iter().all(|s| range.contains(&s.as_ptr())));
    assert!(back.bytes.is_borrowed() && range.contains(&back.bytes.as_ptr()));
}

// ---------------------------------------------------------------- limits and errors

#[derive(Codec, Debug, PartialEq)]
struct User {
    id: u64,
}

#[derive(Codec, Debug, PartialEq)]
struct Status {
    user: User,
}

#[derive(Codec, Debug, PartialEq)]
struct Feed {
    statuses: Vec<Status>,
}

#[test]
fn errors_carry_paths_and_offsets() {
    let feed = cat(&[
        b"\x81",
        &s("statuses"),
        b"\x92",
        b"\x81",
        &s("user"),
        b"\x81",
        &s("id"),
        b"\x01",
        b"\x81",
        &s("user"),
        b"\x81",
        &s("id"),
        &s("2"),
    ]);
    let e = fail::<Feed>(&feed);
    assert_eq!(e.path(), ".statuses[1].user.id");
    assert_eq!(e.offset(), Some(feed.len() - 2));
    assert_eq!(e.line(), None, "binary input has no lines");
    assert_eq!(
        e.to_string(),
        format!("invalid type: expected u64, found string at .statuses[1].user.id (byte {})", feed.len() - 2)
    );
}

#[test]
fn depth_limit_applies_to_decoding_and_skipping() {
    let deep = |n: usize| cat(&[&vec![0x91u8; n], b"\x01"]);
    let e = fail::<Value>(&deep(200));
    assert_eq!(e.kind(), &ErrorKind::DepthLimit(128));
    assert!(from_slice::<Value>(&deep(127)).is_ok());
    let opts = Options::new().max_depth(3);
    assert_eq!(from_slice_with::<Vec<Vec<Vec<u8>>>>(&deep(3), &opts).unwrap(), vec![vec![vec![1]]]);
    let e = from_slice_with::<Vec<Vec<Vec<Vec<u8>>>>>(&deep(4), &opts).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::DepthLimit(3));
    // An unknown field's value is skipped under the same limit.
    let doc = cat(&[b"\x82\xa1x\x01\xa1y\x02\xa1z", &deep(5000)]);
    let doc = cat(&[b"\x83", &doc[1..]]);
    assert_eq!(fail::<Point>(&doc).kind(), &ErrorKind::DepthLimit(128));
    // Deep maps too, and far past the inline count stack of the reader.
    let maps = cat(&[&b"\x81\xa1k".repeat(100), b"\xc0"]);
    assert!(from_slice::<Value>(&maps).is_ok());
    let opts = Options::new().max_depth(10_000);
    let nested = cat(&[&vec![0x91u8; 1000], b"\x01"]);
    assert!(from_slice_with::<Value>(&nested, &opts).is_ok());
}

#[test]
fn length_prefixes_beyond_the_input_fail_before_allocating() {
    // Each claims about 4 GiB; the input has a few bytes. The error is immediate.
    let cases: &[&[u8]] = &[
        b"\xdd\xff\xff\xff\xff\x01",
        b"\xdf\xff\xff\xff\xff\x01\x01",
        b"\xdb\xff\xff\xff\xffabc",
        b"\xc6\xff\xff\xff\xffabc",
        b"\xc9\xff\xff\xff\xff\x01abc",
        b"\xdc\xff\xff\x01",
        b"\xde\x00\x02\x01\x01\x01",
    ];
    for bytes in cases {
        let e = from_slice::<Value>(bytes).unwrap_err();
        if bytes[0] != 0xc9 {
            assert_eq!(e.kind(), &ErrorKind::Eof, "{bytes:x?}");
        }
        assert!(from_slice::<Ext>(bytes).is_err());
        assert!(from_slice::<Vec<Vec<u8>>>(bytes).is_err());
        assert!(from_slice::<BTreeMap<String, String>>(bytes).is_err());
        assert!(from_slice::<Point>(bytes).is_err());
        assert!(from_slice::<Bytes>(bytes).is_err());
    }
    assert_eq!(fail::<Vec<u64>>(b"\xdd\x00\x00\x00\x03\x01\x02").kind(), &ErrorKind::Eof);
    // The string limit covers str, bin and ext payloads, and map keys.
    let opts = Options::new().max_string_len(3);
    assert_eq!(from_slice_with::<String>(b"\xa3abc", &opts).unwrap(), "abc");
    assert!(matches!(from_slice_with::<String>(b"\xa4abcd", &opts).unwrap_err().kind(), ErrorKind::SizeLimit(_)));
    assert!(matches!(from_slice_with::<Bytes>(b"\xc4\x04abcd", &opts).unwrap_err().kind(), ErrorKind::SizeLimit(_)));
    assert!(matches!(from_slice_with::<Ext>(b"\xc7\x04\x01abcd", &opts).unwrap_err().kind(), ErrorKind::SizeLimit(_)));
    assert!(matches!(
        from_slice_with::<Point>(b"\x81\xa4abcd\x01", &opts).unwrap_err().kind(),
        ErrorKind::SizeLimit(_)
    ));
}

#[test]
fn invalid_utf8_is_an_error_everywhere() {
    let e = fail::<String>(b"\xa3a\xff\xfe");
    assert_eq!(e.kind(), &ErrorKind::InvalidUtf8);
    assert_eq!(e.offset(), Some(2));
    assert_eq!(fail::<&str>(b"\xa1\xc3").kind(), &ErrorKind::InvalidUtf8);
    assert_eq!(fail::<Value>(b"\xa1\x80").kind(), &ErrorKind::InvalidUtf8);
    assert_eq!(fail::<char>(b"\xa1\xff").kind(), &ErrorKind::InvalidUtf8);
    // As a key: matched against no field, then checked.
    assert_eq!(fail::<Point>(b"\x81\xa1\xff\x01").kind(), &ErrorKind::InvalidUtf8);
    assert_eq!(fail::<BTreeMap<String, u8>>(b"\x81\xa1\xff\x01").kind(), &ErrorKind::InvalidUtf8);
    // Inside a skipped value.
    assert_eq!(fail::<Point>(b"\x83\xa1z\x91\xa1\xff\xa1x\x01\xa1y\x01").kind(), &ErrorKind::InvalidUtf8);
}

#[test]
fn malformed_input() {
    assert!(matches!(fail::<Value>(b"\xc1").kind(), ErrorKind::Syntax(_)));
    assert!(matches!(fail::<Point>(b"\x81\xa1x\xc1").kind(), ErrorKind::Syntax(_) | ErrorKind::InvalidType { .. }));
    assert!(matches!(fail::<Point>(b"\x82\xa1q\xc1\xa1x\x01").kind(), ErrorKind::Syntax(_)));
    assert_eq!(fail::<u8>(b"").kind(), &ErrorKind::Eof);
    assert_eq!(fail::<u8>(b"\x01\x02").kind(), &ErrorKind::TrailingCharacters);
    assert_eq!(from_slice_with::<u8>(b"\x01\x02", &Options::new().allow_trailing(true)).unwrap(), 1);
}

#[test]
fn encode_errors_carry_paths() {
    struct Fails;
    impl Encode for Fails {
        fn encode<W: codec::Writer>(&self, _: &mut W) -> codec::Result<()> {
            Err(Error::custom("no"))
        }
    }
    let e = to_vec(&vec![(1u8, Fails)]).unwrap_err();
    assert_eq!(e.path(), "[0][1]");
    #[derive(Codec)]
    struct Holder {
        #[codec(with = "fails")]
        inner: u8,
    }
    mod fails {
        pub fn encode<W: codec::Writer>(_: &u8, _: &mut W) -> codec::Result<()> {
            Err(codec::Error::custom("no"))
        }
        pub fn decode<'de, R: codec::Reader<'de>>(_: &mut R) -> codec::Result<u8> {
            Err(codec::Error::custom("no"))
        }
    }
    assert_eq!(to_vec(&vec![Holder { inner: 1 }]).unwrap_err().path(), "[0].inner");
    let mut out = Vec::new();
    codec::msgpack::to_writer(&mut out, &Point { x: 1, y: 1 }).unwrap();
    assert_eq!(out, enc(&Point { x: 1, y: 1 }));
}

// ---------------------------------------------------------------- never a panic

#[derive(Codec, Debug, PartialEq)]
struct Doc<'a> {
    id: u64,
    name: &'a str,
    tags: Vec<String>,
    scores: BTreeMap<u32, f64>,
    shape: Internal,
    ext: External,
    adj: Option<Adjacent>,
    any: Untagged,
    #[codec(bytes)]
    blob: &'a [u8],
    packed: Vec<PackedStrict>,
    #[codec(flatten)]
    meta: Meta,
    when: Timestamp,
}

fn sample_doc() -> Vec<u8> {
    let doc = Doc {
        id: 1 << 40,
        name: "sample",
        tags: vec!["a".into(), "b".repeat(40)],
        scores: BTreeMap::from([(1, 0.5), (70000, -1e300)]),
        shape: Internal::Point(Point { x: -5, y: 1 << 20 }),
        ext: External::Struct { x: 9 },
        adj: Some(Adjacent::Pair(3, 4)),
        any: Untagged::List(vec![Untagged::Int(-70000), Untagged::Text("t".into())]),
        blob: b"\x00\x01\x02",
        packed: vec![PackedStrict { a: 1 }],
        meta: Meta { version: 3, author: Some("me".into()) },
        when: Timestamp::new(-3, 5).unwrap(),
    };
    enc(&doc)
}

/// Decodes `bytes` as several types; a panic fails the test with the input.
fn decode_all(bytes: &[u8]) -> usize {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let mut ok = 0;
        if let Ok(d) = from_slice::<Doc>(bytes) {
            // Whatever decodes encodes, and decodes again to the same bytes.
            let again = enc(&d);
            let d2: Doc = from_slice(&again).expect("re-decode of an encoding");
            assert_eq!(enc(&d2), again);
            ok += 1;
        }
        if let Ok(v) = from_slice::<Value>(bytes) {
            let again = enc(&v);
            assert_eq!(from_slice::<Value>(&again).unwrap(), v);
            ok += 1;
        }
        ok += from_slice::<Vec<Untagged>>(bytes).is_ok() as usize;
        ok += from_slice::<BTreeMap<String, Value>>(bytes).is_ok() as usize;
        ok += from_slice::<(u8, Packed)>(bytes).is_ok() as usize;
        ok += from_slice::<Many>(bytes).is_ok() as usize;
        ok += from_slice::<WithMeta>(bytes).is_ok() as usize;
        ok
    }));
    match outcome {
        Ok(n) => n,
        Err(_) => panic!("decoding panicked on input {bytes:02x?}"),
    }
}

#[test]
fn every_prefix_of_an_encoding_is_an_error() {
    let full = sample_doc();
    assert!(from_slice::<Doc>(&full).is_ok());
    assert!(decode_all(&full) >= 1);
    for len in 0..full.len() {
        let prefix = &full[..len];
        match from_slice::<Doc>(prefix) {
            Ok(_) => panic!("a prefix of {len} bytes decoded"),
            Err(e) => assert!(
                matches!(e.kind(), ErrorKind::Eof | ErrorKind::MissingField(_) | ErrorKind::InvalidValue(_)),
                "prefix {len}: {e}"
            ),
        }
        assert!(from_slice::<Value>(prefix).is_err());
        decode_all(prefix);
    }
    for bytes in [
        enc(&Many {
            f0: 0,
            f1: 1,
            f2: 2,
            f3: 3,
            f4: 4,
            f5: 5,
            f6: 6,
            f7: 7,
            f8: 8,
            f9: 9,
            f10: 10,
            f11: 11,
            f12: 12,
            f13: 13,
            f14: 14,
            f15: 15,
            f16: 16,
        }),
        enc(&Renamed::default()),
    ] {
        for len in 0..bytes.len() {
            decode_all(&bytes[..len]);
        }
    }
}

#[test]
fn random_byte_flips_never_panic() {
    let full = sample_doc();
    // Deterministic, so failures reproduce.
    let mut rng = codec_tests::rng::Rng(0x9e37_79b9_7f4a_7c15);
    let rounds = if cfg!(debug_assertions) { 3000 } else { 30000 };
    let mut decoded = 0;
    for _ in 0..rounds {
        let mut bytes = full.clone();
        for _ in 0..1 + rng.next() % 3 {
            let at = (rng.next() % bytes.len() as u64) as usize;
            match rng.next() % 3 {
                0 => bytes[at] ^= 1 << (rng.next() % 8),
                1 => bytes[at] = rng.next() as u8,
                _ => bytes[at] = [0xc1, 0xdd, 0xdf, 0xdb, 0xc6, 0xc9, 0xff, 0x00][(rng.next() % 8) as usize],
            }
        }
        decoded += decode_all(&bytes);
    }
    assert!(decoded > 0, "some corrupted documents still decode");
}

/// A tuple struct: its MessagePack decode checks the stated length once and reads the
/// elements by position (no tracked counts).
#[derive(Codec, Debug, PartialEq)]
struct Nest(Option<Box<Nest>>, u8);

#[derive(Codec, Debug, PartialEq)]
#[codec(untagged)]
enum NestOrInt {
    Int(u8),
    Nest(Box<Nest>),
}

#[test]
fn deep_tuple_structs_and_untagged_retries() {
    let mut v = Nest(None, 0);
    for i in 1..=100u8 {
        v = Nest(Some(Box::new(v)), i);
    }
    let bytes = enc(&v);
    let opts = Options::new().max_depth(1000);
    assert_eq!(from_slice_with::<Nest>(&bytes, &opts).unwrap(), v);
    // Each level is one array (a `Box` takes no level): 100 levels fit the default 128.
    assert_eq!(from_slice_with::<Nest>(&bytes, &Options::new()).unwrap(), v);
    // Untagged decoding tries `Int` first, fails at the array, and restores its checkpoint.
    let wrapped = enc(&vec![NestOrInt::Nest(Box::new(v)), NestOrInt::Int(7)]);
    let back: Vec<NestOrInt> = from_slice_with(&wrapped, &opts).unwrap();
    assert_eq!(back[1], NestOrInt::Int(7));
    assert!(matches!(&back[0], NestOrInt::Nest(n) if n.1 == 100));
    // Truncations at every depth are errors.
    for len in 0..bytes.len() {
        assert!(from_slice_with::<Nest>(&bytes[..len], &opts).is_err());
    }
}

/// Internally tagged enums read their map through the reader's tracked counts
/// (`begin_object`/`object_next`): while a `Node`'s `child` is decoded, the entries its own
/// map has left (`depth`, and any unknown key) wait in the reader's stack of saved counts,
/// inline for the first 32 levels and spilled to the heap beyond. Each level's `depth` comes
/// after everything nested inside it, so it is read only if that level's count comes back
/// exactly.
#[derive(Codec, Debug, PartialEq)]
#[codec(tag = "t")]
enum Tree {
    Leaf { v: u8 },
    Node { child: Box<Tree>, depth: u8 },
}

/// The same, rejecting unknown keys.
#[derive(Codec, Debug, PartialEq)]
#[codec(tag = "t", deny_unknown_fields)]
enum StrictTree {
    Leaf { v: u8 },
    Node { child: Box<StrictTree>, depth: u8 },
}

/// `levels` nested `Node` maps around `Leaf { v: 7 }`, level `k` (0 outermost) with
/// `depth: k` and, when `extra_at == Some(k)`, one unknown key `x` after it. Returns the
/// bytes and the offset of that unknown key.
fn tree_doc(levels: u8, extra_at: Option<u8>) -> (Vec<u8>, usize) {
    // Built inside out: the leaf, then each level around it.
    let mut doc = cat(&[b"\x82", &s("t"), &s("Leaf"), &s("v"), b"\x07"]);
    let mut extra_offset = 0;
    for k in (0..levels).rev() {
        let extra = extra_at == Some(k);
        let head = cat(&[&[0x83 + u8::from(extra)], &s("t"), &s("Node"), &s("child")]);
        let mut tail = cat(&[&s("depth"), &[k]]);
        if extra {
            extra_offset = doc.len() + tail.len();
            tail.extend(cat(&[&s("x"), b"\x00"]));
        }
        // Wrapping shifts everything inside by the head.
        if extra_at.is_some_and(|at| k <= at) {
            extra_offset += head.len();
        }
        doc = cat(&[&head, &doc, &tail]);
    }
    (doc, extra_offset)
}

#[test]
fn tracked_counts_spill_past_the_inline_levels() {
    // 40 levels: the maps 33 to 40 deep keep their counts in the spill while their children
    // are read, then need them to find their `depth`.
    let levels = 40u8;
    let (doc, _) = tree_doc(levels, None);
    let mut expected = Tree::Leaf { v: 7 };
    for k in (0..levels).rev() {
        expected = Tree::Node { child: Box::new(expected), depth: k };
    }
    assert_eq!(enc(&expected), doc, "the derive writes the tag first, then the fields in order");
    assert_eq!(from_slice::<Tree>(&doc).unwrap(), expected);

    // An unknown key after `depth` at one level: skipped by the lenient decoder, rejected
    // exactly there by the strict one. At level 36 (a map 37 deep, whose count waited in
    // the spill while 4 deeper maps and the leaf were read), and for contrast at level 3
    // (inline).
    for level in [3u8, 36] {
        let (doc, extra_offset) = tree_doc(levels, Some(level));
        assert_eq!(from_slice::<Tree>(&doc).unwrap(), expected, "lenient, extra at level {level}");
        let e = from_slice::<StrictTree>(&doc).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::UnknownField { name, .. } if name == "x"), "level {level}: {e}");
        assert_eq!(e.offset(), Some(extra_offset), "level {level}: {e}");
        assert_eq!(e.path(), "<Node>.child".repeat(level.into()) + "<Node>", "level {level}: {e}");
    }
}

/// Two variants that both read a whole nested value before failing: without a bound,
/// each level of nesting would double the work.
#[derive(Codec, Debug, PartialEq)]
#[codec(untagged)]
enum Doubling {
    Num(Vec<Doubling>, u8),
    Flag(Vec<Doubling>, bool),
    Leaf(u8),
}

#[test]
fn untagged_backtracking_is_bounded() {
    // 40 levels of [[child], "x"]: both tuple variants decode the child, then fail on "x".
    let mut doc = b"\x01".to_vec();
    for _ in 0..40 {
        doc = cat(&[b"\x92\x91", &doc, b"\xa1x"]);
    }
    let started = std::time::Instant::now();
    let e = from_slice_with::<Doubling>(&doc, &Options::new().max_depth(1000)).unwrap_err();
    assert!(started.elapsed() < std::time::Duration::from_secs(20), "took {:?}", started.elapsed());
    assert!(e.to_string().contains("re-read more than 16 times the input"), "{e}");
    // A well-formed document of the same shape decodes.
    assert_eq!(from_slice::<Doubling>(b"\x92\x91\x01\x07").unwrap(), Doubling::Num(vec![Doubling::Leaf(1)], 7));
}

// ---------------------------------------------------------------- member order

#[derive(Codec, Debug, PartialEq, Clone)]
struct Ordered {
    a: u64,
    #[codec(alias = "bee")]
    b: String,
    c: Option<u64>,
    #[codec(default)]
    d: Vec<u64>,
    e: bool,
}

/// Writes one value.
type WriteValue<'a> = &'a dyn Fn(&mut codec::msgpack::MsgpackWriter);

/// A map of `(key, value writer)` entries in the given order.
fn map_of(entries: &[(&str, WriteValue)], long_headers: bool) -> Vec<u8> {
    let mut w = codec::msgpack::MsgpackWriter::new();
    w.write_map_len(entries.len()).unwrap();
    for (key, value) in entries {
        if long_headers {
            // str 8 for a short name: valid, just not the smallest header.
            w.write_raw(&[0xd9, key.len() as u8]);
            w.write_raw(key.as_bytes());
        } else {
            w.write_str(key).unwrap();
        }
        value(&mut w);
    }
    w.into_inner()
}

/// Generated decoders try the members in declaration order first (comparing encoded
/// names) and hand any other key to the general dispatch: every order, with members
/// missing, aliased, under longer headers or among unknown keys, decodes alike.
#[test]
fn members_decode_alike_in_every_order() {
    let a = |w: &mut codec::msgpack::MsgpackWriter| w.write_u64(1);
    let b = |w: &mut codec::msgpack::MsgpackWriter| w.write_str("x").unwrap();
    let c = |w: &mut codec::msgpack::MsgpackWriter| w.write_u64(3);
    let d = |w: &mut codec::msgpack::MsgpackWriter| {
        w.write_array_len(1).unwrap();
        w.write_u64(4)
    };
    let e = |w: &mut codec::msgpack::MsgpackWriter| w.write_bool(true);
    let unknown = |w: &mut codec::msgpack::MsgpackWriter| w.write_nil();
    let members: [(&str, WriteValue); 5] = [("a", &a), ("b", &b), ("c", &c), ("d", &d), ("e", &e)];
    let full = Ordered { a: 1, b: "x".into(), c: Some(3), d: vec![4], e: true };
    // All rotations and reversals, with and without unknown keys around, and headers.
    for rot in 0..5 {
        for reverse in [false, true] {
            let mut order: Vec<_> = members.iter().cycle().skip(rot).take(5).cloned().collect();
            if reverse {
                order.reverse();
            }
            for long in [false, true] {
                assert_eq!(from_slice::<Ordered>(&map_of(&order, long)).unwrap(), full, "{rot} {reverse} {long}");
                let mut wrapped: Vec<(&str, WriteValue)> = vec![("zz", &unknown)];
                wrapped.extend(order.iter().cloned());
                wrapped.push(("yy", &unknown));
                assert_eq!(from_slice::<Ordered>(&map_of(&wrapped, long)).unwrap(), full);
            }
        }
    }
    let v: Ordered = from_slice(&map_of(&[("a", &a), ("bee", &b), ("e", &e)], false)).unwrap();
    assert_eq!(v, Ordered { a: 1, b: "x".into(), c: None, d: vec![], e: true });
    let repeated = map_of(&[("a", &a), ("b", &b), ("a", &a), ("e", &e)], false);
    assert!(from_slice::<Ordered>(&repeated).is_err());
    let last = from_slice_with::<Ordered>(&repeated, &Options::default().duplicate_keys(DuplicateKeys::KeepLast));
    assert_eq!(last.unwrap().a, 1);
    let err = from_slice::<Ordered>(&map_of(&[("a", &a), ("b", &a), ("e", &e)], false)).unwrap_err();
    assert_eq!(err.path(), ".b", "{err}");
    let err = from_slice::<Ordered>(&map_of(&[("a", &a), ("b", &b)], false)).unwrap_err();
    assert!(err.to_string().contains("missing field `e`"), "{err}");
}

#[derive(Codec, Debug, PartialEq)]
struct Inner {
    x: Option<u8>,
    y: Option<u8>,
}

#[derive(Codec, Debug, PartialEq)]
struct Outer {
    inner: Inner,
    y: u8,
}

/// The in-order steps look at the input without reading a key first; they stop at the
/// map's declared length, so a key of the enclosing map that names one of this map's
/// fields stays with the enclosing map.
#[test]
fn in_order_members_stop_at_the_map_length() {
    let bytes = b"\x82\xa5inner\x81\xa1x\x01\xa1y\x02";
    let v: Outer = from_slice(bytes).unwrap();
    assert_eq!(v, Outer { inner: Inner { x: Some(1), y: None }, y: 2 });
    let empty = b"\x82\xa5inner\x80\xa1y\x02";
    assert_eq!(from_slice::<Outer>(empty).unwrap().inner, Inner { x: None, y: None });
    // The string limit holds for keys that name a field too.
    let opts = Options::new().max_string_len(0);
    let err = from_slice_with::<Inner>(b"\x81\xa1x\x01", &opts).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::SizeLimit(_)), "{err}");
    let opts = Options::new().max_string_len(1);
    assert_eq!(from_slice_with::<Inner>(b"\x81\xa1y\x01", &opts).unwrap(), Inner { x: None, y: Some(1) });
}
