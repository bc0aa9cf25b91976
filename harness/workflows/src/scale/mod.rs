//! `cargo judge scale`: will the solution pass at the largest input? Sizes grow
//! geometrically up to `--to`, each one's inputs come from the problem's
//! generator (`NAME-gen --seed S --n N`), the release solution runs on them in
//! the sandbox as the judge runs it, and the CPU times are fitted to the usual
//! growth models to predict the time at `--to` against the limit.
//!
//! Owns the plan (which programs, sizes and limits) and putting the outcome
//! together; `measure` runs, `fit` chooses the model, `predict` predicts and
//! decides the verdict, `sizes` spaces the sizes. The reporter (judge-report,
//! `scale`) words and draws the outcome.

pub mod fit;
pub mod measure;
pub mod predict;
pub mod sizes;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use judge_engine::build;
use judge_engine::shell::ShellCommand;
use judge_formats::problem::SettingsExt as _;
use judge_model::limits::Limits;
use judge_model::problem::Settings;
use judge_model::scale::{Point, Scale, Series, Stop};

pub use measure::Progress;
use measure::{Generator, Plan, Program};

/// What to measure.
#[derive(Debug, Clone)]
pub enum Target {
    /// A workspace problem: its release solution and its generator, `NAME-gen`.
    Problem(String),
    /// Any program: `--cmd CMD --gen GEN_CMD`, as shell command lines.
    Commands {
        /// The solution's command line.
        cmd: String,
        /// The generator's command line.
        generator: String,
    },
}

/// `cargo judge scale`'s options, free of the command line.
#[derive(Debug, Clone)]
pub struct Options {
    /// What to measure.
    pub target: Target,
    /// `--against`: another binary of the problem (`brute`, or its full name),
    /// or with `--cmd` another command line, measured on the same sizes.
    pub against: Option<String>,
    /// `--to`: the largest size [default: problem.toml's `[scale] max_n`].
    pub to: Option<u64>,
    /// `--from`: the first size [default: [`sizes::default_from`]].
    pub from: Option<u64>,
    /// Seeds per size.
    pub seeds: u32,
    /// The generator's size flag, `--n` or another (`lines` and `--lines` alike).
    pub size_flag: String,
    /// Roughly how long the whole measurement may take.
    pub budget: Duration,
    /// A time limit instead of the problem's.
    pub time_limit: Option<Duration>,
    /// A memory limit in MiB instead of the problem's.
    pub memory_limit_mib: Option<u64>,
    /// More generator arguments, after the size.
    pub gen_args: Vec<String>,
}

/// The outcome, and where the drawing belongs.
pub struct Outcome {
    /// What was measured and concluded.
    pub scale: Scale,
    /// `target/scale/NAME.svg`.
    pub svg: PathBuf,
}

/// A size is the last once its median CPU time passes this many time limits.
pub const TOO_SLOW: f64 = 3.0;

/// Each run is stopped at this many time limits: past [`TOO_SLOW`], so a size
/// that passes it is seen to pass it.
const CAP: f64 = 3.2;

/// Measures, fits and predicts (see the module); `progress` hears each size.
pub fn scale(options: &Options, progress: &mut dyn FnMut(Progress)) -> Result<Outcome> {
    let setup = setup(options)?;
    let to = options.to.or(setup.settings.max_n).with_context(|| {
        format!(
            "--to N is needed: {} sets no [scale] max_n (docs/problem-toml.md)",
            setup.toml
        )
    })?;
    let from = options.from.unwrap_or_else(|| sizes::default_from(to));
    if from > to {
        bail!("--from {from} is larger than --to {to}");
    }
    let time_limit = options.time_limit.unwrap_or(setup.settings.limits.time);
    let memory_limit = options
        .memory_limit_mib
        .map_or(setup.settings.limits.memory, |m| m << 20);
    not_written_yet(&setup.generator, &setup.name)?;
    let scratch = tempfile::tempdir_in(judge_sandbox::fresh_base())
        .context("cannot create a scratch folder")?;
    let sizes = sizes::geometric(from, to);
    let plan = Plan {
        sizes: &sizes,
        seeds: options.seeds.max(1),
        limits: Limits {
            time: time_limit.mul_f64(CAP),
            memory: memory_limit,
            output: setup.settings.limits.output,
        },
        too_slow: TOO_SLOW * time_limit.as_secs_f64(),
        deadline: Instant::now() + options.budget,
        budget: options.budget,
        scratch: scratch.path(),
    };
    let mut programs: Vec<&Program> = vec![&setup.solution];
    programs.extend(setup.against.as_ref());
    let measured = measure::measure(&programs, &setup.generator, &plan, progress)?;
    let limits = (to, time_limit, memory_limit);
    let mut series = programs
        .iter()
        .zip(measured)
        .map(|(p, (points, stop))| conclude(&p.name, points, stop, limits));
    let main = series.next().expect("the solution is measured");
    let against = series.next();
    Ok(Outcome {
        svg: setup
            .target_dir
            .join("scale")
            .join(format!("{}.svg", setup.name)),
        scale: Scale {
            problem: setup.name,
            size_flag: options.size_flag.clone(),
            to,
            seeds: plan.seeds,
            time_limit,
            memory_limit_bytes: memory_limit,
            main,
            against,
        },
    })
}

