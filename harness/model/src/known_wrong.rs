//! Known-wrong solutions as data: which verdict each must get ([`KnownWrong`],
//! named by its file, as Kattis keeps `submissions/wrong_answer/`), and how one
//! fared on a problem's cases ([`Catch`]). Finding and judging them is the
//! engine's (`judge_engine::known_wrong`); wording the outcome is the reporters'.

use std::collections::BTreeMap;

use crate::judge::{CaseResult, Verdict};

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdict_comes_from_the_file_name_prefix() {
        assert_eq!(expected_verdict("wa_int32"), Some(Verdict::WA));
        assert_eq!(expected_verdict("tle_table"), Some(Verdict::TLE));
        assert_eq!(expected_verdict("re_equal"), Some(Verdict::RE));
        assert_eq!(expected_verdict("wa_"), None);
        assert_eq!(expected_verdict("brute"), None);
        assert_eq!(expected_verdict("water_main"), None);
    }
}
