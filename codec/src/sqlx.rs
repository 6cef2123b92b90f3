//! PostgreSQL `json` and `jsonb` columns in codec's JSON, without serde (feature `sqlx`,
//! sqlx 0.8).
//!
//! [`Json<T>`] is sqlx's `Json<T>` for codec types: a query parameter encoded from
//! `T: Encode`, a column decoded into `T: Decode<'r>`.
//!
//! | serde, through sqlx | codec |
//! |---|---|
//! | `.bind(sqlx::types::Json(&value))` | `.bind(codec::sqlx::Json(&value))` |
//! | `row.try_get::<sqlx::types::Json<T>, _>("doc")?.0` | `row.try_get::<codec::sqlx::Json<T>, _>("doc")?.0` |
//! | `Option<sqlx::types::Json<T>>` for a nullable column | `Option<codec::sqlx::Json<T>>` |
//!
//! - **Parameters** are sent as `jsonb` (PostgreSQL casts them to `json` where a `json`
//!   column takes them, as it does sqlx's own `Json`): the binary form, a version byte
//!   (1) then the JSON text, written by codec's writer straight into sqlx's argument
//!   buffer.
//! - **Columns** of type `json` or `jsonb` decode; another type is sqlx's mismatched-type
//!   error. sqlx reads query results in the binary format, where a `jsonb` value starts
//!   with its version byte: version 1 is checked and skipped, another version is an
//!   error. `json` values, and both types in the text format (`sqlx::raw_sql`), are the
//!   JSON text as it is.
//! - **Borrowing**: the value decodes from the row's own bytes, so a `T` with `&'r str`
//!   (or `Cow<'r, str>`) fields borrows from the row, when read with `row.try_get` and the
//!   row outlives it. (PostgreSQL prints a `jsonb` value's strings with only the escapes
//!   JSON requires, so most strings borrow.)
//! - **Errors**: a value that does not decode is sqlx's `Error::ColumnDecode`, which names
//!   the column, around the codec [`Error`](crate::Error) with its path (`.id`), line and
//!   column within the value's JSON text: `std::error::Error::source` of the sqlx error
//!   downcasts to it. A value that does not encode (a non-finite float, say) is the codec
//!   error itself from `Query::try_bind`; `bind` keeps it for the execution, which fails
//!   with sqlx's `Error::Encode` holding its text (sqlx formats it, path included).
//! - **NULL** is `Option<Json<T>>`, through sqlx's own `Option` impls: `None` binds SQL
//!   `NULL` and a NULL column reads as `None` (a NULL read as a bare `Json<T>` is sqlx's
//!   unexpected-null error). The JSON `null` inside a column is a value, not SQL `NULL`:
//!   it decodes into `Json<Option<T>>`.
//! - **Arrays**: `Vec<Json<T>>` binds as `jsonb[]` and reads `jsonb[]` and `json[]`.
//!
//! ```no_run
//! use codec::sqlx::Json;
//! use sqlx::Row;
//!
//! #[derive(codec::Codec)]
//! struct Settings { theme: String, font_size: u8 }
//! #[derive(codec::Codec)]
//! struct Label<'a> { theme: &'a str }
//!
//! # async fn run(pool: sqlx::PgPool) -> Result<(), sqlx::Error> {
//! sqlx::query("INSERT INTO users (id, settings) VALUES ($1, $2)")
//!     .bind(7_i64)
//!     .bind(Json(Settings { theme: "dark".into(), font_size: 14 }))
//!     .execute(&pool)
//!     .await?;
//!
//! let (Json(settings),): (Json<Settings>,) =
//!     sqlx::query_as("SELECT settings FROM users WHERE id = $1").bind(7_i64).fetch_one(&pool).await?;
//! assert_eq!(settings.font_size, 14);
//!
//! // Borrowing from the row: `theme` points into the row's bytes.
//! let row = sqlx::query("SELECT settings FROM users WHERE id = $1").bind(7_i64).fetch_one(&pool).await?;
//! let Json(label): Json<Label<'_>> = row.try_get("settings")?;
//! assert_eq!(label.theme, "dark");
//! # Ok(()) }
//! ```

use core::ops::{Deref, DerefMut};

use sqlx_core::decode::Decode;
use sqlx_core::encode::{Encode, IsNull};
use sqlx_core::error::BoxDynError;
use sqlx_core::types::Type;
use sqlx_core::value::ValueRef;
use sqlx_postgres::{PgArgumentBuffer, PgHasArrayType, PgTypeInfo, PgValueFormat, PgValueRef, Postgres};

