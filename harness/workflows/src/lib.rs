//! The judge's workflows: what each command does, below the command line. A
//! workflow takes plain options (never clap's arguments), runs on the engine and
//! the readers, and returns a typed outcome that the command line hands to a
//! reporter; it decides no exit code.

pub mod add;
pub mod bless;
#[cfg(test)]
mod diff;
pub mod export;
pub mod generate;
pub mod import;
pub mod lint;
pub mod listen;
pub mod scaffold;
pub mod scale;
pub mod solution;
pub mod stress;
pub mod verify;
pub mod watch;
