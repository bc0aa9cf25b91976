//! `cargo judge stress NAME` for an interactive problem: the generator makes the
//! interactor's inputs, the interactor is the oracle (there is no brute force to
//! compare with: it decides), and the first input on which the solution is not
//! accepted is shrunk.
//!
//! Shrinking is batch stress's ([`shrink`]): chunks of games dropped with the
//! count at the start of the first line lowered to match (`T SEED`, then `T`
//! games), then smaller numbers; a candidate is kept when the solution still gets
//! the same verdict from the interactor. A timeout is not shrunk
//! (each try would take the whole wall limit). The loop over seeds is batch
//! stress's too (`search`, with this module's oracle). Running one case is
//! `relay`'s, the verdict `verdict`'s.
//!
//! Answer files: an interactive case's `.out` is the interactor's ANSWER (Kattis),
//! and its content is the problem's convention, so the problem's generator writes
//! it: `NAME-gen --answer INPUT` prints the answer file of INPUT (wythoff-play's
//! does). When the generator has that mode, every input is judged with its answer
//! file, exactly as the saved case will be, and `--save` writes it as the `.out`.
//! When it has not (the first try fails), inputs are judged with an empty answer
//! file, the run says so, and `--save` writes only the `.in` and says why: an empty
//! `.out` would be a case lint rejects, written without anyone deciding it.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::stress::generator::{Generator, HELPER_LIMITS};
use crate::stress::search::{Beside, Class, Oracle};
use crate::stress::{Sink, StressOptions, generator_args, search_and_report, started};
use judge_engine::build::Workspace;
use judge_engine::interact::{InteractorLimits, Judgement, Spec, decide, run};
use judge_engine::run as proc;
use judge_model::judge::Verdict;
use judge_model::limits::Limits;
use judge_model::problem::Settings;
use judge_model::status::Status;
use judge_report::stress::{self, Event, Saved};
use judge_sandbox::{Exit, RunSpec};

/// The programs an interactive stress run needs.
pub struct Bins {
    /// The solution.
    pub solution: PathBuf,
    /// The interactor, and what an isolated run of it may see (a copy runs
    /// each case).
    pub interactor: RunSpec,
    /// The generator.
    pub generator: PathBuf,
}

struct Tester<'a> {
    programs: &'a Bins,
    limits: Limits,
    scratch: PathBuf,
    /// An empty file, the answer mode's stdin.
    null: PathBuf,
    /// The generator writes answer files (`--answer INPUT`).
    answers: bool,
    runs: u64,
}

/// Interactive stress's oracle: the interactor decides. The relay runs nothing
/// beside it: the loop generates the next seed's input after it.
impl Oracle for Tester<'_> {
    type Finding = Judgement;

    fn judge(
        &mut self,
        input: &[u8],
        _beside: Option<Beside<'_>>,
    ) -> Result<(Judgement, Option<proc::Measured>)> {
        let path = self.write_input(&String::from_utf8_lossy(input))?;
        // The generator failing to answer its own input is an error.
        let answer = self.answer(&path)?;
        Ok((self.judge_written(&path, answer)?, None))
    }

    fn class(judged: &Judgement) -> Class {
        match judged.verdict {
            Verdict::AC => Class::Agree,
            Verdict::INT => Class::Interrupted,
            // A judge error (ERR) too: the smallest failing seed decides what
            // is reported, as a sequential run would.
            _ => Class::Failed,
        }
    }

    /// `None` when the generator's answer mode rejects the candidate (it may
    /// break the input's format, as one the brute force rejects in batch stress:
    /// it is not kept, and nothing runs).
    fn candidate(&mut self, input: &str) -> Result<Option<Judgement>> {
        let path = self.write_input(input)?;
        match self.answer(&path) {
            Ok(answer) => self.judge_written(&path, answer).map(Some),
            Err(_) => Ok(None),
        }
    }

    fn checks_candidates(&self) -> bool {
        self.answers
    }

    fn same_kind(a: &Judgement, b: &Judgement) -> bool {
        a.verdict == b.verdict
    }

    fn timed_out(judged: &Judgement) -> bool {
        judged.verdict == Verdict::TLE
    }

    fn ends(judged: &Judgement) -> Option<Status> {
        (judged.verdict == Verdict::ERR).then_some(Status::Broken)
    }

    fn runs(&self) -> u64 {
        self.runs
    }

    fn shown(&self, j: &Judgement) -> Result<stress::Finding> {
        Ok(stress::Finding::Played {
            verdict: j.verdict,
            reason: j.reason.clone(),
            judge_message: j.judge_message.clone(),
            dialogue: j.dialogue.clone(),
        })
    }

    /// Writes `testdata/NAME/stress-SEED.in`, and its `.out` when the generator
    /// has an answer mode.
    fn save(&mut self, ws: &Workspace, name: &str, seed: u64, input: &str) -> Result<Saved> {
        let dir = ws.testdata().join(name);
        let stem = dir.join(format!("stress-{seed}"));
        let (input_path, answer_path) = (stem.with_extension("in"), stem.with_extension("out"));
        std::fs::write(&input_path, input)
            .with_context(|| format!("cannot write {}", input_path.display()))?;
        if self.answers {
            let answer = answer_of(&self.programs.generator, &input_path, &self.null)?;
            std::fs::write(&answer_path, answer)
                .with_context(|| format!("cannot write {}", answer_path.display()))?;
        }
        Ok(Saved::Interactive {
            input: input_path,
            answer: answer_path,
            written: self.answers,
        })
    }
}

