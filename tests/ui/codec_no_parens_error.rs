use codec::Codec;

#[derive(Codec)]
#[codec]
struct Status {
    #[codec = "id"]
    user_id: u64,
}

fn main() {}
