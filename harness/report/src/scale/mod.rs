//! The reports of `cargo judge scale`: for people a table of the sizes, a small
//! terminal plot and a one-line conclusion; for programs one JSON document
//! (docs/authoring.md, "Will it pass at the largest input?"); and the drawing,
//! `target/scale/NAME.svg` ([`svg`]). It words what the workflow measured and
//! concluded ([`judge_model::scale::Scale`]); it measures nothing.

pub mod plot;
pub mod svg;

use std::fmt::Write as _;
use std::io;

use anstyle::{AnsiColor, Style};
use serde_json::{Value, json};

use judge_model::scale::{Point, Scale, Series, Stop, Verdict};
use judge_model::units::precise_time;

const BOLD: Style = Style::new().bold();
const GREEN: Style = AnsiColor::Green.on_default().bold();
const RED: Style = AnsiColor::Red.on_default().bold();
const YELLOW: Style = AnsiColor::Yellow.on_default().bold();

/// `1,000,000`: a size as people read it.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A memory size in MiB with one decimal.
fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / f64::from(1 << 20))
}

/// The progress line of one measured size: `n = 64,000: 12.3 ms, 4.1 MiB`.
pub fn size_line(program: &str, p: &Point) -> String {
    format!(
        "{program}: n = {}: {}{}, {}",
        thousands(p.n),
        if p.capped { ">= " } else { "" },
        precise_time(p.cpu_seconds),
        mib(p.memory_bytes)
    )
}

/// The whole human report: the table, the stop, the warnings, the plot, the
/// conclusion (for each program) and where the drawing is.
pub fn human(scale: &Scale, svg_path: &str, out: &mut impl io::Write) -> io::Result<()> {
    writeln!(
        out,
        "scale {BOLD}{}{BOLD:#}: `{} N` up to n = {}, {} seeds per size, limits {} and {}",
        scale.problem,
        scale.size_flag,
        thousands(scale.to),
        scale.seeds,
        precise_time(scale.time_limit.as_secs_f64()),
        mib(scale.memory_limit_bytes)
    )?;
    write!(out, "{}", table(scale))?;
    let all: Vec<&Series> = std::iter::once(&scale.main)
        .chain(scale.against.as_ref())
        .collect();
    for s in &all {
        if let Some(note) = stop_note(s, scale) {
            writeln!(out, "{}: {note}", s.program)?;
        }
        for w in &s.warnings {
            writeln!(out, "{YELLOW}warning{YELLOW:#}: {}: {w}", s.program)?;
        }
    }
    write!(out, "{}", plot::terminal(scale))?;
    for s in &all {
        let style = match s.verdict {
            Verdict::Fits { .. } => GREEN,
            Verdict::Unsure => YELLOW,
            _ => RED,
        };
        let prefix = if all.len() > 1 {
            format!("{}: ", s.program)
        } else {
            String::new()
        };
        writeln!(out, "{prefix}{style}{}{style:#}", conclusion(s, scale))?;
    }
    writeln!(out, "drawn in {svg_path}")
}

/// The table: a row per size, a CPU time and memory column per program.
fn table(scale: &Scale) -> String {
    let all: Vec<&Series> = std::iter::once(&scale.main)
        .chain(scale.against.as_ref())
        .collect();
    let mut sizes: Vec<u64> = all
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.n))
        .collect();
    sizes.sort_unstable();
    sizes.dedup();
    let mut t = format!("{:>12}", "n");
    for s in &all {
        let name: String = s.program.chars().take(22).collect();
        let _ = write!(t, "  {:>22}", format!("{name} CPU"));
        let _ = write!(t, "  {:>10}", "memory");
    }
    t.push('\n');
    for n in sizes {
        let _ = write!(t, "{:>12}", thousands(n));
        for s in &all {
            match s.points.iter().find(|p| p.n == n) {
                Some(p) => {
                    let cpu = format!(
                        "{}{}",
                        if p.capped { ">= " } else { "" },
                        precise_time(p.cpu_seconds)
                    );
                    let _ = write!(t, "  {cpu:>22}  {:>10}", mib(p.memory_bytes));
                }
                None => {
                    let _ = write!(t, "  {:>22}  {:>10}", "-", "-");
                }
            }
        }
        t.push('\n');
    }
    t
}

