//! `cargo judge new`: scaffolds a problem that builds and is judged at once; refuses
//! taken and invalid names without writing anything.

use std::path::Path;

use predicates::prelude::*;

use crate::tempws::TempWs;

/// Every file under the workspace copy except target/, with its content.
fn snapshot(ws: &TempWs) -> Vec<(String, Vec<u8>)> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<(String, Vec<u8>)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path == root.join("target") {
                continue;
            }
            let rel = path.strip_prefix(root).unwrap().display().to_string();
            if path.is_dir() {
                out.push((rel + "/", Vec::new()));
                walk(&path, root, out);
            } else {
                out.push((rel, std::fs::read(&path).unwrap()));
            }
        }
    }
    let root = ws.path("");
    let mut files = Vec::new();
    walk(&root, &root, &mut files);
    files.sort();
    files
}

#[test]
fn new_scaffolds_a_problem_that_builds_and_is_judged_at_once() {
    let ws = TempWs::new(&["poj2484"]);
    ws.judge()
        .args(["new", "my-game", "--title", "Take \"One\" or Two"])
        .args(["--source", "POJ 9999", "--time-limit", "1.5"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("created problems/my-game/"))
        .stdout(predicate::str::contains("created testdata/my-game/"))
        .stdout(predicate::str::contains("src/bin/validate.rs"))
        .stdout(predicate::str::contains("cargo judge stress my-game"));
    let toml = ws.read("testdata/my-game/problem.toml");
    assert!(toml.contains(r#"title = 'Take "One" or Two'"#), "{toml}");
    assert!(
        toml.contains("time_limit = 1.5\nmemory_limit = 256\n"),
        "{toml}"
    );
    assert!(toml.contains("judge = \"POJ\"\nid = \"9999\""), "{toml}");
    assert_eq!(ws.read("testdata/my-game/01-sample.in"), "");
    assert!(
        ws.read("problems/my-game/Cargo.toml")
            .contains("name = \"my-game-validate\"\npath = \"src/bin/validate.rs\"")
    );
    let leftovers = snapshot(&ws)
        .into_iter()
        .filter(|(p, _)| p.starts_with(".judge-new"))
        .count();
    assert_eq!(leftovers, 0, "the staging folder is removed");
    ws.judge()
        .arg("my-game")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("my-game: 1/1 AC"));
}

#[test]
fn new_refuses_a_taken_name_naming_the_folder_and_writes_nothing() {
    let ws = TempWs::new(&["poj2484"]);
    ws.write("testdata/lonely/1.in", "1\n");
    let before = snapshot(&ws);
    ws.judge()
        .args(["new", "poj2484"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("problems/poj2484 already exists"));
    ws.judge()
        .args(["new", "lonely"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("testdata/lonely already exists"));
    ws.judge()
        .args(["new", "poj2484-brute"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "it would clash with the binary poj2484-brute of poj2484",
        ));
    assert!(snapshot(&ws) == before, "the workspace changed");
}

#[test]
fn new_refuses_an_invalid_name_and_writes_nothing() {
    let ws = TempWs::new(&["poj2484"]);
    let before = snapshot(&ws);
    for (name, why) in [
        ("My-Game", "must start with a lowercase letter"),
        ("2fast", "must start with a lowercase letter"),
        ("a.b", "'.' is not allowed"),
        ("fn", "Rust keyword"),
        ("stress", "is a subcommand"),
    ] {
        ws.judge()
            .args(["new", name])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(why));
    }
    assert!(snapshot(&ws) == before, "the workspace changed");
}
