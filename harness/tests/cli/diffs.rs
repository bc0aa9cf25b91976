//! Diffs as the judge prints them follow the checker, and the JSON report carries
//! them as plain text.

use predicates::prelude::*;

use crate::support::Folder;

fn run_cmd(dir: &std::path::Path, cmd: &str, extra: &[&str]) -> assert_cmd::Command {
    let mut c = assert_cmd::Command::cargo_bin("judge").unwrap();
    c.arg("run").arg("--cmd").arg(cmd).arg(dir).args(extra);
    c
}

#[test]
fn a_float_wa_names_the_rejected_number_its_line_and_the_error() {
    let f = Folder::echo_cases();
    f.write("1.out", "0.5\n0.25\n0.333333\n");
    run_cmd(
        f.path(),
        "printf '0.5000001\\n0.25\\n0.3334\\n'",
        &["--checker", "float"],
    )
    .assert()
    .code(1)
    .stdout(predicate::str::contains(
        "line 3, column 1: expected \"0.333333\", found \"0.3334\": error 6.7e-5 > tolerance 1e-6",
    ))
    .stdout(predicate::str::contains("-     3 0.333333"))
    .stdout(predicate::str::contains("+     1").not());
}

#[test]
fn a_tokens_wa_points_at_the_token_not_at_spacing() {
    let f = Folder::echo_cases();
    f.write("1.out", "1 2\n3 4\n");
    run_cmd(f.path(), "printf '1  2\\n3 5\\n'", &["--checker", "tokens"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "line 2, column 3: expected \"4\", found \"5\"",
        ))
        .stdout(predicate::str::contains("+     1").not());
}

#[test]
fn a_presentation_error_names_the_whitespace() {
    let f = Folder::echo_cases();
    crate::support::judge_fixture("double-space", f.path(), &[])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "same tokens, different whitespace: expected 1 space, found 2 spaces",
        ));
}

#[test]
fn json_detail_is_plain_text_even_with_color_forced() {
    let f = Folder::echo_cases();
    let out = crate::support::judge_fixture(
        "wrong",
        f.path(),
        &["--format", "json", "--color", "always"],
    )
    .assert()
    .code(1)
    .get_output()
    .stdout
    .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(
        !text.contains("\\u001b") && !text.contains('\u{1b}'),
        "{text}"
    );
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let case = &json["cases"][0];
    assert!(case["detail"].as_str().unwrap().contains("-     1 1 2"));
    assert_eq!(case["rejection"]["why"], "token");
    assert_eq!(case["rejection"]["expected"]["line"], 1);
}

#[test]
fn json_input_paths_are_relative_to_the_current_folder_however_the_folder_was_named() {
    let f = Folder::echo_cases();
    let parent = f.path().parent().unwrap();
    let name = f.path().file_name().unwrap().to_str().unwrap();
    for dir in [std::path::PathBuf::from(name), f.path().to_path_buf()] {
        let json = crate::support::json_report(
            crate::support::judge_fixture("echo", &dir, &["--format", "json"]).current_dir(parent),
            0,
        );
        assert_eq!(json["cases"][0]["input"], format!("{name}/1.in"));
    }
}

#[test]
fn json_input_paths_are_the_same_under_cargo_judge_and_run_from_a_subfolder() {
    // From problems/, the testdata is outside the current folder: both commands
    // give the same absolute path, however the folder was typed.
    let root = crate::tempws::outer_root();
    let input = |args: &[&str]| {
        let out = assert_cmd::Command::cargo_bin("judge")
            .unwrap()
            .current_dir(root.join("problems"))
            .args(args)
            .args(["--case", "01-sample", "--format", "json"])
            .assert()
            .get_output()
            .stdout
            .clone();
        let json = crate::support::json_of(&out);
        json["cases"][0]["input"].as_str().unwrap().to_string()
    };
    let fixture = format!("{} echo", crate::support::sh(crate::support::fixture()));
    let expected = root.join("testdata/hdu1525/01-sample.in");
    assert_eq!(input(&["hdu1525"]), expected.display().to_string());
    assert_eq!(
        input(&["run", "--cmd", &fixture, "../testdata/hdu1525"]),
        expected.display().to_string()
    );
}

#[test]
fn control_characters_and_a_leading_tab_from_a_solution_are_drawn_not_sent_to_the_terminal() {
    let f = Folder::echo_cases();
    f.write("1.out", "a\nb\n");
    for color in ["always", "never"] {
        let out = run_cmd(
            f.path(),
            "printf 'a\\033[2J\\007\\000\\n\\tb\\n'",
            &["--color", color],
        )
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
        let text = String::from_utf8(out).unwrap();
        assert!(
            !text.contains("\u{1b}[2J") && !text.contains('\u{7}') && !text.contains('\0'),
            "--color {color}: raw control characters reached the terminal: {text:?}"
        );
        for shown in ['␛', '␇', '␀', '→'] {
            assert!(
                text.contains(shown),
                "--color {color}: no {shown} in {text:?}"
            );
        }
    }
}

#[test]
fn changes_far_apart_are_shown_as_separate_hunks() {
    let f = Folder::echo_cases();
    let expected: String = (1..=200).map(|i| format!("{i}\n")).collect();
    f.write("1.out", &expected);
    f.write(
        "actual",
        &expected
            .replace("\n155\n", "\nx\n")
            .replace("\n190\n", "\ny\n"),
    );
    let out = run_cmd(
        f.path(),
        &format!("cat {}", crate::support::sh(f.path().join("actual"))),
        &[],
    )
    .assert()
    .code(1)
    .get_output()
    .stdout
    .clone();
    let text = String::from_utf8(out).unwrap();
    let hunks: Vec<&str> = text.split("┈┈┈┈┈").collect();
    assert_eq!(hunks.len(), 2, "{text}");
    assert!(hunks[0].contains("+   155 x"), "{text}");
    assert!(hunks[1].contains("+   190 y"), "{text}");
}

#[test]
fn a_presentation_error_marks_the_double_space_and_not_the_missing_final_newline() {
    let f = Folder::echo_cases();
    f.write("1.out", "Stan wins\nOllie wins\n");
    run_cmd(f.path(), "printf 'Stan  wins\\nOllie wins'", &[])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("PE  "))
        .stdout(predicate::str::contains(
            "line 1, column 5: same tokens, different whitespace",
        ))
        .stdout(predicate::str::contains("+     1 Stan··wins"))
        // The exact checker ignores a missing final newline: line 2 is not a change.
        .stdout(predicate::str::contains("+     2").not())
        .stdout(predicate::str::contains("no newline").not());
}
