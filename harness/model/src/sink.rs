//! What the runner feeds: the [`Sink`] trait, defined here so that the reporters
//! implement it without knowing the runner, as ripgrep's grep-searcher defines
//! `Sink` and grep-printer implements it (the searcher cannot print).

use crate::judge::{CaseResult, Job};

/// What the runner tells whoever watches it. Calls come from the thread that
/// called the runner (`judge_engine::runner::run_all`), never from a worker.
pub trait Sink {
    /// Job `index` (of `jobs`) has started on a worker.
    fn started(&mut self, _index: usize, _job: &Job) {}

    /// Whether [`Sink::started`] does anything. When it does not, the runner
    /// does not tell it, and each job costs one hand-off between threads less.
    fn wants_started(&self) -> bool {
        true
    }

    /// The next result in job order. Returning `false` stops the run: no new job
    /// starts (e.g. the reader of the report has gone away).
    fn finished(&mut self, result: &CaseResult) -> bool;
}

/// A sink that wants nothing.
pub struct Quiet;

impl Sink for Quiet {
    fn finished(&mut self, _: &CaseResult) -> bool {
        true
    }
}
