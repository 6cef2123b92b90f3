//! The std types of issue 13 ("std types still missing"), checked against serde: each
//! value's JSON is byte for byte what `serde_json` writes and its MessagePack what
//! `rmp_serde::to_vec_named` writes (where codec keeps serde's form; the exceptions are
//! tested and documented beside each), codec reads what serde wrote (also rmp-serde's
//! positional `to_vec`) and serde reads what codec wrote; then the errors each family
//! promises, with their kind, position and path, and maps keyed by these types.

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap, LinkedList};
use std::ffi::OsString;
use std::fmt::Debug;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::num::{
    NonZero, NonZeroI128, NonZeroI16, NonZeroI32, NonZeroI64, NonZeroI8, NonZeroIsize, NonZeroU128, NonZeroU16,
    NonZeroU32, NonZeroU64, NonZeroU8, NonZeroUsize, Saturating, Wrapping,
};
use std::ops::{Bound, Range, RangeFrom, RangeInclusive, RangeTo};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use codec::{Codec, Decode, Encode, Error, ErrorKind};
use common::config;
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde::Serialize;

mod common;

// ================================================================ helpers

/// `value` is written as serde writes it, in JSON (`serde_json`) and in MessagePack
/// (`rmp_serde::to_vec_named`); codec reads back both its own output and serde's
/// positional MessagePack (`rmp_serde::to_vec`); serde reads back codec's output.
#[track_caller]
fn same_as_serde<T>(value: &T)
where
    T: Encode + for<'de> Decode<'de> + Serialize + DeserializeOwned + PartialEq + Debug,
{
    same_json_as_serde(value);
    same_msgpack_as_serde(value);
}

/// The JSON half of [`same_as_serde`].
#[track_caller]
fn same_json_as_serde<T>(value: &T)
where
    T: Encode + for<'de> Decode<'de> + Serialize + DeserializeOwned + PartialEq + Debug,
{
    let json = codec::json::to_string(value).unwrap();
    assert_eq!(json, serde_json::to_string(value).unwrap(), "JSON of {value:?}");
    let back: T = codec::json::from_str(&json).unwrap_or_else(|e| panic!("codec decode of {json}: {e}"));
    assert_eq!(&back, value, "codec decode of {json}");
    let back: T = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, value, "serde_json decode of {json}");
}

/// The MessagePack half of [`same_as_serde`].
#[track_caller]
fn same_msgpack_as_serde<T>(value: &T)
where
    T: Encode + for<'de> Decode<'de> + Serialize + DeserializeOwned + PartialEq + Debug,
{
    let packed = codec::msgpack::to_vec(value).unwrap();
    assert_eq!(packed, rmp_serde::to_vec_named(value).unwrap(), "MessagePack of {value:?}");
    let back: T = codec::msgpack::from_slice(&packed).unwrap_or_else(|e| panic!("codec decode of {value:?}: {e}"));
    assert_eq!(&back, value, "codec MessagePack round trip");
    let back: T = rmp_serde::from_slice(&packed).unwrap();
    assert_eq!(&back, value, "rmp-serde decode of codec's MessagePack");
    let positional = rmp_serde::to_vec(value).unwrap();
    let back: T = codec::msgpack::from_slice(&positional)
        .unwrap_or_else(|e| panic!("codec decode of rmp_serde::to_vec of {value:?}: {e}"));
    assert_eq!(&back, value, "codec decode of rmp_serde::to_vec");
}

/// Both of codec's formats round-trip `value` (for types serde does not implement).
#[track_caller]
fn round_trips<T>(value: &T)
where
    T: Encode + for<'de> Decode<'de> + PartialEq + Debug,
{
    let json = codec::json::to_vec(value).unwrap();
    assert_eq!(&codec::json::from_slice::<T>(&json).unwrap(), value);
    let packed = codec::msgpack::to_vec(value).unwrap();
    assert_eq!(&codec::msgpack::from_slice::<T>(&packed).unwrap(), value);
}

#[track_caller]
fn json_err<T: for<'de> Decode<'de> + Debug>(json: &str) -> Error {
    match codec::json::from_str::<T>(json) {
        Ok(v) => panic!("{json} decoded to {v:?}, expected an error"),
        Err(e) => e,
    }
}

#[track_caller]
fn msgpack_err<T: for<'de> Decode<'de> + Debug>(bytes: &[u8]) -> Error {
    match codec::msgpack::from_slice::<T>(bytes) {
        Ok(v) => panic!("{bytes:x?} decoded to {v:?}, expected an error"),
        Err(e) => e,
    }
}

/// `e` is an `InvalidValue` error at `offset` whose message contains `msg`.
#[track_caller]
fn assert_invalid_value(e: &Error, offset: usize, msg: &str) {
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)), "{e:?}");
    assert_eq!(e.offset(), Some(offset), "{e}");
    assert!(e.to_string().contains(msg), "`{e}` lacks `{msg}`");
}

// ================================================================ Duration

