//! The reports of `verify`: one JSON document, and JUnit XML with a testcase per
//! submission. The shape is documented in docs/packages.md ("verify's JSON").
//!
//! `verify` builds a [`VerifyOutcome`] from what the one runner judged; this
//! module only words it (the table for people too), so it knows nothing of
//! packages or programs.

pub mod found;

use std::fmt::Write as _;
use std::time::Duration;

use serde::Serialize;

use judge_model::judge::{CaseResult, Verdict};
use judge_model::package::{PackageVerdict, join};
use judge_model::units::human_time;

use found::{Mismatch, PackageError, Skipped, Warning};

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
    /// The time limit the submissions were judged at (in seconds in the JSON).
    #[serde(serialize_with = "in_seconds")]
    pub time_limit: std::time::Duration,
    /// One entry per submission, in folder then name order.
    pub submissions: Vec<SubmissionReport>,
    /// What went wrong besides submissions (validators, unpaired files).
    pub errors: Vec<PackageError>,
    /// What may be wrong but does not fail the package (a fixed time limit
    /// under what an accepted run needs, as measured on this machine).
    pub warnings: Vec<Warning>,
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
    pub skipped: Option<Skipped>,
    /// Why it did not match, else `null`.
    pub mismatch: Option<Mismatch>,
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
                escape(&why.text())
            );
        } else if !s.matched {
            let got = s.verdict.map_or("-", PackageVerdict::name);
            let why = s.mismatch.as_ref().map_or(String::new(), Mismatch::text);
            let _ = writeln!(
                xml,
                ">\n      <failure message=\"expected {}, got {got}\">{}</failure>\n    </testcase>",
                escape(&join(&s.expected, " or ")),
                escape(&why)
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
            escape(&e.text())
        );
    }
    if !report.warnings.is_empty() {
        // The JUnit schema puts a testsuite's system-out after its testcases.
        let lines: Vec<String> = report
            .warnings
            .iter()
            .map(|w| format!("warning: {}", w.text()))
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

/// What `verify` found: the report (JSON, JUnit) and what only the table shows.
pub struct VerifyOutcome {
    /// The report, as JSON and JUnit write it.
    pub report: VerifyReport,
    /// The rest of what the table shows.
    pub table: VerifyTable,
}

/// What the table shows besides the report.
pub struct VerifyTable {
    /// What the package judges and how: its cases, limits and checker (the
    /// table's first line, [`crate::package::header`]).
    pub package: judge_model::package::Summary,
    /// The time limit's safety margin: a TLE submission must run past the limit × it.
    pub safety_margin: f64,
    /// What validating the test data found, in order.
    pub validation: Vec<Validation>,
    /// How each submission ran, in the report's order.
    pub runs: Vec<Runs>,
    /// Whether the problem is scored (the table has a score column).
    pub scored: bool,
    /// Whether the expectations are a Polygon package's solution tags.
    pub polygon: bool,
    /// How long `verify` took.
    pub took: Duration,
}

/// One finding of validating the test data.
#[derive(Debug, Clone, PartialEq)]
pub enum Validation {
    /// An input validator accepts every input.
    InputsAccepted {
        /// The validator's name.
        validator: String,
        /// Its language.
        language: String,
        /// The inputs it checked.
        inputs: usize,
    },
    /// A Polygon validator accepts every input.
    PolygonAccepted {
        /// The validator, described (its name and language).
        validator: String,
        /// The inputs it checked.
        inputs: usize,
    },
    /// A Polygon validator this machine cannot build, not run.
    PolygonSkipped {
        /// The validator, described.
        validator: String,
        /// Why it cannot be built.
        why: Skipped,
    },
    /// An interactive or multi-pass problem's outputs, which are no files, not validated.
    OutputsUnchecked {
        /// How many.
        count: usize,
        /// The first one's case.
        first: String,
        /// Interactive (else multi-pass).
        interactive: bool,
    },
    /// The output validator rejects every invalid output and accepts every valid one.
    OutputsChecked {
        /// The invalid outputs it rejects.
        invalid: usize,
        /// The valid outputs it accepts.
        valid: usize,
    },
    /// A failure, also among the report's errors.
    Failed(PackageError),
}

/// How one submission ran.
#[derive(Debug, Clone, Default)]
pub struct Runs {
    /// Every case judged, in data order, as it ran (at the CPU limit it ran under).
    pub results: Vec<CaseResult>,
    /// The case (or static validation test case) its verdict comes from, when it failed one.
    pub failed_on: Option<FailedOn>,
    /// The compiler's words, when it does not build.
    pub compile_error: Option<String>,
}

/// The case a submission's verdict comes from.
#[derive(Debug, Clone, PartialEq)]
pub struct FailedOn {
    /// Its name.
    pub case: String,
    /// Accepted, but over the time limit (under the limit × the safety margin it ran at).
    pub under_margin: bool,
}

impl Validation {
    /// Its line in the table's head.
    pub fn line(&self) -> String {
        match self {
            Validation::InputsAccepted {
                validator,
                language,
                inputs,
            } => format!("input validator {validator} ({language}) accepts all {inputs} inputs"),
            Validation::PolygonAccepted { validator, inputs } => {
                format!("validator {validator} accepts all {inputs} inputs")
            }
            Validation::PolygonSkipped { validator, why } => {
                format!("validator {validator} skipped: {}", why.text())
            }
            Validation::OutputsUnchecked {
                count,
                first,
                interactive,
            } => format!(
                "{count} outputs not validated ({first}, ...): an {} problem's output is not a file",
                if *interactive {
                    "interactive"
                } else {
                    "multi-pass"
                }
            ),
            Validation::OutputsChecked { invalid, valid } => format!(
                "output validator rejects all {invalid} invalid outputs and accepts all {valid} valid ones"
            ),
            Validation::Failed(why) => format!("FAIL {}", why.text()),
        }
    }
}

/// What `verify` prints on stdout: the JSON document, or the table for people.
pub fn stdout(outcome: &VerifyOutcome, json: bool, verbose: bool) -> String {
    if json {
        let mut text = self::json(&outcome.report);
        text.push('\n');
        return text;
    }
    let (report, table) = (&outcome.report, &outcome.table);
    let mut out = String::new();
    let _ = writeln!(out, "{}", crate::package::header(&table.package));
    let _ = writeln!(
        out,
        "verify {}: {} submissions; TLE submissions must run past {} (the limit x safety margin {})",
        report.package,
        report.submissions.len(),
        secs(report.time_limit.as_secs_f64() * table.safety_margin),
        table.safety_margin
    );
    let shown: Vec<String> = table.validation.iter().map(Validation::line).collect();
    for line in &shown {
        let _ = writeln!(out, "{line}");
    }
    // The errors no validation line has told yet (a file without its partner,
    // an invalid input every validator accepts): a FAIL says why.
    for text in report.errors.iter().map(PackageError::text) {
        if !shown.iter().any(|l| l.contains(&text)) {
            let _ = writeln!(out, "error: {text}");
        }
    }
    for warning in &report.warnings {
        let _ = writeln!(out, "warning: {}", warning.text());
    }
    out.push_str(&human(report, &table.runs, verbose, table.scored));
    out.push_str(&summary_line(report, table));
    if report.isolation != "on" {
        let _ = writeln!(out, "isolation: {}", report.isolation);
    }
    out
}

/// A duration as the JSON writes one: a number of seconds.
fn in_seconds<S: serde::Serializer>(t: &std::time::Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(t.as_secs_f64())
}

/// Seconds as package limits are shown: `1.5 s`, to the millisecond.
pub fn secs(t: f64) -> String {
    format!("{} s", (t * 1000.0).round() / 1000.0)
}

/// `ok   NAME: 7/8 submissions got what they expect, 1 skipped in 2.1 s`.
fn summary_line(report: &VerifyReport, table: &VerifyTable) -> String {
    let matched = report.submissions.iter().filter(|s| s.matched).count();
    let skipped = report
        .submissions
        .iter()
        .filter(|s| s.skipped.is_some())
        .count();
    let judged = report.submissions.len() - skipped;
    format!(
        "\n{} {}: {matched}/{judged} submissions got {}{} in {:.1} s\n",
        if report.ok { "ok  " } else { "FAIL" },
        report.package,
        if table.polygon {
            "their tag's verdict"
        } else {
            "what they expect"
        },
        if skipped == 0 {
            String::new()
        } else {
            format!(", {skipped} skipped")
        },
        table.took.as_secs_f64()
    )
}

/// Why a submission did not match (or, verbose, every case of it): the reason,
/// the compiler's words or the first failure's detail.
fn detail(r: &SubmissionReport, runs: &Runs, verbose: bool) -> String {
    let mut detail = String::new();
    if let Some(why) = &r.mismatch {
        let _ = writeln!(detail, "{}", why.text());
    }
    if let Some(e) = &runs.compile_error {
        detail.push_str(e);
    } else if let Some(c) = runs.results.iter().find(|c| c.verdict != Verdict::AC) {
        let _ = writeln!(detail, "{} on {}", c.verdict.name(), c.case);
        if let Some(judge_compare::Rejection {
            why: judge_compare::Why::Program { message },
            ..
        }) = &c.rejection
        {
            let _ = writeln!(detail, "{message}");
        }
        detail.push_str(&crate::detail_text(c, false));
    }
    if !detail.is_empty() && !detail.ends_with('\n') {
        detail.push('\n');
    }
    if verbose {
        for c in &runs.results {
            let _ = writeln!(
                detail,
                "  {:<4} {} {}",
                c.verdict.name(),
                c.case,
                human_time(c.time)
            );
        }
    }
    detail
}

/// What a submission is expected to get, as the table shows it.
fn expected_cell(r: &SubmissionReport) -> String {
    if r.expected.is_empty() {
        match r.expected_score {
            Some([a, b]) if a == b => format!("score {a}"),
            Some([a, b]) => format!("score {a}-{b}"),
            None => "any".into(),
        }
    } else {
        join(&r.expected, "|")
    }
}

/// What a submission got, as the table shows it: its verdict and the case it
/// comes from.
fn got_cell(r: &SubmissionReport, runs: &Runs) -> String {
    match (r.verdict, &runs.failed_on) {
        (Some(v), Some(f)) if f.under_margin => format!("{v} {} (under the margin)", f.case),
        (Some(v), Some(f)) => format!("{v} {}", f.case),
        (Some(v), None) => v.to_string(),
        (None, _) => "-".into(),
    }
}

/// The table for people: one row per submission, then the detail of each that
/// did not match (and, verbose, of every case).
fn human(report: &VerifyReport, runs: &[Runs], verbose: bool, scoring: bool) -> String {
    let w0 = report
        .submissions
        .iter()
        .map(|r| r.path.len())
        .max()
        .unwrap_or(10)
        .max(10);
    let expecteds: Vec<String> = report.submissions.iter().map(expected_cell).collect();
    // A rejected tag's expectation (`RTE|TLE|WA|PE`) is wider than the header.
    let w2 = expecteds.iter().map(String::len).max().unwrap_or(0).max(10);
    // `Python 3 (CPython)` is wider than the header too.
    let w1 = report
        .submissions
        .iter()
        .map(|r| r.language.len())
        .max()
        .unwrap_or(0)
        .max(10);
    let w3 = 24;
    let mut s = format!(
        "\n{:<w0$}  {:<w1$}  {:<w2$}  {:<w3$}{}  {:<30}  result\n",
        "submission",
        "language",
        "expected",
        "got",
        if scoring { "  score  " } else { "" },
        "slowest case"
    );
    for ((r, sub), expected) in report.submissions.iter().zip(runs).zip(&expecteds) {
        let slowest = sub
            .results
            .iter()
            .max_by(|a, b| a.time.total_cmp(&b.time))
            .map_or(String::new(), |c| {
                format!("{} {}", human_time(c.time), c.case)
            });
        let result = match (&r.skipped, r.matched) {
            (Some(_), _) => "skipped",
            (None, true) => "ok",
            (None, false) => "MISMATCH",
        };
        let got = got_cell(r, sub);
        let score = if scoring {
            format!("  {:<7}", r.score.map_or("-".into(), |v| format!("{v}")))
        } else {
            String::new()
        };
        let _ = writeln!(
            s,
            "{:<w0$}  {:<w1$}  {:<w2$}  {got:<w3$}{score}  {slowest:<30}  {result}",
            r.path, r.language, expected,
        );
    }
    for (r, sub) in report.submissions.iter().zip(runs) {
        if r.skipped.is_some() || (r.matched && !verbose) {
            continue;
        }
        let detail = detail(r, sub, verbose);
        if detail.trim().is_empty() {
            continue;
        }
        let _ = writeln!(s, "\n{}:", r.path);
        for line in detail.lines().take(30) {
            let _ = writeln!(s, "    {line}");
        }
    }
    for r in &report.submissions {
        if let Some(why) = &r.skipped {
            let _ = writeln!(s, "skipped  {}: {}", r.path, why.text());
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn submission(expected: Vec<PackageVerdict>, score: Option<[f64; 2]>) -> SubmissionReport {
        SubmissionReport {
            path: "accepted/a.cpp".into(),
            language: "C++".into(),
            expected,
            expected_score: score,
            verdict: Some(PackageVerdict::TLE),
            score: None,
            matched: false,
            skipped: None,
            mismatch: None,
            cases: Vec::new(),
        }
    }

    #[test]
    fn the_expected_cell_is_the_verdicts_else_the_score_else_any() {
        use PackageVerdict::*;
        for (expected, score, cell) in [
            (vec![AC], None, "AC"),
            (vec![RTE, TLE, WA], None, "RTE|TLE|WA"),
            (vec![], Some([40.0, 40.0]), "score 40"),
            (vec![], Some([10.0, 20.5]), "score 10-20.5"),
            (vec![], None, "any"),
        ] {
            assert_eq!(expected_cell(&submission(expected, score)), cell);
        }
    }

    #[test]
    fn the_got_cell_names_the_case_the_verdict_comes_from_and_a_tle_under_the_margin() {
        let r = submission(vec![PackageVerdict::AC], None);
        let on = |case: &str, under_margin| Runs {
            failed_on: Some(FailedOn {
                case: case.into(),
                under_margin,
            }),
            ..Runs::default()
        };
        assert_eq!(got_cell(&r, &on("secret/03", false)), "TLE secret/03");
        assert_eq!(
            got_cell(&r, &on("secret/03", true)),
            "TLE secret/03 (under the margin)"
        );
        assert_eq!(got_cell(&r, &Runs::default()), "TLE");
        let skipped = SubmissionReport {
            verdict: None,
            ..submission(vec![], None)
        };
        assert_eq!(got_cell(&skipped, &on("secret/03", false)), "-");
    }
}
