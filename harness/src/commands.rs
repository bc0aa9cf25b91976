//! The judging commands, `cargo judge [PROBLEM...]` and `cargo judge run`: plan,
//! build, run the jobs into the reporters, and compute the status once from the
//! results.
//!
//! This is the command layer's glue and holds no rules of its own: what to judge
//! is `plan`'s, verdicts `judge`'s, scheduling `runner`'s, words `report`'s.

use judge_formats::problem::SettingsExt as _;
use std::io::Write as _;
use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::cli::{CheckerArg, Format, JudgeArgs, Options, RunArgs};
use judge_engine::build::{self, Executables, Workspace};
use judge_engine::interact;
use judge_engine::known_wrong;
use judge_engine::plan::{self, Plan};
use judge_engine::run;
use judge_engine::runner;
use judge_engine::task::Task;
use judge_model::judge::{CaseResult, Job, Verdict};
use judge_model::known_wrong::{Catch, KnownWrong};
use judge_model::problem::Checker;
use judge_model::problem::Interactor;
use judge_model::status::Status;
use judge_model::units::plural;
use judge_report::{self as report, Feed, Reporter, Summary};

/// `cargo judge [PROBLEM...]`.
pub fn judge_workspace(args: JudgeArgs) -> Result<Status> {
    let mut ws = build::workspace()?;
    ws.checked = args.checked;
    misspelt_subcommand(&ws, &args.problems)?;
    let mut plan = plan::workspace(&ws, &args.problems, &args.options.selection())?;
    let mut reporter = reporters(&args.options, &plan.incomplete)?;
    say_errors_first(&plan);
    // Suites that `--case` left empty are neither built nor judged.
    plan.suites.retain(|s| !s.cases.is_empty());
    let packages: Vec<&str> = plan.suites.iter().map(|s| s.name.as_str()).collect();
    if packages.is_empty() {
        return finish(&mut reporter, &[], &[], &plan.errors);
    }
    if args.bundled {
        // A bundle replaces the solution only: an interactive problem's
        // interactor is still its crate's binary.
        let interactive: Vec<String> = plan
            .suites
            .iter()
            .filter(|s| matches!(s.settings.interactor, Some(Interactor::Binary(_))))
            .map(|s| s.name.clone())
            .collect();
        if !interactive.is_empty() {
            let names: Vec<&str> = interactive.iter().map(String::as_str).collect();
            let exes = build::build(&ws, &names)?;
            for suite in &mut plan.suites {
                interact::resolve(&mut suite.settings, &suite.name, &exes)?;
            }
        }
        return judge_bundles(&ws, plan, &args.options, &mut reporter);
    }
    // Only what judging runs: each solution, its known-wrong solutions and its
    // interactor, not the brute forces, generators and validators (on a fresh
    // clone that is about half of the programs to compile).
    let wrongs = known_wrong_of(&ws, &plan, &args.options);
    let mut bins: Vec<&str> = packages.clone();
    bins.extend(wrongs.iter().map(|w| w.target.as_str()));
    for suite in &plan.suites {
        if let Some(Interactor::Binary(bin)) = &suite.settings.interactor {
            bins.push(bin);
        }
    }
    // A binary the crate does not have is left to the clear errors below.
    bins.retain(|b| {
        ws.problems
            .iter()
            .any(|p| p.bins.iter().any(|(t, _)| t == b))
    });
    let built = build::build_each(&ws, &packages, &bins)?;
    let exes = built.executables;
    // A problem whose crate does not compile is one CE result; the rest are judged.
    let compile_errors: Vec<CaseResult> = built
        .failed
        .iter()
        .map(|(name, error)| CaseResult::compile_error(name, error))
        .collect();
    plan.suites.retain(|s| !built.failed.contains_key(&s.name));
    for suite in &mut plan.suites {
        interact::resolve(&mut suite.settings, &suite.name, &exes)?;
    }
    let mut jobs = Vec::new();
    for suite in &plan.suites {
        let exe = exes
            .get(&(suite.name.clone(), suite.name.clone()))
            .with_context(|| {
                format!(
                    "cargo built no binary {} for problem {}",
                    suite.name, suite.name
                )
            })?;
        jobs.extend(suite.tasks(&suite.name, runner::exe_command(exe)));
    }
    let mut results = execute(&jobs, &wrongs, &args.options, &mut reporter)?;
    for r in compile_errors {
        reporter.case(&r)?;
        results.push(r);
    }
    let catches = judge_known_wrong(&plan, &wrongs, &exes, &args.options, &mut reporter)?;
    finish(&mut reporter, &results, &catches, &plan.errors)
}

