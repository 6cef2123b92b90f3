//! `ulid::Ulid` (feature `ulid`).
//!
//! | | JSON | MessagePack |
//! |---|---|---|
//! | written as | its 26-character Crockford base32 string | the same string, a str |
//! | read from | that string, letters in either case | the same str |
//! | map key | the string | the str |
//!
//! Both are ulid's own serde impl's forms: it writes the string whatever the format, so
//! rmp-serde writes a str too. Like `Ulid::from_string`, decoding takes the 32 digits of
//! Crockford's alphabet (`0-9`, `A-Z` without `I`, `L`, `O`, `U`) in either case. Unlike
//! it, a first character above `7` is an error: such a string stands for more than 128
//! bits, which the ULID specification says to reject, and which `from_string` silently
//! truncates.
//!
//! ```
//! use ulid::Ulid;
//!
//! let id = Ulid(0x0185_7d51_3b4e_4e84_a69f_1f39_0ba3_34c6);
//! let text = codec::json::to_string(&id)?;
//! assert_eq!(text, r#""01GNYN2ETE9T2AD7RZ745T6D66""#);
//! assert_eq!(codec::json::from_str::<Ulid>(&text.to_lowercase())?, id);
//! let err = codec::json::from_str::<Ulid>(r#""81GNYN2ETE9T2AD7RZ7457MD66""#).unwrap_err();
//! assert!(err.to_string().contains("more than 128 bits"));
//! # #[cfg(feature = "msgpack")] {
//! let packed = codec::msgpack::to_vec(&id)?;
//! assert_eq!(&packed[..1], b"\xba"); // a str of 26 bytes
//! assert_eq!(codec::msgpack::from_slice::<Ulid>(&packed)?, id);
//! # }
//! # Ok::<(), codec::Error>(())
//! ```

use ::ulid::Ulid;
#[allow(unused_imports)]
use alloc::borrow::ToOwned;
#[allow(unused_imports)]
use alloc::string::{String, ToString};

use crate::error::{Error, Result};
use crate::impls::string_form::{self, string_impls, FromText, ToText};
use crate::Writer;

const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// Each character's value in Crockford's alphabet (either case); 0xff for none. A value
/// fits 5 bits, so one OR of all lookups tells whether every character was a digit.
const DIGITS: [u8; 256] = {
    let mut t = [0xff; 256];
    let mut i = 0;
    while i < 32 {
        let c = ALPHABET[i];
        t[c as usize] = i as u8;
        t[c.to_ascii_lowercase() as usize] = i as u8;
        i += 1;
    }
    t
};

/// The string between quotes, ready to be copied out in one write.
#[inline]
fn quoted(id: Ulid) -> [u8; 28] {
    let mut out = [b'"'; 28];
    let mut v = id.0;
    for slot in out[1..27].iter_mut().rev() {
        *slot = ALPHABET[(v & 0x1f) as usize];
        v >>= 5;
    }
    out
}

/// The value of a 26-character string whose first digit is at most 7, or `None`.
#[inline]
pub(crate) fn parse_text(s: &[u8]) -> Option<Ulid> {
    let s: &[u8; 26] = s.try_into().ok()?;
    let mut v = 0u128;
    let mut bad = 0;
    for &c in s {
        let d = DIGITS[c as usize];
        bad |= d;
        v = (v << 5) | (d & 0x1f) as u128;
    }
    // 26 digits of 5 bits are 130: the first digit may use only 3.
    (bad & 0xe0 == 0 && DIGITS[s[0] as usize] <= 7).then_some(Ulid(v))
}

#[cold]
#[inline(never)]
fn invalid_text(at: usize, s: &[u8]) -> Error {
    let why = if s.len() != 26 {
        format!("found {} characters, expected 26", String::from_utf8_lossy(s).chars().count())
    } else if let Some(i) = s.iter().position(|&c| DIGITS[c as usize] == 0xff) {
        let shown = String::from_utf8_lossy(&s[i..]).chars().next().unwrap_or('\u{fffd}');
        format!("`{shown}` at character {} is not a Crockford base32 digit", i + 1)
    } else {
        "the first character must be 0 to 7: the value has more than 128 bits".to_owned()
    };
    string_form::not_a(at, "ULID", why)
}

impl ToText for Ulid {
    #[inline]
    fn with_text(&self, write: impl FnOnce(&str) -> Result<()>) -> Result<()> {
        let q = quoted(*self);
        // The digits are ASCII.
        write(core::str::from_utf8(&q[1..27]).unwrap_or_default())
    }

    /// The quoted digits in one write.
    #[inline]
    fn encode_text<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.write_quoted_escape_free_str(&quoted(*self))
    }
}

impl FromText for Ulid {
    type Text = [u8];
    const EXPECTED: Option<&'static str> = Some("a ULID string");
    const EXPECTED_KEY: Option<&'static str> = Some("a ULID string key");

    #[inline]
    fn from_text(text: &[u8], at: usize) -> Result<Self> {
        parse_text(text).ok_or_else(|| invalid_text(at, text))
    }
}

string_impls!(Encode, Decode, EncodeKey, DecodeKey for Ulid);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_ulid_crate() {
        for v in [0, 1, u128::MAX, u128::MAX >> 1, 0x0185_7d51_3b4e_4e84_a69f_1f39_0ba3_34c6] {
            let id = Ulid(v);
            let text = id.to_string();
            assert_eq!(&quoted(id)[1..27], text.as_bytes());
            assert_eq!(parse_text(text.as_bytes()), Some(id));
            assert_eq!(parse_text(text.to_lowercase().as_bytes()), Some(id));
        }
    }

    #[test]
    fn rejects_bad_text() {
        for bad in [
            "",
            "0000000000000000000000000",
            "000000000000000000000000000",
            "0000000000000000000000000I",
            "8ZZZZZZZZZZZZZZZZZZZZZZZZZ",
        ] {
            assert_eq!(parse_text(bad.as_bytes()), None, "{bad}");
        }
        assert_eq!(parse_text(b"7ZZZZZZZZZZZZZZZZZZZZZZZZZ"), Some(Ulid(u128::MAX)));
    }
}
