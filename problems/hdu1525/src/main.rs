//! HDU 1525 "Euclid's Game".
//!
//! Stan and Ollie start from two positive numbers. A move subtracts a positive
//! multiple of the smaller number from the larger one, and the result must not be
//! negative. Stan moves first; whoever makes one of the numbers 0 wins. Input: lines
//! `a b` (positive, up to `u64::MAX`), ended by a line `0 0` (or by the end of the
//! input); output `Stan wins` or `Ollie wins` for each line.
//!
//! Winning rule, with `a >= b`: the player to move wins if `a == b` or `a >= 2b`;
//! otherwise (`b < a < 2b`) the only move is to `(b, a - b)`, so the winner flips
//! once per forced step until a position with `a == b` or `a >= 2b` is reached:
//! whoever faces that one first wins.
//!
//! Why: with `a = q*b + r`, `r == 0` takes everything at once; `q == 1` leaves a
//! single move; with `q >= 2` the player to move can reach both `(b, r)` and
//! `(b + r, b)`, whose only move is to `(b, r)`, so one of the two is lost for the
//! opponent. The rule, its proof and its overflow care (`a - b >= b`, never `2 * b`)
//! are [`contest::euclid`] (`first_player_wins`), and so is the format (lines `a b`
//! until `0 0`, `answer_lines`): poj2348 and ybt1218 share both and differ only in
//! their words.

use contest::euclid;

fn main() {
    contest::run(|sc, out| euclid::answer_lines(sc, out, b"Stan wins\n", b"Ollie wins\n"));
}
