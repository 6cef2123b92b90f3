//! MessagePack from streams: one value from a reader, and a sequence of concatenated
//! values (how MessagePack streams are framed: each value's encoding says where it ends),
//! and the writers of such sequences.
//!
//! The machinery is the binary formats' (`crate::binary_stream`), over [`MsgpackReader`]
//! and [`MsgpackScan`]: every value is decoded by the same reader as
//! [`from_slice`](super::from_slice), through the refilled buffer of [`crate::io`]: the
//! same values, the same errors, every [`Options`] limit per value. Errors carry the
//! offset from the start of the stream and, from [`iter_values`], the index of the value
//! ([`Error::item`](crate::Error::item)); a read failure is
//! [`ErrorKind::Io`](crate::ErrorKind::Io), and a stream that ends inside a value is an
//! [`ErrorKind::Eof`](crate::ErrorKind::Eof) error.

#[cfg(feature = "std")]
use super::{EncodeOptions, MsgpackWriter};
use super::{MsgpackReader, Options};
use crate::binary_stream::binary_streams;
#[cfg(feature = "std")]
use crate::error::Result;
use crate::window::{skip_payload, Doubling, ItemScan};

/// One value of a sequence, a document of its own (`WriteFormat::write_value`).
#[cfg(feature = "std")]
#[inline]
fn write_value<T: crate::Encode + ?Sized>(w: &mut MsgpackWriter<'_>, value: &T, options: &EncodeOptions) -> Result<()> {
    // A fresh table per value: ids belong to one document.
    w.set_options(options);
    value.encode(w)
}

/// Where a MessagePack item may end, for the state machines' reads (see [`ItemScan`]): the headers say how many
/// values and payload bytes follow, so counting them finds the end, each byte looked at
/// once (a payload skipped whole). A byte that is no header (`0xc1`) counts as an end: the
/// decoder then reports it.
#[derive(Debug)]
pub struct MsgpackScan {
    /// Bytes of the item looked at so far.
    pos: usize,
    /// Values still to read: the item itself, then what arrays and maps announce.
    values: u64,
    /// Payload bytes still to skip (strings, bins, extensions, numbers).
    payload: u64,
    doubling: Doubling,
}

impl Default for MsgpackScan {
    fn default() -> Self {
        MsgpackScan { pos: 0, values: 1, payload: 0, doubling: Doubling::default() }
    }
}

/// A header's length in bytes, the payload bytes after it and the values it announces, when
/// all of the header is in `h` (which starts with it); `None` when more bytes are needed;
/// `Some(None)` for a byte that is no header.
fn header(h: &[u8]) -> Option<Option<(u64, u64, u64)>> {
    let b = h[0];
    // Big-endian length of `n` bytes after the marker byte, when present.
    let len = |n: usize| -> Option<u64> {
        h.get(1..1 + n).map(|bytes| bytes.iter().fold(0u64, |acc, &x| (acc << 8) | u64::from(x)))
    };
    Some(Some(match b {
        0x00..=0x7f | 0xe0..=0xff | 0xc0 | 0xc2 | 0xc3 => (1, 0, 0),
        0x80..=0x8f => (1, 0, 2 * u64::from(b & 0x0f)),
        0x90..=0x9f => (1, 0, u64::from(b & 0x0f)),
        0xa0..=0xbf => (1, u64::from(b & 0x1f), 0),
        0xc4 | 0xd9 => (2, len(1)?, 0),
        0xc5 | 0xda => (3, len(2)?, 0),
        0xc6 | 0xdb => (5, len(4)?, 0),
        0xc7 => (2, len(1)? + 1, 0),
        0xc8 => (3, len(2)? + 1, 0),
        0xc9 => (5, len(4)? + 1, 0),
        0xca => (1, 4, 0),
        0xcb => (1, 8, 0),
        0xcc | 0xd0 => (1, 1, 0),
        0xcd | 0xd1 => (1, 2, 0),
        0xce | 0xd2 => (1, 4, 0),
        0xcf | 0xd3 => (1, 8, 0),
        0xd4 => (1, 2, 0),
        0xd5 => (1, 3, 0),
        0xd6 => (1, 5, 0),
        0xd7 => (1, 9, 0),
        0xd8 => (1, 17, 0),
        0xdc => (3, 0, len(2)?),
        0xdd => (5, 0, len(4)?),
        0xde => (3, 0, 2 * len(2)?),
        0xdf => (5, 0, 2 * len(4)?),
        0xc1 => return Some(None),
    }))
}

