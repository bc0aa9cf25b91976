//! CI-style misuse: a report (exit status, JSON, JUnit) is never green when
//! nothing was judged or something failed, and bad paths fail before judging.

use predicates::prelude::*;

use crate::support::{Folder, judge_fixture, sh};

#[test]
fn a_case_glob_that_matches_nothing_fails_instead_of_passing() {
    let f = Folder::echo_cases();
    judge_fixture("echo", f.path(), &["--case", "zzz*"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--case \"zzz*\" matches no case of",
        ))
        .stderr(predicate::str::contains("(1 case)"));
}

#[test]
fn a_case_glob_that_matches_nothing_fails_cargo_judge_and_bless_too() {
    for (args, message) in [
        (
            &["hdu1525", "--case", "zzz*"][..],
            "--case \"zzz*\" matches no case of hdu1525 (19 cases)",
        ),
        (
            &["bless", "hdu1525", "--case", "zzz*"],
            "--case \"zzz*\" matches no input of hdu1525 (19 inputs)",
        ),
    ] {
        assert_cmd::Command::cargo_bin("judge")
            .unwrap()
            .current_dir(crate::tempws::outer_root())
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
    let json = crate::support::json_report(
        assert_cmd::Command::cargo_bin("judge")
            .unwrap()
            .current_dir(crate::tempws::outer_root())
            .args(["hdu1525", "--case", "zzz*", "--format", "json"]),
        2,
    );
    assert_eq!(json["ok"], false);
}

#[test]
fn json_is_not_ok_when_a_glob_matches_nothing() {
    let f = Folder::echo_cases();
    let json = crate::support::json_report(
        &mut judge_fixture("echo", f.path(), &["--case", "zzz*", "--format", "json"]),
        2,
    );
    assert_eq!(json["ok"], false);
    assert_eq!(json["cases"].as_array().unwrap().len(), 0);
    assert!(
        json["errors"][0]
            .as_str()
            .unwrap()
            .contains("matches no case")
    );
}

#[test]
fn junit_has_an_error_testcase_when_a_glob_matches_nothing() {
    let f = Folder::echo_cases();
    let junit = f.path().join("report.xml");
    judge_fixture(
        "echo",
        f.path(),
        &["--case", "zzz*", "--junit", junit.to_str().unwrap()],
    )
    .assert()
    .code(2);
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(
        xml.contains("errors=\"1\"")
            && xml.contains(
                "<error type=\"ERR\" message=\"--case &quot;zzz*&quot; matches no case of"
            ),
        "{xml}"
    );
}

#[test]
fn an_unwritable_junit_path_fails_before_anything_is_judged() {
    let f = Folder::echo_cases();
    judge_fixture(
        "echo",
        f.path(),
        &["-v", "--junit", "/nonexistent/dir/x.xml"],
    )
    .assert()
    .code(2)
    .stderr(predicate::str::contains(
        "cannot write JUnit report /nonexistent/dir/x.xml",
    ))
    .stdout(predicate::str::contains("AC").not());
}

#[test]
fn a_checker_program_that_does_not_exist_is_one_error_before_running() {
    let f = Folder::echo_cases();
    judge_fixture(
        "echo",
        f.path(),
        &["-v", "--checker-command", "./no-such-checker"],
    )
    .assert()
    .code(2)
    .stderr(predicate::str::contains(
        "cannot run checker \"./no-such-checker\": program \"./no-such-checker\" not found",
    ))
    .stdout(predicate::str::contains("ERR").not());
}

#[test]
fn a_missing_checker_in_problem_toml_is_reported_once() {
    let f = Folder::echo_cases();
    f.write(
        "problem.toml",
        "checker = \"command\"\nchecker_command = \"./check.sh\"\n",
    );
    let assert = judge_fixture("echo", f.path(), &[]).assert().code(2);
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert_eq!(stderr.matches("not found").count(), 1, "{stderr}");
}

#[test]
fn an_unpaired_input_is_reported_before_the_results() {
    let f = Folder::echo_cases();
    f.write("2.in", "5 6\n");
    // One stream, as a terminal shows it: the error must come first.
    let cmd = format!(
        "{} run --cmd {} {} 2>&1",
        sh(assert_cmd::cargo::cargo_bin("judge")),
        sh(format!("{} echo", sh(crate::support::fixture()))),
        sh(f.path())
    );
    let out = std::process::Command::new("sh")
        .args(["-c", &cmd])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8_lossy(&out.stdout);
    let error = text.find("2.in: no matching .out file").expect(&text);
    let result = text.find("1/1 AC").expect(&text);
    assert!(error < result, "{text}");
    // The folder's line is no green ok: part of its testdata could not be judged.
    assert!(
        text.contains("1/1 AC, testdata incomplete (error above)") && !text.contains("ok   "),
        "{text}"
    );
}

#[test]
fn a_closed_stdout_ends_quietly_and_kills_every_solution() {
    // Cases 1 and 2 fail fast (2 a little later, so its report finds the pipe
    // closed); the rest sleep under a 100 s limit until someone kills them.
    let f = Folder::echo_cases();
    f.write("1.in", "1\n");
    f.write("2.in", "2\n");
    for i in 1..=8 {
        if i > 2 {
            f.write(&format!("{i}.in"), "9\n");
        }
        f.write(&format!("{i}.out"), "right\n");
    }
    let fixture = sh(crate::support::fixture());
    let cmd = format!(
        "read x; if [ $x = 1 ]; then echo wrong; elif [ $x = 2 ]; then sleep 1; echo wrong; else exec {fixture} sleep; fi"
    );
    let mark = crate::support::unique_mark("closed-stdout");
    let started = std::time::Instant::now();
    let mut judge = std::process::Command::new(assert_cmd::cargo::cargo_bin("judge"))
        .args(["run", "-j", "3", "--time-limit", "100", "--cmd", &cmd])
        .arg(f.path())
        .env(crate::support::MARK_VAR, &mark)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Read the start of the first report, then go away as `head` does.
    let mut stdout = judge.stdout.take().unwrap();
    let mut first = [0u8; 1];
    std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
    drop(stdout);
    let out = judge.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.is_empty(), "{stderr}");
    assert_eq!(out.status.code(), Some(141));
    // Without the kill the judge would wait out the sleepers' 100 s limit.
    assert!(
        started.elapsed() < std::time::Duration::from_secs(30),
        "took {:?}",
        started.elapsed()
    );
    // This run's processes, by the mark they inherited (not by a command line
    // another test run may share).
    let running = || crate::support::marked_processes(&mark, &[]).len();
    // A killed process takes a moment to disappear from /proc; a leaked one sleeps
    // for an hour.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while running() > 0 && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(running(), 0, "solutions left running");
}

