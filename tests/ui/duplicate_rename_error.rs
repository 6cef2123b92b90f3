use codec::Codec;

#[derive(Codec)]
struct Status {
    #[codec(rename = "id", rename = "uid")]
    user_id: u64,
    #[codec(rename = "text")]
    #[codec(rename = "body")]
    text: String,
}

fn main() {}
