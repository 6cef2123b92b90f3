use codec::Codec;

// Attributes that exist, written where they do not belong.
#[derive(Codec)]
#[codec(rename = "status")]
struct Status {
    #[codec(tag = "type")]
    user_id: u64,
}

#[derive(Codec)]
enum Shape {
    #[codec(skip)]
    Circle { r: f64 },
    Square {
        #[codec(other)]
        side: f64,
    },
}

fn main() {}
