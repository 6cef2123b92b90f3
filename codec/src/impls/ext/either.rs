//! `either::Either` (feature `either`).
//!
//! | | JSON | MessagePack |
//! |---|---|---|
//! | written as | `{"Left":value}` or `{"Right":value}` | a map of one entry, `{"Left": value}` |
//! | read from | the same | the same |
//!
//! Externally tagged, as either's serde impl (a serde derive) writes it, and as codec
//! writes any enum's newtype variants; rmp-serde writes the same one-entry map. It is read
//! by the code `#[derive(Codec)]` generates for `enum Either<L, R> { Left(L), Right(R) }`,
//! so it behaves as a derived enum does: an unknown variant is an error naming `Left` and
//! `Right`, and an error inside the value has `.Left` or `.Right` on its path. (serde's
//! `either::serde_untagged`, the value alone, is an untagged enum: derive one with
//! `#[codec(untagged)]` for that form.)
//!
//! ```
//! use either::Either;
//!
//! let v: Vec<Either<u8, String>> = vec![Either::Left(1), Either::Right("a".into())];
//! let text = codec::json::to_string(&v)?;
//! assert_eq!(text, r#"[{"Left":1},{"Right":"a"}]"#);
//! assert_eq!(codec::json::from_str::<Vec<Either<u8, String>>>(&text)?, v);
//! let err = codec::json::from_str::<Either<u8, String>>(r#"{"Left":300}"#).unwrap_err();
//! assert_eq!(err.path(), ".Left");
//! # #[cfg(feature = "msgpack")] {
//! assert_eq!(codec::msgpack::to_vec(&v[0])?, b"\x81\xa4Left\x01");
//! # }
//! # Ok::<(), codec::Error>(())
//! ```

use ::either::Either;

use crate::error::Result;
use crate::writer::Encoded;
use crate::{Codec, Decode, Encode, Reader, Writer};

/// What is read: the same shape as `Either`, with the derive's decoder.
#[derive(Codec)]
#[codec(crate = "crate")]
enum Tagged<L, R> {
    Left(L),
    Right(R),
}

impl<L, R> From<Tagged<L, R>> for Either<L, R> {
    #[inline]
    fn from(t: Tagged<L, R>) -> Self {
        match t {
            Tagged::Left(l) => Either::Left(l),
            Tagged::Right(r) => Either::Right(r),
        }
    }
}

/// What comes before a `Left` value and a `Right` value: the derive's bytes for the
/// newtype variants (in JSON the map's `}` follows the value).
const LEFT: Encoded = Encoded { json: b"{\"Left\":", msgpack: b"\x81\xa4Left", cbor: b"\xa1\x64Left" };
const RIGHT: Encoded = Encoded { json: b"{\"Right\":", msgpack: b"\x81\xa5Right", cbor: b"\xa1\x65Right" };
const END: Encoded = Encoded { json: b"}", msgpack: b"", cbor: b"" };

impl<L: Encode, R: Encode> Encode for Either<L, R> {
    /// Written here rather than through `Tagged`, which would need the values moved or
    /// cloned into it: the same bytes as the derive writes.
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        match self {
            Either::Left(l) => {
                w.write_encoded(&LEFT);
                l.encode(w).map_err(|e| e.in_field("Left"))?;
            }
            Either::Right(r) => {
                w.write_encoded(&RIGHT);
                r.encode(w).map_err(|e| e.in_field("Right"))?;
            }
        }
        w.write_encoded(&END);
        Ok(())
    }
}

impl<'de, L: Decode<'de>, R: Decode<'de>> Decode<'de> for Either<L, R> {
    /// `Tagged`'s decoder, generic or (until the derive writes generic decoders) its
    /// format's own through `decode`'s default body.
    #[inline]
    fn decode<Rd: Reader<'de>>(r: &mut Rd) -> Result<Self> {
        Tagged::decode(r).map(Either::from)
    }
}
