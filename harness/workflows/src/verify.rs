//! `cargo judge verify PACKAGE`: what problemtools' `verifyproblem` does for a
//! package's submissions, in parallel and with every build cached.
//!
//! Builds every program under `submissions/` (and the validators) once, runs the
//! input validators on every `.in` and the output validator on its own tests,
//! judges the submissions that bound the time limit from below first
//! ([`judge_formats::package::timelimit`]: at the package's time limit, or under a generous cap
//! to compute it: their slowest case × the multiplier, rounded up), then every
//! other submission at the limit × the safety margin,
//! and checks each against what it is expected to get ([`judge_formats::package::expect`]: its
//! tag, submissions.yaml, its folder). A submission stops at its first non-AC
//! case, which is all a final verdict needs, unless its expectation is about
//! every case (submissions.yaml rules on groups, messages) or the problem is
//! scored. Reports are a table, or JSON / JUnit through [`judge_report::verify`].

use judge_engine::ext::*;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use judge_engine::package::program;
use judge_engine::package::program::Built;
use judge_engine::package::validator::FEEDBACK_FILES;
use judge_engine::pool::{Event, Next, Pool, Queue};
use judge_engine::run;
use judge_engine::task::Task;
use judge_formats::package::expect::{self, Expectation, Observed, SubmissionsYaml};
use judge_formats::package::scoring::Dialect;
use judge_formats::package::static_validation::StaticResult;
use judge_formats::package::system::System;
use judge_formats::package::{Format, Package, timelimit};
use judge_model::judge::{CaseResult, Extra, Job, Verdict};
use judge_model::package::PackageVerdict;
use judge_model::package::TimeSource;
use judge_model::program::{Lang, Source};
use judge_report::verify::found::{
    InputRejection, Mismatch, OutputFound, PackageError, Sensitivity, Skipped, UnderMargin, Warning,
};
use judge_report::verify::{
    CaseReport, FailedOn, Runs, SubmissionReport, Validation, VerifyOutcome, VerifyReport,
    VerifyTable,
};
use judge_sandbox::Exit;

/// What `verify` needs besides the package.
#[derive(Debug, Clone)]
pub struct VerifyOptions {
    /// Jobs at once.
    pub threads: usize,
    /// A fixed time limit that replaces the package's (like `--fixed_timelim`).
    pub time_limit: Option<Duration>,
    /// Score by these rules instead of the package's own (`--scoring`).
    pub scoring: Option<Dialect>,
}

/// One submission and what became of it.
struct Submission {
    /// `accepted/sol.cpp`: its path under submissions/.
    label: String,
    /// Its program, when it could be read as one.
    source: Option<Source>,
    /// What it is expected to get; `None` when nothing says.
    expect: Option<Expectation>,
    built: Option<Built>,
    /// Why it was not judged (no compiler, no expectation).
    skipped: Option<Skipped>,
    /// Why it does not build: the compiler's message (a CE verdict).
    compile_error: Option<String>,
    /// Results in data order (`None`: not run, after the first failure).
    results: Vec<Option<CaseResult>>,
    /// The static validator's word on each static validation test case.
    statics: Vec<StaticResult>,
    /// Runs on CPython where its system runs PyPy, which is not installed
    /// ([`choose_interpreters`]): its times are not the system's.
    cpython_fallback: bool,
}

impl Submission {
    /// A submission as collected, before anything is built or run.
    fn found(
        label: String,
        source: Option<Source>,
        expect: Option<Expectation>,
        skipped: Option<Skipped>,
        compile_error: Option<String>,
    ) -> Submission {
        Submission {
            label,
            source,
            expect,
            built: None,
            skipped,
            compile_error,
            results: Vec::new(),
            statics: Vec::new(),
            cpython_fallback: false,
        }
    }

    /// Its language, naming the interpreter of a Python 3 one.
    fn language(&self) -> &'static str {
        self.source.as_ref().map_or("?", |s| match s.lang {
            Lang::Python => "Python 3 (CPython)",
            other => other.name(),
        })
    }

    /// The scopes over which it bounds the time limit from below.
    fn lower_bounds(&self, legacy: bool) -> Vec<timelimit::Scope<'_>> {
        self.expect
            .as_ref()
            .map_or_else(Vec::new, |e| timelimit::lower_bounds(e, legacy))
    }

    /// Its slowest case that bounds the time limit from below, and the case's name.
    fn slowest_bound(&self, legacy: bool) -> Option<(f64, String)> {
        let timed: Vec<timelimit::Timed> = self
            .results
            .iter()
            .flatten()
            .filter(|r| !matches!(r.verdict, Verdict::ERR | Verdict::INT))
            .map(|r| (r.case.as_str(), r.verdict == Verdict::TLE, r.time))
            .collect();
        timelimit::slowest(&self.lower_bounds(legacy), &timed).map(|(t, c)| (t, c.to_string()))
    }

    /// How it ran, for the table: its cases, the one its verdict comes from at
    /// `time_limit` (else the static validation test case it failed), and the
    /// compiler's words.
    fn runs(self, time_limit: Duration) -> Runs {
        let results: Vec<CaseResult> = self.results.into_iter().flatten().collect();
        let failed_on = match results
            .iter()
            .find(|c| verdict_at(c, time_limit) != Verdict::AC)
        {
            Some(c) => Some(FailedOn {
                case: c.case.clone(),
                under_margin: c.verdict == Verdict::AC,
            }),
            None => self
                .statics
                .iter()
                .find(|st| st.verdict != Verdict::AC)
                .map(|st| FailedOn {
                    case: st.name.clone(),
                    under_margin: false,
                }),
        };
        Runs {
            results,
            failed_on,
            compile_error: self.compile_error,
        }
    }

    /// Expected to pass every case: judged first, to set the time limit.
    fn expects_accepted(&self) -> bool {
        self.expect.as_ref().is_some_and(|e| {
            e.any_of == [PackageVerdict::AC]
                || e.rules.iter().any(|r| {
                    r.cases.is_none() && r.permitted.as_deref() == Some(&[PackageVerdict::AC][..])
                })
        })
    }
}

