use codec::Codec;

#[derive(Codec)]
struct Status {
    #[codec(skip_encoding_if = "|v| v.is_empty()")]
    tags: Vec<String>,
    #[codec(skip_encoding_if = Option::is_none)]
    reply_to: Option<u64>,
}

fn main() {}
