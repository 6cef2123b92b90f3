//! `arrayvec::{ArrayVec, ArrayString}` (feature `arrayvec`).
//!
//! | type | JSON | MessagePack |
//! |---|---|---|
//! | `ArrayVec<T, CAP>` | an array of at most `CAP` elements | an array of at most `CAP` elements |
//! | `ArrayString<CAP>` | a string of at most `CAP` bytes | a str of at most `CAP` bytes |
//!
//! As arrayvec's serde impl. Input that does not fit is an error, never a panic or a
//! silent truncation: in JSON at the first element past the capacity (with `[CAP]` on the
//! path), before that element is read; in MessagePack at the array's header, whose count
//! says it all before any element is read; for a string, at the string. An `ArrayString`
//! is also a map key (a string key in both formats).
//!
//! ```
//! use arrayvec::{ArrayString, ArrayVec};
//!
//! let v: ArrayVec<u8, 3> = codec::json::from_str("[1, 2, 3]")?;
//! assert_eq!(codec::json::to_string(&v)?, "[1,2,3]");
//! let err = codec::json::from_str::<ArrayVec<u8, 3>>("[1, 2, 3, 4]").unwrap_err();
//! assert_eq!((err.path(), err.offset()), ("[3]".to_owned(), Some(10)));
//! assert_eq!(err.to_string(), "invalid value: more than 3 elements for an ArrayVec of capacity 3 at [3] (line 1, column 11)");
//!
//! let s: ArrayString<8> = codec::json::from_str(r#""code""#)?;
//! assert_eq!(s.as_str(), "code");
//! let err = codec::json::from_str::<ArrayString<4>>(r#""toolong""#).unwrap_err();
//! assert_eq!(err.to_string(), "invalid value: a string of 7 bytes does not fit in an ArrayString of capacity 4 (line 1, column 1)");
//! # Ok::<(), codec::Error>(())
//! ```

use alloc::borrow::Cow;

use ::arrayvec::{ArrayString, ArrayVec};

use super::super::collections::seq_encode;
use crate::error::{Error, ErrorKind, Result};
use crate::impls::string_form::{string_impls, FromText, ToText};
use crate::{Decode, Encode, Reader};

#[cold]
#[inline(never)]
fn too_many_elements(at: usize, cap: usize) -> Error {
    let msg = format!("more than {cap} elements for an ArrayVec of capacity {cap}");
    Error::new(ErrorKind::InvalidValue(Cow::Owned(msg)), at).in_index(cap)
}

#[cold]
#[inline(never)]
fn array_too_long(at: usize, len: usize, cap: usize) -> Error {
    let msg = format!("an array of {len} elements does not fit in an ArrayVec of capacity {cap}");
    Error::new(ErrorKind::InvalidValue(Cow::Owned(msg)), at)
}

#[cold]
#[inline(never)]
fn string_too_long(at: usize, len: usize, cap: usize) -> Error {
    let msg = format!("a string of {len} bytes does not fit in an ArrayString of capacity {cap}");
    Error::new(ErrorKind::InvalidValue(Cow::Owned(msg)), at)
}

seq_encode! {
    [T: Encode, const CAP: usize] ArrayVec<T, CAP>;
}

impl<'de, T: Decode<'de>, const CAP: usize> Decode<'de> for ArrayVec<T, CAP> {
    /// Where the format announces the length (MessagePack), too many is an error at the
    /// array's header; otherwise (JSON) at the first element past the capacity, checked
    /// before it is read: its position, not its contents, is what is wrong.
    #[inline]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        let at = r.position();
        let make = |_: &mut R, n| match n <= CAP {
            true => Ok(ArrayVec::new()),
            false => Err(array_too_long(at, n, CAP)),
        };
        r.read_seq(make, |r, out: &mut ArrayVec<T, CAP>, index| {
            // With an announced length `make` checked it all, but a format that announces
            // lengths may also have collections that announce none (CBOR's
            // indefinite-length arrays, whose `n` is 0): the test is made in every format.
            if out.is_full() {
                return Err(too_many_elements(r.value_start(), CAP));
            }
            match T::decode(r) {
                Ok(v) => {
                    out.push(v);
                    Ok(())
                }
                Err(e) => Err(e.in_index(index)),
            }
        })
    }
}

impl<const CAP: usize> ToText for ArrayString<CAP> {
    #[inline]
    fn with_text(&self, write: impl FnOnce(&str) -> Result<()>) -> Result<()> {
        write(self)
    }
}

impl<const CAP: usize> FromText for ArrayString<CAP> {
    type Text = str;

    /// The string, if it fits.
    #[inline]
    fn from_text(text: &str, at: usize) -> Result<Self> {
        ArrayString::from(text).map_err(|_| string_too_long(at, text.len(), CAP))
    }
}

string_impls!(impl[const CAP: usize] Encode, Decode, EncodeKey, DecodeKey for ArrayString<CAP>);
