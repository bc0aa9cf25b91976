//! Helpers: temporary testdata folders and running `judge run` on the fixture.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// A temporary testdata folder.
pub struct Folder {
    pub dir: tempfile::TempDir,
}

impl Folder {
    /// A folder whose cases expect their own input back (what `fixture echo` prints).
    pub fn echo_cases() -> Folder {
        let f = Folder {
            dir: tempfile::tempdir().unwrap(),
        };
        f.write("1.in", "1 2\n3 4\n");
        f.write("1.out", "1 2\n3 4\n");
        f
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn write(&self, name: &str, text: &str) {
        let path = self.dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

pub fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_fixture"))
}

/// `text` (a path, a command line) as one word of a shell command line, for the
/// lines tests write: as it is when the shell would leave it alone, else
/// single-quoted. A clone may sit in a folder whose name has a space.
pub fn sh(text: impl AsRef<std::ffi::OsStr>) -> String {
    let text = text.as_ref().to_string_lossy();
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+,:@%".contains(c));
    if plain {
        text.into_owned()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

/// `judge run --cmd "fixture MODE" DIR` plus `extra`. stdout is not a terminal, so
/// the default `--color auto` writes no color.
pub fn judge_fixture(mode: &str, dir: &Path, extra: &[&str]) -> Command {
    let mut cmd = Command::cargo_bin("judge").unwrap();
    cmd.arg("run")
        .arg("--cmd")
        .arg(format!("{} {mode}", sh(fixture())))
        .arg(dir)
        .args(extra)
        .timeout(std::time::Duration::from_secs(60));
    cmd
}

/// How many CPUs the tests may run on, for a test of what a program started by a
/// worker that keeps to one CPU may use; `None` (skipped with a `SKIPPED:` line)
/// on one CPU, where a program kept to one looks the same.
pub fn cpus_to_spread_over() -> Option<usize> {
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    if cpus < 2 {
        eprintln!("SKIPPED: one CPU here, so a program kept to one looks the same");
        return None;
    }
    Some(cpus)
}

/// Whether the external tools a test needs (`gcc`, `python3`, `/usr/bin/time`, ...)
/// are installed. A missing tool skips the test with a `SKIPPED:` line on stderr,
/// unless `CP_GAMES_REQUIRE_TOOLS` is set (as `.ci/run` does after installing
/// them): then a missing tool fails the test, so CI can never go green by skipping.
pub fn have(tools: &[&str]) -> bool {
    let missing: Vec<&str> = tools
        .iter()
        .copied()
        .filter(|tool| {
            if tool.contains('/') {
                return !Path::new(tool).is_file();
            }
            !std::env::var_os("PATH")
                .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(tool).is_file()))
        })
        .collect();
    if missing.is_empty() {
        return true;
    }
    skip(&format!("{} not installed", missing.join(", ")))
}

/// [`have`] for tools `.ci/run` does not install (Kotlin: its Debian package
/// takes ~45 s to install): a missing one skips the test with a `SKIPPED:` line
/// even under `CP_GAMES_REQUIRE_TOOLS`, so CI passes without it, and says so.
pub fn have_optional(tools: &[&str]) -> bool {
    let missing: Vec<&str> = tools
        .iter()
        .copied()
        .filter(|tool| {
            !std::env::var_os("PATH")
                .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(tool).is_file()))
        })
        .collect();
    if missing.is_empty() {
        return true;
    }
    skip_or_fail(&format!("{} not installed", missing.join(", ")), false)
}

/// Skips a test for want of something the machine lacks (`what`, e.g. "gcc not
/// installed"): a `SKIPPED:` line on stderr and `false`, or, under
/// `CP_GAMES_REQUIRE_TOOLS`, a failure. Every skip for a missing tool goes through here.
pub fn skip(what: &str) -> bool {
    skip_or_fail(what, std::env::var_os("CP_GAMES_REQUIRE_TOOLS").is_some())
}

fn skip_or_fail(what: &str, required: bool) -> bool {
    assert!(!required, "CP_GAMES_REQUIRE_TOOLS is set but: {what}");
    eprintln!("SKIPPED: {what}");
    false
}

#[test]
fn a_missing_tool_skips_the_test() {
    assert!(!skip_or_fail("gcc not installed", false));
}

#[test]
#[should_panic(expected = "CP_GAMES_REQUIRE_TOOLS is set but: gcc not installed")]
fn a_missing_tool_fails_the_test_when_tools_are_required() {
    skip_or_fail("gcc not installed", true);
}

