//! JSONTestSuite (Nicolas Seriot's "Parsing JSON is a Minefield" cases): every `y_` file
//! must decode, every `n_` file must fail with an error, `i_` files may go either way, and
//! no file may panic or overflow the stack. Each file is read as raw bytes and decoded
//! whole, into `Value` (every value kind, numbers classified, strings unescaped and
//! validated) and into `RawJson` (the skipping path).
//!
//! The cases are vendored in `data/JSONTestSuite/test_parsing/` (see `data/README.md`).

use std::panic::{catch_unwind, AssertUnwindSafe};

use codec::json::{from_slice, from_slice_with, DuplicateKeys, Options, RawJson, Value};
use codec::ErrorKind;

/// `y_` cases that the default options reject on purpose: a key twice in one object is
/// an error unless `Options::duplicate_keys` says otherwise (see
/// `y_cases_with_duplicate_keys_pass_under_a_lenient_policy`).
const REJECTED_BY_DEFAULT_POLICY: &[&str] = &["y_object_duplicated_key.json", "y_object_duplicated_key_and_value.json"];

/// Every case as (file name, bytes), sorted by name.
fn cases() -> Vec<(String, Vec<u8>)> {
    let dir = codec_tests::data_dir().join("JSONTestSuite").join("test_parsing");
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("read the folder {}: {e}", dir.display()));
    let mut out = Vec::new();
    for entry in entries {
        let path = entry.expect("read folder entry").path();
        if path.extension().is_some_and(|e| e == "json") {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
            out.push((name, bytes));
        }
    }
    out.sort();
    assert_eq!(out.len(), 318, "data/JSONTestSuite/test_parsing should hold 318 cases (see data/README.md)");
    out
}

#[derive(Debug, Clone, PartialEq)]
enum Outcome {
    Accepted,
    Rejected(String),
    Panicked,
}

/// Decodes `bytes` with `decode`, turning a panic into `Outcome::Panicked`.
fn run(bytes: &[u8], decode: impl Fn(&[u8]) -> Result<(), codec::Error>) -> Outcome {
    match catch_unwind(AssertUnwindSafe(|| decode(bytes))) {
        Ok(Ok(())) => Outcome::Accepted,
        Ok(Err(e)) => Outcome::Rejected(e.to_string()),
        Err(_) => Outcome::Panicked,
    }
}

