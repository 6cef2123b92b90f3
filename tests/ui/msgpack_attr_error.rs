use codec::Codec;

#[derive(Codec)]
#[codec(msgpack(struct_as_arrays), msgpack = "struct_as_array")]
struct A {
    x: u8,
}

#[derive(Codec)]
#[codec(msgpack(struct_as_array, struct_as_array))]
struct B {
    #[codec(msgpack(struct_as_array))]
    x: u8,
}

fn main() {}
