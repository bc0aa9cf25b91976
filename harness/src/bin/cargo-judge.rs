//! `cargo-judge`: the judge as `cargo install` puts it on PATH, so `cargo judge`
//! works in any folder (cargo runs `cargo-judge judge ARGS...` for it).

fn main() {
    // Also the sandbox server, started as this same binary by the judge itself.
    judge_sandbox::serve_if_asked();
    let args = harness::start::as_cargo_subcommand(std::env::args_os().skip(1).collect());
    std::process::exit(harness::start::start(args));
}
