//! Streamed bodies against real servers on 127.0.0.1, driven by a real client (reqwest):
//! a JSON Lines upload read by `codec::axum::JsonLines` and `codec::actix_web::JsonLines`,
//! a download written by `JsonLinesResponse` / `JsonArrayResponse` and read back by
//! `codec::reqwest::ResponseExt::codec_json_lines`, both at 100,000 lines in bounded
//! memory, plus the error items, the 415, the body limit and the cut-short body.
//!
//! The peak memory of a transfer is counted over the whole process (server, client and
//! runtimes: each framework runs its server on threads of its own), so the tests of this
//! file run one at a time, under `SERIAL`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicIsize, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::Duration;

use codec::reqwest::ResponseExt;
use codec::Codec;
use futures::{Stream, StreamExt};
use reqwest::StatusCode;

// ---- the peak of live heap, over every thread ----

struct PeakCounting;

static LIVE: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);

fn grew(by: usize) {
    let now = LIVE.fetch_add(by as isize, Ordering::Relaxed) + by as isize;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every call is forwarded to `System` unchanged; the counters are only atomics
// that are read and written beside it.
unsafe impl GlobalAlloc for PeakCounting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as received.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: forwarded as received.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as received.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded as received.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
            grew(new_size);
        }
        p
    }
}

#[global_allocator]
static GLOBAL: PeakCounting = PeakCounting;

/// The most bytes live at once in the process while `f` ran, above what was live when
/// it started.
async fn peak_during<R>(f: impl std::future::Future<Output = R>) -> (R, usize) {
    let start = LIVE.load(Ordering::Relaxed);
    PEAK.store(start, Ordering::Relaxed);
    let r = f.await;
    (r, (PEAK.load(Ordering::Relaxed) - start).max(0) as usize)
}

static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

/// What a streamed transfer of 100,000 lines (6.4 MB) may hold at once, servers and
/// client together: the body buffered whole would be over three times as much.
const PEAK_LIMIT: usize = 2 << 20;
const LINES: u64 = 100_000;

// ---- the types and the handlers both frameworks serve ----

#[derive(Codec, Debug, PartialEq, Clone)]
struct Event {
    id: u64,
    kind: String,
    user: String,
    score: f64,
}

fn event(id: u64) -> Event {
    let kind = ["click", "view", "purchase"][(id % 3) as usize];
    Event { id, kind: kind.into(), user: format!("user-{}", id * 7919 % 10_007), score: id as f64 / 8.0 }
}

/// What kind of error an item is, in a word.
fn kind(e: &codec::Error) -> &'static str {
    if e.io_kind().is_some() {
        "io"
    } else if e.is_input_error() {
        "input"
    } else {
        "shape"
    }
}

/// What `/ingest` answers: the count and id sum of the good lines, and each bad line's
/// item number, line and path.
fn summary(results: Vec<codec::Result<Event>>) -> String {
    let (mut good, mut sum, mut bad) = (0u64, 0u64, Vec::new());
    for (i, result) in results.into_iter().enumerate() {
        match result {
            Ok(e) => {
                good += 1;
                sum += e.id;
            }
            Err(e) => bad.push(format!("{i}:{:?}:{:?}:{}:{}", e.item(), e.line(), e.path(), kind(&e))),
        }
    }
    format!("{good} {sum} [{}]", bad.join(" "))
}

/// Reads the upload line by line, keeping only running totals (not the events), so the
/// server's memory is the stream's own.
async fn ingest_totals<S: Stream<Item = codec::Result<Event>> + Unpin>(mut events: S) -> String {
    let (mut good, mut sum, mut bad) = (0u64, 0u64, Vec::new());
    let mut i = 0;
    while let Some(result) = events.next().await {
        match result {
            Ok(e) => {
                good += 1;
                sum += e.id;
            }
            Err(e) => bad.push(format!("{i}:{:?}:{:?}:{}:{}", e.item(), e.line(), e.path(), kind(&e))),
        }
        i += 1;
    }
    format!("{good} {sum} [{}]", bad.join(" "))
}

fn export_events() -> impl Stream<Item = Event> + Send + 'static {
    futures::stream::iter((0..LINES).map(event))
}

fn nan_items() -> impl Stream<Item = f64> + Send + 'static {
    futures::stream::iter([1.0, 2.0, f64::NAN, 4.0])
}

fn failing_rows() -> impl Stream<Item = Result<u32, std::io::Error>> + Send + 'static {
    futures::stream::iter([Ok(1), Ok(2), Err(std::io::Error::other("the database went away")), Ok(4)])
}

/// One item, then nothing until the client has read it and opened the gate.
struct Gated {
    first: bool,
    gate: tokio::sync::mpsc::UnboundedReceiver<u32>,
}

