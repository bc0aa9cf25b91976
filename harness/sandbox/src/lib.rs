//! The sandbox: starting a program with limits in its own process group, and making
//! sure that it and everything it starts is gone, and reaped, when the run ends.
//!
//! A run is a spawn request sent to a *keeper*, forked on demand by the sandbox
//! server (the judge binary re-executed once, small and single-threaded: see
//! `server`) and kept in a pool for the next run once it has reported. The keeper
//! starts the program (its own process group, default
//! signals, `RLIMIT_CPU`/`RLIMIT_AS`/`RLIMIT_FSIZE`, `RLIMIT_STACK` unlimited (the
//! stack grows as far as `RLIMIT_AS` lets it), no core dumps, the working
//! directory asked for) and is the subreaper of everything the program starts, so
//! when the program ends, or its CPU limit or the wall-clock backstop passes, or the
//! judge asks for the kill, it finds every descendant by ancestry, kills and reaps them all, and
//! only then reports. The judge sees the program's pipes reach EOF exactly when the
//! last process that held them is gone, and gets the program's own CPU time and
//! peak RSS (`wait4` in a process of about a megabyte, not in the judge).
//!
//! The API, for anything that runs programs (`run` for one solution on one input,
//! `interact` for two processes talking to each other, the command checker):
//! build a [`RunSpec`] (the command, and what an isolated run of it may see),
//! [`spawn`] its [`Spec`] with three descriptors, get a [`Running`]; poll its
//! [`Running::report_fd`] beside your own pipes (or just call [`Running::wait`]);
//! [`Running::kill`] to end it early (the group and every descendant, still reaped);
//! [`Running::wait`] for the [`Ended`] facts. [`interrupt`] (Ctrl-C) wakes every
//! poll loop that watches [`interrupt_fd`].

#![allow(unsafe_code)] // pipes, poll and the server's socket are raw system calls.

pub mod affinity;
mod cpu;
mod isolation;
mod jail;
mod reach;
mod run_spec;
mod server;
mod text;
mod wire;

use std::ffi::OsString;
use std::os::fd::{AsFd, AsRawFd as _, BorrowedFd, FromRawFd as _, OwnedFd, RawFd};
use std::path::PathBuf;
use std::process::{Command, Stdio as StdStdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};

pub use isolation::{Access, Isolation, isolation, set_isolation};
pub use reach::on_path;
pub use run_spec::RunSpec;
pub use wire::Step;

/// The first argument that turns the judge binary into the sandbox server.
const SERVER_ARG: &str = "__cp-games-sandbox-server";

/// The judge binary, recorded by [`serve_if_asked`]; the server is started from it.
static SERVER_EXE: OnceLock<PathBuf> = OnceLock::new();

/// Resource limits of one run, as the keeper enforces them on the process group
/// (`RLIMIT_*` and its own clocks). `None` is unlimited (up to the judge's own
/// hard limits, which an unprivileged child cannot raise).
///
/// Not `judge_model::limits::Limits`, which the engine converts into this: the
/// sandbox sits below the model and knows no problem; any limit may be absent (a
/// compiler, an interactor's CPU); the wall-clock backstop is a limit of its own
/// here, where the model derives it from the time; and the output limit is a
/// file-size limit here, where the judge caps standard output by reading it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResourceLimits {
    /// CPU time (user + system of the run's processes, all their threads). The
    /// keeper kills the run once the scheduler's own clocks of its processes, with
    /// what the children each reaped used, say this much was used together: the
    /// clock `wait4` reports. `RLIMIT_CPU` is set only as
    /// a backstop, at twice this plus a second: the kernel checks it on a clock
    /// sampled at each timer tick, which charges a whole tick to whatever runs at
    /// that instant and so, on a busy machine, runs ahead of the time really
    /// used (a 4 s limit fired after 3.0-3.8 s by `wait4`'s count).
    pub cpu: Option<Duration>,
    /// `RLIMIT_AS` in bytes.
    pub address_space: Option<u64>,
    /// `RLIMIT_FSIZE` in bytes: the largest file the program may write (SIGXFSZ).
    pub file_size: Option<u64>,
    /// The wall-clock backstop: the keeper kills the group after this long.
    pub wall: Duration,
}

