//! MessagePack streams (`from_reader`, `iter_values`, `iter_values_slice`).
//!
//! 1. Differential properties: random values (and random mutations of their encodings)
//!    fed through a reader of random chunk sizes into buffers of random sizes decode as
//!    `from_slice` decodes them: the same value, or an error of the same kind, offset and
//!    path; a stream of concatenated values yields what `from_slice` yields for each.
//! 2. Hand-written streams: error offsets and item indexes, recovery from mistyped values,
//!    the end after malformed bytes, read failures, truncation and `max_value_len`.

use std::io::{self, Read};

use codec::json::Value;
use codec::msgpack::{
    from_reader, from_reader_with, from_slice, iter_values, iter_values_slice, iter_values_with, Options,
};
use codec::{Codec, Error, ErrorKind};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::Config;

fn config(cases: u32) -> Config {
    let mut config = Config::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    config.failure_persistence = None;
    config
}

/// Returns `data` in chunks of the given sizes (cycled).
struct Chunked {
    data: Vec<u8>,
    pos: usize,
    sizes: Vec<usize>,
    turn: usize,
}

impl Chunked {
    fn new(data: &[u8], sizes: &[usize]) -> Self {
        Chunked { data: data.to_vec(), pos: 0, sizes: sizes.to_vec(), turn: 0 }
    }
}