/// `cargo judge stres NAME` reads "stres" as a problem: when a name that is no
/// problem is near a subcommand, say so instead of listing the problems.
fn misspelt_subcommand(ws: &build::Workspace, names: &[String]) -> Result<()> {
    use clap::CommandFactory as _;
    let Some(first) = names.first() else {
        return Ok(());
    };
    if ws.problem(first).is_some() {
        return Ok(());
    }
    let command = crate::cli::Cli::command();
    let near = command
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .chain(std::iter::once("help".to_string()))
        .map(|s| (judge_model::names::edit_distance(first, &s), s))
        .filter(|(d, s)| *d <= (s.len() / 2).max(1))
        .min();
    let nearest_problem = ws
        .problems
        .iter()
        .map(|p| judge_model::names::edit_distance(first, &p.name))
        .min()
        .unwrap_or(usize::MAX);
    if let Some((_, sub)) = near.filter(|(d, _)| *d < nearest_problem) {
        bail!(
            "unknown problem or subcommand \"{first}\": did you mean `cargo judge {sub}`? \
             (`cargo judge --help` lists the subcommands)"
        );
    }
    Ok(())
}

/// `cargo judge --bundled`: the same plan, judged on each solution's bundle
/// compiled with plain rustc instead of the crate's binary. Known-wrong solutions
/// are not bundles and are left out. A bundle rustc rejects is one CE result, a problem that cannot
/// be bundled is an error of its own, and the others are still judged.
fn judge_bundles(
    ws: &Workspace,
    plan: Plan,
    options: &Options,
    reporter: &mut dyn Reporter,
) -> Result<Status> {
    let sources = judge_bundle::Sources::load()?;
    let scratch = judge_bundle::scratch()?;
    let names: Vec<&str> = plan.suites.iter().map(|s| s.name.as_str()).collect();
    let built = judge_bundle::build(&sources, &names, scratch.path());
    let mut errors = plan.errors.clone();
    let mut compile_errors = Vec::new();
    let mut jobs = Vec::new();
    let mut stderr = std::io::stderr();
    for suite in &plan.suites {
        match &built[&suite.name] {
            judge_bundle::Build::Exe {
                exe,
                diagnostics,
                how,
            } => {
                let path = sources.path(&suite.name);
                let _ = writeln!(
                    stderr,
                    "bundled {}: {} compiled with {how}",
                    suite.name,
                    path.strip_prefix(&ws.root).unwrap_or(&path).display(),
                );
                for line in diagnostics.lines() {
                    let _ = writeln!(stderr, "    | {line}");
                }
                jobs.extend(suite.tasks(&suite.name, runner::exe_command(exe)));
            }
            judge_bundle::Build::CompileError(why) => {
                compile_errors.push(CaseResult::compile_error(&suite.name, why));
            }
            judge_bundle::Build::Failed(why) => {
                let _ = writeln!(stderr, "error: {why}");
                errors.push(why.clone());
            }
        }
    }
    let mut results = execute(&jobs, &[], options, reporter)?;
    for r in compile_errors {
        reporter.case(&r)?;
        results.push(r);
    }
    finish(reporter, &results, &[], &errors)
}

