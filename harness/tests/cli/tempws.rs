//! A throwaway copy of the workspace with a few problems, for the author's-loop
//! commands (`new`, `stress`, `bless`, `lint`) that write into it.
//!
//! It holds no harness: the judge under test (already built by `cargo test`) runs in
//! it directly, which is what `cargo judge` does, without rebuilding the harness
//! there. The release profile is made cheap (no LTO, opt-level 1) and the target
//! folder lives inside the copy, so parallel tests never share a binary path.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// The real workspace root.
pub fn outer_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("harness/ has a parent")
        .to_path_buf()
}

/// A temporary workspace.
pub struct TempWs {
    dir: tempfile::TempDir,
}

impl TempWs {
    /// A workspace with the contest library and copies of `problems` (sources and
    /// testdata, without their tests and known-wrong solutions).
    pub fn new(problems: &[&str]) -> TempWs {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let root = outer_root();
        let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
        // The copy's members are the library and the problems, whatever the real
        // workspace's other members are.
        let members_line = manifest
            .lines()
            .find(|l| l.starts_with("members = ["))
            .expect("the root manifest lists its members");
        let manifest = manifest.replace(
            members_line,
            r#"members = ["library", "library/euclid-spec", "problems/*"]"#,
        );
        // Every member is a default one here; and cargo refuses a default-members
        // glob that matches nothing, as `problems/*` does in a copy with no problem.
        let manifest: String = manifest
            .lines()
            .filter(|l| !l.starts_with("default-members = "))
            .map(|l| format!("{l}\n"))
            .collect();
        // Without the harness, cargo warns about its profile overrides. The dev and
        // test profiles (only `cargo_test` uses them) are cheap ones of the copy's own.
        let manifest = without_test_profiles(&manifest) + TEST_PROFILES;
        let start = manifest
            .find("[profile.release]")
            .expect("a release profile");
        let end = manifest[start + 1..]
            .find("\n[")
            .map_or(manifest.len(), |i| start + 1 + i);
        let manifest = format!(
            "{}[profile.release]\nopt-level = 1\n{}",
            &manifest[..start],
            &manifest[end..]
        );
        std::fs::write(dir.path().join("Cargo.toml"), manifest).unwrap();
        std::fs::copy(root.join("Cargo.lock"), dir.path().join("Cargo.lock")).unwrap();
        // The contest library the problems depend on (without its build output).
        copy_tree(
            &root.join("library"),
            &dir.path().join("library"),
            &|p: &Path| !p.ends_with("target"),
        );
        std::fs::create_dir_all(dir.path().join("problems")).unwrap();
        std::fs::create_dir_all(dir.path().join("testdata")).unwrap();
        let ws = TempWs { dir };
        for p in problems {
            ws.copy_problem(p);
        }
        ws
    }

    fn copy_problem(&self, name: &str) {
        let from = outer_root().join("problems").join(name);
        let to = self.path(&format!("problems/{name}"));
        copy_tree(&from, &to, &|p: &Path| {
            let stem = p.file_stem().unwrap_or_default().to_string_lossy();
            !(p.ends_with("tests") || ["wa_", "tle_", "re_"].iter().any(|k| stem.starts_with(k)))
        });
        // Drop the known-wrong [[bin]] entries whose files were left out.
        let manifest = to.join("Cargo.toml");
        let text = std::fs::read_to_string(&manifest).unwrap();
        let kept: Vec<&str> = text
            .split("\n\n")
            .filter(|block| !["/wa_", "/tle_", "/re_"].iter().any(|k| block.contains(k)))
            .collect();
        std::fs::write(&manifest, kept.join("\n\n")).unwrap();
        copy_tree(
            &outer_root().join("testdata").join(name),
            &self.path(&format!("testdata/{name}")),
            &|_| true,
        );
    }

    /// A path inside the workspace.
    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    /// Where `cargo judge` put the executable `name` of a problem: under
    /// `target/HOST/release/` where it links them statically, else `target/release/`.
    pub fn built(&self, name: &str) -> PathBuf {
        ["x86_64-unknown-linux-gnu", "aarch64-unknown-linux-gnu"]
            .iter()
            .map(|host| self.path(&format!("target/{host}/release/{name}")))
            .find(|p| p.is_file())
            .unwrap_or_else(|| self.path(&format!("target/release/{name}")))
    }

    /// Replaces `from` (which must occur) by `to` in a file of the workspace.
    pub fn edit(&self, rel: &str, from: &str, to: &str) {
        let path = self.path(rel);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "{rel} does not contain {from:?}");
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    }

    /// Writes a file of the workspace.
    pub fn write(&self, rel: &str, text: impl AsRef<[u8]>) {
        let path = self.path(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// Reads a file of the workspace.
    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.path(rel)).unwrap()
    }

    /// `cargo test ARGS` in this workspace. Its test builds go to one folder shared
    /// by every temporary workspace (`target/tempws-test` of the real one), so the
    /// problems' test dependencies (libtest-mimic and clap) compile once, not once
    /// per test; a separate folder from the real build's, whose lock `cargo test`
    /// holds while these tests run.
    pub fn cargo_test(&self, args: &[&str]) -> std::process::Output {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        std::process::Command::new(cargo)
            .arg("test")
            .args(args)
            .current_dir(self.dir.path())
            .env("CARGO_TARGET_DIR", outer_root().join("target/tempws-test"))
            .env("CARGO_NET_OFFLINE", "true")
            .env_remove("CARGO_TERM_COLOR")
            .output()
            .expect("cargo runs")
    }

    /// The judge, run in this workspace.
    pub fn judge(&self) -> Command {
        let mut c = Command::cargo_bin("judge").unwrap();
        c.current_dir(self.dir.path())
            .env("CARGO_TARGET_DIR", self.path("target"))
            .env("CARGO_NET_OFFLINE", "true")
            .env("NO_COLOR", "1")
            .env_remove("CARGO_TERM_COLOR");
        c
    }
}

/// The copy's dev and test profiles (which `cargo_test` builds with): opt-level 0
/// and no debug info for everything, the dependencies too. The real workspace
/// optimises its tests' dependencies (`[profile.dev.package."*"]`, which also
/// covers the proc macros), but here the only tests built are a scaffolded
/// problem's, and a cold `cargo test -p NAME` spent its time compiling
/// libtest-mimic's clap and syn at opt-level 1: the scaffold test took 83 s alone
/// at load 8 (162 s within the whole suite at load 9), and takes 12 s with these.
const TEST_PROFILES: &str = "\n[profile.dev]\nopt-level = 0\ndebug = false\n";

/// `manifest` without its dev and test profiles and its
/// `[profile.NAME.package.harness]` and `judge-*` sections (packages the copy lacks).
fn without_test_profiles(manifest: &str) -> String {
    let mut kept = String::new();
    let mut skipping = false;
    for line in manifest.lines() {
        if line.starts_with('[') {
            skipping = line.starts_with("[profile.dev]")
                || line.starts_with("[profile.dev.")
                || line.starts_with("[profile.test]")
                || line.starts_with("[profile.test.")
                || (line.starts_with("[profile.")
                    && (line.ends_with(".package.harness]") || line.contains(".package.judge-")));
        }
        if !skipping {
            kept.push_str(line);
            kept.push('\n');
        }
    }
    kept
}

/// Copies `from` into `to`, the entries `keep` accepts.
pub fn copy_tree(from: &Path, to: &Path, keep: &dyn Fn(&Path) -> bool) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let path = entry.path();
        if !keep(&path) {
            continue;
        }
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_tree(&path, &target, keep);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}
