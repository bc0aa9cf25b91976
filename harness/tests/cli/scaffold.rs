//! `cargo judge new`: scaffolds a problem that builds and is judged at once; refuses
//! taken and invalid names without writing anything.

use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;

use crate::tempws::TempWs;

/// Every file under the workspace copy except target/, with its content.
fn snapshot(ws: &TempWs) -> Vec<(String, Vec<u8>)> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<(String, Vec<u8>)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path == root.join("target") {
                continue;
            }
            let rel = path.strip_prefix(root).unwrap().display().to_string();
            if path.is_dir() {
                out.push((rel + "/", Vec::new()));
                walk(&path, root, out);
            } else {
                out.push((rel, std::fs::read(&path).unwrap()));
            }
        }
    }
    let root = ws.path("");
    let mut files = Vec::new();
    walk(&root, &root, &mut files);
    files.sort();
    files
}

#[test]
fn new_scaffolds_a_problem_that_builds_and_is_judged_at_once() {
    let ws = TempWs::new(&["poj2484"]);
    ws.judge()
        .args(["new", "my-game", "--game", "--title", "Take \"One\" or Two"])
        .args(["--source", "POJ 9999", "--time-limit", "1.5"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("created problems/my-game/"))
        .stdout(predicate::str::contains("created testdata/my-game/"))
        .stdout(predicate::str::contains("src/bin/validate.rs"))
        .stdout(predicate::str::contains("cargo judge stress my-game"));
    let toml = ws.read("testdata/my-game/problem.toml");
    assert!(toml.contains(r#"title = 'Take "One" or Two'"#), "{toml}");
    assert!(
        toml.contains("time_limit = 1.5\nmemory_limit = 256\n"),
        "{toml}"
    );
    assert!(toml.contains("judge = \"POJ\"\nid = \"9999\""), "{toml}");
    // The placeholder game's own sample, reasoned: n = 3 and 6 are multiples of 3.
    assert_eq!(ws.read("testdata/my-game/01-sample.in"), "4\n1\n2\n3\n6\n");
    assert_eq!(
        ws.read("testdata/my-game/01-sample.out"),
        "First\nFirst\nSecond\nSecond\n"
    );
    assert!(
        ws.read("problems/my-game/Cargo.toml")
            .contains("name = \"my-game-validate\"\npath = \"src/bin/validate.rs\"")
    );
    let leftovers = snapshot(&ws)
        .into_iter()
        .filter(|(p, _)| p.starts_with(".judge-new"))
        .count();
    assert_eq!(leftovers, 0, "the staging folder is removed");
    // A user's `pub fn` needs no doc comment: building it says nothing about docs.
    ws.edit(
        "problems/my-game/src/main.rs",
        "/// Placeholder: the first player wins",
        "// Placeholder: the first player wins",
    );
    ws.edit(
        "problems/my-game/src/main.rs",
        "\n/// a non-multiple",
        "\n// a non-multiple",
    );
    ws.edit(
        "problems/my-game/src/main.rs",
        "\n/// leaves a non-multiple",
        "\n// leaves a non-multiple",
    );
    ws.judge()
        .arg("my-game")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("my-game: 1/1 AC"))
        .stderr(predicate::str::contains("missing documentation").not())
        .stderr(predicate::str::contains("warning").not());
    let main = ws.read("problems/my-game/src/main.rs");
    assert!(main.lines().count() <= 40, "main.rs is tiny:\n{main}");
    for file in [
        "src/main.rs",
        "src/bin/brute.rs",
        "src/bin/gen.rs",
        "src/bin/validate.rs",
        "tests/solution.rs",
    ] {
        let text = ws.read(&format!("problems/my-game/{file}"));
        assert!(!text.contains("#[path"), "{file} reaches into another file");
    }
}

/// The placeholder rule in plain std, as a user would write it: read all of stdin,
/// split on whitespace; `wrong_at` plants a bug.
fn plain_std_main(wrong_at: Option<u64>) -> String {
    let bug = wrong_at.map_or(String::new(), |n| format!(" && n != {n}"));
    format!(
        r#"use std::io::{{Read, Write}};

fn main() {{
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut numbers = input.split_ascii_whitespace().map(|t| t.parse::<u64>().unwrap());
    let mut out = String::new();
    for _ in 0..numbers.next().unwrap_or(0) {{
        let n = numbers.next().unwrap();
        out.push_str(if n % 3 != 0{bug} {{ "First\n" }} else {{ "Second\n" }});
    }}
    std::io::stdout().write_all(out.as_bytes()).unwrap();
}}
"#
    )
}

#[test]
fn a_scaffolded_problem_keeps_working_when_main_rs_is_rewritten_in_plain_std() {
    let ws = TempWs::new(&["poj2484"]);
    ws.judge()
        .args(["new", "my-game", "--game"])
        .assert()
        .code(0);
    ws.write("testdata/my-game/01-sample.in", "3\n1\n2\n3\n");
    ws.write("testdata/my-game/01-sample.out", "");
    ws.write("problems/my-game/src/main.rs", plain_std_main(None));
    // An empty .out is filled like a missing one: no --force needed.
    ws.judge()
        .args(["bless", "my-game"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "wrote testdata/my-game/01-sample.out from the brute force",
        ));
    assert_eq!(
        ws.read("testdata/my-game/01-sample.out"),
        "First\nFirst\nSecond\n"
    );
    ws.judge()
        .arg("my-game")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("my-game: 1/1 AC"));
    ws.judge()
        .args(["stress", "my-game", "--cases", "30"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("no difference in 30 cases"));
    // The other problem is untouched by the rewrite.
    ws.judge()
        .arg("poj2484")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("poj2484: 19/19 AC"));
    // A planted bug in the user's own style is found by stress.
    ws.write("problems/my-game/src/main.rs", plain_std_main(Some(4)));
    ws.judge()
        .args(["stress", "my-game", "--time", "60"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("FOUND on seed"))
        .stdout(predicate::str::contains(
            "the solution's output differs from the brute force's: WA",
        ));
}

/// Codeforces 1A, "Theatre Square", in plain std as a contestant writes it: the
/// answer is a product up to 10^18, so `u32` overflows (a planted bug).
pub fn theatre_square(int: &str) -> String {
    format!(
        r#"use std::io::Read;
fn main() {{
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<{int}> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();
    let (n, m, a) = (v[0], v[1], v[2]);
    println!("{{}}", ((n + a - 1) / a) * ((m + a - 1) / a));
}}
"#
    )
}

#[test]
fn new_scaffolds_a_plain_problem_green_with_only_main_rs_written() {
    let ws = TempWs::new(&["poj2484"]);
    ws.judge()
        .args(["new", "cf1a", "--title", "Theatre Square"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("cargo test -p cf1a"));
    let manifest = ws.read("problems/cf1a/Cargo.toml");
    assert!(
        manifest.contains("description = \"Theatre Square\"\n"),
        "{manifest}"
    );
    let main = ws.read("problems/cf1a/src/main.rs");
    assert!(main.contains("contest::run"), "{main}");
    assert!(main.lines().count() <= 30, "main.rs is tiny:\n{main}");
    for file in ["src/main.rs", "Cargo.toml", "tests/solution.rs"] {
        let text = ws.read(&format!("problems/cf1a/{file}")).to_lowercase();
        assert!(!text.contains("game"), "{file} speaks of games:\n{text}");
    }
    // No case yet: nothing to judge, which is no pass.
    assert!(!ws.path("testdata/cf1a/01-sample.in").exists());
    ws.judge()
        .arg("cf1a")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "nothing to judge: testdata/cf1a/ has no test cases",
        ));
    ws.write("testdata/cf1a/01-sample.in", "6 6 4\n");
    ws.write("testdata/cf1a/01-sample.out", "4\n");
    ws.write("problems/cf1a/src/main.rs", theatre_square("u64"));
    ws.judge()
        .arg("cf1a")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("cf1a: 1/1 AC"));
    // Stress names each missing program and what it is for.
    ws.judge()
        .args(["stress", "cf1a"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cannot stress cf1a: not written yet: the generator (problems/cf1a/src/bin/gen.rs",
        ))
        .stderr(predicate::str::contains(
            "and the brute force (problems/cf1a/src/bin/brute.rs",
        ));
    // cargo test: the sample passes, the unwritten brute force is a visible skip.
    let out = ws.cargo_test(&["-p", "cf1a"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = |start: &str, end: &str| {
        stdout
            .lines()
            .any(|l| l.starts_with(start) && l.ends_with(end))
    };
    assert!(line("test testdata::01-sample ", "... ok"), "{stdout}");
    assert!(
        line(
            "test agrees_with_the_brute_force_on_generated_inputs ",
            "ignored (not written yet: src/bin/gen.rs, src/bin/brute.rs)"
        ),
        "{stdout}"
    );
}

#[test]
fn a_case_whose_input_and_output_are_both_empty_is_an_error_not_an_ac() {
    // The empty pair an older `new` made: the placeholder prints nothing on no
    // input, so judging it would be a green "1/1 AC" with nothing tested.
    let ws = TempWs::new(&["poj2484"]);
    ws.judge().args(["new", "cf1a"]).assert().code(0);
    ws.write("testdata/cf1a/01-sample.in", "");
    ws.write("testdata/cf1a/01-sample.out", "");
    // A pasted blank line tests no more.
    ws.write("testdata/cf1a/02-blank.in", "\n");
    ws.write("testdata/cf1a/02-blank.out", " \r\n");
    ws.judge()
        .arg("cf1a")
        .assert()
        .code(2)
        .stdout(predicate::str::contains("AC").not())
        .stderr(predicate::str::contains(
            "testdata/cf1a/01-sample.in and testdata/cf1a/01-sample.out are both empty \
             (whitespace at most): the case tests nothing (`cargo judge add cf1a --name \
             01-sample` fills it",
        ))
        .stderr(predicate::str::contains(
            "testdata/cf1a/02-blank.in and testdata/cf1a/02-blank.out are both empty",
        ));
}

#[test]
fn the_plain_skeleton_reads_negative_numbers_and_its_bundle_compiles_alone() {
    let ws = TempWs::new(&["poj2484"]);
    ws.judge().args(["new", "sums"]).assert().code(0);
    // The skeleton's placeholder prints the sum: -1 + 5 - 7 = -3.
    ws.write("testdata/sums/01-sample.in", "-1 5\n-7\n");
    ws.write("testdata/sums/01-sample.out", "-3\n");
    ws.judge()
        .arg("sums")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("sums: 1/1 AC"));
    // The library's signed reading bundles inline and compiles alone with rustc.
    ws.judge()
        .args(["bundle", "sums", "--check"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "ok: rustc --edition 2021 -O compiles it without a warning",
        ));
    ws.judge()
        .args(["sums", "--bundled"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("sums: 1/1 AC"));
}

/// A grid problem's solution through the scanner: `n m`, then `n` rows of `.`
/// and `#`; prints each row's count of `#` and the row itself.
const GRID: &str = r#"use std::io::Write;

fn main() {
    contest::run(|sc, out| {
        let [n, _m] = sc.read(["n", "m"])?;
        for _ in 0..n {
            let row = sc.bytes("a row")?;
            let text = String::from_utf8_lossy(&row);
            writeln!(out, "{} {text}", row.iter().filter(|&&c| c == b'#').count())?;
        }
        Ok(())
    });
}
"#;

#[test]
fn a_grid_problem_reads_its_rows_whole_through_the_scanner_and_its_bundle_compiles_alone() {
    let ws = TempWs::new(&["poj2484"]);
    ws.judge().args(["new", "grid"]).assert().code(0);
    // Rows longer than the 24 bytes a token's text keeps for messages, and digits.
    let (long, digits) = ("#.".repeat(20), "0010");
    ws.write(
        "testdata/grid/01-sample.in",
        format!("2 40\r\n{long}\r\n{digits}\r\n"),
    );
    ws.write(
        "testdata/grid/01-sample.out",
        format!("20 {long}\n0 {digits}\n"),
    );
    ws.write("problems/grid/src/main.rs", GRID);
    ws.judge()
        .arg("grid")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("grid: 1/1 AC"));
    ws.judge().args(["bundle", "grid"]).assert().code(0);
    // As a judge compiles it, the oldest edition a judge still offers too.
    for edition in ["2018", "2021"] {
        let exe = ws.path(&format!("grid-{edition}"));
        let out = std::process::Command::new("rustc")
            .args(["--edition", edition, "-o"])
            .arg(&exe)
            .arg(ws.path("target/bundle/grid.rs"))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && stderr.is_empty(),
            "{edition}: {stderr}"
        );
        Command::new(&exe)
            .pipe_stdin(ws.path("testdata/grid/01-sample.in"))
            .unwrap()
            .assert()
            .success()
            .stdout(ws.read("testdata/grid/01-sample.out"));
    }
}

#[test]
fn new_refuses_a_taken_name_naming_the_folder_and_writes_nothing() {
    let ws = TempWs::new(&["poj2484"]);
    ws.write("testdata/lonely/1.in", "1\n");
    let before = snapshot(&ws);
    ws.judge()
        .args(["new", "poj2484"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("problems/poj2484 already exists"));
    ws.judge()
        .args(["new", "lonely"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("testdata/lonely already exists"));
    ws.judge()
        .args(["new", "poj2484-brute"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "it would clash with the binary poj2484-brute of poj2484",
        ));
    assert!(snapshot(&ws) == before, "the workspace changed");
}

#[test]
fn new_refuses_an_invalid_name_and_writes_nothing() {
    let ws = TempWs::new(&["poj2484"]);
    let before = snapshot(&ws);
    for (name, why) in [
        ("My-Game", "must start with a lowercase letter"),
        ("2fast", "must start with a lowercase letter"),
        ("a.b", "'.' is not allowed"),
        ("fn", "Rust keyword"),
        ("stress", "is a subcommand"),
    ] {
        ws.judge()
            .args(["new", name])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(why));
    }
    assert!(snapshot(&ws) == before, "the workspace changed");
}

#[test]
fn new_interactive_scaffolds_a_problem_judged_against_its_interactor_at_once() {
    let ws = TempWs::new(&["poj2484"]);
    ws.judge()
        .args(["new", "my-talk", "--interactive"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("src/bin/interactor.rs"))
        .stdout(predicate::str::contains("cargo judge stress my-talk"));
    let toml = ws.read("testdata/my-talk/problem.toml");
    assert!(
        toml.contains("type = \"interactive\"\ninteractor = \"my-talk-interactor\"\n"),
        "{toml}"
    );
    // A neutral placeholder (guess the number), not a game to rewrite.
    for file in [
        "src/main.rs",
        "src/bin/interactor.rs",
        "src/bin/gen.rs",
        "Cargo.toml",
    ] {
        let text = ws.read(&format!("problems/my-talk/{file}")).to_lowercase();
        assert!(
            !text.contains("game") && !text.contains("stone"),
            "{file}:\n{text}"
        );
    }
    // Its report names the placeholder's case for what it is, not a sample.
    ws.judge().args(["my-talk", "-v"]).assert().code(0).stdout(
        predicate::str::contains("1/1 AC  slowest ")
            .and(predicate::str::contains(" (01-placeholder), max "))
            .and(predicate::str::contains("> ? 5"))
            .and(predicate::str::contains("> ! 7")),
    );
    ws.judge()
        .args(["stress", "my-talk", "--cases", "3"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("ok: accepted on all 3 inputs"))
        .stdout(predicate::str::contains(
            "answer files: from `my-talk-gen --answer INPUT`",
        ));
    // The generator's answer mode agrees with the sample's answer file, so what
    // `stress --save` writes is a case like the ones the template ships.
    Command::new(ws.built("my-talk-gen"))
        .arg("--answer")
        .arg(ws.path("testdata/my-talk/01-placeholder.in"))
        .assert()
        .code(0)
        .stdout(ws.read("testdata/my-talk/01-placeholder.out"));
}

/// A checker for "print any permutation of 1..=n", in plain std as a contestant
/// writes it: `CHECK input output expected`, exit 0 AC, 1 WA.
const PERMUTATION_CHECK: &str = r#"fn main() {
    let a: Vec<String> = std::env::args().collect();
    let n: usize = std::fs::read_to_string(&a[1]).unwrap().trim().parse().unwrap();
    let out = std::fs::read_to_string(&a[2]).unwrap();
    let mut v: Vec<usize> = out.split_whitespace().filter_map(|t| t.parse().ok()).collect();
    v.sort();
    if v != (1..=n).collect::<Vec<_>>() {
        eprintln!("not a permutation of 1..={n}");
        std::process::exit(1);
    }
}
"#;

/// A solution printing `range` (formatted into `for x in RANGE`).
fn printing(range: &str) -> String {
    format!(
        "fn main() {{\n    let mut s = String::new();\n    std::io::stdin().read_line(&mut s).unwrap();\n    \
         let n: usize = s.trim().parse().unwrap();\n    \
         let v: Vec<String> = ({range}).map(|x| x.to_string()).collect();\n    println!(\"{{}}\", v.join(\" \"));\n}}\n"
    )
}

/// `new perm` ("print any permutation of 1..=n") with its checker binary declared
/// and problem.toml's commented recipe for it uncommented as it stands.
fn permutation_problem(ws: &TempWs) {
    ws.judge().args(["new", "perm"]).assert().code(0);
    ws.write("testdata/perm/01-sample.in", "3\n");
    ws.write("testdata/perm/01-sample.out", "1 2 3\n");
    ws.write("problems/perm/src/bin/check.rs", PERMUTATION_CHECK);
    let manifest = ws.read("problems/perm/Cargo.toml");
    ws.write(
        "problems/perm/Cargo.toml",
        manifest + "\n[[bin]]\nname = \"perm-check\"\npath = \"src/bin/check.rs\"\ntest = false\n",
    );
    // What the generated problem.toml says to write, uncommented as it stands.
    let toml = ws.read("testdata/perm/problem.toml");
    let recipe: Vec<&str> = toml
        .lines()
        .filter_map(|l| l.strip_prefix("#   "))
        .collect();
    assert_eq!(recipe.len(), 3, "{toml}");
    let toml = toml.replace("checker = \"exact\"\n", &(recipe.join("\n") + "\n"));
    ws.write("testdata/perm/problem.toml", toml);
}

#[test]
fn a_problem_with_any_valid_answer_is_judged_by_the_checker_its_problem_toml_describes() {
    let ws = TempWs::new(&["poj2484"]);
    permutation_problem(&ws);
    // Another valid answer than the sample's is AC, an invalid one WA.
    ws.write("problems/perm/src/main.rs", printing("(1..=n).rev()"));
    ws.judge()
        .arg("perm")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("perm: 1/1 AC"));
    ws.write("problems/perm/src/main.rs", printing("0..n"));
    ws.judge()
        .arg("perm")
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "the checker said: not a permutation of 1..=3",
        ));
}

