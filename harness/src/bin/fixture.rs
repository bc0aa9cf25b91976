//! A solution that misbehaves on demand, for the judge's own tests.
//!
//! `fixture MODE`: reads stdin and, depending on MODE, answers by copying its input
//! (`echo`), answers wrongly, sleeps, spins, crashes, allocates, floods stdout, or
//! leaves a child process running.

use std::io::{Read, Write};

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_default();
    let mut input = Vec::new();
    if mode != "never-read" {
        let _ = std::io::stdin().read_to_end(&mut input);
    }
    let mut out = std::io::stdout().lock();
    let mode = mode.as_str();
    let known = answers(mode, &input, &mut out)
        || exceeds_a_limit(mode, &input, &mut out)
        || fails(mode, &input, &mut out)
        || leaves_processes(mode, &input, &mut out)
        || probes(mode, &input, &mut out)
        || isolation_probe(mode, &input, &mut out);
    if !known {
        eprintln!("fixture: unknown mode \"{mode}\"");
        std::process::exit(2);
    }
}

/// Modes that answer, rightly or not; false for any other mode.
fn answers(mode: &str, input: &[u8], out: &mut impl Write) -> bool {
    match mode {
        // The expected output of the fixtures' testdata is the input itself.
        "echo" | "never-read" => {
            let _ = out.write_all(input);
        }
        "wrong" => {
            let _ = out.write_all(b"definitely not the answer\n");
        }
        "trailing-space" => {
            let text = String::from_utf8_lossy(input).replace('\n', "  \n");
            let _ = out.write_all(text.as_bytes());
        }
        "double-space" => {
            let text = String::from_utf8_lossy(input).replace(' ', "  ");
            let _ = out.write_all(text.as_bytes());
        }
        _ => return false,
    }
    true
}

/// Modes that run past a limit: time, memory, output or file size.
fn exceeds_a_limit(mode: &str, input: &[u8], out: &mut impl Write) -> bool {
    match mode {
        "sleep" => std::thread::sleep(std::time::Duration::from_secs(3600)),
        "chatty-spin" => {
            // Debug output left in: 2 MiB to stderr, then a busy loop.
            let line = [b'.'; 1023];
            let mut err = std::io::stderr().lock();
            for _ in 0..2048 {
                let _ = err.write_all(&line);
                let _ = err.write_all(b"\n");
            }
            spin()
        }
        "spin" => spin(),
        "threads" => {
            // `threads N MS`: N threads that each spin for MS ms of their own CPU
            // time; then the answer. A legitimate parallel program: its time is
            // all its threads' together.
            let n: usize = nth_arg(2).parse().unwrap_or(2);
            let ms: u64 = nth_arg(3).parse().unwrap_or(300);
            let threads: Vec<_> = (0..n)
                .map(|_| std::thread::spawn(move || spin_for(ms, libc::CLOCK_THREAD_CPUTIME_ID)))
                .collect();
            for t in threads {
                let _ = t.join();
            }
            let _ = out.write_all(input);
        }
        "memory" => {
            // Touch every page so the memory is really resident, not just reserved.
            let mut blocks = Vec::new();
            for _ in 0..4096 {
                blocks.push(vec![1u8; 1 << 20]);
            }
            let _ = out.write_all(&[blocks.len() as u8]);
        }
        "memory-segv" => {
            // Like C code that ignores malloc's NULL: allocate until refused, then die
            // of SIGSEGV with nothing on stderr.
            let mut blocks: Vec<Vec<u8>> = Vec::new();
            loop {
                let mut block = Vec::new();
                if block.try_reserve_exact(1 << 20).is_err() {
                    break;
                }
                block.resize(1 << 20, 1u8);
                blocks.push(block);
            }
            std::hint::black_box(&blocks);
            segfault();
        }
        "flood" => {
            let chunk = vec![b'y'; 1 << 16];
            while out.write_all(&chunk).is_ok() {}
        }
        "write-file" => {
            // Writes up to 64 MiB into a file in the working directory, then answers.
            let chunk = vec![b'x'; 1 << 20];
            if let Ok(mut f) = std::fs::File::create("big.txt") {
                for _ in 0..64 {
                    if f.write_all(&chunk).is_err() {
                        break;
                    }
                }
            }
            let _ = out.write_all(input);
        }
        _ => return false,
    }
    true
}

