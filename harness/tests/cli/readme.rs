//! README says what the judge does: its command summary lists exactly the
//! subcommands and flags `--help` has, and its JSON table names every field a real
//! report carries.

use std::collections::{BTreeMap, BTreeSet};

use crate::support::{Folder, judge_fixture};
use crate::tempws::outer_root;

fn readme() -> String {
    std::fs::read_to_string(outer_root().join("README.md")).unwrap()
}

/// The text of the first ``` block after `heading`.
fn block_after<'a>(text: &'a str, heading: &str) -> &'a str {
    let at = text
        .find(heading)
        .unwrap_or_else(|| panic!("README has no {heading}"));
    let start = text[at..].find("```\n").unwrap() + at + 4;
    let end = text[start..].find("```").unwrap() + start;
    &text[start..end]
}

/// The flags (`--long`, `-s`) in `spec`.
fn flags_in(spec: &str) -> Vec<String> {
    spec.split(|c: char| c.is_whitespace() || "[](),|".contains(c))
        .filter_map(|word| {
            let name = word.trim_start_matches('-');
            let dashes = word.len() - name.len();
            let well_formed = !name.is_empty()
                && name.starts_with(|c: char| c.is_ascii_alphabetic())
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
            let ok = well_formed && (dashes == 2 || (dashes == 1 && name.len() == 1));
            ok.then(|| word.to_string())
        })
        .collect()
}

/// README's summary as subcommand ("" for `cargo judge` itself) → flags. A line
/// `cargo judge SUB USAGE   description` opens a subcommand; the indented lines
/// under it list its flags (groups separated by two spaces; the first group that
/// is not a flag starts the description); "Options of cargo judge and cargo judge
/// run:" lists flags of both.
fn readme_summary(known: &BTreeSet<String>) -> BTreeMap<String, BTreeSet<String>> {
    let text = readme();
    let block = block_after(&text, "### Commands and flags");
    let mut summary: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut current: Vec<String> = Vec::new();
    for line in block.lines() {
        let groups: Vec<&str> = line
            .trim()
            .split("  ")
            .map(str::trim)
            .filter(|g| !g.is_empty())
            .collect();
        if let Some(usage) = line.strip_prefix("cargo judge") {
            let usage = groups[0].strip_prefix("cargo judge").unwrap_or(usage);
            let word = usage.split_whitespace().next().unwrap_or("");
            let name = if known.contains(word) { word } else { "" };
            current = vec![name.to_string()];
            let entry = summary.entry(name.to_string()).or_default();
            entry.extend(flags_in(usage));
        } else if line.starts_with("Options of cargo judge and cargo judge run") {
            current = vec![String::new(), "run".to_string()];
        } else if line.starts_with(' ') {
            for group in groups.iter().take_while(|g| g.starts_with('-')) {
                for name in &current {
                    summary
                        .entry(name.clone())
                        .or_default()
                        .extend(flags_in(group));
                }
            }
        }
    }
    summary
}

/// `judge [SUB] --help`'s flags, without --help and --version.
fn help_flags(sub: Option<&str>) -> BTreeSet<String> {
    let mut cmd = assert_cmd::Command::cargo_bin("judge").unwrap();
    cmd.args(sub).arg("--help");
    let out = cmd.assert().code(0).get_output().stdout.clone();
    let text = String::from_utf8(out).unwrap();
    let options = &text[text.find("\nOptions:\n").expect("an Options section")..];
    options
        .lines()
        .filter(|l| l.trim_start().starts_with('-'))
        .flat_map(|l| {
            let spec = l.trim_start().split("  ").next().unwrap_or("");
            flags_in(spec)
        })
        .filter(|f| !["-h", "--help", "-V", "--version"].contains(&f.as_str()))
        .collect()
}

/// The subcommands `judge --help` lists.
fn help_subcommands() -> BTreeSet<String> {
    let out = assert_cmd::Command::cargo_bin("judge")
        .unwrap()
        .arg("--help")
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let start = text.find("\nCommands:\n").unwrap() + "\nCommands:\n".len();
    text[start..]
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .collect()
}

#[test]
fn the_readme_command_summary_has_exactly_the_subcommands_and_flags_of_help() {
    let subcommands = help_subcommands();
    let summary = readme_summary(&subcommands);
    let mut listed: BTreeSet<String> = summary.keys().cloned().collect();
    listed.remove("");
    assert_eq!(
        listed, subcommands,
        "README's summary and `judge --help` list different subcommands"
    );
    for sub in std::iter::once("").chain(subcommands.iter().map(String::as_str)) {
        if sub == "help" {
            continue;
        }
        let help = help_flags((!sub.is_empty()).then_some(sub));
        let readme = summary.get(sub).cloned().unwrap_or_default();
        assert_eq!(
            readme,
            help,
            "README's flags for `cargo judge {sub}` differ from its --help \
             (only in README: {:?}; only in --help: {:?})",
            readme.difference(&help).collect::<Vec<_>>(),
            help.difference(&readme).collect::<Vec<_>>()
        );
    }
}

/// Every key of `value` (objects inside arrays and objects too), as `a.b` paths,
/// except below `problems.NAME` and `verdicts`, whose keys are data.
fn keys(value: &serde_json::Value, path: &str, out: &mut BTreeSet<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                let data_keys = path == "problems" || k == "verdicts";
                out.insert(k.clone());
                if path == "problems" {
                    keys(v, "problem", out);
                } else if !data_keys {
                    keys(v, k, out);
                }
            }
        }
        serde_json::Value::Array(items) => {
            for v in items {
                keys(v, path, out);
            }
        }
        _ => {}
    }
}

#[test]
fn the_readme_json_table_names_every_field_of_a_real_report() {
    let f = Folder::echo_cases();
    f.write("2.in", "0.5\n");
    f.write("2.out", "0.25\n");
    let out = judge_fixture(
        "echo",
        f.path(),
        &["--format", "json", "--checker", "float"],
    )
    .assert()
    .code(1)
    .get_output()
    .stdout
    .clone();
    let json = crate::support::json_of(&out);
    let mut fields = BTreeSet::new();
    keys(&json, "", &mut fields);
    // The problem's name is data, not a field.
    let name = f.path().file_name().unwrap().to_str().unwrap();
    fields.remove(name);
    let text = readme();
    let table = &text[text.find("### The JSON report").unwrap()..];
    let table = &table[..table[4..].find("\n### ").unwrap()];
    let missing: Vec<&String> = fields
        .iter()
        .filter(|f| !table.contains(&format!("`{f}`")) && !table.contains(&format!(".{f}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "README's JSON table does not name {missing:?}"
    );
}
