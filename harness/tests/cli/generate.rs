//! `cargo judge generate`: a package's data from generators/generators.yaml, as
//! BAPCtools' `bt generate` makes it, on the `tally` fixture (only its samples
//! committed); and `verify` and `run` generating it when it is missing.

use std::path::{Path, PathBuf};

use predicates::prelude::*;

use crate::package::{copy, judge};
use crate::support::have;

/// The files under `dir`, relative, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .map(|e| e.path().strip_prefix(dir).unwrap().to_path_buf())
        .collect();
    out.sort();
    out
}

/// `judge generate DIR` with its own cache; the generated data/ folder.
fn generate(dir: &Path, cache: &Path) -> PathBuf {
    let out = judge()
        .env("CP_GAMES_CACHE", cache)
        .arg("generate")
        .arg(dir)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "14 test cases from generators/generators.yaml",
        ))
        .get_output()
        .stdout
        .clone();
    let line = String::from_utf8(out).unwrap();
    let data = line.trim().rsplit(" in ").next().unwrap().to_string();
    PathBuf::from(data)
}

/// Python's seed for a command (BAPCtools' generate.py), computed by Python
/// itself, not by the judge.
fn python_seed(command: &str) -> String {
    let out = std::process::Command::new("python3")
        .arg("-c")
        .arg("import hashlib,sys; print(int(hashlib.sha512(sys.argv[1].encode()).hexdigest(), 16) % 2**31)")
        .arg(command)
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// The sum of a tally input's numbers: the answer, by a brute force here.
fn tally(input: &str) -> String {
    let mut lines = input.lines();
    lines.next();
    let sum: i64 = lines
        .next()
        .unwrap_or("")
        .split_whitespace()
        .map(|w| w.parse::<i64>().unwrap())
        .sum();
    format!("{sum}\n")
}

#[test]
fn generate_makes_every_case_of_generators_yaml_with_bts_names() {
    if !have(&["python3", "g++"]) {
        return;
    }
    let pkg = copy("tally");
    let cache = tempfile::tempdir().unwrap();
    let data = generate(pkg.path(), cache.path());
    let names: Vec<String> = files(&data)
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    let want = [
        "invalid_input/12-zero.in",
        "sample/01.ans",
        "sample/01.in",
        "sample/02.ans",
        "sample/02.in",
        "secret/03-small.ans",
        "secret/03-small.in",
        "secret/04-small-1.ans",
        "secret/04-small-1.in",
        "secret/05-small-2.ans",
        "secret/05-small-2.in",
        "secret/06-small-3.ans",
        "secret/06-small-3.in",
        "secret/07-spread.ans",
        "secret/07-spread.in",
        "secret/08-files.ans",
        "secret/08-files.in",
        "secret/09-manual.ans",
        "secret/09-manual.in",
        "secret/1-group/10-one.ans",
        "secret/1-group/10-one.in",
        "secret/1-group/11-ten.ans",
        "secret/1-group/11-ten.in",
        "secret/2-named/alpha.ans",
        "secret/2-named/alpha.in",
        "secret/2-named/zeta.ans",
        "secret/2-named/zeta.in",
        "secret/test_group.yaml",
    ];
    assert_eq!(names, want);
    let read = |p: &str| std::fs::read_to_string(data.join(p)).unwrap();
    assert_eq!(
        read("sample/01.in"),
        "3\n1 2 3\n",
        "in: inline, a newline added"
    );
    assert_eq!(read("sample/01.ans"), "6\n");
    assert_eq!(read("invalid_input/12-zero.in"), "0\n");
    assert_eq!(
        read("secret/test_group.yaml"),
        "input_validator_args: [--max, \"1000000\"]\n"
    );
    // The generator's output for Python's seed of each command.
    let uniform = pkg.path().join("generators/uniform.py");
    for (case, n, command) in [
        ("secret/03-small", "5", "uniform.py 5 {seed}"),
        ("secret/06-small-3", "6", ":2uniform.py 6 {seed}"),
        ("secret/2-named/alpha", "2", "uniform.py 2 {seed}"),
    ] {
        let out = std::process::Command::new("python3")
            .arg(&uniform)
            .arg(n)
            .arg(python_seed(command))
            .output()
            .unwrap();
        assert_eq!(
            read(&format!("{case}.in")),
            String::from_utf8(out.stdout).unwrap(),
            "{case}"
        );
    }
    // Every answer is the input's sum (the solution ran), and writes.py wrote its own.
    for name in want
        .iter()
        .filter(|n| n.starts_with("secret/") && n.ends_with(".in"))
    {
        let ans = name.replace(".in", ".ans");
        assert_eq!(read(&ans), tally(&read(name)), "{ans}");
    }
    assert_eq!(
        read("secret/08-files.in"),
        "7\n7 -1007 2007 -3007 4007 -5007 6007\n"
    );
}

#[test]
fn generate_leaves_the_package_alone_unless_asked_to_write() {
    if !have(&["python3", "g++"]) {
        return;
    }
    let pkg = copy("tally");
    let cache = tempfile::tempdir().unwrap();
    let before = files(pkg.path());
    generate(pkg.path(), cache.path());
    assert_eq!(
        files(pkg.path()),
        before,
        "nothing written into the package"
    );
    judge()
        .env("CP_GAMES_CACHE", cache.path())
        .args(["generate", "--write"])
        .arg(pkg.path())
        .assert()
        .success()
        .stdout(predicate::str::contains("(already generated)"));
    assert!(pkg.path().join("data/secret/1-group/11-ten.ans").is_file());
    assert!(pkg.path().join("data/secret/test_group.yaml").is_file());
}

#[test]
fn a_second_generate_finds_the_data_made_and_a_changed_generator_makes_it_anew() {
    if !have(&["python3", "g++"]) {
        return;
    }
    let pkg = copy("tally");
    let cache = tempfile::tempdir().unwrap();
    let first = generate(pkg.path(), cache.path());
    judge()
        .env("CP_GAMES_CACHE", cache.path())
        .arg("generate")
        .arg(pkg.path())
        .assert()
        .success()
        .stdout(predicate::str::contains("(already generated)"));
    let script = pkg.path().join("generators/writes.py");
    let text = std::fs::read_to_string(&script)
        .unwrap()
        .replace("1000 + 7", "1000 + 8");
    std::fs::write(&script, text).unwrap();
    let second = generate(pkg.path(), cache.path());
    assert_ne!(first, second);
    let read = std::fs::read_to_string(second.join("secret/08-files.in")).unwrap();
    assert!(read.starts_with("7\n8 -1008"), "{read}");
}

#[test]
fn verify_generates_missing_data_and_every_submission_gets_its_folders_verdict() {
    if !have(&["python3", "gcc", "g++"]) {
        return;
    }
    let pkg = copy("tally");
    let cache = tempfile::tempdir().unwrap();
    // The wrong_answer and run_time_error submissions pass the samples: only
    // the generated cases catch them.
    judge()
        .env("CP_GAMES_CACHE", cache.path())
        .arg("verify")
        .arg(pkg.path())
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "14 test cases from generators/generators.yaml (generated in",
        ))
        .stdout(predicate::str::contains(
            "data generated by generators/generators.yaml",
        ))
        .stdout(predicate::str::contains("ok   tally: 4/4 submissions"));
}

