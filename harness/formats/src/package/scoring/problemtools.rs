//! problemtools' legacy grading, as `verifyproblem` (PyPI problemtools
//! 1.20260907) computes it, which is what a Kattis legacy scoring package's own
//! expectations (`accepted/`, `partially_accepted/`) were checked with:
//! - the tree is `data/` itself, the samples included: every folder is a group,
//!   its cases and subgroups in name order (`model/testdata.py` `_load_group`:
//!   `sorted(datadir.iterdir())`, a case sorting as its `.ans` file);
//! - a group's settings are its own `testdata.yaml` laid key by key over its
//!   parent's (`merged_config.setdefault(key, parent_value)`), over the defaults
//!   (`config/testdata.yaml`: `on_reject: break`, `accept_score: 1`,
//!   `reject_score: 0`, `range: -inf +inf`), with `problem.yaml`'s
//!   `grading: {accept_score, reject_score, range, on_reject}` over every group;
//! - a case scores its validator's `score.txt`, else `accept_score` when
//!   accepted and `reject_score` when not; under `on_reject: break` a group
//!   stops after its first child that is not accepted
//!   (`judge/submission_judge.py` `_judge_group`);
//! - a group's verdict and score are the default grader's
//!   (`support/default_grader`) on its children's: `grader_flags` choose the
//!   score (`sum`, `avg`, `min`, `max`) and the verdict (`worst_error`,
//!   `no_errors`, `first_error`, `always_accept`, `accept_if_any_accepted`),
//!   `ignore_sample` keeps the last child only; a judge error anywhere makes the
//!   group's; the grader prints the score with `%f`, so it is rounded to six
//!   decimals at every group.
//!
//! The submission's verdict and score are `data`'s.

use std::collections::BTreeMap;
use std::path::Path;

use super::{JudgedCase, Scored};
use crate::package::yaml::{self, Node, Value};
use judge_model::judge::CaseScore;
use judge_model::package::PackageVerdict::{self, AC, JE, MLE, OLE, PE, RTE, TLE, WA};

/// A group's settings: every key as written, later files over earlier.
#[derive(Debug, Clone)]
struct Settings(BTreeMap<String, String>);

impl Settings {
    /// `config/testdata.yaml` of problemtools.
    fn defaults() -> Settings {
        let pairs = [
            ("on_reject", "break"),
            ("grading", "default"),
            ("grader_flags", ""),
            ("accept_score", "1.0"),
            ("reject_score", "0.0"),
            ("range", "-inf +inf"),
        ];
        Settings(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }

    /// The settings of a group whose own file is `own` under a parent with these;
    /// `forced` (problem.yaml's `grading`) wins over both.
    fn under(&self, own: Option<&Node>, forced: &BTreeMap<String, String>) -> Settings {
        let mut merged = self.clone();
        if let Some(Node {
            value: Value::Map(entries),
            ..
        }) = own
        {
            for (k, v) in entries {
                if let Some(s) = v.as_str() {
                    merged.0.insert(k.clone(), s.trim().to_string());
                }
            }
        }
        for (k, v) in forced {
            merged.0.insert(k.clone(), v.clone());
        }
        merged
    }

    fn number(&self, key: &str) -> f64 {
        self.0.get(key).and_then(|v| number(v)).unwrap_or_default()
    }

    fn breaks(&self) -> bool {
        self.0.get("on_reject").map(String::as_str) == Some("break")
    }

    fn flags(&self) -> Vec<&str> {
        self.0
            .get("grader_flags")
            .map_or_else(Vec::new, |f| f.split_whitespace().collect())
    }

    /// The upper end of `range`, when it is finite: the full score.
    fn full(&self) -> Option<f64> {
        let range = self.0.get("range")?;
        let hi = range.split_whitespace().nth(1)?;
        number(hi).filter(|v| v.is_finite())
    }
}

/// A number as Python's `float()` reads it (`inf`, `-inf` too).
fn number(text: &str) -> Option<f64> {
    let t = text.trim().to_ascii_lowercase();
    match t.as_str() {
        "inf" | "+inf" | "infinity" => Some(f64::INFINITY),
        "-inf" | "-infinity" => Some(f64::NEG_INFINITY),
        _ => t.parse().ok(),
    }
}

/// problem.yaml's `grading` keys that predate the legacy version and apply to
/// every group (`metadata.py` `LegacyGrading`; `first_error` is `break`,
/// `grade` is `continue`).
fn forced(root: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let Some(doc) = std::fs::read_to_string(root.join("problem.yaml"))
        .ok()
        .and_then(|t| yaml::parse(&t).ok())
    else {
        return out;
    };
    let Some(grading) = doc.get("grading") else {
        return out;
    };
    for key in ["accept_score", "reject_score", "range"] {
        if let Some(v) = grading.get(key).and_then(Node::as_str) {
            out.insert(key.to_string(), v.trim().to_string());
        }
    }
    match grading
        .get("on_reject")
        .and_then(Node::as_str)
        .map(str::trim)
    {
        Some("first_error") => {
            out.insert("on_reject".into(), "break".into());
        }
        Some("grade") => {
            out.insert("on_reject".into(), "continue".into());
        }
        _ => {}
    }
    out
}

fn own_file(dir: &Path) -> Option<Node> {
    let text = std::fs::read_to_string(dir.join("testdata.yaml")).ok()?;
    yaml::parse(&text).ok()
}

/// One graded node: its verdict and score.
type Graded = (PackageVerdict, f64);

struct Grader<'a> {
    data: &'a Path,
    forced: BTreeMap<String, String>,
    cases: &'a [JudgedCase<'a>],
    out: Scored,
}

