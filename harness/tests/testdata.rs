//! Every testdata case of every problem as its own named test: the judge builds the
//! solutions in release and each case passes only if it is AC. Each known-wrong
//! solution (`src/bin/wa_*.rs`, `tle_*.rs`, `re_*.rs`) is a test too
//! (`known-wrong/<problem>/<label>`), passing only if some case catches it.
//! `cargo test -p harness --test testdata -- poj2348` runs just those cases.
//!
//! Each problem's bundle is a test too (`bundle::<problem>`): `cargo judge bundle`
//! writes it for the problem's judge (problem.toml's `[source] judge`: AtCoder,
//! Codeforces, else std-only), it is compiled as that judge would (plain `rustc
//! --edition 2021 -O` in a scratch folder outside the workspace, with no crate but
//! std; for AtCoder a cargo project with its crate versions) with no warning and no
//! API newer than the judge's Rust or the crate's rust-version, it is at most
//! 64 KiB, and its binary is AC on every case, as a judge would run what is pasted.
//! A problem that cannot be bundled fails this test alone, with the reason.

use judge_formats::problem::SettingsExt as _;
use std::process::ExitCode;

use judge_engine::runner::exe_command;
use judge_engine::task::Task;
use judge_engine::{build, known_wrong};
use judge_formats::discover;
use judge_model::judge::{Job, Verdict};
use judge_model::problem::Settings;
use judge_report as report;
use libtest_mimic::{Arguments, Failed, Trial};

fn main() -> ExitCode {
    let args = Arguments::from_args();
    match trials() {
        Ok(trials) => libtest_mimic::run(&args, trials).exit_code(),
        Err(e) => {
            eprintln!("error: cannot prepare the testdata tests: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn trials() -> anyhow::Result<Vec<Trial>> {
    let ws = build::workspace()?;
    let names: Vec<&str> = ws.problems.iter().map(|p| p.name.as_str()).collect();
    let exes = build::build(&ws, &names)?;
    let sources = std::sync::Arc::new(judge_bundle::Sources::load()?);
    let mut trials = Vec::new();
    for problem in &ws.problems {
        let dir = ws.testdata().join(&problem.name);
        let mut settings = Settings::load(&dir)?;
        // An interactive problem's interactor is one of its crate's binaries.
        judge_engine::interact::resolve(&mut settings, &problem.name, &exes)?;
        let found = discover::cases(&dir)?;
        anyhow::ensure!(
            found.unpaired.is_empty(),
            "unpaired testdata files: {:?}",
            found.unpaired
        );
        anyhow::ensure!(
            !found.cases.is_empty(),
            "{} has no test cases",
            dir.display()
        );
        // One test per known-wrong solution: it must get its verdict on some case.
        for wrong in known_wrong::of(problem) {
            let name = format!("known-wrong/{}/{}", problem.name, wrong.label);
            let exe = exes[&(problem.name.clone(), wrong.target.clone())].clone();
            let (cases, settings) = (found.cases.clone(), settings.clone());
            trials.push(Trial::test(name, move || {
                // One worker: libtest-mimic already runs the trials in parallel.
                let catch = known_wrong::judge(&wrong, exe_command(&exe), &cases, &settings, 1);
                if catch.caught() {
                    Ok(())
                } else {
                    Err(Failed::from(report::plain(&report::human::catch_line(
                        &catch,
                    ))))
                }
            }));
        }
        {
            let (name, cases, settings) =
                (problem.name.clone(), found.cases.clone(), settings.clone());
            let sources = std::sync::Arc::clone(&sources);
            trials.push(Trial::test(format!("bundle::{name}"), move || {
                check_bundle(&sources, &name, &cases, &settings)
            }));
        }
        let exe = exes[&(problem.name.clone(), problem.name.clone())].clone();
        for case in found.cases {
            let name = format!("{}/{}", problem.name, case.name);
            let (problem, settings, exe) = (problem.name.clone(), settings.clone(), exe.clone());
            trials.push(Trial::test(name, move || {
                let task = Task {
                    job: Job {
                        problem: problem.clone(),
                        solution: problem,
                        case,
                        settings: &settings,
                    },
                    start: Box::new(exe_command(&exe)),
                };
                let result = judge_engine::case::judge(&task);
                if result.verdict == Verdict::AC {
                    Ok(())
                } else {
                    Err(Failed::from(report::plain(&report::human::case_block(
                        &result,
                    ))))
                }
            }));
        }
    }
    Ok(trials)
}

/// Bundles `name`, compiles the bundle with plain rustc outside the workspace and
/// judges its binary on every case.
fn check_bundle(
    sources: &judge_bundle::Sources,
    name: &str,
    cases: &[judge_model::case::Case],
    settings: &Settings,
) -> Result<(), Failed> {
    let fail = |what: String| Err(Failed::from(what));
    let b = sources
        .write(name)
        .map_err(|e| format!("cannot bundle {name}: {e:#}"))?;
    if b.bytes > judge_bundle::SIZE_LIMIT {
        return fail(format!(
            "{} is {} bytes, above the {} bytes a Codeforces submission may have",
            b.path.display(),
            b.bytes,
            judge_bundle::SIZE_LIMIT
        ));
    }
    let text = std::fs::read_to_string(&b.path).map_err(|e| e.to_string())?;
    if let Some(line) = text.lines().filter(|_| b.externs.is_empty()).find(|l| {
        let l = l.trim_start();
        l.starts_with("extern crate")
            && !["std", "core", "alloc"]
                .iter()
                .any(|c| l.starts_with(&format!("extern crate {c}")))
    }) {
        return fail(format!(
            "{} names a crate outside std: {line}",
            b.path.display()
        ));
    }
    // Compiled as its judge would (problem.toml's `[source] judge`): a std-only
    // file gets no --extern and no -L, so only the standard library resolves.
    let scratch = judge_bundle::scratch().map_err(|e| format!("{e:#}"))?;
    let compiled = judge_bundle::compile_for(&b, scratch.path()).map_err(|e| format!("{e:#}"))?;
    let Some(exe) = compiled.exe.as_ref().filter(|_| compiled.clean()) else {
        return fail(format!(
            "{} on {}:\n{}",
            compiled.how,
            b.path.display(),
            compiled.failure()
        ));
    };
    let mut failures = String::new();
    for case in cases {
        let task = Task {
            job: Job {
                problem: name.to_string(),
                solution: name.to_string(),
                case: case.clone(),
                settings,
            },
            start: Box::new(exe_command(exe)),
        };
        let result = judge_engine::case::judge(&task);
        if result.verdict != Verdict::AC {
            failures.push_str(&report::plain(&report::human::case_block(&result)));
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        fail(format!("the bundle of {name}:\n{failures}"))
    }
}
