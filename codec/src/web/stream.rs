//! Streamed bodies: a JSON Lines request read as a [`Stream`] of values while its lines
//! arrive ([`JsonLines`]), and a response written from a [`Stream`] of values as JSON
//! Lines ([`JsonLinesResponse`]) or as one JSON array ([`JsonArrayResponse`]), sent while
//! it is made. Both run on the async streams of [`codec::json`](crate::json): the request
//! body is an [`AsyncSource`](crate::io::AsyncSource) through [`Chunks`], the response
//! encodes as [`json::write_lines_async`](crate::json::write_lines_async) does.

use core::convert::Infallible;
use core::fmt;
use core::pin::Pin;
use core::task::{Context, Poll};

use bytes::Bytes;
use futures_core::Stream;

use crate::error::Result;
use crate::io::{Chunks, ItemEncoder};
use crate::json::{self, Elems, EncodeOptions, Lines, ValueStream};
use crate::{DecodeOwned, Encode};

/// A JSON Lines (NDJSON) request body, as a [`Stream`] of one `Result<T>` per line while
/// the lines arrive: `codec::axum::JsonLines<T>` and `codec::actix_web::JsonLines<T>` are
/// this over their framework's body.
///
/// The extractor takes a request whose `Content-Type` is `application/jsonl`,
/// `application/x-ndjson` (or `application/ndjson`, `application/x-jsonlines`,
/// `application/jsonlines`) and answers 415 otherwise. The body is then read as
/// [`json::iter_values_async`] reads, in the memory of the longest line plus the buffer:
/// a line that does not decode is one error item (with its item number, line, column
/// and path) and the lines after it still come; a body that fails to arrive (the
/// connection drops, a body limit is reached) ends the stream with that error as its
/// last item. The request's [`json::Options`] (an axum `Extension`, actix-web app data)
/// bound each line ([`json::Options::max_value_len`], depth) and size the buffer.
///
/// ```
/// # #[cfg(feature = "axum")] {
/// use codec::axum::JsonLines;
/// use futures::StreamExt;
///
/// #[derive(codec::Codec)]
/// struct Event { id: u64, kind: String }
///
/// /// Counts the events of an upload, and the lines that were not events.
/// async fn ingest(mut events: JsonLines<Event>) -> String {
///     let (mut good, mut bad) = (0, 0);
///     while let Some(event) = events.next().await {
///         match event {
///             Ok(_event) => good += 1,
///             Err(_error) => bad += 1, // `_error.line()`, `_error.path()`: where and what
///         }
///     }
///     format!("{good} events, {bad} bad lines")
/// }
/// # let _: axum::Router = axum::Router::new().route("/", axum::routing::post(ingest));
/// # }
/// ```
///
/// [`json::iter_values_async`]: crate::json::iter_values_async
pub struct JsonLines<T, S> {
    values: ValueStream<Chunks<S, Bytes>, T>,
}

impl<T, S> JsonLines<T, S> {
    /// The lines of `body`, each decoded as `options` say.
    pub(crate) fn new<E>(body: S, options: &json::Options) -> Self
    where
        T: DecodeOwned,
        S: Stream<Item = core::result::Result<Bytes, E>> + Unpin,
        E: Into<Box<dyn std::error::Error + Send + Sync>>,
    {
        JsonLines { values: json::iter_values_async_with(Chunks::new(body), options) }
    }
}

impl<T, S> fmt::Debug for JsonLines<T, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("JsonLines").finish_non_exhaustive()
    }
}

impl<T, S, E> Stream for JsonLines<T, S>
where
    T: DecodeOwned,
    S: Stream<Item = core::result::Result<Bytes, E>> + Unpin,
    E: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    type Item = Result<T>;

    #[inline]
    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<T>>> {
        Pin::new(&mut self.get_mut().values).poll_next(cx)
    }
}

/// The error that cuts a streamed response body short: the items' own error, or an item
/// that did not encode. The framework ends the response there (hyper and actix-web close
/// the connection without the last chunk), so the client sees a truncated body, not a
/// complete one.
#[derive(Debug)]
pub(crate) struct BodyError(Box<dyn std::error::Error + Send + Sync>);

impl fmt::Display for BodyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the streamed response body failed: {}", self.0)
    }
}

