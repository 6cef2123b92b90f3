//! A `SystemTime` as seconds and nanoseconds since the Unix epoch, and back: the two
//! computations that `SystemTime`'s impls (`impls/time.rs`) and the MessagePack
//! [`Timestamp`](crate::msgpack::Timestamp) (`Timestamp::from_system_time`,
//! `to_system_time`) share. In the core, which names no format and nothing of the model,
//! so that both reach it.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

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

/// The `SystemTime` `seconds` since the epoch (negative before it) plus `nanoseconds`
/// (below 10^9) forward from them, as a timestamp holds it; `None` when the platform
/// cannot represent it.
pub(crate) fn system_time_of(seconds: i64, nanoseconds: u32) -> Option<SystemTime> {
    if seconds >= 0 {
        UNIX_EPOCH.checked_add(Duration::new(seconds as u64, nanoseconds))
    } else {
        let back = Duration::new(seconds.unsigned_abs(), 0);
        UNIX_EPOCH.checked_sub(back)?.checked_add(Duration::new(0, nanoseconds))
    }
}
