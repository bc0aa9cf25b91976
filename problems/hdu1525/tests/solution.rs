//! Specification of HDU 1525 "Euclid's Game": the fast rule against a brute-force search of the
//! game graph, the game's own laws at huge values, the testdata, and the input
//! handling of the binaries. The checks themselves are shared by the three Euclid's
//! Game dialects (hdu1525/tests/euclid/spec.rs); this file names the dialect.

#[allow(dead_code)]
#[path = "../src/bin/brute.rs"]
mod brute;
// The brute force loads the solution (for its input scanner); use that copy.
use brute::solution;

// What this dialect prints for "the first player wins" / "the first player loses".
const WIN: &str = "Stan wins";
const LOSE: &str = "Ollie wins";
/// The folder under testdata/ with this problem's cases.
const TESTDATA: &str = "hdu1525";

fn solution_cmd() -> assert_cmd::Command {
    assert_cmd::cargo::cargo_bin_cmd!("hdu1525")
}

fn brute_cmd() -> assert_cmd::Command {
    assert_cmd::cargo::cargo_bin_cmd!("hdu1525-brute")
}

include!("euclid/spec.rs");
