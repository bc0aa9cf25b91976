//! Polygon packages: a folder with `problem.xml` at its root, read into the same
//! [`Package`] a Kattis package becomes, so `run`, `verify` and `import` judge it
//! with the one engine.
//!
//! problem.xml as Polygon writes it (a package's "Linux" or "Standard" zip):
//! `<judging><testset name="tests">` with `<time-limit>` (ms), `<memory-limit>`
//! (bytes), `<input-path-pattern>tests/%02d` and `<answer-path-pattern>tests/%02d.a`,
//! and one `<test>` per case (`method="manual|generated"`, `cmd="gen 1 2"`,
//! `sample="true"`, `group`, `points`); `<assets>` with the `<checker>`, the
//! `<interactor>`, the `<validators>` and the `<solutions>` (each `<solution
//! tag="main|accepted|rejected|wrong-answer|...">` with its `<source path>`);
//! `<files><executables>` with the generators. Checkers, interactors, validators
//! and generators are testlib programs ([`crate::testlib`]), compiled against the
//! package's `files/testlib.h` when they are C++; `<source type>` (`python.3`,
//! `java11`, ...) names their language in the one table ([`source_lang`]).
//!
//! Owns reading that file, and for a package whose tests are not in it (only
//! `<test cmd=...>` lines: Polygon's "Standard" package) what is to be made and
//! where ([`Fill`]): the engine makes it (its `package::polygon`) by
//! running its generators (a multi-test generator's `from-file` tests from one
//! run per command) and, for the answers, its `main` solution, into the build
//! cache; the package folder itself is never written. Groups and points are read and
//! shown; judging is pass/fail, each case on its own.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use roxmltree::Node;

use super::{Format, Package, PackageCase, PackageLimits};
use crate::{program, testlib};
use judge_model::case::Case;
use judge_model::package::{Made, PolygonChecker, PolygonSummary, TimeSource};
use judge_model::problem::{Checker, DEFAULT_CHECKER_TIME_LIMIT, DEFAULT_OUTPUT_LIMIT_MIB};
use judge_model::program::{LANGUAGES, Lang, Source};
use judge_model::testlib::{Program, Role};

/// The metadata file at a Polygon package's root.
pub const FILE_NAME: &str = "problem.xml";

/// Whether `dir` is a Polygon package (has a `problem.xml`).
pub fn is_polygon(dir: &Path) -> bool {
    dir.join(FILE_NAME).is_file()
}

/// What a Polygon package has beyond the [`Package`] model.
#[derive(Debug)]
pub struct Polygon {
    /// How outputs are checked: the testlib checker, or (a package that ships no
    /// checker source) the workspace checker its `std::` name stands for.
    pub checker: Checker,
    /// The checker problem.xml names, for the header.
    pub named_checker: PolygonChecker,
    /// The interactor of an interactive problem.
    pub interactor: Option<Arc<Program>>,
    /// The input validators.
    pub validators: Vec<Arc<Program>>,
    /// The solutions with their tags, in problem.xml's order.
    pub solutions: Vec<Solution>,
    /// Each case's group and points (`None` where problem.xml gives none).
    pub groups: Vec<(Option<String>, Option<f64>)>,
    /// The name of the testset judged (`tests`): a validator is told it.
    pub testset: String,
    /// What making the package's tests did, for the header (nothing, until the
    /// engine makes them).
    pub made: Made,
    /// The tests and answers the package does not ship, to be made before judging.
    pub fill: Fill,
}

/// The tests and answers a Polygon package does not ship, and how to make them:
/// each into [`Fill::out`], a folder of the build cache per package content (so
/// a second run finds them made).
#[derive(Debug, Clone, Default)]
pub struct Fill {
    /// `<files><executables>`: the generators, by name (`gen` for files/gen.cpp),
    /// with the language their `<source type>` names.
    pub generators: Vec<(String, PathBuf, Option<Lang>)>,
    /// The `main` solution, for answers.
    pub main: Option<Solution>,
    /// Whether the problem is interactive (its answers are empty).
    pub interactive: bool,
    /// The memory limit the solution runs with, in MiB.
    pub memory_mib: u64,
    /// Where the made tests go.
    pub out: PathBuf,
    /// What to make, test by test, in order.
    pub tests: Vec<Missing>,
}