#[test]
fn an_unknown_problem_gets_one_message_with_a_suggestion_in_every_command() {
    for args in [
        &["hdu152"][..],
        &["bless", "hdu152"],
        &["lint", "hdu152"],
        &["stress", "hdu152"],
    ] {
        assert_cmd::Command::cargo_bin("judge")
            .unwrap()
            .current_dir(crate::tempws::outer_root())
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "error: unknown problem \"hdu152\": did you mean hdu1525? (the workspace has: ",
            ));
    }
}

#[test]
fn a_missed_known_wrong_solution_is_not_green_in_json_junit_or_the_problem_line() {
    // A "wrong" solution that is in fact the right one: no case can catch it.
    let ws = crate::tempws::TempWs::new(&["hdu1525"]);
    ws.write(
        "problems/hdu1525/src/bin/wa_not_wrong.rs",
        ws.read("problems/hdu1525/src/main.rs"),
    );
    let manifest = ws.read("problems/hdu1525/Cargo.toml");
    ws.write(
        "problems/hdu1525/Cargo.toml",
        manifest.replace(
            "[dependencies]",
            "[[bin]]\nname = \"hdu1525-wa-not-wrong\"\npath = \"src/bin/wa_not_wrong.rs\"\ntest = false\n\n[dependencies]",
        ),
    );
    let junit = ws.path("report.xml");
    let json = crate::support::json_report(
        ws.judge()
            .args(["hdu1525", "--format", "json", "--junit"])
            .arg(&junit),
        1,
    );
    assert_eq!(json["ok"], false, "{json}");
    let errors = crate::support::strings(&json["errors"]);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].contains("hdu1525 [wa_not_wrong] was MISSED"),
        "{errors:?}"
    );
    assert_eq!(json["known_wrong"][0]["caught"], false);
    let xml = std::fs::read_to_string(&junit).unwrap();
    let testcase = xml
        .find("<testcase classname=\"hdu1525\" name=\"known-wrong wa_not_wrong\">")
        .unwrap_or_else(|| panic!("no failing testcase for the known-wrong:\n{xml}"));
    assert!(
        first_child_is_failure(&xml[testcase..]),
        "the known-wrong testcase is not a failure:\n{xml}"
    );
    assert!(
        xml.contains("<testsuite name=\"hdu1525\" tests=\"20\" failures=\"1\" errors=\"0\""),
        "{xml}"
    );
    // The human report: the problem line says FAIL, never a green ok.
    ws.judge()
        .arg("hdu1525")
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "MISSED  hdu1525 [wa_not_wrong]: all AC on 19 cases",
        ))
        .stdout(predicate::str::contains(
            "FAIL hdu1525: 19/19 AC, 1 known-wrong MISSED",
        ))
        .stdout(predicate::str::contains("ok   hdu1525").not());
}

