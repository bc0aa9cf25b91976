//! `verify` side by side with the formats' reference tools (docs/conformance.md):
//! problemtools' `verifyproblem` on legacy and 2023-07 fixture packages,
//! BAPCtools' `bt run` on 2025-09 ones. Every submission both judge must get the
//! same verdict (and, for a scoring problem, score) unless docs/conformance.md
//! lists the difference with what decides it; a listed difference that no
//! longer occurs fails too, so the table stays true.
//!
//! The reference tools are slow (verifyproblem compiles and times every
//! submission twice; all fixtures take ~7 minutes two at a time), so by default
//! the test runs the packages of [`SELECTED`], which cover every oracle and
//! scoring dialect, three at a time (the machine has two cores; the tools wait
//! on TLE runs part of the time); `CP_GAMES_CONFORMANCE=all` runs every fixture.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use serde_json::Value;

#[allow(dead_code)]
#[path = "cli/support.rs"]
mod support;

use support::{have, json_of};

/// A fixture package.
fn package(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/packages")
        .join(name)
}

/// The judge, with a build cache of this test's own.
fn judge() -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("judge").unwrap();
    cmd.env(
        "CP_GAMES_CACHE",
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("conformance-cache"),
    )
    .env("NO_COLOR", "1")
    .timeout(std::time::Duration::from_secs(600));
    cmd
}

/// The fixtures compared by default, slowest first: a 2023-07 package, legacy
/// scoring by DOMjudge's rules and by problemtools', a 2025-09 interactive
/// multi-pass one, packages a tool refuses or cannot score (said, not
/// compared), and the default validator's reading of numbers (`roots`). The rest (`guess`, `ratio`, `half`, ...) under
/// `CP_GAMES_CONFORMANCE=all`: ~7 minutes more.
const SELECTED: [&str; 10] = [
    "divisor", "grouped", "subtasks", "relay", "doubling", "parrot", "scores", "terse", "roots",
    "probes",
];

/// Which reference tool judges a package.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Tool {
    Verifyproblem,
    Bt,
}

impl Tool {
    fn name(self) -> &'static str {
        match self {
            Tool::Verifyproblem => "verifyproblem",
            Tool::Bt => "bt",
        }
    }

    /// verifyproblem for legacy and 2023-07 packages, bt for 2025-09 ones.
    fn of(dir: &Path) -> Tool {
        let yaml = std::fs::read_to_string(dir.join("problem.yaml")).unwrap_or_default();
        let version = yaml
            .lines()
            .find_map(|l| l.strip_prefix("problem_format_version:"))
            .map(str::trim);
        match version {
            Some(v) if v.starts_with("2025") => Tool::Bt,
            _ => Tool::Verifyproblem,
        }
    }
}

/// What a tool said of one submission.
#[derive(Debug, Clone, PartialEq)]
enum Said {
    /// Its verdict and, when printed, its score.
    Judged(String, Option<f64>),
    /// It could not build it (a missing language, other flags): not compared
    /// unless verify's verdict is CE too.
    NotBuilt,
}

