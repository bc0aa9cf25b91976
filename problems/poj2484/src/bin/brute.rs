//! Brute force for POJ 2484 "A Funny Game": an independent check of the rule in
//! `main.rs`, found by searching the game itself.
//!
//! The state after the first move is a set of straight chains of coins (a coin
//! taken from the middle of a chain splits it in two, and the two halves never
//! touch again). Only the multiset of chain lengths matters, so states are kept
//! as sorted length lists and memoized; a state is winning exactly when some move
//! leads to a losing one. Every move is tried: one coin or two neighbouring coins,
//! at every position of every chain.
//!
//! Same input and output as `main.rs`; a query above [`MAX_N`] is refused with an
//! error, because the number of states grows like the partition numbers.

use std::collections::HashMap;
use std::io::Write;

use contest::Error;

/// The largest `n` the brute force accepts: n = 50 takes about 1.5 s and 25 MB in
/// release, and each further 10 coins multiply the time by about 20.
pub const MAX_N: u64 = 50;

/// The searched game, with the outcome of every chain multiset seen so far.
#[derive(Default)]
pub struct Brute {
    /// Sorted chain lengths (no zeros) -> does the player to move win?
    memo: HashMap<Vec<u32>, bool>,
}

impl Brute {
    /// An empty memo.
    pub fn new() -> Self {
        Self::default()
    }

    /// Does the first player (Alice) win with `n` coins in a circle? Searches
    /// every move; meant for `n <= MAX_N` (larger `n` works but slowly).
    pub fn first_player_wins(&mut self, n: u32) -> bool {
        // A circle has no ends: wherever Alice takes one coin (or two neighbours),
        // what is left is one chain of n - 1 (or n - 2) coins.
        let after_one = n.checked_sub(1).map(|len| self.wins(chain(len)));
        let after_two = n.checked_sub(2).map(|len| self.wins(chain(len)));
        after_one == Some(false) || after_two == Some(false)
    }

    /// Does the player to move win facing these chains of coins (any order;
    /// empty chains are ignored)? Searches every move, like [`Self::first_player_wins`].
    pub fn player_to_move_wins(&mut self, chains: &[u32]) -> bool {
        let mut chains: Vec<u32> = chains.iter().copied().filter(|&c| c > 0).collect();
        chains.sort_unstable();
        self.wins(chains)
    }

    /// Does the player to move win with these chains (sorted, no zeros)?
    fn wins(&mut self, chains: Vec<u32>) -> bool {
        if let Some(&known) = self.memo.get(&chains) {
            return known;
        }
        let mut win = false;
        'search: for (idx, &len) in chains.iter().enumerate() {
            if idx > 0 && chains[idx - 1] == len {
                continue; // an equal chain was just tried: same moves, same states
            }
            for taken in 1..=2 {
                // Take `taken` neighbouring coins starting at `left`: the chain
                // splits into `left` coins and `len - taken - left` coins.
                if taken > len {
                    continue;
                }
                for left in 0..=len - taken {
                    let right = len - taken - left;
                    let mut next = chains.clone();
                    next.remove(idx);
                    next.extend([left, right].into_iter().filter(|&c| c > 0));
                    next.sort_unstable();
                    if !self.wins(next) {
                        win = true;
                        break 'search;
                    }
                }
            }
        }
        self.memo.insert(chains, win);
        win
    }
}

/// One chain of `len` coins as a state (no chain at all if `len` is zero).
fn chain(len: u32) -> Vec<u32> {
    if len == 0 {
        Vec::new()
    } else {
        vec![len]
    }
}

fn main() {
    let mut brute = Brute::new();
    contest::run(|sc, out| {
        while let Some(line) = sc.line_until([0])? {
            let [n] = line.values;
            if n > MAX_N {
                let why = format!("n = {n} is beyond the brute force's limit of {MAX_N}");
                return Err(Error::at(line.line, why));
            }
            // Lossless: n <= MAX_N.
            let alice = brute.first_player_wins(n as u32);
            out.write_all(if alice { b"Alice\n" } else { b"Bob\n" })?;
        }
        Ok(())
    });
}
