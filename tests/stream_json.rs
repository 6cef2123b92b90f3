//! JSON streams (`from_reader`, `iter_values`, `iter_array` and the slice twins).
//!
//! 1. Differential properties: random documents and random mutations of them, fed through a
//!    reader that returns random chunk sizes (from 1 byte) into buffers of random sizes
//!    (from 1 byte), decode exactly as the slice decoder decodes them: the same value, or an
//!    error of the same kind, offset, line, column and path.
//! 2. Error positions, item indexes, read failures, truncation, limits and recovery, on
//!    hand-written streams, with buffers small enough that every error crosses a refill.
//!
//! Case counts are modest by default; `PROPTEST_CASES` raises them.

use std::io::{self, Read};

use codec::json::{
    from_reader, from_reader_with, from_slice, from_slice_with, iter_array, iter_array_slice, iter_array_with,
    iter_values, iter_values_slice, iter_values_with, Options, Value,
};
use codec::{Codec, Error, ErrorKind};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::{select, Index};
use proptest::test_runner::Config;

fn config(cases: u32) -> Config {
    let mut config = Config::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    config.failure_persistence = None;
    config
}

// ================================================================ readers

/// Returns `data` in chunks of the given sizes (cycled), with an `Interrupted` error before
/// every chunk whose size is divisible by 7 (retried by the decoder, never reported).
struct Chunked {
    data: Vec<u8>,
    pos: usize,
    sizes: Vec<usize>,
    turn: usize,
    interrupt: bool,
}

impl Chunked {
    fn new(data: &[u8], sizes: &[usize]) -> Self {
        Chunked { data: data.to_vec(), pos: 0, sizes: sizes.to_vec(), turn: 0, interrupt: true }
    }
}

