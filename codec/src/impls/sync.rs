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

use crate::error::{Error, ErrorKind, Result};
use crate::json::{JsonReader, JsonWriter};
#[cfg(feature = "msgpack")]
use crate::msgpack::{MsgpackReader, MsgpackWriter};
use crate::{Decode, Encode};

#[cold]
#[inline(never)]
fn poisoned(message: &'static str) -> Error {
    Error::without_position(ErrorKind::InvalidValue(Cow::Borrowed(message)))
}

const MUTEX_POISONED: &str = "the Mutex is poisoned (a thread panicked while holding it)";
const RWLOCK_POISONED: &str = "the RwLock is poisoned (a thread panicked while holding it)";

impl<T: Encode + ?Sized> Encode for Mutex<T> {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        self.lock().map_err(|_| poisoned(MUTEX_POISONED))?.encode_json(w)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        self.lock().map_err(|_| poisoned(MUTEX_POISONED))?.encode_msgpack(w)
    }
}

impl<T: Encode + ?Sized> Encode for RwLock<T> {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) -> Result<()> {
        self.read().map_err(|_| poisoned(RWLOCK_POISONED))?.encode_json(w)
    }

    #[inline]
    #[cfg(feature = "msgpack")]
    fn encode_msgpack(&self, w: &mut MsgpackWriter) -> Result<()> {
        self.read().map_err(|_| poisoned(RWLOCK_POISONED))?.encode_msgpack(w)
    }
}

macro_rules! decode_locked {
    ($($lock:ident)*) => {$(
        impl<'de, T: Decode<'de>> Decode<'de> for $lock<T> {
            #[inline]
            fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
                T::decode_json(r).map($lock::new)
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
                T::decode_msgpack(r).map($lock::new)
            }

            #[inline]
            fn absent() -> Option<Self> {
                T::absent().map($lock::new)
            }
        }
    )*};
}

decode_locked!(Mutex RwLock);
