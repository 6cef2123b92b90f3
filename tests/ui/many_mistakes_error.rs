// Several mistakes in one type: all are reported in one build, and the uses of the type
// below (as a value, a field, a flattened field and a map key) add no error of their own.
use std::collections::BTreeMap;

use codec::{Codec, Decode, Encode};

#[derive(Codec, Debug)]
#[codec(renam_all = "camelCase", tag = "type")]
struct Status {
    #[codec(rename = 5)]
    user_id: u64,
    #[codec(skip, skip_decoding)]
    cache: Vec<u8>,
    #[codec(rename = "text")]
    body: String,
    text: String,
    #[codec(flaten)]
    extra: Option<u8>,
}

#[derive(Codec, PartialEq, Eq, PartialOrd, Ord)]
#[codec(rename_all = "kebab")]
enum Kind {
    Reply,
    Retweet,
}

#[derive(Codec)]
struct Timeline {
    statuses: Vec<Status>,
    #[codec(flatten)]
    first: Status,
    by_kind: BTreeMap<Kind, u32>,
}

fn assert_codec<T: Encode + for<'de> Decode<'de>>() {}

fn main() {
    assert_codec::<Status>();
    assert_codec::<Timeline>();
    let _ = codec::json::to_string(&Kind::Reply);
    let _: Result<Status, _> = codec::json::from_str("{}");
}
