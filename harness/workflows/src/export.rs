//! `cargo judge export NAME [--format legacy|2025-09] [--out DIR] [--force]`: a
//! workspace problem as a Kattis problem package, the way back from `import`.
//!
//! Owns the mapping from the workspace's layout to the package format's
//! (spec/legacy.md and spec/2025-09.md of Kattis/problem-package-format):
//! problem.toml's limits become problem.yaml's, the cases `data/sample/` and
//! `data/secret/`, the solution's bundle the accepted submission and each
//! known-wrong solution's bundle a submission in the folder of its verdict, the
//! problem's validate binary an input validator, the checker the default
//! output validator's flags or a custom output validator, and an interactive
//! problem's interactor binary the output validator, run interactively. What cannot be said in
//! the format is an error naming it; what is said only approximately is a
//! warning in the outcome. Nothing is printed and nothing is written outside the
//! package folder.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use judge_formats::problem::SettingsExt;
use judge_model::judge::Verdict;
use judge_model::known_wrong::expected_verdict;
use judge_model::problem::{Checker, Settings};
use judge_report::export::{Exported, OutputValidation, Warning};

/// Which version of the package format to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `legacy` (spec/legacy.md): what problemtools and DOMjudge read by default.
    Legacy,
    /// `2025-09` (spec/2025-09.md): what BAPCtools writes.
    V2025_09,
}

impl Format {
    /// The format's name, as `problem_format_version` and `--format` spell it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Legacy => "legacy",
            Format::V2025_09 => "2025-09",
        }
    }
}

/// What `cargo judge export` was asked for.
#[derive(Debug, Clone)]
pub struct ExportOptions {
    /// The workspace problem (problems/NAME/ and testdata/NAME/).
    pub name: String,
    /// The format version to write.
    pub format: Format,
    /// The package folder [default: target/export/NAME, NAME without the
    /// characters the format forbids in a package's name].
    pub out: Option<PathBuf>,
    /// Replace an existing package there (a folder with problem.yaml).
    pub force: bool,
}

/// The submission folder for a known-wrong solution's verdict (spec "Example
/// submissions": the default directories).
fn verdict_folder(verdict: Verdict) -> Option<&'static str> {
    match verdict {
        Verdict::WA => Some("wrong_answer"),
        Verdict::TLE => Some("time_limit_exceeded"),
        Verdict::RE => Some("run_time_error"),
        _ => None,
    }
}

/// Exports the workspace problem `options.name` as a package.
pub fn export(options: &ExportOptions) -> Result<Exported> {
    let sources = judge_bundle::Sources::load()?;
    let name = options.name.as_str();
    let bins = sources.bins(name);
    if bins.is_empty() {
        // The bundler's own message names the problems there are.
        sources.text_of(name, Path::new("src/main.rs"), judge_bundle::judges::STD)?;
    }
    let testdata = sources.root().join("testdata").join(name);
    let settings = Settings::load(&testdata)?;
    let dir = match &options.out {
        Some(d) => d.clone(),
        None => sources.target().join("export").join(package_name(name)),
    };
    prepare(&dir, options.force)?;
    let result = write_package(&sources, options, &settings, &testdata, &bins, &dir);
    if result.is_err() {
        // The folder is ours (prepare emptied or made it): leave nothing half-written.
        let _ = std::fs::remove_dir_all(&dir);
    }
    result
}

/// The package's name as the format allows it: lowercase letters and digits
/// (spec/2025-09.md "General requirements").
fn package_name(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        .collect()
}

/// Makes `dir` an empty folder to write the package into: a missing one is
/// made, an empty one used, an existing package replaced only with `force`,
/// and anything else refused.
fn prepare(dir: &Path, force: bool) -> Result<()> {
    if dir.exists() {
        let mut entries =
            std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))?;
        if entries.next().is_some() {
            if !force {
                bail!(
                    "{} is not empty: refusing to write over it (--force replaces a package written there before)",
                    dir.display()
                );
            }
            if !dir.join("problem.yaml").is_file() {
                bail!(
                    "{} is not empty and holds no problem.yaml: --force replaces only a package, not another folder",
                    dir.display()
                );
            }
            std::fs::remove_dir_all(dir)
                .with_context(|| format!("cannot remove {}", dir.display()))?;
        }
    }
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))
}

