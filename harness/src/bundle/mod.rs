//! `cargo judge bundle`: one std-only file per solution, ready to paste into an
//! online judge, and the plain `rustc` build that proves it compiles there.
//!
//! A bundle is the solution's `src/main.rs` verbatim, followed by each workspace
//! library it depends on as a root module, `pub mod contest { pub mod NAME { ... } }`,
//! holding only the library modules the solution uses, transitively (through
//! `super::NAME` paths and the root's re-exports), with `///` and `//!` lines and
//! `#[cfg(test)]` items dropped. The approach is tokens and lines, not a Rust parser:
//! the library contract (docs/bundling.md) keeps the library's shape simple enough
//! (`lib.rs` of `pub mod` and `pub use` lines, one file per module, `super::` paths,
//! no macros), and `inline` refuses, with file and line, whatever breaks it.
//!
//! This module owns finding the files (`cargo metadata`), writing
//! `target/bundle/NAME.rs`, and compiling a bundle with `rustc --edition 2021 -O` in
//! a scratch folder outside the workspace. Judging a bundle's binary is the judge's.

mod inline;
mod lex;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::cargo_json::{Metadata, Package};
use anyhow::{Context, Result, bail};

use crate::status::Status;

pub use inline::Refusal;

/// Codeforces' source size limit, the strictest of the judges a bundle is for.
pub const SIZE_LIMIT: usize = 64 * 1024;

/// The edition a bundle is compiled as (what contest judges run).
pub const EDITION: &str = "2021";

/// A workspace library as the bundler sees it.
#[derive(Debug, Clone)]
struct Library {
    /// The name code uses for it (its lib target's name).
    code: String,
    /// Its `lib.rs`.
    root: PathBuf,
    /// Code names of the workspace libraries it depends on.
    libraries: Vec<String>,
    /// Its dependencies from outside the workspace, which bundling it refuses.
    foreign: Vec<String>,
    /// Its manifest, for messages.
    manifest: PathBuf,
}

/// A problem's solution as the bundler sees it.
#[derive(Debug, Clone)]
struct Solution {
    main: PathBuf,
    libraries: Vec<String>,
    foreign: Vec<String>,
    edition: String,
}

/// The workspace's solutions and libraries, read once with `cargo metadata`.
#[derive(Debug)]
pub struct Sources {
    root: PathBuf,
    target: PathBuf,
    solutions: BTreeMap<String, Solution>,
    libraries: BTreeMap<String, Library>,
}

/// A bundle written to disk.
#[derive(Debug, Clone)]
pub struct Bundle {
    /// The problem.
    pub problem: String,
    /// `target/bundle/NAME.rs`.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: usize,
    /// The library modules inlined, by library, in the order they appear.
    pub modules: Vec<(String, Vec<String>)>,
    /// A note for the user (e.g. the crate's edition differs), if any.
    pub note: Option<String>,
}

impl Bundle {
    /// `target/bundle/NAME.rs (12.3 KiB; contest: out, scan)`, the path relative
    /// to `root` when it lies inside it.
    pub fn line(&self, root: &Path) -> String {
        let libs = if self.modules.is_empty() {
            "std only, no library".to_string()
        } else {
            self.modules
                .iter()
                .map(|(lib, mods)| format!("{lib}: {}", mods.join(", ")))
                .collect::<Vec<_>>()
                .join("; ")
        };
        format!(
            "{} ({:.1} KiB; {libs})",
            shown(&self.path, root),
            self.bytes as f64 / 1024.0
        )
    }
}

