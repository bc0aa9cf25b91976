//! Polygon packages: `verify`, `run --cmd` and `import` on the fixture packages
//! in `harness/tests/fixtures/polygon/` (written for these tests in Polygon's
//! layout: problem.xml, tests/NN + NN.a, files/ with testlib programs and the
//! fixtures' stand-in testlib.h, solutions/ tagged main, accepted, rejected...).

use std::path::{Path, PathBuf};

use crate::support::{have, json_of};
use crate::tempws::TempWs;
use crate::testlib::judge;

fn package(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/polygon")
        .join(name)
}

/// A copy of a fixture package to change, and the folder holding it.
fn copy(name: &str) -> (tempfile::TempDir, PathBuf) {
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
    (tmp, dir)
}

/// A copy of a fixture package with its problem.xml changed by `edit`.
fn edited(name: &str, edit: impl Fn(String) -> String) -> (tempfile::TempDir, PathBuf) {
    let (tmp, dir) = copy(name);
    let xml = dir.join("problem.xml");
    std::fs::write(&xml, edit(std::fs::read_to_string(&xml).unwrap())).unwrap();
    (tmp, dir)
}

/// `judge run --cmd cat PACKAGE`'s first line, and the folder it says the tests
/// it made are in.
fn made_tests(dir: &Path) -> (String, PathBuf) {
    let out = judge()
        .args(["run", "--cmd", "cat"])
        .arg(dir)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let header = text.lines().next().unwrap_or_default().to_string();
    let made = header.rsplit_once(" in ").map(|(_, p)| PathBuf::from(p));
    let made = made.unwrap_or_else(|| panic!("no folder of made tests in:\n{text}"));
    (header, made)
}

/// A workspace with the fixture package `name` imported (`testdata/NAME/`).
fn imported(name: &str) -> TempWs {
    let ws = TempWs::new(&["poj2484"]);
    ws.judge()
        .arg("import")
        .arg(package(name))
        .env("CP_GAMES_CACHE", cache())
        .assert()
        .success();
    ws
}

fn cache() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("testlib-cache")
}

/// The exit status of `judge run --cmd 'python3 SOLUTION' testdata/NAME` in `ws`,
/// for the package `name`'s solution `solution`.
fn run_imported(ws: &TempWs, name: &str, solution: &str) -> Option<i32> {
    let sol = format!(
        "python3 {}",
        crate::support::sh(package(name).join("solutions").join(solution))
    );
    ws.judge()
        .args(["run", "--cmd", &sol])
        .arg(ws.path(&format!("testdata/{name}")))
        .env("CP_GAMES_CACHE", cache())
        .output()
        .unwrap()
        .status
        .code()
}

/// `judge verify -v PACKAGE`: its exit status and output.
fn verify(dir: &Path) -> (i32, String) {
    let out = judge().args(["verify", "-v"]).arg(dir).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.code().is_some(), "{text}{err}");
    (out.status.code().unwrap(), format!("{text}{err}"))
}

