//! Kattis output validation: the default validator and custom validator programs.
//!
//! The default validator compares tokens case-insensitively unless
//! `case_sensitive`, ignores how they are spaced unless `space_change_sensitive`,
//! and compares numbers within `float_tolerance` (or the separate
//! `float_absolute_tolerance` / `float_relative_tolerance`) when the answer's token
//! is a number and a tolerance is given. A custom validator is a program run as
//! `VALIDATOR INPUT ANSWER FEEDBACK_DIR [flags] < OUTPUT`: exit 42 accepts, 43
//! rejects, anything else is a judge error; its `judgemessage.txt` explains.
//! This is a checker kind of its own ([`judge_model::problem::Checker::Kattis`]), so
//! `check.rs` keeps the workspace's checkers and this module the Kattis rules.

use std::path::Path;

use anyhow::{Context, Result, bail};

use super::program::{self, Built};
use crate::run;
use judge_compare::{Rejection, Tokens, Why, same_token};
use judge_model::limits::Limits;
use judge_model::outcome::Outcome;
use judge_sandbox::{Exit, RunSpec};

use judge_model::kattis::{Flags, Kattis};

/// Where the default validator found a difference, or `None` when it accepts.
pub fn default_validate(output: &[u8], answer: &[u8], flags: &Flags) -> Option<String> {
    let mut out = Tokens::new(output);
    let mut ans = Tokens::new(answer);
    loop {
        if flags.space_change_sensitive {
            let (ow, aw) = (out.space(), ans.space());
            if ow != aw {
                return Some(format!(
                    "line {}: space change error: expected {}, got {}",
                    out.here().0,
                    show_space(aw),
                    show_space(ow)
                ));
            }
        } else {
            out.space();
            ans.space();
        }
        let line = out.here().0;
        match (ans.next().map(|t| t.0), out.next().map(|t| t.0)) {
            (None, None) => return None,
            (None, Some(t)) => {
                return Some(format!("line {line}: trailing output \"{}\"", shown(t)));
            }
            (Some(a), None) => {
                return Some(format!(
                    "line {line}: output ended while the answer had \"{}\"",
                    shown(a)
                ));
            }
            (Some(a), Some(o)) => {
                if let Some(why) = compare_token(o, a, flags) {
                    return Some(format!("line {line}: {why}"));
                }
            }
        }
    }
}

fn compare_token(output: &[u8], answer: &[u8], flags: &Flags) -> Option<String> {
    let show = shown;
    let number = if flags.decimal {
        decimal_double
    } else {
        scanf_double
    };
    if (flags.abs.is_some() || flags.rel.is_some())
        && let Some(expected) = number(answer)
    {
        let Some(got) = number(output) else {
            return Some(format!(
                "expected a number like \"{}\", got \"{}\"",
                show(answer),
                show(output)
            ));
        };
        let diff = (expected - got).abs();
        let abs_ok = flags.abs.is_some_and(|t| diff <= t);
        let rel_ok = flags.rel.is_some_and(|t| diff <= t * expected.abs());
        // The same value written differently (1e5, 100000.0) is equal too.
        if abs_ok || rel_ok || expected == got {
            return None;
        }
        return Some(format!(
            "expected {} got {}: difference {diff:e} is too large",
            show(answer),
            show(output)
        ));
    }
    if same_token(output, answer, flags.case_sensitive) {
        None
    } else {
        Some(format!(
            "expected \"{}\", got \"{}\"",
            show(answer),
            show(output)
        ))
    }
}

/// A token as a message shows it: as problemtools' default validator
/// (`truncate`, limit 30) does, one over 35 bytes is cut to its first 30
/// characters and `...`, so a 7 MB line of output is not a 7 MB message.
fn shown(token: &[u8]) -> String {
    let text = String::from_utf8_lossy(token);
    if token.len() <= 35 {
        return text.into_owned();
    }
    let mut cut: String = text.chars().take(30).collect();
    cut.push_str("...");
    cut
}

