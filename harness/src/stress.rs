//! `cargo judge stress NAME`: random inputs from the problem's generator, the
//! solution against the brute force, and on the first difference a shrunk,
//! minimal failing input.
//!
//! Owns the stress loop, classifying each side's run (a crash or timeout of either
//! side is reported as such, not as a wrong answer) and shrinking. Shrinking is
//! delta debugging on the text: first whole chunks of lines are dropped (halves,
//! quarters, ... single lines), then each number is made smaller (0, 1, 2, half,
//! ...) and single tokens are dropped, repeated until nothing changes. Every
//! candidate is re-run on both sides and kept only if the brute force still accepts
//! it (and the problem's `validate` binary, if it has one) and the solution still
//! fails the same way, so the result is a valid input that still shows the bug.
//! Process handling is `run`'s, comparison `check`'s and rendering `diff`'s.

use std::io::{IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anstyle::{AnsiColor, Style};
use anyhow::{Context, Result, bail};

use crate::build::{self, Workspace};
use crate::check::{self, Outcome};
use crate::cli::StressArgs;
use crate::judge::{Verdict, human_time};
use crate::problem::Settings;
use crate::run::{self, Exit, Limits};
use crate::{EXIT_FAILED, EXIT_OK, diff};

const BOLD: Style = Style::new().bold();
const RED: Style = AnsiColor::Red.on_default().bold();
const GREEN: Style = AnsiColor::Green.on_default().bold();

/// The executables of one problem that stress needs.
pub struct Programs {
    /// The solution.
    pub solution: PathBuf,
    /// The brute force (`src/bin/brute.rs`).
    pub brute: PathBuf,
    /// The generator (`src/bin/gen.rs`).
    pub generator: Option<PathBuf>,
    /// The input validator (`src/bin/validate.rs`), if the problem has one.
    pub validate: Option<PathBuf>,
}

/// Builds `name` and finds its solution, brute force, generator and validator.
pub fn programs(ws: &Workspace, name: &str) -> Result<Programs> {
    let Some(problem) = ws.problem(name) else {
        let known: Vec<_> = ws.problems.iter().map(|p| p.name.as_str()).collect();
        bail!(
            "unknown problem \"{name}\" (the workspace has: {})",
            known.join(", ")
        );
    };
    let exes = build::build(ws, &[name])?;
    let by_stem = |stem: &str| {
        problem
            .bins
            .iter()
            .find(|(_, s)| s == stem)
            .and_then(|(target, _)| exes.get(&(name.to_string(), target.clone())))
            .cloned()
    };
    let solution = exes
        .get(&(name.to_string(), name.to_string()))
        .cloned()
        .with_context(|| format!("cargo built no binary {name}"))?;
    let brute = by_stem("brute").with_context(|| {
        format!("problem {name} has no brute force: expected problems/{name}/src/bin/brute.rs declared as [[bin]] {name}-brute")
    })?;
    Ok(Programs {
        solution,
        brute,
        generator: by_stem("gen"),
        validate: by_stem("validate"),
    })
}

/// How one side (solution or brute force) ran on an input.
#[derive(Debug, Clone)]
pub enum Side {
    /// Exited 0 within the limits with this output.
    Ran(Vec<u8>),
    /// A verdict other than a normal run (TLE, MLE, RE, OLE) and why.
    Failed(Verdict, String),
}

/// Runs `exe` on `input` under `limits`, classifying the run.
pub fn run_side(exe: &Path, input: &Path, limits: &Limits) -> Result<Side> {
    let mut command = Command::new(exe);
    // A Rust backtrace is no use here, and symbolizing one under a tight address-space
    // limit can stall until the wall-clock backstop, turning a crash into a "TLE".
    command.env("RUST_BACKTRACE", "0");
    let out = run::run(command, input, limits)?;
    let stderr = String::from_utf8_lossy(&out.stderr_tail);
    // The last line that says something (Rust's "note: run with RUST_BACKTRACE" does not).
    let tail = stderr
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty() && !l.starts_with("note:"))
        .unwrap_or("")
        .to_string();
    let exit = match out.exit {
        Exit::Code(c) => format!("exit {c}"),
        Exit::Signal(s) => run::signal_name(s),
    };
    Ok(if out.output_exceeded {
        Side::Failed(Verdict::OLE, "output limit exceeded".into())
    } else if out.wall_exceeded || out.cpu > limits.time || out.exit == Exit::Signal(libc::SIGXCPU)
    {
        Side::Failed(
            Verdict::TLE,
            format!(
                "{} CPU, limit {}",
                human_time(out.cpu.as_secs_f64()),
                human_time(limits.time.as_secs_f64())
            ),
        )
    } else if out.exit != Exit::Code(0) {
        Side::Failed(Verdict::RE, format!("{exit}: {tail}"))
    } else if out.peak_rss > limits.memory {
        Side::Failed(Verdict::MLE, format!("peak memory {} bytes", out.peak_rss))
    } else {
        Side::Ran(out.stdout)
    })
}

