//! Euclid's game (HDU 1525, POJ 2348, 一本通 1218): two positive numbers; a move
//! subtracts a positive multiple of the smaller from the larger, leaving it
//! non-negative; whoever makes a number 0 wins.
//!
//! # The rule
//!
//! With `a >= b`, the player to move wins if `a == b` or `a >= 2b`; otherwise
//! (`b < a < 2b`) the only move is to `(b, a - b)`, and the player to move wins
//! exactly when that position is lost for the player who faces it. So the winner
//! flips once per forced step, like Euclid's algorithm, until a position with
//! `a == b` or `a >= 2b` is reached: whoever faces that one first wins.
//!
//! # Why
//!
//! Write `a = q*b + r` with `0 <= r < b`; the moves lead to `(a - k*b, b)` for
//! `1 <= k <= q`.
//! - `r == 0` (this includes `a == b`): taking `k = q` reaches 0 and wins at once.
//! - `q == 1`, `r > 0`: `k = 1` is the only move, to `(b, r)`, so the position is
//!   won exactly when `(b, r)` is lost.
//! - `q >= 2`, `r > 0`: two of the moves lead to `P = (b, r)` (take `k = q`) and to
//!   `Q = (r + b, b)` (take `k = q - 1`). `Q` has `b < r + b < 2b`, so its only move
//!   is to `P`: `Q` is lost exactly when `P` is won. One of `P`, `Q` is therefore
//!   lost for the opponent, and the player to move goes there and wins.
//!
//! # Accepts, errors, complexity
//!
//! Any two positive `u64` in either order (a zero is outside the game: a debug
//! assertion). At most about 92 subtractions (consecutive Fibonacci numbers are the
//! slowest case of Euclid's algorithm), no division, no overflow: `a >= 2b` is
//! tested as `a - b >= b` (`2 * b` overflows for `b > u64::MAX / 2`).
//!
//! # Example
//!
//! ```
//! use contest::euclid::first_player_wins;
//!
//! assert!(first_player_wins(34, 12)); // 34 >= 2 * 12: a choice, so a win
//! assert!(!first_player_wins(15, 24)); // forced 3 times, to (6, 3): the opponent's
//! assert!(!first_player_wins(u64::MAX, u64::MAX - 1)); // forced to (MAX - 1, 1)
//!
//! // A whole dialect: HDU 1525's words.
//! let mut out = Vec::new();
//! let mut sc = contest::Scanner::new(&b"34 12\n15 24\n0 0\n"[..]);
//! contest::euclid::answer_lines(&mut sc, &mut out, b"Stan wins\n", b"Ollie wins\n")?;
//! assert_eq!(out, b"Stan wins\nOllie wins\n");
//! # Ok::<(), contest::Error>(())
//! ```

use std::io::{Read, Write};

use super::scan::{Error, Scanner};

/// The input and output the three dialects share: lines `a b` (positive), until a
/// line `0 0` or the end of the input; for each, `win` if the first player wins,
/// else `lose` (each with its own line end). Errors as [`Scanner::line`] and
/// [`Line::positive`](super::scan::Line::positive) name them.
#[inline]
pub fn answer_lines<R: Read, W: Write>(
    sc: &mut Scanner<R>,
    out: &mut W,
    win: &[u8],
    lose: &[u8],
) -> Result<(), Error> {
    while let Some(line) = sc.line_until([0, 0])? {
        let [a, b] = line.positive()?;
        out.write_all(if first_player_wins(a, b) { win } else { lose })?;
    }
    Ok(())
}

/// Does the player to move win from `(a, b)` (both positive, any order)?
#[inline]
pub fn first_player_wins(a: u64, b: u64) -> bool {
    debug_assert!(a > 0 && b > 0, "a game position has two positive numbers");
    let (mut big, mut small) = if a >= b { (a, b) } else { (b, a) };
    let mut mover_wins = true;
    loop {
        let rest = big - small;
        // rest == 0: equal numbers, take all. rest >= small: big >= 2 * small, a choice.
        if rest == 0 || rest >= small {
            return mover_wins;
        }
        // small < big < 2 * small: the only move hands (small, rest) to the other player.
        (big, small) = (small, rest);
        mover_wins = !mover_wins;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// F_0 ..= F_93 (F_1 = F_2 = 1); F_93 is the largest Fibonacci number below 2^64.
    fn fibonacci() -> Vec<u64> {
        let mut f = vec![0u64, 1];
        while f.len() <= 93 {
            f.push(f[f.len() - 1] + f[f.len() - 2]);
        }
        f
    }

    /// Consecutive Fibonacci numbers give the longest forced chain: from
    /// `(F_{k+1}, F_k)`, `k >= 3`, the only move is to `(F_k, F_{k-1})`, and the chain
    /// ends at `(2, 1)`, a win. So the first player wins exactly for even `k`
    /// (and at `(1, 1)`).
    #[test]
    fn consecutive_fibonacci_pairs_alternate_the_winner() {
        let f = fibonacci();
        for k in 1..=92 {
            let expected = k == 1 || k % 2 == 0;
            assert_eq!(first_player_wins(f[k + 1], f[k]), expected, "k = {k}");
            assert_eq!(first_player_wins(f[k], f[k + 1]), expected, "k = {k}");
        }
    }

    #[test]
    fn does_not_overflow_at_the_top_of_u64() {
        let max = u64::MAX;
        assert!(!first_player_wins(max, max - 1));
        assert!(first_player_wins(max, max));
        assert!(first_player_wins(max, 1));
        // 2 * b wraps here; the true 2b exceeds a, so the only move is to (2^63, 1).
        assert!(!first_player_wins((1 << 63) + 1, 1 << 63));
    }

    /// Pairs anywhere in `u64`, weighted toward the regions where the game is subtle.
    fn position() -> impl Strategy<Value = (u64, u64)> {
        let fib = fibonacci();
        prop_oneof![
            (1..=u64::MAX, 1..=u64::MAX),
            (0..1_000u64, 0..1_000u64).prop_map(|(x, y)| (u64::MAX - x, u64::MAX - y)),
            (1..=92usize, -2..=2i64, -2..=2i64).prop_map(move |(k, da, db)| {
                let nudge = |v: u64, d: i64| v.saturating_add_signed(d).max(1);
                (nudge(fib[k + 1], da), nudge(fib[k], db))
            }),
            (2..=u64::MAX, any::<u64>()).prop_map(|(b, x)| {
                let room = (b - 1).min(u64::MAX - b);
                (b + 1 + x % room.max(1), b)
            }),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// The rule is a consistent labelling of the game graph at any size: from a
        /// won position some move reaches 0 or a lost position; from a lost one every
        /// move reaches a won one (a lost position has a single move, `q == 1`).
        #[test]
        fn large_positions_obey_the_laws_of_the_game((a, b) in position()) {
            let (big, small) = (a.max(b), a.min(b));
            let (q, r) = (big / small, big % small);
            if first_player_wins(a, b) {
                let to_zero = r == 0;
                let to_remainder = r > 0 && !first_player_wins(small, r);
                let to_remainder_plus_b = q >= 2 && r > 0 && !first_player_wins(r + small, small);
                prop_assert!(to_zero || to_remainder || to_remainder_plus_b);
            } else {
                prop_assert!(r != 0 && q == 1, "({}, {}) lost with q = {}", a, b, q);
                prop_assert!(first_player_wins(small, r));
            }
        }

        #[test]
        fn order_of_the_two_numbers_does_not_matter((a, b) in position()) {
            prop_assert_eq!(first_player_wins(a, b), first_player_wins(b, a));
        }
    }
}
