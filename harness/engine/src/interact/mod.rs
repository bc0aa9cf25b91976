//! Interactive problems: a solution and an interactor talking through the judge.
//!
//! The protocol is the Kattis output-validator convention, so interactors written
//! for Kattis, DOMjudge or problemtools work unchanged: the interactor is run as
//! `CMD INPUT ANSWER FEEDBACK_DIR` (the case's `.in`, its `.out`, and an empty
//! folder for `judgemessage.txt` / `teammessage.txt`); its stdout is the
//! solution's stdin and the solution's stdout is its stdin. Exit 42 accepts, 43
//! rejects, anything else is a judge error. A testlib interactor
//! ([`Interactor::Testlib`], Polygon's kind) is started through `sh` in testlib's
//! order, `INTERACTOR INPUT FEEDBACK_DIR/tout ANSWER`; it accepts with 0, its
//! exit is read in the terms above before the verdict, and its testlib checker, if
//! any, then judges what it wrote to `tout`.
//!
//! This module owns running the pair ([`run`], in `relay`), recording the dialogue
//! (`dialogue`) and the verdict order (`verdict`). It is the run layer for
//! interactive cases: the processes are prepared, registered and reaped with the
//! primitives of `run` (own process group, limits before exec, Ctrl-C, escapees),
//! and the verdict is decided only from what the judge measured and the
//! interactor's exit status, never from text either side printed.
//!
//! The entry point is general on purpose (a solution command, an interactor
//! command, the input and answer paths, limits): `judge` uses it for problems whose
//! `problem.toml` says `type = "interactive"` and `judge run --interactor`, and a
//! Kattis package's interactive validator can use it as it is.

mod dialogue;
mod relay;
mod verdict;

use crate::ext::*;
use std::path::Path;
use std::time::Duration;

pub use dialogue::{Dialogue, Dir};
pub use relay::run;
pub use verdict::{Judgement, decide};

use judge_model::problem::Interactor;

use anyhow::Context as _;

use crate::programs::Programs;
use crate::run::Measured;
use crate::task::Task;
use judge_model::judge::{CaseResult, Ended, Extra, Job};
use judge_model::limits::Limits;
use judge_sandbox::{Exit, RunSpec};

/// Exit status with which an interactor accepts (Kattis convention).
pub const ACCEPT: i32 = 42;
/// Exit status with which an interactor rejects (Kattis convention).
pub const REJECT: i32 = 43;

/// Bytes kept of `judgemessage.txt` and of `teammessage.txt`.
pub const MESSAGE_CAP: usize = 4096;

/// One interactive run: what to start, on which case, under which limits.
pub struct Spec<'a> {
    /// The solution, as a command with no stdio set (the relay sets it), and
    /// what an isolated run of it may see.
    pub solution: RunSpec,
    /// The interactor, as a command with no stdio set and without the three
    /// paths: `INPUT ANSWER FEEDBACK_DIR` are appended (as absolute paths, shared
    /// with it), and what else an isolated run of it may see.
    pub interactor: RunSpec,
    /// The case's input, given to the interactor only.
    pub input: &'a Path,
    /// The case's answer file (`.out` / `.ans`; may be empty).
    pub answer: &'a Path,
    /// The solution's limits: CPU time (and the wall backstop from it), memory,
    /// and the cap on what it writes.
    pub limits: Limits,
    /// The interactor's limits.
    pub interactor_limits: InteractorLimits,
    /// Whether the relay records the dialogue: always when judging; off only for
    /// the benchmark's control run, which measures what recording costs.
    pub record: bool,
    /// Files to put in the interactor's feedback folder before it starts: a
    /// multi-pass problem's previous passes left them there (spec/2025-09.md
    /// "Multi-pass validation": they persist between passes).
    pub feedback_from: Option<&'a Path>,
}

