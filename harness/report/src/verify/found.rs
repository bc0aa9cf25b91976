//! What `verify` found besides each submission's verdict, typed: the package's
//! errors, the warnings, and why a submission was skipped. JSON and JUnit write
//! each as its sentence, as the table does.

use serde::{Serialize, Serializer};

use judge_model::units::human_time;

use super::secs;

/// What went wrong besides submissions: the package fails.
#[derive(Debug, Clone, PartialEq)]
pub enum PackageError {
    /// What the package reader found wrong (its own words: unpaired files, ...).
    Read(String),
    /// No submission bounds the time limit from below (spec/2025-09.md "Timelimit inference").
    NoLowerBound,
    /// Every submission was skipped (this many): nothing was checked.
    NothingJudged(usize),
    /// A validator (input or static) that does not build.
    NotBuilt {
        /// `input validator` or `static validator`.
        what: &'static str,
        /// Its path.
        path: String,
        /// The compiler's words.
        why: String,
    },
    /// An input validator rejected an input (or could not run on it).
    InputRejected {
        /// The validator's name.
        validator: String,
        /// What it did.
        rejection: InputRejection,
    },
    /// A Polygon validator rejected a test (or could not run on it).
    TestRejected {
        /// The validator's name.
        validator: String,
        /// The test.
        test: String,
        /// Why, as the validator or the run says.
        why: String,
    },
    /// Every input validator accepts an input of `invalid_input/` (its path under data/).
    InvalidInputAccepted(String),
    /// The output validator on a `.out` of `invalid_output/`, `valid_output/` or a case.
    Output {
        /// The case.
        case: String,
        /// What the validator did.
        found: OutputFound,
    },
}

/// What an input validator did with an input it did not accept.
#[derive(Debug, Clone, PartialEq)]
pub enum InputRejection {
    /// It ended with something other than 42.
    Rejected {
        /// The input's path.
        input: String,
        /// How it ended.
        exit: String,
        /// Its last line of stderr (else of stdout), if any.
        said: String,
    },
    /// It could not be run: why.
    NotRun(String),
}

/// What the output validator did with a `.out` that it should not have.
#[derive(Debug, Clone, PartialEq)]
pub enum OutputFound {
    /// It failed (or its files could not be read): why.
    Failed(String),
    /// It accepts an output of `invalid_output/`.
    AcceptsInvalid,
    /// It rejects an output that must pass, saying this (the first line of its
    /// words, if it said any).
    RejectsValid(Option<String>),
}

/// What may be wrong but does not fail the package.
#[derive(Debug, Clone, PartialEq)]
pub enum Warning {
    /// What the package reader warns of.
    Read(judge_model::package::PackageWarning),
    /// pypy3 is missing: Python 3 submissions run on CPython where `system` runs PyPy.
    NoPyPy {
        /// How many.
        count: usize,
        /// The system whose interpreter it is (`problemtools`, ...).
        system: &'static str,
    },
    /// A fixed time limit under what a submission bounding it needs, as measured here.
    OverFixedLimit {
        /// The submission.
        submission: String,
        /// Its slowest time, in seconds.
        time: f64,
        /// The case.
        case: String,
        /// ac_to_time_limit.
        multiplier: f64,
        /// The fixed limit.
        limit: std::time::Duration,
    },
    /// A submission whose verdict depends on the time limit, where problemtools
    /// only warns of that.
    Sensitive {
        /// The submission.
        submission: String,
        /// How.
        how: Sensitivity,
    },
    /// An `@EXPECTED_RESULTS@` tag in one of the format's own verdict folders
    /// that says more than the folder, or other than it.
    TagBesideFolder {
        /// The submission (`accepted/x.py`).
        submission: String,
        /// The tag's verdicts.
        tag: Vec<judge_model::package::PackageVerdict>,
        /// Whether the tag was kept (it lacks the folder's verdict), else the
        /// folder decides.
        kept: bool,
    },
}

