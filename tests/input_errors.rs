//! A document that is not valid JSON (or MessagePack) is an input error whatever type it is
//! decoded into, at its first fault; a valid document of the wrong shape is a type or
//! value error. `Error::is_input_error` is what a service uses to tell 400 (malformed)
//! from 422 (wrong shape), so it must hold for every target type, for streams and for
//! untagged enums, which try every variant.
//!
//! Every `n_` file of JSONTestSuite into eleven ordinary targets is an input error; no `y_`
//! file into them is one; for any input (mutations of the `y_` files and of the benchmark
//! documents, random bytes) a typed decode that fails with another error means the input
//! is well-formed: `Value` decodes it.

use std::collections::HashMap;

use codec::json::{self, DuplicateKeys, Options, Value};
use codec::{Codec, ErrorKind};
use codec_tests::rng::Rng;

#[derive(Codec, Debug)]
#[allow(dead_code)]
struct S {
    a: u32,
    b: String,
}

#[derive(Codec, Debug)]
#[codec(tag = "type")]
#[allow(dead_code)]
enum Tagged {
    One { a: u32 },
    Two { b: String },
}

#[derive(Codec, Debug)]
#[codec(untagged)]
#[allow(dead_code)]
enum Untagged {
    Num(u32),
    Text(String),
    Obj(S),
}

/// A reader that hands out at most `step` bytes per read, as a slow socket does.
struct Trickle<'a> {
    rest: &'a [u8],
    step: usize,
}

impl<'a> Trickle<'a> {
    fn new(rest: &'a [u8], step: usize) -> Self {
        Trickle { rest, step }
    }
}

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.rest.len());
        buf[..n].copy_from_slice(&self.rest[..n]);
        self.rest = &self.rest[n..];
        Ok(n)
    }
}

/// A format's `from_slice`, for [`decode_all`].
trait Format {
    fn error<'a, T: codec::Decode<'a>>(input: &'a [u8]) -> Option<codec::Error>;
}

struct Json;
impl Format for Json {
    fn error<'a, T: codec::Decode<'a>>(input: &'a [u8]) -> Option<codec::Error> {
        json::from_slice::<T>(input).err()
    }
}

struct Msgpack;
impl Format for Msgpack {
    fn error<'a, T: codec::Decode<'a>>(input: &'a [u8]) -> Option<codec::Error> {
        codec::msgpack::from_slice::<T>(input).err()
    }
}

/// Decodes `input` into each of the eleven targets, returning each target's name and
/// its error (or `None` where it decoded).
fn decode_all_in<F: Format>(input: &[u8]) -> Vec<(&'static str, Option<codec::Error>)> {
    vec![
        ("struct", F::error::<S>(input)),
        ("u32", F::error::<u32>(input)),
        ("f64", F::error::<f64>(input)),
        ("bool", F::error::<bool>(input)),
        ("String", F::error::<String>(input)),
        ("Vec<u32>", F::error::<Vec<u32>>(input)),
        ("Option<struct>", F::error::<Option<S>>(input)),
        ("HashMap<String, u32>", F::error::<HashMap<String, u32>>(input)),
        ("(u32, String)", F::error::<(u32, String)>(input)),
        ("internally tagged enum", F::error::<Tagged>(input)),
        ("untagged enum", F::error::<Untagged>(input)),
    ]
}

fn decode_all(input: &[u8]) -> Vec<(&'static str, Option<codec::Error>)> {
    decode_all_in::<Json>(input)
}

/// `Value`'s error for `input` where the input is at fault (malformed, over a limit), or
/// `None` where `Value` decodes it. Duplicate keys are allowed, and a number out of `f64`'s
/// range (`1e400`, which `Value` cannot hold) counts as decoded: both are value errors of
/// well-formed JSON.
fn value_error(input: &[u8]) -> Option<codec::Error> {
    let lenient = Options::new().duplicate_keys(DuplicateKeys::KeepLast);
    json::from_slice_with::<Value>(input, &lenient).err().filter(|e| match e.kind() {
        ErrorKind::OutOfRange(_) => false,
        _ => {
            assert!(e.is_input_error(), "Value's error is neither an input error nor a number out of range: {e}");
            true
        }
    })
}

/// The JSONTestSuite cases whose name starts with `prefix`, as (name, bytes).
fn suite(prefix: &str) -> Vec<(String, Vec<u8>)> {
    let dir = codec_tests::data_dir().join("JSONTestSuite").join("test_parsing");
    let mut out: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .map(|entry| entry.expect("folder entry").path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(prefix))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&p).expect("read case")))
        .collect();
    out.sort();
    out
}

