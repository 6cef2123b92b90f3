//! What decoding a derived type accepts and rejects, and what its errors say.

use std::borrow::Cow;

use codec::json::{from_slice, from_str, to_string};
use codec::Codec;

#[derive(Codec, Debug, PartialEq)]
struct User {
    id: u64,
    name: String,
}

#[derive(Codec, Debug, PartialEq)]
#[codec(deny_unknown_fields)]
struct StrictUser {
    id: u64,
    name: String,
}

#[derive(Codec, Debug, PartialEq)]
#[codec(rename_all = "camelCase")]
struct Status {
    user_id: u64,
    user: User,
    in_reply_to: Option<u64>,
}

#[derive(Codec, Debug, PartialEq)]
struct Timeline {
    statuses: Vec<Status>,
}

// ---------------------------------------------------------------- unknown keys

#[test]
fn unknown_keys_are_skipped() {
    let json = r#"{
        "before": {"a": [1, 2, {"b": [[], {}, [null, true, false, -1.5e3, "x\"y\\z\u00e9"]]}]},
        "id": 1,
        "mid": [[[[[[[[[[{"deep": [[[[[]]]]]}]]]]]]]]]],
        "name": "ada",
        "after": "\ud83d\ude00"
    }"#;
    assert_eq!(from_str::<User>(json).unwrap(), User { id: 1, name: "ada".into() });
}

#[test]
fn skipped_unknown_values_must_still_be_valid_json() {
    for json in [
        r#"{"id":1,"name":"a","x":[1,}"#,
        r#"{"id":1,"name":"a","x":tru}"#,
        r#"{"id":1,"name":"a","x":"\q"}"#,
        r#"{"id":1,"name":"a","x":01}"#,
        r#"{"id":1,"name":"a","x":{"k" 1}}"#,
    ] {
        assert!(from_str::<User>(json).is_err(), "{json}");
    }
}

