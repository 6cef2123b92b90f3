//! Scaffolding of the tests that compare codec with serde (`mod common;` in each): the
//! proptest configuration, "codec and serde_json agree on this input", and the string
//! edits of the date/time parsers' tests; and the hex spelling of msgpack-test-suite's
//! byte strings (`tests/msgpack_conformance.rs`, `tests/msgpack_value.rs`).

// Each test crate uses its own part of this module.
#![allow(dead_code)]

use std::fmt::Debug;

use codec::{Decode, Encode, Error, ErrorKind};
use proptest::prelude::*;
use proptest::test_runner::Config;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// `cases` unless `PROPTEST_CASES` says otherwise; no failure persistence files, so
/// nothing is written into the source tree.
pub fn config(cases: u32) -> Config {
    let mut config = Config::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    config.failure_persistence = None;
    config
}

/// codec and serde_json agree on the JSON text `json`: both read it, to values `same`
/// calls equal, and write those back alike; or both fail, and codec's error is returned.
#[track_caller]
pub fn agree_json_with<T>(json: &str, same: impl Fn(&T, &T) -> bool) -> Option<Error>
where
    T: Encode + for<'de> Decode<'de> + Serialize + DeserializeOwned + Debug,
{
    match (codec::json::from_str::<T>(json), serde_json::from_str::<T>(json)) {
        (Ok(a), Ok(b)) => {
            assert!(same(&a, &b), "{json}: codec read {a:?}, serde_json {b:?}");
            assert_eq!(codec::json::to_string(&a).unwrap(), serde_json::to_string(&b).unwrap(), "{json}");
            None
        }
        (Err(e), Err(_)) => Some(e),
        (Ok(a), Err(e)) => panic!("{json}: codec read {a:?}, serde_json failed: {e}"),
        (Err(e), Ok(b)) => panic!("{json}: serde_json read {b:?}, codec failed: {e}"),
    }
}

/// [`agree_json_with`] for the JSON string holding `text`; codec's error, when both fail,
/// is an `InvalidValue` at the string.
#[track_caller]
pub fn agree_with<T>(text: &str, same: impl Fn(&T, &T) -> bool)
where
    T: Encode + for<'de> Decode<'de> + Serialize + DeserializeOwned + Debug,
{
    let json = serde_json::to_string(text).unwrap();
    if let Some(e) = agree_json_with::<T>(&json, same) {
        assert!(matches!(e.kind(), ErrorKind::InvalidValue(_)), "{json}: {e:?}");
        assert_eq!(e.offset(), Some(0), "{json}");
    }
}

/// [`agree_json_with`], the values compared with `==`.
#[track_caller]
pub fn agree_json<T>(json: &str)
where
    T: Encode + for<'de> Decode<'de> + Serialize + DeserializeOwned + PartialEq + Debug,
{
    agree_json_with::<T>(json, T::eq);
}

/// [`agree_with`], the values compared with `==`.
#[track_caller]
pub fn agree<T>(text: &str)
where
    T: Encode + for<'de> Decode<'de> + Serialize + DeserializeOwned + PartialEq + Debug,
{
    agree_with::<T>(text, T::eq);
}

/// [`agree_with`], the values compared by their `Debug` text (for types without
/// `PartialEq`, or whose `==` overlooks what the text keeps).
#[track_caller]
pub fn agree_debug<T>(text: &str)
where
    T: Encode + for<'de> Decode<'de> + Serialize + DeserializeOwned + Debug,
{
    agree_with::<T>(text, |a, b| format!("{a:?}") == format!("{b:?}"));
}

/// The map `m` (keyed by the type under test) is written as serde_json writes it, and read
/// back from JSON and from MessagePack.
#[track_caller]
pub fn keys_like_serde<M>(m: &M)
where
    M: Encode + for<'de> Decode<'de> + Serialize + PartialEq + Debug,
{
    let json = codec::json::to_string(m).unwrap();
    assert_eq!(json, serde_json::to_string(m).unwrap());
    assert_eq!(&codec::json::from_str::<M>(&json).unwrap(), m, "{json}");
    let packed = codec::msgpack::to_vec(m).unwrap();
    assert_eq!(&codec::msgpack::from_slice::<M>(&packed).unwrap(), m, "{json} in MessagePack");
}

