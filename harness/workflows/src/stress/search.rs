//! The one stress loop, for batch and interactive problems alike: seeds handed
//! out in increasing order to the pool's workers, each generated input judged by
//! the worker's [`Oracle`], and the smallest failing seed kept.
//!
//! Owns the order and the stopping rule (the range, the time, Ctrl-C, a smaller
//! failure), so `-j 1` and `-j 4` report the same seed and `--seed S --cases 1`
//! reproduces it. What judging one input means is the oracle's: the brute force
//! and the solution compared (`tester`), or the solution played against its
//! interactor (`interactive`).

use judge_sandbox::RunSpec;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use crate::stress::generator::{Generator, HELPER_LIMITS};
use judge_engine::build::Workspace;
use judge_engine::pool::{Event, InOrder, Pool};
use judge_engine::run;
use judge_model::limits::Limits;
use judge_model::status::Status;
use judge_report::stress::{self, Saved};

/// A process to run beside an oracle's own: the generator of the worker's next
/// seed, with the file it reads as stdin and its limits.
pub(crate) type Beside<'a> = (RunSpec, &'a Path, Limits);

/// The side-specific part of stress: what judges one generated input.
pub(crate) trait Oracle {
    /// What one input showed.
    type Finding: Send;

    /// Judges `input`, as the generator made it. `beside` (the generator of the
    /// worker's next seed) runs at the same time in the same poll loop when the
    /// oracle can, and its run comes back; an oracle that cannot returns `None`,
    /// and the loop runs the generator itself.
    fn judge(
        &mut self,
        input: &[u8],
        beside: Option<Beside<'_>>,
    ) -> Result<(Self::Finding, Option<run::Measured>)>;

    /// How the loop counts `finding`.
    fn class(finding: &Self::Finding) -> Class;

    /// Judges a shrinking candidate (checked as a generated input is not: by the
    /// validator, or the generator's answer mode); `None` when it is no valid
    /// input, so it is not kept.
    fn candidate(&mut self, input: &str) -> Result<Option<Self::Finding>>;

    /// Whether [`Oracle::candidate`] can tell an invalid input: without a
    /// validator (or an answer mode), shrinking may keep an input the statement
    /// forbids (`n` = 0 with one number after it), and the report says so.
    fn checks_candidates(&self) -> bool;

    /// Whether a candidate's finding `a` is the same kind of failure as `b`, the
    /// one found: a smaller input must keep it.
    fn same_kind(a: &Self::Finding, b: &Self::Finding) -> bool;

    /// Whether `finding` is a timeout, which is not shrunk: each try would take
    /// the whole limit.
    fn timed_out(finding: &Self::Finding) -> bool;

    /// The status stress ends with right after reporting `finding`, when there is
    /// nothing to shrink (the brute force failed; the judge failed).
    fn ends(finding: &Self::Finding) -> Option<Status>;

    /// Runs judged so far, each candidate one.
    fn runs(&self) -> u64;

    /// `finding` as the report shows it.
    fn shown(&self, finding: &Self::Finding) -> Result<stress::Finding>;

    /// `--save`: writes the minimal input of `seed` as a case of problem `name`.
    fn save(&mut self, ws: &Workspace, name: &str, seed: u64, input: &str) -> Result<Saved>;
}

/// How the loop counts one judged input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Class {
    /// Accepted: nothing to report.
    Agree,
    /// The oracle declined the input (the brute force's one-line error for an
    /// input beyond its limits): counted, and the first one said.
    Refused(String),
    /// Ctrl-C killed a run: the seed was not tested.
    Interrupted,
    /// A failure: the smallest such seed is reported.
    Failed,
}

/// What the workers found.
pub(crate) struct Found<F> {
    /// Seeds tested.
    pub(crate) done: u64,
    /// Inputs the oracle declined, and the first of them.
    pub(crate) refused: u64,
    pub(crate) first_refusal: Option<(u64, String)>,
    /// The smallest failing seed, its input and what it showed.
    pub(crate) first_failure: Option<(u64, Vec<u8>, F)>,
}

impl<F> Default for Found<F> {
    fn default() -> Self {
        Found {
            done: 0,
            refused: 0,
            first_refusal: None,
            first_failure: None,
        }
    }
}

/// The parallel search over seeds. Seeds are handed out in increasing order; once a
/// seed fails, no larger one is started and the ones already running finish, so the
/// failure reported is always the smallest failing seed of the range tested, as a
/// sequential run would find it, and `--seed S --cases 1` reproduces it.
pub(crate) struct Search<F> {
    first: u64,
    cases: Option<u64>,
    deadline: Option<Instant>,
    next: AtomicU64,
    state: Mutex<Found<F>>,
}

