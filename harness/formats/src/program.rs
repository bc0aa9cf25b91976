//! Programs in a package as sources: a submission, a validator, a generator is
//! a single file or a folder, in the language its files say.
//!
//! Owns recognising a program's language (a single file by its extension and
//! shebang, a folder by the sources it holds), which files the package format
//! lets a program have, its entry point, and where built programs are kept.
//! Building and running them is the engine's (its `package::program`).

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};

use judge_model::program::{Lang, Source};

/// Which languages this machine builds: the engine knows (its compilers on
/// PATH, a Python 2 that runs), so a reader that picks a program by it is given
/// it (the engine's `package::program::can_build`).
pub type CanBuild<'a> = &'a dyn Fn(Lang) -> bool;

/// The language of a source file: its extension, and its shebang where that
/// decides (languages.yaml's `shebang`): `#!/usr/bin/env python2` makes a
/// `.py` Python 2, and `#!/usr/bin/perl` a `.pl` Perl where it is otherwise
/// Prolog.
pub fn lang_of_file(path: &Path) -> Option<Lang> {
    let lang = Lang::of_extension(path)?;
    let says = |word: &str| shebang(path).is_some_and(|s| s.contains(word));
    Some(match lang {
        Lang::Python if says("python2") => Lang::Python2,
        Lang::Unsupported("Prolog") if says("perl") => Lang::Perl,
        other => other,
    })
}

/// The program's own folder: the folder itself, or the one holding the file.
pub fn folder(source: &Source) -> PathBuf {
    if source.path.is_dir() {
        source.path.clone()
    } else {
        source
            .path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default()
    }
}

/// The first line of `path` when it is a `#!` line.
pub fn shebang(path: &Path) -> Option<String> {
    use std::io::Read as _;
    let mut head = [0u8; 128];
    let n = std::fs::File::open(path).ok()?.read(&mut head).ok()?;
    let text = String::from_utf8_lossy(&head[..n]);
    let first = text.lines().next()?;
    first.starts_with("#!").then(|| first.to_string())
}

/// Reads a program at `path`: a source file, or a folder whose sources are of one
/// language. `Ok(None)` for a file that is no program (a README, a header).
pub fn source(path: &Path) -> Result<Option<Source>> {
    source_with_entry(path, None)
}

/// [`source`], with the entry point a package names (2025-09 `submissions.yaml`
/// `entrypoint`, DOMjudge's `submissions.json` `entry_point`) for a folder.
pub fn source_with_entry(path: &Path, entry: Option<&str>) -> Result<Option<Source>> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if path.is_file() {
        return Ok(lang_of_file(path).map(|lang| Source {
            path: path.to_path_buf(),
            name,
            lang,
            files: vec![path.to_path_buf()],
            all_files: vec![path.to_path_buf()],
        }));
    }
    let all_files = files_in(path);
    // 2025-09 "Programs": a folder with a `build` or `run` script is built and run
    // by them, whatever else it holds.
    if path.join("build").is_file() || path.join("run").is_file() {
        return Ok(Some(Source {
            path: path.to_path_buf(),
            name,
            lang: Lang::Script,
            files: Vec::new(),
            all_files,
        }));
    }
    let mut langs: Vec<Lang> = all_files.iter().filter_map(|f| lang_of_file(f)).collect();
    langs.sort_by_key(|l| l.name());
    langs.dedup();
    let lang = match langs.as_slice() {
        [] => bail!(
            "{}: no source file of a known language (.c, .cpp, .py, .rs, .java, ...)",
            path.display()
        ),
        [one] => *one,
        // A C++ program may come with C helpers (or the reverse): build as C++.
        [a, b] if [*a, *b].contains(&Lang::C) && [*a, *b].contains(&Lang::Cpp) => Lang::Cpp,
        many => bail!(
            "{}: sources in several languages ({})",
            path.display(),
            many.iter().map(|l| l.name()).collect::<Vec<_>>().join(", ")
        ),
    };
    let mut files: Vec<PathBuf> = all_files
        .iter()
        .filter(|f| match (lang, lang_of_file(f)) {
            (Lang::Cpp, Some(Lang::C | Lang::Cpp)) => true,
            (l, Some(m)) => l == m,
            _ => false,
        })
        .cloned()
        .collect();
    // Interpreted and single-crate languages need an entry point first (a
    // language this judge does not run needs none: it is skipped, not CE).
    if !matches!(
        lang,
        Lang::C | Lang::Cpp | Lang::Java | Lang::Kotlin | Lang::Go | Lang::Unsupported(_)
    ) {
        let entry = entry_point(lang, path, &files, entry)?;
        files.retain(|f| *f != entry);
        files.insert(0, entry);
    }
    Ok(Some(Source {
        path: path.to_path_buf(),
        name,
        lang,
        files,
        all_files,
    }))
}

/// Every file under the folder `dir` whose path the package format allows
/// ([`valid_name`] for each part), sorted.
pub fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .filter(|f| {
            f.strip_prefix(dir)
                .is_ok_and(|rel| rel.iter().all(|c| valid_name(&c.to_string_lossy())))
        })
        .collect();
    files.sort();
    files
}

