//! A package's verdicts: the names a problem package's example submissions are
//! expected to get and `verify` reports they got ([`PackageVerdict`]), as the
//! package formats spell them. They are not the judge's own [`Verdict`]s: the
//! formats say RTE where the judge says RE, fold the judge's ERR and INT into JE,
//! and DOMjudge adds NO-OUTPUT, a wrong answer that printed nothing. Also what
//! a package judges and how ([`Summary`]) and where its time limit comes from
//! ([`TimeSource`]) and what its reader warns of ([`PackageWarning`]), for the
//! reporters to word.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use serde::{Serialize, Serializer};

use crate::judge::Verdict;

/// Where the time limit came from.
#[derive(Debug, Clone, PartialEq)]
pub enum TimeSource {
    /// `--time-limit`.
    CommandLine,
    /// `limits.time_limit` in problem.yaml.
    ProblemYaml,
    /// `<time-limit>` in a Polygon package's problem.xml.
    ProblemXml,
    /// The `.timelimit` file.
    TimelimitFile,
    /// `timelimit` in DOMjudge's `domjudge-problem.ini`.
    DomjudgeIni,
    /// Computed by `verify`: the slowest run bounding it times the multiplier.
    Verified {
        /// The slowest case of the submissions bounding the limit from below
        /// (accepted ones; from 2023-07 also wrong_answer, run_time_error).
        slowest: Duration,
    },
    /// Nothing said: the judge's default.
    Default,
}

/// What a package's reader warns of: the format calls it wrong, but judging need
/// not stop for it (shown, never failing the package; `judge_report::package`
/// words it).
#[derive(Debug, Clone, PartialEq)]
pub enum PackageWarning {
    /// A key a test case's `.yaml` may not have (spec/2025-09.md "Test case
    /// configuration": "should be treated as an error"; tools write keys of their own there).
    UnknownCaseKey {
        /// The case's `.yaml`.
        file: PathBuf,
        /// The key's line.
        line: usize,
        /// The key.
        key: String,
        /// The keys a case's `.yaml` may have.
        known: &'static [&'static str],
    },
    /// `output_validator_flags` or `input_validator_flags` in a 2025-09
    /// `test_group.yaml`, where the format names them `_args`: ignored, as
    /// BAPCtools ignores them.
    IgnoredFlagsKey {
        /// The `test_group.yaml` (or `testdata.yaml`).
        file: PathBuf,
        /// The key's line.
        line: usize,
        /// The key.
        key: &'static str,
        /// Its 2025-09 name.
        instead: &'static str,
    },
    /// `output_validator_args`, `input_validator_args` or `args` given as a
    /// string in a 2025-09 package, whose format wants a sequence of strings:
    /// taken as no arguments, as BAPCtools takes it.
    NotASequence {
        /// The `test_group.yaml` or the case's `.yaml`.
        file: PathBuf,
        /// The key's line.
        line: usize,
        /// The key.
        key: &'static str,
    },
    /// `limits.time_limit` in a legacy problem.yaml, a key of 2023-07 on: used
    /// as the time limit, as DOMjudge reads it in any format; problemtools'
    /// verifyproblem refuses the package.
    LegacyTimeLimit {
        /// The key's line in problem.yaml.
        line: usize,
    },
    /// An input validator in a validator language the format names that this
    /// judge does not run (legacy "Input validators": a checktestdata `.ctd`
    /// script or a VIVA `.viva` one): the inputs are not checked by it.
    ValidatorNotRun {
        /// The validator's path, relative to the package.
        file: PathBuf,
        /// Its language's name (`checktestdata`, `VIVA`).
        language: &'static str,
    },
    /// A `.timelimit` file whose limit differs from the one problem.yaml or
    /// domjudge-problem.ini sets, which is used: DOMjudge refuses such a package.
    ConflictingTimelimit {
        /// The `.timelimit` file's limit.
        file: std::time::Duration,
        /// The limit used.
        used: std::time::Duration,
        /// Where the used one comes from (`problem.yaml`, `domjudge-problem.ini`).
        from: &'static str,
    },
}