/// A token as problemtools' default validator reads a number (`isfloat` in
/// `support/default_validator/default_validator.cc`: `sscanf(s, "%lf%10s")`
/// must read exactly one double, and it must be finite): glibc's `%lf` takes an
/// optional sign, decimal digits or `0x` and hex digits (with at most one point,
/// at least one digit), and an exponent mark (`e`, or `p` for hex) with an
/// optional sign and any digits, even none (`1e` is 1, as glibc's scanf reads
/// it). `inf`, `nan` and values that overflow are no numbers: such an answer
/// token is compared as a word.
fn scanf_double(token: &[u8]) -> Option<f64> {
    let (negative, body) = match token.first() {
        Some(b'-') => (true, &token[1..]),
        Some(b'+') => (false, &token[1..]),
        _ => (false, token),
    };
    let hex = body.len() > 1 && body[0] == b'0' && matches!(body[1], b'x' | b'X');
    let digits = if hex { &body[2..] } else { body };
    let is_digit = |b: u8| {
        if hex {
            b.is_ascii_hexdigit()
        } else {
            b.is_ascii_digit()
        }
    };
    let mantissa = digits
        .iter()
        .scan(false, |point, &b| match b {
            b'.' if !*point => {
                *point = true;
                Some(())
            }
            b if is_digit(b) => Some(()),
            _ => None,
        })
        .count();
    let (mantissa, rest) = digits.split_at(mantissa);
    if !mantissa.iter().any(|&b| is_digit(b)) {
        return None;
    }
    let exponent = match rest.split_first() {
        None => &rest[..0],
        Some((m, e)) if (hex && matches!(m, b'p' | b'P')) || (!hex && matches!(m, b'e' | b'E')) => {
            let e = e
                .strip_prefix(b"-")
                .or_else(|| e.strip_prefix(b"+"))
                .map_or(e, |d| d);
            if !e.iter().all(u8::is_ascii_digit) {
                return None;
            }
            &rest[1..]
        }
        Some(_) => return None,
    };
    let exponent = std::str::from_utf8(exponent).ok()?;
    // A mark with no digits after it counts for nothing.
    let exponent = if exponent.trim_start_matches(['+', '-']).is_empty() {
        ""
    } else {
        exponent
    };
    let value = if hex {
        hex_value(mantissa, exponent)
    } else {
        let text = format!(
            "{}e{}",
            std::str::from_utf8(mantissa).ok()?,
            if exponent.is_empty() { "0" } else { exponent }
        );
        text.parse::<f64>().ok()?
    };
    let value = if negative { -value } else { value };
    value.is_finite().then_some(value)
}

/// A token as the 2023-07 and 2025-09 formats read a number ("General
/// requirements": `{sign}? ({digit}* "." {digit}+ | {digit}+ "." | {digit}+)
/// ({expIndicator} {sign}? {digit}+)?`, as BAPCtools' default validator's
/// `FLOAT_REGEX`): no hex, no `inf` or `nan`, no exponent mark without digits.
/// A value too large for a double is no number either.
fn decimal_double(token: &[u8]) -> Option<f64> {
    let unsigned = |t: &'_ [u8]| -> usize { usize::from(matches!(t.first(), Some(b'+' | b'-'))) };
    let digits = |t: &[u8]| t.iter().all(u8::is_ascii_digit);
    let body = &token[unsigned(token)..];
    let (significand, exponent) = match body.iter().position(|b| matches!(b, b'e' | b'E')) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let (whole, fraction) = match significand.iter().position(|&b| b == b'.') {
        Some(i) => (&significand[..i], Some(&significand[i + 1..])),
        None => (significand, None),
    };
    let significand_ok = digits(whole)
        && fraction.is_none_or(digits)
        && (!whole.is_empty() || fraction.is_some_and(|f| !f.is_empty()));
    let exponent_ok = exponent.is_none_or(|e| {
        let e = &e[unsigned(e)..];
        !e.is_empty() && digits(e)
    });
    if !(significand_ok && exponent_ok) {
        return None;
    }
    let value: f64 = std::str::from_utf8(token).ok()?.parse().ok()?;
    value.is_finite().then_some(value)
}

