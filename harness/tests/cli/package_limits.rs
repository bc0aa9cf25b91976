//! The limits a package sets for its own programs (the Kattis format's
//! "Limits": `validation_time`, `validation_memory`, `validation_output`,
//! `compilation_time`, `compilation_memory`) and the keys a format version does
//! not have. Each expected verdict is what problemtools 1.20260907's
//! `verifyproblem` gave on the same package (legacy), or what BAPCtools does
//! (2025-09: it builds under `compilation_time`).

use std::path::Path;

use predicates::prelude::*;
use serde_json::Value;

use crate::package::{judge, submission, verify_json_by};
use crate::support::{have, json_of};

/// A package whose two cases double their input (`21` → `42`, `5` → `10`),
/// with an accepted and a wrong-answer Python submission, `yaml` as its
/// problem.yaml and `files` (path, text) besides; `build` and `run` files are
/// made executable.
fn package_with(yaml: &str, files: &[(&str, &str)]) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let mut all = vec![
        ("problem.yaml", yaml),
        ("data/sample/1.in", "21\n"),
        ("data/sample/1.ans", "42\n"),
        ("data/secret/1.in", "5\n"),
        ("data/secret/1.ans", "10\n"),
        ("submissions/accepted/a.py", "print(2 * int(input()))\n"),
        (
            "submissions/wrong_answer/w.py",
            "print(2 * int(input()) + 1)\n",
        ),
    ];
    all.extend_from_slice(files);
    for (rel, text) in all {
        let path = tmp.path().join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        if ["build", "run"].contains(&path.file_name().unwrap().to_str().unwrap()) {
            use std::os::unix::fs::PermissionsExt as _;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
    }
    tmp
}

/// `verify --format json` with a build cache of its own.
fn verify(dir: &Path) -> (i32, Value) {
    let cache = tempfile::tempdir().unwrap();
    let mut judge = judge();
    judge.env("CP_GAMES_CACHE", cache.path());
    verify_json_by(judge, dir, &[])
}

/// An output validator that accepts the answer's tokens and, on anything else,
/// runs `on_wrong` (Python) and rejects.
fn validator(on_wrong: &str) -> String {
    format!(
        "import sys, time\nans = open(sys.argv[2]).read().split()\n\
         out = sys.stdin.read().split()\nif out == ans:\n    sys.exit(42)\n{on_wrong}\nsys.exit(43)\n"
    )
}

#[test]
fn an_output_validator_past_the_packages_validation_time_is_a_judge_error() {
    if !have(&["python3"]) {
        return;
    }
    // verifyproblem: "wrong_answer/w.py got JE [output validator v crashed,
    // status 24" (SIGXCPU at validation_time); 3 s is well inside the default 60.
    let spin = "t = time.process_time()\nwhile time.process_time() < t + 3:\n    pass";
    let pkg = package_with(
        "name: Slow\nvalidation: custom\nlimits:\n  validation_time: 1\n",
        &[("output_validators/v/v.py", &validator(spin))],
    );
    let (code, doc) = verify(pkg.path());
    assert_eq!(
        submission(&doc, "accepted/a.py")["verdict"],
        "AC",
        "{doc:#}"
    );
    let wrong = submission(&doc, "wrong_answer/w.py");
    assert_eq!(wrong["verdict"], "JE", "{doc:#}");
    assert!(
        wrong["mismatch"]
            .as_str()
            .unwrap()
            .contains("output validator v ran out of time"),
        "{doc:#}"
    );
    assert_eq!(code, 1, "{doc:#}");
}

#[test]
fn an_input_validator_past_the_packages_validation_time_fails_the_input() {
    if !have(&["python3"]) {
        return;
    }
    // bt validate 2026.10.0 on this package: "iv.py: timeout" for both inputs.
    // (problemtools runs input validators for up to 1000 s: no error.)
    let spin = "import sys, time\nint(sys.stdin.readline())\nt = time.process_time()\n\
                while time.process_time() < t + 3:\n    pass\nsys.exit(42)\n";
    let pkg = package_with(
        "problem_format_version: 2025-09\nname: Slowcheck\n\
         uuid: 8d1b4f5e-6a7c-4d9e-8f0a-3b4c5d6e7f80\nlimits:\n  validation_time: 1\n",
        &[("input_validators/iv.py", spin)],
    );
    let (code, doc) = verify(pkg.path());
    let errors = crate::support::strings(&doc["errors"]);
    for case in ["sample/1.in", "secret/1.in"] {
        assert!(
            errors.iter().any(|e| e.starts_with("input validator iv")
                && e.contains(case)
                && e.contains("out of time: validation_time 1 s")),
            "{case}: {doc:#}"
        );
    }
    assert_eq!(code, 1, "{doc:#}");
}

