//! Specification of poj2484 (POJ 2484 "A Funny Game"), through the built binaries
//! only, so it holds whatever style `src/main.rs` is written in: the solution
//! against the brute-force search on every small circle (one batch, one run of
//! each), Bob's mirror strategy played out on real circles far beyond the brute
//! force's reach, random huge `n` in batches, the testdata and the input handling.

use std::path::PathBuf;
use std::process::Output;

use assert_cmd::cargo_bin_cmd;
use proptest::prelude::*;

const SOLUTION: &str = env!("CARGO_BIN_EXE_poj2484");
const BRUTE: &str = env!("CARGO_BIN_EXE_poj2484-brute");
const VALIDATE: &str = env!("CARGO_BIN_EXE_poj2484-validate");

/// Runs `exe` with `input` on stdin.
fn run(exe: &str, input: &str) -> Output {
    // assert_cmd writes stdin from a thread, so a large input cannot fill the pipe
    // while nobody reads.
    assert_cmd::Command::new(exe)
        .write_stdin(input)
        .output()
        .unwrap_or_else(|e| panic!("{exe}: {e}"))
}

/// The answers of a successful run of `exe` on one `n` per line, then `0`.
#[track_caller]
fn answers(exe: &str, ns: &[u64]) -> Vec<String> {
    let mut input: String = ns.iter().map(|n| format!("{n}\n")).collect();
    input.push_str("0\n");
    let out = run(exe, &input);
    assert!(
        out.status.success(),
        "{exe}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines.len(), ns.len(), "{exe}: one answer per line");
    lines
}

// ---- the solution against the brute force ----

#[test]
fn agrees_with_the_brute_force_for_every_n_up_to_30() {
    let ns: Vec<u64> = (1..=30).collect();
    assert_eq!(answers(SOLUTION, &ns), answers(BRUTE, &ns));
}

#[test]
fn alice_wins_only_with_one_or_two_coins() {
    let ns = [1, 2, 3, 4, 5, 6, 7, 1_000_000, 1 << 32, u64::MAX];
    let expected: Vec<&str> = ns
        .iter()
        .map(|&n| if n <= 2 { "Alice" } else { "Bob" })
        .collect();
    assert_eq!(answers(SOLUTION, &ns), expected);
}

#[test]
fn parity_does_not_decide_even_circles_of_4_and_6_go_to_bob() {
    assert_eq!(answers(BRUTE, &[4, 6]), ["Bob", "Bob"]);
    assert_eq!(answers(SOLUTION, &[4, 6]), ["Bob", "Bob"]);
}

// ---- Bob's strategy on real circles ----

/// A tiny deterministic generator for the random play (splitmix64).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// A circle of coins at positions `0..n`; positions `i` and `i + 1 (mod n)` are
/// adjacent, whether or not coins between them were taken (none are between).
struct Circle {
    present: Vec<bool>,
}

impl Circle {
    fn n(&self) -> usize {
        self.present.len()
    }

    /// Every legal move: one present coin, or two present coins at adjacent places
    /// (listed clockwise).
    fn moves(&self) -> Vec<Vec<usize>> {
        let n = self.n();
        let mut moves = Vec::new();
        for i in (0..n).filter(|&i| self.present[i]) {
            moves.push(vec![i]);
            let j = (i + 1) % n;
            if j != i && self.present[j] && (n > 2 || i == 0) {
                moves.push(vec![i, j]);
            }
        }
        moves
    }

    /// Plays `coins`, panicking if it is not a legal move.
    fn play(&mut self, coins: &[usize]) {
        assert!(self.moves().iter().any(|m| {
            let mut m = m.clone();
            let mut c = coins.to_vec();
            m.sort_unstable();
            c.sort_unstable();
            m == c
        }));
        for &c in coins {
            self.present[c] = false;
        }
    }

    fn is_empty(&self) -> bool {
        !self.present.contains(&true)
    }
}

/// Plays a whole game on `n >= 3` coins: Alice moves at random, Bob answers her
/// first move by splitting the remaining chain into two equal halves and then
/// copies each of her moves onto the other half. Returns who took the last coin.
fn play_against_the_mirror(n: usize, seed: u64) -> &'static str {
    let mut rng = Rng(seed);
    let mut circle = Circle {
        present: vec![true; n],
    };
    let first = circle.moves().swap_remove(rng.below(circle.moves().len()));
    circle.play(&first);
    // The chain left: `len` coins clockwise from just after Alice's coins (a
    // move lists its coins clockwise).
    let start = (first[first.len() - 1] + 1) % n;
    let len = n - first.len();
    let at = |offset: usize| (start + offset) % n;
    let (half, middle) = (len.saturating_sub(1) / 2, 2 - len % 2);
    let cut: Vec<usize> = (half..half + middle).map(at).collect();
    circle.play(&cut);
    if circle.is_empty() {
        return "Bob";
    }
    // Offset i of the first half answers offset i + half + middle of the second.
    let partner = |pos: usize| {
        let offset = (pos + n - start) % n;
        if offset < half {
            at(offset + half + middle)
        } else {
            at(offset - half - middle)
        }
    };
    loop {
        let moves = circle.moves();
        if moves.is_empty() {
            return "Bob";
        }
        let alice = &moves[rng.below(moves.len())];
        circle.play(alice);
        if circle.is_empty() {
            return "Alice";
        }
        let bob: Vec<usize> = alice.iter().map(|&c| partner(c)).collect();
        circle.play(&bob);
    }
}

