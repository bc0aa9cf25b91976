//! The words of `cargo judge stress`: the workflow emits typed [`Event`]s as it
//! goes (started, progress, found, shrunk, the minimal input, saved, no failure)
//! and [`Words`] writes each as the lines a user sees, the progress line on
//! stderr (on a terminal only) and the rest on stdout.

use std::io::{self, IsTerminal as _, Write};
use std::path::PathBuf;

use judge_compare::Rejection;
use judge_model::excerpt::Excerpt;
use judge_model::judge::{Extra, Reason, Verdict};
use judge_model::units::plural;

use crate::style::{BOLD, GREEN, RED};

/// What a stress run is: named once, at the start.
#[derive(Debug, Clone)]
pub struct Started {
    /// The problem.
    pub problem: String,
    /// An interactive problem: the interactor is the oracle, not a brute force.
    pub interactive: bool,
    /// The first seed.
    pub first_seed: u64,
    /// The generator's `--lines`.
    pub lines: u64,
    /// The generator's `--max`.
    pub max: u64,
    /// The generator's further arguments (after `--`).
    pub extra_args: Vec<String>,
    /// The checker comparing the solution's output with the brute force's (a
    /// batch problem's; `None` for an interactive one, whose interactor decides).
    pub checker: Option<Compared>,
}

/// The checker stress compares with, and where it comes from.
#[derive(Debug, Clone)]
pub struct Compared {
    /// The checker.
    pub checker: judge_model::problem::Checker,
    /// The problem.toml it was read from (`testdata/NAME/problem.toml`).
    pub file: String,
    /// Whether that file exists: without it the checker is the default, which a
    /// user who wrote another one elsewhere (a problem.toml moved, a folder
    /// removed) would otherwise not know.
    pub exists: bool,
}

impl Started {
    /// The generator's arguments after `--seed S`.
    fn generator_args(&self) -> String {
        let mut args = format!("--lines {} --max {}", self.lines, self.max);
        for a in &self.extra_args {
            args.push(' ');
            args.push_str(a);
        }
        args
    }

    /// The command that reruns just `seed`.
    fn reproduce(&self, seed: u64) -> String {
        format!(
            "cargo judge stress {} --seed {seed} --cases 1 --lines {} --max {}{}",
            self.problem,
            self.lines,
            self.max,
            if self.extra_args.is_empty() {
                String::new()
            } else {
                format!(" -- {}", self.extra_args.join(" "))
            }
        )
    }
}

/// What one failing input showed.
#[derive(Debug, Clone)]
pub enum Finding {
    /// The brute force did not run normally on it.
    BruteFailed {
        /// Its verdict.
        verdict: Verdict,
        /// Why, in one line.
        why: String,
    },
    /// The brute force ran; the solution did not (TLE, RE, ...).
    SolutionFailed {
        /// Its verdict.
        verdict: Verdict,
        /// Why, in one line.
        why: String,
    },
    /// Both ran and the checker rejects the solution's output.
    Differ {
        /// WA or PE.
        verdict: Verdict,
        /// What the checker rejected (none for an external checker's).
        rejection: Option<Rejection>,
        /// The differing lines, expected (brute force) against actual (solution).
        excerpt: Excerpt,
    },
    /// An interactive run the interactor did not accept (ERR: the judge failed).
    Played {
        /// The verdict.
        verdict: Verdict,
        /// Why, as data.
        reason: Option<Reason>,
        /// The interactor's feedback.
        judge_message: String,
        /// The dialogue.
        dialogue: Extra,
    },
}

/// What a search that found no failure counted.
#[derive(Debug, Clone)]
pub struct NoFailure {
    /// Seeds tested.
    pub done: u64,
    /// Inputs the brute force declined.
    pub refused: u64,
    /// The first declined input's seed and the brute force's words.
    pub first_refusal: Option<(u64, String)>,
    /// Seconds the search took.
    pub seconds: f64,
}

impl NoFailure {
    /// Nothing was compared: the brute force declined every input (a broken run,
    /// not a pass).
    pub fn nothing_compared(&self) -> bool {
        self.refused == self.done
    }
}

