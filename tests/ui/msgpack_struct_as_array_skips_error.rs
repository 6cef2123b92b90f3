// In the positional form, a field left out on one side only (or only sometimes) would
// shift every later field: each such attribute is an error.
use codec::Codec;

#[derive(Codec, Default)]
struct Inner {
    a: u8,
}

#[derive(Codec)]
#[codec(msgpack(struct_as_array))]
struct Packed {
    #[codec(skip_encoding_if = "Option::is_none")]
    maybe: Option<u8>,
    #[codec(skip_encoding)]
    write_only: u8,
    #[codec(skip_decoding)]
    read_only: u8,
    #[codec(flatten)]
    inner: Inner,
    #[codec(skip)]
    fine: u8,
}

fn main() {}
