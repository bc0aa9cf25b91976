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
    /// How outputs are validated there, described.
    pub output_validator: String,
    /// What the package says only approximately, or leaves out.
    pub warnings: Vec<String>,
}

/// The lines `cargo judge export` prints on stdout.
pub fn summary(e: &Exported) -> String {
    let mut text = format!(
        "exported a {} package to {}: {} sample and {} secret cases; {}",
        e.format,
        e.dir.display(),
        e.samples,
        e.secret,
        e.output_validator
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
