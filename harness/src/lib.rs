//! The cp-games judge harness: build solutions, run them on testdata the way an
//! online judge does, and report verdicts with diffs.
//!
//! `main.rs` parses the command line and calls [`main`]; each module owns one
//! responsibility: `build` (cargo), `discover` (cases), `problem` (problem.toml),
//! `run` (processes and limits), `check` (checkers), `judge` (verdicts, parallel
//! runs), `diff` and `report` (presentation).

pub mod bench;
pub mod bless;
pub mod build;
pub mod check;
pub mod cli;
pub mod diff;
pub mod discover;
pub mod judge;
pub mod known_wrong;
pub mod lint;
pub mod problem;
pub mod report;
pub mod run;
pub mod scaffold;
pub mod stress;

use std::collections::HashMap;
use std::io::{IsTerminal as _, Write};
use std::path::Path;

use anyhow::{Context, Result, bail};
use globset::{Glob, GlobSet, GlobSetBuilder};

use cli::{CheckerArg, Cli, Cmd, ColorArg, Format, JudgeArgs, Options, RunArgs};
use judge::{CaseResult, Job, Verdict};
use problem::{Checker, Settings};

/// Exit status: every case accepted.
pub const EXIT_OK: i32 = 0;
/// Exit status: some case was not accepted.
pub const EXIT_FAILED: i32 = 1;
/// Exit status: the judge itself could not run (bad arguments, testdata, build).
pub const EXIT_ERROR: i32 = 2;

/// Runs the parsed command line and returns the process exit status.
pub fn main(cli: Cli) -> i32 {
    // Solutions run in their own process groups, so the terminal's Ctrl-C does not
    // reach them: kill them ourselves before leaving.
    let _ = ctrlc::set_handler(|| {
        run::kill_all();
        eprintln!("\ninterrupted: every running solution was killed");
        std::process::exit(130);
    });
    let result = match cli.command {
        None => judge_workspace(cli.judge),
        Some(Cmd::Run(args)) => judge_dir(args),
        Some(Cmd::Bench(args)) => bench::bench(args),
        Some(Cmd::Bless(args)) => {
            set_color(args.color);
            bless::bless(args)
        }
        Some(Cmd::Lint(args)) => {
            set_color(args.color);
            lint::lint(args)
        }
        Some(Cmd::Stress(args)) => {
            set_color(args.color);
            stress::stress(args)
        }
        Some(Cmd::New(args)) => scaffold::new(args),
    };
    result.unwrap_or_else(|e| {
        let _ = std::io::stdout().flush();
        eprintln!("error: {e:#}");
        EXIT_ERROR
    })
}

fn set_color(choice: ColorArg) {
    let choice = match choice {
        ColorArg::Auto => anstream::ColorChoice::Auto,
        ColorArg::Always => anstream::ColorChoice::Always,
        ColorArg::Never => anstream::ColorChoice::Never,
    };
    choice.write_global();
}

/// One problem (or folder) ready to judge.
struct Plan {
    name: String,
    settings: Settings,
    cases: Vec<discover::Case>,
}

/// `cargo judge [PROBLEM...]`.
fn judge_workspace(args: JudgeArgs) -> Result<i32> {
    set_color(args.options.color);
    let ws = build::workspace()?;
    let names: Vec<String> = if args.problems.is_empty() {
        ws.problems.iter().map(|p| p.name.clone()).collect()
    } else {
        for name in &args.problems {
            if ws.problem(name).is_none() {
                let known: Vec<_> = ws.problems.iter().map(|p| p.name.as_str()).collect();
                bail!(
                    "unknown problem \"{name}\" (the workspace has: {})",
                    known.join(", ")
                );
            }
        }
        args.problems.clone()
    };
    let filter = case_filter(&args.options.cases)?;
    let mut errors = Vec::new();
    if args.problems.is_empty() {
        orphan_testdata(&ws, &mut errors)?;
    }
    let mut plans = Vec::new();
    for name in &names {
        let dir = ws.testdata().join(name);
        if !dir.is_dir() {
            errors.push(format!(
                "problem {name} has no testdata: expected {}/NAME.in + NAME.out",
                dir.display()
            ));
            continue;
        }
        if let Some(plan) = plan_dir(name, &dir, &args.options, &filter, &mut errors)? {
            plans.push(plan);
        }
    }
    let packages: Vec<&str> = plans.iter().map(|p| p.name.as_str()).collect();
    if packages.is_empty() {
        return finish(&[], &errors, &args.options);
    }
    let exes = build::build(&ws, &packages)?;
    let mut jobs = Vec::new();
    for plan in &plans {
        let exe = exes
            .get(&(plan.name.clone(), plan.name.clone()))
            .with_context(|| {
                format!(
                    "cargo built no binary {} for problem {}",
                    plan.name, plan.name
                )
            })?;
        add_jobs(&mut jobs, plan, &plan.name, judge::exe_command(exe));
    }
    let results = execute(&jobs, &args.options);
    let catches = judge_known_wrong(&ws, &plans, &exes, &args.options)?;
    let status = finish(&results, &errors, &args.options)?;
    Ok(report_known_wrong(&catches, &args.options, status))
}

