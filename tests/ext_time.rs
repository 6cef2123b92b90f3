//! time 0.3 (feature `time`): the JSON text is byte for byte what time's serde impls write
//! with `serde-human-readable` (serde_json is the reference, over the whole range and on
//! fixed edge cases), decoding accepts what time's `Deserialize` accepts (strings and
//! tuples, a table and mutated strings compared with serde_json), MessagePack, keys, and
//! the `with` modules against `time::serde`'s.

use std::collections::BTreeMap;
use std::fmt::Debug;

use codec::{Decode, Encode, ErrorKind};
use common::{agree, agree_json, edits, keys_like_serde};
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde::Serialize;
use time::{Date, Duration, Month, OffsetDateTime, PrimitiveDateTime, Time, UtcDateTime, UtcOffset};

mod common;

/// codec writes what serde_json writes, both read it back to `v`, and MessagePack round
/// trips.
#[track_caller]
fn same_as_serde<T>(v: &T)
where
    T: Encode + for<'de> Decode<'de> + Serialize + DeserializeOwned + PartialEq + Debug,
{
    let ours = codec::json::to_string(v).unwrap();
    assert_eq!(ours, serde_json::to_string(v).unwrap(), "{v:?}");
    assert_eq!(&codec::json::from_str::<T>(&ours).unwrap(), v, "{ours}");
    assert_eq!(codec::json::to_string(&codec::json::from_str::<T>(&ours).unwrap()).unwrap(), ours);
    agree_json::<T>(&ours);
    let packed = codec::msgpack::to_vec(v).unwrap();
    assert_eq!(&codec::msgpack::from_slice::<T>(&packed).unwrap(), v, "{ours} in MessagePack");
}

fn date(y: i32, m: u8, d: u8) -> Date {
    Date::from_calendar_date(y, Month::try_from(m).unwrap(), d).unwrap()
}

fn hms(h: u8, m: u8, s: u8, n: u32) -> Time {
    Time::from_hms_nano(h, m, s, n).unwrap()
}

fn off(s: i32) -> UtcOffset {
    UtcOffset::from_whole_seconds(s).unwrap()
}

// ---------------------------------------------------------------- the JSON text

#[test]
fn fixed_cases_match_serde() {
    let dates = [
        date(2024, 2, 29),
        date(2000, 2, 29),
        date(1900, 2, 28),
        date(0, 1, 1),
        date(-1, 12, 31),
        Date::MIN,
        Date::MAX,
        date(1970, 1, 1),
    ];
    let times = [
        hms(0, 0, 0, 0),
        hms(23, 59, 59, 999_999_999),
        hms(12, 30, 0, 1),
        hms(12, 30, 0, 500_000_000),
        hms(1, 2, 3, 120_000),
        hms(1, 2, 3, 10),
    ];
    let offsets =
        [0, 14 * 3600, -12 * 3600, 5 * 3600 + 45 * 60, -(9 * 3600 + 30 * 60), -30 * 60, 93_599, -93_599, 1, -1];
    for d in dates {
        same_as_serde(&d);
        for t in times {
            same_as_serde(&t);
            let p = PrimitiveDateTime::new(d, t);
            same_as_serde(&p);
            same_as_serde(&p.as_utc());
            for o in offsets {
                same_as_serde(&p.assume_offset(off(o)));
            }
        }
    }
    for d in [
        Duration::ZERO,
        Duration::nanoseconds(1),
        Duration::nanoseconds(-1),
        Duration::milliseconds(-1500),
        Duration::MAX,
        Duration::MIN,
        Duration::seconds(-3),
    ] {
        same_as_serde(&d);
    }
}

