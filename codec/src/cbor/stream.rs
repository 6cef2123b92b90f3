//! CBOR from streams: one item from a reader, and a CBOR sequence (RFC 8742: items
//! concatenated, each one's encoding saying where it ends), and the writers of sequences.
//!
//! The machinery is the binary formats' (`crate::binary_stream`, which MessagePack's
//! streams use too), over [`CborReader`] and [`CborScan`]: every item is decoded by the
//! same reader as [`from_slice`](super::from_slice), through the refilled buffer of
//! [`crate::io`]: the same values, the same errors, every [`Options`] limit per item.
//! Errors carry the offset from the start of the stream and, from [`iter_values`], the
//! index of the item ([`Error::item`](crate::Error::item)); a read failure is
//! [`ErrorKind::Io`](crate::ErrorKind::Io), and a stream that ends inside an item is an
//! [`ErrorKind::Eof`](crate::ErrorKind::Eof) error.

use alloc::vec::Vec;

use super::{CborReader, Options};
#[cfg(feature = "std")]
use super::{CborWriter, EncodeOptions};
use crate::binary_stream::binary_streams;
#[cfg(feature = "std")]
use crate::error::Result;
use crate::window::{skip_payload, Doubling, ItemScan};

binary_streams! {
    format = Cbor, reader = CborReader, scan = CborScan, options = Options;
    writer = CborWriter, write_value = write_value, encode_options = EncodeOptions;
    // from_reader
    /// Decodes one `T` from a reader (a [`std::io::Read`], or any
    /// [`Source`](crate::io::Source)); nothing may follow it. As the reader must be read to
    /// its end for that, it is read to the end first by
    /// [`Source::read_to_end_into`](crate::io::Source::read_to_end_into) (for an `io::Read`,
    /// its `read_to_end`), never byte by byte, up to [`Options::max_value_len`] (64 MiB),
    /// and decoded once; with [`Options::allow_trailing`], decoding starts with the first
    /// [`Options::buffer_size`] bytes and the reader is read only about as far as the item
    /// needs.
    ///
    /// ```
    /// let bytes = codec::cbor::to_vec(&("id", 7u32))?;
    /// let v: (String, u32) = codec::cbor::from_reader(&bytes[..])?; // or a `File`
    /// assert_eq!(v, ("id".to_string(), 7));
    /// # Ok::<(), codec::Error>(())
    /// ```
    ;
    // from_reader_with
    /// [`from_reader`] with explicit [`Options`]; with [`Options::allow_trailing`] nothing
    /// after the item is looked at.
    ///
    /// ```
    /// let opts = codec::cbor::Options::new().allow_trailing(true);
    /// assert_eq!(codec::cbor::from_reader_with::<u8>(&b"\x01\x02"[..], &opts)?, 1);
    /// # Ok::<(), codec::Error>(())
    /// ```
    ;
    // ValueIter
    /// The items of a CBOR sequence read from a reader, from [`iter_values`].
    ;
    // iter_values
    /// Iterates over the items of a CBOR sequence (RFC 8742: items concatenated) read from
    /// a reader, one `T` at a time, with memory bounded by the largest item plus the buffer
    /// (see [`crate::io`]). Indefinite-length items may span any number of reads.
    ///
    /// A well-formed item that does not decode as `T` yields its error (with
    /// [`item`](crate::Error::item), the item's index) and the iteration goes on after it.
    /// Malformed bytes (reserved additional information, a stray break, broken UTF-8, an
    /// item longer than [`Options::max_value_len`]), a read failure, or the end of the
    /// stream inside an item end the iteration after their error: a CBOR sequence has no
    /// separator to resynchronize on.
    ///
    /// ```
    /// // 1, "x", 3
    /// let stream = b"\x01\x61x\x03";
    /// let v: Vec<_> = codec::cbor::iter_values::<u8>(&stream[..]).collect();
    /// assert_eq!(v[0].as_ref().unwrap(), &1);
    /// assert_eq!((v[1].as_ref().unwrap_err().item(), v[1].as_ref().unwrap_err().offset()), (Some(1), Some(1)));
    /// assert_eq!(v[2].as_ref().unwrap(), &3);
    /// ```
    ;
    // iter_values_with
    /// [`iter_values`] with explicit [`Options`]; [`Options::allow_trailing`] has no effect.
    ///
    /// ```
    /// let opts = codec::cbor::Options::new().buffer_size(1);
    /// // 1, [2, 3] of indefinite length, 255
    /// let v: Vec<Vec<u8>> = codec::cbor::iter_values_with::<Vec<u8>, _>(&b"\x81\x01\x9f\x02\x03\xff\x81\x18\xff"[..], &opts)
    ///     .collect::<Result<_, _>>()?;
    /// assert_eq!(v, [vec![1], vec![2, 3], vec![255]]);
    /// # Ok::<(), codec::Error>(())
    /// ```
    ;
    // SliceValueIter
    /// The items of a CBOR sequence in memory, from [`iter_values_slice`].
    ;
    // iter_values_slice
    /// [`iter_values`] over bytes in memory: the items may borrow from `input`.
    ///
    /// ```
    /// let names: Vec<&str> = codec::cbor::iter_values_slice::<&str>(b"\x63ada\x65grace").collect::<Result<_, _>>()?;
    /// assert_eq!(names, ["ada", "grace"]);
    /// # Ok::<(), codec::Error>(())
    /// ```
    ;
    // iter_values_slice_with
    /// [`iter_values_slice`] with explicit [`Options`].
    ///
    /// ```
    /// let opts = codec::cbor::Options::new().max_depth(0);
    /// let mut it = codec::cbor::iter_values_slice_with::<Vec<u8>>(b"\x80", &opts);
    /// assert!(matches!(it.next().unwrap().unwrap_err().kind(), codec::ErrorKind::DepthLimit(0)));
    /// ```
    ;
    // write_values
    /// Writes each item's encoding after the previous one: a CBOR sequence (RFC 8742, what
    /// [`iter_values`] reads back), through one 64 KiB buffer however many items there are.
    /// Any iterator of [`Encode`](crate::Encode) items works: `events.iter()`,
    /// `vec.into_iter()`, a `map`.
    ///
    /// On an encoding error the items before the failing one have been written, and none
    /// of it unless it was longer than the buffer; after an I/O error nothing more is
    /// written.
    ///
    /// ```
    /// let mut out = Vec::new();
    /// codec::cbor::write_values(&mut out, ["a", "bc"].iter())?;
    /// assert_eq!(out, b"\x61a\x62bc");
    /// # Ok::<(), codec::Error>(())
    /// ```
    ;
    // write_values_with
    /// [`write_values`], as [`EncodeOptions`] say. Each item is a document of its own, as
    /// [`iter_values_with`] reads it: with [`EncodeOptions::preserve_refs`] every item
    /// numbers its shared values from 0, and with [`EncodeOptions::deterministic`] each
    /// item is sorted on its own.
    ///
    /// ```
    /// use std::rc::Rc;
    ///
    /// let shared = Rc::new(7u8);
    /// let mut out = Vec::new();
    /// let opts = codec::cbor::EncodeOptions::new().preserve_refs(true);
    /// codec::cbor::write_values_with(&mut out, [[shared.clone(), shared.clone()], [shared.clone(), shared]], &opts)?;
    /// // Both items are alike: the second numbers its shared values from 0 again.
    /// assert_eq!(out, b"\x82\xd8\x1c\x07\xd8\x1d\x00\x82\xd8\x1c\x07\xd8\x1d\x00");
    ///
    /// let read = codec::cbor::Options::new().preserve_refs(true);
    /// let back: Vec<[Rc<u8>; 2]> = codec::cbor::iter_values_with(&out[..], &read).collect::<Result<_, _>>()?;
    /// assert!(back.iter().all(|[a, b]| Rc::ptr_eq(a, b) && **a == 7));
    /// # Ok::<(), codec::Error>(())
    /// ```
    ;
    // ValueStream
    /// The items of an async CBOR sequence, from [`iter_values_async`]: a
    /// [`Stream`](futures_core::Stream) of one `Result<T>` per item. `Unpin`; `Send` when
    /// the reader is.
    ;
    // iter_values_async
    /// [`iter_values`] over an async reader: a [`Stream`](futures_core::Stream) of the items
    /// of a CBOR sequence, each a `Result<T>` as soon as its last byte arrived, with the
    /// same errors and rules (a well-formed item of the wrong type is one error item;
    /// malformed bytes or a read failure end the stream after their error).
    ///
    /// ```
    /// use futures::StreamExt;
    ///
    /// let bytes: &[u8] = b"\x01\x61x\x03"; // 1, "x", 3
    /// let v: Vec<_> = futures::executor::block_on(codec::cbor::iter_values_async::<u8, _>(codec::io::Tokio(bytes)).collect());
    /// assert_eq!(*v[0].as_ref().unwrap(), 1);
    /// assert_eq!(v[1].as_ref().unwrap_err().item(), Some(1));
    /// assert_eq!(*v[2].as_ref().unwrap(), 3);
    /// ```
    ;
    // iter_values_async_with
    /// [`iter_values_async`] with explicit [`Options`]; [`Options::allow_trailing`] has no
    /// effect.
    ///
    /// ```
    /// use futures::StreamExt;
    ///
    /// let opts = codec::cbor::Options::new().buffer_size(1);
    /// let bytes: &[u8] = b"\x01\x02\x18\xff";
    /// let v: Vec<u8> = futures::executor::block_on(
    ///     codec::cbor::iter_values_async_with::<u8, _>(codec::io::Tokio(bytes), &opts).map(Result::unwrap).collect(),
    /// );
    /// assert_eq!(v, [1, 2, 255]);
    /// ```
    ;
    // from_async_reader
    /// [`from_reader`] over an async reader: one `T`, nothing after it.
    ///
    /// ```
    /// let bytes = codec::cbor::to_vec(&("id", 7u32))?;
    /// let v: (String, u32) = futures::executor::block_on(codec::cbor::from_async_reader(codec::io::Tokio(&bytes[..])))?;
    /// assert_eq!(v, ("id".to_string(), 7));
    /// # Ok::<(), codec::Error>(())
    /// ```
    ;
    // from_async_reader_with
    /// [`from_async_reader`] with explicit [`Options`]; with [`Options::allow_trailing`]
    /// nothing after the item is looked at.
    ///
    /// ```
    /// let opts = codec::cbor::Options::new().allow_trailing(true);
    /// let input: &[u8] = b"\x01\x02";
    /// assert_eq!(futures::executor::block_on(codec::cbor::from_async_reader_with::<u8, _>(codec::io::Tokio(input), &opts))?, 1);
    /// # Ok::<(), codec::Error>(())
    /// ```
    ;
    // write_values_async
    /// [`write_values`] into an async writer: the items of `items` concatenated, written
    /// and flushed as [`json::write_lines_async`](crate::json::write_lines_async) writes
    /// lines (64 KiB at most gathered, a write and a flush whenever `items` has nothing
    /// ready, a flush at the end), never asking for an item while the writer is not
    /// accepting bytes.
    ///
    /// ```
    /// let mut out = Vec::new();
    /// futures::executor::block_on(codec::cbor::write_values_async(codec::io::Tokio(&mut out), futures::stream::iter(["a", "bc"])))?;
    /// assert_eq!(out, b"\x61a\x62bc");
    /// # Ok::<(), codec::Error>(())
    /// ```
    ;
    // write_values_async_with
    /// [`write_values_async`], as [`EncodeOptions`] say: with
    /// [`EncodeOptions::preserve_refs`] every item numbers its shared values from 0.
    ///
    /// ```
    /// use std::sync::Arc;
    ///
    /// let shared = Arc::new(7u8);
    /// let opts = codec::cbor::EncodeOptions::new().preserve_refs(true);
    /// let mut out = Vec::new();
    /// let items = futures::stream::iter([[shared.clone(), shared.clone()], [shared.clone(), shared]]);
    /// futures::executor::block_on(codec::cbor::write_values_async_with(codec::io::Tokio(&mut out), items, &opts))?;
    /// let (first, second) = out.split_at(out.len() / 2);
    /// assert_eq!(first, second);
    /// # Ok::<(), codec::Error>(())
    /// ```
    ;
}

