//! The judge's side of isolation: whether runs are isolated, which of the judge's
//! paths a run may see, and which protections the kernel granted (see `jail` for
//! how a keeper builds them).

use std::collections::HashMap;
use std::os::fd::{AsRawFd as _, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use anyhow::{Result, bail};

use super::jail::MISSING_NAMES;
use super::{Bind, Cwd, Spec};

static ISOLATE: AtomicBool = AtomicBool::new(true);
/// Protections some isolated keeper reported missing (`jail`'s bits).
static MISSING: AtomicU32 = AtomicU32::new(0);
/// Some isolated keeper has reported.
static SEEN: AtomicBool = AtomicBool::new(false);
static WARNED: AtomicBool = AtomicBool::new(false);

/// Turns isolation on (the default) or off (`--no-isolation`) for every run
/// specified after this.
pub fn set_isolation(on: bool) {
    ISOLATE.store(on, Ordering::SeqCst);
}

pub(super) fn wanted() -> bool {
    ISOLATE.load(Ordering::SeqCst)
}

/// What isolation the judge's runs had, for its reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Isolation {
    /// Turned off (`--no-isolation`).
    Off,
    /// On, with every protection (or no isolated run has started yet).
    On,
    /// On, but the kernel refused these protections.
    Partial(Vec<&'static str>),
}

impl std::fmt::Display for Isolation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Isolation::Off => f.write_str("off (--no-isolation)"),
            Isolation::On => f.write_str("on"),
            Isolation::Partial(missing) => write!(f, "partial (missing: {})", missing.join("; ")),
        }
    }
}

/// The isolation the runs so far had.
pub fn isolation() -> Isolation {
    if !wanted() {
        return Isolation::Off;
    }
    let missing = MISSING.load(Ordering::SeqCst);
    if !SEEN.load(Ordering::SeqCst) || missing == 0 {
        return Isolation::On;
    }
    Isolation::Partial(
        MISSING_NAMES
            .iter()
            .filter(|(bit, _)| missing & bit != 0)
            .map(|(_, name)| *name)
            .collect(),
    )
}

/// How an isolated program may use a path shared with it
/// ([`RunSpec::share`](crate::RunSpec::share)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Code it runs (a script, a class folder): read-only, kept by the keeper for
    /// later runs.
    Code,
    /// A file of this run (a checker's input and answer): read-only, gone after it.
    Read,
    /// A folder of this run it writes (a feedback folder).
    Write,
}

/// `spec` with its program made visible: a program outside the system's folders
/// is run by its real path, bound read-only, with its installation when it is an
/// interpreter's (`PREFIX/bin/python3` next to `PREFIX/lib`: pyenv, a JDK in the
/// home); a link outside them to a program in them is run by its own path,
/// bound to its target. A bare name found first in a system folder, linking to
/// one, stays a name (the jail's `PATH` lookup finds it there).
pub(super) fn resolve(spec: &Spec) -> Spec {
    let mut spec = spec.clone();
    if let Cwd::Dir(d) = &spec.cwd {
        let d = std::path::absolute(d).unwrap_or_else(|_| d.clone());
        spec.cwd = Cwd::Dir(d.clone());
        // Read-only, unless it was shared for writing (a multi-test generator's
        // folder, where it writes its tests).
        let shared = spec.binds.iter().any(|b| b.path == d);
        spec.binds.extend((!shared).then(|| Bind {
            real: d.clone(),
            path: d,
            write: false,
            keep: false,
        }));
    }
    for b in &mut spec.binds {
        b.real = if b.keep {
            real_path_of_code(&b.path)
        } else {
            std::fs::canonicalize(&b.path).unwrap_or_else(|_| b.path.clone())
        };
    }
    let (program, binds) = super::reach::program(&spec.program);
    spec.program = program;
    spec.binds.extend(binds);
    spec
}

/// The real path of a program's file or folder (a [`Access::Code`] share: the same
/// for every run), looked up once per judge run.
fn real_path_of_code(path: &Path) -> PathBuf {
    static CACHE: Mutex<Option<HashMap<PathBuf, PathBuf>>> = Mutex::new(None);
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    let cache = cache.get_or_insert_with(HashMap::new);
    if let Some(real) = cache.get(path) {
        return real.clone();
    }
    let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    cache.insert(path.to_path_buf(), real.clone());
    real
}

/// Reads a new isolated keeper's first word: `ready MISSING`. Warns once (on
/// stderr) about the protections the kernel refused.
pub(super) fn read_ready(line: &OwnedFd) -> Result<()> {
    let mut buf = [0u8; 64];
    let n = loop {
        // SAFETY: reading into a valid buffer from our own socket.
        let n = unsafe { libc::recv(line.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len(), 0) };
        if n >= 0 {
            break n as usize;
        }
        if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            bail!(
                "cannot read from a new sandbox keeper: {}",
                std::io::Error::last_os_error()
            );
        }
    };
    let text = String::from_utf8_lossy(&buf[..n]);
    let Some(missing) = text
        .strip_prefix("ready ")
        .and_then(|m| m.trim().parse::<u32>().ok())
    else {
        bail!("a new sandbox keeper did not start (it said {text:?})");
    };
    MISSING.fetch_or(missing, Ordering::SeqCst);
    SEEN.store(true, Ordering::SeqCst);
    if missing != 0 && !WARNED.swap(true, Ordering::SeqCst) {
        eprintln!(
            "warning: isolation is {}: the kernel refused it here, runs go on without it",
            isolation()
        );
    }
    Ok(())
}
