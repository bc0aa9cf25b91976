//! One test case as data: its name and the input and expected-output files. Finding
//! cases in a folder is the readers' (`judge_formats::discover`).

use std::path::PathBuf;

/// One test case: an input and the output expected for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The path relative to the testdata folder without `.in`, with `/` separators.
    pub name: String,
    /// The `.in` file.
    pub input: PathBuf,
    /// The expected output: the `.out` file, or the `.ans` file.
    pub output: PathBuf,
}
