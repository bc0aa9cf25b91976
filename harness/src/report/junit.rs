//! The report for CI: JUnit XML, one testsuite per problem (and known-wrong
//! solution), one testcase per case.

use std::fmt::Write as _;
use std::io;
use std::path::PathBuf;

use anyhow::Context as _;

use super::{Reporter, Summary, detail_text, suite_name, tally};
use crate::judge::{CaseResult, Verdict};
use crate::known_wrong::Catch;

/// The JUnit reporter; writes `path` at [`Reporter::finish`].
pub struct Junit {
    path: PathBuf,
}

impl Junit {
    /// A report to be written to `path`.
    pub fn new(path: PathBuf) -> Junit {
        Junit { path }
    }
}

impl Reporter for Junit {
    fn case(&mut self, _: &CaseResult) -> io::Result<()> {
        Ok(())
    }

    fn known_wrong(&mut self, _: &Catch) -> io::Result<()> {
        Ok(())
    }

    fn finish(&mut self, summary: &Summary) -> anyhow::Result<()> {
        std::fs::write(&self.path, xml(summary.results))
            .with_context(|| format!("cannot write JUnit report {}", self.path.display()))
    }
}

fn xml(results: &[CaseResult]) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"cargo judge\">\n",
    );
    for (name, t) in tally(results) {
        let failures = t.cases - t.count(Verdict::AC) - t.count(Verdict::ERR);
        let time: f64 = results
            .iter()
            .filter(|r| suite_name(r) == name)
            .map(|r| r.time)
            .sum();
        let _ = writeln!(
            xml,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" errors=\"{}\" time=\"{time:.3}\">",
            escape(&name),
            t.cases,
            t.count(Verdict::ERR)
        );
        for r in results.iter().filter(|r| suite_name(r) == name) {
            let _ = write!(
                xml,
                "    <testcase classname=\"{}\" name=\"{}\" time=\"{:.3}\"",
                escape(&name),
                escape(&r.case),
                r.time
            );
            match r.verdict {
                Verdict::AC => xml.push_str("/>\n"),
                v => {
                    let tag = if v == Verdict::ERR {
                        "error"
                    } else {
                        "failure"
                    };
                    let _ = writeln!(
                        xml,
                        ">\n      <{tag} type=\"{}\" message=\"{}\">{}</{tag}>\n    </testcase>",
                        v.name(),
                        escape(&format!("{} ({})", v.name(), r.exit)),
                        escape(&detail_text(r, false))
                    );
                }
            }
        }
        xml.push_str("  </testsuite>\n");
    }
    xml.push_str("</testsuites>\n");
    xml
}

/// Escapes text for XML, dropping characters XML 1.0 cannot hold.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 => {}
            c => out.push(c),
        }
    }
    out
}
