//! Cargo's JSON, the few fields the judge reads: `cargo metadata
//! --format-version 1 --no-deps` and the messages of `cargo build
//! --message-format=json`.
//!
//! The `cargo_metadata` crate did this with a complete typed model of both
//! formats (and `camino`, `semver`, `cargo-platform`, `thiserror` behind it);
//! the judge reads a dozen fields, and a fresh clone's first `cargo judge`
//! compiles whatever the judge depends on, so these are plain serde structs over
//! `serde_json`, which the JSON report needs anyway. Unknown fields are ignored,
//! so newer cargos keep working.

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};
use serde::Deserialize;

/// What `cargo metadata --no-deps` says about the workspace.
#[derive(Debug, Deserialize)]
pub struct Metadata {
    /// The workspace's packages (with `--no-deps`, only its members).
    pub packages: Vec<Package>,
    /// Package ids of the members.
    pub workspace_members: Vec<String>,
    /// The folder of the workspace's `Cargo.toml`.
    pub workspace_root: PathBuf,
    /// Where cargo builds (`target/`, or `CARGO_TARGET_DIR`).
    pub target_directory: PathBuf,
    /// The resolved dependency graph (absent with `--no-deps`).
    #[serde(default)]
    pub resolve: Option<Resolve>,
}

/// `cargo metadata`'s resolved graph: each package's enabled features and the
/// packages its dependencies resolved to.
#[derive(Debug, Deserialize)]
pub struct Resolve {
    /// One node per package.
    pub nodes: Vec<Node>,
}

/// One package of the resolved graph.
#[derive(Debug, Deserialize)]
pub struct Node {
    /// The package id.
    pub id: String,
    /// Its dependencies as resolved.
    #[serde(default)]
    pub deps: Vec<NodeDep>,
    /// Its enabled features.
    #[serde(default)]
    pub features: Vec<String>,
}

/// One resolved dependency.
#[derive(Debug, Deserialize)]
pub struct NodeDep {
    /// The name code uses for it (its rename or lib name, `-` as `_`).
    pub name: String,
    /// The package it resolved to.
    pub pkg: String,
    /// Its kinds (normal, dev, build), each maybe for one platform only.
    #[serde(default)]
    pub dep_kinds: Vec<DepKind>,
}

/// How a package depends on another.
#[derive(Debug, Deserialize)]
pub struct DepKind {
    /// `None` for normal, else `"dev"` or `"build"`.
    pub kind: Option<String>,
    /// A `cfg(...)` or target triple when it is a platform-specific dependency.
    pub target: Option<String>,
}

impl NodeDep {
    /// Whether it is a normal dependency on every platform.
    pub fn is_normal(&self) -> bool {
        self.dep_kinds
            .iter()
            .any(|k| k.kind.as_deref().is_none_or(|k| k == "normal") && k.target.is_none())
    }
}

impl Metadata {
    /// Runs `cargo metadata --format-version 1 --no-deps` with `cargo` in the
    /// current directory.
    pub fn load(cargo: &Path) -> Result<Metadata> {
        Metadata::run(cargo, &["--no-deps"])
    }

    /// Runs `cargo metadata --format-version 1` with every package the workspace
    /// depends on and the resolved graph (what bundling a crates.io dependency
    /// needs: its sources, features and own dependencies).
    pub fn load_with_dependencies(cargo: &Path) -> Result<Metadata> {
        Metadata::run(cargo, &[])
    }

    fn run(cargo: &Path, extra: &[&str]) -> Result<Metadata> {
        let output = Command::new(cargo)
            .args(["metadata", "--format-version", "1"])
            .args(extra)
            .output()
            .with_context(|| format!("cannot run {} metadata", cargo.display()))?;
        if !output.status.success() {
            bail!(
                "`cargo metadata` exited with an error: {}",
                one_line(&String::from_utf8_lossy(&output.stderr))
            );
        }
        Metadata::parse(&output.stdout)
    }

