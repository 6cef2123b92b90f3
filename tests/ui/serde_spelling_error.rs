use codec::Codec;

#[derive(Codec)]
struct Status {
    #[codec(skip_serializing_if = "Option::is_none")]
    reply_to: Option<u64>,
    #[codec(serialize_with = "my::encode")]
    text: String,
}

fn main() {}