/// What one test lacks.
#[derive(Debug, Clone)]
pub struct Missing {
    /// The test's number (from 1).
    pub n: usize,
    /// Its input: the package's file, or where the generator's goes.
    pub input: PathBuf,
    /// The `<test cmd>` line that makes the input, and the file a multi-test
    /// generator writes it to (`from-file`), when the package lacks it.
    pub generate: Option<(String, Option<String>)>,
    /// Where its answer goes, when the package lacks it.
    pub answer: Option<PathBuf>,
}

/// A solution of the package and its tag.
#[derive(Debug, Clone)]
pub struct Solution {
    /// The source file.
    pub path: PathBuf,
    /// Polygon's tag: `main`, `accepted`, `rejected`, `wrong-answer`, ...
    pub tag: String,
    /// The language its `<source type>` names (`python.2` for a `.py`), when the
    /// table knows it; else the file's ending decides.
    pub lang: Option<Lang>,
}

/// The children of `node` named `name`.
fn children<'a, 'i>(node: Node<'a, 'i>, name: &'a str) -> impl Iterator<Item = Node<'a, 'i>> {
    node.children().filter(move |c| c.has_tag_name(name))
}

fn child<'a, 'i>(node: Node<'a, 'i>, name: &str) -> Option<Node<'a, 'i>> {
    node.children().find(|c| c.has_tag_name(name))
}

/// The text of `node`'s child `name`, trimmed.
fn text<'a>(node: Node<'a, '_>, name: &str) -> Option<&'a str> {
    child(node, name).and_then(|c| c.text()).map(str::trim)
}

/// problem.xml's line of `node`, for messages.
fn line(doc: &roxmltree::Document, node: Node) -> u32 {
    doc.text_pos_at(node.range().start).row
}

/// The path of `<x><source path="..."/></x>`.
fn source_path<'a>(node: Node<'a, '_>) -> Option<&'a str> {
    child(node, "source").and_then(|s| s.attribute("path"))
}

/// The language `<x><source type="..."/></x>` names, when the judge's one
/// language table knows it ([`source_lang`]).
fn source_type(node: Node) -> Option<Lang> {
    child(node, "source")
        .and_then(|s| s.attribute("type"))
        .and_then(source_lang)
}

/// The language of Polygon's `<source type>` (`cpp.g++17`, `python.3`,
/// `python.pypy2`, `java11`, `kotlin`, `rust`, ...): its family, as the file
/// ending it is looked up by in the one table ([`LANGUAGES`]). `None` for a type
/// not read here; the file's ending decides then.
pub fn source_lang(kind: &str) -> Option<Lang> {
    let kind = kind.to_ascii_lowercase();
    // Two types no file ending names: Codeforces runs `python.pypy3` on PyPy,
    // and `perl.5` is Perl where a bare `.pl` reads as Prolog.
    if kind.starts_with("python.pypy3") {
        return Some(Lang::PyPy);
    }
    if kind.starts_with("perl") {
        return Some(Lang::Perl);
    }
    let families: &[(&str, &str)] = &[
        ("cpp", "cpp"),
        ("csharp", "cs"),
        ("c.", "c"),
        ("python.2", "py2"),
        ("python.pypy2", "py2"),
        ("python", "py"),
        ("java", "java"),
        ("kotlin", "kt"),
        ("rust", "rs"),
        ("go", "go"),
        ("js", "js"),
        ("ruby", "rb"),
        ("pascal", "pas"),
        ("haskell", "hs"),
    ];
    let (_, ext) = families
        .iter()
        .find(|(family, _)| kind.starts_with(family) || kind == family.trim_end_matches('.'))?;
    LANGUAGES
        .iter()
        .find(|row| row.extensions.contains(ext))
        .map(|row| row.lang)
}

/// A printf pattern of one number (`tests/%02d`) applied to `n`.
pub fn pattern(pattern: &str, n: usize) -> Result<String> {
    let Some(at) = pattern.find('%') else {
        bail!("path pattern \"{pattern}\" has no %d");
    };
    let rest = &pattern[at + 1..];
    let spec_len = rest
        .find('d')
        .with_context(|| format!("path pattern \"{pattern}\": only %d and %0Nd are read"))?;
    let spec = &rest[..spec_len];
    if !spec.chars().all(|c| c.is_ascii_digit()) {
        bail!("path pattern \"{pattern}\": only %d and %0Nd are read");
    }
    let width: usize = spec.trim_start_matches('0').parse().unwrap_or(0);
    let number = if spec.starts_with('0') {
        format!("{n:0width$}")
    } else {
        format!("{n:width$}")
    };
    Ok(format!(
        "{}{number}{}",
        &pattern[..at],
        &rest[spec_len + 1..]
    ))
}

