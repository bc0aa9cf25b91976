//! `cargo judge bundle`: one std-only file per solution, ready to paste into an
//! online judge, and the plain `rustc` build that proves it compiles there.
//!
//! A bundle is the solution's `src/main.rs` as written, with each `mod NAME;`
//! made `mod NAME { ... }` holding its file (recursively, found as rustc finds
//! it) and the library paths of those nested modules made `crate::LIB::...`
//! (`solution`), followed by each workspace
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

mod cfg;
mod crates;
mod files;
mod inline;
pub mod judges;
mod lex;
mod msrv;
mod solution;

use judge_formats::problem::SettingsExt as _;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use judge_engine::cargo_json::{Metadata, Package};
pub use judges::Judge;

use judge_model::status::Status;

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
    /// The crate's folder (its manifest's): the files a bundle may splice in.
    dir: PathBuf,
    /// Every binary of the crate: (cargo's target name, its source file).
    bins: Vec<(String, PathBuf)>,
    libraries: Vec<String>,
    /// Its dependencies from outside the workspace: (code name, package id).
    crates: Vec<(String, String)>,
    edition: String,
    rust_version: Option<String>,
}

/// The workspace's solutions and libraries, read once with `cargo metadata`.
#[derive(Debug, Clone)]
pub struct Sources {
    root: PathBuf,
    target: PathBuf,
    solutions: BTreeMap<String, Solution>,
    libraries: BTreeMap<String, Library>,
    /// Packages from outside the workspace, by package id.
    crates: BTreeMap<String, crates::Crate>,
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
    /// Notes for the user (the crate's edition differs, a crate's version is
    /// not the judge's).
    pub notes: Vec<String>,
    /// The judge it is for.
    pub judge: Judge,
    /// Crates the judge has installed that the bundle uses as they are:
    /// (package, the judge's version).
    pub externs: Vec<(String, String)>,
    /// The Rust version its APIs must not be newer than, and whose it is.
    pub msrv: Option<(String, String)>,
    /// The solution's own files spliced in for its `mod NAME;` items, relative
    /// to its crate (`src/util/mod.rs`), in order.
    pub files: Vec<String>,
}

