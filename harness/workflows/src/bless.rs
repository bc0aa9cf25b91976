//! `cargo judge bless NAME`: writing expected outputs.
//!
//! Conservative like trycmd's overwrite mode: missing `.out` files are filled in;
//! existing ones are rewritten only with `--force`, each change shown as a diff first.
//! The output comes from the brute force (default) or the solution, and the other
//! one is run too: if they disagree on any case nothing at all is written and the
//! cases are named. Before anything runs, every selected input goes through the
//! problem's validator (`src/bin/validate.rs`, when it has one), and an input it
//! rejects stops the command with nothing written. Cases are validated and run
//! side by side on the engine's pool (`-j`); what is printed and written stays in
//! case order. Running and comparing reuse `stress`, `check` and `diff`.

use judge_formats::problem::SettingsExt as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};

use crate::stress::{self, Side};
use judge_engine::build;
use judge_engine::check;
use judge_engine::diff::capture;
use judge_engine::plan::{self, CaseFilter};
use judge_engine::pool::Pool;
use judge_formats::discover;
use judge_model::judge::Verdict;
use judge_model::limits::Limits;
use judge_model::names::TOLERATED;
use judge_model::outcome::Outcome;
use judge_model::problem::{Checker, Settings};
use judge_model::units::plural;
use judge_report::bless::{BlessOutcome, Blessed, Change, InvalidInput, Program, Refusal, Written};

/// One expected output to write: its case, the input, the `.out` path and
/// what that file holds now.
struct OutputFile {
    name: String,
    input: PathBuf,
    output: PathBuf,
    old: Option<Vec<u8>>,
}

/// What `cargo judge bless NAME` writes.
#[derive(Debug, Clone)]
pub struct BlessOptions {
    /// The problem (crate name under problems/).
    pub problem: String,
    /// Which program writes the outputs; the other one must agree.
    pub from: BlessFrom,
    /// Also rewrite existing .out files, showing the diff of each change.
    pub force: bool,
    /// Only cases whose name matches one of these globs.
    pub cases: Vec<String>,
    /// CPU time either program may take per case.
    pub brute_time_limit: Duration,
    /// Cases validated and run at once.
    pub jobs: usize,
}

/// Where `bless` takes expected outputs from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlessFrom {
    /// The brute force (src/bin/brute.rs).
    Brute,
    /// The solution (src/main.rs).
    Solution,
}

/// `cargo judge bless NAME`: what it wrote, or why it wrote nothing.
pub fn bless(args: BlessOptions) -> Result<BlessOutcome> {
    let ws = build::workspace()?;
    let name = args.problem.as_str();
    plan::problem(&ws, name)?;
    let dir = ws.testdata().join(name);
    if !dir.is_dir() {
        bail!(
            "problem {name} has no testdata folder: expected {} with NAME.in files",
            dir.display()
        );
    }
    let settings = Settings::load(&dir)?;
    let mut targets = targets(&dir, name, &args.cases)?;
    let kept = targets.iter().filter(|t| t.old.is_some()).count();
    if !args.force {
        targets.retain(|t| t.old.is_none());
    }
    let outcome = |blessed| BlessOutcome {
        problem: name.to_string(),
        blessed,
    };
    if targets.is_empty() {
        return Ok(outcome(Blessed::Nothing { dir, kept }));
    }
    let programs = stress::programs(&ws, name)?;
    let limits = Limits {
        time: settings.limits.time.max(args.brute_time_limit),
        memory: settings.limits.memory.max(1 << 30),
        output: settings.limits.output,
    };
    let bless = Bless {
        root: &ws.root,
        checker: &settings.checker,
        checking: judge_engine::programs::Programs::of_checker(&settings.checker),
        limits,
        from: args.from,
        programs: &programs,
        pool: Pool::new(args.jobs),
    };
    if let Some(validate) = &programs.validate {
        let rejected = bless.rejected_inputs(validate, &targets)?;
        if !rejected.is_empty() {
            return Ok(outcome(Blessed::InvalidInputs(rejected)));
        }
    }
    let outputs = match bless.outputs(&targets)? {
        Ok(writes) => Ok(bless.write(writes)?),
        Err(refusals) => Err(refusals),
    };
    Ok(outcome(Blessed::Ran {
        unvalidated: programs.validate_not_written,
        outputs,
    }))
}

/// The inputs selected by `--case`: every case, and every `.in` without an
/// `.out` yet, each with the `.out` it has now.
fn targets(dir: &Path, name: &str, cases: &[String]) -> Result<Vec<OutputFile>> {
    let found = discover::cases(dir)?;
    let filter = CaseFilter::new(cases)?;
    let mut targets: Vec<OutputFile> = found
        .cases
        .iter()
        .map(|c| OutputFile {
            name: c.name.clone(),
            input: c.input.clone(),
            output: c.output.clone(),
            old: None,
        })
        .collect();
    for lonely in found
        .unpaired
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
    {
        let stem = lonely
            .strip_prefix(dir)
            .unwrap_or(lonely)
            .with_extension("");
        targets.push(OutputFile {
            name: stem.to_string_lossy().replace('\\', "/"),
            input: lonely.clone(),
            output: lonely.with_extension("out"),
            old: None,
        });
    }
    let inputs = targets.len();
    targets.retain(|t| filter.matches(&t.name));
    if targets.is_empty() {
        if filter.is_active() {
            let quoted: Vec<String> = cases.iter().map(|p| format!("\"{p}\"")).collect();
            bail!(
                "--case {} matches no input of {name} ({})",
                quoted.join(", "),
                plural(inputs, "input", "inputs")
            );
        }
        bail!("{}: no inputs (NAME.in) to bless", dir.display());
    }
    for t in &mut targets {
        t.old = std::fs::read(&t.output).ok();
        // An empty .out beside a written input is one still to write (`new` makes
        // the sample pair empty), not an expected output of nothing: fill it.
        let input_written = std::fs::metadata(&t.input).is_ok_and(|m| m.len() > 0);
        if input_written && t.old.as_ref().is_some_and(Vec::is_empty) {
            t.old = None;
        }
    }
    Ok(targets)
}