#[test]
fn spot_checks_of_the_text() {
    let p = PrimitiveDateTime::new(date(2024, 2, 29), hms(18, 15, 0, 250_000_000));
    assert_eq!(codec::json::to_string(&p.assume_offset(off(20_700))).unwrap(), r#""2024-02-29 18:15:00.25 +05:45:00""#);
    assert_eq!(codec::json::to_string(&p.assume_offset(off(-1800))).unwrap(), r#""2024-02-29 18:15:00.25 -00:30:00""#);
    assert_eq!(codec::json::to_string(&p.as_utc()).unwrap(), r#""2024-02-29 18:15:00.25""#);
    assert_eq!(codec::json::to_string(&hms(0, 0, 0, 0)).unwrap(), r#""00:00:00.0""#);
    assert_eq!(codec::json::to_string(&date(-1, 1, 1)).unwrap(), r#""-0001-01-01""#);
    assert_eq!(codec::json::to_string(&Duration::milliseconds(-500)).unwrap(), r#""-0.500000000""#);
}

fn nanos() -> impl Strategy<Value = u32> {
    prop_oneof![Just(0u32), (0..1_000u32).prop_map(|n| n * 1_000_000), 0..1_000_000_000u32]
}

fn any_primitive() -> impl Strategy<Value = PrimitiveDateTime> {
    let (min, max) =
        (PrimitiveDateTime::MIN.as_utc().unix_timestamp(), PrimitiveDateTime::MAX.as_utc().unix_timestamp());
    (min..=max, nanos()).prop_map(|(s, n)| {
        let t = UtcDateTime::from_unix_timestamp(s).unwrap();
        PrimitiveDateTime::new(t.date(), t.time().replace_nanosecond(n).unwrap())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn every_value_matches_serde(p in any_primitive(), o in -93_599..=93_599i32, secs: i64, n in -999_999_999..=999_999_999i32) {
        same_as_serde(&p);
        same_as_serde(&p.date());
        same_as_serde(&p.time());
        same_as_serde(&p.as_utc());
        same_as_serde(&p.assume_offset(off(o)));
        same_as_serde(&Duration::new(secs, n));
    }
}

// ---------------------------------------------------------------- what decoding accepts

#[test]
fn accepted_and_rejected_strings_agree_with_serde() {
    for s in [
        "2024-02-29 12:30:00.0 +00:00:00",
        "2024-02-29 12:30:00.5 -00:30:00",
        "2024-02-29 12:30:00.123456789123456789012345678901 +00:00:00",
        "2024-02-29 12:30:00.1234567891234567890123456789012 +00:00:00",
        "2024-02-29 12:30:00 +00:00:00",
        "2024-02-29T12:30:00.0 +00:00:00",
        "2024-02-29 12:30:00.0 00:00:00",
        "2024-02-29 12:30:00.0 +00:00",
        "2024-02-29 12:30:00.0 +25:59:59",
        "2024-02-29 12:30:00.0 +26:00:00",
        "2024-02-29 12:30:00.0 +05:60:00",
        "2024-02-29 12:30:60.0 +00:00:00",
        "2024-02-29 24:00:00.0 +00:00:00",
        "2023-02-29 12:30:00.0 +00:00:00",
        "+2024-02-29 12:30:00.0 +00:00:00",
        "-0001-02-28 12:30:00.0 +00:00:00",
        "-10000-02-28 12:30:00.0 +00:00:00",
        "+10000-02-28 12:30:00.0 +00:00:00",
        "9999-12-31 23:59:59.999999999 -01:00:00",
        "2024-2-29 12:30:00.0 +00:00:00",
        "2024-02-29 12:30:00.0 +00:00:00 ",
        "",
    ] {
        agree::<OffsetDateTime>(s);
        let without_offset = s.rsplit_once(' ').map_or(s, |(a, _)| a);
        agree::<PrimitiveDateTime>(without_offset);
        agree::<UtcDateTime>(without_offset);
        agree::<PrimitiveDateTime>(s);
    }
    for s in [
        "2024-02-29",
        "+2024-02-29",
        "-2024-02-29",
        "-0000-01-01",
        "2024-02-30",
        "2024-13-01",
        "2024-00-01",
        "24-02-29",
        "2024-02-29 ",
        "",
    ] {
        agree::<Date>(s);
    }
    for s in ["12:30:00.0", "12:30:00", "12:30:00.", "12:30:00.5", "23:59:59.999999999999", "24:00:00.0", "12:30", ""] {
        agree::<Time>(s);
    }
    for s in [
        "0.0",
        "1.5",
        "-1.5",
        "-0.5",
        "+1.5",
        "1.500000000",
        "1.1234567899",
        "1",
        ".5",
        "1.",
        "1.-5",
        "1.+5",
        " 1.5",
        "9223372036854775807.999999999",
        "9223372036854775808.0",
        "-9223372036854775808.999999999",
        "1e3.0",
        "",
    ] {
        agree::<Duration>(s);
    }
}

#[test]
fn tuples_agree_with_serde() {
    for json in ["[2024, 60]", "[2024, 366]", "[2023, 366]", "[2024]", "[2024, 60, 1]", "[-9999, 1]", "[2024, -1]"] {
        agree_json::<Date>(json);
    }
    for json in ["[12, 30, 0, 5]", "[24, 0, 0, 0]", "[12, 30, 0, 1000000000]", "[12, 30, 0]"] {
        agree_json::<Time>(json);
    }
    for json in ["[2024, 60, 12, 30, 0, 5]", "[2024, 60, 12, 30, 60, 0]"] {
        agree_json::<PrimitiveDateTime>(json);
        agree_json::<UtcDateTime>(json);
    }
    for json in [
        "[2024, 60, 12, 30, 0, 5, 5, 45, 0]",
        "[2024, 60, 12, 30, 0, 5, -5, -45, 0]",
        "[2024, 60, 12, 30, 0, 5, 5, -45, 0]",
        "[2024, 60, 12, 30, 0, 5, 26, 0, 0]",
    ] {
        agree_json::<OffsetDateTime>(json);
    }
    for json in [
        "[1, 5]",
        "[-1, -5]",
        "[1, -5]",
        "[0, 999999999]",
        "[0, 1000000000]",
        "[0, -1000000000]",
        "[9223372036854775807, 999999999]",
    ] {
        agree_json::<Duration>(json);
    }
}

/// The characters that edits put in: those of time's texts.
const TEXT_CHARS: &[u8] = b"0123456789-+:. T";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn mutated_strings_agree_with_serde(p in any_primitive(), o in -93_599..=93_599i32, d: i64, e in edits(TEXT_CHARS)) {
        let text = |v: &dyn erased::Text| v.text();
        agree::<OffsetDateTime>(&e.apply(&text(&p.assume_offset(off(o)))));
        agree::<PrimitiveDateTime>(&e.apply(&text(&p)));
        agree::<UtcDateTime>(&e.apply(&text(&p.as_utc())));
        agree::<Date>(&e.apply(&text(&p.date())));
        agree::<Time>(&e.apply(&text(&p.time())));
        agree::<Duration>(&e.apply(&text(&Duration::nanoseconds(d))));
    }
}

mod erased {
    /// The serde text of a value, without its quotes.
    pub trait Text {
        fn text(&self) -> String;
    }
    impl<T: serde::Serialize> Text for T {
        fn text(&self) -> String {
            serde_json::from_str(&serde_json::to_string(self).unwrap()).unwrap()
        }
    }
}

// ---------------------------------------------------------------- errors, escapes

#[test]
fn errors_and_escapes() {
    let d: Date = codec::json::from_str(r#""\u0032024-02-29""#).unwrap();
    assert_eq!(d, date(2024, 2, 29));
    #[derive(codec::Codec, Debug)]
    struct Row {
        #[allow(dead_code)]
        at: OffsetDateTime,
    }
    let e = codec::json::from_str::<Row>(r#"{"at": "2024-02-29T12:30:00Z"}"#).unwrap_err();
    assert_eq!((e.offset(), e.path().as_str()), (Some(7), ".at"));
    assert!(e.to_string().starts_with(r#"invalid value: expected a date, time and offset such as "2024-02-29 12:30:00.0 +00:00:00", found "2024-02-29T12:30:00Z""#), "{e}");
    let e = codec::json::from_str::<Date>(" [2023, 366]").unwrap_err();
    assert_eq!((e.offset(), matches!(e.kind(), ErrorKind::OutOfRange(_))), (Some(1), true), "{e:?}");
}

// ---------------------------------------------------------------- MessagePack

#[test]
fn msgpack_forms() {
    let p = PrimitiveDateTime::new(date(2024, 2, 29), hms(12, 30, 0, 250_000_000));
    let utc = p.as_utc();
    let packed = codec::msgpack::to_vec(&utc).unwrap();
    assert_eq!(
        packed,
        codec::msgpack::to_vec(&codec::msgpack::Timestamp::new(1_709_209_800, 250_000_000).unwrap()).unwrap()
    );
    for v in [UtcDateTime::MIN, UtcDateTime::MAX, utc] {
        assert_eq!(codec::msgpack::from_slice::<UtcDateTime>(&codec::msgpack::to_vec(&v).unwrap()).unwrap(), v);
    }
    // The string and tuple forms are read too.
    assert_eq!(codec::msgpack::from_slice::<UtcDateTime>(b"\xb62024-02-29 12:30:00.25").unwrap(), utc);
    assert_eq!(
        codec::msgpack::from_slice::<UtcDateTime>(b"\x96\xcd\x07\xe8\x3c\x0c\x1e\x00\xce\x0e\xe6\xb2\x80").unwrap(),
        utc
    );
    let far = codec::msgpack::to_vec(&codec::msgpack::Timestamp::new(i64::MAX, 0).unwrap()).unwrap();
    assert!(matches!(codec::msgpack::from_slice::<UtcDateTime>(&far).unwrap_err().kind(), ErrorKind::OutOfRange(_)));

    let zoned = p.assume_offset(off(20_700));
    let packed = codec::msgpack::to_vec(&zoned).unwrap();
    assert_eq!(packed, b"\xd9\x202024-02-29 12:30:00.25 +05:45:00");
    assert_eq!(codec::msgpack::from_slice::<OffsetDateTime>(&packed).unwrap().offset(), off(20_700));
    assert_eq!(codec::msgpack::to_vec(&date(2024, 2, 29)).unwrap(), b"\xaa2024-02-29");
    assert_eq!(codec::msgpack::from_slice::<Date>(b"\x92\xcd\x07\xe8\x3c").unwrap(), date(2024, 2, 29));
    assert_eq!(codec::msgpack::to_vec(&Duration::milliseconds(-1500)).unwrap(), b"\x92\xff\xd2\xe2\x32\x9b\x00");
    assert_eq!(codec::msgpack::from_slice::<Duration>(b"\xac-1.500000000").unwrap(), Duration::milliseconds(-1500));
    // What rmp-serde writes with time's serde impls (non-human-readable tuples) reads back.
    for v in [Duration::milliseconds(-1500), Duration::MAX] {
        assert_eq!(codec::msgpack::from_slice::<Duration>(&rmp_serde::to_vec(&v).unwrap()).unwrap(), v);
    }
    assert_eq!(codec::msgpack::from_slice::<OffsetDateTime>(&rmp_serde::to_vec(&zoned).unwrap()).unwrap(), zoned);
    assert_eq!(codec::msgpack::from_slice::<Time>(&rmp_serde::to_vec(&p.time()).unwrap()).unwrap(), p.time());
}

// ---------------------------------------------------------------- keys

#[test]
fn map_keys_match_serde() {
    let p = PrimitiveDateTime::new(date(2024, 2, 29), hms(12, 30, 0, 250_000_000));
    keys_like_serde(&BTreeMap::from([(p.date(), 1u8), (date(-5, 1, 1), 2)]));
    keys_like_serde(&BTreeMap::from([(p.time(), 1u8)]));
    keys_like_serde(&BTreeMap::from([(p, 1u8)]));
    keys_like_serde(&BTreeMap::from([(p.as_utc(), 1u8)]));
    keys_like_serde(&BTreeMap::from([(p.assume_offset(off(-3600)), 1u8)]));
}

// ---------------------------------------------------------------- `with` modules

mod reference {
    use serde::{Deserialize, Serialize};
    use time::OffsetDateTime;

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    pub struct Stamps {
        #[serde(with = "time::serde::timestamp")]
        pub s: OffsetDateTime,
        #[serde(with = "time::serde::timestamp::milliseconds")]
        pub ms: OffsetDateTime,
        #[serde(with = "time::serde::timestamp::microseconds")]
        pub us: OffsetDateTime,
        #[serde(with = "time::serde::timestamp::nanoseconds")]
        pub ns: OffsetDateTime,
        #[serde(with = "time::serde::timestamp::option")]
        pub s_opt: Option<OffsetDateTime>,
        #[serde(with = "time::serde::timestamp::nanoseconds::option")]
        pub ns_opt: Option<OffsetDateTime>,
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    pub struct Rfc(#[serde(with = "time::serde::rfc3339")] pub OffsetDateTime);

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    pub struct RfcOpt(#[serde(with = "time::serde::rfc3339::option")] pub Option<OffsetDateTime>);
}

#[derive(codec::Codec, Debug, PartialEq)]
struct Stamps {
    #[codec(with = "codec::with::time::timestamp")]
    s: OffsetDateTime,
    #[codec(with = "codec::with::time::timestamp::milliseconds")]
    ms: OffsetDateTime,
    #[codec(with = "codec::with::time::timestamp::microseconds")]
    us: OffsetDateTime,
    #[codec(with = "codec::with::time::timestamp::nanoseconds")]
    ns: OffsetDateTime,
    #[codec(with = "codec::with::time::timestamp::option")]
    s_opt: Option<OffsetDateTime>,
    #[codec(with = "codec::with::time::timestamp::nanoseconds::option")]
    ns_opt: Option<OffsetDateTime>,
}

#[derive(codec::Codec, Debug, PartialEq)]
struct Rfc(#[codec(with = "codec::with::time::rfc3339")] OffsetDateTime);

#[derive(codec::Codec, Debug, PartialEq)]
struct RfcOpt(#[codec(with = "codec::with::time::rfc3339::option")] Option<OffsetDateTime>);

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn with_modules_match_time_serde(p in any_primitive(), o in -86_399..=86_399i32, some: bool, e in edits(TEXT_CHARS)) {
        let v = p.assume_offset(off(o));
        let o_ = |v| some.then_some(v);
        let theirs = reference::Stamps { s: v, ms: v, us: v, ns: v, s_opt: o_(v), ns_opt: o_(v) };
        let json = serde_json::to_string(&theirs).unwrap();
        let ours: Stamps = codec::json::from_str(&json).unwrap();
        prop_assert_eq!(codec::json::to_string(&ours).unwrap(), json);
        prop_assert_eq!(codec::msgpack::from_slice::<Stamps>(&codec::msgpack::to_vec(&ours).unwrap()).unwrap(), ours);

        // RFC 3339: the same text or the same failure to write one, and the same reading of
        // mutated text.
        match serde_json::to_string(&reference::Rfc(v)) {
            Ok(json) => {
                prop_assert_eq!(codec::json::to_string(&Rfc(v)).unwrap(), json.clone());
                prop_assert_eq!(codec::json::to_string(&RfcOpt(o_(v))).unwrap(), serde_json::to_string(&reference::RfcOpt(o_(v))).unwrap());
                let text: String = serde_json::from_str(&json).unwrap();
                let mutated = serde_json::to_string(&e.apply(&text)).unwrap();
                let a = codec::json::from_str::<Rfc>(&mutated).ok();
                let b = serde_json::from_str::<reference::Rfc>(&mutated).ok();
                prop_assert_eq!(a.map(|a| (a.0, a.0.offset())), b.map(|b| (b.0, b.0.offset())), "{}", mutated);
            }
            Err(_) => prop_assert!(codec::json::to_string(&Rfc(v)).is_err()),
        }
    }
}

#[test]
fn rfc3339_edge_strings_agree() {
    for s in [
        "2024-02-29T12:30:00Z",
        "2024-02-29t12:30:00z",
        "2024-02-29 12:30:00Z",
        "2016-12-31T23:59:60Z",
        "2016-12-31T23:59:60.5Z",
        "2024-02-29T23:59:60Z",
        "2024-02-29T12:30:00-00:00",
        "2024-02-29T12:30:00.123456789123Z",
        "2024-02-29T12:30:00+24:00",
        "2024-02-29T12:30:00+0545",
        "+2024-02-29T12:30:00Z",
        "2024-02-29T12:30:00.Z",
        "",
    ] {
        let json = serde_json::to_string(s).unwrap();
        let a = codec::json::from_str::<Rfc>(&json).ok();
        let b = serde_json::from_str::<reference::Rfc>(&json).ok();
        assert_eq!(a.map(|a| (a.0, a.0.offset())), b.map(|b| (b.0, b.0.offset())), "{s}");
    }
}
