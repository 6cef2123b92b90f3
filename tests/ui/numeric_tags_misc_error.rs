use codec::Codec;

// A string name that spells another variant's integer or bool is the same JSON key.
#[derive(Codec)]
enum Spelled {
    #[codec(rename = 2)]
    Two,
    #[codec(rename = "2")]
    TwoText,
    #[codec(rename = "true")]
    Yes,
    #[codec(alias = true)]
    AlsoYes,
}

// `repr = "int"` takes its names from the discriminants, in the bare form only.
#[derive(Codec)]
#[codec(repr = "int", tag = "t", rename_all = "camelCase")]
enum Level {
    #[codec(rename = 5)]
    Low,
    #[codec(alias = "high")]
    High,
}

#[derive(Codec)]
#[codec(repr = "num")]
enum Unknown {
    A,
}

#[derive(Codec)]
#[codec(repr = "int")]
struct NotAnEnum {
    a: u8,
}

fn main() {}