    /// Reads `cargo metadata`'s output: one JSON object (on the line that starts
    /// with `{`, as cargo may print warnings around it on stdout in old versions).
    pub fn parse(stdout: &[u8]) -> Result<Metadata> {
        let text = String::from_utf8_lossy(stdout);
        let json = text
            .lines()
            .find(|line| line.starts_with('{'))
            .context("`cargo metadata` printed no JSON object")?;
        serde_json::from_str(json).context("cannot read `cargo metadata`'s output")
    }

    /// The workspace's members, in cargo's order.
    pub fn workspace_packages(&self) -> Vec<&Package> {
        self.packages
            .iter()
            .filter(|p| self.workspace_members.contains(&p.id))
            .collect()
    }
}

/// One package of the workspace.
#[derive(Debug, Deserialize)]
pub struct Package {
    /// `name` in its `Cargo.toml`.
    pub name: String,
    /// Cargo's package id (as in build messages' `package_id`).
    pub id: String,
    /// Its `Cargo.toml`.
    pub manifest_path: PathBuf,
    /// `"2021"`, `"2024"`...; cargo always prints it, 2015 if unset.
    #[serde(default = "edition_2015")]
    pub edition: String,
    /// Its libraries, binaries, tests...
    pub targets: Vec<Target>,
    /// Its dependencies of every kind.
    pub dependencies: Vec<Dependency>,
    /// Its version.
    #[serde(default)]
    pub version: String,
    /// Where it comes from (`registry+https://...`, `git+...`); `None` for a path.
    #[serde(default)]
    pub source: Option<String>,
    /// Its `rust-version`, if it declares one.
    #[serde(default)]
    pub rust_version: Option<String>,
}

fn edition_2015() -> String {
    "2015".to_string()
}

/// One target of a package.
#[derive(Debug, Deserialize)]
pub struct Target {
    /// The target's name (a binary's file name).
    pub name: String,
    /// `["bin"]`, `["lib"]`, `["rlib"]`, `["test"]`...
    pub kind: Vec<String>,
    /// Its root source file.
    pub src_path: PathBuf,
}

impl Target {
    /// Whether it is a binary.
    pub fn is_bin(&self) -> bool {
        self.kind.iter().any(|k| k == "bin")
    }

    /// Whether it is a library (`lib` or `rlib`).
    pub fn is_lib(&self) -> bool {
        self.kind.iter().any(|k| k == "lib" || k == "rlib")
    }

    /// Whether it is a procedural macro library.
    pub fn is_proc_macro(&self) -> bool {
        self.kind.iter().any(|k| k == "proc-macro")
    }

    /// Whether it is a build script.
    pub fn is_build_script(&self) -> bool {
        self.kind.iter().any(|k| k == "custom-build")
    }
}

/// One dependency of a package, as its `Cargo.toml` declares it.
#[derive(Debug, Deserialize)]
pub struct Dependency {
    /// The depended-on package's name.
    pub name: String,
    /// The name it is used under (`foo = { package = "bar" }`), if renamed.
    pub rename: Option<String>,
    /// `None` for a normal dependency, else `"dev"` or `"build"`.
    pub kind: Option<String>,
    /// Its folder, for a path dependency.
    pub path: Option<PathBuf>,
}

impl Dependency {
    /// Whether it is a normal (not dev, not build) dependency.
    pub fn is_normal(&self) -> bool {
        self.kind.as_deref().is_none_or(|k| k == "normal")
    }
}

/// One message of `cargo build --message-format=json...`, the kinds the judge reads.
#[derive(Debug, Deserialize)]
#[serde(tag = "reason")]
pub enum Message {
    /// A target was built (or was fresh).
    #[serde(rename = "compiler-artifact")]
    CompilerArtifact(Artifact),
    /// A diagnostic from rustc.
    #[serde(rename = "compiler-message")]
    CompilerMessage(CompilerMessage),
    /// Anything else (build scripts, `build-finished`...).
    #[serde(other)]
    Other,
}

