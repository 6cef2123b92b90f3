use codec::Codec;

#[derive(Codec)]
struct Status {
    id: u64,
    #[codec(skip, skip_encoding)]
    cache: Vec<u8>,
    #[codec(skip_encoding, skip_encoding_if = "Option::is_none")]
    note: Option<String>,
}

fn main() {}
