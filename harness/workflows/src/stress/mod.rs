//! `cargo judge stress NAME`: random inputs from the problem's generator, the
//! solution against the brute force, and on the first difference a shrunk,
//! minimal failing input.
//!
//! Owns the stress loop, classifying each side's run (a crash or timeout of either
//! side is reported as such, not as a wrong answer) and shrinking. Shrinking is
//! delta debugging on the text: first whole chunks of lines are dropped (halves,
//! quarters, ... single lines), then each number is made smaller (0, 1, 2, half,
//! ...) and single tokens are dropped (lowering the count that announced them,
//! for `T` cases and `K` values), repeated until nothing changes. Every
//! candidate is re-run on both sides and kept only if the brute force still accepts
//! it (and the problem's `validate` binary, if it has one) and the solution still
//! fails the same way, so the result is a valid input that still shows the bug.
//! Process handling is `run`'s, comparison `check`'s and rendering `diff`'s.
//!
//! Within the command, this module owns what it prints and saves; the loop over
//! seeds, one for batch and interactive problems, is `search`'s, which hands each
//! generated input to an oracle: `tester`'s (running both sides and classifying
//! and comparing their runs) or `interactive`'s (the interactor decides). The
//! delta-debugging search is `shrink`'s, shared by both.

pub(crate) mod generator;
pub(crate) mod interactive;
mod search;
pub(crate) mod shrink;
mod tester;

use judge_formats::problem::SettingsExt as _;
use std::io::{IsTerminal as _, Write as _};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use crate::diff;
use judge_engine::build::{self, Workspace};
use judge_engine::check;
use judge_engine::run;
use judge_model::judge::Verdict;
use judge_model::limits::Limits;
use judge_model::problem::{Checker, Settings};
use judge_model::status::Status;
use judge_model::units::plural;
use judge_sandbox::Exit;

pub use generator::DEFAULT_SECONDS;
pub use shrink::shrink;

use generator::{Generator, HELPER_LIMITS, indent};
use search::{Found, Search};
pub use tester::{Bins, Finding, Side, Tester, programs, run_side};

use judge_report::style::{BOLD, GREEN, RED};

/// What `cargo judge stress NAME` runs.
#[derive(Debug, Clone)]
pub struct StressOptions {
    /// The problem (crate name under problems/).
    pub problem: String,
    /// The first seed; each further case uses the next one.
    pub seed: u64,
    /// Cases run at once.
    pub jobs: usize,
    /// Stop after this many cases [default: run for `time`].
    pub cases: Option<u64>,
    /// Stop after this many seconds [default: 10].
    pub time: Option<f64>,
    /// Lines per generated input (the generator's --lines).
    pub lines: u64,
    /// Largest value in generated inputs (the generator's --max).
    pub max: u64,
    /// Save the minimal failing input into testdata.
    pub save: bool,
    /// With `save`: save it even though no validator checks it.
    pub unchecked: bool,
    /// Build with overflow checks and debug assertions (the `checked` profile).
    pub checked: bool,
    /// Report the failing input as generated, without shrinking it.
    pub no_shrink: bool,
    /// At most this many runs while shrinking.
    pub shrink_runs: u64,
    /// CPU seconds the brute force may take per input.
    pub brute_time_limit: f64,
    /// More generator arguments.
    pub gen_args: Vec<String>,
}

