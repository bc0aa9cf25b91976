//! `cargo judge lint`: testdata hygiene, the way Kattis problem tools check it.
//!
//! Per file: CR characters, a missing final newline, trailing spaces or tabs,
//! bytes that are not UTF-8, empty files. Per folder: inputs with the same content,
//! `.in`/`.out` files without their partner, a `problem.toml` that does not load
//! (the judge would refuse the folder), and inputs the problem's optional
//! `src/bin/validate.rs` rejects (exit status not 0). A file whose name contains
//! `tolerated` deliberately tests a solution's tolerance (CRLF, blank lines, no
//! final newline): its hygiene findings are listed as tolerated, not as problems,
//! and it is not validated. Cases are found by `discover`; binaries built by `build`.

use judge_engine::ext::*;
use judge_formats::problem::SettingsExt as _;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};
use walkdir::WalkDir;

use judge_engine::build;
use judge_engine::plan;
use judge_engine::run;
use judge_formats::discover;
use judge_model::limits::Limits;
use judge_model::names::TOLERATED;
use judge_sandbox::{Exit, RunSpec};

use judge_report::lint::{Linted, Problem};

/// The hygiene findings of one file's bytes, each `(line or 0, problem)`.
pub fn file_findings(bytes: &[u8]) -> Vec<(usize, Problem)> {
    let mut found = Vec::new();
    if bytes.is_empty() {
        found.push((0, Problem::Empty));
        return found;
    }
    if let Err(e) = std::str::from_utf8(bytes) {
        let line = bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        found.push((
            line,
            Problem::NotUtf8 {
                byte: bytes[e.valid_up_to()],
                offset: e.valid_up_to(),
            },
        ));
    }
    let mut cr = None;
    let mut trailing = None;
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        if cr.is_none() && line.contains(&b'\r') {
            cr = Some(i + 1);
        }
        let body = line.strip_suffix(b"\r").unwrap_or(line);
        if trailing.is_none() && matches!(body.last(), Some(b' ' | b'\t')) {
            trailing = Some(i + 1);
        }
    }
    if let Some(l) = cr {
        found.push((l, Problem::CarriageReturn));
    }
    if let Some(l) = trailing {
        found.push((l, Problem::TrailingSpace));
    }
    if !bytes.ends_with(b"\n") {
        let lines = bytes.iter().filter(|&&b| b == b'\n').count() + 1;
        found.push((lines, Problem::NoFinalNewline));
    }
    found
}

/// One finding, its path absolute.
#[derive(Debug)]
struct Finding {
    path: PathBuf,
    line: usize,
    problem: Problem,
    tolerated: bool,
}

/// What `cargo judge lint` checks.
#[derive(Debug, Clone, Default)]
pub struct LintOptions {
    /// Testdata folders to check (when empty, the current problem's, else all).
    pub problems: Vec<String>,
}

/// `cargo judge lint [PROBLEM...]`: what it found.
pub fn lint(args: LintOptions) -> Result<Linted> {
    let ws = build::workspace()?;
    let (names, missing) = folders(&ws, &args)?;
    let mut lint = Lint {
        findings: Vec::new(),
        files: 0,
        validated: 0,
        not_written: Vec::new(),
        named: Vec::new(),
        testlib_validators: HashMap::new(),
    };
    // A problem crate without its testdata folder is a finding that names the
    // folder (`new` makes both; a deleted or misnamed one is the usual cause).
    for name in &missing {
        lint.findings.push(Finding {
            path: ws.testdata().join(name),
            line: 0,
            problem: Problem::NoTestdata {
                problem: name.clone(),
            },
            tolerated: false,
        });
    }
    let (exes, interactors) = lint.programs(&ws, &names)?;
    for name in &names {
        let validator = ws.problem(name).and_then(|p| {
            p.bins
                .iter()
                .find(|(_, stem)| stem == "validate")
                .and_then(|(target, _)| exes.get(&(name.clone(), target.clone())))
        });
        // The template's stub checks nothing: the inputs are unchecked, and said so.
        let validator = match validator {
            Some(v) if crate::stress::not_written(v)? => {
                lint.not_written.push(name.clone());
                None
            }
            v => v,
        };
        let folder = Folder {
            root: &ws.root,
            name,
            dir: ws.testdata().join(name),
            validator: validator.map(PathBuf::as_path),
            interactor: interactors.get(name.as_str()),
        };
        lint.folder(&folder)?;
    }
    Ok(lint.outcome(&ws.root, names.len() + missing.len()))
}

