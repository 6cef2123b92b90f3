//! Alternative representations for `#[codec(with = "...")]` fields: ready-made modules
//! with `encode_json`/`decode_json` (and the MessagePack pair), grouped by the crate
//! whose types they represent. Each group exists when that crate's cargo feature is on.

/// The four functions of a `with` module for `Option<$ty>`, from those of the module
/// `$inner` for `$ty`: `None` is `null` (nil in MessagePack), anything else `$inner`'s.
#[allow(unused_macros)] // without the integrations that have `with` modules
macro_rules! option_fns {
    ($ty:ty, $($inner:ident)::+) => {
        /// Writes the value, or `null` for `None`.
        #[inline]
        pub fn encode_json(v: &Option<$ty>, w: &mut $crate::json::JsonWriter) -> $crate::Result<()> {
            match v {
                Some(v) => $($inner)::+::encode_json(v, w),
                None => {
                    w.write_null();
                    Ok(())
                }
            }
        }

        /// Reads `null` as `None`, or the value.
        #[inline]
        pub fn decode_json(r: &mut $crate::json::JsonReader<'_>) -> $crate::Result<Option<$ty>> {
            if r.try_read_null()? {
                Ok(None)
            } else {
                $($inner)::+::decode_json(r).map(Some)
            }
        }

        /// Writes the value, or nil for `None`.
        #[cfg(feature = "msgpack")]
        #[inline]
        pub fn encode_msgpack(v: &Option<$ty>, w: &mut $crate::msgpack::MsgpackWriter) -> $crate::Result<()> {
            match v {
                Some(v) => $($inner)::+::encode_msgpack(v, w),
                None => {
                    w.write_nil();
                    Ok(())
                }
            }
        }

        /// Reads nil as `None`, or the value.
        #[cfg(feature = "msgpack")]
        #[inline]
        pub fn decode_msgpack(r: &mut $crate::msgpack::MsgpackReader<'_>) -> $crate::Result<Option<$ty>> {
            if r.try_read_null()? {
                Ok(None)
            } else {
                $($inner)::+::decode_msgpack(r).map(Some)
            }
        }
    };
}
#[allow(unused_imports)]
pub(crate) use option_fns;

/// `chrono`'s alternative representations (feature `chrono`): `DateTime<Utc>` as an
/// integer count of Unix seconds, milliseconds, microseconds or nanoseconds, named as in
/// `chrono::serde` (each with an `_option` twin for `Option<DateTime<Utc>>`, `null` for
/// `None`).
///
/// ```
/// use chrono::{DateTime, Utc};
///
/// #[derive(codec::Codec, Debug, PartialEq)]
/// struct Login {
///     #[codec(with = "codec::with::chrono::ts_seconds")]
///     at: DateTime<Utc>,
///     #[codec(with = "codec::with::chrono::ts_milliseconds_option")]
///     seen: Option<DateTime<Utc>>,
/// }
///
/// let json = r#"{"at":1709209800,"seen":-1}"#;
/// let login: Login = codec::json::from_str(json)?;
/// assert_eq!(codec::json::to_string(&login.at)?, r#""2024-02-29T12:30:00Z""#);
/// assert_eq!(codec::json::to_string(&login.seen)?, r#""1969-12-31T23:59:59.999Z""#);
/// assert_eq!(codec::json::to_string(&login)?, json);
/// let none = Login { seen: None, ..login };
/// assert_eq!(codec::json::to_string(&none)?, r#"{"at":1709209800,"seen":null}"#);
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "chrono")]
pub mod chrono {
    pub use crate::impls::ext::chrono::with::*;
}

/// `time`'s alternative representations (feature `time`), named as in `time::serde`:
/// [`rfc3339`](time::rfc3339) (RFC 3339 strings, since time's default form is not) and
/// [`timestamp`](time::timestamp) (Unix seconds, with `milliseconds`, `microseconds` and
/// `nanoseconds` inside), each with an `option` module for `Option<OffsetDateTime>`.
///
/// ```
/// use time::OffsetDateTime;
///
/// #[derive(codec::Codec, Debug, PartialEq)]
/// struct Login {
///     #[codec(with = "codec::with::time::rfc3339")]
///     at: OffsetDateTime,
///     #[codec(with = "codec::with::time::timestamp::milliseconds::option")]
///     seen: Option<OffsetDateTime>,
/// }
///
/// let json = r#"{"at":"2024-02-29T18:15:00.25+05:45","seen":1709209800250}"#;
/// let login: Login = codec::json::from_str(json)?;
/// assert_eq!(login.seen, Some(login.at));
/// assert_eq!(codec::json::to_string(&login)?, json);
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "time")]
pub mod time {
    pub use crate::impls::ext::time::with::*;
}

/// `jiff`'s alternative representations (feature `jiff02`), named as in
/// `jiff::fmt::serde`: `timestamp::{second, millisecond, microsecond,
/// nanosecond}::{required, optional}`, a `Timestamp` as an integer count of Unix time
/// (`optional` for `Option<Timestamp>`, `null` for `None`).
///
/// ```
/// use jiff::Timestamp;
///
/// #[derive(codec::Codec, Debug, PartialEq)]
/// struct Login {
///     #[codec(with = "codec::with::jiff02::timestamp::second::required")]
///     at: Timestamp,
///     #[codec(with = "codec::with::jiff02::timestamp::millisecond::optional")]
///     seen: Option<Timestamp>,
/// }
///
/// let json = r#"{"at":1709209800,"seen":null}"#;
/// let login: Login = codec::json::from_str(json)?;
/// assert_eq!(login.at, Timestamp::from_second(1_709_209_800).unwrap());
/// assert_eq!(codec::json::to_string(&login)?, json);
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "jiff02")]
pub mod jiff02 {
    pub use crate::impls::ext::jiff02::with::*;
}

/// `rust_decimal::Decimal` as a JSON number (feature `rust_decimal`): `number` for a
/// `Decimal` field, `number_option` for an `Option<Decimal>` one. Both are exact both
/// ways; see each module.
///
/// ```
/// use rust_decimal::Decimal;
///
/// #[derive(codec::Codec)]
/// struct Line {
///     #[codec(with = "codec::with::rust_decimal::number")]
///     price: Decimal,
///     total: Decimal, // the default form, a string
/// }
///
/// let line = Line { price: Decimal::new(1990, 2), total: Decimal::new(3980, 2) };
/// assert_eq!(codec::json::to_string(&line)?, r#"{"price":19.90,"total":"39.80"}"#);
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "rust_decimal")]
pub mod rust_decimal {
    pub use crate::impls::ext::rust_decimal::with::*;
}
