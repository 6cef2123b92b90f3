//! The model's impls for CBOR's own value, [`cbor::Value`](Value): one generic body, the
//! walk `cbor/value.rs` defines beside the type over the core's `Reader` and `Writer`
//! (its map, `cbor::Map`, is the generic one of `impls/dynamic.rs`).

use crate::cbor::Value;

// In CBOR exactly the data item; elsewhere what the format has of it (see `cbor::value`),
// an error naming what it cannot hold.
crate::impls::walk_impls!(Value);
