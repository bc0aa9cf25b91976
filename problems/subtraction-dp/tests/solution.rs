//! Specification of subtraction-dp, through the built binaries, so it holds
//! whatever style `src/main.rs` is written in: the solution against a plain table
//! on every small input and against the brute-force binary on random ones, at huge
//! `X` against a plain table read at the period's residue (the period from the
//! library, checked here by the table itself), the testdata and the input handling.
//!
//! The input holds one case, so each input is one run of the binary (the other
//! problems batch many queries per run).

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::cargo_bin_cmd;
use contest::rng::Rng;
use contest::subtraction::{periodicity, Periodicity};
use proptest::prelude::*;

const SOLUTION: &str = env!("CARGO_BIN_EXE_subtraction-dp");
const BRUTE: &str = env!("CARGO_BIN_EXE_subtraction-dp-brute");
const VALIDATE: &str = env!("CARGO_BIN_EXE_subtraction-dp-validate");

/// Runs `exe` with `input` on stdin.
fn run(exe: &str, input: &str) -> Output {
    // assert_cmd writes stdin from a thread, so a large input cannot fill the pipe
    // while nobody reads.
    assert_cmd::Command::new(exe)
        .write_stdin(input)
        .output()
        .unwrap_or_else(|e| panic!("{exe}: {e}"))
}

/// The case as input text: `X K`, then the sizes on one line.
fn case(x: u64, moves: &[u64]) -> String {
    let sizes: Vec<String> = moves.iter().map(u64::to_string).collect();
    format!("{x} {}\n{}\n", moves.len(), sizes.join(" "))
}

/// Does `exe` say Alice wins this case?
#[track_caller]
fn alice_wins_by(exe: &str, x: u64, moves: &[u64]) -> bool {
    let out = run(exe, &case(x, moves));
    assert!(
        out.status.success(),
        "{exe} on x = {x}, {moves:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    match &out.stdout[..] {
        b"Alice\n" => true,
        b"Bob\n" => false,
        other => panic!(
            "{exe}: unexpected answer {:?}",
            String::from_utf8_lossy(other)
        ),
    }
}

fn alice_wins(x: u64, moves: &[u64]) -> bool {
    alice_wins_by(SOLUTION, x, moves)
}

/// The plain table `v(0..=limit)` straight from the definition: `j` is won exactly
/// when some size `a <= j` leads to a lost `j - a`.
fn win_table(limit: u64, moves: &[u64]) -> Vec<bool> {
    let mut win = vec![false; limit as usize + 1];
    for j in 0..win.len() {
        win[j] = moves.iter().any(|&a| a <= j as u64 && !win[j - a as usize]);
    }
    win
}

// ---- the solution against the plain table and the brute force ----

#[test]
fn agrees_with_the_table_on_every_subset_of_1_to_4_and_every_x_up_to_40() {
    for bits in 1u32..16 {
        let moves: Vec<u64> = (1..=4).filter(|a| bits >> (a - 1) & 1 == 1).collect();
        let table = win_table(40, &moves);
        for (x, &win) in (0u64..).zip(&table) {
            assert_eq!(alice_wins(x, &moves), win, "x = {x}, moves {moves:?}");
        }
    }
}

#[test]
fn agrees_with_the_brute_force_on_random_cases() {
    let mut rng = Rng::new(2002);
    for _ in 0..60 {
        let k = rng.range(1, 6) as usize;
        let big = rng.coin();
        let moves: Vec<u64> = (0..k)
            .map(|i| {
                if big && i > 0 {
                    rng.range(500, 2500)
                } else {
                    rng.range(1, 30)
                }
            })
            .collect();
        let x = rng.range(0, 3000);
        assert_eq!(
            alice_wins(x, &moves),
            alice_wins_by(BRUTE, x, &moves),
            "x = {x}, moves {moves:?}"
        );
    }
}

#[test]
fn the_sample_is_won_by_alice_and_loses_exactly_at_0_and_2_mod_5() {
    // Sizes 1 and 4 (worked by hand in the testdata README): lost exactly when
    // n mod 5 is 0 or 2; the sample's 9 is won (take 4, leaving 5).
    for n in (0..=12).chain([1 << 40, u64::MAX - 2, u64::MAX]) {
        let lost = n % 5 == 0 || n % 5 == 2;
        assert_eq!(alice_wins(n, &[4, 1, 4]), !lost, "n = {n}");
    }
}

