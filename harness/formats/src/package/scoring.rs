//! The score of a submission to a scoring problem, from its case results, as
//! the package's own system computes it ([`Dialect`]):
//! - `2025-09` (and 2023-07), spec/2025-09.md "Scoring problems": `secret` and its
//!   test data groups have `max_score` (100 for `secret`, else unbounded) and
//!   `score_aggregation` (`sum` for `secret`, else `pass-fail`) in
//!   `test_group.yaml`; a case in a `sum` group is worth `max_score / N`, in a
//!   `min` group `max_score`; an accepted case scores its maximum, or what the
//!   validator's `score.txt` says, or its `score_multiplier.txt` times the
//!   maximum; a failed case 0; `require_pass` zeroes a group whose named groups
//!   (or `sample`) did not all pass. Samples never count. Checked against
//!   BAPCtools' `bt` (docs/conformance.md).
//! - `problemtools`: a legacy package as `verifyproblem` grades it
//!   ([`problemtools`]), the verdict too.
//! - `domjudge`: a legacy package written for DOMjudge ([`domjudge`]).

use std::path::Path;

use super::static_validation::StaticResult;
use super::yaml::{self, Node, Value};
use super::{Format, Package};
use judge_model::judge::{CaseResult, CaseScore, Verdict};
use judge_model::package::PackageVerdict;

mod domjudge;
mod problemtools;

/// Whose rules score a submission.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// spec/2025-09.md "Scoring problems" (2023-07 and 2025-09 packages).
    Kattis,
    /// problemtools' legacy grader (legacy and Polygon packages).
    Problemtools,
    /// DOMjudge's test case groups (legacy packages whose submissions carry
    /// `@EXPECTED_SCORE@`).
    Domjudge,
}

impl Dialect {
    /// Every dialect, as `--scoring` names them.
    pub const ALL: [Dialect; 3] = [Dialect::Kattis, Dialect::Problemtools, Dialect::Domjudge];

    /// Its name in the JSON report and for `--scoring`.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Kattis => "2025-09",
            Dialect::Problemtools => "problemtools",
            Dialect::Domjudge => "domjudge",
        }
    }

    /// The dialect named `name`, if any.
    pub fn parse(name: &str) -> Option<Dialect> {
        Dialect::ALL.into_iter().find(|d| d.name() == name)
    }

    /// The package's own system: 2023-07 and 2025-09 packages score by their
    /// specification; a legacy one by DOMjudge when its submissions state
    /// their scores with `@EXPECTED_SCORE@` (DOMjudge's tag: problemtools reads
    /// no tags), else by problemtools, the format's reference implementation.
    pub fn of(format: Format, score_tags: bool) -> Dialect {
        match format {
            Format::V2023 | Format::V2025 => Dialect::Kattis,
            Format::Legacy | Format::Polygon if score_tags => Dialect::Domjudge,
            Format::Legacy | Format::Polygon => Dialect::Problemtools,
        }
    }
}

/// A submission's score and each case's part in it.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Scored {
    /// The submission's score.
    pub total: f64,
    /// The verdict the dialect's grader gives, where it has one
    /// (problemtools': the grader aggregates verdicts too).
    pub verdict: Option<PackageVerdict>,
    /// The full score, where the dialect states one (problemtools' `range` of
    /// `data`), to tell a partially accepted submission from an accepted one.
    pub full: Option<f64>,
    /// Each scored case's score, by case name.
    cases: Vec<(String, f64)>,
}

impl Scored {
    /// The score of the case named `name`, if it counts towards one.
    pub fn case(&self, name: &str) -> Option<f64> {
        self.cases.iter().find(|(n, _)| n == name).map(|(_, s)| *s)
    }
}

/// One judged case as scoring sees it.
struct JudgedCase<'a> {
    name: &'a str,
    /// Accepted within the time limit.
    passed: bool,
    /// Its verdict at the time limit, by the format's name.
    verdict: PackageVerdict,
    score: Option<CaseScore>,
    /// A static validation test case (spec/2025-09.md "Static validator"),
    /// with its own maximum (`None` for `pass-fail`).
    fixed: Option<Option<f64>>,
}

