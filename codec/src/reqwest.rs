//! reqwest requests and responses in codec's formats, without serde (feature `reqwest`).
//!
//! [`RequestBuilderExt`] adds a body to a request, [`ResponseExt`] decodes a response:
//!
//! | serde, through reqwest | codec |
//! |---|---|
//! | `request.json(&body)` | `request.codec_json(&body)?` |
//! | `response.json::<T>().await` | `response.codec_json::<T>().await` |
//! | | `request.codec_msgpack(&body)?`, `response.codec_msgpack::<T>().await` |
//! | | `response.codec_json_lines::<T>()`: a `Stream` of `Result<T>`, one per line |
//!
//! The request's body is encoded at once, so an encode error is the `?` of that line,
//! not a late one from `send`. A response body is read up to
//! [`Options::max_value_len`](crate::json::Options::max_value_len) (64 MiB unless set with
//! the `_with` forms): a larger one is a [`SizeLimit`](crate::ErrorKind::SizeLimit) error,
//! not memory without bound. Decoding errors keep their position and path.
//!
//! ```no_run
//! use codec::reqwest::{RequestBuilderExt, ResponseExt};
//!
//! #[derive(codec::Codec)]
//! struct NewUser { name: String }
//! #[derive(codec::Codec, Debug)]
//! struct User { id: u64, name: String }
//!
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! let client = reqwest::Client::new();
//! let user: User = client
//!     .post("http://127.0.0.1:3000/users")
//!     .codec_json(&NewUser { name: "ada".into() })?
//!     .send()
//!     .await?
//!     .error_for_status()?
//!     .codec_json()
//!     .await?;
//! # Ok(()) }
//! ```

use std::fmt;
use std::future::Future;

use http::header::{HeaderMap, HeaderValue, CONTENT_TYPE};
use reqwest::{RequestBuilder, Response};

use futures_core::Stream;

use crate::error::{Error, ErrorKind};
use crate::io::Chunks;
use crate::{json, DecodeOwned, Encode};

/// Bodies in codec's formats for a [`reqwest::RequestBuilder`].
pub trait RequestBuilderExt: Sized {
    /// Encodes `body` as JSON for the request's body, with `Content-Type: application/json`
    /// (replacing one set before).
    ///
    /// ```
    /// use codec::reqwest::RequestBuilderExt;
    ///
    /// let request = reqwest::Client::new()
    ///     .post("http://127.0.0.1:3000/points")
    ///     .codec_json(&[1, 2, 3])?
    ///     .build()?;
    /// assert_eq!(request.headers()["content-type"], "application/json");
    /// assert_eq!(request.body().unwrap().as_bytes(), Some(&b"[1,2,3]"[..]));
    /// assert!(reqwest::Client::new().post("http://x").codec_json(&f64::NAN).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn codec_json<T: Encode + ?Sized>(self, body: &T) -> Result<Self, Error>;

    /// Encodes `body` as MessagePack for the request's body, with
    /// `Content-Type: application/msgpack`.
    ///
    /// ```
    /// use codec::reqwest::RequestBuilderExt;
    ///
    /// let request = reqwest::Client::new().post("http://127.0.0.1:3000/").codec_msgpack(&7u8)?.build()?;
    /// assert_eq!(request.headers()["content-type"], "application/msgpack");
    /// assert_eq!(request.body().unwrap().as_bytes(), Some(&[7u8][..]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "msgpack")]
    fn codec_msgpack<T: Encode + ?Sized>(self, body: &T) -> Result<Self, Error>;
}

impl RequestBuilderExt for RequestBuilder {
    fn codec_json<T: Encode + ?Sized>(self, body: &T) -> Result<Self, Error> {
        Ok(with_body(self, json::to_vec(body)?, "application/json"))
    }

    #[cfg(feature = "msgpack")]
    fn codec_msgpack<T: Encode + ?Sized>(self, body: &T) -> Result<Self, Error> {
        Ok(with_body(self, crate::msgpack::to_vec(body)?, "application/msgpack"))
    }
}

fn with_body(request: RequestBuilder, body: Vec<u8>, media_type: &'static str) -> RequestBuilder {
    // `headers` replaces a header of the same name; `header` would add a second one.
    let mut headers = HeaderMap::new();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(media_type));
    request.headers(headers).body(body)
}

/// Decoding a [`reqwest::Response`]'s body with codec.
///
/// The futures are `Send`, for a multi-threaded runtime's tasks.
pub trait ResponseExt: Sized {
    /// Reads the body (at most 64 MiB) and decodes it as JSON into `T`.
    fn codec_json<T: DecodeOwned>(self) -> impl Future<Output = Result<T, ResponseError>> + Send {
        self.codec_json_with(json::Options::new())
    }

    /// [`codec_json`](Self::codec_json) with the decoder's [`json::Options`], whose
    /// [`max_value_len`](json::Options::max_value_len) bounds the body.
    fn codec_json_with<T: DecodeOwned>(
        self,
        options: json::Options,
    ) -> impl Future<Output = Result<T, ResponseError>> + Send;

