//! `cargo judge bundle` and `cargo judge --bundled` on a throwaway workspace with a
//! tiny library that follows the library contract and a solution that uses part of
//! it, so the bundler is tested whatever shape the real library has.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use predicates::prelude::*;

/// A workspace: `library/` (package `contest`), `problems/sum/` using it, and
/// `testdata/sum/`.
struct LibWs {
    dir: tempfile::TempDir,
}

const LIB_RS: &str = "//! A tiny contest library.\n\
pub mod scan;\n\
/// Output.\n\
pub mod out;\n\
pub mod unused;\n\
pub use out::Out;\n\
\n\
#[cfg(test)]\n\
mod tests {\n    #[test]\n    fn nothing() {}\n}\n";

const SCAN_RS: &str = r#"//! Reads whitespace-separated numbers.

use std::io::Read;

/// All numbers of stdin, or which token is not one.
pub fn numbers() -> Result<Vec<u64>, String> {
    let mut s = String::new();
    std::io::stdin()
        .read_to_string(&mut s)
        .map_err(|e| e.to_string())?;
    s.split_ascii_whitespace()
        .map(|t| t.parse().map_err(|_| format!("expected a number, found \"{t}\"")))
        .collect()
}

#[cfg(test)]
mod tests {
    /// Test-only docs.
    #[test]
    fn reads() {
        let _ = super::numbers;
    }
}
"#;

const OUT_RS: &str = r#"//! Buffered output and the `main` wrapper.

use std::io::Write;

/// Buffered stdout.
pub struct Out(std::io::BufWriter<std::io::Stdout>);

impl Out {
    /// Writes `v` and a newline.
    pub fn line(&mut self, v: impl std::fmt::Display) {
        let _ = writeln!(self.0, "{v}");
    }
}

