//! Copies of the benchmark models of `src/models/` (twitter, citm with its borrowed
//! variant, canada) with their `#[codec(...)]` attributes removed: only `#[serde(...)]`
//! attributes remain, which `#[derive(Codec)]` reads.

pub mod twitter {
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
        #[serde(skip_serializing_if = "Option::is_none")]
        pub retweeted_status: Option<Box<Status>>,
        pub retweet_count: u32,
        pub favorite_count: u32,
        pub entities: StatusEntities,
        pub favorited: bool,
        pub retweeted: bool,
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
        #[serde(rename = "type")]
        pub kind: String,
        pub sizes: Sizes,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub source_status_id: Option<u64>,
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
}

pub mod citm {
    use std::collections::BTreeMap;

    use codec::Codec;
    use serde::{Deserialize, Serialize};

    /// The document.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    #[serde(rename_all = "camelCase")]
    pub struct CitmCatalog {
        pub area_names: BTreeMap<u32, String>,
        pub audience_sub_category_names: BTreeMap<u32, String>,
        pub block_names: BTreeMap<u32, String>,
        pub events: BTreeMap<u32, Event>,
        pub performances: Vec<Performance>,
        pub seat_category_names: BTreeMap<u32, String>,
        pub sub_topic_names: BTreeMap<u32, String>,
        pub subject_names: BTreeMap<u32, String>,
        pub topic_names: BTreeMap<u32, String>,
        pub topic_sub_topics: BTreeMap<u32, Vec<u32>>,
        /// Keyed by venue code (`"PLEYEL_PLEYEL"`), not by id.
        pub venue_names: BTreeMap<String, String>,
    }

    /// An event.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    #[serde(rename_all = "camelCase")]
    pub struct Event {
        pub description: Option<String>,
        pub id: u32,
        pub logo: Option<String>,
        pub name: String,
        pub sub_topic_ids: Vec<u32>,
        pub subject_code: Option<String>,
        pub subtitle: Option<String>,
        pub topic_ids: Vec<u32>,
    }

    /// A performance of an event.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    #[serde(rename_all = "camelCase")]
    pub struct Performance {
        pub event_id: u32,
        pub id: u32,
        pub logo: Option<String>,
        pub name: Option<String>,
        pub prices: Vec<Price>,
        pub seat_categories: Vec<SeatCategory>,
        pub seat_map_image: Option<String>,
        /// Milliseconds since the Unix epoch.
        pub start: u64,
        pub venue_code: String,
    }

    /// A price for one audience in one seat category.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    #[serde(rename_all = "camelCase")]
    pub struct Price {
        pub amount: u32,
        pub audience_sub_category_id: u32,
        pub seat_category_id: u32,
    }

    /// The areas of one seat category.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    #[serde(rename_all = "camelCase")]
    pub struct SeatCategory {
        pub areas: Vec<Area>,
        pub seat_category_id: u32,
    }

    /// An area (its blocks are always `[]` in this file).
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    #[serde(rename_all = "camelCase")]
    pub struct Area {
        pub area_id: u32,
        pub block_ids: Vec<u32>,
    }

    /// The same document with strings borrowed from the input: `&'a str` everywhere except
    /// an event's `name`, a `Cow<'a, str>` because one of them holds an escape.
    pub mod borrowed {
        use std::borrow::Cow;
        use std::collections::BTreeMap;

        use codec::Codec;
        use serde::{Deserialize, Serialize};

        pub use super::{Price, SeatCategory};

        /// The document.
        #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
        #[serde(rename_all = "camelCase")]
        pub struct CitmCatalog<'a> {
            #[serde(borrow)]
            pub area_names: BTreeMap<u32, &'a str>,
            #[serde(borrow)]
            pub audience_sub_category_names: BTreeMap<u32, &'a str>,
            #[serde(borrow)]
            pub block_names: BTreeMap<u32, &'a str>,
            #[serde(borrow)]
            pub events: BTreeMap<u32, Event<'a>>,
            #[serde(borrow)]
            pub performances: Vec<Performance<'a>>,
            #[serde(borrow)]
            pub seat_category_names: BTreeMap<u32, &'a str>,
            #[serde(borrow)]
            pub sub_topic_names: BTreeMap<u32, &'a str>,
            #[serde(borrow)]
            pub subject_names: BTreeMap<u32, &'a str>,
            #[serde(borrow)]
            pub topic_names: BTreeMap<u32, &'a str>,
            pub topic_sub_topics: BTreeMap<u32, Vec<u32>>,
            #[serde(borrow)]
            pub venue_names: BTreeMap<&'a str, &'a str>,
        }

        /// An event.
        #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
        #[serde(rename_all = "camelCase")]
        pub struct Event<'a> {
            #[serde(borrow)]
            pub description: Option<&'a str>,
            pub id: u32,
            #[serde(borrow)]
            pub logo: Option<&'a str>,
            #[serde(borrow)]
            pub name: Cow<'a, str>,
            pub sub_topic_ids: Vec<u32>,
            #[serde(borrow)]
            pub subject_code: Option<&'a str>,
            #[serde(borrow)]
            pub subtitle: Option<&'a str>,
            pub topic_ids: Vec<u32>,
        }

        /// A performance of an event.
        #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
        #[serde(rename_all = "camelCase")]
        pub struct Performance<'a> {
            pub event_id: u32,
            pub id: u32,
            #[serde(borrow)]
            pub logo: Option<&'a str>,
            #[serde(borrow)]
            pub name: Option<&'a str>,
            pub prices: Vec<Price>,
            pub seat_categories: Vec<SeatCategory>,
            #[serde(borrow)]
            pub seat_map_image: Option<&'a str>,
            pub start: u64,
            pub venue_code: &'a str,
        }
    }
}

pub mod canada {
    use std::collections::BTreeMap;

    use codec::Codec;
    use serde::{Deserialize, Serialize};

    /// The document.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct Canada {
        #[serde(rename = "type")]
        pub kind: ObjType,
        pub features: Vec<Feature>,
    }

    /// A feature: properties and a polygon.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct Feature {
        #[serde(rename = "type")]
        pub kind: ObjType,
        pub properties: BTreeMap<String, String>,
        pub geometry: Geometry,
    }

    /// A polygon: rings of `[longitude, latitude]` points.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
    pub struct Geometry {
        #[serde(rename = "type")]
        pub kind: ObjType,
        pub coordinates: Vec<Vec<[f64; 2]>>,
    }

    /// The `type` values that occur.
    #[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Eq, Clone, Copy)]
    pub enum ObjType {
        FeatureCollection,
        Feature,
        Polygon,
    }
}
