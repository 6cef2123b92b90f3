//! `smol_str::SmolStr` (feature `smol_str`).
//!
//! | | JSON | MessagePack |
//! |---|---|---|
//! | written as | a string | a str |
//! | read from | a string | a str |
//! | map key | the string | the str |
//!
//! As smol_str's serde impl. Reading copies the text straight from the input (or, for a
//! JSON string with escapes, from the reader's scratch buffer) into the `SmolStr`: no
//! `String` is made on the way, so a text of up to 23 bytes, which `SmolStr` keeps inline,
//! costs no allocation at all.
//!
//! ```
//! use smol_str::SmolStr;
//! use std::collections::BTreeMap;
//!
//! let tags: Vec<SmolStr> = codec::json::from_str(r#"["a", "caf\u00e9"]"#)?;
//! assert_eq!(tags, ["a", "café"]);
//! assert!(!tags[1].is_heap_allocated());
//! let m = BTreeMap::from([(SmolStr::new("k"), 1)]);
//! assert_eq!(codec::json::to_string(&m)?, r#"{"k":1}"#);
//! # #[cfg(feature = "msgpack")] {
//! assert_eq!(codec::msgpack::to_vec(&tags[0])?, b"\xa1a");
//! # }
//! # Ok::<(), codec::Error>(())
//! ```

use ::smol_str::SmolStr;

use crate::impls::string_form::string_type;

string_type!(SmolStr, SmolStr::new);
