//! What the streaming decoders read items from, whether or not the bytes come from an
//! `io` source: the [`Window`] trait, its slice form [`SliceWindow`] (under the `_slice`
//! iterators, in every build), the scanners that say when an item may be complete, and
//! the line counting of error positions. The refilled buffer over an `io::Read`
//! (`io::StreamBuffer`, the other `Window`) needs `std`, and lives in `io.rs`.

use core::cell::Cell;

use crate::error::{Error, ErrorKind, Result, StreamPos};

/// The default size of the read buffer: 64 KiB.
pub(crate) const DEFAULT_BUFFER_SIZE: usize = 64 << 10;
/// The default longest item: 64 MiB.
pub(crate) const DEFAULT_MAX_VALUE_LEN: usize = 64 << 20;

/// The number of newlines in `bytes` and the index of the last one. Every byte a stream
/// reader drops passes through here (lines are counted before the bytes go), so it runs
/// over fixed-size chunks that the compiler turns into vector compares and adds: a byte
/// loop cost 12 instructions per byte, more than decoding a JSON Lines stream itself.
#[inline]
pub(crate) fn newlines(bytes: &[u8]) -> (usize, Option<usize>) {
    const CHUNK: usize = 64;
    let mut count = 0;
    let mut last_chunk = None;
    let mut chunks = bytes.chunks_exact(CHUNK);
    for (i, chunk) in chunks.by_ref().enumerate() {
        // At most 64 per chunk: a `u8` sum cannot overflow.
        let in_chunk = chunk.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'));
        if in_chunk > 0 {
            count += usize::from(in_chunk);
            last_chunk = Some(i * CHUNK);
        }
    }
    let tail_start = bytes.len() - chunks.remainder().len();
    let tail = chunks.remainder();
    count += tail.iter().filter(|&&b| b == b'\n').count();
    let last = match tail.iter().rposition(|&b| b == b'\n') {
        Some(p) => Some(tail_start + p),
        None => last_chunk.and_then(|at| bytes[at..at + CHUNK].iter().rposition(|&b| b == b'\n').map(|p| at + p)),
    };
    (count, last)
}

/// The input behind a streaming decoder: a refilled buffer over a [`Source`], or a slice.
pub(crate) trait Window {
    /// The unconsumed bytes at hand.
    fn data(&self) -> &[u8];
    fn consume(&mut self, n: usize);
    /// Whether [`data`](Self::data) is all that is left.
    fn exhausted(&self) -> bool;
    /// An error for an item of `len` bytes if that is over the limit.
    fn check_len(&self, len: usize) -> Result<()>;
    /// An error relative to [`data`](Self::data), moved to its stream position.
    fn locate(&self, e: Error, item: Option<usize>) -> Error;

    /// Error at the start of [`data`](Self::data).
    #[cold]
    #[inline(never)]
    fn error_here(&self, kind: ErrorKind, item: Option<usize>) -> Error {
        self.locate(Error::new(kind, 0), item)
    }
}

/// What one step of a stream's state machine over the bytes at hand came to. The
/// machines (values, array elements, one document) never read: a step that needs more
/// bytes says so, and the caller reads (a blocking [`Source`](crate::io::Source) read, or
/// an async poll into the same buffer) and steps again, or hands the read's error to the
/// machine, which places it as the item it was for.
pub(crate) enum Advance<T> {
    /// An item, or an item's error, to yield.
    Item(Result<T>),
    /// The window must grow first.
    More,
    /// The end of the items.
    End,
}

/// Watches the bytes of one item as they arrive: a format's cheap structural scan, which
/// looks at each byte once. After an attempt that needed more bytes, a state machine reads
/// on while the item at the front cannot be complete yet, as the scan tells (or until the
/// input ends): the item is decoded again only when it may have ended.
///
/// Decoding again after every read would cost time quadratic in the length of an item
/// that trickles in a few bytes per read (a slow or hostile peer: found by fuzzing, 14 s
/// for 10 KB read one byte at a time). The scanners look at each new byte once and say
/// yes at a possible end of the item, or once the bytes at hand have doubled since the
/// last attempt (so malformed input still meets its error early): the attempts then cost
/// time linear in the item, and an item is still decoded as soon as its last byte
/// arrives, never waiting for bytes it does not need.
pub trait ItemScan {
    /// Whether `data`, the item's bytes from its start (a longer slice than at the last
    /// call), may hold the whole item now.
    fn may_be_complete(&mut self, data: &[u8]) -> bool;
}

/// Feeds `doc` one byte more at a time to a new `S`, as a source that trickles would, and
/// returns the lengths at which the scan asks for another attempt (the scanners' tests).
#[cfg(test)]
pub(crate) fn attempts<S: ItemScan + Default>(doc: &[u8]) -> alloc::vec::Vec<usize> {
    let mut scan = S::default();
    (1..=doc.len()).filter(|&n| scan.may_be_complete(&doc[..n])).collect()
}

