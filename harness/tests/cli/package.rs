//! Kattis/ICPC problem packages: `run`, `verify` and `import` on the fixture
//! packages in `harness/tests/fixtures/packages/` (written from the public format
//! specification, with submissions of every verdict folder).

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

use crate::support::have;
use crate::tempws::TempWs;

/// A fixture package.
pub(crate) fn package(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/packages")
        .join(name)
}

/// The judge with a build cache shared by these tests (so each submission is
/// compiled once per `cargo test`, not once per test).
pub(crate) fn judge() -> Command {
    let mut cmd = Command::cargo_bin("judge").unwrap();
    cmd.env(
        "CP_GAMES_CACHE",
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("package-cache"),
    )
    .env("NO_COLOR", "1")
    .timeout(std::time::Duration::from_secs(240));
    cmd
}

/// The submission at `path` in verify's JSON.
#[track_caller]
pub(crate) fn submission<'a>(doc: &'a serde_json::Value, path: &str) -> &'a serde_json::Value {
    doc["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["path"] == path)
        .unwrap_or_else(|| panic!("no submission {path} in {doc:#}"))
}

/// `judge verify DIR --format json EXTRA...`, run by `judge` (from [`judge`], with
/// any settings of the caller's): the exit code and the document.
pub(crate) fn verify_json_by(
    mut judge: Command,
    dir: &Path,
    extra: &[&str],
) -> (i32, serde_json::Value) {
    let out = judge
        .arg("verify")
        .arg(dir)
        .args(["--format", "json"])
        .args(extra)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        crate::support::json_of(&out.stdout),
    )
}

/// [`verify_json_by`] with the shared build cache.
pub(crate) fn verify_json(dir: &Path, extra: &[&str]) -> (i32, serde_json::Value) {
    verify_json_by(judge(), dir, extra)
}

/// `judge run --cmd CMD PACKAGE -v`.
fn run(cmd: &str, dir: &Path) -> Command {
    let mut c = judge();
    c.arg("run").arg("--cmd").arg(cmd).arg(dir).arg("-v");
    c
}

/// A copy of a fixture package (a folder of the same name in a temporary
/// folder), to change.
pub(crate) struct Copy {
    _tmp: tempfile::TempDir,
    dir: PathBuf,
}

impl Copy {
    pub(crate) fn path(&self) -> &Path {
        &self.dir
    }

    /// Removes these folders of `submissions/`.
    pub(crate) fn remove_submissions(&self, folders: &[&str]) {
        for folder in folders {
            std::fs::remove_dir_all(self.dir.join("submissions").join(folder)).unwrap();
        }
    }
}

pub(crate) fn copy(name: &str) -> Copy {
    let tmp = tempfile::tempdir().unwrap();
    let from = package(name);
    let dir = tmp.path().join(name);
    for entry in walkdir::WalkDir::new(&from) {
        let entry = entry.unwrap();
        let to = dir.join(entry.path().strip_prefix(&from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&to).unwrap();
        } else {
            std::fs::copy(entry.path(), &to).unwrap();
        }
    }
    Copy { _tmp: tmp, dir }
}

fn python(dir: &Path, sub: &str) -> String {
    format!(
        "python3 {}",
        crate::support::sh(dir.join("submissions").join(sub))
    )
}