/// The verdict and score problemtools gives the judged `cases` of the package
/// at `root`, whose cases are under `data` (its data/, or the generated one).
pub(super) fn grade(root: &Path, data: &Path, cases: &[JudgedCase]) -> Scored {
    let mut grader = Grader {
        data,
        forced: forced(root),
        cases,
        out: Scored::default(),
    };
    let settings = Settings::defaults().under(own_file(data).as_ref(), &grader.forced);
    let (verdict, total) = grader.group("", &settings);
    grader.out.total = total;
    grader.out.verdict = Some(verdict);
    grader.out.full = settings.full();
    grader.out
}

impl Grader<'_> {
    /// The children of the group `prefix` (`""` for `data`, else `secret/g1/`):
    /// (name, whether it is a case), in problemtools' order.
    fn children(&self, prefix: &str) -> Vec<(String, bool)> {
        let mut children: Vec<(String, bool)> = Vec::new();
        for c in self.cases.iter().filter(|c| c.name.starts_with(prefix)) {
            let rest = &c.name[prefix.len()..];
            let child = match rest.split_once('/') {
                Some((sub, _)) => (format!("{prefix}{sub}"), false),
                None => (c.name.to_string(), true),
            };
            if !children.contains(&child) {
                children.push(child);
            }
        }
        // A case sorts as its .ans file among the folders.
        children.sort_by_key(|(name, case)| {
            if *case {
                format!("{name}.ans")
            } else {
                name.clone()
            }
        });
        children
    }

    fn group(&mut self, prefix: &str, settings: &Settings) -> Graded {
        let mut results: Vec<Graded> = Vec::new();
        for (name, is_case) in self.children(prefix) {
            let result = if is_case {
                let Some(case) = self.cases.iter().find(|c| c.name == name) else {
                    continue;
                };
                let score = match case.score {
                    Some(CaseScore::Points(p)) => p,
                    Some(CaseScore::Share(m)) if case.passed => m * settings.number("accept_score"),
                    _ if case.passed => settings.number("accept_score"),
                    _ => settings.number("reject_score"),
                };
                self.out.cases.push((name.clone(), score));
                (case.verdict, score)
            } else {
                let own = own_file(&self.data.join(&name));
                let sub = settings.under(own.as_ref(), &self.forced);
                self.group(&format!("{name}/"), &sub)
            };
            results.push(result);
            if result.0 != AC && settings.breaks() {
                break;
            }
        }
        default_grader(&results, &settings.flags())
    }
}

