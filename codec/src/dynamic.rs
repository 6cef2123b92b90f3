//! What the dynamic values of the formats whose map keys are values share:
//! `msgpack::Value` and `cbor::Value` (each with its feature). Their maps are one generic
//! [`Map`] of `(key, value)` pairs in order, searched through [`MapKey`]; the walks over a
//! map, the key index that finds duplicate keys while decoding, the `Display` helpers and
//! the impls every such value has (indexing, `From`, `FromIterator`, accessors,
//! comparisons with plain values) are written once here.
//!
//! This is the core layer: it names no format. A format's value type implements a hidden
//! trait (its reading, writing and a few accessors) and instantiates the shared impls
//! beside itself. `json::Value` has a map of its own (text keys, compared in any order),
//! but finds its duplicate keys through the same index (`key_index.rs`).

use alloc::borrow::{Cow, ToOwned};
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::hash::Hash;
use core::ops::Index;

use crate::error::{Error, ErrorKind, Result};
use crate::key_index::KeyIndex;
use crate::reader::{DuplicateKeys, Reader};
use crate::writer::Writer;
use crate::{Decode, Encode};

pub(crate) mod sealed {
    /// Keeps [`Element`](super::Element) implemented by this crate's values only.
    pub trait Sealed {}
}

/// A dynamic value that a [`Map`] holds as keys and values (implemented by
/// `msgpack::Value` and `cbor::Value`, and sealed): what the generic map and walks ask of
/// it. It is read and written through its `Decode` and `Encode`.
#[doc(hidden)]
pub trait Element:
    Clone
    + Eq
    + Ord
    + Hash
    + fmt::Display
    + fmt::Debug
    + MapKey<Self>
    + for<'de> Decode<'de>
    + Encode
    + sealed::Sealed
    + 'static
{
    /// The null value (MessagePack's nil, CBOR's null): what indexing gives when there is
    /// nothing at a key or position.
    fn null() -> &'static Self;
    /// A text string (a str).
    fn text(s: String) -> Self;
    /// The text, if this is a text string.
    fn as_text(&self) -> Option<&str>;
    /// The type in words, as messages name it ("a bin", "a tag").
    fn kind(&self) -> &'static str;
    /// How the JSON form's error names a map key that is not text.
    const NON_TEXT_KEY: &'static str;
    /// A map key just read, as a value: a text key as text, any other (where keys are
    /// typed) read again as a value.
    fn read_key<'de, R: Reader<'de>>(r: &mut R, key: R::Key) -> Result<Self> {
        if r.key_is_string(key) && !r.key_is_tagged(key) {
            return r.key_str_with(key, |s| Ok(Self::text(s.to_owned())));
        }
        r.decode_key_as_value::<Self>(key)
    }
}

// ---------------------------------------------------------------- Map

/// The entries of a map whose keys may be of any type, in input (or insertion) order:
/// the map of `msgpack::Value` (`msgpack::Map`) and of
/// `cbor::Value` (`cbor::Map`).
///
/// A vector of pairs, as both formats lay a map out. Lookups are linear scans (maps in
/// dynamic data are mostly small); decoding checks duplicate keys through a hash index
/// once a map grows past a few dozen entries, so a large map still decodes in linear time.
/// Keys are unique: [`insert`](Map::insert) replaces in place. Two maps are equal when
/// they hold the same entries in the same order. A `Map` derefs to the slice of its
/// entries (`len`, `is_empty`, `iter`, ...).
///
/// ```
/// # #[cfg(feature = "msgpack")] {
/// use codec::msgpack::{Map, Value};
///
/// let mut m = Map::new();
/// m.insert(1, "one");
/// m.insert("two", 2);
/// m.insert(Value::from(vec![Value::from(3)]), Value::Nil); // an array key
/// assert_eq!(m.get(&Value::from(1)), Some(&Value::from("one")));
/// assert_eq!(m["two"], 2);
/// assert_eq!(Value::from(m).to_string(), r#"{1: "one", "two": 2, [3]: nil}"#);
/// # }
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Map<V> {
    pub(crate) entries: Vec<(V, V)>,
}

impl<V> Default for Map<V> {
    fn default() -> Self {
        Map { entries: Vec::new() }
    }
}

/// What a [`Map`] can be searched with: a value, or a `str` for a text key.
///
/// ```
/// # #[cfg(feature = "msgpack")] {
/// use codec::msgpack::{Map, MapKey, Value};
/// let m: Map = [(Value::from("a"), 1), (Value::from(2), 2)].into_iter().collect();
/// assert_eq!(m.get("a"), Some(&Value::from(1)));
/// assert_eq!(m.get(&Value::from(2)), Some(&Value::from(2)));
/// assert!("a".is_key(&Value::from("a")) && !"2".is_key(&Value::from(2)));
/// # }
/// ```
pub trait MapKey<V> {
    /// Whether `key`, a key of the map, is this one.
    fn is_key(&self, key: &V) -> bool;
}

