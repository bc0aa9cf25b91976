//! Flags that shape what is judged and how it is reported.

use predicates::prelude::*;

use crate::support::{Folder, judge_fixture};

fn three_cases() -> Folder {
    let f = Folder::echo_cases();
    for (name, text) in [("2", "two\n"), ("10", "ten\n")] {
        f.write(&format!("{name}.in"), text);
        f.write(&format!("{name}.out"), text);
    }
    f
}

#[test]
fn cases_are_reported_in_natural_order_whatever_the_parallelism() {
    let f = three_cases();
    let out = judge_fixture("echo", f.path(), &["-v", "-j", "3"])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    let pos = |s: &str| {
        out.find(s)
            .unwrap_or_else(|| panic!("{s} missing in {out}"))
    };
    assert!(pos("/1 ") < pos("/2 ") && pos("/2 ") < pos("/10 "), "{out}");
}

#[test]
fn case_globs_select_cases() {
    let f = three_cases();
    let out = judge_fixture("echo", f.path(), &["-v", "--case", "1*"])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    let judged: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("AC "))
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    let name = |case: &str| format!("{}/{case}", f.path().file_name().unwrap().to_str().unwrap());
    assert_eq!(judged, [name("1"), name("10")], "{out}");
}

#[test]
fn json_reports_every_case_with_its_verdict() {
    let f = three_cases();
    let json = crate::support::json_report(
        &mut judge_fixture("wrong", f.path(), &["--format", "json"]),
        1,
    );
    assert_eq!(json["ok"], false);
    assert_eq!(json["cases"].as_array().unwrap().len(), 3);
    assert_eq!(json["cases"][0]["verdict"], "WA");
    assert!(
        json["cases"][0]["detail"]
            .as_str()
            .unwrap()
            .contains("line 1, column 1: expected")
    );
}

#[test]
fn junit_writes_one_testcase_per_case_with_failures() {
    let f = three_cases();
    let xml = f.path().join("report.xml");
    judge_fixture("wrong", f.path(), &["--junit", xml.to_str().unwrap()])
        .assert()
        .code(1);
    let xml = std::fs::read_to_string(xml).unwrap();
    assert_eq!(xml.matches("<testcase ").count(), 3, "{xml}");
    assert_eq!(xml.matches("<failure type=\"WA\"").count(), 3, "{xml}");
}

#[test]
fn color_is_off_when_not_a_terminal_and_on_when_forced() {
    let f = Folder::echo_cases();
    let plain = judge_fixture("wrong", f.path(), &[])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    assert!(!plain.contains(&0x1b));
    let mut cmd = judge_fixture("wrong", f.path(), &[]);
    cmd.args(["--color", "always"]);
    let colored = cmd.assert().code(1).get_output().stdout.clone();
    assert!(colored.contains(&0x1b));
}

#[test]
fn the_tokens_checker_accepts_different_whitespace() {
    let f = Folder::echo_cases();
    judge_fixture("double-space", f.path(), &["--checker", "tokens"])
        .assert()
        .code(0);
}

#[test]
fn a_command_checker_decides_by_its_exit_code() {
    let f = Folder::echo_cases();
    f.write("accept-all.sh", "exit 0\n");
    judge_fixture(
        "wrong",
        f.path(),
        &[
            "--checker",
            "command",
            "--checker-command",
            "sh accept-all.sh",
        ],
    )
    .assert()
    .code(0);
}

#[test]
fn a_panicking_command_checker_is_err_quoting_its_panic_not_the_backtrace_note() {
    let f = Folder::echo_cases();
    // What a Rust checker's `unwrap` on a missing token prints, then its abort.
    f.write(
        "panics.sh",
        "printf '%s\\n' \"thread 'main' panicked at src/bin/check.rs:9:5:\" 'no token for case 2' \
         'note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace' >&2\n\
         kill -ABRT $$\n",
    );
    judge_fixture("echo", f.path(), &["--checker-command", "sh panics.sh"])
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "crashed (SIGABRT): thread 'main' panicked at src/bin/check.rs:9:5: / no token for case 2",
        ));
}

#[test]
fn a_compound_checker_line_gets_the_files_as_its_positional_parameters() {
    // Before, "$@" was appended after the `fi`: a syntax error, ERR on every case.
    let line = "if cmp -s \"$2\" \"$3\"; then exit 0; else exit 1; fi";
    let f = Folder::echo_cases();
    judge_fixture("echo", f.path(), &["--checker-command", line])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("AC"));
    judge_fixture("wrong", f.path(), &["--checker-command", line])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("WA"));
}

#[test]
fn fail_fast_stops_after_the_first_failure() {
    let f = three_cases();
    let json = crate::support::json_report(
        &mut judge_fixture(
            "wrong",
            f.path(),
            &["--fail-fast", "-j", "1", "--format", "json"],
        ),
        1,
    );
    assert_eq!(json["cases"].as_array().unwrap().len(), 1);
}
