//! CBOR (RFC 8949): the Appendix A examples that map to Rust types, decoded and, where
//! preferred serialization applies, encoded byte for byte; the malformed items of
//! Appendix F, each an error at its offset and never a panic; limits, paths, borrowing,
//! derived structs and enums, bignums, tags and every half float.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use codec::cbor::{from_slice, from_slice_with, to_vec, to_vec_with, CborReader, EncodeOptions, Options};
use codec::{Bytes, Codec, Decode, Encode, Error, ErrorKind};

// ---------------------------------------------------------------- helpers

/// Bytes from hex text (spaces ignored), as Appendix A writes them.
fn hex(text: &str) -> Vec<u8> {
    let digits: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    assert!(digits.len().is_multiple_of(2), "odd hex: {text}");
    digits.chunks(2).map(|pair| u8::from_str_radix(std::str::from_utf8(pair).unwrap(), 16).unwrap()).collect()
}

/// `v` encodes to exactly `bytes` (preferred serialization), and `bytes` decode to `v`.
#[track_caller]
fn check<T>(v: T, bytes_hex: &str)
where
    T: Encode + for<'a> Decode<'a> + PartialEq + Debug,
{
    let bytes = hex(bytes_hex);
    assert_eq!(to_vec(&v).unwrap(), bytes, "encoding of {v:?}");
    let back: T = from_slice(&bytes).unwrap_or_else(|e| panic!("decode of {v:?}: {e}"));
    assert_eq!(back, v);
}

/// `bytes` (a form the writer does not choose: indefinite, or not preferred) decode to
/// `v`.
#[track_caller]
fn decodes<T>(bytes_hex: &str, v: T)
where
    T: for<'a> Decode<'a> + PartialEq + Debug,
{
    let bytes = hex(bytes_hex);
    let back: T = from_slice(&bytes).unwrap_or_else(|e| panic!("decode of {bytes_hex}: {e}"));
    assert_eq!(back, v, "{bytes_hex}");
}

#[track_caller]
fn fail<T: for<'a> Decode<'a> + Debug>(bytes: &[u8]) -> Error {
    match from_slice::<T>(bytes) {
        Ok(v) => panic!("expected an error, decoded {v:?}"),
        Err(e) => e,
    }
}

