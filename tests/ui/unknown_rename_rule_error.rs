use codec::Codec;

#[derive(Codec)]
#[codec(rename_all = "camel")]
struct Status {
    user_id: u64,
}

fn main() {}
