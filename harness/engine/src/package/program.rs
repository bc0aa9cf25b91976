//! Programs in a package: submissions, output validators and input validators, in
//! C, C++, Python 3, Rust and Java, built once and cached by content hash.
//!
//! Owns the compiler command lines (those the issue and
//! problemtools use: `gcc -O2`, `g++ -O2 -std=gnu++17`, `rustc --edition 2021 -O`,
//! `python3`, `javac`), finding which compilers this machine has, and the build
//! cache. Running what was built is `run`'s job (limits, process groups, reaping).

use std::collections::hash_map::DefaultHasher;
use std::ffi::OsString;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail};

use judge_formats::program::{cache_dir, folder, shebang};
use judge_model::limits::{COMPILATION, Limits};
use judge_model::program::{Lang, Source};
use judge_sandbox::RunSpec;

/// What the engine reads of a language on this machine: the tools on PATH.
pub trait LangExt: Sized {
    /// Why this machine cannot build the language, if it cannot.
    fn missing_tool(self) -> Option<&'static str>;
}

impl LangExt for Lang {
    fn missing_tool(self) -> Option<&'static str> {
        if let Lang::Unsupported(_) = self {
            return Some(self.tools().first().copied().unwrap_or("a compiler"));
        }
        if self == Lang::Python2 {
            return python2().is_none().then_some("python2");
        }
        self.tools()
            .iter()
            .copied()
            .find(|t| judge_sandbox::on_path(t).is_none())
    }
}

/// Whether this machine builds `lang` (its tools are installed): what
/// `judge_formats` is told when it picks a program by it.
pub fn can_build(lang: Lang) -> bool {
    lang.missing_tool().is_none()
}

/// A Python 2 interpreter that runs: `python2` on PATH (a pyenv shim may exist
/// without one behind it), else one pyenv installed.
pub fn python2() -> Option<PathBuf> {
    use std::sync::OnceLock;
    static PYTHON2: OnceLock<Option<PathBuf>> = OnceLock::new();
    PYTHON2
        .get_or_init(|| {
            let works = |p: &Path| {
                Command::new(p)
                    .args([
                        "-c",
                        "import sys; sys.exit(0 if sys.version_info[0] == 2 else 1)",
                    ])
                    .stdin(Stdio::null())
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .status()
                    .is_ok_and(|s| s.success())
            };
            let mut candidates: Vec<PathBuf> = ["python2", "python2.7"]
                .iter()
                .filter_map(judge_sandbox::on_path)
                .collect();
            for root in [
                std::env::var_os("PYENV_ROOT").map(PathBuf::from),
                std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".pyenv")),
            ]
            .into_iter()
            .flatten()
            {
                if let Ok(entries) = std::fs::read_dir(root.join("versions")) {
                    let mut found: Vec<PathBuf> = entries
                        .flatten()
                        .filter(|e| e.file_name().to_string_lossy().starts_with("2."))
                        .map(|e| e.path().join("bin/python2"))
                        .collect();
                    found.sort();
                    candidates.extend(found.into_iter().rev());
                }
            }
            candidates.push(PathBuf::from("/usr/bin/python2.7"));
            candidates.into_iter().find(|p| works(p))
        })
        .clone()
}
/// A built program: how to run it.
#[derive(Debug, Clone, PartialEq)]
pub struct Built {
    /// The program and its arguments.
    pub argv: Vec<OsString>,
    /// The folder it runs in, when it matters (a `build`/`run` program runs in
    /// its built copy); otherwise the judge's.
    pub dir: Option<PathBuf>,
    /// Whether it may start the judge's language tools by name (a `run` script
    /// that runs `python3 main.py`): isolated, it sees them as its `build` did
    /// ([`share_tools`]).
    pub tools: bool,
}

impl Built {
    /// A program run as `argv` in the judge's folder.
    pub fn argv(argv: Vec<OsString>) -> Built {
        Built {
            argv,
            dir: None,
            tools: false,
        }
    }

