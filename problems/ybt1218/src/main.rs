//! YBT 1218 (一本通 "信息学奥赛一本通", problem 1218) "取石子游戏", a stone game.
//!
//! Two piles hold `a` and `b` stones. The players take turns; a move takes stones
//! from the larger pile only (either pile when they are equal), and the number taken
//! must be a positive multiple of the size of the smaller pile. Whoever empties a
//! pile wins. In numbers this is Euclid's game (HDU 1525, POJ 2348). Input: lines
//! `a b` (positive, up to `u64::MAX`), ended by `0 0` (or by the end of the input);
//! output `win` if the first player wins with best play from both sides, else
//! `lose`.
//!
//! Winning rule: with `a >= b`, a player facing `a == b` or `a >= 2b` wins; with
//! `b < a < 2b` the only move is to `(b, a - b)`, which flips the winner. Proof: a
//! player with a choice can leave either `(b, r)` or `(b + r, b)`, and the latter's
//! only move leads to the former, so one of them is lost for the opponent.
//!
//! Decision and input format: [`contest::euclid`] (`first_player_wins`,
//! `answer_lines`), shared with the other two dialects; only the words differ.

use contest::euclid::answer_lines;

/// What the first player's result is called here.
const WIN: &[u8] = b"win\n";
const LOSE: &[u8] = b"lose\n";

fn main() {
    contest::run(|sc, out| answer_lines(sc, out, WIN, LOSE));
}
