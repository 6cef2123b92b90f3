//! What the web framework integrations share: the body types ([`Json`], [`MsgPack`],
//! [`Negotiated`], [`BodyBytes`]), the streamed bodies ([`JsonLines`],
//! [`JsonLinesResponse`], [`JsonArrayResponse`]), content negotiation ([`Format`]), and
//! the answer to a refused request ([`Rejection`], [`Problem`]). One type serves every framework:
//! [`codec::axum`](crate::axum) (feature `axum`) and [`codec::actix_web`](crate::actix_web)
//! (feature `actix-web`) implement their framework's extractor and response traits for
//! these and re-export them, so a handler's types do not change with its framework.
//!
//! A request the extractors refuse is answered with an RFC 9457
//! `application/problem+json` document whose status says whose fault it is and, for a
//! body that does not decode, where:
//!
//! | status | when |
//! |---|---|
//! | 415 Unsupported Media Type | no `Content-Type`, another media type, or JSON with a `charset` other than UTF-8 |
//! | 413 Content Too Large | the body is over the framework's body limit |
//! | 400 Bad Request | the body is not a well-formed document ([`Error::is_input_error`]: syntax, bad UTF-8, truncation, a nesting or size limit of the decoder's options), or could not be read |
//! | 422 Unprocessable Content | a well-formed document of the wrong shape: a wrong type, a missing or unknown field, a value out of range |
//! | 406 Not Acceptable | ([`Negotiated`], [`Format`]) the `Accept` header allows neither JSON nor MessagePack |
//! | 500 Internal Server Error | a response value that cannot be encoded (a NaN where the options refuse it, ...): the detail is not sent, the error goes into the response's extensions as [`EncodeFailure`] |
//!
//! ```json
//! {"type":"about:blank","title":"Unprocessable Content","status":422,
//!  "detail":"invalid type: expected u64, found string at .statuses[3].user.id",
//!  "pointer":"/statuses/3/user/id","line":1,"column":88,"offset":87}
//! ```
//!
//! [`Error::is_input_error`]: crate::Error::is_input_error

use std::fmt;
use std::sync::Arc;

use bytes::Bytes;

use crate::error::{Error, PathSegment};
use crate::json::JsonWriter;
use crate::{json, Decode, Encode};

mod stream;

pub use stream::{JsonArrayResponse, JsonLines, JsonLinesResponse, OkItems};

/// The media type of a problem document (RFC 9457).
pub(crate) const PROBLEM_TYPE: &str = "application/problem+json";

/// A JSON request body decoded into `T`, or a response encoded from `T`.
///
/// As an extractor it takes a body whose `Content-Type` is `application/json` or a
/// `+json` type (`application/merge-patch+json`, ...), parameters allowed (a `charset`
/// other than UTF-8 is refused: JSON is UTF-8). As a response it is `200 OK` with
/// `Content-Type: application/json`; pair it with a status for another.
///
/// ```
/// # #[cfg(feature = "axum")] {
/// use axum::http::StatusCode;
/// use codec::axum::Json;
///
/// #[derive(codec::Codec)]
/// struct Order { item: String, quantity: u32 }
///
/// async fn place(Json(order): Json<Order>) -> (StatusCode, Json<Order>) {
///     (StatusCode::CREATED, Json(order))
/// }
/// # let _: axum::Router = axum::Router::new().route("/", axum::routing::post(place));
/// # }
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Json<T>(pub T);

/// A MessagePack request body decoded into `T`, or a response encoded from `T`
/// (`Content-Type: application/msgpack`; `application/x-msgpack` and `+msgpack` types
/// are accepted in requests).
///
/// ```
/// # #[cfg(feature = "axum")] {
/// use codec::axum::MsgPack;
///
/// #[derive(codec::Codec)]
/// struct Reading { sensor: u16, celsius: f32 }
///
/// async fn record(MsgPack(r): MsgPack<Reading>) -> MsgPack<Reading> {
///     MsgPack(r)
/// }
/// # let _: axum::Router = axum::Router::new().route("/", axum::routing::post(record));
/// # }
/// ```
#[cfg(feature = "msgpack")]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MsgPack<T>(pub T);

