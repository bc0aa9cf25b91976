//! `verify` reads a package as its own system does. Languages:
//! problemtools' `config/languages.yaml` for Kattis packages (`tongues`: Python 3
//! on PyPy, `.c++` and `.C` are C++, `.pl` is Prolog unless its shebang names
//! perl) and DOMjudge's default languages for DOMjudge's (`domsum`: Python 3 on
//! CPython, `.pl` is Perl, a Java source without a main class does not compile).
//! Folders: a 2023-07 package's validator in `output_validators/`. Verdicts:
//! problemtools' "OK with extra time" for its packages.

use std::path::Path;

use serde_json::Value;

use crate::package::{copy, judge, package, submission};
use crate::support::{have, json_of};

/// `judge verify DIR --format json` with `PATH` set to `path` when given: exit
/// code and the document.
fn verify_json(dir: &Path, path: Option<&Path>) -> (i32, Value) {
    let mut cmd = judge();
    if let Some(path) = path {
        cmd.env("PATH", path);
    }
    let out = cmd
        .arg("verify")
        .arg(dir)
        .args(["--format", "json"])
        .output()
        .unwrap();
    (out.status.code().unwrap_or(-1), json_of(&out.stdout))
}

#[track_caller]
fn judged(doc: &Value, path: &str, language: &str, verdict: &str) {
    let s = submission(doc, path);
    assert_eq!(
        (&s["language"], &s["verdict"], &s["matched"]),
        (
            &Value::from(language),
            &Value::from(verdict),
            &Value::Bool(true)
        ),
        "{s:#}"
    );
}

#[test]
fn a_kattis_package_runs_python_3_on_pypy_and_reads_cpp_and_prolog_endings_as_problemtools() {
    if !have(&["pypy3", "g++", "perl"]) {
        return;
    }
    let (code, doc) = verify_json(&package("tongues"), None);
    // pypy.py answers only when it runs on PyPy.
    judged(&doc, "accepted/pypy.py", "Python 3 (PyPy)", "AC");
    judged(&doc, "accepted/add.c++", "C++", "AC");
    judged(&doc, "accepted/add_upper.C", "C++", "AC");
    // Perl by its shebang: it prints a - b.
    judged(&doc, "wrong_answer/perl.pl", "Perl", "WA");
    // Two .pl files without a perl shebang: Prolog, which is skipped, not CE.
    let prolog = submission(&doc, "accepted/prolog");
    assert_eq!(prolog["language"], "Prolog", "{prolog:#}");
    assert!(prolog["verdict"].is_null(), "{prolog:#}");
    let why = prolog["skipped"].as_str().unwrap_or_default();
    assert!(why.contains("swipl"), "{prolog:#}");
    assert_eq!((code, &doc["ok"]), (0, &Value::Bool(true)), "{doc:#}");
}

#[test]
fn a_domjudge_package_runs_python_3_on_cpython_reads_pl_as_perl_and_a_java_source_without_main_does_not_compile()
 {
    if !have(&["python3", "g++", "perl", "javac", "java"]) {
        return;
    }
    let (code, doc) = verify_json(&package("domsum"), None);
    // cpython.py answers only when it runs on CPython.
    judged(&doc, "accepted/cpython.py", "Python 3 (CPython)", "AC");
    judged(&doc, "accepted/sum.pl", "Perl", "AC");
    judged(&doc, "accepted/add.c++", "C++", "AC");
    judged(&doc, "compiler_error/mainclass-missing", "Java", "CE");
    // domjudge-problem.ini's timelimit is the package's time limit.
    assert_eq!(doc["time_limit"], 2.0, "{doc:#}");
    assert_eq!((code, &doc["ok"]), (0, &Value::Bool(true)), "{doc:#}");
}

/// A folder whose `PATH` finds what the current one does, except PyPy.
fn path_without_pypy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let path = std::env::var_os("PATH").unwrap_or_default();
    for folder in std::env::split_paths(&path) {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            let name = entry.file_name();
            let link = dir.path().join(&name);
            if !name.to_string_lossy().starts_with("pypy") && !link.exists() {
                let _ = std::os::unix::fs::symlink(entry.path(), link);
            }
        }
    }
    dir
}

