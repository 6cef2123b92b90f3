use codec::Codec;

#[derive(Codec)]
union Bits {
    int: u32,
    float: f32,
}

fn main() {}