#[test]
fn a_validator_writing_16_mib_of_judgemessage_still_rejects() {
    if !have(&["python3"]) {
        return;
    }
    // verifyproblem: "wrong_answer/w.py OK: WA" (no limit on feedback files);
    // the judge keeps only the message's start.
    let flood = "with open(sys.argv[3] + 'judgemessage.txt', 'w') as f:\n    \
                 f.write('too big by one\\n' + 'x' * (16 << 20))";
    let pkg = package_with(
        "name: Flood\nvalidation: custom\n",
        &[("output_validators/v/v.py", &validator(flood))],
    );
    let (code, doc) = verify(pkg.path());
    assert_eq!(
        submission(&doc, "accepted/a.py")["verdict"],
        "AC",
        "{doc:#}"
    );
    assert_eq!(
        submission(&doc, "wrong_answer/w.py")["verdict"],
        "WA",
        "{doc:#}"
    );
    assert_eq!(code, 0, "{doc:#}");
    let out = judge()
        .arg("run")
        .arg("--cmd")
        .arg(format!(
            "python3 {}",
            pkg.path().join("submissions/wrong_answer/w.py").display()
        ))
        .arg(pkg.path())
        .args(["--format", "json"])
        .output()
        .unwrap();
    let message = json_of(&out.stdout)["cases"][0]["rejection"]["message"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(message.starts_with("too big by one"), "{message:.200}");
    assert!(message.len() <= 64 << 10, "{} bytes kept", message.len());
}

#[test]
fn a_validator_printing_past_validation_output_still_rejects() {
    if !have(&["python3"]) {
        return;
    }
    // verifyproblem: "wrong_answer/w.py OK: WA" for a validator that prints
    // 16 MiB and exits 43 (its stdout goes to a file, unlimited); the judge
    // keeps validation_output (8 MiB) of it and drops the rest.
    let pkg = package_with(
        "name: Loud\nvalidation: custom\n",
        &[(
            "output_validators/v/v.py",
            &validator("sys.stdout.write('y' * (16 << 20))"),
        )],
    );
    let (code, doc) = verify(pkg.path());
    assert_eq!(
        submission(&doc, "wrong_answer/w.py")["verdict"],
        "WA",
        "{doc:#}"
    );
    assert_eq!(code, 0, "{doc:#}");
}

#[test]
fn an_output_limit_kill_is_a_run_time_error_in_2025_09_only() {
    if !have(&["python3"]) {
        return;
    }
    // verifyproblem 1.20260907 on the legacy package: "ERROR
    // run_time_error/flood.py got OLE [output (20.0 MiB) exceeds output limit
    // (8 MiB)": OLE is a verdict of its own there (and DOMjudge's OUTPUT-LIMIT is
    // not RUN-ERROR). 2025-09 has only AC, WA, TLE and RTE.
    let flood = "import sys\nsys.stdout.write('1\\n' * (10 << 20))\n";
    for (yaml, matched) in [
        ("name: Flood\n", false),
        (
            "problem_format_version: 2025-09\nname: Flood\n\
             uuid: 7b8c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e\nlimits:\n  time_limit: 4\n",
            true,
        ),
    ] {
        let pkg = package_with(yaml, &[("submissions/run_time_error/flood.py", flood)]);
        let (_, doc) = verify(pkg.path());
        let flood = submission(&doc, "run_time_error/flood.py");
        assert_eq!(flood["verdict"], "OLE", "{doc:#}");
        assert_eq!(flood["matched"], matched, "{yaml}: {doc:#}");
    }
}

/// A 2025-09 package whose output validator's `build` never ends, under
/// `compilation_time: 1`.
fn validator_that_never_builds() -> tempfile::TempDir {
    package_with(
        "problem_format_version: 2025-09\nname: Never\n\
         uuid: 5a8e1c2b-3d4f-4a6b-8c9d-0e1f2a3b4c5d\nlimits:\n  compilation_time: 1\n",
        &[
            ("output_validator/build", "#!/bin/sh\nexec sleep 100000\n"),
            ("output_validator/run", "#!/bin/sh\nexit 42\n"),
        ],
    )
}

#[test]
fn run_builds_the_output_validator_within_the_packages_compilation_time() {
    if !have(&["python3"]) {
        return;
    }
    // BAPCtools builds every program under compilation_time (`program.py`
    // `_compile`); 1 s of CPU is 1.5 s of wall time here.
    let pkg = validator_that_never_builds();
    let cache = tempfile::tempdir().unwrap();
    let started = std::time::Instant::now();
    judge()
        .env("CP_GAMES_CACHE", cache.path())
        .arg("run")
        .arg("--cmd")
        .arg("echo 42")
        .arg(pkg.path())
        .assert()
        .code(2)
        .stdout(
            predicate::str::contains("cannot build output validator").and(
                predicate::str::contains(
                    "./build ran out of time (1 s of CPU, 1.5 s of wall time)",
                ),
            ),
        );
    assert!(started.elapsed() < std::time::Duration::from_secs(50));
}

#[test]
fn an_imported_package_builds_its_validator_within_the_packages_compilation_time() {
    // The package's compilation_time (1 s) is problem.toml's
    // checker_build_time_limit, so the validator whose build never ends is
    // stopped there in the imported problem too, not after the default 60 s.
    let pkg = validator_that_never_builds();
    let ws = crate::tempws::TempWs::new(&["poj2484"]);
    ws.judge()
        .arg("import")
        .arg(pkg.path())
        .arg("never")
        .env("CP_GAMES_CACHE", ws.path(".cache"))
        .assert()
        .success();
    let toml = ws.read("testdata/never/problem.toml");
    assert!(toml.contains("checker_build_time_limit = 1.0\n"), "{toml}");
    let started = std::time::Instant::now();
    ws.judge()
        .args(["run", "--cmd", "echo 42"])
        .arg(ws.path("testdata/never"))
        .env("CP_GAMES_CACHE", ws.path(".cache"))
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "./build ran out of time (1 s of CPU, 1.5 s of wall time)",
        ));
    assert!(started.elapsed() < std::time::Duration::from_secs(50));
}

