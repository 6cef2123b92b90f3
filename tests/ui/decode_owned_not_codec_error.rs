// `from_reader` of a type that does not implement `Decode`: the error names
// `DecodeOwned`'s requirement, the derive, and the `_slice` forms for borrowing types.
struct Opaque;

fn main() {
    let input: &[u8] = b"{}";
    let _ = codec::json::from_reader::<Opaque>(input);
}
