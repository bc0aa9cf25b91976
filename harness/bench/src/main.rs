//! `cargo judge-bench`: parses the command line and hands it to the library.

use clap::Parser as _;

fn main() {
    // Programs run through the judge's sandbox, whose server is this binary.
    judge_sandbox::serve_if_asked();
    let args = judge_bench::BenchArgs::parse();
    harness::on_interrupt();
    std::process::exit(harness::finish(judge_bench::bench(args)));
}
