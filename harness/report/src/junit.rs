//! The report for CI: JUnit XML, one testsuite per problem (and known-wrong
//! solution), one testcase per case, and a `cargo judge` testsuite with an error
//! testcase for each thing that kept the run from being complete.

use std::fmt::Write as _;
use std::io;
use std::path::PathBuf;

use anyhow::Context as _;

use super::{Reporter, Summary, detail_text, ended, suite_name, tally};
use crate::judge::{CaseResult, Verdict};
use crate::known_wrong::Catch;

/// The JUnit reporter; writes `path` at [`Reporter::finish`].
pub struct Junit {
    path: PathBuf,
}

impl Junit {
    /// A report to be written to `path`, which is created now: a path that cannot
    /// be written fails before anything is judged, not after.
    pub fn new(path: PathBuf) -> anyhow::Result<Junit> {
        std::fs::write(&path, "")
            .with_context(|| format!("cannot write JUnit report {}", path.display()))?;
        Ok(Junit { path })
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
        // What kept the run from being complete is an error testcase too: a CI
        // that reads only this file must not see a green (or empty) report.
        let mut errors = summary.errors.to_vec();
        if summary.results.is_empty() && errors.is_empty() {
            errors.push("nothing was judged".into());
        }
        let xml = xml(
            summary.results,
            summary.catches,
            &errors,
            &summary.isolation,
        );
        std::fs::write(&self.path, xml)
            .with_context(|| format!("cannot write JUnit report {}", self.path.display()))
    }
}

fn xml(results: &[CaseResult], catches: &[Catch], errors: &[String], isolation: &str) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"cargo judge\">\n",
    );
    let mut suites: Vec<String> = tally(results).into_iter().map(|(n, _)| n).collect();
    for c in catches {
        if !suites.contains(&c.wrong.problem) {
            suites.push(c.wrong.problem.clone());
        }
    }
    for name in suites {
        let cases: Vec<&CaseResult> = results.iter().filter(|r| suite_name(r) == name).collect();
        let wrongs: Vec<&Catch> = catches.iter().filter(|c| c.wrong.problem == name).collect();
        problem_suite(&mut xml, &name, (&cases, &wrongs), isolation);
    }
    if !errors.is_empty() {
        errors_suite(&mut xml, errors);
    }
    xml.push_str("</testsuites>\n");
    xml
}

/// One problem's testsuite: a testcase per case judged and per known-wrong solution.
/// `isolation`, how the programs ran, is the suite's one property.
fn problem_suite(
    xml: &mut String,
    name: &str,
    (cases, wrongs): (&[&CaseResult], &[&Catch]),
    isolation: &str,
) {
    let errors = cases
        .iter()
        .filter(|r| matches!(r.verdict, Verdict::ERR | Verdict::INT))
        .count();
    let failures = cases
        .iter()
        .filter(|r| !matches!(r.verdict, Verdict::AC | Verdict::ERR | Verdict::INT))
        .count()
        + wrongs.iter().filter(|c| !c.caught()).count();
    let time: f64 = cases.iter().map(|r| r.time).sum();
    let _ = writeln!(
        xml,
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" errors=\"{errors}\" time=\"{time:.3}\">",
        escape(name),
        cases.len() + wrongs.len(),
    );
    let _ = writeln!(
        xml,
        "    <properties><property name=\"isolation\" value=\"{}\"/></properties>",
        escape(isolation)
    );
    for r in cases {
        case(xml, name, r);
    }
    for c in wrongs {
        known_wrong(xml, name, c);
    }
    xml.push_str("  </testsuite>\n");
}

/// A case's testcase: a failure for a verdict, an error for no verdict.
fn case(xml: &mut String, suite: &str, r: &CaseResult) {
    let _ = write!(
        xml,
        "    <testcase classname=\"{}\" name=\"{}\" time=\"{:.3}\"",
        escape(suite),
        escape(&r.case),
        r.time
    );
    match r.verdict {
        Verdict::AC => xml.push_str("/>\n"),
        v => {
            // No verdict (the judge failed, or Ctrl-C stopped the run): an
            // error, not a failure of the solution, and never a pass.
            let tag = if matches!(v, Verdict::ERR | Verdict::INT) {
                "error"
            } else {
                "failure"
            };
            let _ = writeln!(
                xml,
                ">\n      <{tag} type=\"{}\" message=\"{}\">{}</{tag}>\n    </testcase>",
                v.name(),
                escape(&format!("{} ({})", v.name(), ended(&r.exit))),
                escape(&detail_text(r, false))
            );
        }
    }
}

/// A known-wrong solution is a test too: it passes when some case catches it.
fn known_wrong(xml: &mut String, suite: &str, c: &Catch) {
    let _ = write!(
        xml,
        "    <testcase classname=\"{}\" name=\"known-wrong {}\"",
        escape(suite),
        escape(&c.wrong.label)
    );
    if c.caught() {
        xml.push_str("/>\n");
    } else {
        let line = super::plain(&super::human::catch_line(c));
        let _ = writeln!(
            xml,
            ">\n      <failure type=\"MISSED\" message=\"{}\">{}</failure>\n    </testcase>",
            escape(&format!(
                "known-wrong {} never got {}",
                c.wrong.label,
                c.wrong.expected.name()
            )),
            escape(line.trim_end())
        );
    }
}

/// What kept the run from being complete, as error testcases of a `cargo judge` suite.
fn errors_suite(xml: &mut String, errors: &[String]) {
    let _ = writeln!(
        xml,
        "  <testsuite name=\"cargo judge\" tests=\"{n}\" failures=\"0\" errors=\"{n}\" time=\"0.000\">",
        n = errors.len()
    );
    for (i, e) in errors.iter().enumerate() {
        let _ = writeln!(
            xml,
            "    <testcase classname=\"cargo judge\" name=\"error {}\">\n      <error type=\"ERR\" message=\"{}\"/>\n    </testcase>",
            i + 1,
            escape(e)
        );
    }
    xml.push_str("  </testsuite>\n");
}

/// Escapes text for XML, dropping characters XML 1.0 cannot hold.
pub(crate) fn escape(s: &str) -> String {
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
