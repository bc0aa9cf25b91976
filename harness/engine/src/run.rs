//! Running one program on one input, the way a judge does, on top of `sandbox`.
//!
//! Each run gets the `.in` file itself as stdin (no writer: a solution that never
//! reads still runs into its limit), its own process group, the time limit as its
//! CPU limit (the keeper kills it there; `RLIMIT_CPU` is a backstop above it),
//! `RLIMIT_AS` at the memory limit (none for a JVM: `jvm`), the stack bounded by
//! it alone, `RLIMIT_FSIZE` at the output limit, and a
//! fresh empty working directory, removed afterwards. One poll loop on
//! the calling thread reads stdout (kept up to the output limit; past it the run is
//! killed, a validator's run on: [`run_writing`], and the rest drained) and stderr (only its tail is kept) until the
//! keeper has reported, then what the pipes still hold, so the judge's memory
//! stays bounded whatever the program prints, and what it did
//! print is judged. CPU time and peak RSS are the program's own, from `wait4` in the
//! sandbox's keeper; every process it started is killed and reaped before this
//! returns. On Ctrl-C ([`judge_sandbox::interrupt`]) the run is killed and marked.

use std::collections::{HashMap, VecDeque};
use std::fs::File;
use std::io::Read;
use std::os::fd::{AsRawFd as _, OwnedFd, RawFd};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use judge_sandbox::{Ended, RunSpec, Spec, Step};
use judge_sandbox::{Exit, on_path};

/// How long past its wall-clock limit a run may take to be killed, reaped and
/// reported before the judge gives up on it.
const KEEPER_SLACK: Duration = Duration::from_secs(10);

/// A pipe's default size on Linux, and the size of each read.
const PIPE_SIZE: usize = 1 << 16;

/// Reads of each pipe after the report before the judge stops: twice what a
/// grown pipe ([`grow_pipe`]) holds.
const DRAIN_READS: usize = 2 * (1 << 20) / PIPE_SIZE;

/// Bytes of stderr kept (the end of it) for the report.
const STDERR_TAIL: usize = 4096;

use judge_model::limits::Limits;

/// The sandbox's limits for `limits`.
pub fn sandbox_limits(limits: &Limits) -> judge_sandbox::ResourceLimits {
    judge_sandbox::ResourceLimits {
        cpu: Some(limits.time),
        address_space: Some(limits.memory),
        file_size: Some(limits.output),
        wall: limits.wall(),
    }
}

/// Why a program never ran: the memory limit refused it before its first
/// instruction (a typed fact from the judge's side, never text from the program).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// Its code and static data (ELF `PT_LOAD` sizes, e.g. a huge global array)
    /// alone exceed the limit: this many bytes.
    StaticData(u64),
    /// `exec` failed with `ENOMEM` under the address-space limit.
    ExecNoMemory,
}

/// Everything observed about one run.
#[derive(Debug, Clone)]
pub struct Measured {
    /// How it ended.
    pub exit: Exit,
    /// User + system CPU time.
    pub cpu: Duration,
    /// Wall-clock time.
    pub wall: Duration,
    /// Peak resident set size in bytes: the program's own.
    pub peak_rss: u64,
    /// Standard output, at most the output limit.
    pub stdout: Vec<u8>,
    /// The output limit was exceeded (and the process killed for it).
    pub output_exceeded: bool,
    /// The wall-clock backstop fired (and the process group was killed for it).
    pub wall_exceeded: bool,
    /// The last bytes of standard error.
    pub stderr_tail: Vec<u8>,
    /// How many bytes it wrote to standard error in all (0 for an interactive
    /// solution, whose stderr the relay reads).
    pub stderr_bytes: u64,
    /// The program never ran because the memory limit refused it.
    pub refused: Option<Refused>,
    /// Ctrl-C arrived while it ran, and it was killed for that.
    pub interrupted: bool,
}

/// Runs `command` with `input` as stdin under `limits`, and reaps it and every
/// process it started before returning. A program that cannot be started at all
/// (not found, not executable) is an error; one the memory limit refuses is an
/// [`Measured`] with `refused` set.
pub fn run(command: RunSpec, input: &Path, limits: &Limits) -> Result<Measured> {
    run_with_wall(command, input, limits, limits.wall())
}

/// [`run`] with another wall-clock backstop than [`Limits::wall`].
pub fn run_with_wall(
    command: RunSpec,
    input: &Path,
    limits: &Limits,
    wall: Duration,
) -> Result<Measured> {
    let sandbox = judge_sandbox::ResourceLimits {
        wall,
        ..sandbox_limits(limits)
    };
    run_under(command, input, limits, sandbox, Overflow::Kill)
}

