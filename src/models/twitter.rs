//! `json-benchmark/twitter.json`: a Twitter search API response (100 statuses, 73 of
//! them with a nested `retweeted_status`). Every key present in the file is a field; a
//! field absent from some objects is an `Option` that is left out again on encode, and a
//! field that is always `null` here is an `Option` of the shape Twitter documents for it.
//! [`borrowed`] has the same shape with strings borrowed from the input.

use codec::Codec;
use serde::{Deserialize, Serialize};

/// The document.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Twitter {
    pub statuses: Vec<Status>,
    pub search_metadata: SearchMetadata,
}

/// A tweet.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Status {
    pub metadata: Metadata,
    pub created_at: String,
    pub id: u64,
    pub id_str: String,
    pub text: String,
    pub source: String,
    pub truncated: bool,
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
    pub retweeted_status: Option<Box<Status>>,
    pub retweet_count: u32,
    pub favorite_count: u32,
    pub entities: StatusEntities,
    pub favorited: bool,
    pub retweeted: bool,
    #[codec(skip_encoding_if = "Option::is_none")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub possibly_sensitive: Option<bool>,
    pub lang: String,
}

/// `metadata` of a status.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Metadata {
    pub result_type: String,
    pub iso_language_code: String,
}

/// The author of a status.
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
    #[codec(skip_encoding_if = "Option::is_none")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profile_banner_url: Option<String>,
    pub profile_link_color: String,
    pub profile_sidebar_border_color: String,
    pub profile_sidebar_fill_color: String,
    pub profile_text_color: String,
    pub profile_use_background_image: bool,
    pub default_profile: bool,
    pub default_profile_image: bool,
    pub following: bool,
    pub follow_request_sent: bool,
    pub notifications: bool,
}

/// `entities` of a user.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct UserEntities {
    #[codec(skip_encoding_if = "Option::is_none")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<Urls>,
    pub description: Urls,
}

/// `{"urls": [...]}`.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Urls {
    pub urls: Vec<Url>,
}

/// A link and where it stands in the text.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Url {
    pub url: String,
    pub expanded_url: String,
    pub display_url: String,
    pub indices: [u32; 2],
}

/// `entities` of a status.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct StatusEntities {
    pub hashtags: Vec<Hashtag>,
    /// Always empty in this file; Twitter's cashtags have a hashtag's shape.
    pub symbols: Vec<Hashtag>,
    pub urls: Vec<Url>,
    pub user_mentions: Vec<UserMention>,
    #[codec(skip_encoding_if = "Option::is_none")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub media: Option<Vec<Media>>,
}

/// A hashtag (or cashtag).
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

/// An attached photo.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Media {
    pub id: u64,
    pub id_str: String,
    pub indices: [u32; 2],
    pub media_url: String,
    pub media_url_https: String,
    pub url: String,
    pub display_url: String,
    pub expanded_url: String,
    #[codec(rename = "type")]
    #[serde(rename = "type")]
    pub kind: String,
    pub sizes: Sizes,
    #[codec(skip_encoding_if = "Option::is_none")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_status_id: Option<u64>,
    #[codec(skip_encoding_if = "Option::is_none")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_status_id_str: Option<String>,
}

/// The renditions of a photo.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Sizes {
    pub medium: Size,
    pub small: Size,
    pub thumb: Size,
    pub large: Size,
}

/// One rendition.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Size {
    pub w: u32,
    pub h: u32,
    pub resize: String,
}

/// `geo` and `coordinates` (always `null` in this file): a GeoJSON-like point.
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

/// `search_metadata`.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct SearchMetadata {
    pub completed_in: f64,
    pub max_id: u64,
    pub max_id_str: String,
    pub next_results: String,
    pub query: String,
    pub refresh_url: String,
    pub count: u32,
    pub since_id: u64,
    pub since_id_str: String,
}