/// What checks a package's outputs, for its header.
#[derive(Debug, Clone, PartialEq)]
pub enum Checking {
    /// A Kattis package's output validator (the default one and its flags, or
    /// programs).
    Kattis(std::sync::Arc<crate::kattis::Kattis>),
    /// A Polygon package's checker and what else it has.
    Polygon(PolygonSummary),
}

/// What a Polygon package judges with and what making its tests did, for its
/// header.
#[derive(Debug, Clone, PartialEq)]
pub struct PolygonSummary {
    /// The checker problem.xml names.
    pub checker: PolygonChecker,
    /// The interactor of an interactive problem.
    pub interactor: Option<std::sync::Arc<crate::testlib::Program>>,
    /// Each case's group and points (`None` where problem.xml gives none).
    pub groups: Vec<(Option<String>, Option<f64>)>,
    /// What making the tests the package does not ship did.
    pub made: Made,
}

/// The checker a Polygon package's problem.xml names.
#[derive(Debug, Clone, PartialEq)]
pub enum PolygonChecker {
    /// Its testlib checker, by the source's path in the package (`files/check.cpp`).
    Testlib(String),
    /// A standard testlib checker named without a source (`std::rcmp6.cpp`):
    /// the judge's own equivalent runs.
    Standard(String),
    /// None named: tokens are compared.
    Unnamed,
}

/// What the judge made of the tests and answers a Polygon package does not ship.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Made {
    /// Tests generated with the package's generators.
    pub generated: usize,
    /// How many of them are files a multi-test generator wrote.
    pub from_files: usize,
    /// How many runs of the multi-test generators those files came from (one per
    /// distinct command).
    pub multi_runs: usize,
    /// How many of those runs an earlier judge run made: their files (or the
    /// tests made of them) were found in the cache, and did not run now.
    pub multi_cached: usize,
    /// Answers made.
    pub answered: usize,
    /// The answers are empty files (an interactive problem), not the main
    /// solution's outputs.
    pub interactive: bool,
    /// The folder they are in.
    pub out: PathBuf,
}

/// What the generators.yaml reader warns of: what BAPCtools skips or ignores,
/// saying so (`judge_report::generate` words it).
#[derive(Debug, Clone, PartialEq)]
pub enum GeneratorsWarning {
    /// A `generators:` entry whose name is no plain file name: skipped.
    NotAFileName {
        /// Its line.
        line: usize,
        /// The name.
        name: String,
    },
    /// A `generators:` entry that lists no files: skipped.
    NoFiles {
        /// Its line.
        line: usize,
        /// The generator's name.
        name: String,
    },
    /// A key generators.yaml does not know: ignored.
    UnknownKey {
        /// Its line.
        line: usize,
        /// The key.
        key: String,
        /// The folder it is in (data-relative), `None` at the root.
        folder: Option<String>,
    },
    /// A root folder of `data:` that is not a test data folder: ignored.
    NotADataFolder {
        /// Its line.
        line: usize,
        /// The folder, under data/.
        folder: String,
    },
}

/// What a package judges and how: the facts the line at the top of a run or a
/// `verify` says (`judge_report::package::header` words them).
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// The package's short name.
    pub name: String,
    /// How many cases.
    pub cases: usize,
    /// How many of them are samples.
    pub samples: usize,
    /// Interactive.
    pub interactive: bool,
    /// Scoring.
    pub scoring: bool,
    /// Multi-pass: at most this many passes.
    pub passes: Option<u32>,
    /// The time limit judged with.
    pub time_limit: Duration,
    /// Where it comes from.
    pub source: TimeSource,
    /// Only accepted submissions bound a computed limit from below (before
    /// 2025-09, which counts any run bounding it).
    pub accepted_bound_only: bool,
    /// The slowest bounding run × this is a computed limit.
    pub multiplier: f64,
    /// The memory limit, in MiB.
    pub memory_mib: u64,
    /// The output limit, in MiB.
    pub output_mib: u64,
    /// What checks the outputs.
    pub checker: Checking,
    /// The data folder, when `generators.yaml` made it.
    pub generated: Option<PathBuf>,
}

