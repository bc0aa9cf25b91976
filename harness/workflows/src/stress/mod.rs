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
//! Process handling is `run`'s and comparison `check`'s.
//!
//! Stress prints nothing itself: it says what happens as typed events
//! (`judge_report::stress::Event`) to the caller's [`Sink`], and judge-report
//! words them. This module owns the order of one run (the problem's programs,
//! the search, the finding shrunk and saved) for either kind of problem; the loop
//! over seeds, one for batch and interactive problems, is `search`'s, which hands
//! each generated input to an oracle: `tester`'s (running both sides and
//! classifying and comparing their runs) or `interactive`'s (the interactor
//! decides). The delta-debugging search is `shrink`'s, shared by both.

pub(crate) mod generator;
pub(crate) mod interactive;
mod search;
pub(crate) mod shrink;
mod tester;

use judge_formats::problem::SettingsExt as _;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use judge_engine::build::{self, Workspace};
use judge_engine::run;
use judge_model::limits::Limits;
use judge_model::problem::Settings;
use judge_model::status::Status;
use judge_report::stress::{Compared, Event, NoFailure, Started};
use judge_sandbox::{Exit, RunSpec};

pub use generator::DEFAULT_SECONDS;
pub use shrink::shrink;

use generator::{Generator, HELPER_LIMITS};
use search::{Oracle, Search};
pub use tester::{Bins, Finding, Side, Tester, checker_failed, programs, run_side};

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
    /// Stop after this long [default: 10 s].
    pub time: Option<Duration>,
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
    /// CPU time the brute force may take per input.
    pub brute_time_limit: Duration,
    /// More generator arguments.
    pub gen_args: Vec<String>,
}

/// Where stress's events go, as they happen: the command line words them
/// (`judge_report::stress::Words`). An error it returns (stdout closed) ends stress.
pub type Sink<'a> = dyn FnMut(&Event) -> Result<()> + 'a;

/// `cargo judge stress NAME`: says what it does through `on`, and returns the
/// status (Failed when a seed failed, Broken when nothing was compared).
pub fn stress(args: StressOptions, on: &mut Sink) -> Result<Status> {
    let mut ws = build::workspace()?;
    ws.checked = args.checked;
    let name = args.problem.as_str();
    judge_engine::plan::problem(&ws, name)?;
    let settings = Settings::load(&ws.testdata().join(name))?;
    // An interactive problem has no brute force: its interactor is the oracle.
    if settings.interactive {
        return interactive::for_problem(&args, &ws, settings, on);
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
    let gen_args = generator_args(&args);
    not_written_yet(name, &programs, &generator, &gen_args)?;
    // Each case rewrites its input file here: on tmpfs when there is one (see
    // `judge_sandbox::fresh_base`), so that costs no journal commit.
    let scratch = tempfile::tempdir_in(judge_sandbox::fresh_base())
        .context("cannot create a scratch folder")?;
    let brute_time = args.brute_time_limit;
    let mut start = started(&args, false);
    start.checker = Some(Compared {
        checker: settings.checker.clone(),
        file: format!("testdata/{name}/{}", judge_model::problem::FILE_NAME),
        exists: ws
            .testdata()
            .join(name)
            .join(judge_model::problem::FILE_NAME)
            .is_file(),
    });
    on(&Event::Started(start))?;
    let null = scratch.path().join("empty");
    std::fs::write(&null, "")?;
    let generator = Generator {
        exe: &generator,
        args: &gen_args,
        null: &null,
    };
    search_and_report(
        &args,
        &ws,
        generator,
        scratch.path(),
        |dir| Tester::new(&programs, &settings, brute_time, dir),
        on,
    )
}

/// What [`Event::Started`] says of `args`.
fn started(args: &StressOptions, interactive: bool) -> Started {
    Started {
        problem: args.problem.clone(),
        interactive,
        first_seed: args.seed,
        lines: args.lines,
        max: args.max,
        extra_args: args.gen_args.clone(),
        checker: None,
    }
}

/// The search over seeds with the oracles `oracle` makes (one per worker, each in
/// its own folder under `scratch`), then the report: the smallest failing seed,
/// shrunk, and saved with `--save`; or what was tested.
fn search_and_report<O: Oracle>(
    args: &StressOptions,
    ws: &Workspace,
    generator: Generator<'_>,
    scratch: &Path,
    oracle: impl Fn(&Path) -> O + Sync,
    on: &mut Sink,
) -> Result<Status> {
    let started = Instant::now();
    let deadline = args.cases.is_none().then(|| {
        started
            + args
                .time
                .unwrap_or(Duration::from_secs_f64(DEFAULT_SECONDS))
    });
    let found = Search::new(args.seed, args.cases, deadline).run(
        args.jobs,
        scratch,
        &oracle,
        generator,
        &mut |done| {
            let rate = done as f64 / started.elapsed().as_secs_f64().max(1e-9);
            // The progress line is best effort: a failing one ends nothing.
            let _ = on(&Event::Progress { done, rate });
        },
    )?;
    on(&Event::Ended)?;
    let seconds = started.elapsed().as_secs_f64();
    let Some((seed, input, finding)) = found.first_failure else {
        let tested = NoFailure {
            done: found.done,
            refused: found.refused,
            first_refusal: found.first_refusal,
            seconds,
        };
        on(&Event::NoFailure(tested.clone()))?;
        return Ok(if tested.nothing_compared() {
            Status::Broken
        } else {
            Status::Passed
        });
    };
    let input = String::from_utf8_lossy(&input).into_owned();
    let mut oracle = oracle(scratch);
    on(&Event::Found {
        seed,
        done: found.done,
        seconds,
        finding: oracle.shown(&finding)?,
        input: input.clone(),
    })?;
    if let Some(status) = O::ends(&finding) {
        return Ok(status);
    }
    let (minimal, last) = shrunk(args, &mut oracle, input, finding, on)?;
    on(&Event::Minimal {
        seed,
        input: minimal.clone(),
        last: oracle.shown(&last)?,
    })?;
    if args.save {
        let saved = oracle.save(ws, &args.problem, seed, &minimal)?;
        on(&Event::Saved(saved))?;
    }
    Ok(Status::Failed)
}

/// The minimal input that still shows `finding`, and what it last showed (the
/// input itself, unshrunk, for --no-shrink or a timeout).
fn shrunk<O: Oracle>(
    args: &StressOptions,
    oracle: &mut O,
    input: String,
    finding: O::Finding,
    on: &mut Sink,
) -> Result<(String, O::Finding)> {
    if args.no_shrink || O::timed_out(&finding) {
        if !args.no_shrink {
            on(&Event::TimeoutNotShrunk)?;
        }
        return Ok((input, finding));
    }
    let runs_before = oracle.runs();
    let started = Instant::now();
    let mut last = None;
    let minimal = shrink(&input, args.shrink_runs, |candidate| {
        Ok(match oracle.candidate(candidate)? {
            Some(f) if O::same_kind(&f, &finding) => {
                last = Some(f);
                true
            }
            _ => false,
        })
    })?;
    on(&Event::Shrunk {
        from: input.lines().count(),
        to: minimal.lines().count(),
        runs: oracle.runs() - runs_before,
        seconds: started.elapsed().as_secs_f64(),
        checked: oracle.checks_candidates(),
    })?;
    Ok((minimal, last.unwrap_or(finding)))
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
    let mut generate = RunSpec::new(generator);
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
            RunSpec::new(&programs.brute),
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
        RunSpec::new(exe),
        &null,
        &limits,
    )?))
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
