//! The words of `bless`: what it wrote, or why it wrote nothing.

use std::fmt::Write as _;
use std::path::PathBuf;

use judge_compare::Rejection;
use judge_model::excerpt::Excerpt;
use judge_model::judge::Verdict;
use judge_model::names::TOLERATED;
use judge_model::units::plural;

use crate::diff::render_sides;
use crate::style::{BOLD, RED};

/// What `bless` did.
#[derive(Debug, Clone)]
pub struct BlessOutcome {
    /// The problem.
    pub problem: String,
    /// What became of its expected outputs.
    pub blessed: Blessed,
}

/// What became of a problem's expected outputs.
#[derive(Debug, Clone)]
pub enum Blessed {
    /// Every selected input has its `.out` already, kept (no `--force`).
    Nothing {
        /// The testdata folder.
        dir: PathBuf,
        /// The `.out` files kept.
        kept: usize,
    },
    /// The problem's validator rejects inputs: nothing ran, nothing was written.
    InvalidInputs(Vec<InvalidInput>),
    /// Both programs ran on every input.
    Ran {
        /// The problem's validator is the template's stub: the inputs are unchecked.
        unvalidated: bool,
        /// Each output written, or (nothing written) why each refused case is refused.
        outputs: Result<Vec<Written>, Vec<Refusal>>,
    },
}

/// An input the problem's validator rejects.
#[derive(Debug, Clone)]
pub struct InvalidInput {
    /// The input, relative to the workspace.
    pub input: String,
    /// The validator's reason.
    pub why: String,
}

/// One of the two programs bless runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Program {
    /// The brute force (`src/bin/brute.rs`).
    BruteForce,
    /// The solution (`src/main.rs`).
    Solution,
}

impl Program {
    /// How the lines name it.
    pub fn name(self) -> &'static str {
        match self {
            Program::BruteForce => "brute force",
            Program::Solution => "solution",
        }
    }
}

/// Why a case's output is not written.
#[derive(Debug, Clone)]
pub enum Refusal {
    /// The program that writes the output did not run normally.
    Failed {
        /// The case.
        case: String,
        /// The program.
        program: Program,
        /// Its verdict (TLE, MLE, RE, OLE).
        verdict: Verdict,
        /// Why, in a line.
        why: String,
    },
    /// The brute force and the solution disagree.
    Disagree {
        /// The case.
        case: String,
        /// Where and why the checker rejected the solution's output.
        rejection: Option<Rejection>,
        /// The lines of the diff, the brute force's (`-`) against the solution's (`+`).
        excerpt: Excerpt,
    },
}

/// An expected output bless wrote (or found unchanged).
#[derive(Debug, Clone)]
pub struct Written {
    /// The `.out` file, relative to the workspace.
    pub output: String,
    /// The program it comes from.
    pub from: Program,
    /// What it was before.
    pub change: Change,
    /// The other program, when it could not cross-check the output: its verdict and why.
    pub unchecked: Option<(Program, Verdict, String)>,
}

/// What an expected output was before bless.
#[derive(Debug, Clone)]
pub enum Change {
    /// Missing (or empty beside a written input): written now.
    New,
    /// The same bytes: left alone.
    Unchanged,
    /// Different (`--force`): rewritten; the diff, old (`-`) against new (`+`).
    Rewritten(Excerpt),
}

impl BlessOutcome {
    /// Whether bless did what it was asked: wrote (or needed to write) nothing
    /// it refused.
    pub fn passed(&self) -> bool {
        match &self.blessed {
            Blessed::Nothing { .. } => true,
            Blessed::InvalidInputs(_) => false,
            Blessed::Ran { outputs, .. } => outputs.is_ok(),
        }
    }
}

/// The lines `cargo judge bless` prints on stdout.
pub fn text(outcome: &BlessOutcome) -> String {
    let mut out = String::new();
    let name = &outcome.problem;
    match &outcome.blessed {
        Blessed::Nothing { dir, kept } => {
            let _ = writeln!(
                out,
                "nothing to bless in {}: every selected input has its .out ({kept} kept; --force rewrites them)",
                dir.display()
            );
        }
        Blessed::InvalidInputs(rejected) => {
            for r in rejected {
                let _ = writeln!(
                    out,
                    "{RED}refused{RED:#} {}: rejected by {name}-validate ({})",
                    r.input, r.why
                );
            }
            let _ = writeln!(
                out,
                "nothing written: fix the {} or name {} \"{TOLERATED}\" first",
                plural(rejected.len(), "rejected input", "rejected inputs"),
                if rejected.len() == 1 { "it" } else { "them" },
            );
        }
        Blessed::Ran {
            unvalidated,
            outputs,
        } => {
            if *unvalidated {
                let _ = writeln!(
                    out,
                    "note: {name}-validate is not written yet (problems/{name}/src/bin/validate.rs): the inputs are unchecked"
                );
            }
            match outputs {
                Ok(written) => written.iter().for_each(|w| self::written(&mut out, w)),
                Err(refusals) => self::refusals(&mut out, refusals),
            }
        }
    }
    out
}

/// The refused cases, and that nothing was written.
fn refusals(out: &mut String, refusals: &[Refusal]) {
    for r in refusals {
        let why = match r {
            Refusal::Failed {
                case,
                program,
                verdict,
                why,
            } => format!(
                "{case}: the {} failed ({}): {why}",
                program.name(),
                verdict.name()
            ),
            Refusal::Disagree {
                case,
                rejection,
                excerpt,
            } => {
                let mut d = String::new();
                let _ = render_sides(
                    &mut d,
                    rejection.as_ref(),
                    excerpt,
                    ["brute force", "solution"],
                    true,
                );
                format!(
                    "{case}: the brute force and the solution disagree:\n    {}",
                    d.trim_end().replace('\n', "\n    ")
                )
            }
        };
        let _ = writeln!(out, "{RED}refused{RED:#} {why}");
    }
    let _ = writeln!(
        out,
        "nothing written: fix the {} above first",
        plural(refusals.len(), "case", "cases")
    );
}

/// One output's line: new, rewritten (with the diff) or unchanged.
fn written(out: &mut String, w: &Written) {
    let note = match &w.unchecked {
        Some((other, verdict, why)) => format!(
            " (not cross-checked: the {} got {}: {why})",
            other.name(),
            verdict.name()
        ),
        None => String::new(),
    };
    let (rel, from) = (&w.output, w.from.name());
    match &w.change {
        Change::Unchanged => {
            let _ = writeln!(out, "unchanged {rel}{note}");
        }
        Change::Rewritten(excerpt) => {
            let mut d = String::new();
            let _ = render_sides(&mut d, None, excerpt, ["old", "new"], true);
            let _ = writeln!(out, "{BOLD}rewrote{BOLD:#} {rel} from the {from}{note}:");
            for line in d.lines() {
                let _ = writeln!(out, "    {line}");
            }
        }
        Change::New => {
            let _ = writeln!(out, "{BOLD}wrote{BOLD:#} {rel} from the {from}{note}");
        }
    }
}
