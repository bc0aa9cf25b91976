//! `judge-launcher`, what the `cargo judge` alias runs: builds the judge (showing
//! cargo's progress only when there is something to build) and becomes it.

fn main() {
    std::process::exit(judge_launcher::launch(
        std::env::args_os().skip(1).collect(),
    ));
}