/// The binary scans' payloads (strings, numbers): skips what is at hand of the `payload`
/// bytes left, from `pos` in `len` bytes; whether there were any to skip.
#[cfg(any(feature = "msgpack", feature = "cbor"))]
#[inline]
pub(crate) fn skip_payload(pos: &mut usize, payload: &mut u64, len: usize) -> bool {
    if *payload == 0 {
        return false;
    }
    let n = (*payload).min((len - *pos) as u64);
    *pos += n as usize;
    *payload -= n;
    true
}

/// When the scanners of [`ItemScan`] try again regardless: the bytes at hand doubled since
/// the last attempt, so that the attempts at an item that never seems to end (malformed
/// input) add up to linear time, and its error comes at most twice its bytes late.
#[derive(Debug, Default)]
pub(crate) struct Doubling {
    tried_at: usize,
}

impl Doubling {
    /// Whether `len` bytes warrant another attempt; if so, the next needs twice as many.
    #[inline]
    pub(crate) fn due(&mut self, len: usize) -> bool {
        if len >= self.tried_at.saturating_mul(2) {
            self.tried_at = len;
            true
        } else {
            false
        }
    }

    /// An attempt was made at `len` bytes for another reason.
    #[inline]
    pub(crate) fn tried(&mut self, len: usize) {
        self.tried_at = len;
    }

    /// `ended`: whether the scan found a possible end at `len` bytes, an attempt then
    /// (noted as by [`tried`](Self::tried)).
    #[cfg(any(feature = "msgpack", feature = "cbor"))]
    #[inline]
    pub(crate) fn attempt_if(&mut self, ended: bool, len: usize) -> bool {
        if ended {
            self.tried(len);
        }
        ended
    }
}

/// A slice as a window: everything is at hand from the start.
pub(crate) struct SliceWindow<'de> {
    input: &'de [u8],
    pos: usize,
    text: bool,
    /// Lines counted so far for error positions: `(offset, newlines before it, start of
    /// the line it is on)`. Items, and so their errors, come in input order: each error
    /// counts only the newlines since the previous one, never the whole input again.
    counted: Cell<(usize, usize, usize)>,
}

impl<'de> SliceWindow<'de> {
    /// `text`: as for [`StreamBuffer::new`].
    pub(crate) fn new(input: &'de [u8], text: bool) -> Self {
        SliceWindow { input, pos: 0, text, counted: Cell::new((0, 0, 0)) }
    }

    /// The unconsumed input, for as long as the input lives.
    #[inline]
    pub(crate) fn rest(&self) -> &'de [u8] {
        &self.input[self.pos..]
    }
}

impl Window for SliceWindow<'_> {
    #[inline]
    fn data(&self) -> &[u8] {
        self.rest()
    }
    #[inline]
    fn consume(&mut self, n: usize) {
        self.pos += n;
    }
    #[inline]
    fn exhausted(&self) -> bool {
        true
    }
    #[inline]
    fn check_len(&self, _: usize) -> Result<()> {
        // The whole input is in memory already: no item can make the decoder hold more.
        Ok(())
    }
    #[cold]
    fn locate(&self, e: Error, item: Option<usize>) -> Error {
        let (mut from, mut lines, mut line_start) = self.counted.get();
        if from > self.pos {
            (from, lines, line_start) = (0, 0, 0);
        }
        if self.text {
            let (count, last) = newlines(&self.input[from..self.pos]);
            lines += count;
            if let Some(p) = last {
                line_start = from + p + 1;
            }
        }
        self.counted.set((self.pos, lines, line_start));
        let at =
            StreamPos { buf: &self.input[self.pos..], start: 0, base: self.pos, lines, line_start, text: self.text };
        e.in_stream(&at, item)
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use super::newlines;

    /// The chunked count agrees with a plain byte loop at every length and alignment
    /// around the chunk size, wherever the newlines are.
    #[test]
    fn newlines_agree_with_a_byte_loop() {
        let naive = |b: &[u8]| (b.iter().filter(|&&c| c == b'\n').count(), b.iter().rposition(|&c| c == b'\n'));
        let mut next = crate::test_rng::xorshift(0x2545_f491_4f6c_dd1d);
        for len in (0..300).chain([1000, 4096, 4097]) {
            for density in [0, 1, 8, 64] {
                let bytes: Vec<u8> = (0..len)
                    .map(|_| {
                        let seed = next();
                        if density > 0 && seed.is_multiple_of(density) {
                            b'\n'
                        } else {
                            b'a' + (seed % 26) as u8
                        }
                    })
                    .collect();
                assert_eq!(newlines(&bytes), naive(&bytes), "len {len}, one newline in {density}");
            }
        }
    }
}
