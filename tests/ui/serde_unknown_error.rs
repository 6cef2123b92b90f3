use codec::Codec;

#[derive(Codec)]
#[serde(msgpack(struct_as_array), deny_unknown_field)]
struct Status {
    #[serde(skip_encoding)]
    id: u64,
    #[serde(rename_all = "camelCase", bytes)]
    data: Vec<u8>,
    #[serde]
    text: String,
}

#[derive(Codec)]
#[serde(tag = "type")]
struct Tagged {
    id: u64,
}

fn main() {}