/// What happens to a run whose standard output passes its output limit.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Overflow {
    /// It is killed (OLE).
    Kill,
    /// It runs on; the rest is read and dropped.
    Drop,
}

/// [`run`] for a validator, which too much output does not end: it may write
/// files of up to `files` bytes (its feedback files, which the Kattis format
/// does not limit), and its standard output past the output limit is read and
/// dropped (`output_exceeded` says so), as problemtools and BAPCtools neither
/// stop nor fail a validator for what it prints.
pub fn run_writing(
    command: RunSpec,
    input: &Path,
    limits: &Limits,
    files: u64,
) -> Result<Measured> {
    let sandbox = judge_sandbox::ResourceLimits {
        file_size: Some(files.max(limits.output)),
        ..sandbox_limits(limits)
    };
    run_under(command, input, limits, sandbox, Overflow::Drop)
}

/// [`run`] with the sandbox's limits `sandbox` (from `limits`, one changed).
fn run_under(
    command: RunSpec,
    input: &Path,
    limits: &Limits,
    sandbox: judge_sandbox::ResourceLimits,
    overflow: Overflow,
) -> Result<Measured> {
    match InProgress::start(&command, input, limits, sandbox, overflow)? {
        Started::Refused(outcome) => Ok(outcome),
        Started::Running(job) => {
            let mut jobs = [job];
            drive(&mut jobs)?;
            let [job] = jobs;
            job.finish()
        }
    }
}

/// Several runs at once, each as [`run`] would do it, watched by one poll loop on
/// the calling thread (no thread per run): for `stress`, whose brute force,
/// solution and next generator run side by side. The outcomes come back in the
/// order of `runs`; if any run cannot be started or watched, that error is
/// returned and the others are killed (and still reaped by their keepers).
pub fn run_all(runs: Vec<(RunSpec, &Path, Limits)>) -> Result<Vec<Measured>> {
    let mut slots = Vec::with_capacity(runs.len());
    let mut jobs = Vec::with_capacity(runs.len());
    for (command, input, limits) in &runs {
        match InProgress::start(
            command,
            input,
            limits,
            sandbox_limits(limits),
            Overflow::Kill,
        )? {
            Started::Refused(outcome) => slots.push(Some(outcome)),
            Started::Running(job) => {
                slots.push(None);
                jobs.push(job);
            }
        }
    }
    drive(&mut jobs)?;
    let mut finished = jobs.into_iter();
    slots
        .into_iter()
        .map(|slot| match slot {
            Some(outcome) => Ok(outcome),
            None => finished.next().expect("one job per empty slot").finish(),
        })
        .collect()
}

/// One of a run's two output pipes.
#[derive(Clone, Copy)]
enum Pipe {
    Out,
    Err,
}

/// A run just asked for: refused before it started, or running.
enum Started {
    Refused(Measured),
    Running(InProgress),
}

/// One run in progress: its pipes, what was read from them so far, and the
/// keeper's report.
struct InProgress {
    running: judge_sandbox::Running,
    program: String,
    started: Instant,
    /// The keeper's backstop for this run.
    wall: Duration,
    /// Bytes of stdout kept.
    cap: usize,
    /// What passing `cap` does.
    overflow: Overflow,
    out_r: Option<File>,
    err_r: Option<File>,
    stdout: Vec<u8>,
    tail: VecDeque<u8>,
    stderr_bytes: u64,
    output_exceeded: bool,
    /// The stdout pipe was grown (after a read that filled the buffer).
    pipe_grown: bool,
    interrupted: bool,
    report_done: bool,
}

