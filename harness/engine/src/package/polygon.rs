//! Making the tests and answers a Polygon package does not ship (its
//! "Standard" package: only `<test cmd=...>` lines), as
//! `judge_formats::package::polygon` read what is missing ([`Fill`]): running
//! its generators (a multi-test generator's `from-file` tests from one run per
//! command) and, for the answers, its `main` solution, into the build cache; the
//! package folder itself is never written. And the settings' checker and
//! interactor, built before any case runs.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result, bail};

use crate::judge::exit_text;
use crate::package::program;
use crate::run;
use crate::testlib::{ProgramExt as _, message};
use judge_formats::package::Package;
use judge_formats::package::polygon::{self, Fill, Polygon};
use judge_formats::testlib;
use judge_model::limits::Limits;
use judge_model::package::Made;
use judge_model::problem::{Checker, Interactor, Settings};
use judge_model::program::Lang;
use judge_model::testlib::Role;
use judge_sandbox::Exit;

/// Makes what the Polygon package `package` lacks ([`Polygon::fill`]), test by
/// test, and says what it made in its notes. A package of another format, or
/// one that ships its tests, is left as it is.
pub fn fill(package: &mut Package) -> Result<()> {
    let Some(p) = &mut package.polygon else {
        return Ok(());
    };
    let mut filler = Filler::new(&package.root, &p.fill);
    for test in &p.fill.tests {
        let n = test.n;
        if let Some((cmd, from_file)) = &test.generate {
            filler
                .generate(&test.input, cmd, from_file.as_deref())
                .with_context(|| format!("test {n}: cannot generate it with \"{cmd}\""))
                .with_context(|| package.root.join(polygon::FILE_NAME).display().to_string())?;
        }
        if let Some(answer) = &test.answer {
            filler
                .answer(answer, &test.input)
                .with_context(|| format!("test {n}: cannot make its answer"))
                .with_context(|| package.root.join(polygon::FILE_NAME).display().to_string())?;
        }
    }
    p.made = filler.made;
    p.made.multi_runs = filler.multi.len();
    p.made.multi_cached = filler.multi.values().filter(|ran| !**ran).count();
    Ok(())
}

/// The judge settings' checker and interactor of the Polygon package `p`, built
/// now (once, before any case runs: a compile error is one error, not an ERR on
/// every case).
pub fn apply(p: &Polygon, settings: &mut Settings) -> Result<()> {
    if let Checker::Testlib(program) = &p.checker {
        program.build()?;
    }
    settings.checker = p.checker.clone();
    if let Some(interactor) = &p.interactor {
        interactor.build()?;
        settings.interactive = true;
        settings.interactor = Some(Interactor::Testlib {
            interactor: Arc::clone(interactor),
            checker: match &p.checker {
                Checker::Testlib(program) => Some(Arc::clone(program)),
                _ => None,
            },
        });
    }
    Ok(())
}

/// Makes the tests and answers of one [`Fill`], counting what it made.
struct Filler<'a> {
    dir: &'a Path,
    fill: &'a Fill,
    /// What it made so far.
    made: Made,
    /// The multi-test generators' commands (words joined by one space) the tests
    /// so far are files of, and whether each ran now (else its files, or the
    /// tests made of them, were in the cache).
    multi: std::collections::HashMap<String, bool>,
}

