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

#[test]
fn a_compile_error_is_shown_once_in_the_report_with_how_many_more_there_are() {
    let ws = crate::tempws::TempWs::new(&["poj2484"]);
    let main = ws.read("problems/poj2484/src/main.rs");
    ws.write(
        "problems/poj2484/src/main.rs",
        format!(
            "{main}\nfn first() -> u32 {{\n    \"not a number\"\n}}\n\
             fn second() -> u64 {{\n    \"nor this\"\n}}\n\
             fn unused_warning() {{\n    let unused = 1;\n}}\n"
        ),
    );
    let out = ws.judge().arg("poj2484").output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    let both = format!("{stdout}{stderr}");
    // Once, under its CE verdict (not also as cargo streamed it): the first
    // error, and how to see the other one.
    assert_eq!(both.matches("mismatched types").count(), 1, "{both}");
    assert!(
        stdout.contains(
            "CE  poj2484/(build)\n    the first of 2 errors (`cargo build --release \
             -p poj2484` shows every one):\n    error[E0308]: mismatched types\n"
        ),
        "{stdout}"
    );
    assert!(!both.contains("rustc --explain"), "{both}");
    // A warning is no verdict's: it is still shown as cargo streams it.
    assert!(stderr.contains("unused variable: `unused`"), "{stderr}");
}