/// `judge run --cmd CMD PACKAGE --format json`: exit status and each case as
/// (name, verdict, the checker's message).
fn run_json(cmd: &str, dir: &Path) -> (i32, Vec<(String, String, String)>) {
    let out = judge()
        .arg("run")
        .arg("--cmd")
        .arg(cmd)
        .arg(dir)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let doc = crate::support::json_of(&out.stdout);
    let cases = doc["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["case"].as_str().unwrap().to_string(),
                c["verdict"].as_str().unwrap().to_string(),
                c["rejection"]["message"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    (out.status.code().unwrap(), cases)
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The stdout of `judge verify PACKAGE`, which must exit with `code`.
fn verify(package: impl AsRef<std::ffi::OsStr>, code: i32) -> String {
    let out = judge()
        .arg("verify")
        .arg(package)
        .assert()
        .code(code)
        .get_output()
        .clone();
    stdout(&out)
}

/// The row of verify's table for submission `sub` (e.g. `accepted/zero.py`).
fn row<'a>(text: &'a str, sub: &str) -> &'a str {
    text.lines()
        .find(|l| l.starts_with(sub))
        .unwrap_or_else(|| panic!("no row for {sub}:\n{text}"))
}

#[test]
fn run_judges_a_package_samples_first_then_groups_in_lexicographical_order() {
    // spec/2025-09.md "Test data": "lexicographical order on base name", as
    // verifyproblem's sorted(os.listdir(...)) runs them: 10-last before 2-big.
    if !have(&["python3"]) {
        return;
    }
    let dir = package("ratio");
    let out = run(&python(&dir, "accepted/ratio.py"), &dir)
        .assert()
        .success()
        .get_output()
        .clone();
    let text = stdout(&out);
    let order: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("AC  ratio/"))
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(
        order,
        [
            "sample/1",
            "sample/2",
            "secret/1-basic/1",
            "secret/1-basic/2",
            "secret/10-last/1",
            "secret/2-big/1",
            "secret/2-big/2"
        ],
        "{text}"
    );
}

#[test]
fn run_accepts_other_case_and_digits_within_the_float_tolerance() {
    if !have(&["python3"]) {
        return;
    }
    // ratio.py prints 8 decimals where the answers have 12, and a lowercase word
    // where this answer has capitals: both pass only by the Kattis rules.
    let dir = copy("ratio");
    std::fs::write(
        dir.path().join("data/sample/1.ans"),
        "0.333333333333\nPOSITIVE\n",
    )
    .unwrap();
    run(&python(dir.path(), "accepted/ratio.py"), dir.path())
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "default validator: case-insensitive tokens, numbers within 1e-6",
        ));
}

#[test]
fn run_rejects_a_number_outside_the_tolerance_saying_why() {
    if !have(&["python3"]) {
        return;
    }
    let dir = package("ratio");
    let (code, cases) = run_json(&python(&dir, "wrong_answer/two_digits.py"), &dir);
    assert_eq!(code, 1);
    let (name, verdict, why) = &cases[0];
    assert_eq!((name.as_str(), verdict.as_str()), ("sample/1", "WA"));
    assert!(
        why.starts_with("line 1: expected 0.333333333333 got 0.33: difference"),
        "{why}"
    );
}

#[test]
fn run_says_where_the_time_limit_comes_from() {
    if !have(&["python3"]) {
        return;
    }
    let dir = package("divisor");
    run(&python(&dir, "accepted/trial.py"), &dir)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "time limit 1 s (from problem.yaml)",
        ));
    let dir = copy("sum-pair");
    std::fs::write(dir.path().join(".timelimit"), "3\n").unwrap();
    run(&python(dir.path(), "accepted/one.py"), dir.path())
        .assert()
        .success()
        .stdout(predicate::str::contains("time limit 3 s (from .timelimit)"));
    std::fs::remove_file(dir.path().join(".timelimit")).unwrap();
    let mut cmd = run(&python(dir.path(), "accepted/one.py"), dir.path());
    cmd.env("CP_GAMES_CACHE", dir.path().join(".cache"))
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "time limit 2 s (the default: the package sets none",
        ));
}

#[test]
fn run_warns_of_an_unknown_key_in_a_cases_yaml_naming_the_file_and_line() {
    if !have(&["python3"]) {
        return;
    }
    let dir = copy("sum-pair");
    let yaml = dir.path().join("data/secret/2.yaml");
    std::fs::write(&yaml, "args: []\nmax_score: 3\n").unwrap();
    run(&python(dir.path(), "accepted/one.py"), dir.path())
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "\nwarning: {}:2: unknown key max_score in a test case's configuration (known: ",
            yaml.display()
        )));
}

