//! actix-web request bodies and responses in codec's formats, without serde (feature
//! `actix-web`).
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
//! The types are [`codec::web`](crate::web)'s, shared with the axum integration; its docs
//! have the table of rejections (415, 413, 400, 422, 406, 500). A [`Rejection`] is an
//! actix-web `ResponseError`, so a handler can return it with `?`.
//!
//! The body is read with actix-web's own `Bytes` extractor, so its
//! [`PayloadConfig`](actix_web::web::PayloadConfig) applies: the body limit (256 KiB
//! unless set otherwise: `web::Json`'s `JsonConfig` limit, 2 MiB by default, is not
//! consulted) and the decompression of compressed bodies where actix-web's compression
//! features are on. The decoder's limits come from [`json::Options`] and
//! `msgpack::Options` in the app data (`App::new().app_data(codec::json::Options::new()
//! .max_depth(16))`); without them, the defaults apply.
//!
//! ```
//! use actix_web::{web, App};
//! use codec::actix_web::Json;
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
//! let app = App::new()
//!     .app_data(web::PayloadConfig::new(2 << 20))
//!     .route("/users", web::post().to(create));
//! ```
//!
//! [`json::Options`]: crate::json::Options

use std::future::{ready, Future, Ready};
use std::pin::Pin;

use actix_web::body::BoxBody;
use actix_web::dev::Payload;
use actix_web::http::header::{HeaderMap, HeaderValue, ACCEPT, CONTENT_TYPE};
use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpRequest, HttpResponse, Responder, ResponseError};
use bytes::Bytes;

#[cfg(feature = "msgpack")]
pub use crate::web::MsgPack;
use crate::web::{self, encode_failure, DecodeOptions, PROBLEM_TYPE};
pub use crate::web::{
    BodyBytes, EncodeFailure, Format, Json, JsonArrayResponse, JsonLinesResponse, Negotiated, OkItems, Problem,
    Rejection,
};
use crate::{json, DecodeOwned, Encode};

/// What the extractors of a body return: actix-web runs them on one thread.
type BodyFuture<T> = Pin<Box<dyn Future<Output = Result<T, Rejection>>>>;

/// The request's `Content-Type`, if it has one, as text if it is text.
fn content_type(headers: &HeaderMap) -> Option<Result<&str, ()>> {
    headers.get(CONTENT_TYPE).map(|v| v.to_str().map_err(drop))
}

/// The format the request's `Accept` header asks for, `tie` where it leaves the choice.
fn accepted_format(headers: &HeaderMap, tie: Format) -> Result<Format, Rejection> {
    web::accepted_format(headers.get_all(ACCEPT).filter_map(|v| v.to_str().ok()), tie)
}

/// Checks the request's format against `accepted`, then reads its body within the limit and
/// makes the extractor's value of it with `finish`, in one boxed future.
fn read_body<T: 'static>(
    req: &HttpRequest,
    payload: &mut Payload,
    accepted: &[Format],
    finish: impl FnOnce(BodyBytes) -> Result<T, Rejection> + 'static,
) -> BodyFuture<T> {
    let format = match web::content_format(content_type(req.headers()), accepted) {
        Ok(format) => format,
        Err(rejection) => return Box::pin(ready(Err(rejection))),
    };
    let options = DecodeOptions {
        json: req.app_data::<json::Options>().cloned(),
        #[cfg(feature = "msgpack")]
        msgpack: req.app_data::<crate::msgpack::Options>().cloned(),
    };
    let bytes = Bytes::from_request(req, payload);
    Box::pin(async move {
        let bytes =
            bytes.await.map_err(|e| Rejection::body(e.as_response_error().status_code().as_u16(), e.to_string()))?;
        finish(BodyBytes { bytes, format, options })
    })
}

/// `value` encoded in `format`, or the 500 answer.
fn respond<T: Encode + ?Sized>(format: Format, value: &T) -> HttpResponse {
    match format.encode(value) {
        Ok(body) => {
            HttpResponse::Ok().insert_header((CONTENT_TYPE, HeaderValue::from_static(format.media_type()))).body(body)
        }
        Err(e) => {
            let (problem, failure) = encode_failure(e);
            let mut response = problem_response(&problem);
            response.extensions_mut().insert(failure);
            response
        }
    }
}