/// Reads the Polygon package at `dir`.
pub fn load(dir: &Path) -> Result<Package> {
    let path = dir.join(FILE_NAME);
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let doc = roxmltree::Document::parse(&text).with_context(|| format!("{}", path.display()))?;
    read(dir, &doc).with_context(|| format!("{}", path.display()))
}

/// Refuses a `<judging>` whose solution reads or writes a named file: only
/// standard input and output are judged.
fn standard_io_only(doc: &roxmltree::Document, judging: Node) -> Result<()> {
    for (attr, what) in [
        ("input-file", "reads a file"),
        ("output-file", "writes a file"),
    ] {
        if let Some(f) = judging.attribute(attr)
            && !f.is_empty()
            && f != "stdin"
            && f != "stdout"
        {
            bail!(
                "line {}: the solution {what} ({attr}=\"{f}\"); only standard input and output are supported",
                line(doc, judging)
            );
        }
    }
    Ok(())
}

/// The testset judged: the one named `tests`, else the first.
fn main_testset<'a, 'i>(judging: Node<'a, 'i>) -> Result<Node<'a, 'i>> {
    let testsets: Vec<Node> = children(judging, "testset").collect();
    testsets
        .iter()
        .find(|t| t.attribute("name") == Some("tests"))
        .or(testsets.first())
        .copied()
        .context("no <testset> in <judging>")
}

fn read(dir: &Path, doc: &roxmltree::Document) -> Result<Package> {
    let problem = doc.root_element();
    if !problem.has_tag_name("problem") {
        bail!(
            "the root element is <{}>, not <problem>",
            problem.tag_name().name()
        );
    }
    let name = std::path::absolute(dir)
        .ok()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .or_else(|| problem.attribute("short-name").map(String::from))
        .unwrap_or_else(|| "package".into());
    let title = child(problem, "names").and_then(|names| {
        let all: Vec<Node> = children(names, "name").collect();
        all.iter()
            .find(|n| n.attribute("language") == Some("english"))
            .or(all.first())
            .and_then(|n| n.attribute("value"))
            .map(String::from)
    });
    let judging =
        child(problem, "judging").context("no <judging> element (the limits and the tests)")?;
    standard_io_only(doc, judging)?;
    let testset = main_testset(judging)?;
    let number = |name: &str| -> Result<Option<f64>> {
        match text(testset, name) {
            None => Ok(None),
            Some(t) => match t.parse::<f64>() {
                Ok(v) if v.is_finite() && v > 0.0 => Ok(Some(v)),
                _ => bail!(
                    "line {}: <{name}> must be a positive number, found \"{t}\"",
                    line(doc, child(testset, name).unwrap_or(testset))
                ),
            },
        }
    };
    let time_limit = match number("time-limit")? {
        Some(ms) => match Duration::try_from_secs_f64(ms / 1000.0) {
            Ok(t) => Some((t, TimeSource::ProblemXml)),
            Err(_) => bail!("problem.xml: time-limit {ms} ms is more than this judge can keep"),
        },
        None => None,
    };
    let memory_mib =
        number("memory-limit")?.map_or(256, |b| (b / f64::from(1 << 20)).ceil() as u64);
    let mut polygon = assets(doc, dir, problem)?;
    polygon.testset = testset.attribute("name").unwrap_or("tests").to_string();
    let (cases, errors) = tests(doc, dir, problem, testset, &mut polygon, memory_mib)?;
    let interactive = polygon.interactor.is_some();
    Ok(Package {
        root: dir.to_path_buf(),
        name,
        title,
        format: Format::Polygon,
        scoring: false,
        interactive,
        passes: None,
        limits: PackageLimits {
            time_limit,
            memory_mib,
            output_mib: DEFAULT_OUTPUT_LIMIT_MIB,
            multiplier: 2.0,
            // Polygon calls a solution TLE when it passes the limit, no margin.
            safety_margin: 1.0,
            resolution: Duration::from_millis(1),
            compilation: judge_model::limits::COMPILATION,
            validation: judge_model::limits::VALIDATION,
        },
        validator: Arc::new(judge_model::kattis::Kattis::new(
            Vec::new(),
            Vec::new(),
            Vec::new(),
            Vec::new(),
        )?),
        input_validators: Vec::new(),
        includes: Vec::new(),
        cases,
        output_cases: Vec::new(),
        invalid_inputs: Vec::new(),
        static_validator: None,
        static_cases: Vec::new(),
        errors,
        warnings: Vec::new(),
        data: dir.to_path_buf(),
        generated: false,
        polygon: Some(polygon),
    })
}

