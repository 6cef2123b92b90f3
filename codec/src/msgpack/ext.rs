//! Extension types: [`Ext`] for any of them, [`Timestamp`] for the one the spec defines
//! (type -1), which is also how `std::time::SystemTime` is written.
//!
//! Their `Encode`/`Decode` impls are the model's (`impls/msgpack_value.rs`): one generic
//! body each, an extension in MessagePack and a form of its own elsewhere (in JSON an
//! `Ext` is `[type, [bytes...]]`, a `Timestamp` `{"seconds":...,"nanoseconds":...}`).

use alloc::borrow::Cow;
#[cfg(feature = "std")]
use std::time::SystemTime;

use super::{MsgpackReader, MsgpackWriter};
use crate::error::{Error, ErrorKind, Result};

/// The extension type of [`Timestamp`]: -1.
pub const TIMESTAMP_EXT: i8 = -1;

/// Any MessagePack extension value: its type and its payload, borrowed from the input
/// when decoded.
///
/// Types 0 to 127 are the application's; the spec reserves the negative ones (-1 is the
/// timestamp). In JSON an `Ext` is `[type, [bytes...]]`.
///
/// ```
/// use std::borrow::Cow;
/// use codec::msgpack::Ext;
///
/// #[derive(codec::Codec, Debug, PartialEq)]
/// struct Tagged<'a> { id: u8, blob: Ext<'a> }
///
/// let v = Tagged { id: 1, blob: Ext { tag: 7, data: Cow::Borrowed(&[0x70, 0x71, 0x72]) } };
/// let bytes = codec::msgpack::to_vec(&v)?;
/// assert!(bytes.ends_with(b"\xc7\x03\x07\x70\x71\x72")); // ext 8, length 3, type 7
/// let back: Tagged = codec::msgpack::from_slice(&bytes)?;
/// assert!(matches!(back.blob.data, Cow::Borrowed(_)));
/// assert_eq!(back, v);
/// assert_eq!(codec::json::to_string(&v.blob)?, "[7,[112,113,114]]");
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Ext<'a> {
    /// The extension type.
    pub tag: i8,
    /// The payload.
    pub data: Cow<'a, [u8]>,
}

/// A point in time as the timestamp extension (type -1) holds it: seconds since the Unix
/// epoch (negative before it) and nanoseconds within the second.
///
/// Written in the smallest of the spec's three forms: timestamp 32 (whole seconds from
/// 1970 to 2106), timestamp 64 (seconds below 2^34 with nanoseconds), timestamp 96
/// (anything else). Decoding accepts all three and rejects nanoseconds beyond 999,999,999.
/// In JSON a `Timestamp` is `{"seconds":...,"nanoseconds":...}`.
///
/// ```
/// use codec::msgpack::Timestamp;
///
/// let t = Timestamp::new(1514862245, 678901234).unwrap();
/// assert_eq!(codec::msgpack::to_vec(&t)?, b"\xd7\xff\xa1\xdc\xd7\xc8\x5a\x4a\xf6\xa5");
/// assert_eq!(codec::msgpack::from_slice::<Timestamp>(b"\xd6\xff\x00\x00\x00\x01")?, Timestamp::new(1, 0).unwrap());
/// assert_eq!(codec::json::to_string(&t)?, r#"{"seconds":1514862245,"nanoseconds":678901234}"#);
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp {
    seconds: i64,
    nanoseconds: u32,
}

const NANOS_PER_SEC: u32 = 1_000_000_000;

impl Timestamp {
    /// The timestamp `seconds` after the epoch plus `nanoseconds`; `None` when
    /// `nanoseconds` is a second or more.
    ///
    /// ```
    /// use codec::msgpack::Timestamp;
    /// assert!(Timestamp::new(-1, 999_999_999).is_some());
    /// assert!(Timestamp::new(0, 1_000_000_000).is_none());
    /// ```
    pub const fn new(seconds: i64, nanoseconds: u32) -> Option<Timestamp> {
        if nanoseconds < NANOS_PER_SEC {
            Some(Timestamp { seconds, nanoseconds })
        } else {
            None
        }
    }

    /// Seconds since the Unix epoch (negative before it).
    ///
    /// ```
    /// assert_eq!(codec::msgpack::Timestamp::new(-5, 0).unwrap().seconds(), -5);
    /// ```
    pub const fn seconds(&self) -> i64 {
        self.seconds
    }

