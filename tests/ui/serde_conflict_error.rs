use codec::Codec;

#[derive(Codec)]
#[codec(rename_all = "camelCase")]
#[serde(rename_all = "snake_case")]
struct Status {
    #[codec(rename = "id")]
    #[serde(rename = "ID")]
    id: u64,
    #[codec(default)]
    #[serde(default = "fallback")]
    count: u32,
    #[codec(skip_encoding_if = "Option::is_none")]
    #[serde(skip_serializing_if = "Option::is_some")]
    reply_to: Option<u64>,
    // Equal in both: no error.
    #[codec(rename = "t", default)]
    #[serde(rename = "t", default)]
    text: String,
}

fn fallback() -> u32 {
    1
}

#[derive(Codec)]
#[codec(tag = "type")]
#[serde(tag = "kind")]
enum Event {
    A { x: u8 },
}

fn main() {}
