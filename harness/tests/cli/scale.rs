//! `cargo judge scale`: sizes grown from a problem's generator (`--n`), the
//! release solution timed in the sandbox, a model fitted and a verdict at the
//! largest size; JSON with the documented keys and a drawing with a mark per
//! measured size.

use std::io::Write as _;

use predicates::prelude::*;

use crate::support::{a_line, json_of};
use crate::tempws::TempWs;

/// A generator of `n` numbers, as the plain template's doc comment shows it.
const GENERATOR: &str = r#"use std::io::Write;
use contest::{args::GenArgs, rng::Rng};
fn main() {
    let args = GenArgs::from_env(1, 1_000_000_000);
    let mut rng = Rng::new(args.seed);
    let n = args.n.unwrap_or(10);
    contest::run(|_, out| {
        writeln!(out, "{n}")?;
        for _ in 0..n {
            write!(out, "{} ", rng.range(1, args.max.max(1)))?;
        }
        writeln!(out)?;
        Ok(())
    });
}
"#;

/// The sum of the `n` numbers: linear.
const LINEAR: &str = r#"use std::io::Write;
fn main() {
    contest::run(|sc, out| {
        let n: usize = sc.read(["n"])?[0] as usize;
        let mut sum: u64 = 0;
        for _ in 0..n {
            sum = sum.wrapping_add(sc.read(["a"])?[0]);
        }
        writeln!(out, "{sum}")?;
        Ok(())
    });
}
"#;

/// The same sum the slow way: each number compared with every other one
/// (counting the numbers it equals), quadratic.
const QUADRATIC: &str = r#"use std::io::Write;
fn main() {
    contest::run(|sc, out| {
        let n: usize = sc.read(["n"])?[0] as usize;
        let mut v = Vec::with_capacity(n);
        for _ in 0..n {
            v.push(sc.read(["a"])?[0]);
        }
        let mut sum: u64 = 0;
        for i in 0..n {
            let mut equal = 0u64;
            for j in 0..n {
                equal += u64::from(v[j] ^ (j as u64) == v[i] ^ (i as u64));
            }
            sum = sum.wrapping_add(v[i] * equal.min(1));
        }
        writeln!(out, "{sum}")?;
        Ok(())
    });
}
"#;

/// A workspace with problem `sum`: the linear solution, the quadratic brute
/// force, the generator, a 1 s limit and `[scale] max_n`.
fn sum(max_n: u64) -> TempWs {
    let ws = TempWs::new(&["poj2484"]);
    ws.judge()
        .args(["new", "sum", "--time-limit", "1"])
        .assert()
        .code(0);
    ws.write("problems/sum/src/main.rs", LINEAR);
    ws.write("problems/sum/src/bin/brute.rs", QUADRATIC);
    ws.write("problems/sum/src/bin/gen.rs", GENERATOR);
    let mut toml = std::fs::OpenOptions::new()
        .append(true)
        .open(ws.path("testdata/sum/problem.toml"))
        .unwrap();
    write!(toml, "\n[scale]\nmax_n = {max_n}\n").unwrap();
    ws
}

#[test]
fn a_linear_solution_fits_and_a_quadratic_brute_force_is_too_slow_at_max_n() {
    let ws = sum(1_000_000);
    let out = ws
        .judge()
        .args(["scale", "sum", "--against", "brute", "--time", "30"])
        .args(["--format", "json"])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let doc = json_of(&out);
    assert_eq!(doc["problem"], "sum");
    assert_eq!(doc["size_flag"], "--n");
    assert_eq!(doc["time_limit"], 1.0);
    assert_eq!(doc["verdict"], "fits", "{doc:#}");
    assert_eq!(doc["prediction"]["n"], 1_000_000);
    let points = doc["points"].as_array().unwrap();
    assert_eq!(points.first().unwrap()["n"], 1000);
    assert_eq!(doc["against"]["program"], "sum-brute");
    assert_eq!(doc["against"]["verdict"], "tle", "{doc:#}");
    // The brute force stopped (past 3x the limit, or out of budget) long before
    // the solution did: the budget goes to the cheap sizes first.
    let brute = doc["against"]["points"].as_array().unwrap();
    let last = |p: &[serde_json::Value]| p.last().unwrap()["n"].as_u64().unwrap();
    assert!(
        last(brute) < 200_000 && last(brute) < last(points),
        "{doc:#}"
    );
    let drawing = ws.read("target/scale/sum.svg");
    assert_eq!(
        drawing.matches("<circle class=\"point\"").count(),
        points.len() + brute.len()
    );
    assert!(drawing.contains("<line class=\"limit\""));
}

#[test]
fn the_human_report_has_the_table_the_plot_and_the_conclusion() {
    let ws = sum(200_000);
    ws.judge()
        .args(["scale", "sum", "--from", "50000", "--time", "5"])
        .assert()
        .stdout(a_line(|l| l.trim_start().starts_with("200,000 ")))
        .stdout(a_line(|l| l.trim_start().starts_with("limit |-")))
        .stdout(a_line(|l| {
            l.contains(" at n = 200,000 against 1 s and ") && l.contains(": fits, ")
        }))
        .stdout(predicate::str::contains("target/scale/sum.svg"));
}

#[test]
fn without_max_n_the_largest_size_is_asked_for() {
    let ws = TempWs::new(&["poj2484"]);
    ws.judge()
        .args(["scale", "poj2484"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "error: --to N is needed: testdata/poj2484/problem.toml sets no [scale] max_n",
        ));
}

#[test]
fn a_generator_not_written_yet_is_named() {
    let ws = TempWs::new(&["poj2484"]);
    ws.judge().args(["new", "fresh"]).assert().code(0);
    ws.judge()
        .args(["scale", "fresh", "--to", "1000"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cannot scale fresh: its generator is not written yet",
        ));
}

#[test]
fn any_command_scales_with_its_own_generator() {
    let ws = TempWs::new(&["poj2484"]);
    // `seq`-like output of n lines, and `wc -l` to count them: linear, in sh.
    ws.write(
        "gen.sh",
        "shift; shift; shift; i=0; while [ $i -lt $1 ]; do echo $i; i=$((i+1)); done\n",
    );
    ws.judge()
        .args(["scale", "--cmd", "wc -l", "--gen", "sh gen.sh"])
        .args(["--to", "2000", "--time", "3", "--format", "json"])
        .assert()
        .stdout(predicate::str::contains("\"problem\": \"wc\""))
        .stdout(predicate::str::contains("\"n\": 2000"));
}

#[test]
fn a_generator_that_ignores_the_size_is_an_error_not_a_fit() {
    let ws = TempWs::new(&["poj2484"]);
    // A stress generator: its input depends on --seed only. Timed at every size,
    // one five-number input would look constant time and "fit" at any n.
    ws.write("gen.sh", "echo 5; echo \"$2 1 2 3 4\"\n");
    ws.judge()
        .args(["scale", "--cmd", "wc -w", "--gen", "sh gen.sh"])
        .args(["--to", "100000", "--time", "5"])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("fits").not())
        .stderr(predicate::str::contains(
            "the generator wrote the same input for `--seed 1 --n 1000` and `--seed 1 --n 1414`: \
             it ignores --n",
        ))
        .stderr(predicate::str::contains(
            "or name the flag it sizes its input by with --arg (--arg lines for --lines N)",
        ));
}
