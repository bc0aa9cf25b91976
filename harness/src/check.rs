//! Checkers: decide whether an output is right, given the expected one.
//!
//! Owns the comparison rules and the whitespace normalisation behind them; it does
//! not run solutions (see `run`) or render differences (see `diff`).

use std::path::Path;
use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail};

use crate::problem::Checker;

/// What a checker decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Accepted.
    Accepted,
    /// Wrong answer.
    Wrong,
    /// Right tokens, wrong whitespace (only the exact checker says this).
    Presentation,
}

/// Compares `output` with `expected` for the case whose input is `input`.
///
/// Errors are the checker's own failures (a command checker that could not run or
/// answered with an unknown exit code), never a verdict.
pub fn check(checker: &Checker, input: &Path, output: &[u8], expected: &[u8]) -> Result<Outcome> {
    Ok(match checker {
        Checker::Exact if exact_equal(output, expected) => Outcome::Accepted,
        Checker::Exact if tokens_equal(output, expected) => Outcome::Presentation,
        Checker::Exact => Outcome::Wrong,
        Checker::Tokens => verdict(tokens_equal(output, expected)),
        Checker::Float { abs, rel } => verdict(floats_equal(output, expected, *abs, *rel)),
        Checker::Command { command, dir } => run_command(command, dir, input, output, expected)?,
    })
}

fn verdict(ok: bool) -> Outcome {
    if ok {
        Outcome::Accepted
    } else {
        Outcome::Wrong
    }
}

