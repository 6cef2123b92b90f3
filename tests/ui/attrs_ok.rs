// Every attribute, used correctly, compiles.
use std::borrow::Cow;
use std::collections::BTreeMap;

use codec::{Codec, Decode, Encode};

mod as_string {
    use codec::{Decode, Encode, Reader, Result, Writer};

    pub fn encode<W: Writer>(v: &u64, w: &mut W) -> Result<()> {
        v.to_string().encode(w)
    }

    pub fn decode<'de, R: Reader<'de>>(r: &mut R) -> Result<u64> {
        let s = String::decode(r)?;
        Ok(s.parse().unwrap_or_default())
    }
}

fn one() -> u32 {
    1
}

#[derive(Codec, Default)]
#[codec(rename_all = "camelCase", deny_unknown_fields, default)]
struct Status<'a> {
    #[codec(rename = "id_str", with = "as_string")]
    id: u64,
    #[codec(alias = "body", alias = "full_text")]
    text: Cow<'a, str>,
    #[codec(default = "one", skip_encoding_if = "is_one")]
    retweet_count: u32,
    #[codec(skip)]
    cache: Vec<u8>,
    #[codec(skip_encoding)]
    legacy: Option<String>,
    #[codec(skip_decoding)]
    computed: bool,
    #[codec(flatten)]
    meta: Meta,
}

fn is_one(v: &u32) -> bool {
    *v == 1
}

#[derive(Codec, Default)]
#[codec(rename_all = "SCREAMING_SNAKE_CASE")]
struct Meta {
    created_at: u64,
    #[codec(skip_encoding_if = "Option::is_none")]
    lang: Option<String>,
}

#[derive(Codec)]
#[codec(transparent)]
struct Meters {
    value: f64,
    #[codec(skip)]
    unit: (),
}

#[derive(Codec)]
struct Row(u8, #[codec(skip)] u8, u8);

#[derive(Codec, PartialEq, Eq, PartialOrd, Ord)]
#[codec(rename_all = "kebab-case")]
enum Kind {
    Reply,
    #[codec(rename = "RT", alias = "retweet")]
    Retweet,
}

#[derive(Codec)]
#[codec(tag = "type", rename_all = "snake_case")]
enum Event {
    Click {
        x: i32,
        y: i32,
    },
    #[codec(rename_all = "camelCase")]
    KeyPress {
        key_code: u32,
    },
    Status(Meta),
    Idle,
    #[codec(other)]
    Unknown,
}

#[derive(Codec)]
#[codec(tag = "t", content = "c")]
enum Message {
    Text(String),
    Pair(u8, u8),
    Ping,
}

#[derive(Codec)]
#[codec(untagged)]
enum Value {
    Int(i64),
    Text(String),
    List(Vec<Value>),
}

#[derive(Codec)]
#[codec(bound(encode = "T: codec::Encode", decode = "T: codec::Decode<'de>"))]
struct Wrapper<T> {
    inner: T,
}

#[derive(Codec)]
#[codec(bound = "", crate = "::codec")]
struct Plain<T> {
    #[codec(skip)]
    marker: std::marker::PhantomData<T>,
    n: u8,
}

#[derive(Codec)]
struct Counts {
    by_kind: BTreeMap<Kind, u32>,
}

fn assert_codec<T: Encode + Decode<'static>>() {}

fn main() {
    assert_codec::<Status<'static>>();
    assert_codec::<Meters>();
    assert_codec::<Row>();
    assert_codec::<Event>();
    assert_codec::<Message>();
    assert_codec::<Value>();
    assert_codec::<Wrapper<u8>>();
    assert_codec::<Plain<String>>();
    assert_codec::<Counts>();
}