#[test]
fn run_judges_a_package_on_its_generated_data() {
    if !have(&["python3", "g++"]) {
        return;
    }
    let pkg = copy("tally");
    let cache = tempfile::tempdir().unwrap();
    let sub = pkg.path().join("submissions/wrong_answer/first_five.py");
    judge()
        .env("CP_GAMES_CACHE", cache.path())
        .arg("run")
        .arg("--cmd")
        .arg(format!("python3 {}", crate::support::sh(&sub)))
        .arg(pkg.path())
        .assert()
        .code(1)
        .stdout(predicate::str::contains("13 cases (2 sample, 11 secret)"));
}

#[test]
fn a_failing_generator_is_an_error_naming_the_rule_and_its_line() {
    if !have(&["python3", "g++"]) {
        return;
    }
    let pkg = copy("tally");
    let cache = tempfile::tempdir().unwrap();
    std::fs::write(
        pkg.path().join("generators/writes.py"),
        "raise SystemExit(3)\n",
    )
    .unwrap();
    judge()
        .env("CP_GAMES_CACHE", cache.path())
        .arg("generate")
        .arg(pkg.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "generators.yaml line 20: secret/08-files",
        ))
        .stderr(predicate::str::contains("the generator failed (exit 3)"));
    assert!(
        !cache.path().join("generated").exists()
            || files(&cache.path().join("generated")).is_empty(),
        "nothing half-made is kept"
    );
}

