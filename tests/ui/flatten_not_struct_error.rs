// A `flatten` field whose type has no named members (a `Vec`): the error names the
// public concept (what can be flattened) and the fixes, on the field's type, once per
// direction, and no private item of codec.
use codec::Codec;

#[derive(Codec)]
struct Page {
    title: String,
    #[codec(flatten)]
    rows: Vec<u8>,
}

fn main() {}