    /// A fresh command running the program (extra arguments go after).
    /// Isolated, it sees its own files (the script, the class folder).
    pub fn command(&self) -> RunSpec {
        let mut c = RunSpec::new(&self.argv[0]);
        c.args(&self.argv[1..]);
        for arg in &self.argv[1..] {
            let path = Path::new(arg);
            if path.is_absolute() && path.exists() {
                c.share(path, judge_sandbox::Access::Code);
            }
        }
        if let Some(dir) = &self.dir {
            c.current_dir(dir);
        }
        if self.tools {
            share_tools(&mut c);
        }
        c
    }
}

/// The real python3 executable: `python3` on PATH is often a shim (pyenv, a
/// wrapper script) that costs tens of milliseconds of CPU on every start, which
/// would count against the solution's time.
pub fn python3() -> PathBuf {
    python3_probe().0.clone()
}

/// The real python3 executable and its `--version` line (`Python 3.11.7`), asked
/// of `python3` on PATH once: a pyenv shim takes 0.1-0.3 s to start on a busy
/// machine, and asking it twice (the version for the build key, then the
/// executable) was most of `verify`'s start on a warm cache.
fn python3_probe() -> &'static (PathBuf, String) {
    use std::sync::OnceLock;
    static PYTHON: OnceLock<(PathBuf, String)> = OnceLock::new();
    PYTHON.get_or_init(|| {
        let out = Command::new("python3")
            .arg("-c")
            .arg("import sys; print(sys.executable); print('Python', sys.version.split()[0])")
            .stdin(Stdio::null())
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default();
        let mut lines = out.lines().map(str::trim);
        let exe = lines
            .next()
            .map(PathBuf::from)
            .filter(|p| p.is_file())
            .unwrap_or_else(|| PathBuf::from("python3"));
        (exe, lines.next().unwrap_or("").to_string())
    })
}
/// Builds `source` (or finds it built in the cache), with `includes` as extra
/// header folders for C and C++, and `memory_mib` as the Java heap it will run with.
///
/// Errors are compile errors, with the compiler's message (its last lines).
/// The source is someone else's (a package's): C, C++ and Rust compile confined to
/// what they must see ([`confine_compiler`]).
pub fn build(source: &Source, includes: &[PathBuf], memory_mib: u64) -> Result<Built> {
    build_within(source, includes, memory_mib, COMPILATION)
}

/// [`build`] with `limits` for each build step (a package's
/// `limits.compilation_time` and `compilation_memory`) instead of the
/// defaults ([`COMPILATION`]); the wall-clock limit is half as much again as
/// the CPU time.
pub fn build_within(
    source: &Source,
    includes: &[PathBuf],
    memory_mib: u64,
    limits: Limits,
) -> Result<Built> {
    build_as(source, includes, memory_mib, true, limits)
}

/// [`build_within`] for the user's own source (`judge run FILE`): its compiler
/// runs as the judge, so it may include the user's headers from anywhere.
pub fn build_own(
    source: &Source,
    includes: &[PathBuf],
    memory_mib: u64,
    limits: Limits,
) -> Result<Built> {
    build_as(source, includes, memory_mib, false, limits)
}

fn build_as(
    source: &Source,
    includes: &[PathBuf],
    memory_mib: u64,
    confine: bool,
    limits: Limits,
) -> Result<Built> {
    if let Some(tool) = source.lang.missing_tool() {
        bail!(
            "{} needs {tool}, which is not installed",
            source.lang.name()
        );
    }
    let key = content_key(source, includes)?;
    // A build by the user's own compiler, or one made without isolation
    // (`--no-isolation`), may hold what a confined one could not read: never
    // the same entry.
    let own = if !confine {
        "-own"
    } else if judge_sandbox::isolation() == judge_sandbox::Isolation::Off {
        "-unisolated"
    } else {
        ""
    };
    let dir = cache_dir().join("builds").join(format!("{key:032x}{own}"));
    match source.lang {
        Lang::Java | Lang::Kotlin => build_jvm(source, &dir, memory_mib, confine, limits),
        Lang::Script => build_script(source, &dir, confine, limits),
        Lang::Unsupported(name) => bail!("{name} is not a language this judge builds"),
        Lang::C | Lang::Cpp | Lang::Rust | Lang::Go => {
            build_native(source, includes, &dir, confine, limits)
        }
        Lang::Python
        | Lang::PyPy
        | Lang::Python2
        | Lang::JavaScript
        | Lang::Shell
        | Lang::Perl
        | Lang::Awk
        | Lang::Ruby
        | Lang::Lua => {
            let (argv, check) = interpreter(source)?;
            checked(source, &dir, argv, check, confine, limits)
        }
    }
}

