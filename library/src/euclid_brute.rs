//! The oracles of Euclid's game ([`super::euclid`]): a brute-force search of the
//! game graph that knows nothing of the rule, and random positions aimed at where
//! the game is subtle. For the brute forces and generators of the three dialects
//! (hdu1525, poj2348, ybt1218), which share this game and its input format.
//!
//! # The search
//!
//! A position is the pair `(big, small)`; its moves are every `big - k * small` for
//! `1 <= k <= big / small`. The player to move wins if some move reaches 0 or a
//! position lost for the opponent (plain minimax, memoized). Moves are tried from
//! the largest multiple down, stopping at the first winning one: that order only
//! makes the search short (a move to 0, or to a much smaller pair, is seen first);
//! every move is still examined whenever no earlier one wins.
//!
//! # Accepts, errors, complexity
//!
//! Two positive `u64` (a zero panics: it is no position). A query that needs more
//! than `max_positions` new positions or a chain deeper than `max_depth` moves
//! returns `None` instead of exhausting memory or the stack. Time and memory are
//! proportional to the positions visited; the memo is dropped between queries
//! once it holds about a million.
//!
//! # Example
//!
//! ```
//! use contest::euclid_brute::Search;
//!
//! let mut search = Search::default();
//! assert_eq!(search.first_player_wins(34, 12), Some(true));
//! assert_eq!(search.first_player_wins(15, 24), Some(false));
//! ```

use std::collections::HashMap;
use std::io::{Read, Write};

use super::rng::Rng;
use super::scan::{Error, Scanner};

/// The most new positions [`Search::default`] may visit for one query.
pub const MAX_POSITIONS: usize = 1_000_000;
/// The longest chain of moves [`Search::default`] may follow.
pub const MAX_DEPTH: u32 = 1_000;
/// The memo is dropped between queries once it holds this many positions.
const MEMO_CAP: usize = 1 << 20;

/// A memoized search of the game graph; the memo is shared by successive queries.
pub struct Search {
    /// Whether the player to move wins from `(big, small)`, for every position decided so far.
    memo: HashMap<(u64, u64), bool>,
    max_positions: usize,
    max_depth: u32,
    /// New positions the current query may still visit.
    budget: usize,
}

impl Search {
    /// A search that lets each query visit `max_positions` new positions and follow
    /// chains of at most `max_depth` moves.
    pub fn with_limits(max_positions: usize, max_depth: u32) -> Self {
        Search {
            memo: HashMap::new(),
            max_positions,
            max_depth,
            budget: max_positions,
        }
    }

    /// Does the player to move win from `(a, b)`? Both must be positive, in any order.
    /// `None` when this query exceeds the search's limits.
    pub fn first_player_wins(&mut self, a: u64, b: u64) -> Option<bool> {
        assert!(a > 0 && b > 0, "a game position has two positive numbers");
        if self.memo.len() > MEMO_CAP {
            self.memo.clear();
        }
        self.budget = self.max_positions;
        self.wins(a.max(b), a.min(b), 0)
    }

    fn wins(&mut self, big: u64, small: u64, depth: u32) -> Option<bool> {
        if let Some(&known) = self.memo.get(&(big, small)) {
            return Some(known);
        }
        if self.budget == 0 || depth >= self.max_depth {
            return None;
        }
        self.budget -= 1;
        let mut won = false;
        for k in (1..=big / small).rev() {
            // k * small <= big, so neither the product nor the difference overflows.
            let left = big - k * small;
            if left == 0 || !self.wins(left.max(small), left.min(small), depth + 1)? {
                won = true;
                break;
            }
        }
        self.memo.insert((big, small), won);
        Some(won)
    }
}

impl Default for Search {
    /// The limits the brute-force binaries use: [`MAX_POSITIONS`] and [`MAX_DEPTH`].
    fn default() -> Self {
        Search::with_limits(MAX_POSITIONS, MAX_DEPTH)
    }
}

/// [`super::euclid::answer_lines`] decided by the search: the same input, output
/// and errors, and one more error for a line beyond the search's limits.
pub fn answer_lines<R: Read, W: Write>(
    sc: &mut Scanner<R>,
    out: &mut W,
    win: &[u8],
    lose: &[u8],
) -> Result<(), Error> {
    let mut search = Search::default();
    while let Some(line) = sc.line_until([0, 0])? {
        let [a, b] = line.positive()?;
        let Some(wins) = search.first_player_wins(a, b) else {
            let why = format!(
                "the brute force gives up on {a} {b}: the search needs more than \
                 {MAX_POSITIONS} positions or {MAX_DEPTH} moves deep"
            );
            return Err(Error::at(line.line, why));
        };
        out.write_all(if wins { win } else { lose })?;
    }
    Ok(())
}