/// The exact checker's view of a text, line by line: CRLF read as LF, trailing
/// spaces and tabs dropped from every line, and trailing blank lines (and the final
/// newline) dropped at the end. Everything else, including leading and inner
/// spaces, counts. Borrowed slices, no copy: outputs can be large.
pub fn normalized_lines(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let end = text
        .iter()
        .rposition(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
        .map_or(0, |i| i + 1);
    text[..end].split(|&b| b == b'\n').map(|line| {
        let keep = line
            .iter()
            .rposition(|b| !matches!(b, b' ' | b'\t' | b'\r'))
            .map_or(0, |i| i + 1);
        &line[..keep]
    })
}

fn exact_equal(a: &[u8], b: &[u8]) -> bool {
    normalized_lines(a).eq(normalized_lines(b))
}

fn tokens(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    text.split(u8::is_ascii_whitespace)
        .filter(|t| !t.is_empty())
}

fn tokens_equal(a: &[u8], b: &[u8]) -> bool {
    tokens(a).eq(tokens(b))
}

/// Token-wise comparison where two numbers match if they are within `abs` of each
/// other or within `rel` times the expected value (testlib's `doubleCompare`).
/// Non-numeric tokens must match exactly.
fn floats_equal(output: &[u8], expected: &[u8], abs: f64, rel: f64) -> bool {
    let mut out = tokens(output);
    let mut exp = tokens(expected);
    loop {
        match (out.next(), exp.next()) {
            (None, None) => return true,
            (Some(o), Some(e)) => {
                let same = match (parse_f64(o), parse_f64(e)) {
                    (Some(o), Some(e)) if e.is_nan() => o.is_nan(),
                    (Some(o), Some(e)) if e.is_infinite() => o == e,
                    (Some(o), Some(e)) => (o - e).abs() <= abs || (o - e).abs() <= rel * e.abs(),
                    _ => o == e,
                };
                if !same {
                    return false;
                }
            }
            _ => return false,
        }
    }
}

fn parse_f64(token: &[u8]) -> Option<f64> {
    std::str::from_utf8(token).ok()?.parse().ok()
}

/// Runs a testlib-style checker: `sh -c 'COMMAND "$@"' checker INPUT OUTPUT EXPECTED`
/// in `dir`. Exit 0 accepts, 1 is a wrong answer, 2 a presentation error.
fn run_command(
    command: &str,
    dir: &Path,
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
    let result = Command::new("sh")
        .arg("-c")
        .arg(format!("{command} \"$@\""))
        .arg("checker")
        .arg(&input)
        .arg(&out_path)
        .arg(&exp_path)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("cannot run checker `{command}`"))?;
    match result.status.code() {
        Some(0) => Ok(Outcome::Accepted),
        Some(1) => Ok(Outcome::Wrong),
        Some(2) => Ok(Outcome::Presentation),
        _ => {
            let stderr = String::from_utf8_lossy(&result.stderr);
            let last = stderr.lines().last().unwrap_or("").trim();
            bail!(
                "checker `{command}` failed ({}){}",
                result.status,
                if last.is_empty() {
                    String::new()
                } else {
                    format!(": {last}")
                }
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn exact(output: &str, expected: &str) -> Outcome {
        check(
            &Checker::Exact,
            Path::new("in"),
            output.as_bytes(),
            expected.as_bytes(),
        )
        .unwrap()
    }

    #[test]
    fn exact_accepts_identical_output() {
        assert_eq!(exact("1\n2\n", "1\n2\n"), Outcome::Accepted);
    }

    #[test]
    fn exact_ignores_crlf_trailing_spaces_and_the_final_newline() {
        assert_eq!(exact("1 \r\n2\t\n\n", "1\n2"), Outcome::Accepted);
    }

    #[test]
    fn exact_calls_inner_whitespace_differences_presentation_errors() {
        assert_eq!(exact("1  2\n", "1 2\n"), Outcome::Presentation);
        assert_eq!(exact("1\n2\n", "1 2\n"), Outcome::Presentation);
        assert_eq!(exact(" 1\n", "1\n"), Outcome::Presentation);
    }

    #[test]
    fn exact_rejects_a_different_token() {
        assert_eq!(exact("1\n3\n", "1\n2\n"), Outcome::Wrong);
    }

    #[test]
    fn exact_rejects_missing_lines() {
        assert_eq!(exact("1\n", "1\n2\n"), Outcome::Wrong);
    }

    #[test]
    fn tokens_ignores_all_whitespace() {
        let c = Checker::Tokens;
        assert_eq!(
            check(&c, Path::new("in"), b"1   2\n\n3", b"1\n2\n3\n").unwrap(),
            Outcome::Accepted
        );
        assert_eq!(
            check(&c, Path::new("in"), b"1 2", b"1 2 3").unwrap(),
            Outcome::Wrong
        );
    }

    #[test]
    fn float_accepts_within_absolute_or_relative_tolerance() {
        let c = Checker::Float {
            abs: 1e-6,
            rel: 1e-6,
        };
        let ok = |o: &str, e: &str| check(&c, Path::new("in"), o.as_bytes(), e.as_bytes()).unwrap();
        assert_eq!(ok("0.3333334", "0.333333"), Outcome::Accepted);
        assert_eq!(ok("1000000.5", "1000000"), Outcome::Accepted);
        assert_eq!(ok("0.3334", "0.3333"), Outcome::Wrong);
        assert_eq!(ok("yes 1.0", "yes 1"), Outcome::Accepted);
        assert_eq!(ok("no 1.0", "yes 1"), Outcome::Wrong);
        assert_eq!(ok("nan", "1"), Outcome::Wrong);
        assert_eq!(ok("1 2", "1"), Outcome::Wrong);
    }

    #[test]
    fn command_checker_decides_by_exit_code() {
        let dir = tempfile::tempdir().unwrap();
        let c = |cmd: &str| Checker::Command {
            command: cmd.into(),
            dir: dir.path().to_path_buf(),
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
            check(&c("sh ./same.sh"), &input, b"5\n", b"5\n").unwrap(),
            Outcome::Accepted
        );
        assert_eq!(
            check(&c("sh ./same.sh"), &input, b"5\n", b"6\n").unwrap(),
            Outcome::Wrong
        );
        assert_eq!(
            check(&c("exit 2 #"), &input, b"", b"").unwrap(),
            Outcome::Presentation
        );
        assert!(check(&c("exit 7 #"), &input, b"", b"").is_err());
    }
}
