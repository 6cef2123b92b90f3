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

use super::wrappers::{forward_decode, forward_encode};
use crate::error::{Error, ErrorKind};
use crate::{Decode, Encode};

#[cold]
#[inline(never)]
fn mutably_borrowed() -> Error {
    Error::without_position(ErrorKind::InvalidValue(Cow::Borrowed("the RefCell is mutably borrowed")))
}

forward_encode! {
    [T: Encode + Copy] Cell<T> => |v| v.get();
    [T: Encode + ?Sized] RefCell<T> => |v| *v.try_borrow().map_err(|_| mutably_borrowed())?;
}

forward_decode! {
    [T: Decode<'de>] Cell<T> => T, Cell::new;
    [T: Decode<'de>] RefCell<T> => T, RefCell::new;
}