impl Read for Chunked {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let size = self.sizes[self.turn % self.sizes.len()].max(1);
        self.turn += 1;
        let n = size.min(buf.len()).min(self.data.len() - self.pos);
        buf[..n].copy_from_slice(&self.data[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

#[derive(Codec, Debug, Clone, PartialEq)]
struct Rec {
    id: u32,
    name: String,
    #[codec(default)]
    tags: Vec<u8>,
}

fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        "[a-z\u{e9}]{0,12}".prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 5, |inner| {
        prop_oneof![
            vec(inner.clone(), 0..5).prop_map(Value::from),
            vec(("[a-z]{0,3}", inner), 0..4).prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

fn rec() -> impl Strategy<Value = Rec> {
    (any::<u32>(), "[a-z]{0,8}", vec(any::<u8>(), 0..4)).prop_map(|(id, name, tags)| Rec { id, name, tags })
}

fn encoded() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        value().prop_map(|v| codec::msgpack::to_vec(&v).unwrap()),
        rec().prop_map(|r| codec::msgpack::to_vec(&r).unwrap()),
    ]
}

fn mutate(mut bytes: Vec<u8>, m: Option<(Index, u8, bool)>) -> Vec<u8> {
    if let Some((at, b, truncate)) = m {
        if truncate {
            bytes.truncate(at.index(bytes.len() + 1));
        } else if !bytes.is_empty() {
            let i = at.index(bytes.len());
            bytes[i] = b;
        }
    }
    bytes
}

fn chunks() -> impl Strategy<Value = Vec<usize>> {
    vec(prop_oneof![4 => 1usize..8, 1 => 8usize..200], 1..8)
}

#[track_caller]
fn same_error(stream: &Error, slice: &Error) {
    assert_eq!(stream.kind(), slice.kind(), "{stream} vs {slice}");
    assert_eq!(stream.offset(), slice.offset(), "{stream} vs {slice}");
    assert_eq!(stream.path(), slice.path(), "{stream} vs {slice}");
}

#[track_caller]
fn same_result<T: PartialEq + std::fmt::Debug>(stream: &codec::Result<T>, slice: &codec::Result<T>) {
    match (stream, slice) {
        (Ok(a), Ok(b)) => assert_eq!(a, b),
        (Err(a), Err(b)) => same_error(a, b),
        _ => panic!("stream {stream:?} vs slice {slice:?}"),
    }
}

proptest! {
    #![proptest_config(config(400))]

    #[test]
    fn from_reader_equals_from_slice(
        bytes in encoded(), m in any::<Option<(Index, u8, bool)>>(), sizes in chunks(), buffer in prop_oneof![1usize..24, Just(1 << 16)],
    ) {
        let bytes = mutate(bytes, m);
        let opts = Options::new().buffer_size(buffer);
        same_result(&from_reader_with::<Value>(Chunked::new(&bytes, &sizes), &opts), &codec::msgpack::from_slice_with(&bytes, &opts));
        same_result(&from_reader_with::<Rec>(Chunked::new(&bytes, &sizes), &opts), &codec::msgpack::from_slice_with(&bytes, &opts));
        same_result(&from_reader_with::<Vec<Value>>(Chunked::new(&bytes, &sizes), &opts), &codec::msgpack::from_slice_with(&bytes, &opts));
    }

    /// Well-formed values, some not `Rec`s: each yields what `from_slice` yields for it.
    #[test]
    fn iter_values_equals_per_value_from_slice(items in vec(encoded(), 0..10), sizes in chunks(), buffer in 1usize..40) {
        let stream: Vec<u8> = items.concat();
        let opts = Options::new().buffer_size(buffer);
        let got: Vec<_> = iter_values_with::<Rec, _>(Chunked::new(&stream, &sizes), &opts).collect();
        let got_slice: Vec<_> = codec::msgpack::iter_values_slice_with::<Rec>(&stream, &opts).collect();
        prop_assert_eq!(got.len(), items.len());
        prop_assert_eq!(got_slice.len(), items.len());
        let mut start = 0;
        for (i, ((g, s), item)) in got.iter().zip(&got_slice).zip(&items).enumerate() {
            same_result(g, s);
            match (g, from_slice::<Rec>(item)) {
                (Ok(a), Ok(b)) => prop_assert_eq!(a, &b),
                (Err(a), Err(b)) => {
                    prop_assert_eq!(a.kind(), b.kind());
                    prop_assert_eq!(a.path(), b.path());
                    prop_assert_eq!(a.offset(), b.offset().map(|o| o + start));
                    prop_assert_eq!(a.item(), Some(i));
                }
                (a, b) => prop_assert!(false, "{:?} vs {:?}", a, b),
            }
            start += item.len();
        }
    }

    /// A reserved byte where a value should start ends the stream after its error;
    /// everything before arrives.
    #[test]
    fn malformed_bytes_end_the_stream(items in vec(rec(), 1..6), at in any::<Index>(), sizes in chunks()) {
        let k = at.index(items.len() + 1);
        let mut stream = Vec::new();
        for (i, r) in items.iter().enumerate() {
            if i == k {
                stream.push(0xc1); // never used
            }
            stream.extend(codec::msgpack::to_vec(r).unwrap());
        }
        if k == items.len() {
            stream.push(0xc1);
        }
        let got: Vec<_> = iter_values_with::<Rec, _>(Chunked::new(&stream, &sizes), &Options::new().buffer_size(3)).collect();
        prop_assert_eq!(got.len(), k + 1);
        for (r, want) in got.iter().zip(&items[..k]) {
            prop_assert_eq!(r.as_ref().unwrap(), want);
        }
        let e = got[k].as_ref().unwrap_err();
        prop_assert!(matches!(e.kind(), ErrorKind::Syntax(_)), "{}", e);
        prop_assert_eq!(e.item(), Some(k));
    }
}

#[test]
fn mistyped_values_are_skipped() {
    let mut stream = Vec::new();
    let good = [Rec { id: 1, name: "a".into(), tags: vec![] }, Rec { id: 3, name: "c".into(), tags: vec![9] }];
    stream.extend(codec::msgpack::to_vec(&good[0]).unwrap());
    let bad_at = stream.len();
    stream.extend(codec::msgpack::to_vec(&vec![1u8, 2, 3]).unwrap());
    stream.extend(codec::msgpack::to_vec(&good[1]).unwrap());
    for size in [1, 2, 5, 1 << 16] {
        let got: Vec<_> =
            iter_values_with::<Rec, _>(Chunked::new(&stream, &[1, 3]), &Options::new().buffer_size(size)).collect();
        assert_eq!(got.len(), 3);
        assert_eq!(got[0].as_ref().unwrap(), &good[0]);
        let e = got[1].as_ref().unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::InvalidType { .. }), "{e}");
        assert_eq!((e.item(), e.offset(), e.line()), (Some(1), Some(bad_at), None));
        assert_eq!(e.to_string(), format!("invalid type: expected a map, found array (item 1, byte {bad_at})"));
        assert_eq!(got[2].as_ref().unwrap(), &good[1]);
    }
    let slice: Vec<_> = iter_values_slice::<Rec>(&stream).collect();
    assert!(slice[0].is_ok() && slice[1].is_err() && slice[2].is_ok());
}

#[test]
fn truncated_last_value_is_an_eof_error() {
    let mut stream = codec::msgpack::to_vec(&"hello").unwrap();
    stream.extend_from_slice(b"\xa5hel");
    let got: Vec<_> = iter_values_with::<String, _>(&stream[..], &Options::new().buffer_size(2)).collect();
    assert_eq!(got.len(), 2);
    assert_eq!(got[0].as_ref().unwrap(), "hello");
    let e = got[1].as_ref().unwrap_err();
    assert_eq!((e.kind(), e.item(), e.offset()), (&ErrorKind::Eof, Some(1), Some(10)));
    let e = from_reader::<String>(&b"\xa5hel"[..]).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::Eof);
    assert_eq!(from_reader::<String>(&b""[..]).unwrap_err().kind(), &ErrorKind::Eof);
}

