//! `indexmap::{IndexMap, IndexSet}` (feature `indexmap`).
//!
//! | type | JSON | MessagePack |
//! |---|---|---|
//! | `IndexMap<K, V, S>` | an object, members in the map's order | a map, entries in order |
//! | `IndexSet<T, S>` | an array, in the set's order | an array, in order |
//!
//! As indexmap's serde impl. Decoding keeps the input's order. Everything else is the std
//! maps' and sets' (`impls/maps.rs`, `impls/collections.rs`), through the same code: the
//! key types (any [`DecodeKey`]: strings, integers, UUIDs...), the duplicate-key policy
//! ([`DuplicateKeys`]: an error at the second occurrence by default, before its value is
//! read), the key on the path of an error inside a value, the limits, and the presizing
//! of a MessagePack set
//! ([`MsgpackReader::capacity_for`](crate::msgpack::MsgpackReader::capacity_for)). An
//! `IndexMap` can also be the `#[codec(flatten)]` catch-all of a struct, keeping the
//! unknown members in the order they came.
//!
//! ```
//! // (With indexmap's `std` feature, as usual, `S` defaults to `RandomState`.)
//! type IndexMap<K, V> = indexmap::IndexMap<K, V, std::hash::RandomState>;
//! type IndexSet<T> = indexmap::IndexSet<T, std::hash::RandomState>;
//!
//! let m: IndexMap<String, u8> = codec::json::from_str(r#"{"z": 1, "a": 2}"#)?;
//! assert_eq!(m.keys().collect::<Vec<_>>(), ["z", "a"]);
//! assert_eq!(codec::json::to_string(&m)?, r#"{"z":1,"a":2}"#);
//! let err = codec::json::from_str::<IndexMap<String, u8>>(r#"{"z": 1, "z": 2}"#).unwrap_err();
//! assert_eq!((err.to_string().as_str(), err.offset()), ("duplicate field `z` (line 1, column 10)", Some(9)));
//! let s: IndexSet<u32> = codec::json::from_str("[3, 1, 2]")?;
//! assert_eq!(codec::json::to_string(&s)?, "[3,1,2]");
//! # Ok::<(), codec::Error>(())
//! ```

use core::hash::{BuildHasher, Hash};

use ::indexmap::{map, IndexMap, IndexSet};

use super::super::collections::hash_table_bytes;
use super::super::collections::{seq_decode, seq_encode};
use super::super::maps::map_impls;
use crate::__private::{DecodeFields, EncodeFields};
use crate::error::Result;
use crate::{Decode, DecodeKey, Encode, EncodeKey};

map_impls!(map, IndexMap<K, V, S>,
    decode: [K: DecodeKey<'de> + Eq + Hash, V: Decode<'de>, S: BuildHasher + Default],
    encode: [K: EncodeKey, V: Encode],
    pairs: [K: Decode<'de> + Eq + Hash, V: Decode<'de>, S: BuildHasher + Default]);

seq_encode! {
    [T: Encode, S] IndexSet<T, S>;
}

seq_decode! {
    [T: Decode<'de> + Eq + Hash, S: BuildHasher + Default] IndexSet<T, S> =>
        make: |r, n| {
            // An entry is the value and its hash in a vector, plus an index in the table.
            let entry = core::mem::size_of::<(T, u64)>() + hash_table_bytes::<usize>();
            IndexSet::with_capacity_and_hasher(r.capacity_for(n, entry), S::default())
        },
        push: |out: &mut Self, v| {
            out.insert(v);
        };
}