/// A byte string (`#[codec(bytes)]`), owned.
#[derive(Codec, Debug, PartialEq, Clone)]
struct Blob(#[codec(bytes)] Vec<u8>);

// ---------------------------------------------------------------- Appendix A

#[test]
fn appendix_a_integers() {
    check(0u64, "00");
    check(1u64, "01");
    check(10u64, "0a");
    check(23u64, "17");
    check(24u64, "1818");
    check(25u64, "1819");
    check(100u64, "1864");
    check(1000u64, "1903e8");
    check(1000000u64, "1a000f4240");
    check(1000000000000u64, "1b000000e8d4a51000");
    check(18446744073709551615u64, "1bffffffffffffffff");
    check(-1i64, "20");
    check(-10i64, "29");
    check(-100i64, "3863");
    check(-1000i64, "3903e7");
    // Every width of both signs in the narrower types too.
    check(255u8, "18ff");
    check(-128i8, "387f");
    check(i64::MIN, "3b7fffffffffffffff");
    check(-129i16, "3880");
}

#[test]
fn appendix_a_bignums_and_the_edges_of_64_bits() {
    check(18446744073709551616u128, "c249010000000000000000");
    check(-18446744073709551617i128, "c349010000000000000000");
    check(-18446744073709551616i128, "3bffffffffffffffff");
    check(18446744073709551615u128, "1bffffffffffffffff");
    check(u128::MAX, "c250ffffffffffffffffffffffffffffffff");
    check(i128::MIN, "c3507fffffffffffffffffffffffffffffff");
    check(i128::MAX, "c2507fffffffffffffffffffffffffffffff");
    // Leading zeros in a bignum's magnitude are accepted (not preferred, but valid).
    decodes("c249000100000000000000", 1u128 << 56);
    decodes("c24101", 1u128);
    // A bignum that fits 64 bits is the integer it holds, for every integer type.
    decodes("c24105", 5u8);
    decodes("c34100", -1i8);
    decodes("c248ffffffffffffffff", u64::MAX);
    decodes("c3487fffffffffffffff", i64::MIN);
    decodes("c24105", 5.0f64);
    let e = fail::<u8>(&hex("c3410a"));
    assert_eq!(e.to_string(), "number out of range: -11 does not fit in u8 (byte 0)");
    decodes("c240", 0i128);
    // -2^64 does not fit an i64: a range error naming it, at the integer.
    let e = fail::<i64>(&hex("3bffffffffffffffff"));
    assert_eq!(e.to_string(), "number out of range: -18446744073709551616 does not fit in i64 (byte 0)");
    let e = fail::<u64>(&hex("c249010000000000000000"));
    assert_eq!(e.to_string(), "number out of range: 18446744073709551616 does not fit in u64 (byte 0)");
    let e = fail::<u128>(&hex("c349010000000000000000"));
    assert!(matches!(e.kind(), ErrorKind::OutOfRange(_)), "{e}");
    let e = fail::<u128>(&hex("c25101ffffffffffffffffffffffffffffffff"));
    assert_eq!(e.to_string(), "number out of range: a bignum beyond 128 bits does not fit in u128 (byte 0)");
    let e = fail::<i8>(&hex("3880"));
    assert_eq!(e.to_string(), "number out of range: -129 does not fit in i8 (byte 0)");
    let e = fail::<u32>(&hex("20"));
    assert_eq!(e.to_string(), "number out of range: -1 does not fit in u32 (byte 0)");
    // A bignum's content must be a byte string.
    let e = fail::<u128>(&hex("c201"));
    assert!(matches!(e.kind(), ErrorKind::InvalidType { .. }), "{e}");
    assert_eq!(e.offset(), Some(1));
}

#[test]
fn appendix_a_floats() {
    check(0.0f64, "f90000");
    check(-0.0f64, "f98000");
    assert!(from_slice::<f64>(&hex("f98000")).unwrap().is_sign_negative());
    check(1.0f64, "f93c00");
    check(1.1f64, "fb3ff199999999999a");
    check(1.5f64, "f93e00");
    check(65504.0f64, "f97bff");
    check(100000.0f64, "fa47c35000");
    check(3.4028234663852886e38f64, "fa7f7fffff");
    check(1.0e300f64, "fb7e37e43c8800759c");
    check(5.960464477539063e-8f64, "f90001");
    check(0.00006103515625f64, "f90400");
    check(-4.0f64, "f9c400");
    check(-4.1f64, "fbc010666666666666");
    check(f64::INFINITY, "f97c00");
    check(f64::NEG_INFINITY, "f9fc00");
    assert_eq!(to_vec(&f64::NAN).unwrap(), hex("f97e00"));
    assert_eq!(to_vec(&f32::NAN).unwrap(), hex("f97e00"));
    assert!(from_slice::<f64>(&hex("f97e00")).unwrap().is_nan());
    // The wider forms of the same values (not preferred, but read).
    for (h, v) in [
        ("fa7f800000", f64::INFINITY),
        ("faff800000", f64::NEG_INFINITY),
        ("fb7ff0000000000000", f64::INFINITY),
        ("fbfff0000000000000", f64::NEG_INFINITY),
    ] {
        decodes(h, v);
    }
    for h in ["fa7fc00000", "fb7ff8000000000000"] {
        assert!(from_slice::<f64>(&hex(h)).unwrap().is_nan());
        assert!(from_slice::<f32>(&hex(h)).unwrap().is_nan());
    }
    // f32 takes the same shortest forms.
    check(1.5f32, "f93e00");
    check(100000.0f32, "fa47c35000");
    check(0.1f32, "fa3dcccccd");
    // Integers read as floats; a float is not an integer.
    decodes("1903e8", 1000.0f64);
    decodes("3903e7", -1000.0f32);
    let e = fail::<u8>(&hex("f93c00"));
    assert_eq!(e.to_string(), "invalid type: expected u8, found float (byte 0)");
}

/// Every one of the 65,536 half floats reads as the `f64` and `f32` it stands for, and
/// every one that is not NaN is written back as those same three bytes.
#[test]
fn every_half_float_reads_exactly_and_writes_back() {
    for bits in 0..=u16::MAX {
        let mut bytes = vec![0xf9];
        bytes.extend_from_slice(&bits.to_be_bytes());
        let wide: f64 = from_slice(&bytes).unwrap();
        let narrow: f32 = from_slice(&bytes).unwrap();
        let exp = (bits >> 10) & 0x1f;
        let mant = f64::from(bits & 0x3ff);
        let sign = if bits & 0x8000 != 0 { -1.0 } else { 1.0 };
        let expected = match exp {
            0 => sign * mant * 2f64.powi(-24),
            31 if mant == 0.0 => sign * f64::INFINITY,
            31 => f64::NAN,
            e => sign * (1.0 + mant / 1024.0) * 2f64.powi(i32::from(e) - 15),
        };
        if expected.is_nan() {
            assert!(wide.is_nan() && narrow.is_nan(), "{bits:#06x}");
            assert_eq!(to_vec(&wide).unwrap(), hex("f97e00"));
            continue;
        }
        assert_eq!(wide.to_bits(), expected.to_bits(), "{bits:#06x}");
        assert_eq!(f64::from(narrow).to_bits(), expected.to_bits(), "{bits:#06x}");
        assert_eq!(to_vec(&wide).unwrap(), bytes, "{bits:#06x} = {wide}");
        assert_eq!(to_vec(&narrow).unwrap(), bytes, "{bits:#06x} = {narrow}");
    }
}

#[test]
fn appendix_a_simple_values() {
    check(false, "f4");
    check(true, "f5");
    check((), "f6");
    check(None::<u8>, "f6");
    // undefined reads as null wherever null is accepted.
    decodes("f7", None::<u8>);
    decodes("f7", ());
    // Other simple values are an error for a typed decode.
    let e = fail::<Option<bool>>(&hex("f0"));
    assert_eq!(e.to_string(), "invalid type: expected a boolean, found simple value (byte 0)");
    let e = fail::<Option<u8>>(&hex("f8ff"));
    assert_eq!(e.to_string(), "invalid type: expected u8, found simple value (byte 0)");
    let e = fail::<bool>(&hex("f7"));
    assert!(matches!(e.kind(), ErrorKind::InvalidType { .. }));
}

#[test]
fn appendix_a_tags() {
    let instant = UNIX_EPOCH + Duration::from_secs(1363896240);
    decodes("c074323031332d30332d32315432303a30343a30305a", instant);
    check(instant, "c11a514b67b0");
    check(UNIX_EPOCH + Duration::from_millis(1363896240500), "c1fb41d452d9ec200000");
    // Tags a typed decode gives no meaning to are skipped: 23 (base16 hint), 24
    // (embedded CBOR: read as the byte string it holds), 32 (URI).
    decodes("d74401020304", Blob(vec![1, 2, 3, 4]));
    decodes("d818456449455446", Blob(hex("6449455446")));
    decodes("d82076687474703a2f2f7777772e6578616d706c652e636f6d", "http://www.example.com".to_owned());
    // The self-described tag, before the document and before values within it.
    decodes("d9d9f783d9d9f701d8200203", vec![1u8, 2, 3]);
    decodes("d9d9f7c11a514b67b0", instant);
    // Before a map key too.
    decodes("a1d82061610d", BTreeMap::from([("a".to_owned(), 13u8)]));
    // Instants before the epoch, and tag 0 with a fraction and an offset.
    check(UNIX_EPOCH - Duration::from_secs(10), "c129");
    decodes("c0781b323031332d30332d32315432323a30343a30302e352b30323a3030", instant + Duration::from_millis(500));
    // An instant needs tag 0 or 1; bad content is an error at the tag.
    let e = fail::<SystemTime>(&hex("1a514b67b0"));
    assert_eq!(e.to_string(), "invalid type: expected a date/time (tag 0 or tag 1), found integer (byte 0)");
    let e = fail::<SystemTime>(&hex("c06474657874"));
    assert_eq!(e.offset(), Some(0));
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)), "{e}");
    let e = fail::<SystemTime>(&hex("c1f97e00"));
    assert_eq!(e.offset(), Some(0));
    // A tag with no content, and an indefinite tag head.
    assert_eq!(fail::<u8>(&hex("c0")).kind(), &ErrorKind::Eof);
    assert!(matches!(fail::<u8>(&hex("df01")).kind(), ErrorKind::Syntax(_)));
}