/// Why the sizes stopped before `--to`, when they did.
fn stop_note(s: &Series, scale: &Scale) -> Option<String> {
    Some(match &s.stop {
        Stop::Reached => return None,
        Stop::TooSlow(n) => format!(
            "stopped at n = {}: its median CPU time passed {}x the time limit ({})",
            thousands(*n),
            3,
            precise_time(3.0 * scale.time_limit.as_secs_f64())
        ),
        Stop::Budget(n) => format!(
            "stopped at n = {}: the next size would not fit in the time budget (--time); \
             the rest is extrapolated",
            thousands(*n)
        ),
        Stop::OutOfMemory(n) => format!(
            "stopped at n = {}: it ran out of memory (over {})",
            thousands(*n),
            mib(scale.memory_limit_bytes)
        ),
        Stop::Failed(n, verdict, why) => {
            let why = crate::reason::words(why);
            format!(
                "stopped at n = {}: it failed ({}: {})",
                thousands(*n),
                verdict.name(),
                why.lines().next().unwrap_or_default()
            )
        }
        Stop::Interrupted => "interrupted".to_string(),
    })
}

/// The one-line conclusion, e.g. `n log n (exponent 1.07 ± 0.05): 0.41 s at
/// n = 1,000,000 against 2 s: fits, 4.9× margin`.
pub fn conclusion(s: &Series, scale: &Scale) -> String {
    let model = match &s.fit {
        Some(f) => format!(
            "{} (exponent {:.2} ± {:.2})",
            f.model.name(),
            f.exponent,
            (f.exponent_high - f.exponent_low) / 2.0
        ),
        None => "no model".to_string(),
    };
    let at = format!("n = {}", thousands(scale.to));
    let time = match &s.prediction {
        Some(p) => format!(
            "{} ({}-{}) at {at}",
            precise_time(p.cpu_seconds),
            precise_time(p.low),
            precise_time(p.high)
        ),
        None => format!("no prediction at {at}"),
    };
    let against = format!(
        "against {} and {}",
        precise_time(scale.time_limit.as_secs_f64()),
        mib(scale.memory_limit_bytes)
    );
    let verdict = match s.verdict {
        Verdict::Fits { margin } => format!("fits, {margin:.1}× margin"),
        Verdict::Tle => match s
            .points
            .iter()
            .find(|p| p.n <= scale.to && p.cpu_seconds > scale.time_limit.as_secs_f64())
        {
            Some(p) => format!(
                "tle (n = {} already took {}{})",
                thousands(p.n),
                if p.capped { ">= " } else { "" },
                precise_time(p.cpu_seconds)
            ),
            None => "tle".to_string(),
        },
        Verdict::Mle => match &s.prediction {
            Some(p) => format!("mle ({} predicted)", mib(p.memory_bytes)),
            None => "mle".to_string(),
        },
        Verdict::Unsure => "unsure".to_string(),
    };
    format!("{model}: {time} {against}: {verdict}")
}

/// One series as JSON: `points`, `fit`, `prediction` and `verdict`.
fn series_json(s: &Series) -> (Value, Value, Value, Value) {
    let points = s
        .points
        .iter()
        .map(|p| json!({"n": p.n, "cpu_seconds": p.cpu_seconds, "memory_bytes": p.memory_bytes}))
        .collect();
    let fit = s.fit.as_ref().map_or(Value::Null, |f| {
        json!({
            "model": f.model.name(),
            "exponent": f.exponent,
            "exponent_low": f.exponent_low,
            "exponent_high": f.exponent_high,
        })
    });
    let prediction = s.prediction.as_ref().map_or(Value::Null, |p| {
        json!({
            "n": p.n,
            "cpu_seconds": p.cpu_seconds,
            "low": p.low,
            "high": p.high,
            "memory_bytes": p.memory_bytes,
        })
    });
    (
        Value::Array(points),
        fit,
        prediction,
        json!(s.verdict.name()),
    )
}

/// The JSON document: `problem`, `size_flag`, `points`, `fit`, `prediction`,
/// `time_limit`, `memory_limit_bytes`, `verdict`; with `--against`, also
/// `against` with the other program's `program`, `points`, `fit`, `prediction`
/// and `verdict`.
pub fn json(scale: &Scale) -> Value {
    let (points, fit, prediction, verdict) = series_json(&scale.main);
    let mut doc = json!({
        "problem": scale.problem,
        "size_flag": scale.size_flag,
        "points": points,
        "fit": fit,
        "prediction": prediction,
        "time_limit": scale.time_limit.as_secs_f64(),
        "memory_limit_bytes": scale.memory_limit_bytes,
        "verdict": verdict,
    });
    if let Some(other) = &scale.against {
        let (points, fit, prediction, verdict) = series_json(other);
        doc["against"] = json!({
            "program": other.program,
            "points": points,
            "fit": fit,
            "prediction": prediction,
            "verdict": verdict,
        });
    }
    doc
}

#[cfg(test)]
mod tests;
