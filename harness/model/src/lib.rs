//! The judge's model: what the other judge crates share as plain data.
//!
//! The bottom of the judge's crates (CONTRIBUTING.md, "Crates"): it depends on
//! no engine, reader, reporter or command-line crate (only on `judge-compare`,
//! whose `Rejection` a checker's [`outcome::Outcome`] carries), and starts no
//! process.

pub mod case;
pub mod excerpt;
pub mod judge;
pub mod kattis;
pub mod known_wrong;
pub mod limits;
pub mod names;
pub mod outcome;
pub mod problem;
pub mod program;
pub mod sink;
pub mod status;
pub mod testlib;
pub mod units;
pub mod words;
