//! jiff 0.2 (feature `jiff02`): the JSON text is byte for byte what jiff's serde impls
//! write (serde_json is the reference, over the whole range and on fixed edge cases),
//! decoding accepts what jiff's `Deserialize` accepts (a table and mutated strings
//! compared with serde_json), MessagePack, keys, and the `with` modules against
//! `jiff::fmt::serde`'s.

use std::collections::BTreeMap;
use std::fmt::Debug;

use codec::{Decode, Encode, ErrorKind};
// Compared by `Debug`, which shows a span's units and a zoned value's zone.
use common::{agree_debug as agree, edits, keys_like_serde};
use jiff::civil::{Date, DateTime, Time};
use jiff::tz::{Offset, TimeZone};
use jiff::{SignedDuration, Span, Timestamp, ToSpan, Zoned};
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde::Serialize;

mod common;

/// codec writes what serde_json writes, reads it back alike, and MessagePack round trips
/// (compared by `Debug`, which shows a span's units and a zoned value's zone).
#[track_caller]
fn same_as_serde<T>(v: &T)
where
    T: Encode + for<'de> Decode<'de> + Serialize + DeserializeOwned + Debug,
{
    let ours = codec::json::to_string(v).unwrap();
    assert_eq!(ours, serde_json::to_string(v).unwrap(), "{v:?}");
    let text: String = serde_json::from_str(&ours).unwrap();
    agree::<T>(&text);
    // jiff's text can lose something (an offset's seconds): compare with what jiff reads.
    let Ok(expected) = serde_json::from_str::<T>(&ours) else {
        // Near the ends of the range, a rounded offset makes jiff's text unreadable.
        return;
    };
    let expected = format!("{expected:?}");
    assert_eq!(format!("{:?}", codec::json::from_str::<T>(&ours).unwrap()), expected, "{ours}");
    let packed = codec::msgpack::to_vec(v).unwrap();
    let from_msgpack = format!("{:?}", codec::msgpack::from_slice::<T>(&packed).unwrap());
    assert!(from_msgpack == format!("{v:?}") || from_msgpack == expected, "{ours} in MessagePack");
}

fn ts(secs: i64, nanos: i32) -> Timestamp {
    Timestamp::new(secs, nanos).unwrap()
}

// ---------------------------------------------------------------- the JSON text

#[test]
fn fixed_cases_match_serde() {
    let nanos = [0, 1, 999_999_999, 500_000_000, 120_000, 10];
    let instants = [
        0,
        951_782_400,
        1_709_164_800,
        -62_167_219_200,
        -62_167_219_201,
        Timestamp::MIN.as_second(),
        Timestamp::MAX.as_second(),
    ];
    let offsets = [0, 14 * 3600, -12 * 3600, 5 * 3600 + 45 * 60, -(9 * 3600 + 30 * 60), 29, 30, -30];
    for s in instants {
        for n in nanos {
            let Ok(t) = Timestamp::new(s, n) else { continue };
            same_as_serde(&t);
            let dt = Offset::UTC.to_datetime(t);
            same_as_serde(&dt);
            same_as_serde(&dt.date());
            same_as_serde(&dt.time());
            for o in offsets {
                let z = t.to_zoned(TimeZone::fixed(Offset::from_seconds(o).unwrap()));
                same_as_serde(&z);
            }
            for tz in ["America/New_York", "Asia/Kathmandu", "Pacific/Kiritimati", "UTC"] {
                if let Ok(tz) = TimeZone::get(tz) {
                    same_as_serde(&t.to_zoned(tz));
                }
            }
        }
    }
    for span in [
        Span::new(),
        1.year().months(2).days(3).hours(4).minutes(5).seconds(6).milliseconds(7),
        (-5).days(),
        1.5.hours_fraction(),
    ] {
        same_as_serde(&span);
    }
    for d in [
        SignedDuration::ZERO,
        SignedDuration::from_nanos(1),
        SignedDuration::from_millis(-1500),
        SignedDuration::MAX,
        SignedDuration::MIN,
        SignedDuration::from_hours(26),
    ] {
        same_as_serde(&d);
    }
}

