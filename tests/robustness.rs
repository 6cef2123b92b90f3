//! Untrusted bytes never panic the typed decoders: every prefix (sampled densely) of the
//! standard documents, and thousands of random byte flips of them, decode into the typed
//! models with a value or an error. Each case runs under `catch_unwind`, so a panic is
//! reported with the input that caused it instead of aborting the test binary.
//!
//! A debug build (`cargo test`) runs a light sample so the suite stays fast; `.ci/run`
//! also runs this file with `--release`, where the sample is dense: about 4,000 prefixes
//! and 700 flipped copies per document and decoder.

use std::panic::{catch_unwind, AssertUnwindSafe};

use codec_tests::models::{canada, citm, twitter};
use codec_tests::rng::Rng;

type Decoder = fn(&[u8]) -> bool;

/// (prefixes kept whole at each end, sampled prefixes in between, flipped copies)
const DENSITY: (usize, usize, usize) = if cfg!(debug_assertions) { (16, 30, 20) } else { (2048, 1500, 700) };

fn decoders() -> Vec<(&'static str, &'static str, Decoder)> {
    vec![
        ("json-benchmark/twitter.json", "twitter owned", |b| codec::json::from_slice::<twitter::Twitter>(b).is_ok()),
        ("json-benchmark/twitter.json", "twitter borrowed", |b| {
            codec::json::from_slice::<twitter::borrowed::Twitter>(b).is_ok()
        }),
        ("json-benchmark/citm_catalog.json", "citm owned", |b| codec::json::from_slice::<citm::CitmCatalog>(b).is_ok()),
        ("json-benchmark/citm_catalog.json", "citm borrowed", |b| {
            codec::json::from_slice::<citm::borrowed::CitmCatalog>(b).is_ok()
        }),
        ("json-benchmark/canada.json", "canada", |b| codec::json::from_slice::<canada::Canada>(b).is_ok()),
        ("json-benchmark/twitter.json", "Value", |b| codec::json::from_slice::<codec::json::Value>(b).is_ok()),
    ]
}

/// A number in `0..n` from the shared deterministic generator, so failures reproduce.
fn below(rng: &mut Rng, n: usize) -> usize {
    rng.below(n as u64) as usize
}

fn run(label: &str, decode: Decoder, input: &[u8], what: &str) -> bool {
    match catch_unwind(AssertUnwindSafe(|| decode(input))) {
        Ok(ok) => ok,
        Err(_) => panic!("{label}: decoder panicked on {what}"),
    }
}

#[test]
fn every_prefix_errors_or_decodes() {
    for (file, label, decode) in decoders() {
        let doc = codec_tests::data(file);
        assert!(run(label, decode, &doc, "the whole document"), "{label}: the full document must decode");
        // Every prefix within the first and last 2 KiB (where structure opens and closes),
        // and a dense sample in between: about 4,000 prefixes per document.
        let len = doc.len();
        let (ends, samples, _) = DENSITY;
        let step = (len / samples).max(1);
        let mut cuts: Vec<usize> = (0..len.min(ends)).chain(len.saturating_sub(ends)..len).collect();
        cuts.extend((0..len).step_by(step));
        // The documents end in a newline: only a prefix that still holds the whole value
        // may decode.
        let value_end = len - doc.iter().rev().take_while(|b| b.is_ascii_whitespace()).count();
        for cut in cuts {
            let ok = run(label, decode, &doc[..cut], &format!("the prefix of {cut} bytes"));
            assert!(!ok || cut >= value_end, "{label}: the prefix of {cut} bytes decoded");
        }
    }
}

#[test]
fn random_byte_flips_error_or_decode() {
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    for (file, label, decode) in decoders() {
        let doc = codec_tests::data(file);
        let mut copy = doc.clone();
        for case in 0..DENSITY.2 {
            let flips = 1 + below(&mut rng, 4);
            let mut changed = Vec::with_capacity(flips);
            for _ in 0..flips {
                let at = below(&mut rng, copy.len());
                // Half the flips put a JSON-significant byte, half an arbitrary one.
                let byte = if rng.next().is_multiple_of(2) {
                    b"{}[]\",:\\0123456789-.eEtfn \n\x00\xff\xc3"[below(&mut rng, 25)]
                } else {
                    rng.next() as u8
                };
                changed.push((at, copy[at]));
                copy[at] = byte;
            }
            run(
                label,
                decode,
                &copy,
                &format!("case {case} (flips at {:?})", changed.iter().map(|c| c.0).collect::<Vec<_>>()),
            );
            for (at, old) in changed.into_iter().rev() {
                copy[at] = old;
            }
        }
        assert_eq!(copy, doc);
    }
}
