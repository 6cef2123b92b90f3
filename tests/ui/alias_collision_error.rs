use codec::Codec;

#[derive(Codec)]
struct Status {
    id: u64,
    #[codec(alias = "id")]
    user_id: u64,
    text: String,
}

#[derive(Codec)]
enum Kind {
    Reply,
    #[codec(alias = "Reply")]
    Retweet,
}

fn main() {}