/// Whether the element `xml` starts with has a `<failure` as its first child.
fn first_child_is_failure(xml: &str) -> bool {
    xml.split_once('>')
        .is_some_and(|(_, rest)| rest.trim_start().starts_with("<failure"))
}

#[test]
fn an_unknown_problem_suggests_the_nearest_name_even_a_few_letters_off() {
    assert_cmd::Command::cargo_bin("judge")
        .unwrap()
        .current_dir(crate::tempws::outer_root())
        .arg("hdu1846")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "error: unknown problem \"hdu1846\": did you mean hdu1525? (the workspace has: ",
        ));
}

#[test]
fn an_unpaired_input_of_a_problem_is_said_first_with_the_bless_command() {
    let ws = crate::tempws::TempWs::new(&["hdu1525"]);
    ws.write("testdata/hdu1525/40-new.in", "3 1\n0 0\n");
    // One stream, as a terminal shows it.
    let merged = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "{} hdu1525 2>&1",
            sh(assert_cmd::cargo::cargo_bin("judge"))
        ))
        .current_dir(ws.path(""))
        .env("CARGO_TARGET_DIR", ws.path("target"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(merged.status.code(), Some(2));
    let text = String::from_utf8_lossy(&merged.stdout);
    let error = text
        .find(
            "error: testdata/hdu1525/40-new.in: no matching .out file (`cargo judge bless hdu1525` writes it from the brute force)",
        )
        .expect(&text);
    let result = text.find("19/19 AC").expect(&text);
    assert!(error < result, "{text}");
    assert!(
        text.contains("FAIL hdu1525: 19/19 AC, testdata incomplete (error above)"),
        "{text}"
    );
}

#[test]
fn a_closed_stdout_under_json_ends_quietly() {
    let f = Folder::echo_cases();
    let mut judge = std::process::Command::new(assert_cmd::cargo::cargo_bin("judge"))
        .args(["run", "--format", "json", "--cmd"])
        .arg(format!("{} echo", sh(crate::support::fixture())))
        .arg(f.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The reader is gone before the document is written, as `| head -0` would be.
    drop(judge.stdout.take());
    let out = judge.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.is_empty(), "{stderr}");
    assert_eq!(out.status.code(), Some(141));
}
