//! Decodes the input as `RawJson`, as `Vec<RawJson>` and as a struct holding one.
//!
//! `RawJson` validates syntax (strings, escapes, UTF-8, depth) but converts nothing, so a
//! number out of `f64` range or a duplicate key still captures. Checked: captured text is
//! the input with the surrounding whitespace trimmed (a substring of it for elements);
//! it captures again as itself; `Value` accepting the input implies `RawJson` does, and
//! when `RawJson` accepts, `Value` fails only for the reasons `RawJson` does not check.
#![no_main]

use codec::json::{from_slice, to_vec, RawJson, Value};
use codec::{Codec, ErrorKind};
use libfuzzer_sys::fuzz_target;

#[derive(Codec, Debug, PartialEq)]
struct Envelope<'a> {
    #[codec(default)]
    kind: &'a str,
    payload: RawJson<'a>,
    #[codec(default)]
    rest: Vec<RawJson<'a>>,
}

fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t')
}

fn trim(data: &[u8]) -> &[u8] {
    let start = data.iter().position(|&b| !is_ws(b)).unwrap_or(data.len());
    let end = data.iter().rposition(|&b| !is_ws(b)).map_or(start, |i| i + 1);
    &data[start..end]
}

/// `part` lies inside `whole` (same memory), trimmed of whitespace on both sides.
fn assert_inside(whole: &[u8], part: &str) {
    let (w, p) = (whole.as_ptr() as usize, part.as_ptr() as usize);
    assert!(p >= w && p + part.len() <= w + whole.len(), "captured text is not a slice of the input");
    assert!(!part.is_empty(), "captured an empty value");
    assert_eq!(trim(part.as_bytes()), part.as_bytes(), "captured text has surrounding whitespace");
}

/// Captured text is one value: it captures again as itself, and `Value` either accepts it
/// or fails for a reason that `RawJson` does not check.
fn check_captured(raw: RawJson<'_>) {
    let text = raw.as_str();
    let again = RawJson::new(text).unwrap_or_else(|e| panic!("captured {text:?} does not capture again: {e}"));
    assert_eq!(again.as_str(), text);
    if let Err(e) = raw.decode::<Value>() {
        assert!(
            matches!(e.kind(), ErrorKind::OutOfRange(_) | ErrorKind::DuplicateField(_)),
            "captured {text:?} is not a Value for a syntax reason: {e}"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let raw = from_slice::<RawJson>(data);
    let value = from_slice::<Value>(data);
    if let Err(e) = &raw {
        assert!(value.is_err(), "Value accepts what RawJson rejects: {e}");
    }
    if let Ok(raw) = raw {
        assert_eq!(raw.as_str().as_bytes(), trim(data), "RawJson is not the trimmed input");
        assert_inside(data, raw.as_str());
        check_captured(raw);
        // Encoding writes the text verbatim.
        assert_eq!(to_vec(&raw).unwrap(), raw.as_str().as_bytes());
    }

    if let Ok(items) = from_slice::<Vec<RawJson>>(data) {
        for item in &items {
            assert_inside(data, item.as_str());
            check_captured(*item);
        }
        let encoded = to_vec(&items).unwrap();
        let back: Vec<RawJson> = from_slice(&encoded)
            .unwrap_or_else(|e| panic!("{:?} does not decode: {e}", String::from_utf8_lossy(&encoded)));
        assert_eq!(items, back);
    }

    if let Ok(env) = from_slice::<Envelope>(data) {
        assert_inside(data, env.payload.as_str());
        check_captured(env.payload);
        for item in &env.rest {
            assert_inside(data, item.as_str());
            check_captured(*item);
        }
        let encoded = to_vec(&env).unwrap();
        let back: Envelope = from_slice(&encoded)
            .unwrap_or_else(|e| panic!("{:?} does not decode: {e}", String::from_utf8_lossy(&encoded)));
        assert_eq!(env, back);
    }
});
