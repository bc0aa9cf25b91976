//! Programs in a package: submissions, output validators and input validators, in
//! C, C++, Python 3, Rust and Java, built once and cached by content hash.
//!
//! Owns recognising a program's language (a single file by its extension, a folder
//! by the sources it holds), the compiler command lines (those the issue and
//! problemtools use: `gcc -O2`, `g++ -O2 -std=gnu++17`, `rustc --edition 2021 -O`,
//! `python3`, `javac`), finding which compilers this machine has, and the build
//! cache. Running what was built is `run`'s job (limits, process groups, reaping).

use std::collections::hash_map::DefaultHasher;
use std::ffi::OsString;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail};

/// A language the package tools can build.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// C, with gcc.
    C,
    /// C++, with g++ (gnu++17).
    Cpp,
    /// Python 3, run by python3.
    Python,
    /// Rust, with rustc (edition 2021).
    Rust,
    /// Java, with javac and java.
    Java,
}

impl Lang {
    /// The language of a source file, by its extension.
    pub fn of_file(path: &Path) -> Option<Lang> {
        match path.extension()?.to_str()? {
            "c" => Some(Lang::C),
            "cpp" | "cc" | "cxx" | "c++" | "C" => Some(Lang::Cpp),
            "py" | "py3" => Some(Lang::Python),
            "rs" => Some(Lang::Rust),
            "java" => Some(Lang::Java),
            _ => None,
        }
    }

    /// The name shown in tables.
    pub fn name(self) -> &'static str {
        match self {
            Lang::C => "C",
            Lang::Cpp => "C++",
            Lang::Python => "Python 3",
            Lang::Rust => "Rust",
            Lang::Java => "Java",
        }
    }

    /// The tools this language needs on PATH.
    fn tools(self) -> &'static [&'static str] {
        match self {
            Lang::C => &["gcc"],
            Lang::Cpp => &["g++"],
            Lang::Python => &["python3"],
            Lang::Rust => &["rustc"],
            Lang::Java => &["javac", "java"],
        }
    }

    /// Why this machine cannot build the language, if it cannot.
    pub fn missing_tool(self) -> Option<&'static str> {
        self.tools()
            .iter()
            .copied()
            .find(|t| crate::run::on_path(t).is_none())
    }
}

/// A program's sources: one file, or a folder of files built together.
#[derive(Debug, Clone, PartialEq)]
pub struct Source {
    /// The file or folder, as found in the package.
    pub path: PathBuf,
    /// Its name: the file or folder name.
    pub name: String,
    /// The language.
    pub lang: Lang,
    /// The source files of that language (for Python, Rust and a single file: one,
    /// the entry point, first).
    pub files: Vec<PathBuf>,
    /// Every file of the program (sources and headers), for the content hash.
    pub all_files: Vec<PathBuf>,
}

impl Source {
    /// The program's own folder: the folder itself, or the one holding the file.
    fn folder(&self) -> PathBuf {
        if self.path.is_dir() {
            self.path.clone()
        } else {
            self.path
                .parent()
                .map(Path::to_path_buf)
                .unwrap_or_default()
        }
    }
}

