//! Checkers: decide whether an output is right, given the expected one.
//!
//! Owns the comparison rules and the whitespace normalisation behind them; it does
//! not run solutions (see `run`) or render differences (see `diff`).

use crate::ext::*;
use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use judge_compare::{first_line_difference, first_token_difference, lines_equal};

use crate::programs::Programs;
use crate::run;
use crate::shell::ShellCommand;
use judge_model::judge::Reason;
use judge_model::problem::Checker;

// The comparison itself lives in `judge-compare`, the judge's one optimised crate
// (harness/compare/Cargo.toml says why); its types are named from there.
use judge_compare::{Rejection, Why};

// A checker's decision is data of the model, shared with the validators that
// this module calls (which therefore do not import it back).
use judge_model::outcome::Outcome;

/// Compares `output` with `expected` for the case whose input is `input`;
/// `programs` are the checker's programs, built before any case ran (see
/// `programs`: a Kattis validator's or a testlib checker).
///
/// `Ok(Err(reason))` is a checker's own failure that it reports (a testlib
/// checker's FAIL or crash: [`Reason::CheckerFailed`]); errors are the others (a
/// command checker that could not run or answered with an unknown exit code, a
/// program that did not compile). Both are the judge's failure, never a verdict.
pub fn check(
    checker: &Checker,
    programs: &Programs,
    input: &Path,
    output: &[u8],
    expected: &[u8],
) -> Result<Checked> {
    Ok(Ok(match checker {
        // Equal lines are the common case and the cheapest test, so they go first.
        Checker::Exact if lines_equal(output, expected) => Outcome::Accepted,
        Checker::Exact => match first_token_difference(output, expected, None, true) {
            Some(r) => Outcome::Wrong(r),
            None => first_line_difference(output, expected)
                .map_or(Outcome::Accepted, Outcome::Presentation),
        },
        Checker::Tokens { case_sensitive } => verdict(first_token_difference(
            output,
            expected,
            None,
            *case_sensitive,
        )),
        Checker::Float { abs, rel } => verdict(first_token_difference(
            output,
            expected,
            Some((*abs, *rel)),
            true,
        )),
        Checker::Command {
            command,
            dir,
            time_limit,
        } => run_command(command, dir, *time_limit, input, output, expected)?,
        Checker::Kattis(validator) => {
            validator.check(programs.checker()?, input, output, expected)?
        }
        Checker::Testlib(program) => {
            match program.check(programs.testlib_checker()?, input, output, expected)? {
                Ok(outcome) => outcome,
                Err(failed) => {
                    return Ok(Err(Reason::CheckerFailed {
                        checker: program.describe(),
                        failed,
                    }));
                }
            }
        }
    }))
}

/// What a checker decided, or its own failure as the reason the case is ERR.
pub type Checked = std::result::Result<Outcome, Reason>;

fn verdict(rejection: Option<Rejection>) -> Outcome {
    match rejection {
        None => Outcome::Accepted,
        Some(r) => Outcome::Wrong(r),
    }
}

/// Runs a testlib-style checker: `COMMAND INPUT OUTPUT EXPECTED` (through `sh`, see
/// [`ShellCommand::command_with_args`])
/// in `dir`, in the sandbox like a solution (its own process group, everything it
/// starts killed and reaped) with `time_limit` of CPU and of wall time. Exit 0
/// accepts, 1 is a wrong answer, 2 a presentation error; a hang, a crash or any
/// other status is the checker's failure (an error, so the case is ERR).
fn run_command(
    command: &str,
    dir: &Path,
    time_limit: Duration,
    input: &Path,
    output: &[u8],
    expected: &[u8],
) -> Result<Outcome> {
    let scratch = tempfile::tempdir().context("cannot create a folder for the checker's files")?;
    let out_path = scratch.path().join("output");
    let exp_path = scratch.path().join("expected");
    std::fs::write(&out_path, output).context("cannot write the output for the checker")?;
    std::fs::write(&exp_path, expected)
        .context("cannot write the expected output for the checker")?;
    let input = std::path::absolute(input).unwrap_or_else(|_| input.to_path_buf());
    let mut sh = ShellCommand::new(command).command_with_args("checker");
    sh.arg(&input)
        .arg(&out_path)
        .arg(&exp_path)
        .current_dir(dir);
    // The user's own tool (problem.toml's or --checker-command's), run like the
    // judge's configuration; a package's validators are isolated (validator.rs).
    sh.trust();
    let limits = judge_model::limits::Limits {
        time: time_limit,
        // A checker reads whole outputs; it is trusted code, only kept finite.
        memory: 16 << 30,
        output: 16 << 20,
    };
    let result = run::run_with_wall(sh, Path::new("/dev/null"), &limits, time_limit)
        .with_context(|| format!("cannot run checker `{command}`"))?;
    if result.wall_exceeded || result.cpu > time_limit {
        bail!(
            "checker `{command}` did not finish within its time limit of {:.1} s (checker_time_limit); killed",
            time_limit.as_secs_f64()
        );
    }
    let stderr = String::from_utf8_lossy(&result.stderr_tail).into_owned();
    let said = || {
        let mut text = String::from_utf8_lossy(&result.stdout).into_owned();
        text.push_str(&stderr);
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let tail = &lines[lines.len().saturating_sub(5)..];
        Rejection {
            why: Why::Program {
                message: tail.join("\n"),
            },
            expected: None,
            actual: None,
        }
    };
    let last = said_last(&stderr);
    let last = if last.is_empty() {
        String::new()
    } else {
        format!(": {last}")
    };
    command_outcome(result.exit, said).map_err(|how| anyhow!("checker `{command}` {how}{last}"))
}

