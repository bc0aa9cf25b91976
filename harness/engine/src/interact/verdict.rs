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
use crate::judge::{Classified, Verdict, classify};
use crate::run::{Exit, Limits, signal_name};

/// The hint given when a solution reaches its wall limit while both sides wait.
pub const FLUSH_HINT: &str = "both sides were waiting: did the solution flush its output?";

/// The verdict and what to show with it.
#[derive(Debug, Clone)]
pub struct Judgement {
    /// The verdict.
    pub verdict: Verdict,
    /// Why, for people: which rule decided, limits, exit statuses, stderr tails.
    pub detail: String,
    /// The interactor's feedback (`judgemessage.txt`, then `teammessage.txt`).
    pub judge_message: String,
    /// The dialogue: its title and its lines, rendered (see `dialogue`).
    pub dialogue: (String, String),
}

fn exit_text(exit: Exit) -> String {
    match exit {
        Exit::Code(c) => format!("exit {c}"),
        Exit::Signal(s) => signal_name(s),
    }
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
    let int_exit = exit_text(int.exit);
    let interactor_failed = || {
        (
            Verdict::ERR,
            format!(
                "the interactor failed ({int_exit}; 42 accepts, 43 rejects){}",
                tail("interactor", &int.stderr_tail)
            ),
        )
    };
    let (verdict, detail) = if x.interactor_first
        && int.exit == Exit::Code(REJECT)
        && !sol.interrupted
    {
        (
            Verdict::WA,
            "the interactor rejected the dialogue (exit 43) while the solution was still running"
                .to_string(),
        )
    } else if x.interactor_first && int.exit != Exit::Code(ACCEPT) && !sol.interrupted {
        interactor_failed()
    } else {
        match classify(sol, limits) {
            Classified::Interrupted(why) => (Verdict::INT, why),
            Classified::Failed(Verdict::TLE, _) if x.deadlocked => (
                Verdict::TLE,
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
            Classified::Failed(Verdict::TLE, mut why) => {
                if let Some(silent) = x.silent_for {
                    let _ = write!(
                        why,
                        "\nno byte had moved either way for {:.1} s (the backstop counts from the last one)",
                        silent.as_secs_f64()
                    );
                }
                if x.both_waiting {
                    let _ = write!(why, "\n{FLUSH_HINT}");
                }
                (Verdict::TLE, why)
            }
            Classified::Failed(verdict, why) => (verdict, why),
            Classified::Ran if int.killed => (
                Verdict::ERR,
                format!(
                    "the interactor was still running {:.1} s after the solution ended; killed{}",
                    int.wall.saturating_sub(sol.wall).as_secs_f64(),
                    tail("interactor", &int.stderr_tail)
                ),
            ),
            Classified::Ran if int.exit == Exit::Code(ACCEPT) => (Verdict::AC, String::new()),
            Classified::Ran if int.exit == Exit::Code(REJECT) => (
                Verdict::WA,
                "the interactor rejected the dialogue (exit 43)".to_string(),
            ),
            Classified::Ran => interactor_failed(),
        }
    };
    Judgement {
        verdict,
        detail,
        judge_message,
        dialogue: (x.dialogue.title(), x.dialogue.render()),
    }
}