use crate::json::JsonWriter;

/// A `json` or `jsonb` value encoded from, or decoded into, a codec type `T`.
///
/// Bind `Json(value)` (or `Json(&value)`, which encodes without moving it) as a query
/// parameter, read a column as `Json<T>`, and a nullable one as `Option<Json<T>>`. The
/// [module docs](self) say how each direction works.
///
/// ```no_run
/// use codec::sqlx::Json;
///
/// #[derive(codec::Codec)]
/// struct Event<'a> { kind: &'a str, user: u64 }
///
/// # async fn run(pool: sqlx::PgPool) -> Result<(), sqlx::Error> {
/// let event = Event { kind: "login", user: 7 };
/// // A filter on a jsonb column, with a codec-encoded parameter.
/// let count: i64 = sqlx::query_scalar("SELECT count(*) FROM events WHERE doc @> $1")
///     .bind(Json(&event))
///     .fetch_one(&pool)
///     .await?;
/// # Ok(()) }
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Json<T>(pub T);

impl<T> Json<T> {
    /// The value inside.
    ///
    /// ```
    /// assert_eq!(codec::sqlx::Json(3).into_inner(), 3);
    /// ```
    pub fn into_inner(self) -> T {
        self.0
    }
}

/// `Json(value)` from `value`.
///
/// ```
/// let json: codec::sqlx::Json<Vec<u8>> = vec![1, 2].into();
/// assert_eq!(json.0, [1, 2]);
/// ```
impl<T> From<T> for Json<T> {
    fn from(value: T) -> Self {
        Json(value)
    }
}

/// The value inside, by reference.
///
/// ```
/// let json = codec::sqlx::Json(String::from("dark"));
/// assert_eq!(json.len(), 4);
/// ```
impl<T> Deref for Json<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

/// The value inside, by mutable reference.
///
/// ```
/// let mut json = codec::sqlx::Json(vec![1]);
/// json.push(2);
/// assert_eq!(json.0, [1, 2]);
/// ```
impl<T> DerefMut for Json<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T> AsRef<T> for Json<T> {
    fn as_ref(&self) -> &T {
        &self.0
    }
}

impl<T> AsMut<T> for Json<T> {
    fn as_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

/// `jsonb`'s type and `json`'s, as sqlx's own `Json` has them (their constants are private
/// to sqlx-postgres).
type SqlxJson = sqlx_core::types::Json<()>;

/// The version of `jsonb`'s binary form (the only one PostgreSQL has had, since 9.4).
const JSONB_VERSION: u8 = 1;

/// A parameter's type is `jsonb`; a column may be `json` or `jsonb`.
///
/// ```
/// use sqlx::{Type, TypeInfo};
/// assert_eq!(<codec::sqlx::Json<u8> as Type<sqlx::Postgres>>::type_info().name(), "JSONB");
/// ```
impl<T> Type<Postgres> for Json<T> {
    fn type_info() -> PgTypeInfo {
        <SqlxJson as Type<Postgres>>::type_info()
    }

    fn compatible(ty: &PgTypeInfo) -> bool {
        <SqlxJson as Type<Postgres>>::compatible(ty)
    }
}

/// `Vec<Json<T>>` and `&[Json<T>]` bind as `jsonb[]`, and `json[]` and `jsonb[]` columns
/// read into `Vec<Json<T>>`.
///
/// ```
/// use sqlx::postgres::PgHasArrayType;
/// use sqlx::TypeInfo;
/// assert_eq!(<codec::sqlx::Json<u8> as PgHasArrayType>::array_type_info().name(), "JSONB[]");
/// ```
impl<T> PgHasArrayType for Json<T> {
    fn array_type_info() -> PgTypeInfo {
        <SqlxJson as PgHasArrayType>::array_type_info()
    }

    fn array_compatible(ty: &PgTypeInfo) -> bool {
        <SqlxJson as PgHasArrayType>::array_compatible(ty)
    }
}

/// Writes `jsonb`'s binary form: the version byte, then `T`'s compact JSON.
///
/// ```
/// use codec::sqlx::Json;
/// use sqlx::Encode;
///
/// let mut buf = sqlx::postgres::PgArgumentBuffer::default();
/// let _ = Encode::<sqlx::Postgres>::encode_by_ref(&Json([1, 2]), &mut buf)?;
/// assert_eq!(&buf[..], b"\x01[1,2]");
/// # Ok::<(), sqlx::error::BoxDynError>(())
/// ```
impl<T: crate::Encode> Encode<'_, Postgres> for Json<T> {
    fn encode_by_ref(&self, buf: &mut PgArgumentBuffer) -> Result<IsNull, BoxDynError> {
        let start = buf.len();
        // The argument buffer is a `Vec<u8>` inside: the writer appends to that `Vec`
        // itself, and gives it back whatever happens.
        let mut bytes = core::mem::take(&mut **buf);
        bytes.push(JSONB_VERSION);
        let mut w = JsonWriter::from_vec(bytes);
        let result = self.0.encode(&mut w);
        let mut bytes = w.into_inner();
        if result.is_err() {
            bytes.truncate(start);
        }
        **buf = bytes;
        result.map(|()| IsNull::No).map_err(Into::into)
    }
}