impl<V: Element> MapKey<V> for str {
    #[inline]
    fn is_key(&self, key: &V) -> bool {
        key.as_text() == Some(self)
    }
}

impl<V, K: MapKey<V> + ?Sized> MapKey<V> for &K {
    #[inline]
    fn is_key(&self, key: &V) -> bool {
        (**self).is_key(key)
    }
}

impl<V: Element> Map<V> {
    /// An empty map.
    ///
    /// ```
    /// # #[cfg(feature = "msgpack")]
    /// assert!(codec::msgpack::Map::new().is_empty());
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty map with room for `capacity` entries.
    ///
    /// ```
    /// # #[cfg(feature = "cbor")]
    /// assert!(codec::cbor::Map::with_capacity(4).is_empty());
    /// ```
    pub fn with_capacity(capacity: usize) -> Self {
        Map { entries: Vec::with_capacity(capacity) }
    }

    /// Removes every entry.
    ///
    /// ```
    /// # #[cfg(feature = "msgpack")] {
    /// # use codec::msgpack::Map;
    /// let mut m: Map = [(1, 2)].into_iter().collect();
    /// m.clear();
    /// assert!(m.is_empty());
    /// # }
    /// ```
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    pub(crate) fn position<K: MapKey<V> + ?Sized>(&self, key: &K) -> Option<usize> {
        self.entries.iter().position(|(k, _)| key.is_key(k))
    }

    /// The value of `key`: a value, or a `&str` for a text key.
    ///
    /// ```
    /// # #[cfg(feature = "msgpack")] {
    /// # use codec::msgpack::{Map, Value};
    /// let m: Map = [(Value::from(1), Value::from("a")), (Value::from("b"), Value::Nil)].into_iter().collect();
    /// assert_eq!(m.get(&Value::from(1)), Some(&Value::from("a")));
    /// assert_eq!(m.get("b"), Some(&Value::Nil));
    /// assert_eq!(m.get("1"), None);
    /// # }
    /// ```
    pub fn get<K: MapKey<V> + ?Sized>(&self, key: &K) -> Option<&V> {
        self.entries.iter().find(|(k, _)| key.is_key(k)).map(|(_, v)| v)
    }

    /// The value of `key`, mutably.
    ///
    /// ```
    /// # #[cfg(feature = "cbor")] {
    /// # use codec::cbor::{Map, Value};
    /// let mut m: Map = [("a", 1)].into_iter().collect();
    /// *m.get_mut("a").unwrap() = Value::from(2);
    /// assert_eq!(m["a"], 2);
    /// # }
    /// ```
    pub fn get_mut<K: MapKey<V> + ?Sized>(&mut self, key: &K) -> Option<&mut V> {
        self.entries.iter_mut().find(|(k, _)| key.is_key(k)).map(|(_, v)| v)
    }

    /// Whether `key` is a key of the map.
    ///
    /// ```
    /// # #[cfg(feature = "msgpack")] {
    /// # use codec::msgpack::{Map, Value};
    /// let m: Map = [(1, 2)].into_iter().collect();
    /// assert!(m.contains_key(&Value::from(1)) && !m.contains_key("1"));
    /// # }
    /// ```
    pub fn contains_key<K: MapKey<V> + ?Sized>(&self, key: &K) -> bool {
        self.get(key).is_some()
    }

    /// Sets `key` to `value`. A new key goes last; an existing one keeps its place and
    /// the old value is returned.
    ///
    /// ```
    /// # #[cfg(feature = "msgpack")] {
    /// # use codec::msgpack::{Map, Value};
    /// let mut m = Map::new();
    /// assert_eq!(m.insert(1, "a"), None);
    /// m.insert(2, "b");
    /// assert_eq!(m.insert(1, "c"), Some(Value::from("a")));
    /// assert_eq!(Value::from(m).to_string(), r#"{1: "c", 2: "b"}"#);
    /// # }
    /// ```
    pub fn insert(&mut self, key: impl Into<V>, value: impl Into<V>) -> Option<V> {
        let (key, value) = (key.into(), value.into());
        if let Some(old) = self.get_mut(&key) {
            return Some(core::mem::replace(old, value));
        }
        self.entries.push((key, value));
        None
    }