/// Runs `verify` on the package at `dir` (its data generated first, when it
/// needs generating: the caller's [`crate::generate::ensure`]). The report is
/// `ok` when every judged submission met its expectation, every input passed
/// validation and nothing was skipped for want of an expectation.
pub fn verify(dir: &Path, options: &VerifyOptions) -> Result<VerifyOutcome> {
    let started = Instant::now();
    let package = judge_engine::package::load(dir)?;
    let mut errors: Vec<PackageError> = package
        .errors
        .iter()
        .map(|e| PackageError::Read(e.clone()))
        .collect();
    let mut warnings: Vec<Warning> = package
        .warnings
        .iter()
        .map(|w| Warning::Read(w.clone()))
        .collect();
    let mut subs = match &package.polygon {
        Some(p) => polygon_submissions(p, &package.root),
        None => collect_submissions(&package.root, &mut warnings)?,
    };
    choose_interpreters(System::of(&package), &mut subs, &mut warnings);
    build_submissions(&package, &mut subs, options.threads);
    package.validator.build()?;
    let validation = validate(&package, options.threads, &mut errors)?;
    let (time_limit, source) =
        judge_in_two_phases(&package, &mut subs, options, &mut errors, &mut warnings)?;
    validate_statically(&package, &mut subs, options.threads, &mut errors);

    let dialect = options.scoring.unwrap_or_else(|| {
        let tagged = subs
            .iter()
            .any(|s| s.expect.as_ref().is_some_and(|e| e.score.is_some()));
        Dialect::of(package.format, tagged)
    });
    let scoring = package.scoring.then_some(dialect);
    let (submissions, notes): (Vec<SubmissionReport>, Vec<Option<Warning>>) = subs
        .iter()
        .map(|s| report_of(&package, s, time_limit, scoring))
        .unzip();
    warnings.extend(notes.into_iter().flatten());
    // A report is never green when nothing was checked: every submission
    // skipped (a language not installed, no expectation) is a failure.
    if !submissions.is_empty() && submissions.iter().all(|s| s.skipped.is_some()) {
        errors.push(PackageError::NothingJudged(submissions.len()));
    }
    let ok = errors.is_empty()
        && !submissions.is_empty()
        && submissions.iter().all(|s| s.matched || s.skipped.is_some());
    let report = VerifyReport {
        package: package.name.clone(),
        format: package.format.name().to_string(),
        scoring: scoring.map(|d| d.name().to_string()),
        ok,
        time_limit,
        submissions,
        errors,
        warnings,
        // Known once the programs have run (a refused namespace shows at the first).
        isolation: judge_sandbox::isolation().to_string(),
    };
    let table = VerifyTable {
        package: package.summary(time_limit, source),
        safety_margin: package.limits.safety_margin,
        validation,
        runs: subs.into_iter().map(|s| s.runs(time_limit)).collect(),
        scored: package.scoring,
        polygon: package.polygon.is_some(),
        took: started.elapsed(),
    };
    Ok(VerifyOutcome { report, table })
}

/// Each submission in the language its package's system reads it as
/// ([`System::lang_of`]), Python 3 on that system's interpreter: PyPy where pypy3 is installed, else CPython, said in a
/// warning. problemtools without pypy3 reports its Python 3 submissions as
/// compile errors ("could not find compiler") and sets the time limit from the
/// others; here they are judged on CPython, and bound the limit only when
/// nothing else does (CPython is several times slower than PyPy on loops).
fn choose_interpreters(system: System, subs: &mut [Submission], warnings: &mut Vec<Warning>) {
    let mut fell_back = 0;
    for s in subs.iter_mut() {
        let Some(source) = s.source.as_mut() else {
            continue;
        };
        let mut lang = system.lang_of(source);
        if lang == Lang::PyPy && judge_sandbox::on_path("pypy3").is_none() {
            lang = Lang::Python;
            s.cpython_fallback = true;
            fell_back += 1;
        }
        if lang != source.lang {
            source.lang = lang;
            if s.expect.is_some() {
                s.skipped = unbuildable(lang);
            }
        }
    }
    if fell_back > 0 {
        warnings.push(Warning::NoPyPy {
            count: fell_back,
            system: system.name(),
        });
    }
}

/// Builds every submission that is to be judged, at once; a build that fails is
/// the submission's CE.
fn build_submissions(package: &Package, subs: &mut [Submission], threads: usize) {
    let (memory, compile) = (package.limits.memory_mib, package.limits.compilation);
    let includes = &package.includes;
    let built: Vec<Option<Result<Built>>> = Pool::new(threads).map(subs, |s| {
        let source = s.source.as_ref()?;
        (s.skipped.is_none() && s.compile_error.is_none())
            .then(|| program::build_within(source, includes, memory, compile))
    });
    for (s, b) in subs.iter_mut().zip(built) {
        match b {
            Some(Ok(b)) => s.built = Some(b),
            Some(Err(e)) => s.compile_error = Some(format!("{e:#}")),
            None => {}
        }
    }
}

/// Runs the input validators on every input (and on `invalid_input/`), and a
/// Polygon package's validators: what they found; what failed goes to `errors` too.
fn validate(
    package: &Package,
    threads: usize,
    errors: &mut Vec<PackageError>,
) -> Result<Vec<Validation>> {
    let mut lines = Vec::new();
    let mut built_validators = Vec::new();
    for source in &package.input_validators {
        // A validator that does not build is the package's error, reported
        // with the rest; the submissions are still judged.
        let built = match program::build_within(
            source,
            &package.includes,
            1024,
            package.limits.compilation,
        ) {
            Ok(b) => b,
            Err(e) => {
                let why = PackageError::NotBuilt {
                    what: "input validator",
                    path: source.path.display().to_string(),
                    why: format!("{e:#}"),
                };
                lines.push(Validation::Failed(why.clone()));
                errors.push(why);
                continue;
            }
        };
        let failures = validate_inputs(package, source, &built, threads);
        built_validators.push((source, built));
        if failures.is_empty() {
            lines.push(Validation::InputsAccepted {
                validator: source.name.clone(),
                language: source.lang.name().to_string(),
                inputs: inputs(package).len(),
            });
        }
        for rejection in failures {
            let why = PackageError::InputRejected {
                validator: source.name.clone(),
                rejection,
            };
            lines.push(Validation::Failed(why.clone()));
            errors.push(why);
        }
    }
    for why in invalid_inputs_accepted(package, &built_validators) {
        lines.push(Validation::Failed(why.clone()));
        errors.push(why);
    }
    let (more, failures) = check_outputs(package, threads);
    lines.extend(more);
    errors.extend(failures);
    if let Some(p) = &package.polygon {
        let (more, failures) = polygon_validate(p, &package.cases, threads)?;
        lines.extend(more);
        errors.extend(failures);
    }
    Ok(lines)
}

