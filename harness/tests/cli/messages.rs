//! The messages of a contestant's first hour with a new problem: a missing
//! testdata folder, a misspelt problem.toml key or subcommand, an empty expected
//! output; and the commands that fill cases in (`add`, `bless` of the empty
//! sample, `--checker` as problem.toml names it).

use predicates::prelude::*;

use crate::scaffold::theatre_square;
use crate::support::Folder;
use crate::tempws::TempWs;

fn fresh() -> TempWs {
    let ws = TempWs::new(&["poj2484"]);
    ws.judge().args(["new", "cf1a"]).assert().code(0);
    ws.write("problems/cf1a/src/main.rs", theatre_square("u64"));
    ws
}

#[test]
fn lint_names_a_missing_testdata_folder_as_an_error() {
    let ws = fresh();
    std::fs::remove_dir_all(ws.path("testdata/cf1a")).unwrap();
    for args in [&["lint", "cf1a"][..], &["lint"]] {
        ws.judge()
            .args(args)
            .assert()
            .code(1)
            .stdout(predicate::str::contains(
                "error testdata/cf1a: no such folder: problem cf1a (problems/cf1a/) has no testdata",
            ))
            .stdout(predicate::str::contains("did you mean").not());
    }
}

#[test]
fn a_misspelt_problem_toml_key_gets_did_you_mean() {
    let ws = fresh();
    ws.write("testdata/cf1a/problem.toml", "tim_limit = 1.0\n");
    ws.judge()
        .arg("cf1a")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "line 1, column 1: unknown key `tim_limit`: did you mean `time_limit`?",
        ));
}

#[test]
fn a_misspelt_subcommand_gets_did_you_mean() {
    let ws = fresh();
    ws.judge()
        .args(["stres", "cf1a"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown problem or subcommand \"stres\": did you mean `cargo judge stress`?",
        ));
    // A near problem name still wins over a subcommand.
    ws.judge()
        .arg("cf1b")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown problem \"cf1b\": did you mean cf1a?",
        ));
}

#[test]
fn an_empty_expected_output_is_called_empty_and_bless_fills_it() {
    let ws = fresh();
    ws.write("testdata/cf1a/01-sample.in", "6 6 4\n");
    ws.write("testdata/cf1a/01-sample.out", "");
    ws.judge()
        .arg("cf1a")
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "expected nothing (the expected output is empty: is its .out written?), found \"4\"",
        ));
    ws.judge()
        .args(["bless", "cf1a", "--from", "solution"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "wrote testdata/cf1a/01-sample.out from the solution",
        ));
    assert_eq!(ws.read("testdata/cf1a/01-sample.out"), "4\n");
}

#[test]
fn add_makes_the_testdata_folder_of_a_problem_that_has_none() {
    // A crate made by hand (or a folder deleted): `new` would refuse the name.
    let ws = fresh();
    std::fs::remove_dir_all(ws.path("testdata/cf1a")).unwrap();
    ws.judge()
        .args(["add", "cf1a"])
        .write_stdin("no separator\n")
        .assert()
        .code(2);
    assert!(
        !ws.path("testdata/cf1a").exists(),
        "a failed add writes nothing"
    );
    ws.judge()
        .args(["add", "cf1a"])
        .write_stdin("6 6 4\n---\n4\n")
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "added testdata/cf1a/01-sample.in and .out",
        ));
    ws.judge()
        .arg("cf1a")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("cf1a: 1/1 AC"));
}

#[test]
fn without_a_name_each_command_takes_the_problem_of_the_current_folder() {
    // As cargo in a member's folder takes that package: not every problem.
    let ws = fresh();
    ws.write("testdata/cf1a/01-sample.in", "6 6 4\n");
    ws.write("testdata/cf1a/01-sample.out", "4\n");
    let out = ws
        .judge()
        .current_dir(ws.path("problems/cf1a/src"))
        .assert()
        .code(0)
        .stdout(predicate::str::contains("cf1a: 1/1 AC"))
        .get_output()
        .clone();
    assert!(!String::from_utf8_lossy(&out.stdout).contains("poj2484"));
    ws.judge()
        .arg("lint")
        .current_dir(ws.path("testdata/cf1a"))
        .assert()
        .code(0)
        .stdout(predicate::str::contains("ok 1 folder, 2 files"));
    let out = ws
        .judge()
        .arg("bundle")
        .current_dir(ws.path("problems/cf1a"))
        .assert()
        .code(0)
        .get_output()
        .clone();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("target/bundle/cf1a.rs") && !said.contains("poj2484"),
        "{said}"
    );
    ws.judge()
        .arg("add")
        .current_dir(ws.path("testdata/cf1a"))
        .write_stdin("1 1 1\n---\n1\n")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("added testdata/cf1a/02-sample.in"));
    ws.judge()
        .arg("stress")
        .current_dir(ws.path("problems/cf1a/src/bin"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cannot stress cf1a: not written yet",
        ));
    // Elsewhere a command of one problem asks which (`watch -v` too: an option
    // is no name).
    for command in [&["stress"][..], &["watch"], &["watch", "-v"]] {
        ws.judge()
            .args(command)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "error: which problem? `cargo judge {} NAME`, or run it in the \
                 problem's folder (problems/NAME/ or testdata/NAME/)",
                command[0]
            )));
    }
    // From the root, all of them.
    ws.judge()
        .assert()
        .code(0)
        .stdout(predicate::str::contains("poj2484"));
}