    /// Removes `key` and returns its value; the entries after it keep their order.
    ///
    /// ```
    /// # #[cfg(feature = "cbor")] {
    /// # use codec::cbor::{Map, Value};
    /// let mut m: Map = [(1, 10), (2, 20), (3, 30)].into_iter().collect();
    /// assert_eq!(m.remove(&Value::from(2)), Some(Value::from(20)));
    /// assert_eq!(m.len(), 2);
    /// # }
    /// ```
    pub fn remove<K: MapKey<V> + ?Sized>(&mut self, key: &K) -> Option<V> {
        self.position(key).map(|i| self.entries.remove(i).1)
    }

    /// The value of the text key `key`, inserted as null at the end when absent.
    pub(crate) fn get_or_insert_null(&mut self, key: &str) -> &mut V {
        let i = match self.position(key) {
            Some(i) => i,
            None => {
                self.entries.push((V::text(key.to_owned()), V::null().clone()));
                self.entries.len() - 1
            }
        };
        &mut self.entries[i].1
    }

    /// The entries in order, values mutable.
    ///
    /// ```
    /// # #[cfg(feature = "msgpack")] {
    /// # use codec::msgpack::{Map, Value};
    /// let mut m: Map = [(1, 1), (2, 2)].into_iter().collect();
    /// for (_, v) in m.iter_mut() {
    ///     *v = Value::from(v.as_u64().unwrap() * 10);
    /// }
    /// assert_eq!(m[&Value::from(2)], 20);
    /// # }
    /// ```
    pub fn iter_mut(&mut self) -> impl DoubleEndedIterator<Item = (&V, &mut V)> + ExactSizeIterator {
        self.entries.iter_mut().map(|(k, v)| (&*k, v))
    }

    /// The keys in order.
    ///
    /// ```
    /// # #[cfg(feature = "cbor")] {
    /// # use codec::cbor::Map;
    /// let m: Map = [("b", 1), ("a", 2)].into_iter().collect();
    /// assert_eq!(m.keys().filter_map(|k| k.as_str()).collect::<Vec<_>>(), ["b", "a"]);
    /// # }
    /// ```
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &V> + ExactSizeIterator + '_ {
        self.entries.iter().map(|(k, _)| k)
    }

    /// The values in order.
    ///
    /// ```
    /// # #[cfg(feature = "msgpack")] {
    /// # use codec::msgpack::Map;
    /// let m: Map = [("b", 1), ("a", 2)].into_iter().collect();
    /// assert_eq!(m.values().filter_map(|v| v.as_u64()).sum::<u64>(), 3);
    /// # }
    /// ```
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + ExactSizeIterator + '_ {
        self.entries.iter().map(|(_, v)| v)
    }

    /// The entries as a slice of pairs, in order.
    ///
    /// ```
    /// # #[cfg(feature = "cbor")] {
    /// # use codec::cbor::{Map, Value};
    /// let m: Map = [(1, 2)].into_iter().collect();
    /// assert_eq!(m.as_slice(), [(Value::from(1), Value::from(2))]);
    /// # }
    /// ```
    pub fn as_slice(&self) -> &[(V, V)] {
        &self.entries
    }

    /// `Decode for Map`: a map, keys of any type where the format types them; a JSON
    /// object, its keys text. A repeated key follows the reader's duplicate-key policy,
    /// keys compared as values.
    pub(crate) fn read_from<'de, R: Reader<'de>>(r: &mut R) -> Result<Self> {
        let b = r.read_map(
            |r, n| {
                let capacity = r.capacity_for(n, core::mem::size_of::<(V, V)>());
                Ok(KeyIndex::new(Map::with_capacity(capacity)))
            },
            |r, b, key| {
                let name = V::read_key(r, key)?;
                match b.find(&name) {
                    None => {
                        let value = V::decode(r).map_err(|e| in_key(e, &name))?;
                        b.push(name, value);
                    }
                    Some(i) => match r.duplicate_keys() {
                        DuplicateKeys::KeepFirst => r.skip_value()?,
                        DuplicateKeys::KeepLast => {
                            let value = V::decode(r).map_err(|e| in_key(e, &name))?;
                            b.replace(i, value);
                        }
                        _ => return Err(duplicate_key(r.key_offset(key), path_key(&name))),
                    },
                }
                Ok(())
            },
        )?;
        Ok(b.into_map())
    }

    /// `Encode for Map`: where keys are typed (MessagePack, CBOR) every entry as it is;
    /// in JSON an object, an error when a key is not text.
    pub(crate) fn write_to<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.begin_map(self.len())?;
        for (i, (k, v)) in self.entries.iter().enumerate() {
            w.map_key(i);
            if W::TYPED_KEYS {
                k.encode(w)?;
            } else {
                let Some(text) = k.as_text() else {
                    return Err(not_json(V::NON_TEXT_KEY).in_key(path_key(k)));
                };
                w.write_str(text)?;
            }
            w.map_value();
            v.encode(w).map_err(|e| in_key(e, k))?;
        }
        w.end_map();
        Ok(())
    }
}

