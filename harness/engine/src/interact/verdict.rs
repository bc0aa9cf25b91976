//! The verdict of an interactive case, in the order problemtools and DOMjudge
//! decide it.
//!
//! 1. The interactor ended first with 43: WA, whatever the solution did next (it
//!    was killed, or crashed on the closed dialogue). Ended first with anything
//!    but 42 or 43: ERR (the judge failed, the solution's reaction says nothing).
//! 2. The solution's own verdict, from the judge's one classifier
//!    (`judge::classify`, as for batch cases): TLE (over the CPU limit, or still
//!    running at the wall backstop, with the flush hint when both sides were
//!    waiting for input), MLE, RE. OLE (it wrote more than the output limit) is
//!    the classifier's first rule, because the judge kills the solution the moment
//!    it passes the limit: the SIGKILL that follows is the judge's, not an RE.
//! 3. The interactor's exit: 42 AC, 43 WA, killed for hanging or anything else ERR.
//!
//! Ctrl-C gives no verdict (INT, marked interrupted), as for batch cases.
//!
//! Decided from measured facts and exit statuses only; the interactor's
//! `judgemessage.txt` and `teammessage.txt` are shown, never parsed.

use std::fmt::Write as _;

use super::{ACCEPT, Interaction, REJECT};
use crate::judge::{Classified, classify, tail};
use judge_model::judge::{Extra, Reason, Verdict};
use judge_model::limits::Limits;
use judge_sandbox::Exit;

/// The verdict and what to show with it.
#[derive(Debug, Clone)]
pub struct Judgement {
    /// The verdict.
    pub verdict: Verdict,
    /// Why, as data the reporters word: the solution's own run (TLE, MLE, RE,
    /// OLE, INT: the judge's classifier, with what the relay saw on a TLE), or
    /// the interactor's side (its exit, its stderr tail), or a deadlock; `None`
    /// when accepted.
    pub reason: Option<Reason>,
    /// The interactor's feedback (`judgemessage.txt`, then `teammessage.txt`).
    pub judge_message: String,
    /// The dialogue, as the result's extra (see `dialogue`).
    pub dialogue: Extra,
}

/// Decides the verdict of `x`, run under the solution's `limits`.
pub fn decide(x: &Interaction, limits: &Limits) -> Judgement {
    let sol = &x.solution;
    let int = &x.interactor;
    let mut judge_message = int.judge_message.clone();
    if !int.team_message.is_empty() {
        if !judge_message.is_empty() {
            judge_message.push('\n');
        }
        let _ = write!(judge_message, "team message: {}", int.team_message);
    }
    let stderr = || tail(&String::from_utf8_lossy(&int.stderr_tail));
    let interactor_failed = || {
        let exit = match int.out_of_cpu {
            Some(t) => format!(
                "out of CPU time: {}, its validation_time",
                judge_model::units::precise_time(t.as_secs_f64())
            ),
            None => int.exit.to_string(),
        };
        let failed = Reason::InteractorFailed {
            exit,
            stderr: stderr(),
        };
        (Verdict::ERR, Some(failed))
    };
    let (verdict, reason) = if x.interactor_first
        && int.exit == Exit::Code(REJECT)
        && !sol.interrupted
    {
        (Verdict::WA, Some(Reason::RejectedFirst))
    } else if x.interactor_first && int.exit != Exit::Code(ACCEPT) && !sol.interrupted {
        interactor_failed()
    } else {
        match classify(sol, limits) {
            Classified::Interrupted(why) => (Verdict::INT, Some(why)),
            Classified::Failed(Verdict::TLE, _) if x.deadlocked => {
                let deadlock = Reason::Deadlocked {
                    silent: x.silent_for.unwrap_or_default(),
                    wall: sol.wall,
                    backstop: limits.wall(),
                };
                (Verdict::TLE, Some(deadlock))
            }
            Classified::Failed(Verdict::TLE, why) if x.silent_for.is_some() || x.both_waiting => {
                let stalled = Reason::Stalled {
                    reason: Box::new(why),
                    silent: x.silent_for,
                    both_waiting: x.both_waiting,
                };
                (Verdict::TLE, Some(stalled))
            }
            Classified::Failed(verdict, why) => (verdict, Some(why)),
            Classified::Ran if int.killed => {
                let after = int.wall.saturating_sub(sol.wall);
                let hung = Reason::InteractorHung {
                    after,
                    stderr: stderr(),
                };
                (Verdict::ERR, Some(hung))
            }
            Classified::Ran if int.exit == Exit::Code(ACCEPT) => (Verdict::AC, None),
            Classified::Ran if int.exit == Exit::Code(REJECT) => {
                (Verdict::WA, Some(Reason::Rejected))
            }
            Classified::Ran => interactor_failed(),
        }
    };
    Judgement {
        verdict,
        reason,
        judge_message,
        dialogue: x.dialogue.extra(),
    }
}

