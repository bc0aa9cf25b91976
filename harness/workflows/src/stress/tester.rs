//! One stress input, judged: the problem's programs (solution, brute force,
//! generator, validator), running one side and classifying the run (a crash or
//! timeout is reported as such, not as a wrong answer), and [`Tester`], which runs
//! the validator, the brute force and the solution on an input and compares them.
//!
//! Owns [`Bins`], [`Side`], [`Finding`] and [`Tester`], batch stress's oracle
//! (judging a generated input or a shrinking candidate, what a finding shows, and
//! saving a case). Process handling is `run`'s and comparison `check`'s; the loop
//! and shrinking are `search`'s and `shrink`'s, the words judge-report's.

use judge_sandbox::RunSpec;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};

use judge_compare::Rejection;
use judge_engine::build::{self, Workspace};
use judge_engine::check;
use judge_engine::diff::capture;
use judge_engine::judge;
use judge_engine::judge::Classified;
use judge_engine::run;
use judge_model::judge::Verdict;
use judge_model::limits::Limits;
use judge_model::outcome::Outcome;
use judge_model::problem::Settings;
use judge_model::status::Status;
use judge_report::reason;
use judge_report::stress::{self, Saved};

use super::search::{Beside, Class, Oracle};

/// The executables of one problem that stress needs.
pub struct Bins {
    /// The solution.
    pub solution: PathBuf,
    /// The brute force (`src/bin/brute.rs`).
    pub brute: PathBuf,
    /// The generator (`src/bin/gen.rs`).
    pub generator: Option<PathBuf>,
    /// The input validator (`src/bin/validate.rs`), if the problem has one
    /// written (the template's stub, "not written yet", is none).
    pub validate: Option<PathBuf>,
    /// The problem's validator is the template's stub, not written yet.
    pub validate_not_written: bool,
}

/// Builds `name` and finds its solution, brute force, generator and validator.
pub fn programs(ws: &Workspace, name: &str) -> Result<Bins> {
    let problem = judge_engine::plan::problem(ws, name)?;
    let exes = build::build(ws, &[name])?;
    let by_stem = |stem: &str| {
        problem
            .bins
            .iter()
            .find(|(_, s)| s == stem)
            .and_then(|(target, _)| exes.get(&(name.to_string(), target.clone())))
            .cloned()
    };
    let solution = exes
        .get(&(name.to_string(), name.to_string()))
        .cloned()
        .with_context(|| format!("cargo built no binary {name}"))?;
    let brute = by_stem("brute").with_context(|| {
        format!("problem {name} has no brute force: expected problems/{name}/src/bin/brute.rs declared as [[bin]] {name}-brute")
    })?;
    let validate = by_stem("validate");
    let validate_not_written = match &validate {
        Some(exe) => super::not_written(exe)?,
        None => false,
    };
    Ok(Bins {
        solution,
        brute,
        generator: by_stem("gen"),
        validate: validate.filter(|_| !validate_not_written),
        validate_not_written,
    })
}

/// How one side (solution or brute force) ran on an input.
#[derive(Debug, Clone)]
pub enum Side {
    /// Exited 0 within the limits with this output.
    Ran(Vec<u8>),
    /// A verdict other than a normal run (TLE, MLE, RE, OLE) and why.
    Failed(Verdict, String),
}

/// A checker's own failure (a testlib checker's FAIL), as the error that stops
/// the run: it is the judge's, not a finding about either side.
pub fn checker_failed(reason: judge_model::judge::Reason) -> anyhow::Error {
    anyhow::anyhow!("{}", reason::words(&reason))
}

/// Runs `exe` on `input` under `limits`, classifying the run with the judge's own
/// classifier ([`judge::classify`]); the reason is one line (for RE: the exit and
/// the last stderr line that says something).
pub fn run_side(exe: &Path, input: &Path, limits: &Limits) -> Result<Side> {
    Ok(side_of(run::run(RunSpec::new(exe), input, limits)?, limits))
}

/// How a side ran, from its outcome under `limits` (see [`run_side`]).
fn side_of(out: run::Measured, limits: &Limits) -> Side {
    match judge::classify(&out, limits) {
        Classified::Ran => Side::Ran(out.stdout),
        Classified::Interrupted(why) => Side::Failed(Verdict::INT, reason::words(&why)),
        Classified::Failed(Verdict::RE, _) => {
            let stderr = String::from_utf8_lossy(&out.stderr_tail);
            let said = crash_said(&stderr);
            Side::Failed(Verdict::RE, format!("{}: {said}", judge::exit_text(&out)))
        }
        Classified::Failed(v, why) => {
            let why = reason::words(&why);
            Side::Failed(v, why.lines().next().unwrap_or_default().to_string())
        }
    }
}