/// Writes every part of the package into `dir`, an empty folder.
fn write_package(
    sources: &judge_bundle::Sources,
    options: &ExportOptions,
    settings: &Settings,
    testdata: &Path,
    bins: &[(String, PathBuf)],
    dir: &Path,
) -> Result<Exported> {
    let name = options.name.as_str();
    let format = options.format;
    let mut warnings = Vec::new();
    let dir_name = dir.file_name().map(|n| n.to_string_lossy().into_owned());
    if dir_name.as_deref().map(package_name) != dir_name {
        warnings.push(Warning::FolderName(dir.to_path_buf()));
    }
    let (samples, secret) = data(testdata, dir)?;
    let validation = if settings.interactive {
        interactor_validation(sources, name, settings, bins, format, dir)?
    } else {
        output_validation(&settings.checker, format, dir, &mut warnings)?
    };
    write_data_settings(format, &validation, dir, samples > 0)?;
    std::fs::write(
        dir.join("problem.yaml"),
        problem_yaml(name, settings, format, &validation),
    )
    .context("cannot write problem.yaml")?;
    write_statement(name, settings, format, dir)?;
    if format == Format::Legacy {
        // DOMjudge's file for a legacy package's fixed limit, which the legacy
        // problem.yaml has no key for (its limit is the slowest accepted
        // submission's time x time_multiplier): spec/legacy.md "Limits".
        std::fs::write(
            dir.join(".timelimit"),
            format!("{}\n", settings.limits.time.as_secs_f64()),
        )
        .context("cannot write .timelimit")?;
    }
    let submissions = submissions(sources, name, bins, dir)?;
    let input_validator = input_validator(sources, name, bins, dir, &mut warnings)?;
    Ok(Exported {
        dir: dir.to_path_buf(),
        format: format.name(),
        samples,
        secret,
        submissions,
        input_validator,
        output_validator: validation.describe,
        warnings,
    })
}

/// Whether a testdata case is a sample: a word of its name (between `-`, `_`
/// and `/`) is `sample`, as `new`, `listen` and `add` name them (`01-sample`)
/// and `import` flattens a package's (`sample-1`).
pub fn is_sample(case: &str) -> bool {
    case.split(['-', '_', '/']).any(|w| w == "sample")
}

/// Copies the cases to `data/sample/` and `data/secret/` (`.out` written as
/// `.ans`, spec "Test data"; a nested case's `/` as `-`, as secret groups
/// would change how it is judged). Returns how many went to each.
fn data(testdata: &Path, dir: &Path) -> Result<(usize, usize)> {
    let found = judge_formats::discover::cases(testdata)?;
    if let Some(p) = found.unpaired.first().or(found.ambiguous.first()) {
        bail!(
            "{}: not a complete case (an .in needs exactly one .out); `cargo judge lint` lists them all",
            p.display()
        );
    }
    if found.cases.is_empty() {
        bail!(
            "{} has no cases: a package needs at least one secret case",
            testdata.display()
        );
    }
    let (mut samples, mut secret) = (0, 0);
    for case in &found.cases {
        let part = if is_sample(&case.name) {
            samples += 1;
            "sample"
        } else {
            secret += 1;
            "secret"
        };
        let folder = dir.join("data").join(part);
        std::fs::create_dir_all(&folder)
            .with_context(|| format!("cannot create {}", folder.display()))?;
        let flat = case.name.replace('/', "-");
        // An interactive sample's dialogue (spec "Interactive problems") goes along.
        let interaction = case.input.with_extension("interaction");
        let files = [
            (&case.input, "in"),
            (&case.output, "ans"),
            (&interaction, "interaction"),
        ];
        for (from, ext) in files {
            if ext == "interaction" && !from.is_file() {
                continue;
            }
            let to = folder.join(format!("{flat}.{ext}"));
            std::fs::copy(from, &to).with_context(|| format!("cannot copy {}", from.display()))?;
        }
    }
    if secret == 0 {
        bail!(
            "{}: every case is a sample, and a package needs at least one secret case (spec \"Test data\")",
            testdata.display()
        );
    }
    Ok((samples, secret))
}

