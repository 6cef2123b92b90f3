//! The server of the end-to-end benchmark (`benches/e2e/run.sh`): an axum server on
//! loopback, on one thread, whose endpoints decode a request body and encode a response
//! with one contender's JSON:
//!
//! | contender | how |
//! |---|---|
//! | `codec` | `codec::axum::Json<T>` in and out; `codec::axum::BodyBytes` for JSON Lines |
//! | `serde` | `axum::Json<T>` (serde_json) in and out; serde_json's stream deserializer for JSON Lines |
//! | `sonic` | sonic-rs through axum-serde's `Sonic<T>`; sonic-rs's stream reader for JSON Lines |
//! | `plain` | the body as `Bytes`, `codec::json::from_slice` and `to_vec` by hand |
//! | `actix-codec`, `actix-serde`, `actix-plain` | the same on actix-web: `codec::actix_web::Json<T>`, `web::Json<T>`, `web::Bytes` by hand |
//!
//! Endpoints: `POST /twitter` (twitter.json, about 630 KB, echoed), `POST /small` (about
//! 1 KB of events, echoed), `POST /events` (10,000 events as JSON Lines, answered with
//! their count and the sum of their amounts' cents).
//!
//! ```text
//! cargo run --release --example e2e_server -- codec 127.0.0.1:3000
//! cargo run --release --example e2e_server -- --write-bodies target/e2e
//! ```

use std::net::SocketAddr;

use axum::body::Bytes;
use axum::extract::DefaultBodyLimit;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::Router;
use codec::Codec;
use codec_tests::models::events::{self, Event, Events};
use codec_tests::models::twitter::Twitter;
use serde::{Deserialize, Serialize};

/// What the JSON Lines endpoint answers: the same from every contender.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Default)]
struct Summary {
    count: u64,
    /// The sum of the events' amounts, as text (the checks compare it).
    total: String,
    errors: u64,
    #[serde(skip)]
    #[codec(skip)]
    sum: rust_decimal::Decimal,
}

impl Summary {
    fn add(&mut self, event: &Event) {
        self.count += 1;
        self.sum += event.amount;
    }

    fn done(mut self) -> Summary {
        self.total = self.sum.to_string();
        self
    }
}

fn codec_app() -> Router {
    use codec::axum::{BodyBytes, Json, Rejection};
    async fn lines(body: BodyBytes) -> Result<Json<Summary>, Rejection> {
        let mut summary = Summary::default();
        for event in codec::json::iter_values_slice::<Event>(body.bytes()) {
            match event {
                Ok(event) => summary.add(&event),
                Err(_) => summary.errors += 1,
            }
        }
        Ok(Json(summary.done()))
    }
    Router::new()
        .route("/twitter", post(|Json(doc): Json<Twitter>| async { Json(doc) }))
        .route("/small", post(|Json(doc): Json<Events>| async { Json(doc) }))
        .route("/events", post(lines))
}

fn serde_app() -> Router {
    use axum::Json;
    async fn lines(body: Bytes) -> Json<Summary> {
        let mut summary = Summary::default();
        for event in serde_json::Deserializer::from_slice(&body).into_iter::<Event>() {
            match event {
                Ok(event) => summary.add(&event),
                Err(_) => summary.errors += 1,
            }
        }
        Json(summary.done())
    }
    Router::new()
        .route("/twitter", post(|Json(doc): Json<Twitter>| async { Json(doc) }))
        .route("/small", post(|Json(doc): Json<Events>| async { Json(doc) }))
        .route("/events", post(lines))
}

fn sonic_app() -> Router {
    use axum_serde::Sonic;
    async fn lines(body: Bytes) -> Sonic<Summary> {
        let mut summary = Summary::default();
        // sonic-rs has no stream of values over one buffer: one line at a time.
        for line in body.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            match sonic_rs::from_slice::<Event>(line) {
                Ok(event) => summary.add(&event),
                Err(_) => summary.errors += 1,
            }
        }
        Sonic(summary.done())
    }
    Router::new()
        .route("/twitter", post(|Sonic(doc): Sonic<Twitter>| async { Sonic(doc) }))
        .route("/small", post(|Sonic(doc): Sonic<Events>| async { Sonic(doc) }))
        .route("/events", post(lines))
}

fn plain_app() -> Router {
    fn json(body: Vec<u8>) -> Response {
        ([(CONTENT_TYPE, "application/json")], body).into_response()
    }
    async fn twitter(body: Bytes) -> Response {
        match codec::json::from_slice::<Twitter>(&body) {
            Ok(doc) => json(codec::json::to_vec(&doc).unwrap()),
            Err(e) => (axum::http::StatusCode::BAD_REQUEST, e.to_string()).into_response(),
        }
    }
    async fn small(body: Bytes) -> Response {
        match codec::json::from_slice::<Events>(&body) {
            Ok(doc) => json(codec::json::to_vec(&doc).unwrap()),
            Err(e) => (axum::http::StatusCode::BAD_REQUEST, e.to_string()).into_response(),
        }
    }
    async fn lines(body: Bytes) -> Response {
        let mut summary = Summary::default();
        for event in codec::json::iter_values_slice::<Event>(&body) {
            match event {
                Ok(event) => summary.add(&event),
                Err(_) => summary.errors += 1,
            }
        }
        json(codec::json::to_vec(&summary.done()).unwrap())
    }
    Router::new().route("/twitter", post(twitter)).route("/small", post(small)).route("/events", post(lines))
}