/// The row of verify's table for `label` (e.g. `solutions/main.cpp`), as words.
fn row(text: &str, label: &str) -> Vec<String> {
    text.lines()
        .find(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no row for {label}:\n{text}"))
        .split_whitespace()
        .map(String::from)
        .collect()
}

#[test]
fn verify_gives_every_polygon_solution_its_tags_verdict() {
    if !have(&["g++", "python3"]) {
        return;
    }
    let (code, text) = verify(&package("mean"));
    assert_eq!(code, 0, "{text}");
    for (label, got) in [
        ("solutions/main.cpp", "AC"),
        ("solutions/mean.py", "AC"),
        // Right on the manual tests, wrong on the first generated one.
        ("solutions/floor.cpp", "WA 03"),
        ("solutions/sum.py", "WA 01"),
        ("solutions/nan.py", "PE 01"),
        ("solutions/words.py", "PE 01"),
        ("solutions/slow.cpp", "TLE 01"),
    ] {
        let r = row(&text, label);
        assert!(r.join(" ").contains(got), "{label}: {r:?}");
        assert_eq!(r.last().unwrap(), "ok", "{label}: {r:?}");
    }
    // The validators in C++ and in Python on the two shipped tests and the four
    // generated ones; the one in Haskell skipped, saying why.
    for line in [
        "validator val.cpp (testlib validator) accepts all 6 inputs",
        "validator val.py (testlib validator) accepts all 6 inputs",
        "validator val.hs (testlib validator) skipped: not a language this judge builds (Haskell; it would need ghc)",
    ] {
        assert!(text.contains(line), "{text}");
    }
    assert!(
        text.contains("7/7 submissions got their tag's verdict"),
        "{text}"
    );
}

#[test]
fn verify_fails_when_a_solution_misses_its_tags_verdict() {
    if !have(&["g++", "python3"]) {
        return;
    }
    let (_tmp, dir) = edited("mean", |xml| {
        xml.replace("tag=\"presentation-error\"", "tag=\"accepted\"")
    });
    let (code, text) = verify(&dir);
    assert_eq!(code, 1, "{text}");
    assert_eq!(row(&text, "solutions/words.py").last().unwrap(), "MISMATCH");
}

#[test]
fn verify_names_a_testlib_checkers_fail_as_each_submissions_judge_error() {
    if !have(&["g++", "python3"]) {
        return;
    }
    // An empty answer: the checker says FAIL (exit 3) whatever it is given.
    let (_tmp, dir) = copy("mean");
    std::fs::write(dir.join("tests/01.a"), "").unwrap();
    let (code, text) = verify(&dir);
    assert_eq!(code, 1, "{text}");
    assert_eq!(row(&text, "solutions/main.cpp")[3..5], ["JE", "01"]);
    assert!(
        text.contains(
            "    judge error on 01: check.cpp (testlib checker): said FAIL (exit 3, the judge's \
             fault, not the solution's): FAIL the answer file is empty\n"
        ),
        "{text}"
    );
}

#[test]
fn tests_the_package_does_not_ship_are_generated_and_answered_by_main() {
    if !have(&["g++", "python3"]) {
        return;
    }
    let dir = package("mean");
    assert!(!dir.join("tests/03").exists(), "test 3 is generated");
    let out = judge()
        .args(["run", "--cmd", "cat", "--format", "json"])
        .arg(&dir)
        .args(["--case", "03"])
        .output()
        .unwrap();
    let doc = json_of(&out.stdout);
    let input = doc["cases"][0]["input"].as_str().unwrap();
    // gen 5 100: five numbers in [0, 100] after the count.
    let text = std::fs::read_to_string(input).unwrap();
    let numbers: Vec<u32> = text
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    assert_eq!(numbers[0], 5, "{text}");
    assert_eq!(numbers.len(), 6, "{text}");
    assert!(numbers[1..].iter().all(|&v| v <= 100), "{text}");
    // Its answer is the main solution's: the mean, to 9 places.
    let answer = std::fs::read_to_string(PathBuf::from(format!("{input}.a"))).unwrap();
    let mean = numbers[1..].iter().sum::<u32>() as f64 / 5.0;
    assert_eq!(answer, format!("{mean:.9}\n"));
}

#[test]
fn a_multi_test_generator_runs_once_per_command_and_each_test_is_its_from_file() {
    if !have(&["g++", "python3"]) {
        return;
    }
    // A changed problem.xml: tests made afresh (the builds stay cached).
    let (_tmp, dir) = edited("mean", |xml| {
        format!("{xml}<!-- {:?} -->\n", std::time::SystemTime::now())
    });
    let (header, made) = made_tests(&dir);
    // Tests 5 and 6 are files of one run of files/mgen.py (`mgen 3 7`, a Python
    // generator): one run, not one per test.
    assert!(
        header.contains("2 of them files a multi-test generator wrote (1 run of it)"),
        "{header}"
    );
    // mgen K SEED writes test i as i numbers SEED * i + j: from-file="3" is
    // 21 22 23, from-file="1" is 7.
    let read = |name: &str| std::fs::read_to_string(made.join(name)).unwrap();
    assert_eq!(read("05"), "3\n21 22 23\n");
    assert_eq!(read("06"), "1\n7\n");
    // Answered by the main solution like any generated test.
    assert_eq!(read("05.a"), "22.000000000\n");
}

#[test]
fn a_multi_test_generator_run_an_earlier_judge_run_made_is_said_cached() {
    if !have(&["g++", "python3"]) {
        return;
    }
    let (_tmp, dir) = edited("mean", |xml| {
        format!("{xml}<!-- {:?} -->\n", std::time::SystemTime::now())
    });
    let (first, _) = made_tests(&dir);
    assert!(first.contains("wrote (1 run of it);"), "{first}");
    // The second judge run finds the tests made: the run they came from is
    // cached, not "0 runs".
    let (again, _) = made_tests(&dir);
    assert!(again.contains("wrote (1 run of it, cached);"), "{again}");
}

#[test]
fn a_java_generator_is_built_and_run_with_room_for_its_jvm() {
    if !have(&["g++", "python3", "javac", "java"]) {
        return;
    }
    // Test 7: file 4 of `jgen 4`, a multi-test generator in Java (java11); a
    // changed problem.xml, so it is made afresh.
    let (_tmp, dir) = edited("mean", |xml| {
        format!("{xml}<!-- {:?} -->\n", std::time::SystemTime::now())
            .replace("<test-count>6</test-count>", "<test-count>7</test-count>")
            .replace(
                "</tests>",
                "<test cmd=\"jgen 4\" from-file=\"4\" method=\"generated\"/></tests>",
            )
            .replace(
                "<executables>",
                "<executables><executable><source path=\"files/jgen.java\" type=\"java11\"/></executable>",
            )
    });
    std::fs::write(
        dir.join("files/jgen.java"),
        "import java.io.*;\n\
         public class jgen {\n\
             public static void main(String[] args) throws Exception {\n\
                 for (int i = 1; i <= Integer.parseInt(args[0]); i++)\n\
                     try (PrintWriter w = new PrintWriter(new FileWriter(\"\" + i))) { w.println(1); w.println(i * 10); }\n\
             }\n\
         }\n",
    )
    .unwrap();
    let (header, made) = made_tests(&dir);
    assert!(header.contains("7 cases"), "{header}");
    assert_eq!(std::fs::read_to_string(made.join("07")).unwrap(), "1\n40\n");
}

#[test]
fn run_cmd_on_a_polygon_package_judges_main_ac_and_rejected_not() {
    if !have(&["g++", "python3"]) {
        return;
    }
    let dir = package("mean");
    let sol = |name: &str| {
        format!(
            "python3 {}",
            crate::support::sh(dir.join("solutions").join(name))
        )
    };
    let out = judge()
        .args(["run", "--cmd", &sol("mean.py")])
        .arg(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("6/6 AC"), "{text}");
    assert!(
        text.contains("time limit 1 s (from problem.xml), memory 256 MiB"),
        "{text}"
    );
    let out = judge()
        .args(["run", "--cmd", &sol("sum.py")])
        .arg(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("the checker said: wrong answer 1st numbers differ"),
        "{text}"
    );
}

#[test]
fn an_interactive_polygon_package_runs_its_interactor_then_its_checker() {
    if !have(&["g++", "python3"]) {
        return;
    }
    // A relative package path: the interactor and the checker run in folders of
    // their own, so every path they get is made absolute first.
    let out = judge()
        .args(["verify", "-v", "guess"])
        .current_dir(package("guess").parent().unwrap())
        .output()
        .unwrap();
    let (code, text) = (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    );
    assert_eq!(code, 0, "{text}");
    // Expected, then got.
    assert!(
        row(&text, "solutions/bisect.py")
            .join(" ")
            .contains("AC AC"),
        "{text}"
    );
    // Right guesses, too many questions: the interactor accepts, the checker not.
    assert!(
        row(&text, "solutions/scan.py")
            .join(" ")
            .contains("WA|PE WA 02"),
        "{text}"
    );
    assert!(
        text.contains("wrong answer 77 questions, more than 10"),
        "{text}"
    );
    assert_eq!(
        row(&text, "solutions/blind.py").last().unwrap(),
        "ok",
        "{text}"
    );
}

#[test]
fn import_keeps_the_testlib_checker_and_the_main_solution_stays_ac() {
    if !have(&["g++", "python3"]) {
        return;
    }
    let ws = imported("mean");
    let toml = ws.read("testdata/mean/problem.toml");
    assert!(
        toml.contains("checker = \"testlib\"\nchecker_source = \"check.cpp\""),
        "{toml}"
    );
    assert!(
        toml.contains("validator_source = \"validator.cpp\""),
        "{toml}"
    );
    for f in [
        "check.cpp",
        "testlib.h",
        "validator.cpp",
        "01.in",
        "01.out",
        "04.in",
        "04.out",
    ] {
        assert!(ws.path("testdata/mean").join(f).is_file(), "{f}");
    }
    assert_eq!(run_imported(&ws, "mean", "mean.py"), Some(0));
    assert_eq!(run_imported(&ws, "mean", "sum.py"), Some(1));
}

#[test]
fn lint_accepts_the_inputs_of_a_package_imported_without_a_rust_solution() {
    // import makes the plain problem, whose src/bin/validate.rs is a stub that
    // says it is not written yet (taken as no validator); lint runs the
    // package's own testlib validator.
    if !have(&["g++", "python3"]) {
        return;
    }
    let ws = imported("mean");
    assert!(
        ws.read("problems/mean/src/bin/validate.rs")
            .contains("not written yet")
    );
    let out = ws
        .judge()
        .args(["lint", "mean"])
        .env("CP_GAMES_CACHE", cache())
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("6 inputs validated"), "{text}");
    assert!(!text.contains("rejected by mean-validate"), "{text}");
}