impl InProgress {
    fn start(
        command: &RunSpec,
        input: &Path,
        limits: &Limits,
        sandbox: judge_sandbox::ResourceLimits,
        overflow: Overflow,
    ) -> Result<Started> {
        let mut spec = Spec::from_run(command, sandbox);
        // A Rust panic that prints a backtrace needs memory to symbolize it; under a
        // tight RLIMIT_AS that can stall until the wall-clock backstop, turning an RE
        // into a TLE. Judges print no backtraces either.
        for key in ["RUST_BACKTRACE", "RUST_LIB_BACKTRACE"] {
            if !spec.env.iter().any(|(k, _)| k == key) {
                spec.env.push((key.into(), None));
            }
        }
        crate::jvm::fit(&mut spec, command);
        if let Some(size) = static_size_of(command)
            && size > limits.memory
        {
            return Ok(Started::Refused(refused(Refused::StaticData(size))));
        }
        let stdin =
            File::open(input).with_context(|| format!("cannot open {}", input.display()))?;
        let (out_r, out_w) = judge_sandbox::pipe()?;
        let (err_r, err_w) = judge_sandbox::pipe()?;
        spec.hold_output = true;
        let started = Instant::now();
        let running = judge_sandbox::spawn(
            &spec,
            judge_sandbox::Stdio {
                stdin: OwnedFd::from(stdin),
                stdout: out_w,
                stderr: err_w,
            },
        )?;
        Ok(Started::Running(InProgress {
            running,
            program: command.get_program().to_string_lossy().into_owned(),
            started,
            wall: spec.limits.wall,
            cap: usize::try_from(limits.output).unwrap_or(usize::MAX),
            overflow,
            out_r: Some(File::from(out_r)),
            err_r: Some(File::from(err_r)),
            stdout: Vec::new(),
            tail: VecDeque::with_capacity(STDERR_TAIL),
            stderr_bytes: 0,
            output_exceeded: false,
            pipe_grown: false,
            interrupted: false,
            report_done: false,
        }))
    }

    /// Still to be watched: the report incomplete (once it is, the pipes are read
    /// to what they hold and closed: [`InProgress::drain`]).
    fn live(&self) -> bool {
        !self.report_done
    }

    /// The descriptors to poll: stdout, stderr, the report.
    fn fds(&self) -> [Option<RawFd>; 3] {
        [
            self.out_r.as_ref().map(|f| f.as_raw_fd()),
            self.err_r.as_ref().map(|f| f.as_raw_fd()),
            self.running.report_fd().map(|f| f.as_raw_fd()),
        ]
    }

    /// How long the poll may wait for this run.
    fn timeout(&mut self) -> Result<Duration> {
        // The keeper enforces the backstop itself; this is only for a keeper that
        // cannot finish (a process it cannot kill): give up instead of hanging.
        let hard = (self.wall + KEEPER_SLACK).saturating_sub(self.started.elapsed());
        if hard.is_zero() {
            self.running.kill();
            anyhow::bail!(
                "the sandbox did not finish the run {} s after its wall-clock limit",
                KEEPER_SLACK.as_secs()
            );
        }
        Ok(hard)
    }

    /// Reads what the poll found readable: `ready` is stdout, stderr, the report.
    fn on_ready(&mut self, ready: [bool; 3], buf: &mut [u8]) -> Result<()> {
        for (pipe, readable) in [Pipe::Out, Pipe::Err].into_iter().zip(ready) {
            if readable {
                self.read_pipe(pipe, buf);
            }
        }
        if ready[2] {
            self.report_done = self.running.on_readable()?;
            if self.report_done {
                self.drain(buf)?;
            }
        }
        Ok(())
    }

    /// Once the report is in: the keeper held its copies of the pipes open until
    /// then (`hold_output`, so the end of the run wakes this loop once, not also
    /// for the pipes' end), and every process of the run is gone, so what the
    /// pipes hold now is all there is. Reads it without waiting for their end.
    fn drain(&mut self, buf: &mut [u8]) -> Result<()> {
        // What a run left is at most a grown pipe's worth of each; more can only
        // come from a process outside the run that was handed a pipe (possible
        // without isolation) and keeps writing: stop there rather than read on.
        for _ in 0..DRAIN_READS {
            if self.out_r.is_none() && self.err_r.is_none() {
                break;
            }
            let mut fds = [
                (self.out_r.as_ref().map(|f| f.as_raw_fd()), 0),
                (self.err_r.as_ref().map(|f| f.as_raw_fd()), 0),
            ];
            judge_sandbox::poll_events(&mut fds, Some(Duration::ZERO))?;
            for (pipe, (_, revents)) in [Pipe::Out, Pipe::Err].into_iter().zip(fds) {
                // Nothing to read, hung up or not: nothing more will come, so it
                // is closed unread (most runs: one `poll` and no `read` to the end).
                if revents & !libc::POLLHUP == 0 {
                    *self.pipe(pipe) = None;
                    continue;
                }
                // Less than a buffer from a pipe with no writer left: all of it.
                let n = self.read_pipe(pipe, buf);
                if n < buf.len() && revents & libc::POLLHUP != 0 {
                    *self.pipe(pipe) = None;
                }
            }
        }
        (self.out_r, self.err_r) = (None, None);
        Ok(())
    }

