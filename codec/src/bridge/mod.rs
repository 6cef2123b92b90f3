//! Bridges between the formats: what names both `json/` and `msgpack/` (or one format's
//! types in the other), so that neither format names the other. One file per concern:
//!
//! - `json_value_msgpack.rs`: [`json::Value`](crate::json::Value), `Number`, `Map` and
//!   `RawJson` in MessagePack (their `Encode`/`Decode` impls, one block per type for both
//!   formats);
//! - `msgpack_value_json.rs`: [`msgpack::Value`](crate::msgpack::Value) and its `Map` in
//!   JSON (their JSON form and `Encode`/`Decode` impls);
//! - `value_conversions.rs`: `From`/`TryFrom` between the two value types;
//! - `ext_json.rs`: [`Ext`](crate::msgpack::Ext) and
//!   [`Timestamp`](crate::msgpack::Timestamp) in JSON (their `Encode`/`Decode` impls).
//!
//! Only with the `msgpack` feature: without it there is one format and nothing to bridge.
//! (`serde/` is a bridge too, generic over the format: see its docs.)

mod ext_json;
mod json_value_msgpack;
mod msgpack_value_json;
mod value_conversions;
