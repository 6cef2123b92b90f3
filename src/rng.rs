//! A small deterministic generator (xorshift64*): the same sequence everywhere, so a
//! generated dataset or a failing random case repeats. Spreads over all 64 bits, so
//! `f64::from_bits(rng.next())` reaches every exponent and significand.

/// xorshift64* over a non-zero state.
///
/// ```
/// let mut a = codec_tests::rng::Rng(1);
/// let mut b = codec_tests::rng::Rng(1);
/// assert_eq!(a.next(), b.next());
/// assert!(a.below(10) < 10);
/// ```
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}