/// How the package validates outputs.
#[derive(Debug)]
struct Validation {
    /// The default validator's flags, or the custom validator's.
    flags: Vec<String>,
    /// Whether a custom validator is in the package.
    custom: bool,
    /// Whether it is an interactor, talking to the submission.
    interactive: bool,
    /// What it is, for the summary.
    describe: OutputValidation,
}

/// The checker as the package's output validation: the default validator with
/// the flags that mean what the checker means, or the custom validator copied
/// (spec/2025-09.md "Default output validator specification", spec/legacy.md
/// "Validation").
fn output_validation(
    checker: &Checker,
    format: Format,
    dir: &Path,
    warnings: &mut Vec<Warning>,
) -> Result<Validation> {
    let default = |flags: &[&str], describe: OutputValidation| Validation {
        flags: flags.iter().map(|f| f.to_string()).collect(),
        custom: false,
        interactive: false,
        describe,
    };
    Ok(match checker {
        Checker::Exact => {
            warnings.push(Warning::ExactIsStricter);
            default(
                &["case_sensitive", "space_change_sensitive"],
                OutputValidation::Exact,
            )
        }
        // Without `case_sensitive` the default validator compares words with their
        // case aside (spec "Default output validator specification"), as
        // `case_sensitive = false` does here: no flag then.
        Checker::Tokens {
            case_sensitive: true,
        } => default(&["case_sensitive"], OutputValidation::Tokens),
        Checker::Tokens {
            case_sensitive: false,
        } => default(&[], OutputValidation::TokensAnyCase),
        Checker::Float { abs, rel } => {
            let mut v = default(
                &["case_sensitive"],
                OutputValidation::Float {
                    abs: *abs,
                    rel: *rel,
                },
            );
            // Either tolerance accepts, as our float checker: spec "Comparing
            // floating-point tokens".
            v.flags.extend([
                "float_absolute_tolerance".to_string(),
                format!("{abs:?}"),
                "float_relative_tolerance".to_string(),
                format!("{rel:?}"),
            ]);
            v
        }
        Checker::Kattis(k) => kattis_validation(k, format, dir)?,
        Checker::Command { command, .. } => bail!(
            "checker \"command\" (`{command}`) cannot be exported: its protocol (CMD input output expected, exit 0/1/2) is not a Kattis output validator's (VALIDATOR input answer feedback_dir < output, exit 42/43); write it as one and name it with checker = \"kattis\""
        ),
        Checker::Testlib(p) => testlib_validation(p, format, dir)?,
    })
}