/// `cargo judge run --cmd CMD DIR`.
pub fn judge_dir(args: RunArgs) -> Result<Status> {
    if args.file().is_none() && args.cmd.is_none() {
        judge_workflows::solution::of(None, None, false, 0, judge_model::limits::COMPILATION)?;
    }
    let dir = args.dir().to_path_buf();
    say_generated(judge_workflows::generate::ensure(&dir)?);
    let mut plan = plan::folder(&dir, &args.options.selection())?;
    let notes = match &plan.package {
        Some(package) => judge_report::package::notes(package, &plan.warnings),
        None => Vec::new(),
    };
    for note in &notes {
        // Human output reads it first; JSON keeps stdout one document.
        if args.options.format == Format::Human {
            let _ = writeln!(std::io::stdout(), "{note}");
        } else {
            let _ = writeln!(std::io::stderr(), "{note}");
        }
    }
    let mut reporter = reporters(&args.options, &plan.incomplete)?;
    let Some(suite) = plan.suites.first_mut() else {
        say_errors_first(&plan);
        return finish(&mut reporter, &[], &[], &plan.errors);
    };
    if let Some(checker) = checker_override(&args, &dir, &suite.settings.checker)? {
        suite.settings.checker = checker;
    }
    if let Some(command) = &args.interactor {
        plan::check_program("--interactor", command)?;
        suite.settings.interactive = true;
        // The user's own interactor: it runs where they typed the command.
        suite.settings.interactor = Some(Interactor::Shell {
            command: command.clone(),
            dir: Some(std::env::current_dir().context("cannot read the current folder")?),
        });
    } else if let Some(Interactor::Binary(bin)) = suite.settings.interactor.clone() {
        // problem.toml names a binary of a workspace crate: build that crate.
        let ws = build::workspace()?;
        let owner = ws
            .problems
            .iter()
            .find(|p| p.bins.iter().any(|(target, _)| *target == bin))
            .with_context(|| {
                format!(
                    "no crate of the workspace has the interactor binary {bin} (or pass --interactor CMD)"
                )
            })?;
        let exes = build::build(&ws, &[owner.name.as_str()])?;
        interact::resolve(&mut suite.settings, &owner.name, &exes)?;
    }
    // A checker program that cannot run is one error, not an ERR on every case.
    plan::check_checker(&suite.settings.checker)?;
    // The solution is ready (built, or its program found) before any case runs.
    let memory_mib = (suite.settings.limits.memory >> 20).max(1);
    let solution = judge_workflows::solution::of(
        args.file(),
        args.cmd.as_deref(),
        args.checked,
        memory_mib,
        suite.settings.compilation,
    )?;
    say_errors_first(&plan);
    let suite = &plan.suites[0];
    let start = match solution {
        judge_workflows::solution::Solution::Ready(start, _) => start,
        judge_workflows::solution::Solution::CompileError(why) => {
            let name = args
                .file()
                .map_or_else(|| suite.name.clone(), |f| f.display().to_string());
            let result = CaseResult::compile_error(&name, &why);
            reporter.begin(&[], &[])?;
            reporter.case(&result)?;
            return finish(&mut reporter, &[result], &[], &plan.errors);
        }
    };
    let jobs = suite.tasks(&suite.name, start);
    let results = execute(&jobs, &[], &args.options, &mut reporter)?;
    finish(&mut reporter, &results, &[], &plan.errors)
}

/// The checker `--checker` (and `--checker-command`) ask for instead of `current`,
/// problem.toml's; every checker problem.toml accepts, read by the same code.
fn checker_override(args: &RunArgs, dir: &Path, current: &Checker) -> Result<Option<Checker>> {
    use judge_formats::problem::writer::{CheckerKeys, Noted, ProblemToml};
    let keys = match (args.checker, args.checker_command.clone()) {
        (Some(CheckerArg::Command), Some(command)) | (None, Some(command)) => {
            let time_limit = match current {
                Checker::Command { time_limit, .. } => *time_limit,
                _ => judge_model::problem::DEFAULT_CHECKER_TIME_LIMIT,
            };
            return Ok(Some(Checker::Command {
                command,
                dir: dir.to_path_buf(),
                time_limit,
            }));
        }
        (Some(CheckerArg::Command), None) => bail!("--checker command needs --checker-command CMD"),
        (Some(CheckerArg::Testlib), None) => {
            bail!(
                "--checker testlib needs --checker-command check.cpp (the testlib checker's source)"
            )
        }
        (Some(CheckerArg::Testlib), Some(source)) => {
            let source = std::path::absolute(&source).unwrap_or_else(|_| source.into());
            CheckerKeys::Testlib {
                source: source.to_string_lossy().into_owned(),
            }
        }
        (Some(_), Some(_)) => {
            bail!("--checker-command only goes with --checker command or --checker testlib")
        }
        (Some(CheckerArg::Exact), None) => CheckerKeys::Exact,
        (Some(CheckerArg::Tokens), None) => CheckerKeys::Tokens {
            case_sensitive: true,
        },
        (Some(CheckerArg::TokensAnyCase), None) => CheckerKeys::Tokens {
            case_sensitive: false,
        },
        (Some(CheckerArg::Float), None) => CheckerKeys::Float {
            abs: None,
            rel: None,
        },
        (Some(CheckerArg::Kattis), None) => CheckerKeys::Kattis {
            validator: None,
            flags: Vec::new(),
            format: None,
            limits: judge_model::limits::VALIDATION,
            compilation: judge_model::limits::COMPILATION,
        },
        (None, None) => return Ok(None),
    };
    let toml = ProblemToml {
        checker: Some(Noted::plain(keys)),
        ..Default::default()
    }
    .render();
    let settings = judge_model::problem::Settings::parse(&toml, dir)
        .with_context(|| format!("--checker: {}", toml.trim().replace('\n', ", ")))?;
    Ok(Some(settings.checker))
}

