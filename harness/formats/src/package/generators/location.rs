//! Where a package's generated data is kept, named by what it is made from, so
//! that a second run finds it made and a changed generator makes it anew; and
//! which submission answers the cases when generators.yaml names none.
//!
//! The data goes under the cargo workspace's `target/` when the package is
//! inside a workspace (`target/generated/KEY/data/`), else under the judge's
//! cache (`~/.cache/cp-games/generated/KEY/data/`): never into the package,
//! unless `cargo judge generate --write` is asked to (as `bt generate` does).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use super::{Generators, Solution, sha512};
use crate::program::{self, CanBuild};
use judge_model::program::Lang;

/// The folder holding the generated `data/` of the package at `dir`, whether
/// or not it has been made yet, on a machine that builds what `can_build` says.
pub fn folder(dir: &Path, generators: &Generators, can_build: CanBuild) -> Result<PathBuf> {
    let key = key(dir, generators, can_build)?;
    Ok(base(dir).join("generated").join(key))
}

/// The workspace's `target/` (`CARGO_TARGET_DIR` when set) for a package inside
/// a cargo workspace, else the judge's cache folder.
fn base(dir: &Path) -> PathBuf {
    let abs = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
    let workspace = abs.ancestors().find(|a| {
        std::fs::read_to_string(a.join("Cargo.toml")).is_ok_and(|t| t.contains("[workspace]"))
    });
    match workspace {
        Some(root) => match std::env::var_os("CARGO_TARGET_DIR") {
            Some(t) => PathBuf::from(t),
            None => root.join("target"),
        },
        None => program::cache_dir(),
    }
}

/// The content key: problem.yaml, everything under generators/ (the
/// generators and the files `copy:` takes, which are relative to it) and the
/// solution that writes the answers. Not data/: what `bt generate` or
/// `--write` put there must not make the data anew.
fn key(dir: &Path, generators: &Generators, can_build: CanBuild) -> Result<String> {
    let mut files: Vec<PathBuf> = vec![dir.join("problem.yaml")];
    files.extend(tree(&dir.join("generators")));
    let mut solutions: Vec<&Solution> = generators.cases.iter().map(|r| &r.solution).collect();
    solutions.dedup();
    for solution in solutions {
        let solution = match solution {
            Solution::Given(p) => Some(dir.join(p)),
            Solution::Default => default_solution(dir, can_build),
            Solution::Nothing => None,
        };
        if let Some(s) = solution {
            let more = if s.is_dir() { tree(&s) } else { vec![s] };
            for f in more {
                if !files.contains(&f) {
                    files.push(f);
                }
            }
        }
    }
    let mut all = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(dir).unwrap_or(f);
        all.extend_from_slice(rel.to_string_lossy().as_bytes());
        all.push(0);
        let bytes = std::fs::read(f).with_context(|| format!("cannot read {}", f.display()))?;
        all.extend_from_slice(sha512::hex(&bytes).as_bytes());
        all.push(0);
    }
    // The format of what is kept: a change here makes every entry anew.
    all.extend_from_slice(b"cp-games generate 1");
    Ok(sha512::hex(&all)[..32].to_string())
}

/// Every file under `dir`, sorted (none when it is missing).
fn tree(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .collect();
    files.sort();
    files
}

/// The submission that answers the cases when generators.yaml names no
/// `solution`: an accepted one (BAPCtools picks one at random and remembers it;
/// any accepted answer is right, so this takes the first of the fastest
/// languages this machine can build, for the same answers every time).
pub fn default_solution(dir: &Path, can_build: CanBuild) -> Option<PathBuf> {
    let accepted = dir.join("submissions").join("accepted");
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&accepted)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| program::valid_name(&n.to_string_lossy()))
        })
        .collect();
    entries.sort();
    let rank = |p: &PathBuf| -> Option<usize> {
        let source = program::source(p).ok()??;
        if !can_build(source.lang) {
            return None;
        }
        Some(match source.lang {
            Lang::Cpp | Lang::C | Lang::Rust => 0,
            Lang::Java | Lang::Kotlin | Lang::Go => 1,
            _ => 2,
        })
    };
    let mut ranked: Vec<(usize, PathBuf)> = entries
        .into_iter()
        .filter_map(|p| rank(&p).map(|r| (r, p)))
        .collect();
    ranked.sort();
    ranked.into_iter().next().map(|(_, p)| p)
}
