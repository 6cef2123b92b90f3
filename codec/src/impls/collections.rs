//! Sequences and sets as JSON arrays.
//!
//! Nothing is pre-sized from the input: a length guessed from the bytes left would let a
//! short array at the start of a large document reserve memory for the whole document,
//! once per array. Vectors grow from empty instead (an empty array allocates nothing).
//! `Vec<u8>` is an array of numbers like any other `Vec`.

use std::collections::{BTreeSet, HashSet, VecDeque};
use std::hash::{BuildHasher, Hash};

use crate::error::Result;
use crate::json::{JsonReader, JsonWriter};
use crate::{Decode, Encode};

/// Writes `items` as a JSON array; an error inside element `i` gets `[i]` on its path.
#[inline]
pub(crate) fn encode_seq<'a, T: Encode + 'a>(w: &mut JsonWriter, items: impl IntoIterator<Item = &'a T>) -> Result<()> {
    w.write_byte(b'[');
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            w.write_byte(b',');
        }
        if let Err(e) = item.encode_json(w) {
            return Err(e.in_index(i));
        }
    }
    w.write_byte(b']');
    Ok(())
}

/// Reads a JSON array, handing each element to `push`; an error inside element `i` gets
/// `[i]` on its path.
#[inline]
fn decode_seq<'de, T: Decode<'de>>(r: &mut JsonReader<'de>, mut push: impl FnMut(T)) -> Result<()> {
    r.begin_array()?;
    let mut more = r.array_first()?;
    let mut index = 0;
    while more {
        match T::decode_json(r) {
            Ok(v) => push(v),
            Err(e) => return Err(e.in_index(index)),
        }
        index += 1;
        more = r.array_next()?;
    }
    Ok(())
}

impl<T: Encode> Encode for [T] {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        encode_seq(w, self)
    }
}

impl<T: Encode> Encode for Vec<T> {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        encode_seq(w, self)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Vec<T> {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        let mut out = Vec::new();
        decode_seq(r, |v| out.push(v))?;
        Ok(out)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Box<[T]> {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        Vec::decode_json(r).map(Vec::into_boxed_slice)
    }
}

impl<T: Encode> Encode for VecDeque<T> {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        encode_seq(w, self)
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for VecDeque<T> {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        let mut out = VecDeque::new();
        decode_seq(r, |v| out.push_back(v))?;
        Ok(out)
    }
}

impl<T: Encode, S> Encode for HashSet<T, S> {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        encode_seq(w, self)
    }
}

impl<'de, T, S> Decode<'de> for HashSet<T, S>
where
    T: Decode<'de> + Eq + Hash,
    S: BuildHasher + Default,
{
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        let mut out = HashSet::with_hasher(S::default());
        decode_seq(r, |v| {
            out.insert(v);
        })?;
        Ok(out)
    }
}

impl<T: Encode> Encode for BTreeSet<T> {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        encode_seq(w, self)
    }
}

impl<'de, T: Decode<'de> + Ord> Decode<'de> for BTreeSet<T> {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        let mut out = BTreeSet::new();
        decode_seq(r, |v| {
            out.insert(v);
        })?;
        Ok(out)
    }
}