/// One program's points, fitted, predicted at `to` and judged against the
/// limits (`to`, the time limit, bytes).
fn conclude(program: &str, points: Vec<Point>, stop: Stop, limits: (u64, Duration, u64)) -> Series {
    let (to, time_limit, memory_limit) = limits;
    let mut warnings = Vec::new();
    let fit = match fit::choose(&points) {
        Ok(chosen) => {
            if let Some(other) = chosen.runner_up {
                warnings.push(format!(
                    "{} fits the points nearly as well as {}",
                    other.name(),
                    chosen.fit.model.name()
                ));
            }
            Some(chosen.fit)
        }
        Err(fit::Unfit::TooFew { usable, growing }) => {
            warnings.push(format!(
                "no model chosen: {growing} of {usable} sizes took measurably longer than \
                 the fastest ({}x its time, and {} ms more); more sizes (a larger --to or a \
                 smaller --from) would tell",
                fit::GROWTH_OVER_OVERHEAD,
                fit::MIN_GROWTH * 1000.0
            ));
            None
        }
        Err(fit::Unfit::Noisy(scatter)) => {
            warnings.push(format!(
                "no model chosen: the times scatter {:.0} % around the best curve (a busy \
                 machine?); more --seeds or a quieter machine would tell",
                scatter * 100.0
            ));
            None
        }
    };
    let prediction = predict::predict(&points, fit.as_ref(), to);
    let verdict = predict::verdict(
        &points,
        &stop,
        prediction.as_ref(),
        to,
        time_limit,
        memory_limit,
    );
    Series {
        program: program.to_string(),
        points,
        fit,
        prediction,
        verdict,
        stop,
        warnings,
    }
}

/// The programs, the problem's settings and where things go.
struct Setup {
    name: String,
    solution: Program,
    against: Option<Program>,
    generator: Generator,
    settings: Settings,
    /// The settings' file, for messages.
    toml: String,
    target_dir: PathBuf,
}

fn setup(options: &Options) -> Result<Setup> {
    let flag = size_flag(&options.size_flag)?;
    match &options.target {
        Target::Problem(name) => problem_setup(name, options, flag),
        Target::Commands { cmd, generator } => commands_setup(cmd, generator, options, flag),
    }
}

/// `--arg lines` or `--arg --lines`: `--lines`.
fn size_flag(flag: &str) -> Result<String> {
    let bare = flag.trim_start_matches('-');
    if bare.is_empty() || bare.contains(char::is_whitespace) {
        bail!("--arg {flag:?}: expected a flag name such as n or --lines");
    }
    Ok(format!("--{bare}"))
}

/// A workspace problem: built by cargo (release), its generator and the
/// `--against` binary found among its binaries.
fn problem_setup(name: &str, options: &Options, flag: String) -> Result<Setup> {
    let ws = build::workspace()?;
    let problem = judge_engine::plan::problem(&ws, name)?.clone();
    let testdata = ws.testdata().join(name);
    let settings = Settings::load(&testdata)?;
    if settings.interactive {
        bail!("{name} is interactive: scale measures a solution that reads its input file");
    }
    let exes = build::build(&ws, &[name])?;
    let exe = |target: &str| {
        exes.get(&(name.to_string(), target.to_string()))
            .cloned()
            .with_context(|| format!("cargo built no binary {target}"))
    };
    let by_stem = |stem: &str| problem.bins.iter().find(|(_, s)| s == stem);
    let Some((gen_target, _)) = by_stem("gen") else {
        bail!(
            "problem {name} has no generator: expected problems/{name}/src/bin/gen.rs declared as [[bin]] {name}-gen"
        );
    };
    let against = match &options.against {
        None => None,
        Some(other) => {
            let target = problem
                .bins
                .iter()
                .find(|(t, s)| s == other || t == other)
                .map(|(t, _)| t.clone())
                .with_context(|| {
                    let known: Vec<&str> = problem.bins.iter().map(|(_, s)| s.as_str()).collect();
                    format!(
                        "--against {other}: {name} has no such binary (it has {})",
                        known.join(", ")
                    )
                })?;
            Some(binary(&target, exe(&target)?))
        }
    };
    Ok(Setup {
        name: name.to_string(),
        solution: binary(name, exe(name)?),
        against,
        generator: Generator {
            start: Box::new(judge_engine::runner::exe_command(&exe(gen_target)?)),
            flag,
            extra: options.gen_args.clone(),
        },
        settings,
        toml: format!("testdata/{name}/problem.toml"),
        target_dir: target_dir(&ws.root),
    })
}

