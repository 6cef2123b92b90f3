//! Peak live heap, counted by a global allocator: what `benches/peak_heap.rs`,
//! `benches/stream.rs` and `tests/peak_heap.rs` install with
//!
//! ```ignore
//! #[global_allocator]
//! static GLOBAL: codec_tests::peak_heap::PeakCounting = codec_tests::peak_heap::PeakCounting;
//! ```
//!
//! and read with [`peak_live`](crate::peak_heap::peak_live). The counters are per thread, so tests running in parallel
//! do not see each other's allocations; outside [`peak_live`](crate::peak_heap::peak_live) the allocator only reads one
//! thread-local flag more than `System` does. A block freed on another thread than the one
//! that allocated it is counted where it is freed (none of the measured calls does that).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting the bytes live at once on this thread while
/// [`peak_live`](crate::peak_heap::peak_live) runs.
pub struct PeakCounting;

thread_local! {
    // Const-initialized, without destructors: reading them never allocates.
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

#[inline]
fn grew(by: isize) {
    // `try_with`: during thread teardown the slots may be gone; nothing is measured then.
    let _ = COUNTING.try_with(|counting| {
        if counting.get() {
            let now = LIVE.with(|live| {
                let now = live.get() + by;
                live.set(now);
                now
            });
            PEAK.with(|peak| peak.set(peak.get().max(now)));
        }
    });
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged; the
// counters are const-initialized thread-locals without destructors, which never allocate.
unsafe impl GlobalAlloc for PeakCounting {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size() as isize);
        // SAFETY: forwarded as received.
        unsafe { System.alloc(layout) }
    }
    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        grew(layout.size() as isize);
        // SAFETY: forwarded as received.
        unsafe { System.alloc_zeroed(layout) }
    }
    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        grew(-(layout.size() as isize));
        // SAFETY: forwarded as received.
        unsafe { System.dealloc(ptr, layout) }
    }
    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // Counted as the new block arriving before the old one leaves: a `realloc` that
        // moves holds both at once.
        grew(new_size as isize);
        grew(-(layout.size() as isize));
        // SAFETY: forwarded as received.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Runs `f` and returns its result with the most bytes that were live at once on this
/// thread while it ran, above what was live when it started. What `f` returns is still
/// live at its end, so a decoder's peak includes the decoded value itself. Only
/// meaningful in a binary whose global allocator is [`PeakCounting`] (otherwise 0).
pub fn peak_live<R>(f: impl FnOnce() -> R) -> (R, usize) {
    LIVE.with(|l| l.set(0));
    PEAK.with(|p| p.set(0));
    COUNTING.with(|c| c.set(true));
    let r = f();
    COUNTING.with(|c| c.set(false));
    (r, PEAK.with(Cell::get).max(0) as usize)
}

/// The bytes live at the end of `f` (above those live at its start): for a decoder, the
/// heap the decoded value owns, the floor of any decoder's peak.
pub fn retained<R>(f: impl FnOnce() -> R) -> (R, usize) {
    LIVE.with(|l| l.set(0));
    COUNTING.with(|c| c.set(true));
    let r = f();
    COUNTING.with(|c| c.set(false));
    (r, LIVE.with(Cell::get).max(0) as usize)
}
