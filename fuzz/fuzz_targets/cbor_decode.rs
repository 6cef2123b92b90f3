//! CBOR: the input decoded as the fuzz crate's models, the dataset models and the
//! dynamic types. Nothing may panic; whatever decodes must encode, decode again, and
//! encode to the same bytes again (byte stability stands in for equality, since floats
//! can be NaN; hash containers, whose order varies, are compared by value instead).
//! `cbor::Value`, which keeps every data item and holds every NaN as one value, must also
//! decode again to the value it came from, in preferred and in deterministic order. And
//! the reader's own check of well-formedness (`skip_value`) agrees with every typed
//! decode: a typed decode never accepts what `skip_value` rejects.
#![no_main]

use std::collections::BTreeMap;

use codec::cbor::{from_slice, to_vec, CborReader};
use codec_fuzz::{
    Any, Chain, Cmd, Color, Doc, Event, Hashy, Job, Link, Loop, Msg, Packed, Page, Shape, Span3, Strict, Tagged,
    WithExtra,
};
use codec_tests::models::{canada, citm, geojson, gmaps, synthetic, twitter, twitter_api};
use libfuzzer_sys::fuzz_target;

/// Decodes `$data` as `$ty`; when that works, the input was well-formed, and the encoding
/// decodes again and encodes to the same bytes.
macro_rules! stable {
    ($data:expr, $well_formed:expr, $ty:ty) => {{
        if let Ok(first) = from_slice::<$ty>($data) {
            let what = stringify!($ty);
            assert!($well_formed, "{what}: decoded {first:?} from input skip_value rejects");
            let encoded =
                to_vec(&first).unwrap_or_else(|e| panic!("{what}: decoded {first:?} but cannot encode it: {e}"));
            let second: $ty = from_slice(&encoded).unwrap_or_else(|e| {
                panic!("{what}: decoded {first:?}, encoded {encoded:02x?}, which does not decode: {e}")
            });
            let again = to_vec(&second).expect("second encode");
            assert_eq!(encoded, again, "{what}: encoding is not stable for {first:?}");
        }
    }};
}

fuzz_target!(|data: &[u8]| {
    let mut r = CborReader::new(data);
    let well_formed = r.skip_value().and_then(|()| r.end()).is_ok();

    // The fuzz crate's models: every derive shape and representation.
    stable!(data, well_formed, Doc<'_>);
    stable!(data, well_formed, Vec<Doc<'_>>);
    stable!(data, well_formed, Strict);
    stable!(data, well_formed, WithExtra);
    stable!(data, well_formed, Page<Shape>);
    stable!(data, well_formed, Vec<Event<'_>>);
    stable!(data, well_formed, Vec<Cmd>);
    stable!(data, well_formed, Vec<Job>);
    stable!(data, well_formed, Vec<Span3>);
    stable!(data, well_formed, Vec<Packed>);
    stable!(data, well_formed, Vec<Tagged>);
    stable!(data, well_formed, Msg);
    stable!(data, well_formed, Any);
    stable!(data, well_formed, BTreeMap<Color, Option<i8>>);
    stable!(data, well_formed, (bool, Option<f64>, Vec<char>));
    stable!(data, well_formed, Loop);
    stable!(data, well_formed, Vec<Chain>);
    stable!(data, well_formed, Link);
    if let Ok(first) = from_slice::<Hashy>(data) {
        let encoded = to_vec(&first).expect("encode");
        assert_eq!(from_slice::<Hashy>(&encoded).expect("decode of own encoding"), first);
    }

    // The dynamic types, strings, bytes, instants and wide integers.
    stable!(data, well_formed, codec::json::Value);
    stable!(data, well_formed, codec::msgpack::Value);
    if let Ok(first) = from_slice::<codec::cbor::Value>(data) {
        assert!(well_formed, "cbor::Value: decoded {first} from input skip_value rejects");
        for deterministic in [false, true] {
            let options = codec::cbor::EncodeOptions::new().deterministic(deterministic);
            let encoded = codec::cbor::to_vec_with(&first, &options)
                .unwrap_or_else(|e| panic!("cbor::Value: decoded {first} but cannot encode it: {e}"));
            let second: codec::cbor::Value = from_slice(&encoded)
                .unwrap_or_else(|e| panic!("cbor::Value: decoded {first}, encoded {encoded:02x?}, which does not decode: {e}"));
            if !deterministic {
                assert_eq!(second, first, "cbor::Value: {encoded:02x?} decodes to another value");
            }
            assert_eq!(codec::cbor::to_vec_with(&second, &options).unwrap(), encoded, "cbor::Value: not stable: {first}");
        }
    }
    stable!(data, well_formed, (std::time::SystemTime, codec::Bytes<'_>, std::borrow::Cow<'_, str>));
    stable!(data, well_formed, BTreeMap<u128, i128>);
    stable!(data, well_formed, Vec<(f32, f64, String)>);

    // The dataset models of `codec_tests::models`.
    stable!(data, well_formed, twitter::Twitter);
    stable!(data, well_formed, twitter::borrowed::Twitter<'_>);
    stable!(data, well_formed, twitter_api::Tweet);
    stable!(data, well_formed, citm::CitmCatalog);
    stable!(data, well_formed, citm::borrowed::CitmCatalog<'_>);
    stable!(data, well_formed, canada::Canada);
    stable!(data, well_formed, gmaps::DistanceMatrix);
    stable!(data, well_formed, geojson::GeoJson);
    stable!(data, well_formed, synthetic::Node);
});
