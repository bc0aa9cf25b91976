//! Running a solution and its interactor with the judge relaying every byte.
//!
//! Four pipes: interactor -> judge -> solution and solution -> judge -> interactor.
//! The judge relays (as DOMjudge's runpipe does) so it can record the dialogue and
//! count what the solution writes. Both processes run in the `sandbox` (own
//! process group, limits, every descendant killed and reaped by its keeper). Each
//! direction has a thread of its own (a `pump`: blocking read, record, blocking
//! write), so one direction never waits for the other and a round trip costs the
//! judge one wakeup each way; at most one chunk is in the judge at a time per
//! direction (a side that stops reading makes the other block on its pipe, exactly
//! as with direct pipes). The judge's own loop polls only what needs no hurry:
//! both runs' reports, the stderr pipes, Ctrl-C, the pumps' signals and the
//! deadlines.
//!
//! "Who exited first" is deterministic: the judge passes the end of the
//! solution's output on to the interactor only after it has reaped the solution,
//! so an interactor cannot see end-of-input, exit 43 and be reaped before the
//! judge has recorded that the solution ended first. The solution's wall limit
//! counts from the last byte that moved either way (see [`solution_deadline`]), so
//! a long dialogue on a loaded machine is not cut short. When the solution reaches
//! its wall limit only the solution is killed; the interactor then sees end-of-input
//! and gets [`InteractorLimits::grace`] to end before it is killed too. When the
//! interactor ends first with anything but 42 the verdict is settled, so the
//! solution is killed at once instead of running into its limit.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use rustix::event::{PollFd, PollFlags, Timespec, poll};

use super::dialogue::{Dialogue, Dir};
use super::{Interaction, InteractorOutcome, MESSAGE_CAP, Spec};
use crate::run::Measured;
use judge_model::limits::Limits;
use judge_sandbox::Exit;
use judge_sandbox::{Ended, RunSpec, Running};

/// Bytes of each stderr kept (the end of it).
const STDERR_TAIL: usize = 4096;
/// Bytes read from a pipe at once.
const CHUNK: usize = 1 << 16;
/// The longest exchange, in stall backstops ([`Limits::wall`]), however steadily
/// bytes move: a dialogue that never ends is TLE at last.
pub const CAP_FACTOR: u32 = 10;
/// How long a dialogue must have been silent before the judge looks for a
/// deadlock (both sides blocked reading, nothing in flight, no CPU used), and how
/// often it looks again. A deadlock cannot resolve itself, so the solution is TLE
/// (with the flush hint) then, not at its wall backstop seconds later.
const DEADLOCK_QUIET: Duration = Duration::from_millis(300);
/// Descriptors in the poll set (see [`Slot`]).
const SLOTS: usize = 6;

/// What the two pumps and the judge's loop share.
struct Shared {
    dialogue: Mutex<Dialogue>,
    /// When the exchange started; `last_moved` counts from it.
    epoch: Instant,
    /// Nanoseconds from `epoch` to the last byte read either way.
    last_moved: AtomicU64,
    /// Bytes the solution wrote.
    written: AtomicU64,
    /// The solution passed the output limit (its pump stopped reading).
    output_exceeded: AtomicBool,
    /// Bytes read but not yet delivered, per direction ([`Dir::index`] order).
    in_flight: [AtomicBool; 2],
    /// Record the dialogue ([`Spec::record`]).
    record: bool,
}

impl Shared {
    fn last_moved(&self) -> Instant {
        self.epoch + Duration::from_nanos(self.last_moved.load(Ordering::Relaxed))
    }
}