/// verifyproblem's report: each submission's line (`   accepted/x.c (C) OK: AC
/// (100) [...]`, `ERROR wrong_answer/y.py (...) got AC [...]`, `ERROR Compile
/// error for z.java (...)`), and the scores of its results table (`Pts`), whose
/// rows are the judged submissions in the same order. `Err` when it refused
/// the package.
fn parse_verifyproblem(text: &str) -> Result<BTreeMap<String, Said>, String> {
    if let Some(line) = text
        .lines()
        .find(|l| l.starts_with("ERROR Failed to load problem"))
    {
        let detail: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.starts_with("ERROR Failed to load problem"))
            .take(3)
            .collect();
        return Err(format!("{} ({})", line, detail[1..].join(" ").trim()));
    }
    let mut said = BTreeMap::new();
    let mut judged: Vec<String> = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("ERROR Compile error for ") {
            let path = rest.split(' ').next().unwrap_or("").to_string();
            said.insert(path, Said::NotBuilt);
            continue;
        }
        let (path, result) = if let Some(rest) = line.strip_prefix("ERROR ") {
            match rest.split_once(") got ") {
                Some((head, result)) => (head.split(' ').next().unwrap_or(""), result),
                None => continue,
            }
        } else if let Some((head, result)) = line
            .split_once(") OK: ")
            .or_else(|| line.split_once(") OK with extra time: "))
        {
            (head.trim_start().split(' ').next().unwrap_or(""), result)
        } else if let Some((head, result)) = line.split_once(") was fully accepted: ") {
            (
                head.trim_start_matches("WARNING ")
                    .split(' ')
                    .next()
                    .unwrap_or(""),
                result,
            )
        } else {
            continue;
        };
        let mut words = result.split_whitespace();
        let verdict = words.next().unwrap_or("").to_string();
        let score = words
            .next()
            .and_then(|w| w.strip_prefix('(')?.strip_suffix(')')?.parse().ok());
        if !said.contains_key(path) {
            judged.push(path.to_string());
        }
        said.insert(path.to_string(), Said::Judged(verdict, score));
    }
    // The table's Pts, row by row, for the verdicts that print no score.
    let mut table = text
        .lines()
        .skip_while(|l| l.trim() != "Submission results:")
        .skip(1);
    if let Some(header) = table.next() {
        let pts = header.split_whitespace().position(|h| h == "Pts");
        for (row, path) in table.take(judged.len()).zip(&judged) {
            let cell = pts.and_then(|i| row.split_whitespace().nth(i));
            if let (Some(Said::Judged(_, score)), Some(cell)) = (said.get_mut(path), cell) {
                *score = score.or_else(|| cell.parse().ok());
            }
        }
    }
    Ok(said)
}

/// `bt run -B`'s report: a `accepted/x.c:   AC 0.004s @ secret/3` line per
/// judged submission, `Build submissions: y.java   Failed` (or `No language
/// detected`) for one it could not build. `Err` when it refused the package.
fn parse_bt(text: &str) -> Result<BTreeMap<String, Said>, String> {
    let mut said = BTreeMap::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("Build submissions: ") {
            if rest.ends_with("Failed") || rest.contains("No language detected") {
                let path = rest.split_whitespace().next().unwrap_or("");
                said.insert(path.to_string(), Said::NotBuilt);
            }
            continue;
        }
        let Some((path, rest)) = line.split_once(':') else {
            continue;
        };
        let words: Vec<&str> = rest.split_whitespace().collect();
        if path.contains('/')
            && !path.contains(' ')
            && words.len() >= 3
            && words[2] == "@"
            && words[1].ends_with('s')
        {
            said.insert(path.to_string(), Said::Judged(words[0].to_string(), None));
        }
    }
    if said.is_empty() {
        // The line that says why: a failed build, else bt's first line.
        let lines = || text.lines().map(str::trim).filter(|l| !l.is_empty());
        let why = lines()
            .find(|l| l.contains("Failed") || l.contains("unrecognized"))
            .or_else(|| lines().next())
            .unwrap_or("no output");
        return Err(why.to_string());
    }
    Ok(said)
}

/// A tool's stdout and stderr as plain text. bt colours its report whenever
/// `CI` or `GITLAB_CI` is set (bapctools/cli.py skips colorama's tty check
/// there), as it is on a CI runner, so colour codes are taken out before the
/// report is read.
fn report_text(out: &std::process::Output) -> String {
    let raw =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    without_colour(&raw)
}

/// `text` without ANSI CSI sequences (`ESC [` parameters, a final letter).
fn without_colour(text: &str) -> String {
    let mut plain = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\x1b' && chars.peek() == Some(&'[') {
            chars.next();
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            plain.push(c);
        }
    }
    plain
}

