//! `--checked` (overflow checks and debug assertions in their own profile) for
//! `cargo judge`, `run` on a workspace problem's source and `stress`; and `run
//! FILE DIR`, a source compiled once and judged.

use std::time::SystemTime;

use predicates::prelude::*;

use crate::scaffold::theatre_square;
use crate::support::{a_line, have};
use crate::tempws::TempWs;

/// A workspace with the plain problem cf1a, its sample and a case whose answer
/// (10^18) overflows `u32`, and a solution with integers of type `int`.
fn theatre(int: &str) -> TempWs {
    let ws = TempWs::new(&["poj2484"]);
    ws.judge().args(["new", "cf1a"]).assert().code(0);
    ws.write("testdata/cf1a/01-sample.in", "6 6 4\n");
    ws.write("testdata/cf1a/01-sample.out", "4\n");
    ws.write("testdata/cf1a/02-big.in", "1000000000 1000000000 1\n");
    ws.write("testdata/cf1a/02-big.out", "1000000000000000000\n");
    ws.write("problems/cf1a/src/main.rs", theatre_square(int));
    ws
}

/// `judge run FILE testdata/cf1a` in `ws`, building into `cache`.
fn run_file(ws: &TempWs, cache: &std::path::Path, file: &str) -> assert_cmd::assert::Assert {
    ws.judge()
        .env("CP_GAMES_CACHE", cache)
        .args(["run", file, "testdata/cf1a"])
        .assert()
}

fn modified(path: &std::path::Path) -> SystemTime {
    std::fs::metadata(path).unwrap().modified().unwrap()
}

#[test]
fn checked_judges_a_u32_overflow_re_with_the_panic_message_leaving_release_untouched() {
    let ws = theatre("u32");
    // Release: the product wraps silently, a wrong answer.
    ws.judge()
        .arg("cf1a")
        .assert()
        .code(1)
        .stdout(a_line(|l| l.starts_with("WA  cf1a/02-big")));
    let release = ws.built("cf1a");
    let before = modified(&release);
    ws.judge()
        .args(["cf1a", "--checked"])
        .assert()
        .code(1)
        .stdout(a_line(|l| l.starts_with("RE  cf1a/02-big")))
        .stdout(predicate::str::contains(
            "attempt to multiply with overflow",
        ));
    assert_eq!(modified(&release), before, "the release binary was rebuilt");
    // The same through `run` on the workspace problem's source.
    ws.judge()
        .args([
            "run",
            "problems/cf1a/src/main.rs",
            "testdata/cf1a",
            "--checked",
        ])
        .assert()
        .code(1)
        .stdout(a_line(|l| l.starts_with("RE  cf1a/02-big")))
        .stdout(predicate::str::contains("overflow"));
    // Fixed, it is AC both ways.
    ws.write("problems/cf1a/src/main.rs", theatre_square("u64"));
    ws.judge()
        .args(["cf1a", "--checked"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("cf1a: 2/2 AC"));
}

/// A brute force and a generator for cf1a, as a user writes them.
fn write_oracles(ws: &TempWs) {
    ws.write(
        "problems/cf1a/src/bin/brute.rs",
        r#"use std::io::Read;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u128> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();
    let tiles = |len: u128| (1..).find(|k| k * v[2] >= len).unwrap();
    println!("{}", tiles(v[0]) * tiles(v[1]));
}
"#,
    );
    ws.write(
        "problems/cf1a/src/bin/gen.rs",
        r#"use std::io::Write;
use contest::{args::GenArgs, rng::Rng};
fn main() {
    let args = GenArgs::from_env(1, 1_000_000_000);
    let mut rng = Rng::new(args.seed);
    contest::run(|_, out| {
        let [n, m] = [(); 2].map(|_| rng.range(1, args.max.max(1)));
        writeln!(out, "{n} {m} 1")?;
        Ok(())
    });
}
"#,
    );
}