/// One of the formats a body can be in.
///
/// As an extractor, the format of the response the request's `Accept` header asks for:
/// for a handler without a body that still answers in either format. Without an `Accept`
/// header, or with `*/*`, it is JSON; if `Accept` allows neither format, the request is
/// answered 406.
///
/// ```
/// # #[cfg(feature = "axum")] {
/// use codec::axum::{Format, Negotiated};
///
/// #[derive(codec::Codec)]
/// struct Health { ok: bool }
///
/// async fn health(format: Format) -> Negotiated<Health> {
///     format.respond(Health { ok: true })
/// }
/// # let _: axum::Router = axum::Router::new().route("/", axum::routing::get(health));
/// # }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// `application/json`.
    Json,
    /// `application/msgpack`.
    #[cfg(feature = "msgpack")]
    MsgPack,
}

/// A body in either format, decoded by its `Content-Type`, and a response in the format
/// the request's `Accept` header asks for.
///
/// Extracted, `format` is the format to answer in: the `Accept` header's preferred one
/// (by its `q` weights, the most specific range deciding), and where it leaves a choice (no
/// header, `*/*`, equal weights), the request's own format. A handler hands it back with
/// its answer, so the response learns what the request asked:
///
/// ```
/// # #[cfg(feature = "axum")] {
/// use codec::axum::Negotiated;
///
/// #[derive(codec::Codec)]
/// struct Echo { text: String }
///
/// async fn echo(Negotiated { value, format }: Negotiated<Echo>) -> Negotiated<Echo> {
///     format.respond(Echo { text: value.text.to_uppercase() })
/// }
/// # let _: axum::Router = axum::Router::new().route("/", axum::routing::post(echo));
/// # }
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Negotiated<T> {
    /// The decoded body, or the value to answer with.
    pub value: T,
    /// The body's format when answering; see above when extracted.
    pub format: Format,
}

/// The body's bytes and its format, kept so that a handler decodes from them types that
/// borrow (`&str` fields, [`RawJson`](crate::json::RawJson)), without a copy.
///
/// Extracting it checks the `Content-Type` (JSON or MessagePack; 415 otherwise) and the
/// body limit (413); [`decode`](Self::decode) then gives the same [`Rejection`]s as
/// [`Json`] for a body that does not decode.
///
/// ```
/// # #[cfg(feature = "axum")] {
/// use codec::axum::{BodyBytes, Rejection};
///
/// #[derive(codec::Codec)]
/// struct Search<'a> { query: &'a str, limit: u32 }
///
/// async fn search(body: BodyBytes) -> Result<String, Rejection> {
///     let search: Search<'_> = body.decode()?;
///     Ok(format!("{} results for {}", search.limit, search.query))
/// }
/// # let _: axum::Router = axum::Router::new().route("/", axum::routing::post(search));
/// # }
/// ```
#[derive(Debug, Clone)]
pub struct BodyBytes {
    pub(crate) bytes: Bytes,
    pub(crate) format: Format,
    pub(crate) options: DecodeOptions,
}

impl BodyBytes {
    /// Decodes the body into `T`, which may borrow from it.
    pub fn decode<'a, T: Decode<'a>>(&'a self) -> Result<T, Rejection> {
        let decoded = match self.format {
            Format::Json => match &self.options.json {
                Some(options) => json::from_slice_with(&self.bytes, options),
                None => json::from_slice(&self.bytes),
            },
            #[cfg(feature = "msgpack")]
            Format::MsgPack => match &self.options.msgpack {
                Some(options) => crate::msgpack::from_slice_with(&self.bytes, options),
                None => crate::msgpack::from_slice(&self.bytes),
            },
        };
        decoded.map_err(Rejection::decode)
    }

    /// The body as it arrived.
    pub fn bytes(&self) -> &Bytes {
        &self.bytes
    }