#[test]
fn colour_codes_are_taken_out_of_a_report() {
    let coloured =
        "\x1b[36maccepted/a.rs\x1b[0m: \x1b[32m AC 0.005s\x1b[0m \x1b[2m@ secret/1\x1b[0m";
    assert_eq!(
        without_colour(coloured),
        "accepted/a.rs:  AC 0.005s @ secret/1"
    );
}

/// The tool's report on a copy of `dir`.
fn run_tool(tool: Tool, dir: &Path) -> Result<BTreeMap<String, Said>, String> {
    let copy = tempfile::tempdir().unwrap();
    let name = dir.file_name().unwrap();
    let root = copy.path().join(name);
    for entry in walkdir::WalkDir::new(dir) {
        let entry = entry.unwrap();
        let to = root.join(entry.path().strip_prefix(dir).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&to).unwrap();
        } else {
            std::fs::copy(entry.path(), &to).unwrap();
        }
    }
    let out = match tool {
        Tool::Verifyproblem => Command::new("verifyproblem")
            .arg(&root)
            .args(["-p", "submissions"])
            .output(),
        Tool::Bt => Command::new("bt")
            .args(["run", "-B", "-G"])
            .current_dir(&root)
            .output(),
    }
    .unwrap();
    let text = report_text(&out);
    match tool {
        Tool::Verifyproblem => parse_verifyproblem(&text),
        Tool::Bt => parse_bt(&text),
    }
}

/// A verdict as the comparison sees it: memory and output limits are run-time
/// errors for the format (spec/2025-09.md "Example submissions"), PE a wrong answer.
fn normal(verdict: &str) -> &str {
    match verdict {
        "MLE" | "OLE" => "RTE",
        "PE" => "WA",
        other => other,
    }
}

/// `AC`, or `AC 60` with a score.
fn shown(verdict: &str, score: Option<f64>) -> String {
    match score {
        Some(s) => format!("{verdict} {}", s.round()),
        None => verdict.to_string(),
    }
}

/// A difference: package, submission, tool, what the tool gives, what verify gives.
type Difference = [String; 5];

/// The differences docs/conformance.md lists (its "Differences" table).
fn listed() -> Vec<Difference> {
    let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/conformance.md");
    let text = std::fs::read_to_string(&doc).unwrap();
    text.lines()
        .skip_while(|l| l.trim() != "## Differences")
        .filter(|l| l.starts_with("| ") && !l.starts_with("| package") && !l.starts_with("| ---"))
        .map(|l| {
            let cells: Vec<String> = l.split('|').map(|c| c.trim().to_string()).collect();
            [1, 2, 3, 4, 5].map(|i| cells.get(i).cloned().unwrap_or_default())
        })
        .collect()
}

/// Compares verify's JSON with what the tool said: differences, and the
/// submissions not compared with why.
fn compare(
    name: &str,
    tool: Tool,
    ours: &Value,
    theirs: &BTreeMap<String, Said>,
) -> (Vec<Difference>, Vec<String>) {
    let scoring = !ours["scoring"].is_null();
    let (mut differences, mut notes) = (Vec::new(), Vec::new());
    for sub in ours["submissions"].as_array().unwrap() {
        let path = sub["path"].as_str().unwrap();
        let Some(verdict) = sub["verdict"].as_str() else {
            notes.push(format!("{path}: verify skipped it ({})", sub["skipped"]));
            continue;
        };
        let score = if scoring { sub["score"].as_f64() } else { None };
        let (their_verdict, their_score) = match theirs.get(path) {
            None => {
                notes.push(format!("{path}: {} did not judge it", tool.name()));
                continue;
            }
            Some(Said::NotBuilt) if verdict == "CE" => continue,
            Some(Said::NotBuilt) => {
                notes.push(format!("{path}: {} could not build it", tool.name()));
                continue;
            }
            Some(Said::Judged(v, s)) => (v.as_str(), if scoring { *s } else { None }),
        };
        let scores_differ =
            matches!((score, their_score), (Some(a), Some(b)) if (a - b).abs() > 0.5);
        if normal(verdict) != normal(their_verdict) || scores_differ {
            differences.push([
                name.to_string(),
                path.to_string(),
                tool.name().to_string(),
                shown(their_verdict, their_score),
                shown(verdict, score),
            ]);
        }
    }
    (differences, notes)
}

