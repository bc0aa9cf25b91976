//! Presenting results: case lines, per-problem lines, the summary table, JSON and
//! JUnit XML.
//!
//! Styles are always written; `anstream` strips them when colors are off (by
//! `--color`, `NO_COLOR`, or stdout not being a terminal), so color is decided once.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::Path;

use anstyle::{AnsiColor, Style};
use anyhow::{Context, Result};
use serde::Serialize;

use crate::judge::{CaseResult, Verdict, human_bytes, human_time};

const BOLD: Style = Style::new().bold();
const DIM: Style = Style::new().dimmed();

/// The style of a verdict's name.
pub fn verdict_style(v: Verdict) -> Style {
    match v {
        Verdict::AC => AnsiColor::Green.on_default().bold(),
        Verdict::ERR => AnsiColor::Magenta.on_default().bold(),
        Verdict::PE => AnsiColor::Yellow.on_default().bold(),
        _ => AnsiColor::Red.on_default().bold(),
    }
}

/// One case as a line (and its detail, indented, unless it is AC).
pub fn case_block(r: &CaseResult) -> String {
    let style = verdict_style(r.verdict);
    let who = suite_name(r);
    let mut s = format!(
        "{style}{:<3}{style:#} {who}/{} {DIM}{} {}{DIM:#}\n",
        r.verdict.name(),
        r.case,
        human_time(r.time),
        human_bytes(r.memory),
    );
    if r.verdict != Verdict::AC && !r.detail.is_empty() {
        for line in r.detail.lines() {
            let _ = writeln!(s, "    {line}");
        }
    }
    s
}

/// Verdict counts and extremes for one group of cases.
#[derive(Debug, Default, Clone, Serialize)]
pub struct Tally {
    /// Cases judged.
    pub cases: usize,
    /// Count per verdict name.
    pub verdicts: BTreeMap<&'static str, usize>,
    /// The case with the most CPU time, and that time in seconds.
    pub slowest: Option<(String, f64)>,
    /// The case with the largest peak memory, and that memory in bytes.
    pub largest: Option<(String, u64)>,
}

impl Tally {
    /// Adds one result.
    pub fn add(&mut self, r: &CaseResult) {
        self.cases += 1;
        *self.verdicts.entry(r.verdict.name()).or_default() += 1;
        if self.slowest.as_ref().is_none_or(|(_, t)| r.time > *t) {
            self.slowest = Some((r.case.clone(), r.time));
        }
        if self.largest.as_ref().is_none_or(|(_, m)| r.memory > *m) {
            self.largest = Some((r.case.clone(), r.memory));
        }
    }

    /// How many cases got `v`.
    pub fn count(&self, v: Verdict) -> usize {
        self.verdicts.get(v.name()).copied().unwrap_or(0)
    }

    /// Every case was accepted.
    pub fn all_accepted(&self) -> bool {
        self.count(Verdict::AC) == self.cases
    }
}

/// Tallies per problem (and solution), in first-seen order.
pub fn tally(results: &[CaseResult]) -> Vec<(String, Tally)> {
    let mut order: Vec<(String, Tally)> = Vec::new();
    for r in results {
        let key = suite_name(r);
        match order.iter_mut().find(|(k, _)| *k == key) {
            Some((_, t)) => t.add(r),
            None => {
                let mut t = Tally::default();
                t.add(r);
                order.push((key, t));
            }
        }
    }
    order
}

/// The line printed when a problem's last case is done.
pub fn problem_line(name: &str, t: &Tally) -> String {
    let ok = t.all_accepted();
    let style = if ok {
        verdict_style(Verdict::AC)
    } else {
        verdict_style(Verdict::WA)
    };
    let mut counts = String::new();
    for v in Verdict::ALL {
        let n = t.count(v);
        if n > 0 && v != Verdict::AC {
            let _ = write!(counts, ", {n} {}", v.name());
        }
    }
    let slowest = t.slowest.as_ref().map_or(String::new(), |(c, s)| {
        format!("slowest {} ({c})", human_time(*s))
    });
    let largest = t
        .largest
        .as_ref()
        .map_or(String::new(), |(_, m)| format!(", max {}", human_bytes(*m)));
    format!(
        "{style}{}{style:#} {BOLD}{name}{BOLD:#}: {}/{} AC{counts}  {DIM}{slowest}{largest}{DIM:#}\n",
        if ok { "ok  " } else { "FAIL" },
        t.count(Verdict::AC),
        t.cases
    )
}