/// `<assets>`: the checker, interactor, validators and solutions.
fn assets(doc: &roxmltree::Document, dir: &Path, problem: Node) -> Result<Polygon> {
    let assets = child(problem, "assets");
    let interactor = match assets.and_then(|a| child(a, "interactor")) {
        Some(node) => {
            let rel = source_path(node).with_context(|| {
                format!(
                    "line {}: <interactor> without <source path>",
                    line(doc, node)
                )
            })?;
            Some(Arc::new(program(
                Role::Interactor,
                dir,
                rel,
                source_type(node),
            )?))
        }
        None => None,
    };
    let (checker, named_checker) = checker(doc, dir, assets)?;
    let validators = match assets.and_then(|a| child(a, "validators")) {
        Some(v) => children(v, "validator")
            .filter_map(|n| Some((source_path(n)?, source_type(n))))
            .map(|(rel, lang)| program(Role::Validator, dir, rel, lang).map(Arc::new))
            .collect::<Result<Vec<_>>>()?,
        None => Vec::new(),
    };
    let mut solutions = Vec::new();
    if let Some(s) = assets.and_then(|a| child(a, "solutions")) {
        for sol in children(s, "solution") {
            let Some(rel) = source_path(sol) else {
                continue;
            };
            solutions.push(Solution {
                path: dir.join(rel),
                tag: sol.attribute("tag").unwrap_or("").to_string(),
                lang: source_type(sol),
            });
        }
    }
    Ok(Polygon {
        checker,
        named_checker,
        interactor,
        validators,
        solutions,
        groups: Vec::new(),
        testset: String::new(),
        made: Made::default(),
        fill: Fill::default(),
    })
}

/// A testlib program of the package, `rel` from its root, in the language its
/// `<source type>` names (else its file ending's).
fn program(role: Role, dir: &Path, rel: &str, lang: Option<Lang>) -> Result<Program> {
    let limit = DEFAULT_CHECKER_TIME_LIMIT;
    let mut p = testlib::read(role, &dir.join(rel), dir, limit)?;
    if let Some(lang) = lang.filter(|l| !matches!(l, Lang::C | Lang::Cpp)) {
        p.source.lang = lang;
    }
    Ok(p)
}

/// The checker: `<assets><checker>`'s source (or `check.cpp` at the root, which
/// Polygon writes beside it), else the workspace checker a `std::` name means.
fn checker(
    doc: &roxmltree::Document,
    dir: &Path,
    assets: Option<Node>,
) -> Result<(Checker, PolygonChecker)> {
    let node = assets.and_then(|a| child(a, "checker"));
    let rel = node
        .and_then(source_path)
        .map(str::to_string)
        .or_else(|| dir.join("check.cpp").is_file().then(|| "check.cpp".into()));
    if let Some(rel) = rel {
        let p = program(Role::Checker, dir, &rel, node.and_then(source_type))?;
        return Ok((Checker::Testlib(Arc::new(p)), PolygonChecker::Testlib(rel)));
    }
    let name = node.and_then(|n| n.attribute("name")).unwrap_or("");
    // testlib's standard checkers that the workspace's own checkers match
    // (not lcmp, which compares line by line: read as tokens it would accept an
    // answer split over other lines, which it rejects; so it needs its source).
    let builtin = match name {
        "" | "std::wcmp.cpp" | "std::ncmp.cpp" => Checker::Tokens {
            case_sensitive: true,
        },
        "std::rcmp4.cpp" => float(1e-4),
        "std::rcmp6.cpp" => float(1e-6),
        "std::rcmp9.cpp" => float(1e-9),
        other => bail!(
            "line {}: the checker {other} has no source in the package (no <source path> and no check.cpp)",
            node.map_or(0, |n| line(doc, n))
        ),
    };
    let named = if name.is_empty() {
        PolygonChecker::Unnamed
    } else {
        PolygonChecker::Standard(name.to_string())
    };
    Ok((builtin, named))
}

