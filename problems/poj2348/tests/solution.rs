//! Specification of POJ 2348 "Euclid's Game": the fast rule against a brute-force search of the
//! game graph, the game's own laws at huge values, the testdata, and the input
//! handling of the binaries. The checks themselves are shared by the three Euclid's
//! Game dialects (hdu1525/tests/euclid/spec.rs); this file names the dialect.

#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solution;

#[allow(dead_code)]
#[path = "../src/bin/brute.rs"]
mod brute;

// What this dialect prints for "the first player wins" / "the first player loses".
const WIN: &str = "Stan wins";
const LOSE: &str = "Ollie wins";
/// The folder under testdata/ with this problem's cases.
const TESTDATA: &str = "poj2348";

fn solution_cmd() -> assert_cmd::Command {
    assert_cmd::cargo::cargo_bin_cmd!("poj2348")
}

fn brute_cmd() -> assert_cmd::Command {
    assert_cmd::cargo::cargo_bin_cmd!("poj2348-brute")
}

include!("../../hdu1525/tests/euclid/spec.rs");
