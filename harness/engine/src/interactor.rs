//! How a problem names its interactor, as a spec: a binary of its crate, an
//! executable, a command line, or a testlib program. Running it against a
//! solution is `interact`'s; reading it from `problem.toml` is `problem`'s. Both
//! use this leaf, so neither imports the other for it.

use crate::shell::ShellCommand;
use judge_sandbox::RunSpec;

use judge_model::problem::Interactor;

/// Starting an interactor the problem names (the spec is the model's
/// [`Interactor`]).
pub trait InteractorExt {
    /// The command to start, without the three paths (see `interact::Spec::interactor`);
    /// `None` for a [`Interactor::Binary`] not yet resolved to its executable, and
    /// for a testlib one, which is built first (`programs::Programs`, then
    /// `judge_model::testlib::Program::interactor_command`).
    fn command(&self) -> Option<RunSpec>;
}

impl InteractorExt for Interactor {
    fn command(&self) -> Option<RunSpec> {
        match self {
            Interactor::Binary(_) | Interactor::Testlib { .. } => None,
            Interactor::Exe(path) => Some(RunSpec::new(path)),
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
                        c.trust();
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
}
