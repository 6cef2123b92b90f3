//! `chrono` 0.4 (feature `chrono`; `DateTime<Local>` with `chrono-clock`).
//!
//! JSON forms are byte for byte what chrono's own serde impls write; MessagePack writes
//! the timestamp extension for instants and the JSON string otherwise:
//!
//! | type | JSON | MessagePack |
//! |---|---|---|
//! | `DateTime<Utc>` | `"2024-02-29T12:30:00.250Z"` | timestamp (ext -1) |
//! | `DateTime<Local>` | `"2024-02-29T13:30:00.250+01:00"` | timestamp (ext -1), read back in `Local` |
//! | `DateTime<FixedOffset>` | `"2024-02-29T18:15:00+05:45"` | the JSON string (the offset is kept) |
//! | `NaiveDateTime` | `"2024-02-29T12:30:00"` | the JSON string |
//! | `NaiveDate` | `"2024-02-29"` | the JSON string |
//! | `NaiveTime` | `"12:30:00.000001"` | the JSON string |
//! | `TimeDelta` | `[seconds, nanoseconds]`, nanoseconds in `0..10^9` | the same array |
//!
//! All but `TimeDelta` are map keys too (their string, in both formats).
//!
//! Details of the text, as chrono writes it: the fraction of a second has 0, 3, 6 or 9
//! digits (the fewest that hold it exactly); a leap second (nanoseconds of 10^9 and more)
//! is second 60; years outside 0..=9999 have a sign and at least four digits (`-0001`,
//! `+10000`); an offset is `Z` when zero and `±HH:MM` otherwise, rounded to the minute.
//!
//! Decoding accepts exactly what chrono's serde `Deserialize` accepts (its `FromStr`):
//! the forms above, read field by field without allocation, and chrono's relaxed variants
//! (unpadded fields, spaces, `UTC`, a missing colon in the offset, ...), which go to
//! chrono's parser. An offset is converted for `DateTime<Utc>` and `DateTime<Local>`.
//! A leap second has no MessagePack timestamp (nanoseconds must be below 10^9): encoding
//! one as `DateTime<Utc>` or `DateTime<Local>` in MessagePack is an error.
//!
//! ```
//! use chrono::{DateTime, FixedOffset, NaiveDate, Utc};
//!
//! #[derive(codec::Codec, Debug, PartialEq)]
//! struct Event {
//!     at: DateTime<Utc>,
//!     local: DateTime<FixedOffset>,
//!     day: NaiveDate,
//! }
//!
//! let json = r#"{"at":"2024-02-29T12:30:00.250Z","local":"2024-02-29T18:15:00+05:45","day":"2024-02-29"}"#;
//! let e: Event = codec::json::from_str(json)?;
//! assert_eq!(e.at.timestamp_millis(), 1_709_209_800_250);
//! assert_eq!(e.local.offset().local_minus_utc(), 5 * 3600 + 45 * 60);
//! assert_eq!(codec::json::to_string(&e)?, json);
//!
//! // chrono's relaxed forms are accepted, as by its serde impl.
//! let at: DateTime<Utc> = codec::json::from_str(r#""2024-02-29 13:30:00.25+0100""#)?;
//! assert_eq!(at, e.at);
//!
//! let err = codec::json::from_str::<NaiveDate>(r#""2023-02-29""#).unwrap_err();
//! assert_eq!(err.to_string(), "invalid value: expected a date such as \"2024-02-29\", found \"2023-02-29\" (input is out of range) (line 1, column 1)");
//! # #[cfg(feature = "msgpack")] {
//! let packed = codec::msgpack::to_vec(&e.at)?;
//! assert_eq!(packed[..2], [0xd7, 0xff]); // timestamp 64
//! assert_eq!(codec::msgpack::from_slice::<DateTime<Utc>>(&packed)?, e.at);
//! # }
//! # Ok::<(), codec::Error>(())
//! ```
//!
//! Unix time as an integer is a `with` module away: see [`crate::with::chrono`].

use chrono::{DateTime, Datelike, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, TimeDelta, Timelike, Utc};

use super::datetime::{self, scan_or_from_str, text_forms, Buf, FracStyle, Scanner, YearStyle};
use crate::error::Result;
use crate::impls::string_form::string_impls;
use crate::{Decode, Encode, Reader, Writer};

// ---------------------------------------------------------------- printing

#[inline]
fn push_date(buf: &mut Buf, d: NaiveDate) {
    datetime::push_date(buf, d.year(), d.month(), d.day(), YearStyle::Expanded);
}

/// A leap second (nanoseconds from 10^9) is written as second 60.
#[inline]
fn push_time(buf: &mut Buf, t: NaiveTime) {
    let (mut second, mut nanos) = (t.second(), t.nanosecond());
    if nanos >= 1_000_000_000 {
        second += 1;
        nanos -= 1_000_000_000;
    }
    datetime::push_time(buf, t.hour(), t.minute(), second, nanos, FracStyle::Groups);
}

