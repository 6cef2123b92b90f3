//! Paths and OS strings, as UTF-8 strings. Needs `std`.
//!
//! | type | JSON | MessagePack |
//! |---|---|---|
//! | `Path`, `PathBuf` (also `Box<Path>`, `Cow<Path>`) | a string | a str (a UTF-8 bin is read too) |
//! | `OsStr`, `OsString` | a string | a str |
//!
//! A path or OS string that is not valid UTF-8 has no string form: encoding one is an
//! [`InvalidValue`](crate::ErrorKind::InvalidValue) error (serde's `Path` impl fails the
//! same way), never a lossy conversion. A MessagePack bin read as a path must be UTF-8
//! (serde's rule); a str always is, or the reader rejects it. `Cow<Path>` borrows from the
//! input when it can, as `Cow<str>` does (a `&Path` field is not offered: its decode could
//! not read an escaped JSON string, and `Cow<Path>` covers it).
//!
//! `OsString` deviates from serde, which writes it as its platform's code units,
//! `{"Unix":[104,105]}` or `{"Windows":[104,105]}`: data that only the same platform can
//! read, in JSON arrays of numbers. Here it is the string (the issue asked for "OsString
//! where UTF-8"), and decoding also accepts serde's form of the running platform, so
//! what serde wrote still reads (a `Unix` form may hold any bytes there).
//!
//! Paths and OS strings are sensible map keys only as `PathBuf` (a string key).
//!
//! ```
//! use std::path::{Path, PathBuf};
//! let p = PathBuf::from("/etc/hosts");
//! assert_eq!(codec::json::to_string(&p)?, r#""/etc/hosts""#);
//! assert_eq!(codec::json::from_str::<PathBuf>(r#""/etc/hosts""#)?, p);
//! let borrowed: std::borrow::Cow<Path> = codec::json::from_str(r#""a/b""#)?;
//! assert!(matches!(borrowed, std::borrow::Cow::Borrowed(p) if p == Path::new("a/b")));
//! # #[cfg(unix)] {
//! use std::os::unix::ffi::OsStrExt;
//! let bad = Path::new(std::ffi::OsStr::from_bytes(b"caf\xe9"));
//! let err = codec::json::to_string(bad).unwrap_err();
//! assert_eq!(err.to_string(), "invalid value: the path is not valid UTF-8");
//! assert_eq!(codec::json::from_str::<std::ffi::OsString>(r#"{"Unix":[104,105]}"#)?, "hi");
//! # }
//! # Ok::<(), codec::Error>(())
//! ```

use std::borrow::Cow;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use super::string_form::{string_impls, FromText, ToText};
use crate::error::{Error, ErrorKind, Result};
use crate::{Decode, Reader};

#[cold]
#[inline(never)]
fn not_utf8(message: &'static str) -> Error {
    Error::without_position(ErrorKind::InvalidValue(Cow::Borrowed(message)))
}

/// The text of a path or OS string: `$as_str` of it when that is UTF-8, else an error.
macro_rules! text_of {
    ($($ty:ty => $as_str:expr, $not_utf8:literal;)*) => {$(
        impl ToText for $ty {
            #[inline]
            fn with_text(&self, write: impl FnOnce(&str) -> Result<()>) -> Result<()> {
                write($as_str(self).ok_or_else(|| not_utf8($not_utf8))?)
            }
        }
    )*};
}

text_of! {
    Path => Path::to_str, "the path is not valid UTF-8";
    PathBuf => Path::to_str, "the path is not valid UTF-8";
    OsStr => OsStr::to_str, "the OS string is not valid UTF-8";
    OsString => OsStr::to_str, "the OS string is not valid UTF-8";
}

/// A `PathBuf` key: a copy of the key's text.
impl FromText for PathBuf {
    type Text = str;

    #[inline]
    fn from_text(text: &str, _at: usize) -> Result<Self> {
        Ok(PathBuf::from(text))
    }
}

string_impls!(Encode for Path, PathBuf, OsStr, OsString);
string_impls!(EncodeKey for Path, PathBuf);
string_impls!(DecodeKey for PathBuf);

/// A path's text: a string, or in MessagePack a bin that holds UTF-8 (serde reads a path
/// from bytes too); borrowed when the input holds it as it is.
#[inline]
fn read_path_text<'de, R: Reader<'de>>(r: &mut R) -> Result<Cow<'de, str>> {
    r.read_str_or_utf8_bin("a path (a string)", "a path must be valid UTF-8; this bin is not")
}

impl<'de> Decode<'de> for PathBuf {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        // One allocation, the text's: an owned string is moved, a borrowed one copied.
        read_path_text(r).map(|text| PathBuf::from(text.into_owned()))
    }
}

impl<'de> Decode<'de> for Box<Path> {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        PathBuf::decode(r).map(PathBuf::into_boxed_path)
    }
}

impl<'de: 'a, 'a> Decode<'de> for Cow<'a, Path> {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        Ok(match read_path_text(r)? {
            Cow::Borrowed(s) => Cow::Borrowed(Path::new(s)),
            Cow::Owned(s) => Cow::Owned(PathBuf::from(s)),
        })
    }
}

// ---- OsString: the string, or serde's platform form ----

const OS_VARIANTS: &[&str] = &["Unix", "Windows"];

impl<'de> Decode<'de> for OsString {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        if !r.peek_is_object() {
            if !r.peek_is_string() {
                return Err(r.invalid_type("an OS string (a string)"));
            }
            return r.read_string().map(OsString::from);
        }
        // serde's platform form: an object (a map) of one key.
        let at = r.position();
        let mut members = r.begin_members()?;
        if !r.first_member(&mut members)? {
            return Err(not_platform_form(at));
        }
        let key = r.read_key()?;
        let value = match r.key_bytes(key)? {
            b"Unix" => {
                let units = Vec::<u8>::decode(r).map_err(|e| e.in_field("Unix"))?;
                from_unix(units, r.key_offset(key))?
            }
            b"Windows" => {
                let units = Vec::<u16>::decode(r).map_err(|e| e.in_field("Windows"))?;
                from_windows(units, r.key_offset(key))?
            }
            _ => return Err(crate::__private::any::unknown_variant(r, key, OS_VARIANTS)),
        };
        if r.next_member(&mut members)? {
            return Err(not_platform_form(r.position()));
        }
        r.end_members(members);
        Ok(value)
    }
}

#[cold]
#[inline(never)]
fn not_platform_form(at: usize) -> Error {
    Error::new(
        ErrorKind::InvalidValue(Cow::Borrowed(
            "expected an OS string: a string, or an object with one key, Unix or Windows",
        )),
        at,
    )
}

#[cold]
#[inline(never)]
#[allow(dead_code)] // on the platforms that read one of the two forms
fn other_platform(message: &'static str, at: usize) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Borrowed(message)), at)
}

#[cfg(unix)]
fn from_unix(bytes: Vec<u8>, _at: usize) -> Result<OsString> {
    use std::os::unix::ffi::OsStringExt;
    Ok(OsString::from_vec(bytes))
}

#[cfg(not(unix))]
fn from_unix(_: Vec<u8>, at: usize) -> Result<OsString> {
    Err(other_platform("a Unix OS string cannot be decoded on this platform", at))
}

#[cfg(windows)]
fn from_windows(units: Vec<u16>, _at: usize) -> Result<OsString> {
    use std::os::windows::ffi::OsStringExt;
    Ok(OsString::from_wide(&units))
}

#[cfg(not(windows))]
fn from_windows(_: Vec<u16>, at: usize) -> Result<OsString> {
    Err(other_platform("a Windows OS string cannot be decoded on this platform", at))
}
