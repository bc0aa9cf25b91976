//! Kattis / ICPC problem packages: a folder with `problem.yaml` at its root.
//!
//! Owns reading a package: `problem.yaml` (legacy and 2023-07 formats), the test
//! data (`data/sample/` then `data/secret/`, cases and nested groups in
//! lexicographical order: [`spec_order`], `.ans` as the expected output,
//! `testdata.yaml` flags per group), the output validator (`output_validators/`
//! or the 2023-07 `output_validator/`), input validators and submissions, and
//! the time limit (problem.yaml, a `.timelimit` file, the limit `verify`
//! computed, or the default, always said). A package becomes a judge
//! plan: cases in order, limits and a [`judge_model::kattis::Kattis`] checker.
//! `verify` judges its submissions, `import` turns it into a workspace problem.

pub mod constants;
pub mod expect;
pub mod generators;
pub mod include;
pub mod outputs;
pub mod polygon;
pub mod scoring;
pub mod static_validation;
pub mod system;
pub mod timelimit;
pub mod yaml;

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};

use crate::discover;
use crate::program::{self, CanBuild};
use judge_model::case::Case;
use judge_model::limits::{COMPILATION, Limits, VALIDATION};
use judge_model::package::{Checking, PackageWarning, Summary, TimeSource};
use judge_model::program::Source;
pub use outputs::OutputCase;
use yaml::{Node, Value};

/// The metadata file at a package's root.
pub const FILE_NAME: &str = "problem.yaml";

/// Whether `dir` is a problem package (has a `problem.yaml`, or a Polygon
/// `problem.xml`).
pub fn is_package(dir: &Path) -> bool {
    dir.join(FILE_NAME).is_file() || polygon::is_polygon(dir)
}

/// What `path`, a file where a package's folder belongs, is, when it is an
/// archive: packages travel as zip files (Polygon's and DOMjudge's downloads,
/// `bt zip`) or tarballs, and are read here unpacked. `None` for any other file.
pub fn archive_hint(path: &Path) -> Option<String> {
    use std::io::Read as _;
    let mut magic = [0u8; 4];
    let n = std::fs::File::open(path).ok()?.read(&mut magic).ok()?;
    let stem = path
        .file_stem()
        .map_or("DIR".into(), |s| s.to_string_lossy());
    let stem = stem.strip_suffix(".tar").unwrap_or(&stem);
    let (what, how) = match &magic[..n] {
        [b'P', b'K', 3, 4] => (
            "a zip archive",
            format!("unzip {} -d {stem}", path.display()),
        ),
        [0x1f, 0x8b, ..] => (
            "a gzip archive",
            format!("mkdir {stem} && tar xzf {} -C {stem}", path.display()),
        ),
        _ => return None,
    };
    Some(format!(
        "{} is {what}: unpack it first ({how}) and give the folder",
        path.display()
    ))
}

/// Which version of the format `problem.yaml` says it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `legacy` (or no `problem_format_version`): `output_validators/`,
    /// `validation:`, `validator_flags:`, `limits.time_multiplier`.
    Legacy,
    /// `2023-07-draft`: `output_validator/`, `type:`, `limits.time_limit`,
    /// `limits.time_multipliers`.
    V2023,
    /// A Polygon package (`problem.xml`, see [`polygon`]).
    Polygon,
    /// `2025-09` (spec/2025-09.md), the finished successor of 2023-07: the same
    /// layout, `test_group.yaml` (with `testdata.yaml` still read), one
    /// `output_validator/`, `submissions.yaml`.
    V2025,
}

impl Format {
    /// The name in JSON and headers: `legacy`, `2023-07`, `2025-09`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Legacy => "legacy",
            Format::V2023 => "2023-07",
            Format::V2025 => "2025-09",
            Format::Polygon => "polygon",
        }
    }
}

/// What a package declares about its limits (problem.yaml, `.timelimit`, the
/// time multipliers), from which the judge computes a run's `Limits`
/// ([`PackageLimits::limits`]). A type of its own because it is not yet a run's
/// limits: the time limit may be missing (then `verify` computes it from the
/// slowest run bounding it, × `multiplier`, rounded up to `resolution`), and the
/// multipliers say how verdicts near the limit are read, which no run carries.
#[derive(Debug, Clone, PartialEq)]
pub struct PackageLimits {
    /// A fixed time limit, if the package has one (problem.yaml or
    /// `.timelimit`), and where it comes from.
    pub time_limit: Option<(Duration, TimeSource)>,
    /// Memory in MiB.
    pub memory_mib: u64,
    /// Output in MiB.
    pub output_mib: u64,
    /// Slowest accepted run × this = the time limit (legacy `time_multiplier`,
    /// 2023-07 `time_multipliers.ac_to_time_limit`).
    pub multiplier: f64,
    /// Time limit × this = how long a TLE submission must run (legacy
    /// `time_safety_margin`, 2023-07 `time_multipliers.time_limit_to_tle`).
    pub safety_margin: f64,
    /// The computed limit is rounded up to a multiple of this.
    pub resolution: Duration,
    /// Each build step of the package's programs (`limits.compilation_time`
    /// and `compilation_memory`, in every format version;
    /// [`judge_model::limits::COMPILATION`] by default).
    pub compilation: Limits,
    /// Each run of a validator, input, output or static
    /// (`limits.validation_time`, `validation_memory` and `validation_output`,
    /// in every format version; [`judge_model::limits::VALIDATION`] by default).
    pub validation: Limits,
}

impl PackageLimits {
    /// The limits of a submission's runs at `time`: the package's memory and
    /// output.
    pub fn limits(&self, time: Duration) -> Limits {
        Limits {
            time,
            memory: self.memory_mib << 20,
            output: self.output_mib << 20,
        }
    }
}

/// `value` seconds (a limit the package declares) as a duration; `what` names it.
fn seconds(value: f64, what: &str) -> Result<Duration> {
    Duration::try_from_secs_f64(value)
        .map_err(|_| anyhow::anyhow!("{what} = {value:?} s is not a duration this judge can keep"))
}

/// One test case of a package, with the group it belongs to.
#[derive(Debug, Clone)]
pub struct PackageCase {
    /// The case: name `sample/1`, `secret/group1/03`.
    pub case: Case,
    /// Whether it is a sample.
    pub sample: bool,
    /// Flags for input validators (testdata.yaml's `input_validator_flags`).
    pub input_flags: Vec<String>,
    /// 2025-09 `input_validator_args` given as a map: arguments for the input
    /// validator of each name (others get none, nor `input_flags`).
    pub input_flags_by_name: Option<Vec<(String, Vec<String>)>>,
    /// 2025-09 `args` (test case configuration): the submission's command-line
    /// arguments on this case, from the case's `.yaml` or its groups'.
    pub args: Vec<String>,
}

impl PackageCase {
    /// The arguments for the input validator named `name`: its
    /// `input_validator_args`, then the case's `args` (spec/2025-09.md "Input
    /// validators", Invocation).
    pub fn input_args(&self, name: &str) -> Vec<String> {
        let own: &[String] = match &self.input_flags_by_name {
            Some(map) => map
                .iter()
                .find(|(n, _)| {
                    n == name || Path::new(name).file_stem().is_some_and(|s| s == n.as_str())
                })
                .map_or(&[], |(_, args)| args.as_slice()),
            None => &self.input_flags,
        };
        own.iter().chain(&self.args).cloned().collect()
    }
}

/// A problem package, read.
#[derive(Debug)]
pub struct Package {
    /// The package folder.
    pub root: PathBuf,
    /// Its short name (the folder's name).
    pub name: String,
    /// The title, if problem.yaml has one.
    pub title: Option<String>,
    /// The format version.
    pub format: Format,
    /// `type: scoring` (legacy) or `scoring` among 2023-07's types.
    pub scoring: bool,
    /// Interactive (`validation: custom interactive` or `type: interactive`).
    pub interactive: bool,
    /// Multi-pass: how many passes at most (2025-09 `type: multi-pass` with
    /// `limits.validation_passes`, default 2; legacy `validation: custom
    /// multi-pass`); `None` for a single pass.
    pub passes: Option<u32>,
    /// The limits.
    pub limits: PackageLimits,
    /// The output validator (default or custom).
    pub validator: std::sync::Arc<judge_model::kattis::Kattis>,
    /// Input validator programs.
    pub input_validators: Vec<Source>,
    /// Header folders for C/C++ programs (`include/` and friends).
    pub includes: Vec<PathBuf>,
    /// The cases, samples first, in data order.
    pub cases: Vec<PackageCase>,
    /// Outputs the output validator must accept or reject (`valid_output/`,
    /// `invalid_output/`, a test case's `.out`), which `verify` checks.
    pub output_cases: Vec<OutputCase>,
    /// The inputs of `data/invalid_input/`, which some input validator must
    /// reject, with their arguments.
    pub invalid_inputs: Vec<PackageCase>,
    /// The static validator (`static_validator/`), if there is one.
    pub static_validator: Option<Source>,
    /// The static validation test cases (`static_validation_score`).
    pub static_cases: Vec<static_validation::StaticCase>,
    /// Problems found while reading that do not stop judging (unpaired files).
    pub errors: Vec<String>,
    /// What the format calls wrong but judging need not stop for (an unknown
    /// key in a test case's `.yaml`): shown, never failing the package.
    pub warnings: Vec<PackageWarning>,
    /// The data/ folder the cases were read from: the package's own, or the
    /// one `cargo judge generate` made from generators/generators.yaml.
    pub data: PathBuf,
    /// Whether `data` was generated (the package commits only its samples).
    pub generated: bool,
    /// What a Polygon package has besides (its testlib checker, interactor,
    /// validators and tagged solutions); `None` for a Kattis package.
    pub polygon: Option<polygon::Polygon>,
}

