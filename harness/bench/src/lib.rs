//! `cargo judge-bench`: times whole processes side by side and writes `BENCHMARKS.md`.
//!
//! This repository's own benchmarks, not a command of the judge: they time this
//! workspace's problems, so they are a tool of their own (`harness/bench`, binary
//! `judge-bench`) on top of the judge's crates.
//!
//! Owns the benchmark plan (which program runs on which input), generating the
//! inputs with the problems' `gen` binaries into `bench/out/` (git-ignored),
//! compiling the C++ baselines under `bench/baselines/`, timing, the table and the
//! report. Process timing is the same `wait4` reaping as judging (`run::reap`), so
//! CPU time and peak RSS are the kernel's numbers, not a sampler's. It does not own
//! judging: the judge benchmarks run the built `judge` binary as a black box.
//!
//! Every program runs once as a warm-up (its stdout kept in `bench/out/outputs/`,
//! so the outputs of a solution and its baseline can be compared), then `--runs`
//! more times with stdout to `/dev/null`. Tables quote the median wall time, the
//! min–max spread, the median CPU time and the largest peak RSS, and each row's
//! ratio to the group's reference row (the baseline it is compared with).
//!
//! This module runs the command: it builds the workspace, holds the state of one
//! run (`Bench`: where inputs and outputs go, the rows and targets so far) and
//! calls the suites in order. Timing a process is `measure`'s; the solution
//! benchmarks (and their C++ baselines) are `solutions`'; the judge benchmarks are
//! `judging`'s, the stress benchmark `stress`'s; `verify` beside problemtools is
//! `packages`'; the table, the targets and `BENCHMARKS.md` are `report`'s.

mod interactive;
mod judging;
mod measure;
mod packages;
mod report;
mod solutions;
mod stress;

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use std::path::PathBuf as ArgPath;

use clap::Parser;
use judge_engine::build;
use judge_model::status;
use judge_sandbox as sandbox;

use build::Executables;
use judge_sandbox::Exit;

pub use measure::{Sample, Stats, median};
pub use report::{Goal, Row, duration, table, thousands};

use measure::{Program, measure};

/// `cargo judge-bench`: time the solutions against C++ baselines, and the judge
/// against a shell loop; print a table and write BENCHMARKS.md (slow: a few minutes).
#[derive(Debug, Parser)]
#[command(name = "judge-bench", version)]
pub struct BenchArgs {
    /// Timed runs per program, after one warm-up run.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u16).range(1..))]
    pub runs: u16,
    /// Lines of the big inputs (the judge's large cases get a fifth of it each).
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub lines: u64,
    /// Where to write the report; `-` for nowhere [default: BENCHMARKS.md at the root].
    #[arg(long, value_name = "FILE")]
    pub output: Option<ArgPath>,
    /// Run one suite only and print its table, writing nothing (`interactive`: the
    /// relay against direct pipes over 100,000 round trips; `judge`: the judge
    /// against the shell loop and the bare spawn loop; `stress`: `judge stress`
    /// against a bare loop spawning the same three programs).
    #[arg(long, value_name = "SUITE", value_parser = ["interactive", "judge", "stress"])]
    pub only: Option<String>,
}

/// Values below 2^30, so the C++ baselines' arithmetic stays exact.
const MAX_VALUE: &str = "1073741823";

/// The state of one benchmark run.
struct Bench {
    runs: usize,
    root: PathBuf,
    out: PathBuf,
    exes: Executables,
    rows: Vec<Row>,
    targets: Vec<Goal>,
    notes: Vec<String>,
}

impl Bench {
    /// Builds one of the bench's C peers (`name.c`, given as `source`) with
    /// `gcc -O2 -pthread` into `out/bin/name`; `None` without gcc.
    fn build_c(&self, name: &str, source: &str) -> Result<Option<String>> {
        let bin = self.out.join("bin");
        std::fs::create_dir_all(&bin)?;
        let src = bin.join(format!("{name}.c"));
        let exe = bin.join(name);
        std::fs::write(&src, source)?;
        let built = std::process::Command::new("gcc")
            .args(["-O2", "-pthread", "-o"])
            .arg(&exe)
            .arg(&src)
            .status()
            .is_ok_and(|s| s.success());
        Ok(built.then(|| exe.to_string_lossy().into_owned()))
    }

