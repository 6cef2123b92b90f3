//! `semver::{Version, VersionReq}` (feature `semver`).
//!
//! | type | JSON | MessagePack |
//! |---|---|---|
//! | `Version` | its text, `"1.2.3-rc.1+build.5"` | the same, a str |
//! | `VersionReq` | its text, `">=1.2, <2"` | the same, a str |
//!
//! As semver's serde impl: written as each type's `Display`, read with semver's own
//! parser (its grammar is Cargo's, not something to write twice); a text that does not
//! parse is an error at the string, with semver's reason. `Version` is also a map key (a
//! string key in both formats). A `Version` is written straight into the JSON output (its
//! parts are ASCII by construction); `VersionReq`, and MessagePack, format it on the stack
//! first (in a `String` when the text is longer than 95 bytes).
//!
//! ```
//! use semver::{Version, VersionReq};
//!
//! let v: Version = codec::json::from_str(r#""1.2.3-rc.1+build.5""#)?;
//! assert_eq!(v, Version::parse("1.2.3-rc.1+build.5").unwrap());
//! assert_eq!(codec::json::to_string(&v)?, r#""1.2.3-rc.1+build.5""#);
//! let req: VersionReq = codec::json::from_str(r#"">=1.2, <2""#)?;
//! assert!(req.matches(&v) == false && req.matches(&Version::new(1, 4, 0)));
//! let err = codec::json::from_str::<Version>(r#""1.2""#).unwrap_err();
//! assert_eq!(err.to_string(), "invalid value: not a version: unexpected end of input while parsing minor version number (line 1, column 1)");
//! # Ok::<(), codec::Error>(())
//! ```

use ::semver::{Version, VersionReq};

use crate::error::Result;
use crate::impls::string_form::{self, string_impls, FromText, ToText};
use crate::json::JsonWriter;
#[cfg(feature = "msgpack")]
use crate::msgpack::MsgpackWriter;
use crate::{Encode, EncodeKey};

impl ToText for Version {
    #[inline]
    fn with_text(&self, write: impl FnOnce(&str) -> Result<()>) -> Result<()> {
        string_form::with_display(self, write)
    }
}

impl ToText for VersionReq {
    #[inline]
    fn with_text(&self, write: impl FnOnce(&str) -> Result<()>) -> Result<()> {
        string_form::with_display(self, write)
    }
}

impl FromText for Version {
    type Text = str;
    const EXPECTED: Option<&'static str> = Some("a version string");

    #[inline]
    fn from_text(text: &str, at: usize) -> Result<Self> {
        text.parse().map_err(|e| string_form::not_a(at, "version", e))
    }
}

impl FromText for VersionReq {
    type Text = str;
    const EXPECTED: Option<&'static str> = Some("a version requirement string");

    #[inline]
    fn from_text(text: &str, at: usize) -> Result<Self> {
        text.parse().map_err(|e| string_form::not_a(at, "version requirement", e))
    }
}

/// The JSON string of a version, written in pieces straight into the output. (It keeps
/// `Version`'s `Encode` and `EncodeKey` per format: a MessagePack str states its length
/// before the text, so MessagePack prints the text first.)
#[inline]
fn encode_json_text(v: &Version, w: &mut JsonWriter) -> Result<()> {
    // `Display` of a version: `major.minor.patch`, then `-pre` and `+build` when not
    // empty. Identifiers hold only ASCII letters, digits, `-` and `.` (semver checks
    // them when they are made), so nothing needs an escape.
    w.write_byte(b'"');
    w.write_u64(v.major);
    w.write_byte(b'.');
    w.write_u64(v.minor);
    w.write_byte(b'.');
    w.write_u64(v.patch);
    if !v.pre.is_empty() {
        w.write_byte(b'-');
        w.write_raw(v.pre.as_str().as_bytes());
    }
    if !v.build.is_empty() {
        w.write_byte(b'+');
        w.write_raw(v.build.as_str().as_bytes());
    }
    w.write_byte(b'"');
    Ok(())
}

impl Encode for Version {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        encode_json_text(self, w)
    }

    #[cfg(feature = "msgpack")]
    #[inline]
    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        self.encode_text(w)
    }
}

impl EncodeKey for Version {
    #[inline]
    fn encode_json_key(&self, w: &mut JsonWriter) -> Result<()> {
        encode_json_text(self, w)
    }

    #[cfg(feature = "msgpack")]
    #[inline]
    fn encode_msgpack_key(&self, w: &mut MsgpackWriter) -> Result<()> {
        self.encode_text(w)
    }
}

string_impls!(Decode, DecodeKey for Version);
string_impls!(Encode, Decode for VersionReq);
