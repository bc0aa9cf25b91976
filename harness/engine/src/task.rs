//! What the runner judges: a job, and how to start its solution. A module of its
//! own so that the ways of judging a case (`case`, `interact`, `passes`) all take
//! it without naming one another.

use judge_model::judge::Job;
use judge_sandbox::RunSpec;

/// A job and how to start its solution: what the runner judges. The start is
/// beside the [`Job`], not in it, because the model (where reporters see jobs)
/// knows no sandbox.
pub struct Task<'a> {
    /// The job, as the reporters see it.
    pub job: Job<'a>,
    /// Starts the solution: a fresh run spec per run (a multi-pass case runs it
    /// again), with what an isolated run of it may see.
    pub start: Box<dyn Fn() -> RunSpec + Send + Sync + 'a>,
}
