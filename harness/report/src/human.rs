//! The report for people: a block per failing case (every case with `--verbose`),
//! a line per finished problem, the known-wrong lines, a summary table, and a
//! progress line on stderr while cases run.
//!
//! Styles are always written; `anstream` strips them when colors are off (by
//! `--color`, `NO_COLOR`, or stdout not being a terminal), so color is decided once.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use anstyle::{AnsiColor, Style};

use super::{Reporter, Summary, Tally, detail_text, suite_name, tally};
use crate::judge::{CaseResult, Job, Verdict};
use crate::known_wrong::{Catch, KnownWrong};
use crate::units::{human_bytes, human_time, plural};

use crate::style::{BOLD, DIM};

/// The human reporter.
pub struct Human {
    verbose: bool,
    /// Case lines and the table go to stdout; with `--format json` only the
    /// known-wrong lines are wanted, and they go to stderr.
    aside: bool,
    progress: Progress,
    /// Cases still to come per (problem, solution).
    remaining: HashMap<(String, String), usize>,
    /// Known-wrong solutions still to come per problem.
    wrong_left: HashMap<String, usize>,
    /// Finished problems whose line waits for their known-wrong outcomes.
    waiting: HashMap<String, (String, Tally)>,
    /// Known-wrong outcomes per problem so far.
    catches: HashMap<String, Vec<bool>>,
    /// Problems whose testdata has errors: their line never says `ok`.
    incomplete: Vec<String>,
    group: Vec<CaseResult>,
}

impl Human {
    /// The full report on stdout (cases shown when failing, or all with `verbose`).
    pub fn new(verbose: bool) -> Human {
        Human {
            verbose,
            aside: false,
            progress: Progress::new(0, false),
            remaining: HashMap::new(),
            wrong_left: HashMap::new(),
            waiting: HashMap::new(),
            catches: HashMap::new(),
            incomplete: Vec::new(),
            group: Vec::new(),
        }
    }

    /// Marks `problems` as having testdata errors (said before the run).
    pub fn incomplete(mut self, problems: &[String]) -> Human {
        self.incomplete = problems.to_vec();
        self
    }

    /// Only the known-wrong lines, on stderr (beside a JSON document on stdout).
    pub fn aside() -> Human {
        Human {
            aside: true,
            ..Human::new(false)
        }
    }

    fn write(&mut self, text: &str) -> io::Result<()> {
        if text.is_empty() {
            return Ok(());
        }
        self.progress.clear();
        if self.aside {
            // Beside JSON: stderr, and a closed stderr is no reason to stop.
            let _ = anstream::stderr().write_all(text.as_bytes());
        } else {
            let mut stdout = anstream::stdout();
            stdout.write_all(text.as_bytes())?;
            stdout.flush()?;
        }
        self.progress.draw();
        Ok(())
    }

    /// The problem line, with the known-wrong outcomes when there were any.
    fn problem_line(&self, name: &str, problem: &str, t: &Tally) -> String {
        let line = match self.catches.get(problem) {
            Some(caught) if name == problem => problem_line(name, t, Some(caught)),
            _ => problem_line(name, t, None),
        };
        if self.incomplete.iter().any(|p| p == problem) {
            incomplete_line(&line)
        } else {
            line
        }
    }
}

impl Reporter for Human {
    fn begin(&mut self, jobs: &[&Job], known_wrong: &[KnownWrong]) -> io::Result<()> {
        for j in jobs {
            *self
                .remaining
                .entry((j.problem.clone(), j.solution.clone()))
                .or_default() += 1;
        }
        for w in known_wrong {
            *self.wrong_left.entry(w.problem.clone()).or_default() += 1;
        }
        self.progress = Progress::new(jobs.len(), !self.aside);
        Ok(())
    }

    fn started(&mut self, job: &Job) {
        self.progress.start(&job.case.name);
    }

    fn wants_started(&self) -> bool {
        self.progress.shown()
    }

