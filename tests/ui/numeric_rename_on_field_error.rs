use codec::Codec;

// A field's name is a JSON object key: a string, even when it spells a number.
#[derive(Codec)]
struct Point {
    #[codec(rename = 2)]
    x: i32,
    #[codec(alias = true)]
    y: i32,
    #[codec(rename = "3")]
    z: i32,
}

fn main() {}
