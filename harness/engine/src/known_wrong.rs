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

use std::collections::BTreeMap;

use crate::build::Problem;
use crate::discover::Case;
use crate::judge::{CaseResult, Job, Verdict};
use crate::problem::Settings;
use crate::runner::{self, Quiet};

/// One known-wrong solution of a problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnownWrong {
    /// The problem it belongs to.
    pub problem: String,
    /// The source file stem, e.g. `wa_int32`: its name in reports.
    pub label: String,
    /// Cargo's binary (target) name, e.g. `poj2348-wa-int32`.
    pub target: String,
    /// The verdict it must get on at least one case.
    pub expected: Verdict,
}

/// The verdict a source file stem announces: `wa_*` WA, `tle_*` TLE, `re_*` RE.
pub fn expected_verdict(stem: &str) -> Option<Verdict> {
    let (prefix, rest) = stem.split_once('_')?;
    if rest.is_empty() {
        return None;
    }
    match prefix {
        "wa" => Some(Verdict::WA),
        "tle" => Some(Verdict::TLE),
        "re" => Some(Verdict::RE),
        _ => None,
    }
}

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

/// How a known-wrong solution fared on a problem's cases.
#[derive(Debug, Clone)]
pub struct Catch {
    /// Which solution.
    pub wrong: KnownWrong,
    /// Cases judged (judging stops at the first expected verdict).
    pub cases: usize,
    /// Cases the problem has.
    pub total: usize,
    /// Cases per verdict.
    pub verdicts: BTreeMap<Verdict, usize>,
    /// The first case (in case order) that got the expected verdict.
    pub first: Option<String>,
}

impl Catch {
    /// Tallies `results` (the known-wrong solution's, one per case judged, out of
    /// `total` cases).
    pub fn new(wrong: KnownWrong, results: &[CaseResult], total: usize) -> Catch {
        let mut verdicts = BTreeMap::new();
        for r in results {
            *verdicts.entry(r.verdict).or_default() += 1;
        }
        let first = results
            .iter()
            .find(|r| r.verdict == wrong.expected)
            .map(|r| r.case.clone());
        Catch {
            wrong,
            cases: results.len(),
            total,
            verdicts,
            first,
        }
    }

    /// It got its expected verdict on at least one case.
    pub fn caught(&self) -> bool {
        self.first.is_some()
    }
}

/// Judges `wrong` (run by `command`) on every case on `threads` workers. A WA, TLE or
/// RE here is expected, so none of it is printed; only the [`Catch`] comes back.
pub fn judge(
    wrong: &KnownWrong,
    command: impl Fn() -> std::process::Command + Send + Sync,
    cases: &[Case],
    settings: &Settings,
    threads: usize,
) -> Catch {
    let command = &command;
    let jobs: Vec<Job> = cases
        .iter()
        .map(|case| Job {
            problem: wrong.problem.clone(),
            solution: wrong.label.clone(),
            command: Box::new(command),
            case: case.clone(),
            settings,
        })
        .collect();
    // One case with the expected verdict is the proof; the rest would only cost time
    // (a TLE solution spends the whole limit on every slow case).
    let results = runner::run_all(&jobs, threads, |r| r.verdict == wrong.expected, &mut Quiet);
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
    fn verdict_comes_from_the_file_name_prefix() {
        assert_eq!(expected_verdict("wa_int32"), Some(Verdict::WA));
        assert_eq!(expected_verdict("tle_table"), Some(Verdict::TLE));
        assert_eq!(expected_verdict("re_equal"), Some(Verdict::RE));
        assert_eq!(expected_verdict("wa_"), None);
        assert_eq!(expected_verdict("brute"), None);
        assert_eq!(expected_verdict("water_main"), None);
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
