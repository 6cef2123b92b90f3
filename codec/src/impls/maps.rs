//! Maps as JSON objects, and the types that can be their keys.
//!
//! A key that appears twice in one object is, by default, an error at its second
//! occurrence, caught before its value is read (one map lookup through the entry API does
//! both the check and the insert); `Options::duplicate_keys` can keep the first or last. An error inside a value gets `["key"]` on its path.
//!
//! Both map types also implement the struct-member traits of `__private`, so a map can be
//! the `flatten` catch-all of a struct: it claims every key the struct does not.
//!
//! A key type with no string form (tuples, arrays, `Vec`, derived structs and enums with
//! data: [`EncodeKey::AS_PAIRS`]) makes the JSON form an array of `[key, value]` pairs
//! instead, chosen at compile time; errors get `[i]` (the pair) and `[0]` or `[1]` on their
//! path, and a repeated key follows the same duplicate-key policy. In MessagePack such a key
//! is written as its value in key position (legal MessagePack: keys may be of any type).
//!
//! In MessagePack a key keeps its own type: strings, `char`s and unit enums are str,
//! integers are integers (a `u128`/`i128` beyond 64 bits the 16-byte bin), booleans are
//! booleans. An error inside a value gets the key on its path there too.

use alloc::borrow::{Cow, ToOwned};
use alloc::boxed::Box;
use alloc::collections::{btree_map, BTreeMap};
use alloc::rc::Rc;
use alloc::string::String;
use alloc::sync::Arc;
#[cfg(feature = "std")]
use core::hash::{BuildHasher, Hash};
// `alloc` has no hash map (it has no default hasher, no source of random keys for one).
#[cfg(feature = "std")]
use std::collections::{hash_map, HashMap};

use super::primitives::{not_one_char, single_char};
use crate::__private::{DecodeFields, EncodeFields};
use crate::error::{Error, ErrorKind, Result};
use crate::{Decode, DecodeKey, DuplicateKeys, Encode, EncodeKey, Reader, Writer};

/// Writes entry `index` of a map: its key, then its value.
#[inline]
pub(crate) fn encode_entry<W: Writer, K: EncodeKey + ?Sized, V: Encode + ?Sized>(
    w: &mut W,
    index: usize,
    k: &K,
    v: &V,
) -> Result<()> {
    w.map_key(index);
    k.encode_key(w)?;
    w.map_value();
    v.encode(w)
}

/// Reads the value of entry `key`, putting the key on the path of any error.
#[inline]
pub(crate) fn decode_value<'de, R: Reader<'de>, V: Decode<'de>>(key: R::Key, r: &mut R) -> Result<V> {
    match V::decode(r) {
        Ok(v) => Ok(v),
        Err(e) => Err(e.in_key(r.key_text(key))),
    }
}

/// Key `key` was in the map already: whether its value is to be read and replace the
/// first (`KeepLast`), or was skipped (`KeepFirst`); by default an error.
#[inline]
pub(crate) fn keep_last<'de, R: Reader<'de>>(r: &mut R, key: R::Key) -> Result<bool> {
    match r.duplicate_keys() {
        DuplicateKeys::KeepFirst => r.skip_value().map(|()| false),
        DuplicateKeys::KeepLast => Ok(true),
        _ => Err(duplicate_key(r, key)),
    }
}

#[cold]
#[inline(never)]
pub(crate) fn duplicate_key<'de, R: Reader<'de>>(r: &mut R, key: R::Key) -> Error {
    Error::new(ErrorKind::DuplicateField(Cow::Owned(r.key_text(key))), r.key_offset(key))
}

// ---- maps with composite keys ----