    /// The format its `Content-Type` named.
    pub fn format(&self) -> Format {
        self.format
    }

    /// The body, for the handler to keep.
    pub fn into_bytes(self) -> Bytes {
        self.bytes
    }
}

/// The decoder options the application configured (an extension or app data).
#[derive(Debug, Clone, Default)]
pub(crate) struct DecodeOptions {
    pub(crate) json: Option<json::Options>,
    #[cfg(feature = "msgpack")]
    pub(crate) msgpack: Option<crate::msgpack::Options>,
}

impl Format {
    /// The format a `Content-Type` header's value names, if it names one of codec's.
    ///
    /// ```
    /// use codec::web::Format;
    ///
    /// assert_eq!(Format::from_content_type("application/json"), Some(Format::Json));
    /// assert_eq!(Format::from_content_type("Application/JSON ; Charset=\"UTF-8\""), Some(Format::Json));
    /// assert_eq!(Format::from_content_type("application/geo+json; charset=utf-8"), Some(Format::Json));
    /// assert_eq!(Format::from_content_type("application/json; charset=latin1"), None);
    /// assert_eq!(Format::from_content_type("text/plain"), None);
    /// ```
    pub fn from_content_type(value: &str) -> Option<Format> {
        // What nearly every client sends, known without parsing (every request pays this).
        match value.as_bytes() {
            b"application/json" | b"application/json; charset=utf-8" => return Some(Format::Json),
            #[cfg(feature = "msgpack")]
            b"application/msgpack" => return Some(Format::MsgPack),
            _ => {}
        }
        let (essence, params) = value.split_once(';').unwrap_or((value, ""));
        let (kind, subtype) = essence.trim().split_once('/')?;
        if !kind.eq_ignore_ascii_case("application") {
            return None;
        }
        let subtype = subtype.trim();
        let suffix = subtype.rsplit_once('+').map_or(subtype, |(_, s)| s);
        let format = if subtype.eq_ignore_ascii_case("json") || suffix.eq_ignore_ascii_case("json") {
            Format::Json
        } else {
            msgpack_subtype(subtype, suffix)?
        };
        if format == Format::Json && foreign_charset(params) {
            return None;
        }
        Some(format)
    }

