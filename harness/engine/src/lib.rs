//! The judge's engine: the workspace's problems as cargo builds them, the plan
//! of what to judge, building and running programs in the sandbox (solutions,
//! checkers, a package's generators and static validator), checking and
//! classifying what they did (batch and interactive), the known-wrong
//! solutions, and the runner that feeds results to a [`judge_model::sink::Sink`].
//!
//! Depends on the model, the readers of problem formats (`judge-formats`), and
//! the sandbox, comparison and launcher crates; the reporters and the command
//! line sit above it (CONTRIBUTING.md, "Crates").

pub mod build;
pub mod cargo_json;
pub mod case;
pub mod check;
pub mod diff;
pub mod interact;
pub mod interactor;
pub mod judge;
pub mod jvm;
pub mod known_wrong;
pub mod package;
pub mod passes;
pub mod plan;
pub mod pool;
pub mod programs;
pub mod run;
pub mod runner;
pub mod shell;
pub mod task;
pub mod testlib;

/// What the engine does with the model's specs, as traits on them: build and
/// run a testlib program or a Kattis validator, start an interactor, see a
/// language's tools, make a package's settings. `use judge_engine::ext::*;`
/// brings them into scope.
pub mod ext {
    pub use crate::interactor::InteractorExt;
    pub use crate::package::PackageExt;
    pub use crate::package::program::LangExt;
    pub use crate::package::validator::KattisExt;
    pub use crate::testlib::ProgramExt;
}