/// `cargo judge stress NAME`.
pub fn stress(args: StressOptions) -> Result<Status> {
    let mut ws = build::workspace()?;
    ws.checked = args.checked;
    let name = args.problem.as_str();
    judge_engine::plan::problem(&ws, name)?;
    // An interactive problem has no brute force: its interactor is the oracle.
    {
        let settings = Settings::load(&ws.testdata().join(name))?;
        if settings.interactive {
            return interactive::for_problem(&args, &ws, settings);
        }
    }
    let programs = programs(&ws, name)?;
    if args.save && !args.unchecked {
        refuse_unchecked_save(name, &programs)?;
    }
    let Some(generator) = programs.generator.clone() else {
        bail!(
            "problem {name} has no generator: expected problems/{name}/src/bin/gen.rs declared as [[bin]] {name}-gen"
        );
    };
    let testdata = ws.testdata().join(name);
    let settings = Settings::load(&testdata)?;
    let gen_args = generator_args(&args);
    not_written_yet(name, &programs, &generator, &gen_args)?;
    // Each case rewrites its input file here: on tmpfs when there is one (see
    // `judge_sandbox::fresh_base`), so that costs no journal commit.
    let scratch = tempfile::tempdir_in(judge_sandbox::fresh_base())
        .context("cannot create a scratch folder")?;
    let brute_time = Duration::from_secs_f64(args.brute_time_limit);
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
    let null = scratch.path().join("empty");
    std::fs::write(&null, "")?;
    let live = std::io::stderr().is_terminal();
    let generator = Generator {
        exe: &generator,
        args: &gen_args,
        null: &null,
    };
    let mut progress = |done: u64| {
        eprint!("\r\x1b[2K{done} cases, {:.0} cases/s", rate(done, started));
    };
    let found = Search::new(args.seed, args.cases, deadline).run(
        args.jobs,
        scratch.path(),
        |dir| Tester::new(&programs, &settings, brute_time, dir),
        generator,
        live.then_some(&mut progress as &mut dyn FnMut(u64)),
    )?;
    if live {
        eprint!("\r\x1b[2K");
    }
    let done = found.done;
    if let Some((seed, input, finding)) = found.first_failure {
        let elapsed = started.elapsed().as_secs_f64();
        writeln!(
            out,
            "{RED}FOUND{RED:#} on seed {seed} after {done} cases in {elapsed:.1} s ({:.0} cases/s)",
            rate(done, started)
        )?;
        let mut tester = Tester::new(&programs, &settings, brute_time, scratch.path());
        return report_finding(
            &args,
            &ws,
            &mut tester,
            seed,
            &gen_args,
            &String::from_utf8_lossy(&input),
            finding,
            &settings.checker,
            &mut out,
        );
    }
    report_no_failure(&args, name, &gen_args, &found, started, &mut out)
}

/// What a search that found no failure says: the inputs the brute force declined,
/// how many cases agreed (Broken when none was compared), and how to search further.
fn report_no_failure(
    args: &StressOptions,
    name: &str,
    gen_args: &[String],
    found: &Found<Finding>,
    started: Instant,
    out: &mut impl std::io::Write,
) -> Result<Status> {
    let done = found.done;
    let refused = found.refused;
    if let Some((first_seed, why)) = &found.first_refusal {
        writeln!(
            out,
            "skipped {refused} inputs the brute force declined (first: seed {first_seed}, {why}); \
             a smaller --max keeps inputs within its limits"
        )?;
    }
    if refused == done {
        writeln!(
            out,
            "{RED}nothing compared{RED:#}: the brute force declined every input"
        )?;
        return Ok(Status::Broken);
    }
    writeln!(
        out,
        "{GREEN}ok{GREEN:#}: no difference in {} cases (seeds {}..={}) in {:.1} s, {:.0} cases/s",
        done - refused,
        args.seed,
        args.seed.wrapping_add(done).wrapping_sub(1),
        started.elapsed().as_secs_f64(),
        rate(done, started)
    )?;
    // Nothing found only means nothing within these inputs: say which, and how to
    // reach further (a u32 overflow needs values far above the default --max 50).
    writeln!(
        out,
        "the inputs were `{name}-gen --seed S {}`; larger ones: --max V and --lines N \
         (the brute force must keep up), more: --time SECS or --cases N, \
         and --checked turns a silent overflow into a crash",
        gen_args.join(" ")
    )?;
    Ok(Status::Passed)
}

/// The exit status of a template's brute force or generator that is not written
/// yet (it also says "not written yet" on stderr): harness/template/plain/.
pub const NOT_WRITTEN: i32 = 3;

