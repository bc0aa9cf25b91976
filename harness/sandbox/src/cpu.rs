//! The CPU time a run has used while it runs: every process of it, not only the
//! one the keeper started.
//!
//! A run's processes are the keeper's descendants (it is their subreaper; in its
//! own PID namespace they are every process there but itself). Their CPU time
//! is each one's own, all its threads, by the scheduler's clock (what `wait4`
//! reports), plus what the children each has waited for used, which the kernel
//! moves into the parent's `cutime` and `cstime` when it reaps them. So a run
//! whose leader sleeps while a child spins, or that forks spinners, reaches its
//! limit as a judge reading the run's cgroup (DOMjudge's runguard, isolate
//! `--cg`) would see it, and is killed there rather than at the wall-clock
//! backstop. No cgroup is needed: this machine's and CI's have no delegated CPU
//! controller to rely on.

#![allow(unsafe_code)] // clock_gettime on another process's clock: no safe std API.

use std::io::Read as _;
use std::time::Duration;

/// The CPU time process `pid` (all its threads, ended ones too) has used, by
/// the scheduler's own count: the clock `wait4`'s times are scaled to. `None`
/// once it is gone (reaped).
pub(super) fn of_process(pid: i32) -> Option<Duration> {
    // The process's CPUCLOCK_SCHED clock: MAKE_PROCESS_CPUCLOCK(pid, 2) in the
    // kernel's include/linux/posix-timers_types.h, what glibc's
    // clock_getcpuclockid returns (without its extra clock_getres check).
    let clock = (!(pid as libc::clockid_t) << 3) | 2;
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime into a valid timespec.
    if unsafe { libc::clock_gettime(clock, &mut t) } != 0 {
        return None;
    }
    Some(Duration::new(t.tv_sec as u64, t.tv_nsec as u32))
}

/// One process as its `/proc/PID/stat` says: its parent, its own CPU time and
/// that of the children it has reaped, in clock ticks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stat {
    pid: i32,
    parent: i32,
    own_ticks: u64,
    reaped_ticks: u64,
}

/// `/proc/PID/stat`'s parent (field 4), `utime` + `stime` (fields 14 and 15) and
/// `cutime` + `cstime` (16 and 17; proc(5)), read after the name, which is in
/// parentheses and may hold spaces and parentheses itself.
fn parse_stat(pid: i32, text: &str) -> Option<Stat> {
    let rest = text.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().take(15).collect();
    let field = |n: usize| fields.get(n - 3)?.parse::<u64>().ok();
    Some(Stat {
        pid,
        parent: fields.get(1)?.parse().ok()?,
        own_ticks: field(14)? + field(15)?,
        reaped_ticks: field(16)? + field(17)?,
    })
}

/// The `/proc` a keeper reads its run in.
#[derive(Debug, Clone)]
pub(super) struct View {
    /// Where it is mounted (the jail's own, or the host's).
    pub root: String,
    /// The keeper's pid as it numbers processes.
    pub keeper: i32,
    /// It numbers them as the keeper's PID namespace does, so a pid of it names
    /// the process's clock. Else (a PID namespace without the jail's `/proc`)
    /// the look falls back on `stat`'s own times, truncated to clock ticks.
    pub clocks: bool,
}

impl View {
    /// The `/proc` at `root`, as the calling keeper sees it.
    pub(super) fn at(root: String) -> View {
        // SAFETY: getpid.
        let me = unsafe { libc::getpid() };
        let keeper = std::fs::read_link(format!("{root}/self"))
            .ok()
            .and_then(|p| p.to_str()?.parse().ok())
            .unwrap_or(me);
        View {
            root,
            keeper,
            clocks: keeper == me,
        }
    }
}

/// The run's processes and their CPU time so far: the keeper's descendants.
#[derive(Debug)]
pub(super) struct Run {
    /// Their pids.
    pub pids: Vec<i32>,
    /// Their CPU time together, with what they reaped.
    pub cpu: Duration,
}

/// Looks at every process under the keeper now. The `stat` files are all read
/// before any clock, so a child reaped during the look is counted in its
/// parent's `cutime` or not at all, never twice: a clock read after its parent's
/// `stat` fails once the child is reaped (a miss only delays the kill to the
/// next look).
pub(super) fn run(view: &View) -> Run {
    let mut all = Vec::new();
    let mut text = String::new();
    if let Ok(dir) = std::fs::read_dir(&view.root) {
        for entry in dir.flatten() {
            let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse().ok()) else {
                continue;
            };
            text.clear();
            let read = std::fs::File::open(entry.path().join("stat"))
                .and_then(|mut f| f.read_to_string(&mut text));
            if pid != view.keeper
                && read.is_ok()
                && let Some(stat) = parse_stat(pid, &text)
            {
                all.push(stat);
            }
        }
    }
    let run = descendants(&all, view.keeper);
    let tick = Duration::from_secs(1) / ticks_per_second();
    let cpu = run
        .iter()
        .map(|s| {
            let own = if view.clocks {
                of_process(s.pid).unwrap_or_default()
            } else {
                tick * s.own_ticks as u32
            };
            own + tick * s.reaped_ticks as u32
        })
        .sum();
    Run {
        pids: run.iter().map(|s| s.pid).collect(),
        cpu,
    }
}