/// Limits of the interactor. It is never counted against the solution.
///
/// Not a `Limits`: an interactor's time is bounded by the solution's (it runs
/// while the solution does, then for `grace`) unless a package gives it a CPU
/// budget of its own, its output is not capped (the solution reads it), and
/// `accepts` is how its exit is read, which no run's limits say.
#[derive(Debug, Clone, Copy)]
pub struct InteractorLimits {
    /// Address-space limit in bytes.
    pub memory: u64,
    /// The CPU time it may use in all, when it has a budget of its own (a
    /// package's `validation_time`); `None`: bounded by its wall time only.
    pub cpu: Option<Duration>,
    /// How long it may run on after the solution has ended before it is killed
    /// (a hung interactor is a judge error).
    pub grace: Duration,
    /// The exit status with which it accepts ([`ACCEPT`], or 0 for testlib): one
    /// that ends before the solution with any other ends the solution at once.
    pub accepts: i32,
}

impl InteractorLimits {
    /// The defaults: at least 2 GiB (an interpreter needs room) or the solution's
    /// limit if larger, and as long after the solution as the solution's own time
    /// limit plus two seconds.
    pub fn for_solution(limits: &Limits) -> InteractorLimits {
        InteractorLimits {
            memory: limits.memory.max(2 << 30),
            cpu: None,
            grace: limits.time + Duration::from_secs(2),
            accepts: ACCEPT,
        }
    }
}

/// Everything observed about one interactive run.
#[derive(Debug)]
pub struct Interaction {
    /// The solution, measured as an ordinary run (`stdout` stays empty: it went to
    /// the interactor; `output_exceeded` means it wrote more than the output limit).
    pub solution: Measured,
    /// The interactor.
    pub interactor: InteractorOutcome,
    /// The interactor was reaped while the solution was still running.
    pub interactor_first: bool,
    /// When the solution's wall backstop fired: it was blocked reading its input,
    /// the interactor was alive, and neither direction had bytes in flight (the
    /// classic missing flush).
    pub both_waiting: bool,
    /// The solution was killed before its wall backstop because the dialogue was
    /// deadlocked: both sides blocked reading, nothing in flight, no CPU used.
    pub deadlocked: bool,
    /// When the wall backstop fired: how long no byte had moved either way.
    pub silent_for: Option<Duration>,
    /// What each side wrote, as the relay saw it.
    pub dialogue: Dialogue,
    /// The interactor's feedback folder, kept until the interaction is dropped: a
    /// testlib interactor's output file in it is checked afterwards.
    pub feedback: tempfile::TempDir,
}

/// What the interactor did.
#[derive(Debug, Clone)]
pub struct InteractorOutcome {
    /// How it ended.
    pub exit: Exit,
    /// Wall-clock time from its start to its end.
    pub wall: Duration,
    /// The judge killed it: still running `grace` after the solution ended.
    pub killed: bool,
    /// It used up its own CPU budget ([`InteractorLimits::cpu`], this long) and
    /// was killed for it.
    pub out_of_cpu: Option<Duration>,
    /// The last bytes of its stderr.
    pub stderr_tail: Vec<u8>,
    /// `FEEDBACK_DIR/judgemessage.txt`, at most [`MESSAGE_CAP`] bytes.
    pub judge_message: String,
    /// `FEEDBACK_DIR/teammessage.txt`, at most [`MESSAGE_CAP`] bytes.
    pub team_message: String,
}

/// Judges one interactive case of a [`Task`] into `result`: runs the task's
/// solution against the settings' interactor (a testlib one built in `programs`)
/// and decides the verdict. An error is the judge's own failure (the caller makes
/// it ERR).
pub fn judge_case(task: &Task, programs: &Programs, result: &mut CaseResult) -> anyhow::Result<()> {
    match task.job.settings.passes {
        Some(passes) if passes > 1 => judge_passes(task, programs, result, passes),
        _ => judge_pass(task, programs, result, &task.job.case.input, None).map(|_| ()),
    }
}

