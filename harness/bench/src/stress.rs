//! The stress benchmark of `cargo judge-bench`: `judge stress hdu1525 --cases N -j 2`
//! side by side with its bare peer, `stressloop.c`, which spawns the same
//! generator, brute force and solution (the judge's own static release builds)
//! on the same seeds with 2 threads and compares the outputs, and nothing else.
//!
//! Owns those rows, the ≥ 1,000 cases/s target (issue 31) and building the loop.
//! Cases a second and CPU a case are worked out from the rows' median wall and
//! CPU time (CPU from `wait4`: the judge's figure includes its sandbox server,
//! keepers and every program it ran; the loop's its programs).

use std::path::Path;

use anyhow::{Result, bail};

use super::Bench;
use super::measure::{Program, Stats};
use super::report::Goal;

/// Seeds each side runs per timed run.
const CASES: u32 = 2000;

/// The judge's stress against the bare loop, in alternating rounds.
pub(super) fn stress_benchmarks(b: &mut Bench) -> Result<()> {
    let group = format!("stress: hdu1525, {CASES} seeds of 10 lines, -j 2");
    let Some(judge) = b.exe("harness", "judge") else {
        bail!("cargo built no judge binary");
    };
    let problem = "hdu1525";
    let (Some(gen_exe), Some(brute), Some(solution)) = (
        b.exe(problem, "hdu1525-gen"),
        b.exe(problem, "hdu1525-brute"),
        b.exe(problem, problem),
    ) else {
        b.row(&group, "judge stress", None, false, "no hdu1525 programs");
        return Ok(());
    };
    let Some(stress_loop) = b.build_c("stressloop", include_str!("stressloop.c"))? else {
        b.row(&group, "bare stress loop", None, false, "gcc not found");
        return Ok(());
    };
    let scratch = judge_sandbox::fresh_base().join(format!("stressloop-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)?;
    let path = |p: &Path| p.to_string_lossy().into_owned();
    let cases = CASES.to_string();
    let bare = Program::new(
        "stress-loop",
        &stress_loop,
        &[
            &path(&gen_exe),
            &path(&brute),
            &path(&solution),
            &path(&scratch),
            &cases,
            "2",
        ],
    );
    let judged = Program::new(
        "judge-stress",
        &judge,
        &[
            "stress", problem, "--cases", &cases, "-j", "2", "--color", "never",
        ],
    );
    let dummy = b.out.join("inputs").join("empty.in");
    std::fs::write(&dummy, "")?;
    let both = b.time_side_by_side(&group, &[&bare, &judged], &dummy);
    let _ = std::fs::remove_dir_all(&scratch);
    let [bare_stats, judge_stats] = both?[..] else {
        bail!("two programs timed, two stats expected");
    };
    b.row(
        &group,
        "bare loop: posix_spawn gen, brute, solution; compare; 2 threads (C)",
        Some(bare_stats),
        true,
        &per_case(&bare_stats),
    );
    b.row(
        &group,
        "`judge stress -j 2`",
        Some(judge_stats),
        false,
        &per_case(&judge_stats),
    );
    let rate = rate(&judge_stats);
    b.targets.push(Goal {
        goal: "`stress` on hdu1525 reaches 1,000 cases/s on 2 cores (issue 31)".into(),
        measured: format!(
            "{rate:.0} cases/s (the bare loop beside it: {:.0}); {}",
            self::rate(&bare_stats),
            per_case(&judge_stats)
        ),
        met: Some(rate >= 1000.0),
    });
    Ok(())
}

/// Cases a second at the median wall time.
fn rate(stats: &Stats) -> f64 {
    f64::from(CASES) / stats.wall.as_secs_f64().max(1e-9)
}

/// `N cases/s, C ms CPU a case` for a row's note.
fn per_case(stats: &Stats) -> String {
    format!(
        "{:.0} cases/s, {:.2} ms CPU a case",
        rate(stats),
        stats.cpu.as_secs_f64() * 1000.0 / f64::from(CASES)
    )
}
