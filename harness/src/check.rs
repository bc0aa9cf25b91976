//! Checkers: decide whether an output is right, given the expected one.
//!
//! Owns the comparison rules and the whitespace normalisation behind them; it does
//! not run solutions (see `run`) or render differences (see `diff`).

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use serde::Serialize;

use crate::problem::Checker;
use crate::run;

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

/// Where and why a checker rejected an output: the first token (or whitespace) it
/// could not accept, on each side. Data only; `diff` words and renders it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rejection {
    /// Why.
    #[serde(flatten)]
    pub why: Why,
    /// The expected side at the rejection (none for an external checker).
    pub expected: Option<Token>,
    /// The output's side at the rejection (none for an external checker).
    pub actual: Option<Token>,
}

/// Why a checker rejected.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum Why {
    /// The tokens differ.
    Token,
    /// Both are numbers, further apart than the tolerance allows.
    Float {
        /// `|actual - expected|`.
        error: f64,
        /// What was allowed here: `max(abs, rel * |expected|)`.
        tolerance: f64,
    },
    /// The output ended where the expected one goes on (`actual.text` is empty).
    Missing,
    /// The output goes on after the expected one ended (`expected.text` is empty).
    Extra,
    /// Same tokens, different whitespace (the exact checker): the texts are the
    /// whitespace at the first difference, `\n` for a line end.
    Whitespace,
    /// An external checker program said no.
    Program {
        /// The last lines it printed (testlib checkers say what was wrong).
        message: String,
    },
}

/// One side of a rejection: a token (or whitespace) and where it starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Token {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// The token (cut to [`MAX_TOKEN`] characters).
    pub text: String,
}

/// Characters of a token kept in a [`Rejection`]: a 10 MB one-token output must not
/// be copied into every report.
pub const MAX_TOKEN: usize = 200;

/// Compares `output` with `expected` for the case whose input is `input`.
///
/// Errors are the checker's own failures (a command checker that could not run or
/// answered with an unknown exit code), never a verdict.
pub fn check(checker: &Checker, input: &Path, output: &[u8], expected: &[u8]) -> Result<Outcome> {
    Ok(match checker {
        // Equal lines are the common case and the cheapest test, so they go first.
        Checker::Exact if normalized_lines(output).eq(normalized_lines(expected)) => {
            Outcome::Accepted
        }
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
    })
}

