//! The report for programs: one JSON document on stdout at the end of the run.
//!
//! The shape is documented in README ("JSON report"); `detail` is plain text.

use std::collections::BTreeMap;
use std::io::{self, Write};

use serde::Serialize;

use super::{Reporter, Summary, Tally, detail_text, tally};
use crate::judge::CaseResult;
use crate::known_wrong::Catch;
use crate::status::Status;

/// The JSON reporter; writes at [`Reporter::finish`].
#[derive(Default)]
pub struct Json;

#[derive(Serialize)]
struct Document<'a> {
    ok: bool,
    problems: BTreeMap<&'a str, &'a Tally>,
    cases: Vec<JsonCase<'a>>,
    errors: &'a [String],
    /// The judge's own peak resident memory in bytes.
    judge_peak_rss: u64,
}

#[derive(Serialize)]
struct JsonCase<'a> {
    #[serde(flatten)]
    result: &'a CaseResult,
    detail: String,
    detail_plain: String,
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
        let doc = Document {
            ok: summary.status() == Status::Passed,
            problems: tallies.iter().map(|(n, t)| (n.as_str(), t)).collect(),
            cases: summary
                .results
                .iter()
                .map(|r| {
                    let detail = detail_text(r, false);
                    JsonCase {
                        result: r,
                        detail_plain: detail.clone(),
                        detail,
                    }
                })
                .collect(),
            errors: summary.errors,
            judge_peak_rss: summary.judge_peak_rss,
        };
        let mut out = anstream::stdout();
        serde_json::to_writer_pretty(&mut out, &doc)?;
        writeln!(out)?;
        out.flush()?;
        Ok(())
    }
}