    /// The format the `Accept` header's values prefer, `tie` where they leave the choice
    /// open (no header, a wildcard, equal weights); `None` if they allow neither
    /// (everything at `q=0`, or only other types).
    ///
    /// ```
    /// use codec::web::Format;
    ///
    /// assert_eq!(Format::from_accept([], Format::Json), Some(Format::Json));
    /// assert_eq!(Format::from_accept(["text/html, application/json;q=0.9"], Format::Json), Some(Format::Json));
    /// assert_eq!(Format::from_accept(["image/png"], Format::Json), None);
    /// ```
    pub fn from_accept<'a>(values: impl IntoIterator<Item = &'a str>, tie: Format) -> Option<Format> {
        let mut values = values.into_iter().peekable();
        if values.peek().is_none() {
            return Some(tie);
        }
        // For each format, the weight of the most specific range that matches it (RFC 9110
        // section 12.5.1): `application/json` over `application/*` over `*/*`.
        let mut best: [(u8, u16); Format::ALL.len()] = [(0, 0); Format::ALL.len()];
        for range in values.flat_map(|v| v.split(',')) {
            let mut parts = range.split(';');
            let essence = parts.next().unwrap_or("").trim();
            let q = parts
                .filter_map(|p| p.split_once('='))
                .find(|(name, _)| name.trim().eq_ignore_ascii_case("q"))
                .map_or(1000, |(_, value)| parse_weight(value.trim()));
            for (i, format) in Format::ALL.iter().enumerate() {
                let specificity = format.matches(essence);
                if specificity > best[i].0 {
                    best[i] = (specificity, q);
                }
            }
        }
        let tie_weight = Format::ALL.iter().position(|f| *f == tie).map_or(0, |i| best[i].1);
        let (i, &(_, weight)) = best.iter().enumerate().max_by_key(|(_, (_, q))| *q)?;
        match weight {
            0 => None,
            w if w == tie_weight => Some(tie),
            _ => Some(Format::ALL[i]),
        }
    }

    /// Pairs `value` with this format, as a response.
    pub fn respond<T>(self, value: T) -> Negotiated<T> {
        Negotiated { value, format: self }
    }

    /// The `Content-Type` of a response in this format.
    pub fn media_type(self) -> &'static str {
        match self {
            Format::Json => "application/json",
            // Registered in 2024; `application/x-msgpack` is accepted on the way in.
            #[cfg(feature = "msgpack")]
            Format::MsgPack => "application/msgpack",
        }
    }

    /// Encodes `value` in this format.
    pub fn encode<T: Encode + ?Sized>(self, value: &T) -> Result<Vec<u8>, Error> {
        match self {
            Format::Json => json::to_vec(value),
            #[cfg(feature = "msgpack")]
            Format::MsgPack => crate::msgpack::to_vec(value),
        }
    }

    /// Every format of this build, JSON first (the choice when nothing decides).
    #[cfg(feature = "msgpack")]
    pub(crate) const ALL: [Format; 2] = [Format::Json, Format::MsgPack];
    #[cfg(not(feature = "msgpack"))]
    pub(crate) const ALL: [Format; 1] = [Format::Json];

    /// How specifically the media range `essence` names this format: 3 exactly (or by a
    /// structured suffix), 2 as `application/*`, 1 as `*/*`, 0 not at all.
    fn matches(self, essence: &str) -> u8 {
        let Some((kind, subtype)) = essence.split_once('/') else { return 0 };
        let (kind, subtype) = (kind.trim(), subtype.trim());
        if kind == "*" && subtype == "*" {
            return 1;
        }
        if !kind.eq_ignore_ascii_case("application") {
            return 0;
        }
        if subtype == "*" {
            return 2;
        }
        let suffix = subtype.rsplit_once('+').map_or(subtype, |(_, s)| s);
        let named = match self {
            Format::Json => subtype.eq_ignore_ascii_case("json") || suffix.eq_ignore_ascii_case("json"),
            #[cfg(feature = "msgpack")]
            Format::MsgPack => msgpack_subtype(subtype, suffix).is_some(),
        };
        if named {
            3
        } else {
            0
        }
    }
}

/// Whether a media type's parameters declare a charset other than UTF-8: JSON is UTF-8
/// (RFC 8259 section 8.1), a body declared in another charset is not.
fn foreign_charset(params: &str) -> bool {
    params.split(';').filter_map(|p| p.split_once('=')).any(|(name, value)| {
        let value = value.trim().trim_matches('"');
        name.trim().eq_ignore_ascii_case("charset")
            && !value.eq_ignore_ascii_case("utf-8")
            && !value.eq_ignore_ascii_case("utf8")
    })
}

/// The media types a JSON Lines request body may declare: the JSON Lines and the NDJSON
/// names, none registered yet, so every spelling in use.
const JSON_LINES_TYPES: [&str; 5] = [
    "application/jsonl",
    "application/x-ndjson",
    "application/ndjson",
    "application/x-jsonlines",
    "application/jsonlines",
];

/// Whether a `Content-Type` value names JSON Lines (in UTF-8).
fn is_json_lines(value: &str) -> bool {
    let (essence, params) = value.split_once(';').unwrap_or((value, ""));
    let essence = essence.trim();
    JSON_LINES_TYPES.iter().any(|t| essence.eq_ignore_ascii_case(t)) && !foreign_charset(params)
}

/// The request's format, if its `Content-Type` (the header's value, if it has one, as
/// text if it is text) names one of `accepted`.
pub(crate) fn content_format(content_type: Option<Result<&str, ()>>, accepted: &[Format]) -> Result<Format, Rejection> {
    match content_type {
        Some(Ok(text)) => Format::from_content_type(text).filter(|f| accepted.contains(f)),
        _ => None,
    }
    .ok_or_else(|| {
        let expected = accepted.iter().map(|f| format!("`{}`", f.media_type())).collect::<Vec<_>>().join(" or ");
        Rejection::unsupported_media_type(content_type, &expected)
    })
}