/// An interactive multi-pass case (spec/2025-09.md "Multi-pass validation"):
/// while the interactor accepts and leaves `nextpass.in`, the solution runs
/// again against it with that file as the interactor's input; the feedback
/// folder's other files carry over; more passes than `passes` is a judge error.
fn judge_passes(
    task: &Task,
    programs: &Programs,
    result: &mut CaseResult,
    passes: u32,
) -> anyhow::Result<()> {
    let scratch = tempfile::tempdir().context("cannot create a folder for the passes")?;
    let kept = scratch.path().join("feedback");
    std::fs::create_dir(&kept).context("cannot create the feedback folder")?;
    let mut input = task.job.case.input.clone();
    let mut slowest = 0.0_f64;
    for pass in 1..=passes {
        result.extra.clear();
        let x = judge_pass(task, programs, result, &input, Some(&kept))?;
        slowest = slowest.max(result.time);
        result.time = slowest;
        result.passes = pass;
        for entry in std::fs::read_dir(x.feedback.path())?.flatten() {
            if entry.path().is_file() {
                std::fs::copy(entry.path(), kept.join(entry.file_name()))
                    .context("cannot keep the feedback between passes")?;
            }
        }
        let next = kept.join("nextpass.in");
        if !next.is_file() {
            return Ok(());
        }
        if x.interactor.exit != Exit::Code(ACCEPT) {
            anyhow::bail!("the interactor wrote nextpass.in but did not accept (a judge error)");
        }
        if result.verdict != judge_model::judge::Verdict::AC {
            return Ok(());
        }
        if pass == passes {
            anyhow::bail!(
                "the interactor asked for pass {} but validation_passes is {passes} (a judge error)",
                pass + 1
            );
        }
        // "nextpass.in will be removed before the next pass".
        input = scratch.path().join(format!("pass{}.in", pass + 1));
        std::fs::rename(&next, &input).context("cannot move nextpass.in")?;
    }
    Ok(())
}

/// One run of the solution against the interactor on `input`, into `result`.
fn judge_pass(
    task: &Task,
    programs: &Programs,
    result: &mut CaseResult,
    input: &Path,
    feedback_from: Option<&Path>,
) -> anyhow::Result<Interaction> {
    let job = &task.job;
    let s = job.settings;
    let interactor = s.interactor.as_ref().with_context(|| {
        "problem.toml says type = \"interactive\" but names no interactor \
         (add interactor = \"NAME-interactor\" or a command line, or pass --interactor CMD)"
    })?;
    let testlib = programs.testlib_interactor()?;
    let command = match testlib {
        Some(built) => crate::testlib::interactor_command(&built.interactor),
        None => interactor
            .command()
            .with_context(|| format!("the interactor {} was not built", interactor.shown()))?,
    };
    let limits = s.limits;
    let mut interactor_limits = InteractorLimits::for_solution(&limits);
    // A package's interactor is its output validator, so it runs under the
    // package's `validation_memory` and `validation_time` (spec/2025-09.md
    // "Limits": each validator run's), as BAPCtools runs it (`interactive.py`:
    // RLIMIT_AS of validation_memory, RLIMIT_CPU of validation_time + 1 s, killed
    // validation_time + 2 s after the start, never before the submission's
    // timeout + 1 s; problemtools gives a native interactor neither). Here: that
    // much CPU, and as long after the solution ended plus a second (so that the
    // CPU budget, not the wall, stops one that computes) rather than the
    // solution's time limit + 2 s, so a slow but finite interactor is not cut
    // off sooner than the package allows.
    if let Some(validation) = &s.validation {
        interactor_limits.memory = validation.memory;
        interactor_limits.cpu = Some(validation.time);
        interactor_limits.grace = validation.time + Duration::from_secs(1);
    }
    if let Interactor::Testlib { .. } = interactor {
        interactor_limits.accepts = crate::testlib::exit::OK;
    }
    let spec = Spec {
        solution: (task.start)(),
        interactor: command,
        input,
        answer: &job.case.output,
        limits,
        interactor_limits,
        record: true,
        feedback_from,
    };
    let mut x = run(spec)?;
    let testlib_exit = match interactor {
        Interactor::Testlib { .. } => Some(testlib_as_kattis(&mut x)),
        _ => None,
    };
    result.time = x.solution.cpu.as_secs_f64();
    result.wall = x.solution.wall.as_secs_f64();
    result.memory = x.solution.peak_rss;
    result.exit = crate::judge::ended(&x.solution);
    // The interactor ended first without accepting: the relay killed the solution
    // there and then, so its SIGKILL is the judge's doing, not a crash.
    if x.interactor_first
        && x.interactor.exit != Exit::Code(ACCEPT)
        && x.solution.exit == Exit::Signal(libc::SIGKILL)
        && !x.solution.interrupted
    {
        result.exit = Ended::KilledAfterInteractor;
    }
    result.interrupted = x.solution.interrupted;
    let j = decide(&x, &limits);
    result.verdict = j.verdict;
    result.reason = j.reason;
    if let (Some(said), Interactor::Testlib { checker, .. }) = (testlib_exit, interactor) {
        let checker = checker
            .as_deref()
            .zip(testlib.and_then(|t| t.checker.as_ref()));
        testlib_verdict(result, said, checker, job, &x)?;
    }
    if !j.judge_message.is_empty() {
        result.extra.push(Extra::JudgeMessage(j.judge_message));
    }
    result.extra.push(j.dialogue);
    Ok(x)
}