impl<V> core::ops::Deref for Map<V> {
    type Target = [(V, V)];

    /// The entries as a slice of pairs, in order: `len`, `is_empty`, `iter` (each entry
    /// as `&(key, value)`), `first`, ... (Read-only: a mutable slice could repeat a key.)
    ///
    /// ```
    /// # #[cfg(feature = "msgpack")] {
    /// # use codec::msgpack::Map;
    /// let m: Map = [(2, "b"), (1, "a")].into_iter().collect();
    /// assert_eq!(m.len(), 2);
    /// let keys: Vec<u64> = m.iter().map(|(k, _)| k.as_u64().unwrap()).collect();
    /// assert_eq!(keys, [2, 1]);
    /// # }
    /// ```
    fn deref(&self) -> &[(V, V)] {
        &self.entries
    }
}

impl<V: fmt::Debug> fmt::Debug for Map<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.entries.iter().map(|(k, v)| (k, v))).finish()
    }
}

impl<V: fmt::Display> fmt::Display for Map<V> {
    /// `{k: v, ...}` in the diagnostic form of the value's `Display`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, (k, v)) in self.entries.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{k}: {v}")?;
        }
        f.write_str("}")
    }
}

impl<V: Element, K: MapKey<V> + ?Sized> Index<&K> for Map<V> {
    type Output = V;

    /// The value of `key`, or null when absent (as indexing a value).
    fn index(&self, key: &K) -> &V {
        self.get(key).unwrap_or(V::null())
    }
}

impl<V: Element, A: Into<V>, B: Into<V>> FromIterator<(A, B)> for Map<V> {
    /// Collects entries in order; a key that comes again replaces the earlier value in
    /// its place.
    ///
    /// ```
    /// # #[cfg(feature = "msgpack")] {
    /// # use codec::msgpack::{Map, Value};
    /// let m: Map = [(1, "a"), (2, "b"), (1, "c")].into_iter().collect();
    /// assert_eq!(m.len(), 2);
    /// assert_eq!(m[&Value::from(1)], "c");
    /// # }
    /// ```
    fn from_iter<I: IntoIterator<Item = (A, B)>>(iter: I) -> Self {
        let mut m = Map::new();
        m.extend(iter);
        m
    }
}

impl<V: Element, A: Into<V>, B: Into<V>> Extend<(A, B)> for Map<V> {
    /// Inserts each entry, as [`Map::insert`] does (through a key index, so extending by
    /// many entries stays linear).
    fn extend<I: IntoIterator<Item = (A, B)>>(&mut self, iter: I) {
        let mut index = KeyIndex::new(core::mem::take(self));
        for (k, v) in iter {
            let k = k.into();
            match index.find(&k) {
                Some(i) => index.replace(i, v.into()),
                None => index.push(k, v.into()),
            }
        }
        *self = index.into_map();
    }
}

impl<V> IntoIterator for Map<V> {
    type Item = (V, V);
    type IntoIter = alloc::vec::IntoIter<(V, V)>;

    /// The entries in order, by value.
    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

impl<'a, V> IntoIterator for &'a Map<V> {
    type Item = &'a (V, V);
    type IntoIter = core::slice::Iter<'a, (V, V)>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter()
    }
}

/// A map being gathered (decoded or extended), with its key index.
impl<V: Element> KeyIndex<V, V> {
    /// The entries of `map`, indexed when there are many.
    pub(crate) fn new(map: Map<V>) -> Self {
        KeyIndex::of(map.entries)
    }

    /// The map gathered.
    pub(crate) fn into_map(self) -> Map<V> {
        Map { entries: self.into_entries() }
    }
}

// ---------------------------------------------------------------- errors and paths

/// A key seen twice in one map, at the offset of its second occurrence.
#[cold]
#[inline(never)]
pub(crate) fn duplicate_key(offset: usize, name: String) -> Error {
    Error::new(ErrorKind::DuplicateField(Cow::Owned(name)), offset)
}

/// How a key appears in an error path: text as itself (as for JSON objects), any other
/// key in the diagnostic form.
pub(crate) fn path_key<V: Element>(key: &V) -> String {
    match key.as_text() {
        Some(s) => s.to_owned(),
        None => key.to_string(),
    }
}