/// Whether a user other than the owner (the tests' `nobody`) can reach `dir`:
/// every folder on its way is searchable by others. A `TMPDIR` inside a private
/// (0700) folder is not, and a test that runs the judge as another user from
/// there skips, saying so.
pub fn reachable_by_others(dir: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt as _;
    let reachable = dir
        .ancestors()
        .skip(1)
        .all(|d| std::fs::metadata(d).is_ok_and(|m| m.permissions().mode() & 0o001 != 0));
    reachable
        || skip(&format!(
            "{} is not reachable by other users",
            dir.display()
        ))
}

/// The environment variable that marks every process one test starts (the judge,
/// and through it the solutions and their children, which inherit it).
pub const MARK_VAR: &str = "CP_GAMES_TEST_MARK";

/// A token no other test run uses, for [`MARK_VAR`]: leftovers are then found by
/// it, not by a command line another engineer's concurrent tests may share.
pub fn unique_mark(test: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("{test}-{}-{nanos}", std::process::id())
}

/// Pids of live (not zombie) processes carrying `mark` in their environment whose
/// command line, when `args` is not empty, is exactly `args`.
pub fn marked_processes(mark: &str, args: &[&str]) -> Vec<String> {
    let want_env = format!("{MARK_VAR}={mark}\0");
    let want_cmd: Vec<u8> = args.iter().flat_map(|a| a.bytes().chain([0])).collect();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let environ = std::fs::read(entry.path().join("environ")).unwrap_or_default();
        let marked = environ
            .split_inclusive(|&b| b == 0)
            .any(|v| v == want_env.as_bytes());
        if marked
            && (args.is_empty()
                || std::fs::read(entry.path().join("cmdline")).is_ok_and(|c| c == want_cmd))
        {
            found.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    found
}

/// Pids whose command line is exactly `args`.
pub fn processes_with_args(args: &[&str]) -> Vec<String> {
    let want: Vec<u8> = args.iter().flat_map(|a| a.bytes().chain([0])).collect();
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        if std::fs::read(entry.path().join("cmdline")).is_ok_and(|c| c == want) {
            found.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    found
}

/// Some line of the output satisfies `test` (what a `(?m)^...` regex said, without
/// compiling the regex crate into every test build).
pub fn a_line(test: impl Fn(&str) -> bool) -> impl predicates::Predicate<str> {
    predicates::function::function(move |out: &str| out.lines().any(&test))
}

/// `text` is a decimal number (the `\d+` of a pattern).
pub fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// Polls `ready` every 20 ms until it holds; panics saying `what` never happened
/// after `within`.
#[track_caller]
pub fn wait_until(within: std::time::Duration, what: &str, mut ready: impl FnMut() -> bool) {
    let deadline = std::time::Instant::now() + within;
    while !ready() {
        assert!(std::time::Instant::now() < deadline, "{what}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Waits up to `within` until `list` (of processes a run left) is empty; panics
/// naming what is still there.
#[track_caller]
pub fn none_left(within: std::time::Duration, list: impl Fn() -> Vec<String>) {
    let deadline = std::time::Instant::now() + within;
    loop {
        let left = list();
        if left.is_empty() {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "left running: {left:?}"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// The JSON document `out` holds; panics showing the text when it is not JSON.
#[track_caller]
pub fn json_of(out: &[u8]) -> serde_json::Value {
    serde_json::from_slice(out).unwrap_or_else(|e| {
        panic!("not JSON ({e}): {}", String::from_utf8_lossy(out));
    })
}

/// The seed in stress's `FOUND on seed S`; panics showing the output without one.
#[track_caller]
pub fn found_seed(out: &[u8]) -> u64 {
    let out = String::from_utf8_lossy(out);
    out.split("FOUND on seed ")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no seed in {out}"))
}

/// Runs `cmd` (a judge asked for `--format json`), asserts its exit status is
/// `code`, and returns its report.
#[track_caller]
pub fn json_report(cmd: &mut Command, code: i32) -> serde_json::Value {
    let out = cmd.assert().code(code).get_output().stdout.clone();
    json_of(&out)
}

/// The strings of the JSON array `list` (a report's `errors`); panics on
/// anything else.
#[track_caller]
pub fn strings(list: &serde_json::Value) -> Vec<&str> {
    list.as_array()
        .unwrap_or_else(|| panic!("not an array: {list}"))
        .iter()
        .map(|e| e.as_str().unwrap_or_else(|| panic!("not a string: {e}")))
        .collect()
}
