//! Bridges between the formats: what names both `json/` and `msgpack/` (or one format's
//! types in the other), so that neither format names the other. One file per concern:
//!
//! - `value_conversions.rs`: `From`/`TryFrom` between the two value types.
//!
//! The value types themselves need no bridge: `json::Value` (and `Number`, `Map`,
//! `RawJson`) and [`msgpack::Value`](crate::msgpack::Value) (and `Ext`, `Timestamp`) are
//! one generic body each over the core's `Reader` and `Writer` (`impls/json_value.rs`,
//! `impls/msgpack_value.rs`), a format's own form chosen by the reader's or writer's
//! constants.
//!
//! Only with the `msgpack` feature: without it there is one format and nothing to bridge.
//! (`serde/` is a bridge too, generic over the format: see its docs.)

mod value_conversions;
