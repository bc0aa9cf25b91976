//! Per-problem settings: `testdata/<problem>/problem.toml`.
//!
//! Owns parsing and validating the file (into the model's [`Settings`], whose
//! `Default` is a folder without one).
//! The file sits beside the cases, so `judge run --cmd ... DIR` applies the same
//! limits and checker to a solution written in any language.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};
use serde::Deserialize;

use judge_model::testlib::{Program, Role};
use std::sync::Arc;

use judge_model::problem::Interactor;

use judge_model::limits::{COMPILATION, Limits, VALIDATION};
use judge_model::problem::{Checker, DEFAULT_CHECKER_TIME_LIMIT, FILE_NAME, Origin, Settings};

pub mod writer;

/// `problem.toml` as written. Unknown keys are errors: a misspelt `time_limt` must
/// not silently fall back to the default.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    title: Option<String>,
    source: Option<Origin>,
    time_limit: Option<f64>,
    memory_limit: Option<u64>,
    output_limit: Option<u64>,
    checker: Option<String>,
    float_abs: Option<f64>,
    float_rel: Option<f64>,
    case_sensitive: Option<bool>,
    checker_command: Option<String>,
    checker_source: Option<String>,
    checker_time_limit: Option<f64>,
    checker_memory_limit: Option<u64>,
    checker_output_limit: Option<u64>,
    checker_build_time_limit: Option<f64>,
    checker_build_memory_limit: Option<u64>,
    #[serde(rename = "type")]
    kind: Option<String>,
    interactor: Option<String>,
    interactor_source: Option<String>,
    kattis_validator: Option<String>,
    kattis_flags: Option<String>,
    kattis_format: Option<String>,
    validator_source: Option<String>,
    scale: Option<RawScale>,
}

/// `[scale]`: what `cargo judge scale` reads (docs/problem-toml.md, "Scale").
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScale {
    /// The largest input size: `scale`'s default `--to`.
    max_n: Option<u64>,
}

/// Reading a problem's settings from its folder (`problem.toml`), and the files
/// they name (the settings are the model's [`Settings`]).
pub trait SettingsExt {
    /// Loads `dir/problem.toml`, or the defaults when the folder has none.
    fn load(dir: &Path) -> Result<Settings>;

    /// Parses the text of a `problem.toml` that lives in `dir`.
    fn parse(text: &str, dir: &Path) -> Result<Settings>;

    /// The program files these settings name in the testdata folder: testlib
    /// sources with their `testlib.h`, a Kattis validator's files. `lint` does not
    /// call them stray.
    fn program_files(&self) -> Vec<PathBuf>;
}

impl SettingsExt for Settings {
    fn load(dir: &Path) -> Result<Settings> {
        let path = dir.join(FILE_NAME);
        if !path.exists() {
            return Ok(Settings::default());
        }
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        Settings::parse(&text, dir).with_context(|| format!("invalid {}", path.display()))
    }

    fn parse(text: &str, dir: &Path) -> Result<Settings> {
        let raw: Raw =
            toml::from_str(text).map_err(|e| anyhow::anyhow!("{}", one_line(&e, text)))?;
        raw.settings(dir).map_err(|e| located(e, text))
    }

    fn program_files(&self) -> Vec<PathBuf> {
        let mut testlib: Vec<&Program> = Vec::new();
        let mut files = Vec::new();
        match &self.checker {
            Checker::Testlib(p) => testlib.push(p),
            Checker::Kattis(k) => {
                for p in &k.programs {
                    files.extend(p.all_files.iter().cloned());
                }
            }
            _ => {}
        }
        if let Some(Interactor::Testlib {
            interactor,
            checker,
        }) = &self.interactor
        {
            testlib.push(interactor);
            testlib.extend(checker.as_deref());
        }
        testlib.extend(self.validator.as_deref());
        for p in testlib {
            files.push(p.source.path.clone());
            files.push(p.header_dir.join(judge_model::testlib::HEADER));
        }
        files
    }
}

impl Raw {
    /// The settings these keys give, each checked. An error about one key is a
    /// [`KeyError`], which [`located`] gives the key's line.
    fn settings(&self, dir: &Path) -> Result<Settings> {
        let mut settings = Settings {
            title: self.title.clone(),
            source: self.source.clone(),
            ..Settings::default()
        };
        self.read_limits(&mut settings)?;
        settings.max_n = self.max_n()?;
        self.read_kind(dir, &mut settings)?;
        settings.checker = self.checker(dir)?;
        self.refuse_keys_of_other_checkers(&settings.checker)?;
        self.read_testlib_interactor(dir, &mut settings)?;
        if let Some(source) = &self.validator_source {
            let limit = DEFAULT_CHECKER_TIME_LIMIT;
            let program = crate::testlib::read(Role::Validator, &dir.join(source), dir, limit)
                .map_err(|e| at("validator_source", format!("{e:#}")))?;
            settings.validator = Some(Arc::new(program));
        }
        Ok(settings)
    }

