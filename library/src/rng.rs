//! A tiny seeded random number generator (splitmix64) for generators and tests:
//! the same seed always gives the same sequence, on every machine.
//!
//! # Accepts, errors, complexity
//!
//! Any `u64` seed; no errors; `O(1)` per number, no allocation. Not for
//! cryptography, and [`Rng::range`] has a bias below `2^-64 * span`, which
//! test inputs never notice.
//!
//! # Example
//!
//! ```
//! use contest::rng::Rng;
//!
//! let mut rng = Rng::new(7);
//! let v = rng.range(1, 6);
//! assert!((1..=6).contains(&v));
//! assert_eq!(Rng::new(7).range(1, 6), v);
//! ```

/// splitmix64 (Steele, Lea and Flood): tiny, fast, and good enough for test inputs.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// The generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform enough in `lo..=hi` (multiply-shift), any bounds with `lo <= hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        let span = u128::from(hi - lo) + 1;
        lo + ((u128::from(self.next_u64()) * span) >> 64) as u64
    }

    /// Spread over every magnitude up to `hi >= 1`: a random bit length, then a
    /// value in `1..=hi` of at most that length.
    pub fn log_uniform(&mut self, hi: u64) -> u64 {
        let bits = self.range(1, u64::from(64 - hi.leading_zeros()));
        let top = if bits == 64 {
            u64::MAX
        } else {
            (1 << bits) - 1
        };
        self.range(1, top.min(hi))
    }

    /// `true` or `false`, evenly.
    pub fn coin(&mut self) -> bool {
        self.next_u64() & 1 == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_stays_inside_its_bounds_even_at_the_extremes() {
        let mut rng = Rng::new(1);
        for _ in 0..10_000 {
            assert!((3..=9).contains(&rng.range(3, 9)));
            assert_eq!(rng.range(5, 5), 5);
            let _ = rng.range(0, u64::MAX);
            assert!((1..=1000).contains(&rng.log_uniform(1000)));
            assert!(rng.log_uniform(u64::MAX) >= 1);
        }
    }

    #[test]
    fn range_reaches_both_ends() {
        let mut rng = Rng::new(2);
        let seen: Vec<u64> = (0..1000).map(|_| rng.range(0, 3)).collect();
        assert!(seen.contains(&0) && seen.contains(&3));
    }
}
