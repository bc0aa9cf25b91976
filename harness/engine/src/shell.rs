//! What an isolated run of a shell command line may see: the files the line
//! names (`python3 check.py`, a Java class path), never test data. A leaf, so
//! the interactor spec and the runner can both use it without importing each
//! other.

use std::path::Path;
use std::process::Command;

/// Lets an isolated run of `command` see the files `line` names (a shell command
/// line, e.g. an interactor's or a checker's `python3 check.py`), relative paths
/// taken from `base`: the same rule as for `--cmd`.
pub fn share_named_files(command: &mut Command, line: &str, base: &Path) {
    let mut class_path = false;
    for word in line.split_whitespace() {
        let word = word.trim_matches(|c| c == '\'' || c == '"');
        let path = base.join(word);
        if (path.is_file() || class_path && path.is_dir()) && !is_test_data(&path) {
            crate::sandbox::share(command, &path, crate::sandbox::Access::Code);
        }
        class_path = ["-cp", "-classpath", "--class-path"].contains(&word);
    }
}

/// Whether a path named on a command line is test data (a case's input or
/// answer, or a folder holding some), which an isolated solution never gets to
/// read, even when named.
pub fn is_test_data(path: &Path) -> bool {
    let data = |p: &Path| {
        p.extension()
            .is_some_and(|e| ["in", "out", "ans", "interaction"].iter().any(|x| e == *x))
    };
    data(path)
        || path.is_dir()
            && std::fs::read_dir(path).is_ok_and(|mut entries| {
                entries.any(|e| e.is_ok_and(|e| data(&e.path()) || e.file_name() == "problem.toml"))
            })
}
