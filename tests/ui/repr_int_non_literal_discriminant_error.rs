use codec::Codec;

const BASE: u8 = 10;

// The derive writes the discriminants as literals: it must know them.
#[derive(Codec)]
#[codec(repr = "int")]
#[repr(u8)]
enum Level {
    Low = BASE,
    Mid = 1 << 4,
    High = 30,
}

fn main() {}
