//! `cargo judge stress`: finds a planted bug and shrinks it; reports crashes as such.

use predicates::prelude::*;

use crate::support::found_seed;
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
    let seed = found_seed(&out);
    let out = String::from_utf8(out).unwrap();
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
    assert!(
        !out.contains("no validator checked"),
        "hdu1525's validator checked every smaller input:\n{out}"
    );
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

/// Shared by the count-format problems below: a seeded generator honouring
/// `--seed --lines --max` (splitmix64), reading its options by position.
const GEN_HEAD: &str = r#"fn main() {
    let args: Vec<String> = std::env::args().collect();
    let opt = |name: &str| -> u64 {
        let i = args.iter().position(|a| a == name).expect("option given");
        args[i + 1].parse().expect("a number")
    };
    let (mut seed, lines, max) = (opt("--seed"), opt("--lines"), opt("--max"));
    let mut next = move || {
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
"#;

/// A brute force that reads every number of stdin and checks the count itself,
/// declining (`error: ...`, exit 1) an input whose count does not match.
const BRUTE_HEAD: &str = r#"use std::io::Read;
fn fail(msg: &str) -> ! {
    eprintln!("error: {msg}");
    std::process::exit(1)
}
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s
        .split_whitespace()
        .map(|t| t.parse().unwrap_or_else(|_| fail("not a number")))
        .collect();
"#;

/// Adds a std-only problem `name` with the three programs.
fn write_problem(ws: &TempWs, name: &str, main: &str, brute: &str, generator: &str) {
    ws.write(
        &format!("problems/{name}/Cargo.toml"),
        format!(
            "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
             [[bin]]\nname = \"{name}\"\npath = \"src/main.rs\"\n\n\
             [[bin]]\nname = \"{name}-brute\"\npath = \"src/bin/brute.rs\"\n\n\
             [[bin]]\nname = \"{name}-gen\"\npath = \"src/bin/gen.rs\"\n"
        ),
    );
    ws.write(&format!("problems/{name}/src/main.rs"), main);
    ws.write(
        &format!("problems/{name}/src/bin/brute.rs"),
        format!("{BRUTE_HEAD}{brute}"),
    );
    ws.write(
        &format!("problems/{name}/src/bin/gen.rs"),
        format!("{GEN_HEAD}{generator}"),
    );
    ws.write(&format!("testdata/{name}/problem.toml"), "");
}

/// The minimal input stress printed.
fn minimal_input(out: &str) -> Vec<String> {
    let minimal = out
        .split("minimal input (seed ")
        .nth(1)
        .unwrap_or_else(|| panic!("no minimal input in:\n{out}"));
    minimal
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with("    "))
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn stress_shrinks_t_cases_to_a_count_of_one_and_the_failing_case() {
    let ws = TempWs::new(&[]);
    // `T`, then T lines `a b`; print a + b. The planted bug: sums above 60.
    write_problem(
        &ws,
        "tcases",
        r#"use std::io::Read;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();
    for c in v[1..].chunks(2).take(v[0] as usize) {
        let sum = c[0] + c[1];
        println!("{}", if sum > 60 { sum + 1 } else { sum });
    }
}
"#,
        r#"    if v.first().is_none_or(|&t| v.len() as u64 != 2 * t + 1) {
        fail("expected T and then T pairs");
    }
    for c in v[1..].chunks(2) {
        println!("{}", c[0] + c[1]);
    }
}
"#,
        r#"    let t = lines.max(2) - 1;
    println!("{t}");
    for _ in 0..t {
        println!("{} {}", next() % (max + 1), next() % (max + 1));
    }
}
"#,
    );
    let out = ws
        .judge()
        .args(["stress", "tcases", "--time", "60"])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    // tcases has no validator: the report says the minimal input is unchecked.
    assert!(out.contains("shrunk 10 lines to 2 lines"), "{out}");
    assert!(
        out.contains("no validator checked the smaller inputs, so the minimal one may break"),
        "{out}"
    );
    let lines = minimal_input(&out);
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(
        lines[0], "1",
        "the count is lowered to the one case left:\n{out}"
    );
    let pair: Vec<u64> = lines[1].split(' ').map(|t| t.parse().unwrap()).collect();
    assert_eq!(
        pair.iter().sum::<u64>(),
        61,
        "the smallest failing sum:\n{out}"
    );
}