impl Read for Chunked {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let size = self.sizes[self.turn % self.sizes.len()].max(1);
        if size.is_multiple_of(7) && self.interrupt {
            self.interrupt = false;
            return Err(io::Error::new(io::ErrorKind::Interrupted, "signal"));
        }
        self.interrupt = true;
        self.turn += 1;
        let n = size.min(buf.len()).min(self.data.len() - self.pos);
        buf[..n].copy_from_slice(&self.data[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// Returns `data`, then fails with `kind`.
struct FailsAfter {
    data: Vec<u8>,
    pos: usize,
    kind: io::ErrorKind,
}

impl Read for FailsAfter {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pos == self.data.len() {
            return Err(io::Error::new(self.kind, "the disk went away"));
        }
        let n = buf.len().min(self.data.len() - self.pos).min(5);
        buf[..n].copy_from_slice(&self.data[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

// ================================================================ models

#[derive(Codec, Debug, Clone, PartialEq)]
struct Rec {
    id: u32,
    name: String,
    #[codec(default)]
    tags: Vec<u8>,
}

/// Backtracks over its input (untagged), recursing through arrays.
#[derive(Codec, Debug, Clone, PartialEq)]
#[codec(untagged)]
enum Loose {
    Num(u64),
    Text(String),
    Flag(bool),
    List(Vec<Loose>),
    Rec(Rec),
}

// ================================================================ generated documents

fn ws() -> impl Strategy<Value = &'static str> {
    select(vec!["", "", "", " ", "\n", "\t", " \r\n  "])
}

fn scalar() -> BoxedStrategy<String> {
    prop_oneof![
        select(vec!["null", "true", "false", "0", "-0", "1e3", "0.5", "-12.25e-3", "18446744073709551616"])
            .prop_map(String::from),
        any::<u32>().prop_map(|n| n.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        "[a-z \\\\\"é\u{1F600}\n]{0,12}".prop_map(|s| serde_json::to_string(&s).unwrap()),
    ]
    .boxed()
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        select(vec!["id", "name", "tags", "x"]).prop_map(String::from),
        "[a-z\"]{0,4}".prop_map(|s| s.to_string()),
    ]
    .prop_map(|k| serde_json::to_string(&k).unwrap())
}

fn doc() -> BoxedStrategy<String> {
    scalar()
        .prop_recursive(4, 40, 6, |inner| {
            prop_oneof![
                vec((ws(), inner.clone(), ws()), 0..6).prop_map(|items| {
                    let parts: Vec<String> = items.into_iter().map(|(a, v, b)| format!("{a}{v}{b}")).collect();
                    format!("[{}]", parts.join(","))
                }),
                vec((ws(), key(), inner, ws()), 0..5).prop_map(|members| {
                    let parts: Vec<String> = members.into_iter().map(|(a, k, v, b)| format!("{a}{k}:{b}{v}")).collect();
                    format!("{{{}}}", parts.join(","))
                }),
            ]
        })
        .boxed()
}

/// A valid `Rec` as text.
fn rec() -> impl Strategy<Value = String> {
    (any::<u32>(), "[a-z]{0,8}", vec(any::<u8>(), 0..4), ws())
        .prop_map(|(id, name, tags, w)| format!("{{\"id\":{w}{id},{w}\"name\":\"{name}\",\"tags\":{tags:?}}}"))
}

#[derive(Debug, Clone)]
enum Mutation {
    None,
    Truncate(Index),
    Insert(Index, u8),
    Delete(Index),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        2 => Just(Mutation::None),
        1 => any::<Index>().prop_map(Mutation::Truncate),
        1 => (any::<Index>(), select(vec![b'#', b',', b']', b'}', b'"', b'\\', 0xff, b'1', b' ', b'\n', b'['])).prop_map(|(i, b)| Mutation::Insert(i, b)),
        1 => any::<Index>().prop_map(Mutation::Delete),
    ]
}

fn mutate(text: &str, m: &Mutation) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    match m {
        Mutation::None => {}
        Mutation::Truncate(i) => bytes.truncate(i.index(bytes.len() + 1)),
        Mutation::Insert(i, b) => bytes.insert(i.index(bytes.len() + 1), *b),
        Mutation::Delete(i) if !bytes.is_empty() => {
            bytes.remove(i.index(bytes.len()));
        }
        Mutation::Delete(_) => {}
    }
    bytes
}

fn chunks() -> impl Strategy<Value = Vec<usize>> {
    vec(prop_oneof![4 => 1usize..8, 1 => 8usize..200], 1..8)
}

fn buffer_size() -> impl Strategy<Value = usize> {
    prop_oneof![1 => Just(1usize), 2 => 2usize..24, 1 => Just(64 << 10)]
}

// ================================================================ comparisons

/// The same kind, path and position. One allowance: an error raised without a position
/// (an untagged enum's, after it rewound) is placed where the reader stands, which for the
/// slice decoder may be before the whitespace that precedes the value, and for a stream is
/// the value itself: offsets are compared after skipping whitespace.
#[track_caller]
fn same_error_in(input: &[u8], stream: &Error, slice: &Error) {
    assert_eq!(stream.kind(), slice.kind(), "{stream} vs {slice}");
    assert_eq!(stream.path(), slice.path(), "{stream} vs {slice}");
    let past_ws = |off: Option<usize>| {
        off.map(|o| o + input[o.min(input.len())..].iter().take_while(|b| b" \t\r\n".contains(b)).count())
    };
    assert_eq!(past_ws(stream.offset()), past_ws(slice.offset()), "{stream} vs {slice}");
    if let Some(off) = stream.offset() {
        let before = &input[..off.min(input.len())];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = off - before.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
        assert_eq!((stream.line(), stream.column()), (Some(line), Some(column)), "{stream}");
    }
}

#[track_caller]
fn same_error(stream: &Error, slice: &Error) {
    assert_eq!(stream.kind(), slice.kind(), "{stream} vs {slice}");
    assert_eq!(stream.offset(), slice.offset(), "{stream} vs {slice}");
    assert_eq!((stream.line(), stream.column()), (slice.line(), slice.column()), "{stream} vs {slice}");
    assert_eq!(stream.path(), slice.path(), "{stream} vs {slice}");
}

#[track_caller]
fn same_result<T: PartialEq + std::fmt::Debug>(input: &[u8], stream: &codec::Result<T>, slice: &codec::Result<T>) {
    match (stream, slice) {
        (Ok(a), Ok(b)) => assert_eq!(a, b),
        (Err(a), Err(b)) => same_error_in(input, a, b),
        _ => panic!("stream {stream:?} vs slice {slice:?}"),
    }
}

/// `iter_array` yields what `from_slice::<Vec<T>>` yields: all of it, or elements up to an
/// error equal to the slice decoder's. Each element is judged alone, the slice as one
/// document: where the document is not JSON, its first fault is the slice's error (an
/// input error, whatever an element before it did wrong), and the stream, which goes on
/// past well-formed elements of the wrong shape, meets it among its errors.
#[track_caller]
fn same_elements<T: PartialEq + std::fmt::Debug>(
    input: &[u8],
    items: &[codec::Result<T>],
    slice: &codec::Result<Vec<T>>,
) {
    match slice {
        Ok(all) => {
            assert_eq!(items.len(), all.len());
            for (item, want) in items.iter().zip(all) {
                assert_eq!(item.as_ref().unwrap(), want);
            }
        }
        Err(e) => {
            let mut errors = items.iter().filter_map(|i| i.as_ref().err());
            let first = errors.next().expect("an error");
            let not_an_array = first.item().is_none() && matches!(first.kind(), ErrorKind::InvalidType { .. });
            if not_an_array {
                // A stream that does not open an array is judged by its first byte, without
                // reading on to see whether the rest is JSON (the slice form, which has it
                // all, reports the input's fault instead).
                assert!(matches!(e.kind(), ErrorKind::InvalidType { .. }) || e.is_input_error(), "{first} vs {e}");
            } else if e.is_input_error() && !first.is_input_error() {
                // The document's fault, met by the stream later (its path is the
                // stream's: where the stream ends, it names no element).
                let past_ws = |off: Option<usize>| {
                    off.map(|o| o + input[o.min(input.len())..].iter().take_while(|b| b" \t\r\n".contains(b)).count())
                };
                let same = errors.find(|s| s.kind() == e.kind() && past_ws(s.offset()) == past_ws(e.offset()));
                assert!(same.is_some(), "no streamed error is {e}: {items:?}");
            } else {
                same_error_in(input, first, e);
            }
        }
    }
}

fn check_doc<T: codec::DecodeOwned + PartialEq + std::fmt::Debug>(bytes: &[u8], sizes: &[usize], opts: &Options) {
    let stream = from_reader_with::<T>(Chunked::new(bytes, sizes), opts);
    same_result(bytes, &stream, &from_slice_with::<T>(bytes, opts));
}

fn check_array<T: codec::DecodeOwned + PartialEq + std::fmt::Debug>(bytes: &[u8], sizes: &[usize], opts: &Options) {
    let slice = from_slice_with::<Vec<T>>(bytes, opts);
    let items: Vec<_> = iter_array_with::<T, _>(Chunked::new(bytes, sizes), opts).collect();
    same_elements(bytes, &items, &slice);
    let items: Vec<_> = codec::json::iter_array_slice_with::<T>(bytes, opts).collect();
    same_elements(bytes, &items, &slice);
}

proptest! {
    #![proptest_config(config(400))]

    #[test]
    fn from_reader_equals_from_slice(
        text in doc(), m in mutation(), before in ws(), after in ws(), sizes in chunks(), buffer in buffer_size(),
    ) {
        let bytes = mutate(&format!("{before}{text}{after}"), &m);
        let opts = Options::new().buffer_size(buffer);
        check_doc::<Value>(&bytes, &sizes, &opts);
        check_doc::<Loose>(&bytes, &sizes, &opts);
        check_doc::<Rec>(&bytes, &sizes, &opts);
        check_doc::<Vec<Value>>(&bytes, &sizes, &opts);
    }

    #[test]
    fn typed_documents_from_reader(text in rec(), m in mutation(), sizes in chunks(), buffer in buffer_size()) {
        let bytes = mutate(&text, &m);
        let opts = Options::new().buffer_size(buffer);
        check_doc::<Rec>(&bytes, &sizes, &opts);
        check_doc::<Loose>(&bytes, &sizes, &opts);
    }

    #[test]
    fn iter_array_equals_from_slice_of_vec(
        items in vec((ws(), prop_oneof![doc(), rec()], ws()), 0..8),
        m in mutation(), sizes in chunks(), buffer in buffer_size(), depth in prop_oneof![Just(128usize), 0usize..4],
    ) {
        let parts: Vec<String> = items.into_iter().map(|(a, v, b)| format!("{a}{v}{b}")).collect();
        let bytes = mutate(&format!(" [{}]\n", parts.join(",")), &m);
        let opts = Options::new().buffer_size(buffer).max_depth(depth);
        check_array::<Value>(&bytes, &sizes, &opts);
        check_array::<Rec>(&bytes, &sizes, &opts);
        check_array::<Loose>(&bytes, &sizes, &opts);
    }

    /// Lines that are valid records, other well-formed JSON (mistyped), or broken inside a
    /// container (so the break is on that line): `iter_values` yields, line by line, what
    /// `from_slice` yields for that line.
    #[test]
    fn iter_values_equals_per_line_from_slice(
        lines in vec((prop_oneof![3 => rec(), 1 => doc()], any::<Option<Index>>(), ws()), 0..10),
        sizes in chunks(), buffer in buffer_size(), crlf in any::<bool>(),
    ) {
        let mut text = Vec::new();
        let mut expected = Vec::new();
        for (line, broken, pad) in &lines {
            let mut line = line.replace(['\n', '\r'], " ").into_bytes();
            if let (Some(at), true) = (broken, line.len() > 2 && matches!(line[0], b'[' | b'{')) {
                // Strictly inside the container: the value cannot end before the break.
                let mut at = 1 + at.index(line.len() - 2);
                // Not inside an escape: `\#"` could leave a string open past the line.
                while line[at - 1] == b'\\' {
                    at -= 1;
                }
                line.insert(at, b'#');
            }
            let pad = pad.replace('\n', " ");
            let mut full = pad.as_bytes().to_vec();
            full.extend_from_slice(&line);
            full.extend_from_slice(pad.as_bytes());
            expected.push(from_slice::<Rec>(&full).map_err(|e| e.kind().clone()));
            text.extend_from_slice(&full);
            text.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
        }
        let opts = Options::new().buffer_size(buffer);
        let got: Vec<_> = iter_values_with::<Rec, _>(Chunked::new(&text, &sizes), &opts).collect();
        let got_slice: Vec<_> = codec::json::iter_values_slice_with::<Rec>(&text, &opts).collect();
        prop_assert_eq!(got.len(), expected.len());
        prop_assert_eq!(got_slice.len(), expected.len());
        for (i, ((g, s), want)) in got.iter().zip(&got_slice).zip(&expected).enumerate() {
            same_result(&text, g, s);
            prop_assert_eq!(g.as_ref().map_err(|e| e.kind()), want.as_ref());
            if let Err(e) = g {
                prop_assert_eq!(e.item(), Some(i));
                prop_assert_eq!(e.line(), Some(i + 1));
            }
        }
    }
}

// ================================================================ hand-written streams

fn tiny(size: usize) -> Options {
    Options::new().buffer_size(size)
}

#[test]
fn one_document_in_one_byte_chunks() {
    let text = br#"  {"id": 4294967295, "name": "\u00e9t\u00e9", "tags": [1, 2, 255]}  "#;
    let want = Rec { id: u32::MAX, name: "été".into(), tags: vec![1, 2, 255] };
    for size in [1, 2, 3, 5, 64, 1 << 16] {
        assert_eq!(from_reader_with::<Rec>(Chunked::new(text, &[1]), &tiny(size)).unwrap(), want);
    }
    assert_eq!(from_reader::<Rec>(&text[..]).unwrap(), want);
}

#[test]
fn top_level_number_waits_for_the_byte_after_it() {
    // A buffer of 2 bytes holds `12` first: that must not decode as 12.
    assert_eq!(from_reader_with::<u64>(&b"12345"[..], &tiny(2)).unwrap(), 12345);
    let v: Vec<u64> =
        iter_values_with::<u64, _>(Chunked::new(b"12 345\n6789", &[1, 2]), &tiny(2)).collect::<Result<_, _>>().unwrap();
    assert_eq!(v, [12, 345, 6789]);
    let v: Vec<f64> = iter_array_with::<f64, _>(Chunked::new(b"[1.5,-2e3 , 0.25]", &[1]), &tiny(1))
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(v, [1.5, -2e3, 0.25]);
}

#[test]
fn document_larger_than_the_buffer_grows_it() {
    let names: Vec<String> = (0..2000).map(|i| format!("name number {i}")).collect();
    let text = codec::json::to_vec(&names).unwrap();
    let got: Vec<String> = from_reader_with(Chunked::new(&text, &[1000, 3]), &tiny(16)).unwrap();
    assert_eq!(got, names);
}

#[test]
fn error_positions_in_the_first_middle_and_last_item() {
    let text = b"{\"id\":\"a\",\"name\":\"x\"}\n{\"id\":1,\"name\":\"x\"}\n{\"id\":2,\n \"name\":3}\n{\"id\":3,\"name\":\"x\"}\n  {\"id\":-4,\"name\":\"x\"}\n";
    for size in [1, 3, 8, 1 << 16] {
        let got: Vec<_> = iter_values_with::<Rec, _>(Chunked::new(text, &[1, 5, 2]), &tiny(size)).collect();
        assert_eq!(got.len(), 5, "buffer {size}");
        let first = got[0].as_ref().unwrap_err();
        assert_eq!((first.item(), first.offset(), first.line(), first.column()), (Some(0), Some(6), Some(1), Some(7)));
        assert_eq!(first.path(), ".id");
        assert_eq!(got[1].as_ref().unwrap().id, 1);
        let middle = got[2].as_ref().unwrap_err();
        assert!(matches!(middle.kind(), ErrorKind::InvalidType { .. }));
        assert_eq!(
            (middle.item(), middle.offset(), middle.line(), middle.column()),
            (Some(2), Some(59), Some(4), Some(9))
        );
        assert_eq!(middle.path(), ".name");
        assert_eq!(got[3].as_ref().unwrap().id, 3);
        let last = got[4].as_ref().unwrap_err();
        assert!(matches!(last.kind(), ErrorKind::OutOfRange(_)), "{last}");
        assert_eq!((last.item(), last.line(), last.column(), last.path().as_str()), (Some(4), Some(6), Some(9), ".id"));
        assert_eq!(last.to_string(), "number out of range: -4 does not fit in u32 at .id (item 4, line 6, column 9)");
    }
}

#[test]
fn array_error_positions_and_recovery() {
    let text = b"[\n {\"id\": 1, \"name\": \"a\"},\n {\"id\": 2, \"name\": null},\n {\"id\": 3, \"name\": \"c\"}\n]";
    for size in [1, 4, 1 << 16] {
        let got: Vec<_> = iter_array_with::<Rec, _>(Chunked::new(text, &[3]), &tiny(size)).collect();
        assert_eq!(got.len(), 3);
        assert_eq!(got[0].as_ref().unwrap().id, 1);
        let e = got[1].as_ref().unwrap_err();
        assert_eq!((e.item(), e.path().as_str(), e.line(), e.column()), (Some(1), "[1].name", Some(3), Some(20)));
        same_error(e, &from_slice::<Vec<Rec>>(text).unwrap_err());
        assert_eq!(got[2].as_ref().unwrap().id, 3);
    }
}

#[test]
fn array_with_broken_syntax_ends_after_its_error() {
    let text = br#"[{"id": 1, "name": "a"}, {"id": 2 "name": "b"}, {"id": 3, "name": "c"}]"#;
    let mut it = iter_array_with::<Rec, _>(Chunked::new(text, &[2]), &tiny(4));
    assert_eq!(it.next().unwrap().unwrap().id, 1);
    let e = it.next().unwrap().unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::Syntax(_)));
    assert_eq!((e.item(), e.offset()), (Some(1), Some(34)));
    assert!(it.next().is_none());
    assert!(it.next().is_none());
    // Between elements, too.
    let mut it = iter_array::<u8>(&b"[1 2]"[..]);
    assert_eq!(it.next().unwrap().unwrap(), 1);
    let e = it.next().unwrap().unwrap_err();
    assert_eq!((e.offset(), e.item()), (Some(3), None));
    same_error(&e, &from_slice::<Vec<u8>>(b"[1 2]").unwrap_err());
    assert!(it.next().is_none());
}

#[test]
fn iter_array_accepts_only_one_array() {
    for (text, kind) in [
        (&b"{}"[..], "invalid type"),
        (b"", "unexpected end"),
        (b"  ", "unexpected end"),
        (b"[1, 2", "unexpected end"),
        (b"[1] [2]", "trailing"),
        (b"[1] x", "trailing"),
    ] {
        let got: Vec<_> = iter_array::<u8>(text).collect();
        let e = got.iter().find_map(|r| r.as_ref().err()).unwrap_or_else(|| panic!("{text:?}"));
        assert!(e.to_string().starts_with(kind), "{e}");
        assert!(got.last().unwrap().is_err(), "{text:?}: the error is the last item");
        same_error(e, &from_slice::<Vec<u8>>(text).unwrap_err());
    }
    assert_eq!(iter_array::<u8>(&b" \n[ ]\n "[..]).count(), 0);
    assert_eq!(iter_array_slice::<&str>(b"[\"a\",\"b\"]").map(Result::unwrap).collect::<Vec<_>>(), ["a", "b"]);
}

#[test]
fn recovery_keeps_every_good_line_in_order() {
    let mut text = String::new();
    let mut good = Vec::new();
    for i in 0..60u32 {
        match i % 6 {
            1 => text.push_str("{\"id\": \"mistyped\", \"name\": \"x\"}\n"),
            3 => text.push_str("{\"id\": 1, \"name\": \"unterminated}\n"),
            5 => text.push_str("{\"id\": 1,, \"name\": \"x\"} trailing junk [\n"),
            _ => {
                text.push_str(&format!("{{\"id\": {i}, \"name\": \"n{i}\"}}\n"));
                good.push(i);
            }
        }
    }
    for size in [1, 7, 1 << 16] {
        let got: Vec<_> = iter_values_with::<Rec, _>(Chunked::new(text.as_bytes(), &[9, 1]), &tiny(size)).collect();
        assert_eq!(got.len(), 60);
        let ids: Vec<u32> = got.iter().filter_map(|r| r.as_ref().ok()).map(|r| r.id).collect();
        assert_eq!(ids, good);
        for (i, r) in got.iter().enumerate() {
            if let Err(e) = r {
                assert_eq!((e.item(), e.line()), (Some(i), Some(i + 1)), "{e}");
            }
        }
        let slice: Vec<_> = iter_values_slice::<Rec>(text.as_bytes()).collect();
        assert_eq!(slice.len(), 60);
    }
}

#[test]
fn concatenated_values_without_newlines() {
    let v: Vec<Value> = iter_values::<Value>(&b"1 \"two\"[3]{\"four\":4}null\ttrue"[..]).map(Result::unwrap).collect();
    assert_eq!(v.len(), 6);
    assert_eq!(v[2], from_slice::<Value>(b"[3]").unwrap());
    assert_eq!(iter_values::<Value>(&b"  \n\n "[..]).count(), 0);
}

#[test]
fn truncated_last_item_is_an_eof_error() {
    for size in [1, 4, 1 << 16] {
        let got: Vec<_> =
            iter_values_with::<Rec, _>(&b"{\"id\":1,\"name\":\"a\"}\n{\"id\":2,\"na"[..], &tiny(size)).collect();
        assert_eq!(got.len(), 2);
        let e = got[1].as_ref().unwrap_err();
        assert_eq!((e.kind(), e.offset(), e.item()), (&ErrorKind::Eof, Some(31), Some(1)));
        let e = from_reader_with::<Vec<u8>>(&b"[1, 2"[..], &tiny(size)).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (&ErrorKind::Eof, Some(5)));
        let got: Vec<_> = iter_array_with::<u8, _>(&b"[1, 2"[..], &tiny(size)).collect();
        assert_eq!(got.len(), 3);
        assert_eq!(got[2].as_ref().unwrap_err().kind(), &ErrorKind::Eof);
        // A number cut by the end of the stream is a complete number, as in `from_slice`.
        let got: Vec<_> = iter_values_with::<u64, _>(&b"1 23"[..], &tiny(size)).map(Result::unwrap).collect();
        assert_eq!(got, [1, 23]);
    }
}

