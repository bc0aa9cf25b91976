//! Running one solution on one input, the way a judge does.
//!
//! Owns process creation, limits, waiting, killing and reaping. Each run gets the
//! `.in` file itself as stdin (no writer thread: a solution that never reads still
//! runs into its limit), its own process group (so everything it spawned can be
//! killed at once), an `RLIMIT_CPU` just above the time limit and an `RLIMIT_AS` at
//! the memory limit, both set before exec. CPU time and peak RSS come from `wait4`,
//! so parallel runs cannot cause false TLEs. stdout is read into a buffer capped at
//! the output limit and stderr keeps only its tail, so the judge's memory stays
//! bounded whatever the solution prints.

use std::collections::VecDeque;
use std::fs::File;
use std::io::Read;
use std::os::unix::process::CommandExt as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use rustix::process::{Pid, Resource, Rlimit, Signal, WaitId, WaitIdOptions};

/// Bytes of stderr kept (the end of it) for the report.
const STDERR_TAIL: usize = 4096;

/// Limits for one run.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// CPU time (user + system) allowed.
    pub time: Duration,
    /// Address-space limit in bytes; peak RSS above it is MLE.
    pub memory: u64,
    /// Bytes of stdout kept; more is OLE and the process is killed.
    pub output: u64,
}

impl Limits {
    /// The wall-clock backstop for a solution that sleeps or blocks: twice the
    /// time limit plus one second.
    pub fn wall(&self) -> Duration {
        self.time * 2 + Duration::from_secs(1)
    }
}

/// How the process ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// Exited with this code.
    Code(i32),
    /// Killed by this signal.
    Signal(i32),
}

/// Everything observed about one run.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// How it ended.
    pub exit: Exit,
    /// User + system CPU time.
    pub cpu: Duration,
    /// Wall-clock time.
    pub wall: Duration,
    /// Peak resident set size in bytes.
    pub peak_rss: u64,
    /// Standard output, at most the output limit.
    pub stdout: Vec<u8>,
    /// The output limit was exceeded (and the process killed for it).
    pub output_exceeded: bool,
    /// The wall-clock backstop fired (and the process group was killed for it).
    pub wall_exceeded: bool,
    /// The last bytes of standard error.
    pub stderr_tail: Vec<u8>,
    /// The judge's own resident size when it started the process. Linux counts a
    /// forked child's copy of its parent's pages in the child's peak RSS, so
    /// `peak_rss` is never below this; a peak at or under it says nothing about
    /// the solution.
    pub inherited_rss: u64,
}

/// Process groups currently running, killed if the judge is interrupted.
static LIVE: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// Set in the environment of every solution (and so of everything it starts), to
/// tell a process that escaped its group from the judge's other children.
const MARKER: &[u8] = b"CP_GAMES_JUDGED_SOLUTION=1";

/// Makes the judge its descendants' subreaper: a process that leaves its group
/// (`setsid`) and outlives its parent is reparented to the judge, not to init, so
/// the judge can still find and kill it.
static SUBREAPER: std::sync::Once = std::sync::Once::new();

/// Kills every process group still running. Called on Ctrl-C so no solution
/// outlives the judge.
pub fn kill_all() {
    let live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    for &pid in live.iter() {
        kill_group(pid);
    }
    // What escaped its group is reparented to us once its parent is gone.
    thread::sleep(Duration::from_millis(50));
    kill_escaped(&[]);
}

/// Kills (and reaps) every process reparented to the judge that carries the
/// solution marker, except the running solutions in `live`: processes that left
/// their group with `setsid` and would otherwise outlive the judge or hold a
/// solution's pipe open forever.
fn kill_escaped(live: &[i32]) {
    let me = std::process::id();
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return;
    };
    for entry in dir.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<i32>().ok())
        else {
            continue;
        };
        // The parent pid follows the state, after the parenthesised command name
        // (which may itself hold spaces or parentheses).
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        let ppid = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1))
            .and_then(|p| p.parse::<u32>().ok());
        if ppid != Some(me) || live.contains(&pid) {
            continue;
        }
        let environ = std::fs::read(entry.path().join("environ")).unwrap_or_default();
        if environ.split(|&b| b == 0).any(|kv| kv == MARKER)
            && let Some(pid) = Pid::from_raw(pid)
        {
            let _ = rustix::process::kill_process(pid, Signal::KILL);
            let _ = rustix::process::waitpid(Some(pid), rustix::process::WaitOptions::empty());
        }
    }
}

