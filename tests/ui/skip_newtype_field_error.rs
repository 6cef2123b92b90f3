use codec::Codec;

#[derive(Codec)]
struct Meters(#[codec(skip)] f64);

#[derive(Codec)]
struct Id(#[codec(skip_encoding_if = "Option::is_none")] Option<u64>);

#[derive(Codec)]
enum Reading {
    Celsius(#[codec(skip_decoding)] f64),
    Raw(u8),
}

fn main() {}