/// Runs every case through `decode`, prints the table and the `i_` outcomes, and checks
/// the rules; `exempt` lists `y_` cases expected to be rejected.
fn check_suite(what: &str, exempt: &[&str], decode: impl Fn(&[u8]) -> Result<(), codec::Error>) {
    let cases = cases();
    let mut y = (0, 0);
    let mut n = (0, 0);
    let mut i = (0, 0);
    let mut failures = Vec::new();
    let mut panics = Vec::new();
    let mut i_table = Vec::new();
    for (name, bytes) in &cases {
        let outcome = run(bytes, &decode);
        if outcome == Outcome::Panicked {
            panics.push(name.clone());
            continue;
        }
        let accepted = outcome == Outcome::Accepted;
        match &name[..2] {
            "y_" if exempt.contains(&name.as_str()) => {
                if accepted {
                    failures.push(format!("{name}: accepted, but the default policy should reject it"));
                }
            }
            "y_" => {
                if accepted {
                    y.0 += 1;
                } else {
                    y.1 += 1;
                    failures.push(format!("{name}: rejected ({outcome:?})"));
                }
            }
            "n_" => {
                if accepted {
                    n.0 += 1;
                    failures.push(format!("{name}: accepted"));
                } else {
                    n.1 += 1;
                }
            }
            "i_" => {
                if accepted {
                    i.0 += 1;
                } else {
                    i.1 += 1;
                }
                let reason = match &outcome {
                    Outcome::Rejected(msg) => msg.clone(),
                    _ => String::new(),
                };
                i_table.push(format!("| `{name}` | {} | {reason} |", if accepted { "accepted" } else { "rejected" }));
            }
            _ => panic!("unexpected case name {name}"),
        }
    }
    println!("JSONTestSuite test_parsing, decoded as {what}:");
    println!("| prefix | accepted | rejected |");
    println!("|---|---|---|");
    println!("| y_ (must accept) | {} | {} |", y.0, y.1);
    println!("| y_ rejected by the default duplicate-key policy | 0 | {} |", exempt.len());
    println!("| n_ (must reject) | {} | {} |", n.0, n.1);
    println!("| i_ (either) | {} | {} |", i.0, i.1);
    println!("\n| i_ case | {what} | error |\n|---|---|---|");
    for line in &i_table {
        println!("{line}");
    }
    assert!(panics.is_empty(), "{what}: these cases panicked: {panics:?}");
    assert!(failures.is_empty(), "{what}: {} failures:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn json_test_suite_as_value() {
    check_suite("Value", REJECTED_BY_DEFAULT_POLICY, |bytes| from_slice::<Value>(bytes).map(drop));
}

#[test]
fn json_test_suite_as_raw_json() {
    // Skipping checks syntax, escapes and UTF-8 like decoding does, but holds no keys, so
    // duplicate keys are not its business.
    check_suite("RawJson", &[], |bytes| from_slice::<RawJson>(bytes).map(drop));
}

#[test]
fn y_cases_with_duplicate_keys_pass_under_a_lenient_policy() {
    let cases = cases();
    for name in REJECTED_BY_DEFAULT_POLICY {
        let (_, bytes) = cases.iter().find(|(n, _)| n == name).expect("case present");
        let err = from_slice::<Value>(bytes).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::DuplicateField(k) if k == "a"), "{name}: {err}");
        let first: Value = from_slice_with(bytes, &Options::new().duplicate_keys(DuplicateKeys::KeepFirst)).unwrap();
        let last: Value = from_slice_with(bytes, &Options::new().duplicate_keys(DuplicateKeys::KeepLast)).unwrap();
        assert_eq!(first["a"], "b", "{name}");
        assert_eq!(last["a"], if *name == "y_object_duplicated_key.json" { "c" } else { "b" }, "{name}");
        assert_eq!(last.as_object().unwrap().len(), 1);
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let cases = cases();
    for name in ["n_structure_100000_opening_arrays.json", "n_structure_open_array_object.json"] {
        let (_, bytes) = cases.iter().find(|(n, _)| n == name).expect("case present");
        let err = from_slice::<Value>(bytes).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::DepthLimit(128), "{name}: {err}");
        let err = from_slice::<RawJson>(bytes).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::DepthLimit(128), "{name}: {err}");
    }
    // Valid but 500 deep: over the default limit, fine under a raised one.
    let (_, bytes) = cases.iter().find(|(n, _)| n == "i_structure_500_nested_arrays.json").unwrap();
    assert!(from_slice::<Value>(bytes).is_err());
    let v: Value = from_slice_with(bytes, &Options::new().max_depth(500)).unwrap();
    assert!(v.is_array());
}

