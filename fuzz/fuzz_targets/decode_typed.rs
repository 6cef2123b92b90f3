//! Decodes the input into many derived types; whatever decodes must encode, decode again
//! to an equal value, and encode to the same bytes again. Nothing may panic.
#![no_main]

use std::collections::BTreeMap;

use codec_fuzz::{
    round_trip, Any, Chain, Cmd, Color, Doc, Event, Hashy, Job, Link, Loop, Msg, Packed, Page, Shape, Span3, Strict,
    Tagged, WithExtra,
};
use codec_tests::models::{canada, citm, geojson, gmaps, synthetic, twitter, twitter_api};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The fuzz crate's own models: every derive shape.
    round_trip!(data, Doc<'_>);
    round_trip!(data, Vec<Doc<'_>>);
    round_trip!(data, Strict);
    round_trip!(data, WithExtra);
    round_trip!(data, Hashy, false);
    round_trip!(data, Page<Shape>);
    round_trip!(data, Vec<Event<'_>>);
    round_trip!(data, Vec<Cmd>);
    round_trip!(data, Vec<Job>);
    round_trip!(data, Vec<Span3>);
    round_trip!(data, Vec<Packed>);
    round_trip!(data, Vec<Tagged>);
    round_trip!(data, Msg);
    round_trip!(data, Any);
    round_trip!(data, BTreeMap<Color, Option<i8>>);
    round_trip!(data, (bool, Option<f64>, Vec<char>));
    round_trip!(data, Loop);
    round_trip!(data, Vec<Chain>);
    round_trip!(data, Link);

    // The dataset models of `codec_tests::models`.
    round_trip!(data, twitter::Twitter);
    round_trip!(data, twitter::borrowed::Twitter<'_>);
    round_trip!(data, twitter_api::Timeline);
    round_trip!(data, citm::CitmCatalog);
    round_trip!(data, citm::borrowed::CitmCatalog<'_>);
    round_trip!(data, canada::Canada);
    round_trip!(data, gmaps::DistanceMatrix);
    round_trip!(data, geojson::GeoJson);
    round_trip!(data, synthetic::Node);
});