#[test]
fn appendix_a_strings() {
    check(Blob(Vec::new()), "40");
    check(Blob(vec![1, 2, 3, 4]), "4401020304");
    check(String::new(), "60");
    check("a".to_owned(), "6161");
    check("IETF".to_owned(), "6449455446");
    check("\"\\".to_owned(), "62225c");
    check("\u{00fc}".to_owned(), "62c3bc");
    check("\u{6c34}".to_owned(), "63e6b0b4");
    check("\u{10151}".to_owned(), "64f0908591");
    check('\u{6c34}', "63e6b0b4");
    // Lengths at each head width.
    for len in [23usize, 24, 255, 256, 65535, 65536] {
        let text = "x".repeat(len);
        let bytes = to_vec(&text).unwrap();
        let head = match len {
            0..=23 => 1,
            24..=255 => 2,
            256..=65535 => 3,
            _ => 5,
        };
        assert_eq!(bytes.len(), head + len, "{len}");
        assert_eq!(from_slice::<String>(&bytes).unwrap(), text);
    }
}

#[test]
fn appendix_a_arrays_and_maps() {
    check(Vec::<u8>::new(), "80");
    check(vec![1u8, 2, 3], "83010203");
    check((1u8, vec![2u8, 3], vec![4u8, 5]), "8301820203820405");
    check((1..=25).collect::<Vec<u8>>(), "98190102030405060708090a0b0c0d0e0f101112131415161718181819");
    check(BTreeMap::<u8, u8>::new(), "a0");
    check(BTreeMap::from([(1u8, 2u8), (3, 4)]), "a201020304");
    #[derive(Codec, Debug, PartialEq)]
    struct AB {
        a: u8,
        b: Vec<u8>,
    }
    check(AB { a: 1, b: vec![2, 3] }, "a26161016162820203");
    check(("a".to_owned(), BTreeMap::from([("b".to_owned(), "c".to_owned())])), "826161a161626163");
    let five: BTreeMap<String, String> =
        ["a", "b", "c", "d", "e"].iter().map(|k| (k.to_string(), k.to_uppercase())).collect();
    check(five, "a56161614161626142616361436164614461656145");
}

#[test]
fn appendix_a_indefinite_lengths() {
    decodes("5f42010243030405ff", Blob(vec![1, 2, 3, 4, 5]));
    decodes("7f657374726561646d696e67ff", "streaming".to_owned());
    decodes("5fff", Blob(vec![]));
    decodes("7fff", String::new());
    decodes("9fff", Vec::<u8>::new());
    type Nested = (u8, Vec<u8>, Vec<u8>);
    let nested: Nested = (1, vec![2, 3], vec![4, 5]);
    for h in ["9f018202039f0405ffff", "9f01820203820405ff", "83018202039f0405ff", "83019f0203ff820405"] {
        decodes(h, nested.clone());
    }
    decodes("9f0102030405060708090a0b0c0d0e0f101112131415161718181819ff", (1..=25).collect::<Vec<u8>>());
    #[derive(Codec, Debug, PartialEq)]
    struct AB {
        a: u8,
        b: Vec<u8>,
    }
    decodes("bf61610161629f0203ffff", AB { a: 1, b: vec![2, 3] });
    decodes("826161bf61626163ff", ("a".to_owned(), BTreeMap::from([("b".to_owned(), "c".to_owned())])));
    #[derive(Codec, Debug, PartialEq)]
    #[codec(rename_all = "PascalCase")]
    struct FunAmt {
        fun: bool,
        amt: i8,
    }
    decodes("bf6346756ef563416d7421ff", FunAmt { fun: true, amt: -2 });
    // Members out of order, unknown ones skipped, in an indefinite map.
    decodes("bf63416d742163787878f66346756ef5ff", FunAmt { fun: true, amt: -2 });
    decodes("bf63416d7421ff", BTreeMap::from([("Amt".to_owned(), -2i8)]));
    // A fixed-length array read from an indefinite one: its count is checked at the end.
    decodes("9f0102ff", [1u8, 2]);
    let e = fail::<[u8; 2]>(&hex("9f01ff"));
    assert_eq!(e.to_string(), "invalid value: expected an array of 2 to 2 elements, found 1 (byte 2)");
    let e = fail::<[u8; 2]>(&hex("9f010203ff"));
    assert_eq!(e.to_string(), "invalid value: expected an array of 2 elements, found more (byte 3)");
}

