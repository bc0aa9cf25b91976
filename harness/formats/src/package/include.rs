//! Included files (spec/2025-09.md "Included files"; legacy "Included Code"):
//! `include/<language>/`, else `include/default/`, copied into every submission
//! of that language before it is built, overwriting the submission's own files
//! of the same name (a grader's `main`, a header, a data file).
//!
//! Owns choosing the folder for a language and making the combined program: a
//! copy in the build cache, named by its content, so nothing is written into
//! the package and a second `verify` finds it made. Building it is the
//! engine's `program::build`, as for any program.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::program;
use judge_model::program::{Lang, Source};

/// The package format's code for a language (spec/languages.md), which names
/// its `include/` folder; `None` for one the table does not list.
pub fn code(lang: Lang) -> Option<&'static str> {
    Some(match lang {
        Lang::C => "c",
        Lang::Cpp => "cpp",
        Lang::Python | Lang::PyPy => "python3",
        Lang::Python2 => "python2",
        Lang::Rust => "rust",
        Lang::Java => "java",
        Lang::Kotlin => "kotlin",
        Lang::JavaScript => "javascript",
        Lang::Shell => "bash",
        Lang::Perl => "perl",
        Lang::Ruby => "ruby",
        Lang::Lua => "lua",
        Lang::Go => "go",
        Lang::Awk | Lang::Script | Lang::Unsupported(_) => return None,
    })
}

/// The folder whose files go into every submission in `lang`: the non-empty
/// `include/<code>/`, else the non-empty `include/default/` ("Files that should
/// be included for a specific language, overriding the default").
pub fn folder_for(root: &Path, lang: Lang) -> Option<PathBuf> {
    let non_empty = |d: PathBuf| {
        let has_files = std::fs::read_dir(&d)
            .ok()?
            .flatten()
            .any(|e| program::valid_name(&e.file_name().to_string_lossy()));
        has_files.then_some(d)
    };
    let include = root.join("include");
    code(lang)
        .and_then(|c| non_empty(include.join(c)))
        .or_else(|| non_empty(include.join("default")))
}

/// `source` with the files of `include` copied in (overwriting its own), as a
/// program folder in the build cache. The entry point is the one `named`, else
/// an included file named `main` in the language (a driver: "that file must
/// have the language-dependent name"), else the submission's own file.
pub fn with_included(source: &Source, include: &Path, named: Option<&str>) -> Result<Source> {
    let own_base = program::folder(source);
    let mut files: Vec<(PathBuf, PathBuf)> = source
        .all_files
        .iter()
        .map(|f| {
            (
                f.strip_prefix(&own_base).unwrap_or(f).to_path_buf(),
                f.clone(),
            )
        })
        .collect();
    for f in program::files_in(include) {
        let rel = f.strip_prefix(include).unwrap_or(&f).to_path_buf();
        files.retain(|(r, _)| *r != rel);
        files.push((rel, f));
    }
    let driver = files.iter().find_map(|(rel, _)| {
        let is_main = rel.parent() == Some(Path::new(""))
            && rel.file_stem().is_some_and(|s| s == "main")
            && program::lang_of_file(rel) == Some(source.lang);
        is_main.then(|| rel.to_string_lossy().into_owned())
    });
    let entry = named
        .map(String::from)
        .or(driver)
        .or_else(|| source.path.is_file().then(|| source.name.clone()));
    let dir = stage(source, &files)?;
    program::source_with_entry(&dir, entry.as_deref())?.with_context(|| {
        format!(
            "{}: no program after adding {}",
            dir.display(),
            include.display()
        )
    })
}

/// Copies `files` (relative path, from) into the cache folder named by their
/// content, once (a staging folder renamed into place, so a half-made copy is
/// never found); the program folder inside it.
fn stage(source: &Source, files: &[(PathBuf, PathBuf)]) -> Result<PathBuf> {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    source.name.hash(&mut hasher);
    for (rel, from) in files {
        rel.hash(&mut hasher);
        std::fs::read(from)
            .with_context(|| format!("cannot read {}", from.display()))?
            .hash(&mut hasher);
    }
    let stem = Path::new(&source.name)
        .file_stem()
        .map_or_else(|| source.name.clone(), |s| s.to_string_lossy().into_owned());
    let parent = program::cache_dir().join("included");
    let done = parent.join(format!("{:016x}", hasher.finish()));
    if !done.is_dir() {
        std::fs::create_dir_all(&parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
        // A staging folder of this process's own, beside the final one.
        let staging = parent.join(format!(
            ".stage-{}-{:016x}",
            std::process::id(),
            hasher.finish()
        ));
        let _ = std::fs::remove_dir_all(&staging);
        for (rel, from) in files {
            let to = staging.join(&stem).join(rel);
            if let Some(p) = to.parent() {
                std::fs::create_dir_all(p)
                    .with_context(|| format!("cannot create {}", p.display()))?;
            }
            std::fs::copy(from, &to).with_context(|| format!("cannot copy {}", from.display()))?;
        }
        // Another verify may have made the same copy first; theirs is as good.
        if std::fs::rename(&staging, &done).is_err() {
            let _ = std::fs::remove_dir_all(&staging);
        }
    }
    Ok(done.join(stem))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, files: &[&str]) {
        for f in files {
            let p = root.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "x").unwrap();
        }
    }

    #[test]
    fn a_languages_own_include_folder_overrides_the_default() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(
            root,
            &["include/default/data.txt", "include/cpp/grader.cpp"],
        );
        std::fs::create_dir_all(root.join("include/python3")).unwrap();
        for (lang, want) in [
            (Lang::Cpp, Some("include/cpp")),
            (Lang::C, Some("include/default")),
            // An empty folder is as if absent ("one non-empty directory").
            (Lang::Python, Some("include/default")),
            (Lang::Awk, Some("include/default")),
        ] {
            assert_eq!(
                folder_for(root, lang),
                want.map(|w| root.join(w)),
                "{lang:?}"
            );
        }
        std::fs::remove_dir_all(root.join("include/default")).unwrap();
        assert_eq!(folder_for(root, Lang::C), None);
    }

    #[test]
    fn included_files_join_the_submission_and_a_main_driver_is_the_entry_point() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(
            root,
            &["sub/sol.py", "sub/helper.py", "inc/helper.py", "inc/lib.py"],
        );
        std::fs::write(root.join("inc/helper.py"), "included").unwrap();
        let sol = program::source(&root.join("sub/sol.py")).unwrap().unwrap();
        let made = with_included(&sol, &root.join("inc"), None).unwrap();
        let names: Vec<String> = made
            .all_files
            .iter()
            .map(|f| f.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        // A file submission is alone in its folder: sub/helper.py is not part of it.
        assert_eq!(names, ["helper.py", "lib.py", "sol.py"]);
        assert!(made.files[0].ends_with("sol.py"), "{:?}", made.files);
        let helper = made
            .all_files
            .iter()
            .find(|f| f.ends_with("helper.py"))
            .unwrap();
        assert_eq!(std::fs::read_to_string(helper).unwrap(), "included");
        write(root, &["inc/main.py"]);
        let made = with_included(&sol, &root.join("inc"), None).unwrap();
        assert!(made.files[0].ends_with("main.py"), "{:?}", made.files);
    }
}
