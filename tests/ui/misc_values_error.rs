use codec::Codec;

#[derive(Codec)]
#[codec(crate = "not a path", deny_unknown_fields = true)]
struct Status {
    #[codec(with = 1, default(x))]
    id: u64,
    #[codec(flatten, rename = "x")]
    inner: Inner,
}

#[derive(Codec)]
struct Inner {
    a: u8,
}

fn main() {}
