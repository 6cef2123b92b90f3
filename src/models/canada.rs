//! `json-benchmark/canada.json`: one GeoJSON Polygon (Canada's border), 111,126 numbers.
//! Plain structs with the `type` strings as unit enums, as in serde's json-benchmark,
//! but with `f64` coordinates so every literal round-trips exactly. The point type is a
//! parameter (`[f64; 2]` by default) so that `canada_tuple` measures the same document with
//! `(f64, f64)` points.

use std::collections::BTreeMap;

use codec::Codec;
use serde::{Deserialize, Serialize};

/// The document.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Canada<P = [f64; 2]> {
    #[codec(rename = "type")]
    #[serde(rename = "type")]
    pub kind: ObjType,
    pub features: Vec<Feature<P>>,
}

/// A feature: properties and a polygon.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Feature<P = [f64; 2]> {
    #[codec(rename = "type")]
    #[serde(rename = "type")]
    pub kind: ObjType,
    pub properties: BTreeMap<String, String>,
    pub geometry: Geometry<P>,
}

/// A polygon: rings of `[longitude, latitude]` points (or `P`).
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Geometry<P = [f64; 2]> {
    #[codec(rename = "type")]
    #[serde(rename = "type")]
    pub kind: ObjType,
    pub coordinates: Vec<Vec<P>>,
}

/// The `type` values that occur.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Eq, Clone, Copy)]
pub enum ObjType {
    FeatureCollection,
    Feature,
    Polygon,
}