/// The working directory of a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cwd {
    /// The judge's own.
    Inherit,
    /// This folder.
    Dir(PathBuf),
    /// A new empty folder under this one, removed (with whatever the program wrote
    /// there) once everything it started is gone.
    Fresh(PathBuf),
}

/// What to run and how.
#[derive(Debug, Clone)]
pub struct Spec {
    /// The program: a path, or a name looked up on `PATH`.
    pub program: OsString,
    /// Its arguments (without the program name).
    pub args: Vec<OsString>,
    /// Start from an empty environment instead of the judge's.
    pub env_clear: bool,
    /// Variables set (`Some`) or removed (`None`), in order.
    pub env: Vec<(OsString, Option<OsString>)>,
    /// The working directory.
    pub cwd: Cwd,
    /// The limits.
    pub limits: ResourceLimits,
    /// Run it isolated (see `isolation`): an unprivileged user, no network, only
    /// the system's folders, its work folder, a private `/tmp` and `binds`.
    pub isolate: bool,
    /// The judge's paths an isolated program sees (besides the system's folders).
    pub binds: Vec<Bind>,
    /// Report the program's pid as soon as it has started ([`Running::pid`]), for
    /// a caller that looks at the running process (the interactive relay). Off, the
    /// keeper says nothing until the run has ended: one wake-up of the judge and
    /// one look into `/proc` less per run.
    pub report_pid: bool,
    /// The keeper keeps its own copies of the program's stdout and stderr open
    /// until it has reported, so a caller that watches both pipes and the report
    /// is woken once when the run ends (by the report), not first by the pipes'
    /// end. Once the report is read, every process of the run is gone and nothing
    /// more can arrive: what the pipes hold is all there is, to be read without
    /// waiting for their end (a copy passed to a process outside the run is not
    /// waited for).
    pub hold_output: bool,
}

/// A path of the judge's machine that an isolated program sees, at the same place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bind {
    /// The absolute path, as the program names it.
    pub path: PathBuf,
    /// The same without symbolic links (the keeper cannot follow an absolute link
    /// of the judge's tree): filled in by [`spawn`].
    pub real: PathBuf,
    /// Writable (else read-only).
    pub write: bool,
    /// Kept for the keeper's later runs (a program or its runtime), else removed
    /// when this run ends (a case's files).
    pub keep: bool,
}

/// Where fresh working directories go: `$TMPDIR` when it is set, else `/dev/shm`
/// when it is a writable folder (a tmpfs: creating and removing a folder there costs
/// a few microseconds, where `/tmp` on ext4 costs a journal transaction each, about
/// a tenth of a small case's cost), else `/tmp`.
pub fn fresh_base() -> &'static std::path::Path {
    static BASE: OnceLock<PathBuf> = OnceLock::new();
    BASE.get_or_init(|| {
        let shm = std::path::Path::new("/dev/shm");
        let writable = || {
            let c = c"/dev/shm";
            // SAFETY: access(2) on a valid C string.
            unsafe { libc::access(c.as_ptr(), libc::W_OK | libc::X_OK) == 0 }
        };
        if std::env::var_os("TMPDIR").is_none() && shm.is_dir() && writable() {
            shm.to_path_buf()
        } else {
            std::env::temp_dir()
        }
    })
}

/// The three standard descriptors of a run (moved into the server and closed here).
pub struct Stdio {
    /// Standard input.
    pub stdin: OwnedFd,
    /// Standard output.
    pub stdout: OwnedFd,
    /// Standard error.
    pub stderr: OwnedFd,
}

/// How a program ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// Exited with this code.
    Code(i32),
    /// Killed by this signal.
    Signal(i32),
}

/// `exit 3` or `SIGSEGV`: the one way an exit is written, everywhere.
impl std::fmt::Display for Exit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Exit::Code(c) => write!(f, "exit {c}"),
            Exit::Signal(s) => f.write_str(&signal_name(s)),
        }
    }
}