#[test]
fn run_uses_a_custom_cpp_validator_and_shows_its_judgemessage() {
    if !have(&["python3", "g++"]) {
        return;
    }
    let dir = package("sum-pair");
    run(&python(&dir, "accepted/one.py"), &dir)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "custom validator pair_checker (C++)",
        ));
    let (code, cases) = run_json(&python(&dir, "wrong_answer/zero.py"), &dir);
    assert_eq!(code, 1);
    assert_eq!(cases[0].1, "WA");
    assert_eq!(cases[0].2, "0 and 5: both must be positive");
}

#[test]
fn run_passes_a_groups_flags_to_a_python_validator() {
    if !have(&["python3"]) {
        return;
    }
    let dir = package("divisor");
    let (code, cases) = run_json(&python(&dir, "wrong_answer/largest.py"), &dir);
    assert_eq!(code, 1);
    let verdict = |name: &str| cases.iter().find(|c| c.0 == name).unwrap().clone();
    // The same kind of answer passes in 1-any and fails where the group says `prime`.
    assert_eq!(verdict("secret/1-any/1").1, "AC");
    let failed = verdict("secret/2-prime/1");
    assert_eq!(failed.1, "WA");
    assert_eq!(failed.2, "15015 divides 30030 but is not prime");
}

#[test]
fn a_validator_that_exits_with_neither_42_nor_43_is_a_judge_error() {
    if !have(&["python3"]) {
        return;
    }
    let dir = copy("divisor");
    std::fs::write(
        dir.path().join("output_validator/validator.py"),
        "import sys\nsys.exit(1)\n",
    )
    .unwrap();
    run(&python(dir.path(), "accepted/trial.py"), dir.path())
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "failed (exit 1; 42 accepts, 43 rejects)",
        ));
}

#[test]
fn verify_gives_every_submission_of_ratio_its_folders_verdict() {
    if !have(&["gcc", "g++", "python3", "rustc"]) {
        return;
    }
    // A given limit of 1 s, not the computed 2 s (Java's start-up x 5, rounded up):
    // the four TLE submissions each spin to twice the limit, which is most of the
    // test's time. The computed limit is the custom validator packages' test's.
    let out = judge()
        .args(["verify", "--time-limit", "1"])
        .arg(package("ratio"))
        .assert()
        .code(0)
        .get_output()
        .clone();
    let text = stdout(&out);
    assert!(
        text.contains("time limit 1 s (from --time-limit)"),
        "{text}"
    );
    for (sub, got) in [
        ("accepted/ratio.c", "AC"),
        ("accepted/ratio.cpp", "AC"),
        ("accepted/ratio.py", "AC"),
        ("accepted/ratio.rs", "AC"),
        ("wrong_answer/int_div.c", "WA sample/1"),
        ("wrong_answer/sign_of_a.cpp", "WA secret/1-basic/2"),
        ("wrong_answer/two_digits.py", "WA sample/1"),
        ("wrong_answer/swapped.rs", "WA sample/1"),
        ("time_limit_exceeded/spin.c", "TLE"),
        ("time_limit_exceeded/spin.cpp", "TLE"),
        ("time_limit_exceeded/spin.py", "TLE"),
        ("time_limit_exceeded/spin.rs", "TLE"),
        ("run_time_error/abort.c", "RTE"),
        ("run_time_error/null.cpp", "RTE"),
        ("run_time_error/raise.py", "RTE"),
        ("run_time_error/panic.rs", "RTE"),
        ("run_time_error/hog.cpp", "MLE"),
    ] {
        let line = row(&text, &format!("{sub} "));
        let cells: Vec<&str> = line.split("  ").filter(|c| !c.trim().is_empty()).collect();
        assert!(cells[3].trim().starts_with(got), "{sub}: {line}");
        assert!(line.ends_with("ok"), "{line}");
    }
    assert!(text.contains("input validator validate.py (Python 3) accepts all 7 inputs"));
}

#[test]
fn verify_passes_on_the_custom_validator_packages() {
    if !have(&["gcc", "g++", "python3", "rustc"]) {
        return;
    }
    for name in ["sum-pair", "divisor"] {
        let text = verify(package(name), 0);
        assert!(text.contains(&format!("ok   {name}: ")), "{text}");
        assert!(!text.contains("MISMATCH"), "{text}");
        // sum-pair's problem.yaml gives no limit, so verify computes one. Its
        // value depends on the machine's speed, so only its source is asserted.
        if name == "sum-pair" {
            assert!(
                text.contains(" s (computed by verify: slowest accepted"),
                "{text}"
            );
        }
    }
}

