//! The reports of `verify`: one JSON document, and JUnit XML with a testcase per
//! submission. The shape is documented in docs/packages.md ("verify's JSON").
//!
//! `verify` builds a [`VerifyReport`] from what the one runner judged; this
//! module only writes it out, so it knows nothing of packages or programs.

use serde::Serialize;

use judge_model::package::{PackageVerdict, join};

/// Everything `verify` found, as reported.
#[derive(Debug, Serialize)]
pub struct VerifyReport {
    /// The package's folder name.
    pub package: String,
    /// `legacy`, `2023-07` or `2025-09`.
    pub format: String,
    /// Whose rules scored the submissions: `2025-09`, `problemtools` or
    /// `domjudge`; `null` for a pass-fail problem.
    pub scoring: Option<String>,
    /// Every judged submission matched its expectation, every input validated,
    /// nothing went wrong.
    pub ok: bool,
    /// The time limit the submissions were judged at, in seconds.
    pub time_limit: f64,
    /// One entry per submission, in folder then name order.
    pub submissions: Vec<SubmissionReport>,
    /// What went wrong besides submissions (validators, unpaired files).
    pub errors: Vec<String>,
    /// What may be wrong but does not fail the package (a fixed time limit
    /// under what an accepted run needs, as measured on this machine).
    pub warnings: Vec<String>,
    /// The programs' isolation, as in the judge's reports: `on`, `off
    /// (--no-isolation)` or `partial (missing: ...)`.
    pub isolation: String,
}

/// One submission.
#[derive(Debug, Serialize)]
pub struct SubmissionReport {
    /// Its path relative to `submissions/`, e.g. `accepted/x.c`.
    pub path: String,
    /// The language it was recognised as.
    pub language: String,
    /// The verdicts it may get (`AC`, `WA`, `TLE`, `RTE`, `MLE`, `OLE`, `CE`, or
    /// DOMjudge's `NO-OUTPUT`, a WA that printed nothing);
    /// empty when only a score or nothing (checked by hand) is expected.
    pub expected: Vec<PackageVerdict>,
    /// The score it is expected to get, when one is stated (`[low, high]`).
    pub expected_score: Option<[f64; 2]>,
    /// The verdict it got (its first non-accepted case, or AC); `null` when skipped.
    pub verdict: Option<PackageVerdict>,
    /// Its score (scoring problems), else `null`.
    pub score: Option<f64>,
    /// Whether the verdict (and score) met the expectation; false when skipped.
    pub matched: bool,
    /// Why it was not judged (its language's tools are missing), else `null`.
    pub skipped: Option<String>,
    /// Why it did not match, else `null`.
    pub mismatch: Option<String>,
    /// The cases judged, in data order (a submission stops at its first failure
    /// unless every case counts).
    pub cases: Vec<CaseReport>,
}

/// One judged case of a submission.
#[derive(Debug, Serialize)]
pub struct CaseReport {
    /// The case's name under `data/`, e.g. `secret/group1/03`.
    pub name: String,
    /// Its verdict (the names above).
    pub verdict: PackageVerdict,
    /// CPU seconds (the slowest pass of a multi-pass case).
    pub time: f64,
    /// Peak memory in bytes.
    pub memory: u64,
    /// The case's score, when its group is scored.
    pub score: Option<f64>,
    /// How many passes ran (multi-pass problems).
    pub passes: u32,
}

/// The JSON document.
pub fn json(report: &VerifyReport) -> String {
    serde_json::to_string_pretty(report).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

/// JUnit XML: a testsuite for the package, a testcase per submission (failure
/// when it did not match, skipped when it was not judged), and one error
/// testcase per package error, so a CI reading only this file never sees green
/// when something failed; the warnings, which fail nothing, are the testsuite's
/// `<system-out>`, a `warning:` line each, as the table prints them.
pub fn junit(report: &VerifyReport) -> String {
    use super::junit::escape;
    use std::fmt::Write as _;
    let failures = report
        .submissions
        .iter()
        .filter(|s| !s.matched && s.skipped.is_none())
        .count();
    let skipped = report
        .submissions
        .iter()
        .filter(|s| s.skipped.is_some())
        .count();
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"cargo judge verify\">\n",
    );
    let _ = writeln!(
        xml,
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" errors=\"{}\" skipped=\"{skipped}\">",
        escape(&report.package),
        report.submissions.len() + report.errors.len(),
        report.errors.len()
    );
    let _ = writeln!(
        xml,
        "    <properties><property name=\"isolation\" value=\"{}\"/></properties>",
        escape(&report.isolation)
    );
    for s in &report.submissions {
        let time: f64 = s.cases.iter().map(|c| c.time).sum();
        let _ = write!(
            xml,
            "    <testcase classname=\"{}\" name=\"{}\" time=\"{time:.3}\"",
            escape(&report.package),
            escape(&s.path)
        );
        if let Some(why) = &s.skipped {
            let _ = writeln!(
                xml,
                ">\n      <skipped message=\"{}\"/>\n    </testcase>",
                escape(why)
            );
        } else if !s.matched {
            let got = s.verdict.map_or("-", PackageVerdict::name);
            let why = s.mismatch.as_deref().unwrap_or("");
            let _ = writeln!(
                xml,
                ">\n      <failure message=\"expected {}, got {got}\">{}</failure>\n    </testcase>",
                escape(&join(&s.expected, " or ")),
                escape(why)
            );
        } else {
            xml.push_str("/>\n");
        }
    }
    for e in &report.errors {
        let _ = writeln!(
            xml,
            "    <testcase classname=\"{}\" name=\"package\">\n      <error message=\"{}\"/>\n    </testcase>",
            escape(&report.package),
            escape(e)
        );
    }
    if !report.warnings.is_empty() {
        // The JUnit schema puts a testsuite's system-out after its testcases.
        let lines: Vec<String> = report
            .warnings
            .iter()
            .map(|w| format!("warning: {w}"))
            .collect();
        let _ = writeln!(
            xml,
            "    <system-out>{}</system-out>",
            escape(&lines.join("\n"))
        );
    }
    xml.push_str("  </testsuite>\n</testsuites>\n");
    xml
}
