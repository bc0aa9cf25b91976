//! `cargo judge verify PACKAGE`: what problemtools' `verifyproblem` does for a
//! package's submissions, in parallel and with every build cached.
//!
//! Builds every program in `submissions/<folder>/` (and the validators) once, runs
//! the input validators on every `.in`, judges the accepted submissions first (at
//! the package's time limit, or under a generous cap to compute it as problemtools
//! does: slowest accepted case × `time_multiplier`, rounded up), then every other
//! submission at the limit × the safety margin, and compares each submission's
//! verdict, its first non-AC case in data order, with its folder's. A submission
//! stops at its first non-AC case, which is all problemtools' verdict needs.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use super::program::{self, Built, Lang, Source};
use super::{Package, TimeSource, fmt_secs};
use crate::judge::{self, CaseResult, Job, Verdict};
use crate::run::{self, Exit, Limits};
use crate::units::human_time;

/// What `verify` needs besides the package.
#[derive(Debug, Clone)]
pub struct VerifyOptions {
    /// Jobs at once.
    pub threads: usize,
    /// A fixed time limit that replaces the package's (like `--fixed_timelim`).
    pub time_limit: Option<f64>,
    /// Show every case's verdict of every submission.
    pub verbose: bool,
}

/// The verdict a submission folder asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// `accepted/`: AC on every case at the time limit.
    Accepted,
    /// `wrong_answer/`: the first failure is WA.
    WrongAnswer,
    /// `time_limit_exceeded/`: the first failure is TLE, even with the safety margin.
    TimeLimit,
    /// `run_time_error/`: the first failure is RE, or MLE (which the format counts
    /// as a run-time error).
    RunTime,
    /// `rejected/`, `brute_force/` (2023-07): anything but AC.
    Rejected,
    /// `partially_accepted/`: a score, which is not supported; judged, not checked.
    Partial,
    /// Polygon's `presentation-error`: the first failure is PE.
    Presentation,
    /// Polygon's `memory-limit-exceeded`: the first failure is MLE.
    MemoryLimit,
    /// Polygon's `time-limit-exceeded-or-accepted`: AC, or TLE.
    TimeLimitOrAccepted,
    /// Polygon's `time-limit-exceeded-or-memory-limit-exceeded`: TLE or MLE.
    TimeOrMemory,
}

impl Expect {
    fn of(folder: &str) -> Option<Expect> {
        Some(match folder {
            "accepted" => Expect::Accepted,
            "wrong_answer" => Expect::WrongAnswer,
            "time_limit_exceeded" => Expect::TimeLimit,
            "run_time_error" => Expect::RunTime,
            "rejected" | "brute_force" => Expect::Rejected,
            "partially_accepted" => Expect::Partial,
            _ => return None,
        })
    }

    /// The verdict a Polygon solution's tag asks for (Polygon's solution tags:
    /// `main` and `accepted` are correct, `rejected` anything else, `failed` a
    /// crash); `None` for a tag with no verdict (`do-not-run`, an unknown one).
    fn of_polygon_tag(tag: &str) -> Option<Expect> {
        Some(match tag {
            "main" | "accepted" => Expect::Accepted,
            "rejected" => Expect::Rejected,
            "wrong-answer" => Expect::WrongAnswer,
            "presentation-error" => Expect::Presentation,
            "time-limit-exceeded" => Expect::TimeLimit,
            "time-limit-exceeded-or-accepted" => Expect::TimeLimitOrAccepted,
            "time-limit-exceeded-or-memory-limit-exceeded" => Expect::TimeOrMemory,
            "memory-limit-exceeded" => Expect::MemoryLimit,
            "failed" => Expect::RunTime,
            _ => return None,
        })
    }

    fn label(self) -> &'static str {
        match self {
            Expect::Accepted => "AC",
            Expect::WrongAnswer => "WA",
            Expect::TimeLimit => "TLE",
            Expect::RunTime => "RE",
            Expect::Rejected => "not AC",
            Expect::Partial => "partial",
            Expect::Presentation => "PE",
            Expect::MemoryLimit => "MLE",
            Expect::TimeLimitOrAccepted => "TLE or AC",
            Expect::TimeOrMemory => "TLE or MLE",
        }
    }
}

