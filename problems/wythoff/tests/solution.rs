//! Specification of wythoff (Wythoff's game), through the built binaries only, so
//! it holds whatever style `src/main.rs` is written in: the solution against the
//! brute-force table on every small position and against an independent
//! Zeckendorf oracle on huge ones (each batch one run), the testdata, and the
//! input handling.

use std::path::PathBuf;
use std::process::Output;

use assert_cmd::cargo_bin_cmd;
use proptest::prelude::*;

const SOLUTION: &str = env!("CARGO_BIN_EXE_wythoff");
const BRUTE: &str = env!("CARGO_BIN_EXE_wythoff-brute");
const VALIDATE: &str = env!("CARGO_BIN_EXE_wythoff-validate");

/// Runs `exe` with `input` on stdin.
fn run(exe: &str, input: &str) -> Output {
    // assert_cmd writes stdin from a thread, so a large input cannot fill the pipe
    // while nobody reads.
    assert_cmd::Command::new(exe)
        .write_stdin(input)
        .output()
        .unwrap_or_else(|e| panic!("{exe}: {e}"))
}

/// `exe`'s verdict ("the player to move wins") on every pair, from one run.
#[track_caller]
fn wins_by(exe: &str, pairs: &[(u64, u64)]) -> Vec<bool> {
    let input: String = pairs.iter().map(|(a, b)| format!("{a} {b}\n")).collect();
    let out = run(exe, &input);
    assert!(
        out.status.success(),
        "{exe}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let verdicts: Vec<bool> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| match l {
            "1" => true,
            "0" => false,
            _ => panic!("{exe}: unexpected answer {l:?}"),
        })
        .collect();
    assert_eq!(verdicts.len(), pairs.len(), "{exe}: one answer per line");
    verdicts
}

fn wins(pairs: &[(u64, u64)]) -> Vec<bool> {
    wins_by(SOLUTION, pairs)
}

/// The solution agrees with the oracle on every pair (one run).
#[track_caller]
fn agrees_with_the_oracle(pairs: &[(u64, u64)]) {
    for (&(a, b), won) in pairs.iter().zip(wins(pairs)) {
        assert_eq!(won, oracle_first_player_wins(a, b), "position ({a}, {b})");
    }
}

// ---- an independent oracle: Zeckendorf representations ----

/// Fibonacci numbers `F_2 = 1, F_3 = 2, F_4 = 3, ...`: `fib()[i]` is `F_{i+2}`.
/// Goes past `2 * u64::MAX` so partners of large `u64` values fit.
fn fib() -> Vec<u128> {
    let mut f = vec![1u128, 2];
    while f[f.len() - 1] <= 2 * u128::from(u64::MAX) {
        f.push(f[f.len() - 1] + f[f.len() - 2]);
    }
    f
}

/// Zeckendorf representation of `x` (greedy): indices into [`fib`], largest first.
fn zeckendorf(fib: &[u128], x: u128) -> Vec<usize> {
    let mut rest = x;
    let mut terms = Vec::new();
    for (i, &f) in fib.iter().enumerate().rev() {
        if f <= rest {
            rest -= f;
            terms.push(i);
        }
    }
    assert_eq!(rest, 0);
    terms
}

/// The partner of `x` in its losing position (the pair of Wythoff numbers it
/// belongs to). `x >= 1` is a lower Wythoff number exactly when the smallest
/// term of its Zeckendorf representation is `F_2, F_4, ...` (even index), and
/// then the upper one is that representation shifted up one index; an upper
/// number's partner is its representation shifted down. `0` pairs with `0`.
fn partner(x: u128) -> u128 {
    let fib = fib();
    let terms = zeckendorf(&fib, x);
    // fib[i] is F_{i+2}, so "even Fibonacci index" is "even i".
    let lower = terms.last().is_some_and(|&i| i % 2 == 0);
    terms
        .iter()
        .map(|&i| if lower { fib[i + 1] } else { fib[i - 1] })
        .sum()
}

/// Oracle: the player to move loses exactly at a pair `(x, partner(x))`.
fn oracle_first_player_wins(a: u64, b: u64) -> bool {
    partner(u128::from(a)) != u128::from(b)
}

/// The losing position that contains pile `x`, smaller pile first, if both fit
/// in a `u64`.
fn losing_position_with(x: u64) -> Option<(u64, u64)> {
    let y = u64::try_from(partner(u128::from(x))).ok()?;
    Some((x.min(y), x.max(y)))
}

