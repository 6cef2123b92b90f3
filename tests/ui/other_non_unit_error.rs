use codec::Codec;

#[derive(Codec)]
#[codec(tag = "type")]
enum Event {
    Click {
        x: i32,
        y: i32,
    },
    #[codec(other)]
    Unknown {
        raw: String,
    },
}

fn main() {}