/// One verdict by the package format's name (2025-09 "Example submissions": AC,
/// WA, TLE, RTE; the rest kept apart as DOMjudge does).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PackageVerdict {
    /// Accepted.
    AC,
    /// Wrong answer.
    WA,
    /// Presentation error: only workspace and testlib checkers say it (Polygon's
    /// tag asks for it); the package format counts it a wrong answer.
    PE,
    /// Time limit exceeded.
    TLE,
    /// Run-time error (the judge's RE).
    RTE,
    /// Memory limit exceeded.
    MLE,
    /// Output limit exceeded.
    OLE,
    /// Compile error.
    CE,
    /// Judge error (the judge's ERR, or INT: no verdict).
    JE,
    /// DOMjudge's NO-OUTPUT: the output validator rejected an empty output (its
    /// judge's `testcase_run.sh`: exit 43 and an empty `program.out`, never for an
    /// interactive problem; TLE, RTE and OLE come first). A submission's verdict
    /// only: a WA whose output was empty.
    NoOutput,
}

impl PackageVerdict {
    /// The name a package and `verify`'s reports use, e.g. `RTE`, `NO-OUTPUT`.
    pub fn name(self) -> &'static str {
        match self {
            PackageVerdict::AC => "AC",
            PackageVerdict::WA => "WA",
            PackageVerdict::PE => "PE",
            PackageVerdict::TLE => "TLE",
            PackageVerdict::RTE => "RTE",
            PackageVerdict::MLE => "MLE",
            PackageVerdict::OLE => "OLE",
            PackageVerdict::CE => "CE",
            PackageVerdict::JE => "JE",
            PackageVerdict::NoOutput => "NO-OUTPUT",
        }
    }

    /// One verdict name from a tag, a YAML list or a folder: Kattis' names and
    /// DOMjudge's (`CORRECT`, `WRONG-ANSWER`, `TIMELIMIT`, `RUN-ERROR`, ...), in
    /// any case, quoted or not, with `_` for `-` (`wrong_answer`, `no_output`).
    pub fn parse(word: &str) -> Option<PackageVerdict> {
        let w = word.trim().trim_matches(|c| c == '"' || c == '\'');
        Some(match w.to_ascii_uppercase().replace('_', "-").as_str() {
            "AC" | "CORRECT" | "ACCEPTED" => PackageVerdict::AC,
            "WA" | "WRONG-ANSWER" => PackageVerdict::WA,
            "NO-OUTPUT" => PackageVerdict::NoOutput,
            "PE" | "PRESENTATION-ERROR" => PackageVerdict::PE,
            "TLE" | "TIMELIMIT" | "TIME-LIMIT-EXCEEDED" | "TIME-LIMIT" => PackageVerdict::TLE,
            "RTE" | "RE" | "RUN-ERROR" | "RUN-TIME-ERROR" => PackageVerdict::RTE,
            "MLE" | "MEMORY-LIMIT" | "MEMORY-LIMIT-EXCEEDED" => PackageVerdict::MLE,
            "OLE" | "OUTPUT-LIMIT" | "OUTPUT-LIMIT-EXCEEDED" => PackageVerdict::OLE,
            "CE" | "COMPILER-ERROR" | "COMPILE-ERROR" => PackageVerdict::CE,
            "JE" | "JUDGE-ERROR" => PackageVerdict::JE,
            _ => return None,
        })
    }

    /// Whether this verdict, got, satisfies the expected `want`. The format counts
    /// a memory-limit or output-limit kill as a run-time error (2025-09 "Example
    /// submissions": `run_time_error` crashes, with only AC, WA, TLE, RTE as
    /// verdicts), so RTE is satisfied by MLE and OLE too. PE and DOMjudge's
    /// NO-OUTPUT are wrong answers, so they satisfy WA; WA does not satisfy
    /// NO-OUTPUT.
    pub fn satisfies(self, want: PackageVerdict) -> bool {
        use PackageVerdict::*;
        self == want
            || (want == RTE && matches!(self, MLE | OLE))
            || (want == WA && matches!(self, PE | NoOutput))
    }
}

