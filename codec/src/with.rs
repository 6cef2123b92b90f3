//! Alternative representations for `#[codec(with = "...")]` fields: ready-made modules
//! with the two functions of the `with` contract, `encode<W: Writer>` and
//! `decode<R: Reader>` (generic over the format), grouped by the crate whose types they
//! represent. Each group exists when that crate's cargo feature is on.

/// The two functions of a `with` module for `Option<$ty>`, from those of the module
/// `$inner` for `$ty`: `None` is `null` (nil in MessagePack), anything else `$inner`'s.
#[allow(unused_macros)] // without the integrations that have `with` modules
macro_rules! option_fns {
    ($ty:ty, $($inner:ident)::+) => {
        /// Writes the value, or `null` (nil) for `None`.
        #[inline]
        pub fn encode<W: $crate::Writer>(v: &Option<$ty>, w: &mut W) -> $crate::Result<()> {
            match v {
                Some(v) => $($inner)::+::encode(v, w),
                None => {
                    w.write_null();
                    Ok(())
                }
            }
        }

        /// Reads `null` (nil) as `None`, or the value.
        #[inline]
        pub fn decode<'de, R: $crate::Reader<'de>>(r: &mut R) -> $crate::Result<Option<$ty>> {
            if r.try_read_null()? {
                Ok(None)
            } else {
                $($inner)::+::decode(r).map(Some)
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

// ---- maps with composite keys ----

/// `#[codec(map_as_pairs)]` (or `with = "codec::with::map_pairs"`): a map written in JSON
/// as an array of `[key, value]` pairs whatever its key type, each key as its value
/// (`[[1,"a"]]` for an integer key, `[["k",1]]` for a string key). In MessagePack the map
/// stays a map, each key written as its value. Repeated keys follow
/// [`duplicate_keys`](crate::json::Options::duplicate_keys).
///
/// ```
/// use std::collections::BTreeMap;
///
/// #[derive(codec::Codec, Debug, PartialEq)]
/// struct Scores {
///     #[codec(map_as_pairs)]
///     by_name: BTreeMap<String, u32>,
/// }
///
/// let s = Scores { by_name: BTreeMap::from([("ann".to_string(), 3)]) };
/// let text = codec::json::to_string(&s)?;
/// assert_eq!(text, r#"{"by_name":[["ann",3]]}"#);
/// assert_eq!(codec::json::from_str::<Scores>(&text)?, s);
/// # Ok::<(), codec::Error>(())
/// ```
pub mod map_pairs {
    use crate::Result;

    /// A map that can be written as `[key, value]` pairs: `HashMap`, `BTreeMap` (and
    /// `IndexMap` with its feature) whose keys and values implement [`Encode`](crate::Encode).
    #[diagnostic::on_unimplemented(
        message = "`#[codec(map_as_pairs)]` needs a map whose keys and values implement `Encode`, found `{Self}`",
        label = "not a map of `Encode` keys and values"
    )]
    pub trait EncodePairs {
        /// Writes the map in `w`'s format: `[[k,v],...]` in JSON, a map with each key
        /// written as its value in MessagePack.
        fn encode_pairs<W: crate::Writer>(&self, w: &mut W) -> Result<()>;
    }

    /// A map that can be read from `[key, value]` pairs: `HashMap`, `BTreeMap` (and
    /// `IndexMap`) whose keys and values implement [`Decode`](crate::Decode).
    #[diagnostic::on_unimplemented(
        message = "`#[codec(map_as_pairs)]` needs a map whose keys and values implement `Decode`, found `{Self}`",
        label = "not a map of `Decode` keys and values"
    )]
    pub trait DecodePairs<'de>: Sized {
        /// Reads the map in `r`'s format: `[[k,v],...]` in JSON, a map with each key read
        /// as a value in MessagePack.
        fn decode_pairs<R: crate::Reader<'de>>(r: &mut R) -> Result<Self>;
    }

    /// Writes `[[k,v],...]` in JSON; in MessagePack a map, each key as its value.
    #[inline]
    pub fn encode<M: EncodePairs + ?Sized, W: crate::Writer>(m: &M, w: &mut W) -> Result<()> {
        m.encode_pairs(w)
    }

    /// Reads `[[k,v],...]` in JSON; in MessagePack a map, each key as a value.
    #[inline]
    pub fn decode<'de, M: DecodePairs<'de>, R: crate::Reader<'de>>(r: &mut R) -> Result<M> {
        M::decode_pairs(r)
    }
}
