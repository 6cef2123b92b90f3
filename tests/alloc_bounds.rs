//! Memory requested while decoding hostile input, counted with a global allocator: a
//! length prefix is a claim the input has not backed yet, and no claim, however nested,
//! makes the decoder request more than a small multiple of the input it has read.
//!
//! Each case is an input that fails (at the end of the input, or at a value of the wrong
//! kind) after its headers announced as much as the reader lets them; the bytes requested
//! from the allocator in all, every `alloc` and every `realloc` counted at its full new
//! size, must stay within [`bound`].

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::fmt::Debug;
use std::mem::size_of;

use codec::json::Value;
use codec::msgpack::Ext;
// The lossless MessagePack value: every case that decodes `json::Value` decodes it too.
use codec::msgpack::Value as MpValue;
use codec::{Bytes, Codec, Decode};

struct Counting;

thread_local! {
    // Per thread, so tests running in parallel do not see each other's allocations.
    static REQUESTED: Cell<usize> = const { Cell::new(0) };
}

fn add(bytes: usize) {
    REQUESTED.with(|c| c.set(c.get().saturating_add(bytes)));
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged; the
// counter is a const-initialized thread-local without a destructor, which never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        add(layout.size());
        // SAFETY: forwarded as received.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        add(layout.size());
        // SAFETY: forwarded as received.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded as received.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        add(new_size);
        // SAFETY: forwarded as received.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// What a decode may request from the allocator per input byte, beyond the value it
/// builds: all the reservations that length prefixes make ahead of their elements (the
/// reader allows 8 bytes per input byte in all), strings (at most their length in the
/// input), and bookkeeping.
const PER_INPUT_BYTE: usize = 16;

/// A constant on top, for small inputs.
const BASE: usize = 64 << 10;

/// The value's own buffers grow by doubling as its elements are read, so in all the sizes
/// they pass through they request at most this many times the size of the elements they
/// end up holding (a hash table: of its buckets).
const GROWTH: usize = 4;

/// The most a failing decode of `input_len` bytes may request in all, when the elements
/// read before it failed take `value_bytes` of memory.
fn bound(input_len: usize, value_bytes: usize) -> usize {
    PER_INPUT_BYTE * input_len + BASE + GROWTH * value_bytes
}

/// The bytes requested from the allocator while `f` runs on this thread.
fn requested<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let before = REQUESTED.with(Cell::get);
    let r = f();
    (r, REQUESTED.with(Cell::get) - before)
}

#[derive(Clone, Copy, Debug)]
enum Format {
    Json,
    Msgpack,
}

/// Decodes `input` as a `T`, which must fail, and checks the bytes requested meanwhile.
fn check<'a, T: Decode<'a> + Debug>(label: &str, format: Format, input: &'a [u8], value_bytes: usize) -> usize {
    let (result, bytes) = requested(|| match format {
        Format::Json => codec::json::from_slice::<T>(input),
        Format::Msgpack => codec::msgpack::from_slice::<T>(input),
    });
    let err = result.expect_err(label);
    let limit = bound(input.len(), value_bytes);
    assert!(
        bytes <= limit,
        "{label} as {}: requested {bytes} bytes for {} input bytes (limit {limit}); error: {err}",
        std::any::type_name::<T>(),
        input.len()
    );
    bytes
}

fn msgpack<'a, T: Decode<'a> + Debug>(label: &str, input: &'a [u8], value_bytes: usize) -> usize {
    check::<T>(label, Format::Msgpack, input, value_bytes)
}

fn json<'a, T: Decode<'a> + Debug>(label: &str, input: &'a [u8], value_bytes: usize) -> usize {
    check::<T>(label, Format::Json, input, value_bytes)
}

// ---------------------------------------------------------------- MessagePack headers

fn array16(n: usize) -> Vec<u8> {
    let n = u16::try_from(n).unwrap();
    [&[0xdc][..], &n.to_be_bytes()].concat()
}

fn array32(n: usize) -> Vec<u8> {
    let n = u32::try_from(n).unwrap();
    [&[0xdd][..], &n.to_be_bytes()].concat()
}

fn map16(n: usize) -> Vec<u8> {
    let n = u16::try_from(n).unwrap();
    [&[0xde][..], &n.to_be_bytes()].concat()
}