#[test]
fn io_errors_keep_their_kind_and_position() {
    let failing = |text: &[u8]| FailsAfter { data: text.to_vec(), pos: 0, kind: io::ErrorKind::ConnectionReset };
    let e = from_reader_with::<Vec<u8>>(failing(b"[1, 2, 3"), &tiny(4)).unwrap_err();
    assert_eq!(e.io_kind(), Some(io::ErrorKind::ConnectionReset));
    assert_eq!(e.offset(), Some(8));
    assert!(e.to_string().starts_with("I/O error: the disk went away"), "{e}");
    let mut it = iter_values_with::<u8, _>(failing(b"1\n2\n3"), &tiny(2));
    assert_eq!(it.next().unwrap().unwrap(), 1);
    assert_eq!(it.next().unwrap().unwrap(), 2);
    let e = it.next().unwrap().unwrap_err();
    assert_eq!((e.io_kind(), e.item(), e.offset()), (Some(io::ErrorKind::ConnectionReset), Some(2), Some(5)));
    assert!(it.next().is_none(), "a read failure ends the stream");
    let mut it = iter_array::<u8>(failing(b"[1,"));
    assert_eq!(it.next().unwrap().unwrap(), 1);
    assert!(it.next().unwrap().unwrap_err().io_kind().is_some());
    assert!(it.next().is_none());
}