/// Writes `[[k,v],...]`, `len` pairs: the JSON form of a map whose keys have no string
/// form, each key written by `key`.
#[inline]
pub(crate) fn encode_pairs<'a, W: Writer, K: ?Sized + 'a, V: Encode + 'a>(
    w: &mut W,
    len: usize,
    entries: impl Iterator<Item = (&'a K, &'a V)>,
    key: impl Fn(&K, &mut W) -> Result<()>,
) -> Result<()> {
    w.begin_array(len)?;
    for (i, (k, v)) in entries.enumerate() {
        w.array_element(i);
        w.begin_array(2)?;
        w.array_element(0);
        key(k, w).map_err(|e| e.in_index(0).in_index(i))?;
        w.array_element(1);
        v.encode(w).map_err(|e| e.in_index(1).in_index(i))?;
        w.end_array();
    }
    w.end_array();
    Ok(())
}

/// Writes a map of `len` entries, each key written by `key`: as an object (a MessagePack
/// map), or, where `pairs` and the format writes such maps as pairs, as [`encode_pairs`].
#[inline]
pub(crate) fn encode_map<'a, W: Writer, K: ?Sized + 'a, V: Encode + 'a>(
    w: &mut W,
    pairs: bool,
    len: usize,
    entries: impl Iterator<Item = (&'a K, &'a V)>,
    key: impl Fn(&K, &mut W) -> Result<()>,
) -> Result<()> {
    // ---- maps with composite keys ---- (constants: folded away)
    if pairs && W::COMPOSITE_KEYS_AS_PAIRS {
        return encode_pairs(w, len, entries, key);
    }
    w.begin_map(len)?;
    for (i, (k, v)) in entries.enumerate() {
        w.map_key(i);
        key(k, w)?;
        w.map_value();
        v.encode(w)?;
    }
    w.end_map();
    Ok(())
}

/// Reads `[[k,v],...]`; `entry` reads one pair's key and value, from just after its `[`
/// (through [`decode_pair_key`] and [`decode_pair_value`]). Errors get `[i]` on their path.
#[inline]
pub(crate) fn decode_pairs<'de, R: Reader<'de>>(r: &mut R, mut entry: impl FnMut(&mut R) -> Result<()>) -> Result<()> {
    r.begin_array()?;
    let mut more = r.array_first()?;
    let mut i = 0;
    while more {
        decode_pair(r, &mut entry).map_err(|e| e.in_index(i))?;
        i += 1;
        more = r.array_next()?;
    }
    Ok(())
}

#[inline]
fn decode_pair<'de, R: Reader<'de>>(r: &mut R, entry: &mut impl FnMut(&mut R) -> Result<()>) -> Result<()> {
    r.begin_tuple(2)?;
    r.tuple_next(0, 2)?;
    entry(r)?;
    r.end_tuple(2)
}

/// A pair's key, and where its text starts (for a duplicate's message); leaves the reader
/// at the value.
#[inline]
pub(crate) fn decode_pair_key<'de, R: Reader<'de>, K>(
    r: &mut R,
    read: impl FnOnce(&mut R) -> Result<K>,
) -> Result<(K, usize)> {
    let at = r.value_start();
    let key = read(r).map_err(|e| e.in_index(0))?;
    r.tuple_next(1, 2)?;
    Ok((key, at))
}

/// A pair's value.
#[inline]
pub(crate) fn decode_pair_value<'de, R: Reader<'de>, V: Decode<'de>>(r: &mut R) -> Result<V> {
    V::decode(r).map_err(|e| e.in_index(1))
}

/// A pair whose key, read from `at` to the reader's position, came before.
#[cold]
#[inline(never)]
pub(crate) fn duplicate_pair_key<'de, R: Reader<'de>>(r: &R, at: usize) -> Error {
    Error::new(ErrorKind::DuplicateField(Cow::Owned(r.text_since(at))), at)
}

#[cold]
#[inline(never)]
pub(crate) fn pairs_flattened() -> Error {
    Error::without_position(ErrorKind::InvalidValue(Cow::Borrowed(
        "a map whose keys are not strings cannot be flattened into a JSON object",
    )))
}

