//! The interactor of `wythoff-play`: the judge's side of the games.
//!
//! Run as `wythoff-play-interactor INPUT ANSWER FEEDBACK_DIR` (the Kattis
//! output-validator convention): `INPUT` is `T SEED` then `T` positions `a b`;
//! `ANSWER` holds the winning side of each game (`first` / `second`, one a line,
//! written by the testdata's author from an independent test) and is checked
//! against this program's own decision, so two methods must agree. It talks to
//! the solution on stdin/stdout and exits 42 when the solution won every game, 43
//! (with the reason in `FEEDBACK_DIR/judgemessage.txt`) at its first mistake that
//! lost a game, or at any malformed or illegal line, naming the game, the move and
//! why. Anything else (exit 1) is its own failure: bad testdata.
//!
//! It decides losing positions independently of the solution (which uses integer
//! square roots): by Zeckendorf representations. With `F_2 = 1, F_3 = 2, ...`,
//! `x >= 1` is a lower Wythoff number exactly when the smallest Fibonacci term of
//! its representation has an even index; its partner is then the representation
//! shifted one index up, and an upper number's partner is its representation
//! shifted one index down. The lower number of difference `d` is `shift_up(d)`,
//! minus one when `d`'s smallest index is even. From a winning position it plays
//! a winning move; from a losing one, a random legal move (seeded by the input;
//! large steps as well as small, so games stay short).

use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;

use contest::rng::Rng;

/// The largest pile the statement allows.
const MAX: u64 = 1_000_000_000_000_000_000;

/// Fibonacci numbers from `F_2 = 1`: `FIB[i] = F_{i+2}`, past 2 * 10^18.
fn fib() -> Vec<u64> {
    let mut f = vec![1u64, 2];
    while f[f.len() - 1] < 4 * MAX {
        f.push(f[f.len() - 1] + f[f.len() - 2]);
    }
    f
}

/// The indices (into [`fib`]) of `x`'s Zeckendorf representation, largest first.
fn zeckendorf(fib: &[u64], mut x: u64) -> Vec<usize> {
    let mut terms = Vec::new();
    for i in (0..fib.len()).rev() {
        if fib[i] <= x {
            terms.push(i);
            x -= fib[i];
        }
    }
    terms
}

/// `x` (>= 1) is a lower Wythoff number: its smallest term is `F_2, F_4, ...`
/// (index 0, 2, ... here).
fn is_lower(fib: &[u64], x: u64) -> bool {
    zeckendorf(fib, x).last().is_some_and(|i| i % 2 == 0)
}

/// `x`'s representation shifted by one index: up, or down (`F_2 -> F_1 = 1`).
fn shift(fib: &[u64], x: u64, up: bool) -> u64 {
    zeckendorf(fib, x)
        .iter()
        .map(|&i| match (up, i) {
            (true, i) => fib[i + 1],
            (false, 0) => 1,
            (false, i) => fib[i - 1],
        })
        .sum()
}

/// The partner of `x` in its losing pair (0 for 0).
fn partner(fib: &[u64], x: u64) -> u64 {
    if x == 0 {
        0
    } else {
        shift(fib, x, is_lower(fib, x))
    }
}

/// The lower number of the losing pair with difference `d`.
fn lower_of_difference(fib: &[u64], d: u64) -> u64 {
    if d == 0 {
        return 0;
    }
    shift(fib, d, true) - u64::from(is_lower(fib, d))
}

/// The player to move loses at `(a, b)`.
fn losing(fib: &[u64], a: u64, b: u64) -> bool {
    partner(fib, a) == b
}

/// A winning move from `(a, b)` (piles in this order), if there is one.
fn winning_move(fib: &[u64], a: u64, b: u64) -> Option<(u64, u64)> {
    if losing(fib, a, b) {
        return None;
    }
    let (x, y) = (a.min(b), a.max(b));
    let p = partner(fib, x);
    let (nx, ny) = if x == y {
        (0, 0)
    } else if p < y {
        // Take the larger pile down to the smaller one's partner.
        (x, p)
    } else {
        // p > y: the pair with the same difference is below; go there diagonally.
        let ad = lower_of_difference(fib, y - x);
        (ad, ad + (y - x))
    };
    Some(if a <= b { (nx, ny) } else { (ny, nx) })
}

/// A random legal move from `(a, b) != (0, 0)`: one pile or both, by a step that
/// is as often spread over every magnitude as uniform, so positions shrink fast.
fn random_move(rng: &mut Rng, a: u64, b: u64) -> (u64, u64) {
    loop {
        let which = rng.range(0, 2);
        let room = match which {
            0 => a,
            1 => b,
            _ => a.min(b),
        };
        if room == 0 {
            continue;
        }
        let step = if rng.coin() {
            rng.log_uniform(room)
        } else {
            rng.range(1, room)
        };
        return match which {
            0 => (a - step, b),
            1 => (a, b - step),
            _ => (a - step, b - step),
        };
    }
}