/// What `--save` wrote.
#[derive(Debug, Clone)]
pub enum Saved {
    /// A batch case: the input and the brute force's output.
    Batch {
        /// The input, relative to the workspace.
        input: PathBuf,
        /// The expected output, relative to the workspace.
        answer: PathBuf,
        /// Whether a validator checked the input.
        validated: bool,
    },
    /// An interactive case: the input, and the answer file when the generator
    /// has an answer mode.
    Interactive {
        /// The input.
        input: PathBuf,
        /// The answer file's path.
        answer: PathBuf,
        /// Whether the answer file was written (from `NAME-gen --answer`).
        written: bool,
    },
}

/// What stress says, in the order it happens.
#[derive(Debug, Clone)]
pub enum Event {
    /// The search starts.
    Started(Started),
    /// An interactive problem's answer files: from the generator's answer mode,
    /// or empty (with what `--answer INPUT` said).
    Answers(Result<(), String>),
    /// Seeds tested so far, and how fast (every 0.1 s while the search runs).
    Progress {
        /// Seeds tested.
        done: u64,
        /// Seeds a second.
        rate: f64,
    },
    /// The search ended.
    Ended,
    /// No seed failed.
    NoFailure(NoFailure),
    /// The smallest failing seed.
    Found {
        /// The seed.
        seed: u64,
        /// Seeds tested.
        done: u64,
        /// Seconds the search took.
        seconds: f64,
        /// What it showed.
        finding: Finding,
        /// Its input, as generated.
        input: String,
    },
    /// A timeout is not shrunk: each try would take the whole limit.
    TimeoutNotShrunk,
    /// The input was shrunk.
    Shrunk {
        /// Lines before.
        from: usize,
        /// Lines after.
        to: usize,
        /// Runs it took.
        runs: u64,
        /// Seconds it took.
        seconds: f64,
        /// Whether each smaller input was checked (by the validator, or the
        /// generator's answer mode) before it was kept.
        checked: bool,
    },
    /// The minimal failing input and what it showed last.
    Minimal {
        /// The seed it came from.
        seed: u64,
        /// The input.
        input: String,
        /// What it showed.
        last: Finding,
    },
    /// `--save` wrote the case.
    Saved(Saved),
}

/// Writes stress's events as lines: the progress line on stderr when it is a
/// terminal, everything else on `out`.
pub struct Words<W: Write> {
    out: W,
    started: Option<Started>,
    live: bool,
}

impl Words<anstream::AutoStream<io::Stdout>> {
    /// On stdout (styled as anstream decides), progress on a terminal's stderr.
    pub fn stdout() -> Self {
        Words::new(anstream::stdout(), io::stderr().is_terminal())
    }
}

impl<W: Write> Words<W> {
    /// On `out`; the progress line on stderr when `live`.
    pub fn new(out: W, live: bool) -> Self {
        Words {
            out,
            started: None,
            live,
        }
    }

    /// Writes `event`.
    pub fn event(&mut self, event: &Event) -> io::Result<()> {
        match event {
            Event::Started(s) => {
                self.say_started(s)?;
                if let Some(c) = &s.checker {
                    self.say_checker(c)?;
                }
                self.started = Some(s.clone());
            }
            Event::Answers(a) => self.say_answers(a)?,
            Event::Progress { done, rate } => {
                if self.live {
                    eprint!("\r\x1b[2K{done} cases, {rate:.0} cases/s");
                }
            }
            Event::Ended => {
                if self.live {
                    eprint!("\r\x1b[2K");
                }
            }
            Event::NoFailure(n) => self.say_no_failure(n)?,
            Event::Found {
                seed,
                done,
                seconds,
                finding,
                input,
            } => self.say_found(*seed, *done, *seconds, finding, input)?,
            Event::TimeoutNotShrunk => writeln!(
                self.out,
                "not shrinking a timeout: each try would take the whole {} limit",
                if self.run().interactive {
                    "wall"
                } else {
                    "time"
                }
            )?,
            Event::Shrunk {
                from,
                to,
                runs,
                seconds,
                checked,
            } => writeln!(
                self.out,
                "shrunk {} to {} in {runs} runs ({seconds:.1} s){}",
                plural(*from, "line", "lines"),
                plural(*to, "line", "lines"),
                if *checked {
                    ""
                } else {
                    "; no validator checked the smaller inputs, so the minimal one may break the statement's constraints"
                },
            )?,
            Event::Minimal { seed, input, last } => self.say_minimal(*seed, input, last)?,
            Event::Saved(saved) => self.say_saved(saved)?,
        }
        Ok(())
    }

