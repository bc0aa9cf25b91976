//! `cargo judge bless NAME`: writing expected outputs.
//!
//! Conservative like trycmd's overwrite mode: missing `.out` files are filled in;
//! existing ones are rewritten only with `--force`, each change shown as a diff first.
//! The output comes from the brute force (default) or the solution, and the other
//! one is run too: if they disagree on any case nothing at all is written and the
//! cases are named. Before anything runs, every selected input goes through the
//! problem's validator (`src/bin/validate.rs`, when it has one), and an input it
//! rejects stops the command with nothing written. Running and comparing reuse
//! `stress`, `check` and `diff`.

use std::io::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use anstyle::{AnsiColor, Style};
use anyhow::{Context, Result, bail};

use crate::check::{self, Outcome};
use crate::cli::{BlessArgs, BlessFrom};
use crate::discover;
use crate::plan::{self, CaseFilter};
use crate::problem::{Checker, Settings};
use crate::run::Limits;
use crate::status::Status;
use crate::stress::{self, Side};
use crate::units::plural;
use crate::{build, diff};

const BOLD: Style = Style::new().bold();
const RED: Style = AnsiColor::Red.on_default().bold();

/// One input to bless.
struct Target {
    name: String,
    input: PathBuf,
    output: PathBuf,
    old: Option<Vec<u8>>,
}

/// `cargo judge bless NAME`.
pub fn bless(args: BlessArgs) -> Result<Status> {
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
    let found = discover::cases(&dir)?;
    let filter = CaseFilter::new(&args.cases)?;
    let mut targets: Vec<Target> = found
        .cases
        .iter()
        .map(|c| Target {
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
            .strip_prefix(&dir)
            .unwrap_or(lonely)
            .with_extension("");
        targets.push(Target {
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
            let quoted: Vec<String> = args.cases.iter().map(|p| format!("\"{p}\"")).collect();
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
    }
    let kept = targets.iter().filter(|t| t.old.is_some()).count();
    if !args.force {
        targets.retain(|t| t.old.is_none());
    }
    let rel = |p: &std::path::Path| p.strip_prefix(&ws.root).unwrap_or(p).display().to_string();
    let mut out = anstream::stdout();
    if targets.is_empty() {
        writeln!(
            out,
            "nothing to bless in {}: every selected input has its .out ({kept} kept; --force rewrites them)",
            dir.display()
        )?;
        return Ok(Status::Passed);
    }
    let programs = stress::programs(&ws, name)?;
    let (source, other, source_name, other_name) = match args.from {
        BlessFrom::Brute => (
            &programs.brute,
            &programs.solution,
            "brute force",
            "solution",
        ),
        BlessFrom::Solution => (
            &programs.solution,
            &programs.brute,
            "solution",
            "brute force",
        ),
    };
    let limits = Limits {
        time: settings
            .time_limit
            .max(Duration::from_secs_f64(args.brute_time_limit)),
        memory: settings.memory_limit.max(1 << 30),
        output: settings.output_limit,
    };
    // An expected output is only as good as its input: every input the problem's
    // validator rejects is named, and nothing is run or written until it is fixed
    // (a file named `tolerated` deliberately breaks the format, as lint allows).
    if let Some(validate) = &programs.validate {
        let mut rejected = Vec::new();
        for t in targets
            .iter()
            .filter(|t| !t.name.contains(crate::lint::TOLERATED))
        {
            if let Side::Failed(_, why) = stress::run_side(validate, &t.input, &limits)? {
                rejected.push(format!(
                    "{}: rejected by {name}-validate ({why})",
                    rel(&t.input)
                ));
            }
        }
        if !rejected.is_empty() {
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
            return Ok(Status::Failed);
        }
    }
    let mut refusals = Vec::new();
    let mut writes = Vec::new();
    for t in &targets {
        let produced = match stress::run_side(source, &t.input, &limits)? {
            Side::Ran(o) => o,
            Side::Failed(v, why) => {
                refusals.push(format!(
                    "{}: the {source_name} failed ({}): {why}",
                    t.name,
                    v.name()
                ));
                continue;
            }
        };
        let note = match stress::run_side(other, &t.input, &limits)? {
            Side::Ran(o) => {
                let (b, s) = match args.from {
                    BlessFrom::Brute => (&produced, &o),
                    BlessFrom::Solution => (&o, &produced),
                };
                match check::check(&settings.checker, &t.input, s, b)? {
                    Outcome::Accepted => String::new(),
                    outcome => {
                        let mut d = String::new();
                        diff::render_texts(
                            &mut d,
                            &settings.checker,
                            outcome.rejection(),
                            b,
                            s,
                            ["brute force", "solution"],
                            true,
                        )
                        .expect("writing to a String cannot fail");
                        refusals.push(format!(
                            "{}: the brute force and the solution disagree:\n    {}",
                            t.name,
                            d.trim_end().replace('\n', "\n    ")
                        ));
                        continue;
                    }
                }
            }
            Side::Failed(v, why) => format!(
                " (not cross-checked: the {other_name} got {}: {why})",
                v.name()
            ),
        };
        writes.push((t, produced, note));
    }
    if !refusals.is_empty() {
        for r in &refusals {
            writeln!(out, "{RED}refused{RED:#} {r}")?;
        }
        writeln!(
            out,
            "nothing written: fix the {} above first",
            plural(refusals.len(), "case", "cases")
        )?;
        return Ok(Status::Failed);
    }
    for (t, produced, note) in writes {
        let rel = rel(&t.output);
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
    Ok(Status::Passed)
}
