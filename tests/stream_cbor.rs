//! CBOR streams (`from_reader`, `iter_values`, `iter_values_slice`, `write_values`): CBOR
//! sequences (RFC 8742) through the binary formats' stream machinery, which MessagePack's
//! streams share (tests/stream_msgpack.rs).
//!
//! 1. Differential properties: random items (and random damage to their encodings) read
//!    through a source of random piece sizes into buffers of random sizes decode as
//!    `from_slice` decodes them: the same value, or an error of the same kind, offset and
//!    path; a sequence yields what `from_slice` yields for each item.
//! 2. Hand-written sequences: one byte per read and large pieces, error offsets and item
//!    indexes, a cut item, garbage mid-stream, per-item limits, indefinite-length items
//!    across refills, nesting far deeper than the limit, and the writers.

use std::collections::VecDeque;
use std::io;

use codec::cbor::{
    from_reader, from_reader_with, from_slice, from_slice_with, iter_values, iter_values_slice, iter_values_slice_with,
    iter_values_with, write_values, write_values_with, EncodeOptions, Options,
};
use codec::io::Source;
use codec::json::Value;
use codec::{Codec, ErrorKind};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::Index;

/// A source that hands out its bytes in pieces of the given sizes, cycled (the last piece
/// may be shorter), one piece per read at most.
struct Pieces {
    rest: VecDeque<u8>,
    sizes: Vec<usize>,
    reads: usize,
}

fn pieces(bytes: &[u8], sizes: &[usize]) -> Pieces {
    Pieces { rest: bytes.iter().copied().collect(), sizes: sizes.to_vec(), reads: 0 }
}

impl Source for Pieces {
    fn read_into(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let want = self.sizes[self.reads % self.sizes.len()].clamp(1, buf.len());
        self.reads += 1;
        let n = want.min(self.rest.len());
        for (slot, b) in buf.iter_mut().zip(self.rest.drain(..n)) {
            *slot = b;
        }
        Ok(n)
    }
}

#[derive(Codec, Debug, Clone, PartialEq)]
struct Event {
    seq: u64,
    kind: String,
    #[codec(default)]
    data: Vec<i32>,
}

fn cbor<T: codec::Encode>(v: &T) -> Vec<u8> {
    codec::cbor::to_vec(v).unwrap()
}

fn events(n: u64) -> Vec<Event> {
    (0..n).map(|seq| Event { seq, kind: format!("k{}", seq % 5), data: vec![seq as i32, -1, 70_000] }).collect()
}

/// The outcome of a decode as comparable text: the value, or the error's kind, offset,
/// path and item.
fn outcome<T: std::fmt::Debug>(r: &codec::Result<T>) -> String {
    match r {
        Ok(v) => format!("{v:?}"),
        Err(e) => format!("{:?} at {:?} {:?} item {:?}", e.kind(), e.offset(), e.path(), e.item()),
    }
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        any::<Option<bool>>().prop_map(|b| b.map_or(Value::Null, Value::Bool)),
        any::<i64>().prop_map(Value::from),
        "[a-z\u{e9}]{0,12}".prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 5, |inner| {
        let entries = proptest::collection::btree_map("[a-z]{0,3}", inner.clone(), 0..4);
        prop_oneof![
            vec(inner, 0..5).prop_map(Value::Array),
            entries.prop_map(|m| Value::Object(m.into_iter().collect()))
        ]
    })
}

/// An item: a `Value`'s or an `Event`'s encoding, or an indefinite-length array or text
/// (which no encoder of this crate writes).
fn item() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        json_value().prop_map(|v| cbor(&v)),
        (any::<u64>(), "[a-z]{0,6}").prop_map(|(seq, kind)| cbor(&Event { seq, kind, data: vec![1] })),
        vec(any::<u8>(), 0..6)
            .prop_map(|v| [vec![0x9f], v.iter().flat_map(|&b| cbor(&b)).collect(), vec![0xff]].concat()),
        vec("[a-z]{0,4}", 0..4)
            .prop_map(|parts| [vec![0x7f], parts.iter().flat_map(cbor).collect(), vec![0xff]].concat()),
    ]
}

