//! Finding the keys of a map being gathered (decoded or extended) in expected constant
//! time once it is large, so that checking each new key for a duplicate keeps decoding
//! linear: the index the dynamic values share (`json::Value`'s map, and the generic map of
//! `msgpack::Value` and `cbor::Value` in `dynamic.rs`).
//!
//! This is the core layer: it names no format.

#[cfg(not(feature = "std"))]
use alloc::collections::BTreeMap;
use alloc::vec::Vec;
use core::borrow::Borrow;
use core::hash::Hash;
#[cfg(feature = "std")]
use core::hash::{BuildHasher, BuildHasherDefault, Hasher};
#[cfg(feature = "std")]
use std::collections::{hash_map::RandomState, HashMap};

/// Up to this many entries, finding a key is a linear scan; beyond, an index.
pub(crate) const LINEAR_LIMIT: usize = 32;

/// The indexed hashes are already SipHash outputs: hashing them again would be waste.
#[cfg(feature = "std")]
#[derive(Default)]
struct PassThrough(u64);

#[cfg(feature = "std")]
impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is called; fold anything else in rather than panic.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

/// Key hash (randomly keyed, so input cannot choose collisions) → position of the first
/// entry with that hash; a collision falls back to a scan, so answers are exact. Without
/// `std` there is neither a hash map nor a random key for one (a fixed key would let input
/// pick colliding keys, each found by a scan: quadratic time): a `BTreeMap` of copies of
/// the keys, O(log n) comparisons per key whatever the input.
#[cfg(feature = "std")]
type Table<K> = (RandomState, HashMap<u64, usize, BuildHasherDefault<PassThrough>>, core::marker::PhantomData<K>);
#[cfg(not(feature = "std"))]
type Table<K> = BTreeMap<K, usize>;

/// Entries being gathered (a map being decoded or extended), with the index that finds
/// their keys in expected constant time once there are many: pairs of a key `K` and a
/// value `T` in a vector, as every map of the dynamic values is.
pub(crate) struct KeyIndex<K, T> {
    entries: Vec<(K, T)>,
    table: Option<Table<K>>,
}

impl<K: Hash + Ord + Clone, T> KeyIndex<K, T> {
    /// `entries`, unique keys, indexed when there are many.
    pub(crate) fn of(entries: Vec<(K, T)>) -> Self {
        let mut index = KeyIndex { entries, table: None };
        if index.entries.len() > LINEAR_LIMIT {
            index.build();
        }
        index
    }

    /// The entries gathered.
    pub(crate) fn into_entries(self) -> Vec<(K, T)> {
        self.entries
    }

    #[cold]
    #[inline(never)]
    fn build(&mut self) {
        #[cfg(feature = "std")]
        let mut table: Table<K> = (
            RandomState::new(),
            HashMap::with_capacity_and_hasher(self.entries.len() * 2, BuildHasherDefault::default()),
            core::marker::PhantomData,
        );
        #[cfg(not(feature = "std"))]
        let mut table: Table<K> = BTreeMap::new();
        for (i, (k, _)) in self.entries.iter().enumerate() {
            Self::insert(&mut table, k, i);
        }
        self.table = Some(table);
    }

    /// Records that `key` is at `i`, unless an earlier entry has its hash (or is it).
    #[cfg(feature = "std")]
    #[inline]
    fn insert((state, table, _): &mut Table<K>, key: &K, i: usize) {
        table.entry(state.hash_one(key)).or_insert(i);
    }

    #[cfg(not(feature = "std"))]
    #[inline]
    fn insert(table: &mut Table<K>, key: &K, i: usize) {
        if !table.contains_key(key) {
            table.insert(key.clone(), i);
        }
    }

    /// Where `key` is, if it is there.
    #[inline]
    pub(crate) fn find<Q: Hash + Ord + ?Sized>(&self, key: &Q) -> Option<usize>
    where
        K: Borrow<Q>,
    {
        match &self.table {
            None => self.scan(key),
            Some(table) => self.lookup(table, key),
        }
    }

    fn scan<Q: Ord + ?Sized>(&self, key: &Q) -> Option<usize>
    where
        K: Borrow<Q>,
    {
        self.entries.iter().position(|(k, _)| k.borrow() == key)
    }

    #[cfg(feature = "std")]
    #[inline]
    fn lookup<Q: Hash + Ord + ?Sized>(&self, (state, table, _): &Table<K>, key: &Q) -> Option<usize>
    where
        K: Borrow<Q>,
    {
        let i = *table.get(&state.hash_one(key))?;
        if self.entries[i].0.borrow() == key {
            Some(i)
        } else {
            self.scan(key)
        }
    }

    #[cfg(not(feature = "std"))]
    #[inline]
    fn lookup<Q: Hash + Ord + ?Sized>(&self, table: &Table<K>, key: &Q) -> Option<usize>
    where
        K: Borrow<Q>,
    {
        table.get(key).copied()
    }

    /// Appends an entry whose key [`find`](Self::find) did not know.
    #[inline]
    pub(crate) fn push(&mut self, key: K, value: T) {
        if let Some(table) = &mut self.table {
            Self::insert(table, &key, self.entries.len());
        }
        self.entries.push((key, value));
        if self.table.is_none() && self.entries.len() > LINEAR_LIMIT {
            self.build();
        }
    }

    /// Replaces the value of entry `i` (a repeated key under the keep-last policy).
    #[inline]
    pub(crate) fn replace(&mut self, i: usize, value: T) {
        self.entries[i].1 = value;
    }
}
