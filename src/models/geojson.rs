//! `zio-json/che.geo.json` (and `che-2.geo.json`, the same with `type` last): GeoJSON
//! as zio-json's benchmark models it, a sealed hierarchy discriminated by a `"type"` key:
//! internally tagged enums for both the geometries and the Feature/FeatureCollection
//! level. Decoding `che-2` needs the tag found after the other fields.

use std::collections::BTreeMap;

use codec::Codec;
use serde::{Deserialize, Serialize};

/// A `[longitude, latitude]` position.
pub type Position = (f64, f64);

/// A geometry.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[codec(tag = "type")]
#[serde(tag = "type")]
pub enum Geometry {
    Point { coordinates: Position },
    MultiPoint { coordinates: Vec<Position> },
    LineString { coordinates: Vec<Position> },
    MultiLineString { coordinates: Vec<Vec<Position>> },
    Polygon { coordinates: Vec<Vec<Position>> },
    MultiPolygon { coordinates: Vec<Vec<Vec<Position>>> },
    GeometryCollection { geometries: Vec<Geometry> },
}

/// A feature or a collection of them.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[codec(tag = "type")]
#[serde(tag = "type")]
pub enum GeoJson {
    Feature { properties: BTreeMap<String, String>, geometry: Geometry },
    FeatureCollection { features: Vec<GeoJson> },
}
