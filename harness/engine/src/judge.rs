//! Verdicts: the rules that decide what the judge says about one case.
//!
//! Owns the verdict rules (which failure wins when several happen). The result
//! they produce is the model's data (`judge_model::judge`: `Verdict`,
//! `CaseResult`, `Job`), which callers import from there. It leaves
//! process handling to `run`, comparison to `check`, putting the steps of one case
//! in order to `case`, running many jobs to `runner` and all wording of diffs and
//! reports to `diff` and `report`.

use crate::run;
use judge_model::limits::Limits;
use judge_sandbox::Exit;

use judge_model::judge::{Ended, HEAVY_STDERR, Memory, Reason, Verdict};

/// What the judge's own measurements say about a run, before any checker looks at
/// its output. The one classifier: the judge, `stress`, `bless` and the known-wrong
/// solutions all decide with it. The reason is data; the reporters word it.
#[derive(Debug, Clone, PartialEq)]
pub enum Classified {
    /// Exited 0 within every limit: its output decides.
    Ran,
    /// A verdict the run itself earned (TLE, MLE, RE, OLE), with the reason.
    Failed(Verdict, Reason),
    /// Ctrl-C: the run was killed before it could finish; no verdict.
    Interrupted(Reason),
}

/// `exit 3`, `SIGSEGV`, or `not started` for a program the memory limit refused.
pub fn exit_text(out: &run::Measured) -> String {
    if out.refused.is_some() {
        return "not started".into();
    }
    out.exit.to_string()
}

/// How a run ended, for its result: its exit status (`exit 3`, `SIGSEGV`), or
/// not started for a program the memory limit refused.
pub fn ended(out: &run::Measured) -> Ended {
    if out.refused.is_some() {
        return Ended::NotStarted;
    }
    Ended::Status(out.exit.to_string())
}

/// Decides a run's verdict from facts: the limits it hit (as the sandbox measured
/// them), how it ended, and, for MLE only, the exact words a runtime uses when the
/// address-space limit refuses an allocation (see [`allocation_failed`]). Which
/// failure wins when several happen: OLE, then TLE, then MLE, then RE.
pub fn classify(out: &run::Measured, limits: &Limits) -> Classified {
    let stderr = String::from_utf8_lossy(&out.stderr_tail);
    let exit = exit_text(out);
    if out.interrupted {
        return Classified::Interrupted(Reason::Interrupted { wall: out.wall });
    }
    if let Some(why) = out.refused {
        return Classified::Failed(Verdict::MLE, refused(why, limits));
    }
    if let Some(reason) = output_exceeded(out, limits) {
        return Classified::Failed(Verdict::OLE, reason);
    }
    if let Some(reason) = time_exceeded(out, limits, &exit) {
        let reason = if out.stderr_bytes >= HEAVY_STDERR {
            Reason::WithStderr {
                reason: Box::new(reason),
                bytes: out.stderr_bytes,
            }
        } else {
            reason
        };
        return Classified::Failed(Verdict::TLE, reason);
    }
    if let Some(how) = memory_exceeded(out, limits, &stderr) {
        return Classified::Failed(
            Verdict::MLE,
            Reason::Memory {
                how,
                peak: out.peak_rss,
                limit: limits.memory,
                exit,
                stderr: tail(&stderr),
            },
        );
    }
    if out.exit != Exit::Code(0) {
        let stderr = tail(&stderr);
        return Classified::Failed(Verdict::RE, Reason::Crashed { exit, stderr });
    }
    Classified::Ran
}

/// Why a run that was never started was refused: its image is over the memory limit.
fn refused(why: run::Refused, limits: &Limits) -> Reason {
    match why {
        run::Refused::StaticData(size) => Reason::ImageOverMemory {
            size,
            limit: limits.memory,
        },
        run::Refused::ExecNoMemory => Reason::ExecNoMemory {
            limit: limits.memory,
        },
    }
}

/// The OLE reason, if the run wrote more than the output limit (to stdout or a file).
fn output_exceeded(out: &run::Measured, limits: &Limits) -> Option<Reason> {
    let limit = limits.output;
    if out.output_exceeded {
        return Some(Reason::OutputOver { limit });
    }
    if out.exit == Exit::Signal(libc::SIGXFSZ) {
        return Some(Reason::FileOver { limit });
    }
    None
}

