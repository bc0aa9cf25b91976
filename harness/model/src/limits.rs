//! The limits of one run as data: CPU time, memory and output. The one type a
//! problem's limits travel in, from where they are read to the run: what a
//! problem sets (`Settings::limits` of the problem module), what a package's
//! declaration comes to at a time limit (judge-formats' `PackageLimits::limits`),
//! what `--time-limit` and `--memory-limit` replace, and what the judge's helper
//! programs (checkers, validators, generators) run under. The engine turns them
//! into the sandbox's operating-system limits (`judge_sandbox::ResourceLimits`)
//! for each run.

use std::time::Duration;

/// Limits for one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user + system) allowed.
    pub time: Duration,
    /// Address-space limit in bytes; peak RSS above it is MLE.
    pub memory: u64,
    /// Bytes of stdout kept; more is OLE and the process is killed. Also the
    /// largest file the program may write.
    pub output: u64,
}

impl Limits {
    /// The wall-clock backstop for a solution that sleeps or blocks: twice the
    /// time limit plus one second.
    pub fn wall(&self) -> Duration {
        self.time * 2 + Duration::from_secs(1)
    }
}
