//! `verify` on packages as they are written today: the 2025-09 format, each
//! submission's own expectation (tag, submissions.yaml, DOMjudge's folders), the
//! language table, multi-pass and scoring, reported as JSON and JUnit. The
//! fixtures (`harness/tests/fixtures/packages/{half,doubling,relay,scores,parrot}`) are written
//! from spec/2025-09.md and spec/legacy.md.

use std::path::Path;

use serde_json::Value;

use crate::package::{copy, judge, package, submission, verify_json};
use crate::support::{have, json_of, skip};

/// The `half` package with only its wrong answer and an empty `accepted/`, for a
/// test's own submissions.
fn half_with_an_empty_accepted() -> crate::package::Copy {
    let dir = copy("half");
    dir.remove_submissions(&[
        "accepted",
        "compiler_error",
        "run_time_error",
        "mixed",
        "no_output",
    ]);
    let subs = dir.path().join("submissions");
    std::fs::remove_file(subs.join("submissions.yaml")).unwrap();
    std::fs::create_dir(subs.join("accepted")).unwrap();
    dir
}

/// verify's JSON for `dir`, every program built anew (a cache of its own: the
/// programs are cached by their source), with `env` set.
fn verify_built_afresh(dir: &Path, env: &[(&str, String)]) -> Value {
    let cache = tempfile::tempdir().unwrap();
    let out = judge()
        .envs(env.iter().map(|(k, v)| (k, v)))
        .env("CP_GAMES_CACHE", cache.path())
        .arg("verify")
        .arg(dir)
        .args(["--format", "json"])
        .output()
        .unwrap();
    json_of(&out.stdout)
}

