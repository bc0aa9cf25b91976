//! `cargo judge generate PACKAGE`: a package's test data from its
//! `generators/generators.yaml`, as `bt generate` makes it (BAPCtools'
//! doc/generators.md and generate.py).
//!
//! Owns running the rules that judge-formats reads
//! (`judge_formats::package::generators`): building each generator and the
//! solution once (the engine's package programs), running every rule in the
//! sandbox in a folder of its own (side by side on the engine's pool), and
//! keeping the result by content ([`location::folder`]): a second run, or a
//! `verify` after it, finds it made. The package is written only when asked
//! (`--write`, as bt writes data/).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use judge_engine::package::program::{self, Built};
use judge_engine::pool::Pool;
use judge_engine::run;
use judge_formats::package::generators::{
    self, Composed, EXTENSIONS, Generators, Rule, Solution, location,
};
use judge_formats::package::{constants, yaml};
use judge_model::limits::Limits;
use judge_report::generate::{Generated, Warning};
use judge_sandbox::{Access, Exit, RunSpec};

/// What `generate` is asked to do.
#[derive(Debug, Clone)]
pub struct Options {
    /// The package folder.
    pub package: PathBuf,
    /// Also write the data into the package's own data/ (as `bt generate` does).
    pub write: bool,
}

/// A generator or the solution may take this long (problem.yaml's
/// `limits.generator_time` otherwise; BAPCtools' default is 60 s).
const DEFAULT_TIME: Duration = Duration::from_secs(60);

/// Generates the data of `options.package` (or finds it generated).
pub fn generate(options: &Options) -> Result<Generated> {
    let dir = &options.package;
    let start = Instant::now();
    let (doc, rules) = read(dir)?;
    let out = location::folder(dir, &rules, &program::can_build)?;
    let made = !out.join("data").is_dir();
    if made {
        make(dir, &doc, &rules, &out)?;
    }
    let data = out.join("data");
    let mut warnings: Vec<Warning> = rules.warnings.iter().cloned().map(Warning::Read).collect();
    warnings.extend(unmatched(&rules, &data));
    if options.write {
        write_into(&data, &dir.join("data"))?;
    }
    Ok(Generated {
        data: if options.write {
            dir.join("data")
        } else {
            data
        },
        cases: rules.cases.len() + rules.includes.len(),
        made,
        took: start.elapsed(),
        warnings,
    })
}

/// What the `match:` patterns say of the data made: a warning for each pattern
/// a case's file does not contain, as generate.py's `check_match` warns (it
/// searches with `re.MULTILINE | re.DOTALL`), and for a pattern that cannot be
/// checked (a file not made; Python syntax the small regex engine lacks).
fn unmatched(rules: &Generators, data: &Path) -> Vec<Warning> {
    let mut out = Vec::new();
    for rule in &rules.cases {
        for m in &rule.matches {
            let file = format!("{}.{}", rule.path, m.ext);
            let line = m.line;
            let pattern = match regex_lite::Regex::new(&format!("(?ms){}", m.pattern)) {
                Ok(p) => p,
                Err(e) => {
                    out.push(Warning::PatternNotChecked {
                        line,
                        pattern: m.pattern.clone(),
                        why: e.to_string(),
                    });
                    continue;
                }
            };
            match std::fs::read_to_string(data.join(&file)) {
                Ok(text) if pattern.is_match(&text) => {}
                Ok(_) => out.push(Warning::NoMatch {
                    line,
                    file,
                    pattern: m.pattern.clone(),
                }),
                Err(_) => out.push(Warning::NotMade {
                    line,
                    ext: m.ext.clone(),
                    file,
                }),
            }
        }
    }
    out
}

/// Generates the data of the package at `dir` when it needs it (a
/// generators.yaml and no data beyond the samples), as `verify`, `run` and
/// `import` do before reading it; `None` when it needs none.
pub fn ensure(dir: &Path) -> Result<Option<Generated>> {
    if !judge_formats::package::needs_generation(dir) {
        return Ok(None);
    }
    generate(&Options {
        package: dir.to_path_buf(),
        write: false,
    })
    .map(Some)
}

/// problem.yaml and generators.yaml, read.
fn read(dir: &Path) -> Result<(yaml::Node, Generators)> {
    let path = dir.join("problem.yaml");
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let doc = yaml::parse(&text).with_context(|| path.display().to_string())?;
    let rules = generators::read(dir, &doc)?
        .with_context(|| format!("{}: no {}", dir.display(), generators::FILE))?;
    Ok((doc, rules))
}

/// Everything one rule needs to run.
struct Setup<'a> {
    dir: &'a Path,
    programs: HashMap<String, Built>,
    /// The solutions by their path (relative to the root); `None` for no solution.
    solutions: HashMap<Option<String>, Built>,
    /// Whether answers are empty files (interactive and multi-pass problems).
    empty_answers: bool,
    limits: Limits,
    /// Where the generators the `generators:` key lists are put together (the
    /// jail shows it to them as it shows generators/).
    composed: Option<tempfile::TempDir>,
}

