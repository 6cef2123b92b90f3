use codec::Codec;

#[derive(Codec)]
struct NotAMap {
    #[codec(map_as_pairs)]
    a: Vec<(u8, u8)>,
}

fn main() {}