/// What one input showed.
#[derive(Debug, Clone)]
pub enum Finding {
    /// Both ran and the checker accepts the solution's output.
    Agree,
    /// Both ran and the checker rejects it (WA or PE).
    Differ {
        /// WA or PE.
        verdict: Verdict,
        /// The brute force's output.
        expected: Vec<u8>,
        /// The solution's output.
        actual: Vec<u8>,
    },
    /// The brute force ran; the solution did not (TLE, RE, ...).
    SolutionFailed(Verdict, String),
    /// The brute force itself did not run normally (or rejected the input).
    BruteFailed(Verdict, String),
}

impl Finding {
    /// The same kind of failure, for shrinking: a smaller input must keep it.
    fn same_kind(&self, other: &Finding) -> bool {
        match (self, other) {
            (Finding::Differ { verdict: a, .. }, Finding::Differ { verdict: b, .. }) => a == b,
            (Finding::SolutionFailed(a, _), Finding::SolutionFailed(b, _)) => a == b,
            _ => false,
        }
    }
}

/// Runs both sides on one input and compares them.
pub struct Tester<'a> {
    programs: &'a Programs,
    settings: &'a Settings,
    solution_limits: Limits,
    brute_limits: Limits,
    scratch: PathBuf,
    /// Runs so far (each a solution run and a brute-force run).
    pub runs: u64,
}

impl<'a> Tester<'a> {
    /// A tester writing its inputs under `scratch`.
    pub fn new(
        programs: &'a Programs,
        settings: &'a Settings,
        brute_time: Duration,
        scratch: &Path,
    ) -> Tester<'a> {
        let solution_limits = Limits {
            time: settings.time_limit,
            memory: settings.memory_limit,
            output: settings.output_limit,
        };
        Tester {
            programs,
            settings,
            solution_limits,
            brute_limits: Limits {
                time: brute_time,
                memory: settings.memory_limit.max(1 << 30),
                ..solution_limits
            },
            scratch: scratch.join("input.in"),
            runs: 0,
        }
    }

    /// Judges the solution on `input` against the brute force.
    pub fn test(&mut self, input: &[u8]) -> Result<Finding> {
        self.runs += 1;
        std::fs::write(&self.scratch, input)
            .with_context(|| format!("cannot write {}", self.scratch.display()))?;
        if let Some(validate) = &self.programs.validate {
            let limits = self.brute_limits;
            if let Side::Failed(_, why) = run_side(validate, &self.scratch, &limits)? {
                return Ok(Finding::BruteFailed(
                    Verdict::ERR,
                    format!("the validator rejects the input ({why})"),
                ));
            }
        }
        let expected = match run_side(&self.programs.brute, &self.scratch, &self.brute_limits)? {
            Side::Ran(out) => out,
            Side::Failed(v, why) => return Ok(Finding::BruteFailed(v, why)),
        };
        let actual = match run_side(
            &self.programs.solution,
            &self.scratch,
            &self.solution_limits,
        )? {
            Side::Ran(out) => out,
            Side::Failed(v, why) => return Ok(Finding::SolutionFailed(v, why)),
        };
        Ok(
            match check::check(&self.settings.checker, &self.scratch, &actual, &expected)? {
                Outcome::Accepted => Finding::Agree,
                Outcome::Wrong => Finding::Differ {
                    verdict: Verdict::WA,
                    expected,
                    actual,
                },
                Outcome::Presentation => Finding::Differ {
                    verdict: Verdict::PE,
                    expected,
                    actual,
                },
            },
        )
    }
}

