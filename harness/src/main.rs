//! `judge`: the binary the `cargo judge` alias of this repository runs (through
//! judge-launcher, which builds it first).

fn main() {
    // The judge binary is also the sandbox server (started by the judge itself).
    judge_sandbox::serve_if_asked();
    std::process::exit(harness::start::start(std::env::args_os().skip(1).collect()));
}