#[test]
fn trailing_bytes_and_io_errors() {
    let e = from_reader::<u8>(&b"\x01\x02"[..]).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (&ErrorKind::TrailingCharacters, Some(1)));
    struct Broken(usize);
    impl Read for Broken {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0 == 0 {
                return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "cable cut"));
            }
            self.0 -= 1;
            buf[0] = 0x07;
            Ok(1)
        }
    }
    let mut it = iter_values::<u8>(Broken(2));
    assert_eq!(it.next().unwrap().unwrap(), 7);
    assert_eq!(it.next().unwrap().unwrap(), 7);
    let e = it.next().unwrap().unwrap_err();
    assert_eq!((e.io_kind(), e.item(), e.offset()), (Some(io::ErrorKind::UnexpectedEof), Some(2), Some(2)));
    assert!(it.next().is_none());
}

#[test]
fn values_longer_than_max_value_len() {
    let opts = Options::new().buffer_size(2).max_value_len(8);
    let mut stream = codec::msgpack::to_vec(&"short").unwrap();
    stream.extend(codec::msgpack::to_vec(&"far longer than eight").unwrap());
    let got: Vec<_> = iter_values_with::<String, _>(&stream[..], &opts).collect();
    assert_eq!(got.len(), 2);
    let e = got[1].as_ref().unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::SizeLimit(_)), "{e}");
    assert_eq!((e.item(), e.offset()), (Some(1), Some(6)));
}

#[test]
fn borrowed_values_from_a_slice() {
    #[derive(Codec, Debug, PartialEq)]
    struct Event<'a> {
        kind: &'a str,
    }
    let mut stream = Vec::new();
    for kind in ["start", "stop"] {
        stream.extend(codec::msgpack::to_vec(&Event { kind }).unwrap());
    }
    let kinds: Vec<&str> = iter_values_slice::<Event<'_>>(&stream).map(|e| e.unwrap().kind).collect();
    assert_eq!(kinds, ["start", "stop"]);
}

/// One byte per read must not make an item cost time quadratic in its length: the headers'
/// counts find its end, and it is decoded there (or where the bytes at hand doubled), not
/// after every read. Two values of half a megabyte, one byte per read.
#[test]
fn an_item_trickling_in_one_byte_per_read_decodes_in_linear_time() {
    let value: Vec<(String, Vec<u32>)> = vec![("v".repeat(1000), vec![1, 70_000, u32::MAX]); 500];
    let one = codec::msgpack::to_vec(&value).unwrap();
    let two = [one.clone(), one].concat();
    let got: Vec<Vec<(String, Vec<u32>)>> =
        codec::msgpack::iter_values(Chunked::new(&two, &[1])).collect::<Result<_, _>>().unwrap();
    assert_eq!(got, [value.clone(), value]);
}