impl std::error::Error for BodyError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&*self.0)
    }
}

/// A stream of values as a stream of `Ok` values, for the responses made with `new`.
pub struct OkItems<S>(Pin<Box<S>>);

impl<S: Stream> Stream for OkItems<S> {
    type Item = core::result::Result<S::Item, Infallible>;

    #[inline]
    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.get_mut().0.as_mut().poll_next(cx).map(|next| next.map(Ok))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl<S> fmt::Debug for OkItems<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("OkItems")
    }
}

/// How much a streamed body gathers before it hands a chunk to the framework, while the
/// items keep coming without a wait: a chunk per item would be a write (and a chunked
/// frame) per item, a larger one holds bytes back from a client that reads as they come.
const CHUNK: usize = 8 << 10;

/// A response body made of the items of `items` as `encoder` encodes them, in chunks of
/// about [`CHUNK`] bytes, and at once whatever is made when `items` has nothing ready.
pub(crate) struct EncodedBody<S, C> {
    items: Pin<Box<S>>,
    encoder: C,
    buf: Vec<u8>,
    /// The error to end with, after the bytes made before it.
    failed: Option<BodyError>,
    /// The body waited once since `failed` was set.
    yielded: bool,
    done: bool,
}

impl<S, C> EncodedBody<S, C> {
    fn new(items: S, encoder: C) -> Self {
        EncodedBody { items: Box::pin(items), encoder, buf: Vec::new(), failed: None, yielded: false, done: false }
    }

    fn take(&mut self) -> Bytes {
        Bytes::from(core::mem::replace(&mut self.buf, Vec::with_capacity(CHUNK)))
    }
}

impl<S, T, E, C> EncodedBody<S, C>
where
    S: Stream<Item = core::result::Result<T, E>>,
    C: ItemEncoder<T>,
{
    /// Ends the body with `error`, after what was made before it (unless nothing may be
    /// sent before the end).
    #[cold]
    fn fail(&mut self, error: BodyError) -> Poll<Option<core::result::Result<Bytes, BodyError>>> {
        self.done = true;
        if self.buf.is_empty() || self.encoder.holds() {
            return Poll::Ready(Some(Err(error)));
        }
        self.failed = Some(error);
        Poll::Ready(Some(Ok(self.take())))
    }
}

impl<S, T, E, C> Stream for EncodedBody<S, C>
where
    S: Stream<Item = core::result::Result<T, E>>,
    E: Into<Box<dyn std::error::Error + Send + Sync>>,
    C: ItemEncoder<T> + Unpin,
{
    type Item = core::result::Result<Bytes, BodyError>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        if let Some(error) = this.failed.take() {
            if !this.yielded {
                // One `Pending` between the last bytes and the error: the server flushes
                // what it holds when the body waits, and drops it with the connection
                // when the body fails, so without it the client may never get the bytes
                // made before the failure.
                this.yielded = true;
                this.failed = Some(error);
                cx.waker().wake_by_ref();
                return Poll::Pending;
            }
            return Poll::Ready(Some(Err(error)));
        }
        if this.done {
            return Poll::Ready(None);
        }
        loop {
            match this.items.as_mut().poll_next(cx) {
                Poll::Pending => {
                    // Nothing more for now: what is made goes out before the wait.
                    if this.buf.is_empty() || this.encoder.holds() {
                        return Poll::Pending;
                    }
                    return Poll::Ready(Some(Ok(this.take())));
                }
                Poll::Ready(Some(Ok(item))) => {
                    let mark = this.buf.len();
                    if let Err(e) = this.encoder.encode(&item, &mut this.buf) {
                        // The items before it are sent, none of it.
                        this.buf.truncate(mark);
                        return this.fail(BodyError(Box::new(e)));
                    }
                    if !this.encoder.holds() && this.buf.len() >= CHUNK {
                        return Poll::Ready(Some(Ok(this.take())));
                    }
                }
                Poll::Ready(Some(Err(e))) => return this.fail(BodyError(e.into())),
                Poll::Ready(None) => {
                    this.done = true;
                    if let Err(e) = this.encoder.end(&mut this.buf) {
                        return Poll::Ready(Some(Err(BodyError(Box::new(e)))));
                    }
                    return Poll::Ready(Some(Ok(this.take())));
                }
            }
        }
    }
}

