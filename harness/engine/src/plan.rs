//! The plan: what to judge. Problems (or a folder), their settings, their cases
//! after `--case` filters, and what is wrong with the testdata, decided before
//! anything is built or run.
//!
//! A [`Suite`] is one problem's cases under one [`Settings`]; [`Suite::jobs`] pairs
//! them with a command (the problem's binary, a known-wrong one, a bundled one, a
//! shell command line) into the [`Job`]s the runner takes. Planning reads the
//! problems with `judge_formats`, builds what judging starts first (a testlib
//! checker, a package's interactor) and makes a Polygon package's missing tests;
//! it never runs a solution and never prints.

use crate::ext::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, Result, bail};

use crate::build::{Problem, Workspace};
use crate::shell::ShellCommand;
use crate::task::Task;
use judge_formats::discover;
use judge_formats::glob::Glob;
use judge_formats::problem::SettingsExt;
use judge_model::case::Case;
use judge_model::judge::Job;
use judge_model::problem::{Checker, Settings};
use judge_model::units::plural;
use judge_sandbox::RunSpec;

/// What to judge.
#[derive(Debug, Default)]
pub struct Plan {
    /// One per problem (or folder) that can be judged.
    pub suites: Vec<Suite>,
    /// What cannot be judged, one line each (reported, and the run is broken).
    pub errors: Vec<String>,
    /// What a problem package judges and how (its limits and validator, and
    /// where they come from), said before judging.
    pub package: Option<judge_model::package::Summary>,
    /// What the package's reader warns of, said before judging (never failing it).
    pub warnings: Vec<judge_model::package::PackageWarning>,
    /// The suites whose testdata has errors (an unpaired file, ...): judged, but
    /// never reported as a clean pass.
    pub incomplete: Vec<String>,
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
    /// The command-line arguments a case gives the solution (a package's 2025-09
    /// `args`), by case name; a case not named here gets none.
    pub args: HashMap<String, Vec<String>>,
}

impl Suite {
    /// One task per case, each running `command` as `solution`, with the case's
    /// [`Suite::args`] appended to it (a command made by [`ShellCommand`] passes
    /// them on to its program).
    pub fn tasks<'a>(
        &'a self,
        solution: &str,
        command: impl Fn() -> RunSpec + Send + Sync + 'a,
    ) -> Vec<Task<'a>> {
        let command: Arc<dyn Fn() -> RunSpec + Send + Sync + 'a> = Arc::new(command);
        self.cases
            .iter()
            .map(|case| {
                let command = Arc::clone(&command);
                let args = self.args.get(&case.name).cloned().unwrap_or_default();
                Task {
                    job: Job {
                        problem: self.name.clone(),
                        solution: solution.to_string(),
                        case: case.clone(),
                        settings: &self.settings,
                    },
                    start: Box::new(move || {
                        let mut c = command();
                        c.args(&args);
                        c
                    }),
                }
            })
            .collect()
    }
}

/// `--case` globs.
#[derive(Debug, Default)]
pub struct CaseFilter {
    globs: Option<Vec<Glob>>,
}

impl CaseFilter {
    /// A filter from `--case` patterns; none matches everything.
    pub fn new(patterns: &[String]) -> Result<CaseFilter> {
        if patterns.is_empty() {
            return Ok(CaseFilter::default());
        }
        let globs = patterns
            .iter()
            .map(|g| Glob::new(g).with_context(|| format!("invalid --case pattern \"{g}\"")))
            .collect::<Result<_>>()?;
        Ok(CaseFilter { globs: Some(globs) })
    }

    /// Whether the case named `name` is selected.
    pub fn matches(&self, name: &str) -> bool {
        self.globs
            .as_ref()
            .is_none_or(|globs| globs.iter().any(|g| g.is_match(name)))
    }

    /// Whether any pattern was given.
    pub fn is_active(&self) -> bool {
        self.globs.is_some()
    }
}

/// What the command line asks of a plan: which cases, and limits that override
/// every problem's own.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// `--case` globs (every case when empty).
    pub cases: Vec<String>,
    /// `--time-limit`.
    pub time_limit: Option<std::time::Duration>,
    /// `--memory-limit`, in MiB.
    pub memory_limit: Option<u64>,
}

