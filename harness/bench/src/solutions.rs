//! The solution benchmarks of `cargo judge-bench`: each problem's Rust solution on a
//! large generated input against its C++ baseline (compiled here from
//! `bench/baselines/`) and the floors `cat` and `wc -l`, and subtraction-dp against
//! the O(X·K) table, with the outputs compared and issue 5's targets checked.
//!
//! Owns which program runs on which input for these rows. It does not time processes
//! (`measure`), lay out the table (`report`), or benchmark the judge (`judging`).

use std::fs::File;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use anyhow::{Context, Result, bail};

use super::measure::Program;
use super::report::{Goal, duration, mib, thousands};
use super::{Bench, MAX_VALUE};

/// Builds the C++ baselines with `g++ -O2`; false (and a note) when there is no g++.
pub(super) fn compile_baselines(b: &mut Bench) -> Result<bool> {
    let version = Command::new("g++").arg("--version").output().ok();
    let Some(version) = version.filter(|o| o.status.success()) else {
        let note = "g++ not found: the C++ baselines were skipped".to_string();
        eprintln!("{note}");
        b.notes.push(note);
        return Ok(false);
    };
    let first = String::from_utf8_lossy(&version.stdout)
        .lines()
        .next()
        .unwrap_or("g++")
        .to_string();
    b.notes.push(format!(
        "C++ baselines: `g++ -O2` ({first}), sources in `bench/baselines/`."
    ));
    eprintln!("compiling the C++ baselines...");
    for name in ["euclid", "wythoff", "poj2484", "subtraction_table"] {
        let src = b.root.join("bench/baselines").join(format!("{name}.cpp"));
        let exe = b.out.join("bin").join(name);
        let status = Command::new("g++")
            .arg("-O2")
            .arg("-o")
            .arg(&exe)
            .arg(&src)
            .status()
            .context("cannot start g++")?;
        if !status.success() {
            bail!("g++ -O2 {} failed ({status})", src.display());
        }
    }
    Ok(true)
}

/// The many-line benchmarks: the Euclid games, Wythoff, and poj2484 (whose
/// values stay at most 1,000,000 and which has no target).
pub(super) fn line_benchmarks(b: &mut Bench, gxx: bool, lines: &str) -> Result<()> {
    for (name, words) in [
        ("hdu1525", ["Stan wins", "Ollie wins"]),
        ("poj2348", ["Stan wins", "Ollie wins"]),
        ("ybt1218", ["win", "lose"]),
    ] {
        let baseline = gxx.then(|| {
            Program::new(
                "C++ scanf/printf",
                b.out.join("bin/euclid"),
                &[words[0], words[1]],
            )
        });
        line_benchmark(b, name, lines, MAX_VALUE, baseline, true)?;
    }
    let baseline = gxx.then(|| Program::new("C++ scanf/printf", b.out.join("bin/wythoff"), &[]));
    line_benchmark(b, "wythoff", lines, MAX_VALUE, baseline, true)?;
    let baseline = gxx.then(|| Program::new("C++ scanf/printf", b.out.join("bin/poj2484"), &[]));
    line_benchmark(b, "poj2484", lines, "1000000", baseline, false)?;
    Ok(())
}

