//! Memory of a streamed array: `iter_array` over an array generated on the fly by a
//! `Read` (never held in memory anywhere) keeps the bytes live at once under 16 MiB,
//! however long the array: the buffer (64 KiB) plus one element.
//!
//! The array is 20 MB in a debug build and 200 MB in an optimized one (CI runs this file
//! with `--release` too, like the robustness sweep).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::{self, Read};
use std::time::Instant;

use codec::Codec;

struct PeakCounting;

thread_local! {
    // Per thread: the test decodes on its own thread, and other tests' allocations (none
    // in this file today) must not count.
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn grew(by: isize) {
    LIVE.with(|live| {
        let now = live.get() + by;
        live.set(now);
        PEAK.with(|peak| peak.set(peak.get().max(now)));
    });
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged; the
// counters are const-initialized thread-locals without destructors, which never allocate.
unsafe impl GlobalAlloc for PeakCounting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size() as isize);
        // SAFETY: forwarded as received.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        grew(-(layout.size() as isize));
        // SAFETY: forwarded as received.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        grew(new_size as isize - layout.size() as isize);
        // SAFETY: forwarded as received.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: PeakCounting = PeakCounting;

/// The most bytes live at once while `f` runs, above what was live before it.
fn peak_live<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let r = f();
    (r, (PEAK.with(Cell::get) - base) as usize)
}

#[derive(Codec, Debug)]
struct Event {
    id: u64,
    name: String,
    tags: Vec<u32>,
    score: f64,
}

/// `[{"id":0,...},{"id":1,...},...]` of at least `target` bytes, made one element at a time.
struct GeneratedArray {
    target: usize,
    produced: usize,
    next_id: u64,
    pending: Vec<u8>,
    pos: usize,
    closed: bool,
}

impl GeneratedArray {
    fn new(target: usize) -> Self {
        GeneratedArray { target, produced: 0, next_id: 0, pending: b"[".to_vec(), pos: 0, closed: false }
    }

    fn refill(&mut self) {
        use std::io::Write;
        self.pending.clear();
        self.pos = 0;
        if self.produced >= self.target {
            if !self.closed {
                self.pending.extend_from_slice(b"\n]\n");
                self.closed = true;
            }
            return;
        }
        let id = self.next_id;
        if id > 0 {
            self.pending.extend_from_slice(b",\n");
        }
        write!(
            self.pending,
            r#"{{"id":{id},"name":"element number {id}","tags":[{},{},7],"score":{}.5}}"#,
            id % 13,
            id % 1000,
            id % 97
        )
        .unwrap();
        self.next_id += 1;
    }
}

impl Read for GeneratedArray {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut n = 0;
        while n < buf.len() {
            if self.pos == self.pending.len() {
                self.refill();
                if self.pending.is_empty() {
                    break;
                }
            }
            let k = (self.pending.len() - self.pos).min(buf.len() - n);
            buf[n..n + k].copy_from_slice(&self.pending[self.pos..self.pos + k]);
            self.pos += k;
            n += k;
        }
        self.produced += n;
        Ok(n)
    }
}

#[test]
fn iter_array_over_a_huge_generated_array_stays_small() {
    let target = if cfg!(debug_assertions) { 20_000_000 } else { 200_000_000 };
    let start = Instant::now();
    let ((count, id_sum, bytes), peak) = peak_live(|| {
        let mut source = GeneratedArray::new(target);
        let mut count = 0u64;
        let mut id_sum = 0u64;
        for item in codec::json::iter_array::<Event>(&mut source) {
            let event = item.expect("every element decodes");
            assert_eq!(event.name, format!("element number {}", event.id));
            assert_eq!(event.tags.len(), 3);
            id_sum += event.id;
            count += 1;
        }
        (count, id_sum, source.produced)
    });
    let elapsed = start.elapsed();
    eprintln!(
        "iter_array: {bytes} bytes, {count} elements, peak live {peak} bytes, {:.0} MB/s",
        bytes as f64 / 1e6 / elapsed.as_secs_f64()
    );
    assert!(bytes >= target, "{bytes} bytes generated");
    assert_eq!(id_sum, count * (count - 1) / 2, "every element arrived once, in order");
    assert!(peak < 16 << 20, "peak live {peak} bytes");
}