/// Shrinks `input` while `fails` holds, spending at most `budget` calls. Returns
/// the smallest failing input found; `fails(input)` is assumed true.
pub fn shrink(
    input: &str,
    budget: u64,
    mut fails: impl FnMut(&str) -> Result<bool>,
) -> Result<String> {
    let mut lines: Vec<String> = input.lines().map(str::to_string).collect();
    let mut spent = 0u64;
    let mut try_lines = |candidate: &[String], spent: &mut u64| -> Result<bool> {
        if *spent >= budget {
            return Ok(false);
        }
        *spent += 1;
        fails(&join(candidate))
    };
    loop {
        let before = lines.clone();
        // Phase 1: drop chunks of lines, halves first, down to single lines.
        let mut chunk = lines.len().div_ceil(2).max(1);
        loop {
            let mut i = 0;
            while i < lines.len() && lines.len() > 1 {
                let end = (i + chunk).min(lines.len());
                let candidate: Vec<String> =
                    lines[..i].iter().chain(&lines[end..]).cloned().collect();
                if !candidate.is_empty() && try_lines(&candidate, &mut spent)? {
                    lines = candidate;
                } else {
                    i += chunk;
                }
            }
            if chunk == 1 {
                break;
            }
            chunk = chunk.div_ceil(2);
        }
        // Phase 2: smaller numbers and fewer tokens. A line's numbers are first
        // scaled down together (by their gcd, then halved), which keeps relations
        // such as `b = 2a` that shrinking one number at a time would break.
        let mut l = 0;
        while l < lines.len() {
            for candidate_line in scaled_down(&lines[l]) {
                let mut candidate = lines.clone();
                candidate[l] = candidate_line;
                if try_lines(&candidate, &mut spent)? {
                    lines = candidate;
                }
            }
            let mut t = 0;
            while t < tokens(&lines[l]).len() {
                let toks = tokens(&lines[l]);
                let mut replaced = false;
                if toks.len() > 1 {
                    let mut fewer = toks.clone();
                    fewer.remove(t);
                    let mut candidate = lines.clone();
                    candidate[l] = fewer.join(" ");
                    if try_lines(&candidate, &mut spent)? {
                        lines = candidate;
                        continue;
                    }
                }
                if let Ok(v) = toks[t].parse::<u128>() {
                    for smaller in smaller_numbers(v) {
                        let mut changed = toks.clone();
                        changed[t] = smaller.to_string();
                        let mut candidate = lines.clone();
                        candidate[l] = changed.join(" ");
                        if try_lines(&candidate, &mut spent)? {
                            lines = candidate;
                            replaced = true;
                            break;
                        }
                    }
                }
                if !replaced {
                    t += 1;
                }
            }
            l += 1;
        }
        if lines == before || spent >= budget {
            break;
        }
    }
    Ok(join(&lines))
}