// ---------------------------------------------------------------- Appendix F

/// Each malformed item of RFC 8949 Appendix F: an error, at the expected offset, from a
/// typed decode and from `skip_value`, never a panic.
#[test]
fn appendix_f_malformed_items_are_errors_at_their_offset() {
    // (hex, offset of the error; `None` for the end of input, an `Eof`)
    let cases: &[(&str, Option<usize>)] = &[
        // End of input in a head.
        ("18", None),
        ("19", None),
        ("1a", None),
        ("1b", None),
        ("1901", None),
        ("1a0102", None),
        ("1b01020304050607", None),
        ("38", None),
        ("58", None),
        ("78", None),
        ("98", None),
        ("9a01ff00", None),
        ("b8", None),
        ("d8", None),
        ("f8", None),
        ("f900", None),
        ("fa0000", None),
        ("fb000000", None),
        // Definite-length strings with short data.
        ("41", None),
        ("61", None),
        ("5affffffff00", None),
        ("5bffffffffffffffff010203", None),
        ("7affffffff00", None),
        ("7b7fffffffffffffff010203", None),
        // Definite-length maps and arrays not closed with enough items.
        ("81", None),
        ("818181818181818181", None),
        ("8200", None),
        ("a1", None),
        ("a20102", None),
        ("a100", None),
        ("a2000000", None),
        // Tag number not followed by tag content.
        ("c0", None),
        // Indefinite-length strings not closed by a break.
        ("5f4100", None),
        ("7f6100", None),
        // Indefinite-length maps and arrays not closed by a break.
        ("9f", None),
        ("9f0102", None),
        ("bf", None),
        ("bf01020102", None),
        ("819f", None),
        ("9f8000", None),
        ("9f9f9f9f9fffffffff", None),
        ("9f819f819f9fffffff", None),
        // Reserved additional information.
        ("1c", Some(0)),
        ("1d", Some(0)),
        ("1e", Some(0)),
        ("3c", Some(0)),
        ("3d", Some(0)),
        ("3e", Some(0)),
        ("5c", Some(0)),
        ("5d", Some(0)),
        ("5e", Some(0)),
        ("7c", Some(0)),
        ("7d", Some(0)),
        ("7e", Some(0)),
        ("9c", Some(0)),
        ("9d", Some(0)),
        ("9e", Some(0)),
        ("bc", Some(0)),
        ("bd", Some(0)),
        ("be", Some(0)),
        ("dc", Some(0)),
        ("dd", Some(0)),
        ("de", Some(0)),
        ("fc", Some(0)),
        ("fd", Some(0)),
        ("fe", Some(0)),
        // Reserved two-byte encodings of simple values.
        ("f800", Some(0)),
        ("f801", Some(0)),
        ("f818", Some(0)),
        ("f81f", Some(0)),
        // Indefinite-length string chunks not of the right type.
        ("5f00ff", Some(1)),
        ("5f21ff", Some(1)),
        ("5f6100ff", Some(1)),
        ("5f80ff", Some(1)),
        ("5fa0ff", Some(1)),
        ("5fc000ff", Some(1)),
        ("5fe0ff", Some(1)),
        ("7f4100ff", Some(1)),
        // Indefinite-length string chunks not of definite length.
        ("5f5f4100ffff", Some(1)),
        ("7f7f6100ffff", Some(1)),
        // A break on its own, outside an indefinite-length item.
        ("ff", Some(0)),
        // A break in a definite-length array or map, or a tag.
        ("81ff", Some(1)),
        ("8200ff", Some(2)),
        ("a1ff", Some(1)),
        ("a1ff00", Some(1)),
        ("a100ff", Some(2)),
        ("a20000ff", Some(3)),
        ("9f81ff", Some(2)),
        ("9f829f819f9fffffffff", Some(9)),
        ("c0ff", Some(1)),
        // A break in a value position of an indefinite-length map.
        ("bf00ff", Some(2)),
        ("bf000000ff", Some(4)),
        // Major types 0, 1 and 6 with additional information 31.
        ("1f", Some(0)),
        ("3f", Some(0)),
        ("df", Some(0)),
    ];
    for &(h, offset) in cases {
        let bytes = hex(h);
        let expected = offset.unwrap_or(bytes.len());
        let skipped = CborReader::new(&bytes).skip_value();
        let e = skipped.expect_err(h);
        assert_eq!(e.offset(), Some(expected), "skip_value of {h}: {e}");
        match offset {
            None => assert_eq!(e.kind(), &ErrorKind::Eof, "{h}: {e}"),
            Some(_) => assert!(matches!(e.kind(), ErrorKind::Syntax(_)), "{h}: {e}"),
        }
        // Typed decodes of several shapes: the input's fault comes first.
        for e in [
            from_slice::<codec::msgpack::Value>(&bytes).map(drop).unwrap_err(),
            from_slice::<Vec<Vec<u8>>>(&bytes).map(drop).unwrap_err(),
            from_slice::<String>(&bytes).map(drop).unwrap_err(),
            from_slice::<BTreeMap<u8, Option<u8>>>(&bytes).map(drop).unwrap_err(),
        ] {
            assert_eq!(e.offset(), Some(expected), "typed decode of {h}: {e}");
        }
    }
}

#[test]
fn text_must_be_utf8_chunk_by_chunk() {
    let e = fail::<String>(&hex("62c328"));
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::InvalidUtf8, Some(1)));
    // A chunk boundary inside a character: each chunk must be valid on its own.
    let e = fail::<String>(&hex("7f61c361bcff"));
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::InvalidUtf8, Some(2)));
    decodes("7f62c3bc6161ff", "\u{fc}a".to_owned());
    // Keys too, and skipped values.
    let e = fail::<BTreeMap<String, u8>>(&hex("a161ff01"));
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::InvalidUtf8, Some(2)));
    #[derive(Codec, Debug)]
    struct A {
        #[allow(dead_code)]
        a: u8,
    }
    let e = fail::<A>(&hex("a2616101617862ffff"));
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::InvalidUtf8, Some(7)));
}