/// The value of hex digits (with a point) times two to `exponent` (decimal).
fn hex_value(mantissa: &[u8], exponent: &str) -> f64 {
    let mut value = 0f64;
    let mut scale: i64 = 0;
    let mut point = false;
    for &b in mantissa {
        if b == b'.' {
            point = true;
            continue;
        }
        let d = char::from(b).to_digit(16).unwrap_or(0);
        value = value * 16.0 + f64::from(d);
        if point {
            scale -= 4;
        }
    }
    let exponent: i64 = exponent.parse().unwrap_or(if exponent.starts_with('-') {
        -100_000
    } else if exponent.is_empty() {
        0
    } else {
        100_000
    });
    let e = (exponent.clamp(-100_000, 100_000) + scale).clamp(-5000, 5000) as i32;
    // In two steps, so that a large mantissa and a small scale do not underflow first.
    value * 2f64.powi(e / 2) * 2f64.powi(e - e / 2)
}

fn show_space(s: &[u8]) -> String {
    if s.is_empty() {
        return "no space".into();
    }
    let mut t = String::from("\"");
    for &b in s {
        match b {
            b'\n' => t.push_str("\\n"),
            b'\r' => t.push_str("\\r"),
            b'\t' => t.push_str("\\t"),
            _ => t.push(b as char),
        }
    }
    t.push('"');
    t
}

/// What the engine does with a Kattis validator: build its programs and run them
/// (the spec is the model's [`Kattis`]).
pub trait KattisExt {
    /// Builds the validator programs (or finds them in the build cache); the
    /// error is the compiler's.
    fn build(&self) -> Result<Vec<Built>>;

    /// Validates `output` for the case with this `input` and `answer`; `built`
    /// are the validator's programs, built ([`Kattis::build`]).
    fn check(&self, built: &[Built], input: &Path, output: &[u8], answer: &[u8])
    -> Result<Outcome>;

    /// Validates `output` with the arguments `flags` instead of the case's (a
    /// case of `data/invalid_output/` or `data/valid_output/`, which is no case
    /// of the plan); a bad default-validator flag is an error.
    fn check_with(
        &self,
        built: &[Built],
        input: &Path,
        output: &[u8],
        answer: &[u8],
        flags: &[String],
    ) -> Result<Outcome>;

    /// Runs the custom validator programs on one output; all must accept.
    fn run_programs(
        &self,
        built: &[Built],
        input: &Path,
        output: &[u8],
        answer: &[u8],
        flags: &[String],
    ) -> Result<Outcome>;

    /// Runs the validator programs once with the feedback folder `feedback`
    /// (kept by the caller across passes): `input` is this pass's input, `case`
    /// the case's own `.in` (which decides the group's flags), `output` the file
    /// holding the solution's output; `built` are the programs, built.
    fn validate_pass(
        &self,
        built: &[Built],
        case: &Path,
        input: &Path,
        answer: &Path,
        output: &Path,
        feedback: &Path,
    ) -> Result<Outcome>;

    /// Fails unless `built` holds every program built: a validator that was never
    /// built must not accept by running nothing.
    fn built_all(&self, built: &[Built]) -> Result<()>;
}

impl KattisExt for Kattis {
    fn build(&self) -> Result<Vec<Built>> {
        self.programs
            .iter()
            .map(|p| {
                program::build_within(p, &self.includes, 1024, self.compilation).map_err(|e| {
                    anyhow::anyhow!("cannot build output validator {}: {e:#}", p.path.display())
                })
            })
            .collect()
    }

    fn check(
        &self,
        built: &[Built],
        input: &Path,
        output: &[u8],
        answer: &[u8],
    ) -> Result<Outcome> {
        let (flags, parsed) = self.flags_for(input);
        if self.programs.is_empty() {
            let parsed = parsed.cloned().unwrap_or_default();
            return Ok(match default_validate(output, answer, &parsed) {
                None => Outcome::Accepted,
                Some(why) => rejected(why),
            });
        }
        self.run_programs(built, input, output, answer, flags)
    }

    fn check_with(
        &self,
        built: &[Built],
        input: &Path,
        output: &[u8],
        answer: &[u8],
        flags: &[String],
    ) -> Result<Outcome> {
        if self.programs.is_empty() {
            return Ok(
                match default_validate(output, answer, &Flags::parse(flags)?) {
                    None => Outcome::Accepted,
                    Some(why) => rejected(why),
                },
            );
        }
        self.run_programs(built, input, output, answer, flags)
    }

