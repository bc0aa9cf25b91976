//! Programs given as source files (a package's validators, submissions,
//! generators and static validator): building and running them; and a package
//! as judged: read (`judge_formats::package`), what it does not ship made, and
//! its settings with the programs judging starts built.

pub mod polygon;
pub mod program;
pub mod static_validation;
pub mod validator;

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Result, bail};

use crate::shell::ShellCommand;
use judge_formats::package::Package;
use judge_model::problem::{Checker, Interactor, Settings};
use validator::KattisExt as _;

/// Reads the package at `dir` (`judge_formats::package::load`) and makes the
/// tests and answers a Polygon package does not ship ([`polygon::fill`]).
pub fn load(dir: &Path) -> Result<Package> {
    let mut package = judge_formats::package::load(dir, &program::can_build)?;
    polygon::fill(&mut package)?;
    Ok(package)
}

/// What the engine makes of a package for judging.
pub trait PackageExt {
    /// The judge settings at `time_limit`. An interactive package's
    /// validator is the interactor: it is built here (once), so judging can
    /// start it; a Polygon package's checker and interactor likewise.
    fn settings(&self, time_limit: Duration) -> Result<Settings>;
}

impl PackageExt for Package {
    fn settings(&self, time_limit: Duration) -> Result<Settings> {
        let mut settings = Settings {
            title: self.title.clone(),
            limits: self.limits.limits(time_limit),
            compilation: self.limits.compilation,
            validation: Some(self.limits.validation),
            checker: Checker::Kattis(std::sync::Arc::clone(&self.validator)),
            passes: self.passes,
            ..Settings::default()
        };
        if let Some(p) = &self.polygon {
            polygon::apply(p, &mut settings)?;
            return Ok(settings);
        }
        if self.interactive {
            let built = self.validator.build()?;
            let Some(first) = built.first() else {
                bail!(
                    "{}: an interactive package needs its interactor in output_validators/",
                    self.root.display()
                );
            };
            settings.checker = Checker::Tokens {
                case_sensitive: true,
            };
            settings.interactive = true;
            // A build/run interactor runs in its built folder (its `run` calls
            // `./jury` and the like).
            settings.interactor = Some(match (first.argv.as_slice(), &first.dir) {
                ([exe], None) => Interactor::Exe(PathBuf::from(exe)),
                (argv, dir) => Interactor::Shell {
                    command: ShellCommand::from_words(argv).line().to_string(),
                    dir: dir.clone(),
                },
            });
        }
        Ok(settings)
    }
}
