//! chrono 0.4 (features `chrono` and `chrono-clock`): the JSON text is byte for byte what
//! chrono's serde impls write (serde_json is the reference, over the whole range and on
//! fixed edge cases), decoding accepts what chrono's serde `Deserialize` accepts (a table
//! and mutated strings, both compared with serde_json), MessagePack round trips, keys,
//! and the `with` modules against `chrono::serde`'s.

use std::collections::BTreeMap;
use std::fmt::Debug;

use chrono::{DateTime, FixedOffset, Local, NaiveDate, NaiveDateTime, NaiveTime, TimeDelta, TimeZone, Utc};
use codec::{Decode, Encode, ErrorKind};
use common::{agree, edits, keys_like_serde};
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde::Serialize;

mod common;

/// codec writes what serde_json writes, and both read that text back alike (to `v`
/// itself unless chrono's text loses something: an offset's seconds are rounded away, and
/// an offset rounded up to `+24:00` is unreadable); MessagePack reads back what JSON does.
#[track_caller]
fn same_as_serde<T>(v: &T)
where
    T: Encode + for<'de> Decode<'de> + Serialize + DeserializeOwned + PartialEq + Debug,
{
    let ours = codec::json::to_string(v).unwrap();
    let theirs = serde_json::to_string(v).unwrap();
    assert_eq!(ours, theirs, "{v:?}");
    if let Ok(text) = serde_json::from_str::<String>(&ours) {
        agree::<T>(&text);
    }
    let from_json = codec::json::from_str::<T>(&ours).ok();
    if serde_json::from_str::<T>(&ours).ok().as_ref() == Some(v) {
        assert_eq!(from_json.as_ref(), Some(v), "{ours}");
    }
    let packed = codec::msgpack::to_vec(v).unwrap();
    let from_msgpack = codec::msgpack::from_slice::<T>(&packed).ok();
    assert!(from_msgpack.as_ref() == Some(v) || from_msgpack == from_json, "{ours} in MessagePack: {from_msgpack:?}");
}

fn utc(secs: i64, nanos: u32) -> DateTime<Utc> {
    DateTime::from_timestamp(secs, nanos).unwrap()
}

fn off(secs: i32) -> FixedOffset {
    FixedOffset::east_opt(secs).unwrap()
}

// ---------------------------------------------------------------- the JSON text

#[test]
fn fixed_cases_match_serde() {
    let nanos = [0, 1, 999_999_999, 500_000_000, 120_000, 10, 100_000_000, 1_000_000, 1_000];
    let instants = [
        utc(0, 0),
        utc(951_782_400, 0),   // 2000-02-29 (a leap year divisible by 400)
        utc(1_709_164_800, 0), // 2024-02-29
        utc(-2_208_988_800, 0),
        utc(253_402_300_799, 0),           // 9999-12-31T23:59:59
        utc(253_402_300_800, 0),           // +10000-01-01
        utc(-62_167_219_200, 0),           // 0000-01-01
        utc(-62_167_219_201, 0),           // -0001-12-31T23:59:59
        utc(1_483_228_799, 1_000_000_000), // 2016-12-31T23:59:60 (a leap second)
        utc(1_483_228_799, 1_999_999_999),
        DateTime::<Utc>::MIN_UTC,
        DateTime::<Utc>::MAX_UTC,
    ];
    let offsets =
        [0, 14 * 3600, -12 * 3600, 5 * 3600 + 45 * 60, -(9 * 3600 + 30 * 60), 86_399, -86_399, 29, 30, -30, 59];
    for t in instants {
        for n in nanos {
            let Some(t) = DateTime::from_timestamp(
                t.timestamp(),
                (t.timestamp_subsec_nanos() / 1_000_000_000) * 1_000_000_000 + n,
            ) else {
                continue;
            };
            same_as_serde(&t.naive_utc());
            same_as_serde(&t.naive_utc().date());
            same_as_serde(&t.naive_utc().time());
            if t.timestamp_subsec_nanos() < 1_000_000_000 {
                same_as_serde(&t);
                same_as_serde(&t.with_timezone(&Local));
            } else {
                // A leap second has no MessagePack timestamp: JSON only.
                assert_eq!(codec::json::to_string(&t).unwrap(), serde_json::to_string(&t).unwrap());
                let e = codec::msgpack::to_vec(&t).unwrap_err();
                assert!(matches!(e.kind(), ErrorKind::OutOfRange(_)), "{e:?}");
            }
            for o in offsets {
                // Near chrono's limits an offset takes the local time out of range.
                if t.naive_utc().checked_add_offset(off(o)).is_some() {
                    same_as_serde(&t.with_timezone(&off(o)));
                }
            }
        }
    }
}

