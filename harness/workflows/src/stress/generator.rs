//! The problem's generator as stress runs it (its arguments, its limits, what a
//! failing one says) and the small helpers stress and interactive stress share.
//! A leaf: the stress loop and its oracles use it, it uses none of them.

use std::path::Path;
use std::time::Duration;

use anyhow::{Result, bail};

use judge_engine::run;
use judge_model::limits::Limits;
use judge_sandbox::{Exit, RunSpec};

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
    pub(crate) fn command(&self, seed: u64) -> RunSpec {
        let mut command = RunSpec::new(self.exe);
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
            why_failed(&String::from_utf8_lossy(&out.stderr_tail), gen_args)
        );
    }
    Ok(out.stdout)
}

/// A failed generator's stderr on one line (a panic's `thread 'main' panicked at
/// FILE:LINE:COL:` and its message; Rust's backtrace note dropped). When it names
/// a flag stress passed, most likely the generator's own argument parsing refused
/// it, so say what every generator is given.
fn why_failed(stderr: &str, gen_args: &[String]) -> String {
    let lines: Vec<&str> = stderr
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("note: run with `RUST_BACKTRACE"))
        .collect();
    let mut why = lines[lines.len().saturating_sub(4)..].join(" ");
    if why.is_empty() {
        why = "(it printed nothing on stderr)".to_string();
    }
    let flags = gen_args
        .iter()
        .map(String::as_str)
        .filter(|a| a.starts_with("--"));
    if std::iter::once("--seed")
        .chain(flags)
        .any(|flag| mentions(stderr, flag))
    {
        why.push_str(
            " (stress runs the generator as `NAME-gen --seed S --lines N --max V` and the \
             arguments after `--`: it must accept each, ignoring those it does not use)",
        );
    }
    why
}

/// Whether `text` names `flag` as a whole word (`--max`, not `--max-len`).
fn mentions(text: &str, flag: &str) -> bool {
    text.match_indices(flag).any(|(at, _)| {
        let next = text[at + flag.len()..].chars().next();
        !next.is_some_and(|c| c.is_alphanumeric() || c == '-' || c == '_')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_generator_is_told_on_one_line_with_a_hint_when_it_refused_a_flag() {
        let args: Vec<String> = ["--lines", "10", "--max", "50"].map(String::from).to_vec();
        let panic = |message: &str| {
            format!(
                "\nthread 'main' (5) panicked at problems/p/src/bin/gen.rs:12:18:\n{message}\n\
                 note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
            )
        };
        let hint = "it must accept each";
        for (stderr, want, hinted) in [
            (
                panic("unknown argument --lines"),
                "thread 'main' (5) panicked at problems/p/src/bin/gen.rs:12:18: unknown argument --lines",
                true,
            ),
            (panic("bad flag --seed"), "bad flag --seed", true),
            (
                panic("called `Result::unwrap()` on an `Err` value: ParseIntError"),
                "ParseIntError",
                false,
            ),
            (panic("no --max-len given"), "no --max-len given", false),
            ("seed 4 is broken\n".to_string(), "seed 4 is broken", false),
            (String::new(), "(it printed nothing on stderr)", false),
        ] {
            let why = why_failed(&stderr, &args);
            assert!(why.contains(want), "{stderr:?}: {why}");
            assert!(!why.contains('\n'), "{stderr:?}: {why}");
            assert!(!why.contains("RUST_BACKTRACE"), "{stderr:?}: {why}");
            assert_eq!(why.contains(hint), hinted, "{stderr:?}: {why}");
        }
    }
}
