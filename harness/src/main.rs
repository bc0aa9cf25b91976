//! `cargo judge`: parses the command line and hands it to the library.

use clap::Parser;

fn main() {
    // The judge binary is also the sandbox server (started by the judge itself).
    harness::sandbox::serve_if_asked();
    let cli = harness::cli::Cli::parse();
    std::process::exit(harness::main(cli));
}
