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
        let out = crate::support::judge_fixture("echo", &dir, &["--format", "json"])
            .current_dir(parent)
            .assert()
            .code(0)
            .get_output()
            .stdout
            .clone();
        let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(json["cases"][0]["input"], format!("{name}/1.in"));
    }
}