/// problem.yaml keys read by this module; the format has many more (names,
/// credits, license, keywords) that the judge has no use for and ignores.
fn scalar<'a>(node: &'a Node, key: &str) -> Result<Option<&'a str>> {
    match node.get(key) {
        None => Ok(None),
        Some(n) if n.is_null() => Ok(None),
        Some(n) => match n.as_str() {
            Some(s) => Ok(Some(s)),
            None => bail!("line {}: {key} must be a single value", n.line),
        },
    }
}

fn number(node: &Node, key: &str, min_exclusive: f64) -> Result<Option<f64>> {
    let Some(text) = scalar(node, key)? else {
        return Ok(None);
    };
    let line = node.get(key).map_or(0, |n| n.line);
    match text.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > min_exclusive => Ok(Some(v)),
        _ => bail!("line {line}: {key} must be a number above {min_exclusive}, found \"{text}\""),
    }
}

/// Reads the package at `dir`: a Kattis package, or a Polygon one (a
/// `problem.xml` and no `problem.yaml`). `can_build` says which languages this
/// machine builds: it decides which submission answers generated data when
/// generators.yaml names none. A Polygon package's missing tests are not made
/// here ([`polygon::Polygon::fill`] says what they are).
pub fn load(dir: &Path, can_build: CanBuild) -> Result<Package> {
    if dir.is_file() {
        match archive_hint(dir) {
            Some(hint) => bail!("{hint}"),
            None => bail!("{} is a file, not a package's folder", dir.display()),
        }
    }
    let path = dir.join(FILE_NAME);
    if !path.is_file() && polygon::is_polygon(dir) {
        return polygon::load(dir);
    }
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let doc = yaml::parse(&text).with_context(|| format!("{}", path.display()))?;
    read(dir, &doc, can_build).with_context(|| format!("{}", path.display()))
}

fn read(dir: &Path, doc: &Node, can_build: CanBuild) -> Result<Package> {
    if !matches!(doc.value, Value::Map(_)) {
        bail!("line {}: expected a mapping of keys", doc.line);
    }
    let format = format_of(doc)?;
    let name = package_name(dir);
    let title = title_of(doc);
    let kind = problem_kind(doc)?;
    let mut warnings = Vec::new();
    let (limits, passes) = limits_of(dir, doc, format, kind.multipass, &mut warnings)?;
    let includes: Vec<PathBuf> = ["include", "include/c", "include/cpp"]
        .iter()
        .map(|d| dir.join(d))
        .filter(|d| d.is_dir())
        .collect();
    let (data_dir, generated) = data_folder(dir, doc, can_build)?;
    let mut data = test_data(dir, &data_dir, doc, format)?;
    let (static_validator, static_cases, static_errors) =
        static_validation::read(dir, &data_dir, kind.scoring)?;
    data.errors.extend(static_errors);
    let programs = output_validator_programs(dir, format, &kind)?;
    let constants = constants::read(doc)?;
    let programs = constants::apply_all(programs, &constants)?;
    // The default validator's flags from problem.yaml: a bad one names its line.
    if programs.is_empty()
        && let Some(n) = doc.get("validator_flags")
    {
        judge_model::kattis::Flags::parse(&data.base_flags)
            .with_context(|| format!("line {}: validator_flags", n.line))?;
    }
    let mut validator = judge_model::kattis::Kattis::new(
        programs,
        data.base_flags,
        data.group_output_flags,
        includes.clone(),
    )?;
    if matches!(format, Format::V2023 | Format::V2025) {
        validator.follow_decimal_spec()?;
    }
    validator.limits = limits.validation;
    validator.compilation = limits.compilation;
    let input_validators = input_validators(dir, &constants, &mut warnings)?;
    Ok(Package {
        root: dir.to_path_buf(),
        name,
        title,
        format,
        scoring: kind.scoring,
        interactive: kind.interactive,
        passes,
        limits,
        validator: std::sync::Arc::new(validator),
        input_validators,
        includes,
        cases: data.cases,
        output_cases: data.output_cases,
        invalid_inputs: data.invalid_inputs,
        static_validator,
        static_cases,
        errors: data.errors,
        warnings: warnings.into_iter().chain(data.warnings).collect(),
        data: data_dir,
        generated,
        polygon: None,
    })
}

/// Whether the package at `dir` makes its data with generators/generators.yaml
/// and has none beyond the samples: contest repositories prepared with
/// BAPCtools commit only those, and `bt generate` makes the rest.
pub fn needs_generation(dir: &Path) -> bool {
    let has_cases = |d: &Path| {
        walkdir::WalkDir::new(d)
            .into_iter()
            .flatten()
            .any(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "in"))
    };
    dir.join(generators::FILE).is_file() && !has_cases(&dir.join("data").join("secret"))
}

/// The data/ folder to read: the package's own, or, when it
/// [`needs_generation`], the one generated from it (an error naming the
/// command when it has not been generated yet).
fn data_folder(dir: &Path, doc: &Node, can_build: CanBuild) -> Result<(PathBuf, bool)> {
    if !needs_generation(dir) {
        return Ok((dir.join("data"), false));
    }
    let rules = generators::read(dir, doc)?.context("generators.yaml vanished")?;
    let data = generators::location::folder(dir, &rules, can_build)?.join("data");
    if !data.is_dir() {
        bail!(
            "{}: its test data is made by {} and has not been made yet: `cargo judge generate {}` makes it",
            dir.display(),
            generators::FILE,
            dir.display()
        );
    }
    Ok((data, true))
}

/// The package format `problem_format_version` names (legacy when absent).
fn format_of(doc: &Node) -> Result<Format> {
    Ok(match scalar(doc, "problem_format_version")? {
        None | Some("legacy" | "legacy-icpc") => Format::Legacy,
        Some(v) if v.starts_with("2023-07") => Format::V2023,
        // spec/2025-09.md "Problem format version": `2025-09`, or a later draft
        // (`draft`, `2025-09-draft`) read the same way.
        Some(v) if v.starts_with("2025-09") || v == "draft" => Format::V2025,
        Some(other) => bail!(
            "problem_format_version \"{other}\" is not one this judge reads (legacy, 2023-07-draft, 2025-09)"
        ),
    })
}

/// The package's short name: its folder's name.
fn package_name(dir: &Path) -> String {
    std::path::absolute(dir)
        .ok()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "package".into())
}

/// The problem's title: `name`, a string or (2023-07) a map by language, English first.
fn title_of(doc: &Node) -> Option<String> {
    match doc.get("name") {
        Some(n) => match &n.value {
            Value::Scalar(s) => Some(s.clone()),
            Value::Map(m) => m
                .iter()
                .find(|(k, _)| k == "en")
                .or(m.first())
                .and_then(|(_, v)| v.as_str().map(String::from)),
            _ => None,
        },
        None => None,
    }
}

/// What kind of problem this is and how its output is validated.
struct Kind {
    custom_validation: bool,
    interactive: bool,
    scoring: bool,
    multipass: bool,
}

/// The problem type: legacy `type` + `validation`; 2023-07 `type` (one or a list).
fn problem_kind(doc: &Node) -> Result<Kind> {
    let mut types: Vec<String> = Vec::new();
    if let Some(t) = doc.get("type") {
        match &t.value {
            Value::Scalar(s) => types.extend(s.split_whitespace().map(String::from)),
            Value::Seq(items) => {
                for i in items {
                    types.push(
                        i.as_str()
                            .with_context(|| format!("line {}: type must be words", i.line))?
                            .to_string(),
                    );
                }
            }
            Value::Null => {}
            Value::Map(_) => bail!("line {}: type must be a word or a list", t.line),
        }
    }
    for t in &types {
        if ![
            "pass-fail",
            "scoring",
            "interactive",
            "multi-pass",
            "submit-answer",
        ]
        .contains(&t.as_str())
        {
            bail!("unknown problem type \"{t}\"");
        }
    }
    if types.iter().any(|t| t == "submit-answer") {
        bail!("submit-answer problems are not supported");
    }
    let validation = scalar(doc, "validation")?.unwrap_or("default");
    let words: Vec<&str> = validation.split_whitespace().collect();
    let custom_validation = match words.first() {
        Some(&"default") | None => false,
        Some(&"custom") => true,
        Some(other) => bail!("validation \"{other}\": expected default or custom"),
    };
    let interactive =
        types.iter().any(|t| t == "interactive") || words[1..].contains(&"interactive");
    let scoring = types.iter().any(|t| t == "scoring") || words[1..].contains(&"score");
    let multipass = types.iter().any(|t| t == "multi-pass") || words[1..].contains(&"multi-pass");
    Ok(Kind {
        custom_validation,
        interactive,
        scoring,
        multipass,
    })
}

