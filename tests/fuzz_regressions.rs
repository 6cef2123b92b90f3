//! Inputs from fuzzing (`fuzz/`, see fuzz/README.md) and hand-picked hostile documents:
//! each must decode to `Ok` or to an `Err` of a sensible kind, never panic, overflow the
//! stack or hang. A crash the fuzzer finds is minimized (`cargo fuzz tmin`) and added here
//! once fixed.

use std::borrow::Cow;
use std::collections::BTreeMap;

use codec::json::{from_slice, from_slice_with, to_vec, DuplicateKeys, Options, RawJson, Value};
use codec::{Codec, ErrorKind};

// ---------------------------------------------------------------- models

#[derive(Codec, Debug, PartialEq)]
struct Small {
    id: u32,
}

#[derive(Codec, Debug, PartialEq)]
struct Borrowing<'a> {
    #[codec(default)]
    name: &'a str,
    #[codec(default)]
    title: Cow<'a, str>,
}

#[derive(Codec, Debug, PartialEq)]
#[codec(deny_unknown_fields)]
struct Strict {
    a: u8,
}

#[derive(Codec, Debug, PartialEq)]
#[codec(tag = "type")]
enum Tagged {
    Click { x: i32 },
    Close,
}

#[derive(Codec, Debug, PartialEq)]
#[codec(tag = "t", content = "c")]
enum Adjacent {
    Ping,
    Text(String),
}

#[derive(Codec, Debug, PartialEq)]
#[codec(untagged)]
enum Any {
    Int(i64),
    Text(String),
    List(Vec<Any>),
    Nothing,
}

// ---------------------------------------------------------------- helpers

/// Decodes `input` as every type above, as `Value` and as `RawJson`, and returns the
/// `Value` result. Whatever decodes must encode and decode again to the same value.
fn decode_all(input: &[u8]) -> Result<Value, codec::Error> {
    fn round_trip<T>(input: &[u8])
    where
        T: for<'de> codec::Decode<'de> + codec::Encode + PartialEq + std::fmt::Debug,
    {
        if let Ok(v) = from_slice::<T>(input) {
            let bytes = to_vec(&v).expect("encode");
            assert_eq!(from_slice::<T>(&bytes).expect("decode the encoded form"), v);
        }
    }
    round_trip::<Small>(input);
    round_trip::<Strict>(input);
    round_trip::<Tagged>(input);
    round_trip::<Adjacent>(input);
    round_trip::<Any>(input);
    round_trip::<Vec<Value>>(input);
    round_trip::<BTreeMap<String, Value>>(input);
    if let Ok(b) = from_slice::<Borrowing>(input) {
        assert_eq!(from_slice::<Borrowing>(&to_vec(&b).unwrap()).unwrap(), b);
    }
    if let Ok(raw) = from_slice::<RawJson>(input) {
        assert!(RawJson::new(raw.as_str()).is_ok());
    }
    let value = from_slice::<Value>(input);
    if let Ok(v) = &value {
        assert_eq!(&from_slice::<Value>(&to_vec(v).unwrap()).unwrap(), v);
    }
    value
}

fn kind(input: &[u8]) -> ErrorKind {
    match decode_all(input) {
        Ok(v) => panic!("{:?} decoded as {v:?}", String::from_utf8_lossy(input)),
        Err(e) => e.kind().clone(),
    }
}

fn is_syntax(k: &ErrorKind) -> bool {
    matches!(k, ErrorKind::Syntax(_))
}

// ---------------------------------------------------------------- deep nesting

#[test]
fn deep_nesting_inside_unknown_fields() {
    for open in ["[", "{\"k\":", "[{\"k\":"] {
        let doc = format!(r#"{{"id":1,"junk":{}"#, open.repeat(50_000));
        let err = from_slice::<Small>(doc.as_bytes()).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::DepthLimit(128), "{open}");
        assert_eq!(kind(doc.as_bytes()), ErrorKind::DepthLimit(128));
    }
}