/// Why a judged submission does not get what it expects.
#[derive(Debug, Clone, PartialEq)]
pub enum Mismatch {
    /// A judge error on a case: never a match, whatever was expected.
    JudgeError {
        /// The case.
        case: String,
        /// Why, as data (a testlib checker's failure, an interactor's), if the
        /// judge knows it.
        reason: Option<Box<judge_model::judge::Reason>>,
        /// What else went wrong, in plain text (after the reason's words).
        why: String,
    },
    /// What it got is not what its expectation allows (the expectation's own words).
    Expectation(String),
    /// Nothing says what it should get.
    NoExpectation,
    /// A TLE only under the safety margin.
    UnderMargin(UnderMargin),
}

impl Mismatch {
    /// What it says.
    pub fn text(&self) -> String {
        match self {
            Mismatch::JudgeError { case, reason, why } => format!(
                "judge error on {case}: {}{why}",
                reason
                    .as_deref()
                    .map(crate::reason::words)
                    .unwrap_or_default()
            ),
            Mismatch::Expectation(why) => why.clone(),
            Mismatch::NoExpectation => "no expectation".to_string(),
            Mismatch::UnderMargin(u) => u.text(),
        }
    }
}

/// How a submission's verdict depends on the time limit.
#[derive(Debug, Clone, PartialEq)]
pub enum Sensitivity {
    /// Over the limit, but not past the limit × the safety margin.
    UnderMargin(UnderMargin),
    /// It misses its expectation (why) but meets it at the limit × the safety margin.
    ExtraTime {
        /// Why it misses at the limit.
        why: Mismatch,
        /// The safety margin.
        margin: f64,
    },
}

/// A TLE only under the safety margin.
#[derive(Debug, Clone, PartialEq)]
pub struct UnderMargin {
    /// The test group of the rule it concerns, if any.
    pub group: Option<String>,
    /// The time limit.
    pub limit: std::time::Duration,
    /// The limit × the safety margin.
    pub high: std::time::Duration,
}

/// Why a submission was not judged.
#[derive(Debug, Clone, PartialEq)]
pub enum Skipped {
    /// Its language is one this judge does not build, which would need `tool`.
    Unsupported {
        /// The language's name.
        language: String,
        /// The tool.
        tool: String,
    },
    /// Its language's tool is not installed.
    NotInstalled {
        /// The language.
        language: String,
        /// The tool.
        tool: String,
    },
    /// A Polygon solution whose file is of no language this judge builds.
    NoLanguage,
    /// A Polygon tag that asks for no verdict.
    NoVerdictTag(String),
    /// Nothing says what it should get: not a verdict folder, no tag.
    NoExpectation {
        /// Its folder under submissions/.
        folder: String,
    },
}

impl UnderMargin {
    /// What it says.
    pub fn text(&self) -> String {
        format!(
            "TLE only under the safety margin{}: over the {} limit but not past {}",
            self.group
                .as_ref()
                .map_or(String::new(), |g| format!(" in {g}")),
            secs(self.limit.as_secs_f64()),
            secs(self.high.as_secs_f64())
        )
    }
}

impl PackageError {
    /// What it says.
    pub fn text(&self) -> String {
        match self {
            PackageError::Read(why) => why.clone(),
            PackageError::NoLowerBound => {
                "no submission bounds the time limit from below (an accepted one, or \
                 use_for_time_limit: lower in submissions.yaml)"
                    .to_string()
            }
            PackageError::NothingJudged(skipped) => format!(
                "no submission was judged: all {skipped} were skipped, so nothing was checked"
            ),
            PackageError::NotBuilt { what, path, why } => {
                format!("cannot build {what} {path}: {why}")
            }
            PackageError::InputRejected {
                validator,
                rejection,
            } => format!("input validator {validator}: {}", rejection.text(validator)),
            PackageError::TestRejected {
                validator,
                test,
                why,
            } => format!("validator {validator}: test {test}: {why}"),
            PackageError::InvalidInputAccepted(name) => format!(
                "data/{name}.in: every input validator accepts it, but it is in invalid_input/"
            ),
            PackageError::Output { case, found } => match found {
                OutputFound::Failed(why) => {
                    format!("{case}: the output validator failed on its .out: {why}")
                }
                OutputFound::AcceptsInvalid => format!(
                    "{case}: the output validator accepts its .out, but it is in invalid_output/"
                ),
                OutputFound::RejectsValid(said) => format!(
                    "{case}: the output validator rejects its .out, which must pass ({})",
                    said.as_deref().unwrap_or("rejected")
                ),
            },
        }
    }
}

