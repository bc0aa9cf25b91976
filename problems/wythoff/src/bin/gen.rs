//! Random valid input for Wythoff's game: lines `a b`, no terminator.
//!
//! Usage: `wythoff-gen --seed S [--lines N] [--max V]` (defaults: 10 lines, max
//! 1000000000, the statement's bound). Lines mix losing positions (computed
//! exactly from Zeckendorf representations, not from the rule in `main.rs`),
//! near misses one stone away from them, consecutive Fibonacci numbers and their
//! neighbours, equal piles, empty piles, values near `--max` and uniform pairs.
//! The same seed always gives the same output.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use contest::args::GenArgs;

/// splitmix64: tiny, fast, and fully determined by the seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi` (the tiny modulo bias is irrelevant for test data).
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        match (hi - lo).checked_add(1) {
            Some(span) => lo + self.next() % span,
            None => self.next(),
        }
    }
}

/// Fibonacci numbers `F_2 = 1, F_3 = 2, ...` (stored from index 0) past `u64::MAX`.
fn fibonacci() -> Vec<u128> {
    let mut fib = vec![1u128, 2];
    while fib[fib.len() - 1] <= u128::from(u64::MAX) {
        fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
    }
    fib
}

/// The partner of `x` in its losing position, from Zeckendorf's representation:
/// `x` is a lower Wythoff number exactly when its smallest Fibonacci term has an
/// even index (`F_2`, `F_4`, ...), and then its partner is the representation
/// shifted one index up; otherwise `x` is an upper number and its partner is the
/// representation shifted one index down. Zero is its own partner.
fn partner(fib: &[u128], x: u64) -> u128 {
    // Bit i set: fib[i] is a term (fewer than 128 Fibonacci numbers fit in u128).
    let mut terms = 0u128;
    let mut rest = u128::from(x);
    for (i, &f) in fib.iter().enumerate().rev() {
        if f <= rest {
            rest -= f;
            terms |= 1 << i;
        }
    }
    // fib[i] is F_{i+2}: an even Fibonacci index is an even i.
    let lower = terms != 0 && terms.trailing_zeros() % 2 == 0;
    (0..fib.len())
        .filter(|&i| terms >> i & 1 == 1)
        .map(|i| if lower { fib[i + 1] } else { fib[i - 1] })
        .sum()
}

/// A value in `0..=max` from the interesting regions.
fn value(rng: &mut Rng, max: u64) -> u64 {
    match rng.next() % 4 {
        0 => rng.range(0, max.min(30)),
        1 => max - rng.range(0, max.min(3)),
        _ => rng.range(0, max),
    }
}

/// A losing position with both piles at most `max`, smaller pile first.
fn losing(rng: &mut Rng, fib: &[u128], max: u64) -> (u64, u64) {
    let mut x = value(rng, max);
    loop {
        // Halving x at most ~twice brings the larger partner under max.
        let y = partner(fib, x);
        match u64::try_from(y) {
            Ok(y) if y <= max => return (x.min(y), x.max(y)),
            _ => {}
        }
        x /= 2;
    }
}

/// One query line's two piles.
fn pair(rng: &mut Rng, fib: &[u128], max: u64) -> (u64, u64) {
    let near = |v: u64, rng: &mut Rng| match rng.next() % 3 {
        0 => v.saturating_sub(1),
        1 => v,
        _ => v.saturating_add(1).min(max),
    };
    let (a, b) = match rng.next() % 10 {
        0..=2 => losing(rng, fib, max),
        3 | 4 => {
            let (a, b) = losing(rng, fib, max);
            (near(a, rng), near(b, rng))
        }
        5 => {
            // Consecutive Fibonacci numbers, or one less: the floating-point traps.
            match fib.iter().take_while(|&&f| f <= u128::from(max)).count() {
                0 => (0, 0),
                top => {
                    // Lossless: these Fibonacci numbers are at most max.
                    let i = rng.range(0, top as u64 - 1) as usize;
                    let (a, b) = (fib[i] as u64, fib[(i + 1).min(top - 1)] as u64);
                    (near(a, rng), near(b, rng))
                }
            }
        }
        6 => {
            let v = value(rng, max);
            (v, v)
        }
        7 => (0, value(rng, max)),
        _ => (value(rng, max), value(rng, max)),
    };
    if rng.next() % 2 == 0 {
        (a, b)
    } else {
        (b, a)
    }
}

fn main() -> ExitCode {
    let opts = GenArgs::from_env(10, 1_000_000_000);
    let fib = fibonacci();
    let mut rng = Rng(opts.seed);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let written = (0..opts.lines)
        .try_for_each(|_| {
            let (a, b) = pair(&mut rng, &fib, opts.max);
            writeln!(out, "{a} {b}")
        })
        .and_then(|()| out.flush());
    match written {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (e.g. `| head`) is not worth a message.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: writing output: {e}");
            ExitCode::FAILURE
        }
    }
}
