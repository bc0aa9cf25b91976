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
    pub problem: Problem,
    /// Allowed: the file's name says it breaks the format on purpose.
    pub tolerated: bool,
}

/// What is wrong with a file of a testdata folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A problem crate's testdata folder (the path) is missing.
    NoTestdata {
        /// The problem.
        problem: String,
    },
    /// problem.toml does not load, or the testlib validator it names does not
    /// build: why, without the file's name.
    Settings(String),
    /// Neither a case file nor problem.toml, a README or a script: the judge ignores it.
    Stray,
    /// The file is empty.
    Empty,
    /// A byte that is not UTF-8.
    NotUtf8 {
        /// The byte.
        byte: u8,
        /// Its offset in the file.
        offset: usize,
    },
    /// A CR character (the first line with one).
    CarriageReturn,
    /// A space or tab at a line's end (the first such line).
    TrailingSpace,
    /// The last line has no newline.
    NoFinalNewline,
    /// The same bytes as an earlier input.
    SameInput {
        /// The earlier input, relative to the workspace.
        first: String,
    },
    /// The testlib validator problem.toml names rejects the input.
    TestlibRejected {
        /// Its words.
        why: String,
        /// The validator, described.
        validator: String,
    },
    /// The problem's `NAME-validate` rejects the input.
    Rejected {
        /// The problem.
        problem: String,
        /// How it ended.
        exit: String,
        /// The first line it wrote on stderr.
        said: String,
    },
    /// A case file without its partner.
    Unpaired {
        /// It is an input (its `.out` is missing; else its `.in`).
        input: bool,
    },
    /// A sample dialogue (`.interaction`) that is malformed or that the
    /// interactor does not replay: why.
    Dialogue(String),
    /// A sample dialogue without its case's `.in` and `.out`.
    DialogueWithoutCase,
    /// A sample dialogue in a folder whose problem.toml names no interactor.
    DialogueWithoutInteractor,
}

impl Problem {
    /// What it says.
    pub fn text(&self) -> String {
        match self {
            Problem::NoTestdata { problem: name } => format!(
                "no such folder: problem {name} (problems/{name}/) has no testdata; expected \
                 testdata/{name}/ with NAME.in + NAME.out pairs and problem.toml"
            ),
            Problem::Settings(why) | Problem::Dialogue(why) => why.clone(),
            Problem::Stray => {
                "stray file: neither a case (.in, .out, .ans) nor problem.toml or README \
                 (judge ignores it; a misspelt extension?)"
                    .to_string()
            }
            Problem::Empty => "empty file".to_string(),
            Problem::NotUtf8 { byte, offset } => {
                format!("not UTF-8 (byte 0x{byte:02x} at offset {offset})")
            }
            Problem::CarriageReturn => "CR character (CRLF line ends?)".to_string(),
            Problem::TrailingSpace => "trailing space or tab".to_string(),
            Problem::NoFinalNewline => "no newline at the end of the file".to_string(),
            Problem::SameInput { first } => format!("same input as {first}"),
            Problem::TestlibRejected { why, validator } => format!("{why} by {validator}"),
            Problem::Rejected {
                problem,
                exit,
                said,
            } => format!("rejected by {problem}-validate: {exit}: {said}"),
            Problem::Unpaired { input } => {
                format!("no matching {} file", if *input { ".out" } else { ".in" })
            }
            Problem::DialogueWithoutCase => {
                "a sample dialogue needs its case: no matching .in and .out".to_string()
            }
            Problem::DialogueWithoutInteractor => {
                "a sample dialogue in a folder whose problem.toml names no interactor".to_string()
            }
        }
    }
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
                f.path,
                f.problem.text()
            );
        } else {
            let _ = writeln!(
                out,
                "{RED}error{RED:#} {}{at}: {}",
                f.path,
                f.problem.text()
            );
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
