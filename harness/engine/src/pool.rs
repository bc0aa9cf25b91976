//! The worker pool: everything the judge runs side by side runs here (the cases of
//! `cargo judge` and `judge run` through the runner module, `verify`'s submissions
//! and validators, stress's workers, bless's cases, the bundles' compilations).
//!
//! A [`Queue`] decides which task starts next: it may hold one back until another
//! finishes ([`Next::Wait`]) or end the run early ([`Next::Done`]). `threads`
//! workers, each with its own state, run the tasks; the calling thread hears every
//! start and finish ([`Event`]) in the order they happen, in batches (it looks
//! every few milliseconds rather than being woken for each), and can stop the run.
//! The pool knows nothing of what a task is: judging is `judge`'s, order and
//! presentation the caller's.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// What a [`Queue`] says when a worker asks for work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// Start task `i`.
    Run(usize),
    /// Nothing may start until a running task finishes.
    Wait,
    /// Nothing is left to start: the worker ends.
    Done,
}

/// Decides which task starts next. The pool calls it under its lock, one call at a
/// time. It must not answer [`Next::Wait`] when no task is running.
pub trait Queue: Send {
    /// The next task to start.
    fn next(&mut self) -> Next;
    /// Task `i` finished; `failed` is what the work said of it.
    fn finished(&mut self, i: usize, failed: bool);
}

/// Tasks `0..len` in order; after a failed one, none more when `stop_on_failure`.
#[derive(Debug)]
pub struct InOrder {
    next: usize,
    len: usize,
    stop_on_failure: bool,
    failed: bool,
}

impl InOrder {
    /// Every task of `0..len`, in order.
    pub fn all(len: usize) -> InOrder {
        InOrder {
            next: 0,
            len,
            stop_on_failure: false,
            failed: false,
        }
    }

    /// Tasks of `0..len` in order until the first that fails.
    pub fn until_failure(len: usize) -> InOrder {
        InOrder {
            stop_on_failure: true,
            ..InOrder::all(len)
        }
    }
}

impl Queue for InOrder {
    fn next(&mut self) -> Next {
        if self.next >= self.len || (self.stop_on_failure && self.failed) {
            return Next::Done;
        }
        self.next += 1;
        Next::Run(self.next - 1)
    }

    fn finished(&mut self, _: usize, failed: bool) {
        self.failed |= failed;
    }
}

/// What the calling thread hears while the pool runs.
#[derive(Debug)]
pub enum Event<R> {
    /// Task `i` started on a worker.
    Started(usize),
    /// Task `i` finished with this output.
    Finished(usize, R),
    /// Nothing happened for a tick (only with [`Pool::tick`]).
    Tick,
}

/// How often the calling thread looks for events while the workers run (and
/// once more when the last one ends). Woken for every event instead, it cost
/// about a tenth of the judge's CPU on small cases (a wake-up of the calling
/// thread and a context switch for each start and each finish).
const LOOK_EVERY: Duration = Duration::from_millis(10);

/// Where the workers leave their events for the calling thread.
struct Mailbox<R> {
    events: Mutex<Vec<Event<R>>>,
    /// The calling thread, woken when the last worker ends.
    caller: std::thread::Thread,
    /// Workers not yet ended.
    working: AtomicUsize,
}

impl<R> Mailbox<R> {
    fn post(&self, event: Event<R>) {
        lock(&self.events).push(event);
    }
}

/// A worker's end, told to the mailbox when dropped (a panic too).
struct Done<'a, R>(&'a Mailbox<R>);

impl<R> Drop for Done<'_, R> {
    fn drop(&mut self) {
        if self.0.working.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.caller.unpark();
        }
    }
}

/// A pool of `threads` workers.
#[derive(Debug, Clone, Copy)]
pub struct Pool {
    threads: usize,
    tick: Option<Duration>,
    starts: bool,
    pinned: bool,
}

impl Pool {
    /// `threads` workers (at least one).
    pub fn new(threads: usize) -> Pool {
        Pool {
            threads: threads.max(1),
            tick: None,
            starts: true,
            pinned: false,
        }
    }

