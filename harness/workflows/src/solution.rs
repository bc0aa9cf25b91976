//! What `cargo judge run` runs: `--cmd CMD` as given, or a source FILE, built
//! before any case runs.
//!
//! A FILE of a workspace problem (`problems/NAME/src/main.rs`, or one of its
//! `src/bin/*.rs`) is built by cargo as that crate's binary (release, or the
//! `checked` profile with `--checked`); any other file is compiled by its
//! extension with the language table `verify` uses (`package::program`: C, C++,
//! Python 3, Java, Rust), once, cached by content. Owns choosing between them and
//! the errors that stop before any case: a missing file, an unknown language, a
//! missing compiler; a compile error is the CE verdict, as a judge reports it.

use judge_engine::ext::*;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use judge_engine::build;
use judge_engine::package::program;
use judge_engine::shell::ShellCommand;
use judge_model::limits::Limits;
use judge_sandbox::RunSpec;

/// How to start the solution for one case.
pub type Start = Box<dyn Fn() -> RunSpec + Send + Sync>;

/// The solution `run` judges.
pub enum Solution {
    /// Built (or a command line): how to start it, and what it is, for the notes.
    Ready(Start, String),
    /// The source did not compile: the compiler's message.
    CompileError(String),
}

/// The solution for `run FILE` (`file`) or `run --cmd CMD` (`cmd`); `memory_mib`
/// is the problem's memory limit (a Java heap), `compile` the limits of each
/// build step of `file` (a package's `compilation_time` and
/// `compilation_memory`: spec/2025-09.md "Limits").
pub fn of(
    file: Option<&Path>,
    cmd: Option<&str>,
    checked: bool,
    memory_mib: u64,
    compile: Limits,
) -> Result<Solution> {
    match (file, cmd) {
        (Some(_), Some(_)) => bail!("give a source FILE or --cmd CMD, not both"),
        (None, None) => {
            bail!("nothing to judge: give a source FILE (C, C++, Python, Java, Rust) or --cmd CMD")
        }
        (None, Some(cmd)) => {
            if checked {
                bail!(
                    "--checked builds a workspace problem's source (cargo judge run \
                     problems/NAME/src/main.rs DIR --checked), not a --cmd"
                );
            }
            judge_engine::plan::check_program("--cmd", cmd)?;
            Ok(Solution::Ready(
                Box::new(ShellCommand::new(cmd).solution()),
                cmd.to_string(),
            ))
        }
        (Some(file), None) => {
            if !file.is_file() {
                bail!("{}: no such file", file.display());
            }
            if let Some((krate, bin)) = workspace_binary(file)? {
                return cargo_built(&krate, &bin, checked);
            }
            if checked {
                bail!(
                    "--checked builds a workspace problem's source (problems/NAME/src/main.rs); \
                     {} is not one",
                    file.display()
                );
            }
            compiled(file, memory_mib, compile)
        }
    }
}

/// The problem crate folder and binary name `file` is the source of, when it is
/// `src/main.rs` or `src/bin/X.rs` of a folder right under a `problems/` folder
/// with a Cargo.toml.
fn workspace_binary(file: &Path) -> Result<Option<(PathBuf, String)>> {
    let abs =
        std::path::absolute(file).with_context(|| format!("cannot resolve {}", file.display()))?;
    let stem = abs
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let parent = abs.parent().unwrap_or(Path::new("/"));
    let krate = if parent.ends_with("src") && stem == "main" {
        parent.parent()
    } else if parent.ends_with("src/bin") {
        parent.parent().and_then(Path::parent)
    } else {
        None
    };
    let Some(krate) = krate else { return Ok(None) };
    let in_problems = krate
        .parent()
        .is_some_and(|p| p.file_name().is_some_and(|n| n == "problems"));
    if !in_problems || !krate.join("Cargo.toml").is_file() {
        return Ok(None);
    }
    Ok(Some((krate.to_path_buf(), stem)))
}

/// The binary of the workspace problem in `krate` whose source stem is `stem`
/// (`main` is the solution), built by cargo.
fn cargo_built(krate: &Path, stem: &str, checked: bool) -> Result<Solution> {
    let mut ws = build::workspace()?;
    ws.checked = checked;
    let krate = krate.canonicalize().unwrap_or_else(|_| krate.to_path_buf());
    let problem = ws
        .problems
        .iter()
        .find(|p| p.dir.canonicalize().is_ok_and(|d| d == krate))
        .with_context(|| {
            format!(
                "{} is not a problem crate of the workspace",
                krate.display()
            )
        })?
        .clone();
    let target = if stem == "main" {
        problem.name.clone()
    } else {
        problem
            .bins
            .iter()
            .find(|(_, s)| s == stem)
            .map(|(t, _)| t.clone())
            .with_context(|| {
                format!("{} declares no binary from src/bin/{stem}.rs", problem.name)
            })?
    };
    let built = build::build_each(&ws, &[problem.name.as_str()], &[target.as_str()])?;
    if let Some(error) = built.failed.get(&problem.name) {
        return Ok(Solution::CompileError(error.clone()));
    }
    let exe = built
        .executables
        .get(&(problem.name.clone(), target.clone()))
        .with_context(|| format!("cargo built no binary {target}"))?
        .clone();
    let what = format!(
        "{target}, built by cargo ({})",
        if checked {
            "the checked profile: overflow checks, debug assertions"
        } else {
            "release"
        }
    );
    Ok(Solution::Ready(Box::new(move || RunSpec::new(&exe)), what))
}

/// `file` compiled by its language (or found compiled in the cache).
fn compiled(file: &Path, memory_mib: u64, compile: Limits) -> Result<Solution> {
    let Some(source) = judge_formats::program::source(file)? else {
        bail!(
            "{}: not a source file of a known language (.c, .cpp, .cc, .py, .java, .rs); \
             to run a program, give --cmd CMD",
            file.display()
        );
    };
    if let Some(tool) = source.lang.missing_tool() {
        bail!(
            "{}: {} needs {tool}, which is not installed",
            file.display(),
            source.lang.name()
        );
    }
    match program::build_own(&source, &[], memory_mib, compile) {
        Ok(built) => {
            let what = format!("{} ({})", file.display(), source.lang.name());
            Ok(Solution::Ready(Box::new(move || built.command()), what))
        }
        Err(e) => Ok(Solution::CompileError(format!("{e:#}"))),
    }
}