/// `path` relative to `root` if it lies inside it.
fn shown(path: &Path, root: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The code name of a dependency: its rename, else its lib target's name.
fn code_name(name: &str) -> String {
    name.replace('-', "_")
}

impl Sources {
    /// Reads the workspace around the current directory.
    pub fn load() -> Result<Sources> {
        let metadata = Metadata::load(&crate::build::cargo())
            .context("cannot read the cargo workspace (run inside the cp-games workspace)")?;
        let root = metadata.workspace_root.clone();
        let target = metadata.target_directory.clone();
        let packages = metadata.workspace_packages();
        let lib_of = |p: &Package| {
            p.targets
                .iter()
                .find(|t| t.is_lib())
                .map(|t| (t.name.clone(), t.src_path.clone()))
        };
        // Workspace packages by manifest folder: a path dependency is one of them
        // (cargo makes every path dependency inside the workspace a member).
        let by_dir: BTreeMap<PathBuf, &Package> = packages
            .iter()
            .filter_map(|p| Some((p.manifest_path.parent()?.to_path_buf(), *p)))
            .collect();
        let deps = |p: &Package| {
            let (mut libraries, mut foreign) = (Vec::new(), Vec::new());
            for d in p.dependencies.iter().filter(|d| d.is_normal()) {
                let local = d
                    .path
                    .as_ref()
                    .and_then(|path| by_dir.get(path))
                    .and_then(|q| lib_of(q));
                match local {
                    Some((lib, _)) => {
                        libraries.push(code_name(d.rename.as_deref().unwrap_or(&lib)))
                    }
                    None => foreign.push(code_name(d.rename.as_deref().unwrap_or(&d.name))),
                }
            }
            (libraries, foreign)
        };
        let mut libraries = BTreeMap::new();
        for p in &packages {
            if let Some((lib, path)) = lib_of(p) {
                let (libs, foreign) = deps(p);
                let code = code_name(&lib);
                libraries.insert(
                    code.clone(),
                    Library {
                        code,
                        root: path,
                        libraries: libs,
                        foreign,
                        manifest: p.manifest_path.clone(),
                    },
                );
            }
        }
        let problems = root.join("problems");
        let mut solutions = BTreeMap::new();
        for p in packages
            .iter()
            .filter(|p| p.manifest_path.starts_with(&problems))
        {
            let Some(bin) = p.targets.iter().find(|t| t.is_bin() && t.name == p.name) else {
                continue;
            };
            let (libs, foreign) = deps(p);
            solutions.insert(
                p.name.clone(),
                Solution {
                    main: bin.src_path.clone(),
                    libraries: libs,
                    foreign,
                    edition: p.edition.clone(),
                },
            );
        }
        Ok(Sources {
            root,
            target,
            solutions,
            libraries,
        })
    }

    /// The workspace root.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Every problem with a solution, sorted.
    pub fn problems(&self) -> Vec<String> {
        self.solutions.keys().cloned().collect()
    }

    /// Where a problem's bundle goes: `target/bundle/NAME.rs`.
    pub fn path(&self, problem: &str) -> PathBuf {
        self.target.join("bundle").join(format!("{problem}.rs"))
    }

    /// Bundles `problem` and writes `target/bundle/NAME.rs`.
    pub fn write(&self, problem: &str) -> Result<Bundle> {
        let (text, modules, note) = self.text(problem)?;
        let path = self.path(problem);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
        }
        std::fs::write(&path, &text).with_context(|| format!("cannot write {}", path.display()))?;
        Ok(Bundle {
            problem: problem.to_string(),
            path,
            bytes: text.len(),
            modules,
            note,
        })
    }

    fn shown(&self, path: &Path) -> String {
        shown(path, &self.root)
    }

    fn read(&self, path: &Path) -> Result<String> {
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", self.shown(path)))
    }

    /// The bundle's text, the modules it holds, and a note.
    #[allow(clippy::type_complexity)] // a private helper's one tuple
    fn text(&self, problem: &str) -> Result<(String, Vec<(String, Vec<String>)>, Option<String>)> {
        let Some(solution) = self.solutions.get(problem) else {
            bail!(
                "unknown problem \"{problem}\" (the workspace has: {})",
                self.problems().join(", ")
            );
        };
        let main_file = self.shown(&solution.main);
        let main = self.read(&solution.main)?;
        let uses =
            inline::read_solution(&main_file, &main, &solution.libraries, &solution.foreign)?;
        // Library modules to inline, found transitively: (library, module) pairs
        // to visit, and each library's root and module texts once read.
        let mut todo: Vec<(String, String, String, usize)> = Vec::new();
        let mut roots: BTreeMap<String, inline::Root> = BTreeMap::new();
        let mut bodies: BTreeMap<(String, String), String> = BTreeMap::new();
        for (lib, names) in &uses {
            let root = self.root_of(lib, &mut roots)?;
            match names {
                None => todo.extend(
                    root.all()
                        .into_iter()
                        .map(|m| (lib.clone(), m, main_file.clone(), 0)),
                ),
                Some(names) => {
                    for (name, line) in names {
                        let modules = root.modules_of(name);
                        if modules.is_empty() {
                            return Err(Refusal {
                                file: main_file.clone(),
                                line: *line,
                                message: format!("`{lib}::{name}`: the library {lib} has no module or re-export `{name}` (see its lib.rs)"),
                            }
                            .into());
                        }
                        todo.extend(
                            modules
                                .into_iter()
                                .map(|m| (lib.clone(), m, main_file.clone(), *line)),
                        );
                    }
                }
            }
        }
        while let Some((lib, module, from, line)) = todo.pop() {
            if bodies.contains_key(&(lib.clone(), module.clone())) {
                continue;
            }
            let root = self.root_of(&lib, &mut roots)?;
            let library = &self.libraries[&lib];
            let dir = library.root.parent().unwrap_or(Path::new("."));
            let file = dir.join(format!("{module}.rs"));
            if !file.is_file() {
                let nested = dir.join(&module).join("mod.rs");
                let why = if nested.is_file() {
                    format!(
                        "{} is a nested module folder: the contract wants one file {module}.rs",
                        self.shown(&nested)
                    )
                } else {
                    format!("{} does not exist", self.shown(&file))
                };
                bail!("{from}:{line}: cannot bundle module {module} of library {lib}: {why}");
            }
            let shown = self.shown(&file);
            let text = self.read(&file)?;
            let m = inline::read_module(&shown, &text, &library.libraries)?;
            let siblings = if m.all_siblings {
                root.all()
            } else {
                m.siblings.clone()
            };
            // A `super::Item` of an inline module inside this one names no root
            // item: it resolves to nothing, or to the glob re-exports (more than
            // needed, never less).
            for name in siblings {
                let found = root.modules_of(&name);
                todo.extend(
                    found
                        .into_iter()
                        .map(|s| (lib.clone(), s, shown.clone(), 0)),
                );
            }
            for (other, names) in &m.libraries {
                let other_root = self.root_of(other, &mut roots)?;
                let modules: BTreeSet<String> = match names {
                    None => other_root.all(),
                    Some(names) => names
                        .iter()
                        .flat_map(|n| other_root.modules_of(n))
                        .collect(),
                };
                todo.extend(
                    modules
                        .into_iter()
                        .map(|o| (other.clone(), o, shown.clone(), 0)),
                );
            }
            bodies.insert((lib, module), m.body);
        }
        let mut text = main;
        if !text.ends_with('\n') {
            text.push('\n');
        }
        let mut inlined = Vec::new();
        for (lib, root) in &roots {
            let modules: Vec<&inline::ModDecl> = root
                .modules
                .iter()
                .filter(|d| bodies.contains_key(&(lib.clone(), d.name.clone())))
                .collect();
            if modules.is_empty() {
                continue;
            }
            let names: Vec<String> = modules.iter().map(|d| d.name.clone()).collect();
            let _ = write!(
                text,
                "\n// The workspace library `{lib}` (modules {}), inlined by `cargo judge bundle`\n\
                 // without its doc comments and tests. Lints are its own crate's business.\n\
                 #[allow(dead_code, unused_imports)]\npub mod {lib} {{\n",
                names.join(", ")
            );
            for d in &modules {
                let body = &bodies[&(lib.clone(), d.name.clone())];
                let _ = write!(text, "{} {{\n{body}}}\n", d.head);
            }
            for r in root.reexports.iter().filter(|r| names.contains(&r.module)) {
                let _ = writeln!(text, "{}", r.text);
            }
            text.push_str("}\n");
            inlined.push((lib.clone(), names));
        }
        let note = (solution.edition != EDITION).then(|| {
            format!(
                "note: {problem} is an edition {} crate and its bundle is compiled as {EDITION}; set `edition = \"{EDITION}\"` in its Cargo.toml so cargo builds what the judge builds",
                solution.edition
            )
        });
        Ok((text, inlined, note))
    }

    /// A library's root, read (and checked) on first use.
    fn root_of(
        &self,
        lib: &str,
        roots: &mut BTreeMap<String, inline::Root>,
    ) -> Result<inline::Root> {
        if let Some(root) = roots.get(lib) {
            return Ok(root.clone());
        }
        let library = self
            .libraries
            .get(lib)
            .with_context(|| format!("no workspace library {lib}"))?;
        if let Some(f) = library.foreign.first() {
            bail!(
                "{}: the library {} depends on `{f}` from outside the workspace, which a bundle cannot hold (std only)",
                self.shown(&library.manifest),
                library.code
            );
        }
        let root = inline::read_root(&self.shown(&library.root), &self.read(&library.root)?)?;
        roots.insert(lib.to_string(), root.clone());
        Ok(root)
    }
}

