//! A package's code at build time: a submission's `build` script (2025-09
//! "Programs") and an interpreter's syntax check (`perl -c` runs `BEGIN`
//! blocks) run isolated, seeing their own folder and the judge's tools, under
//! the compile limits, as any package program does. A legitimate build still
//! builds (with g++, with python3, writing its own files).

use std::path::Path;

use serde_json::Value;

use crate::package::{judge, verify_json_by};
use crate::support::{have, json_of, skip};

/// A 2025-09 package whose one secret case is `21` with the answer `42` (the
/// default validator), with these submissions: a path under `submissions/` and
/// its text, `{pkg}` replaced by the package's absolute path. `build` and `run`
/// files are made executable.
fn package_with(files: &[(&str, &str)]) -> tempfile::TempDir {
    package_yaml("", files)
}

/// [`package_with`], with `yaml` added to its problem.yaml.
fn package_yaml(yaml: &str, files: &[(&str, &str)]) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let write = |rel: &str, text: String| {
        let path = tmp.path().join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        if ["build", "run"].contains(&path.file_name().unwrap().to_str().unwrap()) {
            use std::os::unix::fs::PermissionsExt as _;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
    };
    write(
        "problem.yaml",
        "problem_format_version: 2025-09\nname: Twice\n\
         uuid: 0f3c2a1b-7d4e-4f5a-9b6c-1d2e3f4a5b6c\ntype: pass-fail\n"
            .to_string()
            + yaml,
    );
    write("data/secret/1.in", "21\n".into());
    write("data/secret/1.ans", "42\n".into());
    let pkg = tmp.path().display().to_string();
    for (rel, text) in files {
        write(&format!("submissions/{rel}"), text.replace("{pkg}", &pkg));
    }
    tmp
}

/// `judge verify DIR --format json [extra]` with a build cache of its own (each
/// program built anew): the exit code and the document.
fn verify(dir: &Path, extra: &[&str]) -> (i32, Value) {
    let cache = tempfile::tempdir().unwrap();
    let mut judge = judge();
    judge.env("CP_GAMES_CACHE", cache.path());
    verify_json_by(judge, dir, extra)
}

/// The verdict of the submission at `path` in verify's document.
#[track_caller]
fn verdict<'a>(doc: &'a Value, path: &str) -> &'a Value {
    let sub = doc["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["path"] == path)
        .unwrap_or_else(|| panic!("no submission {path} in {doc:#}"));
    &sub["verdict"]
}

/// Whether verify's document says every protection was granted; otherwise the
/// test is skipped with a message (a failure under `CP_GAMES_REQUIRE_TOOLS`),
/// as the isolation tests are where the kernel refuses a namespace.
fn isolated(doc: &Value) -> bool {
    doc["isolation"] == "on"
        || skip(&format!(
            "the kernel refuses isolation here ({})",
            doc["isolation"]
        ))
}

#[allow(unsafe_code)] // geteuid: no safe std API.
fn root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// A build script that copies the secret answer (by its absolute path) into
/// its folder, and a `run` that prints what it got.
const PEEK_BUILD: &str = "#!/bin/sh\n\
cat '{pkg}/data/secret/1.ans' > answer\n\
printf '#!/bin/sh\\nexec cat answer\\n' > run\n";

#[test]
fn a_build_script_cannot_read_the_packages_secret_answer() {
    let pkg = package_with(&[("wrong_answer/peek/build", PEEK_BUILD)]);
    let (code, doc) = verify(pkg.path(), &[]);
    if !isolated(&doc) {
        return;
    }
    assert_eq!(verdict(&doc, "wrong_answer/peek"), "WA", "{doc:#}");
    assert_eq!(code, 0, "{doc:#}");
    if root() {
        // The same script as the judge itself reads the answer and is accepted:
        // what kept it out was the isolation.
        let (code, doc) = verify(pkg.path(), &["--no-isolation"]);
        assert_eq!(verdict(&doc, "wrong_answer/peek"), "AC", "{doc:#}");
        assert_eq!(code, 1, "{doc:#}");
    }
}

#[test]
fn build_scripts_that_use_gcc_python3_and_their_own_files_build_isolated_and_are_ac() {
    if !have(&["g++", "python3"]) {
        return;
    }
    let pkg = package_with(&[
        (
            "accepted/cpp/twice.cpp",
            "#include <cstdio>\nint main() { long n; std::scanf(\"%ld\", &n); \
             std::printf(\"%ld\\n\", 2 * n); }\n",
        ),
        (
            "accepted/cpp/build",
            "#!/bin/sh\nset -e\ng++ -O2 -o twice twice.cpp\n",
        ),
        ("accepted/cpp/run", "#!/bin/sh\nexec ./twice\n"),
        (
            "accepted/py/build",
            "#!/bin/sh\nset -e\n\
             python3 -c 'open(\"twice.sh\", \"w\").write(\"read n; echo $((2 * n))\\n\")'\n",
        ),
        ("accepted/py/run", "#!/bin/sh\nexec sh twice.sh\n"),
        (
            "accepted/files/build",
            "#!/bin/sh\nset -e\nmkdir -p parts\n\
             echo '#!/bin/sh' > parts/head\necho 'read n; echo $((n * 2))' > parts/body\n\
             cat parts/head parts/body > run\nchmod +x run\n",
        ),
    ]);
    let (code, doc) = verify(pkg.path(), &[]);
    for sub in ["accepted/cpp", "accepted/py", "accepted/files"] {
        assert_eq!(verdict(&doc, sub), "AC", "{sub}: {doc:#}");
    }
    assert_eq!((code, &doc["ok"]), (0, &Value::Bool(true)), "{doc:#}");
}

