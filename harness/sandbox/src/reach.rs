//! What an isolated program outside the system's folders needs to see to run as
//! it runs outside (the jail has only the system's folders, `jail::SYSTEM`): its
//! own file, its interpreter's installation, and for a script `PATH` finds (a
//! version manager's shim, a wrapper) what the script names. The judge's side of
//! isolation (`isolation`) asks this once per program and judge run.

use std::collections::HashMap;
use std::ffi::OsString;
use std::io::Read as _;
use std::os::unix::ffi::OsStrExt as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::Bind;
use super::jail::in_system;

/// How far a script's named scripts are followed (shim, then the version
/// manager it runs, then that one's helper).
const DEPTH: usize = 3;

/// At most this many folders or files are made visible for one script's names.
const MOST: usize = 16;

/// A script's first this many bytes are read for the paths it names.
const READ: u64 = 64 << 10;

/// Folders whose presence marks a folder a script names as an installation (a
/// version manager's root, a runtime's prefix) rather than data.
const INSTALLED: [&str; 6] = ["bin", "lib", "libexec", "shims", "versions", "installs"];

/// What the isolation's `resolve` makes of a program: the path to
/// run, and the binds that make it visible (none for a program in a system
/// folder). Looked up once per program and judge run (a path walk, `PATH` and
/// the links: ~20 system calls a run otherwise); a relative path is looked up
/// each time, since it depends on the judge's current folder.
pub(super) fn program(program: &OsString) -> (OsString, Vec<Bind>) {
    type Resolved = (OsString, Vec<Bind>);
    static CACHE: Mutex<Option<HashMap<OsString, Resolved>>> = Mutex::new(None);
    let path = Path::new(program);
    let relative = path.is_relative() && path.as_os_str().as_bytes().contains(&b'/');
    if !relative
        && let Some(hit) = CACHE
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
            .and_then(|c| c.get(program))
    {
        return hit.clone();
    }
    let resolved = uncached(program, relative);
    if !relative {
        CACHE
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert_with(HashMap::new)
            .insert(program.clone(), resolved.clone());
    }
    resolved
}

/// [`program`], looked up.
fn uncached(program: &OsString, relative: bool) -> (OsString, Vec<Bind>) {
    let path = Path::new(program);
    let on_path = !relative && !path.is_absolute();
    let found = if on_path {
        // A program PATH finds in a system folder, linking to one, needs no
        // bind: the jail's own `PATH` lookup finds it there.
        self::on_path(path).filter(|found| {
            let real = std::fs::canonicalize(found).unwrap_or_else(|_| found.clone());
            !in_system(found) || !in_system(&real)
        })
    } else {
        std::path::absolute(path).ok()
    };
    let Some(path) = found else {
        return (program.clone(), Vec::new());
    };
    let real = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
    if in_system(&real) && !in_system(&path) {
        // A link outside the system's folders to a program in them
        // (`~/.local/bin/lua -> /usr/bin/lua5.4`): the jail has no such folder,
        // and `lua` may not be a name there. The link's own path, bound to its
        // target, runs it as it runs outside: same path, same `argv[0]` (a
        // multi-call program reads it).
        let bind = code(path.clone());
        return (path.into_os_string(), vec![Bind { real, ..bind }]);
    }
    if in_system(&real) {
        return (program.clone(), Vec::new());
    }
    let mut binds = vec![code(installation(&real, false))];
    // Only the machine's own tools (found on PATH, an absolute folder of it)
    // have their scripts read: a program the command line names by path is the
    // solution's or a package's, and what it names is not the judge's to show.
    if on_path && path.is_absolute() {
        binds.extend(named_by_script(&real).into_iter().map(code));
    }
    (real.into_os_string(), binds)
}

/// A read-only bind of `path` (code, kept by the keeper for later runs).
fn code(path: PathBuf) -> Bind {
    Bind {
        real: std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone()),
        path,
        write: false,
        keep: true,
    }
}

