//! A crate that uses `json_only_lib` with `codec`'s `cbor` feature and without
//! `msgpack`. Cargo unifies features, so `cargo test -p cbor_user` compiles
//! `json_only_lib` against `codec` with CBOR: that it compiles at all is the first test
//! (the `cbor` feature is additive, and needs no `msgpack`). The tests check that its
//! derived types then round-trip in CBOR, with the member names the derive pre-encoded.

#[cfg(test)]
mod tests {
    use json_only_lib::{example_site, Site, Station};

    #[test]
    fn derived_types_of_a_json_only_library_round_trip_in_cbor() {
        let site = example_site();
        let bytes = codec::cbor::to_vec(&site).unwrap();
        assert_eq!(&bytes[..10], b"\xa3\x68siteName");
        assert_eq!(codec::cbor::from_slice::<Site>(&bytes).unwrap(), site);
        let indoor = Station::Indoor { room: "lab".into() };
        let bytes = codec::cbor::to_vec(&indoor).unwrap();
        assert_eq!(bytes, b"\xa2\x64kind\x66Indoor\x64room\x63lab");
        assert_eq!(codec::cbor::from_slice::<Station>(&bytes).unwrap(), indoor);
    }

    #[test]
    fn json_still_works() {
        let site = example_site();
        let text = codec::json::to_string(&site).unwrap();
        assert_eq!(codec::json::from_str::<Site>(&text).unwrap(), site);
    }
}