#[test]
fn an_interactive_package_is_judged_through_its_interactor() {
    if !have(&["python3", "g++", "gcc", "rustc"]) {
        return;
    }
    let dir = package("guess");
    run(&python(&dir, "accepted/bisect.py"), &dir)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "4 cases (1 sample, 3 secret), interactive",
        ));
    let (code, cases) = run_json(&python(&dir, "wrong_answer/upwards.py"), &dir);
    assert_eq!(code, 1);
    let last = cases.iter().find(|c| c.0 == "secret/3").unwrap();
    assert_eq!(last.1, "WA");
    let text = verify(&dir, 0);
    for (sub, got) in [
        ("accepted/bisect.py", "AC"),
        ("accepted/bisect.cpp", "AC"),
        ("wrong_answer/upwards.py", "WA secret/3"),
        ("time_limit_exceeded/spin.rs", "TLE sample/1"),
        ("run_time_error/crash.c", "RTE sample/1"),
    ] {
        let line = row(&text, &format!("{sub} "));
        assert!(
            line.contains(&format!(" {got} ")) || line.contains(&format!(" {got}  ")),
            "{line}"
        );
        assert!(line.ends_with("ok"), "{line}");
    }
}

#[test]
fn verify_fails_when_a_submission_gets_another_verdict_than_its_folder() {
    if !have(&["g++", "python3"]) {
        return;
    }
    let dir = copy("sum-pair");
    let subs = dir.path().join("submissions");
    std::fs::rename(
        subs.join("wrong_answer/zero.py"),
        subs.join("accepted/zero.py"),
    )
    .unwrap();
    let text = verify(dir.path(), 1);
    let row = row(&text, "accepted/zero.py");
    assert!(
        row.contains("WA sample/1") && row.ends_with("MISMATCH"),
        "{row}"
    );
    assert!(text.contains("FAIL sum-pair: 7/8 submissions"), "{text}");
}

#[test]
fn verify_lists_submissions_it_cannot_build_as_skipped() {
    if !have(&["g++", "python3"]) {
        return;
    }
    let dir = copy("sum-pair");
    std::fs::write(
        dir.path().join("submissions/accepted/pair.hs"),
        "main = pure ()\n",
    )
    .unwrap();
    judge()
        .arg("verify")
        .arg(dir.path())
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "skipped  accepted/pair.hs: not a language this judge builds",
        ))
        .stdout(predicate::str::contains(", 1 skipped"));
}

#[test]
fn verify_reports_a_compile_error_as_ce() {
    if !have(&["g++", "gcc", "python3"]) {
        return;
    }
    let dir = copy("sum-pair");
    std::fs::write(
        dir.path().join("submissions/accepted/broken.c"),
        "int main( {\n",
    )
    .unwrap();
    let text = verify(dir.path(), 1);
    let row = row(&text, "accepted/broken.c");
    assert!(row.contains(" CE ") && row.ends_with("MISMATCH"), "{row}");
}

#[test]
fn verify_runs_the_input_validators_on_every_input() {
    if !have(&["g++", "python3"]) {
        return;
    }
    let dir = copy("sum-pair");
    std::fs::write(dir.path().join("data/secret/4.in"), "1\n").unwrap();
    std::fs::write(dir.path().join("data/secret/4.ans"), "1 0\n").unwrap();
    judge()
        .arg("verify")
        .arg(dir.path())
        .assert()
        .code(1)
        .stdout(predicate::str::contains("FAIL input validator n_range:"))
        .stdout(predicate::str::contains(
            "4.in rejected (exit 43, 42 accepts): invalid input: n out of range",
        ));
}