/// An interpreted language's command line, and the syntax check that makes a
/// broken file a compile error (as a judge reports it) instead of an RE on every case.
fn interpreter(source: &Source) -> Result<(Vec<OsString>, Option<RunSpec>)> {
    let entry: OsString = std::path::absolute(&source.files[0])
        .unwrap_or_else(|_| source.files[0].clone())
        .into();
    let compile_check = |python: &Path| {
        let mut c = RunSpec::new(python);
        c.arg("-c")
            .arg("import sys; compile(open(sys.argv[1], 'rb').read(), sys.argv[1], 'exec')")
            .arg(&entry);
        c
    };
    let check = |program: &str, flag: &str| {
        let mut c = RunSpec::new(program);
        c.arg(flag).arg(&entry);
        Some(c)
    };
    Ok(match source.lang {
        Lang::Python => (
            vec![python3().into(), entry.clone()],
            Some(compile_check(&python3())),
        ),
        Lang::PyPy => {
            let pypy = judge_sandbox::on_path("pypy3").context("pypy3 is not installed")?;
            (
                vec![pypy.clone().into(), entry.clone()],
                Some(compile_check(&pypy)),
            )
        }
        Lang::Python2 => {
            let python = python2().context("Python 2 needs python2, which is not installed")?;
            let check = compile_check(&python);
            (vec![python.into(), entry.clone()], Some(check))
        }
        Lang::JavaScript => (vec!["node".into(), entry.clone()], check("node", "--check")),
        Lang::Shell => {
            // The shebang's shell when it names plain sh, else bash (DOMjudge's).
            let shell = match shebang(&source.files[0]) {
                Some(line) if !line.contains("bash") && line.contains("sh") => "sh",
                _ => "bash",
            };
            (vec![shell.into(), entry.clone()], check(shell, "-n"))
        }
        Lang::Perl => (vec!["perl".into(), entry.clone()], check("perl", "-c")),
        Lang::Awk => (vec!["awk".into(), "-f".into(), entry.clone()], None),
        Lang::Ruby => (vec!["ruby".into(), entry.clone()], None),
        Lang::Lua => (vec!["lua".into(), entry.clone()], None),
        other => bail!("{} is not an interpreted language", other.name()),
    })
}

/// Nothing to build: runs the syntax `check` once (a marker in the cache folder
/// remembers it passed), then runs the file with `argv`.
///
/// The check runs package code: `perl -c` runs the file's `BEGIN` blocks and
/// the `use`d modules' code, a shell's `-n` expands nothing but is still the
/// package's input. So it runs as a confined compile does ([`limited`]):
/// isolated, seeing the source's own folder read-only (where it runs, as the
/// program will) and the interpreter's installation, under the compile limits.
/// The user's own file (`confine` false) is checked as the judge.
fn checked(
    source: &Source,
    dir: &Path,
    argv: Vec<OsString>,
    check: Option<RunSpec>,
    confine: bool,
    limits: Limits,
) -> Result<Built> {
    let abs = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let marker = dir.join("checked");
    if let Some(mut check) = check
        && !marker.exists()
    {
        if confine {
            check.share(&own_folder(source), judge_sandbox::Access::Read);
        } else {
            check.trust();
        }
        if source.path.is_dir() {
            check.current_dir(abs(&source.path));
        }
        compile(check, limits)?;
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let _ = std::fs::write(&marker, "");
    }
    Ok(Built {
        argv,
        dir: source.path.is_dir().then(|| abs(&source.path)),
        tools: false,
    })
}

/// The source's own folder, absolute: the folder of a folder program, the
/// parent of a single file (`run sol.cpp` names a file whose parent is "").
fn own_folder(source: &Source) -> PathBuf {
    let own = std::path::absolute(&source.path).unwrap_or_else(|_| source.path.clone());
    match own.parent() {
        Some(parent) if !own.is_dir() => parent.to_path_buf(),
        _ => own,
    }
}

