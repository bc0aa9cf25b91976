//! The sandbox's own processes: the server (a fork of the judge as it starts, or
//! the judge binary re-executed: small either way) and, forked from it, the
//! keepers: each one starts programs one run at a time, watches them and cleans up
//! after them.
//!
//! Why a server: Linux counts the resident pages a child inherits in its
//! `ru_maxrss`, so a solution started from the judge would report the judge's size
//! (several MiB, more while it holds a large output). Started from a process of about
//! a megabyte that never grows, the reported peak is the solution's own.
//!
//! Why keepers: a keeper is the subreaper of everything its program starts, so
//! whatever outlives its parent (a `setsid` escapee too) is reparented to it and
//! found by ancestry in `/proc/self/task/PID/children`; it kills and reaps all of
//! it before reporting, and it enforces the wall-clock backstop. The judge only
//! reads pipes. A keeper serves one run at a time, so everything under it belongs
//! to that run; it is kept for the next one (the judge holds a pool), so a case
//! costs one `clone(CLONE_VM | CLONE_VFORK)` and `exec`, not two `fork`s.
//!
//! Both kinds of process are single-threaded, so after `fork` they may allocate
//! freely; the program's side of the `clone` shares the keeper's memory and only
//! makes system calls.

#![allow(unsafe_code)] // fork, exec, wait4, prctl and SCM_RIGHTS have no safe std API.

