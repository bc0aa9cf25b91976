//! How a problem names its interactor, as a spec: a binary of its crate, an
//! executable, a command line, or a testlib program. Running it against a
//! solution is `interact`'s; reading it from `problem.toml` is `problem`'s. Both
//! use this leaf, so neither imports the other for it.

use std::path::PathBuf;
use std::process::Command;

use crate::shell::ShellCommand;

/// How a problem names its interactor (`problem.toml`'s `interactor`, or
/// `judge run --interactor`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Interactor {
    /// A binary of the problem's crate, e.g. `wythoff-play-interactor`; the judge
    /// builds it and runs the executable.
    Binary(String),
    /// An executable, run directly.
    Exe(PathBuf),
    /// A command line, run by `sh` in `dir` (the testdata folder for
    /// `problem.toml`; the current folder for `--interactor`).
    Shell {
        /// The command line, e.g. `python3 interactor.py`.
        command: String,
        /// Where it runs: the user's own interactor, not isolated. `None`: a
        /// package's, isolated in a fresh folder.
        dir: Option<PathBuf>,
    },
    /// A testlib interactor (exit 0 accepts, 1 and 2 reject, 3 is its failure),
    /// run as `INTERACTOR INPUT TOUT ANSWER`, and the testlib checker that judges
    /// what it wrote to `TOUT`, if the problem has one (Polygon's order).
    Testlib {
        /// The interactor.
        interactor: std::sync::Arc<crate::testlib::Program>,
        /// The checker run after it on `INPUT TOUT ANSWER`.
        checker: Option<std::sync::Arc<crate::testlib::Program>>,
    },
}

impl Interactor {
    /// The command to start, without the three paths (see `interact::Spec::interactor`);
    /// `None` for a [`Interactor::Binary`] not yet resolved to its executable, and
    /// for a testlib one, which is built first (`programs::Programs`, then
    /// `testlib::Program::interactor_command`).
    pub fn command(&self) -> Option<Command> {
        match self {
            Interactor::Binary(_) | Interactor::Testlib { .. } => None,
            Interactor::Exe(path) => Some(Command::new(path)),
            Interactor::Shell { command, dir } => {
                let line = ShellCommand::new(command);
                let mut c = line.command_with_args("interactor");
                // Not the sandbox's fresh folder: a relative path in the command
                // line means the testdata folder, or where `judge run` was started.
                match dir {
                    // problem.toml's or --interactor's: the user's own tool, run like
                    // the judge's configuration.
                    Some(dir) => {
                        c.current_dir(dir);
                        crate::sandbox::trust(&mut c);
                    }
                    // A package's (absolute paths): isolated, seeing its own files.
                    None => {
                        let here = std::env::current_dir().unwrap_or_default();
                        line.share_named_files(&mut c, &here);
                    }
                }
                Some(c)
            }
        }
    }

    /// How it is shown in messages.
    pub fn shown(&self) -> String {
        match self {
            Interactor::Binary(name) => name.clone(),
            Interactor::Exe(path) => path.display().to_string(),
            Interactor::Shell { command, .. } => command.clone(),
            Interactor::Testlib { interactor, .. } => interactor.describe(),
        }
    }
}
