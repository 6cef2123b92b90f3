use codec::Codec;

#[derive(Codec)]
#[codec(msgpack(struct_as_array))]
struct Pair(u8, u8);

#[derive(Codec)]
#[codec(msgpack(struct_as_array))]
enum Kind {
    A { x: u8 },
}

#[derive(Codec)]
#[codec(transparent, msgpack(struct_as_array))]
struct Wrapper {
    inner: u8,
}

fn main() {}