/// One value of a sequence, a document of its own (`WriteFormat::write_value`).
#[cfg(feature = "std")]
#[inline]
fn write_value<T: crate::Encode + ?Sized>(w: &mut CborWriter<'_>, value: &T, options: &EncodeOptions) -> Result<()> {
    if options.deterministic {
        // Sorted in memory, as `to_writer_with` does; a document longer than the buffer
        // goes to the sink as it is, not copied into the buffer.
        w.write_encoded_document(&super::to_vec_with(value, options)?);
        return Ok(());
    }
    // A fresh table per item: ids belong to one document.
    w.set_options(options);
    value.encode(w)
}

/// How many indefinite-length items, one inside the other, [`CborScan`] follows; deeper,
/// it gives up on finding the end and asks for attempts where the bytes at hand doubled
/// (the decoder's depth limit, 128 by default, stops such an item long before).
const TRACKED_INDEFINITE: usize = 1 << 12;

/// Where a CBOR item may end, for the state machines' reads (see [`ItemScan`]): heads say
/// how many items and payload bytes follow (a tag one item), so counting them finds the
/// end, each byte looked at once (a payload skipped whole); an indefinite-length item
/// ends at its break (`0xff`), with the count of the items around it set aside meanwhile.
/// Iterative: a counter per indefinite-length level, none per definite one, no recursion.
/// A byte that is no head (reserved additional information, a break where an item
/// must start) counts as an end: the decoder then reports it.
#[derive(Debug)]
pub struct CborScan {
    /// Bytes of the item looked at so far.
    pos: usize,
    /// Items still to read before the innermost open indefinite-length item (or the item
    /// itself) goes on: zero inside an indefinite-length item means a break or another
    /// element comes next.
    values: u64,
    /// Payload bytes still to skip (strings, byte strings).
    payload: u64,
    /// For each open indefinite-length item, outermost first, the `values` around it.
    outer: Vec<u64>,
    /// Nested deeper than [`TRACKED_INDEFINITE`]: attempts only where the bytes doubled.
    lost: bool,
    doubling: Doubling,
}