/// The plan for `cargo judge [PROBLEM...]`: the named problems (when none, the
/// problem of the current folder, else all).
pub fn workspace(ws: &Workspace, problems: &[String], options: &Selection) -> Result<Plan> {
    let here: Vec<String> = ws.problem_here().into_iter().collect();
    let problems = if problems.is_empty() { &here } else { problems };
    let selected = select(ws, problems, Takes::Problems)?;
    let filter = CaseFilter::new(&options.cases)?;
    let mut plan = Plan::default();
    if problems.is_empty() {
        orphan_testdata(ws, &selected, &mut plan.errors);
    }
    for named in selected.iter().filter(|n| n.has_crate) {
        let name = &named.name;
        let dir = ws.testdata().join(name);
        if !named.has_testdata {
            let hint = ws.problem(name).and_then(folder_hint).unwrap_or_default();
            plan.errors.push(format!(
                "problem {name} has no testdata: expected {}/NAME.in + NAME.out{hint}",
                dir.display()
            ));
            continue;
        }
        let before = plan.errors.len();
        folder_into(&mut plan, name, &dir, options, &filter, Some(name))?;
        if plan.errors.len() > before {
            plan.incomplete.push(name.clone());
        }
    }
    plan.require_cases(&options.cases);
    Ok(plan)
}

/// The plan for `cargo judge run DIR`: one folder. (The command line may then
/// replace its checker; `check_checker` it after.)
pub fn folder(dir: &Path, options: &Selection) -> Result<Plan> {
    if !dir.is_dir() {
        if let Some(hint) = judge_formats::package::archive_hint(dir) {
            bail!("{hint}");
        }
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
    if judge_formats::package::is_package(dir) {
        package_into(&mut plan, dir, options, &filter)?;
        plan.require_cases(&options.cases);
        return Ok(plan);
    }
    folder_into(&mut plan, &name, dir, options, &filter, None)?;
    if !plan.errors.is_empty() {
        plan.incomplete.push(name);
    }
    plan.require_cases(&options.cases);
    Ok(plan)
}

impl Plan {
    /// An error when `--case` patterns select no case at all: a CI job with a typo
    /// in its glob must not pass by judging nothing.
    fn require_cases(&mut self, patterns: &[String]) {
        if self.suites.iter().any(|s| !s.cases.is_empty()) {
            return;
        }
        if !patterns.is_empty() && self.suites.iter().any(|s| s.total > 0) {
            let quoted: Vec<String> = patterns.iter().map(|p| format!("\"{p}\"")).collect();
            let of: Vec<String> = self
                .suites
                .iter()
                .map(|s| format!("{} ({})", s.name, plural(s.total, "case", "cases")))
                .collect();
            self.errors.push(format!(
                "--case {} matches no case of {}",
                quoted.join(", "),
                of.join(", ")
            ));
            return;
        }
        if self.errors.is_empty() {
            self.errors.push("nothing to judge: no test cases".into());
        }
    }
}

/// The workspace's problem `name`, or the one error for an unknown name, with the
/// nearest names as suggestions (every command that takes a problem uses it).
pub fn problem<'a>(ws: &'a Workspace, name: &str) -> Result<&'a Problem> {
    match ws.problem(name) {
        Some(p) => Ok(p),
        None => {
            let known: Vec<&str> = ws.problems.iter().map(|p| p.name.as_str()).collect();
            Err(unknown_problem(name, &known))
        }
    }
}

/// A name of the workspace: a problem crate (`problems/NAME`, package NAME), a
/// testdata folder (`testdata/NAME/`), or both, paired by that one name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    /// The name the crate, its folder and its testdata share.
    pub name: String,
    /// Whether a problem crate has the name.
    pub has_crate: bool,
    /// Whether `testdata/NAME/` is a folder.
    pub has_testdata: bool,
}

/// What names a command takes on its command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Takes {
    /// Problem crates only (judging): a testdata folder without its crate is an
    /// orphan, not a problem.
    Problems,
    /// Problem crates and testdata folders (lint reads a folder whoever owns it).
    Folders,
}