use std::ffi::{CString, OsString};
use std::os::fd::{AsRawFd as _, FromRawFd as _, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt as _;
use std::os::unix::ffi::OsStringExt as _;
use std::path::PathBuf;
use std::time::Instant;

use super::affinity::CpuSet;
use super::cpu;
use super::jail::{self, Jail};
use super::text;
use super::wire::{self, Line, Step};
use super::{Cwd, Spec};

/// The descriptors a run request carries, in this order: the program's stdin,
/// stdout and stderr. The report goes back, and a kill comes in, on the line.
pub(super) const FDS: usize = 3;

/// The one message the judge sends on a line during a run: kill it. One that
/// arrives after the run ended waits in the line and is dropped before the next
/// request (a line's messages keep their order).
pub(super) const KILL: &[u8] = b"K";

/// The server's loop: each message from the judge carries one socket, the judge's
/// line to a new keeper; the server forks that keeper and goes back to waiting.
/// Returns when the judge closes its end of the socket (after waiting for every
/// keeper, which ends once the judge closed its line and its last run is cleaned up).
pub(super) fn serve(sock: RawFd) -> ! {
    // SAFETY: plain system calls on our own process with valid arguments.
    unsafe {
        // Out of the terminal's process group: Ctrl-C is the judge's to handle.
        // Not out of its session: where the kernel groups processes by session
        // for the scheduler (autogroup), a session of its own put every program
        // in a group apart from the judge reading its output, and each hand-off
        // between them cost: 200 small cases at -j 2 took 1.19-1.89x a bare spawn
        // loop on a busy machine, and 0.98-1.05x in the judge's own session.
        libc::setpgid(0, 0);
        // Without the terminal as a controlling one, as a session of its own had
        // it: a program run without isolation that opens /dev/tty gets ENXIO, as
        // on a judge, rather than the terminal, where a read would stop it (a
        // background process group) until the wall-clock backstop. Not being a
        // session leader, the server alone gives it up, and what it forks after.
        let tty = libc::open(c"/dev/tty".as_ptr(), libc::O_RDWR | libc::O_CLOEXEC);
        if tty >= 0 {
            libc::ioctl(tty, libc::TIOCNOTTY);
            libc::close(tty);
        }
        // Keepers (and anything reparented to us if a keeper died) are reaped as
        // soon as they exit, so the server leaves no zombies; reaped, not ignored, so
        // their CPU time (and their programs') adds up in ours and so in the judge's.
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = reap_exited as *const () as usize;
        action.sa_flags = libc::SA_RESTART | libc::SA_NOCLDSTOP;
        libc::sigaction(libc::SIGCHLD, &action, std::ptr::null_mut());
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    }
    // The CPUs the judge may use, as its main thread has them: the server may be
    // started from a pool's worker that keeps to one CPU (the first run of
    // `cargo judge NAME` starts it), and its keepers, and so every program, would
    // inherit that one CPU (see `affinity`).
    // SAFETY: getppid takes nothing and cannot fail.
    let judge = unsafe { libc::getppid() };
    if let Some(cpus) = CpuSet::of(judge) {
        cpus.apply(0);
    }
    text::find();
    let mut buf = [0u8; 16];
    loop {
        let (n, fds) = match recv_with_fds(sock, &mut buf) {
            Ok(got) => got,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => exit(0),
        };
        if n == 0 {
            // The judge is done: wait for the keepers still cleaning up, then go.
            // SAFETY: plain system calls; no handler runs after SIG_DFL.
            unsafe {
                libc::signal(libc::SIGCHLD, libc::SIG_DFL);
                while libc::waitpid(-1, std::ptr::null_mut(), 0) > 0 || last_errno() == libc::EINTR
                {
                }
            }
            exit(0);
        }
        let Ok([line]) = <[OwnedFd; 1]>::try_from(fds) else {
            continue;
        };
        // The keeper keeps the server's socket as its descriptor 0 (and /dev/null
        // as 1 and 2), so every descriptor it opens or receives is above 2 and
        // cannot be mistaken for one of the program's three. If the fork fails,
        // the judge sees its line close without an answer and says so.
        if buf[..n] == *b"i" {
            fork_isolated(line);
        } else {
            // SAFETY: the server is single-threaded, so the child may do anything.
            if unsafe { libc::fork() } == 0 {
                keeper(line, None, open_clear_refs());
            }
        }
        // The parent's copy of the line closes here; the keeper holds its own.
    }
}

/// Forks an isolated keeper: into a new PID namespace (and, for a judge that is
/// not root, a new user namespace that gives it the right to make the others),
/// or, where the kernel refuses that, a plain fork that says so.
fn fork_isolated(line: OwnedFd) {
    static REFUSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    // SAFETY: plain system calls; the server is single-threaded, so the child of
    // a fork-like clone (no new stack, no CLONE_VM) may do anything.
    unsafe {
        let (uid, gid) = (libc::geteuid(), libc::getegid());
        let user_ns = uid != 0;
        if !REFUSED.load(std::sync::atomic::Ordering::Relaxed) {
            let mut flags = libc::CLONE_NEWPID | libc::SIGCHLD;
            if user_ns {
                flags |= libc::CLONE_NEWUSER;
            }
            let pid = libc::syscall(libc::SYS_clone, flags as libc::c_ulong, 0, 0, 0, 0);
            if pid == 0 {
                jailed_keeper(line, user_ns.then_some((uid, gid)));
            }
            if pid > 0 {
                return;
            }
            REFUSED.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        if libc::fork() == 0 {
            jailed_keeper(line, None);
        }
    }
}

/// The forked child's part: opens its `clear_refs` (see [`open_clear_refs`]),
/// enters its jail (in a user namespace mapping `user`, if given), and keeps.
fn jailed_keeper(line: OwnedFd, user: Option<(u32, u32)>) -> ! {
    let clear_refs = open_clear_refs();
    keeper(line, Some(Jail::enter(user)), clear_refs)
}

/// `/proc/self/clear_refs`, open for writing (or -1: an old kernel, which only
/// costs the floor of the programs' peaks). Opened before the keeper enters its
/// jail: the jail makes it not dumpable, and the `/proc` files of a process that
/// is not dumpable belong to root, which a keeper in a user namespace is not.
fn open_clear_refs() -> RawFd {
    // SAFETY: opening a fixed path.
    unsafe {
        libc::open(
            c"/proc/self/clear_refs".as_ptr(),
            libc::O_WRONLY | libc::O_CLOEXEC,
        )
    }
}

/// SIGCHLD handler of the server: reaps every child that has exited.
extern "C" fn reap_exited(_: libc::c_int) {
    // SAFETY: waitpid is async-signal-safe; errno is saved and restored around it.
    unsafe {
        let saved = *libc::__errno_location();
        while libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG) > 0 {}
        *libc::__errno_location() = saved;
    }
}

/// What a keeper keeps from one run to the next.
struct KeeperState {
    /// `/proc/self/task/TID/children`: where the keeper finds its children.
    children_file: String,
    /// The `/proc` the keeper looks at its run's processes in, while they run.
    proc_view: cpu::View,
    /// `/proc/self/clear_refs`, open for writing (or -1): resets the high-water mark
    /// of resident memory that `exec` hands on to the program.
    clear_refs: RawFd,
    /// The userfaultfd that keeps the keeper's code pinned (see text.rs), or
    /// `None`: then it is dropped before every `exec`. Only held: closing it
    /// would end the registration.
    _pinned: Option<OwnedFd>,
    /// Whether the code is dropped before every `exec`: not pinned, and not
    /// refused (`drop`, the tests' way to see the keeper's code in a peak).
    drop_text: bool,
    /// The stack the program's side of the `clone` runs on, before its `exec`.
    stack: Vec<u8>,
    /// The signals whose disposition is not the default here (std's SIGPIPE,
    /// SIGSEGV and SIGBUS): the only ones the program's side must reset.
    handled: Vec<libc::c_int>,
    /// An isolated keeper's namespaces and view.
    jail: Option<Jail>,
    /// The last run's environment, built again only when a request changes it.
    env: Environment,
    /// The keeper's own hard limits (they never change): a program's limits stay
    /// under them, since an unprivileged process cannot raise its hard limit.
    hard: [u64; 6],
    /// The CPUs the keeper may run on as it starts: its programs' (see
    /// `affinity`), or `None` where the kernel would not say (it never moves then).
    cpus: Option<CpuSet>,
    /// The one CPU it moved to, for its caller's, if it did.
    on_cpu: Option<usize>,
    /// How many CPUs its programs may run on at once (counted before it moved).
    program_cpus: u32,
    /// A real-time task (see [`keeper`]): it runs first when its program `exec`s.
    realtime: bool,
}

impl KeeperState {
    /// Moves to the CPU `cpu` its caller's thread is kept on (see `affinity`), or,
    /// told none, back to all of them.
    fn follow(&mut self, cpu: Option<usize>) {
        let Some(all) = self.cpus else { return };
        if cpu == self.on_cpu {
            return;
        }
        self.on_cpu = match cpu {
            Some(c) if all.contains(c) && CpuSet::only(c).apply(0) => Some(c),
            _ => {
                if self.on_cpu.is_some() {
                    all.apply(0);
                }
                None
            }
        };
    }

    /// The CPUs a program started now must be let onto (the keeper's own start's),
    /// if the keeper moved to one.
    fn widen(&self) -> Option<&CpuSet> {
        self.cpus.as_ref().filter(|_| self.on_cpu.is_some())
    }
}

/// A program's environment as `exec` takes it, and the request it was built for.
#[derive(Default)]
struct Environment {
    /// Built at all (else the fields below mean nothing).
    built: bool,
    /// `env_clear` of the request it was built for.
    clear: bool,
    /// `env` of that request.
    changes: Vec<(OsString, Option<OsString>)>,
    /// Whether that request ran in the jail.
    jailed: bool,
    /// The strings the pointers point into.
    strings: Vec<CString>,
    /// The `envp` array, null-terminated.
    pointers: Vec<*const libc::c_char>,
}

impl Environment {
    /// The `envp` of `spec` (the keeper's environment with its changes); in the
    /// jail `TMPDIR` is its own `/tmp` (the judge's temporary folder is not there,
    /// and `mktemp` or Python's `tempfile` would try it first).
    fn of(&mut self, spec: &Spec, jailed: bool) -> Option<Vec<*const libc::c_char>> {
        let same = self.clear == spec.env_clear && self.changes == spec.env;
        if !(self.built && same && self.jailed == jailed) {
            let mut env: Vec<(OsString, OsString)> = if spec.env_clear {
                Vec::new()
            } else {
                std::env::vars_os().collect()
            };
            let tmp = (OsString::from("TMPDIR"), Some(OsString::from("/tmp")));
            for (k, v) in spec.env.iter().chain(jailed.then_some(&tmp)) {
                env.retain(|(key, _)| key != k);
                if let Some(v) = v {
                    env.push((k.clone(), v.clone()));
                }
            }
            self.strings = env
                .into_iter()
                .map(|(k, v)| {
                    let mut kv = k.into_vec();
                    kv.push(b'=');
                    kv.extend(v.into_vec());
                    CString::new(kv).ok()
                })
                .collect::<Option<Vec<_>>>()?;
            self.pointers = pointers(&self.strings);
            (self.built, self.clear, self.changes) = (true, spec.env_clear, spec.env.clone());
            self.jailed = jailed;
        }
        Some(self.pointers.clone())
    }
}

/// A null-terminated array of pointers to `strings`.
fn pointers(strings: &[CString]) -> Vec<*const libc::c_char> {
    strings
        .iter()
        .map(|a| a.as_ptr())
        .chain([std::ptr::null()])
        .collect()
}

/// The limits a run sets, in [`Prepared::limits`]'s order.
const LIMITS: [libc::__rlimit_resource_t; 6] = [
    libc::RLIMIT_CPU,
    libc::RLIMIT_AS,
    libc::RLIMIT_FSIZE,
    libc::RLIMIT_CORE,
    libc::RLIMIT_STACK,
    libc::RLIMIT_NPROC,
];

/// The processes and threads an isolated program may have at once (its own
/// included), where they are counted apart from other runs'
/// ([`Jail::counted_alone`]): a fork bomb stops there instead of filling the
/// machine's pid space, while a JVM's or a thread pool's threads fit many times.
/// isolate's `--processes` and DOMjudge's `process_limit` bound the same thing.
const PROCESSES: u64 = 1024;

/// The signals (1 to 31, but SIGKILL and SIGSTOP) whose disposition in this
/// process is not `SIG_DFL`. Only an ignored one would survive `exec`, but a
/// handler must not run in the program's side either, which shares our memory.
fn non_default_signals() -> Vec<libc::c_int> {
    (1..32)
        .filter(|&sig| sig != libc::SIGKILL && sig != libc::SIGSTOP)
        .filter(|&sig| {
            // SAFETY: querying a disposition into a zeroed, valid sigaction.
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                libc::sigaction(sig, std::ptr::null(), &mut old) != 0
                    || old.sa_sigaction != libc::SIG_DFL
            }
        })
        .collect()
}