/// A testlib interactor's exit read in the Kattis terms [`decide`] knows (0 →
/// 42, 1 and 2 → 43; 3 and the rest stay a failure), and its testlib verdict
/// (`Err`: its own failure) kept for [`testlib_verdict`].
fn testlib_as_kattis(
    x: &mut Interaction,
) -> std::result::Result<judge_model::outcome::Outcome, judge_model::testlib::Failed> {
    use judge_model::outcome::Outcome;
    let said = crate::testlib::outcome(x.interactor.exit, &x.interactor.stderr_tail);
    let message = crate::testlib::message(&x.interactor.stderr_tail);
    if x.interactor.judge_message.is_empty() {
        x.interactor.judge_message = message;
    }
    x.interactor.exit = match &said {
        Ok(Outcome::Accepted) => Exit::Code(ACCEPT),
        Ok(_) => Exit::Code(REJECT),
        Err(_) => x.interactor.exit,
    };
    said
}

/// The verdict of a testlib interaction once [`decide`] has ruled on the
/// solution: a presentation error stays PE, the interactor's own failure is said
/// in testlib's terms, and an accepted dialogue goes to the checker, if any, on
/// the interactor's output (`tout`), as Polygon judges it.
fn testlib_verdict(
    result: &mut CaseResult,
    said: std::result::Result<judge_model::outcome::Outcome, judge_model::testlib::Failed>,
    checker: Option<(
        &judge_model::testlib::Program,
        &crate::package::program::Built,
    )>,
    job: &Job,
    x: &Interaction,
) -> anyhow::Result<()> {
    use judge_model::judge::{Reason, Verdict};
    use judge_model::outcome::Outcome;
    match (result.verdict, said) {
        (Verdict::ERR, Err(why)) => {
            result.reason = Some(Reason::TestlibFailed(why));
        }
        // Its message is the judge message already shown.
        (Verdict::WA, Ok(Outcome::Presentation(_))) => {
            result.verdict = Verdict::PE;
            result.reason = Some(Reason::TestlibPresentation);
        }
        (Verdict::WA, Ok(_)) => {
            result.reason = Some(Reason::TestlibRejected);
        }
        (Verdict::AC, Ok(Outcome::Accepted)) => {
            let Some((checker, built)) = checker else {
                return Ok(());
            };
            let tout = x.feedback.path().join(crate::testlib::TOUT);
            if !tout.is_file() {
                std::fs::write(&tout, "").context("cannot create the interactor's output file")?;
            }
            let (verdict, r) =
                match checker.check_files(built, &job.case.input, &tout, &job.case.output)? {
                    Ok(Outcome::Accepted) => return Ok(()),
                    Ok(Outcome::Wrong(r)) => (Verdict::WA, r),
                    Ok(Outcome::Presentation(r)) => (Verdict::PE, r),
                    Err(failed) => {
                        result.verdict = Verdict::ERR;
                        result.reason = Some(Reason::CheckerFailed {
                            checker: checker.describe(),
                            failed,
                        });
                        return Ok(());
                    }
                };
            result.verdict = verdict;
            result.reason = Some(Reason::CheckerRejected {
                checker: checker.describe(),
                rejection: r.clone(),
            });
            result.rejection = Some(r);
        }
        _ => {}
    }
    Ok(())
}

/// Points an interactor that `problem.toml` names as a binary of `package`
/// ([`Interactor::Binary`]) at the executable cargo built for it.
pub fn resolve(
    settings: &mut judge_model::problem::Settings,
    package: &str,
    exes: &crate::build::Executables,
) -> anyhow::Result<()> {
    if let Some(Interactor::Binary(bin)) = &settings.interactor {
        let exe = exes
            .get(&(package.to_string(), bin.clone()))
            .with_context(|| {
                format!(
                    "problem.toml names the interactor {bin}, but {package} has no such binary \
                     (declare [[bin]] name = \"{bin}\" in problems/{package}/Cargo.toml)"
                )
            })?;
        settings.interactor = Some(Interactor::Exe(exe.clone()));
    }
    Ok(())
}

