//! The docs' example outputs, checked: every ```text block in README.md and docs/
//! that follows a `<!-- golden -->` line and starts with `$ cargo judge ...` is run
//! (the judge under test, from the repository's root) and its output compared with
//! the block, after [`normalise`] has replaced what varies from run to run
//! (timings, memory, which case was slowest, how far a known-wrong run got).
//! `CP_GAMES_BLESS_DOCS=1 cargo test -p harness --test cli golden` writes the
//! actual outputs into the docs instead (then read the diff before committing).

use std::path::{Path, PathBuf};

/// A golden block: the file, the line of its `$` command, the command's
/// arguments, the expected output's lines, and where those lines are in the file.
struct Block {
    file: PathBuf,
    line: usize,
    args: Vec<String>,
    expected: Vec<String>,
    body: std::ops::Range<usize>,
}

const MARK: &str = "<!-- golden -->";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The golden blocks of `text` (the file `file`).
fn blocks(file: &Path, text: &str) -> Vec<Block> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for i in 0..lines.len() {
        if lines[i].trim() != MARK || lines.get(i + 1).map(|l| l.trim()) != Some("```text") {
            continue;
        }
        let command = lines.get(i + 2).copied().unwrap_or("");
        let Some(args) = command.strip_prefix("$ cargo judge") else {
            panic!(
                "{}:{}: a golden block starts with `$ cargo judge ...`",
                file.display(),
                i + 3
            );
        };
        let end = (i + 3..lines.len())
            .find(|&k| lines[k].trim() == "```")
            .unwrap_or_else(|| panic!("{}:{}: the block never ends", file.display(), i + 2));
        found.push(Block {
            file: file.to_path_buf(),
            line: i + 3,
            args: args.split_whitespace().map(String::from).collect(),
            expected: lines[i + 3..end].iter().map(|l| l.to_string()).collect(),
            body: i + 3..end,
        });
    }
    found
}

fn is_number(token: &str) -> bool {
    let t = token.trim_end_matches([',', ')']);
    !t.is_empty() && t.parse::<f64>().is_ok()
}

/// One line with what varies from run to run replaced: a number before a unit of
/// time or size is `#`, the case named after a time (`slowest 3 ms (07-big)`, and
/// the summary table's slowest column) is `…`, a known-wrong run's `after N of` is
/// `after # of`; runs of spaces are one (the table's columns widen with its numbers).
fn normalise(line: &str) -> String {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    // A summary table row: a name and ten counts.
    let table_row = tokens.len() > 11 && tokens[1..11].iter().all(|t| t.parse::<u64>().is_ok());
    let mut out: Vec<String> = Vec::with_capacity(tokens.len());
    for (i, t) in tokens.iter().enumerate() {
        let unit = |k: usize| tokens.get(k).map(|u| u.trim_end_matches(',')).unwrap_or("");
        let timed = i > 1 && matches!(unit(i - 1), "ms" | "s") && is_number(tokens[i - 2]);
        let measured = matches!(unit(i + 1), "ms" | "s" | "B" | "KiB" | "MiB" | "GiB");
        let progress = i > 0 && tokens[i - 1].trim_start_matches('(') == "after";
        let word = if is_number(t) && (measured || progress) {
            "#".to_string()
        } else if timed && t.starts_with('(') {
            let comma = if t.ends_with(',') { "," } else { "" };
            format!("(…){comma}")
        } else if timed && table_row {
            "…".to_string()
        } else {
            t.to_string()
        };
        out.push(word);
    }
    out.join(" ")
}

/// Runs a block's command as a user would in the repository's root.
fn run(block: &Block) -> Vec<String> {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(&block.args)
        .arg("--color=never")
        .current_dir(root())
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.trim_end().to_string())
        .collect()
}

fn documents() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    for entry in std::fs::read_dir(root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    files.sort();
    files
}

#[test]
fn the_docs_golden_outputs_are_what_the_judge_prints() {
    let bless = std::env::var_os("CP_GAMES_BLESS_DOCS").is_some();
    let mut differ = Vec::new();
    let mut checked = 0;
    for file in documents() {
        let text = std::fs::read_to_string(&file).unwrap();
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        // From the last block up, so an overwrite keeps the earlier ranges valid.
        for block in blocks(&file, &text).into_iter().rev() {
            checked += 1;
            let actual = run(&block);
            let same = actual.iter().map(|l| normalise(l)).collect::<Vec<_>>()
                == block
                    .expected
                    .iter()
                    .map(|l| normalise(l))
                    .collect::<Vec<_>>();
            if same {
                continue;
            }
            if bless {
                lines.splice(block.body.clone(), actual);
            } else {
                differ.push(format!(
                    "{}:{}: `cargo judge {}` printed:\n{}\n",
                    block.file.display(),
                    block.line,
                    block.args.join(" "),
                    actual.join("\n")
                ));
            }
        }
        if bless {
            let mut new = lines.join("\n");
            new.push('\n');
            if new != text {
                std::fs::write(&file, new).unwrap();
            }
        }
    }
    assert!(checked > 0, "no golden block in README.md or docs/");
    assert!(
        differ.is_empty(),
        "docs whose example output is not what the judge prints \
         (CP_GAMES_BLESS_DOCS=1 rewrites them):\n{}",
        differ.join("\n")
    );
}

#[test]
fn normalising_keeps_what_a_run_decides_and_drops_what_it_measures() {
    for (line, want) in [
        (
            "ok   poj2348: 19/19 AC, 2/2 known-wrong caught  slowest 0 ms (22-many-lines), max 1.2 MiB",
            "ok poj2348: 19/19 AC, 2/2 known-wrong caught slowest # ms (…), max # MiB",
        ),
        (
            "caught  poj2348 [wa_int32]: WA on 03-equal-values (after 4 of 19 cases)",
            "caught poj2348 [wa_int32]: WA on 03-equal-values (after # of 19 cases)",
        ),
        (
            "poj2348    19   19    0    0    0    0    0    0    0    0  10 ms 22-many-lines    1.2 MiB",
            "poj2348 19 19 0 0 0 0 0 0 0 0 # ms … # MiB",
        ),
        // A verdict count is what the run decided: never normalised.
        (
            "total      38   37    1    0    0    0    0    0    0    0",
            "total 38 37 1 0 0 0 0 0 0 0",
        ),
    ] {
        assert_eq!(normalise(line), want, "{line}");
    }
}
