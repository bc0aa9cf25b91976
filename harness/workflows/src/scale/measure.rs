//! Measuring: inputs from the generator, each program run on them in the
//! sandbox exactly as the judge runs a solution (`run::run`: the input file as
//! stdin, CPU time and peak memory from the sandbox's `wait4`, never wall time),
//! sizes growing until the largest, the CPU cap or the time budget, then more
//! rounds over the same inputs while the budget lasts.
//!
//! The noise handling is a benchmark's: runs one at a time (two programs timed
//! side by side would share caches and memory bandwidth), each input's time the
//! minimum over the rounds (noise from other processes only ever adds time), the
//! rounds in a shuffled order (so a busy spell of the machine spreads over all
//! sizes instead of bending the curve at some), and each size's time the median
//! over its seeds (inputs of one size differ).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use judge_engine::judge::{self, Classified};
use judge_engine::pool::Pool;
use judge_engine::run;
use judge_model::judge::Verdict;
use judge_model::limits::Limits;
use judge_model::scale::{Point, Stop};
use judge_sandbox::{Exit, RunSpec};

/// How to start a program for one run.
pub type Start = Box<dyn Fn() -> RunSpec + Send + Sync>;

/// A program whose growth is measured.
pub struct Program {
    /// Its name in reports: the binary's name or the command line.
    pub name: String,
    /// How to start it.
    pub start: Start,
}

/// The generator: `START --seed S FLAG N EXTRA...`.
pub struct Generator {
    /// How to start it (its own arguments included).
    pub start: Start,
    /// The size flag, e.g. `--n`.
    pub flag: String,
    /// Further arguments, after the size.
    pub extra: Vec<String>,
}

/// The generator's limits: wide (it is the problem's own trusted code and large
/// sizes take a while to write), still bounded so a broken one cannot hang scale.
const GENERATOR_LIMITS: Limits = Limits {
    time: Duration::from_secs(60),
    memory: 4 << 30,
    output: 1 << 30,
};

/// The share of the budget a size may always take, however late.
const CHEAP: f64 = 0.05;

/// At most this many rounds over the inputs (the first included).
pub const MAX_ROUNDS: usize = 9;

/// The wall time one run costs beyond its CPU time (sandbox, start, reaping),
/// for the budget's estimates.
const RUN_COST: f64 = 0.01;

/// What is measured and within which bounds.
pub struct Plan<'a> {
    /// The sizes, smallest first.
    pub sizes: &'a [u64],
    /// Seeds per size: 1..=seeds.
    pub seeds: u32,
    /// The limits of each program's runs; `time` is the cap (past 3x the limit).
    pub limits: Limits,
    /// A size whose median passes this many CPU seconds is the last.
    pub too_slow: f64,
    /// When to stop growing and stop the rounds.
    pub deadline: Instant,
    /// The whole budget, of which the deadline is the end.
    pub budget: Duration,
    /// Where the inputs are written.
    pub scratch: &'a Path,
}

/// What the caller hears while measuring.
pub enum Progress<'a> {
    /// A size was measured for a program (its first round).
    Size(&'a str, &'a Point),
    /// Round `r` over every input starts.
    Round(usize),
}

/// One input's measurements so far.
#[derive(Debug, Clone, Copy)]
struct Sample {
    cpu: f64,
    memory: u64,
    capped: bool,
}

/// One program's measurements: per size, per seed.
struct Track {
    samples: Vec<Vec<Sample>>,
    stop: Option<Stop>,
    /// Wall and CPU seconds of its runs so far: on a busy machine a run takes
    /// longer than its CPU time, and the budget is wall time.
    wall: f64,
    cpu: f64,
}

impl Track {
    /// Wall seconds per CPU second so far (at least 1).
    fn slowdown(&self) -> f64 {
        if self.cpu > 0.0 {
            (self.wall / self.cpu).max(1.0)
        } else {
            1.0
        }
    }
}

