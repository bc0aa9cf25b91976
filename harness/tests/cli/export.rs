//! `cargo judge export NAME`: a workspace problem as a Kattis problem package
//! that `verify` judges as the workspace does, that `import` brings back, and
//! that is never written over by accident. (problemtools' `verifyproblem` and
//! BAPCtools' `bt` judge an export in `harness/tests/conformance.rs`, beside
//! the fixtures.)

use std::path::Path;

use predicates::prelude::*;
use serde_json::Value;

use crate::support::json_of;
use crate::tempws::{TempWs, outer_root};

/// The judge in the real workspace, whose problems are exported.
fn judge() -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("judge").unwrap();
    cmd.current_dir(outer_root())
        .env("NO_COLOR", "1")
        .env(
            "CP_GAMES_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("export-cache"),
        )
        .timeout(std::time::Duration::from_secs(600));
    cmd
}

/// Exports `problem` into `out` in `format`.
fn export(problem: &str, format: &str, out: &Path) -> assert_cmd::assert::Assert {
    judge()
        .args(["export", problem, "--format", format, "--out"])
        .arg(out)
        .assert()
}

/// The `.in` files of a folder, sorted by name.
fn inputs(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".in"))
        .collect();
    names.sort();
    names
}

#[test]
fn export_writes_the_limits_cases_bundles_and_validator_of_a_workspace_problem() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("ybt1218");
    export("ybt1218", "legacy", &out)
        .success()
        .stdout(predicate::str::contains(
            "1 sample and 18 secret cases; the default output validator (case_sensitive space_change_sensitive",
        ))
        .stderr(predicate::str::contains("checker \"exact\" is written as"));
    let yaml = std::fs::read_to_string(out.join("problem.yaml")).unwrap();
    // testdata/ybt1218/problem.toml: 1 s, 64 MiB, the exact checker.
    for line in [
        "problem_format_version: legacy",
        "name: \"Stone-taking game (Euclid's game)\"",
        "  memory: 64",
        "validation: default",
        "validator_flags: \"case_sensitive space_change_sensitive\"",
    ] {
        assert!(yaml.lines().any(|l| l == line), "{line} in\n{yaml}");
    }
    assert_eq!(
        std::fs::read_to_string(out.join(".timelimit")).unwrap(),
        "1\n"
    );
    // Every case, byte for byte, the sample apart; `.out` written as `.ans`.
    let testdata = outer_root().join("testdata/ybt1218");
    assert_eq!(inputs(&out.join("data/sample")), ["01-sample.in"]);
    let secret = inputs(&out.join("data/secret"));
    assert_eq!(secret.len(), 18);
    for name in secret.iter().chain(["01-sample.in".to_string()].iter()) {
        let part = if name.contains("sample") {
            "sample"
        } else {
            "secret"
        };
        let stem = name.trim_end_matches(".in");
        for (ours, theirs) in [("in", "in"), ("out", "ans")] {
            assert_eq!(
                std::fs::read(testdata.join(format!("{stem}.{ours}"))).unwrap(),
                std::fs::read(out.join(format!("data/{part}/{stem}.{theirs}"))).unwrap(),
                "{stem}.{theirs}"
            );
        }
    }
    // The bundles: main.rs with the library modules it uses inlined; a
    // known-wrong solution that uses none is its source as it is.
    let accepted = std::fs::read_to_string(out.join("submissions/accepted/ybt1218.rs")).unwrap();
    assert!(accepted.contains("pub mod contest {"), "{accepted}");
    for (file, source) in [
        ("wrong_answer/wa_int32.rs", "wa_int32.rs"),
        ("run_time_error/re_equal.rs", "re_equal.rs"),
    ] {
        let text = std::fs::read_to_string(out.join("submissions").join(file)).unwrap();
        let source =
            std::fs::read_to_string(outer_root().join("problems/ybt1218/src/bin").join(source))
                .unwrap();
        assert!(text.starts_with(&source), "{file}");
    }
    let entries = |d: &str| std::fs::read_dir(out.join(d)).unwrap().count();
    assert_eq!(
        entries("submissions"),
        3,
        "accepted, wrong_answer, run_time_error"
    );
    for script in ["build", "run"] {
        let path = out.join("input_validators/validate").join(script);
        let mode = std::os::unix::fs::PermissionsExt::mode(&path.metadata().unwrap().permissions());
        assert_eq!(mode & 0o111, 0o111, "{script} is executable");
    }
}

