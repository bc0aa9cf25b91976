//! Running a package's static validator (spec/2025-09.md "Static validator")
//! on one submission: `static_validator LANGUAGE ENTRY_POINT FEEDBACK_DIR/
//! [static_validator_args]`, in a working folder holding the submission's
//! files; 42 accepts, 43 rejects, anything else is a judge error, and an
//! accepted case may carry a `score.txt` or `score_multiplier.txt`. The test
//! cases are read by `judge_formats::package::static_validation`.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::package::program::Built;
use crate::passes;
use crate::run;
use judge_formats::package::static_validation::{StaticCase, StaticResult};
use judge_formats::program;
use judge_model::judge::{CaseScore, Verdict};
use judge_model::limits::Limits;
use judge_model::program::Source;
use judge_sandbox::Exit;

/// Runs the built static validator `built` on the submission `source` for
/// `case` under `limits` (the package's `validation_*` limits);
/// `code` is the submission's language code (spec/languages.md).
pub fn check(
    built: &Built,
    source: &Source,
    code: &str,
    case: &StaticCase,
    limits: &Limits,
) -> StaticResult {
    let name = case.name();
    match run_once(built, source, code, case, limits) {
        Ok((verdict, score, message)) => StaticResult {
            name,
            verdict,
            score,
            message,
        },
        Err(e) => StaticResult {
            name,
            verdict: Verdict::ERR,
            score: None,
            message: format!("{e:#}"),
        },
    }
}

fn run_once(
    built: &Built,
    source: &Source,
    code: &str,
    case: &StaticCase,
    limits: &Limits,
) -> Result<(Verdict, Option<CaseScore>, String)> {
    let work = Scratch::new()?;
    let files = work.0.join("files");
    let base = program::folder(source);
    for f in &source.all_files {
        let to = files.join(f.strip_prefix(&base).unwrap_or(f));
        if let Some(p) = to.parent() {
            std::fs::create_dir_all(p)?;
        }
        std::fs::copy(f, &to).with_context(|| format!("cannot copy {}", f.display()))?;
    }
    let feedback = work.0.join("feedback");
    std::fs::create_dir_all(&feedback)?;
    // The entry point: the file a run starts from (the format leaves its form
    // to the language: "a filename, class name, or some other identifier").
    let entry = source
        .files
        .first()
        .and_then(|f| f.strip_prefix(&base).ok())
        .map_or_else(|| source.name.clone(), |f| f.to_string_lossy().into_owned());
    let mut command = built.command();
    command
        .arg(code)
        .arg(&entry)
        .arg(format!("{}/", feedback.display()))
        .args(&case.args)
        .current_dir(&files);
    command.share(&files, judge_sandbox::Access::Read);
    command.share(&feedback, judge_sandbox::Access::Write);
    let ran = run::run_writing(
        command,
        Path::new("/dev/null"),
        limits,
        crate::package::validator::FEEDBACK_FILES,
    )
    .context("cannot run the static validator")?;
    let message = passes::read_small(&feedback.join("judgemessage.txt")).unwrap_or_default();
    Ok(match ran.exit {
        Exit::Code(42) => (Verdict::AC, passes::score(&feedback)?, message),
        Exit::Code(43) => (Verdict::WA, None, message),
        other => anyhow::bail!("the static validator failed ({other}; 42 accepts, 43 rejects)"),
    })
}

/// A folder of one run, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Scratch> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("cp-games-static-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create {}", dir.display()))?;
        Ok(Scratch(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