/// What a crashed program said last, on one line: a Rust panic as `panicked at
/// FILE:LINE:COL: MESSAGE` (a multi-line message such as `assert_eq!`'s joined),
/// else the last line that says something; Rust's note about `RUST_BACKTRACE`
/// says nothing.
fn crash_said(stderr: &str) -> String {
    let lines: Vec<&str> = stderr
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("note: run with `RUST_BACKTRACE"))
        .collect();
    match lines.iter().rposition(|l| l.contains("panicked at ")) {
        Some(i) => {
            let header = lines[i];
            let at = &header[header.find("panicked at ").unwrap_or(0)..];
            std::iter::once(at)
                .chain(lines[i + 1..].iter().copied())
                .collect::<Vec<_>>()
                .join(" ")
        }
        None => lines.last().copied().unwrap_or_default().to_string(),
    }
}

/// Where a crash described by [`crash_said`] panicked (`src/main.rs:9:9`), if it
/// was a Rust panic.
fn panicked_at(why: &str) -> Option<&str> {
    let rest = &why[why.find("panicked at ")? + "panicked at ".len()..];
    Some(rest.split_whitespace().next()?.trim_end_matches(':'))
}

/// What one input showed.
#[derive(Debug, Clone)]
pub enum Finding {
    /// Both ran and the checker accepts the solution's output.
    Agree,
    /// Both ran and the checker rejects it (WA or PE).
    Differ {
        /// WA or PE.
        verdict: Verdict,
        /// The brute force's output.
        expected: Vec<u8>,
        /// The solution's output.
        actual: Vec<u8>,
        /// What the checker said: kept, since an external checker's message (`the
        /// checker said: not a permutation`) would take another run to get back.
        rejection: Rejection,
    },
    /// The brute force ran; the solution did not (TLE, RE, ...).
    SolutionFailed(Verdict, String),
    /// The brute force itself did not run normally (or rejected the input).
    BruteFailed(Verdict, String),
}

/// Batch stress's oracle: for an input straight from the generator, whose inputs
/// are valid by its contract (lint checks that on the testdata), no validator
/// runs, and `beside` runs at the same time as the two sides, in the same poll
/// loop; its outcome comes back as it is.
impl Oracle for Tester<'_> {
    type Finding = Finding;

    fn judge(
        &mut self,
        input: &[u8],
        beside: Option<Beside<'_>>,
    ) -> Result<(Finding, Option<run::Measured>)> {
        let (finding, beside) = self.test_with(input, false, beside)?;
        Ok((finding?, beside))
    }

    fn class(finding: &Finding) -> Class {
        match finding {
            Finding::Agree => Class::Agree,
            Finding::SolutionFailed(Verdict::INT, _) | Finding::BruteFailed(Verdict::INT, _) => {
                Class::Interrupted
            }
            // The brute force declining an input beyond its limits (its own
            // one-line error, exit 1) is no bug in either program: counted.
            Finding::BruteFailed(Verdict::RE, why) if why.starts_with("exit 1: error:") => {
                Class::Refused(why.clone())
            }
            _ => Class::Failed,
        }
    }

    /// A candidate the validator or the brute force rejects is a `BruteFailed`
    /// finding, never the same kind as the one found: not kept. Nor is one the
    /// checker fails on (it crashed, said FAIL, ran out of time): without a
    /// validator a shrunk input may break the format the checker reads (a count
    /// with fewer values after it), and the input found must not be lost to that.
    /// Nor, under a checker program, one where it rejects the brute force's own
    /// output as well: that input is outside the statement (`n = 0` where the
    /// checker wants `n` numbers), and shows no bug of the solution.
    fn candidate(&mut self, input: &str) -> Result<Option<Finding>> {
        let Ok(finding) = self.test_with(input.as_bytes(), true, None)?.0 else {
            return Ok(None);
        };
        if let Finding::Differ { expected, .. } = &finding
            && !self.accepts_the_brute_force(expected)
        {
            return Ok(None);
        }
        Ok(Some(finding))
    }

    fn checks_candidates(&self) -> bool {
        self.programs.validate.is_some()
    }

    fn same_kind(a: &Finding, b: &Finding) -> bool {
        match (a, b) {
            (Finding::Differ { verdict: a, .. }, Finding::Differ { verdict: b, .. }) => a == b,
            // A crash is kept only where it crashed before: a shrunk input may crash
            // the solution elsewhere (reading past the end of an input whose count
            // no longer matches), which is not the bug found.
            (Finding::SolutionFailed(a, why_a), Finding::SolutionFailed(b, why_b)) => {
                a == b && panicked_at(why_a) == panicked_at(why_b)
            }
            _ => false,
        }
    }

    fn timed_out(finding: &Finding) -> bool {
        matches!(finding, Finding::SolutionFailed(Verdict::TLE, _))
    }

    fn ends(finding: &Finding) -> Option<Status> {
        matches!(finding, Finding::BruteFailed(..)).then_some(Status::Failed)
    }

    fn runs(&self) -> u64 {
        self.runs
    }

    fn shown(&self, finding: &Finding) -> Result<stress::Finding> {
        Ok(match finding {
            Finding::BruteFailed(verdict, why) => stress::Finding::BruteFailed {
                verdict: *verdict,
                why: why.clone(),
            },
            Finding::SolutionFailed(verdict, why) => stress::Finding::SolutionFailed {
                verdict: *verdict,
                why: why.clone(),
            },
            Finding::Differ {
                verdict,
                expected,
                actual,
                rejection,
            } => stress::Finding::Differ {
                verdict: *verdict,
                rejection: Some(rejection.clone()),
                excerpt: capture(&self.settings.checker, expected, actual),
            },
            Finding::Agree => unreachable!("only a failure is shown"),
        })
    }

    /// Writes `testdata/NAME/stress-SEED.in` and its `.out` from the brute force.
    fn save(&mut self, ws: &Workspace, name: &str, seed: u64, input: &str) -> Result<Saved> {
        let dir = ws.testdata().join(name);
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create {}", dir.display()))?;
        let stem = dir.join(format!("stress-{seed}"));
        let (in_path, out_path) = (stem.with_extension("in"), stem.with_extension("out"));
        if in_path.exists() || out_path.exists() {
            bail!("{} already exists; not overwriting it", in_path.display());
        }
        if let Some(why) = self.rejected(input)? {
            bail!(
                "not saved: the validator rejects the input ({why}): the generator made an \
                 input the statement forbids"
            );
        }
        let expected = match self.brute_on(input)? {
            Side::Ran(o) => o,
            Side::Failed(v, why) => bail!(
                "the brute force failed ({}) on the input to save: {why}",
                v.name()
            ),
        };
        std::fs::write(&in_path, input)
            .with_context(|| format!("cannot write {}", in_path.display()))?;
        std::fs::write(&out_path, expected)
            .with_context(|| format!("cannot write {}", out_path.display()))?;
        let rel = |p: &Path| p.strip_prefix(&ws.root).unwrap_or(p).to_path_buf();
        Ok(Saved::Batch {
            input: rel(&in_path),
            answer: rel(&out_path),
            validated: self.programs.validate.is_some(),
        })
    }
}

