//! axum request bodies and responses in codec's formats, without serde (feature `axum`).
//!
//! | type | extracts (request) | responds |
//! |---|---|---|
//! | [`Json<T>`] | a JSON body into `T: DecodeOwned` | `T: Encode` as `application/json` |
//! | [`MsgPack<T>`] | a MessagePack body | `application/msgpack` |
//! | [`Negotiated<T>`] | JSON or MessagePack, by `Content-Type` | in the format the `Accept` header asks for |
//! | [`Format`] | the response format the `Accept` header asks for | (with [`Format::respond`]) |
//! | [`BodyBytes`] | the body's bytes and format, for [`BodyBytes::decode`] into borrowing types | |
//! | [`JsonLines<T>`] | a JSON Lines body as a `Stream` of `Result<T>`, one per line as it arrives | |
//! | [`JsonLinesResponse<S>`], [`JsonArrayResponse<S>`] | | a `Stream` of values as JSON Lines or one JSON array, sent while it is made |
//! | [`Rejection`], [`Problem`] | | an RFC 9457 problem document |
//!
//! The types are [`codec::web`](crate::web)'s, shared with the actix-web integration; its
//! docs have the table of rejections (415, 413, 400, 422, 406, 500).
//!
//! The body is read with axum's own `Bytes` extractor, so a
//! [`DefaultBodyLimit`](axum_core::extract::DefaultBodyLimit) layer applies (2 MB unless
//! set otherwise), and decoded once from that buffer; a response is encoded into one
//! `Vec` that becomes the body without a copy.
//!
//! The decoder's limits come from [`json::Options`] and `msgpack::Options` found in the
//! request's extensions, so a route or a whole router sets them with a layer:
//! `.layer(axum::Extension(codec::json::Options::new().max_depth(16)))`. Without one, the
//! defaults apply.
//!
//! ```
//! use axum::{routing::post, Router};
//! use codec::axum::Json;
//!
//! #[derive(codec::Codec)]
//! struct NewUser { name: String, age: u8 }
//! #[derive(codec::Codec)]
//! struct Created { id: u64, name: String }
//!
//! async fn create(Json(user): Json<NewUser>) -> Json<Created> {
//!     Json(Created { id: 7, name: user.name })
//! }
//!
//! let app: Router = Router::new().route("/users", post(create));
//! ```
//!
//! [`json::Options`]: crate::json::Options

use axum_core::body::{Body, BodyDataStream};
use axum_core::extract::rejection::BytesRejection;
use axum_core::extract::{FromRequest, FromRequestParts, Request};
use axum_core::response::{IntoResponse, Response};
use axum_core::RequestExt;
use bytes::Bytes;
use http::header::{HeaderValue, ACCEPT, CONTENT_TYPE};
use http::request::Parts;
use http::{HeaderMap, StatusCode};

#[cfg(feature = "msgpack")]
pub use crate::web::MsgPack;
use crate::web::{self, encode_failure, DecodeOptions, PROBLEM_TYPE};
pub use crate::web::{
    BodyBytes, EncodeFailure, Format, Json, JsonArrayResponse, JsonLinesResponse, Negotiated, OkItems, Problem,
    Rejection,
};
use crate::{json, DecodeOwned, Encode};

/// The request's `Content-Type`, if it has one, as text if it is text.
fn content_type(headers: &HeaderMap) -> Option<Result<&str, ()>> {
    headers.get(CONTENT_TYPE).map(|v| v.to_str().map_err(drop))
}

/// The format the request's `Accept` header asks for, `tie` where it leaves the choice.
fn accepted_format(headers: &HeaderMap, tie: Format) -> Result<Format, Rejection> {
    web::accepted_format(headers.get_all(ACCEPT).iter().filter_map(|v| v.to_str().ok()), tie)
}

/// The request's format, if `accepted` has it, and the decoder's options.
///
/// The extractors call it, then read the body in their own `async fn`: a shared `async fn`
/// that took the request would keep it in its future beside the body's read it moved into,
/// under the extractor's own copy (measured: `Json<T>`'s future took 1,256 bytes that way,
/// 984 this way, `axum::Json`'s 896; glibc's per-thread cache serves blocks up to 1,032).
fn body_format(req: &Request, accepted: &[Format]) -> Result<(Format, DecodeOptions), Rejection> {
    let format = web::content_format(content_type(req.headers()), accepted)?;
    let options = DecodeOptions {
        json: req.extensions().get::<json::Options>().cloned(),
        #[cfg(feature = "msgpack")]
        msgpack: req.extensions().get::<crate::msgpack::Options>().cloned(),
    };
    Ok((format, options))
}

/// The rejection of a body axum's `Bytes` extractor could not read (413 over the limit).
#[cold]
fn body_rejection(e: BytesRejection) -> Rejection {
    Rejection::body(e.status().as_u16(), e.body_text())
}

