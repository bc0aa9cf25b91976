//! A Kattis output validator as data: the default validator's flags ([`Flags`])
//! or the custom validator programs' sources, with the flags for each case
//! (problem.yaml's `validator_flags`, a test group's or a case's own). Building
//! and running it, and the default validator's comparison, are the engine's
//! (`judge_engine::package::validator`).

use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};

use crate::limits::{COMPILATION, Limits, VALIDATION};
use crate::program::Source;

/// The default validator's options, from `validator_flags`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Flags {
    /// `case_sensitive`: letters must match in case.
    pub case_sensitive: bool,
    /// `space_change_sensitive`: whitespace must match exactly.
    pub space_change_sensitive: bool,
    /// `float_absolute_tolerance` (or `float_tolerance`).
    pub abs: Option<f64>,
    /// `float_relative_tolerance` (or `float_tolerance`).
    pub rel: Option<f64>,
    /// A number is only what the 2023-07 and 2025-09 formats call one (their
    /// "General requirements" grammar: decimal, an optional exponent with
    /// digits), not all that glibc's `%lf` reads as problemtools' validator
    /// does for a legacy package (hex `0x3`, a bare mark `2e`).
    pub decimal: bool,
}

impl Flags {
    /// Parses the flag words; an unknown word or a bad number is an error naming it.
    pub fn parse(words: &[String]) -> Result<Flags> {
        let mut flags = Flags::default();
        let mut it = words.iter();
        while let Some(word) = it.next() {
            let mut number = |what: &str| -> Result<f64> {
                let v = it
                    .next()
                    .with_context(|| format!("validator flag {what} needs a number"))?;
                match v.parse::<f64>() {
                    Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
                    _ => bail!("validator flag {what}: \"{v}\" is not a non-negative number"),
                }
            };
            match word.as_str() {
                "case_sensitive" => flags.case_sensitive = true,
                "space_change_sensitive" => flags.space_change_sensitive = true,
                "float_tolerance" => {
                    let x = number("float_tolerance")?;
                    flags.abs = Some(x);
                    flags.rel = Some(x);
                }
                "float_absolute_tolerance" => flags.abs = Some(number(word)?),
                "float_relative_tolerance" => flags.rel = Some(number(word)?),
                other => bail!(
                    "unknown default-validator flag \"{other}\" (known: case_sensitive, \
                     space_change_sensitive, float_tolerance, float_absolute_tolerance, \
                     float_relative_tolerance)"
                ),
            }
        }
        Ok(flags)
    }

    /// What the 2023-07 and 2025-09 formats forbid in the default validator's
    /// flags (spec/2025-09.md "Comparing floating-point tokens": "It is an error
    /// to provide any of the `float_relative_tolerance`,
    /// `float_absolute_tolerance`, or `float_tolerance` arguments more than once,
    /// or to provide a `float_tolerance` alongside" the other two), as
    /// BAPCtools' default validator asserts; problemtools' takes the last.
    pub fn check_once(words: &[String]) -> Result<()> {
        let count = |flag: &str| words.iter().filter(|w| *w == flag).count();
        let [all, abs, rel] = [
            "float_tolerance",
            "float_absolute_tolerance",
            "float_relative_tolerance",
        ]
        .map(count);
        if let Some(flag) = [
            ("float_tolerance", all),
            ("float_absolute_tolerance", abs),
            ("float_relative_tolerance", rel),
        ]
        .iter()
        .find(|(_, n)| *n > 1)
        {
            bail!("validator flag {} is given more than once", flag.0);
        }
        if all > 0 && abs + rel > 0 {
            bail!(
                "validator flag float_tolerance is given beside float_absolute_tolerance or \
                 float_relative_tolerance"
            );
        }
        Ok(())
    }
}

/// A Kattis output validator as a spec: the default one, or programs (all must
/// accept). Building the programs (the engine's `build`, in its `package::validator`) is a step of its own, before
/// any case runs (see `programs`); checking takes them built.
#[derive(Debug)]
pub struct Kattis {
    /// The custom validator programs; empty for the default validator.
    pub programs: Vec<Source>,
    /// The flags for every case (problem.yaml's `validator_flags`).
    pub flags: Vec<String>,
    /// Flags for the cases under a folder (a test group with a testdata.yaml)
    /// or for one case (keyed by its `.in`); the most specific path replaces
    /// `flags` for its cases.
    pub group_flags: Vec<(PathBuf, Vec<String>)>,
    /// Header folders for C and C++ validators besides their own.
    pub includes: Vec<PathBuf>,
    /// What each validator program may take per case: CPU time, memory and
    /// output (the package's `validation_*` limits; [`VALIDATION`] unless set).
    pub limits: Limits,
    /// What each build step of a validator program may take (the package's
    /// `compilation_*` limits; [`COMPILATION`] unless set).
    pub compilation: Limits,
    /// The default validator's reading of `flags` and of each group's.
    parsed: Vec<Flags>,
}

