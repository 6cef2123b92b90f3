//! What the date/time integrations (`chrono`, `time`, `jiff02`) share: a printer of dates,
//! times, offsets and fractions into the stack buffer of `string_form`, a scanner that
//! reads digits at fixed positions, their error messages, [`TextForm`] (a date/time
//! string form, which `string_impls!` connects to the readers and writers like any other)
//! and the table macros of the forms and of the `with` modules.
//!
//! Each crate writes its own dialect of RFC 3339 / ISO 8601 (years beyond 9999, the digits
//! of a fraction, the offset), so the pieces here take the dialect as a parameter and each
//! integration assembles its format from them. Parsing is split the same way: each
//! integration scans the forms its crate writes (and the common RFC 3339 variants) with
//! [`Scanner`], with no allocation and no generic format machinery; where its crate's
//! parser accepts more (chrono's relaxed forms, jiff's Temporal grammar), a string the
//! scan declines goes to that parser, so codec accepts exactly what the crate's serde
//! `Deserialize` accepts.

use alloc::borrow::Cow;
#[allow(unused_imports)]
use alloc::borrow::ToOwned;
#[allow(unused_imports)]
use alloc::string::{String, ToString};
use core::fmt::Display;
use core::str::FromStr;

use crate::error::{Error, ErrorKind, Result};
pub(crate) use crate::impls::string_form::Buf;
use crate::impls::string_form::{FromText, ToText};

impl Buf {
    /// Appends `v` (below 100) as two digits.
    #[inline]
    pub(crate) fn push2(&mut self, v: u32) {
        self.push(b'0' + (v / 10 % 10) as u8);
        self.push(b'0' + (v % 10) as u8);
    }

    /// Appends `v` in decimal, zero-padded to at least `width` digits.
    #[inline]
    pub(crate) fn push_padded(&mut self, v: u32, width: usize) {
        let mut digits = [b'0'; 10];
        let mut n = 0;
        let mut rest = v;
        while rest > 0 || n == 0 {
            digits[9 - n] = b'0' + (rest % 10) as u8;
            rest /= 10;
            n += 1;
        }
        for _ in n..width {
            self.push(b'0');
        }
        for &d in &digits[10 - n..] {
            self.push(d);
        }
    }
}

// ---------------------------------------------------------------- printing

/// How a crate writes a year.
#[derive(Clone, Copy)]
pub(crate) enum YearStyle {
    /// Four digits within 0..=9999, otherwise a sign and at least four digits
    /// (`-0001`, `+10000`): chrono's and time's ISO 8601 expanded years.
    Expanded,
    /// Four digits from 0, otherwise `-` and six digits (`-000001`): jiff's (Temporal's).
    SixDigitNegative,
}

/// How a crate writes the fraction of a second.
#[derive(Clone, Copy)]
pub(crate) enum FracStyle {
    /// None when zero, else 3, 6 or 9 digits, the fewest that hold it exactly (chrono).
    Groups,
    /// Always a `.` and at least one digit, trailing zeros trimmed (`.0`, `.5`): time's.
    AtLeastOne,
    /// None when zero, else the digits with trailing zeros trimmed (jiff).
    Trimmed,
}

/// Appends `year-month-day`.
#[inline]
pub(crate) fn push_date(buf: &mut Buf, year: i32, month: u32, day: u32, style: YearStyle) {
    if (0..=9999).contains(&year) {
        buf.push_padded(year as u32, 4);
    } else {
        buf.push(if year < 0 { b'-' } else { b'+' });
        let width = match (style, year < 0) {
            (YearStyle::SixDigitNegative, true) => 6,
            _ => 4,
        };
        buf.push_padded(year.unsigned_abs(), width);
    }
    buf.push(b'-');
    buf.push2(month);
    buf.push(b'-');
    buf.push2(day);
}

/// Appends `hour:minute:second` and the fraction of `nanos` (below 10^9).
#[inline]
pub(crate) fn push_time(buf: &mut Buf, hour: u32, minute: u32, second: u32, nanos: u32, style: FracStyle) {
    buf.push2(hour);
    buf.push(b':');
    buf.push2(minute);
    buf.push(b':');
    buf.push2(second);
    push_fraction(buf, nanos, style);
}

