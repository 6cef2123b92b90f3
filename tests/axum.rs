//! `codec::axum` against a real axum server on 127.0.0.1, driven by a real HTTP client
//! (reqwest over hyper): bodies that decode, and each way a body is refused, with the
//! status and the problem document the client reads back.

use std::net::SocketAddr;

use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Router};
use codec::axum::{BodyBytes, EncodeFailure, Format, Json, MsgPack, Negotiated, Rejection};
use codec::Codec;
use codec_tests::models::twitter::Twitter;

#[derive(Codec, Debug, PartialEq, Clone)]
struct Item {
    b: u32,
}

#[derive(Codec, Debug, PartialEq, Clone)]
struct Order {
    name: String,
    a: Vec<Item>,
}

#[derive(Codec, Debug, PartialEq)]
struct Search<'a> {
    query: &'a str,
    tags: Vec<&'a str>,
}

/// The problem document as a client reads it.
#[derive(Codec, Debug, PartialEq, Default)]
#[codec(deny_unknown_fields)]
struct Problem {
    #[codec(rename = "type")]
    type_uri: String,
    title: String,
    status: u16,
    detail: Option<String>,
    pointer: Option<String>,
    line: Option<usize>,
    column: Option<usize>,
    offset: Option<usize>,
}

async fn echo_twitter(Json(doc): Json<Twitter>) -> Json<Twitter> {
    Json(doc)
}

async fn echo_twitter_msgpack(MsgPack(doc): MsgPack<Twitter>) -> MsgPack<Twitter> {
    MsgPack(doc)
}

async fn order(Json(order): Json<Order>) -> (StatusCode, Json<Order>) {
    (StatusCode::CREATED, Json(order))
}

async fn negotiated(Negotiated { value, format }: Negotiated<Order>) -> Negotiated<Order> {
    format.respond(value)
}

async fn health(format: Format) -> Negotiated<Item> {
    format.respond(Item { b: 1 })
}

async fn search(body: BodyBytes) -> Result<String, Rejection> {
    let search: Search<'_> = body.decode()?;
    // The strings point into the body's own buffer: nothing was copied.
    let inside = body.bytes().as_ptr_range().contains(&search.query.as_ptr());
    Ok(format!("{}:{}:{inside}", search.query, search.tags.join("+")))
}

/// The application's own answer to a body of the wrong shape.
async fn custom(order: Result<Json<Order>, Rejection>) -> Response {
    match order {
        Ok(Json(order)) => order.name.into_response(),
        Err(rejection) if rejection.status() == StatusCode::UNPROCESSABLE_ENTITY => {
            let path = rejection.error().map(|e| e.path()).unwrap_or_default();
            let mut problem = rejection.problem();
            problem.type_uri = "https://example.com/problems/bad-order".into();
            problem.title = format!("not an order ({path})");
            problem.into_response()
        }
        Err(rejection) => rejection.into_response(),
    }
}

async fn not_encodable() -> Json<f64> {
    Json(f64::NAN)
}

fn app() -> Router {
    Router::new()
        .route("/twitter", post(echo_twitter))
        .route("/twitter.msgpack", post(echo_twitter_msgpack))
        .route("/order", post(order))
        .route("/negotiated", post(negotiated))
        .route("/health", get(health))
        .route("/search", post(search))
        .route("/custom", post(custom))
        .route("/nan", get(not_encodable))
        .route("/small", post(order).layer(DefaultBodyLimit::max(64)))
        .route("/shallow", post(order).layer(Extension(codec::json::Options::new().max_depth(2))))
}

async fn serve(app: Router) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind 127.0.0.1:0");
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.expect("the test server failed") });
    addr
}

struct Client {
    http: reqwest::Client,
    addr: SocketAddr,
}

struct Answer {
    status: StatusCode,
    content_type: Option<String>,
    body: Vec<u8>,
}