#[test]
fn export_2025_09_gives_the_time_limit_and_the_validators_arguments_per_group() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("poj2484");
    export("poj2484", "2025-09", &out).success();
    let yaml = std::fs::read_to_string(out.join("problem.yaml")).unwrap();
    for line in [
        "problem_format_version: 2025-09",
        "  time_limit: 1",
        "  memory: 64",
    ] {
        assert!(yaml.lines().any(|l| l == line), "{line} in\n{yaml}");
    }
    assert!(yaml.lines().any(|l| l.starts_with("uuid: ")), "{yaml}");
    assert!(!yaml.contains("validator_flags"), "{yaml}");
    for part in ["sample", "secret"] {
        let group =
            std::fs::read_to_string(out.join("data").join(part).join("test_group.yaml")).unwrap();
        assert!(
            group.contains(
                "output_validator_args: [\"case_sensitive\", \"space_change_sensitive\"]"
            ),
            "{group}"
        );
    }
    assert!(out.join("statement/problem.en.tex").is_file());
}

/// What verify said of each submission: (path, verdict, first case not AC).
fn verified(out: &Path) -> Vec<(String, String, Option<String>)> {
    let run = judge()
        .arg("verify")
        .arg(out)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let json = json_of(&run.stdout);
    assert_eq!(json["ok"], true, "{json:#}");
    json["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let first = s["cases"]
                .as_array()
                .unwrap()
                .iter()
                .find(|c| c["verdict"] != "AC");
            (
                s["path"].as_str().unwrap().to_string(),
                s["verdict"].as_str().unwrap().to_string(),
                first.map(|c| c["name"].as_str().unwrap().to_string()),
            )
        })
        .collect()
}

#[test]
fn verify_of_an_export_gives_each_solution_the_verdict_the_workspace_gives_it() {
    let workspace = judge()
        .args(["ybt1218", "--format", "json"])
        .output()
        .unwrap();
    let workspace = json_of(&workspace.stdout);
    assert_eq!(workspace["ok"], true, "{workspace:#}");
    let caught = |label: &str| -> (String, String) {
        let k: &Value = workspace["known_wrong"]
            .as_array()
            .unwrap()
            .iter()
            .find(|k| k["solution"] == label)
            .unwrap();
        assert_eq!(k["caught"], true, "{k:#}");
        (
            k["expected"].as_str().unwrap().to_string(),
            format!("secret/{}", k["first"].as_str().unwrap()),
        )
    };
    for format in ["legacy", "2025-09"] {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("ybt1218");
        export("ybt1218", format, &out).success();
        let (wa, wa_case) = caught("wa_int32");
        let (re, re_case) = caught("re_equal");
        // The format calls RE RTE (spec "Example submissions").
        assert_eq!((wa.as_str(), re.as_str()), ("WA", "RE"));
        assert_eq!(
            verified(&out),
            [
                ("accepted/ybt1218.rs".to_string(), "AC".to_string(), None),
                (
                    "run_time_error/re_equal.rs".to_string(),
                    "RTE".to_string(),
                    Some(re_case)
                ),
                (
                    "wrong_answer/wa_int32.rs".to_string(),
                    "WA".to_string(),
                    Some(wa_case)
                ),
            ],
            "{format}"
        );
    }
}

#[test]
fn an_imported_export_is_judged_as_the_workspace_problem() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("ybt1218");
    export("ybt1218", "legacy", &out).success();
    // (A workspace with one problem of its own: cargo wants `problems/*` to match.)
    let ws = TempWs::new(&["poj2484"]);
    ws.judge()
        .arg("import")
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "src/main.rs from submissions/accepted/ybt1218.rs",
        ));
    // The sample first, then the secret cases, 19 as in testdata/ybt1218/.
    let cases: Vec<String> = std::fs::read_dir(ws.path("testdata/ybt1218"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".in"))
        .collect();
    assert_eq!(cases.len(), 19, "{cases:?}");
    assert!(
        cases.contains(&"sample-01-sample.in".to_string()),
        "{cases:?}"
    );
    ws.judge()
        .arg("ybt1218")
        .assert()
        .success()
        .stdout(predicate::str::contains("ok   ybt1218: 19/19 AC"));
}

#[test]
fn export_writes_over_nothing_but_an_earlier_export_with_force() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("poj2484");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("notes.txt"), "mine\n").unwrap();
    for force in [false, true] {
        let mut cmd = judge();
        cmd.args(["export", "poj2484", "--out"]).arg(&out);
        if force {
            cmd.arg("--force");
        }
        cmd.assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "{} is not empty",
                out.display()
            )));
        assert_eq!(
            std::fs::read_to_string(out.join("notes.txt")).unwrap(),
            "mine\n"
        );
    }
    std::fs::remove_file(out.join("notes.txt")).unwrap();
    export("poj2484", "legacy", &out).success();
    export("poj2484", "legacy", &out)
        .code(2)
        .stderr(predicate::str::contains("--force replaces a package"));
    std::fs::write(out.join("data/secret/stale.in"), "1\n").unwrap();
    judge()
        .args(["export", "poj2484", "--force", "--out"])
        .arg(&out)
        .assert()
        .success();
    assert!(
        !out.join("data/secret/stale.in").exists(),
        "the old package is replaced"
    );
}

