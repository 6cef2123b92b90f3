//! The benchmark and test models: one file per dataset of `data/` (see `data/README.md`; and one
//! generated dataset). Every type derives `codec::Codec` and serde's traits, so codec
//! and its peers decode and encode the very same types.

pub mod canada;
pub mod canada_tuple;
pub mod citm;
pub mod events;
pub mod geojson;
pub mod gmaps;
pub mod synthetic;
pub mod twitter;
pub mod twitter_api;
