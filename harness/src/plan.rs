//! The plan: what to judge. Problems (or a folder), their settings, their cases
//! after `--case` filters, and what is wrong with the testdata, decided before
//! anything is built or run.
//!
//! A [`Suite`] is one problem's cases under one [`Settings`]; [`Suite::jobs`] pairs
//! them with a command (the problem's binary, a known-wrong one, a bundled one, a
//! shell command line) into the [`Job`]s the runner takes. Planning never runs a
//! solution and never prints.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use anyhow::{Context, Result, bail};
use globset::{Glob, GlobSet, GlobSetBuilder};

use crate::build::Workspace;
use crate::cli::Options;
use crate::discover::{self, Case};
use crate::judge::Job;
use crate::problem::Settings;

/// What to judge.
#[derive(Debug, Default)]
pub struct Plan {
    /// One per problem (or folder) that can be judged.
    pub suites: Vec<Suite>,
    /// What cannot be judged, one line each (reported, and the run is broken).
    pub errors: Vec<String>,
    /// What the plan says about itself before judging, one line each (a problem
    /// package's limits and validator, and where they come from).
    pub notes: Vec<String>,
}

/// One problem's (or folder's) cases under one set of settings.
#[derive(Debug, Clone)]
pub struct Suite {
    /// The problem (crate) name, or the folder's name for `run`.
    pub name: String,
    /// The testdata folder.
    pub dir: PathBuf,
    /// Limits and checker.
    pub settings: Settings,
    /// The cases to judge, in natural order, after `--case` filters.
    pub cases: Vec<Case>,
    /// How many cases the folder has before filtering.
    pub total: usize,
}

impl Suite {
    /// One job per case, each running `command` as `solution`.
    pub fn jobs<'a>(
        &'a self,
        solution: &str,
        command: impl Fn() -> Command + Send + Sync + 'a,
    ) -> Vec<Job<'a>> {
        let command: Arc<dyn Fn() -> Command + Send + Sync + 'a> = Arc::new(command);
        self.cases
            .iter()
            .map(|case| {
                let command = Arc::clone(&command);
                Job {
                    problem: self.name.clone(),
                    solution: solution.to_string(),
                    command: Box::new(move || command()),
                    case: case.clone(),
                    settings: &self.settings,
                }
            })
            .collect()
    }
}

/// `--case` globs.
#[derive(Debug, Default)]
pub struct CaseFilter {
    globs: Option<GlobSet>,
}

impl CaseFilter {
    /// A filter from `--case` patterns; none matches everything.
    pub fn new(patterns: &[String]) -> Result<CaseFilter> {
        if patterns.is_empty() {
            return Ok(CaseFilter::default());
        }
        let mut builder = GlobSetBuilder::new();
        for g in patterns {
            builder.add(Glob::new(g).with_context(|| format!("invalid --case pattern \"{g}\""))?);
        }
        Ok(CaseFilter {
            globs: Some(builder.build()?),
        })
    }

    /// Whether the case named `name` is selected.
    pub fn matches(&self, name: &str) -> bool {
        self.globs.as_ref().is_none_or(|g| g.is_match(name))
    }

    /// Whether any pattern was given.
    pub fn is_active(&self) -> bool {
        self.globs.is_some()
    }
}

/// The plan for `cargo judge [PROBLEM...]`: the named problems (all when none).
pub fn workspace(ws: &Workspace, problems: &[String], options: &Options) -> Result<Plan> {
    let names: Vec<String> = if problems.is_empty() {
        ws.problems.iter().map(|p| p.name.clone()).collect()
    } else {
        for name in problems {
            if ws.problem(name).is_none() {
                let known: Vec<_> = ws.problems.iter().map(|p| p.name.as_str()).collect();
                bail!(
                    "unknown problem \"{name}\" (the workspace has: {})",
                    known.join(", ")
                );
            }
        }
        problems.to_vec()
    };
    let filter = CaseFilter::new(&options.cases)?;
    let mut plan = Plan::default();
    if problems.is_empty() {
        orphan_testdata(ws, &mut plan.errors)?;
    }
    for name in &names {
        let dir = ws.testdata().join(name);
        if !dir.is_dir() {
            plan.errors.push(format!(
                "problem {name} has no testdata: expected {}/NAME.in + NAME.out",
                dir.display()
            ));
            continue;
        }
        folder_into(&mut plan, name, &dir, options, &filter)?;
    }
    Ok(plan)
}