#[test]
fn export_of_an_unknown_problem_names_the_problems_there_are() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("nosuch");
    judge()
        .args(["export", "nosuch", "--out"])
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("nosuch"))
        .stderr(predicate::str::contains("poj2484"));
    assert!(!out.exists(), "nothing is written");
}

#[test]
fn an_interactive_problems_interactor_is_its_exports_output_validator() {
    for (format, line, folder) in [
        (
            "legacy",
            "validation: custom interactive",
            "output_validators/interactor",
        ),
        ("2025-09", "type: interactive", "output_validator"),
    ] {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("wythoffplay");
        export("wythoff-play", format, &out)
            .success()
            .stdout(predicate::str::contains(
                "the interactor wythoff-play-interactor as the output validator",
            ))
            .stderr(predicate::str::contains(
                "problems/wythoff-play has no src/bin/validate.rs: the package has no input validator",
            ));
        let yaml = std::fs::read_to_string(out.join("problem.yaml")).unwrap();
        assert!(yaml.lines().any(|l| l == line), "{yaml}");
        for file in ["interactor.rs", "build", "run"] {
            assert!(out.join(folder).join(file).is_file(), "{format}: {file}");
        }
        // The sample's dialogue, for the statement.
        assert_eq!(
            std::fs::read(out.join("data/sample/01-sample.interaction")).unwrap(),
            std::fs::read(outer_root().join("testdata/wythoff-play/01-sample.interaction"))
                .unwrap()
        );
        // Each known-wrong solution gets its verdict, judged through the interactor.
        let verdicts: Vec<(String, String)> = verified(&out)
            .into_iter()
            .map(|(path, verdict, _)| (path, verdict))
            .collect();
        let want = [
            ("accepted/wythoff_play.rs", "AC"),
            ("run_time_error/re_u32.rs", "RTE"),
            ("time_limit_exceeded/tle_no_flush.rs", "TLE"),
            ("wrong_answer/wa_float.rs", "WA"),
            ("wrong_answer/wa_random.rs", "WA"),
        ]
        .map(|(p, v)| (p.to_string(), v.to_string()));
        assert_eq!(verdicts, want, "{format}");
    }
}

/// A wcmp-style testlib checker: the output's tokens must be the answer's.
const WCMP: &str = r#"#include "testlib.h"
int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    int n = 0;
    while (!ans.seekEof()) {
        n++;
        std::string j = ans.readToken();
        if (ouf.seekEof()) quitf(_wa, "answer has more tokens than the output");
        std::string p = ouf.readToken();
        if (j != p) quitf(_wa, "token %d differs: expected %s, found %s", n, j.c_str(), p.c_str());
    }
    if (!ouf.seekEof()) quitf(_wa, "the output has more tokens than the answer");
    quitf(_ok, "%d tokens", n);
}
"#;

#[test]
fn a_testlib_checker_is_wrapped_as_the_exports_output_validator() {
    if !crate::support::have(&["g++"]) {
        return;
    }
    // poj2484 judged by a testlib checker, with one known-wrong solution
    // (TempWs leaves them out).
    let ws = TempWs::new(&["poj2484"]);
    let wrong = outer_root().join("problems/poj2484/src/bin/wa_parity.rs");
    ws.write(
        "problems/poj2484/src/bin/wa_parity.rs",
        std::fs::read(wrong).unwrap(),
    );
    let manifest = ws.read("problems/poj2484/Cargo.toml")
        + "\n[[bin]]\nname = \"poj2484-wa-parity\"\npath = \"src/bin/wa_parity.rs\"\ntest = false\n";
    ws.write("problems/poj2484/Cargo.toml", manifest);
    let header = outer_root().join("harness/tests/fixtures/testlib/testlib.h");
    ws.write("testdata/poj2484/testlib.h", std::fs::read(header).unwrap());
    ws.write("testdata/poj2484/wcmp.cpp", WCMP);
    ws.edit(
        "testdata/poj2484/problem.toml",
        "checker = \"exact\"",
        "checker = \"testlib\"\nchecker_source = \"wcmp.cpp\"",
    );
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("poj2484");
    ws.judge()
        .args(["export", "poj2484", "--out"])
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "the testlib checker wcmp.cpp as the output validator",
        ));
    let yaml = std::fs::read_to_string(out.join("problem.yaml")).unwrap();
    assert!(yaml.lines().any(|l| l == "validation: custom"), "{yaml}");
    for file in ["check.cpp", "testlib.h", "build", "run"] {
        assert!(
            out.join("output_validators/checker").join(file).is_file(),
            "{file}"
        );
    }
    let verdicts: Vec<(String, String, Option<String>)> = verified(&out);
    assert_eq!(
        verdicts,
        [
            ("accepted/poj2484.rs".to_string(), "AC".to_string(), None),
            (
                "wrong_answer/wa_parity.rs".to_string(),
                "WA".to_string(),
                Some("sample/01-sample".to_string())
            ),
        ]
    );
}
