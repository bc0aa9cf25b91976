//! A testlib program as data: what it is for ([`Role`]), its C++ source and the
//! folder of the `testlib.h` it is compiled against. Finding, building and running
//! it are the engine's (`judge_engine::testlib`).

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::program::Source;

/// The header a testlib program includes.
pub const HEADER: &str = "testlib.h";

/// A testlib program's own failure, as its exit says: a judge error, never the
/// solution's (testlib.h's `quit`: exit 3 is `_fail`; 7 is `_points`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// Exit 3: it said `FAIL`.
    Fail,
    /// Killed by a signal, by name (`SIGSEGV`).
    Crashed(String),
    /// Exit 7 (points) without a `points P` line.
    NoPoints,
    /// An exit status testlib never uses.
    Exit(i32),
}

/// A testlib program's failure and the last lines it wrote on stderr.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failed {
    /// How it failed.
    pub failure: Failure,
    /// The last lines of its stderr (at most five, blank ones left out), `\n`-separated.
    pub said: String,
}

/// What a testlib program is for, in messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// An output checker.
    Checker,
    /// An interactor.
    Interactor,
    /// An input validator.
    Validator,
    /// A test generator.
    Generator,
}

impl Role {
    /// The role's name, e.g. `checker`.
    pub fn name(self) -> &'static str {
        match self {
            Role::Checker => "checker",
            Role::Interactor => "interactor",
            Role::Validator => "validator",
            Role::Generator => "generator",
        }
    }
}

/// A testlib program as a spec: its source and where its `testlib.h` is. Building
/// it is a step of its own, before any case runs (the engine's
/// `programs::Programs`); running it takes the built program.
#[derive(Debug)]
pub struct Program {
    /// What it is for.
    pub role: Role,
    /// The C++ source.
    pub source: Source,
    /// The folder holding the `testlib.h` it is compiled against.
    pub header_dir: PathBuf,
    /// CPU (and wall) seconds it may take per run.
    pub time_limit: Duration,
}

impl PartialEq for Program {
    fn eq(&self, other: &Self) -> bool {
        self.role == other.role
            && self.source == other.source
            && self.header_dir == other.header_dir
    }
}

impl Eq for Program {}

/// The folders searched for `testlib.h`, in order, for a program at `source`
/// belonging to the problem folder `base`: the source's own folder, `base`, then
/// `base/files` (Polygon keeps testlib.h and its programs in `files/`).
pub fn header_search(source: &Path, base: &Path) -> Vec<PathBuf> {
    let mut dirs = vec![
        source.parent().map(Path::to_path_buf).unwrap_or_default(),
        base.to_path_buf(),
        base.join("files"),
    ];
    dirs.dedup();
    dirs
}

impl Program {
    /// `check.cpp (testlib checker)`.
    pub fn describe(&self) -> String {
        format!("{} (testlib {})", self.source.name, self.role.name())
    }
}
