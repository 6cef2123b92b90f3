//! A `SystemTime` as seconds and nanoseconds since the Unix epoch: the one computation
//! that `SystemTime`'s impls (`impls/time.rs`) and the MessagePack
//! [`Timestamp`](crate::msgpack::Timestamp) (`Timestamp::from_system_time`) share. In the
//! core, which names no format and nothing of the model, so that both reach it.

use std::time::{SystemTime, UNIX_EPOCH};

/// The seconds and nanoseconds of `t` as a timestamp holds them: seconds since the epoch
/// (negative before it, rounded down) and nanoseconds forward from them; `None` beyond
/// ±2^63 seconds.
pub(crate) fn timestamp_parts(t: SystemTime) -> Option<(i64, u32)> {
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => Some((i64::try_from(d.as_secs()).ok()?, d.subsec_nanos())),
        Err(e) => {
            let d = e.duration();
            let secs = i64::try_from(d.as_secs()).ok()?;
            match d.subsec_nanos() {
                0 => Some((secs.checked_neg()?, 0)),
                n => Some((secs.checked_neg()?.checked_sub(1)?, 1_000_000_000 - n)),
            }
        }
    }
}