    /// Keeps each worker on a CPU of its own (round the CPUs the judge may use),
    /// where the runs it starts in the sandbox begin: a case's hand-offs then wake
    /// no idle CPU (see `judge_sandbox::affinity`). For workers that run programs
    /// in the sandbox, not for ones that build: a compiler started from a worker
    /// would stay on its CPU.
    pub fn pinned(self) -> Pool {
        Pool {
            pinned: true,
            ..self
        }
    }

    /// Whether the calling thread hears [`Event::Started`] (by default it does).
    /// Without them a task costs one hand-off between threads less: measured on
    /// 200 small cases, about a tenth of the judge's CPU.
    pub fn announce_starts(self, starts: bool) -> Pool {
        Pool { starts, ..self }
    }

    /// Also tell the calling thread [`Event::Tick`] when `every` passes without an
    /// event (for a progress line).
    pub fn tick(self, every: Duration) -> Pool {
        Pool {
            tick: Some(every),
            ..self
        }
    }

    /// Runs the tasks `queue` hands out: each worker makes its state with
    /// `worker(its index)` and runs `work(&mut state, i)`, which gives the output
    /// and whether the task failed (for the queue). `on` hears every event on the
    /// calling thread; once it returns `false` no new task starts (the running ones
    /// finish and are still heard). Returns the queue, for what it learned.
    pub fn run<Q: Queue, W, R: Send>(
        self,
        queue: Q,
        worker: impl Fn(usize) -> W + Sync,
        work: impl Fn(&mut W, usize) -> (R, bool) + Sync,
        mut on: impl FnMut(Event<R>) -> bool,
    ) -> Q {
        let shared = Mutex::new(queue);
        let wake = Waiting::default();
        let stop = AtomicBool::new(false);
        let mailbox = Mailbox {
            events: Mutex::new(Vec::new()),
            caller: std::thread::current(),
            working: AtomicUsize::new(self.threads),
        };
        std::thread::scope(|scope| {
            for w in 0..self.threads {
                let (shared, wake, stop, worker, work) = (&shared, &wake, &stop, &worker, &work);
                let mailbox = &mailbox;
                scope.spawn(move || {
                    // Said on the way out, a panic too: the caller stops waiting.
                    let _done = Done(mailbox);
                    if self.pinned {
                        judge_sandbox::affinity::pin_thread(w);
                    }
                    let mut state = worker(w);
                    while let Some(i) = take(shared, wake, stop) {
                        if self.starts {
                            mailbox.post(Event::Started(i));
                        }
                        let (output, failed) = work(&mut state, i);
                        lock(shared).finished(i, failed);
                        wake.notify_if_waiting();
                        mailbox.post(Event::Finished(i, output));
                    }
                    // A worker that ends may leave the others waiting for it.
                    wake.notify_all();
                });
            }
            let mut quiet_since = Instant::now();
            loop {
                // Read before the events: whatever a worker posted before it
                // ended is then among them.
                let ended = mailbox.working.load(Ordering::SeqCst) == 0;
                let mut heard = std::mem::take(&mut *lock(&mailbox.events));
                if !heard.is_empty() {
                    quiet_since = Instant::now();
                } else if let Some(every) = self.tick
                    && quiet_since.elapsed() >= every
                {
                    quiet_since = Instant::now();
                    heard.push(Event::Tick);
                }
                for event in heard {
                    if !on(event) {
                        stop.store(true, Ordering::SeqCst);
                        wake.notify_all();
                    }
                }
                if ended {
                    break;
                }
                std::thread::park_timeout(self.tick.map_or(LOOK_EVERY, |t| t.min(LOOK_EVERY)));
            }
        });
        shared.into_inner().unwrap_or_else(|e| e.into_inner())
    }

    /// `f` over `items`, side by side; the outputs in item order.
    pub fn map<T: Sync, R: Send>(self, items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
        let mut outputs: Vec<Option<R>> = items.iter().map(|_| None).collect();
        let pool = Pool {
            threads: self.threads.min(items.len().max(1)),
            ..self
        };
        pool.run(
            InOrder::all(items.len()),
            |_| (),
            |(), i| (f(&items[i]), false),
            |event| {
                if let Event::Finished(i, output) = event {
                    outputs[i] = Some(output);
                }
                true
            },
        );
        outputs
            .into_iter()
            .map(|o| o.expect("the pool maps every item"))
            .collect()
    }
}