/// The same document with every string borrowed from the input: `&'a str` where the
/// file never escapes anything, `Cow<'a, str>` for the three fields that hold escapes
/// (`source` has `\"` in its HTML, `text` and `user.description` have `\n`, `\"`...).
pub mod borrowed {
    use std::borrow::Cow;

    use codec::Codec;
    use serde::{Deserialize, Serialize};

    /// The document.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct Twitter<'a> {
        #[serde(borrow)]
        pub statuses: Vec<Status<'a>>,
        #[serde(borrow)]
        pub search_metadata: SearchMetadata<'a>,
    }

    /// A tweet.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct Status<'a> {
        #[serde(borrow)]
        pub metadata: Metadata<'a>,
        pub created_at: &'a str,
        pub id: u64,
        pub id_str: &'a str,
        #[serde(borrow)]
        pub text: Cow<'a, str>,
        #[serde(borrow)]
        pub source: Cow<'a, str>,
        pub truncated: bool,
        pub in_reply_to_status_id: Option<u64>,
        #[serde(borrow)]
        pub in_reply_to_status_id_str: Option<&'a str>,
        pub in_reply_to_user_id: Option<u64>,
        #[serde(borrow)]
        pub in_reply_to_user_id_str: Option<&'a str>,
        #[serde(borrow)]
        pub in_reply_to_screen_name: Option<&'a str>,
        #[serde(borrow)]
        pub user: User<'a>,
        #[serde(borrow)]
        pub geo: Option<Point<'a>>,
        #[serde(borrow)]
        pub coordinates: Option<Point<'a>>,
        #[serde(borrow)]
        pub place: Option<Place<'a>>,
        pub contributors: Option<Vec<u64>>,
        #[codec(skip_encoding_if = "Option::is_none")]
        #[serde(borrow, skip_serializing_if = "Option::is_none")]
        pub retweeted_status: Option<Box<Status<'a>>>,
        pub retweet_count: u32,
        pub favorite_count: u32,
        #[serde(borrow)]
        pub entities: StatusEntities<'a>,
        pub favorited: bool,
        pub retweeted: bool,
        #[codec(skip_encoding_if = "Option::is_none")]
        #[serde(skip_serializing_if = "Option::is_none")]
        pub possibly_sensitive: Option<bool>,
        pub lang: &'a str,
    }

    /// `metadata` of a status.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct Metadata<'a> {
        pub result_type: &'a str,
        pub iso_language_code: &'a str,
    }

    /// The author of a status.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct User<'a> {
        pub id: u64,
        pub id_str: &'a str,
        pub name: &'a str,
        pub screen_name: &'a str,
        pub location: &'a str,
        #[serde(borrow)]
        pub description: Cow<'a, str>,
        #[serde(borrow)]
        pub url: Option<&'a str>,
        #[serde(borrow)]
        pub entities: UserEntities<'a>,
        pub protected: bool,
        pub followers_count: u32,
        pub friends_count: u32,
        pub listed_count: u32,
        pub created_at: &'a str,
        pub favourites_count: u32,
        pub utc_offset: Option<i32>,
        #[serde(borrow)]
        pub time_zone: Option<&'a str>,
        pub geo_enabled: bool,
        pub verified: bool,
        pub statuses_count: u32,
        pub lang: &'a str,
        pub contributors_enabled: bool,
        pub is_translator: bool,
        pub is_translation_enabled: bool,
        pub profile_background_color: &'a str,
        pub profile_background_image_url: &'a str,
        pub profile_background_image_url_https: &'a str,
        pub profile_background_tile: bool,
        pub profile_image_url: &'a str,
        pub profile_image_url_https: &'a str,
        #[codec(skip_encoding_if = "Option::is_none")]
        #[serde(borrow, skip_serializing_if = "Option::is_none")]
        pub profile_banner_url: Option<&'a str>,
        pub profile_link_color: &'a str,
        pub profile_sidebar_border_color: &'a str,
        pub profile_sidebar_fill_color: &'a str,
        pub profile_text_color: &'a str,
        pub profile_use_background_image: bool,
        pub default_profile: bool,
        pub default_profile_image: bool,
        pub following: bool,
        pub follow_request_sent: bool,
        pub notifications: bool,
    }

    /// `entities` of a user.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct UserEntities<'a> {
        #[codec(skip_encoding_if = "Option::is_none")]
        #[serde(borrow, skip_serializing_if = "Option::is_none")]
        pub url: Option<Urls<'a>>,
        #[serde(borrow)]
        pub description: Urls<'a>,
    }

    /// `{"urls": [...]}`.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct Urls<'a> {
        #[serde(borrow)]
        pub urls: Vec<Url<'a>>,
    }

    /// A link and where it stands in the text.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct Url<'a> {
        pub url: &'a str,
        pub expanded_url: &'a str,
        pub display_url: &'a str,
        pub indices: [u32; 2],
    }

    /// `entities` of a status.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct StatusEntities<'a> {
        #[serde(borrow)]
        pub hashtags: Vec<Hashtag<'a>>,
        #[serde(borrow)]
        pub symbols: Vec<Hashtag<'a>>,
        #[serde(borrow)]
        pub urls: Vec<Url<'a>>,
        #[serde(borrow)]
        pub user_mentions: Vec<UserMention<'a>>,
        #[codec(skip_encoding_if = "Option::is_none")]
        #[serde(borrow, skip_serializing_if = "Option::is_none")]
        pub media: Option<Vec<Media<'a>>>,
    }

    /// A hashtag (or cashtag).
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct Hashtag<'a> {
        pub text: &'a str,
        pub indices: [u32; 2],
    }

    /// An `@mention`.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct UserMention<'a> {
        pub screen_name: &'a str,
        pub name: &'a str,
        pub id: u64,
        pub id_str: &'a str,
        pub indices: [u32; 2],
    }

    /// An attached photo.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct Media<'a> {
        pub id: u64,
        pub id_str: &'a str,
        pub indices: [u32; 2],
        pub media_url: &'a str,
        pub media_url_https: &'a str,
        pub url: &'a str,
        pub display_url: &'a str,
        pub expanded_url: &'a str,
        #[codec(rename = "type")]
        #[serde(rename = "type")]
        pub kind: &'a str,
        #[serde(borrow)]
        pub sizes: Sizes<'a>,
        #[codec(skip_encoding_if = "Option::is_none")]
        #[serde(skip_serializing_if = "Option::is_none")]
        pub source_status_id: Option<u64>,
        #[codec(skip_encoding_if = "Option::is_none")]
        #[serde(borrow, skip_serializing_if = "Option::is_none")]
        pub source_status_id_str: Option<&'a str>,
    }

    /// The renditions of a photo.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct Sizes<'a> {
        #[serde(borrow)]
        pub medium: Size<'a>,
        #[serde(borrow)]
        pub small: Size<'a>,
        #[serde(borrow)]
        pub thumb: Size<'a>,
        #[serde(borrow)]
        pub large: Size<'a>,
    }

    /// One rendition.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct Size<'a> {
        pub w: u32,
        pub h: u32,
        pub resize: &'a str,
    }

    /// `geo` and `coordinates` (always `null` in this file).
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct Point<'a> {
        #[codec(rename = "type")]
        #[serde(rename = "type")]
        pub kind: &'a str,
        pub coordinates: [f64; 2],
    }

    /// `place` (always `null` in this file).
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct Place<'a> {
        pub id: &'a str,
        pub url: &'a str,
        pub place_type: &'a str,
        pub name: &'a str,
        pub full_name: &'a str,
        pub country_code: &'a str,
        pub country: &'a str,
    }

    /// `search_metadata`.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct SearchMetadata<'a> {
        pub completed_in: f64,
        pub max_id: u64,
        pub max_id_str: &'a str,
        pub next_results: &'a str,
        pub query: &'a str,
        pub refresh_url: &'a str,
        pub count: u32,
        pub since_id: u64,
        pub since_id_str: &'a str,
    }
}