/// Reads a program at `path`: a source file, or a folder whose sources are of one
/// language. `Ok(None)` for a file that is no program (a README, a header).
pub fn source(path: &Path) -> Result<Option<Source>> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if path.is_file() {
        return Ok(Lang::of_file(path).map(|lang| Source {
            path: path.to_path_buf(),
            name,
            lang,
            files: vec![path.to_path_buf()],
            all_files: vec![path.to_path_buf()],
        }));
    }
    let mut all_files: Vec<PathBuf> = walkdir::WalkDir::new(path)
        .sort_by_file_name()
        .into_iter()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .collect();
    all_files.sort();
    let mut langs: Vec<Lang> = all_files.iter().filter_map(|f| Lang::of_file(f)).collect();
    langs.sort_by_key(|l| l.name());
    langs.dedup();
    let lang = match langs.as_slice() {
        [] => bail!(
            "{}: no source file of a known language (.c, .cpp, .py, .rs, .java)",
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
        .filter(|f| match (lang, Lang::of_file(f)) {
            (Lang::Cpp, Some(Lang::C | Lang::Cpp)) => true,
            (l, Some(m)) => l == m,
            _ => false,
        })
        .cloned()
        .collect();
    // Interpreted and single-crate languages need an entry point first.
    if matches!(lang, Lang::Python | Lang::Rust) && files.len() > 1 {
        let entry = entry_point(lang, path, &files)?;
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

/// The file a multi-file Python or Rust program starts from.
fn entry_point(lang: Lang, dir: &Path, files: &[PathBuf]) -> Result<PathBuf> {
    let stem = dir.file_name().map(|n| n.to_string_lossy().into_owned());
    let wanted: &[&str] = match lang {
        Lang::Python => &["main.py", "__main__.py"],
        _ => &["main.rs"],
    };
    for f in files {
        let name = f.file_name().map(|n| n.to_string_lossy().into_owned());
        if name.as_deref().is_some_and(|n| wanted.contains(&n))
            || f.file_stem().map(|s| s.to_string_lossy().into_owned()) == stem
        {
            return Ok(f.clone());
        }
    }
    bail!(
        "{}: several {} files and none is the entry point ({})",
        dir.display(),
        lang.name(),
        wanted.join(" or ")
    )
}

/// A built program: how to run it.
#[derive(Debug, Clone, PartialEq)]
pub struct Built {
    /// The program and its arguments.
    pub argv: Vec<OsString>,
}

impl Built {
    /// A fresh command running the program (extra arguments go after).
    pub fn command(&self) -> Command {
        let mut c = Command::new(&self.argv[0]);
        c.args(&self.argv[1..]);
        c
    }
}

/// Address space a Java program gets beyond its heap (`-Xmx` = the memory
/// limit): the JVM reserves code cache, class space and thread stacks up front,
/// and does not start at all under an `RLIMIT_AS` of the heap size.
pub const JAVA_ADDRESS_SPACE: u64 = 4 << 30;

/// The real python3 executable: `python3` on PATH is often a shim (pyenv, a
/// wrapper script) that costs tens of milliseconds of CPU on every start, which
/// would count against the solution's time.
pub fn python3() -> PathBuf {
    use std::sync::OnceLock;
    static PYTHON: OnceLock<PathBuf> = OnceLock::new();
    PYTHON
        .get_or_init(|| {
            Command::new("python3")
                .arg("-c")
                .arg("import sys; print(sys.executable)")
                .stdin(Stdio::null())
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()))
                .filter(|p| p.is_file())
                .unwrap_or_else(|| PathBuf::from("python3"))
        })
        .clone()
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

/// Builds `source` (or finds it built in the cache), with `includes` as extra
/// header folders for C and C++, and `memory_mib` as the Java heap it will run with.
///
/// Errors are compile errors, with the compiler's message (its last lines).
pub fn build(source: &Source, includes: &[PathBuf], memory_mib: u64) -> Result<Built> {
    if let Some(tool) = source.lang.missing_tool() {
        bail!(
            "{} needs {tool}, which is not installed",
            source.lang.name()
        );
    }
    let key = content_key(source, includes)?;
    let dir = cache_dir().join("builds").join(format!("{key:032x}"));
    let abs = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    match source.lang {
        Lang::Python => {
            // Nothing to build; a syntax check makes a broken file a compile error,
            // as a judge reports it, instead of an RE on every case.
            let marker = dir.join("checked");
            if !marker.exists() {
                let check = Command::new(python3())
                    .arg("-c")
                    .arg("import sys; compile(open(sys.argv[1], 'rb').read(), sys.argv[1], 'exec')")
                    .arg(&source.files[0])
                    .stdin(Stdio::null())
                    .output()
                    .context("cannot run python3")?;
                if !check.status.success() {
                    bail!("{}", tail(&check.stderr));
                }
                std::fs::create_dir_all(&dir)
                    .with_context(|| format!("cannot create {}", dir.display()))?;
                let _ = std::fs::write(&marker, "");
            }
            Ok(Built {
                argv: vec![python3().into(), abs(&source.files[0]).into()],
            })
        }
        Lang::Java => {
            let classes = dir.join("classes");
            if !classes.exists() {
                let staging = staging_dir(&dir)?;
                let out_dir = staging.path().join("classes");
                let out = Command::new("javac")
                    .arg("-encoding")
                    .arg("UTF-8")
                    .arg("-d")
                    .arg(&out_dir)
                    .args(source.files.iter().map(|f| abs(f)))
                    .stdin(Stdio::null())
                    .output()
                    .context("cannot run javac")?;
                if !out.status.success() {
                    bail!("{}", tail(&out.stderr));
                }
                publish(staging, &dir)?;
            }
            let main = java_main_class(source)?;
            // The heap is the memory limit, as judges run Java; the JVM reserves
            // far more address space than that (see JAVA_ADDRESS_SPACE).
            Ok(Built {
                argv: vec![
                    "java".into(),
                    format!("-Xmx{memory_mib}m").into(),
                    "-Xss64m".into(),
                    "-XX:+UseSerialGC".into(),
                    "-cp".into(),
                    classes.into(),
                    main.into(),
                ],
            })
        }
        Lang::C | Lang::Cpp | Lang::Rust => {
            let exe = dir.join("program");
            if !exe.exists() {
                let staging = staging_dir(&dir)?;
                let target = staging.path().join("program");
                let mut cmd = compile_command(source, includes, &target);
                let out = cmd
                    .stdin(Stdio::null())
                    .output()
                    .with_context(|| format!("cannot run {:?}", cmd.get_program()))?;
                if !out.status.success() {
                    bail!("{}", tail(&out.stderr));
                }
                publish(staging, &dir)?;
            }
            Ok(Built {
                argv: vec![exe.into()],
            })
        }
    }
}

/// The compiler command line for a compiled language.
fn compile_command(source: &Source, includes: &[PathBuf], target: &Path) -> Command {
    let abs = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let mut cmd = match source.lang {
        Lang::C => {
            let mut c = Command::new("gcc");
            c.args(["-O2", "-std=gnu17", "-pipe"]);
            c
        }
        Lang::Cpp => {
            let mut c = Command::new("g++");
            c.args(["-O2", "-std=gnu++17", "-pipe"]);
            c
        }
        _ => {
            let mut c = Command::new("rustc");
            c.args(["--edition", "2021", "-O", "--crate-type", "bin"]);
            c.arg("-o").arg(target).arg(abs(&source.files[0]));
            return c;
        }
    };
    let own = source.folder();
    for inc in std::iter::once(&own).chain(includes) {
        cmd.arg("-I").arg(abs(inc));
    }
    cmd.arg("-o").arg(target);
    // C helpers inside a C++ program are compiled as C++ (`-x c++` covers them).
    if source.lang == Lang::Cpp {
        cmd.args(["-x", "c++"]);
    }
    cmd.args(source.files.iter().map(|f| abs(f)));
    if source.lang == Lang::C {
        cmd.arg("-lm");
    }
    cmd
}

/// The class with `main`: the file whose text declares `static void main`, or the
/// only one.
fn java_main_class(source: &Source) -> Result<String> {
    for f in &source.files {
        let text = std::fs::read_to_string(f).unwrap_or_default();
        if text.contains("static void main") {
            return Ok(f
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default());
        }
    }
    bail!("{}: no class with a main method", source.path.display())
}

/// The cache key: the language, the compiler's version line, the include folders'
/// headers and every file's name and bytes.
fn content_key(source: &Source, includes: &[PathBuf]) -> Result<u128> {
    let mut parts: Vec<(String, Vec<u8>)> = Vec::new();
    let base = source.folder();
    for f in &source.all_files {
        let rel = f
            .strip_prefix(&base)
            .unwrap_or(f)
            .to_string_lossy()
            .into_owned();
        let bytes = std::fs::read(f).with_context(|| format!("cannot read {}", f.display()))?;
        parts.push((rel, bytes));
    }
    if matches!(source.lang, Lang::C | Lang::Cpp) {
        // Headers next to a single-file program can be included too.
        if source.path.is_file() {
            for entry in std::fs::read_dir(&base).into_iter().flatten().flatten() {
                let p = entry.path();
                if p.extension().is_some_and(|e| e == "h" || e == "hpp") {
                    parts.push((p.to_string_lossy().into_owned(), std::fs::read(&p)?));
                }
            }
        }
        for inc in includes {
            for entry in walkdir::WalkDir::new(inc)
                .sort_by_file_name()
                .into_iter()
                .flatten()
            {
                if entry.file_type().is_file() {
                    let p = entry.path();
                    parts.push((p.to_string_lossy().into_owned(), std::fs::read(p)?));
                }
            }
        }
    }
    let version = compiler_version(source.lang);
    let mut hash = [0u64; 2];
    for (i, h) in hash.iter_mut().enumerate() {
        let mut hasher = DefaultHasher::new();
        (i, source.lang, &version, &parts, source.files.len()).hash(&mut hasher);
        // The entry point's position matters for Python and Rust.
        source
            .files
            .first()
            .map(|f| f.file_name())
            .hash(&mut hasher);
        *h = hasher.finish();
    }
    Ok((u128::from(hash[0]) << 64) | u128::from(hash[1]))
}

/// The compiler's `--version` first line, so a compiler upgrade rebuilds.
fn compiler_version(lang: Lang) -> String {
    use std::sync::OnceLock;
    static VERSIONS: OnceLock<std::sync::Mutex<Vec<(Lang, String)>>> = OnceLock::new();
    let table = VERSIONS.get_or_init(Default::default);
    if let Some((_, v)) = table
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .find(|(l, _)| *l == lang)
    {
        return v.clone();
    }
    let tool = lang.tools()[0];
    let v = Command::new(tool)
        .arg(if lang == Lang::Java {
            "-version"
        } else {
            "--version"
        })
        .stdin(Stdio::null())
        .output()
        .map(|o| {
            let text = if o.stdout.is_empty() {
                o.stderr
            } else {
                o.stdout
            };
            String::from_utf8_lossy(&text)
                .lines()
                .next()
                .unwrap_or("")
                .to_string()
        })
        .unwrap_or_default();
    table
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push((lang, v.clone()));
    v
}

/// A temporary folder beside the cache entry (same file system, so the finished
/// build is moved in with one rename).
fn staging_dir(dir: &Path) -> Result<tempfile::TempDir> {
    let parent = dir.parent().unwrap_or(dir);
    std::fs::create_dir_all(parent)
        .with_context(|| format!("cannot create the build cache {}", parent.display()))?;
    tempfile::Builder::new()
        .prefix(".build-")
        .tempdir_in(parent)
        .with_context(|| format!("cannot create a build folder in {}", parent.display()))
}

/// Moves a finished staging folder to `to` (inside the cache entry `to`'s parent).
fn publish(staging: tempfile::TempDir, to: &Path) -> Result<()> {
    if let Some(parent) = to.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let from = staging.keep();
    if std::fs::rename(&from, to).is_err() {
        // Another build of the same source won the race; theirs is as good.
        let _ = std::fs::remove_dir_all(&from);
        if !to.exists() {
            bail!("cannot move a build into {}", to.display());
        }
    }
    Ok(())
}

/// The last lines of a compiler's message.
fn tail(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.len().saturating_sub(12);
    let mut s = lines[start..].join("\n");
    if s.trim().is_empty() {
        s = "the compiler failed without a message".into();
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_recognised_by_its_extension() {
        assert_eq!(Lang::of_file(Path::new("a/sol.cc")), Some(Lang::Cpp));
        assert_eq!(Lang::of_file(Path::new("sol.py")), Some(Lang::Python));
        assert_eq!(Lang::of_file(Path::new("validate.h")), None);
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
    fn a_folder_mixing_languages_is_an_error_naming_them() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.py"), "").unwrap();
        std::fs::write(dir.path().join("b.rs"), "").unwrap();
        let err = source(dir.path()).unwrap_err().to_string();
        assert!(err.contains("Python 3, Rust"), "{err}");
    }
}
