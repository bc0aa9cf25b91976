//! Reports: the only place results are worded.
//!
//! The runner feeds results (and known-wrong outcomes) to a [`Reporter`], as
//! ripgrep's searcher feeds its printer through a `Sink`; `human` writes lines and
//! a table for people, `json` one document for programs, `junit` XML for CI. A
//! reporter renders and writes; it never decides the exit status (the command
//! layer computes that once, from the same results, with [`Summary::status`]).
//!
//! Depends on the model only, and on the comparison crate for the tokens a
//! rejection holds (CONTRIBUTING.md, "Crates"): it words and draws results, and
//! can run or build nothing.

pub mod add;
pub mod bless;
pub mod checker;
pub mod diff;
pub mod export;
pub mod generate;
pub mod human;
pub mod import;
pub mod json;
pub mod junit;
pub mod lint;
pub mod listen;
pub mod package;
pub mod reason;
pub mod scaffold;
pub mod scale;
pub mod stress;
pub mod style;
pub mod verify;
pub mod watch;
pub mod words;

use judge_model::{judge, known_wrong, sink, status, units};

use std::collections::BTreeMap;
use std::io;

use serde::Serialize;

use crate::judge::{CaseResult, Ended, Extra, Job, Verdict};
use crate::known_wrong::{Catch, KnownWrong};
use crate::sink::Sink;
use crate::status::Status;

pub use human::Human;
pub use json::Json;
pub use junit::Junit;

/// Everything a run produced, handed to [`Reporter::finish`].
pub struct Summary<'a> {
    /// Every case judged, in plan order.
    pub results: &'a [CaseResult],
    /// Every known-wrong solution judged.
    pub catches: &'a [Catch],
    /// What stopped part of the plan from being judged (bad testdata, ...).
    pub errors: &'a [String],
    /// The judge's own peak resident memory in bytes.
    pub judge_peak_rss: u64,
    /// The programs' isolation: "on", "off (--no-isolation)" or "partial (missing:
    /// ...)" where the kernel refused a protection (docs/sandbox.md).
    pub isolation: String,
}

impl Summary<'_> {
    /// The run's status, from the results alone: broken if anything could not be
    /// judged (an error, an ERR case, nothing judged at all), failed if a case was
    /// not accepted or a known-wrong solution was missed, else passed.
    pub fn status(&self) -> Status {
        let broken = !self.errors.is_empty()
            || self
                .results
                .iter()
                .any(|r| matches!(r.verdict, Verdict::ERR | Verdict::INT));
        if broken {
            Status::Broken
        } else if self.results.iter().any(|r| r.verdict != Verdict::AC)
            || self.catches.iter().any(|c| !c.caught())
        {
            Status::Failed
        } else {
            Status::Passed
        }
    }
}

impl Summary<'_> {
    /// The problems to report besides `errors`: each missed known-wrong solution.
    pub fn problems(&self) -> Vec<String> {
        let mut all = self.errors.to_vec();
        for c in self.catches.iter().filter(|c| !c.caught()) {
            all.push(format!(
                "known-wrong solution {} [{}] was MISSED: never {} on {}",
                c.wrong.problem,
                c.wrong.label,
                c.wrong.expected.name(),
                crate::units::plural(c.cases, "case", "cases")
            ));
        }
        if self.results.is_empty() && self.errors.is_empty() {
            all.push("nothing was judged".into());
        }
        all
    }
}

/// A consumer of results. Calls arrive in order: `begin`, then `started` and
/// `case` as the runner goes (`case` in plan order), then per known-wrong solution
/// `known_wrong_started` and `known_wrong`, then `finish` once.
pub trait Reporter {
    /// The jobs about to run, and the known-wrong solutions to be judged after.
    fn begin(&mut self, _jobs: &[&Job], _known_wrong: &[KnownWrong]) -> io::Result<()> {
        Ok(())
    }

    /// A job has started (the progress line names what is running).
    fn started(&mut self, _job: &Job) {}

    /// Whether `started` does anything: a reporter that implements it says so
    /// here, or it is never called.
    fn wants_started(&self) -> bool {
        false
    }

    /// A case's result.
    fn case(&mut self, result: &CaseResult) -> io::Result<()>;

    /// A known-wrong solution is about to be judged.
    fn known_wrong_started(&mut self, _wrong: &KnownWrong) {}

    /// A known-wrong solution's outcome.
    fn known_wrong(&mut self, catch: &Catch) -> io::Result<()>;

    /// The end of the run.
    fn finish(&mut self, summary: &Summary) -> anyhow::Result<()>;
}