/// The wrong floating-point rule from the statement's write-up (`a <= b`).
fn f64_formula_first_player_wins(a: u64, b: u64) -> bool {
    let (a, b) = (a.min(b), a.max(b));
    let floor = ((b - a) as f64 * 1.618_033_988_749_895) as u64;
    a != floor
}

// ---- the solution against the brute force and the oracle ----

fn small_pairs() -> Vec<(u64, u64)> {
    (0..=200)
        .flat_map(|a| (0..=200).map(move |b| (a, b)))
        .collect()
}

#[test]
fn agrees_with_the_brute_force_on_every_pair_up_to_200() {
    let pairs = small_pairs();
    assert!(
        wins(&pairs) == wins_by(BRUTE, &pairs),
        "solution vs brute force"
    );
}

#[test]
fn zeckendorf_oracle_agrees_with_brute_force_on_every_pair_up_to_200() {
    let pairs = small_pairs();
    for (&(a, b), won) in pairs.iter().zip(wins_by(BRUTE, &pairs)) {
        assert_eq!(oracle_first_player_wins(a, b), won, "position ({a}, {b})");
    }
}

#[test]
fn the_first_losing_positions_are_the_known_ones() {
    let pairs: Vec<(u64, u64)> = (0..=20u64)
        .flat_map(|a| (a..=40).map(move |b| (a, b)))
        .collect();
    let losing: Vec<(u64, u64)> = pairs
        .iter()
        .zip(wins(&pairs))
        .filter(|(_, w)| !w)
        .map(|(&p, _)| p)
        .collect();
    let known = [
        (0, 0),
        (1, 2),
        (3, 5),
        (4, 7),
        (6, 10),
        (8, 13),
        (9, 15),
        (11, 18),
        (12, 20),
        (14, 23),
        (16, 26),
        (17, 28),
        (19, 31),
    ];
    assert_eq!(losing, known);
}

#[test]
fn the_largest_losing_position_ends_exactly_at_u64_max() {
    let (a, b) = (11_400_714_819_323_198_485, u64::MAX);
    assert_eq!(losing_position_with(a), Some((a, b)));
    let pairs = [(a, b), (b, a), (a - 1, b), (a + 1, b), (a, b - 1), (b, b)];
    assert_eq!(wins(&pairs), [false, false, true, true, true, true]);
}

#[test]
fn is_exact_where_the_f64_formula_fails() {
    // k = 102334155 = F_40: floor(k phi) = F_41 - 1, where the f64 product rounds up;
    // then near u64::MAX and at k = 2^62.
    let k = 1u64 << 62;
    let pairs = [
        (165_580_140, 267_914_295),
        (165_580_141, 267_914_296),
        (11_400_714_819_323_198_485, u64::MAX),
        (7_461_864_723_258_187_776, 7_461_864_723_258_187_776 + k),
    ];
    for &(a, b) in &pairs {
        assert_ne!(
            f64_formula_first_player_wins(a, b),
            oracle_first_player_wins(a, b),
            "f64 should be wrong at ({a}, {b})"
        );
    }
    agrees_with_the_oracle(&pairs);
    agrees_with_the_oracle(&[(7_461_864_723_258_187_525, 7_461_864_723_258_187_525 + k)]);
}

#[test]
fn is_exact_where_the_squared_comparison_overflows_u128() {
    // Here (2a - 3k)(a + b) >= 2^128; wrapped modulo 2^128 it falls below k^2,
    // which would call these winning positions losing.
    let pairs = [
        (13_932_663_905_115_730_048, 15_495_341_019_512_226_796),
        (12_212_110_548_678_446_069, 16_371_008_505_233_851_536),
        (12_155_385_351_460_730_966, 16_168_500_663_257_468_683),
    ];
    assert!(pairs.iter().all(|&(a, b)| oracle_first_player_wins(a, b)));
    assert_eq!(wins(&pairs), [true, true, true]);
}

#[test]
fn consecutive_fibonacci_pairs_lose_or_win_by_index_parity() {
    // Near these pairs k phi is closest to an integer, so rounding errors show:
    // (F_2m, F_2m+1) and (F_2m+1 - 1, F_2m+2 - 1) lose, the shifted pairs win.
    let mut pairs = Vec::new();
    let mut expected = Vec::new();
    for (i, w) in fib().windows(2).enumerate() {
        let (Ok(x), Ok(y)) = (u64::try_from(w[0]), u64::try_from(w[1])) else {
            break;
        };
        // fib[i] is F_{i+2}: an even i is an even Fibonacci index.
        let even = i % 2 == 0;
        pairs.extend([(x, y), (x - 1, y - 1)]);
        expected.extend([!even, even]);
    }
    assert_eq!(wins(&pairs), expected);
}

