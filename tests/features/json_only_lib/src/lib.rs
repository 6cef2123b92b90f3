//! A library written the way a user of `codec = { default-features = false }` writes
//! one: JSON only. Its hand-written `Encode`, `Decode`, `EncodeKey`, `DecodeKey`,
//! `EncodeBytes` and `DecodeBytes` and its `with` module are generic over the format (the
//! one method each of those traits asks for); its derived types use them.
//!
//! Cargo unifies features over a build, so when another crate in the same build turns on
//! `codec`'s `msgpack` feature (`msgpack_user` does), this crate is compiled against the
//! MessagePack-enabled traits and derive. It must compile there too, and it does with
//! nothing to spare: no trait has a method per format, so the generic impls and module
//! simply work in MessagePack, and so does every derived type.
//! CI builds this crate both ways: `cargo test -p json_only_lib` alone (no MessagePack)
//! and `cargo test -p msgpack_user` (MessagePack on).

use std::collections::BTreeMap;

use codec::{Codec, Decode, DecodeBytes, DecodeKey, Encode, EncodeBytes, EncodeKey, Error, Reader, Result, Writer};

/// A temperature, a number: a hand-written `Encode`/`Decode`, generic over the format.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Celsius(pub f64);

impl Encode for Celsius {
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.write_f64(self.0)
    }
}

impl<'de> Decode<'de> for Celsius {
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        r.read_f64().map(Celsius)
    }
}

/// A sensor's name as a map key, written `"sensor:<name>"`: a hand-written
/// `EncodeKey`/`DecodeKey`, generic over the format.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct SensorId(pub String);

impl EncodeKey for SensorId {
    fn encode_key<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.write_str(&format!("sensor:{}", self.0))
    }
}

impl<'de> DecodeKey<'de> for SensorId {
    fn decode_key<R: Reader<'de>>(key: R::Key, r: &mut R) -> Result<Self> {
        // An error at the key, wherever the reader is when it surfaces.
        let at = r.key_offset(key);
        r.key_str_with(key, |text| match text.strip_prefix("sensor:") {
            Some(name) => Ok(SensorId(name.to_owned())),
            None => Err(Error::custom(format!("expected `sensor:<name>`, found {text:?}")).or_at(at)),
        })
    }
}

/// Four bytes, for a `#[codec(bytes)]` field: a hand-written `EncodeBytes`/`DecodeBytes`,
/// generic over the format, that writes a hex string where the format is read by people
/// (JSON) and the bytes elsewhere, a branch on a constant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Digest(pub [u8; 4]);

impl EncodeBytes for Digest {
    fn encode_bytes<W: Writer>(&self, w: &mut W) -> Result<()> {
        if !W::HUMAN_READABLE {
            return w.write_bytes(&self.0);
        }
        w.write_str(&self.0.iter().map(|b| format!("{b:02x}")).collect::<String>())
    }
}

impl<'de> DecodeBytes<'de> for Digest {
    fn decode_bytes<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        if !R::HUMAN_READABLE {
            let bytes = r.read_bytes()?;
            return <[u8; 4]>::try_from(&bytes[..]).map(Digest).map_err(|_| Error::custom("expected 4 bytes"));
        }
        r.read_str_with(|text, _| {
            let mut out = [0u8; 4];
            if text.len() != 8 || !text.is_ascii() {
                return Err(Error::custom("expected 8 hex digits"));
            }
            for (i, byte) in out.iter_mut().enumerate() {
                *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16)
                    .map_err(|_| Error::custom("expected hex digits"))?;
            }
            Ok(Digest(out))
        })
    }
}

/// A `u32` as a string of hex digits: a `with` module, generic over the format, written in
/// a crate that does not enable MessagePack (it works in MessagePack all the same).
pub mod hex_u32 {
    use codec::{Error, Reader, Result, Writer};

    /// Writes `v` as `"0x..."`.
    pub fn encode<W: Writer>(v: &u32, w: &mut W) -> Result<()> {
        w.write_str(&format!("{v:#x}"))
    }

    /// Reads `"0x..."`.
    pub fn decode<'de, R: Reader<'de>>(r: &mut R) -> Result<u32> {
        r.read_str_with(|text, _| {
            let digits = text.strip_prefix("0x").ok_or_else(|| Error::custom("expected 0x"))?;
            u32::from_str_radix(digits, 16).map_err(|_| Error::custom("expected hex digits"))
        })
    }
}