/// What to bind for the program at `real`: its installation `PREFIX` when it is
/// `PREFIX/bin/NAME` and `PREFIX/lib` exists (a runtime's prefix: pyenv's
/// versions, a JDK in the home), a version manager's shim `PREFIX/shims/NAME`
/// next to what it runs (`PREFIX/libexec`, `versions`, `installs`: pyenv,
/// rbenv, asdf), or, for a program a tool's script names (`tool`),
/// `PREFIX/libexec/NAME` (a tool's helpers: pyenv's own `libexec/pyenv`,
/// wherever it is installed); and `PREFIX` is not the home or a top-level
/// folder. Else the file alone.
fn installation(real: &Path, tool: bool) -> PathBuf {
    let parent = real.parent().and_then(Path::file_name);
    let is = |name: &str| parent.is_some_and(|n| n == name);
    let prefix = real.parent().and_then(Path::parent).filter(|p| {
        is("bin") && p.join("lib").is_dir()
            || tool && is("libexec")
            || is("shims")
                && ["libexec", "versions", "installs"]
                    .iter()
                    .any(|d| p.join(d).is_dir())
    });
    match prefix {
        Some(p) if may_show(p) => p.to_path_buf(),
        _ => real.to_path_buf(),
    }
}

/// Whether a folder may be shown whole: not a top-level folder (`/home`,
/// `/tmp`), nor the home or a folder holding it.
fn may_show(dir: &Path) -> bool {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    dir.components().count() > 2 && !home.is_some_and(|h| h.starts_with(dir))
}

/// What the script at `script` (a file starting `#!`) needs besides itself, as
/// a shim or a wrapper names it: each absolute path it names (its interpreter,
/// the program it `exec`s, the root it exports; `$HOME`, `${HOME}` and `~`
/// taken as the home) that exists outside the system's folders, as a program's
/// [`installation`], or a folder holding one of [`INSTALLED`] whole; the
/// scripts among them are read in turn, [`DEPTH`] deep. None for a program that
/// is no script.
fn named_by_script(script: &Path) -> Vec<PathBuf> {
    let mut shown: Vec<PathBuf> = Vec::new();
    let mut read = vec![script.to_path_buf()];
    let mut todo = vec![(script.to_path_buf(), 1)];
    while let Some((file, depth)) = todo.pop() {
        for path in paths_named(&file) {
            let real = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
            // The jail has its own devices and /proc: a bind of the machine's
            // `/dev/null` (read-only, as code is) would replace its own.
            let special = |p: &Path| {
                ["/dev", "/proc", "/sys", "/run"]
                    .iter()
                    .any(|d| p.starts_with(d))
            };
            if special(&path) || special(&real) || !real.is_file() && !real.is_dir() {
                continue;
            }
            if in_system(&real) {
                // A link outside the system's folders to a program in them: the
                // link, bound to its target (as `uncached` does).
                if !in_system(&path)
                    && real.is_file()
                    && !shown.contains(&path)
                    && shown.len() < MOST
                {
                    shown.push(path);
                }
                continue;
            }
            if real.is_file() && depth < DEPTH && !read.contains(&real) {
                read.push(real.clone());
                todo.push((real.clone(), depth + 1));
            }
            let show = if real.is_dir() {
                let installed = INSTALLED.iter().any(|d| real.join(d).is_dir());
                (installed && may_show(&real)).then(|| real.clone())
            } else {
                Some(installation(&real, true))
            };
            let shown_already = |s: &PathBuf| shown.iter().any(|d| s.starts_with(d));
            if let Some(show) = show.filter(|s| !shown_already(s) && *s != script)
                && shown.len() < MOST
            {
                shown.push(show);
            }
        }
    }
    shown
}

