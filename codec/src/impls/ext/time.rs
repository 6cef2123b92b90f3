//! `time` 0.3 (feature `time`).
//!
//! JSON forms are byte for byte what time's serde impls write with its
//! `serde-human-readable` feature, which is not RFC 3339 (a space between date and time,
//! always a fraction, an offset with seconds; `codec::with::time::rfc3339` writes RFC 3339
//! instead, as `time::serde::rfc3339` does):
//!
//! | type | JSON | MessagePack |
//! |---|---|---|
//! | `OffsetDateTime` | `"2024-02-29 18:15:00.25 +05:45:00"` | the JSON string (the offset is kept) |
//! | `UtcDateTime` | `"2024-02-29 12:30:00.25"` | timestamp (ext -1) |
//! | `PrimitiveDateTime` | `"2024-02-29 12:30:00.0"` | the JSON string |
//! | `Date` | `"2024-02-29"` | the JSON string |
//! | `Time` | `"12:30:00.000001"` | the JSON string |
//! | `Duration` | `"-1.500000000"` (seconds, `.`, nine digits) | `[seconds, nanoseconds]` |
//!
//! All but `Duration` are map keys too (their string, in both formats).
//!
//! The fraction of a second has at least one digit and no trailing zero; years outside
//! 0..=9999 (only with time's `large-dates`) have a sign, and negative ones at least four
//! digits (`-0001`). Decoding accepts what time's serde `Deserialize` accepts, read field
//! by field without allocation: the strings above (a fraction of 1 to 32 digits, the year
//! with an optional sign), and also the tuples time writes in non-human-readable formats
//! (`[year, ordinal day]` for a `Date`, `[year, ordinal, hour, minute, second, nanosecond,
//! offset hours, minutes, seconds]` for an `OffsetDateTime`, ...), which time's
//! `Deserialize` takes from JSON arrays too. In MessagePack the same strings and arrays are
//! read, and a `UtcDateTime` from a timestamp as well.
//!
//! ```
//! use time::{Date, Month, OffsetDateTime, UtcOffset};
//!
//! #[derive(codec::Codec, Debug, PartialEq)]
//! struct Event {
//!     at: OffsetDateTime,
//!     day: Date,
//! }
//!
//! let json = r#"{"at":"2024-02-29 18:15:00.25 +05:45:00","day":"2024-02-29"}"#;
//! let e: Event = codec::json::from_str(json)?;
//! assert_eq!(e.at.offset(), UtcOffset::from_hms(5, 45, 0).unwrap());
//! assert_eq!(e.day, Date::from_calendar_date(2024, Month::February, 29).unwrap());
//! assert_eq!(codec::json::to_string(&e)?, json);
//! // time's tuple form, as it writes it in binary formats.
//! assert_eq!(codec::json::from_str::<Date>("[2024, 60]")?, e.day);
//! # Ok::<(), codec::Error>(())
//! ```

use ::time::format_description::well_known::Rfc3339;
use ::time::{Date, Duration, Month, OffsetDateTime, PrimitiveDateTime, Time, UtcDateTime, UtcOffset};
#[allow(unused_imports)]
use alloc::borrow::ToOwned;
#[allow(unused_imports)]
use alloc::string::{String, ToString};

use super::datetime::{self, reason, text_forms, Buf, FracStyle, Scanner, TextForm, YearStyle};
use crate::error::Result;
use crate::impls::string_form::{self, string_impls, ToText};
use crate::reader::ValueKind;
use crate::{Decode, Reader, Writer};

/// Whether time was built with `large-dates` (years up to ±999,999), which changes the
/// years its parser reads.
const LARGE_DATES: bool = Date::MAX.year() > 9999;

// ---------------------------------------------------------------- printing

#[inline]
fn push_date(buf: &mut Buf, d: Date) {
    datetime::push_date(buf, d.year(), d.month() as u32, d.day() as u32, YearStyle::Expanded);
}

#[inline]
fn push_time(buf: &mut Buf, t: Time, style: FracStyle) {
    let (h, m, s, n) = t.as_hms_nano();
    datetime::push_time(buf, h as u32, m as u32, s as u32, n, style);
}

#[inline]
fn push_primitive(buf: &mut Buf, date: Date, time: Time) {
    push_date(buf, date);
    buf.push(b' ');
    push_time(buf, time, FracStyle::AtLeastOne);
}