/// The conventional name of a signal number, e.g. `SIGSEGV`.
pub fn signal_name(signal: i32) -> String {
    let name = match signal {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGSYS => "SIGSYS",
        _ => return format!("signal {signal}"),
    };
    name.to_string()
}

/// The facts of a finished run, measured by the keeper.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Finished {
    /// How the program ended.
    pub exit: Exit,
    /// Its user + system CPU time (and that of the children it waited for).
    pub cpu: Duration,
    /// Wall time from start to exit.
    pub wall: Duration,
    /// Its peak resident set size in bytes (`ru_maxrss`, forked from the keeper).
    pub peak_rss: u64,
    /// The wall-clock backstop fired and the group was killed for it.
    pub wall_exceeded: bool,
    /// The judge asked for the kill ([`Running::kill`]).
    pub killed: bool,
}

/// How a run ended: the program ran, or it could not be started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// It ran; everything it started is killed and reaped.
    Finished(Finished),
    /// It never ran: this step failed with this errno (`ENOMEM` from exec is the
    /// address-space limit refusing the program's own code and data).
    NotStarted(Step, i32),
}

/// A run in progress.
pub struct Running {
    /// The keeper's pool.
    kind: usize,
    /// [`kept_key`] of the run: the keeper goes back to the pool with it.
    kept: u64,
    /// The CPU the keeper moved to for the run, if told one: the same.
    cpu: Option<usize>,
    /// The keeper's line, on which it reports; back to the pool once it has.
    keeper: Option<OwnedFd>,
    /// [`Running::kill`] has sent its message.
    kill_sent: bool,
    text: Vec<u8>,
    pid: Option<i32>,
    ended: Option<Ended>,
    eof: bool,
}

/// Whether the judge's tests ask the sandbox to do without `what`, as a kernel or a
/// container that refuses it would: `CP_JUDGE_SANDBOX_REFUSE=net,fs,pin` (a
/// network or filesystem namespace, or pinning the keeper's code: text.rs), or
/// `pin,drop` (neither pinning nor dropping the keeper's code: a peak with the
/// keeper's pages in it, what the tests of peaks must tell apart).
fn refused(what: &str) -> bool {
    std::env::var("CP_JUDGE_SANDBOX_REFUSE").is_ok_and(|r| r.split(',').any(|r| r == what))
}

/// Makes the judge binary the sandbox server when it was started as one (never
/// returns then), and records the binary so [`spawn`] can start the server. Call it
/// first thing in `main`, before any thread exists.
pub fn serve_if_asked() {
    let mut args = std::env::args_os();
    if args.nth(1).is_some_and(|a| a == SERVER_ARG) {
        server::serve(0);
    }
    if let Ok(exe) = std::env::current_exe() {
        let _ = SERVER_EXE.set(exe);
    }
}

/// The running server: the judge's end of its socket, and its pid (the judge's
/// child, reaped by [`Server::wait`]).
struct Server {
    sock: OwnedFd,
    pid: libc::pid_t,
}

impl Server {
    /// Closes the socket and waits for the server, which ends once its keepers
    /// have (each ends when its line is closed and its last run cleaned up).
    fn wait(self) {
        let Server { sock, pid } = self;
        drop(sock);
        // SAFETY: waiting for our own child with a valid out-pointer.
        while unsafe { libc::waitpid(pid, &mut 0, 0) } < 0
            && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted
        {}
    }

    /// Kills the server (gone wrong) and reaps it.
    fn kill(self) {
        // SAFETY: signalling our own child, not yet reaped.
        unsafe { libc::kill(self.pid, libc::SIGKILL) };
        self.wait();
    }
}

static SERVER: Mutex<Option<Server>> = Mutex::new(None);

/// An idle keeper: the judge's end of its line, [`kept_key`] of the binds its
/// last run kept, and the CPU it moved to for that run (see `affinity`).
struct Idle<L = OwnedFd> {
    line: L,
    kept: u64,
    cpu: Option<usize>,
}

