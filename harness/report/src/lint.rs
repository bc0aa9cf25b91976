//! The words of `lint`: each finding, the validators not written yet, and the
//! summary line.

use std::fmt::Write as _;

use judge_model::names::TOLERATED;
use judge_model::units::plural;

use crate::style::{DIM, GREEN, RED};

/// What `lint` found in the testdata folders.
#[derive(Debug, Clone, Default)]
pub struct Linted {
    /// Every finding, in the order found.
    pub findings: Vec<Finding>,
    /// The problems whose validator is the template's stub: their inputs are unchecked.
    pub not_written: Vec<String>,
    /// The folders checked.
    pub folders: usize,
    /// The case files read.
    pub files: usize,
    /// The inputs a validator checked.
    pub validated: usize,
}

/// One finding about a file.
#[derive(Debug, Clone)]
pub struct Finding {
    /// The file, relative to the workspace.
    pub path: String,
    /// Its line, or 0 for the whole file.
    pub line: usize,
    /// What is wrong.
    pub message: String,
    /// Allowed: the file's name says it breaks the format on purpose.
    pub tolerated: bool,
}

impl Linted {
    /// The findings that are not tolerated.
    pub fn problems(&self) -> usize {
        self.findings.iter().filter(|f| !f.tolerated).count()
    }
}

/// The lines `cargo judge lint` prints on stdout: every finding, each
/// validator not written yet, and the summary line.
pub fn text(linted: &Linted) -> String {
    let mut out = String::new();
    let problems = linted.problems();
    for f in &linted.findings {
        let at = if f.line > 0 {
            format!(":{}", f.line)
        } else {
            String::new()
        };
        if f.tolerated {
            let _ = writeln!(
                out,
                "{DIM}tolerated{DIM:#} {}{at}: {} (allowed: the name says \"{TOLERATED}\")",
                f.path, f.message
            );
        } else {
            let _ = writeln!(out, "{RED}error{RED:#} {}{at}: {}", f.path, f.message);
        }
    }
    for name in &linted.not_written {
        let _ = writeln!(
            out,
            "note: {name}-validate is not written yet (problems/{name}/src/bin/validate.rs): \
             testdata/{name}/'s inputs are unchecked"
        );
    }
    let tolerated = linted.findings.len() - problems;
    let summary = format!(
        "{}, {}, {} validated: {}, {tolerated} tolerated",
        plural(linted.folders, "folder", "folders"),
        plural(linted.files, "file", "files"),
        plural(linted.validated, "input", "inputs"),
        if problems == 0 {
            "clean".to_string()
        } else {
            plural(problems, "problem", "problems")
        }
    );
    if problems == 0 {
        let _ = writeln!(out, "{GREEN}ok{GREEN:#} {summary}");
    } else {
        let _ = writeln!(out, "{RED}FAIL{RED:#} {summary}");
    }
    out
}
