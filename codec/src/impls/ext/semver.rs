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
//! string key in both formats). A `Version` is written without an allocation in JSON
//! (its parts are ASCII by construction); `VersionReq`, and MessagePack, format it first.
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

use alloc::borrow::Cow;
use alloc::string::ToString;
#[cfg(feature = "msgpack")]
use core::fmt::Display;
use core::str::FromStr;

use ::semver::{Version, VersionReq};

use crate::error::{Error, ErrorKind, Result};
use crate::json::{JsonReader, JsonWriter, Key};
#[cfg(feature = "msgpack")]
use crate::msgpack::{self, MsgpackReader, MsgpackWriter};
use crate::{Decode, DecodeKey, Encode, EncodeKey};

#[cold]
#[inline(never)]
fn invalid(at: usize, what: &str, e: ::semver::Error) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Owned(format!("not a {what}: {e}"))), at)
}

/// Parses the text of the string token `key`.
#[inline]
fn from_json_text<'de, T: FromStr<Err = ::semver::Error>>(
    key: Key<'de>,
    r: &mut JsonReader<'de>,
    what: &str,
) -> Result<T> {
    r.decode_string(key)?.as_str().parse().map_err(|e| invalid(key.offset(), what, e))
}

#[inline]
fn read_json<'de, T: FromStr<Err = ::semver::Error>>(
    r: &mut JsonReader<'de>,
    what: &'static str,
    expected: &'static str,
) -> Result<T> {
    if r.peek() != Some(b'"') {
        return Err(r.invalid_type(expected));
    }
    let key = r.read_string_token()?;
    from_json_text(key, r, what)
}

#[inline]
#[cfg(feature = "msgpack")]
fn read_msgpack<T: FromStr<Err = ::semver::Error>>(
    r: &mut MsgpackReader<'_>,
    what: &'static str,
    expected: &'static str,
) -> Result<T> {
    let at = r.position();
    if !matches!(r.peek(), Some(0xa0..=0xbf | 0xd9..=0xdb)) {
        return Err(r.invalid_type(expected));
    }
    r.read_str()?.parse().map_err(|e| invalid(at, what, e))
}

/// The text of a value whose `Display` is its serde form.
#[inline]
#[cfg(feature = "msgpack")]
fn encode_msgpack_text(v: &impl Display, w: &mut MsgpackWriter) -> Result<()> {
    w.write_str(&v.to_string())
}

impl Encode for Version {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        // `Display` of a version: `major.minor.patch`, then `-pre` and `+build` when not
        // empty. Identifiers hold only ASCII letters, digits, `-` and `.` (semver checks
        // them when they are made), so nothing needs an escape.
        w.write_byte(b'"');
        w.write_u64(self.major);
        w.write_byte(b'.');
        w.write_u64(self.minor);
        w.write_byte(b'.');
        w.write_u64(self.patch);
        if !self.pre.is_empty() {
            w.write_byte(b'-');
            w.write_raw(self.pre.as_str().as_bytes());
        }
        if !self.build.is_empty() {
            w.write_byte(b'+');
            w.write_raw(self.build.as_str().as_bytes());
        }
        w.write_byte(b'"');
        Ok(())
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        encode_msgpack_text(self, w)
    }
}

impl<'de> Decode<'de> for Version {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        read_json(r, "version", "a version string")
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        read_msgpack(r, "version", "a version string")
    }
}

impl EncodeKey for Version {
    #[inline]
    fn encode_json_key(&self, w: &mut JsonWriter) -> Result<()> {
        self.encode_json(w)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn encode_msgpack_key(&self, w: &mut MsgpackWriter) -> Result<()> {
        self.encode_msgpack(w)
    }
}

impl<'de> DecodeKey<'de> for Version {
    #[inline]
    fn decode_json_key(key: Key<'de>, r: &mut JsonReader<'de>) -> Result<Self> {
        from_json_text(key, r, "version")
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack_key(key: msgpack::Key<'de>, r: &mut MsgpackReader<'de>) -> Result<Self> {
        r.key_str(key)?.parse().map_err(|e| invalid(key.offset(), "version", e))
    }
}

impl Encode for VersionReq {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        w.write_str(&self.to_string());
        Ok(())
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        encode_msgpack_text(self, w)
    }
}

impl<'de> Decode<'de> for VersionReq {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        read_json(r, "version requirement", "a version requirement string")
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        read_msgpack(r, "version requirement", "a version requirement string")
    }
}
