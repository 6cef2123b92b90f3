use codec::Codec;

// 1 and 0x1 are the same name; so are 10 and the alias 0b1010.
#[derive(Codec)]
#[codec(tag = "op")]
enum Op {
    #[codec(rename = 1)]
    Add,
    #[codec(rename = 0x1)]
    Sub,
    #[codec(rename = 10)]
    Mul,
    #[codec(rename = 11, alias = 0b1010)]
    Div,
}

// Under `repr = "int"`, an alias cannot repeat another variant's discriminant. (Two
// equal discriminants are rustc's error alone: reported once.)
#[derive(Codec)]
#[codec(repr = "int")]
enum Level {
    Low = 1,
    #[codec(alias = 1)]
    High = 2,
    Top = 2,
}

fn main() {}