/// The plan for `cargo judge run DIR`: one folder.
pub fn folder(dir: &Path, options: &Options) -> Result<Plan> {
    if !dir.is_dir() {
        bail!(
            "{} is not a folder of NAME.in / NAME.out pairs",
            dir.display()
        );
    }
    let name = std::path::absolute(dir)
        .ok()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| dir.display().to_string());
    let filter = CaseFilter::new(&options.cases)?;
    let mut plan = Plan::default();
    if crate::package::is_package(dir) {
        package_into(&mut plan, dir, options, &filter)?;
        return Ok(plan);
    }
    folder_into(&mut plan, &name, dir, options, &filter)?;
    Ok(plan)
}

/// Reads a testdata folder's settings and cases into `plan`; what is wrong with
/// them goes to `plan.errors`.
fn folder_into(
    plan: &mut Plan,
    name: &str,
    dir: &Path,
    options: &Options,
    filter: &CaseFilter,
) -> Result<()> {
    let mut settings = match Settings::load(dir) {
        Ok(s) => s,
        Err(e) => {
            plan.errors.push(format!("{e:#}"));
            return Ok(());
        }
    };
    if let Some(t) = options.time_limit {
        settings.time_limit = std::time::Duration::from_secs_f64(t);
    }
    if let Some(m) = options.memory_limit {
        settings.memory_limit = m << 20;
    }
    let found = discover::cases(dir)?;
    for path in &found.unpaired {
        let partner = if path.extension().is_some_and(|e| e == "in") {
            ".out"
        } else {
            ".in"
        };
        plan.errors
            .push(format!("{}: no matching {partner} file", path.display()));
    }
    for path in &found.ambiguous {
        plan.errors.push(format!(
            "{}: both {} and {} exist; keep one of them",
            path.display(),
            path.with_extension("out").display(),
            path.with_extension("ans").display()
        ));
    }
    let total = found.cases.len();
    let cases: Vec<_> = found
        .cases
        .into_iter()
        .filter(|c| filter.matches(&c.name))
        .collect();
    if total == 0 {
        plan.errors.push(format!(
            "{}: no test cases (NAME.in with NAME.out)",
            dir.display()
        ));
    }
    plan.suites.push(Suite {
        name: name.to_string(),
        dir: dir.to_path_buf(),
        settings,
        cases,
        total,
    });
    Ok(())
}

/// A Kattis/ICPC problem package as a suite: its cases in data order (samples,
/// then secret groups), its limits and its output validator.
fn package_into(plan: &mut Plan, dir: &Path, options: &Options, filter: &CaseFilter) -> Result<()> {
    let package = crate::package::load(dir)?;
    plan.errors.extend(package.errors.iter().cloned());
    let (time_limit, source) = package.time_limit(options.time_limit);
    plan.notes.push(package.header(time_limit, &source));
    let cases: Vec<Case> = package
        .cases
        .iter()
        .map(|c| c.case.clone())
        .filter(|c| filter.matches(&c.name))
        .collect();
    plan.suites.push(Suite {
        name: package.name.clone(),
        dir: dir.to_path_buf(),
        settings: package.settings(time_limit)?,
        cases,
        total: package.cases.len(),
    });
    Ok(())
}

/// Folders under testdata/ with no problem crate of the same name.
fn orphan_testdata(ws: &Workspace, errors: &mut Vec<String>) -> Result<()> {
    let dir = ws.testdata();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        errors.push(format!("{}: no testdata folder", dir.display()));
        return Ok(());
    };
    let mut orphans = Vec::new();
    for entry in entries {
        let entry = entry.with_context(|| format!("cannot read {}", dir.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.path().is_dir() && !name.starts_with('.') && ws.problem(&name).is_none() {
            orphans.push(format!(
                "{}: testdata with no problem crate problems/{name}",
                entry.path().display()
            ));
        }
    }
    orphans.sort();
    errors.extend(orphans);
    Ok(())
}

/// Fails early when the program of `flag`'s command line (`--cmd`,
/// `--interactor`) does not exist: otherwise every case would be an RE (or ERR)
/// from the shell's "not found".
pub fn check_program(flag: &str, cmd: &str) -> Result<()> {
    let Some(program) = cmd.split_whitespace().next() else {
        bail!("{flag} is empty");
    };
    // Shell syntax (assignments, builtins, quoting) is left to the shell.
    if program.contains(['=', '\'', '"', '$', '(', '{'])
        || program.starts_with('.') && !program.contains('/')
    {
        return Ok(());
    }
    let found = if program.contains('/') {
        Path::new(program).is_file()
    } else {
        std::env::var_os("PATH").is_some_and(|paths| {
            std::env::split_paths(&paths).any(|dir| dir.join(program).is_file())
        }) || [
            "cd", "exec", "env", "test", "true", "false", "echo", "printf", "command",
        ]
        .contains(&program)
    };
    if !found {
        bail!("cannot run {flag} \"{cmd}\": program \"{program}\" not found");
    }
    Ok(())
}