    fn pipe(&mut self, pipe: Pipe) -> &mut Option<File> {
        match pipe {
            Pipe::Out => &mut self.out_r,
            Pipe::Err => &mut self.err_r,
        }
    }

    /// Reads once from `pipe` (polled readable): stdout kept to its cap, stderr's
    /// tail. Returns the bytes read; 0 at its end, which closes it.
    fn read_pipe(&mut self, pipe: Pipe, buf: &mut [u8]) -> usize {
        let Some(file) = self.pipe(pipe) else {
            return 0;
        };
        let n = read_some(file, buf);
        match (pipe, n) {
            (_, 0) => *self.pipe(pipe) = None,
            // A full pipe's worth at once: a large output, grown into a larger
            // pipe for the rest (not before: most outputs are small, and the
            // larger ring costs an allocation per run).
            (Pipe::Out, n) => {
                if n == PIPE_SIZE
                    && !self.pipe_grown
                    && let Some(file) = &self.out_r
                {
                    self.pipe_grown = true;
                    grow_pipe(file);
                }
                self.take_stdout(&buf[..n]);
            }
            (Pipe::Err, n) => {
                self.stderr_bytes += n as u64;
                self.tail.extend(&buf[..n]);
                let excess = self.tail.len().saturating_sub(STDERR_TAIL);
                self.tail.drain(..excess);
            }
        }
        n
    }

    /// Keeps `bytes` of stdout up to the cap; past it, kills the run (OLE,
    /// unless its [`Overflow`] is to drop) and drops the rest.
    fn take_stdout(&mut self, bytes: &[u8]) {
        if self.output_exceeded {
            return;
        }
        if self.stdout.len() + bytes.len() > self.cap {
            self.stdout
                .extend_from_slice(&bytes[..self.cap - self.stdout.len()]);
            self.output_exceeded = true;
            if self.overflow == Overflow::Kill {
                self.running.kill();
            }
        } else {
            self.stdout.extend_from_slice(bytes);
        }
    }

    /// Ctrl-C: kill the run (once) and mark it.
    fn interrupt(&mut self) {
        if !self.interrupted {
            self.interrupted = true;
            self.running.kill();
        }
    }

    fn finish(self) -> Result<Measured> {
        let program = self.program;
        match self.running.ended() {
            Some(Ended::Finished(f)) => Ok(Measured {
                exit: f.exit,
                cpu: f.cpu,
                wall: f.wall,
                peak_rss: f.peak_rss,
                stdout: self.stdout,
                output_exceeded: self.output_exceeded,
                wall_exceeded: f.wall_exceeded,
                stderr_tail: self.tail.into(),
                stderr_bytes: self.stderr_bytes,
                refused: None,
                interrupted: self.interrupted,
            }),
            Some(Ended::NotStarted(Step::Exec, libc::ENOMEM)) => Ok(Measured {
                wall: self.started.elapsed(),
                interrupted: self.interrupted,
                ..refused(Refused::ExecNoMemory)
            }),
            Some(Ended::NotStarted(step, errno)) => Err(std::io::Error::from_raw_os_error(errno))
                .with_context(|| format!("cannot start {program} ({step} failed)")),
            None => anyhow::bail!("cannot run {program}: the sandbox gave no report"),
        }
    }
}

/// The poll loop: reads every job's stdout (to its cap) and stderr (its tail) and
/// its report until each one is done, waking on Ctrl-C to kill them all.
fn drive(jobs: &mut [InProgress]) -> Result<()> {
    thread_local! {
        /// The read buffer, kept for the thread's next run (a fresh one costs an
        /// allocation and a zeroing of its 64 KiB per case).
        static BUF: std::cell::Cell<Vec<u8>> = const { std::cell::Cell::new(Vec::new()) };
    }
    let mut buf = BUF.take();
    buf.resize(PIPE_SIZE, 0);
    let watched = watch(jobs, &mut buf);
    BUF.set(buf);
    watched
}