#[test]
fn long_and_chunked_text_is_checked_once_and_errors_keep_their_offset() {
    // Longer than 255 bytes: past the short-text fast path, through the general one.
    let text = "\u{e9}t\u{e9} ".repeat(50);
    let mut bytes = vec![0x79, 0x01, 0x2c];
    bytes.extend_from_slice(text.as_bytes());
    assert_eq!(bytes.len(), 3 + 300);
    let cow: Cow<str> = from_slice(&bytes).unwrap();
    assert!(matches!(cow, Cow::Borrowed(s) if s == text));
    // A bad byte near the end is an error at its own offset, never an empty string.
    bytes[3 + 290] = 0xff;
    for e in [fail::<String>(&bytes), from_slice::<Cow<str>>(&bytes).unwrap_err()] {
        assert_eq!((e.kind(), e.offset()), (&ErrorKind::InvalidUtf8, Some(3 + 290)), "{e}");
    }
    let e = fail::<(u8, String)>(&[&[0x82, 0x01][..], &bytes].concat());
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::InvalidUtf8, Some(2 + 3 + 290)), "{e}");
    // Chunked keys, one after another, join in the reader's buffer and each matches its
    // field; a bad chunk of the second is an error at that chunk's byte.
    #[derive(Codec, Debug, PartialEq)]
    struct Two {
        alpha: u8,
        beta: u8,
    }
    let ok = hex("a27f616c63706861ff017f626265627461ff02");
    let e = fail::<Two>(&ok);
    assert_eq!(e.kind(), &ErrorKind::MissingField("alpha"), "{e}");
    let ok = hex("a27f62616c63706861ff017f626265627461ff02");
    assert_eq!(from_slice::<Two>(&ok).unwrap(), Two { alpha: 1, beta: 2 });
    let bad = hex("a27f62616c63706861ff017f62626562ff61ff02");
    let e = fail::<Two>(&bad);
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::InvalidUtf8, Some(16)), "{e}");
    // The chunks of a skipped (unknown) member's text are checked too.
    let e = fail::<Two>(&hex("a1617a7f616161ffff"));
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::InvalidUtf8, Some(7)), "{e}");
}

// ---------------------------------------------------------------- borrowing

#[test]
fn definite_strings_borrow_and_indefinite_ones_are_owned() {
    let bytes = hex("826161436b6579");
    let (text, raw): (&str, Bytes) = from_slice(&bytes).unwrap();
    assert_eq!(text, "a");
    assert!(matches!(raw.0, Cow::Borrowed(b"key")));
    #[derive(Codec, Debug)]
    struct Raw<'a>(#[codec(bytes)] &'a [u8]);
    assert_eq!(from_slice::<Raw>(&hex("43010203")).unwrap().0, [1, 2, 3]);
    let (definite, chunked, chunked_bytes) = (hex("6161"), hex("7f657374726561646d696e67ff"), hex("5f4101ff"));
    let cow: Cow<str> = from_slice(&definite).unwrap();
    assert!(matches!(cow, Cow::Borrowed("a")));
    let cow: Cow<str> = from_slice(&chunked).unwrap();
    assert!(matches!(cow, Cow::Owned(ref s) if s == "streaming"));
    let bytes: Bytes = from_slice(&chunked_bytes).unwrap();
    assert!(matches!(bytes.0, Cow::Owned(ref v) if v == &[1]));
    // Borrowing an indefinite string is a clear error.
    let e = from_slice::<&str>(&chunked).unwrap_err();
    assert_eq!(e.offset(), Some(0));
    assert!(e.to_string().contains("indefinite-length string cannot be borrowed"), "{e}");
    let e = from_slice::<Raw>(&hex("5f4101ff")).unwrap_err();
    assert!(e.to_string().contains("use Vec<u8>, Cow<[u8]> or codec::Bytes"), "{e}");
    let map = hex("bf7f6161ff01ff");
    let e = from_slice::<BTreeMap<&str, u8>>(&map).unwrap_err();
    assert!(e.to_string().contains("cannot be borrowed"), "{e}");
    let m: BTreeMap<String, u8> = from_slice(&hex("bf7f6161ff01ff")).unwrap();
    assert_eq!(m["a"], 1);
}

// ---------------------------------------------------------------- limits and errors