#[inline]
fn push_datetime(buf: &mut Buf, dt: NaiveDateTime) {
    push_date(buf, dt.date());
    buf.push(b'T');
    push_time(buf, dt.time());
}

#[inline]
fn push_zoned<Tz: chrono::TimeZone>(buf: &mut Buf, dt: &DateTime<Tz>) {
    use chrono::Offset;
    push_datetime(buf, dt.naive_local());
    datetime::push_offset_minutes(buf, dt.offset().fix().local_minus_utc(), true);
}

// ---------------------------------------------------------------- scanning

/// The canonical forms (what chrono writes, `t` or a space for `T`, any 1 to 9 fraction
/// digits, `-00:00`); `None` sends the string to chrono's own parser.
mod fast {
    use super::*;

    #[inline]
    pub(super) fn date(s: &mut Scanner<'_>) -> Option<NaiveDate> {
        let (y, m, d) = s.date(4, 6)?;
        NaiveDate::from_ymd_opt(y, m, d)
    }

    /// Seconds below 60 only: a leap second is left to chrono, which knows where one may be.
    #[inline]
    pub(super) fn time(s: &mut Scanner<'_>) -> Option<NaiveTime> {
        let (h, m, sec) = s.hms()?;
        let nanos = s.opt_fraction()?;
        if sec > 59 {
            return None;
        }
        NaiveTime::from_hms_nano_opt(h, m, sec, nanos)
    }

    #[inline]
    pub(super) fn datetime(s: &mut Scanner<'_>) -> Option<NaiveDateTime> {
        let date = date(s)?;
        s.expect(b'T')?;
        Some(date.and_time(time(s)?))
    }

    #[inline]
    pub(super) fn datetime_with_offset(s: &mut Scanner<'_>) -> Option<DateTime<FixedOffset>> {
        let date = date(s)?;
        if !(s.eat(b'T') || s.eat(b't') || s.eat(b' ')) {
            return None;
        }
        let time = time(s)?;
        let offset = FixedOffset::east_opt(s.offset_hm_or_z()?)?;
        let utc = date.and_time(time).checked_sub_offset(offset)?;
        Some(DateTime::from_naive_utc_and_offset(utc, offset))
    }
}

const DATETIME: &str = "an RFC 3339 date-time such as \"2024-02-29T12:30:00Z\"";

// ---------------------------------------------------------------- text forms

text_forms! {
    NaiveDate => "a date such as \"2024-02-29\"",
        print(v, buf) push_date(buf, *v),
        parse(text) scan_or_from_str(text, fast::date);
    NaiveTime => "a time such as \"12:30:00\"",
        print(v, buf) push_time(buf, *v),
        parse(text) scan_or_from_str(text, fast::time);
    NaiveDateTime => "a date-time such as \"2024-02-29T12:30:00\"",
        print(v, buf) push_datetime(buf, *v),
        parse(text) scan_or_from_str(text, fast::datetime);
    DateTime<FixedOffset> => DATETIME,
        print(v, buf) push_zoned(buf, v),
        parse(text) scan_or_from_str(text, fast::datetime_with_offset);
    DateTime<Utc> => DATETIME,
        print(v, buf) {
            push_datetime(buf, v.naive_utc());
            buf.push(b'Z');
        },
        parse(text) scan_or_from_str(text, fast::datetime_with_offset).map(|dt| dt.with_timezone(&Utc));
}

#[cfg(feature = "chrono-clock")]
text_forms! {
    DateTime<chrono::Local> => DATETIME,
        print(v, buf) push_zoned(buf, v),
        parse(text) scan_or_from_str(text, fast::datetime_with_offset).map(|dt| dt.with_timezone(&chrono::Local));
}

string_impls!(Encode, Decode, EncodeKey, DecodeKey for NaiveDate, NaiveTime, NaiveDateTime, DateTime<FixedOffset>);
string_impls!(EncodeKey, DecodeKey for DateTime<Utc>);
#[cfg(feature = "chrono-clock")]
string_impls!(EncodeKey, DecodeKey for DateTime<chrono::Local>);

// ---------------------------------------------------------------- instants

/// The seconds and nanoseconds of an instant's timestamp; a leap second has none.
#[inline]
fn timestamp_parts<Tz: chrono::TimeZone>(dt: &DateTime<Tz>) -> Result<(i64, u32)> {
    let nanos = dt.timestamp_subsec_nanos();
    if nanos >= 1_000_000_000 {
        return Err(datetime::not_representable("a leap second has no MessagePack timestamp"));
    }
    Ok((dt.timestamp(), nanos))
}

