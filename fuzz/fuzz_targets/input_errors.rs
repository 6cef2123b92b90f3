//! The input/type error rule of `Error::is_input_error`, for any input: a typed decode
//! that fails with an error that is no input error means the input is well-formed (`Value`
//! decodes it, or rejects it only for a value it cannot hold: a number out of range);
//! where `Value` finds the input malformed, every typed decode fails with an input error
//! at the same offset. Byte 0 picks the format (bit 0: JSON or MessagePack); the rest is
//! the document.
#![no_main]

use std::collections::BTreeMap;

use codec::{Decode, ErrorKind};
use codec_fuzz::{
    Any, Chain, Cmd, Color, Doc, Event, Hashy, Job, Link, Loop, Msg, Packed, Page, Shape, Span3, Strict, Tagged,
    WithExtra,
};
use codec_tests::models::{citm, twitter};
use libfuzzer_sys::fuzz_target;

/// `Value`'s verdict: `None` for a well-formed input, else its input error's offset.
fn malformed(err: Option<codec::Error>) -> Option<Option<usize>> {
    let err = err?;
    if matches!(err.kind(), ErrorKind::OutOfRange(_)) {
        return None;
    }
    assert!(err.is_input_error(), "Value's error is neither an input error nor a number out of range: {err}");
    Some(err.offset())
}

fn check(target: &str, err: Option<codec::Error>, verdict: Option<Option<usize>>) {
    let Some(err) = err else { return };
    match verdict {
        None => assert!(!err.is_input_error(), "{target}: input error {err} for a well-formed input"),
        Some(offset) => {
            assert!(err.is_input_error(), "{target}: {err} for a malformed input");
            assert_eq!(err.offset(), offset, "{target}: {err} is not at the input's first fault");
        }
    }
}

macro_rules! each_target {
    ($decode:ident, $doc:expr, $verdict:expr) => {
        check("Doc", $decode::<Doc<'_>>($doc), $verdict);
        check("Vec<Doc>", $decode::<Vec<Doc<'_>>>($doc), $verdict);
        check("Strict", $decode::<Strict>($doc), $verdict);
        check("WithExtra", $decode::<WithExtra>($doc), $verdict);
        check("Hashy", $decode::<Hashy>($doc), $verdict);
        check("Page<Shape>", $decode::<Page<Shape>>($doc), $verdict);
        check("Vec<Event>", $decode::<Vec<Event<'_>>>($doc), $verdict);
        check("Vec<Cmd>", $decode::<Vec<Cmd>>($doc), $verdict);
        check("Vec<Job>", $decode::<Vec<Job>>($doc), $verdict);
        check("Vec<Span3>", $decode::<Vec<Span3>>($doc), $verdict);
        check("Vec<Packed>", $decode::<Vec<Packed>>($doc), $verdict);
        check("Vec<Tagged>", $decode::<Vec<Tagged>>($doc), $verdict);
        check("Msg", $decode::<Msg>($doc), $verdict);
        check("Any", $decode::<Any>($doc), $verdict);
        check("BTreeMap<Color, Option<i8>>", $decode::<BTreeMap<Color, Option<i8>>>($doc), $verdict);
        check("(bool, Option<f64>, Vec<char>)", $decode::<(bool, Option<f64>, Vec<char>)>($doc), $verdict);
        check("Loop", $decode::<Loop>($doc), $verdict);
        check("Vec<Chain>", $decode::<Vec<Chain>>($doc), $verdict);
        check("Link", $decode::<Link>($doc), $verdict);
        check("u32", $decode::<u32>($doc), $verdict);
        check("String", $decode::<String>($doc), $verdict);
        check("twitter", $decode::<twitter::Twitter>($doc), $verdict);
        check("citm", $decode::<citm::CitmCatalog>($doc), $verdict);
    };
}

fn json<'a, T: Decode<'a>>(doc: &'a [u8]) -> Option<codec::Error> {
    codec::json::from_slice::<T>(doc).err()
}

fn msgpack<'a, T: Decode<'a>>(doc: &'a [u8]) -> Option<codec::Error> {
    codec::msgpack::from_slice::<T>(doc).err()
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, doc)) = data.split_first() else { return };
    if mode & 1 == 0 {
        let lenient = codec::json::Options::new().duplicate_keys(codec::json::DuplicateKeys::KeepLast);
        let verdict = malformed(codec::json::from_slice_with::<codec::json::Value>(doc, &lenient).err());
        each_target!(json, doc, verdict);
    } else {
        let lenient = codec::msgpack::Options::new().duplicate_keys(codec::msgpack::DuplicateKeys::KeepLast);
        let verdict = malformed(codec::msgpack::from_slice_with::<codec::msgpack::Value>(doc, &lenient).err());
        each_target!(msgpack, doc, verdict);
    }
});