/// Appends `.digits` for `nanos` in `style` (or nothing).
#[inline]
pub(crate) fn push_fraction(buf: &mut Buf, nanos: u32, style: FracStyle) {
    let digits = match style {
        FracStyle::Groups => match nanos {
            0 => return,
            n if n % 1_000_000 == 0 => 3,
            n if n % 1_000 == 0 => 6,
            _ => 9,
        },
        FracStyle::AtLeastOne | FracStyle::Trimmed => {
            if nanos == 0 {
                if let FracStyle::AtLeastOne = style {
                    buf.push(b'.');
                    buf.push(b'0');
                }
                return;
            }
            let mut digits = 9;
            let mut n = nanos;
            while n.is_multiple_of(10) {
                n /= 10;
                digits -= 1;
            }
            digits
        }
    };
    buf.push(b'.');
    buf.push_padded(nanos / POW10[9 - digits], digits);
}

const POW10: [u32; 10] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000];

/// Appends an offset of `seconds` east of UTC as `Z` (when zero and `zulu`) or `±HH:MM`,
/// rounded to the nearest minute, halves away from zero (chrono and jiff print it so).
#[inline]
pub(crate) fn push_offset_minutes(buf: &mut Buf, seconds: i32, zulu: bool) {
    if zulu && seconds == 0 {
        buf.push(b'Z');
        return;
    }
    buf.push(if seconds < 0 { b'-' } else { b'+' });
    let minutes = (seconds.unsigned_abs() + 30) / 60;
    buf.push2(minutes / 60);
    buf.push(b':');
    buf.push2(minutes % 60);
}

// ---------------------------------------------------------------- scanning

/// A cursor over the bytes of a date/time string that reads fields at fixed positions.
/// Every method returns `None` (and may have moved) when the input does not match; the
/// callers then give up on the whole string.
pub(crate) struct Scanner<'a> {
    s: &'a [u8],
    i: usize,
}

impl<'a> Scanner<'a> {
    #[inline]
    pub(crate) fn new(s: &'a str) -> Scanner<'a> {
        Scanner { s: s.as_bytes(), i: 0 }
    }

    /// What `read` reads from the whole of `text`, or `None` (also when something is left).
    #[inline]
    pub(crate) fn whole<T>(text: &'a str, read: impl FnOnce(&mut Scanner<'a>) -> Option<T>) -> Option<T> {
        let mut s = Scanner::new(text);
        let v = read(&mut s)?;
        s.is_done().then_some(v)
    }

    /// Whether the whole input was read.
    #[inline]
    pub(crate) fn is_done(&self) -> bool {
        self.i == self.s.len()
    }

