//! `Mutex` and `RwLock`: written as what they hold, as serde writes them. Needs `std`.
//!
//! Encoding locks the value (`lock()`, or `read()` for an `RwLock`), so it waits while
//! another thread holds the lock, and, as with any `lock()`, the thread encoding must not
//! hold it itself. A poisoned lock (a thread panicked while holding it) is an
//! [`InvalidValue`](crate::ErrorKind::InvalidValue) error, as it is an error in serde:
//! the value may be half-updated. Decoding wraps the decoded content, and a missing field
//! is missing as its content would be.
//!
//! | type | JSON | MessagePack |
//! |---|---|---|
//! | `Mutex<T>`, `RwLock<T>` | `T`'s form | `T`'s form |
//!
//! ```
//! use std::sync::{Arc, Mutex};
//! let m = Arc::new(Mutex::new(5u8));
//! assert_eq!(codec::json::to_string(&m)?, "5");
//! let m2 = Arc::clone(&m);
//! let _ = std::thread::spawn(move || {
//!     let _guard = m2.lock().unwrap();
//!     panic!("poisons the mutex");
//! })
//! .join();
//! let err = codec::json::to_string(&m).unwrap_err();
//! assert_eq!(err.to_string(), "invalid value: the Mutex is poisoned (a thread panicked while holding it)");
//! assert_eq!(*codec::json::from_str::<Mutex<u8>>("7")?.lock().unwrap(), 7);
//! # Ok::<(), codec::Error>(())
//! ```

use std::borrow::Cow;
use std::sync::{Mutex, RwLock};

use super::wrappers::{forward_decode, forward_encode};
use crate::error::{Error, ErrorKind};
use crate::{Decode, Encode};

#[cold]
#[inline(never)]
fn poisoned(message: &'static str) -> Error {
    Error::without_position(ErrorKind::InvalidValue(Cow::Borrowed(message)))
}

const MUTEX_POISONED: &str = "the Mutex is poisoned (a thread panicked while holding it)";
const RWLOCK_POISONED: &str = "the RwLock is poisoned (a thread panicked while holding it)";

forward_encode! {
    [T: Encode + ?Sized] Mutex<T> => |v| *v.lock().map_err(|_| poisoned(MUTEX_POISONED))?;
    [T: Encode + ?Sized] RwLock<T> => |v| *v.read().map_err(|_| poisoned(RWLOCK_POISONED))?;
}

forward_decode! {
    [T: Decode<'de>] Mutex<T> => T, Mutex::new;
    [T: Decode<'de>] RwLock<T> => T, RwLock::new;
}
