//! `json-benchmark/canada.json` again, with each `[longitude, latitude]` point as an
//! `(f64, f64)` tuple instead of `[f64; 2]`: the shape an independent benchmark used
//! (issue 15), which reaches the writer through the tuple impls rather than the array ones.
//! Both print the same JSON array, so the encode rows of `canada` and `canada_tuple` compare.

use std::collections::BTreeMap;

use codec::Codec;
use serde::{Deserialize, Serialize};

pub use super::canada::ObjType;

/// The document.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Canada {
    #[codec(rename = "type")]
    #[serde(rename = "type")]
    pub kind: ObjType,
    pub features: Vec<Feature>,
}

/// A feature: properties and a polygon.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Feature {
    #[codec(rename = "type")]
    #[serde(rename = "type")]
    pub kind: ObjType,
    pub properties: BTreeMap<String, String>,
    pub geometry: Geometry,
}

/// A polygon: rings of `(longitude, latitude)` points.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Geometry {
    #[codec(rename = "type")]
    #[serde(rename = "type")]
    pub kind: ObjType,
    pub coordinates: Vec<Vec<(f64, f64)>>,
}