#[test]
fn verify_table_columns_line_up_when_a_rejected_tag_expects_many_verdicts() {
    // `rejected` expects RTE|TLE|WA|PE, wider than the column it sat in.
    if !have(&["g++", "python3"]) {
        return;
    }
    let (code, text) = verify(&package("guess"));
    assert_eq!(code, 0, "{text}");
    let header = text.lines().find(|l| l.starts_with("submission")).unwrap();
    let got = header.find("got").unwrap();
    let row = text
        .lines()
        .find(|l| l.starts_with("solutions/blind.py"))
        .unwrap();
    assert!(row.contains("RTE|TLE|WA|PE"), "{text}");
    assert_eq!(&row[got..got + 2], "WA", "{text}");
    assert_eq!(&row[got - 1..got], " ", "{text}");
}

#[test]
fn verify_format_json_lists_each_polygon_solution_by_its_path_in_the_package() {
    if !have(&["g++", "python3"]) {
        return;
    }
    let out = judge()
        .args(["verify", "--format", "json"])
        .arg(package("guess"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let doc = json_of(&out.stdout);
    assert_eq!(doc["ok"], true);
    let rows: Vec<(String, String, bool)> = doc["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["path"].as_str().unwrap().to_string(),
                s["verdict"].as_str().unwrap().to_string(),
                s["matched"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("solutions/bisect.py".to_string(), "AC".to_string(), true),
            ("solutions/scan.py".to_string(), "WA".to_string(), true),
            ("solutions/blind.py".to_string(), "WA".to_string(), true),
        ]
    );
}

#[test]
fn import_of_an_interactive_package_keeps_its_interactor_and_checker() {
    if !have(&["g++", "python3"]) {
        return;
    }
    let ws = imported("guess");
    let toml = ws.read("testdata/guess/problem.toml");
    assert!(
        toml.contains(
            "type = \"interactive\"\ninteractor = \"testlib\"\ninteractor_source = \"interactor.cpp\"\n"
        ) && toml.contains("checker = \"testlib\"\nchecker_source = \"check.cpp\""),
        "{toml}"
    );
    assert_eq!(run_imported(&ws, "guess", "bisect.py"), Some(0));
    assert_eq!(run_imported(&ws, "guess", "scan.py"), Some(1));
}
