//! `cargo judge import` of a Kattis package: the plain problem `new` makes,
//! with the package's input validator as the problem's validate binary (run by
//! `lint`) and an accepted submission as its brute force, green under `cargo test`.

use predicates::prelude::*;

use crate::package::package;
use crate::support::have;
use crate::tempws::TempWs;

#[test]
fn import_makes_the_plain_problem_with_the_packages_validator_and_a_reference() {
    if !have(&["g++", "python3"]) {
        return;
    }
    let ws = TempWs::new(&["poj2484"]);
    let cache = ws.path(".cache");
    ws.judge()
        .arg("import")
        .arg(package("ratio"))
        .env("CP_GAMES_CACHE", &cache)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "src/bin/validate.rs runs the package's input validators (validate.py)",
        ))
        .stdout(predicate::str::contains(
            "src/bin/brute.rs runs submissions/accepted/ratio.cpp",
        ));
    // The plain template's files, tests/solution.rs among them.
    for file in [
        "tests/solution.rs",
        "src/bin/gen.rs",
        "src/bin/brute.rs",
        "src/bin/validate.rs",
        "build.rs",
    ] {
        assert!(
            ws.path(&format!("problems/ratio/{file}")).is_file(),
            "{file}"
        );
    }
    assert_eq!(
        ws.read("problems/ratio/src/main.rs"),
        std::fs::read_to_string(package("ratio/submissions/accepted/ratio.rs")).unwrap()
    );
    // lint runs the package's validator on every input: all 7 pass.
    ws.judge()
        .args(["lint", "ratio"])
        .env("CP_GAMES_CACHE", &cache)
        .assert()
        .success()
        .stdout(predicate::str::contains("7 inputs validated"));
    // An input out of its range (|b| <= 1000) is rejected by it, with its words.
    ws.write("testdata/ratio/zz-big.in", "1 5000\n");
    ws.write("testdata/ratio/zz-big.out", "0.0002\n");
    ws.judge()
        .args(["lint", "ratio"])
        .env("CP_GAMES_CACHE", &cache)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "zz-big.in: rejected by ratio-validate: exit 1: out of range: 1 5000",
        ));
    std::fs::remove_file(ws.path("testdata/ratio/zz-big.in")).unwrap();
    std::fs::remove_file(ws.path("testdata/ratio/zz-big.out")).unwrap();
    // The brute force is the package's C++ submission: its answer to the sample.
    let built = ws.cargo_test(&["-p", "ratio", "--no-run"]);
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let brute = crate::tempws::outer_root().join("target/tempws-test/debug/ratio-brute");
    let out = std::process::Command::new(&brute)
        .stdin(std::fs::File::open(package("ratio/data/sample/1.in")).unwrap())
        .output()
        .unwrap();
    let answer = String::from_utf8_lossy(&out.stdout);
    assert_eq!(answer, "0.3333333\nPositive\n");
    let tests = ws.cargo_test(&["-p", "ratio"]);
    let said = String::from_utf8_lossy(&tests.stdout);
    assert!(
        tests.status.success(),
        "{said}\n{}",
        String::from_utf8_lossy(&tests.stderr)
    );
    assert!(said.contains("not written yet: src/bin/gen.rs"), "{said}");
}
