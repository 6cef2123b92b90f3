//! Integers, floats, `bool`, `char` and `()`.
//!
//! Integers are read through the reader's range-checked entry points, so an overflow names
//! the literal and the type ("300 does not fit in u8") and `1.0` is a type error rather than
//! something truncated. Key forms of these types live in `maps.rs`.
//!
//! In MessagePack integers take their smallest form whatever their Rust type, `f32` is a
//! float 32 and `f64` a float 64 (NaN and the infinities included), `char` a one-character
//! str and `()` nil.

use alloc::borrow::Cow;

use crate::error::{Error, ErrorKind, Result};
use crate::{Decode, Encode, Reader, Writer};

macro_rules! int_impls {
    ($read:ident, $write:ident as $as:ty: $($t:ident)*) => {$(
        impl Encode for $t {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
                w.$write(*self as $as);
                Ok(())
            }
        }

        impl<'de> Decode<'de> for $t {
            #[inline]
            fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
                int_impls!(@$read r, $t)
            }
        }
    )*};

    // The reader checks the range, so the casts below never truncate.
    (@unsigned $r:ident, $t:ident) => {
        $r.read_u64_max(stringify!($t), $t::MAX as u64).map(|v| v as $t)
    };
    (@signed $r:ident, $t:ident) => {
        $r.read_i64_range(stringify!($t), $t::MIN as i64, $t::MAX as i64).map(|v| v as $t)
    };
    (@wide $r:ident, u128) => {
        $r.read_u128()
    };
    (@wide $r:ident, i128) => {
        $r.read_i128()
    };
}

int_impls!(unsigned, write_u64 as u64: u8 u16 u32 u64 usize);
int_impls!(signed, write_i64 as i64: i8 i16 i32 i64 isize);
int_impls!(wide, write_u128 as u128: u128);
int_impls!(wide, write_i128 as i128: i128);

impl Encode for f64 {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.write_f64(*self)
    }
}

impl<'de> Decode<'de> for f64 {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        r.read_f64()
    }
}

impl Encode for f32 {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.write_f32(*self)
    }
}

impl<'de> Decode<'de> for f32 {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        r.read_f32()
    }
}

impl Encode for bool {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.write_bool(*self);
        Ok(())
    }
}

impl<'de> Decode<'de> for bool {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        r.read_bool()
    }
}

impl Encode for char {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.write_str(self.encode_utf8(&mut [0; 4]))
    }
}

impl<'de> Decode<'de> for char {
    /// An error at the string's start (its quote in JSON, its header in MessagePack).
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        r.read_str_with(|s, offset| single_char(s).ok_or_else(|| not_one_char(offset)))
    }
}

/// The only character of `s`, or `None` when `s` holds zero or several.
#[inline]
pub(crate) fn single_char(s: &str) -> Option<char> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

/// A string that should have held exactly one character, at the offset of its quote.
#[cold]
#[inline(never)]
pub(crate) fn not_one_char(offset: usize) -> Error {
    Error::new(ErrorKind::InvalidValue(Cow::Borrowed("expected a string of exactly one character")), offset)
}

impl Encode for () {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        w.write_null();
        Ok(())
    }
}

impl<'de> Decode<'de> for () {
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        r.read_null()
    }
}