/// Sends SIGKILL to the process group `pid` (harmless if it is gone).
pub fn kill_group(pid: i32) {
    if let Some(pid) = Pid::from_raw(pid) {
        // ESRCH (the group is already gone) is the common, harmless case.
        let _ = rustix::process::kill_process_group(pid, Signal::KILL);
    }
}

/// Prepares `command` the way the judge starts every process it measures: its own
/// process group, the marker in its environment (so an escapee is found), no
/// backtraces, and the CPU, address-space and core limits set before exec. The
/// caller sets stdin, stdout and stderr. Used by [`run`] and by `interact`.
pub fn prepare(command: &mut Command, limits: &Limits) {
    SUBREAPER.call_once(|| {
        let _ = rustix::process::set_child_subreaper(Some(rustix::process::getpid()));
    });
    command
        .process_group(0)
        // A Rust panic that prints a backtrace needs memory to symbolize it; under a
        // tight RLIMIT_AS that can stall until the wall-clock backstop, turning an RE
        // into a TLE. Judges print no backtraces either.
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .env(
            std::str::from_utf8(&MARKER[..MARKER.len() - 2]).expect("ASCII"),
            "1",
        );
    set_limits_before_exec(command, limits);
}

/// Spawns a [`prepare`]d command and registers its group, so a Ctrl-C kills it.
/// Pair it with [`release`].
pub fn spawn_registered(command: &mut Command) -> std::io::Result<std::process::Child> {
    // Registering under the lock keeps a Ctrl-C from slipping between spawn and
    // registration.
    let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    let child = command.spawn()?;
    live.push(child.id() as i32);
    Ok(child)
}

/// Kills what is left of the group of `pid` (which has exited, or is to be
/// killed), reaps `pid` and unregisters it: its exit, CPU time and peak RSS.
pub fn release(pid: i32) -> Result<(Exit, Duration, u64)> {
    kill_group(pid);
    let reaped = reap(pid);
    LIVE.lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|&p| p != pid);
    reaped
}

/// Kills every process reparented to the judge that carries the marker, except
/// the running groups: what escaped a finished group with `setsid`.
pub fn sweep_escaped() {
    let live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
    kill_escaped(&live);
}

/// Runs `command` with `input` as stdin under `limits`, and reaps it and every
/// process it started before returning.
pub fn run(mut command: Command, input: &Path, limits: &Limits) -> Result<Outcome> {
    let stdin = File::open(input).with_context(|| format!("cannot open {}", input.display()))?;
    command
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    prepare(&mut command, limits);

    let program = command.get_program().to_string_lossy().into_owned();
    let inherited_rss = own_rss();
    let started = Instant::now();
    // A program whose code and static data alone exceed the address-space limit
    // (a huge global array) dies inside exec with SIGSEGV before running a single
    // instruction, which would read as a runtime error. Judges call it MLE.
    if let Some(size) = target_executable(&command).and_then(|exe| static_size(&exe))
        && size > limits.memory
    {
        return Ok(Outcome {
            exit: Exit::Code(127),
            cpu: Duration::ZERO,
            wall: Duration::ZERO,
            peak_rss: size,
            stdout: Vec::new(),
            output_exceeded: false,
            wall_exceeded: false,
            stderr_tail: format!(
                "not started: its code and static data take {size} bytes, over the memory limit"
            )
            .into_bytes(),
            inherited_rss,
        });
    }
    let mut child = {
        // Registering under the lock keeps a Ctrl-C from slipping between spawn and
        // registration.
        let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
        let child = match command.spawn() {
            Ok(child) => child,
            // exec itself refused: the program's static data does not fit under the
            // address-space limit (a huge global array). That is the solution's MLE,
            // not the judge's failure.
            Err(e) if e.raw_os_error() == Some(libc::ENOMEM) => {
                return Ok(Outcome {
                    exit: Exit::Code(127),
                    cpu: Duration::ZERO,
                    wall: started.elapsed(),
                    peak_rss: 0,
                    stdout: Vec::new(),
                    output_exceeded: false,
                    wall_exceeded: false,
                    stderr_tail: format!("cannot start {program}: {e}").into_bytes(),
                    inherited_rss,
                });
            }
            Err(e) => return Err(e).with_context(|| format!("cannot start {program}")),
        };
        live.push(child.id() as i32);
        child
    };
    let pid = child.id() as i32;
    let output_exceeded = Arc::new(AtomicBool::new(false));
    let stdout = child.stdout.take().expect("stdout was piped");
    let stderr = child.stderr.take().expect("stderr was piped");
    let cap = limits.output;
    let flag = Arc::clone(&output_exceeded);
    let (out_tx, out_rx) = mpsc::channel();
    let (err_tx, err_rx) = mpsc::channel();
    thread::spawn(move || out_tx.send(read_capped(stdout, cap, pid, &flag)));
    thread::spawn(move || err_tx.send(read_tail(stderr)));

    // Wait for the exit without reaping (WNOWAIT), so the group id cannot be reused
    // before the group is killed below.
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let pid = Pid::from_raw(pid).expect("a child's pid is positive");
        let result = loop {
            match rustix::process::waitid(
                WaitId::Pid(pid),
                WaitIdOptions::EXITED | WaitIdOptions::NOWAIT,
            ) {
                Err(rustix::io::Errno::INTR) => continue,
                other => break other.map(|_| ()),
            }
        };
        let _ = tx.send(result);
    });
    let wall_exceeded = match rx.recv_timeout(limits.wall()) {
        Ok(_) => false,
        Err(_) => {
            kill_group(pid);
            let _ = rx.recv();
            true
        }
    };
    let wall = started.elapsed();
    // The solution is done; anything it left behind in its group goes now, which
    // also closes the pipes it may have passed on.
    kill_group(pid);
    let (exit, cpu, peak_rss) = reap(pid)?;
    LIVE.lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|&p| p != pid);
    let stdout = collect(&out_rx);
    let stderr_tail = collect(&err_rx);
    Ok(Outcome {
        exit,
        cpu,
        wall,
        peak_rss,
        stdout,
        output_exceeded: output_exceeded.load(Ordering::SeqCst),
        wall_exceeded,
        stderr_tail,
        inherited_rss,
    })
}

