//! A problem's `main.rs` rewritten in the user's own style (plain std: read all of
//! stdin, split on whitespace, no contest library): the judge, stress and bless
//! still work on it, because brute forces, generators and validators stand alone,
//! and the other problems are unaffected.

use predicates::prelude::*;

use crate::support::{a_line, is_number};
use crate::tempws::TempWs;

/// Euclid's game for HDU 1525 in plain std; `>=` is the rule, `>` plants the
/// classic bug (an exact double `a == 2b` taken for a forced move).
fn plain_hdu1525(choice_at: &str) -> String {
    format!(
        r#"use std::io::{{Read, Write}};

fn main() {{
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut numbers = input.split_ascii_whitespace().map(|t| t.parse::<u64>().unwrap());
    let mut out = String::new();
    while let (Some(a), Some(b)) = (numbers.next(), numbers.next()) {{
        if a == 0 && b == 0 {{
            break;
        }}
        let (mut big, mut small, mut stan) = (a.max(b), a.min(b), true);
        while !(big == small || big - small {choice_at} small) {{
            (big, small, stan) = (small, big - small, !stan);
        }}
        out.push_str(if stan {{ "Stan wins\n" }} else {{ "Ollie wins\n" }});
    }}
    std::io::stdout().write_all(out.as_bytes()).unwrap();
}}
"#
    )
}

#[test]
fn hdu1525_rewritten_in_plain_std_is_judged_stressed_and_blessed_and_leaves_the_others_alone() {
    let ws = TempWs::new(&["hdu1525", "poj2348", "ybt1218"]);
    ws.write("problems/hdu1525/src/main.rs", plain_hdu1525(">="));
    ws.judge()
        .assert()
        .code(0)
        .stdout(predicate::str::contains("hdu1525: 19/19 AC"))
        .stdout(predicate::str::contains("poj2348: 19/19 AC"))
        .stdout(predicate::str::contains("ybt1218: 19/19 AC"));
    ws.judge()
        .args(["stress", "hdu1525", "--cases", "30"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("no difference in 30 cases"));
    let sample = ws.read("testdata/hdu1525/01-sample.out");
    std::fs::remove_file(ws.path("testdata/hdu1525/01-sample.out")).unwrap();
    ws.judge()
        .args(["bless", "hdu1525"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "wrote testdata/hdu1525/01-sample.out",
        ));
    assert_eq!(ws.read("testdata/hdu1525/01-sample.out"), sample);
}

#[test]
fn a_planted_bug_in_a_plain_std_main_rs_is_found_and_shrunk_to_one_line() {
    let ws = TempWs::new(&["hdu1525"]);
    ws.write("problems/hdu1525/src/main.rs", plain_hdu1525(">"));
    ws.judge()
        .args(["stress", "hdu1525", "--time", "60"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("FOUND on seed"))
        .stdout(a_line(|l| {
            l.split_once("shrunk ")
                .and_then(|(_, rest)| rest.split_once(" lines to 1 line"))
                .is_some_and(|(n, _)| is_number(n))
        }));
}
