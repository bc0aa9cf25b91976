//! Each kind of misbehaviour gets its verdict, and nothing is left running.

use std::time::{Duration, Instant};

use predicates::prelude::*;

use crate::support::{
    Folder, MARK_VAR, a_line, is_number, judge_fixture, marked_processes, none_left, unique_mark,
    wait_until,
};

#[test]
fn a_correct_solution_is_accepted_with_exit_0() {
    let f = Folder::echo_cases();
    judge_fixture("echo", f.path(), &["-v"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("AC  ").and(predicate::str::contains("1/1 AC")));
}

#[test]
fn a_wrong_answer_is_wa_with_the_first_differing_line_and_a_diff() {
    let f = Folder::echo_cases();
    judge_fixture("wrong", f.path(), &[])
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("WA  ").and(predicate::str::contains(
                "line 1, column 1: expected \"1\", found \"definitely\"",
            )),
        )
        .stdout(
            predicate::str::contains("-     1 1 2").and(predicate::str::contains(
                "+     1 definitely not the answer",
            )),
        );
}

#[test]
fn trailing_spaces_are_accepted_by_the_exact_checker() {
    let f = Folder::echo_cases();
    judge_fixture("trailing-space", f.path(), &[])
        .assert()
        .code(0);
}

#[test]
fn inner_whitespace_differences_are_presentation_errors() {
    let f = Folder::echo_cases();
    judge_fixture("double-space", f.path(), &[])
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("PE  ").and(predicate::str::contains(
                "same tokens, different whitespace",
            )),
        );
}

#[test]
fn a_sleeping_solution_is_tle_and_the_judge_returns_soon_after_the_backstop() {
    let f = Folder::echo_cases();
    let started = Instant::now();
    judge_fixture("sleep", f.path(), &["--time-limit", "0.5"])
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("TLE ").and(predicate::str::contains("sleeping or blocked")),
        )
        // The wall time that was hit, not only the millisecond of CPU it used:
        // the backstop for 0.5 s is 2 s.
        .stdout(a_line(|l| {
            l.starts_with("TLE ")
                && l.split_once("/1 ")
                    .and_then(|(_, rest)| rest.split_once(" ms CPU, 2."))
                    .and_then(|(ms, rest)| Some(ms).zip(rest.split_once(" s wall")))
                    .is_some_and(|(ms, (cs, _))| is_number(ms) && cs.len() == 2 && is_number(cs))
        }))
        .stdout(a_line(|l| {
            l.split_once("still running after 2")
                .and_then(|(_, rest)| rest.split_once(" s of wall time"))
                .is_some_and(|(frac, _)| {
                    frac.is_empty() || frac.strip_prefix('.').is_some_and(is_number)
                })
        }));
    // The backstop is 2 x 0.5 s + 1 s; generous slack for a loaded machine, but far
    // below the fixture's hour-long sleep.
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "took {:?}",
        started.elapsed()
    );
}