/// Makes every rule into a staging folder beside `out`, then moves it there.
fn make(dir: &Path, doc: &yaml::Node, rules: &Generators, out: &Path) -> Result<()> {
    let context = build(dir, doc, rules)?;
    let staging = out.with_extension(format!("tmp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&staging);
    let data = staging.join("data");
    std::fs::create_dir_all(&data).with_context(|| format!("cannot create {}", data.display()))?;
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let indexed: Vec<(usize, &Rule)> = rules.cases.iter().enumerate().collect();
    let results = Pool::new(threads)
        .announce_starts(false)
        .map(&indexed, |(i, rule)| {
            let work = staging.join("work").join(i.to_string());
            make_case(&context, rule, &work, &data)
                .with_context(|| format!("generators.yaml line {}: {}", rule.line, rule.path))
        });
    let finished = results
        .into_iter()
        .collect::<Result<Vec<()>>>()
        .and_then(|_| groups(rules, &data));
    if let Err(e) = finished {
        let _ = std::fs::remove_dir_all(&staging);
        return Err(e);
    }
    let _ = std::fs::remove_dir_all(staging.join("work"));
    if let Err(e) = std::fs::rename(&staging, out) {
        let _ = std::fs::remove_dir_all(&staging);
        // Another judge made it meanwhile: the same content.
        if !out.join("data").is_dir() {
            return Err(e).with_context(|| format!("cannot write {}", out.display()));
        }
    }
    Ok(())
}

/// Builds every generator the rules run and every solution they answer with.
fn build<'a>(dir: &'a Path, doc: &yaml::Node, rules: &Generators) -> Result<Setup<'a>> {
    let constants = constants::read(doc)?;
    let memory_mib = 2048;
    let compile = judge_formats::package::compilation_limits(doc)
        .with_context(|| format!("{}", dir.join(judge_formats::package::FILE_NAME).display()))?;
    let mut programs = HashMap::new();
    let mut solutions = HashMap::new();
    let mut composed = None;
    let kind = |t: &str| {
        doc.get("type").is_some_and(|n| yaml_has(n, t))
            || doc
                .get("validation")
                .and_then(|n| n.as_str())
                .is_some_and(|v| v.contains(t))
    };
    // An interactive or multi-pass problem's answers are empty files: no
    // solution runs, so none is built (generate.py's `generate_from_solution`).
    let empty_answers = kind("interactive") || kind("multi-pass");
    for rule in &rules.cases {
        if let Some(inv) = &rule.generate
            && !programs.contains_key(&inv.program)
        {
            let listed = rules.composed(&inv.program);
            let path = match listed {
                Some(c) => put_together(dir, c, &mut composed)?,
                None => dir.join(&inv.program),
            };
            let entry = listed.and_then(|c| c.files[0].rsplit('/').next());
            let source =
                judge_formats::program::source_with_entry(&path, entry)?.with_context(|| {
                    format!(
                        "generator {}: not a program of a known language",
                        inv.program
                    )
                })?;
            let source = constants::apply_all(vec![source], &constants)?.remove(0);
            let built = program::build_within(&source, &[], memory_mib, compile)
                .with_context(|| format!("generator {} does not build", inv.program))?;
            programs.insert(inv.program.clone(), built);
        }
        let key = match &rule.solution {
            Solution::Given(p) => Some(p.clone()),
            Solution::Default => location::default_solution(dir, &program::can_build).map(|p| {
                p.strip_prefix(dir)
                    .unwrap_or(&p)
                    .to_string_lossy()
                    .into_owned()
            }),
            Solution::Nothing => None,
        };
        if let Some(p) = key.as_ref().filter(|_| !empty_answers)
            && !solutions.contains_key(&key)
        {
            let source = judge_formats::program::source(&dir.join(p))?
                .with_context(|| format!("solution {p}: not a program of a known language"))?;
            let built = program::build_within(&source, &[], memory_mib, compile)
                .with_context(|| format!("solution {p} does not build"))?;
            solutions.insert(key.clone(), built);
        }
    }
    let time = doc
        .get("limits")
        .and_then(|l| l.get("generator_time"))
        .and_then(|n| n.as_str())
        .and_then(|t| t.trim().parse::<f64>().ok())
        .filter(|t| t.is_finite() && *t > 0.0)
        .map_or(DEFAULT_TIME, Duration::from_secs_f64);
    Ok(Setup {
        dir,
        programs,
        solutions,
        empty_answers,
        limits: Limits {
            time,
            memory: memory_mib << 20,
            output: 1 << 30,
        },
        composed,
    })
}

