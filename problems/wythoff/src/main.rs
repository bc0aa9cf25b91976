//! Wythoff's game (YBT "取石子游戏", the stone-taking game; seed 003).
//!
//! Two piles hold `a` and `b` stones. Players alternate; a move takes any positive
//! number of stones from one pile, or the same positive number from both piles.
//! Whoever takes the last stone wins (a player facing two empty piles has lost).
//! Input: lines `a b` of non-negative integers (any `u64`), read until the end of
//! the input; there is no terminator, so a line `0 0` is an ordinary query. Output,
//! one line per query: `1` if the player to move wins, `0` if not.
//!
//! Winning rule: order the piles so that `a <= b` and let `k = b - a`. The player
//! to move loses exactly when `a = floor(k * phi)`, where `phi = (1 + sqrt 5) / 2`
//! (for `k = 0` that means `a = 0`).
//!
//! Why the losing positions are these. Call `(a_k, a_k + k)` with
//! `a_0 = 0` and `a_k` = the smallest natural number not among
//! `a_0, b_0, ..., a_{k-1}, b_{k-1}` (where `b_j = a_j + j`) the k-th pair. Then:
//! * every positive integer appears in exactly one pair, and every difference `k`
//!   in exactly one pair (`b_k` exceeds every earlier number, so the sequences are
//!   increasing, and the mex choice never reuses a number nor skips one);
//! * so no move joins two pairs: taking from one pile keeps the other pile, which
//!   belongs to one pair only, and taking equally from both keeps the difference,
//!   which belongs to one pair only;
//! * from any other position `(a, b)`, `a <= b`, some move reaches a pair: if `a`
//!   is some `b_j`, `j >= 1` (so `a_j < a <= b`), take `b - a_j` from the larger pile; if
//!   `a = a_j` with `b > b_j`, take `b - b_j` from the larger pile; if `a = a_j`
//!   with `b < b_j`, the difference `d = b - a < j` gives `a_d < a_j`, so take
//!   `a - a_d` from both piles.
//!
//! Pairs are therefore the losing positions (a move from one never reaches one;
//! from anything else one is reachable). Beatty's theorem: for irrational
//! `r, s > 1` with `1/r + 1/s = 1`, `floor(k r)` and `floor(k s)` (k >= 1) are
//! complementary. With `r = phi`, `s = phi^2 = phi + 1`, `floor(k s) = floor(k r) + k`,
//! so `(floor(k phi), floor(k phi) + k)` are increasing complementary pairs with
//! differences `k` - the same recursion, hence `a_k = floor(k phi)`.
//!
//! Deciding `a = floor(k phi)` exactly, with integers only (an `f64` product already
//! picks the wrong floor at `k = 102334155`, inside the statement's bounds), is
//! [`contest::wythoff::is_p_position`]: two `u128` products, overflow-proof.

use contest::scan::Line;
use contest::wythoff::is_p_position;
use std::io::Write;

/// Does the player to move win with piles of `a` and `b` stones?
pub fn first_player_wins(a: u64, b: u64) -> bool {
    !is_p_position(a, b)
}

fn main() {
    contest::run(|sc, out| {
        // Lines `a b` to the end of the input; `0 0` is an ordinary query.
        while let Some(Line { values: [a, b], .. }) = sc.line()? {
            out.write_all(if first_player_wins(a, b) {
                b"1\n"
            } else {
                b"0\n"
            })?;
        }
        Ok(())
    });
}
