//! Known-wrong solutions: deliberately wrong programs that prove the testdata is
//! strong enough to catch a mistake.
//!
//! A problem keeps them as extra binaries whose source file names the verdict they
//! must get, as Kattis keeps `submissions/wrong_answer/`: `src/bin/wa_*.rs` (wrong
//! answer), `src/bin/tle_*.rs` (time limit) and `src/bin/re_*.rs` (runtime error).
//! One is *caught* when it gets that verdict on at least one case; any other outcome
//! (all AC, or only other verdicts) is *missed* and fails the problem. This module
//! finds them, judges them and words the verdict; it does not build (see `build`) or
//! decide single verdicts (see `judge`).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use anstyle::{AnsiColor, Style};

use crate::build::Problem;
use crate::discover::Case;
use crate::judge::{self, CaseResult, Job, Verdict};
use crate::problem::Settings;

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

    /// The report line, e.g. `caught  poj2348 [wa_int32]: WA on 03-equal-values (after
    /// 3 of 19 cases)` or `MISSED  poj2348 [wa_int32]: all AC on 19 cases`.
    pub fn line(&self) -> String {
        let w = &self.wrong;
        let count = |v: Verdict| self.verdicts.get(&v).copied().unwrap_or(0);
        let others: Vec<String> = self
            .verdicts
            .iter()
            .filter(|(v, _)| **v != w.expected && **v != Verdict::AC)
            .map(|(v, n)| format!("{n} {}", v.name()))
            .collect();
        let others = if others.is_empty() {
            String::new()
        } else {
            format!("; also {}", others.join(", "))
        };
        let (style, tag, what) = if let Some(first) = &self.first {
            (
                AnsiColor::Green.on_default().bold(),
                "caught ",
                format!(
                    "{} on {first} (after {} of {} cases){others}",
                    w.expected.name(),
                    self.cases,
                    self.total
                ),
            )
        } else if count(Verdict::AC) == self.cases {
            (
                AnsiColor::Red.on_default().bold(),
                "MISSED ",
                format!(
                    "all AC on {} cases: no case shows this mistake (expected {})",
                    self.cases,
                    w.expected.name()
                ),
            )
        } else {
            (
                AnsiColor::Red.on_default().bold(),
                "MISSED ",
                format!(
                    "never {} on {} cases{others} (the wrong verdict for a {}_ solution)",
                    w.expected.name(),
                    self.cases,
                    prefix(w.expected)
                ),
            )
        };
        let bold = Style::new().bold();
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{style}{tag}{style:#} {bold}{} [{}]{bold:#}: {what}",
            w.problem, w.label
        );
        s
    }
}

fn prefix(v: Verdict) -> &'static str {
    match v {
        Verdict::TLE => "tle",
        Verdict::RE => "re",
        _ => "wa",
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
    let results = judge::run_all(&jobs, threads, |r| r.verdict == wrong.expected, |_| {});
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

    fn result(case: &str, verdict: Verdict) -> CaseResult {
        CaseResult {
            problem: "p".into(),
            solution: "wa_x".into(),
            case: case.into(),
            input: case.into(),
            verdict,
            time: 0.0,
            wall: 0.0,
            memory: 0,
            exit: String::new(),
            detail: String::new(),
        }
    }

    #[test]
    fn caught_names_the_first_case_and_missed_says_why() {
        let wrong = of(&problem(&[("p-wa-x", "wa_x")])).remove(0);
        let caught = Catch::new(
            wrong.clone(),
            &[result("1", Verdict::AC), result("2", Verdict::WA)],
            5,
        );
        assert!(caught.caught());
        let line = crate::report::plain(&caught.line());
        assert_eq!(line, "caught  p [wa_x]: WA on 2 (after 2 of 5 cases)\n");
        let all_ac = Catch::new(wrong.clone(), &[result("1", Verdict::AC)], 1);
        assert!(!all_ac.caught());
        assert!(crate::report::plain(&all_ac.line()).starts_with("MISSED  p [wa_x]: all AC"));
        let other = Catch::new(wrong, &[result("1", Verdict::TLE)], 1);
        assert!(!other.caught());
        assert!(crate::report::plain(&other.line()).contains("never WA on 1 cases; also 1 TLE"));
    }
}