#[test]
fn interrupted_reads_are_retried() {
    // Every chunk of 7 bytes is preceded by an `Interrupted` error.
    let text = b"[\"abcdefghijklmnop\", 12345678, {\"k\": [true, false, null]}]";
    let want = from_slice::<Value>(text).unwrap();
    assert_eq!(from_reader_with::<Value>(Chunked::new(text, &[7]), &tiny(3)).unwrap(), want);
}

#[test]
fn values_longer_than_max_value_len() {
    let opts = Options::new().buffer_size(4).max_value_len(16);
    let text = b"\"short\"\n\"this string is far too long\"\n[1, 2]\n";
    let got: Vec<_> = iter_values_with::<Value, _>(Chunked::new(text, &[3]), &opts).collect();
    assert_eq!(got.len(), 3);
    let e = got[1].as_ref().unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::SizeLimit(_)), "{e}");
    assert_eq!((e.item(), e.offset(), e.line()), (Some(1), Some(8), Some(2)));
    assert!(got[2].is_ok());
    // A buffer larger than the limit does not lift it.
    let big = Options::new().max_value_len(16);
    let got: Vec<_> = iter_values_with::<Value, _>(&text[..], &big).collect();
    assert!(matches!(got[1].as_ref().unwrap_err().kind(), ErrorKind::SizeLimit(_)));
    let e = from_reader_with::<Value>(&text[8..], &opts).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::SizeLimit(_)));
    let got: Vec<_> = iter_array_with::<String, _>(&b"[\"a\", \"0123456789abcdefghij\", \"b\"]"[..], &opts).collect();
    assert_eq!(got.len(), 2);
    assert_eq!((got[1].as_ref().unwrap_err().item()), Some(1));
}

