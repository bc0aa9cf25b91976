//! `cargo judge stress`: finds a planted bug and shrinks it; reports crashes as such.

use predicates::prelude::*;

use crate::tempws::TempWs;

/// hdu1525 with `a >= 2b` written as `a > 2b`: wrong exactly when `a == 2b`.
fn planted_off_by_one() -> TempWs {
    let ws = TempWs::new(&["hdu1525"]);
    ws.edit(
        "library/src/euclid.rs",
        "if rest == 0 || rest >= small {",
        "if rest == 0 || rest > small {",
    );
    ws
}

#[test]
fn stress_finds_a_planted_bug_shrinks_it_to_one_line_and_saves_it() {
    let ws = planted_off_by_one();
    let out = ws
        .judge()
        .args(["stress", "hdu1525", "--time", "60", "--save"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("FOUND on seed"))
        .stdout(predicate::str::contains(
            "differs from the brute force's: WA",
        ))
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    let seed: u64 = out
        .split("FOUND on seed ")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .and_then(|s| s.parse().ok())
        .expect("the seed is printed");
    let minimal = out
        .split("minimal input (seed ")
        .nth(1)
        .expect("the minimal input is printed");
    let lines: Vec<&str> = minimal
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with("    "))
        .collect();
    assert_eq!(lines.len(), 1, "not shrunk to one line:\n{out}");
    let v: Vec<u64> = lines[0]
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    assert!(
        v.len() == 2 && (v[0] == 2 * v[1] || v[1] == 2 * v[0]) && v.iter().max() <= Some(&2),
        "the minimal failing pair is (1, 2) in some order:\n{out}"
    );
    let saved = ws.read(&format!("testdata/hdu1525/stress-{seed}.in"));
    assert_eq!(saved, format!("{}\n", lines[0].trim()));
    assert_eq!(
        ws.read(&format!("testdata/hdu1525/stress-{seed}.out")),
        "Stan wins\n",
        "the saved .out comes from the brute force"
    );
}

#[test]
fn stress_reports_a_crash_as_re_and_a_clean_run_as_ok() {
    let ws = TempWs::new(&["hdu1525"]);
    ws.judge()
        .args(["stress", "hdu1525", "--cases", "30"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "no difference in 30 cases (seeds 1..=30)",
        ));
    ws.edit(
        "library/src/euclid.rs",
        "let mut mover_wins = true;",
        "let mut mover_wins = true;\n    assert!(big % 17 != 0, \"planted crash\");",
    );
    ws.judge()
        .args(["stress", "hdu1525", "--time", "60"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("the solution failed with RE"))
        .stdout(predicate::str::contains("planted crash"))
        .stdout(predicate::str::contains("shrunk"));
}