/// Measures every program on the plan's sizes: the points of each and why its
/// sizes stopped.
pub fn measure(
    programs: &[&Program],
    generator: &Generator,
    plan: &Plan,
    progress: &mut dyn FnMut(Progress),
) -> Result<Vec<(Vec<Point>, Stop)>> {
    let mut tracks: Vec<Track> = programs
        .iter()
        .map(|_| Track {
            samples: Vec::new(),
            stop: None,
            wall: 0.0,
            cpu: 0.0,
        })
        .collect();
    let mut inputs: Vec<Vec<PathBuf>> = Vec::new();
    for &n in plan.sizes {
        if tracks.iter().all(|t| t.stop.is_some()) {
            break;
        }
        if let Some(last) = inputs.len().checked_sub(1) {
            within_budget(&mut tracks, plan, last, n);
            if tracks.iter().all(|t| t.stop.is_some()) {
                break;
            }
        }
        inputs.push(generate(generator, n, plan)?);
        if let [.., smaller, larger] = inputs.as_slice() {
            grows(generator, smaller, larger, plan.sizes, inputs.len() - 1)?;
        }
        let files = inputs.last().expect("just pushed");
        for (track, program) in tracks.iter_mut().zip(programs) {
            if track.stop.is_none() {
                grow(track, program, files, n, plan, progress)?;
            }
        }
    }
    for t in tracks.iter_mut().filter(|t| t.stop.is_none()) {
        t.stop = Some(Stop::Reached);
    }
    more_rounds(&mut tracks, programs, &inputs, plan, progress)?;
    Ok(tracks
        .into_iter()
        .map(|t| {
            let points = t
                .samples
                .iter()
                .zip(plan.sizes)
                .map(|(s, &n)| point(n, s))
                .collect();
            (points, t.stop.expect("every track stops"))
        })
        .collect())
}

/// Stops (at the last size, `Budget`) the growing programs whose next size `n`
/// would not fit before the deadline, the most expensive first, so that a slow
/// `--against` program does not take the solution's sizes with it. A size
/// costing under [`CHEAP`] of the budget is always measured.
fn within_budget(tracks: &mut [Track], plan: &Plan, last: usize, n: u64) {
    let left = plan
        .deadline
        .saturating_duration_since(Instant::now())
        .as_secs_f64()
        .max(CHEAP * plan.budget.as_secs_f64());
    loop {
        let costs: Vec<(usize, f64)> = tracks
            .iter()
            .enumerate()
            .filter(|(_, t)| t.stop.is_none())
            .map(|(i, t)| (i, estimate(t, plan, last, n)))
            .collect();
        if costs.iter().map(|c| c.1).sum::<f64>() <= left {
            return;
        }
        let (dearest, _) = costs
            .iter()
            .copied()
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .expect("a growing program costs something");
        tracks[dearest].stop = Some(Stop::Budget(plan.sizes[last]));
    }
}

/// The wall time, in seconds, size `n` may take for one program: its last
/// median grown by the last step's exponent (1 to 3; 2 before there are two
/// points), for every seed, at most the cap each.
fn estimate(track: &Track, plan: &Plan, last: usize, n: u64) -> f64 {
    let at = |i: usize| track.samples.get(i).map(|s| median(s).cpu);
    let now = at(last).unwrap_or(0.0);
    let exponent = match last.checked_sub(1).and_then(at) {
        Some(before) if before > 0.0 && now > 0.0 => {
            let step = plan.sizes[last] as f64 / plan.sizes[last - 1] as f64;
            (now / before).ln() / step.ln()
        }
        _ => 2.0,
    };
    let step = n as f64 / plan.sizes[last] as f64;
    let next = (now * step.powf(exponent.clamp(1.0, 3.0))).min(plan.limits.time.as_secs_f64());
    (next * track.slowdown() + RUN_COST) * f64::from(plan.seeds)
}

/// Generates the inputs of size `n` (one per seed, side by side on the pool)
/// into the scratch folder.
fn generate(generator: &Generator, n: u64, plan: &Plan) -> Result<Vec<PathBuf>> {
    let null = plan.scratch.join("empty");
    if !null.exists() {
        std::fs::write(&null, "").context("cannot write the generator's empty stdin")?;
    }
    let seeds: Vec<u32> = (1..=plan.seeds).collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    Pool::new(threads)
        .map(&seeds, |&seed| -> Result<PathBuf> {
            let mut command = (generator.start)();
            command
                .arg("--seed")
                .arg(seed.to_string())
                .arg(&generator.flag)
                .arg(n.to_string())
                .args(&generator.extra);
            let out = run::run(command, &null, &GENERATOR_LIMITS)?;
            if out.exit != Exit::Code(0) || out.wall_exceeded || out.output_exceeded {
                bail!(
                    "the generator failed on `--seed {seed} {} {n}{}`: {}",
                    generator.flag,
                    generator
                        .extra
                        .iter()
                        .map(|a| format!(" {a}"))
                        .collect::<String>(),
                    failure(&out)
                );
            }
            let path = plan.scratch.join(format!("{n}-{seed}.in"));
            std::fs::write(&path, &out.stdout)
                .with_context(|| format!("cannot write {}", path.display()))?;
            Ok(path)
        })
        .into_iter()
        .collect()
}