/// Size of [`KeeperState::stack`]; only the few pages used become resident.
const CHILD_STACK: usize = 256 << 10;

/// A keeper: one run at a time from the judge's line (a spec and the program's
/// three descriptors per message), each started, watched, cleaned up and reported
/// on the line before the next is read. Kept for the whole judge run, so a case
/// costs no `fork` of a keeper and no faulting-in of its code. Ends when the judge
/// closes the line.
fn keeper(line: OwnedFd, jail: Option<Jail>, clear_refs: RawFd) -> ! {
    if let Some(jail) = &jail {
        let ready = format!("ready {}", jail.missing);
        // SAFETY: sending a valid buffer on our own socket.
        unsafe {
            libc::send(
                line.as_raw_fd(),
                ready.as_ptr().cast(),
                ready.len(),
                libc::MSG_NOSIGNAL,
            )
        };
    }
    // SAFETY: resetting our own signal disposition, becoming a subreaper, and
    // asking for a scheduling policy with a valid parameter.
    let realtime = unsafe {
        libc::signal(libc::SIGCHLD, libc::SIG_DFL);
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        // Ahead of every ordinary process, its own run's too, where the kernel
        // lets it (as root): a real-time task, which, unlike nice, holds across
        // the scheduler's groups (autogroups). A keeper mostly sleeps; when it
        // wakes it must look at a run's CPU time and kill the run in time, even
        // among a thousand spinners of it (a fork bomb), which the scheduler
        // would otherwise give it a thousandth of a CPU among. Reset on fork: its
        // programs are ordinary processes. (Not a session per run or per keeper,
        // which would group a run's processes for the scheduler: each group made
        // and freed cost ~2 ms of idle wall time a run, 200 small cases at -j 2
        // 0.17 s -> 0.57 s, and a keeper in a group with its run got too little
        // CPU in it.)
        let lowest = libc::sched_param { sched_priority: 1 };
        libc::sched_setscheduler(0, libc::SCHED_RR | libc::SCHED_RESET_ON_FORK, &lowest) == 0
    };
    let cpus = CpuSet::of(0);
    let pinned = text::pin();
    let drop_text = pinned.is_none() && !super::refused("drop");
    let mut state = KeeperState {
        children_file: match &jail {
            Some(j) if j.fs => j.children_file(),
            _ => format!("/proc/self/task/{}/children", std::process::id()),
        },
        proc_view: cpu::View::at(match &jail {
            Some(j) if j.fs => format!("{}/proc", jail::JAIL),
            _ => "/proc".to_string(),
        }),
        jail,
        clear_refs,
        _pinned: pinned,
        drop_text,
        stack: vec![0u8; CHILD_STACK],
        handled: non_default_signals(),
        env: Environment::default(),
        cpus,
        on_cpu: None,
        program_cpus: cpus.map_or(1, |c| c.iter().count().clamp(1, 1024) as u32),
        realtime,
        hard: LIMITS.map(|resource| {
            // SAFETY: getrlimit into a zeroed, valid rlimit.
            unsafe {
                let mut have: libc::rlimit = std::mem::zeroed();
                libc::getrlimit(resource, &mut have);
                have.rlim_max
            }
        }),
    };
    // Untouched pages cost no memory: only the bytes received are ever resident.
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let (n, fds) = match recv_with_fds(line.as_raw_fd(), &mut buf) {
            Ok(got) => got,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => exit(0),
        };
        if n == 0 {
            exit(0);
        }
        if buf[..n] == *KILL {
            continue;
        }
        match (wire::decode(&buf[..n]), <[OwnedFd; FDS]>::try_from(fds)) {
            (Some((spec, cpu)), Ok(fds)) => {
                state.follow(cpu);
                run_one(&spec, fds, line.as_raw_fd(), &mut state)
            }
            // A malformed request: its descriptors close, and it never started.
            _ => fail(line.as_raw_fd(), Step::Exec, libc::EINVAL),
        }
    }
}