/// Idle keepers, plain (0) and isolated (1).
static POOL: Mutex<[Vec<Idle>; 2]> = Mutex::new([Vec::new(), Vec::new()]);

/// Takes the idle keeper for a run whose kept binds are `kept`, asked for from
/// `cpu`: the last one put back whose last run kept the same and was on the same
/// CPU, else that kept the same (a keeper that must mount costs more than one
/// that must move), else that was on the same CPU, else the last one put back.
fn take_idle<L>(pool: &mut Vec<Idle<L>>, kept: u64, cpu: Option<usize>) -> Option<L> {
    let fit = |k: &Idle<L>| 2 * u8::from(k.kept == kept) + u8::from(k.cpu == cpu);
    // max_by_key keeps the last of equals: the last put back.
    let best = (0..pool.len()).max_by_key(|&i| fit(&pool[i]))?;
    Some(pool.remove(best).line)
}

/// Which kept binds (a program, its runtime) a run asks for, as one number: a run
/// goes to an idle keeper whose last run kept the same, which finds them made. Any
/// other keeper unmounts the binds the run does not name and mounts its own (two
/// mount calls and an unmount, whose expedited RCU grace period interrupts every
/// CPU), which stress, alternating generator, brute force and solution, would pay
/// on most runs. A collision costs only those mounts: the keeper still unmounts
/// what a run does not name.
fn kept_key(spec: &Spec) -> u64 {
    use std::hash::{Hash as _, Hasher as _};
    let mut kept: Vec<&PathBuf> = spec
        .binds
        .iter()
        .filter(|b| b.keep)
        .map(|b| &b.path)
        .collect();
    kept.sort();
    let mut h = std::collections::hash_map::DefaultHasher::new();
    kept.hash(&mut h);
    h.finish()
}

/// Isolated keepers asked for by [`prestart`] whose first words (the protections
/// they could not have) are not read yet.
static STARTING: Mutex<Vec<OwnedFd>> = Mutex::new(Vec::new());

/// The judge binary: the one running (if `main` called [`serve_if_asked`]), else
/// (the library's own unit tests) the `judge` beside or above the running program.
fn server_exe() -> Result<PathBuf> {
    if let Some(exe) = SERVER_EXE.get() {
        return Ok(exe.clone());
    }
    let me = std::env::current_exe().context("cannot find the running program")?;
    me.ancestors()
        .skip(1)
        .take(2)
        .map(|d| d.join("judge"))
        .find(|p| p.is_file())
        .context("the sandbox server is the judge binary: call sandbox::serve_if_asked() in main")
}

/// A close-on-exec pair of connected message sockets.
fn socket_pair() -> Result<(OwnedFd, OwnedFd)> {
    let mut pair = [0; 2];
    // SAFETY: a valid two-int array.
    if unsafe {
        libc::socketpair(
            libc::AF_UNIX,
            libc::SOCK_SEQPACKET | libc::SOCK_CLOEXEC,
            0,
            pair.as_mut_ptr(),
        )
    } != 0
    {
        return Err(std::io::Error::last_os_error()).context("cannot create the sandbox socket");
    }
    // SAFETY: socketpair just returned these two descriptors, owned by nobody else.
    Ok(unsafe { (OwnedFd::from_raw_fd(pair[0]), OwnedFd::from_raw_fd(pair[1])) })
}

fn start_server() -> Result<Server> {
    let exe = &server_exe()?;
    let (ours, theirs) = socket_pair()?;
    let child = Command::new(exe)
        .arg(SERVER_ARG)
        .stdin(StdStdio::from(theirs))
        .stdout(StdStdio::null())
        .stderr(StdStdio::null())
        .spawn()
        .with_context(|| format!("cannot start the sandbox server {}", exe.display()))?;
    // Dropping a `Child` neither waits for nor kills it: `Server` reaps it by pid.
    Ok(Server {
        sock: ours,
        pid: child.id() as libc::pid_t,
    })
}

