//! Wording why a run earned its verdict by itself: the model's [`Reason`] (what
//! the engine's `classify` measured against which limit) as the sentence under a
//! failed case, e.g. `1.5 s CPU, over the limit of 1 s`.

use judge_model::judge::{Memory, Reason};
use judge_model::testlib::{Failed, Failure};
use judge_model::units::{human_bytes, precise_time};

/// The hint given when an interactive solution reaches its wall limit while both
/// sides wait.
const FLUSH_HINT: &str = "both sides were waiting: did the solution flush its output?";

/// The sentence for `reason`, plain text; an MLE or RE ends with the stderr tail.
pub fn words(reason: &Reason) -> String {
    let time = |d: &std::time::Duration| precise_time(d.as_secs_f64());
    match reason {
        Reason::Interrupted { wall } => format!(
            "interrupted (Ctrl-C) after {:.2} s: killed and reaped, no verdict",
            wall.as_secs_f64()
        ),
        Reason::ImageOverMemory { size, limit } => format!(
            "not started: its code and static data take {}, over the memory limit of {}",
            human_bytes(*size),
            human_bytes(*limit)
        ),
        Reason::ExecNoMemory { limit } => format!(
            "not started: exec could not load it under the memory limit of {} (ENOMEM)",
            human_bytes(*limit)
        ),
        Reason::OutputOver { limit } => format!(
            "more than {} of output; the solution was killed",
            human_bytes(*limit)
        ),
        Reason::FileOver { limit } => format!(
            "wrote a file larger than the output limit of {} (SIGXFSZ)",
            human_bytes(*limit)
        ),
        Reason::Asleep { wall, cpu, limit } => format!(
            "still running after {} of wall time (the backstop for a {} CPU limit) \
             with {} CPU: {}; killed",
            time(wall),
            time(limit),
            time(cpu),
            asleep_why(*wall, *cpu),
        ),
        Reason::KilledAtCpuLimit { cpu, limit, exit } => format!(
            "killed at the CPU limit of {} after {} CPU ({exit})",
            time(limit),
            time(cpu)
        ),
        Reason::CpuOver { cpu, limit } => {
            format!("{} CPU, over the limit of {}", time(cpu), time(limit))
        }
        Reason::WithStderr { reason, bytes } => format!(
            "{}; it wrote {} to standard error, and writing takes time too (a judge \
             counts it): debug output left in?",
            words(reason),
            human_bytes(*bytes)
        ),
        Reason::Memory {
            how,
            peak,
            limit,
            exit,
            stderr,
        } => format!(
            "{}{}",
            memory(*how, &human_bytes(*peak), &human_bytes(*limit), exit),
            tail_note("", stderr)
        ),
        Reason::Crashed { exit, stderr } => format!("{exit}{}", tail_note("", stderr)),
        Reason::CheckerFailed { checker, failed } => {
            format!("{checker}: {}", testlib_failed(failed))
        }
        Reason::RejectedFirst
        | Reason::Rejected
        | Reason::InteractorFailed { .. }
        | Reason::InteractorHung { .. }
        | Reason::Deadlocked { .. }
        | Reason::Stalled { .. }
        | Reason::TestlibRejected
        | Reason::TestlibPresentation
        | Reason::TestlibFailed(_)
        | Reason::CheckerRejected { .. } => interactive(reason),
        Reason::InPass { pass, reason } => format!("pass {pass}: {}", words(reason)),
    }
}

/// Why a program can reach the wall backstop below its CPU limit. Nearly no CPU:
/// it waited (a sleep, a read past the input's end). A real share of a core: it
/// was computing (an endless loop, say) and other programs had the rest.
fn asleep_why(wall: std::time::Duration, cpu: std::time::Duration) -> String {
    let share = cpu.as_secs_f64() / wall.as_secs_f64().max(1e-9);
    if share < 0.1 {
        "sleeping or blocked?".to_string()
    } else {
        format!(
            "computing, on {:.0}% of a core (a busy machine: other programs had the rest)",
            share * 100.0
        )
    }
}