/// The TLE reason, if the run used more CPU than the limit, was killed for it, or
/// outlived the wall-time backstop.
fn time_exceeded(out: &run::Measured, limits: &Limits, exit: &str) -> Option<Reason> {
    // Killed at the limit by the keeper (SIGKILL) or RLIMIT_CPU's backstop
    // (SIGXCPU), as the judge's own measure of its CPU time shows: a SIGXCPU
    // below it is a signal like another (the program's own `raise`).
    let killed_for_cpu =
        matches!(out.exit, Exit::Signal(libc::SIGXCPU | libc::SIGKILL)) && out.cpu >= limits.time;
    if !(out.wall_exceeded || killed_for_cpu || out.cpu > limits.time) {
        return None;
    }
    let (cpu, limit) = (out.cpu, limits.time);
    Some(if out.wall_exceeded && out.cpu <= limits.time {
        Reason::Asleep {
            wall: out.wall,
            cpu,
            limit,
        }
    } else if killed_for_cpu {
        Reason::KilledAtCpuLimit {
            cpu,
            limit,
            exit: exit.to_string(),
        }
    } else {
        Reason::CpuOver { cpu, limit }
    })
}

/// How the run hit the memory limit, if its peak was over it, it died near the
/// cap, or its runtime said an allocation failed.
fn memory_exceeded(out: &run::Measured, limits: &Limits, stderr: &str) -> Option<Memory> {
    // A program whose allocation the address-space limit refused usually dies
    // right there: a C program writing through malloc's NULL (SIGSEGV, SIGBUS),
    // or checking it and aborting or exiting non-zero, with nothing a runtime
    // says on stderr. Near the cap that is the memory limit, not a bug
    // elsewhere, whatever the language (Codeforces and DOMjudge say MLE).
    let died_at_the_memory_cap = out.exit != Exit::Code(0)
        && !matches!(out.exit, Exit::Signal(libc::SIGKILL | libc::SIGXCPU))
        && out.peak_rss >= limits.memory / 10 * 9;
    let said = allocation_failed(out.exit, stderr);
    if !(out.peak_rss > limits.memory || died_at_the_memory_cap || said.is_some()) {
        return None;
    }
    // A refused allocation usually leaves the peak well below the limit (the
    // request that failed was never resident): say it was refused, not only
    // a peak that looks harmless.
    Some(if out.peak_rss > limits.memory {
        Memory::PeakOver(said)
    } else if let Some(runtime) = said {
        Memory::Refused(runtime)
    } else {
        Memory::ProbablyRefused
    })
}

/// The runtime whose exact out-of-memory report this is, if any: each is a whole
/// stderr line together with the way that runtime then ends, so a program that
/// merely prints similar words (and exits normally, or with another status) is not
/// taken for one.
///
/// - Rust: `memory allocation of N bytes failed`, then SIGABRT.
/// - C++: `terminate called after throwing an instance of 'std::bad_alloc'`
///   (libstdc++) or libc++'s `... uncaught exception of type std::bad_alloc...`,
///   then SIGABRT.
/// - Java: `Exception in thread "NAME" java.lang.OutOfMemoryError...`, exit 1.
/// - Python: a traceback ending in `MemoryError`, exit 1.
pub fn allocation_failed(exit: Exit, stderr: &str) -> Option<&'static str> {
    let lines: Vec<&str> = stderr.lines().map(|l| l.trim_end_matches('\r')).collect();
    let any = |f: &dyn Fn(&str) -> bool| lines.iter().any(|l| f(l));
    match exit {
        Exit::Signal(libc::SIGABRT) => {
            let rust = |l: &str| {
                l.strip_prefix("memory allocation of ")
                    .and_then(|r| r.strip_suffix(" bytes failed"))
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            };
            let cpp = |l: &str| {
                l == "terminate called after throwing an instance of 'std::bad_alloc'"
                    || (l.starts_with(
                        "libc++abi: terminating due to uncaught exception of type std::bad_alloc",
                    ))
            };
            if any(&rust) {
                Some("the Rust runtime")
            } else if any(&cpp) {
                Some("the C++ runtime")
            } else {
                None
            }
        }
        Exit::Code(1) => {
            let java = |l: &str| {
                l.starts_with("Exception in thread \"")
                    && l.split_once("\" ")
                        .is_some_and(|(_, rest)| rest.starts_with("java.lang.OutOfMemoryError"))
            };
            let last = lines.iter().rev().find(|l| !l.trim().is_empty());
            if any(&java) {
                Some("the Java runtime")
            } else if last.is_some_and(|l| *l == "MemoryError" || l.starts_with("MemoryError: ")) {
                Some("the Python runtime")
            } else {
                None
            }
        }
        _ => None,
    }
}

