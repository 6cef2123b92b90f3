use codec::Codec;

#[derive(Codec)]
#[codec(tag = type)]
enum Shape {
    Circle {
        #[codec(rename = 5)]
        r: f64,
    },
    Square {
        #[codec(rename)]
        side: f64,
        #[codec(default = true, skip = true)]
        label: String,
    },
}

fn main() {}