#[test]
fn limits() {
    // Depth.
    let mut deep = vec![0x81; 200];
    deep.push(0x01);
    let e = CborReader::new(&deep).skip_value().unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::DepthLimit(128));
    let e = from_slice_with::<Vec<Vec<u8>>>(&hex("818101"), &Options::new().max_depth(1)).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::DepthLimit(1), Some(1)));
    let mut deep_indefinite = vec![0x9f; 10_000];
    deep_indefinite.extend(vec![0xff; 10_000]);
    assert_eq!(CborReader::new(&deep_indefinite).skip_value().unwrap_err().kind(), &ErrorKind::DepthLimit(128));
    // String length, definite and chunked.
    let opts = Options::new().max_string_len(3);
    assert!(from_slice_with::<String>(&hex("63616263"), &opts).is_ok());
    let e = from_slice_with::<String>(&hex("6461626364"), &opts).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::SizeLimit(_)), "{e}");
    let e = from_slice_with::<String>(&hex("7f626162626364ff"), &opts).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::SizeLimit(_)), "{e}");
    // Announced lengths past what the input holds allocate nothing and fail at once.
    for h in ["9b7fffffffffffffff00", "bb7fffffffffffffff0000", "9a7fffffff01", "5b7fffffffffffffff00"] {
        let bytes = hex(h);
        let e = from_slice::<Vec<u64>>(&bytes).unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::Eof, "{h}");
        let e = CborReader::new(&bytes).skip_value().unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::Eof, "{h}");
    }
    // Capacity is bounded by the input: 2^16 elements announced, 2^16 bytes present.
    // A count past the input is kept as one more than it can hold: reading fails at its
    // end, having sized nothing from the claim.
    let mut r = CborReader::new(&[0x99, 0xff, 0xff, 0, 0]);
    let n = r.read_array_len().unwrap();
    assert_eq!((n, r.capacity_for(n, 8)), (3, 3));
    assert_eq!(from_slice::<Vec<u8>>(&[0x99, 0xff, 0xff, 0, 0]).unwrap_err().kind(), &ErrorKind::Eof);
    let mut doc = vec![0x99, 0x01, 0x00];
    doc.extend([0u8; 256]);
    let mut r = CborReader::new(&doc);
    let n = r.read_array_len().unwrap();
    assert_eq!((n, r.capacity_for(n, 64)), (256, 32));
    // Duplicate keys.
    let e = fail::<BTreeMap<u8, u8>>(&hex("a201020103"));
    assert!(e.to_string().contains("duplicate"), "{e}");
    // Trailing bytes.
    let e = fail::<u8>(&hex("0101"));
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::TrailingCharacters, Some(1)));
    // Untagged enums re-read within a budget (no exponential work).
    let _ = from_slice::<u8>(&[]).unwrap_err();
}

#[derive(Codec, Debug, PartialEq)]
struct Inner {
    b: Vec<u8>,
}

#[derive(Codec, Debug, PartialEq)]
struct Outer {
    a: Vec<Inner>,
}

#[test]
fn errors_have_paths_and_offsets() {
    // {"a": [{"b": [1]}, {"b": [1, "x"]}]}
    let bytes = hex("a1616182a1616281 01a16162820161 78".replace(' ', "").as_str());
    let e = fail::<Outer>(&bytes);
    assert_eq!(e.to_string(), "invalid type: expected u8, found string at .a[1].b[1] (byte 14)");
    let e = fail::<Outer>(&hex("a1616181a1616380"));
    assert!(e.to_string().contains("missing field `b`"), "{e}");
    let e = fail::<HashMap<u8, Vec<u8>>>(&hex("a10781f4"));
    assert_eq!(e.to_string(), "invalid type: expected u8, found boolean at [\"7\"][0] (byte 3)");
    // Truncated inside: the end of input, with the offset of the end.
    let e = fail::<Outer>(&hex("a1616181a161628201"));
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::Eof, Some(9)));
}

// ---------------------------------------------------------------- map keys

#[test]
fn map_keys_keep_their_type() {
    check(BTreeMap::from([(1u32, "a".to_owned()), (300, "b".to_owned())]), "a201616119012c6162");
    check(BTreeMap::from([(-1i64, true)]), "a120f5");
    check(BTreeMap::from([(false, 1u8)]), "a1f401");
    check(BTreeMap::from([(u128::MAX, 1u8)]), "a1c250ffffffffffffffffffffffffffffffff01");
    check(BTreeMap::from([((1u8, 2u8), 3u8)]), "a182010203");
    let m: HashMap<u16, u8> = from_slice(&hex("a2 01 02 19 0100 03".replace(' ', "").as_str())).unwrap();
    assert_eq!(m, HashMap::from([(1, 2), (256, 3)]));
    // A string key where an integer is expected is a type error at the key.
    let e = fail::<HashMap<u16, u8>>(&hex("a1613101"));
    assert_eq!(e.to_string(), "invalid type: expected u16, found string (byte 1)");
}

#[test]
fn deterministic_encoding_sorts_every_map() {
    #[derive(Codec, Debug, PartialEq)]
    struct S {
        zz: u8,
        a: HashMap<String, u8>,
        bb: u8,
    }
    let value = S { zz: 1, a: HashMap::from([("yy".into(), 1), ("x".into(), 2), ("b".into(), 3)]), bb: 2 };
    let opts = EncodeOptions::new().deterministic(true);
    let bytes = to_vec_with(&value, &opts).unwrap();
    // Keys by their encodings: "a" < "bb" < "zz" (shorter heads first), and inside a:
    // "b" < "x" < "yy".
    assert_eq!(bytes, hex("a3 6161 a3 6162 03 6178 02 627979 01 626262 02 627a7a 01".replace(' ', "").as_str()));
    assert_eq!(from_slice::<S>(&bytes).unwrap(), value);
    // Not deterministic: declaration order.
    assert_eq!(&to_vec(&value).unwrap()[..4], hex("a3627a7a"));
}

// ---------------------------------------------------------------- derived types

#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(rename_all = "camelCase")]
struct Order {
    order_id: u64,
    lines: Vec<Line>,
    #[codec(default, skip_encoding_if = "Option::is_none")]
    note: Option<String>,
    state: State,
    #[codec(bytes)]
    digest: Vec<u8>,
    at: SystemTime,
    weight: f32,
}

#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(tag = "kind")]
enum Line {
    Item { sku: String, qty: u32 },
    Discount { percent: u8 },
}

#[derive(Codec, Debug, PartialEq, Clone, Copy, PartialOrd, Ord, Eq)]
enum State {
    Open,
    Shipped,
}

#[derive(Codec, Debug, PartialEq, Clone)]
enum Shape {
    Unit,
    Newtype(i32),
    Tuple(u8, String),
    Struct { w: u16, h: u16 },
}

