use codec::Codec;

#[derive(Codec)]
#[codec(tag = "type")]
enum Shape {
    Circle { r: f64 },
    Rect(f64, f64),
    Count(u32),
    Labels(Vec<String>),
    Empty,
}

fn main() {}
