//! The package programs an imported problem keeps: its input validators, which
//! become the problem's `NAME-validate` binary (run by `lint`, `stress` and
//! `bless`, exit 0 = valid), and one accepted submission, which becomes its
//! `NAME-brute` (the reference `stress` compares the solution with).
//!
//! Both are copied into the crate's `package/` folder and built by the crate's
//! own build.rs into the binaries (a sandboxed run sees its binary and nothing
//! of the workspace), in C, C++ or Python, the languages a package's
//! validators are written in nearly always; others are left out, and said.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use judge_formats::package::Package;
use judge_model::program::Lang;
use judge_report::import::Kept;

const BUILD: &str = include_str!("../../template/imported/build.rs.tmpl");
const RUN: &str = include_str!("../../template/imported/run.rs.tmpl");
const VALIDATE: &str = include_str!("../../template/imported/validate.rs.tmpl");
const BRUTE: &str = include_str!("../../template/imported/brute.rs.tmpl");

/// Whether the validate/brute binaries can carry a program of `lang`.
fn carried(lang: Lang) -> bool {
    matches!(lang, Lang::C | Lang::Cpp | Lang::Python)
}

/// Keeps `package`'s input validators and a reference submission in the new
/// crate at `dir` (named `name`, titled `title`).
pub fn keep(package: &Package, dir: &Path, name: &str, title: &str) -> Result<Kept> {
    let mut kept = Kept::default();
    let keep_dir = dir.join("package");
    for v in &package.input_validators {
        if !carried(v.lang) {
            kept.skipped.push(format!("{} ({})", v.name, v.lang.name()));
            continue;
        }
        let folder = keep_dir.join("input_validators");
        std::fs::create_dir_all(&folder)
            .with_context(|| format!("cannot create {}", folder.display()))?;
        crate::import::copy_tree(&v.path, &folder.join(&v.name))?;
        kept.validators.push(v.name.clone());
    }
    if let Some(reference) = reference(&package.root) {
        let file = reference.file_name().unwrap_or_default();
        let to = keep_dir.join("reference");
        std::fs::create_dir_all(&to).with_context(|| format!("cannot create {}", to.display()))?;
        std::fs::copy(&reference, to.join(file))
            .with_context(|| format!("cannot copy {}", reference.display()))?;
        let rel = reference
            .strip_prefix(package.root.join("submissions"))
            .unwrap_or(&reference);
        kept.reference = Some(rel.display().to_string());
    }
    if kept.validators.is_empty() && kept.reference.is_none() {
        return Ok(kept);
    }
    let fill = |t: &str| {
        t.replace("{{name}}", name)
            .replace("{{title_doc}}", title)
            .replace(
                "{{reference}}",
                kept.reference
                    .as_deref()
                    .and_then(|r| r.rsplit('/').next())
                    .unwrap_or(""),
            )
    };
    write(&dir.join("build.rs"), &fill(BUILD))?;
    write(&keep_dir.join("run.rs"), &fill(RUN))?;
    std::fs::create_dir_all(keep_dir.join("input_validators"))
        .and_then(|()| std::fs::create_dir_all(keep_dir.join("reference")))
        .with_context(|| format!("cannot create {}", keep_dir.display()))?;
    if !kept.validators.is_empty() {
        write(&dir.join("src/bin/validate.rs"), &fill(VALIDATE))?;
    }
    if kept.reference.is_some() {
        write(&dir.join("src/bin/brute.rs"), &fill(BRUTE))?;
    }
    manifest(dir, name, !kept.validators.is_empty())?;
    Ok(kept)
}

/// An accepted submission that is one C++, C or Python file (in that order of
/// preference: the fastest reference for `stress`).
fn reference(root: &Path) -> Option<PathBuf> {
    let dir = root.join("submissions").join("accepted");
    let mut files: Vec<(usize, PathBuf)> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .filter_map(|p| {
            let rank = match judge_formats::program::lang_of_file(&p)? {
                Lang::Cpp => 0,
                Lang::C => 1,
                Lang::Python => 2,
                _ => return None,
            };
            Some((rank, p))
        })
        .collect();
    files.sort();
    files.into_iter().next().map(|(_, p)| p)
}

/// The crate's Cargo.toml with the build script and, when there are
/// validators, the `NAME-validate` binary.
fn manifest(dir: &Path, name: &str, validate: bool) -> Result<()> {
    let path = dir.join("Cargo.toml");
    let mut text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let default_run = format!("default-run = \"{name}\"\n");
    text = text.replacen(
        &default_run,
        &format!(
            "{default_run}# Builds the package's input validators and reference solution into\n\
             # the validate and brute binaries (package/).\nbuild = \"build.rs\"\n"
        ),
        1,
    );
    // The plain template may declare the binary already (as a stub to write).
    if validate && !text.contains(&format!("name = \"{name}-validate\"")) {
        let block = format!(
            "\n# The package's input validators (package/input_validators/): lint, stress and\n\
             # bless run it on every input; exit 0 = valid.\n\
             [[bin]]\nname = \"{name}-validate\"\npath = \"src/bin/validate.rs\"\ntest = false\n"
        );
        let at = text.find("\n[[test]]").unwrap_or(text.len());
        text.insert_str(at, &block);
    }
    write(&path, &text)
}

fn write(path: &Path, text: &str) -> Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
    }
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}