/// A C++ testlib checker as a custom output validator: its source and the
/// testlib.h it is compiled against, built with `c++` (which the format lets
/// build scripts assume: spec/2025-09.md "Programs"), and a `run` script that
/// turns the format's call (`INPUT ANSWER FEEDBACK_DIR < OUTPUT`, spec "Output
/// validator") into testlib's (`CHECKER INPUT OUTPUT ANSWER`) and its exit
/// status into 42 or 43 as the judge reads it (docs/problem-toml.md "Checkers").
fn testlib_validation(
    p: &judge_model::testlib::Program,
    format: Format,
    dir: &Path,
) -> Result<Validation> {
    if p.source.lang != judge_model::program::Lang::Cpp {
        bail!(
            "checker \"testlib\" ({}) cannot be exported: only a C++ testlib checker is wrapped as an output validator",
            p.source.path.display()
        );
    }
    let folder = match format {
        Format::Legacy => dir.join("output_validators").join("checker"),
        Format::V2025_09 => dir.join("output_validator"),
    };
    std::fs::create_dir_all(&folder)
        .with_context(|| format!("cannot create {}", folder.display()))?;
    std::fs::copy(&p.source.path, folder.join("check.cpp"))
        .with_context(|| format!("cannot copy {}", p.source.path.display()))?;
    let header = p.header_dir.join(judge_model::testlib::HEADER);
    std::fs::copy(&header, folder.join(judge_model::testlib::HEADER))
        .with_context(|| format!("cannot copy {}", header.display()))?;
    write_script(&folder.join("build"), TESTLIB_BUILD)?;
    write_script(&folder.join("run"), TESTLIB_RUN)?;
    std::fs::write(folder.join("README"), TESTLIB_README).context("cannot write README")?;
    Ok(Validation {
        flags: Vec::new(),
        custom: true,
        interactive: false,
        describe: OutputValidation::Testlib(p.source.name.clone()),
    })
}

const TESTLIB_BUILD: &str = "#!/bin/sh\n\
# Run by the package's tools in a copy of this folder (spec \"Programs\").\n\
set -e\n\
c++ -O2 -std=gnu++17 -I. -o checker.bin check.cpp\n";

const TESTLIB_RUN: &str = "#!/bin/sh\n\
# Called as run INPUT ANSWER FEEDBACK_DIR < OUTPUT (spec \"Output validator\");\n\
# testlib's checker takes INPUT OUTPUT ANSWER and exits 0 (ok), 1 (wrong answer),\n\
# 2 (presentation error), 3 (its own failure), 4 (dirt), 7 (points), 8\n\
# (unexpected end of file), or reports partial correctness.\n\
out=\"$3/team_output\"\n\
cat > \"$out\" || exit 1\n\
\"$(dirname \"$0\")/checker.bin\" \"$1\" \"$out\" \"$2\" 2> \"$3/judgemessage.txt\"\n\
status=$?\n\
if grep -q 'partially correct' \"$3/judgemessage.txt\"; then exit 43; fi\n\
case $status in\n\
    0) exit 42 ;;\n\
    1|2|4|8) exit 43 ;;\n\
    7) awk '$1 == \"points\" && $2 + 0 > 0 { ok = 1 } END { exit !ok }' \"$3/judgemessage.txt\" && exit 42\n\
       exit 43 ;;\n\
    *) exit 1 ;;\n\
esac\n";

const TESTLIB_README: &str = "The problem's testlib checker (check.cpp, with the testlib.h it is compiled\n\
against), wrapped as an output validator: `build` compiles it with c++, `run`\n\
gives it the team's output as a file and exits 42 when it accepts, 43 when it\n\
rejects, 1 when it fails itself.\n";

/// A `checker = "kattis"`: its flags, and its program copied into the package.
fn kattis_validation(
    k: &judge_model::kattis::Kattis,
    format: Format,
    dir: &Path,
) -> Result<Validation> {
    if !k.group_flags.is_empty() {
        bail!("checker \"kattis\" with flags per test group cannot be exported");
    }
    let flags = k.flags.clone();
    let Some(program) = k.programs.first() else {
        return Ok(Validation {
            describe: OutputValidation::Default(flags.clone()),
            flags,
            custom: false,
            interactive: false,
        });
    };
    // Legacy: any number of programs under output_validators/; 2025-09: the
    // one program is the folder output_validator/ (spec "Output validator").
    let to = match format {
        Format::Legacy if program.path.is_dir() => {
            dir.join("output_validators").join(&program.name)
        }
        Format::Legacy => dir
            .join("output_validators")
            .join(stem(&program.path))
            .join(&program.name),
        Format::V2025_09 if program.path.is_dir() => dir.join("output_validator"),
        Format::V2025_09 => dir.join("output_validator").join(&program.name),
    };
    if let Some(parent) = to.parent() {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
    }
    crate::import::copy_tree(&program.path, &to)?;
    Ok(Validation {
        describe: OutputValidation::Custom(program.name.clone()),
        flags,
        custom: true,
        interactive: false,
    })
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
}

