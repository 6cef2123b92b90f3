//! `SystemTime`: the timestamp extension (type -1) in MessagePack, and in JSON serde's
//! form, `{"secs_since_epoch":...,"nanos_since_epoch":...}`, which holds no time before
//! the epoch (encoding one is an error there, as in serde).

use alloc::borrow::Cow;
#[cfg(feature = "std")]
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::error::{Error, ErrorKind, Result};
use crate::json::JsonReader;
#[cfg(all(feature = "std", feature = "msgpack"))]
use crate::msgpack::{MsgpackReader, Timestamp};
#[cfg(feature = "std")]
use crate::unix_time::timestamp_parts;
use crate::Decode;
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

    crate::impls::encode_per_format_via_generic!();
}

#[cfg(feature = "std")]
impl<'de> Decode<'de> for SystemTime {
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        let at = r.position();
        let (secs, nanos) = decode_json_pair::<u64>(r, "secs_since_epoch", "nanos_since_epoch")?;
        if nanos >= 1_000_000_000 {
            return Err(malformed_json(at));
        }
        UNIX_EPOCH
            .checked_add(Duration::new(secs, nanos))
            .ok_or_else(|| Error::new(ErrorKind::OutOfRange(Cow::Borrowed("the time does not fit in SystemTime")), at))
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        let at = r.position();
        Timestamp::decode_msgpack(r)?.to_system_time().ok_or_else(|| {
            Error::new(ErrorKind::OutOfRange(Cow::Borrowed("the timestamp does not fit in SystemTime")), at)
        })
    }
}

#[cold]
#[inline(never)]
pub(crate) fn malformed_json(at: usize) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Borrowed("nanoseconds must be below 10^9")), at)
}

/// Reads `{"<a>": A, "<b>": u32}`, both required and other keys skipped: the JSON form
/// of `SystemTime` and of the MessagePack `Timestamp`.
pub(crate) fn decode_json_pair<'de, A: Decode<'de>>(
    r: &mut JsonReader<'de>,
    a: &'static str,
    b: &'static str,
) -> Result<(A, u32)> {
    r.begin_object()?;
    let (mut first, mut second) = (None, None);
    let mut more = r.object_first()?;
    while more {
        let key = r.read_key()?;
        let bytes = r.key_bytes(key)?;
        if bytes == a.as_bytes() {
            if first.is_some() {
                return Err(crate::__private::duplicate_field(key, a));
            }
            first = Some(A::decode_json(r).map_err(|e| e.in_field(a))?);
        } else if bytes == b.as_bytes() {
            if second.is_some() {
                return Err(crate::__private::duplicate_field(key, b));
            }
            second = Some(u32::decode_json(r).map_err(|e| e.in_field(b))?);
        } else {
            crate::__private::unknown_field(r, key, false, |_| {})?;
        }
        more = r.object_next()?;
    }
    match (first, second) {
        (Some(x), Some(y)) => Ok((x, y)),
        (None, _) => Err(crate::__private::missing_field(r, a)),
        (_, None) => Err(crate::__private::missing_field(r, b)),
    }
}