/// The one discovery of the workspace's problems: the `requested` names, or when
/// none every name (each problem crate, then each testdata folder no crate owns,
/// both by name), each paired with its crate and its testdata folder. A requested
/// name outside `takes` is the error naming the nearest ones.
pub fn select(ws: &Workspace, requested: &[String], takes: Takes) -> Result<Vec<Named>> {
    let folders = testdata_folders(ws);
    let named = |name: &str| Named {
        name: name.to_string(),
        has_crate: ws.problem(name).is_some(),
        has_testdata: ws.testdata().join(name).is_dir(),
    };
    if requested.is_empty() {
        let crates = ws.problems.iter().map(|p| named(&p.name));
        let orphans = folders.iter().filter(|f| ws.problem(f).is_none());
        return Ok(crates.chain(orphans.map(|f| named(f))).collect());
    }
    requested
        .iter()
        .map(|name| {
            let n = named(name);
            if n.has_crate || takes == Takes::Folders && n.has_testdata {
                return Ok(n);
            }
            let mut known: Vec<&str> = ws.problems.iter().map(|p| p.name.as_str()).collect();
            if takes == Takes::Folders {
                known.extend(folders.iter().map(String::as_str));
                known.sort_unstable();
                known.dedup();
            }
            Err(unknown_problem(name, &known))
        })
        .collect()
}

/// The folders under `testdata/` (not hidden ones), by name; none when it cannot
/// be read.
fn testdata_folders(ws: &Workspace) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(ws.testdata())
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| !name.starts_with('.'))
        .collect();
    names.sort();
    names
}

/// `unknown problem "x": did you mean "y"? (the workspace has: ...)`.
pub fn unknown_problem(name: &str, known: &[&str]) -> anyhow::Error {
    let mut near: Vec<(usize, &str)> = known
        .iter()
        .map(|k| (judge_model::names::edit_distance(name, k), *k))
        // Up to half the letters wrong: `hdu1846` (another HDU number) still
        // points at `hdu1525`, while `no-such-problem` points at nothing.
        .filter(|(d, k)| *d <= (k.len().max(name.len()) / 2).max(2))
        .collect();
    near.sort();
    let suggestion = match near.as_slice() {
        [] => String::new(),
        [(_, one)] => format!(": did you mean {one}?"),
        [(d, one), rest @ ..] => {
            let ties: Vec<&str> = rest
                .iter()
                .filter(|(e, _)| e == d)
                .map(|(_, k)| *k)
                .collect();
            if ties.is_empty() {
                format!(": did you mean {one}?")
            } else {
                format!(": did you mean {one} or {}?", ties.join(" or "))
            }
        }
    };
    if known.is_empty() {
        anyhow::anyhow!(
            "unknown problem \"{name}\" (the workspace has no problems yet; `cargo judge new NAME` makes one)"
        )
    } else {
        anyhow::anyhow!(
            "unknown problem \"{name}\"{suggestion} (the workspace has: {})",
            known.join(", ")
        )
    }
}

/// Drops each case whose input and output are both blank files, an error naming
/// them: what an older `new` made, what the browser sends for samples it could not
/// read. It tests nothing (a solution printing nothing on no input passes it), so
/// judged it would be a green "1/1 AC". Whether it dropped any.
fn drop_blank(plan: &mut Plan, cases: &mut Vec<Case>, name: &str) -> bool {
    let before = cases.len();
    cases.retain(|case| {
        let blank = is_blank_file(&case.input) && is_blank_file(&case.output);
        if blank {
            plan.errors.push(format!(
                "{} and {} are both empty (whitespace at most): the case tests nothing (`cargo judge add {name} \
                 --name {}` fills it: the input, a line ---, the output)",
                shown(&case.input).display(),
                shown(&case.output).display(),
                case.name
            ));
        }
        !blank
    });
    cases.len() < before
}

/// A file with nothing but whitespace (a pasted blank line, a lone CRLF). Only a
/// small one is read: a real case's large file is never blank.
fn is_blank_file(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() <= 4096)
        && std::fs::read(path).is_ok_and(|bytes| bytes.iter().all(u8::is_ascii_whitespace))
}

/// `path` as the user would type it: relative to the current folder when inside
/// it (`testdata/p/3.in` under `cargo judge`, which finds folders by absolute path).
fn shown(path: &Path) -> PathBuf {
    match std::env::current_dir() {
        Ok(here) => path.strip_prefix(&here).unwrap_or(path).to_path_buf(),
        Err(_) => path.to_path_buf(),
    }
}

