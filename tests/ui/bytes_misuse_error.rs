use codec::Codec;

mod raw {}

#[derive(Codec, Default)]
struct Inner {
    a: u8,
}

#[derive(Codec)]
struct Blob {
    #[codec(bytes, with = "raw")]
    a: Vec<u8>,
    #[codec(bytes, flatten)]
    b: Inner,
    #[codec(bytes = true)]
    c: Vec<u8>,
}

fn main() {}