/// `e`, inside the value of map key `key`.
#[cold]
#[inline(never)]
pub(crate) fn in_key<V: Element>(e: Error, key: &V) -> Error {
    e.in_key(path_key(key))
}

/// A value JSON has no form for, named in the error.
#[cold]
#[inline(never)]
pub(crate) fn not_json(what: &'static str) -> Error {
    not_held_by("a value JSON can hold", what)
}

/// A value the format of `W` has no form for, named in the error (the format told by
/// the writer's capability constants).
#[cold]
#[inline(never)]
pub(crate) fn not_held<W: Writer>(what: &'static str) -> Error {
    let expected = if W::JSON_TEXT {
        "a value JSON can hold"
    } else if W::MSGPACK {
        "a value MessagePack can hold"
    } else {
        // The one other writer, CBOR's.
        "a value CBOR can hold"
    };
    not_held_by(expected, what)
}

fn not_held_by(expected: &'static str, what: &'static str) -> Error {
    Error::without_position(ErrorKind::InvalidType { expected: Cow::Borrowed(expected), found: Cow::Borrowed(what) })
}

/// The name of a float that is not finite: `NaN`, `Infinity` or `-Infinity`.
pub(crate) fn non_finite_name(v: f64) -> &'static str {
    if v.is_nan() {
        "NaN"
    } else if v > 0.0 {
        "Infinity"
    } else {
        "-Infinity"
    }
}

/// A float JSON has no form for.
#[cold]
#[inline(never)]
pub(crate) fn non_finite(v: f64) -> Error {
    not_json(non_finite_name(v))
}

// ---------------------------------------------------------------- Display helpers

/// A float in the diagnostic form: the shortest form that reads back, always with `.` or
/// an exponent; `NaN`, `Infinity`, `-Infinity`.
pub(crate) fn write_float(f: &mut fmt::Formatter<'_>, v: f64) -> fmt::Result {
    if v.is_finite() {
        f.write_str(zmij::Buffer::new().format_finite(v))
    } else {
        f.write_str(non_finite_name(v))
    }
}

/// `[a, b]` in the diagnostic form of each element.
pub(crate) fn write_array<V: fmt::Display>(f: &mut fmt::Formatter<'_>, items: &[V]) -> fmt::Result {
    f.write_str("[")?;
    for (i, v) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        fmt::Display::fmt(v, f)?;
    }
    f.write_str("]")
}

// ---------------------------------------------------------------- the impls of each value