/// This process's current resident set size (`VmRSS`) in bytes, 0 without /proc.
fn own_rss() -> u64 {
    own_status_kib("VmRSS:") * 1024
}

/// This process's own peak resident set size since it started (`VmHWM`), in bytes.
/// Unlike `getrusage`, it does not include what a parent had when it forked us.
pub fn own_peak_rss() -> u64 {
    own_status_kib("VmHWM:") * 1024
}

fn own_status_kib(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// The executable `command` will run: the program itself, or for the shell form
/// `sh -c "exec PROG ..."` (how `judge run --cmd` starts a simple command), PROG as
/// found on PATH.
fn target_executable(command: &Command) -> Option<std::path::PathBuf> {
    let program = Path::new(command.get_program());
    let args: Vec<_> = command.get_args().collect();
    let exe = if program == Path::new("sh") {
        let script = args.get(1)?.to_str()?.strip_prefix("exec ")?;
        script.split_whitespace().next()?.to_string()
    } else {
        program.to_str()?.to_string()
    };
    if exe.contains('/') {
        return Some(exe.into());
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join(&exe))
        .find(|p| p.is_file())
}

/// The memory an ELF executable's loadable segments need (code, data and bss), read
/// from its program headers; `None` for anything that is not a 64-bit ELF file.
pub fn static_size(path: &Path) -> Option<u64> {
    use std::io::{Read as _, Seek, SeekFrom};
    let mut file = File::open(path).ok()?;
    let mut header = [0u8; 64];
    file.read_exact(&mut header).ok()?;
    // ELF magic, 64-bit class, little-endian (the machines this runs on).
    if header[..6] != [0x7f, b'E', b'L', b'F', 2, 1] {
        return None;
    }
    let u16_at = |b: &[u8], i: usize| u64::from(u16::from_le_bytes([b[i], b[i + 1]]));
    let u64_at = |b: &[u8], i: usize| u64::from_le_bytes(b[i..i + 8].try_into().expect("8 bytes"));
    let (phoff, phentsize, phnum) = (
        u64_at(&header, 0x20),
        u16_at(&header, 0x36),
        u16_at(&header, 0x38),
    );
    if phentsize < 56 || phnum > 256 {
        return None;
    }
    let mut total = 0u64;
    let mut entry = vec![0u8; phentsize as usize];
    for i in 0..phnum {
        file.seek(SeekFrom::Start(phoff + i * phentsize)).ok()?;
        file.read_exact(&mut entry).ok()?;
        // PT_LOAD segments are what exec maps; p_memsz includes the bss.
        if u32::from_le_bytes(entry[..4].try_into().expect("4 bytes")) == 1 {
            total = total.saturating_add(u64_at(&entry, 0x28));
        }
    }
    Some(total)
}

/// Waits for a pipe's reader. If the pipe stays open after the solution's group is
/// gone, a process that left the group holds it: kill such escapees until it
/// closes (a few seconds at most, then give up on the rest of the output).
fn collect(rx: &mpsc::Receiver<Vec<u8>>) -> Vec<u8> {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        match rx.recv_timeout(Duration::from_millis(50)) {
            Ok(bytes) => return bytes,
            Err(mpsc::RecvTimeoutError::Disconnected) => return Vec::new(),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
                kill_escaped(&live);
                if Instant::now() > deadline {
                    return Vec::new();
                }
            }
        }
    }
}

