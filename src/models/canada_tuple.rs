//! `json-benchmark/canada.json` again, with each `[longitude, latitude]` point as an
//! `(f64, f64)` tuple instead of `[f64; 2]`: the shape an independent benchmark used
//! (issue 15), which reaches the writer through the tuple impls rather than the array ones.
//! Both print the same JSON array, so the encode rows of `canada` and `canada_tuple` compare.

pub use super::canada::ObjType;

/// The document.
pub type Canada = super::canada::Canada<(f64, f64)>;
/// A feature: properties and a polygon.
pub type Feature = super::canada::Feature<(f64, f64)>;
/// A polygon: rings of `(longitude, latitude)` points.
pub type Geometry = super::canada::Geometry<(f64, f64)>;