/// A folder holding the files of a generator the `generators:` key lists, by
/// their file names, under `folder` (made on first use), as BAPCtools'
/// `Program.build` puts them side by side. bt links them where this copies
/// (program discovery reads files, not links): the one difference is that a
/// Python helper listed from another folder imports here and not under bt, whose
/// entry point's `sys.path[0]` is its real folder.
fn put_together(
    dir: &Path,
    generator: &Composed,
    folder: &mut Option<tempfile::TempDir>,
) -> Result<PathBuf> {
    if folder.is_none() {
        *folder = Some(tempfile::tempdir().context("cannot create a folder for generators")?);
    }
    let name = generator.program.rsplit('/').next().unwrap_or("generator");
    let to = folder.as_ref().expect("made above").path().join(name);
    std::fs::create_dir_all(&to).with_context(|| format!("cannot create {}", to.display()))?;
    for file in &generator.files {
        let from = std::path::absolute(dir.join(file))?;
        if !from.is_file() {
            bail!("generator {}: {file} is not a file", generator.program);
        }
        let named = to.join(from.file_name().unwrap_or_default());
        std::fs::copy(&from, &named)
            .with_context(|| format!("cannot copy {} to {}", from.display(), named.display()))?;
    }
    Ok(to)
}

/// Whether a `type` value (a word, words, or a list) holds `word`.
fn yaml_has(node: &yaml::Node, word: &str) -> bool {
    match &node.value {
        yaml::Value::Scalar(s) => s.split_whitespace().any(|w| w == word),
        yaml::Value::Seq(items) => items.iter().any(|i| i.as_str() == Some(word)),
        _ => false,
    }
}

/// Makes one test case in `work` (generate.py's `TestCaseRule.generate`): run
/// the generator, copy `copy:`'s files, write the inline ones, answer with the
/// solution; then moves its files to `data/PATH.EXT`.
fn make_case(context: &Setup, rule: &Rule, work: &Path, data: &Path) -> Result<()> {
    std::fs::create_dir_all(work).with_context(|| format!("cannot create {}", work.display()))?;
    let case = work.join("testcase");
    if let Some(inv) = &rule.generate {
        let built = &context.programs[&inv.program];
        let mut last = Err(anyhow!("not run"));
        for retry in 0..rule.retries {
            last = run_generator(context, built, &inv.args_for(retry), work);
            if last.is_ok() {
                break;
            }
        }
        last.with_context(|| format!("generator `{}`", inv.command))?;
    }
    if let Some(copy) = &rule.copy {
        copy_files(&context.dir.join(copy), &case)?;
    }
    for (ext, text) in &rule.files {
        write(&with_ext(&case, ext), text.as_bytes())?;
    }
    let has_input = with_ext(&case, "in").is_file()
        || rule.is_sample()
            && ["in.statement", "in.download", "interaction"]
                .iter()
                .any(|e| with_ext(&case, e).is_file());
    if !has_input {
        bail!("no .in file was made");
    }
    answer(context, rule, &case)?;
    for ext in EXTENSIONS {
        let from = with_ext(&case, ext);
        if from.is_file() {
            let to = with_ext(&data.join(&rule.path), ext);
            if let Some(parent) = to.parent() {
                std::fs::create_dir_all(parent)
                    .with_context(|| format!("cannot create {}", parent.display()))?;
            }
            std::fs::rename(&from, &to)
                .with_context(|| format!("cannot write {}", to.display()))?;
        }
    }
    Ok(())
}

/// `path` with `.ext` added (`testcase` + `in.statement`).
fn with_ext(path: &Path, ext: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".");
    s.push(ext);
    PathBuf::from(s)
}

/// Runs a generator in `work` (emptied first, as bt does): what it prints is
/// `testcase.in` unless it wrote that file itself.
fn run_generator(context: &Setup, built: &Built, args: &[String], work: &Path) -> Result<()> {
    for entry in
        std::fs::read_dir(work).with_context(|| format!("cannot read {}", work.display()))?
    {
        let path = entry?.path();
        let _ = if path.is_dir() {
            std::fs::remove_dir_all(&path)
        } else {
            std::fs::remove_file(&path)
        };
    }
    let mut command = built.command();
    command.args(args);
    sandboxed(&mut command, context, work);
    let ran = run::run(command, Path::new("/dev/null"), &context.limits)?;
    check_exit(&ran, "the generator")?;
    let input = work.join("testcase.in");
    if !ran.stdout.is_empty() && !input.exists() {
        write(&input, &ran.stdout)?;
    }
    if !input.exists()
        && !EXTENSIONS
            .iter()
            .any(|e| with_ext(&work.join("testcase"), e).is_file())
    {
        bail!("the generator printed nothing and wrote no testcase.in");
    }
    Ok(())
}

