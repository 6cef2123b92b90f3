use codec::Codec;

// A float cannot name a variant; neither can other literals, nor a number beyond i64 and u64.
#[derive(Codec)]
#[codec(tag = "t")]
enum Shape {
    #[codec(rename = 1.5)]
    Circle,
    #[codec(rename = 'c')]
    Square,
    #[codec(rename = 18446744073709551616)]
    Huge,
    #[codec(rename = -9223372036854775809)]
    Tiny,
    #[codec(alias = 2e3)]
    Line,
}

fn main() {}
