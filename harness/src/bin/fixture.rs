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
    match mode.as_str() {
        // The expected output of the fixtures' testdata is the input itself.
        "echo" | "never-read" => {
            let _ = out.write_all(&input);
        }
        "wrong" => {
            let _ = out.write_all(b"definitely not the answer\n");
        }
        "trailing-space" => {
            let text = String::from_utf8_lossy(&input).replace('\n', "  \n");
            let _ = out.write_all(text.as_bytes());
        }
        "double-space" => {
            let text = String::from_utf8_lossy(&input).replace(' ', "  ");
            let _ = out.write_all(text.as_bytes());
        }
        "sleep" => std::thread::sleep(std::time::Duration::from_secs(3600)),
        "spin" => {
            let mut x: u64 = 1;
            loop {
                x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
            }
        }
        "exit3" => {
            let _ = out.write_all(&input);
            eprintln!("giving up with status 3");
            std::process::exit(3);
        }
        "abort" => {
            eprintln!("about to abort");
            std::process::abort();
        }
        "segv" => segfault(),
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
        "fork-sleep" => {
            // A child that would outlive its parent if the judge did not kill the group.
            // 3601: a duration no other test uses, so the test can look for it.
            let _ = std::process::Command::new("sleep").arg("3601").spawn();
            let _ = out.write_all(&input);
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
            let _ = out.write_all(&input);
        }
        other => {
            eprintln!("fixture: unknown mode \"{other}\"");
            std::process::exit(2);
        }
    }
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
