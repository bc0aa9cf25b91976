//! Random valid input for YBT 1218 "取石子游戏".
//!
//! `ybt1218-gen --seed S [--lines N] [--max V]` prints `N` lines `a b` with
//! `1 <= a, b <= V` (defaults: 100 lines, `V = u64::MAX`), then the terminator `0 0`.
//! The same seed always gives the same output. The pairs come from
//! [`contest::euclid_brute::random_position`]: uniform pairs, small numbers, equal
//! numbers, exact multiples, `b < a < 2b`, consecutive Fibonacci numbers, and
//! values next to `V`.

use std::io::Write;

use contest::args::{fail, GenArgs};
use contest::euclid_brute::random_position;
use contest::rng::Rng;

fn main() {
    let args = GenArgs::from_env(100, u64::MAX);
    if args.max == 0 {
        fail("option --max: must be at least 1 (the numbers are positive)");
    }
    let mut rng = Rng::new(args.seed);
    contest::run(|_, out| {
        for _ in 0..args.lines {
            let (a, b) = random_position(&mut rng, args.max);
            writeln!(out, "{a} {b}")?;
        }
        Ok(out.write_all(b"0 0\n")?)
    });
}
