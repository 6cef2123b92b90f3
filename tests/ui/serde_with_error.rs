use codec::Codec;

mod as_string {}

#[derive(Codec)]
struct Account {
    #[serde(with = "as_string")]
    id: u64,
    #[serde(serialize_with = "as_string::serialize")]
    owner: u64,
    #[serde(deserialize_with = "as_string::deserialize")]
    group: u64,
    // A `#[codec]` setting stands in for each: no error.
    #[serde(with = "as_string")]
    #[codec(skip)]
    cache: u64,
    #[serde(serialize_with = "as_string::serialize")]
    #[codec(skip_encoding)]
    written_by_serde_only: u64,
    #[serde(deserialize_with = "as_string::deserialize", skip_deserializing)]
    never_read: u64,
}

fn main() {}