/// Runs every known-wrong solution of the planned problems on all their cases.
/// Skipped with `--case`: a narrowed run would report misses that are not real.
fn judge_known_wrong(
    ws: &build::Workspace,
    plans: &[Plan],
    exes: &build::Executables,
    options: &Options,
) -> Result<Vec<known_wrong::Catch>> {
    if !options.cases.is_empty() {
        return Ok(Vec::new());
    }
    let threads = options.threads();
    let mut catches = Vec::new();
    for plan in plans {
        let Some(problem) = ws.problem(&plan.name) else {
            continue;
        };
        for wrong in known_wrong::of(problem) {
            let exe = exes
                .get(&(plan.name.clone(), wrong.target.clone()))
                .with_context(|| format!("cargo built no binary {}", wrong.target))?;
            let live = options.format == Format::Human && std::io::stderr().is_terminal();
            if live {
                eprint!(
                    "\r\x1b[2Kjudging known-wrong {} [{}]",
                    wrong.problem, wrong.label
                );
            }
            let catch = known_wrong::judge(
                &wrong,
                judge::exe_command(exe),
                &plan.cases,
                &plan.settings,
                threads,
            );
            if live {
                eprint!("\r\x1b[2K");
            }
            catches.push(catch);
        }
    }
    Ok(catches)
}

/// Prints a line per known-wrong solution (on stderr with `--format json`, whose
/// stdout is one JSON document) and fails the run if any was missed.
fn report_known_wrong(catches: &[known_wrong::Catch], options: &Options, status: i32) -> i32 {
    if catches.is_empty() {
        return status;
    }
    let mut text = String::from("\nknown-wrong solutions (each must be caught by some case):\n");
    for c in catches {
        text.push_str(&c.line());
    }
    if options.format == Format::Human {
        let _ = anstream::stdout().write_all(text.as_bytes());
    } else {
        let _ = anstream::stderr().write_all(text.as_bytes());
    }
    if status == EXIT_OK && catches.iter().any(|c| !c.caught()) {
        EXIT_FAILED
    } else {
        status
    }
}

/// `cargo judge run --cmd CMD DIR`.
fn judge_dir(args: RunArgs) -> Result<i32> {
    set_color(args.options.color);
    if !args.dir.is_dir() {
        bail!(
            "{} is not a folder of NAME.in / NAME.out pairs",
            args.dir.display()
        );
    }
    let name = std::path::absolute(&args.dir)
        .ok()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| args.dir.display().to_string());
    let filter = case_filter(&args.options.cases)?;
    let mut errors = Vec::new();
    let Some(mut plan) = plan_dir(&name, &args.dir, &args.options, &filter, &mut errors)? else {
        return finish(&[], &errors, &args.options);
    };
    match (args.checker, args.checker_command) {
        (Some(CheckerArg::Command), Some(command)) | (None, Some(command)) => {
            plan.settings.checker = Checker::Command {
                command,
                dir: args.dir.clone(),
            };
        }
        (Some(CheckerArg::Command), None) => bail!("--checker command needs --checker-command CMD"),
        (Some(_), Some(_)) => bail!("--checker-command only goes with --checker command"),
        (Some(CheckerArg::Exact), None) => plan.settings.checker = Checker::Exact,
        (Some(CheckerArg::Tokens), None) => plan.settings.checker = Checker::Tokens,
        (Some(CheckerArg::Float), None) => {
            plan.settings.checker = Checker::Float {
                abs: 1e-6,
                rel: 1e-6,
            }
        }
        (None, None) => {}
    }
    check_program(&args.cmd)?;
    let mut jobs = Vec::new();
    add_jobs(&mut jobs, &plan, &name, judge::shell_command(&args.cmd));
    let results = execute(&jobs, &args.options);
    finish(&results, &errors, &args.options)
}

/// Fails early, with the harness's exit status, when `--cmd`'s program does not
/// exist: otherwise every case would be an RE from the shell's "not found".
fn check_program(cmd: &str) -> Result<()> {
    let Some(program) = cmd.split_whitespace().next() else {
        bail!("--cmd is empty");
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
        bail!("cannot run --cmd \"{cmd}\": program \"{program}\" not found");
    }
    Ok(())
}

