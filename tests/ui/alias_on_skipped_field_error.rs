use codec::Codec;

#[derive(Codec)]
struct Status {
    id: u64,
    #[codec(skip, alias = "cache")]
    cached: Option<String>,
    #[codec(skip_decoding, alias = "n")]
    count: u32,
}

#[derive(Codec)]
struct Pair(#[codec(alias = "first")] u8, u8);

fn main() {}