/// `cargo judge verify PACKAGE`: the data generated first when it needs it, then
/// the table (or JSON) on stdout and a JUnit report where asked.
pub fn verify_package(args: crate::cli::VerifyArgs) -> Result<Status> {
    let options = judge_workflows::verify::VerifyOptions {
        threads: args.jobs.threads(),
        time_limit: args.time_limit,
        scoring: args.scoring,
    };
    say_generated(judge_workflows::generate::ensure(&args.dir)?);
    let outcome = judge_workflows::verify::verify(&args.dir, &options)?;
    if let Some(path) = &args.junit {
        std::fs::write(path, report::verify::junit(&outcome.report))
            .with_context(|| format!("cannot write JUnit report {}", path.display()))?;
    }
    let json = args.format == crate::cli::Format::Json;
    let mut out = anstream::stdout();
    out.write_all(report::verify::stdout(&outcome, json, args.verbose).as_bytes())?;
    out.flush()?;
    Ok(passed_if(outcome.report.ok))
}

/// Passed when `ok`, else failed: a workflow's outcome found what was asked, or not.
fn passed_if(ok: bool) -> Status {
    if ok { Status::Passed } else { Status::Failed }
}

/// `cargo judge bless NAME`: what it wrote, or why nothing, on stdout; fails
/// when it refused.
pub fn bless(args: crate::cli::BlessArgs) -> Result<Status> {
    let problem = build::named_or_here(args.problem, "bless")?;
    let args = crate::cli::BlessArgs { problem, ..args };
    let outcome = judge_workflows::bless::bless(args.into())?;
    anstream::stdout().write_all(report::bless::text(&outcome).as_bytes())?;
    Ok(passed_if(outcome.passed()))
}

/// `cargo judge lint [PROBLEM...]`: the findings and a summary on stdout; fails
/// on any finding not tolerated.
pub fn lint(args: crate::cli::LintArgs) -> Result<Status> {
    let linted = judge_workflows::lint::lint(args.into())?;
    anstream::stdout().write_all(report::lint::text(&linted).as_bytes())?;
    Ok(passed_if(linted.problems() == 0))
}

/// `cargo judge listen`: a line on stdout for each thing that happens, flushed
/// at once (a script may wait for it); broken when a problem of the batch
/// `--once` waited for could not be created.
pub fn listen(args: crate::cli::ListenArgs) -> Result<Status> {
    let created = judge_workflows::listen::listen(args.into(), &mut |heard| {
        let mut out = std::io::stdout().lock();
        for line in report::listen::lines(heard) {
            writeln!(out, "{line}")?;
        }
        Ok(out.flush()?)
    })?;
    Ok(if created {
        Status::Passed
    } else {
        Status::Broken
    })
}

/// `cargo judge new NAME`: what it made and what next, on stdout.
pub fn new(args: crate::cli::NewArgs) -> Result<Status> {
    let made = judge_workflows::scaffold::new(args.into())?;
    // A closed stdout is an error (the command layer ends quietly), not a panic.
    std::io::stdout().write_all(report::scaffold::text(&made).as_bytes())?;
    Ok(Status::Passed)
}

/// `cargo judge add NAME`: the case written, on stdout.
pub fn add(args: crate::cli::AddArgs) -> Result<Status> {
    let problem = build::named_or_here(args.problem, "add")?;
    let args = crate::cli::AddArgs { problem, ..args };
    let prompt = report::add::paste_prompt(judge_workflows::add::SEPARATOR);
    let added = judge_workflows::add::add(args.into(), &mut || eprintln!("{prompt}"))?;
    std::io::stdout().write_all(report::add::text(&added).as_bytes())?;
    Ok(Status::Passed)
}