/// `±HH:MM:SS`, the sign `-` when any part is negative.
#[inline]
fn push_offset(buf: &mut Buf, o: UtcOffset) {
    let (h, m, s) = o.as_hms();
    buf.push(if o.is_negative() { b'-' } else { b'+' });
    buf.push2(h.unsigned_abs() as u32);
    buf.push(b':');
    buf.push2(m.unsigned_abs() as u32);
    buf.push(b':');
    buf.push2(s.unsigned_abs() as u32);
}

// ---------------------------------------------------------------- scanning

/// time's own grammar for these forms (its format descriptions, as its serde impls use
/// them): every field its fixed width, the year with an optional sign.
mod scan {
    use super::*;

    #[inline]
    pub(super) fn date(s: &mut Scanner<'_>) -> Option<Date> {
        let signed_max = if LARGE_DATES { 6 } else { 4 };
        let (y, m, d) = s.date(4, signed_max)?;
        Date::from_calendar_date(y, Month::try_from(u8::try_from(m).ok()?).ok()?, u8::try_from(d).ok()?).ok()
    }

    /// `HH:MM:SS.f`, with 1 to 32 fraction digits (time reads at most 32).
    #[inline]
    pub(super) fn time(s: &mut Scanner<'_>) -> Option<Time> {
        let (h, m, sec) = s.hms()?;
        s.expect(b'.')?;
        let nanos = s.fraction_digits(32)?;
        Time::from_hms_nano(h as u8, m as u8, sec as u8, nanos).ok()
    }

    #[inline]
    pub(super) fn primitive(s: &mut Scanner<'_>) -> Option<PrimitiveDateTime> {
        let date = date(s)?;
        s.expect(b' ')?;
        Some(PrimitiveDateTime::new(date, time(s)?))
    }

    /// `±HH:MM:SS`, the sign applying to every part.
    #[inline]
    pub(super) fn offset(s: &mut Scanner<'_>) -> Option<UtcOffset> {
        let negative = match s.peek()? {
            b'+' => false,
            b'-' => true,
            _ => return None,
        };
        s.expect(if negative { b'-' } else { b'+' })?;
        let (h, m, sec) = s.hms()?;
        let sign = if negative { -1 } else { 1 };
        UtcOffset::from_hms(sign * h as i8, sign * m as i8, sign * sec as i8).ok()
    }

    #[inline]
    pub(super) fn offset_datetime(s: &mut Scanner<'_>) -> Option<OffsetDateTime> {
        let dt = primitive(s)?;
        s.expect(b' ')?;
        Some(dt.assume_offset(offset(s)?))
    }
}

// ---------------------------------------------------------------- text forms

text_forms! {
    Date => "a date such as \"2024-02-29\"",
        print(v, buf) push_date(buf, *v),
        parse(text) Scanner::whole(text, scan::date).ok_or(None);
    Time => "a time such as \"12:30:00.0\"",
        print(v, buf) push_time(buf, *v, FracStyle::AtLeastOne),
        parse(text) Scanner::whole(text, scan::time).ok_or(None);
    PrimitiveDateTime => "a date and time such as \"2024-02-29 12:30:00.0\"",
        print(v, buf) push_primitive(buf, v.date(), v.time()),
        parse(text) Scanner::whole(text, scan::primitive).ok_or(None);
    UtcDateTime => "a UTC date and time such as \"2024-02-29 12:30:00.0\"",
        print(v, buf) push_primitive(buf, v.date(), v.time()),
        parse(text) Scanner::whole(text, scan::primitive).map(PrimitiveDateTime::as_utc).ok_or(None);
    OffsetDateTime => "a date, time and offset such as \"2024-02-29 12:30:00.0 +00:00:00\"",
        print(v, buf) {
            push_primitive(buf, v.date(), v.time());
            buf.push(b' ');
            push_offset(buf, v.offset());
        },
        parse(text) Scanner::whole(text, scan::offset_datetime).ok_or(None);
}

impl TextForm for Duration {
    const EXPECTED: &'static str = "a duration in seconds such as \"-1.500000000\"";

