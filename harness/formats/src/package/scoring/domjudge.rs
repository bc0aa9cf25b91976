//! DOMjudge's scoring, for packages written for it (their submissions carry
//! `@EXPECTED_SCORE@`), as its `SubmissionService::maybeSetScoringResult` and
//! `ImportProblemService::parseTestCaseGroupMeta` decide it:
//! - a test case group is a folder under `data/` with its own `testdata.yaml`
//!   (or `test_group.yaml`), nothing inherited; its parent is the folder above
//!   when that is a group too, and the problem's root group is `data`;
//! - a case belongs to the group of its own folder, if that is one;
//! - a group without subgroups scores its `accept_score` once when every case
//!   of it is accepted (0 otherwise), or, without `accept_score`, each case's
//!   `score.txt` (0 without one); a group with subgroups scores its subgroups
//!   only (its own cases count for nothing), skipping `data/sample` under
//!   `grader_flags: ignore_sample`;
//! - `grader_flags` `sum` (the default), `avg`, `min` or `max` aggregate them
//!   (`min`/`max` of nothing is 0).
//!
//! Where DOMjudge would leave a group or case out (the folder right above it
//! has no file of its own) the judge hangs it under the nearest group above;
//! without a `data/testdata.yaml` DOMjudge has no root group, and the judge
//! sums the groups under none (docs/packages.md "Scoring").

use std::path::Path;

use super::{JudgedCase, Scored};
use crate::package::yaml::{self, Node};
use judge_model::judge::CaseScore;
#[cfg(test)]
use judge_model::package::PackageVerdict;

/// One group as DOMjudge imports it.
struct Group {
    /// Its folder relative to the package (`data/secret/g1`).
    dir: String,
    accept_score: Option<f64>,
    aggregation: &'static str,
    ignore_sample: bool,
}

fn read_group(root: &Path, dir: &str) -> Option<Group> {
    let path = root.join(dir);
    let node: Node = ["testdata.yaml", "test_group.yaml"].iter().find_map(|f| {
        let text = std::fs::read_to_string(path.join(f)).ok()?;
        yaml::parse(&text).ok()
    })?;
    let text = |key: &str| node.get(key).and_then(Node::as_str).map(str::trim);
    let mut group = Group {
        dir: dir.to_string(),
        accept_score: text("accept_score").and_then(|v| v.parse().ok()),
        aggregation: "sum",
        ignore_sample: false,
    };
    for flag in text("grader_flags").unwrap_or("").split_whitespace() {
        match flag {
            "sum" => group.aggregation = "sum",
            "avg" => group.aggregation = "avg",
            "min" => group.aggregation = "min",
            "max" => group.aggregation = "max",
            "ignore_sample" => group.ignore_sample = true,
            _ => {}
        }
    }
    Some(group)
}

/// The score DOMjudge gives the judged `cases` of the package at `root`.
pub(super) fn grade(root: &Path, cases: &[JudgedCase]) -> Scored {
    // Every folder that holds a case, and every folder above it.
    let mut dirs: Vec<String> = vec!["data".into()];
    for c in cases {
        let mut dir = format!("data/{}", c.name);
        while let Some((parent, _)) = dir.rsplit_once('/') {
            dir = parent.to_string();
            if !dirs.contains(&dir) {
                dirs.push(dir.clone());
            }
        }
    }
    dirs.sort();
    let groups: Vec<Group> = dirs.iter().filter_map(|d| read_group(root, d)).collect();
    let mut out = Scored::default();
    out.total = match groups.iter().find(|g| g.dir == "data") {
        Some(root_group) => score_of(root_group, &groups, cases, &mut out),
        None => groups
            .iter()
            .filter(|g| nearest_group(&g.dir, &groups).is_none())
            .map(|g| score_of(g, &groups, cases, &mut out))
            .sum(),
    };
    out
}

/// The group a folder (or a case's path) hangs under: the nearest folder above
/// it that is a group. DOMjudge looks at the folder right above only, leaving
/// out what has no group there; the nearest one agrees with it wherever that
/// leaves nothing out (docs/conformance.md).
fn nearest_group<'g>(path: &str, groups: &'g [Group]) -> Option<&'g Group> {
    let mut dir = path;
    while let Some((parent, _)) = dir.rsplit_once('/') {
        if let Some(g) = groups.iter().find(|g| g.dir == parent) {
            return Some(g);
        }
        dir = parent;
    }
    None
}

