//! Tuples and `[T; N]` as fixed-length arrays (in JSON and in MessagePack): too few or too
//! many elements is an error naming the expected length.

use crate::error::Result;
use crate::{Decode, Encode, Reader, Writer};

/// Reads element `index` of a fixed-length array of `len` (after
/// [`tuple_next`](Reader::tuple_next)); an error inside it gets `[index]` on its path.
/// Always inlined: as a call per element it kept the reader's fields in memory across the
/// call (canada.json with `[f64; 2]` points: 3.2% more instructions per JSON decode, with
/// `(f64, f64)` 3.4%).
#[inline(always)]
fn element<'de, R: Reader<'de>, T: Decode<'de>>(r: &mut R, index: usize, len: usize) -> Result<T> {
    r.tuple_next(index, len)?;
    T::decode(r).map_err(|e| e.in_index(index))
}

macro_rules! tuple_impls {
    ($($len:literal => ($i0:tt $T0:ident $(, $i:tt $T:ident)*))*) => {$(
        impl<$T0: Encode $(, $T: Encode)*> Encode for ($T0, $($T,)*) {
            #[inline]
            fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
                w.begin_array($len)?;
                w.array_element($i0);
                self.$i0.encode(w).map_err(|e| e.in_index($i0))?;
                $(
                    w.array_element($i);
                    self.$i.encode(w).map_err(|e| e.in_index($i))?;
                )*
                w.end_array();
                Ok(())
            }
        }

        impl<'de, $T0: Decode<'de> $(, $T: Decode<'de>)*> Decode<'de> for ($T0, $($T,)*) {
            #[inline]
            fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
                r.begin_tuple($len)?;
                // Tuple expressions evaluate left to right: elements are read in order.
                let value = (element::<R, $T0>(r, $i0, $len)?, $(element::<R, $T>(r, $i, $len)?,)*);
                r.end_tuple($len)?;
                Ok(value)
            }
        }
    )*};
}

tuple_impls! {
    1 => (0 T0)
    2 => (0 T0, 1 T1)
    3 => (0 T0, 1 T1, 2 T2)
    4 => (0 T0, 1 T1, 2 T2, 3 T3)
    5 => (0 T0, 1 T1, 2 T2, 3 T3, 4 T4)
    6 => (0 T0, 1 T1, 2 T2, 3 T3, 4 T4, 5 T5)
    7 => (0 T0, 1 T1, 2 T2, 3 T3, 4 T4, 5 T5, 6 T6)
    8 => (0 T0, 1 T1, 2 T2, 3 T3, 4 T4, 5 T5, 6 T6, 7 T7)
    9 => (0 T0, 1 T1, 2 T2, 3 T3, 4 T4, 5 T5, 6 T6, 7 T7, 8 T8)
    10 => (0 T0, 1 T1, 2 T2, 3 T3, 4 T4, 5 T5, 6 T6, 7 T7, 8 T8, 9 T9)
    11 => (0 T0, 1 T1, 2 T2, 3 T3, 4 T4, 5 T5, 6 T6, 7 T7, 8 T8, 9 T9, 10 T10)
    12 => (0 T0, 1 T1, 2 T2, 3 T3, 4 T4, 5 T5, 6 T6, 7 T7, 8 T8, 9 T9, 10 T10, 11 T11)
    13 => (0 T0, 1 T1, 2 T2, 3 T3, 4 T4, 5 T5, 6 T6, 7 T7, 8 T8, 9 T9, 10 T10, 11 T11, 12 T12)
    14 => (0 T0, 1 T1, 2 T2, 3 T3, 4 T4, 5 T5, 6 T6, 7 T7, 8 T8, 9 T9, 10 T10, 11 T11, 12 T12, 13 T13)
    15 => (0 T0, 1 T1, 2 T2, 3 T3, 4 T4, 5 T5, 6 T6, 7 T7, 8 T8, 9 T9, 10 T10, 11 T11, 12 T12, 13 T13, 14 T14)
    16 => (0 T0, 1 T1, 2 T2, 3 T3, 4 T4, 5 T5, 6 T6, 7 T7, 8 T8, 9 T9, 10 T10, 11 T11, 12 T12, 13 T13, 14 T14, 15 T15)
}

impl<T: Encode, const N: usize> Encode for [T; N] {
    #[inline]
    fn encode<W: Writer>(&self, w: &mut W) -> Result<()> {
        self.as_slice().encode(w)
    }
}

impl<'de, T: Decode<'de>, const N: usize> Decode<'de> for [T; N] {
    /// In MessagePack the length is known from the header: checked before any element is
    /// read. Always inlined, as the MessagePack form was: for small `N` (a point's
    /// `[f64; 2]`) the loop unrolls and the slots' tags fold away (canada.json: 2.6M
    /// instead of 1.9M instructions per decode otherwise). The JSON form was `#[inline]`.
    #[inline(always)]
    fn decode<R: Reader<'de>>(r: &mut R) -> Result<Self> {
        r.begin_tuple(N)?;
        // Decoded in place on the stack, with no heap and no unsafe: a plain loop fills
        // one slot per element and returns at the first error (dropping what it filled).
        // This measured far fewer instructions than `array::from_fn` with an error flag.
        let mut slots: [Option<T>; N] = [const { None }; N];
        for (i, slot) in slots.iter_mut().enumerate() {
            *slot = Some(element(r, i, N)?);
        }
        r.end_tuple(N)?;
        Ok(slots.map(|slot| match slot {
            Some(v) => v,
            // The loop above filled every slot or returned.
            None => unreachable!("array element missing without an error"),
        }))
    }
}
