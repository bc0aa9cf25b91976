//! `cargo judge stress NAME` for an interactive problem: the generator makes the
//! interactor's inputs, the interactor is the oracle (there is no brute force to
//! compare with: it decides), and the first input on which the solution is not
//! accepted is shrunk.
//!
//! Shrinking is batch stress's ([`shrink`]): chunks of games dropped with the
//! count at the start of the first line lowered to match (`T SEED`, then `T`
//! games), then smaller numbers; a candidate is kept when the solution still gets
//! the same verdict from the interactor. A timeout is not shrunk
//! (each try would take the whole wall limit). Running one case is `relay`'s,
//! the verdict `verdict`'s.
//!
//! Answer files: an interactive case's `.out` is the interactor's ANSWER (Kattis),
//! and its content is the problem's convention, so the problem's generator writes
//! it: `NAME-gen --answer INPUT` prints the answer file of INPUT (wythoff-play's
//! does). When the generator has that mode, every input is judged with its answer
//! file, exactly as the saved case will be, and `--save` writes it as the `.out`.
//! When it has not (the first try fails), inputs are judged with an empty answer
//! file, the run says so, and `--save` writes only the `.in` and says why: an empty
//! `.out` would be a case lint rejects, written without anyone deciding it.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use crate::stress::generator::{DEFAULT_SECONDS, Generator, HELPER_LIMITS, indent};
use crate::stress::search::{Beside, Class, Oracle, Search};
use crate::stress::shrink::shrink;
use crate::stress::{StressOptions, generator_args};
use judge_engine::build::Workspace;
use judge_engine::interact::{InteractorLimits, Spec, decide, run};
use judge_engine::run as proc;
use judge_model::judge::{Extra, Verdict};
use judge_model::limits::Limits;
use judge_model::problem::Settings;
use judge_model::status::Status;
use judge_report::reason;
use judge_sandbox::Exit;

/// The programs an interactive stress run needs.
pub struct Bins {
    /// The solution.
    pub solution: PathBuf,
    /// The interactor.
    pub interactor: Command,
    /// The generator.
    pub generator: PathBuf,
}

/// One judged input: the verdict, and the text to show with it.
struct Judged {
    verdict: Verdict,
    shown: String,
}

struct Tester<'a> {
    programs: &'a Bins,
    limits: Limits,
    scratch: PathBuf,
    /// The generator writes answer files (`--answer INPUT`).
    answers: bool,
    runs: u64,
}

/// Interactive stress's oracle: the interactor decides. The relay runs nothing
/// beside it: the loop generates the next seed's input after it.
impl Oracle for Tester<'_> {
    type Finding = Judged;

    fn judge(
        &mut self,
        input: &[u8],
        _beside: Option<Beside<'_>>,
    ) -> Result<(Judged, Option<proc::Measured>)> {
        Ok((self.judge_text(&String::from_utf8_lossy(input))?, None))
    }

    fn class(judged: &Judged) -> Class {
        match judged.verdict {
            Verdict::AC => Class::Agree,
            Verdict::INT => Class::Interrupted,
            // A judge error (ERR) too: the smallest failing seed decides what
            // is reported, as a sequential run would.
            _ => Class::Failed,
        }
    }
}