/// Phase 1: the submissions that bound the time limit from below
/// ([`timelimit::lower_bounds`]: accepted, wrong_answer, run_time_error, ...),
/// at the fixed limit or under a cap to compute it. Phase 2: every other one,
/// at the limit times the safety margin. The time limit and where it comes
/// from; a package with no lower bound is an error, a fixed limit under one a
/// warning (measured times vary with the machine's load).
fn judge_in_two_phases(
    package: &Package,
    subs: &mut [Submission],
    options: &VerifyOptions,
    errors: &mut Vec<PackageError>,
    warnings: &mut Vec<Warning>,
) -> Result<(Duration, TimeSource)> {
    let fixed = match options.time_limit {
        Some(t) => Some((t, TimeSource::CommandLine)),
        None => package.limits.time_limit.clone(),
    };
    let cap = fixed.as_ref().map_or(Duration::from_secs(30), |(t, _)| *t);
    // problemtools judges legacy and 2023-07 packages and lower-bounds the limit
    // with accepted/ only (checks/submissions.py: `policy.lower_bounds_time_limit`
    // is `directory == 'accepted'`); spec/2025-09.md "Timelimit inference" adds
    // wrong_answer/ and run_time_error/, as BAPCtools does.
    let legacy = package.format != Format::V2025;
    let (first, rest): (Vec<usize>, Vec<usize>) =
        (0..subs.len()).partition(|&i| !subs[i].lower_bounds(legacy).is_empty());
    if first.is_empty() && !subs.is_empty() {
        // spec/2025-09.md "Timelimit inference": "It is required that at least
        // one submission is used to lower bound the time limit."
        errors.push(PackageError::NoLowerBound);
    }
    judge_submissions(package, subs, &first, cap, cap, options.threads)?;
    // A CPython run standing in for PyPy bounds the limit only when nothing else does.
    let native = |&&i: &&usize| !subs[i].cpython_fallback;
    let bounding: Vec<usize> = if first
        .iter()
        .filter(native)
        .any(|&i| subs[i].built.is_some())
    {
        first.iter().filter(native).copied().collect()
    } else {
        first.clone()
    };
    let bound = bounding
        .iter()
        .filter_map(|&i| subs[i].slowest_bound(legacy).map(|(t, case)| (t, i, case)))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    let (time_limit, source) = match fixed {
        Some((limit, from)) => {
            if let Some((t, i, case)) = &bound
                && !legacy
                && t * package.limits.multiplier > limit.as_secs_f64()
            {
                warnings.push(Warning::OverFixedLimit {
                    submission: subs[*i].label.clone(),
                    time: *t,
                    case: case.clone(),
                    multiplier: package.limits.multiplier,
                    limit,
                });
            }
            (limit, from)
        }
        None => {
            // A measured CPU time: finite and never negative.
            let slowest = Duration::from_secs_f64(bound.map_or(0.0, |b| b.0));
            let limit = package.computed_limit(slowest);
            if first.iter().any(|&i| subs[i].built.is_some()) {
                judge_formats::package::save_verified_limit(&package.root, slowest, limit);
            }
            (limit, TimeSource::Verified { slowest })
        }
    };
    let high = time_limit.mul_f64(package.limits.safety_margin);
    judge_submissions(package, subs, &rest, time_limit, high, options.threads)?;
    Ok((time_limit, source))
}

/// Runs every Polygon validator on every input, as Polygon does: told the
/// testset and the test's group (`--testset tests --group G`, which testlib's
/// `validator.testset()` and `validator.group()` read, so a validator may hold
/// each group to its own constraints); one line per validator, and the `FAIL`
/// failures (also returned as errors) for what it rejected.
fn polygon_validate(
    p: &judge_formats::package::polygon::Polygon,
    cases: &[judge_formats::package::PackageCase],
    threads: usize,
) -> Result<(Vec<Validation>, Vec<PackageError>)> {
    let (mut lines, mut errors) = (Vec::new(), Vec::new());
    for v in &p.validators {
        // A validator in a language this machine cannot build is skipped, saying why.
        if let Some(why) = unbuildable(v.source.lang) {
            lines.push(Validation::PolygonSkipped {
                validator: v.describe(),
                why,
            });
            continue;
        }
        let built = v.build()?;
        let indexed: Vec<(usize, &judge_formats::package::PackageCase)> =
            cases.iter().enumerate().collect();
        let found = Pool::new(threads).map(&indexed, |&(i, c)| {
            let mut args = vec!["--testset".to_string(), p.testset.clone()];
            if let Some((Some(group), _)) = p.groups.get(i) {
                args.extend(["--group".to_string(), group.clone()]);
            }
            let why = match v.validate(&built, &c.case.input, &args) {
                Ok(None) => return None,
                Ok(Some(why)) => why,
                Err(e) => format!("{e:#}"),
            };
            Some((c.case.name.clone(), why))
        });
        let failures: Vec<(String, String)> = found.into_iter().flatten().collect();
        if failures.is_empty() {
            lines.push(Validation::PolygonAccepted {
                validator: v.describe(),
                inputs: cases.len(),
            });
        }
        for (test, why) in failures {
            let why = PackageError::TestRejected {
                validator: v.source.name.clone(),
                test,
                why,
            };
            lines.push(Validation::Failed(why.clone()));
            errors.push(why);
        }
    }
    Ok((lines, errors))
}

/// Why this machine cannot build a program in `lang`, if it cannot.
fn unbuildable(lang: Lang) -> Option<Skipped> {
    let tool = lang.missing_tool()?.to_string();
    Some(match lang {
        Lang::Unsupported(n) => Skipped::Unsupported {
            language: n.to_string(),
            tool,
        },
        l => Skipped::NotInstalled {
            language: l.name().to_string(),
            tool,
        },
    })
}

/// What a Polygon solution's tag asks for (Polygon's solution tags: `main` and
/// `accepted` are correct, `rejected` anything else, `failed` a crash); `None`
/// for a tag with no verdict (`do-not-run`, an unknown one).
fn polygon_expectation(tag: &str) -> Option<Expectation> {
    let any_of = match tag {
        "main" | "accepted" => return expect::folder("accepted"),
        "rejected" => return expect::folder("rejected"),
        // testlib's readers end a short or malformed output with `_pe` (and
        // `_unexpected_eof`, which exits as PE unless ENABLE_UNEXPECTED_EOF): a
        // wrong answer cut short is PE to the checker, and Codeforces shows PE as
        // WA. So a wrong-answer solution may get either.
        "wrong-answer" => vec![PackageVerdict::WA, PackageVerdict::PE],
        "presentation-error" => vec![PackageVerdict::PE],
        "time-limit-exceeded" => vec![PackageVerdict::TLE],
        "time-limit-exceeded-or-accepted" => vec![PackageVerdict::TLE, PackageVerdict::AC],
        "time-limit-exceeded-or-memory-limit-exceeded" => {
            vec![PackageVerdict::TLE, PackageVerdict::MLE]
        }
        "memory-limit-exceeded" => vec![PackageVerdict::MLE],
        "failed" => vec![PackageVerdict::RTE],
        _ => return None,
    };
    Some(Expectation {
        any_of,
        from: format!("tag {tag}"),
        ..Expectation::default()
    })
}