#[test]
fn deep_nesting_before_an_internal_tag() {
    // The tag is looked for by scanning ahead: the scan has the depth limit too.
    let doc = format!(r#"{{"x":{}"type":"Click"}}"#, "[".repeat(50_000));
    assert_eq!(from_slice::<Tagged>(doc.as_bytes()).unwrap_err().kind(), &ErrorKind::DepthLimit(128));
    let ok = format!(r#"{{"junk":{}{},"x":1,"type":"Click"}}"#, "[".repeat(100), "]".repeat(100));
    assert_eq!(from_slice::<Tagged>(ok.as_bytes()).unwrap(), Tagged::Click { x: 1 });
}

#[test]
fn deep_nesting_through_untagged_variants() {
    // Each level tries every variant: one error (that no variant matched), not a stack
    // overflow, and of bounded size although each level's reasons nest the level below.
    let doc = "[".repeat(50_000);
    let err = from_slice::<Any>(doc.as_bytes()).unwrap_err();
    // The depth limit is an input error: no other variant can get past it, so the search
    // ends there instead of listing every variant's failure.
    assert_eq!(err.kind(), &ErrorKind::DepthLimit(128));
    assert!(err.to_string().len() < 2048, "{} bytes", err.to_string().len());
    let ok = format!("{}1{}", "[".repeat(100), "]".repeat(100));
    assert!(from_slice::<Any>(ok.as_bytes()).is_ok());
}

#[test]
fn deep_nesting_with_small_limits() {
    for depth in 0..4 {
        let opts = Options::new().max_depth(depth);
        let err = from_slice_with::<Value>(b"[[[[[]]]]]", &opts).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::DepthLimit(depth));
        let err = from_slice_with::<Small>(br#"{"id":1,"x":[[[[]]]]}"#, &opts).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::DepthLimit(depth));
    }
    // Depth 0 still reads scalars.
    assert_eq!(from_slice_with::<Value>(b"7", &Options::new().max_depth(0)).unwrap(), 7);
}

// ---------------------------------------------------------------- numbers

#[test]
fn huge_numbers() {
    // Beyond f64: an error for Value, fine when skipped or captured raw.
    assert!(matches!(kind(b"1e400"), ErrorKind::OutOfRange(_)));
    assert!(matches!(kind(b"-1e400"), ErrorKind::OutOfRange(_)));
    assert_eq!(from_slice::<Small>(br#"{"id":1,"x":1e400}"#).unwrap(), Small { id: 1 });
    assert_eq!(from_slice::<RawJson>(b"1e400").unwrap().as_str(), "1e400");
    // Tiny ones underflow to zero.
    assert_eq!(decode_all(b"1e-400").unwrap().as_f64(), Some(0.0));
    // Beyond u64 and i64 in a Value: the nearest float.
    assert!(decode_all(b"18446744073709551616").unwrap().is_f64());
    assert!(decode_all(b"-9223372036854775809").unwrap().is_f64());
    // Into integer fields: out of range, naming the type.
    let err = from_slice::<Small>(br#"{"id":4294967296}"#).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::OutOfRange(_)), "{err}");
    let err = from_slice::<Small>(br#"{"id":-1}"#).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::OutOfRange(_)), "{err}");
    // An exponent larger than any integer type.
    let exponent = format!("1e{}", "9".repeat(40));
    assert!(matches!(kind(exponent.as_bytes()), ErrorKind::OutOfRange(_)));
    let exponent = format!("1e-{}", "9".repeat(40));
    assert_eq!(decode_all(exponent.as_bytes()).unwrap().as_f64(), Some(0.0));
}

#[test]
fn very_long_number_literals() {
    // A 100,000-digit literal: one linear scan, then the size limit.
    for doc in [
        "1".repeat(100_000),
        format!("0.{}", "1".repeat(100_000)),
        format!("[{}]", "9".repeat(100_000)),
        format!(r#"{{"id":1,"x":{}}}"#, "9".repeat(100_000)),
    ] {
        let err = from_slice::<Value>(doc.as_bytes()).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::SizeLimit(_)), "{err}");
    }
    let err = from_slice::<Small>(format!(r#"{{"id":{}}}"#, "1".repeat(100_000)).as_bytes()).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::SizeLimit(_) | ErrorKind::OutOfRange(_)), "{err}");
}

#[test]
fn malformed_numbers() {
    for doc in ["01", "-", "1.", ".5", "1e", "1e+", "-a", "+1", "0x10", "1.e5", "--1", "NaN", "Infinity", "-Infinity"] {
        let k = kind(doc.as_bytes());
        assert!(is_syntax(&k) || k == ErrorKind::Eof || k == ErrorKind::TrailingCharacters, "{doc}: {k:?}");
    }
}

// ---------------------------------------------------------------- strings and keys

#[test]
fn invalid_utf8_in_keys() {
    for doc in [
        &b"{\"\xff\":1}"[..],
        b"{\"id\":1,\"\xc3\":2}",
        b"{\"a\xed\xa0\x80\":1}",    // an encoded surrogate
        b"{\"\xc0\x80\":1}",         // an overlong NUL
        b"{\"\xf4\x90\x80\x80\":1}", // above U+10FFFF
    ] {
        assert_eq!(kind(doc), ErrorKind::InvalidUtf8, "{doc:?}");
        // Also where the key is unknown and skipped, and where keys must be known.
        assert_eq!(from_slice::<Small>(doc).unwrap_err().kind(), &ErrorKind::InvalidUtf8, "{doc:?}");
        assert!(from_slice::<Strict>(doc).is_err());
        assert_eq!(from_slice::<RawJson>(doc).unwrap_err().kind(), &ErrorKind::InvalidUtf8, "{doc:?}");
    }
}

#[test]
fn invalid_utf8_in_values() {
    assert_eq!(kind(b"\"\xff\""), ErrorKind::InvalidUtf8);
    assert_eq!(kind(b"[\"ok\",\"\xe2\x82\"]"), ErrorKind::InvalidUtf8);
    assert_eq!(from_slice::<Borrowing>(b"{\"name\":\"\xff\"}").unwrap_err().kind(), &ErrorKind::InvalidUtf8);
    assert_eq!(from_slice::<Borrowing>(b"{\"title\":\"\\n\xff\"}").unwrap_err().kind(), &ErrorKind::InvalidUtf8);
}

#[test]
fn truncated_escapes() {
    for doc in [&br#""\"#[..], br#""\u"#, br#""\u12"#, br#""\ud83d\u"#, br#"{"\u00"#, br#"{"a\"#, br#"["\u004"#] {
        assert_eq!(kind(doc), ErrorKind::Eof, "{:?}", String::from_utf8_lossy(doc));
    }
    // Cut short but closed: the escape itself is wrong.
    for doc in [&br#""\u12""#[..], br#"{"\u00":1}"#, br#""\x41""#, br#""\u12g4""#, br#"{"id":1,"\uZZZZ":2}"#] {
        let k = kind(doc);
        assert!(matches!(k, ErrorKind::InvalidEscape(_)), "{:?}: {k:?}", String::from_utf8_lossy(doc));
    }
}

#[test]
fn lone_surrogates_in_keys() {
    for doc in [
        &br#"{"\ud800":1}"#[..],
        br#"{"\udc00":1}"#,
        br#"{"x\ud83d":1}"#,
        br#"{"\ud83dx":1}"#,
        br#"{"\ud83d\u0041":1}"#,
        br#"{"\ude00\ud83d":1}"#,
        br#"{"id":1,"\ud800":2}"#,
    ] {
        let k = kind(doc);
        assert!(matches!(k, ErrorKind::InvalidEscape(_)), "{:?}: {k:?}", String::from_utf8_lossy(doc));
        let err = from_slice::<Small>(doc).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::InvalidEscape(_)), "{err}");
        assert!(matches!(from_slice::<RawJson>(doc).unwrap_err().kind(), ErrorKind::InvalidEscape(_)));
    }
    // A proper pair is fine, as key and as value.
    let v = decode_all(br#"{"\ud83d\ude00":"\ud83d\ude00"}"#).unwrap();
    assert_eq!(v["\u{1F600}"], "\u{1F600}");
}

#[test]
fn escaped_keys_match_and_collide() {
    // `\u0069d` is `id`: it matches the field and collides with a plain `id`.
    assert_eq!(from_slice::<Small>(br#"{"\u0069d":5}"#).unwrap(), Small { id: 5 });
    let err = from_slice::<Small>(br#"{"id":5,"\u0069d":6}"#).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::DuplicateField(_)), "{err}");
    assert!(matches!(kind(br#"{"id":5,"\u0069d":6}"#), ErrorKind::DuplicateField(_)));
    // The tag of an internally tagged enum, escaped.
    assert_eq!(from_slice::<Tagged>(br#"{"x":1,"\u0074ype":"Click"}"#).unwrap(), Tagged::Click { x: 1 });
}

#[test]
fn control_characters_and_odd_bytes() {
    assert!(is_syntax(&kind(b"\"a\x00b\"")));
    assert!(is_syntax(&kind(b"\"a\nb\"")));
    assert!(is_syntax(&kind(b"{\"a\x1f\":1}")));
    // A byte-order mark is not whitespace.
    assert!(is_syntax(&kind(b"\xef\xbb\xbf{}")));
    // NUL after the document is trailing, not the end.
    assert_eq!(kind(b"{}\x00"), ErrorKind::TrailingCharacters);
    assert_eq!(kind(b""), ErrorKind::Eof);
    assert_eq!(kind(b"   "), ErrorKind::Eof);
}

#[test]
fn borrowed_str_with_escapes_is_an_invalid_value() {
    let err = from_slice::<Borrowing>(br#"{"name":"a\nb"}"#).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidValue(_)), "{err}");
    assert_eq!(from_slice::<Borrowing>(br#"{"title":"a\nb"}"#).unwrap().title, "a\nb");
}

// ---------------------------------------------------------------- truncation and policies

#[test]
fn every_prefix_of_a_document_is_an_error() {
    let doc = br#"{"id":1,"t":{"t":"Text","c":"\u00e9\ud83d\ude00"},"v":[1.5e3,-0,true,null,{"k":"\"v\""}]}"#;
    assert!(decode_all(doc).is_ok());
    for end in 0..doc.len() {
        let k = kind(&doc[..end]);
        assert!(matches!(k, ErrorKind::Eof | ErrorKind::Syntax(_)), "prefix {end}: {k:?}");
    }
}

#[test]
fn duplicate_policies_leave_no_duplicates() {
    let doc = br#"{"a":1,"a":{"b":2,"b":3},"\u0061":[4]}"#;
    assert!(matches!(kind(doc), ErrorKind::DuplicateField(_)));
    for (policy, a) in [(DuplicateKeys::KeepFirst, "1"), (DuplicateKeys::KeepLast, "[4]")] {
        let v: Value = from_slice_with(doc, &Options::new().duplicate_keys(policy)).unwrap();
        assert_eq!(v.to_string(), format!(r#"{{"a":{a}}}"#));
        // What a lenient policy kept decodes under the strict default.
        assert_eq!(from_slice::<Value>(&to_vec(&v).unwrap()).unwrap(), v);
    }
}

#[test]
fn zero_limits() {
    let opts = Options::new().max_string_len(0).max_number_len(0);
    assert!(matches!(from_slice_with::<Value>(br#""a""#, &opts).unwrap_err().kind(), ErrorKind::SizeLimit(_)));
    assert!(matches!(from_slice_with::<Value>(b"1", &opts).unwrap_err().kind(), ErrorKind::SizeLimit(_)));
    assert_eq!(from_slice_with::<Value>(br#""""#, &opts).unwrap(), "");
    assert!(matches!(from_slice_with::<Small>(br#"{"id":1}"#, &opts).unwrap_err().kind(), ErrorKind::SizeLimit(_)));
}

// ---------------------------------------------------------------- untagged backtracking

/// An untagged enum with two variants that recurse into the same nested array: each level
/// tries both, so the work grows as the Fibonacci numbers with the depth.
#[derive(Codec, Debug)]
#[codec(untagged)]
#[allow(dead_code)]
enum Tree {
    Leaf(u8),
    Pair(Vec<Tree>, u8),
    List(Vec<Tree>),
}

fn nested_string(depth: usize) -> String {
    format!("{}\"x\"{}", "[".repeat(depth), "]".repeat(depth))
}

/// Fixed: the "no variant matched" message embedded every variant's full message, the
/// nested enum's included, so it grew about 1.6x per level: 13.8 MB for this 48-byte input,
/// gigabytes a dozen levels deeper (`codec/src/__private.rs`, `no_variant_matched`). Each
/// reason is now capped.
#[test]
fn untagged_error_message_is_bounded() {
    for depth in [4, 22] {
        let err = from_slice::<Tree>(nested_string(depth).as_bytes()).unwrap_err();
        let msg = err.to_string();
        // Shallow: every variant's reason; deep: the backtracking budget runs out first.
        let reasons = msg.starts_with("invalid value: data did not match any variant of untagged enum Tree; Leaf: ");
        let budget = matches!(err.kind(), ErrorKind::SizeLimit(_)) && msg.contains("re-read");
        assert!(reasons || (depth > 4 && budget), "{msg}");
        assert!(msg.len() < 2048, "error message of {} bytes", msg.len());
    }
}

/// Fixed: the time was exponential in the depth (about 1.6^depth variant attempts: 40
/// levels took minutes). Input errors now end an untagged search at once, and every retry
/// is charged to a backtracking budget of 16 times the input plus 64 KiB
/// (`JsonReader::backtrack`), so the work is linear in the input.
#[test]
fn untagged_backtracking_is_bounded() {
    let start = std::time::Instant::now();
    for depth in [40, 60, 120] {
        assert!(from_slice::<Tree>(nested_string(depth).as_bytes()).is_err());
    }
    // Not a speed assertion: a bound far above the linear cost that only an exponential
    // search would cross.
    assert!(start.elapsed() < std::time::Duration::from_secs(20), "took {:?}", start.elapsed());
}

/// `shared_refs` fuzz target, first run: after a Codables array id (`["$$id:0"`) or an
/// object id (`{"$id":1`), anything but `,` or the closing bracket made `Value` open the
/// same array again and again at the same offset, until the stack overflowed. Now the
/// marker that lets the decoder of the value carry on after the id is used once, and the
/// byte after the id must be `,` or the bracket.
#[test]
fn preserve_refs_id_followed_by_garbage_is_a_syntax_error() {
    use std::rc::Rc;
    let refs = Options::new().preserve_refs(true);
    for (doc, at) in [
        (&br#"[["$$id:0"*,1,2],{"$$ref":0}]"#[..], 10),
        (br#"[{"$$id":0*,"a":1}]"#, 10),
        (br#"[{"$id":1 "a":1}]"#, 10),
        (br#"[{"$id":1]"#, 9),
    ] {
        let err = from_slice_with::<Vec<Rc<Value>>>(doc, &refs).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::Syntax(_)), "{}: {err}", String::from_utf8_lossy(doc));
        assert_eq!(err.offset(), Some(at), "{}: {err}", String::from_utf8_lossy(doc));
        let err = from_slice_with::<Vec<Rc<Small>>>(doc, &refs).unwrap_err();
        assert!(err.offset().is_some(), "{err}");
    }
    // The well-formed neighbours still decode, with their sharing.
    let v = from_slice_with::<Vec<Rc<Value>>>(br#"[["$$id:0",1,2],{"$$ref":0},["$$id:1"]]"#, &refs).unwrap();
    assert!(Rc::ptr_eq(&v[0], &v[1]));
    assert_eq!(*v[0], Value::from(vec![1, 2]));
    assert_eq!(*v[2], Value::Array(vec![]));
    let s = from_slice_with::<Vec<Rc<Small>>>(br#"[{"$id":1,"id":7},{"$ref":1}]"#, &refs).unwrap();
    assert!(Rc::ptr_eq(&s[0], &s[1]) && s[0].id == 7);
}

/// `shared_refs` fuzz target, second run: a shared object whose first key starts with `$`
/// (`{"$$value":"t"}`) was written as `{"$id":1,"$$value":"t"}` and read back as the
/// wrapper of the string "t". Such an object is now written in the wrapper form.
#[test]
fn preserve_refs_objects_with_marker_keys_round_trip() {
    use codec::json::{to_string_with, EncodeOptions, RefSpelling};
    use std::rc::Rc;
    let refs = Options::new().preserve_refs(true);
    for spelling in [RefSpelling::Default, RefSpelling::Codables] {
        let write = EncodeOptions::new().preserve_refs(true).ref_spelling(spelling);
        for key in ["$value", "$$value", "$id", "$ref", "$$ref", "$x"] {
            let object: Value = from_slice(format!(r#"{{"{key}":"t","b":1}}"#).as_bytes()).unwrap();
            let shared = Rc::new(object.clone());
            let text = to_string_with(&vec![Rc::clone(&shared), shared], &write).unwrap();
            let back: Vec<Rc<Value>> =
                from_slice_with(text.as_bytes(), &refs).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(*back[0], object, "{text}");
            assert!(Rc::ptr_eq(&back[0], &back[1]), "{text}");
        }
    }
}

/// `input_errors` (crash-e2ee03cc): the MessagePack `{}` (`0x80`) into a type that holds
/// itself through a box alone (`struct Loop(Option<Box<Loop>>)`) stopped at the nesting
/// limit with `DepthLimit`, an input error, though the document is well-formed: the limit
/// reached is the type's recursion. It is `RecursionLimit` now, no input error; a
/// document nested too deep itself is still `DepthLimit`.
#[test]
fn a_type_recursing_in_place_is_no_input_error() {
    #[derive(Codec, Debug)]
    struct Loop(#[allow(dead_code)] Option<Box<Loop>>);
    let err = codec::msgpack::from_slice::<Loop>(b"\x80").unwrap_err();
    assert_eq!((err.kind(), err.is_input_error()), (&ErrorKind::RecursionLimit(128), false), "{err}");
    let err = from_slice::<Loop>(b"{}").unwrap_err();
    assert_eq!((err.kind(), err.is_input_error()), (&ErrorKind::RecursionLimit(128), false), "{err}");
    let deep = format!("{}{}", "[".repeat(129), "]".repeat(129));
    let err = from_slice::<Loop>(deep.as_bytes()).unwrap_err();
    assert_eq!((err.kind(), err.is_input_error()), (&ErrorKind::DepthLimit(128), true), "{err}");
}