#[test]
fn a_lone_size_wins_exactly_on_odd_blocks_up_to_u64_max() {
    for x in [0, 9_999, 10_000, 19_999, 20_000, u64::MAX - 1, u64::MAX] {
        assert_eq!(alice_wins(x, &[10_000]), (x / 10_000) % 2 == 1, "x = {x}");
    }
}

#[test]
fn without_a_legal_move_the_first_player_loses() {
    assert!(!alice_wins(5, &[6, 100, 10_000]));
    assert!(!alice_wins(1, &[2, 3]));
}

#[test]
fn a_hundred_thousand_sizes_are_deduplicated() {
    let moves: Vec<u64> = (0..100_000u64).map(|i| 1 + i * 7919 % 10_000).collect();
    // Every size 1..=10^4 occurs, so n loses exactly when 10_001 divides it.
    assert!(!alice_wins(10_001 * 123_456_789, &moves));
    assert!(alice_wins(u64::MAX, &moves));
}

// ---- the detected period against the plain table ----

/// `v(j)` from the table, reading positions below zero as won (see `main.rs`).
fn value(table: &[bool], j: i128) -> bool {
    j < 0 || table[j as usize]
}

/// Checks `found` with a plain table only: `v(j) = v(j + p)` for every `j` in
/// `s - m .. s + p + m` (a window of `m` equal values already implies it forever; the
/// rest is an independent look one period further), and not at `j = s - m - 1`.
#[track_caller]
fn check_periodicity(moves: &[u64], found: Periodicity) -> Vec<bool> {
    let Periodicity {
        preperiod: s,
        period: p,
    } = found;
    let m = i128::from(*moves.iter().max().expect("a move"));
    let table = win_table(s + 2 * p + m as u64, moves);
    let (s, p) = (i128::from(s), i128::from(p));
    for j in s - m..s + p + m {
        assert_eq!(
            value(&table, j),
            value(&table, j + p),
            "j = {j}, moves {moves:?}"
        );
    }
    if s > 0 {
        let j = s - m - 1;
        assert_ne!(
            value(&table, j),
            value(&table, j + p),
            "preperiod not minimal"
        );
    }
    // No smaller period (a smaller one would divide p).
    for q in (1..p).filter(|q| p % q == 0) {
        assert!(
            (s - m..s + p + m).any(|j| value(&table, j) != value(&table, j + q)),
            "period {p} not minimal: {q} works too, moves {moves:?}"
        );
    }
    table
}

/// `v(x)` from a table that covers a whole period past the preperiod.
fn reduced(table: &[bool], found: Periodicity, x: u64) -> bool {
    let Periodicity {
        preperiod: s,
        period: p,
    } = found;
    let index = if x < s { x } else { s + (x - s) % p };
    table[index as usize]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn huge_x_agrees_with_a_plain_table_at_the_reduced_index(
        moves in prop::collection::vec(1u64..=10_000, 1..=4),
        xs in prop::collection::vec(any::<u64>(), 3),
    ) {
        // Most such sets settle within a few 10^4 positions; skip the rare long ones.
        let found = periodicity(&moves, 300_000);
        prop_assume!(found.is_some());
        let found = found.unwrap();
        let table = check_periodicity(&moves, found);
        for x in xs {
            prop_assert_eq!(alice_wins(x, &moves), reduced(&table, found, x));
        }
        let last = table.len() as u64 - 1;
        prop_assert_eq!(alice_wins(last, &moves), table[last as usize]);
    }

    #[test]
    fn sizes_1_to_c_and_no_multiple_of_c_plus_1_lose_exactly_on_the_multiples(
        c in 1u64..=30,
        extra in prop::collection::vec(1u64..=10_000, 0..=1000),
        x in any::<u64>(),
    ) {
        // From a multiple of c + 1 every move leaves a non-multiple; from a non-multiple
        // the move of (n mod (c + 1)) stones reaches a multiple. Independent of the code.
        let mut moves: Vec<u64> = extra.into_iter().filter(|a| a % (c + 1) != 0).collect();
        moves.extend(1..=c);
        prop_assert_eq!(alice_wins(x, &moves), x % (c + 1) != 0);
    }
}

// ---- the binary's input handling ----

