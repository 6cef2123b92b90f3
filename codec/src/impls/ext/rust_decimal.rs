//! `rust_decimal::Decimal` (feature `rust_decimal`), and its JSON number form
//! [`codec::with::rust_decimal`](crate::with::rust_decimal).
//!
//! | | JSON | MessagePack |
//! |---|---|---|
//! | written as | a string, `"123.400"`: every digit, the scale kept | the same string, a str |
//! | read from | a string; also a number, read exactly from its text | a str; also an integer, or a float by its shortest decimal text |
//! | map key | the string | the str |
//! | `with::rust_decimal::number` writes | a number, `123.400`, exactly | the str, as above |
//!
//! The string is what rust_decimal's serde impl writes by default (its `serde-float`
//! and `serde-arbitrary-precision` features change that), byte for byte: the scale is
//! kept (`1.50` stays `1.50`) and a negative zero keeps its sign (`"-0"`). rmp-serde
//! writes the same str, since MessagePack has no decimal type; the `number` module writes
//! the str in MessagePack too, as a float would lose digits.
//!
//! A string is parsed as `Decimal::from_str` (and, failing that, `from_scientific`)
//! parses it, which is how rust_decimal's serde impl reads one: `1e3`, `+1` and `1_000`
//! are accepted, digits beyond the 28 decimal places a `Decimal` holds are rounded, and a
//! value beyond its 96 bits is an error. Plain decimals of up to 28 digits, what codec
//! and serde write, take a faster path of codec's own with the same results.
//!
//! A JSON number is read from its text, exactly: `0.1` is 0.1 and `2.50` keeps its
//! scale, where serde's impl, through serde_json without `arbitrary_precision`, goes
//! through the nearest `f64` (so it loses digits past the 17th and the scale). A
//! MessagePack float has no text: it is read as its shortest round-trip decimal
//! (`0.1f64` as `0.1`), as serde's impl does.
//!
//! ```
//! use rust_decimal::Decimal;
//! use core::str::FromStr;
//!
//! let price = Decimal::from_str("123.400").unwrap();
//! assert_eq!(codec::json::to_string(&price)?, r#""123.400""#);
//! assert_eq!(codec::json::from_str::<Decimal>(r#""123.400""#)?.to_string(), "123.400");
//! // A number is read exactly, digits and scale.
//! let exact = codec::json::from_str::<Decimal>("0.1000000000000000000000000001")?;
//! assert_eq!(exact.to_string(), "0.1000000000000000000000000001");
//! let err = codec::json::from_str::<Decimal>(r#""12x""#).unwrap_err();
//! assert_eq!((err.to_string().starts_with("invalid value: not a decimal"), err.offset()), (true, Some(0)));
//! # #[cfg(feature = "msgpack")] {
//! assert_eq!(codec::msgpack::to_vec(&price)?, b"\xa7123.400");
//! # }
//! # Ok::<(), codec::Error>(())
//! ```

use alloc::borrow::Cow;
#[allow(unused_imports)]
use alloc::borrow::ToOwned;
#[allow(unused_imports)]
use alloc::string::{String, ToString};
use core::str::FromStr;

use ::rust_decimal::Decimal;

use crate::error::{Error, ErrorKind, Result};
use crate::impls::string_form::{self, string_impls, FromText, ToText};
use crate::reader::{ParsedNumber, ValueKind};
use crate::{Decode, Reader, Writer};

/// The longest text: a sign, `0.` and 28 decimals, or 29 digits with a point and a sign.
const MAX_TEXT: usize = 32;

/// Room for the text between quotes.
struct Text {
    buf: [u8; MAX_TEXT + 2],
    len: usize,
}

impl Text {
    /// The text with its quotes.
    #[inline]
    fn quoted(&self) -> &[u8] {
        &self.buf[..self.len + 2]
    }

    /// The text alone (ASCII, so a `str`).
    #[inline]
    fn as_str(&self) -> &str {
        core::str::from_utf8(&self.buf[1..self.len + 1]).unwrap_or_default()
    }
}