/// 2025-09 gives the output validator's arguments per test data group
/// (`output_validator_args` in test_group.yaml, spec "Test data
/// configuration"; problem.yaml's `validator_flags` is gone).
fn write_data_settings(
    format: Format,
    validation: &Validation,
    dir: &Path,
    samples: bool,
) -> Result<()> {
    if format != Format::V2025_09 || validation.flags.is_empty() {
        return Ok(());
    }
    let args: Vec<String> = validation.flags.iter().map(|f| yaml_string(f)).collect();
    let text = format!(
        "# Written by `cargo judge export`: the arguments of the output validator.\noutput_validator_args: [{}]\n",
        args.join(", ")
    );
    let parts: &[&str] = if samples {
        &["sample", "secret"]
    } else {
        &["secret"]
    };
    for part in parts {
        let path = dir.join("data").join(part).join("test_group.yaml");
        std::fs::write(&path, &text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// A YAML string: JSON's double-quoted string is one (YAML 1.2 is a superset).
fn yaml_string(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_string())
}

/// problem.yaml: the name, source and limits, and (legacy) the validation.
fn problem_yaml(name: &str, settings: &Settings, format: Format, v: &Validation) -> String {
    let title = settings.title.clone().unwrap_or_else(|| name.to_string());
    let mut y = format!(
        "# Written by `cargo judge export {name}` from testdata/{name}/problem.toml.\n\
         problem_format_version: {}\nname: {}\n",
        format.name(),
        yaml_string(&title)
    );
    // Required from 2023-07 on, optional in legacy (where problemtools asks for
    // one): spec/2025-09.md "UUID and version". Made from the name, so every
    // export of the problem has the same one.
    let _ = writeln!(y, "uuid: {}", uuid_of(name));
    if let Some(origin) = &settings.source {
        let source = format!("{} {}", origin.judge, origin.id);
        match (format, &origin.url) {
            (Format::Legacy, url) => {
                let _ = writeln!(y, "source: {}", yaml_string(&source));
                if let Some(url) = url {
                    let _ = writeln!(y, "source_url: {}", yaml_string(url));
                }
            }
            (Format::V2025_09, Some(url)) => {
                let _ = writeln!(
                    y,
                    "source:\n  name: {}\n  url: {}",
                    yaml_string(&source),
                    yaml_string(url)
                );
            }
            (Format::V2025_09, None) => {
                let _ = writeln!(y, "source: {}", yaml_string(&source));
            }
        }
    }
    if format == Format::V2025_09 && v.interactive {
        // spec/2025-09.md "Type".
        y.push_str("type: interactive\n");
    }
    y.push_str("limits:\n");
    if format == Format::V2025_09 {
        // spec/2025-09.md "Limits": time_limit in seconds.
        let _ = writeln!(y, "  time_limit: {}", settings.limits.time.as_secs_f64());
    }
    let _ = writeln!(y, "  memory: {}", settings.limits.memory.div_ceil(1 << 20));
    let _ = writeln!(y, "  output: {}", settings.limits.output.div_ceil(1 << 20));
    if format == Format::Legacy {
        // spec/legacy.md "Validation": default or custom, and the flags.
        let validation = match (v.custom, v.interactive) {
            (_, true) => "custom interactive",
            (true, false) => "custom",
            (false, false) => "default",
        };
        let _ = writeln!(y, "validation: {validation}");
        if !v.flags.is_empty() {
            let _ = writeln!(y, "validator_flags: {}", yaml_string(&v.flags.join(" ")));
        }
    }
    y
}

/// A UUID made from the problem's name (FNV-1a, two ways), with the version 4
/// and variant bits set: stable from export to export.
fn uuid_of(name: &str) -> String {
    let fnv = |seed: u64| {
        name.bytes().fold(seed, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        })
    };
    let (hi, lo) = (fnv(0xcbf2_9ce4_8422_2325), fnv(0x6c62_272e_07bb_0142));
    let hi = (hi & !0xf000) | 0x4000;
    let lo = (lo & !(0xc << 60)) | (0x8 << 60);
    format!(
        "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        hi >> 32,
        (hi >> 16) & 0xffff,
        hi & 0xffff,
        lo >> 48,
        lo & 0xffff_ffff_ffff
    )
}

/// The statement: the workspace keeps none, so it names the problem and where
/// its statement is: `problem.en.tex` with `\problemname`, in
/// problem_statement/ (spec/legacy.md "Problem Statements") or statement/
/// (spec/2025-09.md "Problem statements", which allows Markdown too, but
/// BAPCtools 2026.10 looks for the LaTeX file).
fn write_statement(name: &str, settings: &Settings, format: Format, dir: &Path) -> Result<()> {
    let title = settings.title.clone().unwrap_or_else(|| name.to_string());
    let mut body = String::new();
    if let Some(o) = &settings.source {
        let _ = write!(body, "This is {} {}", o.judge, o.id);
        match &o.url {
            Some(url) => {
                let _ = write!(body, "; its statement is at {url}. ");
            }
            None => body.push_str(". "),
        }
    }
    let _ = write!(
        body,
        "The package was exported from the problem {name} of a cp-games workspace, which keeps no statement of its own."
    );
    let folder = dir.join(match format {
        Format::Legacy => "problem_statement",
        Format::V2025_09 => "statement",
    });
    std::fs::create_dir_all(&folder)
        .with_context(|| format!("cannot create {}", folder.display()))?;
    let text = format!("\\problemname{{{}}}\n\n{}\n", latex(&title), latex(&body));
    std::fs::write(folder.join("problem.en.tex"), text).context("cannot write problem.en.tex")
}

/// `text` with LaTeX's special characters escaped.
fn latex(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '#' | '$' | '%' | '&' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// The submissions: the solution's bundle in `accepted/`, each known-wrong
/// solution's (`wa_*`, `tle_*`, `re_*`) in its verdict's folder. A file is
/// named with `_` for `-`, as rustc takes a crate's name from its file's.
fn submissions(
    sources: &judge_bundle::Sources,
    name: &str,
    bins: &[(String, PathBuf)],
    dir: &Path,
) -> Result<Vec<(String, PathBuf)>> {
    let mut written = Vec::new();
    for (target, source) in bins {
        let (folder, file) = if target == name {
            ("accepted", format!("{}.rs", name.replace('-', "_")))
        } else {
            let stem = stem(source);
            let Some(folder) = expected_verdict(&stem).and_then(verdict_folder) else {
                continue;
            };
            (folder, format!("{}.rs", stem.replace('-', "_")))
        };
        let text = sources.text_of(name, source, judge_bundle::judges::STD)?;
        let folder_path = dir.join("submissions").join(folder);
        std::fs::create_dir_all(&folder_path)
            .with_context(|| format!("cannot create {}", folder_path.display()))?;
        std::fs::write(folder_path.join(&file), text)
            .with_context(|| format!("cannot write submissions/{folder}/{file}"))?;
        let shown = source.strip_prefix(sources.root()).unwrap_or(source);
        written.push((format!("{folder}/{file}"), shown.to_path_buf()));
    }
    written.sort();
    Ok(written)
}

/// The problem's validate binary as the input validator
/// `input_validators/validate/`: its bundle, with `build` and `run` scripts
/// (spec "Programs": a Rust validator needs them) that turn its exit 0 into the
/// 42 the format wants (spec "Input validators", "Exit codes"). The template's
/// stub, not written yet, is left out with a warning.
fn input_validator(
    sources: &judge_bundle::Sources,
    name: &str,
    bins: &[(String, PathBuf)],
    dir: &Path,
    warnings: &mut Vec<Warning>,
) -> Result<Option<String>> {
    let Some((_, source)) = bins.iter().find(|(_, s)| stem(s) == "validate") else {
        warnings.push(Warning::NoInputValidator(name.to_string()));
        return Ok(None);
    };
    let text = sources.text_of(name, source, judge_bundle::judges::STD)?;
    if text.contains("not written yet") && text.contains("exit(3)") {
        warnings.push(Warning::InputValidatorNotWritten(source.to_path_buf()));
        return Ok(None);
    }
    let folder = dir.join("input_validators").join("validate");
    write_rust_program(&text, &folder, "validate", VALIDATOR_RUN, VALIDATOR_README)?;
    Ok(Some("input_validators/validate".to_string()))
}

/// The interactor as the package's output validator, run interactively
/// (spec/legacy.md "Validation": `custom interactive`; spec/2025-09.md "Type":
/// `interactive`): it keeps the Kattis convention already (`INTERACTOR INPUT
/// ANSWER FEEDBACK_DIR`, exit 42 or 43), so `run` only starts it.
fn interactor_validation(
    sources: &judge_bundle::Sources,
    name: &str,
    settings: &Settings,
    bins: &[(String, PathBuf)],
    format: Format,
    dir: &Path,
) -> Result<Validation> {
    let Some(judge_model::problem::Interactor::Binary(target)) = &settings.interactor else {
        bail!(
            "testdata/{name}/problem.toml: only an interactor that is a binary of the problem's crate (interactor = \"{name}-interactor\") can be exported, as the package's output validator"
        );
    };
    let Some((_, source)) = bins.iter().find(|(t, _)| t == target) else {
        bail!("problems/{name} has no binary {target}, the interactor problem.toml names");
    };
    let text = sources.text_of(name, source, judge_bundle::judges::STD)?;
    let folder = match format {
        Format::Legacy => dir.join("output_validators").join("interactor"),
        Format::V2025_09 => dir.join("output_validator"),
    };
    write_rust_program(
        &text,
        &folder,
        "interactor",
        INTERACTOR_RUN,
        INTERACTOR_README,
    )?;
    Ok(Validation {
        flags: Vec::new(),
        custom: true,
        interactive: true,
        describe: OutputValidation::Interactor(target.to_string()),
    })
}

/// A Rust program of the package: its bundle `NAME.rs` in `folder`, with a
/// `build` script that compiles it and the `run` script given (spec
/// "Programs": a validator in Rust needs them). Needs rustc on PATH, as the
/// Rust submissions do.
fn write_rust_program(
    text: &str,
    folder: &Path,
    name: &str,
    run: &str,
    readme: &str,
) -> Result<()> {
    std::fs::create_dir_all(folder)
        .with_context(|| format!("cannot create {}", folder.display()))?;
    std::fs::write(folder.join(format!("{name}.rs")), text)
        .with_context(|| format!("cannot write {name}.rs"))?;
    let build = format!(
        "#!/bin/sh\n\
         # Run by the package's tools in a copy of this folder before the program is\n\
         # used (spec \"Programs\"). Needs rustc on PATH, as the Rust submissions do.\n\
         set -e\n\
         rustc --edition 2021 -O -o {name}.bin {name}.rs\n"
    );
    write_script(&folder.join("build"), &build)?;
    write_script(&folder.join("run"), run)?;
    std::fs::write(folder.join("README"), readme).context("cannot write README")
}

const VALIDATOR_RUN: &str = "#!/bin/sh\n\
# The workspace's validator exits 0 for a valid input and prints why not\n\
# otherwise; the format wants 42 for valid (spec \"Input validators\").\n\
\"$(dirname \"$0\")/validate.bin\"\n\
case $? in\n\
    0) exit 42 ;;\n\
    *) exit 43 ;;\n\
esac\n";

const VALIDATOR_README: &str = "The problem's input validator (src/bin/validate.rs of its cp-games crate,\n\
bundled with the library code it uses into validate.rs). `build` compiles it\n\
with rustc (which must be on PATH); `run` runs it on standard input and exits\n\
42 when it accepts the input (it exits 0), 43 otherwise.\n";

const INTERACTOR_RUN: &str = "#!/bin/sh\n\
# The interactor keeps the format's convention: INPUT ANSWER FEEDBACK_DIR,\n\
# exit 42 or 43 (spec \"Output validator\").\n\
exec \"$(dirname \"$0\")/interactor.bin\" \"$@\"\n";

const INTERACTOR_README: &str = "The problem's interactor (its cp-games crate's interactor binary, bundled\n\
with the library code it uses into interactor.rs). `build` compiles it with\n\
rustc (which must be on PATH); `run` starts it as the output validator.\n";

fn write_script(path: &Path, text: &str) -> Result<()> {
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .with_context(|| format!("cannot make {} executable", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_is_a_sample_when_a_word_of_its_name_is_sample() {
        for (name, sample) in [
            ("01-sample", true),
            ("02-sample", true),
            ("sample-1", true),
            ("sample/1", true),
            ("03_sample", true),
            ("01-samples", false),
            ("10-resample", false),
            ("secret-group1-03", false),
            ("20-random-small", false),
        ] {
            assert_eq!(is_sample(name), sample, "{name}");
        }
    }

    #[test]
    fn each_comparing_checker_is_the_default_validator_with_the_flags_that_mean_it() {
        let tokens = |case_sensitive| Checker::Tokens { case_sensitive };
        let float = Checker::Float {
            abs: 1e-6,
            rel: 1e-9,
        };
        for (checker, flags) in [
            (
                &Checker::Exact,
                &["case_sensitive", "space_change_sensitive"][..],
            ),
            (&tokens(true), &["case_sensitive"]),
            // Kattis' default validator ignores case unless told otherwise.
            (&tokens(false), &[]),
            (
                &float,
                &[
                    "case_sensitive",
                    "float_absolute_tolerance",
                    "1e-6",
                    "float_relative_tolerance",
                    "1e-9",
                ],
            ),
        ] {
            let v = output_validation(checker, Format::Legacy, Path::new("/p"), &mut Vec::new())
                .unwrap();
            assert!(!v.custom, "{checker:?}");
            assert_eq!(v.flags, flags, "{checker:?}");
            // What the package says is what the judge's reader of it makes of it.
            let read = judge_model::kattis::Flags::parse(&v.flags).unwrap();
            let case_sensitive = !matches!(
                checker,
                Checker::Tokens {
                    case_sensitive: false
                }
            );
            assert_eq!(read.case_sensitive, case_sensitive, "{checker:?}");
        }
    }

    #[test]
    fn the_package_name_keeps_lowercase_letters_and_digits() {
        assert_eq!(package_name("subtraction-dp"), "subtractiondp");
        assert_eq!(package_name("poj2484"), "poj2484");
        assert_eq!(package_name("abc086_a"), "abc086a");
    }

    #[test]
    fn the_uuid_is_stable_and_of_version_4() {
        let u = uuid_of("poj2484");
        assert_eq!(u, uuid_of("poj2484"));
        assert_ne!(u, uuid_of("poj2348"));
        let parts: Vec<&str> = u.split('-').collect();
        assert_eq!(
            parts.iter().map(|p| p.len()).collect::<Vec<_>>(),
            [8, 4, 4, 4, 12]
        );
        assert!(parts[2].starts_with('4'), "{u}");
        assert!(matches!(&parts[3][..1], "8" | "9" | "a" | "b"), "{u}");
    }

    #[test]
    fn latex_specials_are_escaped() {
        assert_eq!(
            latex("a_b & 50% #1 {x} ~^\\"),
            "a\\_b \\& 50\\% \\#1 \\{x\\} \\textasciitilde{}\\textasciicircum{}\\textbackslash{}"
        );
    }
}