/// Side by side with BAPCtools: `bt generate` in one copy, `judge generate
/// --write` in another, the same files byte for byte.
#[test]
fn generate_writes_the_same_files_as_bt_generate() {
    if !have(&["bt", "python3", "g++"]) {
        return;
    }
    same_as_bt_generate(copy("tally"), copy("tally"));
}

/// `judge generate --write` in `ours` and `bt generate` in `theirs` (two copies
/// of one package) write the same files byte for byte.
fn same_as_bt_generate(ours: crate::package::Copy, theirs: crate::package::Copy) {
    let cache = tempfile::tempdir().unwrap();
    judge()
        .env("CP_GAMES_CACHE", cache.path())
        .args(["generate", "--write"])
        .arg(ours.path())
        .assert()
        .success();
    let bt = std::process::Command::new("bt")
        .arg("generate")
        .current_dir(theirs.path())
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    // bt exits 1 on any warning (cli.py), such as the same uuid in another
    // folder (the other copy): its summary line says whether a case failed.
    let said = String::from_utf8_lossy(&bt.stderr);
    assert!(
        said.contains("14 cases generated") && !said.contains(" failed"),
        "bt generate: {said}"
    );
    let (a, b) = (ours.path().join("data"), theirs.path().join("data"));
    assert_eq!(files(&a), files(&b));
    for f in files(&a) {
        assert_eq!(
            std::fs::read(a.join(&f)).unwrap(),
            std::fs::read(b.join(&f)).unwrap(),
            "{}",
            f.display()
        );
    }
}

