//! Timing whole processes for `cargo judge-bench`: spawn one with its stdin from a
//! file, reap it with `wait4` (`run::reap`, the same reaping as judging, so CPU time
//! and peak RSS are the kernel's numbers), and summarise several runs as a median.
//!
//! Owns [`Sample`], [`Stats`], [`median`] and the `Program` command line. It does
//! not decide what to run (the suites do), how often (the `Bench` state in the
//! parent module), or how numbers are shown (`report`).

use std::ffi::OsString;
use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use judge_engine::run;
use judge_sandbox::Exit;

/// One timed run of a process.
#[derive(Debug, Clone, Copy)]
pub struct Sample {
    /// Wall-clock time from spawn to reaped.
    pub wall: Duration,
    /// User + system CPU time (with the children it waited for, as `wait4` counts).
    pub cpu: Duration,
    /// Peak resident set size in bytes (the largest of it and its waited-for children).
    pub rss: u64,
    /// How it ended.
    pub exit: Exit,
}

/// What several runs of one program add up to.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stats {
    /// Median wall time.
    pub wall: Duration,
    /// Fastest run.
    pub min: Duration,
    /// Slowest run.
    pub max: Duration,
    /// Median CPU time.
    pub cpu: Duration,
    /// Largest peak RSS of any run, in bytes.
    pub rss: u64,
}

impl Stats {
    /// Summarises `samples` (at least one).
    pub fn of(samples: &[Sample]) -> Stats {
        let walls: Vec<Duration> = samples.iter().map(|s| s.wall).collect();
        let cpus: Vec<Duration> = samples.iter().map(|s| s.cpu).collect();
        Stats {
            wall: median(&walls),
            min: walls.iter().copied().min().unwrap_or_default(),
            max: walls.iter().copied().max().unwrap_or_default(),
            cpu: median(&cpus),
            rss: samples.iter().map(|s| s.rss).max().unwrap_or(0),
        }
    }
}

/// The median; the mean of the two middle values for an even count, zero for none.
pub fn median(values: &[Duration]) -> Duration {
    let mut v = values.to_vec();
    v.sort();
    match v.len() {
        0 => Duration::ZERO,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2,
    }
}

/// Spawns `argv` with `stdin` from a file and stdout to `stdout` (or `/dev/null`),
/// stderr to `stderr` (or `/dev/null`), and reaps it with `wait4`.
pub(super) fn measure(
    argv: &[OsString],
    stdin: &Path,
    stdout: Option<&Path>,
    stderr: Option<&Path>,
) -> Result<Sample> {
    let (program, args) = argv.split_first().context("empty command")?;
    let sink = |path: Option<&Path>| -> Result<Stdio> {
        Ok(match path {
            Some(p) => File::create(p)
                .with_context(|| format!("cannot create {}", p.display()))?
                .into(),
            None => Stdio::null(),
        })
    };
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(File::open(stdin).with_context(|| format!("cannot open {}", stdin.display()))?)
        .stdout(sink(stdout)?)
        .stderr(sink(stderr)?);
    let started = Instant::now();
    let child = command
        .spawn()
        .with_context(|| format!("cannot start {}", program.to_string_lossy()))?;
    // Reaped by wait4 below, not by std: dropping a `Child` neither waits nor kills.
    let (exit, cpu, rss) = run::reap(child.id() as i32)?;
    Ok(Sample {
        wall: started.elapsed(),
        cpu,
        rss,
        exit,
    })
}

/// A program to time: its label and command line.
pub(super) struct Program {
    pub(super) label: String,
    pub(super) argv: Vec<OsString>,
    /// The exit status it should end with (the judge says 1 for a failed case).
    pub(super) exit: i32,
}

impl Program {
    pub(super) fn new(label: &str, program: impl Into<OsString>, args: &[&str]) -> Program {
        let mut argv = vec![program.into()];
        argv.extend(args.iter().map(OsString::from));
        Program {
            label: label.to_string(),
            argv,
            exit: 0,
        }
    }

    pub(super) fn shown(&self) -> String {
        self.argv
            .iter()
            .map(|a| {
                let a = a.to_string_lossy();
                if a.contains(' ') {
                    format!("'{a}'")
                } else {
                    a.into_owned()
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn median_takes_the_middle_of_an_odd_count_in_any_order() {
        assert_eq!(median(&[ms(9), ms(1), ms(5)]), ms(5));
    }

    #[test]
    fn median_of_an_even_count_is_the_mean_of_the_two_middle_values() {
        assert_eq!(median(&[ms(4), ms(1), ms(2), ms(100)]), ms(3));
        assert_eq!(median(&[]), Duration::ZERO);
    }

    #[test]
    fn stats_keep_the_spread_and_the_largest_rss() {
        let s = |wall, rss| Sample {
            wall: ms(wall),
            cpu: ms(wall / 2),
            rss,
            exit: Exit::Code(0),
        };
        let stats = Stats::of(&[s(30, 5), s(10, 9), s(20, 7)]);
        assert_eq!((stats.wall, stats.min, stats.max), (ms(20), ms(10), ms(30)));
        assert_eq!((stats.cpu, stats.rss), (ms(10), 9));
    }
}
