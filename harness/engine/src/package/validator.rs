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
use std::time::Duration;

use anyhow::{Context, Result, bail};

use super::program::{self, Built};
use crate::run;
use judge_compare::{Rejection, Tokens, Why, parse_f64};
use judge_model::limits::Limits;
use judge_model::outcome::Outcome;
use judge_sandbox::Exit;

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
                return Some(format!(
                    "line {line}: trailing output \"{}\"",
                    String::from_utf8_lossy(t)
                ));
            }
            (Some(a), None) => {
                return Some(format!(
                    "line {line}: output ended while the answer had \"{}\"",
                    String::from_utf8_lossy(a)
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
    let show = |t: &[u8]| String::from_utf8_lossy(t).into_owned();
    if (flags.abs.is_some() || flags.rel.is_some())
        && let Some(expected) = parse_f64(answer)
    {
        let Some(got) = parse_f64(output) else {
            return Some(format!(
                "expected a number like \"{}\", got \"{}\"",
                show(answer),
                show(output)
            ));
        };
        // NaN and infinities, as problemtools' default_validator.cc and DOMjudge's
        // compare.cc treat them: a NaN matches only a NaN (however it is spelled,
        // `nan`, `NaN`), an infinity only the same infinity; neither is within any
        // tolerance of a finite number.
        if !expected.is_finite() || !got.is_finite() {
            let same = (expected.is_nan() && got.is_nan()) || expected == got;
            return (!same).then(|| {
                format!(
                    "expected {} got {}: not the same value",
                    show(answer),
                    show(output)
                )
            });
        }
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
    let equal = if flags.case_sensitive {
        output == answer
    } else {
        output.eq_ignore_ascii_case(answer)
    };
    if equal {
        None
    } else {
        Some(format!(
            "expected \"{}\", got \"{}\"",
            show(answer),
            show(output)
        ))
    }
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
                program::build(p, &self.includes, 1024).map_err(|e| {
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
            let outcome =
                run_validator(command, &out_path, &feedback, self.time_limit, &source.name)?;
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
            let outcome = run_validator(command, output, feedback, self.time_limit, &source.name)?;
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
) -> Result<std::process::Command> {
    let (input, answer) = (std::path::absolute(input)?, std::path::absolute(answer)?);
    let mut command = built.command();
    command
        .arg(&input)
        .arg(&answer)
        .arg(format!("{}/", feedback.display()))
        .args(flags);
    judge_sandbox::share(&mut command, &input, judge_sandbox::Access::Read);
    judge_sandbox::share(&mut command, &answer, judge_sandbox::Access::Read);
    judge_sandbox::share(&mut command, feedback, judge_sandbox::Access::Write);
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

/// Runs one validator process and reads its verdict from the exit code.
pub fn run_validator(
    command: std::process::Command,
    stdin: &Path,
    feedback: &Path,
    time_limit: Duration,
    name: &str,
) -> Result<Outcome> {
    let limits = Limits {
        time: time_limit,
        memory: 4 << 30,
        output: 8 << 20,
    };
    let ran = run::run(command, stdin, &limits)
        .with_context(|| format!("cannot run output validator {name}"))?;
    let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default();
    let message = message.trim();
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
            if ran.wall_exceeded || ran.cpu > time_limit {
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
    fn nan_matches_nan_and_an_infinity_only_itself_within_a_tolerance() {
        for (out, ans, same) in [
            ("nan", "NaN", true),
            ("NAN", "nan", true),
            ("inf", "Infinity", true),
            ("-inf", "-inf", true),
            ("inf", "-inf", false),
            ("nan", "1.5", false),
            ("1.5", "nan", false),
            ("1e308", "inf", false),
            ("inf", "1e308", false),
        ] {
            assert_eq!(ok(out, ans, "float_tolerance 1e-6"), same, "{out} vs {ans}");
        }
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
