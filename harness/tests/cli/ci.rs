//! CI-style misuse: a report (exit status, JSON, JUnit) is never green when
//! nothing was judged or something failed, and bad paths fail before judging.

use predicates::prelude::*;

use crate::support::{Folder, judge_fixture};

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
fn json_is_not_ok_when_a_glob_matches_nothing() {
    let f = Folder::echo_cases();
    let out = judge_fixture("echo", f.path(), &["--case", "zzz*", "--format", "json"])
        .assert()
        .code(2)
        .get_output()
        .stdout
        .clone();
    let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
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
        "{} run --cmd '{} echo' {} 2>&1",
        assert_cmd::cargo::cargo_bin("judge").display(),
        crate::support::fixture().display(),
        f.path().display()
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
    let fixture = crate::support::fixture().display().to_string();
    let cmd = format!(
        "read x; if [ $x = 1 ]; then echo wrong; elif [ $x = 2 ]; then sleep 1; echo wrong; else exec {fixture} sleep; fi"
    );
    let started = std::time::Instant::now();
    let mut judge = std::process::Command::new(assert_cmd::cargo::cargo_bin("judge"))
        .args(["run", "-j", "3", "--time-limit", "100", "--cmd", &cmd])
        .arg(f.path())
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
    let running = || {
        std::fs::read_dir("/proc")
            .unwrap()
            .flatten()
            .filter(|e| {
                std::fs::read(e.path().join("cmdline"))
                    .is_ok_and(|c| c == format!("{fixture}\0sleep\0").as_bytes())
            })
            .count()
    };
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