/// The testdata folders to lint: the ones named, or all (by name); and the
/// problem crates (named, or all) whose testdata folder is missing. Both from the
/// plan's one discovery, where a testdata folder counts whoever owns it.
fn folders(ws: &build::Workspace, args: &LintOptions) -> Result<(Vec<String>, Vec<String>)> {
    // In a problem's folder, that problem (as `cargo judge` there).
    let here: Vec<String> = ws.problem_here().into_iter().collect();
    let problems = if args.problems.is_empty() {
        &here
    } else {
        &args.problems
    };
    if problems.is_empty() {
        // Nothing to lint is not a clean bill: say the folder is missing.
        let testdata = ws.testdata();
        std::fs::read_dir(&testdata)
            .with_context(|| format!("cannot read {}", testdata.display()))?;
    }
    let selected = plan::select(ws, problems, plan::Takes::Folders)?;
    let mut present: Vec<String> = selected
        .iter()
        .filter(|n| n.has_testdata)
        .map(|n| n.name.clone())
        .collect();
    if problems.is_empty() {
        present.sort();
    }
    let missing = selected
        .into_iter()
        .filter(|n| n.has_crate && !n.has_testdata)
        .map(|n| n.name)
        .collect();
    Ok((present, missing))
}

/// What lint found so far, and what it looked at.
struct Lint {
    findings: Vec<Finding>,
    files: usize,
    validated: usize,
    /// Problems whose validator is the template's stub, not written yet.
    not_written: Vec<String>,
    /// The files problem.toml names (testlib sources and their testlib.h, a
    /// Kattis validator), canonical: not stray.
    named: Vec<PathBuf>,
    /// Each folder's testlib validator (`validator_source`), built.
    testlib_validators: HashMap<
        String,
        (
            std::sync::Arc<judge_model::testlib::Program>,
            judge_engine::package::program::Built,
        ),
    >,
}

/// One testdata folder and the programs that check it.
struct Folder<'a> {
    /// The workspace root, to name files relative to it.
    root: &'a Path,
    name: &'a str,
    dir: PathBuf,
    /// The problem's `NAME-validate`, built.
    validator: Option<&'a Path>,
    /// The interactor that replays `.interaction` samples.
    interactor: Option<&'a judge_model::problem::Interactor>,
}

impl Lint {
    fn error(&mut self, path: &Path, line: usize, problem: Problem) {
        self.findings.push(Finding {
            path: path.to_path_buf(),
            line,
            problem,
            tolerated: false,
        });
    }