/// `EncodeKey` and `DecodeKey` for types with no string form, through their `Encode` and
/// `Decode`: `AS_PAIRS` in JSON, the value itself as a MessagePack key.
macro_rules! composite_keys {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<$($gen)*> EncodeKey for $ty where Self: Encode {
            const AS_PAIRS: bool = true;

            #[inline]
            fn encode_key<W: Writer>(&self, w: &mut W) -> Result<()> {
                self.encode(w)
            }

        }

        impl<'de, $($gen)*> DecodeKey<'de> for $ty where Self: Decode<'de> {
            const AS_PAIRS: bool = true;

            /// An error in JSON (whose maps of such keys are read as pairs); the key's
            /// encoding read as a value in MessagePack.
            #[inline]
            fn decode_key<R: Reader<'de>>(key: R::Key, r: &mut R) -> Result<Self> {
                r.decode_key_as_value(key)
            }

            #[inline]
            fn decode_pair_key<R: Reader<'de>>(r: &mut R) -> Result<Self> {
                Self::decode(r)
            }

        }
    )*};
}

composite_keys! {
    [T0] (T0,);
    [T0, T1] (T0, T1);
    [T0, T1, T2] (T0, T1, T2);
    [T0, T1, T2, T3] (T0, T1, T2, T3);
    [T0, T1, T2, T3, T4] (T0, T1, T2, T3, T4);
    [T0, T1, T2, T3, T4, T5] (T0, T1, T2, T3, T4, T5);
    [T0, T1, T2, T3, T4, T5, T6] (T0, T1, T2, T3, T4, T5, T6);
    [T0, T1, T2, T3, T4, T5, T6, T7] (T0, T1, T2, T3, T4, T5, T6, T7);
    [T, const N: usize] [T; N];
    [T] alloc::vec::Vec<T>;
}

