//! Static validation (spec/2025-09.md "Static validator"): a `static_validator/`
//! program given a submission's files, run once for each static validation
//! test case, which a `test_group.yaml` (of `sample`, `secret` or a test data
//! group) defines with `static_validation_score`: an integer, the case's
//! maximum score, or `pass-fail`.
//!
//! Owns reading those test cases; the engine runs the validator for one
//! submission (its `package::static_validation`) as the spec says:
//! `static_validator LANGUAGE ENTRY_POINT FEEDBACK_DIR/ [static_validator_args]`,
//! in a working folder holding the submission's
//! files; 42 accepts, 43 rejects, anything else is a judge error, and an
//! accepted case may carry a `score.txt` or `score_multiplier.txt`
//! ("follows the semantics of an output validator"). `verify` calls it and
//! counts the result among the group's cases; scoring gives a group with one
//! `(max_score - static_validation_score) / N` per test case ("Scoring problems").

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use super::yaml::{self, Value};
use crate::program;
use judge_model::judge::{CaseScore, Verdict};
use judge_model::program::Source;

/// One static validation test case.
#[derive(Debug, Clone, PartialEq)]
pub struct StaticCase {
    /// The group it belongs to: `sample`, `secret` or `secret/group1`.
    pub group: String,
    /// Its maximum score; `None` for `pass-fail`.
    pub max: Option<f64>,
    /// `static_validator_args`.
    pub args: Vec<String>,
}

impl StaticCase {
    /// Its name among the group's cases: `secret/group1/static_validation`.
    pub fn name(&self) -> String {
        format!("{}/static_validation", self.group)
    }
}

/// What the static validator said of one submission on one static case.
#[derive(Debug, Clone, PartialEq)]
pub struct StaticResult {
    /// The case ([`StaticCase::name`]).
    pub name: String,
    /// AC (42), WA (43), or ERR (anything else: a judge error).
    pub verdict: Verdict,
    /// `score.txt` / `score_multiplier.txt`, when it accepted.
    pub score: Option<CaseScore>,
    /// Its `judgemessage.txt`, or why it failed.
    pub message: String,
}

