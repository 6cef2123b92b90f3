//! The README's **Types.** paragraph, claim by claim: each test is named after what it
//! proves and quotes the sentence it checks, so a claim that stops being true fails here by
//! name. Every listed type round-trips in both formats; the byte-string rule is checked
//! form by form (and against serde_json where the README says "as serde_json"); and the
//! README's `Upload` example is run in MessagePack and, as far as the rule allows, in JSON.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::fmt::Debug;
use std::marker::PhantomData;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use codec::{Bytes, Codec, Decode, Encode, ErrorKind};

/// `value` survives both formats, and its JSON text is `json`.
#[track_caller]
fn both<T>(value: T, json: &str)
where
    T: Encode + for<'de> Decode<'de> + PartialEq + Debug,
{
    assert_eq!(codec::json::to_string(&value).unwrap(), json, "JSON of {value:?}");
    let back: T = codec::json::from_str(json).unwrap_or_else(|e| panic!("JSON decode of {json}: {e}"));
    assert_eq!(back, value, "JSON round trip of {json}");
    let packed = codec::msgpack::to_vec(&value).unwrap();
    let back: T =
        codec::msgpack::from_slice(&packed).unwrap_or_else(|e| panic!("MessagePack decode of {value:?}: {e}"));
    assert_eq!(back, value, "MessagePack round trip");
}

/// `value` survives both formats (for borrowing types, whose decode is tied to the input).
macro_rules! both_borrowed {
    ($ty:ty, $value:expr, $json:expr) => {{
        let value: $ty = $value;
        let json: &str = $json;
        assert_eq!(codec::json::to_string(&value).unwrap(), json);
        assert_eq!(codec::json::from_str::<$ty>(json).unwrap(), value);
        let packed = codec::msgpack::to_vec(&value).unwrap();
        assert_eq!(codec::msgpack::from_slice::<$ty>(&packed).unwrap(), value);
    }};
}

/// "All integers (`i8`..`i128`, `u8`..`u128`, `isize`, `usize`)"
#[test]
fn every_integer_width_round_trips_at_its_extremes() {
    macro_rules! extremes {
        ($($t:ident)*) => {$(
            both::<$t>($t::MIN, &$t::MIN.to_string());
            both::<$t>($t::MAX, &$t::MAX.to_string());
            both::<$t>(0, "0");
        )*};
    }
    extremes!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);
}

/// "`f32`/`f64` (parsed correctly rounded, ...)": decimal texts chosen to be hard (17 to 25
/// significant digits, halfway cases, the subnormal range, the largest values) parse to
/// the same bits as the standard library's correctly rounded `str::parse`.
#[test]
fn floats_parse_correctly_rounded() {
    let mut texts: Vec<String> = [
        "0.1",
        "2.2250738585072011e-308",
        "2.2250738585072014e-308",
        "4.9406564584124654e-324",
        "2.4703282292062327e-324",
        "2.4703282292062328e-324",
        "1.7976931348623157e308",
        "9007199254740993",
        "9007199254740992.5000000000000000001",
        "0.30000000000000004",
        "1e23",
        "8.988465674311580536566680e307",
        "3.4028235e38",
        "1.17549435e-38",
        "1.4e-45",
    ]
    .map(String::from)
    .into();
    // Pseudo-random long mantissas and exponents across the whole range.
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..5000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let digits = 17 + (state % 9) as usize;
        let mantissa: String = (0..digits).map(|i| char::from(b'0' + ((state >> (i * 2)) % 10) as u8)).collect();
        let exponent = (state >> 40) as i64 % 630 - 330;
        texts.push(format!("{}.{}e{exponent}", &mantissa[..1], &mantissa[1..]));
    }
    for text in &texts {
        let ours: f64 = codec::json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let exact: f64 = text.parse().unwrap();
        assert_eq!(ours.to_bits(), exact.to_bits(), "f64 {text}");
        if exact.is_finite() && exact.abs() < f32::MAX as f64 {
            let ours: f32 = codec::json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let exact: f32 = text.parse().unwrap();
            assert_eq!(ours.to_bits(), exact.to_bits(), "f32 {text}");
        }
    }
}