/// C, C++, Rust and Go: compiled once into the cache (in a staging folder, then
/// moved in whole, so a half-written program is never found).
fn build_native(
    source: &Source,
    includes: &[PathBuf],
    dir: &Path,
    confine: bool,
    limits: Limits,
) -> Result<Built> {
    let exe = dir.join("program");
    if !exe.exists() {
        let staging = staging_dir(dir)?;
        let target = staging.path().join("program");
        let command = |cpp20| {
            let mut cmd = RunSpec::from(compile_command(source, includes, &target, cpp20));
            if !(confine && confine_compiler(&mut cmd, source, includes, staging.path())) {
                cmd.trust();
            }
            cmd
        };
        if let Err(e) = compile(command(false), limits) {
            // Kattis compiles C++ as C++17; code written for C++20
            // (BAPCtools' validation.h, DOMjudge's default) gets a second try.
            if source.lang != Lang::Cpp || compile(command(true), limits).is_err() {
                return Err(e);
            }
        }
        publish(staging, dir)?;
    }
    Ok(Built::argv(vec![exe.into()]))
}

/// gcc and g++ (the system's own drivers) and rustc (the toolchain's own, with its
/// sysroot) compile isolated, seeing the source's own folder and the include
/// folders read-only and writing only the staging folder: a source that includes
/// the package's answers (`#include "../../data/secret/1.ans"`, `include_str!`,
/// or an absolute path) then does not compile, where the compiler running as the
/// judge would have built them in. Returns false where the compiler runs as the
/// judge (the other languages, a compiler wrapper, no sysroot found).
fn confine_compiler(
    command: &mut RunSpec,
    source: &Source,
    includes: &[PathBuf],
    out: &Path,
) -> bool {
    use judge_sandbox::Access;
    let confinable = match source.lang {
        Lang::C | Lang::Cpp => system_gcc(command),
        // The toolchain's own rustc (not rustup's proxy, which a confined run
        // would start by its real name, `rustup`), seeing its sysroot.
        Lang::Rust => rustc_sysroot().is_some_and(|sysroot| {
            command.share(sysroot, Access::Code);
            true
        }),
        _ => false,
    };
    if !confinable {
        return false;
    }
    let abs = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let own = own_folder(source);
    for folder in std::iter::once(&own).chain(includes) {
        command.share(&abs(folder), Access::Read);
    }
    command.share(&abs(out), Access::Write);
    true
}

/// The sysroot of the `rustc` on `PATH` (`rustc --print sysroot`: rustup's
/// toolchain folder, or `/usr`), asked once: its `bin/rustc` is the compiler
/// itself, whatever proxy `PATH` finds.
fn rustc_sysroot() -> Option<&'static Path> {
    static SYSROOT: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    SYSROOT
        .get_or_init(|| {
            let out = Command::new("rustc")
                .args(["--print", "sysroot"])
                .output()
                .ok()?;
            let text = String::from_utf8(out.stdout).ok()?;
            let sysroot = PathBuf::from(text.trim());
            (out.status.success() && sysroot.join("bin/rustc").is_file()).then_some(sysroot)
        })
        .as_deref()
}

/// Whether `command`'s program, as `PATH` finds it, is the system's own gcc or g++
/// driver (`/usr/bin/g++` -> `x86_64-linux-gnu-g++-12`), which needs nothing
/// outside the system folders. A wrapper (ccache, which keeps its cache in the
/// home) or a compiler installed in the home keeps running as the judge.
fn system_gcc(command: &Command) -> bool {
    let Some(found) = judge_sandbox::on_path(command.get_program()) else {
        return false;
    };
    let real = std::fs::canonicalize(&found).unwrap_or(found);
    let name = real.file_name().map(|n| n.to_string_lossy().into_owned());
    let driver = name.is_some_and(|n| n.contains("gcc") || n.contains("g++"));
    driver
        && ["/usr", "/bin", "/opt"]
            .iter()
            .any(|dir| real.starts_with(dir))
}