/// Sets the CPU, address-space and core-dump limits in the child before exec.
#[allow(unsafe_code)] // pre_exec is the only way to limit the child before it runs.
fn set_limits_before_exec(command: &mut Command, limits: &Limits) {
    // RLIMIT_CPU counts whole seconds: SIGXCPU at the first whole second at or above
    // the limit, SIGKILL a second later if the solution ignores it.
    let cpu = limits.time.as_secs_f64().ceil().max(1.0) as u64;
    let cpu = clamp(
        Resource::Cpu,
        Rlimit {
            current: Some(cpu),
            maximum: Some(cpu + 1),
        },
    );
    let memory = clamp(
        Resource::As,
        Rlimit {
            current: Some(limits.memory),
            maximum: Some(limits.memory),
        },
    );
    let core = Rlimit {
        current: Some(0),
        maximum: Some(0),
    };
    // SAFETY: the closure runs between fork and exec; it only calls setrlimit, a
    // raw system call that neither allocates nor takes locks, and captures plain
    // `Copy` values.
    unsafe {
        command.pre_exec(move || {
            rustix::process::setrlimit(Resource::Cpu, cpu)?;
            rustix::process::setrlimit(Resource::As, memory)?;
            rustix::process::setrlimit(Resource::Core, core)?;
            Ok(())
        });
    }
}

/// Keeps a requested limit within the judge's own hard limit, which an
/// unprivileged child cannot raise.
fn clamp(resource: Resource, want: Rlimit) -> Rlimit {
    let hard = rustix::process::getrlimit(resource).maximum;
    let min = |a: Option<u64>| match (a, hard) {
        (Some(a), Some(h)) => Some(a.min(h)),
        (a, None) => a,
        (None, h) => h,
    };
    Rlimit {
        current: min(want.current),
        maximum: min(want.maximum),
    }
}

/// Reaps `pid` and returns its exit, CPU time and peak RSS from `wait4`.
#[allow(unsafe_code)] // std and rustix expose no wait4 with resource usage.
pub(crate) fn reap(pid: i32) -> Result<(Exit, Duration, u64)> {
    let mut status = 0;
    // SAFETY: `rusage` is plain old data that wait4 fills in; zeroes are a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: valid pointers to a live i32 and rusage; pid is our unreaped child.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            break;
        }
        let err = std::io::Error::last_os_error();
        if err.kind() != std::io::ErrorKind::Interrupted {
            return Err(err).context("wait4 failed");
        }
    }
    let exit = if libc::WIFSIGNALED(status) {
        Exit::Signal(libc::WTERMSIG(status))
    } else {
        Exit::Code(libc::WEXITSTATUS(status))
    };
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, (t.tv_usec as u32) * 1000);
    let cpu = tv(usage.ru_utime) + tv(usage.ru_stime);
    // Linux reports ru_maxrss in KiB.
    Ok((exit, cpu, usage.ru_maxrss as u64 * 1024))
}

/// Reads stdout until EOF or until more than `cap` bytes arrived; then sets the flag,
/// kills the group and stops reading, so the judge never holds more than `cap`.
fn read_capped(mut pipe: impl Read, cap: u64, pid: i32, exceeded: &AtomicBool) -> Vec<u8> {
    let cap = usize::try_from(cap).unwrap_or(usize::MAX);
    let mut out = Vec::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        match pipe.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                if out.len() + n > cap {
                    let room = cap - out.len();
                    out.extend_from_slice(&buf[..room]);
                    exceeded.store(true, Ordering::SeqCst);
                    kill_group(pid);
                    break;
                }
                out.extend_from_slice(&buf[..n]);
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        }
    }
    out
}

/// Reads stderr to EOF, keeping only the last `STDERR_TAIL` bytes.
fn read_tail(mut pipe: impl Read) -> Vec<u8> {
    let mut tail = VecDeque::with_capacity(STDERR_TAIL);
    let mut buf = [0u8; 4096];
    loop {
        match pipe.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                tail.extend(&buf[..n]);
                let excess = tail.len().saturating_sub(STDERR_TAIL);
                tail.drain(..excess);
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        }
    }
    tail.into()
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