fn float(tolerance: f64) -> Checker {
    Checker::Float {
        abs: tolerance,
        rel: tolerance,
    }
}

/// `<test-count>`, checked against what it counts: Polygon writes one `<test>`
/// per test, so a count that differs from the list is an error, as is one
/// beyond the files there are when there is no list (a count of 10^10 would
/// otherwise look for that many files).
fn test_count(
    doc: &roxmltree::Document,
    dir: &Path,
    testset: Node,
    list: &[Node],
    input_pattern: &str,
) -> Result<usize> {
    let Some(node) = child(testset, "test-count") else {
        return Ok(list.len());
    };
    let at = line(doc, node);
    let t = node.text().unwrap_or("").trim();
    let count = t
        .parse::<usize>()
        .with_context(|| format!("line {at}: <test-count> \"{t}\" is not a number"))?;
    if !list.is_empty() && count != list.len() {
        bail!(
            "line {at}: <test-count> is {count}, but <tests> lists {} tests",
            list.len()
        );
    }
    if list.is_empty() {
        let folder = dir.join(pattern(input_pattern, 1)?);
        let folder = folder.parent().unwrap_or(dir);
        let files = std::fs::read_dir(folder).map_or(0, |d| d.count());
        if count > files {
            bail!(
                "line {at}: <test-count> is {count}, but {} holds {files} files and no <tests> \
                 says how to make the rest",
                folder.display()
            );
        }
    }
    Ok(count)
}

/// The cases of the test set, with what is missing to be made ([`Polygon::fill`]).
fn tests(
    doc: &roxmltree::Document,
    dir: &Path,
    problem: Node,
    testset: Node,
    polygon: &mut Polygon,
    memory_mib: u64,
) -> Result<(Vec<PackageCase>, Vec<String>)> {
    let input_pattern = text(testset, "input-path-pattern").unwrap_or("tests/%02d");
    let answer_pattern = text(testset, "answer-path-pattern").unwrap_or("tests/%02d.a");
    let list: Vec<Node> = child(testset, "tests")
        .map(|t| children(t, "test").collect())
        .unwrap_or_default();
    let count = test_count(doc, dir, testset, &list, input_pattern)?;
    polygon.fill = Fill::new(dir, problem, polygon, memory_mib);
    let (mut cases, mut errors) = (Vec::new(), Vec::new());
    for n in 1..=count {
        let test = list.get(n - 1);
        let mut input = dir.join(pattern(input_pattern, n)?);
        let mut answer = dir.join(pattern(answer_pattern, n)?);
        let cmd = test.and_then(|t| t.attribute("cmd"));
        let mut generate = None;
        if !input.is_file() {
            match cmd {
                Some(cmd) if test.and_then(|t| t.attribute("method")) != Some("manual") => {
                    let from_file = test.and_then(|t| t.attribute("from-file"));
                    generate = Some((cmd.to_string(), from_file.map(String::from)));
                    input = polygon.fill.out.join(format!("{n:02}"));
                }
                _ => {
                    errors.push(format!("{}: no such test (a manual test)", input.display()));
                    continue;
                }
            }
        }
        let mut made_answer = None;
        if !answer.is_file() {
            answer = polygon.fill.out.join(format!("{n:02}.a"));
            made_answer = Some(answer.clone());
        }
        if generate.is_some() || made_answer.is_some() {
            polygon.fill.tests.push(Missing {
                n,
                input: input.clone(),
                generate,
                answer: made_answer,
            });
        }
        let at = test.map_or(0, |t| line(doc, *t));
        let points = match test.and_then(|t| t.attribute("points")) {
            Some(p) => Some(
                p.parse::<f64>()
                    .with_context(|| format!("line {at}: points=\"{p}\" is not a number"))?,
            ),
            None => None,
        };
        polygon.groups.push((
            test.and_then(|t| t.attribute("group")).map(String::from),
            points,
        ));
        let name = input
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_else(|| n.to_string());
        cases.push(PackageCase {
            case: Case {
                name,
                input,
                output: answer,
            },
            sample: test.and_then(|t| t.attribute("sample")) == Some("true"),
            input_flags: Vec::new(),
            input_flags_by_name: None,
            args: Vec::new(),
        });
    }
    if cases.is_empty() && errors.is_empty() {
        errors.push(format!("{}: the test set has no tests", dir.display()));
    }
    Ok((cases, errors))
}