/// A Polygon package's solutions, each expected to get its tag's verdict,
/// labelled by its path in the package (`solutions/main.cpp`).
fn polygon_submissions(
    p: &judge_formats::package::polygon::Polygon,
    root: &Path,
) -> Vec<Submission> {
    let mut subs = Vec::new();
    for ((label, source), sol) in p.sources(root).into_iter().zip(&p.solutions) {
        let (source, compile_error) = match source {
            Ok(Some(s)) => (Some(s), None),
            Ok(None) => (None, None),
            Err(e) => (None, Some(format!("{e:#}"))),
        };
        let expect = polygon_expectation(&sol.tag);
        let skipped = match (&expect, &source) {
            (None, _) => Some(Skipped::NoVerdictTag(sol.tag.clone())),
            (_, None) if compile_error.is_none() => Some(Skipped::NoLanguage),
            (_, Some(s)) => unbuildable(s.lang),
            _ => None,
        };
        subs.push(Submission::found(
            label,
            source,
            expect,
            skipped,
            compile_error,
        ));
    }
    subs
}

/// DOMjudge's `submissions.json` (`{"submissions/accepted/x/": {"entry_point": "main.py"}}`).
fn domjudge_entry_points(root: &Path) -> Vec<(String, String)> {
    let Ok(text) = std::fs::read_to_string(root.join("submissions.json")) else {
        return Vec::new();
    };
    let Ok(serde_json::Value::Object(map)) = serde_json::from_str(&text) else {
        return Vec::new();
    };
    map.iter()
        .filter_map(|(k, v)| {
            let entry = v.get("entry_point")?.as_str()?;
            let key = k.trim_start_matches("submissions/").trim_end_matches('/');
            Some((key.to_string(), entry.to_string()))
        })
        .collect()
}

/// Every program under `submissions/<folder>/`, by folder then name, with what
/// it is expected to get.
fn collect_submissions(root: &Path, warnings: &mut Vec<Warning>) -> Result<Vec<Submission>> {
    let dir = root.join("submissions");
    let mut subs = Vec::new();
    if !dir.is_dir() {
        return Ok(subs);
    }
    let yaml = SubmissionsYaml::load(root)?;
    let entry_points = domjudge_entry_points(root);
    let list = |d: &Path| -> Result<Vec<PathBuf>> {
        let mut v: Vec<PathBuf> = std::fs::read_dir(d)
            .with_context(|| format!("cannot read {}", d.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                !p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
            })
            .collect();
        v.sort();
        Ok(v)
    };
    for folder in list(&dir)?.into_iter().filter(|p| p.is_dir()) {
        let name = file_name(&folder);
        for entry in list(&folder)? {
            let file = file_name(&entry);
            // spec/2025-09.md "General requirements": a name with other
            // characters is as if it were not there.
            if !judge_formats::program::valid_name(&file) {
                continue;
            }
            let lower = file.to_ascii_lowercase();
            if lower.starts_with("readme") || lower == "expected_result.txt" {
                continue;
            }
            let label = format!("{name}/{file}");
            let named_entry = yaml.entrypoint(&label).or_else(|| {
                entry_points
                    .iter()
                    .find(|(k, _)| *k == label)
                    .map(|(_, e)| e.clone())
            });
            let (source, compile_error) =
                match judge_formats::program::source_with_entry(&entry, named_entry.as_deref()) {
                    Ok(Some(s)) => (Some(s), None),
                    // A file of no known language beside submissions is not one
                    // (a note, a binary helper); a folder that cannot be built is CE.
                    Ok(None) => continue,
                    Err(e) => (None, Some(format!("{e:#}"))),
                };
            let files: Vec<PathBuf> = match &source {
                Some(s) => s.all_files.clone(),
                None if entry.is_dir() => walk(&entry),
                None => vec![entry.clone()],
            };
            let (expect, ignored) = expectation(&name, &label, &files, &yaml);
            warnings.extend(ignored);
            let (source, compile_error) = match source {
                Some(s) => with_included(root, s, named_entry.as_deref()),
                None => (None, compile_error),
            };
            let mut skipped = None;
            if expect.is_none() {
                skipped = Some(Skipped::NoExpectation {
                    folder: name.clone(),
                });
            } else if let Some(s) = &source {
                skipped = unbuildable(s.lang);
            }
            subs.push(Submission::found(
                label,
                source,
                expect,
                skipped,
                compile_error,
            ));
        }
    }
    Ok(subs)
}

/// The submission with the package's included files for its language
/// (`include/<language>/` or `include/default/`, [`judge_formats::package::include`]) copied
/// in; a copy that cannot be made is the submission's CE.
fn with_included(
    root: &Path,
    source: Source,
    named_entry: Option<&str>,
) -> (Option<Source>, Option<String>) {
    let Some(folder) = judge_formats::package::include::folder_for(root, source.lang) else {
        return (Some(source), None);
    };
    match judge_formats::package::include::with_included(&source, &folder, named_entry) {
        Ok(s) => (Some(s), None),
        Err(e) => (None, Some(format!("{e:#}"))),
    }
}

/// The verdict of one of the format's own folders, where a submission's
/// `@EXPECTED_RESULTS@` tag holding it does not widen it: DOMjudge keeps only
/// the folder's verdict of such a tag (`ImportProblemService`: "Annotated
/// results ... restricted to match directory"; a tag without it is kept, and
/// called an error) and BAPCtools ignores any tag there (`run.py`, after
/// DOMjudge/domjudge#1861).
fn folder_verdict(folder: &str) -> Option<PackageVerdict> {
    match folder {
        "accepted" => Some(PackageVerdict::AC),
        "wrong_answer" => Some(PackageVerdict::WA),
        "time_limit_exceeded" => Some(PackageVerdict::TLE),
        "run_time_error" => Some(PackageVerdict::RTE),
        _ => None,
    }
}