fn map32(n: usize) -> Vec<u8> {
    let n = u32::try_from(n).unwrap();
    [&[0xdf][..], &n.to_be_bytes()].concat()
}

/// A str, bin or ext header (`family`: its 8, 16 and 32-bit forms) of the form `width` (0,
/// 1, 2), claiming `n` bytes.
fn sized_header(family: [u8; 3], width: usize, n: usize) -> Vec<u8> {
    match width {
        0 => vec![family[0], u8::try_from(n).unwrap()],
        1 => [&[family[1]][..], &u16::try_from(n).unwrap().to_be_bytes()].concat(),
        _ => [&[family[2]][..], &u32::try_from(n).unwrap().to_be_bytes()].concat(),
    }
}

const STR: [u8; 3] = [0xd9, 0xda, 0xdb];
const BIN: [u8; 3] = [0xc4, 0xc5, 0xc6];
/// ext 8/16/32 (their type byte follows the length).
const EXT: [u8; 3] = [0xc7, 0xc8, 0xc9];

/// A byte no MessagePack value starts with: whatever reads it fails at once.
const RESERVED: u8 = 0xc1;

/// A type that nests without limit: every level a `Vec` (in MessagePack an array).
#[derive(Codec, Debug)]
struct Tree(Vec<Tree>);

/// The same through maps.
#[derive(Codec, Debug)]
struct MapTree(HashMap<String, MapTree>);

/// Decodes `input` as every sequence target; none of their elements can be read.
fn every_sequence(label: &str, input: &[u8]) {
    msgpack::<Value>(label, input, 0);
    msgpack::<Vec<u8>>(label, input, 0);
    msgpack::<Vec<Vec<u8>>>(label, input, 0);
    msgpack::<Vec<Vec<Vec<u64>>>>(label, input, 0);
    msgpack::<VecDeque<u64>>(label, input, 0);
    msgpack::<HashSet<u64>>(label, input, 0);
    msgpack::<BTreeSet<String>>(label, input, 0);
    msgpack::<Vec<String>>(label, input, 0);
    msgpack::<Vec<Bytes>>(label, input, 0);
    msgpack::<Vec<Value>>(label, input, 0);
    msgpack::<MpValue>(label, input, 0);
    msgpack::<Vec<MpValue>>(label, input, 0);
    msgpack::<Tree>(label, input, 0);
}

#[test]
fn array_headers_claiming_everything_left() {
    let cases =
        [("array 16", array16(60_000), 60_000), ("array 32", array32(200_000), 200_000), ("fixarray", vec![0x9f], 15)];
    for (label, header, n) in cases {
        // As many elements as claimed, each unreadable.
        let doc = [header.clone(), vec![RESERVED; n]].concat();
        every_sequence(label, &doc);
        // The claim beyond the input: rejected before anything is reserved.
        let short = [header, vec![0x01; n - 1]].concat();
        let (result, bytes) = requested(|| codec::msgpack::from_slice::<Vec<u64>>(&short));
        assert_eq!(result.unwrap_err().kind(), &codec::ErrorKind::Eof, "{label}");
        assert!(bytes < 1024, "{label}: {bytes} bytes requested for a claim the input cannot hold");
    }
}

#[test]
fn array_headers_half_backed() {
    // As many bytes as claimed, but each element takes two: half of them arrive, then
    // the input ends. What they build is the value's; the reservation beyond is bounded.
    for (label, header, n) in [("array 16", array16(60_000), 60_000), ("array 32", array32(200_000), 200_000)] {
        let uint8s = [header.clone(), [0xcc, 0x01].repeat(n / 2)].concat();
        msgpack::<Vec<u8>>(label, &uint8s, n / 2);
        msgpack::<VecDeque<u64>>(label, &uint8s, n / 2 * size_of::<u64>());
        msgpack::<Value>(label, &uint8s, n / 2 * size_of::<Value>());
        msgpack::<MpValue>(label, &uint8s, n / 2 * size_of::<MpValue>());
        let rows = [header, [0x91, 0x01].repeat(n / 2)].concat();
        msgpack::<Vec<Vec<u8>>>(label, &rows, n / 2 * (size_of::<Vec<u8>>() + 1));
    }
}

