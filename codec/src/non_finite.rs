//! [`NonFinite`]: what NaN and the infinities become in JSON, shared by both formats'
//! options.

/// What NaN, `inf` and `-inf` (of `f32` and `f64`) become in JSON, which has no number for
/// them; set on [`json::EncodeOptions`](crate::json::EncodeOptions) to write them and on
/// [`json::Options`](crate::json::Options) to read them back.
///
/// | policy | NaN | `inf` | `-inf` | decoding a float also accepts |
/// |---|---|---|---|---|
/// | `Error` (default) | error | error | error | numbers only |
/// | `Null` | `null` | `null` | `null` | `null`, read as NaN |
/// | `Strings` | `"NaN"` | `"Infinity"` | `"-Infinity"` | exactly those three strings |
///
/// - `-0.0` is written `-0.0` and read back as `-0.0` under every policy (it is a JSON
///   number).
/// - `Null` loses which of the three the value was (as `JSON.stringify` does): `null` reads
///   back as NaN. An `Option<f64>` reads `null` as `None` before the float sees it, so
///   `Some(f64::NAN)` comes back `None`.
/// - `Strings` is Python's `json` spelling and JSON5's, quoted so that the text stays JSON;
///   the bare tokens `NaN` and `Infinity` that Python writes by default are not JSON and stay
///   a syntax error under every policy. NaN's sign and payload are not kept.
/// - The policies apply where an `f32` or `f64` is written or expected. A
///   [`json::Value`](crate::json::Value) never holds NaN or an infinity (converting one gives
///   `Null`), and decoding into a `Value` keeps `null` and strings as they are.
/// - MessagePack has NaN and the infinities as floats: its writer writes them as floats
///   under every policy. Its reader, under `Null` or `Strings`, also accepts nil or those
///   strings where a float is expected, so data carried over from JSON reads back.
///
/// ```
/// use codec::json::{EncodeOptions, Options};
/// use codec::NonFinite;
///
/// let v = [f64::NAN, f64::INFINITY, -0.0, 1.5];
/// assert!(codec::json::to_vec(&v).is_err());
///
/// let strings = EncodeOptions::new().non_finite(NonFinite::Strings);
/// let text = codec::json::to_string_with(&v, &strings)?;
/// assert_eq!(text, r#"["NaN","Infinity",-0.0,1.5]"#);
/// let back: [f64; 4] = codec::json::from_slice_with(text.as_bytes(), &Options::new().non_finite(NonFinite::Strings))?;
/// assert!(back[0].is_nan() && back[1] == f64::INFINITY && back[2].is_sign_negative());
///
/// let null = EncodeOptions::new().non_finite(NonFinite::Null);
/// assert_eq!(codec::json::to_string_with(&v, &null)?, "[null,null,-0.0,1.5]");
/// # Ok::<(), codec::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum NonFinite {
    /// An error naming the value (the default): a NaN in output is usually a bug upstream,
    /// and a silent `null` hides it.
    #[default]
    Error,
    /// `null`, as JavaScript's `JSON.stringify` writes; decoding then reads `null` into a
    /// float as NaN.
    Null,
    /// The strings `"NaN"`, `"Infinity"` and `"-Infinity"`, read back exactly.
    Strings,
}

impl NonFinite {
    /// The value of one of the strings `Strings` writes, or `None` for any other text.
    #[inline]
    pub(crate) fn value_of(s: &[u8]) -> Option<f64> {
        match s {
            b"NaN" => Some(f64::NAN),
            b"Infinity" => Some(f64::INFINITY),
            b"-Infinity" => Some(f64::NEG_INFINITY),
            _ => None,
        }
    }
}
