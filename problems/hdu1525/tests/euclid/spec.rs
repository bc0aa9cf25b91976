// The specification shared by the three Euclid's Game crates (hdu1525, poj2348,
// ybt1218): the same game in three output dialects. Each crate's tests/solution.rs
// declares the `solution` and `brute` modules, the dialect's WIN / LOSE words, the
// TESTDATA folder and the two commands, then includes this file, so the three are
// held to one specification without three copies of it.

use predicates::prelude::*;
use proptest::prelude::*;
use std::path::Path;

/// The solution binary prints exactly `expected` for `input` and succeeds.
#[track_caller]
fn check(input: &str, expected: &str) {
    solution_cmd()
        .write_stdin(input)
        .assert()
        .success()
        .stdout(expected.to_owned())
        .stderr("");
}

/// The solution binary prints the answers `printed` for the lines before the bad
/// one, then fails with exit code 1 and exactly the one-line `error` on stderr.
#[track_caller]
fn check_error(input: &str, printed: &str, error: &str) {
    solution_cmd()
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(printed.to_owned())
        .stderr(format!("error: {error}\n"));
}

/// F_0 ..= F_93 (F_1 = F_2 = 1); F_93 is the largest Fibonacci number below 2^64.
fn fibonacci() -> Vec<u64> {
    let mut f = vec![0u64, 1];
    while f.len() <= 93 {
        f.push(f[f.len() - 1] + f[f.len() - 2]);
    }
    f
}

#[test]
fn agrees_with_brute_force_on_every_pair_up_to_200() {
    let mut search = brute::Search::default();
    for a in 1..=200 {
        for b in 1..=200 {
            let brute = search
                .first_player_wins(a, b)
                .expect("small pairs fit the search");
            assert_eq!(solution::first_player_wins(a, b), brute, "a = {a}, b = {b}");
        }
    }
}

/// Consecutive Fibonacci numbers give the longest forced chain. For `k >= 3`,
/// `F_k < F_{k+1} = F_k + F_{k-1} < 2 F_k` with `F_{k-1} > 0`, so from
/// `(F_{k+1}, F_k)` the only move is to `(F_k, F_{k-1})`: the winner flips from one
/// `k` to the next. The chain ends at `(F_3, F_2) = (2, 1)`, which the player to move
/// wins (2 is a multiple of 1). Hence for every `k >= 2` the first player wins
/// exactly when `k` is even; `(F_2, F_1) = (1, 1)` is a win too.
#[test]
fn consecutive_fibonacci_pairs_alternate_the_winner() {
    let f = fibonacci();
    let mut search = brute::Search::default();
    for k in 1..=92 {
        let expected = k == 1 || k % 2 == 0;
        let (a, b) = (f[k + 1], f[k]);
        assert_eq!(
            solution::first_player_wins(a, b),
            expected,
            "F_{}, F_{k}",
            k + 1
        );
        assert_eq!(
            solution::first_player_wins(b, a),
            expected,
            "F_{k}, F_{}",
            k + 1
        );
        assert_eq!(
            search.first_player_wins(a, b),
            Some(expected),
            "brute, k = {k}"
        );
    }
}

#[test]
fn does_not_overflow_at_the_top_of_u64() {
    let max = u64::MAX;
    // (MAX, MAX - 1) forces the move to (MAX - 1, 1), a multiple: the second player wins.
    assert!(!solution::first_player_wins(max, max - 1));
    assert!(solution::first_player_wins(max, max));
    assert!(solution::first_player_wins(max, 1));
    // 2 * b wraps here; the true 2b exceeds a, so the only move is to (2^63, 1).
    assert!(!solution::first_player_wins((1 << 63) + 1, 1 << 63));
}