/// Reads a `json` or `jsonb` column into `T`, borrowing from the row where `T` borrows.
///
/// A [`codec::Error`](crate::Error) is the error's source, as the
/// [module docs](self) show.
///
/// ```no_run
/// use codec::sqlx::Json;
/// use sqlx::Row;
///
/// #[derive(codec::Codec, Debug)]
/// struct Doc { id: u64 }
///
/// # async fn run(pool: sqlx::PgPool) {
/// let row = sqlx::query(r#"SELECT '{"id":"x"}'::json AS doc"#).fetch_one(&pool).await.unwrap();
/// let err = row.try_get::<Json<Doc>, _>("doc").unwrap_err();
/// // sqlx names the column; codec's error says where in the value.
/// assert!(err.to_string().contains("\"doc\""));
/// let source = std::error::Error::source(&err).unwrap();
/// assert_eq!(source.downcast_ref::<codec::Error>().unwrap().path(), ".id");
/// # }
/// ```
impl<'r, T: crate::Decode<'r>> Decode<'r, Postgres> for Json<T> {
    fn decode(value: PgValueRef<'r>) -> Result<Self, BoxDynError> {
        let binary_jsonb =
            value.format() == PgValueFormat::Binary && *value.type_info() == <SqlxJson as Type<Postgres>>::type_info();
        let text = json_text(value.as_bytes()?, binary_jsonb)?;
        crate::json::from_slice(text).map(Json).map_err(Into::into)
    }
}

/// The JSON text of a value: `bytes` as they are, or after the version byte of `jsonb`'s
/// binary form.
fn json_text(bytes: &[u8], binary_jsonb: bool) -> Result<&[u8], BoxDynError> {
    if !binary_jsonb {
        return Ok(bytes);
    }
    match bytes.split_first() {
        Some((&JSONB_VERSION, text)) => Ok(text),
        Some((version, _)) => Err(format!(
            "unsupported jsonb binary format version {version} (codec::sqlx::Json reads version {JSONB_VERSION})"
        )
        .into()),
        None => Err("empty jsonb value: the binary form has no version byte".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_text_strips_version_one() {
        assert_eq!(json_text(b"\x01{\"a\":1}", true).unwrap(), b"{\"a\":1}");
        // `json` and the text format: no version byte to take off.
        assert_eq!(json_text(b"{\"a\":1}", false).unwrap(), b"{\"a\":1}");
        assert_eq!(json_text(b"\x01", false).unwrap(), b"\x01");
    }

    #[test]
    fn json_text_refuses_other_versions() {
        let err = json_text(b"\x02{}", true).unwrap_err();
        assert_eq!(err.to_string(), "unsupported jsonb binary format version 2 (codec::sqlx::Json reads version 1)");
        let err = json_text(b"", true).unwrap_err();
        assert_eq!(err.to_string(), "empty jsonb value: the binary form has no version byte");
    }

    #[test]
    fn encode_appends_after_what_is_in_the_buffer() {
        let mut buf = PgArgumentBuffer::default();
        buf.extend_from_slice(b"ab");
        let is_null = Encode::<Postgres>::encode_by_ref(&Json("x\"y"), &mut buf).unwrap();
        assert!(!is_null.is_null());
        assert_eq!(&buf[..], b"ab\x01\"x\\\"y\"");
    }

    #[test]
    fn encode_error_leaves_the_buffer_as_it_was() {
        let mut buf = PgArgumentBuffer::default();
        buf.extend_from_slice(b"ab");
        let Err(err) = Encode::<Postgres>::encode_by_ref(&Json([1.0, f64::NAN]), &mut buf) else {
            panic!("a NaN encoded");
        };
        let err = err.downcast::<crate::Error>().expect("the codec error, boxed");
        assert_eq!(err.path(), "[1]");
        assert_eq!(&buf[..], b"ab");
    }
}