    /// `[scale] max_n`, at least 1.
    fn max_n(&self) -> Result<Option<u64>> {
        match self.scale.as_ref().and_then(|s| s.max_n) {
            Some(0) => Err(at(
                "scale.max_n",
                "[scale] max_n must be a size of at least 1, found 0",
            )),
            n => Ok(n),
        }
    }

    /// `time_limit`, `memory_limit`, `output_limit`, each within its range.
    fn read_limits(&self, settings: &mut Settings) -> Result<()> {
        if let Some(t) = self.time_limit {
            settings.limits.time = seconds("time_limit", t)?;
        }
        if let Some(m) = self.memory_limit {
            settings.limits.memory = mib("memory_limit", m, MAX_MEMORY_MIB)?;
        }
        if let Some(o) = self.output_limit {
            settings.limits.output = mib("output_limit", o, MAX_OUTPUT_MIB)?;
        }
        Ok(())
    }

    /// `type` (batch or interactive) and, for interactive, the `interactor` (a
    /// testlib one is built by [`Raw::read_testlib_interactor`], once the checker is read).
    fn read_kind(&self, dir: &Path, settings: &mut Settings) -> Result<()> {
        match self.kind.as_deref() {
            None | Some("batch") => {
                if self.interactor.is_some() {
                    return Err(at(
                        "interactor",
                        "interactor only applies with type = \"interactive\"",
                    ));
                }
            }
            Some("interactive") => {
                // A testlib interactor may have a testlib checker after it (Polygon's
                // way: the checker judges what the interactor wrote).
                let testlib_pair = self.interactor.as_deref().map(str::trim) == Some("testlib")
                    && self.checker.as_deref() == Some("testlib");
                if self.checker_command.is_some() || (self.checker.is_some() && !testlib_pair) {
                    let key = if self.checker.is_some() {
                        "checker"
                    } else {
                        "checker_command"
                    };
                    return Err(at(
                        key,
                        concat!(
                            "checker does not apply with type = \"interactive\" (the interactor decides; ",
                            "only interactor = \"testlib\" may have checker = \"testlib\" after it)"
                        ),
                    ));
                }
                settings.interactive = true;
                settings.interactor = match self.interactor.as_deref() {
                    Some(i) if i.trim().is_empty() => {
                        return Err(at("interactor", "interactor is empty"));
                    }
                    Some(i) if i.trim() == "testlib" => None,
                    Some(i) => Some(interactor(i.trim(), dir)),
                    None => None,
                };
            }
            Some(other) => {
                return Err(at(
                    "type",
                    format!("unknown type \"{other}\" (expected batch or interactive)"),
                ));
            }
        }
        Ok(())
    }

    /// The `checker` with its own keys (`exact` when none is named).
    fn checker(&self, dir: &Path) -> Result<Checker> {
        Ok(match self.checker.as_deref().unwrap_or("exact") {
            "exact" => Checker::Exact,
            "tokens" => Checker::Tokens {
                case_sensitive: self.case_sensitive.unwrap_or(true),
            },
            "float" => Checker::Float {
                abs: tolerance("float_abs", self.float_abs)?,
                rel: tolerance("float_rel", self.float_rel)?,
            },
            "kattis" => self.kattis_checker(dir)?,
            "testlib" => {
                let Some(source) = &self.checker_source else {
                    return Err(at(
                        "checker",
                        "checker = \"testlib\" needs checker_source = \"check.cpp\"",
                    ));
                };
                let t = checker_time_limit(self.checker_time_limit)?;
                let program = crate::testlib::read(Role::Checker, &dir.join(source), dir, t)?;
                Checker::Testlib(Arc::new(program))
            }
            "command" => match self.checker_command.clone() {
                Some(command) if !command.trim().is_empty() => Checker::Command {
                    command,
                    dir: dir.to_path_buf(),
                    time_limit: checker_time_limit(self.checker_time_limit)?,
                },
                _ => {
                    return Err(at(
                        "checker",
                        "checker = \"command\" needs checker_command = \"...\"",
                    ));
                }
            },
            other => {
                return Err(at(
                    "checker",
                    format!(
                        "unknown checker \"{other}\" (expected exact, tokens, float, command, kattis or testlib)"
                    ),
                ));
            }
        })
    }

    /// `checker = "kattis"`: a Kattis output validator (`kattis_validator`, none for
    /// the default validator) with its `kattis_flags`.
    fn kattis_checker(&self, dir: &Path) -> Result<Checker> {
        let programs = match &self.kattis_validator {
            Some(path) => {
                let at = dir.join(path);
                vec![crate::program::source(&at)?.with_context(|| {
                    format!("kattis_validator {path}: not a C, C++, Python, Rust or Java program")
                })?]
            }
            None => Vec::new(),
        };
        let flags = self
            .kattis_flags
            .as_deref()
            .unwrap_or("")
            .split_whitespace()
            .map(String::from)
            .collect();
        let mut validator =
            judge_model::kattis::Kattis::new(programs, flags, Vec::new(), Vec::new())?;
        match self.kattis_format.as_deref() {
            None | Some("legacy") => {}
            // The default validator as 2023-07 and 2025-09 define it: numbers
            // in their decimal grammar, a float flag at most once
            // (spec/2025-09.md "General requirements", "Comparing
            // floating-point tokens"), so an imported package judges as it did.
            Some("2023-07" | "2023-07-draft" | "2025-09") => validator
                .follow_decimal_spec()
                .map_err(|e| at("kattis_flags", format!("kattis_flags: {e:#}")))?,
            Some(other) => {
                return Err(at(
                    "kattis_format",
                    format!(
                        "unknown kattis_format \"{other}\" (expected legacy, 2023-07 or 2025-09)"
                    ),
                ));
            }
        }
        validator.limits = self.kattis_limits()?;
        validator.compilation = self.kattis_build_limits()?;
        Ok(Checker::Kattis(std::sync::Arc::new(validator)))
    }