#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(untagged)]
enum Either {
    Num(i64),
    Text(String),
    List(Vec<Either>),
}

#[derive(Codec, Debug, PartialEq, Clone)]
#[codec(tag = "t", content = "c")]
enum Adjacent {
    A(u8),
    B { x: bool },
}

#[derive(Codec, Debug, PartialEq, Clone)]
enum Numbered {
    #[codec(rename = 7)]
    Seven,
    #[codec(rename = 300)]
    Big(u8),
}

#[test]
fn derived_structs_and_enums_round_trip() {
    let order = Order {
        order_id: 42,
        lines: vec![Line::Item { sku: "ab".into(), qty: 2 }, Line::Discount { percent: 5 }],
        note: None,
        state: State::Shipped,
        digest: vec![0xde, 0xad],
        at: UNIX_EPOCH + Duration::from_secs(1_700_000_000),
        weight: 1.5,
    };
    let bytes = to_vec(&order).unwrap();
    assert_eq!(from_slice::<Order>(&bytes).unwrap(), order);
    // The skipped member leaves a map of 6, patched into the one-byte head.
    assert_eq!(bytes[0], 0xa6);
    let with_note = Order { note: Some("n".into()), ..order.clone() };
    let bytes = to_vec(&with_note).unwrap();
    assert_eq!(bytes[0], 0xa7);
    assert_eq!(from_slice::<Order>(&bytes).unwrap(), with_note);
    assert_eq!(
        &to_vec(&Line::Discount { percent: 5 }).unwrap(),
        &hex("a2646b696e6468446973636f756e74677065726365 6e7405".replace(' ', "").as_str())
    );

    check(Shape::Unit, "64556e6974");
    check(Shape::Newtype(-2), "a1674e65777479706521");
    check(Shape::Tuple(1, "x".into()), "a165547570 6c6582016178".replace(' ', "").as_str());
    check(Shape::Struct { w: 1, h: 2 }, "a166537472756374a2617701616802");
    for v in [Either::Num(-5), Either::Text("t".into()), Either::List(vec![Either::Num(1), Either::Text("u".into())])] {
        let bytes = to_vec(&v).unwrap();
        assert_eq!(from_slice::<Either>(&bytes).unwrap(), v);
    }
    for v in [Adjacent::A(3), Adjacent::B { x: true }] {
        let bytes = to_vec(&v).unwrap();
        assert_eq!(from_slice::<Adjacent>(&bytes).unwrap(), v);
    }
    // Integer names are integers in CBOR, as keys and as values.
    check(Numbered::Seven, "07");
    check(Numbered::Big(1), "a119012c01");
    let e = fail::<Numbered>(&hex("08"));
    assert_eq!(e.to_string(), "unknown variant `8`, expected one of `7`, `300` (byte 0)");
    let e = fail::<Shape>(&hex("66537175617265"));
    assert!(e.to_string().starts_with("unknown variant `Square`"), "{e}");
}

#[test]
fn a_struct_of_more_than_23_members_widens_its_head() {
    #[derive(Codec, Debug, PartialEq, Default)]
    struct Wide {
        #[codec(skip_encoding_if = "Option::is_none", default)]
        m0: Option<u8>,
        m1: u8,
        m2: u8,
        m3: u8,
        m4: u8,
        m5: u8,
        m6: u8,
        m7: u8,
        m8: u8,
        m9: u8,
        m10: u8,
        m11: u8,
        m12: u8,
        m13: u8,
        m14: u8,
        m15: u8,
        m16: u8,
        m17: u8,
        m18: u8,
        m19: u8,
        m20: u8,
        m21: u8,
        m22: u8,
        m23: u8,
        m24: u8,
    }
    let v = Wide { m0: Some(9), m24: 24, ..Default::default() };
    let bytes = to_vec(&v).unwrap();
    assert_eq!(&bytes[..5], hex("b819626d30"));
    assert_eq!(from_slice::<Wide>(&bytes).unwrap(), v);
    let v = Wide { m0: None, ..v };
    let bytes = to_vec(&v).unwrap();
    assert_eq!(&bytes[..5], hex("b81862 6d31".replace(' ', "").as_str()));
    assert_eq!(from_slice::<Wide>(&bytes).unwrap(), v);
}

#[test]
fn to_writer_writes_what_to_vec_does() {
    let v: Vec<String> = (0..20_000).map(|i| format!("value {i}")).collect();
    let mut out = Vec::new();
    codec::cbor::to_writer(&mut out, &v).unwrap();
    assert_eq!(out, to_vec(&v).unwrap());
}

// ---------------------------------------------------------------- never a panic

/// Every prefix and every one-byte corruption of a document that exercises every form:
/// an error or a value, never a panic.
#[test]
fn truncated_and_corrupted_input_never_panics() {
    let order = Order {
        order_id: u64::MAX,
        lines: vec![Line::Item { sku: "\u{6c34}".into(), qty: 70000 }],
        note: Some("note".into()),
        state: State::Open,
        digest: vec![1; 30],
        at: UNIX_EPOCH + Duration::from_nanos(1_500_000_000),
        weight: 0.1,
    };
    let mut docs = vec![to_vec(&order).unwrap()];
    docs.push(hex("bf61610161629f0203ffff"));
    docs.push(hex("9f018202039f0405ffff7f657374726561646d696e67ff5f42010243030405ff"));
    for doc in &docs {
        for len in 0..doc.len() {
            let cut = &doc[..len];
            let r = catch_unwind(AssertUnwindSafe(|| {
                let _ = from_slice::<Order>(cut);
                let _ = from_slice::<codec::msgpack::Value>(cut);
                let _ = CborReader::new(cut).skip_value();
            }));
            assert!(r.is_ok(), "panic on a prefix of {len} bytes");
            assert!(from_slice::<Order>(cut).is_err());
        }
        for i in 0..doc.len() {
            for b in [0x00, 0x18, 0x1b, 0x1f, 0x3b, 0x5f, 0x7f, 0x9f, 0xbf, 0xc2, 0xdb, 0xf8, 0xf9, 0xfb, 0xff] {
                let mut bad = doc.clone();
                bad[i] = b;
                let r = catch_unwind(AssertUnwindSafe(|| {
                    let _ = from_slice::<Order>(&bad);
                    let _ = from_slice::<codec::msgpack::Value>(&bad);
                    let _ = CborReader::new(&bad).skip_value();
                }));
                assert!(r.is_ok(), "panic with byte {i} set to {b:#04x}");
            }
        }
    }
}

