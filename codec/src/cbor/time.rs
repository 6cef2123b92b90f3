//! Instants in CBOR (RFC 8949 sections 3.4.1 and 3.4.2): tag 1 with a number of seconds
//! since the Unix epoch (written: an integer when the instant is a whole second, a float
//! otherwise), and tag 0 with an RFC 3339 text (read only).

use alloc::borrow::Cow;

use super::reader::CborReader;
use super::writer::CborWriter;
use crate::error::{Error, ErrorKind, Result};

const NANOS_PER_SEC: u32 = 1_000_000_000;

/// Reads tag 1's content, the tag read at `at`: an integer, or a finite float within
/// `i64` seconds (its fraction rounded to the nearest nanosecond).
pub(crate) fn epoch(r: &mut CborReader<'_>, at: usize) -> Result<(i64, u32)> {
    match r.peek() {
        Some(0xf9..=0xfb) => {
            let v = r.read_f64()?;
            // `floor` and `round` are std's: by hand, through the integer part, for no_std.
            let truncated = v as i64 as f64;
            let seconds = if truncated > v { truncated - 1.0 } else { truncated };
            // The float's range check: within i64 seconds, and not NaN.
            if !v.is_finite() || !(-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&seconds) {
                return Err(bad_epoch(at));
            }
            let mut nanos = ((v - seconds) * f64::from(NANOS_PER_SEC) + 0.5) as u32;
            let mut seconds = seconds as i64;
            if nanos >= NANOS_PER_SEC {
                nanos -= NANOS_PER_SEC;
                seconds = seconds.checked_add(1).ok_or_else(|| bad_epoch(at))?;
            }
            Ok((seconds, nanos))
        }
        _ => r.read_i64_range("a date/time (epoch seconds within i64)", i64::MIN, i64::MAX).map(|s| (s, 0)),
    }
}

/// Writes tag 1: the seconds as an integer when there is no fraction, else as a float
/// (the nearest `f64`: below a microsecond's precision for today's instants, as RFC 8949
/// has it; codec's other formats keep every nanosecond).
pub(crate) fn write_epoch(w: &mut CborWriter<'_>, seconds: i64, nanoseconds: u32) -> Result<()> {
    if nanoseconds >= NANOS_PER_SEC {
        return Err(Error::without_position(ErrorKind::InvalidValue(Cow::Borrowed("nanoseconds must be below 10^9"))));
    }
    w.write_raw(&[0xc1]);
    if nanoseconds == 0 {
        w.write_i64(seconds);
    } else {
        w.write_f64(seconds as f64 + f64::from(nanoseconds) / f64::from(NANOS_PER_SEC));
    }
    Ok(())
}

#[cold]
#[inline(never)]
fn bad_epoch(at: usize) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Borrowed("a date/time (tag 1) beyond the seconds of an i64")), at)
}

#[cold]
#[inline(never)]
pub(crate) fn bad_text(at: usize) -> Error {
    Error::new(
        ErrorKind::InvalidValue(Cow::Borrowed(
            "a date/time (tag 0) must be RFC 3339 text such as 2013-03-21T20:04:00Z",
        )),
        at,
    )
}

/// The days from 1970-01-01 to the civil date (proleptic Gregorian), Howard Hinnant's
/// `days_from_civil`.
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = i64::from((m + 9) % 12);
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)` (`T`/`t`/space, `Z`/`z`), as seconds
/// and nanoseconds since the epoch; a leap second (`:60`) is read as the second after.
pub(crate) fn parse_rfc3339(text: &str) -> Option<(i64, u32)> {
    let b = text.as_bytes();
    let num = |range: core::ops::Range<usize>| -> Option<u32> {
        let digits = b.get(range)?;
        digits.iter().try_fold(0u32, |acc, &c| c.is_ascii_digit().then(|| acc * 10 + u32::from(c - b'0')))
    };
    if b.len() < 20
        || b[4] != b'-'
        || b[7] != b'-'
        || !matches!(b[10], b'T' | b't' | b' ')
        || b[13] != b':'
        || b[16] != b':'
    {
        return None;
    }
    let (year, month, day) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (hour, minute, second) = (num(11..13)?, num(14..16)?, num(17..19)?);
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let month_days = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    if !(1..=12).contains(&month)
        || day == 0
        || day > month_days[month as usize - 1]
        || hour > 23
        || minute > 59
        || second > 60
    {
        return None;
    }
    let mut i = 19;
    let mut nanos = 0u32;
    if b[i] == b'.' {
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            if i - start < 9 {
                nanos = nanos * 10 + u32::from(b[i] - b'0');
            }
            i += 1;
        }
        let digits = i - start;
        if digits == 0 {
            return None;
        }
        for _ in digits..9 {
            nanos *= 10;
        }
    }
    let offset = match b.get(i..)? {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), _, _, b':', _, _] => {
            let (h, m) = (num(i + 1..i + 3)?, num(i + 4..i + 6)?);
            if h > 23 || m > 59 {
                return None;
            }
            let minutes = i64::from(h * 60 + m);
            if *sign == b'+' {
                minutes * 60
            } else {
                -minutes * 60
            }
        }
        _ => return None,
    };
    let days = days_from_civil(i64::from(year), month, day);
    let seconds = days * 86_400 + i64::from(hour * 3600 + minute * 60 + second) - offset;
    Some((seconds, nanos))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3339_texts() {
        assert_eq!(parse_rfc3339("1970-01-01T00:00:00Z"), Some((0, 0)));
        assert_eq!(parse_rfc3339("2013-03-21T20:04:00Z"), Some((1_363_896_240, 0)));
        assert_eq!(parse_rfc3339("2013-03-21T22:04:00.5+02:00"), Some((1_363_896_240, 500_000_000)));
        assert_eq!(parse_rfc3339("1969-12-31T23:59:59.000000001Z"), Some((-1, 1)));
        assert_eq!(parse_rfc3339("2000-02-29T00:00:00-00:30"), Some((951_784_200, 0)));
        assert_eq!(parse_rfc3339("2001-02-29T00:00:00Z"), None);
        assert_eq!(parse_rfc3339("2013-03-21T20:04:00"), None);
        assert_eq!(parse_rfc3339("2013-03-21T20:04:00.Z"), None);
        assert_eq!(parse_rfc3339("2013-13-21T20:04:00Z"), None);
        assert_eq!(parse_rfc3339("２013-03-21T20:04:00Z"), None);
    }
}