/// Reads a testdata folder's settings and cases into `plan`; what is wrong with
/// them goes to `plan.errors`.
fn folder_into(
    plan: &mut Plan,
    name: &str,
    dir: &Path,
    options: &Selection,
    filter: &CaseFilter,
    bless_as: Option<&str>,
) -> Result<()> {
    let mut settings = match Settings::load(dir) {
        Ok(s) => s,
        Err(e) => {
            plan.errors.push(format!("{e:#}"));
            return Ok(());
        }
    };
    if bless_as.is_some() {
        // A problem's checker program that cannot run is one error, not an ERR on
        // every case; `run` fails on it outright (see `folder`).
        if let Err(e) = check_checker(&settings.checker) {
            plan.errors.push(format!(
                "{}: {e:#}",
                dir.join(judge_model::problem::FILE_NAME).display()
            ));
            return Ok(());
        }
    }
    if let Some(t) = options.time_limit {
        settings.limits.time = t;
    }
    if let Some(m) = options.memory_limit {
        settings.limits.memory = m << 20;
    }
    let mut found = discover::cases(dir)?;
    for path in &found.unpaired {
        let input = path.extension().is_some_and(|e| e == "in");
        let partner = if input { ".out" } else { ".in" };
        let hint = match bless_as {
            Some(name) if input => {
                format!(" (`cargo judge bless {name}` writes it from the brute force)")
            }
            _ => String::new(),
        };
        plan.errors.push(format!(
            "{}: no matching {partner} file{hint}",
            shown(path).display()
        ));
    }
    for path in &found.ambiguous {
        let path = shown(path);
        plan.errors.push(format!(
            "{}: both {} and {} exist; keep one of them",
            path.display(),
            path.with_extension("out").display(),
            path.with_extension("ans").display()
        ));
    }
    // A workspace problem's: what a package ships is judged as it is.
    let blank_cases = bless_as.is_some_and(|name| drop_blank(plan, &mut found.cases, name));
    let total = found.cases.len();
    let cases: Vec<_> = found
        .cases
        .into_iter()
        .filter(|c| filter.matches(&c.name))
        .collect();
    if total == 0 && !blank_cases {
        // A problem `new` or `listen` made without a sample has no case: judging
        // nothing is no pass, so it is said, once, naming the folder.
        let add = bless_as
            .map(|name| format!("; `cargo judge add {name}` pastes the statement's sample"))
            .unwrap_or_default();
        plan.errors.push(format!(
            "nothing to judge: {}/ has no test cases (NAME.in with NAME.out){add}",
            shown(dir).display()
        ));
    }
    plan.suites.push(Suite {
        name: name.to_string(),
        dir: dir.to_path_buf(),
        settings,
        cases,
        total,
        args: HashMap::new(),
    });
    Ok(())
}

/// A Kattis/ICPC problem package as a suite: its cases in data order (samples,
/// then secret groups), its limits and its output validator.
fn package_into(
    plan: &mut Plan,
    dir: &Path,
    options: &Selection,
    filter: &CaseFilter,
) -> Result<()> {
    let package = crate::package::load(dir)?;
    plan.errors.extend(package.errors.iter().cloned());
    let (time_limit, source) = package.time_limit(options.time_limit);
    plan.package = Some(package.summary(time_limit, source));
    plan.warnings.extend(package.warnings.iter().cloned());
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
        // spec/2025-09.md "Test case configuration": `args` are given to the
        // submission, here as in `verify`.
        args: package
            .cases
            .iter()
            .filter(|c| !c.args.is_empty())
            .map(|c| (c.case.name.clone(), c.args.clone()))
            .collect(),
    });
    Ok(())
}

/// Folders under testdata/ with no problem crate of the same name (the
/// [`select`]ed names without a crate).
fn orphan_testdata(ws: &Workspace, selected: &[Named], errors: &mut Vec<String>) {
    let dir = ws.testdata();
    if std::fs::read_dir(&dir).is_err() {
        errors.push(format!("{}: no testdata folder", dir.display()));
        return;
    }
    let mut orphans: Vec<String> = selected
        .iter()
        .filter(|n| !n.has_crate)
        .map(|Named { name, .. }| {
            let hint = ws
                .problems
                .iter()
                .find(|p| p.dir.file_name().is_some_and(|d| *d == **name))
                .and_then(folder_hint)
                .unwrap_or_default();
            format!(
                "{}: testdata with no problem crate problems/{name}{hint}",
                dir.join(name).display()
            )
        })
        .collect();
    orphans.sort();
    errors.extend(orphans);
}