/// Up to three edits of a string (see [`Edits::apply`]), with characters from `alphabet`.
pub fn edits(alphabet: &'static [u8]) -> impl Strategy<Value = Edits> {
    prop::collection::vec((0..40usize, 0..3u8, 0..64usize), 0..4).prop_map(move |edits| Edits { alphabet, edits })
}

/// Edits of a string: position, operation, character (an index into `alphabet`).
#[derive(Debug, Clone)]
pub struct Edits {
    alphabet: &'static [u8],
    edits: Vec<(usize, u8, usize)>,
}

impl Edits {
    /// `base` with the edits applied: operation 0 replaces the byte at the position, 1
    /// inserts before it, 2 deletes it; positions wrap around the length plus one.
    pub fn apply(&self, base: &str) -> String {
        let mut b = base.as_bytes().to_vec();
        for &(at, op, c) in &self.edits {
            let at = at % (b.len() + 1);
            let c = self.alphabet[c % self.alphabet.len()];
            match op {
                0 if at < b.len() => b[at] = c,
                1 => b.insert(at, c),
                _ if at < b.len() => {
                    b.remove(at);
                }
                _ => {}
            }
        }
        String::from_utf8(b).unwrap()
    }
}

#[test]
fn edits_replace_insert_and_delete() {
    let apply = |alphabet, edits: &[_], base| Edits { alphabet, edits: edits.to_vec() }.apply(base);
    assert_eq!(apply(b"x", &[], "12:30"), "12:30");
    assert_eq!(apply(b"x", &[(0, 0, 0)], "12:30"), "x2:30");
    assert_eq!(apply(b"xy", &[(2, 1, 1)], "12:30"), "12y:30");
    assert_eq!(apply(b"x", &[(4, 2, 0)], "12:30"), "12:3");
    // Positions wrap around the length plus one; deleting past the end does nothing.
    assert_eq!(apply(b"x", &[(5, 2, 0)], "ab"), "ab");
    assert_eq!(apply(b"x", &[(3, 2, 0)], "ab"), "b");
}

/// The bytes of msgpack-test-suite's hex spelling, `"92-01-c0"`.
pub fn hex(s: &str) -> Vec<u8> {
    if s.is_empty() {
        return Vec::new();
    }
    s.split('-').map(|b| u8::from_str_radix(b, 16).unwrap_or_else(|_| panic!("bad hex {s}"))).collect()
}

/// `bytes` in msgpack-test-suite's hex spelling, for messages.
pub fn show(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join("-")
}

/// codec's JSON of `value` is serde_json's, byte for byte. Returns it.
pub fn encodes_alike<T: Encode + Serialize + Debug>(value: &T) -> String {
    let ours = codec::json::to_string(value).unwrap_or_else(|e| panic!("codec encode of {value:?}: {e}"));
    let theirs = serde_json::to_string(value).unwrap();
    assert_eq!(ours, theirs, "codec's JSON of {value:?} differs from serde_json's");
    ours
}

/// codec decodes `input` as serde_json does: both to equal values, or both reject it.
pub fn decodes_alike<T>(input: &str) -> Option<T>
where
    T: codec::DecodeOwned + DeserializeOwned + PartialEq + Debug,
{
    match (codec::json::from_str::<T>(input), serde_json::from_str::<T>(input)) {
        (Ok(ours), Ok(theirs)) => {
            assert_eq!(ours, theirs, "codec and serde_json decode {input} differently");
            Some(ours)
        }
        (Err(_), Err(_)) => None,
        (Ok(ours), Err(e)) => panic!("codec decodes {input} to {ours:?}, serde_json rejects it: {e}"),
        (Err(e), Ok(theirs)) => panic!("codec rejects {input} ({e}), serde_json decodes it to {theirs:?}"),
    }
}