/// `d` as rust_decimal's serde impl writes it: the mantissa's digits with the point
/// `scale` places from the right (zeros before them as needed), a `-` for any negative
/// value, zero included.
#[inline]
fn format(d: &Decimal) -> Text {
    let mut buf = [b'"'; MAX_TEXT + 2];
    let mut n = 1;
    let mut put = |bytes: &[u8]| {
        buf[n..n + bytes.len()].copy_from_slice(bytes);
        n += bytes.len();
    };
    if d.is_sign_negative() {
        put(b"-");
    }
    let scale = d.scale() as usize;
    let m = d.mantissa().unsigned_abs();
    let mut itoa = itoa::Buffer::new();
    // rust_decimal writes no digit for a zero mantissa, only the zeros the scale asks for.
    let digits = if m == 0 { &b""[..] } else { itoa.format(m).as_bytes() };
    if digits.len() > scale {
        let whole = digits.len() - scale;
        put(&digits[..whole]);
        if scale > 0 {
            put(b".");
            put(&digits[whole..]);
        }
    } else if scale > 0 {
        put(b"0.");
        for _ in digits.len()..scale {
            put(b"0");
        }
        put(digits);
    } else {
        put(b"0");
    }
    Text { buf, len: n - 1 }
}

/// `-?digits(.digits)?` with at most 28 digits in all: exactly the mantissa and scale
/// `Decimal::from_str` gives (it too makes `-0` positive), without its general loop.
#[inline]
fn parse_plain(s: &[u8]) -> Option<Decimal> {
    let (neg, digits) = match s {
        [b'-', rest @ ..] => (true, rest),
        _ => (false, s),
    };
    if digits.is_empty() || digits.len() > 29 {
        return None;
    }
    let mut m: u128 = 0;
    let mut count = 0;
    let mut point = None;
    for (i, &b) in digits.iter().enumerate() {
        match b {
            b'0'..=b'9' => {
                m = m * 10 + (b - b'0') as u128;
                count += 1;
            }
            b'.' if point.is_none() && i > 0 && i + 1 < digits.len() => point = Some(i),
            _ => return None,
        }
    }
    if count > 28 {
        return None;
    }
    let scale = point.map_or(0, |p| digits.len() - 1 - p) as u32;
    // At most 28 digits: below 10^28 < 2^96, so `m` fits and no sign is lost.
    let signed = if neg { -(m as i128) } else { m as i128 };
    Decimal::try_from_i128_with_scale(signed, scale).ok()
}

/// Any text rust_decimal's serde impl reads from a string.
#[inline]
fn parse(s: &[u8]) -> Option<Decimal> {
    if let Some(d) = parse_plain(s) {
        return Some(d);
    }
    parse_general(s)
}

#[inline(never)]
fn parse_general(s: &[u8]) -> Option<Decimal> {
    let s = core::str::from_utf8(s).ok()?;
    Decimal::from_str(s).or_else(|_| Decimal::from_scientific(s)).ok()
}

#[cold]
#[inline(never)]
fn invalid_text(at: usize, s: &[u8]) -> Error {
    let shown = String::from_utf8_lossy(&s[..s.len().min(64)]);
    let why = match core::str::from_utf8(s).map(Decimal::from_str) {
        Ok(Err(e)) => e.to_string(),
        _ => "not a number".to_owned(),
    };
    string_form::not_a(at, "decimal", format_args!("\"{shown}\": {why}"))
}

/// The string form, which serde's impl writes.
impl ToText for Decimal {
    #[inline]
    fn with_text(&self, write: impl FnOnce(&str) -> Result<()>) -> Result<()> {
        write(format(self).as_str())
    }

    /// The quoted text in one write.
    #[inline]
    fn encode_text<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.write_quoted_escape_free_str(format(self).quoted())
    }
}

