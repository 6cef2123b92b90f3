//! Decoding limits and policies (`codec::json::Options`): every default holds on hostile
//! input, and each one can be changed.

use std::collections::BTreeMap;

use codec::json::{from_slice, from_slice_with, DuplicateKeys, Options};
use codec::{Codec, ErrorKind};

#[derive(Codec, Debug, PartialEq)]
struct Small {
    id: u32,
}

#[test]
fn depth_limit_applies_to_typed_values() {
    let nested = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
    type V5 = Vec<Vec<Vec<Vec<Vec<u8>>>>>;
    let opts = Options::new().max_depth(4);
    let err = from_slice_with::<V5>(nested(5).as_bytes(), &opts).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DepthLimit(4));
    assert_eq!(err.offset(), Some(4));
    assert!(from_slice_with::<V5>(nested(4).as_bytes(), &Options::new().max_depth(5)).is_ok());
}

#[test]
fn depth_limit_applies_while_skipping_unknown_fields() {
    // 100,000 nested arrays inside a field the type ignores: an error, not a stack overflow.
    let doc = format!(r#"{{"id":1,"junk":{}}}"#, "[".repeat(100_000));
    let err = from_slice::<Small>(doc.as_bytes()).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DepthLimit(128));
    // The default limit: 127 levels inside the struct's own object are fine.
    let ok = format!(r#"{{"id":1,"junk":{}{}}}"#, "[".repeat(127), "]".repeat(127));
    assert_eq!(from_slice::<Small>(ok.as_bytes()).unwrap(), Small { id: 1 });
    let too_deep = format!(r#"{{"id":1,"junk":{}{}}}"#, "[".repeat(128), "]".repeat(128));
    assert_eq!(from_slice::<Small>(too_deep.as_bytes()).unwrap_err().kind(), &ErrorKind::DepthLimit(128));
}

#[test]
fn string_length_limit() {
    let opts = Options::new().max_string_len(8);
    assert_eq!(from_slice_with::<String>(br#""12345678""#, &opts).unwrap(), "12345678");
    let err = from_slice_with::<String>(br#""123456789""#, &opts).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::SizeLimit(_)), "{err}");
    assert_eq!(err.to_string(), "size limit exceeded: string longer than the limit of 8 bytes (line 1, column 1)");
    // Keys and skipped values count too.
    let err = from_slice_with::<Small>(br#"{"id":1,"long_key_name":0}"#, &opts).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::SizeLimit(_)), "{err}");
}

#[test]
fn number_length_limit_rejects_huge_literals_quickly() {
    let million = format!("[1{}]", "0".repeat(1_000_000));
    let start = std::time::Instant::now();
    for doc in [million.clone(), format!("[0.{}1]", "0".repeat(1_000_000)), format!("[1e{}]", "9".repeat(1_000_000))] {
        let err = from_slice::<Vec<f64>>(doc.as_bytes()).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::SizeLimit(_)), "{err}");
        let err = from_slice::<Vec<u64>>(doc.as_bytes()).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::SizeLimit(_) | ErrorKind::InvalidType { .. }), "{err}");
    }
    let doc = format!(r#"{{"id":1,"x":{}}}"#, &million[1..million.len() - 1]);
    let err = from_slice::<Small>(doc.as_bytes()).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::SizeLimit(_)), "{err}");
    // Not a timing assertion: a generous bound that only a quadratic parse would exceed.
    assert!(start.elapsed().as_secs() < 20);
    // A long but allowed literal is still parsed exactly.
    let long = format!("0.{}1", "0".repeat(300));
    let v: f64 = from_slice(long.as_bytes()).unwrap();
    assert_eq!(v.to_bits(), long.parse::<f64>().unwrap().to_bits());
    let opts = Options::new().max_number_len(4);
    assert!(from_slice_with::<f64>(b"1.25", &opts).is_ok());
    assert!(matches!(from_slice_with::<f64>(b"1.125", &opts).unwrap_err().kind(), ErrorKind::SizeLimit(_)));
}

#[test]
fn duplicate_map_keys_policy() {
    let doc = br#"{"a":1,"b":2,"a":3}"#;
    let err = from_slice::<BTreeMap<String, u8>>(doc).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::DuplicateField("a".into()));
    assert_eq!(err.offset(), Some(13));
    let first: BTreeMap<String, u8> =
        from_slice_with(doc, &Options::new().duplicate_keys(DuplicateKeys::KeepFirst)).unwrap();
    assert_eq!(first, BTreeMap::from([("a".into(), 1), ("b".into(), 2)]));
    let last: BTreeMap<String, u8> =
        from_slice_with(doc, &Options::new().duplicate_keys(DuplicateKeys::KeepLast)).unwrap();
    assert_eq!(last, BTreeMap::from([("a".into(), 3), ("b".into(), 2)]));
    // Keep-first still validates the skipped value.
    let bad = br#"{"a":1,"a":[}"#;
    assert!(
        from_slice_with::<BTreeMap<String, u8>>(bad, &Options::new().duplicate_keys(DuplicateKeys::KeepFirst)).is_err()
    );
}

#[test]
fn trailing_content_policy() {
    let err = from_slice::<Small>(br#"{"id":1} {"id":2}"#).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::TrailingCharacters);
    assert_eq!(err.offset(), Some(9));
    assert!(from_slice::<Small>(b"{\"id\":1} \n\t\r").is_ok());
    let opts = Options::new().allow_trailing(true);
    assert_eq!(from_slice_with::<Small>(br#"{"id":1} {"id":2}"#, &opts).unwrap(), Small { id: 1 });
}

#[test]
fn duplicate_struct_fields_policy() {
    let doc = br#"{"id":1,"id":2}"#;
    let err = from_slice::<Small>(doc).unwrap_err();
    assert_eq!(err.to_string(), "duplicate field `id` (line 1, column 9)");
    let first: Small = from_slice_with(doc, &Options::new().duplicate_keys(DuplicateKeys::KeepFirst)).unwrap();
    assert_eq!(first, Small { id: 1 });
    let last: Small = from_slice_with(doc, &Options::new().duplicate_keys(DuplicateKeys::KeepLast)).unwrap();
    assert_eq!(last, Small { id: 2 });
    // Keep-first validates what it skips.
    let bad = br#"{"id":1,"id":"x"}"#;
    assert!(from_slice_with::<Small>(bad, &Options::new().duplicate_keys(DuplicateKeys::KeepFirst)).is_ok());
    let bad = br#"{"id":1,"id":[}"#;
    assert!(from_slice_with::<Small>(bad, &Options::new().duplicate_keys(DuplicateKeys::KeepFirst)).is_err());
}

#[test]
fn only_the_four_whitespace_bytes_are_skipped() {
    for b in (0u8..=0x20).filter(|b| !matches!(b, b' ' | b'\n' | b'\r' | b'\t')) {
        for doc in [vec![b, b'1'], vec![b'[', b, b'1', b']'], vec![b'[', b'1', b, b']'], vec![b'1', b' ', b]] {
            assert!(from_slice::<codec::json::Value>(&doc).is_err(), "{doc:?} accepted");
        }
    }
    assert_eq!(from_slice::<Vec<u8>>(b" \t\r\n[ \n 1 \t,\r\n        2          ]\n").unwrap(), vec![1, 2]);
}
