use codec::Codec;

#[derive(Codec)]
#[codec(default)]
enum Mode {
    Fast,
    Slow,
}

#[derive(Codec)]
#[codec(default = "Point::origin")]
struct Point(i32, i32);

fn main() {}