#[test]
fn limits_hold_per_item() {
    let opts = Options::new().max_depth(2).max_string_len(4).buffer_size(3);
    let got: Vec<_> = iter_values_with::<Value, _>(&b"[[1]]\n[[[1]]]\n\"abcd\"\n\"abcde\"\n7\n"[..], &opts).collect();
    let kinds: Vec<_> = got.iter().map(|r| r.as_ref().map(|_| ()).map_err(|e| e.kind().clone())).collect();
    assert_eq!(kinds.len(), 5);
    assert_eq!(kinds[1], Err(ErrorKind::DepthLimit(2)));
    assert!(matches!(kinds[3], Err(ErrorKind::SizeLimit(_))));
    assert!(kinds[0].is_ok() && kinds[2].is_ok() && kinds[4].is_ok());
    // The array of `iter_array` counts as one level, as in `from_slice::<Vec<T>>`.
    let e = iter_array_with::<Value, _>(&b"[[[1]]]"[..], &opts).next().unwrap().unwrap_err();
    same_error(&e, &from_slice_with::<Vec<Value>>(b"[[[1]]]", &opts).unwrap_err());
}

#[test]
fn borrowed_items_from_a_slice() {
    #[derive(Codec, Debug, PartialEq)]
    struct Event<'a> {
        kind: &'a str,
    }
    let text = b"{\"kind\":\"a\"}\n{\"kind\":\"b\\n\"}\n{\"kind\":\"c\"}\n";
    let got: Vec<_> = iter_values_slice::<Event<'_>>(text).collect();
    assert_eq!(got[0].as_ref().unwrap().kind, "a");
    // An escaped string cannot borrow: a mistyped item, skipped.
    let e = got[1].as_ref().unwrap_err();
    assert_eq!((e.item(), e.line(), e.path().as_str()), (Some(1), Some(2), ".kind"));
    assert_eq!(got[2].as_ref().unwrap().kind, "c");
}