/// The actix-web contenders: codec's extractors, `web::Json` (serde_json), and the body as
/// `Bytes` decoded by hand, on a server with one worker.
fn run_actix(contender: &str, addr: SocketAddr) {
    use actix_web::web::{post, Bytes as ActixBytes, PayloadConfig};
    use actix_web::{App, HttpResponse, HttpServer};
    fn json(body: Vec<u8>) -> HttpResponse {
        HttpResponse::Ok().content_type("application/json").body(body)
    }
    let contender = contender.to_owned();
    let app = move || {
        let app = App::new()
            .app_data(PayloadConfig::new(4 << 20))
            .app_data(actix_web::web::JsonConfig::default().limit(4 << 20));
        match contender.as_str() {
            "actix-codec" => {
                use codec::actix_web::{BodyBytes, Json};
                app.route("/twitter", post().to(|Json(doc): Json<Twitter>| async { Json(doc) }))
                    .route("/small", post().to(|Json(doc): Json<Events>| async { Json(doc) }))
                    .route(
                        "/events",
                        post().to(|body: BodyBytes| async move {
                            let mut summary = Summary::default();
                            for event in codec::json::iter_values_slice::<Event>(body.bytes()) {
                                match event {
                                    Ok(event) => summary.add(&event),
                                    Err(_) => summary.errors += 1,
                                }
                            }
                            Json(summary.done())
                        }),
                    )
            }
            "actix-serde" => {
                use actix_web::web::Json;
                app.route("/twitter", post().to(|Json(doc): Json<Twitter>| async { Json(doc) }))
                    .route("/small", post().to(|Json(doc): Json<Events>| async { Json(doc) }))
                    .route(
                        "/events",
                        post().to(|body: ActixBytes| async move {
                            let mut summary = Summary::default();
                            for event in serde_json::Deserializer::from_slice(&body).into_iter::<Event>() {
                                match event {
                                    Ok(event) => summary.add(&event),
                                    Err(_) => summary.errors += 1,
                                }
                            }
                            Json(summary.done())
                        }),
                    )
            }
            _ => app
                .route(
                    "/twitter",
                    post().to(|body: ActixBytes| async move {
                        match codec::json::from_slice::<Twitter>(&body) {
                            Ok(doc) => json(codec::json::to_vec(&doc).unwrap()),
                            Err(e) => HttpResponse::BadRequest().body(e.to_string()),
                        }
                    }),
                )
                .route(
                    "/small",
                    post().to(|body: ActixBytes| async move {
                        match codec::json::from_slice::<Events>(&body) {
                            Ok(doc) => json(codec::json::to_vec(&doc).unwrap()),
                            Err(e) => HttpResponse::BadRequest().body(e.to_string()),
                        }
                    }),
                )
                .route(
                    "/events",
                    post().to(|body: ActixBytes| async move {
                        let mut summary = Summary::default();
                        for event in codec::json::iter_values_slice::<Event>(&body) {
                            match event {
                                Ok(event) => summary.add(&event),
                                Err(_) => summary.errors += 1,
                            }
                        }
                        json(codec::json::to_vec(&summary.done()).unwrap())
                    }),
                ),
        }
    };
    actix_web::rt::System::new().block_on(async move {
        HttpServer::new(app).workers(1).bind(addr).expect("bind").run().await.unwrap();
    });
}

/// The request bodies, from the vendored data and the events generator.
fn write_bodies(dir: &std::path::Path) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("twitter.json"), codec_tests::data("json-benchmark/twitter.json")).unwrap();
    let small = events::generate(1000);
    std::fs::write(dir.join("small.json"), codec::json::to_vec(&small).unwrap()).unwrap();
    let mut lines = Vec::new();
    let mut all = Vec::new();
    while all.len() < 10_000 {
        all.extend(events::generate(1 << 20));
    }
    all.truncate(10_000);
    codec::json::write_lines(&mut lines, all.iter()).unwrap();
    std::fs::write(dir.join("events.jsonl"), lines).unwrap();
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["--write-bodies", dir] => write_bodies(std::path::Path::new(dir)),
        [contender, addr] if contender.starts_with("actix-") => {
            run_actix(contender, addr.parse().expect("an address such as 127.0.0.1:3000"));
        }
        [contender, addr] => {
            let app = match contender {
                "codec" => codec_app(),
                "serde" => serde_app(),
                "sonic" => sonic_app(),
                "plain" => plain_app(),
                other => panic!(
                    "unknown contender {other}: codec, serde, sonic, plain, actix-codec, actix-serde or actix-plain"
                ),
            };
            // 4 MB: twitter.json and the 10,000 lines fit, axum's default 2 MB does not.
            let app = app.layer(DefaultBodyLimit::max(4 << 20));
            let addr: SocketAddr = addr.parse().expect("an address such as 127.0.0.1:3000");
            // One worker thread: the benchmark pins the server to one core.
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind(addr).await.expect("bind");
                axum::serve(listener, app).await.unwrap();
            });
        }
        _ => {
            eprintln!("usage: e2e_server (codec|serde|sonic|plain|actix-codec|actix-serde|actix-plain) ADDR | --write-bodies DIR");
            std::process::exit(2);
        }
    }
}