/// The line with all its numbers divided by their gcd, then all halved (when it has
/// two or more numbers and nothing else).
fn scaled_down(line: &str) -> Vec<String> {
    let Ok(numbers) = line
        .split_ascii_whitespace()
        .map(str::parse::<u128>)
        .collect::<Result<Vec<_>, _>>()
    else {
        return Vec::new();
    };
    if numbers.len() < 2 {
        return Vec::new();
    }
    let gcd = numbers.iter().fold(0, |g, &v| gcd(g, v));
    let show = |v: Vec<u128>| v.iter().map(u128::to_string).collect::<Vec<_>>().join(" ");
    let mut out = Vec::new();
    if gcd > 1 {
        out.push(show(numbers.iter().map(|v| v / gcd).collect()));
    }
    if numbers.iter().any(|&v| v > 1) {
        out.push(show(numbers.iter().map(|v| v / 2).collect()));
    }
    out
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn tokens(line: &str) -> Vec<String> {
    line.split_ascii_whitespace().map(str::to_string).collect()
}

fn join(lines: &[String]) -> String {
    let mut s = lines.join("\n");
    s.push('\n');
    s
}

/// Candidates below `v`, smallest first: 0, 1, 2, then `v` minus ever smaller halves
/// of it, ending with `v - 1`, so a failing region is approached in log steps.
fn smaller_numbers(v: u128) -> Vec<u128> {
    let mut out: Vec<u128> = [0, 1, 2].into_iter().filter(|&c| c < v).collect();
    let mut step = v / 2;
    while step > 0 {
        let c = v - step;
        if c > 2 && out.last() != Some(&c) {
            out.push(c);
        }
        step /= 2;
    }
    out
}

/// `cargo judge stress NAME`.
pub fn stress(args: StressArgs) -> Result<i32> {
    let ws = build::workspace()?;
    let name = args.problem.as_str();
    let programs = programs(&ws, name)?;
    let Some(generator) = programs.generator.clone() else {
        bail!(
            "problem {name} has no generator: expected problems/{name}/src/bin/gen.rs declared as [[bin]] {name}-gen"
        );
    };
    let testdata = ws.testdata().join(name);
    let settings = Settings::load(&testdata)?;
    let scratch = tempfile::tempdir().context("cannot create a scratch folder")?;
    let brute_time = Duration::from_secs_f64(args.brute_time_limit);
    let mut tester = Tester::new(&programs, &settings, brute_time, scratch.path());
    let gen_args = generator_args(&args);
    let mut out = anstream::stdout();
    writeln!(
        out,
        "stress {BOLD}{name}{BOLD:#}: solution vs brute force on `{name}-gen --seed S {}`, seeds from {}",
        gen_args.join(" "),
        args.seed
    )?;
    let started = Instant::now();
    let deadline = args
        .cases
        .is_none()
        .then(|| started + Duration::from_secs_f64(args.time.unwrap_or(DEFAULT_SECONDS)));
    let live = std::io::stderr().is_terminal();
    let mut last_draw = Instant::now();
    let mut done = 0u64;
    let null = scratch.path().join("empty");
    std::fs::write(&null, "")?;
    let mut seed = args.seed;
    loop {
        if args.cases.is_some_and(|n| done >= n) || deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let input = generate(&generator, seed, &gen_args, &null)?;
        let finding = tester.test(&input)?;
        done += 1;
        if live && last_draw.elapsed() > Duration::from_millis(100) {
            last_draw = Instant::now();
            eprint!(
                "\r\x1b[2K[seed {seed}] {done} cases, {:.0} cases/s",
                rate(done, started)
            );
        }
        if !matches!(finding, Finding::Agree) {
            if live {
                eprint!("\r\x1b[2K");
            }
            let elapsed = started.elapsed().as_secs_f64();
            writeln!(
                out,
                "{RED}FOUND{RED:#} on seed {seed} after {done} cases in {elapsed:.1} s ({:.0} cases/s)",
                rate(done, started)
            )?;
            return report_finding(
                &args,
                &ws,
                &mut tester,
                seed,
                &gen_args,
                &String::from_utf8_lossy(&input),
                finding,
                &mut out,
            );
        }
        seed = seed.wrapping_add(1);
    }
    if live {
        eprint!("\r\x1b[2K");
    }
    writeln!(
        out,
        "{GREEN}ok{GREEN:#}: no difference in {done} cases (seeds {}..={}) in {:.1} s, {:.0} cases/s",
        args.seed,
        seed.wrapping_sub(1),
        started.elapsed().as_secs_f64(),
        rate(done, started)
    )?;
    Ok(EXIT_OK)
}

/// How long stress runs without `--cases` or `--time`.
pub const DEFAULT_SECONDS: f64 = 10.0;

fn rate(done: u64, started: Instant) -> f64 {
    done as f64 / started.elapsed().as_secs_f64().max(1e-9)
}

/// `--lines`, `--max` (with small defaults, so the brute force keeps up) and the
/// pass-through arguments after `--`.
fn generator_args(args: &StressArgs) -> Vec<String> {
    let mut v = vec![
        "--lines".to_string(),
        args.lines.to_string(),
        "--max".to_string(),
        args.max.to_string(),
    ];
    v.extend(args.gen_args.iter().cloned());
    v
}

fn generate(generator: &Path, seed: u64, gen_args: &[String], null: &Path) -> Result<Vec<u8>> {
    let mut command = Command::new(generator);
    command.arg("--seed").arg(seed.to_string()).args(gen_args);
    let limits = Limits {
        time: Duration::from_secs(10),
        memory: 1 << 30,
        output: 256 << 20,
    };
    let out = run::run(command, null, &limits)?;
    if out.exit != Exit::Code(0) || out.wall_exceeded || out.output_exceeded {
        bail!(
            "the generator failed on `--seed {seed} {}`: {}",
            gen_args.join(" "),
            String::from_utf8_lossy(&out.stderr_tail).trim_end()
        );
    }
    Ok(out.stdout)
}

#[allow(clippy::too_many_arguments)] // one call site; a struct would only rename them
fn report_finding(
    args: &StressArgs,
    ws: &Workspace,
    tester: &mut Tester,
    seed: u64,
    gen_args: &[String],
    input: &str,
    finding: Finding,
    out: &mut impl std::io::Write,
) -> Result<i32> {
    let reproduce = format!(
        "cargo judge stress {} --seed {seed} --cases 1 --lines {} --max {}{}",
        args.problem,
        args.lines,
        args.max,
        if args.gen_args.is_empty() {
            String::new()
        } else {
            format!(" -- {}", args.gen_args.join(" "))
        }
    );
    let _ = gen_args;
    match &finding {
        Finding::BruteFailed(v, why) => {
            writeln!(
                out,
                "the {BOLD}brute force{BOLD:#} failed ({}): {why}\ninput:\n{}reproduce: {reproduce}",
                v.name(),
                indent(input)
            )?;
            return Ok(EXIT_FAILED);
        }
        Finding::SolutionFailed(v, why) => {
            writeln!(
                out,
                "the {BOLD}solution{BOLD:#} failed with {RED}{}{RED:#} ({why}) where the brute force ran",
                v.name()
            )?;
        }
        Finding::Differ { verdict, .. } => writeln!(
            out,
            "the solution's output differs from the brute force's: {RED}{}{RED:#}",
            verdict.name()
        )?,
        Finding::Agree => unreachable!("only a failure is reported"),
    }
    let lines_before = input.lines().count();
    let (minimal, last) =
        if args.no_shrink || matches!(finding, Finding::SolutionFailed(Verdict::TLE, _)) {
            if !args.no_shrink {
                writeln!(
                    out,
                    "not shrinking a timeout: each try would take the whole time limit"
                )?;
            }
            (input.to_string(), finding)
        } else {
            let runs_before = tester.runs;
            let started = Instant::now();
            let mut last = finding.clone();
            let minimal = shrink(input, args.shrink_runs, |candidate| {
                let f = tester.test(candidate.as_bytes())?;
                let keep = f.same_kind(&finding);
                if keep {
                    last = f;
                }
                Ok(keep)
            })?;
            writeln!(
                out,
                "shrunk {} to {} in {} runs ({:.1} s)",
                plural(lines_before, "line"),
                plural(minimal.lines().count(), "line"),
                tester.runs - runs_before,
                started.elapsed().as_secs_f64()
            )?;
            (minimal, last)
        };
    write!(
        out,
        "{BOLD}minimal input{BOLD:#} (seed {seed}):\n{}",
        indent(&minimal)
    )?;
    match &last {
        Finding::Differ {
            expected, actual, ..
        } => {
            let mut d = String::new();
            diff::render(
                &mut d,
                &String::from_utf8_lossy(expected),
                &String::from_utf8_lossy(actual),
                true,
            )
            .expect("writing to a String cannot fail");
            write!(
                out,
                "{BOLD}expected{BOLD:#} (brute force) vs {BOLD}actual{BOLD:#} (solution):\n{}",
                indent(&d)
            )?;
        }
        Finding::SolutionFailed(v, why) => {
            writeln!(out, "solution: {} ({why})", v.name())?;
        }
        _ => {}
    }
    writeln!(out, "reproduce: {reproduce}")?;
    if args.save {
        save(ws, &args.problem, seed, &minimal, &mut *tester, out)?;
    }
    Ok(EXIT_FAILED)
}

/// Writes `testdata/NAME/stress-SEED.in` and its `.out` from the brute force.
fn save(
    ws: &Workspace,
    name: &str,
    seed: u64,
    input: &str,
    tester: &mut Tester,
    out: &mut impl std::io::Write,
) -> Result<()> {
    let dir = ws.testdata().join(name);
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let stem = dir.join(format!("stress-{seed}"));
    let (in_path, out_path) = (stem.with_extension("in"), stem.with_extension("out"));
    if in_path.exists() || out_path.exists() {
        bail!("{} already exists; not overwriting it", in_path.display());
    }
    std::fs::write(&tester.scratch, input)?;
    let expected = match run_side(
        &tester.programs.brute,
        &tester.scratch,
        &tester.brute_limits,
    )? {
        Side::Ran(o) => o,
        Side::Failed(v, why) => bail!(
            "the brute force failed ({}) on the input to save: {why}",
            v.name()
        ),
    };
    std::fs::write(&in_path, input)
        .with_context(|| format!("cannot write {}", in_path.display()))?;
    std::fs::write(&out_path, expected)
        .with_context(|| format!("cannot write {}", out_path.display()))?;
    writeln!(
        out,
        "saved {} and {} (expected output from the brute force)",
        rel(ws, &in_path),
        rel(ws, &out_path)
    )?;
    Ok(())
}

fn rel(ws: &Workspace, p: &Path) -> String {
    p.strip_prefix(&ws.root).unwrap_or(p).display().to_string()
}

fn indent(text: &str) -> String {
    let mut s = String::new();
    for line in text.lines() {
        s.push_str("    ");
        s.push_str(line);
        s.push('\n');
    }
    s
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A "solution" that fails whenever the input has a line whose two numbers sum to
    /// more than 100: shrinking must find one short line with a small such pair.
    fn buggy(input: &str) -> Result<bool> {
        Ok(input.lines().any(|l| {
            let v: Vec<u64> = l
                .split_whitespace()
                .filter_map(|t| t.parse().ok())
                .collect();
            v.len() == 2 && v[0] + v[1] > 100
        }))
    }

    #[test]
    fn shrink_keeps_one_line_with_the_smallest_failing_numbers() {
        let input = "1 2\n3 4\n999 5\n7 8\n60 70\n0 0\n";
        let small = shrink(input, 10_000, buggy).unwrap();
        assert_eq!(small.lines().count(), 1, "{small}");
        let v: Vec<u64> = small
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(v.len(), 2);
        assert_eq!(v[0] + v[1], 101, "{small}");
    }

    #[test]
    fn shrink_respects_its_budget() {
        let input = "1 200\n".repeat(50);
        let mut calls = 0;
        shrink(&input, 7, |s| {
            calls += 1;
            buggy(s)
        })
        .unwrap();
        assert_eq!(calls, 7);
    }

    #[test]
    fn smaller_numbers_start_small_and_end_just_below() {
        assert_eq!(smaller_numbers(1), [0]);
        assert_eq!(smaller_numbers(10), [0, 1, 2, 5, 8, 9]);
        assert!(smaller_numbers(u64::MAX as u128).len() < 70);
    }
}