#[test]
fn trailing_bytes_after_one_document() {
    let e = from_reader::<u8>(&b"1 2"[..]).unwrap_err();
    same_error(&e, &from_slice::<u8>(b"1 2").unwrap_err());
    let opts = Options::new().allow_trailing(true);
    assert_eq!(from_reader_with::<u8>(&b"1 2"[..], &opts).unwrap(), 1);
}

/// A source that is not an `io::Read`: the default `read_to_end_into` of `from_reader`,
/// with an `Interrupted` error (retried) and a final failure (reported).
struct Script(Vec<io::Result<Vec<u8>>>);

impl codec::io::Source for Script {
    fn read_into(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.0.is_empty() {
            return Ok(0);
        }
        match self.0.remove(0) {
            Ok(mut chunk) => {
                let n = chunk.len().min(buf.len());
                buf[..n].copy_from_slice(&chunk[..n]);
                if n < chunk.len() {
                    self.0.insert(0, Ok(chunk.split_off(n)));
                }
                Ok(n)
            }
            Err(e) => Err(e),
        }
    }
}

#[test]
fn sources_that_are_not_io_read() {
    let interrupted = || Err(io::Error::new(io::ErrorKind::Interrupted, "signal"));
    let ok = |b: &[u8]| Ok(b.to_vec());
    let script = Script(vec![ok(b"[\"ab"), interrupted(), ok(b"c\", 1"), ok(b"2]  ")]);
    assert_eq!(from_reader::<(String, u8)>(script).unwrap(), ("abc".to_string(), 12));
    let script = Script(vec![ok(b"[1,"), Err(io::Error::new(io::ErrorKind::TimedOut, "slow"))]);
    let e = from_reader::<Vec<u8>>(script).unwrap_err();
    assert_eq!((e.io_kind(), e.offset()), (Some(io::ErrorKind::TimedOut), Some(3)));
    let script = Script(vec![ok(b"1\n"), interrupted(), ok(b"2\n3")]);
    let v: Vec<u8> = iter_values::<u8>(script).collect::<Result<_, _>>().unwrap();
    assert_eq!(v, [1, 2, 3]);
}