fn binary(name: &str, exe: PathBuf) -> Program {
    Program {
        name: name.to_string(),
        start: Box::new(judge_engine::runner::exe_command(&exe)),
    }
}

/// `--cmd CMD --gen GEN_CMD`: command lines in any language, with the default
/// limits unless `--time-limit`/`--memory-limit` say otherwise.
fn commands_setup(cmd: &str, generator: &str, options: &Options, flag: String) -> Result<Setup> {
    judge_engine::plan::check_program("--cmd", cmd)?;
    judge_engine::plan::check_program("--gen", generator)?;
    let line = |what: &str| Program {
        name: what.to_string(),
        start: Box::new(ShellCommand::new(what).solution()),
    };
    let against = match &options.against {
        Some(other) => {
            judge_engine::plan::check_program("--against", other)?;
            Some(line(other))
        }
        None => None,
    };
    let here = std::env::current_dir().context("cannot read the current folder")?;
    let root = build::workspace().map_or(here, |ws| ws.root);
    Ok(Setup {
        name: command_name(cmd),
        solution: line(cmd),
        against,
        generator: Generator {
            start: Box::new(ShellCommand::new(generator).solution()),
            flag,
            extra: options.gen_args.clone(),
        },
        settings: Settings::default(),
        toml: "--cmd".to_string(),
        target_dir: target_dir(&root),
    })
}

/// The name a command's drawing is saved under: the file stem of its last word
/// that is not an option (`python3 sol.py` is `sol`, `wc -l` is `wc`), in
/// letters, digits, `-` and `_`.
fn command_name(cmd: &str) -> String {
    let last = cmd
        .split_whitespace()
        .rfind(|w| !w.starts_with('-'))
        .unwrap_or("cmd");
    let stem = std::path::Path::new(last)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let clean: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if clean.is_empty() {
        "cmd".to_string()
    } else {
        clean
    }
}

/// The workspace's target folder (`CARGO_TARGET_DIR` when set).
fn target_dir(root: &std::path::Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map(|p| if p.is_absolute() { p } else { root.join(p) })
        .unwrap_or_else(|| root.join("target"))
}

/// Fails naming the generator when it says it is not written yet (the plain
/// template's exits 3 saying so), instead of "the generator failed".
fn not_written_yet(generator: &Generator, name: &str) -> Result<()> {
    let scratch = tempfile::tempdir().context("cannot create a scratch folder")?;
    let null = scratch.path().join("empty");
    std::fs::write(&null, "")?;
    let mut command = (generator.start)();
    command.args(["--seed", "1", &generator.flag, "1"]);
    let limits = Limits {
        time: Duration::from_secs(5),
        memory: 1 << 30,
        output: 1 << 20,
    };
    let out = judge_engine::run::run(command, &null, &limits)?;
    if out.exit == judge_sandbox::Exit::Code(3)
        && String::from_utf8_lossy(&out.stderr_tail).contains("not written yet")
    {
        bail!(
            "cannot scale {name}: its generator is not written yet (problems/{name}/src/bin/gen.rs: \
             one random input per `--seed S`, of size `{} N`)",
            generator.flag
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_size_flag_is_written_with_two_dashes() {
        for (given, flag) in [("n", "--n"), ("--lines", "--lines"), ("-k", "--k")] {
            assert_eq!(size_flag(given).unwrap(), flag);
        }
        for bad in ["", "--", "a b"] {
            assert!(size_flag(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_command_is_named_by_its_last_word() {
        let table = [
            ("python3 sol.py", "sol"),
            ("./a.out", "a"),
            ("java -cp . Main", "Main"),
            ("sh -c 'x'", "_x_"),
            ("wc -l", "wc"),
        ];
        for (cmd, name) in table {
            assert_eq!(command_name(cmd), name, "{cmd}");
        }
    }
}
