//! `Encode`/`Decode` for std types, one file per family. Beside them, what the families
//! and the integrations of `ext/` share: `string_form.rs` connects any type whose JSON form
//! is a string to the readers and writers, `wrappers.rs` has the forwarding macros of
//! types written as what they hold, `collections.rs` the sequence helpers and macros.
//! Here too (below) the transitional macros that forward an impl's per-format methods
//! (`encode_json`, `decode_msgpack_key`, ...) to its one generic method: they name both
//! formats, so they belong to the model rather than to the core's `reader.rs`/`writer.rs`.
//!
//! Which of them need more than `core` + `alloc`, and so the `std` feature: `path.rs`
//! (`Path`, `OsString`) and `sync.rs` (`Mutex`, `RwLock`), gated as a whole; in `time.rs`
//! the `SystemTime` impls (its helpers serve the MessagePack `Timestamp` too); the
//! `HashMap`/`HashSet` impls (`alloc` has no hash table: no default hasher). `net.rs`
//! uses only types that live in `core::net`.

mod cell;
pub(crate) mod collections;
mod duration;
pub(crate) mod ext;
mod json_value;
pub(crate) mod maps;
#[cfg(feature = "msgpack")]
mod msgpack_value;
mod net;
mod num;
#[cfg(feature = "std")]
mod path;
mod primitives;
mod range;
pub(crate) mod record;
pub(crate) mod shared_refs;
pub(crate) mod string_form;
mod strings;
#[cfg(feature = "std")]
mod sync;
// `SystemTime` needs `std`; the rest serves the MessagePack `Timestamp`.
#[cfg(any(feature = "std", feature = "msgpack"))]
pub(crate) mod time;
mod tuples;
pub(crate) mod wrappers;

/// The per-format methods of a `DecodeKey<$de>` impl whose body is its generic
/// [`decode_key`](crate::DecodeKey::decode_key): `decode_json_key` and `decode_msgpack_key`
/// forward to it (with `pairs`, `decode_json_pair_key` to
/// [`decode_pair_key`](crate::DecodeKey::decode_pair_key) too). Transitional, until
/// `decode_key` is the one method of the trait.
macro_rules! decode_key_per_format_via_generic {
    ($de:lifetime) => {
        #[inline]
        fn decode_json_key(key: $crate::json::Key<$de>, r: &mut $crate::json::JsonReader<$de>) -> $crate::Result<Self> {
            <Self as $crate::DecodeKey<$de>>::decode_key(key, r)
        }

        #[inline]
        #[cfg(feature = "msgpack")]
        fn decode_msgpack_key(
            key: $crate::msgpack::Key<$de>,
            r: &mut $crate::msgpack::MsgpackReader<$de>,
        ) -> $crate::Result<Self> {
            <Self as $crate::DecodeKey<$de>>::decode_key(key, r)
        }
    };
    ($de:lifetime, pairs) => {
        $crate::impls::decode_key_per_format_via_generic!($de);

        #[inline]
        fn decode_json_pair_key(r: &mut $crate::json::JsonReader<$de>) -> $crate::Result<Self> {
            <Self as $crate::DecodeKey<$de>>::decode_pair_key(r)
        }
    };
}
pub(crate) use decode_key_per_format_via_generic;

/// `Encode` and `Decode` of types whose generic bodies are their own `write_to(&self, w)`
/// and `read_from(r)` (the value types' walks, defined beside the types in their format's
/// folder, which names no model trait's per-format method).
macro_rules! walk_impls {
    ($($ty:ty),+ $(,)?) => {$(
        impl $crate::Encode for $ty {
            #[inline]
            fn encode<W: $crate::Writer>(&self, w: &mut W) -> $crate::Result<()> {
                self.write_to(w)
            }
        }

        impl<'de> $crate::Decode<'de> for $ty {
            #[inline]
            fn decode<R: $crate::Reader<'de>>(r: &mut R) -> $crate::Result<Self> {
                <$ty>::read_from(r)
            }
        }
    )+};
}
pub(crate) use walk_impls;

/// The per-format methods of an [`EncodeKey`](crate::EncodeKey) impl that moved to
/// [`EncodeKey::encode_key`](crate::EncodeKey::encode_key): they forward to it.
/// Transitional, until `encode_key` is the trait's required method.
macro_rules! encode_key_per_format_via_generic {
    () => {
        #[inline]
        fn encode_json_key(&self, w: &mut $crate::json::JsonWriter) -> $crate::Result<()> {
            $crate::EncodeKey::encode_key(self, w)
        }

        #[inline]
        #[cfg(feature = "msgpack")]
        fn encode_msgpack_key(&self, w: &mut $crate::msgpack::MsgpackWriter) -> $crate::Result<()> {
            $crate::EncodeKey::encode_key(self, w)
        }
    };
}
pub(crate) use encode_key_per_format_via_generic;

/// The per-format methods of an [`EncodeBytes`](crate::EncodeBytes) impl that moved to
/// [`EncodeBytes::encode_bytes`](crate::EncodeBytes::encode_bytes): they forward to it.
/// Transitional, as the key ones.
macro_rules! encode_bytes_per_format_via_generic {
    () => {
        #[inline]
        fn encode_json_bytes(&self, w: &mut $crate::json::JsonWriter) -> $crate::Result<()> {
            $crate::EncodeBytes::encode_bytes(self, w)
        }

        #[inline]
        #[cfg(feature = "msgpack")]
        fn encode_msgpack_bytes(&self, w: &mut $crate::msgpack::MsgpackWriter) -> $crate::Result<()> {
            $crate::EncodeBytes::encode_bytes(self, w)
        }
    };
}
pub(crate) use encode_bytes_per_format_via_generic;

/// The per-format methods of a `DecodeBytes<$de>` impl whose body is its generic
/// [`decode_bytes`](DecodeBytes::decode_bytes): `decode_json_bytes` and
/// `decode_msgpack_bytes` forward to it. Transitional, until `decode_bytes` is the one
/// method of the trait.
macro_rules! decode_bytes_per_format_via_generic {
    ($de:lifetime) => {
        #[inline]
        fn decode_json_bytes(r: &mut $crate::json::JsonReader<$de>) -> $crate::Result<Self> {
            <Self as $crate::DecodeBytes<$de>>::decode_bytes(r)
        }

        #[inline]
        #[cfg(feature = "msgpack")]
        fn decode_msgpack_bytes(r: &mut $crate::msgpack::MsgpackReader<$de>) -> $crate::Result<Self> {
            <Self as $crate::DecodeBytes<$de>>::decode_bytes(r)
        }
    };
}
pub(crate) use decode_bytes_per_format_via_generic;
