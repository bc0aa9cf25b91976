//! POJ 2348 "Euclid's Game".
//!
//! Stan and Ollie play with two positive numbers; a move subtracts a positive
//! multiple of the smaller from the larger without going below zero, and whoever
//! reaches 0 wins. Stan moves first. Input: lines `a b` (positive, up to
//! `u64::MAX`) ended by `0 0` or by the end of the input; output `Stan wins` or
//! `Ollie wins` per line. The same game and format as HDU 1525.
//!
//! Winning rule: the player facing `a >= 2b` (or `a == b`), larger number first,
//! wins: such a player can take either all but one multiple or all of them, and one
//! of the two positions this leaves is lost for the opponent. Below that
//! (`b < a < 2b`) the move is forced, so the winner is whoever first meets such a
//! position along the forced Euclid chain: the parity of its length decides.
//!
//! The decision (`first_player_wins`, with the full proof and its overflow care)
//! and the reading of the lines (`answer_lines`) are [`contest::euclid`], shared
//! with hdu1525 and ybt1218; only the words printed are POJ's.

fn main() {
    let words: [&[u8]; 2] = [b"Stan wins\n", b"Ollie wins\n"];
    contest::run(|sc, out| contest::euclid::answer_lines(sc, out, words[0], words[1]));
}