/// Several reporters fed the same events (e.g. human on stdout and JUnit to a file).
#[derive(Default)]
pub struct Tee(pub Vec<Box<dyn Reporter>>);

impl Reporter for Tee {
    fn begin(&mut self, jobs: &[&Job], known_wrong: &[KnownWrong]) -> io::Result<()> {
        self.0
            .iter_mut()
            .try_for_each(|r| r.begin(jobs, known_wrong))
    }

    fn started(&mut self, job: &Job) {
        self.0.iter_mut().for_each(|r| r.started(job));
    }

    fn wants_started(&self) -> bool {
        self.0.iter().any(|r| r.wants_started())
    }

    fn case(&mut self, result: &CaseResult) -> io::Result<()> {
        self.0.iter_mut().try_for_each(|r| r.case(result))
    }

    fn known_wrong_started(&mut self, wrong: &KnownWrong) {
        self.0.iter_mut().for_each(|r| r.known_wrong_started(wrong));
    }

    fn known_wrong(&mut self, catch: &Catch) -> io::Result<()> {
        self.0.iter_mut().try_for_each(|r| r.known_wrong(catch))
    }

    fn finish(&mut self, summary: &Summary) -> anyhow::Result<()> {
        self.0.iter_mut().try_for_each(|r| r.finish(summary))
    }
}

/// The runner's [`Sink`] over a reporter: the first write error stops the run and
/// is kept for the command layer (a closed stdout ends the run quietly).
pub struct Feed<'a> {
    /// Where results go.
    pub reporter: &'a mut dyn Reporter,
    /// The first error the reporter returned.
    pub error: Option<io::Error>,
}

impl<'a> Feed<'a> {
    /// Feeds `reporter`.
    pub fn new(reporter: &'a mut dyn Reporter) -> Feed<'a> {
        Feed {
            reporter,
            error: None,
        }
    }
}

impl Sink for Feed<'_> {
    fn started(&mut self, _index: usize, job: &Job) {
        self.reporter.started(job);
    }

    fn wants_started(&self) -> bool {
        self.reporter.wants_started()
    }

    fn finished(&mut self, result: &CaseResult) -> bool {
        match self.reporter.case(result) {
            Ok(()) => true,
            Err(e) => {
                self.error = Some(e);
                false
            }
        }
    }
}

/// Verdict counts and extremes for one group of cases.
#[derive(Debug, Default, Clone, Serialize)]
pub struct Tally {
    /// Cases judged.
    pub cases: usize,
    /// Count per verdict name.
    pub verdicts: BTreeMap<&'static str, usize>,
    /// The case with the most CPU time, and that time in seconds.
    pub slowest: Option<(String, f64)>,
    /// The case with the largest peak memory, and that memory in bytes.
    pub largest: Option<(String, u64)>,
}

impl Tally {
    /// Adds one result.
    pub fn add(&mut self, r: &CaseResult) {
        self.cases += 1;
        *self.verdicts.entry(r.verdict.name()).or_default() += 1;
        // A build that failed ran nothing: no time or memory to be the extreme of
        // (it read `slowest 0 ms ((build)), max 0 B`).
        if r.verdict == Verdict::CE {
            return;
        }
        if self.slowest.as_ref().is_none_or(|(_, t)| r.time > *t) {
            self.slowest = Some((r.case.clone(), r.time));
        }
        if self.largest.as_ref().is_none_or(|(_, m)| r.memory > *m) {
            self.largest = Some((r.case.clone(), r.memory));
        }
    }

    /// How many cases got `v`.
    pub fn count(&self, v: Verdict) -> usize {
        self.verdicts.get(v.name()).copied().unwrap_or(0)
    }

    /// Every case was accepted.
    pub fn all_accepted(&self) -> bool {
        self.count(Verdict::AC) == self.cases
    }
}

/// Tallies per problem (and solution), in first-seen order.
pub fn tally(results: &[CaseResult]) -> Vec<(String, Tally)> {
    let mut order: Vec<(String, Tally)> = Vec::new();
    for r in results {
        let key = suite_name(r);
        match order.iter_mut().find(|(k, _)| *k == key) {
            Some((_, t)) => t.add(r),
            None => {
                let mut t = Tally::default();
                t.add(r);
                order.push((key, t));
            }
        }
    }
    order
}

/// The group a result is reported under: the problem, or `problem [solution]` for a
/// known-wrong solution.
pub fn suite_name(r: &CaseResult) -> String {
    if r.solution == r.problem {
        r.problem.clone()
    } else {
        format!("{} [{}]", r.problem, r.solution)
    }
}

