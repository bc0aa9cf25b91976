//! testlib programs (checkers, interactors, validators and generators written
//! with Mike Mirzayanov's `testlib.h`) as the model's [`Program`]: the source
//! and the folder of its `testlib.h`. Building and running them is the
//! engine's (its `testlib` module).

use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result, bail};

use crate::program;
use judge_model::program::{Lang, Source};
use judge_model::testlib::{HEADER, Program, Role, header_search};

/// The testlib program at `path` (a C++ file) for the problem folder `base`,
/// with the first `testlib.h` of [`header_search`]. Errors name the file.
pub fn read(role: Role, path: &Path, base: &Path, time_limit: Duration) -> Result<Program> {
    if !path.is_file() {
        bail!(
            "{}: no such file (the testlib {})",
            path.display(),
            role.name()
        );
    }
    let source = program::source(path)?.with_context(|| {
        format!(
            "{}: a testlib {} must be a program in a language of the judge's table (.cpp, .py, .java, ...)",
            path.display(),
            role.name()
        )
    })?;
    let search = header_search(path, base);
    let found = search.iter().find(|d| d.join(HEADER).is_file()).cloned();
    // testlib.h is C++'s; a program in another language (a Polygon package's
    // `gen.py`) keeps testlib's conventions (arguments, exit codes) by itself.
    let header_dir = match found {
        Some(dir) => dir,
        None if !matches!(source.lang, Lang::Cpp | Lang::C) => program::folder(&source),
        None => {
            let looked: Vec<String> = search.iter().map(|d| d.display().to_string()).collect();
            bail!(
                "{}: no {HEADER} found for this testlib {} (looked in {})",
                path.display(),
                role.name(),
                looked.join(", ")
            );
        }
    };
    let lang = match source.lang {
        Lang::C => Lang::Cpp,
        other => other,
    };
    Ok(Program {
        role,
        source: Source { lang, ..source },
        header_dir,
        time_limit,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn testlib_h_is_looked_for_beside_the_source_then_in_the_problem_folder_then_files() {
        let d = tempfile::tempdir().unwrap();
        let base = d.path();
        std::fs::create_dir_all(base.join("files")).unwrap();
        std::fs::create_dir_all(base.join("checkers")).unwrap();
        std::fs::write(base.join("checkers/check.cpp"), "").unwrap();
        let new = || {
            read(
                Role::Checker,
                &base.join("checkers/check.cpp"),
                base,
                Duration::from_secs(1),
            )
        };
        let err = new().unwrap_err().to_string();
        assert!(err.contains("no testlib.h"), "{err}");
        std::fs::write(base.join("files/testlib.h"), "").unwrap();
        assert_eq!(new().unwrap().header_dir, base.join("files"));
        std::fs::write(base.join("testlib.h"), "").unwrap();
        assert_eq!(new().unwrap().header_dir, base);
        std::fs::write(base.join("checkers/testlib.h"), "").unwrap();
        assert_eq!(new().unwrap().header_dir, base.join("checkers"));
    }
}
