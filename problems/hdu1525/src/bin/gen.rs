//! Random valid input for HDU 1525 "Euclid's Game".
//!
//! `hdu1525-gen --seed S [--lines N] [--max V]` prints `N` lines `a b` with
//! `1 <= a, b <= V` (defaults: 100 lines, `V = u64::MAX`), then the terminator `0 0`.
//! The same seed always gives the same output. Besides uniform pairs, the values
//! aim at the interesting regions of this game: small numbers, equal numbers, exact
//! multiples, pairs with `b < a < 2b` (where the players have no choice), consecutive
//! Fibonacci numbers (the longest forced chains), and values next to `V`.
//!
//! hdu1525, poj2348 and ybt1218 share this game and its input format, so poj2348's
//! and ybt1218's generators load this file as a module and call its `main`.

use std::io::{self, BufWriter, Write};

/// splitmix64: tiny, fast, and good enough for test inputs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform-enough in `lo..=hi` (multiply-shift; the bias is far below what matters here).
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        let span = u128::from(hi - lo) + 1;
        lo + ((u128::from(self.next()) * span) >> 64) as u64
    }

    /// Spread over every magnitude up to `hi`: a random bit length, then a value of that length.
    fn log_uniform(&mut self, hi: u64) -> u64 {
        let bits = self.range(1, u64::from(64 - hi.leading_zeros()));
        let top = if bits == 64 {
            u64::MAX
        } else {
            (1 << bits) - 1
        };
        self.range(1, top.min(hi))
    }
}

/// One random pair in `1..=max`, both numbers positive.
fn pair(rng: &mut Rng, max: u64) -> (u64, u64) {
    let (a, b) = match rng.range(0, 9) {
        0 => (rng.range(1, max), rng.range(1, max)),
        1 | 2 => (rng.log_uniform(max), rng.log_uniform(max)),
        3 => {
            let hi = max.min(40);
            (rng.range(1, hi), rng.range(1, hi))
        }
        4 => {
            let v = rng.log_uniform(max);
            (v, v)
        }
        5 => {
            // An exact multiple: a = k * b.
            let b = rng.log_uniform(max);
            let k = rng.log_uniform(max / b);
            (k * b, b)
        }
        6 | 7 => {
            // b < a < 2b (or a == b when b == 1): the player to move has one move only.
            let b = rng.log_uniform(max);
            let r = rng.range(0, (b - 1).min(max - b));
            (b + r, b)
        }
        8 => fibonacci_neighbours(rng, max),
        _ => {
            // Next to the upper end: overflow-prone arithmetic lives here.
            let near = |rng: &mut Rng| max - rng.range(0, (max - 1).min(3));
            if rng.next() & 1 == 0 {
                (near(rng), near(rng))
            } else {
                (near(rng), rng.log_uniform(max))
            }
        }
    };
    if rng.next() & 1 == 0 { (a, b) } else { (b, a) }
}

/// Consecutive Fibonacci numbers up to `max`, sometimes nudged by one.
fn fibonacci_neighbours(rng: &mut Rng, max: u64) -> (u64, u64) {
    let mut fib = vec![(1u64, 1u64)];
    while let Some(&(a, b)) = fib.last() {
        match a.checked_add(b) {
            Some(c) if c <= max => fib.push((c, a)),
            _ => break,
        }
    }
    let (a, b) = fib[rng.range(0, fib.len() as u64 - 1) as usize];
    let nudge = |rng: &mut Rng, v: u64| match rng.range(0, 3) {
        0 if v > 1 => v - 1,
        1 if v < max => v + 1,
        _ => v,
    };
    (nudge(rng, a), nudge(rng, b))
}

struct Options {
    seed: u64,
    lines: u64,
    max: u64,
}

fn parse(args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut seed = None;
    let mut lines = 100;
    let mut max = u64::MAX;
    let mut args = args;
    while let Some(key) = args.next() {
        let value = args
            .next()
            .ok_or_else(|| format!("option {key} needs a value"))?;
        let number = value
            .parse::<u64>()
            .map_err(|_| format!("option {key} needs a non-negative integer, got \"{value}\""))?;
        match key.as_str() {
            "--seed" => seed = Some(number),
            "--lines" => lines = number,
            "--max" if number == 0 => return Err("--max must be at least 1".into()),
            "--max" => max = number,
            _ => {
                return Err(format!(
                    "unknown option {key} (expected --seed, --lines, --max)"
                ));
            }
        }
    }
    let seed = seed.ok_or("--seed S is required")?;
    Ok(Options { seed, lines, max })
}

pub(crate) fn main() {
    let opts = match parse(std::env::args().skip(1)) {
        Ok(opts) => opts,
        Err(msg) => {
            eprintln!("error: {msg}");
            std::process::exit(2);
        }
    };
    let mut rng = Rng(opts.seed);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let written = (0..opts.lines)
        .try_for_each(|_| {
            let (a, b) = pair(&mut rng, opts.max);
            writeln!(out, "{a} {b}")
        })
        .and_then(|()| writeln!(out, "0 0"))
        .and_then(|()| out.flush());
    if let Err(e) = written {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}