    fn run_programs(
        &self,
        built: &[Built],
        input: &Path,
        output: &[u8],
        answer: &[u8],
        flags: &[String],
    ) -> Result<Outcome> {
        self.built_all(built)?;
        let scratch = tempfile::tempdir().context("cannot create a folder for the validator")?;
        let out_path = scratch.path().join("output");
        std::fs::write(&out_path, output).context("cannot write the output for the validator")?;
        let answer_path = scratch.path().join("answer");
        std::fs::write(&answer_path, answer)
            .context("cannot write the answer for the validator")?;
        for (built, source) in built.iter().zip(&self.programs) {
            let feedback = scratch.path().join(format!("feedback-{}", source.name));
            std::fs::create_dir(&feedback)?;
            let command = validator_command(built, input, &answer_path, &feedback, flags)?;
            let outcome = run_validator(command, &out_path, &feedback, &self.limits, &source.name)?;
            if outcome != Outcome::Accepted {
                return Ok(outcome);
            }
        }
        Ok(Outcome::Accepted)
    }

    fn validate_pass(
        &self,
        built: &[Built],
        case: &Path,
        input: &Path,
        answer: &Path,
        output: &Path,
        feedback: &Path,
    ) -> Result<Outcome> {
        let (flags, _) = self.flags_for(case);
        self.built_all(built)?;
        for (built, source) in built.iter().zip(&self.programs) {
            let command = validator_command(built, input, answer, feedback, flags)?;
            let outcome = run_validator(command, output, feedback, &self.limits, &source.name)?;
            if outcome != Outcome::Accepted {
                return Ok(outcome);
            }
        }
        Ok(Outcome::Accepted)
    }

    fn built_all(&self, built: &[Built]) -> Result<()> {
        if built.len() != self.programs.len() {
            bail!(
                "the output validator was not built ({} of {} programs)",
                built.len(),
                self.programs.len()
            );
        }
        Ok(())
    }
}

/// `VALIDATOR INPUT ANSWER FEEDBACK_DIR/ FLAGS...` (Kattis problem package format,
/// "Output validators": the paths are arguments, the output is stdin). Isolated,
/// the validator sees the input and answer it is given (read-only) and writes its
/// feedback folder; nothing else of the judge's.
fn validator_command(
    built: &Built,
    input: &Path,
    answer: &Path,
    feedback: &Path,
    flags: &[String],
) -> Result<RunSpec> {
    let (input, answer) = (std::path::absolute(input)?, std::path::absolute(answer)?);
    let mut command = built.command();
    command
        .arg(&input)
        .arg(&answer)
        .arg(format!("{}/", feedback.display()))
        .args(flags);
    command.share(&input, judge_sandbox::Access::Read);
    command.share(&answer, judge_sandbox::Access::Read);
    command.share(feedback, judge_sandbox::Access::Write);
    Ok(command)
}

/// A wrong answer with the validator's own words.
fn rejected(message: String) -> Outcome {
    Outcome::Wrong(Rejection {
        why: Why::Program { message },
        expected: None,
        actual: None,
    })
}

/// The largest file a validator (input, output, static) may write, to its
/// feedback folder or its working folder. The format sets no such limit (its
/// `validation_output` is not applied to files by problemtools' verifyproblem,
/// nor by BAPCtools): a 16 MiB `judgemessage.txt` with exit 43 is WA there, and
/// so here; this bound only keeps a runaway validator from filling the disk.
pub const FEEDBACK_FILES: u64 = 1 << 30;

