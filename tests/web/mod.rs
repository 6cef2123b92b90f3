//! The requests and checks that `tests/axum.rs` and `tests/actix_web.rs` run against
//! their framework's server: both serve the same routes with `codec::axum` or
//! `codec::actix_web`, and must answer every request alike, status, headers and problem
//! documents included. Each server's routes:
//!
//! | route | handler |
//! |---|---|
//! | `POST /twitter` | `Json<Twitter>` echoed |
//! | `POST /twitter.msgpack` | `MsgPack<Twitter>` echoed |
//! | `POST /order` | `Json<Order>` answered `201 Created` |
//! | `POST /negotiated` | `Negotiated<Order>` echoed in the format asked for |
//! | `GET /health` | `Format` from `Accept`, answers `Item { b: 1 }` |
//! | `POST /search` | `BodyBytes` decoded into `Search<'_>`, answers `query:tag+tag:borrowed` |
//! | `POST /custom` | `Result<Json<Order>, Rejection>`: its own problem for a 422 |
//! | `GET /nan` | `Json(f64::NAN)`, which does not encode |
//! | `POST /small` | `/order` with a 64-byte body limit |
//! | `POST /shallow` | `/order` with `json::Options::max_depth(2)` |

#![allow(dead_code)] // each test file uses its share

use std::net::SocketAddr;

use codec::web::{BodyBytes, Format, Json, MsgPack, Negotiated, Rejection};
use codec::Codec;
use codec_tests::models::twitter::Twitter;
use reqwest::StatusCode;

// ---- the handlers both frameworks serve, the same functions ----

pub async fn echo_twitter(Json(doc): Json<Twitter>) -> Json<Twitter> {
    Json(doc)
}
pub async fn echo_twitter_msgpack(MsgPack(doc): MsgPack<Twitter>) -> MsgPack<Twitter> {
    MsgPack(doc)
}
pub async fn negotiated(Negotiated { value, format }: Negotiated<Order>) -> Negotiated<Order> {
    format.respond(value)
}
pub async fn health(format: Format) -> Negotiated<Item> {
    format.respond(Item { b: 1 })
}
pub async fn search(body: BodyBytes) -> Result<String, Rejection> {
    let search: Search<'_> = body.decode()?;
    // The strings point into the body's own buffer: nothing was copied.
    let inside = body.bytes().as_ptr_range().contains(&search.query.as_ptr());
    Ok(format!("{}:{}:{inside}", search.query, search.tags.join("+")))
}
pub async fn not_encodable() -> Json<f64> {
    Json(f64::NAN)
}

// ---- the types ----

#[derive(Codec, Debug, PartialEq, Clone)]
pub struct Item {
    pub b: u32,
}

#[derive(Codec, Debug, PartialEq, Clone)]
pub struct Order {
    pub name: String,
    pub a: Vec<Item>,
}

#[derive(Codec, Debug, PartialEq)]
pub struct Search<'a> {
    pub query: &'a str,
    pub tags: Vec<&'a str>,
}

/// The problem document as a client reads it.
#[derive(Codec, Debug, PartialEq, Default)]
#[codec(deny_unknown_fields)]
pub struct Problem {
    #[codec(rename = "type")]
    pub type_uri: String,
    pub title: String,
    pub status: u16,
    pub detail: Option<String>,
    pub pointer: Option<String>,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub offset: Option<usize>,
}

pub struct Client {
    http: reqwest::Client,
    addr: SocketAddr,
}

