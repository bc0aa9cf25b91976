//! Wythoff's game: two piles; a move takes any positive number of stones from one
//! pile, or the same positive number from both; whoever takes the last stone wins.
//! [`is_p_position`] decides exactly, for every pair of `u64`, whether the player to
//! move loses, with integer arithmetic only.
//!
//! # The rule
//!
//! Order the piles so that `a <= b` and let `k = b - a`. The player to move loses
//! exactly when `a = floor(k * phi)`, `phi = (1 + sqrt 5) / 2` (for `k = 0`: `a = 0`).
//!
//! # Why
//!
//! Let `a_0 = 0` and `a_k` be the smallest natural number not among
//! `a_0, b_0, ..., a_{k-1}, b_{k-1}`, with `b_j = a_j + j`. Every positive integer
//! is in exactly one pair `(a_k, b_k)` and every difference `k` in exactly one, so
//! no move joins two pairs (one pile, or the difference, is kept), and from any
//! other position a move reaches a pair (take from the larger pile down to the
//! partner of the smaller, or equally from both down to the pair of the smaller
//! difference). So the pairs are the losing positions. Beatty's theorem with
//! `r = phi`, `s = phi^2 = phi + 1` gives the same recursion for
//! `(floor(k phi), floor(k phi) + k)`, hence `a_k = floor(k phi)`.
//!
//! Exactly, with integers: as `phi` is irrational, for `k > 0` the test is
//! `a < k phi < a + 1`, i.e. `2a - k < k sqrt5 < 2a + 2 - k`.
//! - Left: true if `2a < 3k`; otherwise `(2a - 3k)(a + b) < k^2`.
//! - Right: false unless `2a + 2 > 3k`; then `k^2 < (2a + 2 - 3k)(a + b + 2)`.
//!
//! # Accepts, errors, complexity
//!
//! Any two `u64`, either order; `O(1)`: two `u128` products with `checked_mul`. A
//! factor is below `2^66`, so a product can overflow `u128`, but then it is at least
//! `2^128 > k^2`, which settles the comparison. (An `f64` product already picks the
//! wrong floor at `k = 102334155`; the direct `u^2 < 5k^2` overflows `u128` near
//! `u64::MAX`.)
//!
//! # Example
//!
//! ```
//! use contest::wythoff::is_p_position;
//!
//! assert!(is_p_position(0, 0) && is_p_position(1, 2) && is_p_position(5, 3));
//! assert!(!is_p_position(8, 4));
//! assert!(is_p_position(11_400_714_819_323_198_485, u64::MAX));
//! ```

