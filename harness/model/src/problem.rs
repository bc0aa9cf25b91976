//! A problem as data: its limits, how its outputs are checked ([`Checker`]) and
//! its interactor ([`Interactor`]), as specs (a program a checker or interactor
//! names is its source; the engine builds it before any case runs). Reading
//! `problem.toml` into [`Settings`] is the readers' (`judge_formats::problem`).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use serde::Deserialize;

use crate::limits::Limits;
use crate::testlib::Program;

/// The settings file's name inside a testdata folder.
pub const FILE_NAME: &str = "problem.toml";

/// Default CPU-time limit per case when `problem.toml` sets none.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(2);
/// Default memory limit in MiB.
pub const DEFAULT_MEMORY_LIMIT_MIB: u64 = 256;
/// Default cap on a solution's standard output in MiB.
pub const DEFAULT_OUTPUT_LIMIT_MIB: u64 = 64;
/// Default time limit of a command checker (CPU and wall).
pub const DEFAULT_CHECKER_TIME_LIMIT: Duration = Duration::from_secs(10);

/// Where a problem comes from.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Origin {
    /// The judge, e.g. `POJ`.
    pub judge: String,
    /// The problem's id on that judge, e.g. `2348`.
    pub id: String,
    /// A link to the statement, if it has one.
    pub url: Option<String>,
}

/// How an output is compared with the expected one.
#[derive(Debug, Clone, PartialEq)]
pub enum Checker {
    /// Byte equality after normalising line ends and trailing whitespace.
    Exact,
    /// Equality of whitespace-separated tokens (`judge_compare::same_token`).
    Tokens {
        /// Letters must match in case (problem.toml's `case_sensitive`, true
        /// unless it says `false`).
        case_sensitive: bool,
    },
    /// Tokens, with numbers equal within an absolute or relative tolerance.
    Float {
        /// Absolute tolerance.
        abs: f64,
        /// Relative tolerance.
        rel: f64,
    },
    /// An external program: `CMD input output expected`, exit 0 = AC, 1 = WA, 2 = PE.
    Command {
        /// The command line, run by `sh -c` in `dir`.
        command: String,
        /// The folder the command runs in (the one holding `problem.toml`).
        dir: PathBuf,
        /// Wall-clock (and CPU) time it may take per case before it is killed and
        /// the case is ERR (`checker_time_limit`).
        time_limit: Duration,
    },
    /// A Kattis output validator: the default one with its flags, or a program
    /// run as `VALIDATOR INPUT ANSWER FEEDBACK_DIR [flags] < OUTPUT`.
    Kattis(Arc<crate::kattis::Kattis>),
    /// A testlib checker (`checker = "testlib"`), run as `CHECKER INPUT OUTPUT
    /// ANSWER`: exit 0 AC, 1 WA, 2 PE, 3 the checker's own failure (see `testlib`).
    Testlib(Arc<crate::testlib::Program>),
}

/// The settings the judge uses for one problem.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// Human title, if given.
    pub title: Option<String>,
    /// Judge and id, if given.
    pub source: Option<Origin>,
    /// The limits of each of the solution's runs (CPU time, memory, output): the
    /// one value a problem's limits travel in, from its reader to the run.
    pub limits: Limits,
    /// The limits of each build step of the solution's source (a package's
    /// `compilation_time` and `compilation_memory`; else
    /// [`crate::limits::COMPILATION`]).
    pub compilation: Limits,
    /// The limits of the problem's own validator programs when it sets them (a
    /// package's `validation_*`, which an interactive package's interactor runs
    /// under too); `None` for a problem.toml folder.
    pub validation: Option<Limits>,
    /// How outputs are compared (batch problems).
    pub checker: Checker,
    /// `type = "interactive"`: the solution talks to an interactor, which decides.
    pub interactive: bool,
    /// The interactor, if `problem.toml` names one (`judge run --interactor`
    /// can give one instead).
    pub interactor: Option<Interactor>,
    /// Multi-pass (Kattis packages): the solution runs again on the validator's
    /// `nextpass.in`, up to this many passes; `None` for one pass.
    pub passes: Option<u32>,
    /// A testlib input validator (`validator_source`), which `lint` runs on every
    /// input: `VALIDATOR < INPUT`, exit 0 accepts.
    pub validator: Option<Arc<Program>>,
    /// `[scale] max_n`: the largest input size, `cargo judge scale`'s default `--to`.
    pub max_n: Option<u64>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            title: None,
            source: None,
            limits: Limits {
                time: DEFAULT_TIME_LIMIT,
                memory: DEFAULT_MEMORY_LIMIT_MIB << 20,
                output: DEFAULT_OUTPUT_LIMIT_MIB << 20,
            },
            compilation: crate::limits::COMPILATION,
            validation: None,
            checker: Checker::Exact,
            interactive: false,
            interactor: None,
            passes: None,
            validator: None,
            max_n: None,
        }
    }
}

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
        interactor: Arc<crate::testlib::Program>,
        /// The checker run after it on `INPUT TOUT ANSWER`.
        checker: Option<Arc<crate::testlib::Program>>,
    },
}

impl Interactor {
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
