//! Alternative representations for `#[codec(with = "...")]` fields: ready-made modules
//! with `encode_json`/`decode_json` (and the MessagePack pair), grouped by the crate
//! whose types they represent. Each group exists when that crate's cargo feature is on.
