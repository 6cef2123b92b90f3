//! Bridges between the formats: what names both `json/` and `msgpack/` (or one format's
//! types in the other), so that neither format names the other. One file per concern:
//!
//! - `raw_json_msgpack.rs`: [`RawJson`](crate::json::RawJson) in MessagePack (its
//!   `Encode`/`Decode` impl, one block for both formats). `json::Value`, `Number` and
//!   `Map` need no bridge: they are one generic walk over the core's `Reader` and
//!   `Writer` (`impls/json_value.rs`);
//! - `msgpack_value_json.rs`: [`msgpack::Value`](crate::msgpack::Value) and its `Map` in
//!   JSON (their JSON form and `Encode`/`Decode` impls);
//! - `value_conversions.rs`: `From`/`TryFrom` between the two value types;
//! - `ext_json.rs`: [`Ext`](crate::msgpack::Ext) and
//!   [`Timestamp`](crate::msgpack::Timestamp) in JSON (their `Encode`/`Decode` impls).
//!
//! Only with the `msgpack` feature: without it there is one format and nothing to bridge.
//! (`serde/` is a bridge too, generic over the format: see its docs.)

mod ext_json;
mod msgpack_value_json;
mod raw_json_msgpack;
mod value_conversions;