#[test]
fn nested_array_headers_as_in_the_issue() {
    // 128 nested array 32 headers of 32,768 elements, then 32 KB of nil: 33 KB of input
    // that used to reserve 128 MiB. For `Value` the nils are values: the innermost array
    // holds 32,768 of them before the one above finds the input ended.
    let headers = array32(32_768).repeat(128);
    let nils = [headers.clone(), vec![0xc0; 32_768]].concat();
    let bytes = msgpack::<Value>("nested arrays, nil", &nils, 32_768 * size_of::<Value>());
    assert!(bytes < 8 << 20, "{bytes}");
    let bytes = msgpack::<MpValue>("nested arrays, nil", &nils, 32_768 * size_of::<MpValue>());
    assert!(bytes < 8 << 20, "{bytes}");
    msgpack::<Tree>("nested arrays, nil", &nils, 0);
    let unreadable = [headers, vec![RESERVED; 32_768]].concat();
    every_sequence("nested arrays", &unreadable);
    // Past the depth limit: the error is the limit, the memory as bounded.
    let deeper = [array32(32_768).repeat(300), vec![0xc0; 32_768]].concat();
    msgpack::<Value>("300 nested arrays", &deeper, 0);
    msgpack::<MpValue>("300 nested arrays", &deeper, 0);
    msgpack::<Tree>("300 nested arrays", &deeper, 0);
    // Each level claiming all that is left after it, with array 16.
    let mut doc = vec![RESERVED; 4096];
    for _ in 0..128 {
        doc = [array16(doc.len()), doc].concat();
    }
    every_sequence("nested array 16, each claiming the rest", &doc);
}

#[test]
fn map_headers_claiming_everything_left() {
    for (label, header, n) in [("map 16", map16(30_000), 30_000), ("map 32", map32(100_000), 100_000)] {
        // Keys never readable.
        let doc = [header.clone(), vec![RESERVED; 2 * n]].concat();
        msgpack::<Value>(label, &doc, 0);
        msgpack::<MpValue>(label, &doc, 0);
        msgpack::<HashMap<String, u8>>(label, &doc, 0);
        msgpack::<BTreeMap<String, Value>>(label, &doc, 0);
        msgpack::<MapTree>(label, &doc, 0);
        // Half the entries, with distinct two-byte keys, then the end of the input.
        let mut entries = Vec::new();
        for i in 0..n / 2 {
            entries.extend([0xa2, (i >> 8) as u8, i as u8, 0x01]);
        }
        let doc = [header, entries].concat();
        let entry = size_of::<(String, Value)>();
        msgpack::<Value>(label, &doc, n / 2 * entry);
        // Its keys are values, indexed past 32 entries by a table of 16-byte slots (a
        // hash and a position) at up to 2.3 per entry.
        msgpack::<MpValue>(label, &doc, n / 2 * (size_of::<(MpValue, MpValue)>() + 17 * 5 / 2));
        // A hash table's buckets: up to 2.3 per entry, each an entry and a control byte.
        let table = (size_of::<(String, u8)>() + 1) * 5 / 2;
        msgpack::<HashMap<String, u8>>(label, &doc, n / 2 * table);
        msgpack::<BTreeMap<String, u8>>(label, &doc, n / 2 * size_of::<(String, u8)>());
    }
}

#[test]
fn nested_map_headers() {
    // 128 maps, each claiming 16,384 entries and holding one key before the next map.
    let level = [map32(16_384), vec![0xa1, b'k']].concat();
    let doc = [level.repeat(128), vec![RESERVED; 32_768]].concat();
    msgpack::<Value>("nested maps", &doc, 0);
    msgpack::<MpValue>("nested maps", &doc, 0);
    msgpack::<MapTree>("nested maps", &doc, 0);
    msgpack::<BTreeMap<String, BTreeMap<String, Value>>>("nested maps", &doc, 0);
    let nils = [level.repeat(128), vec![0xc0; 32_768]].concat();
    msgpack::<Value>("nested maps, nil", &nils, 0);
    msgpack::<MpValue>("nested maps, nil", &nils, 0);
}

