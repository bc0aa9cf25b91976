//! The words of `export`: what it wrote.

use std::fmt::Write as _;
use std::path::PathBuf;

/// What the export wrote.
#[derive(Debug, Clone)]
pub struct Exported {
    /// The package folder.
    pub dir: PathBuf,
    /// The format version written (`legacy`, `2025-09`).
    pub format: &'static str,
    /// Cases in `data/sample/`.
    pub samples: usize,
    /// Cases in `data/secret/`.
    pub secret: usize,
    /// Each submission's path under `submissions/` and the source it bundles.
    pub submissions: Vec<(String, PathBuf)>,
    /// The input validator's path in the package, when the problem has one.
    pub input_validator: Option<String>,
    /// How outputs are validated there.
    pub output_validator: OutputValidation,
    /// What the package says only approximately, or leaves out.
    pub warnings: Vec<Warning>,
}

/// How an exported package validates outputs.
#[derive(Debug, Clone, PartialEq)]
pub enum OutputValidation {
    /// The default validator, `case_sensitive space_change_sensitive`, for checker "exact".
    Exact,
    /// The default validator, `case_sensitive`, for checker "tokens".
    Tokens,
    /// The default validator without flags, for checker "tokens" with
    /// `case_sensitive = false`.
    TokensAnyCase,
    /// The default validator with both tolerances, for checker "float".
    Float {
        /// The absolute tolerance.
        abs: f64,
        /// The relative tolerance.
        rel: f64,
    },
    /// The default validator with a `checker = "kattis"`'s flags.
    Default(Vec<String>),
    /// A `checker = "kattis"`'s own program, by name.
    Custom(String),
    /// The problem's testlib checker (its source's name), wrapped.
    Testlib(String),
    /// The problem's interactor binary, run interactively.
    Interactor(String),
}

impl OutputValidation {
    /// How it reads in the summary.
    pub fn text(&self) -> String {
        match self {
            OutputValidation::Exact => "the default output validator (case_sensitive space_change_sensitive, for checker \"exact\")".to_string(),
            OutputValidation::Tokens => {
                "the default output validator (case_sensitive, for checker \"tokens\")".to_string()
            }
            OutputValidation::TokensAnyCase => "the default output validator (no flags: \
                case-insensitive, for checker \"tokens\" with case_sensitive = false)"
                .to_string(),
            OutputValidation::Float { abs, rel } => format!(
                "the default output validator (float_absolute_tolerance {abs:?} float_relative_tolerance {rel:?}, for checker \"float\")"
            ),
            OutputValidation::Default(flags) => {
                format!("the default output validator ({})", flags.join(" "))
            }
            OutputValidation::Custom(name) => format!("the output validator {name}"),
            OutputValidation::Testlib(name) => {
                format!("the testlib checker {name} as the output validator")
            }
            OutputValidation::Interactor(target) => {
                format!("the interactor {target} as the output validator")
            }
        }
    }
}

/// What an exported package says only approximately, or leaves out.
#[derive(Debug, Clone, PartialEq)]
pub enum Warning {
    /// The package folder's name is not lowercase letters and digits only.
    FolderName(PathBuf),
    /// Checker "exact" became the default validator, which is stricter.
    ExactIsStricter,
    /// The problem has no `src/bin/validate.rs`: no input validator.
    NoInputValidator(String),
    /// The problem's validator (this source) is the template's stub: no input validator.
    InputValidatorNotWritten(PathBuf),
}

impl Warning {
    /// What it says.
    pub fn text(&self) -> String {
        match self {
            Warning::FolderName(dir) => format!(
                "the package folder {} is not named by lowercase letters and digits only, as spec/2025-09.md \"General requirements\" asks (problemtools takes the folder's name as the problem's short name)",
                dir.display()
            ),
            Warning::ExactIsStricter => "checker \"exact\" is written as the default validator's `case_sensitive space_change_sensitive`: it also rejects a space at a line's end, a missing final newline and CRLF line ends, which exact forgives, and a difference in spacing is WA there, not PE".to_string(),
            Warning::NoInputValidator(name) => format!(
                "problems/{name} has no src/bin/validate.rs: the package has no input validator, which the format requires"
            ),
            Warning::InputValidatorNotWritten(source) => format!(
                "{} is not written yet: the package has no input validator, which the format requires",
                source.display()
            ),
        }
    }
}

/// The lines `cargo judge export` prints on stdout.
pub fn summary(e: &Exported) -> String {
    let mut text = format!(
        "exported a {} package to {}: {} sample and {} secret cases; {}",
        e.format,
        e.dir.display(),
        e.samples,
        e.secret,
        e.output_validator.text()
    );
    match &e.input_validator {
        Some(v) => {
            let _ = write!(text, "; input validator {v}");
        }
        None => text.push_str("; no input validator"),
    }
    for (path, from) in &e.submissions {
        let _ = write!(
            text,
            "\n  submissions/{path}: the bundle of {}",
            from.display()
        );
    }
    text
}