/// One bless: the programs it runs and how it compares them.
struct Bless<'a> {
    root: &'a Path,
    checker: &'a Checker,
    /// The checker's programs, built before any output is compared.
    checking: judge_engine::programs::Programs,
    limits: Limits,
    from: BlessFrom,
    programs: &'a stress::Bins,
    /// Where the cases run side by side.
    pool: Pool,
}

/// The other program's verdict and why, when it could not cross-check an output.
type Unchecked = Option<(Program, Verdict, String)>;

/// An output to write: its target, the bytes, and whether it was cross-checked.
type ToWrite<'t> = (&'t OutputFile, Vec<u8>, Unchecked);

impl Bless<'_> {
    fn rel(&self, p: &Path) -> String {
        p.strip_prefix(self.root).unwrap_or(p).display().to_string()
    }

    /// (the program that writes the output, which it is), then the other one.
    fn sides(&self) -> ((&Path, Program), (&Path, Program)) {
        let brute = (self.programs.brute.as_path(), Program::BruteForce);
        let solution = (self.programs.solution.as_path(), Program::Solution);
        match self.from {
            BlessFrom::Brute => (brute, solution),
            BlessFrom::Solution => (solution, brute),
        }
    }

    /// An expected output is only as good as its input: every input the problem's
    /// validator rejects, for nothing to be run or written until it is fixed
    /// (a file named `tolerated` deliberately breaks the format, as lint allows).
    fn rejected_inputs(
        &self,
        validate: &Path,
        targets: &[OutputFile],
    ) -> Result<Vec<InvalidInput>> {
        let checked: Vec<&OutputFile> = targets
            .iter()
            .filter(|t| !t.name.contains(TOLERATED))
            .collect();
        let sides = self.pool.map(&checked, |t| {
            stress::run_side(validate, &t.input, &self.limits)
        });
        let mut rejected = Vec::new();
        for (t, side) in checked.into_iter().zip(sides) {
            if let Side::Failed(_, why) = side? {
                rejected.push(InvalidInput {
                    input: self.rel(&t.input),
                    why,
                });
            }
        }
        Ok(rejected)
    }

    /// Runs both programs on every target: the outputs to write, or why each
    /// refused case is refused when either failed or they disagree on any case.
    fn outputs<'t>(
        &self,
        targets: &'t [OutputFile],
    ) -> Result<Result<Vec<ToWrite<'t>>, Vec<Refusal>>> {
        let outputs = self.pool.map(targets, |t| self.output(t));
        let mut refusals = Vec::new();
        let mut writes = Vec::new();
        for (t, output) in targets.iter().zip(outputs) {
            match output? {
                Ok((produced, unchecked)) => writes.push((t, produced, unchecked)),
                Err(refusal) => refusals.push(refusal),
            }
        }
        Ok(if refusals.is_empty() {
            Ok(writes)
        } else {
            Err(refusals)
        })
    }

    /// One target's output and, when the other program could not cross-check
    /// it, why; or why it is refused.
    fn output(&self, t: &OutputFile) -> Result<Result<(Vec<u8>, Unchecked), Refusal>> {
        let ((source, source_program), (other, other_program)) = self.sides();
        let produced = match stress::run_side(source, &t.input, &self.limits)? {
            Side::Ran(o) => o,
            Side::Failed(verdict, why) => {
                return Ok(Err(Refusal::Failed {
                    case: t.name.clone(),
                    program: source_program,
                    verdict,
                    why,
                }));
            }
        };
        let o = match stress::run_side(other, &t.input, &self.limits)? {
            Side::Ran(o) => o,
            Side::Failed(verdict, why) => {
                return Ok(Ok((produced, Some((other_program, verdict, why)))));
            }
        };
        let (b, s) = match self.from {
            BlessFrom::Brute => (&produced, &o),
            BlessFrom::Solution => (&o, &produced),
        };
        match check::check(self.checker, &self.checking, &t.input, s, b)?
            .map_err(crate::stress::checker_failed)?
        {
            Outcome::Accepted => Ok(Ok((produced, None))),
            outcome => Ok(Err(Refusal::Disagree {
                case: t.name.clone(),
                rejection: outcome.rejection().cloned(),
                excerpt: capture(self.checker, b, s),
            })),
        }
    }

    /// Writes each output that changed: what each was before.
    fn write(&self, writes: Vec<ToWrite>) -> Result<Vec<Written>> {
        let ((_, from), _) = self.sides();
        let mut written = Vec::new();
        for (t, produced, unchecked) in writes {
            let change = match &t.old {
                Some(old) if *old == produced => Change::Unchanged,
                Some(old) => Change::Rewritten(capture(&Checker::Exact, old, &produced)),
                None => Change::New,
            };
            if !matches!(change, Change::Unchanged) {
                std::fs::write(&t.output, &produced)
                    .with_context(|| format!("cannot write {}", t.output.display()))?;
            }
            written.push(Written {
                output: self.rel(&t.output),
                from,
                change,
                unchecked,
            });
        }
        Ok(written)
    }
}