/// A derived type made of the hand-written ones: it round-trips in every format the build
/// has.
#[derive(Codec, Debug, Clone, PartialEq)]
pub struct Reading {
    pub at: u64,
    pub temp: Celsius,
    #[codec(with = "hex_u32")]
    pub code: u32,
    pub by_sensor: BTreeMap<SensorId, f64>,
    #[codec(bytes)]
    pub digest: Digest,
}

/// A derived type whose only member goes through the `with` module of this JSON-only
/// crate, by name, by position and as a variant's content.
#[derive(Codec, Debug, Clone, PartialEq)]
pub struct Coded {
    #[codec(with = "hex_u32")]
    pub code: u32,
}

/// See [`Coded`].
#[derive(Codec, Debug, Clone, PartialEq)]
pub struct CodedPair(#[codec(with = "hex_u32")] pub u32, pub bool);

/// See [`Coded`].
#[derive(Codec, Debug, Clone, PartialEq)]
pub enum CodedVariant {
    Code(#[codec(with = "hex_u32")] u32),
    None,
}

/// Derived types of std types only: they round-trip in every format the build has.
#[derive(Codec, Debug, Clone, PartialEq)]
#[codec(tag = "kind")]
pub enum Station {
    Indoor { room: String },
    Outdoor { lat: f64, lon: f64 },
}

/// See [`Station`].
#[derive(Codec, Debug, Clone, PartialEq)]
#[codec(rename_all = "camelCase")]
pub struct Site {
    pub site_name: String,
    pub station: Station,
    pub counts: Vec<u32>,
    #[codec(default, skip_encoding_if = "Option::is_none")]
    pub note: Option<String>,
}

/// An example of each type, for the tests of both builds.
pub fn example_reading() -> Reading {
    Reading {
        at: 17,
        temp: Celsius(20.5),
        code: 0xbeef,
        by_sensor: BTreeMap::from([(SensorId("hall".into()), 1.5)]),
        digest: Digest([0xde, 0xad, 0xbe, 0xef]),
    }
}

/// See [`example_reading`].
pub fn example_site() -> Site {
    Site { site_name: "roof".into(), station: Station::Outdoor { lat: 1.5, lon: -2.0 }, counts: vec![3, 4], note: None }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn json_round_trip<T>(value: &T, json: &str)
    where
        T: Encode + codec::DecodeOwned + PartialEq + std::fmt::Debug,
    {
        assert_eq!(codec::json::to_string(value).unwrap(), json);
        assert_eq!(&codec::json::from_str::<T>(json).unwrap(), value);
    }

    #[test]
    fn hand_written_json_impls_work_in_derived_types() {
        json_round_trip(
            &example_reading(),
            r#"{"at":17,"temp":20.5,"code":"0xbeef","by_sensor":{"sensor:hall":1.5},"digest":"deadbeef"}"#,
        );
        let err = codec::json::from_str::<Reading>(
            r#"{"at":1,"temp":1,"code":"0x1","by_sensor":{"hall":1},"digest":"00000000"}"#,
        )
        .unwrap_err();
        assert_eq!((err.path().as_str(), err.offset()), (".by_sensor", Some(43)), "{err}");
        assert!(err.to_string().starts_with(r#"expected `sensor:<name>`, found "hall""#), "{err}");
    }

    #[test]
    fn with_module_by_name_by_position_and_in_a_variant() {
        json_round_trip(&Coded { code: 255 }, r#"{"code":"0xff"}"#);
        json_round_trip(&CodedPair(16, true), r#"["0x10",true]"#);
        json_round_trip(&CodedVariant::Code(1), r#"{"Code":"0x1"}"#);
        json_round_trip(&CodedVariant::None, r#""None""#);
    }

    #[test]
    fn std_only_derived_types() {
        json_round_trip(
            &example_site(),
            r#"{"siteName":"roof","station":{"kind":"Outdoor","lat":1.5,"lon":-2.0},"counts":[3,4]}"#,
        );
        json_round_trip(&Station::Indoor { room: "lab".into() }, r#"{"kind":"Indoor","room":"lab"}"#);
    }
}