/// The limits (time from problem.yaml or `.timelimit`, multipliers, memory, output),
/// and the validation passes of a multi-pass problem; what is doubtful goes to
/// `warnings`.
fn limits_of(
    dir: &Path,
    doc: &Node,
    format: Format,
    multipass: bool,
    warnings: &mut Vec<PackageWarning>,
) -> Result<(PackageLimits, Option<u32>)> {
    let legacy = format == Format::Legacy;
    let empty = Node {
        value: Value::Map(Vec::new()),
        line: 0,
    };
    let limits_node = doc.get("limits").filter(|n| !n.is_null()).unwrap_or(&empty);
    let multipliers = limits_node
        .get("time_multipliers")
        .filter(|n| !n.is_null())
        .unwrap_or(&empty);
    // A list or a word where the keys belong would read as no limits at all.
    for (key, node) in [("limits", limits_node), ("time_multipliers", multipliers)] {
        if !matches!(node.value, Value::Map(_)) {
            bail!("line {}: {key} must be a mapping of keys", node.line);
        }
    }
    // spec/legacy.md "Limits" has no time_limit (the time limit is the judge's,
    // from time_multiplier and time_safety_margin). The two tools disagree on a
    // legacy problem.yaml that has one: problemtools' verifyproblem refuses it
    // ("limits.time_limit Unexpected keyword argument"), DOMjudge's import
    // (ImportProblemService::parseYaml) sets the problem's time limit from it in
    // any format. A package is verified to be imported somewhere, and refusing
    // would stop a DOMjudge package its own system takes: used, with a warning.
    if let Some(n) = limits_node.get("time_limit").filter(|_| legacy) {
        warnings.push(PackageWarning::LegacyTimeLimit { line: n.line });
    }
    let mut time_limit = match number(limits_node, "time_limit", 0.0)? {
        Some(t) => Some((seconds(t, "limits.time_limit")?, TimeSource::ProblemYaml)),
        None => None,
    };
    if time_limit.is_none()
        && let Some(t) = domjudge_timelimit(dir)?
    {
        time_limit = Some((seconds(t, "timelimit")?, TimeSource::DomjudgeIni));
    }
    timelimit_file(dir, &mut time_limit, warnings)?;
    let (multiplier, safety_margin) = if legacy {
        (
            number(limits_node, "time_multiplier", 0.0)?.unwrap_or(5.0),
            number(limits_node, "time_safety_margin", 0.0)?.unwrap_or(2.0),
        )
    } else {
        (
            number(multipliers, "ac_to_time_limit", 0.0)?.unwrap_or(2.0),
            number(multipliers, "time_limit_to_tle", 0.0)?.unwrap_or(1.5),
        )
    };
    let mib = |key: &str, default: u64| -> Result<u64> {
        Ok(match number(limits_node, key, 0.0)? {
            Some(v) if v <= (1 << 20) as f64 => v.ceil() as u64,
            Some(v) => bail!("limits.{key} = {v} MiB is more than this judge allows"),
            None => default,
        })
    };
    // 2025-09 "Limits": validation_passes, an int >= 2, only for multi-pass; 2.
    let passes = match number(limits_node, "validation_passes", 1.0)? {
        Some(v) if v.fract() == 0.0 && v <= 1e6 => v as u32,
        Some(v) => bail!("limits.validation_passes must be a whole number >= 2, found {v}"),
        None => 2,
    };
    let passes = multipass.then_some(passes);
    let limits = PackageLimits {
        time_limit,
        memory_mib: mib("memory", default_memory_mib(format))?,
        output_mib: mib("output", 8)?,
        multiplier,
        safety_margin,
        resolution: seconds(
            number(limits_node, "time_resolution", 0.0)?.unwrap_or(1.0),
            "limits.time_resolution",
        )?,
        compilation: helper_limits(limits_node, "compilation", &COMPILATION)?,
        validation: helper_limits(limits_node, "validation", &VALIDATION)?,
    };
    Ok((limits, passes))
}