#[cfg(test)]
mod tests {
    //! The interactive verdict order as a table: one row per rule, each what the
    //! judge saw of both sides and the verdict (and the words) it gives. No process.

    use std::time::Duration;

    use super::*;
    use crate::interact::{Dialogue, InteractorOutcome};
    use crate::run::Measured;

    const LIMITS: Limits = Limits {
        time: Duration::from_secs(1),
        memory: 64 << 20,
        output: 1 << 20,
    };

    /// The solution exited 0, then the interactor accepted: each row changes that.
    fn accepted() -> Interaction {
        Interaction {
            solution: Measured {
                exit: Exit::Code(0),
                cpu: Duration::from_millis(10),
                wall: Duration::from_millis(20),
                peak_rss: 2 << 20,
                stdout: Vec::new(),
                output_exceeded: false,
                wall_exceeded: false,
                stderr_tail: Vec::new(),
                stderr_bytes: 0,
                refused: None,
                interrupted: false,
            },
            interactor: InteractorOutcome {
                exit: Exit::Code(ACCEPT),
                wall: Duration::from_millis(25),
                killed: false,
                out_of_cpu: None,
                stderr_tail: Vec::new(),
                judge_message: String::new(),
                team_message: String::new(),
            },
            interactor_first: false,
            both_waiting: false,
            deadlocked: false,
            silent_for: None,
            dialogue: Dialogue::default(),
            feedback: tempfile::tempdir().unwrap(),
        }
    }

    fn interactor(exit: Exit) -> impl Fn(&mut Interaction) {
        move |x| x.interactor.exit = exit
    }
    fn solution(exit: Exit) -> impl Fn(&mut Interaction) {
        move |x| x.solution.exit = exit
    }
    fn interactor_first(x: &mut Interaction) {
        x.interactor_first = true;
    }
    fn over_cpu(x: &mut Interaction) {
        x.solution.cpu = Duration::from_millis(1500);
    }
    fn at_wall_backstop(x: &mut Interaction) {
        x.solution.wall_exceeded = true;
        x.solution.wall = Duration::from_secs(3);
        x.solution.exit = Exit::Signal(libc::SIGKILL);
        x.silent_for = Some(Duration::from_secs(3));
    }
    fn both_waiting(x: &mut Interaction) {
        x.both_waiting = true;
    }
    fn deadlocked(x: &mut Interaction) {
        x.deadlocked = true;
        x.solution.wall_exceeded = true;
        x.solution.wall = Duration::from_millis(450);
        x.solution.exit = Exit::Signal(libc::SIGKILL);
        x.silent_for = Some(Duration::from_millis(300));
    }
    fn over_memory(x: &mut Interaction) {
        x.solution.peak_rss = 65 << 20;
    }
    fn over_output(x: &mut Interaction) {
        x.solution.output_exceeded = true;
        x.solution.exit = Exit::Signal(libc::SIGKILL);
    }
    fn interactor_killed(x: &mut Interaction) {
        x.interactor.killed = true;
        x.interactor.exit = Exit::Signal(libc::SIGKILL);
        x.interactor.wall = Duration::from_secs(3);
    }
    fn interactor_out_of_cpu(x: &mut Interaction) {
        x.interactor.out_of_cpu = Some(Duration::from_secs(2));
        x.interactor.exit = Exit::Signal(libc::SIGKILL);
    }
    fn interrupted(x: &mut Interaction) {
        x.solution.interrupted = true;
        x.solution.exit = Exit::Signal(libc::SIGKILL);
    }

    type Change<'a> = &'a dyn Fn(&mut Interaction);

