//! Integrations with other crates' types (codec's features `uuid`, `ulid`, `rust_decimal`,
//! `url`, `bytes`, `smol_str`, `compact_str`, `indexmap`, `smallvec`, `arrayvec`,
//! `ordered-float`, `semver`, `either`), one module per crate.
//!
//! Each crate's own serde impl is the reference: codec's JSON is serde_json's, byte for
//! byte, codec's MessagePack is rmp-serde's (`to_vec_named`, structs as maps), and each
//! side reads what the other wrote (`check`), on many values (proptest) and on the edge
//! cases by hand. The deliberate differences are tested as such: a UUID string in
//! MessagePack (codec reads it, rmp-serde does not), a ULID above 128 bits (an error for
//! codec, truncated by ulid), a JSON number read into a `Decimal` (exact for codec, through
//! `f64` for serde), NaN in JSON (an error for codec, `null` for serde_json). Then decode
//! errors (kind, offset, path) and map keys.
//!
//! Case counts are modest by default; `PROPTEST_CASES` raises them. Failure persistence is
//! off, so nothing is written into the source tree.

use std::collections::BTreeMap;
use std::fmt::Debug;

use codec::{Codec, DecodeOwned, Encode, ErrorKind};
use common::config;
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

mod common;

/// The JSON codec writes is serde_json's, byte for byte, and codec's MessagePack is
/// rmp-serde's; codec reads both back to `v`, and so do serde_json and rmp-serde. Returns
/// the JSON.
#[track_caller]
fn check<T>(v: &T) -> String
where
    T: Encode + DecodeOwned + Serialize + DeserializeOwned + PartialEq + Debug,
{
    let json = codec::json::to_string(v).unwrap();
    assert_eq!(json, serde_json::to_string(v).unwrap(), "JSON of {v:?}");
    assert_eq!(&codec::json::from_str::<T>(&json).unwrap(), v, "codec reading {json}");
    assert_eq!(&serde_json::from_str::<T>(&json).unwrap(), v, "serde_json reading {json}");
    let packed = codec::msgpack::to_vec(v).unwrap();
    assert_eq!(packed, rmp_serde::to_vec_named(v).unwrap(), "MessagePack of {v:?}");
    assert_eq!(&codec::msgpack::from_slice::<T>(&packed).unwrap(), v, "codec reading {packed:x?}");
    assert_eq!(&rmp_serde::from_slice::<T>(&packed).unwrap(), v, "rmp-serde reading {packed:x?}");
    json
}

/// The error of decoding `json` as `T`: its kind, offset and path.
#[track_caller]
fn json_error<T: DecodeOwned + Debug>(json: &str) -> (ErrorKind, Option<usize>, String) {
    let e = codec::json::from_str::<T>(json).unwrap_err();
    (e.kind().clone(), e.offset(), e.path())
}

#[track_caller]
fn msgpack_error<T: DecodeOwned + Debug>(bytes: &[u8]) -> (ErrorKind, Option<usize>, String) {
    let e = codec::msgpack::from_slice::<T>(bytes).unwrap_err();
    (e.kind().clone(), e.offset(), e.path())
}

#[track_caller]
fn invalid_value(kind: &ErrorKind) -> String {
    match kind {
        ErrorKind::InvalidValue(m) => m.to_string(),
        other => panic!("expected InvalidValue, got {other:?}"),
    }
}

#[track_caller]
fn assert_invalid_type(kind: &ErrorKind, expected: &str) {
    match kind {
        ErrorKind::InvalidType { expected: e, .. } => assert_eq!(e, expected),
        other => panic!("expected InvalidType, got {other:?}"),
    }
}

mod uuid_ {
    use super::*;
    use uuid::Uuid;

    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
    struct Event {
        id: Uuid,
        parent: Option<Uuid>,
        by_id: BTreeMap<Uuid, u8>,
    }