/// [`drive`]'s loop, reading into `buf`.
fn watch(jobs: &mut [InProgress], buf: &mut [u8]) -> Result<()> {
    let wake = judge_sandbox::interrupt_fd().as_raw_fd();
    let mut fds: Vec<(Option<RawFd>, i16)> = Vec::with_capacity(3 * jobs.len() + 1);
    loop {
        let mut timeout: Option<Duration> = None;
        fds.clear();
        for job in jobs.iter_mut() {
            if job.live() {
                let t = job.timeout()?;
                timeout = Some(timeout.map_or(t, |m| m.min(t)));
                fds.extend(job.fds().map(|fd| (fd, 0)));
            } else {
                fds.extend([(None, 0); 3]);
            }
        }
        if timeout.is_none() {
            return Ok(());
        }
        let watch_wake = jobs.iter().any(|j| j.live() && !j.interrupted);
        fds.push((watch_wake.then_some(wake), 0));
        judge_sandbox::poll_events(&mut fds, timeout)?;
        for (job, ready) in jobs.iter_mut().zip(fds.chunks_exact(3)) {
            job.on_ready([ready[0].1 != 0, ready[1].1 != 0, ready[2].1 != 0], buf)?;
        }
        if fds.last().is_some_and(|w| w.1 != 0) {
            jobs.iter_mut()
                .filter(|j| j.live())
                .for_each(InProgress::interrupt);
        }
    }
}

fn refused(why: Refused) -> Measured {
    Measured {
        exit: Exit::Code(127),
        cpu: Duration::ZERO,
        wall: Duration::ZERO,
        peak_rss: match why {
            Refused::StaticData(size) => size,
            Refused::ExecNoMemory => 0,
        },
        stdout: Vec::new(),
        output_exceeded: false,
        wall_exceeded: false,
        stderr_tail: Vec::new(),
        stderr_bytes: 0,
        refused: Some(why),
        interrupted: false,
    }
}

/// One read (the descriptor polled readable, so it does not block); 0 at EOF or
/// on an error, which ends the stream either way.
fn read_some(pipe: &mut File, buf: &mut [u8]) -> usize {
    loop {
        match pipe.read(buf) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            other => return other.unwrap_or(0),
        }
    }
}

/// A larger stdout pipe means fewer wake-ups for a large output; the kernel may
/// refuse (over `/proc/sys/fs/pipe-max-size`), which costs only speed.
#[allow(unsafe_code)]
fn grow_pipe(pipe: &File) {
    // SAFETY: fcntl on a descriptor we own.
    unsafe { libc::fcntl(pipe.as_raw_fd(), libc::F_SETPIPE_SZ, 1 << 20) };
}

/// This process's own peak resident set size since it started (`VmHWM`), in bytes.
/// Unlike `getrusage`, it does not include what a parent had when it forked us.
pub fn own_peak_rss() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .unwrap_or(0)
        * 1024
}

/// The static size of the executable `command` runs, read once per executable
/// per judge run (keyed by the command's program and first argument).
fn static_size_of(command: &Command) -> Option<u64> {
    static CACHE: Mutex<Option<HashMap<String, Option<u64>>>> = Mutex::new(None);
    let key = command_key(command);
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    let cache = cache.get_or_insert_with(HashMap::new);
    if let Some(size) = cache.get(&key) {
        return *size;
    }
    let size = target_executable(command).and_then(|exe| static_size(&exe));
    cache.insert(key, size);
    size
}

fn command_key(command: &Command) -> String {
    let mut key = command.get_program().to_string_lossy().into_owned();
    // Only the shell form's script names another program. A program's own
    // arguments do not change its size: keyed by them, stress's generator
    // (`GEN --seed S ...`) had its file read again, and the cache grew, every seed.
    if command.get_program() == "sh"
        && let Some(first) = command.get_args().nth(1)
    {
        key.push('\0');
        key.push_str(&first.to_string_lossy());
    }
    key
}

/// The executable `command` will run: the program itself, or for the shell form
/// `sh -c "exec PROG ..."` (how `judge run --cmd` starts a simple command), PROG as
/// found on PATH.
fn target_executable(command: &Command) -> Option<PathBuf> {
    let exe = crate::shell::ShellCommand::program_of(command)?;
    if exe.contains('/') {
        return Some(exe.into());
    }
    on_path(&exe)
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

/// Reaps `pid` and returns its exit, CPU time and peak RSS from `wait4` (for
/// programs the benchmarks start themselves).
#[allow(unsafe_code)] // std and rustix expose no wait4 with resource usage.
pub fn reap(pid: i32) -> Result<(Exit, Duration, u64)> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_programs_own_arguments_do_not_key_its_static_size_but_a_shell_script_does() {
        let generator = |seed: &str| {
            let mut c = Command::new("/bin/gen");
            c.args(["--seed", seed, "--lines", "10"]);
            command_key(&c)
        };
        assert_eq!(generator("1"), generator("2"));
        let shell = |script: &str| {
            let mut c = Command::new("sh");
            c.args(["-c", script]);
            command_key(&c)
        };
        assert_ne!(shell("exec ./a"), shell("exec ./b"));
    }
}
