// `bytes` needs a byte-string type: the error points at the field.
use codec::Codec;

#[derive(Codec)]
struct Blob {
    #[codec(bytes)]
    text: String,
}

fn main() {}