/// The processes of `all` that descend from `root`.
fn descendants(all: &[Stat], root: i32) -> Vec<Stat> {
    let mut found = vec![root];
    let mut taken = vec![false; all.len()];
    let mut next = 0;
    while next < found.len() {
        let parent = found[next];
        next += 1;
        for (i, s) in all.iter().enumerate() {
            if !taken[i] && s.parent == parent {
                taken[i] = true;
                found.push(s.pid);
            }
        }
    }
    all.iter()
        .zip(taken)
        .filter_map(|(s, t)| t.then_some(*s))
        .collect()
}

/// The kernel's clock ticks per second (`USER_HZ`), the unit of `/proc`'s times.
fn ticks_per_second() -> u32 {
    // SAFETY: sysconf has no preconditions.
    let n = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    u32::try_from(n).ok().filter(|&n| n > 0).unwrap_or(100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stat_line_gives_the_parent_and_the_reaped_childrens_ticks() {
        #[rustfmt::skip]
        // A line, and the (parent, own ticks, reaped ticks) it gives.
        type Row = (&'static str, Option<(i32, u64, u64)>);
        let table: &[Row] = &[
            (
                "7 (sh) S 1 7 7 0 -1 4194560 100 5 0 0 3 4 25 17 20 0 1 0",
                Some((1, 7, 42)),
            ),
            // A name with spaces and a closing parenthesis of its own.
            (
                "9 (a) b (c)) R 7 9 7 0 -1 0 0 0 0 0 150 2 0 0 20 0 1 0",
                Some((7, 152, 0)),
            ),
            ("9 (cut) R 7 9", None),
            ("garbage", None),
        ];
        for &(line, want) in table {
            let got = parse_stat(3, line).map(|s| (s.parent, s.own_ticks, s.reaped_ticks));
            assert_eq!(got, want, "{line}");
        }
    }

    #[test]
    fn descendants_are_found_through_any_depth_and_nothing_else() {
        let s = |pid, parent| Stat {
            pid,
            parent,
            own_ticks: 0,
            reaped_ticks: 0,
        };
        // 10 is the keeper; 12 a grandchild listed before its parent; 20 and 21
        // belong to someone else.
        let all = [
            s(12, 11),
            s(11, 10),
            s(20, 1),
            s(13, 10),
            s(21, 20),
            s(14, 12),
        ];
        let mut found: Vec<i32> = descendants(&all, 10).iter().map(|s| s.pid).collect();
        found.sort();
        assert_eq!(found, [11, 12, 13, 14]);
    }

    /// Forks the run of a solution that leaves its work to a child: a process
    /// (standing for the keeper) whose child forks a spinner and sleeps. The
    /// spinner spins for good, or, when `waited`, for 300 ms of CPU and exits,
    /// reaped by its parent. Returns the keeper's stand-in.
    fn forked_run(waited: bool) -> i32 {
        // SAFETY: the children only fork, spin, read their clock, sleep and exit.
        unsafe {
            let keeper = libc::fork();
            if keeper != 0 {
                return keeper;
            }
            if libc::fork() == 0 {
                if libc::fork() == 0 {
                    while !waited || process_cpu() < Duration::from_millis(300) {
                        std::hint::black_box(0u64);
                    }
                    libc::_exit(0);
                }
                if waited {
                    libc::wait(std::ptr::null_mut());
                }
                libc::sleep(60);
                libc::_exit(0);
            }
            libc::sleep(60);
            libc::_exit(0)
        }
    }

    /// The calling process's CPU time.
    fn process_cpu() -> Duration {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: clock_gettime into a valid timespec.
        unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
        Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
    }

    /// Looks at the run under `keeper` until it has used 250 ms of CPU with
    /// `alive` processes left (or 30 s have passed); then kills and reaps it.
    /// Returns the last look.
    fn look_until_250_ms_used_with(alive: usize, keeper: i32) -> Run {
        let view = View {
            root: "/proc".into(),
            keeper,
            clocks: true,
        };
        let started = std::time::Instant::now();
        let mut look = run(&view);
        while (look.cpu < Duration::from_millis(250) || look.pids.len() != alive)
            && started.elapsed() < Duration::from_secs(30)
        {
            std::thread::sleep(Duration::from_millis(20));
            look = run(&view);
        }
        // SAFETY: killing our own child and the processes under it, and reaping
        // the child (the others go to init).
        unsafe {
            for &pid in &look.pids {
                libc::kill(pid, libc::SIGKILL);
            }
            libc::kill(keeper, libc::SIGKILL);
            libc::waitpid(keeper, std::ptr::null_mut(), 0);
        }
        look
    }

    #[test]
    fn a_spinning_grandchild_counts_in_the_run_while_its_parent_sleeps() {
        let look = look_until_250_ms_used_with(2, forked_run(false));
        assert_eq!(look.pids.len(), 2, "the sleeper and its spinner: {look:?}");
        assert!(look.cpu >= Duration::from_millis(250), "{look:?}");
    }

    #[test]
    fn a_reaped_grandchild_counts_in_the_run_through_its_parent() {
        let look = look_until_250_ms_used_with(1, forked_run(true));
        assert_eq!(look.pids.len(), 1, "only the sleeper is left: {look:?}");
        assert!(look.cpu >= Duration::from_millis(250), "{look:?}");
    }
}
