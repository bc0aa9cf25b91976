//! The workspace's problems and their executables, as cargo describes them.
//!
//! Owns `cargo metadata` (which packages are problems, which binaries they have)
//! and `cargo build --release --message-format=json` (where the executables are),
//! so no path under `target/` is ever guessed.

use std::collections::BTreeMap;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::cargo_json::{self, Message, Metadata};
use anyhow::{Context, Result, bail};

/// A problem crate: `problems/<name>/` in the workspace.
#[derive(Debug, Clone)]
pub struct Problem {
    /// Package name, also the solution binary's name.
    pub name: String,
    /// The crate's folder.
    pub dir: PathBuf,
    /// Its binaries: (target name, file stem of the source), e.g. `("foo-brute", "brute")`.
    pub bins: Vec<(String, String)>,
}

/// The workspace as the judge sees it.
#[derive(Debug, Clone)]
pub struct Workspace {
    /// The workspace root (holds `Cargo.toml`, `problems/`, `testdata/`).
    pub root: PathBuf,
    /// The problem crates, sorted by name.
    pub problems: Vec<Problem>,
    /// Package names by cargo's package id, to read build messages.
    package_ids: BTreeMap<String, String>,
    /// Build the programs with the [`CHECKED_PROFILE`] (overflow checks and debug
    /// assertions) instead of release (`--checked`).
    pub checked: bool,
}

/// The profile of `--checked` builds, defined in the workspace's Cargo.toml:
/// release with overflow checks and debug assertions, in its own folder under
/// target/, so the release binaries are never rebuilt or replaced by it.
pub const CHECKED_PROFILE: &str = "checked";

impl Workspace {
    /// `testdata/` under the root.
    pub fn testdata(&self) -> PathBuf {
        self.root.join("testdata")
    }

    /// The problem called `name`.
    pub fn problem(&self, name: &str) -> Option<&Problem> {
        self.problems.iter().find(|p| p.name == name)
    }

    /// The problem whose crate folder or testdata folder holds the current folder:
    /// what `cargo judge` and `lint` without names take there, as cargo in a
    /// member's folder takes that package (`cd problems/cf1a && cargo judge`).
    pub fn problem_here(&self) -> Option<String> {
        self.problems
            .iter()
            .find(|p| here_within(&p.dir) || here_within(&self.testdata().join(&p.name)))
            .map(|p| p.name.clone())
    }
}

/// `name`, or when it is empty the problem of the current folder
/// ([`Workspace::problem_here`]); else an error saying how to name one.
pub fn named_or_here(name: String, command: &str) -> Result<String> {
    if !name.is_empty() {
        return Ok(name);
    }
    workspace()?.problem_here().with_context(|| {
        format!(
            "which problem? `cargo judge {command} NAME`, or run it in the problem's folder \
             (problems/NAME/ or testdata/NAME/)"
        )
    })
}

/// Whether the current folder is `dir` or inside it (links resolved).
pub fn here_within(dir: &Path) -> bool {
    let Ok(here) = std::env::current_dir() else {
        return false;
    };
    let here = here.canonicalize().unwrap_or(here);
    dir.canonicalize().is_ok_and(|dir| here.starts_with(dir))
}

/// The cargo that ran us (`cargo judge` sets `CARGO`), else the one on PATH.
pub fn cargo() -> PathBuf {
    std::env::var_os("CARGO").map_or_else(|| PathBuf::from("cargo"), PathBuf::from)
}

/// Reads the workspace around the current directory with `cargo metadata`.
pub fn workspace() -> Result<Workspace> {
    let metadata = Metadata::load(&cargo())
        .context("cannot read the Cargo workspace (`cargo judge NAME` judges problems/NAME/ of the workspace around the current folder; `cargo judge run FILE DIR` works in any folder)")?;
    let root = metadata.workspace_root.clone();
    let problems_dir = root.join("problems");
    let mut problems: Vec<Problem> = metadata
        .workspace_packages()
        .into_iter()
        .filter(|p| p.manifest_path.starts_with(&problems_dir))
        .map(|p| Problem {
            name: p.name.clone(),
            dir: p
                .manifest_path
                .parent()
                .map_or_else(|| root.clone(), Path::to_path_buf),
            bins: p
                .targets
                .iter()
                .filter(|t| t.is_bin())
                .map(|t| {
                    (
                        t.name.clone(),
                        t.src_path
                            .file_stem()
                            .unwrap_or_default()
                            .to_string_lossy()
                            .into_owned(),
                    )
                })
                .collect(),
        })
        .collect();
    problems.sort_by(|a, b| a.name.cmp(&b.name));
    let package_ids = metadata
        .workspace_packages()
        .iter()
        .map(|p| (p.id.clone(), p.name.clone()))
        .collect();
    Ok(Workspace {
        root,
        problems,
        package_ids,
        checked: false,
    })
}

