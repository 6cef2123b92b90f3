use codec::Codec;

#[derive(Codec)]
#[codec(tag = "type")]
struct Status {
    id: u64,
}

#[derive(Codec)]
#[codec(untagged)]
struct Point(i32, i32);

fn main() {}
