//! The types of codec's integrations (chrono, time, jiff, uuid, semver, url, ...) and the
//! std types it reads from text (addresses, ranges, non-zero integers). Decoded from JSON,
//! each must agree with serde_json running the type's own serde impl: the same documents
//! accepted, equal values. Types where codec departs from serde on purpose (documented in
//! the README's Integrations tables) are only round-tripped. Whatever decodes, in either
//! format, must encode and decode again to an equal value. Nothing may panic.
#![no_main]

use std::fmt::Debug;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV6};
use std::num::{NonZeroI64, NonZeroU8};
use std::ops::{Bound, Range, RangeInclusive};
use std::time::Duration;

use libfuzzer_sys::fuzz_target;

/// Decodes `data` as JSON with codec and with serde_json: both accept it or both reject it,
/// and what they accept is equal; then round-trips codec's value.
fn agree<T>(data: &[u8])
where
    T: codec::DecodeOwned + codec::Encode + serde::de::DeserializeOwned + PartialEq + Debug,
{
    let what = std::any::type_name::<T>();
    let ours = codec::json::from_slice::<T>(data);
    let theirs = serde_json::from_slice::<T>(data);
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{what}: codec and serde_json read {:?} differently", text(data)),
        // `-0` where an integer is expected: codec reads the integer 0 (README, Decoding
        // rules), serde_json reads the float -0.0 and rejects it.
        (Ok(_), Err(e)) if e.to_string().contains("floating point `-0.0`") => {}
        (Ok(a), Err(e)) => panic!("{what}: codec reads {:?} as {a:?}, serde_json rejects it: {e}", text(data)),
        (Err(e), Ok(b)) => panic!("{what}: serde_json reads {:?} as {b:?}, codec rejects it: {e}", text(data)),
        (Err(_), Err(_)) => {}
    }
    if let Ok(value) = ours {
        round_trip(what, &value);
    }
}

/// Decodes `data` as JSON with codec only (where codec departs from serde on purpose),
/// and round-trips what it reads.
fn json_only<T>(data: &[u8])
where
    T: codec::DecodeOwned + codec::Encode + PartialEq + Debug,
{
    if let Ok(value) = codec::json::from_slice::<T>(data) {
        round_trip(std::any::type_name::<T>(), &value);
    }
}

/// Decodes `data` as MessagePack; what decodes must round-trip.
fn msgpack<T>(data: &[u8])
where
    T: codec::DecodeOwned + codec::Encode + PartialEq + Debug,
{
    let what = std::any::type_name::<T>();
    if let Ok(value) = codec::msgpack::from_slice::<T>(data) {
        let bytes =
            codec::msgpack::to_vec(&value).unwrap_or_else(|e| panic!("{what}: read {value:?}, cannot write it: {e}"));
        let again: T = codec::msgpack::from_slice(&bytes)
            .unwrap_or_else(|e| panic!("{what}: wrote {value:?} as {bytes:?}, which does not read back: {e}"));
        assert_eq!(value, again, "{what}: MessagePack round trip changed the value");
    }
}

/// A JSON round trip of `value`: it encodes, and decodes to an equal value.
fn round_trip<T>(what: &str, value: &T)
where
    T: codec::DecodeOwned + codec::Encode + PartialEq + Debug,
{
    let bytes = codec::json::to_vec(value).unwrap_or_else(|e| panic!("{what}: read {value:?}, cannot write it: {e}"));
    let again: T = codec::json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{what}: wrote {value:?} as {:?}, which does not read back: {e}", text(&bytes)));
    assert_eq!(*value, again, "{what}: JSON round trip changed the value ({:?})", text(&bytes));
}

fn text(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(bytes)
}

fuzz_target!(|data: &[u8]| {
    // Date and time: the strict scanners of impls/ext/datetime.rs, with the crates' own
    // parsers behind them.
    agree::<chrono::DateTime<chrono::Utc>>(data);
    agree::<chrono::DateTime<chrono::FixedOffset>>(data);
    agree::<chrono::NaiveDateTime>(data);
    agree::<chrono::NaiveDate>(data);
    agree::<chrono::NaiveTime>(data);
    agree::<chrono::TimeDelta>(data);
    agree::<time::OffsetDateTime>(data);
    agree::<time::PrimitiveDateTime>(data);
    agree::<time::Date>(data);
    agree::<time::Time>(data);
    agree::<time::Duration>(data);
    agree::<jiff::Timestamp>(data);
    agree::<jiff::civil::DateTime>(data);
    agree::<jiff::civil::Date>(data);
    agree::<jiff::civil::Time>(data);
    agree::<jiff::SignedDuration>(data);
    // Ids, versions, addresses.
    agree::<uuid::Uuid>(data);
    agree::<semver::Version>(data);
    agree::<semver::VersionReq>(data);
    agree::<url::Url>(data);
    agree::<IpAddr>(data);
    agree::<Ipv4Addr>(data);
    agree::<Ipv6Addr>(data);
    agree::<SocketAddr>(data);
    agree::<SocketAddrV6>(data);
    // std types read from objects and numbers.
    agree::<Range<u32>>(data);
    agree::<RangeInclusive<i16>>(data);
    agree::<Bound<u8>>(data);
    agree::<NonZeroU8>(data);
    agree::<NonZeroI64>(data);
    agree::<Vec<Option<NonZeroU8>>>(data);
    agree::<std::collections::BTreeMap<Ipv4Addr, u8>>(data);
    agree::<std::collections::BTreeMap<uuid::Uuid, bool>>(data);
    // Documented departures from serde (README, Integrations): round trips only.
    json_only::<Duration>(data); // nanos of 10^9 or more are an error, not carried
    json_only::<rust_decimal::Decimal>(data); // numbers read exactly, not through f64
    json_only::<ulid::Ulid>(data); // more than 128 bits is an error, not truncated
    json_only::<Vec<chrono::DateTime<chrono::Utc>>>(data);
    json_only::<indexmap::IndexMap<String, semver::Version>>(data);
    json_only::<arrayvec::ArrayVec<u8, 4>>(data);
    json_only::<arrayvec::ArrayString<8>>(data);

    // The same bytes as MessagePack.
    msgpack::<chrono::DateTime<chrono::Utc>>(data);
    msgpack::<chrono::DateTime<chrono::FixedOffset>>(data);
    msgpack::<chrono::NaiveDateTime>(data);
    msgpack::<chrono::TimeDelta>(data);
    msgpack::<time::OffsetDateTime>(data);
    msgpack::<time::Duration>(data);
    msgpack::<jiff::Timestamp>(data);
    msgpack::<jiff::civil::Date>(data);
    msgpack::<uuid::Uuid>(data);
    msgpack::<ulid::Ulid>(data);
    msgpack::<rust_decimal::Decimal>(data);
    msgpack::<IpAddr>(data);
    msgpack::<SocketAddr>(data);
    msgpack::<Duration>(data);
    msgpack::<Range<u32>>(data);
    msgpack::<Bound<u8>>(data);
    msgpack::<NonZeroU8>(data);
    msgpack::<arrayvec::ArrayVec<u8, 4>>(data);
    msgpack::<std::collections::BTreeMap<Ipv4Addr, u8>>(data);
});