    /// `{sign}{seconds}.{nanoseconds:09}`, the sign also for durations above -1 s.
    #[inline]
    fn print(&self, buf: &mut Buf) -> Result<()> {
        if self.is_negative() {
            buf.push(b'-');
        }
        buf.push_int(self.whole_seconds().unsigned_abs());
        buf.push(b'.');
        buf.push_padded(self.subsec_nanoseconds().unsigned_abs(), 9);
        Ok(())
    }

    /// Whole seconds as Rust's `i64` parser reads them (an optional sign), `.`, then 1 or
    /// more digits of which the first nine count.
    #[inline]
    fn parse(text: &str) -> core::result::Result<Self, Option<String>> {
        let (secs, frac) = text.split_once('.').ok_or(None)?;
        let seconds: i64 = secs.parse().map_err(|_| None)?;
        if frac.is_empty() || !frac.bytes().all(|b| b.is_ascii_digit()) {
            return Err(None);
        }
        let mut s = Scanner::new(frac);
        let mut nanos = s.fraction_digits(usize::MAX).ok_or(None)? as i32;
        if seconds < 0 || (seconds == 0 && text.starts_with('-')) {
            nanos = -nanos;
        }
        Ok(Duration::new(seconds, nanos))
    }
}

// ---------------------------------------------------------------- tuples

/// time's non-human-readable forms, which its `Deserialize` also takes from a JSON array.
trait TupleForm: Sized {
    type Tuple: for<'de> Decode<'de>;
    fn from_tuple(t: Self::Tuple) -> Option<Self>;
}

impl TupleForm for Date {
    type Tuple = (i32, u16);
    fn from_tuple((y, ordinal): Self::Tuple) -> Option<Self> {
        Date::from_ordinal_date(y, ordinal).ok()
    }
}

impl TupleForm for Time {
    type Tuple = (u8, u8, u8, u32);
    fn from_tuple((h, m, s, n): Self::Tuple) -> Option<Self> {
        Time::from_hms_nano(h, m, s, n).ok()
    }
}

impl TupleForm for PrimitiveDateTime {
    type Tuple = (i32, u16, u8, u8, u8, u32);
    fn from_tuple((y, o, h, m, s, n): Self::Tuple) -> Option<Self> {
        Date::from_ordinal_date(y, o).ok()?.with_hms_nano(h, m, s, n).ok()
    }
}

impl TupleForm for UtcDateTime {
    type Tuple = (i32, u16, u8, u8, u8, u32);
    fn from_tuple(t: Self::Tuple) -> Option<Self> {
        PrimitiveDateTime::from_tuple(t).map(PrimitiveDateTime::as_utc)
    }
}

impl TupleForm for OffsetDateTime {
    type Tuple = (i32, u16, u8, u8, u8, u32, i8, i8, i8);
    fn from_tuple((y, o, h, m, s, n, oh, om, os): Self::Tuple) -> Option<Self> {
        let dt = PrimitiveDateTime::from_tuple((y, o, h, m, s, n))?;
        Some(dt.assume_offset(UtcOffset::from_hms(oh, om, os).ok()?))
    }
}

impl TupleForm for Duration {
    type Tuple = (i64, i32);
    fn from_tuple((s, n): Self::Tuple) -> Option<Self> {
        (n.unsigned_abs() < 1_000_000_000).then(|| Duration::new(s, n))
    }
}

/// The tuple form: an array of the components.
#[inline]
fn tuple<'de, R: Reader<'de>, T: TupleForm + TextForm>(r: &mut R) -> Result<T> {
    let at = r.value_start();
    T::from_tuple(T::Tuple::decode(r)?).ok_or_else(|| datetime::out_of_range(at, "a component is out of range"))
}

/// The string, or the tuple when the value is an array: the form of most types, in
/// every format.
#[inline]
fn decode_any<'de, R: Reader<'de>, T: TupleForm + TextForm>(r: &mut R) -> Result<T> {
    if r.peek_is_array() {
        tuple(r)
    } else {
        string_form::decode(r)
    }
}