#[test]
fn stress_shrinks_a_count_prefixed_list_to_the_failing_value() {
    let ws = TempWs::new(&[]);
    // `X K`, then K sizes on any lines; print X plus the sizes. The planted bug:
    // a size of 40 or more.
    write_problem(
        &ws,
        "klist",
        r#"use std::io::Read;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();
    let sizes = &v[2..2 + v[1] as usize];
    let bug = u64::from(sizes.iter().any(|&a| a >= 40));
    println!("{}", v[0] + sizes.iter().sum::<u64>() + bug);
}
"#,
        r#"    if v.len() < 2 || v.len() as u64 != v[1] + 2 {
        fail("expected X K and then K sizes");
    }
    println!("{}", v[0] + v[2..].iter().sum::<u64>());
}
"#,
        r#"    let k = 1 + next() % 8;
    println!("{} {k}", next() % (max + 1));
    let rows = (lines.max(2) - 1).min(k);
    let sizes: Vec<String> = (0..k).map(|_| (1 + next() % max).to_string()).collect();
    for r in 0..rows {
        let (a, b) = ((r * k / rows) as usize, ((r + 1) * k / rows) as usize);
        println!("{}", sizes[a..b].join(" "));
    }
}
"#,
    );
    let out = ws
        .judge()
        .args(["stress", "klist", "--time", "60"])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    let tokens: Vec<String> = minimal_input(&out)
        .iter()
        .flat_map(|l| l.split(' ').map(str::to_string).collect::<Vec<_>>())
        .collect();
    assert_eq!(
        tokens,
        ["0", "1", "40"],
        "K lowered to the one size left:\n{out}"
    );
}

#[test]
fn parallel_stress_reports_the_smallest_failing_seed_and_it_reproduces() {
    // Wrong only in positions whose smaller number is 7: some seeds pass.
    let ws = TempWs::new(&["hdu1525"]);
    ws.edit(
        "library/src/euclid.rs",
        "if rest == 0 || rest >= small {",
        "if rest == 0 || rest >= small || small == 7 {",
    );
    let run = |extra: &[&str]| {
        ws.judge()
            .args(["stress", "hdu1525", "--no-shrink"])
            .args(extra)
            .assert()
            .code(1)
            .get_output()
            .stdout
            .clone()
    };
    let sequential = found_seed(&run(&["--cases", "400", "-j", "1"]));
    let parallel = found_seed(&run(&["--cases", "400", "-j", "4"]));
    assert_eq!(parallel, sequential, "-j 4 and -j 1 disagree");
    assert!(
        sequential > 1,
        "seed 1 already fails: the test shows nothing"
    );
    let again = found_seed(&run(&["--seed", &sequential.to_string(), "--cases", "1"]));
    assert_eq!(again, sequential);
    // Smallest: every seed before it passes.
    ws.judge()
        .args(["stress", "hdu1525", "--cases"])
        .arg((sequential - 1).to_string())
        .assert()
        .code(0);
}

/// A problem whose input is its seed: the solution is wrong on seed 3 only and the
/// generator fails on seed 4 only.
fn seed_is_input(ws: &TempWs) {
    write_problem(
        ws,
        "seedy",
        r#"fn main() {
    let mut s = String::new();
    std::io::stdin().read_line(&mut s).unwrap();
    let n: u64 = s.trim().parse().unwrap();
    println!("{}", if n == 3 { 0 } else { n });
}
"#,
        "    println!(\"{}\", v[0]);\n}\n",
        r#"    let _ = (lines, max, &mut next);
    if seed == 4 {
        eprintln!("error: seed 4 is broken");
        std::process::exit(1);
    }
    println!("{seed}");
}
"#,
    );
}