/// One direction of the relay, on a thread of its own: a blocking read, recorded,
/// then a blocking write, so a round trip costs the judge one wakeup each way and
/// no poll. Records before it delivers, so the dialogue's order is the order in
/// which each side could have seen the other's lines. A reader that is gone
/// (EPIPE) ends the delivering, never the reading: the writer is never blocked by
/// the judge. The end of output reaches the reader only when every holder of
/// `to` has dropped it: this pump at end of input, and the judge's loop once the
/// writer is reaped.
fn pump(
    dir: Dir,
    mut from: File,
    to: Arc<File>,
    shared: Arc<Shared>,
    output_limit: Option<u64>,
    wake: Arc<File>,
) {
    let mut to = Some(to);
    let mut buf = vec![0u8; CHUNK];
    let flight = &shared.in_flight[dir.index()];
    loop {
        let n = match from.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        let now = shared.epoch.elapsed().as_nanos() as u64;
        shared.last_moved.store(now, Ordering::Relaxed);
        flight.store(to.is_some(), Ordering::Relaxed);
        if shared.record {
            shared
                .dialogue
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .feed(dir, &buf[..n]);
        }
        if let Some(limit) = output_limit {
            let written = shared.written.fetch_add(n as u64, Ordering::Relaxed) + n as u64;
            if written > limit {
                shared.output_exceeded.store(true, Ordering::Relaxed);
                flight.store(false, Ordering::Relaxed);
                let _ = (&*wake).write(&[1]);
                return;
            }
        }
        if let Some(t) = &to
            && (&**t).write_all(&buf[..n]).is_err()
        {
            // EPIPE: the reader ended; nothing more can reach it.
            to = None;
        }
        flight.store(false, Ordering::Relaxed);
    }
    drop(to);
    let _ = (&*wake).write(&[0]);
}

/// The tail of a stderr pipe.
struct Tail {
    pipe: Option<File>,
    kept: VecDeque<u8>,
}

impl Tail {
    fn new(pipe: OwnedFd) -> io::Result<Tail> {
        rustix::io::ioctl_fionbio(&pipe, true)?;
        Ok(Tail {
            pipe: Some(File::from(pipe)),
            kept: VecDeque::with_capacity(STDERR_TAIL),
        })
    }

    /// Reads one chunk; returns whether there may be more.
    fn read(&mut self, buf: &mut [u8]) -> bool {
        let Some(pipe) = self.pipe.as_mut() else {
            return false;
        };
        match pipe.read(buf) {
            Ok(0) => {
                self.pipe = None;
                false
            }
            Ok(n) => {
                self.kept.extend(&buf[..n]);
                let excess = self.kept.len().saturating_sub(STDERR_TAIL);
                self.kept.drain(..excess);
                true
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => true,
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => false,
            Err(_) => {
                self.pipe = None;
                false
            }
        }
    }

    fn finish(mut self, buf: &mut [u8]) -> Vec<u8> {
        let mut rounds = 0;
        while rounds < 64 && self.read(buf) {
            rounds += 1;
        }
        self.kept.into()
    }
}

/// A process started in the sandbox, and what its keeper reported.
struct Proc {
    running: Running,
    started: Instant,
    /// When the keeper's report was complete (the process and everything it
    /// started are gone and reaped).
    ended: Option<Instant>,
    /// The judge asked for the kill.
    killed: bool,
}

impl Proc {
    fn running(&self) -> bool {
        self.ended.is_none()
    }

    /// Reads the keeper's report; true once the run is over.
    fn on_report(&mut self) -> Result<bool> {
        if self.running.on_readable()? {
            self.ended = Some(Instant::now());
        }
        Ok(self.ended.is_some())
    }

    fn kill(&mut self) {
        self.killed = true;
        self.running.kill();
    }

