//! Which CPU a run starts on: the one its caller's thread is kept on.
//!
//! A case is a chain of hand-offs in which one process runs at a time: the judge's
//! worker asks a keeper, the keeper starts the program, the program's exit wakes
//! the keeper, whose report wakes the worker. Left to the scheduler, each wake-up
//! lands on whichever CPU is idle, and waking an idle CPU (an interrupt to it, and
//! on a virtual machine an exit to the hypervisor) costs more than the hand-off
//! itself: 200 small cases at `-j 2` took 1.26-1.39x a bare spawn loop that way,
//! 1.11-1.17x with each chain on one CPU (BENCHMARKS.md, "One CPU per chain").
//!
//! So a worker that asks for it ([`pin_thread`]) stays on one CPU; a keeper moves
//! to the CPU of the thread that sent it a run, and starts the program there. The
//! program itself may then run on every CPU the judge may (the keeper widens it
//! before it runs a line of its own), so a solution's threads spread as on any
//! judge, and the scheduler may move it when its CPU is busy.

#![allow(unsafe_code)] // sched_{get,set}affinity and sched_getcpu have no safe std API.

use std::cell::Cell;

thread_local! {
    /// The CPU [`pin_thread`] kept this thread on.
    static PINNED: Cell<Option<usize>> = const { Cell::new(None) };
}

/// Keeps the calling thread on one CPU, the `index`-th (counted round) of those
/// the process may run on, and has the runs it starts begin there. Returns the
/// CPU, or `None` where the kernel refused (the thread then runs anywhere, as
/// before). For a pool's worker threads, each with its own `index`.
pub fn pin_thread(index: usize) -> Option<usize> {
    let allowed = CpuSet::of(0)?;
    let cpus: Vec<usize> = allowed.iter().collect();
    let cpu = *cpus.get(index % cpus.len().max(1))?;
    CpuSet::only(cpu).apply(0).then(|| {
        PINNED.with(|p| p.set(Some(cpu)));
        cpu
    })
}

/// The CPU [`pin_thread`] kept the calling thread on, if it did.
pub(crate) fn pinned() -> Option<usize> {
    PINNED.with(Cell::get)
}

/// A set of CPUs, as the kernel's affinity calls take it.
#[derive(Clone, Copy)]
pub(crate) struct CpuSet(libc::cpu_set_t);

impl CpuSet {
    /// The CPUs process (or thread) `pid` may run on; 0 is the caller.
    pub(crate) fn of(pid: libc::pid_t) -> Option<CpuSet> {
        // SAFETY: a zeroed cpu_set_t is the empty set; the kernel writes into it.
        unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            (libc::sched_getaffinity(pid, std::mem::size_of::<libc::cpu_set_t>(), &mut set) == 0)
                .then_some(CpuSet(set))
        }
    }

    /// `cpu` alone.
    pub(crate) fn only(cpu: usize) -> CpuSet {
        // SAFETY: a zeroed cpu_set_t is the empty set; CPU_SET ignores a cpu past it.
        unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            libc::CPU_SET(cpu, &mut set);
            CpuSet(set)
        }
    }

    /// Whether `cpu` is in the set.
    pub(crate) fn contains(&self, cpu: usize) -> bool {
        cpu < libc::CPU_SETSIZE as usize && {
            // SAFETY: reading a bit of a valid set, the index checked above.
            unsafe { libc::CPU_ISSET(cpu, &self.0) }
        }
    }

    /// The CPUs in the set, in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..libc::CPU_SETSIZE as usize).filter(|&c| self.contains(c))
    }

    /// Lets process (or thread) `pid` run on these CPUs only (0 is the caller);
    /// whether the kernel agreed. Only a system call: the program's side of the
    /// keeper's clone may call it.
    pub(crate) fn apply(&self, pid: libc::pid_t) -> bool {
        // SAFETY: passing a valid set of the size given.
        unsafe {
            libc::sched_setaffinity(pid, std::mem::size_of::<libc::cpu_set_t>(), &self.0) == 0
        }
    }
}