/// The next task for a worker, waiting while the queue holds every task back;
/// `None` when the queue is done or the run was stopped.
fn take(shared: &Mutex<impl Queue>, wake: &Waiting, stop: &AtomicBool) -> Option<usize> {
    let mut queue = lock(shared);
    loop {
        if stop.load(Ordering::SeqCst) {
            return None;
        }
        match queue.next() {
            Next::Run(i) => return Some(i),
            Next::Done => return None,
            Next::Wait => queue = wake.wait(queue),
        }
    }
}

/// The workers a [`Queue`] holds back, waiting for a task to finish. A finished
/// task wakes them only when there are any (most queues never hold one back: a
/// `notify_all` is a system call per task for nobody).
#[derive(Default)]
struct Waiting {
    condvar: Condvar,
    /// Changed only under the queue's lock, so a worker about to wait is counted
    /// before the lock lets a finishing one look.
    count: AtomicUsize,
}

impl Waiting {
    fn wait<'a, Q>(&self, queue: MutexGuard<'a, Q>) -> MutexGuard<'a, Q> {
        self.count.fetch_add(1, Ordering::SeqCst);
        let queue = self.condvar.wait(queue).unwrap_or_else(|e| e.into_inner());
        self.count.fetch_sub(1, Ordering::SeqCst);
        queue
    }

    /// After the queue heard of a finished task (its lock released since).
    fn notify_if_waiting(&self) {
        if self.count.load(Ordering::SeqCst) > 0 {
            self.condvar.notify_all();
        }
    }

    fn notify_all(&self) {
        self.condvar.notify_all();
    }
}

