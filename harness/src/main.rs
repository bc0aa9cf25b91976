//! `cargo judge`: parses the command line and hands it to the library.

use clap::Parser;

fn main() {
    let cli = harness::cli::Cli::parse();
    std::process::exit(harness::main(cli));
}