/// Runs the solution on `input`; it must succeed and print exactly `expected`.
#[track_caller]
fn check(input: &str, expected: &str) {
    cargo_bin_cmd!("subtraction-dp")
        .write_stdin(input)
        .assert()
        .success()
        .stdout(expected.to_owned())
        .stderr("");
}

/// Runs `cmd` on `input`; it must fail with exit code 1, print nothing on stdout and
/// exactly the one line `stderr_line` on stderr.
#[track_caller]
fn check_error_of(mut cmd: assert_cmd::Command, input: &str, stderr_line: &str) {
    cmd.write_stdin(input)
        .assert()
        .code(1)
        .stdout("")
        .stderr(format!("{stderr_line}\n"));
}

#[track_caller]
fn check_error(input: &str, stderr_line: &str) {
    check_error_of(cargo_bin_cmd!("subtraction-dp"), input, stderr_line);
}

#[test]
fn answers_the_sample() {
    check("9 2\n1 4\n", "Alice\n");
}

#[test]
fn reads_the_sizes_from_any_lines_after_the_first() {
    check("9 3\n1\n\n4   4\n", "Alice\n");
}

#[test]
fn accepts_x_at_u64_max() {
    check("18446744073709551615 1\n10000\n", "Alice\n");
}

#[test]
fn answers_x_of_10_to_18_with_a_thousand_sizes() {
    // Sizes 1..=7 and 993 non-multiples of 8: lost exactly on multiples of 8.
    let mut sizes: Vec<u64> = (1..=7).collect();
    sizes.extend((9..).filter(|a| a % 8 != 0).step_by(7).take(993));
    let line: Vec<String> = sizes.iter().map(u64::to_string).collect();
    check(
        &format!("1000000000000000000 1000\n{}\n", line.join(" ")),
        "Bob\n",
    );
}

#[test]
fn prints_nothing_for_an_empty_input() {
    check("", "");
    check("\n \n", "");
}

#[test]
fn tolerates_crlf_blank_lines_tabs_and_no_final_newline() {
    check("\r\n 9\t2 \r\n\r\n1\r\n\t4", "Alice\n");
}

#[test]
fn rejects_a_non_number_naming_the_line() {
    check_error(
        "9 2\n1 four\n",
        "error: line 2: expected a number, found \"four\"",
    );
}

#[test]
fn rejects_a_negative_number_naming_the_line() {
    check_error(
        "-9 2\n1 4\n",
        "error: line 1: expected a non-negative number, found \"-9\"",
    );
}

#[test]
fn rejects_x_above_u64_max_naming_the_line() {
    check_error(
        "18446744073709551616 1\n1\n",
        "error: line 1: number \"18446744073709551616\" is too large (the largest allowed is 18446744073709551615)",
    );
}

#[test]
fn rejects_a_size_above_ten_thousand_naming_it_and_the_limit() {
    check_error(
        "9 2\n1\n10001\n",
        "error: line 3: move size \"10001\" is too large (the largest allowed is 10000)",
    );
}

#[test]
fn reads_x_k_and_the_sizes_like_scanf_on_any_lines() {
    // One instance X = 9, K = 2, sizes 1 4, however the lines fall.
    check("9\n2\n1\n4\n", "Alice\n");
    check("9 2 1\n4\n", "Alice\n");
    check("9 2 1 4", "Alice\n");
}

#[test]
fn rejects_a_missing_k_naming_the_line() {
    check_error(
        "\n9\n\n",
        "error: line 2: expected K, the number of move sizes, found the end of the input",
    );
}

#[test]
fn rejects_zero_sizes_as_k_zero() {
    check_error(
        "9 0\n",
        "error: line 1: expected a positive number, found \"0\"",
    );
}

#[test]
fn rejects_a_move_of_zero_stones() {
    check_error(
        "9 2\n1 0\n",
        "error: line 2: expected a positive number, found \"0\"",
    );
}

#[test]
fn rejects_too_few_sizes_naming_the_last_line_and_the_count() {
    check_error(
        "9 3\n1\n4\n",
        "error: line 3: input ended after 2 of the 3 move sizes",
    );
    check_error(
        "9 3\n",
        "error: line 1: input ended after 0 of the 3 move sizes",
    );
}

#[test]
fn rejects_a_token_after_the_sizes_naming_it() {
    check_error(
        "9 2\n1 4\n\n7\n",
        "error: line 4: expected only 2 move sizes, found also \"7\"",
    );
}