#[test]
fn cargo_test_leaves_a_brute_force_with_another_valid_answer_to_stress_and_its_checker() {
    let ws = TempWs::new(&["poj2484"]);
    permutation_problem(&ws);
    // The brute force prints 1..=n, the solution n..=1: both valid, never equal.
    ws.write("problems/perm/src/main.rs", printing("(1..=n).rev()"));
    ws.write("problems/perm/src/bin/brute.rs", printing("1..=n"));
    ws.write(
        "problems/perm/src/bin/gen.rs",
        "fn main() {\n    let seed: u64 = std::env::args().nth(2).unwrap().parse().unwrap();\n    \
         println!(\"{}\", seed % 5 + 2);\n}\n",
    );
    ws.judge()
        .args(["stress", "perm", "--cases", "3", "-j", "1"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("ok: no difference in 3 cases"));
    let out = ws.cargo_test(&["-p", "perm", "--test", "solution"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "two valid answers are no failure:\n{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.lines().any(|l| {
            l.starts_with("test agrees_with_the_brute_force_on_generated_inputs ")
                && l.ends_with("ignored (checker = \"command\": `cargo judge stress perm` compares through it)")
        }),
        "{stdout}"
    );
}

/// A program printing `n / 3` (n read from stdin) with `digits` decimals.
fn thirds(digits: usize) -> String {
    format!(
        "fn main() {{\n    let mut s = String::new();\n    std::io::stdin().read_line(&mut s).unwrap();\n    \
         let n: f64 = s.trim().parse().unwrap();\n    println!(\"{{:.{digits}}}\", n / 3.0);\n}}\n"
    )
}

