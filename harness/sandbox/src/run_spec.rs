//! A command for the sandbox together with its isolation policy: which of the
//! judge's paths an isolated run of it may see, or that it is the user's own tool
//! and runs unisolated. The policy is a value beside the command, not a variable
//! of its environment, so no step between the caller and [`Spec::from_run`] can
//! drop it by rebuilding the command, and the program never sees it.

use std::ffi::{OsStr, OsString};
use std::ops::{Deref, DerefMut};
use std::path::Path;
use std::process::Command;

use super::isolation::Access;
use super::{Bind, Cwd, ResourceLimits, Spec};

/// A command the sandbox runs, and what an isolated run of it may see. Build the
/// command through it (it derefs to the `Command`), share what the program needs,
/// then turn it into a [`Spec`] with [`Spec::from_run`].
#[derive(Debug)]
pub struct RunSpec {
    command: Command,
    policy: Policy,
}

/// How a run is isolated.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Policy {
    /// Isolated (while isolation is on), seeing these of the judge's paths
    /// besides the system's folders.
    Isolated(Vec<Bind>),
    /// The user's own tool: never isolated, so there is nothing to share.
    Trusted,
}

impl RunSpec {
    /// A run of `program` (a path, or a name looked up on `PATH`) without
    /// arguments: isolated, seeing none of the judge's paths yet.
    pub fn new(program: impl AsRef<OsStr>) -> RunSpec {
        RunSpec::from(Command::new(program))
    }

    /// Marks the run as the user's own tool (a checker or interactor command they
    /// named themselves, like the judge's own configuration): it runs without
    /// isolation, whatever [`set_isolation`](crate::set_isolation) says, and what
    /// was shared with it no longer matters.
    pub fn trust(&mut self) {
        self.policy = Policy::Trusted;
    }

    /// Lets the program see `path` (made absolute) when isolated. An empty path
    /// names nothing and is not shared (bound, it would cover the jail); a trusted
    /// run sees everything already.
    pub fn share(&mut self, path: &Path, access: Access) {
        let Policy::Isolated(binds) = &mut self.policy else {
            return;
        };
        let Ok(path) = std::path::absolute(path) else {
            return;
        };
        binds.push(Bind {
            real: path.clone(),
            path,
            write: access == Access::Write,
            keep: access == Access::Code,
        });
    }

    /// Lets the program a shell line of the command starts by name or path
    /// (`sh -c "exec python3 ..."`) see, when isolated, what it sees when the
    /// judge starts it directly: its installation, a link's target, what a shim on
    /// `PATH` names. The jail's shell then finds the program the shell outside
    /// finds, not another one further down `PATH`.
    pub fn share_program(&mut self, program: &str) {
        let (_, binds) = super::reach::program(&OsString::from(program));
        for bind in binds {
            self.share(&bind.path, Access::Code);
        }
    }

    /// Whether a run of it is isolated: isolation is on and it is not trusted.
    fn isolated(&self) -> bool {
        super::isolation::wanted() && self.policy != Policy::Trusted
    }

    /// The judge's paths an isolated run sees.
    fn binds(&self) -> &[Bind] {
        match &self.policy {
            Policy::Isolated(binds) => binds,
            Policy::Trusted => &[],
        }
    }
}

/// An isolated run of `command` that sees none of the judge's paths yet.
impl From<Command> for RunSpec {
    fn from(command: Command) -> RunSpec {
        RunSpec {
            command,
            policy: Policy::Isolated(Vec::new()),
        }
    }
}

/// The command is built in place (`spec.arg(..)`, `spec.current_dir(..)`), as a
/// `Command` would be: the policy is only ever changed by the methods above.
impl Deref for RunSpec {
    type Target = Command;

    fn deref(&self) -> &Command {
        &self.command
    }
}

/// See [`Deref`]: arguments, variables and the folder are the command's own.
impl DerefMut for RunSpec {
    fn deref_mut(&mut self) -> &mut Command {
        &mut self.command
    }
}

/// A copy as the sandbox sees it: the program, its arguments, environment
/// changes, folder and policy (`Command` has no `Clone`; its standard streams,
/// which the sandbox never uses, are not copied).
impl Clone for RunSpec {
    fn clone(&self) -> RunSpec {
        let from = &self.command;
        let mut command = Command::new(from.get_program());
        command.args(from.get_args());
        for (key, value) in from.get_envs() {
            match value {
                Some(value) => command.env(key, value),
                None => command.env_remove(key),
            };
        }
        if let Some(dir) = from.get_current_dir() {
            command.current_dir(dir);
        }
        RunSpec {
            command,
            policy: self.policy.clone(),
        }
    }
}

