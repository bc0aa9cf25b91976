//! `cargo judge bless`: fills in, rewrites with --force and a diff, refuses on disagreement.

use predicates::prelude::*;

use crate::tempws::TempWs;

#[test]
fn bless_fills_missing_outputs_rewrites_only_with_force_and_refuses_disagreement() {
    let ws = TempWs::new(&["hdu1525"]);
    let sample = ws.read("testdata/hdu1525/01-sample.out");
    std::fs::remove_file(ws.path("testdata/hdu1525/01-sample.out")).unwrap();
    ws.write("testdata/hdu1525/02-smallest.out", "Ollie wins\n");
    ws.judge()
        .args(["bless", "hdu1525"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "wrote testdata/hdu1525/01-sample.out from the brute force",
        ));
    assert_eq!(ws.read("testdata/hdu1525/01-sample.out"), sample);
    assert_eq!(
        ws.read("testdata/hdu1525/02-smallest.out"),
        "Ollie wins\n",
        "an existing .out is kept without --force"
    );
    ws.judge()
        .args(["bless", "hdu1525", "--force", "--case", "02*"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "rewrote testdata/hdu1525/02-smallest.out",
        ))
        .stdout(predicate::str::contains("(- old, + new)"))
        .stdout(predicate::str::contains("expected").not())
        .stdout(predicate::str::contains("-     1 Ollie wins"))
        .stdout(predicate::str::contains("+     1 Stan wins"));
    assert_eq!(ws.read("testdata/hdu1525/02-smallest.out"), "Stan wins\n");

    // A solution that is wrong at a == 2b disagrees with the brute force on the
    // exact-multiples case: nothing is written and the case is named.
    ws.edit(
        "library/src/euclid.rs",
        "if rest == 0 || rest >= small {",
        "if rest == 0 || rest > small {",
    );
    std::fs::remove_file(ws.path("testdata/hdu1525/04-exact-multiples.out")).unwrap();
    ws.judge()
        .args(["bless", "hdu1525"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "refused 04-exact-multiples: the brute force and the solution disagree:\n    \
             line 1, column 1: expected \"Stan\", found \"Ollie\"\n    (- brute force, + solution)\n",
        ))
        .stdout(predicate::str::contains("nothing written"));
    assert!(!ws.path("testdata/hdu1525/04-exact-multiples.out").exists());
}

#[test]
fn bless_refuses_an_input_the_validator_rejects_and_writes_nothing() {
    let ws = TempWs::new(&["hdu1525"]);
    std::fs::remove_file(ws.path("testdata/hdu1525/01-sample.out")).unwrap();
    // Zero is outside the statement (positive numbers), yet the brute force and
    // the solution would agree on some answer for it.
    ws.write("testdata/hdu1525/40-zero.in", "5 0\n0 0\n");
    ws.judge()
        .args(["bless", "hdu1525"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "refused testdata/hdu1525/40-zero.in: rejected by hdu1525-validate (exit 1: \
             error: line 1: expected a positive number, found \"0\")",
        ))
        .stdout(predicate::str::contains("nothing written"))
        .stdout(predicate::str::contains("wrote").not());
    assert!(!ws.path("testdata/hdu1525/40-zero.out").exists());
    assert!(!ws.path("testdata/hdu1525/01-sample.out").exists());
}