/// A peer that sends one byte per read must not make an item cost time quadratic in its
/// length (fuzzing found 14 s for 10 KB): the item is decoded again only where it may have
/// ended or where the bytes at hand doubled. Half a megabyte, one byte per read, in every
/// streaming entry point; with an attempt per read this would not finish.
#[test]
fn an_item_trickling_in_one_byte_per_read_decodes_in_linear_time() {
    let text = "t".repeat(500_000);
    let item = format!(r#"{{"id":1,"name":"{text}","tags":[1,2],"other":{{"k":["]"]}}}}"#);
    let lines = format!("{item}\n{item}\n");
    let got: Vec<Rec> = iter_values(Chunked::new(lines.as_bytes(), &[1])).collect::<Result<_, _>>().unwrap();
    assert_eq!(got.len(), 2);
    assert_eq!(got[1].name, text);
    let array = format!("[{item},{item}]");
    let got: Vec<Rec> = iter_array(Chunked::new(array.as_bytes(), &[1])).collect::<Result<_, _>>().unwrap();
    assert_eq!(got.len(), 2);
    let opts = Options::new().allow_trailing(true);
    let one: Rec = from_reader_with(Chunked::new(item.as_bytes(), &[1]), &opts).unwrap();
    assert_eq!(one.name.len(), 500_000);
    // Not an array: the first byte says so, whatever follows.
    let err = iter_array::<Rec>(Chunked::new(item.as_bytes(), &[1])).next().unwrap().unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidType { .. }), "{err}");
    // Malformed: found after the bytes doubled, not only at max_value_len.
    let broken = format!(r#"{{"id":1,"name":"{text}" x {text}"#);
    let err = iter_values::<Rec>(Chunked::new(broken.as_bytes(), &[1])).next().unwrap().unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Syntax(_)), "{err}");
}

