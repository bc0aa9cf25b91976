//! The docs say what the judge does: docs/judge.md's command summary lists exactly
//! the subcommands and flags `--help` has, its JSON table names every field a real
//! report carries, and every file of the repository the docs name exists.

use std::collections::{BTreeMap, BTreeSet};

use crate::support::{Folder, judge_fixture};
use crate::tempws::outer_root;

/// The manual's page on the judge's commands, flags and reports.
const JUDGE_DOC: &str = "docs/judge.md";

fn judge_doc() -> String {
    std::fs::read_to_string(outer_root().join(JUDGE_DOC)).unwrap()
}

/// The text of the first ``` block after `heading`.
fn block_after<'a>(text: &'a str, heading: &str) -> &'a str {
    let at = text
        .find(heading)
        .unwrap_or_else(|| panic!("{JUDGE_DOC} has no {heading}"));
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

/// The summary as subcommand ("" for `cargo judge` itself) → flags. A line
/// `cargo judge SUB USAGE   description` opens a subcommand; the indented lines
/// under it list its flags (groups separated by two spaces; the first group that
/// is not a flag starts the description); "Options of cargo judge and cargo judge
/// run:" lists flags of both.
fn doc_summary(known: &BTreeSet<String>) -> BTreeMap<String, BTreeSet<String>> {
    let text = judge_doc();
    let block = block_after(&text, "## Commands and flags");
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
fn the_command_summary_has_exactly_the_subcommands_and_flags_of_help() {
    let subcommands = help_subcommands();
    let summary = doc_summary(&subcommands);
    let mut listed: BTreeSet<String> = summary.keys().cloned().collect();
    listed.remove("");
    assert_eq!(
        listed, subcommands,
        "{JUDGE_DOC}'s summary and `judge --help` list different subcommands"
    );
    for sub in std::iter::once("").chain(subcommands.iter().map(String::as_str)) {
        if sub == "help" {
            continue;
        }
        let help = help_flags((!sub.is_empty()).then_some(sub));
        let doc = summary.get(sub).cloned().unwrap_or_default();
        assert_eq!(
            doc,
            help,
            "{JUDGE_DOC}'s flags for `cargo judge {sub}` differ from its --help \
             (only in the doc: {:?}; only in --help: {:?})",
            doc.difference(&help).collect::<Vec<_>>(),
            help.difference(&doc).collect::<Vec<_>>()
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
fn the_json_table_names_every_field_of_a_real_report() {
    let f = Folder::echo_cases();
    f.write("2.in", "0.5\n");
    f.write("2.out", "0.25\n");
    let json = crate::support::json_report(
        &mut judge_fixture(
            "echo",
            f.path(),
            &["--format", "json", "--checker", "float"],
        ),
        1,
    );
    let mut fields = BTreeSet::new();
    keys(&json, "", &mut fields);
    // The problem's name is data, not a field.
    let name = f.path().file_name().unwrap().to_str().unwrap();
    fields.remove(name);
    let text = judge_doc();
    let table = &text[text.find("\n## The JSON report").unwrap() + 1..];
    let table = &table[..table.find("\n## ").unwrap_or(table.len())];
    let missing: Vec<&String> = fields
        .iter()
        .filter(|f| !table.contains(&format!("`{f}`")) && !table.contains(&format!(".{f}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "{JUDGE_DOC}'s JSON table does not name {missing:?}"
    );
}

/// The hand-written docs whose paths must exist (BENCHMARKS.md is a lab notebook:
/// its analyses name files as they were when measured).
fn docs() -> Vec<std::path::PathBuf> {
    let root = outer_root();
    let mut files: Vec<std::path::PathBuf> = ["README.md", "CONTRIBUTING.md", "bench/README.md"]
        .iter()
        .map(|f| root.join(f))
        .collect();
    for dir in ["docs", "testdata"] {
        for entry in walkdir::WalkDir::new(root.join(dir)).max_depth(2) {
            let path = entry.unwrap().into_path();
            if path.extension().is_some_and(|x| x == "md") {
                files.push(path);
            }
        }
    }
    files
}

/// A path a doc names in prose: a link target (relative to the doc), or an inline
/// code span that starts with a top folder of the repository (relative to the root).
/// Fenced blocks are left out: they show what commands print, files they create too.
fn named_paths(text: &str) -> Vec<(bool, String)> {
    const TOP: [&str; 8] = [
        "harness/",
        "library/",
        "problems/",
        "testdata/",
        "bench/",
        "docs/",
        ".ci/",
        ".cargo/",
    ];
    let mut prose = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            prose.push_str(line);
            prose.push('\n');
        }
    }
    let mut found = Vec::new();
    for (i, span) in prose.split('`').enumerate() {
        if i % 2 == 1 && TOP.iter().any(|t| span.starts_with(t)) {
            found.push((false, span.to_string()));
        }
    }
    for link in prose.split("](").skip(1) {
        let target = link.split(')').next().unwrap_or("");
        let target = target.split('#').next().unwrap_or("");
        if !target.is_empty() && !target.contains("://") {
            found.push((true, target.to_string()));
        }
    }
    found
}

/// `testdata/NAME/stress-SEED.in`, `problems/<name>/`, `harness/template/*.tmpl`:
/// a pattern, not a file. So is anything generated (`bench/out/`).
fn is_pattern(path: &str) -> bool {
    let words = path.split(|c: char| !c.is_ascii_alphanumeric());
    let capitals = words.filter(|w| !w.is_empty()).any(|w| {
        w.chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
            && !["README", "BENCHMARKS", "CONTRIBUTING"].contains(&w)
    });
    capitals || path.contains(['<', '*', '{', '$', ' ']) || path.starts_with("bench/out")
}

#[test]
fn every_file_the_docs_name_exists() {
    let root = outer_root();
    let mut missing = Vec::new();
    for doc in docs() {
        let text = std::fs::read_to_string(&doc).unwrap();
        for (relative, path) in named_paths(&text) {
            if is_pattern(&path) {
                continue;
            }
            let base = if relative {
                doc.parent().unwrap()
            } else {
                &root
            };
            if !base.join(&path).exists() {
                missing.push(format!(
                    "{}: {path}",
                    doc.strip_prefix(&root).unwrap().display()
                ));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "the docs name files that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn a_pattern_is_not_taken_for_a_file() {
    for (path, pattern) in [
        ("testdata/NAME/stress-SEED.in", true),
        ("problems/<name>/", true),
        ("harness/template/*.tmpl", true),
        ("testdata/wythoff-play/README.md", false),
        ("harness/src/bin/fixture.rs", false),
    ] {
        assert_eq!(is_pattern(path), pattern, "{path}");
    }
}
