//! Streamed output: `to_writer` (both formats) and `to_writer_pretty` go out through a
//! fixed buffer in chunks, write exactly what the in-memory encoders build, cope with
//! writers that take a few bytes per call, and report a failing writer as an `Io` error
//! without panicking; `write_lines`, `write_array` and `msgpack::write_values` write
//! streams that read back item by item.

use std::io::{self, Write};

use codec::ErrorKind;
use codec_tests::data;
use codec_tests::models::{canada, citm, twitter};

/// The streaming buffer's size (the documented 64 KiB).
const BUFFER: usize = 64 << 10;

/// Records every `write` call's length, and takes at most `max_per_call` bytes per call.
struct Recorder {
    out: Vec<u8>,
    calls: Vec<usize>,
    max_per_call: usize,
}

impl Recorder {
    fn new(max_per_call: usize) -> Self {
        Recorder { out: Vec::new(), calls: Vec::new(), max_per_call }
    }
}

impl Write for Recorder {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = buf.len().min(self.max_per_call);
        self.out.extend_from_slice(&buf[..n]);
        self.calls.push(n);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Accepts `budget` bytes, then fails every call (and says `Interrupted` once first, which
/// `write_all` must retry).
struct Failing {
    budget: usize,
    interrupted: bool,
    calls_after_failure: usize,
    failed: bool,
}

impl Failing {
    fn new(budget: usize) -> Self {
        Failing { budget, interrupted: false, calls_after_failure: 0, failed: false }
    }
}

impl Write for Failing {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if !self.interrupted {
            self.interrupted = true;
            return Err(io::Error::new(io::ErrorKind::Interrupted, "try again"));
        }
        if self.failed {
            self.calls_after_failure += 1;
        }
        if self.budget == 0 {
            self.failed = true;
            return Err(io::Error::new(io::ErrorKind::BrokenPipe, "reader went away"));
        }
        let n = buf.len().min(self.budget);
        self.budget -= n;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn twitter() -> twitter::Twitter {
    codec::json::from_slice(&data("json-benchmark/twitter.json")).unwrap()
}

/// A value whose encoding is several buffers long: about 1.4 MB of JSON.
fn big() -> Vec<(u32, String, Option<f64>)> {
    (0..40_000u32).map(|i| (i, format!("item \"{i}\""), (i % 3 != 0).then(|| f64::from(i) / 8.0))).collect()
}

#[test]
fn to_writer_writes_what_to_vec_builds() {
    let twitter = twitter();
    let mut out = Vec::new();
    codec::json::to_writer(&mut out, &twitter).unwrap();
    assert_eq!(out, codec::json::to_vec(&twitter).unwrap());

    let citm: citm::CitmCatalog = codec::json::from_slice(&data("json-benchmark/citm_catalog.json")).unwrap();
    let canada: canada::Canada = codec::json::from_slice(&data("json-benchmark/canada.json")).unwrap();
    let mut out = Vec::new();
    codec::json::to_writer(&mut out, &citm).unwrap();
    assert_eq!(out, codec::json::to_vec(&citm).unwrap());
    let mut out = Vec::new();
    codec::json::to_writer(io::BufWriter::new(&mut out), &canada).unwrap();
    assert_eq!(out, codec::json::to_vec(&canada).unwrap());
    let back: canada::Canada = codec::json::from_slice(&out).unwrap();
    assert_eq!(back, canada);
}

/// The proof of streaming: a value larger than the buffer reaches the writer in several
/// calls, none larger than the buffer, and never as one document.
#[test]
fn to_writer_streams_in_buffer_sized_chunks() {
    let value = big();
    let whole = codec::json::to_vec(&value).unwrap();
    assert!(whole.len() > 10 * BUFFER, "{}", whole.len());
    let mut rec = Recorder::new(usize::MAX);
    codec::json::to_writer(&mut rec, &value).unwrap();
    assert_eq!(rec.out, whole);
    assert!(rec.calls.len() >= whole.len() / BUFFER, "{} calls", rec.calls.len());
    assert!(rec.calls.iter().all(|&n| n <= BUFFER), "{:?}", rec.calls);
    // Chunks are close to full: the buffer is flushed when full, not item by item.
    assert!(rec.calls[..rec.calls.len() - 1].iter().all(|&n| n > BUFFER - 100), "{:?}", rec.calls);
}

#[test]
fn pretty_to_writer_streams_too() {
    let value = big();
    let whole = codec::json::to_vec_pretty(&value).unwrap();
    let mut rec = Recorder::new(usize::MAX);
    codec::json::to_writer_pretty(&mut rec, &value).unwrap();
    assert_eq!(rec.out, whole);
    assert!(rec.calls.len() >= whole.len() / (2 * BUFFER), "{} calls", rec.calls.len());
    // The printer hands on its output once it passes the buffer size, checking after
    // each eighth of a buffer of input: the chunks stay within a small multiple.
    assert!(rec.calls.iter().all(|&n| n <= 2 * BUFFER), "{:?}", rec.calls);
    assert_eq!(serde_json::to_string_pretty(&value).unwrap().as_bytes(), &whole[..]);
}

#[test]
fn msgpack_to_writer_streams_in_buffer_sized_chunks() {
    let value = big();
    let whole = codec::msgpack::to_vec(&value).unwrap();
    assert!(whole.len() > 10 * BUFFER);
    let mut rec = Recorder::new(usize::MAX);
    codec::msgpack::to_writer(&mut rec, &value).unwrap();
    assert_eq!(rec.out, whole);
    assert!(rec.calls.len() >= whole.len() / BUFFER);
    assert!(rec.calls.iter().all(|&n| n <= BUFFER), "{:?}", rec.calls);
    let back: Vec<(u32, String, Option<f64>)> = codec::msgpack::from_slice(&rec.out).unwrap();
    assert_eq!(back, value);
}

/// Structs whose map header is patched at their end (twitter's have `skip_encoding_if`
/// fields) must hold their header in the buffer until then; many of them in a row
/// still stream between them, and the bytes are exact.
#[test]
fn msgpack_patched_headers_survive_flushes() {
    let twitter = twitter();
    let statuses: Vec<_> = std::iter::repeat_n(&twitter.statuses, 20).flatten().collect();
    let whole = codec::msgpack::to_vec(&statuses).unwrap();
    assert!(whole.len() > 10 * BUFFER);
    let mut rec = Recorder::new(usize::MAX);
    codec::msgpack::to_writer(&mut rec, &statuses).unwrap();
    assert_eq!(rec.out, whole);
    assert!(rec.calls.len() > 10, "{} calls", rec.calls.len());
    // A flush waits for the open struct to end: it passes the buffer size by at most
    // one status.
    assert!(rec.calls.iter().all(|&n| n <= 2 * BUFFER), "{:?}", rec.calls);
    let back: Vec<twitter::Status> = codec::msgpack::from_slice(&rec.out).unwrap();
    assert_eq!(back.len(), statuses.len());
    assert_eq!(back[99], *statuses[99]);
}

/// A writer that takes three bytes per call gets every byte, in order.
#[test]
fn few_bytes_per_call() {
    let twitter = twitter();
    let mut rec = Recorder::new(3);
    codec::json::to_writer(&mut rec, &twitter).unwrap();
    assert_eq!(rec.out, codec::json::to_vec(&twitter).unwrap());
    let mut rec = Recorder::new(1);
    codec::json::to_writer_pretty(&mut rec, &twitter.search_metadata).unwrap();
    assert_eq!(rec.out, codec::json::to_vec_pretty(&twitter.search_metadata).unwrap());
    let mut rec = Recorder::new(2);
    codec::msgpack::to_writer(&mut rec, &twitter).unwrap();
    assert_eq!(rec.out, codec::msgpack::to_vec(&twitter).unwrap());
}

fn assert_io(result: codec::Result<()>, what: &str) {
    let err = result.expect_err(what);
    assert!(matches!(err.kind(), ErrorKind::Io(..)), "{what}: {err}");
    assert!(err.to_string().contains("reader went away"), "{what}: {err}");
}

/// A failing writer is an `Io` error from every entry point, after a partial write,
/// with no panic and no further calls once it failed (the error is sticky).
#[test]
fn failing_writer_is_an_io_error() {
    let value = big();
    for budget in [0, 10, BUFFER - 1, BUFFER, 3 * BUFFER + 17] {
        let mut w = Failing::new(budget);
        assert_io(codec::json::to_writer(&mut w, &value), "to_writer");
        assert_eq!(w.calls_after_failure, 0, "budget {budget}: writes after the failure");
        let mut w = Failing::new(budget);
        assert_io(codec::json::to_writer_pretty(&mut w, &value), "to_writer_pretty");
        assert_eq!(w.calls_after_failure, 0);
        assert_io(codec::msgpack::to_writer(Failing::new(budget), &value), "msgpack to_writer");
        assert_io(codec::json::write_lines(Failing::new(budget), value.iter()), "write_lines");
        assert_io(codec::json::write_array(Failing::new(budget), value.iter()), "write_array");
        assert_io(codec::msgpack::write_values(Failing::new(budget), value.iter()), "write_values");
    }
    // A small value fails at the end, when the buffer is handed over.
    assert_io(codec::json::to_writer(Failing::new(2), &[1, 2, 3]), "small to_writer");
    // Large budgets succeed: the Interrupted is retried.
    let mut w = Failing::new(usize::MAX);
    codec::json::to_writer(&mut w, &value).unwrap();
}

#[derive(codec::Codec, Debug, PartialEq, Clone)]
struct Event {
    id: u64,
    kind: String,
    tags: Vec<String>,
    score: Option<f64>,
}

fn events(n: u64) -> Vec<Event> {
    (0..n)
        .map(|id| Event {
            id,
            kind: ["open", "click\n\"x\"", "close"][id as usize % 3].to_string(),
            tags: (0..id % 4).map(|t| format!("t{t}")).collect(),
            score: (id % 5 != 0).then_some(id as f64 * 0.25),
        })
        .collect()
}

#[test]
fn write_lines_reads_back_line_by_line() {
    let events = events(20_000);
    let mut rec = Recorder::new(usize::MAX);
    codec::json::write_lines(&mut rec, events.iter()).unwrap();
    assert!(rec.calls.len() > 5 && rec.calls.iter().all(|&n| n <= BUFFER), "streamed: {:?}", rec.calls);
    assert!(rec.out.ends_with(b"\n"));
    let lines: Vec<&[u8]> = rec.out.split(|&b| b == b'\n').collect();
    assert_eq!(lines.len(), events.len() + 1);
    assert!(lines.last().unwrap().is_empty());
    for (line, event) in lines.iter().zip(&events) {
        assert_eq!(*line, codec::json::to_vec(event).unwrap());
        let back: Event = codec::json::from_slice(line).unwrap();
        assert_eq!(back, *event);
    }
    // Owned items and an empty iterator.
    let mut out = Vec::new();
    codec::json::write_lines(&mut out, vec![1u8, 2]).unwrap();
    assert_eq!(out, b"1\n2\n");
    let mut out = Vec::new();
    codec::json::write_lines(&mut out, std::iter::empty::<u8>()).unwrap();
    assert!(out.is_empty());
}

/// An item whose encoding fails after writing part of itself.
enum Item {
    Good(u32),
    Bad,
}

impl codec::Encode for Item {
    fn encode<W: codec::Writer>(&self, w: &mut W) -> codec::Result<()> {
        match self {
            Item::Good(n) => n.encode(w),
            Item::Bad => {
                // Part of a value: an array header and its first element.
                w.begin_array(2)?;
                w.array_element(0);
                w.write_str("partial")?;
                Err(codec::Error::custom("cannot encode Bad"))
            }
        }
    }
}

/// An item that fails to encode ends the output after the last complete item: no part
/// of it is written.
#[test]
fn a_failing_item_ends_the_stream_cleanly() {
    let items = [Item::Good(1), Item::Good(22), Item::Bad, Item::Good(3)];
    let mut out = Vec::new();
    let err = codec::json::write_lines(&mut out, items.iter()).unwrap_err();
    assert!(err.to_string().contains("cannot encode Bad"), "{err}");
    assert_eq!(out, b"1\n22\n");
    let mut out = Vec::new();
    assert!(codec::msgpack::write_values(&mut out, items.iter()).is_err());
    assert_eq!(out, [1, 22]);
    // write_array cannot take the partial item back (its opening bracket is out): the
    // error says the output is not a document.
    let mut out = Vec::new();
    assert!(codec::json::write_array(&mut out, items.iter()).is_err());
    let err = codec::json::write_lines(&mut out, [1.0, f64::NAN]).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidValue(_)), "{err}");
}

#[test]
fn write_array_reads_back_as_a_vec() {
    let events = events(30_000);
    let mut rec = Recorder::new(usize::MAX);
    codec::json::write_array(&mut rec, events.iter()).unwrap();
    assert!(rec.calls.len() > 5 && rec.calls.iter().all(|&n| n <= BUFFER), "streamed: {:?}", rec.calls);
    assert_eq!(rec.out, codec::json::to_vec(&events).unwrap());
    let back: Vec<Event> = codec::json::from_slice(&rec.out).unwrap();
    assert_eq!(back, events);

    let mut out = Vec::new();
    codec::json::write_array(&mut out, std::iter::empty::<u8>()).unwrap();
    assert_eq!(out, b"[]");
    let mut out = Vec::new();
    codec::json::write_array(&mut out, (0..3).map(|i| format!("{i}"))).unwrap();
    assert_eq!(out, br#"["0","1","2"]"#);
    let mut out = Vec::new();
    assert!(codec::json::write_array(&mut out, [1.0, f64::INFINITY]).is_err());
}

#[test]
fn msgpack_write_values_reads_back_value_by_value() {
    let events = events(5_000);
    let mut out = Vec::new();
    codec::msgpack::write_values(&mut out, events.iter()).unwrap();
    let mut expected = Vec::new();
    for event in &events {
        expected.extend(codec::msgpack::to_vec(event).unwrap());
    }
    assert_eq!(out, expected);
    // Read back by hand: each value is a complete document, followed by the next.
    let mut rest = &out[..];
    let mut back = Vec::new();
    while !rest.is_empty() {
        let len = codec::msgpack::to_vec(&events[back.len()]).unwrap().len();
        let event: Event = codec::msgpack::from_slice(&rest[..len]).unwrap();
        back.push(event);
        rest = &rest[len..];
    }
    assert_eq!(back, events);
}

/// A node that two places share, for the `preserve_refs` streams.
#[derive(codec::Codec, Debug, PartialEq)]
struct Pair {
    left: std::rc::Rc<String>,
    right: std::rc::Rc<String>,
}

fn shared_pairs(n: usize) -> Vec<Pair> {
    (0..n)
        .map(|i| {
            let s = std::rc::Rc::new(format!("value {i}"));
            Pair { left: s.clone(), right: s }
        })
        .collect()
}

/// The `_with` streams apply every option within a document, and `preserve_refs` per
/// document: each line (or MessagePack value) numbers its ids from the start and reads
/// back alone, while an array's ids span its elements.
#[test]
fn stream_writers_take_encode_options() {
    use codec::json::{EncodeOptions, NonFinite, Options};
    use std::rc::Rc;

    // Non-finite floats: the policy reaches every item; the default still refuses them.
    let floats = [1.5, f64::NAN, f64::NEG_INFINITY];
    let mut out = Vec::new();
    let strings = EncodeOptions::new().non_finite(NonFinite::Strings);
    codec::json::write_lines_with(&mut out, floats, &strings).unwrap();
    assert_eq!(out, b"1.5\n\"NaN\"\n\"-Infinity\"\n");
    let mut out = Vec::new();
    codec::json::write_array_with(&mut out, floats, &EncodeOptions::new().non_finite(NonFinite::Null)).unwrap();
    assert_eq!(out, b"[1.5,null,null]");
    let mut out = Vec::new();
    let err = codec::json::write_lines_with(&mut out, floats, &EncodeOptions::new()).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidValue(_)), "{err}");
    assert_eq!(out, b"1.5\n");