#[test]
fn add_refuses_a_case_whose_input_and_output_are_both_empty() {
    let ws = fresh();
    for paste in ["---\n", "\n---\n \r\n"] {
        ws.judge()
            .args(["add", "cf1a"])
            .write_stdin(paste)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "the input and the expected output are both empty (whitespace at most): \
                 such a case tests nothing (nothing was written)",
            ));
    }
    assert!(!ws.path("testdata/cf1a/01-sample.in").exists());
}

#[test]
fn add_pastes_a_case_filling_the_empty_sample_first_and_never_overwrites() {
    let ws = fresh();
    // The empty pair an earlier `new` made (and a user may make) is filled first.
    ws.write("testdata/cf1a/01-sample.in", "");
    ws.write("testdata/cf1a/01-sample.out", "");
    ws.judge()
        .args(["add", "cf1a"])
        .write_stdin("6 6 4\n---\n4\n")
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "filled testdata/cf1a/01-sample.in and .out",
        ));
    ws.judge()
        .args(["add", "cf1a"])
        .write_stdin("1 1 1\r\n---\r\n1\r\n")
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "added testdata/cf1a/02-sample.in and .out",
        ))
        .stdout(predicate::str::contains(
            "note: CRLF line ends were written as LF",
        ));
    // A paste from Windows is written with LF line ends, which lint wants.
    assert_eq!(ws.read("testdata/cf1a/02-sample.in"), "1 1 1\n");
    assert_eq!(ws.read("testdata/cf1a/02-sample.out"), "1\n");
    ws.write("big.in", "1000000000 1000000000 1\n");
    ws.write("big.out", "1000000000000000000\n");
    ws.judge()
        .args([
            "add", "cf1a", "--input", "big.in", "--output", "big.out", "--name", "big",
        ])
        .assert()
        .code(0);
    assert_eq!(ws.read("testdata/cf1a/big.out"), "1000000000000000000\n");
    ws.judge()
        .args(["add", "cf1a", "--name", "big"])
        .write_stdin("1\n---\n2\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "testdata/cf1a/big.in already exists",
        ));
    assert_eq!(ws.read("testdata/cf1a/big.in"), "1000000000 1000000000 1\n");
    ws.judge()
        .args(["add", "cf1a"])
        .write_stdin("no separator\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no line --- between"));
    ws.judge()
        .arg("cf1a")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("cf1a: 3/3 AC"));
}

#[test]
fn the_checker_flag_accepts_what_problem_toml_accepts() {
    let dir = Folder::echo_cases();
    for checker in ["exact", "tokens", "tokens-any-case", "float", "kattis"] {
        crate::support::judge_fixture("echo", dir.path(), &["--checker", checker])
            .assert()
            .code(0);
    }
    crate::support::judge_fixture("echo", dir.path(), &["--checker", "testlib"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--checker testlib needs --checker-command",
        ));
}

#[test]
fn an_answer_right_but_for_case_is_wa_with_a_hint_until_case_sensitive_is_false() {
    let dir = Folder::echo_cases();
    dir.write("1.in", "yes\nNo\n");
    dir.write("1.out", "YES\nno\n");
    crate::support::judge_fixture("echo", dir.path(), &[])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("WA"))
        .stdout(predicate::str::contains(
            "line 1, column 1: expected \"YES\", found \"yes\" (equal but for case: if the \
             statement accepts any case, say checker = \"tokens\" and case_sensitive = false \
             in problem.toml)",
        ));
    crate::support::judge_fixture("echo", dir.path(), &["--checker", "tokens-any-case"])
        .assert()
        .code(0);
    dir.write(
        "problem.toml",
        "checker = \"tokens\"\ncase_sensitive = false\n",
    );
    crate::support::judge_fixture("echo", dir.path(), &[])
        .assert()
        .code(0);
    dir.write("1.in", "yes\nyes\n");
    crate::support::judge_fixture("echo", dir.path(), &[])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "line 2, column 1: expected \"no\", found \"yes\"\n",
        ));
}

#[test]
fn a_misspelt_subcommand_followed_by_a_flag_gets_did_you_mean() {
    assert_cmd::Command::cargo_bin("judge")
        .unwrap()
        .args(["bundel", "cf1a", "--check"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown subcommand \"bundel\": did you mean `cargo judge bundle`?",
        ))
        .stderr(predicate::str::contains("--check").not());
}

#[test]
fn a_misspelt_subcommand_followed_by_its_own_flag_alone_gets_did_you_mean() {
    assert_cmd::Command::cargo_bin("judge")
        .unwrap()
        .args(["lsiten", "--once"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown subcommand \"lsiten\": did you mean `cargo judge listen`?",
        ))
        .stderr(predicate::str::contains("as a value").not());
}

#[test]
fn a_problem_followed_by_a_misspelt_flag_keeps_clap_s_own_tip() {
    assert_cmd::Command::cargo_bin("judge")
        .unwrap()
        .args(["cf1a", "--chekced"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "tip: a similar argument exists: '--checked'",
        ))
        .stderr(predicate::str::contains("did you mean").not());
}
