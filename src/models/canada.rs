//! `json-benchmark/canada.json`: one GeoJSON Polygon (Canada's border), 111,126 numbers.
//! Plain structs with the `type` strings as unit enums, as in serde's json-benchmark,
//! but with `f64` coordinates so every literal round-trips exactly.

use std::collections::BTreeMap;

use codec::Codec;
use serde::{Deserialize, Serialize};

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

/// A polygon: rings of `[longitude, latitude]` points.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Geometry {
    #[codec(rename = "type")]
    #[serde(rename = "type")]
    pub kind: ObjType,
    pub coordinates: Vec<Vec<[f64; 2]>>,
}

/// The `type` values that occur.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Eq, Clone, Copy)]
pub enum ObjType {
    FeatureCollection,
    Feature,
    Polygon,
}