/// A submission's expectation: its tags, else its folder's, with
/// submissions.yaml on top; and a warning when its tag and folder differ.
fn expectation(
    folder: &str,
    label: &str,
    files: &[PathBuf],
    yaml: &SubmissionsYaml,
) -> (Option<Expectation>, Option<Warning>) {
    let (mut results, score) = expect::submission_tags(files);
    let mut warning = None;
    if let (Some(own), Some(tag)) = (folder_verdict(folder), results.clone()) {
        let kept = !tag.contains(&own);
        if !kept {
            results = None;
        }
        if tag.iter().any(|v| *v != own) {
            warning = Some(Warning::TagBesideFolder {
                submission: label.to_string(),
                tag,
                kept,
            });
        }
    }
    let mut e = match results {
        Some(any_of) => Some(Expectation {
            any_of,
            from: "@EXPECTED_RESULTS@ tag".into(),
            ..Expectation::default()
        }),
        None => expect::folder(folder),
    };
    if e.is_none() && (score.is_some() || folder == "partially_accepted") {
        e = Some(Expectation::default());
    }
    let mut e = e.unwrap_or_default();
    yaml.apply(label, &mut e);
    if let Some(s) = score {
        e.score = Some((s, s));
    }
    let says_something = !e.any_of.is_empty()
        || !e.rules.is_empty()
        || e.score.is_some()
        || e.manual
        || folder == "partially_accepted";
    (says_something.then_some(e), warning)
}

fn file_name(p: &Path) -> String {
    p.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .collect()
}

/// Judges the submissions `which` on every case with the CPU limit `run_limit`; a
/// case over `time_limit` counts as the submission's failure, and no later case of
/// that submission starts. Cases go round-robin over the submissions, so each
/// one's first cases run first and a failing one stops early.
fn judge_submissions(
    package: &Package,
    subs: &mut [Submission],
    which: &[usize],
    time_limit: Duration,
    run_limit: Duration,
    threads: usize,
) -> Result<()> {
    let settings = package.settings(run_limit)?;
    let limit = time_limit;
    // A submission stops at its first failure unless every case counts.
    let every_case: Vec<bool> = subs
        .iter()
        .map(|s| package.scoring || s.expect.as_ref().is_some_and(Expectation::needs_every_case))
        .collect();
    let mut jobs: Vec<(usize, usize, (Task, bool))> = Vec::new();
    for (c, case) in package.cases.iter().enumerate() {
        for &i in which {
            let Some(built) = subs[i].built.clone() else {
                continue;
            };
            // spec/2025-09.md "Input": the case's `args` are the submission's
            // command-line arguments.
            let args = case.args.clone();
            let job = Task {
                job: Job {
                    problem: package.name.clone(),
                    solution: subs[i].label.clone(),
                    case: case.case.clone(),
                    settings: &settings,
                },
                start: Box::new(move || {
                    let mut command = built.command();
                    command.args(&args);
                    command
                }),
            };
            jobs.push((i, c, (job, !every_case[i])));
        }
    }
    // A submission expected to fail runs one case at a time: it stops at its first
    // failure, so a second case in flight beside it (a TLE submission's, run to
    // the safety margin) would be time thrown away. Accepted ones run every case
    // anyway, in parallel.
    let serial: Vec<bool> = subs
        .iter()
        .zip(&every_case)
        .map(|(s, every)| !s.expects_accepted() && !every)
        .collect();
    // The build step: the checker's (and a testlib interactor's) programs, once
    // for every submission.
    let programs = judge_engine::programs::Programs::build(&settings);
    let results = schedule(&jobs, threads, &serial, |(job, stops)| {
        let r = judge_engine::case::judge_with(job, &programs);
        let failed = r.verdict != Verdict::AC || Duration::from_secs_f64(r.time) > limit;
        (r, failed && *stops)
    });
    for &i in which {
        subs[i].results = vec![None; package.cases.len()];
    }
    for ((i, c, _), r) in jobs.iter().zip(results) {
        subs[*i].results[*c] = r;
    }
    Ok(())
}

/// Runs `jobs` (submission, case index, job) on `threads` workers, in order but
/// skipping what is not needed: no case of a submission starts after one of its
/// earlier cases failed, and a `serial` submission has one case running at most.
/// `run` judges a job and says whether it failed. `None` for the jobs skipped.
fn schedule<J: Sync, R: Send>(
    jobs: &[(usize, usize, J)],
    threads: usize,
    serial: &[bool],
    run: impl Fn(&J) -> (R, bool) + Sync,
) -> Vec<Option<R>> {
    let subs = serial.len();
    let mut results: Vec<Option<R>> = jobs.iter().map(|_| None).collect();
    let rounds = Pool::new(threads).pinned().run(
        Rounds {
            at: jobs.iter().map(|(sub, case, _)| (*sub, *case)).collect(),
            serial,
            pending: (0..jobs.len()).collect(),
            running: vec![0; subs],
            failed_at: vec![usize::MAX; subs],
        },
        |_| (),
        |(), j| run(&jobs[j].2),
        |event| {
            if let Event::Finished(j, r) = event {
                results[j] = Some(r);
            }
            true
        },
    );
    // A case after the first failure may have finished before the failure was
    // known; it is not part of the verdict, so it is dropped too.
    for (j, (sub, case, _)) in jobs.iter().enumerate() {
        if *case > rounds.failed_at[*sub] {
            results[j] = None;
        }
    }
    results
}

/// verify's order of jobs: the pool's [`Queue`] for [`schedule`].
struct Rounds<'a> {
    /// (submission, case index) of each job.
    at: Vec<(usize, usize)>,
    /// Whether a submission runs one case at a time.
    serial: &'a [bool],
    /// Jobs not yet started (or skipped), in order.
    pending: Vec<usize>,
    /// Cases running per submission.
    running: Vec<usize>,
    /// The first failing case per submission.
    failed_at: Vec<usize>,
}

impl Queue for Rounds<'_> {
    fn next(&mut self) -> Next {
        // Drop what an earlier failure made pointless.
        let (at, failed_at) = (&self.at, &self.failed_at);
        self.pending.retain(|&j| failed_at[at[j].0] > at[j].1);
        if self.pending.is_empty() {
            return Next::Done;
        }
        let free = self.pending.iter().position(|&j| {
            let s = self.at[j].0;
            !self.serial[s] || self.running[s] == 0
        });
        let Some(p) = free else {
            return Next::Wait;
        };
        let j = self.pending.remove(p);
        self.running[self.at[j].0] += 1;
        Next::Run(j)
    }

    fn finished(&mut self, j: usize, failed: bool) {
        let (sub, case) = self.at[j];
        self.running[sub] -= 1;
        if failed {
            self.failed_at[sub] = self.failed_at[sub].min(case);
        }
    }
}