/// A testlib program's own failure, as its exit says, with what it said last
/// (its lines joined with ` / `).
fn testlib_failed(f: &Failed) -> String {
    let how = match &f.failure {
        Failure::Fail => "said FAIL (exit 3, the judge's fault, not the solution's)".to_string(),
        Failure::Crashed(signal) => format!("crashed ({signal})"),
        Failure::NoPoints => "exited 7 (points) without a `points P` line".to_string(),
        Failure::Exit(c) => {
            format!("exited {c}, not a testlib verdict (0 ok, 1 wa, 2 pe, 3 fail, 7 points)")
        }
    };
    if f.said.is_empty() {
        how
    } else {
        format!("{how}: {}", f.said.replace('\n', " / "))
    }
}

/// The sentence for an interactive run's own reasons: the interactor's side, a
/// deadlock, a TLE with what the relay saw.
fn interactive(reason: &Reason) -> String {
    match reason {
        Reason::RejectedFirst => {
            "the interactor rejected the dialogue (exit 43) while the solution was still running"
                .into()
        }
        Reason::Rejected => "the interactor rejected the dialogue (exit 43)".into(),
        Reason::InteractorFailed { exit, stderr } => format!(
            "the interactor failed ({exit}; 42 accepts, 43 rejects){}",
            tail_note("interactor ", stderr)
        ),
        Reason::InteractorHung { after, stderr } => format!(
            "the interactor was still running {:.1} s after the solution ended; killed{}",
            after.as_secs_f64(),
            tail_note("interactor ", stderr)
        ),
        Reason::Deadlocked {
            silent,
            wall,
            backstop,
        } => format!(
            "deadlocked: both sides blocked reading their input with nothing in flight \
             (no byte moved for {:.1} s, and neither used CPU while the judge looked), \
             so nothing could ever move again; killed at {:.1} s, before the {:.1} s \
             backstop\n{FLUSH_HINT}",
            silent.as_secs_f64(),
            wall.as_secs_f64(),
            backstop.as_secs_f64(),
        ),
        Reason::Stalled {
            reason,
            silent,
            both_waiting,
        } => {
            let mut s = words(reason);
            if let Some(silent) = silent {
                s.push_str(&format!(
                    "\nno byte had moved either way for {:.1} s (the backstop counts from the last one)",
                    silent.as_secs_f64()
                ));
            }
            if *both_waiting {
                s.push_str(&format!("\n{FLUSH_HINT}"));
            }
            s
        }
        Reason::TestlibRejected => "the testlib interactor rejected the dialogue".into(),
        Reason::TestlibPresentation => {
            "the testlib interactor said: wrong output format (exit 2)".into()
        }
        Reason::TestlibFailed(failed) => {
            format!("the testlib interactor {}", testlib_failed(failed))
        }
        Reason::CheckerRejected { checker, rejection } => format!(
            "the interactor accepted; {checker} rejected its output: {}",
            crate::words::header(rejection)
        ),
        other => words(other),
    }
}

/// An MLE's sentence, without the stderr tail.
fn memory(how: Memory, peak: &str, limit: &str, exit: &str) -> String {
    match how {
        Memory::PeakOver(said) => {
            let how = match said {
                Some(runtime) => format!(" ({runtime} reported a failed allocation, {exit})"),
                None => String::new(),
            };
            format!("peak memory {peak}, over the limit of {limit}{how}")
        }
        // A JVM has no address-space cap: its heap, sized from the limit, is full.
        Memory::Refused(runtime) if runtime == "the Java runtime" => format!(
            "the heap the memory limit of {limit} leaves a JVM is full: {runtime} \
             reported it and ended ({exit}); peak resident memory {peak}"
        ),
        Memory::Refused(runtime) => format!(
            "an allocation was refused by the memory limit of {limit} (address space): \
             {runtime} reported it and ended ({exit}); peak resident memory {peak}"
        ),
        Memory::ProbablyRefused => format!(
            "an allocation was probably refused by the memory limit of {limit} (address \
             space): {exit} with peak resident memory {peak}, within 10% of the limit"
        ),
    }
}

/// The stderr tail under a reason, if the run wrote any; `whose` names the
/// program when it is not the solution (`interactor `).
fn tail_note(whose: &str, lines: &[String]) -> String {
    if lines.is_empty() {
        return String::new();
    }
    format!("\n{whose}stderr (last lines):\n  {}", lines.join("\n  "))
}

