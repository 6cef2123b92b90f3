//! The serde bridge (`codec::serde::Compat`): types that only implement serde's traits,
//! read and written by codec through its one `Serializer` and one `Deserializer`. In
//! JSON each must agree with serde_json running the same serde impls: the same documents
//! accepted, equal values, and serde_json's bytes when written. In MessagePack what
//! decodes must write rmp-serde's bytes (`to_vec_named`) and read back equal. Nothing may
//! panic.
#![no_main]

use std::collections::BTreeMap;
use std::fmt::Debug;

use codec::serde::Compat;
use codec::ErrorKind;
use libfuzzer_sys::fuzz_target;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Record {
    id: u64,
    name: String,
    tags: Vec<String>,
    score: Option<f64>,
    kind: Kind,
    #[serde(default)]
    extra: BTreeMap<String, i32>,
}

/// Internally tagged: serde buffers the content through `deserialize_any`.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(tag = "type")]
enum Kind {
    A,
    B { n: i8 },
    C(Inner),
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Inner {
    x: bool,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
#[serde(untagged)]
enum Loose {
    Int(i64),
    Text(String),
    List(Vec<Loose>),
}

/// Externally tagged, every variant shape.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
enum External {
    Unit,
    New(u8),
    Tup(u8, String),
    Struct { a: u16 },
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Flat {
    a: u8,
    #[serde(flatten)]
    rest: BTreeMap<String, serde_json::Value>,
}

/// The text of `data` for messages.
fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// Decodes `data` as JSON through the bridge and with serde_json: both accept it or both
/// reject it, and what they accept is equal; what serde_json reads, the bridge writes as
/// serde_json does.
fn agree<T>(data: &[u8])
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let what = std::any::type_name::<T>();
    let ours = codec::json::from_slice::<Compat<T>>(data).map(|c| c.0);
    let theirs = serde_json::from_slice::<T>(data);
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{what}: the bridge and serde_json read {:?} differently", text(data)),
        // `-0` where an integer is expected: codec reads the integer 0 (README, Decoding
        // rules), serde_json reads the float -0.0 and rejects it.
        (Ok(_), Err(e)) if e.to_string().contains("floating point `-0.0`") => {}
        (Ok(a), Err(e)) => panic!("{what}: the bridge reads {:?} as {a:?}, serde_json rejects it: {e}", text(data)),
        // codec's limits, which serde_json does not have or counts otherwise (its
        // recursion limit): nesting depth, the length of a number or string.
        (Err(e), Ok(_))
            if matches!(e.kind(), ErrorKind::DepthLimit(_) | ErrorKind::RecursionLimit(_) | ErrorKind::SizeLimit(_)) => {}
        (Err(e), Ok(b)) => panic!("{what}: serde_json reads {:?} as {b:?}, the bridge rejects it: {e}", text(data)),
        (Err(_), Err(_)) => {}
    }
    if let Ok(value) = theirs {
        let reference = serde_json::to_vec(&value).unwrap();
        match codec::json::to_vec(&Compat(&value)) {
            Ok(bytes) => assert_eq!(text(&bytes), text(&reference), "{what}: the bridge writes {value:?} otherwise"),
            // NaN and the infinities are an error in codec (serde_json writes `null`): an
            // f32 field holding a number beyond its range is infinite.
            Err(e) => assert!(
                reference.windows(4).any(|w| w == b"null") && e.to_string().contains("finite"),
                "{what}: the bridge cannot write {value:?}: {e}"
            ),
        }
    }
}

/// Decodes `data` as MessagePack through the bridge; what decodes writes rmp-serde's bytes
/// and reads back equal.
fn msgpack<T>(data: &[u8])
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let what = std::any::type_name::<T>();
    let Ok(Compat(value)) = codec::msgpack::from_slice::<Compat<T>>(data) else { return };
    let bytes = codec::msgpack::to_vec(&Compat(&value))
        .unwrap_or_else(|e| panic!("{what}: read {value:?}, cannot write it: {e}"));
    assert_eq!(bytes, rmp_serde::to_vec_named(&value).unwrap(), "{what}: the bridge writes {value:?} otherwise");
    let again = codec::msgpack::from_slice::<Compat<T>>(&bytes)
        .unwrap_or_else(|e| panic!("{what}: wrote {value:?} as {bytes:x?}, cannot read it back: {e}"));
    // Compared as bytes: a float field may hold NaN, which equals nothing.
    let rewritten = codec::msgpack::to_vec(&again).unwrap();
    assert_eq!(rewritten, bytes, "{what}: {bytes:x?} reads back as {:?}", again.0);
}

fuzz_target!(|data: &[u8]| {
    agree::<serde_json::Value>(data);
    agree::<Record>(data);
    agree::<Vec<Loose>>(data);
    agree::<Vec<External>>(data);
    agree::<BTreeMap<u32, Option<char>>>(data);
    agree::<Flat>(data);
    agree::<(u128, i128, f32)>(data);

    msgpack::<serde_json::Value>(data);
    msgpack::<Record>(data);
    msgpack::<Vec<Loose>>(data);
    msgpack::<Vec<External>>(data);
    msgpack::<BTreeMap<u32, Option<char>>>(data);
    msgpack::<Flat>(data);
    msgpack::<(u128, i128, f32)>(data);
});