/// One submission and what became of it.
struct Submission {
    /// `accepted/sol.cpp`.
    label: String,
    source: Source,
    expect: Expect,
    built: Option<Built>,
    /// Why it was not judged (no compiler) or could not be (compile error).
    skipped: Option<String>,
    compile_error: Option<String>,
    /// Results in data order (`None`: not run, after the first failure).
    results: Vec<Option<CaseResult>>,
}

/// The outcome of one submission, as the table shows it.
struct Row {
    label: String,
    lang: &'static str,
    expected: &'static str,
    got: String,
    slowest: String,
    ok: Option<bool>,
    detail: String,
}

/// Runs `verify` on the package at `dir` and prints the table. `Ok(true)` when every
/// judged submission got its folder's verdict and every input passed validation.
pub fn verify(dir: &Path, options: &VerifyOptions) -> Result<bool> {
    let started = Instant::now();
    let package = super::load(dir)?;
    for e in &package.errors {
        let _ = writeln!(std::io::stderr(), "error: {e}");
    }
    let mut subs = match &package.polygon {
        Some(p) => polygon_submissions(p, &package.root),
        None => collect_submissions(&package.root)?,
    };
    let (mut skipped_lines, mut all_ok) = (Vec::new(), package.errors.is_empty());
    subs.retain(|s| match &s.skipped {
        Some(why) => {
            skipped_lines.push(format!("skipped  {}: {why}", s.label));
            false
        }
        None => true,
    });

    // Build everything at once: submissions, the output validator, input validators.
    let memory = package.limits.memory_mib;
    let includes = package.includes.clone();
    let built: Vec<Result<Built>> = parallel_map(&subs, options.threads, |s| {
        program::build(&s.source, &includes, memory)
    });
    for (s, b) in subs.iter_mut().zip(built) {
        match b {
            Ok(b) => s.built = Some(b),
            Err(e) => s.compile_error = Some(format!("{e:#}")),
        }
    }
    package.validator.build()?;
    let input_validators: Vec<(Source, Result<Built>)> = package
        .input_validators
        .iter()
        .map(|v| (v.clone(), program::build(v, &includes, 1024)))
        .collect();
    let mut validator_lines = Vec::new();
    for (source, built) in &input_validators {
        let built = built.as_ref().map_err(|e| {
            anyhow::anyhow!(
                "cannot build input validator {}: {e:#}",
                source.path.display()
            )
        })?;
        let failures = validate_inputs(&package, source, built, options.threads);
        if failures.is_empty() {
            validator_lines.push(format!(
                "input validator {} ({}) accepts all {} inputs",
                source.name,
                source.lang.name(),
                package.cases.len()
            ));
        } else {
            all_ok = false;
            for f in failures {
                validator_lines.push(format!("FAIL input validator {}: {f}", source.name));
            }
        }
    }

    if let Some(p) = &package.polygon {
        let (lines, ok) = polygon_validate(p, &package.cases, options.threads)?;
        validator_lines.extend(lines);
        all_ok &= ok;
    }

    // Phase 1: accepted submissions decide the time limit unless it is fixed.
    let fixed = match options.time_limit {
        Some(t) => Some((t, TimeSource::CommandLine)),
        None => package.limits.time_limit.clone(),
    };
    let cap = fixed.as_ref().map_or(30.0, |(t, _)| *t);
    let (first, rest): (Vec<usize>, Vec<usize>) =
        (0..subs.len()).partition(|&i| subs[i].expect == Expect::Accepted);
    judge_submissions(&package, &mut subs, &first, cap, cap, options.threads)?;
    let (time_limit, source) = match fixed {
        Some(f) => f,
        None => {
            let slowest = first
                .iter()
                .flat_map(|&i| subs[i].results.iter().flatten())
                .filter(|r| r.verdict == Verdict::AC)
                .map(|r| r.time)
                .fold(0.0, f64::max);
            let limit = package.computed_limit(slowest);
            if first.iter().any(|&i| subs[i].built.is_some()) {
                super::save_verified_limit(&package.root, slowest, limit);
            }
            (limit, TimeSource::Verified { slowest })
        }
    };
    let high = time_limit * package.limits.safety_margin;
    // Phase 2: everything else, at the limit times the safety margin.
    judge_submissions(
        &package,
        &mut subs,
        &rest,
        time_limit,
        high,
        options.threads,
    )?;

    let mut out = String::new();
    let _ = writeln!(out, "{}", package.header(time_limit, &source));
    let _ = writeln!(
        out,
        "verify {}: {} submissions; TLE submissions must run past {} (the limit x safety margin {})",
        package.name,
        subs.len(),
        fmt_secs(high),
        package.limits.safety_margin
    );
    for line in &validator_lines {
        let _ = writeln!(out, "{line}");
    }
    let rows: Vec<Row> = subs.iter().map(|s| row(s, time_limit, high)).collect();
    out.push_str(&table(&rows));
    let mut matched = 0;
    let mut checked = 0;
    for r in &rows {
        if let Some(ok) = r.ok {
            checked += 1;
            if ok {
                matched += 1;
            } else {
                all_ok = false;
            }
        }
        if r.ok == Some(false) || (options.verbose && !r.detail.is_empty()) {
            let _ = writeln!(
                out,
                "\n{} ({} expected, got {}):",
                r.label, r.expected, r.got
            );
            for line in r.detail.lines().take(30) {
                let _ = writeln!(out, "    {line}");
            }
        }
    }
    if options.verbose {
        for s in &subs {
            for r in s.results.iter().flatten() {
                let _ = writeln!(
                    out,
                    "  {:<4} {} {} {}",
                    r.verdict.name(),
                    s.label,
                    r.case,
                    human_time(r.time)
                );
            }
        }
    }
    for line in &skipped_lines {
        let _ = writeln!(out, "{line}");
    }
    let unchecked = rows.len() - checked;
    let _ = writeln!(
        out,
        "\n{} {}: {matched}/{checked} submissions got their {}'s verdict{}{} in {:.1} s",
        if all_ok { "ok  " } else { "FAIL" },
        package.name,
        if package.polygon.is_some() {
            "tag"
        } else {
            "folder"
        },
        if skipped_lines.is_empty() {
            String::new()
        } else {
            format!(", {} skipped", skipped_lines.len())
        },
        if unchecked > 0 {
            format!(", {unchecked} not checked (scores not supported)")
        } else {
            String::new()
        },
        started.elapsed().as_secs_f64()
    );
    let mut stdout = anstream::stdout();
    use std::io::Write as _;
    stdout.write_all(out.as_bytes())?;
    stdout.flush()?;
    Ok(all_ok)
}