    /// The next byte, not consumed.
    #[inline]
    pub(crate) fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    /// Consumes `b` if it is next.
    #[inline]
    pub(crate) fn eat(&mut self, b: u8) -> bool {
        if self.peek() == Some(b) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    /// Consumes `b`, or fails.
    #[inline]
    pub(crate) fn expect(&mut self, b: u8) -> Option<()> {
        self.eat(b).then_some(())
    }

    /// Exactly `n` decimal digits (`n` at most 9).
    #[inline]
    pub(crate) fn digits(&mut self, n: usize) -> Option<u32> {
        let field = self.s.get(self.i..self.i + n)?;
        let mut v = 0u32;
        for &b in field {
            let d = b.wrapping_sub(b'0');
            if d > 9 {
                return None;
            }
            v = v * 10 + d as u32;
        }
        self.i += n;
        Some(v)
    }

    /// Two digits: a month, day, hour, minute or second.
    #[inline]
    pub(crate) fn two(&mut self) -> Option<u32> {
        self.digits(2)
    }

    /// Between `min` and `max` digits (`max` at most 9), as many as there are.
    #[inline]
    pub(crate) fn digits_between(&mut self, min: usize, max: usize) -> Option<u32> {
        let run = self.s[self.i..].iter().take(max.saturating_add(1)).take_while(|b| b.is_ascii_digit()).count();
        if run < min || run > max {
            return None;
        }
        self.digits(run)
    }

    /// A year: four digits, or a sign and `signed_min..=signed_max` digits.
    #[inline]
    pub(crate) fn year(&mut self, signed_min: usize, signed_max: usize) -> Option<i32> {
        match self.peek()? {
            b'+' => {
                self.i += 1;
                self.digits_between(signed_min, signed_max).map(|y| y as i32)
            }
            b'-' => {
                self.i += 1;
                self.digits_between(signed_min, signed_max).map(|y| -(y as i32))
            }
            _ => self.digits(4).map(|y| y as i32),
        }
    }

    /// `year-month-day` with a four-digit or signed year, as [`year`](Self::year).
    #[inline]
    pub(crate) fn date(&mut self, signed_min: usize, signed_max: usize) -> Option<(i32, u32, u32)> {
        let year = self.year(signed_min, signed_max)?;
        self.expect(b'-')?;
        let month = self.two()?;
        self.expect(b'-')?;
        let day = self.two()?;
        Some((year, month, day))
    }

    /// `hour:minute:second`, two digits each.
    #[inline]
    pub(crate) fn hms(&mut self) -> Option<(u32, u32, u32)> {
        let hour = self.two()?;
        self.expect(b':')?;
        let minute = self.two()?;
        self.expect(b':')?;
        let second = self.two()?;
        Some((hour, minute, second))
    }

    /// The digits of a fraction after its separator, between 1 and `max` of them, as
    /// nanoseconds: digits past the ninth are read and dropped (truncation, as every one
    /// of the crates does).
    #[inline]
    pub(crate) fn fraction_digits(&mut self, max: usize) -> Option<u32> {
        let run = self.s[self.i..].iter().take(max.saturating_add(1)).take_while(|b| b.is_ascii_digit()).count();
        if run == 0 || run > max {
            return None;
        }
        let kept = run.min(9);
        let v = self.digits(kept)?;
        self.i += run - kept;
        Some(v * POW10[9 - kept])
    }

    /// An optional `.` fraction of 1 to 9 digits: 0 when absent.
    #[inline]
    pub(crate) fn opt_fraction(&mut self) -> Option<u32> {
        if self.eat(b'.') {
            self.fraction_digits(9)
        } else {
            Some(0)
        }
    }

    /// `Z` (0) or `±HH:MM` with hours below 24 and minutes below 60, as seconds east of
    /// UTC.
    #[inline]
    pub(crate) fn offset_hm_or_z(&mut self) -> Option<i32> {
        if self.eat(b'Z') {
            return Some(0);
        }
        let negative = match self.peek()? {
            b'+' => false,
            b'-' => true,
            _ => return None,
        };
        self.i += 1;
        let hours = self.two()?;
        self.expect(b':')?;
        let minutes = self.two()?;
        if hours > 23 || minutes > 59 {
            return None;
        }
        let secs = (hours * 3600 + minutes * 60) as i32;
        Some(if negative { -secs } else { secs })
    }
}

/// The whole of `text` as `scan` reads it (the fast path), or else as the crate's `FromStr`
/// (what its serde impl calls) does, with its reason when that fails too.
#[inline]
pub(crate) fn scan_or_from_str<T: FromStr>(
    text: &str,
    scan: impl FnOnce(&mut Scanner<'_>) -> Option<T>,
) -> core::result::Result<T, Option<String>>
where
    T::Err: Display,
{
    Scanner::whole(text, scan).map_or_else(|| text.parse().map_err(reason), Ok)
}

// ---------------------------------------------------------------- errors

/// "invalid value: expected {expected}" at `at`, with the crate's own reason when it gave
/// one (its parser had the last word on the string).
#[cold]
#[inline(never)]
pub(crate) fn invalid_text(at: usize, expected: &'static str, text: &str, reason: Option<String>) -> Error {
    let shown: String = text.chars().take(64).collect();
    let msg = match reason {
        Some(reason) => format!("expected {expected}, found {shown:?} ({reason})"),
        None => format!("expected {expected}, found {shown:?}"),
    };
    Error::new(ErrorKind::InvalidValue(Cow::Owned(msg)), at)
}

/// A crate parser's error as the reason [`invalid_text`] gives.
#[cold]
#[inline(never)]
pub(crate) fn reason(e: impl Display) -> Option<String> {
    Some(e.to_string())
}

/// A value that has no form in the target format (beyond a range the form can hold).
#[cold]
#[inline(never)]
pub(crate) fn not_representable(what: &'static str) -> Error {
    Error::without_position(ErrorKind::OutOfRange(Cow::Borrowed(what)))
}

/// A decoded number or timestamp out of the type's range, at `at`.
#[cold]
#[inline(never)]
pub(crate) fn out_of_range(at: usize, what: &'static str) -> Error {
    Error::new(ErrorKind::OutOfRange(Cow::Borrowed(what)), at)
}

// ---------------------------------------------------------------- text forms

/// A date/time text: printed into a [`Buf`], parsed with a reason for the message when the
/// crate's parser had the last word. Every `TextForm` is a string form
/// ([`ToText`], [`FromText`]), so `string_impls!` gives it its impls.
pub(crate) trait TextForm: Sized {
    /// What the string should look like, for messages: `an RFC 3339 date-time`.
    const EXPECTED: &'static str;

    /// Writes the text into `buf`; `Err` only for values the crate itself cannot print
    /// (then its serde `Serialize` fails too).
    fn print(&self, buf: &mut Buf) -> Result<()>;

    /// Reads the text; `Err` carries the crate's reason when its parser rejected it.
    fn parse(s: &str) -> core::result::Result<Self, Option<String>>;
}

impl<T: TextForm> ToText for T {
    #[inline]
    fn with_text(&self, write: impl FnOnce(&str) -> Result<()>) -> Result<()> {
        let mut buf = Buf::new();
        self.print(&mut buf)?;
        write(buf.as_str())
    }
}

/// Errors point at the string, saying what was expected.
impl<T: TextForm> FromText for T {
    type Text = str;

    #[inline]
    fn from_text(text: &str, at: usize) -> Result<Self> {
        T::parse(text).map_err(|reason| invalid_text(at, T::EXPECTED, text, reason))
    }
}

/// [`TextForm`] impls from a table, a line per type: what its text looks like (for
/// messages), how a value `$v` is printed into `$buf`, and how `$text` is parsed.
macro_rules! text_forms {
    ($($ty:ty => $expected:expr, print($v:ident, $buf:ident) $print:expr, parse($text:ident) $parse:expr;)*) => {$(
        impl $crate::impls::ext::datetime::TextForm for $ty {
            const EXPECTED: &'static str = $expected;

            #[inline]
            fn print(&self, $buf: &mut $crate::impls::string_form::Buf) -> $crate::Result<()> {
                let $v = self;
                $print;
                Ok(())
            }

            #[inline]
            fn parse($text: &str) -> ::core::result::Result<Self, Option<::alloc::string::String>> {
                $parse
            }
        }
    )*};
}
pub(crate) use text_forms;

// ---------------------------------------------------------------- `with` modules

/// The two functions of a `with` module that writes a `$ty` as an integer, a count of
/// Unix time in some unit: `$count(&v)` is a value's integer (`i64` or `i128`, or an
/// error where there is none), `$from_count(at, n)` the value of the integer `n` read at
/// `at`. The JSON number and the MessagePack integer are the same integer.
macro_rules! count_fns {
    ($ty:ty, count: $count:expr, from_count: $from_count:expr) => {
        /// Writes the integer.
        #[inline]
        pub fn encode<W: $crate::Writer>(v: &$ty, w: &mut W) -> $crate::Result<()> {
            w.write_i128(i128::from(($count)(v)?));
            Ok(())
        }

        /// Reads the integer.
        #[inline]
        pub fn decode<'de, R: $crate::Reader<'de>>(r: &mut R) -> $crate::Result<$ty> {
            let at = r.value_start();
            ($from_count)(at, r.read_i128()?)
        }
    };
}
pub(crate) use count_fns;

#[cfg(test)]
mod tests {
    use super::*;

    fn printed(f: impl FnOnce(&mut Buf)) -> String {
        let mut b = Buf::new();
        f(&mut b);
        b.as_str().to_owned()
    }

    #[test]
    fn years_in_each_style() {
        let date = |y, s| printed(|b| push_date(b, y, 2, 29, s));
        assert_eq!(date(2024, YearStyle::Expanded), "2024-02-29");
        assert_eq!(date(0, YearStyle::Expanded), "0000-02-29");
        assert_eq!(date(-1, YearStyle::Expanded), "-0001-02-29");
        assert_eq!(date(10000, YearStyle::Expanded), "+10000-02-29");
        assert_eq!(date(-262143, YearStyle::Expanded), "-262143-02-29");
        assert_eq!(date(-1, YearStyle::SixDigitNegative), "-000001-02-29");
        assert_eq!(date(-9999, YearStyle::SixDigitNegative), "-009999-02-29");
        assert_eq!(date(99, YearStyle::SixDigitNegative), "0099-02-29");
    }

    #[test]
    fn fractions_in_each_style() {
        let frac = |n, s| printed(|b| push_fraction(b, n, s));
        for (n, groups, at_least_one, trimmed) in [
            (0, "", ".0", ""),
            (1, ".000000001", ".000000001", ".000000001"),
            (500_000_000, ".500", ".5", ".5"),
            (120_000, ".000120", ".00012", ".00012"),
            (999_999_999, ".999999999", ".999999999", ".999999999"),
            (10, ".000000010", ".00000001", ".00000001"),
        ] {
            assert_eq!(frac(n, FracStyle::Groups), groups, "{n}");
            assert_eq!(frac(n, FracStyle::AtLeastOne), at_least_one, "{n}");
            assert_eq!(frac(n, FracStyle::Trimmed), trimmed, "{n}");
        }
    }

    #[test]
    fn offsets_round_to_the_minute() {
        let off = |s, z| printed(|b| push_offset_minutes(b, s, z));
        assert_eq!(off(0, true), "Z");
        assert_eq!(off(0, false), "+00:00");
        assert_eq!(off(29, true), "+00:00");
        assert_eq!(off(30, true), "+00:01");
        assert_eq!(off(-(5 * 3600 + 45 * 60), true), "-05:45");
        assert_eq!(off(14 * 3600, true), "+14:00");
        assert_eq!(off(86_399, true), "+24:00");
    }

    #[test]
    fn scanner_reads_fixed_fields() {
        let mut s = Scanner::new("+012345-06-07T08:09:10.123456789123Z");
        assert_eq!(s.date(4, 6), Some((12345, 6, 7)));
        assert!(s.eat(b'T'));
        assert_eq!(s.hms(), Some((8, 9, 10)));
        assert!(s.eat(b'.'));
        assert_eq!(s.fraction_digits(32), Some(123_456_789));
        assert_eq!(s.offset_hm_or_z(), Some(0));
        assert!(s.is_done());

        assert_eq!(Scanner::new("2024-1-01").date(4, 6), None);
        assert_eq!(Scanner::new("-1234567-01-01").date(4, 6), None);
        assert_eq!(Scanner::new("20a4").year(4, 6), None);
        assert_eq!(Scanner::new(".5").opt_fraction(), Some(500_000_000));
        assert_eq!(Scanner::new(".").opt_fraction(), None);
        assert_eq!(Scanner::new("1234567890").fraction_digits(9), None);
        assert_eq!(Scanner::new("-05:45").offset_hm_or_z(), Some(-20_700));
        assert_eq!(Scanner::new("+24:00").offset_hm_or_z(), None);
        assert_eq!(Scanner::new("+05:60").offset_hm_or_z(), None);

        assert_eq!(Scanner::whole("12:30:00", Scanner::hms), Some((12, 30, 0)));
        assert_eq!(Scanner::whole("12:30:00Z", Scanner::hms), None);
        assert_eq!(Scanner::whole("12:30", Scanner::hms), None);
    }
}
