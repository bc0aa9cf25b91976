//! The judge's command line, tested end to end over fixture solutions
//! (`harness/src/bin/fixture.rs` misbehaves on demand).

mod bless;
mod builds;
mod bundle;
mod checked;
mod ci;
mod crates;
mod diffs;
mod generate;
mod golden;
mod import;
mod installed;
mod interactive;
mod isolation;
mod legitimate;
mod lint;
mod listen;
mod malformed;
mod messages;
mod options;
mod own_style;
mod package;
mod package_systems;
mod package_verify;
mod polygon;
mod progress;
mod readme;
mod sandbox;
mod scaffold;
mod scale;
mod scoring;
mod stress;
mod support;
mod tempws;
mod testlib;
mod verdicts;
