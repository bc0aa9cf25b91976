//! The progress line on a real terminal (through a pty): it names the cases
//! running now, comes back under each failure block, and is gone at the end and
//! after Ctrl-C; and that terminal is not the programs' to open.
//!
//! The pty is driven by python3's `pty` module (a dozen lines, no build cost);
//! without python3 the tests are skipped with a message saying so (and fail
//! under `CP_GAMES_REQUIRE_TOOLS`, as `.ci/run` sets).

use crate::support::{Folder, fixture};

/// Runs `argv` on a pty (stdout and stderr both the terminal) and prints
/// everything the terminal received, as bytes, to stdout; exits with the
/// program's status. With `--ctrl-c TEXT`, types Ctrl-C once TEXT has appeared.
const DRIVER: &str = r#"
import os, pty, sys
args = sys.argv[1:]
trigger = None
if args[0] == "--ctrl-c":
    trigger, args = args[1].encode(), args[2:]
pid, fd = pty.fork()
if pid == 0:
    os.execv(args[0], args)
seen = b""
while True:
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        break
    if not chunk:
        break
    seen += chunk
    if trigger is not None and trigger in seen:
        os.write(fd, b"\x03")
        trigger = None
_, status = os.waitpid(pid, 0)
sys.stdout.buffer.write(seen)
sys.exit(os.waitstatus_to_exitcode(status))
"#;

/// The terminal's bytes and the judge's exit status, or `None` (with a message)
/// when python3 cannot drive a pty here.
fn on_a_terminal(ctrl_c_after: Option<&str>, args: &[String]) -> Option<(String, i32)> {
    if !crate::support::have(&["python3"]) {
        return None;
    }
    let mut cmd = std::process::Command::new("python3");
    cmd.arg("-c").arg(DRIVER);
    if let Some(text) = ctrl_c_after {
        cmd.args(["--ctrl-c", text]);
    }
    cmd.arg(assert_cmd::cargo::cargo_bin("judge"))
        .args(args)
        .env("NO_COLOR", "1");
    let out = cmd.output().unwrap();
    Some((
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code().unwrap_or(-1),
    ))
}

/// Case 1 is wrong at once; cases 2 and 3 sleep into the wall-clock backstop.
fn one_wrong_then_two_sleepers() -> Folder {
    let f = Folder::echo_cases();
    f.write("1.in", "wrong\n");
    f.write("2.in", "sleep\n");
    f.write("3.in", "sleep\n");
    for i in 1..=3 {
        f.write(&format!("{i}.out"), "right\n");
    }
    f
}

/// Case 1 answers only once case 2 has started (a file in the case folder says
/// so, waited for at most 5 s), so "running 1, 2" is on the screen before the
/// WA block however loaded the machine is; `--no-isolation` lets the runs share
/// that folder.
fn run_args(f: &Folder, time_limit: &str) -> Vec<String> {
    let started = f.path().join("started");
    let cmd = format!(
        "read x; if [ $x = wrong ]; then \
             i=0; while [ ! -e {s} ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i+1)); done; \
             echo wrong; \
         else touch {s}; exec {} sleep; fi",
        crate::support::sh(fixture()),
        s = crate::support::sh(&started),
    );
    vec![
        "run".into(),
        "--no-isolation".into(),
        "-j".into(),
        "2".into(),
        "--time-limit".into(),
        time_limit.into(),
        "--cmd".into(),
        cmd,
        f.path().display().to_string(),
    ]
}

const CLEAR: &str = "\r\x1b[2K";

#[test]
fn the_progress_line_names_what_runs_is_redrawn_after_a_failure_and_cleared_at_the_end() {
    let f = one_wrong_then_two_sleepers();
    let Some((screen, code)) = on_a_terminal(None, &run_args(&f, "0.2")) else {
        return;
    };
    assert_eq!(code, 1, "{screen:?}");
    // What is running, by name, while nothing has finished.
    assert!(screen.contains("[0/3] running 1, 2"), "{screen:?}");
    // Under the WA block, the line comes back with what still runs.
    let wa = screen.find("WA  ").expect("a WA block");
    let after_wa = &screen[wa..];
    let redraw = after_wa
        .find("] running ")
        .expect("redrawn after the WA block");
    assert!(
        after_wa[..redraw].contains(CLEAR),
        "redrawn in place: {screen:?}"
    );
    assert!(
        after_wa[..redraw + 1].ends_with("[1/3]") && after_wa[redraw..].starts_with("] running 2"),
        "{screen:?}"
    );
    // Under a TLE block, with nothing new to start, the line comes back too.
    let tle = screen.find("TLE ").expect("a TLE block");
    assert!(
        screen[tle..].contains("[2/3] running 3"),
        "not redrawn after the TLE block: {screen:?}"
    );
    // At the end it is cleared: nothing of it is left after the last clear.
    let last_draw = screen.rfind("] running ").unwrap();
    let last_clear = screen.rfind(CLEAR).unwrap();
    assert!(last_clear > last_draw, "left on screen: {screen:?}");
    assert!(
        screen[last_clear..].contains("total "),
        "the table comes after: {screen:?}"
    );
}

#[test]
fn ctrl_c_clears_the_progress_line_before_saying_it_was_interrupted() {
    let f = one_wrong_then_two_sleepers();
    let Some((screen, code)) = on_a_terminal(Some("running 2, 3"), &run_args(&f, "100")) else {
        return;
    };
    assert_eq!(code, 130, "{screen:?}");
    let interrupted = screen
        .find("interrupted: every running solution")
        .expect("the interruption is said");
    let last_draw = screen.rfind("] running ").unwrap();
    let last_clear = screen[..interrupted].rfind(CLEAR).expect("a clear");
    assert!(
        last_draw < last_clear,
        "the progress line is left above `interrupted`: {screen:?}"
    );
}

/// The judge's terminal is not the programs' controlling terminal: one run
/// without isolation that opens /dev/tty gets ENXIO at once, as on a judge,
/// instead of the terminal, where a read would stop it (it is not in the
/// foreground process group) until the wall-clock backstop made it TLE.
#[test]
fn a_program_cannot_open_the_judges_terminal_as_dev_tty() {
    let f = Folder::echo_cases();
    let cmd = "if exec 3</dev/tty; then read x <&3; fi; cat";
    let args: Vec<String> = ["run", "--no-isolation", "--time-limit", "5", "--cmd", cmd]
        .into_iter()
        .map(String::from)
        .chain([f.path().display().to_string()])
        .collect();
    let Some((screen, code)) = on_a_terminal(None, &args) else {
        return;
    };
    assert_eq!(code, 1, "{screen:?}");
    assert!(screen.contains("RE  "), "{screen:?}");
    assert!(screen.contains("No such device or address"), "{screen:?}");
}