/// The verdict at `time_limit` of a case judged with a longer CPU limit: a run
/// over the limit is TLE whatever it printed or how it ended, as problemtools
/// decides (judge/execute.py: `if _is_TLE(status) or runtime > timelim`
/// before the exit status and the output are looked at); a judge error stays one.
fn verdict_at(r: &CaseResult, time_limit: Duration) -> Verdict {
    if r.time > time_limit.as_secs_f64() && !matches!(r.verdict, Verdict::ERR | Verdict::INT) {
        Verdict::TLE
    } else {
        r.verdict
    }
}

/// What the report says of one submission: its verdict (first failure at the
/// time limit, or CE), its score, and whether that meets its expectation.
/// A scoring problem's submission is scored by `scoring`, whose grader may
/// decide the verdict too (problemtools'). With it, a warning when the verdict
/// depends on the time limit where problemtools only warns of that.
fn report_of(
    package: &Package,
    s: &Submission,
    time_limit: Duration,
    scoring: Option<Dialect>,
) -> (SubmissionReport, Option<Warning>) {
    let expected = s
        .expect
        .as_ref()
        .map(Expectation::shown)
        .unwrap_or_default();
    let mut r = SubmissionReport {
        path: s.label.clone(),
        language: s.language().to_string(),
        expected,
        expected_score: s.expect.as_ref().and_then(|e| e.score).map(|(a, b)| [a, b]),
        verdict: None,
        score: None,
        matched: false,
        skipped: s.skipped.clone(),
        mismatch: None,
        cases: Vec::new(),
    };
    if s.skipped.is_some() {
        return (r, None);
    }
    let judged: Vec<&CaseResult> = s.results.iter().flatten().collect();
    r.cases = case_reports(&judged, time_limit);
    r.cases.extend(s.statics.iter().map(|st| CaseReport {
        name: st.name.clone(),
        verdict: st.verdict.into(),
        time: 0.0,
        memory: 0,
        score: None,
        passes: 1,
    }));
    let verdict = match overall_verdict(s, &judged, time_limit) {
        // The static validation test cases count after the data's.
        PackageVerdict::AC => s
            .statics
            .iter()
            .find(|st| st.verdict != Verdict::AC)
            .map_or(PackageVerdict::AC, |st| st.verdict.into()),
        other => other,
    };
    let mut verdict = verdict;
    let mut graded = None;
    if let Some(dialect) = scoring
        && s.compile_error.is_none()
    {
        let scored = judge_formats::package::scoring::score(
            package, &s.results, &s.statics, time_limit, dialect,
        );
        r.score = Some(scored.total);
        for c in &mut r.cases {
            c.score = scored.case(&c.name);
        }
        if let Some(v) = scored.verdict {
            verdict = v;
            graded = Some(scored.full);
        }
    }
    r.verdict = Some(verdict);
    let mut note = None;
    match check_expectation(package, s, &judged, &r, (verdict, graded), time_limit) {
        Ok(()) => {
            r.matched = true;
            if problemtools_package(package) {
                note = under_margin(package, s, &judged, time_limit).map(Sensitivity::UnderMargin);
            }
        }
        Err(why)
            if problemtools_package(package)
                && scoring.is_none()
                && meets_with_extra_time(package, s, &judged) =>
        {
            r.matched = true;
            note = Some(Sensitivity::ExtraTime {
                why,
                margin: package.limits.safety_margin,
            });
        }
        Err(why) => r.mismatch = Some(why),
    }
    (
        r,
        note.map(|how| Warning::Sensitive {
            submission: s.label.clone(),
            how,
        }),
    )
}

/// One case report per judged case, its verdict taken at the time limit (the
/// score is filled in later, for a scored package).
fn case_reports(judged: &[&CaseResult], time_limit: Duration) -> Vec<CaseReport> {
    judged
        .iter()
        .map(|c| CaseReport {
            name: c.case.clone(),
            verdict: verdict_at(c, time_limit).into(),
            time: c.time,
            memory: c.memory,
            score: None,
            passes: c.passes,
        })
        .collect()
}

/// The submission's verdict: CE, else its first failure at the time limit, else AC.
fn overall_verdict(s: &Submission, judged: &[&CaseResult], time_limit: Duration) -> PackageVerdict {
    if s.compile_error.is_some() {
        PackageVerdict::CE
    } else {
        judged
            .iter()
            .map(|c| verdict_at(c, time_limit))
            .find(|v| *v != Verdict::AC)
            .map_or(PackageVerdict::AC, PackageVerdict::from)
    }
}

/// Whether what was seen meets the submission's expectation, or why not: a judge
/// error, no expectation, a mismatch, or a TLE only under the safety margin.
fn check_expectation(
    package: &Package,
    s: &Submission,
    judged: &[&CaseResult],
    r: &SubmissionReport,
    (verdict, graded): (PackageVerdict, Option<Option<f64>>),
    time_limit: Duration,
) -> Result<(), Mismatch> {
    let messages: Vec<String> = judged
        .iter()
        .map(|c| {
            c.extra
                .iter()
                .filter_map(|e| match e {
                    Extra::JudgeMessage(text) => Some(text.as_str()),
                    _ => None,
                })
                .collect()
        })
        .chain(s.statics.iter().map(|st| st.message.clone()))
        .collect();
    // DOMjudge's NO-OUTPUT: the wrong answer that decides the verdict printed
    // nothing (see PackageVerdict::NoOutput).
    let silent = judged
        .iter()
        .find(|c| verdict_at(c, time_limit) != Verdict::AC)
        .is_some_and(|c| c.verdict == Verdict::WA && c.output_bytes == Some(0));
    let verdict = if verdict == PackageVerdict::WA && silent {
        PackageVerdict::NoOutput
    } else {
        verdict
    };
    let names = judged
        .iter()
        .map(|c| c.case.as_str())
        .chain(s.statics.iter().map(|st| st.name.as_str()));
    let seen = Observed {
        verdict,
        cases: names
            .zip(&r.cases)
            .zip(&messages)
            .map(|((name, rc), m)| (name, rc.verdict, m.as_str()))
            .collect(),
        score: r.score,
        graded,
        ole_is_rte: package.format == Format::V2025,
    };
    // A judge error is never a match, whatever was expected.
    let judge_error = judged
        .iter()
        .find(|c| matches!(c.verdict, Verdict::ERR | Verdict::INT))
        .map(|c| (c.case.as_str(), c.reason.as_ref(), c.detail.as_str()))
        .or_else(|| {
            s.statics
                .iter()
                .find(|st| st.verdict == Verdict::ERR)
                .map(|st| (st.name.as_str(), None, st.message.as_str()))
        });
    let checked = match (judge_error, &s.expect) {
        (Some((case, reason, why)), _) => Err(Mismatch::JudgeError {
            case: case.to_string(),
            reason: reason.cloned().map(Box::new),
            why: why.to_string(),
        }),
        (None, Some(e)) => expect::check(e, &seen).map_err(Mismatch::Expectation),
        (None, None) => Err(Mismatch::NoExpectation),
    };
    match (checked, problemtools_package(package)) {
        // problemtools only warns of that (checks/submissions.py: "sensitive to
        // time limit"), and report_of says so.
        (Ok(()), false) => under_margin(package, s, judged, time_limit)
            .map_or(Ok(()), |u| Err(Mismatch::UnderMargin(u))),
        (other, _) => other,
    }
}