/// Runs a compiler under limits, as judges do (DOMjudge: 30 s): a source that
/// makes it run away (`#include "/dev/zero"`) is a compile error, not a judge
/// that hangs or takes the machine's memory. The error is the compiler's words.
///
/// The compiler is the machine's own tool (it may live in the home, as rustup's
/// does), so the caller either trusts it or confines it to what it must see
/// ([`confine_compiler`]); the program it builds is always isolated. A syntax
/// check and javac run the same way, named by their program as a compiler is.
fn compile(command: RunSpec, limits: Limits) -> Result<()> {
    let program = command.get_program().to_string_lossy().into_owned();
    limited(command, &program, limits)
}

/// Runs one build step (a compiler, a `build` script, a syntax check) under the
/// compile limits `limits`: its CPU time, half as much again of wall time, its
/// memory as address space (the package's `compilation_time` and
/// `compilation_memory`, or [`COMPILATION`]'s defaults, which BAPCtools applies
/// to a build script as `RLIMIT_CPU` and `RLIMIT_AS`). A step that fails is an
/// error in one line of its own words (their last lines), or, out of time or
/// memory, naming `what` ran out.
fn limited(command: RunSpec, what: &str, limits: Limits) -> Result<()> {
    use judge_sandbox::Exit;
    let wall = limits.time * 3 / 2;
    let out = crate::run::run_with_wall(command, Path::new("/dev/null"), &limits, wall)
        .with_context(|| format!("cannot run {what}"))?;
    if out.exit == Exit::Code(0) {
        return Ok(());
    }
    if out.wall_exceeded || out.cpu >= limits.time {
        bail!(
            "{what} ran out of time ({} s of CPU, {} s of wall time)",
            limits.time.as_secs_f64(),
            wall.as_secs_f64()
        );
    }
    let words = if out.stderr_tail.is_empty() {
        &out.stdout
    } else {
        &out.stderr_tail
    };
    if words.is_empty() && out.peak_rss >= limits.memory / 10 * 9 {
        bail!(
            "{what} ran out of memory ({} MiB of address space)",
            limits.memory >> 20
        );
    }
    bail!("{}", tail(words))
}

/// The jar a Kotlin program is built into, in its `classes` folder.
const KOTLIN_JAR: &str = "program.jar";

/// Java and Kotlin: compiled to classes (a jar for Kotlin), run with the heap at
/// the memory limit and the main class found in the source.
fn build_jvm(
    source: &Source,
    dir: &Path,
    memory_mib: u64,
    confine: bool,
    limits: Limits,
) -> Result<Built> {
    let abs = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let classes = dir.join("classes");
    if !classes.exists() {
        let staging = staging_dir(dir)?;
        let out_dir = staging.path().join("classes");
        let mut cmd = if source.lang == Lang::Java {
            let mut c = Command::new("javac");
            c.arg("-encoding").arg("UTF-8").arg("-d").arg(&out_dir);
            c
        } else {
            // One jar with Kotlin's runtime in it (as Kattis builds Kotlin): the
            // class path is then one file, which the sandbox lets the program
            // see, where `classes:.../kotlin-stdlib.jar` was no path at all.
            std::fs::create_dir_all(&out_dir)?;
            let mut c = Command::new("kotlinc");
            c.arg("-include-runtime")
                .arg("-d")
                .arg(out_dir.join(KOTLIN_JAR));
            c
        };
        // javac wants a public class in a file of its name; a package may name
        // the file otherwise (DOMjudge's examples do): compile a copy so named.
        let mut files: Vec<PathBuf> = source.files.iter().map(|f| abs(f)).collect();
        if source.lang == Lang::Java {
            for f in &mut files {
                let text = std::fs::read_to_string(&*f).unwrap_or_default();
                let stem = f.file_stem().map(|s| s.to_string_lossy().into_owned());
                if let Some(class) = public_class(&text)
                    && Some(&class) != stem.as_ref()
                {
                    let copy = staging.path().join("src").join(format!("{class}.java"));
                    std::fs::create_dir_all(staging.path().join("src"))?;
                    std::fs::write(&copy, &text)?;
                    *f = copy;
                }
            }
        }
        cmd.args(jvm_compiler_flags(limits.memory));
        cmd.args(&files);
        let mut cmd = RunSpec::from(cmd);
        if confine {
            confine_jvm_compiler(&mut cmd, source, staging.path());
        } else {
            cmd.trust();
        }
        compile(cmd, limits)?;
        publish(staging, dir)?;
    }
    let main = main_class(source)?;
    let class_path: OsString = if source.lang == Lang::Kotlin {
        classes.join(KOTLIN_JAR).into()
    } else {
        classes.into()
    };
    // The heap and thread stack from the memory limit, as judges run Java; the
    // sandbox leaves a JVM's address space uncapped (`jvm`).
    let mut argv: Vec<OsString> = vec!["java".into()];
    argv.extend(
        crate::jvm::flags(memory_mib << 20, true)
            .into_iter()
            .map(OsString::from),
    );
    argv.extend(["-cp".into(), class_path, main.into()]);
    Ok(Built::argv(argv))
}

