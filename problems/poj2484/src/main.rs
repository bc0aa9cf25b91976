//! POJ 2484 "A Funny Game".
//!
//! `n` coins lie in a circle. Alice and Bob alternate, Alice first; a move removes
//! one coin or two coins that are next to each other (coins that became neighbours
//! only because the coin between them was taken are not adjacent). Whoever takes the
//! last coin wins. Input: one `n` per line, ended by a line `0` (or by the end of
//! the input); output `Alice` or `Bob` for each. The statement bounds `n` by 10^6;
//! here any `n` up to `u64::MAX` is accepted.
//!
//! Winning rule: Alice wins exactly when `n <= 2`.
//!
//! Why: with one or two coins Alice takes everything. With `n >= 3`, Alice's first
//! move leaves a single chain of `n - 1` or `n - 2` coins. Bob now removes the middle
//! coin (odd chain) or the middle two coins (even chain), leaving two equal chains.
//! From then on Bob mirrors every move of Alice in the other chain, so after each of
//! Bob's moves the position is symmetric and Bob always has a reply; he takes the
//! last coin.
//!

use std::io::Write;

/// Does the first player (Alice) win with `n` coins?
pub fn first_player_wins(n: u64) -> bool {
    n <= 2
}

fn main() {
    contest::run(|sc, out| {
        // One `n` per line until the line `0` (or the end of the input).
        while let Some(line) = sc.line_until([0])? {
            let [n] = line.values;
            out.write_all(if first_player_wins(n) {
                b"Alice\n"
            } else {
                b"Bob\n"
            })?;
        }
        Ok(())
    });
}
