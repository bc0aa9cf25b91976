//! Results as data: the [`Verdict`] of one case, the [`CaseResult`] that carries
//! it with the measured facts, the checker's [`Rejection`] and the diff's
//! [`Excerpt`], and the [`Job`] the runner judges. The engine fills them; the
//! reporters read them. The rules that decide a verdict are the engine's
//! (`judge_engine::judge`), the wording of a result is the reporters'.

use std::path::PathBuf;
use std::time::Duration;

use serde::Serialize;

use crate::case::Case;
use crate::excerpt::Excerpt;
use crate::problem::Settings;
use judge_compare::Rejection;

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
    /// Compile error: the solution's crate does not build (one result per problem).
    CE,
    /// The judge itself could not judge the case (not the solution's fault).
    ERR,
    /// Interrupted: Ctrl-C (or the report's reader going away) killed the run
    /// before it finished, so there is no verdict. Never a pass.
    INT,
}

impl Verdict {
    /// All verdicts, in report order.
    pub const ALL: [Verdict; 10] = [
        Verdict::AC,
        Verdict::WA,
        Verdict::PE,
        Verdict::TLE,
        Verdict::MLE,
        Verdict::RE,
        Verdict::OLE,
        Verdict::CE,
        Verdict::ERR,
        Verdict::INT,
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
            Verdict::CE => "CE",
            Verdict::ERR => "ERR",
            Verdict::INT => "INT",
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
#[derive(Debug, Clone)]
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
    /// How its run ended: an exit status (`exit 3`, `SIGSEGV`), or why there is none.
    pub exit: Ended,
    /// Why the run itself earned its verdict (TLE, MLE, RE, OLE, INT), as measured;
    /// the reporters word it before `detail`.
    pub reason: Option<Reason>,
    /// What else went wrong, in plain text (no styles): a judge error, an
    /// interactor's or validator's words, notes after the `reason`. A wrong
    /// output's diff is not here: see `rejection`.
    pub detail: String,
    /// Where and why the checker rejected the output (WA and PE).
    pub rejection: Option<Rejection>,
    /// The lines of both outputs around the differences, for the diff (WA and PE).
    pub excerpt: Option<Excerpt>,
    /// More text for people, by kind: a judge's message, a dialogue.
    pub extra: Vec<Extra>,
    /// Ctrl-C killed the run before it finished: no verdict (it reads INT).
    pub interrupted: bool,
    /// What a scoring validator said of the case's score, if anything.
    pub score: Option<CaseScore>,
    /// How many times the solution ran (multi-pass problems), 1 otherwise.
    pub passes: u32,
    /// How many bytes the solution printed on a batch case that ran to the end
    /// (its last pass's); `None` otherwise (an interactive case, a run killed).
    /// DOMjudge's NO-OUTPUT is a wrong answer with none.
    pub output_bytes: Option<u64>,
}

/// What a Kattis validator wrote about an accepted case's score (spec/2025-09.md
/// "Scoring test cases").
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum CaseScore {
    /// `score.txt`: the case's score.
    Points(f64),
    /// `score_multiplier.txt`: the share of the case's maximum score, in [0, 1].
    Share(f64),
}

/// How much a run writes to standard error before a time verdict says so
/// ([`Reason::WithStderr`]): 1 MiB.
pub const HEAVY_STDERR: u64 = 1 << 20;

/// Why a run earned a verdict by itself, before any checker looked at its output:
/// what the judge measured, against which limit. The engine's `classify` decides
/// it from the sandbox's measurements; the reporters word it
/// (`judge_report::reason`). Exit statuses are as shown (`exit 3`, `SIGSEGV`).
#[derive(Debug, Clone, PartialEq)]
pub enum Reason {
    /// Ctrl-C killed the run (INT).
    Interrupted {
        /// Wall time when it was killed.
        wall: Duration,
    },
    /// Never started: its code and static data are over the memory limit (MLE).
    ImageOverMemory {
        /// The size of its code and static data, in bytes.
        size: u64,
        /// The memory limit, in bytes.
        limit: u64,
    },
    /// Never started: exec could not load it under the memory limit (ENOMEM, MLE).
    ExecNoMemory {
        /// The memory limit, in bytes.
        limit: u64,
    },
    /// More standard output than the limit; killed (OLE).
    OutputOver {
        /// The output limit, in bytes.
        limit: u64,
    },
    /// Wrote a file past the output limit (SIGXFSZ, OLE).
    FileOver {
        /// The output limit, in bytes.
        limit: u64,
    },
    /// Outlived the wall-clock backstop within its CPU limit: asleep or blocked (TLE).
    Asleep {
        /// Wall time when it was killed.
        wall: Duration,
        /// CPU time used.
        cpu: Duration,
        /// The CPU limit.
        limit: Duration,
    },
    /// Killed at the CPU limit (TLE).
    KilledAtCpuLimit {
        /// CPU time used.
        cpu: Duration,
        /// The CPU limit.
        limit: Duration,
        /// How it ended.
        exit: String,
    },
    /// Used more CPU than the limit, and ended by itself (TLE).
    CpuOver {
        /// CPU time used.
        cpu: Duration,
        /// The CPU limit.
        limit: Duration,
    },
    /// A time verdict (`reason`) of a run that wrote at least
    /// [`HEAVY_STDERR`] bytes to standard error: writing takes time too, and a
    /// judge counts it, which debug output left in a solution does not show.
    WithStderr {
        /// The time verdict's own reason.
        reason: Box<Reason>,
        /// The bytes written to standard error.
        bytes: u64,
    },
    /// A memory verdict (MLE): see [`Memory`].
    Memory {
        /// How the limit was hit.
        how: Memory,
        /// Peak resident memory, in bytes.
        peak: u64,
        /// The memory limit, in bytes.
        limit: u64,
        /// How it ended.
        exit: String,
        /// The last lines of its stderr (at most five).
        stderr: Vec<String>,
    },
    /// Ended with a non-zero status or a signal (RE).
    Crashed {
        /// How it ended.
        exit: String,
        /// The last lines of its stderr (at most five).
        stderr: Vec<String>,
    },
    /// Interactive: the interactor ended first with 43 while the solution was
    /// still running (WA, whatever the solution did next).
    RejectedFirst,
    /// Interactive: the interactor ended after the solution with 43 (WA).
    Rejected,
    /// Interactive: the interactor ended with neither 42 nor 43 (ERR).
    InteractorFailed {
        /// How it ended.
        exit: String,
        /// The last lines of its stderr (at most five).
        stderr: Vec<String>,
    },
    /// Interactive: the interactor was still running long after the solution
    /// ended, and was killed (ERR).
    InteractorHung {
        /// How long after the solution it was killed.
        after: Duration,
        /// The last lines of its stderr (at most five).
        stderr: Vec<String>,
    },
    /// Interactive: both sides blocked reading with nothing in flight, killed
    /// before the wall-clock backstop (TLE).
    Deadlocked {
        /// How long no byte had moved.
        silent: Duration,
        /// Wall time when it was killed.
        wall: Duration,
        /// The wall-clock backstop it was killed before.
        backstop: Duration,
    },
    /// Interactive: a TLE of the solution's own `reason`, with what the relay saw
    /// of the dialogue at the end.
    Stalled {
        /// The classifier's reason (a TLE).
        reason: Box<Reason>,
        /// How long no byte had moved either way, if the relay knows.
        silent: Option<Duration>,
        /// Both sides were waiting for input: probably an unflushed output.
        both_waiting: bool,
    },
    /// Interactive, a testlib interactor: it rejected the dialogue (WA).
    TestlibRejected,
    /// Interactive, a testlib interactor: it said the output's format is wrong
    /// (exit 2, PE).
    TestlibPresentation,
    /// Interactive, a testlib interactor: it failed (ERR), as testlib's exit
    /// says (exit 3, `FAIL`; a signal; ...).
    TestlibFailed(crate::testlib::Failed),
    /// A testlib checker failed (ERR), as testlib's exit says (exit 3, `FAIL`;
    /// a signal; ...): the judge's fault, never the solution's. A batch case's
    /// checker, or the one run on an interactor's output.
    CheckerFailed {
        /// The checker, as `describe` names it.
        checker: String,
        /// How it failed, and what it said.
        failed: crate::testlib::Failed,
    },
    /// Interactive: the interactor accepted, then the checker rejected the
    /// interactor's output (WA or PE, as Polygon judges it).
    CheckerRejected {
        /// The checker, as `describe` names it.
        checker: String,
        /// Where and why it rejected.
        rejection: judge_compare::Rejection,
    },
    /// The reason of one pass of a multi-pass problem.
    InPass {
        /// The pass, from 1.
        pass: u32,
        /// What happened in it.
        reason: Box<Reason>,
    },
}

/// How a run hit the memory limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Memory {
    /// Its peak was over the limit; `Some(runtime)` if a runtime also reported a
    /// failed allocation (e.g. `the Rust runtime`).
    PeakOver(Option<&'static str>),
    /// This runtime reported an allocation the address-space limit refused.
    Refused(&'static str),
    /// It died within 10% of the limit without a word: probably a refused
    /// allocation (malloc's NULL written through, or checked and aborted).
    ProbablyRefused,
}

/// More text for people attached to a result, by kind: the reporters title it
/// (`judge_report::extra_title`), and a workflow finds a kind by its variant.
#[derive(Debug, Clone, PartialEq)]
pub enum Extra {
    /// What a validator or an interactor wrote to `judgemessage.txt` (an
    /// interactor's `teammessage.txt` after it).
    JudgeMessage(String),
    /// An interactive case's dialogue, rendered: `> ` and `< ` lines.
    Dialogue {
        /// How many lines the solution wrote.
        from_solution: u64,
        /// How many lines the interactor wrote.
        from_interactor: u64,
        /// How many lines were kept each way, when some were not.
        kept: Option<usize>,
        /// The kept lines, rendered.
        text: String,
    },
}

impl Extra {
    /// The text, plain.
    pub fn text(&self) -> &str {
        match self {
            Extra::JudgeMessage(text) | Extra::Dialogue { text, .. } => text,
        }
    }
}

/// How a case's run ended, as a result reports it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Ended {
    /// Not run, or nothing to say (a judge error before the run).
    #[default]
    NotRun,
    /// Its exit status as the sandbox shows it: `exit 3`, `SIGSEGV`.
    Status(String),
    /// Never started: refused under the memory limit.
    NotStarted,
    /// Its crate does not compile (a CE result).
    DoesNotCompile,
    /// Killed by the judge once the interactor had ended first without
    /// accepting: not a crash.
    KilledAfterInteractor,
}

impl CaseResult {
    /// A result with `verdict` and nothing measured or said yet: `case` (its
    /// input file `input`) of `solution` to `problem`. The other constructors,
    /// and tests, start from it and set what they know.
    pub fn blank(
        problem: &str,
        solution: &str,
        case: &str,
        input: PathBuf,
        verdict: Verdict,
    ) -> CaseResult {
        CaseResult {
            problem: problem.to_string(),
            solution: solution.to_string(),
            case: case.to_string(),
            input,
            verdict,
            time: 0.0,
            wall: 0.0,
            memory: 0,
            exit: Ended::NotRun,
            reason: None,
            detail: String::new(),
            rejection: None,
            excerpt: None,
            extra: Vec::new(),
            interrupted: false,
            score: None,
            passes: 1,
            output_bytes: None,
        }
    }