/// The server as a fork of this process rather than a new one: no `exec`, no
/// loading and relocating the judge binary again (~1.5 ms before its first
/// keeper). Only while the process is single-threaded, at the start of `main`
/// ([`prestart`]); its memory is then the little the judge has at that point.
fn fork_server() -> Result<Server> {
    let (ours, theirs) = socket_pair()?;
    let null = std::fs::File::options()
        .read(true)
        .write(true)
        .open("/dev/null")
        .context("cannot open /dev/null")?;
    // SAFETY: the caller is single-threaded (see above), so the child may do
    // anything; it keeps only its socket (as 0) and /dev/null (as 1 and 2), as the
    // server started by `exec` does, and never returns.
    unsafe {
        match libc::fork() {
            -1 => Err(std::io::Error::last_os_error()).context("cannot fork the sandbox server"),
            0 => {
                libc::dup2(theirs.as_raw_fd(), 0);
                libc::dup2(null.as_raw_fd(), 1);
                libc::dup2(null.as_raw_fd(), 2);
                // Whatever the judge inherited (a jobserver's pipes, say) is not
                // the server's to hold open, and the judge's end of the socket
                // least of all: held here, the server would never see it close.
                if libc::syscall(libc::SYS_close_range, 3, libc::c_uint::MAX, 0) != 0 {
                    // Before Linux 5.9: one by one.
                    let open: Vec<RawFd> = std::fs::read_dir("/proc/self/fd")
                        .into_iter()
                        .flatten()
                        .flatten()
                        .filter_map(|e| e.file_name().to_str()?.parse().ok())
                        .filter(|&fd| fd > 2)
                        .collect();
                    for fd in open {
                        libc::close(fd);
                    }
                }
                server::serve(0)
            }
            pid => Ok(Server { sock: ours, pid }),
        }
    }
}

/// Stops the sandbox server, if one was started, and waits for it (and so for every
/// keeper to finish cleaning up): after this no process of the judge's is left.
/// Called once the command is done; a later [`spawn`] would start a new server.
pub fn shutdown() {
    // Idle keepers end when their line closes; the server then waits for them.
    std::mem::take(&mut *POOL.lock().unwrap_or_else(|e| e.into_inner()));
    std::mem::take(&mut *STARTING.lock().unwrap_or_else(|e| e.into_inner()));
    let server = SERVER.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some(server) = server {
        server.wait();
    }
}

/// A pipe whose ends are both close-on-exec: (read, write).
pub fn pipe() -> Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: a valid two-int array.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(std::io::Error::last_os_error()).context("cannot create a pipe");
    }
    // SAFETY: pipe2 just returned these, owned by nobody else.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// Starts the server and asks it for a keeper, isolated or not, without waiting
/// for either: both get ready while the caller parses its arguments and reads its
/// problem, and the first run of that kind takes the keeper. A failure is left for
/// that run to meet and report. Call it first thing in `main`, before any thread
/// exists: the server is forked from the calling process.
pub fn prestart(isolated: bool) {
    {
        let mut server = SERVER.lock().unwrap_or_else(|e| e.into_inner());
        if server.is_none() {
            *server = fork_server().ok();
        }
    }
    if let Ok(line) = new_keeper_line(isolated) {
        if isolated {
            STARTING
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(line);
        } else {
            POOL.lock().unwrap_or_else(|e| e.into_inner())[0].push(Idle {
                line,
                kept: 0,
                cpu: None,
            });
        }
    }
}

/// A keeper for the next run: an idle one, or one [`prestart`] asked for, or a new
/// one, forked by the server (started first if need be): the judge's end of its
/// line. An isolated one first says which protections it could not have. An idle
/// keeper whose last run kept `kept` ([`kept_key`]) on `cpu` goes first.
fn keeper(isolated: bool, kept: u64, cpu: Option<usize>) -> Result<OwnedFd> {
    let idle = take_idle(
        &mut POOL.lock().unwrap_or_else(|e| e.into_inner())[usize::from(isolated)],
        kept,
        cpu,
    );
    if let Some(idle) = idle {
        return Ok(idle);
    }
    let starting = isolated
        .then(|| STARTING.lock().unwrap_or_else(|e| e.into_inner()).pop())
        .flatten();
    let ours = match starting {
        Some(line) => line,
        None => new_keeper_line(isolated)?,
    };
    if isolated {
        isolation::read_ready(&ours)?;
    }
    Ok(ours)
}

