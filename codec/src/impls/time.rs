//! `SystemTime`: the timestamp extension (type -1) in MessagePack, and in JSON serde's
//! form, `{"secs_since_epoch":...,"nanos_since_epoch":...}`, which holds no time before
//! the epoch (encoding one is an error there, as in serde). Which one is the format's
//! choice ([`Writer::NATIVE_TIMESTAMP`], [`Reader::NATIVE_TIMESTAMP`]), so one body
//! serves both.

use alloc::borrow::Cow;
#[cfg(feature = "std")]
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::record;
use crate::__private::missing_field_at;
use crate::error::{Error, ErrorKind, Result};
#[cfg(feature = "std")]
use crate::unix_time::{system_time_of, timestamp_parts};
use crate::{Decode, Reader};
#[cfg(feature = "std")]
use crate::{Encode, Writer};

#[cfg(feature = "std")]
#[cold]
#[inline(never)]
fn not_representable(what: &'static str) -> Error {
    Error::without_position(ErrorKind::OutOfRange(Cow::Borrowed(what)))
}

#[cfg(feature = "std")]
impl Encode for SystemTime {
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        // A constant: the branch folds away.
        if W::NATIVE_TIMESTAMP {
            let (seconds, nanoseconds) = timestamp_parts(*self)
                .ok_or_else(|| not_representable("a SystemTime beyond 2^63 seconds from the epoch"))?;
            return w.write_timestamp(seconds, nanoseconds);
        }
        let d = self
            .duration_since(UNIX_EPOCH)
            .map_err(|_| not_representable("a SystemTime before the Unix epoch has no JSON form"))?;
        w.begin_map(2)?;
        super::record::encode_member(w, 0, "secs_since_epoch")?;
        w.write_u64(d.as_secs());
        super::record::encode_member(w, 1, "nanos_since_epoch")?;
        w.write_u64(d.subsec_nanos() as u64);
        w.end_map();
        Ok(())
    }
}

#[cfg(feature = "std")]
impl<'de> Decode<'de> for SystemTime {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        let at = r.position();
        // A constant: the branch folds away.
        if R::NATIVE_TIMESTAMP {
            let (seconds, nanoseconds) = r.read_timestamp()?;
            return system_time_of(seconds, nanoseconds)
                .ok_or_else(|| out_of_range("the timestamp does not fit in SystemTime", at));
        }
        let (secs, nanos) = decode_pair::<R, u64>(r, "secs_since_epoch", "nanos_since_epoch")?;
        if nanos >= 1_000_000_000 {
            return Err(malformed_pair(at));
        }
        UNIX_EPOCH
            .checked_add(Duration::new(secs, nanos))
            .ok_or_else(|| out_of_range("the time does not fit in SystemTime", at))
    }
}

#[cfg(feature = "std")]
#[cold]
#[inline(never)]
fn out_of_range(what: &'static str, at: usize) -> Error {
    Error::new(ErrorKind::OutOfRange(Cow::Borrowed(what)), at)
}

/// The nanoseconds of a [`decode_pair`] reached 10^9.
#[cold]
#[inline(never)]
pub(crate) fn malformed_pair(at: usize) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Borrowed("nanoseconds must be below 10^9")), at)
}

/// Reads `{"<a>": A, "<b>": u32}` (a map in MessagePack), both required and other keys
/// skipped: the form of `SystemTime` and of the MessagePack `Timestamp` where the format
/// has no instant type (JSON). Unlike [`record::decode`](super::record::decode), a key
/// met twice is an error whatever the reader's duplicate policy, and there is no array
/// form.
pub(crate) fn decode_pair<'de, R: Reader<'de>, A: Decode<'de>>(
    r: &mut R,
    a: &'static str,
    b: &'static str,
) -> Result<(A, u32)> {
    let names = [a, b];
    let (first, second) = r.read_map(
        |_, _| Ok((None, None)),
        |r, (first, second), key| {
            match record::member_of(r, key, &names)? {
                Some(0) => {
                    if first.is_some() {
                        return Err(record::duplicate_member(r, key, a));
                    }
                    *first = Some(A::decode(r).map_err(|e| e.in_field(a))?);
                }
                Some(_) => {
                    if second.is_some() {
                        return Err(record::duplicate_member(r, key, b));
                    }
                    *second = Some(u32::decode(r).map_err(|e| e.in_field(b))?);
                }
                None => record::unknown_member(r, key, None)?,
            }
            Ok(())
        },
    )?;
    match (first, second) {
        (Some(x), Some(y)) => Ok((x, y)),
        (None, _) => Err(missing_field_at(r.position(), a)),
        (_, None) => Err(missing_field_at(r.position(), b)),
    }
}
