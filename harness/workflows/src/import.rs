//! `cargo judge import PACKAGE [NAME]`: a package as a workspace problem.
//!
//! Owns the mapping from the package format to the workspace's: the cases become
//! `testdata/NAME/` pairs (`.ans` written as `.out`, groups flattened into the
//! name, `sample/1` → `sample-1`, so natural order keeps samples first), the limits
//! and the validator become `problem.toml` (the default validator's flags as our
//! `tokens` or `float` checker where those mean the same, else the `kattis`
//! checker; a custom validator copied into the testdata folder and kept as a
//! Kattis-protocol checker), and `problems/NAME/` comes from the template (the
//! scaffold's [`crate::scaffold::create`]: the plain problem `new` and `listen`
//! make, tests/solution.rs included), with the package's Rust accepted
//! submission as `src/main.rs` when it has one, its input validators as the
//! problem's validate binary and an accepted submission as its brute force
//! ([`programs`]).

pub mod programs;

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};

use crate::scaffold;
use crate::scaffold::NewOptions;
use judge_formats::package::Package;
use judge_formats::problem::writer::{CheckerKeys, Noted, ProblemToml};
use judge_model::kattis::Flags;
use judge_model::package::TimeSource;
use judge_model::problem::Checker;
use judge_model::program::{Lang, Source};
use judge_report::import::{Imported, Judging};

/// Imports the package at `dir` as the workspace problem `name` (default: the
/// package folder's name): what it wrote. A package whose data is generated is
/// generated first by the caller ([`crate::generate::ensure`]).
pub fn import(dir: &Path, name: Option<&str>) -> Result<Imported> {
    let package = judge_engine::package::load(dir)?;
    // A Polygon package's testlib interactor has problem.toml keys of its own.
    if package.interactive && package.polygon.is_none() {
        bail!(
            "{}: interactive packages cannot be imported yet",
            dir.display()
        );
    }
    // A problem.toml runs the solution once per case with no arguments: a
    // package that runs it again (multi-pass) or with a case's `args` would be
    // judged differently once imported, so it is refused, as interactive is.
    if package.passes.is_some() {
        bail!(
            "{}: multi-pass packages cannot be imported yet",
            dir.display()
        );
    }
    if let Some(c) = package.cases.iter().find(|c| !c.args.is_empty()) {
        bail!(
            "{}: case {} gives the submission arguments ({}), which problem.toml cannot",
            dir.display(),
            c.case.name,
            c.args.join(" ")
        );
    }
    if let Some(e) = package.errors.first() {
        bail!("{e}");
    }
    let name = name.map_or_else(|| package.name.clone(), String::from);
    let files = case_files(&package)?;
    let (time_limit, source) = package.time_limit(None);
    let checker = checker_toml(&package)?;
    let main = rust_solution(&package);

    let args = NewOptions {
        name: name.clone(),
        title: package.title.clone(),
        source: None,
        time_limit,
        memory_limit: package.limits.memory_mib,
        interactive: false,
        // The plain problem, as `new` and `listen` make it.
        game: false,
    };
    let created = scaffold::create(&args)?;
    let result = fill(
        &package,
        &created,
        &files,
        time_limit,
        &source,
        &checker,
        main.as_deref(),
    );
    let title = package.title.clone().unwrap_or_else(|| name.clone());
    let result = result.and_then(|()| programs::keep(&package, &created.crate_dir, &name, &title));
    let kept = match result {
        Ok(kept) => kept,
        Err(e) => {
            // Both folders are ours (create refuses to write over anything): leave nothing.
            let _ = std::fs::remove_dir_all(&created.crate_dir);
            let _ = std::fs::remove_dir_all(&created.testdata_dir);
            return Err(e);
        }
    };
    Ok(Imported {
        package: dir.to_path_buf(),
        name,
        main: main.map(|p| p.strip_prefix(&package.root).unwrap_or(&p).to_path_buf()),
        kept,
        cases: files.len(),
        checker: checker.describe,
        time_limit,
        default_time_limit: source == TimeSource::Default,
    })
}

/// The flattened case names and the files they come from.
fn case_files(package: &Package) -> Result<Vec<(String, PathBuf, PathBuf)>> {
    let mut out: Vec<(String, PathBuf, PathBuf)> = Vec::new();
    for c in &package.cases {
        let flat = c.case.name.replace('/', "-");
        if let Some((_, other, _)) = out.iter().find(|(n, _, _)| *n == flat) {
            bail!(
                "{} and {} would both be testdata case {flat}",
                other.display(),
                c.case.input.display()
            );
        }
        out.push((flat, c.case.input.clone(), c.case.output.clone()));
    }
    Ok(out)
}