/// `support/default_grader` on the children's results, with the judge error
/// check before it (`_aggregate_group_result`). No children: AC 0.
fn default_grader(results: &[Graded], flags: &[&str]) -> Graded {
    if results.is_empty() {
        return (AC, 0.0);
    }
    if let Some(je) = results.iter().find(|r| r.0 == JE) {
        return *je;
    }
    let mut scoring = "sum";
    let mut verdicts = "worst_error";
    let (mut ignore_sample, mut any_accepted) = (false, false);
    for &flag in flags {
        match flag {
            "sum" | "avg" | "max" | "min" => scoring = flag,
            "worst_error" | "no_errors" | "first_error" | "always_accept" => verdicts = flag,
            "ignore_sample" => ignore_sample = true,
            "accept_if_any_accepted" => any_accepted = true,
            _ => {}
        }
    }
    let mut results = results;
    if ignore_sample {
        // The grader asserts one or two results and keeps the last.
        if results.len() > 2 {
            return (JE, 0.0);
        }
        results = &results[results.len() - 1..];
    }
    let verdict = if any_accepted && results.iter().any(|r| r.0 == AC) {
        AC
    } else {
        match verdicts {
            "first_error" => results.iter().map(|r| r.0).find(|v| *v != AC).unwrap_or(AC),
            "always_accept" => AC,
            _ => worst_error(results),
        }
    };
    let scores = results.iter().map(|r| r.1);
    let score = match scoring {
        "avg" => scores.sum::<f64>() / results.len() as f64,
        "max" => scores.fold(f64::NEG_INFINITY, f64::max),
        "min" => scores.fold(f64::INFINITY, f64::min),
        _ => scores.sum(),
    };
    // `print('%s %f' % (verdict, score))`, read back with float().
    let printed = format!("{score:.6}").parse().unwrap_or(score);
    (verdict, printed)
}