impl InputRejection {
    /// What it says of the input validator `validator`.
    pub fn text(&self, validator: &str) -> String {
        match self {
            InputRejection::Rejected { input, exit, said } => format!(
                "{input} rejected ({exit}, 42 accepts){}",
                if said.is_empty() {
                    String::new()
                } else {
                    format!(": {said}")
                }
            ),
            InputRejection::NotRun(why) => format!("cannot run {validator}: {why}"),
        }
    }
}

impl Warning {
    /// What it says.
    pub fn text(&self) -> String {
        match self {
            Warning::Read(w) => crate::package::warning(w),
            Warning::NoPyPy { count, system } => format!(
                "pypy3 is not installed: {count} Python 3 submission(s) run on CPython, \
                 where {system} runs them on PyPy; their times do not set the time limit"
            ),
            Warning::OverFixedLimit {
                submission,
                time,
                case,
                multiplier,
                limit,
            } => format!(
                "{submission} took {} on {case}, and x {multiplier} (ac_to_time_limit) that is over the {} time limit",
                human_time(*time),
                secs(limit.as_secs_f64())
            ),
            Warning::Sensitive { submission, how } => {
                let how = match how {
                    Sensitivity::UnderMargin(u) => u.text(),
                    Sensitivity::ExtraTime { why, margin } => format!(
                        "{}; it gets what it expects at the limit x safety margin {margin} \
                         (problemtools: \"OK with extra time\")",
                        why.text()
                    ),
                };
                format!("{submission} sensitive to the time limit: {how}")
            }
            Warning::TagBesideFolder {
                submission,
                tag,
                kept,
            } => {
                let folder = submission.split('/').next().unwrap_or_default();
                let tag = judge_model::package::join(tag, ", ");
                if *kept {
                    format!(
                        "{submission}: its @EXPECTED_RESULTS@ tag ({tag}) lacks the verdict of \
                         {folder}/: the tag decides, as DOMjudge takes it (and calls it an error); \
                         BAPCtools ignores the tag"
                    )
                } else {
                    format!(
                        "{submission}: its @EXPECTED_RESULTS@ tag ({tag}) says more than \
                         {folder}/: the folder decides, as BAPCtools and DOMjudge read it"
                    )
                }
            }
        }
    }
}

impl Skipped {
    /// What it says.
    pub fn text(&self) -> String {
        match self {
            Skipped::Unsupported { language, tool } => {
                format!("not a language this judge builds ({language}; it would need {tool})")
            }
            Skipped::NotInstalled { language, tool } => {
                format!("{language} needs {tool}, which is not installed")
            }
            Skipped::NoLanguage => "not a language this judge builds".to_string(),
            Skipped::NoVerdictTag(tag) => format!("tag \"{tag}\" asks for no verdict"),
            Skipped::NoExpectation { folder } => format!(
                "nothing says what it should get: {folder}/ is not a verdict folder and it has no @EXPECTED_RESULTS@ tag"
            ),
        }
    }
}

/// Each is written as its sentence, in JSON as in the table.
macro_rules! as_text {
    ($($t:ty),*) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.text())
            }
        }
    )*};
}

as_text!(PackageError, Warning, Skipped, Mismatch);

#[cfg(test)]
mod tests {
    use super::*;
    use judge_model::judge::Reason;
    use judge_model::testlib::{Failed, Failure};