fn sizes() -> impl Strategy<Value = Vec<usize>> {
    vec(prop_oneof![4 => 1usize..6, 1 => 6usize..300], 1..6)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: if std::env::var_os("PROPTEST_CASES").is_some() { ProptestConfig::default().cases } else { 300 }, failure_persistence: None, ..ProptestConfig::default() })]

    /// One item, damaged or not: `from_reader` says what `from_slice` says.
    #[test]
    fn from_reader_agrees_with_from_slice(
        bytes in item(), damage in any::<Option<(Index, u8, bool)>>(), sizes in sizes(), buffer in prop_oneof![1usize..20, Just(1 << 16)],
    ) {
        let mut bytes = bytes;
        match damage {
            Some((at, _, true)) => bytes.truncate(at.index(bytes.len() + 1)),
            Some((at, b, false)) if !bytes.is_empty() => {
                let i = at.index(bytes.len());
                bytes[i] = b;
            }
            _ => {}
        }
        let opts = Options::new().buffer_size(buffer);
        prop_assert_eq!(outcome(&from_reader_with::<Value>(pieces(&bytes, &sizes), &opts)), outcome(&from_slice_with::<Value>(&bytes, &opts)));
        prop_assert_eq!(outcome(&from_reader_with::<Event>(pieces(&bytes, &sizes), &opts)), outcome(&from_slice_with::<Event>(&bytes, &opts)));
        prop_assert_eq!(outcome(&from_reader_with::<Vec<u8>>(pieces(&bytes, &sizes), &opts)), outcome(&from_slice_with::<Vec<u8>>(&bytes, &opts)));
    }

    /// A sequence of well-formed items, some no `Event`: each yields what `from_slice`
    /// yields for it, moved to its offset and numbered; the slice iterator agrees.
    #[test]
    fn iter_values_agrees_item_by_item(items in vec(item(), 0..10), sizes in sizes(), buffer in 1usize..40) {
        let stream = items.concat();
        let opts = Options::new().buffer_size(buffer);
        let got: Vec<_> = iter_values_with::<Event, _>(pieces(&stream, &sizes), &opts).collect();
        let from_memory: Vec<_> = iter_values_slice_with::<Event>(&stream, &opts).collect();
        prop_assert_eq!(got.len(), items.len());
        let mut start = 0;
        for (i, item) in items.iter().enumerate() {
            prop_assert_eq!(outcome(&got[i]), outcome(&from_memory[i]));
            // Alone, the item decodes to the same value, or fails the same way at the
            // same place relative to its start.
            let alone = from_slice::<Event>(item)
                .map_err(|e| (e.kind().clone(), e.offset().map(|o| o + start), e.path(), Some(i)));
            let streamed = got[i].as_ref().map_err(|e| (e.kind().clone(), e.offset(), e.path(), e.item()));
            prop_assert_eq!(streamed, alone.as_ref().map_err(Clone::clone));
            start += item.len();
        }
    }
}

#[test]
fn many_items_one_byte_per_read_and_in_large_pieces() {
    let all = events(500);
    let mut stream = Vec::new();
    write_values(&mut stream, &all).unwrap();
    assert_eq!(stream, all.iter().flat_map(cbor).collect::<Vec<u8>>());
    for (sizes, buffer) in [(&[1][..], 1), (&[1][..], 64 << 10), (&[100_000][..], 64 << 10), (&[7, 1, 4096][..], 3)] {
        let source = pieces(&stream, sizes);
        let back: Vec<Event> =
            iter_values_with(source, &Options::new().buffer_size(buffer)).collect::<Result<_, _>>().unwrap();
        assert_eq!(back, all, "{sizes:?}, buffer {buffer}");
    }
    let borrowed: Vec<Event> = iter_values_slice(&stream).collect::<Result<_, _>>().unwrap();
    assert_eq!(borrowed, all);
    // One item read whole, from the same bytes, however they arrive.
    let one = cbor(&all);
    assert_eq!(from_reader::<Vec<Event>>(pieces(&one, &[1])).unwrap(), all);
}