impl PartialEq for Kattis {
    fn eq(&self, other: &Self) -> bool {
        self.programs == other.programs
            && self.flags == other.flags
            && self.group_flags == other.group_flags
    }
}

impl Kattis {
    /// A validator: the default one when `programs` is empty. The flags are checked
    /// here for the default validator (an unknown one is an error naming it).
    pub fn new(
        programs: Vec<Source>,
        flags: Vec<String>,
        group_flags: Vec<(PathBuf, Vec<String>)>,
        includes: Vec<PathBuf>,
    ) -> Result<Kattis> {
        let mut parsed = Vec::new();
        if programs.is_empty() {
            parsed.push(Flags::parse(&flags)?);
            for (dir, words) in &group_flags {
                parsed.push(Flags::parse(words).with_context(|| format!("in {}", dir.display()))?);
            }
        }
        Ok(Kattis {
            programs,
            flags,
            group_flags,
            includes,
            limits: VALIDATION,
            compilation: COMPILATION,
            parsed,
        })
    }

    /// The flags (and their default-validator reading) for the case `input`:
    /// those of the most specific path above it (a case's own `.yaml` is keyed
    /// by its input file, a group by its folder), else the package's.
    pub fn flags_for(&self, input: &Path) -> (&[String], Option<&Flags>) {
        let at = self
            .group_flags
            .iter()
            .enumerate()
            .filter(|(_, (dir, _))| input.starts_with(dir))
            .max_by_key(|(_, (dir, _))| dir.components().count());
        match at {
            Some((i, (_, words))) => (words, self.parsed.get(i + 1)),
            None => (&self.flags, self.parsed.first()),
        }
    }

    /// Reads the default validator's flags as the 2023-07 and 2025-09 formats
    /// define them ([`Flags::check_once`], and numbers in their decimal grammar:
    /// [`Flags::decimal`]); custom validator programs take any arguments.
    pub fn follow_decimal_spec(&mut self) -> Result<()> {
        if !self.programs.is_empty() {
            return Ok(());
        }
        Flags::check_once(&self.flags)?;
        for (dir, words) in &self.group_flags {
            Flags::check_once(words).with_context(|| format!("in {}", dir.display()))?;
        }
        for flags in &mut self.parsed {
            flags.decimal = true;
        }
        Ok(())
    }

    /// The default validator's reading of the package's flags (`None` for
    /// custom validator programs).
    pub fn default_flags(&self) -> Option<&Flags> {
        self.parsed.first()
    }

    /// The flags for the case `input`, for an interactor started by hand.
    pub fn flags_of(&self, input: &Path) -> Vec<String> {
        self.flags_for(input).0.to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_float_flag_twice_or_float_tolerance_beside_another_breaks_the_spec() {
        // spec/2025-09.md "Comparing floating-point tokens".
        for (flags, error) in [
            ("float_tolerance 0.1", None),
            (
                "float_absolute_tolerance 0.1 float_relative_tolerance 0.2",
                None,
            ),
            ("case_sensitive case_sensitive float_tolerance 1", None),
            (
                "float_tolerance 0.1 float_tolerance 0.2",
                Some("float_tolerance is given more than once"),
            ),
            (
                "float_relative_tolerance 1 float_relative_tolerance 1",
                Some("float_relative_tolerance is given more than once"),
            ),
            (
                "float_tolerance 0.1 float_absolute_tolerance 0.5",
                Some("float_tolerance is given beside"),
            ),
            (
                "float_relative_tolerance 0.5 float_tolerance 0.1",
                Some("float_tolerance is given beside"),
            ),
        ] {
            let words: Vec<String> = flags.split_whitespace().map(String::from).collect();
            match (Flags::check_once(&words), error) {
                (Ok(()), None) => {}
                (Err(e), Some(says)) => assert!(e.to_string().contains(says), "{flags}: {e}"),
                (got, want) => panic!("{flags}: got {got:?}, want {want:?}"),
            }
        }
    }
}