/// A bundle compiled by plain `rustc`.
#[derive(Debug)]
pub struct Compiled {
    /// The executable, if rustc made one.
    pub exe: Option<PathBuf>,
    /// Everything rustc printed (warnings and errors); empty when clean.
    pub diagnostics: String,
    /// How long rustc took.
    pub elapsed: Duration,
}

impl Compiled {
    /// Whether it compiled without a single warning.
    pub fn clean(&self) -> bool {
        self.exe.is_some() && self.diagnostics.trim().is_empty()
    }
}

/// The rustc to compile bundles with: `$RUSTC`, else the one on PATH.
fn rustc() -> PathBuf {
    std::env::var_os("RUSTC").map_or_else(|| PathBuf::from("rustc"), PathBuf::from)
}

/// Compiles `bundle` with `rustc --edition 2021 -O` in `scratch` (a folder
/// outside the workspace, so no cargo configuration or neighbouring file can
/// help it), as an online judge would.
pub fn compile(bundle: &Path, scratch: &Path) -> Result<Compiled> {
    let name = bundle
        .file_stem()
        .context("a bundle file has a name")?
        .to_string_lossy()
        .into_owned();
    let source = scratch.join(format!("{name}.rs"));
    std::fs::copy(bundle, &source)
        .with_context(|| format!("cannot copy {} to {}", bundle.display(), source.display()))?;
    let exe = scratch.join(&name);
    let started = Instant::now();
    let output = Command::new(rustc())
        .current_dir(scratch)
        .args(["--edition", EDITION, "-O", "--color", "never", "-o"])
        .arg(&exe)
        .arg(&source)
        .output()
        .with_context(|| format!("cannot run {}", rustc().display()))?;
    Ok(Compiled {
        exe: (output.status.success() && exe.is_file()).then_some(exe),
        diagnostics: String::from_utf8_lossy(&output.stderr).into_owned(),
        elapsed: started.elapsed(),
    })
}