    fn finished(&self, what: &str) -> Result<judge_sandbox::Finished> {
        match self.running.ended() {
            Some(Ended::Finished(f)) => Ok(f),
            Some(Ended::NotStarted(step, errno)) => Err(io::Error::from_raw_os_error(errno))
                .with_context(|| format!("cannot start the {what} ({step} failed)")),
            None => bail!("the sandbox gave no report for the {what}"),
        }
    }
}

/// Starts `command` in the sandbox with these descriptors, limits and backstop.
fn start(
    command: &RunSpec,
    io: judge_sandbox::Stdio,
    limits: judge_sandbox::ResourceLimits,
) -> Result<Proc> {
    let mut spec = judge_sandbox::Spec::from_run(command, limits);
    // The deadlock rule looks at both processes while they run.
    spec.report_pid = true;
    // A Rust panic that prints a backtrace needs memory to symbolize it; under a
    // tight RLIMIT_AS that can stall until the backstop. Judges print none either.
    for key in ["RUST_BACKTRACE", "RUST_LIB_BACKTRACE"] {
        if !spec.env.iter().any(|(k, _)| k == key) {
            spec.env.push((key.into(), None));
        }
    }
    crate::jvm::fit(&mut spec, command);
    Ok(Proc {
        running: judge_sandbox::spawn(&spec, io)?,
        started: Instant::now(),
        ended: None,
        killed: false,
    })
}

/// Runs the solution against the interactor on one case and returns what was
/// observed. Both processes (and everything they started) are killed and reaped
/// before it returns. An error means the judge itself could not run them.
pub fn run(spec: Spec) -> Result<Interaction> {
    let Spec {
        solution,
        mut interactor,
        input,
        answer,
        limits,
        interactor_limits,
        record,
        feedback_from,
    } = spec;
    let feedback = tempfile::tempdir().context("cannot create a feedback folder")?;
    if let Some(from) = feedback_from {
        for entry in std::fs::read_dir(from)
            .context("cannot read the kept feedback")?
            .flatten()
        {
            if entry.path().is_file() {
                std::fs::copy(entry.path(), feedback.path().join(entry.file_name()))
                    .context("cannot carry the feedback over")?;
            }
        }
    }
    let input = std::path::absolute(input).context("cannot resolve the input path")?;
    let answer = std::path::absolute(answer).context("cannot resolve the answer path")?;
    for path in [&input, &answer] {
        if !path.is_file() {
            bail!("cannot read {}", path.display());
        }
    }
    // spec/2025-09.md "Invocation": feedback_dir ends with a path separator, so
    // a validator may append a file name to it (many C++ ones do).
    let mut dir = feedback.path().as_os_str().to_os_string();
    dir.push("/");
    interactor.arg(&input).arg(&answer).arg(dir);
    // Isolated, the interactor sees these three and nothing else of the judge's.
    interactor.share(&input, judge_sandbox::Access::Read);
    interactor.share(&answer, judge_sandbox::Access::Read);
    interactor.share(feedback.path(), judge_sandbox::Access::Write);
    let (sol, int, ends) = start_both(&solution, &interactor, &limits, &interactor_limits)?;
    let shared = Arc::new(Shared {
        dialogue: Mutex::new(Dialogue::default()),
        epoch: sol.started,
        last_moved: AtomicU64::new(0),
        written: AtomicU64::new(0),
        output_exceeded: AtomicBool::new(false),
        in_flight: [AtomicBool::new(false), AtomicBool::new(false)],
        record,
    });
    let pumps = start_pumps(
        ends.from_sol,
        ends.from_int,
        (ends.to_sol, ends.to_int),
        &shared,
        limits.output,
    )?;
    let mut relay = Relay {
        sol,
        int,
        to_int: Some(pumps.to_int),
        to_sol: Some(pumps.to_sol),
        wake: pumps.wake,
        shared: Arc::clone(&shared),
        sol_err: Tail::new(ends.sol_err)?,
        int_err: Tail::new(ends.int_err)?,
        limits,
        grace: interactor_limits.grace,
        int_cpu: interactor_limits.cpu,
        accepts: interactor_limits.accepts,
        output_exceeded: false,
        wall_exceeded: false,
        int_killed: false,
        interactor_first: false,
        both_waiting: false,
        deadlocked: false,
        silent_for: None,
        stuck_sample: None,
        interrupted: false,
    };
    let result = relay.exchange();
    relay.end(&pumps.done);
    result?;
    relay.interaction(&shared, feedback)
}

/// The judge's ends of the pipes of two started processes: what each writes
/// (to relay), and what each says on stderr (to keep a tail of).
struct Ends {
    from_sol: OwnedFd,
    from_int: OwnedFd,
    sol_err: OwnedFd,
    int_err: OwnedFd,
    /// The write ends of each side's stdin, for the pumps.
    to_sol: OwnedFd,
    to_int: OwnedFd,
}

/// Starts the interactor, then the solution, each in the sandbox with its own
/// limits and its own pipes; if the solution cannot start, the interactor is
/// killed and reaped before the error returns.
fn start_both(
    solution: &RunSpec,
    interactor: &RunSpec,
    limits: &Limits,
    interactor_limits: &super::InteractorLimits,
) -> Result<(Proc, Proc, Ends)> {
    // The relay enforces both deadlines itself (it looks at who is waiting first);
    // the keepers' backstops are a second later, in case the judge is stuck.
    let sol_limits = judge_sandbox::ResourceLimits {
        wall: cap(limits) + Duration::from_secs(1),
        ..crate::run::sandbox_limits(limits)
    };
    let int_total = cap(limits) + interactor_limits.grace;
    let int_limits = judge_sandbox::ResourceLimits {
        // Its own CPU budget where it has one, else bounded by its wall time.
        cpu: Some(
            interactor_limits
                .cpu
                .unwrap_or(int_total + Duration::from_secs(1)),
        ),
        address_space: Some(interactor_limits.memory),
        file_size: None,
        wall: int_total + Duration::from_secs(1),
    };
    let (to_int_r, to_int_w) = judge_sandbox::pipe()?;
    let (from_int_r, from_int_w) = judge_sandbox::pipe()?;
    let (int_err_r, int_err_w) = judge_sandbox::pipe()?;
    let (to_sol_r, to_sol_w) = judge_sandbox::pipe()?;
    let (from_sol_r, from_sol_w) = judge_sandbox::pipe()?;
    let (sol_err_r, sol_err_w) = judge_sandbox::pipe()?;
    let mut int = start(
        interactor,
        judge_sandbox::Stdio {
            stdin: to_int_r,
            stdout: from_int_w,
            stderr: int_err_w,
        },
        int_limits,
    )?;
    let sol = match start(
        solution,
        judge_sandbox::Stdio {
            stdin: to_sol_r,
            stdout: from_sol_w,
            stderr: sol_err_w,
        },
        sol_limits,
    ) {
        Ok(sol) => sol,
        Err(e) => {
            int.kill();
            let _ = int.running.wait();
            return Err(e);
        }
    };
    let ends = Ends {
        from_sol: from_sol_r,
        from_int: from_int_r,
        sol_err: sol_err_r,
        int_err: int_err_r,
        to_sol: to_sol_w,
        to_int: to_int_w,
    };
    Ok((sol, int, ends))
}

/// The two pump threads, each relaying one direction.
struct Pumps {
    /// The judge's copies of each side's stdin (the pumps hold the others).
    to_int: Arc<File>,
    to_sol: Arc<File>,
    /// Readable when a pump has something to say (output limit passed, ended).
    wake: File,
    /// One message per pump that has ended.
    done: std::sync::mpsc::Receiver<()>,
}

/// Starts a pump for each direction: the solution's output to the interactor
/// (counted against `output_limit`), the interactor's to the solution.
fn start_pumps(
    from_sol: OwnedFd,
    from_int: OwnedFd,
    to: (OwnedFd, OwnedFd),
    shared: &Arc<Shared>,
    output_limit: u64,
) -> Result<Pumps> {
    let (to_sol, to_int) = to;
    let (wake_r, wake_w) = judge_sandbox::pipe()?;
    rustix::io::ioctl_fionbio(&wake_r, true)?;
    let wake_w = Arc::new(File::from(wake_w));
    let to_int = Arc::new(File::from(to_int));
    let to_sol = Arc::new(File::from(to_sol));
    let (done_tx, done) = std::sync::mpsc::channel::<()>();
    for (dir, from, to, limit) in [
        (Dir::Solution, from_sol, &to_int, Some(output_limit)),
        (Dir::Interactor, from_int, &to_sol, None),
    ] {
        let (to, shared, wake, done) = (
            Arc::clone(to),
            Arc::clone(shared),
            Arc::clone(&wake_w),
            done_tx.clone(),
        );
        std::thread::Builder::new()
            .name(format!("relay-{}", dir.mark()))
            .spawn(move || {
                pump(dir, File::from(from), to, shared, limit, wake);
                let _ = done.send(());
            })
            .context("cannot start a relay thread")?;
    }
    Ok(Pumps {
        to_int,
        to_sol,
        wake: File::from(wake_r),
        done,
    })
}

impl Relay {
    /// Whatever happened, nothing outlives the call: the keepers kill and reap
    /// both sides, then the pumps are given a moment to reach the end.
    fn end(&mut self, pumps_done: &std::sync::mpsc::Receiver<()>) {
        for p in [&mut self.sol, &mut self.int] {
            if p.running() {
                p.kill();
                while !p.on_report().unwrap_or(true) {}
            }
        }
        // Both are reaped: every writer of the pipes is gone, so the pumps reach the
        // end of their input. A writer that escaped the sweep could keep one going;
        // its dialogue is then what was recorded so far.
        self.to_int = None;
        self.to_sol = None;
        let until = Instant::now() + Duration::from_secs(2);
        for _ in 0..2 {
            if pumps_done
                .recv_timeout(until.saturating_duration_since(Instant::now()))
                .is_err()
            {
                break;
            }
        }
    }