/// Modes that end badly: an exit status, an abort, a crash, misleading words.
fn fails(mode: &str, input: &[u8], out: &mut impl Write) -> bool {
    match mode {
        "exit3" => {
            let _ = out.write_all(input);
            eprintln!("giving up with status 3");
            std::process::exit(3);
        }
        "abort" => {
            eprintln!("about to abort");
            std::process::abort();
        }
        "segv" => segfault(),
        "mimic-mle" => {
            // The judge's own words and a runtime's, printed by a program that simply
            // exits 1: a runtime error, never MLE.
            eprintln!("over the memory limit");
            eprintln!("memory allocation of 1024 bytes failed");
            eprintln!("MemoryError");
            std::process::exit(3);
        }
        _ => return false,
    }
    true
}

/// Modes that start processes the judge must find, kill and reap.
fn leaves_processes(mode: &str, input: &[u8], out: &mut impl Write) -> bool {
    match mode {
        "fork-sleep" => {
            // A child that would outlive its parent if the judge did not kill the group.
            // 3601: a duration no other test uses, so the test can look for it.
            let _ = std::process::Command::new("sleep").arg("3601").spawn();
            let _ = out.write_all(input);
        }
        "fork-then-sleep" => {
            // A child and a parent that both run long: only the judge's Ctrl-C handler
            // can end them early.
            let _ = std::process::Command::new("sleep").arg("3605").spawn();
            std::thread::sleep(std::time::Duration::from_secs(3600));
        }
        "escape" => {
            // A child that leaves the process group (setsid) and keeps stdout open.
            escape();
            let _ = out.write_all(input);
        }
        "escape-env" => {
            // `setsid env -i sleep 3611 &`: leaves the group and drops the
            // environment, holding stdout open; then answers like `cat`.
            spawn_sleep("3611", true, true);
            let _ = out.write_all(input);
        }
        "zombies-then-bg" => {
            // How many zombies hang under this process's ancestors (the judge and
            // its helpers) right now; then leave `sleep 3610` running in the group.
            let _ = writeln!(out, "{}", zombies_under_ancestors());
            spawn_sleep("3610", false, false);
        }
        "in-child" => {
            // The work done in a child the parent never waits for: the child
            // (`fixture CHILD-MODE`, the next argument) answers through a pipe; the
            // parent, which used next to no CPU or memory, copies the answer and
            // exits without waiting.
            let child_mode = std::env::args().nth(2).unwrap_or_default();
            let child = std::env::current_exe().ok().and_then(|exe| {
                std::process::Command::new(exe)
                    .arg(child_mode)
                    .stdin(std::process::Stdio::piped())
                    .stdout(std::process::Stdio::piped())
                    .spawn()
                    .ok()
            });
            if let Some(mut child) = child {
                if let Some(mut stdin) = child.stdin.take() {
                    let _ = stdin.write_all(input);
                }
                let mut answer = Vec::new();
                if let Some(mut stdout) = child.stdout.take() {
                    let _ = stdout.read_to_end(&mut answer);
                }
                let _ = out.write_all(&answer);
                let _ = out.flush();
                // Not waited for: its usage is not in this process's.
                std::process::exit(0);
            }
        }
        "spin-then-echo" => {
            // 0.6 s of CPU, then the answer.
            spin_for(600, libc::CLOCK_PROCESS_CPUTIME_ID);
            let _ = out.write_all(input);
        }
        "hold-then-echo" => {
            // 96 MiB resident, then the answer.
            let held: Vec<Vec<u8>> = (0..96).map(|_| vec![1u8; 1 << 20]).collect();
            std::hint::black_box(&held);
            let _ = out.write_all(input);
        }
        "spinners" => {
            // `spinners N`: N children that spin for good while this process
            // waits for them, using no CPU itself.
            let n: usize = nth_arg(2).parse().unwrap_or(4);
            let children: Vec<_> = (0..n)
                .filter_map(|_| {
                    std::process::Command::new(std::env::current_exe().ok()?)
                        .arg("spin")
                        .stdin(std::process::Stdio::null())
                        .spawn()
                        .ok()
                })
                .collect();
            for mut child in children {
                let _ = child.wait();
            }
        }
        "fork-many" => {
            // 300 children: half stay in the group, half leave it with setsid and a
            // cleared environment. Bounded: never a real fork bomb.
            for i in 0..300 {
                spawn_sleep("3612", i % 2 == 1, i % 2 == 1);
            }
            let _ = out.write_all(input);
        }
        _ => return false,
    }
    true
}