impl Stream for Gated {
    type Item = u32;
    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<u32>> {
        if std::mem::take(&mut self.first) {
            return Poll::Ready(Some(1));
        }
        self.gate.poll_recv(cx)
    }
}

type GateSender = std::sync::Arc<Mutex<Option<tokio::sync::mpsc::UnboundedSender<u32>>>>;

// ---- the servers ----

mod axum_server {
    use super::*;
    use axum::extract::DefaultBodyLimit;
    use axum::routing::{get, post};
    use axum::{Extension, Router};
    use codec::axum::{JsonArrayResponse, JsonLines, JsonLinesResponse, OkItems};

    async fn ingest(events: JsonLines<Event>) -> String {
        ingest_totals(events).await
    }
    async fn ingest_all(events: JsonLines<Event>) -> String {
        summary(events.collect().await)
    }
    async fn export() -> JsonLinesResponse<OkItems<impl Stream<Item = Event>>> {
        JsonLinesResponse::new(export_events())
    }
    async fn array(Extension(n): Extension<u64>) -> JsonArrayResponse<OkItems<impl Stream<Item = Event>>> {
        JsonArrayResponse::new(futures::stream::iter((0..n).map(event)))
    }
    async fn nan() -> JsonLinesResponse<OkItems<impl Stream<Item = f64>>> {
        JsonLinesResponse::new(nan_items())
    }
    async fn rows() -> JsonArrayResponse<impl Stream<Item = Result<u32, std::io::Error>>> {
        JsonArrayResponse::try_new(failing_rows())
    }
    async fn gated(Extension(gate): Extension<GateSender>) -> JsonLinesResponse<OkItems<Gated>> {
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        *gate.lock().unwrap() = Some(tx);
        JsonLinesResponse::new(Gated { first: true, gate: rx })
    }

    pub async fn serve(gate: GateSender) -> SocketAddr {
        let app = Router::new()
            .route("/ingest", post(ingest).layer(DefaultBodyLimit::disable()))
            .route("/ingest-all", post(ingest_all))
            .route("/ingest-small", post(ingest_all).layer(DefaultBodyLimit::max(100)))
            .route("/export", get(export))
            .route("/array", get(array).layer(Extension(3u64)))
            .route("/empty", get(array).layer(Extension(0u64)))
            .route("/nan", get(nan))
            .route("/rows", get(rows))
            .route("/gated", get(gated).layer(Extension(gate)));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind 127.0.0.1:0");
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await.expect("the test server failed") });
        addr
    }
}

mod actix_server {
    use super::*;
    use actix_web::web::{get, post, Data};
    use actix_web::{App, HttpServer};
    use codec::actix_web::{JsonArrayResponse, JsonLines, JsonLinesResponse, OkItems};

    async fn ingest(events: JsonLines<Event>) -> String {
        ingest_totals(events).await
    }
    async fn ingest_all(events: JsonLines<Event>) -> String {
        summary(events.collect().await)
    }
    async fn export() -> JsonLinesResponse<OkItems<impl Stream<Item = Event>>> {
        JsonLinesResponse::new(export_events())
    }
    async fn array() -> JsonArrayResponse<OkItems<impl Stream<Item = Event>>> {
        JsonArrayResponse::new(futures::stream::iter((0..3).map(event)))
    }
    async fn empty() -> JsonArrayResponse<OkItems<impl Stream<Item = Event>>> {
        JsonArrayResponse::new(futures::stream::iter((0..0).map(event)))
    }
    async fn nan() -> JsonLinesResponse<OkItems<impl Stream<Item = f64>>> {
        JsonLinesResponse::new(nan_items())
    }
    async fn rows() -> JsonArrayResponse<impl Stream<Item = Result<u32, std::io::Error>>> {
        JsonArrayResponse::try_new(failing_rows())
    }
    async fn gated(gate: Data<GateSender>) -> JsonLinesResponse<OkItems<Gated>> {
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        *gate.lock().unwrap() = Some(tx);
        JsonLinesResponse::new(Gated { first: true, gate: rx })
    }

