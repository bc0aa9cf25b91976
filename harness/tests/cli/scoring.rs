//! `verify` scores a scoring problem as the package's own system does
//! (docs/packages.md "Scoring"): problemtools' legacy grader, DOMjudge's test
//! case groups, or spec/2025-09.md; the JSON says which (`"scoring"`) and
//! `--scoring` overrides it. The fixtures `subtasks` (problemtools) and
//! `grouped` (DOMjudge) are checked against problemtools' verifyproblem by
//! conformance.rs; their expected scores are worked out in their READMEs.

use serde_json::Value;

use crate::package::{copy, package, verify_json};
use crate::support::have;

/// (path, verdict, score, matched) of every submission.
fn outcomes(doc: &Value) -> Vec<(String, String, f64, bool)> {
    doc["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["path"].as_str().unwrap().to_string(),
                s["verdict"].as_str().unwrap_or("-").to_string(),
                s["score"].as_f64().unwrap_or(f64::NAN),
                s["matched"] == true,
            )
        })
        .collect()
}

fn row(path: &str, verdict: &str, score: f64, matched: bool) -> (String, String, f64, bool) {
    (path.to_string(), verdict.to_string(), score, matched)
}

#[test]
fn a_legacy_scoring_package_is_graded_as_problemtools_grades_it() {
    if !have(&["python3", "gcc"]) {
        return;
    }
    let (code, doc) = verify_json(&package("subtasks"), &[]);
    assert_eq!(doc["scoring"], "problemtools", "{doc:#}");
    assert_eq!(
        outcomes(&doc),
        [
            row("accepted/square.c", "AC", 100.0, true),
            row("accepted/square.py", "AC", 100.0, true),
            // Subtask 1 only; `accept_if_any_accepted` makes it AC.
            row("partially_accepted/int32.c", "AC", 40.0, true),
            row("wrong_answer/double.py", "WA", 0.0, true),
        ]
    );
    assert_eq!(code, 0, "{doc:#}");
}

#[test]
fn a_partially_accepted_submission_with_the_full_score_is_a_mismatch() {
    if !have(&["python3", "gcc"]) {
        return;
    }
    let dir = copy("subtasks");
    let subs = dir.path().join("submissions");
    std::fs::rename(
        subs.join("accepted/square.c"),
        subs.join("partially_accepted/square.c"),
    )
    .unwrap();
    let (code, doc) = verify_json(dir.path(), &[]);
    let full = doc["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["path"] == "partially_accepted/square.c")
        .unwrap();
    assert_eq!(full["matched"], false, "{full:#}");
    assert!(
        full["mismatch"]
            .as_str()
            .unwrap()
            .contains("fully accepted (score 100 of 100)"),
        "{full:#}"
    );
    assert_eq!(code, 1);
}

#[test]
fn a_package_written_for_domjudge_scores_each_group_its_accept_score_once() {
    if !have(&["python3", "gcc"]) {
        return;
    }
    let (code, doc) = verify_json(&package("grouped"), &[]);
    assert_eq!(doc["scoring"], "domjudge", "{doc:#}");
    assert_eq!(
        outcomes(&doc),
        [
            row("accepted/square.c", "AC", 60.0, true),
            row("wrong_answer/double.py", "WA", 0.0, true),
            row("wrong_answer/int32.c", "WA", 30.0, true),
        ]
    );
    assert_eq!(code, 0, "{doc:#}");
}

#[test]
fn the_scoring_option_scores_by_other_rules_than_the_packages_own() {
    if !have(&["python3", "gcc"]) {
        return;
    }
    // problemtools counts every case at its group's accept_score, the
    // sample's at 1: 1 + 2x10 + 2x20 + 2x30, and 1 + 20 + 40 with g3 failed.
    let (code, doc) = verify_json(&package("grouped"), &["--scoring", "problemtools"]);
    assert_eq!(doc["scoring"], "problemtools", "{doc:#}");
    assert_eq!(
        outcomes(&doc),
        [
            row("accepted/square.c", "AC", 121.0, false),
            row("wrong_answer/double.py", "WA", 0.0, true),
            row("wrong_answer/int32.c", "WA", 61.0, false),
        ]
    );
    assert_eq!(code, 1);
}

#[test]
fn the_report_names_the_scoring_rules_of_a_2025_09_package_and_none_for_pass_fail() {
    if !have(&["python3"]) {
        return;
    }
    let (_, scored) = verify_json(&package("scores"), &[]);
    assert_eq!(scored["scoring"], "2025-09", "{scored:#}");
    let (_, pass_fail) = verify_json(&package("doubling"), &[]);
    assert_eq!(pass_fail["scoring"], Value::Null, "{pass_fail:#}");
}