/// The impls every dynamic value with typed keys has, for `$value` (whose map is
/// `Map<$value>`, whose text variant is `$text`, whose null is the static `$null`, and
/// which has `Encode`, `Decode`, an inherent `kind`, and `get`, `as_array`, `as_map_mut`,
/// `as_str`, `as_bool`, `as_u64`, `as_i64` and an `$integer` type that every primitive
/// integer converts into): [`Element`], indexing by text key and position, `From` for the integers,
/// text, `Option`, `Vec<$value>` and the map, collecting into an array or a map, and
/// comparisons with plain values (`v == 1`, `v == "a"`, `v == true`).
macro_rules! value_impls {
    ($value:ident, $integer:ident, $text:ident, $array:ident, $map:ident, $null:ident, $non_text_key:literal) => {
        impl $crate::dynamic::sealed::Sealed for $value {}

        // The trait the generic map and walks ask of a value: the part of its own is its
        // inherent `kind` (reading and writing are its `Decode` and `Encode`).
        impl $crate::dynamic::Element for $value {
            const NON_TEXT_KEY: &'static str = $non_text_key;

            #[inline]
            fn null() -> &'static $value {
                &$null
            }

            #[inline]
            fn text(s: alloc::string::String) -> $value {
                $value::$text(s)
            }

            #[inline]
            fn as_text(&self) -> Option<&str> {
                match self {
                    $value::$text(s) => Some(s),
                    _ => None,
                }
            }

            #[inline]
            fn kind(&self) -> &'static str {
                $value::kind(self)
            }
        }

        impl core::ops::Index<&str> for $value {
            type Output = $value;

            /// The value of the text key `key`, or null when absent or when this is not a
            /// map.
            fn index(&self, key: &str) -> &$value {
                self.get(key).unwrap_or(<$value as $crate::dynamic::Element>::null())
            }
        }

        impl core::ops::Index<usize> for $value {
            type Output = $value;

            /// Element `index`, or null when out of range or when this is not an array.
            fn index(&self, index: usize) -> &$value {
                self.as_array().and_then(|a| a.get(index)).unwrap_or(<$value as $crate::dynamic::Element>::null())
            }
        }

        impl core::ops::IndexMut<&str> for $value {
            /// The value of the text key `key`, inserted as null (at the end) when absent;
            /// null itself first becomes an empty map.
            ///
            /// # Panics
            /// When this is neither a map nor null.
            fn index_mut(&mut self, key: &str) -> &mut $value {
                if self == <$value as $crate::dynamic::Element>::null() {
                    *self = $value::$map($crate::dynamic::Map::new());
                }
                let kind = <$value as $crate::dynamic::Element>::kind(self);
                match self.as_map_mut() {
                    Some(m) => m.get_or_insert_null(key),
                    None => panic!("cannot index {} with a string key", kind),
                }
            }
        }

        impl core::ops::IndexMut<usize> for $value {
            /// Element `index`.
            ///
            /// # Panics
            /// When this is not an array or `index` is out of range.
            fn index_mut(&mut self, index: usize) -> &mut $value {
                let kind = <$value as $crate::dynamic::Element>::kind(self);
                match self {
                    $value::$array(a) => {
                        let len = a.len();
                        a.get_mut(index).unwrap_or_else(|| panic!("index {index} out of range for an array of {len}"))
                    }
                    _ => panic!("cannot index {} with a position", kind),
                }
            }
        }

        $crate::dynamic::value_impls!(@from $value, $integer: u8 u16 u32 u64 usize i8 i16 i32 i64 isize);

        impl From<$integer> for $value {
            #[inline]
            fn from(v: $integer) -> $value {
                $value::$integer(v)
            }
        }

        impl From<&str> for $value {
            #[inline]
            fn from(v: &str) -> $value {
                <$value as $crate::dynamic::Element>::text(alloc::borrow::ToOwned::to_owned(v))
            }
        }

        impl From<alloc::string::String> for $value {
            #[inline]
            fn from(v: alloc::string::String) -> $value {
                <$value as $crate::dynamic::Element>::text(v)
            }
        }

        impl From<alloc::borrow::Cow<'_, str>> for $value {
            #[inline]
            fn from(v: alloc::borrow::Cow<'_, str>) -> $value {
                <$value as $crate::dynamic::Element>::text(v.into_owned())
            }
        }

        impl From<char> for $value {
            #[inline]
            fn from(v: char) -> $value {
                <$value as $crate::dynamic::Element>::text(alloc::string::ToString::to_string(&v))
            }
        }

        impl From<()> for $value {
            #[inline]
            fn from(_: ()) -> $value {
                <$value as $crate::dynamic::Element>::null().clone()
            }
        }

        impl From<alloc::vec::Vec<$value>> for $value {
            #[inline]
            fn from(v: alloc::vec::Vec<$value>) -> $value {
                $value::$array(v)
            }
        }

        impl From<$crate::dynamic::Map<$value>> for $value {
            #[inline]
            fn from(v: $crate::dynamic::Map<$value>) -> $value {
                $value::$map(v)
            }
        }

        impl<T: Into<$value>> From<Option<T>> for $value {
            /// `None` is null.
            fn from(v: Option<T>) -> $value {
                v.map_or_else(|| <$value as $crate::dynamic::Element>::null().clone(), Into::into)
            }
        }

        impl<T: Into<$value>> FromIterator<T> for $value {
            /// An array.
            fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> $value {
                $value::$array(iter.into_iter().map(Into::into).collect())
            }
        }

        impl<K: Into<$value>, V: Into<$value>> FromIterator<(K, V)> for $value {
            /// A map; a key that comes again replaces the earlier value in its place.
            fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> $value {
                $value::$map(iter.into_iter().collect())
            }
        }

        impl $crate::dynamic::MapKey<$value> for $value {
            #[inline]
            fn is_key(&self, key: &$value) -> bool {
                self == key
            }
        }

        // Comparisons with plain values, so `v["n"] == 1` reads naturally. Only with the
        // value on the left, as for `json::Value` (the mirrored impls would break type
        // inference in unrelated code).
        $crate::dynamic::value_impls!(@eq $value: str => |v, o| v.as_str() == Some(o));
        $crate::dynamic::value_impls!(@eq $value: &str => |v, o| v.as_str() == Some(*o));
        $crate::dynamic::value_impls!(@eq $value: alloc::string::String => |v, o| v.as_str() == Some(o.as_str()));
        $crate::dynamic::value_impls!(@eq $value: bool => |v, o| v.as_bool() == Some(*o));
        $crate::dynamic::value_impls!(@eq $value: u8 u16 u32 u64 usize => |v, o| v.as_u64() == Some(*o as u64));
        $crate::dynamic::value_impls!(@eq $value: i8 i16 i32 i64 isize => |v, o| v.as_i64() == Some(*o as i64));
    };
    (@from $value:ident, $integer:ident: $($t:ty)*) => {$(
        impl From<$t> for $value {
            #[inline]
            fn from(v: $t) -> $value {
                $value::$integer($integer::from(v))
            }
        }
    )*};
    (@eq $value:ident: $($t:ty)* => |$v:ident, $o:ident| $e:expr) => {$(
        impl PartialEq<$t> for $value {
            #[allow(clippy::cast_lossless, clippy::unnecessary_cast)]
            fn eq(&self, other: &$t) -> bool {
                let ($v, $o) = (self, other);
                $e
            }
        }
    )*};
}
pub(crate) use value_impls;