impl Default for CborScan {
    fn default() -> Self {
        CborScan { pos: 0, values: 1, payload: 0, outer: Vec::new(), lost: false, doubling: Doubling::default() }
    }
}

/// A head's length in bytes, the payload bytes after it, the items it announces, and
/// whether it opens an indefinite-length item, when all of the head is in `h` (which
/// starts with it); `None` when more bytes are needed; `Some(None)` for a byte that is no
/// head where an item starts (reserved additional information, a break, an indefinite
/// length on a major type that has none).
fn head(h: &[u8]) -> Option<Option<(usize, u64, u64, bool)>> {
    let b = h[0];
    let major = b >> 5;
    let (len, arg) = match b & 0x1f {
        ai @ 0..=23 => (1, u64::from(ai)),
        ai @ 24..=27 => {
            let n = 1usize << (ai - 24);
            let bytes = h.get(1..1 + n)?;
            (1 + n, bytes.iter().fold(0u64, |acc, &x| (acc << 8) | u64::from(x)))
        }
        31 if matches!(major, 2..=5) => return Some(Some((1, 0, 0, true))),
        _ => return Some(None),
    };
    Some(Some(match major {
        2 | 3 => (len, arg, 0, false),
        4 => (len, 0, arg, false),
        5 => (len, 0, arg.saturating_mul(2), false),
        // A tag wraps one item.
        6 => (len, 0, 1, false),
        // Integers, simple values and floats: the head is all.
        _ => (len, 0, 0, false),
    }))
}

