//! A crate that uses `json_only_lib` with `codec`'s default features. Cargo unifies
//! features, so `cargo test -p msgpack_user` compiles `json_only_lib` against `codec`
//! with MessagePack: that it compiles at all is the first test (the `msgpack` feature is
//! additive). The tests below check what the MessagePack build then does with it: its
//! derived types round-trip in MessagePack, and every JSON-only piece (hand-written
//! impls, the `with` module) gives an `ErrorKind::Unsupported` error that names the type
//! and the missing method, on the member's path, at the input's offset when decoding.

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use codec::{Codec, Error, ErrorKind};
    use json_only_lib::{
        example_reading, example_site, Celsius, Coded, CodedPair, CodedVariant, Digest, Reading, SensorId, Site,
        Station,
    };

    /// The kind's fields of an `Unsupported` error, or a panic naming the error.
    fn unsupported(err: &Error) -> (&'static str, &'static str) {
        match err.kind() {
            ErrorKind::Unsupported { type_name, format, method } => {
                assert_eq!(*format, "MessagePack", "{err}");
                (*type_name, *method)
            }
            _ => panic!("expected an Unsupported error, got {err}"),
        }
    }

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

    /// The key and byte-string traits still have per-format methods: a JSON-only impl of
    /// them is an `Unsupported` error in MessagePack, where the value or key starts.
    #[test]
    fn hand_written_json_only_key_impls_are_unsupported_in_msgpack() {
        let err = codec::msgpack::to_vec(&BTreeMap::from([(SensorId("a".into()), 1u8)])).unwrap_err();
        assert_eq!(unsupported(&err), ("json_only_lib::SensorId", "EncodeKey::encode_msgpack_key"));
        // The key `a` at offset 1, after the map header.
        let err = codec::msgpack::from_slice::<BTreeMap<SensorId, u8>>(b"\x81\xa1a\x01").unwrap_err();
        assert_eq!(unsupported(&err), ("json_only_lib::SensorId", "DecodeKey::decode_msgpack_key"));
        assert_eq!(err.offset(), Some(1));
    }

    #[test]
    fn unsupported_members_of_derived_types_carry_their_path() {
        let reading = Reading { by_sensor: BTreeMap::new(), ..example_reading() };
        let err = codec::msgpack::to_vec(&reading).unwrap_err();
        assert_eq!(unsupported(&err), ("json_only_lib::Digest", "EncodeBytes::encode_msgpack_bytes"));
        assert_eq!(err.path(), ".digest");

        // A `bytes` field of a JSON-only `EncodeBytes`/`DecodeBytes` type.
        #[derive(Codec, Debug)]
        struct Signed {
            #[codec(bytes)]
            digest: Digest,
        }
        let err = codec::msgpack::to_vec(&Signed { digest: Digest([0; 4]) }).unwrap_err();
        assert_eq!(unsupported(&err), ("json_only_lib::Digest", "EncodeBytes::encode_msgpack_bytes"));
        assert_eq!(err.path(), ".digest");
        let err = codec::msgpack::from_slice::<Signed>(b"\x81\xa6digest\xc4\x04\0\0\0\0").unwrap_err();
        assert_eq!(unsupported(&err), ("json_only_lib::Digest", "DecodeBytes::decode_msgpack_bytes"));
        assert_eq!((err.path().as_str(), err.offset()), (".digest", Some(8)));
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
        let err = codec::msgpack::to_vec(&with_reading).unwrap_err();
        assert_eq!(unsupported(&err), ("json_only_lib::SensorId", "EncodeKey::encode_msgpack_key"));
        assert_eq!(err.path(), ".reading.by_sensor");
    }
}
