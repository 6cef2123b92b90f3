use codec::Codec;

#[derive(Codec)]
struct Row(u8, #[codec(skip_encoding_if = "Option::is_none")] Option<u8>, u8);

#[derive(Codec)]
enum Shape {
    Line(#[codec(skip_encoding_if = "Vec::is_empty")] Vec<f64>, f64),
}

fn main() {}
