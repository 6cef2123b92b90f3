use codec::Codec;

#[derive(Codec)]
#[codec(transparent)]
struct Meters {
    value: f64,
    unit: String,
}

#[derive(Codec)]
#[codec(transparent)]
struct Seconds {
    #[codec(skip_encoding)]
    value: f64,
    #[codec(skip)]
    cached: Option<String>,
}

#[derive(Codec)]
#[codec(transparent)]
enum Either {
    Left(u8),
}

fn main() {}