#[test]
fn a_cut_item_is_an_eof_error_with_its_offset_and_index() {
    let mut stream = cbor(&"hello");
    stream.extend_from_slice(&[0x82, 0x01]);
    stream.extend_from_slice(&cbor(&"again")[..3]);
    let got: Vec<_> = iter_values_with::<Value, _>(pieces(&stream, &[1]), &Options::new().buffer_size(2)).collect();
    assert_eq!(got.len(), 2);
    assert_eq!(got[0].as_ref().unwrap(), &Value::from("hello"));
    let e = got[1].as_ref().unwrap_err();
    assert_eq!((e.kind(), e.item(), e.offset()), (&ErrorKind::Eof, Some(1), Some(stream.len())));
    // And a single item cut short, or nothing at all.
    assert_eq!(from_reader::<String>(&b"\x65hel"[..]).unwrap_err().kind(), &ErrorKind::Eof);
    assert_eq!(from_reader::<String>(&b""[..]).unwrap_err().kind(), &ErrorKind::Eof);
    let e = from_reader::<u8>(&b"\x01\x02"[..]).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::TrailingCharacters, Some(1)));
}

#[test]
fn garbage_mid_stream_ends_the_stream_after_its_error() {
    for garbage in [0x1c, 0xff, 0x3f] {
        let mut stream = cbor(&events(3)[0]);
        stream.extend(cbor(&events(3)[1]));
        let at = stream.len();
        stream.push(garbage);
        stream.extend(cbor(&events(3)[2]));
        let got: Vec<_> = iter_values::<Event>(pieces(&stream, &[3])).collect();
        assert_eq!(got.len(), 3, "{garbage:#x}");
        assert!(got[0].is_ok() && got[1].is_ok());
        let e = got[2].as_ref().unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::Syntax(_)), "{garbage:#x}: {e}");
        assert_eq!((e.item(), e.offset()), (Some(2), Some(at)), "{garbage:#x}: {e}");
    }
    // A well-formed item of the wrong type is one error item; the stream goes on.
    let stream = [cbor(&events(2)[0]), cbor(&vec![1u8, 2]), cbor(&events(2)[1])].concat();
    let bad_at = cbor(&events(2)[0]).len();
    let got: Vec<_> = iter_values::<Event>(pieces(&stream, &[1])).collect();
    assert_eq!(got.len(), 3);
    let e = got[1].as_ref().unwrap_err();
    assert_eq!(e.to_string(), format!("invalid type: expected a map, found array (item 1, byte {bad_at})"));
    assert_eq!(got[2].as_ref().unwrap(), &events(2)[1]);
}

#[test]
fn limits_hold_per_item() {
    let long = "far longer than eight";
    let stream = [cbor(&"short"), cbor(&long), cbor(&"ok")].concat();
    let opts = Options::new().buffer_size(2).max_value_len(8);
    let got: Vec<_> = iter_values_with::<String, _>(pieces(&stream, &[1]), &opts).collect();
    let e = got[1].as_ref().unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::SizeLimit(_)), "{e}");
    assert_eq!((e.item(), e.offset()), (Some(1), Some(6)));
    // Depth and string length are each item's own: two items of depth 2 under a limit of 2.
    let nested = cbor(&vec![vec![1u8]]);
    let opts = Options::new().max_depth(2).max_string_len(3);
    let stream = [nested.clone(), nested.clone(), cbor(&vec![vec![vec![1u8]]]), cbor(&"abcd")].concat();
    let got: Vec<_> = iter_values_with::<Value, _>(pieces(&stream, &[2]), &opts).collect();
    assert!(got[0].is_ok() && got[1].is_ok(), "{got:?}");
    assert_eq!(got[2].as_ref().unwrap_err().kind(), &ErrorKind::DepthLimit(2));
    assert_eq!(got[2].as_ref().unwrap_err().item(), Some(2));
}