#[test]
fn cargo_test_compares_a_float_answer_within_the_tolerance_problem_toml_gives() {
    let ws = TempWs::new(&["poj2484"]);
    ws.judge().args(["new", "third"]).assert().code(0);
    let toml = ws.read("testdata/third/problem.toml");
    ws.write(
        "testdata/third/problem.toml",
        toml.replace("checker = \"exact\"", "checker = \"float\""),
    );
    ws.write("testdata/third/01-sample.in", "1\n");
    ws.write("testdata/third/01-sample.out", "0.333333333333\n");
    // The solution, the brute force and the sample differ in digits, not beyond 1e-6.
    ws.write("problems/third/src/main.rs", thirds(9));
    ws.write("problems/third/src/bin/brute.rs", thirds(7));
    ws.write(
        "problems/third/src/bin/gen.rs",
        "fn main() {\n    println!(\"{}\", std::env::args().nth(2).unwrap());\n}\n",
    );
    sample_and_brute_force_pass(&ws, "third");
    // Three decimals are beyond the tolerance: both fail.
    ws.write("problems/third/src/main.rs", thirds(3));
    let out = ws.cargo_test(&["-p", "third", "--test", "solution"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{stdout}");
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("test testdata::01-sample ") && l.ends_with("... FAILED")),
        "{stdout}"
    );
}