/// Executables by (package, binary) name.
pub type Executables = BTreeMap<(String, String), PathBuf>;

/// What one `cargo build` made: executables of the packages that compiled, and the
/// first compiler error of each one that did not.
#[derive(Debug, Default)]
pub struct CargoBuild {
    /// Executables by (package, binary).
    pub executables: Executables,
    /// Packages that did not compile, with their first error as rustc rendered it
    /// (without colours), and a line saying how many more there were.
    pub failed: BTreeMap<String, String>,
}

impl CargoBuild {
    /// Takes one of cargo's compiler messages: a problem's error is kept for its CE
    /// result, the one place it is shown (it was shown twice: as cargo streamed it,
    /// then under the verdict), and so is the note that goes with it (`For more
    /// information about this error, try rustc --explain`); anything else (a
    /// warning, an error of a package that is no problem, such as the library) is
    /// returned to be shown as cargo streams it. `more` counts the errors after a
    /// package's first.
    fn take(
        &mut self,
        workspace: &Workspace,
        message: &cargo_json::CompilerMessage,
        more: &mut BTreeMap<String, usize>,
    ) -> Option<String> {
        let rendered = message.message.rendered.clone().unwrap_or_default();
        let Some(package) = workspace.package_ids.get(&message.package_id) else {
            return Some(rendered);
        };
        if message.message.is_error() {
            if self.failed.contains_key(package) {
                *more.entry(package.clone()).or_default() += 1;
            } else {
                let plain = anstream::adapter::strip_str(&rendered).to_string();
                self.failed.insert(package.clone(), plain);
            }
            return None;
        }
        let after_an_error = self.failed.contains_key(package);
        (!(after_an_error && message.message.level == "failure-note")).then_some(rendered)
    }

    /// Says before each failed package's first error how many it had, when it had
    /// more (first: the report may cut a long error short).
    fn count_more(&mut self, more: &BTreeMap<String, usize>) {
        for (package, n) in more {
            if let Some(error) = self.failed.get_mut(package) {
                *error = format!(
                    "the first of {} errors (`cargo build --release -p {package}` shows every one):\n{error}",
                    n + 1
                );
            }
        }
    }
}

/// The host's target triple, where the judge knows how to link programs statically.
const STATIC_HOST: Option<&str> = if cfg!(all(target_os = "linux", target_env = "gnu")) {
    if cfg!(target_arch = "x86_64") {
        Some("x86_64-unknown-linux-gnu")
    } else if cfg!(target_arch = "aarch64") {
        Some("aarch64-unknown-linux-gnu")
    } else {
        None
    }
} else {
    None
};

