//! Isolation (issue 22): a program sees its input, its work folder and nothing
//! else. Each test runs one `fixture probe-*` that tries one forbidden thing and
//! echoes its input (AC) only when it was kept from it; the same probe with
//! `--no-isolation` gets through (WA) when the tests run as root, as CI does, so
//! each test fails without the protection it names.
//!
//! Where the kernel refuses a namespace the judge says so and goes on; these tests
//! then skip with a message (and fail under `CP_GAMES_REQUIRE_TOOLS`).

use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;

use crate::support::{Folder, json_of, json_report, judge_fixture};

/// A folder with two cases, `a` and `b`, whose answers are their inputs.
fn two_cases() -> Folder {
    let f = Folder::echo_cases();
    std::fs::remove_file(f.path().join("1.in")).unwrap();
    std::fs::remove_file(f.path().join("1.out")).unwrap();
    f.write("a.in", "secret input a\n");
    f.write("a.out", "secret input a\n");
    f.write("b.in", "secret input b\n");
    f.write("b.out", "secret input b\n");
    f
}

#[allow(unsafe_code)] // geteuid: no safe std API.
fn root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// Whether this kernel grants every protection: the judge's JSON report says
/// `"isolation": "on"` after a run. Otherwise the test is skipped with a message,
/// or fails under `CP_GAMES_REQUIRE_TOOLS`.
fn isolation_granted() -> bool {
    let f = Folder::echo_cases();
    let out = judge_fixture("echo", f.path(), &["--format", "json"])
        .output()
        .unwrap();
    let isolation = json_of(&out.stdout)["isolation"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    if isolation == "on" {
        return true;
    }
    assert!(
        std::env::var_os("CP_GAMES_REQUIRE_TOOLS").is_none(),
        "CP_GAMES_REQUIRE_TOOLS is set but this kernel refuses isolation: {isolation}"
    );
    eprintln!("SKIPPED: the kernel refuses isolation here ({isolation})");
    false
}

/// Runs `probe ARG` on the folder: kept from it with isolation (AC), and, as
/// root, through without it (WA saying what it got away with).
#[track_caller]
fn kept_only_by_isolation(probe: &str, arg: &str, dir: &Path) {
    let mode = format!("probe-{probe} {}", crate::support::sh(arg));
    judge_fixture(&mode, dir, &["-v"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("escaped").not());
    if root() {
        judge_fixture(&mode, dir, &["--no-isolation"])
            .assert()
            .code(1)
            .stdout(predicate::str::contains("WA "));
    } else {
        eprintln!("not root: the probe without isolation is not checked to get through");
    }
}

#[test]
fn a_program_does_not_run_as_root() {
    if !isolation_granted() {
        return;
    }
    kept_only_by_isolation("uid", "", two_cases().path());
}

/// A fork bomb stops at the run's process limit (isolate's `--processes`,
/// DOMjudge's `process_limit`): its forks fail long before 3,000, where without
/// isolation they all succeed; and every process it made is gone when the judge
/// is, not left filling the machine's pid space.
#[test]
fn a_fork_bomb_stops_at_the_process_limit_and_leaves_nothing() {
    if !isolation_granted() {
        return;
    }
    kept_only_by_isolation("forks", "3000", two_cases().path());
    let left: Vec<String> = std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| std::fs::read(e.ok()?.path().join("cmdline")).ok())
        .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
        .filter(|c| c.contains("probe-forks"))
        .collect();
    assert!(left.is_empty(), "left running: {left:?}");
}

/// A fork bomb of spinners (every process forks, up to the process limit's
/// thousand, and spins) ends at its CPU limit, counted over all its processes,
/// and a solution judged beside it at the same time is unhurt: the keeper
/// watching the bomb is ahead of it on the CPU. Before, the keeper got a
/// thousandth of a CPU to look at the bomb's time, which ran to 18 s of CPU and
/// 13 s of wall time under a 2 s limit, while the run beside it got 13 ms of CPU
/// in 7.7 s and was TLE; counting the leader's CPU alone, the bomb ran to its
/// wall-clock backstop (5 s, 6.5 s of CPU).
#[test]
fn a_fork_bomb_of_spinners_ends_at_its_cpu_limit_and_a_run_beside_it_is_unhurt() {
    if !isolation_granted() {
        return;
    }
    // Also a bomb whose every process makes a session, so (where the kernel
    // has autogroup) a scheduling group, of its own, which nice alone would not
    // get ahead of: the keeper, a real-time task, still ends it in time.
    for bomb in ["bomb", "bomb-sessions"] {
        let f = two_cases();
        for (case, line) in [("a", format!("{bomb}\n")), ("b", "spin 100\n".into())] {
            f.write(&format!("{case}.in"), &line);
            f.write(&format!("{case}.out"), &line);
        }
        let args = ["-j", "2", "--time-limit", "0.5", "--format", "json"];
        let json = json_report(&mut judge_fixture("by-input", f.path(), &args), 1);
        let case = |name: &str| {
            json["cases"]
                .as_array()
                .and_then(|cases| cases.iter().find(|c| c["case"] == name))
                .cloned()
                .unwrap_or_else(|| panic!("no case {name}: {json}"))
        };
        let (a, beside) = (case("a"), case("b"));
        assert_eq!(beside["verdict"], "AC", "the run beside the {bomb}: {json}");
        assert_eq!(a["verdict"], "TLE", "{json}");
        let (cpu, wall) = (a["time"].as_f64().unwrap(), a["wall"].as_f64().unwrap());
        // The backstop is 2 x 0.5 + 1 = 2 s.
        if wall >= 1.9 && cpu < 0.625 {
            eprintln!(
                "note: the machine is too busy for the {bomb} to reach its CPU limit: {json}"
            );
            continue;
        }
        assert!(
            cpu < 1.0,
            "the {bomb} ran to {cpu} s of CPU under a 0.5 s limit: {json}"
        );
    }
}

#[test]
fn a_program_cannot_reach_a_listener_on_127_0_0_1() {
    if !isolation_granted() {
        return;
    }
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap().to_string();
    kept_only_by_isolation("connect", &address, two_cases().path());
}

#[test]
fn a_program_cannot_read_its_cases_expected_output() {
    if !isolation_granted() {
        return;
    }
    let f = two_cases();
    let answer = f.path().join("a.out");
    kept_only_by_isolation("read", answer.to_str().unwrap(), f.path());
}

#[test]
fn a_program_cannot_read_another_cases_input() {
    if !isolation_granted() {
        return;
    }
    let f = two_cases();
    let other = f.path().join("b.in");
    kept_only_by_isolation("read", other.to_str().unwrap(), f.path());
}

/// `probe-write PATH` is kept (and nothing appears at PATH), and gets through
/// without isolation.
#[track_caller]
fn cannot_write(dir: &Path, target: &Path) {
    kept_only_by_isolation("write", target.to_str().unwrap(), dir);
    let planted = target.exists();
    let _ = std::fs::remove_file(target);
    assert_eq!(planted, root(), "{} planted: {planted}", target.display());
}

#[test]
fn a_program_cannot_write_into_the_testdata_folder() {
    if !isolation_granted() {
        return;
    }
    let f = two_cases();
    cannot_write(f.path(), &f.path().join("planted.txt"));
}

#[test]
fn a_program_writes_a_private_tmp_not_the_machines() {
    if !isolation_granted() {
        return;
    }
    // Its own /tmp is writable (scratch files are fine): the write succeeds, and
    // lands where nobody else looks.
    let f = two_cases();
    let target = Path::new("/tmp").join(format!("cp-judge-probe-{}", std::process::id()));
    let mode = format!("probe-write {}", crate::support::sh(&target));
    judge_fixture(&mode, f.path(), &[]).assert().code(1);
    assert!(!target.exists(), "{} was written", target.display());
    if root() {
        judge_fixture(&mode, f.path(), &["--no-isolation"])
            .assert()
            .code(1);
        assert!(
            target.exists(),
            "the probe did not write {}",
            target.display()
        );
        std::fs::remove_file(&target).unwrap();
    }
}

#[test]
fn a_program_cannot_write_into_the_home_folder() {
    if !isolation_granted() {
        return;
    }
    let Some(home) = std::env::var_os("HOME").filter(|h| Path::new(h).is_dir()) else {
        eprintln!("SKIPPED: no home folder");
        return;
    };
    let f = two_cases();
    let target = Path::new(&home).join(format!(".cp-judge-probe-{}", std::process::id()));
    cannot_write(f.path(), &target);
}

/// A process outside the run, killed when dropped.
struct Outsider(std::process::Child);

impl Drop for Outsider {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn outsider() -> Outsider {
    Outsider(
        std::process::Command::new("sleep")
            .arg("3620")
            .env("CP_JUDGE_OUTSIDER_SECRET", "1")
            .spawn()
            .unwrap(),
    )
}

#[test]
fn a_program_cannot_signal_a_process_outside_its_run() {
    if !isolation_granted() {
        return;
    }
    let other = outsider();
    kept_only_by_isolation("signal", &other.0.id().to_string(), two_cases().path());
}

#[test]
fn a_program_cannot_read_the_environment_of_a_process_outside_its_run() {
    if !isolation_granted() {
        return;
    }
    let other = outsider();
    kept_only_by_isolation("environ", &other.0.id().to_string(), two_cases().path());
}

#[test]
fn a_program_writes_scratch_files_in_its_work_folder_and_tmp_and_is_ac() {
    if !isolation_granted() {
        return;
    }
    let f = two_cases();
    judge_fixture("probe-scratch", f.path(), &[])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("2/2 AC"));
    // And the files are gone with the run: not in the testdata, not in the judge's
    // folder.
    assert!(!f.path().join("scratch.txt").exists());
}

#[test]
fn each_run_finds_its_work_folder_and_tmp_empty_whatever_the_last_one_left() {
    if !isolation_granted() {
        return;
    }
    // One worker, so one keeper serves every case: each run leaves files in its
    // work folder and /tmp and makes the folder read-only; the next must not see it.
    let f = two_cases();
    f.write("c.in", "secret input c\n");
    f.write("c.out", "secret input c\n");
    judge_fixture("probe-fresh", f.path(), &["-j", "1"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("3/3 AC"));
}

#[test]
fn no_isolation_is_said_in_every_report() {
    let f = two_cases();
    let junit = f.path().join("report.xml");
    judge_fixture("echo", f.path(), &["--no-isolation"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("isolation: off (--no-isolation)"));
    let out = judge_fixture("echo", f.path(), &["--no-isolation", "--format", "json"])
        .arg("--junit")
        .arg(&junit)
        .output()
        .unwrap();
    assert_eq!(json_of(&out.stdout)["isolation"], "off (--no-isolation)");
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(
        xml.contains("<property name=\"isolation\" value=\"off (--no-isolation)\"/>"),
        "{xml}"
    );
}

#[test]
fn a_protection_the_kernel_refuses_is_said_once_and_the_run_goes_on() {
    if !isolation_granted() {
        return;
    }
    // The sandbox's test hook refuses the network namespace, as a container
    // without the capability would.
    let f = two_cases();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let out = judge_fixture(&format!("probe-connect {address}"), f.path(), &["-j", "2"])
        .env("CP_JUDGE_SANDBOX_REFUSE", "net")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr.matches("warning: isolation is partial").count(),
        1,
        "{stderr}"
    );
    assert!(stderr.contains("network"), "{stderr}");
    assert!(
        stdout.contains("isolation: partial (missing: network"),
        "{stdout}"
    );
    // The missing protection is really missing; the rest holds.
    assert!(stdout.contains("escaped: connected"), "{stdout}");
    judge_fixture("probe-uid", f.path(), &[])
        .env("CP_JUDGE_SANDBOX_REFUSE", "net")
        .assert()
        .code(0);
}

/// The judge as an unprivileged user (issue 22: "as a normal user, the user's own
/// uid in a user namespace where the kernel allows it"): copies of the judge and
/// the fixture, and two cases, in a folder uid 65534 (`nobody`) can read, run
/// through `setpriv` as that user. `None` (skipped with a message) when the
/// tests do not run as root, who alone can switch users.
struct Unprivileged {
    dir: tempfile::TempDir,
}

impl Unprivileged {
    fn new() -> Option<Unprivileged> {
        if !root() {
            eprintln!(
                "SKIPPED: the tests do not run as root, so they cannot run the judge as \
                 another user (the other isolation tests already run it unprivileged)"
            );
            return None;
        }
        if !crate::support::have(&["setpriv"]) {
            return None;
        }
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        if !crate::support::reachable_by_others(dir.path()) {
            return None;
        }
        let cases = dir.path().join("cases");
        std::fs::create_dir(&cases).unwrap();
        for (name, text) in [
            ("a.in", "secret input a\n"),
            ("a.out", "secret input a\n"),
            ("b.in", "secret input b\n"),
            ("b.out", "secret input b\n"),
        ] {
            std::fs::write(cases.join(name), text).unwrap();
        }
        std::fs::copy(env!("CARGO_BIN_EXE_judge"), dir.path().join("judge")).unwrap();
        std::fs::copy(crate::support::fixture(), dir.path().join("fixture")).unwrap();
        for (path, mode) in [
            (dir.path().to_path_buf(), 0o755),
            (cases.clone(), 0o755),
            (dir.path().join("judge"), 0o755),
            (dir.path().join("fixture"), 0o755),
        ] {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
        }
        Some(Unprivileged { dir })
    }

    fn cases(&self) -> std::path::PathBuf {
        self.dir.path().join("cases")
    }

    /// `judge run --cmd "fixture MODE" cases --format json` as uid/gid 65534, with
    /// no supplementary groups; the JSON report and the exit code.
    fn judge(&self, mode: &str, extra: &[&str]) -> (serde_json::Value, Option<i32>) {
        let fixture = crate::support::sh(self.dir.path().join("fixture"));
        self.judge_cmd(&format!("{fixture} {mode}"), &self.cases(), extra)
    }

    /// `judge run --cmd LINE CASES --format json` as uid/gid 65534, as above.
    fn judge_cmd(
        &self,
        line: &str,
        cases: &std::path::Path,
        extra: &[&str],
    ) -> (serde_json::Value, Option<i32>) {
        let out = std::process::Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(self.dir.path().join("judge"))
            .arg("run")
            .arg("--cmd")
            .arg(line)
            .arg(cases)
            .args(["--format", "json"])
            .args(extra)
            .current_dir(self.dir.path())
            .env("HOME", self.dir.path())
            .env_remove("TMPDIR")
            .output()
            .unwrap();
        (json_of(&out.stdout), out.status.code())
    }
}

#[test]
fn run_as_an_unprivileged_user_the_judge_isolates_programs_in_a_user_namespace() {
    let Some(u) = Unprivileged::new() else {
        return;
    };
    let (json, code) = u.judge("echo", &[]);
    let isolation = json["isolation"].as_str().unwrap_or_default().to_string();
    if isolation != "on" {
        // The judge ran but the kernel refused this user a namespace (or one of
        // the protections inside it): it says so, and goes on.
        assert!(isolation.starts_with("partial"), "{json}");
        eprintln!("SKIPPED: as uid 65534 the kernel refuses isolation here ({isolation})");
        return;
    }
    assert_eq!(code, Some(0), "{json}");
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let answer = u.cases().join("a.out");
    let escapes = [
        format!("probe-read {}", crate::support::sh(&answer)),
        format!("probe-connect {address}"),
    ];
    let verdicts = |json: &serde_json::Value| -> Vec<String> {
        let cases = json["cases"].as_array().cloned().unwrap_or_default();
        cases.iter().map(|c| c["verdict"].to_string()).collect()
    };
    // Kept from the testdata and the network, and still writes its scratch files.
    for mode in escapes.iter().map(String::as_str).chain(["probe-scratch"]) {
        let (json, code) = u.judge(mode, &[]);
        assert_eq!(code, Some(0), "{mode}: {json}");
        assert_eq!(verdicts(&json), ["\"AC\"", "\"AC\""], "{mode}: {json}");
    }
    // The same user without the namespaces gets through: they did the keeping.
    for mode in &escapes {
        let (json, code) = u.judge(mode, &["--no-isolation"]);
        assert_eq!(code, Some(1), "{mode}: {json}");
        assert_eq!(verdicts(&json), ["\"WA\"", "\"WA\""], "{mode}: {json}");
    }
}

#[test]
fn run_as_an_unprivileged_user_a_program_cannot_leave_files_in_the_jail_for_later_runs() {
    let Some(u) = Unprivileged::new() else {
        return;
    };
    // In a user namespace the program has the keeper's uid, which owns the
    // jail's folders: only a read-only view keeps it from writing them (its work
    // folder and /tmp, emptied after each run, excepted).
    for target in ["/planted", "/dev/planted"] {
        let (json, code) = u.judge(&format!("probe-write {target}"), &[]);
        if json["isolation"] != "on" {
            eprintln!("SKIPPED: as uid 65534 the kernel refuses isolation here");
            return;
        }
        assert_eq!(code, Some(0), "{target}: {json}");
    }
    let (json, code) = u.judge("probe-scratch", &[]);
    assert_eq!(code, Some(0), "{json}");
}

#[test]
fn a_program_found_through_a_link_outside_the_system_folders_runs() {
    if !isolation_granted() {
        return;
    }
    // `~/.local/bin/lua -> /usr/bin/lua5.4`: the link's folder is not in the
    // jail, and its name may be in no folder that is.
    let bin = tempfile::tempdir().unwrap();
    let cat = std::fs::canonicalize("/bin/cat").unwrap();
    std::os::unix::fs::symlink(&cat, bin.path().join("cp-games-linked-cat")).unwrap();
    let path = std::env::join_paths(
        std::iter::once(bin.path().to_path_buf())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap();
    let f = Folder::echo_cases();
    Command::cargo_bin("judge")
        .unwrap()
        .env("PATH", path)
        .args(["run", "--cmd", "cp-games-linked-cat"])
        .arg(f.path())
        .assert()
        .code(0)
        .stdout(predicate::str::contains("1/1 AC"));
}

/// Runs `sh -c CODE` isolated, in this process's own sandbox, sharing `code` as a
/// program's code (bound read-only and kept by its keeper for its next run, as a
/// script or an interpreter's install is): the first line it prints is the uid
/// it ran as, then what `CODE` printed.
fn run_sharing(code: &str, shares: &[&Path]) -> (String, String) {
    use judge_sandbox::{Access, Ended, ResourceLimits, RunSpec, Spec, Stdio as Io};
    let limits = ResourceLimits {
        cpu: None,
        address_space: None,
        file_size: None,
        wall: std::time::Duration::from_secs(20),
    };
    let mut run = RunSpec::new("sh");
    run.args(["-c", &format!("id -u; {code}")]);
    for path in shares {
        run.share(path, Access::Code);
    }
    let out = tempfile::tempfile().unwrap();
    let io = Io {
        stdin: std::fs::File::open("/dev/null").unwrap().into(),
        stdout: out.try_clone().unwrap().into(),
        stderr: std::fs::File::create("/dev/null").unwrap().into(),
    };
    let running = judge_sandbox::spawn(&Spec::from_run(&run, limits), io).unwrap();
    assert!(matches!(running.wait().unwrap(), Ended::Finished(_)));
    let text = std::fs::read_to_string(format!("/proc/self/fd/{}", {
        use std::os::fd::AsRawFd as _;
        out.as_raw_fd()
    }))
    .unwrap();
    let (uid, rest) = text.split_once('\n').unwrap_or((&text, ""));
    (uid.to_string(), rest.to_string())
}

/// Runs `runs` (each `(CODE, shares)`, see [`run_sharing`]) one after another on
/// one keeper (as root each keeper runs programs as a uid of its own: a run that
/// went to another, when a test beside this one took the first, starts the
/// series again): what each printed.
fn on_one_keeper(runs: &[(&str, &[&Path])]) -> Vec<String> {
    for _ in 0..5 {
        let outs: Vec<(String, String)> = runs
            .iter()
            .map(|(code, shares)| run_sharing(code, shares))
            .collect();
        if outs.iter().all(|(uid, _)| *uid == outs[0].0) {
            return outs.into_iter().map(|(_, out)| out).collect();
        }
    }
    panic!("five times the runs did not go to one keeper");
}

/// A folder outside `/tmp` (the jail's `/tmp` is emptied after every run, paths
/// made there included) for files a test's programs share.
fn shared_folder() -> tempfile::TempDir {
    tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap()
}

#[test]
fn a_program_does_not_see_the_paths_of_the_files_bound_for_one_run_before_it() {
    if !isolation_granted() {
        return;
    }
    let dir = shared_folder();
    let script = dir.path().join("submissions/accepted/x.py");
    std::fs::create_dir_all(script.parent().unwrap()).unwrap();
    std::fs::write(&script, "print(1)\n").unwrap();
    let first = format!("cat {}", script.display());
    // `ls -A` of every folder above the script, empty where the jail has none.
    let look = format!(
        "for d in {}; do ls -A $d 2>/dev/null; done; echo end",
        script
            .ancestors()
            .skip(1)
            .take_while(|a| *a != Path::new("/"))
            .map(|a| a.display().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    let seen = on_one_keeper(&[(&first, &[&script]), (&look, &[])]);
    assert_eq!(
        seen,
        ["print(1)\n", "end\n"],
        "the next program saw these names"
    );
}

/// `dir/sysroot` and its `bin/rustc` (which says `inner`), as a confined rustc has
/// them: two binds, one inside the other.
fn sysroot_with_rustc(dir: &std::path::Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let sysroot = dir.join("sysroot");
    let rustc = sysroot.join("bin/rustc");
    std::fs::create_dir_all(rustc.parent().unwrap()).unwrap();
    std::fs::write(&rustc, "inner\n").unwrap();
    (sysroot, rustc)
}

#[test]
fn a_run_wanting_only_a_bind_that_lay_inside_an_unmounted_one_finds_it() {
    if !isolation_granted() {
        return;
    }
    // A confined rustc's sysroot, and its own bin/rustc.
    let dir = shared_folder();
    let (sysroot, rustc) = sysroot_with_rustc(dir.path());
    let cat = format!("cat {}", rustc.display());
    let seen = on_one_keeper(&[(&cat, &[&sysroot, &rustc]), (&cat, &[&rustc])]);
    assert_eq!(seen, ["inner\n", "inner\n"]);
}

#[test]
fn a_bind_made_before_the_one_it_lies_in_is_gone_with_it() {
    if !isolation_granted() {
        return;
    }
    // The inner bind first: the outer one, bound on its mount point later, lies
    // over it, and the inner shows again once the outer is unmounted.
    let dir = shared_folder();
    let (sysroot, rustc) = sysroot_with_rustc(dir.path());
    let cat = format!("cat {} 2>/dev/null; echo end", rustc.display());
    let seen = on_one_keeper(&[(&cat, &[&rustc]), (&cat, &[&sysroot, &rustc]), (&cat, &[])]);
    assert_eq!(seen, ["inner\nend\n", "inner\nend\n", "end\n"]);
}

#[test]
fn run_as_an_unprivileged_user_a_program_may_run_on_every_cpu_the_judge_may() {
    // Not root, a keeper is no real-time task, so the program's side lets itself
    // onto every CPU before `exec` (as root the keeper does it after): `nproc`
    // counts the CPUs it may run on, isolated and not, from both workers.
    let Some(u) = Unprivileged::new() else {
        return;
    };
    let Some(cpus) = crate::support::cpus_to_spread_over() else {
        return;
    };
    let cases = u.dir.path().join("cpus");
    std::fs::create_dir(&cases).unwrap();
    for case in ["1", "2", "3", "4"] {
        std::fs::write(cases.join(format!("{case}.in")), "").unwrap();
        std::fs::write(cases.join(format!("{case}.out")), format!("{cpus}\n")).unwrap();
    }
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::set_permissions(&cases, std::fs::Permissions::from_mode(0o755)).unwrap();
    for isolation in [&[][..], &["--no-isolation"]] {
        let args: Vec<&str> = ["-j", "2"].iter().chain(isolation).copied().collect();
        let (json, code) = u.judge_cmd("nproc", &cases, &args);
        assert_eq!(code, Some(0), "{isolation:?}: {json}");
    }
}