/// The last lines of a run's stderr (at most five) that a reason shows.
pub(crate) fn tail(stderr: &str) -> Vec<String> {
    let tail: Vec<&str> = stderr.lines().rev().take(5).collect();
    tail.into_iter().rev().map(str::to_string).collect()
}

#[cfg(test)]
mod tests {
    //! The classifier's rules as a table: one row per rule, each a finished run
    //! (how it ended, what it used) and the verdict it earns. No process is run.

    use std::time::Duration;

    use super::*;
    use crate::run::{Measured, Refused};
    use judge_sandbox::Exit;

    const MIB: u64 = 1 << 20;
    /// 1 s of CPU, 64 MiB, 1 MiB of output: the limits of every row.
    const LIMITS: Limits = Limits {
        time: Duration::from_secs(1),
        memory: 64 * MIB,
        output: MIB,
    };

    /// A run that exited 0 quickly and small; each row changes what its rule reads.
    fn ran() -> Measured {
        Measured {
            exit: Exit::Code(0),
            cpu: Duration::from_millis(10),
            wall: Duration::from_millis(12),
            peak_rss: 2 * MIB,
            stdout: Vec::new(),
            output_exceeded: false,
            wall_exceeded: false,
            stderr_tail: Vec::new(),
            stderr_bytes: 0,
            refused: None,
            interrupted: false,
        }
    }