impl ItemScan for MsgpackScan {
    fn may_be_complete(&mut self, data: &[u8]) -> bool {
        // As in JSON's scan: a read that doubled the bytes at hand earns an attempt at once.
        if self.doubling.due(data.len()) {
            return true;
        }
        let mut ended = false;
        while self.pos < data.len() {
            if skip_payload(&mut self.pos, &mut self.payload, data.len()) {
                continue;
            }
            if self.values == 0 {
                ended = true;
                break;
            }
            match header(&data[self.pos..]) {
                None => break,
                Some(None) => {
                    ended = true;
                    break;
                }
                Some(Some((len, payload, values))) => {
                    self.pos += len as usize;
                    self.payload = payload;
                    self.values = (self.values - 1).saturating_add(values);
                }
            }
        }
        ended |= self.values == 0 && self.payload == 0;
        self.doubling.attempt_if(ended, data.len())
    }
}

binary_streams! {
    format = Msgpack, reader = MsgpackReader, scan = MsgpackScan, options = Options;
    writer = MsgpackWriter, write_value = write_value, encode_options = EncodeOptions;
    // from_reader
    /// Decodes one `T` from a reader (a [`std::io::Read`], or any [`Source`](crate::io::Source)); nothing may
    /// follow it. As the reader must be read to its end for that, it is read to the end first
    /// by [`Source::read_to_end_into`](crate::io::Source::read_to_end_into) (for an `io::Read`, its `read_to_end`), never byte by
    /// byte, up to [`Options::max_value_len`] (64 MiB), and decoded once; with
    /// [`Options::allow_trailing`], decoding starts with the first [`Options::buffer_size`]
    /// bytes and the reader is read only about as far as the value needs.
    ///
    /// ```
    /// let packed = codec::msgpack::to_vec(&("id", 7u32))?;
    /// let v: (String, u32) = codec::msgpack::from_reader(&packed[..])?; // or a `File`
    /// assert_eq!(v, ("id".to_string(), 7));
    /// # Ok::<(), codec::Error>(())
    /// ```
    ;
    // from_reader_with
    /// [`from_reader`] with explicit [`Options`]; with [`Options::allow_trailing`] nothing after
    /// the value is looked at.
    ///
    /// ```
    /// let opts = codec::msgpack::Options::new().allow_trailing(true);
    /// assert_eq!(codec::msgpack::from_reader_with::<u8>(&b"\x01\x02"[..], &opts)?, 1);
    /// # Ok::<(), codec::Error>(())
    /// ```
    ;
    // ValueIter
    /// The values of a MessagePack stream, from [`iter_values`].
    ;
    // iter_values
    /// Iterates over the concatenated MessagePack values of a reader, one `T` at a time, with
    /// memory bounded by the largest value plus the buffer (see [`crate::io`]).
    ///
    /// A well-formed value that does not decode as `T` yields its error (with
    /// [`item`](crate::Error::item), the value's index) and the iteration goes on after it. Malformed
    /// bytes (a reserved byte, broken UTF-8, a value longer than [`Options::max_value_len`]),
    /// a read failure, or the end of the stream inside a value end the iteration after their
    /// error: MessagePack has no separator to resynchronize on.
    ///
    /// ```
    /// let mut stream = Vec::new();
    /// for v in [&b"\x01"[..], b"\xa1x", b"\x03"] {
    ///     stream.extend_from_slice(v); // 1, "x", 3
    /// }
    /// let v: Vec<_> = codec::msgpack::iter_values::<u8>(&stream[..]).collect();
    /// assert_eq!(v[0].as_ref().unwrap(), &1);
    /// assert_eq!((v[1].as_ref().unwrap_err().item(), v[1].as_ref().unwrap_err().offset()), (Some(1), Some(1)));
    /// assert_eq!(v[2].as_ref().unwrap(), &3);
    /// ```
    ;
    // iter_values_with
    /// [`iter_values`] with explicit [`Options`]; [`Options::allow_trailing`] has no effect.
    ///
    /// ```
    /// let opts = codec::msgpack::Options::new().buffer_size(1);
    /// let v: Vec<u8> = codec::msgpack::iter_values_with::<u8, _>(&b"\x01\x02\xcc\xff"[..], &opts)
    ///     .collect::<Result<_, _>>()?;
    /// assert_eq!(v, [1, 2, 255]);
    /// # Ok::<(), codec::Error>(())
    /// ```
    ;
    // SliceValueIter
    /// The values of MessagePack bytes in memory, from [`iter_values_slice`].
    ;
    // iter_values_slice
    /// [`iter_values`] over bytes in memory: the values may borrow from `input`.
    ///
    /// ```
    /// let names: Vec<&str> = codec::msgpack::iter_values_slice::<&str>(b"\xa3ada\xa5grace").collect::<Result<_, _>>()?;
    /// assert_eq!(names, ["ada", "grace"]);
    /// # Ok::<(), codec::Error>(())
    /// ```
    ;
    // iter_values_slice_with
    /// [`iter_values_slice`] with explicit [`Options`].
    ///
    /// ```
    /// let opts = codec::msgpack::Options::new().max_depth(0);
    /// let mut it = codec::msgpack::iter_values_slice_with::<Vec<u8>>(b"\x90", &opts);
    /// assert!(matches!(it.next().unwrap().unwrap_err().kind(), codec::ErrorKind::DepthLimit(0)));
    /// ```
    ;
    // write_values
    /// Writes each item's encoding after the previous one: a stream of concatenated values,
    /// how MessagePack streams are framed (what `iter_values` reads back), through one 64 KiB
    /// buffer however many items there are. Any iterator of [`Encode`](crate::Encode) items works:
    /// `events.iter()`, `vec.into_iter()`, a `map`.
    ///
    /// On an encoding error the values before the failing item have been written, and none of
    /// it unless it was longer than the buffer; after an I/O error nothing more is written.
    ///
    /// ```
    /// let mut out = Vec::new();
    /// codec::msgpack::write_values(&mut out, ["a", "bc"].iter())?;
    /// assert_eq!(out, b"\xa1a\xa2bc");
    /// # Ok::<(), codec::Error>(())
    /// ```
    ;
    // write_values_with
    /// [`write_values`], as [`EncodeOptions`] say. Each value is a document of its own, as
    /// [`iter_values_with`] reads it: with [`EncodeOptions::preserve_refs`] every value
    /// numbers its ids from the start.
    ///
    /// ```
    /// use std::rc::Rc;
    ///
    /// let shared = Rc::new(7u8);
    /// let mut out = Vec::new();
    /// let opts = codec::msgpack::EncodeOptions::new().preserve_refs(true);
    /// codec::msgpack::write_values_with(&mut out, [[shared.clone(), shared.clone()]], &opts)?;
    /// codec::msgpack::write_values_with(&mut out, [[shared.clone(), shared]], &opts)?;
    /// // Both documents are alike: the second numbers its ids from the start again.
    /// let (first, second) = out.split_at(out.len() / 2);
    /// assert_eq!(first, second);
    ///
    /// let read = codec::msgpack::Options::new().preserve_refs(true);
    /// let back: Vec<[Rc<u8>; 2]> =
    ///     codec::msgpack::iter_values_with(&out[..], &read).collect::<Result<_, _>>()?;
    /// assert!(back.iter().all(|[a, b]| Rc::ptr_eq(a, b) && **a == 7));
    /// # Ok::<(), codec::Error>(())
    /// ```
    ;
    // ValueStream
    /// The values of an async MessagePack stream, from [`iter_values_async`]: a [`Stream`](futures_core::Stream) of
    /// one `Result<T>` per value. `Unpin`; `Send` when the reader is.
    ;
    // iter_values_async
    /// [`iter_values`](super::iter_values) over an async reader: a [`Stream`](futures_core::Stream) of the
    /// concatenated MessagePack values, each a `Result<T>` as soon as its last byte arrived,
    /// with the same errors and rules (a well-formed value of the wrong type is one error item;
    /// malformed bytes or a read failure end the stream after their error).
    ///
    /// ```
    /// use futures::StreamExt;
    ///
    /// let packed: &[u8] = b"\x01\xa1x\x03"; // 1, "x", 3
    /// let v: Vec<_> = futures::executor::block_on(codec::msgpack::iter_values_async::<u8, _>(codec::io::Tokio(packed)).collect());
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
    /// let opts = codec::msgpack::Options::new().buffer_size(1);
    /// let packed: &[u8] = b"\x01\x02\xcc\xff";
    /// let v: Vec<u8> = futures::executor::block_on(
    ///     codec::msgpack::iter_values_async_with::<u8, _>(codec::io::Tokio(packed), &opts).map(Result::unwrap).collect(),
    /// );
    /// assert_eq!(v, [1, 2, 255]);
    /// ```
    ;
    // from_async_reader
    /// [`from_reader`](super::from_reader) over an async reader: one `T`, nothing after it.
    ///
    /// ```
    /// let packed = codec::msgpack::to_vec(&("id", 7u32))?;
    /// let v: (String, u32) = futures::executor::block_on(codec::msgpack::from_async_reader(codec::io::Tokio(&packed[..])))?;
    /// assert_eq!(v, ("id".to_string(), 7));
    /// # Ok::<(), codec::Error>(())
    /// ```
    ;
    // from_async_reader_with
    /// [`from_async_reader`] with explicit [`Options`]; with [`Options::allow_trailing`]
    /// nothing after the value is looked at.
    ///
    /// ```
    /// let opts = codec::msgpack::Options::new().allow_trailing(true);
    /// let input: &[u8] = b"\x01\x02";
    /// assert_eq!(futures::executor::block_on(codec::msgpack::from_async_reader_with::<u8, _>(codec::io::Tokio(input), &opts))?, 1);
    /// # Ok::<(), codec::Error>(())
    /// ```
    ;
    // write_values_async
    /// [`write_values`](super::write_values) into an async writer: the items of `items`
    /// concatenated, written and flushed as
    /// [`json::write_lines_async`](crate::json::write_lines_async) writes lines (64 KiB at
    /// most gathered, a write and a flush whenever `items` has nothing ready, a flush at the
    /// end), never asking for an item while the writer is not accepting bytes.
    ///
    /// ```
    /// let mut out = Vec::new();
    /// futures::executor::block_on(codec::msgpack::write_values_async(codec::io::Tokio(&mut out), futures::stream::iter(["a", "bc"])))?;
    /// assert_eq!(out, b"\xa1a\xa2bc");
    /// # Ok::<(), codec::Error>(())
    /// ```
    ;
    // write_values_async_with
    /// [`write_values_async`], as [`EncodeOptions`] say: with
    /// [`EncodeOptions::preserve_refs`] every value numbers its ids from the start.
    ///
    /// ```
    /// use std::sync::Arc;
    ///
    /// let shared = Arc::new(7u8);
    /// let opts = codec::msgpack::EncodeOptions::new().preserve_refs(true);
    /// let mut out = Vec::new();
    /// let items = futures::stream::iter([[shared.clone(), shared.clone()], [shared.clone(), shared]]);
    /// futures::executor::block_on(codec::msgpack::write_values_async_with(codec::io::Tokio(&mut out), items, &opts))?;
    /// let (first, second) = out.split_at(out.len() / 2);
    /// assert_eq!(first, second);
    /// # Ok::<(), codec::Error>(())
    /// ```
    ;
}