/// Checks that the request's `Content-Type` names JSON Lines.
pub(crate) fn json_lines_content(content_type: Option<Result<&str, ()>>) -> Result<(), Rejection> {
    match content_type {
        Some(Ok(text)) if is_json_lines(text) => Ok(()),
        _ => Err(Rejection::unsupported_media_type(content_type, "`application/jsonl` or `application/x-ndjson`")),
    }
}

/// The format the request's `Accept` header values ask for, `tie` where they leave the
/// choice.
pub(crate) fn accepted_format<'a>(accept: impl IntoIterator<Item = &'a str>, tie: Format) -> Result<Format, Rejection> {
    Format::from_accept(accept, tie).ok_or_else(Rejection::not_acceptable)
}

/// `msgpack`, `x-msgpack` or a `+msgpack` suffix.
#[cfg(feature = "msgpack")]
fn msgpack_subtype(subtype: &str, suffix: &str) -> Option<Format> {
    let named = ["msgpack", "x-msgpack"].iter().any(|n| subtype.eq_ignore_ascii_case(n));
    (named || suffix.eq_ignore_ascii_case("msgpack")).then_some(Format::MsgPack)
}

#[cfg(not(feature = "msgpack"))]
fn msgpack_subtype(_: &str, _: &str) -> Option<Format> {
    None
}

/// An `Accept` weight in thousandths (`q=0.5` is 500); a malformed one counts as 1.
fn parse_weight(text: &str) -> u16 {
    let (int, frac) = text.split_once('.').unwrap_or((text, ""));
    if frac.len() > 3 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return 1000;
    }
    let thousandths =
        frac.bytes().chain(core::iter::repeat(b'0')).take(3).fold(0u16, |n, b| n * 10 + u16::from(b - b'0'));
    if int == "0" {
        thousandths
    } else {
        1000
    }
}

/// In the extensions of the 500 response that a [`Json`], [`MsgPack`] or [`Negotiated`]
/// value becomes when it cannot be encoded: the error, for a logging layer (the client is
/// not told what went wrong inside the server).
#[derive(Debug, Clone)]
pub struct EncodeFailure(pub Arc<Error>);

/// Why a request was refused, answered as an RFC 9457 problem document: the status, the
/// decoder's error if there is one, and the [`Problem`] to send.
///
/// To answer in a shape of its own, a handler takes `Result<Json<T>, Rejection>` (both
/// frameworks allow that for every extractor) and builds its response from it:
///
/// ```
/// # #[cfg(feature = "axum")] {
/// use axum::{http::StatusCode, response::{IntoResponse, Response}};
/// use codec::axum::{Json, Rejection};
///
/// #[derive(codec::Codec)]
/// struct Order { item: String }
///
/// async fn place(order: Result<Json<Order>, Rejection>) -> Response {
///     match order {
///         Ok(Json(order)) => order.item.into_response(),
///         Err(rejection) if rejection.status() == StatusCode::UNPROCESSABLE_ENTITY => {
///             let mut problem = rejection.problem();
///             problem.type_uri = "https://example.com/problems/bad-order".into();
///             problem.title = "That is not an order".into();
///             problem.into_response()
///         }
///         Err(rejection) => rejection.into_response(),
///     }
/// }
/// # let _: axum::Router = axum::Router::new().route("/", axum::routing::post(place));
/// # }
/// ```
pub struct Rejection {
    status: u16,
    error: Option<Error>,
    detail: Option<String>,
}

impl Rejection {
    /// The HTTP status it answers with (compares with the frameworks' `StatusCode`s).
    pub fn status(&self) -> u16 {
        self.status
    }

