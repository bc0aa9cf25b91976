//! Readers of problem formats into the judge's plan: the workspace's problems
//! (`testdata/<name>/` with `problem.toml`), a folder of cases, and Kattis / ICPC
//! problem packages, and Competitive Companion's problem JSON.
//!
//! Depends on the engine and the model; reporters and the command line sit above
//! it (CONTRIBUTING.md, "Crates").

pub mod companion;
pub mod glob;
pub mod package;
pub mod plan;
