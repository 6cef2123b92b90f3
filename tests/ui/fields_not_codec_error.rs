// Two fields of each of two wrapped shapes of a type that implements neither `Encode` nor
// `Decode`: exactly one error per field and trait (eight), each on the field's whole type,
// though the derive names each type in several generated functions.
use codec::Codec;

struct Opaque;

#[derive(Codec)]
struct Holder {
    a: Option<Opaque>,
    b: Option<Opaque>,
    c: Vec<Opaque>,
    d: (u8, Opaque),
}

fn main() {}