/// Whether problemtools' `verifyproblem` is the package's own checker: a legacy
/// or 2023-07 package (2025-09 is BAPCtools', Polygon its own).
fn problemtools_package(package: &Package) -> bool {
    matches!(package.format, Format::Legacy | Format::V2023)
}

/// spec/2025-09.md "Timelimit inference": a submission that bounds the limit
/// from above must run past the limit x time_limit_to_tle on its rule's cases;
/// one that is only over the limit is "sensitive to the time limit"
/// (problemtools). Runs that crashed or answered say nothing of it. Why, if so.
fn under_margin(
    package: &Package,
    s: &Submission,
    judged: &[&CaseResult],
    time_limit: Duration,
) -> Option<UnderMargin> {
    let timed: Vec<timelimit::Timed> = judged
        .iter()
        .filter(|c| matches!(c.verdict, Verdict::AC | Verdict::TLE))
        .map(|c| (c.case.as_str(), c.verdict == Verdict::TLE, c.time))
        .collect();
    let upper = s
        .expect
        .as_ref()
        .map_or_else(Vec::new, timelimit::upper_bounds);
    let scope = timelimit::under_margin(&upper, &timed, time_limit)?;
    Some(UnderMargin {
        group: scope.map(|g| g.to_string()),
        limit: time_limit,
        high: time_limit.mul_f64(package.limits.safety_margin),
    })
}

/// problemtools' "OK with extra time" (checks/submissions.py
/// `_check_submission`): whether the submission meets its expectation with the
/// verdicts it got at the CPU limit it ran under (the time limit x safety margin
/// for all but the submissions setting the limit), where the verdicts at the
/// time limit do not.
fn meets_with_extra_time(package: &Package, s: &Submission, judged: &[&CaseResult]) -> bool {
    let Some(e) = &s.expect else {
        return false;
    };
    if s.compile_error.is_some() || !s.statics.is_empty() {
        return false;
    }
    let seen = Observed {
        verdict: judged
            .iter()
            .map(|c| c.verdict)
            .find(|v| *v != Verdict::AC)
            .map_or(PackageVerdict::AC, PackageVerdict::from),
        cases: judged
            .iter()
            .map(|c| (c.case.as_str(), c.verdict.into(), ""))
            .collect(),
        score: None,
        graded: None,
        ole_is_rte: package.format == Format::V2025,
    };
    expect::check(e, &seen).is_ok()
}

/// spec/2025-09.md "Invalid input": every `.in` under `data/invalid_input/` must
/// be rejected by at least one input validator (each given the case's
/// `input_validator_args`); the ones none rejects.
fn invalid_inputs_accepted(
    package: &Package,
    validators: &[(&Source, Built)],
) -> Vec<PackageError> {
    if validators.is_empty() {
        return Vec::new();
    }
    let limits = package.limits.validation;
    package
        .invalid_inputs
        .iter()
        .filter(|c| {
            validators.iter().all(|(source, built)| {
                let mut cmd = built.command();
                cmd.args(c.input_args(&source.name));
                run::run_writing(cmd, &c.case.input, &limits, FEEDBACK_FILES)
                    .is_ok_and(|o| o.exit == Exit::Code(42))
            })
        })
        .map(|c| PackageError::InvalidInputAccepted(c.case.name.clone()))
        .collect()
}

/// spec/2025-09.md "Static validator": runs the package's static validator on
/// every judged submission, once per static validation test case (its result
/// joins the submission's cases: [`judge_formats::package::static_validation`]). A validator
/// that does not build is a package error.
fn validate_statically(
    package: &Package,
    subs: &mut [Submission],
    threads: usize,
    errors: &mut Vec<PackageError>,
) {
    let Some(source) = &package.static_validator else {
        return;
    };
    if package.static_cases.is_empty() {
        return;
    }
    let built =
        match program::build_within(source, &package.includes, 1024, package.limits.compilation) {
            Ok(b) => b,
            Err(e) => {
                errors.push(PackageError::NotBuilt {
                    what: "static validator",
                    path: source.path.display().to_string(),
                    why: format!("{e:#}"),
                });
                return;
            }
        };
    let jobs: Vec<(
        usize,
        &judge_formats::package::static_validation::StaticCase,
    )> = subs
        .iter()
        .enumerate()
        .filter(|(_, s)| s.built.is_some() && s.skipped.is_none())
        .flat_map(|(i, _)| package.static_cases.iter().map(move |c| (i, c)))
        .collect();
    let results = Pool::new(threads).map(&jobs, |(i, case)| {
        let sub = subs[*i].source.as_ref()?;
        let code = judge_formats::package::include::code(sub.lang)
            .map_or_else(|| sub.lang.name().to_ascii_lowercase(), String::from);
        Some(judge_engine::package::static_validation::check(
            &built,
            sub,
            &code,
            case,
            &package.limits.validation,
        ))
    });
    for ((i, _), r) in jobs.iter().zip(results) {
        subs[*i].statics.extend(r);
    }
}

/// Every input the input validators check: the test data's, and those of
/// `invalid_output/` and `valid_output/` ("The input file `tc.in`, which must
/// contain valid input", spec/2025-09.md "Invalid output").
fn inputs(package: &Package) -> Vec<&judge_formats::package::PackageCase> {
    let extra = package.output_cases.iter().filter(|o| o.is_extra());
    package.cases.iter().chain(extra.map(|o| &o.case)).collect()
}