#[test]
fn run_compiles_the_solution_within_the_packages_compilation_time() {
    if !have(&["perl"]) {
        return;
    }
    // `perl -c` runs BEGIN blocks: a syntax check that never ends.
    let pkg = package_with(
        "problem_format_version: 2025-09\nname: Slowcheck\n\
         uuid: 6b9f2d3c-4e5a-4b7c-9d0e-1f2a3b4c5d6e\nlimits:\n  compilation_time: 1\n",
        &[],
    );
    let file = pkg.path().join("slow.pl");
    std::fs::write(
        &file,
        "#!/usr/bin/perl\nBEGIN { sleep 100000 }\nprint 2 * <STDIN>, \"\\n\";\n",
    )
    .unwrap();
    let cache = tempfile::tempdir().unwrap();
    let out = judge()
        .env("CP_GAMES_CACHE", cache.path())
        .arg("run")
        .arg(&file)
        .arg(pkg.path())
        .args(["--format", "json"])
        .output()
        .unwrap();
    let doc = json_of(&out.stdout);
    let case = &doc["cases"][0];
    assert_eq!(case["verdict"], "CE", "{doc:#}");
    assert!(
        case.to_string()
            .contains("ran out of time (1 s of CPU, 1.5 s of wall time)"),
        "{doc:#}"
    );
}

#[test]
fn a_legacy_time_limit_is_the_time_limit_as_domjudge_reads_it_with_a_warning() {
    // verifyproblem refuses the package ("limits.time_limit Unexpected keyword
    // argument"); DOMjudge's import sets the problem's time limit from it.
    let pkg = package_with(
        "name: Legacy\nlimits:\n  time_limit: 3\n",
        &[(
            "submissions/time_limit_exceeded/s.py",
            "import time\ntime.sleep(1e6)\n",
        )],
    );
    let out = judge().arg("verify").arg(pkg.path()).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains(
            "warning: problem.yaml:3: limits.time_limit is not a key of the legacy format: \
             used as the time limit, as DOMjudge reads it"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("time limit 3 s (from problem.yaml)"),
        "{stdout}"
    );
}

/// An interactor that takes 300 MiB before it says the input's number and
/// accepts its double.
const HOARDING_INTERACTOR: &str = r#"#include <cstdio>
#include <cstdlib>
#include <cstring>
int main(int argc, char **argv) {
    char *hoard = (char *)malloc(300 << 20);
    if (!hoard) return 1;
    memset(hoard, 1, 300 << 20);
    FILE *in = fopen(argv[1], "r");
    long x, got;
    if (fscanf(in, "%ld", &x) != 1) return 1;
    printf("%ld\n", x);
    fflush(stdout);
    if (scanf("%ld", &got) != 1) return 43;
    return got == 2 * x ? 42 : 43;
}
"#;

#[test]
fn an_interactor_runs_under_the_packages_validation_memory() {
    if !have(&["python3", "g++"]) {
        return;
    }
    // bt run 2026.10.0 on this package: accepted/a.py JE at validation_memory
    // 100 (its interactor's RLIMIT_AS), AC at 1000. (problemtools applies no
    // memory limit to a native interactor: AC at both.)
    for (mib, verdict) in [(100, "JE"), (1000, "AC")] {
        let pkg = package_with(
            &format!(
                "problem_format_version: 2025-09\nname: Hoard\n\
                 uuid: 7c0a3e4d-5f6b-4c8d-9e1f-2a3b4c5d6e7f\ntype: interactive\n\
                 limits:\n  validation_memory: {mib}\n"
            ),
            &[("output_validator/hoard.cpp", HOARDING_INTERACTOR)],
        );
        std::fs::remove_dir_all(pkg.path().join("submissions/wrong_answer")).unwrap();
        let (_, doc) = verify(pkg.path());
        assert_eq!(
            submission(&doc, "accepted/a.py")["verdict"],
            verdict,
            "validation_memory {mib}: {doc:#}"
        );
    }
}

