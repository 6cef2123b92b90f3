use codec::Codec;

#[derive(Codec)]
#[codec(renam_all = "camelCase")]
struct Status {
    user_id: u64,
}

fn main() {}