#[test]
fn verify_agrees_with_the_reference_tools_on_the_fixture_packages() {
    if !have(&["verifyproblem", "bt", "python3", "pypy3", "gcc"]) {
        return;
    }
    let all = std::env::var("CP_GAMES_CONFORMANCE").as_deref() == Ok("all");
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/packages");
    let mut names: Vec<String> = std::fs::read_dir(&fixtures)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| all || SELECTED.contains(&n.as_str()))
        .collect();
    // The queue pops from its end: SELECTED's (slowest first) start first.
    names.sort_by_key(|n| {
        std::cmp::Reverse(SELECTED.iter().position(|s| s == n).unwrap_or(usize::MAX))
    });
    let queue = Mutex::new(names.clone());
    let found: Mutex<Vec<Difference>> = Mutex::new(Vec::new());
    let compared: Mutex<Vec<String>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..3 {
            scope.spawn(|| {
                loop {
                    // The lock is let go before the package is judged.
                    let next = queue.lock().unwrap().pop();
                    let Some(name) = next else { break };
                    let started = std::time::Instant::now();
                    let dir: PathBuf = package(&name);
                    let tool = Tool::of(&dir);
                    let theirs = run_tool(tool, &dir);
                    let out = judge()
                        .arg("verify")
                        .arg(&dir)
                        .args(["--format", "json"])
                        .output()
                        .unwrap();
                    let ours = json_of(&out.stdout);
                    let theirs = match theirs {
                        Ok(t) => t,
                        Err(why) => {
                            eprintln!(
                                "conformance: {name} not compared: {} refused it: {why}",
                                tool.name()
                            );
                            continue;
                        }
                    };
                    let (differences, notes) = compare(&name, tool, &ours, &theirs);
                    for note in notes {
                        eprintln!("conformance: {name}/{note}: not compared");
                    }
                    eprintln!(
                        "conformance: {name}: compared with {} in {:.0} s",
                        tool.name(),
                        started.elapsed().as_secs_f64()
                    );
                    found.lock().unwrap().extend(differences);
                    compared.lock().unwrap().push(name);
                }
            });
        }
    });
    let found = found.into_inner().unwrap();
    let compared = compared.into_inner().unwrap();
    let listed = listed();
    let unlisted: Vec<&Difference> = found.iter().filter(|d| !listed.contains(d)).collect();
    let stale: Vec<&Difference> = listed
        .iter()
        .filter(|l| compared.contains(&l[0]) && !found.contains(l))
        .collect();
    assert!(
        unlisted.is_empty() && stale.is_empty(),
        "differences from the reference tools not in docs/conformance.md \
         (package, submission, tool, tool gives, verify gives):\n{unlisted:#?}\n\
         listed there but not seen:\n{stale:#?}"
    );
    assert!(!compared.is_empty(), "no package was compared");
}

#[test]
fn verifyproblems_report_is_read_submission_by_submission() {
    let text = "\
Checking 4 submissions
ERROR Compile error for accepted/Ratio.java (Java):
   accepted/ratio.c (C) OK: AC (100) [CPU: 0.01s @ testcase sample/1]
ERROR wrong_answer/largest.py (Python 3 (w/PyPy3)) got AC [CPU: 0.09s @ testcase secret/2]
   partially_accepted/int32.c (C) OK: WA [CPU: 0.01s @ testcase secret/g3/1]
Submission results:
   Submission  sample       g1            Pts  Time
   ratio.c     AC(1):0.00s  AC(20):0.01s  100  0.01s
   largest.py  AC(1):0.00s  AC(20):0.00s  121  0.01s
   int32.c     AC(1):0.00s  WA            61   0.01s
";
    let said = parse_verifyproblem(text).unwrap();
    let judged = |v: &str, s: f64| Said::Judged(v.to_string(), Some(s));
    assert_eq!(said["accepted/Ratio.java"], Said::NotBuilt);
    assert_eq!(said["accepted/ratio.c"], judged("AC", 100.0));
    assert_eq!(said["wrong_answer/largest.py"], judged("AC", 121.0));
    assert_eq!(said["partially_accepted/int32.c"], judged("WA", 61.0));
    let refused = "Loading problem doubling\nERROR Failed to load problem: 1 validation error\nlimits.validation_passes\n  Unexpected keyword\n";
    assert!(
        parse_verifyproblem(refused)
            .unwrap_err()
            .contains("validation_passes")
    );
}

