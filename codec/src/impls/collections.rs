//! Sequences and sets as JSON arrays (as serde writes them: `BinaryHeap` in its internal
//! order, the order its `iter()` yields; `LinkedList` front to back).
//!
//! Nothing is pre-sized from the input: a length guessed from the bytes left would let a
//! short array at the start of a large document reserve memory for the whole document,
//! once per array. Vectors grow from empty instead (an empty array allocates nothing).
//! `Vec<u8>` is an array of numbers like any other `Vec` (a bin only with `#[codec(bytes)]`,
//! or as [`Bytes`](crate::Bytes)).
//!
//! A MessagePack array states its length: vectors, deques and hash sets reserve room for
//! what the reader allows ahead of the elements ([`Reader::capacity_for`]: as far as
//! the input can back the claim, at most 1 MiB per collection and 8 bytes per input byte
//! per document), and grow into the rest as elements arrive. So a short document cannot
//! make the decoder request much more memory than it holds.
//!
//! Each impl is one generic `decode` over [`Reader`]: [`decode_seq`] reads the array
//! through [`Reader::read_seq`], which makes the collection for the length the format
//! announced (0 in JSON, before the `[`), so the same body grows a JSON collection from
//! empty and presizes a MessagePack one.

use alloc::boxed::Box;
use alloc::collections::{BTreeSet, BinaryHeap, LinkedList, VecDeque};
use alloc::rc::Rc;
use alloc::sync::Arc;
use alloc::vec::Vec;
#[cfg(feature = "std")]
use core::hash::{BuildHasher, Hash};
#[cfg(feature = "std")]
use std::collections::HashSet;

use crate::error::Result;
use crate::{Decode, Encode, Reader, Writer};

/// The bytes of a hash table's memory one element it has room for may take: the table
/// rounds its buckets up to a power of two at most 7/8 full (up to 2.3 buckets per
/// element), each bucket the element and a control byte.
#[inline]
#[cfg(any(feature = "std", feature = "indexmap"))]
pub(crate) fn hash_table_bytes<T>() -> usize {
    (core::mem::size_of::<T>() + 1) * 5 / 2
}

/// Reads an array into the collection that `make(r, n)` creates, handing each element to
/// `push`; an error inside element `i` gets `[i]` on its path. `n` is the length the
/// format announced (a MessagePack header's; 0 in JSON, before the `[`): `make` reserves
/// what [`Reader::capacity_for`] allows for it, which in JSON is nothing.
#[inline]
pub(crate) fn decode_seq<'de, R: Reader<'de>, T: Decode<'de>, C>(
    r: &mut R,
    make: impl FnOnce(&mut R, usize) -> C,
    push: impl FnMut(&mut C, T),
) -> Result<C> {
    try_decode_seq(r, |r, n| Ok(make(r, n)), push)
}

/// [`decode_seq`] for a collection that may refuse the announced length: an error from
/// `make` ends the decoding before any element is read.
#[inline]
pub(crate) fn try_decode_seq<'de, R: Reader<'de>, T: Decode<'de>, C>(
    r: &mut R,
    make: impl FnOnce(&mut R, usize) -> Result<C>,
    mut push: impl FnMut(&mut C, T),
) -> Result<C> {
    r.read_seq(make, |r, out, index| match T::decode(r) {
        Ok(v) => {
            push(out, v);
            Ok(())
        }
        Err(e) => Err(e.in_index(index)),
    })
}

/// Writes `items` (`len` of them) as an array; an error inside element `i` gets `[i]` on
/// its path.
#[inline]
pub(crate) fn encode_seq<'a, W: Writer, T: Encode + 'a>(
    w: &mut W,
    len: usize,
    items: impl IntoIterator<Item = &'a T>,
) -> Result<()> {
    w.begin_array(len)?;
    for (i, item) in items.into_iter().enumerate() {
        w.array_element(i);
        if let Err(e) = item.encode(w) {
            return Err(e.in_index(i));
        }
    }
    w.end_array();
    Ok(())
}

/// `Encode` of collections written as arrays of their elements, in iteration order.
macro_rules! seq_encode {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<$($gen)*> $crate::Encode for $ty {
            #[inline]
            fn encode<W: $crate::Writer>(&self, w: &mut W) -> $crate::Result<()> {
                $crate::impls::collections::encode_seq(w, self.len(), self)
            }
        }
    )*};
}
// Other crates' collections use them too (`impls/ext/`, when their features are on).
#[allow(unused_imports)]
pub(crate) use seq_encode;

/// `Decode` of collections read from arrays element by element ([`decode_seq`]):
/// `$make(r, n)` is the collection for an array that announced `n` elements (0 in JSON),
/// presized as [`Reader::capacity_for`] allows, `$push(&mut c, v)` adds an element.
macro_rules! seq_decode {
    ($([$($gen:tt)*] $ty:ty => make: $make:expr, push: $push:expr;)*) => {$(
        impl<'de, $($gen)*> $crate::Decode<'de> for $ty {
            #[inline]
            fn decode<R: $crate::Reader<'de>>(r: &mut R) -> $crate::Result<Self> {
                $crate::impls::collections::decode_seq(r, $make, $push)
            }
        }
    )*};
}
#[allow(unused_imports)]
pub(crate) use seq_decode;