impl Bundle {
    /// `target/bundle/NAME.rs (12.3 KiB; src/util.rs inlined; contest: out, scan)`,
    /// the path relative to `root` when it lies inside it.
    pub fn line(&self, root: &Path) -> String {
        let files = (!self.files.is_empty()).then(|| format!("{} inlined", self.files.join(", ")));
        let mut parts: Vec<String> = self
            .modules
            .iter()
            .map(|(lib, mods)| {
                if mods.is_empty() {
                    lib.clone()
                } else {
                    format!("{lib}: {}", mods.join(", "))
                }
            })
            .collect();
        if !self.externs.is_empty() {
            let pins: Vec<String> = self
                .externs
                .iter()
                .map(|(p, v)| format!("{p} {v}"))
                .collect();
            parts.push(format!("{}'s {}", self.judge.title, pins.join(", ")));
        }
        if parts.is_empty() {
            parts.push("std only, no library".to_string());
        }
        let libs = files
            .into_iter()
            .chain(parts)
            .collect::<Vec<_>>()
            .join("; ");
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

/// A package's lib target: (its name, its root file).
fn lib_of(p: &Package) -> Option<(String, PathBuf)> {
    p.targets
        .iter()
        .find(|t| t.is_lib())
        .map(|t| (t.name.clone(), t.src_path.clone()))
}

/// The code name of a dependency: its rename, else its lib target's name.
fn code_name(name: &str) -> String {
    name.replace('-', "_")
}

impl Sources {
    /// Reads the workspace around the current directory.
    pub fn load() -> Result<Sources> {
        let metadata = Metadata::load_with_dependencies(&judge_engine::build::cargo())
            .context("cannot read the Cargo workspace (`bundle` bundles problems/NAME/ of the workspace around the current folder)")?;
        let crates = foreign_crates(&metadata);
        let root = metadata.workspace_root.clone();
        let target = metadata.target_directory.clone();
        let packages = metadata.workspace_packages();
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
            let (libs, _) = deps(p);
            let node = metadata
                .resolve
                .as_ref()
                .and_then(|r| r.nodes.iter().find(|n| n.id == p.id));
            let foreign = node.map_or_else(Vec::new, |n| {
                n.deps
                    .iter()
                    .filter(|d| d.is_normal() && crates.contains_key(&d.pkg))
                    .map(|d| (d.name.clone(), d.pkg.clone()))
                    .collect()
            });
            solutions.insert(
                p.name.clone(),
                Solution {
                    main: bin.src_path.clone(),
                    dir: p.manifest_path.parent().unwrap_or(&problems).to_path_buf(),
                    bins: p
                        .targets
                        .iter()
                        .filter(|t| t.is_bin())
                        .map(|t| (t.name.clone(), t.src_path.clone()))
                        .collect(),
                    libraries: libs,
                    crates: foreign,
                    edition: p.edition.clone(),
                    rust_version: p.rust_version.clone(),
                },
            );
        }
        Ok(Sources {
            root,
            target,
            solutions,
            libraries,
            crates,
        })
    }

    /// The judge a problem's bundle is for: its problem.toml's `[source] judge`
    /// when that is one the bundler knows, else std-only.
    pub fn judge_of(&self, problem: &str) -> Judge {
        let dir = self.root.join("testdata").join(problem);
        let settings = judge_model::problem::Settings::load(&dir).ok();
        judges::of_source(
            settings
                .as_ref()
                .and_then(|s| s.source.as_ref())
                .map(|s| s.judge.as_str()),
        )
    }

    /// The workspace root.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Every problem with a solution, sorted.
    pub fn problems(&self) -> Vec<String> {
        self.solutions.keys().cloned().collect()
    }

    /// The problem whose crate folder or testdata folder holds the current
    /// folder, as `cargo judge` takes it there
    /// (`judge_engine::build::Workspace::problem_here`).
    pub fn problem_here(&self) -> Option<String> {
        let within = judge_engine::build::here_within;
        let testdata = self.root.join("testdata");
        self.solutions
            .iter()
            .find(|(name, s)| within(&s.dir) || within(&testdata.join(name)))
            .map(|(name, _)| name.clone())
    }

    /// Where a problem's bundle for its own judge goes (see [`Sources::path_for`]).
    pub fn path(&self, problem: &str) -> PathBuf {
        self.path_for(problem, self.judge_of(problem))
    }

    /// Where a problem's bundle for `judge` goes: `target/bundle/NAME.rs`, one
    /// std-only file plain rustc compiles (std, Codeforces), or
    /// `target/bundle/atcoder/NAME.rs` for a judge with crates installed, whose
    /// bundle needs them (so one never overwrites the other).
    pub fn path_for(&self, problem: &str, judge: Judge) -> PathBuf {
        let dir = self.target.join("bundle");
        let dir = if judge.installed.is_empty() {
            dir
        } else {
            dir.join(judge.name)
        };
        dir.join(format!("{problem}.rs"))
    }

    /// `problem`'s binaries: (cargo's target name, its source file), in the
    /// manifest's order; empty for a problem the workspace does not have.
    pub fn bins(&self, problem: &str) -> Vec<(String, PathBuf)> {
        self.solutions
            .get(problem)
            .map_or_else(Vec::new, |s| s.bins.clone())
    }

    /// The workspace's target folder.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// The bundle of `source`, one of `problem`'s binaries (a known-wrong
    /// solution, its validator), made as its solution's is for `judge` (the
    /// crate's libraries, its edition), and not written anywhere.
    pub fn text_of(&self, problem: &str, source: &Path, judge: Judge) -> Result<String> {
        Ok(self.text_with(problem, Some(source), judge)?.text)
    }

    /// Bundles `problem` for its own judge and writes `target/bundle/NAME.rs`.
    pub fn write(&self, problem: &str) -> Result<Bundle> {
        self.write_for(problem, self.judge_of(problem))
    }

    /// Bundles `problem` for `judge` and writes `target/bundle/NAME.rs`.
    pub fn write_for(&self, problem: &str, judge: Judge) -> Result<Bundle> {
        let made = self.text(problem, judge)?;
        let (text, modules) = (made.text, made.modules);
        let path = self.path_for(problem, judge);
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
            notes: made.notes,
            judge,
            externs: made.externs,
            msrv: made.msrv,
            files: made.files,
        })
    }

    fn shown(&self, path: &Path) -> String {
        shown(path, &self.root)
    }

    fn read(&self, path: &Path) -> Result<String> {
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", self.shown(path)))
    }

    /// The bundle's text, the modules it holds, and what else the user and the
    /// check need to know.
    fn text(&self, problem: &str, judge: Judge) -> Result<Made> {
        self.text_with(problem, None, judge)
    }

    /// [`Sources::text`] of `source` (a binary of `problem`) instead of its
    /// main.rs when one is given.
    fn text_with(&self, problem: &str, source: Option<&Path>, judge: Judge) -> Result<Made> {
        let Some(solution) = self.solutions.get(problem) else {
            let known: Vec<&str> = self.solutions.keys().map(String::as_str).collect();
            return Err(judge_engine::plan::unknown_problem(problem, &known));
        };
        if solution.crates.is_empty() {
            return self.text_of_crates(problem, solution, source, judge);
        }
        let view = self.as_built_for(problem)?;
        view.text_of_crates(problem, solution, source, judge)
    }

    /// The workspace's outside crates with the features and dependencies cargo
    /// builds them with for `problem` alone (`cargo tree -p NAME`), not
    /// `cargo metadata`'s, which are unified over every problem: a feature
    /// another problem turns on (proconio's `derive`, pulling in a proc-macro
    /// crate) is not this problem's, and cargo does not build it for it.
    fn as_built_for(&self, problem: &str) -> Result<Sources> {
        let built = features_built_for(&self.root, problem)?;
        let mut crates: BTreeMap<String, crates::Crate> = self
            .crates
            .iter()
            .filter_map(|(id, c)| {
                let features = built.get(&(c.name.clone(), c.version.clone()))?;
                let mut c = c.clone();
                c.features = features.clone();
                Some((id.clone(), c))
            })
            .collect();
        let ids: BTreeSet<String> = crates.keys().cloned().collect();
        for c in crates.values_mut() {
            c.deps.retain(|_, id| ids.contains(id));
        }
        Ok(Sources {
            crates,
            ..self.clone()
        })
    }

    /// [`Sources::text_with`] with this view's crates.
    fn text_of_crates(
        &self,
        problem: &str,
        solution: &Solution,
        source: Option<&Path>,
        judge: Judge,
    ) -> Result<Made> {
        let source = source.unwrap_or(&solution.main);
        // Crates the judge has installed stay `use` lines; the others are inlined.
        let (installed, inlined): (Vec<_>, Vec<_>) = solution
            .crates
            .iter()
            .cloned()
            .partition(|(_, id)| judge.installed(&self.crates[id].name).is_some());
        let names: Vec<String> = solution
            .libraries
            .iter()
            .chain(inlined.iter().map(|(code, _)| code))
            .cloned()
            .collect();
        let shown = |p: &Path| self.shown(p);
        let ctx = solution::Ctx {
            crate_dir: &solution.dir,
            libraries: &names,
            shown: &shown,
        };
        let expanded = solution::expand(&ctx, source)?;
        let (main, mut uses) = (expanded.text, expanded.uses);
        let crate_uses: Vec<(String, String, Option<BTreeSet<String>>)> = inlined
            .iter()
            .filter_map(|(code, id)| {
                let used = uses.remove(code)?;
                Some((
                    code.clone(),
                    id.clone(),
                    used.map(|m| m.into_keys().collect()),
                ))
            })
            .collect();
        // An installed crate goes into AtCoder's build only if the solution names it
        // (a problem may depend on `rand` for its generator alone).
        let mentioned: BTreeSet<&str> = lex::lex(&main)
            .map(|l| l.tokens.iter().map(|t| t.text).collect())
            .unwrap_or_default();
        let installed: Vec<(String, String)> = installed
            .into_iter()
            .filter(|(code, _)| mentioned.contains(code.as_str()))
            .collect();
        let (mut text, inlined_libs) = self.with_libraries(main, &uses)?;
        let mut made = self.with_crates(&mut text, &crate_uses, judge)?;
        made.modules = inlined_libs.into_iter().chain(made.modules).collect();
        for (_, id) in &installed {
            let c = &self.crates[id];
            let at = judge.installed(&c.name).unwrap_or_default();
            if !made.externs.iter().any(|(p, _)| *p == c.name) {
                made.externs.push((c.name.clone(), at.to_string()));
            }
        }
        for (package, at) in &made.externs {
            let here = self.crates.values().find(|c| c.name == *package);
            if let Some(c) = here.filter(|c| c.version != *at) {
                made.notes.push(format!(
                    "note: {} is {} here and {at} at {}: the bundle is checked against {at}",
                    c.name, c.version, judge.title
                ));
            }
        }
        if solution.edition != judge.edition {
            made.notes.push(format!(
                "note: {problem} is an edition {} crate and its bundle is compiled as {}; set `edition = \"{}\"` in its Cargo.toml so cargo builds what the judge builds",
                solution.edition, judge.edition, judge.edition
            ));
        }
        made.msrv = msrv::lowest(solution.rust_version.as_deref(), judge);
        made.files = expanded.files;
        made.text = text;
        Ok(made)
    }

    /// main.rs followed by the workspace libraries' modules it uses.
    #[allow(clippy::type_complexity)] // a private helper's one tuple
    fn with_libraries(
        &self,
        main: String,
        uses: &solution::Uses,
    ) -> Result<(String, Vec<(String, Vec<String>)>)> {
        // Each library's root once read, and its modules to inline, found
        // transitively from main.rs's uses.
        let mut roots: BTreeMap<String, inline::Root> = BTreeMap::new();
        let todo = self.modules_used_by_main(uses, &mut roots)?;
        let bodies = self.read_modules_transitively(todo, &mut roots)?;
        let mut text = main;
        if !text.ends_with('\n') {
            text.push('\n');
        }
        let inlined = append_libraries(&mut text, &roots, &bodies);
        Ok((text, inlined))
    }

    /// The library modules the solution's `uses` name, as modules to visit; a
    /// name that is no module or re-export of its library is refused.
    fn modules_used_by_main(
        &self,
        uses: &solution::Uses,
        roots: &mut BTreeMap<String, inline::Root>,
    ) -> Result<Vec<ToVisit>> {
        let mut todo = Vec::new();
        for (lib, names) in uses {
            let root = self.root_of(lib, roots)?;
            match names {
                None => todo.extend(
                    root.all()
                        .into_iter()
                        .map(|m| (lib.clone(), m, "the solution".to_string(), 0)),
                ),
                Some(names) => {
                    for (name, (file, line)) in names {
                        let modules = root.modules_of(name);
                        if modules.is_empty() {
                            return Err(Refusal {
                                file: file.clone(),
                                line: *line,
                                message: format!("`{lib}::{name}`: the library {lib} has no module or re-export `{name}` (see its lib.rs)"),
                            }
                            .into());
                        }
                        todo.extend(
                            modules
                                .into_iter()
                                .map(|m| (lib.clone(), m, file.clone(), *line)),
                        );
                    }
                }
            }
        }
        Ok(todo)
    }

    /// The bodies of the modules in `todo` and of every module they use in
    /// turn (siblings through `super::`, other libraries through their paths),
    /// each read once: (library, module) -> body.
    fn read_modules_transitively(
        &self,
        mut todo: Vec<ToVisit>,
        roots: &mut BTreeMap<String, inline::Root>,
    ) -> Result<BTreeMap<(String, String), String>> {
        let mut bodies: BTreeMap<(String, String), String> = BTreeMap::new();
        while let Some((lib, module, from, line)) = todo.pop() {
            if bodies.contains_key(&(lib.clone(), module.clone())) {
                continue;
            }
            let root = self.root_of(&lib, roots)?;
            let library = &self.libraries[&lib];
            let file = self.module_file(&lib, &module, &from, line)?;
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
                let other_root = self.root_of(other, roots)?;
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
        Ok(bodies)
    }

    /// The file of `module` of library `lib`, which `from`:`line` uses: it
    /// must be one file MODULE.rs beside the library's root.
    fn module_file(&self, lib: &str, module: &str, from: &str, line: usize) -> Result<PathBuf> {
        let library = &self.libraries[lib];
        let dir = library.root.parent().unwrap_or(Path::new("."));
        let file = dir.join(format!("{module}.rs"));
        if !file.is_file() {
            let nested = dir.join(module).join("mod.rs");
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
        Ok(file)
    }

    /// What each of `krate`'s dependencies' paths become in the bundle:
    /// `::lib` when the judge has it installed, else `crate::MODULE`, naming
    /// its module (its lib name, made unique) on first sight.
    fn dep_paths(
        &self,
        krate: &crates::Crate,
        judge: Judge,
        module: &mut BTreeMap<String, String>,
        taken: &mut BTreeSet<String>,
    ) -> BTreeMap<String, String> {
        // A no_std crate's `alloc::vec::Vec` is std's `vec::Vec` (std re-exports
        // every module of alloc under the same name), and `extern crate alloc;`
        // inside a module would not reach its other modules.
        let mut paths = BTreeMap::from([("alloc".to_string(), "::std".to_string())]);
        for (dep, dep_id) in &krate.deps {
            let d = &self.crates[dep_id];
            let path = if judge.installed(&d.name).is_some() {
                format!("::{}", d.lib)
            } else {
                let m = module.entry(dep_id.clone()).or_insert_with(|| {
                    let mut name = d.lib.clone();
                    while taken.contains(&name) {
                        name.push('_');
                    }
                    taken.insert(name.clone());
                    name
                });
                format!("crate::{m}")
            };
            paths.insert(dep.clone(), path);
        }
        paths
    }

    /// Appends each crate from outside the workspace the solution uses (and
    /// theirs, transitively) as `pub mod NAME { ... }`, cut to what is used.
    fn with_crates(
        &self,
        text: &mut String,
        direct: &[(String, String, Option<BTreeSet<String>>)],
        judge: Judge,
    ) -> Result<Made> {
        let mut made = Made::default();
        // Package id -> its module in the bundle, and what is needed of it.
        let mut module: BTreeMap<String, String> = BTreeMap::new();
        let mut order: Vec<String> = Vec::new();
        let mut needed: BTreeMap<String, Option<BTreeSet<String>>> = BTreeMap::new();
        let mut users: BTreeMap<String, String> = BTreeMap::new();
        let mut taken: BTreeSet<String> = self.libraries.keys().cloned().collect();
        for (code, id, used) in direct {
            module.insert(id.clone(), code.clone());
            taken.insert(code.clone());
            order.push(id.clone());
            needed.insert(id.clone(), used.clone());
            users.insert(id.clone(), "the solution".to_string());
        }
        let mut rendered: BTreeMap<String, crates::Rendered> = BTreeMap::new();
        let mut pruned: BTreeMap<String, crates::Pruned> = BTreeMap::new();
        loop {
            let mut changed = false;
            for id in order.clone() {
                let krate = &self.crates[&id];
                // AtCoder has it, or the crate that pulls it in, installed.
                let installed_at = [&krate.name, &users[&id]]
                    .iter()
                    .any(|n| judges::ATCODER.installed(n).is_some())
                    .then_some(judges::ATCODER.name);
                crates::check_bundlable(krate, &users[&id], installed_at)?;
                let dep_paths = self.dep_paths(krate, judge, &mut module, &mut taken);
                if !rendered.contains_key(&id) {
                    let shown = |p: &Path| self.shown(p);
                    let ctx = crates::Ctx {
                        krate,
                        module: &module[&id],
                        dep_paths: &dep_paths,
                        shown: &shown,
                    };
                    rendered.insert(id.clone(), crates::render(&ctx)?);
                }
                let p = rendered[&id].prune(needed[&id].as_ref());
                for (dep, names) in &p.deps {
                    let Some(dep_id) = krate.deps.get(dep) else {
                        continue;
                    };
                    let d = &self.crates[dep_id];
                    if let Some(at) = judge.installed(&d.name) {
                        if !made.externs.iter().any(|(n, _)| *n == d.name) {
                            made.externs.push((d.name.clone(), at.to_string()));
                        }
                        continue;
                    }
                    if !order.contains(dep_id) {
                        order.push(dep_id.clone());
                        users.insert(dep_id.clone(), krate.name.clone());
                    }
                    let before = needed.get(dep_id).cloned();
                    let entry = needed
                        .entry(dep_id.clone())
                        .or_insert_with(|| Some(BTreeSet::new()));
                    match (entry.as_mut(), names) {
                        (Some(have), Some(more)) => have.extend(more.iter().cloned()),
                        _ => *entry = None,
                    }
                    changed |= before.as_ref() != needed.get(dep_id);
                }
                pruned.insert(id.clone(), p);
            }
            if !changed {
                break;
            }
        }
        for id in &order {
            let (krate, p, name) = (&self.crates[id], &pruned[id], &module[id]);
            let what = if p.modules.is_empty() {
                String::new()
            } else {
                format!(" (modules {})", p.modules.join(", "))
            };
            let _ = write!(
                text,
                "\n// The crate `{}` {}{what}, inlined by `cargo judge bundle`\n\
                 // without its doc comments and tests; its license is its own.\n\
                 {ALLOW_WARNINGS}\npub mod {name} {{\n{}}}\n",
                krate.name, krate.version, p.body
            );
            made.modules.push((
                format!("{} {}", krate.name, krate.version),
                p.modules.clone(),
            ));
        }
        Ok(made)
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

/// A library module to inline: (library, module, the file that uses it, the
/// line there, 0 when not known).
type ToVisit = (String, String, String, usize);

/// Appends to `text` one `pub mod LIB { .. }` per library in `roots` with
/// modules in `bodies`: those modules, in the root's order, and the root's
/// re-exports from them. Returns each library inlined with its module names.
fn append_libraries(
    text: &mut String,
    roots: &BTreeMap<String, inline::Root>,
    bodies: &BTreeMap<(String, String), String>,
) -> Vec<(String, Vec<String>)> {
    let mut inlined = Vec::new();
    for (lib, root) in roots {
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
    inlined
}

/// The line before each inlined crate's module: its lints are its own business
/// (the MSRV check drops it, so the crate's API calls are checked too).
const ALLOW_WARNINGS: &str = "#[allow(warnings)]";

/// What bundling made, before it is written.
#[derive(Debug, Default)]
struct Made {
    text: String,
    /// The solution's files spliced in (relative to its crate).
    files: Vec<String>,
    modules: Vec<(String, Vec<String>)>,
    notes: Vec<String>,
    externs: Vec<(String, String)>,
    msrv: Option<(String, String)>,
}

/// Every package cargo builds for `problem` alone, as (name, version), with its
/// enabled features: `cargo tree -p NAME -e normal --format "{p}|{f}"`, whose
/// lines read `proconio v0.5.0|derive,proconio-derive` (`(*)` after one shown
/// before, `(proc-macro)` or a path after the version).
fn features_built_for(
    root: &Path,
    problem: &str,
) -> Result<BTreeMap<(String, String), BTreeSet<String>>> {
    let out = std::process::Command::new(judge_engine::build::cargo())
        .args(["tree", "-p", problem, "-e", "normal", "--prefix", "none"])
        .args(["--format", "{p}|{f}"])
        .current_dir(root)
        .output()
        .with_context(|| format!("cannot run `cargo tree -p {problem}`"))?;
    if !out.status.success() {
        anyhow::bail!(
            "`cargo tree -p {problem}` failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok(parse_tree(&String::from_utf8_lossy(&out.stdout)))
}

/// The (name, version) -> features of `cargo tree --format "{p}|{f}"` lines.
fn parse_tree(text: &str) -> BTreeMap<(String, String), BTreeSet<String>> {
    let mut built: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    for line in text.lines() {
        let Some((package, features)) = line.split_once('|') else {
            continue;
        };
        let mut words = package.split_whitespace();
        let (Some(name), Some(version)) = (words.next(), words.next()) else {
            continue;
        };
        let version = version.strip_prefix('v').unwrap_or(version);
        let features = features.trim().trim_end_matches("(*)").trim();
        built
            .entry((name.to_string(), version.to_string()))
            .or_default()
            .extend(
                features
                    .split(',')
                    .filter(|f| !f.is_empty())
                    .map(str::to_string),
            );
    }
    built
}

/// The packages from outside the workspace that have a library, with what
/// cargo resolved for them (features, dependencies).
fn foreign_crates(metadata: &Metadata) -> BTreeMap<String, crates::Crate> {
    let mut out = BTreeMap::new();
    let nodes: BTreeMap<&str, &judge_engine::cargo_json::Node> = metadata
        .resolve
        .iter()
        .flat_map(|r| &r.nodes)
        .map(|n| (n.id.as_str(), n))
        .collect();
    for p in metadata
        .packages
        .iter()
        .filter(|p| !metadata.workspace_members.contains(&p.id))
    {
        let Some(lib) = p.targets.iter().find(|t| t.is_lib() || t.is_proc_macro()) else {
            continue;
        };
        let node = nodes.get(p.id.as_str());
        out.insert(
            p.id.clone(),
            crates::Crate {
                name: p.name.clone(),
                version: p.version.clone(),
                lib: code_name(&lib.name),
                root: lib.src_path.clone(),
                edition: p.edition.clone(),
                proc_macro: lib.is_proc_macro(),
                build_script: p.targets.iter().any(|t| t.is_build_script()),
                features: node.map_or_else(BTreeSet::new, |n| n.features.iter().cloned().collect()),
                deps: node.map_or_else(BTreeMap::new, |n| {
                    n.deps
                        .iter()
                        .filter(|d| d.is_normal() && !metadata.workspace_members.contains(&d.pkg))
                        .map(|d| (d.name.clone(), d.pkg.clone()))
                        .collect()
                }),
            },
        );
    }
    out
}

/// A bundle compiled the way its judge compiles it.
#[derive(Debug)]
pub struct Compiled {
    /// The executable, if the compiler made one.
    pub exe: Option<PathBuf>,
    /// Everything the compiler printed (warnings and errors); empty when clean.
    pub diagnostics: String,
    /// APIs newer than the judge's Rust or the crate's rust-version, one line each.
    pub too_new: Vec<String>,
    /// Why those could not be looked for, if they could not.
    pub not_checked: Option<String>,
    /// How it was compiled (`rustc --edition 2021 -O`).
    pub how: String,
    /// How long it took.
    pub elapsed: Duration,
}

impl Compiled {
    /// Whether it compiled without a single warning or too-new API.
    pub fn clean(&self) -> bool {
        self.exe.is_some() && self.diagnostics.trim().is_empty() && self.too_new.is_empty()
    }

    /// The failure in one block: the compiler's output, then the too-new APIs.
    pub fn failure(&self) -> String {
        let mut out = self.diagnostics.trim_end().to_string();
        for line in &self.too_new {
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(&format!("error: {line}"));
        }
        out
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
        too_new: Vec::new(),
        not_checked: None,
        how: format!("rustc --edition {EDITION} -O"),
        elapsed: started.elapsed(),
    })
}

/// Compiles `bundle` as its judge would: plain rustc for one std-only file, a
/// cargo project with the judge's crate versions pinned when it uses crates the
/// judge has installed (AtCoder); then looks for APIs newer than the judge's
/// Rust or the crate's rust-version.
pub fn compile_for(bundle: &Bundle, scratch: &Path) -> Result<Compiled> {
    let started = Instant::now();
    let mut compiled = if bundle.externs.is_empty() {
        compile(&bundle.path, scratch)?
    } else {
        compile_project(bundle, scratch)?
    };
    if let (Some(_), Some(msrv)) = (&compiled.exe, &bundle.msrv) {
        let found = if bundle.externs.is_empty() {
            msrv::check(&bundle.path, bundle.judge.edition, msrv, scratch)?
        } else {
            let (dir, target) = project_dirs(bundle);
            msrv::check_project(&dir, &target, &bundle.path, msrv)?
        };
        match found {
            msrv::Found::Fine => {}
            msrv::Found::TooNew(lines) => compiled.too_new = lines,
            msrv::Found::NotChecked(why) => compiled.not_checked = Some(why),
        }
    }
    compiled.elapsed = started.elapsed();
    Ok(compiled)
}

/// The AtCoder-style project's folder and its (shared) target folder, beside
/// the bundle: `target/bundle/cargo/NAME/` and `target/bundle/cargo/target/`.
fn project_dirs(bundle: &Bundle) -> (PathBuf, PathBuf) {
    let base = bundle.path.parent().unwrap_or(Path::new(".")).join("cargo");
    (base.join(&bundle.problem), base.join("target"))
}

/// The check's Cargo.toml: the judge's edition, the crate's MSRV, and the
/// installed crates the bundle uses at the judge's versions and features.
fn manifest(bundle: &Bundle) -> String {
    let mut manifest = format!(
        "# Written by `cargo judge bundle --check`: the bundle built as {} builds it.\n\
         [package]\nname = \"{}\"\nversion = \"0.0.0\"\nedition = \"{}\"\npublish = false\n",
        bundle.judge.title, bundle.problem, bundle.judge.edition
    );
    if let Some((v, _)) = &bundle.msrv {
        let _ = writeln!(manifest, "rust-version = \"{v}\"");
    }
    manifest.push_str("\n[workspace]\n\n[dependencies]\n");
    for (package, version) in &bundle.externs {
        let features = bundle.judge.features(package);
        let _ = writeln!(
            manifest,
            "{package} = {{ version = \"={version}\", features = [{}] }}",
            features
                .iter()
                .map(|f| format!("\"{f}\""))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    manifest
}

/// `cargo build --release` of a project holding the bundle as `src/main.rs`
/// and the judge's installed crates it uses, pinned to the judge's versions
/// (`=x.y.z`, with the judge's features), as AtCoder builds a submission.
fn compile_project(bundle: &Bundle, scratch: &Path) -> Result<Compiled> {
    let (dir, target) = project_dirs(bundle);
    let src = dir.join("src");
    std::fs::create_dir_all(&src).with_context(|| format!("cannot create {}", src.display()))?;
    std::fs::write(dir.join("Cargo.toml"), manifest(bundle))
        .with_context(|| format!("cannot write {}", dir.join("Cargo.toml").display()))?;
    std::fs::copy(&bundle.path, src.join("main.rs"))
        .with_context(|| format!("cannot copy {}", bundle.path.display()))?;
    let started = Instant::now();
    let output = Command::new(judge_engine::build::cargo())
        .current_dir(&dir)
        .env("CARGO_TARGET_DIR", &target)
        .args(["build", "--release", "--quiet", "--color", "never"])
        .output()
        .context("cannot run cargo")?;
    let built = target.join("release").join(&bundle.problem);
    let exe = scratch.join(&bundle.problem);
    let exe = if output.status.success() && built.is_file() {
        std::fs::copy(&built, &exe).with_context(|| format!("cannot copy {}", built.display()))?;
        Some(exe)
    } else {
        None
    };
    let pins: Vec<String> = bundle
        .externs
        .iter()
        .map(|(p, v)| format!("{p} ={v}"))
        .collect();
    Ok(Compiled {
        exe,
        diagnostics: String::from_utf8_lossy(&output.stderr).into_owned(),
        too_new: Vec::new(),
        not_checked: None,
        how: format!("cargo build --release with {}", pins.join(", ")),
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

/// One problem's bundle on its way to an executable: what happened to it.
#[derive(Debug)]
pub enum Build {
    /// Compiled (warnings, if any, are in `diagnostics`).
    Exe {
        /// The executable (inside the scratch folder).
        exe: PathBuf,
        /// rustc's warnings, empty when clean.
        diagnostics: String,
        /// How it was compiled (`rustc --edition 2021 -O`).
        how: String,
    },
    /// rustc rejected it: its diagnostics (a verdict about the solution, CE).
    CompileError(String),
    /// It could not be bundled (a refusal, or a file that cannot be read or
    /// written): the harness could not make what it was asked to judge.
    Failed(String),
}

/// Bundles and compiles each problem into `scratch`, for judging the bundles.
pub fn build(sources: &Sources, problems: &[&str], scratch: &Path) -> BTreeMap<String, Build> {
    // rustc -O takes seconds per bundle: one per core at a time.
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let built =
        judge_engine::pool::Pool::new(workers).map(problems, |&p| build_one(sources, p, scratch));
    problems.iter().map(|p| p.to_string()).zip(built).collect()
}

fn build_one(sources: &Sources, p: &str, scratch: &Path) -> Build {
    match sources.write(p) {
        Err(e) => Build::Failed(format!("cannot bundle {p}: {e:#}")),
        Ok(bundle) => match compile_for(&bundle, scratch) {
            Err(e) => Build::Failed(format!("{e:#}")),
            Ok(c) => match &c.exe {
                Some(exe) if c.too_new.is_empty() => Build::Exe {
                    exe: exe.clone(),
                    diagnostics: c.diagnostics.clone(),
                    how: c.how.clone(),
                },
                _ => Build::CompileError(format!(
                    "{} {}:\n{}",
                    c.how,
                    bundle.path.display(),
                    c.failure()
                )),
            },
        },
    }
}

/// Why `bundle` is too big to submit to `judge`: over that judge's source limit,
/// or (where the limit is not known) over Codeforces', the strictest.
fn too_big(bundle: &Bundle, judge: Judge) -> Option<String> {
    let limit = judge.source_limit.unwrap_or(SIZE_LIMIT);
    let whose = match judge.source_limit {
        Some(_) if !judge.title.ends_with('s') => format!("{}'s", judge.title),
        Some(_) => format!("{}'", judge.title),
        None => "Codeforces'".to_string(),
    };
    (bundle.bytes > limit).then(|| {
        format!(
            "{} bytes is above {whose} {} KiB ({limit} bytes) source limit",
            bundle.bytes,
            limit / 1024
        )
    })
}

/// What `cargo judge bundle` was asked for.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The problems to bundle; every problem of the workspace when empty.
    pub problems: Vec<String>,
    /// The judge to bundle for (`--for`), else each problem's own.
    pub judge: Option<String>,
    /// Compile each bundle as that judge would (`--check`).
    pub check: bool,
}

/// `cargo judge bundle [NAME...] [--for JUDGE] [--check]`. Each problem is
/// bundled (and checked) on its own, so one refusal does not hide the others'
/// results.
pub fn bundle(args: Options) -> Result<Status> {
    let sources = Sources::load()?;
    let judge = args.judge.as_deref().map(judges::find).transpose()?;
    let names = if args.problems.is_empty() {
        // In a problem's folder, that problem (as `cargo judge` there).
        let here = sources.problem_here();
        here.map_or_else(|| sources.problems(), |name| vec![name])
    } else {
        args.problems.clone()
    };
    let scratch = if args.check { Some(scratch()?) } else { None };
    let mut out = anstream::stdout();
    let (mut refused, mut failed) = (0, 0);
    for name in &names {
        let judge = judge.unwrap_or_else(|| sources.judge_of(name));
        let bundle = match sources.write_for(name, judge) {
            Ok(b) => b,
            Err(e) => {
                out.flush()?;
                // A closed stderr is no reason to panic (`2>&1 | head`).
                let _ = writeln!(std::io::stderr(), "error: cannot bundle {name}: {e:#}");
                refused += 1;
                continue;
            }
        };
        writeln!(
            out,
            "wrote {} for {}",
            bundle.line(sources.root()),
            judge.title
        )?;
        for note in &bundle.notes {
            writeln!(out, "    {note}")?;
        }
        // For a judge whose limit is known, `--check` fails on a bigger file: that
        // judge refuses it however well it compiles.
        let too_big = too_big(&bundle, judge);
        let refused = too_big
            .as_ref()
            .filter(|_| args.check && judge.source_limit.is_some());
        if let (Some(why), None) = (&too_big, refused) {
            writeln!(out, "    warning: {why}")?;
        }
        let Some(scratch) = &scratch else { continue };
        let compiled = compile_for(&bundle, scratch.path())?;
        let took = compiled.elapsed.as_secs_f64();
        if let Some(why) = &compiled.not_checked {
            writeln!(
                out,
                "    warning: APIs newer than the judge's Rust not looked for: {why}"
            )?;
        }
        if compiled.clean() {
            let msrv = bundle
                .msrv
                .as_ref()
                .map(|(v, whose)| format!(", no API newer than {whose} {v}"))
                .unwrap_or_default();
            writeln!(
                out,
                "    ok: {} compiles it without a warning{msrv} ({took:.1} s)",
                compiled.how
            )?;
        } else {
            failed += 1;
            let what = if compiled.exe.is_none() {
                format!("{} printed errors", compiled.how)
            } else if compiled.too_new.is_empty() {
                format!("{} printed warnings", compiled.how)
            } else {
                "it uses APIs newer than the judge's compiler has".to_string()
            };
            writeln!(out, "    FAIL: {what} ({took:.1} s):")?;
            for line in compiled.failure().lines() {
                writeln!(out, "    | {line}")?;
            }
        }
        if let Some(why) = refused {
            failed += 1;
            writeln!(out, "    FAIL: {why}: {} refuses it", judge.title)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cargo_trees_lines_give_each_package_its_features() {
        let tree = "abc v0.1.0 (/w/problems/abc)|\n\
                    proconio v0.5.0|derive,proconio-derive\n\
                    proconio-derive v0.2.1 (proc-macro)|\n\
                    proc-macro2 v1.0.107|default,proc-macro\n\
                    proc-macro2 v1.0.107|default,proc-macro (*)\n\
                    \n";
        let built = parse_tree(tree);
        let features = |name: &str, version: &str| {
            built[&(name.to_string(), version.to_string())]
                .iter()
                .cloned()
                .collect::<Vec<_>>()
        };
        assert_eq!(built.len(), 4, "{built:?}");
        assert_eq!(features("proconio", "0.5.0"), ["derive", "proconio-derive"]);
        assert!(features("proconio-derive", "0.2.1").is_empty());
        assert_eq!(
            features("proc-macro2", "1.0.107"),
            ["default", "proc-macro"]
        );
    }

    #[test]
    fn the_atcoder_check_pins_the_judges_versions_and_features() {
        let bundle = Bundle {
            problem: "uf".into(),
            path: PathBuf::from("target/bundle/uf.rs"),
            bytes: 0,
            modules: Vec::new(),
            notes: Vec::new(),
            judge: judges::ATCODER,
            externs: vec![("proconio".into(), "0.5.0".into())],
            msrv: Some(("1.70".into(), "the crate's rust-version".into())),
            files: Vec::new(),
        };
        let m = manifest(&bundle);
        assert!(m.contains("name = \"uf\"\n"), "{m}");
        assert!(m.contains("edition = \"2021\"\n"), "{m}");
        assert!(m.contains("rust-version = \"1.70\"\n"), "{m}");
        assert!(m.contains("\n[workspace]\n"), "its own workspace:\n{m}");
        assert!(
            m.contains("proconio = { version = \"=0.5.0\", features = [\"derive\"] }"),
            "{m}"
        );
    }
}
