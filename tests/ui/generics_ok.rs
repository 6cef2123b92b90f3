// Generics, bounds, lifetimes and const parameters next to attributes.
use std::borrow::Cow;

use codec::{Codec, Decode, Encode};

#[derive(Codec)]
#[codec(rename_all = "camelCase")]
struct Page<'a, T: Clone + 'a, const N: usize>
where
    T: PartialEq,
{
    page_items: Vec<T>,
    title: Cow<'a, str>,
    #[codec(skip)]
    scratch: Vec<[u8; N]>,
}

#[derive(Codec)]
#[codec(tag = "kind")]
enum Tree<T> {
    Leaf { value: T },
    Node { children: Vec<Tree<T>> },
}

fn assert_codec<T: Encode + Decode<'static>>() {}

fn main() {
    assert_codec::<Page<'static, u8, 4>>();
    assert_codec::<Tree<String>>();
}