#[test]
fn brute_force_refuses_instead_of_exhausting_memory_or_stack() {
    let f = fibonacci();
    // The chain from (F_20, F_19) is 18 moves deep and visits 18 positions.
    assert_eq!(
        brute::Search::with_limits(1_000, 5).first_player_wins(f[20], f[19]),
        None
    );
    assert_eq!(
        brute::Search::with_limits(5, 1_000).first_player_wins(f[20], f[19]),
        None
    );
    assert_eq!(
        brute::Search::with_limits(1_000, 1_000).first_player_wins(f[20], f[19]),
        Some(false)
    );
}

/// Pairs anywhere in `u64`, weighted toward the regions where the game is subtle.
fn position() -> impl Strategy<Value = (u64, u64)> {
    let fib = fibonacci();
    prop_oneof![
        (1..=u64::MAX, 1..=u64::MAX),
        (0..1_000u64, 0..1_000u64).prop_map(|(x, y)| (u64::MAX - x, u64::MAX - y)),
        (0..1_000u64, 1..=u64::MAX).prop_map(|(x, b)| (u64::MAX - x, b)),
        // Consecutive Fibonacci numbers, nudged a little (F_93 + 2 still fits).
        (1..=92usize, -2..=2i64, -2..=2i64).prop_map(move |(k, da, db)| {
            let nudge = |v: u64, d: i64| v.saturating_add_signed(d).max(1);
            (nudge(fib[k + 1], da), nudge(fib[k], db))
        }),
        // b < a < 2b: the player to move has a single move.
        (2..=u64::MAX, any::<u64>()).prop_map(|(b, x)| {
            let room = (b - 1).min(u64::MAX - b);
            (b + 1 + x % room.max(1), b)
        }),
        // Exact multiples.
        (1..=u64::MAX, 1..=1_000u64)
            .prop_map(|(b, k)| ((b / k) * k, b / k))
            .prop_filter("positive", |&(_, b)| b > 0),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// The fast rule is a consistent labelling of the game graph at any size: from a
    /// won position some move reaches 0 or a lost position, and from a lost position
    /// every move reaches a won one. The rule predicts that lost positions have
    /// `b < a < 2b` (a single move), so a lost position with a large quotient is
    /// itself a violation; small quotients are checked move by move.
    #[test]
    fn large_positions_obey_the_laws_of_the_game((a, b) in position()) {
        let wins = solution::first_player_wins;
        let (big, small) = (a.max(b), a.min(b));
        let (q, r) = (big / small, big % small);
        if wins(a, b) {
            let to_zero = r == 0;
            let to_remainder = r > 0 && !wins(small, r);
            let to_remainder_plus_b = q >= 2 && r > 0 && !wins(r + small, small);
            prop_assert!(to_zero || to_remainder || to_remainder_plus_b,
                "({a}, {b}) is called won but no move reaches a lost position");
        } else {
            prop_assert!(r != 0, "({a}, {b}) is called lost but a move reaches 0");
            prop_assert!(q <= 1_000, "({a}, {b}) is called lost with quotient {q}");
            for k in 1..=q {
                let left = big - k * small;
                prop_assert!(wins(left.max(small), left.min(small)),
                    "({a}, {b}) is called lost but the move to ({left}, {small}) is lost too");
            }
        }
    }

    #[test]
    fn agrees_with_brute_force_on_large_values((a, b) in position()) {
        prop_assert_eq!(brute::first_player_wins(a, b), Some(solution::first_player_wins(a, b)));
    }

    #[test]
    fn order_of_the_two_numbers_does_not_matter((a, b) in position()) {
        prop_assert_eq!(solution::first_player_wins(a, b), solution::first_player_wins(b, a));
    }
}

/// Every `NAME.in` in `testdata/<TESTDATA>/` with its `NAME.out`, sorted by name.
fn testdata() -> Vec<(String, String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata").join(TESTDATA);
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("readable testdata folder").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
        .map(|input| {
            let name = input.file_name().unwrap().to_string_lossy().into_owned();
            let read = |p: &Path| {
                std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
            };
            (name, read(&input), read(&input.with_extension("out")))
        })
        .collect();
    cases.sort();
    assert!(cases.len() >= 10, "testdata folder looks incomplete");
    cases
}

#[test]
fn answers_every_testdata_case_exactly() {
    for (name, input, expected) in testdata() {
        let out = solution_cmd().write_stdin(input).output().unwrap();
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stdout == expected.as_bytes(),
            "{name}: stdout differs from the .out"
        );
    }
}

