//! The msgpack-test-suite vectors (vendored in `data/msgpack-test-suite/`): every listed
//! encoding of every value decodes to that value, and encoding the value produces one of
//! the listed encodings (the suite lists the most compact first; codec's integers,
//! strings, arrays, maps and timestamps must produce exactly that one).
//!
//! Typed targets: `()`/`Option`, `bool`, `Bytes`, `i64`/`u64` (every integer encoding),
//! `f64` (every encoding of a number, integer or float), `f32` where exact, `String` and
//! `&str`, `Timestamp` and `SystemTime`, `Ext`; and the dynamic `Value` for everything
//! JSON can hold. Integers written as floats (`ca-3f-80-00-00` for 1) are a type error
//! for integer targets, by the same policy as JSON's `1.0`; `f64` and `Value` take them.

use std::time::SystemTime;

use codec::json::Value;
use codec::msgpack::{from_slice, to_vec, Ext, Timestamp};
use codec::{Bytes, Encode};

mod common;
use common::{hex, show};

struct Tally {
    entries: usize,
    decoded: usize,
    encoded: usize,
    most_compact: usize,
}

impl Tally {
    /// `value` encodes to one of `listed`, and unless it is a float (whose width is its
    /// type's, not the smallest that holds the value) to one as short as the first listed,
    /// the most compact (for `i64::MAX` the suite lists int 64 first and uint 64 second,
    /// both nine bytes; codec writes every non-negative value as a uint).
    #[track_caller]
    fn encodes<T: Encode + ?Sized + std::fmt::Debug>(&mut self, what: &str, value: &T, listed: &[Vec<u8>]) {
        let ours = to_vec(value).unwrap_or_else(|e| panic!("{what}: encoding {value:?}: {e}"));
        let listed_hex: Vec<String> = listed.iter().map(|b| show(b)).collect();
        assert!(listed.contains(&ours), "{what}: {value:?} encodes to {} not in {listed_hex:?}", show(&ours));
        self.encoded += 1;
        if listed[0].len() == ours.len() {
            self.most_compact += 1;
        } else {
            assert!(is_float(&ours), "{what}: {value:?} encodes to {}, longer than {}", show(&ours), listed_hex[0]);
        }
    }
}

fn is_float(bytes: &[u8]) -> bool {
    matches!(bytes[0], 0xca | 0xcb)
}

#[test]
fn msgpack_test_suite() {
    let text = codec_tests::data("msgpack-test-suite/msgpack-test-suite.json");
    let suite: Value = codec::json::from_slice(&text).expect("the suite is JSON");
    let groups = suite.as_object().expect("an object of groups");
    let mut t = Tally { entries: 0, decoded: 0, encoded: 0, most_compact: 0 };
    let mut encodings = 0;

    for (group, entries) in groups {
        for entry in entries.as_array().expect("an array of entries") {
            t.entries += 1;
            let listed: Vec<Vec<u8>> =
                entry["msgpack"].as_array().unwrap().iter().map(|h| hex(h.as_str().unwrap())).collect();
            encodings += listed.len();
            let what = format!("{group} {}", codec::json::to_string(entry).unwrap());
            let obj = entry.as_object().unwrap();

            if obj.contains_key("nil") {
                for b in &listed {
                    from_slice::<()>(b).unwrap();
                    assert_eq!(from_slice::<Option<u8>>(b).unwrap(), None);
                    assert_eq!(from_slice::<Value>(b).unwrap(), Value::Null);
                    t.decoded += 1;
                }
                t.encodes(&what, &(), &listed);
                t.encodes(&what, &None::<u8>, &listed);
                t.encodes(&what, &Value::Null, &listed);
            } else if let Some(v) = obj.get("bool") {
                let v = v.as_bool().unwrap();
                for b in &listed {
                    assert_eq!(from_slice::<bool>(b).unwrap(), v, "{what}");
                    assert_eq!(from_slice::<Value>(b).unwrap(), v, "{what}");
                    t.decoded += 1;
                }
                t.encodes(&what, &v, &listed);
            } else if let Some(v) = obj.get("binary") {
                let v = hex(v.as_str().unwrap());
                for b in &listed {
                    let ours: Bytes = from_slice(b).unwrap_or_else(|e| panic!("{what}: {e}"));
                    assert_eq!(*ours, *v, "{what}");
                    assert!(ours.is_borrowed());
                    let as_value = from_slice::<Value>(b).unwrap();
                    assert_eq!(as_value, Value::from(v.clone()), "{what}");
                    t.decoded += 1;
                }
                t.encodes(&what, &Bytes::from(v.clone()), &listed);
            } else if obj.contains_key("number") || obj.contains_key("bignum") {
                number(&mut t, &what, entry, &listed);
            } else if let Some(v) = obj.get("string") {
                let v = v.as_str().unwrap();
                for b in &listed {
                    assert_eq!(from_slice::<String>(b).unwrap(), v, "{what}");
                    assert_eq!(from_slice::<&str>(b).unwrap(), v, "{what}");
                    assert_eq!(from_slice::<Value>(b).unwrap(), v, "{what}");
                    t.decoded += 1;
                }
                t.encodes(&what, v, &listed);
                t.encodes(&what, &Value::from(v), &listed);
            } else if let Some(v) = obj.get("array").or_else(|| obj.get("map")) {
                for b in &listed {
                    assert_eq!(&from_slice::<Value>(b).unwrap_or_else(|e| panic!("{what}: {e}")), v, "{what}");
                    t.decoded += 1;
                }
                t.encodes(&what, v, &listed);
            } else if let Some(v) = obj.get("timestamp") {
                let (secs, nanos) = (v[0].as_i64().unwrap(), v[1].as_u64().unwrap() as u32);
                let ts = Timestamp::new(secs, nanos).unwrap();
                for b in &listed {
                    assert_eq!(from_slice::<Timestamp>(b).unwrap(), ts, "{what}");
                    let st: SystemTime = from_slice(b).unwrap();
                    assert_eq!(Timestamp::from_system_time(st), Some(ts), "{what}");
                    t.decoded += 1;
                }
                t.encodes(&what, &ts, &listed);
                t.encodes(&what, &ts.to_system_time().unwrap(), &listed);
            } else if let Some(v) = obj.get("ext") {
                let ext = Ext { tag: v[0].as_i64().unwrap() as i8, data: hex(v[1].as_str().unwrap()).into() };
                for b in &listed {
                    assert_eq!(from_slice::<Ext>(b).unwrap(), ext, "{what}");
                    t.decoded += 1;
                }
                t.encodes(&what, &ext, &listed);
            } else {
                panic!("{what}: unknown kind of entry");
            }
        }
    }
    eprintln!(
        "msgpack-test-suite: {} entries; {} of {encodings} encodings decoded; {} encodings produced, all listed, {} of them as short as the most compact listed (the others floats)",
        t.entries, t.decoded, t.encoded, t.most_compact
    );
    assert_eq!((t.entries, encodings), (85, 233), "the suite as SUITES.md describes it");
    assert_eq!(t.decoded, encodings, "every listed encoding was decoded");
}