/// Where the format has a timestamp type (MessagePack), that, or the string or tuple of
/// the JSON form; elsewhere the string or the tuple.
#[inline]
fn decode_utc<'de, R: Reader<'de>>(r: &mut R) -> Result<UtcDateTime> {
    // A constant: the branch folds away.
    if !R::NATIVE_TIMESTAMP {
        return decode_any(r);
    }
    match r.peek_value_kind() {
        Some(ValueKind::Array) => tuple(r),
        Some(ValueKind::Str) => string_form::decode_str(r),
        _ => {
            let at = r.value_start();
            let (seconds, nanoseconds) = r.read_timestamp()?;
            let nanos = seconds as i128 * 1_000_000_000 + nanoseconds as i128;
            UtcDateTime::from_unix_timestamp_nanos(nanos)
                .map_err(|_| datetime::out_of_range(at, "the timestamp is beyond time's range"))
        }
    }
}

/// Where the format is human-readable, the string or the tuple; elsewhere the tuple
/// `[seconds, nanoseconds]` (what is written), or the string of the JSON form.
#[inline]
fn decode_duration<'de, R: Reader<'de>>(r: &mut R) -> Result<Duration> {
    // A constant: the branch folds away.
    if R::HUMAN_READABLE {
        return decode_any(r);
    }
    if r.peek_is_string() {
        string_form::decode_str(r)
    } else {
        tuple(r)
    }
}

/// `Decode` through one generic body, `$decode`.
macro_rules! decode_impls {
    ($($($ty:ty),+ => $decode:path;)*) => {$($(
        impl<'de> Decode<'de> for $ty {
            #[inline]
            fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
                $decode(r)
            }
        }
    )+)*};
}

decode_impls! {
    Date, Time, PrimitiveDateTime, OffsetDateTime => decode_any;
    UtcDateTime => decode_utc;
    Duration => decode_duration;
}
string_impls!(Encode for Date, Time, PrimitiveDateTime, OffsetDateTime);
string_impls!(EncodeKey, DecodeKey for Date, Time, PrimitiveDateTime, OffsetDateTime, UtcDateTime);

// ---------------------------------------------------------------- UtcDateTime

// The timestamp extension in MessagePack: every `UtcDateTime` fits one.
string_impls!(Encode for UtcDateTime, timestamp: |v| Ok::<_, crate::Error>((v.unix_timestamp(), v.nanosecond())));

// ---------------------------------------------------------------- Duration

// `[seconds, nanoseconds]` where the format is not human-readable, as time writes it.
string_impls!(Encode for Duration, compact: |v, w| (v.whole_seconds(), v.subsec_nanoseconds()).encode(w));

// ---------------------------------------------------------------- RFC 3339

/// `OffsetDateTime` in RFC 3339, as `time::serde::rfc3339` writes and reads it.
pub(crate) struct Rfc3339Text(pub(crate) OffsetDateTime);

impl TextForm for Rfc3339Text {
    const EXPECTED: &'static str = "an RFC 3339 date-time such as \"2024-02-29T12:30:00Z\"";

    /// Years outside 0..=9999 and offsets with seconds have no RFC 3339 form (time's
    /// formatter fails on them too).
    #[inline]
    fn print(&self, buf: &mut Buf) -> Result<()> {
        let v = self.0;
        let offset = v.offset();
        if !(0..=9999).contains(&v.year()) || offset.seconds_past_minute() != 0 || offset.whole_hours().abs() > 23 {
            return Err(datetime::not_representable("the value has no RFC 3339 form (year or offset out of range)"));
        }
        push_date(buf, v.date());
        buf.push(b'T');
        push_time(buf, v.time(), FracStyle::Trimmed);
        if offset.is_utc() {
            buf.push(b'Z');
        } else {
            buf.push(if offset.is_negative() { b'-' } else { b'+' });
            buf.push2(offset.whole_hours().unsigned_abs() as u32);
            buf.push(b':');
            buf.push2(offset.minutes_past_hour().unsigned_abs() as u32);
        }
        Ok(())
    }

    /// The common form (`T`, `Z` or `±HH:MM`, seconds below 60) scanned here; anything else
    /// (lowercase letters, leap seconds, ...) goes to time's RFC 3339 parser.
    #[inline]
    fn parse(text: &str) -> core::result::Result<Self, Option<String>> {
        let starts_with_digit = text.as_bytes().first().is_some_and(u8::is_ascii_digit);
        let fast = Scanner::whole(text, |s| {
            let (y, m, d) = s.date(4, 4)?;
            let date = Date::from_calendar_date(y, Month::try_from(m as u8).ok()?, d as u8).ok()?;
            s.expect(b'T')?;
            let (h, mi, sec) = s.hms()?;
            let nanos = s.opt_fraction()?;
            let time = Time::from_hms_nano(h as u8, mi as u8, sec as u8, nanos).ok()?;
            let offset = UtcOffset::from_whole_seconds(s.offset_hm_or_z()?).ok()?;
            Some(PrimitiveDateTime::new(date, time).assume_offset(offset))
        });
        match fast {
            Some(v) if starts_with_digit => Ok(Rfc3339Text(v)),
            _ => OffsetDateTime::parse(text, &Rfc3339).map(Rfc3339Text).map_err(reason),
        }
    }
}

