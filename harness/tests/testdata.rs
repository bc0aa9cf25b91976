//! Every testdata case of every problem as its own named test: the judge builds the
//! solutions in release and each case passes only if it is AC. Each known-wrong
//! solution (`src/bin/wa_*.rs`, `tle_*.rs`, `re_*.rs`) is a test too
//! (`known-wrong/<problem>/<label>`), passing only if some case catches it.
//! `cargo test -p harness --test testdata -- poj2348` runs just those cases.

use std::process::ExitCode;

use harness::judge::{self, Job, Verdict};
use harness::runner::exe_command;
use harness::{build, discover, known_wrong, problem::Settings, report};
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
    let mut trials = Vec::new();
    for problem in &ws.problems {
        let dir = ws.testdata().join(&problem.name);
        let settings = Settings::load(&dir)?;
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
        let exe = exes[&(problem.name.clone(), problem.name.clone())].clone();
        for case in found.cases {
            let name = format!("{}/{}", problem.name, case.name);
            let (problem, settings, exe) = (problem.name.clone(), settings.clone(), exe.clone());
            trials.push(Trial::test(name, move || {
                let job = Job {
                    problem: problem.clone(),
                    solution: problem,
                    command: Box::new(exe_command(&exe)),
                    case,
                    settings: &settings,
                };
                let result = judge::judge(&job);
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