/// DOMjudge's `.timelimit` file, if there is one: the time limit where nothing
/// else set one; beside another source, a warning when the two differ.
fn timelimit_file(
    dir: &Path,
    time_limit: &mut Option<(Duration, TimeSource)>,
    warnings: &mut Vec<PackageWarning>,
) -> Result<()> {
    let file = dir.join(".timelimit");
    if file.is_file() {
        let text = std::fs::read_to_string(&file)
            .with_context(|| format!("cannot read {}", file.display()))?;
        let t = match text.trim().parse::<f64>() {
            Ok(t) if t.is_finite() && t > 0.0 => seconds(t, ".timelimit")?,
            _ => bail!(
                "{}: \"{}\" is not a number of seconds",
                file.display(),
                text.trim()
            ),
        };
        match time_limit {
            None => *time_limit = Some((t, TimeSource::TimelimitFile)),
            // DOMjudge refuses such a package ("Conflicting time limits:
            // .timelimit file specifies ..., but problem.yaml specifies ...",
            // ImportProblemService::importZippedProblem); problemtools reads no
            // .timelimit. The other source is used, with a warning.
            Some((used, source)) if *used != t => {
                warnings.push(PackageWarning::ConflictingTimelimit {
                    file: t,
                    used: *used,
                    from: if *source == TimeSource::DomjudgeIni {
                        "domjudge-problem.ini"
                    } else {
                        "problem.yaml"
                    },
                });
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// The memory limit of a submission whose package sets no `limits.memory`, in
/// MiB. Every version's spec says "system default", with a "typical system
/// default" of 2048 (spec/legacy.md, spec/2023-07-draft.md and spec/2025-09.md,
/// "Limits"). For 2023-07 and 2025-09 that is BAPCtools' (`config.py`
/// `DEFAULT_MEMORY = 2048`, the reference that reads 2025-09), so 2048; a legacy
/// package keeps Kattis' own system default, 1024, which problemtools applies
/// (`config/problem.yaml`) and Kattis judges legacy packages with.
/// docs/conformance.md lists the 2023-07 difference with `verifyproblem`.
fn default_memory_mib(format: Format) -> u64 {
    match format {
        Format::Legacy | Format::Polygon => 1024,
        Format::V2023 | Format::V2025 => 2048,
    }
}

/// The limits of each build step of the package's programs, from its
/// problem.yaml `doc` (`limits.compilation_time` and `compilation_memory`),
/// for a step that builds them before the package is read (its generators).
pub fn compilation_limits(doc: &Node) -> Result<Limits> {
    match doc.get("limits").filter(|n| !n.is_null()) {
        Some(limits) => helper_limits(limits, "compilation", &COMPILATION),
        None => Ok(COMPILATION),
    }
}

/// The limits of the package's builds (`what` = `compilation`) or validators
/// (`validation`): `{what}_time` in seconds, `{what}_memory` and (validators
/// only) `{what}_output` in MiB, each `default`'s where the package sets none.
/// spec/2025-09.md "Limits" (the same keys in legacy and 2023-07): each an int
/// > 0 whose default is the system's; a fraction of a second is taken too.
fn helper_limits(limits: &Node, what: &str, default: &Limits) -> Result<Limits> {
    let time = match number(limits, &format!("{what}_time"), 0.0)? {
        Some(t) if t <= 3600.0 => seconds(t, &format!("limits.{what}_time"))?,
        Some(t) => bail!("limits.{what}_time = {t} s is more than this judge allows (3600)"),
        None => default.time,
    };
    let mib = |key: String, default: u64| -> Result<u64> {
        Ok(match number(limits, &key, 0.0)? {
            Some(v) if v <= (1 << 20) as f64 => (v.ceil() as u64) << 20,
            Some(v) => bail!("limits.{key} = {v} MiB is more than this judge allows"),
            None => default,
        })
    };
    Ok(Limits {
        time,
        memory: mib(format!("{what}_memory"), default.memory)?,
        output: if what == "validation" {
            mib(format!("{what}_output"), default.output)?
        } else {
            default.output
        },
    })
}

/// The `timelimit = SECONDS` line of DOMjudge's `domjudge-problem.ini` (its
/// problem archive's settings, `key = value` with the value maybe quoted), if
/// the package has one.
fn domjudge_timelimit(dir: &Path) -> Result<Option<f64>> {
    let file = dir.join("domjudge-problem.ini");
    let Ok(text) = std::fs::read_to_string(&file) else {
        return Ok(None);
    };
    // DOMjudge reads the file with PHP's parse_ini_string
    // (ImportProblemService::importZippedProblem): a quoted value is what is
    // between its quotes, an unquoted one ends at a `;` comment, and a key given
    // twice keeps its last value.
    let mut found = None;
    for (n, line) in text.lines().enumerate() {
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        if key.trim() != "timelimit" {
            continue;
        }
        let value = ini_value(value);
        found = match value.parse::<f64>() {
            Ok(t) if t.is_finite() && t > 0.0 => Some(t),
            _ => bail!(
                "{} line {}: timelimit \"{value}\" is not a number of seconds",
                file.display(),
                n + 1
            ),
        };
    }
    Ok(found)
}

/// The value of an ini line's `raw` right-hand side, as PHP's
/// parse_ini_string reads it: between its quotes, else up to a `;` comment,
/// trimmed.
fn ini_value(raw: &str) -> &str {
    let raw = raw.trim();
    for quote in ['"', '\''] {
        if let Some((inside, _)) = raw.strip_prefix(quote).and_then(|r| r.split_once(quote)) {
            return inside;
        }
    }
    raw.split(';').next().unwrap_or("").trim()
}

/// The test cases under data/ (each group's testdata.yaml applied), the problems
/// found with them, and the output validator flags: the package's and each group's.
struct TestData {
    cases: Vec<PackageCase>,
    output_cases: Vec<OutputCase>,
    invalid_inputs: Vec<PackageCase>,
    errors: Vec<String>,
    warnings: Vec<PackageWarning>,
    base_flags: Vec<String>,
    group_output_flags: Vec<(PathBuf, Vec<String>)>,
}

/// The configuration of the folder `case_dir` under `data`, inherited down the
/// folders from data/ (remembered in `seen`).
fn folder_config(
    data: &Path,
    root: &GroupConfig,
    case_dir: &Path,
    seen: &mut Vec<(PathBuf, GroupConfig)>,
    warnings: &mut Vec<PackageWarning>,
) -> Result<GroupConfig> {
    if let Some((_, cfg)) = seen.iter().find(|(d, _)| d == case_dir) {
        return Ok(cfg.clone());
    }
    let mut cfg = root.clone();
    let mut at = data.to_path_buf();
    for comp in case_dir
        .strip_prefix(data)
        .unwrap_or(Path::new(""))
        .components()
    {
        at.push(comp);
        cfg = group_config(&at, &cfg, warnings)?;
    }
    seen.push((case_dir.to_path_buf(), cfg.clone()));
    Ok(cfg)
}

/// The order a package's test cases and groups are used in: "lexicographical
/// order on base name" (spec/2025-09.md "Test data", the legacy text alike),
/// folder by folder, by code point: `secret/10` before `secret/2`, as
/// problemtools (`sorted(os.listdir(...))`: verifyproblem 1.20260907 gave a
/// submission RTE on `2` and WA on `10` its WA), BAPCtools
/// (`test_cases.sort(key=name)`) and DOMjudge (`ImportProblemService`:
/// `asort($dataFiles, SORT_STRING)`) run them. `a` and `b` are `/`-separated
/// paths.
pub fn spec_order(a: &str, b: &str) -> std::cmp::Ordering {
    a.split('/').cmp(b.split('/'))
}

/// The cases of `found`, in [`spec_order`], with those that have both an `.ans`
/// and an `.out` judged against the `.ans`: in a package the `.ans` is the
/// answer and the `.out` an output shown in the statement (spec/2025-09.md
/// "Samples"), which must pass the output validator.
fn with_answers(folder: &Path, found: discover::Found) -> Vec<Case> {
    let mut cases = found.cases;
    for input in found.ambiguous {
        let rel = input
            .strip_prefix(folder)
            .unwrap_or(&input)
            .with_extension("");
        let name = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        let output = input.with_extension("ans");
        cases.push(Case {
            name,
            input,
            output,
        });
    }
    cases.sort_by(|a, b| spec_order(&a.name, &b.name));
    cases
}

/// Reads data/sample and data/secret (of `data`, the package's or the generated one).
fn test_data(dir: &Path, data: &Path, doc: &Node, format: Format) -> Result<TestData> {
    let data = data.to_path_buf();
    if !data.is_dir() {
        bail!(
            "{}: no data/ folder (data/sample, data/secret)",
            dir.display()
        );
    }
    let (mut errors, mut warnings) = (Vec::new(), Vec::new());
    let mut cases = Vec::new();
    let mut output_cases = Vec::new();
    let mut group_output_flags: Vec<(PathBuf, Vec<String>)> = Vec::new();
    let base_flags: Vec<String> = scalar(doc, "validator_flags")?
        .unwrap_or("")
        .split_whitespace()
        .map(String::from)
        .collect();
    let root = GroupConfig {
        v2025: format == Format::V2025,
        ..GroupConfig::default()
    };
    let root_config = group_config(&data, &root, &mut warnings)?;
    for part in ["sample", "secret"] {
        let folder = data.join(part);
        if !folder.is_dir() {
            continue;
        }
        let found = discover::cases(&folder)?;
        for p in &found.unpaired {
            let partner = if p.extension().is_some_and(|e| e == "in") {
                ".ans"
            } else {
                ".in"
            };
            errors.push(format!("{}: no matching {partner} file", p.display()));
        }
        let mut configs: Vec<(PathBuf, GroupConfig)> = Vec::new();
        for c in with_answers(&folder, found) {
            let case_dir = c.input.parent().unwrap_or(&folder).to_path_buf();
            let config =
                folder_config(&data, &root_config, &case_dir, &mut configs, &mut warnings)?;
            if let Some(flags) = &config.output_flags
                && !group_output_flags.iter().any(|(d, _)| *d == case_dir)
            {
                let mut all = base_flags.clone();
                all.extend(flags.iter().cloned());
                group_output_flags.push((case_dir.clone(), all));
            }
            let own = case_config(&c.input, &config, &mut warnings)?;
            if own.output_flags != config.output_flags
                && let Some(flags) = &own.output_flags
            {
                // Keyed by the case's own input: the most specific path wins.
                let mut all = base_flags.clone();
                all.extend(flags.iter().cloned());
                group_output_flags.push((c.input.clone(), all));
            }
            output_cases.extend(outputs::shown(part, &c, &own, &base_flags));
            cases.push(PackageCase {
                case: Case {
                    name: format!("{part}/{}", c.name),
                    ..c
                },
                sample: part == "sample",
                input_flags: own.input_flags.unwrap_or_default(),
                input_flags_by_name: own.input_flags_by_name,
                args: own.args.unwrap_or_default(),
            });
        }
    }
    if cases.is_empty() {
        errors.push(format!(
            "{}: no test cases (data/sample/*.in and data/secret/**/*.in with .ans)",
            dir.display()
        ));
    }
    output_cases.extend(outputs::read(
        &data,
        &root_config,
        &base_flags,
        &mut errors,
        &mut warnings,
    )?);
    let invalid_inputs = outputs::invalid_inputs(&data, &root_config, &mut warnings)?;
    Ok(TestData {
        cases,
        output_cases,
        invalid_inputs,
        errors,
        warnings,
        base_flags,
        group_output_flags,
    })
}

/// The output validator's programs, when validation is custom (none otherwise).
fn output_validator_programs(dir: &Path, format: Format, kind: &Kind) -> Result<Vec<Source>> {
    let validator_dir = [dir.join("output_validators"), dir.join("output_validator")]
        .into_iter()
        .find(|d| d.is_dir());
    // From 2023-07 there is no `validation:` key: the validator's folder makes
    // validation custom, whichever name it has (packages moved from legacy keep
    // `output_validators/`, which BAPCtools still reads).
    let custom = kind.custom_validation
        || kind.multipass
        || (format != Format::Legacy && validator_dir.is_some());
    Ok(if custom {
        let Some(vdir) = &validator_dir else {
            bail!(
                "validation is custom but the package has no output_validators/ (or output_validator/) folder"
            );
        };
        let programs = if vdir.ends_with("output_validator") {
            // 2023-07: the folder is the one program.
            vec![
                program::source(vdir)?
                    .with_context(|| format!("{}: no validator source", vdir.display()))?,
            ]
        } else {
            programs_in(vdir)?
        };
        if programs.is_empty() {
            bail!("{}: no validator program found", vdir.display());
        }
        programs
    } else {
        Vec::new()
    })
}

/// The input validators' programs (input_validators/ or input_format_validators/),
/// with the constants applied.
fn input_validators(
    dir: &Path,
    constants: &constants::Constants,
    warnings: &mut Vec<PackageWarning>,
) -> Result<Vec<Source>> {
    let Some(folder) = [
        dir.join("input_validators"),
        dir.join("input_format_validators"),
    ]
    .into_iter()
    .find(|d| d.is_dir()) else {
        return Ok(Vec::new());
    };
    // Validator languages the format names that no builder here runs: said,
    // not silently left out (the package then looks validated).
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&folder)
        .with_context(|| format!("cannot read {}", folder.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for e in entries {
        let language = match e.extension().and_then(|x| x.to_str()) {
            Some("ctd") => "checktestdata",
            Some("viva") => "VIVA",
            _ => continue,
        };
        warnings.push(PackageWarning::ValidatorNotRun {
            file: e.strip_prefix(dir).unwrap_or(&e).to_path_buf(),
            language,
        });
    }
    constants::apply_all(programs_in(&folder)?, constants)
}

/// Every program directly in `dir`: each source file and each folder.
pub fn programs_in(dir: &Path) -> Result<Vec<Source>> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            !p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    entries.sort_by(|a, b| discover::natural_cmp(&a.to_string_lossy(), &b.to_string_lossy()));
    let mut out = Vec::new();
    for e in entries {
        if let Some(s) = program::source(&e)? {
            out.push(s);
        }
    }
    Ok(out)
}

/// The settings a group's testdata.yaml gives (inherited from its parents), or
/// a test case's own `.yaml` on top of its group's.
#[derive(Debug, Clone, Default)]
struct GroupConfig {
    output_flags: Option<Vec<String>>,
    input_flags: Option<Vec<String>>,
    input_flags_by_name: Option<Vec<(String, Vec<String>)>>,
    args: Option<Vec<String>>,
    /// The package is 2025-09, whose "Test data configuration" has no
    /// `output_validator_flags` and `input_validator_flags` (they are `_args`)
    /// and takes arguments as a sequence only: such a key, or a string where a
    /// sequence belongs, is ignored with a warning, as BAPCtools does, not
    /// applied.
    v2025: bool,
}

/// The keys legacy and 2023-07 have and 2025-09 names `_args` (2025-09 "Test
/// data configuration" lists only `input_validator_args` and
/// `output_validator_args`; BAPCtools 2026.10.0 `TestGroup`: "key
/// `output_validator_flags` is deprecated, use `output_validator_args`
/// instead. SKIPPED.").
const FLAGS_KEYS: [(&str, &str); 2] = [
    ("output_validator_flags", "output_validator_args"),
    ("input_validator_flags", "input_validator_args"),
];

fn group_config(
    dir: &Path,
    parent: &GroupConfig,
    warnings: &mut Vec<PackageWarning>,
) -> Result<GroupConfig> {
    // 2025-09 "Test data configuration": test_group.yaml; testdata.yaml is its
    // 2023-07 and legacy name.
    let mut cfg = parent.clone();
    let Some(path) = ["test_group.yaml", "testdata.yaml"]
        .iter()
        .map(|f| dir.join(f))
        .find(|p| p.is_file())
    else {
        return Ok(cfg);
    };
    let doc = read_yaml(&path)?;
    let scalars = apply_config(&doc, &path, &mut cfg)?;
    let ignored = FLAGS_KEYS
        .iter()
        .filter(|_| parent.v2025)
        .filter_map(|&(key, instead)| {
            Some(PackageWarning::IgnoredFlagsKey {
                file: path.clone(),
                line: doc.get(key)?.line,
                key,
                instead,
            })
        });
    // A group's file is read once for each folder under it: each warning once.
    for w in ignored.chain(scalars) {
        if !warnings.contains(&w) {
            warnings.push(w);
        }
    }
    Ok(cfg)
}

/// The keys a test case's `.yaml` may have (spec/2025-09.md "Test case
/// configuration": "Any unknown keys should be treated as an error").
const CASE_KEYS: &[&str] = &[
    "args",
    "input_validator_args",
    "output_validator_args",
    "input_visualizer_args",
    "output_visualizer_args",
    "full_feedback",
    "hint",
    "description",
];

/// The configuration of the case whose input is `input`: its group's, with the
/// keys of `NAME.yaml` beside `NAME.in` replacing the group's (spec/2025-09.md
/// "Test case configuration": each key is "Inherited from test_group.yaml").
/// An unknown key ("should be treated as an error") is pushed to `warnings`:
/// tools write keys of their own there, and judging does not depend on them.
fn case_config(
    input: &Path,
    group: &GroupConfig,
    warnings: &mut Vec<PackageWarning>,
) -> Result<GroupConfig> {
    let mut cfg = group.clone();
    let path = input.with_extension("yaml");
    // A case named test_group or testdata would read its group's file (the spec
    // forbids the name: "a test case must not be named */test_group").
    let stem = path.file_stem().unwrap_or_default();
    if !path.is_file() || stem == "test_group" || stem == "testdata" {
        return Ok(cfg);
    }
    let doc = read_yaml(&path)?;
    match &doc.value {
        Value::Map(items) => {
            for (key, node) in items {
                if !CASE_KEYS.contains(&key.as_str()) {
                    warnings.push(PackageWarning::UnknownCaseKey {
                        file: path.clone(),
                        line: node.line,
                        key: key.clone(),
                        known: CASE_KEYS,
                    });
                }
            }
        }
        Value::Null => {}
        _ => bail!("{}:{}: expected a map of keys", path.display(), doc.line),
    }
    warnings.extend(apply_config(&doc, &path, &mut cfg)?);
    Ok(cfg)
}

fn read_yaml(path: &Path) -> Result<Node> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    yaml::parse(&text).with_context(|| format!("{}", path.display()))
}

/// A list of words: a YAML sequence, or a string split on spaces (legacy flags).
fn words(doc: &Node, key: &str, path: &Path) -> Result<Option<Vec<String>>> {
    let Some(n) = doc.get(key) else {
        return Ok(None);
    };
    Ok(Some(match &n.value {
        Value::Scalar(s) => s.split_whitespace().map(String::from).collect(),
        Value::Seq(items) => items
            .iter()
            .filter_map(|i| i.as_str().map(String::from))
            .collect(),
        Value::Null => Vec::new(),
        Value::Map(_) => bail!("{}:{}: {key} must be words", path.display(), n.line),
    }))
}

/// Applies the validator arguments and `args` of a test_group.yaml (or
/// testdata.yaml, or a case's `.yaml`) to `cfg`; what a 2025-09 package gives
/// as a string where the format wants a sequence counts as no arguments, and is
/// returned as a warning (BAPCtools 2026.10.0: "incompatible value for key ...
/// SKIPPED", the key then empty).
fn apply_config(doc: &Node, path: &Path, cfg: &mut GroupConfig) -> Result<Vec<PackageWarning>> {
    let v2025 = cfg.v2025;
    let mut ignored = Vec::new();
    let mut args = |key: &'static str| -> Result<Option<Vec<String>>> {
        match doc.get(key) {
            Some(n) if v2025 && matches!(n.value, Value::Scalar(_)) => {
                ignored.push(PackageWarning::NotASequence {
                    file: path.to_path_buf(),
                    line: n.line,
                    key,
                });
                // Not the parent's either: BAPCtools sets the key to no
                // arguments (`extract_optional_list` returns []).
                Ok(Some(Vec::new()))
            }
            _ => words(doc, key, path),
        }
    };
    let flags = |key: &str| -> Result<Option<Vec<String>>> {
        if v2025 {
            return Ok(None);
        }
        words(doc, key, path)
    };
    if let Some(f) = flags("output_validator_flags")?.or(args("output_validator_args")?) {
        cfg.output_flags = Some(f);
    }
    if let Some(a) = args("args")? {
        cfg.args = Some(a);
    }
    // 2025-09 "Test case configuration": input_validator_args is a list, or a
    // map from validator name to its list.
    if let Some(n) = doc.get("input_validator_args")
        && let Value::Map(entries) = &n.value
    {
        let by_name = entries
            .iter()
            .map(|(name, v)| {
                let args = match &v.value {
                    Value::Seq(items) => items
                        .iter()
                        .filter_map(|i| i.as_str().map(String::from))
                        .collect(),
                    Value::Scalar(s) => s.split_whitespace().map(String::from).collect(),
                    _ => Vec::new(),
                };
                (name.clone(), args)
            })
            .collect();
        cfg.input_flags_by_name = Some(by_name);
    } else if let Some(f) = flags("input_validator_flags")?.or(args("input_validator_args")?) {
        cfg.input_flags = Some(f);
        cfg.input_flags_by_name = None;
    }
    Ok(ignored)
}

/// Where `verify` keeps the time limit it computed for the package at `root`.
fn verified_limit_file(root: &Path) -> PathBuf {
    use std::hash::{Hash, Hasher};
    let abs = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    let mut h = std::collections::hash_map::DefaultHasher::new();
    abs.hash(&mut h);
    program::cache_dir()
        .join("timelimits")
        .join(format!("{:016x}", h.finish()))
}

/// Records the time limit `verify` computed (the slowest accepted run, and the limit).
pub fn save_verified_limit(root: &Path, slowest: Duration, limit: Duration) {
    let file = verified_limit_file(root);
    if let Some(parent) = file.parent() {
        let _ = std::fs::create_dir_all(parent);
    }
    let (limit, slowest) = (limit.as_secs_f64(), slowest.as_secs_f64());
    let _ = std::fs::write(file, format!("{limit} {slowest}\n"));
}

fn verified_limit(root: &Path) -> Option<(Duration, Duration)> {
    let text = std::fs::read_to_string(verified_limit_file(root)).ok()?;
    let mut words = text.split_whitespace();
    let mut next = || Duration::try_from_secs_f64(words.next()?.parse().ok()?).ok();
    Some((next()?, next()?))
}

impl Package {
    /// The time limit for judging and where it comes from: `--time-limit`, the
    /// package's own, the one `verify` computed, or the default.
    pub fn time_limit(&self, cli: Option<Duration>) -> (Duration, TimeSource) {
        if let Some(t) = cli {
            return (t, TimeSource::CommandLine);
        }
        if let Some(t) = &self.limits.time_limit {
            return t.clone();
        }
        if let Some((limit, slowest)) = verified_limit(&self.root) {
            return (limit, TimeSource::Verified { slowest });
        }
        (
            judge_model::problem::DEFAULT_TIME_LIMIT,
            TimeSource::Default,
        )
    }

    /// Computes the time limit problemtools would from the slowest accepted run.
    pub fn computed_limit(&self, slowest: Duration) -> Duration {
        let r = self.limits.resolution.as_secs_f64();
        let steps = (slowest.as_secs_f64() * self.limits.multiplier / r)
            .ceil()
            .max(1.0);
        // Past what a duration holds (an absurd multiplier): the most it holds.
        Duration::try_from_secs_f64(steps * r).unwrap_or(Duration::MAX)
    }

    /// What is judged and how, for the line at the top of the output
    /// (`judge_report::package::header` words it).
    pub fn summary(&self, time_limit: Duration, source: TimeSource) -> Summary {
        Summary {
            name: self.name.clone(),
            cases: self.cases.len(),
            samples: self.cases.iter().filter(|c| c.sample).count(),
            interactive: self.interactive,
            scoring: self.scoring,
            passes: self.passes,
            time_limit,
            source,
            // 2025-09 "Timelimit inference": wrong_answer and run_time_error
            // submissions bound it too; before: accepted ones only.
            accepted_bound_only: self.format != Format::V2025,
            multiplier: self.limits.multiplier,
            memory_mib: self.limits.memory_mib,
            output_mib: self.limits.output_mib,
            checker: match &self.polygon {
                Some(p) => Checking::Polygon(p.summary()),
                None => Checking::Kattis(self.validator.clone()),
            },
            generated: self.generated.then(|| self.data.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn package(yaml: &str, files: &[(&str, &str)]) -> (tempfile::TempDir, Result<Package>) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(FILE_NAME), yaml).unwrap();
        for (f, text) in files {
            let p = dir.path().join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        let p = load(dir.path(), &|_| true);
        (dir, p)
    }

    const DATA: &[(&str, &str)] = &[
        ("data/sample/1.in", ""),
        ("data/sample/1.ans", ""),
        ("data/secret/g10/1.in", ""),
        ("data/secret/g10/1.ans", ""),
        ("data/secret/g2/1.in", ""),
        ("data/secret/g2/1.ans", ""),
        ("data/secret/a.in", ""),
        ("data/secret/a.ans", ""),
    ];

    #[test]
    fn cases_are_samples_then_secret_groups_in_lexicographical_order() {
        let (_d, p) = package("name: X\n", DATA);
        let names: Vec<_> = p
            .unwrap()
            .cases
            .iter()
            .map(|c| c.case.name.clone())
            .collect();
        assert_eq!(
            names,
            ["sample/1", "secret/a", "secret/g10/1", "secret/g2/1"]
        );
    }

    #[test]
    fn legacy_limits_and_multipliers_are_read_with_their_defaults() {
        let (_d, p) = package("limits:\n  memory: 512\n  time_multiplier: 3\n", DATA);
        let p = p.unwrap();
        assert_eq!(p.limits.memory_mib, 512);
        assert_eq!(p.limits.output_mib, 8);
        assert_eq!(p.limits.multiplier, 3.0);
        assert_eq!(p.limits.safety_margin, 2.0);
        assert_eq!(p.limits.time_limit, None);
        let ms = Duration::from_millis;
        assert_eq!(p.computed_limit(ms(50)), ms(1000));
        assert_eq!(p.computed_limit(ms(500)), ms(2000));
    }

    #[test]
    fn an_archive_where_a_package_folder_belongs_is_named_with_how_to_unpack_it() {
        let d = tempfile::tempdir().unwrap();
        for (name, bytes, hint) in [
            (
                "p.zip",
                &b"PK\x03\x04rest"[..],
                Some("is a zip archive: unpack it first (unzip "),
            ),
            (
                "p.tar.gz",
                &b"\x1f\x8b\x08rest"[..],
                Some("is a gzip archive: unpack it first (mkdir p && tar xzf "),
            ),
            ("p.yaml", &b"name: p\n"[..], None),
            ("empty", &b""[..], None),
        ] {
            let path = d.path().join(name);
            std::fs::write(&path, bytes).unwrap();
            let got = archive_hint(&path);
            match hint {
                Some(h) => assert!(
                    got.as_deref().is_some_and(|g| g.contains(h)),
                    "{name}: {got:?}"
                ),
                None => assert_eq!(got, None, "{name}"),
            }
        }
    }

    #[test]
    fn a_package_without_limits_memory_gets_its_versions_system_default() {
        // spec "Limits": memory defaults to the system's, typically 2048 MiB;
        // BAPCtools' is 2048 (2025-09), Kattis' (problemtools) 1024 (legacy).
        for (yaml, mib) in [
            ("name: X\n", 1024),
            ("problem_format_version: legacy\n", 1024),
            ("problem_format_version: 2023-07-draft\n", 2048),
            ("problem_format_version: 2025-09\n", 2048),
            (
                "problem_format_version: 2025-09\nlimits:\n  memory: 300\n",
                300,
            ),
        ] {
            let (_d, p) = package(yaml, DATA);
            assert_eq!(p.unwrap().limits.memory_mib, mib, "{yaml}");
        }
    }

    #[test]
    fn a_2023_07_package_has_its_time_limit_and_multipliers() {
        let (_d, p) = package(
            "problem_format_version: 2023-07-draft\ntype: [pass-fail, interactive]\n\
             limits:\n  time_limit: 1.5\n  time_multipliers:\n    time_limit_to_tle: 3\n",
            DATA,
        );
        let p = p.unwrap();
        assert_eq!(p.format, Format::V2023);
        assert!(p.interactive);
        assert_eq!(
            p.limits.time_limit,
            Some((Duration::from_millis(1500), TimeSource::ProblemYaml))
        );
        assert_eq!(p.limits.safety_margin, 3.0);
        assert_eq!(p.limits.multiplier, 2.0);
    }

    #[test]
    fn a_time_limit_no_duration_holds_is_an_error_naming_its_key_not_a_panic() {
        for (yaml, key) in [
            (
                "problem_format_version: 2025-09\nlimits:\n  time_limit: 1e300\n",
                "limits.time_limit",
            ),
            (
                "limits:\n  time_resolution: 1e300\n",
                "limits.time_resolution",
            ),
        ] {
            let (_d, p) = package(yaml, DATA);
            let e = format!("{:#}", p.unwrap_err());
            assert!(e.contains(key) && e.contains("1e300"), "{yaml}: {e}");
        }
    }

    #[test]
    fn a_packages_limits_at_a_time_limit_are_its_memory_and_output_in_bytes() {
        let (_d, p) = package("limits:\n  memory: 512\n  output: 16\n", DATA);
        let limits = p.unwrap().limits.limits(Duration::from_millis(1500));
        assert_eq!(
            limits,
            Limits {
                time: Duration::from_millis(1500),
                memory: 512 << 20,
                output: 16 << 20,
            }
        );
    }

    #[test]
    fn a_timelimit_file_gives_the_time_limit() {
        let mut files = DATA.to_vec();
        files.push((".timelimit", "3\n"));
        let (_d, p) = package("name: X\n", &files);
        assert_eq!(
            p.unwrap().time_limit(None),
            (Duration::from_secs(3), TimeSource::TimelimitFile)
        );
    }

    #[test]
    fn compilation_time_is_the_packages_or_60_s() {
        for (yaml, want) in [
            ("name: X\n", Ok(60.0)),
            ("limits:\n  compilation_time: 5\n", Ok(5.0)),
            ("limits:\n  compilation_time: 0.5\n", Ok(0.5)),
            (
                "limits:\n  compilation_time: 0\n",
                Err("line 2: compilation_time"),
            ),
            (
                "limits:\n  compilation_time: 4000\n",
                Err("more than this judge allows"),
            ),
        ] {
            let (_d, p) = package(yaml, DATA);
            match want {
                Ok(secs) => assert_eq!(
                    p.unwrap().limits.compilation.time,
                    Duration::from_secs_f64(secs),
                    "{yaml}"
                ),
                Err(words) => {
                    let err = format!("{:#}", p.unwrap_err());
                    assert!(err.contains(words), "{yaml}: {err}");
                }
            }
        }
    }

    /// (problem.yaml, the compile limits, the validators' limits): spec/2025-09.md
    /// "Limits", the same keys in every format version, MiB and seconds.
    #[test]
    fn the_build_and_validator_limits_are_the_packages_or_the_typical_defaults() {
        let mib = |n: u64| n << 20;
        let secs = Duration::from_secs;
        let limits = |time, memory, output| Limits {
            time,
            memory,
            output,
        };
        for (yaml, compilation, validation) in [
            ("name: X\n", COMPILATION, VALIDATION),
            (
                "limits:\n  compilation_memory: 512\n  validation_time: 7\n",
                limits(secs(60), mib(512), COMPILATION.output),
                limits(secs(7), mib(2048), mib(8)),
            ),
            (
                "problem_format_version: 2025-09\nlimits:\n  validation_memory: 300\n  validation_output: 2\n",
                COMPILATION,
                limits(secs(60), mib(300), mib(2)),
            ),
            (
                "problem_format_version: 2023-07-draft\nlimits:\n  compilation_time: 9\n  validation_output: 1\n",
                limits(secs(9), mib(2048), COMPILATION.output),
                limits(secs(60), mib(2048), mib(1)),
            ),
        ] {
            let (_d, p) = package(yaml, DATA);
            let p = p.unwrap();
            assert_eq!(p.limits.compilation, compilation, "{yaml}");
            assert_eq!(p.limits.validation, validation, "{yaml}");
            assert_eq!(p.validator.limits, validation, "{yaml}");
            assert_eq!(p.validator.compilation, compilation, "{yaml}");
        }
    }

    #[test]
    fn a_bad_validator_or_compile_limit_is_an_error_naming_the_key_and_line() {
        for (yaml, words) in [
            ("limits:\n  validation_time: 0\n", "line 2: validation_time"),
            (
                "limits:\n  validation_memory: -1\n",
                "line 2: validation_memory",
            ),
            (
                "limits:\n\n  validation_output: x\n",
                "line 3: validation_output",
            ),
            (
                "limits:\n  compilation_memory: 0\n",
                "line 2: compilation_memory",
            ),
            (
                "limits:\n  validation_time: 4000\n",
                "limits.validation_time = 4000 s",
            ),
        ] {
            let (d, p) = package(yaml, DATA);
            let err = format!("{:#}", p.unwrap_err());
            assert!(err.contains(words), "{yaml}: {err}");
            assert!(
                err.contains(&d.path().join(FILE_NAME).display().to_string()),
                "{err}"
            );
            assert_eq!(err.lines().count(), 1, "{err}");
        }
    }

    #[test]
    fn a_legacy_time_limit_is_used_as_domjudge_uses_it_with_a_warning() {
        // problemtools 1.20260907 refuses `limits:\n  time_limit: 2` with no
        // problem_format_version ("Unexpected keyword argument"); DOMjudge's
        // ImportProblemService::parseYaml sets the time limit from it.
        for (yaml, line) in [
            ("name: X\nlimits:\n  time_limit: 2\n", 3),
            (
                "problem_format_version: legacy-icpc\nlimits:\n  time_limit: 2\n",
                3,
            ),
        ] {
            let (_d, p) = package(yaml, DATA);
            let p = p.unwrap();
            assert_eq!(p.time_limit(None).0, Duration::from_secs(2), "{yaml}");
            assert_eq!(
                p.warnings,
                [PackageWarning::LegacyTimeLimit { line }],
                "{yaml}"
            );
        }
        for yaml in [
            "problem_format_version: 2023-07-draft\nlimits:\n  time_limit: 2\n",
            "problem_format_version: 2025-09\nlimits:\n  time_limit: 2\n",
        ] {
            let (_d, p) = package(yaml, DATA);
            let p = p.unwrap();
            assert_eq!(p.time_limit(None).0, Duration::from_secs(2), "{yaml}");
            assert!(p.warnings.is_empty(), "{yaml}: {:?}", p.warnings);
        }
    }

    #[test]
    fn an_ini_value_is_read_as_phps_parse_ini_string_reads_it() {
        for (raw, value) in [
            (" 2.5", "2.5"),
            (" '2.5' ", "2.5"),
            ("\"3\" ; seconds", "3"),
            ("1.5 ; a comment", "1.5"),
            ("4;", "4"),
            ("", ""),
        ] {
            assert_eq!(ini_value(raw), value, "{raw:?}");
        }
        // A key given twice keeps its last value.
        let (d, p) = package("name: X\n", DATA);
        drop(p);
        std::fs::write(
            d.path().join("domjudge-problem.ini"),
            "timelimit = 1\ntimelimit = 3 ; the real one\n",
        )
        .unwrap();
        let p = load(d.path(), &|_| true).unwrap();
        assert_eq!(
            p.limits.time_limit,
            Some((Duration::from_secs(3), TimeSource::DomjudgeIni))
        );
    }

    #[test]
    fn a_bad_default_validator_flag_is_an_error_naming_its_line() {
        for (yaml, says) in [
            (
                "name: X\nvalidator_flags: float_tolerance\n",
                "line 2: validator_flags: validator flag float_tolerance needs a number",
            ),
            (
                "name: X\nvalidator_flags: case_insensitive\n",
                "line 2: validator_flags: unknown default-validator flag \"case_insensitive\"",
            ),
        ] {
            let (_d, p) = package(yaml, DATA);
            let err = format!("{:#}", p.unwrap_err());
            assert!(err.contains(says), "{yaml}: {err}");
        }
    }

    #[test]
    fn a_timelimit_file_other_than_problem_yamls_limit_is_a_warning() {
        let (d, p) = package(
            "problem_format_version: 2025-09\nlimits:\n  time_limit: 2\n",
            DATA,
        );
        drop(p);
        std::fs::write(d.path().join(".timelimit"), "3\n").unwrap();
        let p = load(d.path(), &|_| true).unwrap();
        let secs = Duration::from_secs;
        assert_eq!(
            p.limits.time_limit,
            Some((secs(2), TimeSource::ProblemYaml))
        );
        assert_eq!(
            p.warnings,
            [PackageWarning::ConflictingTimelimit {
                file: secs(3),
                used: secs(2),
                from: "problem.yaml",
            }]
        );
        std::fs::write(d.path().join(".timelimit"), "2\n").unwrap();
        assert!(load(d.path(), &|_| true).unwrap().warnings.is_empty());
    }

    #[test]
    fn a_bad_limit_is_an_error_naming_its_line() {
        for (yaml, says) in [
            ("name: X\nlimits:\n  memory: lots\n", "line 3: memory"),
            (
                "name: X\nlimits: [1, 2]\n",
                "line 2: limits must be a mapping of keys",
            ),
            (
                "name: X\nlimits:\n  time_multipliers: 2\n",
                "line 3: time_multipliers must be a mapping of keys",
            ),
        ] {
            let (_d, p) = package(yaml, DATA);
            let err = format!("{:#}", p.unwrap_err());
            assert!(err.contains(says), "{yaml}: {err}");
        }
    }

    #[test]
    fn validator_flags_of_a_group_apply_to_its_cases() {
        let mut files = DATA.to_vec();
        files.push((
            "data/secret/g2/testdata.yaml",
            "output_validator_flags: case_sensitive\n",
        ));
        let (_d, p) = package("validator_flags: float_tolerance 1e-3\n", &files);
        let p = p.unwrap();
        assert_eq!(flags(&p, "secret/a"), ["float_tolerance", "1e-3"]);
        // Legacy: a group's flags come after the package's, which still apply.
        assert_eq!(
            flags(&p, "secret/g2/1"),
            ["float_tolerance", "1e-3", "case_sensitive"]
        );
    }

    /// The output validator's arguments for the case `name`.
    /// The case of `p` called `name`.
    fn case<'a>(p: &'a Package, name: &str) -> &'a PackageCase {
        p.cases
            .iter()
            .find(|c| c.case.name == name)
            .unwrap_or_else(|| panic!("no case {name}"))
    }

    fn flags(p: &Package, name: &str) -> Vec<String> {
        p.validator.flags_of(&case(p, name).case.input)
    }

    #[test]
    fn a_case_yaml_replaces_its_groups_output_validator_args_for_that_case_only() {
        let mut files = DATA.to_vec();
        files.push((
            "data/secret/g2/testdata.yaml",
            "output_validator_args: [case_sensitive]\n",
        ));
        files.push(("data/secret/g2/2.in", ""));
        files.push(("data/secret/g2/2.ans", ""));
        files.push((
            "data/secret/g2/2.yaml",
            "output_validator_args: [float_tolerance, \"0.1\"]\n",
        ));
        let (_d, p) = package("problem_format_version: 2025-09\n", &files);
        let p = p.unwrap();
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        assert_eq!(flags(&p, "secret/g2/1"), ["case_sensitive"], "the group's");
        assert_eq!(
            flags(&p, "secret/g2/2"),
            ["float_tolerance", "0.1"],
            "the case's own"
        );
        assert!(flags(&p, "secret/a").is_empty(), "no flags outside g2");
    }

    #[test]
    fn an_input_validator_in_a_language_not_run_here_is_a_warning_not_left_out_silently() {
        // spec/legacy.md "Input validators": checktestdata (.ctd) and VIVA
        // (.viva) scripts; a C++ helper header beside them is no validator.
        let mut files = DATA.to_vec();
        files.push(("input_validators/check.ctd", "INT(1,10) NEWLINE\n"));
        files.push(("input_validators/spec.viva", "n: int\n"));
        files.push(("input_validators/validate.h", "// helper\n"));
        let (_d, p) = package("name: X\n", &files);
        let p = p.unwrap();
        assert!(p.input_validators.is_empty());
        assert_eq!(
            p.warnings,
            [
                PackageWarning::ValidatorNotRun {
                    file: PathBuf::from("input_validators/check.ctd"),
                    language: "checktestdata",
                },
                PackageWarning::ValidatorNotRun {
                    file: PathBuf::from("input_validators/spec.viva"),
                    language: "VIVA",
                },
            ]
        );
    }

    #[test]
    fn a_2025_09_groups_flags_keys_are_ignored_with_a_warning_as_bapctools_does() {
        // 2025-09 names them output_validator_args and input_validator_args;
        // BAPCtools skips the old names, so a package tested with it never had
        // them applied. Legacy and 2023-07 still have them.
        let mut files = DATA.to_vec();
        files.push((
            "data/secret/test_group.yaml",
            "output_validator_args: [case_sensitive]\n",
        ));
        files.push((
            "data/secret/g2/test_group.yaml",
            "output_validator_flags: float_tolerance 0.1\ninput_validator_flags: x\n",
        ));
        let (d, p) = package("problem_format_version: 2025-09\n", &files);
        let p = p.unwrap();
        assert_eq!(
            flags(&p, "secret/g2/1"),
            ["case_sensitive"],
            "secret's, inherited"
        );
        let case = case(&p, "secret/g2/1");
        assert!(case.input_flags.is_empty(), "{:?}", case.input_flags);
        let file = d.path().join("data/secret/g2/test_group.yaml");
        assert_eq!(
            p.warnings,
            [
                PackageWarning::IgnoredFlagsKey {
                    file: file.clone(),
                    line: 1,
                    key: "output_validator_flags",
                    instead: "output_validator_args",
                },
                PackageWarning::IgnoredFlagsKey {
                    file,
                    line: 2,
                    key: "input_validator_flags",
                    instead: "input_validator_args",
                }
            ]
        );
        for version in ["legacy", "2023-07-draft"] {
            let (_d, p) = package(&format!("problem_format_version: {version}\n"), &files);
            let p = p.unwrap();
            assert_eq!(
                flags(&p, "secret/g2/1"),
                ["float_tolerance", "0.1"],
                "{version}"
            );
            assert!(p.warnings.is_empty(), "{version}: {:?}", p.warnings);
        }
    }

    #[test]
    fn a_2025_09_string_where_a_sequence_belongs_is_no_arguments_with_a_warning() {
        // BAPCtools 2026.10.0 ("incompatible value ... SKIPPED") sets the key
        // to no arguments, so neither the string nor the parent's list applies.
        let mut files = DATA.to_vec();
        files.push((
            "data/test_group.yaml",
            "output_validator_args: [float_tolerance, \"0.1\"]\n",
        ));
        files.push((
            "data/secret/g2/test_group.yaml",
            "output_validator_args: case_sensitive\nargs: fast\n",
        ));
        let (d, p) = package("problem_format_version: 2025-09\n", &files);
        let p = p.unwrap();
        assert!(
            flags(&p, "secret/g2/1").is_empty(),
            "{:?}",
            flags(&p, "secret/g2/1")
        );
        assert_eq!(flags(&p, "secret/a"), ["float_tolerance", "0.1"]);
        let case = case(&p, "secret/g2/1");
        assert!(case.args.is_empty(), "{:?}", case.args);
        let file = d.path().join("data/secret/g2/test_group.yaml");
        assert_eq!(
            p.warnings,
            [
                PackageWarning::NotASequence {
                    file: file.clone(),
                    line: 1,
                    key: "output_validator_args",
                },
                PackageWarning::NotASequence {
                    file,
                    line: 2,
                    key: "args",
                },
            ]
        );
        // Legacy and 2023-07 flags are words in a string.
        let (_d, p) = package("name: X\n", &files);
        assert_eq!(flags(&p.unwrap(), "secret/g2/1"), ["case_sensitive"]);
    }

    #[test]
    fn a_2023_07_or_2025_09_default_validator_reads_its_flags_by_the_spec() {
        // spec "Comparing floating-point tokens": a float flag twice, or
        // float_tolerance beside another, is an error (bt's validator asserts);
        // problemtools takes the last, so a legacy package keeps working. And
        // numbers are the spec's decimal grammar, not glibc's %lf.
        let mut files = DATA.to_vec();
        files.push((
            "data/secret/g2/testdata.yaml",
            "output_validator_args: [float_tolerance, \"0.1\", float_absolute_tolerance, \"0.5\"]\n",
        ));
        for version in ["2023-07-draft", "2025-09"] {
            let (_d, p) = package(&format!("problem_format_version: {version}\n"), &files);
            let err = format!("{:#}", p.unwrap_err());
            assert!(
                err.contains("g2") && err.contains("float_tolerance is given beside"),
                "{version}: {err}"
            );
            let (_d, p) = package(&format!("problem_format_version: {version}\n"), DATA);
            assert!(
                p.unwrap().validator.default_flags().unwrap().decimal,
                "{version}"
            );
        }
        let (_d, p) = package("name: X\n", &files);
        let p = p.unwrap();
        assert!(!p.validator.default_flags().unwrap().decimal);
        assert_eq!(
            flags(&p, "secret/g2/1"),
            ["float_tolerance", "0.1", "float_absolute_tolerance", "0.5"]
        );
    }

    #[test]
    fn a_nested_groups_flags_beat_its_parents_whatever_the_case_order() {
        let files = [
            (
                "data/secret/g/testdata.yaml",
                "output_validator_flags: case_sensitive\n",
            ),
            (
                "data/secret/g/sub/testdata.yaml",
                "output_validator_flags: float_tolerance 0.1\n",
            ),
            ("data/secret/g/sub/1.in", ""),
            ("data/secret/g/sub/1.ans", ""),
            ("data/secret/g/z.in", ""),
            ("data/secret/g/z.ans", ""),
        ];
        let (_d, p) = package("name: X\n", &files);
        let p = p.unwrap();
        // sub's flags replace g's for sub's cases (g/z's entry comes later).
        assert_eq!(flags(&p, "secret/g/sub/1"), ["float_tolerance", "0.1"]);
        assert_eq!(flags(&p, "secret/g/z"), ["case_sensitive"]);
    }

    #[test]
    fn a_case_yaml_gives_its_args_and_input_validator_args() {
        let mut files = DATA.to_vec();
        files.push((
            "data/secret/test_group.yaml",
            "input_validator_args: [--big]\n",
        ));
        files.push((
            "data/secret/a.yaml",
            "args: [\"3\", fast]\ninput_validator_args:\n  check: [--small]\ndescription: edge\nhint: think\nfull_feedback: true\n",
        ));
        let (_d, p) = package("problem_format_version: 2025-09\n", &files);
        let p = p.unwrap();
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        let a = case(&p, "secret/a");
        assert_eq!(a.args, ["3", "fast"]);
        assert_eq!(a.input_args("check.py"), ["--small", "3", "fast"]);
        assert_eq!(a.input_args("other.py"), ["3", "fast"]);
        let g2 = case(&p, "secret/g2/1");
        assert!(g2.args.is_empty());
        assert_eq!(g2.input_args("check.py"), ["--big"]);
    }

    #[test]
    fn an_unknown_key_in_a_case_yaml_is_a_warning_naming_it() {
        let mut files = DATA.to_vec();
        files.push(("data/secret/a.yaml", "args: []\nmax_score: 3\n"));
        let (_d, p) = package("problem_format_version: 2025-09\n", &files);
        let p = p.unwrap();
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        assert_eq!(
            p.warnings,
            [PackageWarning::UnknownCaseKey {
                file: p.data.join("secret/a.yaml"),
                line: 2,
                key: "max_score".into(),
                known: CASE_KEYS,
            }]
        );
    }

    #[test]
    fn custom_validation_without_a_validator_is_an_error() {
        let (_d, p) = package("validation: custom\n", DATA);
        assert!(format!("{:#}", p.unwrap_err()).contains("no output_validators/"));
    }
}