    fn exe(&self, package: &str, bin: &str) -> Option<PathBuf> {
        self.exes
            .get(&(package.to_string(), bin.to_string()))
            .cloned()
    }

    /// Runs `program` once on `input` before it is timed, keeping its stdout
    /// (the returned file) and stderr; an error when it ends otherwise than
    /// expected, with the last line it wrote to stderr.
    fn warm_up(&self, group: &str, program: &Program, input: &Path) -> Result<PathBuf> {
        eprintln!("  {group}: {}", program.shown());
        let slug: String = format!("{group}-{}", program.label)
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        let kept = self.out.join("outputs").join(format!("{slug}.out"));
        let err = self.out.join("outputs").join(format!("{slug}.err"));
        let warm = measure(&program.argv, input, Some(&kept), Some(&err))?;
        if warm.exit != Exit::Code(program.exit) {
            let tail = std::fs::read_to_string(&err).unwrap_or_default();
            bail!(
                "{} ended with {:?} on {} (expected exit {}): {}",
                program.shown(),
                warm.exit,
                input.display(),
                program.exit,
                tail.lines().last().unwrap_or("")
            );
        }
        Ok(kept)
    }

    /// Times `program` on `input`: a warm-up whose stdout is kept (and returned),
    /// then `runs` timed runs.
    fn time(&mut self, group: &str, program: &Program, input: &Path) -> Result<(Stats, PathBuf)> {
        let kept = self.warm_up(group, program, input)?;
        let mut samples = Vec::with_capacity(self.runs);
        for _ in 0..self.runs {
            samples.push(measure(&program.argv, input, None, None)?);
        }
        Ok((Stats::of(&samples), kept))
    }

    /// Times `programs` side by side on `input`: a warm-up of each (as
    /// [`Bench::time`] does), then `runs` rounds that run each once in turn, so a
    /// machine that slows down or speeds up during the run weighs on all of them
    /// alike. Their stats, in order.
    fn time_side_by_side(
        &mut self,
        group: &str,
        programs: &[&Program],
        input: &Path,
    ) -> Result<Vec<Stats>> {
        for program in programs {
            self.warm_up(group, program, input)?;
        }
        let mut samples = vec![Vec::with_capacity(self.runs); programs.len()];
        for _ in 0..self.runs {
            for (program, taken) in programs.iter().zip(&mut samples) {
                taken.push(measure(&program.argv, input, None, None)?);
            }
        }
        Ok(samples.iter().map(|s| Stats::of(s)).collect())
    }

    fn row(
        &mut self,
        group: &str,
        program: &str,
        stats: Option<Stats>,
        reference: bool,
        note: &str,
    ) {
        self.rows.push(Row {
            group: group.to_string(),
            program: program.to_string(),
            stats,
            reference,
            note: note.to_string(),
        });
    }

    /// Runs a gen binary with `args` into `bench/out/inputs/NAME`.
    fn generate(&self, package: &str, name: &str, args: &[&str]) -> Result<Option<PathBuf>> {
        let Some(gen_exe) = self.exe(package, &format!("{package}-gen")) else {
            return Ok(None);
        };
        let path = self.out.join("inputs").join(name);
        let file =
            File::create(&path).with_context(|| format!("cannot create {}", path.display()))?;
        let status = Command::new(&gen_exe)
            .args(args)
            .stdout(file)
            .status()
            .with_context(|| format!("cannot start {}", gen_exe.display()))?;
        if !status.success() {
            bail!("{} {} failed ({status})", gen_exe.display(), args.join(" "));
        }
        Ok(Some(path))
    }
}

