//! `Range`, `RangeInclusive`, `RangeFrom`, `RangeTo` and `Bound`, in serde's forms.
//!
//! | type | JSON | MessagePack |
//! |---|---|---|
//! | `Range`, `RangeInclusive` | `{"start":1,"end":5}` | the map `{"start": 1, "end": 5}` |
//! | `RangeFrom` | `{"start":1}` | `{"start": 1}` |
//! | `RangeTo` | `{"end":5}` | `{"end": 5}` |
//! | `Bound` | `"Unbounded"`, `{"Included":1}`, `{"Excluded":1}` | the same shapes (str, map of one key) |
//!
//! The ranges decode as serde reads them: the keys in any order, each required and
//! present once, no other key (an [`UnknownField`](crate::ErrorKind::UnknownField) error
//! lists the expected ones); or an array of the members in order (`[1,5]`, `[1]`), as a
//! positional serializer such as rmp-serde's `to_vec` writes them. MessagePack is
//! byte for byte what rmp-serde's `to_vec_named` writes. `RangeInclusive` is written from
//! `start()` and `end()`, so an exhausted iterator writes its original bounds (serde too).
//! `Bound` is an externally tagged enum, read as a derived one is (`{"Unbounded":null}`
//! included).
//!
//! ```
//! use std::ops::{Bound, Range};
//! let r: Range<u8> = 1..5;
//! assert_eq!(codec::json::to_string(&r)?, r#"{"start":1,"end":5}"#);
//! assert_eq!(codec::json::from_str::<Range<u8>>(r#"{"end":5,"start":1}"#)?, r);
//! assert_eq!(codec::json::from_str::<Range<u8>>("[1,5]")?, r);
//! let err = codec::json::from_str::<Range<u8>>(r#"{"start":1}"#).unwrap_err();
//! assert_eq!(err.to_string(), "missing field `end` (line 1, column 11)");
//!
//! let b: Bound<i32> = Bound::Excluded(-1);
//! assert_eq!(codec::json::to_string(&b)?, r#"{"Excluded":-1}"#);
//! assert_eq!(codec::json::from_str::<Bound<i32>>(r#""Unbounded""#)?, Bound::Unbounded);
//! # #[cfg(feature = "msgpack")] {
//! assert_eq!(codec::msgpack::to_vec(&r)?, b"\x82\xa5start\x01\xa3end\x05");
//! assert_eq!(codec::msgpack::from_slice::<Bound<i32>>(&codec::msgpack::to_vec(&b)?)?, b);
//! # }
//! # Ok::<(), codec::Error>(())
//! ```

use core::ops::{Bound, Range, RangeFrom, RangeInclusive, RangeTo};

use super::record;
use crate::__private::missing_field_at;
use crate::error::Result;
use crate::json::{JsonReader, JsonWriter};
#[cfg(feature = "msgpack")]
use crate::msgpack::{MsgpackReader, MsgpackWriter};
use crate::{Decode, Encode};

const START_END: &[&str] = &["start", "end"];
const START: &[&str] = &["start"];
const END: &[&str] = &["end"];

/// Writes `{"start":..,"end":..}` (either member may be absent), each error with its
/// member's name on its path.
#[inline]
fn encode_json<T: Encode>(w: &mut JsonWriter, start: Option<&T>, end: Option<&T>) -> Result<()> {
    w.write_byte(b'{');
    if let Some(start) = start {
        w.write_raw(b"\"start\":");
        start.encode_json(w).map_err(|e| e.in_field("start"))?;
    }
    if let Some(end) = end {
        w.write_raw(if start.is_some() { b",\"end\":" } else { b"\"end\":" });
        end.encode_json(w).map_err(|e| e.in_field("end"))?;
    }
    w.write_byte(b'}');
    Ok(())
}

/// The MessagePack map of [`encode_json`].
#[inline]
#[cfg(feature = "msgpack")]
fn encode_msgpack<T: Encode>(w: &mut MsgpackWriter, start: Option<&T>, end: Option<&T>) -> Result<()> {
    w.write_map_len(usize::from(start.is_some()) + usize::from(end.is_some()))?;
    if let Some(start) = start {
        w.write_raw(b"\xa5start");
        start.encode_msgpack(w).map_err(|e| e.in_field("start"))?;
    }
    if let Some(end) = end {
        w.write_raw(b"\xa3end");
        end.encode_msgpack(w).map_err(|e| e.in_field("end"))?;
    }
    Ok(())
}

/// Reads the members `names` (`start`, `end`, or both in that order) in JSON: the two
/// slots, and the position after the value for missing-member errors.
#[inline]
fn decode_members_json<'de, T: Decode<'de>>(
    r: &mut JsonReader<'de>,
    names: &'static [&'static str],
) -> Result<(Option<T>, Option<T>, usize)> {
    let (mut start, mut end) = (None, None);
    let at_end = record::decode_json(r, names, |i, r| {
        let slot = if names[i] == "start" { &mut start } else { &mut end };
        *slot = Some(T::decode_json(r)?);
        Ok(())
    })?;
    Ok((start, end, at_end))
}

/// [`decode_members_json`] in MessagePack.
#[inline]
#[cfg(feature = "msgpack")]
fn decode_members_msgpack<'de, T: Decode<'de>>(
    r: &mut MsgpackReader<'de>,
    names: &'static [&'static str],
) -> Result<(Option<T>, Option<T>, usize)> {
    let (mut start, mut end) = (None, None);
    let at_end = record::decode_msgpack(r, names, |i, r| {
        let slot = if names[i] == "start" { &mut start } else { &mut end };
        *slot = Some(T::decode_msgpack(r)?);
        Ok(())
    })?;
    Ok((start, end, at_end))
}