#[test]
fn a_busy_loop_is_tle_on_cpu_time() {
    let f = Folder::echo_cases();
    judge_fixture("spin", f.path(), &["--time-limit", "0.5"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("TLE ").and(predicate::str::contains("CPU")));
}

/// The JSON report of `judge run` with the fixture in `mode` on the echo cases
/// under `args` (which ask for JSON), its exit `code` checked, and its one case.
fn one_case(mode: &str, args: &[&str], code: i32) -> (serde_json::Value, serde_json::Value) {
    let f = Folder::echo_cases();
    let json = crate::support::json_report(&mut judge_fixture(mode, f.path(), args), code);
    let case = json["cases"][0].clone();
    (json, case)
}

#[test]
fn cpu_spent_in_a_child_the_solution_never_waited_for_counts_toward_its_time() {
    // The fixture's child spins for 0.6 s of CPU and answers through a pipe; the
    // parent would copy the answer and exit without waiting for it, so its own
    // usage says a millisecond. A judge counting only that would say AC (or RE
    // for the kill at the run's limit, which comes first).
    let (json, case) = one_case(
        "in-child spin-then-echo",
        &["--time-limit", "0.3", "--format", "json"],
        1,
    );
    assert_eq!(case["verdict"], "TLE", "{json}");
    let detail = case["detail"].as_str().unwrap_or_default();
    if detail.contains("the backstop for a 0.3 s CPU limit") {
        eprintln!(
            "note: the machine is too busy for the child to finish before the wall backstop: {detail}"
        );
        return;
    }
    let cpu = case["time"].as_f64().unwrap();
    assert!(
        cpu >= 0.3,
        "the child's CPU time is missing: {cpu} s in {json}"
    );
}

/// Whether the wall-clock backstop (`backstop` s) ended the run in `case` before
/// its CPU time came near `limit` s: a machine so busy that the CPU rule under
/// test never came into play, which is said, not passed off as a check.
fn too_busy_to_reach_the_cpu_limit(case: &serde_json::Value, limit: f64, backstop: f64) -> bool {
    let (cpu, wall) = (
        case["time"].as_f64().unwrap(),
        case["wall"].as_f64().unwrap(),
    );
    let busy = wall >= backstop - 0.1 && cpu < limit * 1.25;
    if busy {
        eprintln!(
            "note: the machine is too busy to check the CPU kill (the wall backstop came first): {case}"
        );
    }
    busy
}

#[test]
fn a_child_spinning_while_its_parent_waits_is_killed_at_the_cpu_limit_not_the_backstop() {
    // The parent blocks reading the child's answer, using no CPU; the child
    // spins. The run's CPU time is both processes', as a judge reading the
    // run's cgroup counts it: killed once that reaches 0.5 s, not by the wall
    // clock at 2 x 0.5 + 1 = 2 s (with up to 2 s of CPU by then). Both with
    // isolation (the keeper's own PID namespace) and without.
    for isolation in [None, Some("--no-isolation")] {
        let mut args = vec!["--time-limit", "0.5", "--format", "json"];
        args.extend(isolation);
        let (json, case) = one_case("in-child spin", &args, 1);
        assert_eq!(case["verdict"], "TLE", "{json}");
        if too_busy_to_reach_the_cpu_limit(&case, 0.5, 2.0) {
            continue;
        }
        let wall = case["wall"].as_f64().unwrap();
        assert!(wall < 1.9, "ran until the backstop ({isolation:?}): {json}");
    }
}

#[test]
fn spinning_children_are_killed_once_their_cpu_time_together_reaches_the_limit() {
    // Four children spin while the parent waits: each alone stays under 0.5 s
    // of CPU for a while, together they pass it in an eighth of a second on two
    // cores. Left to the backstop (2 s) they would use four times the limit.
    let (json, case) = one_case(
        "spinners 4",
        &["--time-limit", "0.5", "--format", "json"],
        1,
    );
    assert_eq!(case["verdict"], "TLE", "{json}");
    if too_busy_to_reach_the_cpu_limit(&case, 0.5, 2.0) {
        return;
    }
    let cpu = case["time"].as_f64().unwrap();
    assert!(
        (0.5..1.0).contains(&cpu),
        "killed after {cpu} s of CPU, not at the 0.5 s limit: {json}"
    );
}

#[test]
fn a_parallel_programs_time_is_all_its_threads_cpu_time() {
    // Two threads of 0.3 s each: 0.6 s, under the 1 s limit, whatever the
    // wall clock says.
    let (json, case) = one_case(
        "threads 2 300",
        &["--time-limit", "1", "--format", "json"],
        0,
    );
    assert_eq!(case["verdict"], "AC", "{json}");
    let cpu = case["time"].as_f64().unwrap();
    assert!(cpu >= 0.6, "a thread's time is missing: {json}");
    // Two threads of 0.7 s each: 1.4 s, though each is under the limit.
    let (json, case) = one_case(
        "threads 2 700",
        &["--time-limit", "1", "--format", "json"],
        1,
    );
    assert_eq!(case["verdict"], "TLE", "{json}");
}

#[test]
fn the_peak_of_a_child_the_solution_never_waited_for_is_the_runs_peak() {
    // The fixture's child holds 96 MiB, answers and exits; the parent stays
    // small and exits without waiting for it.
    let (json, case) = one_case(
        "in-child hold-then-echo",
        &["--memory-limit", "512", "--format", "json"],
        0,
    );
    assert_eq!(case["verdict"], "AC", "{json}");
    let peak = case["memory"].as_u64().unwrap();
    assert!(
        peak >= 96 << 20,
        "the child's peak is missing: {peak} bytes in {json}"
    );
}

#[test]
fn a_tle_of_a_run_that_wrote_megabytes_to_stderr_says_so() {
    let (json, case) = one_case(
        "chatty-spin",
        &["--time-limit", "0.3", "--format", "json"],
        1,
    );
    assert_eq!(case["verdict"], "TLE", "{json}");
    let detail = case["detail"].as_str().unwrap_or_default();
    assert!(
        detail.contains("it wrote 2.0 MiB to standard error"),
        "{json}"
    );
}

#[test]
fn a_tle_is_killed_once_the_cpu_time_the_judge_measures_reaches_the_limit() {
    // RLIMIT_CPU is checked on the kernel's tick-sampled clock, which on a busy
    // machine runs ahead of the time wait4 reports: a 1 s limit set that way
    // killed this loop after 0.73-0.90 s by the judge's own count, and a 4 s one
    // after 3.0-3.8 s. The keeper now kills at the limit on wait4's clock.
    let (json, case) = one_case("spin", &["--time-limit", "1", "--format", "json"], 1);
    assert_eq!(case["verdict"], "TLE", "{json}");
    let cpu = case["time"].as_f64().unwrap();
    // On a machine so busy that the loop gets under a third of a core, the wall
    // backstop (3 s for a 1 s limit) ends it first, saying so: then the CPU rule
    // under test never came into play, which is said, not passed off as a check.
    // A kill at the CPU limit before 1 s of CPU is still a failure.
    let detail = case["detail"].as_str().unwrap_or_default();
    if cpu < 1.0 && detail.contains("the backstop for a 1 s CPU limit") {
        eprintln!(
            "note: the machine is too busy to check the CPU kill (the wall backstop came first): {detail}"
        );
        return;
    }
    assert!(
        cpu >= 1.0,
        "killed after {cpu} s of CPU, below the 1 s limit: {json}"
    );
}

#[test]
fn a_non_zero_exit_is_re_with_the_tail_of_stderr() {
    let f = Folder::echo_cases();
    judge_fixture("exit3", f.path(), &[])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("RE  ").and(predicate::str::contains("exit 3")))
        .stdout(predicate::str::contains("giving up with status 3"));
}

