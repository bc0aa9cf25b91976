//! The cp-games judge harness: build solutions, run them on testdata the way an
//! online judge does, and report verdicts with diffs.
//!
//! Data flows one way: `cli` (arguments) → `plan` (what to judge: problems, cases,
//! settings) → `build` (cargo) → `runner` (jobs in parallel) → `judge` (one case:
//! `run` for the process and its measured facts, `check` for where and why an
//! output is rejected) → `report` (human, JSON, JUnit: the only code that words
//! results, with `diff` drawing the rejected lines). Every command returns a
//! [`judge_model::status::Status`] and this file, the command layer, turns it into the exit
//! status; no module below it knows an exit code.

pub mod cli;
pub mod commands;
pub mod start;

use std::io::Write;

use cli::{Cli, Cmd, Color, ColorArg};
use judge_model::status::Status;
use judge_report as report;

/// Runs the parsed command line and returns the process exit status.
pub fn main(cli: Cli) -> i32 {
    on_interrupt();
    let isolation = match &cli.command {
        None => Some(cli.judge.options.isolation),
        Some(Cmd::Run(a)) => Some(a.options.isolation),
        Some(Cmd::Bless(a)) => Some(a.isolation),
        Some(Cmd::Lint(a)) => Some(a.isolation),
        Some(Cmd::Stress(a)) => Some(a.isolation),
        Some(Cmd::Scale(a)) => Some(a.isolation),
        Some(Cmd::Verify(a)) => Some(a.isolation),
        Some(Cmd::Generate(a)) => Some(a.isolation),
        _ => None,
    };
    judge_sandbox::set_isolation(!isolation.is_some_and(|i| i.no_isolation));
    let result = match cli.command {
        None => {
            set_color(cli.judge.options.color);
            commands::judge_workspace(cli.judge)
        }
        Some(Cmd::Run(args)) => {
            set_color(args.options.color);
            commands::judge_dir(args)
        }
        Some(Cmd::Bless(args)) => {
            set_color(args.color);
            commands::bless(args)
        }
        Some(Cmd::Lint(args)) => {
            set_color(args.color);
            commands::lint(args)
        }
        Some(Cmd::Stress(args)) => {
            set_color(args.color);
            commands::stress(args)
        }
        Some(Cmd::Scale(args)) => {
            set_color(args.color);
            commands::scale(args)
        }
        Some(Cmd::New(args)) => commands::new(args),
        Some(Cmd::Listen(args)) => commands::listen(args),
        Some(Cmd::Add(args)) => commands::add(args),
        Some(Cmd::Watch(args)) => commands::watch(args),
        Some(Cmd::Bundle(args)) => judge_bundle::bundle(judge_bundle::Options {
            problems: args.problems,
            judge: args.judge,
            check: args.check,
        }),
        Some(Cmd::Verify(args)) => {
            set_color(args.color);
            commands::verify_package(args)
        }
        Some(Cmd::Import(args)) => commands::import(args),
        Some(Cmd::Generate(args)) => commands::generate(args),
        Some(Cmd::Export(args)) => commands::export(args),
    };
    finish(result)
}

/// Makes Ctrl-C end the command cleanly. Solutions run in their own process
/// groups, so the terminal's Ctrl-C does not reach them: the sandbox kills and
/// reaps every running one, no new one starts, and the command ends with 130 once
/// they are gone. A command stuck elsewhere (e.g. waiting for cargo) is ended after
/// a grace period.
pub fn on_interrupt() {
    let _ = ctrlc::set_handler(|| {
        report::human::clear_progress();
        judge_sandbox::interrupt();
        std::thread::sleep(std::time::Duration::from_secs(10));
        let _ = writeln!(std::io::stderr(), "\ninterrupted");
        std::process::exit(130);
    });
}

/// Ends a command: stops the sandbox and turns the command's result into the
/// process exit status (the status's own code, 2 with the error said, 130 after
/// Ctrl-C, 141 when stdout was closed early).
pub fn finish(result: anyhow::Result<Status>) -> i32 {
    // Nothing of ours outlives the command: the server and its keepers end here.
    judge_sandbox::shutdown();
    if let Err(e) = &result
        && closed_output(e)
    {
        // The reader went away (`cargo judge | head`): the runner has killed the
        // running solutions; stop quietly, as `ls` does, with the status a shell
        // shows for a SIGPIPE death.
        return EXIT_CLOSED_OUTPUT;
    }
    if judge_sandbox::interrupted() {
        let _ = std::io::stdout().flush();
        let _ = writeln!(
            std::io::stderr(),
            "\ninterrupted: every running solution was killed and reaped"
        );
        return 130;
    }
    match result {
        Ok(status) => status.exit_code(),
        Err(e) => {
            let _ = std::io::stdout().flush();
            let _ = writeln!(std::io::stderr(), "error: {e:#}");
            Status::Broken.exit_code()
        }
    }
}

/// The exit status when stdout was closed early: 128 + SIGPIPE, what a shell
/// reports for `ls | head`'s `ls`.
const EXIT_CLOSED_OUTPUT: i32 = 141;

/// Whether `e` comes from writing to a closed pipe.
fn closed_output(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn set_color(color: Color) {
    let choice = match color.when {
        ColorArg::Auto => anstream::ColorChoice::Auto,
        ColorArg::Always => anstream::ColorChoice::Always,
        ColorArg::Never => anstream::ColorChoice::Never,
    };
    choice.write_global();
}
