//! The unit tests' deterministic generator (xorshift64 with shifts 13, 7, 17): the same
//! sequence on every run, so a failing random case repeats. The integration tests have
//! their own in `codec_tests::rng`, which this crate cannot depend on.

/// The next value of the sequence after `seed` (non-zero), one call at a time.
pub(crate) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