/// When a problem crate's folder is not named after its package (`problems/foo`
/// holding package `foo-sol`), the hint that explains why its testdata is not
/// found: the judge pairs `problems/NAME`, package `NAME` and `testdata/NAME`.
fn folder_hint(problem: &Problem) -> Option<String> {
    let folder = problem.dir.file_name()?.to_string_lossy();
    (folder != problem.name).then(|| {
        format!(
            " (problems/{folder} is package `{}`: a problem's folder, package and testdata \
             share one name, so rename the package to `{folder}` or the folder and testdata \
             to `{}`)",
            problem.name, problem.name
        )
    })
}

/// Fails early when the program of `flag`'s command line (`--cmd`,
/// `--interactor`) does not exist: otherwise every case would be an RE (or ERR)
/// from the shell's "not found".
pub fn check_program(flag: &str, cmd: &str) -> Result<()> {
    let line = ShellCommand::new(cmd);
    if line.is_empty() {
        bail!("{flag} is empty");
    }
    if let Some(program) = missing_program(&line, None) {
        // As in a shell, a bare name is looked up on PATH only.
        let hint = if Path::new(&program).is_file() {
            let word = crate::shell::quote(&format!("./{program}"));
            format!(" (there is one in the current folder: write {word})")
        } else {
            String::new()
        };
        bail!("cannot run {flag} \"{cmd}\": program \"{program}\" not found{hint}");
    }
    if let Some(program) = not_executable(&line) {
        // Written as the shell needs them, so the hints can be pasted.
        let word = crate::shell::quote(&program);
        let interpreter = match Path::new(&program).extension().and_then(|e| e.to_str()) {
            Some("py") => format!(", or run it through python3: {flag} \"python3 {word}\""),
            Some("sh") => format!(", or run it through sh: {flag} \"sh {word}\""),
            _ => String::new(),
        };
        bail!(
            "cannot run {flag} \"{cmd}\": {program} is not executable \
             (chmod +x {word}{interpreter})"
        );
    }
    Ok(())
}

/// The first word of `cmd` when it is a path to a file without an execute
/// permission (run as a program, every case would fail with "Permission denied").
fn not_executable(line: &ShellCommand) -> Option<String> {
    use std::os::unix::fs::PermissionsExt as _;
    let program = line.literal_program().filter(|p| p.contains('/'))?;
    let meta = std::fs::metadata(&program).ok()?;
    (meta.is_file() && meta.permissions().mode() & 0o111 == 0).then_some(program)
}

/// Fails when a checker program does not exist (run in its folder), or a testlib
/// checker does not compile (built here, once, before any case runs).
pub fn check_checker(checker: &Checker) -> Result<()> {
    if let Checker::Testlib(program) = checker {
        program.build()?;
    }
    if let Checker::Command { command, dir, .. } = checker {
        let line = ShellCommand::new(command);
        if line.is_empty() {
            bail!("the checker command is empty");
        }
        if let Some(program) = missing_program(&line, Some(dir)) {
            bail!("cannot run checker \"{command}\": program \"{program}\" not found");
        }
    }
    Ok(())
}

/// The first word of the shell command line `cmd` when it names a program that
/// does not exist (a relative path is looked up from `dir`).
fn missing_program(line: &ShellCommand, dir: Option<&Path>) -> Option<String> {
    // Shell syntax (compound commands, assignments, quoting) is left to the shell.
    let program = line.literal_program().filter(|_| !line.is_compound())?;
    if program.starts_with('.') && !program.contains('/') {
        return None;
    }
    let found = if program.contains('/') {
        let path = Path::new(&program);
        match dir {
            Some(d) if path.is_relative() => d.join(path).is_file(),
            _ => path.is_file(),
        }
    } else {
        judge_sandbox::on_path(&program).is_some()
            || [
                "cd", "exec", "env", "test", "true", "false", "echo", "printf", "command", "exit",
                "read", "[", ":", ".", "set", "ulimit", "time",
            ]
            .contains(&program.as_str())
    };
    (!found).then_some(program)
}