    /// Nanoseconds added to [`seconds`](Self::seconds), below 10^9.
    ///
    /// ```
    /// assert_eq!(codec::msgpack::Timestamp::new(0, 7).unwrap().nanoseconds(), 7);
    /// ```
    pub const fn nanoseconds(&self) -> u32 {
        self.nanoseconds
    }

    /// The timestamp of `t`; `None` beyond ±2^63 seconds from the epoch. (With the `std`
    /// feature.)
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use codec::msgpack::Timestamp;
    /// let before = UNIX_EPOCH - Duration::from_millis(1500);
    /// assert_eq!(Timestamp::from_system_time(before), Timestamp::new(-2, 500_000_000));
    /// ```
    #[cfg(feature = "std")]
    pub fn from_system_time(t: SystemTime) -> Option<Timestamp> {
        let (seconds, nanoseconds) = crate::unix_time::timestamp_parts(t)?;
        Timestamp::new(seconds, nanoseconds)
    }

    /// The `SystemTime` of this timestamp; `None` when the platform cannot represent it.
    /// (With the `std` feature.)
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use codec::msgpack::Timestamp;
    /// let t = Timestamp::new(-2, 500_000_000).unwrap();
    /// assert_eq!(t.to_system_time(), Some(UNIX_EPOCH - Duration::from_millis(1500)));
    /// ```
    #[cfg(feature = "std")]
    pub fn to_system_time(&self) -> Option<SystemTime> {
        crate::unix_time::system_time_of(self.seconds, self.nanoseconds)
    }

    /// Reads the payload of a timestamp extension (4, 8 or 12 bytes).
    pub(crate) fn from_payload(data: &[u8]) -> Option<Timestamp> {
        match *data {
            [a, b, c, d] => Timestamp::new(u32::from_be_bytes([a, b, c, d]) as i64, 0),
            [a, b, c, d, e, f, g, h] => {
                let v = u64::from_be_bytes([a, b, c, d, e, f, g, h]);
                Timestamp::new((v & 0x3_ffff_ffff) as i64, (v >> 34) as u32)
            }
            [a, b, c, d, ref secs @ ..] if secs.len() == 8 => {
                let mut s = [0; 8];
                s.copy_from_slice(secs);
                Timestamp::new(i64::from_be_bytes(s), u32::from_be_bytes([a, b, c, d]))
            }
            _ => None,
        }
    }

    /// Writes the timestamp extension in its smallest form.
    #[inline]
    pub(crate) fn write(&self, w: &mut MsgpackWriter) {
        let (secs, nanos) = (self.seconds, self.nanoseconds);
        if secs >> 34 == 0 {
            if nanos == 0 && secs <= u32::MAX as i64 {
                let b = (secs as u32).to_be_bytes();
                w.write_raw(&[0xd6, 0xff, b[0], b[1], b[2], b[3]]);
            } else {
                let b = (((nanos as u64) << 34) | secs as u64).to_be_bytes();
                w.write_raw(&[0xd7, 0xff, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
            }
        } else {
            w.write_raw(&[0xc7, 12, 0xff]);
            w.write_raw(&nanos.to_be_bytes());
            w.write_raw(&secs.to_be_bytes());
        }
    }

    /// Reads a timestamp extension.
    pub(crate) fn read(r: &mut MsgpackReader<'_>) -> Result<Timestamp> {
        let at = r.position();
        let (tag, data) = r.read_ext()?;
        if tag != TIMESTAMP_EXT {
            return Err(wrong_ext(at, tag));
        }
        Timestamp::from_payload(data).ok_or_else(|| malformed(at))
    }
}

#[cold]
#[inline(never)]
fn wrong_ext(at: usize, tag: i8) -> Error {
    Error::new(
        ErrorKind::InvalidType {
            expected: Cow::Borrowed("a timestamp (extension type -1)"),
            found: Cow::Owned(format!("extension type {tag}")),
        },
        at,
    )
}

#[cold]
#[inline(never)]
fn malformed(at: usize) -> Error {
    Error::new(
        ErrorKind::InvalidValue(Cow::Borrowed(
            "malformed timestamp: the payload must be 4, 8 or 12 bytes with nanoseconds below 10^9",
        )),
        at,
    )
}