/// Fails when the first seed's input at size `sizes[at]` is byte for byte the one
/// at the size before: the generator ignores its size flag (one written for
/// stress, reading only `--seed`), and every size would time the same input, so
/// that a fit over them says the solution is constant time and "fits" at any
/// size, whatever it does.
fn grows(
    generator: &Generator,
    smaller: &[PathBuf],
    larger: &[PathBuf],
    sizes: &[u64],
    at: usize,
) -> Result<()> {
    let (Some(a), Some(b)) = (smaller.first(), larger.first()) else {
        return Ok(());
    };
    let read = |p: &Path| std::fs::read(p).with_context(|| format!("cannot read {}", p.display()));
    if read(a)? != read(b)? {
        return Ok(());
    }
    let flag = &generator.flag;
    bail!(
        "the generator wrote the same input for `--seed 1 {flag} {}` and `--seed 1 {flag} {}`: \
         it ignores {flag}, so every size would time one input; make it read {flag} N and \
         write an input of size N, or name the flag it sizes its input by with --arg \
         (--arg lines for --lines N)",
        sizes[at - 1],
        sizes[at]
    )
}

/// What a failed generator said: its stderr's last line, or how it ended.
fn failure(out: &run::Measured) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr_tail);
    match stderr.lines().rev().find(|l| !l.trim().is_empty()) {
        Some(line) => line.trim().to_string(),
        None if out.wall_exceeded => "it ran past a minute".to_string(),
        None if out.output_exceeded => "it wrote more than 1 GiB".to_string(),
        None => judge::exit_text(out),
    }
}

/// The first round of size `n` for one program: each seed in turn, until a
/// majority of seeds is capped (the median is then past the cap anyway).
fn grow(
    track: &mut Track,
    program: &Program,
    files: &[PathBuf],
    n: u64,
    plan: &Plan,
    progress: &mut dyn FnMut(Progress),
) -> Result<()> {
    let mut samples = Vec::new();
    for file in files {
        match run_once(track, program, file, plan)? {
            Ok(s) => samples.push(s),
            Err(stop) => {
                track.stop = Some(stop(n));
                break;
            }
        }
        if samples.iter().filter(|s| s.capped).count() * 2 > files.len() {
            break;
        }
    }
    if samples.is_empty() {
        return Ok(());
    }
    let p = point(n, &samples);
    progress(Progress::Size(&program.name, &p));
    track.samples.push(samples);
    if track.stop.is_none() && (p.capped || p.cpu_seconds > plan.too_slow) {
        track.stop = Some(Stop::TooSlow(n));
    }
    Ok(())
}

/// Why a run ended a program's sizes, given the size.
type Stopped = Box<dyn FnOnce(u64) -> Stop>;

/// One run of `program` on `file` (its wall and CPU time added to `track`'s):
/// its sample, or why its sizes stop here.
fn run_once(
    track: &mut Track,
    program: &Program,
    file: &Path,
    plan: &Plan,
) -> Result<Result<Sample, Stopped>> {
    // A wall-clock backstop well past the judge's (twice the CPU limit and a
    // second): on a busy machine a run may wait for a core longer than it runs,
    // and it is the CPU time that is measured.
    let wall = plan.limits.time * 4 + Duration::from_secs(5);
    let out = run::run_with_wall((program.start)(), file, &plan.limits, wall)?;
    track.wall += out.wall.as_secs_f64();
    track.cpu += out.cpu.as_secs_f64();
    let sample = Sample {
        cpu: out.cpu.as_secs_f64(),
        memory: out.peak_rss,
        capped: false,
    };
    Ok(match judge::classify(&out, &plan.limits) {
        Classified::Ran => Ok(sample),
        Classified::Failed(Verdict::TLE, _) => Ok(Sample {
            capped: true,
            ..sample
        }),
        Classified::Failed(Verdict::MLE, _) => Err(Box::new(Stop::OutOfMemory)),
        Classified::Interrupted(_) => Err(Box::new(|_| Stop::Interrupted)),
        Classified::Failed(v, why) => Err(Box::new(move |n| Stop::Failed(n, v, why))),
    })
}