/// javac and kotlinc compile a package's source isolated, as gcc and rustc do
/// ([`confine_compiler`]): seeing the source's own folder read-only and writing
/// only the staging folder (the classes, and a copy of a Java file renamed for its
/// public class). Neither builds an arbitrary file into a program (no
/// `#include`), but each is a large program run on the package's input, with
/// the judge's rights until now: confined, whatever it can be made to do reaches
/// only that folder. The JDK is found as any program's installation is
/// (`/usr/lib/jvm` in the system's folders, or a JDK's folder in the home).
/// DOMjudge compiles Java in its chroot, under runguard, the same way.
fn confine_jvm_compiler(command: &mut RunSpec, source: &Source, out: &Path) {
    command.share(&own_folder(source), judge_sandbox::Access::Read);
    command.share(out, judge_sandbox::Access::Write);
}

/// The JVM options a compiler's JVM runs with (`-J`, which javac and kotlinc
/// hand to their JVM) for `memory` bytes of compile memory: its heap and thread
/// stack from the limit, as a program's are ([`crate::jvm::flags`]). A JVM gets
/// no address-space cap (it does not start under one: `jvm::fit`), so without
/// them javac's heap could grow to a quarter of the machine's memory; DOMjudge
/// bounds it by the compile cgroup's memory, which this judge cannot have.
fn jvm_compiler_flags(memory: u64) -> Vec<String> {
    crate::jvm::flags(memory, false)
        .into_iter()
        .map(|f| format!("-J{f}"))
        .collect()
}

/// A `build`/`run` program (2025-09 "Programs"): `build` runs in a copy of the
/// folder, then `run` (which must exist by then) is the program.
fn build_script(source: &Source, dir: &Path, confine: bool, limits: Limits) -> Result<Built> {
    let work = dir.join("work");
    if !work.exists() {
        let staging = staging_dir(dir)?;
        let copy = staging.path().join("work");
        for f in &source.all_files {
            let rel = f.strip_prefix(&source.path).unwrap_or(f);
            let to = copy.join(rel);
            if let Some(parent) = to.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::copy(f, &to).with_context(|| format!("cannot copy {}", f.display()))?;
        }
        if copy.join("build").is_file() {
            let mut build = build_command(&copy);
            if !confine {
                build.trust();
            }
            limited(build, "./build", limits)
                .map_err(|e| anyhow::anyhow!("build failed: {e:#}"))?;
            readable_by_every_run(&copy);
        }
        let run = copy.join("run");
        // The script's own file, never a link's target: a `run` linking to a
        // file of the judge's would otherwise be made executable by the judge.
        let meta = std::fs::symlink_metadata(&run);
        if !meta.as_ref().is_ok_and(|m| m.is_file() || m.is_symlink()) {
            bail!("{}: no run file after build", source.path.display());
        }
        if let Ok(meta) = meta
            && meta.is_file()
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mut mode = meta.permissions();
            mode.set_mode(mode.mode() | 0o755);
            std::fs::set_permissions(&run, mode)?;
        }
        publish(staging, dir)?;
    }
    Ok(Built {
        argv: vec![work.join("run").into()],
        dir: Some(work),
        tools: true,
    })
}

