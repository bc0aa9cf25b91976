//! The judge as `cargo install` puts it on PATH: the `cargo-judge` binary, which
//! cargo runs as `cargo-judge judge ARGS...` for `cargo judge ARGS...`. It works in
//! any folder (`run`, `verify`) and creates problems in the current workspace
//! (`new`), without this clone around it.

use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;

use crate::support::{Folder, have};
use crate::tempws::TempWs;

/// `cargo judge ARGS...` as cargo runs the installed judge, in `dir`.
fn cargo_judge(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("cargo-judge").unwrap();
    cmd.current_dir(dir)
        .arg("judge")
        .env("NO_COLOR", "1")
        .timeout(std::time::Duration::from_secs(120));
    cmd
}

/// A temporary folder that no Cargo workspace holds.
fn outside_any_workspace() -> Folder {
    let folder = Folder {
        dir: tempfile::tempdir().unwrap(),
    };
    let manifests: Vec<_> = folder
        .path()
        .ancestors()
        .map(|d| d.join("Cargo.toml"))
        .filter(|m| m.exists())
        .collect();
    assert!(manifests.is_empty(), "inside a workspace: {manifests:?}");
    folder
}

#[test]
fn the_installed_judge_runs_a_source_file_in_a_folder_outside_any_workspace() {
    let folder = outside_any_workspace();
    folder.write(
        "add.rs",
        "fn main() {\n    let mut s = String::new();\n    std::io::stdin().read_line(&mut s).unwrap();\n    \
         let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();\n    \
         println!(\"{}\", v[0] + v[1]);\n}\n",
    );
    folder.write("cases/1.in", "1 2\n");
    folder.write("cases/1.out", "3\n");
    folder.write("cases/2.in", "-5 5\n");
    folder.write("cases/2.out", "0\n");
    cargo_judge(folder.path())
        .args(["run", "add.rs", "cases"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("ok   cases: 2/2 AC"));
    // And a wrong answer is still caught there.
    folder.write("cases/2.out", "1\n");
    cargo_judge(folder.path())
        .args(["run", "add.rs", "cases"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("FAIL cases: 1/2 AC, 1 WA"));
}

#[test]
fn the_installed_judge_verifies_a_package_in_a_folder_outside_any_workspace() {
    if !have(&["python3"]) {
        return;
    }
    let folder = outside_any_workspace();
    crate::tempws::copy_tree(
        &crate::package::package("shout"),
        &folder.path().join("shout"),
        &|_| true,
    );
    cargo_judge(&folder.path().join("shout"))
        .args(["verify", "."])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "ok   shout: 2/2 submissions got what they expect",
        ));
}

#[test]
fn the_installed_judge_creates_a_problem_in_the_current_workspace() {
    let ws = TempWs::new(&["poj2484"]);
    cargo_judge(&ws.path("testdata"))
        .args(["new", "cf1a"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("created problems/cf1a/"));
    assert!(ws.path("problems/cf1a/src/main.rs").is_file());
    assert!(ws.path("testdata/cf1a/problem.toml").is_file());
}

#[test]
fn outside_a_workspace_new_says_it_needs_one_and_creates_nothing() {
    let folder = outside_any_workspace();
    cargo_judge(folder.path())
        .args(["new", "cf1a"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cannot read the Cargo workspace to put the problem in",
        ));
    assert_eq!(std::fs::read_dir(folder.path()).unwrap().count(), 0);
}
