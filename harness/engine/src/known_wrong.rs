//! Known-wrong solutions: deliberately wrong programs that prove the testdata is
//! strong enough to catch a mistake.
//!
//! A problem keeps them as extra binaries whose source file names the verdict they
//! must get, as Kattis keeps `submissions/wrong_answer/`: `src/bin/wa_*.rs` (wrong
//! answer), `src/bin/tle_*.rs` (time limit) and `src/bin/re_*.rs` (runtime error).
//! One is *caught* when it gets that verdict on at least one case; any other outcome
//! (all AC, or only other verdicts) is *missed* and fails the problem. This module
//! finds them and judges them; `report` words the outcome; it does not build (see `build`) or
//! decide single verdicts (see `judge`).

use crate::build::Problem;
use crate::runner;
use crate::task::Task;
use judge_model::case::Case;
use judge_model::judge::Job;
use judge_model::known_wrong::{Catch, KnownWrong, expected_verdict};
use judge_model::problem::Settings;
use judge_model::sink::Quiet;

/// The known-wrong solutions among `problem`'s binaries, sorted by label.
pub fn of(problem: &Problem) -> Vec<KnownWrong> {
    let mut found: Vec<KnownWrong> = problem
        .bins
        .iter()
        .filter_map(|(target, stem)| {
            Some(KnownWrong {
                problem: problem.name.clone(),
                label: stem.clone(),
                target: target.clone(),
                expected: expected_verdict(stem)?,
            })
        })
        .collect();
    found.sort_by(|a, b| a.label.cmp(&b.label));
    found
}

/// Judges `wrong` (run by `command`) on every case on `threads` workers. A WA, TLE or
/// RE here is expected, so none of it is printed; only the [`Catch`] comes back.
pub fn judge(
    wrong: &KnownWrong,
    command: impl Fn() -> judge_sandbox::RunSpec + Send + Sync,
    cases: &[Case],
    settings: &Settings,
    threads: usize,
) -> Catch {
    let command = &command;
    let tasks: Vec<Task> = cases
        .iter()
        .map(|case| Task {
            job: Job {
                problem: wrong.problem.clone(),
                solution: wrong.label.clone(),
                case: case.clone(),
                settings,
            },
            start: Box::new(command),
        })
        .collect();
    // One case with the expected verdict is the proof; the rest would only cost time
    // (a TLE solution spends the whole limit on every slow case).
    let results = runner::run_all(&tasks, threads, |r| r.verdict == wrong.expected, &mut Quiet);
    Catch::new(wrong.clone(), &results, cases.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(bins: &[(&str, &str)]) -> Problem {
        Problem {
            name: "p".into(),
            dir: ".".into(),
            bins: bins
                .iter()
                .map(|(t, s)| (t.to_string(), s.to_string()))
                .collect(),
        }
    }

    #[test]
    fn only_wa_tle_re_binaries_are_known_wrong() {
        let p = problem(&[
            ("p", "main"),
            ("p-brute", "brute"),
            ("p-wa-x", "wa_x"),
            ("p-tle-y", "tle_y"),
        ]);
        let labels: Vec<_> = of(&p).into_iter().map(|k| k.label).collect();
        assert_eq!(labels, ["tle_y", "wa_x"]);
    }
}