/// A scratch folder outside the workspace for compiling bundles.
pub fn scratch() -> Result<tempfile::TempDir> {
    tempfile::Builder::new()
        .prefix("cargo-judge-bundle-")
        .tempdir_in(std::env::temp_dir())
        .context("cannot create a scratch folder for rustc")
}

/// What happened to one problem's bundle on the way to an executable.
#[derive(Debug)]
pub enum Built {
    /// Compiled (warnings, if any, are in `diagnostics`).
    Exe {
        /// The executable (inside the scratch folder).
        exe: PathBuf,
        /// rustc's warnings, empty when clean.
        diagnostics: String,
    },
    /// rustc rejected it: its diagnostics (a verdict about the solution, CE).
    CompileError(String),
    /// It could not be bundled (a refusal, or a file that cannot be read or
    /// written): the harness could not make what it was asked to judge.
    Failed(String),
}

/// Bundles and compiles each problem into `scratch`, for judging the bundles.
pub fn build(sources: &Sources, problems: &[&str], scratch: &Path) -> BTreeMap<String, Built> {
    // rustc -O takes seconds per bundle: one per core at a time.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let built = std::sync::Mutex::new(BTreeMap::new());
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|s| {
        for _ in 0..workers.min(problems.len()) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(&p) = problems.get(i) else { break };
                    let result = build_one(sources, p, scratch);
                    built
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .insert(p.to_string(), result);
                }
            });
        }
    });
    built.into_inner().unwrap_or_else(|e| e.into_inner())
}

