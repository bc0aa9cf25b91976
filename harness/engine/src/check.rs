//! Checkers: decide whether an output is right, given the expected one.
//!
//! Owns the comparison rules and the whitespace normalisation behind them; it does
//! not run solutions (see `run`) or render differences (see `diff`).

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use judge_compare::{first_line_difference, first_token_difference, lines_equal};

use crate::problem::Checker;
use crate::run;

// The comparison itself lives in `judge-compare`, the judge's one optimised crate
// (harness/compare/Cargo.toml says why); its types and token reader are part of
// this module's API.
pub use judge_compare::{MAX_TOKEN, Rejection, Token, Tokens, Why, parse_f64};

/// What a checker decided.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Accepted.
    Accepted,
    /// Wrong answer, and where.
    Wrong(Rejection),
    /// Right tokens, wrong whitespace (only the exact checker says this), and where.
    Presentation(Rejection),
}

impl Outcome {
    /// The rejection, unless accepted.
    pub fn rejection(&self) -> Option<&Rejection> {
        match self {
            Outcome::Accepted => None,
            Outcome::Wrong(r) | Outcome::Presentation(r) => Some(r),
        }
    }
}

/// Compares `output` with `expected` for the case whose input is `input`.
///
/// Errors are the checker's own failures (a command checker that could not run or
/// answered with an unknown exit code), never a verdict.
pub fn check(checker: &Checker, input: &Path, output: &[u8], expected: &[u8]) -> Result<Outcome> {
    Ok(match checker {
        // Equal lines are the common case and the cheapest test, so they go first.
        Checker::Exact if lines_equal(output, expected) => Outcome::Accepted,
        Checker::Exact => match first_token_difference(output, expected, None) {
            Some(r) => Outcome::Wrong(r),
            None => first_line_difference(output, expected)
                .map_or(Outcome::Accepted, Outcome::Presentation),
        },
        Checker::Tokens => verdict(first_token_difference(output, expected, None)),
        Checker::Float { abs, rel } => {
            verdict(first_token_difference(output, expected, Some((*abs, *rel))))
        }
        Checker::Command {
            command,
            dir,
            time_limit,
        } => run_command(command, dir, *time_limit, input, output, expected)?,
        Checker::Kattis(validator) => validator.check(input, output, expected)?,
        Checker::Testlib(program) => program.check(input, output, expected)?,
    })
}

fn verdict(rejection: Option<Rejection>) -> Outcome {
    match rejection {
        None => Outcome::Accepted,
        Some(r) => Outcome::Wrong(r),
    }
}