/// The score of `results` (in the package's case order; `None` for a case not
/// run) and of the static validation test cases `statics` (2025-09), by `dialect`.
pub fn score(
    package: &Package,
    results: &[Option<CaseResult>],
    statics: &[StaticResult],
    time_limit: std::time::Duration,
    dialect: Dialect,
) -> Scored {
    // A case not run (after a failure) fails for the specification; the
    // tools' graders never saw it.
    let mut cases: Vec<JudgedCase> = package
        .cases
        .iter()
        .zip(results)
        .filter(|(_, r)| dialect == Dialect::Kattis || r.is_some())
        .map(|(c, r)| {
            let verdict = match r {
                Some(r) if r.verdict == Verdict::AC && r.time > time_limit.as_secs_f64() => {
                    Verdict::TLE
                }
                Some(r) => r.verdict,
                None => Verdict::ERR,
            };
            JudgedCase {
                name: &c.case.name,
                passed: verdict == Verdict::AC,
                verdict: match PackageVerdict::from(verdict) {
                    PackageVerdict::PE => PackageVerdict::WA,
                    other => other,
                },
                score: r.as_ref().and_then(|r| r.score),
                fixed: None,
            }
        })
        .collect();
    // The folder holding data/: the package's, or where generators.yaml's data was made.
    let data_root = package.data.parent().unwrap_or(&package.root);
    match dialect {
        Dialect::Problemtools => problemtools::grade(&package.root, &package.data, &cases),
        Dialect::Domjudge => domjudge::grade(data_root, &cases),
        Dialect::Kattis => {
            for (r, c) in statics.iter().zip(&package.static_cases) {
                cases.push(JudgedCase {
                    name: &r.name,
                    passed: r.verdict == Verdict::AC,
                    verdict: r.verdict.into(),
                    score: r.score,
                    fixed: Some(c.max),
                });
            }
            modern(&package.data, &cases)
        }
    }
}

/// A group's `test_group.yaml` (or `testdata.yaml`), if it has one.
fn config(dir: &Path) -> Option<Node> {
    ["test_group.yaml", "testdata.yaml"].iter().find_map(|f| {
        let text = std::fs::read_to_string(dir.join(f)).ok()?;
        yaml::parse(&text).ok()
    })
}

fn text(node: Option<&Node>, key: &str) -> Option<String> {
    node?.get(key)?.as_str().map(|s| s.trim().to_string())
}

/// 2025-09: `secret` of groups (or of cases), each group aggregated.
fn modern(data: &Path, cases: &[JudgedCase]) -> Scored {
    let secret_cfg = config(&data.join("secret"));
    // `max_score`: a number, or `unbounded` (None).
    let max_of = |cfg: Option<&Node>, default: Option<f64>| match text(cfg, "max_score").as_deref()
    {
        Some("unbounded") => None,
        Some(v) => v.parse::<f64>().ok().or(default),
        None => default,
    };
    let secret_max = max_of(secret_cfg.as_ref(), Some(100.0));
    let secret_agg = text(secret_cfg.as_ref(), "score_aggregation").unwrap_or_else(|| "sum".into());
    let secret: Vec<&JudgedCase> = cases
        .iter()
        .filter(|c| c.name.starts_with("secret/"))
        .collect();
    let mut out = Scored::default();
    let sample_passed = cases
        .iter()
        .filter(|c| c.name.starts_with("sample/"))
        .all(|c| c.passed);
    let passed_group = |group: &str| -> bool {
        if group == "sample" {
            return sample_passed;
        }
        secret
            .iter()
            .filter(|c| c.name.starts_with(&format!("{group}/")))
            .all(|c| c.passed)
    };
    let required = |cfg: Option<&Node>| -> bool {
        let Some(node) = cfg.and_then(|c| c.get("require_pass")) else {
            return true;
        };
        let names: Vec<String> = match &node.value {
            Value::Scalar(s) => vec![s.clone()],
            Value::Seq(items) => items
                .iter()
                .filter_map(|i| i.as_str().map(String::from))
                .collect(),
            _ => Vec::new(),
        };
        names.iter().all(|g| passed_group(g))
    };
    let has_groups = secret.iter().any(|c| c.name.split('/').count() > 2);
    let total = if !has_groups {
        aggregate(
            &secret,
            &secret_agg,
            secret_max,
            required(secret_cfg.as_ref()),
            &mut out,
        )
    } else {
        // Each group once, in data order (static validation cases come last).
        let mut groups: Vec<String> = Vec::new();
        for c in &secret {
            let g = c.name.split('/').take(2).collect::<Vec<_>>().join("/");
            if !groups.contains(&g) {
                groups.push(g);
            }
        }
        let mut scores = Vec::new();
        for g in &groups {
            let cfg = config(&data.join(g));
            let max = max_of(cfg.as_ref(), None);
            let agg = text(cfg.as_ref(), "score_aggregation").unwrap_or_else(|| "pass-fail".into());
            let members: Vec<&JudgedCase> = secret
                .iter()
                .copied()
                .filter(|c| c.name.starts_with(&format!("{g}/")))
                .collect();
            scores.push(aggregate(
                &members,
                &agg,
                max,
                required(cfg.as_ref()),
                &mut out,
            ));
        }
        let all_passed = secret.iter().all(|c| c.passed);
        if required(secret_cfg.as_ref()) {
            combine(&scores, &secret_agg, secret_max, all_passed)
        } else {
            0.0
        }
    };
    out.total = total;
    out
}