    /// The decoder's error, for a body that did not decode.
    pub fn error(&self) -> Option<&Error> {
        self.error.as_ref()
    }

    /// The problem document it answers with, to send as it is or amended.
    pub fn problem(&self) -> Problem {
        let mut problem = Problem::new(self.status);
        match &self.error {
            Some(e) => {
                problem.detail = Some(e.message());
                problem.pointer = Some(json_pointer(e));
                problem.line = e.line();
                problem.column = e.column();
                problem.offset = e.offset();
            }
            None => problem.detail.clone_from(&self.detail),
        }
        problem
    }

    /// A body that did not decode: 400 if it is not a well-formed document, 422 if it is
    /// one of the wrong shape.
    #[cold]
    pub(crate) fn decode(error: Error) -> Rejection {
        let status = if error.is_input_error() { 400 } else { 422 };
        Rejection { status, error: Some(error), detail: None }
    }

    /// A body that could not be read: 413 over the limit, or what the framework says.
    #[cold]
    pub(crate) fn body(status: u16, text: String) -> Rejection {
        let detail =
            if status == 413 { "the request body is larger than this endpoint accepts".to_owned() } else { text };
        Rejection { status, error: None, detail: Some(detail) }
    }

    /// The request's `Content-Type` (its value, if there is one and it is text) is not
    /// what the endpoint reads: `expected`, in words.
    #[cold]
    pub(crate) fn unsupported_media_type(content_type: Option<Result<&str, ()>>, expected: &str) -> Rejection {
        let detail = match content_type {
            None => format!("the request has no `Content-Type` header: expected {expected}"),
            Some(Ok(given)) => format!("the request's `Content-Type` is `{given}`: expected {expected}"),
            Some(Err(())) => format!("the request's `Content-Type` is not text: expected {expected}"),
        };
        Rejection { status: 415, error: None, detail: Some(detail) }
    }

    #[cold]
    pub(crate) fn not_acceptable() -> Rejection {
        let offered = Format::ALL.iter().map(|f| format!("`{}`", f.media_type())).collect::<Vec<_>>().join(" or ");
        let detail = format!("the request's `Accept` header allows no format this endpoint answers in: {offered}");
        Rejection { status: 406, error: None, detail: Some(detail) }
    }
}

impl fmt::Debug for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rejection")
            .field("status", &self.status)
            .field("error", &self.error)
            .field("detail", &self.detail)
            .finish()
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.error, &self.detail) {
            (Some(e), _) => write!(f, "{} {}: {e}", self.status, reason_phrase(self.status)),
            (None, Some(detail)) => write!(f, "{} {}: {detail}", self.status, reason_phrase(self.status)),
            (None, None) => write!(f, "{} {}", self.status, reason_phrase(self.status)),
        }
    }
}

impl std::error::Error for Rejection {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.error.as_ref().map(|e| e as _)
    }
}

/// An RFC 9457 problem document, answered as `application/problem+json` with its status.
///
/// `type_uri`, `title`, `status` and `detail` are the RFC's members; `pointer` (an
/// RFC 6901 JSON Pointer to the value that failed, `/statuses/3/user/id`), `line`,
/// `column` and `offset` (of the input, counted from 1, 1 and 0) are extension members
/// for a body that did not decode. Absent members are left out.
///
/// ```
/// use codec::web::Problem;
///
/// let mut problem = Problem::new(409);
/// problem.detail = Some("the name is taken".into());
/// assert_eq!(
///     problem.to_json(),
///     r#"{"type":"about:blank","title":"Conflict","status":409,"detail":"the name is taken"}"#,
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Problem {
    /// A URI naming the kind of problem; `about:blank` when the status says it all.
    pub type_uri: String,
    /// A short summary of the kind of problem: with `about:blank`, the status's phrase.
    pub title: String,
    /// The HTTP status.
    pub status: u16,
    /// What went wrong in this request.
    pub detail: Option<String>,
    /// The JSON Pointer of the value that failed to decode.
    pub pointer: Option<String>,
    /// The line of the input where decoding failed (from 1).
    pub line: Option<usize>,
    /// The column, in bytes, on that line (from 1).
    pub column: Option<usize>,
    /// The byte offset into the body (from 0).
    pub offset: Option<usize>,
}