/// A built target.
#[derive(Debug, Deserialize)]
pub struct Artifact {
    /// The package's id.
    pub package_id: String,
    /// The target built.
    pub target: ArtifactTarget,
    /// The executable, for a binary.
    pub executable: Option<PathBuf>,
}

/// The target of an artifact (only its name is read).
#[derive(Debug, Deserialize)]
pub struct ArtifactTarget {
    /// The target's name.
    pub name: String,
}

/// A compiler diagnostic and the package it is about.
#[derive(Debug, Deserialize)]
pub struct CompilerMessage {
    /// The package's id.
    pub package_id: String,
    /// The diagnostic.
    pub message: Diagnostic,
}

/// A rustc diagnostic (only its level and rendering are read).
#[derive(Debug, Deserialize)]
pub struct Diagnostic {
    /// `"error"`, `"warning"`, `"note"`...
    pub level: String,
    /// As rustc would print it (with ANSI colors under
    /// `json-diagnostic-rendered-ansi`).
    pub rendered: Option<String>,
}

impl Diagnostic {
    /// Whether it is an error (which fails the build).
    pub fn is_error(&self) -> bool {
        self.level == "error"
    }
}

/// Cargo's messages from `reader`, one per JSON line; a line that is not one of
/// cargo's JSON messages is skipped, as cargo_metadata's `parse_stream` did.
pub fn messages<R: BufRead>(reader: R) -> impl Iterator<Item = std::io::Result<Message>> {
    reader.lines().filter_map(|line| match line {
        Err(e) => Some(Err(e)),
        Ok(line) => serde_json::from_str::<Message>(&line).ok().map(Ok),
    })
}

