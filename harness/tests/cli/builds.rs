//! What `cargo judge` compiles of the problems (only the programs judging runs),
//! and what it shows of that build.

use predicates::prelude::*;

#[test]
fn judging_compiles_only_what_it_runs_so_a_broken_generator_does_not_stop_it() {
    let ws = crate::tempws::TempWs::new(&["poj2484"]);
    let gen_rs = ws.read("problems/poj2484/src/bin/gen.rs");
    ws.write(
        "problems/poj2484/src/bin/gen.rs",
        format!("{gen_rs}\nfn planted() -> u32 {{\n    \"not a number\"\n}}\n"),
    );
    ws.judge()
        .arg("poj2484")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("poj2484: 19/19 AC"))
        .stderr(predicate::str::contains("mismatched types").not());
}

#[test]
fn a_run_with_nothing_to_build_prints_no_build_line() {
    let ws = crate::tempws::TempWs::new(&["poj2484"]);
    ws.judge()
        .arg("poj2484")
        .assert()
        .code(0)
        .stderr(predicate::str::contains("Compiling poj2484"));
    // Everything is built: cargo's lone `Finished` line is not shown on every run.
    // A `Blocking waiting for file lock` line is cargo waiting for another test's
    // cargo (the package cache is shared), not a build line: the judge shows it on
    // purpose, and this test does not count it.
    let out = ws.judge().arg("poj2484").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let shown: Vec<&str> = stderr
        .lines()
        .filter(|l| !l.trim_start().starts_with("Blocking waiting for file lock"))
        .collect();
    assert!(shown.is_empty(), "{stderr}");
}