/// `cargo judge watch NAME`: a line on stdout after each round.
pub fn watch(mut args: crate::cli::WatchArgs) -> Result<Status> {
    // `watch -v` in a problem's folder: no name, the option the first of the rounds'.
    if args.problem.starts_with('-') {
        args.judge_args.insert(0, std::mem::take(&mut args.problem));
    }
    let problem = build::named_or_here(args.problem, "watch")?;
    let args = crate::cli::WatchArgs { problem, ..args };
    let problem = args.problem.clone();
    judge_workflows::watch::watch(args.into(), &mut |round| {
        println!("{}", report::watch::after(&problem, round));
    })?;
    Ok(Status::Passed)
}

/// `cargo judge import PACKAGE [NAME]`: what it wrote, on stdout.
pub fn import(args: crate::cli::ImportArgs) -> Result<Status> {
    say_generated(judge_workflows::generate::ensure(&args.dir)?);
    let imported = judge_workflows::import::import(&args.dir, args.name.as_deref())?;
    std::io::stdout().write_all(report::import::text(&imported).as_bytes())?;
    Ok(Status::Passed)
}

/// `cargo judge generate PACKAGE`: the generated data's summary on stdout, its
/// warnings on stderr.
pub fn generate(args: crate::cli::GenerateArgs) -> Result<Status> {
    let options = judge_workflows::generate::Options {
        package: args.dir,
        write: args.write,
    };
    let generated = judge_workflows::generate::generate(&options)?;
    for w in &generated.warnings {
        eprintln!("warning: {}", w.text());
    }
    println!("{}", report::generate::summary(&generated));
    Ok(Status::Passed)
}

/// Says on stderr what a command generated before reading its package.
fn say_generated(generated: Option<report::generate::Generated>) {
    for line in report::generate::made(generated.as_ref()) {
        eprintln!("{line}");
    }
}

/// `cargo judge export NAME`: what was written on stdout, each warning on stderr.
pub fn export(args: crate::cli::ExportArgs) -> Result<Status> {
    let exported = judge_workflows::export::export(&args.into())?;
    for w in &exported.warnings {
        eprintln!("warning: {}", w.text());
    }
    println!("{}", report::export::summary(&exported));
    Ok(Status::Passed)
}

/// What is wrong with the testdata is said before anything runs (and counted
/// again at the end), so it is not lost above a page of results.
fn say_errors_first(plan: &Plan) {
    let mut stderr = std::io::stderr();
    for e in &plan.errors {
        let _ = writeln!(stderr, "error: {e}");
    }
}

/// The reporters `options` ask for; a JUnit path that cannot be written fails here.
/// `incomplete` names the problems whose testdata has errors.
fn reporters(options: &Options, incomplete: &[String]) -> Result<report::Tee> {
    let mut tee = report::Tee::default();
    match options.format {
        Format::Human => tee.0.push(Box::new(
            report::Human::new(options.verbose).incomplete(incomplete),
        )),
        Format::Json => {
            tee.0.push(Box::new(report::Json));
            tee.0.push(Box::new(report::Human::aside()));
        }
    }
    if let Some(path) = &options.junit {
        tee.0.push(Box::new(report::Junit::new(path.clone())?));
    }
    Ok(tee)
}

/// Runs the jobs in parallel, feeding each result to `reporter` in plan order.
fn execute(
    jobs: &[Task],
    wrongs: &[KnownWrong],
    options: &Options,
    reporter: &mut dyn Reporter,
) -> Result<Vec<CaseResult>> {
    let described: Vec<&Job> = jobs.iter().map(|t| &t.job).collect();
    reporter.begin(&described, wrongs)?;
    let fail_fast = options.fail_fast;
    let mut feed = Feed::new(reporter);
    let results = runner::run_all(
        jobs,
        options.threads(),
        |r| fail_fast && r.verdict != Verdict::AC,
        &mut feed,
    );
    if let Some(e) = feed.error {
        return Err(e.into());
    }
    Ok(results)
}

/// The known-wrong solutions of the planned problems. None with `--case`: a
/// narrowed run would report misses that are not real.
fn known_wrong_of(ws: &Workspace, plan: &Plan, options: &Options) -> Vec<KnownWrong> {
    if !options.cases.is_empty() {
        return Vec::new();
    }
    plan.suites
        .iter()
        .filter_map(|s| ws.problem(&s.name))
        .flat_map(known_wrong::of)
        .collect()
}