#[test]
fn stress_checked_finds_the_overflow_the_default_inputs_miss_and_says_how_to_widen() {
    let ws = theatre("u32");
    write_oracles(&ws);
    // The default inputs (values up to 50) never reach the overflow: stress says
    // which arguments it used and how to widen them.
    ws.judge()
        .args(["stress", "cf1a", "--cases", "20"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("no difference in 20 cases"))
        .stdout(predicate::str::contains(
            "the inputs were `cf1a-gen --seed S --lines 10 --max 50`; larger ones: --max V",
        ))
        .stdout(predicate::str::contains("--checked"));
    ws.judge()
        .args([
            "stress",
            "cf1a",
            "--checked",
            "--max",
            "100000",
            "--cases",
            "200",
        ])
        .args(["--no-shrink"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("the solution failed with RE"))
        .stdout(predicate::str::contains("overflow"));
}

#[test]
fn run_compiles_a_source_once_by_content_and_judges_it() {
    if !have(&["g++", "gcc"]) {
        return;
    }
    let ws = theatre("u64");
    let cache = tempfile::tempdir().unwrap();
    let builds = || {
        std::fs::read_dir(cache.path().join("builds"))
            .map(|d| d.count())
            .unwrap_or(0)
    };
    let cpp = "#include <cstdio>\nint main() { long long n, m, a; scanf(\"%lld %lld %lld\", &n, &m, &a);\n\
               printf(\"%lld\\n\", ((n + a - 1) / a) * ((m + a - 1) / a)); }\n";
    ws.write("sol.cpp", cpp);
    for _ in 0..2 {
        run_file(&ws, cache.path(), "sol.cpp")
            .code(0)
            .stdout(predicate::str::contains("cf1a: 2/2 AC"));
    }
    assert_eq!(builds(), 1, "the second run compiled again");
    ws.write("sol.cpp", cpp.replace("long long", "int"));
    run_file(&ws, cache.path(), "sol.cpp")
        .code(1)
        .stdout(a_line(|l| l.starts_with("WA  cf1a/02-big")));
    assert_eq!(builds(), 2, "a changed source is compiled anew");
    ws.write("bad.c", "int main( {\n");
    run_file(&ws, cache.path(), "bad.c")
        .code(1)
        .stdout(a_line(|l| l.starts_with("CE  bad.c")));
    ws.write("notes.txt", "6 6 4\n");
    ws.judge()
        .args(["run", "notes.txt", "testdata/cf1a"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "notes.txt: not a source file of a known language",
        ));
}

#[test]
fn run_compiles_the_users_own_source_with_headers_from_anywhere() {
    // Your own file, your own compiler: unlike a package's submission, it sees
    // your library beside the folder it is in.
    if !have(&["g++"]) {
        return;
    }
    let ws = theatre("u64");
    let cache = tempfile::tempdir().unwrap();
    ws.write(
        "lib/area.h",
        "long long area(long long n, long long m, long long a) {\n\
         return ((n + a - 1) / a) * ((m + a - 1) / a); }\n",
    );
    ws.write(
        "mine/sol.cpp",
        "#include <cstdio>\n#include \"../lib/area.h\"\nint main() { long long n, m, a;\n\
         scanf(\"%lld %lld %lld\", &n, &m, &a); printf(\"%lld\\n\", area(n, m, a)); }\n",
    );
    run_file(&ws, cache.path(), "mine/sol.cpp")
        .code(0)
        .stdout(predicate::str::contains("cf1a: 2/2 AC"));
}

#[test]
fn run_refuses_a_cmd_that_is_not_executable_before_any_case() {
    let ws = theatre("u64");
    ws.write("sol.py", "print(4)\n");
    ws.judge()
        .args(["run", "--cmd", "./sol.py", "testdata/cf1a"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "cannot run --cmd \"./sol.py\": ./sol.py is not executable (chmod +x ./sol.py, \
             or run it through python3: --cmd \"python3 ./sol.py\")",
        ));
    ws.judge()
        .args(["run", "--cmd", "./gone", "testdata/cf1a"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("program \"./gone\" not found"));
    ws.judge()
        .args(["run", "testdata/cf1a"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("give a source FILE"));
}
