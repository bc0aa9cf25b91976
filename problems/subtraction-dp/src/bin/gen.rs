//! Random valid input for the subtraction game (`subtraction-dp`).
//!
//! `subtraction-dp-gen --seed S [--max X] [--k K] [--max-move M] [--shape SHAPE] [--lines N]`
//! prints one case: `X K` on the first line, then the `K` move sizes.
//!
//! - `--max X` (default 1000): the largest stone count; `X` is drawn from `0..=X`,
//!   favouring 0 and 1, small counts, powers of two and their neighbours, and counts
//!   just below the maximum.
//! - `--k K` (default: 1 to 8 at random): the number of sizes printed (repeats count).
//! - `--max-move M` (default 30, at most 10000): the largest size drawn.
//! - `--shape` (default `mixed`, one of the others at random): how the sizes are drawn:
//!   `uniform` (from `1..=M`), `no-one` (from `2..=M`), `repeats` (from a pool of at
//!   most three values), `odd` (odd values, always with 1), `near-max` (the top ten
//!   values below `M`), `residue` (`1..=c` and then values that are not multiples of
//!   `c + 1`, for a random `c`; the win/lose pattern then has period `c + 1`).
//! - `--lines N` (default 2): lines of input in all; the input holds one case, so
//!   this spreads the sizes over `N - 1` lines (at least one, at most `K`), which
//!   exercises the reader's "sizes on any lines" rule.
//!
//! Beware: uniformly drawn sets with many large sizes (say `K = 1000`, `M = 10000`)
//! typically have a period far too long for any solution to find (see the solution's
//! module comment). Use `--shape residue` for big inputs that must be solvable.
//!
//! Deterministic for a given seed (splitmix64). A bad option prints one
//! `error: ...` line on stderr and exits with status 2.

use std::io::{self, BufWriter, Write};
use std::process::exit;

const MAX_MOVE: u64 = 10_000;

/// splitmix64: tiny, fast, and good enough for test inputs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi` (any `u64` bounds, `lo <= hi`).
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        let span = u128::from(hi - lo) + 1;
        // The modulo bias is irrelevant for test data.
        lo + (u128::from(self.next()) % span) as u64
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Shape {
    Uniform,
    NoOne,
    Repeats,
    Odd,
    NearMax,
    Residue,
}

const SHAPES: [(&str, Shape); 6] = [
    ("uniform", Shape::Uniform),
    ("no-one", Shape::NoOne),
    ("repeats", Shape::Repeats),
    ("odd", Shape::Odd),
    ("near-max", Shape::NearMax),
    ("residue", Shape::Residue),
];

struct Options {
    seed: u64,
    max: u64,
    k: Option<u64>,
    max_move: u64,
    shape: Option<Shape>,
    lines: u64,
}

fn fail(msg: &str) -> ! {
    eprintln!("error: {msg}");
    exit(2);
}

fn parse_args() -> Options {
    let mut opts = Options {
        seed: 0,
        max: 1000,
        k: None,
        max_move: 30,
        shape: None,
        lines: 2,
    };
    let mut seed = None;
    let mut args = std::env::args().skip(1);
    while let Some(key) = args.next() {
        let Some(value) = args.next() else {
            fail(&format!("option {key} needs a value"));
        };
        let number = || -> u64 {
            value
                .parse()
                .unwrap_or_else(|_| fail(&format!("{key}: expected a number, found \"{value}\"")))
        };
        match key.as_str() {
            "--seed" => seed = Some(number()),
            "--max" => opts.max = number(),
            "--k" => match number() {
                0 => fail("--k: the number of move sizes must be at least 1"),
                k => opts.k = Some(k),
            },
            "--max-move" => match number() {
                m @ 1..=MAX_MOVE => opts.max_move = m,
                _ => fail(&format!("--max-move: must lie in 1..={MAX_MOVE}")),
            },
            "--lines" => match number() {
                0 => fail("--lines: must be at least 1"),
                n => opts.lines = n,
            },
            "--shape" => match SHAPES.iter().find(|(name, _)| *name == value) {
                Some(&(_, shape)) => opts.shape = Some(shape),
                None if value == "mixed" => opts.shape = None,
                None => fail(&format!(
                    "--shape: expected mixed, uniform, no-one, repeats, odd, near-max or residue, found \"{value}\""
                )),
            },
            _ => fail(&format!("unknown option {key}")),
        }
    }
    opts.seed = seed.unwrap_or_else(|| fail("--seed S is required"));
    opts
}

/// A stone count in `0..=max`, often at an edge.
fn stones(rng: &mut Rng, max: u64, max_move: u64) -> u64 {
    match rng.next() % 10 {
        0 => rng.range(0, max.min(2)),
        1 | 2 => rng.range(0, max.min(4 * max_move)),
        3 | 4 => max - rng.range(0, max.min(100)),
        5 if max > 0 => {
            // A power of two at most max, or a neighbour of it.
            let p = 1u64 << rng.range(0, u64::from(max.ilog2()));
            (p - 1 + rng.range(0, 2)).min(max)
        }
        _ => rng.range(0, max),
    }
}

/// `k` sizes in `1..=m` drawn by `shape`.
fn sizes(rng: &mut Rng, shape: Shape, k: u64, m: u64) -> Vec<u64> {
    let k = k as usize;
    match shape {
        Shape::Uniform => (0..k).map(|_| rng.range(1, m)).collect(),
        Shape::NoOne => (0..k).map(|_| rng.range(2.min(m), m)).collect(),
        Shape::Repeats => {
            let pool: Vec<u64> = (0..rng.range(1, 3)).map(|_| rng.range(1, m)).collect();
            (0..k)
                .map(|_| pool[rng.range(0, pool.len() as u64 - 1) as usize])
                .collect()
        }
        Shape::Odd => (0..k)
            .map(|i| {
                if i == 0 {
                    1
                } else {
                    rng.range(0, (m - 1) / 2) * 2 + 1
                }
            })
            .collect(),
        Shape::NearMax => (0..k).map(|_| m - rng.range(0, (m - 1).min(9))).collect(),
        Shape::Residue => {
            let c = rng.range(1, m.min(k as u64).min(30));
            let mut out: Vec<u64> = (1..=c).collect();
            while out.len() < k {
                let a = rng.range(1, m);
                if a % (c + 1) != 0 {
                    out.push(a);
                }
            }
            // Shuffle so the small sizes are not always first.
            for i in (1..out.len()).rev() {
                out.swap(i, rng.range(0, i as u64) as usize);
            }
            out
        }
    }
}

fn main() {
    let opts = parse_args();
    let mut rng = Rng(opts.seed);
    let shape = opts
        .shape
        .unwrap_or_else(|| SHAPES[rng.range(0, SHAPES.len() as u64 - 1) as usize].1);
    let k = opts.k.unwrap_or_else(|| rng.range(1, 8));
    let x = stones(&mut rng, opts.max, opts.max_move);
    let moves = sizes(&mut rng, shape, k, opts.max_move);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut write = || -> io::Result<()> {
        writeln!(out, "{x} {k}")?;
        let rows = (opts.lines - 1).clamp(1, k);
        let per_row = ((k + rows - 1) / rows) as usize;
        for row in moves.chunks(per_row) {
            for (i, a) in row.iter().enumerate() {
                if i > 0 {
                    out.write_all(b" ")?;
                }
                write!(out, "{a}")?;
            }
            out.write_all(b"\n")?;
        }
        out.flush()
    };
    if let Err(e) = write() {
        fail(&format!("writing the output: {e}"));
    }
}