impl Spec {
    /// The spec of `run` (program, arguments, environment changes, working
    /// directory, isolation and what it shares), with these limits. A command
    /// without a working directory runs in a fresh one under the temporary
    /// folder. Isolated unless [`set_isolation`](crate::set_isolation) turned
    /// isolation off or the run is [`RunSpec::trust`]ed.
    pub fn from_run(run: &RunSpec, limits: ResourceLimits) -> Spec {
        let command = &run.command;
        Spec {
            program: command.get_program().to_owned(),
            args: command.get_args().map(ToOwned::to_owned).collect(),
            env_clear: false,
            env: command
                .get_envs()
                .map(|(k, v)| (k.to_owned(), v.map(ToOwned::to_owned)))
                .collect(),
            cwd: command.get_current_dir().map_or_else(
                || Cwd::Fresh(super::fresh_base().to_path_buf()),
                |d| Cwd::Dir(d.to_path_buf()),
            ),
            limits,
            isolate: run.isolated(),
            binds: run.binds().to_vec(),
            report_pid: false,
            hold_output: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;
    use std::time::Duration;

    const LIMITS: ResourceLimits = ResourceLimits {
        cpu: None,
        address_space: None,
        file_size: None,
        wall: Duration::from_secs(1),
    };

    fn bind(path: &str, write: bool, keep: bool) -> Bind {
        Bind {
            path: PathBuf::from(path),
            real: PathBuf::from(path),
            write,
            keep,
        }
    }

    #[test]
    fn each_shared_path_becomes_a_bind_of_the_spec_with_its_access() {
        let mut run = RunSpec::new("checker");
        run.arg("/data/1.in");
        run.share(Path::new("/data/1.in"), Access::Read);
        run.share(Path::new("/feedback"), Access::Write);
        run.share(Path::new("/code/check.py"), Access::Code);
        let spec = Spec::from_run(&run, LIMITS);
        assert_eq!(
            spec.binds,
            [
                bind("/data/1.in", false, false),
                bind("/feedback", true, false),
                bind("/code/check.py", false, true),
            ]
        );
        assert_eq!(
            (spec.program, spec.args),
            ("checker".into(), vec!["/data/1.in".into()])
        );
    }

    #[test]
    fn a_relative_path_is_shared_as_an_absolute_one_and_an_empty_one_not_at_all() {
        let mut run = RunSpec::new("checker");
        run.share(Path::new("data/1.in"), Access::Read);
        run.share(Path::new(""), Access::Read);
        let here = std::env::current_dir().unwrap();
        let spec = Spec::from_run(&run, LIMITS);
        let paths: Vec<PathBuf> = spec.binds.into_iter().map(|b| b.path).collect();
        assert_eq!(paths, [here.join("data/1.in")]);
    }

    #[test]
    fn a_trusted_run_is_not_isolated_and_shares_nothing() {
        // Isolation is on by default; no test of this crate turns it off.
        let mut run = RunSpec::new("checker");
        run.share(Path::new("/data/1.in"), Access::Read);
        assert!(Spec::from_run(&run, LIMITS).isolate);
        run.trust();
        run.share(Path::new("/data/2.in"), Access::Read);
        let spec = Spec::from_run(&run, LIMITS);
        assert!(!spec.isolate);
        assert_eq!(spec.binds, []);
    }

    #[test]
    fn the_policy_reaches_no_variable_of_the_programs_environment() {
        let mut run = RunSpec::new("checker");
        run.env("A", "1");
        run.share(Path::new("/data/1.in"), Access::Read);
        let spec = Spec::from_run(&run, LIMITS);
        assert_eq!(spec.env, [("A".into(), Some("1".into()))]);
        run.trust();
        assert_eq!(Spec::from_run(&run, LIMITS).env, spec.env);
    }

    #[test]
    fn a_copy_keeps_the_command_and_its_policy() {
        let mut run = RunSpec::new("interactor");
        run.arg("in")
            .env("A", "1")
            .env_remove("B")
            .current_dir("/work");
        run.share(Path::new("/data/1.in"), Access::Read);
        let (a, b) = (
            Spec::from_run(&run, LIMITS),
            Spec::from_run(&run.clone(), LIMITS),
        );
        assert_eq!(
            (a.program, a.args, a.env, a.cwd, a.isolate, a.binds),
            (b.program, b.args, b.env, b.cwd, b.isolate, b.binds)
        );
        run.trust();
        assert!(!Spec::from_run(&run.clone(), LIMITS).isolate);
    }
}