/// Modes that look at their surroundings or read orders from the input.
fn probes(mode: &str, input: &[u8], out: &mut impl Write) -> bool {
    match mode {
        "by-input" => by_input(input, out),
        "fill-tmp" => {
            // Files of 8 MiB in /tmp until a write fails or 1536 MiB are there;
            // says whether a write failed first.
            let chunk = vec![b'x'; 8 << 20];
            let mut mib = 0;
            while mib < 1536 && std::fs::write(format!("/tmp/fill-{mib}"), &chunk).is_ok() {
                mib += 8;
            }
            let _ = if mib < 1536 {
                writeln!(out, "bounded")
            } else {
                writeln!(out, "unbounded: {mib} MiB")
            };
        }
        "cwd-probe" => {
            // The working directory must be empty and writable, and private to this run.
            let entries: Vec<_> = std::fs::read_dir(".")
                .map(|d| d.flatten().map(|e| e.file_name()).collect())
                .unwrap_or_default();
            if entries.is_empty() && std::fs::write("output.txt", input).is_ok() {
                let _ = out.write_all(input);
            } else {
                let _ = writeln!(out, "working directory not fresh: {entries:?}");
            }
        }
        _ => return false,
    }
    true
}

/// Dies of SIGSEGV. Raising it (with the default action restored, since Rust's own
/// handler would swallow a raised signal) gives the verdict without undefined behaviour.
#[allow(unsafe_code)]
fn segfault() {
    // SAFETY: plain libc calls with valid arguments; the process ends here.
    unsafe {
        libc::signal(libc::SIGSEGV, libc::SIG_DFL);
        libc::raise(libc::SIGSEGV);
    }
}

/// The first line of the input decides: `alloc KIB` touches that many KiB and echoes
/// the input; `print MIB` prints that many MiB and exits 0; `spin MS` spins for
/// MS ms of CPU and echoes; `bomb` forks a binary tree of up to 2^11 processes
/// (bounded: never an endless bomb, even where no process limit stops it) that
/// all spin for good; `bomb-sessions` the same, each child in a session (so a
/// scheduling group) of its own.
fn by_input(input: &[u8], out: &mut impl Write) {
    let text = String::from_utf8_lossy(input);
    let mut words = text.split_whitespace();
    let (what, n) = (
        words.next(),
        words.next().and_then(|n| n.parse::<usize>().ok()),
    );
    match (what, n) {
        (Some("alloc"), Some(kib)) => {
            let block = vec![1u8; kib << 10];
            std::hint::black_box(&block);
            let _ = out.write_all(input);
        }
        (Some("spin"), Some(ms)) => {
            spin_for(ms as u64, libc::CLOCK_PROCESS_CPUTIME_ID);
            let _ = out.write_all(input);
        }
        (Some(bomb @ ("bomb" | "bomb-sessions")), None) => {
            for _ in 0..11 {
                fork(bomb == "bomb-sessions");
            }
            spin()
        }
        (Some("print"), Some(mib)) => {
            let chunk = vec![b'y'; 1 << 20];
            for _ in 0..mib {
                let _ = out.write_all(&chunk);
            }
        }
        _ => {
            eprintln!(
                "fixture by-input: expected `alloc KIB`, `print MIB`, `spin MS`, `bomb` or `bomb-sessions`"
            );
            std::process::exit(2);
        }
    }
}