/// `spaced`: the solution prints the seed twice on one line, the brute force
/// once per line: the same tokens, other whitespace.
fn spaced(ws: &TempWs) {
    write_problem(
        ws,
        "spaced",
        r#"fn main() {
    let mut s = String::new();
    std::io::stdin().read_line(&mut s).unwrap();
    println!("{0} {0}", s.trim());
}
"#,
        "    println!(\"{0}\\n{0}\", v[0]);\n}\n",
        "    let _ = (lines, max, &mut next);\n    println!(\"{seed}\");\n}\n",
    );
}

#[test]
fn stress_names_its_checker_and_says_when_it_is_the_default_of_a_missing_problem_toml() {
    let ws = TempWs::new(&[]);
    spaced(&ws);
    // No testdata folder (a crate made by hand, the folder removed): exact, said.
    std::fs::remove_dir_all(ws.path("testdata/spaced")).unwrap();
    ws.judge()
        .args(["stress", "spaced", "--cases", "3", "--no-shrink"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "checker: exact, the default: there is no testdata/spaced/problem.toml",
        ))
        .stdout(predicate::str::contains("PE"));
    ws.write("testdata/spaced/problem.toml", "checker = \"tokens\"\n");
    ws.judge()
        .args(["stress", "spaced", "--cases", "3"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "checker: tokens (from testdata/spaced/problem.toml)",
        ));
}

#[test]
fn a_generator_failing_after_the_first_failing_seed_does_not_hide_it() {
    // Seed 4's generator runs beside seed 3's two sides; its failure must not
    // win over the failure already found on a smaller seed.
    let ws = TempWs::new(&[]);
    seed_is_input(&ws);
    let out = ws
        .judge()
        .args(["stress", "seedy", "--no-shrink", "--cases", "10", "-j", "1"])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    assert_eq!(found_seed(&out), 3);
}