impl ItemScan for CborScan {
    fn may_be_complete(&mut self, data: &[u8]) -> bool {
        // As in the other scans, a read that doubled the bytes at hand earns an attempt;
        // past the levels followed, only such a read does.
        let due = self.doubling.due(data.len());
        if due || self.lost {
            return due;
        }
        let ended = loop {
            if self.pos == data.len() {
                break self.values == 0 && self.payload == 0 && self.outer.is_empty();
            }
            if skip_payload(&mut self.pos, &mut self.payload, data.len()) {
                continue;
            }
            if self.values == 0 {
                // The item is whole, or inside an indefinite-length item its break or one
                // more element comes.
                let Some(&around) = self.outer.last() else { break true };
                if data[self.pos] == 0xff {
                    self.pos += 1;
                    self.outer.pop();
                    self.values = around;
                    continue;
                }
                self.values = 1;
            }
            let Some(head) = head(&data[self.pos..]) else { break false };
            // No head where an item starts: an end, for the decoder to report.
            let Some((len, payload, values, indefinite)) = head else { break true };
            self.pos += len;
            self.payload = payload;
            self.values -= 1;
            if !indefinite {
                self.values = self.values.saturating_add(values);
            } else if self.outer.len() < TRACKED_INDEFINITE {
                self.outer.push(self.values);
                self.values = 0;
            } else {
                self.lost = true;
                break true;
            }
        };
        self.doubling.attempt_if(ended, data.len())
    }
}