    fn case(&mut self, r: &CaseResult) -> io::Result<()> {
        self.progress.finish(&r.case);
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
                if self.wrong_left.get(&r.problem).is_some_and(|n| *n > 0) {
                    // Said once its known-wrong solutions are judged: a missed
                    // one fails the problem.
                    self.waiting.insert(r.problem.clone(), (name, t));
                } else {
                    text.push_str(&self.problem_line(&name, &r.problem, &t));
                }
            }
            self.group.clear();
        }
        self.write(&text)
    }

    fn known_wrong_started(&mut self, wrong: &KnownWrong) {
        if !self.aside {
            self.progress.status(&format!(
                "judging known-wrong {} [{}]",
                wrong.problem, wrong.label
            ));
        }
    }

    fn known_wrong(&mut self, catch: &Catch) -> io::Result<()> {
        let problem = catch.wrong.problem.clone();
        self.catches
            .entry(problem.clone())
            .or_default()
            .push(catch.caught());
        let mut text = catch_line(catch);
        let left = self.wrong_left.get_mut(&problem).map_or(0, |n| {
            *n = n.saturating_sub(1);
            *n
        });
        if left == 0
            && !self.aside
            && let Some((name, t)) = self.waiting.remove(&problem)
        {
            text.push_str(&self.problem_line(&name, &problem, &t));
        }
        self.progress.status("");
        self.write(&text)
    }

    fn finish(&mut self, summary: &Summary) -> anyhow::Result<()> {
        self.progress.clear();
        self.progress.enabled = false;
        // Problems whose known-wrong solutions were never judged (the run stopped).
        let mut text = String::new();
        let mut waiting: Vec<_> = self.waiting.drain().collect();
        waiting.sort_by(|a, b| a.0.cmp(&b.0));
        for (problem, (name, t)) in waiting {
            let line = problem_line(&name, &t, self.catches.get(&problem));
            if self.incomplete.contains(&problem) {
                text.push_str(&incomplete_line(&line));
            } else {
                text.push_str(&line);
            }
        }
        if !self.aside && !summary.results.is_empty() {
            text.push('\n');
            text.push_str(&summary_table(&tally(summary.results)));
        }
        // Only the unusual is said: programs that ran without (all of) it.
        if !self.aside && summary.isolation != "on" {
            text.push_str(&format!("isolation: {}\n", summary.isolation));
        }
        if !self.aside {
            self.write(&text)?;
        }
        Ok(())
    }
}

/// The style of a verdict's name.
pub fn verdict_style(v: Verdict) -> Style {
    match v {
        Verdict::AC => AnsiColor::Green.on_default().bold(),
        Verdict::ERR | Verdict::INT => AnsiColor::Magenta.on_default().bold(),
        Verdict::PE => AnsiColor::Yellow.on_default().bold(),
        _ => AnsiColor::Red.on_default().bold(),
    }
}

