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
//! string key in both formats). A `Version` is written straight into the output in pieces
//! (its parts are ASCII by construction); a `VersionReq` is formatted on the stack first
//! (in a `String` when the text is longer than 95 bytes).
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
use crate::{Encode, EncodeKey, Writer};

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

/// A version's string, written in pieces straight into the output in either format (a
/// value and a key alike): no buffer to print it in first.
#[inline]
fn encode_version<W: Writer>(v: &Version, w: &mut W) -> Result<()> {
    // `Display` of a version: `major.minor.patch`, then `-pre` and `+build` when not
    // empty. Identifiers hold only ASCII letters, digits, `-` and `.` (semver checks
    // them when they are made), so nothing needs an escape.
    let (mut major, mut minor, mut patch) = (itoa::Buffer::new(), itoa::Buffer::new(), itoa::Buffer::new());
    let (pre_sep, pre): (&[u8], &[u8]) = if v.pre.is_empty() { (b"", b"") } else { (b"-", v.pre.as_str().as_bytes()) };
    let (build_sep, build): (&[u8], &[u8]) =
        if v.build.is_empty() { (b"", b"") } else { (b"+", v.build.as_str().as_bytes()) };
    w.write_escape_free_str_parts(&[
        major.format(v.major).as_bytes(),
        b".",
        minor.format(v.minor).as_bytes(),
        b".",
        patch.format(v.patch).as_bytes(),
        pre_sep,
        pre,
        build_sep,
        build,
    ])
}

impl Encode for Version {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        encode_version(self, w)
    }
}

impl EncodeKey for Version {
    #[inline]
    fn encode_key<W: Writer>(&self, w: &mut W) -> Result<()> {
        encode_version(self, w)
    }
}

string_impls!(Decode, DecodeKey for Version);
string_impls!(Encode, Decode for VersionReq);