/// The grader's `worst_error`: the first of JE, IF, RTE, MLE, TLE, OLE, WA, PE
/// among the verdicts, else AC. IF (the grader's own input-format error) is no
/// case's verdict here, so it is not in the order.
fn worst_error(results: &[Graded]) -> PackageVerdict {
    const ORDER: [PackageVerdict; 7] = [JE, RTE, MLE, TLE, OLE, WA, PE];
    ORDER
        .iter()
        .copied()
        .find(|v| results.iter().any(|r| r.0 == *v))
        .unwrap_or(AC)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case<'a>(
        name: &'a str,
        verdict: PackageVerdict,
        score: Option<CaseScore>,
    ) -> JudgedCase<'a> {
        JudgedCase {
            name,
            passed: verdict == AC,
            verdict,
            score,
            fixed: None,
        }
    }

    fn package(files: &[(&str, &str)]) -> tempfile::TempDir {
        crate::package::scoring::tree(files)
    }

    /// Three secret groups of two cases, accept_score 10, 20, 30, summed:
    /// verifyproblem counts every case, the sample's too (1 + 20 + 40 + 60).
    #[test]
    fn every_case_counts_the_samples_too() {
        let mut files = vec![("data/testdata.yaml", "grader_flags: sum\n".to_string())];
        for (g, s) in [("g1", 10), ("g2", 20), ("g3", 30)] {
            files.push((
                Box::leak(format!("data/secret/{g}/testdata.yaml").into_boxed_str()),
                format!("accept_score: {s}\ngrader_flags: sum\n"),
            ));
        }
        let files: Vec<(&str, &str)> = files.iter().map(|(f, t)| (*f, t.as_str())).collect();
        let p = package(&files);
        let names = [
            "sample/1",
            "secret/g1/1",
            "secret/g1/2",
            "secret/g2/1",
            "secret/g2/2",
            "secret/g3/1",
            "secret/g3/2",
        ];
        let cases: Vec<JudgedCase> = names.iter().map(|n| case(n, AC, None)).collect();
        let s = grade(p.path(), &p.path().join("data"), &cases);
        assert_eq!((s.total, s.verdict), (121.0, Some(AC)));
        assert_eq!(s.case("secret/g2/1"), Some(20.0));
    }

    #[test]
    fn a_groups_settings_are_its_parents_with_its_own_keys_over_them() {
        let p = package(&[
            (
                "data/secret/testdata.yaml",
                "on_reject: continue\ngrader_flags: min\n",
            ),
            ("data/secret/g1/testdata.yaml", "accept_score: 2\n"),
        ]);
        let cases = [
            case("secret/g1/a", AC, None),
            case("secret/g1/b", WA, None),
            case("secret/g1/c", AC, None),
            case("secret/g2/a", AC, None),
        ];
        // g1 keeps secret's `continue` and `min`: min(2, 0, 2) = 0; g2: min(1);
        // secret: min(0, 1) = 0, its verdict the worst, WA.
        let s = grade(p.path(), &p.path().join("data"), &cases);
        assert_eq!((s.total, s.verdict), (0.0, Some(WA)));
    }

    #[test]
    fn on_reject_break_stops_a_group_at_its_first_rejected_child() {
        let p = package(&[("data/secret/testdata.yaml", "accept_score: 5\n")]);
        let cases = [
            case("sample/1", AC, None),
            case("secret/a", AC, None),
            case("secret/b", TLE, None),
            case("secret/c", AC, None),
        ];
        // data: sample 1 + secret (5 + 0, then stops).
        let s = grade(p.path(), &p.path().join("data"), &cases);
        assert_eq!((s.total, s.verdict), (6.0, Some(TLE)));
        assert_eq!(s.case("secret/c"), None);
    }

    #[test]
    fn accept_if_any_accepted_and_first_error_decide_a_partial_submissions_verdict() {
        let p = package(&[
            (
                "data/secret/testdata.yaml",
                "on_reject: continue\nrange: 0 100\ngrader_flags: first_error accept_if_any_accepted\n",
            ),
            (
                "data/secret/s1/testdata.yaml",
                "on_reject: break\naccept_score: 40\ngrader_flags: min\n",
            ),
            (
                "data/secret/s2/testdata.yaml",
                "on_reject: break\naccept_score: 60\ngrader_flags: min\n",
            ),
        ]);
        let cases = [
            case("secret/s1/1", AC, None),
            case("secret/s2/1", RTE, None),
            case("secret/s2/2", WA, None),
        ];
        let s = grade(p.path(), &p.path().join("data"), &cases);
        assert_eq!((s.total, s.verdict), (40.0, Some(AC)));
        // The root's range is data's, unbounded here.
        assert_eq!(s.full, None);
    }

    #[test]
    fn the_grader_flags_choose_the_score_and_the_verdict() {
        let r = [(AC, 3.0), (TLE, 0.5), (WA, 1.0)];
        for (flags, want) in [
            (&[][..], (TLE, 4.5)),
            (&["avg"][..], (TLE, 1.5)),
            (&["max", "first_error"][..], (TLE, 3.0)),
            (&["min", "always_accept"][..], (AC, 0.5)),
            (&["accept_if_any_accepted"][..], (AC, 4.5)),
        ] {
            assert_eq!(default_grader(&r, flags), want, "{flags:?}");
        }
        assert_eq!(
            default_grader(&[(WA, 1.0), (RTE, 2.0)], &["first_error"]).0,
            WA
        );
        assert_eq!(
            default_grader(&[(AC, 1.0), (AC, 2.0)], &["ignore_sample"]),
            (AC, 2.0)
        );
        assert_eq!(default_grader(&[(AC, 1.0), (JE, 0.0)], &[]).0, JE);
        assert_eq!(default_grader(&[(AC, 1.0 / 3.0)], &[]).1, 0.333333);
    }

    #[test]
    fn problem_yaml_grading_keys_apply_to_every_group() {
        let p = package(&[
            (
                "problem.yaml",
                "type: scoring\ngrading:\n  accept_score: 3\n  on_reject: grade\n",
            ),
            ("data/secret/testdata.yaml", "accept_score: 7\n"),
        ]);
        let cases = [
            case("secret/a", WA, None),
            case("secret/b", AC, Some(CaseScore::Points(0.5))),
            case("secret/c", AC, None),
        ];
        let s = grade(p.path(), &p.path().join("data"), &cases);
        assert_eq!(s.total, 0.0 + 0.5 + 3.0);
    }
}