#[test]
fn brute_force_binary_answers_every_testdata_case_the_same() {
    for (name, input, expected) in testdata() {
        let out = brute_cmd().write_stdin(input).output().unwrap();
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stdout == expected.as_bytes(),
            "{name}: stdout differs from the .out"
        );
    }
}

#[test]
fn answers_the_samples() {
    check("34 12\n15 24\n0 0\n", &format!("{WIN}\n{LOSE}\n"));
}

#[test]
fn answers_u64_max_without_overflow() {
    let max = u64::MAX;
    check(
        &format!("{max} {max}\n{max} {}\n{max} 1\n0 0\n", max - 1),
        &format!("{WIN}\n{LOSE}\n{WIN}\n"),
    );
}

#[test]
fn stops_at_the_terminator_line() {
    check("1 1\n0 0\n3 2\nnot even read\n", &format!("{WIN}\n"));
}

#[test]
fn stops_quietly_at_end_of_input_without_a_terminator() {
    check("3 2\n5 3", &format!("{LOSE}\n{WIN}\n"));
}

#[test]
fn accepts_crlf_blank_lines_tabs_and_no_final_newline() {
    check(
        "\r\n  34\t12 \r\n\r\n\n15   24\r\n0 0",
        &format!("{WIN}\n{LOSE}\n"),
    );
}

#[test]
fn rejects_a_non_number_naming_the_line() {
    check_error(
        "34 12\n15 x4\n",
        &format!("{WIN}\n"),
        "line 2: expected a number, found \"x4\"",
    );
}

#[test]
fn rejects_a_negative_number_naming_the_line() {
    check_error(
        "34 12\n\n-15 24\n",
        &format!("{WIN}\n"),
        "line 3: expected a non-negative number, found \"-15\"",
    );
}

#[test]
fn rejects_a_number_above_u64_max_naming_the_line() {
    check_error(
        "34 12\n18446744073709551616 1\n",
        &format!("{WIN}\n"),
        "line 2: number \"18446744073709551616\" is too large (the largest allowed is 18446744073709551615)",
    );
}

#[test]
fn rejects_a_missing_second_number_naming_the_line() {
    check_error(
        "34 12\n15\n24\n",
        &format!("{WIN}\n"),
        "line 2: expected a second number, found the end of the line",
    );
}

#[test]
fn rejects_an_extra_token_naming_the_line() {
    check_error(
        "34 12\n15 24 7\n",
        &format!("{WIN}\n"),
        "line 2: expected only two numbers on the line, found also \"7\"",
    );
}

#[test]
fn rejects_a_single_zero_as_not_positive() {
    check_error(
        "34 12\n0 5\n",
        &format!("{WIN}\n"),
        "line 2: expected a positive number, found \"0\"",
    );
    check_error(
        "5 0\n",
        "",
        "line 1: expected a positive number, found \"0\"",
    );
}

#[test]
fn brute_force_binary_reports_the_same_errors() {
    for input in [
        "34 12\n15 x4\n",
        "1 1\n-3 2\n",
        "2 1\n5\n",
        "1 2 3\n",
        "7 0\n",
    ] {
        let fast = solution_cmd().write_stdin(input).output().unwrap();
        brute_cmd()
            .write_stdin(input)
            .assert()
            .code(1)
            .stdout(predicate::eq(fast.stdout))
            .stderr(predicate::eq(fast.stderr));
    }
}