/// One problem on a many-line input: the Rust solution, its C++ baseline, and the
/// floors `cat` and `wc -l`. With `target`, checks issue 5's ≤ 0.2× and ≤ 8 MiB.
fn line_benchmark(
    b: &mut Bench,
    name: &str,
    lines: &str,
    max: &str,
    baseline: Option<Program>,
    target: bool,
) -> Result<()> {
    let group = format!("{name}, {} lines", thousands(lines));
    let Some(input) = b.generate(
        name,
        &format!("{name}-{lines}.in"),
        &["--seed", "1", "--lines", lines, "--max", max],
    )?
    else {
        b.row(
            &group,
            "Rust solution",
            None,
            false,
            &format!("no {name}-gen yet"),
        );
        return Ok(());
    };
    let Some(exe) = b.exe(name, name) else {
        b.row(
            &group,
            "Rust solution",
            None,
            false,
            "no solution binary yet",
        );
        return Ok(());
    };
    let rust = Program::new("rust", exe, &[]);
    let (rust_stats, rust_out) = b.time(&group, &rust, &input)?;
    let mut cpp_stats = None;
    if let Some(cpp) = baseline {
        let (stats, cpp_out) = b.time(&group, &cpp, &input)?;
        let same = same_file(&rust_out, &cpp_out)?;
        let note = if same {
            "same output as the Rust solution"
        } else {
            "OUTPUT DIFFERS from the Rust solution"
        };
        b.row(&group, "C++ scanf/printf", Some(stats), true, note);
        cpp_stats = Some(stats);
    } else {
        b.row(&group, "C++ scanf/printf", None, false, "skipped: no g++");
    }
    b.row(&group, "Rust solution", Some(rust_stats), false, "");
    let (cat, _) = b.time(&group, &Program::new("cat", "cat", &[]), &input)?;
    b.row(
        &group,
        "floor: `cat`",
        Some(cat),
        false,
        "read the input, write it to /dev/null",
    );
    let (wc, _) = b.time(&group, &Program::new("wc", "wc", &["-l"]), &input)?;
    b.row(
        &group,
        "floor: `wc -l`",
        Some(wc),
        false,
        "read the input, count lines",
    );
    if target {
        let (met, measured) = match cpp_stats {
            Some(cpp) => {
                let ratio = rust_stats.wall.as_secs_f64() / cpp.wall.as_secs_f64();
                (
                    Some(ratio <= 0.2 && rust_stats.rss <= 8 << 20),
                    format!(
                        "{:.2}× the C++ time ({} vs {}), peak RSS {}",
                        ratio,
                        duration(rust_stats.wall),
                        duration(cpp.wall),
                        mib(rust_stats.rss)
                    ),
                )
            }
            None => (
                None,
                format!("no baseline; peak RSS {}", mib(rust_stats.rss)),
            ),
        };
        b.targets.push(Goal {
            goal: format!(
                "{name}, {} lines: ≤ 0.2× C++ scanf, peak RSS ≤ 8 MiB",
                thousands(lines)
            ),
            measured,
            met,
        });
    }
    Ok(())
}

/// subtraction-dp at `X = 10^18` (only the solution can finish), at a mid size and at
/// the statement's size (against the O(X·K) table).
pub(super) fn subtraction_benchmarks(b: &mut Bench, gxx: bool) -> Result<()> {
    let name = "subtraction-dp";
    let cases = [
        (
            "X = 10^18, K = 100, sizes ≤ 10^4 (residue family)",
            "1000000000000000000",
            "100",
            "10000",
        ),
        (
            "X = 10^7, K = 100, sizes ≤ 10^4",
            "10000000",
            "100",
            "10000",
        ),
        (
            "X = 10^4, K = 100, sizes ≤ 100 (statement)",
            "10000",
            "100",
            "100",
        ),
    ];
    let solution = b.exe(name, name);
    let tle_table = b.exe(name, "subtraction-dp-tle-table");
    for (i, (group, x, k, m)) in cases.into_iter().enumerate() {
        let group = format!("{name}, {group}");
        let Some((input, drawn_x)) = subtraction_input(b, &group, i, [x, k, m])? else {
            continue;
        };
        let rust_out = match &solution {
            Some(exe) => Some(time_subtraction(b, &group, exe, &input, drawn_x, i == 0)?),
            None => {
                let why = "no solution binary yet";
                b.row(&group, "Rust solution", None, false, why);
                None
            }
        };
        let mut tables = Vec::new();
        if gxx {
            tables.push((
                "C++ O(X·K) table",
                Program::new("cpp-table", b.out.join("bin/subtraction_table"), &[]),
            ));
        }
        if let Some(exe) = &tle_table {
            tables.push((
                "Rust O(X·K) table (subtraction-dp-tle-table)",
                Program::new("rust-table", exe, &[]),
            ));
        }
        for (j, (label, program)) in tables.into_iter().enumerate() {
            if drawn_x > 100_000_000 {
                let why = format!("not run: {drawn_x} × {k} steps and X bytes cannot finish");
                b.row(&group, label, None, false, &why);
                continue;
            }
            let (stats, out) = b.time(&group, &program, &input)?;
            let same = rust_out
                .as_ref()
                .is_some_and(|r| same_file(r, &out).unwrap_or(false));
            let note = if same {
                "same answer"
            } else {
                "ANSWER DIFFERS"
            };
            b.row(&group, label, Some(stats), j == 0, note);
        }
    }
    Ok(())
}