/// spec/2025-09.md "Invalid output" and "Valid output": each `tc.out` of
/// `invalid_output/` must fail output validation against `tc.ans`, each of
/// `valid_output/` pass it; and "Samples", Validation: a test case's `.out`
/// must pass too (not for interactive or multi-pass problems, whose output is
/// no file; `invalid_output/` and `valid_output/` are "for non-interactive
/// problems"). What it found, and the failures.
fn check_outputs(package: &Package, threads: usize) -> (Vec<Validation>, Vec<PackageError>) {
    let (mut lines, mut errors) = (Vec::new(), Vec::new());
    let (checked, unchecked): (Vec<&judge_formats::package::OutputCase>, Vec<_>) = package
        .output_cases
        .iter()
        .partition(|o| !package.interactive && (o.is_extra() || package.passes.is_none()));
    if !unchecked.is_empty() {
        lines.push(Validation::OutputsUnchecked {
            count: unchecked.len(),
            first: unchecked[0].case.case.name.clone(),
            interactive: package.interactive,
        });
    }
    if checked.is_empty() {
        return (lines, errors);
    }
    // Built once, before any output is checked; a compile error is each one's.
    let built = package.validator.build().map_err(|e| format!("{e:#}"));
    let found = Pool::new(threads).map(&checked, |o| output_failure(package, &built, o));
    for why in found.iter().flatten() {
        lines.push(Validation::Failed(why.clone()));
        errors.push(why.clone());
    }
    if errors.is_empty() {
        let valid = checked.iter().filter(|o| o.valid).count();
        lines.push(Validation::OutputsChecked {
            invalid: checked.len() - valid,
            valid,
        });
    }
    (lines, errors)
}

/// Why the output validator's word on `o` is not the one wanted, if it is not.
fn output_failure(
    package: &Package,
    built: &std::result::Result<Vec<Built>, String>,
    o: &judge_formats::package::OutputCase,
) -> Option<PackageError> {
    let case = o.case.case.name.clone();
    let read = |p: &Path| std::fs::read(p).with_context(|| format!("cannot read {}", p.display()));
    let outcome = read(&o.output).and_then(|output| {
        let answer = read(&o.case.case.output)?;
        let built = built.as_ref().map_err(|e| anyhow::anyhow!("{e}"))?;
        package
            .validator
            .check_with(built, &o.case.case.input, &output, &answer, &o.flags)
    });
    let found = match outcome {
        Err(e) => OutputFound::Failed(format!("{e:#}")),
        Ok(judge_model::outcome::Outcome::Accepted) if !o.valid => OutputFound::AcceptsInvalid,
        Ok(judge_model::outcome::Outcome::Accepted) => return None,
        Ok(_) if !o.valid => return None,
        Ok(rejected) => OutputFound::RejectsValid(first_line(&rejected)),
    };
    Some(PackageError::Output { case, found })
}

/// The first line of the validator's words on a rejection, if it said any.
fn first_line(outcome: &judge_model::outcome::Outcome) -> Option<String> {
    match outcome.rejection().map(|r| &r.why) {
        Some(judge_compare::Why::Program { message }) => {
            Some(message.lines().next().unwrap_or("").to_string())
        }
        _ => None,
    }
}

/// Runs an input validator on every `.in`; returns what it rejected.
fn validate_inputs(
    package: &Package,
    source: &Source,
    built: &Built,
    threads: usize,
) -> Vec<InputRejection> {
    // spec/2025-09.md "Limits": validation_time, validation_memory and
    // validation_output are an input validator's as an output validator's.
    // BAPCtools' input validation runs under the first two (`validate.py`: a
    // validator spinning 3 s at validation_time 1 is "timeout"); problemtools'
    // under neither (its `Program.run` defaults, 1000 s and 1024 MiB).
    let limits = package.limits.validation;
    let found = Pool::new(threads).map(&inputs(package), |c| {
        let mut cmd = built.command();
        cmd.args(c.input_args(&source.name));
        match run::run_writing(cmd, &c.case.input, &limits, FEEDBACK_FILES) {
            Ok(out) if out.exit == Exit::Code(42) => None,
            Ok(out) => {
                let mut msg = String::from_utf8_lossy(&out.stderr_tail).trim().to_string();
                if msg.is_empty() {
                    msg = String::from_utf8_lossy(&out.stdout).trim().to_string();
                }
                let exit = if out.wall_exceeded || out.cpu >= limits.time {
                    format!(
                        "out of time: validation_time {} s",
                        limits.time.as_secs_f64()
                    )
                } else {
                    out.exit.to_string()
                };
                Some(InputRejection::Rejected {
                    input: c.case.input.display().to_string(),
                    exit,
                    said: msg.lines().last().unwrap_or("").to_string(),
                })
            }
            Err(e) => Some(InputRejection::NotRun(format!("{e:#}"))),
        }
    });
    found.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn a_submission_stops_at_its_first_failure_and_a_serial_one_runs_one_case_at_a_time() {
        // Submission 0 (serial) fails on case 1 of 6; submission 1 (parallel) passes.
        let jobs: Vec<(usize, usize, (usize, usize))> = (0..6)
            .flat_map(|c| [(0, c, (0, c)), (1, c, (1, c))])
            .collect();
        let running = [AtomicUsize::new(0), AtomicUsize::new(0)];
        let most = AtomicUsize::new(0);
        let ran = AtomicUsize::new(0);
        let results = schedule(&jobs, 4, &[true, false], |&(sub, case)| {
            let now = running[sub].fetch_add(1, Ordering::SeqCst) + 1;
            if sub == 0 {
                most.fetch_max(now, Ordering::SeqCst);
                ran.fetch_add(1, Ordering::SeqCst);
            }
            std::thread::sleep(Duration::from_millis(20));
            running[sub].fetch_sub(1, Ordering::SeqCst);
            ((sub, case), sub == 0 && case == 1)
        });
        assert_eq!(most.load(Ordering::SeqCst), 1, "serial: one case at a time");
        assert_eq!(ran.load(Ordering::SeqCst), 2, "cases 0 and 1 only");
        let kept: Vec<_> = results.iter().flatten().filter(|(s, _)| *s == 0).collect();
        assert_eq!(kept, [&(0, 0), &(0, 1)]);
        assert_eq!(results.iter().flatten().filter(|(s, _)| *s == 1).count(), 6);
    }
}
