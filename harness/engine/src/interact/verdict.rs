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
use crate::judge::{Classified, classify};
use judge_model::judge::{Reason, Verdict};
use judge_model::limits::Limits;
use judge_sandbox::Exit;

/// The hint given when a solution reaches its wall limit while both sides wait.
pub const FLUSH_HINT: &str = "both sides were waiting: did the solution flush its output?";

/// The verdict and what to show with it.
#[derive(Debug, Clone)]
pub struct Judgement {
    /// The verdict.
    pub verdict: Verdict,
    /// Why the solution's run earned the verdict by itself (TLE, MLE, RE, OLE,
    /// INT: the judge's classifier), as data the reporters word.
    pub reason: Option<Reason>,
    /// Why, for people, after the reason: which rule decided, exit statuses,
    /// stderr tails, notes on a TLE.
    pub detail: String,
    /// The interactor's feedback (`judgemessage.txt`, then `teammessage.txt`).
    pub judge_message: String,
    /// The dialogue: its title and its lines, rendered (see `dialogue`).
    pub dialogue: (String, String),
}

fn tail(label: &str, bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().rev().take(5).collect();
    if lines.is_empty() {
        return String::new();
    }
    let lines: Vec<&str> = lines.into_iter().rev().collect();
    format!("\n{label} stderr (last lines):\n  {}", lines.join("\n  "))
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
    let int_exit = int.exit.to_string();
    let interactor_failed = || {
        (
            Verdict::ERR,
            None,
            format!(
                "the interactor failed ({int_exit}; 42 accepts, 43 rejects){}",
                tail("interactor", &int.stderr_tail)
            ),
        )
    };
    let (verdict, reason, detail) = if x.interactor_first
        && int.exit == Exit::Code(REJECT)
        && !sol.interrupted
    {
        (
            Verdict::WA,
            None,
            "the interactor rejected the dialogue (exit 43) while the solution was still running"
                .to_string(),
        )
    } else if x.interactor_first && int.exit != Exit::Code(ACCEPT) && !sol.interrupted {
        interactor_failed()
    } else {
        match classify(sol, limits) {
            Classified::Interrupted(why) => (Verdict::INT, Some(why), String::new()),
            Classified::Failed(Verdict::TLE, _) if x.deadlocked => (
                Verdict::TLE,
                None,
                format!(
                    "deadlocked: both sides blocked reading their input with nothing in flight \
                     (no byte moved for {:.1} s, and neither used CPU while the judge looked), \
                     so nothing could ever move again; killed at {:.1} s, before the {:.1} s \
                     backstop\n{FLUSH_HINT}",
                    x.silent_for.unwrap_or_default().as_secs_f64(),
                    sol.wall.as_secs_f64(),
                    limits.wall().as_secs_f64(),
                ),
            ),
            Classified::Failed(Verdict::TLE, why) => {
                // Notes after the reason (which the reporters word).
                let mut notes = String::new();
                if let Some(silent) = x.silent_for {
                    let _ = write!(
                        notes,
                        "\nno byte had moved either way for {:.1} s (the backstop counts from the last one)",
                        silent.as_secs_f64()
                    );
                }
                if x.both_waiting {
                    let _ = write!(notes, "\n{FLUSH_HINT}");
                }
                (Verdict::TLE, Some(why), notes)
            }
            Classified::Failed(verdict, why) => (verdict, Some(why), String::new()),
            Classified::Ran if int.killed => (
                Verdict::ERR,
                None,
                format!(
                    "the interactor was still running {:.1} s after the solution ended; killed{}",
                    int.wall.saturating_sub(sol.wall).as_secs_f64(),
                    tail("interactor", &int.stderr_tail)
                ),
            ),
            Classified::Ran if int.exit == Exit::Code(ACCEPT) => (Verdict::AC, None, String::new()),
            Classified::Ran if int.exit == Exit::Code(REJECT) => (
                Verdict::WA,
                None,
                "the interactor rejected the dialogue (exit 43)".to_string(),
            ),
            Classified::Ran => interactor_failed(),
        }
    };
    Judgement {
        verdict,
        reason,
        detail,
        judge_message,
        dialogue: (x.dialogue.title(), x.dialogue.render()),
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
                refused: None,
                interrupted: false,
            },
            interactor: InteractorOutcome {
                exit: Exit::Code(ACCEPT),
                wall: Duration::from_millis(25),
                killed: false,
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
        // (rule, changes, verdict, words the detail must hold; where the solution's
        // run decided, the classifier's reason as data: its variant and facts)
        #[rustfmt::skip]
        let rows: &[(&str, &[Change], Verdict, &str)] = &[
            ("1. the interactor rejects first: WA, whatever the solution did next", &[&interactor_first, &rejects, &sigpipe], Verdict::WA, "while the solution was still running"),
            ("1. ... even if the solution then ran out of time", &[&interactor_first, &rejects, &over_cpu], Verdict::WA, "exit 43"),
            ("1. the interactor fails first: ERR, the solution's reaction says nothing", &[&interactor_first, &fails, &crashes], Verdict::ERR, "the interactor failed (exit 1"),
            ("1. the interactor crashes first: ERR, though the solution then died too", &[&interactor_first, &interactor(Exit::Signal(libc::SIGSEGV)), &sigpipe], Verdict::ERR, "SIGSEGV"),
            ("1. accepting first decides nothing yet: the solution must end well", &[&interactor_first, &over_cpu], Verdict::TLE, "CpuOver"),
            ("2. the solution over its CPU limit, though the interactor accepted", &[&over_cpu], Verdict::TLE, ""),
            ("2. the solution at the wall backstop: TLE, with how long nothing moved", &[&at_wall_backstop], Verdict::TLE, "no byte had moved either way for 3.0 s"),
            ("2. ... with both sides waiting: the flush hint", &[&at_wall_backstop, &both_waiting], Verdict::TLE, FLUSH_HINT),
            ("2. a deadlock: TLE before the backstop, with the flush hint", &[&deadlocked], Verdict::TLE, "deadlocked: both sides blocked"),
            ("2. the solution over its memory limit, though the interactor rejected after", &[&over_memory, &rejects], Verdict::MLE, ""),
            ("2. the solution crashed, though the interactor rejected after", &[&crashes, &rejects], Verdict::RE, "exit 3"),
            ("2. the solution wrote past the output limit", &[&over_output, &rejects], Verdict::OLE, ""),
            ("2. Ctrl-C: no verdict", &[&interrupted, &interactor_first, &rejects], Verdict::INT, "Interrupted"),
            ("3. the solution ended well, the interactor accepts: AC", &[], Verdict::AC, ""),
            ("3. the interactor rejects after the solution ended: WA", &[&rejects], Verdict::WA, "rejected the dialogue (exit 43)"),
            ("3. the interactor fails after the solution ended: ERR", &[&fails], Verdict::ERR, "42 accepts, 43 rejects"),
            ("3. the interactor still running long after the solution: killed, ERR", &[&interactor_killed], Verdict::ERR, "still running 3.0 s after the solution ended"),
        ];
        let mut wrong = Vec::new();
        for (rule, changes, verdict, says) in rows {
            let mut x = accepted();
            for change in *changes {
                change(&mut x);
            }
            let j = decide(&x, &LIMITS);
            let said = format!("{:?} {}", j.reason, j.detail);
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