/// The significant digits of a decimal text, without sign, point, exponent or padding zeros.
fn significant_digits(text: &str) -> String {
    let mantissa = text.split(['e', 'E']).next().unwrap();
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    digits.trim_start_matches('0').trim_end_matches('0').to_owned()
}

/// "... written in shortest round-trip form": the text parses back to the same bits and has
/// exactly as many significant digits as ryu's shortest form, in JSON; MessagePack keeps
/// the bits.
#[test]
fn floats_are_written_in_shortest_round_trip_form() {
    let mut values = vec![0.1, 1.0 / 3.0, 5e-324, f64::MAX, f64::MIN_POSITIVE, 1e23, -2.5, 123456789.125, 1e-7];
    let mut state = 0x0123_4567_89AB_CDEFu64;
    for _ in 0..5000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let v = f64::from_bits(state);
        if v.is_finite() {
            values.push(v);
        }
    }
    for v in values {
        let text = codec::json::to_string(&v).unwrap();
        assert_eq!(text.parse::<f64>().unwrap().to_bits(), v.to_bits(), "{v:e} wrote {text}");
        let shortest = ryu::Buffer::new().format_finite(v).to_owned();
        assert_eq!(significant_digits(&text), significant_digits(&shortest), "{v:e}: {text} vs {shortest}");
        let back: f64 = codec::msgpack::from_slice(&codec::msgpack::to_vec(&v).unwrap()).unwrap();
        assert_eq!(back.to_bits(), v.to_bits());

        let f = v as f32;
        if f.is_finite() {
            let text = codec::json::to_string(&f).unwrap();
            assert_eq!(text.parse::<f32>().unwrap().to_bits(), f.to_bits(), "{f:e} wrote {text}");
            let shortest = ryu::Buffer::new().format_finite(f).to_owned();
            assert_eq!(significant_digits(&text), significant_digits(&shortest), "{f:e}: {text} vs {shortest}");
        }
    }
}

