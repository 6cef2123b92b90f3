//! The model's impls for [`json::Value`](Value), [`Number`], [`Map`] and [`RawJson`]:
//! `Encode` and `Decode`, and `Map` as a struct's flattened member ([`EncodeFields`],
//! [`DecodeFields`]). `RawJson` is its text in JSON (`Reader::read_raw_value`,
//! `Writer::write_raw_value`) and the value the text holds in MessagePack.
//!
//! Each is one generic body, the walk `json/value.rs` defines beside the types over the
//! core's `Reader` and `Writer` (`read_from`, `write_to`, `MapBuilder::read_member`), so
//! every format reads and writes them through the same code. They are here in the model,
//! beside `Map`'s struct-member impls (the model's traits, which a format's folder does
//! not name), rather than beside the types.

use alloc::borrow::Cow;

use crate::__private::{DecodeFields, EncodeFields};
use crate::error::{Error, ErrorKind, Result};
use crate::json::value::MapBuilder;
use crate::json::{Map, Number, RawJson, Value};
use crate::{Decode, Encode, Reader, Writer};

// `Number`: any number; in MessagePack any int or float, NaN and the infinities an error.
// `Value`: any JSON value; in MessagePack any value JSON can hold (see `Value`'s docs).
// `Map`: an object (a map of string keys).
crate::impls::walk_impls!(Number, Value, Map);

/// A `Map` flattened into a struct: its members among the struct's.
impl EncodeFields for Map {
    fn encode_fields<W: Writer>(&self, w: &mut W, count: &mut usize) -> Result<()> {
        for (k, v) in self {
            w.map_key(*count);
            w.write_str(k)?;
            w.map_value();
            v.encode(w)?;
            *count += 1;
        }
        Ok(())
    }
}

/// A `Map` flattened into a struct: it claims every key the struct does not.
impl<'de> DecodeFields<'de> for Map {
    type State = MapBuilder;

    const CATCH_ALL: bool = true;

    fn new_state() -> MapBuilder {
        MapBuilder::new()
    }

    /// Claims every key (which must be a string); a repeated key follows the reader's
    /// duplicate-key policy.
    #[inline]
    fn decode_field<R: Reader<'de>>(state: &mut MapBuilder, key: R::Key, r: &mut R) -> Result<bool> {
        state.read_member(key, r)
    }

    fn finish(state: MapBuilder, _end: usize) -> Result<Map> {
        Ok(state.into_map())
    }
}

impl Encode for RawJson<'_> {
    /// In JSON the captured text verbatim (it was validated when captured); in
    /// MessagePack the value the text holds.
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        // A constant: the branch folds away.
        if W::JSON_TEXT {
            return w.write_raw_value(self.as_str());
        }
        crate::json::from_str::<Value>(self.as_str())?.encode(w)
    }
}

impl<'de: 'a, 'a> Decode<'de> for RawJson<'a> {
    /// The next value's text, borrowed; in MessagePack always an error (there is no JSON
    /// text to borrow).
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        if R::JSON_TEXT {
            return r.read_raw_value().map(RawJson::from_checked);
        }
        Err(Error::new(
            ErrorKind::InvalidValue(Cow::Borrowed(
                "RawJson cannot be decoded from MessagePack (there is no JSON text to borrow); use Value",
            )),
            r.value_start(),
        ))
    }
}