fn new_keeper_line(isolated: bool) -> Result<OwnedFd> {
    let (ours, theirs) = socket_pair()?;
    let mut server = SERVER.lock().unwrap_or_else(|e| e.into_inner());
    let mut tries = 0;
    loop {
        if server.is_none() {
            *server = Some(start_server()?);
        }
        let s = server.as_ref().expect("just started");
        let kind: &[u8] = if isolated { b"i" } else { b"k" };
        match server::send_with_fds(s.sock.as_raw_fd(), kind, &[theirs.as_raw_fd()]) {
            Ok(()) => return Ok(ours),
            // The server died (killed from outside?): start another, once.
            Err(e) if tries == 0 && e.raw_os_error() == Some(libc::EPIPE) => {
                if let Some(old) = server.take() {
                    old.kill();
                }
                tries += 1;
            }
            Err(e) => return Err(e).context("cannot send a request to the sandbox server"),
        }
    }
}

/// Starts `spec` with `io` in the sandbox. Returns once the request is with the
/// server; whether the program really started is in [`Running::wait`]'s answer.
pub fn spawn(spec: &Spec, io: Stdio) -> Result<Running> {
    let resolved;
    let spec = if spec.isolate {
        resolved = isolation::resolve(spec);
        &resolved
    } else {
        spec
    };
    let kind = usize::from(spec.isolate);
    let kept = kept_key(spec);
    let cpu = affinity::pinned();
    let bytes = wire::encode(spec, cpu);
    let fds: [RawFd; server::FDS] = [
        io.stdin.as_raw_fd(),
        io.stdout.as_raw_fd(),
        io.stderr.as_raw_fd(),
    ];
    let mut tries = 0;
    let keeper = loop {
        let keeper = keeper(spec.isolate, kept, cpu)?;
        match server::send_with_fds(keeper.as_raw_fd(), &bytes, &fds) {
            Ok(()) => break keeper,
            // That keeper is gone (killed from outside, or never forked): another.
            Err(e) if tries == 0 && e.raw_os_error() == Some(libc::EPIPE) => tries += 1,
            Err(e) => return Err(e).context("cannot send a request to a sandbox keeper"),
        }
    };
    // Our copies of the program's ends close here, so its pipes end with its tree.
    drop(io);
    Ok(Running {
        kind,
        kept,
        cpu,
        keeper: Some(keeper),
        kill_sent: false,
        text: Vec::new(),
        pid: None,
        ended: None,
        eof: false,
    })
}

