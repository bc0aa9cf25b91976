//! Wythoff's game, played (interactive; this workspace's seventh problem).
//!
//! Two piles of `a` and `b` stones, `0 <= a, b <= 10^18`. A move takes any positive
//! number of stones from one pile, or the same positive number from both; the
//! player who moves to `0 0` wins (a player facing `0 0` has lost). The judge's
//! interactor first writes `T`, the number of games. For each game it writes the
//! position `a b`; the solution answers `first` (it moves first) or `second`; then
//! the players alternate, each move written as the new position `a' b'` (piles in
//! the same order). The game ends when someone moves to `0 0` (at once, if the
//! position is `0 0` and the one to move is the solution's opponent), and the next
//! game begins. Every mistake is punished: from a winning position the interactor
//! always makes a winning move, so the solution must choose the winning side and
//! then make a winning move every time. The solution must flush after each line.
//!
//! The rule (as in `wythoff`): with `x <= y` the piles and `k = y - x`, the player
//! to move loses exactly when `x = a_k = floor(k phi)`, `phi = (1 + sqrt 5) / 2`;
//! the losing positions are the pairs `(a_k, b_k)`, `b_k = a_k + k`, and every
//! natural number is in exactly one pair (proof in `wythoff`'s `main.rs` and the
//! library's `wythoff` module).
//!
//! The winning move, in the five cases of the classic analysis (property 3):
//! 1. `x = y` (`k = 0`, so `a_k = 0 < x`): take everything from both piles.
//! 2. `x = a_k`: a losing position; there is no winning move, so choose `second`.
//! 3. `x > a_k`: take `x - a_k` from both piles, reaching `(a_k, b_k)` (the
//!    difference `k` is kept).
//! 4. `x < a_k` and `x = a_j` for some `j`: then `j < k` (the `a_j` increase), so
//!    `b_j = x + j < y`: take the larger pile down to `b_j`.
//! 5. `x < a_k` and `x = b_j` for some `j`: take the larger pile down to
//!    `a_j = floor(x / phi) < x <= y`.
//!
//! Exactly, with integers only (an `f64` product picks the wrong floor from
//! `k = F_40 = 102334155` on):
//! * `a_k = floor((k + sqrt(5 k^2)) / 2) = floor((k + isqrt(5 k^2)) / 2)`, since for an
//!   integer `n`, `floor((n + r) / 2)` depends only on `floor(r)`;
//! * `floor(x / phi) = floor((isqrt(5 x^2) - x) / 2)`, the same way;
//! * `x` is a lower number `a_j` exactly when `a_j = x` for `j = floor(x / phi) + 1`
//!   (`x = floor(j phi)` means `j` is in `(x / phi, (x + 1) / phi)`, an interval
//!   shorter than 1 that can only hold `ceil(x / phi)`); otherwise `x` is an upper
//!   number `b_j` with `j = ceil(x / phi^2) = x - floor(x / phi)`, so
//!   `a_j = x - j = floor(x / phi)`.
//!
//! `5 k^2 <= 5 * 10^36 < 2^128`, so `u128` holds every square; values above 10^18
//! are refused.

use contest::scan::{Error, Scanner};
use std::io::{Read, Write};

/// The largest pile the statement allows.
pub const MAX: u64 = 1_000_000_000_000_000_000;