impl<'a> Tester<'a> {
    fn new(programs: &'a Bins, limits: Limits, scratch: &Path, answers: bool) -> Tester<'a> {
        Tester {
            programs,
            limits,
            scratch: scratch.to_path_buf(),
            answers,
            runs: 0,
        }
    }

    /// Judges a generated input; the generator failing to answer it is an error.
    fn judge_text(&mut self, input: &str) -> Result<Judged> {
        let path = self.write_input(input)?;
        let answer = self.answer(&path)?;
        self.judge_written(&path, answer)
    }

    /// Judges a shrinking candidate: `None` when the generator's answer mode
    /// rejects it (a candidate may break the input's format, as one the brute
    /// force rejects in batch stress: it is not kept, and nothing runs).
    fn judge_candidate(&mut self, input: &str) -> Result<Option<Judged>> {
        let path = self.write_input(input)?;
        match self.answer(&path) {
            Ok(answer) => self.judge_written(&path, answer).map(Some),
            Err(_) => Ok(None),
        }
    }

    fn write_input(&mut self, input: &str) -> Result<PathBuf> {
        self.runs += 1;
        let path = self.scratch.join("case.in");
        std::fs::write(&path, input)?;
        Ok(path)
    }

    /// The answer file's text for the input at `path` (empty without an answer mode).
    fn answer(&self, path: &Path) -> Result<String> {
        if self.answers {
            answer_of(&self.programs.generator, path, &self.scratch)
        } else {
            Ok(String::new())
        }
    }

    fn judge_written(&self, path: &Path, answer_text: String) -> Result<Judged> {
        let answer = self.scratch.join("case.out");
        std::fs::write(&answer, answer_text)?;
        let interactor = clone(&self.programs.interactor);
        let x = run(Spec {
            solution: Command::new(&self.programs.solution),
            interactor,
            input: path,
            answer: &answer,
            limits: self.limits,
            interactor_limits: InteractorLimits::for_solution(&self.limits),
            record: true,
            feedback_from: None,
        })?;
        let j = decide(&x, &self.limits);
        let mut shown = j.reason.as_ref().map(reason::words).unwrap_or_default();
        if !j.judge_message.is_empty() {
            let message = Extra::JudgeMessage(j.judge_message.clone());
            let title = judge_report::extra_title(&message);
            shown.push_str(&format!("\n{title}: {}", message.text()));
        }
        let title = judge_report::extra_title(&j.dialogue);
        shown.push_str(&format!("\n{title}:\n{}", indent(j.dialogue.text())));
        Ok(Judged {
            verdict: j.verdict,
            shown: shown.trim_start().to_string(),
        })
    }
}

fn clone(c: &Command) -> Command {
    let mut n = Command::new(c.get_program());
    n.args(c.get_args());
    if let Some(d) = c.get_current_dir() {
        n.current_dir(d);
    }
    n
}

/// `cargo judge stress NAME` for a problem whose `problem.toml` says
/// `type = "interactive"`: builds it, finds its solution, generator and
/// interactor, and runs [`stress`].
pub fn for_problem(args: &StressOptions, ws: &Workspace, mut settings: Settings) -> Result<Status> {
    let name = args.problem.as_str();
    let exes = judge_engine::build::build(ws, &[name])?;
    judge_engine::interact::resolve(&mut settings, name, &exes)?;
    let bin = |target: &str| exes.get(&(name.to_string(), target.to_string())).cloned();
    let solution = bin(name).with_context(|| format!("cargo built no binary {name}"))?;
    let generator = bin(&format!("{name}-gen")).with_context(|| {
        format!("problem {name} has no generator: expected [[bin]] {name}-gen (src/bin/gen.rs)")
    })?;
    let interactor = match &settings.interactor {
        Some(i) => judge_engine::programs::Programs::interactor_command(i)?,
        None => None,
    }
    .with_context(|| format!("problem.toml of {name} names no interactor"))?;
    let programs = Bins {
        solution,
        interactor,
        generator,
    };
    stress(args, ws, &settings, &programs)
}

/// Runs the stress loop of `args` for the interactive problem `name`.
pub fn stress(
    args: &StressOptions,
    ws: &Workspace,
    settings: &Settings,
    programs: &Bins,
) -> Result<Status> {
    let name = &args.problem;
    // Not on `fresh_base`'s /dev/shm: the interactor and the answer mode are
    // given the case's paths, and there (tried) the sandboxed interactor does not
    // start ("cannot start the interactor: No such file or directory").
    let scratch = tempfile::tempdir().context("cannot create a scratch folder")?;
    let limits = settings.limits();
    let gen_args = generator_args(args);
    let mut out = anstream::stdout();
    writeln!(
        out,
        "stress {name} (interactive): the solution against its interactor on `{name}-gen --seed S {}`, seeds from {}",
        gen_args.join(" "),
        args.seed
    )?;
    let null = scratch.path().join("empty");
    std::fs::write(&null, "")?;
    let generator = Generator {
        exe: &programs.generator,
        args: &gen_args,
        null: &null,
    };
    let started = Instant::now();
    let deadline = args
        .cases
        .is_none()
        .then(|| started + Duration::from_secs_f64(args.time.unwrap_or(DEFAULT_SECONDS)));
    let answers = args.cases != Some(0)
        && probe_answers(
            programs,
            scratch.path(),
            name,
            &generator.generate(args.seed)?,
            &mut out,
        )?;
    let found = Search::new(args.seed, args.cases, deadline).run(
        args.jobs,
        scratch.path(),
        |dir| Tester::new(programs, limits, dir, answers),
        generator,
        None,
    )?;
    let done = found.done;
    let mut tester = Tester::new(programs, limits, scratch.path(), answers);
    if let Some((seed, input, judged)) = found.first_failure {
        if judged.verdict == Verdict::ERR {
            writeln!(
                out,
                "the judge failed on seed {seed}:\n{}",
                indent(&judged.shown)
            )?;
            return Ok(Status::Broken);
        }
        writeln!(
            out,
            "FOUND on seed {seed} after {done} cases in {:.1} s: {}",
            started.elapsed().as_secs_f64(),
            judged.verdict.name()
        )?;
        let input = String::from_utf8_lossy(&input).into_owned();
        return report_found(args, ws, &mut tester, seed, input, judged, &mut out);
    }
    writeln!(
        out,
        "ok: accepted on all {done} inputs (seeds {}..={}) in {:.1} s",
        args.seed,
        args.seed.wrapping_add(done).wrapping_sub(1),
        started.elapsed().as_secs_f64()
    )?;
    Ok(Status::Passed)
}

/// Whether the generator writes answer files: tries `--answer` on the first input
/// and says which.
fn probe_answers(
    programs: &Bins,
    scratch: &Path,
    name: &str,
    input: &[u8],
    out: &mut impl std::io::Write,
) -> Result<bool> {
    let probe = scratch.join("probe.in");
    std::fs::write(&probe, input)?;
    Ok(match answer_of(&programs.generator, &probe, scratch) {
        Ok(_) => {
            writeln!(out, "answer files: from `{name}-gen --answer INPUT`")?;
            true
        }
        Err(e) => {
            writeln!(
                out,
                "answer files: empty ({name}-gen has no answer mode: `--answer INPUT` says {})",
                format!("{e:#}").lines().last().unwrap_or("").trim()
            )?;
            false
        }
    })
}

/// What a failing seed says: its minimal input (shrunk unless --no-shrink or a
/// timeout), what the judge showed on it, how to reproduce it, and with --save
/// the files written.
fn report_found(
    args: &StressOptions,
    ws: &Workspace,
    tester: &mut Tester,
    seed: u64,
    input: String,
    judged: Judged,
    out: &mut impl std::io::Write,
) -> Result<Status> {
    let name = &args.problem;
    let want = judged.verdict;
    let (minimal, last) = if args.no_shrink || want == Verdict::TLE {
        if want == Verdict::TLE && !args.no_shrink {
            writeln!(
                out,
                "not shrinking a timeout: each try would take the whole wall limit"
            )?;
        }
        (input, judged)
    } else {
        let runs_before = tester.runs;
        let minimal = shrink(&input, args.shrink_runs, |candidate| {
            Ok(tester
                .judge_candidate(candidate)?
                .is_some_and(|j| j.verdict == want))
        })?;
        writeln!(
            out,
            "shrunk {} lines to {} in {} runs",
            input.lines().count(),
            minimal.lines().count(),
            tester.runs - runs_before
        )?;
        let last = tester.judge_text(&minimal)?;
        (minimal, last)
    };
    write!(out, "minimal input (seed {seed}):\n{}", indent(&minimal))?;
    writeln!(out, "{}", last.shown)?;
    writeln!(
        out,
        "reproduce: cargo judge stress {name} --seed {seed} --cases 1 --lines {} --max {}",
        args.lines, args.max
    )?;
    if args.save {
        save(ws, name, seed, &minimal, tester, out)?;
    }
    Ok(Status::Failed)
}

/// Writes `testdata/NAME/stress-SEED.in`, and its `.out` when the generator has an
/// answer mode.
fn save(
    ws: &Workspace,
    name: &str,
    seed: u64,
    minimal: &str,
    tester: &Tester,
    out: &mut impl std::io::Write,
) -> Result<()> {
    let dir = ws.testdata().join(name);
    let stem = dir.join(format!("stress-{seed}"));
    let (input_path, answer_path) = (stem.with_extension("in"), stem.with_extension("out"));
    std::fs::write(&input_path, minimal)
        .with_context(|| format!("cannot write {}", input_path.display()))?;
    if tester.answers {
        let answer = answer_of(&tester.programs.generator, &input_path, &tester.scratch)?;
        std::fs::write(&answer_path, answer)
            .with_context(|| format!("cannot write {}", answer_path.display()))?;
        writeln!(
            out,
            "saved {} and {} (from `{name}-gen --answer`)",
            input_path.display(),
            answer_path.display()
        )?;
    } else {
        writeln!(
            out,
            "saved {}; no {}: {name}-gen has no answer mode (`--answer INPUT`), \
                 so write the answer file yourself (lint reports the input unpaired until then)",
            input_path.display(),
            answer_path.display()
        )?;
    }
    Ok(())
}

/// The answer file of `input`, from `generator --answer INPUT`.
fn answer_of(generator: &Path, input: &Path, scratch: &Path) -> Result<String> {
    let null = scratch.join("empty");
    std::fs::write(&null, "")?;
    let mut command = Command::new(generator);
    command.arg("--answer").arg(input);
    judge_sandbox::share(&mut command, input, judge_sandbox::Access::Read);
    let out = proc::run(command, &null, &HELPER_LIMITS)?;
    if out.exit != Exit::Code(0) || out.wall_exceeded || out.output_exceeded {
        let stderr = String::from_utf8_lossy(&out.stderr_tail);
        bail!(
            "{} --answer {} failed: {}",
            generator.display(),
            input.display(),
            stderr.lines().last().unwrap_or("(no message)")
        );
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}