/// The elements of an array whose first element is next (after
/// [`array_first`](Reader::array_first) said so), through its end.
#[inline]
fn decode_elements<'de, R: Reader<'de>, T: Decode<'de>>(r: &mut R, mut push: impl FnMut(T)) -> Result<()> {
    let mut index = 0;
    loop {
        match T::decode(r) {
            Ok(v) => push(v),
            Err(e) => return Err(e.in_index(index)),
        }
        index += 1;
        if !r.array_next()? {
            return Ok(());
        }
    }
}

// A hash set needs std's hasher (see the crate docs on `no_std`).
#[cfg(feature = "std")]
seq_encode! {
    [T: Encode, S] HashSet<T, S>;
}

seq_encode! {
    [T: Encode] [T];
    [T: Encode] Vec<T>;
    [T: Encode] VecDeque<T>;
    [T: Encode] BTreeSet<T>;
    [T: Encode] BinaryHeap<T>;
    [T: Encode] LinkedList<T>;
}

/// Elements gathered on the stack before a `Vec` of a small type is allocated.
const HEAD: usize = 16;

/// Up to this size, `Vec<T>` decodes its first [`HEAD`] elements into a stack buffer.
const SMALL_ELEMENT: usize = 128;

/// A JSON array into a `Vec` of a small type: the first [`HEAD`] elements go to a stack
/// buffer, so an array of up to that many gets one allocation of exactly its length,
/// where pushing grows the buffer from 4 to 8 to 16 (two reallocations and copies, and
/// a last request large enough to make glibc's malloc consolidate its free lists: measured
/// on the Google Maps document, whose rows are arrays of ten 88-byte elements). Longer
/// arrays move the buffer into a `Vec` of twice its length and go on pushing. Only for
/// formats that announce no length ([`Reader::ANNOUNCES_LENGTHS`]): the others presize.
#[inline]
fn decode_vec_buffered<'de, R: Reader<'de>, T: Decode<'de>>(r: &mut R) -> Result<Vec<T>> {
    r.begin_array()?;
    // `[]` (common: citm_catalog's `blockIds`) before the buffer is set up.
    if !r.array_first()? {
        return Ok(Vec::new());
    }
    let mut head: [Option<T>; HEAD] = core::array::from_fn(|_| None);
    let mut len = 0;
    let mut spill: Vec<T> = Vec::new();
    decode_elements(r, |v| {
        if let Some(slot) = head.get_mut(len) {
            *slot = Some(v);
            len += 1;
        } else {
            if spill.is_empty() {
                spill.reserve_exact(2 * HEAD);
                spill.extend(head.iter_mut().filter_map(Option::take));
            }
            spill.push(v);
        }
    })?;
    if !spill.is_empty() {
        return Ok(spill);
    }
    let mut out = Vec::with_capacity(len);
    out.extend(head.iter_mut().take(len).filter_map(Option::take));
    Ok(out)
}

/// In JSON a `Vec` of small elements goes through `decode_vec_buffered`, a `Vec` of
/// large ones grows from empty; in MessagePack it is presized for the announced length
/// ([`Reader::capacity_for`]).
impl<'de, T: Decode<'de>> Decode<'de> for Vec<T> {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        if !R::ANNOUNCES_LENGTHS && core::mem::size_of::<T>() <= SMALL_ELEMENT {
            return decode_vec_buffered(r);
        }
        let make = |r: &mut R, n| Vec::with_capacity(r.capacity_for(n, core::mem::size_of::<T>()));
        decode_seq(r, make, Vec::push)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Box<[T]> {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        Vec::decode(r).map(Vec::into_boxed_slice)
    }
}

/// `Rc<[T]>` and `Arc<[T]>`: a `Vec` first, moved into the shared allocation (their
/// length must be known before it is made; JSON does not state it). Shared in refs mode
/// (see `shared_refs.rs`).
macro_rules! shared_slice {
    ($($ptr:ident)*) => {$(
        impl<'de, T: Decode<'de>> Decode<'de> for $ptr<[T]> {
            #[inline]
            fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
                r.decode_acyclic(|r| Vec::decode(r).map($ptr::from))
            }
        }
    )*};
}

shared_slice!(Rc Arc);

#[cfg(feature = "std")]
seq_decode! {
    [T: Decode<'de> + Eq + Hash, S: BuildHasher + Default] HashSet<T, S> =>
        make: |r, n| HashSet::with_capacity_and_hasher(r.capacity_for(n, hash_table_bytes::<T>()), S::default()),
        push: |out: &mut Self, v| {
            out.insert(v);
        };
}

seq_decode! {
    [T: Decode<'de>] VecDeque<T> =>
        make: |r, n| VecDeque::with_capacity(r.capacity_for(n, core::mem::size_of::<T>())),
        push: VecDeque::push_back;
    [T: Decode<'de> + Ord] BTreeSet<T> =>
        make: |_, _| BTreeSet::new(),
        push: |out: &mut Self, v| {
            out.insert(v);
        };
    [T: Decode<'de>] LinkedList<T> =>
        make: |_, _| LinkedList::new(),
        push: LinkedList::push_back;
}

/// The elements into a `Vec`, then heapified in one O(n) pass (pushing one at a time
/// sifts each element up).
impl<'de, T: Decode<'de> + Ord> Decode<'de> for BinaryHeap<T> {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        Vec::decode(r).map(BinaryHeap::from)
    }
}
