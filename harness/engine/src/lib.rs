//! The judge's engine: the workspace's problems as cargo builds them, running a
//! solution in the sandbox, checking and classifying what it did (batch and
//! interactive), the known-wrong solutions, and the runner that feeds results to
//! a [`judge_model::sink::Sink`].
//!
//! Depends on the model (and the sandbox and comparison crates) only; the
//! readers, reporters and the command line sit above it (CONTRIBUTING.md,
//! "Crates").

pub mod build;
pub mod cargo_json;
pub mod case;
pub mod check;
pub mod diff;
pub mod discover;
pub mod interact;
pub mod interactor;
pub mod judge;
pub mod jvm;
pub mod known_wrong;
pub mod passes;
pub mod pool;
pub mod problem;
pub mod programs;
pub mod run;
pub mod runner;
pub mod shell;
pub mod testlib;

/// Programs given as source files (a package's validators and submissions):
/// finding, building and running them.
pub mod package {
    pub mod program;
    pub mod validator;
}

/// What the engine does with the model's specs, as traits on them: read a
/// problem's settings, build and run a testlib program or a Kattis validator,
/// start an interactor, see a language's tools. `use judge_engine::ext::*;`
/// brings them into scope.
pub mod ext {
    pub use crate::interactor::InteractorExt;
    pub use crate::package::program::LangExt;
    pub use crate::package::validator::KattisExt;
    pub use crate::problem::SettingsExt;
    pub use crate::testlib::ProgramExt;
}