/// The `.interaction` convention: each line starts with `>` (the solution wrote
/// the rest) or `<` (the interactor wrote it). The lines, or the first bad line's
/// number and what is wrong.
pub fn parse_interaction(text: &str) -> Result<Vec<(Dir, String)>, (usize, String)> {
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let dir = match line.chars().next() {
            Some('>') => Dir::Solution,
            Some('<') => Dir::Interactor,
            _ => {
                return Err((
                    i + 1,
                    "expected a line starting with `>` (the solution's) or `<` (the interactor's)"
                        .to_string(),
                ));
            }
        };
        let rest = &line[1..];
        lines.push((dir, rest.strip_prefix(' ').unwrap_or(rest).to_string()));
    }
    if lines.is_empty() {
        return Err((0, "no dialogue".to_string()));
    }
    Ok(lines)
}

/// Replays a sample dialogue against the interactor: a scripted solution writes
/// the `>` lines of `lines` (then reads to the end), and the interactor must
/// accept and write exactly the `<` lines (checked on the last [`dialogue::KEEP`]
/// lines it wrote, all a recording keeps). `None` when it does; the reason if not.
pub fn replay(
    interactor: &Interactor,
    input: &Path,
    answer: &Path,
    lines: &[(Dir, String)],
) -> anyhow::Result<Option<String>> {
    let command = Programs::interactor_command(interactor)?
        .with_context(|| format!("the interactor {} was not built", interactor.shown()))?;
    let scratch = tempfile::tempdir().context("cannot create a scratch folder")?;
    let script = scratch.path().join("solution.txt");
    let mut said = String::new();
    for (dir, text) in lines {
        if *dir == Dir::Solution {
            said.push_str(text);
            said.push('\n');
        }
    }
    std::fs::write(&script, said).context("cannot write the scripted solution")?;
    let mut solution = RunSpec::new("sh");
    solution
        .arg("-c")
        .arg("cat \"$1\"; cat > /dev/null")
        .arg("replay")
        .arg(&script);
    solution.share(&script, judge_sandbox::Access::Read);
    let limits = Limits {
        time: Duration::from_secs(5),
        memory: 1 << 30,
        output: 64 << 20,
    };
    let x = run(Spec {
        solution,
        interactor: command,
        input,
        answer,
        limits,
        interactor_limits: InteractorLimits::for_solution(&limits),
        record: true,
        feedback_from: None,
    })?;
    let want: Vec<&str> = lines
        .iter()
        .filter(|(d, _)| *d == Dir::Interactor)
        .map(|(_, t)| t.as_str())
        .collect();
    let got = x.dialogue.kept(Dir::Interactor);
    let tail = &want[want.len().saturating_sub(got.len())..];
    if x.interactor.exit != Exit::Code(ACCEPT) {
        let mut why = format!(
            "the interactor does not accept this dialogue ({}; 42 accepts)",
            x.interactor.exit
        );
        if !x.interactor.judge_message.is_empty() {
            why.push_str(&format!(": {}", x.interactor.judge_message));
        }
        return Ok(Some(why));
    }
    if x.dialogue.lines(Dir::Interactor) != want.len() as u64 || got != tail {
        return Ok(Some(format!(
            "the interactor wrote other lines than the `<` lines ({} lines; the last: {:?})",
            x.dialogue.lines(Dir::Interactor),
            got.last().map(String::as_str).unwrap_or("")
        )));
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interaction_file_is_lines_marked_by_who_wrote_them() {
        let lines = parse_interaction("< 1 2\n> second\n>\n").unwrap();
        assert_eq!(
            lines,
            [
                (Dir::Interactor, "1 2".to_string()),
                (Dir::Solution, "second".to_string()),
                (Dir::Solution, String::new()),
            ]
        );
        assert_eq!(parse_interaction("< 1\nfirst\n").unwrap_err().0, 2);
        assert!(parse_interaction("").is_err());
    }
}