impl FromText for Decimal {
    type Text = [u8];
    const EXPECTED_KEY: Option<&'static str> = Some("a decimal string key");

    #[inline]
    fn from_text(text: &[u8], at: usize) -> Result<Self> {
        parse(text).ok_or_else(|| invalid_text(at, text))
    }
}

/// A string (the text), or a number: in JSON read exactly from its text, in MessagePack
/// an integer, or a float through its shortest round-trip text (what serde's impl reads).
/// Anything else is an error expecting `expected`.
#[inline]
fn decode_any<'de, R: Reader<'de>>(r: &mut R, expected: &'static str) -> Result<Decimal> {
    match r.peek_value_kind() {
        Some(ValueKind::Str) => string_form::decode_str(r),
        Some(ValueKind::Number) => {
            let at = r.value_start();
            let text = r.read_number_text()?;
            parse(text.as_bytes()).ok_or_else(|| invalid_text(at, text.as_bytes()))
        }
        Some(ValueKind::Int | ValueKind::Float) => {
            let at = r.value_start();
            let f = match r.read_parsed_number()? {
                ParsedNumber::PosInt(v) => return Ok(Decimal::from(v)),
                ParsedNumber::NegInt(v) => return Ok(Decimal::from(v)),
                ParsedNumber::Float(f) => f,
                // Widened, as serde's impl reads a float 32 (`0.1f32` is 0.10000000149011612).
                ParsedNumber::Float32(f) => f as f64,
            };
            from_f64(f).ok_or_else(|| float_out_of_range(at, f))
        }
        _ => Err(r.invalid_type(expected)),
    }
}

/// The decimal of a float's shortest round-trip text (what serde's impl reads).
fn from_f64(f: f64) -> Option<Decimal> {
    if !f.is_finite() {
        return None;
    }
    parse(zmij::Buffer::new().format_finite(f).as_bytes())
}

#[cold]
#[inline(never)]
fn float_out_of_range(at: usize, f: f64) -> Error {
    Error::new(ErrorKind::OutOfRange(Cow::Owned(format!("{f} does not fit in a Decimal"))), at)
}

string_impls!(Encode, EncodeKey, DecodeKey for Decimal);

impl<'de> Decode<'de> for Decimal {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        decode_any(r, "a decimal (a string or a number)")
    }
}

/// The `with` modules, published as [`crate::with::rust_decimal`].
pub mod with {
    /// A `Decimal` as a JSON number, exactly both ways: `123.400` is written with every
    /// digit and its scale, and a number is read from its text, never through `f64` (as
    /// rust_decimal's `serde::arbitrary_precision` does with serde_json's feature of that
    /// name). Reading also takes the string form. In MessagePack, which has no decimal
    /// type, it is the default form: a str (exact), and reading takes a str, an integer
    /// or a float.
    ///
    /// ```
    /// use rust_decimal::Decimal;
    /// use core::str::FromStr;
    ///
    /// #[derive(codec::Codec, Debug, PartialEq)]
    /// struct Price {
    ///     #[codec(with = "codec::with::rust_decimal::number")]
    ///     amount: Decimal,
    /// }
    ///
    /// let p = Price { amount: Decimal::from_str("19.90").unwrap() };
    /// assert_eq!(codec::json::to_string(&p)?, r#"{"amount":19.90}"#);
    /// assert_eq!(codec::json::from_str::<Price>(r#"{"amount":19.90}"#)?, p);
    /// assert_eq!(codec::json::from_str::<Price>(r#"{"amount":"19.90"}"#)?, p);
    /// let err = codec::json::from_str::<Price>(r#"{"amount":true}"#).unwrap_err();
    /// assert_eq!(err.path(), ".amount");
    /// # #[cfg(feature = "msgpack")] {
    /// assert_eq!(codec::msgpack::from_slice::<Price>(&codec::msgpack::to_vec(&p)?)?, p);
    /// # }
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub mod number {
        use ::rust_decimal::Decimal;

        use crate::error::Result;
        use crate::{Encode, Reader, Writer};

        /// Writes the decimal as a JSON number, every digit kept; in MessagePack, which has
        /// no exact number for it, its str form.
        #[inline]
        pub fn encode<W: Writer>(value: &Decimal, w: &mut W) -> Result<()> {
            // A constant: the branch folds away.
            if !W::JSON_TEXT {
                return value.encode(w);
            }
            w.write_raw_value(super::super::format(value).as_str())
        }

        /// Reads a JSON number exactly from its text (or the string form); in MessagePack a
        /// str, an integer or a float.
        #[inline]
        pub fn decode<'de, R: Reader<'de>>(r: &mut R) -> Result<Decimal> {
            let expected = if !R::JSON_TEXT { "a decimal (a string or a number)" } else { "a decimal number" };
            super::super::decode_any(r, expected)
        }
    }

