//! Readers of problem formats into the judge's model: the workspace's problems
//! (`testdata/<name>/` with `problem.toml`), a folder of cases, Kattis / ICPC and
//! Polygon problem packages, Competitive Companion's problem JSON, and the
//! programs they name as sources.
//!
//! Depends on the model only: it reads files and starts no process. What builds
//! or runs a program (a checker, a generator, a static validator) is the
//! engine's, which sits above it; reporters and the command line sit above that
//! (CONTRIBUTING.md, "Crates").

pub mod companion;
pub mod discover;
pub mod glob;
pub mod package;
pub mod problem;
pub mod program;
pub mod testlib;