/// Reads a testdata folder's settings and cases; problems with it go to `errors`.
fn plan_dir(
    name: &str,
    dir: &Path,
    options: &Options,
    filter: &Option<GlobSet>,
    errors: &mut Vec<String>,
) -> Result<Option<Plan>> {
    let mut settings = match Settings::load(dir) {
        Ok(s) => s,
        Err(e) => {
            errors.push(format!("{e:#}"));
            return Ok(None);
        }
    };
    if let Some(t) = options.time_limit {
        settings.time_limit = std::time::Duration::from_secs_f64(t);
    }
    let found = discover::cases(dir)?;
    for path in &found.unpaired {
        let partner = if path.extension().is_some_and(|e| e == "in") {
            ".out"
        } else {
            ".in"
        };
        errors.push(format!("{}: no matching {partner} file", path.display()));
    }
    let total = found.cases.len();
    let cases: Vec<_> = found
        .cases
        .into_iter()
        .filter(|c| filter.as_ref().is_none_or(|f| f.is_match(&c.name)))
        .collect();
    if total == 0 {
        errors.push(format!(
            "{}: no test cases (NAME.in with NAME.out)",
            dir.display()
        ));
    }
    Ok(Some(Plan {
        name: name.to_string(),
        settings,
        cases,
    }))
}

/// Folders under testdata/ with no problem crate of the same name.
fn orphan_testdata(ws: &build::Workspace, errors: &mut Vec<String>) -> Result<()> {
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

fn case_filter(globs: &[String]) -> Result<Option<GlobSet>> {
    if globs.is_empty() {
        return Ok(None);
    }
    let mut builder = GlobSetBuilder::new();
    for g in globs {
        builder.add(Glob::new(g).with_context(|| format!("invalid --case pattern \"{g}\""))?);
    }
    Ok(Some(builder.build()?))
}

fn add_jobs<'a>(
    jobs: &mut Vec<Job<'a>>,
    plan: &'a Plan,
    solution: &str,
    command: impl Fn() -> std::process::Command + Send + Sync + 'a,
) {
    let command: std::sync::Arc<dyn Fn() -> std::process::Command + Send + Sync + 'a> =
        std::sync::Arc::new(command);
    for case in &plan.cases {
        let command = std::sync::Arc::clone(&command);
        jobs.push(Job {
            problem: plan.name.clone(),
            solution: solution.to_string(),
            command: Box::new(move || command()),
            case: case.clone(),
            settings: &plan.settings,
        });
    }
}

/// Runs the jobs in parallel, streaming human lines (failures, or every case with
/// `--verbose`, and a line per finished problem) as results arrive in order.
fn execute(jobs: &[Job], options: &Options) -> Vec<CaseResult> {
    let threads = options.threads();
    let human = options.format == Format::Human;
    let mut remaining: HashMap<(String, String), usize> = HashMap::new();
    for j in jobs {
        *remaining
            .entry((j.problem.clone(), j.solution.clone()))
            .or_default() += 1;
    }
    let mut progress = report::Progress::new(jobs.len(), human);
    let mut group: Vec<CaseResult> = Vec::new();
    let mut stdout = anstream::stdout();
    let fail_fast = options.fail_fast;
    judge::run_all(
        jobs,
        threads,
        |r| fail_fast && r.verdict != Verdict::AC,
        |r| {
            progress.tick(&format!("{}/{}", r.problem, r.case));
            if !human {
                return;
            }
            let mut text = String::new();
            if options.verbose || r.verdict != Verdict::AC {
                text.push_str(&report::case_block(r));
            }
            group.push(r.clone());
            let key = (r.problem.clone(), r.solution.clone());
            let left = remaining.get_mut(&key).map_or(0, |n| {
                *n -= 1;
                *n
            });
            if left == 0 {
                for (name, t) in report::tally(&group) {
                    text.push_str(&report::problem_line(&name, &t));
                }
                group.clear();
            }
            if !text.is_empty() {
                progress.clear();
                let _ = stdout.write_all(text.as_bytes());
                let _ = stdout.flush();
            }
        },
    )
}

/// Prints the summary (or JSON), writes JUnit, and decides the exit status.
fn finish(results: &[CaseResult], errors: &[String], options: &Options) -> Result<i32> {
    let mut stdout = anstream::stdout();
    match options.format {
        Format::Json => report::write_json(results, errors, &mut stdout)?,
        Format::Human => {
            report::Progress::new(0, false).clear();
            if !results.is_empty() {
                write!(
                    stdout,
                    "\n{}",
                    report::summary_table(&report::tally(results))
                )?;
            }
        }
    }
    stdout.flush()?;
    if let Some(path) = &options.junit {
        report::write_junit(results, path)?;
    }
    for e in errors {
        eprintln!("error: {e}");
    }
    let judge_failed = results.iter().any(|r| r.verdict == Verdict::ERR);
    Ok(if !errors.is_empty() || judge_failed {
        EXIT_ERROR
    } else if results.iter().any(|r| r.verdict != Verdict::AC) {
        EXIT_FAILED
    } else {
        EXIT_OK
    })
}
