//! `zio-json/google_maps_api_response.json`: a Google Distance Matrix API response, 10
//! origins by 10 destinations. A small document, so per-call overhead shows.

use codec::Codec;
use serde::{Deserialize, Serialize};

/// The document.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct DistanceMatrix {
    pub destination_addresses: Vec<String>,
    pub origin_addresses: Vec<String>,
    pub rows: Vec<Row>,
    pub status: String,
}

/// The elements of one origin.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Row {
    pub elements: Vec<Element>,
}

/// One origin-destination pair.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Element {
    pub distance: Value,
    pub duration: Value,
    pub status: String,
}

/// A quantity as text and as a number (meters or seconds).
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Value {
    pub text: String,
    pub value: u64,
}