    /// What each build step of a Kattis validator program may take:
    /// `checker_build_time_limit` (CPU seconds) and `checker_build_memory_limit`
    /// (MiB) where given, else a package's defaults ([`COMPILATION`]: a
    /// package's `compilation_time` and `compilation_memory`, which `cargo judge
    /// import` writes as these keys; spec/2025-09.md "Limits").
    fn kattis_build_limits(&self) -> Result<Limits> {
        let mut limits = COMPILATION;
        if let Some(t) = self.checker_build_time_limit {
            limits.time = seconds("checker_build_time_limit", t)?;
        }
        if let Some(m) = self.checker_build_memory_limit {
            limits.memory = mib("checker_build_memory_limit", m, MAX_MEMORY_MIB)?;
        }
        Ok(limits)
    }

    /// What a Kattis validator program may take per case: `checker_time_limit`
    /// (CPU and wall seconds), `checker_memory_limit` and `checker_output_limit`
    /// (MiB) where given, else a package's defaults ([`VALIDATION`]: a package's
    /// `validation_time`, `validation_memory` and `validation_output`, which
    /// `cargo judge import` writes as these keys so the problem judges as the
    /// package does; spec/2025-09.md "Limits").
    fn kattis_limits(&self) -> Result<Limits> {
        let mut limits = VALIDATION;
        if self.checker_time_limit.is_some() {
            limits.time = checker_time_limit(self.checker_time_limit)?;
        }
        if let Some(m) = self.checker_memory_limit {
            limits.memory = mib("checker_memory_limit", m, MAX_MEMORY_MIB)?;
        }
        if let Some(o) = self.checker_output_limit {
            limits.output = mib("checker_output_limit", o, MAX_OUTPUT_MIB)?;
        }
        Ok(limits)
    }

    /// A key of one checker beside another is a mistake the judge would otherwise
    /// ignore silently: refuse it, whichever checker it is beside.
    fn refuse_keys_of_other_checkers(&self, checker: &Checker) -> Result<()> {
        if (self.float_abs.is_some() || self.float_rel.is_some())
            && !matches!(checker, Checker::Float { .. })
        {
            return Err(at(
                if self.float_abs.is_some() {
                    "float_abs"
                } else {
                    "float_rel"
                },
                "float_abs/float_rel only apply with checker = \"float\"",
            ));
        }
        if (self.kattis_validator.is_some() || self.kattis_flags.is_some())
            && !matches!(checker, Checker::Kattis(_))
        {
            return Err(at(
                if self.kattis_validator.is_some() {
                    "kattis_validator"
                } else {
                    "kattis_flags"
                },
                "kattis_validator/kattis_flags only apply with checker = \"kattis\"",
            ));
        }
        if self.case_sensitive.is_some() && !matches!(checker, Checker::Tokens { .. }) {
            return Err(at(
                "case_sensitive",
                "case_sensitive only applies with checker = \"tokens\"",
            ));
        }
        let command = matches!(checker, Checker::Command { .. });
        if self.checker_command.is_some() && !command {
            return Err(at(
                "checker_command",
                "checker_command only applies with checker = \"command\"",
            ));
        }
        let testlib = matches!(checker, Checker::Testlib(_));
        let kattis = matches!(checker, Checker::Kattis(_));
        if self.checker_time_limit.is_some() && !testlib && !command && !kattis {
            return Err(at(
                "checker_time_limit",
                "checker_time_limit only applies with checker = \"command\", \"testlib\" or \"kattis\"",
            ));
        }
        for (key, set) in [
            ("checker_memory_limit", self.checker_memory_limit.is_some()),
            ("checker_output_limit", self.checker_output_limit.is_some()),
            ("kattis_format", self.kattis_format.is_some()),
            (
                "checker_build_time_limit",
                self.checker_build_time_limit.is_some(),
            ),
            (
                "checker_build_memory_limit",
                self.checker_build_memory_limit.is_some(),
            ),
        ] {
            if set && !kattis {
                return Err(at(
                    key,
                    format!("{key} only applies with checker = \"kattis\""),
                ));
            }
        }
        if self.checker_source.is_some() && !testlib {
            return Err(at(
                "checker_source",
                "checker_source only applies with checker = \"testlib\"",
            ));
        }
        Ok(())
    }