#[test]
fn a_tle_only_under_the_safety_margin_is_a_warning_in_a_problemtools_package() {
    if !have(&["python3"]) {
        return;
    }
    // A submission that takes about half a second: over a 0.25 s limit, but well
    // inside the margin of 40 x 0.25 s (wide, so a loaded machine's wall-clock
    // backstop cannot fire first). problemtools, which judges 2023-07 packages,
    // takes its TLE and warns that it is "sensitive to the time limit" (a
    // 2025-09 package's is a mismatch: package_verify's timing tests).
    let dir = copy("divisor");
    let yaml = dir.path().join("problem.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(
        &yaml,
        text.replace(
            "time_limit: 1",
            "time_limit: 0.25\n  time_multipliers:\n    time_limit_to_tle: 40",
        ),
    )
    .unwrap();
    let subs = dir.path().join("submissions");
    dir.remove_submissions(&["wrong_answer", "run_time_error", "time_limit_exceeded"]);
    std::fs::create_dir_all(subs.join("time_limit_exceeded")).unwrap();
    std::fs::write(
        subs.join("time_limit_exceeded/slowish.py"),
        // Half a second of CPU whatever the interpreter (PyPy runs loops ~50x faster).
        "import time\nwhile time.process_time() < 0.5:\n    pass\nn = int(input())\nd = 2\nwhile n % d:\n    d += 1\nprint(d)\n",
    )
    .unwrap();
    let text = verify(dir.path(), 0);
    let row = row(&text, "time_limit_exceeded/slowish.py");
    assert!(
        row.contains("(under the margin)") && row.ends_with("ok"),
        "{text}"
    );
    assert!(
        text.contains("warning: time_limit_exceeded/slowish.py sensitive to the time limit"),
        "{text}"
    );
}

#[test]
fn a_case_with_both_out_and_ans_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    for f in ["1.in", "1.out", "1.ans"] {
        std::fs::write(dir.path().join(f), "1\n").unwrap();
    }
    judge()
        .arg("run")
        .arg("--cmd")
        .arg("cat")
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("1.in: both"))
        .stderr(predicate::str::contains("1.ans exist; keep one of them"));
}

#[test]
fn ans_files_and_the_oj_test_folder_layout_work_as_they_are() {
    let dir = tempfile::tempdir().unwrap();
    let test = dir.path().join("test");
    std::fs::create_dir(&test).unwrap();
    for (f, text) in [
        ("sample-1.in", "1 2\n"),
        ("sample-1.out", "1 2\n"),
        ("sample-2.in", "3\n"),
        ("sample-2.ans", "3\n"),
    ] {
        std::fs::write(test.join(f), text).unwrap();
    }
    judge()
        .arg("run")
        .arg("--cmd")
        .arg("cat")
        .arg(&test)
        .assert()
        .success()
        .stdout(predicate::str::contains("2/2 AC"));
}

#[test]
fn import_makes_a_problem_that_cargo_judge_accepts() {
    if !have(&["g++"]) {
        return;
    }
    let ws = TempWs::new(&["poj2484"]);
    let cache = ws.path(".cache");
    let out = ws
        .judge()
        .arg("import")
        .arg(package("sum-pair"))
        .env("CP_GAMES_CACHE", &cache)
        .assert()
        .success()
        .get_output()
        .clone();
    let text = stdout(&out);
    assert!(
        text.contains("src/main.rs from submissions/accepted/pair.rs"),
        "{text}"
    );
    let mut names: Vec<String> = std::fs::read_dir(ws.path("testdata/sum-pair"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "README.md",
            "output_validator",
            "problem.toml",
            "sample-1.in",
            "sample-1.out",
            "secret-1.in",
            "secret-1.out",
            "secret-2.in",
            "secret-2.out",
            "secret-3.in",
            "secret-3.out"
        ]
    );
    assert_eq!(
        ws.read("testdata/sum-pair/secret-2.out"),
        std::fs::read_to_string(package("sum-pair/data/secret/2.ans")).unwrap()
    );
    assert_eq!(
        ws.read("problems/sum-pair/src/main.rs"),
        std::fs::read_to_string(package("sum-pair/submissions/accepted/pair.rs")).unwrap()
    );
    let toml = ws.read("testdata/sum-pair/problem.toml");
    assert!(
        toml.contains("checker = \"kattis\"\nkattis_validator = \"output_validator\""),
        "{toml}"
    );
    assert!(
        toml.contains("time_limit = 2.0\nmemory_limit = 256\n"),
        "{toml}"
    );
    ws.judge()
        .arg("sum-pair")
        .env("CP_GAMES_CACHE", &cache)
        .assert()
        .success()
        .stdout(predicate::str::contains("ok   sum-pair: 4/4 AC"));
    // A second import of the same name touches nothing.
    ws.judge()
        .arg("import")
        .arg(package("sum-pair"))
        .env("CP_GAMES_CACHE", &cache)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "already exists: refusing to overwrite",
        ));
}

