//! A map key read through its serde impl, over any reader: where keys are strings (JSON),
//! by serde_json's rules (the key's text, or the number, boolean or unit variant written
//! in it, as the type asks); where keys keep their type (MessagePack), the key is a whole
//! value, read again as one.

use ::serde::de::value::{BorrowedStrDeserializer, StrDeserializer};
use ::serde::de::{self, Visitor};

use super::{at, Compat};
use crate::error::{Error, Result};
use crate::reader::StrRef;
use crate::Reader;

/// Reads `key`, just read by `r`, as a `T` through its serde impl.
#[inline]
pub(super) fn decode_key<'de, T: de::Deserialize<'de>, R: Reader<'de>>(key: R::Key, r: &mut R) -> Result<T> {
    if R::TYPED_KEYS {
        return r.decode_key_as_value::<Compat<T>>(key).map(|c| c.0);
    }
    let offset = r.key_offset(key);
    at(T::deserialize(KeyDeserializer { key, r }), offset)
}

/// A string key as a value: its text, or, when the type asks, the number, boolean or unit
/// variant written in it. Also what the `Deserializer` reads an object's keys with where
/// keys are text (JSON).
pub(super) struct KeyDeserializer<'a, R, K> {
    pub(super) key: K,
    pub(super) r: &'a mut R,
}

macro_rules! key_int {
    ($($method:ident $visit:ident $t:ident $read:ident;)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            let v = key_int!(@read self, $read, $t);
            visitor.$visit(v as $t)
        }
    )*};
    (@read $self:ident, u, $t:ident) => {
        $self.r.key_u64_max($self.key, stringify!($t), $t::MAX as u64)?
    };
    (@read $self:ident, i, $t:ident) => {
        $self.r.key_i64_range($self.key, stringify!($t), $t::MIN as i64, $t::MAX as i64)?
    };
}

impl<'de, R: Reader<'de>> de::Deserializer<'de> for KeyDeserializer<'_, R, R::Key> {
    type Error = Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.r.key_str_ref(self.key)? {
            StrRef::Borrowed(s) => visitor.visit_borrowed_str(s),
            StrRef::Transient(s) => visitor.visit_str(s),
        }
    }

    key_int! {
        deserialize_u8 visit_u8 u8 u;
        deserialize_u16 visit_u16 u16 u;
        deserialize_u32 visit_u32 u32 u;
        deserialize_u64 visit_u64 u64 u;
        deserialize_i8 visit_i8 i8 i;
        deserialize_i16 visit_i16 i16 i;
        deserialize_i32 visit_i32 i32 i;
        deserialize_i64 visit_i64 i64 i;
    }

    fn deserialize_u128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_u128(self.r.key_u128(self.key)?)
    }

    fn deserialize_i128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_i128(self.r.key_i128(self.key)?)
    }

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_f32(self.r.key_f32(self.key)?)
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_f64(self.r.key_f64(self.key)?)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.r.key_bytes(self.key)? {
            b"true" => visitor.visit_bool(true),
            b"false" => visitor.visit_bool(false),
            _ => self.deserialize_any(visitor),
        }
    }

    /// The text's UTF-8 bytes (serde_json's rule for bytes).
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.r.key_str_ref(self.key)? {
            StrRef::Borrowed(s) => visitor.visit_borrowed_bytes(s.as_bytes()),
            StrRef::Transient(s) => visitor.visit_bytes(s.as_bytes()),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    #[inline]
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_some(self)
    }

    #[inline]
    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        match self.r.key_str_ref(self.key)? {
            StrRef::Borrowed(s) => {
                de::Deserializer::deserialize_enum(BorrowedStrDeserializer::new(s), name, variants, visitor)
            }
            StrRef::Transient(s) => {
                de::Deserializer::deserialize_enum(StrDeserializer::<Error>::new(s), name, variants, visitor)
            }
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_unit()
    }

    ::serde::forward_to_deserialize_any! {
        char str string unit unit_struct seq tuple tuple_struct map struct identifier
    }
}
