//! `json-benchmark/citm_catalog.json`: a ticketing catalog. The name tables and `events`
//! are objects keyed by numeric ids, modelled as `BTreeMap<u32, _>` (the keys are JSON
//! strings holding integers). Fields that are always `null` or `[]` in this file are an
//! `Option` or a `Vec` of what they would hold. [`borrowed`] borrows the strings.

use std::collections::BTreeMap;

use codec::Codec;
use serde::{Deserialize, Serialize};

/// The document.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[codec(rename_all = "camelCase")]
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
#[codec(rename_all = "camelCase")]
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
#[codec(rename_all = "camelCase")]
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
#[codec(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct Price {
    pub amount: u32,
    pub audience_sub_category_id: u32,
    pub seat_category_id: u32,
}

/// The areas of one seat category.
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[codec(rename_all = "camelCase")]
#[serde(rename_all = "camelCase")]
pub struct SeatCategory {
    pub areas: Vec<Area>,
    pub seat_category_id: u32,
}

/// An area (its blocks are always `[]` in this file).
#[derive(Codec, Serialize, Deserialize, Debug, PartialEq, Clone)]
#[codec(rename_all = "camelCase")]
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
    #[codec(rename_all = "camelCase")]
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
    #[codec(rename_all = "camelCase")]
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
    #[codec(rename_all = "camelCase")]
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