#[test]
fn bts_report_is_read_submission_by_submission() {
    let text = "\
Build submissions: accepted/half.java Failed
Build submissions: accepted/half.js            No language detected for half/submissions/accepted/half.js.
Run: using timelimit: 2.0s
accepted/half.c:          AC 0.005s @ secret/1
accepted/double.py: secret/1              Validator exited first with AC
run_time_error/exit3.py: RTE 0.042s @ sample/1
";
    let said = parse_bt(text).unwrap();
    assert_eq!(said["accepted/half.java"], Said::NotBuilt);
    assert_eq!(said["accepted/half.js"], Said::NotBuilt);
    assert_eq!(said["accepted/half.c"], Said::Judged("AC".into(), None));
    assert_eq!(
        said["run_time_error/exit3.py"],
        Said::Judged("RTE".into(), None)
    );
    assert!(!said.contains_key("accepted/double.py"));
    assert!(parse_bt("scores: problem.yaml: unrecognized value for `type`: scoring\n").is_err());
}

/// Runs `tool` on the package at `dir` (where it may write its build files):
/// verifyproblem's config, data, validators and submissions parts (its
/// statement part needs pdflatex), or `bt run` in the package, with a config
/// folder of its own: bt remembers every uuid it has seen in
/// `~/.config/bapctools/uuids` and warns (exiting 1) when another package with
/// the same one still exists, as any other export of ybt1218 would. The full
/// report, and whether the tool exited 0.
fn judge_package_with(tool: Tool, dir: &Path, config: &Path) -> (String, bool) {
    let mut run = match tool {
        Tool::Verifyproblem => {
            let mut c = Command::new("verifyproblem");
            c.arg(dir)
                .args(["-p", "config", "data", "validators", "submissions"]);
            c
        }
        Tool::Bt => {
            let mut c = Command::new("bt");
            c.args(["run", "-B", "-G"])
                .current_dir(dir)
                .env("XDG_CONFIG_HOME", config);
            c
        }
    };
    let out = run.output().unwrap();
    let text = report_text(&out);
    (text, out.status.success())
}

