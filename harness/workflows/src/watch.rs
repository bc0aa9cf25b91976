//! `cargo judge watch NAME`: judges the problem, then again after every save of
//! its sources (`problems/NAME/`) or testdata (`testdata/NAME/`), as cph does
//! inside an editor.
//!
//! Owns noticing changes and starting the judge: each round is this same judge
//! binary run as `judge NAME [OPTIONS]` (so a round is exactly `cargo judge
//! NAME`, and a crash of one round cannot end the watch). Changes are found by
//! polling the two folders' file names, sizes and modification times every
//! 300 ms with walkdir, already a dependency: a file-watching crate (notify and
//! its platform backends) would add to the first build of every user for two
//! small folders that polling reads in well under a millisecond. A burst of
//! writes (an editor's save, `cargo judge add`) is one round: the folders must
//! be still for 200 ms first.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, SystemTime};

use anyhow::{Context, Result};

use judge_engine::build;
use judge_report::watch::Round;

const POLL: Duration = Duration::from_millis(300);
const SETTLE: Duration = Duration::from_millis(200);

/// What `cargo judge watch NAME` watches.
#[derive(Debug, Clone)]
pub struct WatchOptions {
    /// The problem (crate name under problems/).
    pub problem: String,
    /// Options for each round, as `cargo judge NAME` takes them.
    pub judge_args: Vec<String>,
}

/// `cargo judge watch NAME`: how each round ended goes to `after_round`, before
/// the watch waits for the next save; it returns once Ctrl-C stops it.
pub fn watch(args: WatchOptions, after_round: &mut dyn FnMut(Round)) -> Result<()> {
    let ws = build::workspace()?;
    let problem = judge_engine::plan::problem(&ws, &args.problem)?;
    let folders = [problem.dir.clone(), ws.testdata().join(&args.problem)];
    let exe = std::env::current_exe().context("cannot find the judge's own executable")?;
    // The installed `cargo-judge` drops a first `judge` (cargo's): give it one, so
    // a problem called `judge` stays the problem.
    let installed = exe.file_name().is_some_and(|n| n == "cargo-judge");
    let mut seen = fingerprint(&folders);
    loop {
        let status = Command::new(&exe)
            .args(installed.then_some("judge"))
            .arg(&args.problem)
            .args(&args.judge_args)
            .current_dir(&ws.root)
            .status()
            .context("cannot start the judge")?;
        after_round(match status.code() {
            Some(0) => Round::Passed,
            Some(1) => Round::Failed,
            _ => Round::Broken,
        });
        loop {
            std::thread::sleep(POLL);
            if judge_sandbox::interrupted() {
                return Ok(());
            }
            let now = fingerprint(&folders);
            if now != seen {
                // Let a burst of writes finish.
                std::thread::sleep(SETTLE);
                seen = fingerprint(&folders);
                break;
            }
        }
    }
}

/// Every file under `folders` (but `target/`) with its size and modification time.
fn fingerprint(folders: &[PathBuf]) -> Vec<(PathBuf, u64, Option<SystemTime>)> {
    let mut files = Vec::new();
    for folder in folders {
        let walk = walkdir::WalkDir::new(folder)
            .into_iter()
            .filter_entry(|e| e.file_name() != "target" && !hidden(e.path()));
        for entry in walk.flatten() {
            if let Ok(meta) = entry.metadata()
                && meta.is_file()
            {
                files.push((entry.into_path(), meta.len(), meta.modified().ok()));
            }
        }
    }
    files.sort();
    files
}

/// Editors' swap and backup files (`.main.rs.swp`, `.#main.rs`) are no save.
fn hidden(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with('.'))
}