/// generate.py's `generate_from_solution`: an interactive problem's answers are
/// empty files, and no solution is built or run for them (here none would build).
#[test]
fn an_interactive_packages_answers_are_empty_and_no_solution_runs() {
    if !have(&["python3", "g++"]) {
        return;
    }
    let pkg = copy("tally");
    let yaml = pkg.path().join("problem.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap() + "type: interactive\n";
    std::fs::write(&yaml, text).unwrap();
    let gens = pkg.path().join("generators/generators.yaml");
    let text = std::fs::read_to_string(&gens)
        .unwrap()
        .replace("solution: /submissions/accepted/tally.py\n", "");
    std::fs::write(&gens, text).unwrap();
    for sub in ["tally.py", "tally.c"] {
        std::fs::write(
            pkg.path().join("submissions/accepted").join(sub),
            "this does not compile {\n",
        )
        .unwrap();
    }
    let cache = tempfile::tempdir().unwrap();
    let data = generate(pkg.path(), cache.path());
    let read = |p: &str| std::fs::read_to_string(data.join(p)).unwrap();
    assert_eq!(read("secret/03-small.ans"), "");
    assert_eq!(read("secret/1-group/11-ten.ans"), "");
    assert_eq!(
        read("secret/08-files.ans"),
        "3007\n",
        "the generator's own .ans stays"
    );
    assert_eq!(read("sample/01.ans"), "6\n", "an inline ans stays");
}

/// tally with its first secret case made by `pick`, a generator the root's
/// `generators:` key makes of two files (no file or folder is called `pick`).
fn tally_with_a_composed_generator() -> crate::package::Copy {
    let pkg = copy("tally");
    let yaml = pkg.path().join("generators/generators.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    let text = text.replacen(
        "solution:",
        "generators:\n  pick: [pick.py, numbers_of.py]\nsolution:",
        1,
    );
    let text = text.replacen("- small: uniform.py 5 {seed}", "- small: pick 5 {seed}", 1);
    std::fs::write(&yaml, text).unwrap();
    std::fs::write(
        pkg.path().join("generators/pick.py"),
        "import sys\nimport numbers_of\nprint(*numbers_of.make(int(sys.argv[1]), int(sys.argv[2])), sep='\\n')\n",
    )
    .unwrap();
    std::fs::write(
        pkg.path().join("generators/numbers_of.py"),
        "import random\n\ndef make(n, seed):\n    rng = random.Random(seed)\n    return [n, ' '.join(str(rng.randint(-9, 9)) for _ in range(n))]\n",
    )
    .unwrap();
    pkg
}

#[test]
fn the_generators_key_runs_a_generator_made_of_the_files_it_lists() {
    if !have(&["python3", "g++"]) {
        return;
    }
    let pkg = tally_with_a_composed_generator();
    let cache = tempfile::tempdir().unwrap();
    let data = generate(pkg.path(), cache.path());
    let input = std::fs::read_to_string(data.join("secret/03-small.in")).unwrap();
    // What pick.py prints for the seed Python computes for its command.
    let out = std::process::Command::new("python3")
        .arg("-c")
        .arg("import sys; sys.path.insert(0, sys.argv[1]); import numbers_of; print(*numbers_of.make(5, int(sys.argv[2])), sep='\\n')")
        .arg(pkg.path().join("generators"))
        .arg(python_seed("pick 5 {seed}"))
        .output()
        .unwrap();
    assert_eq!(input, String::from_utf8(out.stdout).unwrap());
    assert_eq!(
        std::fs::read_to_string(data.join("secret/03-small.ans")).unwrap(),
        tally(&input)
    );
}

#[test]
fn the_generators_key_makes_the_same_files_as_bt_generate() {
    if !have(&["bt", "python3", "g++"]) {
        return;
    }
    same_as_bt_generate(
        tally_with_a_composed_generator(),
        tally_with_a_composed_generator(),
    );
}

/// generate.py's `check_match`: a case whose file lacks a `match:` pattern is a
/// warning naming the line, the file and the pattern; one that has it is silent.
#[test]
fn a_match_pattern_the_generated_file_lacks_is_a_warning_naming_its_line() {
    if !have(&["python3", "g++"]) {
        return;
    }
    let pkg = copy("tally");
    let yaml = pkg.path().join("generators/generators.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap().replacen(
        "      - manual:\n          copy: manual/big\n",
        "      - manual:\n          copy: manual/big\n          match:\n            in: ['^\\d+$', 'no such text']\n            ans: '-?\\d'\n",
        1,
    );
    std::fs::write(&yaml, text).unwrap();
    let cache = tempfile::tempdir().unwrap();
    let out = judge()
        .env("CP_GAMES_CACHE", cache.path())
        .arg("generate")
        .arg(pkg.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("warning:"))
        .collect();
    assert_eq!(
        warnings,
        ["warning: generators.yaml line 24: secret/09-manual.in does not match \"no such text\""],
        "{stderr}"
    );
}

#[test]
fn a_generator_builds_within_the_packages_compilation_time() {
    if !have(&["python3"]) {
        return;
    }
    // spec/2025-09.md "Limits": compilation_time, which BAPCtools applies to
    // every build (`program.py` `_compile`); here 1 s of CPU, 1.5 s of wall time,
    // for a generator whose `build` never ends.
    let pkg = copy("tally");
    let yaml = pkg.path().join("problem.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(&yaml, format!("{text}  compilation_time: 1\n")).unwrap();
    let spread = pkg.path().join("generators/spread");
    for (name, text) in [
        ("build", "#!/bin/sh\nexec sleep 100000\n"),
        ("run", "#!/bin/sh\necho 1\n"),
    ] {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::write(spread.join(name), text).unwrap();
        std::fs::set_permissions(spread.join(name), std::fs::Permissions::from_mode(0o755))
            .unwrap();
    }
    let cache = tempfile::tempdir().unwrap();
    let started = std::time::Instant::now();
    judge()
        .env("CP_GAMES_CACHE", cache.path())
        .arg("generate")
        .arg(pkg.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "generator generators/spread does not build",
        ))
        .stderr(predicate::str::contains(
            "./build ran out of time (1 s of CPU, 1.5 s of wall time)",
        ));
    assert!(started.elapsed() < std::time::Duration::from_secs(50));
}
