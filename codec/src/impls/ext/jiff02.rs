//! `jiff` 0.2 (feature `jiff02`).
//!
//! JSON forms are byte for byte what jiff's serde impls write (its `Display` forms):
//!
//! | type | JSON | MessagePack |
//! |---|---|---|
//! | `Timestamp` | `"2024-02-29T12:30:00.25Z"` | timestamp (ext -1) |
//! | `Zoned` | `"2024-02-29T07:30:00.25-05:00[America/New_York]"` | the JSON string (the zone is kept) |
//! | `civil::DateTime` | `"2024-02-29T12:30:00"` | the JSON string |
//! | `civil::Date` | `"2024-02-29"` | the JSON string |
//! | `civil::Time` | `"12:30:00.000001"` | the JSON string |
//! | `Span` | `"P1Y2M3DT4H"` (ISO 8601) | the JSON string |
//! | `SignedDuration` | `"PT1H30M"` (ISO 8601) | the JSON string |
//!
//! All of them are map keys too (their string, in both formats).
//!
//! The fraction of a second has no trailing zero (and is absent when zero); negative years
//! have six digits (`-000001`, as Temporal writes them). Decoding accepts what jiff's serde
//! `Deserialize` accepts: `Timestamp` and the civil types in the forms above are read field
//! by field without allocation, and every other form jiff knows (lowercase letters, basic
//! format, omitted seconds, offsets with seconds, annotations, ...) goes to jiff's parser;
//! `Zoned`, `Span` and `SignedDuration` are read by jiff's parser (zone annotations need
//! its time zone database; durations also take its "friendly" form, `1h 30m`).
//!
//! ```
//! use jiff::{civil, Timestamp};
//!
//! #[derive(codec::Codec, Debug, PartialEq)]
//! struct Event {
//!     at: Timestamp,
//!     day: civil::Date,
//! }
//!
//! let json = r#"{"at":"2024-02-29T12:30:00.25Z","day":"2024-02-29"}"#;
//! let e: Event = codec::json::from_str(json)?;
//! assert_eq!(e.at.as_millisecond(), 1_709_209_800_250);
//! assert_eq!(e.day, civil::date(2024, 2, 29));
//! assert_eq!(codec::json::to_string(&e)?, json);
//! # #[cfg(feature = "msgpack")] {
//! assert_eq!(codec::msgpack::from_slice::<Event>(&codec::msgpack::to_vec(&e)?)?, e);
//! # }
//! # Ok::<(), codec::Error>(())
//! ```

use jiff::civil::{Date, DateTime, Time};
use jiff::tz::Offset;
use jiff::{SignedDuration, Span, Timestamp, Zoned};

use super::datetime::{self, reason, scan_or_from_str, text_forms, Buf, FracStyle, Scanner, YearStyle};
use crate::error::Result;
use crate::impls::string_form::{self, string_impls, FromText, ToText};

// ---------------------------------------------------------------- printing

#[inline]
fn push_date(buf: &mut Buf, d: Date) {
    datetime::push_date(buf, d.year() as i32, d.month() as u32, d.day() as u32, YearStyle::SixDigitNegative);
}

#[inline]
fn push_time(buf: &mut Buf, t: Time) {
    datetime::push_time(
        buf,
        t.hour() as u32,
        t.minute() as u32,
        t.second() as u32,
        t.subsec_nanosecond() as u32,
        FracStyle::Trimmed,
    );
}

#[inline]
fn push_datetime(buf: &mut Buf, dt: DateTime) {
    push_date(buf, dt.date());
    buf.push(b'T');
    push_time(buf, dt.time());
}

// ---------------------------------------------------------------- scanning

/// The forms jiff writes (and `±HH:MM` offsets); `None` sends the string to jiff's parser.
mod fast {
    use super::*;

    /// Four digits, or a sign and six (Temporal's expanded years; `-000000` is invalid
    /// there, so a negative zero goes to jiff, which says so).
    #[inline]
    pub(super) fn date(s: &mut Scanner<'_>) -> Option<Date> {
        let negative = s.peek() == Some(b'-');
        let (y, m, d) = s.date(6, 6)?;
        if negative && y == 0 {
            return None;
        }
        Date::new(i16::try_from(y).ok()?, m as i8, d as i8).ok()
    }

    /// Seconds below 60: jiff reads a leap second as 59, which its parser does.
    #[inline]
    pub(super) fn time(s: &mut Scanner<'_>) -> Option<Time> {
        let (h, m, sec) = s.hms()?;
        let nanos = s.opt_fraction()?;
        if sec > 59 {
            return None;
        }
        Time::new(h as i8, m as i8, sec as i8, nanos as i32).ok()
    }

    #[inline]
    pub(super) fn datetime(s: &mut Scanner<'_>) -> Option<DateTime> {
        let date = date(s)?;
        s.expect(b'T')?;
        Some(date.to_datetime(time(s)?))
    }