/// How a package's `build` script runs: `sh ./build` in the copy `work`, which
/// is all of the judge's files it sees (writable: it makes `run` there), with
/// the judge's own tools ([`share_tools`]).
///
/// The 2025-09 format ("Programs") runs `build` in a copy of the program's
/// folder, as a compiler is run; problemtools (`run/buildrun.py`) runs it as
/// itself with no limit, BAPCtools (`program.py` `_compile`) under the
/// `compilation_time` and `compilation_memory` limits. It is the package's
/// code, so here it is also isolated as any package program is ([`limited`]).
fn build_command(work: &Path) -> RunSpec {
    let mut build = RunSpec::new("sh");
    build.arg("./build").current_dir(work);
    build.share(work, judge_sandbox::Access::Write);
    share_tools(&mut build);
    build
}

/// Lets a script of a package (a `build` or `run` of a 2025-09 "Programs"
/// folder) start the judge's tools for the languages it knows by name, isolated
/// as outside: an interpreter installed in the home (pyenv's `python3`) is its
/// installation, and `rustc` is the toolchain's own (first on the run's `PATH`:
/// rustup's proxy would need rustup's home).
fn share_tools(command: &mut RunSpec) {
    for row in judge_model::program::LANGUAGES {
        for tool in row.tools {
            command.share_program(tool);
        }
    }
    if judge_sandbox::isolation() != judge_sandbox::Isolation::Off
        && let Some(sysroot) = rustc_sysroot()
    {
        command.share(sysroot, judge_sandbox::Access::Code);
        let mut path = std::ffi::OsString::from(sysroot.join("bin"));
        if let Some(outer) = std::env::var_os("PATH") {
            path.push(":");
            path.push(outer);
        }
        command.env("PATH", path);
    }
}

/// Makes what a build left in `work` readable (and its programs runnable) by
/// whichever user a later isolated run of `run` is: an isolated build runs as a
/// user of its own run, and its umask is the package's. Links are left alone
/// (changing one would change its target, which may be any file of the judge's).
fn readable_by_every_run(work: &Path) {
    use std::os::unix::fs::PermissionsExt as _;
    for entry in walkdir::WalkDir::new(work).into_iter().flatten() {
        if entry.file_type().is_symlink() {
            continue;
        }
        let Ok(meta) = entry.metadata() else { continue };
        let mode = meta.permissions().mode();
        let runnable = entry.file_type().is_dir() || mode & 0o100 != 0;
        let wanted = mode | 0o444 | if runnable { 0o111 } else { 0 };
        if wanted != mode {
            let _ = std::fs::set_permissions(entry.path(), std::fs::Permissions::from_mode(wanted));
        }
    }
}