/// Runs every validator on every input: one line per validator, `FAIL` lines
/// for what it rejected; `Ok(false)` when any rejected.
fn polygon_validate(
    p: &super::polygon::Polygon,
    cases: &[super::PackageCase],
    threads: usize,
) -> Result<(Vec<String>, bool)> {
    let mut lines = Vec::new();
    let mut ok = true;
    for v in &p.validators {
        v.build()?;
        let found = parallel_map(cases, threads, |c| {
            let args: Vec<String> = Vec::new();
            match v.validate(&c.case.input, &args) {
                Ok(None) => None,
                Ok(Some(why)) => Some(format!("{}: {why}", c.case.name)),
                Err(e) => Some(format!("{}: {e:#}", c.case.name)),
            }
        });
        let failures: Vec<String> = found.into_iter().flatten().collect();
        if failures.is_empty() {
            lines.push(format!(
                "validator {} accepts all {} inputs",
                v.describe(),
                cases.len()
            ));
        } else {
            ok = false;
            for f in failures {
                lines.push(format!("FAIL validator {}: test {f}", v.source.name));
            }
        }
    }
    Ok((lines, ok))
}

/// A Polygon package's solutions, each expected to get its tag's verdict,
/// labelled by its path in the package (`solutions/main.cpp`).
fn polygon_submissions(p: &super::polygon::Polygon, root: &Path) -> Vec<Submission> {
    let mut subs = Vec::new();
    for ((label, source), sol) in p.sources(root).into_iter().zip(&p.solutions) {
        let source = match source {
            Ok(Some(s)) => s,
            Ok(None) => {
                subs.push(skipped(
                    label,
                    &sol.path,
                    "not a language this judge builds",
                ));
                continue;
            }
            Err(e) => {
                subs.push(skipped(label, &sol.path, &format!("{e:#}")));
                continue;
            }
        };
        let expect = Expect::of_polygon_tag(&sol.tag);
        let skip = match (expect, source.lang.missing_tool()) {
            (None, _) => Some(format!("tag \"{}\" asks for no verdict", sol.tag)),
            (_, Some(tool)) => Some(format!(
                "{} needs {tool}, which is not installed",
                source.lang.name()
            )),
            _ => None,
        };
        subs.push(Submission {
            label,
            source,
            expect: expect.unwrap_or(Expect::Rejected),
            built: None,
            skipped: skip,
            compile_error: None,
            results: Vec::new(),
        });
    }
    subs
}

