//! Alternative representations for `#[codec(with = "...")]` fields: ready-made modules
//! with `encode_json`/`decode_json` (and the MessagePack pair), grouped by the crate
//! whose types they represent. Each group exists when that crate's cargo feature is on.

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
