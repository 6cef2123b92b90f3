//! The README's main job: derive `Codec`, decode JSON (borrowing strings from the input),
//! change the value, encode it again, and show what a decode error looks like.
//!
//! Run with `cargo run --example quickstart`.

use codec::Codec;

#[derive(Codec, Debug, PartialEq)]
#[codec(rename_all = "camelCase")]
struct Status<'a> {
    id: u64,
    text: &'a str, // borrows from the input: no allocation
    user: User<'a>,
    #[codec(rename = "retweet_count")]
    retweets: u32,
    in_reply_to: Option<u64>,
    #[codec(default, skip_encoding_if = "Vec::is_empty")]
    hashtags: Vec<String>,
    place: Place,
}

#[derive(Codec, Debug, PartialEq)]
struct User<'a> {
    id: u64,
    screen_name: &'a str,
}

#[derive(Codec, Debug, PartialEq)]
#[codec(tag = "type")]
enum Place {
    Point { lat: f64, lon: f64 },
    Unknown,
}

fn main() -> Result<(), codec::Error> {
    let input = br#"{
        "id": 1084,
        "text": "hello, codec",
        "user": {"id": 7, "screen_name": "ada"},
        "retweet_count": 12,
        "inReplyTo": null,
        "place": {"lat": 51.5, "lon": -0.12, "type": "Point"}
    }"#;

    let mut status: Status = codec::json::from_slice(input)?;
    println!("decoded: {status:?}");

    status.retweets += 1;
    status.hashtags.push("rust".to_owned());
    let json = codec::json::to_string(&status)?;
    println!("encoded: {json}");

    let again: Status = codec::json::from_str(&json)?;
    assert_eq!(again, status);
    println!("round trip: ok");

    let bad = br#"{"id": 1, "text": "t", "user": {"id": "7", "screen_name": "ada"}}"#;
    let err = codec::json::from_slice::<Status>(bad).unwrap_err();
    println!("error: {err}");
    Ok(())
}