/// Does the player to move lose with piles of `a` and `b` stones? Exact for every
/// pair of `u64`.
#[inline]
pub fn is_p_position(a: u64, b: u64) -> bool {
    let (a, b) = (a.min(b), a.max(b));
    let k = u128::from(b - a);
    let (a, sum) = (u128::from(a), u128::from(a) + u128::from(b));
    if k == 0 {
        return a == 0;
    }
    let k2 = k * k;
    // a < k phi: either 2a < 3k, or (2a - 3k)(a + b) < k^2.
    let above_a = match (2 * a).checked_sub(3 * k) {
        None | Some(0) => true,
        Some(d) => d.checked_mul(sum).is_some_and(|p| p < k2),
    };
    // k phi < a + 1: 2a + 2 > 3k and k^2 < (2a + 2 - 3k)(a + b + 2).
    let below_a1 = match (2 * a + 2).checked_sub(3 * k) {
        None | Some(0) => false,
        Some(d) => d.checked_mul(sum + 2).map_or(true, |p| k2 < p),
    };
    above_a && below_a1
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Fibonacci numbers `F_2 = 1, F_3 = 2, ...`: `fib()[i]` is `F_{i+2}`, up past
    /// `2 * u64::MAX`.
    fn fib() -> Vec<u128> {
        let mut f = vec![1u128, 2];
        while f[f.len() - 1] <= 2 * u128::from(u64::MAX) {
            f.push(f[f.len() - 1] + f[f.len() - 2]);
        }
        f
    }

    /// Independent oracle: the partner of `x` in its losing pair, from Zeckendorf's
    /// representation (a lower Wythoff number's smallest term has an even index; its
    /// partner is the representation shifted up, an upper one's shifted down).
    fn partner(x: u128) -> u128 {
        let fib = fib();
        let mut rest = x;
        let mut terms = Vec::new();
        for (i, &f) in fib.iter().enumerate().rev() {
            if f <= rest {
                rest -= f;
                terms.push(i);
            }
        }
        let lower = terms.last().is_some_and(|&i| i % 2 == 0);
        terms
            .iter()
            .map(|&i| if lower { fib[i + 1] } else { fib[i - 1] })
            .sum()
    }

    fn oracle(a: u64, b: u64) -> bool {
        partner(u128::from(a)) == u128::from(b)
    }

    /// The plain game table for piles below `side`.
    fn table(side: usize) -> Vec<Vec<bool>> {
        let mut lose = vec![vec![false; side]; side];
        for a in 0..side {
            for b in 0..side {
                let reaches_p = (0..a).any(|t| lose[t][b])
                    || (0..b).any(|t| lose[a][t])
                    || (1..=a.min(b)).any(|d| lose[a - d][b - d]);
                lose[a][b] = !reaches_p;
            }
        }
        lose
    }

    #[test]
    fn agrees_with_the_game_table_on_every_pair_below_150() {
        for (a, row) in (0u64..).zip(table(150)) {
            for (b, lost) in (0u64..).zip(row) {
                assert_eq!(is_p_position(a, b), lost, "({a}, {b})");
                assert_eq!(oracle(a, b), lost, "oracle ({a}, {b})");
            }
        }
    }

    #[test]
    fn is_exact_where_the_f64_formula_fails() {
        // k = F_40: floor(k phi) = F_41 - 1, where the f64 product rounds up.
        assert!(is_p_position(165_580_140, 267_914_295));
        assert!(!is_p_position(165_580_141, 267_914_296));
        let k = 1u64 << 62;
        assert!(!is_p_position(
            7_461_864_723_258_187_776,
            7_461_864_723_258_187_776 + k
        ));
        assert!(is_p_position(
            7_461_864_723_258_187_525,
            7_461_864_723_258_187_525 + k
        ));
    }

    #[test]
    fn is_exact_where_the_products_overflow_u128() {
        for (a, b) in [
            (13_932_663_905_115_730_048, 15_495_341_019_512_226_796),
            (12_212_110_548_678_446_069, 16_371_008_505_233_851_536),
            (12_155_385_351_460_730_966, 16_168_500_663_257_468_683),
        ] {
            assert!(!oracle(a, b));
            assert!(!is_p_position(a, b), "({a}, {b})");
        }
    }

    fn big() -> impl Strategy<Value = u64> {
        prop_oneof![
            any::<u64>(),
            (u64::MAX - (1 << 40))..=u64::MAX,
            (0..64u32, -3i64..=3).prop_map(|(e, d)| (1u64 << e).saturating_add_signed(d)),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn agrees_with_the_zeckendorf_oracle(a in big(), b in big()) {
            prop_assert_eq!(is_p_position(a, b), oracle(a, b));
        }

        #[test]
        fn losing_positions_and_their_neighbours_agree_with_the_oracle(x in big()) {
            let Ok(y) = u64::try_from(partner(u128::from(x))) else { return Ok(()) };
            prop_assert!(is_p_position(x, y) && is_p_position(y, x));
            for (p, q) in [(x.wrapping_sub(1), y), (x, y.wrapping_add(1)), (x.wrapping_add(1), y.wrapping_add(1))] {
                prop_assert_eq!(is_p_position(p, q), oracle(p, q), "({}, {})", p, q);
            }
        }

        #[test]
        fn agrees_where_the_products_overflow_u128(
            (a, b) in ((1u64 << 63)..=u64::MAX - (1 << 59))
                .prop_flat_map(|a| (Just(a), (a + (1 << 59))..=u64::MAX)),
        ) {
            prop_assert_eq!(is_p_position(a, b), oracle(a, b));
        }
    }
}