/// The arguments that make the judge's builds static, non-PIE executables, or none.
///
/// A dynamically linked Rust program spends most of a small case starting up: ld.so
/// maps and relocates libc and libgcc_s, ~87 page faults; static and non-PIE it is 52
/// (BENCHMARKS.md, "Stress": 1.1-1.3 ms of CPU per exec against 0.6-0.9 ms), and stress
/// execs three programs per case. The flags go to `target.HOST.rustflags` with an
/// explicit `--target HOST`, so cargo keeps these builds in `target/HOST/release`
/// (a user's own `cargo build --release` is not rebuilt by them, nor they by it) and
/// applies them to the programs only, never to build scripts and proc macros (which
/// cannot be static). Only where glibc's static library is installed (`cc` finds
/// `libc.a`), and not when `RUSTFLAGS` is set: cargo would ignore the flags then, and
/// the user asked for their own.
fn static_linking() -> Vec<String> {
    static ARGS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    ARGS.get_or_init(|| {
        let Some(host) = STATIC_HOST else {
            return Vec::new();
        };
        if ["RUSTFLAGS", "CARGO_ENCODED_RUSTFLAGS"]
            .iter()
            .any(|k| std::env::var_os(k).is_some())
        {
            return Vec::new();
        }
        let libc = Command::new("cc")
            .arg("-print-file-name=libc.a")
            .stderr(Stdio::null())
            .output();
        // Without it, `cc` prints the bare name back.
        let found = libc.is_ok_and(|o| {
            o.status.success() && Path::new(String::from_utf8_lossy(&o.stdout).trim()).is_absolute()
        });
        if !found {
            return Vec::new();
        }
        vec![
            "--target".to_string(),
            host.to_string(),
            "--config".to_string(),
            format!(
                "target.{host}.rustflags=[\"-C\", \"target-feature=+crt-static\", \"-C\", \"relocation-model=static\"]"
            ),
        ]
    })
    .clone()
}

/// Builds every binary of `packages` in release and returns where cargo put them;
/// any package that does not compile fails the whole call, with its first error.
pub fn build(workspace: &Workspace, packages: &[&str]) -> Result<Executables> {
    let built = build_each(workspace, packages, &[])?;
    if let Some((package, error)) = built.failed.iter().next() {
        bail!("{package} does not compile:\n{}", error.trim_end());
    }
    Ok(built.executables)
}

/// Builds the binaries `bins` of `packages` (every binary of them when `bins` is
/// empty) in release with `--keep-going`, so one package that does not compile
/// leaves the others built. Cargo's diagnostics are printed to our stderr as rustc
/// rendered them, except a problem's errors, which are its CE result's
/// ([`CargoBuild::failed`]); an error is only returned when cargo itself could not
/// run or failed without a compiler error to show for it.
pub fn build_each(workspace: &Workspace, packages: &[&str], bins: &[&str]) -> Result<CargoBuild> {
    let mut command = Command::new(cargo());
    command
        .current_dir(&workspace.root)
        .args([
            "build",
            "--keep-going",
            "--message-format=json-diagnostic-rendered-ansi",
        ])
        .args(if workspace.checked {
            &["--profile", CHECKED_PROFILE][..]
        } else {
            &["--release"][..]
        })
        .stdout(Stdio::piped())
        // Through the launcher's filter: a build with nothing to do prints nothing
        // (no `Finished` line on every warm `cargo judge`), a real one shows
        // cargo's progress as on a terminal.
        .stderr(Stdio::piped());
    judge_launcher::as_on_terminal(&mut command);
    command.args(static_linking());
    for p in packages {
        command.args(["--package", p]);
    }
    if bins.is_empty() {
        command.arg("--bins");
    }
    for b in bins {
        command.args(["--bin", b]);
    }
    let mut child = command.spawn().context("cannot start cargo build")?;
    let forward = judge_launcher::forward(child.stderr.take().expect("stderr was piped"));
    let stdout = child.stdout.take().expect("stdout was piped");
    let mut built = CargoBuild::default();
    let mut more = BTreeMap::new();
    let mut stderr = anstream::stderr();
    for message in cargo_json::messages(BufReader::new(stdout)) {
        match message.context("cannot read cargo's messages")? {
            Message::CompilerArtifact(artifact) => {
                if let (Some(exe), Some(package)) = (
                    artifact.executable,
                    workspace.package_ids.get(&artifact.package_id),
                ) {
                    built
                        .executables
                        .insert((package.clone(), artifact.target.name), exe);
                }
            }
            Message::CompilerMessage(msg) => {
                if let Some(shown) = built.take(workspace, &msg, &mut more) {
                    let _ = std::io::Write::write_all(&mut stderr, shown.as_bytes());
                }
            }
            _ => {}
        }
    }
    built.count_more(&more);
    let status = child.wait().context("cargo build did not finish")?;
    let _ = forward.join();
    if !status.success() && built.failed.is_empty() {
        bail!("cargo build failed ({status}); see cargo's messages above");
    }
    Ok(built)
}