#[test]
fn import_maps_the_default_validators_flags_to_a_checker() {
    let ws = TempWs::new(&["poj2484"]);
    let cache = ws.path(".cache");
    ws.judge()
        .arg("import")
        .arg(package("ratio"))
        .env("CP_GAMES_CACHE", &cache)
        .assert()
        .success();
    // The answers have words, so case-insensitivity matters: Kattis' own rules.
    let toml = ws.read("testdata/ratio/problem.toml");
    assert!(
        toml.contains("checker = \"kattis\"\nkattis_flags = \"float_tolerance 1e-6\""),
        "{toml}"
    );
    // With numbers only, the same flags stay Kattis' own in a legacy package:
    // its validator reads glibc's %lf numbers (`0x3`, `2e`), which our float
    // checker does not.
    let numbers = copy("ratio");
    for c in walkdir::WalkDir::new(numbers.path().join("data")) {
        let c = c.unwrap();
        if c.path().extension().is_some_and(|e| e == "ans") {
            let text = std::fs::read_to_string(c.path()).unwrap();
            std::fs::write(c.path(), text.lines().next().unwrap()).unwrap();
        }
    }
    ws.judge()
        .arg("import")
        .arg(numbers.path())
        .arg("ratio-numbers")
        .env("CP_GAMES_CACHE", &cache)
        .assert()
        .success();
    let toml = ws.read("testdata/ratio-numbers/problem.toml");
    assert!(
        toml.contains("checker = \"kattis\"\nkattis_flags = \"float_tolerance 1e-6\"\n")
            && !toml.contains("kattis_format"),
        "{toml}"
    );
    // Words and no flags: the validator's rule is the tokens checker's without
    // case (`case_sensitive = false`), readable in problem.toml.
    let words = copy("ratio");
    let yaml = words.path().join("problem.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(
        &yaml,
        text.replace("validator_flags: float_tolerance 1e-6", ""),
    )
    .unwrap();
    ws.judge()
        .arg("import")
        .arg(words.path())
        .arg("ratio-words")
        .env("CP_GAMES_CACHE", &cache)
        .assert()
        .success()
        .stdout(predicate::str::contains("tokens checker, any case"));
    let toml = ws.read("testdata/ratio-words/problem.toml");
    assert!(
        toml.contains("checker = \"tokens\"\ncase_sensitive = false\n"),
        "{toml}"
    );
}

/// A 2025-09 package whose answers are a word and a number, its
/// `output_validator_args` in `data/test_group.yaml` (the only place 2025-09
/// has for them), so every group has the same ones.
fn decimal_package() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    for (rel, text) in [
        (
            "problem.yaml",
            "problem_format_version: 2025-09\nname: Num\n\
             uuid: 0f1e2d3c-4b5a-4697-8877-665544332211\nlimits:\n  time_limit: 4\n",
        ),
        (
            "data/test_group.yaml",
            "output_validator_args: [float_tolerance, \"0.1\"]\n",
        ),
        ("data/sample/1.in", "1\n"),
        ("data/sample/1.ans", "three 3\n"),
        ("data/secret/1.in", "2\n"),
        ("data/secret/1.ans", "three 3\n"),
    ] {
        let path = tmp.path().join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    tmp
}