/// One run: start the program, wait for it (or the backstop, or the judge's kill),
/// kill and reap everything it started, and report on the `line` (the last line
/// of the report is the judge's sign that the keeper is free again).
fn run_one(spec: &Spec, fds: [OwnedFd; FDS], line: RawFd, state: &mut KeeperState) {
    let [stdin, stdout, stderr] = fds;
    let room = match Room::enter(spec, state) {
        Ok(room) => room,
        Err((step, errno)) => return fail(line, step, errno),
    };
    let Some(prepared) = Prepared::new(spec, &room, state) else {
        room.leave(state);
        return fail(line, Step::Exec, libc::EINVAL);
    };
    let started = Instant::now();
    let (pid, failed, pidfd) = start(
        &prepared,
        [stdin.as_raw_fd(), stdout.as_raw_fd(), stderr.as_raw_fd()],
        state,
    );
    // Unless asked to hold them, the program's tree now holds the only write ends of
    // its output pipes, so the judge sees EOF exactly when the last of them is gone.
    drop(stdin);
    let held = spec.hold_output.then_some((stdout, stderr));
    if pid < 0 {
        room.leave(state);
        return fail(line, Step::Fork, failed.1);
    }
    if failed.0 != NOT_FAILED {
        let step = match failed.0 {
            0 => Step::Chdir,
            1 => Step::Rlimit,
            3 => Step::Isolate,
            _ => Step::Exec,
        };
        reap_all(pid, &state.children_file);
        room.leave(state);
        return fail(line, step, failed.1);
    }
    if spec.report_pid {
        // The judge looks at the program in its own PID namespace (`/proc/PID`).
        let shown = state
            .jail
            .as_ref()
            .map_or(pid, |j| j.host_pid_of_child(pid));
        write_line(line, &Line::Started(shown));
    }

    let pidfd = pidfd.as_ref().map_or(-1, |f| f.as_raw_fd());
    let spread = state.program_cpus;
    let (wall_exceeded, killed) = watch(pid, pidfd, line, spec, started, &state.proc_view, spread);
    let (status, usage) = reap_leader(pid);
    let wall = started.elapsed();
    // What the leader waited for is in its own usage; what it left (a worker it
    // never waited for) is in the orphans', counted too: else a program could
    // compute in a child and report a few milliseconds. Judges count every
    // process of a run: DOMjudge's runguard and isolate (`--cg`) read the run's
    // cgroup CPU time, which this keeper cannot have (no CPU controller to rely on).
    let orphans = reap_all(pid, &state.children_file);
    write_line(
        line,
        &Line::Finished {
            status,
            user_us: us(usage.ru_utime) + orphans.user_us,
            sys_us: us(usage.ru_stime) + orphans.sys_us,
            maxrss_kib: (usage.ru_maxrss as u64).max(orphans.maxrss_kib),
            wall_us: wall.as_micros() as u64,
            wall_exceeded,
            killed,
        },
    );
    drop(held);
    // Nothing of the run is left but its folders: the judge may go on while they
    // are emptied (its next request waits in the socket until they are).
    room.leave(state);
}

/// Where a run happens: the program's working folder, as it sees it.
struct Room {
    dir: Option<PathBuf>,
    /// A fresh folder of the judge's machine, removed after the run.
    remove: Option<PathBuf>,
    /// In the jail: its binds and `/work` are undone after the run.
    jailed: bool,
}

impl Room {
    fn enter(spec: &Spec, state: &mut KeeperState) -> Result<Room, (Step, i32)> {
        let os_err = |e: std::io::Error| e.raw_os_error().unwrap_or(0);
        if let Some(jail) = state.jail.as_mut().filter(|j| j.fs && spec.isolate) {
            let mut room = Room {
                dir: None,
                remove: None,
                jailed: true,
            };
            // The judge's side has added the working folder to the binds.
            if !jail.bind_all(&spec.binds) {
                let errno = last_errno();
                jail.clean();
                return Err((Step::Isolate, errno));
            }
            room.dir = Some(match &spec.cwd {
                Cwd::Dir(d) => d.clone(),
                _ => match jail.fresh_work() {
                    Ok(_) => PathBuf::from(jail::WORK),
                    Err(e) => {
                        jail.clean();
                        return Err((Step::Mkdir, os_err(e)));
                    }
                },
            });
            return Ok(room);
        }
        let (dir, remove) = match &spec.cwd {
            Cwd::Inherit => (None, None),
            Cwd::Dir(d) => (Some(d.clone()), None),
            Cwd::Fresh(base) => match fresh_dir(base) {
                Ok(d) => (Some(d.clone()), Some(d)),
                Err(e) => return Err((Step::Mkdir, os_err(e))),
            },
        };
        // An unprivileged program without the jail still writes its fresh folder.
        if let (Some(d), Some(j)) = (&remove, state.jail.as_ref().filter(|j| j.switch_user)) {
            let c = CString::new(d.as_os_str().as_bytes()).unwrap_or_default();
            // SAFETY: chown of the folder just made for this run.
            unsafe { libc::chown(c.as_ptr(), j.uid, j.gid) };
        }
        Ok(Room {
            dir,
            remove,
            jailed: false,
        })
    }