/// problem.toml's checker keys (with an interactor's and a validator's), and
/// how they read.
struct CheckerToml {
    interactor: Option<Noted<String>>,
    checker: Option<Noted<CheckerKeys>>,
    validator: Option<Noted<String>>,
    describe: Judging,
    /// Files to copy into the testdata folder (a custom validator, a testlib
    /// checker and its testlib.h), and their names there.
    copy: Vec<(PathBuf, String)>,
}

/// The package's own output validator `program`, copied beside problem.toml.
fn custom_validator_toml(package: &Package, program: &Source, flags: Vec<String>) -> CheckerToml {
    let v = &package.validator;
    let name = if program.path.is_dir() {
        "output_validator".to_string()
    } else {
        format!(
            "output_validator.{}",
            program
                .path
                .extension()
                .and_then(|e| e.to_str())
                .unwrap_or("txt")
        )
    };
    // Its runs and builds keep the package's limits (`validation_time`,
    // `validation_memory`, `validation_output`, `compilation_time`,
    // `compilation_memory`: spec/2025-09.md "Limits"), so a validator that
    // runs out of them in the package does here too.
    let keys = CheckerKeys::Kattis {
        validator: Some(name.clone()),
        flags,
        format: None,
        limits: package.limits.validation,
        compilation: v.compilation,
    };
    let describe = Judging::CustomValidator {
        file: name.clone(),
        language: program.lang.name().to_string(),
    };
    CheckerToml {
        copy: vec![(program.path.clone(), name)],
        ..CheckerToml::only(
            Noted::new(
                "The package's own output validator, run as Kattis runs it:\n\
                 VALIDATOR INPUT ANSWER FEEDBACK_DIR [flags] < OUTPUT, exit 42 = AC, 43 = WA.",
                keys,
            ),
            describe,
        )
    }
}

fn checker_toml(package: &Package) -> Result<CheckerToml> {
    if let Some(p) = &package.polygon {
        return polygon_checker_toml(p);
    }
    let v = &package.validator;
    let words = one_set_of_flags(package)?;
    if let [program] = v.programs.as_slice() {
        return Ok(custom_validator_toml(package, program, words));
    }
    if v.programs.len() > 1 {
        bail!("the package has several output validators; problem.toml holds one");
    }
    let mut flags = Flags::parse(&words)?;
    // 2023-07 and 2025-09 read numbers by their own grammar (the package's
    // reading of its flags says which).
    flags.decimal = v.default_flags().is_some_and(|f| f.decimal);
    // Case does not matter where no expected output has a letter: a
    // case-sensitive comparison then judges as the validator does.
    let answers: Vec<Vec<u8>> = package
        .cases
        .iter()
        .filter_map(|c| std::fs::read(&c.case.output).ok())
        .collect();
    let letters = answers
        .iter()
        .any(|b| b.iter().any(u8::is_ascii_alphabetic));
    let case_sensitive = flags.case_sensitive || !letters;
    let float = flags.abs.is_some() || flags.rel.is_some();
    // Our float checker reads a number as Rust does, which is the 2023-07 and
    // 2025-09 grammar ("General requirements") but for `inf`, `nan` and values
    // too large for a double, words there: where an answer has none of those,
    // it judges as the validator does. Not so in a legacy package, whose
    // validator also reads glibc's `%lf` numbers (`0x3`, `2e`) in any output.
    let float_reads_alike = flags.decimal && !answers.iter().any(|a| non_finite_number(a));
    // Our float checker compares words case-sensitively, and no checker of ours
    // keeps exact spacing as the validator does: those stay Kattis' own.
    let (keys, describe) =
        if flags.space_change_sensitive || (float && (!case_sensitive || !float_reads_alike)) {
            (
                Noted::new(
                    "Kattis' default validator (case-insensitive unless case_sensitive):",
                    CheckerKeys::Kattis {
                        validator: None,
                        flags: words,
                        format: flags.decimal.then(|| package.format.name().to_string()),
                        limits: package.limits.validation,
                        compilation: judge_model::limits::COMPILATION,
                    },
                ),
                Judging::KattisDefault(flags.clone()),
            )
        } else if float {
            let abs = Some(flags.abs.unwrap_or(0.0));
            let rel = Some(flags.rel.unwrap_or(0.0));
            let keys = Noted::plain(CheckerKeys::Float { abs, rel });
            (keys, Judging::Float)
        } else {
            // The validator's words, case aside unless `case_sensitive`: the tokens
            // checker's own rule (`judge_compare::same_token`).
            let keys = CheckerKeys::Tokens { case_sensitive };
            let keys = if case_sensitive {
                Noted::plain(keys)
            } else {
                Noted::new(
                    "Kattis' default validator without case_sensitive: letters' case aside.",
                    keys,
                )
            };
            (keys, Judging::Tokens { case_sensitive })
        };
    Ok(CheckerToml::only(keys, describe))
}

