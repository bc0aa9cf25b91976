//! `cargo judge`: parses the command line and hands it to the library.

use clap::Parser;

fn main() {
    // The judge binary is also the sandbox server (started by the judge itself).
    judge_sandbox::serve_if_asked();
    // `judge run` starts judging within milliseconds: the sandbox gets ready
    // meanwhile (isolated unless the arguments say otherwise).
    let mut args = std::env::args_os().skip(1);
    if args.next().is_some_and(|a| a == "run") {
        judge_sandbox::prestart(!args.any(|a| a == "--no-isolation"));
    }
    let cli = harness::cli::Cli::try_parse().unwrap_or_else(|e| {
        // Nothing of the sandbox outlives the judge, whatever clap says.
        judge_sandbox::shutdown();
        e.exit()
    });
    std::process::exit(harness::main(cli));
}