    fn leave(self, state: &mut KeeperState) {
        if self.jailed {
            if let Some(jail) = state.jail.as_mut() {
                jail.clean();
            }
        } else {
            cleanup_dir(self.remove.as_ref(), true);
        }
    }
}

/// The (step, errno) slot of a start that has not failed.
const NOT_FAILED: u32 = u32::MAX;

/// What the program's side of the `clone` reads, and where it writes its failure.
struct ChildArgs<'a> {
    prepared: &'a Prepared,
    /// Let onto these CPUs before `exec` (see [`start`]).
    widen: Option<&'a CpuSet>,
    io: [RawFd; 3],
    clear_refs: RawFd,
    drop_text: bool,
    handled: &'a [libc::c_int],
    failed: std::cell::Cell<(u32, i32)>,
}

/// Starts the program: a `clone` sharing our memory and suspending us until it has
/// called `exec` (or died trying), as `posix_spawn` does, so no page table is
/// copied. Returns its pid (or -1), the (step, errno) it failed at, if it did, and
/// a pidfd of it (the clone's own, or -1 where the kernel has none).
fn start(
    p: &Prepared,
    io: [RawFd; 3],
    state: &mut KeeperState,
) -> (i32, (u32, i32), Option<OwnedFd>) {
    // A program started on the keeper's one CPU is let onto all of them before it
    // runs a line of its own, so its threads may spread. A real-time keeper does
    // it for the program, once `exec` has woken it (it runs before the program,
    // on the same CPU): the program still starts here, where `exec` would move
    // it to an idle CPU. Any other keeper might not run before the program's
    // first thread starts, so the program's side does it before `exec`.
    let widen = state.widen().copied();
    let (widen_after, widen_before) = match widen {
        Some(w) if state.realtime => (Some(w), None),
        other => (None, other),
    };
    let args = ChildArgs {
        widen: widen_before.as_ref(),
        prepared: p,
        io,
        clear_refs: state.clear_refs,
        drop_text: state.drop_text,
        handled: &state.handled,
        failed: std::cell::Cell::new((NOT_FAILED, 0)),
    };
    let top = state.stack.as_mut_ptr_range().end;
    // The stack grows down from a 16-byte aligned top.
    let top = top.wrapping_sub(top as usize % 16);
    // SAFETY: the keeper is single-threaded and installs no signal handlers; every
    // signal is blocked around the clone so none runs on the shared memory before
    // the child has reset its dispositions. The child runs on its own stack, reads
    // `args` (alive until clone returns, which is after its exec or exit) and only
    // makes system calls.
    unsafe {
        let mut all: libc::sigset_t = std::mem::zeroed();
        let mut old: libc::sigset_t = std::mem::zeroed();
        libc::sigfillset(&mut all);
        libc::sigprocmask(libc::SIG_SETMASK, &all, &mut old);
        let flags = libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD;
        let arg = std::ptr::from_ref(&args).cast_mut().cast();
        // The clone hands back a pidfd of the child (CLONE_PIDFD, Linux 5.2): no
        // pidfd_open afterwards.
        let mut pidfd: libc::c_int = -1;
        let mut pid = libc::clone(
            child_main,
            top.cast(),
            flags | libc::CLONE_PIDFD,
            arg,
            &mut pidfd as *mut libc::c_int,
        );
        if pid < 0 && last_errno() == libc::EINVAL {
            pid = libc::clone(child_main, top.cast(), flags, arg);
            pidfd = if pid > 0 {
                libc::syscall(libc::SYS_pidfd_open, pid, 0) as libc::c_int
            } else {
                -1
            };
        }
        let errno = last_errno();
        libc::sigprocmask(libc::SIG_SETMASK, &old, std::ptr::null_mut());
        let pidfd = (pidfd >= 0).then(|| OwnedFd::from_raw_fd(pidfd));
        if pid < 0 {
            return (-1, (NOT_FAILED, errno), pidfd);
        }
        // Refused (no CAP_SYS_NICE over a program of another user), this one stays
        // on the one CPU, and the next programs widen themselves before `exec`.
        if let Some(all) = widen_after
            && !all.apply(pid)
        {
            state.realtime = false;
        }
        (pid, std::ptr::read_volatile(args.failed.as_ptr()), pidfd)
    }
}

