//! Bridges between the formats: what names both `json/` and `msgpack/` (or one format's
//! types in the other), so that neither format names the other. One file per concern:
//!
//! - `raw_json_msgpack.rs`: [`RawJson`](crate::json::RawJson) in MessagePack (its
//!   `Encode`/`Decode` impl, one block for both formats). `json::Value`, `Number` and
//!   `Map` need no bridge: they are one generic walk over the core's `Reader` and
//!   `Writer` (`impls/json_value.rs`);
//! - `value_conversions.rs`: `From`/`TryFrom` between the two value types.
//!
//! The value types themselves need no bridge: `json::Value` and
//! [`msgpack::Value`](crate::msgpack::Value) (and `Ext`, `Timestamp`) are one generic
//! walk each over the core's `Reader` and `Writer` (`impls/json_value.rs`,
//! `impls/msgpack_value.rs`), a format's own form chosen by the reader's or writer's
//! constants.
//!
//! Only with the `msgpack` feature: without it there is one format and nothing to bridge.
//! (`serde/` is a bridge too, generic over the format: see its docs.)

mod raw_json_msgpack;
mod value_conversions;