/// Fails with one message naming every program of `name` that says it is not
/// written yet, each run once (the generator with stress's arguments, the brute
/// force on empty input), so stress says what is missing instead of reporting
/// the first seed's "generator failed".
fn not_written_yet(
    name: &str,
    programs: &Bins,
    generator: &Path,
    gen_args: &[String],
) -> Result<()> {
    let scratch = tempfile::tempdir().context("cannot create a scratch folder")?;
    let null = scratch.path().join("empty");
    std::fs::write(&null, "")?;
    let limits = Limits {
        time: Duration::from_secs(2),
        ..HELPER_LIMITS
    };
    let mut generate = Command::new(generator);
    generate.arg("--seed").arg("1").args(gen_args);
    let probes = [
        (
            generate,
            format!(
                "the generator (problems/{name}/src/bin/gen.rs: one random input per `--seed S`, \
                 sized by `--lines N --max V`)"
            ),
        ),
        (
            Command::new(&programs.brute),
            format!(
                "the brute force (problems/{name}/src/bin/brute.rs: the solution's input and \
                 output, the slow sure way)"
            ),
        ),
    ];
    let mut missing = Vec::new();
    for (command, what) in probes {
        if says_not_written(&run::run(command, &null, &limits)?) {
            missing.push(what);
        }
    }
    if !missing.is_empty() {
        bail!(
            "cannot stress {name}: not written yet: {}; write {}, then run `cargo judge stress {name}` again",
            missing.join(" and "),
            if missing.len() == 1 { "it" } else { "them" }
        );
    }
    Ok(())
}

/// `--save` without `--unchecked` needs a validator to check what it saves: a
/// shrunk input keeps the bug but may break the statement's rules (a zero where
/// the bounds start at 1, times no longer increasing), and testdata must not.
fn refuse_unchecked_save(name: &str, programs: &Bins) -> Result<()> {
    if programs.validate.is_some() {
        return Ok(());
    }
    let why = if programs.validate_not_written {
        format!("problems/{name}/src/bin/validate.rs is not written yet")
    } else {
        format!("problem {name} has no validator (src/bin/validate.rs, [[bin]] {name}-validate)")
    };
    bail!(
        "stress --save would save an input no validator checked: {why}, and shrinking can          make an input the statement forbids; write the validator, or add --unchecked to          save unchecked"
    );
}

/// Whether a run is of a template's program not written yet: it exits with
/// [`NOT_WRITTEN`] and says "not written yet" on stderr.
fn says_not_written(out: &run::Measured) -> bool {
    out.exit == Exit::Code(NOT_WRITTEN)
        && String::from_utf8_lossy(&out.stderr_tail).contains("not written yet")
}

/// Whether `exe` (a problem's validator) is the template's stub, not written yet:
/// run once on empty input. Lint, bless and stress then check no input with it.
pub fn not_written(exe: &Path) -> Result<bool> {
    let scratch = tempfile::tempdir().context("cannot create a scratch folder")?;
    let null = scratch.path().join("empty");
    std::fs::write(&null, "").with_context(|| format!("cannot write {}", null.display()))?;
    let limits = Limits {
        time: Duration::from_secs(2),
        ..HELPER_LIMITS
    };
    Ok(says_not_written(&run::run(
        Command::new(exe),
        &null,
        &limits,
    )?))
}

fn rate(done: u64, started: Instant) -> f64 {
    done as f64 / started.elapsed().as_secs_f64().max(1e-9)
}

/// `--lines`, `--max` (with small defaults, so the brute force keeps up) and the
/// pass-through arguments after `--`.
pub(crate) fn generator_args(args: &StressOptions) -> Vec<String> {
    let mut v = vec![
        "--lines".to_string(),
        args.lines.to_string(),
        "--max".to_string(),
        args.max.to_string(),
    ];
    v.extend(args.gen_args.iter().cloned());
    v
}

