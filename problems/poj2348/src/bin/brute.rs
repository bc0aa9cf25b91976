//! Brute force for POJ 2348 "Euclid's Game": each line is decided by searching the game graph
//! itself, without the winning rule of `main.rs`.
//!
//! The game and its input are HDU 1525's, so this is hdu1525's search (see
//! hdu1525/src/bin/brute.rs for how it works), loaded as a module rather than copied,
//! printing this problem's words.

#[allow(dead_code)] // this binary uses `run`; the tests also use the search itself
#[path = "../../../hdu1525/src/bin/brute.rs"]
mod euclid_brute;
#[allow(unused_imports)] // used by tests/solution.rs, which loads this file
pub use euclid_brute::{Search, first_player_wins};

fn main() {
    euclid_brute::run(b"Stan wins\n", b"Ollie wins\n");
}
