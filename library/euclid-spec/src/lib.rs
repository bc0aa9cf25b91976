//! The specification of Euclid's Game shared by hdu1525, poj2348 and ybt1218: one
//! game, one input format, three sets of words. Each problem's `tests/solution.rs`
//! expands [`suite!`] with its own words and binaries, so the three suites cannot
//! drift apart and no test reaches into another problem's folder.
//!
//! The suite runs the built binaries only (the solution against the brute force on
//! every small input and on random large ones, each batch one run of each binary;
//! the game's laws at huge values; the testdata; the input handling), so it holds
//! whatever style a problem's `src/main.rs` is written in. The expanding crate needs
//! `contest` and `proptest`, which every Euclid problem has.

/// Expands to the whole test suite of a Euclid's Game dialect.
///
/// `win`/`lose` are the dialect's answers for "the first player wins/loses";
/// `solution`, `brute`, `validate` and `gen` are the paths of the problem's binaries
/// (`env!("CARGO_BIN_EXE_...")`); `testdata` is the problem's folder name under
/// `testdata/`, found from the expanding crate's `CARGO_MANIFEST_DIR`.
#[macro_export]
macro_rules! suite {
    (
        win: $win:expr,
        lose: $lose:expr,
        solution: $solution:expr,
        brute: $brute:expr,
        validate: $validate:expr,
        gen: $gen:expr,
        testdata: $testdata:expr $(,)?
    ) => {
        use std::path::Path;
        use std::process::{Command, Output, Stdio};

        use contest::euclid_brute::random_position;
        use contest::rng::Rng;
        use proptest::prelude::*;

        /// What this dialect prints for "the first player wins" / "the first player loses".
        const WIN: &str = $win;
        const LOSE: &str = $lose;
        const SOLUTION: &str = $solution;
        const BRUTE: &str = $brute;
        const VALIDATE: &str = $validate;
        const GEN: &str = $gen;
        /// The folder under testdata/ with this problem's cases.
        const TESTDATA: &str = $testdata;

        /// Runs `exe` with `input` on stdin.
        fn run(exe: &str, input: &str) -> Output {
            // assert_cmd writes stdin from a thread, so a large input cannot fill the pipe
            // while nobody reads.
            assert_cmd::Command::new(exe)
                .write_stdin(input)
                .output()
                .unwrap_or_else(|e| panic!("{exe}: {e}"))
        }

        /// Stdout of a successful run of `exe`.
        #[track_caller]
        fn answers(exe: &str, input: &str) -> String {
            let out = run(exe, input);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{exe} failed: {stderr}");
            String::from_utf8(out.stdout).unwrap()
        }

        /// The pairs as one input, one line each, then the terminator.
        fn batch(pairs: &[(u64, u64)]) -> String {
            let mut input: String = pairs.iter().map(|(a, b)| format!("{a} {b}\n")).collect();
            input.push_str("0 0\n");
            input
        }

        /// The solution's verdict on every pair, from one run.
        fn solution_wins(pairs: &[(u64, u64)]) -> Vec<bool> {
            let out = answers(SOLUTION, &batch(pairs));
            let verdicts: Vec<bool> = out
                .lines()
                .map(|l| match l {
                    WIN => true,
                    LOSE => false,
                    _ => panic!("unexpected answer {l:?}"),
                })
                .collect();
            assert_eq!(verdicts.len(), pairs.len(), "one answer per line");
            verdicts
        }

        /// The solution and the brute force answer every pair alike (one run each).
        #[track_caller]
        fn agree_with_brute_force(pairs: &[(u64, u64)]) {
            let input = batch(pairs);
            let (fast, slow) = (answers(SOLUTION, &input), answers(BRUTE, &input));
            assert_eq!(fast.lines().count(), pairs.len());
            for ((fast, slow), (a, b)) in fast.lines().zip(slow.lines()).zip(pairs) {
                assert_eq!(fast, slow, "position {a} {b}: solution vs brute force");
            }
        }

        #[test]
        fn agrees_with_the_brute_force_on_every_pair_up_to_200() {
            let pairs: Vec<(u64, u64)> = (1..=200)
                .flat_map(|a| (1..=200).map(move |b| (a, b)))
                .collect();
            agree_with_brute_force(&pairs);
        }

        /// Consecutive Fibonacci numbers give the longest forced chains: from
        /// `(F_{k+1}, F_k)`, `k >= 3`, the only move is to `(F_k, F_{k-1})`, ending at
        /// `(2, 1)`, a win; so the first player wins exactly for even `k` (and at `(1, 1)`).
        #[test]
        fn consecutive_fibonacci_pairs_alternate_the_winner() {
            let mut f = vec![0u64, 1];
            while f.len() <= 93 {
                f.push(f[f.len() - 1] + f[f.len() - 2]);
            }
            let pairs: Vec<(u64, u64)> = (1..=92).map(|k| (f[k + 1], f[k])).collect();
            let expected: Vec<bool> = (1..=92).map(|k| k == 1 || k % 2 == 0).collect();
            assert_eq!(solution_wins(&pairs), expected);
            agree_with_brute_force(&pairs);
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(12))]

            /// Random positions of every magnitude, aimed at the subtle regions.
            #[test]
            fn agrees_with_the_brute_force_on_random_positions(seed in any::<u64>(), small in any::<bool>()) {
                let mut rng = Rng::new(seed);
                let max = if small { 1000 } else { u64::MAX };
                let pairs: Vec<(u64, u64)> = (0..400).map(|_| random_position(&mut rng, max)).collect();
                agree_with_brute_force(&pairs);
            }

            /// The answers are a consistent labelling of the game graph at any size: from a
            /// won position some move reaches 0 or a lost position; from a lost one every
            /// move reaches a won one.
            #[test]
            fn large_positions_obey_the_laws_of_the_game(seed in any::<u64>()) {
                let mut rng = Rng::new(seed);
                let mut pairs = Vec::new();
                let mut groups = Vec::new();
                for _ in 0..200 {
                    let (a, b) = random_position(&mut rng, u64::MAX);
                    let (big, small) = (a.max(b), a.min(b));
                    // The first 64 moves and the last two (a lost position has exactly one;
                    // a won one wins by taking q or q - 1 multiples, the proof's moves).
                    let q = big / small;
                    let mut ks: Vec<u64> = (1..=q.min(64)).chain([q - 1, q]).filter(|&k| k >= 1).collect();
                    ks.sort_unstable();
                    ks.dedup();
                    let moves: Vec<(u64, u64)> = ks
                        .into_iter()
                        .map(|k| big - k * small)
                        .filter(|&left| left > 0)
                        .map(|left| (left.max(small), left.min(small)))
                        .collect();
                    groups.push((pairs.len(), moves.len(), big / small, big % small));
                    pairs.push((a, b));
                    pairs.extend(moves);
                }
                let wins = solution_wins(&pairs);
                for (at, n, q, r) in groups {
                    let (a, b) = pairs[at];
                    let after = &wins[at + 1..at + 1 + n];
                    if wins[at] {
                        prop_assert!(r == 0 || after.contains(&false), "({}, {}) won, no move reaches a loss", a, b);
                    } else {
                        prop_assert!(r != 0 && q <= 64, "({}, {}) lost with q = {}, r = {}", a, b, q, r);
                        prop_assert!(after.iter().all(|&w| w), "({}, {}) lost, a move reaches a loss", a, b);
                    }
                }
            }

            #[test]
            fn order_of_the_two_numbers_does_not_matter(seed in any::<u64>()) {
                let mut rng = Rng::new(seed);
                let pairs: Vec<(u64, u64)> = (0..300).map(|_| random_position(&mut rng, u64::MAX)).collect();
                let swapped: Vec<(u64, u64)> = pairs.iter().map(|&(a, b)| (b, a)).collect();
                prop_assert_eq!(solution_wins(&pairs), solution_wins(&swapped));
            }
        }

        /// Every `NAME.in` in `testdata/<TESTDATA>/` with its `NAME.out`, sorted by name.
        fn testdata() -> Vec<(String, String, String)> {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../testdata")
                .join(TESTDATA);
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
        fn solution_and_brute_force_answer_every_testdata_case_exactly() {
            for (name, input, expected) in testdata() {
                for exe in [SOLUTION, BRUTE] {
                    assert!(
                        answers(exe, &input) == expected,
                        "{name}: {exe}'s stdout differs from the .out"
                    );
                }
            }
        }

        #[test]
        fn the_validator_accepts_every_canonical_testdata_input() {
            for (name, input, _) in testdata()
                .into_iter()
                .filter(|(n, ..)| !n.contains("tolerated"))
            {
                let out = run(VALIDATE, &input);
                assert!(
                    out.status.success(),
                    "{name}: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
            }
        }

        #[test]
        fn the_generator_is_deterministic_and_writes_valid_input() {
            let gen = |seed: &str| {
                let out = Command::new(GEN)
                    .args(["--seed", seed, "--lines", "50", "--max", "30"])
                    .output()
                    .unwrap();
                assert!(out.status.success());
                String::from_utf8(out.stdout).unwrap()
            };
            let input = gen("4");
            assert_eq!(input, gen("4"));
            assert_eq!(input.lines().count(), 51);
            assert!(run(VALIDATE, &input).status.success());
            assert!(input
                .lines()
                .filter_map(|l| l.split_once(' '))
                .all(|(a, b)| {
                    let (a, b): (u64, u64) = (a.parse().unwrap(), b.parse().unwrap());
                    a <= 30 && b <= 30
                }));
        }

        /// The solution prints exactly `expected` for `input` and succeeds.
        #[track_caller]
        fn check(input: &str, expected: &str) {
            let out = run(SOLUTION, input);
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
            assert!(out.stderr.is_empty());
        }

        /// The solution prints the answers `printed` for the lines before the bad one,
        /// then fails with exit code 1 and exactly the one-line `error` on stderr.
        #[track_caller]
        fn check_error(input: &str, printed: &str, error: &str) {
            let out = run(SOLUTION, input);
            assert_eq!(out.status.code(), Some(1));
            assert_eq!(String::from_utf8_lossy(&out.stdout), printed);
            assert_eq!(
                String::from_utf8_lossy(&out.stderr),
                format!("error: {error}\n")
            );
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
        fn brute_force_and_validator_report_the_same_errors() {
            for input in [
                "34 12\n15 x4\n",
                "1 1\n-3 2\n",
                "2 1\n5\n",
                "1 2 3\n",
                "7 0\n",
            ] {
                let fast = run(SOLUTION, input);
                for exe in [BRUTE, VALIDATE] {
                    let other = run(exe, input);
                    assert_eq!(other.status.code(), Some(1), "{exe} on {input:?}");
                    assert_eq!(other.stderr, fast.stderr, "{exe} on {input:?}");
                }
                assert_eq!(run(BRUTE, input).stdout, fast.stdout, "{input:?}");
            }
        }
    };
}
