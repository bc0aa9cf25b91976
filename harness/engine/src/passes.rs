//! Judging one case with a Kattis validator program: one pass, or several
//! (multi-pass), and the score it gives.
//!
//! spec/2025-09.md "Multi-pass validation": the validator accepts (42) and writes
//! `feedback_dir/nextpass.in` to ask for another run of the solution with that
//! file as its input; no `nextpass.in`, or any other exit code, ends judging; a
//! `nextpass.in` with another exit code, or more passes than
//! `limits.validation_passes`, is a judge error; every other feedback file
//! persists between passes, and the time and memory limits apply to each run.
//! The validator is given each pass's input as its `input_file` (BAPCtools'
//! multi-pass validators tell the passes apart by it). "Scoring test cases":
//! `score.txt` (a number) or `score_multiplier.txt` (in [0, 1]) after the last
//! accepted pass.

use crate::ext::*;
use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::judge::{Classified, classify, ended};
use crate::programs::Programs;
use crate::run;
use crate::task::Task;
use judge_model::judge::{CaseResult, CaseScore, Extra, Reason, Verdict};
use judge_model::kattis::Kattis;
use judge_model::limits::Limits;
use judge_model::outcome::Outcome;

/// Judges `task` with the validator `validator` (its programs built in `programs`)
/// into `result`: the solution's failures first (as for any case), then the
/// validator's verdict per pass.
pub fn judge(
    task: &Task,
    result: &mut CaseResult,
    validator: &Kattis,
    programs: &Programs,
    limits: &Limits,
) -> Result<()> {
    let job = &task.job;
    let passes = job.settings.passes.unwrap_or(1).max(1);
    let scratch = tempfile::tempdir().context("cannot create a folder for the validator")?;
    let feedback = scratch.path().join("feedback");
    std::fs::create_dir(&feedback).context("cannot create the feedback folder")?;
    let output = scratch.path().join("output");
    let mut input = job.case.input.clone();
    for pass in 1..=passes {
        let out = run::run((task.start)(), &input, limits)?;
        result.passes = pass;
        // Each run has the limits of its own; the slowest shows.
        result.time = result.time.max(out.cpu.as_secs_f64());
        result.wall += out.wall.as_secs_f64();
        result.memory = result.memory.max(out.peak_rss);
        result.exit = ended(&out);
        result.interrupted = out.interrupted;
        match classify(&out, limits) {
            Classified::Interrupted(reason) => {
                result.verdict = Verdict::INT;
                result.reason = Some(reason);
                return Ok(());
            }
            Classified::Failed(verdict, reason) => {
                result.verdict = verdict;
                result.reason = Some(if passes > 1 {
                    Reason::InPass {
                        pass,
                        reason: Box::new(reason),
                    }
                } else {
                    reason
                });
                return Ok(());
            }
            Classified::Ran => {}
        }
        result.output_bytes = Some(out.stdout.len() as u64);
        std::fs::write(&output, &out.stdout)
            .context("cannot write the output for the validator")?;
        let outcome = validator.validate_pass(
            programs.checker()?,
            &job.case.input,
            &input,
            &job.case.output,
            &output,
            &feedback,
        )?;
        let next = feedback.join("nextpass.in");
        let asks_again = next.is_file();
        if let Some(m) = read_small(&feedback.join("judgemessage.txt")) {
            result
                .extra
                .retain(|e| !matches!(e, Extra::JudgeMessage(_)));
            result.extra.push(Extra::JudgeMessage(m));
        }
        match outcome {
            Outcome::Accepted if asks_again => {
                if pass == passes {
                    bail!(
                        "the validator asked for pass {} but validation_passes is {passes} (a judge error)",
                        pass + 1
                    );
                }
                // "nextpass.in will be removed before the next pass".
                input = scratch.path().join(format!("pass{}.in", pass + 1));
                std::fs::rename(&next, &input).context("cannot move nextpass.in")?;
            }
            Outcome::Accepted => {
                result.verdict = Verdict::AC;
                result.score = score(&feedback)?;
                return Ok(());
            }
            wrong => {
                if asks_again {
                    bail!("the validator wrote nextpass.in but did not accept (a judge error)");
                }
                result.verdict = Verdict::WA;
                if let Some(rejection) = wrong.rejection() {
                    result.rejection = Some(rejection.clone());
                }
                if passes > 1 {
                    result.detail = format!("pass {pass}: wrong answer");
                }
                return Ok(());
            }
        }
    }
    unreachable!("the last pass returns")
}

/// What a validator wrote about the score: `score.txt` or `score_multiplier.txt`;
/// both, a bad number, or a multiplier outside [0, 1] is a judge error
/// ("Scoring test cases").
pub fn score(feedback: &Path) -> Result<Option<CaseScore>> {
    let number = |name: &str| -> Result<Option<f64>> {
        let Some(text) = read_small(&feedback.join(name)) else {
            return Ok(None);
        };
        match text.trim().parse::<f64>() {
            Ok(v) if v.is_finite() && v >= 0.0 => Ok(Some(v)),
            _ => bail!(
                "the validator's {name} holds \"{}\", not a non-negative number",
                text.trim()
            ),
        }
    };
    match (number("score.txt")?, number("score_multiplier.txt")?) {
        (Some(_), Some(_)) => bail!("the validator wrote both score.txt and score_multiplier.txt"),
        (Some(s), None) => Ok(Some(CaseScore::Points(s))),
        (None, Some(m)) if m <= 1.0 => Ok(Some(CaseScore::Share(m))),
        (None, Some(m)) => bail!("score_multiplier.txt holds {m}, outside [0, 1]"),
        (None, None) => Ok(None),
    }
}

/// The first 64 KiB of a feedback file, if it exists and is not empty.
pub fn read_small(path: &Path) -> Option<String> {
    use std::io::Read as _;
    let mut buf = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .take(64 << 10)
        .read_to_end(&mut buf)
        .ok()?;
    let text = String::from_utf8_lossy(&buf).trim().to_string();
    (!text.is_empty()).then_some(text)
}