    /// Builds what lint runs: each problem's validator and the interactors of
    /// interactive problems (which replay `.interaction` samples). A
    /// problem.toml that does not load is a finding: the judge would refuse it.
    fn programs<'n>(
        &mut self,
        ws: &build::Workspace,
        names: &'n [String],
    ) -> Result<(
        build::Executables,
        HashMap<&'n str, judge_model::problem::Interactor>,
    )> {
        let testdata = ws.testdata();
        let mut settings: HashMap<&str, judge_model::problem::Settings> = HashMap::new();
        for name in names {
            match judge_model::problem::Settings::load(&testdata.join(name)) {
                Ok(s) => {
                    let named = s.program_files();
                    self.named
                        .extend(named.iter().filter_map(|p| p.canonicalize().ok()));
                    if let Some(v) = &s.validator {
                        match v.build() {
                            Ok(built) => {
                                self.testlib_validators
                                    .insert(name.clone(), (std::sync::Arc::clone(v), built));
                            }
                            Err(e) => self.error(
                                &testdata.join(name).join(judge_model::problem::FILE_NAME),
                                0,
                                Problem::Settings(unwrapped(&e)),
                            ),
                        }
                    }
                    if s.interactor.is_some() {
                        settings.insert(name.as_str(), s);
                    }
                }
                Err(e) => self.error(
                    &testdata.join(name).join(judge_model::problem::FILE_NAME),
                    0,
                    Problem::Settings(unwrapped(&e)),
                ),
            }
        }
        let mut to_build: Vec<&str> = names
            .iter()
            .filter(|n| {
                ws.problem(n)
                    .is_some_and(|p| p.bins.iter().any(|(_, stem)| stem == "validate"))
            })
            .map(String::as_str)
            .collect();
        to_build.extend(
            settings
                .iter()
                .filter(|(n, s)| {
                    ws.problem(n).is_some()
                        && matches!(
                            s.interactor,
                            Some(judge_model::problem::Interactor::Binary(_))
                        )
                })
                .map(|(n, _)| *n),
        );
        to_build.sort();
        to_build.dedup();
        let exes = if to_build.is_empty() {
            build::Executables::new()
        } else {
            build::build(ws, &to_build)?
        };
        let mut interactors = HashMap::new();
        for (name, mut s) in settings {
            judge_engine::interact::resolve(&mut s, name, &exes)?;
            if let Some(i) = s.interactor {
                interactors.insert(name, i);
            }
        }
        Ok((exes, interactors))
    }

    /// Every file of one folder: strays, each case file's hygiene, inputs with the
    /// same content, validation, sample dialogues, and unpaired cases.
    fn folder(&mut self, f: &Folder) -> Result<()> {
        let all: Vec<PathBuf> = WalkDir::new(&f.dir)
            .into_iter()
            .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'))
            .filter_map(|e| e.ok())
            .filter(|e| e.file_type().is_file())
            .map(|e| e.into_path())
            .collect();
        let named = |p: &PathBuf| p.canonicalize().is_ok_and(|c| self.named.contains(&c));
        let strays: Vec<PathBuf> = all
            .iter()
            .filter(|p| is_stray(p) && !named(p))
            .cloned()
            .collect();
        for stray in &strays {
            self.error(stray, 0, Problem::Stray);
        }
        let mut paths: Vec<PathBuf> = all
            .into_iter()
            .filter(|p| {
                p.extension()
                    .is_some_and(|x| x == "in" || x == "out" || x == "interaction")
            })
            .collect();
        paths.sort_by(|a, b| discover::natural_cmp(&a.to_string_lossy(), &b.to_string_lossy()));
        let mut seen: HashMap<Vec<u8>, PathBuf> = HashMap::new();
        for path in &paths {
            self.files += 1;
            let bytes =
                std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
            let tolerated = path
                .file_name()
                .is_some_and(|name| name.to_string_lossy().contains(TOLERATED));
            for (line, problem) in file_findings(&bytes) {
                self.findings.push(Finding {
                    path: path.clone(),
                    line,
                    problem,
                    tolerated,
                });
            }
            if path.extension().is_some_and(|x| x == "interaction") {
                self.dialogue(f, path, &bytes)?;
            } else if path.extension().is_some_and(|x| x == "in") {
                if let Some(first) = seen.get(&bytes) {
                    let first = rel(f.root, first);
                    self.error(path, 0, Problem::SameInput { first });
                } else {
                    seen.insert(bytes, path.clone());
                }
                let testlib = self.testlib_validators.get(f.name).cloned();
                if let Some((v, built)) = testlib.filter(|_| !tolerated) {
                    self.validated += 1;
                    if let Some(why) = v.validate(&built, path, &[])? {
                        let validator = v.describe();
                        self.error(path, 0, Problem::TestlibRejected { why, validator });
                    }
                }
                if let Some(validator) = f.validator.filter(|_| !tolerated) {
                    self.validated += 1;
                    if let Some((exit, said)) = rejected(validator, path)? {
                        let problem = f.name.to_string();
                        self.error(
                            path,
                            0,
                            Problem::Rejected {
                                problem,
                                exit,
                                said,
                            },
                        );
                    }
                }
            }
        }
        for lonely in discover::cases(&f.dir)?.unpaired {
            let input = lonely.extension().is_some_and(|e| e == "in");
            self.error(&lonely, 0, Problem::Unpaired { input });
        }
        Ok(())
    }

    /// A sample dialogue (`NAME.interaction`): well formed, beside its case, and
    /// replayed against the folder's interactor.
    fn dialogue(&mut self, f: &Folder, path: &Path, bytes: &[u8]) -> Result<()> {
        let (input, answer) = (path.with_extension("in"), path.with_extension("out"));
        match judge_engine::interact::parse_interaction(&String::from_utf8_lossy(bytes)) {
            Err((line, why)) => self.error(path, line, Problem::Dialogue(why)),
            Ok(_) if !input.is_file() || !answer.is_file() => {
                self.error(path, 0, Problem::DialogueWithoutCase)
            }
            Ok(lines) => match f.interactor {
                Some(interactor) => {
                    if let Some(why) =
                        judge_engine::interact::replay(interactor, &input, &answer, &lines)?
                    {
                        self.error(path, 0, Problem::Dialogue(why));
                    }
                }
                None => self.error(path, 0, Problem::DialogueWithoutInteractor),
            },
        }
        Ok(())
    }

    /// What was found, paths relative to the workspace `root`.
    fn outcome(self, root: &Path, folders: usize) -> Linted {
        let findings = self
            .findings
            .into_iter()
            .map(|f| judge_report::lint::Finding {
                path: rel(root, &f.path),
                line: f.line,
                problem: f.problem,
                tolerated: f.tolerated,
            })
            .collect();
        Linted {
            findings,
            not_written: self.not_written,
            folders,
            files: self.files,
            validated: self.validated,
        }
    }
}