impl Running {
    /// The descriptor to poll for readability beside your own while the report
    /// is incomplete (`None` once it is); call [`Running::on_readable`] when it is.
    pub fn report_fd(&self) -> Option<BorrowedFd<'_>> {
        self.keeper.as_ref().filter(|_| !self.eof).map(AsFd::as_fd)
    }

    /// Reads what the keeper reported (one read; it does not block when the report
    /// descriptor polled readable). Returns true once the report is complete.
    pub fn on_readable(&mut self) -> Result<bool> {
        let Some(keeper) = self.keeper.as_ref().filter(|_| !self.eof) else {
            return Ok(true);
        };
        // One message is one line, far shorter than this.
        let mut buf = [0u8; 512];
        let n = loop {
            // SAFETY: reading into a valid buffer of its length.
            let n = unsafe { libc::read(keeper.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len()) };
            if n >= 0 {
                break n as usize;
            }
            let e = std::io::Error::last_os_error();
            if e.kind() != std::io::ErrorKind::Interrupted {
                return Err(e).context("cannot read the sandbox's report");
            }
        };
        if n == 0 {
            // The keeper's line closed without the report's last line: it died.
            // Its line is not for the pool.
            self.eof = true;
            self.keeper = None;
        }
        self.text.extend_from_slice(&buf[..n]);
        while let Some(i) = self.text.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.text.drain(..=i).collect();
            let line = String::from_utf8_lossy(&line[..i]).into_owned();
            match wire::Line::parse(&line) {
                Some(wire::Line::Started(pid)) => self.pid = Some(pid),
                Some(wire::Line::NotStarted(step, errno)) => {
                    self.ended = Some(Ended::NotStarted(step, errno));
                }
                Some(wire::Line::Finished {
                    status,
                    user_us,
                    sys_us,
                    maxrss_kib,
                    wall_us,
                    wall_exceeded,
                    killed,
                }) => {
                    let exit = if libc::WIFSIGNALED(status) {
                        Exit::Signal(libc::WTERMSIG(status))
                    } else {
                        Exit::Code(libc::WEXITSTATUS(status))
                    };
                    self.ended = Some(Ended::Finished(Finished {
                        exit,
                        cpu: Duration::from_micros(user_us + sys_us),
                        wall: Duration::from_micros(wall_us),
                        peak_rss: maxrss_kib * 1024,
                        wall_exceeded,
                        killed,
                    }));
                }
                None => bail!("the sandbox sent an unreadable report line {line:?}"),
            }
        }
        if self.ended.is_some() {
            // The last line: the keeper writes it once everything the run started
            // is reaped and its folders are gone, so it is free for the next run
            // (a request sent now waits in its socket until it has closed this
            // run's descriptors), and the judge need not wait for the EOF.
            self.eof = true;
            if let Some(line) = self.keeper.take() {
                let idle = Idle {
                    line,
                    kept: self.kept,
                    cpu: self.cpu,
                };
                POOL.lock().unwrap_or_else(|e| e.into_inner())[self.kind].push(idle);
            }
        }
        Ok(self.eof)
    }

    /// The program's pid (and process group id), once the keeper said it started.
    pub fn pid(&self) -> Option<i32> {
        self.pid
    }

    /// Asks the keeper to kill the program's group and everything it started (they
    /// are still reaped before [`Running::wait`] answers). Idempotent.
    pub fn kill(&mut self) {
        // A closed line is a request too: that is the kill when the judge dies.
        if let Some(keeper) = self
            .keeper
            .as_ref()
            .filter(|_| !self.eof && !self.kill_sent)
        {
            self.kill_sent = true;
            // SAFETY: sending a valid buffer. A keeper that is gone (EPIPE) shows
            // as the end of its report.
            unsafe {
                libc::send(
                    keeper.as_raw_fd(),
                    server::KILL.as_ptr().cast(),
                    server::KILL.len(),
                    libc::MSG_NOSIGNAL | libc::MSG_DONTWAIT,
                )
            };
        }
    }

    /// Waits for the end of the run (blocking) and returns its facts.
    pub fn wait(mut self) -> Result<Ended> {
        while !self.on_readable()? {}
        self.ended.ok_or_else(|| {
            anyhow!("the sandbox ended the run without a report (the server or keeper died)")
        })
    }

    /// The facts, once [`Running::on_readable`] returned true.
    pub fn ended(&self) -> Option<Ended> {
        self.ended
    }
}

static INTERRUPTED: AtomicBool = AtomicBool::new(false);
static WAKE: OnceLock<(OwnedFd, OwnedFd)> = OnceLock::new();

fn wake_pipe() -> &'static (OwnedFd, OwnedFd) {
    WAKE.get_or_init(|| pipe().expect("a pipe for Ctrl-C"))
}

/// Ctrl-C: no new run should start, and every poll loop watching
/// [`interrupt_fd`] wakes and kills its run. Safe to call from any thread.
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::SeqCst);
    let w = wake_pipe().1.as_raw_fd();
    // SAFETY: writing one byte from a valid buffer; the pipe stays readable forever
    // after, since nobody reads it.
    unsafe { libc::write(w, b"!".as_ptr().cast(), 1) };
}