/// Reads every number of stdin and hands them to `solve`; a bad token is
/// `error: ...` on stderr and exit 1.
pub fn run(solve: impl FnOnce(&[u64], &mut Out)) {
    let mut out = Out(std::io::BufWriter::new(std::io::stdout()));
    match super::scan::numbers() {
        Ok(v) => solve(&v, &mut out),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
    let _ = out.0.flush();
}
"#;

const UNUSED_RS: &str = "//! Nobody uses this.\n\n/// Never called.\npub fn never_bundled() {}\n";

const MAIN_RS: &str = r#"//! Prints the sum of each pair of numbers.

use contest::Out;

fn main() {
    contest::out::run(|numbers: &[u64], out: &mut Out| {
        for pair in numbers.chunks(2) {
            out.line(pair.iter().sum::<u64>());
        }
    });
}
"#;

impl LibWs {
    fn new() -> LibWs {
        let ws = LibWs {
            dir: tempfile::tempdir().unwrap(),
        };
        ws.write(
            "Cargo.toml",
            "[workspace]\nmembers = [\"library\", \"problems/*\"]\nresolver = \"2\"\n",
        );
        ws.write(
            "library/Cargo.toml",
            "[package]\nname = \"contest\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
        );
        ws.write("library/src/lib.rs", LIB_RS);
        ws.write("library/src/scan.rs", SCAN_RS);
        ws.write("library/src/out.rs", OUT_RS);
        ws.write("library/src/unused.rs", UNUSED_RS);
        ws.problem("sum", MAIN_RS);
        ws
    }

    /// Adds `problems/NAME` (depending on the library) and testdata for it.
    fn problem(&self, name: &str, main: &str) {
        self.write(
            &format!("problems/{name}/Cargo.toml"),
            &format!(
                "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
                 [dependencies]\ncontest = {{ path = \"../../library\" }}\n"
            ),
        );
        self.write(&format!("problems/{name}/src/main.rs"), main);
        self.write(&format!("testdata/{name}/1.in"), "1 2\n3 4\n");
        self.write(&format!("testdata/{name}/1.out"), "3\n7\n");
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    fn write(&self, rel: &str, text: &str) {
        let path = self.path(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn edit(&self, rel: &str, from: &str, to: &str) {
        let text = std::fs::read_to_string(self.path(rel)).unwrap();
        assert!(text.contains(from), "{rel} does not contain {from:?}");
        self.write(rel, &text.replacen(from, to, 1));
    }

    fn bundle_text(&self, name: &str) -> String {
        std::fs::read_to_string(self.path(&format!("target/bundle/{name}.rs"))).unwrap()
    }

    fn judge(&self) -> Command {
        let mut c = Command::cargo_bin("judge").unwrap();
        c.current_dir(self.dir.path())
            .env("CARGO_TARGET_DIR", self.path("target"))
            .env("CARGO_NET_OFFLINE", "true")
            .env("NO_COLOR", "1")
            .timeout(std::time::Duration::from_secs(120));
        c
    }

    /// `judge bundle sum` must refuse, naming `file:line` and saying `why`.
    #[track_caller]
    fn refuses(&self, file_line: &str, why: &str) {
        self.judge()
            .args(["bundle", "sum"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "error: cannot bundle sum: {file_line}: {why}"
            )));
        assert!(
            !self.path("target/bundle/sum.rs").exists(),
            "nothing written"
        );
    }
}

/// The library part of a bundle: everything after main.rs.
fn library_part(bundle: &str) -> &str {
    bundle
        .strip_prefix(MAIN_RS)
        .expect("the bundle starts with main.rs verbatim")
}

#[test]
fn a_bundle_is_main_rs_verbatim_then_only_the_library_modules_it_uses() {
    let ws = LibWs::new();
    ws.judge()
        .args(["bundle", "sum"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("wrote target/bundle/sum.rs ("))
        .stdout(predicate::str::contains("KiB; contest: scan, out)"));
    let bundle = ws.bundle_text("sum");
    let lib = library_part(&bundle);
    assert!(lib.contains("pub mod contest {"), "{lib}");
    // `out` is used by main.rs, `scan` only through out's `super::scan`.
    assert!(
        lib.contains("pub mod out {") && lib.contains("pub mod scan {"),
        "{lib}"
    );
    assert!(lib.contains("pub use out::Out;"), "{lib}");
    assert!(
        !lib.contains("mod unused") && !lib.contains("never_bundled"),
        "{lib}"
    );
}

#[test]
fn a_bundle_drops_doc_comments_and_test_items() {
    let ws = LibWs::new();
    ws.judge().args(["bundle", "sum"]).assert().success();
    let bundle = ws.bundle_text("sum");
    let lib = library_part(&bundle);
    for gone in ["///", "//!", "#[cfg(test)]", "fn reads", "fn nothing"] {
        assert!(!lib.contains(gone), "{gone} left in:\n{lib}");
    }
    assert!(lib.contains("pub fn numbers()"), "{lib}");
}

#[test]
fn bundle_check_compiles_it_with_plain_rustc_and_no_warning() {
    let ws = LibWs::new();
    ws.judge()
        .args(["bundle", "--check"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "ok: rustc --edition 2021 -O compiles it without a warning",
        ));
}

#[test]
fn bundle_check_fails_on_a_warning_and_shows_it() {
    let ws = LibWs::new();
    ws.edit(
        "problems/sum/src/main.rs",
        "fn main() {\n",
        "fn main() {\n    let forgotten = 1;\n",
    );
    ws.judge()
        .args(["bundle", "sum", "--check"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "FAIL: rustc --edition 2021 -O printed warnings",
        ))
        .stdout(predicate::str::contains(
            "| warning: unused variable: `forgotten`",
        ));
}

#[test]
fn judge_bundled_judges_the_bundle_not_the_crate() {
    let ws = LibWs::new();
    ws.judge()
        .args(["--bundled", "sum"])
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "bundled sum: target/bundle/sum.rs compiled with rustc --edition 2021 -O",
        ))
        .stdout(predicate::str::contains("ok   sum: 1/1 AC"));
    assert!(
        !ws.path("target/release/sum").exists(),
        "cargo built the crate"
    );
}

#[test]
fn judge_bundled_gives_the_bundles_verdicts() {
    let ws = LibWs::new();
    ws.write("testdata/sum/1.out", "3\n8\n");
    ws.judge()
        .args(["--bundled", "sum"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("WA  sum/1"));
}

#[test]
fn judge_bundled_reports_a_bundle_rustc_rejects_as_ce() {
    let ws = LibWs::new();
    ws.edit(
        "problems/sum/src/main.rs",
        "fn main() {\n",
        "fn main() {\n    let _: u8 = \"not a number\";\n",
    );
    ws.judge()
        .args(["--bundled", "sum"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("CE  sum/(build)"))
        .stdout(predicate::str::contains("error[E0308]: mismatched types"));
}

#[test]
fn a_library_using_another_workspace_library_is_bundled_with_root_paths() {
    let ws = LibWs::new();
    ws.write(
        "games/Cargo.toml",
        "[package]\nname = \"games\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
         [dependencies]\ncontest = { path = \"../library\" }\n",
    );
    ws.write("games/src/lib.rs", "//! Games.\npub mod pairs;\n");
    ws.write(
        "games/src/pairs.rs",
        "//! Pairs.\nuse contest::Out;\n\n/// Sums of pairs.\npub fn sums(v: &[u64], out: &mut Out) {\n    for p in v.chunks(2) {\n        out.line(p.iter().sum::<u64>());\n    }\n}\n",
    );
    ws.edit("Cargo.toml", "\"library\",", "\"library\", \"games\",");
    ws.edit(
        "problems/sum/Cargo.toml",
        "[dependencies]\n",
        "[dependencies]\ngames = { path = \"../../games\" }\n",
    );
    ws.write(
        "problems/sum/src/main.rs",
        "fn main() {\n    contest::out::run(games::pairs::sums);\n}\n",
    );
    ws.judge()
        .args(["bundle", "sum", "--check"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "contest: scan, out; games: pairs)",
        ));
    assert!(ws.bundle_text("sum").contains("use crate::contest::Out;"));
}

/// The library workspace with `sum`'s main.rs carrying a 70,000-byte string,
/// so its bundle is above Codeforces' 64 KiB source limit.
fn with_a_70_kib_table() -> LibWs {
    let ws = LibWs::new();
    let big = format!(
        "{MAIN_RS}\n#[allow(dead_code)]\nconst TABLE: &str = \"{}\";\n",
        "x".repeat(70_000)
    );
    ws.write("problems/sum/src/main.rs", &big);
    ws
}

#[test]
fn a_bundle_above_64_kib_is_written_with_a_warning() {
    let ws = with_a_70_kib_table();
    ws.judge()
        .args(["bundle", "sum"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "warning: 71", // 71xxx bytes
        ))
        .stdout(predicate::str::contains(
            "bytes is above Codeforces' 64 KiB (65536 bytes) source limit",
        ));
}

#[test]
fn bundle_check_for_codeforces_fails_on_a_bundle_over_its_64_kib_source_limit() {
    let ws = with_a_70_kib_table();
    ws.judge()
        .args(["bundle", "sum", "--for", "codeforces", "--check"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "FAIL: 71", // 71xxx bytes
        ))
        .stdout(predicate::str::contains(
            "bytes is above Codeforces' 64 KiB (65536 bytes) source limit: Codeforces refuses it",
        ));
}

/// A crate outside the workspace (a path dependency, so no network): a
/// `#[macro_export]` macro using `$crate`, `crate::` paths, a nested module
/// folder, a module nobody uses, a test module and a dependency of its own.
fn outside_crate(ws: &LibWs) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let write = |rel: &str, text: &str| {
        let at = dir.path().join(rel);
        std::fs::create_dir_all(at.parent().unwrap()).unwrap();
        std::fs::write(at, text).unwrap();
    };
    write(
        "pairs/Cargo.toml",
        "[package]\nname = \"pair-lib\"\nversion = \"0.3.0\"\nedition = \"2018\"\n\n\
         [lib]\nname = \"pairs\"\n\n[dependencies]\nhelp = { path = \"../helper\", package = \"helper\" }\n",
    );
    write(
        "pairs/src/lib.rs",
        "//! Pairs.\n#![doc = include_str!(\"../README.md\")]\npub mod fmt;\nmod inner;\npub mod unused;\n\
         pub use fmt::Pairs as PairSums;\n\n/// Prints the sums.\n#[macro_export]\n\
         macro_rules! print_sums {\n    ($v:expr) => {\n        $crate::fmt::print(&$v)\n    };\n}\n\n\
         #[cfg(test)]\nmod tests;\n",
    );
    write(
        "pairs/src/fmt.rs",
        "/// Sums of pairs.\npub struct Pairs;\n\npub fn print(v: &[u64]) {\n    for p in v.chunks(2) {\n        \
         println!(\"{}\", crate::inner::deep::sum(p));\n    }\n}\n",
    );
    write("pairs/src/inner/mod.rs", "pub mod deep;\n");
    write(
        "pairs/src/inner/deep.rs",
        "pub fn sum(p: &[u64]) -> u64 {\n    help::add(p.iter().copied())\n}\n",
    );
    write("pairs/src/unused.rs", "pub fn never_bundled() {}\n");
    write("pairs/README.md", "Pairs.\n");
    write(
        "helper/Cargo.toml",
        "[package]\nname = \"helper\"\nversion = \"1.0.0\"\nedition = \"2015\"\n",
    );
    write("helper/src/lib.rs", "mod add;\npub use add::add;\n");
    write(
        "helper/src/add.rs",
        "use std::iter::Sum;\npub fn add<I: Iterator<Item = u64>>(i: I) -> u64 {\n    u64::sum(i)\n}\n",
    );
    ws.edit(
        "problems/sum/Cargo.toml",
        "[dependencies]\n",
        &format!(
            "[dependencies]\nmy-pairs = {{ path = {:?}, package = \"pair-lib\" }}\n",
            dir.path().join("pairs").display().to_string()
        ),
    );
    ws.write(
        "problems/sum/src/main.rs",
        "use my_pairs::print_sums;\n\nfn main() {\n    let mut s = String::new();\n    \
         std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).unwrap();\n    \
         let v: Vec<u64> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();\n    \
         print_sums!(v);\n    let _ = my_pairs::PairSums;\n}\n",
    );
    dir
}

#[test]
fn a_crate_from_outside_the_workspace_is_inlined_as_a_module() {
    let ws = LibWs::new();
    let _outside = outside_crate(&ws);
    ws.judge()
        .args(["bundle", "sum", "--check"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "pair-lib 0.3.0: fmt, inner; helper 1.0.0: add)",
        ))
        .stdout(predicate::str::contains("ok: rustc --edition 2021 -O"));
    let bundle = ws.bundle_text("sum");
    assert!(
        bundle.contains("pub mod my_pairs {"),
        "named as main.rs names it:\n{bundle}"
    );
    assert!(bundle.contains("$crate::my_pairs::fmt::print"), "{bundle}");
    assert!(
        bundle.contains("crate::my_pairs::inner::deep::sum"),
        "{bundle}"
    );
    assert!(
        bundle.contains("pub mod deep {"),
        "the nested folder:\n{bundle}"
    );
    assert!(
        bundle.contains("crate::helper::add("),
        "its own dependency:\n{bundle}"
    );
    assert!(
        bundle.contains("use crate::helper::add::add;"),
        "edition 2015 paths:\n{bundle}"
    );
    for gone in [
        "never_bundled",
        "#[macro_export]",
        "include_str",
        "mod tests",
        "///",
        "//!",
    ] {
        assert!(!bundle.contains(gone), "{gone} left in:\n{bundle}");
    }
}

#[test]
fn judge_bundled_judges_a_bundle_with_an_inlined_crate() {
    let ws = LibWs::new();
    let _outside = outside_crate(&ws);
    ws.judge()
        .args(["--bundled", "sum"])
        .assert()
        .success()
        .stdout(predicate::str::contains("sum: 1/1 AC"));
}

#[test]
fn bundle_refuses_a_proc_macro_crate_naming_it() {
    let ws = LibWs::new();
    let other = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(other.path().join("src")).unwrap();
    std::fs::write(
        other.path().join("Cargo.toml"),
        "[package]\nname = \"fastout\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[lib]\nproc-macro = true\n",
    )
    .unwrap();
    std::fs::write(other.path().join("src/lib.rs"), "").unwrap();
    ws.edit(
        "problems/sum/Cargo.toml",
        "[dependencies]\n",
        &format!(
            "[dependencies]\nfastout = {{ path = {:?} }}\n",
            other.path().display().to_string()
        ),
    );
    ws.edit(
        "problems/sum/src/main.rs",
        "fn main() {\n",
        "#[fastout::fastout]\nfn main() {\n",
    );
    ws.judge()
        .args(["bundle", "sum"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "error: cannot bundle sum: fastout 0.1.0 (used by the solution) is a proc-macro crate",
        ));
}

/// Outside crates for `sum`: `adder`, whose feature `fancy` pulls in the
/// proc-macro crate `fancy-derive` (as proconio's `derive` pulls in
/// proconio-derive), used by `sum` without it and by another problem with it.
fn adder_used_with_a_feature_by_another_problem(ws: &LibWs) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let write = |rel: &str, text: &str| {
        let at = dir.path().join(rel);
        std::fs::create_dir_all(at.parent().unwrap()).unwrap();
        std::fs::write(at, text).unwrap();
    };
    write(
        "adder/Cargo.toml",
        "[package]\nname = \"adder\"\nversion = \"1.0.0\"\nedition = \"2021\"\n\n\
         [dependencies]\nfancy-derive = { path = \"../fancy-derive\", optional = true }\n\n\
         [features]\nfancy = [\"dep:fancy-derive\"]\n",
    );
    write(
        "adder/src/lib.rs",
        "#[cfg(feature = \"fancy\")]\npub use fancy_derive::fancy;\n\n\
         pub fn add(a: u64, b: u64) -> u64 {\n    a + b\n}\n",
    );
    write(
        "fancy-derive/Cargo.toml",
        "[package]\nname = \"fancy-derive\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
         [lib]\nproc-macro = true\n",
    );
    write(
        "fancy-derive/src/lib.rs",
        "use proc_macro::TokenStream;\n\n#[proc_macro_attribute]\n\
         pub fn fancy(_: TokenStream, item: TokenStream) -> TokenStream {\n    item\n}\n",
    );
    let adder = dir.path().join("adder").display().to_string();
    ws.edit(
        "problems/sum/Cargo.toml",
        "[dependencies]\n",
        &format!("[dependencies]\nadder = {{ path = {adder:?} }}\n"),
    );
    ws.write(
        "problems/sum/src/main.rs",
        "fn main() {\n    let mut s = String::new();\n    \
         std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).unwrap();\n    \
         let v: Vec<u64> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();\n    \
         for p in v.chunks(2) {\n        println!(\"{}\", adder::add(p[0], p[1]));\n    }\n}\n",
    );
    ws.problem("fancy", "#[adder::fancy]\nfn main() {}\n");
    ws.edit(
        "problems/fancy/Cargo.toml",
        "[dependencies]\n",
        &format!("[dependencies]\nadder = {{ path = {adder:?}, features = [\"fancy\"] }}\n"),
    );
    dir
}

#[test]
fn a_crate_is_bundled_with_the_features_its_problem_builds_it_with_not_another_problems() {
    let ws = LibWs::new();
    let _outside = adder_used_with_a_feature_by_another_problem(&ws);
    // Cargo builds `sum` alone without `fancy`; its bundle has no proc macro either.
    ws.judge()
        .args(["bundle", "sum", "--check"])
        .assert()
        .success()
        .stdout(predicate::str::contains("adder 1.0.0"))
        .stdout(predicate::str::contains("ok: rustc --edition 2021 -O"));
    let bundle = ws.bundle_text("sum");
    assert!(!bundle.contains("fancy"), "{bundle}");
    // The problem that turns the feature on still cannot be bundled, and says why.
    ws.judge()
        .args(["bundle", "fancy"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "fancy-derive 0.1.0 (used by adder) is a proc-macro crate",
        ));
}

#[test]
fn bundle_check_refuses_an_api_newer_than_the_rust_version() {
    let ws = LibWs::new();
    ws.edit(
        "problems/sum/Cargo.toml",
        "edition = \"2021\"\n",
        "edition = \"2021\"\nrust-version = \"1.70\"\n",
    );
    ws.edit(
        "problems/sum/src/main.rs",
        "fn main() {\n",
        "fn main() {\n    let _ = 7u64.div_ceil(2);\n",
    );
    ws.judge()
        .args(["bundle", "sum", "--check"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "target/bundle/sum.rs:6:18: `div_ceil` is stable since Rust 1.73.0, newer than the crate's rust-version 1.70",
        ));
}

#[test]
fn bundle_refuses_a_module_file_that_does_not_exist_naming_its_line() {
    let ws = LibWs::new();
    ws.edit(
        "problems/sum/src/main.rs",
        "fn main",
        "mod helpers;\n\nfn main",
    );
    ws.refuses(
        "problems/sum/src/main.rs:5",
        "`mod helpers;` has no file: neither problems/sum/src/helpers.rs nor problems/sum/src/helpers/mod.rs exists",
    );
}

#[test]
fn bundle_refuses_a_module_file_outside_the_problems_crate() {
    let ws = LibWs::new();
    ws.write("shared/pairs.rs", "pub fn f() {}\n");
    ws.edit(
        "problems/sum/src/main.rs",
        "fn main",
        "#[path = \"../../../shared/pairs.rs\"]\nmod pairs;\n\nfn main",
    );
    ws.refuses(
        "problems/sum/src/main.rs:6",
        "`#[path = \"../../../shared/pairs.rs\"] mod pairs;` loads problems/sum/src/../../../shared/pairs.rs, outside the problem's crate folder problems/sum",
    );
}

#[test]
fn bundle_refuses_crate_paths_in_a_library_module() {
    let ws = LibWs::new();
    ws.edit(
        "library/src/out.rs",
        "super::scan::numbers()",
        "crate::scan::numbers()",
    );
    ws.refuses("library/src/out.rs:19", "`crate::` cannot be bundled");
}

#[test]
fn bundle_refuses_macros_in_a_library_module() {
    let ws = LibWs::new();
    ws.edit(
        "library/src/scan.rs",
        "use std::io::Read;\n",
        "use std::io::Read;\n\nmacro_rules! twice { ($e:expr) => { $e + $e } }\n",
    );
    ws.refuses("library/src/scan.rs:5", "`macro_rules!` cannot be bundled");
}

#[test]
fn bundle_refuses_a_nested_module_folder() {
    let ws = LibWs::new();
    std::fs::remove_file(ws.path("library/src/scan.rs")).unwrap();
    ws.write("library/src/scan/mod.rs", SCAN_RS);
    ws.judge()
        .args(["bundle", "sum"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "library/src/scan/mod.rs is a nested module folder: the contract wants one file scan.rs",
        ));
}

#[test]
fn bundle_refuses_code_in_the_library_root() {
    let ws = LibWs::new();
    ws.edit(
        "library/src/lib.rs",
        "pub use out::Out;\n",
        "pub use out::Out;\npub fn helper() {}\n",
    );
    ws.refuses("library/src/lib.rs:7", "`fn` cannot be bundled");
}

#[test]
fn bundle_refuses_a_name_the_library_does_not_have() {
    let ws = LibWs::new();
    ws.edit(
        "problems/sum/src/main.rs",
        "use contest::Out;",
        "use contest::{Out, Missing};",
    );
    ws.refuses(
        "problems/sum/src/main.rs:3",
        "`contest::Missing`: the library contest has no module or re-export `Missing`",
    );
}

#[test]
fn one_refused_bundle_does_not_stop_the_others() {
    let ws = LibWs::new();
    ws.problem("broken", "mod x;\nfn main() {}\n");
    ws.judge()
        .arg("bundle")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "error: cannot bundle broken: problems/broken/src/main.rs:1: `mod x;` has no file",
        ))
        .stdout(predicate::str::contains("wrote target/bundle/sum.rs"));
    assert!(Path::new(&ws.path("target/bundle/sum.rs")).is_file());
}

/// harness/tests/fixtures/crates-io copied to a temporary folder: Library
/// Checker's unionfind (vertices from 1) with proconio 0.5.0's `input!` and
/// `marker::Usize1` and ac-library-rs 0.2.0's `Dsu`, pinned by its Cargo.lock
/// (fetched from crates.io on first use).
fn crates_io_ws() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let fixture = crate::tempws::outer_root().join("harness/tests/fixtures/crates-io");
    crate::tempws::copy_tree(&fixture, dir.path(), &|p| !p.ends_with("target"));
    dir
}

/// The judge in `crates_io_ws`, with its own target folder and time to fetch and
/// build the crates (unlike `Ws::judge`, not offline: the crates come from crates.io).
fn judge_in(ws: &tempfile::TempDir) -> Command {
    let mut judge = Command::cargo_bin("judge").unwrap();
    judge
        .current_dir(ws.path())
        .env("CARGO_TARGET_DIR", ws.path().join("target"))
        .env("NO_COLOR", "1")
        .timeout(std::time::Duration::from_secs(300));
    judge
}

#[test]
fn proconio_and_ac_library_are_inlined_into_a_file_plain_rustc_compiles() {
    let ws = crates_io_ws();
    judge_in(&ws)
        .args(["bundle", "unionfind", "--for", "codeforces"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "ac-library-rs 0.2.0: dsu; proconio 0.5.0: marker, source) for Codeforces",
        ));
    let bundle = ws.path().join("target/bundle/unionfind.rs");
    let text = std::fs::read_to_string(&bundle).unwrap();
    assert!(text.len() <= 64 * 1024, "{} bytes", text.len());
    for needed in [
        "pub mod proconio {",
        "pub mod ac_library {",
        "pub(crate) use input;",
    ] {
        assert!(text.contains(needed), "{needed} missing");
    }
    // Alone in an empty folder, as Codeforces compiles it.
    let (_folder, exe) = rustc_alone(&bundle);
    let case = ws.path().join("testdata/unionfind/01-sample-one-based");
    let out = std::process::Command::new(exe)
        .stdin(std::fs::File::open(case.with_extension("in")).unwrap())
        .output()
        .unwrap();
    let expected = std::fs::read_to_string(case.with_extension("out")).unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
}

#[test]
fn bundle_for_atcoder_keeps_its_installed_crates_as_they_are() {
    let ws = crates_io_ws();
    judge_in(&ws)
        .args(["bundle", "unionfind", "--for", "atcoder"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "(0.6 KiB; AtCoder's ac-library-rs 0.1.1, proconio 0.5.0) for AtCoder",
        ))
        .stdout(predicate::str::contains(
            "note: ac-library-rs is 0.2.0 here and 0.1.1 at AtCoder: the bundle is checked against 0.1.1",
        ));
    let main = ws.path().join("problems/unionfind/src/main.rs");
    // Beside, not over, the std-only target/bundle/unionfind.rs.
    let bundle = ws.path().join("target/bundle/atcoder/unionfind.rs");
    assert_eq!(
        std::fs::read_to_string(bundle).unwrap(),
        std::fs::read_to_string(main).unwrap(),
        "main.rs as it is"
    );
}

#[test]
fn bundle_of_an_unknown_problem_names_the_nearest_like_every_command() {
    let ws = LibWs::new();
    ws.judge()
        .args(["bundle", "sun"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "unknown problem \"sun\": did you mean sum? (the workspace has: sum)",
        ));
}

/// `bundle` compiled alone in an empty folder with plain `rustc --edition 2021
/// -O`, as Codeforces compiles a submission: its folder (keep it) and executable.
fn rustc_alone(bundle: &Path) -> (tempfile::TempDir, PathBuf) {
    let empty = tempfile::tempdir().unwrap();
    std::fs::copy(bundle, empty.path().join("main.rs")).unwrap();
    let rustc = std::process::Command::new("rustc")
        .current_dir(empty.path())
        .args(["--edition", "2021", "-O", "main.rs", "-o", "main"])
        .output()
        .unwrap();
    assert!(
        rustc.status.success() && rustc.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&rustc.stderr)
    );
    let exe = empty.path().join("main");
    (empty, exe)
}

/// What `exe` prints for `input`.
fn answers(exe: &Path, input: &str) -> String {
    let mut child = std::process::Command::new(exe)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{exe:?} failed on {input:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// Checks the scratch problem `name` bundles (`--check` clean, its line
/// saying `line`), that the bundle alone under plain rustc sums pairs (the
/// testdata's 1 2 / 3 4, and pairs whose sums are known by hand), and that
/// `--bundled` judges it AC. Returns the bundle's text.
#[track_caller]
fn bundles_and_sums_pairs(ws: &LibWs, name: &str, line: &str) -> String {
    ws.judge()
        .args(["bundle", name, "--check"])
        .assert()
        .success()
        .stdout(predicate::str::contains(line))
        .stdout(predicate::str::contains(
            "ok: rustc --edition 2021 -O compiles it without a warning",
        ));
    let (_dir, exe) = rustc_alone(&ws.path(&format!("target/bundle/{name}.rs")));
    assert_eq!(answers(&exe, "1 2\n3 4\n"), "3\n7\n");
    assert_eq!(
        answers(&exe, "10 20\n0 0\n18446744073709551614 1\n"),
        "30\n0\n18446744073709551615\n"
    );
    ws.judge()
        .args(["--bundled", name])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!("ok   {name}: 1/1 AC")));
    ws.bundle_text(name)
}

#[test]
fn a_solution_split_into_module_files_is_bundled_into_one_file() {
    let ws = LibWs::new();
    ws.problem(
        "sumab",
        "//! Sums pairs, its code in files.\nmod util;\n\nfn main() {\n    let mut s = String::new();\n    \
         std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).unwrap();\n    \
         for sum in util::sums(&s) {\n        println!(\"{sum}\");\n    }\n}\n",
    );
    ws.write(
        "problems/sumab/src/util/mod.rs",
        "//! Parsing.\n#![allow(dead_code)]\nmod inner;\n\n/// The sums of the pairs in `text`.\npub fn sums(text: &str) -> Vec<u64> {\n    \
         let v: Vec<u64> = text.split_whitespace().map(|t| t.parse().unwrap()).collect();\n    \
         v.chunks(2).map(inner::sum).collect()\n}\n\nfn never_called() {}\n",
    );
    ws.write(
        "problems/sumab/src/util/inner.rs",
        "#[path = \"deep.rs\"]\nmod deep;\n\npub fn sum(pair: &[u64]) -> u64 {\n    deep::add(pair)\n}\n\n\
         #[cfg(test)]\nmod tests;\n",
    );
    ws.write(
        "problems/sumab/src/util/deep.rs",
        "pub fn add(pair: &[u64]) -> u64 {\n    pair.iter().sum()\n}\n",
    );
    ws.write(
        "problems/sumab/src/util/inner/tests.rs",
        "#[test]\nfn adds() {\n    assert_eq!(super::sum(&[1, 2]), 3);\n}\n",
    );
    let bundle = bundles_and_sums_pairs(
        &ws,
        "sumab",
        "src/util/mod.rs, src/util/inner.rs, src/util/deep.rs inlined; std only, no library)",
    );
    assert!(
        bundle.contains(
            "mod util { // src/util/mod.rs, inlined by `cargo judge bundle`\n#![allow(dead_code)]\n"
        ),
        "the inner attribute opens the block:\n{bundle}"
    );
    for gone in ["#[path", "fn adds", "mod tests", "/// The sums"] {
        assert!(!bundle.contains(gone), "{gone} left in:\n{bundle}");
    }
}

#[test]
fn the_library_is_reachable_from_nested_modules_of_the_solution() {
    let ws = LibWs::new();
    ws.problem(
        "nested",
        "mod solve;\n\nmod answer {\n    pub fn print(out: &mut contest::Out, sum: u64) {\n        out.line(sum);\n    }\n}\n\n\
         fn main() {\n    contest::out::run(solve::pairs);\n}\n",
    );
    ws.write(
        "problems/nested/src/solve.rs",
        "use contest::Out;\n\npub fn pairs(numbers: &[u64], out: &mut Out) {\n    for p in numbers.chunks(2) {\n        \
         super::answer::print(out, p.iter().sum::<u64>());\n    }\n}\n",
    );
    let bundle = bundles_and_sums_pairs(&ws, "nested", "src/solve.rs inlined; contest: scan, out)");
    assert!(
        bundle.contains("    use crate::contest::Out;\n")
            || bundle.contains("\nuse crate::contest::Out;\n"),
        "{bundle}"
    );
    assert!(bundle.contains("out: &mut crate::contest::Out"), "{bundle}");
    assert!(
        bundle.contains("\n    contest::out::run(solve::pairs);\n"),
        "the root as written:\n{bundle}"
    );
}

#[test]
fn an_inlined_crates_paths_and_macros_are_reachable_from_nested_modules() {
    let ws = LibWs::new();
    let _outside = outside_crate(&ws);
    ws.write(
        "problems/sum/src/main.rs",
        "mod io;\n\nmod pairs {\n    use my_pairs::print_sums;\n\n    pub fn print(v: &[u64]) {\n        print_sums!(v);\n        \
         let _ = my_pairs::PairSums;\n    }\n}\n\nfn main() {\n    pairs::print(&io::numbers());\n}\n",
    );
    ws.write(
        "problems/sum/src/io.rs",
        "pub fn numbers() -> Vec<u64> {\n    let mut s = String::new();\n    \
         std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).unwrap();\n    \
         s.split_whitespace().map(|t| t.parse().unwrap()).collect()\n}\n\n\
         #[allow(dead_code)]\npub fn again(v: &[u64]) {\n    my_pairs::print_sums!(v);\n}\n",
    );
    let bundle = bundles_and_sums_pairs(
        &ws,
        "sum",
        "src/io.rs inlined; pair-lib 0.3.0: fmt, inner; helper 1.0.0: add)",
    );
    assert!(
        bundle.contains("use crate::my_pairs::print_sums;"),
        "{bundle}"
    );
    assert!(
        bundle.contains("crate::my_pairs::print_sums!(v);"),
        "{bundle}"
    );
}

/// Whether `ws`'s crates can be had from crates.io (or cargo's cache): else
/// the test is skipped, saying so.
fn crates_io_reachable(ws: &tempfile::TempDir) -> bool {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let fetch = std::process::Command::new(cargo)
        .args(["fetch", "--locked", "--quiet"])
        .current_dir(ws.path())
        .output()
        .unwrap();
    fetch.status.success()
        || crate::support::skip(&format!(
            "crates.io is not reachable (cargo fetch: {})",
            String::from_utf8_lossy(&fetch.stderr)
                .lines()
                .next()
                .unwrap_or("failed")
        ))
}

#[test]
fn proconio_and_ac_library_are_reachable_from_nested_modules_of_the_solution() {
    let ws = crates_io_ws();
    if !crates_io_reachable(&ws) {
        return;
    }
    let src = ws.path().join("problems/unionfind/src");
    std::fs::write(
        src.join("main.rs"),
        "mod read;\n\nmod answer {\n    pub fn all(n: usize, queries: &[(u8, usize, usize)]) -> Vec<u8> {\n        \
         let mut dsu = ac_library::Dsu::new(n);\n        let mut out = Vec::new();\n        \
         for &(t, u, v) in queries {\n            if t == 0 {\n                dsu.merge(u, v);\n            } else {\n                \
         out.push(u8::from(dsu.same(u, v)));\n            }\n        }\n        out\n    }\n}\n\n\
         fn main() {\n    let (n, queries) = read::all();\n    for a in answer::all(n, &queries) {\n        println!(\"{a}\");\n    }\n}\n",
    )
    .unwrap();
    std::fs::write(
        src.join("read.rs"),
        "use proconio::marker::Usize1;\n\npub fn all() -> (usize, Vec<(u8, usize, usize)>) {\n    proconio::input! {\n        \
         n: usize,\n        q: usize,\n        queries: [(u8, Usize1, Usize1); q],\n    }\n    (n, queries)\n}\n",
    )
    .unwrap();
    judge_in(&ws)
        .args(["bundle", "unionfind", "--for", "codeforces", "--check"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "src/read.rs inlined; ac-library-rs 0.2.0: dsu; proconio 0.5.0: marker, source) for Codeforces",
        ))
        .stdout(predicate::str::contains("ok: rustc --edition 2021 -O"));
    let bundle = ws.path().join("target/bundle/unionfind.rs");
    let text = std::fs::read_to_string(&bundle).unwrap();
    for rewritten in [
        "use crate::proconio::marker::Usize1;",
        "crate::proconio::input! {",
        "crate::ac_library::Dsu::new(n)",
    ] {
        assert!(text.contains(rewritten), "{rewritten} missing:\n{text}");
    }
    let (_dir, exe) = rustc_alone(&bundle);
    let case = ws.path().join("testdata/unionfind/01-sample-one-based");
    let input = std::fs::read_to_string(case.with_extension("in")).unwrap();
    let expected = std::fs::read_to_string(case.with_extension("out")).unwrap();
    assert_eq!(answers(&exe, &input), expected);
    judge_in(&ws)
        .args(["--bundled", "unionfind"])
        .assert()
        .success()
        .stdout(predicate::str::contains("ok   unionfind: 1/1 AC"));
}