/// Why a move from `from` to `to` is illegal, if it is.
fn illegal(from: (u64, u64), to: (u64, u64)) -> Option<&'static str> {
    if to.0 > from.0 || to.1 > from.1 {
        return Some("a pile grew");
    }
    let (da, db) = (from.0 - to.0, from.1 - to.1);
    if da == 0 && db == 0 {
        Some("nothing was taken")
    } else if da != 0 && db != 0 && da != db {
        Some("stones were taken from both piles, in different numbers")
    } else {
        None
    }
}

/// The end of the dialogue: how the interactor exits.
enum End {
    /// Every game won.
    Accepted(String),
    /// The solution lost or misbehaved.
    Rejected(String),
    /// The judge's own failure (bad input or answer file).
    Broken(String),
}

struct Dialogue<R, W> {
    from: R,
    to: W,
    line: String,
}

impl<R: BufRead, W: Write> Dialogue<R, W> {
    fn send(&mut self, text: std::fmt::Arguments) -> io::Result<()> {
        self.to.write_fmt(text)?;
        self.to.write_all(b"\n")?;
        self.to.flush()
    }

    /// The next line from the solution, trimmed; `None` at its end of output.
    fn receive(&mut self) -> Option<&str> {
        self.line.clear();
        match self.from.read_line(&mut self.line) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(self.line.trim()),
        }
    }
}

fn shown(s: &str) -> String {
    let cut: String = s.chars().take(40).collect();
    if cut.len() < s.len() {
        format!("\"{cut}...\"")
    } else {
        format!("\"{cut}\"")
    }
}

fn parse_move(line: &str) -> Result<(u64, u64), String> {
    let mut it = line.split_whitespace();
    let (Some(a), Some(b), None) = (it.next(), it.next(), it.next()) else {
        return Err(format!("expected a move \"a b\", found {}", shown(line)));
    };
    match (a.parse::<u64>(), b.parse::<u64>()) {
        (Ok(a), Ok(b)) => Ok((a, b)),
        _ => Err(format!(
            "expected two non-negative integers, found {}",
            shown(line)
        )),
    }
}

