//! The cases that test a package's validators: `data/invalid_output/` and
//! `data/valid_output/` (spec/2025-09.md "Invalid output" and "Valid output"),
//! a test case's `.out` beside its `.ans` (spec/2025-09.md "Samples",
//! Validation: "the `.out` files must pass the output validator"), and the
//! inputs of `data/invalid_input/` ("Invalid input").
//!
//! Owns reading them with their arguments (the folder's `test_group.yaml`, the
//! case's `.yaml`); `verify` runs the validators on them.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use super::{GroupConfig, PackageCase, case_config, folder_config};
use judge_model::case::Case;

/// An output the output validator must accept or reject.
#[derive(Debug, Clone)]
pub struct OutputCase {
    /// Its input and answer (`tc.in`, `tc.ans`), named `invalid_output/tc`, with
    /// the input validators' arguments (its input must be valid too).
    pub case: PackageCase,
    /// The output to validate (`tc.out`).
    pub output: PathBuf,
    /// The output validator's arguments for it.
    pub flags: Vec<String>,
    /// Whether the validator must accept it (`valid_output/`, a case's `.out`)
    /// or reject it (`invalid_output/`).
    pub valid: bool,
}

impl OutputCase {
    /// `valid_output/tc` or `invalid_output/tc`: a case of its own, not one of
    /// the test data (whose `.out` shares the test case's name).
    pub fn is_extra(&self) -> bool {
        self.case.case.name.starts_with("invalid_output/")
            || self.case.case.name.starts_with("valid_output/")
    }
}

/// The `.in`/`.ans`/`.out` triples under `data/invalid_output/` and
/// `data/valid_output/`, with their arguments; a missing file of a triple is a
/// package error in `errors`, an unknown key of a `tc.yaml` a warning.
pub(super) fn read(
    data: &Path,
    root: &GroupConfig,
    base_flags: &[String],
    errors: &mut Vec<String>,
    warnings: &mut Vec<judge_model::package::PackageWarning>,
) -> Result<Vec<OutputCase>> {
    let mut out = Vec::new();
    for (part, valid) in [("invalid_output", false), ("valid_output", true)] {
        let folder = data.join(part);
        if !folder.is_dir() {
            continue;
        }
        let mut seen = Vec::new();
        for input in inputs_under(&folder) {
            let (answer, output) = (input.with_extension("ans"), input.with_extension("out"));
            let missing: Vec<&str> = [(&answer, ".ans"), (&output, ".out")]
                .into_iter()
                .filter(|(p, _)| !p.is_file())
                .map(|(_, e)| e)
                .collect();
            if !missing.is_empty() {
                errors.push(format!(
                    "{}: no matching {} file (a case of {part}/ is .in, .ans and .out)",
                    input.display(),
                    missing.join(" or ")
                ));
                continue;
            }
            let dir = input.parent().unwrap_or(&folder).to_path_buf();
            let config = folder_config(data, root, &dir, &mut seen, warnings)?;
            let own = case_config(&input, &config, warnings)?;
            let name = name_under(data, &input)?;
            out.push(output_case(
                name, input, answer, output, &own, base_flags, valid,
            ));
        }
    }
    Ok(out)
}

/// The `.out` beside the `.ans` of the test case `c` of `data/<part>/`, if it
/// has one: an output shown in the statement, which must pass validation.
pub(super) fn shown(
    part: &str,
    c: &Case,
    config: &GroupConfig,
    base_flags: &[String],
) -> Option<OutputCase> {
    let out = c.input.with_extension("out");
    (c.output.extension().is_some_and(|e| e == "ans") && out.is_file()).then(|| {
        let name = format!("{part}/{}", c.name);
        let (input, answer) = (c.input.clone(), c.output.clone());
        output_case(name, input, answer, out, config, base_flags, true)
    })
}

/// The inputs of `data/invalid_input/` with their input validators' arguments
/// ("`input_validator_args` ... can be set in `tc.yaml` for one test case, or
/// `test_group.yaml` for all test cases in the same directory").
pub(super) fn invalid_inputs(
    data: &Path,
    root: &GroupConfig,
    warnings: &mut Vec<judge_model::package::PackageWarning>,
) -> Result<Vec<PackageCase>> {
    let folder = data.join("invalid_input");
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for input in inputs_under(&folder) {
        let dir = input.parent().unwrap_or(&folder).to_path_buf();
        let config = folder_config(data, root, &dir, &mut seen, warnings)?;
        let own = case_config(&input, &config, warnings)?;
        let name = name_under(data, &input)?;
        let answer = input.with_extension("ans");
        out.push(output_case(name, input, answer.clone(), answer, &own, &[], false).case);
    }
    Ok(out)
}

/// Every `.in` under `folder` (none when it is missing), hidden files left out,
/// in the order test cases are used ([`super::spec_order`]).
fn inputs_under(folder: &Path) -> Vec<PathBuf> {
    let mut inputs: Vec<PathBuf> = walkdir::WalkDir::new(folder)
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'))
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort_by(|a, b| super::spec_order(&a.to_string_lossy(), &b.to_string_lossy()));
    inputs
}

/// `invalid_output/tc`: the case's path under data/, without `.in`.
fn name_under(data: &Path, input: &Path) -> Result<String> {
    let rel = input
        .strip_prefix(data)
        .with_context(|| format!("{} is not under data/", input.display()))?
        .with_extension("");
    Ok(rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/"))
}

/// One output case with the arguments its configuration gives.
pub(super) fn output_case(
    name: String,
    input: PathBuf,
    answer: PathBuf,
    output: PathBuf,
    config: &GroupConfig,
    base_flags: &[String],
    valid: bool,
) -> OutputCase {
    let mut flags = base_flags.to_vec();
    flags.extend(config.output_flags.iter().flatten().cloned());
    OutputCase {
        case: PackageCase {
            case: Case {
                name,
                input,
                output: answer,
            },
            sample: false,
            input_flags: config.input_flags.clone().unwrap_or_default(),
            input_flags_by_name: config.input_flags_by_name.clone(),
            args: config.args.clone().unwrap_or_default(),
        },
        output,
        flags,
        valid,
    }
}