/// Cargo's error report (`error: X`, its lines, then `Caused by:` and an
/// indented cause each) as one line, `X: cause: cause`, as the judge's errors
/// are one line each.
fn one_line(stderr: &str) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut current = String::new();
    for line in stderr.lines().map(str::trim) {
        if line.is_empty() {
            continue;
        }
        if line == "Caused by:" {
            if !current.is_empty() {
                parts.push(std::mem::take(&mut current));
            }
            continue;
        }
        let line = line.strip_prefix("error: ").unwrap_or(line);
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(line);
    }
    if !current.is_empty() {
        parts.push(current);
    }
    parts.join(": ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cargos_error_report_is_one_line() {
        let stderr = "error: failed to load manifest for workspace member `/w/problems/*`\n\
                      referenced by workspace at `/w/Cargo.toml`\n\nCaused by:\n  \
                      failed to read `/w/problems/*/Cargo.toml`\n\nCaused by:\n  \
                      No such file or directory (os error 2)\n";
        assert_eq!(
            one_line(stderr),
            "failed to load manifest for workspace member `/w/problems/*` referenced by \
             workspace at `/w/Cargo.toml`: failed to read `/w/problems/*/Cargo.toml`: No such \
             file or directory (os error 2)"
        );
        assert_eq!(
            one_line("error: could not find `Cargo.toml`\n"),
            "could not find `Cargo.toml`"
        );
    }

    /// The shape of `cargo metadata --format-version 1 --no-deps` (cut down, with
    /// the fields cargo 1.95 prints around the ones read).
    const METADATA: &str = r#"{"packages":[
        {"name":"hdu1846","version":"0.1.0","id":"path+file:///ws/problems/hdu1846#0.1.0",
         "license":null,"source":null,
         "dependencies":[
            {"name":"contest","source":null,"req":"*","kind":null,"rename":null,
             "optional":false,"uses_default_features":true,"features":[],"target":null,
             "registry":null,"path":"/ws/library"},
            {"name":"proptest","source":"registry+https://github.com/rust-lang/crates.io-index",
             "req":"^1","kind":"dev","rename":null,"optional":false,
             "uses_default_features":false,"features":["std"],"target":null,"registry":null},
            {"name":"contest","source":null,"req":"*","kind":"build","rename":"lib2",
             "optional":false,"uses_default_features":true,"features":[],"target":null,
             "registry":null,"path":"/ws/library"}],
         "targets":[
            {"kind":["bin"],"crate_types":["bin"],"name":"hdu1846",
             "src_path":"/ws/problems/hdu1846/src/main.rs","edition":"2021",
             "doc":true,"doctest":false,"test":true},
            {"kind":["bin"],"crate_types":["bin"],"name":"hdu1846-brute",
             "src_path":"/ws/problems/hdu1846/src/bin/brute.rs","edition":"2021",
             "doc":true,"doctest":false,"test":true},
            {"kind":["test"],"crate_types":["bin"],"name":"solution",
             "src_path":"/ws/problems/hdu1846/tests/solution.rs","edition":"2021",
             "doc":false,"doctest":false,"test":true}],
         "features":{},"manifest_path":"/ws/problems/hdu1846/Cargo.toml","metadata":null,
         "publish":[],"edition":"2021","links":null,"default_run":null,"rust_version":null},
        {"name":"contest","version":"0.1.0","id":"path+file:///ws/library#contest@0.1.0",
         "dependencies":[],
         "targets":[{"kind":["lib"],"crate_types":["lib"],"name":"contest",
             "src_path":"/ws/library/src/lib.rs","edition":"2021"}],
         "manifest_path":"/ws/library/Cargo.toml","edition":"2021"}],
      "workspace_members":["path+file:///ws/problems/hdu1846#0.1.0",
                           "path+file:///ws/library#contest@0.1.0"],
      "workspace_default_members":[],
      "resolve":null,"target_directory":"/ws/target","build_directory":"/ws/target",
      "version":1,"workspace_root":"/ws","metadata":null}"#;

    /// Parses JSON written over several lines here (cargo prints one line).
    fn parse(json: &str) -> Result<Metadata> {
        Metadata::parse(json.replace('\n', " ").as_bytes())
    }

    #[test]
    fn metadata_reads_root_target_packages_targets_and_dependencies() {
        let m = parse(METADATA).unwrap();
        assert_eq!(m.workspace_root, Path::new("/ws"));
        assert_eq!(m.target_directory, Path::new("/ws/target"));
        let packages = m.workspace_packages();
        assert_eq!(packages.len(), 2);
        let p = packages[0];
        assert_eq!(p.name, "hdu1846");
        assert_eq!(p.edition, "2021");
        assert_eq!(
            p.manifest_path,
            Path::new("/ws/problems/hdu1846/Cargo.toml")
        );
        let bins: Vec<&str> = p
            .targets
            .iter()
            .filter(|t| t.is_bin())
            .map(|t| t.name.as_str())
            .collect();
        assert_eq!(bins, ["hdu1846", "hdu1846-brute"]);
        assert!(!p.targets[2].is_bin());
        assert!(packages[1].targets[0].is_lib());
        assert!(!p.targets[0].is_lib());
        let normal: Vec<_> = p.dependencies.iter().filter(|d| d.is_normal()).collect();
        assert_eq!(normal.len(), 1);
        assert_eq!(normal[0].name, "contest");
        assert_eq!(normal[0].path.as_deref(), Some(Path::new("/ws/library")));
        assert_eq!(p.dependencies[1].path, None);
        assert_eq!(p.dependencies[2].rename.as_deref(), Some("lib2"));
    }

    #[test]
    fn metadata_skips_non_json_lines_and_leaves_out_non_members() {
        let text = METADATA.replace('\n', " ").replace(
            "\"workspace_members\":[\"path+file:///ws/problems/hdu1846#0.1.0\",",
            "\"workspace_members\":[",
        );
        let m = Metadata::parse(format!("warning: something\n{text}\n").as_bytes()).unwrap();
        let names: Vec<&str> = m
            .workspace_packages()
            .iter()
            .map(|p| p.name.as_str())
            .collect();
        assert_eq!(names, ["contest"]);
    }

    #[test]
    fn metadata_that_is_not_json_is_an_error_not_an_empty_workspace() {
        assert!(Metadata::parse(b"").is_err());
        assert!(Metadata::parse(b"{\"packages\": 3}").is_err());
    }

    #[test]
    fn an_edition_cargo_leaves_out_is_2015() {
        let m = parse(
            r#"{"packages":[{"name":"a","id":"a","manifest_path":"/a/Cargo.toml",
                "targets":[],"dependencies":[]}],"workspace_members":["a"],
                "workspace_root":"/a","target_directory":"/a/target"}"#,
        )
        .unwrap();
        assert_eq!(m.packages[0].edition, "2015");
    }

    #[test]
    fn build_messages_give_executables_and_errors_and_skip_the_rest() {
        let stream = concat!(
            r#"{"reason":"compiler-artifact","package_id":"path+file:///ws/library#contest@0.1.0","manifest_path":"/ws/library/Cargo.toml","target":{"kind":["lib"],"crate_types":["lib"],"name":"contest","src_path":"/ws/library/src/lib.rs","edition":"2021"},"profile":{"opt_level":"3"},"features":[],"filenames":["/ws/target/release/libcontest.rlib"],"executable":null,"fresh":true}"#,
            "\n",
            r#"{"reason":"compiler-message","package_id":"path+file:///ws/problems/x#0.1.0","manifest_path":"/ws/problems/x/Cargo.toml","target":{"name":"x"},"message":{"rendered":"error[E0425]: cannot find value `y`\n","$message_type":"diagnostic","children":[],"code":{"code":"E0425"},"level":"error","message":"cannot find value `y`","spans":[]}}"#,
            "\n",
            "not json at all\n",
            r#"{"reason":"build-script-executed","package_id":"p","linked_libs":[],"linked_paths":[],"cfgs":[],"env":[],"out_dir":"/o"}"#,
            "\n",
            r#"{"reason":"compiler-artifact","package_id":"path+file:///ws/problems/x#0.1.0","target":{"name":"x-brute"},"executable":"/ws/target/release/x-brute","fresh":false}"#,
            "\n",
            r#"{"reason":"compiler-message","package_id":"p","message":{"rendered":null,"level":"warning"}}"#,
            "\n",
            r#"{"reason":"build-finished","success":false}"#,
            "\n",
        );
        let messages: Vec<Message> = messages(stream.as_bytes())
            .collect::<std::io::Result<_>>()
            .unwrap();
        assert_eq!(messages.len(), 6, "{messages:?}");
        match &messages[0] {
            Message::CompilerArtifact(a) => {
                assert_eq!(a.target.name, "contest");
                assert_eq!(a.executable, None);
            }
            other => panic!("{other:?}"),
        }
        match &messages[1] {
            Message::CompilerMessage(m) => {
                assert_eq!(m.package_id, "path+file:///ws/problems/x#0.1.0");
                assert!(m.message.is_error());
                assert_eq!(
                    m.message.rendered.as_deref(),
                    Some("error[E0425]: cannot find value `y`\n")
                );
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(messages[2], Message::Other));
        match &messages[3] {
            Message::CompilerArtifact(a) => assert_eq!(
                (a.target.name.as_str(), a.executable.as_deref()),
                ("x-brute", Some(Path::new("/ws/target/release/x-brute")))
            ),
            other => panic!("{other:?}"),
        }
        match &messages[4] {
            Message::CompilerMessage(m) => {
                assert!(!m.message.is_error());
                assert_eq!(m.message.rendered, None);
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(messages[5], Message::Other));
    }
}