/// Whether `answer` has a token Rust reads as a number that is not finite
/// (`inf`, `NaN`, `1e400`): a word to the Kattis default validator.
fn non_finite_number(answer: &[u8]) -> bool {
    answer
        .split(u8::is_ascii_whitespace)
        .filter_map(judge_compare::parse_f64)
        .any(|x| !x.is_finite())
}

/// The validator flags every case gets (problem.yaml's `validator_flags`, or
/// the same ones from every test group's settings, as a 2025-09 package gives
/// them in `data/test_group.yaml`): problem.toml holds one set. Cases given
/// different ones are an error naming two of them.
fn one_set_of_flags(package: &Package) -> Result<Vec<String>> {
    let v = &package.validator;
    let mut first: Option<(&str, &[String])> = None;
    for c in &package.cases {
        let words = v.flags_for(&c.case.input).0;
        match first {
            None => first = Some((&c.case.name, words)),
            Some((name, seen)) if seen != words => bail!(
                "cases {name} and {} give the output validator different arguments \
                 (\"{}\" and \"{}\"): problem.toml holds one set",
                c.case.name,
                seen.join(" "),
                words.join(" ")
            ),
            Some(_) => {}
        }
    }
    Ok(first.map_or_else(|| v.flags.clone(), |(_, w)| w.to_vec()))
}

impl CheckerToml {
    /// Just `checker`, copying nothing.
    fn only(checker: Noted<CheckerKeys>, describe: Judging) -> CheckerToml {
        CheckerToml {
            interactor: None,
            checker: Some(checker),
            validator: None,
            describe,
            copy: Vec::new(),
        }
    }
}

/// A Polygon package's checker in problem.toml: its testlib checker, copied with
/// the testlib.h it is compiled against, or the workspace checker its `std::`
/// name stands for.
fn polygon_checker_toml(p: &judge_formats::package::polygon::Polygon) -> Result<CheckerToml> {
    let mut toml = match &p.interactor {
        None => polygon_checker(p)?,
        Some(i) => {
            let name = copied_as(i, "interactor");
            let mut toml = CheckerToml {
                interactor: Some(Noted::new(
                    "The package's testlib interactor, run as INTERACTOR INPUT OUTPUT ANSWER\n\
                     on the solution's stdin/stdout (exit 0 AC, 1 WA, 2 PE, 3 its own failure):",
                    name.clone(),
                )),
                checker: None,
                validator: None,
                describe: Judging::TestlibInteractor {
                    file: name.clone(),
                    checker: None,
                },
                copy: with_header(i, name),
            };
            // Its testlib checker judges what it wrote (a std:: checker has no
            // place after an interactor in problem.toml, nor in judging).
            if let Checker::Testlib(c) = &p.checker {
                let checker = polygon_checker(p)?;
                toml.checker = checker.checker;
                if let Judging::TestlibInteractor { checker, .. } = &mut toml.describe {
                    *checker = Some(copied_as(c, "check"));
                }
                for c in checker.copy {
                    if !toml.copy.iter().any(|(_, to)| *to == c.1) {
                        toml.copy.push(c);
                    }
                }
            }
            toml
        }
    };
    // Its first validator, for `cargo judge lint`.
    if let Some(v) = p.validators.first() {
        let name = copied_as(v, "validator");
        toml.validator = Some(Noted::new(
            "The package's testlib validator, run by lint on every input:",
            name.clone(),
        ));
        for c in with_header(v, name) {
            if !toml.copy.iter().any(|(_, to)| *to == c.1) {
                toml.copy.push(c);
            }
        }
    }
    Ok(toml)
}

/// The name a testlib program of the package is copied as: `stem` with the
/// source's own ending (`check.cpp`, `check.py`).
fn copied_as(program: &judge_model::testlib::Program, stem: &str) -> String {
    match program.source.path.extension() {
        Some(ext) => format!("{stem}.{}", ext.to_string_lossy()),
        None => stem.to_string(),
    }
}

/// The copies of `program` as `name` and, for C++, of the testlib.h it is
/// compiled against.
fn with_header(program: &judge_model::testlib::Program, name: String) -> Vec<(PathBuf, String)> {
    let mut copy = vec![(program.source.path.clone(), name)];
    let header = program.header_dir.join(judge_model::testlib::HEADER);
    if header.is_file() && matches!(program.source.lang, Lang::Cpp) {
        copy.push((header, judge_model::testlib::HEADER.to_string()));
    }
    copy
}