#[test]
fn duration_is_serdes_struct() {
    for d in [
        Duration::ZERO,
        Duration::new(1, 5),
        Duration::from_millis(1500),
        Duration::new(0, 999_999_999),
        Duration::new(u64::MAX, 999_999_999),
        Duration::MAX,
    ] {
        same_as_serde(&d);
    }
    assert_eq!(codec::json::to_string(&Duration::new(3, 7)).unwrap(), r#"{"secs":3,"nanos":7}"#);
    assert_eq!(codec::msgpack::to_vec(&Duration::new(3, 7)).unwrap(), b"\x82\xa4secs\x03\xa5nanos\x07");
}

#[test]
fn duration_reads_what_serde_reads() {
    let d = Duration::new(2, 30);
    for json in [r#"{"secs":2,"nanos":30}"#, r#"{"nanos":30,"secs":2}"#, r#" { "nanos" : 30 , "secs" : 2 } "#, "[2,30]"]
    {
        assert_eq!(codec::json::from_str::<Duration>(json).unwrap(), d, "{json}");
        assert_eq!(serde_json::from_str::<Duration>(json).unwrap(), d, "{json}");
    }
    // An escaped key names the same member.
    assert_eq!(codec::json::from_str::<Duration>(r#"{"\u0073ecs":2,"nanos":30}"#).unwrap(), d);
    // MessagePack: the map in either order, and the positional array.
    assert_eq!(codec::msgpack::from_slice::<Duration>(b"\x82\xa5nanos\x1e\xa4secs\x02").unwrap(), d);
    assert_eq!(codec::msgpack::from_slice::<Duration>(b"\x92\x02\x1e").unwrap(), d);
}

#[test]
fn duration_errors() {
    // nanos must be below 10^9 (serde would carry it into the seconds: documented).
    let e = json_err::<Duration>(r#"{"secs":1,"nanos":1000000000}"#);
    assert_invalid_value(&e, 18, "nanoseconds must be below 10^9");
    assert_eq!(e.path(), ".nanos");
    let e = json_err::<Duration>("[1, 4294967295]");
    assert_invalid_value(&e, 4, "nanoseconds must be below 10^9");
    assert_eq!(e.path(), "[1]");
    let e = msgpack_err::<Duration>(b"\x82\xa4secs\x01\xa5nanos\xce\x3b\x9a\xca\x00");
    assert_invalid_value(&e, 13, "nanoseconds must be below 10^9");
    assert_eq!(e.path(), ".nanos");

    // Each member is required, and the error points at the end of the object.
    let e = json_err::<Duration>(r#"{"secs":1}"#);
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::MissingField("nanos"), Some(9)));
    let e = json_err::<Duration>(r#"{"nanos":1}"#);
    assert_eq!(e.kind(), &ErrorKind::MissingField("secs"));
    let e = msgpack_err::<Duration>(b"\x81\xa4secs\x01");
    assert_eq!(e.kind(), &ErrorKind::MissingField("nanos"));

    // Unknown members are errors listing the known ones (serde's deny_unknown_fields).
    let e = json_err::<Duration>(r#"{"secs":1,"nanos":2,"extra":3}"#);
    assert_eq!(e.kind(), &ErrorKind::UnknownField { name: "extra".into(), expected: vec!["secs", "nanos"] });
    assert_eq!(e.offset(), Some(20));
    assert!(serde_json::from_str::<Duration>(r#"{"secs":1,"nanos":2,"extra":3}"#).is_err());
    let e = msgpack_err::<Duration>(b"\x83\xa4secs\x01\xa5nanos\x02\xa1x\x03");
    assert!(matches!(e.kind(), ErrorKind::UnknownField { name, .. } if name == "x"), "{e:?}");
    assert_eq!(e.offset(), Some(14));

    // Repeated members, wrong lengths, wrong types.
    let e = json_err::<Duration>(r#"{"secs":1,"secs":2,"nanos":0}"#);
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::DuplicateField("secs".into()), Some(10)));
    let e = json_err::<Duration>("[1]");
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(m) if m.contains("expected an array of 2 elements")), "{e}");
    let e = json_err::<Duration>("[1,2,3]");
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)), "{e}");
    assert!(matches!(json_err::<Duration>("1").kind(), ErrorKind::InvalidType { .. }));
    let e = json_err::<Duration>(r#"{"secs":-1,"nanos":0}"#);
    assert!(matches!(e.kind(), ErrorKind::OutOfRange(_)), "{e}");
    assert_eq!(e.path(), ".secs");
    let e = msgpack_err::<Duration>(b"\x93\x01\x02\x03");
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(m) if m.contains("expected an array of 2 elements")), "{e}");
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn durations_match_serde(secs in any::<u64>(), nanos in 0u32..1_000_000_000) {
        same_as_serde(&Duration::new(secs, nanos));
    }
}

// ================================================================ IP and socket addresses

fn ipv6_samples() -> Vec<Ipv6Addr> {
    [
        "::",
        "::1",
        "1::",
        "::ffff:1.2.3.4",
        "::1.2.3.4",
        "64:ff9b::192.0.2.33",
        "fe80::1",
        "2001:db8::8a2e:370:7334",
        "2001:db8:0:0:1:0:0:1",
        "1:0:0:1:0:0:0:1",
        "1:2:3:4:5:6:7:8",
        "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
        "1:0:2:0:3:0:4:0",
    ]
    .iter()
    .map(|s| s.parse().unwrap())
    .collect()
}

#[test]
fn ip_addresses_are_serdes_forms() {
    let v4s = [Ipv4Addr::UNSPECIFIED, Ipv4Addr::LOCALHOST, Ipv4Addr::BROADCAST, Ipv4Addr::new(10, 200, 3, 99)];
    for ip in v4s {
        same_as_serde(&ip);
        same_as_serde(&IpAddr::V4(ip));
        for port in [0, 80, 65535] {
            same_as_serde(&SocketAddrV4::new(ip, port));
            same_as_serde(&SocketAddr::V4(SocketAddrV4::new(ip, port)));
        }
    }
    for ip in ipv6_samples() {
        same_as_serde(&ip);
        same_as_serde(&IpAddr::V6(ip));
        same_as_serde(&SocketAddrV6::new(ip, 443, 0, 0));
        same_as_serde(&SocketAddr::V6(SocketAddrV6::new(ip, 443, 0, 0)));
    }
    assert_eq!(codec::json::to_string(&Ipv4Addr::new(1, 22, 133, 0)).unwrap(), r#""1.22.133.0""#);
    assert_eq!(codec::msgpack::to_vec(&Ipv4Addr::new(1, 22, 133, 0)).unwrap(), b"\x94\x01\x16\xcc\x85\x00");
    assert_eq!(
        codec::msgpack::to_vec(&SocketAddr::from(([1, 2, 3, 4], 80))).unwrap(),
        b"\x81\xa2V4\x92\x94\x01\x02\x03\x04\x50"
    );
}

/// A `SocketAddrV6`'s scope id is in its text (`%3`), so JSON keeps it; MessagePack, as
/// serde's compact form, does not. `flowinfo` is in neither.
#[test]
fn socket_v6_scope_and_flowinfo() {
    let scoped = SocketAddrV6::new("fe80::1".parse().unwrap(), 8080, 0, 3);
    same_json_as_serde(&scoped);
    assert_eq!(codec::json::to_string(&scoped).unwrap(), r#""[fe80::1%3]:8080""#);
    let packed = codec::msgpack::to_vec(&scoped).unwrap();
    assert_eq!(packed, rmp_serde::to_vec_named(&scoped).unwrap());
    let back: SocketAddrV6 = codec::msgpack::from_slice(&packed).unwrap();
    assert_eq!((back.ip(), back.port(), back.scope_id()), (scoped.ip(), 8080, 0));

    let flowing = SocketAddrV6::new(Ipv6Addr::LOCALHOST, 1, 7, 0);
    let json = codec::json::to_string(&flowing).unwrap();
    assert_eq!(json, serde_json::to_string(&flowing).unwrap());
    assert_eq!(codec::json::from_str::<SocketAddrV6>(&json).unwrap().flowinfo(), 0);
}

#[test]
fn addresses_read_their_text_in_messagepack() {
    let ip: IpAddr = "2001:db8::1".parse().unwrap();
    let text = rmp_serde::to_vec(&"2001:db8::1").unwrap();
    assert_eq!(codec::msgpack::from_slice::<IpAddr>(&text).unwrap(), ip);
    assert_eq!(codec::msgpack::from_slice::<Ipv6Addr>(&text).unwrap(), ip);
    let sock = codec::msgpack::from_slice::<SocketAddr>(b"\xaa1.2.3.4:56").unwrap();
    assert_eq!(sock, SocketAddr::from(([1, 2, 3, 4], 56)));
    // Octets as a bin (rmp-serde's BytesMode::ForceAll writes those).
    assert_eq!(
        codec::msgpack::from_slice::<Ipv4Addr>(b"\xc4\x04\x01\x02\x03\xff").unwrap(),
        Ipv4Addr::new(1, 2, 3, 255)
    );
    let sock = SocketAddrV6::new(ip_v6(&ip), 9, 0, 0);
    let mut forced = Vec::new();
    let mut ser = rmp_serde::Serializer::new(&mut forced).with_bytes(rmp_serde::config::BytesMode::ForceAll);
    sock.serialize(&mut ser).unwrap();
    assert_eq!(forced[..3], *b"\x92\xc4\x10", "rmp-serde's ForceAll writes octets as a bin");
    assert_eq!(codec::msgpack::from_slice::<SocketAddrV6>(&forced).unwrap(), sock);
    let mut bin16 = b"\xc4\x10".to_vec();
    bin16.extend_from_slice(&ip_v6(&ip).octets());
    assert_eq!(codec::msgpack::from_slice::<Ipv6Addr>(&bin16).unwrap(), ip_v6(&ip));
}

fn ip_v6(ip: &IpAddr) -> Ipv6Addr {
    match ip {
        IpAddr::V6(v6) => *v6,
        IpAddr::V4(v4) => v4.to_ipv6_mapped(),
    }
}

#[test]
fn address_errors() {
    // Not an address: the string is quoted, at the string's quote.
    let e = json_err::<Ipv4Addr>(r#"  "1.2.3.256""#);
    assert_invalid_value(&e, 2, r#"expected an IPv4 address, found "1.2.3.256""#);
    let e = json_err::<Vec<IpAddr>>(r#"["::1", "1.2.3"]"#);
    assert_invalid_value(&e, 8, r#"expected an IP address, found "1.2.3""#);
    assert_eq!(e.path(), "[1]");
    for bad in [r#""01.2.3.4""#, r#""1.2.3.4 ""#, r#""""#, r#""::g""#, r#""1:2:3:4:5:6:7:8:9""#] {
        assert!(matches!(json_err::<IpAddr>(bad).kind(), ErrorKind::InvalidValue(_)), "{bad}");
        assert!(serde_json::from_str::<IpAddr>(bad).is_err(), "{bad}");
    }
    let e = json_err::<SocketAddr>(r#""1.2.3.4:65536""#);
    assert_invalid_value(&e, 0, "expected a socket address");
    let e = json_err::<SocketAddrV4>(r#""[::1]:80""#);
    assert_invalid_value(&e, 0, "expected an IPv4 socket address");
    // A long string is quoted up to 64 characters.
    let long = format!("\"{}\"", "9".repeat(500));
    let e = json_err::<Ipv6Addr>(&long);
    assert!(e.to_string().len() < 200, "{e}");
    // Not a string at all.
    let e = json_err::<Ipv4Addr>("[1,2,3,4]");
    assert_eq!(e.kind(), &ErrorKind::InvalidType { expected: "an IPv4 address".into(), found: "array".into() });
    // Escapes are decoded before parsing.
    assert_eq!(codec::json::from_str::<Ipv4Addr>(r#""1.2.3.\u0034""#).unwrap(), Ipv4Addr::new(1, 2, 3, 4));

    // MessagePack: wrong lengths, octets out of range, wrong variants, wrong types.
    let e = msgpack_err::<Ipv4Addr>(b"\x93\x01\x02\x03");
    assert_invalid_value(&e, 0, "expected an array of 4 elements, found 3");
    let e = msgpack_err::<Ipv4Addr>(b"\x94\x01\x02\xcd\x01\x00\x04");
    assert!(matches!(e.kind(), ErrorKind::OutOfRange(_)), "{e}");
    assert_eq!((e.offset(), e.path().as_str()), (Some(3), "[2]"));
    let e = msgpack_err::<Ipv6Addr>(b"\xc4\x04\x01\x02\x03\x04");
    assert_invalid_value(&e, 0, "expected 16 bytes, found 4");
    let e = msgpack_err::<IpAddr>(b"\x81\xa2V5\x94\x01\x02\x03\x04");
    assert!(matches!(e.kind(), ErrorKind::UnknownVariant { name, .. } if name == "V5"), "{e}");
    assert_eq!(e.offset(), Some(1));
    let e = msgpack_err::<IpAddr>(b"\x82\xa2V4\x94\x01\x02\x03\x04\xa2V6\xc0");
    assert_invalid_value(&e, 0, "a map with one key, V4 or V6");
    let e = msgpack_err::<IpAddr>(b"\x81\xa2V6\x94\x01\x02\x03\x04");
    assert_invalid_value(&e, 4, "expected an array of 16 elements, found 4");
    assert_eq!(e.path(), ".V6");
    let e = msgpack_err::<IpAddr>(b"\xa91.2.3.256");
    assert_invalid_value(&e, 0, r#"found "1.2.3.256""#);
    let e = msgpack_err::<Ipv4Addr>(b"\x2a");
    assert!(matches!(e.kind(), ErrorKind::InvalidType { .. }), "{e}");
    let e = msgpack_err::<SocketAddrV4>(b"\x92\x94\x01\x02\x03\x04\xcd\x00\x01\x00");
    assert_eq!(e.kind(), &ErrorKind::TrailingCharacters);
    let e = msgpack_err::<SocketAddrV4>(b"\x92\x94\x01\x02\x03\x04\xce\x00\x01\x00\x00");
    assert!(matches!(e.kind(), ErrorKind::OutOfRange(_)), "{e}");
    assert_eq!(e.path(), "[1]");
}

/// codec's own IPv4 parser accepts exactly what std's `FromStr` accepts.
#[track_caller]
fn parses_like_std(text: &str) {
    let json = serde_json::to_string(text).unwrap();
    let packed = rmp_serde::to_vec(text).unwrap();
    let std_v4 = text.parse::<Ipv4Addr>().ok();
    assert_eq!(codec::json::from_str::<Ipv4Addr>(&json).ok(), std_v4, "{text:?}");
    assert_eq!(codec::msgpack::from_slice::<Ipv4Addr>(&packed).ok(), std_v4, "{text:?}");
    let std_ip = text.parse::<IpAddr>().ok();
    assert_eq!(codec::json::from_str::<IpAddr>(&json).ok(), std_ip, "{text:?}");
    let key = format!("{{{json}:1}}");
    let keys = codec::json::from_str::<BTreeMap<IpAddr, u8>>(&key).ok().map(|m| m.into_keys().next());
    assert_eq!(keys, std_ip.map(Some), "{text:?}");
}

#[test]
fn ipv4_text_edge_cases_parse_like_std() {
    for text in [
        "0.0.0.0",
        "255.255.255.255",
        "256.0.0.0",
        "1.2.3.04",
        "1.2.3.0",
        "00.0.0.0",
        "0.00.0.0",
        "1.2.3",
        "1.2.3.4.",
        ".1.2.3.4",
        "1..2.3",
        "1.2.3.4 ",
        " 1.2.3.4",
        "+1.2.3.4",
        "1.2.3.1000",
        "0001.2.3.4",
        "1.2.3.4:80",
        "1.2.3.-4",
        "1.2.3.4\0",
        "\u{661}.2.3.4",
        "::1.2.3.4",
        "",
        ".",
        "...",
        "999.999.999.999",
        "100.200.249.250",
        "1.2.3.4.5",
    ] {
        parses_like_std(text);
    }
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn ipv4_parser_agrees_with_std(text in "[0-9.:a-f]{0,18}", quad in any::<[u8; 4]>(), pad in 0usize..3) {
        parses_like_std(&text);
        let zeros = "0".repeat(pad);
        parses_like_std(&format!("{}.{zeros}{}.{}.{}", quad[0], quad[1], quad[2], quad[3]));
    }
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn ipv4_matches_serde(bits in any::<u32>(), port in any::<u16>()) {
        let ip = Ipv4Addr::from(bits);
        same_as_serde(&ip);
        same_as_serde(&IpAddr::V4(ip));
        same_as_serde(&SocketAddr::V4(SocketAddrV4::new(ip, port)));
    }

    /// Random addresses, and addresses with runs of zero groups (where the text
    /// compresses) and IPv4-mapped ones (where it switches to dotted form).
    #[test]
    fn ipv6_matches_serde(bits in any::<u128>(), zeros in any::<u8>(), port in any::<u16>(), scope in any::<u32>()) {
        let mut segments = Ipv6Addr::from(bits).segments();
        for (i, s) in segments.iter_mut().enumerate() {
            if zeros & (1 << i) != 0 {
                *s = 0;
            }
        }
        for ip in [Ipv6Addr::from(segments), Ipv4Addr::from(bits as u32).to_ipv6_mapped()] {
            same_as_serde(&ip);
            same_as_serde(&IpAddr::V6(ip));
            same_as_serde(&SocketAddr::V6(SocketAddrV6::new(ip, port, 0, 0)));
            same_json_as_serde(&SocketAddrV6::new(ip, port, 0, scope));
        }
    }
}

// ================================================================ NonZero, Wrapping, Saturating, Reverse

#[test]
fn nonzero_integers_of_every_width() {
    macro_rules! extremes {
        ($($nz:ident($t:ident))*) => {$(
            for v in [$t::MIN, $t::MAX, 1, $t::MAX / 3] {
                if let Some(n) = $nz::new(v) {
                    if std::mem::size_of::<$t>() < 16 {
                        same_as_serde(&n);
                    } else {
                        // 128-bit integers: rmp-serde writes every one as a 16-byte bin,
                        // codec only those beyond 64 bits (see the README); each reads
                        // the other's.
                        same_json_as_serde(&n);
                        round_trips(&n);
                        let theirs = rmp_serde::to_vec_named(&n).unwrap();
                        assert_eq!(codec::msgpack::from_slice::<$nz>(&theirs).unwrap(), n);
                    }
                    assert_eq!(codec::json::to_string(&n).unwrap(), v.to_string());
                }
            }
            // Zero: an InvalidValue error at the number, in both formats.
            let e = json_err::<$nz>(" 0");
            assert_invalid_value(&e, 1, concat!("expected a nonzero ", stringify!($t), ", found 0"));
            let e = msgpack_err::<$nz>(b"\x00");
            assert_invalid_value(&e, 0, concat!("expected a nonzero ", stringify!($t), ", found 0"));
            // Other errors are the integer's.
            assert!(matches!(json_err::<$nz>("1.5").kind(), ErrorKind::InvalidType { .. }));
            let e = json_err::<$nz>("340282366920938463463374607431768211456");
            assert!(matches!(e.kind(), ErrorKind::OutOfRange(_)), "{e}");
        )*};
    }
    extremes!(
        NonZeroU8(u8) NonZeroU16(u16) NonZeroU32(u32) NonZeroU64(u64) NonZeroU128(u128) NonZeroUsize(usize)
        NonZeroI8(i8) NonZeroI16(i16) NonZeroI32(i32) NonZeroI64(i64) NonZeroI128(i128) NonZeroIsize(isize)
    );
    // `-0` is zero.
    assert_invalid_value(&json_err::<NonZeroI32>("-0"), 0, "expected a nonzero i32, found 0");
    // The generic spelling is the same type.
    same_as_serde(&NonZero::<u16>::new(9).unwrap());
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn nonzero_matches_serde(u in 1u64..=u64::MAX, i in any::<i32>(), small in any::<i8>(), wide in any::<u128>()) {
        same_as_serde(&NonZeroU64::new(u).unwrap());
        let i = NonZeroI32::new(i).unwrap_or(NonZeroI32::MIN);
        same_as_serde(&i);
        same_as_serde(&NonZeroI8::new(small).unwrap_or(NonZeroI8::MAX));
        let wide = NonZeroU128::new(wide).unwrap_or(NonZeroU128::MAX);
        same_json_as_serde(&wide);
        round_trips(&wide);
        keyed(vec![i]);
    }
}

#[test]
fn nonzero_in_a_struct_names_the_field() {
    #[derive(Codec, Debug)]
    struct Pool {
        size: NonZeroU16,
    }
    let e = codec::json::from_str::<Pool>(r#"{"size": 0}"#).unwrap_err();
    assert_invalid_value(&e, 9, "expected a nonzero u16, found 0");
    assert_eq!(e.path(), ".size");
    let packed = codec::msgpack::to_vec(&BTreeMap::from([("size", 0u8)])).unwrap();
    let e = codec::msgpack::from_slice::<Pool>(&packed).unwrap_err();
    assert_invalid_value(&e, 6, "expected a nonzero u16, found 0");
    assert_eq!(e.path(), ".size");
}

#[test]
fn transparent_numeric_wrappers() {
    same_as_serde(&Wrapping(250u8));
    same_as_serde(&Wrapping(-7i64));
    same_as_serde(&Saturating(u32::MAX));
    same_as_serde(&Reverse(3u8));
    same_as_serde(&Reverse(String::from("z")));
    same_as_serde(&vec![Wrapping(1.5f64), Wrapping(-0.25)]);
    // A missing field of a wrapped Option is None, as for the Option.
    #[derive(Codec, Debug, PartialEq)]
    struct Counters {
        hits: Wrapping<Option<u32>>,
        order: Reverse<Option<u8>>,
    }
    let c: Counters = codec::json::from_str("{}").unwrap();
    assert_eq!(c, Counters { hits: Wrapping(None), order: Reverse(None) });
    let e = json_err::<Wrapping<u8>>("256");
    assert!(matches!(e.kind(), ErrorKind::OutOfRange(_)), "{e}");
}

// ================================================================ Cell, RefCell, Mutex, RwLock

#[test]
fn cells_and_locks_are_their_content() {
    same_as_serde(&Cell::new(5u8));
    same_as_serde(&RefCell::new(vec![1u32, 2]));
    let json = codec::json::to_string(&Mutex::new(String::from("x"))).unwrap();
    assert_eq!(json, serde_json::to_string(&Mutex::new(String::from("x"))).unwrap());
    assert_eq!(codec::json::from_str::<Mutex<String>>(&json).unwrap().into_inner().unwrap(), "x");
    let packed = codec::msgpack::to_vec(&RwLock::new(7u16)).unwrap();
    assert_eq!(packed, rmp_serde::to_vec_named(&RwLock::new(7u16)).unwrap());
    assert_eq!(codec::msgpack::from_slice::<RwLock<u16>>(&packed).unwrap().into_inner().unwrap(), 7);
    let shared = Arc::new(Mutex::new(vec![Cell::new(1i8)]));
    assert_eq!(codec::json::to_string(&shared).unwrap(), "[1]");
    // A missing Option field inside one is None.
    #[derive(Codec, Debug)]
    struct State {
        last: Mutex<Option<u8>>,
        cached: RefCell<Option<u8>>,
    }
    let s: State = codec::json::from_str("{}").unwrap();
    assert_eq!((*s.last.lock().unwrap(), *s.cached.borrow()), (None, None));
}

#[test]
fn refcell_mutably_borrowed_is_an_error_not_a_panic() {
    #[derive(Codec, Debug)]
    struct Holder {
        inner: RefCell<Vec<u8>>,
    }
    let h = Holder { inner: RefCell::new(vec![1]) };
    let guard = h.inner.borrow_mut();
    for e in [codec::json::to_vec(&h).unwrap_err(), codec::msgpack::to_vec(&h).unwrap_err()] {
        assert_eq!(e.kind(), &ErrorKind::InvalidValue("the RefCell is mutably borrowed".into()));
        assert_eq!((e.offset(), e.path().as_str()), (None, ".inner"));
    }
    drop(guard);
    // Shared borrows do not stop encoding.
    let _reader = h.inner.borrow();
    assert_eq!(codec::json::to_string(&h).unwrap(), r#"{"inner":[1]}"#);
}

#[test]
fn poisoned_locks_are_errors() {
    let mutex = Arc::new(Mutex::new(1u8));
    let rwlock = Arc::new(RwLock::new(2u8));
    let (m, l) = (Arc::clone(&mutex), Arc::clone(&rwlock));
    let poisoner = std::thread::spawn(move || {
        let _m = m.lock().unwrap();
        let _l = l.write().unwrap();
        panic!("poison both locks (this panic is expected)");
    });
    assert!(poisoner.join().is_err());
    assert!(mutex.is_poisoned() && rwlock.is_poisoned());
    for e in [codec::json::to_vec(&mutex).unwrap_err(), codec::msgpack::to_vec(&mutex).unwrap_err()] {
        assert!(matches!(e.kind(), ErrorKind::InvalidValue(m) if m.contains("the Mutex is poisoned")), "{e}");
    }
    for e in [codec::json::to_vec(&rwlock).unwrap_err(), codec::msgpack::to_vec(&rwlock).unwrap_err()] {
        assert!(matches!(e.kind(), ErrorKind::InvalidValue(m) if m.contains("the RwLock is poisoned")), "{e}");
    }
    let e = codec::json::to_vec(&vec![Arc::clone(&mutex)]).unwrap_err();
    assert_eq!(e.path(), "[0]");
}

// ================================================================ ranges and Bound

#[test]
fn ranges_are_serdes_structs() {
    same_as_serde(&(1u8..5));
    same_as_serde(&(-3i64..=3));
    same_as_serde(&(7u32..));
    same_as_serde(&(..9u16));
    same_as_serde(&(String::from("a")..String::from("z")));
    same_as_serde(&vec![0.5f64..1.5]);
    assert_eq!(codec::json::to_string(&(1..=2)).unwrap(), r#"{"start":1,"end":2}"#);
    assert_eq!(codec::json::to_string(&(1..)).unwrap(), r#"{"start":1}"#);
    assert_eq!(codec::json::to_string(&(..2)).unwrap(), r#"{"end":2}"#);
    // An exhausted RangeInclusive writes its bounds, as serde does.
    let mut spent = 1u8..=1;
    spent.next();
    assert_eq!(codec::json::to_string(&spent).unwrap(), serde_json::to_string(&spent).unwrap());
}

#[test]
fn ranges_read_what_serde_reads() {
    let inputs: [(&str, Range<i32>); 4] = [
        (r#"{"start":1,"end":4}"#, 1..4),
        (r#"{"end":4,"start":1}"#, 1..4),
        ("[1,4]", 1..4),
        (r#" { "end" : -1 , "start" : -9 } "#, -9..-1),
    ];
    for (json, range) in inputs {
        assert_eq!(codec::json::from_str::<Range<i32>>(json).unwrap(), range, "{json}");
        assert_eq!(serde_json::from_str::<Range<i32>>(json).unwrap(), range, "{json}");
    }
    assert_eq!(codec::json::from_str::<RangeInclusive<u8>>(r#"{"end":2,"start":1}"#).unwrap(), 1..=2);
    assert_eq!(codec::json::from_str::<RangeFrom<u8>>("[3]").unwrap(), 3..);
    assert_eq!(codec::json::from_str::<RangeTo<u8>>("[3]").unwrap(), ..3);
    assert_eq!(codec::msgpack::from_slice::<Range<u8>>(b"\x82\xa3end\x05\xa5start\x01").unwrap(), 1..5);
    assert_eq!(codec::msgpack::from_slice::<Range<u8>>(b"\x92\x01\x05").unwrap(), 1..5);
}

#[test]
fn range_errors() {
    // Missing members, each named, at the closing brace.
    let e = json_err::<Range<u8>>(r#"{"start":1}"#);
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::MissingField("end"), Some(10)));
    let e = json_err::<Range<u8>>(r#"{"end":1}"#);
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::MissingField("start"), Some(8)));
    let e = json_err::<RangeInclusive<u8>>("{}");
    assert_eq!(e.kind(), &ErrorKind::MissingField("start"));
    let e = json_err::<RangeFrom<u8>>("{}");
    assert_eq!(e.kind(), &ErrorKind::MissingField("start"));
    let e = json_err::<RangeTo<u8>>("{}");
    assert_eq!(e.kind(), &ErrorKind::MissingField("end"));
    let e = msgpack_err::<Range<u8>>(b"\x81\xa5start\x01");
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::MissingField("end"), Some(7)));
    assert!(serde_json::from_str::<Range<u8>>(r#"{"start":1}"#).is_err());

    // Unknown and repeated members; a member of another range type is unknown.
    let e = json_err::<Range<u8>>(r#"{"start":1,"end":2,"step":1}"#);
    assert_eq!(e.kind(), &ErrorKind::UnknownField { name: "step".into(), expected: vec!["start", "end"] });
    assert_eq!(e.offset(), Some(19));
    let e = json_err::<RangeFrom<u8>>(r#"{"start":1,"end":2}"#);
    assert_eq!(e.kind(), &ErrorKind::UnknownField { name: "end".into(), expected: vec!["start"] });
    assert!(serde_json::from_str::<RangeFrom<u8>>(r#"{"start":1,"end":2}"#).is_err());
    let e = json_err::<Range<u8>>(r#"{"end":1,"end":2}"#);
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::DuplicateField("end".into()), Some(9)));
    // The duplicate-key policy applies, as for derived structs.
    let keep_last = codec::json::Options::new().duplicate_keys(codec::json::DuplicateKeys::KeepLast);
    let r: Range<u8> = codec::json::from_slice_with(br#"{"start":1,"end":2,"end":3}"#, &keep_last).unwrap();
    assert_eq!(r, 1..3);

    // A member's error carries its name (object) or index (array).
    let e = json_err::<Range<u8>>(r#"{"start":1,"end":300}"#);
    assert!(matches!(e.kind(), ErrorKind::OutOfRange(_)), "{e}");
    assert_eq!((e.path().as_str(), e.offset()), (".end", Some(17)));
    let e = json_err::<Range<u8>>("[1,-1]");
    assert_eq!(e.path(), "[1]");
    let e = json_err::<Range<u8>>("[1]");
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(m) if m.contains("expected an array of 2 elements")), "{e}");
    let e = msgpack_err::<RangeTo<u8>>(b"\x92\x01\x02");
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(m) if m.contains("expected an array of 1 elements")), "{e}");
    assert!(matches!(json_err::<Range<u8>>(r#""1..2""#).kind(), ErrorKind::InvalidType { .. }));
}

#[test]
fn bound_is_serdes_enum() {
    same_as_serde(&Bound::<u8>::Unbounded);
    same_as_serde(&Bound::Included(5u8));
    same_as_serde(&Bound::Excluded(String::from("k")));
    same_as_serde(&(Bound::Included(1i32), Bound::<i32>::Unbounded));
    assert_eq!(codec::json::to_string(&Bound::Excluded(-1)).unwrap(), r#"{"Excluded":-1}"#);
    assert_eq!(codec::json::to_string(&Bound::<u8>::Unbounded).unwrap(), r#""Unbounded""#);
    // serde also reads the unit variant as a one-key object with null.
    assert_eq!(codec::json::from_str::<Bound<u8>>(r#"{"Unbounded":null}"#).unwrap(), Bound::Unbounded);
    assert_eq!(serde_json::from_str::<Bound<u8>>(r#"{"Unbounded":null}"#).unwrap(), Bound::Unbounded);

    let e = json_err::<Bound<u8>>(r#""Included""#);
    assert_invalid_value(&e, 0, "variant `Included` has content");
    let e = json_err::<Bound<u8>>(r#""Between""#);
    assert!(matches!(e.kind(), ErrorKind::UnknownVariant { name, .. } if name == "Between"), "{e}");
    let e = json_err::<Bound<u8>>(r#"{"Included":256}"#);
    assert_eq!(e.path(), ".Included");
    let e = json_err::<Bound<u8>>(r#"{"Included":1,"Excluded":2}"#);
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)), "{e}");
    let e = msgpack_err::<Bound<u8>>(b"\xa8Excluded");
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)), "{e}");
}

// ================================================================ collections and shared slices

#[test]
fn binary_heap_and_linked_list() {
    let heap: BinaryHeap<u32> = [5, 1, 8, 3, 9, 2].into_iter().collect();
    let json = codec::json::to_string(&heap).unwrap();
    assert_eq!(json, serde_json::to_string(&heap).unwrap());
    assert_eq!(codec::msgpack::to_vec(&heap).unwrap(), rmp_serde::to_vec_named(&heap).unwrap());
    let back: BinaryHeap<u32> = codec::json::from_str(&json).unwrap();
    assert_eq!(back.into_sorted_vec(), heap.clone().into_sorted_vec());
    let back: BinaryHeap<u32> = codec::msgpack::from_slice(&codec::msgpack::to_vec(&heap).unwrap()).unwrap();
    assert_eq!(back.into_sorted_vec(), heap.into_sorted_vec());
    let from_unsorted: BinaryHeap<i8> = codec::json::from_str("[3,-1,7]").unwrap();
    assert_eq!(from_unsorted.peek(), Some(&7));

    let list: LinkedList<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
    same_as_serde(&list);
    same_as_serde(&LinkedList::<u8>::new());
    let e = json_err::<LinkedList<u8>>("[1,2,-3]");
    assert_eq!(e.path(), "[2]");
    let e = json_err::<BinaryHeap<u8>>("[1,\"x\"]");
    assert_eq!(e.path(), "[1]");
}

#[test]
fn boxed_and_shared_strs_and_slices() {
    // serde's `rc` feature is off in this package: compare with the pointee's form.
    let text = "h\u{e9}llo \"q\"";
    let json = serde_json::to_string(text).unwrap();
    let packed = rmp_serde::to_vec_named(text).unwrap();
    macro_rules! strs {
        ($($ty:ty),*) => {$(
            let v: $ty = <$ty>::from(text);
            assert_eq!(codec::json::to_string(&v).unwrap(), json);
            assert_eq!(codec::json::from_str::<$ty>(&json).unwrap(), v);
            assert_eq!(codec::msgpack::to_vec(&v).unwrap(), packed);
            assert_eq!(codec::msgpack::from_slice::<$ty>(&packed).unwrap(), v);
        )*};
    }
    strs!(Box<str>, Rc<str>, Arc<str>);

    let items = [3u16, 0, 65535];
    let json = serde_json::to_string(&items[..]).unwrap();
    let packed = rmp_serde::to_vec_named(&items[..]).unwrap();
    macro_rules! slices {
        ($($ty:ty),*) => {$(
            let v: $ty = <$ty>::from(&items[..]);
            assert_eq!(codec::json::to_string(&v).unwrap(), json);
            assert_eq!(codec::json::from_str::<$ty>(&json).unwrap(), v);
            assert_eq!(codec::msgpack::to_vec(&v).unwrap(), packed);
            assert_eq!(codec::msgpack::from_slice::<$ty>(&packed).unwrap(), v);
            let e = codec::json::from_str::<$ty>("[1,2,70000]").unwrap_err();
            assert_eq!(e.path(), "[2]");
        )*};
    }
    slices!(Box<[u16]>, Rc<[u16]>, Arc<[u16]>);
    same_as_serde(&Box::<[String]>::from(vec!["x".to_string()]));
    round_trips(&Arc::<[Rc<str>]>::from(vec![Rc::from("a"), Rc::from("")]));
}

// ================================================================ paths and OS strings

#[test]
fn paths_are_strings() {
    for p in ["/etc/hosts", "relative/dir/", "", "C:\\Windows", "caf\u{e9} \"quoted\"\n"] {
        same_as_serde(&PathBuf::from(p));
        let os = OsString::from(p);
        assert_eq!(codec::json::to_string(&os).unwrap(), serde_json::to_string(p).unwrap());
        round_trips(&os);
        assert_eq!(codec::json::to_string(Path::new(p)).unwrap(), serde_json::to_string(Path::new(p)).unwrap());
    }
    let boxed: Box<Path> = codec::json::from_str(r#""a/b""#).unwrap();
    assert_eq!(&*boxed, Path::new("a/b"));
    round_trips(&PathBuf::from("x").into_boxed_path());

    // Cow<Path> borrows when the input holds the text as it is.
    let json = r#"["plain", "esc\/aped"]"#;
    let cows: Vec<Cow<Path>> = codec::json::from_str(json).unwrap();
    assert!(matches!(cows[0], Cow::Borrowed(p) if p == Path::new("plain")));
    assert!(matches!(&cows[1], Cow::Owned(p) if p == Path::new("esc/aped")));
    let packed = codec::msgpack::to_vec(Path::new("m")).unwrap();
    assert!(matches!(codec::msgpack::from_slice::<Cow<Path>>(&packed).unwrap(), Cow::Borrowed(_)));

    // MessagePack: a UTF-8 bin is a path (serde's rule); a bin that is not UTF-8 is not.
    assert_eq!(codec::msgpack::from_slice::<PathBuf>(b"\xc4\x03a/b").unwrap(), PathBuf::from("a/b"));
    let e = msgpack_err::<PathBuf>(b"\xc4\x03a\xffb");
    assert_invalid_value(&e, 0, "a path must be valid UTF-8");
    let e = msgpack_err::<Vec<PathBuf>>(b"\x92\xa1a\xa3a\xffb");
    assert_eq!((e.kind(), e.offset(), e.path().as_str()), (&ErrorKind::InvalidUtf8, Some(5), "[1]"));
    assert!(matches!(msgpack_err::<PathBuf>(b"\x01").kind(), ErrorKind::InvalidType { .. }));
    assert!(matches!(json_err::<PathBuf>("1").kind(), ErrorKind::InvalidType { .. }));
}

#[cfg(unix)]
#[test]
fn non_utf8_paths_and_os_strings_do_not_encode() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;

    let raw = OsStr::from_bytes(b"caf\xe9");
    let path = Path::new(raw);
    for e in [codec::json::to_vec(path).unwrap_err(), codec::msgpack::to_vec(path).unwrap_err()] {
        assert_eq!(e.kind(), &ErrorKind::InvalidValue("the path is not valid UTF-8".into()));
    }
    assert!(serde_json::to_vec(path).is_err());
    let e = codec::json::to_vec(&vec![PathBuf::new(), path.to_path_buf()]).unwrap_err();
    assert_eq!(e.path(), "[1]");
    for e in [codec::json::to_vec(raw).unwrap_err(), codec::msgpack::to_vec(raw).unwrap_err()] {
        assert_eq!(e.kind(), &ErrorKind::InvalidValue("the OS string is not valid UTF-8".into()));
    }
    let e = codec::json::to_vec(&BTreeMap::from([(path.to_path_buf(), 1)])).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)), "{e}");
}

/// serde writes an `OsString` as its platform's code units; codec writes the string
/// (documented), and reads serde's form of its own platform.
#[cfg(unix)]
#[test]
fn os_strings_read_serdes_platform_form() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;

    for bytes in [&b"hi"[..], b"", b"caf\xe9"] {
        let s = OsStr::from_bytes(bytes).to_os_string();
        let json = serde_json::to_string(&s).unwrap();
        assert!(json.starts_with(r#"{"Unix":["#), "{json}");
        assert_eq!(codec::json::from_str::<OsString>(&json).unwrap(), s, "{json}");
        let packed = rmp_serde::to_vec_named(&s).unwrap();
        assert_eq!(codec::msgpack::from_slice::<OsString>(&packed).unwrap(), s);
    }
    assert_eq!(codec::json::to_string(&OsString::from("hi")).unwrap(), r#""hi""#);
    assert_eq!(codec::msgpack::to_vec(&OsString::from("hi")).unwrap(), b"\xa2hi");

    let e = json_err::<OsString>(r#"{"Windows":[104,105]}"#);
    assert_invalid_value(&e, 1, "a Windows OS string cannot be decoded on this platform");
    let e = json_err::<OsString>(r#"{"Mac":[1]}"#);
    assert!(matches!(e.kind(), ErrorKind::UnknownVariant { name, .. } if name == "Mac"), "{e}");
    let e = json_err::<OsString>(r#"{"Unix":[256]}"#);
    assert_eq!(e.path(), ".Unix[0]");
    let e = json_err::<OsString>("{}");
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)), "{e}");
    let e = json_err::<OsString>(r#"{"Unix":[1],"Unix":[2]}"#);
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)), "{e}");
    let e = msgpack_err::<OsString>(b"\x80");
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)), "{e}");
    assert!(matches!(msgpack_err::<OsString>(b"\x01").kind(), ErrorKind::InvalidType { .. }));
    // One reading for both formats: a second key is reported where it starts, and a value
    // that is neither a string nor an object is the wrong type.
    let e = json_err::<OsString>(r#"{"Unix":[1],"Unix":[2]}"#);
    assert_eq!(e.offset(), Some(12), "{e}");
    let e = msgpack_err::<OsString>(b"\x82\xa4Unix\x91\x01\xa4Unix\x91\x02");
    assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)), "{e}");
    assert_eq!(e.offset(), Some(8), "{e}");
    for e in [json_err::<OsString>("1"), msgpack_err::<OsString>(b"\x01")] {
        assert!(
            matches!(e.kind(), ErrorKind::InvalidType { expected, .. } if *expected == "an OS string (a string)"),
            "{e}"
        );
    }
}

// ================================================================ map keys

/// A map keyed by `K` has serde_json's JSON and reads it back, and round-trips in
/// MessagePack.
#[track_caller]
fn keyed<K>(keys: Vec<K>)
where
    K: codec::EncodeKey + for<'de> codec::DecodeKey<'de> + Serialize + DeserializeOwned + Ord + Debug + Clone,
{
    let map: BTreeMap<K, u8> = keys.into_iter().zip(1..).collect();
    let json = codec::json::to_string(&map).unwrap();
    assert_eq!(json, serde_json::to_string(&map).unwrap());
    assert_eq!(codec::json::from_str::<BTreeMap<K, u8>>(&json).unwrap(), map);
    let packed = codec::msgpack::to_vec(&map).unwrap();
    assert_eq!(codec::msgpack::from_slice::<BTreeMap<K, u8>>(&packed).unwrap(), map);
}

#[test]
fn maps_keyed_by_these_types() {
    keyed(vec![Ipv4Addr::new(10, 0, 0, 1), Ipv4Addr::new(192, 168, 1, 1)]);
    keyed(ipv6_samples());
    keyed(vec![IpAddr::from([1, 2, 3, 4]), IpAddr::V6(Ipv6Addr::LOCALHOST)]);
    keyed(vec![SocketAddrV4::new(Ipv4Addr::LOCALHOST, 80)]);
    keyed(vec![SocketAddrV6::new(Ipv6Addr::LOCALHOST, 80, 0, 0)]);
    keyed(vec![SocketAddr::from(([1, 2, 3, 4], 5)), "[::1]:6".parse().unwrap()]);
    keyed(vec![NonZeroU8::MIN, NonZeroU8::MAX]);
    keyed(vec![NonZeroI64::MIN, NonZeroI64::new(-1).unwrap(), NonZeroI64::MAX]);
    keyed(vec![NonZeroU128::MAX]);
    keyed(vec![Wrapping(3u16), Wrapping(4)]);
    keyed(vec![Saturating(-3i32)]);
    keyed(vec![Reverse(String::from("a")), Reverse(String::from("b"))]);
    keyed(vec![PathBuf::from("/a"), PathBuf::from("b/c")]);
    keyed(vec![Box::<str>::from("k")]);

    // Shared strings (serde's `rc` feature is off here: checked against String keys).
    let by_string: BTreeMap<String, u8> = BTreeMap::from([("x".into(), 1), ("y".into(), 2)]);
    let json = serde_json::to_string(&by_string).unwrap();
    let rc: BTreeMap<Rc<str>, u8> = codec::json::from_str(&json).unwrap();
    assert_eq!(codec::json::to_string(&rc).unwrap(), json);
    let arc: HashMap<Arc<str>, u8> = codec::json::from_str(&json).unwrap();
    assert_eq!(arc[&Arc::from("y")], 2);

    // MessagePack keys: the address's string; rmp-serde's form (the value's, an array or
    // a map) reads too.
    let map = BTreeMap::from([(Ipv4Addr::new(1, 2, 3, 4), 9u8)]);
    assert_eq!(codec::msgpack::to_vec(&map).unwrap(), b"\x81\xa71.2.3.4\x09");
    let theirs = rmp_serde::to_vec_named(&map).unwrap();
    assert_eq!(theirs, b"\x81\x94\x01\x02\x03\x04\x09");
    assert_eq!(codec::msgpack::from_slice::<BTreeMap<Ipv4Addr, u8>>(&theirs).unwrap(), map);
    let map = BTreeMap::from([(SocketAddr::from(([1, 2, 3, 4], 5)), 9u8)]);
    let theirs = rmp_serde::to_vec_named(&map).unwrap();
    assert_eq!(codec::msgpack::from_slice::<BTreeMap<SocketAddr, u8>>(&theirs).unwrap(), map);
    // NonZero keys in MessagePack are integers, as rmp-serde writes them.
    let map = BTreeMap::from([(NonZeroU16::new(300).unwrap(), 1u8)]);
    assert_eq!(codec::msgpack::to_vec(&map).unwrap(), rmp_serde::to_vec_named(&map).unwrap());
}

#[test]
fn bad_keys_are_errors_at_the_key() {
    let e = json_err::<BTreeMap<Ipv4Addr, u8>>(r#"{"1.2.3.4":1, "1.2.3.256":2}"#);
    assert_invalid_value(&e, 14, r#"expected an IPv4 address, found "1.2.3.256""#);
    let e = json_err::<BTreeMap<NonZeroU8, u8>>(r#"{"0":1}"#);
    assert_invalid_value(&e, 1, "expected a nonzero u8, found 0");
    let e = msgpack_err::<BTreeMap<NonZeroU8, u8>>(b"\x81\x00\x01");
    assert_invalid_value(&e, 1, "expected a nonzero u8, found 0");
    let e = msgpack_err::<BTreeMap<IpAddr, u8>>(b"\x81\xa3::g\x01");
    assert_invalid_value(&e, 1, r#"found "::g""#);
    // A value-form key that is wrong is reported where the key stands in the input.
    let e = msgpack_err::<BTreeMap<Ipv4Addr, u8>>(b"\x82\xa71.2.3.4\x01\x93\x01\x02\x03\x02");
    assert_invalid_value(&e, 10, "expected an array of 4 elements, found 3");
    let e = msgpack_err::<BTreeMap<Ipv4Addr, u8>>(b"\x81\xc3\x01");
    assert!(matches!(e.kind(), ErrorKind::InvalidType { .. }), "{e}");
    assert_eq!(e.offset(), Some(1));
}

// ================================================================ in a derived type

#[derive(Codec, Serialize, serde::Deserialize, Debug, PartialEq)]
struct Listener {
    bind: SocketAddr,
    allow: Vec<IpAddr>,
    timeout: Duration,
    workers: NonZeroU16,
    ports: RangeInclusive<u16>,
    root: PathBuf,
    backlog: Wrapping<u32>,
}

#[test]
fn a_config_struct_of_std_types_matches_serde() {
    let l = Listener {
        bind: "[::]:8443".parse().unwrap(),
        allow: vec!["10.0.0.0".parse().unwrap(), "fd00::1".parse().unwrap()],
        timeout: Duration::from_millis(2500),
        workers: NonZeroU16::new(8).unwrap(),
        ports: 8000..=8999,
        root: PathBuf::from("/srv/www"),
        backlog: Wrapping(128),
    };
    // Derived structs are maps in MessagePack, so rmp-serde's positional form is not read.
    same_json_as_serde(&l);
    let packed = codec::msgpack::to_vec(&l).unwrap();
    assert_eq!(packed, rmp_serde::to_vec_named(&l).unwrap());
    assert_eq!(codec::msgpack::from_slice::<Listener>(&packed).unwrap(), l);
    // The hand-written encoders write compact JSON; pretty output reformats it as serde does.
    assert_eq!(codec::json::to_string_pretty(&l).unwrap(), serde_json::to_string_pretty(&l).unwrap());
    let json = codec::json::to_string(&l).unwrap();
    let bad = json.replace("\"workers\":8", "\"workers\":0");
    let e = codec::json::from_str::<Listener>(&bad).unwrap_err();
    assert_eq!(e.path(), ".workers");
    let bad = json.replace("\"nanos\":500000000", "\"nanos\":1500000000");
    let e = codec::json::from_str::<Listener>(&bad).unwrap_err();
    assert_eq!(e.path(), ".timeout.nanos");
    let bad = json.replace("\"fd00::1\"", "\"fd00::1::\"");
    let e = codec::json::from_str::<Listener>(&bad).unwrap_err();
    assert_eq!(e.path(), ".allow[1]");
}
