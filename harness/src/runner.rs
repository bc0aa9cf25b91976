//! Running many jobs: workers in parallel, results handed on in job order.
//!
//! The runner knows nothing of presentation: it tells a [`Sink`] when a job starts
//! and when a result is ready (in the order of the jobs, as soon as it and all
//! before it are done), the way ripgrep's searcher feeds a `Sink` and never prints.
//! Verdicts are `judge`'s; what to run is the plan's.

use std::path::Path;
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::judge::{self, CaseResult, Job};

/// What the runner tells whoever watches it. Calls come from the thread that
/// called [`run_all`], never from a worker.
pub trait Sink {
    /// Job `index` (of `jobs`) has started on a worker.
    fn started(&mut self, _index: usize, _job: &Job) {}

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

enum Event {
    Started(usize),
    Finished,
}

/// Runs `jobs` on `threads` workers and hands each result to `sink` in job order.
/// Once a result satisfies `stop_after` (e.g. `--fail-fast`: not AC), or the sink
/// says stop, no new job starts; the jobs not run are left out of the results.
pub fn run_all(
    jobs: &[Job],
    threads: usize,
    stop_after: impl Fn(&CaseResult) -> bool + Sync,
    sink: &mut dyn Sink,
) -> Vec<CaseResult> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let slots: Vec<Mutex<Option<CaseResult>>> = jobs.iter().map(|_| Mutex::new(None)).collect();
    let (tx, rx) = std::sync::mpsc::channel::<Event>();
    let mut results = Vec::with_capacity(jobs.len());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let tx = tx.clone();
            let (next, stop, slots, stop_after) = (&next, &stop, &slots, &stop_after);
            scope.spawn(move || {
                loop {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(job) = jobs.get(i) else { break };
                    let _ = tx.send(Event::Started(i));
                    let r = judge::judge(job);
                    if stop_after(&r) {
                        stop.store(true, Ordering::SeqCst);
                    }
                    *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(r);
                    if tx.send(Event::Finished).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut handed = 0;
        let mut listening = true;
        for event in rx {
            let Event::Finished = event else {
                if let (Event::Started(i), true) = (event, listening) {
                    sink.started(i, &jobs[i]);
                }
                continue;
            };
            while handed < jobs.len() {
                let Some(r) = slots[handed]
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .take()
                else {
                    break;
                };
                if listening && !sink.finished(&r) {
                    listening = false;
                    stop.store(true, Ordering::SeqCst);
                }
                results.push(r);
                handed += 1;
            }
        }
    });
    results
}

/// The command that runs an executable directly.
pub fn exe_command(path: &Path) -> impl Fn() -> Command + Send + Sync + use<> {
    let path = path.to_path_buf();
    move || Command::new(&path)
}

/// The command that runs a shell command line (`judge run --cmd`).
///
/// A simple command is run with `exec`, so the solution replaces the shell and its
/// exit status, signal, CPU time and memory are its own; a compound one (with
/// `;`, `&&`, pipes, ...) runs under the shell as written.
pub fn shell_command(line: &str) -> impl Fn() -> Command + Send + Sync + use<> {
    let simple = !line.contains(|c| ";&|<>()$`\n".contains(c));
    let line = if simple {
        format!("exec {line}")
    } else {
        line.to_string()
    };
    move || {
        let mut c = Command::new("sh");
        c.arg("-c").arg(&line);
        c
    }
}