/// `cargo test -p NAME --test solution` passes, with its sample case and the
/// comparison with the brute force each run, not ignored.
fn sample_and_brute_force_pass(ws: &TempWs, name: &str) {
    let out = ws.cargo_test(&["-p", name, "--test", "solution"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    for test in [
        "testdata::01-sample",
        "agrees_with_the_brute_force_on_generated_inputs",
    ] {
        assert!(
            stdout
                .lines()
                .any(|l| l.starts_with(&format!("test {test} ")) && l.ends_with("... ok")),
            "{test} is run, not ignored:\n{stdout}"
        );
    }
}

/// A program printing `yes` or `no` in `case`: whether the number read is even.
fn even(case: &str) -> String {
    let (yes, no) = match case {
        "upper" => ("YES", "NO"),
        _ => ("yes", "no"),
    };
    format!(
        "fn main() {{\n    let mut s = String::new();\n    std::io::stdin().read_line(&mut s).unwrap();\n    \
         let n: u64 = s.trim().parse().unwrap();\n    println!(\"{{}}\", if n % 2 == 0 {{ \"{yes}\" }} else {{ \"{no}\" }});\n}}\n"
    )
}

#[test]
fn cargo_test_compares_words_in_any_case_when_problem_toml_says_case_sensitive_false() {
    let ws = TempWs::new(&["poj2484"]);
    ws.judge().args(["new", "even"]).assert().code(0);
    let toml = ws.read("testdata/even/problem.toml");
    ws.write(
        "testdata/even/problem.toml",
        toml.replace(
            "checker = \"exact\"",
            "checker = \"tokens\"\ncase_sensitive = false",
        ),
    );
    ws.write("testdata/even/01-sample.in", "4\n");
    ws.write("testdata/even/01-sample.out", "Yes\n");
    ws.write("problems/even/src/main.rs", even("lower"));
    ws.write("problems/even/src/bin/brute.rs", even("upper"));
    ws.write(
        "problems/even/src/bin/gen.rs",
        "fn main() {\n    println!(\"{}\", std::env::args().nth(2).unwrap());\n}\n",
    );
    sample_and_brute_force_pass(&ws, "even");
    // `cargo judge` agrees; and where case counts, both fail.
    ws.judge().arg("even").assert().code(0);
    ws.write(
        "testdata/even/problem.toml",
        ws.read("testdata/even/problem.toml")
            .replace("case_sensitive = false", "case_sensitive = true"),
    );
    let out = ws.cargo_test(&["-p", "even", "--test", "solution"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{stdout}");
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("test testdata::01-sample ") && l.ends_with("... FAILED")),
        "{stdout}"
    );
    ws.judge().arg("even").assert().code(1);
}

#[test]
fn cargo_test_runs_the_unit_tests_a_contestant_writes_in_the_solution_and_its_modules() {
    let ws = TempWs::new(&["poj2484"]);
    ws.judge().args(["new", "units"]).assert().code(0);
    ws.write(
        "problems/units/src/main.rs",
        "mod parity;\n\nfn main() {\n    println!(\"{}\", parity::even(4));\n}\n\n\
         #[test]\nfn main_rs_test_that_fails() {\n    assert!(parity::even(3), \"the test in main.rs ran\");\n}\n",
    );
    ws.write(
        "problems/units/src/parity.rs",
        "pub fn even(x: u32) -> bool {\n    x % 2 == 0\n}\n\n\
         #[cfg(test)]\nmod tests {\n    #[test]\n    fn module_test_that_passes() {\n        assert!(super::even(2));\n    }\n}\n",
    );
    let out = ws.cargo_test(&["-p", "units"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        !out.status.success(),
        "a failing #[test] fails cargo test:\n{stdout}"
    );
    assert!(
        stdout.contains("test main_rs_test_that_fails ... FAILED"),
        "{stdout}"
    );
    assert!(
        stdout.contains("test parity::tests::module_test_that_passes ... ok"),
        "{stdout}"
    );
}