#[test]
fn brute_force_has_the_same_answers_and_input_errors() {
    cargo_bin_cmd!("subtraction-dp-brute")
        .write_stdin("\r\n 9\t2 \r\n\r\n1\r\n\t4")
        .assert()
        .success()
        .stdout("Alice\n");
    check_error_of(
        cargo_bin_cmd!("subtraction-dp-brute"),
        "9 2\n1 10001\n",
        "error: line 2: move size \"10001\" is too large (the largest allowed is 10000)",
    );
    check_error_of(
        cargo_bin_cmd!("subtraction-dp-brute"),
        "9 3\n1\n4\n",
        "error: line 3: input ended after 2 of the 3 move sizes",
    );
}

#[test]
fn brute_force_refuses_x_beyond_its_table() {
    check_error_of(
        cargo_bin_cmd!("subtraction-dp-brute"),
        "100000001 1\n1\n",
        "error: line 1: X = 100000001 is too large for the brute force (the largest it accepts is 100000000)",
    );
}

#[test]
fn generator_is_deterministic_and_writes_valid_input() {
    let run = |seed: &str| {
        cargo_bin_cmd!("subtraction-dp-gen")
            .args(["--seed", seed, "--max", "500", "--k", "6", "--lines", "4"])
            .output()
            .expect("gen runs")
    };
    let (a, b) = (run("7"), run("7"));
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    let input = String::from_utf8(a.stdout).expect("text");
    assert_eq!(input.lines().count(), 4, "{input}");
    let fast = cargo_bin_cmd!("subtraction-dp")
        .write_stdin(input.clone())
        .output()
        .expect("runs");
    let slow = cargo_bin_cmd!("subtraction-dp-brute")
        .write_stdin(input)
        .output()
        .expect("runs");
    assert!(fast.status.success());
    assert_eq!(fast.stdout, slow.stdout);
}

#[test]
fn generator_rejects_a_bad_option_with_exit_2() {
    cargo_bin_cmd!("subtraction-dp-gen")
        .args(["--seed", "1", "--max-move", "10001"])
        .assert()
        .code(2)
        .stderr("error: --max-move: must lie in 1..=10000\n");
}

// ---- testdata ----

fn testdata_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/subtraction-dp")
}

fn testdata_inputs() -> Vec<PathBuf> {
    let dir = testdata_dir();
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("readable testdata entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    assert!(inputs.len() >= 10, "testdata missing in {}", dir.display());
    inputs
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_validator_accepts_every_canonical_testdata_input_and_rejects_a_bad_size() {
    for input in testdata_inputs() {
        if input.to_string_lossy().contains("tolerated") {
            continue;
        }
        let out = run(VALIDATE, &read(&input));
        assert!(
            out.status.success(),
            "{}: {}",
            input.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = run(VALIDATE, "9 2\n1 10001\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: line 2: move size \"10001\" is too large (the largest allowed is 10000)\n"
    );
}

#[test]
fn every_testdata_case_gives_exactly_its_expected_output() {
    for input in testdata_inputs() {
        cargo_bin_cmd!("subtraction-dp")
            .pipe_stdin(&input)
            .expect("readable .in")
            .assert()
            .success()
            .stdout(read(&input.with_extension("out")));
    }
}

#[test]
fn every_huge_testdata_answer_matches_a_plain_table_at_the_reduced_index() {
    // Where X is beyond the brute force, the .out came from the solution; here the
    // period is rechecked with a plain table and the answer read from it.
    let mut checked = 0;
    for input in testdata_inputs() {
        let numbers: Vec<u64> = read(&input)
            .split_ascii_whitespace()
            .map(|t| t.parse().expect("valid testdata"))
            .collect();
        let x = numbers[0];
        if x <= 2000 {
            continue;
        }
        // Repeats do not change the game; dropping them keeps the table cheap.
        let mut moves = numbers[2..].to_vec();
        moves.sort_unstable();
        moves.dedup();
        let moves = &moves[..];
        let found = periodicity(moves, 10_000_000)
            .unwrap_or_else(|| panic!("{}: no short period", input.display()));
        let table = check_periodicity(moves, found);
        let expected = read(&input.with_extension("out"));
        let answer = if reduced(&table, found, x) {
            "Alice\n"
        } else {
            "Bob\n"
        };
        assert_eq!(answer, expected, "{}", input.display());
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} huge cases");
}