/// `floor(sqrt(n))`, exactly (Newton's method from above, integers only).
pub fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    // 2^ceil(bits/2) >= sqrt(n): Newton's iterates then decrease to the floor.
    let mut x = 1u128 << ((128 - n.leading_zeros() + 1) / 2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// `a_k = floor(k phi)`, for `k <= 10^18`.
pub fn lower(k: u64) -> u64 {
    let k = u128::from(k);
    ((k + isqrt(5 * k * k)) / 2) as u64
}

/// `floor(x / phi)`, for `x <= 10^18`.
pub fn below_phi(x: u64) -> u64 {
    let x = u128::from(x);
    ((isqrt(5 * x * x) - x) / 2) as u64
}

/// The winning move from `(a, b)` (piles in this order, both at most 10^18), as
/// the position it leads to; `None` when the player to move loses.
pub fn winning_move(a: u64, b: u64) -> Option<(u64, u64)> {
    let (x, y) = (a.min(b), a.max(b));
    let k = y - x;
    let ak = lower(k);
    let (nx, ny) = if x == ak {
        return None;
    } else if x > ak {
        (ak, ak + k)
    } else {
        let j = below_phi(x) + 1;
        if lower(j) == x {
            (x, x + j)
        } else {
            (x, below_phi(x))
        }
    };
    // Back in the order of the piles: `x` was the pile that stays (cases 4 and 5)
    // or shrinks with the other (cases 1 and 3).
    Some(if a <= b { (nx, ny) } else { (ny, nx) })
}

/// Reads a position (two numbers, at most 10^18).
fn position<R: Read>(sc: &mut Scanner<R>) -> Result<(u64, u64), Error> {
    let a = sc.expect("a position")?;
    let a = a.at_most(MAX, "a pile")?;
    let b = sc.expect("the second pile")?;
    let b = b.at_most(MAX, "a pile")?;
    Ok((a, b))
}

/// Plays every game; each line written is flushed at once.
fn play<R: Read, W: Write>(sc: &mut Scanner<R>, out: &mut W) -> Result<(), Error> {
    let games = sc.expect("the number of games")?.number()?;
    for _ in 0..games {
        let mut pos = position(sc)?;
        let mine = winning_move(pos.0, pos.1);
        let mut my_turn = mine.is_some();
        writeln!(out, "{}", if my_turn { "first" } else { "second" })?;
        out.flush()?;
        while pos != (0, 0) {
            if my_turn {
                // From a losing position (only if the interactor errs): empty the
                // larger pile, a legal move that ends the game soon.
                pos = winning_move(pos.0, pos.1).unwrap_or(if pos.0 > pos.1 {
                    (0, pos.1)
                } else {
                    (pos.0, 0)
                });
                writeln!(out, "{} {}", pos.0, pos.1)?;
                out.flush()?;
            } else {
                pos = position(sc)?;
            }
            my_turn = !my_turn;
        }
    }
    Ok(())
}

fn main() {
    contest::run(play);
}

#[cfg(test)]
#[allow(clippy::needless_range_loop)] // the brute-force table is indexed by position
mod tests {
    use super::*;

    const N: usize = 300;

    /// Losing positions by direct game search over every position below `N`.
    fn brute() -> Vec<Vec<bool>> {
        let mut lose = vec![vec![false; N]; N];
        for a in 0..N {
            for b in 0..N {
                let reaches_lose = (0..a).any(|x| lose[x][b])
                    || (0..b).any(|y| lose[a][y])
                    || (1..=a.min(b)).any(|t| lose[a - t][b - t]);
                lose[a][b] = !reaches_lose;
            }
        }
        lose
    }

    fn legal(from: (u64, u64), to: (u64, u64)) -> bool {
        let (da, db) = (from.0.checked_sub(to.0), from.1.checked_sub(to.1));
        match (da, db) {
            (Some(da), Some(db)) => (da, db) != (0, 0) && (da == 0 || db == 0 || da == db),
            _ => false,
        }
    }

    #[test]
    fn every_small_position_gets_a_legal_winning_move_or_none_when_lost() {
        let lose = brute();
        for a in 0..N {
            for b in 0..N {
                let got = winning_move(a as u64, b as u64);
                match got {
                    None => assert!(lose[a][b], "({a}, {b}) is won but no move was found"),
                    Some(to) => {
                        assert!(!lose[a][b], "({a}, {b}) is lost but {to:?} was offered");
                        assert!(legal((a as u64, b as u64), to), "({a}, {b}) -> {to:?}");
                        assert!(lose[to.0 as usize][to.1 as usize], "({a}, {b}) -> {to:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn isqrt_is_exact_at_squares_and_their_neighbours() {
        for r in [
            0u128,
            1,
            2,
            3,
            1 << 20,
            999_999_999_999,
            (1 << 64) - 1,
            2_236_067_977_499_789_696,
        ] {
            assert_eq!(isqrt(r * r), r);
            if r > 0 {
                assert_eq!(isqrt(r * r - 1), r - 1);
            }
            assert_eq!(isqrt(r * r + 2 * r), r);
        }
    }

    #[test]
    fn large_moves_reach_pairs_of_the_library_s_exact_test() {
        // An independent check far beyond the table: the move lands on a losing
        // position by the library's product test.
        for (a, b) in [
            (MAX, MAX - 1),
            (MAX, 1),
            (102_334_155, 165_580_142),
            (MAX / 3, MAX),
        ] {
            let to = winning_move(a, b).expect("these are winning positions");
            assert!(
                contest::wythoff::is_p_position(to.0, to.1),
                "({a}, {b}) -> {to:?}"
            );
        }
    }
}