/// The text under a failed case, plain: the reason, the diff, any extra text.
pub fn detail_text(r: &CaseResult, color: bool) -> String {
    let mut s = r.reason.as_ref().map(reason::words).unwrap_or_default();
    s.push_str(&r.detail);
    if let Some(excerpt) = &r.excerpt {
        if !s.is_empty() && !s.ends_with('\n') {
            s.push('\n');
        }
        let _ = crate::diff::render(&mut s, r.rejection.as_ref(), excerpt, color);
    }
    for extra in &r.extra {
        if !s.is_empty() && !s.ends_with('\n') {
            s.push('\n');
        }
        s.push_str(&extra_title(extra));
        s.push_str(":\n");
        for line in extra.text().lines() {
            s.push_str("  ");
            s.push_str(line);
            s.push('\n');
        }
    }
    s
}

/// The title an extra text is shown under: `judge message`, or the dialogue's
/// with how many lines each side wrote and whether only the last are shown.
pub fn extra_title(extra: &Extra) -> String {
    match extra {
        Extra::JudgeMessage(_) => "judge message".into(),
        Extra::Dialogue {
            from_solution,
            from_interactor,
            kept,
            ..
        } => format!(
            "dialogue ({from_solution} line{} from the solution `>`, {from_interactor} from the \
             interactor `<`{})",
            if *from_solution == 1 { "" } else { "s" },
            kept.map_or(String::new(), |n| format!("; the last {n} each way"))
        ),
    }
}

/// How a case's run ended, as the reports show it: `exit 3`, `SIGSEGV`, `not
/// started`; empty when it did not run.
pub fn ended(exit: &Ended) -> String {
    match exit {
        Ended::NotRun => String::new(),
        Ended::Status(status) => status.clone(),
        Ended::NotStarted => "not started".into(),
        Ended::DoesNotCompile => "does not compile".into(),
        Ended::KilledAfterInteractor => "killed once the interactor had ended".into(),
    }
}

/// `s` without ANSI styles.
pub fn plain(s: &str) -> String {
    anstream::adapter::strip_str(s).to_string()
}

#[cfg(test)]
mod tests {
    //! The titles of extra texts and the words for how a run ended, exactly as the
    //! reports have always shown them (the CLI tests and docs quote them).

    use super::*;

    #[test]
    fn a_compile_error_is_counted_but_is_neither_the_slowest_nor_the_largest_case() {
        let mut t = Tally::default();
        t.add(&CaseResult::compile_error("p", "error: expected `;`"));
        assert_eq!((t.cases, t.count(Verdict::CE)), (1, 1));
        assert_eq!((t.slowest.clone(), t.largest.clone()), (None, None));
        let mut ran = CaseResult::compile_error("q", "");
        (ran.verdict, ran.case, ran.time, ran.memory) = (Verdict::WA, "01".into(), 0.5, 1024);
        t.add(&ran);
        assert_eq!(t.slowest, Some(("01".to_string(), 0.5)));
        assert_eq!(t.largest, Some(("01".to_string(), 1024)));
    }

    #[test]
    fn each_extra_is_titled_by_its_kind() {
        let dialogue = |from_solution, from_interactor, kept| Extra::Dialogue {
            from_solution,
            from_interactor,
            kept,
            text: String::new(),
        };
        #[rustfmt::skip]
        let rows = [
            (Extra::JudgeMessage("WA on game 2".into()), "judge message"),
            (dialogue(1, 2, None), "dialogue (1 line from the solution `>`, 2 from the interactor `<`)"),
            (dialogue(0, 1, None), "dialogue (0 lines from the solution `>`, 1 from the interactor `<`)"),
            (dialogue(1000, 1000, Some(20)), "dialogue (1000 lines from the solution `>`, 1000 from the interactor `<`; the last 20 each way)"),
        ];
        for (extra, title) in rows {
            assert_eq!(extra_title(&extra), title, "{extra:?}");
        }
    }

    #[test]
    fn how_a_run_ended_reads_as_its_status_or_why_it_has_none() {
        #[rustfmt::skip]
        let rows = [
            (Ended::NotRun, ""),
            (Ended::Status("exit 3".into()), "exit 3"),
            (Ended::Status("SIGSEGV".into()), "SIGSEGV"),
            (Ended::NotStarted, "not started"),
            (Ended::DoesNotCompile, "does not compile"),
            (Ended::KilledAfterInteractor, "killed once the interactor had ended"),
        ];
        for (exit, words) in rows {
            assert_eq!(ended(&exit), words, "{exit:?}");
        }
    }
}