/// A group's score from its cases (2025-09 "Scoring test data groups").
fn aggregate(
    cases: &[&JudgedCase],
    agg: &str,
    max: Option<f64>,
    runs: bool,
    out: &mut Scored,
) -> f64 {
    // "(max_score - static_validation_score) / N" in a sum group with a
    // static validation test case, which is worth its own maximum.
    let fixed: f64 = cases.iter().filter_map(|c| c.fixed.flatten()).sum();
    let n = cases.iter().filter(|c| c.fixed.is_none()).count().max(1) as f64;
    let case_max = match agg {
        "sum" => max.map(|m| (m - fixed) / n),
        _ => max,
    };
    let mut scores = Vec::new();
    for c in cases {
        let s = if !runs || !c.passed {
            0.0
        } else {
            match (c.score, c.fixed.unwrap_or(case_max)) {
                (Some(CaseScore::Points(p)), _) => p,
                (Some(CaseScore::Share(m)), Some(cm)) => m * cm,
                (None, Some(cm)) => cm,
                // Unbounded without score.txt is a judge error; it scores nothing.
                (_, None) => 0.0,
            }
        };
        if agg != "pass-fail" {
            out.cases.push((c.name.to_string(), s));
        }
        scores.push(s);
    }
    let all_passed = runs && cases.iter().all(|c| c.passed);
    combine(&scores, agg, max, all_passed)
}

fn combine(scores: &[f64], agg: &str, max: Option<f64>, all_passed: bool) -> f64 {
    match agg {
        "pass-fail" => {
            if all_passed {
                max.unwrap_or(0.0)
            } else {
                0.0
            }
        }
        "min" if scores.is_empty() => 0.0,
        "min" => scores.iter().copied().fold(f64::INFINITY, f64::min),
        _ => scores.iter().sum(),
    }
}

/// A temporary folder holding `files` (path, text): the scoring tests' packages.
#[cfg(test)]
pub(crate) fn tree(files: &[(&str, impl AsRef<[u8]>)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (f, text) in files {
        let p = dir.path().join(f);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    dir
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case<'a>(name: &'a str, passed: bool, score: Option<CaseScore>) -> JudgedCase<'a> {
        JudgedCase {
            name,
            passed,
            verdict: if passed {
                PackageVerdict::AC
            } else {
                PackageVerdict::WA
            },
            score,
            fixed: None,
        }
    }

    fn data(files: &[(&str, &str)]) -> tempfile::TempDir {
        tree(files)
    }

    #[test]
    fn secret_of_cases_sums_equal_shares_of_100() {
        let d = data(&[]);
        let cases = [
            case("sample/1", false, None),
            case("secret/1", true, None),
            case("secret/2", false, None),
            case("secret/3", true, Some(CaseScore::Share(0.5))),
            case("secret/4", true, None),
        ];
        let s = modern(d.path(), &cases);
        assert_eq!(s.total, 25.0 + 0.0 + 12.5 + 25.0);
        assert_eq!(s.case("secret/3"), Some(12.5));
    }

    #[test]
    fn pass_fail_groups_score_their_max_only_when_every_case_passes() {
        let d = data(&[
            ("secret/g1/test_group.yaml", "max_score: 30\n"),
            ("secret/g2/test_group.yaml", "max_score: 70\n"),
        ]);
        let cases = [
            case("secret/g1/a", true, None),
            case("secret/g1/b", true, None),
            case("secret/g2/a", true, None),
            case("secret/g2/b", false, None),
        ];
        assert_eq!(modern(d.path(), &cases).total, 30.0);
    }

    #[test]
    fn a_min_group_scores_its_weakest_case_and_require_pass_zeroes_a_group() {
        let d = data(&[
            (
                "secret/g1/test_group.yaml",
                "max_score: 40\nscore_aggregation: min\n",
            ),
            (
                "secret/g2/test_group.yaml",
                "max_score: 60\nrequire_pass: sample\n",
            ),
        ]);
        let cases = [
            case("sample/1", false, None),
            case("secret/g1/a", true, Some(CaseScore::Share(0.5))),
            case("secret/g1/b", true, Some(CaseScore::Share(0.25))),
            case("secret/g2/a", true, None),
        ];
        assert_eq!(modern(d.path(), &cases).total, 10.0);
    }

    #[test]
    fn a_static_validation_case_takes_its_score_out_of_the_groups_cases() {
        let d = data(&[
            (
                "secret/g1/test_group.yaml",
                "max_score: 40\nscore_aggregation: sum\n",
            ),
            ("secret/g2/test_group.yaml", "max_score: 60\n"),
        ]);
        let mut cases = vec![
            case("secret/g1/a", true, None),
            case("secret/g1/b", false, None),
            case("secret/g2/a", true, None),
        ];
        cases.push(JudgedCase {
            fixed: Some(Some(10.0)),
            ..case(
                "secret/g1/static_validation",
                true,
                Some(CaseScore::Share(0.5)),
            )
        });
        // g1: (40 - 10) / 2 = 15 per case, one passed, + 10 x 0.5; g2: 60.
        let s = modern(d.path(), &cases);
        assert_eq!(s.total, 15.0 + 5.0 + 60.0);
        assert_eq!(s.case("secret/g1/static_validation"), Some(5.0));
        // A pass-fail group fails with its static validation case (and g1,
        // without one, is 40 / 2 per case again).
        cases[3] = JudgedCase {
            fixed: Some(None),
            ..case("secret/g2/static_validation", false, None)
        };
        assert_eq!(modern(d.path(), &cases).total, 20.0);
    }
}
