use codec::Codec;

#[derive(Codec)]
struct Inner {
    a: u8,
}

#[derive(Codec)]
struct Pair(u8, #[codec(flatten)] Inner);

fn main() {}