/// The summary table: problem × verdict counts, slowest case and largest memory.
pub fn summary_table(tallies: &[(String, Tally)]) -> String {
    let width = tallies
        .iter()
        .map(|(n, _)| n.len())
        .max()
        .unwrap_or(7)
        .max(7);
    let mut s = format!("{BOLD}{:<width$} {:>5}", "problem", "cases");
    for v in Verdict::ALL {
        let _ = write!(s, " {:>4}", v.name());
    }
    let _ = writeln!(s, "  {:<28} {:>10}{BOLD:#}", "slowest", "max memory");
    let mut total = Tally::default();
    for (name, t) in tallies {
        let _ = write!(s, "{name:<width$} {:>5}", t.cases);
        for v in Verdict::ALL {
            let n = t.count(v);
            let cell = format!("{n:>4}");
            if n > 0 && v != Verdict::AC {
                let st = verdict_style(v);
                let _ = write!(s, " {st}{cell}{st:#}");
            } else {
                let _ = write!(s, " {cell}");
            }
            *total.verdicts.entry(v.name()).or_default() += n;
        }
        total.cases += t.cases;
        let slow = t
            .slowest
            .as_ref()
            .map_or(String::new(), |(c, x)| format!("{} {c}", human_time(*x)));
        let mem = t
            .largest
            .as_ref()
            .map_or(String::new(), |(_, m)| human_bytes(*m));
        let _ = writeln!(s, "  {:<28} {:>10}", cut(&slow, 28), mem);
    }
    let _ = write!(s, "{BOLD}{:<width$} {:>5}", "total", total.cases);
    for v in Verdict::ALL {
        let _ = write!(s, " {:>4}", total.count(v));
    }
    let _ = writeln!(s, "{BOLD:#}");
    s
}

fn cut(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        s.chars().take(n - 1).chain(['…']).collect()
    }
}

/// The JSON report: every case and the tallies.
#[derive(Serialize)]
struct JsonReport<'a> {
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
    detail_plain: String,
}

/// Writes the machine-readable report to stdout.
pub fn write_json(results: &[CaseResult], errors: &[String], out: &mut impl Write) -> Result<()> {
    let tallies = tally(results);
    let report = JsonReport {
        ok: errors.is_empty() && results.iter().all(|r| r.verdict == Verdict::AC),
        problems: tallies.iter().map(|(n, t)| (n.as_str(), t)).collect(),
        cases: results
            .iter()
            .map(|r| JsonCase {
                result: r,
                detail_plain: plain(&r.detail),
            })
            .collect(),
        errors,
        judge_peak_rss: crate::run::own_peak_rss(),
    };
    serde_json::to_writer_pretty(&mut *out, &report)?;
    writeln!(out)?;
    Ok(())
}

/// `detail` without ANSI styles.
pub fn plain(s: &str) -> String {
    anstream::adapter::strip_str(s).to_string()
}

/// Writes JUnit XML (one testsuite per problem, one testcase per case) to `path`.
pub fn write_junit(results: &[CaseResult], path: &Path) -> Result<()> {
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
                        escape(&plain(&r.detail))
                    );
                }
            }
        }
        xml.push_str("  </testsuite>\n");
    }
    xml.push_str("</testsuites>\n");
    std::fs::write(path, xml)
        .with_context(|| format!("cannot write JUnit report {}", path.display()))
}

/// The group a result is reported under: the problem, or `problem [solution]` for a
/// known-wrong solution.
fn suite_name(r: &CaseResult) -> String {
    if r.solution == r.problem {
        r.problem.clone()
    } else {
        format!("{} [{}]", r.problem, r.solution)
    }
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

/// A `[done/total]` line on stderr, redrawn in place, only on a terminal.
pub struct Progress {
    enabled: bool,
    total: usize,
    done: usize,
}

impl Progress {
    /// A progress line for `total` cases, shown if stderr is a terminal and `show`.
    pub fn new(total: usize, show: bool) -> Progress {
        Progress {
            enabled: show && std::io::stderr().is_terminal() && total > 1,
            total,
            done: 0,
        }
    }

    /// Clears the line so a report line can be printed.
    pub fn clear(&self) {
        if self.enabled {
            eprint!("\r\x1b[2K");
        }
    }

    /// Counts one more case done and redraws.
    pub fn tick(&mut self, last: &str) {
        self.done += 1;
        if self.enabled {
            eprint!("\r\x1b[2K[{}/{}] {}", self.done, self.total, cut(last, 60));
            let _ = std::io::stderr().flush();
        }
    }
}
