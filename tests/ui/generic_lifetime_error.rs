// The stub impls emitted beside the errors keep the type's generics, bounds and
// lifetimes, and so add no error of their own.
use std::borrow::Cow;
use std::fmt::Debug;

use codec::{Codec, Decode, Encode};

#[derive(Codec)]
struct Page<'a, 'b: 'a, T: Clone + Debug + 'a, const N: usize>
where
    T: PartialEq,
{
    #[codec(renam = "items")]
    items: Vec<Cow<'a, T>>,
    title: &'b str,
    pad: [u8; N],
}

#[derive(Codec)]
#[codec(tag = "kind")]
enum Node<'a, T: Default = u8> {
    Leaf(&'a str, T),
    Branch { children: Vec<Node<'a, T>> },
}

fn assert_encode<T: Encode>() {}
fn assert_decode<'de, T: Decode<'de>>() {}

fn main() {
    assert_encode::<Page<'static, 'static, String, 4>>();
    assert_decode::<Page<'_, '_, String, 4>>();
    assert_encode::<Node<'static>>();
    assert_decode::<Node<'_, u32>>();
}
