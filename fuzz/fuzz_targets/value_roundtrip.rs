//! Decodes the input as `codec::json::Value`. What decodes must encode (no JSON number is
//! non-finite), decode again to an equal value and encode to the same bytes again.
//!
//! serde_json (with correctly rounded floats) is a differential oracle: both must agree
//! on which inputs are JSON, up to the documented differences (codec's depth limit counts
//! one level more, duplicate keys are an error in codec, number literals beyond 1024
//! bytes are codec's size limit), and on the value when both accept. codec's own impl of
//! serde_json's `Value` must give what codec's `Value` gives (the same walk over the reader).
#![no_main]

use codec::json::{from_slice, to_vec, Value};
use codec::ErrorKind;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let ours = from_slice::<Value>(data);
    let theirs = serde_json::from_slice::<serde_json::Value>(data);

    match (&ours, &theirs) {
        (Ok(v), Ok(t)) => assert!(same(v, t), "codec and serde_json disagree: {v:?} vs {t:?}"),
        (Ok(v), Err(e)) => {
            // serde_json stops at 127 levels, codec at 128.
            assert!(
                e.to_string().starts_with("recursion limit exceeded"),
                "codec accepted what serde_json rejects ({e}): {v:?}"
            );
        }
        (Err(e), Ok(_)) => assert!(
            matches!(e.kind(), ErrorKind::DuplicateField(_) | ErrorKind::SizeLimit(_)),
            "codec rejected what serde_json accepts: {e} ({:?})",
            e.kind()
        ),
        (Err(_), Err(_)) => {}
    }

    // codec's impl of serde_json's `Value` is the same walk as its own `Value`: the same
    // documents, the same errors, the same values.
    match (&ours, from_slice::<serde_json::Value>(data)) {
        (Ok(v), Ok(s)) => assert!(same(v, &s), "codec's two values disagree: {v:?} vs {s:?}"),
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "codec's two values fail differently"),
        (a, b) => panic!("codec's two values disagree: {a:?} vs {b:?}"),
    }

    let Ok(v) = ours else { return };
    let encoded = match to_vec(&v) {
        Ok(bytes) => bytes,
        Err(e) => panic!("decoded {v:?} but cannot encode it: {e}"),
    };
    assert_eq!(v.to_string().as_bytes(), &encoded[..], "Display differs from to_vec");
    let second: Value = match from_slice(&encoded) {
        Ok(v) => v,
        Err(e) => panic!("encoded {:?} does not decode: {e}", String::from_utf8_lossy(&encoded)),
    };
    assert_eq!(v, second, "round trip changed the value; encoded {:?}", String::from_utf8_lossy(&encoded));
    let again = to_vec(&second).expect("second encode");
    assert_eq!(String::from_utf8_lossy(&encoded), String::from_utf8_lossy(&again), "encoding is not stable");
});

/// Structural equality of the two trees: numbers by kind and exact value (floats by bits,
/// except that `0.0 == -0.0`), objects as key sets (serde_json's map is sorted).
fn same(ours: &Value, theirs: &serde_json::Value) -> bool {
    use serde_json::Value as J;
    match (ours, theirs) {
        (Value::Null, J::Null) => true,
        (Value::Bool(a), J::Bool(b)) => a == b,
        (Value::Number(a), J::Number(b)) => {
            if let (Some(x), Some(y)) = (a.as_u64(), b.as_u64()) {
                x == y
            } else if let (Some(x), Some(y)) = (a.as_i64(), b.as_i64()) {
                x == y
            } else {
                // One side is a float (codec keeps `-0` as the float -0.0, serde_json may
                // keep it as the integer 0): compare as floats.
                a.as_f64() == b.as_f64()
            }
        }
        (Value::String(a), J::String(b)) => a == b,
        (Value::Array(a), J::Array(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y)),
        (Value::Object(a), J::Object(b)) => {
            a.len() == b.len() && a.iter().all(|(k, x)| b.get(k).is_some_and(|y| same(x, y)))
        }
        _ => false,
    }
}
