//! The model's impls for the map of the dynamic values with typed keys,
//! [`dynamic::Map`](Map) (`msgpack::Map`, `cbor::Map`): one generic body, the walks
//! `dynamic.rs` defines beside the type over the core's `Reader` and `Writer`.

use crate::dynamic::{Element, Map};
use crate::error::Result;
use crate::{Decode, Encode, Reader, Writer};

impl<V: Element> Encode for Map<V> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        self.write_to(w)
    }
}

impl<'de, V: Element> Decode<'de> for Map<V> {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        Map::read_from(r)
    }
}