    #[test]
    fn forms_are_uuids_serde_forms() {
        let id = Uuid::from_u128(0x67e5_5044_10b1_426f_9247_bb68_0e5f_e0c8);
        assert_eq!(check(&id), r#""67e55044-10b1-426f-9247-bb680e5fe0c8""#);
        check(&Uuid::nil());
        check(&Uuid::max());
        let e = Event { id, parent: None, by_id: BTreeMap::from([(id, 1), (Uuid::nil(), 2)]) };
        assert_eq!(
            check(&e),
            r#"{"id":"67e55044-10b1-426f-9247-bb680e5fe0c8","parent":null,"by_id":{"00000000-0000-0000-0000-000000000000":2,"67e55044-10b1-426f-9247-bb680e5fe0c8":1}}"#
        );
        // A bin key in MessagePack, as rmp-serde writes it.
        let packed = codec::msgpack::to_vec(&e.by_id).unwrap();
        assert_eq!(&packed[..3], b"\x82\xc4\x10");
    }

    #[test]
    fn every_spelling_is_read_in_both_formats() {
        let id = Uuid::from_u128(0x0123_4567_89ab_cdef_fedc_ba98_7654_3210);
        for text in [
            id.hyphenated().to_string(),
            id.hyphenated().to_string().to_uppercase(),
            id.simple().to_string(),
            id.braced().to_string(),
            id.urn().to_string(),
            format!("URN:uuid:{}", id.hyphenated()),
        ] {
            let json = format!("\"{text}\"");
            assert_eq!(codec::json::from_str::<Uuid>(&json).unwrap(), id, "{text}");
            assert_eq!(serde_json::from_str::<Uuid>(&json).unwrap(), id, "{text}");
            // As a key too.
            let m: BTreeMap<Uuid, u8> = codec::json::from_str(&format!("{{{json}:1}}")).unwrap();
            assert_eq!(m[&id], 1);
            // A str in MessagePack: codec reads it; rmp-serde (not human-readable, so
            // asking for bytes) does not, the one deliberate difference.
            let packed = rmp_serde::to_vec(&text).unwrap();
            assert_eq!(codec::msgpack::from_slice::<Uuid>(&packed).unwrap(), id);
            assert!(rmp_serde::from_slice::<Uuid>(&packed).is_err());
            let m: BTreeMap<Uuid, u8> =
                codec::msgpack::from_slice(&rmp_serde::to_vec(&BTreeMap::from([(text.clone(), 1u8)])).unwrap())
                    .unwrap();
            assert_eq!(m[&id], 1);
        }
        // An escaped spelling is read once unescaped.
        assert_eq!(codec::json::from_str::<Uuid>(r#""\u0030123456789abcdeffedcba9876543210""#).unwrap(), id);
        // MessagePack's array of 16 integers, as serde reads a plain byte sequence.
        let array = rmp_serde::to_vec(&id.as_bytes().to_vec()).unwrap();
        assert_eq!(codec::msgpack::from_slice::<Uuid>(&array).unwrap(), id);
        assert_eq!(rmp_serde::from_slice::<Uuid>(&array).unwrap(), id);
    }

    #[test]
    fn bad_input_is_an_error_at_the_value() {
        let (kind, offset, path) =
            json_error::<Event>(r#"{"id": "67e55044-10b1-426f-9247-bb680e5fe0c", "parent": null, "by_id": {}}"#);
        assert_eq!((offset, path.as_str()), (Some(7), ".id"));
        assert_eq!(
            invalid_value(&kind),
            "not a UUID: found 35 characters, expected 32 (simple), 36 (hyphenated), 38 (braced) or 45 (URN)"
        );
        let (kind, offset, _) = json_error::<Uuid>(r#""67e55044x10b1-426f-9247-bb680e5fe0c8""#);
        assert_eq!((invalid_value(&kind).as_str(), offset), ("not a UUID: expected `-` at character 9", Some(0)));
        let (kind, _, _) = json_error::<Uuid>(r#""{67e55044-10b1-426f-9247-bb680e5fe0c8)""#);
        assert_eq!(invalid_value(&kind), "not a UUID: a UUID of 38 characters must be braced: `{` ... `}`");
        let (kind, _, _) = json_error::<Uuid>(r#""67e55044-10b1-426f-9247-bb680e5fé0c""#);
        assert_eq!(invalid_value(&kind), "not a UUID: `é` at character 33 is not a hex digit");
        let (kind, offset, _) = json_error::<Uuid>(" 17");
        assert_invalid_type(&kind, "a UUID string");
        assert_eq!(offset, Some(1));
        let (kind, offset, path) = json_error::<BTreeMap<Uuid, u8>>(r#"{"x": 1}"#);
        assert_eq!((offset, path.as_str()), (Some(1), ""));
        assert!(invalid_value(&kind).starts_with("not a UUID"));

        let (kind, offset, _) = msgpack_error::<Uuid>(b"\xc4\x0f0123456789abcde");
        assert_eq!((invalid_value(&kind).as_str(), offset), ("not a UUID: found 15 bytes, expected 16", Some(0)));
        let (kind, _, _) = msgpack_error::<Uuid>(b"\xc0");
        assert_invalid_type(&kind, "a UUID (a 16-byte bin or a string)");
        let (kind, offset, _) = msgpack_error::<Uuid>(b"\x92\x01\x02");
        assert_eq!((matches!(kind, ErrorKind::InvalidValue(_)), offset), (true, Some(0)));
        let (kind, _, _) = msgpack_error::<BTreeMap<Uuid, u8>>(b"\x81\x01\x01");
        assert_invalid_type(&kind, "a UUID key (a 16-byte bin or a string)");
    }

    proptest! {
        #![proptest_config(config(256))]

        #[test]
        fn any_uuid(v in any::<u128>(), upper in any::<bool>()) {
            let id = Uuid::from_u128(v);
            check(&id);
            check(&BTreeMap::from([(id, v as u8)]));
            let simple = if upper { id.simple().to_string().to_uppercase() } else { id.simple().to_string() };
            prop_assert_eq!(codec::json::from_str::<Uuid>(&format!("\"{simple}\"")).unwrap(), id);
        }
    }
}

mod ulid_ {
    use super::*;
    use ulid::Ulid;

    #[test]
    fn forms_are_ulids_serde_forms() {
        let id = Ulid(0x0185_7d51_3b4e_4e84_a69f_1f39_0ba3_34c6);
        assert_eq!(check(&id), format!("\"{id}\""));
        check(&Ulid::nil());
        check(&Ulid(u128::MAX));
        check(&BTreeMap::from([(id, 1u8)]));
        assert_eq!(codec::msgpack::to_vec(&id).unwrap()[0], 0xa0 | 26);
        assert_eq!(codec::json::from_str::<Ulid>(&format!("\"{}\"", id.to_string().to_lowercase())).unwrap(), id);
    }

    #[test]
    fn bad_input_is_an_error() {
        // ulid's `from_string` (and so its serde impl) drops the bits past 128; codec
        // refuses such a string, as the ULID specification asks.
        let over = r#""80000000000000000000000000""#;
        assert_eq!(serde_json::from_str::<Ulid>(over).unwrap(), Ulid(0));
        let (kind, offset, _) = json_error::<Ulid>(over);
        assert_eq!(
            (invalid_value(&kind).as_str(), offset),
            ("not a ULID: the first character must be 0 to 7: the value has more than 128 bits", Some(0))
        );
        let (kind, _, _) = json_error::<Ulid>(r#""0000000000000000000000000U""#);
        assert_eq!(invalid_value(&kind), "not a ULID: `U` at character 26 is not a Crockford base32 digit");
        let (kind, _, _) = json_error::<Ulid>(r#""000""#);
        assert_eq!(invalid_value(&kind), "not a ULID: found 3 characters, expected 26");
        let (kind, _, path) = json_error::<Vec<Ulid>>("[null]");
        assert_invalid_type(&kind, "a ULID string");
        assert_eq!(path, "[0]");
        let (kind, _, _) = msgpack_error::<Ulid>(b"\xc4\x01\x00");
        assert_invalid_type(&kind, "a ULID string");
        let (kind, _, _) = msgpack_error::<BTreeMap<Ulid, u8>>(b"\x81\x01\x01");
        assert_invalid_type(&kind, "a ULID string key");
    }

    proptest! {
        #![proptest_config(config(256))]

        #[test]
        fn any_ulid(v in any::<u128>()) {
            check(&Ulid(v));
            check(&BTreeMap::from([(Ulid(v), 0u8)]));
        }
    }
}

mod rust_decimal_ {
    use super::*;
    use rust_decimal::Decimal;
    use std::str::FromStr;

    fn dec(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
    struct Order {
        total: Decimal,
        #[codec(with = "codec::with::rust_decimal::number")]
        #[serde(with = "rust_decimal::serde::str")]
        price: Decimal,
        #[codec(with = "codec::with::rust_decimal::number_option", default)]
        #[serde(with = "rust_decimal::serde::str_option", default)]
        discount: Option<Decimal>,
    }

    /// The parts, scale and sign included, so `1.0` and `1.00` differ (`==` says equal).
    fn exact(d: &Decimal) -> [u8; 16] {
        d.serialize()
    }

    #[test]
    fn default_form_is_rust_decimals_serde_form() {
        for s in ["0", "1", "-1", "123.400", "0.005", "-0.5", "1.0", "79228162514264337593543950335"] {
            let d = dec(s);
            assert_eq!(check(&d), format!("\"{s}\""));
            assert_eq!(exact(&codec::json::from_str::<Decimal>(&format!("\"{s}\"")).unwrap()), exact(&d));
        }
        check(&Decimal::MAX);
        check(&Decimal::MIN);
        check(&BTreeMap::from([(dec("1.50"), 1u8), (dec("-3"), 2)]));
        // A negative zero keeps its sign in writing, as serde writes it; reading makes it
        // positive, as rust_decimal's parser does.
        let mut negative_zero = dec("0.00");
        negative_zero.set_sign_negative(true);
        assert_eq!(check(&negative_zero), r#""-0.00""#);
        assert_eq!(codec::msgpack::to_vec(&dec("1.5")).unwrap(), b"\xa31.5");
    }

    #[test]
    fn strings_are_read_as_rust_decimal_reads_them() {
        for s in ["1e3", "+1", "1_000", "1.", ".5", "0.12345678901234567890123456789012", "-1.5E-3", "00012.3400"] {
            let json = format!("\"{s}\"");
            let ours = codec::json::from_str::<Decimal>(&json).unwrap();
            let serde = serde_json::from_str::<Decimal>(&json).unwrap();
            assert_eq!(exact(&ours), exact(&serde), "{s}");
        }
    }

    #[test]
    fn numbers_are_read_exactly() {
        // serde's impl reads a JSON number through f64: 0.1 is still 0.1, but the scale
        // is lost and digits past the 17th are rounded. codec reads the text.
        let ours = codec::json::from_str::<Decimal>("2.50").unwrap();
        assert_eq!(ours.to_string(), "2.50");
        assert_eq!(serde_json::from_str::<Decimal>("2.50").unwrap().to_string(), "2.5");
        let long = "1234567890.123456789012345678";
        assert_eq!(codec::json::from_str::<Decimal>(long).unwrap().to_string(), long);
        assert_ne!(serde_json::from_str::<Decimal>(long).unwrap().to_string(), long);
        assert_eq!(codec::json::from_str::<Decimal>("-12e-2").unwrap().to_string(), "-0.12");
        // In MessagePack an integer is exact and a float is its shortest decimal, as serde.
        for packed in [rmp_serde::to_vec(&-7i64).unwrap(), rmp_serde::to_vec(&u64::MAX).unwrap()] {
            assert_eq!(
                exact(&codec::msgpack::from_slice::<Decimal>(&packed).unwrap()),
                exact(&rmp_serde::from_slice::<Decimal>(&packed).unwrap())
            );
        }
        let packed = rmp_serde::to_vec(&0.1f64).unwrap();
        assert_eq!(codec::msgpack::from_slice::<Decimal>(&packed).unwrap().to_string(), "0.1");
        assert_eq!(rmp_serde::from_slice::<Decimal>(&packed).unwrap().to_string(), "0.1");
    }

    #[test]
    fn the_number_form_is_exact_both_ways() {
        let o =
            Order { total: dec("39.80"), price: dec("19.90"), discount: Some(dec("-0.000000000000000000000000001")) };
        let json = codec::json::to_string(&o).unwrap();
        assert_eq!(json, r#"{"total":"39.80","price":19.90,"discount":-0.000000000000000000000000001}"#);
        let back: Order = codec::json::from_str(&json).unwrap();
        assert_eq!((exact(&back.price), exact(&back.discount.unwrap())), (exact(&o.price), exact(&dec("-1e-27"))));
        // The number form also reads the string form (and so what serde's `str` writes).
        let serde_json_text = serde_json::to_string(&o).unwrap();
        assert_eq!(codec::json::from_str::<Order>(&serde_json_text).unwrap(), o);
        let none = Order { discount: None, ..o };
        assert_eq!(codec::json::to_string(&none).unwrap(), r#"{"total":"39.80","price":19.90,"discount":null}"#);
        assert_eq!(codec::json::from_str::<Order>(r#"{"total":"39.80","price":19.90}"#).unwrap(), none);
        // MessagePack: strings throughout, which rmp-serde reads with serde's `str`.
        let packed = codec::msgpack::to_vec(&none).unwrap();
        assert_eq!(packed, rmp_serde::to_vec_named(&none).unwrap());
        assert_eq!(codec::msgpack::from_slice::<Order>(&packed).unwrap(), none);
    }

    #[test]
    fn bad_input_is_an_error() {
        let (kind, offset, path) = json_error::<Order>(r#"{"total": "12x", "price": 1}"#);
        assert_eq!((offset, path.as_str()), (Some(10), ".total"));
        assert!(invalid_value(&kind).starts_with("not a decimal: \"12x\""), "{kind:?}");
        let (kind, offset, path) = json_error::<Order>(r#"{"total": "1", "price": 1e400}"#);
        assert_eq!((offset, path.as_str()), (Some(24), ".price"));
        assert!(invalid_value(&kind).starts_with("not a decimal: \"1e400\""), "{kind:?}");
        let (kind, _, _) = json_error::<Decimal>(r#""79228162514264337593543950336""#);
        assert!(invalid_value(&kind).contains("overflow"), "{kind:?}");
        let (kind, _, path) = json_error::<Order>(r#"{"total": "1", "price": true}"#);
        assert_invalid_type(&kind, "a decimal number");
        assert_eq!(path, ".price");
        let (kind, _, _) = json_error::<Decimal>("[]");
        assert_invalid_type(&kind, "a decimal (a string or a number)");
        let (kind, _, _) = msgpack_error::<Decimal>(&rmp_serde::to_vec(&f64::NAN).unwrap());
        assert!(matches!(kind, ErrorKind::OutOfRange(_)), "{kind:?}");
        let (kind, _, _) = msgpack_error::<Decimal>(b"\xc0");
        assert_invalid_type(&kind, "a decimal (a string or a number)");
        let (kind, _, _) = msgpack_error::<BTreeMap<Decimal, u8>>(b"\x81\x01\x01");
        assert_invalid_type(&kind, "a decimal string key");
    }

    fn any_decimal() -> impl Strategy<Value = Decimal> {
        (any::<u32>(), any::<u32>(), any::<u32>(), any::<bool>(), 0u32..=28)
            .prop_map(|(lo, mid, hi, neg, scale)| Decimal::from_parts(lo, mid, hi, neg, scale))
    }

    /// Mantissas of up to 15 digits, which an `f64` holds exactly.
    fn short_decimal() -> impl Strategy<Value = Decimal> {
        (-999_999_999_999_999i64..=999_999_999_999_999, 0u32..=15).prop_map(|(m, s)| Decimal::new(m, s))
    }

    proptest! {
        #![proptest_config(config(512))]

        #[test]
        fn any_decimal_round_trips_exactly(d in any_decimal()) {
            let json = check(&d);
            prop_assert_eq!(&json, &format!("\"{}\"", if d.is_sign_negative() { format!("-{}", d.abs()) } else { d.to_string() }));
            let back = codec::json::from_str::<Decimal>(&json).unwrap();
            if !d.is_zero() {
                prop_assert_eq!(exact(&back), exact(&d));
            }
            prop_assert_eq!(back.scale(), d.scale());
            // The number form: the same text without quotes, read back exactly.
            let mut w = codec::json::JsonWriter::new();
            codec::with::rust_decimal::number::encode(&d, &mut w).unwrap();
            prop_assert_eq!(w.as_bytes(), &json.as_bytes()[1..json.len() - 1]);
            let mut r = codec::json::JsonReader::new(w.as_bytes());
            let number = codec::with::rust_decimal::number::decode(&mut r).unwrap();
            prop_assert_eq!(exact(&number), exact(&back));
            check(&BTreeMap::from([(d, 0u8)]));
        }

        #[test]
        fn short_numbers_agree_with_serde(d in short_decimal()) {
            let text = d.to_string();
            let ours = codec::json::from_str::<Decimal>(&text).unwrap();
            prop_assert_eq!(ours.to_string(), text.clone());
            prop_assert_eq!(ours, serde_json::from_str::<Decimal>(&text).unwrap());
        }
    }
}

mod url_ {
    use super::*;
    use url::Url;

    #[test]
    fn forms_are_urls_serde_forms() {
        for s in [
            "https://example.com/",
            "https://user:pw@example.com:8080/a/b?q=1&r=%20#frag",
            "mailto:a@b.c",
            "data:text/plain,hi\"there",
            "file:///tmp/x y",
        ] {
            let u = Url::parse(s).unwrap();
            check(&u);
            check(&BTreeMap::from([(u, 1u8)]));
        }
    }

    #[test]
    fn bad_input_is_an_error() {
        let (kind, offset, path) = json_error::<Vec<Url>>(r#"["https://a.example", "//no-scheme"]"#);
        assert_eq!(
            (invalid_value(&kind).as_str(), offset, path.as_str()),
            ("not a URL: relative URL without a base", Some(22), "[1]")
        );
        let (kind, _, _) = json_error::<Url>(r#""https://exa mple.com""#);
        assert_eq!(invalid_value(&kind), "not a URL: invalid international domain name");
        let (kind, _, _) = json_error::<Url>("{}");
        assert_invalid_type(&kind, "a URL string");
        let (kind, _, _) = msgpack_error::<Url>(b"\x01");
        assert_invalid_type(&kind, "a URL string");
        let (kind, offset, _) = msgpack_error::<Url>(b"\xa1x");
        assert_eq!((invalid_value(&kind).as_str(), offset), ("not a URL: relative URL without a base", Some(0)));
    }

    proptest! {
        #![proptest_config(config(128))]

        #[test]
        fn any_url(host in "[a-z]{1,8}(\\.[a-z]{1,5}){0,2}", path in "(/[a-zA-Z0-9 %é._~-]{0,6}){0,3}", query in proptest::option::of("[a-z=& \"<>]{0,8}"), port in proptest::option::of(any::<u16>())) {
            let port = port.map(|p| format!(":{p}")).unwrap_or_default();
            let query = query.map(|q| format!("?{q}")).unwrap_or_default();
            let u = Url::parse(&format!("https://{host}{port}{path}{query}")).unwrap();
            check(&u);
        }
    }
}

mod bytes_ {
    use super::*;
    use bytes::{Bytes, BytesMut};

    #[test]
    fn forms_are_bytes_serde_forms() {
        assert_eq!(check(&Bytes::from_static(b"hi")), "[104,105]");
        check(&Bytes::new());
        check(&BytesMut::from(&b"\x00\xff"[..]));
        assert_eq!(codec::msgpack::to_vec(&Bytes::from_static(b"hi")).unwrap(), b"\xc4\x02hi");
    }

    #[test]
    fn every_form_of_the_byte_rule_is_read() {
        // A JSON string stands for its UTF-8 bytes (serde's impl reads it so too).
        for json in [r#""hé""#, r#""h\u00e9""#, "[104,195,169]"] {
            assert_eq!(codec::json::from_str::<Bytes>(json).unwrap(), "hé".as_bytes(), "{json}");
            assert_eq!(serde_json::from_str::<Bytes>(json).unwrap(), "hé".as_bytes(), "{json}");
            assert_eq!(codec::json::from_str::<BytesMut>(json).unwrap(), "hé".as_bytes(), "{json}");
        }
        // An array of numbers in MessagePack.
        let packed = rmp_serde::to_vec(&vec![1u8, 2]).unwrap();
        assert_eq!(codec::msgpack::from_slice::<BytesMut>(&packed).unwrap(), &[1u8, 2][..]);
        let (kind, _, path) = json_error::<Bytes>("[1, 256]");
        assert!(matches!(kind, ErrorKind::OutOfRange(_)), "{kind:?}");
        assert_eq!(path, "[1]");
        let (kind, _, _) = json_error::<Bytes>("7");
        assert_invalid_type(&kind, "bytes (a string or an array of numbers)");
        let (kind, _, _) = msgpack_error::<Bytes>(b"\xc0");
        assert!(matches!(kind, ErrorKind::InvalidType { .. }), "{kind:?}");
    }

    proptest! {
        #![proptest_config(config(256))]

        #[test]
        fn any_bytes(v in proptest::collection::vec(any::<u8>(), 0..80)) {
            check(&Bytes::from(v.clone()));
            check(&BytesMut::from(&v[..]));
        }
    }
}

mod strings {
    use super::*;
    use arrayvec::ArrayString;
    use compact_str::CompactString;
    use smol_str::SmolStr;

    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
    struct Names {
        smol: SmolStr,
        compact: CompactString,
        code: ArrayString<16>,
        by_smol: BTreeMap<SmolStr, u8>,
        by_compact: BTreeMap<CompactString, u8>,
        by_code: BTreeMap<ArrayString<8>, u8>,
    }

    #[test]
    fn strings_with_escapes_and_keys() {
        let n = Names {
            smol: SmolStr::new("a \"quoted\"\n line, long enough to live on the heap"),
            compact: CompactString::new("tab\there, é and \u{1f600}"),
            code: ArrayString::from("\u{7f}\u{1}").unwrap(),
            by_smol: BTreeMap::from([(SmolStr::new("k\\"), 1)]),
            by_compact: BTreeMap::from([(CompactString::new(""), 2)]),
            by_code: BTreeMap::from([(ArrayString::from("x/y").unwrap(), 3)]),
        };
        check(&n);
        // Escaped keys and values are read unescaped.
        let n: Names = codec::json::from_str(
            r#"{"smol":"\u0041","compact":"\n","code":"\/","by_smol":{"\u0041":1},"by_compact":{"\t":2},"by_code":{"\"":3}}"#,
        )
        .unwrap();
        assert_eq!((n.smol.as_str(), n.compact.as_str(), n.code.as_str()), ("A", "\n", "/"));
        assert_eq!((n.by_smol["A"], n.by_compact["\t"], n.by_code[&ArrayString::from("\"").unwrap()]), (1, 2, 3));
    }

    #[test]
    fn bad_input_is_an_error() {
        let (kind, offset, path) = json_error::<Vec<SmolStr>>(r#"["a", 1]"#);
        assert_invalid_type(&kind, "a string");
        assert_eq!((offset, path.as_str()), (Some(6), "[1]"));
        let (kind, _, _) = json_error::<CompactString>(r#""\ud800""#);
        assert!(matches!(kind, ErrorKind::InvalidEscape(_)), "{kind:?}");
        let (kind, offset, _) = msgpack_error::<SmolStr>(b"\xa2\xff\xfe");
        assert_eq!((kind, offset), (ErrorKind::InvalidUtf8, Some(1)));
        let (kind, _, _) = msgpack_error::<BTreeMap<CompactString, u8>>(b"\x81\x01\x01");
        assert_invalid_type(&kind, "a string key");
    }

    proptest! {
        #![proptest_config(config(256))]

        #[test]
        fn any_string(s in ".{0,40}", key in ".{0,8}") {
            check(&SmolStr::new(&s));
            check(&CompactString::new(&s));
            check(&BTreeMap::from([(SmolStr::new(&key), 0u8)]));
            check(&BTreeMap::from([(CompactString::new(&key), 0u8)]));
            if let Ok(a) = ArrayString::<40>::from(&s) {
                check(&a);
            }
        }
    }
}

mod indexmap_ {
    use super::*;
    use codec::json::{DuplicateKeys, Options};
    use indexmap::{IndexMap, IndexSet};
    use uuid::Uuid;

    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
    struct Catalog {
        prices: IndexMap<String, i64>,
        ids: IndexSet<Uuid>,
        by_id: IndexMap<Uuid, IndexSet<u16>>,
    }

    #[derive(Codec, Debug, PartialEq)]
    struct WithExtras {
        id: u32,
        #[codec(flatten)]
        extras: IndexMap<String, u32>,
    }

    #[test]
    fn order_is_kept_both_ways() {
        let m: IndexMap<String, i64> = codec::json::from_str(r#"{"z": 1, "a": 2, "m": 3}"#).unwrap();
        assert_eq!(m.keys().map(String::as_str).collect::<Vec<_>>(), ["z", "a", "m"]);
        assert_eq!(check(&m), r#"{"z":1,"a":2,"m":3}"#);
        let s: IndexSet<u16> = codec::json::from_str("[9, 1, 5]").unwrap();
        assert_eq!(check(&s), "[9,1,5]");
        let c = Catalog {
            prices: m,
            ids: IndexSet::from([Uuid::max(), Uuid::nil()]),
            by_id: IndexMap::from([(Uuid::max(), s), (Uuid::nil(), IndexSet::new())]),
        };
        check(&c);
        let packed = codec::msgpack::to_vec(&c).unwrap();
        assert_eq!(codec::msgpack::from_slice::<Catalog>(&packed).unwrap().prices.keys().next().unwrap(), "z");
        // A set keeps the first of equal elements, as indexmap's `insert` does.
        assert_eq!(codec::json::from_str::<IndexSet<u8>>("[2, 1, 2]").unwrap(), IndexSet::from([2, 1]));
    }

    #[test]
    fn flatten_catch_all_keeps_order() {
        let w: WithExtras = codec::json::from_str(r#"{"b": 2, "id": 7, "a": 1}"#).unwrap();
        assert_eq!(w.extras.keys().map(String::as_str).collect::<Vec<_>>(), ["b", "a"]);
        assert_eq!(codec::json::to_string(&w).unwrap(), r#"{"id":7,"b":2,"a":1}"#);
        let packed = codec::msgpack::to_vec(&w).unwrap();
        assert_eq!(codec::msgpack::from_slice::<WithExtras>(&packed).unwrap(), w);
    }

    #[test]
    fn duplicate_keys_follow_the_policy() {
        let text = r#"{"a": 1, "b": 2, "a": 3}"#;
        let (kind, offset, _) = json_error::<IndexMap<String, u8>>(text);
        assert_eq!((kind, offset), (ErrorKind::DuplicateField("a".into()), Some(17)));
        let last: IndexMap<String, u8> =
            codec::json::from_slice_with(text.as_bytes(), &Options::new().duplicate_keys(DuplicateKeys::KeepLast))
                .unwrap();
        assert_eq!(last, IndexMap::from([("a".to_owned(), 3), ("b".to_owned(), 2)]));
        let first: IndexMap<String, u8> =
            codec::json::from_slice_with(text.as_bytes(), &Options::new().duplicate_keys(DuplicateKeys::KeepFirst))
                .unwrap();
        assert_eq!(first["a"], 1);
        // MessagePack: the same policy, the key on the path of an error in a value.
        let (kind, offset, _) = msgpack_error::<IndexMap<String, u8>>(b"\x82\xa1a\x01\xa1a\x02");
        assert_eq!((kind, offset), (ErrorKind::DuplicateField("a".into()), Some(4)));
        let (_, _, path) = msgpack_error::<IndexMap<String, u8>>(b"\x81\xa1k\xc0");
        assert_eq!(path, r#"["k"]"#);
        let (kind, _, path) = json_error::<Catalog>(r#"{"prices": {"x": "1"}, "ids": [], "by_id": {}}"#);
        assert_invalid_type(&kind, "i64");
        assert_eq!(path, r#".prices["x"]"#);
        let (_, _, path) = json_error::<IndexSet<u8>>("[1, -1]");
        assert_eq!(path, "[1]");
    }

    proptest! {
        #![proptest_config(config(256))]

        #[test]
        fn any_map(entries in proptest::collection::vec((".{0,6}", any::<i64>()), 0..12), set in proptest::collection::vec(any::<u16>(), 0..12)) {
            let m: IndexMap<String, i64> = entries.into_iter().collect();
            let json = check(&m);
            let back: IndexMap<String, i64> = codec::json::from_str(&json).unwrap();
            prop_assert!(back.keys().eq(m.keys()));
            let s: IndexSet<u16> = set.into_iter().collect();
            check(&s);
        }
    }
}

mod sequences {
    use super::*;
    use arrayvec::{ArrayString, ArrayVec};
    use smallvec::SmallVec;

    #[test]
    fn forms_are_serdes() {
        let inline: SmallVec<[u16; 4]> = SmallVec::from_slice(&[1, 2]);
        assert_eq!(check(&inline), "[1,2]");
        let spilled: SmallVec<[String; 1]> = SmallVec::from_vec(vec!["a".into(), "b".into()]);
        assert_eq!(check(&spilled), r#"["a","b"]"#);
        let back: SmallVec<[u16; 4]> = codec::msgpack::from_slice(&codec::msgpack::to_vec(&inline).unwrap()).unwrap();
        assert!(!back.spilled());
        let full: ArrayVec<u8, 3> = ArrayVec::from([1, 2, 3]);
        assert_eq!(check(&full), "[1,2,3]");
        check(&ArrayVec::<u8, 3>::new());
        check(&ArrayString::<4>::from("abcd").unwrap());
    }

    #[test]
    fn overflow_is_an_error_never_a_panic() {
        let (kind, offset, path) = json_error::<ArrayVec<u8, 3>>("[1, 2, 3,\n 400]");
        assert_eq!(invalid_value(&kind), "more than 3 elements for an ArrayVec of capacity 3");
        assert_eq!((offset, path.as_str()), (Some(11), "[3]"));
        // Nested: the outer path too.
        let (_, _, path) = json_error::<Vec<ArrayVec<u8, 1>>>("[[1], [2, 3]]");
        assert_eq!(path, "[1][1]");
        let (_, _, path) = json_error::<ArrayVec<u8, 3>>("[1, 300]");
        assert_eq!(path, "[1]");
        let (kind, offset, _) = msgpack_error::<ArrayVec<u8, 3>>(b"\x94\x01\x02\x03\x04");
        assert_eq!(
            (invalid_value(&kind).as_str(), offset),
            ("an array of 4 elements does not fit in an ArrayVec of capacity 3", Some(0))
        );
        let (kind, offset, _) = json_error::<ArrayString<2>>(r#" "abc""#);
        assert_eq!(
            (invalid_value(&kind).as_str(), offset),
            ("a string of 3 bytes does not fit in an ArrayString of capacity 2", Some(1))
        );
        let (kind, _, _) = msgpack_error::<ArrayString<2>>(b"\xa3abc");
        assert_eq!(invalid_value(&kind), "a string of 3 bytes does not fit in an ArrayString of capacity 2");
        // A multi-byte character counts its bytes.
        assert!(codec::json::from_str::<ArrayString<2>>(r#""é""#).is_ok());
        assert!(codec::json::from_str::<ArrayString<1>>(r#""é""#).is_err());
        // serde's impl refuses the same inputs.
        assert!(serde_json::from_str::<ArrayVec<u8, 3>>("[1,2,3,4]").is_err());
        assert!(serde_json::from_str::<ArrayString<2>>(r#""abc""#).is_err());
        let (kind, _, path) = json_error::<SmallVec<[u8; 2]>>("[1, 2, 3, true]");
        assert_invalid_type(&kind, "u8");
        assert_eq!(path, "[3]");
    }

    proptest! {
        #![proptest_config(config(256))]

        #[test]
        fn any_sequence(v in proptest::collection::vec(any::<i32>(), 0..12)) {
            check(&SmallVec::<[i32; 4]>::from_slice(&v));
            if let Ok(a) = ArrayVec::<i32, 8>::try_from(&v[..]) {
                check(&a);
            } else {
                let json = codec::json::to_string(&v).unwrap();
                prop_assert!(codec::json::from_str::<ArrayVec<i32, 8>>(&json).is_err());
                let packed = codec::msgpack::to_vec(&v).unwrap();
                prop_assert!(codec::msgpack::from_slice::<ArrayVec<i32, 8>>(&packed).is_err());
            }
        }
    }
}

mod ordered_float_ {
    use super::*;
    use ordered_float::{NotNan, OrderedFloat};

    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
    struct Reading {
        value: OrderedFloat<f64>,
        weight: NotNan<f32>,
        by_threshold: BTreeMap<OrderedFloat<f64>, u8>,
        by_level: BTreeMap<NotNan<f32>, u8>,
    }

    #[test]
    fn forms_are_the_floats() {
        let r = Reading {
            value: OrderedFloat(-0.0),
            weight: NotNan::new(0.1).unwrap(),
            by_threshold: BTreeMap::from([
                (OrderedFloat(1e300), 1),
                (OrderedFloat(-2.5), 2),
                (OrderedFloat(5e-324), 3),
            ]),
            by_level: BTreeMap::from([(NotNan::new(1.0).unwrap(), 4)]),
        };
        assert_eq!(
            check(&r),
            r#"{"value":-0.0,"weight":0.1,"by_threshold":{"-2.5":2,"5e-324":3,"1e+300":1},"by_level":{"1.0":4}}"#
        );
        // Float keys are floats in MessagePack, as rmp-serde writes them.
        assert_eq!(codec::msgpack::to_vec(&r.by_level).unwrap(), b"\x81\xca\x3f\x80\x00\x00\x04");
    }

    #[test]
    fn nan_is_an_error_where_it_has_no_place() {
        // No JSON form (serde_json would write `null`, which does not read back).
        assert_eq!(serde_json::to_string(&OrderedFloat(f64::NAN)).unwrap(), "null");
        assert!(codec::json::to_string(&OrderedFloat(f64::NAN)).is_err());
        assert!(codec::json::to_string(&BTreeMap::from([(OrderedFloat(f64::INFINITY), 1)])).is_err());
        // MessagePack holds it; `OrderedFloat` takes it, `NotNan` does not.
        let nan = codec::msgpack::to_vec(&f64::NAN).unwrap();
        assert!(codec::msgpack::from_slice::<OrderedFloat<f64>>(&nan).unwrap().is_nan());
        let (kind, offset, path) = msgpack_error::<Vec<NotNan<f64>>>(&[&b"\x92\x01"[..], &nan].concat());
        assert_eq!(
            (invalid_value(&kind).as_str(), offset, path.as_str()),
            ("NaN where a NotNan float is expected", Some(2), "[1]")
        );
        let (kind, offset, _) = msgpack_error::<BTreeMap<NotNan<f64>, u8>>(&[&b"\x81"[..], &nan, b"\x01"].concat());
        assert_eq!((invalid_value(&kind).as_str(), offset), ("NaN where a NotNan float is expected", Some(1)));
    }

    #[test]
    fn bad_keys_are_errors() {
        for key in ["x", " 1", "1 ", "", "1.5.5", "NaN"] {
            let (kind, offset, _) = json_error::<BTreeMap<OrderedFloat<f64>, u8>>(&format!("{{\"{key}\": 1}}"));
            assert_eq!(
                (invalid_value(&kind), offset),
                (format!("map key \"{key}\" is not a valid f64"), Some(1)),
                "{key}"
            );
        }
        let (kind, _, _) = msgpack_error::<BTreeMap<OrderedFloat<f32>, u8>>(b"\x81\xa1x\x01");
        assert_invalid_type(&kind, "f32");
        // An integer key is a number too, in both formats.
        assert_eq!(codec::json::from_str::<BTreeMap<NotNan<f64>, u8>>(r#"{"2": 1}"#).unwrap().len(), 1);
        assert_eq!(codec::msgpack::from_slice::<BTreeMap<NotNan<f64>, u8>>(b"\x81\x02\x01").unwrap().len(), 1);
    }

    proptest! {
        #![proptest_config(config(256))]

        #[test]
        fn any_finite_float(v in any::<f64>().prop_filter("finite", |v| v.is_finite()), w in any::<f32>().prop_filter("finite", |w| w.is_finite())) {
            check(&OrderedFloat(v));
            check(&NotNan::new(w).unwrap());
            check(&BTreeMap::from([(OrderedFloat(v), 0u8)]));
            check(&BTreeMap::from([(NotNan::new(w).unwrap(), 0u8)]));
        }
    }
}

mod semver_ {
    use super::*;
    use semver::{Version, VersionReq};

    #[test]
    fn forms_are_semvers_serde_forms() {
        for s in [
            "0.0.0",
            "1.2.3",
            "1.2.3-rc.1",
            "1.2.3+build.5",
            "10.20.30-alpha-1.x+sha.5114f85",
            "18446744073709551615.0.1",
        ] {
            assert_eq!(check(&Version::parse(s).unwrap()), format!("\"{s}\""));
        }
        for s in ["*", "1.2", ">=1.2, <2", "=1.0.0-pre", "~0.3", "^1, ^1.2.3"] {
            check(&VersionReq::parse(s).unwrap());
        }
        check(&BTreeMap::from([(Version::new(1, 0, 0), 1u8)]));
    }

    #[test]
    fn bad_input_is_an_error() {
        let (kind, offset, path) = json_error::<Vec<Version>>(r#"["1.0.0", "1.0"]"#);
        assert_eq!(
            (invalid_value(&kind).as_str(), offset, path.as_str()),
            ("not a version: unexpected end of input while parsing minor version number", Some(10), "[1]")
        );
        let (kind, _, _) = json_error::<VersionReq>(r#""> = 1""#);
        assert!(invalid_value(&kind).starts_with("not a version requirement: "), "{kind:?}");
        let (kind, _, _) = json_error::<Version>("100");
        assert_invalid_type(&kind, "a version string");
        let (kind, offset, _) = msgpack_error::<Version>(b"\xa1x");
        assert_eq!((matches!(kind, ErrorKind::InvalidValue(_)), offset), (true, Some(0)));
        let (kind, _, _) = msgpack_error::<VersionReq>(b"\x01");
        assert_invalid_type(&kind, "a version requirement string");
    }

    proptest! {
        #![proptest_config(config(256))]

        #[test]
        fn any_version(major in any::<u64>(), minor in any::<u64>(), patch in any::<u64>(), pre in "([a-zA-Z-][0-9a-zA-Z-]{0,4})(\\.[a-zA-Z-][0-9a-zA-Z-]{0,3}){0,2}", build in "[0-9a-zA-Z-]{1,5}(\\.[0-9a-zA-Z-]{1,3}){0,2}", with_pre in any::<bool>(), with_build in any::<bool>()) {
            let mut text = format!("{major}.{minor}.{patch}");
            if with_pre { text += &format!("-{pre}"); }
            if with_build { text += &format!("+{build}"); }
            let v = Version::parse(&text).unwrap();
            prop_assert_eq!(check(&v), format!("\"{text}\""));
            check(&VersionReq::parse(&format!(">={major}.{minor}")).unwrap());
        }
    }
}

mod either_ {
    use super::*;
    use either::Either;

    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
    struct Slot {
        value: Either<u32, Vec<String>>,
        nested: Option<Either<Either<bool, f64>, ()>>,
    }

    #[test]
    fn externally_tagged_as_either_serde_writes_it() {
        let s = Slot { value: Either::Right(vec!["a".into()]), nested: Some(Either::Left(Either::Right(1.5))) };
        assert_eq!(check(&s), r#"{"value":{"Right":["a"]},"nested":{"Left":{"Right":1.5}}}"#);
        check(&Slot { value: Either::Left(7), nested: Some(Either::Right(())) });
        check(&Slot { value: Either::Left(0), nested: None });
        assert_eq!(codec::msgpack::to_vec(&Either::<u8, u8>::Right(1)).unwrap(), b"\x81\xa5Right\x01");
    }

    #[test]
    fn bad_input_is_an_error() {
        match json_error::<Either<u8, u8>>(r#"{"Middle": 1}"#).0 {
            ErrorKind::UnknownVariant { name, expected } => {
                assert_eq!((name.as_str(), expected), ("Middle", &["Left", "Right"][..]))
            }
            other => panic!("{other:?}"),
        }
        let (kind, _, path) = json_error::<Slot>(r#"{"value": {"Left": -1}, "nested": null}"#);
        assert!(matches!(kind, ErrorKind::OutOfRange(_)), "{kind:?}");
        assert_eq!(path, ".value.Left");
        let (_, _, path) = msgpack_error::<Either<u8, u8>>(b"\x81\xa4Left\xc0");
        assert_eq!(path, ".Left");
        // Encoding errors carry the variant too.
        let e = codec::json::to_string(&Either::<f64, u8>::Left(f64::NAN)).unwrap_err();
        assert_eq!(e.path(), ".Left");
    }

    proptest! {
        #![proptest_config(config(256))]

        #[test]
        fn any_either(left in any::<bool>(), n in any::<u32>(), s in ".{0,8}") {
            let v: Either<u32, String> = if left { Either::Left(n) } else { Either::Right(s) };
            check(&v);
        }
    }
}

/// One record of every integration, as a real model mixes them.
mod together {
    use super::*;
    use arrayvec::{ArrayString, ArrayVec};
    use compact_str::CompactString;
    use either::Either;
    use indexmap::{IndexMap, IndexSet};
    use ordered_float::{NotNan, OrderedFloat};
    use rust_decimal::Decimal;
    use semver::{Version, VersionReq};
    use smallvec::SmallVec;
    use smol_str::SmolStr;
    use ulid::Ulid;
    use url::Url;
    use uuid::Uuid;

    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq)]
    struct Record {
        id: Uuid,
        trace: Ulid,
        amount: Decimal,
        home: Url,
        payload: bytes::Bytes,
        name: SmolStr,
        label: CompactString,
        attrs: IndexMap<SmolStr, Decimal>,
        tags: IndexSet<CompactString>,
        small: SmallVec<[u16; 2]>,
        fixed: ArrayVec<u8, 4>,
        code: ArrayString<8>,
        score: OrderedFloat<f64>,
        weight: NotNan<f32>,
        version: Version,
        requires: VersionReq,
        choice: Either<u32, SmolStr>,
        by_id: BTreeMap<Uuid, Ulid>,
    }

    prop_compose! {
        fn record()(
            id in any::<u128>(), trace in any::<u128>(), mantissa in any::<i64>(), scale in 0u32..=18,
            host in "[a-z]{1,10}", payload in proptest::collection::vec(any::<u8>(), 0..16), name in ".{0,30}",
            attrs in proptest::collection::vec(("[a-z]{0,4}", any::<i32>()), 0..4),
            tags in proptest::collection::vec("[ -~]{0,5}", 0..4), small in proptest::collection::vec(any::<u16>(), 0..5),
            fixed in proptest::collection::vec(any::<u8>(), 0..=4), code in "[a-z0-9]{0,8}",
            score in -1e9f64..1e9, weight in any::<u8>(), version in (any::<u8>(), any::<u8>(), any::<u8>()),
            choice in proptest::option::of(any::<u32>()),
        ) -> Record {
            let id = Uuid::from_u128(id);
            Record {
                id,
                trace: Ulid(trace),
                amount: Decimal::new(mantissa, scale),
                home: Url::parse(&format!("https://{host}.example/")).unwrap(),
                payload: bytes::Bytes::from(payload),
                name: SmolStr::new(&name),
                label: CompactString::new(name.chars().rev().collect::<String>()),
                attrs: attrs.into_iter().map(|(k, v)| (SmolStr::new(k), Decimal::new(v as i64, 2))).collect(),
                tags: tags.into_iter().map(CompactString::new).collect(),
                small: SmallVec::from_vec(small),
                fixed: fixed.into_iter().collect(),
                code: ArrayString::from(&code).unwrap(),
                score: OrderedFloat(score),
                weight: NotNan::new(weight as f32 / 8.0).unwrap(),
                version: Version::new(version.0 as u64, version.1 as u64, version.2 as u64),
                requires: VersionReq::parse(&format!("^{}.{}", version.0, version.1)).unwrap(),
                choice: choice.map_or_else(|| Either::Right(SmolStr::new("none")), Either::Left),
                by_id: BTreeMap::from([(id, Ulid(trace))]),
            }
        }
    }

    proptest! {
        #![proptest_config(config(128))]

        #[test]
        fn any_record(r in record()) {
            check(&r);
            let pretty = codec::json::to_string_pretty(&r).unwrap();
            prop_assert_eq!(&pretty, &serde_json::to_string_pretty(&r).unwrap());
            prop_assert_eq!(codec::json::from_str::<Record>(&pretty).unwrap(), r);
        }
    }
}