/// An error about a file, without its outermost context (`invalid PATH`), since
/// a finding names the file already: `line 2, column 1: unknown field ...`.
fn unwrapped(e: &anyhow::Error) -> String {
    let inner: Vec<String> = e.chain().skip(1).map(ToString::to_string).collect();
    if inner.is_empty() {
        e.to_string()
    } else {
        inner.join(": ")
    }
}

/// A file in a testdata folder that is neither a case file (`.in`, `.out`, and
/// `.ans` and `.interaction` as Kattis packages name answers and sample
/// dialogues), a script that makes inputs (`.py`, `.sh`), `problem.toml` nor a
/// README: most likely a misspelt case the judge silently ignores.
fn is_stray(path: &Path) -> bool {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let case = path.extension().is_some_and(|x| {
        ["in", "out", "ans", "interaction", "py", "sh"]
            .iter()
            .any(|known| x == *known)
    });
    let readme = name.to_ascii_lowercase().starts_with("readme");
    !(case || readme || name == judge_model::problem::FILE_NAME)
}

/// Runs the validator on `input`; when it does not exit 0, how it ended and the
/// first line it wrote on stderr.
fn rejected(validator: &Path, input: &Path) -> Result<Option<(String, String)>> {
    let limits = Limits {
        time: Duration::from_secs(10),
        memory: 1 << 30,
        output: 1 << 20,
    };
    let mut command = RunSpec::new(validator);
    command.env("RUST_BACKTRACE", "0");
    let out = run::run(command, input, &limits)?;
    if out.exit == Exit::Code(0) && !out.wall_exceeded {
        return Ok(None);
    }
    let stderr = String::from_utf8_lossy(&out.stderr_tail);
    let line = stderr
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .to_string();
    Ok(Some((out.exit.to_string(), line)))
}

fn rel(root: &Path, p: &Path) -> String {
    p.strip_prefix(root).unwrap_or(p).display().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The findings as lint says them (judge-report's words).
    fn messages(bytes: &[u8]) -> Vec<String> {
        file_findings(bytes)
            .into_iter()
            .map(|(l, p)| format!("{l}: {}", p.text()))
            .collect()
    }

    #[test]
    fn a_clean_file_has_no_findings() {
        assert!(messages(b"1 2\n3 4\n").is_empty());
    }

    #[test]
    fn each_hygiene_problem_is_named_with_its_line() {
        assert_eq!(messages(b""), ["0: empty file"]);
        assert_eq!(
            messages(b"1 2\r\n3 4\r\n"),
            ["1: CR character (CRLF line ends?)"]
        );
        assert_eq!(messages(b"1 2\n3 4 \n"), ["2: trailing space or tab"]);
        assert_eq!(
            messages(b"1 2\n3 4"),
            ["2: no newline at the end of the file"]
        );
        assert_eq!(
            messages(b"1\n\xff\n"),
            ["2: not UTF-8 (byte 0xff at offset 2)"]
        );
    }
}