impl Fill {
    /// What a package at `dir` would need to make its tests: its generators, its
    /// main solution, and the folder named by their content.
    fn new(dir: &Path, problem: Node, polygon: &Polygon, memory_mib: u64) -> Fill {
        let mut generators = Vec::new();
        if let Some(execs) = child(problem, "files").and_then(|f| child(f, "executables")) {
            for e in children(execs, "executable") {
                if let Some(rel) = source_path(e) {
                    let path = dir.join(rel);
                    if let Some(stem) = path.file_stem() {
                        let name = stem.to_string_lossy().into_owned();
                        generators.push((name, path, source_type(e)));
                    }
                }
            }
        }
        let main = polygon.solutions.iter().find(|s| s.tag == "main").cloned();
        // The folder is named by what the tests come from: problem.xml, the
        // generators and the main solution.
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        std::fs::read(dir.join(FILE_NAME))
            .unwrap_or_default()
            .hash(&mut h);
        for p in generators
            .iter()
            .map(|(_, p, _)| p)
            .chain(main.iter().map(|s| &s.path))
        {
            std::fs::read(p).unwrap_or_default().hash(&mut h);
        }
        let walk = walkdir::WalkDir::new(dir.join("files")).sort_by_file_name();
        for e in walk
            .into_iter()
            .flatten()
            .filter(|e| e.file_type().is_file())
        {
            std::fs::read(e.path()).unwrap_or_default().hash(&mut h);
        }
        Fill {
            generators,
            main,
            interactive: polygon.interactor.is_some(),
            memory_mib,
            out: program::cache_dir()
                .join("polygon-tests")
                .join(format!("{:016x}", h.finish())),
            tests: Vec::new(),
        }
    }
}

impl Polygon {
    /// What the header says of it: its checker, interactor, groups and what
    /// making its tests did (`judge_report::package` words it).
    pub fn summary(&self) -> PolygonSummary {
        PolygonSummary {
            checker: self.named_checker.clone(),
            interactor: self.interactor.clone(),
            groups: self.groups.clone(),
            made: self.made.clone(),
        }
    }

    /// The solutions as programs, each with its path from the package root.
    pub fn sources(&self, root: &Path) -> Vec<(String, Result<Option<Source>>)> {
        self.solutions
            .iter()
            .map(|s| {
                let label = s
                    .path
                    .strip_prefix(root)
                    .unwrap_or(&s.path)
                    .to_string_lossy()
                    .into_owned();
                (label, s.source())
            })
            .collect()
    }
}

