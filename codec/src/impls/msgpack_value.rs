//! The model's impls for MessagePack's own types: [`msgpack::Value`](Value) and its
//! [`Map`], [`Ext`] and [`Timestamp`], one generic body each.
//!
//! `Value` and `Map` call the walk `msgpack/value.rs` defines beside them over the core's
//! `Reader` and `Writer` (`read_from`, `write_to`). `Ext` and `Timestamp` are MessagePack
//! extensions in MessagePack and have a form of their own elsewhere (JSON): an `Ext` is
//! `[type, [bytes...]]`, a `Timestamp` `{"seconds":...,"nanoseconds":...}` (the form of
//! `SystemTime`, whose helpers in `impls/time.rs` it shares); the reader's and writer's
//! constants choose, and fold away. Here in the model, not beside the types: `Ext`'s and
//! `Timestamp`'s other forms are the model's impls (a tuple, `SystemTime`'s helpers).

use alloc::borrow::Cow;
use alloc::vec::Vec;

use crate::error::Result;
use crate::impls::time::{decode_pair, malformed_pair};
use crate::msgpack::{Ext, Timestamp, Value};
use crate::{Decode, Encode, Reader, Writer};

// `Value`: in MessagePack exactly the value; elsewhere its JSON form (see
// `msgpack::value`), an error naming what that cannot hold. (`Map`, a MessagePack map with
// keys of any type, a JSON object, is the generic map of `impls/dynamic.rs`.)
crate::impls::walk_impls!(Value);

impl Encode for Ext<'_> {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        // A constant: the branch folds away.
        if W::MSGPACK {
            return w.write_ext(self.tag, &self.data);
        }
        (self.tag, &*self.data).encode(w)
    }
}

impl<'de: 'a, 'a> Decode<'de> for Ext<'a> {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        if R::MSGPACK {
            let (tag, data) = r.read_ext()?;
            return Ok(Ext { tag, data: Cow::Borrowed(data) });
        }
        let (tag, data) = <(i8, Vec<u8>)>::decode(r)?;
        Ok(Ext { tag, data: Cow::Owned(data) })
    }
}

impl Encode for Timestamp {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        // A constant: the branch folds away.
        if W::NATIVE_TIMESTAMP {
            return w.write_timestamp(self.seconds(), self.nanoseconds());
        }
        w.begin_map(2)?;
        crate::impls::record::encode_member(w, 0, "seconds")?;
        w.write_i64(self.seconds());
        crate::impls::record::encode_member(w, 1, "nanoseconds")?;
        w.write_u64(self.nanoseconds() as u64);
        w.end_map();
        Ok(())
    }
}

impl<'de> Decode<'de> for Timestamp {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        if R::NATIVE_TIMESTAMP {
            let (seconds, nanoseconds) = r.read_timestamp()?;
            // The reader gives nanoseconds below 10^9 only.
            return Timestamp::new(seconds, nanoseconds).ok_or_else(|| malformed_pair(r.position()));
        }
        let at = r.position();
        let (seconds, nanoseconds) = decode_pair(r, "seconds", "nanoseconds")?;
        Timestamp::new(seconds, nanoseconds).ok_or_else(|| malformed_pair(at))
    }
}