/// True once [`interrupt`] was called.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Readable once [`interrupt`] was called (and from then on).
pub fn interrupt_fd() -> BorrowedFd<'static> {
    wake_pipe().0.as_fd()
}

/// Waits until one of `fds` is readable (or hung up), retrying on EINTR; sets
/// each entry's `.1` to whether it is. `None` entries are skipped.
pub fn poll_readable(fds: &mut [(Option<RawFd>, bool)], timeout: Option<Duration>) -> Result<()> {
    let mut set: Vec<(Option<RawFd>, i16)> = fds.iter().map(|(fd, _)| (*fd, 0)).collect();
    poll_events(&mut set, timeout)?;
    for (slot, (_, revents)) in fds.iter_mut().zip(&set) {
        slot.1 = *revents != 0;
    }
    Ok(())
}

/// [`poll_readable`] that tells what it found: each entry's `.1` is set to its
/// `revents` (`POLLIN`: data to read; `POLLHUP` alone: a pipe empty with no
/// writer left), 0 for `None`.
pub fn poll_events(fds: &mut [(Option<RawFd>, i16)], timeout: Option<Duration>) -> Result<()> {
    let mut set: Vec<libc::pollfd> = fds
        .iter()
        .map(|(fd, _)| libc::pollfd {
            fd: fd.unwrap_or(-1),
            events: libc::POLLIN,
            revents: 0,
        })
        .collect();
    let timeout = timeout.map_or(-1, |t| t.as_millis().min(i32::MAX as u128) as i32);
    loop {
        // SAFETY: a valid array of pollfds of the given length.
        let n = unsafe { libc::poll(set.as_mut_ptr(), set.len() as libc::nfds_t, timeout) };
        if n >= 0 {
            break;
        }
        let e = std::io::Error::last_os_error();
        if e.kind() != std::io::ErrorKind::Interrupted {
            return Err(e).context("poll failed");
        }
    }
    for (slot, p) in fds.iter_mut().zip(&set) {
        slot.1 = p.revents;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{Idle, take_idle};

    fn pool(keys: &[(&'static str, u64)]) -> Vec<Idle<&'static str>> {
        keys.iter()
            .map(|&(line, kept)| Idle {
                line,
                kept,
                cpu: None,
            })
            .collect()
    }

    #[test]
    fn a_run_goes_to_the_idle_keeper_that_kept_its_binds() {
        let mut idle = pool(&[("gen", 1), ("brute", 2), ("solution", 3)]);
        assert_eq!(take_idle(&mut idle, 2, None), Some("brute"));
        assert_eq!(take_idle(&mut idle, 1, None), Some("gen"));
        assert_eq!(idle.len(), 1);
    }

    #[test]
    fn of_two_that_kept_the_same_the_last_put_back_goes_first() {
        let mut idle = pool(&[("older", 7), ("other", 8), ("newer", 7)]);
        assert_eq!(take_idle(&mut idle, 7, None), Some("newer"));
    }

    #[test]
    fn without_a_match_the_last_put_back_goes() {
        let mut idle = pool(&[("a", 1), ("b", 2)]);
        assert_eq!(take_idle(&mut idle, 9, None), Some("b"));
        assert_eq!(take_idle(&mut idle, 9, None), Some("a"));
        assert_eq!(take_idle(&mut idle, 9, None), None);
    }

    #[test]
    fn of_those_that_kept_the_same_one_on_the_callers_cpu_goes_first() {
        let on = |line, kept, cpu| Idle { line, kept, cpu };
        let mut idle = vec![
            on("same binds, this cpu", 1, Some(0)),
            on("same binds, other cpu", 1, Some(1)),
            on("other binds, this cpu", 2, Some(0)),
        ];
        assert_eq!(
            take_idle(&mut idle, 1, Some(0)),
            Some("same binds, this cpu")
        );
        // Moving costs less than mounting.
        assert_eq!(
            take_idle(&mut idle, 1, Some(0)),
            Some("same binds, other cpu")
        );
        assert_eq!(
            take_idle(&mut idle, 3, Some(0)),
            Some("other binds, this cpu")
        );
    }
}