#[test]
fn bobs_mirror_strategy_wins_every_small_circle_against_random_play() {
    for n in 3..=40 {
        for seed in 0..20 {
            assert_eq!(
                play_against_the_mirror(n, seed),
                "Bob",
                "n = {n}, seed {seed}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn bobs_mirror_strategy_wins_large_circles_against_random_play(
        n in 3usize..=600, seed in any::<u64>(),
    ) {
        prop_assert_eq!(play_against_the_mirror(n, seed), "Bob");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    /// The mirror argument covers every `n >= 3`: the solution says Bob for each,
    /// however large (a batch of them per run).
    #[test]
    fn bob_wins_every_circle_of_three_or_more_coins(ns in prop::collection::vec(3u64.., 1..500)) {
        prop_assert!(answers(SOLUTION, &ns).iter().all(|a| a == "Bob"));
    }
}

// ---- the binary ----

/// Runs the solution on `input`; it must succeed and print exactly `expected`.
#[track_caller]
fn check(input: &str, expected: &str) {
    cargo_bin_cmd!("poj2484")
        .write_stdin(input)
        .assert()
        .success()
        .stdout(expected.to_owned())
        .stderr("");
}

/// Runs `cmd` on `input`; it must fail with exit code 1 after printing `stdout`,
/// with exactly the one line `stderr_line` on stderr.
#[track_caller]
fn check_error_of(mut cmd: assert_cmd::Command, input: &str, stdout: &str, stderr_line: &str) {
    cmd.write_stdin(input)
        .assert()
        .code(1)
        .stdout(stdout.to_owned())
        .stderr(format!("{stderr_line}\n"));
}

#[track_caller]
fn check_error(input: &str, stdout: &str, stderr_line: &str) {
    check_error_of(cargo_bin_cmd!("poj2484"), input, stdout, stderr_line);
}

#[test]
fn answers_the_sample() {
    check("1\n2\n3\n0\n", "Alice\nAlice\nBob\n");
}

#[test]
fn stops_at_the_terminator_line() {
    check("3\n0\n1\n2\n", "Bob\n");
}

#[test]
fn ignores_anything_after_the_terminator_line() {
    check("3\n0\nnot a number\n", "Bob\n");
}

#[test]
fn accepts_input_ending_without_the_terminator() {
    check("1\n4", "Alice\nBob\n");
}

#[test]
fn accepts_u64_max() {
    check("18446744073709551615\n0\n", "Bob\n");
}

#[test]
fn tolerates_crlf_blank_lines_tabs_and_no_final_newline() {
    check("\r\n1\r\n\r\n \t2  \r\n\n3\r\n0", "Alice\nAlice\nBob\n");
}

#[test]
fn rejects_a_non_number_naming_the_line() {
    check_error(
        "1\n3\nfive\n0\n",
        "Alice\nBob\n",
        "error: line 3: expected a number, found \"five\"",
    );
}

#[test]
fn rejects_a_negative_number_naming_the_line() {
    check_error(
        "1\n-3\n0\n",
        "Alice\n",
        "error: line 2: expected a non-negative number, found \"-3\"",
    );
}

#[test]
fn rejects_a_number_above_u64_max_naming_the_line() {
    check_error(
        "2\n\n18446744073709551616\n",
        "Alice\n",
        "error: line 3: number \"18446744073709551616\" is too large (the largest allowed is 18446744073709551615)",
    );
}

#[test]
fn rejects_an_extra_token_naming_the_line() {
    check_error(
        "1\n2 3\n0\n",
        "Alice\n",
        "error: line 2: expected only one number on the line, found also \"3\"",
    );
}

#[test]
fn rejects_a_terminator_with_an_extra_token() {
    check_error(
        "1\n0 5\n",
        "Alice\n",
        "error: line 2: expected only one number on the line, found also \"5\"",
    );
}

#[test]
fn brute_force_has_the_same_input_errors() {
    check_error_of(
        cargo_bin_cmd!("poj2484-brute"),
        "1\n2 3\n0\n",
        "Alice\n",
        "error: line 2: expected only one number on the line, found also \"3\"",
    );
}

#[test]
fn brute_force_refuses_circles_beyond_its_limit() {
    check_error_of(
        cargo_bin_cmd!("poj2484-brute"),
        "3\n51\n0\n",
        "Bob\n",
        "error: line 2: n = 51 is beyond the brute force's limit of 50",
    );
}

// ---- testdata ----

#[test]
fn every_testdata_case_gives_exactly_its_expected_output() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/poj2484");
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("readable testdata entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 10, "testdata missing in {}", dir.display());
    for input in inputs {
        let output = input.with_extension("out");
        let expected = std::fs::read_to_string(&output)
            .unwrap_or_else(|e| panic!("{}: {e}", output.display()));
        cargo_bin_cmd!("poj2484")
            .pipe_stdin(&input)
            .expect("readable .in")
            .assert()
            .success()
            .stdout(expected);
    }
}

#[test]
fn the_validator_accepts_every_canonical_testdata_input_and_rejects_bad_lines() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/poj2484");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.ends_with(".in") && !name.contains("tolerated") {
            let out = run(VALIDATE, &std::fs::read_to_string(&path).unwrap());
            assert!(
                out.status.success(),
                "{name}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
    let out = run(VALIDATE, "1\n2 3\n0\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: line 2: expected only one number on the line, found also \"3\"\n"
    );
}
