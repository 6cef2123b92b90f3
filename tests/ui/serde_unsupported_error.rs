use codec::Codec;

#[derive(Clone)]
struct Wire {
    id: u64,
}

#[derive(Codec, Clone)]
#[serde(from = "Wire", into = "Wire", try_from = "Wire")]
struct Id {
    id: u64,
}

#[derive(Codec)]
#[serde(remote = "Wire")]
struct WireDef {
    #[serde(getter = "Wire::id")]
    id: u64,
}

#[derive(Codec)]
#[serde(field_identifier, variant_identifier)]
enum Field {
    Id,
}

#[derive(Codec)]
enum Event {
    #[serde(skip)]
    Internal(std::cell::Cell<u8>),
    #[serde(skip_serializing)]
    ReadOnly,
    #[serde(skip_deserializing)]
    WriteOnly,
    #[serde(with = "module")]
    Custom(u8),
    #[serde(untagged)]
    Fallback(String),
}

fn main() {}