    /// What was observed of both sides, once both are reaped.
    fn interaction(self, shared: &Shared, feedback: tempfile::TempDir) -> Result<Interaction> {
        let sol = self.sol.finished("solution")?;
        let int = self.int.finished("interactor")?;
        let mut buf = vec![0u8; 4096];
        let mut dialogue =
            std::mem::take(&mut *shared.dialogue.lock().unwrap_or_else(|p| p.into_inner()));
        dialogue.close();
        Ok(Interaction {
            solution: Measured {
                exit: sol.exit,
                cpu: sol.cpu,
                wall: sol.wall,
                peak_rss: sol.peak_rss,
                stdout: Vec::new(),
                output_exceeded: self.output_exceeded,
                wall_exceeded: self.wall_exceeded || sol.wall_exceeded,
                stderr_tail: self.sol_err.finish(&mut buf),
                // Not counted through the relay: no hint of heavy stderr.
                stderr_bytes: 0,
                refused: None,
                interrupted: self.interrupted,
            },
            interactor: InteractorOutcome {
                exit: int.exit,
                wall: int.wall,
                killed: self.int_killed || int.wall_exceeded,
                out_of_cpu: self.int_cpu.filter(|limit| int.cpu >= *limit),
                stderr_tail: self.int_err.finish(&mut buf),
                judge_message: message(&feedback.path().join("judgemessage.txt")),
                team_message: message(&feedback.path().join("teammessage.txt")),
            },
            interactor_first: self.interactor_first,
            both_waiting: self.both_waiting,
            deadlocked: self.deadlocked,
            silent_for: self.silent_for,
            dialogue,
            feedback,
        })
    }
}

/// The first [`MESSAGE_CAP`] bytes of a feedback file, or nothing.
fn message(path: &std::path::Path) -> String {
    let Ok(file) = std::fs::File::open(path) else {
        return String::new();
    };
    let mut bytes = Vec::new();
    let _ = file.take(MESSAGE_CAP as u64 + 1).read_to_end(&mut bytes);
    let cut = bytes.len() > MESSAGE_CAP;
    bytes.truncate(MESSAGE_CAP);
    let mut text = String::from_utf8_lossy(&bytes).trim_end().to_string();
    if cut {
        text.push_str(" …");
    }
    text
}

/// The state of one exchange (the judge's loop; the bytes are the pumps').
struct Relay {
    sol: Proc,
    int: Proc,
    /// The judge's copy of the interactor's input: dropped once the solution is
    /// reaped, so the interactor sees the end of it only then.
    to_int: Option<Arc<File>>,
    /// The judge's copy of the solution's input, dropped once the interactor is
    /// reaped.
    to_sol: Option<Arc<File>>,
    /// The pumps' signals (output limit passed, a pump ended).
    wake: File,
    shared: Arc<Shared>,
    sol_err: Tail,
    int_err: Tail,
    limits: Limits,
    grace: Duration,
    /// The interactor's own CPU budget, if it has one.
    int_cpu: Option<Duration>,
    /// The interactor's accepting exit status.
    accepts: i32,
    output_exceeded: bool,
    wall_exceeded: bool,
    int_killed: bool,
    interactor_first: bool,
    both_waiting: bool,
    /// The solution was killed for a deadlock, before its backstop.
    deadlocked: bool,
    /// How long no byte had moved when the wall backstop fired.
    silent_for: Option<Duration>,
    /// Both sides' CPU ticks the last time both were seen blocked reading with
    /// nothing in flight: the same again at the next look is a deadlock.
    stuck_sample: Option<(u64, u64)>,
    interrupted: bool,
}

/// Indices into the poll set.
#[derive(Clone, Copy)]
enum Slot {
    Wake,
    SolErr,
    IntErr,
    SolExit,
    IntExit,
    Interrupt,
}

impl Relay {
    fn exchange(&mut self) -> Result<()> {
        let mut buf = vec![0u8; CHUNK];
        while self.sol.running() || self.int.running() {
            let timeout = self.deadline().map(|d| {
                let left = d.saturating_duration_since(Instant::now());
                Timespec {
                    tv_sec: left.as_secs() as i64,
                    tv_nsec: i64::from(left.subsec_nanos()),
                }
            });
            let r = PollFlags::IN;
            let candidates: [(Option<BorrowedFd<'_>>, PollFlags); SLOTS] = [
                (Some(self.wake.as_fd()), r),
                (self.sol_err.pipe.as_ref().map(|p| p.as_fd()), r),
                (self.int_err.pipe.as_ref().map(|p| p.as_fd()), r),
                (report(&self.sol), r),
                (report(&self.int), r),
                ((!self.interrupted).then(judge_sandbox::interrupt_fd), r),
            ];
            // One fixed set on the stack (the unused tail is never passed to poll).
            let filler = judge_sandbox::interrupt_fd();
            let mut fds: [PollFd<'_>; SLOTS] =
                std::array::from_fn(|_| PollFd::from_borrowed_fd(filler, PollFlags::empty()));
            let mut slot_of = [0usize; SLOTS];
            let mut used = 0;
            for (slot, (fd, flags)) in candidates.into_iter().enumerate() {
                if let Some(fd) = fd {
                    fds[used] = PollFd::from_borrowed_fd(fd, flags);
                    slot_of[used] = slot;
                    used += 1;
                }
            }
            match poll(&mut fds[..used], timeout.as_ref()) {
                Ok(_) => {}
                Err(rustix::io::Errno::INTR) => continue,
                Err(e) => return Err(e).context("poll failed"),
            }
            let mut ready = [false; SLOTS];
            for (fd, slot) in fds[..used].iter().zip(slot_of) {
                ready[slot] = !fd.revents().is_empty();
            }
            if ready[Slot::Wake as usize] {
                let mut signals = [0u8; 16];
                while matches!((&self.wake).read(&mut signals), Ok(n) if n > 0) {}
                if self.shared.output_exceeded.load(Ordering::Relaxed) && !self.output_exceeded {
                    self.output_exceeded = true;
                    self.sol.kill();
                }
            }
            if ready[Slot::SolErr as usize] {
                self.sol_err.read(&mut buf);
            }
            if ready[Slot::IntErr as usize] {
                self.int_err.read(&mut buf);
            }
            // The solution first: when both ended in the same round, the
            // interactor cannot have seen the solution's end of output (it is
            // passed on only below), so the solution ended first.
            if ready[Slot::Interrupt as usize] {
                // Ctrl-C: no verdict; both runs go.
                self.interrupted = true;
                self.sol.kill();
                self.int.kill();
            }
            if ready[Slot::SolExit as usize] && self.sol.on_report()? {
                // The end of the solution's output reaches the interactor only
                // now (and once its pump delivered every byte).
                self.to_int = None;
            }
            if ready[Slot::IntExit as usize] && self.int.on_report()? {
                self.to_sol = None;
                self.interactor_ended();
            }
            self.enforce_deadlines();
        }
        Ok(())
    }

    fn interactor_ended(&mut self) {
        if self.sol.running() {
            self.interactor_first = true;
            let accepted = matches!(
                self.int.running.ended(),
                Some(Ended::Finished(f)) if f.exit == Exit::Code(self.accepts)
            );
            if !accepted {
                // The verdict is settled (WA, or a judge error): no need to let the
                // solution run into its limit.
                self.sol.kill();
            }
        }
    }

    /// The next moment something must be killed (or looked at for a deadlock).
    fn deadline(&self) -> Option<Instant> {
        if self.sol.running() {
            // Once killed, only its exit is awaited.
            (!self.wall_exceeded).then(|| {
                let look = self.shared.last_moved() + DEADLOCK_QUIET;
                let look = look.max(Instant::now() + DEADLOCK_QUIET / 2);
                self.solution_deadline().min(look)
            })
        } else if self.int.running() && !self.int_killed {
            self.sol.ended.map(|end| end + self.grace)
        } else {
            None
        }
    }

    fn solution_deadline(&self) -> Instant {
        solution_deadline(self.sol.started, self.shared.last_moved(), &self.limits)
    }

    /// No bytes read but not yet delivered, either way.
    fn nothing_in_flight(&self) -> bool {
        [Dir::Solution, Dir::Interactor]
            .iter()
            .all(|d| !self.shared.in_flight[d.index()].load(Ordering::Relaxed))
    }

    /// Both sides blocked reading their input, nothing in flight either way, and
    /// neither used CPU since the last look: nothing can ever move again.
    fn deadlocked(&mut self, now: Instant) -> bool {
        let quiet = now.saturating_duration_since(self.shared.last_moved()) >= DEADLOCK_QUIET;
        let sample = (|| {
            if !(quiet && self.int.running() && self.nothing_in_flight()) {
                return None;
            }
            let (sol, int) = (self.sol.running.pid()?, self.int.running.pid()?);
            // Only what the kernel says each is blocked in counts here: a sleeping
            // process (the fallback where /proc/PID/syscall cannot be read) may wake.
            if !(blocked_reading(sol)? && blocked_reading(int)?) {
                return None;
            }
            Some((cpu_ticks(sol)?, cpu_ticks(int)?))
        })();
        let stuck = sample.is_some() && sample == self.stuck_sample;
        self.stuck_sample = sample;
        stuck
    }

    fn enforce_deadlines(&mut self) {
        let now = Instant::now();
        if self.sol.running() && !self.wall_exceeded && self.deadlocked(now) {
            self.silent_for = Some(now.saturating_duration_since(self.shared.last_moved()));
            self.both_waiting = true;
            self.deadlocked = true;
            self.wall_exceeded = true;
            self.sol.kill();
        }
        if self.sol.running() && !self.wall_exceeded && now >= self.solution_deadline() {
            self.silent_for = Some(now.saturating_duration_since(self.shared.last_moved()));
            self.both_waiting = self.int.running()
                && self.nothing_in_flight()
                && self.sol.running.pid().is_some_and(waiting_for_input);
            self.wall_exceeded = true;
            // Only the solution: the interactor sees its end of output and reacts.
            self.sol.kill();
        }
        if let Some(end) = self.sol.ended
            && self.int.running()
            && !self.int_killed
            && now >= end + self.grace
        {
            self.int_killed = true;
            self.int.kill();
        }
    }
}

/// The whole exchange's cap: [`CAP_FACTOR`] times the stall backstop.
fn cap(limits: &Limits) -> Duration {
    limits.wall() * CAP_FACTOR
}

/// When the solution's wall backstop fires: [`Limits::wall`] after the last byte
/// moved either way (a dialogue that stalls: a sleeping solution, or both sides
/// waiting because nobody flushed), and at the latest [`cap`] after it started.
/// Time spent waiting for the interactor, or for a CPU on a loaded machine, while
/// the dialogue progresses is not the solution's: its CPU limit bounds its work.
fn solution_deadline(started: Instant, last_moved: Instant, limits: &Limits) -> Instant {
    (last_moved + limits.wall()).min(started + cap(limits))
}

fn report(p: &Proc) -> Option<BorrowedFd<'_>> {
    p.running().then(|| p.running.report_fd()).flatten()
}

/// Whether `pid` is blocked reading its standard input (or polling): read from
/// `/proc/PID/syscall`; where that cannot be read, whether it is asleep at all.
fn waiting_for_input(pid: i32) -> bool {
    blocked_reading(pid).unwrap_or_else(|| {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let state = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().next());
        state == Some("S")
    })
}

/// Whether `pid` is blocked reading its standard input (or polling), from
/// `/proc/PID/syscall`; `None` where the kernel does not say (the file cannot be
/// read, or the process is running).
fn blocked_reading(pid: i32) -> Option<bool> {
    // (read, readv) take the fd first; the poll family waits on any set.
    #[cfg(target_arch = "x86_64")]
    const READS: [u64; 2] = [0, 19];
    #[cfg(target_arch = "x86_64")]
    const POLLS: [u64; 6] = [7, 23, 232, 270, 271, 281];
    #[cfg(target_arch = "aarch64")]
    const READS: [u64; 2] = [63, 65];
    #[cfg(target_arch = "aarch64")]
    const POLLS: [u64; 3] = [22, 72, 73];
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    const READS: [u64; 0] = [];
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    const POLLS: [u64; 0] = [];
    let syscall = std::fs::read_to_string(format!("/proc/{pid}/syscall")).ok()?;
    let mut fields = syscall.split_whitespace();
    let nr: u64 = fields.next()?.parse().ok()?;
    let fd = fields.next().unwrap_or("");
    Some((READS.contains(&nr) && fd == "0x0") || POLLS.contains(&nr))
}

/// A process's CPU time so far in clock ticks (user + system, all its threads),
/// from `/proc/PID/stat`.
fn cpu_ticks(pid: i32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let mut fields = stat.rsplit_once(')')?.1.split_whitespace();
    // After the command: state is field 3, utime 14 and stime 15.
    let utime: u64 = fields.nth(11)?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    Some(utime + stime)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Limits {
            time: Duration::from_secs(1),
            memory: 1 << 30,
            output: 1 << 30,
        }
    }

    #[test]
    fn the_wall_backstop_counts_from_the_last_byte_that_moved() {
        let l = limits();
        let started = Instant::now();
        let moved = started + Duration::from_secs(7);
        // 2 x 1 s + 1 s after the last byte, though 10 s have passed since the start.
        assert_eq!(
            solution_deadline(started, moved, &l),
            moved + Duration::from_secs(3)
        );
    }

    #[test]
    fn a_dialogue_that_never_stalls_is_still_capped() {
        let l = limits();
        let started = Instant::now();
        let moved = started + Duration::from_secs(29);
        assert_eq!(
            solution_deadline(started, moved, &l),
            started + Duration::from_secs(3 * u64::from(CAP_FACTOR))
        );
    }
}