    /// [`number`] for an `Option<Decimal>`: `None` is `null` (nil in MessagePack). As for
    /// any `with` field, a missing key is an error unless the field also has
    /// `#[codec(default)]`.
    ///
    /// ```
    /// use rust_decimal::Decimal;
    ///
    /// #[derive(codec::Codec, Debug, PartialEq)]
    /// struct Quote {
    ///     #[codec(with = "codec::with::rust_decimal::number_option", default)]
    ///     bid: Option<Decimal>,
    /// }
    ///
    /// let q = Quote { bid: Some(Decimal::new(-105, 2)) };
    /// assert_eq!(codec::json::to_string(&q)?, r#"{"bid":-1.05}"#);
    /// assert_eq!(codec::json::from_str::<Quote>(r#"{"bid":-1.05}"#)?, q);
    /// assert_eq!(codec::json::to_string(&Quote { bid: None })?, r#"{"bid":null}"#);
    /// assert_eq!(codec::json::from_str::<Quote>("{}")?, Quote { bid: None });
    /// # #[cfg(feature = "msgpack")] {
    /// assert_eq!(codec::msgpack::from_slice::<Quote>(&codec::msgpack::to_vec(&q)?)?, q);
    /// # }
    /// # Ok::<(), codec::Error>(())
    /// ```
    pub mod number_option {
        use ::rust_decimal::Decimal;

        crate::with::option_fns!(Decimal, super::number);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_as_rust_decimal_does() {
        for s in [
            "0",
            "0.00",
            "1",
            "-1",
            "123.400",
            "0.005",
            "-0.5",
            "79228162514264337593543950335",
            "-7.9228162514264337593543950335",
            "0.0000000000000000000000000001",
        ] {
            let d = Decimal::from_str(s).unwrap();
            assert_eq!(format(&d).as_str(), d.to_string(), "{s}");
            assert_eq!(format(&d).as_str(), s);
        }
        let mut negative_zero = Decimal::new(0, 3);
        negative_zero.set_sign_negative(true);
        assert_eq!(format(&negative_zero).as_str(), "-0.000");
        assert_eq!(format(&negative_zero).quoted(), b"\"-0.000\"");
        assert_eq!(format(&Decimal::MIN).as_str(), "-79228162514264337593543950335");
    }

    #[test]
    fn plain_path_agrees_with_from_str() {
        for s in [
            "0",
            "-0",
            "-0.00",
            "1.5",
            "00012.3400",
            "9999999999999999999999999999",
            "0.000000000000000000000000001",
            "-123456789.0123456789",
        ] {
            let fast = parse_plain(s.as_bytes()).unwrap_or_else(|| panic!("{s} took the general path"));
            assert_eq!(fast.serialize(), Decimal::from_str(s).unwrap().serialize(), "{s}");
        }
        for s in ["", "-", "1.", ".5", "+1", "1_0", "1e3", "1.2.3", "99999999999999999999999999999", "--1"] {
            assert_eq!(parse_plain(s.as_bytes()), None, "{s}");
        }
    }
}
