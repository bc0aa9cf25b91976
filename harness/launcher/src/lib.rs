//! What `cargo judge` runs: builds the judge, showing cargo's progress only when
//! there is something to build, then becomes the judge (`exec`).
//!
//! The alias cannot do this alone: `cargo run --quiet` hides the judge's own build
//! (a fresh clone's first `cargo judge` sat silent for a minute and a half), and
//! `cargo run` without `--quiet` prints `Finished ...` and `Running ...` on every
//! warm run. So the alias runs this launcher quietly (std only: it builds in about
//! a second), and the launcher runs `cargo build` for the judge with cargo's
//! stderr passed through [`Filter`], which drops the one `Finished` line a build
//! with nothing to do prints, and passes everything else through as cargo wrote
//! it (on a terminal: cargo's own progress bar and colors). The judge's path comes
//! from cargo's JSON messages, so `CARGO_TARGET_DIR` and `build.target-dir` work.

use std::ffi::OsString;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Exit status when the judge cannot be started at all (the judge's own
/// "the harness could not run").
pub const EXIT_CANNOT_RUN: i32 = 2;

/// The harness package's folder (the launcher lives in `harness/launcher/`).
fn harness_dir() -> PathBuf {
    launcher_dir(std::env::var_os("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the launcher lives inside harness/")
        .to_path_buf()
}

/// The launcher's package folder: the one `cargo run` names at run time, else the
/// one it was compiled in. A clone that was moved (or a `target/` copied from
/// another clone) keeps a fresh launcher binary whose compiled-in path is the old
/// clone's, since cargo does not rebuild it; the run-time value is where the
/// `cargo judge` being run actually lives.
fn launcher_dir(at_run_time: Option<OsString>) -> PathBuf {
    at_run_time.map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from)
}

/// The cargo that ran us (`cargo run` sets `CARGO`), else the one on PATH.
fn cargo() -> OsString {
    std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into())
}

/// Builds the judge and execs it with `args`; returns only on failure, with the
/// exit status to end with.
pub fn launch(args: Vec<OsString>) -> i32 {
    let harness = harness_dir();
    let manifest = harness.join("Cargo.toml");
    let mut build = Command::new(cargo());
    build
        .args(["build", "--profile", "judge", "--bin", "judge"])
        .arg("--manifest-path")
        .arg(&manifest)
        .arg("--message-format=json-render-diagnostics")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    as_on_terminal(&mut build);
    let mut child = match build.spawn() {
        Ok(child) => child,
        Err(e) => {
            eprintln!(
                "error: cannot start {} to build the judge: {e}",
                cargo().to_string_lossy()
            );
            return EXIT_CANNOT_RUN;
        }
    };
    let forward = forward(child.stderr.take().expect("stderr was piped"));
    let stdout = child.stdout.take().expect("stdout was piped");
    let mut judge = None;
    for line in BufReader::new(stdout).lines() {
        let Ok(line) = line else { break };
        if let Some(exe) = executable(&line) {
            judge = Some(exe);
        }
    }
    let status = child.wait();
    let _ = forward.join();
    match status {
        Ok(s) if s.success() => {}
        // Cargo has said why (a compile error, a missing toolchain...).
        Ok(s) => return s.code().unwrap_or(EXIT_CANNOT_RUN),
        Err(e) => {
            eprintln!("error: cargo build of the judge did not finish: {e}");
            return EXIT_CANNOT_RUN;
        }
    }
    let Some(judge) = judge else {
        eprintln!(
            "error: cargo built the judge but did not say where (no executable in its messages)"
        );
        return EXIT_CANNOT_RUN;
    };
    // What `cargo run` sets for the program it runs.
    let error = Command::new(&judge)
        .args(args)
        .env("CARGO_MANIFEST_DIR", &harness)
        .env("CARGO_MANIFEST_PATH", &manifest)
        .env("CARGO_PKG_NAME", "harness")
        .env("CARGO_CRATE_NAME", "judge")
        .env("CARGO_BIN_NAME", "judge")
        .exec();
    eprintln!("error: cannot run the judge {}: {error}", judge.display());
    EXIT_CANNOT_RUN
}

/// Asks a cargo whose stderr is piped (to [`forward`]) for what it would show on
/// our terminal, when stderr is one: colors and the progress bar.
pub fn as_on_terminal(cargo: &mut Command) {
    if !io::stderr().is_terminal() {
        return;
    }
    if std::env::var_os("CARGO_TERM_COLOR").is_none() {
        cargo.env("CARGO_TERM_COLOR", "always");
    }
    if std::env::var_os("CARGO_TERM_PROGRESS_WHEN").is_none() {
        cargo
            .env("CARGO_TERM_PROGRESS_WHEN", "always")
            .env("CARGO_TERM_PROGRESS_WIDTH", terminal_width().to_string());
    }
}

