use codec::Codec;

#[derive(Codec)]
#[codec(content = "data")]
enum Message {
    Text(String),
    Ping,
}

fn main() {}