/// A generator runs in `work`, which it may write, and reads the package's
/// generators/ (its own helper files, as under bt).
fn sandboxed(command: &mut RunSpec, context: &Setup, work: &Path) {
    let generators = context.dir.join("generators");
    if generators.is_dir() {
        command.share(&generators, Access::Code);
    }
    if let Some(composed) = &context.composed {
        command.share(composed.path(), Access::Code);
    }
    command.share(work, Access::Write);
    command.current_dir(std::path::absolute(work).unwrap_or_else(|_| work.to_path_buf()));
}

/// An error unless the program exited 0 within its limits.
fn check_exit(ran: &run::Measured, what: &str) -> Result<()> {
    if ran.exit == Exit::Code(0) && !ran.output_exceeded && !ran.wall_exceeded {
        return Ok(());
    }
    let tail = String::from_utf8_lossy(&ran.stderr_tail);
    let tail = tail.trim();
    let how = if ran.wall_exceeded {
        "ran out of time".to_string()
    } else if ran.output_exceeded {
        "printed too much".to_string()
    } else {
        format!("failed ({})", ran.exit)
    };
    if tail.is_empty() {
        bail!("{what} {how}");
    }
    bail!("{what} {how}: {}", tail.lines().last().unwrap_or(""))
}

/// Copies `from.EXT` for every known extension to `case.EXT`.
fn copy_files(from: &Path, case: &Path) -> Result<()> {
    let mut copied = false;
    for ext in EXTENSIONS {
        let source = with_ext(from, ext);
        if source.is_file() {
            std::fs::copy(&source, with_ext(case, ext))
                .with_context(|| format!("cannot copy {}", source.display()))?;
            copied = true;
        }
    }
    if !copied {
        bail!("copy: no file {}.in (or .ans, ...) to copy", from.display());
    }
    Ok(())
}

/// Writes the `.ans` when the rule did not: empty for an interactive or
/// multi-pass problem, else the solution's output on the `.in`. Invalid cases
/// and `valid_output` have none (generate.py's `generate_from_solution`).
fn answer(context: &Setup, rule: &Rule, case: &Path) -> Result<()> {
    let answer = with_ext(case, "ans");
    let no_answer = [
        "invalid_input",
        "invalid_answer",
        "invalid_output",
        "valid_output",
        "testing_tool_test",
    ];
    if answer.is_file() || no_answer.contains(&rule.root()) {
        return Ok(());
    }
    if context.empty_answers {
        return write(&answer, b"");
    }
    let input = with_ext(case, "in");
    if !input.is_file() {
        bail!("no .in to make the .ans from");
    }
    let key = match &rule.solution {
        Solution::Given(p) => Some(p.clone()),
        Solution::Default => {
            location::default_solution(context.dir, &program::can_build).map(|p| {
                p.strip_prefix(context.dir)
                    .unwrap_or(&p)
                    .to_string_lossy()
                    .into_owned()
            })
        }
        Solution::Nothing => None,
    };
    let Some(built) = context.solutions.get(&key) else {
        bail!(
            "no .ans was made and there is no solution to make it (an accepted submission, or solution: in generators.yaml)"
        );
    };
    let mut command = built.command();
    let work = case.parent().unwrap_or(Path::new("."));
    sandboxed(&mut command, context, work);
    let ran = run::run(command, &input, &context.limits)?;
    check_exit(&ran, "the solution")?;
    write(&answer, &ran.stdout)
}

/// Writes each folder's test_group.yaml / testdata.yaml, and the cases a
/// folder includes.
fn groups(rules: &Generators, data: &Path) -> Result<()> {
    for group in &rules.groups {
        let folder = data.join(&group.path);
        std::fs::create_dir_all(&folder)
            .with_context(|| format!("cannot create {}", folder.display()))?;
        if let Some((file, text)) = &group.config {
            write(&folder.join(file), text.as_bytes())?;
        }
    }
    for include in &rules.includes {
        let name = include.case.rsplit('/').next().unwrap_or(&include.case);
        let from = data.join(&include.case);
        let to = data.join(&include.group).join(name);
        for ext in EXTENSIONS {
            let source = with_ext(&from, ext);
            if source.is_file() {
                std::fs::copy(&source, with_ext(&to, ext))
                    .with_context(|| format!("cannot copy {}", source.display()))?;
            }
        }
    }
    Ok(())
}

/// Copies every file of the generated `data` into the package's `target`
/// (replacing files of the same name; others are left as they are).
fn write_into(data: &Path, target: &Path) -> Result<()> {
    for entry in walk(data) {
        let rel = entry.strip_prefix(data).unwrap_or(&entry);
        let to = target.join(rel);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
        }
        std::fs::copy(&entry, &to).with_context(|| format!("cannot write {}", to.display()))?;
    }
    Ok(())
}

/// Every file under `dir`.
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Writes `bytes` to `path`.
fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}
