//! The judge's model: what the other judge crates share as plain data. The
//! problem as specs ([`problem::Settings`], its [`problem::Checker`] and
//! [`problem::Interactor`], [`testlib::Program`], [`kattis::Kattis`],
//! [`program::Source`]), the results the engine produces and the reporters read
//! ([`judge::CaseResult`], [`known_wrong::Catch`], [`excerpt::Excerpt`]), a
//! package's verdicts ([`package::PackageVerdict`]), and the
//! [`sink::Sink`] between them; what `scale` measured and fitted ([`scale::Scale`]).
//!
//! The bottom of the judge's crates (CONTRIBUTING.md, "Crates"): it depends on
//! no engine, reader, reporter or command-line crate (among the judge's, only on
//! `judge-compare`, whose `Rejection` a checker's [`outcome::Outcome`] carries),
//! reads no file and starts no process.

pub mod case;
pub mod excerpt;
pub mod judge;
pub mod kattis;
pub mod known_wrong;
pub mod limits;
pub mod names;
pub mod outcome;
pub mod package;
pub mod problem;
pub mod program;
pub mod scale;
pub mod sink;
pub mod status;
pub mod testlib;
pub mod units;