    #[inline]
    pub(super) fn timestamp(s: &mut Scanner<'_>) -> Option<Timestamp> {
        let dt = datetime(s)?;
        let offset = Offset::from_seconds(s.offset_hm_or_z()?).ok()?;
        offset.to_timestamp(dt).ok()
    }
}

// ---------------------------------------------------------------- text forms

text_forms! {
    Date => "a date such as \"2024-02-29\"",
        print(v, buf) push_date(buf, *v),
        parse(text) scan_or_from_str(text, fast::date);
    Time => "a time such as \"12:30:00\"",
        print(v, buf) push_time(buf, *v),
        parse(text) scan_or_from_str(text, fast::time);
    DateTime => "a date-time such as \"2024-02-29T12:30:00\"",
        print(v, buf) push_datetime(buf, *v),
        parse(text) scan_or_from_str(text, fast::datetime);
    Timestamp => "an RFC 3339 timestamp such as \"2024-02-29T12:30:00Z\"",
        print(v, buf) {
            push_datetime(buf, Offset::UTC.to_datetime(*v));
            buf.push(b'Z');
        },
        parse(text) scan_or_from_str(text, fast::timestamp);
}

/// The types printed by jiff's `Display` (on the stack when the text fits) and read by its
/// `FromStr`.
macro_rules! display_forms {
    ($($ty:ty => $expected:literal),*) => {$(
        impl ToText for $ty {
            #[inline]
            fn with_text(&self, write: impl FnOnce(&str) -> Result<()>) -> Result<()> {
                string_form::with_display(self, write)
            }
        }

        impl FromText for $ty {
            type Text = str;

            #[inline]
            fn from_text(text: &str, at: usize) -> Result<Self> {
                text.parse().map_err(|e| datetime::invalid_text(at, $expected, text, reason(e)))
            }
        }
    )*};
}

display_forms!(
    Zoned => "a zoned date-time such as \"2024-02-29T07:30:00-05:00[America/New_York]\"",
    Span => "an ISO 8601 duration such as \"P1DT2H\"",
    SignedDuration => "an ISO 8601 duration such as \"PT1H30M\""
);

string_impls!(Encode, Decode, EncodeKey, DecodeKey for Date, Time, DateTime, Zoned, Span, SignedDuration);
string_impls!(EncodeKey, DecodeKey for Timestamp);

// ---------------------------------------------------------------- Timestamp

// The timestamp extension in MessagePack: every jiff `Timestamp` fits one.
string_impls!(
    Encode for Timestamp,
    timestamp: |v| {
        let nanos = v.as_nanosecond();
        Ok::<_, crate::Error>((nanos.div_euclid(1_000_000_000) as i64, nanos.rem_euclid(1_000_000_000) as u32))
    }
);
string_impls!(
    Decode for Timestamp,
    timestamp: |seconds, nanos, at| {
        Timestamp::from_nanosecond(seconds as i128 * 1_000_000_000 + nanos as i128)
            .map_err(|_| datetime::out_of_range(at, "the timestamp is beyond jiff's range"))
    }
);

// ---------------------------------------------------------------- `with` modules

/// The modules of [`crate::with::jiff02`].
pub(crate) mod with {
    use super::*;
    use crate::impls::ext::datetime::count_fns;
    use crate::with::option_fns;

    /// The `required` and `optional` modules of one unit, as in
    /// `jiff::fmt::serde::timestamp`.
    macro_rules! unit_modules {
        ($unit:ident, $name:literal, $as:ident, $from:ident, $int:ty) => {
            #[doc = concat!("`Timestamp` as an integer count of ", $name, " since the Unix epoch, as")]
            #[doc = concat!("`jiff::fmt::serde::timestamp::", stringify!($unit), "` writes it (the same integer in MessagePack).")]
            pub mod $unit {
                use super::*;

                #[inline]
                fn from_count(at: usize, n: i128) -> Result<Timestamp> {
                    <$int>::try_from(n)
                        .ok()
                        .and_then(|n| Timestamp::$from(n).ok())
                        .ok_or_else(|| datetime::out_of_range(at, "the integer is beyond jiff's Timestamp range"))
                }

                /// A required `Timestamp`.
                pub mod required {
                    use super::*;

                    count_fns!(Timestamp, count: |v: &Timestamp| -> Result<$int> { Ok(v.$as()) }, from_count: from_count);
                }

                /// An optional `Timestamp`: `null` (nil) for `None`.
                pub mod optional {
                    use super::*;

                    option_fns!(Timestamp, super::required);
                }
            }
        };
    }

    /// `Timestamp` as Unix time in an integer unit, as `jiff::fmt::serde::timestamp`.
    pub mod timestamp {
        use super::*;

        unit_modules!(second, "seconds", as_second, from_second, i64);
        unit_modules!(millisecond, "milliseconds", as_millisecond, from_millisecond, i64);
        unit_modules!(microsecond, "microseconds", as_microsecond, from_microsecond, i64);
        unit_modules!(nanosecond, "nanoseconds", as_nanosecond, from_nanosecond, i128);
    }
}
