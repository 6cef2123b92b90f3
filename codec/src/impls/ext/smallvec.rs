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

use super::super::collections::{decode_seq, encode_seq};
#[cfg(feature = "msgpack")]
use super::super::collections::{decode_seq_msgpack, encode_seq_msgpack};
use crate::error::Result;
use crate::json::{JsonReader, JsonWriter};
#[cfg(feature = "msgpack")]
use crate::msgpack::{MsgpackReader, MsgpackWriter};
use crate::{Decode, Encode};

impl<A: Array> Encode for SmallVec<A>
where
    A::Item: Encode,
{
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        encode_seq(w, self)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        encode_seq_msgpack(w, self.len(), self)
    }
}

impl<'de, A: Array> Decode<'de> for SmallVec<A>
where
    A::Item: Decode<'de>,
{
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        let mut out = SmallVec::new();
        decode_seq(r, |v| out.push(v))?;
        Ok(out)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        // What fits inline takes nothing from the reader's presizing budget.
        let make = |r: &mut MsgpackReader<'de>, n| match n <= A::size() {
            true => SmallVec::new(),
            false => SmallVec::with_capacity(r.capacity_for(n, core::mem::size_of::<A::Item>())),
        };
        decode_seq_msgpack(r, make, SmallVec::push)
    }
}