/// Rounds 2.. over every size each program ran without being capped, in a
/// shuffled order, while the next round fits before the deadline; each input
/// keeps its lowest CPU time and its highest peak.
fn more_rounds(
    tracks: &mut [Track],
    programs: &[&Program],
    inputs: &[Vec<PathBuf>],
    plan: &Plan,
    progress: &mut dyn FnMut(Progress),
) -> Result<()> {
    let mut order: Vec<(usize, usize, usize)> = Vec::new();
    for (p, track) in tracks.iter().enumerate() {
        for (size, samples) in track.samples.iter().enumerate() {
            for (seed, s) in samples.iter().enumerate() {
                if !s.capped {
                    order.push((p, size, seed));
                }
            }
        }
    }
    let cost = |tracks: &[Track], order: &[(usize, usize, usize)]| -> f64 {
        order
            .iter()
            .map(|&(p, size, seed)| {
                tracks[p].samples[size][seed].cpu * tracks[p].slowdown() + RUN_COST
            })
            .sum()
    };
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for round in 2..=MAX_ROUNDS {
        let left = plan.deadline.saturating_duration_since(Instant::now());
        if order.is_empty()
            || cost(tracks, &order) > left.as_secs_f64()
            || judge_sandbox::interrupted()
        {
            break;
        }
        progress(Progress::Round(round));
        shuffle(&mut order, &mut state);
        for &(p, size, seed) in &order {
            if let Ok(s) = run_once(&mut tracks[p], programs[p], &inputs[size][seed], plan)? {
                let kept = &mut tracks[p].samples[size][seed];
                kept.cpu = kept.cpu.min(s.cpu);
                kept.memory = kept.memory.max(s.memory);
            }
        }
    }
    Ok(())
}

/// Fisher-Yates with a small xorshift: a fixed sequence, so a run's order can
/// be reproduced, but one that has nothing to do with the sizes.
fn shuffle<T>(items: &mut [T], state: &mut u64) {
    for i in (1..items.len()).rev() {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        items.swap(i, (*state % (i as u64 + 1)) as usize);
    }
}

/// The median sample (CPU and memory separately; capped when most seeds were).
fn median(samples: &[Sample]) -> Sample {
    let mid = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        let k = v.len();
        if k % 2 == 1 {
            v[k / 2]
        } else {
            (v[k / 2 - 1] + v[k / 2]) / 2.0
        }
    };
    Sample {
        cpu: mid(samples.iter().map(|s| s.cpu).collect()),
        memory: mid(samples.iter().map(|s| s.memory as f64).collect()) as u64,
        capped: samples.iter().filter(|s| s.capped).count() * 2 > samples.len(),
    }
}

/// The point of size `n`: its samples' median.
fn point(n: u64, samples: &[Sample]) -> Point {
    let m = median(samples);
    Point {
        n,
        cpu_seconds: m.cpu,
        memory_bytes: m.memory,
        capped: m.capped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(cpu: f64, capped: bool) -> Sample {
        Sample {
            cpu,
            memory: 0,
            capped,
        }
    }

    #[test]
    fn a_size_is_the_median_of_its_seeds_and_capped_when_most_are() {
        let table: [(&[Sample], f64, bool); 4] = [
            (
                &[sample(3.0, false), sample(1.0, false), sample(2.0, false)],
                2.0,
                false,
            ),
            (&[sample(1.0, false), sample(4.0, false)], 2.5, false),
            (
                &[sample(1.0, false), sample(3.3, true), sample(3.3, true)],
                3.3,
                true,
            ),
            (
                &[sample(1.0, false), sample(1.1, false), sample(3.3, true)],
                1.1,
                false,
            ),
        ];
        for (samples, cpu, capped) in table {
            let m = median(samples);
            assert_eq!((m.cpu, m.capped), (cpu, capped), "{samples:?}");
        }
    }

    #[test]
    fn the_shuffle_keeps_every_item() {
        let mut items: Vec<u32> = (0..50).collect();
        let mut state = 1;
        shuffle(&mut items, &mut state);
        assert_ne!(items, (0..50).collect::<Vec<_>>());
        items.sort();
        assert_eq!(items, (0..50).collect::<Vec<_>>());
    }
}