/// Runs a testlib-style checker: `sh -c 'COMMAND "$@"' checker INPUT OUTPUT EXPECTED`
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
    let mut sh = Command::new("sh");
    sh.arg("-c")
        .arg(format!("{command} \"$@\""))
        .arg("checker")
        .arg(&input)
        .arg(&out_path)
        .arg(&exp_path)
        .current_dir(dir);
    let limits = run::Limits {
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
    let last = stderr.lines().last().unwrap_or("").trim();
    let last = if last.is_empty() {
        String::new()
    } else {
        format!(": {last}")
    };
    match result.exit {
        run::Exit::Code(0) => Ok(Outcome::Accepted),
        run::Exit::Code(1) => Ok(Outcome::Wrong(said())),
        run::Exit::Code(2) => Ok(Outcome::Presentation(said())),
        run::Exit::Code(c) => bail!("checker `{command}` failed (exit {c}){last}"),
        run::Exit::Signal(sig) => {
            bail!(
                "checker `{command}` crashed ({}){last}",
                run::signal_name(sig)
            )
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
    fn exact(output: &str, expected: &str) -> Kind {
        kind(
            check(
                &Checker::Exact,
                Path::new("in"),
                output.as_bytes(),
                expected.as_bytes(),
            )
            .unwrap(),
        )
    }

    #[track_caller]
    fn rejection(checker: &Checker, output: &str, expected: &str) -> Rejection {
        check(
            checker,
            Path::new("in"),
            output.as_bytes(),
            expected.as_bytes(),
        )
        .unwrap()
        .rejection()
        .expect("a rejection")
        .clone()
    }

    fn at(line: usize, column: usize, text: &str) -> Option<Token> {
        Some(Token {
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
        let r = rejection(&Checker::Tokens, "1  2\n3 4\n", "1 2\n3 5\n");
        assert_eq!(
            (r.why, r.expected, r.actual),
            (Why::Token, at(2, 3, "5"), at(2, 3, "4"))
        );
    }

    #[test]
    fn a_short_output_is_missing_tokens_and_a_long_one_has_extra() {
        let r = rejection(&Checker::Tokens, "1\n", "1\n2\n");
        assert_eq!(
            (r.why, r.expected, r.actual),
            (Why::Missing, at(2, 1, "2"), at(2, 1, ""))
        );
        let r = rejection(&Checker::Tokens, "1\n2\n", "1\n");
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

    #[test]
    fn exact_accepts_identical_output() {
        assert_eq!(exact("1\n2\n", "1\n2\n"), Kind::Accepted);
    }

    #[test]
    fn exact_ignores_crlf_trailing_spaces_and_the_final_newline() {
        assert_eq!(exact("1 \r\n2\t\n\n", "1\n2"), Kind::Accepted);
    }

    #[test]
    fn exact_calls_inner_whitespace_differences_presentation_errors() {
        assert_eq!(exact("1  2\n", "1 2\n"), Kind::Presentation);
        assert_eq!(exact("1\n2\n", "1 2\n"), Kind::Presentation);
        assert_eq!(exact(" 1\n", "1\n"), Kind::Presentation);
    }

    #[test]
    fn exact_rejects_a_different_token() {
        assert_eq!(exact("1\n3\n", "1\n2\n"), Kind::Wrong);
    }

    #[test]
    fn exact_rejects_missing_lines() {
        assert_eq!(exact("1\n", "1\n2\n"), Kind::Wrong);
    }

    #[test]
    fn tokens_ignores_all_whitespace() {
        let c = Checker::Tokens;
        assert_eq!(
            kind(check(&c, Path::new("in"), b"1   2\n\n3", b"1\n2\n3\n").unwrap()),
            Kind::Accepted
        );
        assert_eq!(
            kind(check(&c, Path::new("in"), b"1 2", b"1 2 3").unwrap()),
            Kind::Wrong
        );
    }

    #[test]
    fn float_accepts_within_absolute_or_relative_tolerance() {
        let c = Checker::Float {
            abs: 1e-6,
            rel: 1e-6,
        };
        let ok = |o: &str, e: &str| {
            kind(check(&c, Path::new("in"), o.as_bytes(), e.as_bytes()).unwrap())
        };
        assert_eq!(ok("0.3333334", "0.333333"), Kind::Accepted);
        assert_eq!(ok("1000000.5", "1000000"), Kind::Accepted);
        assert_eq!(ok("0.3334", "0.3333"), Kind::Wrong);
        assert_eq!(ok("yes 1.0", "yes 1"), Kind::Accepted);
        assert_eq!(ok("no 1.0", "yes 1"), Kind::Wrong);
        assert_eq!(ok("nan", "1"), Kind::Wrong);
        assert_eq!(ok("1 2", "1"), Kind::Wrong);
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
            kind(check(&c("sh ./same.sh"), &input, b"5\n", b"5\n").unwrap()),
            Kind::Accepted
        );
        assert_eq!(
            kind(check(&c("sh ./same.sh"), &input, b"5\n", b"6\n").unwrap()),
            Kind::Wrong
        );
        assert_eq!(
            kind(check(&c("exit 2 #"), &input, b"", b"").unwrap()),
            Kind::Presentation
        );
        assert!(check(&c("exit 7 #"), &input, b"", b"").is_err());
    }
}
