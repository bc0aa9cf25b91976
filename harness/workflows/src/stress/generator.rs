//! The problem's generator as stress runs it (its arguments, its limits, what a
//! failing one says) and the small helpers stress and interactive stress share.
//! A leaf: the stress loop and its oracles use it, it uses none of them.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use anyhow::{Result, bail};

use judge_engine::run;
use judge_model::limits::Limits;
use judge_sandbox::Exit;

/// The problem's generator with stress's arguments (`--lines`, `--max`, and those
/// after `--`), and the empty file it reads as stdin.
#[derive(Clone, Copy)]
pub(crate) struct Generator<'a> {
    pub(crate) exe: &'a Path,
    pub(crate) args: &'a [String],
    pub(crate) null: &'a Path,
}

impl Generator<'_> {
    /// `NAME-gen --seed SEED ARGS...`.
    pub(crate) fn command(&self, seed: u64) -> Command {
        let mut command = Command::new(self.exe);
        command.arg("--seed").arg(seed.to_string()).args(self.args);
        command
    }

    /// The input for `seed`, generated on its own.
    pub(crate) fn generate(&self, seed: u64) -> Result<Vec<u8>> {
        generate(self.exe, seed, self.args, self.null)
    }

    /// The input in the generator's `out` for `seed`, or the error of a generator
    /// that failed.
    pub(crate) fn input(&self, seed: u64, out: run::Measured) -> Result<Vec<u8>> {
        generated(out, seed, self.args)
    }
}

/// How long stress runs without `--cases` or `--time`.
pub const DEFAULT_SECONDS: f64 = 10.0;

/// The limits of the problem's own helper programs (generator, answer writer): wide,
/// since they are trusted code, but still bounded so a buggy one cannot hang stress.
pub(crate) const HELPER_LIMITS: Limits = Limits {
    time: Duration::from_secs(10),
    memory: 1 << 30,
    output: 256 << 20,
};

/// The generator's output for `seed` (its stdin is `null`); a generator that
/// fails, overruns or floods is an error naming the seed and its arguments.
pub(crate) fn generate(
    generator: &Path,
    seed: u64,
    gen_args: &[String],
    null: &Path,
) -> Result<Vec<u8>> {
    let command = Generator {
        exe: generator,
        args: gen_args,
        null,
    }
    .command(seed);
    generated(run::run(command, null, &HELPER_LIMITS)?, seed, gen_args)
}

/// The generator's output in `out` for `seed`; a generator that failed, overran or
/// flooded is an error naming the seed and its arguments.
fn generated(out: run::Measured, seed: u64, gen_args: &[String]) -> Result<Vec<u8>> {
    if out.exit != Exit::Code(0) || out.wall_exceeded || out.output_exceeded {
        bail!(
            "the generator failed on `--seed {seed} {}`: {}",
            gen_args.join(" "),
            String::from_utf8_lossy(&out.stderr_tail).trim_end()
        );
    }
    Ok(out.stdout)
}
