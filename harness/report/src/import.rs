//! The words of `import`: what it wrote.

use std::fmt::Write as _;
use std::path::PathBuf;

/// What `import` made of a package.
#[derive(Debug, Clone)]
pub struct Imported {
    /// The package folder.
    pub package: PathBuf,
    /// The workspace problem it became.
    pub name: String,
    /// The package's Rust accepted submission that became `src/main.rs`
    /// (relative to the package), if it has one.
    pub main: Option<PathBuf>,
    /// The package programs kept as the problem's own.
    pub kept: Kept,
    /// The test cases written.
    pub cases: usize,
    /// How problem.toml has outputs judged.
    pub checker: Judging,
    /// The time limit written.
    pub time_limit: std::time::Duration,
    /// Whether that is the default (the package sets none, verify computed none).
    pub default_time_limit: bool,
}

/// How an imported problem's outputs are judged: the package's own programs
/// copied, or the workspace checker its validator's flags mean.
#[derive(Debug, Clone, PartialEq)]
pub enum Judging {
    /// The package's output validator, copied as `file`, run as Kattis runs it.
    CustomValidator {
        /// Its name in the testdata folder.
        file: String,
        /// Its language.
        language: String,
    },
    /// Kattis' default validator with these flags.
    KattisDefault(judge_model::kattis::Flags),
    /// The float checker.
    Float,
    /// The tokens checker, case-sensitive or not.
    Tokens {
        /// Letters must match in case.
        case_sensitive: bool,
    },
    /// A Polygon package's testlib checker, copied as `file`.
    TestlibChecker {
        /// Its name in the testdata folder.
        file: String,
        /// The checker problem.xml names.
        from: judge_model::package::PolygonChecker,
    },
    /// A Polygon package's testlib interactor, copied as `file`, and the testlib
    /// checker that judges what it wrote, when it has one.
    TestlibInteractor {
        /// Its name in the testdata folder.
        file: String,
        /// The checker's name in the testdata folder.
        checker: Option<String>,
    },
}

impl Judging {
    /// How it reads in what `import` says.
    pub fn text(&self) -> String {
        match self {
            Judging::CustomValidator { file, language } => {
                format!("custom validator {file} ({language})")
            }
            Judging::KattisDefault(flags) => {
                format!("kattis default validator: {}", crate::package::flags(flags))
            }
            Judging::Float => "float checker".to_string(),
            Judging::Tokens {
                case_sensitive: true,
            } => "tokens checker".to_string(),
            Judging::Tokens {
                case_sensitive: false,
            } => "tokens checker, any case (case_sensitive = false)".to_string(),
            Judging::TestlibChecker { file, from } => {
                format!(
                    "testlib checker {file}, from {}",
                    crate::package::polygon_checker(from)
                )
            }
            Judging::TestlibInteractor { file, checker } => {
                let then = checker
                    .as_ref()
                    .map_or_else(String::new, |c| format!(", then the testlib checker {c}"));
                format!("testlib interactor {file}{then}")
            }
        }
    }
}

/// The package programs an import keeps.
#[derive(Debug, Clone, Default)]
pub struct Kept {
    /// The input validators, by name.
    pub validators: Vec<String>,
    /// Input validators left out (another language), by name.
    pub skipped: Vec<String>,
    /// The reference submission, relative to the package's submissions/.
    pub reference: Option<String>,
}

/// What `import` says it wrote.
pub fn text(i: &Imported) -> String {
    let name = &i.name;
    let mut text = format!(
        "imported {} as {name}\ncreated problems/{name}/ from the template",
        i.package.display()
    );
    match &i.main {
        Some(rel) => {
            let _ = write!(text, "; src/main.rs from {}", rel.display());
        }
        None => text.push_str(
            "; src/main.rs is the template's (the package has no Rust accepted submission): write yours",
        ),
    }
    text.push_str(&kept_text(&i.kept));
    let _ = write!(
        text,
        "\ncreated testdata/{name}/: {} cases, problem.toml ({}, time limit {})\n",
        i.cases,
        i.checker.text(),
        crate::verify::secs(i.time_limit.as_secs_f64())
    );
    if i.default_time_limit {
        text.push_str(
            "note: the package sets no time limit and verify has not computed one: the default was used\n",
        );
    }
    let _ = writeln!(text, "next: cargo judge {name}");
    text
}

/// What the import says of the package programs it kept.
fn kept_text(kept: &Kept) -> String {
    let mut text = String::new();
    if !kept.validators.is_empty() {
        let _ = write!(
            text,
            "\nsrc/bin/validate.rs runs the package's input validators ({}) for lint, stress and bless",
            kept.validators.join(", ")
        );
    }
    if !kept.skipped.is_empty() {
        let _ = write!(
            text,
            "\nnot kept (only C, C++ and Python are): {}",
            kept.skipped.join(", ")
        );
    }
    if let Some(r) = &kept.reference {
        let _ = write!(
            text,
            "\nsrc/bin/brute.rs runs submissions/{r} as the brute force stress compares with"
        );
    }
    text
}