/// Passes a cargo's stderr on to ours through a [`Filter`], on a thread of its
/// own: join it once cargo has ended.
pub fn forward(mut cargo_stderr: impl Read + Send + 'static) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let mut filter = Filter::default();
        let mut out = io::stderr();
        let mut buf = [0u8; 4096];
        loop {
            match cargo_stderr.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => filter.feed(&buf[..n], &mut out),
            }
        }
        filter.finish(&mut out);
    })
}

/// The terminal's width in columns, for cargo's progress bar (80 if unknown).
fn terminal_width() -> usize {
    // std cannot ask the terminal; `stty size` (POSIX) can, in a millisecond.
    let size = std::fs::File::open("/dev/tty").ok().and_then(|tty| {
        Command::new("stty")
            .arg("size")
            .stdin(tty)
            .stderr(Stdio::null())
            .output()
            .ok()
    });
    size.and_then(|out| {
        let text = String::from_utf8(out.stdout).ok()?;
        text.split_whitespace().nth(1)?.parse().ok()
    })
    .filter(|&cols| cols > 0)
    .unwrap_or(80)
}

/// The `executable` of a `compiler-artifact` message of cargo, if it has one.
pub fn executable(line: &str) -> Option<PathBuf> {
    if !line.contains(r#""reason":"compiler-artifact""#) {
        return None;
    }
    let start = line.find(r#""executable":""#)? + r#""executable":""#.len();
    json_string(&line[start..]).map(PathBuf::from)
}

/// The JSON string whose body starts `text` (just after its opening quote).
fn json_string(text: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = text.chars();
    loop {
        match chars.next()? {
            '"' => return Some(out),
            '\\' => match chars.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => out.push('\r'),
                'b' => out.push('\u{8}'),
                'f' => out.push('\u{c}'),
                'u' => {
                    let hex: String = chars.by_ref().take(4).collect();
                    let unit = u32::from_str_radix(&hex, 16).ok()?;
                    // Paths outside the BMP (surrogate pairs) are not worth a
                    // decoder: cargo writes them as UTF-8, not as escapes.
                    out.push(char::from_u32(unit)?);
                }
                c => out.push(c),
            },
            c => out.push(c),
        }
    }
}

/// Passes cargo's stderr through, except the `Finished` line of a build that had
/// nothing to do (the first thing cargo prints when everything is fresh).
///
/// Until it has seen the first word of the output, it holds the output back:
/// a `Finished` line that comes first is dropped (and the next line is looked at
/// the same way); a `Blocking waiting for file lock` line (cargo waiting for
/// another cargo, which is worth seeing) is written and the next line is looked at
/// the same way too, since a fresh build prints its lone `Finished` after it;
/// anything else (`Compiling`, the progress bar, a warning, an error) switches it
/// to passing everything through as it arrives.
#[derive(Debug, Default)]
pub struct Filter {
    /// Bytes held back while undecided.
    pending: Vec<u8>,
    /// Everything is passed through from now on.
    through: bool,
}

/// The first words of the lines the filter looks at before it decides.
const FINISHED: &str = "Finished ";
const BLOCKING: &str = "Blocking waiting for file lock";

impl Filter {
    /// Takes the next bytes cargo wrote.
    pub fn feed(&mut self, chunk: &[u8], out: &mut impl Write) {
        if self.through {
            let _ = out.write_all(chunk);
            let _ = out.flush();
            return;
        }
        self.pending.extend_from_slice(chunk);
        loop {
            let text = strip_ansi(&self.pending);
            let word = text.trim_start();
            if word.is_empty() {
                return;
            }
            let Some(first) = [FINISHED, BLOCKING]
                .into_iter()
                .find(|w| word.starts_with(w) || w.starts_with(word))
            else {
                self.pass_through(out);
                return;
            };
            let Some(newline) = self.pending.iter().position(|&b| b == b'\n') else {
                // `Fini...` so far: wait for the rest of the line.
                return;
            };
            if !word.starts_with(first) {
                // A line that is only a prefix of one of them.
                self.pass_through(out);
                return;
            }
            let line: Vec<u8> = self.pending.drain(..=newline).collect();
            if first == BLOCKING {
                let _ = out.write_all(&line);
                let _ = out.flush();
            }
        }
    }

    /// Cargo closed its stderr: what is still held back (never a whole
    /// `Finished` line) is written.
    pub fn finish(&mut self, out: &mut impl Write) {
        let _ = out.write_all(&self.pending);
        let _ = out.flush();
        self.pending.clear();
    }

    fn pass_through(&mut self, out: &mut impl Write) {
        self.through = true;
        let _ = out.write_all(&self.pending);
        let _ = out.flush();
        self.pending.clear();
    }
}

