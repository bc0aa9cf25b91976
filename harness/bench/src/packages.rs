//! The package benchmark: `cargo judge verify` beside problemtools' `verifyproblem`
//! on the fixture packages, each on a fresh copy and a cold build cache (every
//! submission and validator compiled), timed as whole processes.
//!
//! problemtools is found as `verifyproblem` on PATH (or `$VERIFYPROBLEM`); without
//! it the rows say so and the target is not measured. It is not installed by the
//! build: `pip install problemtools` in a virtual environment brings it.

use std::ffi::OsString;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};

use super::measure::measure;
use super::{Bench, Goal, Stats};
use judge_workflows::import::copy_tree;

/// The fixture packages timed, from `harness/tests/fixtures/packages/`.
const PACKAGES: [&str; 3] = ["ratio", "sum-pair", "divisor"];

/// Times verify and verifyproblem on each fixture package.
pub(super) fn package_benchmarks(b: &mut Bench) -> Result<()> {
    let Some(judge) = b.exe("harness", "judge") else {
        bail!("cargo built no judge binary");
    };
    let verifyproblem = std::env::var_os("VERIFYPROBLEM")
        .map(PathBuf::from)
        .or_else(|| judge_sandbox::on_path("verifyproblem"));
    let work = b.out.join("packages");
    let dummy = b.out.join("inputs").join("empty.in");
    std::fs::write(&dummy, "").context("cannot write an empty input")?;
    let (mut ours_total, mut theirs_total) = (0.0, 0.0);
    for name in PACKAGES {
        let group = format!("verify {name} (fixture package)");
        let from = b.root.join("harness/tests/fixtures/packages").join(name);
        let copy = work.join(name);
        let cache = work.join(format!("{name}-cache"));
        let _ = std::fs::remove_dir_all(&copy);
        let _ = std::fs::remove_dir_all(&cache);
        copy_tree(&from, &copy)?;
        eprintln!("  {group}: cargo judge verify (cold cache)");
        // `env` gives the child its own build cache without touching ours.
        let argv: Vec<OsString> = vec![
            "env".into(),
            format!("CP_GAMES_CACHE={}", cache.display()).into(),
            judge.clone().into(),
            "verify".into(),
            copy.clone().into(),
        ];
        let ours = measure(&argv, &dummy, None, None)?;
        let ours_ok = ours.exit == judge_sandbox::Exit::Code(0);
        ours_total += ours.wall.as_secs_f64();
        b.row(
            &group,
            "cargo judge verify",
            Some(Stats::of(&[ours])),
            false,
            if ours_ok {
                "every submission matched its folder (C, C++, Python 3, Rust)"
            } else {
                "verify FAILED on the fixture"
            },
        );
        match &verifyproblem {
            Some(vp) => {
                let _ = std::fs::remove_dir_all(&copy);
                copy_tree(&from, &copy)?;
                eprintln!("  {group}: verifyproblem");
                let argv: Vec<OsString> = vec![vp.clone().into(), copy.clone().into()];
                let theirs = measure(&argv, &dummy, None, None)?;
                theirs_total += theirs.wall.as_secs_f64();
                b.row(
                    &group,
                    "problemtools verifyproblem",
                    Some(Stats::of(&[theirs])),
                    true,
                    "compiles one after another; here it cannot run the Python 3 submissions (it wants pypy3)",
                );
            }
            None => b.row(
                &group,
                "problemtools verifyproblem",
                None,
                true,
                "not installed (pip install problemtools)",
            ),
        }
    }
    b.targets.push(Goal {
        goal:
            "verify takes at most 1/3 of problemtools' verifyproblem time on the fixture packages"
                .to_string(),
        measured: if verifyproblem.is_some() {
            format!(
                "{ours_total:.1} s vs {theirs_total:.1} s ({:.2}x)",
                ours_total / theirs_total.max(1e-9)
            )
        } else {
            "verifyproblem is not installed".to_string()
        },
        met: verifyproblem
            .is_some()
            .then_some(ours_total * 3.0 <= theirs_total),
    });
    Ok(())
}