/// Every program under `submissions/<folder>/`, by folder then name.
fn collect_submissions(root: &Path) -> Result<Vec<Submission>> {
    let dir = root.join("submissions");
    let mut subs = Vec::new();
    if !dir.is_dir() {
        return Ok(subs);
    }
    let mut folders: Vec<PathBuf> = std::fs::read_dir(&dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    folders.sort();
    for folder in folders {
        let name = folder
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let expect = Expect::of(&name);
        let mut entries: Vec<PathBuf> = std::fs::read_dir(&folder)
            .with_context(|| format!("cannot read {}", folder.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                !p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
            })
            .collect();
        entries.sort();
        for entry in entries {
            let file = entry
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let label = format!("{name}/{file}");
            if file.eq_ignore_ascii_case("readme.md") || file.eq_ignore_ascii_case("readme") {
                continue;
            }
            let source = match program::source(&entry) {
                Ok(Some(s)) => s,
                Ok(None) => {
                    subs.push(skipped(label, &entry, "not a language this judge builds"));
                    continue;
                }
                Err(e) => {
                    subs.push(skipped(label, &entry, &format!("{e:#}")));
                    continue;
                }
            };
            let mut sub = Submission {
                label,
                expect: expect.unwrap_or(Expect::Rejected),
                skipped: None,
                compile_error: None,
                built: None,
                results: Vec::new(),
                source,
            };
            if expect.is_none() {
                sub.skipped = Some(format!("unknown verdict folder submissions/{name}/"));
            } else if let Some(tool) = sub.source.lang.missing_tool() {
                sub.skipped = Some(format!(
                    "{} needs {tool}, which is not installed",
                    sub.source.lang.name()
                ));
            }
            subs.push(sub);
        }
    }
    Ok(subs)
}

fn skipped(label: String, path: &Path, why: &str) -> Submission {
    Submission {
        label,
        source: Source {
            path: path.to_path_buf(),
            name: String::new(),
            lang: Lang::C,
            files: Vec::new(),
            all_files: Vec::new(),
        },
        expect: Expect::Rejected,
        built: None,
        skipped: Some(why.to_string()),
        compile_error: None,
        results: Vec::new(),
    }
}

/// Judges the submissions `which` on every case with the CPU limit `run_limit`; a
/// case over `time_limit` counts as the submission's failure, and no later case of
/// that submission starts. Cases go round-robin over the submissions, so each
/// one's first cases run first and a failing one stops early.
fn judge_submissions(
    package: &Package,
    subs: &mut [Submission],
    which: &[usize],
    time_limit: f64,
    run_limit: f64,
    threads: usize,
) -> Result<()> {
    let settings = package.settings(run_limit)?;
    let mut java_settings = settings.clone();
    java_settings.memory_limit += program::JAVA_ADDRESS_SPACE;
    let limit = Duration::from_secs_f64(time_limit);
    let mut jobs: Vec<(usize, usize, Job)> = Vec::new();
    for (c, case) in package.cases.iter().enumerate() {
        for &i in which {
            let Some(built) = subs[i].built.clone() else {
                continue;
            };
            jobs.push((
                i,
                c,
                Job {
                    problem: package.name.clone(),
                    solution: subs[i].label.clone(),
                    command: Box::new(move || built.command()),
                    case: case.case.clone(),
                    settings: if subs[i].source.lang == Lang::Java {
                        &java_settings
                    } else {
                        &settings
                    },
                },
            ));
        }
    }
    // A submission expected to fail runs one case at a time: it stops at its first
    // failure, so a second case in flight beside it (a TLE submission's, run to
    // the safety margin) would be time thrown away. Accepted ones run every case
    // anyway, in parallel.
    let serial: Vec<bool> = subs.iter().map(|s| s.expect != Expect::Accepted).collect();
    let results = schedule(&jobs, threads, &serial, |job| {
        let r = judge::judge(job);
        let failed = r.verdict != Verdict::AC || Duration::from_secs_f64(r.time) > limit;
        (r, failed)
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
    struct State<R> {
        /// Jobs not yet started (or skipped), in order.
        pending: Vec<usize>,
        /// Cases running per submission.
        running: Vec<usize>,
        /// The first failing case per submission.
        failed_at: Vec<usize>,
        results: Vec<Option<R>>,
    }
    let subs = serial.len();
    let state = std::sync::Mutex::new(State {
        pending: (0..jobs.len()).collect(),
        running: vec![0; subs],
        failed_at: vec![usize::MAX; subs],
        results: (0..jobs.len()).map(|_| None).collect(),
    });
    let wake = std::sync::Condvar::new();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let mut st = state.lock().unwrap_or_else(|e| e.into_inner());
                    let picked = loop {
                        // Drop what an earlier failure made pointless.
                        let failed_at = st.failed_at.clone();
                        st.pending.retain(|&j| failed_at[jobs[j].0] > jobs[j].1);
                        if st.pending.is_empty() {
                            break None;
                        }
                        let free = st.pending.iter().position(|&j| {
                            let s = jobs[j].0;
                            !serial[s] || st.running[s] == 0
                        });
                        if let Some(at) = free {
                            break Some(st.pending.remove(at));
                        }
                        st = wake.wait(st).unwrap_or_else(|e| e.into_inner());
                    };
                    let Some(j) = picked else {
                        wake.notify_all();
                        return;
                    };
                    let (sub, case, job) = &jobs[j];
                    st.running[*sub] += 1;
                    drop(st);
                    let (result, failed) = run(job);
                    let mut st = state.lock().unwrap_or_else(|e| e.into_inner());
                    st.running[*sub] -= 1;
                    if failed {
                        st.failed_at[*sub] = st.failed_at[*sub].min(*case);
                    }
                    st.results[j] = Some(result);
                    drop(st);
                    wake.notify_all();
                }
            });
        }
    });
    let mut st = state.into_inner().unwrap_or_else(|e| e.into_inner());
    // A case after the first failure may have finished before the failure was
    // known; it is not part of the verdict, so it is dropped too.
    for (j, (sub, case, _)) in jobs.iter().enumerate() {
        if *case > st.failed_at[*sub] {
            st.results[j] = None;
        }
    }
    st.results
}