/// `bytes` as text without ANSI escape sequences (cargo colors its status words).
fn strip_ansi(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\x1b' {
            out.push(c);
            continue;
        }
        if chars.next_if_eq(&'[').is_some() {
            // CSI: parameters and intermediates up to a final byte in @..~.
            for c in chars.by_ref() {
                if ('@'..='~').contains(&c) {
                    break;
                }
            }
        } else {
            chars.next();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_launcher_folder_is_the_one_cargo_names_at_run_time() {
        let moved = launcher_dir(Some("/moved/clone/harness/launcher".into()));
        assert_eq!(moved, PathBuf::from("/moved/clone/harness/launcher"));
        let compiled = launcher_dir(None);
        assert_eq!(compiled, PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    }

    fn filtered(chunks: &[&[u8]]) -> String {
        let mut filter = Filter::default();
        let mut out = Vec::new();
        for chunk in chunks {
            filter.feed(chunk, &mut out);
        }
        filter.finish(&mut out);
        String::from_utf8(out).unwrap()
    }

    const FINISHED: &[u8] =
        b"\x1b[1m\x1b[92m    Finished\x1b[0m `judge` profile [optimized] target(s) in 0.06s\n";

    #[test]
    fn a_fresh_build_prints_nothing() {
        assert_eq!(filtered(&[FINISHED]), "");
        assert_eq!(
            filtered(&[b"    Finished `judge` profile [optimized] target(s) in 0.06s\n"]),
            ""
        );
    }

    #[test]
    fn a_finished_line_in_pieces_is_still_dropped() {
        let (a, b) = FINISHED.split_at(14);
        let (b, c) = b.split_at(5);
        assert_eq!(filtered(&[a, b, c]), "");
    }

    #[test]
    fn a_real_build_is_passed_through_whole_and_as_it_comes() {
        let mut filter = Filter::default();
        let mut out = Vec::new();
        filter.feed(b"\x1b[1m\x1b[92m   Compiling\x1b[0m libc v0.2\n", &mut out);
        assert_eq!(out, b"\x1b[1m\x1b[92m   Compiling\x1b[0m libc v0.2\n");
        // The progress bar has no newline: it must show at once.
        filter.feed(b"\r    Building [=>   ] 3/60: libc", &mut out);
        assert!(out.ends_with(b"3/60: libc"));
        filter.feed(FINISHED, &mut out);
        filter.finish(&mut out);
        assert!(
            out.ends_with(FINISHED),
            "the final Finished of a build stays"
        );
    }

    #[test]
    fn a_progress_bar_first_passes_through_before_any_newline() {
        let mut filter = Filter::default();
        let mut out = Vec::new();
        filter.feed(b"\x1b[K    Building [      ] 0/69", &mut out);
        assert_eq!(out, b"\x1b[K    Building [      ] 0/69");
    }

    #[test]
    fn warnings_and_errors_are_never_dropped() {
        let text = "warning: unused manifest key: foo\n    Finished `judge` in 0.1s\n";
        assert_eq!(filtered(&[text.as_bytes()]), text);
        let error = "error[E0425]: cannot find value `x`\n";
        assert_eq!(filtered(&[FINISHED, error.as_bytes()]), error);
    }

    #[test]
    fn a_fresh_build_that_waited_for_a_lock_prints_only_the_wait() {
        let blocking = "    Blocking waiting for file lock on build directory\n";
        let text = format!("{blocking}{}", String::from_utf8_lossy(FINISHED));
        assert_eq!(filtered(&[text.as_bytes()]), blocking);
        let (a, b) = text.as_bytes().split_at(12);
        assert_eq!(filtered(&[a, b]), blocking);
        let compiling = "   Compiling libc v0.2\n";
        assert_eq!(
            filtered(&[blocking.as_bytes(), compiling.as_bytes()]),
            format!("{blocking}{compiling}")
        );
    }

    #[test]
    fn a_line_that_only_starts_like_finished_is_kept() {
        assert_eq!(filtered(&[b"Fin\n"]), "Fin\n");
        assert_eq!(filtered(&[b"   Fini"]), "   Fini");
    }

    #[test]
    fn the_executable_comes_from_the_artifact_message() {
        let line = r#"{"reason":"compiler-artifact","package_id":"path+file:///ws/harness#0.1.0","target":{"kind":["bin"],"name":"judge"},"filenames":["/ws/target/judge/judge"],"executable":"/ws/target/judge/judge","fresh":true}"#;
        assert_eq!(
            executable(line),
            Some(PathBuf::from("/ws/target/judge/judge"))
        );
    }

    #[test]
    fn a_library_artifact_or_another_message_has_no_executable() {
        let lib = r#"{"reason":"compiler-artifact","target":{"name":"harness"},"executable":null,"fresh":true}"#;
        assert_eq!(executable(lib), None);
        let finished = r#"{"reason":"build-finished","success":true}"#;
        assert_eq!(executable(finished), None);
        let script = r#"{"reason":"build-script-executed","executable":"/x"}"#;
        assert_eq!(executable(script), None);
    }

    #[test]
    fn escaped_characters_in_the_path_are_decoded() {
        let line = r#"{"reason":"compiler-artifact","executable":"/a \"b\"\\c\u00e9/judge"}"#;
        assert_eq!(executable(line), Some(PathBuf::from("/a \"b\"\\cé/judge")));
        let cut = r#"{"reason":"compiler-artifact","executable":"/a/jud"#;
        assert_eq!(executable(cut), None);
    }
}
