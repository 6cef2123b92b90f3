use codec::Codec;

#[derive(Codec)]
struct Status {
    #[codec(renam = "id")]
    user_id: u64,
}

fn main() {}