#[test]
fn an_abort_is_re_naming_the_signal() {
    let f = Folder::echo_cases();
    judge_fixture("abort", f.path(), &[])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("RE  ").and(predicate::str::contains("SIGABRT")));
}

#[test]
fn a_segfault_is_re_naming_the_signal() {
    let f = Folder::echo_cases();
    judge_fixture("segv", f.path(), &[])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("RE  ").and(predicate::str::contains("SIGSEGV")));
}

#[test]
fn a_memory_hog_is_mle() {
    let f = Folder::echo_cases();
    f.write("problem.toml", "memory_limit = 64\n");
    judge_fixture("memory", f.path(), &[])
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("MLE ").and(predicate::str::contains(
                "an allocation was refused by the memory limit of 64.0 MiB",
            )),
        );
}

#[test]
fn a_segfault_after_allocating_up_to_the_cap_is_mle() {
    let f = Folder::echo_cases();
    f.write("problem.toml", "memory_limit = 64\n");
    judge_fixture("memory-segv", f.path(), &[])
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("MLE ").and(predicate::str::contains(
                "refused by the memory limit of 64.0 MiB (address space): SIGSEGV",
            )),
        );
}

#[test]
fn one_refused_allocation_far_below_the_limit_says_it_was_refused() {
    // 1 GiB at once under a 64 MiB limit: the peak stays around a few MiB, so a
    // peak beside its limit would read as if memory were fine.
    let f = Folder::echo_cases();
    f.write("problem.toml", "memory_limit = 64\n");
    f.write("1.in", "alloc 1048576\n");
    judge_fixture("by-input", f.path(), &[])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("MLE  "))
        .stdout(predicate::str::contains(
            "an allocation was refused by the memory limit of 64.0 MiB (address space): \
             the Rust runtime reported it",
        ));
}

#[test]
fn a_millisecond_time_limit_is_printed_as_one_millisecond() {
    let f = Folder::echo_cases();
    judge_fixture("spin", f.path(), &["--time-limit", "0.001"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("the CPU limit of 1 ms"))
        .stdout(predicate::str::contains("0.00 s").not());
}

#[test]
fn a_flood_is_ole_and_the_judge_keeps_at_most_the_cap_in_memory() {
    let f = Folder::echo_cases();
    f.write("problem.toml", "output_limit = 16\n");
    let json = crate::support::json_report(
        &mut judge_fixture("flood", f.path(), &["--format", "json"]),
        1,
    );
    assert_eq!(json["cases"][0]["verdict"], "OLE");
    assert!(
        json["cases"][0]["detail"]
            .as_str()
            .unwrap()
            .contains("more than 16.0 MiB")
    );
    // The fixture prints forever; the judge holds the 16 MiB cap and little else.
    let peak = json["judge_peak_rss"].as_u64().unwrap();
    assert!(peak > 0 && peak < 48 << 20, "judge peak RSS {peak} bytes");
}

#[test]
fn a_child_left_running_is_killed_with_the_whole_process_group() {
    let f = Folder::echo_cases();
    let mark = unique_mark("fork-sleep");
    judge_fixture("fork-sleep", f.path(), &[])
        .env(MARK_VAR, &mark)
        .assert()
        .code(0);
    // The fixture's child runs `sleep 3601`; it (and anything else of this run,
    // found by the run's mark) must be gone once the judge returns.
    none_left(Duration::from_secs(5), || marked_processes(&mark, &[]));
}

#[test]
fn a_child_that_leaves_the_process_group_is_still_killed() {
    let f = Folder::echo_cases();
    let started = Instant::now();
    // The escapee holds the solution's stdout open: without finding it the judge
    // would wait for the pipe to close for an hour.
    let mark = unique_mark("escape");
    judge_fixture("escape", f.path(), &[])
        .env(MARK_VAR, &mark)
        .assert()
        .code(0);
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "took {:?}",
        started.elapsed()
    );
    // The escapee (`sleep 3602`, in a session of its own) keeps its environment, so
    // the run's mark finds it.
    none_left(Duration::from_secs(5), || marked_processes(&mark, &[]));
}

