//! The first four bytes choose the decode `Options` (depth limit, duplicate-key policy,
//! trailing bytes, string and number length limits); the rest is decoded as a `Value` and
//! as the `Doc`, `Strict`, `WithExtra`, `Link` and `Loop` models. Nothing may panic; what decodes must round-trip under the default
//! options, and `KeepFirst`/`KeepLast` must leave no duplicate key behind. Bits 4 and 5 of
//! byte 1 choose the `NonFinite` policy, under which `Vec<f64>` and `Vec<Option<f32>>`
//! decode and re-encode byte-stably; maps with composite keys (tuples, a derived struct,
//! a data-carrying enum: `[key, value]` pairs) decode under the duplicate-key policy and
//! round-trip.
#![no_main]

use std::collections::BTreeMap;

use codec::json::{from_slice_with, to_vec, to_vec_with, DuplicateKeys, EncodeOptions, Options, Value};
use codec::{Codec, ErrorKind, NonFinite};
use codec_fuzz::{round_trip_with, Doc, Link, Loop, Strict, WithExtra};
use libfuzzer_sys::fuzz_target;

/// A derived struct key and a data-carrying enum key: maps of them are `[key, value]` pairs.
#[derive(Codec, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Point {
    x: i8,
    y: Option<u8>,
}

#[derive(Codec, Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Shape {
    Dot,
    At(Point),
    Line { from: Point, to: Point },
}

fn non_finite(flags: u8) -> NonFinite {
    match (flags >> 4) & 3 {
        1 => NonFinite::Null,
        2 => NonFinite::Strings,
        _ => NonFinite::Error,
    }
}

/// Decodes under `opts`; what decodes encodes under the same non-finite policy, decodes
/// again (under that policy and default limits) and encodes to the same bytes (NaN never equals itself, and `Null` turns the
/// infinities into NaN, so byte stability stands in for equality).
macro_rules! stable_floats {
    ($data:expr, $ty:ty, $opts:expr, $policy:expr) => {{
        if let Ok(v) = from_slice_with::<$ty>($data, $opts) {
            let enc = EncodeOptions::new().non_finite($policy);
            let bytes = to_vec_with(&v, &enc).unwrap_or_else(|e| panic!("decoded {v:?}, cannot encode: {e}"));
            // Read back under the policy alone: the limits were for the input (a `0`
            // that passed a 1-byte number limit comes back as `0.0`).
            let back = Options::new().max_depth(1024).non_finite($policy);
            let again: $ty = from_slice_with(&bytes, &back)
                .unwrap_or_else(|e| panic!("own encoding {:?} does not decode: {e}", String::from_utf8_lossy(&bytes)));
            assert_eq!(bytes, to_vec_with(&again, &enc).expect("encode again"));
        }
    }};
}

fn options(head: [u8; 4]) -> Options {
    let [depth, flags, string_len, number_len] = head;
    let max_depth = opts_depth(depth);
    let duplicates = match flags % 3 {
        0 => DuplicateKeys::Error,
        1 => DuplicateKeys::KeepFirst,
        _ => DuplicateKeys::KeepLast,
    };
    let max_string_len = if string_len < 128 { string_len as usize } else { 64 << 20 };
    let max_number_len = if number_len < 128 { number_len as usize } else { 1024 };
    Options::new()
        .max_depth(max_depth)
        .duplicate_keys(duplicates)
        .allow_trailing(flags & 0x80 != 0)
        .max_string_len(max_string_len)
        .max_number_len(max_number_len)
        .non_finite(non_finite(flags))
}

fuzz_target!(|data: &[u8]| {
    let Some((head, rest)) = data.split_first_chunk::<4>() else { return };
    let opts = options(*head);

    match from_slice_with::<Value>(rest, &opts) {
        Ok(v) => {
            let encoded = to_vec(&v).unwrap_or_else(|e| panic!("decoded {v:?} but cannot encode it: {e}"));
            // Under every policy the result holds no duplicate key, so it decodes again
            // under the strict defaults (depth lifted: the limit was checked already).
            let strict = Options::new().max_depth(1024);
            let back: Value = from_slice_with(&encoded, &strict).unwrap_or_else(|e| {
                panic!("{opts:?}: encoded {:?} does not decode: {e}", String::from_utf8_lossy(&encoded))
            });
            assert_eq!(v, back);
        }
        Err(e) => {
            // A size or depth error must respect the limit it names.
            if let ErrorKind::DepthLimit(n) = e.kind() {
                assert_eq!(Some(*n), Some(opts_depth(head[0])), "{e}");
            }
        }
    }

    round_trip_with!(rest, Doc<'_>, true, &opts);
    round_trip_with!(rest, Strict, true, &opts);
    round_trip_with!(rest, WithExtra, true, &opts);
    round_trip_with!(rest, Link, true, &opts);
    round_trip_with!(rest, BTreeMap<(u8, String), Option<i8>>, true, &opts);
    round_trip_with!(rest, BTreeMap<Point, Vec<Point>>, true, &opts);
    round_trip_with!(rest, BTreeMap<Shape, u8>, true, &opts);
    stable_floats!(rest, Vec<f64>, &opts, non_finite(head[1]));
    stable_floats!(rest, Vec<Option<f32>>, &opts, non_finite(head[1]));
    // Recursion that opens nothing ends in the configured limit (or in `null`).
    if let Err(e) = from_slice_with::<Loop>(rest, &opts) {
        if let ErrorKind::DepthLimit(n) = e.kind() {
            assert_eq!(*n, opts_depth(head[0]), "{e}");
        }
    }
});

/// Small limits, the default, or twice the default (an unbounded limit would let the
/// input overflow the stack, which is what the limit is for).
fn opts_depth(depth: u8) -> usize {
    match depth {
        0..=63 => depth as usize,
        64..=127 => 128,
        _ => 256,
    }
}
