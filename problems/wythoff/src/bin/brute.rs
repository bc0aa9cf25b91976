//! Brute force for Wythoff's game: an independent check of the rule in `main.rs`,
//! found by searching the game itself.
//!
//! A table holds the outcome of every position `(a, b)` with both piles below its
//! side, filled in an order where every position reachable by a move is already
//! known: a position is winning exactly when some move (fewer stones in the first
//! pile, fewer in the second, or the same number fewer in both) reaches a losing
//! one. The table grows (at least doubling) when a query needs a larger pile.
//!
//! Same input and output as `main.rs`; a pile above [`MAX_PILE`] is refused with an
//! error, because the table is quadratic in size and the search cubic in time.

use std::io::Write;

use contest::Error;

/// The largest pile the brute force accepts: the full table then takes about
/// 4 MB and a few seconds in release.
pub const MAX_PILE: u64 = 2000;

/// The searched game: the outcome of every position below `side` in both piles.
#[derive(Default)]
pub struct Brute {
    side: usize,
    /// `win[a * side + b]`: does the player to move win at `(a, b)`?
    win: Vec<bool>,
}

impl Brute {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// Does the player to move win with piles of `a` and `b` stones? Looks it up
    /// in the table, growing the table first if needed. Meant for piles up to
    /// [`MAX_PILE`] (larger ones work, but time and memory explode).
    pub fn first_player_wins(&mut self, a: u64, b: u64) -> bool {
        let need = usize::try_from(a.max(b))
            .ok()
            .and_then(|m| m.checked_add(1))
            .expect("pile too large for a table");
        if need > self.side {
            // Doubling keeps rebuilds cheap overall; past MAX_PILE only grow as needed.
            let cap = (MAX_PILE as usize + 1).max(need);
            self.build(need.max(2 * self.side).min(cap));
        }
        // Lossless: both are below `side`, a usize.
        self.win[a as usize * self.side + b as usize]
    }

    /// Recomputes the table for piles `0..side`.
    fn build(&mut self, side: usize) {
        let mut win = vec![false; side * side];
        for a in 0..side {
            for b in 0..side {
                let row = |t: usize| win[t * side + b]; // (t, b), t < a
                let col = |t: usize| win[a * side + t]; // (a, t), t < b
                let diag = |d: usize| win[(a - d) * side + (b - d)]; // 1 <= d <= min
                win[a * side + b] = (0..a).any(|t| !row(t))
                    || (0..b).any(|t| !col(t))
                    || (1..=a.min(b)).any(|d| !diag(d));
            }
        }
        self.side = side;
        self.win = win;
    }
}

fn main() {
    let mut brute = Brute::new();
    contest::run(|sc, out| {
        while let Some(line) = sc.line()? {
            let [a, b] = line.values;
            if a.max(b) > MAX_PILE {
                let why = format!(
                    "a pile of {} stones is beyond the brute force's limit of {MAX_PILE}",
                    a.max(b)
                );
                return Err(Error::at(line.line, why));
            }
            out.write_all(if brute.first_player_wins(a, b) {
                b"1\n"
            } else {
                b"0\n"
            })?;
        }
        Ok(())
    });
}