    /// The run [`Event::Started`] named.
    fn run(&self) -> &Started {
        self.started
            .as_ref()
            .expect("stress says what it runs before anything else")
    }

    fn say_started(&mut self, s: &Started) -> io::Result<()> {
        let name = &s.problem;
        let args = s.generator_args();
        if s.interactive {
            writeln!(
                self.out,
                "stress {name} (interactive): the solution against its interactor on \
                 `{name}-gen --seed S {args}`, seeds from {}",
                s.first_seed
            )
        } else {
            writeln!(
                self.out,
                "stress {BOLD}{name}{BOLD:#}: solution vs brute force on `{name}-gen --seed S \
                 {args}`, seeds from {}",
                s.first_seed
            )
        }
    }

    /// The line naming the checker, and where it comes from.
    fn say_checker(&mut self, c: &Compared) -> io::Result<()> {
        let name = crate::checker::name(&c.checker);
        if c.exists {
            writeln!(self.out, "checker: {name} (from {})", c.file)
        } else {
            writeln!(
                self.out,
                "checker: {name}, the default: there is no {} (a problem.toml there \
                 names another, docs/problem-toml.md)",
                c.file
            )
        }
    }

    fn say_answers(&mut self, answers: &Result<(), String>) -> io::Result<()> {
        let name = self.run().problem.clone();
        match answers {
            Ok(()) => writeln!(self.out, "answer files: from `{name}-gen --answer INPUT`"),
            Err(why) => writeln!(
                self.out,
                "answer files: empty ({name}-gen has no answer mode: `--answer INPUT` says {why})"
            ),
        }
    }

    /// What a search that found no failure says: the inputs the brute force
    /// declined, how many cases agreed, and how to search further.
    fn say_no_failure(&mut self, n: &NoFailure) -> io::Result<()> {
        let run = self.run().clone();
        let (first, last) = (
            run.first_seed,
            run.first_seed.wrapping_add(n.done).wrapping_sub(1),
        );
        if n.done == 0 {
            return writeln!(
                self.out,
                "{RED}nothing compared{RED:#}: no input was tested"
            );
        }
        if run.interactive {
            return writeln!(
                self.out,
                "ok: accepted on all {} inputs (seeds {first}..={last}) in {:.1} s",
                n.done, n.seconds
            );
        }
        if let Some((seed, why)) = &n.first_refusal {
            writeln!(
                self.out,
                "skipped {} inputs the brute force declined (first: seed {seed}, {why}); \
                 a smaller --max keeps inputs within its limits",
                n.refused
            )?;
        }
        if n.nothing_compared() {
            return writeln!(
                self.out,
                "{RED}nothing compared{RED:#}: the brute force declined every input"
            );
        }
        writeln!(
            self.out,
            "{GREEN}ok{GREEN:#}: no difference in {} cases (seeds {first}..={last}) in {:.1} s, \
             {:.0} cases/s",
            n.done - n.refused,
            n.seconds,
            rate(n.done, n.seconds)
        )?;
        // Nothing found only means nothing within these inputs: say which, and how
        // to reach further (a u32 overflow needs values far above the default --max 50).
        writeln!(
            self.out,
            "the inputs were `{}-gen --seed S {}`; larger ones: --max V and --lines N \
             (the brute force must keep up), more: --time SECS or --cases N, \
             and --checked turns a silent overflow into a crash",
            run.problem,
            run.generator_args()
        )
    }