// ---------------------------------------------------------------- `with` modules

/// The modules of [`crate::with::time`].
pub(crate) mod with {
    use super::*;
    use crate::impls::ext::datetime::count_fns;
    use crate::with::option_fns;

    /// `OffsetDateTime` in RFC 3339 (`"2024-02-29T18:15:00.25+05:45"`), as
    /// `time::serde::rfc3339` writes it: the fraction without trailing zeros, `Z` for UTC.
    /// Years outside 0..=9999 and offsets with seconds are an encode error, as in time.
    /// MessagePack holds the same string.
    pub mod rfc3339 {
        use super::*;

        /// Writes the RFC 3339 string.
        #[inline]
        pub fn encode<W: Writer>(v: &OffsetDateTime, w: &mut W) -> Result<()> {
            Rfc3339Text(*v).encode_text(w)
        }

        /// Reads an RFC 3339 string.
        #[inline]
        pub fn decode<'de, R: Reader<'de>>(r: &mut R) -> Result<OffsetDateTime> {
            string_form::decode::<_, Rfc3339Text>(r).map(|v| v.0)
        }

        /// `Option<OffsetDateTime>` as [`rfc3339`] or `null`.
        pub mod option {
            use super::*;

            option_fns!(OffsetDateTime, super);
        }
    }

    /// Seconds as time counts them (rounded down); finer units rounded toward zero.
    #[inline]
    fn count(v: &OffsetDateTime, per_sec: i128) -> i128 {
        if per_sec == 1 {
            v.unix_timestamp() as i128
        } else {
            v.unix_timestamp_nanos() / (1_000_000_000 / per_sec)
        }
    }

    #[inline]
    fn from_count(at: usize, n: i128, per_sec: i128) -> Result<OffsetDateTime> {
        n.checked_mul(1_000_000_000 / per_sec)
            .and_then(|nanos| OffsetDateTime::from_unix_timestamp_nanos(nanos).ok())
            .ok_or_else(|| datetime::out_of_range(at, "the timestamp is beyond time's range"))
    }

    /// The functions of a Unix-time module counting `$per_sec` units a second, and its
    /// `option` module.
    macro_rules! unix_fns {
        ($per_sec:expr, $doc:literal) => {
            count_fns!(
                OffsetDateTime,
                count: |v: &OffsetDateTime| -> Result<i128> { Ok(count(v, $per_sec)) },
                from_count: |at, n| from_count(at, n, $per_sec)
            );

            #[doc = concat!("`Option<OffsetDateTime>` as [`", $doc, "`](super::", $doc, ") or `null`.")]
            pub mod option {
                use super::*;

                option_fns!(OffsetDateTime, super);
            }
        };
    }

    /// `OffsetDateTime` as an integer count of Unix seconds, as `time::serde::timestamp`
    /// writes it (read back in UTC); `milliseconds`, `microseconds` and `nanoseconds` count
    /// finer units (rounded toward zero), and each has an `option` module for
    /// `Option<OffsetDateTime>`.
    pub mod timestamp {
        use super::*;

        unix_fns!(1, "timestamp");

        /// Unix milliseconds, as `time::serde::timestamp::milliseconds`.
        pub mod milliseconds {
            use super::*;
            unix_fns!(1_000, "milliseconds");
        }

        /// Unix microseconds, as `time::serde::timestamp::microseconds`.
        pub mod microseconds {
            use super::*;
            unix_fns!(1_000_000, "microseconds");
        }

        /// Unix nanoseconds, as `time::serde::timestamp::nanoseconds`.
        pub mod nanoseconds {
            use super::*;
            unix_fns!(1_000_000_000, "nanoseconds");
        }
    }
}