fn build_one(sources: &Sources, p: &str, scratch: &Path) -> Built {
    match sources.write(p) {
        Err(e) => Built::Failed(format!("cannot bundle {p}: {e:#}")),
        Ok(bundle) => match compile(&bundle.path, scratch) {
            Err(e) => Built::Failed(format!("{e:#}")),
            Ok(Compiled {
                exe: None,
                diagnostics,
                ..
            }) => Built::CompileError(format!(
                "rustc --edition {EDITION} -O {}:\n{}",
                bundle.path.display(),
                diagnostics.trim_end()
            )),
            Ok(Compiled {
                exe: Some(exe),
                diagnostics,
                ..
            }) => Built::Exe { exe, diagnostics },
        },
    }
}

/// `cargo judge bundle [NAME...] [--check]`. Each problem is bundled (and
/// checked) on its own, so one refusal does not hide the others' results.
pub fn bundle(args: crate::cli::BundleArgs) -> Result<Status> {
    let sources = Sources::load()?;
    let names = if args.problems.is_empty() {
        sources.problems()
    } else {
        args.problems.clone()
    };
    let scratch = if args.check { Some(scratch()?) } else { None };
    let mut out = anstream::stdout();
    let (mut refused, mut failed) = (0, 0);
    for name in &names {
        let bundle = match sources.write(name) {
            Ok(b) => b,
            Err(e) => {
                out.flush()?;
                // A closed stderr is no reason to panic (`2>&1 | head`).
                let _ = writeln!(std::io::stderr(), "error: cannot bundle {name}: {e:#}");
                refused += 1;
                continue;
            }
        };
        writeln!(out, "wrote {}", bundle.line(sources.root()))?;
        if let Some(note) = &bundle.note {
            writeln!(out, "    {note}")?;
        }
        if bundle.bytes > SIZE_LIMIT {
            writeln!(
                out,
                "    warning: {} bytes is above Codeforces' 64 KiB ({SIZE_LIMIT} bytes) source limit",
                bundle.bytes
            )?;
        }
        let Some(scratch) = &scratch else { continue };
        let compiled = compile(&bundle.path, scratch.path())?;
        let took = compiled.elapsed.as_secs_f64();
        if compiled.clean() {
            writeln!(
                out,
                "    ok: rustc --edition {EDITION} -O compiles it without a warning ({took:.1} s)"
            )?;
        } else {
            failed += 1;
            let what = if compiled.exe.is_some() {
                "warnings"
            } else {
                "errors"
            };
            writeln!(
                out,
                "    FAIL: rustc --edition {EDITION} -O printed {what} ({took:.1} s):"
            )?;
            for line in compiled.diagnostics.trim_end().lines() {
                writeln!(out, "    | {line}")?;
            }
        }
    }
    Ok(if refused > 0 {
        Status::Broken
    } else if failed > 0 {
        Status::Failed
    } else {
        Status::Passed
    })
}