#[test]
fn every_submission_of_a_2025_09_package_meets_its_own_expectation_in_json_and_junit() {
    if !have(&["python3", "pypy3", "gcc", "javac", "java", "node", "bash"]) {
        return;
    }
    let junit = tempfile::NamedTempFile::new().unwrap();
    let (code, doc) = verify_json(
        &package("half"),
        &["--junit", junit.path().to_str().unwrap()],
    );
    assert_eq!(doc["format"], "2025-09", "{doc:#}");
    let python2 = doc["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["language"] == "Python 2" && s["skipped"].is_null());
    for (path, language, verdict) in [
        ("accepted/half.py", "Python 3 (PyPy)", "AC"),
        ("accepted/half.c", "C", "AC"),
        // The public class is Main, in half-solution.java.
        ("accepted/half-solution.java", "Java", "AC"),
        ("accepted/half.js", "JavaScript", "AC"),
        ("accepted/half.sh", "Shell", "AC"),
        // A folder: main.py imports its neighbour.
        ("accepted/multi", "Python 3 (PyPy)", "AC"),
        ("compiler_error/broken.c", "C", "CE"),
        // Its tag says TIMELIMIT or RUN-ERROR.
        ("mixed/exit_code.py", "Python 3 (PyPy)", "RTE"),
        ("no_output/silent.c", "C", "WA"),
        ("run_time_error/exit3.py", "Python 3 (PyPy)", "RTE"),
        ("wrong_answer/floor.py", "Python 3 (PyPy)", "WA"),
    ] {
        let s = submission(&doc, path);
        assert_eq!(s["language"], language, "{s:#}");
        assert_eq!(s["verdict"], verdict, "{s:#}");
        assert_eq!(s["matched"], true, "{s:#}");
        assert!(s["skipped"].is_null(), "{s:#}");
    }
    assert_eq!(
        submission(&doc, "mixed/exit_code.py")["expected"],
        serde_json::json!(["TLE", "RTE"])
    );
    // submissions.yaml's rule for secret/3 needs every case judged.
    let floor = submission(&doc, "wrong_answer/floor.py");
    assert_eq!(floor["cases"].as_array().unwrap().len(), 4, "{floor:#}");
    let half2 = submission(&doc, "accepted/half2.py");
    assert_eq!(half2["language"], "Python 2");
    if python2 {
        assert_eq!(half2["verdict"], "AC", "{half2:#}");
    } else {
        assert!(
            half2["skipped"].as_str().unwrap().contains("python2"),
            "{half2:#}"
        );
    }
    assert_eq!(doc["ok"], true, "{doc:#}");
    assert_eq!(code, 0);
    let xml = std::fs::read_to_string(junit.path()).unwrap();
    assert_eq!(xml.matches("<testcase ").count(), 12, "{xml}");
    assert!(
        xml.contains("name=\"accepted/half-solution.java\""),
        "{xml}"
    );
    assert!(!xml.contains("<failure"), "{xml}");
}

#[test]
fn a_submission_against_its_expectation_is_a_mismatch_and_the_report_is_not_ok() {
    if !have(&["python3"]) {
        return;
    }
    let dir = copy("half");
    let subs = dir.path().join("submissions");
    dir.remove_submissions(&["accepted", "compiler_error", "run_time_error", "mixed"]);
    // DOMjudge's NO-OUTPUT is a wrong answer that printed nothing, not any WA.
    std::fs::remove_file(subs.join("no_output/silent.c")).unwrap();
    std::fs::write(subs.join("no_output/quiet.py"), "input()\n").unwrap();
    std::fs::write(subs.join("no_output/loud.py"), "print(0)\n").unwrap();
    std::fs::remove_file(subs.join("submissions.yaml")).unwrap();
    std::fs::create_dir(subs.join("accepted")).unwrap();
    std::fs::rename(
        subs.join("wrong_answer/floor.py"),
        subs.join("accepted/floor.py"),
    )
    .unwrap();
    std::fs::write(
        subs.join("wrong_answer/tagged.py"),
        "# @EXPECTED_RESULTS@: CORRECT\nprint(int(input()) / 2)\n",
    )
    .unwrap();
    let junit = tempfile::NamedTempFile::new().unwrap();
    let (code, doc) = verify_json(dir.path(), &["--junit", junit.path().to_str().unwrap()]);
    let floor = submission(&doc, "accepted/floor.py");
    assert_eq!(floor["verdict"], "WA");
    assert_eq!(floor["matched"], false, "{floor:#}");
    // A tag without its folder's verdict wins over the folder, as DOMjudge
    // takes it (BAPCtools ignores it: a warning says so).
    assert_eq!(submission(&doc, "wrong_answer/tagged.py")["matched"], true);
    assert!(
        crate::support::strings(&doc["warnings"])
            .iter()
            .any(|w| w.starts_with("wrong_answer/tagged.py: its @EXPECTED_RESULTS@ tag (AC) lacks")),
        "{doc:#}"
    );
    let quiet = submission(&doc, "no_output/quiet.py");
    assert_eq!(
        (&quiet["verdict"], &quiet["matched"]),
        (&"WA".into(), &true.into()),
        "{quiet:#}"
    );
    let loud = submission(&doc, "no_output/loud.py");
    assert_eq!(loud["matched"], false, "{loud:#}");
    let why = loud["mismatch"].as_str().unwrap_or_default();
    assert!(why.contains("was not empty"), "{loud:#}");
    assert_eq!(doc["ok"], false);
    assert_eq!(code, 1);
    let xml = std::fs::read_to_string(junit.path()).unwrap();
    assert_eq!(xml.matches("<failure ").count(), 2, "{xml}");
}

#[test]
fn a_tag_saying_more_than_its_verdict_folder_is_held_to_the_folder() {
    if !have(&["python3"]) {
        return;
    }
    // bt run 2026.10.0 on such a package: "@EXPECTED_RESULTS@ in submission
    // accepted/x.py is ignored" and a WA in accepted/ fails; DOMjudge keeps only
    // the folder's verdict of a tag holding it ("restricted to match directory").
    // In a folder of no verdict (mixed/) the tag decides.
    let dir = half_with_an_empty_accepted();
    let subs = dir.path().join("submissions");
    let floor = "print(int(input()) // 2)\n";
    std::fs::write(subs.join("accepted/half.py"), "print(int(input()) / 2)\n").unwrap();
    std::fs::write(
        subs.join("accepted/either.py"),
        format!("# @EXPECTED_RESULTS@: CORRECT, WRONG-ANSWER\n{floor}"),
    )
    .unwrap();
    std::fs::create_dir(subs.join("mixed")).unwrap();
    std::fs::write(
        subs.join("mixed/tagged.py"),
        format!("# @EXPECTED_RESULTS@: WRONG-ANSWER\n{floor}"),
    )
    .unwrap();
    let (code, doc) = verify_json(dir.path(), &[]);
    let either = submission(&doc, "accepted/either.py");
    assert_eq!(
        (&either["verdict"], &either["matched"]),
        (&"WA".into(), &false.into()),
        "{either:#}"
    );
    assert_eq!(
        submission(&doc, "mixed/tagged.py")["matched"],
        true,
        "{doc:#}"
    );
    assert!(
        crate::support::strings(&doc["warnings"]).contains(
            &"accepted/either.py: its @EXPECTED_RESULTS@ tag (AC, WA) says more than \
              accepted/: the folder decides, as BAPCtools and DOMjudge read it"
        ),
        "{doc:#}"
    );
    assert_eq!(code, 1);
}

#[test]
fn a_package_whose_every_submission_is_skipped_is_not_green() {
    // Haskell has no builder here: the one submission is skipped, so nothing
    // was checked, and the report must not say ok.
    let dir = half_with_an_empty_accepted();
    dir.remove_submissions(&["wrong_answer"]);
    let subs = dir.path().join("submissions");
    std::fs::write(subs.join("accepted/half.hs"), "main = interact id\n").unwrap();
    let (code, doc) = verify_json(dir.path(), &[]);
    assert!(
        submission(&doc, "accepted/half.hs")["skipped"].is_string(),
        "{doc:#}"
    );
    assert_eq!(doc["ok"], false, "{doc:#}");
    assert!(
        crate::support::strings(&doc["errors"])
            .contains(&"no submission was judged: all 1 were skipped, so nothing was checked"),
        "{doc:#}"
    );
    assert_eq!(code, 1);
}

/// Verifies `name`, a doubling package (each pass doubles x until it reaches 8),
/// and checks the passes each case took: the accepted double.py takes 2, 3 and 1,
/// and late.py, right while x < 4, is WA in its second pass.
fn verify_doubling(name: &str) {
    let (code, doc) = verify_json(&package(name), &[]);
    let ok = submission(&doc, "accepted/double.py");
    let passes: Vec<u64> = ok["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["passes"].as_u64().unwrap())
        .collect();
    // sample 2 -> 4 -> 8, secret 1 -> 2 -> 4 -> 8, secret 5 -> 10.
    assert_eq!(passes, [2, 3, 1], "{ok:#}");
    // late.py is right while x < 4: its mistake shows in a later pass only.
    let late = submission(&doc, "wrong_answer/late.py");
    assert_eq!(late["verdict"], "WA", "{late:#}");
    assert_eq!(late["cases"][0]["passes"], 2, "{late:#}");
    assert_eq!((code, &doc["ok"]), (0, &Value::Bool(true)), "{doc:#}");
}

#[test]
fn a_multi_pass_solution_runs_again_on_the_validators_nextpass_in() {
    if !have(&["python3"]) {
        return;
    }
    verify_doubling("doubling");
}

#[test]
fn more_passes_than_validation_passes_is_a_judge_error() {
    if !have(&["python3"]) {
        return;
    }
    let dir = copy("doubling");
    let yaml = dir.path().join("problem.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(
        &yaml,
        text.replace("validation_passes: 3", "validation_passes: 2"),
    )
    .unwrap();
    let (code, doc) = verify_json(dir.path(), &[]);
    let ok = submission(&doc, "accepted/double.py");
    assert_eq!(ok["verdict"], "JE", "{ok:#}");
    assert_eq!(ok["matched"], false);
    assert_eq!(code, 1);
}

#[test]
fn scores_come_from_groups_and_the_validator_and_meet_tags_and_submissions_yaml() {
    if !have(&["python3"]) {
        return;
    }
    let (code, doc) = verify_json(&package("scores"), &[]);
    for (path, score) in [
        ("accepted/echo.py", 100.0),
        // Tagged @EXPECTED_SCORE@: 85; 40 + 15 (half of 30) + 30.
        ("partially_accepted/small.py", 85.0),
        // submissions.yaml: score 15.
        ("partially_accepted/halves.py", 15.0),
        ("wrong_answer/minus.py", 0.0),
    ] {
        let s = submission(&doc, path);
        assert_eq!(s["score"].as_f64(), Some(score), "{s:#}");
        assert_eq!(s["matched"], true, "{s:#}");
    }
    let small = submission(&doc, "partially_accepted/small.py");
    let case = small["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "secret/group2/1")
        .unwrap();
    assert_eq!(case["score"].as_f64(), Some(15.0), "{case:#}");
    assert_eq!(code, 0, "{doc:#}");
}

#[test]
fn a_score_other_than_the_tag_says_is_a_mismatch() {
    if !have(&["python3"]) {
        return;
    }
    let dir = copy("scores");
    let sub = dir.path().join("submissions/partially_accepted/small.py");
    let text = std::fs::read_to_string(&sub).unwrap();
    std::fs::write(
        &sub,
        text.replace("@EXPECTED_SCORE@: 85", "@EXPECTED_SCORE@: 80"),
    )
    .unwrap();
    let (code, doc) = verify_json(dir.path(), &[]);
    let small = submission(&doc, "partially_accepted/small.py");
    assert_eq!(small["matched"], false, "{small:#}");
    assert!(
        small["mismatch"].as_str().unwrap().contains("score 85"),
        "{small:#}"
    );
    assert_eq!(code, 1);
}

#[test]
fn an_interactive_multi_pass_solution_talks_to_the_interactor_again_each_pass() {
    if !have(&["python3"]) {
        return;
    }
    verify_doubling("relay");
}

#[test]
fn a_package_error_is_printed_in_the_table_not_only_in_json() {
    // An answer without its input fails the package: the people's report says so.
    let dir = copy("roots");
    std::fs::write(dir.path().join("data/secret/9.ans"), "3\n").unwrap();
    judge()
        .arg("verify")
        .arg(dir.path())
        .assert()
        .code(1)
        .stdout(crate::support::a_line(|l| {
            l.starts_with("error: ") && l.ends_with("data/secret/9.ans: no matching .in file")
        }));
}

#[test]
fn an_invalid_input_that_every_input_validator_accepts_is_an_error() {
    if !have(&["python3"]) {
        return;
    }
    let dir = copy("half");
    let subs = dir.path().join("submissions");
    std::fs::remove_dir_all(&subs).unwrap();
    std::fs::create_dir_all(subs.join("accepted")).unwrap();
    std::fs::write(subs.join("accepted/half.py"), "print(int(input()) / 2)\n").unwrap();
    let (code, doc) = verify_json(dir.path(), &[]);
    assert_eq!((code, &doc["ok"]), (0, &Value::Bool(true)), "{doc:#}");
    std::fs::write(dir.path().join("data/invalid_input/fine.in"), "5\n").unwrap();
    let (code, doc) = verify_json(dir.path(), &[]);
    let errors = doc["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 1, "{doc:#}");
    assert!(
        errors[0]
            .as_str()
            .unwrap()
            .contains("data/invalid_input/fine.in"),
        "{doc:#}"
    );
    assert_eq!((code, &doc["ok"]), (1, &Value::Bool(false)), "{doc:#}");
}

#[test]
fn an_interactor_with_build_and_run_scripts_runs_from_its_built_folder() {
    if !have(&["python3", "cc"]) {
        return;
    }
    let (code, doc) = verify_json(&package("parrot"), &[]);
    assert_eq!(
        submission(&doc, "accepted/parrot.py")["verdict"],
        "AC",
        "{doc:#}"
    );
    assert_eq!(
        submission(&doc, "wrong_answer/plus_one.py")["verdict"],
        "WA",
        "{doc:#}"
    );
    assert_eq!((code, &doc["ok"]), (0, &Value::Bool(true)), "{doc:#}");
}

#[test]
fn the_validators_own_tests_pass_and_a_cases_args_reach_the_submission() {
    if !have(&["python3"]) {
        return;
    }
    let (code, doc) = verify_json(&package("shout"), &[]);
    assert_eq!(doc["errors"], serde_json::json!([]), "{doc:#}");
    // shout.py prints capitals only when given `upper` (secret/2.yaml's args);
    // no_args.py ignores them and fails there alone.
    assert_eq!(submission(&doc, "accepted/shout.py")["verdict"], "AC");
    let no_args = submission(&doc, "wrong_answer/no_args.py");
    assert_eq!(no_args["verdict"], "WA", "{no_args:#}");
    let last = no_args["cases"].as_array().unwrap().last().unwrap();
    assert_eq!(last["name"], "secret/2", "{no_args:#}");
    assert_eq!((code, &doc["ok"]), (0, &Value::Bool(true)), "{doc:#}");
}

#[test]
fn an_invalid_output_accepted_or_a_valid_output_rejected_is_a_package_error() {
    if !have(&["python3"]) {
        return;
    }
    let dir = copy("shout");
    let data = dir.path().join("data");
    // Without its case_sensitive argument, `hello` passes for `HELLO`.
    std::fs::remove_file(data.join("invalid_output/lower.yaml")).unwrap();
    std::fs::write(data.join("valid_output/capitals.out"), "abd\n").unwrap();
    std::fs::write(data.join("sample/1.out"), "no\n").unwrap();
    // Without the folder's float tolerance, 0.501 is not 0.5.
    std::fs::remove_file(data.join("valid_output/test_group.yaml")).unwrap();
    let (code, doc) = verify_json(dir.path(), &[]);
    let errors = crate::support::strings(&doc["errors"]);
    for (name, why) in [
        (
            "invalid_output/lower",
            "accepts its .out, but it is in invalid_output/",
        ),
        ("valid_output/capitals", "rejects its .out, which must pass"),
        ("valid_output/number", "rejects its .out, which must pass"),
        ("sample/1", "rejects its .out, which must pass"),
    ] {
        assert!(
            errors
                .iter()
                .any(|e| e.starts_with(name) && e.contains(why)),
            "{name}: {errors:#?}"
        );
    }
    assert_eq!(errors.len(), 4, "{errors:#?}");
    // The submissions are judged all the same, and matched.
    assert_eq!(submission(&doc, "accepted/shout.py")["matched"], true);
    assert_eq!((code, &doc["ok"]), (1, &Value::Bool(false)), "{doc:#}");
}

#[test]
fn included_files_of_the_submissions_language_are_built_with_it() {
    if !have(&["python3", "gcc"]) {
        return;
    }
    let dir = copy("grader");
    let (code, doc) = verify_json(dir.path(), &[]);
    // add.c has no main and add.py no I/O: include/c/grader.c and
    // include/python3/main.py (the driver, the entry point by its name) do.
    for (path, verdict) in [
        ("accepted/add.c", "AC"),
        ("accepted/add.py", "AC"),
        ("wrong_answer/difference.py", "WA"),
    ] {
        let s = submission(&doc, path);
        assert_eq!(
            (&s["verdict"], &s["matched"]),
            (&Value::from(verdict), &Value::Bool(true)),
            "{s:#}"
        );
    }
    assert_eq!((code, &doc["ok"]), (0, &Value::Bool(true)), "{doc:#}");
    // The combined program is made in the build cache, not in the package.
    let accepted: Vec<_> = std::fs::read_dir(dir.path().join("submissions/accepted"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(accepted.len(), 2, "{accepted:?}");
}

/// A copy of the `timing` fixture without `remove` (paths under the package).
fn timing_without(remove: &[&str]) -> crate::package::Copy {
    let dir = copy("timing");
    for r in remove {
        let p = dir.path().join(r);
        if p.is_dir() {
            std::fs::remove_dir_all(p).unwrap();
        } else {
            std::fs::remove_file(p).unwrap();
        }
    }
    dir
}

#[test]
fn a_wrong_answer_submission_bounds_the_computed_time_limit_from_below() {
    if !have(&["python3"]) {
        return;
    }
    // barely.py's TLE depends on the limit: left out here.
    let dir = timing_without(&["submissions/time_limit_exceeded"]);
    let (code, doc) = verify_json(dir.path(), &[]);
    // slow_triple.py spends 0.5 s of CPU before its wrong answer: x 2 is 1 s,
    // where double.py alone (a few hundredths) gives 0.1 or 0.2 s.
    let limit = doc["time_limit"].as_f64().unwrap();
    assert!((1.0..=2.0).contains(&limit), "{doc:#}");
    assert_eq!(
        submission(&doc, "wrong_answer/slow_triple.py")["verdict"],
        "WA"
    );
    assert_eq!((code, &doc["ok"]), (0, &Value::Bool(true)), "{doc:#}");
}

#[test]
fn use_for_time_limit_false_lets_a_tle_stay_under_the_safety_margin() {
    if !have(&["python3"]) {
        return;
    }
    let junit = tempfile::NamedTempFile::new().unwrap();
    let (code, doc) = verify_json(
        &package("timing"),
        &[
            "--time-limit",
            "1",
            "--junit",
            junit.path().to_str().unwrap(),
        ],
    );
    let barely = submission(&doc, "time_limit_exceeded/barely.py");
    assert_eq!(
        (&barely["verdict"], &barely["matched"]),
        (&Value::from("TLE"), &Value::Bool(true)),
        "{barely:#}"
    );
    // 0.5 s x ac_to_time_limit 2 is not under 1 s: said, but not a failure.
    let warnings = doc["warnings"].to_string();
    assert!(warnings.contains("wrong_answer/slow_triple.py"), "{doc:#}");
    assert_eq!((code, &doc["ok"]), (0, &Value::Bool(true)), "{doc:#}");
    // JUnit says it too: the testsuite's system-out, after its testcases.
    let xml = std::fs::read_to_string(junit.path()).unwrap();
    let out = xml.split("<system-out>").nth(1).unwrap_or_default();
    assert!(out.starts_with("warning: "), "{xml}");
    assert!(out.contains("wrong_answer/slow_triple.py"), "{xml}");
    assert!(!out.contains("<testcase"), "{xml}");

    let dir = timing_without(&["submissions/submissions.yaml"]);
    let (code, doc) = verify_json(dir.path(), &["--time-limit", "1"]);
    let barely = submission(&doc, "time_limit_exceeded/barely.py");
    // barely.py spins for 1.2 s of CPU. A TLE case with less than that was
    // ended by the wall-clock backstop, not by its CPU use: on a machine too
    // busy to give it 1.2 s of CPU within the backstop the run says nothing
    // about the margin (a sleeping submission is judged the same way).
    let starved = barely["cases"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|c| c["verdict"] == "TLE" && c["time"].as_f64().is_some_and(|t| t < 1.2));
    if let Some(case) = starved {
        eprintln!(
            "note: the machine is too busy to check the safety margin (barely.py was ended by the wall-clock backstop first): {case}"
        );
        return;
    }
    assert_eq!(barely["matched"], false, "{barely:#}");
    let why = barely["mismatch"].as_str().unwrap();
    assert!(why.contains("under the safety margin"), "{why}");
    assert_eq!(code, 1);
}

#[test]
fn go_ruby_lua_and_kotlin_submissions_are_built_and_run_when_installed() {
    let (code, doc) = verify_json(&package("polyglot"), &[]);
    for (path, language, tools, in_ci) in [
        ("accepted/add.go", "Go", &["go"][..], true),
        ("accepted/add.rb", "Ruby", &["ruby"], true),
        ("accepted/add.lua", "Lua", &["lua"], true),
        // .ci/run does not install Kotlin (see support::have_optional).
        ("accepted/add.kt", "Kotlin", &["kotlinc", "java"], false),
    ] {
        let s = submission(&doc, path);
        assert_eq!(s["language"], language, "{s:#}");
        let installed = if in_ci {
            have(tools)
        } else {
            crate::support::have_optional(tools)
        };
        if installed {
            assert_eq!(
                (&s["verdict"], &s["matched"]),
                (&Value::from("AC"), &Value::Bool(true)),
                "{s:#}"
            );
        } else {
            let why = s["skipped"].as_str().unwrap_or_default();
            assert!(why.contains("not installed"), "{s:#}");
        }
    }
    assert_eq!((code, &doc["ok"]), (0, &Value::Bool(true)), "{doc:#}");
}

#[test]
fn a_static_validation_case_scores_and_judges_the_submissions_source() {
    if !have(&["python3"]) {
        return;
    }
    let (code, doc) = verify_json(&package("terse"), &[]);
    // g1: (40 - 10) / 2 per test case, and the static case's 10 (x 0.5 for a
    // source over 60 bytes, 0 for one calling eval); g2: 60.
    for (path, verdict, score) in [
        ("accepted/short.py", "AC", 100.0),
        ("accepted/long.py", "AC", 95.0),
        ("rejected/evil.py", "WA", 90.0),
    ] {
        let s = submission(&doc, path);
        assert_eq!(
            (&s["verdict"], s["score"].as_f64()),
            (&Value::from(verdict), Some(score)),
            "{s:#}"
        );
        assert_eq!(s["matched"], true, "{s:#}");
    }
    let evil = submission(&doc, "rejected/evil.py");
    let static_case = evil["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "secret/g1/static_validation")
        .unwrap_or_else(|| panic!("{evil:#}"));
    assert_eq!(static_case["verdict"], "WA", "{evil:#}");
    assert_eq!((code, &doc["ok"]), (0, &Value::Bool(true)), "{doc:#}");
}

#[test]
fn run_passes_a_cases_args_to_its_command() {
    if !have(&["python3"]) {
        return;
    }
    let dir = package("shout");
    let sol = dir.join("submissions/accepted/shout.py");
    // A plain line starts python3 itself; a quoted one goes through sh, with
    // "$@" appended; a compound one gets them as "$@" and passes them on.
    let plain = format!("python3 {}", crate::support::sh(&sol));
    let quoted = format!("python3 '{}'", sol.display());
    let compound = format!("true && python3 '{}' \"$@\"", sol.display());
    for line in [plain, quoted, compound] {
        let out = judge()
            .arg("run")
            .arg("--cmd")
            .arg(&line)
            .arg(&dir)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        // shout.py prints capitals only when given secret/2's `upper`.
        assert_eq!(out.status.code(), Some(0), "{line}: {text}");
        assert!(!text.contains("warning"), "{line}: {text}");
    }
}

#[test]
fn a_c_submission_cannot_compile_the_packages_answers_into_itself() {
    // The compiler sees the submission's folder and the include folders, not the
    // package's data: an #include of an answer, relative or absolute, is CE.
    if !have(&["python3", "gcc"]) {
        return;
    }
    let dir = half_with_an_empty_accepted();
    let subs = dir.path().join("submissions");
    let answer = dir.path().join("data/secret/1.ans");
    let peek = |include: &str| {
        format!(
            "#include <stdio.h>\nint main(void) {{\n  double a =\n#include \"{include}\"\n  ;\n  printf(\"%g\\n\", a);\n  return 0;\n}}\n"
        )
    };
    std::fs::write(
        subs.join("accepted/relative.c"),
        peek("../../data/secret/1.ans"),
    )
    .unwrap();
    std::fs::write(
        subs.join("accepted/absolute.c"),
        peek(answer.to_str().unwrap()),
    )
    .unwrap();
    let doc = verify_built_afresh(dir.path(), &[]);
    for path in ["accepted/relative.c", "accepted/absolute.c"] {
        let s = submission(&doc, path);
        assert_eq!(s["verdict"], "CE", "{s:#}");
    }
}

#[test]
fn a_compiler_wrapper_on_path_keeps_compiling_as_the_judge() {
    // ccache on PATH (Fedora puts it there) keeps its cache in the home, which a
    // confined compiler cannot write: a gcc that is not the system's own driver
    // is not confined, and a package's C submission still builds.
    if !have(&["python3", "gcc"]) {
        return;
    }
    let dir = copy("half");
    dir.remove_submissions(&["compiler_error", "run_time_error", "mixed", "no_output"]);
    let subs = dir.path().join("submissions");
    for f in std::fs::read_dir(subs.join("accepted")).unwrap().flatten() {
        if f.path().extension().is_none_or(|e| e != "c") {
            let _ = std::fs::remove_file(f.path());
            let _ = std::fs::remove_dir_all(f.path());
        }
    }
    let home = tempfile::tempdir().unwrap();
    let bin = home.path().join("wrap");
    std::fs::create_dir(&bin).unwrap();
    // The wrapper writes into its cache first, as ccache does.
    let wrapper = bin.join("cache-cc");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\nmkdir -p {cache} && touch {cache}/stamp || exit 1\nexec /usr/bin/gcc \"$@\"\n",
            cache = home.path().join("cache").display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::os::unix::fs::symlink(&wrapper, bin.join("gcc")).unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let doc = verify_built_afresh(dir.path(), &[("PATH", path)]);
    let s = submission(&doc, "accepted/half.c");
    assert_eq!(s["verdict"], "AC", "{s:#}");
    assert!(home.path().join("cache/stamp").exists(), "the wrapper ran");
}

#[test]
fn javac_compiles_a_packages_java_submission_isolated_and_the_jvm_still_works() {
    // javac is confined as gcc and rustc are: it sees the submission's folder,
    // not the package's data. A javac on PATH that first tries to read the
    // answer (a stand-in for whatever a compiler run on package input might be
    // made to do) is kept from it, and the real javac it then runs still
    // compiles in the sandbox (a JVM: its threads, no address-space cap).
    if !have(&["python3", "javac", "java"]) {
        return;
    }
    let dir = half_with_an_empty_accepted();
    std::fs::write(
        dir.path().join("submissions/accepted/Half.java"),
        "import java.util.Scanner;\n\npublic class Half {\n    \
         public static void main(String[] args) {\n        \
         System.out.println(new Scanner(System.in).nextLong() / 2.0);\n    }\n}\n",
    )
    .unwrap();
    let javac = judge_sandbox::on_path(std::ffi::OsStr::new("javac")).unwrap();
    let bin = tempfile::tempdir().unwrap();
    let wrapper = bin.path().join("javac");
    // The answer's path comes in a variable: a path the script named itself,
    // the jail would show (docs/sandbox.md, "Shims and wrappers").
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\nif cat \"$PEEK\" >/dev/null 2>&1; then echo 'javac read the answers' >&2; exit 1; fi\n\
             exec '{}' \"$@\"\n",
            javac.display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!(
        "{}:{}",
        bin.path().display(),
        std::env::var("PATH").unwrap()
    );
    let peek = dir.path().join("data/secret/1.ans").display().to_string();
    let doc = verify_built_afresh(dir.path(), &[("PATH", path), ("PEEK", peek)]);
    if doc["isolation"] != "on" {
        skip(&format!(
            "the kernel refuses isolation here ({})",
            doc["isolation"]
        ));
        return;
    }
    let s = submission(&doc, "accepted/Half.java");
    assert_eq!(s["verdict"], "AC", "{s:#}");
}

#[test]
fn a_rust_submission_cannot_include_str_the_packages_answers() {
    // rustc is the toolchain's own, confined like gcc: it sees its sysroot and
    // the submission's folder, not the package's data.
    if !have(&["python3", "rustc", "cc"]) {
        return;
    }
    let dir = half_with_an_empty_accepted();
    let subs = dir.path().join("submissions");
    std::fs::write(
        subs.join("accepted/peek.rs"),
        "fn main() {\n    let a: f64 = include_str!(\"../../data/secret/1.ans\").trim().parse().unwrap();\n    println!(\"{a}\");\n}\n",
    )
    .unwrap();
    std::fs::write(
        subs.join("accepted/half.rs"),
        "fn main() {\n    let mut s = String::new();\n    std::io::stdin().read_line(&mut s).unwrap();\n    let x: f64 = s.trim().parse().unwrap();\n    println!(\"{}\", x / 2.0);\n}\n",
    )
    .unwrap();
    let doc = verify_built_afresh(dir.path(), &[]);
    // The honest one still builds (and links) confined.
    for (path, verdict) in [("accepted/peek.rs", "CE"), ("accepted/half.rs", "AC")] {
        let s = submission(&doc, path);
        assert_eq!(s["verdict"], verdict, "{s:#}");
    }
}
