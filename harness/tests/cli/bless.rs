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

#[test]
fn bless_runs_the_cases_side_by_side_and_reports_them_in_case_order() {
    let ws = TempWs::new(&["hdu1525"]);
    // Each brute force first waits to meet another one running at the same time
    // (through an abstract Unix socket named for this workspace), up to 15 s: with
    // -j 2 the two selected cases meet; run one after the other, the first would
    // give up, fail, and bless would refuse. No duration is measured. Isolated
    // runs cannot meet (each has its own network namespace): --no-isolation.
    let name = format!("cp-games-bless-{}", ws.path("").display());
    ws.write(
        "problems/hdu1525/src/bin/brute.rs",
        format!(
            r#"use std::os::linux::net::SocketAddrExt as _;
use std::os::unix::net::{{SocketAddr, UnixListener, UnixStream}};

fn main() {{
    let addr = SocketAddr::from_abstract_name({name:?}).unwrap();
    let met = match UnixListener::bind_addr(&addr) {{
        Ok(listener) => {{
            listener.set_nonblocking(true).unwrap();
            (0..1500).any(|_| {{
                std::thread::sleep(std::time::Duration::from_millis(10));
                listener.accept().is_ok()
            }})
        }}
        Err(_) => UnixStream::connect_addr(&addr).is_ok(),
    }};
    assert!(met, "no other brute force ran beside this one");
    contest::run(|sc, out| {{
        contest::euclid_brute::answer_lines(sc, out, b"Stan wins\n", b"Ollie wins\n")
    }});
}}
"#
        ),
    );
    let first = ws.read("testdata/hdu1525/01-sample.out");
    let second = ws.read("testdata/hdu1525/02-smallest.out");
    std::fs::remove_file(ws.path("testdata/hdu1525/01-sample.out")).unwrap();
    std::fs::remove_file(ws.path("testdata/hdu1525/02-smallest.out")).unwrap();
    let out = ws
        .judge()
        .args(["bless", "hdu1525", "-j", "2", "--no-isolation"])
        .args(["--case", "01*", "--case", "02*"])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    assert_eq!(
        String::from_utf8_lossy(&out),
        "wrote testdata/hdu1525/01-sample.out from the brute force\n\
         wrote testdata/hdu1525/02-smallest.out from the brute force\n"
    );
    assert_eq!(ws.read("testdata/hdu1525/01-sample.out"), first);
    assert_eq!(ws.read("testdata/hdu1525/02-smallest.out"), second);
}