#[test]
fn without_pypy3_python_3_runs_on_cpython_saying_so_and_does_not_set_the_time_limit() {
    if !have(&["python3", "g++"]) {
        return;
    }
    let dir = copy("tongues");
    let accepted = dir.path().join("submissions/accepted");
    std::fs::remove_file(accepted.join("pypy.py")).unwrap();
    std::fs::remove_dir_all(accepted.join("prolog")).unwrap();
    dir.remove_submissions(&["wrong_answer"]);
    // Half a second of CPU on every case: x 5 (legacy time_multiplier), a 3 s
    // limit if it bounded it; the C++ ones give 1 s.
    std::fs::write(
        accepted.join("slow.py"),
        "import sys, time\n\
         while time.process_time() < 0.5:\n    pass\n\
         a, b = map(int, sys.stdin.read().split())\nprint(a + b)\n",
    )
    .unwrap();
    let path = path_without_pypy();
    let (code, doc) = verify_json(dir.path(), Some(path.path()));
    judged(&doc, "accepted/slow.py", "Python 3 (CPython)", "AC");
    let warnings = doc["warnings"].to_string();
    assert!(
        warnings.contains("pypy3 is not installed") && warnings.contains("CPython"),
        "{doc:#}"
    );
    assert_eq!(doc["time_limit"], 1.0, "{doc:#}");
    assert_eq!((code, &doc["ok"]), (0, &Value::Bool(true)), "{doc:#}");
}

#[test]
fn a_2023_07_package_whose_validator_is_in_output_validators_validates_with_it() {
    if !have(&["python3", "pypy3"]) {
        return;
    }
    // divisor's validator accepts any divisor (a prime one in 2-prime); moved
    // to the legacy folder name, it still judges.
    let dir = copy("divisor");
    let root = dir.path();
    std::fs::create_dir(root.join("output_validators")).unwrap();
    std::fs::rename(
        root.join("output_validator/validator.py"),
        root.join("output_validators/validator.py"),
    )
    .unwrap();
    std::fs::remove_dir(root.join("output_validator")).unwrap();
    // The largest prime factor, where the answer files hold the smallest.
    std::fs::write(
        root.join("submissions/accepted/largest_prime.py"),
        "n = m = int(input())\np, last = 2, 1\nwhile p * p <= m:\n    while m % p == 0:\n        last, m = p, m // p\n    p += 1\nprint(m if m > 1 else last)\n",
    )
    .unwrap();
    let (code, doc) = verify_json(root, None);
    judged(&doc, "accepted/largest_prime.py", "Python 3 (PyPy)", "AC");
    assert_eq!((code, &doc["ok"]), (0, &Value::Bool(true)), "{doc:#}");
}

#[test]
fn a_slow_wrong_answer_in_a_problemtools_package_is_ok_with_extra_time_as_problemtools_says() {
    if !have(&["python3", "pypy3", "g++", "perl"]) {
        return;
    }
    let dir = copy("tongues");
    let root = dir.path();
    // A margin of 10 x the 0.2 s limit: 2 s of CPU, wide of the 0.4 s spin.
    let yaml = root.join("problem.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(&yaml, text + "limits:\n  time_safety_margin: 10\n").unwrap();
    std::fs::write(
        root.join("submissions/wrong_answer/slow.py"),
        "import time\nwhile time.process_time() < 0.4:\n    pass\nprint(0)\n",
    )
    .unwrap();
    let out = judge()
        .arg("verify")
        .arg(root)
        .args(["--format", "json", "--time-limit", "0.2"])
        .output()
        .unwrap();
    let doc = json_of(&out.stdout);
    // TLE at the limit, WA at the limit x margin: problemtools' "OK with
    // extra time", a warning.
    let slow = submission(&doc, "wrong_answer/slow.py");
    assert_eq!(
        (&slow["verdict"], &slow["matched"]),
        (&Value::from("TLE"), &Value::Bool(true)),
        "{slow:#}"
    );
    let warnings = doc["warnings"].to_string();
    assert!(
        warnings.contains("wrong_answer/slow.py sensitive to the time limit")
            && warnings.contains("OK with extra time"),
        "{doc:#}"
    );
    assert_eq!(doc["ok"], true, "{doc:#}");
}
