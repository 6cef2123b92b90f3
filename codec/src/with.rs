//! Alternative representations for `#[codec(with = "...")]` fields: ready-made modules
//! with `encode_json`/`decode_json` (and the MessagePack pair), grouped by the crate
//! whose types they represent. Each group exists when that crate's cargo feature is on.

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
/// assert_eq!(login.at.to_rfc3339(), "2024-02-29T12:30:00+00:00");
/// assert_eq!(login.seen.unwrap().to_rfc3339(), "1969-12-31T23:59:59.999+00:00");
/// assert_eq!(codec::json::to_string(&login)?, json);
/// let none = Login { seen: None, ..login };
/// assert_eq!(codec::json::to_string(&none)?, r#"{"at":1709209800,"seen":null}"#);
/// # Ok::<(), codec::Error>(())
/// ```
#[cfg(feature = "chrono")]
pub mod chrono {
    pub use crate::impls::ext::chrono::with::*;
}
