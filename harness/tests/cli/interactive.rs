//! Interactive judging (`judge run --cmd SOL DIR --interactor CMD` and
//! `type = "interactive"` in problem.toml), one verdict rule per test, over
//! `fixture_interactive` (both sides of a ping/pong game, misbehaving on demand).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use assert_cmd::Command;
use predicates::prelude::*;

use crate::support::{Folder, sh};

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_fixture_interactive"))
}

/// A folder with one case: `rounds` ping/pong rounds, an empty answer file.
fn game(rounds: u32) -> Folder {
    let f = Folder {
        dir: tempfile::tempdir().unwrap(),
    };
    f.write("1.in", &format!("{rounds}\n"));
    f.write("1.out", "");
    f
}

/// `judge run --cmd "fixture_interactive solution SOL" DIR --interactor
/// "fixture_interactive interactor INT"` plus `extra`.
fn judge(solution: &str, interactor: &str, dir: &Path, extra: &[&str]) -> Command {
    let mut cmd = against(
        solution,
        &format!("{} interactor {interactor}", sh(fixture())),
        dir,
    );
    cmd.args(extra);
    cmd
}

/// `judge run --cmd "fixture_interactive solution SOL" DIR --interactor LINE`,
/// the interactor's command line as given.
fn against(solution: &str, interactor: &str, dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("judge").unwrap();
    cmd.arg("run")
        .arg("--cmd")
        .arg(format!("{} solution {solution}", sh(fixture())))
        .arg(dir)
        .arg("--interactor")
        .arg(interactor)
        .timeout(Duration::from_secs(60));
    cmd
}

fn json(cmd: &mut Command, code: i32) -> serde_json::Value {
    let out = cmd.arg("--format").arg("json").assert().code(code);
    crate::support::json_of(&out.get_output().stdout)
}

/// The text of the first case's extra titled `title` (prefix) in a JSON report.
fn extra(v: &serde_json::Value, title: &str) -> String {
    v["cases"][0]["extra"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["title"].as_str().unwrap().starts_with(title))
        .map(|e| e["text"].as_str().unwrap().to_string())
        .unwrap_or_default()
}

#[test]
fn a_correct_solution_is_accepted_and_verbose_shows_the_dialogue() {
    let f = game(3);
    judge("pong", "ping", f.path(), &["-v"])
        .assert()
        .code(0)
        .stdout(
        predicate::str::contains("AC  ")
            .and(predicate::str::contains("judge message:\n      3 rounds played"))
            .and(predicate::str::contains(
                "< ping 1\n      > pong 1\n      < ping 2\n      > pong 2\n      < ping 3\n      > pong 3\n",
            )),
    );
}

#[test]
fn an_accepted_case_shows_no_dialogue_without_verbose() {
    let f = game(3);
    judge("pong", "ping", f.path(), &[])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("ping 1").not());
}