#[cfg(test)]
mod tests {
    use super::CborScan;
    use crate::window::attempts;

    /// The heads' counts find the end of a trickling item: it is tried there and where the
    /// bytes at hand doubled, not after every read.
    #[test]
    fn a_trickling_item_is_tried_at_its_end_and_at_doublings() {
        // 40 entries of a text and three numbers of every width: tried at the end and a
        // few times on the way.
        let doc = crate::cbor::to_vec(&vec![("a".repeat(300), [1u32, 300, 70_000]); 40]).unwrap();
        let at = attempts::<CborScan>(&doc);
        assert!(at.len() <= 16 && at.last() == Some(&doc.len()), "{at:?}");
        // Every head width: array(5), text of a 1-byte length split from its head, bytes
        // of a 2-byte length, a tag, a double, a map of a 4-byte length, an 8-byte integer.
        let doc = b"\x85\x78\x03abc\x59\x00\x02xy\xc1\x1a\x00\x00\x00\x01\xfb\x00\x00\x00\x00\x00\x00\x00\x00\
                    \xba\x00\x00\x00\x01\x01\x1b\x00\x00\x00\x00\x00\x00\x00\x02";
        assert_eq!(attempts::<CborScan>(doc).last(), Some(&doc.len()));
        assert!(!attempts::<CborScan>(doc).contains(&(doc.len() - 1)));
        // Indefinite lengths: an array holding a definite array and an indefinite text of
        // two chunks, then a map; the end is the outer break.
        let doc = b"\x9f\x82\x01\x02\x7f\x61a\x62bc\xff\xbf\x01\x02\xff\xff";
        let at = attempts::<CborScan>(doc);
        assert_eq!(at, [1, 2, 4, 8, 16], "{at:?}");
        // A byte that is no head is an end: the decoder reports it.
        assert!(attempts::<CborScan>(b"\x82\x01\x1c\x00").contains(&3));
        assert!(attempts::<CborScan>(b"\x82\x01\xff\x00").contains(&3));
    }

    /// Nesting costs a counter per indefinite level and nothing per definite one; past the
    /// levels it follows, the scan asks only where the bytes doubled.
    #[test]
    fn deep_nesting_is_counted_not_recursed() {
        let deep = [vec![0x81u8; 1 << 20], vec![0x01]].concat();
        assert_eq!(attempts::<CborScan>(&deep).last(), Some(&deep.len()));
        let n = super::TRACKED_INDEFINITE + 10;
        let deep = [vec![0x9fu8; n], vec![0xff; n]].concat();
        let at = attempts::<CborScan>(&deep);
        assert!(at.len() <= 40, "{at:?}");
        let shallow = [vec![0x9fu8; 100], vec![0xff; 100]].concat();
        let at = attempts::<CborScan>(&shallow);
        assert_eq!(at.last(), Some(&shallow.len()));
        assert!(!at.contains(&(shallow.len() - 1)));
    }
}
