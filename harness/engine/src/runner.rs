//! Running many jobs: workers in parallel, results handed on in job order.
//!
//! The runner knows nothing of presentation: it tells a [`Sink`] when a job starts
//! and when a result is ready (in the order of the jobs, as soon as it and all
//! before it are done), the way ripgrep's searcher feeds a `Sink` and never prints.
//! Verdicts are `judge`'s; what to run is the plan's.

use judge_sandbox::RunSpec;
use std::path::Path;

use crate::case;
use crate::pool::{Event, InOrder, Next, Pool, Queue};
use crate::programs::Programs;
use crate::task::Task;
use judge_model::judge::CaseResult;
use judge_model::problem::Settings;
use judge_model::sink::Sink;

/// Runs `tasks` on `threads` workers and hands each result to `sink` in job order.
/// Once a result satisfies `stop_after` (e.g. `--fail-fast`: not AC), or the sink
/// says stop, no new job starts; the jobs not run are left out of the results.
pub fn run_all(
    tasks: &[Task],
    threads: usize,
    stop_after: impl Fn(&CaseResult) -> bool + Sync,
    sink: &mut dyn Sink,
) -> Vec<CaseResult> {
    let (programs, of_job) = build_programs(tasks);
    let mut slots: Vec<Option<CaseResult>> = tasks.iter().map(|_| None).collect();
    let mut results = Vec::with_capacity(tasks.len());
    let mut listening = true;
    Pool::new(threads)
        .pinned()
        .announce_starts(sink.wants_started())
        .run(
            Cases(InOrder::until_failure(tasks.len())),
            |_| (),
            |(), i| {
                let r = case::judge_with(&tasks[i], &programs[of_job[i]]);
                let stop = stop_after(&r);
                (r, stop)
            },
            |event| {
                match event {
                    Event::Started(i) if listening => sink.started(i, &tasks[i].job),
                    Event::Finished(i, r) => {
                        slots[i] = Some(r);
                        while let Some(r) = slots.get_mut(results.len()).and_then(Option::take) {
                            if listening && !sink.finished(&r) {
                                // Nobody reads the rest: end the running solutions now
                                // rather than wait out their time limits (as Ctrl-C does).
                                listening = false;
                                judge_sandbox::interrupt();
                            }
                            results.push(r);
                        }
                    }
                    _ => {}
                }
                listening
            },
        );
    results
}

/// The build step: the programs of each distinct settings among `tasks` (a
/// problem's checker and interactor), built once before any case runs; and for
/// each task, which of them are its own.
fn build_programs(tasks: &[Task]) -> (Vec<Programs>, Vec<usize>) {
    let mut seen: Vec<&Settings> = Vec::new();
    let mut programs = Vec::new();
    let of_job = tasks
        .iter()
        .map(|Task { job, .. }| {
            if let Some(i) = seen.iter().position(|s| std::ptr::eq(*s, job.settings)) {
                return i;
            }
            seen.push(job.settings);
            programs.push(Programs::build(job.settings));
            programs.len() - 1
        })
        .collect();
    (programs, of_job)
}

/// The cases in order, none more after Ctrl-C: the running ones are killed by
/// their own poll loops and come back marked as interrupted.
struct Cases(InOrder);

impl Queue for Cases {
    fn next(&mut self) -> Next {
        if judge_sandbox::interrupted() {
            return Next::Done;
        }
        self.0.next()
    }

    fn finished(&mut self, i: usize, failed: bool) {
        self.0.finished(i, failed);
    }
}

/// The command that runs an executable directly, isolated, seeing nothing of the
/// judge's but itself.
pub fn exe_command(path: &Path) -> impl Fn() -> RunSpec + Send + Sync + use<> {
    let path = path.to_path_buf();
    move || RunSpec::new(&path)
}
