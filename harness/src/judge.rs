//! Verdicts: running a solution on one case and deciding what the judge says.
//!
//! Owns the verdict rules (which failure wins when several happen) and the result
//! they produce, as data: measured facts, the checker's [`Rejection`], and the
//! bounded [`Excerpt`] of both outputs a reporter needs to draw the diff. It leaves
//! process handling to `run`, comparison to `check`, running many jobs to `runner`
//! and all wording of diffs and reports to `diff` and `report`.

use std::path::PathBuf;
use std::process::Command;

use serde::Serialize;

use crate::check::{self, Outcome, Rejection};
use crate::diff::Excerpt;
use crate::discover::Case;
use crate::problem::Settings;
use crate::run::{self, Exit, Limits};
use crate::units::human_bytes;

/// What the judge says about one case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Verdict {
    /// Accepted.
    AC,
    /// Wrong answer.
    WA,
    /// Presentation error: right tokens, wrong whitespace.
    PE,
    /// Time limit exceeded (CPU time, or the wall-clock backstop).
    TLE,
    /// Memory limit exceeded.
    MLE,
    /// Runtime error: non-zero exit or a signal.
    RE,
    /// Output limit exceeded.
    OLE,
    /// The judge itself could not judge the case (not the solution's fault).
    ERR,
}

impl Verdict {
    /// All verdicts, in report order.
    pub const ALL: [Verdict; 8] = [
        Verdict::AC,
        Verdict::WA,
        Verdict::PE,
        Verdict::TLE,
        Verdict::MLE,
        Verdict::RE,
        Verdict::OLE,
        Verdict::ERR,
    ];

    /// The short name, e.g. `TLE`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::AC => "AC",
            Verdict::WA => "WA",
            Verdict::PE => "PE",
            Verdict::TLE => "TLE",
            Verdict::MLE => "MLE",
            Verdict::RE => "RE",
            Verdict::OLE => "OLE",
            Verdict::ERR => "ERR",
        }
    }

    /// Parses a short name, case-insensitively.
    pub fn parse(name: &str) -> Option<Verdict> {
        Verdict::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(name))
    }
}

/// The judgement of one case.
#[derive(Debug, Clone, Serialize)]
pub struct CaseResult {
    /// Which problem (or folder) the case belongs to.
    pub problem: String,
    /// Which solution ran: the problem's own, or a known-wrong binary.
    pub solution: String,
    /// The case's name (path under the testdata folder, without `.in`).
    pub case: String,
    /// The input file.
    pub input: PathBuf,
    /// The verdict.
    pub verdict: Verdict,
    /// CPU time in seconds.
    pub time: f64,
    /// Wall-clock time in seconds.
    pub wall: f64,
    /// Peak memory in bytes.
    pub memory: u64,
    /// Exit status: `exit 3`, `SIGSEGV`.
    pub exit: String,
    /// What went wrong, in plain text (no styles): the signal, the limit hit, the
    /// stderr tail. A wrong output's diff is not here: see `rejection`.
    pub detail: String,
    /// Where and why the checker rejected the output (WA and PE).
    pub rejection: Option<Rejection>,
    /// The lines of both outputs around the differences, for the diff (WA and PE).
    #[serde(skip)]
    pub excerpt: Option<Excerpt>,
    /// More text for people, each under a title: a judge's message, a dialogue.
    pub extra: Vec<Extra>,
}

/// A titled piece of text attached to a result.
#[derive(Debug, Clone, Serialize)]
pub struct Extra {
    /// What it is, e.g. `dialogue`.
    pub title: String,
    /// The text, plain.
    pub text: String,
}

impl CaseResult {
    /// A result with no verdict yet (ERR) and no facts, for `job`.
    pub fn new(job: &Job) -> CaseResult {
        CaseResult {
            problem: job.problem.clone(),
            solution: job.solution.clone(),
            case: job.case.name.clone(),
            input: job.case.input.clone(),
            verdict: Verdict::ERR,
            time: 0.0,
            wall: 0.0,
            memory: 0,
            exit: String::new(),
            detail: String::new(),
            rejection: None,
            excerpt: None,
            extra: Vec::new(),
        }
    }
}

/// One job: a command to judge on a case under some settings.
pub struct Job<'a> {
    /// Problem (or folder) name, for the report.
    pub problem: String,
    /// Solution name, for the report.
    pub solution: String,
    /// Builds the command to run (a fresh one per case).
    pub command: Box<dyn Fn() -> Command + Send + Sync + 'a>,
    /// The case.
    pub case: Case,
    /// Limits and checker.
    pub settings: &'a Settings,
}