impl<'a> Filler<'a> {
    fn new(dir: &'a Path, fill: &'a Fill) -> Filler<'a> {
        Filler {
            dir,
            fill,
            made: Made {
                interactive: fill.interactive,
                out: fill.out.clone(),
                ..Made::default()
            },
            multi: std::collections::HashMap::new(),
        }
    }

    fn limits(&self) -> Limits {
        Limits {
            time: Duration::from_secs(60),
            memory: (self.fill.memory_mib << 20).max(1 << 30),
            output: 1 << 30,
        }
    }

    /// Makes the test at `path` from its `<test cmd>` line into the cache: the
    /// generator's stdout, or with `from-file` the file of that name a multi-test
    /// generator wrote in its folder.
    fn generate(&mut self, path: &Path, cmd: &str, from_file: Option<&str>) -> Result<()> {
        self.made.generated += 1;
        self.made.from_files += usize::from(from_file.is_some());
        if from_file.is_some() {
            let words: Vec<&str> = cmd.split_whitespace().collect();
            self.multi.entry(words.join(" ")).or_insert(false);
        }
        if path.is_file() {
            return Ok(());
        }
        let Some(file) = from_file else {
            let stdout = self.run_generator(cmd, None)?;
            return write_new(path, &stdout);
        };
        if file.is_empty() || file.contains(['/', '\\']) || file.starts_with('.') {
            bail!("from-file=\"{file}\" is not the name of a file in the generator's folder");
        }
        let folder = self.multigen(cmd)?;
        let made = folder.join(file);
        let bytes = std::fs::read(&made).map_err(|_| {
            let mut wrote: Vec<String> = std::fs::read_dir(&folder)
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect();
            wrote.sort();
            anyhow::anyhow!(
                "the generator wrote no file \"{file}\" (from-file); it wrote: {}",
                if wrote.is_empty() {
                    "nothing".to_string()
                } else {
                    wrote.join(" ")
                }
            )
        })?;
        write_new(path, &bytes)
    }

    /// The folder where a multi-test generator ran `cmd`: run once per distinct
    /// command (a later test of the same command, or a later judge run, finds it).
    ///
    /// testlib's generator guide: a multi-test generator calls
    /// `startTest(test_index)`, which reopens stdout as a file named
    /// `test_index` in its current folder; Polygon's script names the tests one
    /// run makes (`multigen a b c > {4-10}`), and problem.xml gives each test its
    /// run (`cmd`) and the file it is (`from-file`).
    fn multigen(&mut self, cmd: &str) -> Result<PathBuf> {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        cmd.split_whitespace().collect::<Vec<_>>().hash(&mut h);
        let folder = self
            .fill
            .out
            .join("multigen")
            .join(format!("{:016x}", h.finish()));
        if folder.is_dir() {
            return Ok(folder);
        }
        // It runs in a fresh folder, renamed when it succeeds: a failed or
        // half-finished run is never taken for a made one.
        let work = folder.with_extension(format!("tmp-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&work);
        std::fs::create_dir_all(&work)
            .with_context(|| format!("cannot create {}", work.display()))?;
        let words: Vec<&str> = cmd.split_whitespace().collect();
        self.multi.insert(words.join(" "), true);
        let ran = self.run_generator(cmd, Some(&work));
        if let Err(e) = ran {
            let _ = std::fs::remove_dir_all(&work);
            return Err(e);
        }
        if let Err(e) = std::fs::rename(&work, &folder) {
            let _ = std::fs::remove_dir_all(&work);
            // Another judge run made it meanwhile: the same command's files.
            if !folder.is_dir() {
                return Err(e).with_context(|| format!("cannot write {}", folder.display()));
            }
        }
        Ok(folder)
    }

    /// Runs the generator line `cmd` (in `folder`, which it may write, when
    /// given): its stdout.
    fn run_generator(&self, cmd: &str, folder: Option<&Path>) -> Result<Vec<u8>> {
        let words: Vec<&str> = cmd.split_whitespace().collect();
        let Some((generator, args)) = words.split_first() else {
            bail!("an empty cmd");
        };
        if args.iter().any(|a| a.starts_with('>') || a.contains('$')) {
            bail!("a generator line with a redirection is a script line, not a test's cmd");
        }
        let (_, source, lang) = self
            .fill
            .generators
            .iter()
            .find(|(name, _, _)| name == generator)
            .with_context(|| format!("no generator {generator} among <files><executables>"))?;
        let mut program =
            testlib::read(Role::Generator, source, self.dir, Duration::from_secs(60))?;
        if let Some(lang) = lang.filter(|l| !matches!(l, Lang::C | Lang::Cpp)) {
            program.source.lang = lang;
        }
        let built = program.build()?;
        let mut command = built.command();
        command.args(args);
        if let Some(folder) = folder {
            let folder = std::path::absolute(folder)?;
            command.share(&folder, judge_sandbox::Access::Write);
            command.current_dir(folder);
        }
        let limits = self.limits();
        let ran = run::run(command, Path::new("/dev/null"), &limits)?;
        if ran.exit != Exit::Code(0) {
            bail!(
                "the generator failed ({}): {}",
                exit_text(&ran),
                message(&ran.stderr_tail)
            );
        }
        Ok(ran.stdout)
    }

    /// The answer to `input` at `path`: the `main` solution's output (an empty
    /// file for an interactive problem, whose interactor reads the input alone).
    fn answer(&mut self, path: &Path, input: &Path) -> Result<()> {
        self.made.answered += 1;
        if path.is_file() {
            return Ok(());
        }
        if self.fill.interactive {
            return write_new(path, b"");
        }
        let main =
            self.fill.main.as_ref().context(
                "the package has no answer file and no solution tagged main to make one",
            )?;
        let source = main.source()?.with_context(|| {
            format!("{}: not a language this judge builds", main.path.display())
        })?;
        let built = program::build(&source, &[], self.fill.memory_mib)?;
        let ran = run::run(built.command(), input, &self.limits())?;
        if ran.exit != Exit::Code(0) {
            bail!(
                "the main solution {} failed ({})",
                main.path.display(),
                exit_text(&ran)
            );
        }
        write_new(path, &ran.stdout)
    }
}

/// Writes `bytes` to `path` through a temporary file, so a half-written test is
/// never taken for a made one.
fn write_new(path: &Path, bytes: &[u8]) -> Result<()> {
    let parent = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(parent)
        .with_context(|| format!("cannot create {}", parent.display()))?;
    let tmp = parent.join(format!(
        ".{}.tmp-{}",
        path.file_name().unwrap_or_default().to_string_lossy(),
        std::process::id()
    ));
    std::fs::write(&tmp, bytes).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
}
