//! A package program as data: its language (from the one table, [`LANGUAGES`])
//! and its source files. Recognising a program in a folder, building and running
//! it are the engine's (`judge_engine::package::program`).

use std::path::{Path, PathBuf};

/// A language the package tools know, from the one table in [`LANGUAGES`].
///
/// The table is problemtools' `config/languages.yaml` (the same table BAPCtools
/// ships: each language's `files` globs) plus the endings DOMjudge's default
/// languages add (`webapp/src/DataFixtures/DefaultData/LanguageFixture.php`:
/// `.c++`, `.py3`, `.plg`, `.lhs`, `.p`, `.csharp`, `.bash`, `.R`, ...); a
/// language is offered when its tools are on this machine and skipped with the
/// reason otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// C, with gcc.
    C,
    /// C++, with g++ (gnu++17).
    Cpp,
    /// Python 3, run by CPython's python3 (DOMjudge's `py3`, and the judge's own).
    Python,
    /// Python 3 run by PyPy's pypy3, as problemtools and BAPCtools run it
    /// (languages.yaml `python3`: "Python 3 (w/PyPy3)", `pypy3 "{mainfile}"`).
    /// No file ending selects it: a package's judging system does.
    PyPy,
    /// Python 2 (`.py2`, or a `.py` whose shebang names python2).
    Python2,
    /// Rust, with rustc (edition 2021).
    Rust,
    /// Java, with javac and java; the main class is found in the source.
    Java,
    /// Kotlin, with kotlinc and java; the main class is found in the source.
    Kotlin,
    /// JavaScript, run by node.
    JavaScript,
    /// A shell script, run by bash (or the `sh` its shebang names).
    Shell,
    /// Perl (a `.pl` with a perl shebang: problemtools reads `.pl` as Prolog,
    /// DOMjudge as Perl).
    Perl,
    /// Awk (`awk -f`).
    Awk,
    /// Ruby.
    Ruby,
    /// Lua.
    Lua,
    /// Go, with `go build`.
    Go,
    /// A program folder with `build` and/or `run` scripts (validators:
    /// 2025-09 "Programs": build runs in a copy of the folder, run is the program).
    Script,
    /// A language recognised by its file ending that this judge does not build
    /// (Haskell, Pascal, C#, ...): always skipped, with its name.
    Unsupported(&'static str),
}

/// One row of the language table.
pub struct LangRow {
    /// The language.
    pub lang: Lang,
    /// The file endings that select it (the package format's appendix and DOMjudge's).
    pub extensions: &'static [&'static str],
    /// The tools it needs on PATH.
    pub tools: &'static [&'static str],
}