fn problem_response(problem: &Problem) -> HttpResponse {
    let status = StatusCode::from_u16(problem.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    HttpResponse::build(status)
        .insert_header((CONTENT_TYPE, HeaderValue::from_static(PROBLEM_TYPE)))
        .body(problem.to_json())
}

/// The extractor and responder of a wrapper that takes and answers one format.
macro_rules! one_format {
    ($wrapper:ident, $format:expr) => {
        impl<T: DecodeOwned + 'static> FromRequest for $wrapper<T> {
            type Error = Rejection;
            type Future = BodyFuture<Self>;

            fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
                read_body(req, payload, &[$format], |body| body.decode().map($wrapper))
            }
        }

        impl<T: Encode> Responder for $wrapper<T> {
            type Body = BoxBody;

            fn respond_to(self, _: &HttpRequest) -> HttpResponse {
                respond($format, &self.0)
            }
        }
    };
}

one_format!(Json, Format::Json);
#[cfg(feature = "msgpack")]
one_format!(MsgPack, Format::MsgPack);

impl FromRequest for BodyBytes {
    type Error = Rejection;
    type Future = BodyFuture<Self>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        read_body(req, payload, &Format::ALL, Ok)
    }
}

impl FromRequest for Format {
    type Error = Rejection;
    type Future = Ready<Result<Format, Rejection>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(accepted_format(req.headers(), Format::Json))
    }
}

impl<T: DecodeOwned + 'static> FromRequest for Negotiated<T> {
    type Error = Rejection;
    type Future = BodyFuture<Self>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        // The answer's format is settled first: a request that cannot be answered is
        // refused before its body is read.
        let tie = web::content_format(content_type(req.headers()), &Format::ALL).unwrap_or(Format::Json);
        let format = match accepted_format(req.headers(), tie) {
            Ok(format) => format,
            Err(rejection) => return Box::pin(ready(Err(rejection))),
        };
        read_body(req, payload, &Format::ALL, move |body| Ok(Negotiated { value: body.decode()?, format }))
    }
}

impl<T: Encode> Responder for Negotiated<T> {
    type Body = BoxBody;

    fn respond_to(self, _: &HttpRequest) -> HttpResponse {
        respond(self.format, &self.value)
    }
}

impl ResponseError for Rejection {
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    fn error_response(&self) -> HttpResponse {
        problem_response(&self.problem())
    }
}

impl Responder for Problem {
    type Body = BoxBody;

    fn respond_to(self, _: &HttpRequest) -> HttpResponse {
        problem_response(&self)
    }
}

/// A JSON Lines request body as a `Stream` of `Result<T>`, one per line while the lines
/// arrive: [`web::JsonLines`] over actix-web's payload. actix-web sets no limit on a
/// streamed payload (its `PayloadConfig` limit applies to the bodies it buffers): each
/// line is bounded by [`json::Options::max_value_len`] and memory by the longest line,
/// and a server that must bound the whole upload counts the items, or sets a timeout.
pub type JsonLines<T> = web::JsonLines<T, Payload>;

impl<T: DecodeOwned + 'static> FromRequest for web::JsonLines<T, Payload> {
    type Error = Rejection;
    type Future = Ready<Result<Self, Rejection>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        ready(web::json_lines_content(content_type(req.headers())).map(|()| {
            let options = req.app_data::<json::Options>().cloned().unwrap_or_default();
            web::JsonLines::new(payload.take(), &options)
        }))
    }
}

/// The responder of a stream of values: `200 OK` with its `Content-Type`, the body sent
/// while it is made.
macro_rules! streamed_response {
    ($($response:ident),*) => {$(
        impl<S, T, E> Responder for $response<S>
        where
            S: futures_core::Stream<Item = Result<T, E>> + 'static,
            T: Encode,
            E: Into<Box<dyn std::error::Error + Send + Sync>>,
        {
            type Body = BoxBody;

            fn respond_to(self, _: &HttpRequest) -> HttpResponse {
                HttpResponse::Ok()
                    .insert_header((CONTENT_TYPE, HeaderValue::from_static(Self::MEDIA_TYPE)))
                    .streaming(self.into_body())
            }
        }
    )*};
}

streamed_response!(JsonLinesResponse, JsonArrayResponse);