#[test]
fn a_generator_failing_before_any_difference_is_an_error_naming_its_seed() {
    let ws = TempWs::new(&[]);
    seed_is_input(&ws);
    ws.judge()
        .args(["stress", "seedy", "--seed", "4", "--cases", "10", "-j", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the generator failed on `--seed 4",
        ))
        .stderr(predicate::str::contains("seed 4 is broken"));
}

/// (ELF type, has a `PT_INTERP` header) of an x86_64/aarch64 executable.
fn elf_kind(exe: &std::path::Path) -> (u16, bool) {
    let b = std::fs::read(exe).unwrap();
    assert_eq!(&b[..4], b"\x7fELF", "{} is no ELF file", exe.display());
    let u16_at = |i: usize| u16::from_le_bytes([b[i], b[i + 1]]);
    let phoff = u64::from_le_bytes(b[0x20..0x28].try_into().unwrap()) as usize;
    let (size, count) = (u16_at(0x36) as usize, u16_at(0x38) as usize);
    let interp = (0..count).any(|i| {
        let at = phoff + i * size;
        u32::from_le_bytes(b[at..at + 4].try_into().unwrap()) == 3 // PT_INTERP
    });
    (u16_at(0x10), interp)
}

/// Whether `cc` finds glibc's static library, the judge's condition for static builds.
fn static_libc_installed() -> bool {
    let out = std::process::Command::new("cc")
        .arg("-print-file-name=libc.a")
        .output();
    let found = out.is_ok_and(|o| {
        std::path::Path::new(String::from_utf8_lossy(&o.stdout).trim()).is_absolute()
    });
    found || crate::support::skip("no static libc.a for cc, the judge builds dynamically here")
}

#[test]
fn the_programs_stress_runs_are_linked_statically_and_not_as_pie() {
    if !cfg!(all(
        target_os = "linux",
        target_env = "gnu",
        target_arch = "x86_64"
    )) || !static_libc_installed()
    {
        return;
    }
    let ws = TempWs::new(&["hdu1525"]);
    ws.judge()
        .args(["stress", "hdu1525", "--cases", "3"])
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .assert()
        .code(0);
    for exe in ["hdu1525", "hdu1525-brute", "hdu1525-gen"] {
        let path = ws.path(&format!("target/x86_64-unknown-linux-gnu/release/{exe}"));
        // ET_EXEC (2), not ET_DYN: no relocation at start-up; no interpreter: no ld.so.
        assert_eq!(elf_kind(&path), (2, false), "{exe}");
    }
}

/// `pairs`: T, then T pairs `a b`; prints each sum, wrong above 60.
fn sums_with_a_planted_bug(ws: &TempWs) {
    write_problem(
        ws,
        "pairs",
        r#"use std::io::Read;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<u64> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();
    for c in v[1..].chunks(2).take(v[0] as usize) {
        let sum = c[0] + c[1];
        println!("{}", if sum > 60 { sum + 1 } else { sum });
    }
}
"#,
        r#"    if v.first().is_none_or(|&t| v.len() as u64 != 2 * t + 1) {
        fail("expected T and then T pairs");
    }
    for c in v[1..].chunks(2) {
        println!("{}", c[0] + c[1]);
    }
}
"#,
        r#"    let t = lines.max(2) - 1;
    println!("{t}");
    for _ in 0..t {
        println!("{} {}", next() % (max + 1), next() % (max + 1));
    }
}
"#,
    );
}

#[test]
fn stress_save_refuses_to_start_when_the_validator_is_not_written_yet() {
    let ws = TempWs::new(&["poj2484"]);
    ws.judge().args(["new", "cf1a"]).assert().code(0);
    ws.judge()
        .args(["stress", "cf1a", "--save"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "stress --save would save an input no validator checked: \
             problems/cf1a/src/bin/validate.rs is not written yet",
        ))
        .stderr(predicate::str::contains("--unchecked"));
}

#[test]
fn stress_save_refuses_to_start_for_a_problem_without_a_validator() {
    let ws = TempWs::new(&[]);
    sums_with_a_planted_bug(&ws);
    ws.judge()
        .args(["stress", "pairs", "--save"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "problem pairs has no validator (src/bin/validate.rs",
        ));
    assert!(!ws.path("testdata/pairs/stress-1.in").exists());
}

#[test]
fn stress_save_unchecked_saves_and_says_the_input_is_unchecked() {
    let ws = TempWs::new(&[]);
    sums_with_a_planted_bug(&ws);
    let out = ws
        .judge()
        .args(["stress", "pairs", "--time", "60", "--save", "--unchecked"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "(expected output from the brute force; the input is unchecked: no validator)",
        ))
        .get_output()
        .stdout
        .clone();
    let seed = found_seed(&out);
    assert!(
        ws.path(&format!("testdata/pairs/stress-{seed}.in"))
            .is_file()
    );
}

#[test]
fn stress_save_refuses_an_input_its_validator_rejects() {
    let ws = TempWs::new(&[]);
    sums_with_a_planted_bug(&ws);
    // A validator that rejects every input: the generator's own is saved unshrunk.
    ws.edit(
        "problems/pairs/Cargo.toml",
        "[[bin]]\nname = \"pairs-gen\"",
        "[[bin]]\nname = \"pairs-validate\"\npath = \"src/bin/validate.rs\"\n\n[[bin]]\nname = \"pairs-gen\"",
    );
    ws.write(
        "problems/pairs/src/bin/validate.rs",
        "fn main() {\n    println!(\"error: line 1: T is above its bound\");\n    std::process::exit(1);\n}\n",
    );
    let out = ws
        .judge()
        .args(["stress", "pairs", "--time", "60", "--save", "--no-shrink"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "not saved: the validator rejects the input",
        ))
        .get_output()
        .stdout
        .clone();
    let seed = found_seed(&out);
    assert!(
        !ws.path(&format!("testdata/pairs/stress-{seed}.in"))
            .exists()
    );
}

#[test]
fn stress_that_tested_no_input_is_no_pass() {
    let ws = TempWs::new(&["hdu1525"]);
    ws.judge()
        .args(["stress", "hdu1525", "--cases", "0"])
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "nothing compared: no input was tested",
        ));
}

#[test]
fn a_difference_an_external_checker_finds_shows_what_the_checker_said() {
    let ws = TempWs::new(&[]);
    seed_is_input(&ws);
    ws.write(
        "testdata/seedy/check.sh",
        "cmp -s \"$2\" \"$3\" || { echo 'not the number asked for' >&2; exit 1; }\n",
    );
    ws.write(
        "testdata/seedy/problem.toml",
        "checker = \"command\"\nchecker_command = \"sh check.sh\"\n",
    );
    ws.judge()
        .args(["stress", "seedy", "--no-shrink", "--cases", "3", "-j", "1"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "the checker said: not the number asked for",
        ));
}

/// seedy (the input is the seed; the solution is wrong on 3) judged by `check.sh`.
fn seedy_checked_by(ws: &TempWs, check: &str) {
    seed_is_input(ws);
    ws.write("testdata/seedy/check.sh", check);
    ws.write(
        "testdata/seedy/problem.toml",
        "checker = \"command\"\nchecker_command = \"sh check.sh\"\n",
    );
}

#[test]
fn a_checker_crashing_on_a_shrunk_input_leaves_it_out_and_keeps_the_input_found() {
    // The checker reads the statement's inputs only: the shrunk ones (0, 1, 2)
    // crash it, as a Rust checker's unwrap crashes on a count with nothing after it.
    let ws = TempWs::new(&[]);
    seedy_checked_by(
        &ws,
        "[ \"$(cat \"$1\")\" = 3 ] || kill -SEGV $$\ncmp -s \"$2\" \"$3\" || exit 1\n",
    );
    let out = ws
        .judge()
        .args(["stress", "seedy", "--seed", "3", "--cases", "1", "-j", "1"])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert_eq!(minimal_input(&out), ["3"], "{out}");
}

#[test]
fn a_checker_failing_on_a_generated_input_is_an_error_naming_its_seed() {
    let ws = TempWs::new(&[]);
    seedy_checked_by(&ws, "echo 'cannot read the answer' >&2\nexit 3\n");
    ws.judge()
        .args(["stress", "seedy", "--seed", "2", "--cases", "1", "-j", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "error: on seed 2: checker `sh check.sh` failed (exit 3): cannot read the answer",
        ));
}

#[test]
fn a_shrunk_input_whose_every_answer_the_checker_rejects_is_not_kept() {
    // The checker refuses any answer below 3, the statement's bound that no
    // validator states: a shrunk 0, 1 or 2 shows no bug of the solution.
    let ws = TempWs::new(&[]);
    seedy_checked_by(
        &ws,
        "[ \"$(cat \"$1\")\" -ge 3 ] || { echo 'n is below 3' >&2; exit 1; }\n\
         cmp -s \"$2\" \"$3\" || exit 1\n",
    );
    let out = ws
        .judge()
        .args(["stress", "seedy", "--seed", "3", "--cases", "1", "-j", "1"])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert_eq!(minimal_input(&out), ["3"], "{out}");
    assert!(!out.contains("n is below 3"), "{out}");
}

#[test]
fn a_crash_is_shrunk_to_an_input_crashing_at_the_same_place_not_at_another() {
    // `T`, then T numbers; the solution crashes on a 7 (the bug), and also on a
    // number missing after `T` (no bug: the statement promises T of them), which
    // the brute force, summing what is there, does not mind.
    let ws = TempWs::new(&[]);
    write_problem(
        &ws,
        "sevens",
        r#"fn main() {
    let mut s = String::new();
    std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).unwrap();
    let mut it = s.split_whitespace().map(|t| t.parse::<u64>().unwrap());
    let t = it.next().unwrap_or(0);
    let mut sum = 0;
    for _ in 0..t {
        let v = it.next().expect("a number is missing");
        assert_ne!(v, 7, "the planted bug");
        sum += v;
    }
    println!("{sum}");
}
"#,
        "    println!(\"{}\", v.iter().skip(1).sum::<u64>());\n}\n",
        r#"    let _ = lines;
    println!("12");
    for i in 0..12u64 {
        println!("{}", if seed == 1 && i == 9 { 7 } else { 10 + next() % max });
    }
}
"#,
    );
    let out = ws
        .judge()
        .args(["stress", "sevens", "--cases", "1", "-j", "1"])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("the planted bug"), "{out}");
    assert!(!out.contains("a number is missing"), "{out}");
    assert_eq!(minimal_input(&out), ["1", "7"], "{out}");
}