/// Indefinite-length arrays, maps and strings whose chunks and breaks arrive in separate
/// reads decode as from memory.
#[test]
fn indefinite_lengths_span_refills() {
    // [_ 1, [_ "a", (_ "b", "cd")], {_ "k": [_ ]}], then 7
    let first = b"\x9f\x01\x9f\x61a\x7f\x61b\x62cd\xff\xff\xbf\x61k\x9f\xff\xff\xff".to_vec();
    let stream = [first.clone(), first.clone(), vec![0x07]].concat();
    let want = from_slice::<Value>(&first).unwrap();
    assert_eq!(want.to_string(), r#"[1,["a","bcd"],{"k":[]}]"#);
    for buffer in [1, 2, 5, 64] {
        let got: Vec<Value> = iter_values_with(pieces(&stream, &[1, 2]), &Options::new().buffer_size(buffer))
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(got, [want.clone(), want.clone(), Value::from(7)], "buffer {buffer}");
    }
}

/// A million nested arrays, definite and indefinite, read one piece at a time: the
/// depth limit stops each at level 129, and nothing recurses deeper (the scan counts).
#[test]
fn deep_nesting_from_a_stream_does_not_overflow_the_stack() {
    for open in [0x81u8, 0x9f] {
        let deep = [vec![open; 1 << 20], vec![0x01]].concat();
        let got: Vec<_> = iter_values::<Value>(pieces(&deep, &[4096])).collect();
        assert_eq!(got.len(), 1);
        let e = got[0].as_ref().unwrap_err();
        assert_eq!((e.kind(), e.item()), (&ErrorKind::DepthLimit(128), Some(0)), "{open:#x}");
        assert_eq!(from_reader::<Value>(&deep[..]).unwrap_err().kind(), &ErrorKind::DepthLimit(128));
    }
}

/// One byte per read must not cost time quadratic in the item: the heads' counts find its
/// end. Two items of half a megabyte, one byte per read.
#[test]
fn an_item_trickling_in_one_byte_per_read_decodes_in_linear_time() {
    let value: Vec<(String, Vec<u32>)> = vec![("v".repeat(1000), vec![1, 70_000, u32::MAX]); 500];
    let two = [cbor(&value), cbor(&value)].concat();
    let got: Vec<Vec<(String, Vec<u32>)>> = iter_values(pieces(&two, &[1])).collect::<Result<_, _>>().unwrap();
    assert_eq!(got, [value.clone(), value]);
}

#[test]
fn writers_write_sequences() {
    use std::collections::HashMap;
    // Deterministic: each item sorted on its own.
    let maps = [HashMap::from([(10u32, 1u8), (1, 2)]), HashMap::from([(3, 4)])];
    let mut out = Vec::new();
    write_values_with(&mut out, &maps, &EncodeOptions::new().deterministic(true)).unwrap();
    assert_eq!(out, b"\xa2\x01\x02\x0a\x01\xa1\x03\x04");
    let mut one = Vec::new();
    codec::cbor::to_writer_with(&mut one, &maps[0], &EncodeOptions::new().deterministic(true)).unwrap();
    assert_eq!(one, &out[..5]);
    // An item that fails to encode: the items before it are written, none of it.
    enum Item {
        Fine(u8),
        Fails,
    }
    impl codec::Encode for Item {
        fn encode<W: codec::Writer>(&self, w: &mut W) -> codec::Result<()> {
            match self {
                Item::Fine(n) => n.encode(w),
                Item::Fails => {
                    w.write_str("partial")?;
                    Err(codec::Error::custom("no"))
                }
            }
        }
    }
    let mut out = Vec::new();
    let err = write_values(&mut out, [Item::Fine(1), Item::Fails, Item::Fine(2)]).unwrap_err();
    assert_eq!(err.to_string(), "no");
    assert_eq!(out, [0x01]);
}

#[test]
fn a_deterministic_document_longer_than_the_buffer_is_written_as_sorted() {
    use std::collections::HashMap;
    /// Records each write the encoder makes.
    struct Writes(Vec<Vec<u8>>);
    impl io::Write for Writes {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.push(buf.to_vec());
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let opts = EncodeOptions::new().deterministic(true);
    let big: HashMap<String, u32> = (0..20_000u32).map(|i| (format!("key {i}"), i * 7)).collect();
    let small = HashMap::from([(10u32.to_string(), 1u32), (1.to_string(), 2)]);
    let sorted = codec::cbor::to_vec_with(&big, &opts).unwrap();
    assert!(sorted.len() > 1 << 16, "{}", sorted.len());
    let mut one = Vec::new();
    codec::cbor::to_writer_with(&mut one, &big, &opts).unwrap();
    assert_eq!(one, sorted);
    // Between smaller items: the same bytes as each item's `to_vec_with`, the large one
    // in one write of its own.
    let items = [&small, &big, &small];
    let mut out = Writes(Vec::new());
    write_values_with(&mut out, items, &opts).unwrap();
    let expected: Vec<u8> = items.iter().flat_map(|v| codec::cbor::to_vec_with(v, &opts).unwrap()).collect();
    assert_eq!(out.0.concat(), expected);
    assert!(out.0.contains(&sorted), "{:?}", out.0.iter().map(Vec::len).collect::<Vec<_>>());
}