    // Shared references in JSON Lines: every line is the document to_vec_with makes of
    // its item, the same ids on every line, and iter_values_with rebuilds the sharing.
    let pairs = shared_pairs(3_000);
    let refs = EncodeOptions::new().preserve_refs(true);
    let mut rec = Recorder::new(usize::MAX);
    codec::json::write_lines_with(&mut rec, pairs.iter(), &refs).unwrap();
    assert!(rec.calls.len() > 1 && rec.calls.iter().all(|&n| n <= BUFFER), "streamed: {:?}", rec.calls);
    let lines: Vec<&[u8]> = rec.out.split(|&b| b == b'\n').filter(|l| !l.is_empty()).collect();
    assert_eq!(lines.len(), pairs.len());
    for (line, pair) in lines.iter().zip(&pairs) {
        assert_eq!(*line, codec::json::to_vec_with(pair, &refs).unwrap());
        assert!(line.starts_with(br#"{"left":{"$id":1,"$value":"#), "{}", String::from_utf8_lossy(line));
    }
    let read = Options::new().preserve_refs(true);
    let back: Vec<Pair> = codec::json::iter_values_with(&rec.out[..], &read).collect::<Result<_, _>>().unwrap();
    assert_eq!(back, pairs);
    assert!(back.iter().all(|p| Rc::ptr_eq(&p.left, &p.right)));

    // Shared references in one array: one document, so an element may refer to an
    // allocation an earlier element defined.
    let one = Rc::new("shared".to_string());
    let items = vec![one.clone(), Rc::new("alone".to_string()), one];
    let mut out = Vec::new();
    codec::json::write_array_with(&mut out, items.iter(), &refs).unwrap();
    assert_eq!(out, codec::json::to_vec_with(&items, &refs).unwrap());
    assert_eq!(out, br#"[{"$id":1,"$value":"shared"},{"$id":2,"$value":"alone"},{"$ref":1}]"#);
    let back: Vec<Rc<String>> = codec::json::from_slice_with(&out, &read).unwrap();
    assert!(Rc::ptr_eq(&back[0], &back[2]) && *back[1] == "alone");

    // MessagePack: each value its own document, read back with the sharing.
    let mp_refs = codec::msgpack::EncodeOptions::new().preserve_refs(true);
    let mut out = Vec::new();
    codec::msgpack::write_values_with(&mut out, pairs.iter(), &mp_refs).unwrap();
    let mut expected = Vec::new();
    for pair in &pairs {
        expected.extend(codec::msgpack::to_vec_with(pair, &mp_refs).unwrap());
    }
    assert_eq!(out, expected);
    let mp_read = codec::msgpack::Options::new().preserve_refs(true);
    let back: Vec<Pair> = codec::msgpack::iter_values_with(&out[..], &mp_read).collect::<Result<_, _>>().unwrap();
    assert_eq!(back, pairs);
    assert!(back.iter().all(|p| Rc::ptr_eq(&p.left, &p.right)));
}
