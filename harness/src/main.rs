//! `cargo judge`: the command-line entry point.

fn main() {}