/// "`bool`, `char`, `String`, `&str`, `Cow<str>`"
#[test]
fn bool_char_and_the_string_types_round_trip() {
    both(true, "true");
    both(false, "false");
    both('é', "\"é\"");
    both(String::from("a\"b"), r#""a\"b""#);
    both_borrowed!(&str, "plain", "\"plain\"");
    both_borrowed!(Cow<str>, Cow::Borrowed("plain"), "\"plain\"");
    // `&str` and `Cow<str>` borrow from the input when they can.
    let input = r#""plain""#;
    let s: &str = codec::json::from_str(input).unwrap();
    assert!(input.as_bytes().as_ptr_range().contains(&s.as_ptr()));
    assert!(matches!(codec::json::from_str::<Cow<str>>(input).unwrap(), Cow::Borrowed("plain")));
    assert!(matches!(codec::json::from_str::<Cow<str>>(r#""a\nb""#).unwrap(), Cow::Owned(ref s) if s == "a\nb"));
}

/// "`Box`/`Rc`/`Arc`, `Option`, `Vec`, `VecDeque`, `[T; N]`, tuples up to 16, `()`,
/// `PhantomData`"
#[test]
fn pointers_options_sequences_tuples_and_unit_round_trip() {
    both(Box::new(1u8), "1");
    both(Rc::new(String::from("r")), "\"r\"");
    both(Arc::new(-1i32), "-1");
    both::<Box<str>>("b".into(), "\"b\"");
    both::<Arc<str>>("a".into(), "\"a\"");
    both(Some(3u8), "3");
    both(None::<u8>, "null");
    both(vec![1u16, 2], "[1,2]");
    both(VecDeque::from([true, false]), "[true,false]");
    both([1i8, -1, 0], "[1,-1,0]");
    both((1u8, String::from("x")), r#"[1,"x"]"#);
    // Sixteen: std compares and prints tuples only up to twelve, so compare encodings.
    type Sixteen = (u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, String);
    let sixteen: Sixteen = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, "16".into());
    let json = codec::json::to_string(&sixteen).unwrap();
    assert_eq!(json, r#"[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,"16"]"#);
    assert_eq!(codec::json::to_string(&codec::json::from_str::<Sixteen>(&json).unwrap()).unwrap(), json);
    let packed = codec::msgpack::to_vec(&sixteen).unwrap();
    assert_eq!(codec::msgpack::to_vec(&codec::msgpack::from_slice::<Sixteen>(&packed).unwrap()).unwrap(), packed);
    both((), "null");
    both(PhantomData::<String>, "null");
}

/// "`HashMap`/`BTreeMap`/`HashSet`/`BTreeSet`"
#[test]
fn maps_and_sets_round_trip() {
    both(BTreeMap::from([(String::from("a"), 1u8), (String::from("b"), 2)]), r#"{"a":1,"b":2}"#);
    both(HashMap::from([(String::from("k"), vec![1u8])]), r#"{"k":[1]}"#);
    both(BTreeSet::from([3u8, 1, 2]), "[1,2,3]");
    both(HashSet::from([7i16]), "[7]");
}

#[derive(Codec, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Clone, Copy)]
enum Color {
    Red,
    Green,
}

/// "Map keys are strings, integers, `bool`, `char` or enums of unit variants, all written as
/// JSON strings." (MessagePack keeps a key's own type.)
#[test]
fn map_keys_of_every_listed_kind_are_json_strings() {
    both(BTreeMap::from([(String::from("s"), 0u8)]), r#"{"s":0}"#);
    both(BTreeMap::from([(-7i64, 0u8), (300, 1)]), r#"{"-7":0,"300":1}"#);
    both(BTreeMap::from([(u128::MAX, 0u8)]), &format!(r#"{{"{}":0}}"#, u128::MAX));
    both(BTreeMap::from([(false, 0u8), (true, 1)]), r#"{"false":0,"true":1}"#);
    both(BTreeMap::from([('c', 0u8)]), r#"{"c":0}"#);
    both(BTreeMap::from([(Color::Red, 0u8), (Color::Green, 1)]), r#"{"Red":0,"Green":1}"#);
    both_borrowed!(BTreeMap<&str, u8>, BTreeMap::from([("b", 0u8)]), r#"{"b":0}"#);
    // An integer key is an integer in MessagePack: fixmap of one, key 5, value 0.
    assert_eq!(codec::msgpack::to_vec(&BTreeMap::from([(5u8, 0u8)])).unwrap(), b"\x81\x05\x00");
}

/// "Byte strings (`Vec<u8>`, `&[u8]`, `Box<[u8]>`, `[u8; N]`, `Cow<[u8]>`) are written as
/// arrays of numbers: in JSON always, as serde_json writes them, and in MessagePack unless
/// `#[codec(bytes)]` or the `codec::Bytes` type makes them a bin."
#[test]
fn byte_strings_are_written_as_arrays_of_numbers_unless_marked() {
    let bytes: &[u8] = &[104, 105, 255];
    let json = "[104,105,255]";
    assert_eq!(serde_json::to_string(bytes).unwrap(), json, "serde_json's form");
    assert_eq!(codec::json::to_string(&bytes.to_vec()).unwrap(), json);
    assert_eq!(codec::json::to_string(&bytes).unwrap(), json);
    assert_eq!(codec::json::to_string(&Box::<[u8]>::from(bytes)).unwrap(), json);
    assert_eq!(codec::json::to_string(&[104u8, 105, 255]).unwrap(), json);
    assert_eq!(codec::json::to_string(&Cow::Borrowed(bytes)).unwrap(), json);
    assert_eq!(codec::json::to_string(&Bytes::from(bytes)).unwrap(), json);

    // MessagePack: a fixarray of three, 255 as uint 8 ...
    let array = b"\x93\x68\x69\xcc\xff";
    assert_eq!(codec::msgpack::to_vec(&bytes.to_vec()).unwrap(), array);
    assert_eq!(codec::msgpack::to_vec(&bytes).unwrap(), array);
    assert_eq!(codec::msgpack::to_vec(&Box::<[u8]>::from(bytes)).unwrap(), array);
    assert_eq!(codec::msgpack::to_vec(&[104u8, 105, 255]).unwrap(), array);
    assert_eq!(codec::msgpack::to_vec(&Cow::Borrowed(bytes)).unwrap(), array);
    // ... unless marked: a bin 8 of three.
    let bin = b"\xc4\x03\x68\x69\xff";
    assert_eq!(codec::msgpack::to_vec(&Bytes::from(bytes)).unwrap(), bin);
    #[derive(Codec)]
    struct Marked<'a> {
        #[codec(bytes)]
        v: Vec<u8>,
        #[codec(bytes)]
        s: &'a [u8],
        #[codec(bytes)]
        b: Box<[u8]>,
        #[codec(bytes)]
        a: [u8; 3],
        #[codec(bytes)]
        c: Cow<'a, [u8]>,
    }
    let marked = Marked { v: bytes.to_vec(), s: bytes, b: bytes.into(), a: [104, 105, 255], c: Cow::Borrowed(bytes) };
    let packed = codec::msgpack::to_vec(&marked).unwrap();
    assert_eq!(packed.windows(bin.len()).filter(|w| w == bin).count(), 5, "five bins");
    assert_eq!(
        codec::json::to_string(&marked).unwrap(),
        format!(r#"{{"v":{json},"s":{json},"b":{json},"a":{json},"c":{json}}}"#)
    );
}

#[derive(Codec, Debug, PartialEq)]
struct Marked<'a> {
    #[codec(bytes)]
    v: Vec<u8>,
    #[codec(bytes)]
    b: Box<[u8]>,
    #[codec(bytes)]
    a: [u8; 2],
    #[codec(bytes)]
    c: Cow<'a, [u8]>,
    #[codec(bytes)]
    o: Option<Vec<u8>>,
    bytes: Bytes<'a>,
    cow: Cow<'a, [u8]>,
}

/// Whether `bytes` is borrowed and points into `input` (a `&Cow`, not a slice: the variant
/// is what is checked).
#[allow(clippy::ptr_arg)]
fn is_borrowed_from(input: &[u8], bytes: &Cow<[u8]>) -> bool {
    matches!(bytes, Cow::Borrowed(b) if input.as_ptr_range().contains(&b.as_ptr()))
}

/// "`Cow<[u8]>`, `Bytes` and `#[codec(bytes)]` fields decode from either form of each
/// format, a bin or an array in MessagePack, an array or a string (its UTF-8 bytes) in
/// JSON, borrowing where the input holds the bytes as they are."
#[test]
fn byte_types_decode_from_either_form_of_each_format_borrowing_when_they_can() {
    let hi = || Marked {
        v: b"hi".to_vec(),
        b: b"hi"[..].into(),
        a: *b"hi",
        c: Cow::Borrowed(b"hi"),
        o: Some(b"hi".to_vec()),
        bytes: Bytes::from(&b"hi"[..]),
        cow: Cow::Borrowed(b"hi"),
    };

    // JSON strings: every field from "hi"; the borrowing types point into the input.
    let json = br#"{"v":"hi","b":"hi","a":"hi","c":"hi","o":"hi","bytes":"hi","cow":"hi"}"#;
    let m: Marked = codec::json::from_slice(json).unwrap();
    assert_eq!(m, hi());
    assert!(is_borrowed_from(json, &m.c) && is_borrowed_from(json, &m.cow) && is_borrowed_from(json, &m.bytes.0));
    // JSON arrays of numbers: the same values, owned.
    let json =
        br#"{"v":[104,105],"b":[104,105],"a":[104,105],"c":[104,105],"o":[104,105],"bytes":[104,105],"cow":[104,105]}"#;
    let m: Marked = codec::json::from_slice(json).unwrap();
    assert_eq!(m, hi());
    assert!(matches!(m.c, Cow::Owned(_)) && matches!(m.cow, Cow::Owned(_)) && !m.bytes.is_borrowed());
    // A string stands for its UTF-8 bytes; with escapes they are unescaped, and owned.
    let m: Marked = codec::json::from_str(
        r#"{"v":"\u00e9","b":"é","a":"\u00e9","c":"\u00e9","o":null,"bytes":"\u00e9","cow":"é"}"#,
    )
    .unwrap();
    assert_eq!(
        (&*m.v, &*m.b, &m.a, &*m.c, &*m.bytes, &*m.cow),
        (&[0xc3, 0xa9][..], &[0xc3, 0xa9][..], &[0xc3, 0xa9], &[0xc3, 0xa9][..], &[0xc3, 0xa9][..], &[0xc3, 0xa9][..])
    );
    assert!(matches!(m.c, Cow::Owned(_)) && matches!(m.cow, Cow::Borrowed(_)) && m.o.is_none());

    // MessagePack: the bin form (what `#[codec(bytes)]` and `Bytes` write) borrows ...
    let packed = codec::msgpack::to_vec(&hi()).unwrap();
    let m: Marked = codec::msgpack::from_slice(&packed).unwrap();
    assert_eq!(m, hi());
    assert!(is_borrowed_from(&packed, &m.c) && is_borrowed_from(&packed, &m.bytes.0));
    // ... and the array form (what the plain `cow` field writes) owns.
    assert!(matches!(m.cow, Cow::Owned(_)));
    let mut arrays = Vec::new();
    arrays.push(0x87);
    for key in ["v", "b", "a", "c", "o", "bytes", "cow"] {
        arrays.push(0xa0 | key.len() as u8);
        arrays.extend_from_slice(key.as_bytes());
        arrays.extend_from_slice(b"\x92\x68\x69");
    }
    let m: Marked = codec::msgpack::from_slice(&arrays).unwrap();
    assert_eq!(m, hi());
    assert!(matches!(m.c, Cow::Owned(_)) && !m.bytes.is_borrowed());

    // Neither form: the error says what is expected.
    let e = codec::json::from_str::<Bytes>("true").unwrap_err();
    assert_eq!(
        e.kind(),
        &ErrorKind::InvalidType { expected: "bytes (a string or an array of numbers)".into(), found: "boolean".into() }
    );
    let e = codec::msgpack::from_slice::<Cow<[u8]>>(b"\xa2hi").unwrap_err();
    assert_eq!(
        e.kind(),
        &ErrorKind::InvalidType { expected: "bytes (a bin or an array of numbers)".into(), found: "string".into() }
    );
    // A `[u8; N]` takes any form of exactly N bytes.
    let e = codec::json::from_str::<Marked>(r#"{"v":[],"b":[],"a":"abc","c":[],"o":null,"bytes":[],"cow":[]}"#)
        .unwrap_err();
    assert_eq!((e.path().as_str(), e.kind()), (".a", &ErrorKind::InvalidValue("expected 2 bytes, found 3".into())));
}

/// "`&[u8]` must borrow, so it decodes only from a bin or from a JSON string without
/// escapes (serde_json's rule); an array or an escaped string is an error that names the
/// type to use instead."
#[test]
fn borrowed_bytes_decode_only_from_a_bin_or_an_escape_free_string() {
    // Accepted, pointing into the input.
    let json = r#""hé""#;
    let b: &[u8] = codec::json::from_str(json).unwrap();
    assert_eq!(b, "hé".as_bytes());
    assert!(json.as_bytes().as_ptr_range().contains(&b.as_ptr()));
    let bin = b"\xc4\x02\x00\xff";
    let b: &[u8] = codec::msgpack::from_slice(bin).unwrap();
    assert_eq!((b, b.as_ptr()), (&[0, 255][..], bin[2..].as_ptr()));

    // serde_json agrees on what a borrowed `&[u8]` accepts in JSON.
    for (input, accepted) in [
        (r#""hé""#, true),
        (r#""""#, true),
        (r#""a\nb""#, false),
        (r#""\u0041""#, false),
        ("[1,2]", false),
        ("[]", false),
        ("1", false),
        ("null", false),
    ] {
        assert_eq!(codec::json::from_str::<&[u8]>(input).is_ok(), accepted, "codec, {input}");
        assert_eq!(serde_json::from_str::<&[u8]>(input).is_ok(), accepted, "serde_json, {input}");
    }

    // The errors say why and what to use.
    let e = codec::json::from_str::<&[u8]>("[1,2]").unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)), "{e}");
    assert!(e.to_string().contains("an array of numbers cannot be borrowed as &[u8]"), "{e}");
    assert!(e.to_string().contains("use Vec<u8>, Cow<[u8]> or codec::Bytes"), "{e}");
    assert_eq!(e.offset(), Some(0));
    let e = codec::json::from_str::<&[u8]>(r#" "a\nb""#).unwrap_err();
    assert!(e.to_string().contains("a JSON string with escapes cannot be borrowed as &[u8]"), "{e}");
    assert!(e.to_string().contains("use Cow<[u8]> or codec::Bytes"), "{e}");
    assert_eq!(e.offset(), Some(1));
    let e = codec::msgpack::from_slice::<&[u8]>(b"\x92\x01\x02").unwrap_err();
    assert!(e.to_string().contains("an array of numbers cannot be borrowed as &[u8]"), "{e}");
    let e = codec::msgpack::from_slice::<&[u8]>(b"\xa2hi").unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::InvalidType { expected: "bytes".into(), found: "string".into() });

    // The same rule for a `#[codec(bytes)]` field, with the path.
    #[derive(Codec, Debug)]
    struct Field<'a> {
        #[codec(bytes)]
        data: &'a [u8],
    }
    assert_eq!(codec::json::from_str::<Field>(r#"{"data":"ok"}"#).unwrap().data, b"ok");
    let e = codec::json::from_str::<Field>(r#"{"data":[1]}"#).unwrap_err();
    assert_eq!(e.path(), ".data");
    assert!(e.to_string().contains("use Vec<u8>, Cow<[u8]> or codec::Bytes"), "{e}");
}

/// "So a plain `&[u8]` cannot read back its own array: `#[codec(bytes)]` round-trips it
/// in MessagePack, `Cow<[u8]>` in both formats."
#[test]
fn plain_borrowed_bytes_do_not_read_back_their_array_but_the_remedies_do() {
    let data: &[u8] = b"hi";
    let json = codec::json::to_string(&data).unwrap();
    assert!(codec::json::from_str::<&[u8]>(&json).is_err());
    let packed = codec::msgpack::to_vec(&data).unwrap();
    assert!(codec::msgpack::from_slice::<&[u8]>(&packed).is_err());

    #[derive(Codec, Debug, PartialEq)]
    struct Marked<'a> {
        #[codec(bytes)]
        data: &'a [u8],
    }
    let packed = codec::msgpack::to_vec(&Marked { data }).unwrap();
    assert_eq!(codec::msgpack::from_slice::<Marked>(&packed).unwrap(), Marked { data });

    let cow: Cow<[u8]> = Cow::Borrowed(data);
    let json = codec::json::to_string(&cow).unwrap();
    assert_eq!(codec::json::from_str::<Cow<[u8]>>(&json).unwrap(), cow);
    let packed = codec::msgpack::to_vec(&cow).unwrap();
    assert_eq!(codec::msgpack::from_slice::<Cow<[u8]>>(&packed).unwrap(), cow);
}

/// "For base64 or another text form, use `with`": a JSON string is never decoded as
/// base64 (it stands for its own UTF-8 bytes), and a `with` module gives another form.
#[test]
fn another_text_form_takes_a_with_module() {
    let b: Vec<u8> = codec::json::from_str::<Bytes>(r#""aGk=""#).unwrap().into_owned();
    assert_eq!(b, b"aGk=", "the string's own bytes, not base64-decoded");

    mod hex {
        use codec::{Reader, Writer};

        /// Hex text where the format is human-readable (JSON), its bytes elsewhere.
        pub fn encode<W: Writer>(v: &[u8], w: &mut W) -> codec::Result<()> {
            if !W::HUMAN_READABLE {
                return w.write_bytes(v);
            }
            let text: String = v.iter().map(|b| format!("{b:02x}")).collect();
            w.write_str(&text)
        }
        pub fn decode<'de, R: Reader<'de>>(r: &mut R) -> codec::Result<Vec<u8>> {
            if !R::HUMAN_READABLE {
                return r.read_bytes().map(|b| b.into_owned());
            }
            r.read_str_with(|text, at| {
                let bad = || codec::Error::new(codec::ErrorKind::InvalidValue("not hex".into()), at);
                if text.len() % 2 != 0 {
                    return Err(bad());
                }
                (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).map_err(|_| bad())).collect()
            })
        }
    }
    #[derive(Codec, Debug, PartialEq)]
    struct Key {
        #[codec(with = "hex")]
        id: Vec<u8>,
    }
    both(Key { id: vec![0xde, 0xad] }, r#"{"id":"dead"}"#);
}

/// "`SystemTime` (serde's form in JSON)": the very text serde_json writes, read back by
/// both; in MessagePack the timestamp extension.
#[test]
fn system_time_is_serdes_form_in_json() {
    for t in [UNIX_EPOCH, UNIX_EPOCH + Duration::new(1_700_000_000, 123_456_789)] {
        let ours = codec::json::to_string(&t).unwrap();
        assert_eq!(ours, serde_json::to_string(&t).unwrap());
        assert_eq!(serde_json::from_str::<SystemTime>(&ours).unwrap(), t);
        both(t, &ours);
    }
    assert_eq!(codec::msgpack::to_vec(&UNIX_EPOCH).unwrap(), b"\xd6\xff\x00\x00\x00\x00");
}

/// The README's `Upload` example, as written there.
#[derive(Codec, Debug, PartialEq)]
#[codec(rename_all = "camelCase")]
struct Upload<'a> {
    file_name: &'a str,
    #[codec(bytes)]
    data: &'a [u8],
    at: SystemTime,
    tags: Vec<String>,
}

#[test]
fn readme_upload_example_in_messagepack() {
    let up = Upload { file_name: "a.txt", data: b"hi", at: UNIX_EPOCH, tags: vec![] };
    let bytes = codec::msgpack::to_vec(&up).unwrap();
    assert_eq!(&bytes[..10], b"\x84\xa8fileName");
    let back: Upload = codec::msgpack::from_slice(&bytes).unwrap();
    assert_eq!(back, up);
    // "a bin, borrowed too"
    let data_at = bytes.windows(4).position(|w| w == b"\xc4\x02hi").unwrap() + 2;
    assert_eq!(back.data.as_ptr(), bytes[data_at..].as_ptr());
    assert!(bytes.as_ptr_range().contains(&back.file_name.as_ptr()));
}

/// In JSON, `Upload` writes its `data` as an array of numbers, which its borrowed `&[u8]`
/// cannot read back: the error names the field and the types that can. Written as a
/// string, the same document decodes, `data` borrowed from it.
#[test]
fn readme_upload_example_in_json_as_far_as_the_rule_allows() {
    let up = Upload { file_name: "a.txt", data: b"hi", at: UNIX_EPOCH, tags: vec!["x".into()] };
    let json = codec::json::to_string(&up).unwrap();
    assert_eq!(
        json,
        r#"{"fileName":"a.txt","data":[104,105],"at":{"secs_since_epoch":0,"nanos_since_epoch":0},"tags":["x"]}"#
    );
    let e = codec::json::from_str::<Upload>(&json).unwrap_err();
    assert_eq!(e.path(), ".data");
    assert!(e.to_string().contains("use Vec<u8>, Cow<[u8]> or codec::Bytes"), "{e}");

    let as_string = json.replace("[104,105]", r#""hi""#);
    let back: Upload = codec::json::from_str(&as_string).unwrap();
    assert_eq!(back, up);
    assert!(as_string.as_bytes().as_ptr_range().contains(&back.data.as_ptr()));
}
