use codec::Codec;

#[derive(Codec)]
struct Field<T> {
    #[serde(bound = "T: Default")]
    value: T,
}

#[derive(Codec)]
enum Variant<T> {
    #[serde(bound(serialize = "T: Clone"))]
    One(T),
}

#[derive(Codec)]
#[serde(bound(serialize = "T: serde::Serializer", deserialize = "T: serde::Deserialize<'de>"))]
struct Untranslatable<T> {
    value: T,
}

// A bound on the container (codec's, or serde's translated) covers the field's: no error.
#[derive(Codec)]
#[serde(bound = "T: serde::Serialize + serde::de::DeserializeOwned")]
struct Covered<T> {
    #[serde(bound = "T: Default")]
    value: T,
}

fn main() {}
