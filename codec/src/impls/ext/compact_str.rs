//! `compact_str::CompactString` (feature `compact_str`).
//!
//! | | JSON | MessagePack |
//! |---|---|---|
//! | written as | a string | a str |
//! | read from | a string | a str |
//! | map key | the string | the str |
//!
//! As compact_str's serde impl. Reading copies the text straight from the input (or, for a
//! JSON string with escapes, from the reader's scratch buffer) into the `CompactString`: no
//! `String` is made on the way, so a text of up to 24 bytes (on 64-bit targets), which
//! `CompactString` keeps inline, costs no allocation at all.
//!
//! ```
//! use compact_str::CompactString;
//! use std::collections::BTreeMap;
//!
//! let tags: Vec<CompactString> = codec::json::from_str(r#"["a", "caf\u00e9"]"#)?;
//! assert_eq!(tags, ["a", "café"]);
//! assert!(!tags[1].is_heap_allocated());
//! let m = BTreeMap::from([(CompactString::new("k"), 1)]);
//! assert_eq!(codec::json::to_string(&m)?, r#"{"k":1}"#);
//! # #[cfg(feature = "msgpack")] {
//! assert_eq!(codec::msgpack::to_vec(&tags[0])?, b"\xa1a");
//! # }
//! # Ok::<(), codec::Error>(())
//! ```

use ::compact_str::CompactString;

use crate::impls::string_form::string_type;

string_type!(CompactString, CompactString::new);