/// The verdict at `time_limit` of a case judged with a longer CPU limit.
fn verdict_at(r: &CaseResult, time_limit: f64) -> Verdict {
    if r.verdict == Verdict::AC && r.time > time_limit {
        Verdict::TLE
    } else {
        r.verdict
    }
}

fn row(s: &Submission, time_limit: f64, high: f64) -> Row {
    let mut row = Row {
        label: s.label.clone(),
        lang: s.source.lang.name(),
        expected: s.expect.label(),
        got: String::new(),
        slowest: String::new(),
        ok: None,
        detail: String::new(),
    };
    if let Some(e) = &s.compile_error {
        row.got = "CE".into();
        row.ok = Some(false);
        row.detail = e.clone();
        return row;
    }
    let judged: Vec<&CaseResult> = s.results.iter().flatten().collect();
    if let Some(slow) = judged.iter().max_by(|a, b| a.time.total_cmp(&b.time)) {
        row.slowest = format!("{} {}", human_time(slow.time), slow.case);
    }
    // A missing result before the first failure cannot happen (only later cases
    // are skipped), so the first non-AC judged case is the verdict.
    let failure = judged
        .iter()
        .find(|r| verdict_at(r, time_limit) != Verdict::AC);
    let got = failure.map_or(Verdict::AC, |r| verdict_at(r, time_limit));
    if matches!(got, Verdict::ERR | Verdict::INT) {
        row.got = got.name().into();
        row.ok = Some(false);
        row.detail = failure.map(|r| r.detail.clone()).unwrap_or_default();
        return row;
    }
    let within_margin = failure.is_some_and(|r| got == Verdict::TLE && r.verdict == Verdict::AC);
    row.got = match failure {
        Some(r) if within_margin => format!("TLE {} (under the margin)", r.case),
        Some(r) => format!("{} {}", got.name(), r.case),
        None => "AC".into(),
    };
    if let Some(r) = failure {
        row.detail = if within_margin {
            format!(
                "{} s CPU on {}: over the {} limit but not past the safety margin ({})",
                (r.time * 1000.0).round() / 1000.0,
                r.case,
                fmt_secs(time_limit),
                fmt_secs(high)
            )
        } else {
            let mut d = String::new();
            if let Some(crate::check::Rejection {
                why: crate::check::Why::Program { message },
                ..
            }) = &r.rejection
            {
                d.push_str(message);
                d.push('\n');
            }
            d.push_str(&crate::report::detail_text(r, false));
            d
        };
    }
    row.ok = match s.expect {
        Expect::Accepted => Some(got == Verdict::AC),
        Expect::WrongAnswer => Some(got == Verdict::WA),
        Expect::TimeLimit => Some(got == Verdict::TLE && !within_margin),
        Expect::RunTime => Some(matches!(got, Verdict::RE | Verdict::MLE)),
        Expect::Rejected => Some(got != Verdict::AC),
        Expect::Partial => None,
        Expect::Presentation => Some(got == Verdict::PE),
        Expect::MemoryLimit => Some(got == Verdict::MLE),
        Expect::TimeLimitOrAccepted => Some(got == Verdict::AC || got == Verdict::TLE),
        Expect::TimeOrMemory => Some(got == Verdict::TLE || got == Verdict::MLE),
    };
    row
}

