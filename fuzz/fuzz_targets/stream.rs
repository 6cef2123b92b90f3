//! Streams: the document read through a reader that returns the chunk sizes the input's
//! first bytes choose (from 1 byte up), into a buffer of a chosen size (from 1 byte up),
//! decodes exactly as from the slice. `from_reader` yields what `from_slice` yields, and
//! `iter_array` what `from_slice::<Vec<T>>` yields (all elements, or the elements before
//! an error equal to the slice decoder's), in JSON; in MessagePack and CBOR `from_reader`
//! and the first item of `iter_values` likewise, and the whole sequence of `iter_values`
//! what `iter_values_slice` yields, for `Value` and several fuzz-crate models.
//!
//! Input: byte 0 picks how many chunk sizes follow (1 to 8), each `1 + b % 64`; the next
//! byte picks the buffer size (`1 + b % 32`, or the 64 KiB default from 128 up); the rest
//! is the document.
#![no_main]

use std::fmt::Debug;
use std::io::{self, Read};

use codec::json::Value;
use codec::{DecodeOwned, Error, ErrorKind};
use codec_fuzz::{Any, Chain, Cmd, Msg, Strict};
use libfuzzer_sys::fuzz_target;

struct Chunked<'a> {
    data: &'a [u8],
    sizes: &'a [usize],
    turn: usize,
}

impl Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let size = self.sizes[self.turn % self.sizes.len()];
        self.turn += 1;
        let n = size.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// Equal errors: kind, path and offset. An error raised without a position (an untagged
/// enum's, after it rewound) sits where the reader stands, which for the slice decoder
/// may be before the whitespace ahead of the value: offsets compare past whitespace.
fn same_error(input: &[u8], stream: &Error, slice: &Error, what: &str) {
    assert_eq!(stream.kind(), slice.kind(), "{what}: {stream} vs {slice}");
    assert_eq!(stream.path(), slice.path(), "{what}: {stream} vs {slice}");
    let past_ws = |off: Option<usize>| {
        off.map(|o| o + input[o.min(input.len())..].iter().take_while(|b| b" \t\r\n".contains(b)).count())
    };
    assert_eq!(past_ws(stream.offset()), past_ws(slice.offset()), "{what}: {stream} vs {slice}");
}

fn same<T: PartialEq + Debug>(input: &[u8], stream: &codec::Result<T>, slice: &codec::Result<T>, what: &str) {
    match (stream, slice) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{what}"),
        (Err(a), Err(b)) => same_error(input, a, b, what),
        _ => panic!("{what}: stream {stream:?} vs slice {slice:?}"),
    }
}

fn json<T: DecodeOwned + PartialEq + Debug>(doc: &[u8], sizes: &[usize], opts: &codec::json::Options, what: &str) {
    let stream = codec::json::from_reader_with::<T>(Chunked { data: doc, sizes, turn: 0 }, opts);
    same(doc, &stream, &codec::json::from_slice_with::<T>(doc, opts), what);
    let slice = codec::json::from_slice_with::<Vec<T>>(doc, opts);
    let items: Vec<_> = codec::json::iter_array_with::<T, _>(Chunked { data: doc, sizes, turn: 0 }, opts).collect();
    match &slice {
        Ok(all) => {
            assert_eq!(items.len(), all.len(), "{what}: iter_array length");
            for (item, want) in items.iter().zip(all) {
                assert_eq!(item.as_ref().unwrap(), want, "{what}: iter_array element");
            }
        }
        Err(e) => {
            let mut errors = items.iter().filter_map(|i| i.as_ref().err());
            let first = errors.next().expect("iter_array reports an error");
            if first.item().is_none() && matches!(first.kind(), ErrorKind::InvalidType { .. }) {
                // A stream that opens no array is judged by its first bytes, without
                // reading on; the slice, which has it all, may report the input's fault.
                assert!(
                    matches!(e.kind(), ErrorKind::InvalidType { .. }) || e.is_input_error(),
                    "{what}: {first} vs {e}"
                );
            } else if e.is_input_error() && !first.is_input_error() {
                // Each element is judged alone, the slice as one document: the document's
                // first fault comes after a well-formed element of the wrong shape, and the
                // stream, which goes on past that element, meets it later.
                let past_ws = |off: Option<usize>| {
                    off.map(|o| o + doc[o.min(doc.len())..].iter().take_while(|b| b" \t\r\n".contains(b)).count())
                };
                let met = errors.any(|s| s.kind() == e.kind() && past_ws(s.offset()) == past_ws(e.offset()));
                assert!(met, "{what}: no streamed error is {e}");
            } else {
                same_error(doc, first, e, what);
            }
        }
    }
    assert!(items.len() <= doc.len() + 1, "{what}: more items than bytes");
}

