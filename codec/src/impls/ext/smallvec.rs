//! `smallvec::SmallVec` (feature `smallvec`, smallvec 1).
//!
//! | | JSON | MessagePack |
//! |---|---|---|
//! | written as | an array | an array |
//! | read from | an array | an array |
//!
//! As smallvec's serde impl, and as `Vec` in codec: an error inside element `i` gets `[i]`
//! on its path, and a MessagePack array reserves what the reader allows for its announced
//! length ([`MsgpackReader::capacity_for`](crate::msgpack::MsgpackReader::capacity_for)),
//! and nothing for an array that fits inline.
//!
//! ```
//! use smallvec::SmallVec;
//!
//! let v: SmallVec<[u16; 4]> = codec::json::from_str("[1, 2, 3]")?;
//! assert!(!v.spilled());
//! assert_eq!(codec::json::to_string(&v)?, "[1,2,3]");
//! let err = codec::json::from_str::<SmallVec<[u8; 4]>>("[1, 300]").unwrap_err();
//! assert_eq!((err.path(), err.offset()), ("[1]".to_owned(), Some(4)));
//! # Ok::<(), codec::Error>(())
//! ```

use ::smallvec::{Array, SmallVec};

use super::super::collections::{seq_decode, seq_encode};
use crate::{Decode, Encode};

seq_encode! {
    [A: Array<Item = T>, T: Encode] SmallVec<A>;
}

seq_decode! {
    [A: Array<Item = T>, T: Decode<'de>] SmallVec<A> =>
        // What fits inline takes nothing from the reader's presizing budget (JSON's 0
        // elements always fit).
        make: |r, n| match n <= A::size() {
            true => SmallVec::new(),
            false => SmallVec::with_capacity(r.capacity_for(n, core::mem::size_of::<T>())),
        },
        push: SmallVec::push;
}