fn table(rows: &[Row]) -> String {
    let w0 = rows
        .iter()
        .map(|r| r.label.len())
        .max()
        .unwrap_or(10)
        .max(10);
    let w3 = rows.iter().map(|r| r.got.len()).max().unwrap_or(3).max(3);
    let mut s = format!(
        "\n{:<w0$}  {:<8}  {:<8}  {:<w3$}  {:<30}  result\n",
        "submission", "language", "expected", "got", "slowest case"
    );
    for r in rows {
        let result = match r.ok {
            Some(true) => "ok",
            Some(false) => "MISMATCH",
            None => "not checked (scores not supported)",
        };
        let _ = writeln!(
            s,
            "{:<w0$}  {:<8}  {:<8}  {:<w3$}  {:<30}  {result}",
            r.label, r.lang, r.expected, r.got, r.slowest
        );
    }
    s
}

/// Runs an input validator on every `.in`; returns what it rejected.
fn validate_inputs(
    package: &Package,
    source: &Source,
    built: &Built,
    threads: usize,
) -> Vec<String> {
    let limits = Limits {
        time: Duration::from_secs(60),
        memory: 4 << 30,
        output: 1 << 20,
    };
    let found = parallel_map(&package.cases, threads, |c| {
        let mut cmd = built.command();
        cmd.args(&c.input_flags);
        match run::run(cmd, &c.case.input, &limits) {
            Ok(out) if out.exit == Exit::Code(42) => None,
            Ok(out) => {
                let how = match out.exit {
                    Exit::Code(code) => format!("exit {code}"),
                    Exit::Signal(s) => run::signal_name(s),
                };
                let mut msg = String::from_utf8_lossy(&out.stderr_tail).trim().to_string();
                if msg.is_empty() {
                    msg = String::from_utf8_lossy(&out.stdout).trim().to_string();
                }
                let msg = msg.lines().last().unwrap_or("").to_string();
                Some(format!(
                    "{} rejected ({how}, 42 accepts){}",
                    c.case.input.display(),
                    if msg.is_empty() {
                        String::new()
                    } else {
                        format!(": {msg}")
                    }
                ))
            }
            Err(e) => Some(format!("cannot run {}: {e:#}", source.name)),
        }
    });
    found.into_iter().flatten().collect()
}

/// `f` over `items` on `threads` workers; results in item order.
pub fn parallel_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let slots: Vec<std::sync::Mutex<Option<R>>> =
        items.iter().map(|_| std::sync::Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1).min(items.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(item) = items.get(i) else { break };
                    let r = f(item);
                    *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(r);
                }
            });
        }
    });
    slots
        .into_iter()
        .map(|s| {
            s.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .expect("every item was mapped")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

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