    /// `interactor = "testlib"` with its `interactor_source`: built here, taking the
    /// testlib checker (if any) along to judge what the interactor wrote.
    fn read_testlib_interactor(&self, dir: &Path, settings: &mut Settings) -> Result<()> {
        let testlib_interactor = self.interactor.as_deref().map(str::trim) == Some("testlib");
        match (
            &self.interactor_source,
            testlib_interactor && settings.interactive,
        ) {
            (Some(source), true) => {
                let limit = DEFAULT_CHECKER_TIME_LIMIT;
                let program =
                    crate::testlib::read(Role::Interactor, &dir.join(source), dir, limit)?;
                let checker = match std::mem::replace(&mut settings.checker, Checker::Exact) {
                    Checker::Testlib(c) => Some(c),
                    _ => None,
                };
                settings.interactor = Some(Interactor::Testlib {
                    interactor: Arc::new(program),
                    checker,
                });
            }
            (None, true) => {
                return Err(at(
                    "interactor",
                    "interactor = \"testlib\" needs interactor_source = \"interactor.cpp\"",
                ));
            }
            (Some(_), false) => {
                return Err(at(
                    "interactor_source",
                    "interactor_source only applies with interactor = \"testlib\"",
                ));
            }
            (None, false) => {}
        }
        Ok(())
    }
}

/// `interactor = "..."`: one word that is not a file in the testdata folder names
/// a binary of the problem's crate (`NAME-interactor`); anything else is a command
/// line run in the testdata folder (`python3 interactor.py`, `./interactor`).
fn interactor(value: &str, dir: &Path) -> Interactor {
    let one_word = !value.contains(char::is_whitespace);
    if one_word && !value.contains('/') && !dir.join(value).exists() {
        Interactor::Binary(value.to_string())
    } else {
        Interactor::Shell {
            command: value.to_string(),
            dir: Some(dir.to_path_buf()),
        }
    }
}

/// `checker_time_limit`, or the default.
fn checker_time_limit(value: Option<f64>) -> Result<Duration> {
    value.map_or(Ok(DEFAULT_CHECKER_TIME_LIMIT), |t| {
        seconds("checker_time_limit", t)
    })
}

/// The largest memory limit a key may give (`memory_limit`,
/// `checker_memory_limit`), in MiB: 1 TiB.
const MAX_MEMORY_MIB: u64 = 1 << 20;
/// The largest output limit a key may give (`output_limit`,
/// `checker_output_limit`), in MiB: 16 GiB.
const MAX_OUTPUT_MIB: u64 = 1 << 14;

/// `t` seconds, the value of the time key `key`: a number in (0, 3600].
fn seconds(key: &'static str, t: f64) -> Result<Duration> {
    if !(t.is_finite() && t > 0.0 && t <= 3600.0) {
        return Err(at(
            key,
            format!("{key} must be a number of seconds in (0, 3600], found {t}"),
        ));
    }
    Ok(Duration::from_secs_f64(t))
}

/// `value` MiB in bytes, the value of the size key `key`: in 1..=`max` MiB.
fn mib(key: &'static str, value: u64, max: u64) -> Result<u64> {
    if value == 0 || value > max {
        return Err(at(
            key,
            format!("{key} must be MiB in 1..={max}, found {value}"),
        ));
    }
    Ok(value << 20)
}

/// A tolerance, defaulting to 1e-6 as Kattis' float_tolerance does.
fn tolerance(key: &'static str, value: Option<f64>) -> Result<f64> {
    let v = value.unwrap_or(1e-6);
    if !(v.is_finite() && v >= 0.0) {
        return Err(at(
            key,
            format!("{key} must be a non-negative number, found {v}"),
        ));
    }
    Ok(v)
}

/// A value problem.toml's syntax allows but the judge does not, about `key`
/// (`scale.max_n` for a key of `[scale]`): [`located`] puts the key's line first.
#[derive(Debug)]
struct KeyError {
    key: &'static str,
    message: String,
}

impl std::fmt::Display for KeyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for KeyError {}

/// The error of `key`'s value.
fn at(key: &'static str, message: impl Into<String>) -> anyhow::Error {
    anyhow::Error::new(KeyError {
        key,
        message: message.into(),
    })
}

/// `line N: ` before a [`KeyError`] whose key `text` sets, so the one-line error
/// says where, as toml's own errors do; any other error as it is.
fn located(e: anyhow::Error, text: &str) -> anyhow::Error {
    match e.downcast::<KeyError>() {
        Ok(k) => match line_of(text, k.key) {
            Some(line) => anyhow::anyhow!("line {line}: {}", k.message),
            None => anyhow::anyhow!("{}", k.message),
        },
        Err(e) => e,
    }
}

/// The line (from 1) where `text` sets `key` (`section.key` for a key of a
/// `[section]`): the first `key =` in that table. Quoted and dotted keys are not
/// looked for (none of problem.toml's needs them), so their errors go without.
fn line_of(text: &str, key: &str) -> Option<usize> {
    let (section, key) = key.rsplit_once('.').unwrap_or(("", key));
    let mut current = "";
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(table) = line.strip_prefix('[') {
            current = table.split(']').next().unwrap_or("").trim();
        } else if current == section && line.split_once('=').is_some_and(|(k, _)| k.trim() == key) {
            return Some(i + 1);
        }
    }
    None
}