#[test]
fn spot_checks_of_the_text() {
    let t = |s: i64, n: u32, o: i32| codec::json::to_string(&utc(s, n).with_timezone(&off(o))).unwrap();
    assert_eq!(t(1_709_209_800, 250_000_000, 0), r#""2024-02-29T12:30:00.250Z""#);
    assert_eq!(t(1_709_209_800, 0, 20_700), r#""2024-02-29T18:15:00+05:45""#);
    assert_eq!(t(1_709_209_800, 1, -43_200), r#""2024-02-29T00:30:00.000000001-12:00""#);
    assert_eq!(t(1_483_228_799, 1_000_000_000, 0), r#""2016-12-31T23:59:60Z""#);
    assert_eq!(t(-62_167_219_201, 0, 0), r#""-0001-12-31T23:59:59Z""#);
    assert_eq!(t(253_402_300_800, 120_000, 0), r#""+10000-01-01T00:00:00.000120Z""#);
    assert_eq!(
        codec::json::to_string(&NaiveTime::from_hms_micro_opt(1, 2, 3, 4).unwrap()).unwrap(),
        r#""01:02:03.000004""#
    );
}

fn nanos() -> impl Strategy<Value = u32> {
    prop_oneof![
        Just(0u32),
        (0..1_000u32).prop_map(|n| n * 1_000_000),
        (0..1_000_000u32).prop_map(|n| n * 1_000),
        0..1_000_000_000u32,
    ]
}

fn any_utc() -> impl Strategy<Value = DateTime<Utc>> {
    let (min, max) = (DateTime::<Utc>::MIN_UTC.timestamp(), DateTime::<Utc>::MAX_UTC.timestamp());
    let near_now = -5_000_000_000i64..5_000_000_000;
    (prop_oneof![min..=max, near_now], nanos(), 0..20u8).prop_map(|(s, n, leap)| {
        // One value in twenty on a minute's last second is a leap second.
        let n = if leap == 0 && s.rem_euclid(60) == 59 { n + 1_000_000_000 } else { n };
        DateTime::from_timestamp(s, n).unwrap_or_else(|| utc(s, n % 1_000_000_000))
    })
}

fn any_offset() -> impl Strategy<Value = FixedOffset> {
    prop_oneof![(-86_399..=86_399i32), (-26..=26i32).prop_map(|q| q * 900)].prop_map(off)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn every_value_matches_serde(t in any_utc(), o in any_offset()) {
        same_as_serde(&t.naive_utc());
        same_as_serde(&t.naive_utc().date());
        same_as_serde(&t.naive_utc().time());
        if let Some(local) = t.naive_utc().checked_add_offset(o) {
            let _ = local;
            same_as_serde(&t.with_timezone(&o));
        }
        if t.timestamp_subsec_nanos() < 1_000_000_000 {
            same_as_serde(&t);
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
        "2024-02-29T12:30:00.5Z",
        "2024-02-29T12:30:00.123456789123Z",
        "2024-02-29T12:30:00+05:45",
        "2024-02-29T12:30:00+0545",
        "2024-02-29T12:30:00-00:00",
        "2024-02-29T12:30:00 UTC",
        "2024-02-29T12:30:00+24:00",
        "2024-02-29T12:30:00+23:59",
        "2024-02-29T12:30:00+05:60",
        "2024-02-29T12:30:60Z",
        "2024-02-29T23:59:60Z",
        "2024-02-29T23:59:60.5+01:00",
        "2024-02-29T23:59:61Z",
        "2023-02-29T12:30:00Z",
        "2024-2-9T1:3:0Z",
        "2024-02-29T12:30Z",
        "2024-02-29",
        "+2024-02-29T12:30:00Z",
        "-0001-12-31T23:59:59Z",
        "+10000-01-01T00:00:00Z",
        "-262144-12-31T23:59:59Z",
        "+262143-12-31T23:59:59Z",
        "+262143-12-31T23:59:59-01:00",
        "2024-02-29T12:30:00.Z",
        "2024-02-29T12:30:00Z ",
        " 2024-02-29T12:30:00Z",
        "",
        "2024-02-29T12:30:00Zjunk",
        "２０２４-02-29T12:30:00Z",
    ] {
        agree::<DateTime<Utc>>(s);
        agree::<DateTime<FixedOffset>>(s);
        agree::<DateTime<Local>>(s);
    }
    for s in [
        "2024-02-29",
        "2024-2-29",
        "0000-01-01",
        "-0001-01-01",
        "+12345-06-07",
        "2023-02-29",
        "2024-02-30",
        "2024-13-01",
        "2024-02-29 ",
        "20240229",
        "",
    ] {
        agree::<NaiveDate>(s);
    }
    for s in [
        "12:30:00",
        "12:30",
        "12:30:00.5",
        "23:59:60",
        "23:59:60.999999999",
        "24:00:00",
        "12:60:00",
        "1:2:3",
        "12:30:00.1234567891",
        "12:30:00 ",
        "",
    ] {
        agree::<NaiveTime>(s);
    }
    for s in [
        "2024-02-29T12:30:00",
        "2024-02-29 12:30:00",
        "2024-02-29t12:30:00",
        "2024-02-29T12:30:00.25",
        "2024-02-29T12:30:00Z",
        "+12345-6-7T7:59:60.5",
        "2024-02-29T12:30",
    ] {
        agree::<NaiveDateTime>(s);
    }
}

/// The characters that edits put in: those of chrono's texts.
const TEXT_CHARS: &[u8] = b"0123456789-+:.TtZz U,";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn mutated_strings_agree_with_serde(t in any_utc(), o in any_offset(), e in edits(TEXT_CHARS)) {
        let zoned = t.with_timezone(&o);
        let text = zoned.to_rfc3339();
        agree::<DateTime<FixedOffset>>(&e.apply(&text));
        agree::<DateTime<Utc>>(&e.apply(&text));
        agree::<NaiveDate>(&e.apply(&t.date_naive().to_string()));
        agree::<NaiveTime>(&e.apply(&t.time().to_string()));
        agree::<NaiveDateTime>(&e.apply(&format!("{:?}", t.naive_utc())));
    }
}

// ---------------------------------------------------------------- JSON details and errors

#[test]
fn escaped_strings_are_read() {
    let t: DateTime<Utc> = codec::json::from_str(r#""\u0032024-02-29T12:30:00\u005a""#).unwrap();
    assert_eq!(t, utc(1_709_209_800, 0));
    let d: NaiveDate = codec::json::from_slice(b" \"2024-02-2\\u0039\" ").unwrap();
    assert_eq!(d, NaiveDate::from_ymd_opt(2024, 2, 29).unwrap());
}

#[test]
fn errors_name_the_value_and_point_at_the_string() {
    #[derive(codec::Codec, Debug)]
    struct Row {
        #[allow(dead_code)]
        at: DateTime<Utc>,
    }
    let e = codec::json::from_str::<Row>(r#"{"at": "2024-02-30T00:00:00Z"}"#).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)), "{e:?}");
    assert_eq!((e.offset(), e.path().as_str()), (Some(7), ".at"));
    assert!(e.to_string().starts_with(r#"invalid value: expected an RFC 3339 date-time such as "2024-02-29T12:30:00Z", found "2024-02-30T00:00:00Z" (input is out of range)"#), "{e}");

    let e = codec::json::from_str::<NaiveTime>("12").unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidType { .. }), "{e:?}");
    let e = codec::msgpack::from_slice::<NaiveDate>(b"\xa52024x").unwrap_err();
    assert_eq!((e.offset(), matches!(e.kind(), ErrorKind::InvalidValue(_))), (Some(0), true));
}

// ---------------------------------------------------------------- MessagePack

#[test]
fn msgpack_instants_are_timestamps_and_the_rest_strings() {
    let t = utc(1_709_209_800, 250_000_000);
    let packed = codec::msgpack::to_vec(&t).unwrap();
    assert_eq!(
        packed,
        codec::msgpack::to_vec(&codec::msgpack::Timestamp::new(1_709_209_800, 250_000_000).unwrap()).unwrap()
    );
    assert_eq!(codec::msgpack::to_vec(&utc(1, 0)).unwrap(), b"\xd6\xff\x00\x00\x00\x01");
    let local = t.with_timezone(&Local);
    assert_eq!(codec::msgpack::to_vec(&local).unwrap(), packed);
    assert_eq!(codec::msgpack::from_slice::<DateTime<Local>>(&packed).unwrap(), local);

    let fixed = t.with_timezone(&off(20_700));
    let packed = codec::msgpack::to_vec(&fixed).unwrap();
    assert_eq!(packed, b"\xbd2024-02-29T18:15:00.250+05:45");
    let back: DateTime<FixedOffset> = codec::msgpack::from_slice(&packed).unwrap();
    assert_eq!(back.offset(), fixed.offset());
    assert_eq!(codec::msgpack::to_vec(&t.date_naive()).unwrap(), b"\xaa2024-02-29");

    // Extremes of the timestamp extension: beyond chrono's range is an error.
    let far = codec::msgpack::to_vec(&codec::msgpack::Timestamp::new(i64::MAX, 0).unwrap()).unwrap();
    let e = codec::msgpack::from_slice::<DateTime<Utc>>(&far).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::OutOfRange(_)), "{e:?}");
    for t in [DateTime::<Utc>::MIN_UTC, DateTime::<Utc>::MAX_UTC, utc(-1, 999_999_999)] {
        let packed = codec::msgpack::to_vec(&t).unwrap();
        assert_eq!(codec::msgpack::from_slice::<DateTime<Utc>>(&packed).unwrap(), t);
    }
    let e = codec::msgpack::from_slice::<DateTime<Utc>>(b"\xd4\x01\x00").unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidType { .. }), "{e:?}");
}

// ---------------------------------------------------------------- keys

#[test]
fn map_keys_match_serde() {
    let t = utc(1_709_209_800, 0);
    let by_day = BTreeMap::from([(t.date_naive(), 1u8), (NaiveDate::from_ymd_opt(-5, 1, 1).unwrap(), 2)]);
    let by_instant = BTreeMap::from([(t, 1u8), (utc(0, 1), 2)]);
    let by_fixed = BTreeMap::from([(t.with_timezone(&off(3600)), 1u8)]);
    let by_time = BTreeMap::from([(t.time(), 1u8)]);
    let by_naive = BTreeMap::from([(t.naive_utc(), 1u8)]);
    keys_like_serde(&by_day);
    keys_like_serde(&by_instant);
    keys_like_serde(&by_fixed);
    keys_like_serde(&by_time);
    keys_like_serde(&by_naive);
    assert_eq!(
        codec::json::to_string(&by_instant).unwrap(),
        r#"{"1970-01-01T00:00:00.000000001Z":2,"2024-02-29T12:30:00Z":1}"#
    );
    let e = codec::json::from_str::<BTreeMap<NaiveDate, u8>>(r#"{"2024-02-29":1, "soon":2}"#).unwrap_err();
    assert_eq!((e.offset(), matches!(e.kind(), ErrorKind::InvalidValue(_))), (Some(17), true));
}

// ---------------------------------------------------------------- TimeDelta

#[test]
fn time_delta_matches_serde() {
    for d in [
        TimeDelta::zero(),
        TimeDelta::nanoseconds(1),
        TimeDelta::nanoseconds(-1),
        TimeDelta::milliseconds(-1500),
        TimeDelta::seconds(86_400),
        TimeDelta::MAX,
        TimeDelta::MIN,
    ] {
        same_as_serde(&d);
    }
    assert_eq!(codec::json::to_string(&TimeDelta::milliseconds(-1500)).unwrap(), "[-2,500000000]");
    assert_eq!(codec::msgpack::to_vec(&TimeDelta::milliseconds(-1500)).unwrap(), b"\x92\xfe\xce\x1d\xcd\x65\x00");
    for bad in ["[0,-1]", "[0,1000000000]", "[9223372036854775807,0]", "[1]", "[1,2,3]", "\"1s\""] {
        assert!(serde_json::from_str::<TimeDelta>(bad).is_err(), "{bad}");
        assert!(codec::json::from_str::<TimeDelta>(bad).is_err(), "{bad}");
    }
    let e = codec::json::from_str::<TimeDelta>(" [0,-1]").unwrap_err();
    assert_eq!((e.offset(), e.to_string().contains("TimeDelta out of bounds")), (Some(1), true), "{e}");
}

proptest! {
    #[test]
    fn any_time_delta_matches_serde(secs in TimeDelta::MIN.num_seconds()..=TimeDelta::MAX.num_seconds(), n in 0..1_000_000_000u32) {
        if let Some(d) = TimeDelta::new(secs, n) {
            same_as_serde(&d);
        }
    }
}

// ---------------------------------------------------------------- `with` modules

mod reference {
    use chrono::{DateTime, Utc};
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    pub struct Stamps {
        #[serde(with = "chrono::serde::ts_seconds")]
        pub s: DateTime<Utc>,
        #[serde(with = "chrono::serde::ts_milliseconds")]
        pub ms: DateTime<Utc>,
        #[serde(with = "chrono::serde::ts_microseconds")]
        pub us: DateTime<Utc>,
        #[serde(with = "chrono::serde::ts_nanoseconds")]
        pub ns: DateTime<Utc>,
        #[serde(with = "chrono::serde::ts_seconds_option")]
        pub s_opt: Option<DateTime<Utc>>,
        #[serde(with = "chrono::serde::ts_milliseconds_option")]
        pub ms_opt: Option<DateTime<Utc>>,
        #[serde(with = "chrono::serde::ts_microseconds_option")]
        pub us_opt: Option<DateTime<Utc>>,
        #[serde(with = "chrono::serde::ts_nanoseconds_option")]
        pub ns_opt: Option<DateTime<Utc>>,
    }
}

#[derive(codec::Codec, Debug, PartialEq)]
struct Stamps {
    #[codec(with = "codec::with::chrono::ts_seconds")]
    s: DateTime<Utc>,
    #[codec(with = "codec::with::chrono::ts_milliseconds")]
    ms: DateTime<Utc>,
    #[codec(with = "codec::with::chrono::ts_microseconds")]
    us: DateTime<Utc>,
    #[codec(with = "codec::with::chrono::ts_nanoseconds")]
    ns: DateTime<Utc>,
    #[codec(with = "codec::with::chrono::ts_seconds_option")]
    s_opt: Option<DateTime<Utc>>,
    #[codec(with = "codec::with::chrono::ts_milliseconds_option")]
    ms_opt: Option<DateTime<Utc>>,
    #[codec(with = "codec::with::chrono::ts_microseconds_option")]
    us_opt: Option<DateTime<Utc>>,
    #[codec(with = "codec::with::chrono::ts_nanoseconds_option")]
    ns_opt: Option<DateTime<Utc>>,
}

fn stamps(t: DateTime<Utc>, some: bool) -> (Stamps, reference::Stamps) {
    use chrono::DurationRound;
    let s = t.duration_trunc(TimeDelta::seconds(1)).unwrap();
    let ms = t.duration_trunc(TimeDelta::milliseconds(1)).unwrap();
    let us = t.duration_trunc(TimeDelta::microseconds(1)).unwrap();
    let o = |v| some.then_some(v);
    (
        Stamps { s, ms, us, ns: t, s_opt: o(s), ms_opt: o(ms), us_opt: o(us), ns_opt: o(t) },
        reference::Stamps { s, ms, us, ns: t, s_opt: o(s), ms_opt: o(ms), us_opt: o(us), ns_opt: o(t) },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn with_modules_match_chrono_serde(secs in -9_223_372_036i64..=9_223_372_035, n in nanos(), some: bool) {
        let (ours, theirs) = stamps(utc(secs, n), some);
        let json = codec::json::to_string(&ours).unwrap();
        prop_assert_eq!(&json, &serde_json::to_string(&theirs).unwrap());
        prop_assert_eq!(&codec::json::from_str::<Stamps>(&json).unwrap(), &ours);
        let packed = codec::msgpack::to_vec(&ours).unwrap();
        prop_assert_eq!(codec::msgpack::from_slice::<Stamps>(&packed).unwrap(), ours);
    }
}

#[test]
fn with_modules_range_errors_agree_with_chrono() {
    use codec::with::chrono::{ts_milliseconds, ts_nanoseconds, ts_seconds};
    // Nanoseconds beyond i64 are an encode error, as in chrono.
    let far = utc(10_000_000_000, 0);
    let e = ts_nanoseconds::encode(&far, &mut codec::json::JsonWriter::new()).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::OutOfRange(_)), "{e:?}");
    // chrono reads u64 nanoseconds beyond i64::MAX; seconds beyond its range fail.
    let big = u64::MAX.to_string();
    let mut r = codec::json::JsonReader::new(big.as_bytes());
    assert_eq!(ts_nanoseconds::decode(&mut r).unwrap(), utc(18_446_744_073, 709_551_615));
    let mut r = codec::json::JsonReader::new(b"9223372036854775807");
    let e = ts_seconds::decode(&mut r).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::OutOfRange(_)), "{e:?}");
    let mut r = codec::json::JsonReader::new(b"1.5");
    assert!(ts_milliseconds::decode(&mut r).is_err());
    let mut r = codec::json::JsonReader::new(b"-1");
    assert_eq!(ts_milliseconds::decode(&mut r).unwrap(), utc(-1, 999_000_000));
    // The same integers as chrono's deserializers accept.
    for n in ["0", "-62135596800", "8210298412799", "8210298412800", "-8334632851200", "-8334632851201"] {
        #[derive(serde::Deserialize)]
        struct S(#[serde(with = "chrono::serde::ts_seconds")] DateTime<Utc>);
        let mut r = codec::json::JsonReader::new(n.as_bytes());
        assert_eq!(ts_seconds::decode(&mut r).ok(), serde_json::from_str::<S>(n).ok().map(|s| s.0), "{n}");
    }
    let _ = Utc.timestamp_opt(0, 0);
}