    /// A result with no verdict yet (ERR) and no facts, for `job`.
    pub fn new(job: &Job) -> CaseResult {
        CaseResult::blank(
            &job.problem,
            &job.solution,
            &job.case.name,
            job.case.input.clone(),
            Verdict::ERR,
        )
    }

    /// The result that stands for all of a problem's cases when its crate does not
    /// compile: CE, with the first compiler error as the detail.
    pub fn compile_error(problem: &str, error: &str) -> CaseResult {
        const SHOWN: usize = 20;
        let lines: Vec<&str> = error.trim_end().lines().collect();
        let mut detail = lines[..lines.len().min(SHOWN)].join("\n");
        if lines.len() > SHOWN {
            detail.push_str(&format!("\n… {} more lines", lines.len() - SHOWN));
        }
        CaseResult {
            exit: Ended::DoesNotCompile,
            detail,
            ..CaseResult::blank(problem, problem, "(build)", PathBuf::new(), Verdict::CE)
        }
    }
}

/// One job: a solution to judge on a case under some settings, as the reporters
/// see it. How the solution is started (a command and what an isolated run of it
/// may see) is the engine's `judge_engine::task::Task`, which holds a job: the
/// model runs nothing.
pub struct Job<'a> {
    /// Problem (or folder) name, for the report.
    pub problem: String,
    /// Solution name, for the report.
    pub solution: String,
    /// The case.
    pub case: Case,
    /// Limits and checker.
    pub settings: &'a Settings,
}