#[cfg(test)]
mod tests {
    //! Each reason and its exact words: the sentences the judge has always shown
    //! (the CLI tests and docs quote them).

    use std::time::Duration;

    use super::*;
    use judge_compare::Rejection;
    use judge_compare::Why;

    const MIB: u64 = 1 << 20;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn every_reason_reads_as_the_judge_words_it() {
        let tail = vec![
            "panicked at src/main.rs:3:5".to_string(),
            "boom".to_string(),
        ];
        let memory = |how, stderr: &[String]| Reason::Memory {
            how,
            peak: 70 * MIB,
            limit: 64 * MIB,
            exit: "SIGABRT".into(),
            stderr: stderr.to_vec(),
        };
        #[rustfmt::skip]
        let rows: &[(Reason, &str)] = &[
            (Reason::Interrupted { wall: ms(1234) }, "interrupted (Ctrl-C) after 1.23 s: killed and reaped, no verdict"),
            (Reason::ImageOverMemory { size: 100 * MIB, limit: 64 * MIB }, "not started: its code and static data take 100.0 MiB, over the memory limit of 64.0 MiB"),
            (Reason::ExecNoMemory { limit: 64 * MIB }, "not started: exec could not load it under the memory limit of 64.0 MiB (ENOMEM)"),
            (Reason::OutputOver { limit: MIB }, "more than 1.0 MiB of output; the solution was killed"),
            (Reason::FileOver { limit: MIB }, "wrote a file larger than the output limit of 1.0 MiB (SIGXFSZ)"),
            (Reason::Asleep { wall: ms(3000), cpu: ms(5), limit: ms(1000) }, "still running after 3 s of wall time (the backstop for a 1 s CPU limit) with 5 ms CPU: sleeping or blocked?; killed"),
            (Reason::Asleep { wall: ms(3030), cpu: ms(774), limit: ms(1000) }, "still running after 3.03 s of wall time (the backstop for a 1 s CPU limit) with 774 ms CPU: computing, on 26% of a core (a busy machine: other programs had the rest); killed"),
            (Reason::KilledAtCpuLimit { cpu: ms(1000), limit: ms(1000), exit: "SIGXCPU".into() }, "killed at the CPU limit of 1 s after 1 s CPU (SIGXCPU)"),
            (Reason::CpuOver { cpu: ms(1500), limit: ms(1000) }, "1.5 s CPU, over the limit of 1 s"),
            (Reason::WithStderr { reason: Box::new(Reason::CpuOver { cpu: ms(1500), limit: ms(1000) }), bytes: 48 * MIB }, "1.5 s CPU, over the limit of 1 s; it wrote 48.0 MiB to standard error, and writing takes time too (a judge counts it): debug output left in?"),
            (memory(Memory::PeakOver(None), &[]), "peak memory 70.0 MiB, over the limit of 64.0 MiB"),
            (memory(Memory::PeakOver(Some("the Rust runtime")), &[]), "peak memory 70.0 MiB, over the limit of 64.0 MiB (the Rust runtime reported a failed allocation, SIGABRT)"),
            (memory(Memory::Refused("the C++ runtime"), &[]), "an allocation was refused by the memory limit of 64.0 MiB (address space): the C++ runtime reported it and ended (SIGABRT); peak resident memory 70.0 MiB"),
            (memory(Memory::Refused("the Java runtime"), &[]), "the heap the memory limit of 64.0 MiB leaves a JVM is full: the Java runtime reported it and ended (SIGABRT); peak resident memory 70.0 MiB"),
            (memory(Memory::ProbablyRefused, &tail), "an allocation was probably refused by the memory limit of 64.0 MiB (address space): SIGABRT with peak resident memory 70.0 MiB, within 10% of the limit\nstderr (last lines):\n  panicked at src/main.rs:3:5\n  boom"),
            (Reason::Crashed { exit: "exit 3".into(), stderr: Vec::new() }, "exit 3"),
            (Reason::Crashed { exit: "SIGSEGV".into(), stderr: tail.clone() }, "SIGSEGV\nstderr (last lines):\n  panicked at src/main.rs:3:5\n  boom"),
            (Reason::InPass { pass: 2, reason: Box::new(Reason::CpuOver { cpu: ms(1500), limit: ms(1000) }) }, "pass 2: 1.5 s CPU, over the limit of 1 s"),
            (Reason::RejectedFirst, "the interactor rejected the dialogue (exit 43) while the solution was still running"),
            (Reason::Rejected, "the interactor rejected the dialogue (exit 43)"),
            (Reason::InteractorFailed { exit: "exit 1".into(), stderr: Vec::new() }, "the interactor failed (exit 1; 42 accepts, 43 rejects)"),
            (Reason::InteractorFailed { exit: "SIGSEGV".into(), stderr: tail.clone() }, "the interactor failed (SIGSEGV; 42 accepts, 43 rejects)\ninteractor stderr (last lines):\n  panicked at src/main.rs:3:5\n  boom"),
            (Reason::InteractorHung { after: ms(2975), stderr: tail.clone() }, "the interactor was still running 3.0 s after the solution ended; killed\ninteractor stderr (last lines):\n  panicked at src/main.rs:3:5\n  boom"),
            (Reason::Deadlocked { silent: ms(300), wall: ms(450), backstop: ms(3000) }, "deadlocked: both sides blocked reading their input with nothing in flight (no byte moved for 0.3 s, and neither used CPU while the judge looked), so nothing could ever move again; killed at 0.5 s, before the 3.0 s backstop\nboth sides were waiting: did the solution flush its output?"),
            (Reason::Stalled { reason: Box::new(Reason::CpuOver { cpu: ms(1500), limit: ms(1000) }), silent: Some(ms(3000)), both_waiting: false }, "1.5 s CPU, over the limit of 1 s\nno byte had moved either way for 3.0 s (the backstop counts from the last one)"),
            (Reason::Stalled { reason: Box::new(Reason::CpuOver { cpu: ms(1500), limit: ms(1000) }), silent: None, both_waiting: true }, "1.5 s CPU, over the limit of 1 s\nboth sides were waiting: did the solution flush its output?"),
            (Reason::TestlibRejected, "the testlib interactor rejected the dialogue"),
            (Reason::TestlibPresentation, "the testlib interactor said: wrong output format (exit 2)"),
            (Reason::TestlibFailed(Failed { failure: Failure::Crashed("SIGSEGV".into()), said: String::new() }), "the testlib interactor crashed (SIGSEGV)"),
            (Reason::TestlibFailed(Failed { failure: Failure::Fail, said: "FAIL answer file is broken\nline 2".into() }), "the testlib interactor said FAIL (exit 3, the judge's fault, not the solution's): FAIL answer file is broken / line 2"),
            (Reason::TestlibFailed(Failed { failure: Failure::NoPoints, said: String::new() }), "the testlib interactor exited 7 (points) without a `points P` line"),
            (Reason::TestlibFailed(Failed { failure: Failure::Exit(5), said: "huh".into() }), "the testlib interactor exited 5, not a testlib verdict (0 ok, 1 wa, 2 pe, 3 fail, 7 points): huh"),
            (Reason::CheckerFailed { checker: "check.cpp (testlib checker)".into(), failed: Failed { failure: Failure::Fail, said: "FAIL the answer file is empty".into() } }, "check.cpp (testlib checker): said FAIL (exit 3, the judge's fault, not the solution's): FAIL the answer file is empty"),
            (Reason::CheckerFailed { checker: "check.cpp (testlib checker)".into(), failed: Failed { failure: Failure::Crashed("SIGSEGV".into()), said: String::new() } }, "check.cpp (testlib checker): crashed (SIGSEGV)"),
            (Reason::CheckerRejected { checker: "the testlib checker check.cpp".into(), rejection: Rejection { why: Why::Program { message: "wrong answer 3".into() }, expected: None, actual: None } }, "the interactor accepted; the testlib checker check.cpp rejected its output: the checker said: wrong answer 3"),
        ];
        let mut wrong = Vec::new();
        for (reason, expected) in rows {
            let got = words(reason);
            if got != *expected {
                wrong.push(format!(
                    "{reason:?}:\n  expected {expected:?}\n  got      {got:?}"
                ));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}