/// One case as a line (and its detail, indented, unless it is AC).
pub fn case_block(r: &CaseResult) -> String {
    let style = verdict_style(r.verdict);
    let who = suite_name(r);
    // A TLE may be the wall-clock backstop (a sleeping solution uses no CPU):
    // show the wall time it ran for beside its CPU time.
    let measured = match r.verdict {
        Verdict::TLE => format!(
            " {} CPU, {} wall {}",
            human_time(r.time),
            human_time(r.wall),
            human_bytes(r.memory)
        ),
        // Nothing ran: `0 ms 0 B` would read as a measurement.
        Verdict::CE => String::new(),
        _ => format!(" {} {}", human_time(r.time), human_bytes(r.memory)),
    };
    let mut s = format!(
        "{style}{:<3}{style:#} {who}/{}{DIM}{measured}{DIM:#}\n",
        r.verdict.name(),
        r.case,
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

/// The line printed when a problem's last case is done (and its known-wrong
/// solutions, `caught` saying which were, when it has any).
pub fn problem_line(name: &str, t: &Tally, caught: Option<&Vec<bool>>) -> String {
    let missed = caught.map_or(0, |c| c.iter().filter(|x| !**x).count());
    let ok = t.all_accepted() && missed == 0;
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
    if let Some(c) = caught {
        let _ = if missed == 0 {
            write!(counts, ", {}/{} known-wrong caught", c.len(), c.len())
        } else {
            write!(counts, ", {missed} known-wrong MISSED")
        };
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

/// A problem line for a problem whose testdata has errors: never a green `ok`,
/// and it says why.
fn incomplete_line(line: &str) -> String {
    let ok = format!(
        "{}ok  {}",
        verdict_style(Verdict::AC),
        verdict_style(Verdict::AC).render_reset()
    );
    let fail = format!(
        "{}FAIL{}",
        verdict_style(Verdict::WA),
        verdict_style(Verdict::WA).render_reset()
    );
    let line = line.replacen(&ok, &fail, 1);
    match line.split_once("  ") {
        Some((head, tail)) => {
            format!("{head}, testdata incomplete (error above)  {tail}")
        }
        None => line,
    }
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
    // The INT column only appears after Ctrl-C: a finished run has none.
    let columns: Vec<Verdict> = Verdict::ALL
        .into_iter()
        .filter(|&v| v != Verdict::INT || tallies.iter().any(|(_, t)| t.count(v) > 0))
        .collect();
    for &v in &columns {
        let _ = write!(s, " {:>4}", v.name());
    }
    let _ = writeln!(s, "  {:<28} {:>10}{BOLD:#}", "slowest", "max memory");
    let mut total = Tally::default();
    for (name, t) in tallies {
        let _ = write!(s, "{name:<width$} {:>5}", t.cases);
        for &v in &columns {
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
    for &v in &columns {
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
                "{} on {first} (after {} of {}){others}",
                w.expected.name(),
                c.cases,
                plural(c.total, "case", "cases")
            ),
        )
    } else if count(Verdict::AC) == c.cases {
        (
            AnsiColor::Red.on_default().bold(),
            "MISSED ",
            format!(
                "all AC on {}: no case shows this mistake (expected {})",
                plural(c.cases, "case", "cases"),
                w.expected.name()
            ),
        )
    } else {
        (
            AnsiColor::Red.on_default().bold(),
            "MISSED ",
            format!(
                "never {} on {}{others} (the wrong verdict for a {}_ solution)",
                w.expected.name(),
                plural(c.cases, "case", "cases"),
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

/// Whether a progress line is on screen now (the Ctrl-C handler clears it).
static DRAWN: AtomicBool = AtomicBool::new(false);

/// Clears the progress line if one is on screen: before the Ctrl-C message.
pub fn clear_progress() {
    if DRAWN.swap(false, Ordering::SeqCst) {
        let _ = std::io::stderr().write_all(b"\r\x1b[2K");
    }
}

/// `[done/total] running 07-x, 08-y` on stderr, redrawn in place, only on a
/// terminal: what is running now, so a run where every case times out still shows
/// what it waits for.
pub struct Progress {
    enabled: bool,
    total: usize,
    done: usize,
    running: Vec<String>,
    status: String,
}

impl Progress {
    /// A progress line for `total` cases, shown if stderr is a terminal and `show`.
    pub fn new(total: usize, show: bool) -> Progress {
        Progress {
            enabled: show && std::io::stderr().is_terminal(),
            total,
            done: 0,
            running: Vec::new(),
            status: String::new(),
        }
    }

    /// Whether the line is drawn at all (stderr is a terminal and it was asked for).
    pub fn shown(&self) -> bool {
        self.enabled
    }

    /// Clears the line so a report line can be printed.
    pub fn clear(&self) {
        if self.enabled {
            clear_progress();
        }
    }

    /// A case has started.
    pub fn start(&mut self, case: &str) {
        self.running.push(case.to_string());
        self.draw();
    }

    /// A case is done.
    pub fn finish(&mut self, case: &str) {
        self.done += 1;
        if let Some(i) = self.running.iter().position(|c| c == case) {
            self.running.remove(i);
        }
        self.draw();
    }

    /// Shows `text` instead of the case counts (empty: back to the counts).
    pub fn status(&mut self, text: &str) {
        self.status = text.to_string();
        self.running.clear();
        self.draw();
    }

    /// Redraws the line (after a block of report lines, too).
    pub fn draw(&self) {
        if !self.enabled {
            return;
        }
        let line = if !self.status.is_empty() {
            self.status.clone()
        } else if self.running.is_empty() || self.done >= self.total {
            self.clear();
            return;
        } else {
            format!(
                "[{}/{}] running {}",
                self.done,
                self.total,
                self.running.join(", ")
            )
        };
        let width = terminal_width().saturating_sub(1).max(20);
        let mut err = std::io::stderr();
        let _ = write!(err, "\r\x1b[2K{}", cut(&line, width));
        let _ = err.flush();
        DRAWN.store(true, Ordering::SeqCst);
    }
}

/// The width of the terminal on stderr, else 80.
fn terminal_width() -> usize {
    rustix::termios::tcgetwinsize(std::io::stderr())
        .ok()
        .map(|w| usize::from(w.ws_col))
        .filter(|&w| w > 0)
        .unwrap_or(80)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::known_wrong::{KnownWrong, expected_verdict};

    fn result(case: &str, verdict: Verdict) -> CaseResult {
        CaseResult::blank("p", "wa_x", case, case.into(), verdict)
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
        assert!(line(&[result("1", Verdict::TLE)], 1).contains("never WA on 1 case; also 1 TLE"));
    }
}