pub struct Answer {
    pub status: StatusCode,
    pub content_type: Option<String>,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn problem(&self) -> Problem {
        assert_eq!(self.content_type.as_deref(), Some("application/problem+json"), "{}", self.text());
        codec::json::from_slice(&self.body).unwrap_or_else(|e| panic!("not a problem document ({e}): {}", self.text()))
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

impl Client {
    pub fn new(addr: SocketAddr) -> Client {
        Client { http: reqwest::Client::new(), addr }
    }

    pub async fn send(&self, method: reqwest::Method, path: &str, headers: &[(&str, &str)], body: Vec<u8>) -> Answer {
        let mut request = self.http.request(method, format!("http://{}{path}", self.addr)).body(body);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = request.send().await.expect("the request failed");
        let status = response.status();
        let content_type = response.headers().get("content-type").map(|v| v.to_str().unwrap().to_owned());
        let body = response.bytes().await.expect("the response body").to_vec();
        Answer { status, content_type, body }
    }

    pub async fn post(&self, path: &str, content_type: &str, body: impl Into<Vec<u8>>) -> Answer {
        self.send(reqwest::Method::POST, path, &[("content-type", content_type)], body.into()).await
    }
}

pub const JSON: &str = "application/json";

pub fn order_value() -> Order {
    Order { name: "pens".into(), a: vec![Item { b: 1 }, Item { b: 2 }] }
}

pub async fn twitter_round_trips_in_both_formats(client: &Client) {
    let doc = codec_tests::data("json-benchmark/twitter.json");
    let expected: Twitter = codec::json::from_slice(&doc).unwrap();

    let answer = client.post("/twitter", JSON, doc.clone()).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    assert_eq!(answer.content_type.as_deref(), Some(JSON));
    assert_eq!(answer.body, codec::json::to_vec(&expected).unwrap());

    let packed = codec::msgpack::to_vec(&expected).unwrap();
    let answer = client.post("/twitter.msgpack", "application/msgpack", packed.clone()).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.content_type.as_deref(), Some("application/msgpack"));
    assert_eq!(codec::msgpack::from_slice::<Twitter>(&answer.body).unwrap(), expected);
    // The older name is accepted on the way in.
    let answer = client.post("/twitter.msgpack", "application/x-msgpack", packed).await;
    assert_eq!(answer.status, StatusCode::OK);
}

pub async fn valid_bodies_and_content_types(client: &Client) {
    let body = codec::json::to_vec(&order_value()).unwrap();
    for content_type in [JSON, "application/json; charset=utf-8", "application/vnd.shop.order+json"] {
        let answer = client.post("/order", content_type, body.clone()).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{content_type}: {}", answer.text());
        assert_eq!(codec::json::from_slice::<Order>(&answer.body).unwrap(), order_value());
    }
}

pub async fn malformed_json_is_400_with_line_and_column(client: &Client) {
    let answer = client.post("/order", JSON, "{\"name\": \"pens\",\n \"a\": [{\"b\": 1},]}").await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    let problem = answer.problem();
    assert_eq!(
        (problem.type_uri.as_str(), problem.title.as_str(), problem.status),
        ("about:blank", "Bad Request", 400)
    );
    assert_eq!((problem.line, problem.column, problem.offset), (Some(2), Some(17), Some(33)));
    assert!(problem.detail.as_deref().unwrap().starts_with("syntax error"), "{problem:?}");

    // Truncated, and not UTF-8: input errors too.
    let answer = client.post("/order", JSON, "{\"name\": \"pe").await;
    assert_eq!((answer.status, answer.problem().offset), (StatusCode::BAD_REQUEST, Some(12)));
    let answer = client.post("/order", JSON, b"{\"name\": \"\xff\"}".to_vec()).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(answer.problem().pointer.as_deref(), Some("/name"));
}

pub async fn wrong_shape_is_422_with_a_json_pointer(client: &Client) {
    let answer = client.post("/order", JSON, r#"{"name":"pens","a":[{"b":1},{"b":"two"}]}"#).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    let problem = answer.problem();
    assert_eq!(problem.title, "Unprocessable Content");
    assert_eq!(problem.pointer.as_deref(), Some("/a/1/b"));
    assert_eq!((problem.line, problem.column, problem.offset), (Some(1), Some(34), Some(33)));
    assert_eq!(problem.detail.as_deref(), Some("invalid type: expected u32, found string at .a[1].b"));

    // A missing field points at the object that lacks it; an out-of-range number at itself.
    let problem = client.post("/order", JSON, r#"{"a":[]}"#).await.problem();
    assert_eq!((problem.status, problem.pointer.as_deref()), (422, Some("")));
    assert!(problem.detail.unwrap().contains("name"));
    let problem = client.post("/order", JSON, r#"{"name":"x","a":[{"b":-1}]}"#).await.problem();
    assert_eq!((problem.status, problem.pointer.as_deref()), (422, Some("/a/0/b")));

    // The twitter model, deep in the document.
    let mut doc: codec::json::Value =
        codec::json::from_slice(&codec_tests::data("json-benchmark/twitter.json")).unwrap();
    let statuses = doc.get_mut("statuses").and_then(|s| s.as_array_mut()).unwrap();
    let user = statuses[3].get_mut("user").and_then(|u| u.as_object_mut()).unwrap();
    user.insert("id", codec::json::Value::from("7"));
    let problem = client.post("/twitter", JSON, codec::json::to_vec(&doc).unwrap()).await.problem();
    assert_eq!((problem.status, problem.pointer.as_deref()), (422, Some("/statuses/3/user/id")));
    assert_eq!(problem.line, Some(1));
}

pub async fn oversized_body_is_413(client: &Client) {
    let body = codec::json::to_vec(&Order { name: "x".repeat(100), a: vec![] }).unwrap();
    let answer = client.post("/small", JSON, body.clone()).await;
    assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
    let problem = answer.problem();
    assert_eq!((problem.status, problem.title.as_str()), (413, "Content Too Large"));
    assert_eq!(problem.pointer, None);
    // Within the limit, the same route takes it.
    let answer = client.post("/small", JSON, r#"{"name":"x","a":[]}"#).await;
    assert_eq!(answer.status, StatusCode::CREATED);
    // axum's default limit (2 MB) holds where no layer sets one.
    let huge = format!(r#"{{"name":"{}","a":[]}}"#, "x".repeat(3 << 20));
    assert_eq!(client.post("/order", JSON, huge).await.status, StatusCode::PAYLOAD_TOO_LARGE);
}

pub async fn wrong_content_type_is_415(client: &Client) {
    let body = codec::json::to_vec(&order_value()).unwrap();
    let none = client.send(reqwest::Method::POST, "/order", &[], body.clone()).await;
    assert_eq!(none.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(
        none.problem().detail.as_deref(),
        Some("the request has no `Content-Type` header: expected `application/json`")
    );
    for content_type in ["text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1"] {
        let answer = client.post("/order", content_type, body.clone()).await;
        assert_eq!(answer.status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{content_type}");
        assert!(answer.problem().detail.unwrap().contains(content_type));
    }
    // JSON where MessagePack is expected.
    let answer = client.post("/twitter.msgpack", JSON, body).await;
    assert_eq!(answer.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(answer.problem().detail.unwrap().contains("`application/msgpack`"));
}

pub async fn negotiated_answers_by_accept(client: &Client) {
    let json = codec::json::to_vec(&order_value()).unwrap();
    let packed = codec::msgpack::to_vec(&order_value()).unwrap();
    let post = |content_type: &'static str, accept: Option<&'static str>, body: Vec<u8>| {
        let mut headers = vec![("content-type", content_type)];
        headers.extend(accept.map(|a| ("accept", a)));

        async move { client.send(reqwest::Method::POST, "/negotiated", &headers, body).await }
    };
    // No Accept, or a wildcard: the request's own format.
    let answer = post(JSON, None, json.clone()).await;
    assert_eq!((answer.status, answer.content_type.as_deref()), (StatusCode::OK, Some(JSON)));
    assert_eq!(answer.body, json);
    let answer = post("application/msgpack", Some("*/*"), packed.clone()).await;
    assert_eq!(answer.content_type.as_deref(), Some("application/msgpack"));
    assert_eq!(answer.body, packed);
    // Accept decides, by weight.
    let answer = post(JSON, Some("application/msgpack"), json.clone()).await;
    assert_eq!((answer.content_type.as_deref(), &answer.body), (Some("application/msgpack"), &packed));
    let answer = post("application/msgpack", Some("application/msgpack;q=0.5, application/json"), packed.clone()).await;
    assert_eq!((answer.content_type.as_deref(), &answer.body), (Some(JSON), &json));
    // Neither format acceptable: 406, before the body is read.
    let answer = post(JSON, Some("text/html"), json.clone()).await;
    assert_eq!(answer.status, StatusCode::NOT_ACCEPTABLE);
    assert_eq!(answer.problem().status, 406);
    // A bad MessagePack body: the same statuses as JSON, offsets into the body.
    let mut wrong = packed.clone();
    let at = wrong.iter().position(|&b| b == 0x01).unwrap();
    wrong[at] = 0xc3; // `true` where `b`'s number was
    let problem = post("application/msgpack", None, wrong).await.problem();
    assert_eq!((problem.status, problem.pointer.as_deref(), problem.offset), (422, Some("/a/0/b"), Some(at)));
    let problem = post("application/msgpack", None, packed[..packed.len() - 1].to_vec()).await.problem();
    assert_eq!(problem.status, 400);
    // Neither format at all.
    assert_eq!(post("text/csv", None, b"a,b".to_vec()).await.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);

    // A handler without a body answers by Accept alone.
    let get = |accept: &'static str| async move {
        client.send(reqwest::Method::GET, "/health", &[("accept", accept)], Vec::new()).await
    };
    let answer = get("application/x-msgpack").await;
    assert_eq!(codec::msgpack::from_slice::<Item>(&answer.body).unwrap(), Item { b: 1 });
    let answer = get("text/html, */*;q=0.1").await;
    assert_eq!((answer.content_type.as_deref(), answer.body.as_slice()), (Some(JSON), &b"{\"b\":1}"[..]));
    assert_eq!(get("image/png").await.status, StatusCode::NOT_ACCEPTABLE);
}

pub async fn borrowed_decode_from_the_body_bytes(client: &Client) {
    let answer = client.post("/search", JSON, r#"{"query":"rust","tags":["fast","safe"]}"#).await;
    assert_eq!((answer.status, answer.text().as_str()), (StatusCode::OK, "rust:fast+safe:true"));
    let packed = codec::msgpack::to_vec(&Search { query: "q", tags: vec!["t"] }).unwrap();
    let answer = client.post("/search", "application/msgpack", packed).await;
    assert_eq!(answer.text(), "q:t:true");
    // A string with an escape cannot be borrowed: a 422 that says so, at its place.
    let problem = client.post("/search", JSON, r#"{"query":"a\nb","tags":[]}"#).await.problem();
    assert_eq!((problem.status, problem.pointer.as_deref()), (422, Some("/query")));
    assert_eq!(client.post("/search", "text/plain", "x").await.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
}

pub async fn the_application_shapes_its_own_rejection(client: &Client) {
    let problem = client.post("/custom", JSON, r#"{"name":"x","a":[{"b":true}]}"#).await.problem();
    assert_eq!(problem.type_uri, "https://example.com/problems/bad-order");
    assert_eq!(problem.title, "not an order (.a[0].b)");
    assert_eq!((problem.status, problem.pointer.as_deref()), (422, Some("/a/0/b")));
    // Other rejections go out as they are.
    let answer = client.post("/custom", JSON, "{").await;
    assert_eq!((answer.status, answer.problem().type_uri.as_str()), (StatusCode::BAD_REQUEST, "about:blank"));
    assert_eq!(client.post("/custom", JSON, r#"{"name":"ok","a":[]}"#).await.text(), "ok");
}

pub async fn decoder_options_come_from_a_layer(client: &Client) {
    // `max_depth(2)`: the order itself and its list; the items' objects are one level too deep.
    let answer = client.post("/shallow", JSON, r#"{"name":"x","a":[{"b":1}]}"#).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.text());
    let problem = answer.problem();
    assert_eq!(problem.detail.as_deref(), Some("nesting deeper than the limit of 2 at .a[0]"));
    assert_eq!((problem.pointer.as_deref(), problem.offset), (Some("/a/0"), Some(17)));
    assert_eq!(client.post("/shallow", JSON, r#"{"name":"x","a":[]}"#).await.status, StatusCode::CREATED);
    // Elsewhere the default depth (128) applies.
    assert_eq!(client.post("/order", JSON, r#"{"name":"x","a":[{"b":1}]}"#).await.status, StatusCode::CREATED);
}

pub async fn a_response_that_cannot_be_encoded_is_500_without_detail(client: &Client) {
    let answer = client.send(reqwest::Method::GET, "/nan", &[], Vec::new()).await;
    assert_eq!(answer.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(
        answer.problem(),
        Problem {
            type_uri: "about:blank".into(),
            title: "Internal Server Error".into(),
            status: 500,
            ..Problem::default()
        }
    );
}

/// A `#[tokio::test]` per scenario above, each against a fresh server from `$start`
/// (an async fn giving its address).
#[macro_export]
macro_rules! scenarios {
    ($start:path) => {
        $crate::scenarios!(@each $start; twitter_round_trips_in_both_formats, valid_bodies_and_content_types, malformed_json_is_400_with_line_and_column, wrong_shape_is_422_with_a_json_pointer, oversized_body_is_413, wrong_content_type_is_415, negotiated_answers_by_accept, borrowed_decode_from_the_body_bytes, the_application_shapes_its_own_rejection, decoder_options_come_from_a_layer, a_response_that_cannot_be_encoded_is_500_without_detail);
    };
    (@each $start:path; $($name:ident),*) => {
        $(
            #[tokio::test]
            async fn $name() {
                let client = web::Client::new($start().await);
                web::$name(&client).await;
            }
        )*
    };
}