/// `number` and `bignum` entries: integers exactly (i64 and u64, from every integer
/// encoding), every encoding as `f64` and as `Value`.
fn number(t: &mut Tally, what: &str, entry: &Value, listed: &[Vec<u8>]) {
    let exact: Option<i128> = match entry.get("bignum") {
        Some(b) => Some(b.as_str().unwrap().parse().unwrap()),
        None => entry["number"].as_i64().map(i128::from).or(entry["number"].as_u64().map(i128::from)),
    };
    let approx: f64 = match exact {
        Some(i) => i as f64,
        None => entry["number"].as_f64().unwrap(),
    };
    for b in listed {
        let f: f64 = from_slice(b).unwrap_or_else(|e| panic!("{what}: {} as f64: {e}", show(b)));
        assert_eq!(f, approx, "{what}: {} as f64", show(b));
        let v: Value = from_slice(b).unwrap();
        assert_eq!(v.as_f64(), Some(approx), "{what}: {} as Value", show(b));
        match exact {
            Some(i) if !is_float(b) => {
                if let Ok(i) = i64::try_from(i) {
                    assert_eq!(from_slice::<i64>(b).unwrap(), i, "{what}: {} as i64", show(b));
                    assert_eq!(v.as_i64(), Some(i));
                }
                if let Ok(u) = u64::try_from(i) {
                    assert_eq!(from_slice::<u64>(b).unwrap(), u, "{what}: {} as u64", show(b));
                    assert_eq!(v.as_u64(), Some(u));
                }
                assert_eq!(from_slice::<i128>(b).unwrap(), i);
            }
            // The policy: a float is not an integer, whatever it holds.
            Some(_) => assert!(from_slice::<i64>(b).is_err(), "{what}: {} as i64", show(b)),
            None => {}
        }
        t.decoded += 1;
    }
    match exact {
        Some(i) => {
            if let Ok(i) = i64::try_from(i) {
                t.encodes(what, &i, listed);
                t.encodes(what, &Value::from(i), listed);
            }
            if let Ok(u) = u64::try_from(i) {
                t.encodes(what, &u, listed);
                t.encodes(what, &Value::from(u), listed);
            }
            // The float forms, when the suite lists them.
            if listed.iter().any(|b| b[0] == 0xcb) {
                t.encodes(what, &approx, listed);
            }
            if listed.iter().any(|b| b[0] == 0xca) {
                t.encodes(what, &(approx as f32), listed);
            }
        }
        None => {
            t.encodes(what, &approx, listed);
            t.encodes(what, &(approx as f32), listed);
            t.encodes(what, &Value::from(approx), listed);
        }
    }
}
