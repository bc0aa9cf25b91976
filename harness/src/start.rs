//! The judge's entry point, shared by its two binaries: `judge` (what the
//! `cargo judge` alias of this repository runs, through judge-launcher) and
//! `cargo-judge` (what `cargo install` puts on PATH: cargo runs
//! `cargo-judge judge ARGS...` for `cargo judge ARGS...`).
//!
//! Owns turning the arguments into a [`Cli`], including the one mistake clap
//! words badly: a misspelt subcommand followed by a flag (`cargo judge bundel
//! NAME --check`) reads as problems and an unknown flag of the default command.

use std::ffi::OsString;

use clap::{CommandFactory as _, Parser as _};

use crate::cli::Cli;

/// Runs the judge on `args` (what follows the program name) and returns the
/// process exit status. The caller has already called
/// [`judge_sandbox::serve_if_asked`], first thing in `main`.
pub fn start(args: Vec<OsString>) -> i32 {
    // `judge run` starts judging within milliseconds: the sandbox gets ready
    // meanwhile (isolated unless the arguments say otherwise).
    if args.first().is_some_and(|a| a == "run") {
        judge_sandbox::prestart(!args.iter().any(|a| a == "--no-isolation"));
    }
    let first = args.first().and_then(|a| a.to_str()).map(str::to_string);
    let parsed = Cli::try_parse_from(std::iter::once(OsString::from("cargo judge")).chain(args));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            // Nothing of the sandbox outlives the judge, whatever clap says.
            judge_sandbox::shutdown();
            if e.use_stderr()
                && let Some(sub) = first.as_deref().and_then(misspelt_subcommand)
            {
                eprintln!(
                    "error: unknown subcommand \"{}\": did you mean `cargo judge {sub}`? \
                     (`cargo judge --help` lists the subcommands)",
                    first.unwrap_or_default()
                );
                std::process::exit(2);
            }
            e.exit()
        }
    };
    crate::main(cli)
}

/// The `cargo-judge` binary's arguments: cargo runs it as `cargo-judge judge
/// ARGS...`, so a leading `judge` is cargo's, not the user's.
pub fn as_cargo_subcommand(mut args: Vec<OsString>) -> Vec<OsString> {
    if args.first().is_some_and(|a| a == "judge") {
        args.remove(0);
    }
    args
}

/// The subcommand `word` is a typo of, if it is one: a word that is no
/// subcommand (nor a flag) but near one.
fn misspelt_subcommand(word: &str) -> Option<String> {
    if word.starts_with('-') {
        return None;
    }
    let command = Cli::command();
    let names: Vec<&str> = command
        .get_subcommands()
        .map(|s| s.get_name())
        .chain(["help"])
        .collect();
    if names.contains(&word) {
        return None;
    }
    judge_model::names::nearest(word, names).map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_near_a_subcommand_is_a_typo_of_it() {
        for (typed, want) in [
            ("bundel", Some("bundle")),
            ("lsiten", Some("listen")),
            ("stres", Some("stress")),
            ("verfiy", Some("verify")),
            ("bundle", None),
            ("poj2348", None),
            ("--check", None),
            ("wythoff", None),
        ] {
            assert_eq!(misspelt_subcommand(typed).as_deref(), want, "{typed}");
        }
    }

    #[test]
    fn cargo_s_own_leading_judge_is_dropped_once() {
        let args = |v: &[&str]| v.iter().map(OsString::from).collect::<Vec<_>>();
        assert_eq!(
            as_cargo_subcommand(args(&["judge", "run", "a.py", "t"])),
            args(&["run", "a.py", "t"])
        );
        assert_eq!(
            as_cargo_subcommand(args(&["judge", "judge"])),
            args(&["judge"])
        );
        assert_eq!(as_cargo_subcommand(args(&["poj2348"])), args(&["poj2348"]));
        assert_eq!(as_cargo_subcommand(args(&[])), args(&[]));
    }
}