    #[test]
    fn each_finding_reads_as_verify_words_it() {
        let under = UnderMargin {
            group: Some("secret/g1".into()),
            limit: std::time::Duration::from_secs(1),
            high: std::time::Duration::from_secs(2),
        };
        #[rustfmt::skip]
        let rows: Vec<(String, &str)> = vec![
            (PackageError::NothingJudged(2).text(), "no submission was judged: all 2 were skipped, so nothing was checked"),
            (PackageError::NoLowerBound.text(), "no submission bounds the time limit from below (an accepted one, or use_for_time_limit: lower in submissions.yaml)"),
            (PackageError::NotBuilt { what: "static validator", path: "sv/x.py".into(), why: "boom".into() }.text(), "cannot build static validator sv/x.py: boom"),
            (PackageError::InputRejected { validator: "v".into(), rejection: InputRejection::Rejected { input: "data/1.in".into(), exit: "exit 43".into(), said: String::new() } }.text(), "input validator v: data/1.in rejected (exit 43, 42 accepts)"),
            (PackageError::InputRejected { validator: "v".into(), rejection: InputRejection::Rejected { input: "data/1.in".into(), exit: "exit 1".into(), said: "n too big".into() } }.text(), "input validator v: data/1.in rejected (exit 1, 42 accepts): n too big"),
            (PackageError::InputRejected { validator: "v".into(), rejection: InputRejection::NotRun("no such file".into()) }.text(), "input validator v: cannot run v: no such file"),
            (PackageError::TestRejected { validator: "val.cpp".into(), test: "3".into(), why: "FAIL n".into() }.text(), "validator val.cpp: test 3: FAIL n"),
            (PackageError::InvalidInputAccepted("invalid_input/neg".into()).text(), "data/invalid_input/neg.in: every input validator accepts it, but it is in invalid_input/"),
            (PackageError::Output { case: "valid_output/a".into(), found: OutputFound::RejectsValid(None) }.text(), "valid_output/a: the output validator rejects its .out, which must pass (rejected)"),
            (Warning::Read(judge_model::package::PackageWarning::UnknownCaseKey { file: "data/secret/a.yaml".into(), line: 2, key: "max_score".into(), known: &["args"] }).text(), "data/secret/a.yaml:2: unknown key max_score in a test case's configuration (known: args)"),
            (Warning::NoPyPy { count: 2, system: "DOMjudge" }.text(), "pypy3 is not installed: 2 Python 3 submission(s) run on CPython, where DOMjudge runs them on PyPy; their times do not set the time limit"),
            (Warning::Sensitive { submission: "time_limit_exceeded/s.py".into(), how: Sensitivity::UnderMargin(under.clone()) }.text(), "time_limit_exceeded/s.py sensitive to the time limit: TLE only under the safety margin in secret/g1: over the 1 s limit but not past 2 s"),
            (Warning::Sensitive { submission: "a/x.c".into(), how: Sensitivity::ExtraTime { why: Mismatch::NoExpectation, margin: 2.0 } }.text(), "a/x.c sensitive to the time limit: no expectation; it gets what it expects at the limit x safety margin 2 (problemtools: \"OK with extra time\")"),
            (Warning::TagBesideFolder { submission: "accepted/x.py".into(), tag: vec![judge_model::package::PackageVerdict::AC, judge_model::package::PackageVerdict::TLE], kept: false }.text(), "accepted/x.py: its @EXPECTED_RESULTS@ tag (AC, TLE) says more than accepted/: the folder decides, as BAPCtools and DOMjudge read it"),
            (Warning::TagBesideFolder { submission: "wrong_answer/x.py".into(), tag: vec![judge_model::package::PackageVerdict::AC], kept: true }.text(), "wrong_answer/x.py: its @EXPECTED_RESULTS@ tag (AC) lacks the verdict of wrong_answer/: the tag decides, as DOMjudge takes it (and calls it an error); BAPCtools ignores the tag"),
            (Skipped::NotInstalled { language: "Kotlin".into(), tool: "kotlinc".into() }.text(), "Kotlin needs kotlinc, which is not installed"),
            (Skipped::NoExpectation { folder: "misc".into() }.text(), "nothing says what it should get: misc/ is not a verdict folder and it has no @EXPECTED_RESULTS@ tag"),
            (Mismatch::JudgeError { case: "secret/1".into(), reason: None, why: "checker crashed".into() }.text(), "judge error on secret/1: checker crashed"),
            (Mismatch::JudgeError { case: "secret/1".into(), reason: Some(Box::new(Reason::CheckerFailed { checker: "check.cpp (testlib checker)".into(), failed: Failed { failure: Failure::Exit(5), said: String::new() } })), why: String::new() }.text(), "judge error on secret/1: check.cpp (testlib checker): exited 5, not a testlib verdict (0 ok, 1 wa, 2 pe, 3 fail, 7 points)"),
        ];
        for (got, want) in rows {
            assert_eq!(got, want);
        }
    }
}
