//! Which contest system a package is written for. The package formats leave
//! some things to the system that judges them (which interpreter runs Python 3,
//! for one), so `verify` does what that system does.

use std::path::Path;

use super::{Format, Package, expect};
use judge_model::program::{Lang, Source};

/// The contest system a package is written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum System {
    /// Kattis: problemtools' `verifyproblem` (legacy and 2023-07 packages) and
    /// BAPCtools (2025-09): the same language table, Python 3 on PyPy.
    Kattis,
    /// DOMjudge: a package with its `domjudge-problem.ini`, or a legacy one whose
    /// submissions carry DOMjudge's `@EXPECTED_RESULTS@`/`@EXPECTED_SCORE@` tags.
    DomJudge,
    /// Polygon (Codeforces): each solution's `<source type>` names its interpreter.
    Polygon,
}

impl System {
    /// The system `package` is written for.
    pub fn of(package: &Package) -> System {
        if package.format == Format::Polygon {
            System::Polygon
        } else if is_domjudge(&package.root, package.format) {
            System::DomJudge
        } else {
            System::Kattis
        }
    }

    /// The name in reports: `problemtools/BAPCtools`, `DOMjudge`, `Polygon`.
    pub fn name(self) -> &'static str {
        match self {
            System::Kattis => "problemtools/BAPCtools",
            System::DomJudge => "DOMjudge",
            System::Polygon => "Polygon",
        }
    }

    /// The language `source` runs as under this system: Python 3 is PyPy for
    /// Kattis (problemtools' and BAPCtools' `languages.yaml`: `python3: name:
    /// 'Python 3 (w/PyPy3)', run: 'pypy3 "{mainfile}"'`) and CPython for DOMjudge
    /// (its default `py3` language runs `python3`); a `.pl` is Perl to DOMjudge
    /// (its default `pl` language; `plg` is its Prolog) where problemtools reads
    /// Prolog; a Polygon solution's `<source type>` has decided already.
    pub fn lang_of(self, source: &Source) -> Lang {
        let perl_ending = source
            .files
            .first()
            .is_some_and(|f| f.extension().is_some_and(|e| e == "pl"));
        match (self, source.lang) {
            (System::Kattis, Lang::Python) => Lang::PyPy,
            (System::DomJudge, Lang::Unsupported("Prolog")) if perl_ending => Lang::Perl,
            (_, lang) => lang,
        }
    }
}

/// DOMjudge's own marks on a package: its `domjudge-problem.ini` (DOMjudge's
/// problem archive, beside problem.yaml), or in a legacy package (DOMjudge's
/// dialect of it) a submission tagged `@EXPECTED_RESULTS@` or
/// `@EXPECTED_SCORE@`, which only DOMjudge's archive format defines.
fn is_domjudge(root: &Path, format: Format) -> bool {
    if root.join("domjudge-problem.ini").is_file() {
        return true;
    }
    if format != Format::Legacy {
        return false;
    }
    let submissions = root.join("submissions");
    walkdir::WalkDir::new(&submissions)
        .max_depth(3)
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .any(|e| {
            let (results, score) = expect::submission_tags(&[e.into_path()]);
            results.is_some() || score.is_some()
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_system_runs_python_3_and_a_pl_file_as_its_language_table_says() {
        let source = |file: &str, lang: Lang| Source {
            path: file.into(),
            name: file.into(),
            lang,
            files: vec![file.into()],
            all_files: vec![file.into()],
        };
        let prolog = Lang::Unsupported("Prolog");
        for (system, file, lang, runs) in [
            (System::Kattis, "a.py", Lang::Python, Lang::PyPy),
            (System::DomJudge, "a.py", Lang::Python, Lang::Python),
            (System::Polygon, "a.py", Lang::Python, Lang::Python),
            (System::Polygon, "a.py", Lang::PyPy, Lang::PyPy),
            (System::Kattis, "a.cc", Lang::Cpp, Lang::Cpp),
            (System::Kattis, "a.py", Lang::Python2, Lang::Python2),
            (System::Kattis, "a.pl", prolog, prolog),
            (System::DomJudge, "a.pl", prolog, Lang::Perl),
            (System::DomJudge, "a.plg", prolog, prolog),
            (System::Kattis, "a.pl", Lang::Perl, Lang::Perl),
        ] {
            assert_eq!(
                system.lang_of(&source(file, lang)),
                runs,
                "{system:?} {file} {lang:?}"
            );
        }
    }

    #[test]
    fn a_package_is_domjudges_by_its_ini_or_by_tags_in_a_legacy_package() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("submissions/accepted")).unwrap();
        std::fs::write(root.join("submissions/accepted/a.py"), "print(1)\n").unwrap();
        assert!(!is_domjudge(root, Format::Legacy), "nothing of DOMjudge's");
        std::fs::write(
            root.join("submissions/accepted/b.c"),
            "// @EXPECTED_RESULTS@: CORRECT\n",
        )
        .unwrap();
        assert!(
            is_domjudge(root, Format::Legacy),
            "a tag in a legacy package"
        );
        assert!(
            !is_domjudge(root, Format::V2025),
            "BAPCtools reads tags too"
        );
        std::fs::write(root.join("domjudge-problem.ini"), "timelimit = 1\n").unwrap();
        assert!(is_domjudge(root, Format::V2025), "its ini");
    }
}
