//! MessagePack: the input decoded as the fuzz crate's models, the dataset models and the
//! dynamic and extension types. Nothing may panic; whatever decodes must encode, decode
//! again, and encode to the same bytes again (byte stability stands in for equality,
//! since MessagePack floats can be NaN; hash containers, whose order varies, are compared
//! by value instead).
#![no_main]

use std::collections::BTreeMap;

use codec::msgpack::{from_slice, to_vec, Ext, Timestamp};
use codec_fuzz::{
    Any, Chain, Cmd, Color, Doc, Event, Hashy, Job, Link, Loop, Msg, Packed, Page, Shape, Span3, Strict, Tagged,
    WithExtra,
};
use codec_tests::models::{canada, citm, geojson, gmaps, synthetic, twitter, twitter_api};
use libfuzzer_sys::fuzz_target;

/// Decodes `$data` as `$ty`; when that works, the encoding decodes again and encodes to
/// the same bytes.
macro_rules! stable {
    ($data:expr, $ty:ty) => {{
        if let Ok(first) = from_slice::<$ty>($data) {
            let what = stringify!($ty);
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
    // The fuzz crate's models: every derive shape and representation.
    stable!(data, Doc<'_>);
    stable!(data, Vec<Doc<'_>>);
    stable!(data, Strict);
    stable!(data, WithExtra);
    stable!(data, Page<Shape>);
    stable!(data, Vec<Event<'_>>);
    stable!(data, Vec<Cmd>);
    stable!(data, Vec<Job>);
    stable!(data, Vec<Span3>);
    stable!(data, Vec<Packed>);
    stable!(data, Vec<Tagged>);
    stable!(data, Msg);
    stable!(data, Any);
    stable!(data, BTreeMap<Color, Option<i8>>);
    stable!(data, (bool, Option<f64>, Vec<char>));
    stable!(data, Loop);
    stable!(data, Vec<Chain>);
    stable!(data, Link);
    if let Ok(first) = from_slice::<Hashy>(data) {
        let encoded = to_vec(&first).expect("encode");
        assert_eq!(from_slice::<Hashy>(&encoded).expect("decode of own encoding"), first);
    }

    // The dynamic and extension types.
    stable!(data, codec::json::Value);
    stable!(data, serde_json::Value);
    stable!(data, codec::msgpack::Value);
    stable!(data, Vec<Ext<'_>>);
    stable!(data, (Timestamp, std::time::SystemTime, codec::Bytes<'_>));
    stable!(data, BTreeMap<u128, i128>);

    // The dataset models of `codec_tests::models`.
    stable!(data, twitter::Twitter);
    stable!(data, twitter::borrowed::Twitter<'_>);
    stable!(data, twitter_api::Tweet);
    stable!(data, citm::CitmCatalog);
    stable!(data, citm::borrowed::CitmCatalog<'_>);
    stable!(data, canada::Canada);
    stable!(data, gmaps::DistanceMatrix);
    stable!(data, geojson::GeoJson);
    stable!(data, synthetic::Node);
});
