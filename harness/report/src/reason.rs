//! Wording why a run earned its verdict by itself: the model's [`Reason`] (what
//! the engine's `classify` measured against which limit) as the sentence under a
//! failed case, e.g. `1.5 s CPU, over the limit of 1 s`.

use judge_model::judge::{Memory, Reason};
use judge_model::units::{human_bytes, precise_time};

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
             with {} CPU: sleeping or blocked?; killed",
            time(wall),
            time(limit),
            time(cpu),
        ),
        Reason::KilledAtCpuLimit { cpu, limit, exit } => format!(
            "killed at the CPU limit of {} after {} CPU ({exit})",
            time(limit),
            time(cpu)
        ),
        Reason::CpuOver { cpu, limit } => {
            format!("{} CPU, over the limit of {}", time(cpu), time(limit))
        }
        Reason::Memory {
            how,
            peak,
            limit,
            exit,
            stderr,
        } => format!(
            "{}{}",
            memory(*how, &human_bytes(*peak), &human_bytes(*limit), exit),
            tail_note(stderr)
        ),
        Reason::Crashed { exit, stderr } => format!("{exit}{}", tail_note(stderr)),
        Reason::InPass { pass, reason } => format!("pass {pass}: {}", words(reason)),
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

/// The stderr tail under a reason, if the run wrote any.
fn tail_note(lines: &[String]) -> String {
    if lines.is_empty() {
        return String::new();
    }
    format!("\nstderr (last lines):\n  {}", lines.join("\n  "))
}

#[cfg(test)]
mod tests {
    //! Each reason and its exact words: the sentences the judge has always shown
    //! (the CLI tests and docs quote them).

    use std::time::Duration;

    use super::*;

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
            (Reason::KilledAtCpuLimit { cpu: ms(1000), limit: ms(1000), exit: "SIGXCPU".into() }, "killed at the CPU limit of 1 s after 1 s CPU (SIGXCPU)"),
            (Reason::CpuOver { cpu: ms(1500), limit: ms(1000) }, "1.5 s CPU, over the limit of 1 s"),
            (memory(Memory::PeakOver(None), &[]), "peak memory 70.0 MiB, over the limit of 64.0 MiB"),
            (memory(Memory::PeakOver(Some("the Rust runtime")), &[]), "peak memory 70.0 MiB, over the limit of 64.0 MiB (the Rust runtime reported a failed allocation, SIGABRT)"),
            (memory(Memory::Refused("the C++ runtime"), &[]), "an allocation was refused by the memory limit of 64.0 MiB (address space): the C++ runtime reported it and ended (SIGABRT); peak resident memory 70.0 MiB"),
            (memory(Memory::Refused("the Java runtime"), &[]), "the heap the memory limit of 64.0 MiB leaves a JVM is full: the Java runtime reported it and ended (SIGABRT); peak resident memory 70.0 MiB"),
            (memory(Memory::ProbablyRefused, &tail), "an allocation was probably refused by the memory limit of 64.0 MiB (address space): SIGABRT with peak resident memory 70.0 MiB, within 10% of the limit\nstderr (last lines):\n  panicked at src/main.rs:3:5\n  boom"),
            (Reason::Crashed { exit: "exit 3".into(), stderr: Vec::new() }, "exit 3"),
            (Reason::Crashed { exit: "SIGSEGV".into(), stderr: tail.clone() }, "SIGSEGV\nstderr (last lines):\n  panicked at src/main.rs:3:5\n  boom"),
            (Reason::InPass { pass: 2, reason: Box::new(Reason::CpuOver { cpu: ms(1500), limit: ms(1000) }) }, "pass 2: 1.5 s CPU, over the limit of 1 s"),
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