fn score_of(group: &Group, groups: &[Group], cases: &[JudgedCase], out: &mut Scored) -> f64 {
    let children: Vec<&Group> = groups
        .iter()
        .filter(|g| nearest_group(&g.dir, groups).is_some_and(|p| p.dir == group.dir))
        .collect();
    let mut results = Vec::new();
    if children.is_empty() {
        let own: Vec<&JudgedCase> = cases
            .iter()
            .filter(|c| {
                // Samples count only in a group of their own, as in DOMjudge.
                let at = match c.name.starts_with("sample/") {
                    true => groups.iter().find(|g| g.dir == "data/sample"),
                    false => nearest_group(&format!("data/{}", c.name), groups),
                };
                at.is_some_and(|g| g.dir == group.dir)
            })
            .collect();
        match group.accept_score {
            Some(accept) if !own.is_empty() => {
                results.push(if own.iter().all(|c| c.passed) {
                    accept
                } else {
                    0.0
                });
            }
            Some(_) => {}
            None => {
                for c in own {
                    let s = match c.score {
                        Some(CaseScore::Points(p)) => p,
                        _ => 0.0,
                    };
                    out.cases.push((c.name.to_string(), s));
                    results.push(s);
                }
            }
        }
    } else {
        for child in children {
            if group.ignore_sample && child.dir == "data/sample" {
                continue;
            }
            results.push(score_of(child, groups, cases, out));
        }
    }
    match group.aggregation {
        "avg" if !results.is_empty() => results.iter().sum::<f64>() / results.len() as f64,
        "min" => results.iter().copied().reduce(f64::min).unwrap_or(0.0),
        "max" => results.iter().copied().reduce(f64::max).unwrap_or(0.0),
        _ => results.iter().sum(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case<'a>(name: &'a str, passed: bool) -> JudgedCase<'a> {
        JudgedCase {
            name,
            passed,
            verdict: if passed {
                PackageVerdict::AC
            } else {
                PackageVerdict::WA
            },
            score: None,
            fixed: None,
        }
    }

    fn package(files: &[(&str, String)]) -> tempfile::TempDir {
        crate::package::scoring::tree(files)
    }

    fn example() -> tempfile::TempDir {
        let mut files = vec![
            ("data/testdata.yaml", "grader_flags: sum\n".to_string()),
            (
                "data/secret/testdata.yaml",
                "grader_flags: sum\n".to_string(),
            ),
        ];
        for (f, s) in [
            ("data/secret/g1/testdata.yaml", 10),
            ("data/secret/g2/testdata.yaml", 20),
            ("data/secret/g3/testdata.yaml", 30),
        ] {
            files.push((f, format!("accept_score: {s}\ngrader_flags: sum\n")));
        }
        package(&files)
    }

    const NAMES: [&str; 7] = [
        "sample/1",
        "secret/g1/1",
        "secret/g1/2",
        "secret/g2/1",
        "secret/g2/2",
        "secret/g3/1",
        "secret/g3/2",
    ];

    /// DOMjudge's example: a group with accept_score scores it once, the sample
    /// (no group of its own) nothing: 10 + 20 + 30.
    #[test]
    fn a_group_with_accept_score_scores_it_once_when_every_case_passes() {
        let p = example();
        let all: Vec<JudgedCase> = NAMES.iter().map(|n| case(n, true)).collect();
        assert_eq!(grade(p.path(), &all).total, 60.0);
        let mut one_wrong = all;
        one_wrong[4] = case("secret/g2/2", false);
        assert_eq!(grade(p.path(), &one_wrong).total, 40.0);
    }

    #[test]
    fn a_leaf_group_without_accept_score_sums_its_cases_score_txt() {
        let p = package(&[("data/testdata.yaml", "grader_flags: max\n".to_string())]);
        let mut cases = vec![case("a", true), case("b", true), case("c", false)];
        cases[0].score = Some(CaseScore::Points(4.0));
        cases[1].score = Some(CaseScore::Points(9.0));
        assert_eq!(grade(p.path(), &cases).total, 9.0);
    }

    #[test]
    fn a_group_whose_folder_above_has_no_file_hangs_under_the_nearest_group() {
        let p = package(&[
            ("data/testdata.yaml", "grader_flags: sum\n".to_string()),
            (
                "data/secret/g1/testdata.yaml",
                "accept_score: 10\n".to_string(),
            ),
            (
                "data/secret/g2/testdata.yaml",
                "accept_score: 20\n".to_string(),
            ),
        ]);
        let cases = [
            case("sample/1", true),
            case("secret/g1/1", true),
            case("secret/g2/1", true),
        ];
        assert_eq!(grade(p.path(), &cases).total, 30.0);
    }

    #[test]
    fn without_a_root_group_the_parentless_groups_are_summed() {
        let p = package(&[
            (
                "data/secret/a/testdata.yaml",
                "accept_score: 5\n".to_string(),
            ),
            (
                "data/secret/b/testdata.yaml",
                "accept_score: 7\n".to_string(),
            ),
        ]);
        let cases = [case("secret/a/1", true), case("secret/b/1", true)];
        assert_eq!(grade(p.path(), &cases).total, 12.0);
    }
}
