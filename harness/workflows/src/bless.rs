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
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};

use crate::diff;
use crate::stress::{self, Side};
use judge_engine::build;
use judge_engine::check;
use judge_engine::plan::{self, CaseFilter};
use judge_engine::pool::Pool;
use judge_formats::discover;
use judge_model::limits::Limits;
use judge_model::outcome::Outcome;
use judge_model::problem::{Checker, Settings};
use judge_model::status::Status;
use judge_model::units::plural;

use judge_report::style::{BOLD, RED};

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
    /// CPU seconds either program may take per case.
    pub brute_time_limit: f64,
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

/// `cargo judge bless NAME`.
pub fn bless(args: BlessOptions) -> Result<Status> {
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
    if targets.is_empty() {
        writeln!(
            anstream::stdout(),
            "nothing to bless in {}: every selected input has its .out ({kept} kept; --force rewrites them)",
            dir.display()
        )?;
        return Ok(Status::Passed);
    }
    let programs = stress::programs(&ws, name)?;
    let limits = Limits {
        time: settings
            .time_limit
            .max(Duration::from_secs_f64(args.brute_time_limit)),
        memory: settings.memory_limit.max(1 << 30),
        output: settings.output_limit,
    };
    let bless = Bless {
        root: &ws.root,
        name,
        checker: &settings.checker,
        checking: judge_engine::programs::Programs::of_checker(&settings.checker),
        limits,
        from: args.from,
        programs: &programs,
        pool: Pool::new(args.jobs),
    };
    if let Some(validate) = &programs.validate
        && !bless.inputs_valid(validate, &targets)?
    {
        return Ok(Status::Failed);
    }
    if programs.validate_not_written {
        writeln!(
            anstream::stdout(),
            "note: {name}-validate is not written yet (problems/{name}/src/bin/validate.rs): the inputs are unchecked"
        )?;
    }
    let Some(writes) = bless.outputs(&targets)? else {
        return Ok(Status::Failed);
    };
    bless.write(writes)?;
    Ok(Status::Passed)
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
    name: &'a str,
    checker: &'a Checker,
    /// The checker's programs, built before any output is compared.
    checking: judge_engine::programs::Programs,
    limits: Limits,
    from: BlessFrom,
    programs: &'a stress::Bins,
    /// Where the cases run side by side.
    pool: Pool,
}

/// An output to write: its target, the bytes, and a note on the cross-check.
type Blessed<'t> = (&'t OutputFile, Vec<u8>, String);

