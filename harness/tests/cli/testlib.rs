//! testlib checkers in a plain testdata folder: `checker = "testlib"` with
//! `checker_source`, compiled with g++ against the `testlib.h` beside it (here the
//! fixtures' own stand-in, `harness/tests/fixtures/testlib/testlib.h`, which keeps
//! testlib's calling convention, stderr verdict line and exit codes).

use std::path::{Path, PathBuf};

use assert_cmd::Command;

use crate::support::{Folder, have, json_of};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/testlib")
}

/// The judge with a build cache shared by these tests (the checker is compiled
/// once per `cargo test`).
pub fn judge() -> Command {
    let mut cmd = Command::cargo_bin("judge").unwrap();
    cmd.env(
        "CP_GAMES_CACHE",
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("testlib-cache"),
    )
    .env("NO_COLOR", "1")
    .timeout(std::time::Duration::from_secs(120));
    cmd
}

/// A folder with the rcmp-style checker, testlib.h, `problem.toml` and one case
/// whose answer is `answer`.
fn folder(answer: &str) -> Folder {
    let f = Folder {
        dir: tempfile::tempdir().unwrap(),
    };
    for name in ["testlib.h", "rcmp.cpp"] {
        std::fs::copy(fixtures().join(name), f.path().join(name)).unwrap();
    }
    f.write(
        "problem.toml",
        "checker = \"testlib\"\nchecker_source = \"rcmp.cpp\"\n",
    );
    f.write("1.in", "1 2\n");
    f.write("1.out", answer);
    f
}

/// `judge run --cmd 'printf OUTPUT' DIR --format json`: the exit status and the
/// case's verdict, detail and checker message.
fn judge_output(dir: &Path, output: &str) -> (i32, String, String, String) {
    let out = judge()
        .arg("run")
        .arg("--cmd")
        .arg(format!("printf '{output}'"))
        .arg(dir)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let doc = json_of(&out.stdout);
    let case = &doc["cases"][0];
    (
        out.status.code().unwrap(),
        case["verdict"].as_str().unwrap_or("").to_string(),
        case["detail"].as_str().unwrap_or("").to_string(),
        case["rejection"]["message"]
            .as_str()
            .unwrap_or("")
            .to_string(),
    )
}

#[test]
fn a_testlib_checker_accepts_within_its_tolerance_and_rejects_outside_with_its_message() {
    if !have(&["g++"]) {
        return;
    }
    let f = folder("1.5\n");
    let (code, verdict, _, _) = judge_output(f.path(), "1.5000001\\n");
    assert_eq!((code, verdict.as_str()), (0, "AC"));
    let (code, verdict, _, message) = judge_output(f.path(), "1.7\\n");
    assert_eq!((code, verdict.as_str()), (1, "WA"));
    assert_eq!(
        message,
        "wrong answer 1st numbers differ - expected: '1.5000000', found: '1.7000000'"
    );
}

#[test]
fn a_testlib_checkers_wrong_output_format_is_a_presentation_error() {
    if !have(&["g++"]) {
        return;
    }
    let f = folder("1.5\n");
    let (code, verdict, _, message) = judge_output(f.path(), "one and a half\\n");
    assert_eq!((code, verdict.as_str()), (1, "PE"), "{message}");
    assert!(message.starts_with("wrong output format"), "{message}");
}

#[test]
fn a_testlib_checkers_fail_is_the_judges_error_not_the_solutions_verdict() {
    if !have(&["g++"]) {
        return;
    }
    // An empty answer file: the checker says FAIL (exit 3).
    let f = folder("");
    let (code, verdict, detail, _) = judge_output(f.path(), "1.5\\n");
    assert_eq!(verdict, "ERR", "{detail}");
    assert_eq!(code, 2, "a judge error is the harness's failure (exit 2)");
    assert_eq!(
        detail,
        "rcmp.cpp (testlib checker): said FAIL (exit 3, the judge's fault, not the solution's): \
         FAIL the answer file is empty"
    );
}

#[test]
fn a_testlib_checker_that_does_not_compile_is_one_error_before_any_case_runs() {
    if !have(&["g++"]) {
        return;
    }
    let f = folder("1.5\n");
    f.write("rcmp.cpp", "#include \"testlib.h\"\nint main( {}\n");
    let out = judge()
        .args(["run", "--cmd", "printf 1.5"])
        .arg(f.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("cannot build the testlib checker"), "{err}");
}

#[test]
fn a_testlib_interactor_in_problem_toml_talks_to_the_solution_then_its_checker_judges() {
    if !have(&["g++", "python3"]) {
        return;
    }
    let guess = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/polygon/guess");
    let f = Folder {
        dir: tempfile::tempdir().unwrap(),
    };
    for (from, to) in [
        ("files/testlib.h", "testlib.h"),
        ("files/interactor.cpp", "interactor.cpp"),
        ("files/check.cpp", "check.cpp"),
        ("tests/02", "1.in"),
        ("tests/02.a", "1.out"),
    ] {
        std::fs::copy(guess.join(from), f.path().join(to)).unwrap();
    }
    f.write(
        "problem.toml",
        "type = \"interactive\"\ninteractor = \"testlib\"\ninteractor_source = \"interactor.cpp\"\n\
         checker = \"testlib\"\nchecker_source = \"check.cpp\"\n",
    );
    let verdict = |solution: &str| {
        let out = judge()
            .arg("run")
            .arg("--cmd")
            .arg(format!(
                "python3 {}",
                crate::support::sh(guess.join("solutions").join(solution))
            ))
            .arg(f.path())
            .args(["--format", "json"])
            .output()
            .unwrap();
        let doc = json_of(&out.stdout);
        let case = &doc["cases"][0];
        (
            case["verdict"].as_str().unwrap_or("").to_string(),
            case["detail"].as_str().unwrap_or("").to_string(),
        )
    };
    assert_eq!(verdict("bisect.py").0, "AC");
    // The interactor accepts the right guess; the checker counts 77 questions.
    let (v, detail) = verdict("scan.py");
    assert_eq!(v, "WA", "{detail}");
    assert!(detail.contains("77 questions, more than 10"), "{detail}");
    // A wrong guess: the interactor itself says WA.
    let (v, detail) = verdict("blind.py");
    assert_eq!(v, "WA", "{detail}");
    assert!(detail.contains("guessed 1, the number was 77"), "{detail}");
}
