//! Both sides of an interactive problem, misbehaving on demand, for the judge's
//! own tests of interactive judging.
//!
//! The game: the interactor's input file holds a number N; for i = 1..=N it
//! writes `ping i` and expects `pong i` back; then it accepts (exit 42) and the
//! solution sees the end of its input. Any other line is rejected (exit 43, with
//! the reason in `judgemessage.txt`).
//!
//! `fixture_interactive interactor MODE INPUT ANSWER FEEDBACK_DIR` (the Kattis
//! convention) and `fixture_interactive solution MODE`; the modes are listed in
//! `interactor` and `solution` below.

use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let role = args.get(1).map(String::as_str).unwrap_or("");
    let mode = args.get(2).map(String::as_str).unwrap_or("");
    match role {
        "interactor" => interactor(mode, &args[3..]),
        "solution" => solution(mode),
        _ => {
            eprintln!("usage: fixture_interactive interactor|solution MODE ...");
            std::process::exit(2);
        }
    }
}

fn reject(feedback: &str, why: &str) -> ! {
    let _ = std::fs::write(format!("{feedback}/judgemessage.txt"), why);
    std::process::exit(43);
}

fn interactor(mode: &str, paths: &[String]) {
    let [input, _answer, feedback] = paths else {
        eprintln!("interactor: expected INPUT ANSWER FEEDBACK_DIR");
        std::process::exit(2);
    };
    let n: u64 = std::fs::read_to_string(input)
        .ok()
        .and_then(|t| t.trim().parse().ok())
        .unwrap_or(1);
    let mut stdin = BufReader::new(std::io::stdin().lock());
    let mut out = std::io::stdout().lock();
    match mode {
        // Crashes before saying anything: a judge error.
        "crash" => {
            eprintln!("interactor: something broke");
            std::process::exit(1);
        }
        // Writes a megabyte before reading anything.
        "chatty" => {
            let chunk = vec![b'z'; 1 << 10];
            for _ in 0..1024 {
                let _ = out.write_all(&chunk);
                let _ = out.write_all(b"\n");
            }
            let _ = out.flush();
        }
        // Reads everything the solution writes, then accepts.
        "cat" => {
            let mut buf = vec![0u8; 1 << 16];
            while stdin.read(&mut buf).is_ok_and(|n| n > 0) {}
            std::process::exit(42);
        }
        _ => {}
    }
    let mut line = String::new();
    for i in 1..=n {
        let _ = writeln!(out, "ping {i}");
        let _ = out.flush();
        line.clear();
        match stdin.read_line(&mut line) {
            Ok(0) | Err(_) => reject(feedback, &format!("round {i}: the solution's output ended")),
            Ok(_) => {}
        }
        if line.trim_end() != format!("pong {i}") {
            let got: String = line.trim_end().chars().take(40).collect();
            reject(
                feedback,
                &format!("round {i}: expected \"pong {i}\", got \"{got}\""),
            );
        }
    }
    if mode == "hang" {
        // Never ends, even after the solution's output ended.
        std::thread::sleep(Duration::from_secs(3600));
    }
    let _ = std::fs::write(
        format!("{feedback}/judgemessage.txt"),
        format!("{n} rounds played"),
    );
    std::process::exit(42);
}

fn solution(mode: &str) {
    let mut stdin = BufReader::new(std::io::stdin().lock());
    let mut out = std::io::stdout().lock();
    let mut line = String::new();
    match mode {
        // Plays correctly, flushing after every answer.
        "pong" => {
            while stdin.read_line(&mut line).is_ok_and(|n| n > 0) {
                let reply = line.trim_end().replacen("ping", "pong", 1);
                let _ = writeln!(out, "{reply}");
                let _ = out.flush();
                line.clear();
            }
        }
        // Plays correctly, but thinks (sleeps) 150 ms before every answer.
        "slow-pong" => {
            while stdin.read_line(&mut line).is_ok_and(|n| n > 0) {
                std::thread::sleep(Duration::from_millis(150));
                let reply = line.trim_end().replacen("ping", "pong", 1);
                let _ = writeln!(out, "{reply}");
                let _ = out.flush();
                line.clear();
            }
        }
        // Plays correctly into a buffer that is never flushed.
        "no-flush" => {
            let mut out = BufWriter::new(out);
            while stdin.read_line(&mut line).is_ok_and(|n| n > 0) {
                let reply = line.trim_end().replacen("ping", "pong", 1);
                let _ = writeln!(out, "{reply}");
                line.clear();
            }
        }
        // Answers wrongly, then keeps the CPU busy for ever.
        "wrong-then-spin" => {
            let _ = writeln!(out, "pang");
            let _ = out.flush();
            let mut x: u64 = 1;
            loop {
                x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
            }
        }
        // Exits with status 3 at once, reading nothing.
        "crash" => std::process::exit(3),
        // Writes without end.
        "flood" => {
            let chunk = vec![b'y'; 1 << 16];
            while out.write_all(&chunk).is_ok() {}
        }
        // Never reads: answers the first round blindly and exits.
        "never-read" => {
            let _ = writeln!(out, "pong 1");
            let _ = out.flush();
        }
        // Never reads, never writes, sleeps.
        "sleep" => std::thread::sleep(Duration::from_secs(3600)),
        other => {
            eprintln!("fixture_interactive: unknown solution mode \"{other}\"");
            std::process::exit(2);
        }
    }
}