#[test]
fn a_solution_that_never_reads_its_input_still_gets_a_verdict() {
    // stdin is the .in file itself: nothing blocks writing a large input into a pipe.
    let f = Folder::echo_cases();
    let big = "9 9\n".repeat(1 << 18);
    f.write("1.in", &big);
    f.write("1.out", &big);
    judge_fixture("never-read", f.path(), &[])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("WA  "));
}

#[test]
#[allow(unsafe_code)]
fn ctrl_c_kills_every_running_solution_before_the_judge_exits() {
    let f = Folder::echo_cases();
    let mark = crate::support::unique_mark("ctrl-c");
    // The fixture's child runs `sleep 3605`, and the fixture then sleeps itself.
    let mut judge = std::process::Command::new(assert_cmd::cargo::cargo_bin("judge"))
        .args(["run", "--time-limit", "100", "--cmd"])
        .arg(format!(
            "{} fork-then-sleep",
            crate::support::sh(crate::support::fixture())
        ))
        .arg(f.path())
        .env(crate::support::MARK_VAR, &mark)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let marked = |args: &[&str]| crate::support::marked_processes(&mark, args);
    wait_until(
        Duration::from_secs(20),
        "the fixture's child never started",
        || !marked(&["sleep", "3605"]).is_empty(),
    );
    // SAFETY: kill(2) on our own child's pid, with a valid signal.
    unsafe { libc::kill(judge.id() as i32, libc::SIGINT) };
    let mut stdout = String::new();
    std::io::Read::read_to_string(&mut judge.stdout.take().unwrap(), &mut stdout).unwrap();
    let status = judge.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    assert!(
        stdout.lines().any(|l| l.starts_with("INT ")),
        "the interrupted case is not INT:\n{stdout}"
    );
    none_left(Duration::from_millis(500), || marked(&[]));
}

#[test]
fn a_program_whose_static_data_exceeds_the_limit_is_mle_not_a_crash() {
    // A 64-bit ELF header with one PT_LOAD segment of 1 GiB (a huge global array's
    // bss): exec would die with SIGSEGV before main; the judge calls it MLE.
    let f = Folder::echo_cases();
    let mut elf = vec![0u8; 64 + 56];
    elf[..6].copy_from_slice(&[0x7f, b'E', b'L', b'F', 2, 1]);
    elf[0x20..0x28].copy_from_slice(&64u64.to_le_bytes()); // program headers at 64
    elf[0x36..0x38].copy_from_slice(&56u16.to_le_bytes()); // each 56 bytes
    elf[0x38..0x3a].copy_from_slice(&1u16.to_le_bytes()); // one of them
    elf[64..68].copy_from_slice(&1u32.to_le_bytes()); // PT_LOAD
    elf[64 + 0x28..64 + 0x30].copy_from_slice(&(1u64 << 30).to_le_bytes()); // p_memsz
    let exe = f.path().join("huge-static");
    std::fs::write(&exe, elf).unwrap();
    std::fs::set_permissions(&exe, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    assert_cmd::Command::cargo_bin("judge")
        .unwrap()
        .arg("run")
        .arg("--cmd")
        .arg(&exe)
        .arg(f.path())
        .assert()
        .code(1)
        .stdout(
            predicate::str::contains("MLE ").and(predicate::str::contains("code and static data")),
        );
}

#[test]
fn output_still_in_the_pipe_when_the_solution_exits_is_judged_to_the_last_byte() {
    // The judge stops reading once the keeper has reported (the keeper holds the
    // pipes open until then), so the tail left in the pipe must be read then. A
    // large echo, its length not a multiple of any buffer, ends that way.
    let f = Folder::echo_cases();
    let big = "12345 67\n".repeat(150_001);
    f.write("1.in", &big);
    f.write("1.out", &big);
    let json = crate::support::json_report(
        &mut judge_fixture("echo", f.path(), &["--format", "json"]),
        0,
    );
    assert_eq!(json["cases"][0]["verdict"], "AC");
}