/// Runs the whole benchmark; see the module documentation.
pub fn bench(args: BenchArgs) -> Result<crate::status::Status> {
    let ws = build::workspace()?;
    let mut packages: Vec<&str> = ws.problems.iter().map(|p| p.name.as_str()).collect();
    match args.only.as_deref() {
        // `--only interactive` needs only the harness's fixture.
        Some("interactive") => packages.clear(),
        // `--only judge` judges hdu1525's cases; `--only stress` stresses it.
        Some(_) => packages.retain(|p| *p == "hdu1525"),
        None => {}
    }
    packages.push("harness");
    let mut exes = Executables::new();
    let mut notes = Vec::new();
    // One package at a time, so a crate that does not build costs only its own rows.
    for package in packages {
        eprintln!("building {package} in release...");
        match build::build(&ws, &[package]) {
            Ok(built) => exes.extend(built),
            Err(e) if package == "harness" => return Err(e),
            Err(e) => notes.push(format!(
                "{package} did not build ({e:#}); its rows are empty."
            )),
        }
    }
    let out = ws.root.join("bench").join("out");
    for sub in ["inputs", "outputs", "bin"] {
        std::fs::create_dir_all(out.join(sub))
            .with_context(|| format!("cannot create {}", out.join(sub).display()))?;
    }
    let mut b = Bench {
        runs: usize::from(args.runs),
        root: ws.root.clone(),
        out,
        exes,
        rows: Vec::new(),
        targets: Vec::new(),
        notes,
    };
    if args.only.as_deref() == Some("interactive") {
        eprintln!("the interactive relay...");
        interactive::interactive_benchmarks(&mut b)?;
        print_results(&b)?;
        return Ok(status(&b.targets));
    }
    if args.only.as_deref() == Some("judge") {
        eprintln!("the judge...");
        judging::judge_benchmarks(&mut b, &args)?;
        print_results(&b)?;
        return Ok(status(&b.targets));
    }
    if args.only.as_deref() == Some("stress") {
        eprintln!("stress...");
        stress::stress_benchmarks(&mut b)?;
        print_results(&b)?;
        return Ok(status(&b.targets));
    }
    let gxx = solutions::compile_baselines(&mut b)?;
    let lines = args.lines.to_string();

    eprintln!("1,000,000-line inputs...");
    solutions::line_benchmarks(&mut b, gxx, &lines)?;

    eprintln!("subtraction-dp...");
    solutions::subtraction_benchmarks(&mut b, gxx)?;

    eprintln!("the judge...");
    judging::judge_benchmarks(&mut b, &args)?;

    eprintln!("stress...");
    stress::stress_benchmarks(&mut b)?;

    eprintln!("problem packages...");
    packages::package_benchmarks(&mut b)?;

    eprintln!("the interactive relay...");
    interactive::interactive_benchmarks(&mut b)?;

    let text = report::report(&b, &args, gxx);
    // The file first: minutes of measurements are not lost to a closed stdout
    // (`cargo judge-bench | head`), which then ends the command quietly (141).
    let path = args
        .output
        .clone()
        .unwrap_or_else(|| b.root.join("BENCHMARKS.md"));
    let written = path.as_os_str() != "-";
    if written {
        report::write_report(&path, &text)?;
    }
    print_results(&b)?;
    if written {
        writeln!(std::io::stdout(), "\nwrote {}", path.display())?;
    }
    Ok(status(&b.targets))
}

/// Failed when a measured target was missed: a benchmark run in CI is not green
/// then (a target that could not be measured, `None`, does not fail it).
fn status(targets: &[report::Goal]) -> crate::status::Status {
    if targets.iter().any(|t| t.met == Some(false)) {
        crate::status::Status::Failed
    } else {
        crate::status::Status::Passed
    }
}

/// The table and the targets on stdout; a write error (a closed pipe) is returned,
/// not a panic as `print!` would give.
fn print_results(b: &Bench) -> Result<()> {
    let mut out = std::io::stdout().lock();
    write!(
        out,
        "{}\n{}",
        table(&b.rows),
        report::targets_list(&b.targets)
    )?;
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::status::Status;

    fn target(met: Option<bool>) -> Goal {
        Goal {
            goal: "a goal".into(),
            measured: "a figure".into(),
            met,
        }
    }

    #[test]
    fn a_missed_target_fails_the_run_and_an_unmeasured_one_does_not() {
        assert_eq!(status(&[target(Some(true)), target(None)]), Status::Passed);
        assert_eq!(
            status(&[target(Some(true)), target(Some(false))]),
            Status::Failed
        );
    }
}