    /// The failing seed, and what failed on it; for a brute force that failed, its
    /// input and how to reproduce it too (there is nothing to shrink).
    fn say_found(
        &mut self,
        seed: u64,
        done: u64,
        seconds: f64,
        finding: &Finding,
        input: &str,
    ) -> io::Result<()> {
        let out = &mut self.out;
        if let Finding::Played { verdict, .. } = finding {
            if *verdict == Verdict::ERR {
                return writeln!(
                    out,
                    "the judge failed on seed {seed}:\n{}",
                    indent(&shown(finding))
                );
            }
            return writeln!(
                out,
                "FOUND on seed {seed} after {done} cases in {seconds:.1} s: {}",
                verdict.name()
            );
        }
        writeln!(
            out,
            "{RED}FOUND{RED:#} on seed {seed} after {done} cases in {seconds:.1} s ({:.0} cases/s)",
            rate(done, seconds)
        )?;
        match finding {
            Finding::BruteFailed { verdict, why } => {
                let reproduce = self.run().reproduce(seed);
                writeln!(
                    self.out,
                    "the {BOLD}brute force{BOLD:#} failed ({}): {why}\ninput:\n{}reproduce: \
                     {reproduce}",
                    verdict.name(),
                    indent(input)
                )
            }
            Finding::SolutionFailed { verdict, why } => writeln!(
                self.out,
                "the {BOLD}solution{BOLD:#} failed with {RED}{}{RED:#} ({why}) where the brute \
                 force ran",
                verdict.name()
            ),
            Finding::Differ { verdict, .. } => writeln!(
                self.out,
                "the solution's output differs from the brute force's: {RED}{}{RED:#}",
                verdict.name()
            ),
            Finding::Played { .. } => Ok(()),
        }
    }

    /// The minimal input, what it showed (the diff, the solution's failure or the
    /// interactive run), and how to reproduce it.
    fn say_minimal(&mut self, seed: u64, input: &str, last: &Finding) -> io::Result<()> {
        let reproduce = self.run().reproduce(seed);
        let out = &mut self.out;
        write!(
            out,
            "{BOLD}minimal input{BOLD:#} (seed {seed}):\n{}",
            indent(input)
        )?;
        match last {
            Finding::Differ {
                rejection, excerpt, ..
            } => {
                let mut d = String::new();
                crate::diff::render_sides(
                    &mut d,
                    rejection.as_ref(),
                    excerpt,
                    ["expected", "actual"],
                    true,
                )
                .expect("writing to a String cannot fail");
                write!(
                    out,
                    "{BOLD}expected{BOLD:#} (brute force) vs {BOLD}actual{BOLD:#} (solution):\n{}",
                    indent(&d)
                )?;
            }
            Finding::SolutionFailed { verdict, why } => {
                writeln!(out, "solution: {} ({why})", verdict.name())?;
            }
            Finding::Played { .. } => writeln!(out, "{}", shown(last))?,
            Finding::BruteFailed { .. } => {}
        }
        writeln!(out, "reproduce: {reproduce}")
    }

    fn say_saved(&mut self, saved: &Saved) -> io::Result<()> {
        let name = self.run().problem.clone();
        match saved {
            Saved::Batch {
                input,
                answer,
                validated,
            } => writeln!(
                self.out,
                "saved {} and {} (expected output from the brute force{})",
                input.display(),
                answer.display(),
                if *validated {
                    ", input checked by the validator"
                } else {
                    "; the input is unchecked: no validator"
                }
            ),
            Saved::Interactive {
                input,
                answer,
                written: true,
            } => writeln!(
                self.out,
                "saved {} and {} (from `{name}-gen --answer`)",
                input.display(),
                answer.display()
            ),
            Saved::Interactive { input, answer, .. } => writeln!(
                self.out,
                "saved {}; no {}: {name}-gen has no answer mode (`--answer INPUT`), so write the \
                 answer file yourself (lint reports the input unpaired until then)",
                input.display(),
                answer.display()
            ),
        }
    }
}