#[cfg(test)]
mod tests {
    use super::MsgpackScan;
    use crate::window::attempts;

    /// The headers' counts find the end of a trickling item: it is tried there and where
    /// the bytes at hand doubled, not after every read.
    #[test]
    fn a_trickling_item_is_tried_at_its_end_and_at_doublings() {
        let value = vec![("a".repeat(300), vec![1u32, 70_000, 3]); 40];
        let doc = crate::msgpack::to_vec(&value).unwrap();
        let at = attempts::<MsgpackScan>(&doc);
        assert_eq!(at.last(), Some(&doc.len()), "{at:?}");
        assert!(at.len() <= 16, "{} attempts: {at:?}", at.len());
        // Every header width: fixarray, str 8 with its length split from its marker, bin 16,
        // fixext 16, ext 8, float 64, map 16, array 32.
        let doc =
            b"\x95\xd9\x03abc\xc5\x00\x02xy\xd8\x01AAAAAAAAAAAAAAAA\xc7\x01\x05z\xcb\x00\x00\x00\x00\x00\x00\x00\x00";
        assert_eq!(attempts::<MsgpackScan>(doc).last(), Some(&doc.len()));
        assert!(!attempts::<MsgpackScan>(doc).contains(&(doc.len() - 1)));
        let doc = b"\xde\x00\x01\xa1k\xdd\x00\x00\x00\x02\x01\x02";
        assert!(attempts::<MsgpackScan>(doc).contains(&doc.len()));
        assert!(!attempts::<MsgpackScan>(doc).contains(&(doc.len() - 1)));
        // A byte that is no header is an end: the decoder reports it.
        assert!(attempts::<MsgpackScan>(b"\x92\x01\xc1\x00").contains(&3));
    }
}