/// The queue, whatever a panicking worker left in it (the panic surfaces at the
/// end of the scope).
fn lock<T>(shared: &Mutex<T>) -> MutexGuard<'_, T> {
    shared.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[test]
    fn map_keeps_item_order_whatever_order_the_items_finish_in() {
        let items: Vec<u64> = (0..20).collect();
        let out = Pool::new(4).map(&items, |&x| {
            std::thread::sleep(Duration::from_millis(20 - x));
            x * x
        });
        assert_eq!(out, items.iter().map(|x| x * x).collect::<Vec<_>>());
    }

    #[test]
    fn in_order_until_failure_starts_nothing_after_a_failed_task() {
        let started = AtomicUsize::new(0);
        let mut finished = Vec::new();
        Pool::new(1).run(
            InOrder::until_failure(10),
            |_| (),
            |(), i| {
                started.fetch_add(1, Ordering::SeqCst);
                (i, i == 3)
            },
            |event| {
                if let Event::Finished(i, _) = event {
                    finished.push(i);
                }
                true
            },
        );
        assert_eq!(finished, [0, 1, 2, 3]);
        assert_eq!(started.load(Ordering::SeqCst), 4);
    }

    #[test]
    fn the_caller_saying_stop_starts_nothing_new() {
        // Task i waits (up to 0.3 s) until the caller has heard task i - 1, so the
        // one worker cannot run ahead of the caller.
        let acknowledged = AtomicUsize::new(0);
        let started = AtomicUsize::new(0);
        let mut heard = 0;
        Pool::new(1).run(
            InOrder::all(10),
            |_| (),
            |(), i| {
                started.fetch_add(1, Ordering::SeqCst);
                let since = std::time::Instant::now();
                while acknowledged.load(Ordering::SeqCst) < i
                    && since.elapsed() < Duration::from_millis(300)
                {
                    std::thread::sleep(Duration::from_millis(1));
                }
                (i, false)
            },
            |event| {
                if let Event::Finished(..) = event {
                    heard += 1;
                    if heard == 2 {
                        return false;
                    }
                    acknowledged.store(heard, Ordering::SeqCst);
                }
                true
            },
        );
        // The worker may have taken task 2 before the stop; nothing after it.
        let started = started.load(Ordering::SeqCst);
        assert!((2..=3).contains(&started), "{started} tasks started");
        assert_eq!(heard, started, "every task started is heard");
    }

    /// Holds task 1 back until task 0 finished.
    struct OneAfterZero {
        next: usize,
        zero_done: bool,
    }

    impl Queue for OneAfterZero {
        fn next(&mut self) -> Next {
            match self.next {
                0 => {
                    self.next = 1;
                    Next::Run(0)
                }
                1 if !self.zero_done => Next::Wait,
                1 => {
                    self.next = 2;
                    Next::Run(1)
                }
                _ => Next::Done,
            }
        }

        fn finished(&mut self, i: usize, _: bool) {
            self.zero_done |= i == 0;
        }
    }

    #[test]
    fn a_task_held_back_waits_for_the_one_it_needs_even_with_free_workers() {
        let zero_finished = AtomicBool::new(false);
        let mut saw_zero_finished = None;
        Pool::new(4).run(
            OneAfterZero {
                next: 0,
                zero_done: false,
            },
            |w| w,
            |_, i| {
                if i == 0 {
                    std::thread::sleep(Duration::from_millis(50));
                    zero_finished.store(true, Ordering::SeqCst);
                }
                (zero_finished.load(Ordering::SeqCst), false)
            },
            |event| {
                if let Event::Finished(1, saw) = event {
                    saw_zero_finished = Some(saw);
                }
                true
            },
        );
        assert_eq!(saw_zero_finished, Some(true));
    }

    /// Holds every task after the first back until the first finished.
    struct AllAfterZero {
        next: usize,
        len: usize,
        zero_done: bool,
    }

    impl Queue for AllAfterZero {
        fn next(&mut self) -> Next {
            if self.next >= self.len {
                return Next::Done;
            }
            if self.next > 0 && !self.zero_done {
                return Next::Wait;
            }
            self.next += 1;
            Next::Run(self.next - 1)
        }

        fn finished(&mut self, i: usize, _: bool) {
            self.zero_done |= i == 0;
        }
    }

    #[test]
    fn a_worker_held_back_is_woken_when_the_task_it_waits_for_finishes() {
        // Worker 1 waits while task 0 runs; once it is done, tasks 1 and 2 run side
        // by side (worker 1 was woken), not one after the other on worker 0 while
        // worker 1 sleeps until worker 0 ends.
        let (running, most) = (AtomicUsize::new(0), AtomicUsize::new(0));
        Pool::new(2).run(
            AllAfterZero {
                next: 0,
                len: 3,
                zero_done: false,
            },
            |_| (),
            |(), i| {
                if i == 0 {
                    std::thread::sleep(Duration::from_millis(50));
                } else {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(300));
                    running.fetch_sub(1, Ordering::SeqCst);
                }
                ((), false)
            },
            |_| true,
        );
        assert_eq!(most.load(Ordering::SeqCst), 2);
    }

    #[test]
    fn starts_are_announced_unless_the_caller_does_without_them() {
        for announce in [true, false] {
            let mut started = 0;
            Pool::new(2).announce_starts(announce).run(
                InOrder::all(10),
                |_| (),
                |(), i| (i, false),
                |event| {
                    started += usize::from(matches!(event, Event::Started(_)));
                    true
                },
            );
            assert_eq!(started, if announce { 10 } else { 0 });
        }
    }

    #[test]
    fn a_worker_that_panics_does_not_leave_the_caller_waiting() {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let ran = std::panic::catch_unwind(|| {
                Pool::new(2).run(
                    InOrder::all(10),
                    |_| (),
                    |(), i| {
                        assert_ne!(i, 3, "task 3 panics");
                        (i, false)
                    },
                    |_| true,
                );
            });
            let _ = tx.send(ran.is_err());
        });
        let panicked = rx.recv_timeout(Duration::from_secs(10));
        assert_eq!(
            panicked,
            Ok(true),
            "the run came back with the worker's panic"
        );
    }

    #[test]
    fn each_worker_makes_its_own_state_once() {
        let made = AtomicUsize::new(0);
        let out = Pool::new(3).run(
            InOrder::all(30),
            |_| {
                made.fetch_add(1, Ordering::SeqCst);
                0usize
            },
            |count, _| {
                *count += 1;
                (*count, false)
            },
            |_| true,
        );
        assert_eq!(out.next, 30);
        assert_eq!(made.load(Ordering::SeqCst), 3);
    }
}