/// Runs every known-wrong solution on its problem's cases.
fn judge_known_wrong(
    plan: &Plan,
    wrongs: &[KnownWrong],
    exes: &Executables,
    options: &Options,
    reporter: &mut dyn Reporter,
) -> Result<Vec<Catch>> {
    let mut catches = Vec::new();
    for wrong in wrongs {
        let Some(suite) = plan.suites.iter().find(|s| s.name == wrong.problem) else {
            continue;
        };
        let exe = exes
            .get(&(suite.name.clone(), wrong.target.clone()))
            .with_context(|| format!("cargo built no binary {}", wrong.target))?;
        reporter.known_wrong_started(wrong);
        let catch = known_wrong::judge(
            wrong,
            runner::exe_command(exe),
            &suite.cases,
            &suite.settings,
            options.threads(),
        );
        reporter.known_wrong(&catch)?;
        catches.push(catch);
    }
    Ok(catches)
}

/// Hands everything to the reporters, prints the errors, and computes the status.
fn finish(
    reporter: &mut dyn Reporter,
    results: &[CaseResult],
    catches: &[Catch],
    errors: &[String],
) -> Result<Status> {
    let summary = Summary {
        results,
        catches,
        errors,
        judge_peak_rss: run::own_peak_rss(),
        isolation: judge_sandbox::isolation().to_string(),
    };
    reporter.finish(&summary)?;
    if !errors.is_empty() {
        let _ = writeln!(
            std::io::stderr(),
            "error: {} (listed at the start); the run is incomplete",
            plural(
                errors.len(),
                "problem with the testdata",
                "problems with the testdata"
            )
        );
    }
    Ok(summary.status())
}

/// `cargo judge scale`: the workflow (judge-workflows, `scale`) measures and
/// concludes, the drawing goes to `target/scale/NAME.svg`, and the reporter
/// words it; `fits` passes, `tle`, `mle` and `unsure` fail.
pub fn scale(args: crate::cli::ScaleArgs) -> Result<Status> {
    use judge_workflows::scale::{self, Progress, Target};
    let target = match (args.problem, args.cmd, args.generator) {
        (Some(name), None, None) => Target::Problem(name),
        (None, None, None) => Target::Problem(build::named_or_here(String::new(), "scale")?),
        (None, Some(cmd), Some(generator)) => Target::Commands { cmd, generator },
        _ => bail!("give a problem NAME, or --cmd CMD with --gen GEN_CMD"),
    };
    let options = scale::Options {
        target,
        against: args.against,
        to: args.to,
        from: args.from,
        seeds: args.seeds,
        size_flag: args.size_flag,
        budget: args.time,
        time_limit: args.time_limit,
        memory_limit_mib: args.memory_limit,
        gen_args: args.gen_args,
    };
    let outcome = scale::scale(&options, &mut |p| match p {
        Progress::Size(program, point) => eprintln!("{}", report::scale::size_line(program, point)),
        Progress::Round(r) => eprintln!("round {r} over every input"),
    })?;
    let svg = &outcome.svg;
    std::fs::create_dir_all(svg.parent().unwrap_or(Path::new(".")))
        .and_then(|()| std::fs::write(svg, report::scale::svg::svg(&outcome.scale)))
        .with_context(|| format!("cannot write {}", svg.display()))?;
    let mut out = anstream::stdout();
    match args.format {
        Format::Human => {
            report::scale::human(&outcome.scale, &svg.display().to_string(), &mut out)?
        }
        Format::Json => writeln!(out, "{:#}", report::scale::json(&outcome.scale))?,
    }
    Ok(match outcome.scale.main.verdict {
        judge_model::scale::Verdict::Fits { .. } => Status::Passed,
        _ => Status::Failed,
    })
}

/// `cargo judge stress NAME`: the workflow's events, worded by the report as they
/// come (the progress line on a terminal's stderr, the rest on stdout).
pub fn stress(args: crate::cli::StressArgs) -> Result<Status> {
    let problem = build::named_or_here(args.problem, "stress")?;
    let args = crate::cli::StressArgs { problem, ..args };
    let mut words = report::stress::Words::stdout();
    judge_workflows::stress::stress(args.into(), &mut |event| Ok(words.event(event)?))
}
