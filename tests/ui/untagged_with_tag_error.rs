use codec::Codec;

#[derive(Codec)]
#[codec(tag = "type", untagged)]
enum Value {
    Int { v: i64 },
    Text { v: String },
}

fn main() {}
