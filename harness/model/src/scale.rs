//! What `cargo judge scale` found, as data: the measured points, the growth
//! model fitted to them, the prediction at the largest size and the verdict.
//! The workflow (judge-workflows, `scale`) measures and fits; the reporter
//! (judge-report, `scale`) words and draws; neither needs the other.

/// A growth model of CPU time in the size `n`: the usual complexity classes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Model {
    /// `1`: constant.
    Constant,
    /// `log n`.
    Log,
    /// `n`.
    Linear,
    /// `n log n`.
    LinearLog,
    /// `n sqrt n`.
    LinearSqrt,
    /// `n^2`.
    Quadratic,
    /// `n^2 log n`.
    QuadraticLog,
    /// `n^3`.
    Cubic,
    /// `2^n`.
    Exponential,
}

impl Model {
    /// Every model, slowest-growing first.
    pub const ALL: [Model; 9] = [
        Model::Constant,
        Model::Log,
        Model::Linear,
        Model::LinearLog,
        Model::LinearSqrt,
        Model::Quadratic,
        Model::QuadraticLog,
        Model::Cubic,
        Model::Exponential,
    ];

    /// The name reports print and `--format json` writes: `1`, `log n`, `n`,
    /// `n log n`, `n sqrt n`, `n^2`, `n^2 log n`, `n^3`, `2^n`.
    pub fn name(self) -> &'static str {
        match self {
            Model::Constant => "1",
            Model::Log => "log n",
            Model::Linear => "n",
            Model::LinearLog => "n log n",
            Model::LinearSqrt => "n sqrt n",
            Model::Quadratic => "n^2",
            Model::QuadraticLog => "n^2 log n",
            Model::Cubic => "n^3",
            Model::Exponential => "2^n",
        }
    }

    /// `ln f(n)`, the model's growth function in logarithms, so that `2^n` at
    /// `n = 10^6` is a number and ratios of huge values stay exact enough.
    /// `n` below 2 counts as 2 (where `log n` is positive).
    pub fn ln_f(self, n: f64) -> f64 {
        let n = n.max(2.0);
        let ln = n.ln();
        match self {
            Model::Constant => 0.0,
            Model::Log => ln.ln(),
            Model::Linear => ln,
            Model::LinearLog => ln + ln.ln(),
            Model::LinearSqrt => 1.5 * ln,
            Model::Quadratic => 2.0 * ln,
            Model::QuadraticLog => 2.0 * ln + ln.ln(),
            Model::Cubic => 3.0 * ln,
            Model::Exponential => n * std::f64::consts::LN_2,
        }
    }

    /// `f(n) / f(reference)`: the model's growth from `reference` to `n`.
    pub fn relative(self, n: f64, reference: f64) -> f64 {
        (self.ln_f(n) - self.ln_f(reference)).exp()
    }

    /// The local exponent `d ln f / d ln n` at `n`: the log-log slope the model
    /// has there (`n log n` at a million: 1.07).
    pub fn exponent_at(self, n: f64) -> f64 {
        let n = n.max(2.0);
        let log = 1.0 / n.ln();
        match self {
            Model::Constant => 0.0,
            Model::Log => log,
            Model::Linear => 1.0,
            Model::LinearLog => 1.0 + log,
            Model::LinearSqrt => 1.5,
            Model::Quadratic => 2.0,
            Model::QuadraticLog => 2.0 + log,
            Model::Cubic => 3.0,
            Model::Exponential => n * std::f64::consts::LN_2,
        }
    }

    /// For a model with a `log n` factor (`log n`, `n log n`, `n^2 log n`), the
    /// plain power it refines (`1`, `n`, `n^2`): a refinement the fit must earn.
    pub fn refines(self) -> Option<Model> {
        match self {
            Model::Log => Some(Model::Constant),
            Model::LinearLog => Some(Model::Linear),
            Model::QuadraticLog => Some(Model::Quadratic),
            _ => None,
        }
    }
}

/// One measured size: the median over the seeds of each input's CPU time and
/// peak memory.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    /// The size given to the generator.
    pub n: u64,
    /// The median CPU time (user + system) in seconds, as the sandbox measured it.
    pub cpu_seconds: f64,
    /// The median peak resident memory in bytes.
    pub memory_bytes: u64,
    /// The runs were stopped at the CPU cap (past 3x the time limit), so the time
    /// is a lower bound, not a measurement: it takes no part in the fit.
    pub capped: bool,
}

/// The growth model chosen for the CPU times, and the curve it draws:
/// `cpu(n) = overhead + scale * f(n) / f(reference)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fit {
    /// The model the criterion chose.
    pub model: Model,
    /// The log-log slope of the time above the overhead: the measured exponent.
    pub exponent: f64,
    /// The exponent's interval (about 95 %), low end.
    pub exponent_low: f64,
    /// The exponent's interval, high end.
    pub exponent_high: f64,
    /// The constant part in seconds (process start, reading a small input).
    pub overhead: f64,
    /// The growing part's seconds at `reference`.
    pub scale: f64,
    /// The size the growing part is scaled at (the largest fitted size).
    pub reference: f64,
    /// The relative scatter of the measured points around the curve (root mean
    /// square of `measured / fitted - 1`).
    pub scatter: f64,
}