/// Runs one validator process under `limits` (the package's
/// `validation_time`, `validation_memory`, and `validation_output` for what of
/// its standard output is kept, the rest dropped: [`run::run_writing`]; its
/// feedback files up to [`FEEDBACK_FILES`]) and reads its verdict
/// from the exit code. Only the start of `judgemessage.txt` is read
/// ([`crate::passes::read_small`]), however much it wrote.
pub fn run_validator(
    command: RunSpec,
    stdin: &Path,
    feedback: &Path,
    limits: &Limits,
    name: &str,
) -> Result<Outcome> {
    let ran = run::run_writing(command, stdin, limits, FEEDBACK_FILES)
        .with_context(|| format!("cannot run output validator {name}"))?;
    let message = crate::passes::read_small(&feedback.join("judgemessage.txt")).unwrap_or_default();
    let message = message.as_str();
    match ran.exit {
        Exit::Code(42) => Ok(Outcome::Accepted),
        Exit::Code(43) => Ok(rejected(if message.is_empty() {
            format!("rejected by {name} (no judgemessage.txt)")
        } else {
            message.to_string()
        })),
        other => {
            let how = other.to_string();
            let stderr = String::from_utf8_lossy(&ran.stderr_tail);
            let last = stderr.lines().last().unwrap_or("").trim().to_string();
            let mut why = format!("output validator {name} failed ({how}; 42 accepts, 43 rejects)");
            if ran.wall_exceeded || ran.cpu > limits.time {
                why = format!("output validator {name} ran out of time");
            }
            if !message.is_empty() {
                why.push_str(&format!(": {message}"));
            } else if !last.is_empty() {
                why.push_str(&format!(": {last}"));
            }
            bail!("{why}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_custom_validator_not_built_is_an_error_never_an_accept() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("validate.py");
        std::fs::write(&file, "import sys\nsys.exit(43)\n").unwrap();
        let source = judge_formats::program::source(&file).unwrap().unwrap();
        let v = Kattis::new(vec![source], Vec::new(), Vec::new(), Vec::new()).unwrap();
        let err = v.check(&[], &file, b"1\n", b"2\n").unwrap_err();
        assert!(format!("{err:#}").contains("was not built"), "{err:#}");
        let feedback = dir.path();
        let err = v
            .validate_pass(&[], &file, &file, &file, &file, feedback)
            .unwrap_err();
        assert!(format!("{err:#}").contains("was not built"), "{err:#}");
    }

    fn flags(words: &str) -> Flags {
        Flags::parse(
            &words
                .split_whitespace()
                .map(String::from)
                .collect::<Vec<_>>(),
        )
        .unwrap()
    }

    fn ok(out: &str, ans: &str, f: &str) -> bool {
        default_validate(out.as_bytes(), ans.as_bytes(), &flags(f)).is_none()
    }

    #[test]
    fn the_default_validator_ignores_case_unless_case_sensitive() {
        assert!(ok("YES\n", "yes\n", ""));
        assert!(!ok("YES\n", "yes\n", "case_sensitive"));
    }

    #[test]
    fn the_default_validator_ignores_spacing_unless_space_change_sensitive() {
        assert!(ok("1   2\n\n", "1 2", ""));
        assert!(!ok("1   2\n", "1 2\n", "space_change_sensitive"));
        assert!(ok("1 2\n", "1 2\n", "space_change_sensitive"));
    }

    #[test]
    fn numbers_are_compared_within_the_tolerance_only_when_one_is_given() {
        assert!(!ok("0.3333\n", "0.333333\n", ""));
        assert!(ok("0.3333\n", "0.333333\n", "float_tolerance 1e-3"));
        assert!(!ok("0.33\n", "0.333333\n", "float_tolerance 1e-3"));
        assert!(ok("1000.5\n", "1000\n", "float_relative_tolerance 1e-3"));
        assert!(!ok("1000.5\n", "1000\n", "float_absolute_tolerance 1e-3"));
        assert!(ok("1e3\n", "1000\n", "float_absolute_tolerance 0"));
    }

    #[test]
    fn numbers_are_what_glibc_scanf_reads_and_inf_and_nan_are_words() {
        // (output, answer, flags, accepted): each row as problemtools 1.20260907's
        // default_validator, built from its source, judged it.
        let tol = "float_tolerance 1e-6";
        for (out, ans, f, accepted) in [
            ("nan", "NaN", tol, true),
            ("NAN", "nan", tol, true),
            ("nan", "NaN", "float_tolerance 1e-6 case_sensitive", false),
            ("inf", "Infinity", tol, false),
            ("-inf", "-inf", tol, true),
            ("inf", "-inf", tol, false),
            ("nan", "1.5", tol, false),
            ("1.5", "nan", tol, false),
            ("1e308", "inf", tol, false),
            ("inf", "1e308", tol, false),
            ("1e400", "1e400", tol, true),
            ("2", "1e400", tol, false),
            ("0x2", "2", tol, true),
            ("0x1.8p1", "3", tol, true),
            ("3", "0x1.8p1", tol, true),
            ("0X1P1", "2", tol, true),
            ("0x.8", "0.5", tol, true),
            ("-0x.8p+0", "-0.5", tol, true),
            ("0x1p-2000", "0", tol, true),
            ("0x1p2000", "0", tol, false),
            ("0x1p", "1", tol, true),
            ("0x1p+", "1", tol, true),
            ("0x", "0", tol, false),
            ("0x.p1", "0", tol, false),
            ("1e", "1", tol, true),
            ("1.5e-", "1.5", tol, true),
            ("1", "1e", tol, true),
            (".", "0", tol, false),
            ("-", "0", tol, false),
            ("e5", "1", tol, false),
            ("+.5", ".5", "float_tolerance 0", true),
            ("5.", "5", "float_tolerance 0", true),
            ("0", "1e-400", tol, true),
        ] {
            assert_eq!(ok(out, ans, f), accepted, "{out} vs {ans} [{f}]");
        }
    }

    #[test]
    fn numbers_of_a_2023_07_or_2025_09_package_are_the_specs_decimal_grammar() {
        // (output, answer, accepted) under float_tolerance 1e-6, from the
        // grammar of spec/2025-09.md "General requirements": a token it does
        // not read is a word (compared as one), and an output word where the
        // answer has a number is wrong. bt run 2026.10.0 gave "0x3" against
        // "3" WA, where problemtools' %lf reads it (the rows above).
        let decimal = |out: &str, ans: &str| {
            let f = Flags {
                decimal: true,
                ..flags("float_tolerance 1e-6")
            };
            default_validate(out.as_bytes(), ans.as_bytes(), &f).is_none()
        };
        for (out, ans, accepted) in [
            ("0x2", "2", false),
            ("0x1.8p1", "3", false),
            ("3", "0x1.8p1", false),
            ("1e", "1", false),
            ("1.5e-", "1.5", false),
            ("1", "1e", false),
            ("1E", "1e", true),
            ("1e+5", "100000", true),
            ("1.5E-3", "0.0015", true),
            ("+.5", ".5", true),
            ("-5.", "-5", true),
            (".", "0", false),
            ("-", "0", false),
            ("e5", "1", false),
            ("--1", "-1", false),
            ("1.2.3", "1.2", false),
            ("nan", "NaN", true),
            ("inf", "1e308", false),
            ("1e400", "1e400", true),
            ("3.0000001", "3", true),
            ("3.00001", "3", false),
        ] {
            assert_eq!(decimal(out, ans), accepted, "{out} vs {ans}");
        }
    }

    #[test]
    fn a_long_token_is_shown_cut_to_thirty_characters() {
        let long = "7".repeat(7_000_000);
        for (out, ans) in [(&long[..], "6"), ("6", &long[..]), ("6 ", "6 8")] {
            let out = format!("{out}\n");
            let why = default_validate(out.as_bytes(), ans.as_bytes(), &flags("")).unwrap();
            assert!(why.len() < 120, "{why}");
        }
        let why = default_validate(format!("{long}\n").as_bytes(), b"6\n", &flags("")).unwrap();
        assert!(why.contains(&format!("{}...", "7".repeat(30))), "{why}");
    }

    #[test]
    fn a_word_where_a_number_is_expected_is_wrong() {
        let why = default_validate(b"abc\n", b"1.5\n", &flags("float_tolerance 1e-6")).unwrap();
        assert!(why.contains("expected a number"), "{why}");
    }

    #[test]
    fn words_beside_numbers_still_compare_case_insensitively() {
        assert!(ok(
            "Case 1: 0.50001\n",
            "case 1: 0.5\n",
            "float_tolerance 1e-4"
        ));
    }

    #[test]
    fn trailing_and_missing_output_are_wrong_and_say_which_line() {
        let why = default_validate(b"1\n2\n3\n", b"1\n2\n", &Flags::default()).unwrap();
        assert_eq!(why, "line 3: trailing output \"3\"");
        let why = default_validate(b"1\n", b"1\n2\n", &Flags::default()).unwrap();
        assert!(why.contains("output ended"), "{why}");
    }

    #[test]
    fn an_unknown_flag_is_an_error_naming_it() {
        let err = Flags::parse(&["float_tolerence".into()])
            .unwrap_err()
            .to_string();
        assert!(err.contains("float_tolerence"), "{err}");
        assert!(Flags::parse(&["float_tolerance".into(), "x".into()]).is_err());
    }
}