/// The `i`th subtraction-dp input, generated with `[X, K, largest size]` and the
/// exact X written in; with the X drawn. `None` (a row saying why) when there is
/// no generator or it failed.
fn subtraction_input(
    b: &mut Bench,
    group: &str,
    i: usize,
    [x, k, m]: [&str; 3],
) -> Result<Option<(std::path::PathBuf, u64)>> {
    let name = "subtraction-dp";
    // X = 10^18 needs a set whose period can be found: uniformly random sets of
    // 100 sizes up to 10^4 show none within 10^10 positions, and the solution
    // refuses them after ~20 s. The residue family's period is provably small.
    let mut gen_args = vec!["--seed", "1", "--max", x, "--k", k, "--max-move", m];
    if i == 0 {
        gen_args.extend(["--shape", "residue"]);
    }
    let input = match b.generate(name, &format!("{name}-{i}.in"), &gen_args) {
        Ok(Some(input)) => input,
        Ok(None) => {
            b.row(
                group,
                "Rust solution",
                None,
                false,
                "no subtraction-dp-gen yet",
            );
            return Ok(None);
        }
        Err(e) => {
            let why = format!("gen failed: {e:#}");
            b.row(group, "Rust solution", None, false, &why);
            return Ok(None);
        }
    };
    // The gen draws X from 0..=--max; the benchmark is about this exact X.
    set_first_number(&input, x)?;
    let Some(drawn_x) = first_number(&input) else {
        b.row(
            group,
            "Rust solution",
            None,
            false,
            "the gen wrote no input",
        );
        return Ok(None);
    };
    Ok(Some((input, drawn_x)))
}

/// Times the solution on `input` (and, for `X = 10^18`, checks its target);
/// returns its output, to compare the tables' with.
fn time_subtraction(
    b: &mut Bench,
    group: &str,
    exe: &Path,
    input: &Path,
    x: u64,
    huge: bool,
) -> Result<std::path::PathBuf> {
    let (stats, out) = b.time(group, &Program::new("rust", exe, &[]), input)?;
    b.row(
        group,
        "Rust solution",
        Some(stats),
        false,
        &format!("X = {x}"),
    );
    if huge {
        b.targets.push(Goal {
            goal: "subtraction-dp, X = 10^18: ≤ 50 ms whole process".into(),
            measured: format!("{} median", duration(stats.wall)),
            met: Some(stats.wall <= Duration::from_millis(50)),
        });
    }
    Ok(out)
}

/// Compares two files in chunks. Reading both whole would grow this process, and
/// a child's peak RSS as `wait4` reports it starts from its parent's (see the report).
fn same_file(a: &Path, b: &Path) -> Result<bool> {
    use std::io::Read as _;
    let open = |p: &Path| File::open(p).with_context(|| format!("cannot open {}", p.display()));
    let (mut fa, mut fb) = (open(a)?, open(b)?);
    if fa.metadata()?.len() != fb.metadata()?.len() {
        return Ok(false);
    }
    let (mut ba, mut bb) = (vec![0u8; 1 << 16], vec![0u8; 1 << 16]);
    loop {
        let n = fa.read(&mut ba)?;
        if n == 0 {
            return Ok(true);
        }
        fb.read_exact(&mut bb[..n])?;
        if ba[..n] != bb[..n] {
            return Ok(false);
        }
    }
}

/// The first number in a file (subtraction-dp's X).
/// Replaces the first token of the file at `path` (subtraction-dp's X) by `value`.
fn set_first_number(path: &Path, value: &str) -> Result<()> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let start = text.len() - text.trim_start().len();
    let end = text[start..]
        .find(char::is_whitespace)
        .map_or(text.len(), |i| start + i);
    std::fs::write(path, format!("{}{value}{}", &text[..start], &text[end..]))
        .with_context(|| format!("cannot write {}", path.display()))
}

fn first_number(path: &Path) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    text.split_whitespace().next()?.parse().ok()
}
