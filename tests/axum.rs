//! `codec::axum` against a real axum server on 127.0.0.1, driven by a real HTTP client
//! (reqwest over hyper): the scenarios of `tests/web/mod.rs` (bodies that decode, and
//! each way a body is refused, with the status and the problem document the client
//! reads back), plus what only axum's types show.

#[macro_use]
mod web;

use std::net::SocketAddr;

use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Router};
use codec::axum::{EncodeFailure, Json, Rejection};
use web::Order;

async fn order(Json(order): Json<Order>) -> (StatusCode, Json<Order>) {
    (StatusCode::CREATED, Json(order))
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

async fn serve() -> SocketAddr {
    let app = Router::new()
        .route("/twitter", post(web::echo_twitter))
        .route("/twitter.msgpack", post(web::echo_twitter_msgpack))
        .route("/order", post(order))
        .route("/negotiated", post(web::negotiated))
        .route("/health", get(web::health))
        .route("/search", post(web::search))
        .route("/custom", post(custom))
        .route("/nan", get(web::not_encodable))
        .route("/small", post(order).layer(DefaultBodyLimit::max(64)))
        .route("/shallow", post(order).layer(Extension(codec::json::Options::new().max_depth(2))));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind 127.0.0.1:0");
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.expect("the test server failed") });
    addr
}

scenarios!(serve);

/// The encode error of a 500 is kept in the response for the server's own logging.
#[test]
fn the_encode_error_is_in_the_response_extensions() {
    let response = Json(f64::NAN).into_response();
    assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
    let failure = response.extensions().get::<EncodeFailure>().expect("the encode error in the extensions");
    assert!(failure.0.to_string().contains("NaN"), "{}", failure.0);
}
