// A field whose type implements neither `Encode` nor `Decode`: one error per trait, on
// the field's type.
use codec::Codec;

struct Opaque;

#[derive(Codec)]
struct Holder {
    id: u64,
    inner: Opaque,
}

fn main() {}
