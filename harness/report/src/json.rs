//! The report for programs: one JSON document on stdout at the end of the run.
//!
//! The shape is documented in docs/judge.md ("The JSON report"): `ok`, `problems`
//! (tallies), `cases` (every case: verdict, measured facts, `rejection` as data,
//! `detail` as plain text), `known_wrong`, `errors`. Paths are as the user would
//! type them: relative to the current folder when inside it.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::{Reporter, Summary, Tally, detail_text, ended, extra_title, tally};
use crate::judge::{CaseResult, Verdict};
use crate::known_wrong::Catch;
use crate::status::Status;
use judge_compare::Rejection;

/// The JSON reporter; writes at [`Reporter::finish`].
#[derive(Default)]
pub struct Json;

#[derive(Serialize)]
struct Document<'a> {
    ok: bool,
    problems: BTreeMap<&'a str, &'a Tally>,
    cases: Vec<JsonCase<'a>>,
    known_wrong: Vec<JsonCatch<'a>>,
    errors: Vec<String>,
    /// The judge's own peak resident memory in bytes.
    judge_peak_rss: u64,
    /// The programs' isolation ([`Summary::isolation`]).
    isolation: &'a str,
}

/// One case. Written out field by field (not `CaseResult`'s own serialisation), so
/// the documented shape does not change when the result grows a field.
#[derive(Serialize)]
struct JsonCase<'a> {
    problem: &'a str,
    solution: &'a str,
    case: &'a str,
    /// The same path under `cargo judge` and `run`.
    input: PathBuf,
    verdict: Verdict,
    time: f64,
    wall: f64,
    memory: u64,
    exit: String,
    /// Plain text: the reason, the diff, any extra text.
    detail: String,
    rejection: Option<&'a Rejection>,
    extra: Vec<JsonExtra<'a>>,
}

/// A case's extra text, under the title people read.
#[derive(Serialize)]
struct JsonExtra<'a> {
    title: String,
    text: &'a str,
}

#[derive(Serialize)]
struct JsonCatch<'a> {
    problem: &'a str,
    solution: &'a str,
    expected: Verdict,
    caught: bool,
    /// The first case that got the expected verdict.
    first: Option<&'a str>,
    cases: usize,
    total: usize,
    verdicts: BTreeMap<&'static str, usize>,
}

impl Reporter for Json {
    fn case(&mut self, _: &CaseResult) -> io::Result<()> {
        Ok(())
    }

    fn known_wrong(&mut self, _: &Catch) -> io::Result<()> {
        Ok(())
    }

    fn finish(&mut self, summary: &Summary) -> anyhow::Result<()> {
        let tallies = tally(summary.results);
        let cwd = std::env::current_dir().unwrap_or_default();
        let doc = Document {
            ok: summary.status() == Status::Passed,
            problems: tallies.iter().map(|(n, t)| (n.as_str(), t)).collect(),
            cases: summary
                .results
                .iter()
                .map(|r| JsonCase {
                    problem: &r.problem,
                    solution: &r.solution,
                    case: &r.case,
                    input: relative(&r.input, &cwd),
                    verdict: r.verdict,
                    time: r.time,
                    wall: r.wall,
                    memory: r.memory,
                    exit: ended(&r.exit),
                    detail: detail_text(r, false),
                    rejection: r.rejection.as_ref(),
                    extra: r
                        .extra
                        .iter()
                        .map(|e| JsonExtra {
                            title: extra_title(e),
                            text: e.text(),
                        })
                        .collect(),
                })
                .collect(),
            known_wrong: summary
                .catches
                .iter()
                .map(|c| JsonCatch {
                    problem: &c.wrong.problem,
                    solution: &c.wrong.label,
                    expected: c.wrong.expected,
                    caught: c.caught(),
                    first: c.first.as_deref(),
                    cases: c.cases,
                    total: c.total,
                    verdicts: c.verdicts.iter().map(|(v, n)| (v.name(), *n)).collect(),
                })
                .collect(),
            errors: summary.problems(),
            judge_peak_rss: summary.judge_peak_rss,
            isolation: &summary.isolation,
        };
        // Rendered first, then written: a closed stdout is then a plain io error
        // (ending the command quietly), not one wrapped in serde_json's.
        let mut text = serde_json::to_string_pretty(&doc)?;
        text.push('\n');
        let mut out = anstream::stdout();
        out.write_all(text.as_bytes())?;
        out.flush()?;
        Ok(())
    }
}

/// `path` relative to `cwd` when it lies inside it, else absolute: one answer
/// however the folder was named (`testdata/p`, `../x/testdata/p`, `/abs/testdata/p`)
/// and whichever command found it.
fn relative(path: &Path, cwd: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    // `..` and `.` resolved by their names, as the user reads the path.
    let mut normal = PathBuf::new();
    for part in absolute.components() {
        match part {
            std::path::Component::ParentDir => {
                normal.pop();
            }
            std::path::Component::CurDir => {}
            other => normal.push(other),
        }
    }
    match normal.strip_prefix(cwd) {
        Ok(rel) => rel.to_path_buf(),
        Err(_) => normal,
    }
}