/// Zombie processes whose parent is one of this process's ancestors that run the
/// judge binary (the judge, its sandbox server and keeper).
fn zombies_under_ancestors() -> usize {
    let stat = |pid: &str| std::fs::read_to_string(format!("/proc/{pid}/stat")).ok();
    // (state, parent) from /proc/PID/stat, after the parenthesised name.
    let fields = |s: &str| {
        let rest = s.rsplit_once(')')?.1;
        let mut f = rest.split_whitespace();
        Some((f.next()?.to_string(), f.next()?.parse::<u32>().ok()?))
    };
    let mut ancestors = Vec::new();
    let mut pid = std::process::id();
    while pid > 1 {
        let Some((_, parent)) = stat(&pid.to_string()).as_deref().and_then(fields) else {
            break;
        };
        let comm = std::fs::read_to_string(format!("/proc/{parent}/comm")).unwrap_or_default();
        if comm.trim() == "judge" {
            ancestors.push(parent);
        }
        pid = parent;
    }
    std::fs::read_dir("/proc")
        .map(|d| {
            d.flatten()
                .filter_map(|e| stat(&e.file_name().to_string_lossy()))
                .filter_map(|s| fields(&s))
                .filter(|(state, parent)| state == "Z" && ancestors.contains(parent))
                .count()
        })
        .unwrap_or(0)
}

/// Starts `sleep SECS` in the background; `setsid`: in a new session (out of the
/// group); `clear_env`: with an empty environment.
#[allow(unsafe_code)]
fn spawn_sleep(secs: &str, setsid: bool, clear_env: bool) {
    use std::os::unix::process::CommandExt;
    let mut sleep = std::process::Command::new("/bin/sleep");
    sleep.arg(secs);
    if clear_env {
        sleep.env_clear();
    }
    if setsid {
        // SAFETY: setsid is async-signal-safe and touches no memory of ours.
        unsafe {
            sleep.pre_exec(|| {
                libc::setsid();
                Ok(())
            });
        }
    }
    let _ = sleep.spawn();
}

/// Starts `sleep 3602` in a new session, so killing the fixture's group misses it.
#[allow(unsafe_code)]
fn escape() {
    use std::os::unix::process::CommandExt;
    let mut sleep = std::process::Command::new("sleep");
    sleep.arg("3602");
    // SAFETY: setsid is async-signal-safe and touches no memory of ours.
    unsafe {
        sleep.pre_exec(|| {
            libc::setsid();
            Ok(())
        });
    }
    let _ = sleep.spawn();
}

/// Isolation probes (`probe-KIND ARG`): each tries one forbidden thing; kept from
/// it, it echoes its input (AC), else it says what it got away with (WA). False
/// for any other mode.
fn isolation_probe(mode: &str, input: &[u8], out: &mut impl Write) -> bool {
    if !mode.starts_with("probe-") {
        return false;
    }
    let arg = std::env::args().nth(2).unwrap_or_default();
    match escaped(mode, &arg) {
        None => {
            let _ = out.write_all(input);
        }
        Some(what) => {
            let _ = writeln!(out, "escaped: {what}");
        }
    }
    true
}

/// What an isolation probe got away with, if anything.
#[allow(unsafe_code)] // geteuid and kill(pid, 0): no safe std API.
fn escaped(probe: &str, arg: &str) -> Option<String> {
    match probe {
        // SAFETY: geteuid has no preconditions.
        "probe-uid" => Some(unsafe { libc::geteuid() })
            .filter(|&uid| uid == 0)
            .map(|_| "runs as uid 0".to_string()),
        "probe-connect" => std::net::TcpStream::connect(arg)
            .ok()
            .map(|_| format!("connected to {arg}")),
        "probe-read" => std::fs::read(arg).ok().map(|_| format!("read {arg}")),
        "probe-write" => std::fs::write(arg, "planted\n")
            .ok()
            .map(|()| format!("wrote {arg}")),
        "probe-signal" => {
            let pid: i32 = arg.parse().unwrap_or(0);
            // SAFETY: signal 0 only checks that the signal could be sent.
            (pid > 0 && unsafe { libc::kill(pid, 0) } == 0).then(|| format!("may signal {pid}"))
        }
        "probe-environ" => std::fs::read(format!("/proc/{arg}/environ"))
            .ok()
            .map(|_| format!("read /proc/{arg}/environ")),
        // The control: scratch files in the work folder and /tmp must work.
        "probe-scratch" => {
            let ok = std::fs::write("scratch.txt", "x").is_ok()
                && std::fs::read("scratch.txt").is_ok()
                && std::fs::create_dir("sub").is_ok()
                && std::fs::write("sub/more.txt", "y").is_ok()
                && std::fs::write(format!("/tmp/scratch-{}", std::process::id()), "z").is_ok();
            (!ok).then(|| "could not write its scratch files".to_string())
        }
        "probe-fresh" => fresh_work_folders(),
        "probe-forks" => {
            let want: u32 = arg.parse().unwrap_or(3000);
            let made = fork_sleepers(want);
            (made == want).then(|| format!("forked {made} processes"))
        }
        _ => Some(format!("unknown probe {probe}")),
    }
}

