//! Random valid input for POJ 2484: one `n` per line, then the terminator `0`.
//!
//! Usage: `poj2484-gen --seed S [--lines N] [--max V]` (defaults: 10 lines,
//! max 1000000, the statement's bound). Values mix the interesting regions: the
//! smallest circles (1, 2, 3, 4, where the answer turns), values just below
//! `--max`, powers of two and their neighbours, and uniform values in `1..=max`.
//! The same seed always gives the same output.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use contest::args::{fail, GenArgs};

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

/// One `n` in `1..=max`, drawn from the interesting regions.
fn value(rng: &mut Rng, max: u64) -> u64 {
    match rng.next() % 8 {
        0 | 1 => rng.range(1, max.min(6)),
        2 => max - rng.range(0, (max - 1).min(3)),
        3 => {
            // 2^e - 1, 2^e or 2^e + 1, clamped into range.
            let e = rng.range(0, u64::from(max.ilog2()));
            (1u64 << e)
                .saturating_add(rng.range(0, 2))
                .saturating_sub(1)
                .clamp(1, max)
        }
        _ => rng.range(1, max),
    }
}

fn main() -> ExitCode {
    let opts = GenArgs::from_env(10, 1_000_000);
    if opts.max == 0 {
        fail("option --max: must be at least 1 (n is positive)");
    }
    let mut rng = Rng(opts.seed);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let written = (0..opts.lines)
        .try_for_each(|_| writeln!(out, "{}", value(&mut rng, opts.max)))
        .and_then(|()| out.write_all(b"0\n"))
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
