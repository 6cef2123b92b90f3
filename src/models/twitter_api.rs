//! `zio-json/twitter_api_response.json`: a Twitter API v1.1 timeline, a JSON array of 2
//! tweets (each a retweet carrying its original in `retweeted_status`). Its field set
//! differs from `twitter.json`'s (no `metadata`; `is_quote_status`, `has_extended_profile`,
//! `translator_type`), so it has its own types.

use codec::Codec;
use serde::{Deserialize, Serialize};

/// The document: `Vec<Tweet>`.
pub type Timeline = Vec<Tweet>;

/// A tweet.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Tweet {
    pub created_at: String,
    pub id: u64,
    pub id_str: String,
    pub text: String,
    pub truncated: bool,
    pub entities: Entities,
    pub source: String,
    pub in_reply_to_status_id: Option<u64>,
    pub in_reply_to_status_id_str: Option<String>,
    pub in_reply_to_user_id: Option<u64>,
    pub in_reply_to_user_id_str: Option<String>,
    pub in_reply_to_screen_name: Option<String>,
    pub user: User,
    pub geo: Option<Point>,
    pub coordinates: Option<Point>,
    pub place: Option<Place>,
    pub contributors: Option<Vec<u64>>,
    #[codec(skip_encoding_if = "Option::is_none")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retweeted_status: Option<Box<Tweet>>,
    pub is_quote_status: bool,
    pub retweet_count: u32,
    pub favorite_count: u32,
    pub favorited: bool,
    pub retweeted: bool,
    pub possibly_sensitive: bool,
    pub lang: String,
}

/// `entities` of a tweet.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Entities {
    pub hashtags: Vec<Hashtag>,
    pub symbols: Vec<Hashtag>,
    pub user_mentions: Vec<UserMention>,
    pub urls: Vec<Url>,
}

/// A hashtag (or cashtag); always absent in this file.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Hashtag {
    pub text: String,
    pub indices: [u32; 2],
}

/// An `@mention`.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct UserMention {
    pub screen_name: String,
    pub name: String,
    pub id: u64,
    pub id_str: String,
    pub indices: [u32; 2],
}

/// A link and where it stands in the text.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Url {
    pub url: String,
    pub expanded_url: String,
    pub display_url: String,
    pub indices: [u32; 2],
}

/// `{"urls": [...]}`.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Urls {
    pub urls: Vec<Url>,
}

/// `entities` of a user.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct UserEntities {
    pub url: Urls,
    pub description: Urls,
}

/// The author of a tweet.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct User {
    pub id: u64,
    pub id_str: String,
    pub name: String,
    pub screen_name: String,
    pub location: String,
    pub description: String,
    pub url: Option<String>,
    pub entities: UserEntities,
    pub protected: bool,
    pub followers_count: u32,
    pub friends_count: u32,
    pub listed_count: u32,
    pub created_at: String,
    pub favourites_count: u32,
    pub utc_offset: Option<i32>,
    pub time_zone: Option<String>,
    pub geo_enabled: bool,
    pub verified: bool,
    pub statuses_count: u32,
    pub lang: String,
    pub contributors_enabled: bool,
    pub is_translator: bool,
    pub is_translation_enabled: bool,
    pub profile_background_color: String,
    pub profile_background_image_url: String,
    pub profile_background_image_url_https: String,
    pub profile_background_tile: bool,
    pub profile_image_url: String,
    pub profile_image_url_https: String,
    pub profile_banner_url: Option<String>,
    pub profile_link_color: String,
    pub profile_sidebar_border_color: String,
    pub profile_sidebar_fill_color: String,
    pub profile_text_color: String,
    pub profile_use_background_image: bool,
    pub has_extended_profile: bool,
    pub default_profile: bool,
    pub default_profile_image: bool,
    pub following: bool,
    pub follow_request_sent: bool,
    pub notifications: bool,
    pub translator_type: String,
}

/// `geo` and `coordinates` (always `null` in this file).
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Point {
    #[codec(rename = "type")]
    #[serde(rename = "type")]
    pub kind: String,
    pub coordinates: [f64; 2],
}

/// `place` (always `null` in this file): its identifying fields.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Place {
    pub id: String,
    pub url: String,
    pub place_type: String,
    pub name: String,
    pub full_name: String,
    pub country_code: String,
    pub country: String,
}