/// `probe-forks N`: forks up to N children that sleep until killed; how many
/// forks succeeded before the first failed.
#[allow(unsafe_code)] // fork and pause: no safe std API.
fn fork_sleepers(want: u32) -> u32 {
    for made in 0..want {
        // SAFETY: the child only pauses and exits, touching nothing of ours.
        match unsafe { libc::fork() } {
            0 => unsafe {
                libc::pause();
                libc::_exit(0)
            },
            pid if pid < 0 => return made,
            _ => {}
        }
    }
    want
}

/// `probe-fresh`: finds no file of an earlier run of its own in its work folder
/// or /tmp and the folder writable (else says what it found), then leaves files
/// in both and makes its work folder read-only, for the next run on the same
/// keeper to find. (Only its own names count: a program that lives under /tmp
/// sees the folders leading to it there.)
fn fresh_work_folders() -> Option<String> {
    use std::os::unix::fs::PermissionsExt as _;
    for dir in [".", "/tmp"] {
        let left: Vec<String> = std::fs::read_dir(dir)
            .map(|d| {
                d.flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|name| name.starts_with("left"))
                    .collect()
            })
            .unwrap_or_default();
        if !left.is_empty() {
            return Some(format!("found {left:?} in {dir}, left by an earlier run"));
        }
    }
    let id = std::process::id();
    let wrote = std::fs::write("left.txt", "x").is_ok()
        && std::fs::create_dir("left").is_ok()
        && std::fs::write("left/more.txt", "y").is_ok()
        && std::fs::write(format!("/tmp/left-{id}"), "z").is_ok();
    if !wrote {
        return Some("could not write its work folder or /tmp".to_string());
    }
    let _ = std::fs::set_permissions(".", std::fs::Permissions::from_mode(0o500));
    None
}

/// The CPU time on `clock` (this process's or this thread's).
#[allow(unsafe_code)] // clock_gettime: no safe std API for a CPU clock.
fn cpu_clock(clock: libc::clockid_t) -> std::time::Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime into a valid timespec.
    unsafe { libc::clock_gettime(clock, &mut t) };
    std::time::Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// Spins until `clock` says `ms` ms of CPU were used.
fn spin_for(ms: u64, clock: libc::clockid_t) {
    while cpu_clock(clock) < std::time::Duration::from_millis(ms) {
        std::hint::black_box(0u64);
    }
}

/// The program's `n`th argument, or "".
fn nth_arg(n: usize) -> String {
    std::env::args().nth(n).unwrap_or_default()
}

/// fork(2); the child goes on with a copy of this single-threaded process, in a
/// session of its own when `setsid`.
#[allow(unsafe_code)] // fork and setsid: no safe std API.
fn fork(setsid: bool) {
    // SAFETY: the fixture is single-threaded where it forks (`bomb`), and the
    // children only make a session, fork again and spin.
    unsafe {
        if libc::fork() == 0 && setsid {
            libc::setsid();
        }
    }
}

/// A busy loop that never ends.
fn spin() -> ! {
    let mut x: u64 = 1;
    loop {
        x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
    }
}
