//! [`Ext`] and [`Timestamp`], the MessagePack extension types, in both formats: their
//! `Encode`/`Decode` impls. In MessagePack they are extensions; in JSON an `Ext` is
//! `[type, [bytes...]]` and a `Timestamp` `{"seconds":...,"nanoseconds":...}` (the JSON
//! form of `SystemTime`, whose helpers in `impls/time.rs` it shares).
//!
//! A bridge between the formats: each impl is one block for both (the `Decode` impls name
//! both readers; `Timestamp`'s `Encode` is one generic body, whose JSON map needs the
//! model's member helper), so they live neither in `msgpack/` nor in `json/`, which name
//! nothing of each other nor of the model. The MessagePack halves stay beside the types
//! (`Timestamp::read`, `write_ext`).

use alloc::borrow::Cow;
use alloc::vec::Vec;

use crate::error::Result;
use crate::impls::time::{decode_pair, malformed_pair};
use crate::json::{JsonReader, JsonWriter};
use crate::msgpack::{Ext, MsgpackReader, MsgpackWriter, Timestamp};
use crate::{Decode, Encode};

impl Encode for Ext<'_> {
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        (self.tag, &*self.data).encode_json(w)
    }

    #[inline]
    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        w.write_ext(self.tag, &self.data)
    }
}

impl<'de: 'a, 'a> Decode<'de> for Ext<'a> {
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        let (tag, data) = <(i8, Vec<u8>)>::decode_json(r)?;
        Ok(Ext { tag, data: Cow::Owned(data) })
    }

    #[inline]
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        let (tag, data) = r.read_ext()?;
        Ok(Ext { tag, data: Cow::Borrowed(data) })
    }
}

impl Encode for Timestamp {
    #[inline]
    fn encode<W: crate::Writer>(&self, w: &mut W) -> Result<()> {
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

    crate::impls::encode_per_format_via_generic!();
}

impl<'de> Decode<'de> for Timestamp {
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        let at = r.position();
        let (seconds, nanoseconds) = decode_pair(r, "seconds", "nanoseconds")?;
        Timestamp::new(seconds, nanoseconds).ok_or_else(|| malformed_pair(at))
    }

    #[inline]
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        Timestamp::read(r)
    }
}
