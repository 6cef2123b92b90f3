use codec::Codec;

#[derive(Codec)]
#[serde(rename_all(serialize = "camelCase", deserialize = "snake_case"))]
struct Status {
    #[serde(rename(serialize = "userId"))]
    user_id: u64,
    #[serde(rename(serialize = "a", deserialize = "b"))]
    text: String,
    // The same both ways is codec's `rename = "n"`: no error.
    #[serde(rename(serialize = "n", deserialize = "n"))]
    name: String,
    // `#[codec]` stands in: no error.
    #[serde(rename(deserialize = "x"))]
    #[codec(rename = "x")]
    x_pos: u8,
}

#[derive(Codec)]
#[serde(rename_all_fields(deserialize = "camelCase"))]
enum Event {
    #[serde(rename(deserialize = "started"), rename_all(serialize = "UPPERCASE"))]
    Started { at: u64 },
}

fn main() {}