/// `cargo judge export` of ybt1218 (a solution using the contest library, a
/// validator, and known-wrong solutions that get WA and RTE): verifyproblem
/// judges the legacy export and bt the 2025-09 one, and each must load it
/// without an error and give every submission its folder's verdict, as
/// `cargo judge ybt1218` gives the solution and its known-wrong solutions.
#[test]
fn the_reference_tools_give_every_submission_of_an_export_its_verdict() {
    if !have(&["verifyproblem", "bt", "rustc"]) {
        return;
    }
    let expected = BTreeMap::from([
        ("accepted/ybt1218.rs", "AC"),
        ("wrong_answer/wa_int32.rs", "WA"),
        ("run_time_error/re_equal.rs", "RTE"),
    ]);
    for (tool, format) in [(Tool::Verifyproblem, "legacy"), (Tool::Bt, "2025-09")] {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("ybt1218");
        let started = std::time::Instant::now();
        judge()
            .args(["export", "ybt1218", "--format", format, "--out"])
            .arg(&dir)
            .assert()
            .success();
        let (text, ok) = judge_package_with(tool, &dir, &tmp.path().join("config"));
        let said = match tool {
            Tool::Verifyproblem => parse_verifyproblem(&text),
            Tool::Bt => parse_bt(&text),
        }
        .unwrap_or_else(|why| panic!("{} refused the export: {why}\n{text}", tool.name()));
        let got: BTreeMap<&str, &str> = said
            .iter()
            .map(|(path, s)| match s {
                Said::Judged(v, _) => (path.as_str(), v.as_str()),
                Said::NotBuilt => (path.as_str(), "not built"),
            })
            .collect();
        assert_eq!(got, expected, "{}:\n{text}", tool.name());
        match tool {
            // Warnings (the tolerated CRLF inputs, a lenient validator) but no
            // error, the input validator's run on every input included.
            Tool::Verifyproblem => assert!(text.contains("ybt1218 tested: 0 errors"), "{text}"),
            // bt exits 1 on any error or warning.
            Tool::Bt => assert!(ok, "bt failed:\n{text}"),
        }
        eprintln!(
            "conformance: the {format} export of ybt1218 judged by {} in {:.0} s",
            tool.name(),
            started.elapsed().as_secs_f64()
        );
    }
}

/// problemtools' default output validator, the program (`support/default_validator`
/// in its Python package, built when problemtools is installed).
fn default_validator() -> Option<PathBuf> {
    let out = Command::new("python3")
        .args([
            "-c",
            "import os, problemtools; print(os.path.join(os.path.dirname(problemtools.__file__), 'support', 'default_validator'))",
        ])
        .output()
        .ok()?;
    let path = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
    have(&[path.to_str()?]).then_some(path)
}

/// The tokens checker and Kattis' default validator read words alike: with
/// `case_sensitive = false` (`--checker tokens-any-case`) as the validator
/// without flags, and the plain tokens checker as the validator with
/// `case_sensitive`. Each pair is judged by both, side by side (the validator
/// exits 42 to accept); problemtools folds ASCII letters only (`strcasecmp` in
/// the C locale), as `judge_compare::same_token` does.
#[test]
fn the_tokens_checkers_case_rule_agrees_with_the_kattis_default_validator() {
    if !have(&["verifyproblem"]) {
        return;
    }
    let Some(validator) = default_validator() else {
        return;
    };
    let pairs = [
        ("YES\n", "yes\n"),
        ("Alice\nBob\n", "ALICE BOB\n"),
        ("possible\n", "Possible\n"),
        ("YES\n", "NO\n"),
        ("é\n", "É\n"),
        ("1e5\n", "1E5\n"),
        ("yes\n", "yes.\n"),
        ("a b\n", "A  B\n\n"),
        ("x\n", "x X\n"),
    ];
    let mut differ = Vec::new();
    for (expected, output) in pairs {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("1.in"), output).unwrap();
        std::fs::write(dir.path().join("1.out"), expected).unwrap();
        for (checker, flags) in [
            ("tokens-any-case", &[][..]),
            ("tokens", &["case_sensitive"]),
        ] {
            let feedback = tempfile::tempdir().unwrap();
            let theirs = Command::new(&validator)
                .arg(dir.path().join("1.in"))
                .arg(dir.path().join("1.out"))
                .arg(feedback.path())
                .args(flags)
                .stdin(std::fs::File::open(dir.path().join("1.in")).unwrap())
                .output()
                .unwrap()
                .status
                .code();
            let ours = judge()
                .args(["run", "--cmd", "cat", "--checker", checker])
                .arg(dir.path())
                .output()
                .unwrap()
                .status
                .code();
            let (theirs, ours) = (theirs == Some(42), ours == Some(0));
            if theirs != ours {
                differ.push(format!(
                    "{expected:?} vs {output:?} ({checker}): default validator {}, judge {}",
                    if theirs { "accepts" } else { "rejects" },
                    if ours { "accepts" } else { "rejects" },
                ));
            }
        }
    }
    assert!(differ.is_empty(), "{differ:#?}");
}
