//! Inputs for the `wythoff-play` interactor, and their answer files.
//!
//! `wythoff-play-gen --seed S [--lines N] [--max V]` writes `N S` (games, and the
//! seed of the interactor's random moves) then `N` positions `a b` with
//! `0 <= a, b <= V` (defaults: 10 games, V = 10^18): a third losing positions
//! (the solution must choose `second`), the rest winning ones, among them near
//! misses one stone away from a losing pair, equal and empty piles.
//!
//! `wythoff-play-gen --answer FILE` writes the answer file of an input: the side
//! that wins each game, `first` or `second`, from the library's exact product
//! test (`contest::wythoff`), which the interactor checks against its own
//! Zeckendorf decision. The same seed always gives the same output.

use std::io::{self, BufWriter, Write};

use contest::args::GenArgs;
use contest::rng::Rng;
use contest::wythoff::is_p_position;

/// The largest pile the statement allows.
const MAX: u64 = 1_000_000_000_000_000_000;

/// The losing pair with difference `k`, if its piles fit under `max`: a
/// floating-point guess, then an exact search around it.
fn losing_pair(k: u64, max: u64) -> Option<(u64, u64)> {
    let guess = (k as f64 * 1.618_033_988_749_895) as u64;
    let lo = guess.saturating_sub(1 << 10);
    (lo..=guess.saturating_add(1 << 10))
        .find(|&a| a.checked_add(k).is_some_and(|b| is_p_position(a, b)))
        .map(|a| (a, a + k))
        .filter(|&(_, b)| b <= max)
}

fn position(rng: &mut Rng, max: u64) -> (u64, u64) {
    let pick = |rng: &mut Rng| {
        if rng.coin() {
            rng.log_uniform(max.max(1)).min(max)
        } else {
            rng.range(0, max)
        }
    };
    let (a, b) = match rng.range(0, 5) {
        // A losing pair (or the empty position).
        0 | 1 => {
            let k = pick(rng) / 2;
            losing_pair(k, max).unwrap_or((0, 0))
        }
        // One stone away from a losing pair.
        2 => {
            let k = pick(rng) / 2;
            let (a, b) = losing_pair(k, max).unwrap_or((0, 1));
            if rng.coin() && b < max {
                (a, b + 1)
            } else {
                (a + u64::from(a == 0), b)
            }
        }
        3 => {
            let a = pick(rng);
            (a, a)
        }
        _ => (pick(rng), pick(rng)),
    };
    if rng.coin() {
        (a, b)
    } else {
        (b, a)
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut out = BufWriter::new(io::stdout().lock());
    if args.first().map(String::as_str) == Some("--answer") {
        let Some(path) = args.get(1) else {
            contest::args::fail("--answer needs FILE");
        };
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
            contest::args::fail(&format!("cannot read {path}: {e}"));
        });
        let numbers: Vec<u64> = text
            .split_whitespace()
            .map(|t| {
                t.parse()
                    .unwrap_or_else(|_| contest::args::fail(&format!("{path}: not a number: {t}")))
            })
            .collect();
        if numbers.len() < 2 || numbers.len() % 2 != 0 {
            contest::args::fail(&format!("{path}: expected \"T SEED\" then T positions"));
        }
        for pair in numbers[2..].chunks(2) {
            let side = if is_p_position(pair[0], pair[1]) {
                "second"
            } else {
                "first"
            };
            let _ = writeln!(out, "{side}");
        }
        return;
    }
    let a = GenArgs::from_env(10, MAX);
    let max = a.max.min(MAX);
    let mut rng = Rng::new(a.seed);
    let _ = writeln!(out, "{} {}", a.lines, a.seed);
    for _ in 0..a.lines {
        let (x, y) = position(&mut rng, max);
        let _ = writeln!(out, "{x} {y}");
    }
}
