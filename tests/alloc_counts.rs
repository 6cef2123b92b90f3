//! Memory behaviour, counted with a global allocator (not timed): decoding allocates only
//! what the value owns, and encoding into a buffer with room allocates nothing.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use codec_tests::models::{citm, twitter};

struct Counting;

thread_local! {
    // Per thread, so tests running in parallel do not see each other's allocations.
    static ALLOCS: Cell<usize> = const { Cell::new(0) };
    static REALLOCS: Cell<usize> = const { Cell::new(0) };
    static FREES: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged; the
// counters are const-initialized thread-locals without destructors, which never allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCS.with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded as received.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        FREES.with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded as received.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        REALLOCS.with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded as received.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Counts {
    allocs: usize,
    reallocs: usize,
    frees: usize,
}

fn counted<R>(f: impl FnOnce() -> R) -> (R, Counts) {
    let get =
        || Counts { allocs: ALLOCS.with(Cell::get), reallocs: REALLOCS.with(Cell::get), frees: FREES.with(Cell::get) };
    let before = get();
    let r = f();
    let after = get();
    (
        r,
        Counts {
            allocs: after.allocs - before.allocs,
            reallocs: after.reallocs - before.reallocs,
            frees: after.frees - before.frees,
        },
    )
}

/// Nothing allocated during the decode is freed before the value is: every allocation
/// is one of the value's own buffers (growing a `Vec` reallocates its one buffer), and
/// dropping the value frees exactly as many blocks as decoding allocated.
fn assert_decode_allocates_only_owned<T>(label: &str, decode: impl FnOnce() -> T) {
    let (value, during) = counted(decode);
    assert_eq!(during.frees, 0, "{label}: decoding freed temporary memory: {during:?}");
    let ((), dropping) = counted(|| drop(value));
    assert_eq!(dropping.frees, during.allocs, "{label}: the value owns fewer blocks than decoding allocated");
}

#[test]
fn borrowed_twitter_allocates_only_its_own_buffers() {
    let doc = codec_tests::data("json-benchmark/twitter.json");
    assert_decode_allocates_only_owned("twitter borrowed", || {
        codec::json::from_slice::<twitter::borrowed::Twitter>(&doc).expect("decodes")
    });
    assert_decode_allocates_only_owned("twitter owned", || {
        codec::json::from_slice::<twitter::Twitter>(&doc).expect("decodes")
    });
    let citm_doc = codec_tests::data("json-benchmark/citm_catalog.json");
    assert_decode_allocates_only_owned("citm borrowed", || {
        codec::json::from_slice::<citm::borrowed::CitmCatalog>(&citm_doc).expect("decodes")
    });
}

#[test]
fn borrowed_strings_allocate_nothing() {
    #[derive(codec::Codec)]
    struct Names<'a> {
        first: &'a str,
        last: std::borrow::Cow<'a, str>,
        tags: [&'a str; 2],
    }
    let doc = br#"{"first": "Ada", "last": "Lovelace", "tags": ["math", "engines"]}"#;
    let (names, during) = counted(|| codec::json::from_slice::<Names>(doc).expect("decodes"));
    assert_eq!(during, Counts { allocs: 0, reallocs: 0, frees: 0 });
    assert_eq!((names.first, &*names.last, names.tags), ("Ada", "Lovelace", ["math", "engines"]));
}

#[test]
fn encoding_into_a_buffer_with_room_allocates_nothing() {
    let doc = codec_tests::data("json-benchmark/twitter.json");
    let value: twitter::Twitter = codec::json::from_slice(&doc).expect("decodes");
    let size = codec::json::to_vec(&value).expect("encodes").len();

    let mut writer = codec::json::JsonWriter::with_capacity(size);
    let (result, during) = counted(|| codec::Encode::encode(&value, &mut writer));
    result.expect("encodes");
    assert_eq!(during, Counts { allocs: 0, reallocs: 0, frees: 0 }, "encode into a Vec with room");

    // A reused writer: after the first document it has the room, so the next ones
    // allocate nothing.
    let mut reused = codec::json::JsonWriter::new();
    codec::Encode::encode(&value, &mut reused).expect("encodes");
    for _ in 0..3 {
        reused.clear();
        let (result, during) = counted(|| codec::Encode::encode(&value, &mut reused));
        result.expect("encodes");
        assert_eq!(during, Counts { allocs: 0, reallocs: 0, frees: 0 }, "encode through a reused writer");
    }
    assert_eq!(reused.as_bytes(), writer.as_bytes());
}
