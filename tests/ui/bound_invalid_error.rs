use codec::Codec;

#[derive(Codec)]
#[codec(bound = "T Encode")]
struct Wrapper<T> {
    inner: T,
}

#[derive(Codec)]
#[codec(bound(encode = "T: codec::Encode", serialize = "T: Clone"))]
struct Other<T> {
    inner: T,
}

fn main() {}