/// The absolute paths the script at `file` names that exist, in order; none
/// when it is no script (its first bytes are not `#!`).
fn paths_named(file: &Path) -> Vec<PathBuf> {
    let mut text = Vec::new();
    let read = std::fs::File::open(file).and_then(|f| f.take(READ).read_to_end(&mut text));
    if read.is_err() || !text.starts_with(b"#!") {
        return Vec::new();
    }
    let text = String::from_utf8_lossy(&text);
    let home = std::env::var("HOME").unwrap_or_default();
    let mut paths = Vec::new();
    // Words as a shell or an `env` line writes paths: split at blanks, quotes
    // and the characters around a path in an assignment, a list or `PATH`.
    for word in text.split(|c: char| c.is_whitespace() || "\"'`;|&<>()=:,".contains(c)) {
        let word = ["${HOME}", "$HOME", "~"]
            .iter()
            .find_map(|h| word.strip_prefix(h).filter(|r| r.starts_with('/')))
            .map_or_else(|| word.to_string(), |rest| format!("{home}{rest}"));
        let path = PathBuf::from(word.trim_end_matches('/'));
        if path.is_absolute()
            && path.components().count() > 2
            && path.exists()
            && !paths.contains(&path)
        {
            paths.push(path);
        }
    }
    paths
}

/// Where `PATH` finds the executable `program` (a bare name), as a shell would:
/// the first directory holding a file of that name the judge may execute
/// (access(2) `X_OK`). The engine's lookups use this one too.
pub fn on_path(program: impl AsRef<Path>) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(program.as_ref()))
        .find(|candidate| {
            std::ffi::CString::new(candidate.as_os_str().as_bytes()).is_ok_and(|c| {
                // SAFETY: access(2) on a valid C string.
                unsafe { libc::access(c.as_ptr(), libc::X_OK) == 0 }
            }) && candidate.is_file()
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn an_installation_is_the_prefix_of_a_runtime_a_tools_helper_or_a_shim() {
        let root = tempfile::tempdir().unwrap();
        let r = root.path();
        for dir in [
            "py/lib",
            "py/bin",
            "tool/libexec",
            "mgr/shims",
            "mgr/versions",
            "bare/shims",
            "plain/bin",
        ] {
            std::fs::create_dir_all(r.join(dir)).unwrap();
        }
        // A program named by its path (a solution's, a package's) never gets
        // its folder's parent for being in a `libexec`.
        let rows = [
            ("py/bin/python3", true, "py"),
            ("tool/libexec/pyenv", true, "tool"),
            ("tool/libexec/pyenv", false, "tool/libexec/pyenv"),
            ("mgr/shims/python3", false, "mgr"),
            ("bare/shims/python3", true, "bare/shims/python3"),
            ("plain/bin/python3", true, "plain/bin/python3"),
        ];
        for (file, tool, want) in rows {
            assert_eq!(
                installation(&r.join(file), tool),
                r.join(want),
                "{file} {tool}"
            );
        }
    }

    #[test]
    fn a_script_shows_what_it_names_outside_the_system_and_no_data() {
        let root = tempfile::tempdir().unwrap();
        let r = root.path();
        let pyenv = r.join("cellar/pyenv/libexec/pyenv");
        write(
            &pyenv,
            "#!/usr/bin/env bash\nexec \"$PYENV_ROOT/versions/x/bin/python3\" \"$@\"\n",
        );
        std::fs::create_dir_all(r.join("root/versions")).unwrap();
        write(&r.join("notes/secret.txt"), "");
        // pyenv's own `libexec/pyenv` names /dev/null.
        let shim = r.join("root/bin/python3");
        write(
            &shim,
            &format!(
                "#!/usr/bin/env bash\nexport PYENV_ROOT=\"{root}\"\n# see {notes}\n\
                 command -v x > /dev/null\n\
                 exec \"{pyenv}\" exec \"${{0##*/}}\" \"$@\"\n",
                root = r.join("root").display(),
                notes = r.join("notes").display(),
                pyenv = pyenv.display(),
            ),
        );
        assert_eq!(
            named_by_script(&shim),
            [r.join("root"), r.join("cellar/pyenv")]
        );
        write(&r.join("sol"), "print(1)\n");
        assert!(named_by_script(&r.join("sol")).is_empty(), "no script");
    }
}