impl Bless<'_> {
    fn rel(&self, p: &Path) -> String {
        p.strip_prefix(self.root).unwrap_or(p).display().to_string()
    }

    /// (the program that writes the output, its name), then the other one.
    fn sides(&self) -> ((&Path, &'static str), (&Path, &'static str)) {
        let brute = (self.programs.brute.as_path(), "brute force");
        let solution = (self.programs.solution.as_path(), "solution");
        match self.from {
            BlessFrom::Brute => (brute, solution),
            BlessFrom::Solution => (solution, brute),
        }
    }

    /// An expected output is only as good as its input: every input the problem's
    /// validator rejects is named, and nothing is run or written until it is fixed
    /// (a file named `tolerated` deliberately breaks the format, as lint allows).
    fn inputs_valid(&self, validate: &Path, targets: &[OutputFile]) -> Result<bool> {
        let checked: Vec<&OutputFile> = targets
            .iter()
            .filter(|t| !t.name.contains(crate::lint::TOLERATED))
            .collect();
        let sides = self.pool.map(&checked, |t| {
            stress::run_side(validate, &t.input, &self.limits)
        });
        let mut rejected = Vec::new();
        for (t, side) in checked.into_iter().zip(sides) {
            if let Side::Failed(_, why) = side? {
                rejected.push(format!(
                    "{}: rejected by {}-validate ({why})",
                    self.rel(&t.input),
                    self.name
                ));
            }
        }
        if rejected.is_empty() {
            return Ok(true);
        }
        let mut out = anstream::stdout();
        for r in &rejected {
            writeln!(out, "{RED}refused{RED:#} {r}")?;
        }
        writeln!(
            out,
            "nothing written: fix the {} or name {} \"{}\" first",
            plural(rejected.len(), "rejected input", "rejected inputs"),
            if rejected.len() == 1 { "it" } else { "them" },
            crate::lint::TOLERATED
        )?;
        Ok(false)
    }

    /// Runs both programs on every target: the outputs to write, or `None` (the
    /// refusals printed) when either failed or they disagree on any case.
    fn outputs<'t>(&self, targets: &'t [OutputFile]) -> Result<Option<Vec<Blessed<'t>>>> {
        let outputs = self.pool.map(targets, |t| self.output(t));
        let mut refusals = Vec::new();
        let mut writes = Vec::new();
        for (t, output) in targets.iter().zip(outputs) {
            match output? {
                Ok((produced, note)) => writes.push((t, produced, note)),
                Err(refusal) => refusals.push(refusal),
            }
        }
        if refusals.is_empty() {
            return Ok(Some(writes));
        }
        let mut out = anstream::stdout();
        for r in &refusals {
            writeln!(out, "{RED}refused{RED:#} {r}")?;
        }
        writeln!(
            out,
            "nothing written: fix the {} above first",
            plural(refusals.len(), "case", "cases")
        )?;
        Ok(None)
    }

    /// One target's output and the cross-check's note, or why it is refused.
    fn output(&self, t: &OutputFile) -> Result<Result<(Vec<u8>, String), String>> {
        let ((source, source_name), (other, other_name)) = self.sides();
        let produced = match stress::run_side(source, &t.input, &self.limits)? {
            Side::Ran(o) => o,
            Side::Failed(v, why) => {
                return Ok(Err(format!(
                    "{}: the {source_name} failed ({}): {why}",
                    t.name,
                    v.name()
                )));
            }
        };
        let o = match stress::run_side(other, &t.input, &self.limits)? {
            Side::Ran(o) => o,
            Side::Failed(v, why) => {
                let note = format!(
                    " (not cross-checked: the {other_name} got {}: {why})",
                    v.name()
                );
                return Ok(Ok((produced, note)));
            }
        };
        let (b, s) = match self.from {
            BlessFrom::Brute => (&produced, &o),
            BlessFrom::Solution => (&o, &produced),
        };
        match check::check(self.checker, &self.checking, &t.input, s, b)? {
            Outcome::Accepted => Ok(Ok((produced, String::new()))),
            outcome => {
                let mut d = String::new();
                diff::render_texts(
                    &mut d,
                    self.checker,
                    outcome.rejection(),
                    b,
                    s,
                    ["brute force", "solution"],
                    true,
                )
                .expect("writing to a String cannot fail");
                Ok(Err(format!(
                    "{}: the brute force and the solution disagree:\n    {}",
                    t.name,
                    d.trim_end().replace('\n', "\n    ")
                )))
            }
        }
    }

    /// Writes each output, saying whether it was new, rewritten (with the diff)
    /// or unchanged.
    fn write(&self, writes: Vec<Blessed>) -> Result<()> {
        let mut out = anstream::stdout();
        let ((_, source_name), _) = self.sides();
        for (t, produced, note) in writes {
            let rel = self.rel(&t.output);
            match &t.old {
                Some(old) if *old == produced => {
                    writeln!(out, "unchanged {rel}{note}")?;
                    continue;
                }
                Some(old) => {
                    let mut d = String::new();
                    diff::render_texts(
                        &mut d,
                        &Checker::Exact,
                        None,
                        old,
                        &produced,
                        ["old", "new"],
                        true,
                    )
                    .expect("writing to a String cannot fail");
                    writeln!(
                        out,
                        "{BOLD}rewrote{BOLD:#} {rel} from the {source_name}{note}:"
                    )?;
                    for line in d.lines() {
                        writeln!(out, "    {line}")?;
                    }
                }
                None => writeln!(
                    out,
                    "{BOLD}wrote{BOLD:#} {rel} from the {source_name}{note}"
                )?,
            }
            std::fs::write(&t.output, &produced)
                .with_context(|| format!("cannot write {}", t.output.display()))?;
        }
        Ok(())
    }
}