#[test]
fn str_bin_and_ext_headers() {
    for width in 0..3 {
        for (family, label) in [(STR, "str"), (BIN, "bin"), (EXT, "ext")] {
            let max = [255, 65_535, 1 << 20][width];
            let ext_type: &[u8] = if family == EXT { &[0x01] } else { &[] };
            // Claiming more than the input holds: rejected before anything is allocated.
            let short = [sized_header(family, width, max), ext_type.to_vec(), vec![b'a'; max / 2]].concat();
            for bytes in [
                msgpack::<String>(label, &short, 0),
                msgpack::<Bytes>(label, &short, 0),
                msgpack::<Value>(label, &short, 0),
                msgpack::<MpValue>(label, &short, 0),
                msgpack::<Ext>(label, &short, 0),
                msgpack::<Vec<u8>>(label, &short, 0),
            ] {
                assert!(bytes < 1024, "{label} {width}: {bytes} bytes for a claim the input cannot hold");
            }
            // Claims the input backs, each inside an array that then ends early: what
            // they hold is read (a `Value` makes each bin byte a number).
            let item = [sized_header(family, width, max), ext_type.to_vec(), vec![b'a'; max]].concat();
            let doc = [array16(3), item.repeat(2)].concat();
            msgpack::<Vec<String>>(label, &doc, 0);
            msgpack::<Vec<Bytes>>(label, &doc, 0);
            msgpack::<Vec<Ext>>(label, &doc, 0);
            let numbers = if family == BIN { 2 * max * size_of::<Value>() } else { 0 };
            msgpack::<Vec<Value>>(label, &doc, numbers);
            // A `msgpack::Value` keeps str, bin and ext payloads as bytes.
            msgpack::<Vec<MpValue>>(label, &doc, 2 * max);
        }
    }
}

// ---------------------------------------------------------------- JSON

#[test]
fn json_grows_with_what_it_reads() {
    // JSON states no lengths; what a decode requests follows the elements it has read.
    let n = 100_000;
    let zeros = format!("[{}", "0,".repeat(n));
    json::<Vec<u8>>("zeros", zeros.as_bytes(), n);
    json::<Vec<u64>>("zeros", zeros.as_bytes(), n * size_of::<u64>());
    json::<Value>("zeros", zeros.as_bytes(), n * size_of::<Value>());
    json::<VecDeque<u8>>("zeros", zeros.as_bytes(), n);
    let rows = format!("[{}", "[],".repeat(n));
    json::<Vec<Vec<u8>>>("empty rows", rows.as_bytes(), n * size_of::<Vec<u8>>());
    json::<Value>("empty rows", rows.as_bytes(), n * size_of::<Value>());
    json::<Tree>("empty rows", rows.as_bytes(), n * size_of::<Tree>());

    // Nested to the limit, then many elements at the bottom.
    let deep = format!("{}{}", "[".repeat(128), "0,".repeat(n));
    json::<Value>("nested, then zeros", deep.as_bytes(), n * size_of::<Value>());
    json::<Tree>("nested", deep.as_bytes(), 0);
    let deeper = format!("{}{}", "[".repeat(10_000), "0,".repeat(n));
    json::<Value>("nested past the limit", deeper.as_bytes(), 0);

    // Objects: members, then the end of the input.
    let members: String = (0..n).map(|i| format!("\"k{i}\":0,")).collect();
    let object = format!("{{{members}");
    let entry = size_of::<(String, Value)>();
    // `Value`'s objects index their keys by hash past 32 members: a table of 16-byte
    // buckets, up to 2.3 per member.
    json::<Value>("members", object.as_bytes(), n * (entry + 17 * 5 / 2));
    let table = (size_of::<(String, u8)>() + 1) * 5 / 2;
    json::<HashMap<String, u8>>("members", object.as_bytes(), n * table);
    json::<BTreeMap<String, u8>>("members", object.as_bytes(), n * size_of::<(String, u8)>());
    let nested_objects = format!("{}{}", r#"{"k":"#.repeat(127), object);
    json::<Value>("nested objects", nested_objects.as_bytes(), n * (entry + 17 * 5 / 2));
    json::<MapTree>("nested objects", nested_objects.as_bytes(), 0);
}