/// Differential check against serde_json: for every `y_` case, our `Value` re-encoded and
/// read by serde_json equals serde_json's own reading of the original bytes. This pins
/// number classification (integer vs float, exact u64/i64), float rounding, string
/// unescaping and member order-independent content.
#[test]
fn y_cases_re_encode_to_what_serde_json_reads() {
    let cases = cases();
    let mut compared = 0;
    for (name, bytes) in cases.iter().filter(|(n, _)| n.starts_with("y_")) {
        if REJECTED_BY_DEFAULT_POLICY.contains(&name.as_str()) {
            continue;
        }
        let ours: Value = from_slice(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let encoded = codec::json::to_vec(&ours).unwrap();
        let theirs: serde_json::Value =
            serde_json::from_slice(bytes).unwrap_or_else(|e| panic!("serde_json, {name}: {e}"));
        let ours_via_serde: serde_json::Value = serde_json::from_slice(&encoded).unwrap_or_else(|e| {
            panic!("{name}: serde_json cannot read our output {:?}: {e}", String::from_utf8_lossy(&encoded))
        });
        assert_eq!(ours_via_serde, theirs, "{name}: we wrote {}", String::from_utf8_lossy(&encoded));
        // And our own output decodes back to the same Value.
        assert_eq!(from_slice::<Value>(&encoded).unwrap(), ours, "{name}");
        compared += 1;
    }
    assert_eq!(compared, 93);
}

/// A captured sub-document decodes to the same `Value` as the whole file does.
#[test]
fn raw_json_captures_decode_like_the_original() {
    let cases = cases();
    for (name, bytes) in cases.iter().filter(|(n, _)| n.starts_with("y_")) {
        if REJECTED_BY_DEFAULT_POLICY.contains(&name.as_str()) {
            continue;
        }
        let raw: RawJson = from_slice(bytes).unwrap();
        assert_eq!(raw.as_str(), std::str::from_utf8(bytes).unwrap().trim_matches([' ', '\t', '\n', '\r']), "{name}");
        assert_eq!(raw.decode::<Value>().unwrap(), from_slice::<Value>(bytes).unwrap(), "{name}");
        assert_eq!(codec::json::to_vec(&raw).unwrap(), raw.as_str().as_bytes(), "{name}");
    }
}

/// JSONTestSuite's `test_transform/` cases have no right answer; these are codec's, pinned
/// so a change is a decision: out-of-range integers become the nearest `f64` below
/// `i64::MIN` but stay exact up to `u64::MAX`, extra digits and tiny exponents round,
/// keys are compared as bytes (NFC and NFD are two keys), a repeated key is an error under
/// the default policy, and a string must be Unicode (no lone surrogate, no invalid UTF-8)
/// while an escaped NUL is kept. `Ok` holds `Value`'s re-encoding, `Err` the start of the
/// error message.
#[test]
fn test_transform_outcomes_are_pinned() {
    let pinned: [(&str, Result<&str, &str>); 22] = [
        ("number_-9223372036854775808.json", Ok("[-9223372036854775808]")),
        ("number_-9223372036854775809.json", Ok("[-9.223372036854776e+18]")),
        ("number_1.0.json", Ok("[1.0]")),
        ("number_1.000000000000000005.json", Ok("[1.0]")),
        ("number_1000000000000000.json", Ok("[1000000000000000]")),
        ("number_10000000000000000999.json", Ok("[10000000000000000999]")),
        ("number_1e-999.json", Ok("[0.0]")),
        ("number_1e6.json", Ok("[1000000.0]")),
        ("number_9223372036854775807.json", Ok("[9223372036854775807]")),
        ("number_9223372036854775808.json", Ok("[9223372036854775808]")),
        ("object_key_nfc_nfd.json", Ok("{\"\u{e9}\":\"NFC\",\"e\u{301}\":\"NFD\"}")),
        ("object_key_nfd_nfc.json", Ok("{\"e\u{301}\":\"NFD\",\"\u{e9}\":\"NFC\"}")),
        ("object_same_key_different_values.json", Err("duplicate field `a`")),
        ("object_same_key_same_value.json", Err("duplicate field `a`")),
        ("object_same_key_unclear_values.json", Err("duplicate field `a`")),
        ("string_1_escaped_invalid_codepoint.json", Err("invalid escape: lone leading surrogate")),
        ("string_1_invalid_codepoint.json", Err("invalid UTF-8 in string")),
        ("string_2_escaped_invalid_codepoints.json", Err("invalid escape: lone leading surrogate")),
        ("string_2_invalid_codepoints.json", Err("invalid UTF-8 in string")),
        ("string_3_escaped_invalid_codepoints.json", Err("invalid escape: lone leading surrogate")),
        ("string_3_invalid_codepoints.json", Err("invalid UTF-8 in string")),
        ("string_with_escaped_NULL.json", Ok("[\"A\\u0000B\"]")),
    ];
    let dir = codec_tests::data_dir().join("JSONTestSuite").join("test_transform");
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("read the folder {}: {e}", dir.display()));
    let mut present: Vec<String> =
        entries.map(|e| e.expect("read folder entry").file_name().to_string_lossy().into_owned()).collect();
    present.sort();
    assert_eq!(present, pinned.iter().map(|(name, _)| *name).collect::<Vec<_>>(), "the 22 test_transform cases");

    for (name, expected) in pinned {
        let bytes = codec_tests::data(&format!("JSONTestSuite/test_transform/{name}"));
        match (from_slice::<Value>(&bytes), expected) {
            (Ok(value), Ok(encoded)) => assert_eq!(codec::json::to_string(&value).unwrap(), encoded, "{name}"),
            (Err(err), Err(message)) => assert!(err.to_string().starts_with(message), "{name}: {err}"),
            (got, _) => panic!("{name}: expected {expected:?}, got {got:?}"),
        }
    }
}