/// toml's messages span several lines with a source excerpt; keep the message and
/// say where it points (line and column), so the error stays one line.
/// A value of the wrong kind (`time_limit = 1.0s`, `memory_limit = "64MB"`) is
/// said in the file's own terms: what the key expects, and what was found.
fn one_line(e: &toml::de::Error, text: &str) -> String {
    let msg = with_suggestion(e.message().trim().replace('\n', " "));
    let Some(span) = e.span() else {
        return msg;
    };
    let before = &text[..span.start.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    let source_line = text.lines().nth(line - 1).unwrap_or("");
    match expected_value(source_line) {
        Some(why) => format!("line {line}: {why}"),
        None => format!("line {line}, column {column}: {msg}"),
    }
}

/// serde's "unknown field `tim_limit`, expected one of `title`, ..." with
/// "did you mean `time_limit`?" when a known key is near.
fn with_suggestion(msg: String) -> String {
    let Some(rest) = msg.strip_prefix("unknown field `") else {
        return msg;
    };
    let Some((typed, expected)) = rest.split_once('`') else {
        return msg;
    };
    let known: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
    match judge_model::names::nearest(typed, known) {
        Some(near) => format!("unknown key `{typed}`: did you mean `{near}`? ({msg})"),
        None => msg,
    }
}

/// What a typed key on `line` expects, when its value is not of that kind: e.g.
/// `time_limit: expected a number of seconds (time_limit = 1.5), found 1.0s`.
fn expected_value(line: &str) -> Option<String> {
    let (key, value) = line.split_once('=')?;
    let key = key.trim();
    // The value, without a trailing comment.
    let value = value.split('#').next().unwrap_or("").trim();
    let (what, example, fits): (&str, &str, fn(&str) -> bool) = match key {
        "time_limit" | "checker_time_limit" | "checker_build_time_limit" => {
            ("a number of seconds", "1.5", |v| v.parse::<f64>().is_ok())
        }
        "memory_limit"
        | "output_limit"
        | "checker_memory_limit"
        | "checker_output_limit"
        | "checker_build_memory_limit" => {
            ("a whole number of MiB", "256", |v| v.parse::<u64>().is_ok())
        }
        "float_abs" | "float_rel" => ("a number", "1e-6", |v| v.parse::<f64>().is_ok()),
        "case_sensitive" => ("true or false", "false", |v| v.parse::<bool>().is_ok()),
        _ => return None,
    };
    if fits(value) {
        // The value is fine: the problem is something else (a duplicate key...).
        return None;
    }
    Some(format!(
        "{key}: expected {what} ({key} = {example}), found {value}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Settings> {
        Settings::parse(text, Path::new("/p"))
    }

    #[test]
    fn a_kattis_validators_limits_are_the_checker_keys_else_a_packages_defaults() {
        let limits = |text: &str| match parse(text).unwrap().checker {
            Checker::Kattis(k) => k.limits,
            other => panic!("{text:?} gave {other:?}"),
        };
        let secs = Duration::from_secs;
        assert_eq!(limits("checker = \"kattis\"\n"), VALIDATION);
        assert_eq!(
            limits(
                "checker = \"kattis\"\nchecker_time_limit = 3\n\
                 checker_memory_limit = 100\nchecker_output_limit = 2\n"
            ),
            Limits {
                time: secs(3),
                memory: 100 << 20,
                output: 2 << 20,
            }
        );
        assert_eq!(
            limits("checker = \"kattis\"\nchecker_memory_limit = 100\n"),
            Limits {
                memory: 100 << 20,
                ..VALIDATION
            }
        );
        for (text, says) in [
            (
                "checker_memory_limit = 0",
                "line 2: checker_memory_limit must be MiB",
            ),
            (
                "checker_output_limit = 20000",
                "line 2: checker_output_limit must be MiB",
            ),
            (
                "checker_time_limit = 0",
                "line 2: checker_time_limit must be",
            ),
        ] {
            let err = parse(&format!("checker = \"kattis\"\n{text}\n")).unwrap_err();
            assert!(err.to_string().starts_with(says), "{text}: {err}");
        }
    }

    #[test]
    fn a_kattis_validators_builds_take_the_build_keys_else_a_packages_defaults() {
        let build = |text: &str| match parse(text).unwrap().checker {
            Checker::Kattis(k) => k.compilation,
            other => panic!("{text:?} gave {other:?}"),
        };
        assert_eq!(build("checker = \"kattis\"\n"), COMPILATION);
        assert_eq!(
            build(
                "checker = \"kattis\"\nchecker_build_time_limit = 5\n\
                 checker_build_memory_limit = 300\n"
            ),
            Limits {
                time: Duration::from_secs(5),
                memory: 300 << 20,
                ..COMPILATION
            }
        );
        for (text, says) in [
            (
                "checker = \"kattis\"\nchecker_build_time_limit = 0",
                "line 2: checker_build_time_limit must be",
            ),
            (
                "checker = \"kattis\"\nchecker_build_memory_limit = \"x\"",
                "checker_build_memory_limit: expected a whole number of MiB",
            ),
            (
                "checker = \"tokens\"\nchecker_build_time_limit = 5",
                "line 2: checker_build_time_limit only applies with checker = \"kattis\"",
            ),
        ] {
            let err = format!("{:#}", parse(text).unwrap_err());
            assert!(err.contains(says), "{text}: {err}");
        }
    }

    #[test]
    fn kattis_format_picks_the_default_validators_number_grammar() {
        let decimal = |text: &str| match parse(text).unwrap().checker {
            Checker::Kattis(k) => k.default_flags().unwrap().decimal,
            other => panic!("{text:?} gave {other:?}"),
        };
        for (format, want) in [
            ("", false),
            ("kattis_format = \"legacy\"\n", false),
            ("kattis_format = \"2023-07\"\n", true),
            ("kattis_format = \"2023-07-draft\"\n", true),
            ("kattis_format = \"2025-09\"\n", true),
        ] {
            let text =
                format!("checker = \"kattis\"\nkattis_flags = \"float_tolerance 0.1\"\n{format}");
            assert_eq!(decimal(&text), want, "{text}");
        }
        for (text, says) in [
            (
                "checker = \"kattis\"\nkattis_format = \"2024\"",
                "line 2: unknown kattis_format \"2024\" (expected legacy, 2023-07 or 2025-09)",
            ),
            (
                "checker = \"kattis\"\nkattis_flags = \"float_tolerance 1 float_tolerance 2\"\n\
                 kattis_format = \"2025-09\"",
                "line 2: kattis_flags: validator flag float_tolerance is given more than once",
            ),
            (
                "checker = \"float\"\nkattis_format = \"2025-09\"",
                "line 2: kattis_format only applies with checker = \"kattis\"",
            ),
        ] {
            let err = format!("{:#}", parse(text).unwrap_err());
            assert!(err.contains(says), "{text}: {err}");
        }
    }

    #[test]
    fn an_empty_file_gives_the_defaults() {
        assert_eq!(parse("").unwrap(), Settings::default());
    }

    #[test]
    fn reads_limits_source_and_checker() {
        let s = parse(
            "title = \"T\"\ntime_limit = 1.5\nmemory_limit = 64\nchecker = \"tokens\"\n\
             [source]\njudge = \"POJ\"\nid = \"2348\"\n",
        )
        .unwrap();
        assert_eq!(s.limits.time, Duration::from_millis(1500));
        assert_eq!(s.limits.memory, 64 << 20);
        assert_eq!(
            s.checker,
            Checker::Tokens {
                case_sensitive: true
            }
        );
        assert_eq!(s.source.unwrap().id, "2348");
    }

    #[test]
    fn the_tokens_checker_ignores_case_only_when_case_sensitive_is_false() {
        for (text, case_sensitive) in [
            ("checker = \"tokens\"\n", true),
            ("checker = \"tokens\"\ncase_sensitive = true\n", true),
            ("checker = \"tokens\"\ncase_sensitive = false\n", false),
        ] {
            assert_eq!(
                parse(text).unwrap().checker,
                Checker::Tokens { case_sensitive },
                "{text:?}"
            );
        }
        let word = parse("checker = \"tokens\"\ncase_sensitive = no\n").unwrap_err();
        assert!(
            word.to_string().contains(
                "case_sensitive: expected true or false (case_sensitive = false), found no"
            ),
            "{word}"
        );
    }

    #[test]
    fn the_scale_table_gives_the_largest_size() {
        assert_eq!(
            parse("[scale]\nmax_n = 200000\n").unwrap().max_n,
            Some(200_000)
        );
        assert_eq!(parse("").unwrap().max_n, None);
        let zero = parse("[scale]\nmax_n = 0\n").unwrap_err().to_string();
        assert!(
            zero.contains("max_n must be a size of at least 1"),
            "{zero}"
        );
        let unknown = parse("[scale]\nmax_m = 5\n").unwrap_err().to_string();
        assert!(unknown.contains("max_m"), "{unknown}");
        let negative = parse("[scale]\nmax_n = -5\n").unwrap_err().to_string();
        assert!(negative.starts_with("line 2, column 9: "), "{negative}");
    }

    #[test]
    fn an_unknown_key_is_an_error_naming_it() {
        let err = parse("time_limt = 1\n").unwrap_err().to_string();
        assert!(err.contains("time_limt"), "{err}");
    }

    #[test]
    fn a_wrong_type_is_an_error_naming_the_line() {
        let err = parse("title = \"x\"\ntime_limit = \"fast\"\n")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("line 2: "), "{err}");
    }

    #[test]
    fn a_time_limit_with_a_unit_says_a_number_of_seconds_is_expected() {
        for (text, found) in [
            ("time_limit = 1.0s\n", "1.0s"),
            (
                "title = \"x\"\n\ntime_limit = \"1.0s\" # one second\n",
                "\"1.0s\"",
            ),
        ] {
            let err = parse(text).unwrap_err().to_string();
            let line = text.lines().count();
            assert_eq!(
                err,
                format!(
                    "line {line}: time_limit: expected a number of seconds (time_limit = 1.5), found {found}"
                )
            );
        }
        let err = parse("memory_limit = \"64MB\"\n").unwrap_err().to_string();
        assert!(err.contains("expected a whole number of MiB"), "{err}");
        // A well-formed value is not blamed for another mistake.
        let err = parse("time_limit = 1\ntime_limit = 2\n")
            .unwrap_err()
            .to_string();
        assert!(err.contains("duplicate"), "{err}");
    }

    #[test]
    fn an_unknown_checker_is_an_error() {
        assert!(parse("checker = \"fuzzy\"\n").is_err());
    }

    #[test]
    fn a_value_the_judge_refuses_is_an_error_naming_its_line() {
        let cases = [
            (
                "title = \"t\"\ntime_limit = 0\n",
                "line 2: time_limit must be",
            ),
            ("memory_limit = 0\n", "line 1: memory_limit must be"),
            ("\n\noutput_limit = 99999\n", "line 3: output_limit must be"),
            (
                "title = \"t\"\nchecker = \"floats\"\n",
                "line 2: unknown checker \"floats\"",
            ),
            (
                "checker = \"command\"\n",
                "line 1: checker = \"command\" needs checker_command",
            ),
            (
                "title = \"x\"\nfloat_rel = 1e-3\n",
                "line 2: float_abs/float_rel only apply",
            ),
            (
                "checker = \"float\"\n  float_abs = -1\n",
                "line 2: float_abs must be a non-negative",
            ),
            (
                "checker_time_limit = 5\n",
                "line 1: checker_time_limit only applies",
            ),
            (
                "type = \"batch\"\ninteractor = \"x\"\n",
                "line 2: interactor only applies",
            ),
            ("type = \"game\"\n", "line 1: unknown type \"game\""),
            (
                "[source]\njudge = \"x\"\nid = \"1\"\n[scale]\nmax_n = 0\n",
                "line 5: [scale] max_n must be",
            ),
        ];
        for (text, want) in cases {
            let err = format!("{:#}", parse(text).unwrap_err());
            assert!(err.starts_with(want), "{text:?}: {err}");
        }
    }

    #[test]
    fn a_key_is_found_only_in_its_own_table() {
        let text = "[source]\nmax_n = 1\n[scale]\n# max_n = 3\nmax_n = 0\n";
        assert_eq!(line_of(text, "scale.max_n"), Some(5));
        assert_eq!(line_of(text, "max_n"), None);
        assert_eq!(
            line_of("time_limits = 1\ntime_limit = 2\n", "time_limit"),
            Some(2)
        );
    }

    #[test]
    fn a_nonpositive_time_limit_is_an_error() {
        assert!(parse("time_limit = 0\n").is_err());
        assert!(parse("time_limit = -1.0\n").is_err());
    }

    #[test]
    fn float_tolerances_need_the_float_checker() {
        assert!(parse("float_abs = 1e-3\n").is_err());
        let s = parse("checker = \"float\"\nfloat_abs = 1e-3\n").unwrap();
        assert_eq!(
            s.checker,
            Checker::Float {
                abs: 1e-3,
                rel: 1e-6
            }
        );
    }

    #[test]
    fn an_interactive_problem_names_a_binary_or_a_command_line() {
        let s = parse("type = \"interactive\"\ninteractor = \"foo-interactor\"\n").unwrap();
        assert!(s.interactive);
        assert_eq!(
            s.interactor,
            Some(Interactor::Binary("foo-interactor".to_string()))
        );
        let s = parse("type = \"interactive\"\ninteractor = \"python3 i.py\"\n").unwrap();
        assert_eq!(
            s.interactor,
            Some(Interactor::Shell {
                command: "python3 i.py".to_string(),
                dir: Some(PathBuf::from("/p"))
            })
        );
    }

    #[test]
    fn an_interactor_without_the_interactive_type_is_an_error() {
        let err = parse("interactor = \"x\"\n").unwrap_err().to_string();
        assert!(err.contains("type = \"interactive\""), "{err}");
        assert!(parse("type = \"interactive\"\nchecker = \"tokens\"\n").is_err());
        assert!(parse("type = \"quiz\"\n").is_err());
    }

    #[test]
    fn the_kattis_checker_reads_its_flags_and_validator() {
        let s = parse("checker = \"kattis\"\nkattis_flags = \"float_tolerance 1e-3\"\n").unwrap();
        let Checker::Kattis(k) = &s.checker else {
            panic!("a kattis checker")
        };
        assert_eq!(k.flags, ["float_tolerance", "1e-3"]);
        assert!(k.programs.is_empty());
        assert!(parse("checker = \"kattis\"\nkattis_flags = \"fuzzy\"\n").is_err());
        assert!(parse("kattis_flags = \"case_sensitive\"\n").is_err());
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("check.py"), "").unwrap();
        let s = Settings::parse(
            "checker = \"kattis\"\nkattis_validator = \"check.py\"\n",
            dir.path(),
        )
        .unwrap();
        let Checker::Kattis(k) = &s.checker else {
            panic!("a kattis checker")
        };
        assert_eq!(k.programs[0].path, dir.path().join("check.py"));
    }

    #[test]
    fn the_testlib_checker_needs_its_source_and_the_source_its_checker() {
        let err = parse("checker = \"testlib\"\n").unwrap_err().to_string();
        assert!(err.contains("checker_source"), "{err}");
        let err = parse("checker_source = \"check.cpp\"\n")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("only applies with checker = \"testlib\""),
            "{err}"
        );
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("check.cpp"), "").unwrap();
        std::fs::create_dir(dir.path().join("files")).unwrap();
        std::fs::write(dir.path().join("files/testlib.h"), "").unwrap();
        let s = Settings::parse(
            "checker = \"testlib\"\nchecker_source = \"check.cpp\"\nchecker_time_limit = 3\n",
            dir.path(),
        )
        .unwrap();
        let Checker::Testlib(p) = &s.checker else {
            panic!("a testlib checker")
        };
        assert_eq!(p.header_dir, dir.path().join("files"));
        assert_eq!(p.time_limit, Duration::from_secs(3));
    }

    #[test]
    fn a_testlib_interactor_takes_its_testlib_checker_along() {
        let dir = tempfile::tempdir().unwrap();
        for f in ["interactor.cpp", "check.cpp", "testlib.h"] {
            std::fs::write(dir.path().join(f), "").unwrap();
        }
        let s = Settings::parse(
            "type = \"interactive\"\ninteractor = \"testlib\"\ninteractor_source = \"interactor.cpp\"\n\
             checker = \"testlib\"\nchecker_source = \"check.cpp\"\n",
            dir.path(),
        )
        .unwrap();
        let Some(Interactor::Testlib {
            interactor,
            checker,
        }) = &s.interactor
        else {
            panic!("a testlib interactor: {:?}", s.interactor)
        };
        assert_eq!(interactor.source.name, "interactor.cpp");
        assert_eq!(checker.as_ref().unwrap().source.name, "check.cpp");
        assert!(
            Settings::parse(
                "type = \"interactive\"\ninteractor = \"testlib\"\n",
                dir.path()
            )
            .is_err()
        );
        // Only a testlib interactor has a checker after it.
        assert!(Settings::parse(
            "type = \"interactive\"\ninteractor = \"./i\"\nchecker = \"testlib\"\nchecker_source = \"check.cpp\"\n",
            dir.path()
        )
        .is_err());
    }

    #[test]
    fn a_key_of_another_checker_is_an_error_beside_every_checker() {
        // (checker's lines, the stray key, the words of the error)
        let command = "checker = \"command\"\nchecker_command = \"./chk\"\n";
        for (checker, stray, says) in [
            (
                command,
                "float_abs = 1e-3",
                "float_abs/float_rel only apply",
            ),
            (
                command,
                "float_rel = 1e-3",
                "float_abs/float_rel only apply",
            ),
            (
                command,
                "kattis_flags = \"case_sensitive\"",
                "kattis_flags only apply",
            ),
            (
                command,
                "kattis_validator = \"v.py\"",
                "kattis_flags only apply",
            ),
            (
                "",
                "checker_command = \"./chk\"",
                "checker_command only applies",
            ),
            (
                "checker = \"tokens\"\n",
                "checker_time_limit = 5",
                "checker_time_limit only",
            ),
            (
                "checker = \"float\"\n",
                "kattis_flags = \"case_sensitive\"",
                "kattis_flags only",
            ),
            (
                "checker = \"kattis\"\n",
                "float_abs = 1e-3",
                "float_abs/float_rel only apply",
            ),
            (
                "checker = \"kattis\"\n",
                "checker_command = \"./chk\"",
                "checker_command only",
            ),
            (
                command,
                "checker_memory_limit = 64",
                "checker_memory_limit only applies with checker = \"kattis\"",
            ),
            (
                "checker = \"tokens\"\n",
                "checker_output_limit = 1",
                "checker_output_limit only applies with checker = \"kattis\"",
            ),
            ("", "case_sensitive = false", "case_sensitive only applies"),
            (
                "checker = \"float\"\n",
                "case_sensitive = false",
                "case_sensitive only applies with checker = \"tokens\"",
            ),
            (
                "checker = \"kattis\"\n",
                "case_sensitive = true",
                "case_sensitive only applies",
            ),
        ] {
            let text = format!("{checker}{stray}\n");
            match parse(&text) {
                Ok(s) => panic!("accepted {text:?} as {:?}", s.checker),
                Err(e) => assert!(e.to_string().contains(says), "{text:?}: {e}"),
            }
        }
    }

    #[test]
    fn the_command_checker_keeps_its_time_limit() {
        let s =
            parse("checker = \"command\"\nchecker_command = \"./chk\"\nchecker_time_limit = 3\n")
                .unwrap();
        let Checker::Command { time_limit, .. } = s.checker else {
            panic!("a command checker")
        };
        assert_eq!(time_limit, Duration::from_secs(3));
    }

    #[test]
    fn the_command_checker_needs_its_command() {
        assert!(parse("checker = \"command\"\n").is_err());
        let s = parse("checker = \"command\"\nchecker_command = \"./chk\"\n").unwrap();
        assert!(matches!(s.checker, Checker::Command { .. }));
    }
}