#[test]
fn an_imported_package_keeps_its_validators_limits() {
    if !have(&["python3"]) {
        return;
    }
    // A validator that holds 300 MiB before it rejects: under the package's
    // validation_memory 100 it cannot (MemoryError, exit 1), so a wrong answer
    // is JE in the package (verify, and bt's RLIMIT_AS) and must be ERR in the
    // problem import makes of it, not WA under the judge's default 2048 MiB.
    let hoard = "x = bytearray(300 << 20)";
    let pkg = package_with(
        "problem_format_version: 2025-09\nname: Hoardcheck\n\
         uuid: 5e2f7a1b-3c4d-4e5f-8a9b-0c1d2e3f4a5b\n\
         limits:\n  validation_time: 7\n  validation_memory: 100\n  validation_output: 2\n",
        &[("output_validator/v.py", &validator(hoard))],
    );
    let (_, doc) = verify(pkg.path());
    assert_eq!(
        submission(&doc, "wrong_answer/w.py")["verdict"],
        "JE",
        "{doc:#}"
    );
    let ws = crate::tempws::TempWs::new(&["poj2484"]);
    ws.judge()
        .arg("import")
        .arg(pkg.path())
        .arg("hoardcheck")
        .env("CP_GAMES_CACHE", ws.path(".cache"))
        .assert()
        .success();
    let toml = ws.read("testdata/hoardcheck/problem.toml");
    assert!(
        toml.contains(
            "checker_time_limit = 7.0\nchecker_memory_limit = 100\nchecker_output_limit = 2\n"
        ),
        "{toml}"
    );
    let run = |sub: &str| {
        ws.judge()
            .args(["run", "--cmd"])
            .arg(format!(
                "python3 {}",
                pkg.path().join("submissions").join(sub).display()
            ))
            .arg(ws.path("testdata/hoardcheck"))
            .env("CP_GAMES_CACHE", ws.path(".cache"))
            .assert()
    };
    run("accepted/a.py").success();
    run("wrong_answer/w.py")
        .code(2)
        .stdout(predicate::str::contains("ERR"));
}

/// An interactor that answers, then computes `SPIN` seconds of CPU before it
/// accepts a doubled answer.
const SPINNING_INTERACTOR: &str = r#"#include <cstdio>
#include <ctime>
int main(int argc, char **argv) {
    FILE *in = fopen(argv[1], "r");
    long x, got;
    if (fscanf(in, "%ld", &x) != 1) return 1;
    printf("%ld\n", x);
    fflush(stdout);
    if (scanf("%ld", &got) != 1) return 43;
    volatile unsigned long n = 0;
    while (clock() < SPIN * CLOCKS_PER_SEC) n++;
    return got == 2 * x ? 42 : 43;
}
"#;

#[test]
fn an_interactor_has_the_packages_validation_time_not_the_solutions() {
    if !have(&["python3", "g++"]) {
        return;
    }
    // spec/2025-09.md "Limits": validation_time bounds each validator run, and
    // an interactive problem's interactor is its output validator. So one that
    // computes 3 s after the last exchange (time limit 0.5 s) is AC under the
    // default 60 s, where the solution's time limit + 2 s used to cut it off
    // (JE), and JE under validation_time 1. bt run 2026.10.0 on the same
    // package with time limit 1 s and 4 s of CPU: JE at validation_time 2, and
    // TLE at 60 (it counts the wait against the submission: docs/conformance.md).
    for (limit, verdict) in [("", "AC"), ("  validation_time: 1\n", "JE")] {
        let pkg = package_with(
            &format!(
                "problem_format_version: 2025-09\nname: Spin\n\
                 uuid: 6d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a\ntype: interactive\n\
                 limits:\n  time_limit: 0.5\n{limit}"
            ),
            &[(
                "output_validator/spin.cpp",
                &SPINNING_INTERACTOR.replace("SPIN", "3"),
            )],
        );
        std::fs::remove_dir_all(pkg.path().join("submissions/wrong_answer")).unwrap();
        std::fs::remove_dir_all(pkg.path().join("data/sample")).unwrap();
        let (_, doc) = verify(pkg.path());
        assert_eq!(
            submission(&doc, "accepted/a.py")["verdict"],
            verdict,
            "{limit:?}: {doc:#}"
        );
    }
}
