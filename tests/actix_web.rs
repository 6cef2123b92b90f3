//! `codec::actix_web` against a real actix-web server on 127.0.0.1, driven by a real HTTP
//! client (reqwest): the scenarios of `tests/web/mod.rs`, the same requests and checks as
//! `tests/axum.rs`, so both integrations answer alike; plus what only actix-web's types
//! show.

#[macro_use]
mod web;

use std::net::SocketAddr;

use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use actix_web::web::{post, resource, PayloadConfig};
use actix_web::{App, HttpRequest, HttpResponse, HttpServer, Responder};
use codec::actix_web::{EncodeFailure, Json, Rejection};
use web::Order;

async fn order(Json(order): Json<Order>) -> (Json<Order>, StatusCode) {
    (Json(order), StatusCode::CREATED)
}

/// The application's own answer to a body of the wrong shape.
async fn custom(req: HttpRequest, order: Result<Json<Order>, Rejection>) -> HttpResponse {
    match order {
        Ok(Json(order)) => HttpResponse::Ok().body(order.name),
        Err(rejection) if rejection.status() == StatusCode::UNPROCESSABLE_ENTITY => {
            let path = rejection.error().map(|e| e.path()).unwrap_or_default();
            let mut problem = rejection.problem();
            problem.type_uri = "https://example.com/problems/bad-order".into();
            problem.title = format!("not an order ({path})");
            problem.respond_to(&req)
        }
        Err(rejection) => actix_web::ResponseError::error_response(&rejection),
    }
}

/// A server on its own thread (actix-web runs its own single-threaded runtime), with the
/// routes of `tests/web/mod.rs`. Its body limit is 2 MiB, axum's default, where actix-web's
/// own is 256 KiB.
async fn serve() -> SocketAddr {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
    let addr = listener.local_addr().unwrap();
    let server = move || {
        App::new()
            .app_data(PayloadConfig::new(2 << 20))
            .route("/twitter", post().to(web::echo_twitter))
            .route("/twitter.msgpack", post().to(web::echo_twitter_msgpack))
            .route("/order", post().to(order))
            .route("/negotiated", post().to(web::negotiated))
            .route("/health", actix_web::web::get().to(web::health))
            .route("/search", post().to(web::search))
            .route("/custom", post().to(custom))
            .route("/nan", actix_web::web::get().to(web::not_encodable))
            .service(resource("/small").app_data(PayloadConfig::new(64)).route(post().to(order)))
            .service(resource("/shallow").app_data(codec::json::Options::new().max_depth(2)).route(post().to(order)))
    };
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let server = HttpServer::new(server).workers(1).listen(listener).expect("listen");
            server.run().await.expect("the test server failed")
        })
    });
    addr
}

scenarios!(serve);

/// The encode error of a 500 is kept in the response for the server's own logging.
#[test]
fn the_encode_error_is_in_the_response_extensions() {
    let response = Json(f64::NAN).respond_to(&TestRequest::default().to_http_request());
    assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
    let extensions = response.extensions();
    let failure = extensions.get::<EncodeFailure>().expect("the encode error in the extensions");
    assert!(failure.0.to_string().contains("NaN"), "{}", failure.0);
}
