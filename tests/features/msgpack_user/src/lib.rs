//! A crate that uses `json_only_lib` with `codec`'s default features. Cargo unifies
//! features, so `cargo test -p msgpack_user` compiles `json_only_lib` against `codec`
//! with MessagePack: that it compiles at all is the first test (the `msgpack` feature is
//! additive). The tests below check what the MessagePack build then does with it: its
//! derived types, its hand-written impls (value, key and byte string) and its `with`
//! module, all written without MessagePack in view, round-trip in MessagePack, their
//! errors on the member's path.

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use codec::Codec;
    use json_only_lib::{
        example_reading, example_site, Celsius, Coded, CodedPair, CodedVariant, Digest, Reading, SensorId, Site,
        Station,
    };

    #[test]
    fn derived_types_of_a_json_only_library_round_trip_in_msgpack() {
        let site = example_site();
        let packed = codec::msgpack::to_vec(&site).unwrap();
        assert_eq!(&packed[..10], b"\x83\xa8siteName");
        assert_eq!(codec::msgpack::from_slice::<Site>(&packed).unwrap(), site);
        let indoor = Station::Indoor { room: "lab".into() };
        let packed = codec::msgpack::to_vec(&indoor).unwrap();
        assert_eq!(packed, b"\x82\xa4kind\xa6Indoor\xa4room\xa3lab");
        assert_eq!(codec::msgpack::from_slice::<Station>(&packed).unwrap(), indoor);
    }

    #[test]
    fn json_still_works_for_everything() {
        let reading = example_reading();
        let text = codec::json::to_string(&reading).unwrap();
        assert_eq!(codec::json::from_str::<Reading>(&text).unwrap(), reading);
        assert_eq!(codec::json::to_string(&CodedPair(16, true)).unwrap(), r#"["0x10",true]"#);
    }

    /// A hand-written `Encode`/`Decode` is generic over the format (its one method): the
    /// JSON-only crate's works in MessagePack.
    #[test]
    fn hand_written_generic_impls_work_in_msgpack() {
        let packed = codec::msgpack::to_vec(&Celsius(1.0)).unwrap();
        assert_eq!(packed, b"\xcb\x3f\xf0\0\0\0\0\0\0");
        assert_eq!(codec::msgpack::from_slice::<Celsius>(&packed).unwrap(), Celsius(1.0));
    }

    /// A hand-written key impl is generic over the format too: in MessagePack the key is
    /// the same text, a str, and its errors are at the key.
    #[test]
    fn hand_written_key_impls_work_in_msgpack() {
        let m = BTreeMap::from([(SensorId("a".into()), 1u8)]);
        let packed = codec::msgpack::to_vec(&m).unwrap();
        assert_eq!(packed, b"\x81\xa8sensor:a\x01");
        assert_eq!(codec::msgpack::from_slice::<BTreeMap<SensorId, u8>>(&packed).unwrap(), m);
        // The key `a` at offset 1, after the map header.
        let err = codec::msgpack::from_slice::<BTreeMap<SensorId, u8>>(b"\x81\xa1a\x01").unwrap_err();
        assert!(err.to_string().starts_with(r#"expected `sensor:<name>`, found "a""#), "{err}");
        assert_eq!(err.offset(), Some(1));
    }

    /// A hand-written byte-string impl takes its binary branch in MessagePack (a bin),
    /// by itself and in derived types, its errors on the member's path.
    #[test]
    fn hand_written_bytes_impls_work_in_msgpack() {
        let reading = example_reading();
        let packed = codec::msgpack::to_vec(&reading).unwrap();
        assert!(packed.ends_with(b"\xa6digest\xc4\x04\xde\xad\xbe\xef"), "{packed:x?}");
        assert_eq!(codec::msgpack::from_slice::<Reading>(&packed).unwrap(), reading);

        #[derive(Codec, Debug, PartialEq)]
        struct Signed {
            #[codec(bytes)]
            digest: Digest,
        }
        let packed = codec::msgpack::to_vec(&Signed { digest: Digest([1, 2, 3, 4]) }).unwrap();
        assert_eq!(packed, b"\x81\xa6digest\xc4\x04\x01\x02\x03\x04");
        assert_eq!(codec::msgpack::from_slice::<Signed>(&packed).unwrap(), Signed { digest: Digest([1, 2, 3, 4]) });
        let err = codec::msgpack::from_slice::<Signed>(b"\x81\xa6digest\xc4\x02\0\0").unwrap_err();
        assert_eq!((err.to_string().starts_with("expected 4 bytes"), err.path().as_str()), (true, ".digest"), "{err}");
    }

    /// A `with` module is generic over the format: the JSON-only crate's works in
    /// MessagePack, by name, by position and as a variant's content, errors on its path.
    #[test]
    fn a_with_module_of_a_json_only_crate_works_in_msgpack() {
        let packed = codec::msgpack::to_vec(&Coded { code: 255 }).unwrap();
        assert_eq!(packed, b"\x81\xa4code\xa40xff");
        assert_eq!(codec::msgpack::from_slice::<Coded>(&packed).unwrap(), Coded { code: 255 });
        let packed = codec::msgpack::to_vec(&CodedPair(1, true)).unwrap();
        assert_eq!(packed, b"\x92\xa30x1\xc3");
        assert_eq!(codec::msgpack::from_slice::<CodedPair>(&packed).unwrap(), CodedPair(1, true));
        let packed = codec::msgpack::to_vec(&CodedVariant::Code(1)).unwrap();
        assert_eq!(codec::msgpack::from_slice::<CodedVariant>(&packed).unwrap(), CodedVariant::Code(1));
        assert_eq!(codec::msgpack::from_slice::<CodedVariant>(b"\xa4None").unwrap(), CodedVariant::None);

        // The module's own errors, with the field's path.
        let err = codec::msgpack::from_slice::<Coded>(b"\x81\xa4code\xa2ff").unwrap_err();
        assert_eq!((err.to_string().starts_with("expected 0x"), err.path().as_str()), (true, ".code"), "{err}");
        let err = codec::msgpack::from_slice::<CodedPair>(b"\x92\x01\xc3").unwrap_err();
        assert_eq!((err.path().as_str(), err.offset()), ("[0]", Some(1)));
    }

    #[test]
    fn types_of_this_crate_may_hold_the_library_s() {
        #[derive(Codec, Debug, PartialEq)]
        struct Report {
            site: Site,
            reading: Option<Reading>,
        }
        let report = Report { site: example_site(), reading: None };
        let packed = codec::msgpack::to_vec(&report).unwrap();
        assert_eq!(codec::msgpack::from_slice::<Report>(&packed).unwrap(), report);
        let with_reading = Report { reading: Some(example_reading()), ..report };
        let packed = codec::msgpack::to_vec(&with_reading).unwrap();
        assert_eq!(codec::msgpack::from_slice::<Report>(&packed).unwrap(), with_reading);
        // A key error of the library's impl, on the path through both crates' types.
        let mut bad = with_reading;
        bad.reading.as_mut().unwrap().by_sensor = BTreeMap::new();
        let packed = codec::msgpack::to_vec(&bad).unwrap();
        let at = packed.windows(10).position(|w| w == b"\xa9by_sensor").unwrap() + 10;
        let mut corrupt = packed[..at].to_vec();
        corrupt.extend_from_slice(b"\x81\xa1x\x01");
        corrupt.extend_from_slice(&packed[at + 1..]);
        let err = codec::msgpack::from_slice::<Report>(&corrupt).unwrap_err();
        assert_eq!(err.path(), ".reading.by_sensor", "{err}");
        assert_eq!(err.offset(), Some(at + 1), "{err}");
    }
}