impl Solution {
    /// The solution as a program, in the language its `<source type>` names when
    /// that differs from its ending's (a `.py` typed `python.2` is Python 2).
    pub fn source(&self) -> Result<Option<Source>> {
        let mut source = program::source(&self.path)?;
        if let (Some(s), Some(lang)) = (source.as_mut(), self.lang)
            && !matches!((s.lang, lang), (Lang::C | Lang::Cpp, Lang::C | Lang::Cpp))
        {
            s.lang = lang;
        }
        Ok(source)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn package(xml: &str, files: &[&str]) -> (tempfile::TempDir, Result<Package>) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(FILE_NAME), xml).unwrap();
        for f in files {
            let p = dir.path().join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "1\n").unwrap();
        }
        let p = super::super::load(dir.path(), &|_| true);
        (dir, p)
    }

    const XML: &str = r#"<problem short-name="p"><names><name language="russian" value="R"/>
        <name language="english" value="E"/></names>
        <judging input-file="" output-file=""><testset name="tests">
        <time-limit>2500</time-limit><memory-limit>67108864</memory-limit><test-count>2</test-count>
        <input-path-pattern>tests/%02d</input-path-pattern><answer-path-pattern>tests/%02d.a</answer-path-pattern>
        <tests><test method="manual" sample="true" group="0" points="0"/><test method="manual" group="1" points="5"/></tests>
        </testset></judging>
        <assets><checker name="std::rcmp6.cpp" type="testlib"/>
        <solutions><solution tag="main"><source path="solutions/a.cpp" type="cpp.g++17"/></solution>
        <solution tag="rejected"><source path="solutions/b.py" type="python.3"/></solution></solutions>
        </assets></problem>"#;

    #[test]
    fn problem_xml_gives_limits_tests_tags_and_a_std_checker_without_source() {
        let (_d, p) = package(XML, &["tests/01", "tests/01.a", "tests/02", "tests/02.a"]);
        let p = p.unwrap();
        assert_eq!(p.title.as_deref(), Some("E"));
        assert_eq!(
            p.limits.time_limit,
            Some((Duration::from_millis(2500), TimeSource::ProblemXml))
        );
        assert_eq!(p.limits.memory_mib, 64);
        let names: Vec<_> = p
            .cases
            .iter()
            .map(|c| (c.case.name.as_str(), c.sample))
            .collect();
        assert_eq!(names, [("01", true), ("02", false)]);
        let poly = p.polygon.unwrap();
        assert_eq!(poly.checker, float(1e-6));
        let tags: Vec<_> = poly.solutions.iter().map(|s| s.tag.as_str()).collect();
        assert_eq!(tags, ["main", "rejected"]);
        assert_eq!(poly.groups[1], (Some("1".into()), Some(5.0)));
    }

    #[test]
    fn a_standard_checker_no_checker_here_matches_needs_its_source() {
        let files = ["tests/01", "tests/01.a", "tests/02", "tests/02.a"];
        for name in ["std::lcmp.cpp", "std::yesno.cpp"] {
            let xml = XML.replace("std::rcmp6.cpp", name);
            let (_d, p) = package(&xml, &files);
            let err = format!("{:#}", p.unwrap_err());
            assert!(
                err.contains(&format!(
                    "line 8: the checker {name} has no source in the package"
                )),
                "{err}"
            );
        }
        let xml = XML.replace("std::rcmp6.cpp", "std::wcmp.cpp");
        let (_d, p) = package(&xml, &files);
        let tokens = Checker::Tokens {
            case_sensitive: true,
        };
        assert_eq!(p.unwrap().polygon.unwrap().checker, tokens);
    }

    #[test]
    fn a_test_count_other_than_what_it_counts_is_an_error_naming_its_line() {
        let files = ["tests/01", "tests/01.a", "tests/02", "tests/02.a"];
        let listless = XML.replace(
            r#"<tests><test method="manual" sample="true" group="0" points="0"/><test method="manual" group="1" points="5"/></tests>"#,
            "",
        );
        for (xml, says) in [
            (
                XML.replace("<test-count>2</test-count>", "<test-count>3</test-count>"),
                "line 4: <test-count> is 3, but <tests> lists 2 tests",
            ),
            // Without a list, the tests are files: 10^10 of them is an error
            // at once, not a search through that many names.
            (
                listless.replace(
                    "<test-count>2</test-count>",
                    "<test-count>10000000000</test-count>",
                ),
                "line 4: <test-count> is 10000000000, but ",
            ),
            (
                XML.replace("<test-count>2</test-count>", "<test-count>two</test-count>"),
                "line 4: <test-count> \"two\" is not a number",
            ),
        ] {
            let (_d, p) = package(&xml, &files);
            let err = format!("{:#}", p.unwrap_err());
            assert!(err.contains(says), "{err}");
        }
        let (_d, p) = package(&listless, &files);
        assert_eq!(p.unwrap().cases.len(), 2);
    }

    #[test]
    fn a_test_the_package_lacks_is_described_for_the_engine_to_make_not_made() {
        let xml = XML
            .replace("<test-count>2</test-count>", "<test-count>3</test-count>")
            .replace(
                r#"<test method="manual" group="1" points="5"/>"#,
                r#"<test method="generated" cmd="gen 5"/><test method="generated" cmd="multigen 3" from-file="2"/>"#,
            )
            .replace(
                "<assets>",
                r#"<files><executables><executable><source path="files/gen.cpp" type="cpp.g++17"/></executable>
                <executable><source path="files/multigen.py" type="python.3"/></executable></executables></files><assets>"#,
            );
        let files = ["tests/01", "tests/01.a", "tests/03.a", "files/gen.cpp"];
        let (d, p) = package(&xml, &files);
        let p = p.unwrap();
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        let poly = p.polygon.unwrap();
        let fill = &poly.fill;
        let out = &fill.out;
        let made: Vec<_> = fill
            .tests
            .iter()
            .map(|t| (t.n, t.input.clone(), t.generate.clone(), t.answer.clone()))
            .collect();
        assert_eq!(
            made,
            [
                (
                    2,
                    out.join("02"),
                    Some(("gen 5".to_string(), None)),
                    Some(out.join("02.a"))
                ),
                (
                    3,
                    out.join("03"),
                    Some(("multigen 3".to_string(), Some("2".to_string()))),
                    None
                ),
            ]
        );
        // The cases read from where the engine will put them.
        let paths: Vec<_> = p
            .cases
            .iter()
            .map(|c| (c.case.input.clone(), c.case.output.clone()))
            .collect();
        let root = d.path();
        assert_eq!(
            paths,
            [
                (root.join("tests/01"), root.join("tests/01.a")),
                (out.join("02"), out.join("02.a")),
                (out.join("03"), root.join("tests/03.a")),
            ]
        );
        let generators: Vec<_> = fill.generators.iter().map(|g| g.0.as_str()).collect();
        assert_eq!(generators, ["gen", "multigen"]);
        assert_eq!(fill.main.as_ref().map(|s| s.tag.as_str()), Some("main"));
        // Reading made nothing and says nothing was made.
        assert!(!out.join("02").exists() && poly.made == Made::default());
    }

    #[test]
    fn a_missing_manual_test_is_an_error_naming_it() {
        let (_d, p) = package(XML, &["tests/01", "tests/01.a"]);
        let p = p.unwrap();
        assert_eq!(p.cases.len(), 1);
        assert!(
            p.errors[0].contains("tests/02: no such test"),
            "{:?}",
            p.errors
        );
    }

    #[test]
    fn a_solution_reading_a_file_is_refused_naming_the_line() {
        let xml = XML.replace("input-file=\"\"", "input-file=\"in.txt\"");
        let (_d, p) = package(&xml, &[]);
        let err = format!("{:#}", p.unwrap_err());
        assert!(err.contains("line 3") && err.contains("in.txt"), "{err}");
    }

    #[test]
    fn a_source_type_names_its_language_in_the_one_table() {
        for (kind, lang) in [
            ("cpp.g++17", Some(Lang::Cpp)),
            ("cpp.gcc14-64-msys2-g++23", Some(Lang::Cpp)),
            ("c.gcc", Some(Lang::C)),
            ("python.3", Some(Lang::Python)),
            ("python.pypy3", Some(Lang::PyPy)),
            ("perl.5", Some(Lang::Perl)),
            ("python.2", Some(Lang::Python2)),
            ("python.pypy2", Some(Lang::Python2)),
            ("java11", Some(Lang::Java)),
            ("java8", Some(Lang::Java)),
            ("kotlin17", Some(Lang::Kotlin)),
            ("rust", Some(Lang::Rust)),
            ("csharp.mono", Some(Lang::Unsupported("C#"))),
            ("haskell.ghc", Some(Lang::Unsupported("Haskell"))),
            ("h.g++", None),
            ("", None),
        ] {
            assert_eq!(source_lang(kind), lang, "{kind}");
        }
    }

    #[test]
    fn a_solutions_source_type_decides_its_language_over_its_ending() {
        let dir = tempfile::tempdir().unwrap();
        let lang_of = |file: &str, kind: &str| {
            let path = dir.path().join(file);
            std::fs::write(&path, "print(1)\n").unwrap();
            let sol = Solution {
                path,
                tag: "main".into(),
                lang: source_lang(kind),
            };
            sol.source().unwrap().unwrap().lang
        };
        assert_eq!(lang_of("a.py", "python.2"), Lang::Python2);
        assert_eq!(lang_of("a.py", "python.3"), Lang::Python);
        assert_eq!(lang_of("b.py", "unknown"), Lang::Python);
        // C++ typed as C (or the reverse) is built by its ending.
        assert_eq!(lang_of("a.cpp", "c.gcc"), Lang::Cpp);
    }

    #[test]
    fn a_path_pattern_takes_the_test_number() {
        assert_eq!(pattern("tests/%02d", 3).unwrap(), "tests/03");
        assert_eq!(pattern("tests/%02d.a", 12).unwrap(), "tests/12.a");
        assert_eq!(pattern("tests/%d.in", 7).unwrap(), "tests/7.in");
        assert_eq!(pattern("t/%03d", 5).unwrap(), "t/005");
        assert!(pattern("tests/01", 1).is_err());
        assert!(pattern("tests/%s", 1).is_err());
    }
}