/// The one language table: file endings and tools. `cargo judge run FILE`, Kattis
/// submissions and Polygon solutions all recognise languages through it. The first
/// row with an ending wins: `.pl` is Prolog (problemtools' `prolog: files: '*.pl'`)
/// unless its shebang names perl (`judge_formats::program::lang_of_file`).
pub const LANGUAGES: &[LangRow] = &[
    LangRow {
        lang: Lang::C,
        extensions: &["c"],
        tools: &["gcc"],
    },
    // problemtools: `*.cc *.C *.cpp *.cxx *.c++`; DOMjudge: cpp, cc, cxx, c++.
    LangRow {
        lang: Lang::Cpp,
        extensions: &["cpp", "cc", "cxx", "c++", "C"],
        tools: &["g++"],
    },
    LangRow {
        lang: Lang::Python,
        extensions: &["py", "py3"],
        tools: &["python3"],
    },
    LangRow {
        lang: Lang::PyPy,
        extensions: &[],
        tools: &["pypy3"],
    },
    LangRow {
        lang: Lang::Python2,
        extensions: &["py2"],
        tools: &["python2"],
    },
    LangRow {
        lang: Lang::Rust,
        extensions: &["rs"],
        tools: &["rustc"],
    },
    LangRow {
        lang: Lang::Java,
        extensions: &["java"],
        tools: &["javac", "java"],
    },
    LangRow {
        lang: Lang::Kotlin,
        extensions: &["kt"],
        tools: &["kotlinc", "java"],
    },
    // DOMjudge's own examples hold an ES module (`multifile-js/main.mjs`).
    LangRow {
        lang: Lang::JavaScript,
        extensions: &["js", "mjs"],
        tools: &["node"],
    },
    // BAPCtools: `shell: *.sh`, `bash: *.bash`; DOMjudge: `sh`, `bash`.
    LangRow {
        lang: Lang::Shell,
        extensions: &["sh", "bash"],
        tools: &["bash"],
    },
    // problemtools' `prolog: files: '*.pl'` (swipl); DOMjudge's `plg`.
    LangRow {
        lang: Lang::Unsupported("Prolog"),
        extensions: &["pl", "plg"],
        tools: &["swipl"],
    },
    // DOMjudge's `pl` is Perl; here a `.pl` is Perl when its shebang says so.
    LangRow {
        lang: Lang::Perl,
        extensions: &["pl"],
        tools: &["perl"],
    },
    LangRow {
        lang: Lang::Awk,
        extensions: &["awk"],
        tools: &["awk"],
    },
    LangRow {
        lang: Lang::Ruby,
        extensions: &["rb"],
        tools: &["ruby"],
    },
    LangRow {
        lang: Lang::Lua,
        extensions: &["lua"],
        tools: &["lua"],
    },
    LangRow {
        lang: Lang::Go,
        extensions: &["go"],
        tools: &["go"],
    },
    LangRow {
        lang: Lang::Unsupported("Haskell"),
        extensions: &["hs", "lhs"],
        tools: &["ghc"],
    },
    // problemtools: `*.pas`; DOMjudge: `pas`, `p`; Free Pascal's units: `.pp`.
    LangRow {
        lang: Lang::Unsupported("Pascal"),
        extensions: &["pas", "p", "pp"],
        tools: &["fpc"],
    },
    LangRow {
        lang: Lang::Unsupported("C#"),
        extensions: &["cs", "csharp"],
        tools: &["mcs"],
    },
    LangRow {
        lang: Lang::Unsupported("F#"),
        extensions: &["fs"],
        tools: &["fsharpc"],
    },
    LangRow {
        lang: Lang::Unsupported("PHP"),
        extensions: &["php"],
        tools: &["php"],
    },
    LangRow {
        lang: Lang::Unsupported("Common Lisp"),
        extensions: &["lisp", "cl"],
        tools: &["sbcl"],
    },
    LangRow {
        lang: Lang::Unsupported("Cobol"),
        extensions: &["cob"],
        tools: &["cobc"],
    },
    LangRow {
        lang: Lang::Unsupported("Objective-C"),
        extensions: &["m"],
        tools: &["gnustep-config"],
    },
    LangRow {
        lang: Lang::Unsupported("Fortran"),
        extensions: &["f95", "f90"],
        tools: &["gfortran"],
    },
    LangRow {
        lang: Lang::Unsupported("Ada"),
        extensions: &["adb", "ads"],
        tools: &["gnatmake"],
    },
    LangRow {
        lang: Lang::Unsupported("R"),
        extensions: &["R"],
        tools: &["Rscript"],
    },
    LangRow {
        lang: Lang::Unsupported("OCaml"),
        extensions: &["ml"],
        tools: &["ocamlopt"],
    },
    LangRow {
        lang: Lang::Unsupported("Swift"),
        extensions: &["swift"],
        tools: &["swiftc"],
    },
    LangRow {
        lang: Lang::Unsupported("Scala"),
        extensions: &["scala", "sc"],
        tools: &["scalac"],
    },
];

impl Lang {
    /// The language of a source file, by its extension alone.
    pub fn of_extension(path: &Path) -> Option<Lang> {
        let ext = path.extension()?.to_str()?;
        LANGUAGES
            .iter()
            .find(|row| row.extensions.contains(&ext))
            .map(|row| row.lang)
    }

    /// The name shown in tables.
    pub fn name(self) -> &'static str {
        match self {
            Lang::C => "C",
            Lang::Cpp => "C++",
            Lang::Python => "Python 3",
            Lang::PyPy => "Python 3 (PyPy)",
            Lang::Python2 => "Python 2",
            Lang::Rust => "Rust",
            Lang::Java => "Java",
            Lang::Kotlin => "Kotlin",
            Lang::JavaScript => "JavaScript",
            Lang::Shell => "Shell",
            Lang::Perl => "Perl",
            Lang::Awk => "Awk",
            Lang::Ruby => "Ruby",
            Lang::Lua => "Lua",
            Lang::Go => "Go",
            Lang::Script => "build/run",
            Lang::Unsupported(name) => name,
        }
    }

    /// The tools this language needs on PATH.
    pub fn tools(self) -> &'static [&'static str] {
        if self == Lang::Script {
            return &["sh"];
        }
        LANGUAGES
            .iter()
            .find(|row| row.lang == self)
            .map_or(&[], |row| row.tools)
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