macro_rules! map_impls {
    // A map in pair form, its keys read by `$key` (`DecodeKey::decode_pair_key`, or
    // `Decode::decode` for `map_as_pairs`).
    (@pairs $entry:ident, $r:ident, $key:expr) => {{
        use $crate::impls::maps as m;
        let mut map = Self::default();
        m::decode_pairs($r, |r| {
            let (key, at) = m::decode_pair_key(r, $key)?;
            match map.entry(key) {
                $entry::Entry::Occupied(mut slot) => match $crate::Reader::duplicate_keys(r) {
                    $crate::DuplicateKeys::KeepFirst => $crate::Reader::skip_value(r),
                    $crate::DuplicateKeys::KeepLast => {
                        slot.insert(m::decode_pair_value(r)?);
                        Ok(())
                    }
                    _ => Err(m::duplicate_pair_key(r, at)),
                },
                $entry::Entry::Vacant(slot) => {
                    slot.insert(m::decode_pair_value(r)?);
                    Ok(())
                }
            }
        })
        .map(|()| map)
    }};
    // Entry `$key` of a map, converted to `$k`: its value read in, or a duplicate handled.
    (@entry $entry:ident, $map:ident, $k:expr, $key:ident, $r:ident) => {
        match $map.entry($k) {
            $entry::Entry::Occupied(mut slot) => {
                if $crate::impls::maps::keep_last($r, $key)? {
                    slot.insert($crate::impls::maps::decode_value($key, $r)?);
                }
            }
            $entry::Entry::Vacant(slot) => {
                slot.insert($crate::impls::maps::decode_value($key, $r)?);
            }
        }
    };
    ($entry:ident, $map:ident<$($g:ident),+>, decode: [$($db:tt)*], encode: [$($eb:tt)*], pairs: [$($pb:tt)*]) => {
        impl<$($g),+> Encode for $map<$($g),+> where $($eb)* {
            #[inline]
            fn encode<W: $crate::Writer>(&self, w: &mut W) -> Result<()> {
                $crate::impls::maps::encode_map(w, K::AS_PAIRS, self.len(), self.iter(), K::encode_key)
            }
        }

        impl<$($g),+> EncodeFields for $map<$($g),+> where $($eb)* {
            #[inline]
            fn encode_fields<W: $crate::Writer>(&self, w: &mut W, count: &mut usize) -> Result<()> {
                if K::AS_PAIRS && W::COMPOSITE_KEYS_AS_PAIRS {
                    return Err($crate::impls::maps::pairs_flattened());
                }
                for (k, v) in self {
                    $crate::impls::maps::encode_entry(w, *count, k, v)?;
                    *count += 1;
                }
                Ok(())
            }
        }

        impl<'de, $($g),+> Decode<'de> for $map<$($g),+> where $($db)* {
            #[inline]
            fn decode<R: $crate::Reader<'de>>(r: &mut R) -> Result<Self> {
                // ---- maps with composite keys ---- (constants: folded away)
                if K::AS_PAIRS && R::COMPOSITE_KEYS_AS_PAIRS {
                    return map_impls!(@pairs $entry, r, <K as DecodeKey<'de>>::decode_pair_key);
                }
                r.read_map(
                    |_, _| Ok(Self::default()),
                    |r, map, key| {
                        map_impls!(@entry $entry, map, K::decode_key(key, r)?, key, r);
                        Ok(())
                    },
                )
            }
        }

        impl<'de, $($g),+> DecodeFields<'de> for $map<$($g),+> where $($db)* {
            type State = Self;

            const CATCH_ALL: bool = true;

            #[inline]
            fn new_state() -> Self {
                Self::default()
            }

            /// Claims every key; a key seen before follows the duplicate-key policy.
            #[inline]
            fn decode_field<R: $crate::Reader<'de>>(map: &mut Self, key: R::Key, r: &mut R) -> Result<bool> {
                map_impls!(@entry $entry, map, K::decode_key(key, r)?, key, r);
                Ok(true)
            }

            #[inline]
            fn finish(map: Self, _end: usize) -> Result<Self> {
                Ok(map)
            }
        }

        // ---- `#[codec(map_as_pairs)]` ----
        impl<$($g),+> $crate::with::map_pairs::EncodePairs for $map<$($g),+>
        where
            K: Encode,
            V: Encode,
        {
            #[inline]
            fn encode_pairs<W: $crate::Writer>(&self, w: &mut W) -> Result<()> {
                $crate::impls::maps::encode_map(w, true, self.len(), self.iter(), Encode::encode)
            }
        }

        impl<'de, $($g),+> $crate::with::map_pairs::DecodePairs<'de> for $map<$($g),+>
        where
            $($pb)*
        {
            #[inline]
            fn decode_pairs<R: $crate::Reader<'de>>(r: &mut R) -> Result<Self> {
                if R::COMPOSITE_KEYS_AS_PAIRS {
                    return map_impls!(@pairs $entry, r, <K as Decode<'de>>::decode);
                }
                // Each key's encoding read again as a `K`.
                r.read_map(
                    |_, _| Ok(Self::default()),
                    |r, map, key| {
                        map_impls!(@entry $entry, map, r.decode_key_as_value::<K>(key)?, key, r);
                        Ok(())
                    },
                )
            }
        }
    };
}

// Other crates' maps with the same entry API reuse it (`impls/ext/indexmap.rs`, when its
// feature is on).
#[allow(unused_imports)]
pub(crate) use map_impls;

#[cfg(feature = "std")]
map_impls!(hash_map, HashMap<K, V, S>,
    decode: [K: DecodeKey<'de> + Eq + Hash, V: Decode<'de>, S: BuildHasher + Default],
    encode: [K: EncodeKey, V: Encode],
    pairs: [K: Decode<'de> + Eq + Hash, V: Decode<'de>, S: BuildHasher + Default]);
map_impls!(btree_map, BTreeMap<K, V>,
    decode: [K: DecodeKey<'de> + Ord, V: Decode<'de>],
    encode: [K: EncodeKey, V: Encode],
    pairs: [K: Decode<'de> + Ord, V: Decode<'de>]);

// ---- keys ----

impl EncodeKey for str {
    #[inline]
    fn encode_key<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.write_str(self)
    }
}

impl EncodeKey for String {
    #[inline]
    fn encode_key<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.write_str(self)
    }
}

macro_rules! forward_encode_key {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<$($gen)*> EncodeKey for $ty {
            const AS_PAIRS: bool = T::AS_PAIRS;

            #[inline]
            fn encode_key<W: Writer>(&self, w: &mut W) -> Result<()> {
                (**self).encode_key(w)
            }

        }
    )*};
}

