//! `url::Url` (feature `url`).
//!
//! | | JSON | MessagePack |
//! |---|---|---|
//! | written as | its serialization, `Url::as_str`, a string | the same, a str |
//! | read from | a string, through `Url::parse` | a str, the same way |
//! | map key | the string | the str |
//!
//! As url's serde impl, in both formats. Reading parses with the url crate itself (a
//! URL's grammar is the WHATWG standard's, not something to write twice): the text is
//! borrowed from the input where it has no escape, so nothing but the `Url` is allocated.
//! A text that does not parse is an error at the string, with url's reason.
//!
//! ```
//! use url::Url;
//!
//! let u = Url::parse("https://example.com/a b?q=1").unwrap();
//! assert_eq!(codec::json::to_string(&u)?, r#""https://example.com/a%20b?q=1""#);
//! assert_eq!(codec::json::from_str::<Url>(r#""https://example.com/a%20b?q=1""#)?, u);
//! let err = codec::json::from_str::<Vec<Url>>(r#"["https://a.example", "no scheme"]"#).unwrap_err();
//! assert_eq!((err.path(), err.offset()), ("[1]".to_owned(), Some(22)));
//! assert_eq!(err.to_string(), "invalid value: not a URL: relative URL without a base at [1] (line 1, column 23)");
//! # Ok::<(), codec::Error>(())
//! ```

use ::url::Url;

use crate::error::Result;
use crate::impls::string_form::{self, string_impls, FromText, ToText};

impl ToText for Url {
    #[inline]
    fn with_text(&self, write: impl FnOnce(&str) -> Result<()>) -> Result<()> {
        write(self.as_str())
    }
}

impl FromText for Url {
    type Text = str;
    const EXPECTED: Option<&'static str> = Some("a URL string");

    #[inline]
    fn from_text(text: &str, at: usize) -> Result<Self> {
        Url::parse(text).map_err(|e| string_form::not_a(at, "URL", e))
    }
}

string_impls!(Encode, Decode, EncodeKey, DecodeKey for Url);