#[test]
fn the_interactor_rejecting_first_is_wa_even_though_the_solution_then_spins() {
    let f = game(1);
    let started = Instant::now();
    let v = json(
        &mut judge("wrong-then-spin", "ping", f.path(), &["--time-limit", "2"]),
        1,
    );
    assert_eq!(v["cases"][0]["verdict"], "WA", "{v}");
    assert_eq!(
        extra(&v, "judge message"),
        "round 1: expected \"pong 1\", got \"pang\""
    );
    // The judge killed the spinning solution: that is not reported as its crash.
    assert_eq!(
        v["cases"][0]["exit"], "killed once the interactor had ended",
        "{v}"
    );
    // The verdict is settled when the interactor rejects: the solution is killed
    // then, not at its 2 s CPU limit.
    assert!(
        started.elapsed() < Duration::from_millis(1500),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_solution_that_exits_at_once_with_an_error_is_re_every_time_never_wa() {
    let f = game(1);
    for run in 0..20 {
        let v = json(&mut judge("crash", "ping", f.path(), &[]), 1);
        assert_eq!(v["cases"][0]["verdict"], "RE", "run {run}: {v}");
        assert_eq!(v["cases"][0]["exit"], "exit 3", "run {run}");
    }
}

#[test]
fn a_crashing_interactor_is_a_judge_error_with_exit_2() {
    let f = game(1);
    judge("pong", "crash", f.path(), &[])
        .assert()
        .code(2)
        .stdout(
            predicate::str::contains("ERR ")
                .and(predicate::str::contains("the interactor failed (exit 1"))
                .and(predicate::str::contains("interactor: something broke")),
        );
}

#[test]
fn a_hung_interactor_is_killed_after_the_solution_ended_and_is_a_judge_error() {
    let f = game(1);
    let started = Instant::now();
    // The solution answers round 1 and exits; the interactor then never ends.
    judge("never-read", "hang", f.path(), &["--time-limit", "0.5"])
        .assert()
        .code(2)
        .stdout(
            predicate::str::contains("ERR ")
                .and(predicate::str::contains("the interactor was still running")),
        );
    // Its grace is the time limit + 2 s after the solution ended.
    assert!(started.elapsed() < Duration::from_secs(15));
}

#[test]
fn a_dialogue_that_keeps_moving_is_not_stopped_at_the_wall_backstop() {
    // 12 rounds, 150 ms of sleep before each answer: 1.8 s in all, past the 1.2 s
    // backstop of a 0.1 s limit, but never 1.2 s without a byte moving.
    let f = game(12);
    let v = json(
        &mut judge("slow-pong", "ping", f.path(), &["--time-limit", "0.1"]),
        0,
    );
    assert_eq!(v["cases"][0]["verdict"], "AC", "{v}");
}

#[test]
fn a_solution_that_never_flushes_is_tle_with_the_flush_hint_as_soon_as_both_sides_wait() {
    let f = game(3);
    let started = Instant::now();
    judge("no-flush", "ping", f.path(), &["--time-limit", "2"])
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("TLE ")
                .and(predicate::str::contains(
                    "both sides were waiting: did the solution flush its output?",
                ))
                .and(predicate::str::contains(
                    "deadlocked: both sides blocked reading their input with nothing in flight",
                ))
                .and(predicate::str::contains("< ping 1")),
        );
    // A deadlock cannot resolve itself: it is found within a second, not at the
    // wall backstop (2 x 2 s + 1 s).
    assert!(
        started.elapsed() < Duration::from_millis(3500),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_sleeping_solution_is_tle_without_the_flush_hint() {
    let f = game(3);
    judge("sleep", "ping", f.path(), &["--time-limit", "0.5"])
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("TLE ")
                .and(predicate::str::contains("did the solution flush").not()),
        );
}

#[test]
fn a_solution_flooding_the_interactor_is_ole_and_the_judge_stays_small() {
    let f = game(1);
    f.write(
        "problem.toml",
        "type = \"interactive\"\noutput_limit = 16\n",
    );
    let v = json(&mut judge("flood", "cat", f.path(), &[]), 1);
    assert_eq!(v["cases"][0]["verdict"], "OLE", "{v}");
    // The solution wrote without end; the judge relays it and keeps a few lines.
    let peak = v["judge_peak_rss"].as_u64().unwrap();
    assert!(peak > 0 && peak < 32 << 20, "judge peak RSS {peak} bytes");
}

#[test]
fn a_solution_that_never_reads_still_gets_a_verdict_from_a_chatty_interactor() {
    let f = game(2);
    let started = Instant::now();
    // The interactor writes a megabyte the solution never reads, then round 1.
    let v = json(&mut judge("never-read", "chatty", f.path(), &[]), 1);
    assert_eq!(v["cases"][0]["verdict"], "WA", "{v}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_solution_that_never_reads_nor_ends_is_tle_at_its_backstop_while_the_interactor_writes() {
    let f = game(2);
    let started = Instant::now();
    // The relay must not block writing to a solution that never reads: it has the
    // solution's wall limit to enforce meanwhile.
    let v = json(
        &mut judge("sleep", "chatty", f.path(), &["--time-limit", "0.5"]),
        1,
    );
    assert_eq!(v["cases"][0]["verdict"], "TLE", "{v}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn the_dialogue_keeps_the_last_20_lines_each_way_in_order() {
    let f = game(200);
    judge("pong", "ping", f.path(), &["-v"])
        .assert()
        .code(0)
        .stdout(
            predicate::str::contains("… 360 lines not shown\n      < ping 181\n      > pong 181\n")
                .and(predicate::str::contains("< ping 200\n      > pong 200\n"))
                .and(predicate::str::contains("ping 180").not()),
        );
}

#[test]
fn problem_toml_names_an_interactor_command_run_in_the_testdata_folder() {
    let f = game(2);
    // A relative path: found only if the command runs in the testdata folder.
    f.write(
        "interactor.sh",
        &format!("exec {} interactor ping \"$@\"\n", sh(fixture())),
    );
    f.write(
        "problem.toml",
        "type = \"interactive\"\ninteractor = \"sh interactor.sh\"\n",
    );
    let mut cmd = Command::cargo_bin("judge").unwrap();
    cmd.arg("run")
        .arg("--cmd")
        .arg(format!("{} solution pong", sh(fixture())))
        .arg(f.path())
        .current_dir(std::env::temp_dir())
        .assert()
        .code(0)
        .stdout(predicate::str::contains("1/1 AC"));
}

#[test]
fn the_judge_message_and_the_dialogue_reach_junit() {
    let f = game(1);
    let junit = f.path().join("report.xml");
    judge("wrong-then-spin", "ping", f.path(), &["--junit"])
        .arg(&junit)
        .assert()
        .code(1);
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(
        xml.contains("<failure type=\"WA\" message=\"WA (killed once the interactor had ended)\""),
        "{xml}"
    );
    assert!(
        xml.contains(
            "judge message:\n  round 1: expected &quot;pong 1&quot;, got &quot;pang&quot;"
        ),
        "{xml}"
    );
    assert!(xml.contains("&gt; pang"), "{xml}");
}

#[test]
fn a_missing_interactor_program_is_an_error_naming_it() {
    let f = game(1);
    against("pong", "/no/such/interactor", f.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cannot run --interactor \"/no/such/interactor\"",
        ));
}

#[test]
fn an_interactor_named_without_a_path_in_the_current_folder_gets_a_hint() {
    let f = game(1);
    f.write("interactor.py", "print()\n");
    against("pong", "interactor.py", f.path())
        .current_dir(f.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "program \"interactor.py\" not found (there is one in the current folder: write ./interactor.py)",
        ));
}

#[test]
fn lint_replays_each_sample_dialogue_against_the_interactor() {
    let ws = crate::tempws::TempWs::new(&["wythoff-play"]);
    ws.judge()
        .args(["lint", "wythoff-play"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("clean"));
    // A sample whose solution line is an illegal move.
    ws.edit(
        "testdata/wythoff-play/01-sample.interaction",
        "> 3 5",
        "> 3 4",
    );
    ws.judge()
        .args(["lint", "wythoff-play"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "01-sample.interaction: the interactor does not accept this dialogue",
        ));
}

/// A wythoff-play solution of the tests' own that loses every game through the
/// losing pair (11, 18) (put at (12, 19)), written in place of the problem's
/// `main.rs` so the tests do not depend on that file.
const MISPLACED_PAIR: &str = include_str!("../fixtures/interactive/wythoff_play_misplaced_pair.rs");

/// Which positions with both piles below `n` are lost for the player to move, by
/// a search over every move (independent of any formula for the losing pairs).
fn lost_positions(n: usize) -> Vec<Vec<bool>> {
    let mut lost = vec![vec![false; n]; n];
    for a in 0..n {
        for b in 0..n {
            let wins = (1..=a).any(|i| lost[a - i][b])
                || (1..=b).any(|i| lost[a][b - i])
                || (1..=a.min(b)).any(|i| lost[a - i][b - i]);
            lost[a][b] = !wins;
        }
    }
    lost
}

#[test]
fn stress_plays_an_interactive_problem_against_its_interactor_and_shrinks_a_loss() {
    let ws = crate::tempws::TempWs::new(&["wythoff-play"]);
    ws.judge()
        .args(["stress", "wythoff-play", "--cases", "5"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("ok: accepted on all 5 inputs"));
    ws.write("problems/wythoff-play/src/main.rs", MISPLACED_PAIR);
    ws.judge()
        .args(["stress", "wythoff-play", "--cases", "200"])
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("FOUND on seed")
                .and(predicate::str::contains("minimal input"))
                .and(predicate::str::contains("shrunk"))
                .and(predicate::str::contains("judge message: game 1")),
        );
}

#[test]
fn parallel_interactive_stress_reports_the_smallest_failing_seed() {
    // The same loop as batch stress: -j 4 finds the seed -j 1 finds.
    let ws = crate::tempws::TempWs::new(&["wythoff-play"]);
    ws.write("problems/wythoff-play/src/main.rs", MISPLACED_PAIR);
    let found = |jobs: &str| {
        let out = ws
            .judge()
            .args([
                "stress",
                "wythoff-play",
                "--cases",
                "200",
                "--no-shrink",
                "-j",
                jobs,
            ])
            .assert()
            .code(1)
            .get_output()
            .stdout
            .clone();
        crate::support::found_seed(&out)
    };
    let sequential = found("1");
    assert!(
        sequential > 1,
        "seed 1 already fails: the test shows nothing"
    );
    assert_eq!(found("4"), sequential, "-j 4 and -j 1 disagree");
}

#[test]
fn stress_save_writes_the_answer_file_the_generator_gives_for_the_minimal_input() {
    let ws = crate::tempws::TempWs::new(&["wythoff-play"]);
    ws.write("problems/wythoff-play/src/main.rs", MISPLACED_PAIR);
    let out = ws
        .judge()
        .args(["stress", "wythoff-play", "--cases", "200", "--save"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "answer files: from `wythoff-play-gen --answer INPUT`",
        ))
        .get_output()
        .stdout
        .clone();
    let seed = crate::support::found_seed(&out);
    let input = ws.read(&format!("testdata/wythoff-play/stress-{seed}.in"));
    let answer = ws.read(&format!("testdata/wythoff-play/stress-{seed}.out"));
    // The answer file of wythoff-play: the side that wins each game.
    let lost = lost_positions(64);
    let expected: String = input
        .lines()
        .skip(1)
        .map(|game| {
            let v: Vec<usize> = game
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect();
            if lost[v[0]][v[1]] {
                "second\n"
            } else {
                "first\n"
            }
        })
        .collect();
    assert!(!expected.is_empty(), "{input}");
    assert_eq!(answer, expected, "input:\n{input}");
}

#[test]
fn stress_save_without_an_answer_mode_writes_only_the_input_and_says_why() {
    let ws = crate::tempws::TempWs::new(&["wythoff-play"]);
    ws.write("problems/wythoff-play/src/main.rs", MISPLACED_PAIR);
    // A generator with no --answer mode: every input is the misplaced pair.
    ws.write(
        "problems/wythoff-play/src/bin/gen.rs",
        "fn main() {\n    let args = contest::args::GenArgs::from_env(1, 1);\n    \
         println!(\"1 {}\\n11 18\", args.seed);\n}\n",
    );
    ws.judge()
        .args(["stress", "wythoff-play", "--cases", "3", "--save"])
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("answer files: empty (wythoff-play-gen has no answer mode")
                .and(predicate::str::contains("FOUND on seed 1"))
                .and(predicate::str::contains(
                    "stress-1.out: wythoff-play-gen has no answer mode",
                )),
        );
    assert!(ws.path("testdata/wythoff-play/stress-1.in").is_file());
    assert!(!ws.path("testdata/wythoff-play/stress-1.out").exists());
}
