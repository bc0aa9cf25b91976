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

/// A package's validators (input, output, static) when it sets no limits of
/// theirs: the Kattis problem package format's "Limits" (legacy, 2023-07 and
/// 2025-09: `validation_time` 60 s, `validation_memory` 2048 MiB,
/// `validation_output` 8 MiB, the typical system defaults, which BAPCtools'
/// `DEFAULT_VALIDATION_*` are; problemtools' `config/problem.yaml` has 1024
/// MiB of memory).
pub const VALIDATION: Limits = Limits {
    time: Duration::from_secs(60),
    memory: 2048 << 20,
    output: 8 << 20,
};

/// A build step (a compiler, a package program's `build` script, a syntax
/// check) when the package sets no limits: the same "Limits" section's
/// `compilation_time` 60 s and `compilation_memory` 2048 MiB (BAPCtools'
/// `DEFAULT_COMPILATION_*`), and 1 GiB of output (the format sets none).
pub const COMPILATION: Limits = Limits {
    time: Duration::from_secs(60),
    memory: 2048 << 20,
    output: 1 << 30,
};

impl Limits {
    /// The wall-clock backstop for a solution that sleeps or blocks: twice the
    /// time limit plus one second.
    pub fn wall(&self) -> Duration {
        self.time * 2 + Duration::from_secs(1)
    }
}