macro_rules! streamed_response {
    ($(#[$doc:meta])* $name:ident, $encoder:ident, $media_type:literal) => {
        $(#[$doc])*
        pub struct $name<S> {
            items: S,
            options: EncodeOptions,
        }

        impl<S> $name<OkItems<S>>
        where
            S: Stream,
            S::Item: Encode,
        {
            /// The response of the values of `items`.
            pub fn new(items: S) -> Self {
                $name { items: OkItems(Box::pin(items)), options: EncodeOptions::default() }
            }
        }

        impl<S, T, E> $name<S>
        where
            S: Stream<Item = core::result::Result<T, E>>,
            T: Encode,
            E: Into<Box<dyn std::error::Error + Send + Sync>>,
        {
            /// The response of the `Ok` values of `items` (rows from a database, say),
            /// cut short at the first `Err`: the client gets the values before it and
            /// then a broken body (the connection is closed before the body's end), never
            /// a complete-looking one.
            pub fn try_new(items: S) -> Self {
                $name { items, options: EncodeOptions::default() }
            }
        }

        impl<S> $name<S> {
            /// The `Content-Type` of the response.
            pub const MEDIA_TYPE: &'static str = $media_type;

            /// Encodes as `options` say (non-finite floats, shared references).
            pub fn with_options(mut self, options: EncodeOptions) -> Self {
                self.options = options;
                self
            }

            /// The body's stream of chunks, for the framework.
            pub(crate) fn into_body(self) -> EncodedBody<S, $encoder<EncodeOptions>> {
                EncodedBody::new(self.items, $encoder::new(self.options))
            }
        }

        impl<S> fmt::Debug for $name<S> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($name)).field("options", &self.options).finish_non_exhaustive()
            }
        }
    };
}

streamed_response! {
    /// A response of JSON Lines (`Content-Type: application/x-ndjson`) from a [`Stream`] of
    /// values, each compact on its line, sent while the stream makes them: the bytes go to
    /// the client in chunks of about 8 KiB while values are ready, and at once when the
    /// stream has to wait, so each value of a slow stream (an event feed) reaches the
    /// client as soon as it is made. The server holds one chunk, not the response; a
    /// client that reads slowly slows the stream down.
    ///
    /// A value that does not encode (a NaN where the options refuse it) ends the body
    /// after the lines before it, as an `Err` of a [`try_new`](Self::try_new) stream does:
    /// the status line (200) is sent by then, so the response is cut short (the client
    /// sees the connection end without the body's end) rather than changed into an error.
    ///
    /// ```
    /// # #[cfg(feature = "axum")] {
    /// use codec::axum::JsonLinesResponse;
    ///
    /// #[derive(codec::Codec)]
    /// struct Event { id: u64 }
    ///
    /// async fn export() -> JsonLinesResponse<impl futures::Stream<Item = Result<Event, std::convert::Infallible>>> {
    ///     JsonLinesResponse::new(futures::stream::iter((0..100_000).map(|id| Event { id })))
    /// }
    /// # let _: axum::Router = axum::Router::new().route("/", axum::routing::get(export));
    /// # }
    /// ```
    JsonLinesResponse, Lines, "application/x-ndjson"
}

streamed_response! {
    /// A response of one JSON array (`Content-Type: application/json`) from a [`Stream`]
    /// of values, the bytes [`json::to_vec`](crate::json::to_vec) makes of a `Vec` of
    /// them, sent while the stream makes them as [`JsonLinesResponse`] sends its lines.
    /// With [`EncodeOptions::preserve_refs`] the array is one document whose ids go in
    /// once it is complete: it is then made whole before it is sent.
    ///
    /// ```
    /// # #[cfg(feature = "actix-web")] {
    /// use codec::actix_web::JsonArrayResponse;
    ///
    /// async fn squares() -> JsonArrayResponse<impl futures::Stream<Item = Result<u64, std::convert::Infallible>>> {
    ///     JsonArrayResponse::new(futures::stream::iter((1..=1000u64).map(|i| i * i)))
    /// }
    /// # let _ = actix_web::App::new().route("/", actix_web::web::get().to(squares));
    /// # }
    /// ```
    JsonArrayResponse, Elems, "application/json"
}