    /// `Ran`, `INT` or the verdict's name.
    fn classified(out: &Measured) -> &'static str {
        match classify(out, &LIMITS) {
            Classified::Ran => "Ran",
            Classified::Interrupted(_) => "INT",
            Classified::Failed(v, _) => v.name(),
        }
    }

    fn exit(code: i32) -> impl Fn(&mut Measured) {
        move |o| o.exit = Exit::Code(code)
    }
    fn signal(sig: i32) -> impl Fn(&mut Measured) {
        move |o| o.exit = Exit::Signal(sig)
    }
    fn cpu(ms: u64) -> impl Fn(&mut Measured) {
        move |o| o.cpu = Duration::from_millis(ms)
    }
    fn peak(mib: u64) -> impl Fn(&mut Measured) {
        move |o| o.peak_rss = mib * MIB
    }
    fn stderr(text: &'static str) -> impl Fn(&mut Measured) {
        move |o| o.stderr_tail = text.as_bytes().to_vec()
    }
    fn wall_backstop(o: &mut Measured) {
        o.wall_exceeded = true;
        o.wall = Duration::from_secs(3);
    }
    fn output_exceeded(o: &mut Measured) {
        o.output_exceeded = true;
    }
    fn interrupted(o: &mut Measured) {
        o.interrupted = true;
    }

    type Change<'a> = &'a dyn Fn(&mut Measured);

    #[test]
    fn a_time_verdict_says_when_the_run_wrote_a_megabyte_or_more_to_stderr() {
        let over = |bytes: u64| Measured {
            cpu: LIMITS.time + Duration::from_millis(100),
            stderr_bytes: bytes,
            ..ran()
        };
        let reason = |out: &Measured| match classify(out, &LIMITS) {
            Classified::Failed(Verdict::TLE, r) => r,
            other => panic!("not TLE: {other:?}"),
        };
        assert!(matches!(
            reason(&over(HEAVY_STDERR - 1)),
            Reason::CpuOver { .. }
        ));
        match reason(&over(HEAVY_STDERR)) {
            Reason::WithStderr { reason, bytes } => {
                assert_eq!(bytes, HEAVY_STDERR);
                assert!(matches!(*reason, Reason::CpuOver { .. }));
            }
            other => panic!("no stderr hint: {other:?}"),
        }
        // Only a time verdict gets it: a heavy stderr alone is no failure.
        let chatty = Measured {
            stderr_bytes: 10 * HEAVY_STDERR,
            ..ran()
        };
        assert_eq!(classified(&chatty), "Ran");
    }

    #[test]
    fn a_finished_run_is_classified_by_its_measurements_in_rule_order() {
        const RUST_OOM: &str = "memory allocation of 1048576 bytes failed\n";
        const CPP_OOM: &str = "terminate called after throwing an instance of 'std::bad_alloc'\n  what():  std::bad_alloc\n";
        const LIBCXX_OOM: &str = "libc++abi: terminating due to uncaught exception of type std::bad_alloc: std::bad_alloc\n";
        const JAVA_OOM: &str = "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n\tat Main.main(Main.java:3)\n";
        const PYTHON_OOM: &str = "Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\nMemoryError\n";
        let sigkill = signal(libc::SIGKILL);
        let sigsegv = signal(libc::SIGSEGV);
        let sigabrt = signal(libc::SIGABRT);
        #[rustfmt::skip]
        let rows: &[(&str, &[Change], &str)] = &[
            ("exit 0 within every limit: the output decides", &[], "Ran"),
            ("Ctrl-C: no verdict, whatever else happened", &[&interrupted, &output_exceeded, &cpu(5000)], "INT"),
            ("code and static data over the limit: never ran", &[&|o| o.refused = Some(Refused::StaticData(100 * MIB))], "MLE"),
            ("exec refused with ENOMEM: never ran", &[&|o| o.refused = Some(Refused::ExecNoMemory)], "MLE"),
            ("more stdout than the output limit", &[&output_exceeded, &sigkill], "OLE"),
            ("a file past the output limit (SIGXFSZ)", &[&signal(libc::SIGXFSZ)], "OLE"),
            ("OLE before TLE: the judge's kill is not the CPU limit", &[&output_exceeded, &sigkill, &cpu(1500)], "OLE"),
            ("CPU time over the limit, exit 0", &[&cpu(1001)], "TLE"),
            ("CPU time exactly at the limit is not over it", &[&cpu(1000)], "Ran"),
            ("killed by RLIMIT_CPU's backstop (SIGXCPU) past the limit", &[&signal(libc::SIGXCPU), &cpu(2100)], "TLE"),
            ("SIGXCPU with less CPU than the limit: the judge's measure decides", &[&signal(libc::SIGXCPU), &cpu(900)], "RE"),
            ("SIGKILL at the CPU limit", &[&sigkill, &cpu(1000)], "TLE"),
            ("the wall backstop, asleep", &[&wall_backstop, &sigkill], "TLE"),
            ("TLE before MLE", &[&cpu(1500), &peak(100)], "TLE"),
            ("peak RSS over the limit, exit 0", &[&peak(65)], "MLE"),
            ("peak RSS at the limit is not over it", &[&peak(64)], "Ran"),
            ("SIGSEGV within 10% of the limit: malloc returned NULL", &[&sigsegv, &peak(58)], "MLE"),
            ("SIGBUS within 10% of the limit", &[&signal(libc::SIGBUS), &peak(60)], "MLE"),
            ("SIGSEGV far below the limit: a bug", &[&sigsegv, &peak(50)], "RE"),
            ("SIGABRT within 10% of the limit: malloc failed, then abort()", &[&sigabrt, &peak(58)], "MLE"),
            ("exit 1 within 10% of the limit: malloc failed, then exit(1)", &[&exit(1), &peak(60)], "MLE"),
            ("exit 1 far below the limit", &[&exit(1), &peak(50)], "RE"),
            ("Rust's allocation failure, then SIGABRT", &[&sigabrt, &stderr(RUST_OOM)], "MLE"),
            ("libstdc++'s bad_alloc, then SIGABRT", &[&sigabrt, &stderr(CPP_OOM)], "MLE"),
            ("libc++'s bad_alloc, then SIGABRT", &[&sigabrt, &stderr(LIBCXX_OOM)], "MLE"),
            ("Java's OutOfMemoryError, then exit 1", &[&exit(1), &stderr(JAVA_OOM)], "MLE"),
            ("Python's MemoryError last, then exit 1", &[&exit(1), &stderr(PYTHON_OOM)], "MLE"),
            ("the Rust words with exit 0: words alone decide nothing", &[&stderr(RUST_OOM)], "Ran"),
            ("the Rust words with exit 1: not how Rust ends", &[&exit(1), &stderr(RUST_OOM)], "RE"),
            ("Python's words with exit 3: not how Python ends", &[&exit(3), &stderr(PYTHON_OOM)], "RE"),
            ("the judge's own words printed by the solution", &[&exit(1), &stderr("peak memory 70 MiB, over the memory limit of 64 MiB\n")], "RE"),
            ("a non-zero exit status", &[&exit(3)], "RE"),
            ("SIGABRT without an allocation report", &[&sigabrt, &stderr("assertion failed\n")], "RE"),
            ("SIGKILL under the CPU limit, not the backstop: someone else's kill", &[&sigkill, &cpu(200)], "RE"),
        ];
        let mut wrong = Vec::new();
        for (rule, changes, expected) in rows {
            let mut out = ran();
            for change in *changes {
                change(&mut out);
            }
            let got = classified(&out);
            if got != *expected {
                wrong.push(format!("{rule}: expected {expected}, got {got}"));
            }
        }
        assert!(wrong.is_empty(), "rules broken:\n{}", wrong.join("\n"));
    }
}