/// An interactive run's verdict in words: why, the judge message, the dialogue.
fn shown(finding: &Finding) -> String {
    let Finding::Played {
        reason,
        judge_message,
        dialogue,
        ..
    } = finding
    else {
        return String::new();
    };
    let mut shown = reason
        .as_ref()
        .map(crate::reason::words)
        .unwrap_or_default();
    if !judge_message.is_empty() {
        let message = Extra::JudgeMessage(judge_message.clone());
        let title = crate::extra_title(&message);
        shown.push_str(&format!("\n{title}: {}", message.text()));
    }
    let title = crate::extra_title(dialogue);
    shown.push_str(&format!("\n{title}:\n{}", indent(dialogue.text())));
    shown.trim_start().to_string()
}

/// Cases a second.
fn rate(done: u64, seconds: f64) -> f64 {
    done as f64 / seconds.max(1e-9)
}

/// `text` with every line indented by four spaces, for quoting inputs and outputs.
pub fn indent(text: &str) -> String {
    let mut s = String::new();
    for line in text.lines() {
        s.push_str("    ");
        s.push_str(line);
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn started(interactive: bool) -> Started {
        Started {
            problem: "p".into(),
            interactive,
            first_seed: 5,
            lines: 10,
            max: 50,
            extra_args: vec!["--k".into(), "3".into()],
            checker: None,
        }
    }

    #[test]
    fn the_start_names_the_checker_and_whether_it_is_the_default() {
        let compared = |exists| Compared {
            checker: judge_model::problem::Checker::Exact,
            file: "testdata/p/problem.toml".into(),
            exists,
        };
        for (exists, line) in [
            (true, "checker: exact (from testdata/p/problem.toml)\n"),
            (
                false,
                "checker: exact, the default: there is no testdata/p/problem.toml (a \
                 problem.toml there names another, docs/problem-toml.md)\n",
            ),
        ] {
            let s = Started {
                checker: Some(compared(exists)),
                ..started(false)
            };
            let text = words(&[Event::Started(s)]);
            assert!(text.ends_with(line), "{text}");
        }
        assert!(!words(&[Event::Started(started(false))]).contains("checker:"));
    }

    /// What `events` print, without styles.
    fn words(events: &[Event]) -> String {
        let mut out = Vec::new();
        let mut w = Words::new(&mut out, false);
        for e in events {
            w.event(e).unwrap();
        }
        crate::plain(&String::from_utf8(out).unwrap())
    }

    fn no_failure(done: u64, refused: u64) -> Event {
        Event::NoFailure(NoFailure {
            done,
            refused,
            first_refusal: (refused > 0).then(|| (7, "exit 1: error: too big".into())),
            seconds: 1.0,
        })
    }

    #[test]
    fn a_search_that_compared_nothing_says_why() {
        for (done, refused, why) in [
            (0, 0, "nothing compared: no input was tested"),
            (
                4,
                4,
                "nothing compared: the brute force declined every input",
            ),
        ] {
            let text = words(&[Event::Started(started(false)), no_failure(done, refused)]);
            assert!(text.contains(why), "{done} {refused}: {text}");
            assert!(!text.contains("ok"), "{text}");
        }
    }

    #[test]
    fn no_difference_counts_the_compared_seeds_and_names_the_generator_run() {
        let text = words(&[Event::Started(started(false)), no_failure(10, 3)]);
        assert!(text.contains("skipped 3 inputs the brute force declined (first: seed 7"));
        assert!(
            text.contains("ok: no difference in 7 cases (seeds 5..=14)"),
            "{text}"
        );
        assert!(
            text.contains("`p-gen --seed S --lines 10 --max 50 --k 3`"),
            "{text}"
        );
    }

    #[test]
    fn the_reproduce_line_passes_the_generator_arguments_on() {
        for interactive in [false, true] {
            let last = Finding::SolutionFailed {
                verdict: Verdict::RE,
                why: "exit 101".into(),
            };
            let text = words(&[
                Event::Started(started(interactive)),
                Event::Minimal {
                    seed: 9,
                    input: "1 2\n".into(),
                    last,
                },
            ]);
            assert!(
                text.contains(
                    "reproduce: cargo judge stress p --seed 9 --cases 1 --lines 10 --max 50 -- --k 3"
                ),
                "{text}"
            );
            assert!(
                text.contains("minimal input (seed 9):\n    1 2\n"),
                "{text}"
            );
        }
    }
}