fn play<R: BufRead, W: Write>(
    fib: &[u64],
    input: &str,
    answer: &str,
    d: &mut Dialogue<R, W>,
) -> End {
    let mut numbers = input.split_whitespace().map(str::parse::<u64>);
    let (Some(Ok(games)), Some(Ok(seed))) = (numbers.next(), numbers.next()) else {
        return End::Broken("input: expected \"T SEED\" first".into());
    };
    let mut rng = Rng::new(seed);
    let mut sides = answer.split_whitespace();
    if d.send(format_args!("{games}")).is_err() {
        return End::Rejected("the solution stopped reading".into());
    }
    let mut moves = 0u64;
    for g in 1..=games {
        let (Some(Ok(a)), Some(Ok(b))) = (numbers.next(), numbers.next()) else {
            return End::Broken(format!("input: game {g}: expected a position \"a b\""));
        };
        if a > MAX || b > MAX {
            return End::Broken(format!("input: game {g}: a pile above 10^18"));
        }
        let lost = losing(fib, a, b);
        let side = if lost { "second" } else { "first" };
        match sides.next() {
            Some(written) if written != side => {
                return End::Broken(format!(
                    "answer file: game {g} ({a} {b}) says {written}, the interactor finds {side}"
                ));
            }
            _ => {}
        }
        if d.send(format_args!("{a} {b}")).is_err() {
            return End::Rejected(format!("game {g}: the solution stopped reading"));
        }
        let Some(choice) = d.receive().map(str::to_string) else {
            return End::Rejected(format!("game {g}: the solution's output ended"));
        };
        let mut solution_moves = match choice.as_str() {
            "first" => true,
            "second" => false,
            other => {
                return End::Rejected(format!(
                    "game {g} ({a} {b}): expected \"first\" or \"second\", found {}",
                    shown(other)
                ));
            }
        };
        let mut pos = (a, b);
        let mut turn = 0u64;
        while pos != (0, 0) {
            turn += 1;
            if solution_moves {
                let Some(line) = d.receive() else {
                    return End::Rejected(format!(
                        "game {g}, move {turn}: the solution's output ended at {} {}",
                        pos.0, pos.1
                    ));
                };
                let to = match parse_move(line) {
                    Ok(to) => to,
                    Err(why) => return End::Rejected(format!("game {g}, move {turn}: {why}")),
                };
                if let Some(why) = illegal(pos, to) {
                    return End::Rejected(format!(
                        "game {g}, move {turn}: {} {} -> {} {} is illegal: {why}",
                        pos.0, pos.1, to.0, to.1
                    ));
                }
                pos = to;
            } else {
                let to = winning_move(fib, pos.0, pos.1)
                    .unwrap_or_else(|| random_move(&mut rng, pos.0, pos.1));
                if d.send(format_args!("{} {}", to.0, to.1)).is_err() && to != (0, 0) {
                    return End::Rejected(format!("game {g}: the solution stopped reading"));
                }
                pos = to;
                if pos == (0, 0) {
                    return End::Rejected(format!(
                        "game {g} (from {a} {b}, the solution chose {choice}): the interactor \
                         won at move {turn}"
                    ));
                }
            }
            moves += 1;
            solution_moves = !solution_moves;
        }
        if solution_moves && (a, b) == (0, 0) && choice == "first" {
            return End::Rejected(format!(
                "game {g} (0 0): the solution chose first and cannot move: lost"
            ));
        }
    }
    End::Accepted(format!("won all {games} games ({moves} moves)"))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let [_, input, answer, feedback] = &args[..] else {
        eprintln!("usage: wythoff-play-interactor INPUT ANSWER FEEDBACK_DIR");
        return ExitCode::from(1);
    };
    let read = |path: &str| {
        std::fs::read_to_string(path).unwrap_or_else(|e| {
            eprintln!("error: cannot read {path}: {e}");
            std::process::exit(1);
        })
    };
    let (input, answer) = (read(input), read(answer));
    let fib = fib();
    let mut d = Dialogue {
        from: BufReader::new(io::stdin().lock()),
        to: BufWriter::new(io::stdout().lock()),
        line: String::new(),
    };
    let (code, message) = match play(&fib, &input, &answer, &mut d) {
        End::Accepted(m) => (42, m),
        End::Rejected(m) => (43, m),
        End::Broken(m) => {
            eprintln!("error: {m}");
            (1, m)
        }
    };
    let _ = std::fs::write(
        format!("{feedback}/judgemessage.txt"),
        format!("{message}\n"),
    );
    ExitCode::from(code)
}

#[cfg(test)]
#[allow(clippy::needless_range_loop)] // the brute-force table is indexed by position
mod tests {
    use super::*;

    const N: usize = 300;

    /// Losing positions by direct game search over every position below `N`.
    fn brute() -> Vec<Vec<bool>> {
        let mut lose = vec![vec![false; N]; N];
        for a in 0..N {
            for b in 0..N {
                lose[a][b] = !((0..a).any(|x| lose[x][b])
                    || (0..b).any(|y| lose[a][y])
                    || (1..=a.min(b)).any(|t| lose[a - t][b - t]));
            }
        }
        lose
    }

    #[test]
    fn the_zeckendorf_test_agrees_with_the_game_search_on_every_small_position() {
        let (fib, lose) = (fib(), brute());
        for a in 0..N {
            for b in 0..N {
                assert_eq!(losing(&fib, a as u64, b as u64), lose[a][b], "({a}, {b})");
            }
        }
    }

    #[test]
    fn every_small_winning_position_gets_a_legal_move_to_a_losing_one() {
        let (fib, lose) = (fib(), brute());
        for a in 0..N as u64 {
            for b in 0..N as u64 {
                if let Some(to) = winning_move(&fib, a, b) {
                    assert_eq!(illegal((a, b), to), None, "({a}, {b}) -> {to:?}");
                    assert!(lose[to.0 as usize][to.1 as usize], "({a}, {b}) -> {to:?}");
                }
            }
        }
    }

    #[test]
    fn random_moves_are_legal() {
        let mut rng = Rng::new(7);
        for (a, b) in [(1, 2), (3, 5), (0, 9), (MAX, MAX), (10, 0)] {
            for _ in 0..200 {
                let to = random_move(&mut rng, a, b);
                assert_eq!(illegal((a, b), to), None, "({a}, {b}) -> {to:?}");
            }
        }
    }

    #[test]
    fn pairs_of_consecutive_fibonacci_numbers_are_exact_at_10_18() {
        // (F_n, F_{n+1}) is a losing pair for even n; F_88 < 10^18 < F_89.
        let fib = fib();
        for i in (0..fib.len() - 1).filter(|i| fib[i + 1] <= MAX) {
            assert_eq!(losing(&fib, fib[i], fib[i + 1]), i % 2 == 0, "F_{}", i + 2);
        }
    }
}
