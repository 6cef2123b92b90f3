//! `Duration`, in serde's form: the struct `{"secs": u64, "nanos": u32}`.
//!
//! | format | written | also read |
//! |---|---|---|
//! | JSON | `{"secs":1,"nanos":500000000}` | the keys in any order; `[secs, nanos]` |
//! | MessagePack | the map `{"secs": 1, "nanos": 500000000}` (rmp-serde's `to_vec_named`) | `[secs, nanos]` (rmp-serde's `to_vec`) |
//!
//! Decoding follows serde's rules for this struct (an unknown or repeated key is an
//! error, both members are required) with one deviation: `nanos` must be below 10^9.
//! serde carries a larger `nanos` into the seconds; no encoder writes one, so here it is an
//! [`InvalidValue`](crate::ErrorKind::InvalidValue) error at the number rather than a
//! second spelling of the same duration.
//!
//! ```
//! use std::time::Duration;
//! let d = Duration::new(1, 5);
//! assert_eq!(codec::json::to_string(&d)?, r#"{"secs":1,"nanos":5}"#);
//! assert_eq!(codec::json::from_str::<Duration>(r#"{"nanos":5,"secs":1}"#)?, d);
//! assert_eq!(codec::json::from_str::<Duration>("[1,5]")?, d);
//! let err = codec::json::from_str::<Duration>(r#"{"secs":1,"nanos":1000000000}"#).unwrap_err();
//! assert_eq!((err.offset(), err.path().as_str()), (Some(18), ".nanos"));
//! # #[cfg(feature = "msgpack")] {
//! assert_eq!(codec::msgpack::to_vec(&d)?, b"\x82\xa4secs\x01\xa5nanos\x05");
//! assert_eq!(codec::msgpack::from_slice::<Duration>(b"\x92\x01\x05")?, d);
//! # }
//! # Ok::<(), codec::Error>(())
//! ```

use alloc::borrow::Cow;
use core::time::Duration;

use super::record;
use crate::__private::missing_field_at;
use crate::error::{Error, ErrorKind, Result};
use crate::{Decode, Encode, Reader, Writer};

const FIELDS: &[&str] = &["secs", "nanos"];
const NANOS_PER_SEC: u32 = 1_000_000_000;

impl Encode for Duration {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.begin_map(2)?;
        record::encode_member(w, 0, FIELDS[0])?;
        w.write_u64(self.as_secs());
        record::encode_member(w, 1, FIELDS[1])?;
        w.write_u64(u64::from(self.subsec_nanos()));
        w.end_map();
        Ok(())
    }
}

impl<'de> Decode<'de> for Duration {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        let (mut secs, mut nanos) = (None, None);
        let end = record::decode(r, FIELDS, |i, r| {
            if i == 0 {
                secs = Some(u64::decode(r)?);
            } else {
                let at = r.value_start();
                nanos = Some(checked_nanos(u32::decode(r)?, at)?);
            }
            Ok(())
        })?;
        finish(secs, nanos, end)
    }
}

/// `nanos` when it is below 10^9, else an error at `at`, where its number starts.
#[inline(always)]
fn checked_nanos(nanos: u32, at: usize) -> Result<u32> {
    if nanos >= NANOS_PER_SEC {
        return Err(nanos_too_large(at));
    }
    Ok(nanos)
}

#[cold]
#[inline(never)]
fn nanos_too_large(at: usize) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Borrowed("nanoseconds must be below 10^9")), at)
}

/// The duration from both members (`nanos` already checked), or the error naming the one
/// missing from the object that ended at `end`.
#[inline(always)]
fn finish(secs: Option<u64>, nanos: Option<u32>, end: usize) -> Result<Duration> {
    match (secs, nanos) {
        (Some(secs), Some(nanos)) => Ok(Duration::new(secs, nanos)),
        (None, _) => Err(missing_field_at(end, "secs")),
        (_, None) => Err(missing_field_at(end, "nanos")),
    }
}
