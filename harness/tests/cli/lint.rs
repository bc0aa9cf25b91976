//! `cargo judge lint`: hygiene findings, tolerated names, and the repo's own testdata.

use predicates::prelude::*;

use crate::tempws::{TempWs, outer_root};

#[test]
fn lint_is_clean_on_the_repository_testdata_and_tolerates_named_files() {
    let mut judge = assert_cmd::Command::cargo_bin("judge").unwrap();
    judge
        .current_dir(outer_root())
        .env("NO_COLOR", "1")
        .arg("lint")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("clean"))
        .stdout(predicate::str::contains(
            "tolerated testdata/hdu1525/31-crlf-tolerated.in:1: CR",
        ));
}

#[test]
fn lint_names_every_hygiene_problem_with_file_and_line() {
    let ws = TempWs::new(&["hdu1525"]);
    ws.write("testdata/p/problem.toml", "");
    ws.write("testdata/p/1-ok.in", "1 2\n");
    ws.write("testdata/p/1-ok.out", "x\n");
    ws.write("testdata/p/2-crlf.in", "1 2\r\n");
    ws.write("testdata/p/2-crlf.out", "x\n");
    ws.write("testdata/p/3-trailing.in", "1 2\n3 4 \n");
    ws.write("testdata/p/3-trailing.out", "x");
    ws.write("testdata/p/4-empty.in", "");
    ws.write("testdata/p/4-empty.out", "x\n");
    ws.write("testdata/p/5-latin1.in", b"1 \xe9\n".as_slice());
    ws.write("testdata/p/5-latin1.out", "x\n");
    ws.write("testdata/p/6-copy.in", "1 2\n");
    ws.write("testdata/p/6-copy.out", "x\n");
    ws.write("testdata/p/7-lonely.in", "5 6\n");
    ws.write("testdata/p/8-crlf-tolerated.in", "7 8\r\n");
    ws.write("testdata/p/8-crlf-tolerated.out", "x\n");
    ws.judge()
        .arg("lint")
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "error testdata/p/2-crlf.in:1: CR character",
        ))
        .stdout(predicate::str::contains(
            "error testdata/p/3-trailing.in:2: trailing space",
        ))
        .stdout(predicate::str::contains(
            "error testdata/p/3-trailing.out:1: no newline at the end",
        ))
        .stdout(predicate::str::contains(
            "error testdata/p/4-empty.in: empty file",
        ))
        .stdout(predicate::str::contains(
            "error testdata/p/5-latin1.in:1: not UTF-8",
        ))
        .stdout(predicate::str::contains(
            "error testdata/p/6-copy.in: same input as testdata/p/1-ok.in",
        ))
        .stdout(predicate::str::contains(
            "error testdata/p/7-lonely.in: no matching .out",
        ))
        .stdout(predicate::str::contains(
            "tolerated testdata/p/8-crlf-tolerated.in:1: CR",
        ))
        .stdout(predicate::str::contains("error testdata/p/8").not())
        .stdout(predicate::str::contains("7 problems"));
}

#[test]
fn lint_calls_a_problem_toml_that_does_not_load_an_error_naming_it() {
    let ws = TempWs::new(&["hdu1525"]);
    ws.write(
        "testdata/p/problem.toml",
        "time_limit = 1\nchecker = \"fuzzy\"\n",
    );
    ws.write("testdata/p/1.in", "1\n");
    ws.write("testdata/p/1.out", "1\n");
    ws.judge()
        .env("NO_COLOR", "1")
        .args(["lint", "p"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "error testdata/p/problem.toml: line 2: unknown checker \"fuzzy\"",
        ))
        .stdout(predicate::str::contains("FAIL"))
        .stdout(predicate::str::contains("1 problem,"));
}

#[test]
fn lint_names_a_stray_file_the_judge_would_ignore() {
    let ws = TempWs::new(&["hdu1525"]);
    ws.write("testdata/p/1.in", "1\n");
    ws.write("testdata/p/1.out", "1\n");
    ws.write("testdata/p/03-x.ou", "1\n");
    ws.write("testdata/p/README.md", "notes\n");
    ws.judge()
        .args(["lint", "p"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "error testdata/p/03-x.ou: stray file",
        ))
        .stdout(predicate::str::contains("README.md").not())
        .stdout(predicate::str::contains("1 problem,").or(predicate::str::contains("1 problem\n")));
}

#[test]
fn lint_runs_a_testlib_validator_and_the_files_problem_toml_names_are_not_stray() {
    if !crate::support::have(&["g++"]) {
        return;
    }
    let ws = TempWs::new(&["hdu1525"]);
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    for (from, to) in [
        ("testlib/testlib.h", "testlib.h"),
        ("testlib/rcmp.cpp", "check.cpp"),
        ("polygon/mean/files/val.cpp", "val.cpp"),
    ] {
        ws.write(
            &format!("testdata/p/{to}"),
            std::fs::read(fixtures.join(from)).unwrap(),
        );
    }
    ws.write(
        "testdata/p/problem.toml",
        "checker = \"testlib\"\nchecker_source = \"check.cpp\"\nvalidator_source = \"val.cpp\"\n",
    );
    ws.write("testdata/p/1.in", "2\n1 2\n");
    ws.write("testdata/p/1.out", "1.5\n");
    ws.write("testdata/p/2.in", "0\n");
    ws.write("testdata/p/2.out", "0\n");
    ws.write("testdata/p/notes.cpp", "");
    let out = ws
        .judge()
        .args(["lint", "p"])
        .env(
            "CP_GAMES_CACHE",
            std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("testlib-cache"),
        )
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let findings: Vec<&str> = text.lines().filter(|l| l.contains("testdata/p/")).collect();
    assert!(
        findings.iter().any(|l| l.contains("2.in")
            && l.contains("n = 0 violates the range [1, 100]")
            && l.contains("val.cpp (testlib validator)")),
        "{text}"
    );
    // A file no key names is still stray; the checker, validator and header are not.
    assert!(findings.iter().any(|l| l.contains("notes.cpp")), "{text}");
    for named in ["check.cpp", "val.cpp", "testlib.h", "1.in"] {
        assert!(
            !findings.iter().any(|l| l.contains(&format!("p/{named}"))),
            "{named}: {text}"
        );
    }
}

#[test]
fn lint_takes_a_testdata_folder_by_name_even_without_its_crate() {
    let ws = TempWs::new(&["hdu1525"]);
    ws.write("testdata/orphan/1.in", "1 \n");
    ws.write("testdata/orphan/1.out", "x\n");
    ws.judge()
        .args(["lint", "orphan"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "error testdata/orphan/1.in:1: trailing space",
        ));
    // Its name is one lint knows, so a misspelling finds it.
    ws.judge()
        .args(["lint", "orphn"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown problem \"orphn\": did you mean orphan? (the workspace has: hdu1525, orphan)",
        ));
}

#[test]
fn lint_says_the_inputs_are_unchecked_while_the_validator_is_not_written() {
    let ws = TempWs::new(&["poj2484"]);
    ws.judge().args(["new", "cf1a"]).assert().code(0);
    ws.write("testdata/cf1a/01-sample.in", "6 6 4\n");
    ws.write("testdata/cf1a/01-sample.out", "4\n");
    ws.judge()
        .args(["lint", "cf1a"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "note: cf1a-validate is not written yet (problems/cf1a/src/bin/validate.rs): \
             testdata/cf1a/'s inputs are unchecked",
        ))
        .stdout(predicate::str::contains("0 inputs validated"))
        .stdout(predicate::str::contains("rejected by").not());
}
