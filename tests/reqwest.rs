//! `codec::reqwest` against a real axum server on 127.0.0.1 whose handlers use
//! `codec::axum`: the client sends and reads codec types in both formats, no serde.

use std::net::SocketAddr;

use axum::body::Body;
use axum::http::header::CONTENT_TYPE;
use axum::routing::{get, post};
use axum::Router;
use codec::axum::{Json, MsgPack};
use codec::reqwest::{RequestBuilderExt, ResponseError, ResponseExt};
use codec::{Codec, ErrorKind};
use codec_tests::models::twitter::Twitter;

#[derive(Codec, Debug, PartialEq, Clone)]
struct Point {
    x: i32,
    y: i32,
}

async fn serve() -> SocketAddr {
    let app = Router::new()
        .route("/twitter", post(|Json(doc): Json<Twitter>| async { Json(doc) }))
        .route("/twitter.msgpack", post(|MsgPack(doc): MsgPack<Twitter>| async { MsgPack(doc) }))
        .route("/point", post(|Json(p): Json<Point>| async move { Json(Point { x: p.y, y: p.x }) }))
        // A body sent in many chunks (no Content-Length): the client gathers them.
        .route(
            "/chunked",
            get(|| async {
                let parts = ["[", "1,", "2,", "3", "]"].map(|s| Ok::<_, std::io::Error>(s.as_bytes().to_vec()));
                ([(CONTENT_TYPE, "application/json")], Body::from_stream(futures_util_stream(parts)))
            }),
        )
        .route("/big", get(|| async { Json(vec![7u32; 10_000]) }))
        .route("/not-a-point", get(|| async { Json(vec![1, 2]) }));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind 127.0.0.1:0");
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.expect("the test server failed") });
    addr
}

/// A stream of the given items, without a dependency on a futures crate.
fn futures_util_stream<T: Unpin, const N: usize>(items: [T; N]) -> impl futures_core::Stream<Item = T> {
    struct Items<T, const N: usize>(std::array::IntoIter<T, N>);
    impl<T: Unpin, const N: usize> futures_core::Stream for Items<T, N> {
        type Item = T;
        fn poll_next(mut self: std::pin::Pin<&mut Self>, _: &mut std::task::Context<'_>) -> std::task::Poll<Option<T>> {
            std::task::Poll::Ready(self.0.next())
        }
    }
    Items(items.into_iter())
}

#[tokio::test]
async fn json_and_msgpack_round_trips() {
    let addr = serve().await;
    let client = reqwest::Client::new();
    let doc: Twitter = codec::json::from_slice(&codec_tests::data("json-benchmark/twitter.json")).unwrap();

    let back: Twitter = client
        .post(format!("http://{addr}/twitter"))
        .codec_json(&doc)
        .unwrap()
        .send()
        .await
        .unwrap()
        .error_for_status()
        .unwrap()
        .codec_json()
        .await
        .unwrap();
    assert_eq!(back, doc);

    let response =
        client.post(format!("http://{addr}/twitter.msgpack")).codec_msgpack(&doc).unwrap().send().await.unwrap();
    assert_eq!(response.headers()["content-type"], "application/msgpack");
    assert_eq!(response.codec_msgpack::<Twitter>().await.unwrap(), doc);

    // The codec body replaces a Content-Type set before it.
    let response = client
        .post(format!("http://{addr}/point"))
        .header("content-type", "text/plain")
        .codec_json(&Point { x: 1, y: 2 })
        .unwrap()
        .send()
        .await
        .unwrap();
    assert_eq!(response.codec_json::<Point>().await.unwrap(), Point { x: 2, y: 1 });
}

#[tokio::test]
async fn chunked_and_limited_bodies() {
    let addr = serve().await;
    let client = reqwest::Client::new();
    let chunked = client.get(format!("http://{addr}/chunked")).send().await.unwrap();
    assert_eq!(chunked.content_length(), None);
    assert_eq!(chunked.codec_json::<Vec<u8>>().await.unwrap(), [1, 2, 3]);

    // 20,001 bytes against a limit of 1,000: refused by its Content-Length...
    let big = client.get(format!("http://{addr}/big")).send().await.unwrap();
    assert_eq!(big.content_length(), Some(20_001));
    let small = codec::json::Options::new().max_value_len(1000);
    let err = big.codec_json_with::<Vec<u32>>(small.clone()).await.unwrap_err();
    assert!(matches!(err.decode_error().map(|e| e.kind()), Some(ErrorKind::SizeLimit(_))), "{err}");
    // ... and without one, while the chunks arrive.
    let chunked = client.get(format!("http://{addr}/chunked")).send().await.unwrap();
    let err = chunked.codec_json_with::<Vec<u8>>(codec::json::Options::new().max_value_len(3)).await.unwrap_err();
    assert!(err.to_string().contains("longer than the limit of 3 bytes"), "{err}");
    let big = client.get(format!("http://{addr}/big")).send().await.unwrap();
    assert_eq!(big.codec_json::<Vec<u32>>().await.unwrap().len(), 10_000);
}

#[tokio::test]
async fn decode_errors_keep_their_place() {
    let addr = serve().await;
    let response = reqwest::get(format!("http://{addr}/not-a-point")).await.unwrap();
    let err = response.codec_json::<Point>().await.unwrap_err();
    let ResponseError::Decode(e) = &err else { panic!("{err}") };
    assert_eq!((e.offset(), e.line(), e.column()), (Some(0), Some(1), Some(1)));
    assert!(err.to_string().starts_with("decoding the response failed: invalid type"), "{err}");
    // A refused request's problem document is a codec type too.
    let response =
        reqwest::Client::new().post(format!("http://{addr}/point")).codec_json(&[1, 2]).unwrap().send().await.unwrap();
    assert_eq!(response.status(), 422);
    let problem: codec::json::Value = response.codec_json().await.unwrap();
    assert_eq!(problem.get("pointer").and_then(|p| p.as_str()), Some(""));
}
