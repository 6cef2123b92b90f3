use codec::Codec;

#[derive(Codec)]
#[codec(tag = "t", content = "t")]
enum Message {
    Text(String),
    Ping,
}

#[derive(Codec)]
#[codec(tag = "type")]
enum Event {
    Click {
        #[codec(rename = "type")]
        kind: u8,
    },
}

fn main() {}
