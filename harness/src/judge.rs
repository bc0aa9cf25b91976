//! Verdicts: running a solution on a case and deciding what the judge says.
//!
//! Owns the verdict rules (which failure wins when several happen) and running many
//! cases in parallel with results in a fixed order. It leaves process handling to
//! `run`, comparison to `check` and presentation to `report`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use serde::Serialize;

use crate::check::{self, Outcome};
use crate::diff;
use crate::discover::Case;
use crate::problem::Settings;
use crate::run::{self, Exit, Limits};

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
    /// What went wrong, for people: the diff, the signal, the stderr tail.
    pub detail: String,
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
    let mut result = CaseResult {
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
    };
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
        match check::check(&s.checker, &job.case.input, &out.stdout, &expected)? {
            Outcome::Accepted => Verdict::AC,
            outcome => {
                let mut d = String::new();
                let exp = String::from_utf8_lossy(&expected);
                let act = String::from_utf8_lossy(&out.stdout);
                diff::render(&mut d, &exp, &act, true).expect("writing to a String cannot fail");
                if outcome == Outcome::Presentation {
                    d.insert_str(
                        0,
                        "same tokens, different whitespace (the checker is exact)\n",
                    );
                }
                result.detail = d;
                if outcome == Outcome::Presentation {
                    Verdict::PE
                } else {
                    Verdict::WA
                }
            }
        }
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

/// `1.5 MiB`-style sizes.
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["B", "KiB", "MiB", "GiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit < UNITS.len() - 1 {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// Runs `jobs` on `threads` workers and hands each result to `done` in job order,
/// as soon as it and all before it are finished. Once a result satisfies `stop`
/// (e.g. `--fail-fast`: not AC), no new job starts; the results not run are left out.
pub fn run_all(
    jobs: &[Job],
    threads: usize,
    stop_after: impl Fn(&CaseResult) -> bool + Sync,
    mut done: impl FnMut(&CaseResult),
) -> Vec<CaseResult> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let slots: Vec<Mutex<Option<CaseResult>>> = jobs.iter().map(|_| Mutex::new(None)).collect();
    let (tx, rx) = std::sync::mpsc::channel::<usize>();
    let mut results = Vec::with_capacity(jobs.len());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let tx = tx.clone();
            let (next, stop, slots, stop_after) = (&next, &stop, &slots, &stop_after);
            scope.spawn(move || {
                loop {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(job) = jobs.get(i) else { break };
                    let r = judge(job);
                    if stop_after(&r) {
                        stop.store(true, Ordering::SeqCst);
                    }
                    *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(r);
                    if tx.send(i).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut printed = 0;
        for _ in rx {
            while printed < jobs.len() {
                let Some(r) = slots[printed]
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .take()
                else {
                    break;
                };
                done(&r);
                results.push(r);
                printed += 1;
            }
        }
    });
    results
}

/// A duration as `12 ms` or `1.23 s`.
pub fn human_time(seconds: f64) -> String {
    let d = Duration::from_secs_f64(seconds.max(0.0));
    if d < Duration::from_secs(1) {
        format!("{} ms", d.as_millis())
    } else {
        format!("{:.2} s", d.as_secs_f64())
    }
}

/// The command that runs an executable directly.
pub fn exe_command(path: &Path) -> impl Fn() -> Command + Send + Sync + use<> {
    let path = path.to_path_buf();
    move || Command::new(&path)
}

/// The command that runs a shell command line (`judge run --cmd`).
///
/// A simple command is run with `exec`, so the solution replaces the shell and its
/// exit status, signal, CPU time and memory are its own; a compound one (with
/// `;`, `&&`, pipes, ...) runs under the shell as written.
pub fn shell_command(line: &str) -> impl Fn() -> Command + Send + Sync + use<> {
    let simple = !line.contains(|c| ";&|<>()$`\n".contains(c));
    let line = if simple {
        format!("exec {line}")
    } else {
        line.to_string()
    };
    move || {
        let mut c = Command::new("sh");
        c.arg("-c").arg(&line);
        c
    }
}
