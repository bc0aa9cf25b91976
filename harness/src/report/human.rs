//! The report for people: a block per failing case (every case with `--verbose`),
//! a line per finished problem, the known-wrong lines, a summary table, and a
//! progress line on stderr while cases run.
//!
//! Styles are always written; `anstream` strips them when colors are off (by
//! `--color`, `NO_COLOR`, or stdout not being a terminal), so color is decided once.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};

use anstyle::{AnsiColor, Style};

use super::{Reporter, Summary, Tally, detail_text, suite_name, tally};
use crate::judge::{CaseResult, Job, Verdict};
use crate::known_wrong::{Catch, KnownWrong};
use crate::units::{human_bytes, human_time};

const BOLD: Style = Style::new().bold();
const DIM: Style = Style::new().dimmed();

/// The human reporter.
pub struct Human {
    verbose: bool,
    /// Case lines and the table go to stdout; with `--format json` only the
    /// known-wrong lines are wanted, and they go to stderr.
    aside: bool,
    progress: Progress,
    remaining: HashMap<(String, String), usize>,
    group: Vec<CaseResult>,
    catches: String,
}

impl Human {
    /// The full report on stdout (cases shown when failing, or all with `verbose`).
    pub fn new(verbose: bool) -> Human {
        Human {
            verbose,
            aside: false,
            progress: Progress::new(0, false),
            remaining: HashMap::new(),
            group: Vec::new(),
            catches: String::new(),
        }
    }

    /// Only the known-wrong lines, on stderr (beside a JSON document on stdout).
    pub fn aside() -> Human {
        Human {
            aside: true,
            ..Human::new(false)
        }
    }
}

impl Reporter for Human {
    fn begin(&mut self, jobs: &[Job]) -> io::Result<()> {
        for j in jobs {
            *self
                .remaining
                .entry((j.problem.clone(), j.solution.clone()))
                .or_default() += 1;
        }
        self.progress = Progress::new(jobs.len(), !self.aside);
        Ok(())
    }

    fn case(&mut self, r: &CaseResult) -> io::Result<()> {
        self.progress.tick(&format!("{}/{}", r.problem, r.case));
        if self.aside {
            return Ok(());
        }
        let mut text = String::new();
        if self.verbose || r.verdict != Verdict::AC {
            text.push_str(&case_block(r));
        }
        self.group.push(r.clone());
        let key = (r.problem.clone(), r.solution.clone());
        let left = self.remaining.get_mut(&key).map_or(0, |n| {
            *n -= 1;
            *n
        });
        if left == 0 {
            for (name, t) in tally(&self.group) {
                text.push_str(&problem_line(&name, &t));
            }
            self.group.clear();
        }
        if !text.is_empty() {
            self.progress.clear();
            let mut stdout = anstream::stdout();
            stdout.write_all(text.as_bytes())?;
            stdout.flush()?;
        }
        Ok(())
    }

    fn known_wrong_started(&mut self, wrong: &KnownWrong) {
        if !self.aside && std::io::stderr().is_terminal() {
            eprint!(
                "\r\x1b[2Kjudging known-wrong {} [{}]",
                wrong.problem, wrong.label
            );
        }
    }

    fn known_wrong(&mut self, catch: &Catch) -> io::Result<()> {
        if !self.aside && std::io::stderr().is_terminal() {
            eprint!("\r\x1b[2K");
        }
        self.catches.push_str(&catch_line(catch));
        Ok(())
    }

    fn finish(&mut self, summary: &Summary) -> anyhow::Result<()> {
        self.progress.clear();
        let mut text = String::new();
        if !self.aside && !summary.results.is_empty() {
            text = format!("\n{}", summary_table(&tally(summary.results)));
        }
        if !self.catches.is_empty() {
            text.push_str("\nknown-wrong solutions (each must be caught by some case):\n");
            text.push_str(&self.catches);
        }
        if self.aside {
            anstream::stderr().write_all(text.as_bytes())?;
        } else {
            let mut stdout = anstream::stdout();
            stdout.write_all(text.as_bytes())?;
            stdout.flush()?;
        }
        Ok(())
    }
}

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
    // An accepted case is printed only under --verbose; its extra text (an
    // interactive case's judge message and dialogue) is then shown too.
    if r.verdict != Verdict::AC || !r.extra.is_empty() {
        for line in detail_text(r, true).lines() {
            let _ = writeln!(s, "    {line}");
        }
    }
    s
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

/// The line of a known-wrong solution, e.g. `caught  poj2348 [wa_int32]: WA on
/// 03-equal-values (after 3 of 19 cases)` or `MISSED  poj2348 [wa_int32]: all AC
/// on 19 cases`.
pub fn catch_line(c: &Catch) -> String {
    let w = &c.wrong;
    let count = |v: Verdict| c.verdicts.get(&v).copied().unwrap_or(0);
    let others: Vec<String> = c
        .verdicts
        .iter()
        .filter(|(v, _)| **v != w.expected && **v != Verdict::AC)
        .map(|(v, n)| format!("{n} {}", v.name()))
        .collect();
    let others = if others.is_empty() {
        String::new()
    } else {
        format!("; also {}", others.join(", "))
    };
    let (style, tag, what) = if let Some(first) = &c.first {
        (
            AnsiColor::Green.on_default().bold(),
            "caught ",
            format!(
                "{} on {first} (after {} of {} cases){others}",
                w.expected.name(),
                c.cases,
                c.total
            ),
        )
    } else if count(Verdict::AC) == c.cases {
        (
            AnsiColor::Red.on_default().bold(),
            "MISSED ",
            format!(
                "all AC on {} cases: no case shows this mistake (expected {})",
                c.cases,
                w.expected.name()
            ),
        )
    } else {
        (
            AnsiColor::Red.on_default().bold(),
            "MISSED ",
            format!(
                "never {} on {} cases{others} (the wrong verdict for a {}_ solution)",
                w.expected.name(),
                c.cases,
                w.expected.name().to_ascii_lowercase()
            ),
        )
    };
    format!(
        "{style}{tag}{style:#} {BOLD}{} [{}]{BOLD:#}: {what}\n",
        w.problem, w.label
    )
}

fn cut(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        s.chars().take(n - 1).chain(['…']).collect()
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::known_wrong::{KnownWrong, expected_verdict};

    fn result(case: &str, verdict: Verdict) -> CaseResult {
        CaseResult {
            problem: "p".into(),
            solution: "wa_x".into(),
            case: case.into(),
            input: case.into(),
            verdict,
            time: 0.0,
            wall: 0.0,
            memory: 0,
            exit: String::new(),
            detail: String::new(),
            rejection: None,
            excerpt: None,
            extra: Vec::new(),
            interrupted: false,
        }
    }

    #[test]
    fn caught_names_the_first_case_and_missed_says_why() {
        let wrong = KnownWrong {
            problem: "p".into(),
            label: "wa_x".into(),
            target: "p-wa-x".into(),
            expected: expected_verdict("wa_x").unwrap(),
        };
        let line = |results: &[CaseResult], total| {
            super::super::plain(&catch_line(&Catch::new(wrong.clone(), results, total)))
        };
        assert_eq!(
            line(&[result("1", Verdict::AC), result("2", Verdict::WA)], 5),
            "caught  p [wa_x]: WA on 2 (after 2 of 5 cases)\n"
        );
        assert!(line(&[result("1", Verdict::AC)], 1).starts_with("MISSED  p [wa_x]: all AC"));
        assert!(line(&[result("1", Verdict::TLE)], 1).contains("never WA on 1 cases; also 1 TLE"));
    }
}