trait HoursFraction {
    fn hours_fraction(self) -> Span;
}
impl HoursFraction for f64 {
    fn hours_fraction(self) -> Span {
        Span::new().minutes((self * 60.0) as i64)
    }
}

#[test]
fn spot_checks_of_the_text() {
    assert_eq!(codec::json::to_string(&ts(1_709_209_800, 250_000_000)).unwrap(), r#""2024-02-29T12:30:00.25Z""#);
    assert_eq!(codec::json::to_string(&Date::new(-1, 1, 1).unwrap()).unwrap(), r#""-000001-01-01""#);
    assert_eq!(codec::json::to_string(&Time::new(1, 2, 3, 4_000).unwrap()).unwrap(), r#""01:02:03.000004""#);
    assert_eq!(codec::json::to_string(&SignedDuration::from_mins(90)).unwrap(), r#""PT1H30M""#);
}

fn any_timestamp() -> impl Strategy<Value = Timestamp> {
    let (min, max) = (Timestamp::MIN.as_second(), Timestamp::MAX.as_second());
    let nanos = prop_oneof![Just(0i32), (0..1_000i32).prop_map(|n| n * 1_000_000), 0..1_000_000_000i32];
    (min..=max, nanos).prop_map(|(s, n)| Timestamp::new(s, n).unwrap_or_else(|_| ts(s, 0)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn every_value_matches_serde(t in any_timestamp(), o in -93_599..=93_599i32, d: i64, n in -999_999_999..=999_999_999i32) {
        same_as_serde(&t);
        let dt = Offset::UTC.to_datetime(t);
        same_as_serde(&dt);
        same_as_serde(&dt.date());
        same_as_serde(&dt.time());
        if let Ok(z) = t.to_zoned(TimeZone::fixed(Offset::from_seconds(o).unwrap())).with().build() {
            same_as_serde(&z);
        }
        if d.signum() * i64::from(n.signum()) >= 0 {
            same_as_serde(&SignedDuration::new(d, n));
        }
    }
}

// ---------------------------------------------------------------- what decoding accepts

#[test]
fn accepted_and_rejected_strings_agree_with_serde() {
    for s in [
        "2024-02-29T12:30:00Z",
        "2024-02-29t12:30:00z",
        "2024-02-29 12:30:00Z",
        "2024-02-29T12:30Z",
        "2024-02-29T12Z",
        "20240229T123000Z",
        "2024-02-29T12:30:00,5Z",
        "2024-02-29T12:30:00.123456789Z",
        "2024-02-29T12:30:00.1234567891Z",
        "2024-02-29T12:30:00+05:45",
        "2024-02-29T12:30:00+0545",
        "2024-02-29T12:30:00+05",
        "2024-02-29T12:30:00+05:45:30",
        "2024-02-29T12:30:00-00:00",
        "2024-02-29T12:30:00+24:00",
        "2024-02-29T12:30:00Z[America/New_York]",
        "2024-02-29T12:30:00",
        "2024-02-29T23:59:60Z",
        "2023-02-29T12:30:00Z",
        "+002024-02-29T12:30:00Z",
        "-000000-01-01T00:00:00Z",
        "-000001-01-01T00:00:00Z",
        "-0001-01-01T00:00:00Z",
        "-009999-01-02T01:59:59Z",
        "-009999-01-01T00:00:00Z",
        "9999-12-30T22:00:00.000000001Z",
        "9999-12-31T23:59:59+23:59",
        "2024-02-29T12:30:00.Z",
        "2024-02-29T12:30:00Z ",
        "",
    ] {
        agree::<Timestamp>(s);
        agree::<DateTime>(s);
        agree::<Zoned>(s);
    }
    for s in [
        "2024-02-29",
        "20240229",
        "+002024-02-29",
        "-000001-01-01",
        "-000000-01-01",
        "2023-02-29",
        "2024-2-29",
        "2024-02-29T00:00",
        "2024-02-29Z",
        "",
    ] {
        agree::<Date>(s);
    }
    for s in [
        "12:30:00",
        "12:30",
        "12",
        "123000",
        "T12:30",
        "12:30:00.5",
        "12:30:00,5",
        "23:59:60",
        "24:00:00",
        "12:30:00Z",
        "12:30:00+01:00",
        "",
    ] {
        agree::<Time>(s);
    }
    for s in
        ["P1Y2M3DT4H5M6.007S", "PT1H30M", "-P5D", "1h 30m", "1 hour", "P", "PT", "P1.5D", "", "PT9223372036854775807S"]
    {
        agree::<Span>(s);
        agree::<SignedDuration>(s);
    }
    for s in [
        "2024-02-29T07:30:00-05:00[America/New_York]",
        "2024-02-29T07:30:00-04:00[America/New_York]",
        "2024-02-29T07:30:00[America/New_York]",
        "2024-02-29T07:30:00-05:00[Nowhere/Special]",
        "2024-02-29T07:30:00+05:45[+05:45]",
        "2024-02-29T07:30:00Z[Etc/Unknown]",
    ] {
        agree::<Zoned>(s);
    }
}

/// The characters that edits put in: those of jiff's texts.
const TEXT_CHARS: &[u8] = b"0123456789-+:.,TtZz []";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn mutated_strings_agree_with_serde(t in any_timestamp(), o in -64..=64i32, e in edits(TEXT_CHARS)) {
        let z = t.to_zoned(TimeZone::fixed(Offset::from_seconds(o * 900).unwrap()));
        agree::<Timestamp>(&e.apply(&z.timestamp().display_with_offset(z.offset()).to_string()));
        agree::<Timestamp>(&e.apply(&t.to_string()));
        let dt = Offset::UTC.to_datetime(t);
        agree::<DateTime>(&e.apply(&dt.to_string()));
        agree::<Date>(&e.apply(&dt.date().to_string()));
        agree::<Time>(&e.apply(&dt.time().to_string()));
    }
}

// ---------------------------------------------------------------- errors, escapes, MessagePack, keys

#[test]
fn errors_and_escapes() {
    assert_eq!(codec::json::from_str::<Timestamp>(r#""\u0032024-02-29T12:30:00Z""#).unwrap(), ts(1_709_209_800, 0));
    #[derive(codec::Codec, Debug)]
    struct Row {
        #[allow(dead_code)]
        at: Timestamp,
    }
    let e = codec::json::from_str::<Row>(r#"{"at": "2024-02-30T00:00:00Z"}"#).unwrap_err();
    assert_eq!((e.offset(), e.path().as_str()), (Some(7), ".at"));
    assert!(e.to_string().starts_with(r#"invalid value: expected an RFC 3339 timestamp such as "2024-02-29T12:30:00Z", found "2024-02-30T00:00:00Z" ("#), "{e}");
}

#[test]
fn msgpack_forms() {
    let t = ts(1_709_209_800, 250_000_000);
    let packed = codec::msgpack::to_vec(&t).unwrap();
    assert_eq!(
        packed,
        codec::msgpack::to_vec(&codec::msgpack::Timestamp::new(1_709_209_800, 250_000_000).unwrap()).unwrap()
    );
    for v in [Timestamp::MIN, Timestamp::MAX, ts(-1, -1), ts(0, 0)] {
        assert_eq!(codec::msgpack::from_slice::<Timestamp>(&codec::msgpack::to_vec(&v).unwrap()).unwrap(), v);
    }
    let far = codec::msgpack::to_vec(&codec::msgpack::Timestamp::new(i64::MAX, 0).unwrap()).unwrap();
    assert!(matches!(codec::msgpack::from_slice::<Timestamp>(&far).unwrap_err().kind(), ErrorKind::OutOfRange(_)));
    assert_eq!(codec::msgpack::to_vec(&Date::new(2024, 2, 29).unwrap()).unwrap(), b"\xaa2024-02-29");
    if let Ok(tz) = TimeZone::get("America/New_York") {
        let z = t.to_zoned(tz);
        let back: Zoned = codec::msgpack::from_slice(&codec::msgpack::to_vec(&z).unwrap()).unwrap();
        assert_eq!(back, z);
        assert_eq!(back.time_zone().iana_name(), Some("America/New_York"));
    }
}

#[test]
fn map_keys_match_serde() {
    let t = ts(1_709_209_800, 250_000_000);
    let dt = Offset::UTC.to_datetime(t);
    keys_like_serde(&BTreeMap::from([(t, 1u8), (ts(-5, 0), 2)]));
    keys_like_serde(&BTreeMap::from([(dt, 1u8)]));
    keys_like_serde(&BTreeMap::from([(dt.date(), 1u8)]));
    keys_like_serde(&BTreeMap::from([(dt.time(), 1u8)]));
    keys_like_serde(&BTreeMap::from([(SignedDuration::from_secs(5), 1u8)]));
}

// ---------------------------------------------------------------- `with` modules

mod reference {
    use jiff::Timestamp;
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    pub struct Stamps {
        #[serde(with = "jiff::fmt::serde::timestamp::second::required")]
        pub s: Timestamp,
        #[serde(with = "jiff::fmt::serde::timestamp::millisecond::required")]
        pub ms: Timestamp,
        #[serde(with = "jiff::fmt::serde::timestamp::microsecond::required")]
        pub us: Timestamp,
        #[serde(with = "jiff::fmt::serde::timestamp::nanosecond::required")]
        pub ns: Timestamp,
        #[serde(with = "jiff::fmt::serde::timestamp::second::optional")]
        pub s_opt: Option<Timestamp>,
        #[serde(with = "jiff::fmt::serde::timestamp::nanosecond::optional")]
        pub ns_opt: Option<Timestamp>,
    }
}

#[derive(codec::Codec, Debug, PartialEq)]
struct Stamps {
    #[codec(with = "codec::with::jiff02::timestamp::second::required")]
    s: Timestamp,
    #[codec(with = "codec::with::jiff02::timestamp::millisecond::required")]
    ms: Timestamp,
    #[codec(with = "codec::with::jiff02::timestamp::microsecond::required")]
    us: Timestamp,
    #[codec(with = "codec::with::jiff02::timestamp::nanosecond::required")]
    ns: Timestamp,
    #[codec(with = "codec::with::jiff02::timestamp::second::optional")]
    s_opt: Option<Timestamp>,
    #[codec(with = "codec::with::jiff02::timestamp::nanosecond::optional")]
    ns_opt: Option<Timestamp>,
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn with_modules_match_jiff_serde(t in any_timestamp(), some: bool) {
        let o = |v| some.then_some(v);
        let theirs = reference::Stamps { s: t, ms: t, us: t, ns: t, s_opt: o(t), ns_opt: o(t) };
        let json = serde_json::to_string(&theirs).unwrap();
        let ours: Stamps = codec::json::from_str(&json).unwrap();
        prop_assert_eq!(codec::json::to_string(&ours).unwrap(), json.clone());
        prop_assert_eq!(ours.ns, t);
        // serde_json reads no integer beyond u64 (the nanoseconds of 2554 and later);
        // codec does.
        if let Ok(back) = serde_json::from_str::<reference::Stamps>(&json) {
            prop_assert_eq!((back.s, back.ms, back.us, back.ns), (ours.s, ours.ms, ours.us, ours.ns));
        }
        prop_assert_eq!(codec::msgpack::from_slice::<Stamps>(&codec::msgpack::to_vec(&ours).unwrap()).unwrap(), ours);
    }
}

#[test]
fn with_module_range_errors() {
    use codec::with::jiff02::timestamp::second;
    let mut r = codec::json::JsonReader::new(b" 9223372036854775807");
    let e = second::required::decode(&mut r).unwrap_err();
    assert_eq!((e.offset(), matches!(e.kind(), ErrorKind::OutOfRange(_))), (Some(1), true), "{e:?}");
}