/// Runs `job` and decides its verdict. A failure of the judge itself becomes `ERR`
/// with the reason, so the rest of the run is not lost.
pub fn judge(job: &Job) -> CaseResult {
    let mut result = CaseResult::new(job);
    if let Err(e) = judge_into(job, &mut result) {
        result.verdict = Verdict::ERR;
        result.detail = format!("{e:#}");
    }
    result
}

fn judge_into(job: &Job, result: &mut CaseResult) -> anyhow::Result<()> {
    let s = job.settings;
    let limits = Limits {
        time: s.time_limit,
        memory: s.memory_limit,
        output: s.output_limit,
    };
    let expected = std::fs::read(&job.case.output)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", job.case.output.display()))?;
    let out = run::run((job.command)(), &job.case.input, &limits)?;
    result.time = out.cpu.as_secs_f64();
    result.wall = out.wall.as_secs_f64();
    result.memory = out.peak_rss;
    result.exit = match out.exit {
        Exit::Code(c) => format!("exit {c}"),
        Exit::Signal(sig) => run::signal_name(sig),
    };
    let stderr = String::from_utf8_lossy(&out.stderr_tail).into_owned();
    let killed_for_cpu = out.exit == Exit::Signal(libc::SIGXCPU)
        || (out.exit == Exit::Signal(libc::SIGKILL) && out.cpu >= s.time_limit);
    let failed = out.exit != Exit::Code(0);
    // A C program whose malloc returns NULL under RLIMIT_AS usually dies of SIGSEGV
    // (or SIGBUS) writing through it, with nothing on stderr: near the cap, that is
    // the memory limit, not a bug elsewhere.
    let died_at_the_memory_cap = matches!(out.exit, Exit::Signal(libc::SIGSEGV | libc::SIGBUS))
        && out.peak_rss >= s.memory_limit / 10 * 9;
    result.verdict = if out.output_exceeded {
        result.detail = format!(
            "more than {} of output; the solution was killed",
            human_bytes(s.output_limit)
        );
        Verdict::OLE
    } else if out.wall_exceeded || killed_for_cpu || out.cpu > s.time_limit {
        result.detail = if out.wall_exceeded && out.cpu <= s.time_limit {
            format!(
                "still running after {:.1} s wall time with {:.2} s CPU (sleeping or blocked?); killed",
                out.wall.as_secs_f64(),
                out.cpu.as_secs_f64()
            )
        } else if killed_for_cpu {
            format!(
                "killed at the CPU limit of {:.2} s ({})",
                s.time_limit.as_secs_f64(),
                result.exit
            )
        } else {
            format!(
                "{:.2} s CPU, limit {:.2} s",
                out.cpu.as_secs_f64(),
                s.time_limit.as_secs_f64()
            )
        };
        Verdict::TLE
    } else if (out.peak_rss > s.memory_limit && out.peak_rss > out.inherited_rss)
        || (failed && ran_out_of_memory(&stderr))
        || (died_at_the_memory_cap && out.peak_rss > out.inherited_rss)
    {
        result.detail = format!(
            "peak memory {}, limit {}{}",
            human_bytes(out.peak_rss),
            human_bytes(s.memory_limit),
            tail_note(&stderr)
        );
        Verdict::MLE
    } else if failed {
        result.detail = format!("{}{}", result.exit, tail_note(&stderr));
        Verdict::RE
    } else {
        let outcome = check::check(&s.checker, &job.case.input, &out.stdout, &expected)?;
        let verdict = match outcome {
            Outcome::Accepted => Verdict::AC,
            Outcome::Wrong(_) => Verdict::WA,
            Outcome::Presentation(_) => Verdict::PE,
        };
        if let Some(rejection) = outcome.rejection() {
            result.excerpt = Some(Excerpt::capture(&s.checker, &expected, &out.stdout));
            result.rejection = Some(rejection.clone());
        }
        verdict
    };
    Ok(())
}

/// Allocation failures as runtimes report them when `RLIMIT_AS` refuses memory.
fn ran_out_of_memory(stderr: &str) -> bool {
    [
        "memory allocation of",
        "bad_alloc",
        "MemoryError",
        "out of memory",
        "Cannot allocate memory",
        "over the memory limit",
        "OutOfMemoryError",
    ]
    .iter()
    .any(|needle| stderr.contains(needle))
}

fn tail_note(stderr: &str) -> String {
    let tail: Vec<&str> = stderr.lines().rev().take(5).collect();
    if tail.is_empty() {
        return String::new();
    }
    let lines: Vec<&str> = tail.into_iter().rev().collect();
    format!("\nstderr (last lines):\n  {}", lines.join("\n  "))
}
