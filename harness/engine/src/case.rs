//! Judging one case: a batch case here (run, classify, check, capture the diff's
//! excerpt), an interactive one through `interact`. The verdict rules and the
//! result types are `judge`'s; this module only puts the steps in order, so that
//! `judge` needs nothing from `interact`, which builds on it.

use crate::check;
use crate::judge::{Classified, classify, ended};
use crate::programs::Programs;
use crate::run;
use crate::task::Task;
use judge_model::judge::{CaseResult, Verdict};
use judge_model::outcome::Outcome;

/// Runs `task` and decides its verdict, building its settings' programs first (for
/// one case judged alone; the runner builds them once for all its jobs).
pub fn judge(task: &Task) -> CaseResult {
    judge_with(task, &Programs::build(task.job.settings))
}

/// Runs `task` with its settings' `programs` (built before any case ran) and
/// decides its verdict. A failure of the judge itself becomes `ERR` with the
/// reason, so the rest of the run is not lost.
pub fn judge_with(task: &Task, programs: &Programs) -> CaseResult {
    let mut result = CaseResult::new(&task.job);
    let judged = if task.job.settings.interactive {
        crate::interact::judge_case(task, programs, &mut result)
    } else {
        judge_into(task, programs, &mut result)
    };
    if let Err(e) = judged {
        result.verdict = Verdict::ERR;
        result.detail = format!("{e:#}");
    }
    result
}

fn judge_into(task: &Task, programs: &Programs, result: &mut CaseResult) -> anyhow::Result<()> {
    let job = &task.job;
    let s = job.settings;
    let limits = s.limits;
    // A Kattis validator program runs with a feedback folder: it may ask for
    // another pass (multi-pass) or give a score.
    if let judge_model::problem::Checker::Kattis(v) = &s.checker
        && !v.programs.is_empty()
    {
        return crate::passes::judge(task, result, v, programs, &limits);
    }
    let expected = std::fs::read(&job.case.output)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", job.case.output.display()))?;
    let out = run::run((task.start)(), &job.case.input, &limits)?;
    result.time = out.cpu.as_secs_f64();
    result.wall = out.wall.as_secs_f64();
    result.memory = out.peak_rss;
    result.exit = ended(&out);
    result.interrupted = out.interrupted;
    result.verdict = match classify(&out, &limits) {
        Classified::Interrupted(reason) => {
            result.reason = Some(reason);
            Verdict::INT
        }
        Classified::Failed(verdict, reason) => {
            result.reason = Some(reason);
            verdict
        }
        Classified::Ran => {
            result.output_bytes = Some(out.stdout.len() as u64);
            let outcome = check::check(
                &s.checker,
                programs,
                &job.case.input,
                &out.stdout,
                &expected,
            )?;
            let outcome = match outcome {
                Ok(outcome) => outcome,
                // The checker's own failure: the judge's, reported as data.
                Err(reason) => {
                    result.reason = Some(reason);
                    result.verdict = Verdict::ERR;
                    return Ok(());
                }
            };
            let verdict = match outcome {
                Outcome::Accepted => Verdict::AC,
                Outcome::Wrong(_) => Verdict::WA,
                Outcome::Presentation(_) => Verdict::PE,
            };
            if let Some(rejection) = outcome.rejection() {
                result.excerpt = Some(crate::diff::capture(&s.checker, &expected, &out.stdout));
                result.rejection = Some(rejection.clone());
            }
            verdict
        }
    };
    Ok(())
}