impl Problem {
    /// A problem of type `about:blank` with the status's phrase (RFC 9110's) as title,
    /// and nothing else.
    pub fn new(status: u16) -> Problem {
        Problem {
            type_uri: "about:blank".to_owned(),
            title: reason_phrase(status).to_owned(),
            status,
            detail: None,
            pointer: None,
            line: None,
            column: None,
            offset: None,
        }
    }

    /// The document, as it goes into the response body.
    pub fn to_json(&self) -> String {
        let mut w = JsonWriter::with_capacity(128);
        let member = |w: &mut JsonWriter, first: bool, name: &str| {
            if !first {
                w.write_byte(b',');
            }
            w.write_str(name);
            w.write_byte(b':');
        };
        w.write_byte(b'{');
        member(&mut w, true, "type");
        w.write_str(&self.type_uri);
        member(&mut w, false, "title");
        w.write_str(&self.title);
        member(&mut w, false, "status");
        w.write_u64(u64::from(self.status));
        for (name, text) in [("detail", &self.detail), ("pointer", &self.pointer)] {
            if let Some(text) = text {
                member(&mut w, false, name);
                w.write_str(text);
            }
        }
        for (name, n) in [("line", self.line), ("column", self.column), ("offset", self.offset)] {
            if let Some(n) = n {
                member(&mut w, false, name);
                w.write_u64(n as u64);
            }
        }
        w.write_byte(b'}');
        String::from_utf8(w.into_inner()).expect("the JSON writer writes UTF-8")
    }
}

/// The phrase RFC 9110 (section 15) gives a status, for the titles of problem documents.
fn reason_phrase(status: u16) -> &'static str {
    match status {
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        406 => "Not Acceptable",
        408 => "Request Timeout",
        409 => "Conflict",
        410 => "Gone",
        411 => "Length Required",
        412 => "Precondition Failed",
        413 => "Content Too Large",
        414 => "URI Too Long",
        415 => "Unsupported Media Type",
        422 => "Unprocessable Content",
        428 => "Precondition Required",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ if (400..500).contains(&status) => "Client Error",
        _ if (500..600).contains(&status) => "Server Error",
        _ => "Error",
    }
}

/// The RFC 6901 JSON Pointer of the error's path: each field, key and index one
/// `/`-prefixed token, `~` and `/` in names escaped as `~0` and `~1`. An enum variant is
/// not a member of the document (only internally tagged content records one), so it adds
/// no token. The document root is the empty pointer.
fn json_pointer(error: &Error) -> String {
    let mut pointer = String::new();
    for segment in error.path_segments() {
        let token = match segment {
            PathSegment::Field(name) => name.as_ref(),
            PathSegment::Key(key) => key.as_str(),
            PathSegment::Index(i) => {
                pointer.push('/');
                pointer.push_str(itoa::Buffer::new().format(*i));
                continue;
            }
            _ => continue,
        };
        pointer.push('/');
        for c in token.chars() {
            match c {
                '~' => pointer.push_str("~0"),
                '/' => pointer.push_str("~1"),
                c => pointer.push(c),
            }
        }
    }
    pointer
}