/// Whether `name` is a file name the package format allows (spec/2025-09.md
/// "General requirements": `^[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,254}$`), and `+`
/// besides: problemtools' languages.yaml and DOMjudge's default C++ both take
/// `.c++` sources. Judges behave as if any other file were not there.
pub fn valid_name(name: &str) -> bool {
    let b = name.as_bytes();
    let ok = |c: &u8| c.is_ascii_alphanumeric() || b"_.-+".contains(c);
    !b.is_empty()
        && b.len() <= 255
        && (b[0].is_ascii_alphanumeric() || b[0] == b'_')
        && b.iter().all(ok)
}

/// The file a multi-file program in an interpreted language (or Rust) starts
/// from: the one named, else `main.EXT` (`__main__.py`), a file named after the
/// folder, or the only one.
fn entry_point(lang: Lang, dir: &Path, files: &[PathBuf], named: Option<&str>) -> Result<PathBuf> {
    if let Some(named) = named {
        let at = dir.join(named);
        if at.is_file() {
            return Ok(at);
        }
        bail!(
            "{}: the entry point {named} is not in the folder",
            dir.display()
        );
    }
    if let [only] = files {
        return Ok(only.clone());
    }
    let stem = dir.file_name().map(|n| n.to_string_lossy().into_owned());
    for f in files {
        let file_stem = f.file_stem().map(|s| s.to_string_lossy().into_owned());
        let name = f.file_name().map(|n| n.to_string_lossy().into_owned());
        if file_stem.as_deref() == Some("main")
            || name.as_deref() == Some("__main__.py")
            || file_stem == stem
        {
            return Ok(f.clone());
        }
    }
    bail!(
        "{}: several {} files and none is the entry point (main.*, or one named in submissions.yaml)",
        dir.display(),
        lang.name(),
    )
}

/// Where built programs are kept: `$CP_GAMES_CACHE`, else `$XDG_CACHE_HOME` or
/// `~/.cache`, under `cp-games/builds`.
pub fn cache_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("CP_GAMES_CACHE") {
        return PathBuf::from(dir);
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    base.join("cp-games")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_read_as_languages_yaml_reads_it_by_its_ending_and_shebang() {
        let dir = tempfile::tempdir().unwrap();
        let prolog = Some(Lang::Unsupported("Prolog"));
        for (name, text, lang) in [
            ("sol.cc", "", Some(Lang::Cpp)),
            ("sol.c++", "", Some(Lang::Cpp)),
            ("sol.C", "", Some(Lang::Cpp)),
            ("sol.cxx", "", Some(Lang::Cpp)),
            ("sol.c", "", Some(Lang::C)),
            ("sol.py", "print(1)\n", Some(Lang::Python)),
            ("two.py", "#!/usr/bin/env python2\n", Some(Lang::Python2)),
            ("sol.py3", "", Some(Lang::Python)),
            ("sol.pl", "main :- true.\n", prolog),
            ("perl.pl", "#!/usr/bin/perl -w\n", Some(Lang::Perl)),
            ("sol.plg", "", prolog),
            ("sol.kt", "", Some(Lang::Kotlin)),
            ("sol.php", "", Some(Lang::Unsupported("PHP"))),
            ("sol.sc", "", Some(Lang::Unsupported("Scala"))),
            ("sol.lisp", "", Some(Lang::Unsupported("Common Lisp"))),
            ("sol.lhs", "", Some(Lang::Unsupported("Haskell"))),
            ("validate.h", "", None),
        ] {
            let path = dir.path().join(name);
            std::fs::write(&path, text).unwrap();
            assert_eq!(lang_of_file(&path), lang, "{name}");
        }
    }

    #[test]
    fn a_folder_is_one_program_in_the_language_of_its_sources() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("val");
        std::fs::create_dir(&p).unwrap();
        std::fs::write(p.join("validate.h"), "").unwrap();
        std::fs::write(p.join("val.cpp"), "").unwrap();
        std::fs::write(p.join("util.c"), "").unwrap();
        let s = source(&p).unwrap().unwrap();
        assert_eq!(s.lang, Lang::Cpp);
        assert_eq!(s.files.len(), 2);
        assert_eq!(s.all_files.len(), 3);
    }

    #[test]
    fn a_python_folder_starts_from_main_py() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("sol");
        std::fs::create_dir(&p).unwrap();
        std::fs::write(p.join("helper.py"), "").unwrap();
        std::fs::write(p.join("main.py"), "").unwrap();
        let s = source(&p).unwrap().unwrap();
        assert_eq!(s.files[0], p.join("main.py"));
        std::fs::remove_file(p.join("main.py")).unwrap();
        std::fs::write(p.join("other.py"), "").unwrap();
        assert!(source(&p).is_err());
    }

    #[test]
    fn a_file_name_the_format_forbids_is_not_part_of_a_program() {
        for (name, ok) in [
            ("sol.py", true),
            ("_x-1.c", true),
            ("sol.c++", true),
            ("+sol.c", false),
            ("test-file name\\#.c", false),
            (".hidden.c", false),
            ("-dash.c", false),
            ("", false),
        ] {
            assert_eq!(valid_name(name), ok, "{name}");
        }
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("test-file name#.c"), "int main(){}").unwrap();
        assert!(
            source(dir.path()).is_err(),
            "no source left: a compile error"
        );
    }

    #[test]
    fn a_folder_mixing_languages_is_an_error_naming_them() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.py"), "").unwrap();
        std::fs::write(dir.path().join("b.rs"), "").unwrap();
        let err = source(dir.path()).unwrap_err().to_string();
        assert!(err.contains("Python 3, Rust"), "{err}");
    }
}