/// A top-level number where an array should be: its error is the slice decoder's, which
/// needs the whole number (found by fuzzing: `-o` read a byte at a time said "end of input"
/// instead of "expected a digit").
#[test]
fn iter_array_over_a_number_reports_what_the_slice_decoder_does() {
    for doc in [&b"-o"[..], b"-", b"12.5e", b"7 ", b"-12"] {
        let slice = from_slice::<Vec<Value>>(doc).unwrap_err();
        let streamed = iter_array::<Value>(Chunked::new(doc, &[1])).next().unwrap().unwrap_err();
        assert_eq!(streamed.kind(), slice.kind(), "{}", String::from_utf8_lossy(doc));
        assert_eq!(streamed.offset(), slice.offset(), "{}", String::from_utf8_lossy(doc));
    }
}

// ================================================================ BufRead

/// A reader that records the length of every buffer it is asked to fill.
struct Logged<'a> {
    data: &'a [u8],
    requests: Vec<usize>,
}

impl Read for Logged<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.requests.push(buf.len());
        self.data.read(buf)
    }
}

/// Through a `BufReader`, the decoders' reads bypass its buffer (each asks for at least as
/// much as the `BufReader` holds), so the bytes are copied once, into codec's buffer; bytes
/// the `BufReader` had buffered before the call are still read first. The capacity is an
/// odd size, so a refill of the `BufReader`'s own buffer would show as a request of exactly
/// that size.
#[test]
fn a_bufreader_is_read_through_not_copied_twice() {
    #[derive(Codec, Debug, PartialEq)]
    struct Line {
        id: u32,
        text: String,
    }
    let lines: Vec<Line> =
        (0..20_000).map(|id| Line { id, text: format!("line {id} {}", "x".repeat(id as usize % 90)) }).collect();
    let mut ndjson = Vec::new();
    codec::json::write_lines(&mut ndjson, lines.iter()).unwrap();
    assert!(ndjson.len() > 1 << 20);

    const CAPACITY: usize = 3001;
    let mut reader = io::BufReader::with_capacity(CAPACITY, Logged { data: &ndjson, requests: Vec::new() });
    // The caller peeked first: the BufReader holds the first bytes.
    assert_eq!(io::BufRead::fill_buf(&mut reader).unwrap().len(), CAPACITY);
    let read: Vec<Line> = iter_values(&mut reader).collect::<Result<_, _>>().unwrap();
    assert_eq!(read, lines);
    let requests = &reader.get_ref().requests;
    assert_eq!(requests[0], CAPACITY, "the caller's own fill");
    assert!(requests.len() > 10, "{requests:?}");
    assert!(requests[1..].iter().all(|&n| n > CAPACITY), "a read went through the BufReader's buffer: {requests:?}");

    // One document: read to its end past the BufReader too.
    let doc = codec::json::to_vec(&lines).unwrap();
    let mut reader = io::BufReader::with_capacity(CAPACITY, Logged { data: &doc, requests: Vec::new() });
    assert_eq!(io::BufRead::fill_buf(&mut reader).unwrap().len(), CAPACITY);
    let read: Vec<Line> = from_reader(&mut reader).unwrap();
    assert_eq!(read, lines);
    let requests = &reader.get_ref().requests;
    // std's `read_to_end` probes for the end with a small read once its first reservation
    // (codec's whole buffer) is full: that one read may refill the BufReader; no other does.
    let refills = requests[1..].iter().filter(|&&n| n == CAPACITY).count();
    assert!(refills <= 1, "reads went through the BufReader's buffer: {requests:?}");
}

/// The iterators hold no reader between items (a reader in `preserve_refs` mode holds
/// `Rc`s and is not `Send`), so they, the options and the errors move to other threads.
#[test]
fn iterators_options_and_errors_are_send() {
    fn is_send<T: Send>(_: &T) {}
    let input = &b"[1]"[..];
    is_send(&codec::json::iter_values::<u32>(input));
    is_send(&codec::json::iter_array::<u32>(input));
    is_send(&codec::json::iter_values_slice::<u32>(input));
    is_send(&codec::msgpack::iter_values::<u32>(input));
    is_send(&codec::json::Options::new().preserve_refs(true));
    is_send(&codec::json::EncodeOptions::new().preserve_refs(true));
    is_send(&codec::json::from_slice::<u32>(b"x").unwrap_err());
    let handle = std::thread::spawn(move || codec::json::iter_array::<u32>(input).map(Result::unwrap).sum::<u32>());
    assert_eq!(handle.join().unwrap(), 1);
}