/// One random position with both numbers in `1..=max` (`max >= 1`). Besides
/// uniform pairs it aims at small numbers, equal numbers, exact multiples, pairs
/// with `b < a < 2b` (no choice), consecutive Fibonacci numbers (the longest forced
/// chains) and values next to `max`; either order.
pub fn random_position(rng: &mut Rng, max: u64) -> (u64, u64) {
    let (a, b) = match rng.range(0, 9) {
        0 => (rng.range(1, max), rng.range(1, max)),
        1 | 2 => (rng.log_uniform(max), rng.log_uniform(max)),
        3 => {
            let hi = max.min(40);
            (rng.range(1, hi), rng.range(1, hi))
        }
        4 => {
            let v = rng.log_uniform(max);
            (v, v)
        }
        5 => {
            // An exact multiple: a = k * b.
            let b = rng.log_uniform(max);
            let k = rng.log_uniform(max / b);
            (k * b, b)
        }
        6 | 7 => {
            // b < a < 2b (or a == b when b == 1): the player to move has one move only.
            let b = rng.log_uniform(max);
            let r = rng.range(0, (b - 1).min(max - b));
            (b + r, b)
        }
        8 => fibonacci_neighbours(rng, max),
        _ => {
            // Next to the upper end: overflow-prone arithmetic lives here.
            let near = |rng: &mut Rng| max - rng.range(0, (max - 1).min(3));
            if rng.coin() {
                (near(rng), near(rng))
            } else {
                (near(rng), rng.log_uniform(max))
            }
        }
    };
    if rng.coin() {
        (a, b)
    } else {
        (b, a)
    }
}

/// Consecutive Fibonacci numbers up to `max`, sometimes nudged by one.
fn fibonacci_neighbours(rng: &mut Rng, max: u64) -> (u64, u64) {
    let mut fib = vec![(1u64, 1u64)];
    while let Some(&(a, b)) = fib.last() {
        match a.checked_add(b) {
            Some(c) if c <= max => fib.push((c, a)),
            _ => break,
        }
    }
    let (a, b) = fib[rng.range(0, fib.len() as u64 - 1) as usize];
    let nudge = |rng: &mut Rng, v: u64| match rng.range(0, 3) {
        0 if v > 1 => v - 1,
        1 if v < max => v + 1,
        _ => v,
    };
    (nudge(rng, a), nudge(rng, b))
}

#[cfg(test)]
mod tests {
    use super::super::euclid;
    use super::*;

    #[test]
    fn agrees_with_the_rule_on_every_pair_up_to_200() {
        let mut search = Search::default();
        for a in 1..=200 {
            for b in 1..=200 {
                let brute = search.first_player_wins(a, b).expect("small pairs fit");
                assert_eq!(euclid::first_player_wins(a, b), brute, "({a}, {b})");
            }
        }
    }

    #[test]
    fn agrees_with_the_rule_on_random_positions_up_to_u64_max() {
        let mut rng = Rng::new(5);
        let mut search = Search::default();
        for _ in 0..2000 {
            let (a, b) = random_position(&mut rng, u64::MAX);
            assert_eq!(
                search.first_player_wins(a, b),
                Some(euclid::first_player_wins(a, b)),
                "({a}, {b})"
            );
        }
    }

    #[test]
    fn refuses_instead_of_exhausting_memory_or_stack() {
        // The chain from (F_20, F_19) = (6765, 4181) is 18 moves deep.
        let (a, b) = (6765, 4181);
        assert_eq!(Search::with_limits(1_000, 5).first_player_wins(a, b), None);
        assert_eq!(Search::with_limits(5, 1_000).first_player_wins(a, b), None);
        assert_eq!(
            Search::with_limits(1_000, 1_000).first_player_wins(a, b),
            Some(false)
        );
    }

    #[test]
    fn random_positions_stay_in_range() {
        let mut rng = Rng::new(9);
        for max in [1, 2, 3, 40, 1000, u64::MAX] {
            for _ in 0..500 {
                let (a, b) = random_position(&mut rng, max);
                assert!(
                    (1..=max).contains(&a) && (1..=max).contains(&b),
                    "{max}: {a} {b}"
                );
            }
        }
    }
}