impl<F: Send> Search<F> {
    /// Seeds from `first`, `cases` of them or until `deadline`.
    pub(crate) fn new(first: u64, cases: Option<u64>, deadline: Option<Instant>) -> Search<F> {
        Search {
            first,
            cases,
            deadline,
            next: AtomicU64::new(0),
            state: Mutex::new(Found::default()),
        }
    }

    /// Runs the search on `threads` workers of the pool, one task per worker, each
    /// with its own oracle in its own folder under `scratch`. `tick` hears the
    /// seeds tested so far every 0.1 s (on the calling thread).
    pub(crate) fn run<O: Oracle<Finding = F>>(
        self,
        threads: usize,
        scratch: &Path,
        oracle: impl Fn(&Path) -> O + Sync,
        generator: Generator<'_>,
        tick: &mut dyn FnMut(u64),
    ) -> Result<Found<F>> {
        let dirs: Vec<PathBuf> = (0..threads.max(1))
            .map(|w| scratch.join(format!("worker-{w}")))
            .collect();
        for dir in &dirs {
            std::fs::create_dir_all(dir)?;
        }
        let pool = Pool::new(dirs.len())
            .pinned()
            .tick(Duration::from_millis(100));
        let mut failed = None;
        pool.run(
            InOrder::all(dirs.len()),
            |_| (),
            |(), w| (self.work(&mut oracle(&dirs[w]), generator), false),
            |event| {
                match event {
                    Event::Tick => tick(self.found().done),
                    Event::Finished(_, Err(e)) => {
                        failed.get_or_insert(e);
                    }
                    _ => {}
                }
                true
            },
        );
        match failed {
            Some(e) => Err(e),
            None => Ok(self.state.into_inner().unwrap_or_else(|e| e.into_inner())),
        }
    }

    fn found(&self) -> std::sync::MutexGuard<'_, Found<F>> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// One worker: take the next seed, generate, judge, record; until the range,
    /// the time or a smaller failure says stop (or Ctrl-C). The generator of the
    /// worker's next seed runs beside this seed's runs when the oracle can (three
    /// processes in flight per worker for batch stress, so the cores stay busy
    /// while each waits for another), and its input is judged in the next round
    /// unless a smaller seed has failed meanwhile.
    fn work<O: Oracle<Finding = F>>(&self, oracle: &mut O, generator: Generator<'_>) -> Result<()> {
        let mut pending: Option<(u64, Result<Vec<u8>>)> = None;
        loop {
            let (seed, input) = match pending.take() {
                Some(next) => next,
                None => {
                    let Some(seed) = self.take() else {
                        return Ok(());
                    };
                    (seed, generator.generate(seed))
                }
            };
            if self
                .found()
                .first_failure
                .as_ref()
                .is_some_and(|f| f.0 < seed)
            {
                return Ok(());
            }
            let input = input?;
            let next = self.take();
            let beside = next.map(|s| (generator.command(s), generator.null, HELPER_LIMITS));
            let (finding, generated) = oracle
                .judge(&input, beside)
                .with_context(|| format!("on seed {seed}"))?;
            pending = next.map(|s| {
                let input = match generated {
                    Some(out) => generator.input(s, out),
                    None => generator.generate(s),
                };
                (s, input)
            });
            let class = O::class(&finding);
            if class == Class::Interrupted {
                return Ok(());
            }
            self.record(seed, input, finding, class);
        }
    }

    /// Counts what `seed` showed.
    fn record(&self, seed: u64, input: Vec<u8>, finding: F, class: Class) {
        let mut state = self.found();
        state.done += 1;
        match class {
            Class::Agree | Class::Interrupted => {}
            Class::Refused(why) => {
                state.refused += 1;
                if state.first_refusal.as_ref().is_none_or(|r| seed < r.0) {
                    state.first_refusal = Some((seed, why));
                }
            }
            Class::Failed => {
                if state.first_failure.as_ref().is_none_or(|f| seed < f.0) {
                    state.first_failure = Some((seed, input, finding));
                }
            }
        }
    }

    /// The next seed to test, unless the time is up, the range is done or Ctrl-C
    /// came. Seeds are handed out in increasing order across the workers.
    fn take(&self) -> Option<u64> {
        if self.deadline.is_some_and(|d| Instant::now() >= d) || judge_sandbox::interrupted() {
            return None;
        }
        let k = self.next.fetch_add(1, Ordering::SeqCst);
        if self.cases.is_some_and(|n| k >= n) {
            return None;
        }
        Some(self.first.wrapping_add(k))
    }
}