/// The accessors every dynamic value with typed keys has, for `$value` of the format
/// module `$fmt` (whose variants for text, arrays and maps are `$text`, `$array` and
/// `$map`, and whose `Integer` variant holds an `Integer` with `as_u64` and `as_i64`):
/// `is_*` and `as_*` for bools, integers, text, arrays and maps, `get`, `get_mut` and
/// `take`, each with its example.
macro_rules! value_accessors {
    ($value:ident, $fmt:literal, $text:ident, $array:ident, $map:ident) => {
        impl $value {
            /// Whether this is a bool.
            ///
            #[doc = concat!("```\nassert!(codec::", $fmt, "::Value::from(true).is_bool());\n```")]
            pub fn is_bool(&self) -> bool {
                matches!(self, $value::Bool(_))
            }

            /// Whether this is an integer.
            ///
            #[doc = concat!("```\n# use codec::", $fmt, "::Value;\nassert!(Value::from(-1).is_integer() && !Value::from(1.0).is_integer());\n```")]
            pub fn is_integer(&self) -> bool {
                matches!(self, $value::Integer(_))
            }

            /// Whether this is an integer that fits `u64`.
            ///
            #[doc = concat!("```\n# use codec::", $fmt, "::Value;\nassert!(Value::from(u64::MAX).is_u64() && !Value::from(-1).is_u64());\n```")]
            pub fn is_u64(&self) -> bool {
                self.as_u64().is_some()
            }

            /// Whether this is an integer that fits `i64`.
            ///
            #[doc = concat!("```\n# use codec::", $fmt, "::Value;\nassert!(Value::from(-1).is_i64() && !Value::from(u64::MAX).is_i64());\n```")]
            pub fn is_i64(&self) -> bool {
                self.as_i64().is_some()
            }

            /// Whether this is text (a string).
            ///
            #[doc = concat!("```\nassert!(codec::", $fmt, "::Value::from(\"x\").is_string());\n```")]
            pub fn is_string(&self) -> bool {
                matches!(self, $value::$text(_))
            }

            /// Whether this is an array.
            ///
            #[doc = concat!("```\nassert!(codec::", $fmt, "::Value::Array(vec![]).is_array());\n```")]
            pub fn is_array(&self) -> bool {
                matches!(self, $value::$array(_))
            }

            /// Whether this is a map.
            ///
            #[doc = concat!("```\n# use codec::", $fmt, "::{Map, Value};\nassert!(Value::from(Map::new()).is_map());\n```")]
            pub fn is_map(&self) -> bool {
                matches!(self, $value::$map(_))
            }

            /// The bool, if this is one.
            ///
            #[doc = concat!("```\n# use codec::", $fmt, "::Value;\nassert_eq!(Value::from(true).as_bool(), Some(true));\nassert_eq!(Value::from(1).as_bool(), None);\n```")]
            pub fn as_bool(&self) -> Option<bool> {
                match self {
                    $value::Bool(b) => Some(*b),
                    _ => None,
                }
            }

            /// The integer, if this is one.
            ///
            #[doc = concat!("```\n# use codec::", $fmt, "::{Integer, Value};\nassert_eq!(Value::from(3).as_integer(), Some(Integer::from(3)));\n```")]
            pub fn as_integer(&self) -> Option<Integer> {
                match self {
                    $value::Integer(i) => Some(*i),
                    _ => None,
                }
            }

            /// The integer, if this is one that fits `u64` (never a converted float).
            ///
            #[doc = concat!("```\n# use codec::", $fmt, "::Value;\nassert_eq!(Value::from(3u8).as_u64(), Some(3));\nassert_eq!(Value::from(3.0).as_u64(), None);\n```")]
            pub fn as_u64(&self) -> Option<u64> {
                self.as_integer().and_then(|i| i.as_u64())
            }

            /// The integer, if this is one that fits `i64` (never a converted float).
            ///
            #[doc = concat!("```\n# use codec::", $fmt, "::Value;\nassert_eq!(Value::from(i64::MIN).as_i64(), Some(i64::MIN));\n```")]
            pub fn as_i64(&self) -> Option<i64> {
                self.as_integer().and_then(|i| i.as_i64())
            }

            /// The text, if this is a string.
            ///
            #[doc = concat!("```\nassert_eq!(codec::", $fmt, "::Value::from(\"hi\").as_str(), Some(\"hi\"));\n```")]
            pub fn as_str(&self) -> Option<&str> {
                match self {
                    $value::$text(s) => Some(s),
                    _ => None,
                }
            }

            /// The elements, if this is an array.
            ///
            #[doc = concat!("```\n# use codec::", $fmt, "::Value;\nassert_eq!(Value::from(vec![Value::from(1)]).as_array().map(Vec::len), Some(1));\n```")]
            pub fn as_array(&self) -> Option<&Vec<$value>> {
                match self {
                    $value::$array(a) => Some(a),
                    _ => None,
                }
            }

            /// The elements, mutably, if this is an array.
            ///
            #[doc = concat!("```\n# use codec::", $fmt, "::Value;\nlet mut v = Value::Array(vec![]);\nv.as_array_mut().unwrap().push(Value::from(1));\nassert_eq!(v[0], 1);\n```")]
            pub fn as_array_mut(&mut self) -> Option<&mut Vec<$value>> {
                match self {
                    $value::$array(a) => Some(a),
                    _ => None,
                }
            }

            /// The entries, if this is a map.
            ///
            #[doc = concat!("```\n# use codec::", $fmt, "::Value;\nlet v: Value = [(1, 2)].into_iter().collect();\nassert_eq!(v.as_map().unwrap().get(&Value::from(1)), Some(&Value::from(2)));\n```")]
            pub fn as_map(&self) -> Option<&Map> {
                match self {
                    $value::$map(m) => Some(m),
                    _ => None,
                }
            }

            /// The entries, mutably, if this is a map.
            ///
            #[doc = concat!("```\n# use codec::", $fmt, "::{Map, Value};\nlet mut v = Value::from(Map::new());\nv.as_map_mut().unwrap().insert(1, \"one\");\nassert_eq!(v.to_string(), r#\"{1: \"one\"}\"#);\n```")]
            pub fn as_map_mut(&mut self) -> Option<&mut Map> {
                match self {
                    $value::$map(m) => Some(m),
                    _ => None,
                }
            }

            /// The value of the text key `key`, if this is a map that has it.
            ///
            #[doc = concat!("```\n# use codec::", $fmt, "::Value;\nlet v: Value = [(\"a\", 1)].into_iter().collect();\nassert_eq!(v.get(\"a\"), Some(&Value::from(1)));\nassert_eq!(v.get(\"b\"), None);\n```")]
            pub fn get(&self, key: &str) -> Option<&$value> {
                self.as_map().and_then(|m| m.get(key))
            }

            /// The value of the text key `key`, mutably, if this is a map that has it.
            ///
            #[doc = concat!("```\n# use codec::", $fmt, "::Value;\nlet mut v: Value = [(\"a\", 1)].into_iter().collect();\n*v.get_mut(\"a\").unwrap() = Value::from(2);\nassert_eq!(v[\"a\"], 2);\n```")]
            pub fn get_mut(&mut self, key: &str) -> Option<&mut $value> {
                self.as_map_mut().and_then(|m| m.get_mut(key))
            }

            /// Takes the value out, leaving null.
            ///
            #[doc = concat!("```\n# use codec::", $fmt, "::Value;\nlet mut v = Value::from(\"x\");\nassert_eq!(v.take(), \"x\");\nassert_eq!(v, Value::default());\n```")]
            pub fn take(&mut self) -> $value {
                core::mem::take(self)
            }
        }
    };
}
pub(crate) use value_accessors;

/// Methods that look at one variant (or a few) of `$value`: each `fn name -> T { pattern =>
/// result, ... }` gives `result` where `self` matches a pattern, and `T::default()` (`false`,
/// `None`) otherwise. The `is_*` and `as_*` a format's value has beyond the shared ones.
macro_rules! variant_methods {
    ($value:ident { $($(#[$doc:meta])* $vis:vis fn $name:ident -> $t:ty { $($pat:pat => $e:expr),+ })* }) => {
        impl $value {
            $(
                $(#[$doc])*
                $vis fn $name(&self) -> $t {
                    match self {
                        $($pat => $e,)+
                        #[allow(unreachable_patterns)]
                        _ => Default::default(),
                    }
                }
            )*
        }
    };
}
pub(crate) use variant_methods;