/// The body of the 500 answer to a value that does not encode, and what goes into the
/// response's extensions.
#[cold]
pub(crate) fn encode_failure(error: Error) -> (Problem, EncodeFailure) {
    (Problem::new(500), EncodeFailure(Arc::new(error)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_types() {
        let of = Format::from_content_type;
        assert_eq!(of("application/json"), Some(Format::Json));
        assert_eq!(of("Application/JSON ; charset=UTF-8"), Some(Format::Json));
        assert_eq!(of("application/problem+json"), Some(Format::Json));
        assert_eq!(of("application/json; charset=\"utf-8\""), Some(Format::Json));
        assert_eq!(of("application/json; charset=latin1"), None);
        assert_eq!(of("text/json"), None);
        assert_eq!(of("application/jsonp"), None);
        assert_eq!(of("application/x-www-form-urlencoded"), None);
        assert_eq!(of("json"), None);
        #[cfg(feature = "msgpack")]
        {
            assert_eq!(of("application/msgpack"), Some(Format::MsgPack));
            assert_eq!(of("application/x-msgpack"), Some(Format::MsgPack));
            assert_eq!(of("application/vnd.example+msgpack"), Some(Format::MsgPack));
        }
        #[cfg(not(feature = "msgpack"))]
        assert_eq!(of("application/msgpack"), None);
    }

    #[test]
    fn accept_weights() {
        let of = |v: &str, tie| Format::from_accept([v], tie);
        assert_eq!(of("*/*", Format::Json), Some(Format::Json));
        assert_eq!(of("application/*", Format::Json), Some(Format::Json));
        assert_eq!(of("text/html", Format::Json), None);
        assert_eq!(of("application/json;q=0", Format::Json), None);
        // JSON refused; MessagePack, where the build has it, allowed by `*/*`.
        let rest = if cfg!(feature = "msgpack") { Format::ALL.last().copied() } else { None };
        assert_eq!(of("*/*;q=0.5, application/json;q=0", Format::Json), rest);
        // Two header lines count as one list.
        assert_eq!(Format::from_accept(["text/html", "application/json;q=0.1"], Format::Json), Some(Format::Json));
        #[cfg(feature = "msgpack")]
        {
            let m = Format::MsgPack;
            assert_eq!(of("*/*", m), Some(m));
            assert_eq!(of("application/msgpack", Format::Json), Some(m));
            assert_eq!(of("application/json;q=0.4, application/x-msgpack;q=0.5", Format::Json), Some(m));
            assert_eq!(of("application/json;q=0.5, application/msgpack;q=0.4", m), Some(Format::Json));
            assert_eq!(of("application/json, application/msgpack", m), Some(m));
            // The most specific range decides: msgpack is refused, `*/*` lets JSON through.
            assert_eq!(of("*/*, application/msgpack;q=0", m), Some(Format::Json));
            assert_eq!(of("application/json;q=0.001, */*;q=0.002", Format::Json), Some(m));
        }
    }

    #[test]
    fn weights() {
        assert_eq!(parse_weight("0"), 0);
        assert_eq!(parse_weight("0.5"), 500);
        assert_eq!(parse_weight("0.125"), 125);
        assert_eq!(parse_weight("1"), 1000);
        assert_eq!(parse_weight("1.000"), 1000);
        assert_eq!(parse_weight("0.1234"), 1000);
        assert_eq!(parse_weight("x"), 1000);
    }

    #[test]
    fn pointers_escape_and_skip_variants() {
        let e = Error::custom("bad").in_key("a/b~c").in_index(3).in_variant("V").in_field("items");
        assert_eq!(json_pointer(&e), "/items/3/a~1b~0c");
        assert_eq!(json_pointer(&Error::custom("bad")), "");
    }

    #[test]
    fn problem_documents() {
        let mut p = Problem::new(422);
        assert_eq!(p.to_json(), r#"{"type":"about:blank","title":"Unprocessable Content","status":422}"#);
        (p.pointer, p.line, p.column, p.offset) = (Some("/a\"b".into()), Some(1), Some(2), Some(1));
        assert_eq!(
            p.to_json(),
            r#"{"type":"about:blank","title":"Unprocessable Content","status":422,"pointer":"/a\"b","line":1,"column":2,"offset":1}"#
        );
        assert_eq!(Problem::new(418).title, "Client Error");
        let r = Rejection::decode(json::from_str::<u8>("[").unwrap_err());
        assert_eq!((r.status(), r.problem().offset), (400, Some(1)));
        assert!(r.to_string().starts_with("400 Bad Request: "), "{r}");
    }
}