#[test]
fn every_n_file_is_an_input_error_into_every_target() {
    let cases = suite("n_");
    assert_eq!(cases.len(), 188, "data/JSONTestSuite/test_parsing should hold 188 n_ cases");
    let mut wrong = Vec::new();
    for (name, bytes) in &cases {
        let reference =
            value_error(bytes).unwrap_or_else(|| panic!("{name}: Value accepted a document that is not JSON"));
        assert!(reference.is_input_error(), "{name}: Value's own error is no input error: {reference}");
        for (target, err) in decode_all(bytes) {
            match err {
                None => wrong.push(format!("{name} into {target}: accepted")),
                Some(e) if !e.is_input_error() => wrong.push(format!("{name} into {target}: {e}")),
                // The first fault is the document's, whatever the target: the same place
                // that `Value`, which reads every byte, reports.
                Some(e) if e.offset() != reference.offset() => {
                    wrong.push(format!("{name} into {target}: {e}, where Value says {reference}"))
                }
                Some(_) => {}
            }
        }
    }
    assert!(wrong.is_empty(), "{} decodes not reported as input errors:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn no_y_file_is_an_input_error_into_any_target() {
    let cases = suite("y_");
    assert_eq!(cases.len(), 95, "data/JSONTestSuite/test_parsing should hold 95 y_ cases");
    let mut wrong = Vec::new();
    for (name, bytes) in &cases {
        for (target, err) in decode_all(bytes) {
            if let Some(e) = err.filter(codec::Error::is_input_error) {
                wrong.push(format!("{name} into {target}: {e}"));
            }
        }
    }
    assert!(wrong.is_empty(), "valid documents reported as input errors:\n{}", wrong.join("\n"));
}

/// The cases of the issue, as a user met them: each was "invalid type: ...".
#[test]
fn malformed_documents_seen_as_a_wrong_type_before() {
    let cases: &[(&str, &str)] = &[
        ("nonsense", "syntax error: invalid literal (line 1, column 1)"),
        ("tru", "unexpected end of input (line 1, column 4)"),
        ("[1 2]", "syntax error: expected `,` or `]` after an array element (line 1, column 4)"),
        (r#"{"a": nope}"#, "syntax error: invalid literal at .a (line 1, column 7)"),
    ];
    for (input, message) in cases {
        let err = json::from_str::<S>(input).unwrap_err();
        assert!(err.is_input_error(), "{input}: {err}");
        assert_eq!(err.to_string(), *message, "{input}");
    }
    let err = json::from_str::<u32>("fals").unwrap_err();
    assert_eq!(err.to_string(), "unexpected end of input (line 1, column 5)");
    // A fault after the first wrong value still wins: the document is not JSON.
    let err = json::from_str::<S>(r#"{"a": "x", "b": nope}"#).unwrap_err();
    assert_eq!(err.to_string(), "syntax error: invalid literal at .b (line 1, column 17)");
    let err = json::from_str::<S>(r#"{"a": "x"} }"#).unwrap_err();
    assert_eq!(*err.kind(), ErrorKind::TrailingCharacters);
    // An untagged enum names the input's fault, not every variant's mismatch.
    let err = json::from_str::<Untagged>("not json at all").unwrap_err();
    assert_eq!(err.to_string(), "syntax error: invalid literal (line 1, column 1)");
}

/// The input's fault carries the path to where it is: the member it is in, or the
/// container whose members it stands between.
#[test]
fn the_input_fault_has_the_path_to_it() {
    let cases: &[(&str, &str)] = &[
        (r#"{"statuses": [{}, {}, {}, {"user": {"id": 7x}}]}"#, ".statuses[3].user.id"),
        (r#"{"a": [1, 2 3]}"#, ".a"),
        (r#"{"a": 1 "b": 2}"#, ""),
        (r#"{"a": "x\q"}"#, ".a"),
        (r#"{"a\u0041": [tru"#, ".aA[0]"),
        (r#"{"a": {"b": 1,}}"#, ".a"),
        (r#"[[1], [2, 3, ]]"#, "[1][2]"),
        (r#"[1.e5]"#, "[0]"),
    ];
    for (input, path) in cases {
        let err = json::from_str::<u32>(input).unwrap_err();
        assert!(err.is_input_error(), "{input}: {err}");
        assert_eq!(err.path(), *path, "{input}: {err}");
        // The same fault and path whatever the target.
        let other = json::from_str::<Vec<S>>(input).unwrap_err();
        assert_eq!((other.offset(), other.path()), (err.offset(), err.path()), "{input}: {other}");
    }
}

/// A valid document of the wrong shape keeps its type or value error, with its path.
#[test]
fn valid_documents_of_the_wrong_shape_keep_their_error() {
    let err = json::from_str::<S>(r#"{"a": "x", "b": "y"}"#).unwrap_err();
    assert!(!err.is_input_error());
    assert_eq!(err.to_string(), "invalid type: expected u32, found string at .a (line 1, column 7)");
    let err = json::from_str::<u32>("null").unwrap_err();
    assert_eq!(err.to_string(), "invalid type: expected u32, found null (line 1, column 1)");
    let err = json::from_str::<Vec<u32>>("[1, 2, 300000000000]").unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::OutOfRange(_)), "{err}");
    // With `allow_trailing`, only the first value is the document.
    let opts = Options::new().allow_trailing(true);
    let err = json::from_slice_with::<u32>(b"\"x\" }{", &opts).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidType { .. }), "{err}");
}

#[test]
fn a_garbage_line_in_json_lines_is_an_input_error_and_the_stream_goes_on() {
    let ndjson = b"{\"a\":1,\"b\":\"x\"}\nnot json at all\n{\"a\":2,\"b\":\"y\"}\n{\"a\":\"3\",\"b\":\"z\"}\n";
    let reader = Trickle::new(&ndjson[..], 3);
    for results in
        [json::iter_values_slice::<S>(ndjson).collect::<Vec<_>>(), json::iter_values::<S>(reader).collect::<Vec<_>>()]
    {
        assert_eq!(results.len(), 4);
        assert_eq!(results[0].as_ref().unwrap().a, 1);
        let garbage = results[1].as_ref().unwrap_err();
        assert!(garbage.is_input_error(), "{garbage}");
        assert_eq!(garbage.to_string(), "syntax error: invalid literal (item 1, line 2, column 1)");
        assert_eq!(results[2].as_ref().unwrap().a, 2);
        let shape = results[3].as_ref().unwrap_err();
        assert!(!shape.is_input_error());
        assert_eq!(shape.to_string(), "invalid type: expected u32, found string at .a (item 3, line 4, column 6)");
    }
}

#[test]
fn a_json_lines_line_cut_inside_a_string_says_the_string_is_unterminated() {
    let ndjson = b"{\"a\":1,\"b\":\"cut\n{\"a\":2,\"b\":\"y\"}\n";
    let results: Vec<_> = json::iter_values_slice::<S>(ndjson).collect();
    let err = results[0].as_ref().unwrap_err();
    assert_eq!(
        err.to_string(),
        "syntax error: unterminated string: the line ends before its closing quote at .b (item 0, line 1, column 16)"
    );
    assert_eq!(results[1].as_ref().unwrap().a, 2);
    // Another raw control byte is still called one.
    let err = json::from_slice::<String>(b"\"a\tb\"").unwrap_err();
    assert_eq!(err.to_string(), "syntax error: control character in string (must be escaped) (line 1, column 3)");
}

#[test]
fn a_streamed_array_element_that_is_not_json_is_an_input_error() {
    let doc = b"[{\"a\":1,\"b\":\"x\"}, {\"a\": nope}]";
    let results: Vec<_> = json::iter_array_slice::<S>(doc).collect();
    let err = results[1].as_ref().unwrap_err();
    assert!(err.is_input_error(), "{err}");
    assert_eq!(err.path(), "[1].a");
    let results: Vec<_> = json::iter_array::<S>(Trickle::new(&doc[..], 2)).collect();
    assert!(results[1].as_ref().unwrap_err().is_input_error());
}

#[test]
fn from_reader_reports_the_input_fault_like_from_slice() {
    for input in [&b"{\"a\": \"x\", \"b\": nope}"[..], b"{\"a\": \"x\"} }", b"tru", b"[1 2]"] {
        let from_slice = json::from_slice::<S>(input).unwrap_err();
        let from_reader = json::from_reader::<S>(input).unwrap_err();
        assert!(from_reader.is_input_error(), "{from_reader}");
        assert_eq!(from_reader.to_string(), from_slice.to_string());
    }
}

/// Small edits of real documents: a byte dropped, doubled, replaced; a cut.
fn mutations(doc: &[u8], rng: &mut Rng, n: usize) -> Vec<Vec<u8>> {
    const BYTES: &[u8] = b"{}[]\",:0123456789.eE+-ntfaluers \\\n\x00\x1f\xff";
    (0..n)
        .map(|_| {
            let mut m = doc.to_vec();
            if m.is_empty() {
                return vec![BYTES[rng.below(BYTES.len() as u64) as usize]];
            }
            let at = rng.below(m.len() as u64) as usize;
            match rng.below(4) {
                0 => {
                    m.remove(at);
                }
                1 => m.insert(at, m[at]),
                2 => m[at] = BYTES[rng.below(BYTES.len() as u64) as usize],
                _ => m.truncate(at),
            }
            m
        })
        .collect()
}

/// The property, for any input: a typed decode that fails with an error other than an
/// input error means `Value` decodes the input (it is JSON); and where `Value` rejects the
/// input as malformed, every typed decode does too, at the same offset.
fn check_property(input: &[u8], failures: &mut Vec<String>) {
    let reference = value_error(input);
    for (target, err) in decode_all(input) {
        let Some(err) = err else { continue };
        match &reference {
            None if err.is_input_error() => {
                failures.push(format!("{:?} into {target}: input error {err} for a valid document", show(input)))
            }
            Some(r) if !err.is_input_error() => {
                failures.push(format!("{:?} into {target}: {err}, but Value says {r}", show(input)))
            }
            Some(r) if err.offset() != r.offset() => {
                failures.push(format!("{:?} into {target}: {err}, but Value says {r}", show(input)))
            }
            _ => {}
        }
    }
}

fn show(input: &[u8]) -> String {
    String::from_utf8_lossy(&input[..input.len().min(200)]).into_owned()
}

#[test]
fn a_type_error_means_the_input_is_json_for_mutated_documents() {
    let mut rng = Rng(0x1e55_0fba_5e00);
    let mut docs: Vec<Vec<u8>> = suite("y_").into_iter().map(|(_, b)| b).collect();
    docs.push(br#"{"a": 1, "b": "x"}"#.to_vec());
    docs.push(br#"{"type": "One", "a": 7}"#.to_vec());
    docs.push(br#"[1, "two", {"a": 3, "b": "c"}, [true, false, null], -0.5e3]"#.to_vec());
    let twitter = codec_tests::data("json-benchmark/twitter.json");
    docs.push(twitter[..4096].to_vec());
    let mut failures = Vec::new();
    let mut checked = 0;
    for doc in &docs {
        for m in mutations(doc, &mut rng, 40) {
            check_property(&m, &mut failures);
            checked += 1;
        }
    }
    for _ in 0..2000 {
        let len = rng.below(12) as usize;
        const ALPHABET: &[u8] = b"{}[]\":,1tn \x01";
        let m: Vec<u8> = (0..len).map(|_| ALPHABET[rng.below(ALPHABET.len() as u64) as usize]).collect();
        check_property(&m, &mut failures);
        checked += 1;
    }
    assert!(checked > 5000);
    assert!(
        failures.is_empty(),
        "{} failures, first ones:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

// ---- MessagePack ----

mod msgpack {
    use super::*;
    use codec::msgpack;

    fn decode_all(input: &[u8]) -> Vec<(&'static str, Option<codec::Error>)> {
        decode_all_in::<Msgpack>(input)
    }

    fn value_error(input: &[u8]) -> Option<codec::Error> {
        let lenient = msgpack::Options::new().duplicate_keys(msgpack::DuplicateKeys::KeepLast);
        msgpack::from_slice_with::<msgpack::Value>(input, &lenient).err()
    }

    /// Documents of every shape the targets meet, encoded.
    fn documents() -> Vec<Vec<u8>> {
        let json_docs: &[&str] = &[
            r#"{"a": 1, "b": "x"}"#,
            r#"{"type": "Two", "b": "y"}"#,
            r#"[1, 2, 3]"#,
            r#"[7, "seven"]"#,
            r#"{"k": 1, "l": 2}"#,
            r#""text""#,
            "4294967296",
            "-1.5",
            "true",
            "null",
            r#"[{"a": [1, {"b": null}]}, "x", 1.25]"#,
        ];
        json_docs.iter().map(|j| msgpack::to_vec(&json::from_str::<Value>(j).unwrap()).unwrap()).collect()
    }

    #[test]
    fn every_truncated_document_is_an_input_error_into_every_target() {
        let mut wrong = Vec::new();
        for doc in documents() {
            for cut in 0..doc.len() {
                let input = &doc[..cut];
                for (target, err) in decode_all(input) {
                    match err {
                        None => wrong.push(format!("{input:x?} into {target}: accepted")),
                        Some(e) if !matches!(e.kind(), ErrorKind::Eof) => {
                            wrong.push(format!("{input:x?} into {target}: {e}"))
                        }
                        Some(_) => {}
                    }
                }
            }
        }
        assert!(wrong.is_empty(), "{} truncated documents not reported as such:\n{}", wrong.len(), wrong.join("\n"));
    }

    #[test]
    fn a_reserved_byte_anywhere_is_an_input_error_into_every_target() {
        for doc in documents() {
            // The element or member after the first one replaced by 0xc1, and 0xc1 appended.
            let mut appended = doc.clone();
            appended.push(0xc1);
            for (target, err) in decode_all(&appended) {
                let err = err.unwrap_or_else(|| panic!("{appended:x?} into {target}: accepted"));
                assert!(err.is_input_error(), "{appended:x?} into {target}: {err}");
            }
        }
        let err = msgpack::from_slice::<S>(b"\x82\xa1a\xa1x\xa1b\xc1").unwrap_err();
        assert_eq!(err.to_string(), "syntax error: reserved byte 0xc1 is not a MessagePack value (byte 7)");
    }

    #[test]
    fn a_type_error_means_the_input_is_messagepack_for_mutated_documents() {
        let mut rng = Rng(0x5eed_ba11);
        let mut failures = Vec::new();
        for doc in documents() {
            for _ in 0..300 {
                let mut m = doc.clone();
                let at = rng.below(m.len() as u64) as usize;
                match rng.below(3) {
                    0 => m[at] = rng.below(256) as u8,
                    1 => m[at] = 0xc1,
                    _ => {
                        m.remove(at);
                    }
                }
                let reference = value_error(&m);
                for (target, err) in decode_all(&m) {
                    let Some(err) = err else { continue };
                    match &reference {
                        Some(r) if !err.is_input_error() => {
                            failures.push(format!("{m:x?} into {target}: {err}, Value: {r}"))
                        }
                        None if err.is_input_error() => {
                            failures.push(format!("{m:x?} into {target}: {err} for valid input"))
                        }
                        _ => {}
                    }
                }
            }
        }
        assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures[..failures.len().min(20)].join("\n"));
    }

    #[test]
    fn a_stream_value_that_is_not_messagepack_is_an_input_error() {
        // 1, then "x" cut by a reserved byte, then 2: the middle value is broken.
        let stream = b"\x01\xa2x\xc1\x02";
        let results: Vec<_> = msgpack::iter_values_slice::<u32>(stream).collect();
        let err = results[1].as_ref().unwrap_err();
        assert!(err.is_input_error(), "{err}");
    }
}

/// `stream` fuzz target (crash-3e3f357d, the document `{`): a stream that opens no array
/// is judged by its first bytes, without reading on, while the slice forms, which have it
/// all, report the input's fault (here, its end).
#[test]
fn a_streamed_array_that_opens_no_array_is_judged_by_its_first_bytes() {
    let from_reader = json::iter_array::<Value>(Trickle::new(b"{", 1)).next().unwrap().unwrap_err();
    assert!(matches!(from_reader.kind(), ErrorKind::InvalidType { .. }), "{from_reader}");
    let from_slice = json::iter_array_slice::<Value>(b"{").next().unwrap().unwrap_err();
    assert_eq!(*from_slice.kind(), ErrorKind::Eof, "{from_slice}");
    assert_eq!(*json::from_slice::<Vec<Value>>(b"{").unwrap_err().kind(), ErrorKind::Eof);
}