/// What a failed checker said last, on one line: its last three lines that say
/// something, joined by ` / ` (a Rust panic's `panicked at FILE:LINE:COL:` and its
/// message, a Python traceback's last frame and exception), without Rust's note
/// about `RUST_BACKTRACE`, which is all a panic's last line holds.
fn said_last(stderr: &str) -> String {
    let lines: Vec<&str> = stderr
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("note: run with `RUST_BACKTRACE"))
        .collect();
    lines[lines.len().saturating_sub(3)..].join(" / ")
}

/// What a testlib-style checker's exit means: 0 accepts, 1 is a wrong answer and
/// 2 a presentation error (with what it `said`); any other status or a signal is
/// the checker's own failure, returned as how it ended (`failed (exit 3)`).
fn command_outcome(
    exit: judge_sandbox::Exit,
    said: impl FnOnce() -> Rejection,
) -> Result<Outcome, String> {
    match exit {
        judge_sandbox::Exit::Code(0) => Ok(Outcome::Accepted),
        judge_sandbox::Exit::Code(1) => Ok(Outcome::Wrong(said())),
        judge_sandbox::Exit::Code(2) => Ok(Outcome::Presentation(said())),
        judge_sandbox::Exit::Code(c) => Err(format!("failed (exit {c})")),
        judge_sandbox::Exit::Signal(sig) => {
            Err(format!("crashed ({})", judge_sandbox::signal_name(sig)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The outcome's kind, without where: `AC`, `WA` or `PE`.
    #[derive(Debug, PartialEq)]
    enum Kind {
        Accepted,
        Wrong,
        Presentation,
    }

    fn kind(o: Outcome) -> Kind {
        match o {
            Outcome::Accepted => Kind::Accepted,
            Outcome::Wrong(_) => Kind::Wrong,
            Outcome::Presentation(_) => Kind::Presentation,
        }
    }

    #[track_caller]
    fn rejection(checker: &Checker, output: &str, expected: &str) -> Rejection {
        check(
            checker,
            &Programs::default(),
            Path::new("in"),
            output.as_bytes(),
            expected.as_bytes(),
        )
        .unwrap()
        .unwrap()
        .rejection()
        .expect("a rejection")
        .clone()
    }

    fn at(line: usize, column: usize, text: &str) -> Option<judge_compare::Token> {
        Some(judge_compare::Token {
            line,
            column,
            text: text.into(),
        })
    }

    #[test]
    fn a_float_rejection_names_the_token_its_place_and_the_error_against_the_tolerance() {
        let c = Checker::Float {
            abs: 1e-6,
            rel: 1e-6,
        };
        let r = rejection(&c, "0.5\n0.25\n 0.3334\n", "0.5\n0.25\n0.333333\n");
        assert_eq!(r.expected, at(3, 1, "0.333333"));
        assert_eq!(r.actual, at(3, 2, "0.3334"));
        let Why::Float { error, tolerance } = r.why else {
            panic!("{r:?}")
        };
        assert!((error - 6.7e-5).abs() < 1e-9, "{error}");
        assert_eq!(tolerance, 1e-6);
    }

    #[test]
    fn a_token_rejection_skips_what_the_checker_accepts() {
        let r = rejection(
            &Checker::Tokens {
                case_sensitive: true,
            },
            "1  2\n3 4\n",
            "1 2\n3 5\n",
        );
        assert_eq!(
            (r.why, r.expected, r.actual),
            (Why::Token, at(2, 3, "5"), at(2, 3, "4"))
        );
    }

    #[test]
    fn a_short_output_is_missing_tokens_and_a_long_one_has_extra() {
        let r = rejection(
            &Checker::Tokens {
                case_sensitive: true,
            },
            "1\n",
            "1\n2\n",
        );
        assert_eq!(
            (r.why, r.expected, r.actual),
            (Why::Missing, at(2, 1, "2"), at(2, 1, ""))
        );
        let r = rejection(
            &Checker::Tokens {
                case_sensitive: true,
            },
            "1\n2\n",
            "1\n",
        );
        assert_eq!(
            (r.why, r.expected, r.actual),
            (Why::Extra, at(2, 1, ""), at(2, 1, "2"))
        );
    }

    #[test]
    fn a_presentation_error_names_the_whitespace_that_differs() {
        let r = rejection(&Checker::Exact, "1  2\n", "1 2\n");
        assert_eq!(
            (r.why, r.expected, r.actual),
            (Why::Whitespace, at(1, 2, " "), at(1, 2, "  "))
        );
        let r = rejection(&Checker::Exact, "1 2\n", "1\n2\n");
        assert_eq!((r.expected, r.actual), (at(1, 2, "\n"), at(1, 2, " ")));
    }

    #[test]
    fn exact_reports_the_first_wrong_token_even_after_a_whitespace_difference() {
        let r = rejection(&Checker::Exact, "1  2\n3\n", "1 2\n4\n");
        assert_eq!(
            (r.why, r.expected, r.actual),
            (Why::Token, at(2, 1, "4"), at(2, 1, "3"))
        );
    }

    /// The built-in checkers' rules: one row each, (rule, checker, output,
    /// expected, outcome). Nothing is run: these checkers only compare bytes.
    #[test]
    fn the_built_in_checkers_decide_by_these_rules() {
        use Kind::{Accepted as AC, Presentation as PE, Wrong as WA};
        let exact = &Checker::Exact;
        let tokens = &Checker::Tokens {
            case_sensitive: true,
        };
        let any_case = &Checker::Tokens {
            case_sensitive: false,
        };
        let float = &Checker::Float {
            abs: 1e-6,
            rel: 1e-6,
        };
        #[rustfmt::skip]
        let rows: &[(&str, &Checker, &str, &str, Kind)] = &[
            ("exact: the same lines", exact, "1\n2\n", "1\n2\n", AC),
            ("exact: CR before LF, trailing spaces/tabs, blank lines at the end and the final newline are ignored", exact, "1 \r\n2\t\n\n", "1\n2", AC),
            ("exact: inner whitespace counts: PE", exact, "1  2\n", "1 2\n", PE),
            ("exact: a line break for a space: PE", exact, "1\n2\n", "1 2\n", PE),
            ("exact: leading whitespace counts: PE", exact, " 1\n", "1\n", PE),
            ("exact: a different token: WA", exact, "1\n3\n", "1\n2\n", WA),
            ("exact: a wrong token after a whitespace difference is WA, not PE", exact, "1  2\n3\n", "1 2\n4\n", WA),
            ("exact: a missing line: WA", exact, "1\n", "1\n2\n", WA),
            ("exact: an extra line: WA", exact, "1\n2\n", "1\n", WA),
            ("exact: case counts", exact, "yes\n", "YES\n", WA),
            ("tokens: any whitespace between tokens", tokens, "1   2\n\n3", "1\n2\n3\n", AC),
            ("tokens: a missing token: WA", tokens, "1 2", "1 2 3", WA),
            ("tokens: an extra token: WA", tokens, "1 2 3 4", "1 2 3", WA),
            ("tokens: numbers compare as text", tokens, "1.0", "1", WA),
            ("tokens: case counts", tokens, "yes\n", "YES\n", WA),
            ("tokens, case_sensitive = false: case aside", any_case, "yes\nNo\n", "YES\nno\n", AC),
            ("tokens, case_sensitive = false: whitespace aside too", any_case, "Alice  BOB", "alice\nbob\n", AC),
            ("tokens, case_sensitive = false: other letters still differ", any_case, "yes\n", "NO\n", WA),
            ("tokens, case_sensitive = false: only ASCII letters fold", any_case, "é\n", "É\n", WA),
            ("tokens, case_sensitive = false: a missing token: WA", any_case, "yes", "yes yes", WA),
            ("float: within the absolute tolerance", float, "0.3333334", "0.333333", AC),
            ("float: within the relative tolerance", float, "1000000.5", "1000000", AC),
            ("float: outside both", float, "0.3334", "0.3333", WA),
            ("float: another spelling of the same number", float, "yes 1.0", "yes 1", AC),
            ("float: a word compares exactly", float, "no 1.0", "yes 1", WA),
            ("float: nan is near nothing", float, "nan", "1", WA),
            ("float: an extra number: WA", float, "1 2", "1", WA),
            ("float: spacing is ignored", float, "1   2\n", "1 2", AC),
        ];
        let mut wrong = Vec::new();
        for (rule, checker, output, expected, outcome) in rows {
            let got = kind(
                check(
                    checker,
                    &Programs::default(),
                    Path::new("in"),
                    output.as_bytes(),
                    expected.as_bytes(),
                )
                .unwrap()
                .unwrap(),
            );
            if got != *outcome {
                wrong.push(format!("{rule}: expected {outcome:?}, got {got:?}"));
            }
        }
        assert!(wrong.is_empty(), "rules broken:\n{}", wrong.join("\n"));
    }

    /// A checker program's exit status, one row per rule (the program itself is
    /// run by `command_checker_decides_by_exit_code`).
    #[test]
    fn a_checker_programs_exit_status_decides() {
        let said = || Rejection {
            why: Why::Program {
                message: "differs".into(),
            },
            expected: None,
            actual: None,
        };
        #[rustfmt::skip]
        let rows: &[(&str, judge_sandbox::Exit, Result<Kind, &str>)] = &[
            ("exit 0 accepts", judge_sandbox::Exit::Code(0), Ok(Kind::Accepted)),
            ("exit 1 is a wrong answer", judge_sandbox::Exit::Code(1), Ok(Kind::Wrong)),
            ("exit 2 is a presentation error", judge_sandbox::Exit::Code(2), Ok(Kind::Presentation)),
            ("exit 3 is the checker's failure", judge_sandbox::Exit::Code(3), Err("failed (exit 3)")),
            ("Kattis' 42 is not this protocol's", judge_sandbox::Exit::Code(42), Err("failed (exit 42)")),
            ("a signal is the checker's crash", judge_sandbox::Exit::Signal(libc::SIGSEGV), Err("crashed (SIGSEGV)")),
        ];
        for (rule, exit, expected) in rows {
            let got = command_outcome(*exit, said);
            match (&got, expected) {
                (Ok(o), Ok(k)) => assert_eq!(kind(o.clone()), *k, "{rule}"),
                (Err(how), Err(e)) => assert_eq!(how, e, "{rule}"),
                _ => panic!("{rule}: expected {expected:?}, got {got:?}"),
            }
            if let Ok(o) = got.as_ref().map(Outcome::rejection) {
                assert_eq!(
                    o.is_some(),
                    *expected != Ok(Kind::Accepted),
                    "{rule}: what it said is kept"
                );
            }
        }
    }

    /// What a failed checker's stderr comes down to in the one-line error.
    #[test]
    fn a_failed_checker_is_quoted_by_its_last_lines_that_say_something() {
        let panic = "\nthread 'main' (7) panicked at src/bin/check.rs:17:58:\n\
                     called `Option::unwrap()` on a `None` value\n\
                     note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n";
        #[rustfmt::skip]
        let rows: &[(&str, &str, &str)] = &[
            ("a Rust panic: where and what, not the backtrace note", panic,
             "thread 'main' (7) panicked at src/bin/check.rs:17:58: / called `Option::unwrap()` on a `None` value"),
            ("one line", "bad output\n", "bad output"),
            ("the last three lines", "1\n2\n\n3\n4\n", "2 / 3 / 4"),
            ("nothing", "\n  \n", ""),
        ];
        for (what, stderr, said) in rows {
            assert_eq!(said_last(stderr), *said, "{what}");
        }
    }

    #[test]
    fn command_checker_decides_by_exit_code() {
        let dir = tempfile::tempdir().unwrap();
        let c = |cmd: &str| Checker::Command {
            command: cmd.into(),
            dir: dir.path().to_path_buf(),
            time_limit: Duration::from_secs(10),
        };
        let input = dir.path().join("in");
        std::fs::write(&input, "x").unwrap();
        // A relative command runs in the problem's folder, with input, output, expected.
        std::fs::write(
            dir.path().join("same.sh"),
            "[ \"$(cat \"$1\")\" = x ] && cmp -s \"$2\" \"$3\"\n",
        )
        .unwrap();
        assert_eq!(
            kind(
                check(
                    &c("sh ./same.sh"),
                    &Programs::default(),
                    &input,
                    b"5\n",
                    b"5\n"
                )
                .unwrap()
                .unwrap()
            ),
            Kind::Accepted
        );
        assert_eq!(
            kind(
                check(
                    &c("sh ./same.sh"),
                    &Programs::default(),
                    &input,
                    b"5\n",
                    b"6\n"
                )
                .unwrap()
                .unwrap()
            ),
            Kind::Wrong
        );
        assert_eq!(
            kind(
                check(&c("exit 2 #"), &Programs::default(), &input, b"", b"")
                    .unwrap()
                    .unwrap()
            ),
            Kind::Presentation
        );
        assert!(check(&c("exit 7 #"), &Programs::default(), &input, b"", b"").is_err());
    }
}