impl Fit {
    /// The fitted CPU time at size `n`, in seconds.
    pub fn cpu_at(&self, n: f64) -> f64 {
        self.overhead + self.scale * self.model.relative(n, self.reference)
    }
}

/// The CPU time and memory expected at the largest size (`--to`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prediction {
    /// The size predicted for.
    pub n: u64,
    /// The expected CPU time in seconds.
    pub cpu_seconds: f64,
    /// The interval's low end, in seconds.
    pub low: f64,
    /// The interval's high end, in seconds.
    pub high: f64,
    /// The expected peak memory in bytes.
    pub memory_bytes: u64,
}

/// Whether the program will pass at the largest size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Verdict {
    /// Well within the time and memory limits: the limit over the predicted time.
    Fits {
        /// Time limit / predicted CPU time.
        margin: f64,
    },
    /// Over the time limit (measured, or predicted with its whole interval above it).
    Tle,
    /// Over the memory limit (measured, or predicted).
    Mle,
    /// The measurements cannot tell (interval across the limit, too few or too
    /// noisy points, or a run that failed).
    Unsure,
}

impl Verdict {
    /// The verdict's word: `fits`, `tle`, `mle`, `unsure`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Fits { .. } => "fits",
            Verdict::Tle => "tle",
            Verdict::Mle => "mle",
            Verdict::Unsure => "unsure",
        }
    }
}

/// Why the sizes stopped growing where they did.
#[derive(Debug, Clone, PartialEq)]
pub enum Stop {
    /// The largest size, `--to`, was measured.
    Reached,
    /// This size's median CPU time passed 3x the time limit.
    TooSlow(u64),
    /// The next size would not have fit in the time budget: the last size measured.
    Budget(u64),
    /// At this size the program ran out of memory (MLE).
    OutOfMemory(u64),
    /// At this size the program failed (a runtime error, too much output): the
    /// verdict and why, as the judge classified the run.
    Failed(u64, crate::judge::Verdict, crate::judge::Reason),
    /// Ctrl-C.
    Interrupted,
}

/// One program's measurements and what they say.
#[derive(Debug, Clone)]
pub struct Series {
    /// What was measured: the solution's or the other program's name or command.
    pub program: String,
    /// Every measured size, smallest first.
    pub points: Vec<Point>,
    /// The model fitted to the CPU times, unless the points were too few or too
    /// noisy to choose one.
    pub fit: Option<Fit>,
    /// The prediction at the largest size, when there is one.
    pub prediction: Option<Prediction>,
    /// The verdict against the limits.
    pub verdict: Verdict,
    /// Why the sizes stopped.
    pub stop: Stop,
    /// What the reader should know instead of a guess (too few points, too
    /// noisy, a model nearly as good), one sentence each.
    pub warnings: Vec<String>,
}

/// Everything one `cargo judge scale` found.
#[derive(Debug, Clone)]
pub struct Scale {
    /// The problem's name, or the `--cmd` line outside a problem.
    pub problem: String,
    /// The generator's size flag, e.g. `--n`.
    pub size_flag: String,
    /// The largest size asked about (`--to`).
    pub to: u64,
    /// Seeds per size.
    pub seeds: u32,
    /// The time limit.
    pub time_limit: std::time::Duration,
    /// The memory limit in bytes.
    pub memory_limit_bytes: u64,
    /// The solution's series.
    pub main: Series,
    /// `--against`: the other program's series, on the same sizes.
    pub against: Option<Series>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn models_are_named_as_the_json_writes_them() {
        let names: Vec<&str> = Model::ALL.iter().map(|m| m.name()).collect();
        assert_eq!(
            names,
            [
                "1",
                "log n",
                "n",
                "n log n",
                "n sqrt n",
                "n^2",
                "n^2 log n",
                "n^3",
                "2^n"
            ]
        );
    }

    #[test]
    fn relative_growth_is_the_ratio_of_the_functions() {
        // f(2000) / f(1000) for each model, worked out by hand.
        let l1 = 1000f64.ln();
        let l2 = 2000f64.ln();
        let table = [
            (Model::Constant, 1.0),
            (Model::Log, l2 / l1),
            (Model::Linear, 2.0),
            (Model::LinearLog, 2.0 * l2 / l1),
            (Model::LinearSqrt, 2f64.powf(1.5)),
            (Model::Quadratic, 4.0),
            (Model::QuadraticLog, 4.0 * l2 / l1),
            (Model::Cubic, 8.0),
        ];
        for (model, expected) in table {
            let got = model.relative(2000.0, 1000.0);
            assert!(
                (got - expected).abs() < 1e-9,
                "{model:?}: {got} vs {expected}"
            );
        }
        // 2^n's ratio over 10 steps, without overflowing at large n.
        assert!((Model::Exponential.relative(1e6 + 10.0, 1e6) - 1024.0).abs() < 1e-3);
    }

    #[test]
    fn the_local_exponent_is_the_log_log_slope() {
        // Checked against the slope of ln f between n and 1.001 n.
        for model in Model::ALL {
            for n in [30.0, 1000.0, 1e6] {
                let slope = (model.ln_f(n * 1.001) - model.ln_f(n)) / 1.001f64.ln();
                let exact = model.exponent_at(n);
                assert!(
                    (slope - exact).abs() < 0.02 * exact.max(1.0),
                    "{model:?} at {n}"
                );
            }
        }
    }
}