/// The static validator (`static_validator/`) and the static validation test
/// cases of the package at `root`, and what is wrong with them ("It is an
/// error to define static validation test cases without providing a static
/// validator", "to specify `static_validator_args` without specifying
/// `static_validation_score`", and an integer score where the group is
/// pass-fail, or `pass-fail` where it is scored); `scoring`: the problem is.
/// `data` is the data/ folder the cases come from (the package's, or generated).
pub fn read(
    root: &Path,
    data: &Path,
    scoring: bool,
) -> Result<(Option<Source>, Vec<StaticCase>, Vec<String>)> {
    let data = data.to_path_buf();
    let mut folders = vec![data.join("sample"), data.join("secret")];
    if let Ok(entries) = std::fs::read_dir(data.join("secret")) {
        let mut groups: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_dir())
            .collect();
        groups.sort_by(|a, b| super::spec_order(&a.to_string_lossy(), &b.to_string_lossy()));
        folders.extend(groups);
    }
    let (mut cases, mut errors) = (Vec::new(), Vec::new());
    for folder in folders {
        let path = folder.join("test_group.yaml");
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let doc = yaml::parse(&text).with_context(|| format!("{}", path.display()))?;
        let group = folder
            .strip_prefix(&data)
            .unwrap_or(&folder)
            .to_string_lossy()
            .into_owned();
        let args: Vec<String> = match doc.get("static_validator_args").map(|n| &n.value) {
            Some(Value::Seq(items)) => items
                .iter()
                .filter_map(|i| i.as_str().map(String::from))
                .collect(),
            Some(Value::Scalar(s)) => s.split_whitespace().map(String::from).collect(),
            _ => Vec::new(),
        };
        let Some(score) = doc.get("static_validation_score") else {
            if !args.is_empty() {
                errors.push(format!(
                    "{}: static_validator_args without static_validation_score",
                    path.display()
                ));
            }
            continue;
        };
        let max = match score.as_str().map(str::trim) {
            Some("pass-fail") => None,
            Some(v) => match v.parse::<f64>() {
                Ok(m) if m.is_finite() && m >= 0.0 => Some(m),
                _ => anyhow::bail!(
                    "{}:{}: static_validation_score must be a non-negative integer or pass-fail",
                    path.display(),
                    score.line
                ),
            },
            None => anyhow::bail!("{}:{}: static_validation_score", path.display(), score.line),
        };
        // Test data groups are pass-fail unless they say otherwise, `secret`
        // sums (spec/2025-09.md "Test data configuration"); a pass-fail
        // problem has no scores at all.
        let default = if group == "secret" {
            "sum"
        } else {
            "pass-fail"
        };
        let aggregation = doc
            .get("score_aggregation")
            .and_then(|n| n.as_str())
            .map_or(default, str::trim);
        let pass_fail = !scoring || aggregation == "pass-fail";
        match (max, pass_fail) {
            (Some(_), true) => errors.push(format!(
                "{}: an integer static_validation_score in a group without scores (pass-fail)",
                path.display()
            )),
            (None, false) => errors.push(format!(
                "{}: static_validation_score: pass-fail in a group scored by {aggregation}",
                path.display()
            )),
            _ => {}
        }
        cases.push(StaticCase { group, max, args });
    }
    let dir = root.join("static_validator");
    let validator = if dir.is_dir() {
        program::source(&dir)?
    } else {
        None
    };
    if validator.is_none() && !cases.is_empty() {
        let groups: Vec<&str> = cases.iter().map(|c| c.group.as_str()).collect();
        errors.push(format!(
            "static_validation_score in {}, but the package has no static_validator/",
            groups.join(", ")
        ));
    }
    Ok((validator, cases, errors))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, files: &[(&str, &str)]) {
        for (f, text) in files {
            let p = root.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
    }

    #[test]
    fn static_validation_test_cases_come_from_test_group_yaml() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(
            root,
            &[
                ("data/secret/g1/test_group.yaml", "max_score: 40\n"),
                (
                    "data/secret/g2/test_group.yaml",
                    "max_score: 60\nscore_aggregation: sum\nstatic_validation_score: 10\n\
                     static_validator_args: [--strict]\n",
                ),
                (
                    "data/sample/test_group.yaml",
                    "static_validation_score: pass-fail\n",
                ),
            ],
        );
        let (validator, cases, errors) = read(root, &root.join("data"), true).unwrap();
        assert!(validator.is_none());
        assert_eq!(
            cases,
            [
                StaticCase {
                    group: "sample".into(),
                    max: None,
                    args: Vec::new()
                },
                StaticCase {
                    group: "secret/g2".into(),
                    max: Some(10.0),
                    args: vec!["--strict".into()]
                },
            ]
        );
        // "It is an error to define static validation test cases without
        // providing a static validator".
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].contains("no static_validator/"), "{errors:?}");
        write(root, &[("static_validator/check.py", "")]);
        let (validator, _, errors) = read(root, &root.join("data"), true).unwrap();
        assert!(validator.is_some() && errors.is_empty(), "{errors:?}");
    }

    #[test]
    fn a_static_score_must_fit_its_groups_aggregation() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(
            root,
            &[
                ("static_validator/check.py", ""),
                (
                    "data/secret/g1/test_group.yaml",
                    "max_score: 40\nstatic_validation_score: 10\n",
                ),
                (
                    "data/secret/g2/test_group.yaml",
                    "max_score: 60\nscore_aggregation: sum\nstatic_validation_score: pass-fail\n",
                ),
            ],
        );
        let (_, cases, errors) = read(root, &root.join("data"), true).unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(
            errors[0].contains("g1") && errors[0].contains("pass-fail"),
            "{errors:?}"
        );
        assert!(
            errors[1].contains("g2") && errors[1].contains("scored by sum"),
            "{errors:?}"
        );
        // In a pass-fail problem, `pass-fail` is the only score there is.
        let (_, _, errors) = read(root, &root.join("data"), false).unwrap();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].contains("g1"), "{errors:?}");
    }
}