/// `value` encoded in `format`, or the 500 answer.
fn respond<T: Encode + ?Sized>(format: Format, value: &T) -> Response {
    match format.encode(value) {
        Ok(body) => {
            let mut response = Response::new(body.into());
            response.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_static(format.media_type()));
            response
        }
        Err(e) => {
            let (problem, failure) = encode_failure(e);
            let mut response = problem.into_response();
            response.extensions_mut().insert(failure);
            response
        }
    }
}

/// The extractor and response of a wrapper that takes and answers one format.
macro_rules! one_format {
    ($wrapper:ident, $format:expr) => {
        impl<T: DecodeOwned, S: Send + Sync> FromRequest<S> for $wrapper<T> {
            type Rejection = Rejection;

            async fn from_request(req: Request, state: &S) -> Result<Self, Rejection> {
                let (format, options) = body_format(&req, &[$format])?;
                let bytes = Bytes::from_request(req, state).await.map_err(body_rejection)?;
                BodyBytes { bytes, format, options }.decode().map($wrapper)
            }
        }

        impl<T: Encode> IntoResponse for $wrapper<T> {
            fn into_response(self) -> Response {
                respond($format, &self.0)
            }
        }
    };
}

one_format!(Json, Format::Json);
#[cfg(feature = "msgpack")]
one_format!(MsgPack, Format::MsgPack);

impl<S: Send + Sync> FromRequest<S> for BodyBytes {
    type Rejection = Rejection;

    async fn from_request(req: Request, state: &S) -> Result<Self, Rejection> {
        let (format, options) = body_format(&req, &Format::ALL)?;
        let bytes = Bytes::from_request(req, state).await.map_err(body_rejection)?;
        Ok(BodyBytes { bytes, format, options })
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Format {
    type Rejection = Rejection;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Rejection> {
        accepted_format(&parts.headers, Format::Json)
    }
}

impl<T: DecodeOwned, S: Send + Sync> FromRequest<S> for Negotiated<T> {
    type Rejection = Rejection;

    async fn from_request(req: Request, state: &S) -> Result<Self, Rejection> {
        // The answer's format is settled first: a request that cannot be answered is
        // refused before its body is read.
        let tie = web::content_format(content_type(req.headers()), &Format::ALL).unwrap_or(Format::Json);
        let format = accepted_format(req.headers(), tie)?;
        let (body_format, options) = body_format(&req, &Format::ALL)?;
        let bytes = Bytes::from_request(req, state).await.map_err(body_rejection)?;
        let value = BodyBytes { bytes, format: body_format, options }.decode()?;
        Ok(Negotiated { value, format })
    }
}

impl<T: Encode> IntoResponse for Negotiated<T> {
    fn into_response(self) -> Response {
        respond(self.format, &self.value)
    }
}

impl IntoResponse for Rejection {
    fn into_response(self) -> Response {
        self.problem().into_response()
    }
}

impl IntoResponse for Problem {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let mut response = Response::new(self.to_json().into());
        *response.status_mut() = status;
        response.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_static(PROBLEM_TYPE));
        response
    }
}

/// A JSON Lines request body as a `Stream` of `Result<T>`, one per line while the lines
/// arrive: [`web::JsonLines`] over axum's body. The body limit of a
/// [`DefaultBodyLimit`](axum_core::extract::DefaultBodyLimit) layer applies to the whole
/// body (2 MB unless set otherwise: a route that takes large uploads raises it or
/// disables it), and reaching it is the stream's last item, an error.
pub type JsonLines<T> = web::JsonLines<T, BodyDataStream>;

impl<T: DecodeOwned, S: Send + Sync> FromRequest<S> for web::JsonLines<T, BodyDataStream> {
    type Rejection = Rejection;

    async fn from_request(req: Request, _: &S) -> Result<Self, Rejection> {
        web::json_lines_content(content_type(req.headers()))?;
        let options = req.extensions().get::<json::Options>().cloned().unwrap_or_default();
        let body = req.with_limited_body().into_body().into_data_stream();
        Ok(web::JsonLines::new(body, &options))
    }
}

/// A streamed response: `200 OK` with its `Content-Type`, the body sent while it is made.
fn streamed<B>(media_type: &'static str, body: B) -> Response
where
    B: futures_core::TryStream + Send + 'static,
    B::Ok: Into<Bytes>,
    B::Error: Into<axum_core::BoxError>,
{
    let mut response = Response::new(Body::from_stream(body));
    response.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_static(media_type));
    response
}

/// The response of a stream of values, sent while it is made.
macro_rules! streamed_response {
    ($($response:ident),*) => {$(
        impl<S, T, E> IntoResponse for $response<S>
        where
            S: futures_core::Stream<Item = Result<T, E>> + Send + 'static,
            T: Encode,
            E: Into<Box<dyn std::error::Error + Send + Sync>>,
        {
            fn into_response(self) -> Response {
                streamed(Self::MEDIA_TYPE, self.into_body())
            }
        }
    )*};
}

streamed_response!(JsonLinesResponse, JsonArrayResponse);