#[test]
fn import_keeps_a_2025_09_packages_flags_and_its_number_grammar() {
    // spec/2025-09.md "General requirements": a number is decimal, so `0x3`
    // and `3e` are words, WA against 3 (as under bt run and verify), where a
    // legacy package's validator reads them as glibc's %lf does (3).
    let pkg = decimal_package();
    let ws = TempWs::new(&["poj2484"]);
    ws.judge()
        .arg("import")
        .arg(pkg.path())
        .arg("num")
        .assert()
        .success();
    let toml = ws.read("testdata/num/problem.toml");
    assert!(
        toml.contains(
            "checker = \"kattis\"\nkattis_flags = \"float_tolerance 0.1\"\nkattis_format = \"2025-09\"\n"
        ),
        "{toml}"
    );
    for (prints, shown) in [
        ("three 3.05", "ok   num: 2/2 AC"),
        ("THREE 3", "ok   num: 2/2 AC"),
        ("three 0x3", "WA  num/sample-1"),
        ("three 3e", "WA  num/sample-1"),
        ("three 3.5", "WA  num/sample-1"),
    ] {
        ws.judge()
            .args(["run", "--cmd", &format!("echo {prints}")])
            .arg(ws.path("testdata/num"))
            .assert()
            .code(if shown.starts_with("ok") { 0 } else { 1 })
            .stdout(predicate::str::contains(shown));
    }
    // With numbers only, the flags are our float checker, which reads them as
    // that grammar does (`0x3` is no number to Rust's parser either).
    for (rel, text) in [("data/sample/1.ans", "3\n"), ("data/secret/1.ans", "3\n")] {
        std::fs::write(pkg.path().join(rel), text).unwrap();
    }
    ws.judge()
        .arg("import")
        .arg(pkg.path())
        .arg("num-only")
        .assert()
        .success();
    let toml = ws.read("testdata/num-only/problem.toml");
    assert!(
        toml.contains("checker = \"float\"\nfloat_abs = 0.1\nfloat_rel = 0.1\n"),
        "{toml}"
    );
}

#[test]
fn import_refuses_groups_with_different_flags_naming_two_cases() {
    let pkg = decimal_package();
    std::fs::write(
        pkg.path().join("data/secret/test_group.yaml"),
        "output_validator_args: [case_sensitive]\n",
    )
    .unwrap();
    let ws = TempWs::new(&["poj2484"]);
    ws.judge()
        .arg("import")
        .arg(pkg.path())
        .arg("num")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cases sample/1 and secret/1 give the output validator different arguments \
             (\"float_tolerance 0.1\" and \"case_sensitive\"): problem.toml holds one set",
        ));
    assert!(!ws.path("testdata/num").exists());
}

#[test]
fn import_refuses_a_multi_pass_package_it_would_judge_in_one_pass() {
    let ws = TempWs::new(&["poj2484"]);
    ws.judge()
        .arg("import")
        .arg(package("doubling"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "multi-pass packages cannot be imported yet",
        ));
    assert!(!ws.path("testdata/doubling").exists());
}

#[test]
fn import_refuses_a_package_whose_cases_give_the_submission_arguments() {
    let ws = TempWs::new(&["poj2484"]);
    ws.judge()
        .arg("import")
        .arg(package("shout"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "case secret/2 gives the submission arguments (upper), which problem.toml cannot",
        ));
    assert!(!ws.path("testdata/shout").exists());
}

/// A package handed over as its zip (how Polygon and DOMjudge download it) is
/// named as an archive, with the command that unpacks it, by verify and run
/// alike: exit 2, not "Not a directory" from inside it.
#[test]
fn a_zipped_package_is_refused_with_how_to_unpack_it() {
    let tmp = tempfile::tempdir().unwrap();
    let zip = tmp.path().join("hello.zip");
    // A zip's local file header signature, then anything.
    std::fs::write(&zip, b"PK\x03\x04\x14\x00\x00\x00rest of an archive").unwrap();
    let unpack = format!(
        "is a zip archive: unpack it first (unzip {} -d hello)",
        zip.display()
    );
    judge()
        .arg("verify")
        .arg(&zip)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(&unpack));
    run("true", &zip)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(&unpack));
}
