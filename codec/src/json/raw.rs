//! A sub-document kept as its text, for decoding later or passing through unchanged.

use core::fmt;

use super::Options;
use crate::error::Result;
use crate::Decode;

/// One JSON value captured as the text it was written as, borrowed from the input.
///
/// Decoding a `RawJson` checks the value as skipping it would (syntax, escapes, UTF-8,
/// the depth limit) but converts nothing; the whitespace around the value is not part
/// of it. Decode it later with [`decode`](Self::decode), possibly into different types
/// depending on what else the document said. Encoding writes the text back verbatim.
///
/// In MessagePack a `RawJson` is transcoded: encoding writes the value its text holds (as
/// a [`Value`](super::Value) would be written), and decoding is an error, since a MessagePack input
/// holds no JSON text to borrow (decode a [`Value`](super::Value) or a typed field there instead).
///
/// ```
/// use codec::json::RawJson;
///
/// #[derive(codec::Codec, Debug)]
/// struct Envelope<'a> {
///     kind: &'a str,
///     payload: RawJson<'a>,
/// }
///
/// #[derive(codec::Codec, Debug, PartialEq)]
/// struct Ping { seq: u32 }
///
/// let input = br#"{"kind": "ping", "payload": { "seq" : 7 } }"#;
/// let env: Envelope = codec::json::from_slice(input)?;
/// assert_eq!(env.payload.as_str(), r#"{ "seq" : 7 }"#);
/// if env.kind == "ping" {
///     assert_eq!(env.payload.decode::<Ping>()?, Ping { seq: 7 });
/// }
/// // Re-encoding passes the payload through untouched.
/// assert_eq!(codec::json::to_string(&env)?, r#"{"kind":"ping","payload":{ "seq" : 7 }}"#);
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RawJson<'a> {
    text: &'a str,
}

impl<'a> RawJson<'a> {
    /// Checks that `text` is one JSON value (whitespace around it allowed and dropped) and
    /// captures it.
    ///
    /// ```
    /// # use codec::json::RawJson;
    /// assert_eq!(RawJson::new(" [1, 2] ")?.as_str(), "[1, 2]");
    /// assert!(RawJson::new("[1, 2").is_err());
    /// assert!(RawJson::new("1 2").is_err());
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn new(text: &'a str) -> Result<RawJson<'a>> {
        crate::json::from_str(text)
    }

    /// The captured text, exactly as written in the input.
    ///
    /// ```
    /// # use codec::json::RawJson;
    /// let raw: RawJson = codec::json::from_str(r#" "a\u0062" "#)?;
    /// assert_eq!(raw.as_str(), r#""a\u0062""#);
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// Decodes the captured value as a `T` (with the default [`Options`]); `&'a str`
    /// fields borrow from the original input.
    ///
    /// ```
    /// # use codec::json::RawJson;
    /// let raw = RawJson::new(r#"{"name": "ada"}"#)?;
    /// let v: codec::json::Value = raw.decode()?;
    /// assert_eq!(v["name"], "ada");
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn decode<T: Decode<'a>>(&self) -> Result<T> {
        crate::json::from_slice(self.text.as_bytes())
    }

    /// As [`decode`](Self::decode), with explicit [`Options`]. Offsets in errors count from
    /// the start of the captured text.
    ///
    /// ```
    /// # use codec::json::{Options, RawJson};
    /// let raw = RawJson::new("[[[1]]]")?;
    /// assert!(raw.decode_with::<Vec<Vec<Vec<u8>>>>(&Options::new().max_depth(2)).is_err());
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub fn decode_with<T: Decode<'a>>(&self, options: &Options) -> Result<T> {
        crate::json::from_slice_with(self.text.as_bytes(), options)
    }
}

impl fmt::Debug for RawJson<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("RawJson").field(&self.text).finish()
    }
}

impl fmt::Display for RawJson<'_> {
    /// The captured text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

impl<'a> RawJson<'a> {
    /// Text a reader checked (`Reader::read_raw_value`): one JSON value, no whitespace
    /// around it.
    pub(crate) fn from_checked(text: &'a str) -> RawJson<'a> {
        RawJson { text }
    }
}