/// Runs both sides on one input and compares them.
pub struct Tester<'a> {
    programs: &'a Bins,
    settings: &'a Settings,
    /// The checker's programs, built before the first comparison.
    checking: judge_engine::programs::Programs,
    solution_limits: Limits,
    brute_limits: Limits,
    scratch: PathBuf,
    /// Runs so far (each a solution run and a brute-force run).
    pub runs: u64,
}

impl<'a> Tester<'a> {
    /// A tester writing its inputs under `scratch`.
    pub fn new(
        programs: &'a Bins,
        settings: &'a Settings,
        brute_time: Duration,
        scratch: &Path,
    ) -> Tester<'a> {
        let solution_limits = settings.limits;
        Tester {
            programs,
            settings,
            checking: judge_engine::programs::Programs::of_checker(&settings.checker),
            solution_limits,
            brute_limits: Limits {
                time: brute_time,
                memory: settings.limits.memory.max(1 << 30),
                ..solution_limits
            },
            scratch: scratch.join("input.in"),
            runs: 0,
        }
    }

    /// Judges the solution on `input` against the brute force, after the
    /// validator (if the problem has one) accepts it when `validate`. The inner
    /// error is the checker's own failure on this input; the outer one a run
    /// that could not be made.
    fn test_with(
        &mut self,
        input: &[u8],
        validate: bool,
        beside: Option<Beside<'_>>,
    ) -> Result<(Result<Finding>, Option<run::Measured>)> {
        self.runs += 1;
        std::fs::write(&self.scratch, input)
            .with_context(|| format!("cannot write {}", self.scratch.display()))?;
        if let Some(validate) = self.programs.validate.as_ref().filter(|_| validate) {
            let limits = self.brute_limits;
            if let Side::Failed(_, why) = run_side(validate, &self.scratch, &limits)? {
                let finding = Finding::BruteFailed(
                    Verdict::ERR,
                    format!("the validator rejects the input ({why})"),
                );
                return Ok((Ok(finding), None));
            }
        }
        // The two sides only share the input: run them at the same time (and
        // whatever runs beside them), so a case waits for the slowest process, not
        // for each in turn, and one poll loop on this thread watches them all.
        let mut runs = vec![
            (
                RunSpec::new(&self.programs.brute),
                self.scratch.as_path(),
                self.brute_limits,
            ),
            (
                RunSpec::new(&self.programs.solution),
                self.scratch.as_path(),
                self.solution_limits,
            ),
        ];
        runs.extend(beside);
        let mut outcomes = run::run_all(runs)?.into_iter();
        let mut next = || outcomes.next().expect("one outcome per run");
        let (brute, solution) = (next(), next());
        let beside = outcomes.next();
        let finding = self.compare(
            side_of(brute, &self.brute_limits),
            side_of(solution, &self.solution_limits),
        );
        Ok((finding, beside))
    }

    /// What the two sides' runs show; an error is the checker's (it could not
    /// run, crashed, said FAIL).
    fn compare(&self, brute: Side, solution: Side) -> Result<Finding> {
        let expected = match brute {
            Side::Ran(out) => out,
            Side::Failed(v, why) => return Ok(Finding::BruteFailed(v, why)),
        };
        let actual = match solution {
            Side::Ran(out) => out,
            Side::Failed(v, why) => return Ok(Finding::SolutionFailed(v, why)),
        };
        Ok(
            match check::check(
                &self.settings.checker,
                &self.checking,
                &self.scratch,
                &actual,
                &expected,
            )?
            .map_err(checker_failed)?
            {
                Outcome::Accepted => Finding::Agree,
                Outcome::Wrong(rejection) => Finding::Differ {
                    verdict: Verdict::WA,
                    expected,
                    actual,
                    rejection,
                },
                Outcome::Presentation(rejection) => Finding::Differ {
                    verdict: Verdict::PE,
                    expected,
                    actual,
                    rejection,
                },
            },
        )
    }

    /// Whether the checker accepts the brute force's output `expected` as the
    /// answer to the input just tested. Always, for the comparing checkers; a
    /// checker program reads the input and may refuse any answer to it.
    fn accepts_the_brute_force(&self, expected: &[u8]) -> bool {
        use judge_model::problem::Checker;
        match self.settings.checker {
            Checker::Exact | Checker::Tokens { .. } | Checker::Float { .. } => true,
            Checker::Command { .. } | Checker::Kattis(_) | Checker::Testlib(_) => matches!(
                check::check(
                    &self.settings.checker,
                    &self.checking,
                    &self.scratch,
                    expected,
                    expected,
                ),
                Ok(Ok(Outcome::Accepted))
            ),
        }
    }

    /// Why the validator rejects `input`, if the problem has one and it does.
    fn rejected(&self, input: &str) -> Result<Option<String>> {
        let Some(validate) = &self.programs.validate else {
            return Ok(None);
        };
        std::fs::write(&self.scratch, input)?;
        Ok(
            match run_side(validate, &self.scratch, &self.brute_limits)? {
                Side::Failed(_, why) => Some(why),
                Side::Ran(_) => None,
            },
        )
    }

    /// Runs the brute force alone on `input` (to save its output as the expected one).
    fn brute_on(&self, input: &str) -> Result<Side> {
        std::fs::write(&self.scratch, input)?;
        run_side(&self.programs.brute, &self.scratch, &self.brute_limits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crash_is_told_on_one_line_with_where_a_rust_panic_happened() {
        let note = "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace";
        #[rustfmt::skip]
        let rows: &[(&str, String, &str, Option<&str>)] = &[
            ("a panic: where, then what",
             format!("\nthread 'main' (2) panicked at src/main.rs:7:30:\ncalled `Option::unwrap()` on a `None` value\n{note}\n"),
             "panicked at src/main.rs:7:30: called `Option::unwrap()` on a `None` value",
             Some("src/main.rs:7:30")),
            ("an assertion's lines joined",
             format!("thread 'main' panicked at src/bin/x.rs:9:9:\nassertion `left != right` failed: seven\n  left: 7\n right: 7\n{note}\n"),
             "panicked at src/bin/x.rs:9:9: assertion `left != right` failed: seven left: 7 right: 7",
             Some("src/bin/x.rs:9:9")),
            ("no panic: the last line",
             "reading\nerror: line 3: expected a number, found \"x\"\n".to_string(),
             "error: line 3: expected a number, found \"x\"",
             None),
            ("nothing", String::new(), "", None),
        ];
        for (what, stderr, said, at) in rows {
            let got = crash_said(stderr);
            assert_eq!(got, *said, "{what}");
            assert_eq!(panicked_at(&format!("exit 101: {got}")), *at, "{what}");
        }
    }
}