#[allow(clippy::too_many_arguments)] // one call site; a struct would only rename them
fn report_finding(
    args: &StressOptions,
    ws: &Workspace,
    tester: &mut Tester,
    seed: u64,
    gen_args: &[String],
    input: &str,
    finding: Finding,
    checker: &Checker,
    out: &mut impl std::io::Write,
) -> Result<Status> {
    let reproduce = reproduce_command(args, seed);
    let _ = gen_args;
    if say_finding(&finding, input, &reproduce, out)? {
        return Ok(Status::Failed);
    }
    let (minimal, last) = shrunk(args, tester, input, finding, out)?;
    write!(
        out,
        "{BOLD}minimal input{BOLD:#} (seed {seed}):\n{}",
        indent(&minimal)
    )?;
    show_last(&last, checker, out)?;
    writeln!(out, "reproduce: {reproduce}")?;
    if args.save {
        save(ws, &args.problem, seed, &minimal, &mut *tester, out)?;
    }
    Ok(Status::Failed)
}

/// The command that reruns just this seed.
fn reproduce_command(args: &StressOptions, seed: u64) -> String {
    format!(
        "cargo judge stress {} --seed {seed} --cases 1 --lines {} --max {}{}",
        args.problem,
        args.lines,
        args.max,
        if args.gen_args.is_empty() {
            String::new()
        } else {
            format!(" -- {}", args.gen_args.join(" "))
        }
    )
}

/// Says what the finding is; true when it is the brute force that failed (then
/// with the input and how to reproduce it, and there is nothing to shrink).
fn say_finding(
    finding: &Finding,
    input: &str,
    reproduce: &str,
    out: &mut impl std::io::Write,
) -> Result<bool> {
    match finding {
        Finding::BruteFailed(v, why) => {
            writeln!(
                out,
                "the {BOLD}brute force{BOLD:#} failed ({}): {why}\ninput:\n{}reproduce: {reproduce}",
                v.name(),
                indent(input)
            )?;
            return Ok(true);
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
    Ok(false)
}

/// The minimal input that still shows the finding, and what it last showed (the
/// input itself, unshrunk, for --no-shrink or a timeout).
fn shrunk(
    args: &StressOptions,
    tester: &mut Tester,
    input: &str,
    finding: Finding,
    out: &mut impl std::io::Write,
) -> Result<(String, Finding)> {
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
                plural(lines_before, "line", "lines"),
                plural(minimal.lines().count(), "line", "lines"),
                tester.runs - runs_before,
                started.elapsed().as_secs_f64()
            )?;
            (minimal, last)
        };
    Ok((minimal, last))
}

/// The minimal input's finding in full: the diff of expected vs actual, or the
/// solution's failure.
fn show_last(last: &Finding, checker: &Checker, out: &mut impl std::io::Write) -> Result<()> {
    match last {
        Finding::Differ {
            expected, actual, ..
        } => {
            // The rejection is recomputed here (cheap, and the finding keeps only
            // the outputs); an external checker's would need another run.
            let rejection = match checker {
                Checker::Command { .. } | Checker::Kattis(_) | Checker::Testlib(_) => None,
                _ => check::check(
                    checker,
                    &judge_engine::programs::Programs::default(),
                    Path::new(""),
                    actual,
                    expected,
                )?
                .rejection()
                .cloned(),
            };
            let mut d = String::new();
            diff::render_texts(
                &mut d,
                checker,
                rejection.as_ref(),
                expected,
                actual,
                ["expected", "actual"],
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
    Ok(())
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
    if let Some(why) = tester.rejected(input)? {
        bail!(
            "not saved: the validator rejects the input ({why}): the generator made an \
             input the statement forbids"
        );
    }
    let expected = match tester.brute_on(input)? {
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
        "saved {} and {} (expected output from the brute force{})",
        rel(ws, &in_path),
        rel(ws, &out_path),
        if tester.validated() {
            ", input checked by the validator"
        } else {
            "; the input is unchecked: no validator"
        }
    )?;
    Ok(())
}

fn rel(ws: &Workspace, p: &Path) -> String {
    p.strip_prefix(&ws.root).unwrap_or(p).display().to_string()
}
