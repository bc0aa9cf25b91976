//! What a legitimate program does still works (issue 28): the other half of the
//! sandbox's promise, beside the hostile probes of `isolation.rs`. Each program of
//! `tests/fixtures/legitimate/` uses something a judge gives it (devices, a deep
//! stack, threads, temporary files, a child process, its runtime's standard
//! library) and prints the sum of its input's two numbers; each must be AC both
//! isolated and with `--no-isolation`. Where the kernel refuses isolation the
//! first run is only partly isolated, and must still be AC.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

use crate::support::{Folder, have, sh};

/// One case, `1 2` → `3`, under a 512 MiB memory limit (the deep recursion's
/// stack is about 100 MiB of it).
fn sum_case() -> Folder {
    let f = Folder::echo_cases();
    f.write("1.in", "1 2\n");
    f.write("1.out", "3\n");
    f.write("problem.toml", "memory_limit = 512\n");
    f
}

fn program(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/legitimate")
        .join(name)
}

/// How a row is run: `judge run FILE`, or `judge run --cmd LINE`.
enum How<'a> {
    File(&'a str),
    Cmd(String),
}

/// The judge on `how` and the sum case, with a build cache shared by these tests,
/// `TMPDIR` set to a folder of the judge's (one the jail does not have), `path`
/// first on `PATH` when given, and `extra` arguments.
fn judge(how: &How, cases: &Path, extra: &[&str], path: Option<&Path>) -> Command {
    let mut cmd = Command::cargo_bin("judge").unwrap();
    match how {
        How::File(name) => cmd.arg("run").arg(program(name)),
        How::Cmd(line) => cmd.args(["run", "--cmd", line]),
    };
    let tmp = cases.join("judges-tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    cmd.arg(cases)
        .args(extra)
        .env(
            "CP_GAMES_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("legitimate-cache"),
        )
        .env("TMPDIR", tmp)
        .env("NO_COLOR", "1")
        .timeout(std::time::Duration::from_secs(240));
    if let Some(dir) = path {
        let path = std::env::var_os("PATH").unwrap();
        let paths = std::iter::once(dir.to_path_buf()).chain(std::env::split_paths(&path));
        cmd.env("PATH", std::env::join_paths(paths).unwrap());
    }
    cmd
}

/// Runs each row isolated and not, and fails naming every run that was not AC,
/// with what the judge said.
#[track_caller]
fn all_accepted(rows: &[(How, &[&str])], path: Option<&Path>) {
    let cases = sum_case();
    let mut failures = Vec::new();
    for (how, extra) in rows {
        for isolation in [&[][..], &["--no-isolation"]] {
            let args: Vec<&str> = extra.iter().chain(isolation).copied().collect();
            let out = judge(how, cases.path(), &args, path).output().unwrap();
            let stdout = String::from_utf8_lossy(&out.stdout);
            if out.status.code() != Some(0) || !stdout.contains("1/1 AC") {
                let what = match how {
                    How::File(name) => name.to_string(),
                    How::Cmd(line) => format!("--cmd {line}"),
                };
                failures.push(format!(
                    "{what} {args:?}: exit {:?}\n{stdout}{}",
                    out.status.code(),
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "not AC:\n{}", failures.join("\n"));
}

#[test]
fn c_programs_using_devices_a_deep_stack_threads_and_their_system_are_ac() {
    if !have(&["gcc"]) {
        return;
    }
    all_accepted(
        &[
            (How::File("devices.c"), &[]),
            (How::File("deep_recursion.c"), &[]),
            (How::File("threads.c"), &[]),
            (How::File("system.c"), &[]),
        ],
        None,
    );
}

#[test]
fn a_cpp_program_using_its_runtime_is_ac() {
    if !have(&["g++"]) {
        return;
    }
    all_accepted(&[(How::File("runtime.cpp"), &[])], None);
}

#[test]
fn a_python_program_using_the_standard_library_is_ac_also_through_a_pyenv_style_shim() {
    if !have(&["python3", "bash", "/usr/bin/python3"]) {
        return;
    }
    let pyenv = pyenv_style_root();
    let script = program("stdlib.py");
    all_accepted(
        &[
            (How::File("stdlib.py"), &[]),
            (How::Cmd(format!("python3 {}", sh(&script))), &[]),
        ],
        Some(&pyenv.path().join("shims")),
    );
}

/// A version manager's tree as pyenv lays it out: `shims/python3`, a bash script
/// on `PATH`, runs `libexec/pyenv exec python3 ARGS`, whose hooks write to
/// /dev/null (pyenv's own `pyenv-hooks` does) before it execs the interpreter
/// of the version in use (here the system's).
fn pyenv_style_root() -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt as _;
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().display().to_string();
    for (file, text) in [
        (
            "shims/python3",
            format!(
                "#!/usr/bin/env bash\nset -e\nprogram=\"${{0##*/}}\"\n\
                 export PYENV_ROOT=\"{dir}\"\nexec \"{dir}/libexec/pyenv\" exec \"$program\" \"$@\"\n"
            ),
        ),
        (
            "libexec/pyenv",
            "#!/usr/bin/env bash\nset -e\nshift\nprogram=\"$1\"\nshift\n\
             echo \"hooks for $program\" > /dev/null\n\
             command -v \"$program\" >/dev/null 2>&1 || true\n\
             exec \"/usr/bin/$program\" \"$@\"\n"
                .to_string(),
        ),
    ] {
        let path = root.path().join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    root
}

#[test]
fn a_python_reached_through_a_shim_or_a_wrapper_in_a_layout_of_its_own_is_ac() {
    if !have(&["python3", "bash", "/usr/bin/python3"]) {
        return;
    }
    // As a machine may have them: pyenv installed by a package manager (its
    // shims under the root, its `libexec/pyenv` in the manager's folder), and a
    // wrapper in a folder of its own running an interpreter through a link.
    // `cp-python3` is a name no system folder has: the jail's shell finds it
    // where the judge's does, or nowhere.
    use std::os::unix::fs::PermissionsExt as _;
    let tree = tempfile::tempdir().unwrap();
    let (root, cellar, tools) = (
        tree.path().join("pyenv-root"),
        tree.path().join("cellar/pyenv/2.4"),
        tree.path().join("tools"),
    );
    std::fs::create_dir_all(root.join("versions")).unwrap();
    std::fs::create_dir_all(tree.path().join("python/bin")).unwrap();
    let python = tree.path().join("python/bin/python3");
    std::os::unix::fs::symlink("/usr/bin/python3", &python).unwrap();
    let shim = |pyenv: &Path| {
        format!(
            "#!/usr/bin/env bash\nset -e\nprogram=\"${{0##*/}}\"\nexport PYENV_ROOT=\"{}\"\n\
             exec \"{}\" exec \"$program\" \"$@\"\n",
            root.display(),
            pyenv.display()
        )
    };
    for (file, text) in [
        (
            root.join("shims/cp-python3"),
            shim(&cellar.join("libexec/pyenv")),
        ),
        (
            cellar.join("libexec/pyenv"),
            "#!/usr/bin/env bash\nset -e\nshift\nprogram=\"$1\"\nshift\n\
             echo \"hooks for $program\" > /dev/null\nexec /usr/bin/python3 \"$@\"\n"
                .to_string(),
        ),
        (
            tools.join("cp-python3"),
            format!("#!/bin/sh\nexec \"{}\" \"$@\"\n", python.display()),
        ),
    ] {
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, text).unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let script = program("stdlib.py");
    // Started directly, and by the shell (a quoted word): both find the shim.
    let rows = [
        (How::Cmd(format!("cp-python3 {}", sh(&script))), &[][..]),
        (How::Cmd(format!("'cp-python3' {}", sh(&script))), &[]),
    ];
    all_accepted(&rows, Some(&root.join("shims")));
    all_accepted(&rows, Some(&tools));
}

#[test]
fn shell_scripts_writing_dev_null_through_pipelines_and_temporary_files_are_ac() {
    if !have(&["bash"]) {
        return;
    }
    all_accepted(
        &[
            (How::Cmd(format!("sh {}", sh(program("pipeline.sh")))), &[]),
            (How::Cmd(format!("bash {}", sh(program("stdio.bash")))), &[]),
        ],
        None,
    );
}

#[test]
fn programs_in_a_folder_whose_name_has_spaces_and_shell_characters_are_ac() {
    if !have(&["python3"]) {
        return;
    }
    // The command line names them quoted, as a shell needs: the isolated run
    // must see the very files the shell will open.
    use std::os::unix::fs::PermissionsExt as _;
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("my sols (v2); it's");
    std::fs::create_dir(&dir).unwrap();
    let py = dir.join("sum it.py");
    std::fs::write(&py, "a, b = map(int, input().split())\nprint(a + b)\n").unwrap();
    let script = dir.join("sum.sh");
    std::fs::write(&script, "#!/bin/sh\nread a b\necho $((a + b))\n").unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let escaped: String = py
        .to_str()
        .unwrap()
        .chars()
        .flat_map(|c| {
            if c.is_ascii_alphanumeric() || "/._-".contains(c) {
                vec![c]
            } else {
                vec!['\\', c]
            }
        })
        .collect();
    all_accepted(
        &[
            (How::Cmd(format!("python3 {}", sh(&py))), &[]),
            (How::Cmd(format!("python3 {escaped}")), &[]),
            (How::Cmd(sh(&script)), &[]),
            (How::Cmd(format!("{} extra", sh(&script))), &[]),
        ],
        None,
    );
}

#[test]
fn a_java_program_with_secure_random_and_a_thread_is_ac_at_any_memory_limit_from_64_mib() {
    if !have(&["javac", "java"]) {
        return;
    }
    let classes = tempfile::tempdir().unwrap();
    let built = std::process::Command::new("javac")
        .arg("-d")
        .arg(classes.path())
        .arg(program("Main.java"))
        .status()
        .unwrap();
    assert!(built.success());
    // `java` named by the command line, not by the judge: its heap comes from
    // the memory limit all the same.
    let cmd = format!("java -cp {} Main", sh(classes.path()));
    all_accepted(
        &[
            (How::File("Main.java"), &[]),
            (How::File("Main.java"), &["--memory-limit", "64"]),
            (How::File("Main.java"), &["--memory-limit", "1024"]),
            (How::Cmd(cmd.clone()), &["--memory-limit", "64"]),
            (How::Cmd(cmd), &[]),
        ],
        None,
    );
}

#[test]
fn a_java_program_that_fills_its_heap_is_mle_at_the_problems_limit() {
    if !have(&["javac", "java"]) {
        return;
    }
    // The other side of the JVM's uncapped address space: its heap, sized from
    // the limit, is what runs out.
    let cases = sum_case();
    cases.write(
        "Main.java",
        "import java.util.*;\npublic class Main { public static void main(String[] a) {\n\
         List<long[]> l = new ArrayList<>(); while (true) l.add(new long[1 << 20]); } }\n",
    );
    let mut cmd = Command::cargo_bin("judge").unwrap();
    cmd.arg("run")
        .arg(cases.path().join("Main.java"))
        .arg(cases.path())
        .args(["--memory-limit", "128"])
        .env(
            "CP_GAMES_CACHE",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("legitimate-cache"),
        )
        .env("NO_COLOR", "1")
        .assert()
        .code(1)
        .stdout(predicates::str::contains("MLE "))
        .stdout(predicates::str::contains(
            "the heap the memory limit of 128.0 MiB leaves a JVM is full",
        ));
}

#[test]
fn a_program_may_run_on_every_cpu_the_judge_may_though_its_worker_keeps_to_one() {
    // Each worker of `judge run` stays on one CPU, where its runs start; the
    // program must then be let onto all of them, so its threads can spread as
    // on a judge. `nproc` counts the CPUs it may run on (sched_getaffinity).
    let Some(cpus) = crate::support::cpus_to_spread_over() else {
        return;
    };
    let cases = Folder::echo_cases();
    for case in ["1", "2", "3", "4"] {
        cases.write(&format!("{case}.in"), "");
        cases.write(&format!("{case}.out"), &format!("{cpus}\n"));
    }
    for isolation in [&[][..], &["--no-isolation"]] {
        let args: Vec<&str> = ["-j", "2"].iter().chain(isolation).copied().collect();
        judge(&How::Cmd("nproc".into()), cases.path(), &args, None)
            .assert()
            .code(0)
            .stdout(predicates::str::contains("4/4 AC"));
    }
}

#[test]
fn a_problem_judged_by_name_may_run_on_every_cpu_though_its_first_worker_started_the_sandbox() {
    // `cargo judge NAME` starts the sandbox at its first run, from a worker that
    // keeps to one CPU: the sandbox (and so every program) must not inherit it.
    let Some(cpus) = crate::support::cpus_to_spread_over() else {
        return;
    };
    let ws = crate::tempws::TempWs::new(&[]);
    ws.write(
        "problems/cpus/Cargo.toml",
        "[package]\nname = \"cpus\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
         [[bin]]\nname = \"cpus\"\npath = \"src/main.rs\"\n",
    );
    ws.write(
        "problems/cpus/src/main.rs",
        "fn main() {\n    println!(\"{}\", std::thread::available_parallelism().map_or(1, |n| n.get()));\n}\n",
    );
    ws.write("testdata/cpus/problem.toml", "");
    for case in ["1", "2", "3", "4"] {
        ws.write(&format!("testdata/cpus/{case}.in"), "x\n");
        ws.write(&format!("testdata/cpus/{case}.out"), format!("{cpus}\n"));
    }
    ws.judge().args(["cpus", "-j", "2"]).assert().code(0);
}