#[test]
fn unknown_key_under_deny_unknown_fields() {
    let err = from_str::<StrictUser>(r#"{"id":1,"nick":"x","name":"a"}"#).unwrap_err();
    assert_eq!(err.to_string(), "unknown field `nick`, expected one of `id`, `name` (line 1, column 9)");
    // The key is reported unescaped.
    let err = from_str::<StrictUser>(r#"{"id":1,"n\u0069ck":"x","name":"a"}"#).unwrap_err();
    assert!(err.to_string().starts_with("unknown field `nick`"), "{err}");
}

// ---------------------------------------------------------------- duplicates

#[test]
fn duplicate_key_is_an_error() {
    let err = from_str::<User>(r#"{"id":1,"name":"a","id":2}"#).unwrap_err();
    assert_eq!(err.to_string(), "duplicate field `id` (line 1, column 20)");
}

#[test]
fn duplicate_key_spelled_with_escapes_is_an_error() {
    let err = from_str::<User>(r#"{"id":1,"name":"a","\u0069d":2}"#).unwrap_err();
    assert!(err.to_string().contains("duplicate field `id`"), "{err}");
    let err = from_str::<User>(r#"{"\u0069\u0064":1,"id":2,"name":"a"}"#).unwrap_err();
    assert!(err.to_string().contains("duplicate field `id`"), "{err}");
    // An escaped spelling alone is just the key.
    assert_eq!(from_str::<User>(r#"{"\u0069d":1,"n\u0061me":"a"}"#).unwrap(), User { id: 1, name: "a".into() });
}

#[test]
fn duplicate_key_in_nested_struct_has_a_path() {
    let err = from_str::<Status>(r#"{"userId":1,"user":{"id":1,"name":"a","name":"b"},"inReplyTo":null}"#).unwrap_err();
    assert!(err.to_string().starts_with("duplicate field `name` at .user"), "{err}");
}

// ---------------------------------------------------------------- missing and optional

#[test]
fn missing_field_names_the_json_key() {
    let err = from_str::<Status>(r#"{"user":{"id":1,"name":"a"}}"#).unwrap_err();
    assert!(err.to_string().starts_with("missing field `userId`"), "{err}");
    let err = from_str::<Status>(r#"{"userId":1}"#).unwrap_err();
    assert!(err.to_string().starts_with("missing field `user`"), "{err}");
    let err = from_str::<Status>(r#"{"userId":1,"user":{"id":1}}"#).unwrap_err();
    assert!(err.to_string().starts_with("missing field `name` at .user"), "{err}");
}

#[test]
fn option_absent_or_null_is_none_and_encodes_as_null() {
    let s = from_str::<Status>(r#"{"userId":1,"user":{"id":2,"name":"b"}}"#).unwrap();
    assert_eq!(s.in_reply_to, None);
    let s = from_str::<Status>(r#"{"userId":1,"user":{"id":2,"name":"b"},"inReplyTo":null}"#).unwrap();
    assert_eq!(s.in_reply_to, None);
    assert_eq!(to_string(&s).unwrap(), r#"{"userId":1,"user":{"id":2,"name":"b"},"inReplyTo":null}"#);
    let s = from_str::<Status>(r#"{"userId":1,"user":{"id":2,"name":"b"},"inReplyTo":9}"#).unwrap();
    assert_eq!(s.in_reply_to, Some(9));
}

// ---------------------------------------------------------------- numbers

#[derive(Codec, Debug, PartialEq)]
struct Ints {
    small: u8,
    signed: i16,
    big: u64,
}

#[test]
fn integers_reject_fractions_and_exponents() {
    assert_eq!(from_str::<Ints>(r#"{"small":1,"signed":-2,"big":3}"#).unwrap(), Ints { small: 1, signed: -2, big: 3 });
    for (json, path) in [
        (r#"{"small":1.0,"signed":0,"big":0}"#, ".small"),
        (r#"{"small":1,"signed":1e2,"big":0}"#, ".signed"),
        (r#"{"small":1,"signed":0,"big":1E2}"#, ".big"),
        (r#"{"small":1,"signed":-0.5,"big":0}"#, ".signed"),
        (r#"{"small":"1","signed":0,"big":0}"#, ".small"),
    ] {
        let err = from_str::<Ints>(json).unwrap_err();
        assert_eq!(err.path(), path, "{json}: {err}");
    }
}

#[test]
fn integers_out_of_range_are_rejected() {
    for (json, path) in [
        (r#"{"small":256,"signed":0,"big":0}"#, ".small"),
        (r#"{"small":-1,"signed":0,"big":0}"#, ".small"),
        (r#"{"small":0,"signed":32768,"big":0}"#, ".signed"),
        (r#"{"small":0,"signed":-32769,"big":0}"#, ".signed"),
        (r#"{"small":0,"signed":0,"big":18446744073709551616}"#, ".big"),
        (r#"{"small":0,"signed":0,"big":-1}"#, ".big"),
    ] {
        let err = from_str::<Ints>(json).unwrap_err();
        assert_eq!(err.path(), path, "{json}: {err}");
    }
    let err = from_str::<Ints>(r#"{"small":256,"signed":0,"big":0}"#).unwrap_err();
    assert!(err.to_string().starts_with("number out of range"), "{err}");
    assert_eq!(
        from_str::<Ints>(r#"{"small":255,"signed":-32768,"big":18446744073709551615}"#).unwrap(),
        Ints { small: 255, signed: -32768, big: u64::MAX }
    );
}

#[derive(Codec, Debug, PartialEq)]
struct Floats {
    a: f64,
    b: f32,
}

#[test]
fn non_finite_floats_are_an_encode_error() {
    assert_eq!(to_string(&Floats { a: 1.5, b: -0.25 }).unwrap(), r#"{"a":1.5,"b":-0.25}"#);
    for v in
        [Floats { a: f64::NAN, b: 0.0 }, Floats { a: f64::INFINITY, b: 0.0 }, Floats { a: 0.0, b: f32::NEG_INFINITY }]
    {
        let err = to_string(&v).unwrap_err();
        assert!(err.path() == ".a" || err.path() == ".b", "{err}");
    }
}

// ---------------------------------------------------------------- strings

#[derive(Codec, Debug, PartialEq)]
struct Text {
    s: String,
}

#[test]
fn strings_with_escapes_and_surrogate_pairs() {
    let t = from_str::<Text>(r#"{"s":"a\"b\\c\/d\b\f\n\r\t\u00e9\u4e2d\ud83d\ude00"}"#).unwrap();
    assert_eq!(t.s, "a\"b\\c/d\u{8}\u{c}\n\r\t\u{e9}\u{4e2d}\u{1f600}");
    assert_eq!(to_string(&t).unwrap(), "{\"s\":\"a\\\"b\\\\c/d\\b\\f\\n\\r\\t\u{e9}\u{4e2d}\u{1f600}\"}");
    let raw_utf8 = from_str::<Text>("{\"s\":\"\u{e9}\u{1f600}\"}").unwrap();
    assert_eq!(raw_utf8.s, "\u{e9}\u{1f600}");
}

#[test]
fn lone_surrogates_and_bad_strings_are_rejected() {
    for json in [
        r#"{"s":"\ud83d"}"#,
        r#"{"s":"\ude00"}"#,
        r#"{"s":"\ud83dx"}"#,
        r#"{"s":"\ud83d\u0041"}"#,
        r#"{"s":"\x"}"#,
        r#"{"s":"\u12"}"#,
        "{\"s\":\"tab\there\"}",
        r#"{"s":"unterminated}"#,
    ] {
        let err = from_str::<Text>(json).unwrap_err();
        assert_eq!(err.path(), ".s", "{json}: {err}");
    }
    let err = from_slice::<Text>(b"{\"s\":\"\xff\"}").unwrap_err();
    assert_eq!(err.path(), ".s", "{err}");
}

#[derive(Codec, Debug, PartialEq)]
struct Borrowed<'a> {
    s: &'a str,
}

#[derive(Codec, Debug, PartialEq)]
struct MaybeBorrowed<'a> {
    s: Cow<'a, str>,
}

#[test]
fn borrowed_str_with_escape_points_to_cow() {
    assert_eq!(from_str::<Borrowed>(r#"{"s":"plain"}"#).unwrap().s, "plain");
    let err = from_str::<Borrowed>(r#"{"s":"a\nb"}"#).unwrap_err();
    assert_eq!(err.path(), ".s");
    assert!(err.to_string().contains("Cow"), "{err}");
}

#[test]
fn cow_borrows_without_escapes_and_owns_with_them() {
    let v = from_str::<MaybeBorrowed>(r#"{"s":"plain"}"#).unwrap();
    assert!(matches!(v.s, Cow::Borrowed("plain")), "{v:?}");
    let v = from_str::<MaybeBorrowed>(r#"{"s":"a\nb"}"#).unwrap();
    assert!(matches!(&v.s, Cow::Owned(s) if s == "a\nb"), "{v:?}");
    assert_eq!(to_string(&v).unwrap(), r#"{"s":"a\nb"}"#);
}

// ---------------------------------------------------------------- document level

#[test]
fn trailing_characters_are_rejected() {
    assert_eq!(from_str::<User>("{\"id\":1,\"name\":\"a\"} \n\t").unwrap(), User { id: 1, name: "a".into() });
    for json in [r#"{"id":1,"name":"a"}x"#, r#"{"id":1,"name":"a"}{}"#, r#"{"id":1,"name":"a"} 1"#] {
        let err = from_str::<User>(json).unwrap_err();
        assert!(err.to_string().starts_with("trailing characters"), "{json}: {err}");
    }
}

#[test]
fn empty_and_truncated_input() {
    for json in ["", "   ", "{", r#"{"id""#, r#"{"id":"#, r#"{"id":1,"#, r#"{"id":1,"name":"a""#] {
        assert!(from_str::<User>(json).is_err(), "{json:?}");
    }
}

// ---------------------------------------------------------------- error paths

#[test]
fn error_path_through_vec_and_nested_structs() {
    let json = r#"{"statuses": [
  {"userId": 1, "user": {"id": 1, "name": "a"}},
  {"userId": 2, "user": {"id": 2, "name": "b"}},
  {"userId": 3, "user": {"id": 3, "name": "c"}},
  {"userId": 4, "user": {"id": "4", "name": "d"}}
]}"#;
    let err = from_str::<Timeline>(json).unwrap_err();
    assert_eq!(err.path(), ".statuses[3].user.id");
    assert_eq!((err.line(), err.column()), (Some(5), Some(32)));
    assert_eq!(err.to_string(), "invalid type: expected u64, found string at .statuses[3].user.id (line 5, column 32)");
}

#[test]
fn error_path_for_missing_field_in_array_element() {
    let json = "{\"statuses\":[{\"user\":{\"id\":1,\"name\":\"a\"}}]}";
    let err = from_str::<Timeline>(json).unwrap_err();
    assert_eq!(err.path(), ".statuses[0]");
    assert!(err.to_string().starts_with("missing field `userId` at .statuses[0] (line 1, column "), "{err}");
}

#[test]
fn error_path_at_the_root_is_empty() {
    let err = from_str::<User>("[]").unwrap_err();
    assert_eq!(err.path(), "");
    assert_eq!(err.line(), Some(1));
    assert_eq!(err.column(), Some(1));
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

/// Generated decoders try the members in declaration order first and hand any other
/// key to the general dispatch: every order, with members missing, aliased, escaped or
/// among unknown keys, must decode to the same value.
#[test]
fn members_decode_alike_in_every_order() {
    let members = [r#""a":1"#, r#""b":"x""#, r#""c":3"#, r#""d":[4]"#, r#""e":true"#];
    let full = Ordered { a: 1, b: "x".into(), c: Some(3), d: vec![4], e: true };
    let mut order: Vec<usize> = (0..members.len()).collect();
    let mut seen = 0;
    // Every permutation (Heap's algorithm, iteratively).
    let mut counters = vec![0; order.len()];
    let check = |order: &[usize]| {
        let body: Vec<&str> = order.iter().map(|&i| members[i]).collect();
        let json = format!("{{{}}}", body.join(","));
        assert_eq!(from_str::<Ordered>(&json).unwrap(), full, "{json}");
        // With an unknown key in front and one at the end, and spaces around.
        let json = format!("{{ \"zz\": [1, {{}}], {} , \"yy\": null }}", body.join(" , "));
        assert_eq!(from_str::<Ordered>(&json).unwrap(), full, "{json}");
    };
    check(&order);
    seen += 1;
    let mut i = 0;
    while i < order.len() {
        if counters[i] < i {
            if i % 2 == 0 {
                order.swap(0, i);
            } else {
                order.swap(counters[i], i);
            }
            check(&order);
            seen += 1;
            counters[i] += 1;
            i = 0;
        } else {
            counters[i] = 0;
            i += 1;
        }
    }
    assert_eq!(seen, 120);

    // Optional members missing anywhere, an alias, an escaped name.
    let v: Ordered = from_str(r#"{"a":1,"bee":"x","e":false}"#).unwrap();
    assert_eq!(v, Ordered { a: 1, b: "x".into(), c: None, d: vec![], e: false });
    let v: Ordered = from_str(r#"{"\u0061":1,"b":"x","c":3,"\u0064":[4],"e":true}"#).unwrap();
    assert_eq!(v, full);
    // A required member missing after the in-order ones: an error naming it.
    let err = from_str::<Ordered>(r#"{"a":1,"b":"x","c":3}"#).unwrap_err();
    assert!(err.to_string().contains("missing field `e`"), "{err}");
}

#[test]
fn duplicates_after_in_order_members_follow_the_policy() {
    use codec::json::{from_slice_with, DuplicateKeys, Options};
    let json = br#"{"a":1,"b":"x","a":2,"c":3,"e":true}"#;
    let err = from_slice::<Ordered>(json).unwrap_err();
    assert!(err.to_string().contains("duplicate"), "{err}");
    let first: Ordered = from_slice_with(json, &Options::default().duplicate_keys(DuplicateKeys::KeepFirst)).unwrap();
    assert_eq!(first.a, 1);
    let last: Ordered = from_slice_with(json, &Options::default().duplicate_keys(DuplicateKeys::KeepLast)).unwrap();
    assert_eq!(last.a, 2);
    // A repeat right after its first occurrence, and one of the last member.
    assert!(from_slice::<Ordered>(br#"{"a":1,"a":1,"b":"x","e":true}"#).is_err());
    assert!(from_slice::<Ordered>(br#"{"a":1,"b":"x","e":true,"e":true}"#).is_err());
    // Errors inside an in-order member carry its name.
    let err = from_slice::<Ordered>(br#"{"a":1,"b":7,"e":true}"#).unwrap_err();
    assert_eq!(err.path().to_string(), ".b", "{err}");
}

#[derive(Codec, Debug, PartialEq)]
struct OddNames {
    #[codec(rename = "q\"uote")]
    quote: u8,
    #[codec(rename = "back\\slash\n")]
    backslash: u8,
    #[codec(rename = "id")]
    id: Option<u8>,
    #[codec(rename = "id2")]
    id2: Option<u8>,
}

/// The in-order steps compare the input with each name as a JSON string token (quotes
/// included, escaped at macro time): names that need escapes match their escaped form,
/// a name never matches a longer key it is a prefix of, and anything else (other
/// escapes, whitespace before `:`) still decodes through the general path.
#[test]
fn in_order_members_compare_whole_json_tokens() {
    let v: OddNames = from_str(r#"{"q\"uote":1,"back\\slash\n":2,"id2":4}"#).unwrap();
    assert_eq!(v, OddNames { quote: 1, backslash: 2, id: None, id2: Some(4) });
    let v: OddNames = from_str(r#"{"q\u0022uote" : 1 , "back\u005cslash\u000a":2,"id" :3,"id2":4}"#).unwrap();
    assert_eq!(v, OddNames { quote: 1, backslash: 2, id: Some(3), id2: Some(4) });
    // The raw name with its quote unescaped is not JSON, whichever path sees it.
    assert!(from_str::<OddNames>(r#"{"q"uote":1,"back\\slash\n":2}"#).is_err());
    // A key that names a field and is followed by no `:` is an error on the fast path too.
    let err = from_str::<Ordered>(r#"{"a" 1}"#).unwrap_err();
    assert!(err.to_string().contains("expected `:`"), "{err}");
    // The string limit holds for keys that name a field.
    use codec::json::{from_slice_with, Options};
    let err = from_slice_with::<Ordered>(br#"{"a":1}"#, &Options::default().max_string_len(0)).unwrap_err();
    assert!(matches!(err.kind(), codec::ErrorKind::SizeLimit(_)), "{err}");
    let v = from_slice_with::<User>(br#"{"id":1,"name":""}"#, &Options::default().max_string_len(4)).unwrap();
    assert_eq!(v, User { id: 1, name: String::new() });
}

/// `-0` is an integer literal: every integer type reads it as 0, in arrays and in the
/// integration types built on integers (chrono's `TimeDelta` is `[seconds, nanoseconds]`),
/// where serde_json reads a float -0.0 and rejects it (found by the `integrations` fuzz
/// target's differential check; README, Decoding rules). A float field keeps the sign.
#[test]
fn minus_zero_is_the_integer_zero() {
    assert_eq!(codec::json::from_slice::<i64>(b"-0").unwrap(), 0);
    assert_eq!(codec::json::from_slice::<u8>(b"-0").unwrap(), 0);
    assert_eq!(codec::json::from_slice::<Vec<i32>>(b"[-0,1]").unwrap(), [0, 1]);
    assert!(serde_json::from_slice::<i64>(b"-0").is_err());
    let delta: chrono::TimeDelta = codec::json::from_slice(b"[-0,25]").unwrap();
    assert_eq!(delta, chrono::TimeDelta::nanoseconds(25));
    let f: f64 = codec::json::from_slice(b"-0").unwrap();
    assert!(f == 0.0 && f.is_sign_negative());
    assert!(codec::json::from_slice::<i64>(b"-00").is_err());
}
