// A struct stamped out by `macro_rules!` (two levels deep) with a field whose type
// implements neither `Encode` nor `Decode`: still one error per trait, on the type where
// the macro's caller wrote it, and none about the derive's own locals.
use codec::Codec;

struct Opaque;

macro_rules! inner {
    ($name:ident, $f:ident: $t:ty) => {
        #[derive(Codec)]
        struct $name {
            id: u64,
            $f: $t,
        }
    };
}

macro_rules! model {
    ($($body:tt)*) => { inner!($($body)*); };
}

model!(Holder, inner: Opaque);

fn main() {}