fn verdict(rejection: Option<Rejection>) -> Outcome {
    match rejection {
        None => Outcome::Accepted,
        Some(r) => Outcome::Wrong(r),
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

/// The whitespace-separated tokens of `text`, each with its line and column: the
/// one token reader of the judge's checkers and the Kattis default validator.
pub struct Tokens<'a> {
    text: &'a [u8],
    at: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Tokens<'a> {
    /// A reader at the start of `text`.
    pub fn new(text: &'a [u8]) -> Self {
        Tokens {
            text,
            at: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// Where the scan stands now (the end of the text, once exhausted): line and
    /// column.
    pub fn here(&self) -> (usize, usize) {
        (self.line, column(self.text, self.line_start, self.at))
    }

    /// Skips the whitespace before the next token and returns it (the Kattis
    /// validator's `space_change_sensitive` compares it).
    pub fn space(&mut self) -> &'a [u8] {
        let t = self.text;
        let start = self.at;
        while self.at < t.len() && t[self.at].is_ascii_whitespace() {
            if t[self.at] == b'\n' {
                self.line += 1;
                self.line_start = self.at + 1;
            }
            self.at += 1;
        }
        &t[start..self.at]
    }
}

impl<'a> Iterator for Tokens<'a> {
    /// The token, its line and its column.
    type Item = (&'a [u8], usize, usize);

    fn next(&mut self) -> Option<Self::Item> {
        self.space();
        let t = self.text;
        if self.at == t.len() {
            return None;
        }
        let start = self.at;
        while self.at < t.len() && !t[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
        let col = column(t, self.line_start, start);
        Some((&t[start..self.at], self.line, col))
    }
}

/// The 1-based column, in characters, of byte `at` on the line starting at `start`.
fn column(text: &[u8], start: usize, at: usize) -> usize {
    // Characters are counted as UTF-8 lead bytes; invalid bytes count one each.
    text[start..at]
        .iter()
        .filter(|&&b| b & 0xc0 != 0x80)
        .count()
        + 1
}

fn token(text: &[u8], line: usize, column: usize) -> Token {
    let text = String::from_utf8_lossy(text);
    let text = if text.chars().count() > MAX_TOKEN {
        text.chars().take(MAX_TOKEN).chain(['…']).collect()
    } else {
        text.into_owned()
    };
    Token { line, column, text }
}

/// The first token the checker does not accept. With `tolerance = Some((abs, rel))`
/// two numbers match if they are within `abs` of each other or within `rel` times
/// the expected value (testlib's `doubleCompare`); other tokens must be equal.
fn first_token_difference(
    output: &[u8],
    expected: &[u8],
    tolerance: Option<(f64, f64)>,
) -> Option<Rejection> {
    let mut out = Tokens::new(output);
    let mut exp = Tokens::new(expected);
    loop {
        let (o, e) = (out.next(), exp.next());
        let why = match (o, e) {
            (None, None) => return None,
            (Some((o, ..)), Some((e, ..))) => match tolerance {
                None if o == e => continue,
                None => Why::Token,
                Some((abs, rel)) => match (parse_f64(o), parse_f64(e)) {
                    (Some(o), Some(e)) if e.is_nan() && o.is_nan() => continue,
                    (Some(o), Some(e)) if e.is_infinite() && o == e => continue,
                    (Some(of), Some(ef)) if !ef.is_nan() && !ef.is_infinite() => {
                        let error = (of - ef).abs();
                        let allowed = abs.max(rel * ef.abs());
                        if error <= abs || error <= rel * ef.abs() {
                            continue;
                        }
                        Why::Float {
                            error,
                            tolerance: allowed,
                        }
                    }
                    _ if o == e => continue,
                    _ => Why::Token,
                },
            },
            (None, Some(_)) => Why::Missing,
            (Some(_), None) => Why::Extra,
        };
        let side = |t: Option<(&[u8], usize, usize)>, scan: &Tokens| match t {
            Some((text, line, col)) => token(text, line, col),
            None => {
                let (line, column) = scan.here();
                Token {
                    line,
                    column,
                    text: String::new(),
                }
            }
        };
        return Some(Rejection {
            why,
            expected: Some(side(e, &exp)),
            actual: Some(side(o, &out)),
        });
    }
}

/// A whole token read as a floating-point number, as C's `strtod` takes it
/// (Rust's parser also reads `inf` and `NaN`; they compare only for equality).
pub fn parse_f64(token: &[u8]) -> Option<f64> {
    std::str::from_utf8(token).ok()?.parse().ok()
}

/// Where the exact checker's normalised lines first differ, as a whitespace
/// rejection (called once the tokens are known to be equal).
fn first_line_difference(output: &[u8], expected: &[u8]) -> Option<Rejection> {
    let mut out = normalized_lines(output);
    let mut exp = normalized_lines(expected);
    let mut line = 1;
    loop {
        let (o, e) = (out.next(), exp.next());
        if o.is_none() && e.is_none() {
            return None;
        }
        if o == e {
            line += 1;
            continue;
        }
        let (o, e) = (o.unwrap_or(b""), e.unwrap_or(b""));
        let mut at = o.iter().zip(e).take_while(|(a, b)| a == b).count();
        // Point at the start of the whitespace run that differs, not into it.
        while at > 0 && matches!(o[at - 1], b' ' | b'\t') {
            at -= 1;
        }
        let col = column(o, 0, at);
        let blank = |l: &[u8]| {
            let run: Vec<u8> = l[at..]
                .iter()
                .copied()
                .take_while(|b| *b == b' ' || *b == b'\t')
                .collect();
            // The line ends here: its line break is the whitespace that differs.
            if at + run.len() == l.len() && run.is_empty() {
                "\n".to_string()
            } else {
                String::from_utf8_lossy(&run).into_owned()
            }
        };
        return Some(Rejection {
            why: Why::Whitespace,
            expected: Some(Token {
                line,
                column: col,
                text: blank(e),
            }),
            actual: Some(Token {
                line,
                column: col,
                text: blank(o),
            }),
        });
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