#[test]
fn a_perl_syntax_check_cannot_write_outside_its_folder() {
    if !have(&["perl"]) {
        return;
    }
    let outside = tempfile::tempdir().unwrap();
    {
        use std::os::unix::fs::PermissionsExt as _;
        // Writable by anyone: only the isolation keeps the check out.
        std::fs::set_permissions(outside.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    }
    let mark = outside.path().join("escaped");
    // `perl -c` runs BEGIN blocks: the check itself is the package's code. (A
    // `.pl` file is Perl by its shebang, Prolog otherwise.)
    let source = format!(
        "#!/usr/bin/perl\nBEGIN {{ open(my $f, '>', '{}') and print $f \"x\"; }}\nprint 2 * <STDIN>, \"\\n\";\n",
        mark.display()
    );
    let pkg = package_with(&[("accepted/begin.pl", &source)]);
    let (code, doc) = verify(pkg.path(), &[]);
    if !isolated(&doc) {
        return;
    }
    assert_eq!(verdict(&doc, "accepted/begin.pl"), "AC", "{doc:#}");
    assert_eq!(code, 0, "{doc:#}");
    assert!(!mark.exists(), "the syntax check wrote {}", mark.display());
}

#[test]
fn a_build_script_that_never_ends_is_a_compile_error_at_the_packages_compilation_time() {
    // 2025-09 "Limits": compilation_time, here 1 s of CPU (1.5 s of wall time).
    let pkg = package_yaml(
        "limits:\n  compilation_time: 1\n",
        &[
            (
                "compiler_error/forever/build",
                "#!/bin/sh\nexec sleep 100000\n",
            ),
            ("compiler_error/forever/run", "#!/bin/sh\n"),
            ("accepted/twice.sh", "read n; echo $((2 * n))\n"),
        ],
    );
    let cache = tempfile::tempdir().unwrap();
    judge()
        .env("CP_GAMES_CACHE", cache.path())
        .arg("verify")
        .arg(pkg.path())
        .arg("-v")
        .assert()
        .code(0)
        .stdout(crate::support::a_line(|l| {
            l.trim() == "build failed: ./build ran out of time (1 s of CPU, 1.5 s of wall time)"
        }));
}

#[test]
fn a_build_and_its_run_reach_the_judges_language_tools_where_path_finds_them() {
    // A language's tool installed outside the system's folders, as pyenv's
    // python3 is: here a stand-in `gnustep-config` (a name in the language
    // table) that doubles its input, first on the judge's PATH. Outside the
    // temporary folder, which each isolated run gets empty.
    let tools = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let tool = tools.path().join("gnustep-config");
    std::fs::write(&tool, "#!/bin/sh\nread n; echo $((2 * n))\n").unwrap();
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&tool, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let pkg = package_with(&[
        (
            "accepted/tool/build",
            "#!/bin/sh\nset -e\necho 2 | gnustep-config > four\n",
        ),
        (
            "accepted/tool/run",
            "#!/bin/sh\ntest \"$(cat four)\" = 4 && exec gnustep-config\n",
        ),
    ]);
    let path = std::env::join_paths(
        std::iter::once(tools.path().to_path_buf())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    // Twice: the second judge finds the program built and only runs it (its
    // sandbox never ran the build, whose tools it might otherwise still see).
    let cache = tempfile::tempdir().unwrap();
    for time in ["built", "cached"] {
        let out = judge()
            .env("CP_GAMES_CACHE", cache.path())
            .env("PATH", &path)
            .arg("verify")
            .arg(pkg.path())
            .args(["--format", "json"])
            .output()
            .unwrap();
        let doc = json_of(&out.stdout);
        assert_eq!(verdict(&doc, "accepted/tool"), "AC", "{time}: {doc:#}");
        assert_eq!(out.status.code(), Some(0), "{time}: {doc:#}");
    }
}

/// A Python submission that looks in its mount table for another submission's
/// script (bound for that one's runs) and runs it on its input: it prints what
/// the accepted one prints where it finds one, else a wrong answer.
const THIEF: &str = r#"import subprocess, sys
data = sys.stdin.read()
for line in open("/proc/self/mountinfo"):
    point = line.split()[4]
    if point.endswith("/accepted/twice.py"):
        sys.stdout.write(subprocess.run([sys.executable, point], input=data, capture_output=True, text=True).stdout)
        sys.exit(0)
print(0)
"#;

#[test]
fn a_submission_cannot_see_the_script_of_one_verified_before_it() {
    if !have(&["python3"]) {
        return;
    }
    let pkg = package_with(&[
        ("accepted/twice.py", "print(2 * int(input()))\n"),
        ("wrong_answer/thief.py", THIEF),
    ]);
    // One worker: the accepted script runs first, on the keeper the thief then gets.
    let (code, doc) = verify(pkg.path(), &["-j", "1"]);
    if !isolated(&doc) {
        return;
    }
    assert_eq!(verdict(&doc, "accepted/twice.py"), "AC", "{doc:#}");
    assert_eq!(verdict(&doc, "wrong_answer/thief.py"), "WA", "{doc:#}");
    assert_eq!(code, 0, "{doc:#}");
}