/// The member `name`, or the missing-field error at the end of its object.
#[inline(always)]
fn required<T>(slot: Option<T>, at_end: usize, name: &'static str) -> Result<T> {
    slot.ok_or_else(|| missing_field_at(at_end, name))
}

/// What the four range types differ in: which members they have, and how they are
/// taken apart and built.
trait Members<T>: Sized {
    const NAMES: &'static [&'static str];
    fn parts(&self) -> (Option<&T>, Option<&T>);
    fn build(start: Option<T>, end: Option<T>, at_end: usize) -> Result<Self>;
}

impl<T> Members<T> for Range<T> {
    const NAMES: &'static [&'static str] = START_END;
    fn parts(&self) -> (Option<&T>, Option<&T>) {
        (Some(&self.start), Some(&self.end))
    }
    fn build(start: Option<T>, end: Option<T>, at_end: usize) -> Result<Self> {
        Ok(required(start, at_end, "start")?..required(end, at_end, "end")?)
    }
}

impl<T> Members<T> for RangeInclusive<T> {
    const NAMES: &'static [&'static str] = START_END;
    fn parts(&self) -> (Option<&T>, Option<&T>) {
        (Some(self.start()), Some(self.end()))
    }
    fn build(start: Option<T>, end: Option<T>, at_end: usize) -> Result<Self> {
        Ok(required(start, at_end, "start")?..=required(end, at_end, "end")?)
    }
}

impl<T> Members<T> for RangeFrom<T> {
    const NAMES: &'static [&'static str] = START;
    fn parts(&self) -> (Option<&T>, Option<&T>) {
        (Some(&self.start), None)
    }
    fn build(start: Option<T>, _: Option<T>, at_end: usize) -> Result<Self> {
        Ok(required(start, at_end, "start")?..)
    }
}

impl<T> Members<T> for RangeTo<T> {
    const NAMES: &'static [&'static str] = END;
    fn parts(&self) -> (Option<&T>, Option<&T>) {
        (None, Some(&self.end))
    }
    fn build(_: Option<T>, end: Option<T>, at_end: usize) -> Result<Self> {
        Ok(..required(end, at_end, "end")?)
    }
}

macro_rules! range_impls {
    ($($ty:ident)*) => {$(
        impl<T: Encode> Encode for $ty<T> {
            #[inline]
            fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
                let (start, end) = self.parts();
                encode_json(w, start, end)
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
                let (start, end) = self.parts();
                encode_msgpack(w, start, end)
            }
        }

        impl<'de, T: Decode<'de>> Decode<'de> for $ty<T> {
            #[inline]
            fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
                let (start, end, at_end) = decode_members_json(r, <Self as Members<T>>::NAMES)?;
                Self::build(start, end, at_end)
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
                let (start, end, at_end) = decode_members_msgpack(r, <Self as Members<T>>::NAMES)?;
                Self::build(start, end, at_end)
            }
        }
    )*};
}

range_impls!(Range RangeInclusive RangeFrom RangeTo);

impl<T: Encode> Encode for Bound<T> {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        let (key, v): (&[u8], _) = match self {
            Bound::Unbounded => {
                w.write_raw(b"\"Unbounded\"");
                return Ok(());
            }
            Bound::Included(v) => (b"{\"Included\":", v),
            Bound::Excluded(v) => (b"{\"Excluded\":", v),
        };
        w.write_raw(key);
        v.encode_json(w).map_err(|e| e.in_field(variant_name(self)))?;
        w.write_byte(b'}');
        Ok(())
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        let (key, v): (&[u8], _) = match self {
            Bound::Unbounded => {
                w.write_raw(b"\xa9Unbounded");
                return Ok(());
            }
            Bound::Included(v) => (b"\x81\xa8Included", v),
            Bound::Excluded(v) => (b"\x81\xa8Excluded", v),
        };
        w.write_raw(key);
        v.encode_msgpack(w).map_err(|e| e.in_field(variant_name(self)))
    }
}

fn variant_name<T>(b: &Bound<T>) -> &'static str {
    match b {
        Bound::Unbounded => "Unbounded",
        Bound::Included(_) => "Included",
        Bound::Excluded(_) => "Excluded",
    }
}

/// `Bound`'s decoder is the derive's, through this mirror of it: every external-enum rule
/// (the string for the unit variant, the one-key object, the errors) is then the one
/// derived enums follow.
mod mirror {
    #[derive(crate::Codec)]
    #[codec(crate = "crate")]
    pub(super) enum Bound<T> {
        Unbounded,
        Included(T),
        Excluded(T),
    }
}

impl<T> From<mirror::Bound<T>> for Bound<T> {
    #[inline]
    fn from(b: mirror::Bound<T>) -> Self {
        match b {
            mirror::Bound::Unbounded => Bound::Unbounded,
            mirror::Bound::Included(v) => Bound::Included(v),
            mirror::Bound::Excluded(v) => Bound::Excluded(v),
        }
    }
}

impl<'de, T: Decode<'de>> Decode<'de> for Bound<T> {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        mirror::Bound::decode_json(r).map(Bound::from)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        mirror::Bound::decode_msgpack(r).map(Bound::from)
    }
}