fn polygon_checker(p: &judge_formats::package::polygon::Polygon) -> Result<CheckerToml> {
    Ok(match &p.checker {
        Checker::Testlib(program) => {
            let name = copied_as(program, "check");
            let keys = CheckerKeys::Testlib {
                source: name.clone(),
            };
            let describe = Judging::TestlibChecker {
                file: name.clone(),
                from: p.named_checker.clone(),
            };
            CheckerToml {
                copy: with_header(program, name),
                ..CheckerToml::only(
                    Noted::new(
                        "The package's testlib checker, run as CHECKER INPUT OUTPUT ANSWER\n\
                         (exit 0 AC, 1 WA, 2 PE, 3 the checker's own failure):",
                        keys,
                    ),
                    describe,
                )
            }
        }
        Checker::Float { abs, rel } => CheckerToml::only(
            Noted::plain(CheckerKeys::Float {
                abs: Some(*abs),
                rel: Some(*rel),
            }),
            Judging::Float,
        ),
        Checker::Tokens { case_sensitive } => CheckerToml::only(
            Noted::plain(CheckerKeys::Tokens {
                case_sensitive: *case_sensitive,
            }),
            Judging::Tokens {
                case_sensitive: *case_sensitive,
            },
        ),
        other => bail!("the checker {other:?} cannot be written to problem.toml"),
    })
}

/// The first accepted Rust submission that is a single file.
fn rust_solution(package: &Package) -> Option<PathBuf> {
    if let Some(p) = &package.polygon {
        return p
            .solutions
            .iter()
            .find(|s| {
                matches!(s.tag.as_str(), "main" | "accepted")
                    && s.path.is_file()
                    && judge_formats::program::lang_of_file(&s.path) == Some(Lang::Rust)
            })
            .map(|s| s.path.clone());
    }
    let dir = package.root.join("submissions/accepted");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && judge_formats::program::lang_of_file(p) == Some(Lang::Rust))
        .collect();
    files.sort();
    files.into_iter().next()
}

fn fill(
    package: &Package,
    created: &scaffold::Created,
    files: &[(String, PathBuf, PathBuf)],
    time_limit: Duration,
    source: &TimeSource,
    checker: &CheckerToml,
    main: Option<&Path>,
) -> Result<()> {
    let td = &created.testdata_dir;
    for (name, input, answer) in files {
        std::fs::copy(input, td.join(format!("{name}.in")))
            .with_context(|| format!("cannot copy {}", input.display()))?;
        std::fs::copy(answer, td.join(format!("{name}.out")))
            .with_context(|| format!("cannot copy {}", answer.display()))?;
    }
    for (from, to) in &checker.copy {
        copy_tree(from, &td.join(to))?;
    }
    let from = match source {
        TimeSource::ProblemYaml => "problem.yaml",
        TimeSource::ProblemXml => "problem.xml",
        TimeSource::TimelimitFile => ".timelimit",
        TimeSource::DomjudgeIni => "domjudge-problem.ini",
        TimeSource::Verified { .. } => "computed by cargo judge verify",
        TimeSource::CommandLine | TimeSource::Default => "the judge's default",
    };
    let toml = ProblemToml {
        header: format!(
            "Imported by `cargo judge import` from the problem package {}.",
            package.root.display()
        ),
        title: package.title.clone(),
        time_limit: Some(Noted::new(format!("time limit: {from}"), time_limit)),
        memory_limit: Some(package.limits.memory_mib),
        output_limit: Some(package.limits.output_mib),
        testlib_interactor: checker.interactor.clone(),
        checker: checker.checker.clone(),
        validator_source: checker.validator.clone(),
        source: None,
    };
    std::fs::write(td.join("problem.toml"), toml.render()).context("cannot write problem.toml")?;
    let readme = format!(
        "# {}\n\nImported from the problem package `{}` by `cargo judge import`: each\n\
         `NAME.out` is the package's `.ans` for the same case (its path under `data/`\n\
         with `/` written as `-`), the checker and limits come from its {}.\n",
        package.title.as_deref().unwrap_or(&package.name),
        package.root.display(),
        if package.polygon.is_some() {
            "problem.xml"
        } else {
            "problem.yaml"
        }
    );
    std::fs::write(td.join("README.md"), readme).context("cannot write README.md")?;
    let dir = &created.crate_dir;
    if let Some(main) = main {
        std::fs::copy(main, dir.join("src/main.rs"))
            .with_context(|| format!("cannot copy {}", main.display()))?;
    }
    Ok(())
}

/// Copies `from` (a file, or a folder with everything under it) to `to`.
pub fn copy_tree(from: &Path, to: &Path) -> Result<()> {
    if from.is_file() {
        std::fs::copy(from, to).with_context(|| format!("cannot copy {}", from.display()))?;
        return Ok(());
    }
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry?;
        let dest = to.join(entry.path().strip_prefix(from).unwrap_or(entry.path()));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&dest)?;
        } else {
            std::fs::copy(entry.path(), &dest)
                .with_context(|| format!("cannot copy {}", entry.path().display()))?;
        }
    }
    Ok(())
}
