//! The build step of a problem's checker and interactor: the programs its
//! settings name as specs (Kattis output validators, a testlib checker, a testlib
//! interactor and its checker), compiled once before any case runs and handed to
//! checking and to the interactive relay, which build nothing.
//!
//! A program that does not compile is kept as its error: every case it would
//! judge is then ERR with the compiler's words (the cases of other problems in
//! the same run are judged as usual).

use crate::ext::*;
use judge_sandbox::RunSpec;

use anyhow::{Result, bail};

use crate::package::program::Built;
use judge_model::problem::Interactor;
use judge_model::problem::{Checker, Settings};

/// The built programs of one problem's settings.
#[derive(Debug)]
pub struct Programs {
    /// The checker's programs: a Kattis validator's (none for the default one),
    /// or the testlib checker; none for the built-in and command checkers.
    checker: Result<Vec<Built>, String>,
    /// A testlib interactor, and the testlib checker run after it.
    interactor: Result<Option<Testlib>, String>,
}

/// A testlib interactor and the testlib checker it is followed by, built.
#[derive(Debug)]
pub struct Testlib {
    /// The interactor.
    pub interactor: Built,
    /// The checker of what it wrote, if the problem has one.
    pub checker: Option<Built>,
}

impl Default for Programs {
    fn default() -> Self {
        Programs {
            checker: Ok(Vec::new()),
            interactor: Ok(None),
        }
    }
}

impl Programs {
    /// Builds every program `settings` name for judging (its checker and, for an
    /// interactive problem, a testlib interactor).
    pub fn build(settings: &Settings) -> Programs {
        let interactor = match &settings.interactor {
            Some(Interactor::Testlib {
                interactor,
                checker,
            }) => interactor.build().and_then(|interactor| {
                let checker = checker.as_ref().map(|c| c.build()).transpose()?;
                Ok(Some(Testlib {
                    interactor,
                    checker,
                }))
            }),
            _ => Ok(None),
        };
        Programs {
            interactor: interactor.map_err(|e| format!("{e:#}")),
            ..Programs::of_checker(&settings.checker)
        }
    }

    /// Builds the programs of `checker` alone (for commands that compare two
    /// outputs themselves: bless, stress).
    pub fn of_checker(checker: &Checker) -> Programs {
        let checker = match checker {
            Checker::Kattis(validator) => validator.build(),
            Checker::Testlib(program) => program.build().map(|b| vec![b]),
            _ => Ok(Vec::new()),
        };
        Programs {
            checker: checker.map_err(|e| format!("{e:#}")),
            interactor: Ok(None),
        }
    }

    /// The checker's programs, or why they could not be built.
    pub fn checker(&self) -> Result<&[Built]> {
        match &self.checker {
            Ok(built) => Ok(built),
            Err(e) => bail!("{e}"),
        }
    }

    /// The testlib checker, built, or why it could not be.
    pub fn testlib_checker(&self) -> Result<&Built> {
        match self.checker()?.first() {
            Some(built) => Ok(built),
            None => bail!("the testlib checker was not built"),
        }
    }

    /// The command that starts `interactor`, a testlib one built first, for a run
    /// outside the runner (lint's replay of a sample dialogue, interactive
    /// stress); `None` for a binary not yet resolved to its executable.
    pub fn interactor_command(interactor: &Interactor) -> Result<Option<RunSpec>> {
        Ok(match interactor {
            Interactor::Testlib { interactor, .. } => {
                Some(crate::testlib::interactor_command(&interactor.build()?))
            }
            other => other.command(),
        })
    }

    /// The testlib interactor (and its checker), built, if the problem has one;
    /// or why it could not be built.
    pub fn testlib_interactor(&self) -> Result<Option<&Testlib>> {
        match &self.interactor {
            Ok(built) => Ok(built.as_ref()),
            Err(e) => bail!("{e}"),
        }
    }
}
