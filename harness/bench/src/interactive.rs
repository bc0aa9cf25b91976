//! The interactive relay's cost: a dialogue of 100,000 round trips (the
//! `fixture_interactive` ping/pong game), judged through `interact` (the judge
//! relays and records every line), through the same relay recording nothing (what
//! recording costs), and with the same two programs wired to each other by two
//! plain pipes, with nothing in between and nothing recorded (what relaying costs).
//!
//! Owns only this suite; timing is wall clock from the start of the first process
//! to the end of the last (a dialogue is latency-bound, so wall time is what a
//! user waits), CPU is the solution's own.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use super::{Bench, Sample, Stats};
use judge_engine::interact;
use judge_engine::interact::{InteractorLimits, Spec};
use judge_model::limits::Limits;
use judge_report::reason;
use judge_sandbox::{Exit, RunSpec};

/// Round trips in the dialogue.
pub const ROUNDS: u64 = 100_000;

/// The 1-minute load average (`/proc/loadavg`), or "?".
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|t| t.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "?".to_string())
}

/// Runs the suite, adding its rows and two targets: recording within 10% of the
/// same relay recording nothing (the issue's "recording must not slow the
/// exchange"), and the relay within 1.5x direct pipes. A dialogue is
/// latency-bound, so the machine's load is in the notes.
pub(super) fn interactive_benchmarks(b: &mut Bench) -> Result<()> {
    let group = format!(
        "interactive, {} round trips",
        super::thousands(&ROUNDS.to_string())
    );
    let Some(fixture) = b.exe("harness", "fixture_interactive") else {
        b.row(
            &group,
            "direct pipes",
            None,
            true,
            "fixture_interactive was not built",
        );
        return Ok(());
    };
    let input = b.out.join("inputs").join("interactive-rounds.in");
    let answer = b.out.join("inputs").join("interactive-rounds.out");
    std::fs::write(&input, format!("{ROUNDS}\n"))?;
    std::fs::write(&answer, "")?;
    let feedback = tempfile::tempdir()?;
    let load_before = load();
    let (mut direct, mut bare, mut relayed) = (Vec::new(), Vec::new(), Vec::new());
    // One warm-up of each, then the timed runs, alternating so load drifts hit all.
    for i in 0..=b.runs {
        eprintln!("  {group}: run {i}");
        let d = direct_run(&fixture, &input, &answer, feedback.path())?;
        let n = relayed_run(&fixture, &input, &answer, false)?;
        let r = relayed_run(&fixture, &input, &answer, true)?;
        if i > 0 {
            direct.push(d);
            bare.push(n);
            relayed.push(r);
        }
    }
    let (d, n, r) = (Stats::of(&direct), Stats::of(&bare), Stats::of(&relayed));
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    let load = format!(
        "load {load_before} → {} (1-min average, {cores} cores)",
        load()
    );
    b.row(
        &group,
        "direct pipes (no judge, nothing recorded)",
        Some(d),
        true,
        &load,
    );
    b.row(
        &group,
        "cargo judge relay, recording nothing (control)",
        Some(n),
        false,
        &format!("AC each run; {load}"),
    );
    b.row(
        &group,
        "cargo judge relay (a thread per direction, dialogue recorded)",
        Some(r),
        false,
        &format!("AC each run; {load}"),
    );
    let recording = r.wall.as_secs_f64() / n.wall.as_secs_f64().max(1e-9);
    b.targets.push(super::Goal {
        goal: format!(
            "recording the dialogue costs no more than 10% over the same relay recording nothing, over {group}"
        ),
        measured: format!(
            "{} recorded vs {} not ({recording:.2}x)",
            super::duration(r.wall),
            super::duration(n.wall),
        ),
        met: Some(recording <= 1.10),
    });
    let ratio = r.wall.as_secs_f64() / d.wall.as_secs_f64().max(1e-9);
    b.targets.push(super::Goal {
        goal: format!("the relay (recording) costs no more than 1.5x direct pipes over {group}"),
        measured: format!(
            "{} relayed vs {} direct ({ratio:.2}x; {:.1} us vs {:.1} us per round trip)",
            super::duration(r.wall),
            super::duration(d.wall),
            r.wall.as_secs_f64() * 1e6 / ROUNDS as f64,
            d.wall.as_secs_f64() * 1e6 / ROUNDS as f64,
        ),
        met: Some(ratio <= 1.5),
    });
    Ok(())
}

/// The two programs on two pipes, no judge in between.
fn direct_run(
    fixture: &std::path::Path,
    input: &std::path::Path,
    answer: &std::path::Path,
    feedback: &std::path::Path,
) -> Result<Sample> {
    let (to_sol_r, to_sol_w) = crate::sandbox::pipe()?;
    let (to_int_r, to_int_w) = crate::sandbox::pipe()?;
    let started = Instant::now();
    let mut int = Command::new(fixture)
        .args(["interactor", "ping"])
        .arg(input)
        .arg(answer)
        .arg(feedback)
        .stdin(Stdio::from(to_int_r))
        .stdout(Stdio::from(to_sol_w))
        .spawn()
        .context("cannot start the fixture interactor")?;
    let mut sol = Command::new(fixture)
        .args(["solution", "pong"])
        .stdin(Stdio::from(to_sol_r))
        .stdout(Stdio::from(to_int_w))
        .spawn()
        .context("cannot start the fixture solution")?;
    let int_status = int.wait()?;
    let sol_status = sol.wait()?;
    let wall = started.elapsed();
    if int_status.code() != Some(interact::ACCEPT) || !sol_status.success() {
        bail!("the direct ping/pong run failed: interactor {int_status}, solution {sol_status}");
    }
    Ok(Sample {
        wall,
        cpu: Duration::ZERO,
        rss: 0,
        exit: Exit::Code(0),
    })
}

/// The same dialogue judged through `interact`.
fn relayed_run(
    fixture: &std::path::Path,
    input: &std::path::Path,
    answer: &std::path::Path,
    record: bool,
) -> Result<Sample> {
    let limits = Limits {
        time: Duration::from_secs(60),
        memory: 1 << 30,
        output: 1 << 30,
    };
    let mut solution = RunSpec::new(fixture);
    solution.args(["solution", "pong"]);
    let mut interactor = RunSpec::new(fixture);
    interactor.args(["interactor", "ping"]);
    let started = Instant::now();
    let x = interact::run(Spec {
        solution,
        interactor,
        input,
        answer,
        limits,
        interactor_limits: InteractorLimits::for_solution(&limits),
        record,
        feedback_from: None,
    })?;
    let wall = started.elapsed();
    let j = interact::decide(&x, &limits);
    if j.verdict != judge_model::judge::Verdict::AC {
        bail!(
            "the relayed ping/pong run was {}: {}",
            j.verdict.name(),
            j.reason.as_ref().map(reason::words).unwrap_or_default(),
        );
    }
    Ok(Sample {
        wall,
        cpu: x.solution.cpu,
        rss: x.solution.peak_rss,
        exit: x.solution.exit,
    })
}