/// The compiler command line for a compiled language.
fn compile_command(source: &Source, includes: &[PathBuf], target: &Path, cpp20: bool) -> Command {
    let abs = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let mut cmd = match source.lang {
        Lang::C => {
            let mut c = Command::new("gcc");
            c.args(["-O2", "-std=gnu17", "-pipe"]);
            c
        }
        Lang::Cpp => {
            let mut c = Command::new("g++");
            c.args([
                "-O2",
                if cpp20 {
                    "-std=gnu++20"
                } else {
                    "-std=gnu++17"
                },
                "-pipe",
            ]);
            c
        }
        Lang::Go => {
            let mut c = Command::new("go");
            c.arg("build").arg("-o").arg(target);
            c.args(source.files.iter().map(|f| abs(f)));
            return c;
        }
        _ => {
            let mut c = Command::new(rustc_sysroot().map_or_else(
                || PathBuf::from("rustc"),
                |sysroot| sysroot.join("bin/rustc"),
            ));
            c.args(["--edition", "2021", "-O", "--crate-type", "bin"]);
            c.arg("-o").arg(target).arg(abs(&source.files[0]));
            return c;
        }
    };
    let own = folder(source);
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

/// The class to run: for Java the class that declares `static void main` (with
/// its package), found in the source as DOMjudge does, not taken from the file
/// name; for Kotlin the file class of the file with `fun main` (`FooKt`).
fn main_class(source: &Source) -> Result<String> {
    for f in &source.files {
        let text = std::fs::read_to_string(f).unwrap_or_default();
        let package = text
            .lines()
            .map(str::trim)
            .find_map(|l| l.strip_prefix("package "))
            .map(|p| p.trim_end_matches(';').trim().to_string());
        let qualified = |class: String| match &package {
            Some(p) if !p.is_empty() => format!("{p}.{class}"),
            _ => class,
        };
        if source.lang == Lang::Kotlin {
            if text.contains("fun main") {
                let stem = f
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let mut chars = stem.chars();
                let class: String = chars
                    .next()
                    .map(|c| c.to_uppercase().chain(chars).collect())
                    .unwrap_or_default();
                return Ok(qualified(format!("{}Kt", class.replace(['-', '.'], "_"))));
            }
            continue;
        }
        let Some(at) = find_main(&text) else { continue };
        if let Some(class) = class_before(&text[..at]) {
            return Ok(qualified(class));
        }
    }
    // No main method: a compile error, as DOMjudge's compile script makes it (it
    // detects the main class while compiling, `java_javac_detect/run`; its
    // example `compiler_error/mainclass-missing/main.java` says so). Kotlin
    // likewise without a `fun main`.
    bail!(
        "no main {} in {}",
        if source.lang == Lang::Kotlin {
            "function (fun main)"
        } else {
            "class (a class with static void main(String[]))"
        },
        source.path.display()
    )
}

/// Where `static void main` is declared (either modifier order), ignoring comments.
fn find_main(text: &str) -> Option<usize> {
    let code = strip_comments(text);
    let mut from = 0;
    while let Some(i) = code[from..].find("void main") {
        let at = from + i;
        let modifiers = code[..at].rsplit([';', '{', '}']).next().unwrap_or("");
        if modifiers.split_whitespace().any(|w| w == "static")
            && code[at + 9..].trim_start().starts_with('(')
        {
            return Some(at);
        }
        from = at + 9;
    }
    None
}

/// The name of the public top-level class (or interface, enum, record), if any.
fn public_class(text: &str) -> Option<String> {
    let code = strip_comments(text);
    let words: Vec<&str> = code
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
        .filter(|w| !w.is_empty())
        .collect();
    let at = words.iter().position(|w| *w == "public")?;
    words[at + 1..]
        .windows(2)
        .take(4)
        .find(|w| matches!(w[0], "class" | "enum" | "record" | "interface"))
        .map(|w| w[1].to_string())
}

/// The name in the last `class NAME` (or `enum`, `record`, `interface`) before `text` ends.
fn class_before(text: &str) -> Option<String> {
    let code = strip_comments(text);
    let words: Vec<&str> = code
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
        .filter(|w| !w.is_empty())
        .collect();
    words
        .windows(2)
        .rev()
        .find(|w| matches!(w[0], "class" | "enum" | "record" | "interface"))
        .map(|w| w[1].to_string())
}

/// `text` with `//` and `/* */` comments blanked (same length, so offsets hold).
fn strip_comments(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    while i + 1 < b.len() {
        if b[i] == b'/' && b[i + 1] == b'/' {
            while i < b.len() && b[i] != b'\n' {
                out[i] = b' ';
                i += 1;
            }
        } else if b[i] == b'/' && b[i + 1] == b'*' {
            while i < b.len() && !(b[i] == b'*' && i + 1 < b.len() && b[i + 1] == b'/') {
                if b[i] != b'\n' {
                    out[i] = b' ';
                }
                i += 1;
            }
            for c in out.iter_mut().take((i + 2).min(b.len())).skip(i) {
                *c = b' ';
            }
            i += 2;
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
        } else {
            i += 1;
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| text.to_string())
}

/// The cache key: the language, the compiler's version line, the include folders'
/// headers and every file's name and bytes.
fn content_key(source: &Source, includes: &[PathBuf]) -> Result<u128> {
    let mut parts: Vec<(String, Vec<u8>)> = Vec::new();
    let base = folder(source);
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
        if source.lang == Lang::Kotlin {
            // Kotlin builds were a classes folder before they were one jar.
            KOTLIN_JAR.hash(&mut hasher);
        }
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
    if lang == Lang::Python {
        return python3_probe().1.clone();
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
