use codec::Codec;

// `repr = "int"` writes bare numbers: unit variants only.
#[derive(Codec)]
#[codec(repr = "int")]
#[repr(u8)]
enum Message {
    Ping = 1,
    Text(String) = 2,
    Move { x: i8 } = 3,
}

fn main() {}