    pub fn serve(gate: GateSender) -> SocketAddr {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        let addr = listener.local_addr().unwrap();
        let gate = Data::new(gate);
        let app = move || {
            App::new()
                .app_data(gate.clone())
                .route("/ingest", post().to(ingest))
                .route("/ingest-all", post().to(ingest_all))
                .route("/export", get().to(export))
                .route("/array", get().to(array))
                .route("/empty", get().to(empty))
                .route("/nan", get().to(nan))
                .route("/rows", get().to(rows))
                .route("/gated", get().to(gated))
        };
        std::thread::spawn(move || {
            actix_web::rt::System::new().block_on(async move {
                let server = HttpServer::new(app).workers(1).listen(listener).expect("listen");
                server.run().await.expect("the test server failed")
            })
        });
        addr
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Framework {
    Axum,
    Actix,
}

/// Runs `test` against a fresh server of `framework`, on a runtime of this thread (which
/// also runs the axum server).
fn with_server<F: std::future::Future<Output = ()>>(
    framework: Framework,
    test: impl FnOnce(reqwest::Client, String, GateSender) -> F,
) {
    let _serial = serial();
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let gate = GateSender::default();
    rt.block_on(async {
        let addr = match framework {
            Framework::Axum => axum_server::serve(gate.clone()).await,
            Framework::Actix => actix_server::serve(gate.clone()),
        };
        test(reqwest::Client::new(), format!("http://{addr}"), gate).await;
    });
}

const JSONL: &str = "application/jsonl";

/// `LINES` events as an upload body, made 1,000 lines at a time as the client sends it.
fn upload_body() -> reqwest::Body {
    let chunks = futures::stream::iter((0..LINES / 1000).map(|c| {
        let mut chunk = Vec::with_capacity(80 * 1000);
        for id in c * 1000..(c + 1) * 1000 {
            chunk.extend_from_slice(&codec::json::to_vec(&event(id)).unwrap());
            chunk.push(b'\n');
        }
        Ok::<_, Infallible>(chunk)
    }));
    reqwest::Body::wrap_stream(chunks)
}

// ---- the scenarios ----

async fn upload_of_100k_lines_in_bounded_memory(http: reqwest::Client, base: String, _: GateSender) {
    let (answer, peak) = peak_during(async {
        let response = http
            .post(format!("{base}/ingest"))
            .header("content-type", JSONL)
            .body(upload_body())
            .send()
            .await
            .expect("the upload");
        (response.status(), response.text().await.unwrap())
    })
    .await;
    assert_eq!(answer, (StatusCode::OK, format!("{LINES} {} []", LINES * (LINES - 1) / 2)));
    eprintln!("the upload of {LINES} lines: peak live heap {peak} bytes");
    assert!(peak < PEAK_LIMIT, "the upload of {LINES} lines held {peak} bytes at once (limit {PEAK_LIMIT})");
}

async fn download_of_100k_lines_in_bounded_memory(http: reqwest::Client, base: String, _: GateSender) {
    let ((status, content_type, count), peak) = peak_during(async {
        let response = http.get(format!("{base}/export")).send().await.expect("the download");
        let status = response.status();
        let content_type = response.headers()["content-type"].to_str().unwrap().to_owned();
        let mut events = response.codec_json_lines::<Event>();
        let mut count = 0;
        while let Some(e) = events.next().await {
            assert_eq!(e.expect("a line of the download"), event(count));
            count += 1;
        }
        (status, content_type, count)
    })
    .await;
    assert_eq!((status, content_type.as_str(), count), (StatusCode::OK, "application/x-ndjson", LINES));
    eprintln!("the download of {LINES} lines: peak live heap {peak} bytes");
    assert!(peak < PEAK_LIMIT, "the download of {LINES} lines held {peak} bytes at once (limit {PEAK_LIMIT})");
}

async fn a_bad_line_is_one_error_item(http: reqwest::Client, base: String, _: GateSender) {
    let good = |id| String::from_utf8(codec::json::to_vec(&event(id)).unwrap()).unwrap();
    let body = format!("{}\n{{\"id\": \"two\"}}\n{}\n{{\"id\": 4,]\n{}\n", good(1), good(3), good(5));
    for content_type in [JSONL, "application/x-ndjson", "application/jsonl; charset=utf-8", "application/ndjson"] {
        let response = http
            .post(format!("{base}/ingest-all"))
            .header("content-type", content_type)
            .body(body.clone())
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{content_type}");
        // Line 2 is well-formed but the wrong shape; line 4 is broken syntax, and the
        // reader resumes at the next line.
        let text = response.text().await.unwrap();
        assert_eq!(text, "3 9 [1:Some(1):Some(2):.id:shape 3:Some(3):Some(4)::input]", "{content_type}");
    }
}

async fn a_wrong_content_type_is_415(http: reqwest::Client, base: String, _: GateSender) {
    for content_type in [Some("application/json"), Some("application/jsonl; charset=latin1"), None] {
        let mut request = http.post(format!("{base}/ingest-all")).body("{}\n");
        if let Some(content_type) = content_type {
            request = request.header("content-type", content_type);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE, "{content_type:?}");
        assert_eq!(response.headers()["content-type"], "application/problem+json");
        let text = response.text().await.unwrap();
        assert!(text.contains("expected `application/jsonl` or `application/x-ndjson`"), "{text}");
    }
}

async fn an_array_response_is_the_bytes_of_a_vec(http: reqwest::Client, base: String, _: GateSender) {
    let response = http.get(format!("{base}/array")).send().await.unwrap();
    assert_eq!(response.headers()["content-type"], "application/json");
    let expected = codec::json::to_vec(&(0..3).map(event).collect::<Vec<_>>()).unwrap();
    assert_eq!(response.bytes().await.unwrap(), expected);
    let response = http.get(format!("{base}/empty")).send().await.unwrap();
    assert_eq!(response.bytes().await.unwrap(), "[]");
}

/// Reads a response that must be cut short: the bytes that came, and whether the body
/// ended in an error rather than at its end.
async fn read_cut(http: &reqwest::Client, url: String) -> (StatusCode, Vec<u8>, bool) {
    let mut response = http.get(url).send().await.unwrap();
    let status = response.status();
    let mut got = Vec::new();
    loop {
        match response.chunk().await {
            Ok(Some(chunk)) => got.extend_from_slice(&chunk),
            Ok(None) => return (status, got, false),
            Err(_) => return (status, got, true),
        }
    }
}

async fn an_item_that_does_not_encode_cuts_the_body(_: reqwest::Client, base: String, _: GateSender) {
    // A client each: a connection whose response was cut is closed by the server, and a
    // pooled client could pick it for the next request before it sees that.
    let http = || reqwest::Client::new();
    assert_eq!(read_cut(&http(), format!("{base}/nan")).await, (StatusCode::OK, b"1.0\n2.0\n".to_vec(), true));
    assert_eq!(read_cut(&http(), format!("{base}/rows")).await, (StatusCode::OK, b"[1,2".to_vec(), true));
    // The client's JSON Lines stream: the lines that came, then the failed transfer.
    let response = http().get(format!("{base}/nan")).send().await.unwrap();
    let items: Vec<_> = response.codec_json_lines::<f64>().collect().await;
    assert_eq!(items.len(), 3, "{items:?}");
    assert_eq!((items[0].as_ref().ok(), items[1].as_ref().ok()), (Some(&1.0), Some(&2.0)));
    let error = items[2].as_ref().unwrap_err();
    assert_eq!(kind(error), "io", "{error}");
}

/// Each line goes out as soon as it is made: the client reads the first line while the
/// server's stream is still waiting for the second.
async fn a_waiting_stream_flushes_what_it_made(http: reqwest::Client, base: String, gate: GateSender) {
    let response = http.get(format!("{base}/gated")).send().await.unwrap();
    let mut lines = response.codec_json_lines::<u32>();
    let first = tokio::time::timeout(Duration::from_secs(30), lines.next()).await;
    assert_eq!(first.expect("the first line never came").unwrap().unwrap(), 1);
    let tx = gate.lock().unwrap().take().expect("the handler ran");
    tx.send(2).unwrap();
    assert_eq!(lines.next().await.unwrap().unwrap(), 2);
    drop(tx);
    assert!(lines.next().await.is_none());
}

macro_rules! both {
    ($($scenario:ident),* $(,)?) => {
        mod on_axum {
            $(#[test] fn $scenario() { super::with_server(super::Framework::Axum, super::$scenario) })*
        }
        mod on_actix_web {
            $(#[test] fn $scenario() { super::with_server(super::Framework::Actix, super::$scenario) })*
        }
    };
}

both!(
    upload_of_100k_lines_in_bounded_memory,
    download_of_100k_lines_in_bounded_memory,
    a_bad_line_is_one_error_item,
    a_wrong_content_type_is_415,
    an_array_response_is_the_bytes_of_a_vec,
    an_item_that_does_not_encode_cuts_the_body,
    a_waiting_stream_flushes_what_it_made,
);

/// axum's body limit ends the stream of lines with the read failure, after the lines
/// that fit.
#[test]
fn axum_body_limit_is_the_last_error_item() {
    with_server(Framework::Axum, |http, base, _| async move {
        // Three lines of about 70 bytes, each a chunk of its own, over a limit of 100.
        let lines = (1..=3).map(|id| {
            let mut line = codec::json::to_vec(&event(id)).unwrap();
            line.push(b'\n');
            Ok::<_, Infallible>(line)
        });
        let body = reqwest::Body::wrap_stream(futures::stream::iter(lines.collect::<Vec<_>>()));
        let response =
            http.post(format!("{base}/ingest-small")).header("content-type", JSONL).body(body).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let text = response.text().await.unwrap();
        assert!(text.ends_with(":io]"), "{text}");
    });
}