/// The instant of a timestamp's parts, or the error at `at`, where the value starts.
#[inline]
fn instant_of(seconds: i64, nanos: u32, at: usize) -> Result<DateTime<Utc>> {
    DateTime::from_timestamp(seconds, nanos)
        .ok_or_else(|| datetime::out_of_range(at, "the timestamp is beyond chrono's range"))
}

string_impls!(Encode for DateTime<Utc>, timestamp: |v| timestamp_parts(v));
string_impls!(Decode for DateTime<Utc>, timestamp: |seconds, nanos, at| instant_of(seconds, nanos, at));
#[cfg(feature = "chrono-clock")]
string_impls!(Encode for DateTime<chrono::Local>, timestamp: |v| timestamp_parts(v));
#[cfg(feature = "chrono-clock")]
string_impls!(
    Decode for DateTime<chrono::Local>,
    timestamp: |seconds, nanos, at| instant_of(seconds, nanos, at).map(|dt| dt.with_timezone(&chrono::Local))
);

// ---------------------------------------------------------------- TimeDelta

/// chrono's own fields: whole seconds (rounded toward minus infinity) and nanoseconds in
/// `0..10^9`, which is what its serde impl writes.
#[inline]
fn delta_parts(d: &TimeDelta) -> (i64, i32) {
    let (secs, nanos) = (d.num_seconds(), d.subsec_nanos());
    if nanos < 0 {
        (secs - 1, nanos + 1_000_000_000)
    } else {
        (secs, nanos)
    }
}

#[inline]
fn delta_from_parts(at: usize, (secs, nanos): (i64, i32)) -> Result<TimeDelta> {
    u32::try_from(nanos)
        .ok()
        .and_then(|nanos| TimeDelta::new(secs, nanos))
        .ok_or_else(|| datetime::out_of_range(at, "TimeDelta out of bounds"))
}

impl Encode for TimeDelta {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        delta_parts(self).encode(w)
    }
}

impl<'de> Decode<'de> for TimeDelta {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        let at = r.value_start();
        delta_from_parts(at, Decode::decode(r)?)
    }
}

// ---------------------------------------------------------------- `with` modules

/// The modules of [`crate::with::chrono`].
pub(crate) mod with {
    use super::*;
    use crate::impls::ext::datetime::count_fns;
    use crate::with::option_fns;

    /// `v`'s count of units (`unit` gives it), if it has one.
    #[inline]
    fn count(v: &DateTime<Utc>, unit: fn(&DateTime<Utc>) -> Option<i64>) -> Result<i64> {
        unit(v)
            .ok_or_else(|| datetime::not_representable("value out of range for a timestamp with nanosecond precision"))
    }

    /// The instant `n` units of which `per_sec` make a second after the epoch, read at
    /// `at`. An integer is taken where chrono's visitors take one (`i64` and `u64`).
    #[inline]
    fn from_count(at: usize, n: i128, per_sec: i128) -> Result<DateTime<Utc>> {
        let in_range = n >= i64::MIN as i128 && n <= u64::MAX as i128;
        let secs = i64::try_from(n.div_euclid(per_sec)).ok().filter(|_| in_range);
        let nanos = (n.rem_euclid(per_sec) * (1_000_000_000 / per_sec)) as u32;
        secs.and_then(|secs| DateTime::from_timestamp(secs, nanos))
            .ok_or_else(|| datetime::out_of_range(at, "value is not a legal timestamp"))
    }

    macro_rules! unix_module {
        ($name:ident, $option:ident, $unit:literal, $per_sec:expr, $count:expr) => {
            #[doc = concat!("`DateTime<Utc>` as an integer count of ", $unit, " since the Unix epoch, as")]
            #[doc = concat!("`chrono::serde::", stringify!($name), "` writes it (the same integer in MessagePack).")]
            ///
            /// Decoding takes any integer in `i64` or `u64` and fails beyond chrono's range.
            pub mod $name {
                use super::*;

                count_fns!(
                    DateTime<Utc>,
                    count: |v: &DateTime<Utc>| count(v, $count),
                    from_count: |at, n| from_count(at, n, $per_sec)
                );
            }

            #[doc = concat!("`Option<DateTime<Utc>>` as [`", stringify!($name), "`] or `null`, as")]
            #[doc = concat!("`chrono::serde::", stringify!($option), "` writes it.")]
            pub mod $option {
                use super::*;

                option_fns!(DateTime<Utc>, super::$name);
            }
        };
    }

    unix_module!(ts_seconds, ts_seconds_option, "seconds", 1, |v| Some(v.timestamp()));
    unix_module!(ts_milliseconds, ts_milliseconds_option, "milliseconds", 1_000, |v| Some(v.timestamp_millis()));
    unix_module!(ts_microseconds, ts_microseconds_option, "microseconds", 1_000_000, |v| Some(v.timestamp_micros()));
    unix_module!(ts_nanoseconds, ts_nanoseconds_option, "nanoseconds", 1_000_000_000, |v| v.timestamp_nanos_opt());
}
