//! Brute force for HDU 1525 "Euclid's Game": the same input and output as the
//! solution, but each line is decided by searching the game graph itself, without
//! the winning rule of `main.rs`.
//!
//! A position is the pair `(big, small)`; its moves are every `big - k * small` for
//! `1 <= k <= big / small`. The player to move wins if some move reaches 0, or
//! reaches a position that is lost for the opponent (plain minimax, memoized).
//!
//! Moves are tried from the largest multiple down and the search stops at the first
//! winning move. That order only makes the search short (a move to 0, or to a much
//! smaller pair, is seen first); every move is still examined whenever no earlier
//! one wins, so the answer does not depend on the order. As a guard against a
//! search that would not fit in memory or on the stack, a line whose search needs
//! more than [`MAX_POSITIONS`] new positions or a chain deeper than [`MAX_DEPTH`]
//! moves is refused with an error instead of crashing.
//!
//! hdu1525, poj2348 and ybt1218 are one game with different output words: the other
//! two load this file as a module and call [`run`] with their own words.

use std::collections::HashMap;
use std::io::{self, BufWriter, Read, Write};

// Input handling is the solution's own streaming scanner (no game logic in it):
// only the decision differs, so a disagreement is never an I/O artefact.
#[allow(dead_code)] // the solution's rule and `main` are not used here
#[path = "../main.rs"]
pub(crate) mod solution;
use solution::{Error, Scanner};

/// The most new positions the search may visit for one input line.
pub const MAX_POSITIONS: usize = 1_000_000;
/// The longest chain of moves the (recursive) search may follow.
pub const MAX_DEPTH: u32 = 1_000;
/// The memo is dropped between lines once it holds this many positions.
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
    /// The limits the binary uses: [`MAX_POSITIONS`] and [`MAX_DEPTH`].
    fn default() -> Self {
        Search::with_limits(MAX_POSITIONS, MAX_DEPTH)
    }
}

/// Decides one game from scratch: does the player to move win from `(a, b)`?
/// `None` if the search would exceed [`MAX_POSITIONS`] or [`MAX_DEPTH`].
pub fn first_player_wins(a: u64, b: u64) -> Option<bool> {
    Search::default().first_player_wins(a, b)
}

/// Reads every query, writes every answer (`win` or `lose`, the dialect's words for
/// the first player's result); stops at the `0 0` line or end of input.
fn solve(input: impl Read, out: &mut impl Write, win: &[u8], lose: &[u8]) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let mut search = Search::default();
    while let Some(first) = sc.token()? {
        let a = first.number()?;
        let second = sc.same_line(first.line, "a second number")?;
        let b = second.number()?;
        sc.expect_line_end(first.line, "two numbers")?;
        if a == 0 && b == 0 {
            break;
        }
        let (a, b) = (first.positive()?, second.positive()?);
        let Some(wins) = search.first_player_wins(a, b) else {
            return Err(Error::Input {
                line: first.line,
                msg: format!(
                    "the brute force gives up on {a} {b}: the search needs more than \
                     {MAX_POSITIONS} positions or {MAX_DEPTH} moves deep"
                ),
            });
        };
        out.write_all(if wins { win } else { lose })?;
    }
    Ok(())
}

fn main() {
    run(b"Stan wins\n", b"Ollie wins\n");
}

/// The whole program for one output dialect: stdin to stdout, `error: line L: ...`
/// and exit status 1 on bad input.
pub(crate) fn run(win: &[u8], lose: &[u8]) {
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let result = solve(io::stdin().lock(), &mut out, win, lose);
    // Answers to the valid lines before a bad one are flushed before the error.
    let flushed = out.flush().map_err(Error::from);
    if let Err(e) = result.and(flushed) {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}