/// The serde bridge (one `Serializer` and one `Deserializer` over any format): a serde
/// type in CBOR, the bytes ciborium writes, indefinite lengths counted ahead for the
/// deserializer.
#[test]
fn serde_compat_round_trips_in_cbor() {
    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Theirs {
        x: u8,
        list: Vec<u16>,
        names: BTreeMap<String, bool>,
    }
    let expected = Theirs { x: 1, list: vec![2, 300], names: BTreeMap::from([("a".into(), true)]) };
    let definite = hex("a3617801646c6973748202 19012c 656e616d6573a16161f5".replace(' ', "").as_str());
    let decoded: codec::serde::Compat<Theirs> = from_slice(&definite).unwrap();
    assert_eq!(decoded.0, expected);
    let indefinite = hex("bf617801646c6973749f0219012cff656e616d6573bf6161f5ffff".replace(' ', "").as_str());
    let decoded: codec::serde::Compat<Theirs> = from_slice(&indefinite).unwrap();
    assert_eq!(decoded.0, expected);
    let e = from_slice::<codec::serde::Compat<Theirs>>(&hex("bf617801646c6973749f0219012cff")).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::Eof);
    let bytes = to_vec(&codec::serde::Compat(&expected)).unwrap();
    assert_eq!(bytes, definite);
    let mut theirs = Vec::new();
    ciborium::into_writer(&expected, &mut theirs).unwrap();
    assert_eq!(bytes, theirs);
}

// ---------------------------------------------------------------- capabilities

/// What CBOR shares with MessagePack through the capability constants: raw JSON goes as
/// the value it holds (`JSON_TEXT` is false), a dynamic value's bytes, typed keys and
/// non-finite floats are CBOR's own (`NATIVE_BYTES`, `TYPED_KEYS`).
#[test]
fn raw_json_and_dynamic_values_take_the_binary_forms() {
    let raw = codec::json::RawJson::new(r#"{"a": [1, 2.5]}"#).unwrap();
    assert_eq!(to_vec(&raw).unwrap(), hex("a1616182 01 f94100".replace(' ', "").as_str()));
    let e = from_slice::<codec::json::RawJson>(&hex("01")).unwrap_err();
    assert!(e.to_string().contains("no JSON text to borrow"), "{e}");

    use codec::msgpack::Value;
    let value = Value::Map(codec::msgpack::Map::from_iter([
        (Value::from(1u8), Value::Binary(vec![1, 2])),
        (Value::from("f"), Value::F64(f64::NEG_INFINITY)),
        (Value::Bool(true), Value::Array(vec![Value::Nil, Value::from(-3i8)])),
    ]));
    let bytes = to_vec(&value).unwrap();
    assert_eq!(bytes, hex("a3 01 420102 6166 f9fc00 f5 82f622".replace(' ', "").as_str()));
    assert_eq!(from_slice::<Value>(&bytes).unwrap(), value);
    // Extensions are MessagePack's own: an error in CBOR.
    assert!(to_vec(&Value::Ext(1, vec![0])).is_err());
}

// ---------------------------------------------------------------- fuzz regressions

/// cbor_decode found (crash-5ffb1345...): an adjacently tagged enum whose tag names no
/// variant took its `other` variant from a tag whose text was not UTF-8 (the string token
/// was not checked). The input must be an input error at the bad byte, as `skip_value`
/// says.
#[test]
fn a_tag_that_names_no_variant_is_still_checked_text() {
    #[derive(Codec, Debug, PartialEq)]
    #[codec(tag = "t", content = "c")]
    enum Msg {
        Ping,
        #[codec(other)]
        Unknown,
    }
    let bytes = hex("a4616101636265656776657273696f6e046361 6e796174 65645f6279f6".replace(' ', "").as_str());
    assert_eq!(CborReader::new(&bytes).skip_value().unwrap_err().offset(), Some(28));
    let e = fail::<Msg>(&bytes);
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::InvalidUtf8, Some(28)));
    // The same tag as valid text is the `other` variant.
    assert_eq!(from_slice::<Msg>(&hex("a161746178")).unwrap(), Msg::Unknown);
    let e = fail::<Msg>(&hex("a1617461ff"));
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::InvalidUtf8, Some(4)));
}

/// An indefinite-length array announces no count, though CBOR announces them elsewhere:
/// a bounded collection checks its capacity element by element (it was an `ArrayVec`
/// panic).
#[test]
fn bounded_collections_check_indefinite_arrays() {
    let v: arrayvec::ArrayVec<u8, 2> = from_slice(&hex("9f0102ff")).unwrap();
    assert_eq!(v.as_slice(), [1, 2]);
    let e = fail::<arrayvec::ArrayVec<u8, 2>>(&hex("9f010203ff"));
    assert_eq!(e.offset(), Some(3));
    let e = fail::<arrayvec::ArrayVec<u8, 2>>(&hex("83010203"));
    assert_eq!(e.offset(), Some(0));
}
