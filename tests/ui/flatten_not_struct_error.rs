// A `flatten` field whose type has no named members (a `Vec`): the error names the
// public concept (what can be flattened) and the fixes, on the field's type, once per
// direction, and no private item of codec. Decoding reports a third time, on the derive:
// the struct's decoding state holds the flattened type's, and rustc checks that state's
// type where the derive declares it (no span there covers the field).
use codec::Codec;

#[derive(Codec)]
struct Page {
    title: String,
    #[codec(flatten)]
    rows: Vec<u8>,
}

fn main() {}