impl From<Verdict> for PackageVerdict {
    /// The package format's verdict for a judge verdict: RE is RTE, the judge's
    /// own failures (ERR, and INT: no verdict) are JE.
    fn from(v: Verdict) -> PackageVerdict {
        match v {
            Verdict::AC => PackageVerdict::AC,
            Verdict::WA => PackageVerdict::WA,
            Verdict::PE => PackageVerdict::PE,
            Verdict::TLE => PackageVerdict::TLE,
            Verdict::RE => PackageVerdict::RTE,
            Verdict::MLE => PackageVerdict::MLE,
            Verdict::OLE => PackageVerdict::OLE,
            Verdict::CE => PackageVerdict::CE,
            Verdict::ERR | Verdict::INT => PackageVerdict::JE,
        }
    }
}

impl fmt::Display for PackageVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reports carry the name (`"RTE"`, `"NO-OUTPUT"`), as a string.
impl Serialize for PackageVerdict {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// `verdicts` joined with `sep` by name: `WA or PE`.
pub fn join(verdicts: &[PackageVerdict], sep: &str) -> String {
    verdicts
        .iter()
        .map(|v| v.name())
        .collect::<Vec<_>>()
        .join(sep)
}

#[cfg(test)]
mod tests {
    use super::PackageVerdict::{self, *};
    use crate::judge::Verdict;

    #[test]
    fn domjudge_and_kattis_names_read_as_the_format_verdicts() {
        for (word, want) in [
            ("CORRECT", AC),
            ("accepted", AC),
            ("WRONG-ANSWER", WA),
            ("NO-OUTPUT", NoOutput),
            ("no_output", NoOutput),
            ("PRESENTATION-ERROR", PE),
            ("TIMELIMIT", TLE),
            ("time_limit_exceeded", TLE),
            ("RUN-ERROR", RTE),
            ("RE", RTE),
            ("rte", RTE),
            ("OUTPUT-LIMIT", OLE),
            ("MEMORY-LIMIT", MLE),
            ("COMPILER-ERROR", CE),
            ("compile_error", CE),
            ("judge-error", JE),
            ("wrong_answer", WA),
            ("'AC'", AC),
            (" \"TLE\" ", TLE),
        ] {
            assert_eq!(PackageVerdict::parse(word), Some(want), "{word}");
        }
        for word in ["MAYBE", "", "ERR", "INT", "IF"] {
            assert_eq!(PackageVerdict::parse(word), None, "{word}");
        }
    }

    #[test]
    fn every_name_reads_back_as_its_verdict() {
        for v in [AC, WA, PE, TLE, RTE, MLE, OLE, CE, JE, NoOutput] {
            assert_eq!(PackageVerdict::parse(v.name()), Some(v), "{v}");
            assert_eq!(v.to_string(), v.name());
        }
    }

    #[test]
    fn the_judge_s_verdicts_take_the_format_s_names() {
        #[rustfmt::skip]
        let rows = [
            (Verdict::AC, AC), (Verdict::WA, WA), (Verdict::PE, PE), (Verdict::TLE, TLE),
            (Verdict::MLE, MLE), (Verdict::RE, RTE), (Verdict::OLE, OLE), (Verdict::CE, CE),
            (Verdict::ERR, JE), (Verdict::INT, JE),
        ];
        for (judge, package) in rows {
            assert_eq!(PackageVerdict::from(judge), package, "{judge:?}");
        }
    }

    #[test]
    fn a_crash_of_any_kind_satisfies_rte_and_any_wrong_answer_satisfies_wa() {
        #[rustfmt::skip]
        let rows = [
            (RTE, RTE, true), (MLE, RTE, true), (OLE, RTE, true), (TLE, RTE, false),
            (PE, WA, true), (NoOutput, WA, true), (WA, NoOutput, false), (WA, PE, false),
            (RTE, MLE, false), (AC, AC, true), (JE, AC, false), (CE, CE, true),
        ];
        for (got, want, yes) in rows {
            assert_eq!(got.satisfies(want), yes, "{got} satisfies {want}");
        }
    }
}