impl<'a> Tester<'a> {
    fn new(
        programs: &'a Bins,
        limits: Limits,
        scratch: &Path,
        null: &Path,
        answers: bool,
    ) -> Tester<'a> {
        Tester {
            programs,
            limits,
            scratch: scratch.to_path_buf(),
            null: null.to_path_buf(),
            answers,
            runs: 0,
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
            answer_of(&self.programs.generator, path, &self.null)
        } else {
            Ok(String::new())
        }
    }

    fn judge_written(&self, path: &Path, answer_text: String) -> Result<Judgement> {
        let answer = self.scratch.join("case.out");
        std::fs::write(&answer, answer_text)?;
        let x = run(Spec {
            solution: RunSpec::new(&self.programs.solution),
            interactor: self.programs.interactor.clone(),
            input: path,
            answer: &answer,
            limits: self.limits,
            interactor_limits: InteractorLimits::for_solution(&self.limits),
            record: true,
            feedback_from: None,
        })?;
        Ok(decide(&x, &self.limits))
    }
}

/// `cargo judge stress NAME` for a problem whose `problem.toml` says
/// `type = "interactive"`: builds it, finds its solution, generator and
/// interactor, and runs [`stress`].
pub fn for_problem(
    args: &StressOptions,
    ws: &Workspace,
    mut settings: Settings,
    on: &mut Sink,
) -> Result<Status> {
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
    stress(args, ws, &settings, &programs, on)
}

/// Runs the stress loop of `args` for the interactive problem `name`.
pub fn stress(
    args: &StressOptions,
    ws: &Workspace,
    settings: &Settings,
    programs: &Bins,
    on: &mut Sink,
) -> Result<Status> {
    // Not on `fresh_base`'s /dev/shm: the interactor and the answer mode are
    // given the case's paths, and there (tried) the sandboxed interactor does not
    // start ("cannot start the interactor: No such file or directory").
    let scratch = tempfile::tempdir().context("cannot create a scratch folder")?;
    let limits = settings.limits;
    let gen_args = generator_args(args);
    on(&Event::Started(started(args, true)))?;
    let null = scratch.path().join("empty");
    std::fs::write(&null, "")?;
    let generator = Generator {
        exe: &programs.generator,
        args: &gen_args,
        null: &null,
    };
    let answers = args.cases != Some(0) && {
        let first = generator.generate(args.seed)?;
        let answers = answer_mode(programs, scratch.path(), &null, &first)?;
        on(&Event::Answers(answers.clone()))?;
        answers.is_ok()
    };
    search_and_report(
        args,
        ws,
        generator,
        scratch.path(),
        |dir| Tester::new(programs, limits, dir, &null, answers),
        on,
    )
}

/// Whether the generator writes answer files: tries `--answer` on the first
/// input; if it fails, what it said.
fn answer_mode(
    programs: &Bins,
    scratch: &Path,
    null: &Path,
    input: &[u8],
) -> Result<Result<(), String>> {
    let probe = scratch.join("probe.in");
    std::fs::write(&probe, input)?;
    Ok(match answer_of(&programs.generator, &probe, null) {
        Ok(_) => Ok(()),
        Err(e) => Err(format!("{e:#}")
            .lines()
            .last()
            .unwrap_or("")
            .trim()
            .to_string()),
    })
}

/// The answer file of `input`, from `generator --answer INPUT`.
fn answer_of(generator: &Path, input: &Path, null: &Path) -> Result<String> {
    let mut command = RunSpec::new(generator);
    command.arg("--answer").arg(input);
    command.share(input, judge_sandbox::Access::Read);
    let out = proc::run(command, null, &HELPER_LIMITS)?;
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