    #[test]
    fn an_interaction_is_decided_in_problemtools_order() {
        let rejects = interactor(Exit::Code(REJECT));
        let fails = interactor(Exit::Code(1));
        let crashes = solution(Exit::Code(3));
        let sigpipe = solution(Exit::Signal(libc::SIGPIPE));
        // (rule, changes, verdict, the reason as data: its variant and facts, as
        // its Debug text holds them; the reporters word it)
        #[rustfmt::skip]
        let rows: &[(&str, &[Change], Verdict, &str)] = &[
            ("1. the interactor rejects first: WA, whatever the solution did next", &[&interactor_first, &rejects, &sigpipe], Verdict::WA, "Some(RejectedFirst)"),
            ("1. ... even if the solution then ran out of time", &[&interactor_first, &rejects, &over_cpu], Verdict::WA, "Some(RejectedFirst)"),
            ("1. the interactor fails first: ERR, the solution's reaction says nothing", &[&interactor_first, &fails, &crashes], Verdict::ERR, "InteractorFailed { exit: \"exit 1\""),
            ("1. the interactor crashes first: ERR, though the solution then died too", &[&interactor_first, &interactor(Exit::Signal(libc::SIGSEGV)), &sigpipe], Verdict::ERR, "InteractorFailed { exit: \"SIGSEGV\""),
            ("1. accepting first decides nothing yet: the solution must end well", &[&interactor_first, &over_cpu], Verdict::TLE, "Some(CpuOver"),
            ("2. the solution over its CPU limit, though the interactor accepted", &[&over_cpu], Verdict::TLE, "Some(CpuOver"),
            ("2. the solution at the wall backstop: TLE, with how long nothing moved", &[&at_wall_backstop], Verdict::TLE, "Stalled { reason: Asleep { wall: 3s, cpu: 10ms, limit: 1s }, silent: Some(3s), both_waiting: false }"),
            ("2. ... with both sides waiting: the flush hint", &[&at_wall_backstop, &both_waiting], Verdict::TLE, "silent: Some(3s), both_waiting: true"),
            ("2. a deadlock: TLE before the backstop, with the flush hint", &[&deadlocked], Verdict::TLE, "Deadlocked { silent: 300ms, wall: 450ms, backstop: "),
            ("2. the solution over its memory limit, though the interactor rejected after", &[&over_memory, &rejects], Verdict::MLE, "Some(Memory"),
            ("2. the solution crashed, though the interactor rejected after", &[&crashes, &rejects], Verdict::RE, "Crashed { exit: \"exit 3\""),
            ("2. the solution wrote past the output limit", &[&over_output, &rejects], Verdict::OLE, "Some(OutputOver"),
            ("2. Ctrl-C: no verdict", &[&interrupted, &interactor_first, &rejects], Verdict::INT, "Some(Interrupted"),
            ("3. the solution ended well, the interactor accepts: AC", &[], Verdict::AC, "None"),
            ("3. the interactor rejects after the solution ended: WA", &[&rejects], Verdict::WA, "Some(Rejected)"),
            ("3. the interactor fails after the solution ended: ERR", &[&fails], Verdict::ERR, "InteractorFailed { exit: \"exit 1\""),
            ("3. the interactor still running long after the solution: killed, ERR", &[&interactor_killed], Verdict::ERR, "InteractorHung { after: 2.98s"),
            ("3. the interactor out of its own CPU budget (validation_time): ERR", &[&interactor_out_of_cpu], Verdict::ERR, "InteractorFailed { exit: \"out of CPU time: 2 s, its validation_time\""),
            ("1. ... and so while the solution still runs", &[&interactor_first, &interactor_out_of_cpu], Verdict::ERR, "InteractorFailed { exit: \"out of CPU time: 2 s"),
        ];
        let mut wrong = Vec::new();
        for (rule, changes, verdict, says) in rows {
            let mut x = accepted();
            for change in *changes {
                change(&mut x);
            }
            let j = decide(&x, &LIMITS);
            let said = format!("{:?}", j.reason);
            if j.verdict != *verdict || !said.contains(says) {
                wrong.push(format!(
                    "{rule}: expected {} saying {says:?}, got {} saying {said:?}",
                    verdict.name(),
                    j.verdict.name(),
                ));
            }
        }
        assert!(wrong.is_empty(), "rules broken:\n{}", wrong.join("\n"));
    }

    #[test]
    fn the_interactors_messages_are_shown_never_parsed() {
        let mut x = accepted();
        x.interactor.judge_message = "WA: wrong answer on game 2".into();
        x.interactor.team_message = "hello".into();
        let j = decide(&x, &LIMITS);
        assert_eq!(j.verdict, Verdict::AC);
        assert_eq!(
            j.judge_message,
            "WA: wrong answer on game 2\nteam message: hello"
        );
    }
}
