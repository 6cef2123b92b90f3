//! `Cell` and `RefCell`: written as what they hold, as serde writes them.
//!
//! Encoding a `RefCell` borrows it (`try_borrow`); while it is mutably borrowed that is an
//! [`InvalidValue`](crate::ErrorKind::InvalidValue) error, never a panic. Decoding wraps
//! the decoded content; a missing field is missing as its content would be
//! (`Cell<Option<u8>>` is `Cell::new(None)`).
//!
//! | type | JSON | MessagePack |
//! |---|---|---|
//! | `Cell<T>` (`T: Copy`), `RefCell<T>` | `T`'s form | `T`'s form |
//!
//! ```
//! use std::cell::RefCell;
//! let cell = RefCell::new(vec![1, 2]);
//! assert_eq!(codec::json::to_string(&cell)?, "[1,2]");
//! let guard = cell.borrow_mut();
//! let err = codec::json::to_string(&cell).unwrap_err();
//! assert_eq!(err.to_string(), "invalid value: the RefCell is mutably borrowed");
//! drop(guard);
//! assert_eq!(codec::json::from_str::<RefCell<Vec<u8>>>("[3]")?.into_inner(), [3]);
//! # Ok::<(), codec::Error>(())
//! ```

use alloc::borrow::Cow;
use core::cell::{Cell, RefCell};

use crate::error::{Error, ErrorKind, Result};
use crate::json::{JsonReader, JsonWriter};
#[cfg(feature = "msgpack")]
use crate::msgpack::{MsgpackReader, MsgpackWriter};
use crate::{Decode, Encode};

impl<T: Encode + Copy> Encode for Cell<T> {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        self.get().encode_json(w)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        self.get().encode_msgpack(w)
    }
}

#[cold]
#[inline(never)]
fn mutably_borrowed() -> Error {
    Error::without_position(ErrorKind::InvalidValue(Cow::Borrowed("the RefCell is mutably borrowed")))
}

impl<T: Encode + ?Sized> Encode for RefCell<T> {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        self.try_borrow().map_err(|_| mutably_borrowed())?.encode_json(w)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        self.try_borrow().map_err(|_| mutably_borrowed())?.encode_msgpack(w)
    }
}

macro_rules! decode_wrapped {
    ($($cell:ident)*) => {$(
        impl<'de, T: Decode<'de>> Decode<'de> for $cell<T> {
            #[inline]
            fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
                T::decode_json(r).map($cell::new)
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
                T::decode_msgpack(r).map($cell::new)
            }

            #[inline]
            fn absent() -> Option<Self> {
                T::absent().map($cell::new)
            }
        }
    )*};
}

decode_wrapped!(Cell RefCell);