extern "C" fn child_main(args: *mut libc::c_void) -> libc::c_int {
    // SAFETY: `start` passes a pointer to its live ChildArgs.
    child(unsafe { &*(args as *const ChildArgs<'_>) })
}

/// Everything `exec` needs, built before `fork`.
struct Prepared {
    program: CString,
    // The strings `argv_ptrs` points into; kept alive with it.
    _argv: Vec<CString>,
    argv_ptrs: Vec<*const libc::c_char>,
    /// Points into the keeper's [`Environment`], unchanged until the next run.
    envp_ptrs: Vec<*const libc::c_char>,
    dir: Option<CString>,
    /// chroot here first (the jail), then change into `dir`.
    root: Option<CString>,
    /// Become this uid and gid (the judge is root), with no supplementary groups.
    user: Option<(u32, u32)>,
    /// (resource, soft, hard), already under the keeper's own hard limits.
    limits: [(libc::__rlimit_resource_t, u64, u64); 6],
}

impl Prepared {
    fn new(spec: &Spec, room: &Room, state: &mut KeeperState) -> Option<Prepared> {
        let c = |s: &OsString| CString::new(s.as_bytes()).ok();
        let program = c(&spec.program)?;
        let mut argv = vec![program.clone()];
        for a in &spec.args {
            argv.push(c(a)?);
        }
        let envp_ptrs = state.env.of(spec, room.jailed)?;
        let dir = match room.dir.as_ref() {
            Some(d) => Some(CString::new(d.as_os_str().as_bytes()).ok()?),
            None => None,
        };
        let l = &spec.limits;
        let inf = libc::RLIM_INFINITY;
        // The keeper kills at the CPU limit itself (see `Limits::cpu`);
        // RLIMIT_CPU, in whole seconds on the kernel's tick-sampled clock, is the
        // backstop: SIGXCPU at twice the limit plus a second, SIGKILL a second
        // later for a program that ignores it.
        let cpu = l.cpu.map_or((inf, inf), |c| {
            let s = (c.as_secs_f64() * 2.0).ceil() as u64 + 1;
            (s, s + 1)
        });
        let memory = l.address_space.unwrap_or(inf);
        let file = l.file_size.unwrap_or(inf);
        // The stack may grow as far as the memory limit lets it, as on Kattis
        // (problemtools) and DOMjudge (runguard): RLIMIT_STACK unlimited, the
        // stack counted in RLIMIT_AS and the peak. Not RLIMIT_STACK at the
        // limit: glibc makes a finite RLIMIT_STACK every thread's default
        // stack size, so no thread could start within an address space of the
        // same size (unlimited, the default is glibc's 2 MiB; docs/sandbox.md).
        let jail = state.jail.as_ref();
        let processes = if spec.isolate && jail.is_some_and(|j| j.counted_alone) {
            PROCESSES
        } else {
            inf
        };
        let wanted = [
            cpu,
            (memory, memory),
            (file, file),
            (0, 0),
            (inf, inf),
            (processes, processes),
        ];
        Some(Prepared {
            program,
            argv_ptrs: pointers(&argv),
            _argv: argv,
            envp_ptrs,
            dir,
            root: room
                .jailed
                .then(|| CString::new(jail::JAIL).expect("no NUL")),
            user: jail
                .filter(|j| j.switch_user && spec.isolate)
                .map(|j| (j.uid, j.gid)),
            limits: std::array::from_fn(|i| {
                let max = state.hard[i];
                (LIMITS[i], wanted[i].0.min(max), wanted[i].1.min(max))
            }),
        })
    }
}

/// The program's side of the clone: default signals, its own process group, the
/// three descriptors, the directory, the limits, exec. It shares the keeper's
/// memory until exec, so it only makes system calls (no allocation); a failure is
/// written into `args.failed` as (step, errno) and ends it with status 127.
fn child(args: &ChildArgs<'_>) -> ! {
    let p = args.prepared;
    let die = |step: u32| -> ! {
        args.failed.set((step, last_errno()));
        // SAFETY: leaving without running destructors (they are the keeper's).
        unsafe { libc::_exit(127) }
    };
    // SAFETY: system calls on the child's own state with valid arguments; the
    // pointers passed to exec point into `p`, alive until exec replaces us.
    unsafe {
        for &sig in args.handled {
            libc::signal(sig, libc::SIG_DFL);
        }
        let mut empty: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut empty);
        libc::sigprocmask(libc::SIG_SETMASK, &empty, std::ptr::null_mut());
        // A process group of its own, so one kill reaches the run (not a
        // session: see [`keeper`]).
        libc::setpgid(0, 0);
        for (i, &fd) in args.io.iter().enumerate() {
            if libc::dup2(fd, i as RawFd) < 0 {
                die(2);
            }
        }
        if let Some(root) = &p.root
            && libc::chroot(root.as_ptr()) != 0
        {
            die(3);
        }
        if let Some(dir) = &p.dir
            && libc::chdir(dir.as_ptr()) != 0
        {
            die(0);
        }
        for &(resource, soft, hard) in &p.limits {
            let lim = libc::rlimit {
                rlim_cur: soft,
                rlim_max: hard,
            };
            if libc::setrlimit(resource, &lim) != 0 {
                die(1);
            }
        }
        // The judge's pipes are root's (mode 0600): give the program the ones it
        // holds, so that reopening them as `/dev/stdout`, `/dev/stderr` or
        // `/dev/stdin` (`/proc/self/fd/N`) works as it does for any program that
        // owns its pipes. Files (the `.in` file) are left as they are.
        if let Some((uid, gid)) = p.user {
            for fd in 0..3 {
                let mut st: libc::stat = std::mem::zeroed();
                if libc::fstat(fd, &mut st) == 0 && st.st_mode & libc::S_IFMT == libc::S_IFIFO {
                    libc::fchown(fd, uid, gid);
                }
            }
        }
        // Limits first (root may set any), then the user: no groups, the gid, the
        // uid, and no way back up through a setuid file.
        if let Some((uid, gid)) = p.user
            && (libc::setgroups(0, std::ptr::null()) != 0
                || libc::setresgid(gid, gid, gid) != 0
                || libc::setresuid(uid, uid, uid) != 0)
        {
            die(3);
        }
        if p.root.is_some() || p.user.is_some() {
            libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
        }
        // exec hands the old memory's high-water mark of resident pages on to the
        // program's peak, and the old memory is the keeper's (see text.rs): where
        // its code is not pinned, drop it now, and reset the mark to what is left.
        if args.drop_text {
            text::drop_all();
        }
        if let Some(all) = args.widen {
            all.apply(0);
        }
        if args.clear_refs >= 0 {
            libc::write(args.clear_refs, b"5".as_ptr().cast(), 1);
        }
        libc::execvpe(
            p.program.as_ptr(),
            p.argv_ptrs.as_ptr(),
            p.envp_ptrs.as_ptr(),
        );
        die(2)
    }
}

/// Waits until the program exits, its CPU limit or the wall-clock backstop
/// passes, or the judge asks for the kill ([`KILL`] on, or the closing of, the
/// line); kills the run in the last three cases. Returns (backstop fired,
/// judge asked); a kill at the CPU limit shows in the CPU time reported. The
/// kill message stays in the line, dropped before the next request.
///
/// The CPU limit is the run's: every process of it counts ([`cpu::run`]), so a
/// program that leaves its work to children (a leader that waits while they
/// spin, a fork of spinners) is killed when they together reach the limit, as a
/// judge reading the run's cgroup would, not only at the backstop.
fn watch(
    pid: i32,
    pidfd: RawFd,
    line: RawFd,
    spec: &Spec,
    started: Instant,
    view: &cpu::View,
    spread: u32,
) -> (bool, bool) {
    let deadline = started + spec.limits.wall;
    let (mut wall_exceeded, mut killed, mut cpu_exceeded) = (false, false, false);
    // It has only just started: the first look at its CPU time can wait.
    let mut first = true;
    loop {
        let timeout = if killed || wall_exceeded || cpu_exceeded {
            -1
        } else {
            let mut left = deadline.saturating_duration_since(Instant::now());
            if let Some(limit) = spec.limits.cpu {
                let run = (!first).then(|| cpu::run(view));
                first = false;
                let used = run.as_ref().map_or(std::time::Duration::ZERO, |r| r.cpu);
                if let Some(run) = run.filter(|_| used >= limit) {
                    cpu_exceeded = true;
                    kill_run(pid, &run.pids);
                    continue;
                }
                // Its processes use at most `spread` CPUs at once: the next look
                // comes before they can have used the rest.
                left = left.min((limit - used) / spread);
            }
            left.as_micros().div_ceil(1000).min(i32::MAX as u128) as i32
        };
        let mut fds = [
            libc::pollfd {
                fd: pidfd,
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: if killed { -1 } else { line },
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        // SAFETY: a valid array of two pollfds.
        let n = unsafe { libc::poll(fds.as_mut_ptr(), 2, timeout) };
        if n < 0 && last_errno() == libc::EINTR {
            continue;
        }
        if pidfd < 0 || fds[0].revents != 0 || n < 0 {
            // Exited (or no pidfd: fall back to a blocking wait, still killable
            // only by the backstop's absence; the kernels this runs on have pidfd).
            break;
        }
        if fds[1].revents != 0 {
            killed = true;
            kill_group(pid);
        } else if n == 0 && Instant::now() >= deadline && !wall_exceeded && !cpu_exceeded {
            wall_exceeded = true;
            kill_group(pid);
        }
    }
    (wall_exceeded, killed)
}

/// Kills the run at its CPU limit: the leader's group and every process of the
/// run just found (one that left the group, or a leader that joined another,
/// would otherwise run on, and the keeper wait for the leader for good); the
/// rest are killed and reaped once the leader is gone ([`reap_all`]).
fn kill_run(leader: i32, pids: &[i32]) {
    kill_group(leader);
    for &pid in pids.iter().chain([&leader]) {
        // SAFETY: kill(2) of a process of the run (ESRCH: already gone).
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
}

/// Waits for the program itself without reaping it, kills what is left of its
/// group while the leader's zombie keeps the group id from being reused, then
/// reaps it with its resource usage.
fn reap_leader(pid: i32) -> (i32, libc::rusage) {
    // SAFETY: waitid/wait4 on our own child with valid out-pointers; zeroes are a
    // valid siginfo and rusage.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        while libc::waitid(
            libc::P_PID,
            pid as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOWAIT,
        ) != 0
            && last_errno() == libc::EINTR
        {}
        kill_group(pid);
        let mut status = 0;
        let mut usage: libc::rusage = std::mem::zeroed();
        while libc::wait4(pid, &mut status, 0, &mut usage) < 0 && last_errno() == libc::EINTR {}
        (status, usage)
    }
}

/// Microseconds in a `timeval`.
fn us(t: libc::timeval) -> u64 {
    t.tv_sec as u64 * 1_000_000 + t.tv_usec as u64
}

/// The CPU time of the processes [`reap_all`] reaped, each with what it had
/// waited for itself, and the largest peak among them (a peak of the run's, like
/// the leader's own, which `wait4` also gives as the largest of it and its
/// children: never a sum).
#[derive(Debug, Default, Clone, Copy)]
struct Orphans {
    user_us: u64,
    sys_us: u64,
    maxrss_kib: u64,
}

impl Orphans {
    /// Reaps one child (`flags` as `wait4`'s) and counts its CPU time; its pid,
    /// 0 (none ready under `WNOHANG`) or -1 (errno says why).
    fn reap(&mut self, flags: i32) -> i32 {
        // SAFETY: all zeroes is a valid rusage (plain integers and timevals).
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: waiting on our own children with valid out-pointers.
        let r = unsafe { libc::wait4(-1, &mut 0, flags | libc::__WALL, &mut usage) };
        if r > 0 {
            self.user_us += us(usage.ru_utime);
            self.sys_us += us(usage.ru_stime);
            self.maxrss_kib = self.maxrss_kib.max(usage.ru_maxrss as u64);
        }
        r
    }
}

/// Kills and reaps every remaining descendant, and returns their usage. They
/// are all our children by now or will be: we are their subreaper, so each one
/// whose parent dies comes to us. Kill the group and every child, reap one, look
/// again, until none is left.
fn reap_all(pgid: i32, children_file: &str) -> Orphans {
    let mut orphans = Orphans::default();
    // Most programs start nothing: with no child left at all (the leader's
    // orphans are reparented to us before its zombie can be reaped), there is
    // nothing to look for.
    if orphans.reap(libc::WNOHANG) < 0 && last_errno() == libc::ECHILD {
        return orphans;
    }
    // SAFETY: getpid.
    let init = unsafe { libc::getpid() } == 1;
    loop {
        kill_group(pgid);
        if init {
            // Init of our own PID namespace: every process in it is the run's,
            // and kill(-1) reaches them all at once (not us), however many a
            // fork bomb made and however they hide from the group.
            // SAFETY: kill(2) in our own namespace.
            unsafe { libc::kill(-1, libc::SIGKILL) };
        }
        let list = std::fs::read_to_string(children_file).unwrap_or_default();
        for pid in list
            .split_whitespace()
            .filter_map(|p| p.parse::<i32>().ok())
        {
            // SAFETY: signalling our own children (and the groups they lead).
            unsafe {
                libc::kill(pid, libc::SIGKILL);
                libc::kill(-pid, libc::SIGKILL);
            }
        }
        // Every child we have was just killed, and a new one only arrives when a
        // killed one exits (which this wait then returns), so this cannot block on
        // a process nobody killed.
        if orphans.reap(0) < 0 {
            match last_errno() {
                libc::EINTR => continue,
                _ => return orphans, // ECHILD: nothing left
            }
        }
        // Reap every other one already dead before looking again: a look reads
        // the whole list, so one look per reaped process would be quadratic in
        // a fork bomb's thousands.
        while orphans.reap(libc::WNOHANG) > 0 {}
    }
}

fn kill_group(pgid: i32) {
    // SAFETY: kill(2) with a valid signal; ESRCH (already gone) is harmless.
    unsafe { libc::kill(-pgid, libc::SIGKILL) };
}

/// A new empty directory under `base` for one run.
fn fresh_dir(base: &std::path::Path) -> std::io::Result<PathBuf> {
    let pid = std::process::id();
    for n in 0u32.. {
        let dir = base.join(format!("cp-judge-{pid}-{n}"));
        match std::fs::create_dir(&dir) {
            Ok(()) => return Ok(dir),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 100 => continue,
            Err(e) => return Err(e),
        }
    }
    unreachable!("the loop returns")
}

fn cleanup_dir(dir: Option<&PathBuf>, remove: bool) {
    if let (Some(dir), true) = (dir, remove) {
        // Most programs write nothing there: one rmdir, not remove_dir_all's open,
        // listing and stat of an empty folder (five system calls more per run).
        if std::fs::remove_dir(dir).is_err() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

fn fail(report: RawFd, step: Step, errno: i32) {
    write_line(report, &Line::NotStarted(step, errno));
}

fn write_line(fd: RawFd, line: &Line) {
    let text = line.render();
    // SAFETY: sending a valid buffer; each line is one message of the line's
    // packets (EPIPE: the judge is gone, nobody to tell).
    unsafe { libc::send(fd, text.as_ptr().cast(), text.len(), libc::MSG_NOSIGNAL) };
}

fn exit(code: i32) -> ! {
    // SAFETY: leaving at once; nothing of ours needs flushing.
    unsafe { libc::_exit(code) }
}

fn last_errno() -> i32 {
    std::io::Error::last_os_error().raw_os_error().unwrap_or(0)
}

/// One message and the descriptors that came with it (close-on-exec).
fn recv_with_fds(sock: RawFd, buf: &mut [u8]) -> std::io::Result<(usize, Vec<OwnedFd>)> {
    let mut space = [0u64; 16]; // room for a cmsghdr and 8 descriptors, aligned
    let mut iov = libc::iovec {
        iov_base: buf.as_mut_ptr().cast(),
        iov_len: buf.len(),
    };
    // SAFETY: msghdr is plain data; every pointer set below is valid for the call.
    let mut msg: libc::msghdr = unsafe { std::mem::zeroed() };
    msg.msg_iov = &mut iov;
    msg.msg_iovlen = 1;
    msg.msg_control = space.as_mut_ptr().cast();
    msg.msg_controllen = std::mem::size_of_val(&space);
    // SAFETY: as above.
    let n = unsafe { libc::recvmsg(sock, &mut msg, libc::MSG_CMSG_CLOEXEC) };
    if n < 0 {
        return Err(std::io::Error::last_os_error());
    }
    let mut fds = Vec::new();
    // SAFETY: walking the control messages the kernel wrote into `space`.
    unsafe {
        let mut cmsg = libc::CMSG_FIRSTHDR(&msg);
        while !cmsg.is_null() {
            if (*cmsg).cmsg_level == libc::SOL_SOCKET && (*cmsg).cmsg_type == libc::SCM_RIGHTS {
                let data = libc::CMSG_DATA(cmsg).cast::<RawFd>();
                let count = ((*cmsg).cmsg_len as usize - libc::CMSG_LEN(0) as usize)
                    / std::mem::size_of::<RawFd>();
                for i in 0..count {
                    fds.push(OwnedFd::from_raw_fd(data.add(i).read_unaligned()));
                }
            }
            cmsg = libc::CMSG_NXTHDR(&msg, cmsg);
        }
    }
    Ok((n as usize, fds))
}

/// Sends one message with descriptors (the judge's side of [`recv_with_fds`]).
pub(super) fn send_with_fds(sock: RawFd, bytes: &[u8], fds: &[RawFd]) -> std::io::Result<()> {
    let mut space = [0u64; 16];
    let fd_bytes = std::mem::size_of_val(fds);
    let mut iov = libc::iovec {
        iov_base: bytes.as_ptr() as *mut _,
        iov_len: bytes.len(),
    };
    // SAFETY: msghdr is plain data; the control buffer is large enough for
    // CMSG_SPACE of the request's descriptors; every pointer is valid for the call.
    unsafe {
        let mut msg: libc::msghdr = std::mem::zeroed();
        msg.msg_iov = &mut iov;
        msg.msg_iovlen = 1;
        msg.msg_control = space.as_mut_ptr().cast();
        msg.msg_controllen = libc::CMSG_SPACE(fd_bytes as u32) as usize;
        let cmsg = libc::CMSG_FIRSTHDR(&msg);
        (*cmsg).cmsg_level = libc::SOL_SOCKET;
        (*cmsg).cmsg_type = libc::SCM_RIGHTS;
        (*cmsg).cmsg_len = libc::CMSG_LEN(fd_bytes as u32) as usize;
        std::ptr::copy_nonoverlapping(fds.as_ptr(), libc::CMSG_DATA(cmsg).cast(), fds.len());
        loop {
            let n = libc::sendmsg(sock, &msg, libc::MSG_NOSIGNAL);
            if n >= 0 {
                return Ok(());
            }
            let e = std::io::Error::last_os_error();
            if e.kind() != std::io::ErrorKind::Interrupted {
                return Err(e);
            }
        }
    }
}
