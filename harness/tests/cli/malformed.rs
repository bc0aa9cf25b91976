//! Broken testdata and bad arguments: a one-line error naming the problem, exit 2.

use predicates::prelude::*;

use crate::support::{Folder, judge_fixture};

#[test]
fn an_input_without_output_is_reported_by_name_and_the_rest_is_still_judged() {
    let f = Folder::echo_cases();
    f.write("lonely.in", "5\n");
    judge_fixture("echo", f.path(), &[])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("1/1 AC"))
        .stderr(predicate::str::contains("lonely.in: no matching .out file"));
}

#[test]
fn an_output_without_input_is_reported_by_name() {
    let f = Folder::echo_cases();
    f.write("orphan.out", "5\n");
    judge_fixture("echo", f.path(), &[])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("orphan.out: no matching .in file"));
}

#[test]
fn an_unknown_key_in_problem_toml_is_an_error_naming_the_key() {
    let f = Folder::echo_cases();
    f.write("problem.toml", "time_limt = 1.0\n");
    judge_fixture("echo", f.path(), &[])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("problem.toml").and(predicate::str::contains("time_limt")),
        );
}

#[test]
fn a_time_limit_with_a_unit_says_a_number_of_seconds_is_expected_naming_file_and_line() {
    let f = Folder::echo_cases();
    f.write("problem.toml", "title = \"x\"\ntime_limit = 1.0s\n");
    judge_fixture("echo", f.path(), &[])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "{}: line 2: time_limit: expected a number of seconds (time_limit = 1.5), found 1.0s",
            f.path().join("problem.toml").display()
        )));
}

#[test]
fn a_folder_with_no_cases_is_an_error() {
    let f = Folder {
        dir: tempfile::tempdir().unwrap(),
    };
    judge_fixture("echo", f.path(), &[])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no test cases"));
}

#[test]
fn a_missing_folder_is_an_error() {
    judge_fixture("echo", std::path::Path::new("/nonexistent/cases"), &[])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "/nonexistent/cases is not a folder",
        ));
}

#[test]
fn an_unreadable_expected_output_is_a_judge_error_not_a_verdict() {
    let f = Folder::echo_cases();
    std::fs::remove_file(f.path().join("1.out")).unwrap();
    std::os::unix::fs::symlink("/nonexistent/expected", f.path().join("1.out")).unwrap();
    // A dangling link is not a file: the case is unpaired, reported, exit 2.
    judge_fixture("echo", f.path(), &[]).assert().code(2);
}

#[test]
fn a_bad_flag_value_is_a_usage_error() {
    let f = Folder::echo_cases();
    judge_fixture("echo", f.path(), &["--time-limit", "soon"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--time-limit"));
}

#[test]
fn an_unknown_problem_is_an_error_listing_the_known_ones() {
    assert_cmd::Command::cargo_bin("judge")
        .unwrap()
        .arg("no-such-problem")
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("unknown problem \"no-such-problem\"")
                .and(predicate::str::contains("poj2348")),
        );
}

#[test]
fn a_missing_program_is_an_error_not_a_runtime_error_per_case() {
    let f = Folder::echo_cases();
    assert_cmd::Command::cargo_bin("judge")
        .unwrap()
        .args(["run", "--cmd", "./no-such-solution --fast"])
        .arg(f.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "program \"./no-such-solution\" not found",
        ));
}

#[test]
fn a_problem_folder_whose_package_has_another_name_is_explained() {
    let ws = crate::tempws::TempWs::new(&["hdu1525"]);
    ws.edit(
        "problems/hdu1525/Cargo.toml",
        "name = \"hdu1525\"",
        "name = \"hdu1525-sol\"",
    );
    ws.edit(
        "problems/hdu1525/Cargo.toml",
        "default-run = \"hdu1525\"",
        "",
    );
    ws.judge().assert().code(2).stderr(
        predicate::str::contains("testdata with no problem crate problems/hdu1525 (problems/hdu1525 is package `hdu1525-sol`")
            .and(predicate::str::contains("problem hdu1525-sol has no testdata"))
            .and(predicate::str::contains("rename the package to `hdu1525`")),
    );
}