    /// The body as JSON Lines (NDJSON): a `Stream` of one `Result<T>` per line while the
    /// lines arrive, as [`json::iter_values_async`] reads them, in the memory of the
    /// longest line plus the buffer. A line that does not decode is one error item and
    /// the lines after it still come; a transfer that fails ends the stream with that
    /// error (its source the [`reqwest::Error`]).
    ///
    /// ```no_run
    /// use codec::reqwest::ResponseExt;
    /// use futures::StreamExt;
    ///
    /// #[derive(codec::Codec)]
    /// struct Event { id: u64 }
    ///
    /// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// let response = reqwest::get("http://127.0.0.1:3000/events").await?.error_for_status()?;
    /// let mut events = response.codec_json_lines::<Event>();
    /// while let Some(event) = events.next().await {
    ///     println!("{}", event?.id);
    /// }
    /// # Ok(()) }
    /// ```
    fn codec_json_lines<T: DecodeOwned>(self) -> impl Stream<Item = Result<T, Error>> + Send + Unpin {
        self.codec_json_lines_with(json::Options::new())
    }

    /// [`codec_json_lines`](Self::codec_json_lines) with the decoder's [`json::Options`]
    /// (each line's limits, the buffer size).
    fn codec_json_lines_with<T: DecodeOwned>(
        self,
        options: json::Options,
    ) -> impl Stream<Item = Result<T, Error>> + Send + Unpin;

    /// Reads the body (at most 64 MiB) and decodes it as MessagePack into `T`.
    #[cfg(feature = "msgpack")]
    fn codec_msgpack<T: DecodeOwned>(self) -> impl Future<Output = Result<T, ResponseError>> + Send {
        self.codec_msgpack_with(crate::msgpack::Options::new())
    }

    /// [`codec_msgpack`](Self::codec_msgpack) with the decoder's options.
    #[cfg(feature = "msgpack")]
    fn codec_msgpack_with<T: DecodeOwned>(
        self,
        options: crate::msgpack::Options,
    ) -> impl Future<Output = Result<T, ResponseError>> + Send;
}

impl ResponseExt for Response {
    async fn codec_json_with<T: DecodeOwned>(self, options: json::Options) -> Result<T, ResponseError> {
        let body = read_body(self, options.max_value_len).await?;
        json::from_slice_with(&body, &options).map_err(ResponseError::Decode)
    }

    fn codec_json_lines_with<T: DecodeOwned>(
        self,
        options: json::Options,
    ) -> impl Stream<Item = Result<T, Error>> + Send + Unpin {
        json::iter_values_async_with(Chunks::new(Box::pin(self.bytes_stream())), &options)
    }

    #[cfg(feature = "msgpack")]
    async fn codec_msgpack_with<T: DecodeOwned>(self, options: crate::msgpack::Options) -> Result<T, ResponseError> {
        let body = read_body(self, options.max_value_len).await?;
        crate::msgpack::from_slice_with(&body, &options).map_err(ResponseError::Decode)
    }
}

/// The body, read chunk by chunk up to `limit` bytes. One chunk (the whole body of a
/// small response) is taken as it is; more are gathered into one buffer, sized from
/// `Content-Length` when the server sent one within the limit.
async fn read_body(mut response: Response, limit: usize) -> Result<bytes::Bytes, ResponseError> {
    let too_large = |at: usize| {
        let message = format!("the response body is longer than the limit of {limit} bytes");
        ResponseError::Decode(Error::new(ErrorKind::SizeLimit(message.into()), at))
    };
    let expected = response.content_length().and_then(|n| usize::try_from(n).ok());
    if expected.is_some_and(|n| n > limit) {
        return Err(too_large(limit));
    }
    let Some(first) = response.chunk().await.map_err(ResponseError::Http)? else {
        return Ok(bytes::Bytes::new());
    };
    if first.len() > limit {
        return Err(too_large(limit));
    }
    let Some(second) = response.chunk().await.map_err(ResponseError::Http)? else {
        return Ok(first);
    };
    let mut body = Vec::with_capacity(expected.unwrap_or(0).max(first.len() + second.len()));
    body.extend_from_slice(&first);
    let mut next = Some(second);
    while let Some(chunk) = next {
        if body.len() + chunk.len() > limit {
            return Err(too_large(limit));
        }
        body.extend_from_slice(&chunk);
        next = response.chunk().await.map_err(ResponseError::Http)?;
    }
    Ok(body.into())
}

/// Why a response's body did not decode: the transfer failed, or the bytes are not a `T`.
#[derive(Debug)]
#[non_exhaustive]
pub enum ResponseError {
    /// Reading the body failed (the connection, a timeout, ...).
    Http(reqwest::Error),
    /// The body is not a well-formed document of the type asked for, or is over the
    /// limit: the error says where.
    Decode(Error),
}

impl ResponseError {
    /// The decoder's error, if that is what it is.
    pub fn decode_error(&self) -> Option<&Error> {
        match self {
            ResponseError::Decode(e) => Some(e),
            ResponseError::Http(_) => None,
        }
    }
}

impl fmt::Display for ResponseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResponseError::Http(e) => write!(f, "reading the response failed: {e}"),
            ResponseError::Decode(e) => write!(f, "decoding the response failed: {e}"),
        }
    }
}

impl std::error::Error for ResponseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ResponseError::Http(e) => Some(e),
            ResponseError::Decode(e) => Some(e),
        }
    }
}
