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
use crate::{Decode, Encode, Reader, Writer};

const START_END: &[&str] = &["start", "end"];
const START: &[&str] = &["start"];
const END: &[&str] = &["end"];

/// Writes the map `{"start":..,"end":..}` (either member may be absent), each error with
/// its member's name on its path.
#[inline]
fn encode_members<W: Writer, T: Encode>(w: &mut W, start: Option<&T>, end: Option<&T>) -> Result<()> {
    w.begin_map(usize::from(start.is_some()) + usize::from(end.is_some()))?;
    if let Some(start) = start {
        record::encode_member(w, 0, "start")?;
        start.encode(w).map_err(|e| e.in_field("start"))?;
    }
    if let Some(end) = end {
        record::encode_member(w, usize::from(start.is_some()), "end")?;
        end.encode(w).map_err(|e| e.in_field("end"))?;
    }
    w.end_map();
    Ok(())
}

/// Reads the members `names` (`start`, `end`, or both in that order): the two slots, and
/// the position after the value for missing-member errors.
#[inline]
fn decode_members<'de, R: Reader<'de>, T: Decode<'de>>(
    r: &mut R,
    names: &'static [&'static str],
) -> Result<(Option<T>, Option<T>, usize)> {
    let (mut start, mut end) = (None, None);
    let at_end = record::decode(r, names, |i, r| {
        let slot = if names[i] == "start" { &mut start } else { &mut end };
        *slot = Some(T::decode(r)?);
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
            fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
                let (start, end) = self.parts();
                encode_members(w, start, end)
            }
        }

        impl<'de, T: Decode<'de>> Decode<'de> for $ty<T> {
            #[inline]
            fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
                let (start, end, at_end) = decode_members(r, <Self as Members<T>>::NAMES)?;
                Self::build(start, end, at_end)
            }
        }
    )*};
}

range_impls!(Range RangeInclusive RangeFrom RangeTo);

impl<T: Encode> Encode for Bound<T> {
    /// An externally tagged enum: the unit variant's name, or a map of one key.
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        let v = match self {
            Bound::Unbounded => return w.write_escape_free_str(b"Unbounded"),
            Bound::Included(v) | Bound::Excluded(v) => v,
        };
        let name = variant_name(self);
        w.begin_map(1)?;
        record::encode_member(w, 0, name)?;
        v.encode(w).map_err(|e| e.in_field(name))?;
        w.end_map();
        Ok(())
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
    /// The mirror's decoder, generic or (until the derive writes generic decoders) its
    /// format's own through `decode`'s default body.
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        mirror::Bound::decode(r).map(Bound::from)
    }
}