forward_encode_key! {
    [T: EncodeKey + ?Sized] &T;
    [T: EncodeKey + ?Sized] Box<T>;
    [T: EncodeKey + ?Sized] Rc<T>;
    [T: EncodeKey + ?Sized] Arc<T>;
    ['a, T: EncodeKey + ToOwned + ?Sized] Cow<'a, T>;
}

impl<'de> DecodeKey<'de> for String {
    #[inline]
    fn decode_key<R: Reader<'de>>(key: R::Key, r: &mut R) -> Result<Self> {
        r.key_str_with(key, |s| Ok(s.to_owned()))
    }
}

impl<'de: 'a, 'a> DecodeKey<'de> for &'a str {
    #[inline]
    fn decode_key<R: Reader<'de>>(key: R::Key, r: &mut R) -> Result<Self> {
        r.key_borrowed_str(key)
    }
}

impl<'de: 'a, 'a> DecodeKey<'de> for Cow<'a, str> {
    #[inline]
    fn decode_key<R: Reader<'de>>(key: R::Key, r: &mut R) -> Result<Self> {
        r.key_cow(key)
    }
}

macro_rules! shared_str_key {
    ($($ptr:ident)*) => {$(
        impl<'de> DecodeKey<'de> for $ptr<str> {
            #[inline]
            fn decode_key<R: Reader<'de>>(key: R::Key, r: &mut R) -> Result<Self> {
                r.key_str_with(key, |s| Ok($ptr::from(s)))
            }

        }
    )*};
}

shared_str_key!(Box Rc Arc);

impl EncodeKey for bool {
    #[inline]
    fn encode_key<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.write_key_bool(*self);
        Ok(())
    }
}

impl<'de> DecodeKey<'de> for bool {
    #[inline]
    fn decode_key<R: Reader<'de>>(key: R::Key, r: &mut R) -> Result<Self> {
        r.key_bool(key)
    }
}

impl EncodeKey for char {
    #[inline]
    fn encode_key<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.write_str(self.encode_utf8(&mut [0; 4]))
    }
}

impl<'de> DecodeKey<'de> for char {
    #[inline]
    fn decode_key<R: Reader<'de>>(key: R::Key, r: &mut R) -> Result<Self> {
        let at = r.key_offset(key);
        r.key_str_with(key, |s| single_char(s).ok_or_else(|| not_one_char(at)))
    }
}

macro_rules! int_keys {
    ($parse:ident, $write:ident as $as:ty: $($t:ident)*) => {$(
        impl EncodeKey for $t {
            #[inline]
            fn encode_key<W: Writer>(&self, w: &mut W) -> Result<()> {
                w.$write(*self as $as);
                Ok(())
            }

        }

        impl<'de> DecodeKey<'de> for $t {
            #[inline]
            fn decode_key<R: Reader<'de>>(key: R::Key, r: &mut R) -> Result<Self> {
                int_keys!(@$parse r, key, $t)
            }

        }
    )*};
    // The reader checks the range, so the casts below never truncate.
    (@unsigned $r:ident, $key:ident, $t:ident) => {
        $r.key_u64_max($key, stringify!($t), $t::MAX as u64).map(|v| v as $t)
    };
    (@signed $r:ident, $key:ident, $t:ident) => {
        $r.key_i64_range($key, stringify!($t), $t::MIN as i64, $t::MAX as i64).map(|v| v as $t)
    };
    (@wide $r:ident, $key:ident, u128) => {
        $r.key_u128($key)
    };
    (@wide $r:ident, $key:ident, i128) => {
        $r.key_i128($key)
    };
}

int_keys!(unsigned, write_key_u64 as u64: u8 u16 u32 u64 usize);
int_keys!(signed, write_key_i64 as i64: i8 i16 i32 i64 isize);
int_keys!(wide, write_key_u128 as u128: u128);
int_keys!(wide, write_key_i128 as i128: i128);