impl Answer {
    fn problem(&self) -> Problem {
        assert_eq!(self.content_type.as_deref(), Some("application/problem+json"), "{}", self.text());
        codec::json::from_slice(&self.body).unwrap_or_else(|e| panic!("not a problem document ({e}): {}", self.text()))
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

impl Client {
    async fn start() -> Client {
        Client { http: reqwest::Client::new(), addr: serve(app()).await }
    }

    async fn send(&self, method: reqwest::Method, path: &str, headers: &[(&str, &str)], body: Vec<u8>) -> Answer {
        let mut request = self.http.request(method, format!("http://{}{path}", self.addr)).body(body);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = request.send().await.expect("the request failed");
        let status = StatusCode::from_u16(response.status().as_u16()).unwrap();
        let content_type = response.headers().get("content-type").map(|v| v.to_str().unwrap().to_owned());
        let body = response.bytes().await.expect("the response body").to_vec();
        Answer { status, content_type, body }
    }

    async fn post(&self, path: &str, content_type: &str, body: impl Into<Vec<u8>>) -> Answer {
        self.send(reqwest::Method::POST, path, &[("content-type", content_type)], body.into()).await
    }
}

const JSON: &str = "application/json";

fn order_value() -> Order {
    Order { name: "pens".into(), a: vec![Item { b: 1 }, Item { b: 2 }] }
}

#[tokio::test]
async fn twitter_round_trips_in_both_formats() {
    let client = Client::start().await;
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

#[tokio::test]
async fn valid_bodies_and_content_types() {
    let client = Client::start().await;
    let body = codec::json::to_vec(&order_value()).unwrap();
    for content_type in [JSON, "application/json; charset=utf-8", "application/vnd.shop.order+json"] {
        let answer = client.post("/order", content_type, body.clone()).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{content_type}: {}", answer.text());
        assert_eq!(codec::json::from_slice::<Order>(&answer.body).unwrap(), order_value());
    }
}

#[tokio::test]
async fn malformed_json_is_400_with_line_and_column() {
    let client = Client::start().await;
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

#[tokio::test]
async fn wrong_shape_is_422_with_a_json_pointer() {
    let client = Client::start().await;
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

#[tokio::test]
async fn oversized_body_is_413() {
    let client = Client::start().await;
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

#[tokio::test]
async fn wrong_content_type_is_415() {
    let client = Client::start().await;
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

#[tokio::test]
async fn negotiated_answers_by_accept() {
    let client = Client::start().await;
    let json = codec::json::to_vec(&order_value()).unwrap();
    let packed = codec::msgpack::to_vec(&order_value()).unwrap();
    let post = |content_type: &'static str, accept: Option<&'static str>, body: Vec<u8>| {
        let mut headers = vec![("content-type", content_type)];
        headers.extend(accept.map(|a| ("accept", a)));
        let client = &client;
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
    let get = |accept: &'static str| {
        let client = &client;
        async move { client.send(reqwest::Method::GET, "/health", &[("accept", accept)], Vec::new()).await }
    };
    let answer = get("application/x-msgpack").await;
    assert_eq!(codec::msgpack::from_slice::<Item>(&answer.body).unwrap(), Item { b: 1 });
    let answer = get("text/html, */*;q=0.1").await;
    assert_eq!((answer.content_type.as_deref(), answer.body.as_slice()), (Some(JSON), &b"{\"b\":1}"[..]));
    assert_eq!(get("image/png").await.status, StatusCode::NOT_ACCEPTABLE);
}

#[tokio::test]
async fn borrowed_decode_from_the_body_bytes() {
    let client = Client::start().await;
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

#[tokio::test]
async fn the_application_shapes_its_own_rejection() {
    let client = Client::start().await;
    let problem = client.post("/custom", JSON, r#"{"name":"x","a":[{"b":true}]}"#).await.problem();
    assert_eq!(problem.type_uri, "https://example.com/problems/bad-order");
    assert_eq!(problem.title, "not an order (.a[0].b)");
    assert_eq!((problem.status, problem.pointer.as_deref()), (422, Some("/a/0/b")));
    // Other rejections go out as they are.
    let answer = client.post("/custom", JSON, "{").await;
    assert_eq!((answer.status, answer.problem().type_uri.as_str()), (StatusCode::BAD_REQUEST, "about:blank"));
    assert_eq!(client.post("/custom", JSON, r#"{"name":"ok","a":[]}"#).await.text(), "ok");
}

#[tokio::test]
async fn decoder_options_come_from_a_layer() {
    let client = Client::start().await;
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

#[tokio::test]
async fn a_response_that_cannot_be_encoded_is_500_without_detail() {
    let client = Client::start().await;
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
    // The error is kept for the server's own logging.
    let response = Json(f64::NAN).into_response();
    let failure = response.extensions().get::<EncodeFailure>().expect("the encode error in the extensions");
    assert!(failure.0.to_string().contains("NaN"), "{}", failure.0);
}
