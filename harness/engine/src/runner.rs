//! Running many jobs: workers in parallel, results handed on in job order.
//!
//! The runner knows nothing of presentation: it tells a [`Sink`] when a job starts
//! and when a result is ready (in the order of the jobs, as soon as it and all
//! before it are done), the way ripgrep's searcher feeds a `Sink` and never prints.
//! Verdicts are `judge`'s; what to run is the plan's.

use std::path::Path;
use std::process::Command;

use crate::case;
use crate::judge::{CaseResult, Job};
use crate::pool::{Event, InOrder, Next, Pool, Queue};
use crate::problem::Settings;
use crate::shell::is_test_data;
pub use crate::shell::share_named_files;
pub use judge_model::sink::{Quiet, Sink};

/// Runs `jobs` on `threads` workers and hands each result to `sink` in job order.
/// Once a result satisfies `stop_after` (e.g. `--fail-fast`: not AC), or the sink
/// says stop, no new job starts; the jobs not run are left out of the results.
pub fn run_all(
    jobs: &[Job],
    threads: usize,
    stop_after: impl Fn(&CaseResult) -> bool + Sync,
    sink: &mut dyn Sink<Settings>,
) -> Vec<CaseResult> {
    let mut slots: Vec<Option<CaseResult>> = jobs.iter().map(|_| None).collect();
    let mut results = Vec::with_capacity(jobs.len());
    let mut listening = true;
    Pool::new(threads).run(
        Cases(InOrder::until_failure(jobs.len())),
        |_| (),
        |(), i| {
            let r = case::judge(&jobs[i]);
            let stop = stop_after(&r);
            (r, stop)
        },
        |event| {
            match event {
                Event::Started(i) if listening => sink.started(i, &jobs[i]),
                Event::Finished(i, r) => {
                    slots[i] = Some(r);
                    while let Some(r) = slots.get_mut(results.len()).and_then(Option::take) {
                        if listening && !sink.finished(&r) {
                            // Nobody reads the rest: end the running solutions now
                            // rather than wait out their time limits (as Ctrl-C does).
                            listening = false;
                            crate::sandbox::interrupt();
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

/// The cases in order, none more after Ctrl-C: the running ones are killed by
/// their own poll loops and come back marked as interrupted.
struct Cases(InOrder);

impl Queue for Cases {
    fn next(&mut self) -> Next {
        if crate::sandbox::interrupted() {
            return Next::Done;
        }
        self.0.next()
    }

    fn finished(&mut self, i: usize, failed: bool) {
        self.0.finished(i, failed);
    }
}

/// The command that runs an executable directly.
pub fn exe_command(path: &Path) -> impl Fn() -> Command + Send + Sync + use<> {
    let path = path.to_path_buf();
    move || Command::new(&path)
}

/// The command that runs a shell command line (`judge run --cmd`).
///
/// A command of plain words (no quotes, `$`, globs, redirections...) is run
/// directly, without a shell; another simple command is run with `exec`, so the
/// solution replaces the shell and its exit status, signal and CPU time are its
/// own; a compound one (with `;`, `&&`, pipes, ...) runs under the shell as written. Every case runs in a
/// fresh empty folder, so each word of the line that names an existing file or
/// folder relative to the caller's directory (`sol.py`, `./a.out`, `build/x`) is
/// made absolute first: `run --cmd "python3 sol.py" DIR` finds `sol.py` where the
/// user typed it. Those files and folders are also the ones an isolated run sees
/// of the caller's (read-only: the script, the class folder), except test data.
pub fn shell_command(line: &str) -> impl Fn() -> Command + Send + Sync + use<> {
    let (line, shared) = absolutize(line);
    // Plain words only (no quoting, expansion or assignment for a shell to do): run
    // the program itself, so not even a shell's pages count in its peak memory.
    let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    let plain = !words.is_empty()
        && !words[0].contains('=')
        && line.chars().all(|c| {
            c.is_ascii_alphanumeric()
                || c.is_ascii_whitespace() && c != '\n'
                || "/._+,:@%=-".contains(c)
        });
    let simple = !line.contains(|c| ";&|<>()$`\n".contains(c));
    let script = if simple {
        format!("exec {line}")
    } else {
        line.to_string()
    };
    move || {
        let mut c = if plain {
            let mut c = Command::new(&words[0]);
            c.args(&words[1..]);
            c
        } else {
            let mut c = Command::new("sh");
            c.arg("-c").arg(&script);
            c
        };
        for path in &shared {
            crate::sandbox::share(&mut c, path, crate::sandbox::Access::Code);
        }
        c
    }
}

/// `line` with each plain word that names an existing relative path replaced by
/// the absolute path (single-quoted when it needs quoting), and those paths (but
/// test data). Words with quotes, `$`, globs or a leading `-` are left to the shell.
fn absolutize(line: &str) -> (String, Vec<std::path::PathBuf>) {
    let Ok(here) = std::env::current_dir() else {
        return (line.to_string(), Vec::new());
    };
    let mut shared = Vec::new();
    let mut previous = "";
    let line = line
        .split(' ')
        .map(|word| {
            // Seen: the files named, and a folder only as a Java class path (a
            // folder may hold anything, test data included). An absolute path
            // (`python3 /home/me/sol.py`) stays as it is.
            let path = Path::new(word);
            let class_path = ["-cp", "-classpath", "--class-path"].contains(&previous);
            previous = word;
            let seen = |p: &Path| (p.is_file() || class_path && p.is_dir()) && !is_test_data(p);
            if word.starts_with('/') && seen(path) {
                shared.push(path.to_path_buf());
            }
            let plain = !word.is_empty()
                && !word.starts_with(['-', '/', '~'])
                && !word.contains(|c: char| "'\"$`*?[]{}()<>|&;=\\".contains(c));
            if plain && path.exists() {
                if seen(path) {
                    shared.push(here.join(path));
                }
                let abs = here.join(path).to_string_lossy().into_owned();
                if abs.contains(|c: char| !(c.is_ascii_alphanumeric() || "/._-+,:@%".contains(c))) {
                    format!("'{}'", abs.replace('\'', "'\\''"))
                } else {
                    abs
                }
            } else {
                word.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    (line, shared)
}