/// The binary formats (MessagePack, CBOR: `$fmt`), whose values can hold NaN: compared by
/// their encodings. `from_reader` equals `from_slice`; the first item of `iter_values`
/// equals `from_slice` with trailing bytes allowed; and the whole sequence read through the
/// reader equals `iter_values_slice` (every item and error: kind, offset, item, path).
macro_rules! binary {
    ($fmt:ident, $t:ty, $doc:expr, $sizes:expr, $opts:expr, $what:expr) => {{
        let (doc, sizes, opts, what): (&[u8], &[usize], &codec::$fmt::Options, &str) = ($doc, $sizes, $opts, $what);
        let bytes = |r: &codec::Result<$t>| r.as_ref().map(|v| codec::$fmt::to_vec(v).ok()).map_err(|e| e.to_string());
        let stream = codec::$fmt::from_reader_with::<$t>(Chunked { data: doc, sizes, turn: 0 }, opts);
        let slice = codec::$fmt::from_slice_with::<$t>(doc, opts);
        assert_eq!(bytes(&stream), bytes(&slice), "{what}: {} from_reader", stringify!($fmt));
        // As a stream of values, the first one decodes as `from_slice` with trailing bytes allowed.
        let items: Vec<codec::Result<$t>> = codec::$fmt::iter_values_with(Chunked { data: doc, sizes, turn: 0 }, opts).collect();
        let trailing = codec::$fmt::from_slice_with::<$t>(doc, &opts.clone().allow_trailing(true));
        match items.first() {
            None => assert!(doc.is_empty(), "{what}: no value from a non-empty stream"),
            Some(Ok(_)) => assert_eq!(bytes(&items[0]), bytes(&trailing), "{what}: {} iter_values", stringify!($fmt)),
            // Messages carry the stream item; compare kinds and offsets.
            Some(Err(x)) => match &trailing {
                Err(y) => {
                    assert_eq!(x.kind(), y.kind(), "{what}: {x} vs {y}");
                    assert_eq!(x.offset(), y.offset(), "{what}: {x} vs {y}");
                }
                Ok(_) => panic!("{what}: {} iter_values {x} vs {:?}", stringify!($fmt), bytes(&trailing)),
            },
        }
        let in_memory: Vec<codec::Result<$t>> = codec::$fmt::iter_values_slice_with(doc, opts).collect();
        let seen = |r: &codec::Result<$t>| match r {
            Ok(v) => Ok(codec::$fmt::to_vec(v).ok()),
            Err(e) => Err((e.kind().clone(), e.offset(), e.item(), e.path())),
        };
        assert_eq!(
            items.iter().map(seen).collect::<Vec<_>>(),
            in_memory.iter().map(seen).collect::<Vec<_>>(),
            "{what}: {} iter_values vs iter_values_slice",
            stringify!($fmt)
        );
    }};
}

fuzz_target!(|data: &[u8]| {
    let Some((&n, rest)) = data.split_first() else { return };
    let n = usize::from(n % 8) + 1;
    if rest.len() < n + 1 {
        return;
    }
    let sizes: Vec<usize> = rest[..n].iter().map(|&b| usize::from(b % 64) + 1).collect();
    let buffer = match rest[n] {
        b if b >= 128 => 64 << 10,
        b => usize::from(b % 32) + 1,
    };
    let doc = &rest[n + 1..];

    let opts = codec::json::Options::new().buffer_size(buffer);
    json::<Value>(doc, &sizes, &opts, "Value");
    json::<Any>(doc, &sizes, &opts, "Any");
    json::<Msg>(doc, &sizes, &opts, "Msg");
    json::<Cmd>(doc, &sizes, &opts, "Cmd");
    json::<Strict>(doc, &sizes, &opts, "Strict");
    json::<Chain>(doc, &sizes, &opts, "Chain");

    let opts = codec::msgpack::Options::new().buffer_size(buffer);
    binary!(msgpack, Value, doc, &sizes, &opts, "Value");
    binary!(msgpack, Any, doc, &sizes, &opts, "Any");
    binary!(msgpack, Msg, doc, &sizes, &opts, "Msg");
    binary!(msgpack, Strict, doc, &sizes, &opts, "Strict");

    let opts = codec::cbor::Options::new().buffer_size(buffer);
    binary!(cbor, Value, doc, &sizes, &opts, "Value");
    binary!(cbor, Any, doc, &sizes, &opts, "Any");
    binary!(cbor, Msg, doc, &sizes, &opts, "Msg");
    binary!(cbor, Strict, doc, &sizes, &opts, "Strict");
});
