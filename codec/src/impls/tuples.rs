//! Tuples and `[T; N]` as fixed-length arrays (in JSON and in MessagePack): too few or too
//! many elements is an error naming the expected length.

#[cfg(feature = "msgpack")]
use crate::__private::mp;
use crate::__private::{empty_array, tuple_element, tuple_end};
use crate::error::Result;
use crate::json::JsonReader;
#[cfg(feature = "msgpack")]
use crate::msgpack::MsgpackReader;
use crate::writer::encode_per_format_via_generic;
use crate::{Decode, Encode, Writer};

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

            encode_per_format_via_generic!();
        }

        impl<'de, $T0: Decode<'de> $(, $T: Decode<'de>)*> Decode<'de> for ($T0, $($T,)*) {
            #[inline]
            fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
                r.begin_array()?;
                // Tuple expressions evaluate left to right: elements are read in order.
                let value = (tuple_element::<$T0>(r, $i0, $len)?, $(tuple_element::<$T>(r, $i, $len)?,)*);
                tuple_end(r, $len)?;
                Ok(value)
            }

            #[inline]
            #[cfg(feature = "msgpack")]
            fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
                let at = r.position();
                mp::expect_len(r.read_array_len()?, $len, at)?;
                let value = (
                    $T0::decode_msgpack(r).map_err(|e| e.in_index($i0))?,
                    $($T::decode_msgpack(r).map_err(|e| e.in_index($i))?,)*
                );
                r.leave();
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

    encode_per_format_via_generic!();
}

impl<'de, T: Decode<'de>, const N: usize> Decode<'de> for [T; N] {
    #[inline]
    fn decode_json(r: &mut JsonReader<'de>) -> Result<Self> {
        if N == 0 {
            empty_array(r)?;
        } else {
            r.begin_array()?;
        }
        // Decoded in place on the stack, with no heap and no unsafe: a plain loop fills
        // one slot per element and returns at the first error (dropping what it filled).
        // This measured far fewer instructions than `array::from_fn` with an error flag.
        let mut slots: [Option<T>; N] = [const { None }; N];
        for (i, slot) in slots.iter_mut().enumerate() {
            *slot = Some(tuple_element(r, i, N)?);
        }
        if N > 0 {
            tuple_end(r, N)?;
        }
        Ok(slots.map(|slot| match slot {
            Some(v) => v,
            // The loop above filled every slot or returned.
            None => unreachable!("array element missing without an error"),
        }))
    }

    /// The length is known from the header: checked before any element is read. Always
    /// inlined: for small `N` (a point's `[f64; 2]`) the loop unrolls and the slots' tags
    /// fold away (canada.json: 2.6M instead of 1.9M instructions per decode otherwise).
    #[inline(always)]
    #[cfg(feature = "msgpack")]
    fn decode_msgpack(r: &mut MsgpackReader<'de>) -> Result<Self> {
        let at = r.position();
        mp::expect_len(r.read_array_len()?, N, at)?;
        let mut slots: [Option<T>; N] = [const { None }; N];
        for (i, slot) in slots.iter_mut().enumerate() {
            *slot = Some(T::decode_msgpack(r).map_err(|e| e.in_index(i))?);
        }
        r.leave();
        Ok(slots.map(|slot| match slot {
            Some(v) => v,
            None => unreachable!("array element missing without an error"),
        }))
    }
}