/// Large values: anywhere, near `u64::MAX`, and near powers of two.
fn big() -> impl Strategy<Value = u64> {
    prop_oneof![
        any::<u64>(),
        (u64::MAX - (1 << 40))..=u64::MAX,
        (0..64u32, -3i64..=3).prop_map(|(e, d)| (1u64 << e).saturating_add_signed(d)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn agrees_with_the_zeckendorf_oracle_on_random_pairs(pairs in prop::collection::vec((big(), big()), 1..400)) {
        agrees_with_the_oracle(&pairs);
    }

    #[test]
    fn agrees_with_the_oracle_on_pairs_with_a_small_difference(
        pairs in prop::collection::vec((big(), 0u64..=1000), 1..400),
    ) {
        let pairs: Vec<(u64, u64)> = pairs.into_iter().map(|(a, d)| (a, a.saturating_add(d))).collect();
        agrees_with_the_oracle(&pairs);
    }

    /// Losing positions, both orders, and every position one stone away.
    #[test]
    fn large_losing_positions_lose_and_their_neighbours_agree_with_the_oracle(
        xs in prop::collection::vec(big(), 1..100),
    ) {
        let mut pairs = Vec::new();
        for (a, b) in xs.into_iter().filter_map(losing_position_with) {
            pairs.extend([(a, b), (b, a)]);
            pairs.extend([
                (a.wrapping_sub(1), b),
                (a.wrapping_add(1), b),
                (a, b.wrapping_sub(1)),
                (a, b.wrapping_add(1)),
                (a.wrapping_add(1), b.wrapping_add(1)),
                (a.wrapping_sub(1), b.wrapping_sub(1)),
            ]);
        }
        agrees_with_the_oracle(&pairs);
    }

    #[test]
    fn every_move_from_a_losing_position_reaches_a_winning_one(
        moves in prop::collection::vec((big(), any::<u64>(), 0..3u8), 1..300),
    ) {
        let mut after = Vec::new();
        for (x, t, which) in moves {
            let Some((a, b)) = losing_position_with(x) else { continue };
            match which {
                0 if a > 0 => after.push((a - 1 - t % a, b)),
                1 if b > 0 => after.push((a, b - 1 - t % b)),
                2 if a > 0 => after.push((a - 1 - t % a, b - 1 - t % a)),
                _ => {}
            }
        }
        prop_assert!(wins(&after).iter().all(|&w| w));
    }

    #[test]
    fn agrees_with_the_oracle_where_the_products_overflow_u128(
        pairs in prop::collection::vec(((1u64 << 63)..=u64::MAX - (1 << 59))
            .prop_flat_map(|a| (Just(a), (a + (1 << 59))..=u64::MAX)), 1..300),
    ) {
        agrees_with_the_oracle(&pairs);
    }
}

// ---- the binary ----

/// Runs the solution on `input`; it must succeed and print exactly `expected`.
#[track_caller]
fn check(input: &str, expected: &str) {
    cargo_bin_cmd!("wythoff")
        .write_stdin(input)
        .assert()
        .success()
        .stdout(expected.to_owned())
        .stderr("");
}

/// Runs `bin` on `input`; it must fail with exit code 1 after printing `stdout`,
/// with exactly the one line `stderr_line` on stderr.
#[track_caller]
fn check_error_of(bin: &str, input: &str, stdout: &str, stderr_line: &str) {
    let mut cmd = match bin {
        "wythoff" => cargo_bin_cmd!("wythoff"),
        _ => cargo_bin_cmd!("wythoff-brute"),
    };
    cmd.write_stdin(input)
        .assert()
        .code(1)
        .stdout(stdout.to_owned())
        .stderr(format!("{stderr_line}\n"));
}

#[track_caller]
fn check_error(input: &str, stdout: &str, stderr_line: &str) {
    check_error_of("wythoff", input, stdout, stderr_line);
}

#[test]
fn answers_the_sample() {
    check("2 1\n8 4\n4 7\n", "0\n1\n0\n");
}

#[test]
fn treats_0_0_as_a_query_and_reads_to_the_end_of_input() {
    check("0 0\n0 1\n1 2\n0 0\n", "0\n1\n0\n0\n");
}

#[test]
fn accepts_empty_input() {
    check("", "");
}

#[test]
fn accepts_the_largest_numbers() {
    check(
        "18446744073709551615 11400714819323198485\n18446744073709551615 18446744073709551615\n",
        "0\n1\n",
    );
}

#[test]
fn tolerates_crlf_blank_lines_tabs_and_no_final_newline() {
    check("\r\n2 1\r\n\r\n  8\t4  \r\n\n4 7", "0\n1\n0\n");
}

#[test]
fn rejects_a_non_number_naming_the_line() {
    check_error(
        "2 1\n8 x4\n4 7\n",
        "0\n",
        "error: line 2: expected a number, found \"x4\"",
    );
}

#[test]
fn rejects_a_negative_number_naming_the_line() {
    check_error(
        "2 1\n-8 4\n",
        "0\n",
        "error: line 2: expected a non-negative number, found \"-8\"",
    );
}

#[test]
fn rejects_a_number_above_u64_max_naming_the_line() {
    check_error(
        "2 1\n\n1 18446744073709551616\n",
        "0\n",
        "error: line 3: number \"18446744073709551616\" is too large (the largest allowed is 18446744073709551615)",
    );
}

#[test]
fn rejects_a_missing_second_number_naming_the_line() {
    check_error(
        "2 1\n8\n4 7\n",
        "0\n",
        "error: line 2: expected a second number, found the end of the line",
    );
}

#[test]
fn rejects_a_missing_second_number_at_the_end_of_input() {
    check_error(
        "2 1\n8",
        "0\n",
        "error: line 2: expected a second number, found the end of the line",
    );
}

#[test]
fn rejects_an_extra_token_naming_the_line() {
    check_error(
        "2 1\n8 4 0\n",
        "0\n",
        "error: line 2: expected only two numbers on the line, found also \"0\"",
    );
}

#[test]
fn the_validator_accepts_every_canonical_testdata_input() {
    for (input, _) in testdata() {
        if input.to_string_lossy().contains("tolerated") {
            continue;
        }
        let out = run(VALIDATE, &std::fs::read_to_string(&input).unwrap());
        assert!(
            out.status.success(),
            "{}: {}",
            input.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn brute_force_has_the_same_input_errors() {
    check_error_of(
        "wythoff-brute",
        "2 1\n8 4 0\n",
        "0\n",
        "error: line 2: expected only two numbers on the line, found also \"0\"",
    );
}

#[test]
fn brute_force_refuses_piles_beyond_its_limit() {
    check_error_of(
        "wythoff-brute",
        "2 1\n3 2001\n",
        "0\n",
        "error: line 2: a pile of 2001 stones is beyond the brute force's limit of 2000",
    );
}

// ---- testdata ----

/// The `(name.in, name.out)` pairs of `testdata/wythoff`, sorted by name.
fn testdata() -> Vec<(PathBuf, PathBuf)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/wythoff");
    let mut pairs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("readable testdata entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .map(|p| {
            let out = p.with_extension("out");
            (p, out)
        })
        .collect();
    pairs.sort();
    assert!(pairs.len() >= 10, "testdata missing in {}", dir.display());
    pairs
}

#[test]
fn every_testdata_case_gives_exactly_its_expected_output() {
    for (input, output) in testdata() {
        let expected = std::fs::read_to_string(&output)
            .unwrap_or_else(|e| panic!("{}: {e}", output.display()));
        cargo_bin_cmd!("wythoff")
            .pipe_stdin(&input)
            .expect("readable .in")
            .assert()
            .success()
            .stdout(expected);
    }
}

#[test]
fn every_testdata_answer_agrees_with_the_zeckendorf_oracle() {
    for (input, output) in testdata() {
        let input = std::fs::read_to_string(&input).expect("readable .in");
        let output = std::fs::read_to_string(&output).expect("readable .out");
        let expected: Vec<&str> = input
            .lines()
            .map(str::split_whitespace)
            .filter_map(|mut words| Some((words.next()?, words.next()?)))
            .map(|(a, b)| {
                let (a, b) = (a.parse().expect("a"), b.parse().expect("b"));
                if oracle_first_player_wins(a, b) {
                    "1"
                } else {
                    "0"
                }
            })
            .collect();
        assert_eq!(output.lines().collect::<Vec<_>>(), expected);
    }
}
